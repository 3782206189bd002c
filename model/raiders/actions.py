"""Every player decision and every chance outcome of Raiders of the Lost Tomb."""

from __future__ import annotations

from typing import ClassVar

import attrs


# Chance outcomes --------------------------------------------------------------------------------

@attrs.frozen
class CoinToss:
    """Chance: the player who wins the toss (Tomb Set Up step 3)."""
    kind: ClassVar[str] = "coin-toss"
    winner: int


@attrs.frozen
class Heads:
    """Chance: the number of Heads among the pennies rolled."""
    kind: ClassVar[str] = "heads"
    heads: int


@attrs.frozen
class AttackRoll:
    """Chance: the Heads of both players' Attack rolls."""
    kind: ClassVar[str] = "attack-roll"
    attacker: int
    defender: int


# Decisions --------------------------------------------------------------------------------------

@attrs.frozen
class Move:
    """Take the Move action: roll your pennies."""
    kind: ClassVar[str] = "move"


@attrs.frozen
class Prepare:
    """Skip your turn, gain 1 Audacity Token."""
    kind: ClassVar[str] = "prepare"


@attrs.frozen
class Rest:
    """Skip your turn, re-gain 1 lost Penny."""
    kind: ClassVar[str] = "rest"


@attrs.frozen
class UsePortal:
    """Attempt to use the Portal Room the Raider stands in."""
    kind: ClassVar[str] = "use-portal"


@attrs.frozen
class Boost:
    """Audacity Advanced: spend Audacity before rolling, one temporary Penny each."""
    kind: ClassVar[str] = "boost"
    audacity: int


@attrs.frozen
class MoveTo:
    """Move to an adjacent space after a Move roll.

    ``face`` is the number used: "heads" or "tails" (altered by ``audacity`` spent), "natural" for a
    Natural 6, or "free" for an Encounter room entered freely."""
    kind: ClassVar[str] = "move-to"
    space: str
    face: str
    audacity: int = 0


@attrs.frozen
class Stay:
    """Do not move after a Move roll (the roll fails)."""
    kind: ClassVar[str] = "stay"


@attrs.frozen
class Spend:
    """Alter a roll by spending Audacity: for a 5 or 6 (``face``: the Heads or the Tails number), or in
    an Attack (``target``: ``own`` Heads raised, or, under ``raiders.ambiguity.attack-audacity-target``
    = either-roll, the ``opponent``'s Heads lowered)."""
    kind: ClassVar[str] = "spend"
    audacity: int
    face: str = "heads"
    target: str = "own"


@attrs.frozen
class Place:
    """Choose where the Raider goes when a rule lets the player choose (ahead, back, a Portal, ...)."""
    kind: ClassVar[str] = "place"
    space: str


ACTION_TYPES = {cls.kind: cls for cls in (CoinToss, Heads, AttackRoll, Move, Prepare, Rest, UsePortal,
                                          Boost, MoveTo, Stay, Spend, Place)}
