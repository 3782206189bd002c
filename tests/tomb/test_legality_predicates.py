"""Legality by predicate: a step checks an action with the task kind's ``allows`` (asking only what
could list it) instead of building the whole list; ``allows`` must agree with the list, for every
action listed at any decision of the kind in a game (so most are refused elsewhere), in both games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tombspec.model.play import playout
from tombspec.model.tomb.actions import Heal, Move, Pass, Pickpocket, Raid, Redistribute, ReturnToInn
from tombspec.model.registry import get_ruleset
from tombspec.model.tomb.rules.turn import legal_actions


#: the decisions without fields, asked everywhere (even where no list had them)
FIELDLESS = (Pass(), Move(), Heal(), Pickpocket(), Raid(), ReturnToInn(), Redistribute())


@pytest.mark.parametrize(("game", "options"), [
    ("tomb", {"players": 3}), ("tomb", {"players": 1}),
    ("tomb", {"players": 3, "free_actions": "any-time-before-standard", "redistribute_cast": "any-attached"}),
    ("cryptmaster", {"players": 3}), ("cryptmaster", {"players": 4, "pvp": True}),
])
def test_allows_agrees_with_the_list(game: str, options: dict[str, Any]) -> None:
    rs = get_ruleset(game, options=options)
    seen: dict[str, list[tuple[Any, int, list[Any]]]] = {}
    for seed in range(3):
        state = rs.initial_state()
        for _, _, after in playout(rs, random.Random(seed), max_steps=3000):
            t = state.task
            if t is not None and rs.tasks[t.kind].allows is not None:
                player = rs.pending(state).actors[0]
                seen.setdefault(t.kind, []).append((state, player, legal_actions(rs, state, player)))
            state = after
    assert "turn" in seen
    for kind, cases in seen.items():
        allows = rs.tasks[kind].allows
        pool = list(dict.fromkeys([*(a for _, _, legal in cases for a in legal), *FIELDLESS]))
        for state, player, legal in cases[::3]:
            rs._last_legal = None                  # not read off the list just made
            for action in pool:
                assert allows(rs, state, state.task, action, player) == (action in legal), (kind, action)
