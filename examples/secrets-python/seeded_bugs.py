"""Seeded bugs: deliberately wrong Secrets of the Lost Tomb implementations, each one small change to one
rule of one rulebook area.

Each class is the reference model as an in-process conform adapter (``ModelAdapter``) with one rule
function replaced while it runs (``patches``): a *mutant*.  ``tombspec conform`` must tell every one of
them apart from the model::

    tombspec conform --game secrets --impl python:examples/secrets-python/seeded_bugs.py:ArmorBlocksCriticals

``RULE`` names the catalog rule each one breaks.
"""

from __future__ import annotations

from typing import Any

from tombspec.checks.oracle.conform import ModelAdapter
from tombspec.model.numeric import max_

RULES = "tombspec.model.secrets.rules"


class ArmorBlocksCriticals(ModelAdapter):
    """Combat: a creature's Armor blocks critical successes too ('Never remove 6's')."""

    RULE = "secrets.combat.final-damage"
    patches = [(f"{RULES}.combat:compute_damage_dealt",
                lambda successes, criticals, armor: max_(successes + criticals - armor, 0))]


def _courage_every_combat(rs: Any, state: Any, seat: int, key: str, *, evading: bool = False) -> Any:
    from tombspec.model.secrets.rules.adventurers import change_courage
    from tombspec.model.secrets.rules.creatures import card

    c = state.creature(key)
    if c is None or state.adventurer(seat) is None:
        return state
    return change_courage(rs, state, seat, -card(rs, c).courage_attack, "secrets.combat.lose-courage")


class CourageLostEveryCombat(ModelAdapter):
    """Combat: a creature makes the same adventurer lose Courage in every combat, not only the first."""

    RULE = "secrets.combat.lose-courage-once-per-scenario"
    patches = [(f"{RULES}.combat:lose_courage_to", _courage_every_combat)]


class SearchTokenStays(ModelAdapter):
    """The Adventurer Phase: a search does not turn the Search token (nor does the Tomb Phase)."""

    RULE = "secrets.adventurer-phase.search-turn-token"
    patches = [(f"{RULES}.adventurer_phase:compute_search_turn", lambda colour, steps=1: colour)]


def _rest_uncapped(health: Any, courage: Any, start: Any, heal: Any, calm: Any, courage_cap: Any = 0) -> Any:
    return health + heal, courage + calm if courage < courage_cap else courage


class RestAboveStartingHealth(ModelAdapter):
    """The Adventurers: Rest heals past starting Health (and Courage past 0)."""

    RULE = "secrets.adventurers.health-cap"
    patches = [(f"{RULES}.adventurers:compute_rest", _rest_uncapped)]


class DeathKeepsTheComet(ModelAdapter):
    """The Adventurers: a death does not advance the Comet track."""

    RULE = "secrets.adventurers.death-advances-comet"
    patches = [(f"{RULES}.adventurers:death_advances", lambda rs: 0)]


class ExploringKeepsMoving(ModelAdapter):
    """Rooms and Exploring: the adventurer keeps moving after exploring a new Room tile."""

    RULE = "secrets.adventurer-phase.explore-ends-move"
    patches = [(f"{RULES}.adventurer_phase:explore_ends_move", lambda rs: False)]


def _spawn_anywhere(rs: Any, state: Any, level: int, fixed: tuple[str, ...] = ()) -> list[str]:
    if fixed:
        return [r for r in fixed if state.room(r) is not None]
    red = [r.name for r in state.rooms if r.level == level and rs.components.rooms[r.name].red]
    if not red:
        return []
    load = {r: len(state.creatures_in(r)) for r in red}
    least = min(load.values())
    return [r for r in red if load[r] == least]


class SpawnIgnoresAdventurers(ModelAdapter):
    """The Tomb Phase: creatures spawn in any red-outlined room, not in a room with an adventurer first."""

    RULE = "secrets.tomb-phase.spawn-adventurer-room-first"
    patches = [(f"{RULES}.tomb_phase:spawn_rooms", _spawn_anywhere)]


class StoryAlwaysAdventure(ModelAdapter):
    """Rooms and Exploring: every Story card is resolved on its Adventure side, whatever the room shows."""

    RULE = "secrets.story.resolve-matching-side"
    patches = [(f"{RULES}.rooms:story_side", lambda card, side: card.adventure)]


class AudacityWidensNothing(ModelAdapter):
    """Dice and Dice Checks: spending Audacity before a roll does not make 4s succeed."""

    RULE = "secrets.dice.audacity-before-roll"
    patches = [(f"{RULES}.dice_checks:compute_threshold",
                lambda boosted, wide, stack=False: 4 if wide else 5)]


class CometTriggersIgnored(ModelAdapter):
    """How to Play the Scenarios: the scenario's Comet track triggers never fire (the boss never awakens)."""

    RULE = "secrets.scenarios.comet-triggers-immediate"
    patches = [(f"{RULES}.scenarios:fire_comet", lambda rs, state, spaces: state)]


ALL = [AudacityWidensNothing, CometTriggersIgnored, ArmorBlocksCriticals, CourageLostEveryCombat, SearchTokenStays, RestAboveStartingHealth, DeathKeepsTheComet,
       ExploringKeepsMoving, SpawnIgnoresAdventurers, StoryAlwaysAdventure]
