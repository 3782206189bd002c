"""Build the Secrets combat cases in tests/cases/secrets/ (one JSON Lines trace per case).

Written from the rulebook alone (secrets-of-the-lost-tomb.txt), the docs and the component set
spec/secrets/core.toml; the starting state is a real state of the model's (secrets_base_state.json: the
first Adventurer Phase state of a 2-Adventurer game), rebuilt here into each case's situation.

    python3 tests/cases/secrets/tools/build_secrets.py
"""

from __future__ import annotations

import copy
import json
import pathlib
import tomllib

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parent
ROOT = HERE.parents[3]
CORE = tomllib.loads((ROOT / "spec/secrets/core.toml").read_text())
SHEETS = {a["name"]: a for a in CORE["adventurers"]}
CARDS = {c["name"]: c for c in CORE["cards"]}
CREATURES = {c["name"]: c for c in CORE["creatures"]}
BASE = json.loads((HERE / "secrets_base_state.json").read_text())
TOMB_AGENDA = json.loads((HERE / "secrets_tomb_agenda.json").read_text())

ENTRANCE = "Tomb's Entrance"
QHALL = "Quetzalcoatl's Hall"
QDESC = "Quetzalcoatl's Descent"
PHARAOH = "Pharaoh's Hall"


def _take(piles: dict, name: str) -> None:
    counts = dict(map(tuple, piles["deck"]["counts"]))
    assert counts.get(name, 0) > 0, f"no {name} left in the deck"
    counts[name] -= 1
    piles["deck"]["counts"] = sorted([[k, v] for k, v in counts.items() if v > 0])


def _give_back(piles: dict, name: str) -> None:
    counts = dict(map(tuple, piles["deck"]["counts"]))
    counts[name] = counts.get(name, 0) + 1
    piles["deck"]["counts"] = sorted([[k, v] for k, v in counts.items() if v > 0])


def held(name: str, **kw) -> dict:
    card = {"exhausted": False, "name": name, "origin": "", "owner": "", "turned": False, "used": 0}
    card.update(kw)
    return card


def base() -> dict:
    s = copy.deepcopy(BASE)
    for seat in s["seats"]:
        a = seat["adventurer"]
        for c in a["cards"]:
            _give_back(s["items"] if CARDS[c["name"]]["deck"] == "item" else s["artifacts"], c["name"])
        for c in a["companions"]:
            _give_back(s["companions"], c["name"])
    s["seats"] = []
    return s


def adv(s: dict, name: str, *, room: str = ENTRANCE, health: int | None = None, audacity: int = 0,
        courage: int | None = None, cards=(), companions=(), status=(), shards: int = 0,
        tokens: int = 2, fleeing: bool = False) -> int:
    """Seat an adventurer (the next seat); cards are names or held() dicts; returns the seat."""
    sheet = SHEETS[name]
    held_cards = []
    for c in cards:
        c = held(c) if isinstance(c, str) else c
        _take(s["items"] if CARDS[c["name"]]["deck"] == "item" else s["artifacts"], c["name"])
        held_cards.append(c)
    comps = []
    for c in companions:
        cname, chealth = (c, None) if isinstance(c, str) else c
        _take(s["companions"], cname)
        full = next(x for x in CORE["companions"] if x["name"] == cname)["health"]
        comps.append({"health": full if chealth is None else chealth, "name": cname})
    ability_tokens = [[ab["name"], ab["uses"]] for ab in sheet.get("abilities", []) if ab.get("uses")]
    s["seats"].append({
        "action_tokens": 6,
        "adventurer": {
            "audacity": audacity, "bonuses": [], "cards": held_cards, "companions": comps,
            "courage": sheet["courage"] if courage is None else courage, "courage_excess": 0,
            "fleeing": fleeing, "health": sheet["health"] if health is None else health, "name": name,
            "plus_ten": False, "room": room, "ropes": 0, "shards": shards,
            "start_courage": sheet["courage"], "start_health": sheet["health"], "status": list(status),
            "tokens": ability_tokens,
        },
        "out": False, "search": 0, "tokens": tokens,
    })
    return len(s["seats"]) - 1


def creature(s: dict, name: str, room: str = ENTRANCE, damage: int = 0, swarm: int | None = None) -> str:
    spec = CREATURES[name]
    _take(s[spec["deck"]], name)
    cid = s["next_creature"]
    s["next_creature"] += 1
    s["creatures"].append({"damage": damage, "id": cid, "name": name, "room": room,
                           "swarm": spec.get("swarm", 0) if swarm is None else swarm})
    return f"c{cid}"


def tomb_phase(s: dict, card: str = "Distant Rumbling") -> None:
    """The Tomb Phase, its Tomb card drawn and its effect and creature moves done: next, Initiate Combat."""
    _take(s["tomb"], card)
    s["phase"] = "tomb"
    s["tomb_card"] = card
    s["agenda"] = copy.deepcopy(TOMB_AGENDA)
    for seat in s["seats"]:
        seat["tokens"] = 0


def dice(*faces: int) -> dict:
    counts = [0] * 6
    for f in faces:
        counts[f - 1] += 1
    return {"kind": "dice", "faces": counts}


def wield(weapons=(), armor=(), area=False) -> dict:
    return {"kind": "wield", "weapons": list(weapons), "armor": list(armor), "area": area}


def fight(target: str) -> dict:
    return {"kind": "fight", "target": target}


def a(kind: str, **kw) -> dict:
    return {"kind": kind, **kw}


def seats_after(s: dict, changes: dict[int, dict]) -> list:
    """The seats with the rulebook's changes: {seat: {field: value}} (adventurer fields, or 'tokens')."""
    out = copy.deepcopy(s["seats"])
    for i, ch in changes.items():
        for k, v in ch.items():
            if k in ("tokens", "out", "search", "action_tokens"):
                out[i][k] = v
            else:
                out[i]["adventurer"][k] = v
    return out


def creatures_after(s: dict, changes: dict[str, dict | None]) -> list:
    out = []
    for c in copy.deepcopy(s["creatures"]):
        key = f"c{c['id']}"
        if key in changes:
            if changes[key] is None:
                continue
            c.update(changes[key])
        out.append(c)
    return out


CASES: list[str] = []

# After a Tomb Phase whose Tomb card (Distant Rumbling) spawns nothing here (no red-outlined room is placed)
# and turns the Search tokens once: 'Then, the adventurers flip their Action tokens to their unused sides.'
ROUND_END = {"tokens": 6, "search": 1}


def case(fname: str, note: str, s: dict, steps: list, options: dict | None = None) -> None:
    opts = {"players": len(s["seats"])}
    opts.update(options or {})
    header = {"trace": "tombspec", "version": 1, "game": "secrets", "options": opts, "state": s, "note": note}
    lines = [header]
    for st in steps:
        lines.append(st)
    (OUT / f"{fname}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    CASES.append(fname)


def step(action: dict, player: int | None = None, **claims) -> dict:
    line = {"action": action}
    if player is not None:
        line["player"] = player
    line.update(claims)
    return line


# ------------------------------------------------------------------------------------------------
# The cases


def c01_fisticuffs_armor_and_critical():
    s = base()
    mac = adv(s, "Alligator MacPhee", cards=["Machete", "Bullwhip"], courage=2)
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Skeleton Guard")
    case("c01-fisticuffs-armor-blocks-success-not-critical",
         "Combat, 3: 'If you do not have a weapon or choose not to wield one ... The checked attribute for "
         "weaponless hand-to-hand combat is Strength.' 5: 'Add your successes (5s) and critical successes (6s) "
         "to get your base defense ... If the creature's Combat rating exceeds your final defense, you take "
         "damage' / 'Count your successes (5s), but not critical successes (6s). This is your base damage. Then, "
         "subtract the creature's Armor rating ... Finally, add your critical successes'. 2: 'The first time you "
         "combat a creature, lose Courage equal to the creature's Courage Attack.' MacPhee (Strength 5) chooses "
         "fists although he holds a Machete: 5 dice; rolls 2,2,3,5,6 against a Skeleton Guard (Combat 2, "
         "Armor 1, Courage attack 1): defense 2 = Combat 2, no damage; damage (1-1)+1 = 1; Courage 2 -> 1; one "
         "Action token spent.",
         s, [
             step(fight(c)),
             step(wield()),
             step(dice(2, 2, 3, 5, 6),
                  project={"creatures": creatures_after(s, {c: {"damage": 1}}),
                           "seats": seats_after(s, {mac: {"courage": 1, "tokens": 1}})}),
         ])


def c02_kill_exact_health_bystander_outnumber():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2, shards=0)
    forr = adv(s, "Prof. Forrestal", courage=-2, shards=0)
    c = creature(s, "Skeleton Guard", damage=2)
    case("c02-kill-at-exact-health-killer-and-bystander-rewards",
         "Outnumber: 'The acting adventurer gains bonus dice equal to the number of adventurers exceeding the "
         "number of creatures' (2 adventurers, 1 creature: +1, so 6 dice for Strength 5). Defeating Creatures: "
         "'When a creature's Health reaches 0 or less, it dies. The adventurer who dealt the killing blow gains "
         "the Soul Shards shown on the Creature card. Each other adventurer in the same room gains 1 Soul Shard. "
         "Each adventurer who gained Soul Shards regains Courage equal to half the dead creature's Courage attack, "
         "rounded up.' A Skeleton Guard (Health 3, 2 Damage tokens, Combat 2, Armor 1, Courage attack 1, 2 Soul "
         "Shards); MacPhee rolls 2,2,3,3,4,6: defense 1 < 2, he takes 1; damage max(0,0-1)+1 = 1, exactly the "
         "Health left: it dies. MacPhee: Courage 2-1+1 = 2, +2 Soul Shards, Health 10; Forrestal (Courage -2): "
         "+1 Soul Shard, +1 Courage.",
         s, [
             step(fight(c)),
             step(wield()),
             step(dice(2, 2, 3, 3, 4, 6),
                  project={"creatures": creatures_after(s, {c: None}),
                           "seats": seats_after(s, {mac: {"courage": 2, "shards": 2, "health": 10, "tokens": 1},
                                                    forr: {"courage": -1, "shards": 1}})}),
         ])


def c03_armor_floor_zero():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2)
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Living Moai-Man")
    case("c03-creature-armor-floors-at-zero-criticals-still-hit",
         "Combat, 5: 'subtract the creature's Armor rating from your base damage, to a minimum of 0. Finally, "
         "add your critical successes to get your final damage.' Living Moai-Man (Combat 3, Armor 2, Courage "
         "attack 2); MacPhee's fists roll 2,3,5,6,6: defense 3 = Combat 3, no damage; damage max(0, 1-2) + 2 = 2 "
         "(not 1: the excess Armor does not cancel criticals). Courage 2 -> 0.",
         s, [
             step(fight(c)),
             step(wield()),
             step(dice(2, 3, 5, 6, 6),
                  project={"creatures": creatures_after(s, {c: {"damage": 2}}),
                           "seats": seats_after(s, {mac: {"courage": 0, "tokens": 1}})}),
         ])


def c04_item_armor_reduces_damage():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2, cards=["Leather Jacket"])
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Living Moai-Man")
    case("c04-chest-armor-adds-to-defense",
         "Combat, 5: 'Then, add your armor value from items (if any) to get your final defense. If the "
         "creature's Combat rating exceeds your final defense, you take damage equal to that difference.' "
         "'If your final damage is positive, deal it to the creature.' MacPhee wears a Leather Jacket (chest, "
         "armor 1) against a Living Moai-Man (Combat 3, Armor 2) and rolls 1,2,3,4,5: final defense 1+1 = 2, he "
         "takes 1 (Health 11 -> 10); his damage max(0,1-2)+0 = 0: no Damage token.",
         s, [
             step(fight(c)),
             step(wield(armor=["Leather Jacket"])),
             step(dice(1, 2, 3, 4, 5),
                  project={"creatures": creatures_after(s, {c: {"damage": 0}}),
                           "seats": seats_after(s, {mac: {"courage": 0, "health": 10, "tokens": 1}})}),
         ])


def c05_armor_slots():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2, cards=["Pith Helmet", "Pith Helmet", "Leather Jacket"])
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Living Moai-Man")
    case("c05-one-chest-and-one-head-armor",
         "Combat, 3: 'You can only wear 1 piece of chest armor and 1 piece of head armor at once.' Two Pith "
         "Helmets (head) are refused; a Pith Helmet and a Leather Jacket (armor 1 each) are allowed and together "
         "give final defense 1 (one 5) + 2 = 3 against the Living Moai-Man's Combat 3: no damage.",
         s, [
             step(fight(c)),
             step(wield(armor=["Pith Helmet", "Pith Helmet"]), error={"rule": "secrets.combat.armor-slots"}),
             step(wield(armor=["Leather Jacket", "Pith Helmet"])),
             step(dice(2, 2, 2, 3, 5),
                  project={"creatures": creatures_after(s, {c: {"damage": 0}}),
                           "seats": seats_after(s, {mac: {"courage": 0, "health": 11, "tokens": 1}})}),
         ])


def c06_critical_failure_triggers():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2)
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Keeper of the Tomb")
    case("c06-critical-failure-triggers-after-damage",
         "Combat, 5: 'If the creature dealt any damage to you this combat, and it has a special ability with the "
         "critical-failure trigger symbol and you rolled any critical failures (1s), also trigger the creature's "
         "special ability.' Keeper of the Tomb (Combat 2, Armor 0, Health 3; its critical-failure ability: 1 "
         "damage); MacPhee rolls 1,2,2,3,5: defense 1, he takes 1, and the 1 triggers 1 more: Health 11 -> 9. "
         "He deals 1 (no Armor).",
         s, [
             step(fight(c)),
             step(wield()),
             step(dice(1, 2, 2, 3, 5),
                  project={"creatures": creatures_after(s, {c: {"damage": 1}}),
                           "seats": seats_after(s, {mac: {"courage": 1, "health": 9, "tokens": 1}})}),
         ])


def c07_critical_failure_needs_damage():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2)
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Keeper of the Tomb")
    case("c07-critical-failure-without-damage-does-not-trigger",
         "Combat, 5: 'If the creature dealt any damage to you this combat, and ... you rolled any critical "
         "failures (1s), also trigger'. MacPhee rolls 1,1,2,5,6 against the Keeper of the Tomb (Combat 2): "
         "defense 2, no damage, so the two 1s trigger nothing: Health stays 11. Damage 1+1 = 2.",
         s, [
             step(fight(c)),
             step(wield()),
             step(dice(1, 1, 2, 5, 6),
                  project={"creatures": creatures_after(s, {c: {"damage": 2}}),
                           "seats": seats_after(s, {mac: {"courage": 1, "health": 11, "tokens": 1}})}),
         ])


def c08_armor_prevents_trigger():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2, cards=["Leather Jacket", "Pith Helmet"])
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Keeper of the Tomb")
    case("c08-armor-absorbs-all-damage-no-critical-trigger",
         "Combat, 5: final defense = successes + 'your armor value from items'; the critical-failure ability "
         "triggers only 'If the creature dealt any damage to you this combat'. MacPhee wears armor 2 (Leather "
         "Jacket, Pith Helmet) and rolls 1,1,1,2,3 against the Keeper of the Tomb (Combat 2): final defense 2, "
         "no damage, no trigger: Health 11. (Catalog secrets.ambiguity.combat-critical-failure-redirected, "
         "default: 'damage fully prevented by armor does not' count.)",
         s, [
             step(fight(c)),
             step(wield(armor=["Leather Jacket", "Pith Helmet"])),
             step(dice(1, 1, 1, 2, 3),
                  project={"creatures": creatures_after(s, {c: {"damage": 0}}),
                           "seats": seats_after(s, {mac: {"courage": 1, "health": 11, "tokens": 1}})}),
         ])


def c09_two_weapons_attribute():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2, cards=["Machete", "Bullwhip"])
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Skeleton Guard")
    case("c09-two-weapons-must-match-attribute",
         "Combat, 3: 'If you wield 2 weapons, their checked attributes must match.' and the example: 'If he uses "
         "this weapon [a Machete], he could not also wield a Bullwhip, a one-handed Dexterity weapon.' Then the "
         "Machete alone: Strength 5 + its +1 = 6 dice; rolls 2,2,2,3,5,5 against a Skeleton Guard: no damage "
         "taken, 2-1 = 1 dealt.",
         s, [
             step(fight(c)),
             step(wield(weapons=["Machete", "Bullwhip"]),
                  error={"rule": "secrets.combat.two-weapons-same-attribute"}),
             step(wield(weapons=["Machete"])),
             step(dice(2, 2, 2, 3, 5, 5),
                  project={"creatures": creatures_after(s, {c: {"damage": 1}}),
                           "seats": seats_after(s, {mac: {"courage": 1, "tokens": 1}})}),
         ])


def c10_hands_limit_two_machetes():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2, cards=["Machete", "Machete", "Crowbar"])
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Skeleton Guard")
    case("c10-one-two-handed-or-two-one-handed",
         "Combat, 3: 'You can wield 1 two-handed weapon or 2 one-handed weapons adding any of their combat "
         "bonuses to your dice pool.' A Machete (1 hand) with a Crowbar (2 hands) is refused; 'he could wield a "
         "Machete in each hand because they are both Strength weapons': Strength 5 + 1 + 1 = 7 dice (the "
         "attribute once: catalog secrets.ambiguity.combat-two-weapons-attribute, default once). Rolls "
         "2,2,2,3,3,4,5: defense 1, he takes 1; deals max(0,1-1) = 0.",
         s, [
             step(fight(c)),
             step(wield(weapons=["Machete", "Crowbar"]), error={"rule": "secrets.combat.weapon-limit"}),
             step(wield(weapons=["Machete", "Machete"])),
             step(dice(2, 2, 2, 3, 3, 4, 5),
                  project={"creatures": creatures_after(s, {c: {"damage": 0}}),
                           "seats": seats_after(s, {mac: {"courage": 1, "health": 10, "tokens": 1}})}),
         ])


def c11_minimum_attribute():
    s = base()
    forr = adv(s, "Prof. Forrestal", courage=0, cards=["Necronomicon"])
    adv(s, "Alligator MacPhee", room=QHALL)
    c = creature(s, "Skeleton Guard")
    case("c11-minimum-attribute-to-wield",
         "Attribute Requirements: 'Some Item and Artifact cards list a minimum attribute required to use the "
         "card.' The Necronomicon (core set: Min. Mythos 4) cannot be wielded by Forrestal (Mythos 3); he fights "
         "with his fists instead: Strength 2, rolls 5,6 against a Skeleton Guard: defense 2, damage 0+1 = 1.",
         s, [
             step(fight(c)),
             step(wield(weapons=["Necronomicon"]), error={"rule": "secrets.items.attribute-requirement"}),
             step(wield()),
             step(dice(5, 6),
                  project={"creatures": creatures_after(s, {c: {"damage": 1}}),
                           "seats": seats_after(s, {forr: {"courage": -1, "tokens": 1}})}),
         ])


def c12_tomb_phase_no_outnumber_most_shards():
    s = base()
    forr = adv(s, "Prof. Forrestal", courage=0, shards=2)
    mac = adv(s, "Alligator MacPhee", courage=2, shards=5)
    c = creature(s, "Skeleton Guard")
    tomb_phase(s)
    case("c12-tomb-phase-engages-most-shards-no-outnumber",
         "Tomb Phase, 3: 'If a creature is in a room occupied by multiple Adventurers it will engage the one "
         "with the most Soul Shards.' Combat, 4: 'Do not add the outnumber bonus in combat during the Tomb "
         "Phase.' MacPhee (5 Soul Shards) not Forrestal (2) is engaged; he stands and fights with fists: 5 dice "
         "(not 6 for 2 adventurers against 1 creature), rolls 2,2,3,3,5: defense 1, takes 1; deals 0.",
         s, [
             step(a("next", creature=c), player=0),
             step(a("stand"), player=mac),
             step(wield(), player=mac),
             step(dice(2, 2, 3, 3, 5),
                  project={"creatures": creatures_after(s, {c: {"damage": 0}}),
                           "seats": seats_after(s, {mac: {"courage": 1, "health": 10, **ROUND_END}, forr: ROUND_END})}),
         ])


def c13_tomb_evade_exact():
    s = base()
    tem = adv(s, "James T. Temple", courage=1)
    adv(s, "Prof. Forrestal", room=PHARAOH)
    c = creature(s, "Living Moai-Man")
    tomb_phase(s)
    case("c13-tomb-phase-evade-at-exact-difficulty",
         "Combat, 1: 'If you wish to evade a creature before combat begins, lose Courage equal to the creature's "
         "Courage attack, then roll a Dexterity check. To succeed, you must roll successes equal to or greater "
         "than the creature's Evasion difficulty. If you succeed, move to an adjacent room that does not have any "
         "creatures and end combat.' Temple (Dexterity 4, Courage 1) evades a Living Moai-Man (Courage attack "
         "2, Evasion 2): Courage -1; rolls 1,2,5,5: 2 successes = 2, he moves to Quetzalcoatl's Hall unharmed "
         "and the creature is undamaged.",
         s, [
             step(a("next", creature=c), player=0),
             step(a("evade"), player=tem,
                  project={"seats": seats_after(s, {tem: {"courage": -1}})}),
             step(dice(1, 2, 5, 5)),
             step(a("retreat", room=QHALL), player=tem,
                  project={"creatures": creatures_after(s, {c: {"damage": 0}}),
                           "seats": seats_after(s, {tem: {"courage": -1, "room": QHALL, **ROUND_END}, 1: ROUND_END})}),
         ])


def c14_tomb_evade_fail_courage_once():
    s = base()
    tem = adv(s, "James T. Temple", courage=1)
    adv(s, "Prof. Forrestal", room=PHARAOH)
    c = creature(s, "Living Moai-Man")
    tomb_phase(s)
    case("c14-tomb-phase-failed-evasion-courage-lost-once",
         "Combat, 1: 'If you fail, remain in the same room and continue combat. (Lose courage only once per "
         "combat per creature per game. See Lose Courage below.)' 2: 'After a creature causes an adventurer to "
         "lose Courage, that creature cannot cause the same adventurer to lose Courage again'. Temple "
         "(Dexterity 4, Strength 3, Courage 1) evades a Living Moai-Man (Courage attack 2, Evasion 2): Courage "
         "-1, rolls 1,2,3,5: fails; fights on with fists: 3 dice, rolls 2,5,6: defense 2 < 3, takes 1; deals "
         "max(0,1-2)+1 = 1; Courage stays -1.",
         s, [
             step(a("next", creature=c), player=0),
             step(a("evade"), player=tem),
             step(dice(1, 2, 3, 5), project={"seats": seats_after(s, {tem: {"courage": -1}})}),
             step(wield(), player=tem),
             step(dice(2, 5, 6),
                  project={"creatures": creatures_after(s, {c: {"damage": 1}}),
                           "seats": seats_after(s, {tem: {"courage": -1, "health": 8, **ROUND_END}, 1: ROUND_END})}),
         ])


def c15_tomb_evade_blocked():
    s = base()
    tem = adv(s, "James T. Temple", courage=1)
    adv(s, "Prof. Forrestal", room=PHARAOH)
    c = creature(s, "Living Moai-Man")
    creature(s, "Tomb's Eye", room=QHALL)
    creature(s, "Skeleton Guard", room=QDESC)
    tomb_phase(s)
    case("c15-tomb-phase-evade-blocked-when-every-neighbour-has-creatures",
         "Combat, 1: 'If all adjacent rooms contain creatures you may not Evade.' Temple on the Tomb's Entrance "
         "with a Living Moai-Man; both placed neighbours (Quetzalcoatl's Hall, Quetzalcoatl's Descent) hold "
         "creatures: Evade is refused (no Evade step is offered); the combat goes on and Courage is lost at step 2.",
         s, [
             step(a("next", creature=c), player=0),
             step(a("evade"), player=tem, error={"rule": "secrets.combat.evade-blocked"}),
             step(wield(), player=tem, project={"seats": seats_after(s, {tem: {"courage": -1}})}),
         ])


def c16_swarm_example():
    s = base()
    tem = adv(s, "James T. Temple", courage=1, audacity=1, cards=["M1A1 Rifle"])
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Carnivorous Scarabs")
    case("c16-swarm-second-example",
         "Second Example: M1A1 Rifle +5 and Dexterity 4: 9 dice; 'Before rolling, he chooses to spend 1 "
         "Audacity'; 'He rolls 9 dice, getting 1, 2, 2, 3, 3, 4, 4, 5, 6. That's 3 successes and 1 critical "
         "success.' '4 Swarm tokens ... Combat rating of 4. Temple rolled 4 successes, so he takes no damage. The "
         "creature has 1 Armor' 'The Carnivorous Scarabs take 3 damage. Each Swarm token has 2 health, so 3 "
         "damage removes 1 token ... places 1 Damage token'. Also 'He loses 2 Courage' (1 -> -1), Audacity 1 -> "
         "0, and Dexterity Weapons: 'Anytime you use a Dexterity weapon card that has an Upkeep check printed on "
         "it, for the first time in a round, you must turn it' (turned, not exhausted). The 1 rolled triggers "
         "nothing: no damage was dealt.",
         s, [
             step(fight(c)),
             step(wield(weapons=["M1A1 Rifle"])),
             step(a("boost")),
             step(dice(1, 2, 2, 3, 3, 4, 4, 5, 6),
                  project={"creatures": creatures_after(s, {c: {"damage": 1, "swarm": 3}}),
                           "seats": seats_after(s, {tem: {"courage": -1, "audacity": 0, "tokens": 1,
                                                          "cards": [held("M1A1 Rifle", turned=True)]}})}),
         ])


def c17_swarm_carryover_two_tokens():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2)
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Carnivorous Scarabs", damage=1, swarm=3)
    case("c17-swarm-damage-carries-over-and-removes-two-tokens",
         "Swarm Creatures: 'when damage is applied to a Swarm creature, each time the Health rating is met or "
         "exceeded, remove one Swarm token. If damage is in excess of a single Swarm token's Health, apply the "
         "remainder to another Swarm token and place damage tokens near the creature.' Scarabs with 3 tokens "
         "(Health 2 each) and 1 Damage token left from before; MacPhee rolls 5,5,5,6,6: defense 5 >= 3; damage "
         "(3-1)+2 = 4, with the 1 already there 5: two tokens removed, 1 Damage token left.",
         s, [
             step(fight(c)),
             step(wield()),
             step(dice(5, 5, 5, 6, 6),
                  project={"creatures": creatures_after(s, {c: {"damage": 1, "swarm": 1}}),
                           "seats": seats_after(s, {mac: {"courage": 0, "tokens": 1}})}),
         ])


def c18_swarm_last_token_dies():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2)
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Carnivorous Scarabs", damage=1, swarm=1)
    case("c18-swarm-dies-with-last-token",
         "'The Combat rating of a Swarm creature equals its current number of Swarm tokens.' 'When no tokens "
         "remain, the Swarm creature dies, and the adventurers gain Courage and Soul Shards as normal.' One token "
         "(1 damage on it): Combat rating 1; MacPhee rolls 2,2,2,2,6: defense 1, no damage; deals 1: the token "
         "goes, the Scarabs die: +3 Soul Shards; Courage 2 - 2 + ceil(2/2) = 1.",
         s, [
             step(fight(c)),
             step(wield()),
             step(dice(2, 2, 2, 2, 6),
                  project={"creatures": creatures_after(s, {c: None}),
                           "seats": seats_after(s, {mac: {"courage": 1, "shards": 3, "tokens": 1}})}),
         ])


def c19_adventurer_dies_in_combat():
    s = base()
    adv(s, "Alligator MacPhee", courage=2, health=1, cards=["Machete"])
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Skeleton Guard")
    case("c19-adventurer-reaches-zero-health-in-combat",
         "Health and Dying: 'If you reach 0 Health, you die and the Comet track advances one space.' 'When an "
         "adventurer dies, advance the Comet track once.' (once: catalog secrets.ambiguity.death-comet-once-or-"
         "twice, answered). MacPhee at Health 1 rolls 1,2,2,2,6 against a Skeleton Guard (Combat 2): defense 1, "
         "takes 1, reaches 0: dies, Comet 0 -> 1. His 6 still deals 1 (catalog secrets.ambiguity.combat-"
         "simultaneous-damage, default simultaneous).",
         s, [
             step(fight(c)),
             step(wield()),
             step(dice(1, 2, 2, 2, 6), project={"comet": 1, "gone": ["Alligator MacPhee"]}),
             # The model asks for the new adventurer (secrets.ambiguity.replacement-timing=immediately)
             # before the blow lands; the simultaneous blow is checked once it is chosen.
             step(a("choose", adventurer="Heidi DuPont"), player=0,
                  project={"creatures": creatures_after(s, {c: {"damage": 1}})}),
         ])


def c20_ava_example():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2)
    bia = adv(s, "Bianca Sinclair", courage=1, audacity=2, cards=["Colt 1911"])
    case("c20-adventurer-versus-adventurer-example",
         "Adventurer Versus Adventurer Combat: 'the defender gets a Combat rating as if she were a creature. This "
         "rating is equal to half of her combat dice pool, rounded up.' 'neither adventurer loses Courage nor "
         "gains Soul Shards.' Example: Sinclair, Dexterity 5 + Colt 1911 +3 = 8 dice, rating 4; the attacker "
         "unarmed with Strength 5 'rolls 2, 3, 5, 6, 6 ... Sinclair has a Combat rating of 4 and no Armor, so she "
         "takes 3 damage ... O'Sullivan takes 1 damage.' Here MacPhee (Strength 5) attacks; options: "
         "combat_target = any-target (secrets.ambiguity.combat-action-target). Sinclair braces with 0 Audacity and "
         "defends with her Colt 1911 (secrets.ambiguity.combat-ava-details: 'The defender builds her pool with "
         "weapons she chooses'), used as the attacker's would be: a Dexterity weapon with an Upkeep check, turned.",
         s, [
             step(fight(f"s{bia}"), player=mac),
             step(a("brace", audacity=0, weapons=["Colt 1911"], armor=[]), player=bia),
             step(wield(), player=mac),
             step(dice(2, 3, 5, 6, 6),
                  project={"seats": seats_after(s, {mac: {"health": 10, "tokens": 1},
                                                    bia: {"health": 5,
                                                          "cards": [held("Colt 1911", turned=True)]}})}),
         ], options={"combat_target": "any-target"})


def c21_ava_brace_cap():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2)
    bia = adv(s, "Bianca Sinclair", courage=1, audacity=4, cards=["Colt 1911"])
    case("c21-adventurer-versus-adventurer-brace-up-to-three",
         "'Before the attacker rolls his combat pool, the defender can spend Audacity to increase her Combat "
         "rating by +1 for each spend, up to +3.' Bracing 4 is refused; bracing 3 makes Sinclair's rating 4+3 = "
         "7 (Audacity 4 -> 1), defending with her Colt 1911 (turned: a Dexterity weapon with an Upkeep check); MacPhee "
         "rolls 2,3,5,6,6: 3 successes, he takes 7-3 = 4; she takes 3.",
         s, [
             step(fight(f"s{bia}"), player=mac),
             step(a("brace", audacity=4, weapons=["Colt 1911"], armor=[]), player=bia,
                  error={"rule": "secrets.combat.ava-defender-audacity"}),
             step(a("brace", audacity=3, weapons=["Colt 1911"], armor=[]), player=bia),
             step(wield(), player=mac),
             step(dice(2, 3, 5, 6, 6),
                  project={"seats": seats_after(s, {mac: {"health": 7, "tokens": 1},
                                                    bia: {"health": 5, "audacity": 1,
                                                          "cards": [held("Colt 1911", turned=True)]}})}),
         ], options={"combat_target": "any-target"})


def c22_combat_same_room_only():
    s = base()
    adv(s, "Alligator MacPhee", courage=2)
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Skeleton Guard", room=QHALL)
    case("c22-combat-action-needs-creature-in-same-room",
         "Combat: 'Begin combat with a creature in the same room as you.' MacPhee on the Tomb's Entrance may not "
         "fight the Skeleton Guard in Quetzalcoatl's Hall next door.",
         s, [step(fight(c), error={"rule": "secrets.adventurer-phase.combat"})])


def c23_outnumber_cap_companions():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2,
              companions=["Porter", "Porter", "Bodyguard", "Bodyguard", "Sherpa Guide"])
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Skeleton Guard")
    case("c23-outnumber-companions-count-capped-at-four",
         "Outnumber Bonus: 'bonus dice equal to the number of adventurers exceeding the number of creatures, up "
         "to 4 bonus dice. When calculating the outnumber bonus, companions count as adventurers'. MacPhee and "
         "5 companions (6) against 1 creature: 5 over, capped at +4: Strength 5 + 4 = 9 dice. Rolls "
         "2,2,2,2,2,3,3,5,5: defense 2, no damage; deals 2-1 = 1.",
         s, [
             step(fight(c)),
             step(wield()),
             step(dice(2, 2, 2, 2, 2, 3, 3, 5, 5),
                  project={"creatures": creatures_after(s, {c: {"damage": 1}}),
                           "seats": seats_after(s, {mac: {"courage": 1, "tokens": 1}})}),
         ])


def c24_redirect_to_companion_capped():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2, companions=["Bodyguard"])
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Stone Golem")
    case("c24-redirect-damage-to-companion",
         "Companions: 'An adventurer with a companion can redirect any damage they would receive onto the "
         "companion ... If a companion reaches 0 Health, discard the Companion card.' Stone Golem (Combat 6, "
         "Armor 3, Courage attack 2); MacPhee and his Bodyguard (Health 5): outnumber 2 against 1: 6 dice; rolls "
         "2,2,2,2,3,3: 6 damage. Redirecting 6 onto the Bodyguard (Health 5) is refused under the default "
         "reading (secrets.ambiguity.companions-redirect = any-portion-capped); 5 go onto it (discarded) and "
         "MacPhee takes 1 (Health 10).",
         s, [
             step(fight(c)),
             step(wield()),
             step(dice(2, 2, 2, 2, 3, 3)),
             step(a("redirect", companion="Bodyguard", amount=6), error={"rule": "secrets.ambiguity.companions-redirect"}),
             step(a("redirect", companion="Bodyguard", amount=5),
                  project={"seats": seats_after(s, {mac: {"courage": 0, "health": 10, "companions": [],
                                                          "tokens": 1}})}),
         ])


def c25_reroll_all_dice():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2, audacity=2)
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Skeleton Guard")
    case("c25-audacity-reroll-keeps-new-results",
         "Audacity: 'After rolling any dice check, you may spend 1 Audacity point to reroll the check. You must "
         "reroll all dice rolled for the check and keep the new results'. MacPhee (Audacity 2) rolls 1,2,2,3,3, "
         "rerolls all 5 dice (Audacity 1): 2,2,2,5,5, accepts: defense 2, no damage; deals 2-1 = 1.",
         s, [
             step(fight(c)),
             step(wield()),
             step(a("roll")),
             step(dice(1, 2, 2, 3, 3)),
             step(a("reroll", by="audacity")),
             step(a("roll")),
             step(dice(2, 2, 2, 5, 5)),
             step(a("accept"),
                  project={"creatures": creatures_after(s, {c: {"damage": 1}}),
                           "seats": seats_after(s, {mac: {"courage": 1, "audacity": 1, "tokens": 1}})}),
         ])


def c26_boost_lost_on_reroll():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2, audacity=2)
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Skeleton Guard")
    case("c26-boost-does-not-carry-to-reroll",
         "'These effects only apply to a single roll; if you re-roll for any reason, you must spend another "
         "Audacity point to trigger either effect.' MacPhee (Audacity 2) boosts (4s succeed), rolls 1,1,1,4,4, "
         "rerolls (Audacity 0) and gets 2,2,4,4,5: only the 5 succeeds now: defense 1 < 2, he takes 1; deals "
         "max(0,1-1) = 0.",
         s, [
             step(fight(c)),
             step(wield()),
             step(a("boost")),
             step(dice(1, 1, 1, 4, 4)),
             step(a("reroll", by="audacity")),
             step(dice(2, 2, 4, 4, 5),
                  project={"creatures": creatures_after(s, {c: {"damage": 0}}),
                           "seats": seats_after(s, {mac: {"courage": 1, "audacity": 0, "health": 10,
                                                          "tokens": 1}})}),
         ])


def c27_dex_weapon_reuse_courage_once():
    s = base()
    tem = adv(s, "James T. Temple", courage=1, cards=["Colt 1911"])
    adv(s, "Prof. Forrestal", room=QHALL, tokens=0)
    c = creature(s, "Skeleton Guard")
    colt = [held("Colt 1911", turned=True)]
    case("c27-turned-dexterity-weapon-reused-courage-lost-once",
         "Dexterity Weapons: 'This card is not exhausted and may still be used this round.' Lose Courage: 'that "
         "creature cannot cause the same adventurer to lose Courage again for the remainder of the scenario.' "
         "Temple (Dexterity 4, Colt 1911 +3: 7 dice) fights a Skeleton Guard twice in a round: Courage 1 -> 0 "
         "only the first time; the Colt is turned and wielded again; each roll 2,2,2,3,3,5,5 deals 2-1 = 1.",
         s, [
             step(fight(c)),
             step(wield(weapons=["Colt 1911"])),
             step(dice(2, 2, 2, 3, 3, 5, 5),
                  project={"creatures": creatures_after(s, {c: {"damage": 1}}),
                           "seats": seats_after(s, {tem: {"courage": 0, "tokens": 1, "cards": colt}})}),
             step(fight(c), project={"seats": seats_after(s, {tem: {"courage": 0, "tokens": 0, "cards": colt}})}),
             step(wield(weapons=["Colt 1911"])),
             step(dice(2, 2, 2, 3, 3, 5, 5),
                  project={"creatures": creatures_after(s, {c: {"damage": 2}})}),
         ])


def c28_knowledge_weapon_forrestal():
    s = base()
    forr = adv(s, "Prof. Forrestal", courage=0, cards=["Dynamite"])
    adv(s, "Alligator MacPhee", room=QHALL, tokens=0)
    c = creature(s, "Skeleton Guard")
    case("c28-knowledge-weapon-exhausts-and-forrestal-succeeds-on-4",
         "Knowledge: 'It affects Knowledge checks, which include the use of Knowledge weapons'; 'Professor "
         "Forestall has an ongoing ability that means he passes Knowledge rolls on a 4, 5, or 6' (catalog "
         "secrets.ambiguity.forestall-passes-on-4: success-faces). Exhaust: 'When you use a card that prompts "
         "you to exhaust it, you will turn it'. Forrestal, Knowledge 6 + Dynamite +3 = 9 dice, rolls "
         "2,2,2,3,3,1,4,4,4: 3 successes, no damage taken; deals 3-1 = 2. The Dynamite is exhausted and cannot "
         "be wielded again before it refreshes (catalog secrets.ambiguity.items-exhausted-reuse, default).",
         s, [
             step(fight(c)),
             step(wield(weapons=["Dynamite"])),
             step(dice(1, 2, 2, 2, 3, 3, 4, 4, 4),
                  project={"creatures": creatures_after(s, {c: {"damage": 2}}),
                           "seats": seats_after(s, {forr: {"courage": -1, "tokens": 1,
                                                           "cards": [held("Dynamite", exhausted=True)]}})}),
             step(fight(c)),
             step(wield(weapons=["Dynamite"]), error={"rule": "secrets.ambiguity.items-exhausted-reuse"}),
         ])


def c29_area_combat_thompson():
    s = base()
    chris = adv(s, "Christopher St. George", courage=2, cards=["Thompson Submachine Gun"])
    adv(s, "Prof. Forrestal", room=QHALL)
    c1 = creature(s, "Skeleton Guard")
    c2 = creature(s, "Tomb's Eye")
    case("c29-area-combat-separate-checks-one-action",
         "Area Combat: 'the adventurer makes separate combat checks for each targeted creature, resolving combat "
         "for each creature as if the adventurer was fighting them individually, but all in one action.' "
         "Thompson: 'OR Dexterity: +2 Combat \"Multi-Combat\"'. Christopher (Dexterity 5): 7 dice per target "
         "(1 adventurer, 2 creatures: no outnumber), each roll 2,2,2,3,3,5,5: the Skeleton Guard (Combat 2, "
         "Armor 1) takes 1; the Tomb's Eye (Combat 1, Armor 0, Health 2) takes 2 and dies: +1 Soul Shard. "
         "Courage 2 - 1 - 1 + ceil(1/2) = 1; one Action token; the Thompson turned.",
         s, [
             step(fight(c1)),
             step(wield(weapons=["Thompson Submachine Gun"], area=True)),
             step(dice(2, 2, 2, 3, 3, 5, 5)),
             step(dice(2, 2, 2, 3, 3, 5, 5),
                  project={"creatures": creatures_after(s, {c1: {"damage": 1}, c2: None}),
                           "seats": seats_after(s, {chris: {"courage": 1, "shards": 1, "tokens": 1,
                                                            "cards": [held("Thompson Submachine Gun",
                                                                           turned=True)]}})}),
         ])


def c30_fleeing_cannot_evade():
    s = base()
    tem = adv(s, "James T. Temple", courage=-9, fleeing=True)
    adv(s, "Prof. Forrestal", room=PHARAOH)
    c = creature(s, "Skeleton Guard")
    tomb_phase(s)
    case("c30-fleeing-adventurer-engaged-cannot-evade",
         "Fleeing the Tomb: 'A fleeing adventurer cannot evade.' Tomb Phase, 3: 'each creature in the same room "
         "as an adventurer initiates combat with one adventurer' (catalog secrets.ambiguity.fleeing-in-tomb-"
         "phase-combat, answered engaged-no-evade). Temple, fleeing, is engaged by a Skeleton Guard: Evade is "
         "refused (no Evade step is offered), and the combat goes on.",
         s, [
             step(a("next", creature=c), player=0),
             step(a("evade"), player=tem, error={"rule": "secrets.adventurers.flee-no-evade"}),
             step(wield(), player=tem),
         ])


def c31_courage_to_minus_ten_flees():
    s = base()
    tem = adv(s, "James T. Temple", room=QHALL, courage=-9, cards=["M1A1 Rifle"])
    adv(s, "Prof. Forrestal", room=PHARAOH)
    c = creature(s, "Skeleton Guard", room=QHALL)
    case("c31-combat-courage-loss-to-minus-ten-flees",
         "Combat Phase 2: 'Lose Courage a. Check Courage effect for Flee or Modifier.' 'Going down to -10 "
         "Courage ... usually it will cause you to immediately begin fleeing the Tomb.' Fleeing: 'discard all "
         "your Companion cards, place an Item Drop token on your current room, and set aside all your Item and "
         "Artifact cards. Then move your Adventurer one room toward the Tomb's Entrance'. Temple (Courage -9) "
         "fights a Skeleton Guard (Courage attack 1) in Quetzalcoatl's Hall: -10, he flees to the Tomb's "
         "Entrance without his M1A1; the combat ends (catalog secrets.ambiguity.reference-lose-courage-flee, "
         "default flee-ends-combat).",
         s, [
             step(fight(c),
                  project={"creatures": creatures_after(s, {c: {"damage": 0}}),
                           "seats": seats_after(s, {tem: {"courage": -10, "fleeing": True, "room": ENTRANCE,
                                                          "cards": [], "tokens": 1}})}),
         ])


def c32_ava_default_refused():
    s = base()
    adv(s, "Alligator MacPhee", courage=2)
    adv(s, "Bianca Sinclair", courage=1)
    case("c32-adventurer-versus-adventurer-refused-by-default",
         "'It is rare for an adventurer to combat another adventurer.' Combat: 'Begin combat with a creature in "
         "the same room as you.' Under the default reading of secrets.ambiguity.combat-action-target "
         "(only-when-prompted) MacPhee may not start a combat with Sinclair.",
         s, [step(fight("s1"), error={"rule": "secrets.ambiguity.combat-action-target"})])


def c34_dead_killer_rewards_not_to_replacement():
    s = base()
    mac = adv(s, "Alligator MacPhee", room=QHALL, courage=2, health=1)
    forr = adv(s, "Prof. Forrestal", room=PHARAOH, courage=0)
    c = creature(s, "Skeleton Guard", room=QHALL, damage=2)
    heidi = SHEETS["Heidi DuPont"]
    after = seats_after(s, {mac: {"name": "Heidi DuPont", "room": ENTRANCE, "health": heidi["health"],
                                  "start_health": heidi["health"], "audacity": heidi["audacity"],
                                  "courage": heidi["courage"], "start_courage": heidi["courage"],
                                  "tokens": [["PhD", 3]], "shards": 0}})
    after[mac]["tokens"] = 1
    after[mac]["adventurer"]["tokens"] = [["PhD", 3]]
    case("c34-killing-blow-of-a-dead-adventurer-rewards-nobody-else",
         "Defeating Creatures: 'The adventurer who dealt the killing blow gains the Soul Shards shown on the "
         "Creature card. Each other adventurer in the same room gains 1 Soul Shard. Each adventurer who gained "
         "Soul Shards regains Courage'. Health and Dying: 'After dying, you can choose a new adventurer ... Place "
         "the standee of the new adventurer on the Tomb's Entrance'. MacPhee (Health 1) fights a Skeleton Guard "
         "(2 Damage tokens) in Quetzalcoatl's Hall and rolls 1,2,2,2,6: he takes 1 and dies; his 6 kills the "
         "Guard (catalog secrets.ambiguity.combat-simultaneous-damage, default simultaneous). Heidi DuPont, "
         "chosen as his replacement on the Tomb's Entrance, dealt no blow and was not in the room: she gains "
         "no Soul Shards and no Courage.",
         s, [
             step(fight(c)),
             step(wield()),
             step(dice(1, 2, 2, 2, 6)),
             step(a("choose", adventurer="Heidi DuPont"), player=mac,
                  project={"creatures": creatures_after(s, {c: None}), "seats": after}),
         ])


def c33_lucky_in_combat():
    s = base()
    mac = adv(s, "Alligator MacPhee", courage=2, status=["Lucky"])
    s["statuses"]["counts"] = [[n, k - (n == "Lucky")] for n, k in s["statuses"]["counts"]]
    adv(s, "Prof. Forrestal", room=QHALL)
    c = creature(s, "Skeleton Guard")
    case("c33-lucky-status-4s-succeed-in-combat",
         "Dice and Dice Checks: 'Some abilities and status effects can change which die results count as "
         "successes. For example, the Lucky Status Effect card counts 4s, 5s, and 6s as successes'. Combat, 3 "
         "(Strength): 'It affects Strength checks, including combat with Strength weapons' (fists: Strength). "
         "MacPhee, Lucky, rolls 2,2,2,4,4 against a Skeleton Guard (Combat 2, Armor 1): 2 successes, no damage "
         "taken; deals 2-1 = 1 (catalog secrets.ambiguity.combat-success-faces, answered threshold-shifts).",
         s, [
             step(fight(c)),
             step(wield()),
             step(dice(2, 2, 2, 4, 4),
                  project={"creatures": creatures_after(s, {c: {"damage": 1}}),
                           "seats": seats_after(s, {mac: {"courage": 1, "tokens": 1}})}),
         ])


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for name, fn in sorted(globals().items()):
        if name.startswith("c") and name[1:3].isdigit() and callable(fn):
            fn()
    print(len(CASES), "cases written to", OUT)
