"""Coverage-driven play: ``--policy coverage`` reaches what uniform play on the shipped boards never
does (escapes, kills, every kind of room), and conform's report ends with the rules never exercised."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tombspec.checks.oracle.conform import ActionPool, InProcess, ModelAdapter, choose_action, conform
from tombspec.model.errors import InvalidInput
from tombspec.model.play import make_policy
from tombspec.model.ruleset import get_ruleset


def _play(policy_name: str, games: int, board: str = "standard") -> tuple[Counter, set, set, int]:
    """Games as conform plays them (its seeds, its choice of actions, no probes): the outcomes, the kinds
    of space and the tile colours Raiders stood on, and the first game that escaped."""
    rs = get_ruleset("raiders", board=board)
    policy = make_policy(policy_name)
    pool = ActionPool(rs)
    outcomes: Counter = Counter()
    kinds: set = set()
    colours: set = set()
    first_escape = -1
    for i in range(games):
        rng = random.Random(f"0:{i}")
        getattr(policy, "new_game", lambda: None)()
        state = rs.initial_state()
        for _ in range(5000):
            choice = choose_action(rs, state, rng, pool, 0.0, policy)
            if choice is None:
                break
            action, player, _ = choice
            state = rs.step(state, action, player)
            for r in state.raiders:
                if r.position is not None:
                    space = rs.board.spaces[r.position]
                    kinds.add(space.kind)
                    colours.add(space.colour)
        outcomes[state.outcome] += 1
        if state.outcome == "escaped" and first_escape < 0:
            first_escape = i
    return outcomes, kinds, colours, first_escape


def test_coverage_reaches_escapes_kills_and_every_room_on_the_standard_board() -> None:
    rs = get_ruleset("raiders", board="standard")
    outcomes, kinds, colours, first = _play("coverage", 200)
    assert outcomes["escaped"] > 0 and outcomes["killed"] > 0, outcomes
    assert {"monster", "trap", "portal", "escape"} <= kinds
    assert colours == {s.colour for s in rs.board.spaces.values()}


def test_uniform_play_does_not() -> None:
    """What the policy is for: uniform play on the same board and seeds never ends but sealed."""
    outcomes, _, _, _ = _play("uniform", 60)
    assert set(outcomes) == {"sealed"}


def test_coverage_on_the_special_board_enters_every_tile_colour() -> None:
    rs = get_ruleset("raiders", board="special")
    _, _, colours, _ = _play("coverage", 40, board="special")
    assert colours == {s.colour for s in rs.board.spaces.values()} and len(colours) > 1


def test_conform_reports_policy_speed_and_rules_never_exercised() -> None:
    report = conform(InProcess(ModelAdapter()), ["raiders"], games=4, seed=0, policy="coverage", coverage=True)
    assert report.exit_code == 0 and report.policy == "coverage"
    cov = report.to_json()["rule_coverage"]["raiders"]
    assert 0 < cov["exercised"] <= cov["formalised"]
    assert len(cov["not_exercised"]) == cov["formalised"] - cov["exercised"]
    # the set-up rules are exercised by building the board and the start (a reset), not by a step
    assert not [r for r in cov["not_exercised"] if r.startswith("raiders.setup.")]
    text = report.describe()
    assert "steps/s; policy coverage" in text and "rule coverage (raiders):" in text
    assert report.steps_per_second > 0


def test_unknown_policy_lists_the_known_ones() -> None:
    with pytest.raises(InvalidInput, match="known: uniform, greedy, coverage"):
        make_policy("clever")


def test_vectors_export_one_configuration_with_a_policy(tmp_path) -> None:
    from tombspec.checks.oracle.vectors import export

    report = export(tmp_path, ["raiders"], games_per_config=1, config="default-standard", policy="coverage")
    assert report.resets == 1 and report.games == 1 and report.legal > 0
    with pytest.raises(InvalidInput, match="known: default-"):
        export(tmp_path / "x", ["raiders"], games_per_config=1, config="nosuch")
