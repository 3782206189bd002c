"""The cards of Tomb (and Tomb: Cryptmaster) as data: characters, Inn cards and Crypt cards.

The rulebooks print the rules, not the 84 characters or the 200 crypt cards, so a card set is a file
in a documented, validated format (``docs/tomb-components.md``); ``spec/tomb/cards/*.toml`` and
``spec/cryptmaster/cards/*.toml`` are the shipped examples, built by tombspec from every card the
rulebooks quote plus invented ones that exercise every rule.

A card's dice are given per Attribute and colour (``attack = { green = 1, blue = 2 }``: the reading
``tomb.ambiguity.monster-attribute-notation = card-table``).  A card's special ability is one of a
named set of *effect kinds* the model acts on (:data:`EFFECT_KINDS`), or ``text`` only: the model
then cannot act on it and says so (:func:`CardSet.limitations`).

>>> cards = load_cards(shipped_card_sets("tomb")["example"])
>>> cards.characters["Dread"].dice["skill"]
(2, 2, 2)
>>> cards.crypt["Komodo"].effects[0].kind
'trap-tn-bonus'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from tombspec.spec.errors import InvalidInput
from tombspec.spec.inputs import read_toml

ATTRIBUTES = ("attack", "skill", "magic", "holiness")
COLOURS = ("green", "blue", "red")
CLASSES = ("cleric", "fighter", "rogue", "wizard")
#: The Inn decks of Tomb, in the order the state keeps them; Cryptmaster adds "cryptmaster".
INN_DECKS = ("prayer", "spell", "item", "tactics", "cryptmaster")
CRYPT_TYPES = ("monster", "trap", "treasure", "curse")
#: The six traits one Character may hold only one card of (tomb.attach.one-card-per-trait).
LIMITED_TRAITS = ("armor", "bow", "glove", "helm", "shield", "weapon")
TIMINGS = ("passive", "turn", "battle", "react", "turn-battle", "free")
TRIGGERS = ("before-entering-crypt", "before-monster-attack", "after-attack-roll", "wounds-suffered",
            "monsters-revealed", "first-trap-announced")

NO_DICE = (0, 0, 0)
Dice = tuple[int, int, int]


# --------------------------------------------------------------------------------------------------
# Effect kinds: what a card's special ability does, in words the model acts on


@attrs.frozen
class KindSpec:
    """An effect kind: where it may appear, its timing, its trigger, and its parameters."""

    timings: tuple[str, ...]
    params: tuple[str, ...] = ()       # required parameters
    optional: tuple[str, ...] = ()
    trigger: str | None = None
    doc: str = ""


#: Every effect kind the model acts on.  ``text`` is the one kind it cannot act on.
EFFECT_KINDS: dict[str, KindSpec] = {
    # Traits (automatic text: tomb.actions.passive-text-automatic)
    "extra-battle-action": KindSpec(("passive",), ("value",), doc="perform VALUE extra combat actions each Combat Round"),
    "bonus-per-class": KindSpec(("passive",), ("attribute", "colour", "class"), ("value",),
                                doc="VALUE dice of COLOUR to ATTRIBUTE for each CLASS Character in the Party"),
    "hp-per-other-character": KindSpec(("passive",), ("value",),
                                       doc="+VALUE HP for each other Character in the Party"),
    "wounds-only-from": KindSpec(("passive",), ("colours",), doc="suffers Wounds only from dice of COLOURS"),
    "trap-tn-bonus": KindSpec(("passive",), ("value",), trigger="first-trap-announced",
                              doc="revealed when the first Trap of its Crypt is announced; its Traps gain +VALUE TN"),
    "on-reveal-draw": KindSpec(("passive",), ("decks",), doc="when revealed, draw one Inn card from each of DECKS and attach it"),
    "on-reveal-contest": KindSpec(("passive",), ("attribute",),
                                  doc="when revealed, a contested ATTRIBUTE roll against a Character of the Raiding "
                                      "Party (its player's choice); if the Monster wins, the Party gives one attached "
                                      "Treasure to another Party"),
    # Reacts
    "weaken": KindSpec(("react",), (), ("value",), trigger="before-monster-attack",
                       doc="remove VALUE (1) die of each colour from the attacking Monster's Attack roll"),
    "temp-hp": KindSpec(("react",), ("value",), trigger="before-entering-crypt",
                        doc="one Character gains +VALUE HP until the end of the Turn"),
    "peek": KindSpec(("react",), (), ("value",), trigger="before-entering-crypt", doc="look at one card in the Crypt"),
    "volley": KindSpec(("react",), (), ("green", "blue", "red"), trigger="monsters-revealed",
                       doc="roll the dice; each success inflicts one Wound on one Monster"),
    "reroll-miss": KindSpec(("react",), (), ("value",), trigger="after-attack-roll",
                            doc="re-roll VALUE (1) of the missed dice of the holder's Attack roll"),
    "ward": KindSpec(("react",), ("attribute",), ("tn", "value"), trigger="wounds-suffered",
                     doc="when the holder would suffer Wounds, roll ATTRIBUTE; at least TN successes prevent VALUE Wounds"),
    # Battle, Turn and Turn/Battle actions
    "party-dice": KindSpec(("battle", "turn-battle"), ("colour",), ("value",),
                           doc="the Party gains VALUE dice of COLOUR on its rolls for the rest of the Combat"),
    "storm": KindSpec(("battle",), ("attribute", "times"),
                      doc="roll ATTRIBUTE TIMES times; the successes are Wounds the caster's player places on the "
                          "Monsters, then on the Characters of his Party"),
    "heal": KindSpec(("turn", "battle", "turn-battle"), ("value",), doc="remove up to VALUE Wounds from one Character"),
    "raid-adjacent": KindSpec(("turn",), (), doc="raid a Crypt the Party is adjacent to but not at its Crypt Door"),
    # Trap failures
    "wound-each": KindSpec(("failure",), ("value",), doc="each Character of the Raiding Party suffers VALUE Wounds"),
    "wound-party": KindSpec(("failure",), ("value",), doc="the Raiding Party suffers VALUE Wounds, placed by its player"),
    "kill-fewest": KindSpec(("failure",), ("attribute",), doc="the Character with the fewest ATTRIBUTE dice dies"),
    "nothing": KindSpec(("failure",), doc="no consequence"),
    # Cryptmaster: curses and cryptmaster cards (CM effects)
    "cm-monster-dice": KindSpec(("cm",), ("attribute", "colour"), ("value",),
                                doc="CM: one Monster gains VALUE dice of COLOUR to ATTRIBUTE for the rest of the Raid"),
    "cm-trap-tn": KindSpec(("cm",), (), ("value",), doc="CM: the announced Trap gains +VALUE TN"),
    "cm-wound": KindSpec(("cm",), (), ("value",), doc="CM: one Character present in the Raid suffers VALUE Wounds"),
    # Text only: the model cannot act on it (a recorded limitation, never a silent no-op)
    "text": KindSpec(TIMINGS + ("failure", "cm"), doc="card text the model cannot act on"),
}

PARAM_TYPES = {"value": int, "tn": int, "times": int, "green": int, "blue": int, "red": int,
               "attribute": str, "colour": str, "class": str, "colours": list, "decks": list, "text": str}


@attrs.frozen
class CardEffect:
    """One special ability of a card, as an effect kind with its parameters."""

    kind: str
    timing: str = "passive"
    trigger: str | None = None
    attribute: str | None = None
    colour: str | None = None
    value: int = 1
    tn: int = 1
    times: int = 1
    dice: Dice = NO_DICE
    cls: str | None = None
    colours: tuple[str, ...] = ()
    decks: tuple[str, ...] = ()
    text: str = ""

    @property
    def acts(self) -> bool:
        """False for ``text``: the model cannot act on it."""
        return self.kind != "text"


# --------------------------------------------------------------------------------------------------
# The cards


@attrs.frozen
class CharacterCard:
    name: str
    classes: tuple[str, ...]
    hp: int
    dice: Mapping[str, Dice]
    movement: int = 0
    effects: tuple[CardEffect, ...] = ()
    keywords: tuple[str, ...] = ()       # Cryptmaster traits: "pariah", "mercenary", "cursed", ...
    text: str = ""

    def has(self, cls: str) -> bool:
        return cls in self.classes


@attrs.frozen
class InnCard:
    """A Prayer, Spell, Item, Tactics (or Cryptmaster) card."""

    name: str
    deck: str
    count: int = 1
    traits: tuple[str, ...] = ()         # Tomb traits / Cryptmaster keywords, lower case
    bonus: Mapping[str, Dice] = attrs.field(factory=dict)
    raise_: Mapping[str, int] = attrs.field(factory=dict)
    hp: int = 0
    movement: int = 0
    effects: tuple[CardEffect, ...] = ()
    after_use: str = "attach"            # "attach" | "discard" (tomb.cards.tactics-attach-or-discard)
    cm: bool = False                     # Cryptmaster: labelled "CM"
    text: str = ""

    @property
    def kind(self) -> str:
        return self.deck


@attrs.frozen
class CryptCard:
    """A Monster, Trap, Treasure (or Cryptmaster Curse) card."""

    name: str
    type: str
    count: int = 1
    xp: int = 0
    hp: int = 0
    dice: Mapping[str, Dice] = attrs.field(factory=dict)
    traits: tuple[str, ...] = ()
    bonus: Mapping[str, Dice] = attrs.field(factory=dict)
    raise_: Mapping[str, int] = attrs.field(factory=dict)
    hp_bonus: int = 0
    movement: int = 0
    effects: tuple[CardEffect, ...] = ()
    characters: int = 1                              # Trap: how many Characters may disarm
    disarm: tuple[tuple[str, int], ...] = ()         # Trap: (attribute, TN) per Target Number
    failure: CardEffect | None = None                # Trap: the failure consequence
    attribute: str | None = None                     # Curse: the attribute of the lifting roll
    tn: int = 0                                      # Curse: its TN
    overlord: bool = False                           # Cryptmaster overlord (a Monster)
    text: str = ""


@attrs.frozen
class CardSet:
    """A whole card set: the Character Pool, the Inn decks, the Crypt deck (and overlords)."""

    name: str
    characters: Mapping[str, CharacterCard]
    inn: Mapping[str, InnCard]
    crypt: Mapping[str, CryptCard]
    note: str = ""
    source: str = "<cards>"
    data: Mapping[str, Any] = attrs.field(factory=dict, eq=False)

    def card(self, name: str) -> InnCard | CryptCard:
        return self.inn[name] if name in self.inn else self.crypt[name]

    def is_inn(self, name: str) -> bool:
        return name in self.inn

    def deck_counts(self, deck: str) -> dict[str, int]:
        return {c.name: c.count for c in self.inn.values() if c.deck == deck}

    def crypt_counts(self, overlords: bool = False) -> dict[str, int]:
        return {c.name: c.count for c in self.crypt.values() if c.overlord == overlords}

    def limitations(self) -> list[str]:
        """Every card text the model cannot act on (effect kind ``text``), as sentences."""
        out = []
        for group in (self.characters, self.inn, self.crypt):
            for card in group.values():
                for e in card.effects:
                    if not e.acts:
                        out.append(f"{card.name}: '{e.text or card.text}' is text only; the model cannot act on it")
        for card in self.crypt.values():
            if card.failure is not None and not card.failure.acts:
                out.append(f"{card.name}: its failure '{card.failure.text}' is text only")
        return out

    def to_data(self) -> dict[str, Any]:
        return dict(self.data)


# --------------------------------------------------------------------------------------------------
# Loading


_NAME_RE = re.compile(r"^[A-Za-z0-9' .,:!&()-]+$")


class _Loader:
    def __init__(self, source: str, text: str, games: tuple[str, ...]):
        self.source, self.text, self.games = source, text, games

    def fail(self, problem: str, needle: str | None = None) -> InvalidInput:
        line = None
        if needle and self.text:
            idx = self.text.find(needle)
            line = self.text.count("\n", 0, idx) + 1 if idx >= 0 else None
        return InvalidInput(problem, source=self.source, line=line)

    def where(self, name: str) -> str:
        return f'"{name}"'

    def dice(self, raw: Any, what: str, name: str, *, allow_negative: bool = False) -> Dice:
        if raw is None:
            return NO_DICE
        if not isinstance(raw, dict) or set(raw) - set(COLOURS):
            raise self.fail(f"{name}: {what} must be a table of green/blue/red dice counts, not {raw!r}",
                            self.where(name))
        out = []
        for c in COLOURS:
            n = raw.get(c, 0)
            if type(n) is not int or (n < 0 and not allow_negative):
                raise self.fail(f"{name}: {what}.{c} must be a whole number of dice"
                                f"{'' if allow_negative else ' (0 or more)'}, not {n!r}", self.where(name))
            out.append(n)
        return (out[0], out[1], out[2])

    def attributes(self, raw: dict[str, Any], name: str, *, allow_negative: bool = False) -> dict[str, Dice]:
        return {a: self.dice(raw.get(a), a, name, allow_negative=allow_negative) for a in ATTRIBUTES
                if raw.get(a) is not None}

    def raises(self, raw: Any, name: str) -> dict[str, int]:
        if raw is None:
            return {}
        if not isinstance(raw, dict) or set(raw) - set(ATTRIBUTES) or \
                not all(type(v) is int for v in raw.values()):
            raise self.fail(f"{name}: raise must be a table of attribute -> steps (negative lowers)",
                            self.where(name))
        return dict(raw)

    def text_list(self, raw: Any, what: str, name: str, allowed: Iterable[str] | None = None) -> tuple[str, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
            raise self.fail(f"{name}: {what} must be a list of strings", self.where(name))
        out = tuple(t.lower() for t in raw)
        if allowed is not None:
            bad = [t for t in out if t not in allowed]
            if bad:
                raise self.fail(f"{name}: {what} {bad[0]!r} is not one of {', '.join(allowed)}",
                                self.where(name))
        return out

    def effect(self, raw: Any, name: str, *, default_timing: str = "passive",
               allowed_timings: tuple[str, ...] | None = None) -> CardEffect:
        if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
            raise self.fail(f"{name}: an effect must be a table with a string 'kind'", self.where(name))
        kind = raw["kind"]
        spec = EFFECT_KINDS.get(kind)
        if spec is None:
            raise self.fail(f"{name}: unknown effect kind {kind!r}; the model acts on "
                            f"{', '.join(sorted(EFFECT_KINDS))} (use 'text' for what it cannot act on)",
                            self.where(name))
        timing = raw.get("timing", spec.timings[0] if kind != "text" else default_timing)
        if timing not in spec.timings or (allowed_timings is not None and timing not in allowed_timings):
            raise self.fail(f"{name}: effect {kind!r} cannot have timing {timing!r} here "
                            f"(it takes {', '.join(t for t in spec.timings if allowed_timings is None or t in allowed_timings) or 'none here'})",
                            self.where(name))
        known = {"kind", "timing", "trigger", *spec.params, *spec.optional, "text"}
        unknown = set(raw) - known
        if unknown:
            raise self.fail(f"{name}: effect {kind!r} takes no parameter {', '.join(sorted(unknown))} "
                            f"(it takes {', '.join(spec.params + spec.optional) or 'none'})", self.where(name))
        missing = [p for p in spec.params if p not in raw]
        if missing:
            raise self.fail(f"{name}: effect {kind!r} needs {', '.join(missing)}", self.where(name))
        for p, v in raw.items():
            want = PARAM_TYPES.get(p)
            if want is not None and type(v) is not want:
                raise self.fail(f"{name}: effect parameter {p} must be {want.__name__}, not {v!r}",
                                self.where(name))
        trigger = raw.get("trigger", spec.trigger)
        if kind == "text" and timing == "react" and trigger is None:
            trigger = None
        if trigger is not None and trigger not in TRIGGERS:
            raise self.fail(f"{name}: trigger {trigger!r} is not one of {', '.join(TRIGGERS)}", self.where(name))
        attribute = raw.get("attribute")
        if attribute is not None and attribute not in ATTRIBUTES:
            raise self.fail(f"{name}: attribute {attribute!r} is not one of {', '.join(ATTRIBUTES)}",
                            self.where(name))
        colour = raw.get("colour")
        if colour is not None and colour not in COLOURS:
            raise self.fail(f"{name}: colour {colour!r} is not one of {', '.join(COLOURS)}", self.where(name))
        colours = tuple(raw.get("colours", ()))
        if any(c not in COLOURS for c in colours):
            raise self.fail(f"{name}: colours must be among {', '.join(COLOURS)}", self.where(name))
        decks = tuple(raw.get("decks", ()))
        if any(d not in INN_DECKS for d in decks):
            raise self.fail(f"{name}: decks must be among {', '.join(INN_DECKS)}", self.where(name))
        cls = raw.get("class")
        if cls is not None and cls not in CLASSES:
            raise self.fail(f"{name}: class {cls!r} is not one of {', '.join(CLASSES)}", self.where(name))
        for p in ("value", "tn", "times"):
            if p in raw and raw[p] < (0 if p != "times" else 1):
                raise self.fail(f"{name}: effect parameter {p} must be positive", self.where(name))
        return CardEffect(kind, timing, trigger, attribute, colour, raw.get("value", 1), raw.get("tn", 1),
                          raw.get("times", 1), (raw.get("green", 0), raw.get("blue", 0), raw.get("red", 0)),
                          cls, colours, decks, raw.get("text", ""))

    def effects(self, raw: Any, name: str, **kw: Any) -> tuple[CardEffect, ...]:
        if raw is None:
            return ()
        if isinstance(raw, dict):
            raw = [raw]
        if not isinstance(raw, list):
            raise self.fail(f"{name}: effects must be a list of tables", self.where(name))
        return tuple(self.effect(r, name, **kw) for r in raw)

    def keys(self, raw: dict[str, Any], allowed: set[str], name: str) -> None:
        unknown = set(raw) - allowed
        if unknown:
            raise self.fail(f"{name}: unknown key(s) {', '.join(sorted(unknown))} "
                            f"(known: {', '.join(sorted(allowed))})", self.where(name))

    def name_of(self, raw: Any, what: str, seen: set[str]) -> str:
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"]:
            raise self.fail(f"every [[{what}]] entry needs a string 'name'")
        name = raw["name"]
        if not _NAME_RE.match(name):
            raise self.fail(f"{name!r}: a card name may use letters, digits, spaces and ' . , : ! & ( ) -",
                            self.where(name))
        if name in seen:
            raise self.fail(f"{name!r} is defined twice (card names are unique across the set)", self.where(name))
        seen.add(name)
        return name

    def count(self, raw: dict[str, Any], name: str) -> int:
        n = raw.get("count", 1)
        if type(n) is not int or n < 1:
            raise self.fail(f"{name}: count must be a whole number of copies, 1 or more, not {n!r}",
                            self.where(name))
        return n

    def positive(self, raw: dict[str, Any], key: str, name: str, default: int = 0, low: int = 0) -> int:
        n = raw.get(key, default)
        if type(n) is not int or n < low:
            raise self.fail(f"{name}: {key} must be a whole number, {low} or more, not {n!r}", self.where(name))
        return n


def cards_from_data(doc: Any, *, source: str = "<cards>", text: str = "",
                    games: tuple[str, ...] = ("tomb", "cryptmaster")) -> CardSet:
    """A card set from its TOML/JSON data; any problem is :class:`InvalidInput` naming file and line."""
    ld = _Loader(source, text, games)
    if not isinstance(doc, dict):
        raise ld.fail("a card set must be a table")
    if doc.get("format") != 1:
        raise ld.fail(f"card set format must be 1, not {doc.get('format')!r}")
    if doc.get("game") not in games:
        raise ld.fail(f"this card set is for {doc.get('game')!r}, not {' or '.join(games)}")
    ld.keys(doc, {"format", "game", "set", "base", "omit", "characters", "cards", "crypt"}, "the card set")
    if "base" in doc:
        doc = _with_base(doc, ld, games)
    meta = doc.get("set", {})
    if not isinstance(meta, dict) or not isinstance(meta.get("name"), str):
        raise ld.fail("[set] needs a string 'name'")
    seen: set[str] = set()
    chars: dict[str, CharacterCard] = {}
    for raw in doc.get("characters", []):
        name = ld.name_of(raw, "characters", seen)
        ld.keys(raw, {"name", "classes", "hp", *ATTRIBUTES, "movement", "abilities", "keywords", "text"}, name)
        hp = ld.positive(raw, "hp", name, low=1, default=0)
        chars[name] = CharacterCard(
            name, ld.text_list(raw.get("classes"), "classes", name, CLASSES), hp, ld.attributes(raw, name),
            ld.positive(raw, "movement", name), ld.effects(raw.get("abilities"), name),
            ld.text_list(raw.get("keywords"), "keywords", name), raw.get("text", ""))
    inn: dict[str, InnCard] = {}
    for raw in doc.get("cards", []):
        name = ld.name_of(raw, "cards", seen)
        ld.keys(raw, {"name", "deck", "count", "traits", "keywords", *ATTRIBUTES, "raise", "hp", "movement",
                      "timing", "effect", "after_use", "cm", "text"}, name)
        deck = raw.get("deck")
        if deck not in INN_DECKS:
            raise ld.fail(f"{name}: deck must be one of {', '.join(INN_DECKS)}, not {deck!r}", ld.where(name))
        if deck == "cryptmaster" and "cryptmaster" not in games:
            raise ld.fail(f"{name}: Tomb has no cryptmaster deck (Tomb: Cryptmaster does)", ld.where(name))
        effects = ()
        if "effect" in raw:
            eff = dict(raw["effect"]) if isinstance(raw["effect"], dict) else raw["effect"]
            if isinstance(eff, dict) and "timing" not in eff and "timing" in raw:
                eff["timing"] = raw["timing"]
            allowed = ("cm", "text") if deck == "cryptmaster" else None
            effects = ld.effects(eff, name, default_timing=raw.get("timing", "passive"),
                                 allowed_timings=(("cm",) + TIMINGS) if allowed else None)
        after = raw.get("after_use", "discard" if deck == "cryptmaster" else "attach")
        if after not in ("attach", "discard"):
            raise ld.fail(f"{name}: after_use must be attach or discard", ld.where(name))
        if not isinstance(raw.get("cm", False), bool):
            raise ld.fail(f"{name}: cm must be true or false", ld.where(name))
        traits = ld.text_list(raw.get("traits"), "traits", name) + ld.text_list(raw.get("keywords"), "keywords", name)
        inn[name] = InnCard(name, deck, ld.count(raw, name), traits, ld.attributes(raw, name),
                            ld.raises(raw.get("raise"), name), ld.positive(raw, "hp", name),
                            ld.positive(raw, "movement", name), effects, after, raw.get("cm", False),
                            raw.get("text", ""))
    crypt: dict[str, CryptCard] = {}
    for raw in doc.get("crypt", []):
        name = ld.name_of(raw, "crypt", seen)
        ctype = raw.get("type")
        if ctype not in CRYPT_TYPES or (ctype == "curse" and "cryptmaster" not in games):
            allowed = CRYPT_TYPES if "cryptmaster" in games else CRYPT_TYPES[:3]
            raise ld.fail(f"{name}: type must be one of {', '.join(allowed)}, not {ctype!r}", ld.where(name))
        common = {"name", "type", "count", "xp", "text", "effects"}
        by_type = {
            "monster": {"hp", *ATTRIBUTES, "overlord"},
            "trap": {"characters", "disarm", "failure"},
            "treasure": {"traits", "keywords", *ATTRIBUTES, "raise", "hp", "movement"},
            "curse": {"attribute", "tn", *ATTRIBUTES, "raise", "hp", "movement", "keywords"},
        }[ctype]
        ld.keys(raw, common | by_type, name)
        xp = raw.get("xp", 0)
        if type(xp) is not int:
            raise ld.fail(f"{name}: xp must be a whole number, not {xp!r}", ld.where(name))
        effects = ld.effects(raw.get("effects"), name)
        card = CryptCard(name, ctype, ld.count(raw, name), xp, effects=effects, text=raw.get("text", ""))
        if ctype == "monster":
            overlord = raw.get("overlord", False)
            if not isinstance(overlord, bool) or (overlord and "cryptmaster" not in games):
                raise ld.fail(f"{name}: overlord must be true or false (Tomb: Cryptmaster only)", ld.where(name))
            card = attrs.evolve(card, hp=ld.positive(raw, "hp", name, low=1), dice=ld.attributes(raw, name),
                                overlord=overlord)
        elif ctype == "trap":
            disarm = raw.get("disarm")
            if not isinstance(disarm, list) or not disarm:
                raise ld.fail(f"{name}: a Trap needs disarm = [{{ attribute = ..., tn = ... }}, ...]", ld.where(name))
            pairs = []
            for d in disarm:
                if not isinstance(d, dict) or d.get("attribute") not in ATTRIBUTES or type(d.get("tn")) is not int \
                        or d["tn"] < 0 or set(d) - {"attribute", "tn"}:
                    raise ld.fail(f"{name}: each disarm entry is {{ attribute = attack|skill|magic|holiness, "
                                  f"tn = N }}, not {d!r}", ld.where(name))
                pairs.append((d["attribute"], d["tn"]))
            if len({a for a, _ in pairs}) != len(pairs):
                raise ld.fail(f"{name}: one Target Number per attribute", ld.where(name))
            failure = ld.effect(raw.get("failure", {"kind": "nothing"}), name, allowed_timings=("failure",),
                                default_timing="failure")
            card = attrs.evolve(card, characters=ld.positive(raw, "characters", name, default=1, low=1),
                                disarm=tuple(pairs), failure=failure)
        elif ctype == "treasure":
            card = attrs.evolve(card, traits=ld.text_list(raw.get("traits"), "traits", name)
                                + ld.text_list(raw.get("keywords"), "keywords", name),
                                bonus=ld.attributes(raw, name), raise_=ld.raises(raw.get("raise"), name),
                                hp_bonus=ld.positive(raw, "hp", name), movement=ld.positive(raw, "movement", name))
        else:
            if raw.get("attribute") not in ATTRIBUTES or type(raw.get("tn")) is not int or raw["tn"] < 0:
                raise ld.fail(f"{name}: a Curse needs attribute (attack|skill|magic|holiness) and tn", ld.where(name))
            card = attrs.evolve(card, attribute=raw["attribute"], tn=raw["tn"],
                                bonus=ld.attributes(raw, name, allow_negative=True),
                                raise_=ld.raises(raw.get("raise"), name),
                                traits=ld.text_list(raw.get("keywords"), "keywords", name))
        crypt[name] = card
    if not chars:
        raise ld.fail("a card set needs [[characters]]")
    if not any(c.type != "monster" or not c.overlord for c in crypt.values()):
        raise ld.fail("a card set needs [[crypt]] cards")
    return CardSet(meta["name"], chars, inn, crypt, meta.get("note", ""), source, doc)


def _with_base(doc: dict[str, Any], ld: _Loader, games: tuple[str, ...]) -> dict[str, Any]:
    """A set written as another shipped set (``base``) less the cards named in ``omit``, plus its own
    entries: the result is a whole set's data (what ``describe()`` records)."""
    base = doc["base"]
    shipped = {**shipped_card_sets("tomb"), **(shipped_card_sets("cryptmaster") if "cryptmaster" in games else {})}
    if not isinstance(base, str) or base not in shipped:
        raise ld.fail(f"base must name a shipped card set ({', '.join(shipped)}), not {base!r}", "base")
    omit = doc.get("omit", [])
    if not isinstance(omit, list) or not all(isinstance(o, str) for o in omit):
        raise ld.fail("omit must be a list of card names", "omit")
    try:
        base_doc = tomllib.loads(shipped[base].read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ld.fail(f"the base set {base!r} does not load: {exc}", "base") from None
    if "base" in base_doc:              # a base written on a base
        base_doc = _with_base(base_doc, _Loader(str(shipped[base]), "", games), games)
    names = {e.get("name") for key in ("characters", "cards", "crypt") for e in base_doc.get(key, [])}
    unknown = [o for o in omit if o not in names]
    if unknown:
        raise ld.fail(f"omit names {unknown[0]!r}, which is not a card of the base set {base!r}", "omit")
    out: dict[str, Any] = {"format": doc["format"], "game": doc["game"], "set": doc.get("set", {})}
    for key in ("characters", "cards", "crypt"):
        out[key] = [e for e in base_doc.get(key, []) if e.get("name") not in omit] + list(doc.get(key, []))
    return out


def load_cards(path: str | Path, games: tuple[str, ...] = ("tomb", "cryptmaster")) -> CardSet:
    path = Path(path)
    source = str(path)
    text, doc = read_toml(path, source=source, what="card set")
    return cards_from_data(doc, source=source, text=text, games=games)


def shipped_card_sets(game: str = "tomb") -> dict[str, Path]:
    """The example card sets shipped with tombspec for ``game``, by name."""
    import tombspec.spec

    folder = Path(tombspec.spec.__file__).resolve().parent / game / "cards"
    return {p.stem: p for p in sorted(folder.glob("*.toml"))}
