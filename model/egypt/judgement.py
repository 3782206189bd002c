"""What search needs from Monsters of Egypt (:mod:`tombspec.model.search`): who won, an estimate before
the end, and a deal of what a player cannot see.  Not rules: a player's judgement.

- ``returns``: 1 to every player among ``state.winners`` (a victory is every winner's whole, not a
  share: the heroes' players win together), 0 to the others.
- ``evaluate``: a hero's player's chance grows with the crystal found and held by a hero still alive,
  his hero's lives, and his hero out of the tomb; under the ``team`` reading every hero's player gets
  the team's mean; the spirit of the tomb's is the heroes' failure.
- ``determinise``: ``observe`` shows a face-down token's back only, and of the tokens still to deal
  only how many: every face-down token's name is dealt again from the tokens of the same back the
  player cannot see (the face-down ones of the board and those still to deal: chests with chests,
  hazards with hazards, starting items among themselves); each token keeps its place and id.
"""

from __future__ import annotations

import random
from typing import Any

from ..chance import Deck
from ..options import read
from ..play import greedy
from .rules.modes import SPIRIT
from .state import DEAD, ESCAPED, EgyptState, evolve


def returns(rs: Any, state: EgyptState) -> tuple[float, ...]:
    won = state.winners
    return tuple(1.0 if p in won else 0.0 for p in range(rs.num_players))


def _crystal(rs: Any, state: EgyptState) -> bool:
    """The crystal is held by a hero who is alive (in the tomb or out of it)."""
    return any(h.status != DEAD and any(rs.kind(t).has("crystal") for t in h.items) for h in state.heroes)


def _hero_value(rs: Any, state: EgyptState, i: int, crystal: bool) -> float:
    """A hero's share: nothing dead; out of the tomb, most of it; in the tomb, his lives, what he
    carries, the doors open, and how near he is to what he should head for next (the heuristic's
    targets: a face-down token, a key's statue, the exit once a door is open)."""
    h = state.heroes[i]
    base = 0.05 + 0.15 * state.crystal_found + 0.3 * crystal + 0.05 * (2 - len(state.doors))
    if h.status == DEAD:
        return 0.0
    if h.status == ESCAPED:
        return min(1.0, base + 0.4)
    near = 0.0
    if h.status == "in":
        far = rs._to_targets(state, i).get(h.space)
        near = 0.0 if far is None else 1.0 / (1.0 + far)
    return min(1.0, base + 0.12 * h.lives / 3 + 0.03 * len(h.items) + 0.1 * near)


def evaluate(rs: Any, state: EgyptState) -> tuple[float, ...]:
    crystal = _crystal(rs, state)
    values = [_hero_value(rs, state, i, crystal) for i in range(len(state.heroes))]
    team = sum(values) / len(values) if values else 0.0
    together = read(rs.options, "who_wins") == "team"
    out = [0.0] * rs.num_players
    counted = [0] * rs.num_players
    for h, v in zip(state.heroes, values):
        out[h.player] += team if together else v
        counted[h.player] += 1
    for seat in rs.seats:
        if seat.kind == SPIRIT:
            out[seat.player], counted[seat.player] = 1.0 - team, 1
    return tuple(v / c if c else 0.0 for v, c in zip(out, counted))


def determinise(rs: Any, state: EgyptState, player: int, rng: random.Random) -> EgyptState:
    hidden: dict[str, list[str]] = {}
    for pile in state.piles:
        for t in pile.tokens:
            if not t.face_up:
                hidden.setdefault(t.back, []).append(t.name)
    if not hidden:
        return state
    undealt = {"chest": state.chests, "hazard": state.hazards}
    pools: dict[str, list[str]] = {}
    for back, names in hidden.items():
        deck = undealt.get(back, Deck())
        pools[back] = sorted(names + [c for c, n in deck.counts for _ in range(n)])

    def deal(t: Any) -> Any:
        if t.face_up:
            return t
        pool = pools[t.back]
        return evolve(t, name=pool.pop(rng.randrange(len(pool))))

    piles = tuple(evolve(p, tokens=tuple(deal(t) for t in p.tokens))
                  if any(not t.face_up for t in p.tokens) else p for p in state.piles)
    changes: dict[str, Any] = {"piles": piles}
    for back, field in (("chest", "chests"), ("hazard", "hazards")):
        if back in pools:
            changes[field] = Deck.of(pools[back])
    return evolve(state, **changes)


class Judgement:
    """The search hooks of the ruleset protocol (:class:`tombspec.model.ruleset.Ruleset`); rollouts
    play the exploration heuristic (``greedy``: heroes head for tokens, keys, statues and the exit)."""

    playout = staticmethod(greedy())

    def returns(self, state: EgyptState) -> tuple[float, ...]:
        return returns(self, state)

    def evaluate(self, state: EgyptState) -> tuple[float, ...]:
        return evaluate(self, state)

    def determinise(self, state: EgyptState, player: int, rng: random.Random) -> EgyptState:
        return determinise(self, state, player, rng)
