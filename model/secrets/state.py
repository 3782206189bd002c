"""The whole state of a game of Secrets of the Lost Tomb, and nothing else.

The component set and the options are the ruleset's configuration, not state.  Who acts next is a
function of the state (``ruleset.pending(state)``): the head of the ``agenda`` when work is pending,
else the phase (``adventurer``: the ``current`` seat takes a turn).

A *seat* is one Adventurer's place at the table (``secrets.ambiguity.multi-adventurer-turns``,
reading adventurer-as-seat): the player count of the options is the number of Adventurers.

The ``agenda`` is the work the rules have queued, in order: each :class:`Task` is resolved by the rule
module its ``kind`` names (``rules/turn.py`` lists every kind).  A task that needs a decision or a die
stops the engine until a player or chance answers; every other task runs at once.

What lasts from one step to a later one is in ``effects`` (:mod:`tombspec.model.effects`):

* ``courage-lost`` (``secrets.combat.lose-courage-once-per-scenario``): ``subject`` "adventurer|creature";
* ``door-to-nowhere`` (``secrets.explore.door-to-nowhere``): ``value`` the level;
* ``artifact-attempt`` (``secrets.artifacts.room-search-once``): ``subject`` "room|adventurer";
* ``limit-reached`` (``secrets.tomb-phase.limit-stops-spawning``): until the end of the round;
* ``over-limit`` (``secrets.status.alt-infected-elite``): an elite placed at the limit, ``value`` its
  creature id (the limit is exceeded by one while that creature lives);
* ``text-only`` (``secrets.golden-rule.components-supersede``): ``subject`` the text the model met and
  cannot act on;
* ``comet-space`` (``secrets.scenarios.comet-triggers-immediate``): ``value`` a triggered space;
* ``symbol-count`` (``secrets.scenarios.nth-time``): ``value`` the trigger counted;
* ``extra-action`` (``secrets.setup.five-adventurer-extra-actions``): the seat given the additional action;
* ``recruit`` (``secrets.adventurers.choose-new-adventurer``): a seat to choose at the next round;
* ``bought`` (``secrets.ambiguity.reference-soul-monger-attribute-services``): an attribute service bought;
* ``flag``: ``subject`` a scenario flag set; ``boss``: ``value`` the boss's creature id;
  ``boss-killed``: ``subject`` its name.

Every class here is dict-backed (``slots=False``) and keeps its fields in canonical key order
(:func:`~tombspec.model.codec.canonical_order`): a change is one ``__dict__`` copy (:func:`evolve`), and
a digest hands orjson the ``__dict__`` with nothing to sort.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..chance import Deck
from ..codec import canonical_order, encoded_once
from ..draft import evolver, with_field
from ..effects import Effect, find, named
from .components import Op

SEARCH_COLOURS = ("green", "yellow", "red")
ENTRANCE = "Tomb's Entrance"
MONGOLS_HALL = "Mongol's Hall"


@canonical_order
@attrs.frozen(slots=False)
class Held:
    """A card an adventurer holds: an Item, Artifact or Soul Monger Item."""

    name: str
    exhausted: bool = False        # turned a quarter: used, until it refreshes
    turned: bool = False           # a Dexterity weapon with an Upkeep check, used this round
    used: int = 0                  # uses made of a limited-use card
    origin: str = ""               # "" | "start" (starting item) | "set-aside" (scenario setup) | "dropped"
    owner: str = ""                # who set it aside (an Item Drop pile's card), else ""


@canonical_order
@attrs.frozen(slots=False)
class Companion:
    name: str
    health: int


@canonical_order
@attrs.frozen(slots=False)
class Adventurer:
    name: str                      # the Adventurer sheet
    room: str
    health: int
    start_health: int              # secrets.ambiguity.starting-values-hidden: kept in state
    audacity: int
    courage: int
    start_courage: int
    courage_excess: int = 0        # secrets.ambiguity.courage-beyond-range=overflow-tracked
    bonuses: tuple[tuple[str, int], ...] = ()     # Attribute Bonus tokens, by attribute
    cards: tuple[Held, ...] = ()
    companions: tuple[Companion, ...] = ()
    status: tuple[str, ...] = ()
    tokens: tuple[tuple[str, int], ...] = ()      # Special Ability tokens left, by ability
    ropes: int = 0                 # Rope tokens held
    shards: int = 0                # Soul Shards
    fleeing: bool = False
    plus_ten: bool = False         # has had the one-time +10 Courage bonus

    def bonus(self, attribute: str) -> int:
        return sum(n for a, n in self.bonuses if a == attribute)

    def held(self, name: str) -> Held | None:
        for c in self.cards:
            if c.name == name:
                return c
        return None

    def token_count(self, ability: str) -> int:
        for a, n in self.tokens:
            if a == ability:
                return n
        return 0


@canonical_order
@attrs.frozen(slots=False)
class Seat:
    """One Adventurer's place: the Adventurer in the Tomb (or None), and what the seat keeps."""

    adventurer: Adventurer | None
    tokens: int                    # green (ready) Action tokens left this round
    action_tokens: int             # Action tokens the seat owns
    search: int = 0                # Search token: 0 green, 1 yellow, 2 red (SEARCH_COLOURS)
    out: bool = False              # no adventurer and none to come: sits out


@canonical_order
@attrs.frozen(slots=False)
class Room:
    """A Room tile in the Tomb."""

    name: str
    level: int
    x: int
    y: int
    rotation: int = 0              # quarter turns clockwise
    traps: int = 0                 # Trap tokens on it
    rope: bool = False             # a Rope token on it
    drop: tuple[Held, ...] = ()    # cards set aside under its Item Drop token
    shards: int = 0                # Soul Shards left there (secrets.ambiguity.death-other-possessions)
    searched: bool = False         # true from the room's first Search, under every reading (read only under secrets.ambiguity.repeated-search=once-per-room)
    scenario_done: bool = False    # its Scenario Effect has triggered


@canonical_order
@attrs.frozen(slots=False)
class Creature:
    id: int
    name: str                      # its card
    room: str
    damage: int = 0                # Damage tokens (for a swarm: on the current token)
    swarm: int = 0                 # Swarm tokens left

    @property
    def key(self) -> str:
        return f"c{self.id}"


@canonical_order
@attrs.frozen(slots=False)
class Piles:
    """A shuffled deck (a multiset: order is not recorded; each draw is a chance event) and its discards."""

    deck: Deck
    discard: Deck = Deck()

    @property
    def total(self) -> int:
        return self.deck.total + self.discard.total


@canonical_order
@attrs.frozen(slots=False)
class Task:
    """One piece of pending work (``rules/turn.py`` lists the kinds and the module resolving each)."""

    kind: str
    seat: int | None = None
    rule: str = ""                 # the catalog rule that queued it
    ops: tuple[Op, ...] = ()       # component effects (a check's pass branch)
    alt: tuple[Op, ...] = ()       # a check's fail branch
    target: str = ""               # a room, creature key, card, attribute or deck
    n: int = 0                     # an amount, a difficulty, Movement left
    m: int = 0                     # a second number: a dice pool
    flags: tuple[str, ...] = ()
    faces: tuple[int, ...] = ()    # a roll: how many dice show 1, 2, ... 6
    items: tuple[str, ...] = ()    # a list (candidates, a path, cards)


@canonical_order
@attrs.frozen(slots=False)
class Combat:
    """The combat being fought (one at a time; area combat queues the next target)."""

    seat: int                      # the adventurer fighting (attacker, or the engaged one in the Tomb Phase)
    foe: str                       # "c<id>" a creature, "s<seat>" an adventurer
    tomb: bool                     # in the Tomb Phase
    weapons: tuple[str, ...] = ()
    armor: tuple[str, ...] = ()
    area: tuple[str, ...] = ()     # the other targets of an area combat, still to fight
    controlled: str = ""           # creature versus creature: the controlled creature fighting
    rating: int = 0                # adventurer versus adventurer: the defender's Combat rating
    defender_armor: int = 0


#: the fields that keep their value from one step to the next nine times in ten or more, each over 100
#: bytes of the digest's encoding (measured on 50 games): encoded once per value (codec.encoded_once:
#: Secrets' digest about 1.4x faster; Tomb's, whose state is smaller, gained too little to be measured)
@encoded_once("artifacts", "base", "companions", "creatures", "effects", "items", "monger", "rooms", "statuses",
              "story", "tiles", "tomb")
@canonical_order
@attrs.frozen(slots=False)
class SecretsState:
    phase: str                     # setup | adventurer | tomb | over
    seats: tuple[Seat, ...]
    rooms: tuple[Room, ...]
    tiles: Piles                   # the Room tile stack and its discard pile
    tomb: Piles
    story: Piles
    base: Piles
    elite: Piles
    items: Piles
    artifacts: Piles
    companions: Piles
    statuses: Deck                 # the Status Effect deck (not shuffled)
    monger: Deck                   # the Soul Monger Item deck (not shuffled)
    creatures: tuple[Creature, ...] = ()
    boxed: tuple[str, ...] = ()    # cards returned to the box (sold)
    set_aside: tuple[str, ...] = ()  # cards the scenario's Tomb Setup set aside
    gone: tuple[str, ...] = ()     # Adventurer sheets that died or fled the Tomb
    comet: int = 0                 # the Comet track
    round: int = 1
    first: int = 0                 # the holder of the First Player/Comet Track marker
    leader: int = 0                # the Expedition Leader
    current: int = 0               # whose turn it is in the Adventurer Phase
    tomb_card: str = ""            # the Tomb card being resolved
    next_creature: int = 1
    ropes: int = 6                 # Rope tokens left in the supply
    agenda: tuple[Task, ...] = ()
    combat: Combat | None = None
    effects: tuple[Effect, ...] = ()
    outcome: str = ""              # "" | "won" | "lost"
    winners: tuple[int, ...] = ()  # the seats that win (every seat, or a traitor's)

    # Reads ------------------------------------------------------------------------------------------

    def adventurer(self, seat: int) -> Adventurer | None:
        return self.seats[seat].adventurer

    def room(self, name: str) -> Room | None:
        """The placed room ``name`` (the first of that name): read from an index of the rooms by name,
        remembered for the last rooms tuple indexed (kept, so compared by identity: a step asks for
        several rooms of the same tuple, which a step changes about one time in ten)."""
        last = _LAST_ROOMS
        rooms = self.rooms
        if last[0] is not rooms:
            index: dict[str, Room] = {}
            for r in rooms:
                index.setdefault(r.name, r)
            last[0], last[1] = rooms, index
        return last[1].get(name)

    def creature(self, key: str) -> Creature | None:
        """The creature whose ``key`` is ``key``: read by its number (no key built per creature) when
        ``key`` is one a creature's number gives ("c" and the number, as ``Creature.key`` writes it)."""
        n = _KEY_IDS.get(key) if type(key) is str else None
        if n is None:
            n = _key_id(key)
            if n is None:
                for c in self.creatures:
                    if c.key == key:
                        return c
                return None
        for c in self.creatures:
            if c.id == n:
                return c
        return None

    def creatures_in(self, room: str) -> tuple[Creature, ...]:
        """The creatures in ``room``: remembered for the last creatures tuple and room asked (a turn's
        decisions ask it of the same ones several times; the tuple kept, so compared by identity)."""
        last = _LAST_IN
        creatures = self.creatures
        if last[0] is creatures and last[1] == room:
            return last[2]
        out = tuple([c for c in creatures if c.room == room])
        last[0], last[1], last[2] = creatures, room, out
        return out

    def seats_in(self, room: str) -> tuple[int, ...]:
        """The seats whose adventurer is in ``room``: remembered as ``creatures_in`` is, by the seats."""
        last = _LAST_IN
        seats = self.seats
        if last[3] is seats and last[4] == room:
            return last[5]
        out = tuple([i for i, s in enumerate(seats) if s.adventurer is not None and s.adventurer.room == room])
        last[3], last[4], last[5] = seats, room, out
        return out

    def in_tomb(self) -> tuple[int, ...]:
        return tuple([i for i, s in enumerate(self.seats) if s.adventurer is not None])

    def has_flag(self, flag: str) -> bool:
        return any(e.subject == flag for e in named(self.effects, "flag"))

    @property
    def boss(self) -> Creature | None:
        e = find(self.effects, "boss")
        return None if e is None else self.creature(f"c{e.value}")

    # Builders ---------------------------------------------------------------------------------------

    def with_seat(self, seat: int, **changes: object) -> "SecretsState":
        seats = list(self.seats)
        seats[seat] = evolve(seats[seat], **changes)
        return _with(self, "seats", tuple(seats))

    def with_adventurer(self, seat: int, **changes: object) -> "SecretsState":
        s = self.seats[seat]
        adv = s.adventurer
        assert adv is not None, f"seat {seat} has no adventurer"
        seats = list(self.seats)
        seats[seat] = _with(s, "adventurer", evolve(adv, **changes))
        return _with(self, "seats", tuple(seats))

    def with_room(self, name: str, **changes: object) -> "SecretsState":
        return evolve(self, rooms=tuple(evolve(r, **changes) if r.name == name else r for r in self.rooms))

    def with_creature(self, key: str, **changes: object) -> "SecretsState":
        return evolve(self, creatures=tuple(evolve(c, **changes) if c.key == key else c for c in self.creatures))

    def push(self, *tasks: Task) -> "SecretsState":
        """Queue ``tasks`` before everything pending (they are resolved next, in order)."""
        return _with(self, "agenda", (*tasks, *self.agenda))

    def replace_head(self, *tasks: Task) -> "SecretsState":
        """The head of the agenda resolved into ``tasks`` (resolved next, in order): ``pop`` then ``push``."""
        return _with(self, "agenda", (*tasks, *self.agenda[1:]))

    def then(self, *tasks: Task) -> "SecretsState":
        """Queue ``tasks`` after everything pending."""
        return _with(self, "agenda", (*self.agenda, *tasks))

    def pop(self) -> "SecretsState":
        return _with(self, "agenda", self.agenda[1:])

    @property
    def head(self) -> Task | None:
        return self.agenda[0] if self.agenda else None


#: the last rooms tuple ``room`` indexed, and its index (each room by its name)
_LAST_ROOMS: list[Any] = [None, {}]


#: the last answers of ``creatures_in`` (creatures, room, answer) and ``seats_in`` (seats, room, answer)
_LAST_IN: list[Any] = [None, None, (), None, None, ()]


#: the creature keys read so far and the number each names (``SecretsState.creature``)
_KEY_IDS: dict[str, int] = {}


def _key_id(key: Any) -> int | None:
    """The number of the creature whose key is ``key`` ("c" and its decimal digits, written as a number
    is, as ``Creature.key`` writes it), remembered; None for any other key."""
    if type(key) is not str or key[:1] != "c":
        return None
    digits = key[1:]
    if not (digits.isascii() and digits.isdigit()) or str(int(digits)) != digits:
        return None
    n = _KEY_IDS[key] = int(digits)
    return n




#: ``attrs.evolve`` for the classes of this module, one ``__dict__`` copy each (model/draft.py)
evolve = evolver(Held, Companion, Adventurer, Seat, Room, Creature, Piles, Task, Combat, SecretsState)
_with = with_field

