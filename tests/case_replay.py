"""Replaying a rulebook case (tests/cases/GAME/NAME.jsonl) to the refusal it claims, for the tests that
hold a refusal's rules to what the case's author read (tests/tomb/test_refusal_namings.py,
tests/cryptmaster/test_refusal_namings.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tombspec.checks.oracle.trace import configure, start_state
from tombspec.model.errors import IllegalAction

CASES = Path(__file__).resolve().parent / "cases"


def refused_at(case: str) -> IllegalAction:
    """Replay the rulebook case ``case`` (GAME/NAME) to the action it claims refused for its own rule
    (the header's ``x-rule``), and return that refusal."""
    path = CASES / f"{case}.jsonl"
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    head = lines[0]
    rs = configure(head["game"], head.get("options", {}), head.get("board"), source=str(path))
    state = start_state(rs, head["state"], source=str(path)) if "state" in head else rs.initial_state()
    for line in lines[1:]:
        action = rs.decode_action(line["action"])
        if line.get("error", {}).get("rule") == head["x-rule"]:
            with pytest.raises(IllegalAction) as err:
                rs.step(state, action, line.get("player"))
            return err.value
        if "error" not in line:
            state = rs.step(state, action, line.get("player"))
    raise AssertionError(f"{case} claims no refusal for {head['x-rule']}")
