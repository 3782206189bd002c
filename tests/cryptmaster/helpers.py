"""States for the Cryptmaster rule tests, on the default example board "halls-of-the-cryptmaster":

    ###########      crypts a (1 card, L), b (1, R), c (1, LL), d (2, RR), f (2: door 6,2 L, door 7,2 RR),
    ##abcdffgg#      g (1, R); the Tomb entrance E at 1,2, the stairs S at 1,3, a Room at 9,2 and a
    #EABCDFFG1#      hazard at 3,3.  Doors: a 2,2 - b 3,2 - c 4,2 - d 5,2 - f 6,2 and 7,2 - g 8,2.
    #S.H#######
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from tombspec.model.cryptmaster import Cryptmaster
from tombspec.model.errors import IllegalAction

examples = importlib.import_module("tombspec.checks.games.tomb.examples")

DOOR = {"a": "2,2", "b": "3,2", "c": "4,2", "d": "5,2", "f": "6,2", "f-rr": "7,2", "g": "8,2"}


def ruleset(players: int = 3, board: Any = None, **options: Any) -> Cryptmaster:
    return Cryptmaster({"players": players, **options}, board)


def at(rs: Cryptmaster, parties: list[dict[str, Any]], crypts: dict[str, list[str]] | None = None, **kw: Any) -> Any:
    """A state at the start of ``current``'s turn; a card is left in Crypt g unless ``crypts`` says."""
    return examples.scenario(rs, parties, crypts if crypts is not None else {"g": ["Golden Chalice"]}, **kw)


def refused(rs: Any, state: Any, action: Any, player: int | None = None) -> str:
    with pytest.raises(IllegalAction) as err:
        rs.step(state, action, player)
    return err.value.rule_id


def actor(rs: Any, state: Any) -> int:
    return rs.pending(state).actors[0]


def step(rs: Any, state: Any, *actions: Any) -> Any:
    """Each action by the one player who must act (chance outcomes need no player)."""
    for a in actions:
        pending = rs.pending(state)
        state = rs.step(state, a, None if pending.is_chance else pending.actors[0])
    return state


def until(rs: Any, state: Any, kind: str, limit: int = 60) -> Any:
    """Play the first legal choice and the first chance outcome until a task of ``kind`` is next."""
    for _ in range(limit):
        if state.task is not None and state.task.kind == kind:
            return state
        pending = rs.pending(state)
        if pending.is_chance:
            state = rs.step(state, rs.chance(state).support()[0][0])
        elif pending.is_decision:
            state = rs.step(state, rs.legal_actions(state, pending.actors[0])[0], pending.actors[0])
        else:
            break
    raise AssertionError(f"no {kind} task came (at {state.task})")


def roll(state: Any, green: int = 0, blue: int = 0, red: int = 0) -> Any:
    from tombspec.model.tomb.actions import Roll

    return Roll(green, blue, red)
