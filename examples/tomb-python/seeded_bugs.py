"""Seeded bugs: deliberately wrong Tomb implementations, each one small change to one rule.

Each class is the reference model as an in-process conform adapter (``ModelAdapter``) with one rule
function replaced while it runs (``patches``): a *mutant*.  ``tombspec conform`` must tell every one of
them apart from the model::

    tombspec conform --impl python:examples/tomb-python/seeded_bugs.py:CryptMasterToTheRight --game tomb --games 5

``RULE`` names the catalog rule each one breaks; there is one per major rule area (Set Up, Free
Actions, Standard Actions, Raid, Traps, Combat, Death, Cards, End of the Game).
"""

from __future__ import annotations

from typing import Any

from tombspec.checks.oracle.conform import ModelAdapter

RULES = "tombspec.model.tomb.rules"


class TiesToTheFirstPlayer(ModelAdapter):
    """Set Up: a tie for the most successes is not re-rolled; the first tied player is Player One."""

    RULE = "tomb.setup.reroll-ties"
    patches = [(f"{RULES}.setup:order_leaders",
                lambda rolls, rolling: [max(rolling, key=lambda p: (rolls[p], -p))])]


def _inn_heals_nothing(rs: Any, state: Any, player: int) -> Any:
    return state


class NoHealingAtTheInn(ModelAdapter):
    """Free Actions: a Party that begins its Turn at the Inn keeps its Wounds."""

    RULE = "tomb.free.inn-heals-all-wounds"
    patches = [(f"{RULES}.turn:inn_heal", _inn_heals_nothing)]


class MovementBonusIgnored(ModelAdapter):
    """Move: the bonus movement of Characters, Items and Treasure is ignored (ten squares for all)."""

    RULE = "tomb.move.max-movement"
    patches = [(f"{RULES}.cards:compute_movement", lambda base, bonus: base)]


def _cm_to_the_right(rs: Any, state: Any, raider: int, cid: str, door: str) -> Any:
    n = rs.num_players
    info = rs.board.crypts[cid]
    symbol = info.symbol(door) if door else info.cm
    return (raider + (-1 if symbol == "L" else 1)) % n


class CryptMasterToTheRight(ModelAdapter):
    """Raid: the L symbol names the player to the right (and R the left)."""

    RULE = "tomb.raid.crypt-master"
    patches = [(f"{RULES}.raid:crypt_master", _cm_to_the_right)]


def _failed_trap_banked(rs: Any, state: Any, cards: tuple[str, ...]) -> Any:
    from tombspec.model.tomb.rules.death import discard_cards
    from tombspec.model.tomb.rules.treasure import bank_card

    traps = [c for c in cards if c in rs.cards.crypt and rs.cards.crypt[c].type == "trap"]
    for c in traps:
        state = bank_card(rs, state, state.current, c)
    return discard_cards(rs, state, tuple(c for c in cards if c not in traps))


class FailedTrapsBanked(ModelAdapter):
    """Traps: a Trap the Party failed to disarm is banked, not placed in the Crypt Card Discard Pile."""

    RULE = "tomb.trap.failed-discarded"
    patches = [(f"{RULES}.raid:discard_cards", _failed_trap_banked)]


class CharactersActFirst(ModelAdapter):
    """Combat: the Raiding Party acts first in each Combat Round (it should begin with the CM)."""

    RULE = "tomb.combat.alternate-battle-actions"
    patches = [(f"{RULES}.combat:first_side", lambda rs: "raider")]


def _dies_past_hp(rs: Any, state: Any, player: int, name: str) -> bool:
    from tombspec.model.tomb.rules.cards import character_hp

    ch = state.party(player).character(name)
    return ch is not None and ch.wounds > character_hp(rs, state, player, name)


class DeathOnlyPastHitPoints(ModelAdapter):
    """Death: a Character dies only with more Wounds than Hit Points (not "equal to or greater")."""

    RULE = "tomb.death.killed-at-hit-points"
    patches = [(f"{RULES}.death:is_dead", _dies_past_hp)]


class NoReplacementAtTheInn(ModelAdapter):
    """Death: no new Character is drawn into the Inn when a Character dies."""

    RULE = "tomb.death.replacement-to-inn"
    patches = [(f"{RULES}.death:replaces_dead", lambda rs, state: False)]


class NoTraitLimit(ModelAdapter):
    """Cards: a Character may Attach any number of Weapons, Armor, ... (the one-per-trait limit is ignored)."""

    RULE = "tomb.attach.one-card-per-trait"
    patches = [(f"{RULES}.cards:is_trait_conflict", lambda rs, held, card: False)]


class PickpocketTiesSteal(ModelAdapter):
    """Pickpocket: a tied roll steals the card (the Rogue needs more successes)."""

    RULE = "tomb.pickpocket.success"
    patches = [(f"{RULES}.standard_actions:is_theft", lambda rogue, defender: rogue >= defender)]


def _kill_unbanked(rs: Any, state: Any, index: int) -> Any:
    import attrs

    from tombspec.model.tomb.rules.death import discard_cards
    from tombspec.model.tomb.rules.wounds import update_monster

    m = state.raid.monsters[index]
    state = discard_cards(rs, update_monster(state, index, dead=True, attached=()), m.attached + (m.card,))
    return attrs.evolve(state, raid=attrs.evolve(state.raid, resolved=state.raid.resolved + 1))


class DeadMonstersNotBanked(ModelAdapter):
    """Banking: a killed Monster is discarded instead of Banked by the Raiding Player."""

    RULE = "tomb.death.dead-monster-banked"
    patches = [(f"{RULES}.death:kill_monster", _kill_unbanked)]


def _one_card_left(state: Any) -> bool:
    return sum(len(c.cards) for c in state.crypts) <= 1


class GameEndsWithOneCardLeft(ModelAdapter):
    """End of the Game: the game ends when a single Crypt card is left (not when all are removed)."""

    RULE = "tomb.end.crypts-emptied"
    patches = [(f"{RULES}.end:crypts_empty", _one_card_left)]


ALL = [TiesToTheFirstPlayer, NoHealingAtTheInn, MovementBonusIgnored, CryptMasterToTheRight, FailedTrapsBanked,
       CharactersActFirst, DeathOnlyPastHitPoints, NoReplacementAtTheInn, NoTraitLimit, PickpocketTiesSteal,
       DeadMonstersNotBanked, GameEndsWithOneCardLeft]
