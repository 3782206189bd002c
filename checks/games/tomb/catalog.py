"""Tomb: what its catalog alone shows (no model needed): worked examples recomputed
from their own inputs, component counts, odds and charts.

Every number is read from the catalog (a table's rows, a component's attributes, or a quote, with a
pattern that names what it expects: :func:`tombspec.checks.findings.text.stated`, which raises
``Missing`` when the quote is gone, so that a check that cannot run says so).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction

from tombspec.model import dice
from tombspec.spec import Catalog

from ...findings.base import Finding
from ...findings.examples import ExampleCheck
from ...findings.text import as_int, contents, find_rules, stated


def tomb_example_of_play(cat: Catalog) -> Iterable[ExampleCheck]:
    """'Example of Play: Into the Crypt': Attack dice, the fewest-dice victim, wound arithmetic."""
    fewest = stated(cat, r"Kadin only has (\w+) printed Attack die, but gets (\w+) more from his Attached sword — so he is "
                       r"safe\. Eryne has (\w+), Dunbar has (\w+) \((\w+) of his own plus (\w+) red because of the (\w+) "
                       r"wizards in the party\), Mirin has (\w+), and (\w+) only has (\w+)\. (\w+) dies", 0)
    later = stated(cat, r"Kadin has (\w+) blue and (\w+) red Attack dice \(thanks to Mkono-Djarat\)", 0)
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
    fire = stated(cat, r"He rolls (\w+) successes! (\w+) is applied to Crusher, killing it\..*?(\w+) successes go to Brine "
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
    crypt = stated(cat, r"This crypt holds (\w+) cards", 0)
    left = stated(cat, r"there are only (\w+) cards left", 0)
    if crypt and left and "tomb.raid.order" in cat:
        traps = len(find_rules(cat, r"^(?:The CM reveals that there is a trap|This one also requires)"))
        monsters = stated(cat, r"The CM reveals (\w[\w ]*?) and (\w[\w ]*?)\. Due to card text", 0)
        treasure = stated(cat, r"the last card is revealed — ([\w ]+), a Treasure", 0)
        if monsters and treasure:
            counted = traps + 2 + 1
            ok = as_int(crypt[1].group(1)) == counted and as_int(left[1].group(1)) == counted - traps
            yield ExampleCheck("tomb", "crypt-card-count", (crypt[0], left[0], monsters[0], treasure[0]),
                               {"crypt_holds": as_int(crypt[1].group(1)), "left_after_traps": as_int(left[1].group(1))},
                               {"traps": traps, "monsters": 2, "treasures": 1, "total": counted}, ok,
                               "" if ok else "the cards revealed do not add up to the crypt's cards")


def tomb_pickpocket_example(cat: Catalog) -> Iterable[ExampleCheck]:
    """The Pickpocket example: successes within the dice rolled; more successes wins."""
    hit = stated(cat, r"\((\w+) Green, (\w+) Blue, and (\w+) Red\), and rolls (\w+) successes\. Player Two selects "
                    r"Captain Dukat with (\w+) Green, (\w+) Blue and (\w+) Red Skill Dice\. Player Two rolls only (\w+) successes", 0)
    if hit:
        g = [as_int(x) for x in hit[1].groups()]
        dread, dread_s, dukat, dukat_s = sum(g[0:3]), g[3], sum(g[4:7]), g[7]
        ok = dread_s <= dread and dukat_s <= dukat and dread_s > dukat_s
        yield ExampleCheck("tomb", "pickpocket", (hit[0],), {"dread": [dread, dread_s], "dukat": [dukat, dukat_s]},
                           {"dread_dice": dread, "dukat_dice": dukat, "stolen": dread_s > dukat_s}, ok,
                           "" if ok else "the Pickpocket example does not recompute")


def tomb_campaign_example(cat: Catalog) -> Iterable[ExampleCheck]:
    """'if the Player has 150 XP, the Player may re-roll two ... draw six': the level chart, cumulative."""
    hit = stated(cat, r"if the Player has (\d+) XP, the Player may re-roll (\w+) Tomb Dice .* draw (\w+) Characters", 0)
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


_COLOURS = ("green", "blue", "red")


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
    trap = stated(cat, r"She rolls (\w+) Blue Dice again, this time gaining (\w+) successes\. The CM reveals the trap is "
                     r"([\w ]+), requiring (\w+) successes", 0)
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
    raise_ = stated(cat, r"All Red Tomb Dice become automatic successes", 0)
    lower = stated(cat, r"All Green Tomb Dice become automatic failures", 0)
    if raise_ and lower:
        # "All Red Tomb Dice become automatic successes": read as printed, every die Red after the
        # replacement succeeds, so a raise makes the Blue and the Red dice automatic successes and
        # only the former Green dice are rolled (as Blue); the catalog's default reading
        # (tomb.ambiguity.raise-which-red-automatic = previously-red) rolls the former Blue dice as Red.
        order = [r["color"] for r in rows]
        low, mid, high = order[0], order[1], order[-1]
        yield Finding(
            "tomb.derived.raise-lower-outcome", "tomb", "derived-fact",
            ("tomb.dice.raise-type", raise_[0], "tomb.dice.lower-type", lower[0]),
            f"what one raise or lower leaves to roll: read as printed ('All {high} Tomb Dice'), after a raise "
            f"the {mid} and {high} dice are automatic successes and only the former {low} dice are rolled (as "
            f"{mid}); after a lower the {low} and {mid} dice are automatic failures and only the former {high} "
            f"dice are rolled (as {mid}); under the reading previously-{high.lower()} the former {mid} dice are "
            f"rolled as {high} (resp. {low})",
            {"after_one_raise": {low: f"rolled as {mid}", mid: f"{high}: automatic success (as printed) or rolled "
                                 f"as {high} (previously-{high.lower()})", high: "automatic success"},
             "after_one_lower": {high: f"rolled as {mid}", mid: f"{low}: automatic failure (as printed) or rolled "
                                 f"as {low} (previously-{low.lower()})", low: "automatic failure"}},
            severity="note")
    # Combined rolls against the seven dice of a colour.
    chars = {c.name: c.attributes for c in cat.components if c.kind == "character"}
    skill = {n: dict(a["skill"]) for n, a in chars.items() if "skill" in a}
    orb = next((c for c in cat.components if "skill_bonus" in c.attributes), None)
    if len(skill) >= 2:
        blue = sorted(skill, key=lambda n: -skill[n].get("blue", 0))
        party = blue[:3]
        need = {col: sum(skill[n].get(col, 0) for n in party) for col in _COLOURS}
        over = {col: v for col, v in need.items() if v > per_colour.get(col, 7)}
        combined = stated(cat, r"Characters assigned to Disarm a trap must roll a combined number of successes", 0)
        if over:
            yield Finding(
                "tomb.components.combined-roll-dice", "tomb", "component-count",
                ((combined[0],) if combined else ()) + ("tomb.contents.components", "tomb.dice.colors")
                + tuple(c.id for c in cat.components if c.name in party),
                f"a combined Skill roll by {', '.join(party)} (the rulebook's own Characters) needs "
                f"{', '.join(f'{v} {k.capitalize()}' for k, v in over.items())} dice; the box has "
                f"{per_colour.get('blue', 7)} of each colour, and the rulebook never says how to roll more",
                {"party": {n: skill[n] for n in party}, "dice_needed": need, "dice_per_colour": per_colour,
                 "with_keziahs_orb": {n: {**skill[n], "blue": skill[n].get("blue", 0) + dict(orb.attributes["skill_bonus"]).get("blue", 0)}
                                      for n in party[:1]} if orb else None},
                # a party the rules allow, not one the rulebook prints: what to do is unsaid, nothing is wrong
                severity="open-question")


def tomb_dice_odds(cat: Catalog) -> Iterable[Finding]:
    """The chances behind the worked examples, computed exactly from the dice table (never stated)."""
    if "tomb.dice.colors" not in cat:
        return
    p = {r["color"].lower(): Fraction(r["axe_faces"], r["faces"]) for r in cat.get("tomb.dice.colors").records()}
    chars = {c.name: c for c in cat.components if c.kind == "character" and "skill" in c.attributes}
    odds: dict[str, str] = {}
    rules: list[str] = ["tomb.dice.colors"]
    if {"Dread", "Captain Dukat"} <= set(chars):
        a = successes_of(dict(chars["Dread"].attributes["skill"]), p)
        b = successes_of(dict(chars["Captain Dukat"].attributes["skill"]), p)
        win = sum((wa * wb for ka, wa in a.items() for kb, wb in b.items() if ka > kb), Fraction(0))
        odds["Dread steals from Captain Dukat (more successes)"] = f"{win} ({float(win):.0%})"
        rules += [chars["Dread"].id, chars["Captain Dukat"].id, "tomb.pickpocket.example"]
    if "Lady Eryne" in chars:
        eryne = successes_of(dict(chars["Lady Eryne"].attributes["skill"]), p)
        for tn in (2, 3, 4):
            w = sum((x for k, x in eryne.items() if k >= tn), Fraction(0))
            odds[f"Lady Eryne disarms a Skill trap of TN {tn}"] = f"{w} ({float(w):.0%})"
        rules.append(chars["Lady Eryne"].id)
    if odds:
        yield Finding(
            "tomb.derived.example-odds", "tomb", "derived-fact", tuple(r for r in rules if r in cat),
            "the odds behind the examples: " + "; ".join(f"{k}: {v}" for k, v in odds.items()),
            {"success_per_die": {k: str(v) for k, v in p.items()}, "odds": odds})


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


def tomb_components(cat: Catalog) -> Iterable[Finding]:
    """Party markers, stands and the largest parties: the box's Character Stands against the most the
    rules can put on the board at once (a finding only when they fall short)."""
    parts = contents(cat, "tomb.contents.components")
    markers, stands = parts.get("Adventuring Party Marker"), parts.get("Character Stand")
    lord = stated(cat, r"maximum Adventuring Party size is (\w+) Characters instead of (\w+)", 0)
    if markers and stands and lord:
        biggest = as_int(lord[1].group(1))
        need = markers * biggest
        if need <= stands:
            return   # the box suffices: a consistency that needs no editor's attention
        yield Finding(
            "tomb.derived.stands-for-largest-parties", "tomb", "component-count",
            ("tomb.contents.components", lord[0], "tomb.party.size-one-to-five"),
            f"{markers} Adventuring Party Markers (so at most {markers} players) with parties of up to {biggest} "
            f"(a Lord's) need {need} Character Stands; the box has {stands}",
            {"players": markers, "largest_party": biggest, "stands_needed": need, "stands": stands})


def successes_of(pool: dict[str, int], p: dict[str, Fraction]) -> dict[int, Fraction]:
    """The exact distribution of successes of a Tomb roll (one success per die)."""
    return dict(enumerate(dice.successes(tuple(p[colour] for colour, n in pool.items() for _ in range(n)))))


EXAMPLE_CHECKS = (tomb_example_of_play, tomb_pickpocket_example, tomb_campaign_example)
# Retired: tomb_party ('one to five Characters' against the party of none the same entry handles: one
# sentence handling its own edge case, not a contradiction).
DETECTORS = (tomb_dice, tomb_dice_odds, tomb_cards, tomb_components)
