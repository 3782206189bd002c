"""Every player decision and every chance outcome of Secrets of the Lost Tomb.

Decisions are grouped as the rulebook groups them: Game Setup, the Adventurer Actions of the Adventurer
Phase (each spends one Action token), the free things done on one's turn, the steps inside a move, a
dice check and a combat, and the choices "the players" make together in the Tomb Phase.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar

import attrs


# Chance outcomes ----------------------------------------------------------------------------------

@attrs.frozen
class Leader:
    """Chance: the die roll that chooses the Expedition Leader (Game Setup step 4)."""
    kind: ClassVar[str] = "leader"
    seat: int


@attrs.frozen
class Drawn:
    """Chance: the card (or Room tile) drawn from the deck the pending draw names."""
    kind: ClassVar[str] = "drawn"
    card: str


@attrs.frozen
class Dice:
    """Chance: a dice pool rolled, as how many dice show each face 1 to 6 (the d12 shows 1-6 twice)."""
    kind: ClassVar[str] = "dice"
    faces: tuple[int, ...]


# Game Setup ---------------------------------------------------------------------------------------

@attrs.frozen
class Choose:
    """Choose an Adventurer sheet (at setup, or a new adventurer after dying or fleeing)."""
    kind: ClassVar[str] = "choose"
    adventurer: str


@attrs.frozen
class Decline:
    """Choose no new adventurer."""
    kind: ClassVar[str] = "decline"


@attrs.frozen
class Grant:
    """Give a seat the 5-Adventurer game's additional action."""
    kind: ClassVar[str] = "grant"
    seat: int


# Adventurer Actions (one Action token each) -------------------------------------------------------

@attrs.frozen
class Move:
    kind: ClassVar[str] = "move"


@attrs.frozen
class Search:
    kind: ClassVar[str] = "search"


@attrs.frozen
class Fight:
    """Combat: begin combat with ``target`` (a creature key "c<id>", or "s<seat>" an adventurer)."""
    kind: ClassVar[str] = "fight"
    target: str


@attrs.frozen
class Trade:
    kind: ClassVar[str] = "trade"
    seat: int


@attrs.frozen
class Barter:
    """Deal with the Soul Monger."""
    kind: ClassVar[str] = "barter"


@attrs.frozen
class Use:
    """Use an item, artifact, Soul Monger item or companion whose ability needs an Action token."""
    kind: ClassVar[str] = "use"
    card: str


@attrs.frozen
class Ability:
    """Use a special ability that needs an Action token."""
    kind: ClassVar[str] = "ability"
    name: str


@attrs.frozen
class Rest:
    """Rest: ``health`` (2 Health), ``courage`` (2 Courage), ``both`` (1 and 1), ``companion:<name>``,
    or ``status:<name>`` (remove a status effect that a Rest removes)."""
    kind: ClassVar[str] = "rest"
    option: str


@attrs.frozen
class PickUp:
    kind: ClassVar[str] = "pick-up"


@attrs.frozen
class Steal:
    kind: ClassVar[str] = "steal"
    target: str


@attrs.frozen
class PlaceRope:
    kind: ClassVar[str] = "place-rope"


@attrs.frozen
class SearchArtifact:
    """Search an Artifact Room for its artifact."""
    kind: ClassVar[str] = "search-artifact"


@attrs.frozen
class RoomAction:
    """Trigger the Action Effect of the Room tile."""
    kind: ClassVar[str] = "room-action"


@attrs.frozen
class Climb:
    """Climb the Mineshaft (its Movement check)."""
    kind: ClassVar[str] = "climb"


@attrs.frozen
class Teleport:
    """The Arc Portal: move to any other explored room."""
    kind: ClassVar[str] = "teleport"
    room: str


@attrs.frozen
class Pass:
    """Forfeit the remaining Action tokens (secrets.ambiguity.turn-order-uneven-tokens=may-pass)."""
    kind: ClassVar[str] = "pass"


# Free on one's turn -------------------------------------------------------------------------------

@attrs.frozen
class Drop:
    kind: ClassVar[str] = "drop"
    card: str


@attrs.frozen
class Save:
    """Spend 1 Audacity: a fleeing adventurer in the room gains +1 Courage and stops fleeing."""
    kind: ClassVar[str] = "save"
    seat: int


# Moving -------------------------------------------------------------------------------------------

@attrs.frozen
class Step:
    """Move into an adjacent placed room (or, fleeing from the Tomb's Entrance, "out")."""
    kind: ClassVar[str] = "step"
    room: str


@attrs.frozen
class Explore:
    """Move through a door into the vacant space (x, y) of the current level."""
    kind: ClassVar[str] = "explore"
    x: int
    y: int


@attrs.frozen
class Fall:
    """Fall through an open door to the Mongol's Hall (a Door to Nowhere)."""
    kind: ClassVar[str] = "fall"
    x: int
    y: int


@attrs.frozen
class Stop:
    kind: ClassVar[str] = "stop"


@attrs.frozen
class Push:
    """After a failed evasion: take half the creature's Combat rating as damage and keep moving."""
    kind: ClassVar[str] = "push"


@attrs.frozen
class Rotate:
    """Place the explored Room tile turned ``rotation`` quarter turns clockwise."""
    kind: ClassVar[str] = "rotate"
    rotation: int


@attrs.frozen
class PlaceAt:
    """Place a named Room tile ("Place ...") on the space (x, y) of its level."""
    kind: ClassVar[str] = "place-at"
    x: int
    y: int
    rotation: int


# A dice check -------------------------------------------------------------------------------------

@attrs.frozen
class Boost:
    """Before rolling: spend 1 Audacity to count 4s, 5s and 6s as successes."""
    kind: ClassVar[str] = "boost"


@attrs.frozen
class Roll:
    kind: ClassVar[str] = "roll"


@attrs.frozen
class Reroll:
    """After rolling: reroll every die, paying 1 Audacity (``by`` "audacity") or a special ability's
    token (``by`` its name)."""
    kind: ClassVar[str] = "reroll"
    by: str


@attrs.frozen
class Accept:
    kind: ClassVar[str] = "accept"


@attrs.frozen
class Branch:
    """A Story card's 'Choose Pass' (``passed``) or 'Choose Fail'."""
    kind: ClassVar[str] = "branch"
    passed: bool


# Combat -------------------------------------------------------------------------------------------

@attrs.frozen
class Evade:
    kind: ClassVar[str] = "evade"


@attrs.frozen
class Stand:
    kind: ClassVar[str] = "stand"


@attrs.frozen
class Retreat:
    """A successful evasion: move to ``room``, adjacent and without creatures."""
    kind: ClassVar[str] = "retreat"
    room: str


@attrs.frozen
class Wield:
    """Choose weapons (none: fisticuffs), armor worn, and whether to fight every creature of the room
    (area combat, with a weapon that allows it)."""
    kind: ClassVar[str] = "wield"
    weapons: tuple[str, ...] = ()
    armor: tuple[str, ...] = ()
    area: bool = False


@attrs.frozen
class Brace:
    """Adventurer versus adventurer: the defender spends ``audacity`` (0-3) for +1 Combat rating each, and
    chooses the ``weapons`` (none: fisticuffs) and ``armor`` her combat dice pool is built with, as `Wield`'s
    (her rating is half that pool, rounded up; the weapons are used as the attacker's are)."""
    kind: ClassVar[str] = "brace"
    audacity: int
    weapons: tuple[str, ...] = ()
    armor: tuple[str, ...] = ()


@attrs.frozen
class Redirect:
    """Put ``amount`` points of the damage about to be taken on the companion ``companion``."""
    kind: ClassVar[str] = "redirect"
    companion: str
    amount: int


@attrs.frozen
class Tend:
    """Healing from an effect goes to ``companion`` ("" : the adventurer itself;
    secrets.ambiguity.companions-healing=as-adventurer)."""
    kind: ClassVar[str] = "tend"
    companion: str


@attrs.frozen
class Command:
    """A controlled creature (``creature``) combats another creature (``target``)."""
    kind: ClassVar[str] = "command"
    creature: str
    target: str


# The players' choices in the Tomb Phase and elsewhere -------------------------------------------

@attrs.frozen
class Target:
    """Which of several equally placed adventurers a creature moves toward or engages."""
    kind: ClassVar[str] = "target"
    seat: int


@attrs.frozen
class Next:
    """Which creature initiates its combat next."""
    kind: ClassVar[str] = "next"
    creature: str


@attrs.frozen
class Route:
    """Which room a creature ends its move in, of those on shortest routes."""
    kind: ClassVar[str] = "route"
    room: str


@attrs.frozen
class SpawnIn:
    """Which room the creature spawns in (as evenly as possible)."""
    kind: ClassVar[str] = "spawn-in"
    room: str


# Cards --------------------------------------------------------------------------------------------

@attrs.frozen
class Keep:
    """Keep this card of those just drawn (the others are discarded)."""
    kind: ClassVar[str] = "keep"
    card: str


@attrs.frozen
class Discard:
    kind: ClassVar[str] = "discard"
    card: str


@attrs.frozen
class Take:
    """Take this card (from an Item Drop pile, or as a thief)."""
    kind: ClassVar[str] = "take"
    card: str


@attrs.frozen
class Give:
    """Trade: give ``card`` to the adventurer of seat ``to``."""
    kind: ClassVar[str] = "give"
    card: str
    to: int


@attrs.frozen
class Buy:
    """Buy a Soul Monger Item."""
    kind: ClassVar[str] = "buy"
    item: str


@attrs.frozen
class Service:
    """Buy a Soul Monger Service (``arg``: the status effect to remove, or the adventurer served)."""
    kind: ClassVar[str] = "service"
    service: str
    arg: str = ""


@attrs.frozen
class Sell:
    kind: ClassVar[str] = "sell"
    card: str


@attrs.frozen
class Done:
    """End a trade, a barter with the Soul Monger, picking up, or redirecting damage."""
    kind: ClassVar[str] = "done"


@attrs.frozen
class KeepStatus:
    """Of two status effects of one type, keep this one."""
    kind: ClassVar[str] = "keep-status"
    status: str


@attrs.frozen
class Transform:
    """Alternative Infected Rules: let the Fully Infected adventurer die and become an elite creature."""
    kind: ClassVar[str] = "transform"


@attrs.frozen
class Betray:
    """Keep the Fully Infected adventurer, a traitor."""
    kind: ClassVar[str] = "betray"


ACTION_TYPES: dict[str, type] = {cls.kind: cls for cls in (
    Leader, Drawn, Dice, Choose, Decline, Grant, Move, Search, Fight, Trade, Barter, Use, Ability, Rest,
    PickUp, Steal, PlaceRope, SearchArtifact, RoomAction, Climb, Teleport, Pass, Drop, Save, Step, Explore,
    Fall, Stop, Push, Rotate, PlaceAt, Boost, Roll, Reroll, Accept, Branch, Evade, Stand, Retreat, Wield,
    Brace, Redirect, Tend, Command, Target, Next, Route, SpawnIn, Keep, Discard, Take, Give, Buy, Service, Sell,
    Done, KeepStatus, Transform, Betray)}

#: the actions that spend an Action token
TURN_ACTIONS = (Move, Search, Fight, Trade, Barter, Use, Ability, Rest, PickUp, Steal, PlaceRope, SearchArtifact,
                RoomAction, Climb, Teleport, Pass)


#: one value of each decision that has no fields, made once (the rules list these at every step; each is
#: equal to any other value of its class, so a list holding it is the same list)
DECLINE = Decline()
MOVE = Move()
SEARCH = Search()
BARTER = Barter()
PICK_UP = PickUp()
PLACE_ROPE = PlaceRope()
SEARCH_ARTIFACT = SearchArtifact()
ROOM_ACTION = RoomAction()
CLIMB = Climb()
PASS = Pass()
STOP = Stop()
PUSH = Push()
BOOST = Boost()
ROLL = Roll()
ACCEPT = Accept()
EVADE = Evade()
STAND = Stand()
DONE = Done()
TRANSFORM = Transform()
BETRAY = Betray()


def _made_once(cls: type) -> Any:
    """``cls(*fields)``, one value made per field values and kept (of a decision the rules list at many
    steps with the same fields: a card to drop, a creature to fight, a room to step into); keyed by the
    fields' values and their types (so 1 and True stay apart), at most 4,096 kept, the oldest dropped."""
    return lru_cache(maxsize=4096, typed=True)(cls)


#: the decisions with fields that the legal lists hand out, one value per fields (``_made_once``):
#: ``made_drop(card)`` is ``Drop(card)``, the very value again the next time
made_drop, made_save, made_fight, made_trade = _made_once(Drop), _made_once(Save), _made_once(Fight), _made_once(Trade)
made_use, made_rest, made_steal = _made_once(Use), _made_once(Rest), _made_once(Steal)
made_teleport = _made_once(Teleport)
made_step, made_next = _made_once(Step), _made_once(Next)
