"""Tomb: Cryptmaster: attachments by keyword, moved and then discarded with z3 Optimize; its limits."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import attrs
import z3

from tombspec.model.numeric import if_, min_
from tombspec.spec import Catalog

from ...findings.text import as_int as _int
from ...findings.text import stated, stated_int
from ...proofs.constraints import (COMPUTED, IMPOSSIBLE, UNKNOWN, _sum, constraint, find, prove, result,
                                   solve, value)
from ..tomb.constraints import Card


@attrs.frozen
class Character:
    name: str
    holiness: int = 0
    magic: int = 0
    classes: tuple[str, ...] = ()


@attrs.frozen
class KeywordAttachments:
    """The Cryptmaster restrictions: no two of one keyword but "cursed"; prayers on a character with a
    holiness die; spells with a magic die; only the listed card types attach.  Broken, they are
    restored by moving non-Cursed attachments to other characters, and otherwise by discarding the
    fewest non-Cursed cards."""

    attachable: frozenset[str]
    exempt: str = "cursed"

    def _allowed(self, card: Card, ch: Character) -> bool:
        return card.type in self.attachable and (card.type != "prayer" or ch.holiness > 0) \
            and (card.type != "spell" or ch.magic > 0)

    def _constraints(self, chars: Sequence[Character], cards: Sequence[Card], where: Sequence[Any]) -> list[Any]:
        """``where[i]`` is the index of the character holding card i, or -1 for discarded."""
        n = len(chars)
        cs = []
        for i, card in enumerate(cards):
            cs.append(z3.And(where[i] >= -1, where[i] < n))
            for j, ch in enumerate(chars):
                if not self._allowed(card, ch):
                    cs.append(where[i] != j)
        keywords = sorted({k for c in cards for k in c.keywords if k != self.exempt})
        for j in range(n):
            for k in keywords:
                cs.append(_sum(z3.If(where[i] == j, 1, 0) for i, c in enumerate(cards) if k in c.keywords) <= 1)
        return cs

    def check(self, chars: Sequence[Character], cards: Sequence[Card]) -> tuple[str, list[str]]:
        """Do the attachments as they are meet the restrictions?  (And which are broken.)"""
        index = {c.name: j for j, c in enumerate(chars)}
        where = [z3.IntVal(index[c.holder]) if c.holder in index else z3.IntVal(-1) for c in cards]
        outcome, _ = prove(z3.And(*self._constraints(chars, cards, where)))
        broken = []
        for ch in chars:
            mine = [c for c in cards if c.holder == ch.name]
            for c in mine:
                if not self._allowed(c, ch):
                    broken.append(f"{c.name} ({c.type}) cannot be attached to {ch.name}")
            for k in sorted({k for c in mine for k in c.keywords if k != self.exempt}):
                if sum(k in c.keywords for c in mine) > 1:
                    broken.append(f"{ch.name} holds {sum(k in c.keywords for c in mine)} '{k}' cards")
        return outcome, broken

    def restore(self, chars: Sequence[Character], cards: Sequence[Card]) -> dict[str, Any]:
        """z3 ``Optimize``: Cursed cards stay; every other card stays, moves or is discarded; the
        fewest discards first, then the fewest moves."""
        index = {c.name: j for j, c in enumerate(chars)}
        where = []
        for i, card in enumerate(cards):
            if card.cursed:
                where.append(z3.IntVal(index[card.holder]))
            else:
                where.append(z3.Int(f"where_{i}"))
        o = z3.Optimize()
        o.add(*self._constraints(chars, cards, where))
        discards = _sum(z3.If(w == -1, 1, 0) for w, c in zip(where, cards) if not c.cursed)
        moves = _sum(z3.If(z3.And(w != -1, w != index.get(c.holder, -2)), 1, 0) for w, c in zip(where, cards)
                     if not c.cursed)
        o.minimize(discards)
        o.minimize(moves)
        answer = solve(o)
        if answer != "sat":
            return {"result": IMPOSSIBLE if answer == "unsat" else UNKNOWN}
        m = o.model()
        plan = {}
        for w, c in zip(where, cards):
            j = value(m, w)
            dest = "discard" if j == -1 else chars[j].name
            plan[c.name] = {"from": c.holder, "to": dest}
        return {"result": COMPUTED, "discards": value(m, discards), "moves": value(m, moves), "plan": plan}


def example_party() -> tuple[list[Character], list[Card]]:
    """A party built to break every restriction at once (the rulebook prints none): a Fighter holding
    two weapons (one of them Cursed), a Wizard who has lost her magic die holding a spell, a Cleric
    holding a prayer and an armor, and a Rogue with two items."""
    chars = [Character("Fighter", classes=("Fighter",)), Character("Cleric", holiness=2, classes=("Cleric",)),
             Character("Wizard", magic=0, classes=("Wizard",)), Character("Rogue", classes=("Rogue",))]
    cards = [Card("Cursed Axe", "treasure", frozenset({"weapon", "cursed"}), cursed=True, holder="Fighter"),
             Card("Longsword", "item", frozenset({"weapon"}), holder="Fighter"),
             Card("Chain Shirt", "item", frozenset({"armor"}), holder="Fighter"),
             Card("Fireball", "spell", frozenset(), holder="Wizard"),
             Card("Bless", "prayer", frozenset(), holder="Cleric"),
             Card("Plate Mail", "item", frozenset({"armor"}), holder="Cleric"),
             Card("Leather Armor", "item", frozenset({"armor"}), holder="Rogue"),
             Card("Dagger", "item", frozenset({"weapon"}), holder="Rogue"),
             Card("Hex of Frailty", "curse", frozenset({"cursed"}), cursed=True, holder="Wizard")]
    return chars, cards


@constraint("cryptmaster", "cryptmaster.attachments")
def cryptmaster_attachments(cat: Catalog) -> list[dict[str, Any]]:
    """Check a legal party, restore the example party with the fewest discards (z3 Optimize), and show
    a restriction only Cursed cards break, which no move or discard can mend."""
    kw_id, kw = stated(cat, r"multiples of the same keyword attached .* with the exception of the \"(\w+)\" keyword")
    pr_id, _ = stated(cat, r"Prayers may only be attached to characters with at least one die of holiness")
    sp_id, _ = stated(cat, r"Spells may only be attached to characters with at least one die of magic")
    ty_id, ty = stated(cat, r"Only ([\w, ]+) may ever be attached to a character")
    mv_id, _ = stated(cat, r"you must move non-Cursed attachments to other characters in your party")
    dc_id, _ = stated(cat, r"discard the minimum number of non-Cursed cards")
    types = {re.sub(r"s$", "", t.strip()) for t in re.split(r",\s*(?:and\s+)?|\s+and\s+", ty.group(1)) if t.strip()}
    types = {"treasure" if t == "treasure" else t for t in types}
    ka = KeywordAttachments(frozenset(types), exempt=kw.group(1))
    rules = (kw_id, pr_id, sp_id, ty_id, mv_id, dc_id)
    out = []
    chars, cards = example_party()
    before, broken = ka.check(chars, cards)
    plan = ka.restore(chars, cards)
    out.append(result("cryptmaster", "cryptmaster.attachments.fewest-discards", rules, plan["result"],
                      f"a party (built for this check) that breaks the restrictions ({'; '.join(broken)}) is restored "
                      f"with {plan.get('discards')} discard(s) and {plan.get('moves')} move(s) at the least (z3 Optimize: "
                      f"fewest discards, then fewest moves): "
                      + ", ".join(f"{k} -> {v['to']}" for k, v in plan.get("plan", {}).items() if v["to"] != v["from"]),
                      {**plan, "before": before, "broken": broken,
                       "characters": [attrs.asdict(c) for c in chars],
                       "cards": [{**attrs.asdict(c), "keywords": sorted(c.keywords)} for c in cards]}))
    fixed = [attrs.evolve(c, holder=plan["plan"][c.name]["to"]) for c in cards
             if plan.get("plan", {}).get(c.name, {}).get("to") != "discard"] if plan["result"] == COMPUTED else cards
    outcome, _ = ka.check(chars, fixed)
    out.append(result("cryptmaster", "cryptmaster.attachments.restored-party", rules[:4], outcome,
                      f"the restored party meets every restriction: {outcome}",
                      {"cards": {c.name: c.holder for c in fixed}}))
    stuck = [Card("Cursed Axe", "treasure", frozenset({"weapon", "cursed"}), cursed=True, holder="Fighter"),
             Card("Cursed Maul", "treasure", frozenset({"weapon", "cursed"}), cursed=True, holder="Fighter")]
    plan = ka.restore(chars, stuck)
    out.append(result("cryptmaster", "cryptmaster.attachments.cursed-only-conflict", rules, plan["result"],
                      f"a Character holding two Cursed weapons breaks 'no two of one keyword' (only 'cursed' may repeat), "
                      f"and Cursed cards may be neither moved nor discarded: restoring it is {plan['result']}",
                      {"cards": [c.name for c in stuck], "ambiguity": "cryptmaster.ambiguity.unfixable-restrictions"}))
    return out


@constraint("cryptmaster", "cryptmaster.limits")
def cryptmaster_limits(cat: Catalog) -> list[dict[str, Any]]:
    """The ten-card limit (checked only before a Draw) and the five-member party (with Pariahs)."""
    draw_id, m = stated(cat, r"fewer than (\w+) Inn cards in your hand and party, you may draw (\w+) Inn cards")
    cap, draw = _int(m.group(1)), _int(m.group(2))
    fighter_id, _ = stated(cat, r"For each Fighter in your party, one Item does not count against the party limit")
    cards, fighters, items = z3.Ints("inn_cards fighters items")
    counted = cards - min_(fighters, items)
    found, model = find([cards >= 0, fighters >= 0, fighters <= 5, items >= 0, items <= cards,
                         counted < cap, counted + draw > cap])
    out = [result("cryptmaster", "cryptmaster.limits.ten-cards", (draw_id, fighter_id), found,
                  f"a legal Draw can leave more than {cap} counted Inn cards ({found}: "
                  f"{value(model, counted) if model else '?'} before, {value(model, counted + draw) if model else '?'} after)",
                  {"model": {"inn_cards": value(model, cards), "fighters": value(model, fighters),
                             "items": value(model, items)} if model else None,
                   "ambiguity": "cryptmaster.ambiguity.ten-card-limit"})]
    rec_id, party_cap = stated_int(cat, r"have fewer than (\w+) characters in your party, you may recruit one character")
    par_id, _ = stated(cat, r"If this would take you above five party members, you may only recruit the pariah")
    dis_id, _ = stated(cat, r"must discard characters until you have five in your party")
    size, pariah = z3.Int("party"), z3.Bool("pariah_in_inn")
    after = if_(pariah, if_(size + 2 > party_cap, size + 1, size + 2), size + 1)
    outcome, _ = prove(after <= party_cap, [size >= 1, size < party_cap])
    out.append(result("cryptmaster", "cryptmaster.limits.party-size", (rec_id, par_id, dis_id), outcome,
                      f"a Recruit, with or without a Pariah, never takes a party above {party_cap}: {outcome}",
                      {"cap": party_cap}))
    return out


