"""Tomb: attachments by trait, party sizes and hands (z3)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import z3

from tombspec.model.numeric import if_
from tombspec.spec import Catalog

from ...findings.text import stated, stated_int
from ...proofs.constraints import (COMPUTED, HOLDS, UNKNOWN, VIOLATED, _sum, constraint, find, prove, result,
                                   solve, value)


@attrs.frozen
class Card:
    name: str
    type: str                              # item, treasure, prayer, spell, tactic, curse, ...
    keywords: frozenset[str] = frozenset()
    cursed: bool = False
    holder: str | None = None


@attrs.frozen
class TraitAttachments:
    """'no Character may have more than one card with each of the following traits — Armor, Bow, Glove,
    Helm, Shield, and Weapon.'"""

    traits: tuple[str, ...]

    def legal(self, held: Sequence[Any], trait_of: Callable[[Any, str], Any]) -> Any:
        """At most one held card per trait; ``held`` are 0/1 terms, ``trait_of(i, t)`` whether card i
        has trait t."""
        return z3.And(*(_sum(if_(trait_of(i, t), h, 0) for i, h in enumerate(held)) <= 1 for t in self.traits))

    def check(self, cards: Sequence[Card]) -> str:
        held = [z3.IntVal(1) for _ in cards]
        outcome, _ = prove(self.legal(held, lambda i, t: z3.BoolVal(t.lower() in {k.lower() for k in cards[i].keywords})))
        return outcome

    def most(self, pool: Sequence[Card], per_character: bool = True) -> tuple[str, int | None, list[str]]:
        """z3 ``Optimize``: the most cards of ``pool`` one Character may hold."""
        held = [z3.Int(f"hold_{i}") for i in range(len(pool))]
        o = z3.Optimize()
        o.add(*(z3.And(h >= 0, h <= 1) for h in held))
        o.add(self.legal(held, lambda i, t: z3.BoolVal(t.lower() in {k.lower() for k in pool[i].keywords})))
        o.maximize(_sum(held))
        if solve(o) != "sat":
            return UNKNOWN, None, []
        m = o.model()
        chosen = [pool[i].name for i, h in enumerate(held) if value(m, h)]
        return COMPUTED, len(chosen), chosen


@constraint("tomb", "tomb.attachments")
def tomb_attachments(cat: Catalog) -> list[dict[str, Any]]:
    """The most traited cards a Character can hold under each reading, the example Weapons, and the
    example party's attachments."""
    free_id, m = stated(cat, r"no Character may have more than one card with each of the following traits — ([\w, ]+)\.")
    traits = tuple(t.strip() for t in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(1)) if t.strip())
    one_id, _ = stated(cat, r"A Character may never possess more than one Item Card with a special trait at one time")
    excess_id, _ = stated(cat, r"If there are ever more such traited Items in play than Characters, the extra Item\(s\) are discarded")
    other_id, _ = stated(cat, r"There is no limit on Attaching other Item Card types")
    ta = TraitAttachments(traits)
    pool = [Card(f"{t} {i}", "item", frozenset({t})) for t in traits for i in (1, 2)] + \
        [Card(f"untraited {i}", "item") for i in (1, 2, 3)]
    out = []
    outcome, most, chosen = ta.most(pool)
    one_trait = TraitAttachments(("special trait",))
    pool_one = [attrs.evolve(c, keywords=frozenset({"special trait"}) if c.keywords else frozenset()) for c in pool]
    _, most_one, _ = one_trait.most(pool_one)
    untraited = sum(1 for c in pool if not c.keywords)
    out.append(result("tomb", "tomb.attachments.most-traited-cards", (free_id, one_id, other_id), outcome,
                      f"one Character can hold {most - untraited if most is not None else '?'} traited cards (one of each "
                      f"of {', '.join(traits)}) and any number of others; under 'never more than one Item Card with a "
                      f"special trait' only {most_one - untraited if most_one is not None else '?'}",
                      {"per_trait_reading": {"traited": (most - untraited) if most is not None else None, "held": chosen},
                       "one_special_trait_reading": {"traited": (most_one - untraited) if most_one is not None else None},
                       "untraited_in_pool": untraited, "ambiguity": "tomb.ambiguity.trait-limit-scope"}))
    # A party of the largest size: traited cards in play under the 'more than Characters' discard rule.
    size_id, party = stated_int(cat, r"An Adventuring Party consists of one to (\w+) Characters")
    per_trait = party * len(traits)
    out.append(result("tomb", "tomb.attachments.party-traited-items", (free_id, excess_id, size_id), COMPUTED,
                      f"a party of {party} may hold {per_trait} traited cards by the one-per-trait rule, but 'more such "
                      f"traited Items in play than Characters' discards all above {party}",
                      {"party_size": party, "by_one_per_trait": per_trait, "by_excess_rule": party,
                       "ambiguity": "tomb.ambiguity.excess-traited-items"}))
    # Search: one Character holding both example Weapons.
    weapons = [c for c in cat.components if c.kind == "item" and "Weapon" in tuple(c.attributes.get("traits", ()))]
    if len(weapons) >= 2:
        cards = [Card(w.name, "item", frozenset(w.attributes["traits"])) for w in weapons]
        held = [z3.Int(f"w{i}") for i in range(len(cards))]
        found, _ = find([*(h == 1 for h in held),
                         ta.legal(held, lambda i, t: z3.BoolVal(t in cards[i].keywords))])
        out.append(result("tomb", "tomb.attachments.two-example-weapons", (free_id, *(w.id for w in weapons)), found,
                          f"one Character holding both {' and '.join(w.name for w in weapons)}: {found}",
                          {"cards": [w.name for w in weapons]}))
    # Check: the example party's attachments.
    ex_id, _ = stated(cat, r"Kadin with Mkono-Djarat Attached .* Slayer the Unkind with Teleport Attached")
    party_cards = {"Kadin": [Card("Mkono-Djarat", "treasure")], "Slayer the Unkind": [Card("Teleport", "spell")]}
    verdicts = {who: ta.check(cards) for who, cards in party_cards.items()}
    outcome = HOLDS if all(v == HOLDS for v in verdicts.values()) else VIOLATED
    out.append(result("tomb", "tomb.attachments.example-party", (free_id, ex_id), outcome,
                      f"the Example of Play's attachments (Mkono-Djarat on Kadin, Teleport on Slayer) keep the trait "
                      f"limit: {outcome}", {"by_character": verdicts,
                                            "note": "Mkono-Djarat is called a sword but prints no trait in the text",
                                            "ambiguity": "tomb.ambiguity.trait-by-name"}))
    return out



# --------------------------------------------------------------------------------------------------
# Tomb: party sizes, hands


@constraint("tomb", "tomb.limits")
def tomb_limits(cat: Catalog) -> list[dict[str, Any]]:
    """The party sizes of every variant, the example party, a party of none, and the hand sizes."""
    size_id, normal = stated_int(cat, r"An Adventuring Party consists of one to (\w+) Characters")
    zero_id, _ = stated(cat, r"Should an Adventuring Party ever reach zero")
    solo_id, solo = stated_int(cat, r"The maximum Adventuring Party size is (\w+) Characters\.")
    lord_id, lord = stated_int(cat, r"maximum Adventuring Party size is (\w+) Characters instead of")
    fat_id, fat = stated_int(cat, r"Fat Years.*keep (\w+) before returning")
    lean_id, lean = stated_int(cat, r"Players draw only (\w+) adventurers from the Character Pool")
    out = [result("tomb", "tomb.party.sizes", (size_id, solo_id, lord_id, fat_id, lean_id), COMPUTED,
                  f"the largest party: {normal} (normal), {solo} (Solitaire), {lord} (a Lord); first draw keeps 1 "
                  f"(Fat Years {fat}, Lean Years draws {lean})",
                  {"normal": normal, "solitaire": solo, "lord": lord, "fat_years_keep": fat, "lean_years_draw": lean})]
    ex_id, ex = stated(cat, r"In your party are ([^.]+?)\. In your hand")
    members = [p for p in re.split(r",\s*(?:and\s+)?|\s+and\s+(?=[A-Z])", ex.group(1)) if p.strip()]
    n = z3.Int("party")
    outcome, _ = prove(z3.And(n >= 1, n <= normal), [n == len(members)])
    out.append(result("tomb", "tomb.party.example", (size_id, ex_id), outcome,
                      f"the Example of Play's party of {len(members)} is within 1..{normal}: {outcome}",
                      {"members": [re.sub(r" with .*", "", p).strip() for p in members]}))
    # Search: from a legal party, Characters die ('Dead Characters are removed from play') or are
    # recruited (one at a time, up to the largest party); can the party reach a size outside 1..5?
    dead_id, _ = stated(cat, r"Dead Characters are removed from play")
    sizes = [z3.Int(f"size{i}") for i in range(4)]
    steps = [z3.Int(f"deaths{i}") for i in range(3)]
    cs = [sizes[0] >= 1, sizes[0] <= normal]
    for i, d in enumerate(steps):
        cs += [d >= -1, d <= sizes[i], sizes[i + 1] == sizes[i] - d, sizes[i + 1] <= normal]
    found, model = find([*cs, z3.Or(*(v < 1 for v in sizes))])
    out.append(result("tomb", "tomb.party.empty", (size_id, zero_id, dead_id), found,
                      f"from a party of {value(model, sizes[0]) if model else '?'} the deaths of one attack reach a party "
                      f"of {min(value(model, v) for v in sizes) if model else '?'} ({found}): the state the glossary "
                      f"handles ('ever reach zero') although it says a party has one to {normal} Characters",
                      {"sizes": [value(model, v) for v in sizes] if model else None,
                       "deaths_per_step": [value(model, d) for d in steps] if model else None}))
    hand_id, _ = stated(cat, r"There is no hand limit in Tomb")
    crypt_id, crypt = stated_int(cat, r"Each Player draws (\w+) cards from the Crypt Deck")
    man_id, man = stated_int(cat, r"hand size while filling the Tomb is (\w+) cards instead of")
    out.append(result("tomb", "tomb.hand.sizes", (hand_id, crypt_id, man_id), COMPUTED,
                      f"Inn cards: no hand limit; Crypt cards while filling the Tomb: {crypt} ({man} for a Man at Arms)",
                      {"inn_cards": None, "crypt_cards": crypt, "man_at_arms": man,
                       "ambiguity": "tomb.ambiguity.hand-limit-crypt-hand"}))
    return out


