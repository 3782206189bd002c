"""What search needs from Secrets of the Lost Tomb (:mod:`tombspec.model.search`): who won, and an
estimate before the end.  Not rules: a player's judgement.  Nothing is hidden from a player in the
model (the decks are shuffled multisets, each draw a chance event), so the search's default
``determinise`` (the state itself) is the right one.

- ``returns``: 1 to every seat among ``state.winners`` (the adventurers win or lose as a team; a
  traitor wins when they lose), 0 to the others.
- ``evaluate``: the team's chance grows with the damage on the scenario's Boss once it is in the Tomb,
  the adventurers still in the Tomb and their Health, the cards they hold, and the Comet track's room
  left; a traitor's is the team's failure.
- ``considered``: every legal decision but an item dropped (search games dropped 10 to 25 items a game,
  only to pick them up again with an action).
"""

from __future__ import annotations

from typing import Any

from .rules.adventurers import is_traitor
from .rules.creatures import card
from .state import SecretsState


def returns(rs: Any, state: SecretsState) -> tuple[float, ...]:
    won = state.winners
    return tuple(1.0 if p in won else 0.0 for p in range(len(state.seats)))


def team_value(rs: Any, state: SecretsState) -> float:
    sc = rs.scenario
    boss = 0.0
    for c in state.creatures:
        if c.name == sc.boss:
            cc = card(rs, c)
            boss = max(boss, min(1.0, c.damage / max(1, cc.health)))
    seats = [s.adventurer for s in state.seats if s.adventurer is not None]
    n = max(1, len(state.seats))
    alive = len(seats) / n
    health = sum(max(0, a.health) / max(1, a.start_health) for a in seats) / n
    cards = min(1.0, sum(len(a.cards) for a in seats) / (4 * n))
    time_left = max(0.0, (sc.comet_end - state.comet) / max(1, sc.comet_end))
    return 0.02 + 0.55 * boss + 0.13 * alive + 0.12 * health + 0.08 * cards + 0.1 * time_left * alive


def evaluate(rs: Any, state: SecretsState) -> tuple[float, ...]:
    team = min(1.0, team_value(rs, state))
    return tuple(1.0 - team if is_traitor(rs, s.adventurer) else team for s in state.seats)


def considered(rs: Any, state: SecretsState, player: int, legal: list[Any]) -> list[Any]:
    """What a search weighs: never an item dropped (a free action whose only use was to pick the item
    up again with an action: search dithered so, turn after turn)."""
    kept = [a for a in legal if a.kind != "drop"]
    return kept or legal


class Judgement:
    """The search hooks of the ruleset protocol (:class:`tombspec.model.ruleset.Ruleset`)."""

    considered = staticmethod(considered)

    def returns(self, state: SecretsState) -> tuple[float, ...]:
        return returns(self, state)

    def evaluate(self, state: SecretsState) -> tuple[float, ...]:
        return evaluate(self, state)
