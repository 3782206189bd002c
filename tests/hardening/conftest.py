"""Helpers of the hardening tests: the CLI in process, a small Raiders trace, a finished game."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import orjson
import pytest
from click.testing import CliRunner

from tombspec.checks.cli import main
from tombspec.checks.explore import explore
from tombspec.checks.oracle.conform import choose_action
from tombspec.checks.oracle.trace import TraceWriter, header
from tombspec.model.raiders import Raiders


def run_cli(*args: str, input: bytes | None = None) -> tuple[int, str, str]:
    """``tombspec ARGS`` in process: (exit code, stdout, stderr); a traceback fails the test."""
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"{result.exception!r}\n{result.output}"
    assert "Traceback" not in result.stdout + result.stderr
    return result.exit_code, result.stdout, result.stderr


def put(path: Path, rows: list[Any]) -> Path:
    path.write_bytes(b"".join(orjson.dumps(r, option=orjson.OPT_APPEND_NEWLINE) for r in rows))
    return path


def rows(path: Path) -> list[dict[str, Any]]:
    return [orjson.loads(x) for x in path.read_bytes().splitlines() if x.strip()]


@pytest.fixture(scope="session")
def rs() -> Raiders:
    return Raiders()


@pytest.fixture(scope="session")
def raiders_trace(tmp_path_factory: pytest.TempPathFactory, rs: Raiders) -> Path:
    path = tmp_path_factory.mktemp("trace") / "raiders.jsonl"
    with open(path, "wb") as out:
        explore(rs, 1, 0, writer=TraceWriter(out, "digest"))
    return path


@pytest.fixture(scope="session")
def sealed_game(rs: Raiders) -> list[dict[str, Any]]:
    """A whole Raiders game the Boss Monster ends by sealing the Tomb, as trace lines."""
    for seed in range(500):
        rng = random.Random(seed)
        state = rs.initial_state()
        lines: list[dict[str, Any]] = [header(rs)]
        while (choice := choose_action(rs, state, rng)) is not None:
            action, player, _ = choice
            state = rs.step(state, action, player)
            line: dict[str, Any] = {"action": rs.encode_action(action)}
            if player is not None:
                line["player"] = player
            lines.append(line)
        if state.outcome == "sealed":
            return orjson.loads(orjson.dumps(lines))
    raise AssertionError("no sealed game in 500 seeds")
