"""Issue 29's closing sweep (bench/sweep_inputs.py): each input that fell, as a test that failed before
its fix."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from tombspec.checks.oracle.trace import header
from tombspec.model.registry import get_ruleset

from .conftest import put, run_cli


@pytest.mark.parametrize("game", ["raiders", "egypt", "secrets", "tomb", "cryptmaster"])
def test_a_player_out_of_range_at_a_chance_point_is_bad_input_naming_the_line(game: str, tmp_path: Path) -> None:
    """At a chance point a player who is not at the table was a refusal ("player 99 may not act now"):
    the trace diverged (exit 1) instead of being malformed (exit 2)."""
    rs = get_ruleset(game)
    state = rs.initial_state()
    assert rs.pending(state).kind == "chance" or rs.chance(state) is not None, "the sweep's trace began by chance"
    outcome = rs.chance_outcomes(state)[0][0] if rs.chance_outcomes(state) else None
    action = rs.encode_action(outcome) if outcome is not None else {"kind": "x"}
    for player in (99, 10**30):
        trace = tmp_path / "t.jsonl"
        trace.write_bytes(orjson.dumps(header(rs)) + b"\n" + f'{{"action": {orjson.dumps(action).decode()}, '
                          f'"player": {player}}}\n'.encode())
        code, out, err = run_cli("verify", str(trace), "--workers", "1")
        assert code == 2 and f"{trace}:2" in out + err and "there is no player" in out + err


@pytest.mark.parametrize("game", ["secrets", "egypt"])
def test_a_set_table_with_a_key_of_its_own_is_refused(game: str, tmp_path: Path) -> None:
    """A header's ``board.set`` took any key (``"base": "~/.bashrc"``) and the trace conformed: a name in data
    that meant nothing, silently."""
    rs = get_ruleset(game)
    head = orjson.loads(orjson.dumps(header(rs)))
    head["board"]["set"]["base"] = "/etc/passwd"
    trace = put(tmp_path / "t.jsonl", [head, {"action": {"kind": "x"}}])
    code, out, err = run_cli("verify", str(trace), "--workers", "1")
    assert code == 2 and f"{trace}:1" in out + err and "[set]" in out + err and "root:" not in out + err


def test_a_vector_with_both_post_and_error_is_malformed(tmp_path: Path, rs) -> None:  # noqa: ANN001
    """A case holding both ``post.json`` and ``error.json`` was run by its manifest alone, the other file
    ignored: which one it means is a guess."""
    from tombspec.checks.oracle.vectors import make_vector

    v = make_vector(rs, rs.initial_state(), rs.decode_action({"kind": "move"}))   # refused: an error case
    case = v.write(tmp_path / "vectors")
    (case / "post.json").write_bytes((case / "pre.json").read_bytes())
    code, out, err = run_cli("vectors", "run", str(tmp_path / "vectors"), "--impl",
                             "python:tombspec.checks.oracle.conform:ModelAdapter")
    assert code == 2 and "post.json" in out + err and "never both" in out + err


@pytest.mark.parametrize("args, flag", [
    (["compare", "raiders", "--games", "2", "--workers", "1", "--b", '{"nonsense": 1}'], "--b:"),
    (["compare", "raiders", "--games", "2", "--workers", "1", "--b", "{}", "--a", '{"penny_cap": "sixx"}'], "--a:"),
    (["explore", "raiders", "--games", "1", "--workers", "1", "--options", '{"penny_cap": "sixx"}'], "--options:"),
    (["explain", "tomb", "--games", "1", "--steps", "10", "--options", '{"players": 99}'], "--options:"),
    (["conform", "--impl", "python:tombspec.checks.oracle.conform:ModelAdapter", "--game", "egypt", "--options",
      '{"players": 0}'], "--options:"),
])
def test_an_option_the_model_refuses_names_the_flag_it_came_from(args: list[str], flag: str) -> None:
    """They said ``<options>:``, and for compare not which configuration."""
    code, _, err = run_cli(*args)
    assert code == 2 and flag in err and "<options>" not in err


def test_an_unreachable_scheduler_names_the_flag() -> None:
    code, _, err = run_cli("explore", "raiders", "--games", "1", "--scheduler", "tcp://127.0.0.1:1")
    assert code == 2 and "--scheduler" in err


def test_check_refuses_a_board_file_that_is_no_board_before_any_work() -> None:
    """``check --severity error --board /etc/passwd`` ran the whole check and answered 0."""
    code, _, err = run_cli("check", "--game", "egypt", "--severity", "error", "--board", "/etc/passwd")
    assert code == 2 and "/etc/passwd" in err and "not a board of egypt" in err and "root:" not in err


def test_rules_of_an_empty_game_name_is_bad_input() -> None:
    """``tombspec rules ""`` listed every game's rules (exit 0), as if no game had been named."""
    code, _, err = run_cli("rules", "")
    assert code == 2 and "unknown game ''" in err
