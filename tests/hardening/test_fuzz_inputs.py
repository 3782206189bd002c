"""Issue 13: hypothesis attacks trace headers, board files and the CLI's numbers.  Whatever it makes,
tombspec exits 0, 1 or 2, prints no traceback and finishes within a time limit (an alarm: a hang fails
the example).  Bounded by the hypothesis profile (``ci``: derandomised; ``deep`` for a long run)."""

from __future__ import annotations

import json
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tombspec.checks.cli import main
from tombspec.checks.oracle.trace import header
from tombspec.model.raiders import Raiders
from tombspec.model.raiders.board import shipped_boards

LIMIT = 60          # seconds one invocation may take
RS = Raiders()
HEADER = orjson.loads(orjson.dumps(header(RS)))
FIRST = {"action": {"kind": "coin-toss", "winner": 0}}
SMALL = shipped_boards()["small"].read_text()
MODEL = "python:tombspec.checks.oracle.conform:ModelAdapter"


def fewer(n: int) -> int:
    """A share of the profile's examples (each example runs the CLI)."""
    return max(5, settings().max_examples // n)


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    def hung(signum: int, frame: Any) -> None:
        raise TimeoutError(f"tombspec took longer than {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def invoke(*args: str) -> tuple[int, str]:
    with deadline(LIMIT):
        result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    output = result.stdout + result.stderr
    assert "Traceback" not in output, output[-2000:]
    assert result.exit_code in (0, 1, 2), (result.exit_code, output[-2000:])
    return result.exit_code, output


json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
                         st.text(max_size=30))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)), max_leaves=12)
header_keys = st.sampled_from(["trace", "version", "game", "options", "board", "state", "setup", "claim",
                               "seed", "index", "note", "incomplete", "option", "x-meta", "action"])


@settings(max_examples=fewer(1), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=st.dictionaries(header_keys, st.one_of(json_values, st.sampled_from(
    ["raiders", "small", "/dev/zero", "../spec/boards/raiders-small.toml", 1, True])), max_size=3),
       drop=st.sets(st.sampled_from(["trace", "version", "game", "options", "board"]), max_size=2))
def test_header_fields(edits: dict[str, Any], drop: set[str]) -> None:
    head = {k: v for k, v in {**HEADER, **edits}.items() if k not in drop}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.jsonl"
        path.write_text(json.dumps(head) + "\n" + json.dumps(FIRST) + "\n")
        invoke("verify", str(path))


board_lines = SMALL.splitlines()
token = st.sampled_from(["1", "2", "6", "7", "M", "T", "P", "S", "E", "E3", ".", "x", "", "0"])


@st.composite
def board_texts(draw: Any) -> str:
    lines = list(board_lines)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "replace-value", "row", "junk"]))
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "replace-value" and "=" in lines[i]:
            key = lines[i].split("=")[0]
            value = draw(st.sampled_from(["5", "true", "-1", "99999999", '"x"', "[]", "{}", "1.5", "[[[1]]]"]))
            lines[i] = f"{key}= {value}"
        elif kind == "row" and lines[i].strip().startswith('"'):
            row = " ".join(draw(st.lists(token, min_size=0, max_size=6)))
            lines[i] = f'  "{row}",'
        else:
            lines.insert(i, draw(st.text(max_size=20)))
    return "\n".join(lines) + "\n"


@settings(max_examples=fewer(1), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=board_texts())
def test_board_files(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "b.toml"
        path.write_text(text)
        invoke("explore", "raiders", "--games", "1", "--max-steps", "200", "--board", str(path))


numbers = st.one_of(st.sampled_from(["nan", "inf", "-inf", "1e20", "1e308", "-1", "0", "", "0x10", "1_0",
                                     "100000000000000000000", " 2", "2.0", "--", "-0"]),
                    st.floats().map(repr), st.integers(-3, 3).map(str))


@settings(max_examples=fewer(2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(option=st.sampled_from(["--timeout", "--probe-rate", "--shrink-seconds", "--games", "--max-steps",
                               "--seed"]), value=numbers)
def test_conform_numbers(option: str, value: str) -> None:
    args = ["conform", "--impl", MODEL, "--game", "raiders", "--games", "1", "--max-steps", "50"]
    invoke(*args, f"{option}={value}")


@settings(max_examples=fewer(2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(option=st.sampled_from(["--games", "--max-steps", "--seed"]), value=numbers)
def test_explore_numbers(option: str, value: str) -> None:
    if option == "--games" and value.strip().lstrip("-+").isdigit() and int(value) > 3:
        value = "3"      # a valid large count is a long run, not an attack
    invoke("explore", "raiders", "--max-steps", "200", "--games", "1", f"{option}={value}")
