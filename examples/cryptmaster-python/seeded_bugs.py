"""Seeded bugs: deliberately wrong Tomb: Cryptmaster implementations, each one small change to one rule.

Each class is the reference model as an in-process conform adapter (``ModelAdapter``) with one rule
function replaced while it runs (``patches``): a *mutant*.  ``tombspec conform`` must tell every one of
them apart from the model::

    tombspec conform --impl python:examples/cryptmaster-python/seeded_bugs.py:CryptMasterMirrored --game cryptmaster --games 3

``RULE`` names the catalog rule each one breaks; there is one per major rule area (Set Up, Turn Actions,
the ten-card limit, the Raid, Mercenaries, Death, Upkeep and the score).
"""

from __future__ import annotations

from typing import Any

from tombspec.checks.oracle.conform import ModelAdapter
from tombspec.model.cryptmaster.rules.raid import kill_character as _kill_character

RULES = "tombspec.model.cryptmaster.rules"


class FirstTurnToTheFirstPlayer(ModelAdapter):
    """Set Up: the first turn goes to the original first player (it should go to the player on his left)."""

    RULE = "cryptmaster.turn.turn-order"
    patches = [(f"{RULES}.setup:first_turn_player", lambda rs, state: state.first_player or 0)]


def _to_the_entrance(rs: Any, state: Any, player: int, rule: str) -> Any:
    return state.with_party(player, location=rs.board.entrances[0])


class ReturnToTheEntrance(ModelAdapter):
    """Return to the Inn (Flee): the party is moved to the Tomb entrance, not to the Inn."""

    RULE = "cryptmaster.flee.turn"
    patches = [(f"{RULES}.turn:send_to_inn", _to_the_entrance)]


class DrawPastTheTenCardLimit(ModelAdapter):
    """Draw: a party in the Inn may draw whatever the number of Inn cards in its hand and party."""

    RULE = "cryptmaster.draw.ten-card-limit"
    patches = [(f"{RULES}.turn:compute_may_draw", lambda count, exempt: True)]


def _raid_any_door(rs: Any, state: Any, player: int) -> bool:
    return state.party(player).location in rs.board.doors


class EmptyCryptsRaided(ModelAdapter):
    """Raid a Crypt: a party on the door of an empty crypt may raid it (an empty crypt is a hallway space)."""

    RULE = "cryptmaster.raid.raid-a-crypt"
    patches = [(f"{RULES}.turn:can_raid", _raid_any_door)]


def _cm_mirrored(rs: Any, state: Any, raider: int, cid: str, door: str) -> Any:
    n = rs.num_players
    info = rs.board.crypts[cid]
    symbol = info.symbol(door) if door else info.cm
    step = -1 if symbol.startswith("L") else 1                  # L to the right, R to the left
    others = [(raider + step * k) % n for k in range(1, n)]
    return others[(len(symbol) - 1) % len(others)]


class CryptMasterMirrored(ModelAdapter):
    """The Raid: "L" names a player to the right and "R" one to the left."""

    RULE = "cryptmaster.raid.cm-door-symbols"
    patches = [(f"{RULES}.raid:crypt_master", _cm_mirrored)]


def _no_mercenary_xp(rs: Any, state: Any, raider: Any, raid: Any) -> Any:
    from tombspec.model.cryptmaster.rules.raid import return_mercenaries

    state = return_mercenaries(rs, state, dead_too=False)
    if rs.options.after_raid == "on-door" and raider is not None:
        state = state.with_party(raider, location=raid.door or rs.board.crypts[raid.crypt].doors[0])
    return state


class MercenariesEarnNothing(ModelAdapter):
    """Mercenaries: a player whose mercenary assisted earns no XP for the cards the raid resolved."""

    RULE = "cryptmaster.mercenary.xp-per-card"
    patches = [(f"{RULES}.raid:after_raid", _no_mercenary_xp)]


def _no_replacement(rs: Any, state: Any, player: int, name: str) -> Any:
    import attrs

    state = _kill_character(rs, state, player, name)
    return attrs.evolve(state, agenda=tuple(t for t in state.agenda if t.kind != "replace"))


class NoReplacementForTheDead(ModelAdapter):
    """Death: when a character dies, no character is added to the Inn from the bag."""

    RULE = "cryptmaster.death.replacement-to-inn"
    patches = [(f"{RULES}.raid:kill_character", _no_replacement)]


def _bank_only(rs: Any, state: Any, player: int) -> int:
    from tombspec.model.tomb.rules.end import banked_xp

    return banked_xp(rs, state, player)


class AttachedTreasureNotScored(ModelAdapter):
    """The score: only the XP bank counts, not the treasures and curses attached to the party."""

    RULE = "cryptmaster.upkeep.final-score"
    patches = [(f"{RULES}.turn:score", _bank_only)]


ALL = [FirstTurnToTheFirstPlayer, ReturnToTheEntrance, DrawPastTheTenCardLimit, EmptyCryptsRaided,
       CryptMasterMirrored, MercenariesEarnNothing, NoReplacementForTheDead, AttachedTreasureNotScored]
