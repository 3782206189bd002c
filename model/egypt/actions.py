"""Every player decision and every chance outcome of Monsters of Egypt.

Tokens are named by their ``id`` (unique in a game, shown by ``observe``); spaces by ``"x,y"``.
"""

from __future__ import annotations

from typing import ClassVar

import attrs


# Chance outcomes --------------------------------------------------------------------------------

@attrs.frozen
class Deal:
    """Chance: the token dealt face down onto the next marked space (Setup step 4)."""
    kind: ClassVar[str] = "deal"
    token: str


@attrs.frozen
class Die:
    """Chance: the result of the die ("Attack", "Melee", "Melee/Ranged", "2", "3")."""
    kind: ClassVar[str] = "die"
    result: str


# The hero turn ------------------------------------------------------------------------------------

@attrs.frozen
class Enter:
    """First turn: lay the hero token on one of the three top-floor iron ladders (vines)."""
    kind: ClassVar[str] = "enter"
    space: str


@attrs.frozen
class Step:
    """One movement to a touching space (also a retreat movement)."""
    kind: ClassVar[str] = "step"
    to: str


@attrs.frozen
class Leave:
    """Leave the tomb through the exit (egypt.ambiguity.leaving-the-tomb)."""
    kind: ClassVar[str] = "leave"


@attrs.frozen
class PickUp:
    """Pick a revealed item or weapon up onto a free slot."""
    kind: ClassVar[str] = "pick-up"
    token: int


@attrs.frozen
class Drop:
    """Leave a token from your board face up on your space."""
    kind: ClassVar[str] = "drop"
    token: int


@attrs.frozen
class Offer:
    """Offer the hero on your space an exchange: ``give`` one of your tokens and/or ``take`` one of
    theirs; their player accepts or declines."""
    kind: ClassVar[str] = "offer"
    hero: int
    give: int | None = None
    take: int | None = None


@attrs.frozen
class Accept:
    kind: ClassVar[str] = "accept"


@attrs.frozen
class Decline:
    """Decline what a window offers (an exchange, the vest, the crystal, a fire extinguisher, the
    spiked boots, applying a revealed trap)."""
    kind: ClassVar[str] = "decline"


@attrs.frozen
class EndTurn:
    kind: ClassVar[str] = "end-turn"


@attrs.frozen
class GiveUp:
    """A hero who can reach nothing any more gives up: they die where they stand
    (egypt.ambiguity.stuck-hero)."""
    kind: ClassVar[str] = "give-up"


# Items and weapons --------------------------------------------------------------------------------

@attrs.frozen
class PlaceLadder:
    kind: ClassVar[str] = "place-ladder"
    token: int
    space: str


@attrs.frozen
class Bomb:
    """Throw the bomb (``token``: the bomb's id) at ``attack`` and/or destroy the ``part`` ("floor",
    "wall", "ceiling") of ``destroy``."""
    kind: ClassVar[str] = "bomb"
    token: int
    attack: str | None = None
    destroy: str | None = None
    part: str | None = None


@attrs.frozen
class Smash:
    """The sledgehammer (``token``: its id): destroy the wall on ``space``, left or right of the hero."""
    kind: ClassVar[str] = "smash"
    token: int
    space: str


@attrs.frozen
class Hook:
    """The grappling hook (``token``: its id): pull the nearest token in ``direction``. ``target`` (the
    pulled token's id) or ``hero`` (the pulled hero) names what is pulled, always, even where there is no
    choice (a monster on top of the stack, which is the one pulled; a lone token): a hook naming
    neither is refused."""
    kind: ClassVar[str] = "hook"
    token: int
    direction: str
    target: int | None = None
    hero: int | None = None


@attrs.frozen
class Jetpack:
    """The jetpack (``token``: its id)."""
    kind: ClassVar[str] = "jetpack"
    token: int


@attrs.frozen
class Teleport:
    """The teleporter (``token``: its id) to ``space``."""
    kind: ClassVar[str] = "teleport"
    token: int
    space: str


@attrs.frozen
class Crystal:
    """The crystal's special effect (``token``: the crystal's id): 1 life to every surviving hero, once per
    game."""
    kind: ClassVar[str] = "crystal"
    token: int


@attrs.frozen
class Eat:
    """Eat a fruit (``token``: its id)."""
    kind: ClassVar[str] = "eat"
    token: int


@attrs.frozen
class Peek:
    """The flashlight (``token``: the flashlight's id, not the token revealed): reveal the top face-down
    token of ``space``, on your floor."""
    kind: ClassVar[str] = "peek"
    token: int
    space: str


@attrs.frozen
class Banish:
    """A one-use effect (``token``: the id of the item used) that destroys a monster of a crossed-out
    type (or removes a fire) on ``space``: the fire extinguisher, the flashlight against a ghost, the
    flamethrower against a mummy."""
    kind: ClassVar[str] = "banish"
    token: int
    space: str


@attrs.frozen
class Shoot:
    """Assault rifle, shotgun, flamethrower (``token``: the weapon's id): shoot at ``space``."""
    kind: ClassVar[str] = "shoot"
    token: int
    space: str


@attrs.frozen
class Skates:
    """The roller skates' one-use effect (``token``: their id): escape combat."""
    kind: ClassVar[str] = "skates"
    token: int


@attrs.frozen
class UseVest:
    """Use the bulletproof vest (``token``: its id) in a vest window."""
    kind: ClassVar[str] = "use-vest"
    token: int


@attrs.frozen
class UseBoots:
    """Use the spiked boots (``token``: their id) in a boots window."""
    kind: ClassVar[str] = "use-boots"
    token: int


# Combat -------------------------------------------------------------------------------------------

@attrs.frozen
class Roll:
    """Roll the die in combat."""
    kind: ClassVar[str] = "roll"


@attrs.frozen
class Retreat:
    """Retreat on a 2 or 3 (rather than use the portal gun)."""
    kind: ClassVar[str] = "retreat"


@attrs.frozen
class PortalGun:
    """The portal gun (``token``: its id), after a 2 or 3 in combat: teleport the monster in
    ``direction``."""
    kind: ClassVar[str] = "portal-gun"
    token: int
    direction: str


@attrs.frozen
class StopRetreat:
    kind: ClassVar[str] = "stop-retreat"


# The monster turn ---------------------------------------------------------------------------------

@attrs.frozen
class PharaohRoll:
    kind: ClassVar[str] = "pharaoh-roll"


@attrs.frozen
class PlacePharaoh:
    kind: ClassVar[str] = "place-pharaoh"
    hero: int


@attrs.frozen
class MoveMonster:
    kind: ClassVar[str] = "move-monster"
    token: int


@attrs.frozen
class MonsterStep:
    kind: ClassVar[str] = "monster-step"
    to: str


@attrs.frozen
class MonsterStop:
    kind: ClassVar[str] = "monster-stop"


@attrs.frozen
class RevealHazard:
    kind: ClassVar[str] = "reveal-hazard"
    space: str


@attrs.frozen
class ActivateTrap:
    kind: ClassVar[str] = "activate-trap"
    token: int


@attrs.frozen
class ApplyTrap:
    """Apply the effect of the trap just revealed on the monster turn (rather than leave it)."""
    kind: ClassVar[str] = "apply-trap"


@attrs.frozen
class Pass:
    """A monster turn with nothing to do (egypt.ambiguity.no-monster-action)."""
    kind: ClassVar[str] = "pass"


ACTION_TYPES = {cls.kind: cls for cls in (
    Deal, Die, Enter, Step, Leave, PickUp, Drop, Offer, Accept, Decline, EndTurn, GiveUp, PlaceLadder, Bomb, Smash,
    Hook, Jetpack, Teleport, Crystal, Eat, Peek, Banish, Shoot, Skates, UseVest, UseBoots, Roll, Retreat,
    PortalGun, StopRetreat, PharaohRoll, PlacePharaoh, MoveMonster, MonsterStep, MonsterStop, RevealHazard,
    ActivateTrap, ApplyTrap, Pass)}


class Made(dict):  # type: ignore[type-arg]
    """The actions of one class by their fields (one field's value, or the tuple of them all), each made
    once and handed out again wherever it is listed: actions are values (frozen, equal by their
    fields), and the legal lists of a game list the same few again and again."""

    __slots__ = ("cls",)

    def __init__(self, cls: type):
        super().__init__()
        self.cls = cls

    def __missing__(self, key: object) -> object:
        action = self[key] = self.cls(*key) if type(key) is tuple else self.cls(key)
        return action


STEP, PICK_UP, DROP, BOMB = Made(Step), Made(PickUp), Made(Drop), Made(Bomb)
MOVE_MONSTER, MONSTER_STEP, REVEAL_HAZARD, ACTIVATE_TRAP = \
    Made(MoveMonster), Made(MonsterStep), Made(RevealHazard), Made(ActivateTrap)
END_TURN, GIVE_UP, LEAVE, ROLL, PASS, MONSTER_STOP, STOP_RETREAT, PHARAOH_ROLL = \
    EndTurn(), GiveUp(), Leave(), Roll(), Pass(), MonsterStop(), StopRetreat(), PharaohRoll()
