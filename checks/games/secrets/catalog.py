"""Secrets of the Lost Tomb: what its catalog alone shows (no model needed): worked examples recomputed
from their own inputs, component counts, odds and charts.

Every number is read from the catalog (a table's rows, a component's attributes, or a quote, with a
pattern that names what it expects: :func:`tombspec.checks.findings.text.stated`, which raises
``Missing`` when the quote is gone, so that a check that cannot run says so).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from fractions import Fraction

from tombspec.model import dice
from tombspec.spec import Catalog

from ...findings.base import Finding
from ...findings.examples import ExampleCheck
from ...findings.text import as_int, contents, dice_list, stated


def _succeeds(faces: list[int], success: set[int]) -> tuple[int, int]:
    """(plain successes, critical successes) of a Secrets roll: 6s are critical, the other faces in
    ``success`` plain."""
    return sum(1 for f in faces if f in success and f != 6), sum(1 for f in faces if f == 6)


def _secrets_success_faces(cat: Catalog) -> tuple[set[int], set[int]]:
    """The faces that succeed, without and with Audacity, from the die-faces and Audacity tables."""
    faces = cat.get("secrets.dice.die-faces") if "secrets.dice.die-faces" in cat else None
    plain = {r["face"] for r in faces.records() if r["success"]} if faces else {5, 6}
    spend = stated(cat, r"count (\d)s, (\d)s, and (\d)s as successes", 0)
    boosted = {int(x) for x in spend[1].groups()} if spend else {4, 5, 6}
    return plain, boosted


def secrets_dice_checks(cat: Catalog) -> Iterable[ExampleCheck]:
    """The dice-check examples: dice rolled = the attribute; successes counted; pass iff >= difficulty."""
    plain, _ = _secrets_success_faces(cat)
    default = stated(cat, r"If there is no difficulty number, the check has a default difficulty of (\d+)", 0)
    cases = [
        ("strength-check", r"check \((\d+)\)\. He has a Strength of (\d+), so he rolls (\d+) dice\. The dice "
                           r"results are ([\d, and]+), generating (\d+) successes", True),
        ("story-check-fail", r"difficulty of (\d+)\. .* Having a Strength of (\d+), he rolls (\d+) dice, "
                             r"getting ([\d, ]+)—no successes", False),
    ]
    for name, pattern, has_count in cases:
        hit = stated(cat, pattern)
        if not hit:
            continue
        rid, m = hit
        difficulty, attribute, rolled, faces = int(m.group(1)), int(m.group(2)), int(m.group(3)), dice_list(m.group(4))
        stated_succ = int(m.group(5)) if has_count else 0
        succ = sum(1 for f in faces if f in plain)
        ok = rolled == attribute == len(faces) and succ == stated_succ
        yield ExampleCheck("secrets", name, (rid,),
                           {"difficulty": difficulty, "attribute": attribute, "dice": rolled, "faces": faces,
                            "successes": stated_succ},
                           {"dice": attribute, "faces_listed": len(faces), "successes": succ,
                            "passes": succ >= difficulty}, ok,
                           "" if ok else f"{rolled} dice stated, {len(faces)} faces listed, the attribute is "
                                         f"{attribute}; {succ} successes, not {stated_succ}")
    hit = stated(cat, r"His new roll is ([\d, ]+)\. He got at least (\w+) successes, so he succeeds", 0)
    if hit:
        rid, m = hit
        faces = dice_list(m.group(1))
        succ = sum(1 for f in faces if f in plain)
        yield ExampleCheck("secrets", "story-check-reroll", (rid,), {"faces": faces, "at_least": as_int(m.group(2))},
                           {"successes": succ}, succ >= as_int(m.group(2)),
                           f"the reroll shows {succ} successes")
    hit = stated(cat, r"has (\d+) Audacity, so he rolls (\d+) dice and gets ([\d, ]+), passing the roll", 0)
    if hit:
        rid, m = hit
        faces = dice_list(m.group(3))
        succ = sum(1 for f in faces if f in plain)
        need = int(default[1].group(1)) if default else 1
        ok = int(m.group(1)) == int(m.group(2)) == len(faces) and succ >= need
        yield ExampleCheck("secrets", "audacity-check", (rid,) + ((default[0],) if default else ()),
                           {"audacity": int(m.group(1)), "dice": int(m.group(2)), "faces": faces},
                           {"successes": succ, "difficulty": need, "passes": succ >= need}, ok,
                           "" if ok else "the Audacity roll does not recompute")


def secrets_combat_examples(cat: Catalog) -> Iterable[ExampleCheck]:
    """The four combat examples: dice pools, outnumber bonus, successes, damage taken and dealt."""
    plain, boosted = _secrets_success_faces(cat)
    cap = stated(cat, r"up to (\d+) bonus dice", 0)
    outnumber_cap = int(cap[1].group(1)) if cap else 4

    # First Example: adventurer versus creature.
    pool = stated(cat, r"adds \+(\d+) dice\. He has a total Dexterity of (\d+)—his original score of (\d+), plus a "
                     r"\+(\d+) Dexterity token—so he adds \+(\d+) dice\. So far, his combat dice pool is (\d+) dice", 0)
    outn = stated(cat, r"the room has (\d+) creatures and (\d+) adventurers, Christopher gets an outnumber bonus of "
                     r"\+(\d+) die, bringing his total to (\d+)", 0)
    roll = stated(cat, r"He rolls (\d+) dice, getting ([\d, ]+)\. That's (\d+) successes and (\d+) critical successes, "
                     r"thanks to the Thompson", 0)
    res = stated(cat, r"Living Moai-Man has a Combat rating of (\d+)\..*Armor of (\d+).*takes (\d+) damage", 0)
    if pool and outn and roll and res:
        weapon, dex, base, token, added, subtotal = map(int, pool[1].groups())
        creatures, adventurers, bonus, total = map(int, outn[1].groups())
        n, faces, s_succ, s_crit = int(roll[1].group(1)), dice_list(roll[1].group(2)), int(roll[1].group(3)), int(roll[1].group(4))
        rating, armor, dealt = map(int, res[1].groups())
        c_bonus = min(outnumber_cap, max(0, adventurers - creatures))
        succ, crit = _succeeds(faces, boosted)
        c_dealt = max(0, succ - armor) + crit
        computed = {"dexterity": base + token, "pool": weapon + base + token, "outnumber_bonus": c_bonus,
                    "total": weapon + base + token + c_bonus, "faces_listed": len(faces), "successes": succ,
                    "critical": crit, "damage_taken": max(0, rating - succ - crit), "damage_dealt": c_dealt}
        said = {"dexterity": dex, "pool": subtotal, "outnumber_bonus": bonus, "total": total, "dice": n,
                  "successes": s_succ, "critical": s_crit, "damage_dealt": dealt}
        ok = (dex, added, subtotal, bonus, total, n, s_succ, s_crit, dealt) == (
            base + token, dex, weapon + dex, c_bonus, subtotal + c_bonus, len(faces), succ, crit, c_dealt) and n == total
        yield ExampleCheck("secrets", "combat-1-adventurer-versus-creature",
                           (pool[0], outn[0], roll[0], res[0]), said, computed, ok,
                           "" if ok else "the first combat example does not recompute")

    # Second Example: adventurer versus swarm creature.
    pool = stated(cat, r"M1A1 Rifle, which adds \+(\d+) dice\. 4\. He has a Dexterity of (\d+), which adds \+(\d+) dice\. "
                     r".*total combat dice pool is (\d+) dice", 0)
    roll = stated(cat, r"He rolls (\d+) dice, getting ([\d, ]+)\. That's (\d+) successes and (\d+) critical success\.", 0)
    res = stated(cat, r"have (\d+) Swarm tokens, so they have a Combat rating of (\d+)\. Temple rolled (\d+) successes, so "
                    r"he takes no damage\. The creature has (\d+) Armor", 0)
    dmg = stated(cat, r"take (\d+) damage\. Each Swarm token has (\d+) health, so (\d+) damage removes (\d+) token\. To "
                    r"denote the remaining damage, Temple places (\d+) Damage token", 0)
    left = stated(cat, r"now only have (\d+) Swarm tokens, so their Combat rating is permanently reduced from (\d+) to (\d+)", 0)
    if pool and roll and res and dmg and left:
        weapon, dex, added, total = map(int, pool[1].groups())
        n, faces, s_succ, s_crit = int(roll[1].group(1)), dice_list(roll[1].group(2)), int(roll[1].group(3)), int(roll[1].group(4))
        tokens, rating, defence, armor = map(int, res[1].groups())
        dealt, per_token, _, removed, remainder = map(int, dmg[1].groups())
        after, before, after_rating = map(int, left[1].groups())
        succ, crit = _succeeds(faces, boosted)
        c_dealt = max(0, succ - armor) + crit
        computed = {"pool": weapon + dex, "faces_listed": len(faces), "successes": succ, "critical": crit,
                    "defence": succ + crit, "combat_rating": tokens, "damage_dealt": c_dealt,
                    "tokens_removed": c_dealt // per_token, "remainder": c_dealt % per_token,
                    "tokens_left": tokens - c_dealt // per_token}
        said = {"pool": total, "dice": n, "successes": s_succ, "critical": s_crit, "defence": defence,
                  "combat_rating": rating, "damage_dealt": dealt, "tokens_removed": removed,
                  "remainder": remainder, "tokens_left": after}
        ok = (added == dex and total == weapon + dex == n == len(faces) and (s_succ, s_crit) == (succ, crit)
              and defence == succ + crit and rating == tokens and dealt == c_dealt
              and removed == c_dealt // per_token and remainder == c_dealt % per_token
              and after == after_rating == tokens - removed and before == rating)
        yield ExampleCheck("secrets", "combat-2-adventurer-versus-swarm", (pool[0], roll[0], res[0], dmg[0], left[0]),
                           said, computed, ok, "" if ok else "the swarm combat example does not recompute")

    # Third Example: creature versus creature.
    pool = stated(cat, r"Heidi has a Mythos of (\d+), and the Tomb's Eye has a Combat rating of (\d+), adding up to (\d+) dice", 0)
    roll = stated(cat, r"She rolls (\d+) dice, getting ([\d, ]+)\. That's (\d+) successes\. The Keeper of the Tomb has a "
                     r"Combat rating of (\d+), so the Tomb's Eye takes no damage\. However, the Keeper of the Tomb has "
                     r"no Armor, so it takes (\d+) damage", 0)
    rule = stated(cat, r"add the controlling adventurer's Mythos to the creature's Combat rating", 0)
    if pool and roll:
        mythos, rating, stated_pool = map(int, pool[1].groups())
        n, faces = int(roll[1].group(1)), dice_list(roll[1].group(2))
        s_succ, keeper, dealt = int(roll[1].group(3)), int(roll[1].group(4)), int(roll[1].group(5))
        succ, crit = _succeeds(faces, plain)
        computed = {"pool": mythos + rating, "faces_listed": len(faces), "successes": succ + crit,
                    "damage_taken": max(0, keeper - succ - crit), "damage_dealt": succ + crit}
        said = {"pool": stated_pool, "dice_rolled": n, "successes": s_succ, "damage_dealt": dealt}
        ok = stated_pool == mythos + rating == n == len(faces) and s_succ == succ + crit and dealt == succ + crit
        note = ""
        if not ok:
            note = (f"the pool is Mythos {mythos} + Combat rating {rating} = {mythos + rating} dice (the example says "
                    f"so itself), but the roll that follows is of {n} dice ({len(faces)} faces listed)")
        yield ExampleCheck("secrets", "combat-3-creature-versus-creature",
                           (pool[0], roll[0]) + ((rule[0],) if rule else ()), said, computed, ok, note)

    # Adventurer versus adventurer.
    defender = stated(cat, r"Sinclair has a Dexterity of (\d+), adding \+(\d+) dice, and a Colt 1911, giving \+(\d+) dice\. "
                         r"Summed up, her combat dice pool has (\d+) dice\. Dividing (\d+) in half gives her a Combat rating of (\d+)", 0)
    attack = stated(cat, r"He has a Strength of (\d+), so he rolls (\d+) dice, getting ([\d, ]+)\. That's (\d+) success and "
                       r"(\d+) critical successes", 0)
    res = stated(cat, r"Combat rating of (\d+) and no Armor, so she takes (\d+) damage\. However, Sinclair's Combat rating "
                    r"of (\d+) is one greater than O'Sullivan's (\d+) successes, so O'Sullivan takes (\d+) damage", 0)
    if defender and attack and res:
        dex, added, colt, d_pool, halved, d_rating = map(int, defender[1].groups())
        strength, n, faces = int(attack[1].group(1)), int(attack[1].group(2)), dice_list(attack[1].group(3))
        s_succ, s_crit = int(attack[1].group(4)), int(attack[1].group(5))
        rating, taken_d, _, att_total, taken_a = map(int, res[1].groups())
        succ, crit = _succeeds(faces, plain)
        c_rating = math.ceil((dex + colt) / 2)
        computed = {"defender_pool": dex + colt, "defender_rating": c_rating, "successes": succ, "critical": crit,
                    "damage_to_defender": succ + crit, "damage_to_attacker": max(0, c_rating - succ - crit)}
        said = {"defender_pool": d_pool, "defender_rating": d_rating, "successes": s_succ, "critical": s_crit,
                  "damage_to_defender": taken_d, "damage_to_attacker": taken_a}
        ok = (added == dex and d_pool == halved == dex + colt and d_rating == rating == c_rating
              and strength == n == len(faces) and (s_succ, s_crit) == (succ, crit) and att_total == succ + crit
              and taken_d == succ + crit and taken_a == max(0, c_rating - succ - crit))
        yield ExampleCheck("secrets", "combat-4-adventurer-versus-adventurer", (defender[0], attack[0], res[0]),
                           said, computed, ok, "" if ok else "the adventurer-versus-adventurer example does not recompute")

    # The Tommy Gun pool.
    hit = stated(cat, r"His Dexterity attribute is a (\d+), therefore he adds (\d+) dice to the pool in addition to the (\d+) "
                    r"dice automatically added by the Tommy Gun's \+(\d+), giving him a total pool of (\d+) dice", 0)
    if hit:
        dex, added, auto, bonus, total = map(int, hit[1].groups())
        ok = dex == added and auto == bonus and total == dex + bonus
        yield ExampleCheck("secrets", "tommy-gun-pool", (hit[0],), {"total": total}, {"total": dex + bonus}, ok,
                           "" if ok else f"{dex} + {bonus} is {dex + bonus}, not {total}")


def secrets_place_example(cat: Catalog) -> Iterable[ExampleCheck]:
    """A Room tile that says 'Place...' another tile: the example must place the named tile."""
    hit = stated(cat, r"Example: (?P<tile>[A-Z][\w ]+?) reads: \"Adjacent to (?P<other>[A-Z][\w ]+?); if not yet explored, "
                    r"search for and place on Level (?P<level>\d)\.\" If, when you explore (?P=tile), the (?P=other) is "
                    r"not in play, you would immediately search for (?P<placed>[A-Z][\w ]+?) Room tile and place it on "
                    r"Level (?P<level2>\d)", 0)
    rule = stated(cat, r"prompt a player to \"Place…\" another, specific Room tile", 0)
    if hit:
        m = hit[1]
        ok = m.group("placed") == m.group("other") and m.group("level") == m.group("level2")
        yield ExampleCheck(
            "secrets", "place-named-tile", (hit[0],) + ((rule[0],) if rule else ()),
            {"tile_explored": m.group("tile"), "tile_named": m.group("other"), "tile_placed": m.group("placed")},
            {"tile_to_place": m.group("other")}, ok,
            "" if ok else f"exploring {m.group('tile')}, whose text names {m.group('other')} to place, the example "
                          f"searches for and places {m.group('placed')} itself (a tile already being placed)")


def secrets_adventurer_phase_example(cat: Catalog) -> Iterable[ExampleCheck]:
    """'the first player in a six-player game ... the first of his 2 Action tokens': the setup table."""
    hit = stated(cat, r"first player in a (\w+)-player game, he can spend the first of his (\d+) Action tokens", 0)
    if hit and "secrets.setup.adventurer-setup" in cat:
        players, tokens = as_int(hit[1].group(1)), int(hit[1].group(2))
        table = {r["adventurers"]: r for r in cat.get("secrets.setup.adventurer-setup").records()}
        per = table.get(players, {}).get("action_tokens_per_adventurer")
        yield ExampleCheck("secrets", "six-player-action-tokens", (hit[0], "secrets.setup.adventurer-setup"),
                           {"players": players, "action_tokens": tokens}, {"action_tokens": per}, per == tokens,
                           f"the Adventurer Setup table gives {per} Action tokens for {players} Adventurers")


def secrets_phase_examples(cat: Catalog) -> Iterable[ExampleCheck]:
    """The Search example against the Search Chart; the creature that moves toward the most Soul Shards."""
    hit = stated(cat, r"His Search token points to (\w+), so he rolls a die on the \w+ Search chart and gets a (\d)\. He "
                    r"draws (\w+) item", 0)
    if hit and "secrets.reference.search-chart" in cat:
        colour, roll, drawn = hit[1].group(1), int(hit[1].group(2)), as_int(hit[1].group(3))
        table = cat.get("secrets.reference.search-chart")
        col = next((c for c in table.columns if c.endswith(colour)), None)
        cell = next((str(r[col]) for r in table.records() if r["die_roll"] == roll), "") if col else ""
        items = sum(int(n) for n in re.findall(r"\+(\d+) Item", cell))
        yield ExampleCheck("secrets", "search-chart", (hit[0], "secrets.reference.search-chart"),
                           {"colour": colour, "roll": roll, "items_drawn": drawn}, {"chart": cell, "items": items},
                           items == drawn, "" if items == drawn else f"the chart gives '{cell}'")
    hit = stated(cat, r"equidistant to (\w+) and (\w+)\. Because \1 has (\d+) Soul Shards and \2 only has (\d+), the "
                    r"creature moves toward (\w+)", 0)
    rule = stated(cat, r"moves toward the adventurer with the most Soul Shards", 0)
    if hit:
        a, b, sa, sb, chosen = hit[1].group(1), hit[1].group(2), int(hit[1].group(3)), int(hit[1].group(4)), hit[1].group(5)
        richest = a if sa > sb else b
        yield ExampleCheck("secrets", "most-soul-shards", (hit[0],) + ((rule[0],) if rule else ()),
                           {a: sa, b: sb, "moves_toward": chosen}, {"most_soul_shards": richest}, richest == chosen,
                           "" if richest == chosen else f"{richest} has the most Soul Shards")


def secrets_components(cat: Catalog) -> Iterable[Finding]:
    """The counts of the components list against the numbers the rules use at one time (a count that is
    exactly enough is not reported: it only confirms that things add up)."""
    parts = contents(cat, "secrets.components.contents")
    setup = cat.get("secrets.setup.adventurer-setup").records() if "secrets.setup.adventurer-setup" in cat else []
    if not parts or not setup:
        return
    most = max(r["adventurers"] for r in setup)
    per_adventurer = {k: v for k, v in parts.items()
                      if k in ("Clear Adventurer Stands", "Pegs", "A.R.M. Overlays", "Adventurer Health Dial",
                               "Adventurer Audacity Dial", "Search")}
    # Five Adventurers: "you may choose to give any two players an additional action".
    five = stated(cat, r"\((\d+) total actions divided amongst (\d+) players\.?\)", 0)
    extra = stated(cat, r"give any (\w+) players an additional action", 0)
    totals = {}
    for r in setup:
        n, per = r["adventurers"], r["action_tokens_per_adventurer"]
        bonus = as_int(extra[1].group(1)) if extra and five and n == int(five[1].group(2)) else 0
        totals[n] = n * per + bonus
    companions = {r["adventurers"]: r["adventurers"] * r["companions_per_adventurer"] for r in setup}
    said = {int(five[1].group(2)): int(five[1].group(1))} if five else {}
    wrong = {n: (t, said[n]) for n, t in totals.items() if n in said and said[n] != t}
    rules = tuple(x for x in ("secrets.setup.adventurer-setup", "secrets.components.contents",
                              five[0] if five else None) if x)
    if wrong:
        yield Finding("secrets.components.action-total", "secrets", "component-count", rules,
                      f"the Adventurer Setup's stated total of actions does not add up: {wrong}", {"totals": totals})
    yield Finding(
        "secrets.derived.actions-per-round", "secrets", "derived-fact", rules,
        f"the Adventurer Setup gives "
        f"{', '.join(f'{n} Adventurer(s) {t}' for n, t in sorted(totals.items()))} actions per round (the rulebook "
        f"states the total only for {', '.join(map(str, said)) or 'no'} Adventurers); at most "
        f"{max(totals.values())} of the {parts.get('Action', '?')} Action tokens and {max(companions.values())} of the "
        f"{parts.get('Companions', '?')} Companions are ever dealt",
        {"action_tokens_by_adventurers": {str(k): v for k, v in totals.items()},
         "companions_by_adventurers": {str(k): v for k, v in companions.items()},
         "action_tokens_in_box": parts.get("Action"), "companions_in_box": parts.get("Companions")})
    short = {k: v for k, v in per_adventurer.items() if v < most}
    yield Finding(
        "secrets.derived.six-adventurers-at-most", "secrets", "component-count" if short else "derived-fact",
        ("secrets.setup.adventurer-setup", "secrets.components.contents"),
        f"the one-per-Adventurer pieces ({', '.join(f'{k} x{v}' for k, v in sorted(per_adventurer.items()))}) "
        f"limit a game to {min(per_adventurer.values())} Adventurers; the Adventurer Setup table goes up to {most}"
        + (f"; too few: {short}" if short else ", so the unstated maximum is " + str(most)),
        {"per_adventurer_pieces": per_adventurer, "table_maximum": most})
    connectors, arms = parts.get("Plastic Dial Connectors"), parts.get("A.R.M. Overlays")
    dials = parts.get("Adventurer Health Dial", 0) + parts.get("Adventurer Audacity Dial", 0)
    comet = stated(cat, r"Assemble the Comet track using a dial connector", 0)
    if connectors is not None and arms:
        need = dials + (1 if comet else 0)
        if need != connectors:   # exactly enough is a consistency, not a finding
            yield Finding(
                "secrets.derived.dial-connectors", "secrets", "component-count",
                ("secrets.components.contents",) + ((comet[0],) if comet else ()),
                f"the {dials} dials of the {arms} A.R.M.s and the Comet track need {need} dial connectors; the box "
                f"has {connectors}",
                {"connectors": connectors, "needed": need})
    stands = parts.get("Red Creature Stands")
    limit = stated(cat, r"creature limit of (\d+), which does not include boss creatures", 0)
    bosses = parts.get("Boss Creatures")
    if stands and limit and bosses is not None and int(limit[1].group(1)) + bosses > stands:
        most_creatures = int(limit[1].group(1)) + bosses
        yield Finding(
            "secrets.derived.creature-stands", "secrets", "component-count",
            ("secrets.components.contents", limit[0]),
            f"at most {int(limit[1].group(1))} creatures count against the limit and every one of the {bosses} boss "
            f"creatures is outside it: {most_creatures} creatures at once, against the {stands} Red Creature Stands",
            {"creature_limit": int(limit[1].group(1)), "boss_cards": bosses, "most_creatures": most_creatures,
             "stands": stands})
    dice = parts.get("Dice")
    roll = stated(cat, r"He rolls (\d+) dice, getting", 0)
    cap = stated(cat, r"up to (\d+) bonus dice", 0)
    pool = stated(cat, r"So far, his combat dice pool is (\d+) dice", 0)
    note = stated(cat, r"Sometimes you may need to roll more dice than are included in the game", 0)
    if dice and roll and cap and pool:
        biggest = int(pool[1].group(1)) + int(cap[1].group(1))
        yield Finding(
            "secrets.derived.dice-pool-beyond-box", "secrets", "derived-fact",
            ("secrets.components.contents", roll[0], cap[0], pool[0]) + ((note[0],) if note else ()),
            f"the first combat example already rolls {roll[1].group(1)} dice (all {dice} in the box); with the full "
            f"outnumber bonus of {cap[1].group(1)} the same Adventurer would roll {biggest}"
            + (" (the rulebook allows rerolling and remembering, or extra dice)" if note else ""),
            {"dice_in_box": dice, "example_pool": int(roll[1].group(1)), "with_full_outnumber": biggest})


def secrets_dice_odds(cat: Catalog) -> Iterable[Finding]:
    """The chance to pass a dice check, computed exactly from the faces of the die (never stated)."""
    if "secrets.dice.die-faces" not in cat:
        return
    faces = cat.get("secrets.dice.die-faces").records()
    sides = sum(r["printed"] for r in faces)
    plain, boosted = _secrets_success_faces(cat)
    p = Fraction(sum(r["printed"] for r in faces if r["face"] in plain), sides)
    q = Fraction(sum(r["printed"] for r in faces if r["face"] in boosted), sides)
    table = {}
    for n in range(1, 7):
        row = {}
        for d in range(1, 4):
            row[f"difficulty {d}"] = str(dice.at_least(p, n, d))
            row[f"difficulty {d} with Audacity"] = str(dice.at_least(q, n, d))
        table[f"{n} dice"] = row
    yield Finding(
        "secrets.derived.dice-odds", "secrets", "derived-fact",
        ("secrets.dice.die-faces", "secrets.dice.audacity-spending"),
        f"one die succeeds with probability {p} ({float(p):.0%}), {q} with Audacity spent; a check of difficulty d "
        f"with fewer than d dice can never pass, Audacity or not (it changes faces, not dice)",
        {"success_per_die": str(p), "success_per_die_with_audacity": str(q), "pass_probability": table})


def secrets_search_chart(cat: Catalog) -> Iterable[Finding]:
    """'Searching gets more dangerous as the token turns from green to red', against the chart's rows."""
    if "secrets.reference.search-chart" not in cat:
        return
    table = cat.get("secrets.reference.search-chart")
    columns = table.columns[1:]
    measure: dict[str, dict[str, int]] = {}
    for col in columns:
        cells = [str(r[col]) for r in table.records()]
        spawns = sum(int(m) for c in cells for m in re.findall(r"Spawn (\d+)", c))
        misadventures = sum(c.count("Misadventure") for c in cells)
        items = sum(int(m) for c in cells for m in re.findall(r"\+(\d+) Item", c))
        artifacts = sum(1 for c in cells if "Artifact" in c)
        adventures = sum(len(re.findall(r"(?<!Mis)Adventure", c)) for c in cells)
        measure[col] = {"creatures_spawned": spawns, "misadventures": misadventures, "items": items,
                        "artifacts": artifacts, "adventures": adventures,
                        "bad_results": spawns + misadventures}
    order = list(columns)
    not_monotone = [k for k in ("creatures_spawned", "misadventures", "bad_results")
                    if any(measure[a][k] > measure[b][k] for a, b in zip(order, order[1:]))]
    claim = stated(cat, r"Searching gets more dangerous as the token turns from green to red", 0)
    yield Finding(
        "secrets.derived.search-danger", "secrets", "contradiction" if "bad_results" in not_monotone else "derived-fact",
        ("secrets.reference.search-chart",) + ((claim[0],) if claim else ()),
        "over the six rolls, " + "; ".join(f"{c.split('_')[-1]}: {m['creatures_spawned']} creatures, "
                                           f"{m['misadventures']} Misadventures, {m['items']} items"
                                           for c, m in measure.items())
        + (f" - not more dangerous at every turn by {', '.join(not_monotone)}" if not_monotone else ""),
        {"by_colour": measure, "not_monotone_in": not_monotone})


EXAMPLE_CHECKS = (secrets_dice_checks, secrets_combat_examples, secrets_place_example, secrets_adventurer_phase_example, secrets_phase_examples)
DETECTORS = (secrets_components, secrets_dice_odds, secrets_search_chart)
