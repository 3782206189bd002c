"""tombspec conform: the Node.js example conforms, every seeded bug is caught, and an implementation that
crashes, hangs, answers late or answers garbage is reported as such (exit 2), never hanging the oracle."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import time
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from tombspec.checks.cli import main
from tombspec.checks.oracle.conform import (ImplementationFailure, InProcess, ModelAdapter, ProcessImplementation,
                                     conform, ddmin, load_adapter)
from tombspec.checks.oracle.verify import verify

pytestmark = pytest.mark.long(seconds=35)   # scheduling only (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[2]
NODE_EXAMPLE = ROOT / "examples" / "raiders-node" / "server.js"
SEEDED = ROOT / "examples" / "raiders-python" / "seeded_bugs.py"
FAKE = Path(__file__).resolve().parent / "fake_impl.py"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node (Node.js) is not installed: the Node example cannot run")

DIVERGENCES = {"state", "rejected", "accepted", "wrong-rule"}
BUGS = ["BossTrackOffByOne", "TiesToAttacker", "AudacityOrderReversed", "GrailPennyNotReturned",
        "NaturalSixOnFivePennies", "RestRegainsGrailPenny", "PortalTwice", "BossMovesOnTheSameNumber"]
NODE_BUGS = ["ties-to-attacker", "grail-penny-kept", "boss-track-off-by-one", "natural-six-on-five",
             "rest-regains-grail-penny", "audacity-order-reversed", "portal-twice"]


def fake(mode: str, *more: str) -> str:
    return shlex.join([sys.executable, str(FAKE), mode, *more])


def node(*bugs: str) -> str:
    return shlex.join([NODE or "node", str(NODE_EXAMPLE), *[x for b in bugs for x in ("--bug", b)]])


def replay_diverges(trace: list[dict], tmp_path: Path) -> int:
    path = tmp_path / "shrunk.jsonl"
    path.write_bytes(b"".join(orjson.dumps(x, option=orjson.OPT_APPEND_NEWLINE) for x in trace))
    return verify([path]).exit_code


def test_the_model_conforms_to_itself_in_process() -> None:
    report = conform(InProcess(ModelAdapter()), ["raiders"], games=15, seed=2)
    assert report.exit_code == 0 and report.failure is None
    assert report.games == 15 and report.steps > 500 and report.probes > 50


@needs_node
@pytest.mark.parametrize("options, board, games", [
    (None, None, 30),
    ({"special_tiles": True, "audacity_advanced": True}, "special", 8),
    ({"special_tiles": True, "audacity_advanced": True, "audacity_advanced_attack": "after-roll-as-standard",
      "black_tile": "any-number", "failing_a_move_roll": "no-match"}, "special", 8),
    ({"five_or_six": "heads-only", "grail_holder_killed": "nobody-wins", "natural_six": "all-pennies"}, "small", 8),
    ({"penny_cap": "no-cap", "audacity_cap": "shared-six", "boss_encounter_chain": "one-room",
      "boss_number": "altered-roll", "escape_tile_or_space": "escape-tile"}, "large", 6),
    ({"back_one_full_tile": "next-tile-adjacent", "portal_second_visit": "no-entry",
      "start_escape_numbers": "printed-number", "shared_start_space": "start-exempt",
      "grail_gain_kills": "floor-one", "encounter_free_entry": "successful-roll"}, "standard", 8),
    # Every other reading's non-default value at least once (turn_start_order's five spread over the sets).
    ({"special_tiles": True, "useless_audacity": "refused", "natural_six_yellow_red": "heads-only",
      "yellow_red_encounter_rooms": "by-heads", "black_tile_encounter_audacity": "every-roll",
      "turn_start_order": "escape-encounter-attack"}, "special", 8),
    ({"special_tiles": True, "audacity_advanced": True, "black_tile_boosted_roll": "boost-allowed",
      "black_tile_encounter_audacity": "every-roll", "turn_start_order": "attack-escape-encounter"}, "special", 8),
    ({"grail_player_labels": "starting-values", "encounter_roll_timing": "same-turn",
      "forced_move_choice": "nearest-escape", "boss_tie_break": "current-player-chooses",
      "attack_audacity_target": "either-roll", "turn_start_order": "attack-encounter-escape"}, "standard", 10),
    ({"back_one_tile": "one-card-tile", "trapped_after_fail": "still-trapped", "spawn_traps": "only-moves-trap",
      "malfunction_first_tile": "stays", "portal_success_stay": "other-portal",
      "turn_start_order": "encounter-escape-attack"}, "small", 10),
    ({"boss_no_nearer_step": "stays", "large_or_extra_large": "touch-two-or-one",
      "turn_start_order": "encounter-attack-escape"}, "large", 2),
    ({"ahead_behind": "tile-order", "useless_audacity": "refused"}, "standard", 1),   # long games: one
    ({"boss_after_a_kill": "still-moves", "move_audacity": "at-least-needed",
      "boss_tie_break": "other-player-chooses", "monster_fail_audacity": "owed"}, "small", 10),
])
def test_the_node_example_conforms(options: dict | None, board: str | None, games: int) -> None:
    with ProcessImplementation(node()) as impl:
        report = conform(impl, ["raiders"], games=games, seed=11, options=options, board=board)
    assert report.failure is None, report.describe()
    assert report.exit_code == 0 and report.games == games


@needs_node
def test_the_cli_runs_the_node_example() -> None:
    result = CliRunner().invoke(main, ["conform", "--impl", node(), "--game", "raiders", "--games", "10", "--json"])
    assert result.exit_code == 0, result.output
    assert orjson.loads(result.stdout)["verdict"] == "conform"


@pytest.mark.parametrize("bug", BUGS)
def test_conform_catches_every_seeded_bug(bug: str, tmp_path: Path) -> None:
    impl = load_adapter(f"python:{SEEDED}:{bug}")
    report = conform(impl, ["raiders"], games=60, seed=0, shrink_replays=60)
    assert report.failure is not None, f"{bug} ({impl.adapter.RULE}) was not caught"
    m = report.failure.mismatch
    assert report.exit_code == 1 and m.kind in DIVERGENCES, report.describe()
    assert len(report.failure.actions) <= report.failure.original_length
    # The shrunk game is a replayable trace that verify judges the same way.
    assert replay_diverges(report.failure.trace, tmp_path) == 1


@needs_node
@pytest.mark.parametrize("bug", NODE_BUGS)
def test_conform_catches_every_seeded_bug_in_the_node_example(bug: str, tmp_path: Path) -> None:
    with ProcessImplementation(node(bug)) as impl:
        report = conform(impl, ["raiders"], games=60, seed=0, shrink_replays=25)
    assert report.exit_code == 1 and report.failure is not None, f"--bug {bug} was not caught"
    assert report.failure.mismatch.kind in DIVERGENCES
    assert replay_diverges(report.failure.trace, tmp_path) == 1


def test_ddmin_finds_a_one_minimal_failing_list() -> None:
    calls = []

    def fails(xs: list[int]) -> bool:
        calls.append(xs)
        return 3 in xs and 17 in xs

    assert ddmin(list(range(40)), fails, budget=lambda: True) == [3, 17]
    assert ddmin(list(range(40)), fails, budget=lambda: len(calls) < 3) != [3, 17]  # stops on budget


@pytest.mark.parametrize("mode, kind, words", [
    ("crash", "crash", "exited with code 3"),
    ("exit0", "crash", "exited with code 0"),
    ("hang", "timeout", "no answer"),
    ("late", "timeout", "no answer"),
    ("garbage", "garbage", "not JSON"),
    ("wrong-id", "garbage", "response to request"),
    ("no-result", "garbage", "not a JSON-RPC 2.0 response"),
    ("not-rpc", "garbage", "not a JSON-RPC 2.0 response"),
    ("bad-state", "garbage", "result of step"),
    ("noise", "garbage", "not JSON"),
    ("error", "error", "internal error"),
    ("bad-rule", "garbage", "does not name a rule"),
])
def test_a_misbehaving_implementation_is_reported_as_such(mode: str, kind: str, words: str) -> None:
    impl = ProcessImplementation(fake(mode, "5"), timeout=2)  # margin for a loaded CI machine; "late" answers after 3 s
    start = time.monotonic()
    report = conform(impl, ["raiders"], games=2, seed=0, shrink=False)
    impl.close()
    assert time.monotonic() - start < 30
    assert report.failure is not None and report.exit_code == 2, report.describe()
    m = report.failure.mismatch
    assert m.kind == kind and words in m.message, m.message
    assert m.step == 5
    if mode == "crash":
        assert "something broke" in m.message  # the child's last words on stderr
    assert impl.proc is None


def test_a_crash_is_shrunk_too_restarting_the_child(tmp_path: Path) -> None:
    impl = ProcessImplementation(fake("crash", "4"), timeout=2)
    report = conform(impl, ["raiders"], games=1, seed=0, shrink_replays=12)
    impl.close()
    f = report.failure
    assert report.exit_code == 2 and f.mismatch.kind == "crash" and f.shrink_tests > 0
    assert len(f.actions) == 4 and f.mismatch.step == 4  # it crashes on any fourth step
    assert "the implementation failed here" in f.trace[-1]["note"]


def test_a_bad_reset_answer_is_garbage() -> None:
    impl = ProcessImplementation(fake("bad-state", "0"), timeout=2)
    report = conform(impl, ["raiders"], games=1, seed=0)
    impl.close()
    assert report.exit_code == 2 and report.failure.mismatch.step == 0
    assert "result of reset" in report.failure.mismatch.message


def test_the_child_is_killed_at_the_end_even_when_it_hangs() -> None:
    impl = ProcessImplementation(fake("hang", "1"), timeout=0.3)
    with pytest.raises(ImplementationFailure):
        impl.reset("raiders", None, None)
        impl.step({"kind": "coin-toss", "winner": 0})
    pid = None
    if impl.proc is not None:
        pid = impl.proc.pid
    impl.close()
    assert impl.proc is None
    if pid is not None:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


@pytest.mark.parametrize("args, words", [
    (["--impl", "/no/such/program"], "cannot start"),
    (["--impl", "python:no_such_module:Thing"], "cannot load"),
    (["--impl", "python:nothing"], "python:MODULE:CLASS"),
    (["--impl", "x", "--game", "chess"], "no model for game 'chess'"),
    (["--impl", "x", "--options", "{\"penny_cap\": \"lots\"}"], "penny_cap"),
    (["--impl", "x", "--board", "nowhere"], "board"),
])
def test_conform_usage_errors_exit_2_with_a_reason(args: list[str], words: str) -> None:
    result = CliRunner().invoke(main, ["conform", "--games", "1", *args])
    assert result.exit_code == 2, result.output
    assert words in result.stderr and "Traceback" not in result.output


def test_the_cli_prints_the_shrunk_game_and_writes_it(tmp_path: Path) -> None:
    out = tmp_path / "fail.jsonl"
    result = CliRunner().invoke(main, ["conform", "--impl", f"python:{SEEDED}:TiesToAttacker", "--game", "raiders",
                                       "--games", "60", "--trace-out", str(out), "--shrink-seconds", "5"])
    assert result.exit_code == 1, result.output
    assert "DIVERGES" in result.stdout
    assert f"the replayable trace (tombspec verify judges it the same way): {out}" in result.stdout
    assert '"trace":"tombspec"' in out.read_text() and verify([out]).exit_code == 1
    result = CliRunner().invoke(main, ["conform", "--impl", fake("crash", "3"), "--games", "1", "--no-shrink"])
    assert result.exit_code == 2 and "crash" in result.stdout


def test_a_child_that_never_reads_cannot_block_the_oracle(tmp_path: Path) -> None:
    """A big message to a child that does not read fills the pipe: the write must not block the oracle."""
    script = tmp_path / "sleeper.py"
    script.write_text("import time\ntime.sleep(3600)\n")
    impl = ProcessImplementation(shlex.join([sys.executable, "-I", "-S", str(script)]), timeout=0.5,
                                 start_timeout=0.5)
    start = time.monotonic()
    with pytest.raises(ImplementationFailure) as err:
        impl.call("reset", {"padding": "x" * 1_000_000})
    impl.close()
    assert err.value.kind == "timeout" and time.monotonic() - start < 10


def test_a_game_the_implementation_declines_is_skipped_and_said_so() -> None:
    from tombspec.checks.oracle.conform import conform, open_implementation

    with open_implementation(fake("only", "raiders"), timeout=20) as impl:
        report = conform(impl, ["tomb", "raiders"], games=2, seed=0)
    assert report.exit_code == 0 and report.per_game == {"raiders": 2}
    assert "raiders only" in report.unsupported["tomb"]
    assert "skipped tomb:" in report.describe() and report.to_json()["unsupported"] == report.unsupported


def test_nothing_checked_because_every_game_was_declined_is_exit_2() -> None:
    result = CliRunner().invoke(main, ["conform", "--impl", fake("only", "tomb"), "--game", "raiders",
                                       "--games", "3"])
    assert result.exit_code == 2, result.output
    assert "skipped raiders" in result.output and "nothing checked" in result.output


def test_an_in_process_adapter_declines_by_raising_unsupported() -> None:
    from tombspec.checks.oracle.conform import Unsupported, conform

    class RaidersOnly(ModelAdapter):
        def reset(self, game, options, board, state=None):  # type: ignore[no-untyped-def]
            if game != "raiders":
                raise Unsupported(f"no {game} here")
            return super().reset(game, options, board, state)

    report = conform(InProcess(RaidersOnly(), timeout=20), ["egypt"], games=1, seed=0)
    assert report.exit_code == 2 and report.games == 0 and "no egypt here" in report.unsupported["egypt"]


# An option left unset (null): the step the rulebook does not settle is sent, and must be answered code 2.

UNSET = {"five_or_six": None, "boss_tie_break": None}


def test_an_unsettled_step_is_sent_and_answered_code_2_over_the_wire() -> None:
    from tombspec.checks.oracle.conform import conform, open_implementation

    with open_implementation(fake("ok"), timeout=20) as impl:
        report = conform(impl, ["raiders"], games=12, seed=4, options=UNSET)
    assert report.failure is None and report.exit_code == 0, report.describe()
    assert report.unspecified > 0 and report.games == 12
    # the report says where they stopped: the ambiguities of the unset options, game by game
    assert sum(report.unspecified_by.values()) == report.unspecified
    assert set(report.unspecified_by) <= {"raiders.ambiguity.five-or-six", "raiders.ambiguity.boss-tie-break"}
    assert "unspecified games stopped at: raiders.ambiguity." in report.describe()


def test_the_report_says_which_chosen_readings_the_games_reached() -> None:
    """A pass says nothing about a reading no game consulted: the report names the chosen readings the
    games reached (how often) and those they never did (the Portal's, with the Special Tiles off)."""
    from tombspec.checks.oracle.conform import conform

    options = {"five_or_six": "heads-only", "portal_second_visit": "no-entry"}
    report = conform(InProcess(ModelAdapter(), timeout=20), ["raiders"], games=4, seed=0, options=options)
    assert report.exit_code == 0, report.describe()
    assert report.readings["raiders"]["five_or_six = heads-only"] > 0
    assert not any(k.startswith("portal_second_visit") for k in report.readings["raiders"])
    assert report.unreached["raiders"] == ["portal_second_visit = no-entry"]
    text = report.describe()
    assert "readings other than the defaults the games reached: five_or_six = heads-only (" in text
    assert "no game reached (a pass says nothing about them): portal_second_visit = no-entry" in text
    assert report.to_json()["readings_never_reached"] == {"raiders": ["portal_second_visit = no-entry"]}


def test_a_reading_the_rules_read_as_an_attribute_counts_as_reached() -> None:
    """Cryptmaster's rules read ``rs.options.setup_class`` directly, never through read(): the report said
    no game reached the no-draw reading though it decides every starting Character's class cards (the
    Cryptmaster implementation's L7).  conform's games read their options through a Counted view."""
    from tombspec.checks.oracle.conform import conform

    report = conform(InProcess(ModelAdapter(), timeout=20), ["cryptmaster"], games=2, seed=0,
                     options={"setup_class": "no-draw"})
    assert report.exit_code == 0, report.describe()
    assert report.readings["cryptmaster"]["setup_class = no-draw"] > 0
    assert report.unreached["cryptmaster"] == []


def test_a_reading_left_null_in_tomb_s_family_stops_games_unspecified_never_a_crash() -> None:
    """conform --options '{"reshuffle": null}' on Cryptmaster ended in a traceback (NotAnAttrsClassError:
    Tomb's view of unset readings is no attrs class; the Cryptmaster implementation's L16): the games
    stop where the reading is needed, counted as unspecified, and the implementation is asked code 2."""
    from tombspec.checks.oracle.conform import conform

    report = conform(InProcess(ModelAdapter(), timeout=20), ["cryptmaster"], games=3, seed=0,
                     options={"reshuffle": None})
    assert report.exit_code == 0, report.describe()
    assert report.unspecified_by == {"cryptmaster.ambiguity.reshuffle-timing": report.unspecified}
    assert report.unspecified > 0 and report.unreached["cryptmaster"] == []


def test_a_counted_view_counts_attribute_reads_and_read_once() -> None:
    from tombspec.model.options import Counted, counting_reads, read
    from tombspec.model.raiders.options import RaidersOptions

    view = Counted(RaidersOptions(five_or_six="heads-only"))
    with counting_reads() as seen:
        assert view.five_or_six == "heads-only" and read(view, "five_or_six") == "heads-only"
        assert view.special_tiles is False                         # a variant, not a reading: not counted
    assert seen == {("five_or_six", "heads-only"): 2}
    assert view.five_or_six == "heads-only" and seen == {("five_or_six", "heads-only"): 2}   # closed


def test_counting_reads_counts_only_while_open_and_each_counter_alone() -> None:
    from tombspec.model.options import counting_reads, read
    from tombspec.model.raiders.options import RaidersOptions

    opts = RaidersOptions(five_or_six="heads-only")
    read(opts, "five_or_six")
    with counting_reads() as outer:
        with counting_reads() as inner:         # two empty counters are equal: each is closed by identity
            pass
        read(opts, "five_or_six")
        read(opts, "penny_cap")
    read(opts, "penny_cap")
    assert outer == {("five_or_six", "heads-only"): 1, ("penny_cap", "six"): 1} and not inner


def test_an_implementation_that_chooses_a_reading_silently_diverges() -> None:
    """An implementation given an unset option that plays on with the default reading chose what the
    rulebook leaves open: where the model has no answer, anything but code 2 is a divergence."""
    from tombspec.checks.oracle.conform import conform

    class Silent(ModelAdapter):
        def reset(self, game, options, board, state=None):  # type: ignore[no-untyped-def]
            return super().reset(game, {k: v for k, v in (options or {}).items() if v is not None}, board, state)

    report = conform(InProcess(Silent(), timeout=20), ["raiders"], games=12, seed=4, options=UNSET)
    assert report.exit_code == 1 and report.failure is not None
    m = report.failure.mismatch
    assert m.kind == "unspecified" and m.rule in ("raiders.ambiguity.five-or-six", "raiders.ambiguity.boss-tie-break")
    assert "chose a reading silently" in m.message and "code 2" in m.message


def test_code_2_must_name_an_unset_options_ambiguity() -> None:
    from tombspec.checks.oracle.conform import Undecided, conform

    class WrongAmbiguity(ModelAdapter):
        def step(self, action, player=None):  # type: ignore[no-untyped-def]
            try:
                return super().step(action, player)
            except Undecided:
                raise Undecided("raiders.ambiguity.penny-cap", "open") from None

    report = conform(InProcess(WrongAmbiguity(), timeout=20), ["raiders"], games=12, seed=4, options=UNSET)
    assert report.exit_code == 1 and report.failure.mismatch.kind == "unspecified"
    assert "no unset option settles" in report.failure.mismatch.message


def test_code_2_where_the_model_has_an_answer_is_a_failure(tmp_path: Path) -> None:
    from tombspec.checks.oracle.conform import conform, open_implementation

    reply = orjson.dumps({"jsonrpc": "2.0", "id": 2, "error": {"code": 2, "message": "open",
                                                               "data": {"ambiguity": "raiders.ambiguity.penny-cap"}}})
    model = ModelAdapter()
    state = model.reset("raiders", None, None)
    replies = tmp_path / "replies.jsonl"
    replies.write_bytes(orjson.dumps({"jsonrpc": "2.0", "id": 1, "result": state}) + b"\n" + reply + b"\n")
    with open_implementation(fake("replies", str(replies)), timeout=20) as impl:
        report = conform(impl, ["raiders"], games=1, seed=0, probe_rate=0.0)
    assert report.exit_code == 2 and report.failure.mismatch.kind == "error", report.describe()
    assert "code 2" in report.failure.mismatch.message


def test_code_2_without_its_ambiguity_is_garbage(tmp_path: Path) -> None:
    from tombspec.checks.oracle.conform import conform, open_implementation

    model = ModelAdapter()
    state = model.reset("raiders", None, None)
    replies = tmp_path / "replies.jsonl"
    replies.write_bytes(orjson.dumps({"jsonrpc": "2.0", "id": 1, "result": state}) + b"\n" + orjson.dumps(
        {"jsonrpc": "2.0", "id": 2, "error": {"code": 2, "message": "open"}}) + b"\n")
    with open_implementation(fake("replies", str(replies)), timeout=20) as impl:
        report = conform(impl, ["raiders"], games=1, seed=0, probe_rate=0.0)
    assert report.exit_code == 2 and report.failure.mismatch.kind == "garbage"
    assert "ambiguity" in report.failure.mismatch.message
