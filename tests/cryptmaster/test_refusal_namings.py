"""Which rule a Cryptmaster refusal names, where the rulebook cases read another passage than the model did
(tests/cases/README.md): a Move into a Crypt that holds cards, the Inn as PvP's Return to the Inn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tombspec.checks.oracle.trace import configure, start_state
from tombspec.model.errors import IllegalAction

CASES = Path(__file__).resolve().parents[1] / "cases"


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


def test_invalid_move_into_a_crypt_with_cards_names_empty_crypt_is_hallway() -> None:
    # "When a crypt has no cards, it is considered a hallway space for card effects and movement": crypt b
    # (one card) is beside its Door, so adjacency does not forbid it; its cards do
    err = refused_at("cryptmaster/37-move-into-empty-crypt")
    assert err.rules == ("cryptmaster.tomb.empty-crypt-is-hallway", "cryptmaster.move.up-to-ten")


def test_invalid_pvp_return_to_the_inn_lists_no_return_to_inn() -> None:
    # both sentences of the PvP Special Rules forbid the Inn: "it may never return to the Inn for any reason"
    err = refused_at("cryptmaster/78-pvp-return-to-inn-moves-instead")
    assert err.rules == ("cryptmaster.pvp.inn-effects-move-20", "cryptmaster.pvp.no-return-to-inn")
