"""The oracle's generic machinery on the toy game of tests/toy (several actors in priority and in any
order, a twelve-dice pool, a deck, hidden hands, carry-over), apart from any rulebook: explore writes
who made every decision, verify replays it and names the rule a wrong actor breaks, conform drives an
implementation and catches a mutant, vectors export and run."""

from __future__ import annotations

import io
import random
from pathlib import Path

import orjson
import pytest

from tombspec.checks.explore import explore
from tombspec.checks.oracle.conform import InProcess, ModelAdapter, conform
from tombspec.checks.oracle.trace import TraceWriter
from tombspec.checks.oracle.vectors import export, iter_cases, load_vector, run_tree
from tombspec.checks.oracle.verify import Verifier, VerifyReport
from tombspec.model import codec
from tombspec.model.play import playout

from toy import TOY, Toy, registered


@pytest.fixture(autouse=True)
def toy_registered():  # type: ignore[no-untyped-def]
    with registered():
        yield


def trace_of(games: int, **options: object) -> list[dict]:
    out = io.BytesIO()
    rs = Toy(options=options or None)
    report = explore(rs, games, seed=3, writer=TraceWriter(out, "digest"))
    assert report.problems == []
    return [orjson.loads(line) for line in out.getvalue().splitlines()]


def verified(lines: list[dict]) -> VerifyReport:
    v = Verifier()
    data = b"".join(orjson.dumps(x) + b"\n" for x in lines)
    v.verify_stream(io.BytesIO(data), "toy.jsonl")
    return v.report


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_toy_trace_names_who_decided_and_verifies(players: int) -> None:
    lines = trace_of(4, players=players)
    decisions = [x for x in lines if "action" in x and x["action"]["kind"] not in ("card", "dice")]
    assert decisions and all("player" in x for x in decisions)
    assert {x["player"] for x in decisions} == set(range(players))
    report = verified(lines)
    assert report.exit_code == 0 and report.games == 4 and report.conforming == 4


def test_a_decision_by_the_wrong_player_diverges_naming_the_turn_rule() -> None:
    lines = trace_of(1)
    react = next(i for i, x in enumerate(lines) if x.get("action", {}).get("kind") in ("pass", "steal"))
    wrong = [dict(x) for x in lines[:react + 1]]
    wrong[react]["player"] = lines[react - 1].get("player", 0)       # the roller answers their own roll
    report = verified(wrong)
    assert report.exit_code == 1
    d = report.divergences[0]
    assert d.kind == "rejected" and d.rule == "toy.react.order"


def test_a_player_named_at_a_chance_point_diverges() -> None:
    lines = trace_of(1)
    card = next(i for i, x in enumerate(lines) if x.get("action", {}).get("kind") == "card")
    wrong = [dict(x) for x in lines[:card + 1]]
    wrong[card]["player"] = 0
    assert verified(wrong).divergences[0].rule == "toy.turn.order"


def test_any_order_window_needs_the_player_named() -> None:
    rs = Toy()
    rng = random.Random(2)
    for action, player, state in playout(rs, rng):
        if state.phase == "ready":
            break
    assert rs.pending(state).mode == "any" and len(rs.pending(state).actors) == 3
    lines = [{"trace": "tombspec", "version": 1, "game": TOY, **rs.describe(), "state": rs.encode_state(state)},
             {"action": {"kind": "ready"}}]                         # who readies? the line does not say
    report = verified(lines)
    d = report.divergences[0]
    assert report.exit_code == 1 and d.rule == "toy.round.end" and "which one decides" in d.message


def test_what_a_player_sees_hides_the_others_hands() -> None:
    rs = Toy()
    for _, _, state in playout(rs, random.Random(1)):
        if state.phase == "turn" and all(p.hand for p in state.players):
            break
    view = rs.observe(state, 0)
    assert view["players"][0]["hand"] == list(state.players[0].hand)
    assert view["players"][1]["hand"] == len(state.players[1].hand) and view["deck"] == state.deck.total


def test_a_finished_game_sets_up_the_next() -> None:
    rs = Toy()
    for _, _, state in playout(rs, random.Random(5)):
        pass
    setup = rs.next_setup(state)
    again = rs.initial_state(setup)
    assert [p.coins for p in again.players] == [p.coins for p in state.players]


def test_explore_plays_campaigns_whose_later_games_start_from_their_setup_and_verify() -> None:
    out = io.BytesIO()
    report = explore(Toy(), 3, seed=4, writer=TraceWriter(out, "digest"), campaign=3)
    lines = [orjson.loads(line) for line in out.getvalue().splitlines()]
    headers = [x for x in lines if "trace" in x]
    assert report.problems == [] and report.games == 9 and report.campaign_games == 6
    assert [h["note"] for h in headers] == [f"game {n} of a campaign of 3" for n in (1, 2, 3)] * 3
    assert ["setup" in h for h in headers] == [False, True, True] * 3
    # a later game starts with the coins the game before ended with
    rs = Toy()
    assert rs.initial_state(codec.from_data(rs.setup_type, headers[1]["setup"])) != rs.initial_state()
    # a setup that is not one is bad input, named by line
    broken = [dict(x) for x in lines]
    broken[next(i for i, x in enumerate(broken) if "setup" in x)]["setup"] = {"nonsense": 1}
    assert verified(broken).exit_code == 2
    checked = verified(lines)
    assert checked.exit_code == 0 and checked.games == 9 and checked.conforming == 9


def test_a_campaign_of_a_game_that_does_not_carry_on_is_refused() -> None:
    from tombspec.checks.explore.games import carries_on
    from tombspec.model.errors import InvalidInput
    from tombspec.model.ruleset import get_ruleset

    rs = get_ruleset("raiders")
    assert not carries_on(rs) and carries_on(Toy())
    with pytest.raises(InvalidInput, match="does not carry on"):
        explore(rs, 1, seed=0, campaign=2)


def test_the_model_conforms_to_itself_and_a_mutant_is_caught() -> None:
    report = conform(InProcess(ModelAdapter()), [TOY], games=6, seed=1)
    assert report.failure is None and report.probes > 0, report.describe()

    class StealFromAnyone(ModelAdapter):
        """A Curse steals even when the rules say it may not (no Curse held)."""
        patches = [("toy:Toy.can_steal", lambda self, state, player: None)]

    caught = conform(InProcess(StealFromAnyone()), [TOY], games=20, seed=1)
    assert caught.failure is not None and caught.failure.mismatch.kind in ("accepted", "state", "crash")
    assert caught.failure.mismatch.action == {"kind": "steal"}


def test_vectors_export_and_run_for_the_toy(tmp_path: Path) -> None:
    report = export(tmp_path, [TOY], seed=0, games_per_config=2)
    cases = list(iter_cases(tmp_path))
    assert report.cases == len(cases) > 0 and report.illegal > 0
    assert any(load_vector(c).player is not None for c in cases)
    run = run_tree(tmp_path, InProcess(ModelAdapter()), game=TOY)
    assert run.exit_code == 0 and run.counts["pass"] == len(cases), run.counts
