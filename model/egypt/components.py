"""The tokens of Monsters of Egypt as data: chest, hazard and starting-item tokens, and the heroes.

The rulebook names every item, weapon, trap and monster, but never prints how many of each the 29
chest and 26 hazard tokens hold, the monsters' movement numbers, nor the heroes' alternative starting
items (``egypt.ambiguity.token-mix``, ``egypt.ambiguity.monster-types-and-movements``,
``egypt.ambiguity.starting-items``).  A component set is therefore data: the ``[[chest]]``,
``[[hazard]]``, ``[[start]]`` and ``[[heroes]]`` tables of a set file (``docs/egypt-components.md``).

A token's effect is one of a named set of **effect kinds** the model acts on (:data:`EFFECT_KINDS`,
:data:`TRAP_KINDS`, :data:`MONSTER_TYPES`), or ``text`` only: the model then carries the token but
cannot use it, and says so (:meth:`Components.limitations`).

>>> kinds = components_from_data(EXAMPLE, source="<example>")
>>> kinds.kind("Saber").weapon, kinds.kind("Mummy").movements
('melee', 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from tombspec.spec.errors import InvalidInput

from ..traceability import implements

#: What an item or weapon can do (the Token Reference's effects, one name each).
EFFECT_KINDS = {
    "ladder": "Ladder: placed on your space or a neighbouring one, climbed, picked up again",
    "bomb": "Bomb: attack a monster and/or destroy a floor, wall or ceiling (one use)",
    "vest": "Bulletproof Vest: once per turn, a life you would lose is not lost",
    "extinguisher": "Fire Extinguisher: remove a fire token (fire, fire genie) (one use)",
    "spiked-boots": "Spiked Boots: once per turn, a monster you fall onto loses 1 life",
    "grappling-hook": "Grappling Hook: pull the nearest token in one direction (one use)",
    "jetpack": "Jetpack: once per turn, move in any direction",
    "teleporter": "Teleporter: move exactly 2 spaces in any direction (one use)",
    "crystal": "Pharaoh's Crystal: once per game, 1 life to every surviving hero",
    "fruit": "Fruit: restore 2 lives to your hero (one use)",
    "flashlight": "Flashlight: once per turn, reveal a token on your floor",
    "banish": "one use: destroy a monster of a crossed-out type (`destroys`) on your or a neighbouring space",
    "key-yellow": "Yellow key: opens the yellow door at the Bastet statue",
    "key-black": "Black key: opens the black door at the Anubis statue",
    "roller-skates": "Roller skates: escape combat (one use; the Turn Example only)",
    "sledgehammer": "Sledgehammer: once per turn, destroy the wall left or right",
    "portal-gun": "Portal Gun: once per turn, on a 2 or 3 in combat teleport the monster instead of retreating",
    "shoot": "Assault Rifle, Shotgun, Flamethrower: once per turn, shoot a neighbouring monster or hazard",
}
#: The traps of the Token Reference.
TRAP_KINDS = ("crack", "arrow-button", "spike-button", "rumble", "fire")
#: The monster types of the Monsters section (the bat is a winged monster: egypt.ambiguity.bat-winged).
MONSTER_TYPES = ("pharaoh", "winged", "spider", "mummy", "ghost", "insect", "cobra", "genie", "golem", "bat")
#: The weapons' types by their nature (egypt.ambiguity.weapon-types, reading by-nature).
WEAPON_BY_NATURE = {"Saber": "melee", "Axe": "melee", "Sledgehammer": "melee", "Assault Rifle": "ranged",
                    "Shotgun": "ranged", "Flamethrower": "ranged", "Portal Gun": "ranged"}
#: What a one-use effect may destroy: monster types, and ``fire`` for the Fire trap token.
DESTROYABLE = (*MONSTER_TYPES, "fire")
CATEGORIES = {"chest": ("item", "weapon", "trap"), "hazard": ("trap", "monster"), "start": ("item", "weapon")}
PERMANENT = frozenset({"vest", "spiked-boots", "jetpack", "flashlight", "sledgehammer", "portal-gun", "shoot"})
ONE_USE = frozenset({"bomb", "extinguisher", "grappling-hook", "teleporter", "fruit", "banish", "roller-skates"})


@attrs.frozen
class TokenKind:
    """One kind of token: its name, its back (chest, hazard or starting item) and what it does."""

    name: str
    back: str                        # "chest" | "hazard" | "start"
    category: str                    # "item" | "weapon" | "trap" | "monster"
    count: int = 1
    effects: tuple[str, ...] = ()    # effect kinds (items, weapons) or the trap kind (traps)
    weapon: str | None = None        # "melee" | "ranged" (weapons)
    monster_type: str | None = None  # monsters
    movements: int = 0               # monsters: the top-right corner
    destroys: tuple[str, ...] = ()   # crossed-out monster types (and "fire")
    skull: bool = False              # the skull icon: destroys any monster (1 life of the pharaoh)
    text: str = ""                   # printed text the model does not act on

    @property
    def is_monster(self) -> bool:
        return self.category == "monster"

    @property
    def is_trap(self) -> bool:
        return self.category == "trap"

    @property
    def is_item(self) -> bool:
        """Items and weapons: what can be carried on a hero board."""
        return self.category in ("item", "weapon")

    @property
    def trap(self) -> str | None:
        return self.effects[0] if self.is_trap else None

    def has(self, effect: str) -> bool:
        return effect in self.effects


@attrs.frozen
class HeroSet:
    """One hero's set: the starting items on their board (by token name), and the alternative item
    shown under the ladder's picture (Escape mode)."""

    name: str
    start: tuple[str, ...] = ("Ladder", "Bomb")
    alternative: str | None = None


class Components:
    """A component set: every token kind, by name, and the hero sets."""

    def __init__(self, kinds: Mapping[str, TokenKind], heroes: tuple[HeroSet, ...], source: str = "<components>"):
        self.kinds = dict(kinds)
        self.heroes = heroes
        self.source = source

    def kind(self, name: str) -> TokenKind:
        return self.kinds[name]

    def of_back(self, back: str) -> dict[str, int]:
        """Token name -> count, for the tokens with this back that are dealt (chest or hazard)."""
        return {k.name: k.count for k in self.kinds.values() if k.back == back and k.count}

    def named(self, effect: str) -> list[str]:
        return [k.name for k in self.kinds.values() if effect in k.effects]

    def limitations(self) -> list[str]:
        """What the model cannot act on: tokens with text and no effect kind."""
        return [f"{k.name}: text only ({k.text!r}); the model carries it but cannot use it"
                for k in self.kinds.values() if k.is_item and not k.effects and k.text]

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"chest": [], "hazard": [], "start": [], "heroes": []}
        for k in self.kinds.values():
            row: dict[str, Any] = {"name": k.name, "category": k.category}
            if k.back != "start":
                row["count"] = k.count
            for field, default in (("effects", ()), ("weapon", None), ("type", None), ("movements", 0),
                                   ("destroys", ()), ("skull", False), ("text", "")):
                value = getattr(k, "monster_type" if field == "type" else field)
                if value != default:
                    row[field] = list(value) if isinstance(value, tuple) else value
            out[k.back].append(row)
        for h in self.heroes:
            row = {"name": h.name, "start": list(h.start)}
            if h.alternative is not None:
                row["alternative"] = h.alternative
            out["heroes"].append(row)
        return out


@implements("egypt.chest.contents", "egypt.hazard.contents", "egypt.chest.one-trap", "egypt.chest.weapon-type",
            "egypt.weapon.saber-axe", "egypt.monster.token-anatomy", "egypt.setup.starting-items-left-over",
            "egypt.goal.crystal-in-a-chest", "egypt.components.list")
def components_from_data(doc: Mapping[str, Any], *, source: str = "<components>", line_of: Any = None) -> Components:
    """The component set of a set file's tables; a problem is :class:`InvalidInput` naming the file,
    the line (where ``line_of(needle)`` finds it) and the token."""

    def fail(problem: str, needle: str | None = None) -> InvalidInput:
        return InvalidInput(problem, source=source, line=line_of(needle) if line_of and needle else None)

    kinds: dict[str, TokenKind] = {}
    for back in ("chest", "hazard", "start"):
        rows = doc.get(back, [])
        if not isinstance(rows, list):
            raise fail(f"[[{back}]] must be a list of tables")
        for n, raw in enumerate(rows, 1):
            if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
                raise fail(f"[[{back}]] entry {n} needs a string 'name'")
            name = raw["name"]
            needle = f'"{name}"'
            unknown = set(raw) - {"name", "category", "count", "effects", "weapon", "type", "movements",
                                  "destroys", "skull", "text"}
            if unknown:
                raise fail(f"token {name!r}: unknown key(s) {', '.join(sorted(unknown))}", needle)
            if name in kinds:
                raise fail(f"token {name!r} is defined twice", needle)
            category = raw.get("category")
            if category not in CATEGORIES[back]:
                raise fail(f"token {name!r}: a {back} token's category is one of "
                           f"{', '.join(CATEGORIES[back])}, not {category!r}", needle)
            count = raw.get("count", 1)
            if type(count) is not int or count < (1 if back != "start" else 0) or count > 29:
                raise fail(f"token {name!r}: count must be an integer 1..29, not {count!r}", needle)
            effects = raw.get("effects", [])
            if not isinstance(effects, list) or not all(isinstance(e, str) for e in effects):
                raise fail(f"token {name!r}: 'effects' must be a list of effect kinds", needle)
            if category == "trap":
                if len(effects) != 1 or effects[0] not in TRAP_KINDS:
                    raise fail(f"trap {name!r}: 'effects' must name one trap kind of "
                               f"{', '.join(TRAP_KINDS)}, not {effects!r}", needle)
            elif category == "monster":
                if effects:
                    raise fail(f"monster {name!r}: a monster's effects come from its 'type'", needle)
            else:
                bad = [e for e in effects if e not in EFFECT_KINDS]
                if bad:
                    raise fail(f"token {name!r}: unknown effect kind(s) {', '.join(bad)}; known: "
                               f"{', '.join(EFFECT_KINDS)} (or give 'text' only)", needle)
                if not effects and not raw.get("text") and category == "item":
                    raise fail(f"item {name!r} has no effect kind and no 'text'", needle)
            weapon = raw.get("weapon")
            if category == "weapon":
                if weapon not in ("melee", "ranged"):
                    raise fail(f"weapon {name!r}: 'weapon' must be melee or ranged, not {weapon!r}", needle)
            elif weapon is not None:
                raise fail(f"token {name!r}: only weapons have a 'weapon' type", needle)
            mtype = raw.get("type")
            movements = raw.get("movements", 0)
            if category == "monster":
                if mtype not in MONSTER_TYPES:
                    raise fail(f"monster {name!r}: 'type' must be one of {', '.join(MONSTER_TYPES)}, "
                               f"not {mtype!r}", needle)
                if type(movements) is not int or not 0 <= movements <= 9:
                    raise fail(f"monster {name!r}: 'movements' must be an integer 0..9, not {movements!r}", needle)
            elif mtype is not None or "movements" in raw:
                raise fail(f"token {name!r}: only monsters have a 'type' and 'movements'", needle)
            destroys = raw.get("destroys", [])
            if not isinstance(destroys, list) or any(d not in DESTROYABLE for d in destroys):
                raise fail(f"token {name!r}: 'destroys' lists monster types (or fire) of "
                           f"{', '.join(DESTROYABLE)}, not {destroys!r}", needle)
            skull = raw.get("skull", False)
            text = raw.get("text", "")
            if type(skull) is not bool or not isinstance(text, str):
                raise fail(f"token {name!r}: 'skull' is true or false and 'text' a string", needle)
            kinds[name] = TokenKind(name, back, category, count, tuple(effects), weapon, mtype, movements,
                                    tuple(destroys), skull, text)
    heroes: list[HeroSet] = []
    for n, raw in enumerate(doc.get("heroes", []), 1):
        if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str):
            raise fail(f"[[heroes]] entry {n} needs a string 'name'")
        name = raw["name"]
        start = raw.get("start", ["Ladder", "Bomb"])
        alternative = raw.get("alternative")
        if not isinstance(start, list) or any(s not in kinds or kinds[s].back != "start" for s in start):
            raise fail(f"hero {name!r}: 'start' must list [[start]] token names, not {start!r}", f'"{name}"')
        if alternative is not None and (alternative not in kinds or not kinds[alternative].is_item):
            raise fail(f"hero {name!r}: the alternative starting item {alternative!r} is not an item "
                       "or weapon of this set", f'"{name}"')
        heroes.append(HeroSet(name, tuple(start), alternative))
    if len(heroes) > 5:
        raise fail(f"{len(heroes)} heroes: the game has 5 hero boards (egypt.components.list)")
    crystals = [k for k in kinds.values() if "crystal" in k.effects]
    if kinds and (len(crystals) != 1 or crystals[0].back != "chest" or crystals[0].count != 1):
        raise fail("the set needs exactly one Pharaoh's Crystal, a chest token (egypt.goal.crystal-in-a-chest)")
    pharaohs = [k for k in kinds.values() if k.monster_type == "pharaoh"]
    if sum(k.count for k in pharaohs) > 1:
        raise fail("there is one pharaoh")
    return Components(kinds, tuple(heroes), source)


#: A small set, for the docstring above.
EXAMPLE = {
    "chest": [{"name": "Pharaoh's Crystal", "category": "item", "effects": ["crystal"]},
              {"name": "Saber", "category": "weapon", "weapon": "melee"}],
    "hazard": [{"name": "Mummy", "category": "monster", "type": "mummy", "movements": 2}],
    "start": [{"name": "Ladder", "category": "item", "effects": ["ladder"]},
              {"name": "Bomb", "category": "item", "effects": ["bomb"], "skull": True}],
    "heroes": [{"name": "Masha"}],
}
