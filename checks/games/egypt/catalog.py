"""Monsters of Egypt: what its catalog alone shows (no model needed): worked examples recomputed
from their own inputs, component counts, odds and charts.

Every number is read from the catalog (a table's rows, a component's attributes, or a quote, with a
pattern that names what it expects: :func:`tombspec.checks.findings.text.stated`, which raises
``Missing`` when the quote is gone, so that a check that cannot run says so).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tombspec.spec import Catalog

from ...findings.base import Finding
from ...findings.examples import ExampleCheck
from ...findings.text import contents, find_rules, stated


def egypt_turn_example(cat: Catalog) -> Iterable[ExampleCheck]:
    """The Turn Example's movements: up to the hero board's movements, counted down one by one."""
    most = stated(cat, r"Each hero can make up to (\d+) movements on their turn", 0)
    start = stated(cat, r"It's Masha's turn, and she can make up to (\d+) movements", 0)
    left = stated(cat, r"Movement (\d+)\..*?(\d+) movements remain", 0)
    if most and start and left:
        total, used, remaining = int(start[1].group(1)), int(left[1].group(1)), int(left[1].group(2))
        ok = total == int(most[1].group(1)) and remaining == total - used
        yield ExampleCheck("egypt", "turn-movements", (most[0], start[0], left[0]),
                           {"movements": total, "after_movement": used, "remaining": remaining},
                           {"movements": int(most[1].group(1)), "remaining": total - used}, ok,
                           "" if ok else "the Turn Example's movements do not count down")


def egypt_components(cat: Catalog) -> Iterable[Finding]:
    """Life tokens, starting items and the die against what the rules ask of them."""
    parts = contents(cat, "egypt.components.counts")
    boards, lives, items = parts.get("hero boards"), parts.get("life tokens"), parts.get("starting item tokens")
    per_hero = stated(cat, r"B\) (\d+) life tokens", 0)
    pharaoh = stated(cat, r"\((\d+) life tokens are placed on him", 0)
    if boards and lives and per_hero and pharaoh:
        need = boards * int(per_hero[1].group(1)) + int(pharaoh[1].group(1))
        yield Finding(
            "egypt.derived.life-tokens", "egypt", "derived-fact" if need <= lives else "component-count",
            ("egypt.components.counts", per_hero[0], pharaoh[0]),
            f"{boards} heroes x {per_hero[1].group(1)} life tokens + {pharaoh[1].group(1)} on the pharaoh = {need} of "
            f"the {lives} life tokens" + (f" ({lives - need} spare, never used by any rule)" if need < lives else ""),
            {"needed": need, "in_box": lives})
    hero_set = cat.get("egypt.setup.hero-set").records() if "egypt.setup.hero-set" in cat else []
    starting = [r for r in hero_set if r["part"] in ("Ladder", "Bomb")]
    if boards and items and starting and boards * sum(r["count"] for r in starting) != items:
        need = boards * sum(r["count"] for r in starting)
        yield Finding(
            "egypt.derived.starting-items", "egypt", "component-count",
            ("egypt.components.counts", "egypt.setup.hero-set"),
            f"the {boards} heroes' {' and '.join(r['part'].lower() for r in starting)} need {need} starting item "
            f"tokens; the box has {items}",
            {"needed": need, "in_box": items})
    die = next((c for c in cat.components if c.kind == "die"), None)
    if die and "results" in die.attributes:
        results = list(die.attributes["results"])
        yield Finding(
            "egypt.gap.die-faces", "egypt", "gap", (die.id, "egypt.combat.die-results"),
            f"the die has {len(results)} named results ({', '.join(results)}) but the rulebook never says how many "
            f"faces show each: no chance in combat can be computed",
            {"results": results})


def egypt_combat(cat: Catalog) -> Iterable[Finding]:
    """What the die can and cannot do, from the die-results table and the monster table."""
    if "egypt.combat.die-results" not in cat:
        return
    results = cat.get("egypt.combat.die-results").records()
    harm = [r["result"] for r in results if "monster loses" in r["effect"]]
    unarmed = [r["result"] for r in results if "monster loses" in r["if_no_weapon"]]
    if harm and not unarmed:
        yield Finding(
            "egypt.never.unarmed-die-never-wins", "egypt", "never-succeeds",
            ("egypt.combat.die-results", "egypt.combat.die-melee", "egypt.combat.die-melee-ranged"),
            f"without a weapon every result that harms the monster ({', '.join(harm)}) is rolled again: the die alone "
            f"can only hurt the hero or make them retreat, and an unarmed hero wins a combat only with an item",
            {"harming_results": harm, "if_no_weapon": {r["result"]: r["if_no_weapon"] for r in results}})
    most = stated(cat, r"Each hero has a maximum of (\d+) lives", 0)
    cobra = stated(cat, r"the cobra attacks with a lethal bite — the hero loses (\d+) lives", 0)
    if most and cobra and int(cobra[1].group(1)) >= int(most[1].group(1)):
        yield Finding(
            "egypt.derived.cobra-bite-kills", "egypt", "derived-fact", (cobra[0], most[0]),
            f"the King Cobra's bite takes {cobra[1].group(1)} lives and no hero ever has more than "
            f"{most[1].group(1)}: an Attack roll against the cobra kills the hero outright, whatever their lives",
            {"bite": int(cobra[1].group(1)), "max_lives": int(most[1].group(1))},
            reading="egypt.ambiguity.cobra-vest (the vest saves 1 life only)")
    golem = stated(cat, r"If you roll Melee, reroll the die, even if you have a melee weapon", 0)
    if golem:
        yield Finding(
            "egypt.never.melee-against-golem", "egypt", "never-succeeds", (golem[0], "egypt.combat.die-results"),
            "against the golem a Melee roll is always rolled again: only Melee/Ranged can ever harm it, so a melee "
            "weapon's own result never succeeds there",
            {"results_harming_golem": [r["result"] for r in results if r["result"] != "Melee" and "monster loses" in r["effect"]]})


def egypt_ceiling(cat: Catalog) -> Iterable[Finding]:
    """The ceiling schedule of the body (its table) against the quick reference's, turn by turn: a
    finding when they put the ceiling on the top floor on different turns of the first player."""
    if "egypt.escape.ceiling-schedule" not in cat:
        return
    schedule = cat.get("egypt.escape.ceiling-schedule").records()
    quick = stated(cat, r"Before each turn of the first player, lower the ceiling one floor", 0)
    start = find_rules(cat, r"On your first turn, place your hero token on one of the three vines")
    top = next((int(re.match(r"\d+", str(r["first_player_turn"])).group(0)) for r in schedule
                if "top floor" in str(r["ceiling_position"])), None)
    if top is None:
        return
    # The quick reference lowers the ceiling one floor before every turn: from above the board, it is on
    # the top floor before the first turn, and on floor k from the top before turn k.
    quick_top = 1
    if top == quick_top:
        return
    floors = 6
    body = {f"turn {t}": str(next((r["ceiling_position"] for r in schedule if str(r["first_player_turn"]) == str(t)),
                                  f"floor {t - top + 1} from the top")) for t in range(1, floors + 3)}
    quick_ref = {f"turn {t}": f"floor {t} from the top" for t in range(1, floors + 3)}
    yield Finding(
        "egypt.summary.ceiling-schedule", "egypt", "summary-drift",
        (quick[0], "egypt.escape.ceiling-schedule") + ((start[0][0].id,) if start else ()),
        f"by the quick reference the ceiling is on the top floor before the first player's first turn"
        + (" - before any hero has entered it from the vines there -" if start else "")
        + f" and every floor falls {top - quick_top} turn(s) early; by the body it reaches the top floor "
          f"before turn {top}",
        {"body": body, "quick_reference": quick_ref, "body_rows": [dict(r) for r in schedule]})


EXAMPLE_CHECKS = (egypt_turn_example,)
DETECTORS = (egypt_components, egypt_combat, egypt_ceiling)
