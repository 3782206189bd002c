"""Issue 29 (hardening, round two): nesting, the compare chart's path, and the smaller causes."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from tombspec.checks.oracle.trace import header

from .conftest import run_cli

DEEP = 300          # between orjson's 255 levels and its parser's limit: it ended in a traceback


def test_a_trace_header_nested_too_deep_is_exit_2_naming_the_line(tmp_path: Path, rs) -> None:  # noqa: ANN001
    head = orjson.dumps(dict(orjson.loads(orjson.dumps(header(rs))), **{"x-deep": 0}))
    head = head.replace(b'"x-deep":0', b'"x-deep":' + b"[" * DEEP + b"]" * DEEP)
    trace = tmp_path / "t.jsonl"
    trace.write_bytes(head + b'\n{"action":{"kind":"coin-toss","winner":0}}\n')
    code, out, err = run_cli("verify", str(trace))
    assert code == 2 and f"{trace}:1" in out + err and "nested more than" in out + err


@pytest.mark.parametrize("command", [["explore", "raiders", "--games", "1"],
                                     ["conform", "--impl", "python:tombspec.checks.oracle.conform:ModelAdapter",
                                      "--game", "raiders", "--games", "1"]])
def test_options_nested_too_deep_are_exit_2(command: list[str], tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(b'{"x":' + b"[" * DEEP + b"]" * DEEP + b"}")
    code, _, err = run_cli(*command, "--options", str(path))
    assert code == 2 and "nested more than" in err


def test_a_vector_manifest_nested_too_deep_is_exit_2(tmp_path: Path, rs) -> None:  # noqa: ANN001
    from tombspec.checks.oracle.vectors import make_vector

    v = make_vector(rs, rs.initial_state(), rs.decode_action({"kind": "coin-toss", "winner": 0}))
    case = v.write(tmp_path / "vectors")
    raw = (case / "manifest.json").read_bytes().rstrip()
    (case / "manifest.json").write_bytes(raw[:-1] + b',"deep":' + b"[" * DEEP + b"]" * DEEP + b"}")
    code, out, err = run_cli("vectors", "run", str(tmp_path / "vectors"), "--impl",
                             "python:tombspec.checks.oracle.conform:ModelAdapter")
    assert code == 2 and "nested more than" in out + err and "manifest.json" in out + err


def test_duplicate_keys_in_options_are_refused_as_in_trace_lines() -> None:
    code, _, err = run_cli("explore", "raiders", "--games", "1", "--options",
                           '{"penny_cap": "cap-six", "penny_cap": "no-cap"}')
    assert code == 2 and "appears twice" in err


def test_compare_names_the_configuration_whose_json_is_bad() -> None:
    code, _, err = run_cli("compare", "raiders", "--b", "{bad", "--games", "2")
    assert code == 2 and "--b:" in err and "--options" not in err


def test_the_chart_is_written_to_exactly_the_path_given(tmp_path: Path) -> None:
    target = tmp_path / "chart"          # no .png: it used to become chart.png, reported as chart
    code, out, _ = run_cli("compare", "raiders", "--b", '{"policy": "greedy"}', "--games", "3", "--png",
                           str(target), "--workers", "1")
    assert code == 0 and target.read_bytes().startswith(b"\x89PNG") and not (tmp_path / "chart.png").exists()
    code, _, err = run_cli("compare", "raiders", "--b", '{"policy": "greedy"}', "--games", "3", "--png",
                           "/dev/full", "--workers", "1")
    assert code == 2 and "/dev/full" in err and not Path("/dev/full.png").exists()


def test_a_forged_also_in_error_json_is_malformed(tmp_path: Path, rs) -> None:  # noqa: ANN001
    """Issue 29, cause 12: a forged ``"also": ["egypt.x.y"]`` let an implementation that refuses for a
    rule that does not exist pass."""
    from tombspec.checks.oracle.vectors import make_vector

    state = rs.initial_state()
    bad = rs.decode_action({"kind": "move"})          # no move before the coin toss
    v = make_vector(rs, state, bad)
    case = v.write(tmp_path / "vectors")
    error = orjson.loads((case / "error.json").read_bytes())
    model = "python:tombspec.checks.oracle.conform:ModelAdapter"
    code, _, _ = run_cli("vectors", "run", str(tmp_path / "vectors"), "--impl", model)
    assert code == 0
    (case / "error.json").write_bytes(orjson.dumps(dict(error, also=[*error.get("also", []), "raiders.x.y"])))
    code, out, err = run_cli("vectors", "run", str(tmp_path / "vectors"), "--impl", model)
    assert code == 2 and "raiders.x.y" in out + err and "error.json" in out + err


@pytest.mark.parametrize("game", ["tomb", "cryptmaster"])
def test_a_trace_header_never_makes_tombspec_read_a_file_of_its_choosing(game: str, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29, cause 6: an inline board whose cards is '/etc/passwd' was read, 'evil.toml' in the working
    folder was loaded and conformed, and a missing path was answered differently (telling whether a file
    exists).  Now each is refused with the same words; the shipped set still plays."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "evil.toml").write_text("x = 1\n")
    trace = tmp_path / "t.jsonl"
    assert run_cli("explore", game, "--games", "1", "--seed", "1", "--trace", str(trace), "--workers", "1")[0] == 0
    lines = trace.read_bytes().splitlines()
    answers = []
    for cards in ("/etc/passwd", "evil.toml", "missing.toml"):
        head = orjson.loads(lines[0])
        head["board"]["cards"] = cards
        forged = tmp_path / "forged.jsonl"
        forged.write_bytes(orjson.dumps(head) + b"\n" + lines[1] + b"\n")
        code, out, err = run_cli("verify", str(forged))
        assert code == 2 and "may name only shipped" in err, err
        answers.append(err.replace(cards, "<path>"))
    assert len(set(answers)) == 1, "the answer does not tell whether the file exists"
    assert run_cli("verify", str(trace))[0] == 0


def test_a_campaign_of_a_game_that_does_not_carry_on_is_refused() -> None:
    """Issue 29, cause 15: ``explore cryptmaster --campaign 3`` was accepted and played no campaign
    (Cryptmaster has none; nor have Secrets, Egypt and Raiders); Tomb's still plays."""
    for game in ("cryptmaster", "raiders"):
        code, _, err = run_cli("explore", game, "--campaign", "3", "--games", "1")
        assert code == 2 and "does not carry on" in err, game
    code, out, _ = run_cli("explore", "tomb", "--campaign", "2", "--games", "1", "--workers", "1")
    assert code in (0, 1) and "1 set up from the game before" in out


@pytest.mark.parametrize("command", [["compare", "raiders", "--b", "{}", "--games", "99999999999"],
                                     ["explain", "raiders", "--games", "99999999999"],
                                     ["explain", "raiders", "--steps", "99999999999"]])
def test_counts_have_an_upper_bound(command: list[str]) -> None:
    """Issue 29, cause 15: compare --games, explain --games and --steps had no upper bound."""
    code, _, err = run_cli(*command)
    assert code == 2 and "range" in err


def test_more_workers_than_the_machine_can_use_are_refused() -> None:
    """Issue 29, cause 15: 32 workers on 2 cores started 34 processes (1.3 GB), no faster."""
    from tombspec.checks.parallel import max_workers

    code, _, err = run_cli("explore", "raiders", "--games", "1", "--workers", str(max_workers() + 1))
    assert code == 2 and f"at most {max_workers()}" in err


@pytest.mark.parametrize("game", ["secrets", "tomb", "cryptmaster", "egypt", "raiders"])
def test_a_player_who_is_not_in_the_game_is_placed_at_his_line(game: str, tmp_path: Path) -> None:
    """Issue 29, cause 9: "there is no player 99 in a 2-player game" named no file and line (every
    game, also under --json)."""
    trace = tmp_path / "t.jsonl"
    code, _, _ = run_cli("explore", game, "--games", "1", "--workers", "1", "--trace", str(trace))
    lines = trace.read_bytes().splitlines()
    at = next(i for i, raw in enumerate(lines) if b"\"player\"" in raw)
    obj = orjson.loads(lines[at])
    obj["player"] = 99
    trace.write_bytes(b"\n".join([*lines[:at], orjson.dumps(obj)]) + b"\n")
    code, out, err = run_cli("verify", str(trace))
    assert code == 2 and f"{trace}:{at + 1}: there is no player 99" in out + err
    code, out, _ = run_cli("verify", str(trace), "--json")
    assert code == 2 and orjson.loads(out)["malformed"][0].startswith(f"{trace}:{at + 1}: there is no player 99")


def test_a_header_setup_for_another_player_count_is_placed_at_its_line(tmp_path: Path) -> None:
    """Issue 29, cause 9: "<setup>: the setup carries 1 tallies into a 3-player game" named no line."""
    trace = tmp_path / "t.jsonl"
    run_cli("explore", "tomb", "--games", "1", "--campaign", "2", "--workers", "1", "--trace", str(trace))
    lines = trace.read_bytes().splitlines()
    at = next(i for i, raw in enumerate(lines) if b'"setup"' in raw and b'"trace"' in raw)
    obj = orjson.loads(lines[at])
    obj["setup"] = {"tally": [1]}
    trace.write_bytes(b"\n".join([*lines[:at], orjson.dumps(obj), *lines[at + 1:at + 3]]) + b"\n")
    code, out, _ = run_cli("verify", str(trace), "--json")
    assert code == 2 and orjson.loads(out)["malformed"][0].startswith(f"{trace}:{at + 1}: the setup carries 1 tallies")
