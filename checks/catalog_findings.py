"""Game-specific detectors over the catalogs: worked examples recomputed where no model exists yet,
component counts against what the rules can require at one time, bonuses and actions that can never
succeed, and facts that follow from the rules but are never stated.

Every number a detector uses is read from the catalog: from a table's rows, a component's attributes,
or (for the worked examples) out of the quote itself with a pattern that names what it expects.  When
a pattern no longer matches a quote (the catalog changed), that check is skipped;
``tests/checks/test_catalog_findings.py`` fails then, so a skipped check never goes unnoticed.

The recomputations of the worked examples are listed in :data:`EXAMPLE_CHECKS` (per game) and can be
run on their own with :func:`example_checks`: each gives the example's stated values, the recomputed
ones, and whether they agree.  A disagreement is a finding of kind ``example-mismatch``.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import attrs

from tombspec.spec import Catalog

from .findings import Finding, detector, find_rules

# --------------------------------------------------------------------------------------------------
# Reading numbers out of quotes


_NUMBER_WORDS = {"zero": 0, "no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                 "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}


def as_int(text: str) -> int:
    """``"3"``, ``"three"``, ``"Three"`` -> 3."""
    text = text.strip().lower()
    return int(text) if text.isdigit() else _NUMBER_WORDS[text]


def dice_list(text: str) -> list[int]:
    """``"1, 3, 4, 5, 6"`` or ``"2, 4, 5, and 6"`` -> the faces."""
    return [int(x) for x in re.findall(r"\d+", text)]


def grab(cat: Catalog, pattern: str, flags: int = 0) -> tuple[str, re.Match[str]] | None:
    """The first quoted entry matching ``pattern``: ``(entry id, match)``, or None."""
    hits = find_rules(cat, pattern, flags)
    return (hits[0][0].id, hits[0][1]) if hits else None


_NUM = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"


# --------------------------------------------------------------------------------------------------
# Worked examples, recomputed


@attrs.frozen
class ExampleCheck:
    """One worked example recomputed: what it states, what the rules give, and whether they agree."""

    game: str
    name: str
    rules: tuple[str, ...]
    stated: dict[str, Any]
    computed: dict[str, Any]
    ok: bool
    note: str = ""


ExampleFn = Callable[[Catalog], Iterable[ExampleCheck]]
EXAMPLE_CHECKS: dict[str, list[ExampleFn]] = {}


def example_check(game: str) -> Callable[[ExampleFn], ExampleFn]:
    def register(fn: ExampleFn) -> ExampleFn:
        EXAMPLE_CHECKS.setdefault(game, []).append(fn)
        return fn

    return register


def example_checks(cat: Catalog) -> list[ExampleCheck]:
    """Every worked-example recomputation that applies to ``cat`` (those whose quotes are found)."""
    return [c for fn in EXAMPLE_CHECKS.get(cat.game, []) for c in fn(cat)]


@detector("worked-examples")
def worked_examples(cat: Catalog) -> Iterable[Finding]:
    """A worked example whose stated numbers disagree with a recomputation from its own inputs."""
    for check in example_checks(cat):
        if not check.ok:
            yield Finding(
                f"{cat.game}.example.{check.name}", cat.game, "example-mismatch", check.rules,
                f"worked example '{check.name}': {check.note}",
                {"stated": check.stated, "recomputed": check.computed})


def _succeeds(faces: list[int], success: set[int]) -> tuple[int, int]:
    """(plain successes, critical successes) of a Secrets roll: 6s are critical, the other faces in
    ``success`` plain."""
    return sum(1 for f in faces if f in success and f != 6), sum(1 for f in faces if f == 6)


def _secrets_success_faces(cat: Catalog) -> tuple[set[int], set[int]]:
    """The faces that succeed, without and with Audacity, from the die-faces and Audacity tables."""
    faces = cat.get("secrets.dice.die-faces") if "secrets.dice.die-faces" in cat else None
    plain = {r["face"] for r in faces.records() if r["success"]} if faces else {5, 6}
    spend = grab(cat, r"count (\d)s, (\d)s, and (\d)s as successes")
    boosted = {int(x) for x in spend[1].groups()} if spend else {4, 5, 6}
    return plain, boosted


@example_check("secrets")
def secrets_dice_checks(cat: Catalog) -> Iterable[ExampleCheck]:
    """The dice-check examples: dice rolled = the attribute; successes counted; pass iff >= difficulty."""
    plain, _ = _secrets_success_faces(cat)
    default = grab(cat, r"If there is no difficulty number, the check has a default difficulty of (\d+)")
    cases = [
        ("strength-check", r"check \((\d+)\)\. He has a Strength of (\d+), so he rolls (\d+) dice\. The dice "
                           r"results are ([\d, and]+), generating (\d+) successes", True),
        ("story-check-fail", r"difficulty of (\d+)\. .* Having a Strength of (\d+), he rolls (\d+) dice, "
                             r"getting ([\d, ]+)—no successes", False),
    ]
    for name, pattern, has_count in cases:
        hit = grab(cat, pattern)
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
    hit = grab(cat, r"His new roll is ([\d, ]+)\. He got at least (\w+) successes, so he succeeds")
    if hit:
        rid, m = hit
        faces = dice_list(m.group(1))
        succ = sum(1 for f in faces if f in plain)
        yield ExampleCheck("secrets", "story-check-reroll", (rid,), {"faces": faces, "at_least": as_int(m.group(2))},
                           {"successes": succ}, succ >= as_int(m.group(2)),
                           f"the reroll shows {succ} successes")
    hit = grab(cat, r"has (\d+) Audacity, so he rolls (\d+) dice and gets ([\d, ]+), passing the roll")
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


@example_check("secrets")
def secrets_combat_examples(cat: Catalog) -> Iterable[ExampleCheck]:
    """The four combat examples: dice pools, outnumber bonus, successes, damage taken and dealt."""
    plain, boosted = _secrets_success_faces(cat)
    cap = grab(cat, r"up to (\d+) bonus dice")
    outnumber_cap = int(cap[1].group(1)) if cap else 4

    # First Example: adventurer versus creature.
    pool = grab(cat, r"adds \+(\d+) dice\. He has a total Dexterity of (\d+)—his original score of (\d+), plus a "
                     r"\+(\d+) Dexterity token—so he adds \+(\d+) dice\. So far, his combat dice pool is (\d+) dice")
    outn = grab(cat, r"the room has (\d+) creatures and (\d+) adventurers, Christopher gets an outnumber bonus of "
                     r"\+(\d+) die, bringing his total to (\d+)")
    roll = grab(cat, r"He rolls (\d+) dice, getting ([\d, ]+)\. That's (\d+) successes and (\d+) critical successes, "
                     r"thanks to the Thompson")
    res = grab(cat, r"Living Moai-Man has a Combat rating of (\d+)\..*Armor of (\d+).*takes (\d+) damage")
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
        stated = {"dexterity": dex, "pool": subtotal, "outnumber_bonus": bonus, "total": total, "dice": n,
                  "successes": s_succ, "critical": s_crit, "damage_dealt": dealt}
        ok = (dex, added, subtotal, bonus, total, n, s_succ, s_crit, dealt) == (
            base + token, dex, weapon + dex, c_bonus, subtotal + c_bonus, len(faces), succ, crit, c_dealt) and n == total
        yield ExampleCheck("secrets", "combat-1-adventurer-versus-creature",
                           (pool[0], outn[0], roll[0], res[0]), stated, computed, ok,
                           "" if ok else "the first combat example does not recompute")

    # Second Example: adventurer versus swarm creature.
    pool = grab(cat, r"M1A1 Rifle, which adds \+(\d+) dice\. 4\. He has a Dexterity of (\d+), which adds \+(\d+) dice\. "
                     r".*total combat dice pool is (\d+) dice")
    roll = grab(cat, r"He rolls (\d+) dice, getting ([\d, ]+)\. That's (\d+) successes and (\d+) critical success\.")
    res = grab(cat, r"have (\d+) Swarm tokens, so they have a Combat rating of (\d+)\. Temple rolled (\d+) successes, so "
                    r"he takes no damage\. The creature has (\d+) Armor")
    dmg = grab(cat, r"take (\d+) damage\. Each Swarm token has (\d+) health, so (\d+) damage removes (\d+) token\. To "
                    r"denote the remaining damage, Temple places (\d+) Damage token")
    left = grab(cat, r"now only have (\d+) Swarm tokens, so their Combat rating is permanently reduced from (\d+) to (\d+)")
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
        stated = {"pool": total, "dice": n, "successes": s_succ, "critical": s_crit, "defence": defence,
                  "combat_rating": rating, "damage_dealt": dealt, "tokens_removed": removed,
                  "remainder": remainder, "tokens_left": after}
        ok = (added == dex and total == weapon + dex == n == len(faces) and (s_succ, s_crit) == (succ, crit)
              and defence == succ + crit and rating == tokens and dealt == c_dealt
              and removed == c_dealt // per_token and remainder == c_dealt % per_token
              and after == after_rating == tokens - removed and before == rating)
        yield ExampleCheck("secrets", "combat-2-adventurer-versus-swarm", (pool[0], roll[0], res[0], dmg[0], left[0]),
                           stated, computed, ok, "" if ok else "the swarm combat example does not recompute")

    # Third Example: creature versus creature.
    pool = grab(cat, r"Heidi has a Mythos of (\d+), and the Tomb's Eye has a Combat rating of (\d+), adding up to (\d+) dice")
    roll = grab(cat, r"She rolls (\d+) dice, getting ([\d, ]+)\. That's (\d+) successes\. The Keeper of the Tomb has a "
                     r"Combat rating of (\d+), so the Tomb's Eye takes no damage\. However, the Keeper of the Tomb has "
                     r"no Armor, so it takes (\d+) damage")
    rule = grab(cat, r"add the controlling adventurer's Mythos to the creature's Combat rating")
    if pool and roll:
        mythos, rating, stated_pool = map(int, pool[1].groups())
        n, faces = int(roll[1].group(1)), dice_list(roll[1].group(2))
        s_succ, keeper, dealt = int(roll[1].group(3)), int(roll[1].group(4)), int(roll[1].group(5))
        succ, crit = _succeeds(faces, plain)
        computed = {"pool": mythos + rating, "faces_listed": len(faces), "successes": succ + crit,
                    "damage_taken": max(0, keeper - succ - crit), "damage_dealt": succ + crit}
        stated = {"pool": stated_pool, "dice_rolled": n, "successes": s_succ, "damage_dealt": dealt}
        ok = stated_pool == mythos + rating == n == len(faces) and s_succ == succ + crit and dealt == succ + crit
        note = ""
        if not ok:
            note = (f"the pool is Mythos {mythos} + Combat rating {rating} = {mythos + rating} dice (the example says "
                    f"so itself), but the roll that follows is of {n} dice ({len(faces)} faces listed)")
        yield ExampleCheck("secrets", "combat-3-creature-versus-creature",
                           (pool[0], roll[0]) + ((rule[0],) if rule else ()), stated, computed, ok, note)

    # Adventurer versus adventurer.
    defender = grab(cat, r"Sinclair has a Dexterity of (\d+), adding \+(\d+) dice, and a Colt 1911, giving \+(\d+) dice\. "
                         r"Summed up, her combat dice pool has (\d+) dice\. Dividing (\d+) in half gives her a Combat rating of (\d+)")
    attack = grab(cat, r"He has a Strength of (\d+), so he rolls (\d+) dice, getting ([\d, ]+)\. That's (\d+) success and "
                       r"(\d+) critical successes")
    res = grab(cat, r"Combat rating of (\d+) and no Armor, so she takes (\d+) damage\. However, Sinclair's Combat rating "
                    r"of (\d+) is one greater than O'Sullivan's (\d+) successes, so O'Sullivan takes (\d+) damage")
    if defender and attack and res:
        dex, added, colt, d_pool, halved, d_rating = map(int, defender[1].groups())
        strength, n, faces = int(attack[1].group(1)), int(attack[1].group(2)), dice_list(attack[1].group(3))
        s_succ, s_crit = int(attack[1].group(4)), int(attack[1].group(5))
        rating, taken_d, _, att_total, taken_a = map(int, res[1].groups())
        succ, crit = _succeeds(faces, plain)
        c_rating = math.ceil((dex + colt) / 2)
        computed = {"defender_pool": dex + colt, "defender_rating": c_rating, "successes": succ, "critical": crit,
                    "damage_to_defender": succ + crit, "damage_to_attacker": max(0, c_rating - succ - crit)}
        stated = {"defender_pool": d_pool, "defender_rating": d_rating, "successes": s_succ, "critical": s_crit,
                  "damage_to_defender": taken_d, "damage_to_attacker": taken_a}
        ok = (added == dex and d_pool == halved == dex + colt and d_rating == rating == c_rating
              and strength == n == len(faces) and (s_succ, s_crit) == (succ, crit) and att_total == succ + crit
              and taken_d == succ + crit and taken_a == max(0, c_rating - succ - crit))
        yield ExampleCheck("secrets", "combat-4-adventurer-versus-adventurer", (defender[0], attack[0], res[0]),
                           stated, computed, ok, "" if ok else "the adventurer-versus-adventurer example does not recompute")

    # The Tommy Gun pool.
    hit = grab(cat, r"His Dexterity attribute is a (\d+), therefore he adds (\d+) dice to the pool in addition to the (\d+) "
                    r"dice automatically added by the Tommy Gun's \+(\d+), giving him a total pool of (\d+) dice")
    if hit:
        dex, added, auto, bonus, total = map(int, hit[1].groups())
        ok = dex == added and auto == bonus and total == dex + bonus
        yield ExampleCheck("secrets", "tommy-gun-pool", (hit[0],), {"total": total}, {"total": dex + bonus}, ok,
                           "" if ok else f"{dex} + {bonus} is {dex + bonus}, not {total}")


@example_check("secrets")
def secrets_place_example(cat: Catalog) -> Iterable[ExampleCheck]:
    """A Room tile that says 'Place...' another tile: the example must place the named tile."""
    hit = grab(cat, r"Example: (?P<tile>[A-Z][\w ]+?) reads: \"Adjacent to (?P<other>[A-Z][\w ]+?); if not yet explored, "
                    r"search for and place on Level (?P<level>\d)\.\" If, when you explore (?P=tile), the (?P=other) is "
                    r"not in play, you would immediately search for (?P<placed>[A-Z][\w ]+?) Room tile and place it on "
                    r"Level (?P<level2>\d)")
    rule = grab(cat, r"prompt a player to \"Place…\" another, specific Room tile")
    if hit:
        m = hit[1]
        ok = m.group("placed") == m.group("other") and m.group("level") == m.group("level2")
        yield ExampleCheck(
            "secrets", "place-named-tile", (hit[0],) + ((rule[0],) if rule else ()),
            {"tile_explored": m.group("tile"), "tile_named": m.group("other"), "tile_placed": m.group("placed")},
            {"tile_to_place": m.group("other")}, ok,
            "" if ok else f"exploring {m.group('tile')}, whose text names {m.group('other')} to place, the example "
                          f"searches for and places {m.group('placed')} itself (a tile already being placed)")


@example_check("secrets")
def secrets_adventurer_phase_example(cat: Catalog) -> Iterable[ExampleCheck]:
    """'the first player in a six-player game ... the first of his 2 Action tokens': the setup table."""
    hit = grab(cat, r"first player in a (\w+)-player game, he can spend the first of his (\d+) Action tokens")
    if hit and "secrets.setup.adventurer-setup" in cat:
        players, tokens = as_int(hit[1].group(1)), int(hit[1].group(2))
        table = {r["adventurers"]: r for r in cat.get("secrets.setup.adventurer-setup").records()}
        per = table.get(players, {}).get("action_tokens_per_adventurer")
        yield ExampleCheck("secrets", "six-player-action-tokens", (hit[0], "secrets.setup.adventurer-setup"),
                           {"players": players, "action_tokens": tokens}, {"action_tokens": per}, per == tokens,
                           f"the Adventurer Setup table gives {per} Action tokens for {players} Adventurers")


@example_check("secrets")
def secrets_phase_examples(cat: Catalog) -> Iterable[ExampleCheck]:
    """The Search example against the Search Chart; the creature that moves toward the most Soul Shards."""
    hit = grab(cat, r"His Search token points to (\w+), so he rolls a die on the \w+ Search chart and gets a (\d)\. He "
                    r"draws (\w+) item")
    if hit and "secrets.reference.search-chart" in cat:
        colour, roll, drawn = hit[1].group(1), int(hit[1].group(2)), as_int(hit[1].group(3))
        table = cat.get("secrets.reference.search-chart")
        col = next((c for c in table.columns if c.endswith(colour)), None)
        cell = next((str(r[col]) for r in table.records() if r["die_roll"] == roll), "") if col else ""
        items = sum(int(n) for n in re.findall(r"\+(\d+) Item", cell))
        yield ExampleCheck("secrets", "search-chart", (hit[0], "secrets.reference.search-chart"),
                           {"colour": colour, "roll": roll, "items_drawn": drawn}, {"chart": cell, "items": items},
                           items == drawn, "" if items == drawn else f"the chart gives '{cell}'")
    hit = grab(cat, r"equidistant to (\w+) and (\w+)\. Because \1 has (\d+) Soul Shards and \2 only has (\d+), the "
                    r"creature moves toward (\w+)")
    rule = grab(cat, r"moves toward the adventurer with the most Soul Shards")
    if hit:
        a, b, sa, sb, chosen = hit[1].group(1), hit[1].group(2), int(hit[1].group(3)), int(hit[1].group(4)), hit[1].group(5)
        richest = a if sa > sb else b
        yield ExampleCheck("secrets", "most-soul-shards", (hit[0],) + ((rule[0],) if rule else ()),
                           {a: sa, b: sb, "moves_toward": chosen}, {"most_soul_shards": richest}, richest == chosen,
                           "" if richest == chosen else f"{richest} has the most Soul Shards")


@example_check("egypt")
def egypt_turn_example(cat: Catalog) -> Iterable[ExampleCheck]:
    """The Turn Example's movements: up to the hero board's movements, counted down one by one."""
    most = grab(cat, r"Each hero can make up to (\d+) movements on their turn")
    start = grab(cat, r"It's Masha's turn, and she can make up to (\d+) movements")
    left = grab(cat, r"Movement (\d+)\..*?(\d+) movements remain")
    if most and start and left:
        total, used, remaining = int(start[1].group(1)), int(left[1].group(1)), int(left[1].group(2))
        ok = total == int(most[1].group(1)) and remaining == total - used
        yield ExampleCheck("egypt", "turn-movements", (most[0], start[0], left[0]),
                           {"movements": total, "after_movement": used, "remaining": remaining},
                           {"movements": int(most[1].group(1)), "remaining": total - used}, ok,
                           "" if ok else "the Turn Example's movements do not count down")


@example_check("tomb")
def tomb_example_of_play(cat: Catalog) -> Iterable[ExampleCheck]:
    """'Example of Play: Into the Crypt': Attack dice, the fewest-dice victim, wound arithmetic."""
    fewest = grab(cat, r"Kadin only has (\w+) printed Attack die, but gets (\w+) more from his Attached sword — so he is "
                       r"safe\. Eryne has (\w+), Dunbar has (\w+) \((\w+) of his own plus (\w+) red because of the (\w+) "
                       r"wizards in the party\), Mirin has (\w+), and (\w+) only has (\w+)\. (\w+) dies")
    later = grab(cat, r"Kadin has (\w+) blue and (\w+) red Attack dice \(thanks to Mkono-Djarat\)")
    if fewest:
        g = fewest[1].groups()
        kadin = as_int(g[0]) + as_int(g[1])
        dice = {"Kadin": kadin, "Eryne": as_int(g[2]), "Dunbar": as_int(g[3]), "Mirin": as_int(g[7]),
                g[8]: as_int(g[9])}
        dunbar = as_int(g[4]) + as_int(g[5])
        victim = min(dice, key=dice.get)
        ok = dunbar == dice["Dunbar"] and victim == g[10] and list(dice.values()).count(dice[victim]) == 1
        yield ExampleCheck("tomb", "fewest-attack-dice", (fewest[0],), {"attack_dice": dice, "dies": g[10]},
                           {"dunbar": dunbar, "fewest": victim}, ok,
                           "" if ok else f"the Character with the fewest Attack dice is {victim}, not {g[10]}")
        if later:
            now = as_int(later[1].group(1)) + as_int(later[1].group(2))
            ok = now == kadin
            yield ExampleCheck(
                "tomb", "kadin-attack-dice", (fewest[0], later[0]),
                {"during_trap": f"{g[0]} printed + {g[1]} from the sword = {kadin}",
                 "against_crusher": f"{later[1].group(1)} blue + {later[1].group(2)} red = {now}"},
                {"during_trap": kadin, "against_crusher": now}, ok,
                "" if ok else f"Kadin has {kadin} Attack dice during the trap ({g[0]} printed plus {g[1]} from "
                              f"Mkono-Djarat) but {now} against Crusher ({later[1].group(1)} blue and "
                              f"{later[1].group(2)} red, 'thanks to Mkono-Djarat'), with nothing changed in between")
    fire = grab(cat, r"He rolls (\w+) successes! (\w+) is applied to Crusher, killing it\..*?(\w+) successes go to Brine "
                     r"Spawn\..*?still (\w+) Wounds left to apply.*?(\w+) more success is applied to Kadin.*?The last "
                     r"(\w+) are placed on Mirin", re.S)
    if fire:
        total, crusher, brine, left, kadin_w, mirin = (as_int(x) for x in fire[1].groups())
        ok = total == crusher + brine + left and left == kadin_w + mirin
        yield ExampleCheck("tomb", "fireball-successes", (fire[0],),
                           {"successes": total, "crusher": crusher, "brine_spawn": brine, "left": left,
                            "kadin": kadin_w, "mirin": mirin},
                           {"left": total - crusher - brine, "placed": kadin_w + mirin}, ok,
                           "" if ok else "the Fireball's successes do not add up")
    crypt = grab(cat, r"This crypt holds (\w+) cards")
    left = grab(cat, r"there are only (\w+) cards left")
    if crypt and left and "tomb.raid.order" in cat:
        traps = len(find_rules(cat, r"^(?:The CM reveals that there is a trap|This one also requires)"))
        monsters = grab(cat, r"The CM reveals (\w[\w ]*?) and (\w[\w ]*?)\. Due to card text")
        treasure = grab(cat, r"the last card is revealed — ([\w ]+), a Treasure")
        if monsters and treasure:
            counted = traps + 2 + 1
            ok = as_int(crypt[1].group(1)) == counted and as_int(left[1].group(1)) == counted - traps
            yield ExampleCheck("tomb", "crypt-card-count", (crypt[0], left[0], monsters[0], treasure[0]),
                               {"crypt_holds": as_int(crypt[1].group(1)), "left_after_traps": as_int(left[1].group(1))},
                               {"traps": traps, "monsters": 2, "treasures": 1, "total": counted}, ok,
                               "" if ok else "the cards revealed do not add up to the crypt's cards")


@example_check("tomb")
def tomb_pickpocket_example(cat: Catalog) -> Iterable[ExampleCheck]:
    """The Pickpocket example: successes within the dice rolled; more successes wins."""
    hit = grab(cat, r"\((\w+) Green, (\w+) Blue, and (\w+) Red\), and rolls (\w+) successes\. Player Two selects "
                    r"Captain Dukat with (\w+) Green, (\w+) Blue and (\w+) Red Skill Dice\. Player Two rolls only (\w+) successes")
    if hit:
        g = [as_int(x) for x in hit[1].groups()]
        dread, dread_s, dukat, dukat_s = sum(g[0:3]), g[3], sum(g[4:7]), g[7]
        ok = dread_s <= dread and dukat_s <= dukat and dread_s > dukat_s
        yield ExampleCheck("tomb", "pickpocket", (hit[0],), {"dread": [dread, dread_s], "dukat": [dukat, dukat_s]},
                           {"dread_dice": dread, "dukat_dice": dukat, "stolen": dread_s > dukat_s}, ok,
                           "" if ok else "the Pickpocket example does not recompute")


@example_check("tomb")
def tomb_campaign_example(cat: Catalog) -> Iterable[ExampleCheck]:
    """'if the Player has 150 XP, the Player may re-roll two ... draw six': the level chart, cumulative."""
    hit = grab(cat, r"if the Player has (\d+) XP, the Player may re-roll (\w+) Tomb Dice .* draw (\w+) Characters")
    if hit and "tomb.campaign.level-chart" in cat:
        xp = int(hit[1].group(1))
        rows = cat.get("tomb.campaign.level-chart").records()
        levels = [r for r in rows if r["min_xp"] <= xp <= r["max_xp"]]
        benefits = [r["benefit"] for r in rows if levels and r["level"] <= max(r2["level"] for r2 in levels)]
        said = [f"re-roll {hit[1].group(2)}", f"draw {hit[1].group(3)}"]
        ok = len(levels) == 1 and all(any(s.lower() in b.lower() for b in benefits) for s in said)
        yield ExampleCheck("tomb", "campaign-150-xp", (hit[0], "tomb.campaign.level-chart"),
                           {"xp": xp, "benefits": said}, {"levels": [r["level"] for r in levels], "benefits": benefits},
                           ok, "" if ok else "the campaign example does not follow from the level chart")


# --------------------------------------------------------------------------------------------------
# Secrets of the Lost Tomb


def _only(game: str) -> Callable[[Callable[[Catalog], Iterable[Finding]]], Callable[[Catalog], Iterable[Finding]]]:
    def wrap(fn: Callable[[Catalog], Iterable[Finding]]) -> Callable[[Catalog], Iterable[Finding]]:
        @functools.wraps(fn)
        def run(cat: Catalog) -> Iterable[Finding]:
            return fn(cat) if cat.game == game else ()

        return run

    return wrap


def _secrets_only(fn: Callable[[Catalog], Iterable[Finding]]) -> Callable[[Catalog], Iterable[Finding]]:
    return _only("secrets")(fn)


def _contents(cat: Catalog, table_id: str, name_col: str = "component", count_col: str = "count") -> dict[str, int]:
    if table_id not in cat:
        return {}
    return {str(r[name_col]): r[count_col] for r in cat.get(table_id).records() if isinstance(r.get(count_col), int)}


@detector("secrets-components")
@_secrets_only
def secrets_components(cat: Catalog) -> Iterable[Finding]:
    """The counts of the components list against the numbers the rules use at one time."""
    parts = _contents(cat, "secrets.components.contents")
    setup = cat.get("secrets.setup.adventurer-setup").records() if "secrets.setup.adventurer-setup" in cat else []
    if not parts or not setup:
        return
    most = max(r["adventurers"] for r in setup)
    per_adventurer = {k: v for k, v in parts.items()
                      if k in ("Clear Adventurer Stands", "Pegs", "A.R.M. Overlays", "Adventurer Health Dial",
                               "Adventurer Audacity Dial", "Search")}
    # Five Adventurers: "you may choose to give any two players an additional action".
    five = grab(cat, r"\((\d+) total actions divided amongst (\d+) players\.?\)")
    extra = grab(cat, r"give any (\w+) players an additional action")
    totals = {}
    for r in setup:
        n, per = r["adventurers"], r["action_tokens_per_adventurer"]
        bonus = as_int(extra[1].group(1)) if extra and five and n == int(five[1].group(2)) else 0
        totals[n] = n * per + bonus
    companions = {r["adventurers"]: r["adventurers"] * r["companions_per_adventurer"] for r in setup}
    stated = {int(five[1].group(2)): int(five[1].group(1))} if five else {}
    wrong = {n: (t, stated[n]) for n, t in totals.items() if n in stated and stated[n] != t}
    rules = tuple(x for x in ("secrets.setup.adventurer-setup", "secrets.components.contents",
                              five[0] if five else None) if x)
    if wrong:
        yield Finding("secrets.components.action-total", "secrets", "component-count", rules,
                      f"the Adventurer Setup's stated total of actions does not add up: {wrong}", {"totals": totals})
    yield Finding(
        "secrets.derived.actions-per-round", "secrets", "derived-fact", rules,
        f"the Adventurer Setup gives "
        f"{', '.join(f'{n} Adventurer(s) {t}' for n, t in sorted(totals.items()))} actions per round (the rulebook "
        f"states the total only for {', '.join(map(str, stated)) or 'no'} Adventurers); at most "
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
    comet = grab(cat, r"Assemble the Comet track using a dial connector")
    if connectors is not None and arms:
        need = dials + (1 if comet else 0)
        yield Finding(
            "secrets.derived.dial-connectors", "secrets", "derived-fact" if need == connectors else "component-count",
            ("secrets.components.contents",) + ((comet[0],) if comet else ()),
            f"the {connectors} dial connectors are exactly the {dials} dials of the {arms} A.R.M.s plus the Comet track's "
            f"one ({need})" if need == connectors else
            f"the dials and the Comet track need {need} dial connectors; the box has {connectors}",
            {"connectors": connectors, "needed": need})
    stands = parts.get("Red Creature Stands")
    limit = grab(cat, r"creature limit of (\d+), which does not include boss creatures")
    bosses = parts.get("Boss Creatures")
    if stands and limit and bosses is not None:
        most_creatures = int(limit[1].group(1)) + bosses
        yield Finding(
            "secrets.derived.creature-stands", "secrets",
            "derived-fact" if most_creatures <= stands else "component-count",
            ("secrets.components.contents", limit[0]),
            f"at most {int(limit[1].group(1))} creatures count against the limit and every one of the {bosses} boss "
            f"creatures is outside it: {most_creatures} creatures at once, "
            + ("exactly the" if most_creatures == stands else "against the") + f" {stands} Red Creature Stands",
            {"creature_limit": int(limit[1].group(1)), "boss_cards": bosses, "most_creatures": most_creatures,
             "stands": stands})
    dice = parts.get("Dice")
    roll = grab(cat, r"He rolls (\d+) dice, getting")
    cap = grab(cat, r"up to (\d+) bonus dice")
    pool = grab(cat, r"So far, his combat dice pool is (\d+) dice")
    note = grab(cat, r"Sometimes you may need to roll more dice than are included in the game")
    if dice and roll and cap and pool:
        biggest = int(pool[1].group(1)) + int(cap[1].group(1))
        yield Finding(
            "secrets.derived.dice-pool-beyond-box", "secrets", "derived-fact",
            ("secrets.components.contents", roll[0], cap[0], pool[0]) + ((note[0],) if note else ()),
            f"the first combat example already rolls {roll[1].group(1)} dice (all {dice} in the box); with the full "
            f"outnumber bonus of {cap[1].group(1)} the same Adventurer would roll {biggest}"
            + (" (the rulebook allows rerolling and remembering, or extra dice)" if note else ""),
            {"dice_in_box": dice, "example_pool": int(roll[1].group(1)), "with_full_outnumber": biggest})


@detector("secrets-dice-odds")
@_secrets_only
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
            row[f"difficulty {d}"] = str(_at_least(n, d, p))
            row[f"difficulty {d} with Audacity"] = str(_at_least(n, d, q))
        table[f"{n} dice"] = row
    yield Finding(
        "secrets.derived.dice-odds", "secrets", "derived-fact",
        ("secrets.dice.die-faces", "secrets.dice.audacity-spending"),
        f"one die succeeds with probability {p} ({float(p):.0%}), {q} with Audacity spent; a check of difficulty d "
        f"with fewer than d dice can never pass, Audacity or not (it changes faces, not dice)",
        {"success_per_die": str(p), "success_per_die_with_audacity": str(q), "pass_probability": table})


def _at_least(n: int, k: int, p: Fraction) -> Fraction:
    return sum((Fraction(math.comb(n, i)) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1)), Fraction(0))


@detector("secrets-search-chart")
@_secrets_only
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
    claim = grab(cat, r"Searching gets more dangerous as the token turns from green to red")
    yield Finding(
        "secrets.derived.search-danger", "secrets", "contradiction" if "bad_results" in not_monotone else "derived-fact",
        ("secrets.reference.search-chart",) + ((claim[0],) if claim else ()),
        "over the six rolls, " + "; ".join(f"{c.split('_')[-1]}: {m['creatures_spawned']} creatures, "
                                           f"{m['misadventures']} Misadventures, {m['items']} items"
                                           for c, m in measure.items())
        + (f" - not more dangerous at every turn by {', '.join(not_monotone)}" if not_monotone else ""),
        {"by_colour": measure, "not_monotone_in": not_monotone})


# --------------------------------------------------------------------------------------------------
# Tomb


_COLOURS = ("green", "blue", "red")


@detector("tomb-dice")
@_only("tomb")
def tomb_dice(cat: Catalog) -> Iterable[Finding]:
    """The dice table against itself and the contents; a TN above the dice rolled; raising past Red."""
    if "tomb.dice.colors" not in cat:
        return
    rows = cat.get("tomb.dice.colors").records()
    for r in rows:
        if Fraction(r["axe_faces"], r["faces"]) * 100 != r["success_percent"]:
            yield Finding(f"tomb.dice.{r['color'].lower()}-percent", "tomb", "table", ("tomb.dice.colors",),
                          f"{r['color']} dice: {r['axe_faces']} of {r['faces']} faces is not {r['success_percent']}%",
                          {"row": r})
    per_colour = {r["color"].lower(): r["count"] for r in rows}
    # A TN above the number of dice rolled can never be met (one success per die, the default reading).
    trap = grab(cat, r"She rolls (\w+) Blue Dice again, this time gaining (\w+) successes\. The CM reveals the trap is "
                     r"([\w ]+), requiring (\w+) successes")
    if trap:
        dice, got, name, tn = as_int(trap[1].group(1)), as_int(trap[1].group(2)), trap[1].group(3), as_int(trap[1].group(4))
        if tn > dice:
            yield Finding(
                "tomb.never.tn-above-dice", "tomb", "never-succeeds",
                (trap[0], "tomb.trap.combined-successes", "tomb.dice.axe-is-success"),
                f"{name} needs {tn} successes and Lady Eryne rolls {dice} dice: with one success per die no roll of "
                f"hers can ever disarm it (the example's {got} successes were the most she could get)",
                {"dice": dice, "target_number": tn, "most_successes": dice},
                reading="tomb.ambiguity.dice-success-per-die=one-per-die")
    raise_ = grab(cat, r"All Red Tomb Dice become automatic successes")
    lower = grab(cat, r"All Green Tomb Dice become automatic failures")
    if raise_ and lower:
        order = [r["color"] for r in rows]
        yield Finding(
            "tomb.never.raise-past-red", "tomb", "never-succeeds",
            ("tomb.dice.raise-type", raise_[0], "tomb.dice.lower-type", lower[0]),
            f"the dice type runs {' < '.join(order)}: a raise gives nothing to dice already {order[-1]} (they are "
            f"automatic successes after one raise, and nothing is above {order[-1]}), and after a lower no roll of "
            f"{order[0]} dice alone can ever succeed (they are automatic failures)",
            {"colours": order, "after_one_raise": {"Green": "Blue", "Blue": "Red", "Red": "automatic success"},
             "after_one_lower": {"Red": "Blue", "Blue": "Green", "Green": "automatic failure"}})
    # Combined rolls against the seven dice of a colour.
    chars = {c.name: c.attributes for c in cat.components if c.kind == "character"}
    skill = {n: dict(a["skill"]) for n, a in chars.items() if "skill" in a}
    orb = next((c for c in cat.components if "skill_bonus" in c.attributes), None)
    if len(skill) >= 2:
        blue = sorted(skill, key=lambda n: -skill[n].get("blue", 0))
        party = blue[:3]
        need = {col: sum(skill[n].get(col, 0) for n in party) for col in _COLOURS}
        over = {col: v for col, v in need.items() if v > per_colour.get(col.capitalize(), 7)}
        combined = grab(cat, r"Characters assigned to Disarm a trap must roll a combined number of successes")
        if over:
            yield Finding(
                "tomb.components.combined-roll-dice", "tomb", "component-count",
                ((combined[0],) if combined else ()) + ("tomb.contents.components", "tomb.dice.colors")
                + tuple(c.id for c in cat.components if c.name in party),
                f"a combined Skill roll by {', '.join(party)} (the rulebook's own Characters) needs "
                f"{', '.join(f'{v} {k.capitalize()}' for k, v in over.items())} dice; the box has "
                f"{per_colour.get('Blue', 7)} of each colour, and the rulebook never says how to roll more",
                {"party": {n: skill[n] for n in party}, "dice_needed": need, "dice_per_colour": per_colour,
                 "with_keziahs_orb": {n: {**skill[n], "blue": skill[n].get("blue", 0) + dict(orb.attributes["skill_bonus"]).get("blue", 0)}
                                      for n in party[:1]} if orb else None})


def _pool_distribution(pool: dict[str, int], p: dict[str, Fraction]) -> dict[int, Fraction]:
    """The exact distribution of successes of a Tomb roll (one success per die)."""
    dist = {0: Fraction(1)}
    for colour, n in pool.items():
        for _ in range(n):
            nxt: dict[int, Fraction] = {}
            for k, w in dist.items():
                nxt[k] = nxt.get(k, Fraction(0)) + w * (1 - p[colour])
                nxt[k + 1] = nxt.get(k + 1, Fraction(0)) + w * p[colour]
            dist = nxt
    return dist


@detector("tomb-dice-odds")
@_only("tomb")
def tomb_dice_odds(cat: Catalog) -> Iterable[Finding]:
    """The chances behind the worked examples, computed exactly from the dice table (never stated)."""
    if "tomb.dice.colors" not in cat:
        return
    p = {r["color"].lower(): Fraction(r["axe_faces"], r["faces"]) for r in cat.get("tomb.dice.colors").records()}
    chars = {c.name: c for c in cat.components if c.kind == "character" and "skill" in c.attributes}
    odds: dict[str, str] = {}
    rules: list[str] = ["tomb.dice.colors"]
    if {"Dread", "Captain Dukat"} <= set(chars):
        a = _pool_distribution(dict(chars["Dread"].attributes["skill"]), p)
        b = _pool_distribution(dict(chars["Captain Dukat"].attributes["skill"]), p)
        win = sum((wa * wb for ka, wa in a.items() for kb, wb in b.items() if ka > kb), Fraction(0))
        odds["Dread steals from Captain Dukat (more successes)"] = f"{win} ({float(win):.0%})"
        rules += [chars["Dread"].id, chars["Captain Dukat"].id, "tomb.pickpocket.example"]
    if "Lady Eryne" in chars:
        eryne = _pool_distribution(dict(chars["Lady Eryne"].attributes["skill"]), p)
        for tn in (2, 3, 4):
            w = sum((x for k, x in eryne.items() if k >= tn), Fraction(0))
            odds[f"Lady Eryne disarms a Skill trap of TN {tn}"] = f"{w} ({float(w):.0%})"
        rules.append(chars["Lady Eryne"].id)
    if odds:
        yield Finding(
            "tomb.derived.example-odds", "tomb", "derived-fact", tuple(r for r in rules if r in cat),
            "the odds behind the examples: " + "; ".join(f"{k}: {v}" for k, v in odds.items()),
            {"success_per_die": {k: str(v) for k, v in p.items()}, "odds": odds})


@detector("tomb-cards")
@_only("tomb")
def tomb_cards(cat: Catalog) -> Iterable[Finding]:
    """Example cards against the card anatomy and the three dice colours."""
    anatomy = {r["part"] for r in cat.get("tomb.monster.card-anatomy").records()} if "tomb.monster.card-anatomy" in cat else set()
    monsters = [c for c in cat.components if c.kind == "monster" and "attack" in c.attributes]
    for m in monsters:
        long = {k: list(v) for k, v in m.attributes.items() if k in ("attack", "skill", "magic", "holiness")
                and len(v) > len(_COLOURS)}
        if long:
            yield Finding(
                f"tomb.cards.{m.id.rsplit('.', 1)[-1]}-attribute-numbers", "tomb", "table",
                (m.id, "tomb.glossary.four-attributes-three-colors"),
                f"{m.name} prints {max(map(len, long.values()))} numbers per Attribute "
                f"({', '.join(f'{k} {v}' for k, v in long.items())}), but there are only {len(_COLOURS)} dice colours "
                f"to give them to",
                {"attributes": long, "colours": list(_COLOURS)})
    if "XP value" in anatomy:
        missing = [m for m in monsters if "xp" not in m.attributes]
        if missing:
            yield Finding(
                "tomb.cards.monster-examples-without-xp", "tomb", "gap",
                ("tomb.monster.card-anatomy",) + tuple(m.id for m in missing),
                f"the Monster Card Anatomy has an XP value, but the example Monsters "
                f"{', '.join(m.name for m in missing)} print none (what are they worth when Banked?)",
                {"anatomy": sorted(anatomy), "without_xp": [m.name for m in missing]})


@detector("tomb-components")
@_only("tomb")
def tomb_components(cat: Catalog) -> Iterable[Finding]:
    """Party markers, stands and the largest parties."""
    parts = _contents(cat, "tomb.contents.components")
    markers, stands = parts.get("Adventuring Party Marker"), parts.get("Character Stand")
    lord = grab(cat, r"maximum Adventuring Party size is (\w+) Characters instead of (\w+)")
    if markers and stands and lord:
        biggest = as_int(lord[1].group(1))
        need = markers * biggest
        yield Finding(
            "tomb.derived.stands-for-largest-parties", "tomb",
            "derived-fact" if need <= stands else "component-count",
            ("tomb.contents.components", lord[0], "tomb.party.size-one-to-five"),
            f"{markers} Adventuring Party Markers (so at most {markers} players) with parties of up to {biggest} "
            f"(a Lord's) need {need} Character Stands; the box has {stands}",
            {"players": markers, "largest_party": biggest, "stands_needed": need, "stands": stands})


@detector("tomb-party")
@_only("tomb")
def tomb_party(cat: Catalog) -> Iterable[Finding]:
    """'An Adventuring Party consists of one to five Characters' against the parties of none the rules
    go on to handle."""
    size = grab(cat, r"An Adventuring Party consists of (\w+) to (\w+) Characters")
    zero = grab(cat, r"Should an Adventuring Party ever reach (zero)")
    wiped = grab(cat, r"If an entire Adventuring Party is killed")
    if size and zero and as_int(size[1].group(1)) > 0:
        yield Finding(
            "tomb.contradiction.party-of-none", "tomb", "contradiction",
            (size[0], zero[0]) + ((wiped[0],) if wiped else ()),
            f"a party 'consists of {size[1].group(1)} to {size[1].group(2)} Characters', yet the same glossary entry "
            f"(and Death) handles a party of none: its least size is 0, not {as_int(size[1].group(1))}",
            {"stated_range": [as_int(size[1].group(1)), as_int(size[1].group(2))], "reachable_size": 0})


# --------------------------------------------------------------------------------------------------
# Cryptmaster


@detector("cryptmaster-limits")
@_only("cryptmaster")
def cryptmaster_limits(cat: Catalog) -> Iterable[Finding]:
    """The ten-card limit, checked only before a draw of two."""
    limit = grab(cat, r"fewer than (\w+) Inn cards in your hand and party, you may draw (\w+) Inn cards")
    if limit:
        cap, draw = as_int(limit[1].group(1)), as_int(limit[1].group(2))
        most = cap - 1 + draw
        if most > cap:
            yield Finding(
                "cryptmaster.limits.ten-card-limit-exceeded", "cryptmaster", "contradiction",
                (limit[0],) + tuple(e.id for e, _ in find_rules(cat, r"party limit of ten cards")),
                f"the 'party limit of {cap} cards' is checked only before drawing: with {cap - 1} cards a Draw of "
                f"{draw} leaves {most}, above the limit, and no rule discards down",
                {"limit": cap, "before_draw": cap - 1, "drawn": draw, "after_draw": most})


# --------------------------------------------------------------------------------------------------
# Monsters of Egypt


@detector("egypt-components")
@_only("egypt")
def egypt_components(cat: Catalog) -> Iterable[Finding]:
    """Life tokens, starting items and the die against what the rules ask of them."""
    parts = _contents(cat, "egypt.components.counts")
    boards, lives, items = parts.get("hero boards"), parts.get("life tokens"), parts.get("starting item tokens")
    per_hero = grab(cat, r"B\) (\d+) life tokens")
    pharaoh = grab(cat, r"\((\d+) life tokens are placed on him")
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
    if boards and items and starting:
        need = boards * sum(r["count"] for r in starting)
        yield Finding(
            "egypt.derived.starting-items", "egypt", "derived-fact" if need == items else "component-count",
            ("egypt.components.counts", "egypt.setup.hero-set"),
            f"the {items} starting item tokens are the {boards} heroes' "
            f"{' and '.join(r['part'].lower() for r in starting)} ({need}); any other starting item is on their backs",
            {"needed": need, "in_box": items})
    die = next((c for c in cat.components if c.kind == "die"), None)
    if die and "results" in die.attributes:
        results = list(die.attributes["results"])
        yield Finding(
            "egypt.gap.die-faces", "egypt", "gap", (die.id, "egypt.combat.die-results"),
            f"the die has {len(results)} named results ({', '.join(results)}) but the rulebook never says how many "
            f"faces show each: no chance in combat can be computed",
            {"results": results})


@detector("egypt-combat")
@_only("egypt")
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
    most = grab(cat, r"Each hero has a maximum of (\d+) lives")
    cobra = grab(cat, r"the cobra attacks with a lethal bite — the hero loses (\d+) lives")
    if most and cobra and int(cobra[1].group(1)) >= int(most[1].group(1)):
        yield Finding(
            "egypt.derived.cobra-bite-kills", "egypt", "derived-fact", (cobra[0], most[0]),
            f"the King Cobra's bite takes {cobra[1].group(1)} lives and no hero ever has more than "
            f"{most[1].group(1)}: an Attack roll against the cobra kills the hero outright, whatever their lives",
            {"bite": int(cobra[1].group(1)), "max_lives": int(most[1].group(1))},
            reading="egypt.ambiguity.cobra-vest (the vest saves 1 life only)")
    golem = grab(cat, r"If you roll Melee, reroll the die, even if you have a melee weapon")
    if golem:
        yield Finding(
            "egypt.never.melee-against-golem", "egypt", "never-succeeds", (golem[0], "egypt.combat.die-results"),
            "against the golem a Melee roll is always rolled again: only Melee/Ranged can ever harm it, so a melee "
            "weapon's own result never succeeds there",
            {"results_harming_golem": [r["result"] for r in results if r["result"] != "Melee" and "monster loses" in r["effect"]]})


@detector("egypt-ceiling")
@_only("egypt")
def egypt_ceiling(cat: Catalog) -> Iterable[Finding]:
    """The ceiling schedule of the body against the quick reference's, turn by turn."""
    if "egypt.escape.ceiling-schedule" not in cat:
        return
    schedule = cat.get("egypt.escape.ceiling-schedule").records()
    quick = grab(cat, r"Before each turn of the first player, lower the ceiling one floor")
    start = grab(cat, r"On your first turn, place your hero token on one of the three vines")
    if not quick:
        return
    floors = 6
    body: dict[str, str] = {}
    for turn in range(1, floors + 3):
        if turn == 1:
            body[f"turn {turn}"] = "above the board"
        elif turn == 2:
            body[f"turn {turn}"] = "the edge of the board"
        else:
            body[f"turn {turn}"] = f"floor {turn - 2} from the top"
    quick_ref = {f"turn {turn}": f"floor {turn} from the top" for turn in range(1, floors + 3)}
    yield Finding(
        "egypt.summary.ceiling-schedule", "egypt", "summary-drift",
        (quick[0], "egypt.escape.ceiling-schedule") + ((start[0],) if start else ()),
        "by the quick reference the ceiling is on the top floor before the first player's first turn - before "
        "any hero has entered it from the vines there - and every floor falls two turns early; by the body it "
        "reaches the top floor before the third turn",
        {"body": body, "quick_reference": quick_ref, "body_rows": [dict(r) for r in schedule]})
