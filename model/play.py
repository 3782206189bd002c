"""Playing a game through the ruleset protocol: the one loop that explore, conform, vectors, the
findings and the tests all use.

A *policy* chooses a decision: ``policy(rs, state, rng, legal, player) -> action``.  Chance is drawn
from the ruleset's distribution with exactly its probabilities (``Distribution.sample``).  Where
several players may act (``Pending.mode == ANY``) one of them is drawn uniformly.  The same generator
state gives the same game.

>>> import random
>>> from tombspec.model.registry import get_ruleset, registered_games
>>> rs = get_ruleset(registered_games()[0])
>>> game = list(playout(rs, random.Random(1), max_steps=20))
>>> len(game) <= 20 and all(rs.violations(s) == [] for _, _, s in game)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from .errors import TombspecError

Policy = Callable[[Any, Any, random.Random, list[Any], "int | None"], Any]


class Stuck(TombspecError):
    """A decision is pending but no player has a legal action: a bug in the model (or its data)."""


def uniform(rs: Any, state: Any, rng: random.Random, legal: list[Any], player: int | None) -> Any:
    """Any legal action, each as likely."""
    return legal[rng.randrange(len(legal))]


def greedy(bias: float = 0.8) -> Policy:
    """With probability ``bias`` the action the ruleset's ``heuristic(state, action)`` rates lowest
    (most purposeful), else any; a ruleset without a heuristic plays uniformly."""

    def choose(rs: Any, state: Any, rng: random.Random, legal: list[Any], player: int | None) -> Any:
        heuristic = getattr(rs, "heuristic", None)
        if heuristic is None or rng.random() >= bias:
            return uniform(rs, state, rng, legal, player)
        return min(legal, key=lambda a: heuristic(state, a))

    return choose


POLICIES: dict[str, Any] = {"uniform": uniform, "greedy": greedy()}


def next_move(rs: Any, state: Any, rng: random.Random, policy: Policy = uniform) -> tuple[Any, int | None] | None:
    """The next ``(action, player)`` of a game (player None for chance), or None when it is over.

    Raises ``Unspecified`` where listing the decisions needs a reading the options leave open, and
    :class:`Stuck` where a decision is pending that nobody can make."""
    pending = rs.pending(state)
    if pending.is_over:
        return None
    if pending.is_chance:
        return rs.chance(state).sample(rng), None
    actors = pending.actors
    player = actors[0] if len(actors) == 1 else actors[rng.randrange(len(actors))]
    legal = rs.legal_actions(state, player)
    if not legal:
        raise Stuck(f"no legal action for player {player} in {pending}")
    return policy(rs, state, rng, legal, player), player


def playout(rs: Any, rng: random.Random, *, policy: Policy = uniform, max_steps: int = 100_000,
            state: Any = None) -> Iterator[tuple[Any, int | None, Any]]:
    """The steps of one game, ``(action, player, state after)``, from ``state`` (default: the initial
    state) until it ends or ``max_steps`` steps were played."""
    state = rs.initial_state() if state is None else state
    for _ in range(max_steps):
        move = next_move(rs, state, rng, policy)
        if move is None:
            return
        action, player = move
        state = rs.step(state, action, player)
        yield action, player, state
