"""Failures one can read: a seeded bug's divergence shrinks to a few actions, printed as a table (step,
actor, action, the fields that differ) with the replayable trace alongside; no shrink line when nothing
was shrunk; unknown names answered with the known ones."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from click.testing import CliRunner

from tombspec.checks.cli import main
from tombspec.checks.oracle.conform import InProcess, conform
from tombspec.checks.oracle.verify import verify

ROOT = Path(__file__).resolve().parents[2]
SEEDED = ROOT / "examples" / "raiders-python" / "seeded_bugs.py"


def _bugs():
    spec = importlib.util.spec_from_file_location("raiders_seeded_bugs_guide", SEEDED)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: the seeded bugs a short game shows (the Boss's track and moves, and a second Portal use, need
#: rounds of play before they can show at all)
TYPICAL = ("TiesToAttacker", "GrailPennyNotReturned", "AudacityOrderReversed", "NaturalSixOnFivePennies",
           "RestRegainsGrailPenny")


@pytest.mark.parametrize("name", TYPICAL)
def test_a_seeded_bug_shrinks_to_at_most_ten_actions(name: str, tmp_path: Path) -> None:
    report = conform(InProcess(getattr(_bugs(), name)()), ["raiders"], games=60, seed=0)
    f = report.failure
    assert f is not None and report.exit_code == 1
    assert len(f.actions) <= 10 < f.original_length or len(f.actions) == f.original_length <= 10
    # the shrunk game still diverges when verify replays it
    trace = tmp_path / "shrunk.jsonl"
    import orjson

    trace.write_bytes(b"".join(orjson.dumps(x, option=orjson.OPT_APPEND_NEWLINE) for x in f.trace))
    assert verify([str(trace)]).exit_code == 1
    report.trace_path = str(trace)
    text = report.describe()
    lines = text.splitlines()
    assert lines[2].split()[:4] == ["step", "actor", "action", "what"] or "step" in text
    assert f"the replayable trace (tombspec verify judges it the same way): {trace}" in text
    assert len(lines) <= 40                 # one screen
    if f.mismatch.kind == "state":
        assert f"{f.mismatch.fields[0].path}:" in text
        # what the model's step did to each differing field: set by a rule, or left as it was
        assert set(f.mismatch.set_by) == {d.path for d in f.mismatch.fields}
        flat = " ".join(text.split())
        assert "(set by " in flat or "(the model leaves it)" in flat


def test_no_shrink_line_when_nothing_was_shrunk() -> None:
    report = conform(InProcess(_bugs().TiesToAttacker()), ["raiders"], games=60, seed=0, shrink=False)
    assert report.failure is not None and "shrunk from" not in report.describe()


def test_unknown_board_lists_the_shipped_ones() -> None:
    result = CliRunner().invoke(main, ["conform", "--impl", f"python:{SEEDED}:TiesToAttacker", "--game",
                                       "raiders", "--board", "nosuch"])
    assert result.exit_code == 2
    assert "shipped: large, small, special, standard" in result.output
    explored = CliRunner().invoke(main, ["explore", "raiders", "--board", "nosuch", "--games", "1"])
    assert explored.exit_code == 2 and "shipped: large, small, special, standard" in explored.output


def test_a_board_file_is_read_once_into_its_data_for_conform_explain_and_explore(tmp_path: Path) -> None:
    """--board FILE: the file is read on the command line and its data sent (the reset carries a
    board's data, never a path), so conform, explain and explore all take one (conform once refused it:
    'a trace or vector names a shipped board ... never a file path'); a bad file is bad input naming it."""
    import shutil

    board = tmp_path / "mine.toml"
    shutil.copy(ROOT / "spec" / "boards" / "raiders-small.toml", board)
    model = "python:tombspec.checks.oracle.conform:ModelAdapter"
    result = CliRunner().invoke(main, ["conform", "--impl", model, "--game", "raiders", "--games", "2",
                                       "--board", str(board), "--json"])
    assert result.exit_code == 0, result.output
    assert CliRunner().invoke(main, ["explain", "raiders", "--board", str(board), "--steps", "200"]).exit_code == 0
    trace = tmp_path / "t.jsonl"
    explored = CliRunner().invoke(main, ["explore", "raiders", "--board", str(board), "--games", "1",
                                         "--trace", str(trace)])
    assert explored.exit_code == 0, explored.output
    assert str(board) not in trace.read_text() and verify([str(trace)]).exit_code == 0
    (tmp_path / "bad.toml").write_text("rows = [")
    bad = CliRunner().invoke(main, ["conform", "--impl", model, "--game", "raiders", "--board",
                                    str(tmp_path / "bad.toml")])
    assert bad.exit_code == 2 and "bad.toml" in bad.output and "Traceback" not in bad.output


def test_unknown_policy_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["conform", "--impl", f"python:{SEEDED}:TiesToAttacker", "--policy", "x"])
    assert result.exit_code == 2 and "uniform" in result.output


def test_a_refused_probe_before_the_divergence_is_marked_as_one() -> None:
    """A probe the implementation refused as the model does is part of the shrunk game; the table says so,
    so that a chance outcome or a decision out of turn in mid-game is not read as a corrupt game."""
    report = conform(InProcess(_bugs().TiesToAttacker()), ["raiders"], games=60, seed=0, probe_rate=0.6,
                     shrink=False)
    f = report.failure
    assert f is not None
    refused = [n for n, line in enumerate(f.trace[1:], 1) if "error" in line and n != f.mismatch.step]
    assert refused, "no refused probe in the failing game"
    rows = f.steps_table().splitlines()
    marked = [r for r in rows if "(probe, refused: " in r]
    assert len(marked) >= len(refused) > 0
