"""Every player decision and every chance outcome of Tomb (and Tomb: Cryptmaster).

Chance outcomes are :class:`Roll` (the successes per colour of one pool of tomb dice) and
:class:`Draw` (the card, or Character, a draw or a deal turned up).  Every other class is a decision,
made by the player the agenda names (``rules/turn.py``).  Characters and cards are named by their card
names; Monsters in a Raid by their index, ``"m0"``, ``"m1"``, ...
"""

from __future__ import annotations

from typing import ClassVar

import attrs


# Chance outcomes --------------------------------------------------------------------------------

@attrs.frozen
class Roll:
    """Chance: how many of the rolled green, blue and red tomb dice show an axe."""
    kind: ClassVar[str] = "roll"
    green: int
    blue: int
    red: int

    @property
    def total(self) -> int:
        return self.green + self.blue + self.red


@attrs.frozen
class Draw:
    """Chance: the card (or Character) drawn, dealt or looked at."""
    kind: ClassVar[str] = "draw"
    card: str


# Set Up and Meet at the Inn ------------------------------------------------------------------------

@attrs.frozen
class Reroll:
    """Greenhorn: re-roll up to two of your order-of-play dice (``failures`` missed, ``successes`` hit)."""
    kind: ClassVar[str] = "reroll"
    failures: int
    successes: int = 0


@attrs.frozen
class TakeCard:
    """Hero: take one Crypt card of your choice into your hand before the Crypt Deck is shuffled."""
    kind: ClassVar[str] = "take-card"
    card: str


@attrs.frozen
class PlaceCard:
    """Place a Crypt card from your hand face down in an open Crypt."""
    kind: ClassVar[str] = "place-card"
    card: str
    crypt: str


@attrs.frozen
class Search:
    """Knight: search the Character Pool for one Character for your Adventuring Party."""
    kind: ClassVar[str] = "search"
    character: str


@attrs.frozen
class Keep:
    """Keep a drawn Character for your Adventuring Party (the rest go to the Inn)."""
    kind: ClassVar[str] = "keep"
    character: str


@attrs.frozen
class Pass:
    """Decline what is optional here: a React, a benefit, a further Free Action."""
    kind: ClassVar[str] = "pass"


# The turn --------------------------------------------------------------------------------------------

@attrs.frozen
class Redistribute:
    """Free: redistribute Attached cards (which card goes where is the next decision, :class:`MoveCard`)."""
    kind: ClassVar[str] = "redistribute"


@attrs.frozen
class MoveCard:
    """Move an Attached card from one of your Characters to another (Cryptmaster: Share)."""
    kind: ClassVar[str] = "move-card"
    card: str
    frm: str
    to: str


@attrs.frozen
class Bank:
    """Bank a Treasure (at the Inn, or as it is found): its XP goes to your bank."""
    kind: ClassVar[str] = "bank"
    card: str
    character: str | None = None    # the Character it is Attached to (None: a Treasure just found)


@attrs.frozen
class Move:
    """Move: the whole Adventuring Party moves (where to is the next decision, :class:`MoveTo`)."""
    kind: ClassVar[str] = "move"


@attrs.frozen
class MoveTo:
    """The space the moving Party ends on, within its Movement."""
    kind: ClassVar[str] = "move-to"
    to: str


@attrs.frozen
class DrawFrom:
    """Draw (at the Inn): take a card from the ``deck`` (prayer, spell, item, tactics, cryptmaster)."""
    kind: ClassVar[str] = "draw-from"
    deck: str


@attrs.frozen
class Heal:
    """Heal: roll the Holiness of the Party's Clerics (``character``: the one Cleric, strict-one)."""
    kind: ClassVar[str] = "heal"
    character: str | None = None


@attrs.frozen
class Pickpocket:
    """Pickpocket: a Rogue of the Party tries to steal (whom and what is the next decision, :class:`Steal`)."""
    kind: ClassVar[str] = "pickpocket"


@attrs.frozen
class Steal:
    """The Pickpocket: ``rogue`` tries to steal ``card`` from ``character`` of ``player``'s Party."""
    kind: ClassVar[str] = "steal"
    rogue: str
    player: int
    character: str
    card: str | None = None         # Cryptmaster: the card is chosen after a success


@attrs.frozen
class Recruit:
    """Recruit (at the Inn) one Character from the Inn."""
    kind: ClassVar[str] = "recruit"
    character: str


@attrs.frozen
class ReturnToInn:
    """Return to the Inn with your Standard Action (Cryptmaster: Flee as a Turn action)."""
    kind: ClassVar[str] = "return-to-inn"


@attrs.frozen
class Raid:
    """Raid the Crypt whose Door your Party stands on."""
    kind: ClassVar[str] = "raid"


@attrs.frozen
class UseCard:
    """Use the action of ``card`` (in hand, Attached to ``holder``, or printed on ``holder``) with
    ``holder`` as its user, on ``target`` where it needs one: a Turn, Battle or React action.

    ``card`` is the card's name; a Character's printed ability is ``card`` = ``holder`` = the Character's
    name; a board space's Turn Action is ``card`` = ``"space:<space id>"`` with ``holder`` ``"party"``;
    a Monster's Attached card (the CM's) has ``holder`` ``m<i>``.  ``target``, by the card's effect:
    ``heal``: a wounded Character of the Party (of the Monsters, ``m<i>``, for a Monster's card);
    ``temp-hp`` (Stone Skin): any Character of the Party; ``raid-adjacent`` (Another Way In): the id of
    a Crypt next to the Party's space other than its Door's own; ``reroll-miss`` (Kama): the colour of
    a missed die (``"green"``, ``"blue"``, ``"red"``), one action per colour with a miss; null for
    ``weaken``, ``ward``, ``peek``, ``volley``, ``storm`` and ``party-dice``."""
    kind: ClassVar[str] = "use-card"
    card: str
    holder: str
    target: str | None = None


# Cards and Characters ----------------------------------------------------------------------------------

@attrs.frozen
class Attach:
    """Attach ``card`` to ``character`` (an Item drawn, a Treasure found, a card stolen or given)."""
    kind: ClassVar[str] = "attach"
    card: str
    character: str


@attrs.frozen
class Discard:
    """Discard ``card`` (an extra traited card, a card that cannot be kept)."""
    kind: ClassVar[str] = "discard"
    card: str
    character: str | None = None


@attrs.frozen
class Destroy:
    """Solitaire: destroy a Character at the Inn (the price of drawing Inn cards)."""
    kind: ClassVar[str] = "destroy"
    character: str


@attrs.frozen
class Dismiss:
    """Return (or, in Cryptmaster, discard) a Character of your Party over the maximum Party size."""
    kind: ClassVar[str] = "dismiss"
    character: str


@attrs.frozen
class HealWound:
    """Remove one Wound from ``character`` (Heal successes, in the order the player wishes)."""
    kind: ClassVar[str] = "heal-wound"
    character: str


@attrs.frozen
class Done:
    """Stop: no more Wounds healed, Treasures Banked, cards moved."""
    kind: ClassVar[str] = "done"


@attrs.frozen
class Defend:
    """The target player picks the Character who rolls Skill against a Pickpocket (and may catch him)."""
    kind: ClassVar[str] = "defend"
    character: str


# The Raid --------------------------------------------------------------------------------------------

@attrs.frozen
class Announce:
    """The Crypt Master picks the next Trap to resolve (his order)."""
    kind: ClassVar[str] = "announce"
    card: str


@attrs.frozen
class Disarm:
    """The Raiding Party picks the Characters who disarm the announced Trap (in Party order)."""
    kind: ClassVar[str] = "disarm"
    characters: tuple[str, ...]


@attrs.frozen
class Continue:
    """Press on into the Crypt."""
    kind: ClassVar[str] = "continue"


@attrs.frozen
class Leave:
    """Leave the Crypt for its Door (the one raided from; after Another Way In, the Crypt's first Door;
    reading ``always-inn`` of leave_vs_flee: the Inn); the remaining cards go back face down."""
    kind: ClassVar[str] = "leave"


@attrs.frozen
class MonsterAttack:
    """The Crypt Master's Battle Action: Monster ``monster`` attacks."""
    kind: ClassVar[str] = "monster-attack"
    monster: str


@attrs.frozen
class Target:
    """The Raiding Player picks the Character who takes the Monster's Attack."""
    kind: ClassVar[str] = "target"
    character: str


@attrs.frozen
class Attack:
    """A Character's Battle Action: ``character`` attacks Monster ``monster``."""
    kind: ClassVar[str] = "attack"
    character: str
    monster: str


@attrs.frozen
class Flee:
    """A Battle Action: the whole Party flees the Crypt to the Inn (it is the Battle Action of the
    first Character of the Party who has not yet acted this Round and may flee)."""
    kind: ClassVar[str] = "flee"


@attrs.frozen
class AssignWound:
    """Place one Wound of a roll that the player distributes on ``target`` (a Character or ``m<i>``)."""
    kind: ClassVar[str] = "assign-wound"
    target: str


@attrs.frozen
class Give:
    """Give ``card`` (an Attached Treasure) to ``player``'s Party (a card effect makes you)."""
    kind: ClassVar[str] = "give"
    card: str
    player: int


@attrs.frozen
class ToPool:
    """Squire: return the destroyed Character to the Character Pool instead of the discard pile."""
    kind: ClassVar[str] = "to-pool"


@attrs.frozen
class Redraw:
    """Journeyman: discard the Inn card just drawn and draw another (once per game)."""
    kind: ClassVar[str] = "redraw"


@attrs.frozen
class SpendBank:
    """Discard a card from your XP Bank: a Soldier's, to recruit one more Character; Cryptmaster's PvP
    Kill, toward its 10 XP (``xp-tokens``: the bank's XP tokens, as many as are still wanting)."""
    kind: ClassVar[str] = "spend-bank"
    card: str


# Tomb: Cryptmaster -------------------------------------------------------------------------------------

@attrs.frozen
class EquipCards:
    """Free: Equip (which card goes to whom is the next decision, :class:`Equip`)."""
    kind: ClassVar[str] = "equip-cards"


@attrs.frozen
class Equip:
    """Free: attach a card from your hand to a Character of your Party."""
    kind: ClassVar[str] = "equip"
    card: str
    character: str


@attrs.frozen
class Rest:
    """Free (at the Inn): remove all Wounds; the bishop removes the curses you name (``curses``)."""
    kind: ClassVar[str] = "rest"
    curses: tuple[str, ...] = ()


@attrs.frozen
class DispelCurse:
    """Free: a combined whole-Party roll against a curse Attached to ``character``."""
    kind: ClassVar[str] = "dispel-curse"
    card: str
    character: str


@attrs.frozen
class Hire:
    """The Raider invites ``player`` to lend a Mercenary to the Raid."""
    kind: ClassVar[str] = "hire"
    player: int


@attrs.frozen
class Lend:
    """An invited player lends ``character`` as a Mercenary (or a Mercenary-trait Character joins)."""
    kind: ClassVar[str] = "lend"
    character: str


@attrs.frozen
class Curse:
    """The Crypt Master attaches the revealed curse ``card`` to ``character`` of the Raiding Party."""
    kind: ClassVar[str] = "curse"
    card: str
    character: str


@attrs.frozen
class Pay:
    """Pay a Mercenary's player: two cards from your hand, or one of your Attached cards."""
    kind: ClassVar[str] = "pay"
    cards: tuple[str, ...]


@attrs.frozen
class Kill:
    """PvP: kill ``character`` in the Tomb, discarding banked cards worth at least 10 XP: the cards are the
    decisions after it, one :class:`SpendBank` each, then :class:`Done` (``cards`` is always empty)."""
    kind: ClassVar[str] = "kill"
    character: str
    cards: tuple[str, ...] = ()


@attrs.frozen
class PlaceOverlord:
    """The starting player places the Overlord face up in a Crypt."""
    kind: ClassVar[str] = "place-overlord"
    crypt: str


#: Tomb's decisions and chance outcomes.
ACTION_TYPES = {cls.kind: cls for cls in (
    Roll, Draw, Reroll, TakeCard, PlaceCard, Search, Keep, Pass, Redistribute, MoveCard, Bank, Move, MoveTo, DrawFrom,
    Heal, Pickpocket, Steal, Recruit, ReturnToInn, Raid, UseCard, Attach, Discard, Destroy, Dismiss, HealWound,
    Done, Defend, Announce, Disarm, Continue, Leave, MonsterAttack, Target, Attack, Flee, AssignWound,
    Give, ToPool, Redraw, SpendBank)}
#: Tomb: Cryptmaster's: Tomb's and its own.
CRYPTMASTER_ACTION_TYPES = {**ACTION_TYPES, **{cls.kind: cls for cls in (
    EquipCards, Equip, Rest, DispelCurse, Hire, Lend, Curse, Pay, Kill, PlaceOverlord)}}
CHANCE_TYPES = (Roll, Draw)
