"""Monsters of Egypt: lives and item slots (z3)."""

from __future__ import annotations

from typing import Any

import z3

from tombspec.model.numeric import clamp
from tombspec.spec import Catalog

from ...findings.text import stated, stated_int
from ...proofs.constraints import (COMPUTED, FOUND, constraint, find, prove, result)


@constraint("egypt", "egypt.limits")
def egypt_limits(cat: Catalog) -> list[dict[str, Any]]:
    """Lives 1..3 over a bounded run of gains and losses; the five item slots, and what must be carried."""
    lives_id, most = stated_int(cat, r"Each hero has a maximum of (\d+) lives")
    tokens_id, m = stated(cat, r"(\d+) tokens plus (\d+) printed one")
    fruit_id, fruit = stated_int(cat, r"restore (\d+) lives to your hero")
    cobra_id, cobra = stated_int(cat, r"the hero loses (\d+) lives")
    crystal_id, crystal = stated_int(cat, r"restore (\d+) life to every surviving hero")
    dies_id, _ = stated(cat, r"If a hero must lose a life but only the printed one is left, the hero dies")
    steps = 10
    tokens = [z3.Int(f"tokens{i}") for i in range(steps + 1)]
    alive = [z3.Bool(f"alive{i}") for i in range(steps + 1)]
    changes = [z3.Int(f"change{i}") for i in range(steps)]
    cs = [tokens[0] == int(m.group(1)), alive[0]]
    top = most - int(m.group(2))
    for i, ch in enumerate(changes):
        cs.append(z3.Or(ch == fruit, ch == crystal, ch == -1, ch == -cobra))
        raw = tokens[i] + ch
        cs.append(tokens[i + 1] == z3.If(alive[i], clamp(raw, 0, top), tokens[i]))
        cs.append(alive[i + 1] == z3.And(alive[i], raw >= 0))
    lives = [t + int(m.group(2)) for t in tokens]
    claim = z3.And(*(z3.Implies(a, z3.And(lv >= 1, lv <= most)) for a, lv in zip(alive, lives)))
    outcome, _ = prove(claim, cs)
    out = [result("egypt", "egypt.lives.bounds", (lives_id, tokens_id, fruit_id, crystal_id, cobra_id, dies_id), outcome,
                  f"over {steps} gains (+{fruit} fruit, +{crystal} crystal) and losses (-1, -{cobra} cobra) a living hero "
                  f"always has 1..{most} lives, and one who must lose a life with only the printed one left dies: "
                  f"{outcome}", {"steps": steps, "max_lives": most})]
    slots_id, slots = stated_int(cat, r"carry \(that is, store on their board\) a maximum of (\d+) items")
    must = ["pharaoh's crystal", "yellow key", "black key"]
    start_items = [r["part"] for r in cat.get("egypt.setup.hero-set").records() if r["part"] in ("Ladder", "Bomb")]
    carried = must + [s.lower() for s in start_items]
    n = z3.Int("carried")
    found, _ = find([n == len(carried), n + 1 > slots])
    out.append(result("egypt", "egypt.slots.crystal-keys-and-start", (slots_id, "egypt.setup.hero-set"), COMPUTED,
                      f"a hero carrying the crystal, both keys and the starting {' and '.join(start_items).lower()} fills "
                      f"{len(carried)} of the {slots} slots: " + ("no room is left for a weapon" if found == FOUND
                                                                  else "a slot is left"),
                      {"carried": carried, "slots": slots, "ambiguity": "egypt.ambiguity.slot-contents"}))
    return out


