"""Small boards and states for the Tomb rule tests (built on the worked examples' helpers)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from tombspec.model.errors import IllegalAction

examples = importlib.import_module("tombspec.checks.games.tomb.examples")


class Replay(examples.Replay):
    """The examples' Replay, failing the test at the first refused step."""

    def __call__(self, *actions: Any) -> "Replay":
        super().__call__(*actions)
        assert self.error is None, self.error
        return self

example_board = examples.example_board
ruleset = examples.ruleset
scenario = examples.scenario
ONE_CRYPT = examples.ONE_CRYPT
TWO_CRYPTS = examples.TWO_CRYPTS


def two_crypts(**options: Any) -> Any:
    """Two Crypts (a: five cards, L; b: one card, R) off one Hallway, two players by default."""
    players = options.pop("players", 2)
    return ruleset(players, example_board(TWO_CRYPTS, crypts=[{"id": "a", "capacity": 5, "cm": "L"},
                                                             {"id": "b", "capacity": 1, "cm": "R"}]), **options)


def at(rs: Any, parties: list[dict[str, Any]], crypts: dict[str, list[str]] | None = None, **kw: Any) -> Any:
    """``scenario`` with a card left in a Crypt (by default a Giant Rat in Crypt b), so that the game
    goes on after the turn."""
    return scenario(rs, parties, crypts if crypts is not None else {"b": ["Giant Rat"]}, **kw)


def refused(rs: Any, state: Any, action: Any, player: int | None = None) -> str:
    """The rule id ``step`` names when it refuses ``action``."""
    with pytest.raises(IllegalAction) as err:
        rs.step(state, action, player)
    return err.value.rule_id


def play_first(rs: Any, state: Any, until: Any, limit: int = 500) -> Any:
    """Play the first legal choice and the first chance outcome until ``until(state)``."""
    for _ in range(limit):
        if until(state) or rs.is_terminal(state):
            return state
        pending = rs.pending(state)
        if pending.is_chance:
            state = rs.step(state, rs.chance(state).support()[0][0])
        else:
            state = rs.step(state, rs.legal_actions(state)[0], pending.actors[0])
    raise AssertionError("the condition never came")
