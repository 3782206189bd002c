"""The command line: output, determinism, and exit 2 (never a traceback) on bad input."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from tombspec.checks.cli import main
from tombspec.spec import load_catalog


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def test_version() -> None:
    code, out, _ = run("--version")
    assert code == 0 and "tombspec" in out


def test_rules_json_lists_the_catalog() -> None:
    code, out, _ = run("rules", "raiders", "--json")
    rows = orjson.loads(out)
    assert code == 0 and len(rows) == len(load_catalog("raiders").rules)
    assert {"id", "game", "section", "kind", "title", "quote"} <= set(rows[0])


def test_rules_search_and_other_listings() -> None:
    code, out, _ = run("rules", "--search", "Holy Grail", "--json")
    rows = orjson.loads(out)
    assert code == 0 and rows and all("holy grail" in (r["quote"] + r["title"]).lower() for r in rows)
    for flag in ("--ambiguities", "--tables", "--components", "--sections"):
        code, out, _ = run("rules", "tomb", flag, "--json")
        assert code == 0 and orjson.loads(out), flag


def test_invalid_rules_unknown_game() -> None:
    code, _, err = run("rules", "chess")
    assert code == 2 and "unknown game 'chess'" in err


def test_explore_same_seed_same_trace(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (a, b):
        code, out, _ = run("explore", "raiders", "--games", "5", "--seed", "3", "--trace", str(path))
        assert code == 0 and "0 problem(s)" in out
    assert a.read_bytes() == b.read_bytes()
    lines = a.read_bytes().splitlines()
    headers = [orjson.loads(x) for x in lines if b'"trace"' in x]
    assert len(headers) == 5 and headers[0]["game"] == "raiders" and headers[0]["version"] == 1


def test_explore_json_report() -> None:
    code, out, _ = run("explore", "raiders", "--games", "3", "--seed", "1", "--json")
    data = orjson.loads(out)
    assert code == 0 and data["games"] == 3 and data["steps"] > 0 and data["problems"] == []


@pytest.mark.parametrize("args, needle", [
    (("explore", "raiders", "--games", "0"), "--games"),
    (("explore", "chess"), "no model for game 'chess'"),
    (("explore", "raiders", "--options", "{not json"), "not valid JSON"),
    (("explore", "raiders", "--options", '{"five_or_six": "sevens"}'), "five_or_six"),
    (("explore", "raiders", "--options", '{"colour": 1}'), "unknown option"),
    (("explore", "raiders", "--board", "/nonexistent/board.toml"), "/nonexistent/board.toml"),
    (("check", "--game", "chess"), "unknown game"),
])
def test_invalid_input_exits_2(args: tuple[str, ...], needle: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and needle in (out + err) and "Traceback" not in (out + err)


def test_invalid_board_file_names_file_and_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\n[board]\nname = "x"\n[[tiles]]\nid = "a"\nrows = ["S 7 E"]\n'
                   '[[placements]]\ntile = "a"\n')
    code, _, err = run("explore", "raiders", "--board", str(bad))
    assert code == 2 and str(bad) in err and "'7' is not a space token" in err
    bad.write_text("format = 1\n[board\n")
    code, _, err = run("check", "--game", "raiders", "--board", str(bad), "--games", "0")
    assert code == 2 and "not valid TOML" in err


def test_check_json_report_for_raiders() -> None:
    code, out, _ = run("check", "--game", "raiders", "--json", "--games", "5")
    data = orjson.loads(out)
    assert code == 0
    assert data["proofs"] and all({"game", "invariant", "transition", "result"} <= set(p) for p in data["proofs"])
    assert all(p["result"] == "proved" for p in data["proofs"])
    found = {f["id"]: f for f in data["findings"]}
    # the derived labels restate the recorded question: one finding, the detector's result its evidence
    labels = found["raiders.ambiguity.grail-player-labels"]
    assert [e["finding"] for e in labels["evidence"]] == ["raiders.derived.grail-player-labels"]
    assert "raiders.derived.grail-player-labels" not in found
    assert all({"id", "game", "kind", "severity", "rules", "summary", "evidence", "quotes"} <= set(f)
               for f in data["findings"])
    assert [f["severity"] for f in data["findings"]] == sorted(
        (f["severity"] for f in data["findings"]), key=["error", "contradiction", "open-question", "note"].index)
    catalog = load_catalog("raiders")
    assert all(r in catalog for f in data["findings"] for r in f["rules"])
    assert all(q["quote"] == catalog.get(q["rule"]).quote for f in data["findings"] for q in f["quotes"]
               if not q.get("see"))


def test_prob_tables_are_exact_and_sum_sensibly() -> None:
    code, out, _ = run("prob", "raiders", "--json")
    data = orjson.loads(out)
    assert code == 0
    from fractions import Fraction

    five = data["five_or_six_by_pennies_and_audacity"]
    assert five["4"]["0"] == "0" and Fraction(five["6"]["0"]) == Fraction(14, 64)
    assert Fraction(five["6"]["1"]) > Fraction(five["6"]["0"])
    code, out, _ = run("prob", "egypt", "--json")
    for layout in orjson.loads(out).values():
        assert sum(Fraction(v) for v in layout.values()) == 1


def _commands(group, prefix=()):
    import click

    for name, command in group.commands.items():
        yield (*prefix, name)
        if isinstance(command, click.Group):
            yield from _commands(command, (*prefix, name))


@pytest.mark.parametrize("command", [" ".join(c) for c in _commands(main)])
def test_every_command_prints_its_help(command: str) -> None:
    """``--help`` on every command and subcommand: exit 0 and its usage, whatever click's version
    (click 8.2 changed how a parameter type's metavar is asked for, and ``explore --help`` was a
    traceback)."""
    code, out, _ = run(*command.split(), "--help")
    assert code == 0 and "Usage:" in out, command
