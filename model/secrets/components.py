"""The components of Secrets of the Lost Tomb as data: Room tiles, Tomb, Story, Creature, Item, Artifact,
Soul Monger, Companion and Status Effect cards, Adventurer sheets and scenarios.

The rulebook does not print them, so a *component set* is a TOML file (``docs/secrets-components.md``
documents the format; ``spec/secrets/*.toml`` are the shipped example sets, each saying in its header
that it is an example built by tombspec).  :func:`load_components` validates a file and raises
:class:`~tombspec.spec.errors.InvalidInput` naming the file, the line and the problem.

A card's effect is a tuple of :class:`Op`, each one of the named effect kinds of :data:`OP_KINDS`
that the model acts on; the kind ``text`` holds text the model cannot act on, which it records as a
limitation when it meets it (``secrets.golden-rule.components-supersede``) instead of ignoring it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

import attrs

from tombspec.spec.errors import InvalidInput
from tombspec.spec.inputs import read_toml, set_table_problem

ATTRIBUTES = ("strength", "dexterity", "knowledge", "mythos", "movement")
#: what a dice check may check: an attribute, Audacity (an Audacity check), or nothing (a plain die)
CHECKED = (*ATTRIBUTES, "audacity", "none")
SIDES = ("N", "E", "S", "W")
STORY_SIDES = ("adventure", "misadventure")
CARD_DECKS = ("item", "artifact", "soul-monger")
CREATURE_DECKS = ("base", "elite", "boss")
STATUS_TYPES = ("mental", "physical", "supernatural")
ORIENTATIONS = ("positive", "negative")
WHO = ("self", "each", "room", "first-player", "leader")
SLOTS = ("", "chest", "head", "passive")

#: The effect kinds the model acts on (``docs/secrets-components.md`` documents each).
OP_KINDS = {
    "check": "a dice check of `attribute` at `difficulty`; then `passed` or `failed`",
    "choice": "the adventurer chooses: `passed` ('Choose Pass') or `failed` ('Choose Fail')",
    "damage": "lose `amount` Health (companions may take it); with the flag `d3`, a die read as 1d3",
    "heal": "heal `amount` Health, up to starting Health",
    "courage": "gain (or lose, negative) `amount` Courage",
    "audacity": "gain (or lose) `amount` Audacity, never above 10",
    "soul-shards": "gain (or lose) `amount` Soul Shards",
    "bonus": "an Attribute Bonus token: `amount` to `attribute`",
    "draw": "+X of a card type: draw `amount` cards of `deck` (keep `keep` of them if given)",
    "discard": "-X of a card type: discard `amount` cards of `deck`",
    "gain": "take the card `name` (one the scenario set aside, else from its deck)",
    "status": "gain the Status Effect `name`",
    "random-status": "draw a random Status Effect of `orientation`",
    "remove-status": "remove the Status Effect `name` (any one if empty)",
    "spawn": "spawn `amount` creatures of `deck` (base/elite) `where` (here, red)",
    "boss": "spawn the boss creature `name` in the room `room`",
    "place-room": "'Place ...': search for the Room tile `name` and place it on Level `level`",
    "comet": "move the Comet track by `amount`",
    "flee": "begin fleeing the Tomb",
    "story": "draw a Story card and resolve its `name` side (adventure or misadventure)",
    "harm-creatures": "deal `amount` damage to every creature in the room (`ignore-armor` flag)",
    "control": "control a creature in the room: it combats another creature (creature versus creature)",
    "rope": "place a Rope token (on the current Rope Room and on Mongol's Hall)",
    "flag": "set the scenario flag `name`",
    "win": "the adventurers win (a scenario ending)",
    "lose": "the adventurers lose (a scenario ending)",
    "text": "text the model cannot act on (recorded as a limitation when met)",
}
OP_FIELDS = {"kind", "amount", "attribute", "difficulty", "name", "deck", "who", "level", "keep", "room",
             "where", "orientation", "text", "flags", "passed", "failed"}


@attrs.frozen
class Op:
    """One effect of a component (or a continuation of the engine's own, whose kind is not in
    :data:`OP_KINDS`)."""

    kind: str
    amount: int = 0
    attribute: str = ""
    difficulty: int = 1
    name: str = ""
    deck: str = ""
    who: str = "self"
    level: int = 0
    keep: int = 0
    room: str = ""
    where: str = ""
    orientation: str = ""
    text: str = ""
    flags: tuple[str, ...] = ()
    passed: tuple[Op, ...] = ()
    failed: tuple[Op, ...] = ()


Ops = tuple[Op, ...]


@attrs.frozen
class RoomTile:
    name: str
    levels: tuple[int, ...]
    doors: tuple[str, ...]                 # sides of the unrotated tile bearing the comet icon
    red: bool = False                      # red outline: a spawn room
    starting: bool = False
    stairs: str = ""                       # the starting tile its stairs lead to
    story: str = ""                        # adventure | misadventure | ""
    symbols: tuple[int, ...] = ()          # Scenario Trigger 1/2/3
    trap: int = 0                          # Trap tokens placed when explored
    trap_infinite: bool = False
    trap_effect: Ops = ()
    explore: Ops = ()                      # Exploration Effect
    action: Ops = ()                       # Action Effect
    ongoing: str = ""                      # Ongoing Effect (text)
    artifact: str = ""                     # Artifact Room: the artifact named
    artifact_check: Op | None = None
    soul_monger: bool = False
    rope_room: bool = False
    adjacent_to: str = ""                  # "Adjacent to ..."
    one_way: bool = False                  # ... only from this tile to that one
    place: str = ""                        # "... if not yet explored, search for and place ..."
    place_level: int = 0
    special: str = ""                      # pitfall | mineshaft | arc-portal
    climb: Op | None = None                # the Mineshaft's Movement check
    count: int = 1


@attrs.frozen
class TombCard:
    name: str
    colour: str                            # green (normal) | red (hard)
    effect: Ops = ()
    spawn: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = ((), (), ())
    search: int = 1
    comet: int = 1
    count: int = 1


@attrs.frozen
class StoryCard:
    name: str
    adventure: Ops = ()
    misadventure: Ops = ()
    count: int = 1


@attrs.frozen
class CreatureCard:
    name: str
    deck: str                              # base | elite | boss
    movement: int = 1
    courage_attack: int = 0
    combat: int = 1
    armor: int = 0
    health: int = 1
    evasion: int = 1
    soul_shards: int = 0
    swarm: int = 0                         # "Swarm: X"
    flying: bool = False
    critical: Ops = ()                     # special ability with the critical-failure trigger symbol
    special: Ops = ()                      # other special ability text the model acts on
    upkeep: Ops = ()
    count: int = 1


@attrs.frozen
class Card:
    """An Item, Artifact or Soul Monger Item card."""

    name: str
    deck: str                              # item | artifact | soul-monger
    attribute: str = "general"             # the checked attribute; anything else than general is a weapon
    hands: int = 0
    combat: int = 0                        # combat bonus (dice)
    succeeds_on: tuple[int, ...] = ()      # "Succeeds on a 4, 5, or 6" in combat
    armor: int = 0
    slot: str = ""                         # chest | head | passive
    bonuses: tuple[tuple[str, int], ...] = ()
    requires: tuple[tuple[str, int], ...] = ()
    upkeep_discard: tuple[int, ...] = ()   # Upkeep: "Roll a die. On 1 or 2, discard."
    exhaust: bool = False                  # exhausted when used; refreshes in Upkeep
    uses: int = 0                          # limited uses (0: unlimited)
    use: Ops = ()                          # activated ability (costs an Action token)
    multi_combat: int = 0                  # area combat ('Multi-Combat'): its combat bonus in that mode
    gun: bool = False
    rope: bool = False                     # "Place a Rope Token"
    story_bonus: int = 0                   # "+1 to Story Checks"
    cost: int = 0                          # Soul Monger price
    text: str = ""
    count: int = 1

    @property
    def is_weapon(self) -> bool:
        return self.attribute != "general"


@attrs.frozen
class CompanionCard:
    name: str
    health: int
    bonuses: tuple[tuple[str, int], ...] = ()
    count: int = 1


@attrs.frozen
class StatusCard:
    name: str
    type: str                              # mental | physical | supernatural
    orientation: str                       # positive | negative
    bonuses: tuple[tuple[str, int], ...] = ()
    success: tuple[str, ...] = ()          # checks on which 4s, 5s and 6s succeed ("all": every check)
    upkeep: Ops = ()
    removal: str = ""                      # upkeep | rest | ""
    traitor: bool = False                  # "Fully Infected"
    tokens: int = 0                        # extra Action tokens while held ("Master of Time")
    count: int = 1


@attrs.frozen
class CourageSpace:
    at: int                                # the Courage value (positive track >0, negative track <0)
    bonuses: tuple[tuple[str, int], ...] = ()
    flee: bool = False                     # the space titled "Flee Tomb"


@attrs.frozen
class Ability:
    name: str
    uses: int = 0                          # Special Ability tokens (0: the infinity symbol)
    action: Ops = ()                       # activated: costs an Action token
    discard: str = ""                      # a card tag to discard when used ("gun")
    success: tuple[str, ...] = ()          # ongoing: 4s, 5s and 6s succeed on these checks
    reroll: tuple[str, ...] = ()           # reroll a check of these attributes for a token
    text: str = ""


@attrs.frozen
class AdventurerSheet:
    name: str
    strength: int
    dexterity: int
    knowledge: int
    mythos: int
    movement: int
    health: int
    audacity: int
    courage: int
    items: tuple[str, ...] = ()            # starting Item, Artifact and Soul Monger cards
    status: tuple[str, ...] = ()           # starting Status Effect cards
    companions: tuple[str, ...] = ()       # a solo adventurer's own host of Companions
    solo_only: bool = False
    courage_track: tuple[CourageSpace, ...] = ()
    plus_ten: Ops = ()                     # the one-time +10 Courage bonus
    abilities: tuple[Ability, ...] = ()

    def attribute(self, name: str) -> int:
        return getattr(self, name)


@attrs.frozen
class Condition:
    kind: str                              # boss-killed | all-gone | boss-leaves | comet-at-least | flag
    flag: str = ""                         # only once this scenario flag is set
    name: str = ""
    value: int = 0


@attrs.frozen
class Trigger:
    at: int
    effect: Ops


@attrs.frozen
class SymbolTrigger:
    symbols: tuple[int, ...]
    times: tuple[Ops, ...]                 # 1st Time, 2nd Time, ...
    every: bool = False                    # one effect, triggered every time


@attrs.frozen
class Placement:
    room: str
    level: int
    x: int
    y: int
    rotation: int = 0                      # quarter turns clockwise


@attrs.frozen
class Scenario:
    name: str
    rooms: tuple[Placement, ...] = ()      # Tomb Setup: tiles placed besides the starting tiles
    set_aside: tuple[str, ...] = ()        # cards set aside during scenario setup (cannot be sold)
    comet_end: int = 20                    # the Comet track's last space: the adventurers lose on it
    comet_triggers: tuple[Trigger, ...] = ()
    symbol_triggers: tuple[SymbolTrigger, ...] = ()
    boss: str = ""
    win: tuple[Condition, ...] = ()
    lose: tuple[Condition, ...] = ()
    special_rules: str = ""
    starter: bool = False


SERVICE_KINDS = ("rope", "audacity", "remove-status", "attribute", "heal", "courage", "status", "extra-action")


@attrs.frozen
class Service:
    name: str                              # as printed in the Soul Monger Inventory
    cost: int | None                       # None: no price printed
    kind: str
    attribute: str = ""
    status: str = ""


class Components:
    """A validated component set: every card and tile by name, and the starting layout."""

    def __init__(self, name: str, note: str, layout: tuple[Placement, ...], rooms: tuple[RoomTile, ...],
                 tomb_cards: tuple[TombCard, ...], stories: tuple[StoryCard, ...],
                 creatures: tuple[CreatureCard, ...], cards: tuple[Card, ...],
                 companions: tuple[CompanionCard, ...], statuses: tuple[StatusCard, ...],
                 adventurers: tuple[AdventurerSheet, ...], scenarios: tuple[Scenario, ...],
                 data: dict[str, Any], source: str = "<components>"):
        self.name, self.note, self.layout = name, note, layout
        self.rooms = {r.name: r for r in rooms}
        self.tomb_cards = {t.name: t for t in tomb_cards}
        self.stories = {s.name: s for s in stories}
        self.creatures = {c.name: c for c in creatures}
        self.cards = {c.name: c for c in cards}
        self.companions = {c.name: c for c in companions}
        self.statuses = {s.name: s for s in statuses}
        self.adventurers = {a.name: a for a in adventurers}
        self.scenarios = {s.name: s for s in scenarios}
        self.data = data
        self.source = source

    def scenario(self, name: str | None) -> Scenario:
        if name is None:
            return next(iter(self.scenarios.values()))
        if name not in self.scenarios:
            raise InvalidInput(f"secrets.setup.choose-scenario: no scenario {name!r} in component set "
                               f"{self.name!r}; it has {', '.join(self.scenarios)}", source="<options>")
        return self.scenarios[name]

    @cached_property
    def text_only(self) -> tuple[str, ...]:
        """Every component whose effects hold text the model cannot act on (its recorded limitations)."""
        out = []
        for kind, table in (("room", self.rooms), ("tomb card", self.tomb_cards), ("story", self.stories),
                            ("creature", self.creatures), ("card", self.cards), ("status", self.statuses),
                            ("adventurer", self.adventurers), ("scenario", self.scenarios)):
            for name, comp in table.items():
                if _has_text(comp):
                    out.append(f"{kind}: {name}")
        return tuple(out)

    def to_data(self) -> dict[str, Any]:
        return self.data


def _has_text(value: Any) -> bool:
    """Whether a component holds text the model cannot act on (``text`` effects, or text fields)."""
    if isinstance(value, Op):
        return value.kind == "text" or any(_has_text(o) for o in (*value.passed, *value.failed))
    if isinstance(value, tuple):
        return any(_has_text(v) for v in value)
    if attrs.has(type(value)):
        for f in attrs.fields(type(value)):
            v = getattr(value, f.name)
            if f.name in ("ongoing", "special_rules", "text") and v:
                return True
            if (isinstance(v, (tuple, Op)) or attrs.has(type(v))) and _has_text(v):
                return True
    return False


# --------------------------------------------------------------------------------------------------
# Loading


class _Reader:
    """Validation with file and line: ``fail`` finds the line of the entry being read."""

    def __init__(self, source: str, text: str):
        self.source, self.text = source, text
        self.where: str = ""

    def line_of(self, needle: str) -> int | None:
        if not needle or not self.text:
            return None
        idx = self.text.find(needle)
        return self.text.count("\n", 0, idx) + 1 if idx >= 0 else None

    def fail(self, problem: str, needle: str | None = None) -> InvalidInput:
        needle = needle if needle is not None else self.where
        return InvalidInput(problem, source=self.source, line=self.line_of(f'"{needle}"') or self.line_of(needle))

    # typed getters ----------------------------------------------------------------------------------

    def table(self, raw: Any, what: str, allowed: set[str]) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise self.fail(f"{what} must be a table, not {type(raw).__name__}")
        unknown = set(raw) - allowed
        if unknown:
            raise self.fail(f"{what}: unknown key(s) {', '.join(sorted(unknown))}; known: "
                            f"{', '.join(sorted(allowed))}")
        return raw

    def name(self, raw: dict[str, Any], what: str) -> str:
        value = raw.get("name")
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"every {what} needs a non-empty string 'name'", what)
        self.where = value
        return value

    def int(self, raw: dict[str, Any], key: str, default: int, low: int = 0, high: int = 99) -> int:
        value = raw.get(key, default)
        if type(value) is not int or not low <= value <= high:
            raise self.fail(f"{self.where}: {key!r} must be an integer {low}..{high}, not {value!r}")
        return value

    def bool(self, raw: dict[str, Any], key: str) -> bool:
        value = raw.get(key, False)
        if type(value) is not bool:
            raise self.fail(f"{self.where}: {key!r} must be true or false, not {value!r}")
        return value

    def str(self, raw: dict[str, Any], key: str, choices: tuple[str, ...] | None = None, default: str = "") -> str:
        value = raw.get(key, default)
        if not isinstance(value, str) or (choices is not None and value not in choices):
            allowed = f" one of {', '.join(repr(c) for c in choices)}" if choices else " a string"
            raise self.fail(f"{self.where}: {key!r} must be{allowed}, not {value!r}")
        return value

    def strs(self, raw: dict[str, Any], key: str, choices: tuple[str, ...] | None = None) -> tuple[str, ...]:
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or \
                (choices is not None and any(v not in choices for v in value)):
            allowed = f" of {', '.join(repr(c) for c in choices)}" if choices else ""
            raise self.fail(f"{self.where}: {key!r} must be a list of strings{allowed}, not {value!r}")
        return tuple(value)

    def ints(self, raw: dict[str, Any], key: str, low: int, high: int) -> tuple[int, ...]:
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(type(v) is int and low <= v <= high for v in value):
            raise self.fail(f"{self.where}: {key!r} must be a list of integers {low}..{high}, not {value!r}")
        return tuple(value)

    def bonuses(self, raw: dict[str, Any], key: str) -> tuple[tuple[str, int], ...]:
        value = raw.get(key, {})
        if not isinstance(value, dict) or any(k not in (*ATTRIBUTES, "audacity") or type(v) is not int
                                              for k, v in value.items()):
            raise self.fail(f"{self.where}: {key!r} must map attributes ({', '.join(ATTRIBUTES)}) to integers, "
                            f"not {value!r}")
        return tuple(sorted(value.items()))

    def ops(self, raw: dict[str, Any], key: str) -> Ops:
        value = raw.get(key, [])
        if isinstance(value, dict):
            value = [value]
        if not isinstance(value, list):
            raise self.fail(f"{self.where}: {key!r} must be a list of effects, not {value!r}")
        return tuple(self.op(v, key) for v in value)

    def op(self, raw: Any, key: str) -> Op:
        if isinstance(raw, str):
            raw = {"kind": "text", "text": raw}
        raw = self.table(raw, f"{self.where}: effect in {key!r}", OP_FIELDS)
        kind = raw.get("kind")
        if kind not in OP_KINDS:
            raise self.fail(f"{self.where}: effect kind {kind!r} in {key!r} is not one of "
                            f"{', '.join(OP_KINDS)}")
        attribute = self.str(raw, "attribute", ("", *CHECKED))
        if kind in ("check", "bonus") and not attribute:
            raise self.fail(f"{self.where}: a {kind!r} effect needs an 'attribute'")
        deck = self.str(raw, "deck")
        if kind in ("draw", "discard") and deck not in ("item", "artifact", "companion", "soul-monger"):
            raise self.fail(f"{self.where}: a {kind!r} effect needs 'deck' item, artifact, companion or "
                            f"soul-monger, not {deck!r}")
        if kind == "spawn" and deck not in ("base", "elite"):
            raise self.fail(f"{self.where}: a 'spawn' effect needs 'deck' base or elite, not {deck!r}")
        if kind == "story" and raw.get("name") not in STORY_SIDES:
            raise self.fail(f"{self.where}: a 'story' effect needs 'name' adventure or misadventure")
        if kind == "random-status" and raw.get("orientation") not in ORIENTATIONS:
            raise self.fail(f"{self.where}: a 'random-status' effect needs 'orientation' positive or negative")
        if kind in ("status", "boss", "place-room", "flag", "gain") and not raw.get("name"):
            raise self.fail(f"{self.where}: a {kind!r} effect needs a 'name'")
        if kind == "text" and not raw.get("text"):
            raise self.fail(f"{self.where}: a 'text' effect needs its 'text'")
        flags = self.strs(raw, "flags", ("story", "ignore-armor", "no-audacity", "d3"))
        return Op(kind=kind, amount=self.int(raw, "amount", 1 if kind in ("draw", "discard", "spawn") else 0,
                                             -20, 20),
                  attribute=attribute, difficulty=self.int(raw, "difficulty", 1, 0, 12),
                  name=self.str(raw, "name"), deck=deck, who=self.str(raw, "who", WHO, "self"),
                  level=self.int(raw, "level", 0, 0, 3), keep=self.int(raw, "keep", 0, 0, 10),
                  room=self.str(raw, "room"), where=self.str(raw, "where", ("", "here", "red")),
                  orientation=self.str(raw, "orientation", ("", *ORIENTATIONS)), text=self.str(raw, "text"),
                  flags=flags, passed=self.ops(raw, "passed"), failed=self.ops(raw, "failed"))


ROOM_KEYS = {"name", "levels", "doors", "red", "starting", "stairs", "story", "symbols", "trap", "trap_infinite",
             "trap_effect", "explore", "action", "ongoing", "artifact", "artifact_check", "soul_monger",
             "rope_room", "adjacent_to", "one_way", "place", "place_level", "special", "climb", "count"}
TOMB_KEYS = {"name", "colour", "effect", "spawn", "search", "comet", "count"}
STORY_KEYS = {"name", "adventure", "misadventure", "count"}
CREATURE_KEYS = {"name", "deck", "movement", "courage_attack", "combat", "armor", "health", "evasion",
                 "soul_shards", "swarm", "flying", "critical", "special", "upkeep", "count"}
CARD_KEYS = {"name", "deck", "attribute", "hands", "combat", "succeeds_on", "armor", "slot", "bonuses", "requires",
             "upkeep_discard", "exhaust", "uses", "use", "multi_combat", "gun", "rope", "story_bonus", "cost", "text",
             "count"}
COMPANION_KEYS = {"name", "health", "bonuses", "count"}
STATUS_KEYS = {"name", "type", "orientation", "bonuses", "success", "upkeep", "removal", "traitor", "tokens",
               "count"}
SHEET_KEYS = {"name", *ATTRIBUTES, "health", "audacity", "courage", "items", "status", "companions", "solo_only",
              "courage_track", "plus_ten", "abilities"}
ABILITY_KEYS = {"name", "uses", "action", "discard", "success", "reroll", "text"}
SCENARIO_KEYS = {"name", "rooms", "set_aside", "comet_end", "comet_triggers", "symbol_triggers", "boss", "win",
                 "lose", "special_rules", "starter"}
CONDITION_KINDS = ("boss-killed", "all-gone", "boss-leaves", "comet-at-least", "flag")
TOP_KEYS = {"format", "game", "set", "layout", "rooms", "tomb_cards", "stories", "creatures", "cards",
            "companions", "statuses", "adventurers", "scenarios"}
STARTING_TILES = ("Tomb's Entrance", "Mongol's Hall")


def load_components(path: str | Path) -> Components:
    """Load a component set file; any problem is :class:`InvalidInput` naming the file and line."""
    path = Path(path)
    source = str(path)
    text, doc = read_toml(path, source=source, what="component file")
    return components_from_data(doc, source=source, text=text)


def components_from_data(doc: Any, *, source: str = "<components>", text: str = "") -> Components:
    r = _Reader(source, text)
    if not isinstance(doc, Mapping):
        raise r.fail("a component set must be a table")
    doc = dict(doc)
    if doc.get("format") != 1:
        raise r.fail(f"component set format must be 1, not {doc.get('format')!r}", "format")
    if doc.get("game", "secrets") != "secrets":
        raise r.fail(f"this is a component set for {doc.get('game')!r}, not secrets", "game")
    unknown = set(doc) - TOP_KEYS
    if unknown:
        raise r.fail(f"unknown key(s): {', '.join(sorted(unknown))}; known: {', '.join(sorted(TOP_KEYS))}",
                     sorted(unknown)[0])
    meta = doc.get("set", {})
    problem = set_table_problem(meta)
    if problem is not None:
        raise r.fail(problem, "[set]")
    note = meta.get("note", "")

    def entries(key: str) -> list[dict[str, Any]]:
        value = doc.get(key, [])
        if not isinstance(value, list):
            raise r.fail(f"{key!r} must be an array of tables ([[{key}]])", key)
        return value

    def unique(names: list[str], what: str) -> None:
        seen: set[str] = set()
        for n in names:
            if n in seen:
                raise r.fail(f"{what} {n!r} is defined twice", n)
            seen.add(n)

    rooms = []
    for raw in entries("rooms"):
        r.where = "room"
        raw = r.table(raw, "a [[rooms]] entry", ROOM_KEYS)
        name = r.name(raw, "room")
        levels = r.ints(raw, "levels", 1, 3)
        if not levels:
            raise r.fail(f"room {name!r} needs 'levels' (the levels printed on its back)")
        doors = r.strs(raw, "doors", SIDES)
        if not doors and not raw.get("starting"):
            raise r.fail(f"room {name!r} has no doors: a placed tile needs a door to connect")
        check = raw.get("artifact_check")
        climb = raw.get("climb")
        rooms.append(RoomTile(
            name=name, levels=levels, doors=doors, red=r.bool(raw, "red"), starting=r.bool(raw, "starting"),
            stairs=r.str(raw, "stairs"), story=r.str(raw, "story", ("", *STORY_SIDES)),
            symbols=r.ints(raw, "symbols", 1, 3), trap=r.int(raw, "trap", 0, 0, 9),
            trap_infinite=r.bool(raw, "trap_infinite"), trap_effect=r.ops(raw, "trap_effect"),
            explore=r.ops(raw, "explore"), action=r.ops(raw, "action"), ongoing=r.str(raw, "ongoing"),
            artifact=r.str(raw, "artifact"), artifact_check=r.op(check, "artifact_check") if check else None,
            soul_monger=r.bool(raw, "soul_monger"), rope_room=r.bool(raw, "rope_room"),
            adjacent_to=r.str(raw, "adjacent_to"), one_way=r.bool(raw, "one_way"), place=r.str(raw, "place"),
            place_level=r.int(raw, "place_level", 0, 0, 3),
            special=r.str(raw, "special", ("", "pitfall", "mineshaft", "arc-portal")),
            climb=r.op(climb, "climb") if climb else None, count=r.int(raw, "count", 1, 1, 1)))
        if (rooms[-1].trap_effect or rooms[-1].trap_infinite) and not rooms[-1].trap:
            raise r.fail(f"room {name!r} has a trap effect but no Trap tokens ('trap')")
        if rooms[-1].special == "mineshaft" and rooms[-1].climb is None:
            raise r.fail(f"room {name!r} is a Mineshaft without its Movement check ('climb')")
    unique([x.name for x in rooms], "room")
    by_room = {x.name: x for x in rooms}
    for tile in rooms:
        for other, what in ((tile.stairs, "stairs"), (tile.adjacent_to, "adjacent_to"), (tile.place, "place")):
            if other and other not in by_room:
                raise r.fail(f"room {tile.name!r}: {what} names {other!r}, which is not a room of this set",
                             tile.name)
    for required in STARTING_TILES:
        if required not in by_room:
            raise r.fail(f"secrets.setup.starting-room-tiles: the set needs the starting tile {required!r}", "[set]")

    tombs = []
    for raw in entries("tomb_cards"):
        r.where = "tomb card"
        raw = r.table(raw, "a [[tomb_cards]] entry", TOMB_KEYS)
        name = r.name(raw, "tomb card")
        spawn = raw.get("spawn", [[], [], []])
        if not isinstance(spawn, list) or len(spawn) != 3 or \
                not all(isinstance(lv, list) and all(c in ("base", "elite") for c in lv) for lv in spawn):
            raise r.fail(f"tomb card {name!r}: 'spawn' must list the creatures of Levels 1, 2 and 3 "
                         "(three lists of \"base\"/\"elite\")")
        tombs.append(TombCard(name=name, colour=r.str(raw, "colour", ("green", "red")), effect=r.ops(raw, "effect"),
                              spawn=(tuple(spawn[0]), tuple(spawn[1]), tuple(spawn[2])),
                              search=r.int(raw, "search", 1, 0, 3), comet=r.int(raw, "comet", 1, -3, 3),
                              count=r.int(raw, "count", 1, 1, 9)))
    unique([x.name for x in tombs], "tomb card")
    for colour in ("green", "red"):
        if not any(t.colour == colour for t in tombs):
            raise r.fail(f"secrets.setup.difficulty-by-tomb-cards: the set needs {colour} Tomb cards", "tomb_cards")

    stories = []
    for raw in entries("stories"):
        r.where = "story"
        raw = r.table(raw, "a [[stories]] entry", STORY_KEYS)
        stories.append(StoryCard(name=r.name(raw, "story card"), adventure=r.ops(raw, "adventure"),
                                 misadventure=r.ops(raw, "misadventure"), count=r.int(raw, "count", 1, 1, 9)))
    unique([x.name for x in stories], "story card")

    creatures = []
    for raw in entries("creatures"):
        r.where = "creature"
        raw = r.table(raw, "a [[creatures]] entry", CREATURE_KEYS)
        name = r.name(raw, "creature")
        creatures.append(CreatureCard(
            name=name, deck=r.str(raw, "deck", CREATURE_DECKS), movement=r.int(raw, "movement", 1, 0, 9),
            courage_attack=r.int(raw, "courage_attack", 0, 0, 10), combat=r.int(raw, "combat", 1, 0, 20),
            armor=r.int(raw, "armor", 0, 0, 10), health=r.int(raw, "health", 1, 1, 40),
            evasion=r.int(raw, "evasion", 1, 0, 10), soul_shards=r.int(raw, "soul_shards", 0, 0, 50),
            swarm=r.int(raw, "swarm", 0, 0, 9), flying=r.bool(raw, "flying"), critical=r.ops(raw, "critical"),
            special=r.ops(raw, "special"), upkeep=r.ops(raw, "upkeep"), count=r.int(raw, "count", 1, 1, 9)))
    unique([x.name for x in creatures], "creature")
    for deck in ("base", "elite"):
        if not any(c.deck == deck for c in creatures):
            raise r.fail(f"the set needs {deck} creatures (secrets.tomb-phase.tomb-cards-spawn-base-elite)",
                         "creatures")

    cards = []
    for raw in entries("cards"):
        r.where = "card"
        raw = r.table(raw, "a [[cards]] entry", CARD_KEYS)
        name = r.name(raw, "card")
        card = Card(
            name=name, deck=r.str(raw, "deck", CARD_DECKS), attribute=r.str(raw, "attribute",
                                                                            ("general", *ATTRIBUTES[:4]), "general"),
            hands=r.int(raw, "hands", 0, 0, 2), combat=r.int(raw, "combat", 0, 0, 12),
            succeeds_on=r.ints(raw, "succeeds_on", 1, 6), armor=r.int(raw, "armor", 0, 0, 9),
            slot=r.str(raw, "slot", SLOTS), bonuses=r.bonuses(raw, "bonuses"), requires=r.bonuses(raw, "requires"),
            upkeep_discard=r.ints(raw, "upkeep_discard", 1, 6), exhaust=r.bool(raw, "exhaust"),
            uses=r.int(raw, "uses", 0, 0, 9), use=r.ops(raw, "use"), multi_combat=r.int(raw, "multi_combat", 0, 0, 12),
            gun=r.bool(raw, "gun"), rope=r.bool(raw, "rope"), story_bonus=r.int(raw, "story_bonus", 0, 0, 5),
            cost=r.int(raw, "cost", 0, 0, 99), text=r.str(raw, "text"), count=r.int(raw, "count", 1, 1, 9))
        if card.is_weapon and card.hands == 0:
            raise r.fail(f"card {name!r} is a weapon ({card.attribute}) but says neither 1 nor 2 hands")
        if card.armor and not card.slot:
            raise r.fail(f"card {name!r} gives armor but names no 'slot' (chest, head or passive)")
        cards.append(card)
    unique([x.name for x in cards], "card")

    companions = []
    for raw in entries("companions"):
        r.where = "companion"
        raw = r.table(raw, "a [[companions]] entry", COMPANION_KEYS)
        companions.append(CompanionCard(name=r.name(raw, "companion"), health=r.int(raw, "health", 1, 1, 20),
                                        bonuses=r.bonuses(raw, "bonuses"), count=r.int(raw, "count", 1, 1, 9)))
    unique([x.name for x in companions], "companion")

    statuses = []
    for raw in entries("statuses"):
        r.where = "status"
        raw = r.table(raw, "a [[statuses]] entry", STATUS_KEYS)
        statuses.append(StatusCard(
            name=r.name(raw, "status effect"), type=r.str(raw, "type", STATUS_TYPES),
            orientation=r.str(raw, "orientation", ORIENTATIONS), bonuses=r.bonuses(raw, "bonuses"),
            success=r.strs(raw, "success", (*CHECKED, "all")), upkeep=r.ops(raw, "upkeep"),
            removal=r.str(raw, "removal", ("", "upkeep", "rest")), traitor=r.bool(raw, "traitor"),
            tokens=r.int(raw, "tokens", 0, 0, 3), count=r.int(raw, "count", 1, 1, 9)))
    unique([x.name for x in statuses], "status effect")

    sheets = []
    for raw in entries("adventurers"):
        r.where = "adventurer"
        raw = r.table(raw, "an [[adventurers]] entry", SHEET_KEYS)
        name = r.name(raw, "adventurer")
        track = []
        for space in raw.get("courage_track", []):
            space = r.table(space, f"{name}: a courage_track space", {"at", "bonuses", "flee"})
            track.append(CourageSpace(at=r.int(space, "at", 0, -10, 10), bonuses=r.bonuses(space, "bonuses"),
                                      flee=r.bool(space, "flee")))
        abilities = []
        for ab in raw.get("abilities", []):
            ab = r.table(ab, f"{name}: an ability", ABILITY_KEYS)
            abilities.append(Ability(name=r.str(ab, "name"), uses=r.int(ab, "uses", 0, 0, 9),
                                     action=r.ops(ab, "action"), discard=r.str(ab, "discard", ("", "gun")),
                                     success=r.strs(ab, "success", CHECKED), reroll=r.strs(ab, "reroll", CHECKED),
                                     text=r.str(ab, "text")))
            r.where = name
        sheet = AdventurerSheet(
            name=name, **{a: r.int(raw, a, 1, 0, 12) for a in ATTRIBUTES}, health=r.int(raw, "health", 8, 1, 30),
            audacity=r.int(raw, "audacity", 3, 0, 10), courage=r.int(raw, "courage", 0, -9, 9),
            items=r.strs(raw, "items"), status=r.strs(raw, "status"), companions=r.strs(raw, "companions"),
            solo_only=r.bool(raw, "solo_only"), courage_track=tuple(track), plus_ten=r.ops(raw, "plus_ten"),
            abilities=tuple(abilities))
        for card in sheet.items:
            if card not in {c.name for c in cards}:
                raise r.fail(f"adventurer {name!r} starts with {card!r}, which is not a card of this set")
        for st in sheet.status:
            if st not in {s.name for s in statuses}:
                raise r.fail(f"adventurer {name!r} starts with status {st!r}, which is not in this set")
        for comp in sheet.companions:
            if comp not in {c.name for c in companions}:
                raise r.fail(f"adventurer {name!r} lists companion {comp!r}, which is not in this set")
        sheets.append(sheet)
    unique([x.name for x in sheets], "adventurer")
    if sum(not s.solo_only for s in sheets) < 1:
        raise r.fail("the set needs at least one Adventurer sheet", "adventurers")

    scenarios = []
    for raw in entries("scenarios"):
        r.where = "scenario"
        raw = r.table(raw, "a [[scenarios]] entry", SCENARIO_KEYS)
        name = r.name(raw, "scenario")
        placed = tuple(_placement(r, p, by_room) for p in raw.get("rooms", []))
        r.where = name
        triggers = []
        for t in raw.get("comet_triggers", []):
            t = r.table(t, f"{name}: a comet trigger", {"at", "effect"})
            triggers.append(Trigger(at=r.int(t, "at", 0, 0, 40), effect=r.ops(t, "effect")))
        symbols = []
        for t in raw.get("symbol_triggers", []):
            t = r.table(t, f"{name}: a symbol trigger", {"symbols", "times", "every"})
            times = t.get("times", [])
            if not isinstance(times, list) or not times:
                raise r.fail(f"scenario {name!r}: a symbol trigger needs 'times' (a list of effect lists)")
            symbols.append(SymbolTrigger(symbols=r.ints(t, "symbols", 1, 3),
                                         times=tuple(r.ops({"e": e}, "e") for e in times), every=r.bool(t, "every")))
        conditions = {}
        for key in ("win", "lose"):
            out = []
            for c in raw.get(key, []):
                c = r.table(c, f"{name}: a {key} condition", {"kind", "flag", "name", "value"})
                out.append(Condition(kind=r.str(c, "kind", CONDITION_KINDS), flag=r.str(c, "flag"),
                                     name=r.str(c, "name"), value=r.int(c, "value", 0, 0, 40)))
            conditions[key] = tuple(out)
        boss = r.str(raw, "boss")
        if boss and (boss not in {c.name for c in creatures} or
                     next(c for c in creatures if c.name == boss).deck != "boss"):
            raise r.fail(f"scenario {name!r}: boss {boss!r} is not a boss creature of this set")
        scenarios.append(Scenario(name=name, rooms=placed, set_aside=r.strs(raw, "set_aside"),
                                  comet_end=r.int(raw, "comet_end", 20, 1, 40), comet_triggers=tuple(triggers),
                                  symbol_triggers=tuple(symbols), boss=boss, win=conditions["win"],
                                  lose=conditions["lose"], special_rules=r.str(raw, "special_rules"),
                                  starter=r.bool(raw, "starter")))
    unique([x.name for x in scenarios], "scenario")
    if not scenarios:
        raise r.fail("the set needs at least one scenario (secrets.setup.choose-scenario)", "scenarios")

    layout_raw = doc.get("layout", [])
    if not isinstance(layout_raw, list) or not layout_raw:
        raise r.fail("secrets.setup.starting-room-tiles: [[layout]] must place the starting Room tiles", "layout")
    layout = tuple(_placement(r, p, by_room) for p in layout_raw)
    placed = [p.room for p in layout]
    for required in STARTING_TILES:
        if required not in placed:
            raise r.fail(f"secrets.setup.starting-room-tiles: the layout does not place {required!r}", "layout")
    _check_spaces(r, layout + sum((s.rooms for s in scenarios), ()))
    return Components(meta["name"], note, layout, tuple(rooms), tuple(tombs), tuple(stories), tuple(creatures),
                      tuple(cards), tuple(companions), tuple(statuses), tuple(sheets), tuple(scenarios),
                      data=_plain(doc), source=source)


def _placement(r: _Reader, raw: Any, rooms: dict[str, RoomTile]) -> Placement:
    r.where = "layout"
    raw = r.table(raw, "a placement", {"room", "level", "x", "y", "rotation"})
    room = raw.get("room")
    if room not in rooms:
        raise r.fail(f"a placement names room {room!r}, which is not a room of this set", str(room))
    r.where = room
    level = r.int(raw, "level", 1, 1, 3)
    if level not in rooms[room].levels:
        raise r.fail(f"{room!r} is placed on Level {level}, which its back does not show")
    return Placement(room, level, r.int(raw, "x", 0, -20, 20), r.int(raw, "y", 0, -20, 20),
                     r.int(raw, "rotation", 0, 0, 3))


def _check_spaces(r: _Reader, placements: tuple[Placement, ...]) -> None:
    seen: dict[tuple[int, int, int], str] = {}
    for p in placements:
        key = (p.level, p.x, p.y)
        if key in seen and seen[key] != p.room:
            raise r.fail(f"{p.room!r} and {seen[key]!r} are placed on the same space (Level {p.level}, "
                         f"{p.x}, {p.y})", p.room)
        seen[key] = p.room


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def shipped_sets() -> dict[str, Path]:
    """The example component sets shipped with tombspec, by name."""
    import tombspec.spec

    folder = Path(tombspec.spec.__file__).resolve().parent / "secrets"
    return {p.stem: p for p in sorted(folder.glob("*.toml"))}
