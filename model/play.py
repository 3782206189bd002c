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
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from .errors import InvalidInput, TombspecError
from .search import SEARCHES, search_policy

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


class Coverage:
    """Steer towards what has not been played yet, and towards each of the game's ends.

    A decision takes the legal action this policy has chosen least often so far (over every game it
    plays; an action of a kind it never chose comes first; ties broken at random), or, with the game's
    *purpose* weight, the choice the ruleset's heuristic rates best for the game's *aim*: a ruleset
    names the ends it can steer towards in ``aims`` (e.g. an escape, and the risks that end a game
    otherwise) and rates an action for one with ``heuristic(state, action, aim=...)``.  Weight and aim
    change from game to game (:attr:`MODES`, in turn, over the aims; ``new_game`` is called at each
    game's start), so that some games seek what is new and others play to each end.  The policy keeps
    its counts: make a fresh one (:func:`make_policy`) for each run."""

    #: the heuristic's share of the decisions, game after game (each aim in turn where it is not 0)
    MODES = (0.9, 0.0, 0.9, 0.5)

    def __init__(self, explore: float = 0.05) -> None:
        self.explore = explore
        self.kinds: Counter[str] = Counter()
        self.actions: Counter[Any] = Counter()
        self.games = 0
        self.purpose = self.MODES[0]
        self.aim: str | None = None
        self.aimed = 0

    def new_game(self) -> None:
        self.purpose = self.MODES[self.games % len(self.MODES)]
        self.games += 1
        self.aim = None          # chosen at the first decision, when the ruleset is known

    def __call__(self, rs: Any, state: Any, rng: random.Random, legal: list[Any], player: int | None) -> Any:
        heuristic = getattr(rs, "heuristic", None)
        if self.aim is None and heuristic is not None:
            aims = getattr(rs, "aims", ())
            self.aim = aims[self.aimed % len(aims)] if aims and self.purpose else ""
            self.aimed += bool(aims and self.purpose)
        r = rng.random()
        if r < self.explore:
            pick = uniform(rs, state, rng, legal, player)
        elif heuristic is not None and r < self.explore + self.purpose:
            if self.aim:
                pick = min(legal, key=lambda a: heuristic(state, a, aim=self.aim))
            else:
                pick = min(legal, key=lambda a: heuristic(state, a))
        else:
            kinds, actions = self.kinds, self.actions
            least = min((kinds[type(a).kind] > 0, actions[a]) for a in legal)
            best = [a for a in legal if (kinds[type(a).kind] > 0, actions[a]) == least]
            pick = best[rng.randrange(len(best))]
        self.kinds[type(pick).kind] += 1
        self.actions[pick] += 1
        return pick


def coverage() -> Policy:
    """A fresh :class:`Coverage` policy."""
    return Coverage()


#: the policies by name, each shared (stateless); :func:`make_policy` makes a fresh one of any
POLICIES: dict[str, Any] = {"uniform": uniform, "greedy": greedy(), "coverage": coverage()}
_FACTORIES: dict[str, Callable[[], Policy]] = {"uniform": lambda: uniform, "greedy": greedy, "coverage": coverage}


def winners(rs: Any, state: Any) -> tuple[int, ...]:
    """Who won a finished game, read the same way for every game: the ruleset's ``winners(state)`` where
    it has one, else the state's ``winners`` or ``winner``."""
    of = getattr(rs, "winners", None)
    if callable(of):
        return tuple(of(state))
    if hasattr(state, "winners"):
        return tuple(state.winners or ())
    winner = getattr(state, "winner", None)
    return () if winner is None else (winner,)


def make_policy(name: str) -> Policy:
    """A fresh policy by name (``uniform``, ``greedy``, ``coverage``, or a search:
    :func:`tombspec.model.search.search_policy`: ``search``, ``search-one``, ``search-ends``, with an optional budget
    ``:SIMULATIONS[:ROLLOUT]``); an unknown name is bad input that lists the known ones."""
    if type(name) is str and name.split(":")[0] in SEARCHES:
        return search_policy(name)
    try:
        return _FACTORIES[name]()
    except (KeyError, TypeError):
        raise InvalidInput(f"unknown policy {name!r}; known: {', '.join(_FACTORIES)}, search, search-one, search-ends "
                           "(a search may name its budget: search:SIMULATIONS[:ROLLOUT])",
                           source="--policy") from None


def policy_named(name: str) -> Policy:
    """The policy ``name``: the shared instance of :data:`POLICIES`, else a fresh one (a search, which
    keeps nothing from one decision to the next: :func:`make_policy`)."""
    shared = POLICIES.get(name) if type(name) is str else None
    return shared if shared is not None else make_policy(name)


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
    new_game = getattr(policy, "new_game", None)
    if new_game is not None:
        new_game()
    for _ in range(max_steps):
        move = next_move(rs, state, rng, policy)
        if move is None:
            return
        action, player = move
        state = rs.step(state, action, player)
        yield action, player, state
