"""Build the Adventurer Phase and Tomb Phase cases (p*.jsonl) from the rulebook alone.

Starting states are copied from a real explored game (`tombspec explore secrets --games 1 --seed 7
--options '{"players": 2}' --claim state`, core set) and edited: ADV is the first state of the Adventurer
Phase (both adventurers on the Tomb's Entrance, seat 0 to act, 6 Action tokens each), TOMB the state
at the start of the Tomb Phase of that game (the Tomb card not yet drawn).  Every card moved between a
deck and a hand is taken out of / put into its deck, so the census of cards holds.

Run: python tests/cases/secrets/build_phases.py [path-to-explored-trace]
"""

from __future__ import annotations

import copy
import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
OPTIONS = {"players": 2}


def _explored() -> list[dict]:
    path = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path("/tmp/secrets2-p2.jsonl")
    if not path.exists():
        subprocess.run(
            [str(ROOT / ".venv/bin/tombspec"), "explore", "secrets", "--games", "1", "--seed", "7",
             "--options", json.dumps(OPTIONS), "--claim", "state", "--trace", str(path)],
            check=True, capture_output=True)
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


LINES = _explored()
ADV = LINES[7]["state"]     # after set-up: Adventurer Phase, round 1, seat 0 (Bianca) first
TOMB = LINES[58]["state"]   # Tomb Phase begins: agenda tomb-draw, ...
assert ADV["phase"] == "adventurer" and ADV["current"] == 0 and not ADV["agenda"]
assert TOMB["phase"] == "tomb" and TOMB["agenda"][0]["kind"] == "tomb-draw"


# ---------------------------------------------------------------------------------------------------
# editing helpers

def adv(s, i):
    return s["seats"][i]["adventurer"]


def _take(counts, name):
    for entry in counts:
        if entry[0] == name:
            assert entry[1] > 0, name
            entry[1] -= 1
            if entry[1] == 0:
                counts.remove(entry)
            return
    raise KeyError(name)


def _put(counts, name):
    for entry in counts:
        if entry[0] == name:
            entry[1] += 1
            return
    counts.append([name, 1])
    counts.sort()


DECK_OF = {}  # card name -> state key of its deck


def _index_decks():
    board = (ROOT / "spec/secrets/core.toml").read_text()
    import tomllib
    data = tomllib.loads(board)
    for c in data["cards"]:
        DECK_OF[c["name"]] = {"item": "items", "artifact": "artifacts", "soul-monger": "monger"}[c["deck"]]
    for c in data["companions"]:
        DECK_OF[c["name"]] = "companions"
    for c in data["creatures"]:
        DECK_OF[c["name"]] = c["deck"]
    for r in data["rooms"]:
        DECK_OF[r["name"]] = "tiles"
    return data


DATA = _index_decks()


def _deck_counts(s, name):
    key = DECK_OF[name]
    return s[key]["counts"] if key == "monger" else s[key]["deck"]["counts"]


def held(name, origin=""):
    return {"exhausted": False, "name": name, "origin": origin, "owner": "", "turned": False, "used": 0}


def give_card(s, i, name):
    _take(_deck_counts(s, name), name)
    cards = adv(s, i)["cards"]
    cards.append(held(name))


def drop_card(s, i, name):
    """Return one of seat i's cards to its deck."""
    cards = adv(s, i)["cards"]
    for c in cards:
        if c["name"] == name:
            cards.remove(c)
            _put(_deck_counts(s, name), name)
            return
    raise KeyError(name)


def remove_companions(s, i):
    for comp in adv(s, i)["companions"]:
        _put(s["companions"]["deck"]["counts"], comp["name"])
    adv(s, i)["companions"] = []


def add_creature(s, name, room, damage=0):
    deck = DECK_OF[name]
    _take(s[deck]["deck"]["counts"], name)
    cid = s["next_creature"]
    s["next_creature"] = cid + 1
    swarm = next((c.get("swarm", 0) for c in DATA["creatures"] if c["name"] == name), 0)
    s["creatures"].append({"damage": damage, "id": cid, "name": name, "room": room, "swarm": swarm})
    return f"c{cid}"


def place_room(s, name, level, x, y, rotation=0, traps=0):
    _take(s["tiles"]["deck"]["counts"], name)
    s["rooms"].append({"drop": [], "level": level, "name": name, "rope": False, "rotation": rotation,
                       "scenario_done": False, "searched": False, "shards": 0, "traps": traps,
                       "x": x, "y": y})


def room(s, name):
    return next(r for r in s["rooms"] if r["name"] == name)


# ---------------------------------------------------------------------------------------------------
# the cases

RB = (ROOT / "../../shared/rulebooks/secrets-of-the-lost-tomb.txt")
RULEBOOK = pathlib.Path("/work/shared/rulebooks/secrets-of-the-lost-tomb.txt").read_text()
CASES: list[tuple[str, dict, list[dict]]] = []


def case(name, state, lines, *, rule, quote, note, options=None):
    for q in quote:
        assert " ".join(q.split()) in " ".join(RULEBOOK.split()), f"{name}: not verbatim: {q!r}"
    header = {"trace": "tombspec", "version": 1, "game": "secrets",
              "options": {**OPTIONS, **(options or {})}, "state": state, "note": note,
              "x-rule": rule, "x-quote": quote}
    CASES.append((name, header, lines))


def A(action, player=None, **claim):
    line = {"action": action}
    if player is not None:
        line["player"] = player
    line.update(claim)
    return line


def dice(*faces):
    """Face counts from the faces rolled."""
    counts = [0] * 6
    for f in faces:
        counts[f - 1] += 1
    return {"kind": "dice", "faces": counts}


def fresh():
    return copy.deepcopy(ADV)


def fresh_tomb():
    return copy.deepcopy(TOMB)


REST_Q = ("Rest: If an adventurer has less than their starting Health or has negative Courage they can "
          "spend an Action token to do one of the following:")

# p01: Rest needs a reason: full Health and Courage 0 is not "less than starting Health" nor "negative".
s = fresh()
adv(s, 0)["courage"] = 0
case("p01-rest-refused-full-health-zero-courage", s,
     [A({"kind": "rest", "option": "health"}, 0, error={"rule": "secrets.adventurer-phase.rest"})],
     rule="secrets.adventurer-phase.rest", quote=[REST_Q],
     note="Health 8 of 8 and Courage exactly 0 (not negative): Rest is refused, whatever option.")

# p02: Rest heals 2 Health only up to starting Health (one short of full).
s = fresh()
adv(s, 0)["health"] = 7
case("p02-rest-health-capped", s,
     [A({"kind": "rest", "option": "health"}, 0,
        project={"seats": None})],  # filled below
     rule="secrets.adventurer-phase.rest-heal-health",
     quote=[REST_Q, "Heal 2 Health, up to starting Health"],
     note="Health 7 of 8: Heal 2 Health stops at 8; one Action token spent; the turn passes to seat 1.")
exp = copy.deepcopy(s)
adv(exp, 0)["health"] = 8
exp["seats"][0]["tokens"] = 5
CASES[-1][2][0]["project"] = {"seats": exp["seats"], "current": 1}

# p03: Rest heals Courage only up to 0.
s = fresh()
adv(s, 0)["courage"] = -1
exp = copy.deepcopy(s)
adv(exp, 0)["courage"] = 0
exp["seats"][0]["tokens"] = 5
case("p03-rest-courage-capped-at-zero", s,
     [A({"kind": "rest", "option": "courage"}, 0, project={"seats": exp["seats"]})],
     rule="secrets.adventurer-phase.rest-heal-courage",
     quote=[REST_Q, "Heal 2 Courage, up to 0 Courage"],
     note="Courage -1 at full Health: Heal 2 Courage gives 0, not +1.")

# p04: Rest 1 and 1 when only Courage is negative: Health stays at start, Courage +1.
s = fresh()
adv(s, 0)["courage"] = -3
exp = copy.deepcopy(s)
adv(exp, 0)["courage"] = -2
exp["seats"][0]["tokens"] = 5
case("p04-rest-both-health-full", s,
     [A({"kind": "rest", "option": "both"}, 0, project={"seats": exp["seats"]})],
     rule="secrets.adventurer-phase.rest-heal-both",
     quote=[REST_Q, "Heal 1 Health and 1 Courage, up to starting Health and 0 Courage"],
     note="Courage -3, Health full: the both option heals Courage 1 (to -2), Health stays at starting Health.")

# p05: no Rest in a room with a creature.
s = fresh()
adv(s, 0)["health"] = 5
add_creature(s, "Skeleton Guard", "Tomb's Entrance")
case("p05-rest-refused-with-creature", s,
     [A({"kind": "rest", "option": "health"}, 0,
        error={"rule": "secrets.adventurer-phase.no-rest-with-creature"})],
     rule="secrets.adventurer-phase.no-rest-with-creature",
     quote=["You cannot rest in a room with a creature."],
     note="Wounded, but a Skeleton Guard shares the room: Rest is refused.")

# p06: no Search in a room with any creatures.
s = fresh()
add_creature(s, "Tomb's Eye", "Tomb's Entrance")
case("p06-search-refused-with-creature", s,
     [A({"kind": "search"}, 0, error={"rule": "secrets.adventurer-phase.no-search-with-creatures"})],
     rule="secrets.adventurer-phase.no-search-with-creatures",
     quote=["You cannot search in a room with any creatures."],
     note="A Tomb's Eye in the Tomb's Entrance: Search is refused.")

# p07: Search on red, roll 6: +1 Artifact; the token turns red -> green.
s = fresh()
s["seats"][0]["search"] = 2
case("p07-search-red-six-artifact-token-wraps", s,
     [A({"kind": "search"}, 0),
      A(dice(6)),
      A({"kind": "drawn", "card": "Golden Idol"},
        project={"current": 1})],
     rule="secrets.reference.search-chart-results",
     quote=["Roll a die. Then, resolve the effect on the Search Chart that matches the color pointing up on your Search token. Then, turn the token clockwise: from green to yellow, yellow to red, or red to green.",
            "6	+2 Item & Take 1 Artifact	+1 Item	+1 Artifact"],
     note="Red token (Glory Seeker), a 6: one Artifact drawn (Golden Idol), then the token turns from red to green.")
exp_seats = copy.deepcopy(s["seats"])
exp_seats[0]["tokens"] = 5
exp_seats[0]["search"] = 0
exp_seats[0]["adventurer"]["cards"].append(held("Golden Idol"))
CASES[-1][2][-1]["project"]["seats"] = exp_seats

# p08: Search on yellow, roll 3: Misadventure only: a Story card's Misadventure side, token -> red.
s = fresh()
s["seats"][0]["search"] = 1
exp_seats = copy.deepcopy(s["seats"])
exp_seats[0]["tokens"] = 5
exp_seats[0]["search"] = 2
exp_seats[0]["adventurer"]["health"] = 5
case("p08-search-yellow-three-misadventure", s,
     [A({"kind": "search"}, 0),
      A(dice(3)),
      A({"kind": "drawn", "card": "The Golden Idol"}),
      A({"kind": "roll"}, 0),
      A(dice(1, 2, 2, 3, 4, 4)),
      A({"kind": "accept"}, 0),
      A({"kind": "done"}, 0, project={"seats": exp_seats, "current": 1})],
     rule="secrets.reference.search-chart-results",
     quote=["3	Adventure	Misadventure	Misadventure & Spawn 1 Base Creature"],
     note="Yellow token, a 3: Misadventure (The Golden Idol's Misadventure: Dexterity (2), fail: lose 3 Health); "
          "Bianca (Dexterity 5, +1 from her Sharpshooter companion: 6 dice) rolls no success, declines to reroll and "
          "to redirect the damage to a companion; Health 8 -> 5; token yellow -> red.")

# p09: Trading needs the two in one room.
s = fresh()
adv(s, 1)["room"] = "Quetzalcoatl's Hall"
case("p09-trade-refused-other-room", s,
     [A({"kind": "trade", "seat": 1}, 0, error={"rule": "secrets.adventurer-phase.trade"})],
     rule="secrets.adventurer-phase.trade",
     quote=["Trading: If two adventurers share a room one may spend 1 Action token to trade any cards they wish."],
     note="Forrestal is in the next room: Bianca cannot trade with him.")

# p10: Trading costs only the initiator's token; cards pass both ways.
s = fresh()
exp_seats = copy.deepcopy(s["seats"])
exp_seats[0]["tokens"] = 5
a0, a1 = exp_seats[0]["adventurer"], exp_seats[1]["adventurer"]
colt = a0["cards"].pop()
lantern = a1["cards"].pop()
case("p10-trade-one-token-both-ways", s,
     [A({"kind": "trade", "seat": 1}, 0),
      A({"kind": "give", "card": "Colt 1911", "to": 1}, 0),
      A({"kind": "give", "card": "Lantern", "to": 0}, 1),
      A({"kind": "done"}, 0, project={"current": 1})],
     rule="secrets.adventurer-phase.trade-one-token",
     quote=["Only one player must spend the Action token."],
     note="Bianca trades her Colt 1911 for Forrestal's Lantern: only Bianca's token is spent (5 and 6 left).")
# the exact card records after a give are the model's business (origin); only tokens and owners claimed
CASES[-1][2][-1]["project"]["seats"] = None


def _names(seats):
    return [sorted(c["name"] for c in x["adventurer"]["cards"]) for x in seats]


# p11: saving a fleeing adventurer: 1 Audacity, +1 Courage, no Action token.
s = fresh()
adv(s, 1)["fleeing"] = True
adv(s, 1)["courage"] = -10
adv(s, 1)["cards"] = []
_put(s["items"]["deck"]["counts"], "Lantern")
remove_companions(s, 1)
exp_seats = copy.deepcopy(s["seats"])
exp_seats[0]["adventurer"]["audacity"] = 3
exp_seats[1]["adventurer"]["courage"] = -9
exp_seats[1]["adventurer"]["fleeing"] = False
case("p11-save-fleeing-free", s,
     [A({"kind": "save", "seat": 1}, 0, project={"seats": exp_seats, "current": 0})],
     rule="secrets.adventurers.save-fleeing",
     quote=["If an adventurer who is not fleeing shares a room with a fleeing adventurer, the calm adventurer may spend 1 Audacity point to give the fleeing adventurer +1 Courage, causing them to stop fleeing. This does not cost an Action token."],
     note="Forrestal is fleeing at -10 in Bianca's room; Bianca spends 1 Audacity (4 -> 3): Forrestal -9 and calm; "
          "no Action token spent, still Bianca's turn.")

# p12: saving with no Audacity is refused.
s2 = copy.deepcopy(s)
adv(s2, 0)["audacity"] = 0
case("p12-save-refused-no-audacity", s2,
     [A({"kind": "save", "seat": 1}, 0, error={"rule": "secrets.adventurers.save-fleeing"})],
     rule="secrets.adventurers.save-fleeing",
     quote=["the calm adventurer may spend 1 Audacity point to give the fleeing adventurer +1 Courage"],
     note="Bianca has 0 Audacity: she cannot spend 1 Audacity point to save Forrestal.")

# p13: saving from another room is refused.
s3 = copy.deepcopy(s)
adv(s3, 1)["room"] = "Quetzalcoatl's Hall"
case("p13-save-refused-other-room", s3,
     [A({"kind": "save", "seat": 1}, 0, error={"rule": "secrets.adventurers.save-fleeing"})],
     rule="secrets.adventurers.save-fleeing",
     quote=["If an adventurer who is not fleeing shares a room with a fleeing adventurer"],
     note="The fleeing Forrestal is in the next room: Bianca cannot save him.")

# p14: a fleeing adventurer cannot rest (seat 0 fleeing, wounded, its turn).
s = fresh()
adv(s, 0)["fleeing"] = True
adv(s, 0)["courage"] = -10
adv(s, 0)["health"] = 5
adv(s, 0)["room"] = "Quetzalcoatl's Hall"
drop_card(s, 0, "Colt 1911")
remove_companions(s, 0)
case("p14-rest-refused-fleeing", s,
     [A({"kind": "rest", "option": "health"}, 0, error={"rule": "secrets.adventurer-phase.no-rest-fleeing"})],
     rule="secrets.adventurer-phase.no-rest-fleeing",
     quote=["A player fleeing the Tomb cannot rest."],
     note="Bianca flees (wounded, Courage -10): Rest is refused.")

# p15: a fleeing adventurer must spend its token moving: Search is refused.
case("p15-search-refused-fleeing", copy.deepcopy(s),
     [A({"kind": "search"}, 0, error={"rule": "secrets.adventurers.flee-must-move"})],
     rule="secrets.adventurers.flee-must-move",
     quote=["While fleeing you gain +1 Movement and must spend every Action token to move towards the Tomb's Entrance."],
     note="Bianca flees: her Action token must be spent on moving toward the Entrance, not on a Search.")

# p16: fleeing from the Tomb's Entrance: moving again flees the Tomb; the Comet track advances once.
s = fresh()
adv(s, 0)["fleeing"] = True
adv(s, 0)["courage"] = -10
drop_card(s, 0, "Colt 1911")
remove_companions(s, 0)
case("p16-fled-from-entrance-comet", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "out"}, 0, project={"comet": 1, "gone": ["Bianca Sinclair"]})],
     rule="secrets.adventurers.fled",
     quote=["If you are on the Tomb's Entrance and move again, you have fled the Tomb. Remove your adventurer from the game as if she had died.",
            "When an adventurer flees the tomb, advance the Comet track once."],
     note="Bianca flees and stands on the Tomb's Entrance: her Move takes her out; the Comet track 0 -> 1 and she is gone. "
          "(The model may ask how she leaves: the next lines follow what it asks.)")

# p17: +10 Courage bonus: Golden Idol (+3 Courage) from 7 -> 10 gives Bianca... (none on her sheet) ->
# use Christopher? Seat adventurers are fixed by the explored game: swap in by editing the sheet name.
# Temple's +10 bonus is +2 Audacity: switch seat 1 to James T. Temple.
s = fresh()
a = adv(s, 0)
give_card(s, 0, "Golden Idol")
a["courage"] = 7
s["current"] = 0
# Bianca has no +10 bonus in the core set; give the case to Temple by replacing Forrestal.
a1 = adv(s, 1)
a1.update({"name": "James T. Temple", "health": 9, "start_health": 9, "audacity": 3, "courage": 7,
           "start_courage": 1, "tokens": []})
drop_card(s, 1, "Lantern")
give_card(s, 1, "M1A1 Rifle")
a1["cards"][0]["origin"] = "start"
drop_card(s, 0, "Golden Idol")
give_card(s, 1, "Golden Idol")
s["current"] = 1
s["first"] = 1
s["leader"] = 1
exp = copy.deepcopy(adv(s, 1))
exp["courage"] = 10
exp["plus_ten"] = True
exp["audacity"] = 5
exp["cards"] = [c for c in exp["cards"] if c["name"] != "Golden Idol"]
case("p17-plus-ten-courage-bonus", s,
     [A({"kind": "use", "card": "Golden Idol"}, 1,
        project={"seats": [s["seats"][0], {**s["seats"][1], "tokens": 5, "adventurer": exp}]})],
     rule="secrets.adventurers.courage-plus-10-bonus",
     quote=["If you attain +10 Courage, you gain a permanent one-time bonus."],
     note="Temple (Courage 7, +10 bonus on his sheet: +2 Audacity) uses the Golden Idol (+3 Courage, 1 use): "
          "Courage 10, the one-time bonus taken (Audacity 3 -> 5), the spent card discarded.")

# p18: reaching +10 a second time: no second bonus; Courage never above +10.
s2 = copy.deepcopy(s)
adv(s2, 1)["plus_ten"] = True
adv(s2, 1)["courage"] = 8
exp2 = copy.deepcopy(adv(s2, 1))
exp2["courage"] = 10
exp2["cards"] = [c for c in exp2["cards"] if c["name"] != "Golden Idol"]
case("p18-plus-ten-not-twice", s2,
     [A({"kind": "use", "card": "Golden Idol"}, 1,
        project={"seats": [s2["seats"][0], {**s2["seats"][1], "tokens": 5, "adventurer": exp2}]})],
     rule="secrets.adventurers.courage-plus-10-once",
     quote=["The same adventurer cannot gain the +10 Courage bonus multiple times.",
            "Each adventurer has a Courage value that ranges from -10 to +10."],
     note="Temple already took his +10 bonus; Courage 8 + 3 stops at 10 and Audacity stays 3.")

# p19: Audacity never above 10: Essence of Souls (+2) at 9.
s = fresh()
adv(s, 0)["audacity"] = 9
give_card(s, 0, "Essence of Souls")
exp = copy.deepcopy(adv(s, 0))
exp["audacity"] = 10
exp["cards"] = [c for c in exp["cards"] if c["name"] != "Essence of Souls"]
case("p19-audacity-capped-at-ten", s,
     [A({"kind": "use", "card": "Essence of Souls"}, 0,
        project={"seats": [{**s["seats"][0], "tokens": 5, "adventurer": exp}, s["seats"][1]]})],
     rule="secrets.dice.audacity-max-10",
     quote=["Audacity points can never rise above 10."],
     note="Audacity 9 + 2 stops at 10.")

# p20: Health never above starting Health: Healing Salve (heal 3) at 7 of 8.
s = fresh()
adv(s, 0)["health"] = 7
give_card(s, 0, "Healing Salve")
exp = copy.deepcopy(adv(s, 0))
exp["health"] = 8
exp["cards"] = [c for c in exp["cards"] if c["name"] != "Healing Salve"]
case("p20-item-heal-capped", s,
     [A({"kind": "use", "card": "Healing Salve"}, 0,
        project={"seats": [{**s["seats"][0], "tokens": 5, "adventurer": exp}, s["seats"][1]]})],
     rule="secrets.adventurers.health-cap",
     quote=["An adventurer's current Health cannot be increased above their starting Health."],
     note="Health 7 of 8, Healing Salve heals 3: Health 8.")

# p21: Move: Movement limits the rooms; Movement 1 (Bianca 5 with a -4 Movement token) -> one step ends the move.
s = fresh()
adv(s, 0)["bonuses"] = [["movement", -4]]
case("p21-move-up-to-movement", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Quetzalcoatl's Hall"}, 0, project={"current": 1})],
     rule="secrets.adventurer-phase.move",
     quote=["Move: Your Adventurer may move up to as many Room tiles equal to the character's Movement attribute."],
     note="Bianca's Movement is 1 (5 and a -4 token): after one room the Move is over and the turn passes to seat 1.")

# p22: a door must show on both tiles: Jade Gallery (doors E, W) north of the Entrance has no door facing it.
s = fresh()
place_room(s, "Jade Gallery", 1, 0, -1, rotation=0)
case("p22-door-one-side-is-wall", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Jade Gallery"}, 0, error={"rule": "secrets.adventurer-phase.door-both-sides"})],
     rule="secrets.adventurer-phase.door-both-sides",
     quote=["This icon must be on both the tile you are leaving and entering.",
            "Doors with the comet icon on only one side should be treated as walls for all gameplay purposes."],
     note="The Entrance shows a door to the north, the Jade Gallery (unrotated: doors E and W) none to the south: a wall.")

# p23: exploring draws until a tile of the level; others are discarded; exploring ends the move.
s = fresh()
exp_rooms_names = None
case("p23-explore-discard-other-levels", s,
     [A({"kind": "move"}, 0),
      A({"kind": "explore", "x": -1, "y": 0}, 0),
      A({"kind": "drawn", "card": "Hall of Mirrors"}),
      A({"kind": "drawn", "card": "Catacombs"}),
      A({"kind": "drawn", "card": "Guardroom"}),
      A({"kind": "rotate", "rotation": 0}, 0,
        project={"current": 1,
                 "tiles": None})],
     rule="secrets.adventurer-phase.explore-discard-nonmatching",
     quote=["Discard all Room tiles that do not match your current level in a separate nearby pile.",
            "Place your Adventurer standee on the new Room tile, ending your movement action."],
     note="Bianca explores west of the Entrance on Level 1: the Hall of Mirrors (Level 2) and the Catacombs "
          "(Levels 2, 3) are discarded, the Guardroom (Level 1) placed; her Move ends there (5 Movement unused).")
tiles = copy.deepcopy(s["tiles"])
for n in ("Hall of Mirrors", "Catacombs", "Guardroom"):
    _take(tiles["deck"]["counts"], n)
tiles["discard"]["counts"] = [["Catacombs", 1], ["Hall of Mirrors", 1]]
CASES[-1][2][-1]["project"]["tiles"] = tiles

# p24: evading out of a creature's room: fail, push on, take half its Combat rating rounded down.
s = fresh()
add_creature(s, "Living Moai-Man", "Tomb's Entrance")
P24 = copy.deepcopy(s["seats"])
P24[0]["tokens"] = 5
P24[0]["adventurer"]["health"] = 7
P24[0]["adventurer"]["room"] = "Quetzalcoatl's Hall"
case("p24-evade-fail-push-half-combat", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Quetzalcoatl's Hall"}, 0),
      A({"kind": "roll"}, 0),
      A(dice(1, 2, 2, 3, 4, 4)),
      A({"kind": "accept"}, 0),
      A({"kind": "push"}, 0),
      A({"kind": "done"}, 0, project={"seats": P24})],
     rule="secrets.adventurer-phase.evade-fail",
     quote=["If you move into a room or want to move out of a room with any creatures, you must Evade them to continue moving.",
            "If you fail, you can stop moving or take damage equal to half the creature's Combat rating, rounded down, to continue moving as normal."],
     note="A Living Moai-Man (Combat 3, Evasion 2) in the Entrance; Bianca (6 dice) fails the Dexterity (2) check, pushes on, "
          "redirects nothing: "
          "3/2 rounded down = 1 damage (Health 8 -> 7), and she goes on moving.")

# p25: death on exploring a trap: Health 1, Collapsed Corridor's trap deals 1: the Comet track advances once,
# an Item Drop token with her Items, her Companions discarded.
s = fresh()
adv(s, 0)["health"] = 1
P25 = copy.deepcopy(s["companions"])
P25["discard"]["counts"] = [["Mercenary", 1], ["Sharpshooter", 1]]
case("p25-death-by-trap-on-explore", s,
     [A({"kind": "move"}, 0),
      A({"kind": "explore", "x": -1, "y": 0}, 0),
      A({"kind": "drawn", "card": "Collapsed Corridor"}),
      A({"kind": "rotate", "rotation": 1}, 0),
      A({"kind": "done"}, 0, project={"comet": 1, "companions": P25})],
     rule="secrets.adventurers.death-at-zero-health",
     quote=["If you reach 0 Health, you die and the Comet track advances one space.",
            "When you die, lay your adventurer standee on its side on its current room, and place an Item Drop token next to it. Discard all your Companion cards and set aside all your Item and Artifact cards.",
            "Trap Effect: When an Adventurer explores a Room tile with a Trap Effect icon, place the stated number of Trap tokens on it and Trigger the Trap effect on the tile removing one token."],
     note="Bianca (Health 1) explores the Collapsed Corridor (1 Trap token, 1 damage): the token is removed, she dies: "
          "Comet 0 -> 1, her Colt 1911 in the Corridor's Item Drop pile, Mercenary and Sharpshooter discarded.")
comp_disc = [["Mercenary", 1], ["Sharpshooter", 1]]

# p26: Soul Monger: buying with exactly enough Soul Shards; one short is refused.
s = fresh()
adv(s, 0)["shards"] = 8
case("p26-buy-exact-shards", s,
     [A({"kind": "barter"}, 0),
      A({"kind": "buy", "item": "Circlet of Mentality"}, 0),
      A({"kind": "buy", "item": "Soul Monger Gatestone"}, 0,
        error={"rule": "secrets.adventurer-phase.soul-monger-inventory"})],
     rule="secrets.adventurer-phase.soul-monger-inventory",
     quote=["When buying from the Soul Monger, reference the Soul Monger's Inventory (see Player Reference), which lists the costs in Soul Shards of the items and services available.",
            "Soul Monger Gatestone	8	Wendega's Ward	13", "Circlet of Mentality	8	Essence of Souls	13",
            "One Soul Monger is always on the Tomb's Entrance."],
     note="8 Soul Shards buy the Circlet of Mentality (8) at the Tomb's Entrance, leaving 0; the Gatestone (8) is then refused.")

# p27: bartering away from a Soul Monger room is refused.
s = fresh()
adv(s, 0)["room"] = "Quetzalcoatl's Descent"
case("p27-barter-refused-no-monger", s,
     [A({"kind": "barter"}, 0, error={"rule": "secrets.adventurer-phase.soul-monger-action"})],
     rule="secrets.adventurer-phase.soul-monger-action",
     quote=["While on a Soul Monger room, you can spend an Action token to barter with the Soul Monger."],
     note="Quetzalcoatl's Descent is no Soul Monger room: no barter.")

# p28: selling an item: 5 Soul Shards, the card to the box.
s = fresh()
case("p28-sell-item-five-to-box", s,
     [A({"kind": "barter"}, 0),
      A({"kind": "sell", "card": "Colt 1911"}, 0),
      A({"kind": "done"}, 0, project={"boxed": ["Colt 1911"], "current": 1})],
     rule="secrets.adventurer-phase.sell",
     quote=["You can sell items and artifacts to the Soul Monger. Each item is worth 5 Soul Shards, and each artifact is worth 15 Soul Shards. When you sell an item or artifact, return its card to the box."],
     note="Bianca sells her Colt 1911: 5 Soul Shards, the card boxed.")

# p29: dropping is free; a companion cannot be dropped.
s = fresh()
case("p29-drop-free-not-companion", s,
     [A({"kind": "drop", "card": "Mercenary"}, 0, error={"rule": "secrets.items.no-drop-companions-shards"}),
      A({"kind": "drop", "card": "Colt 1911"}, 0, project={"current": 0})],
     rule="secrets.items.drop-free",
     quote=["You can drop cards in your current room during your turn without spending an Action token. You cannot drop companions or Soul Shards."],
     note="Dropping the Mercenary (a companion) is refused; dropping the Colt 1911 spends no token and Bianca keeps the turn.")

# p30: picking up needs an Item Drop token in the room.
s = fresh()
case("p30-pick-up-refused-no-drop", s,
     [A({"kind": "pick-up"}, 0, error={"rule": "secrets.adventurer-phase.pick-up"})],
     rule="secrets.adventurer-phase.pick-up",
     quote=["Pick up items or artifacts: An adventurer in the same room as an Item Drop token can spend an Action token to pick up all the items and artifacts set aside there, discarding the Item Drop token."],
     note="No Item Drop token on the Tomb's Entrance: Pick Up is refused.")

# p31: turn order: a seat out of turn is refused naming the turn rule; the last token ends the phase.
s = fresh()
s["seats"][0]["tokens"] = 1
s["seats"][1]["tokens"] = 0
adv(s, 0)["health"] = 7
case("p31-last-token-ends-adventurer-phase", s,
     [A({"kind": "rest", "option": "health"}, 1, error={"rule": "secrets.adventurer-phase.next-player"}),
      A({"kind": "rest", "option": "health"}, 0, project={"phase": "tomb"})],
     rule="secrets.adventurer-phase.until-all-spent",
     quote=["This continues until all the adventurers have used all their Action tokens.",
            "This phase ends when the Adventurers have spent all of their Action tokens."],
     note="Forrestal has no token left and it is not his turn (refused); Bianca spends her last: the Tomb Phase begins.")

# p32: a seat with no green tokens is skipped.
s = fresh()
s["seats"][1]["tokens"] = 0
adv(s, 0)["health"] = 6
case("p32-seat-without-tokens-skipped", s,
     [A({"kind": "rest", "option": "health"}, 0, project={"current": 0})],
     rule="secrets.adventurer-phase.next-player",
     quote=["Then the next clockwise player performs an action. This continues until all the adventurers have used all their Action tokens."],
     note="Forrestal has spent his tokens: after Bianca's action it is Bianca's turn again.")

# ---------------------------------------------------------------------------------------------------
# Tomb Phase

def tomb_base():
    s = fresh_tomb()
    # both adventurers on the Tomb's Entrance, calm, unhurt; no Item Drop piles
    for r in s["rooms"]:
        for c in r["drop"]:
            _put(_deck_counts(s, c["name"]), c["name"])
        r["drop"] = []
    s["rooms"] = [r for r in s["rooms"] if r["name"] != "Sacrificial Chamber"]
    _put(s["tiles"]["deck"]["counts"], "Sacrificial Chamber")
    for i in (0, 1):
        a = adv(s, i)
        a["room"] = "Tomb's Entrance"
        for c in list(a["cards"]):
            drop_card(s, i, c["name"])
    return s


# p33: A Moment's Rest: heal 1 each, no spawn on Level 2 without red rooms, Search 0, Comet 0; round end:
# marker passes, tokens flip.
s = tomb_base()
adv(s, 0)["health"] = 5
exp_seats = copy.deepcopy(s["seats"])
exp_seats[0]["adventurer"]["health"] = 6
for x in exp_seats:
    x["tokens"] = 6
case("p33-tomb-round-end-marker-passes", s,
     [A({"kind": "drawn", "card": "A Moment's Rest"},
        project={"phase": "adventurer", "first": 1, "current": 1, "round": 2, "comet": 0, "creatures": [],
                 "seats": exp_seats})],
     rule="secrets.turn.pass-first-player-marker",
     quote=["At the end of the Tomb Phase, the player holding the First Player/Comet Track marker passes it clockwise to the new first player.",
            "If there are no red-outlined rooms on the prompted Tomb level, do not spawn creatures on that level.",
            "Then, the adventurers flip their Action tokens to their unused sides."],
     note="A Moment's Rest (heal 1 each; spawn 1 base on Level 2; Search 0; Comet 0): Level 2 has no red room, "
          "nothing spawns; Bianca 5 -> 6; Search tokens unchanged; the marker passes to seat 1, tokens green again.")

# p34: The Comet Burns Bright: Search tokens turn 2 (red -> yellow), Comet +2.
s = tomb_base()
s["seats"][0]["search"] = 2
s["seats"][1]["search"] = 0
case("p34-search-tokens-rotate-two", s,
     [A({"kind": "drawn", "card": "The Comet Burns Bright"},
        project={"comet": 2, "creatures": []})],
     rule="secrets.tomb-phase.rotate-search-tokens",
     quote=["Rotate all Search tokens by the prompted number of steps, from green to yellow, yellow to red, and red to green."],
     note="Search 2, Comet +2, spawns on levels without red rooms: red -> green -> yellow for seat 0, green -> red for seat 1.")
exp_seats = copy.deepcopy(s["seats"])
exp_seats[0]["search"] = 1
exp_seats[1]["search"] = 2
for x in exp_seats:
    x["tokens"] = 6
CASES[-1][2][-1]["project"]["seats"] = exp_seats

# p35: creatures move their full Movement toward the nearest adventurer (2 rooms away, Movement 1 -> one room).
s = tomb_base()
for i in (0, 1):
    adv(s, i)["room"] = "Quetzalcoatl's Descent"
add_creature(s, "Living Moai-Man", "Quetzalcoatl's Hall")
case("p35-creature-moves-toward-nearest", s,
     [A({"kind": "drawn", "card": "A Moment's Rest"})],
     rule="secrets.tomb-phase.creature-full-movement",
     quote=["Creatures always move using their full Movement in the shortest route toward the nearest adventurer."],
     note="A Living Moai-Man (Movement 1) in Quetzalcoatl's Hall, both adventurers in the Descent (2 rooms): it moves to the Entrance.")
CASES[-1][2][-1]["project"] = {"creatures": [{**s["creatures"][0], "room": "Tomb's Entrance"}]}

# p36: equally close adventurers: toward the one with the most Soul Shards.
s = tomb_base()
adv(s, 0)["room"] = "Quetzalcoatl's Hall"
adv(s, 1)["room"] = "Quetzalcoatl's Descent"
adv(s, 0)["shards"] = 2
adv(s, 1)["shards"] = 5
add_creature(s, "Skeleton Guard", "Tomb's Entrance")
case("p36-creature-tie-most-shards", s,
     [A({"kind": "drawn", "card": "A Moment's Rest"})],
     rule="secrets.tomb-phase.creature-move-tie",
     quote=["If multiple adventurers are equally close, the creature moves toward the adventurer with the most Soul Shards."],
     note="Skeleton Guard (Movement 1) on the Entrance, Bianca (2 shards) and Forrestal (5 shards) one room away each: "
          "it moves to Forrestal's room (then combat is initiated against him).")
CASES[-1][2][-1]["project"] = {"creatures": [{**s["creatures"][0], "room": "Quetzalcoatl's Descent"}]}

# p37: a creature sharing a room with an adventurer does not move; with two adventurers it engages the one
# with most Soul Shards.
s = tomb_base()
adv(s, 0)["shards"] = 1
adv(s, 1)["shards"] = 3
add_creature(s, "Skeleton Guard", "Tomb's Entrance")
case("p37-initiate-combat-most-shards", s,
     [A({"kind": "drawn", "card": "A Moment's Rest"}),
      A({"kind": "stand"}, 0, error={"rule": "secrets.turn.first-player-begins"}),
      A({"kind": "stand"}, 1)],
     rule="secrets.tomb-phase.combat-target",
     quote=["If a creature is in a room occupied by multiple Adventurers it will engage the one with the most Soul Shards."],
     note="Skeleton Guard with both adventurers: it stays and engages Forrestal (3 shards), not Bianca (1).")

# p38: the creature limit: 10 in the Tomb; a spawn that would exceed it does not happen, Comet +1 more.
s = tomb_base()
place_room(s, "Catacombs", 3, 1, 0)
for n, r in [("Living Moai-Man", "Mongol's Hall"), ("Living Moai-Man", "Mongol's Hall"),
             ("Keeper of the Tomb", "Mongol's Hall"), ("Keeper of the Tomb", "Mongol's Hall"),
             ("Skeleton Guard", "Mongol's Hall"), ("Skeleton Guard", "Mongol's Hall"),
             ("Carnivorous Scarabs", "Mongol's Hall"), ("Carnivorous Scarabs", "Mongol's Hall"),
             ("Tomb Rats", "Mongol's Hall"), ("Stone Golem", "Mongol's Hall")]:
    add_creature(s, n, r)
case("p38-creature-limit-comet", s,
     [A({"kind": "drawn", "card": "Distant Rumbling"},
        project={"comet": 2})],
     rule="secrets.tomb-phase.limit-advances-comet",
     quote=["The Tomb has a creature limit of 10, which does not include boss creatures.",
            "If spawning base and/or elite creatures would exceed this limit, do not spawn further creatures this round. When this occurs, increase the Comet track by one"],
     note="10 creatures (swarms counted once) on Level 3 without a way up; Distant Rumbling spawns 1 base on Level 1 (no red "
          "room: none) and 1 on Level 3 (the red Catacombs): the 11th does not spawn, Comet +1, then the card's +1: 2.")
CASES[-1][2][-1]["project"]["creatures"] = copy.deepcopy(s["creatures"])

# p39: 9 creatures: the spawn that reaches exactly 10 happens, no Comet penalty.
s = tomb_base()
place_room(s, "Catacombs", 3, 1, 0)
for n in ["Living Moai-Man", "Living Moai-Man", "Keeper of the Tomb", "Keeper of the Tomb", "Skeleton Guard",
          "Skeleton Guard", "Carnivorous Scarabs", "Carnivorous Scarabs", "Stone Golem"]:
    add_creature(s, n, "Mongol's Hall")
case("p39-creature-limit-exactly-ten", s,
     [A({"kind": "drawn", "card": "Distant Rumbling"}),
      A({"kind": "drawn", "card": "Tomb Rats"}, project={"comet": 1})],
     rule="secrets.tomb-phase.creature-limit",
     quote=["The Tomb has a creature limit of 10, which does not include boss creatures.",
            "If spawning base and/or elite creatures would exceed this limit, do not spawn further creatures this round."],
     note="9 creatures; Distant Rumbling's Level 3 base creature (Tomb Rats) spawns in the Catacombs: 10, not over the limit: "
          "Comet only the card's +1.")

# p40: fleeing at -10 from a Tomb Effect: Whispers in the Dark, Mythos check failed at Courage -9.
s = tomb_base()
adv(s, 0)["courage"] = -9
adv(s, 0)["room"] = "Quetzalcoatl's Hall"
P40C = copy.deepcopy(s["companions"])
for comp in adv(s, 0)["companions"]:
    _put(P40C["discard"]["counts"], comp["name"])
P40S = copy.deepcopy(s["seats"])
P40S[0]["adventurer"].update({"courage": -10, "fleeing": True, "companions": [], "room": "Tomb's Entrance"})
case("p40-minus-ten-flee-from-tomb-effect", s,
     [A({"kind": "drawn", "card": "Whispers in the Dark"}),
      A(dice(1, 2), project={"companions": P40C, "seats": P40S})],
     rule="secrets.adventurers.flee-start",
     quote=["When your Courage track reaches the space titled \"Flee Tomb\" or if another game effect prompts you to flee the Tomb, discard all your Companion cards, place an Item Drop token on your current room, and set aside all your Item and Artifact cards. Then move your Adventurer one room toward the Tomb's Entrance using the shortest path available."],
     note="Bianca (Courage -9, in Quetzalcoatl's Hall) fails Whispers in the Dark's Mythos check: -10, she flees: her "
          "companions discarded, one room toward the Entrance (the Entrance).")


# ---------------------------------------------------------------------------------------------------
# more edges

# p41: Rest "both" at Courage exactly 0 and Health one short: Courage stays 0 (cap 0), Health +1.
s = fresh()
adv(s, 0)["courage"] = 0
adv(s, 0)["health"] = 7
exp = copy.deepcopy(s["seats"])
exp[0]["adventurer"]["health"] = 8
exp[0]["tokens"] = 5
case("p41-rest-both-courage-zero-stays", s,
     [A({"kind": "rest", "option": "both"}, 0, project={"seats": exp})],
     rule="secrets.adventurer-phase.rest-heal-both",
     quote=["Heal 1 Health and 1 Courage, up to starting Health and 0 Courage"],
     note="Health 7 of 8, Courage 0: the both option gives Health 8 and Courage stays 0 (up to 0 Courage).")

# p42: a Search result that spawns interacts with the creature limit: 9 in the Tomb, yellow 1 spawns 2.
s = fresh()
s["seats"][0]["search"] = 1
for n in ["Living Moai-Man", "Living Moai-Man", "Keeper of the Tomb", "Keeper of the Tomb", "Skeleton Guard",
          "Skeleton Guard", "Carnivorous Scarabs", "Carnivorous Scarabs", "Stone Golem"]:
    add_creature(s, n, "Mongol's Hall")
case("p42-search-spawn-creature-limit", s,
     [A({"kind": "search"}, 0),
      A(dice(1)),
      A({"kind": "drawn", "card": "Tomb Rats"}, project={"comet": 1})],
     rule="secrets.tomb-phase.limit-stops-spawning",
     quote=["1	Misadventure	Spawn 2 Base Creatures	Spawn 1 Base Creature",
            "If spawning base and/or elite creatures would exceed this limit, do not spawn further creatures this round. When this occurs, increase the Comet track by one"],
     note="9 creatures; yellow Search roll 1 spawns 2 base creatures: the first (Tomb Rats) makes 10, the second would "
          "exceed: not spawned, Comet +1 (reading creature-limit-scope = all-base-elite-spawns, the default).")

# p43: a fleeing adventurer moving into a room with creatures takes half of each creature's Combat rating.
s = fresh()
adv(s, 0)["fleeing"] = True
adv(s, 0)["courage"] = -10
adv(s, 0)["room"] = "Quetzalcoatl's Hall"
drop_card(s, 0, "Colt 1911")
remove_companions(s, 0)
add_creature(s, "Living Moai-Man", "Tomb's Entrance")
add_creature(s, "Keeper of the Tomb", "Tomb's Entrance")
case("p43-flee-into-creatures-half-each", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Tomb's Entrance"}, 0, project={"seats": None})],
     rule="secrets.adventurers.flee-creature-damage",
     quote=["If a fleeing adventurer moves into a room with any creature, that adventurer takes damage equal to half of each creature's Combat rating, rounded down. A fleeing adventurer cannot evade."],
     note="Bianca flees into the Entrance with a Living Moai-Man (Combat 3) and a Keeper of the Tomb (Combat 2): "
          "1 + 1 = 2 damage (per creature, rounded down each: reading flee-damage-rounding = per-creature), no evasion.")
exp = copy.deepcopy(s["seats"])
exp[0]["adventurer"]["health"] = 6
exp[0]["adventurer"]["room"] = "Tomb's Entrance"
exp[0]["tokens"] = 5
CASES[-1][2][-1]["project"]["seats"] = exp

# p44: a fleeing adventurer must move toward the Entrance: a step away is refused.
s = fresh()
adv(s, 0)["fleeing"] = True
adv(s, 0)["courage"] = -10
adv(s, 0)["room"] = "Quetzalcoatl's Hall"
drop_card(s, 0, "Colt 1911")
remove_companions(s, 0)
place_room(s, "Guardroom", 1, 2, 0)
case("p44-flee-step-away-refused", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Guardroom"}, 0, error={"rule": "secrets.adventurers.flee-must-move"})],
     rule="secrets.adventurers.flee-must-move",
     quote=["While fleeing you gain +1 Movement and must spend every Action token to move towards the Tomb's Entrance."],
     note="Fleeing Bianca in Quetzalcoatl's Hall may not step east into the Guardroom, away from the Entrance.")

# p45: a pre-explored trap room: entering triggers the trap, does not halt the move.
s = fresh()
place_room(s, "Collapsed Corridor", 1, -1, 0, rotation=1, traps=1)
place_room(s, "Windy Stair", 1, -2, 0, rotation=0)
P45 = copy.deepcopy(s["seats"])
P45[0]["adventurer"]["health"] = 7
P45[0]["adventurer"]["room"] = "Windy Stair"
P45[0]["tokens"] = 5
case("p45-trap-on-entry-no-halt", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Collapsed Corridor"}, 0),
      A({"kind": "done"}, 0),
      A({"kind": "step", "room": "Windy Stair"}, 0, project={"seats": P45})],
     rule="secrets.rooms.trap-on-enter",
     quote=["Each subsequent time any Adventurer enters an explored Room tile with Trap tokens on it, perform the Trap effect noted on the tile. Pre-explored Trap Rooms do not halt movement."],
     note="The Collapsed Corridor (explored, 1 Trap token left, 1 damage) lies between the Entrance and the Windy Stair: "
          "Bianca takes 1 damage (declines to redirect) and goes on into the Windy Stair in the same Move.")

# p46: Artifact Room: Audacity cannot be used; one attempt per adventurer per game.
s = fresh()
place_room(s, "Sunken Shrine", 1, 0, -1)
adv(s, 0)["room"] = "Sunken Shrine"
P46 = copy.deepcopy(s["seats"])
P46[0]["tokens"] = 5
case("p46-artifact-room-no-audacity", s,
     [A({"kind": "search-artifact"}, 0),
      A({"kind": "boost"}, 0, error={"rule": "secrets.turn.first-player-begins"}),
      A(dice(1, 2, 3), project={"current": 1, "seats": P46})],
     rule="secrets.artifacts.room-search-no-audacity",
     quote=["Audacity cannot be used during this check."],
     note="Bianca (4 Audacity) searches the Sunken Shrine for the Crystal Skull: no Audacity before the roll (the dice are "
          "rolled at once: a boost is refused as out of turn) nor a reroll after the failed roll (the turn passes, "
          "Audacity still 4).")

s2 = copy.deepcopy(s)
s2["effects"] = []
case("p47-artifact-room-once-per-game", s2,
     [A({"kind": "search-artifact"}, 0),
      A({"kind": "roll"}, 0, error={"rule": "secrets.artifacts.room-search-no-audacity"})],
     rule="secrets.artifacts.room-search-once",
     quote=["Regardless of the result of the check, each Adventurer may only attempt to search this Artifact Room for the specified Artifact once per game."],
     note="placeholder, rewritten below")
# rewrite p47: a failed attempt, then Forrestal's turn, then Bianca again: refused.
CASES.pop()
case("p47-artifact-room-once-per-game", s2,
     [A({"kind": "search-artifact"}, 0),
      A(dice(1, 2, 3)),
      A({"kind": "rest", "option": "health"}, 1, error={"rule": "secrets.adventurer-phase.rest"}),
      A({"kind": "search"}, 1),
      A(dice(2)),
      A({"kind": "drawn", "card": "The Golden Idol"}),
      A({"kind": "branch", "passed": True}, 1, error={"rule": "secrets.story.check"})],
     rule="secrets.artifacts.room-search-once",
     quote=["Regardless of the result of the check, each Adventurer may only attempt to search this Artifact Room for the specified Artifact once per game."],
     note="placeholder")
CASES.pop()
s2["seats"][1]["tokens"] = 0
case("p47-artifact-room-once-per-game", s2,
     [A({"kind": "search-artifact"}, 0),
      A(dice(1, 2, 3)),
      A({"kind": "search-artifact"}, 0, error={"rule": "secrets.artifacts.room-search-once"})],
     rule="secrets.artifacts.room-search-once",
     quote=["Regardless of the result of the check, each Adventurer may only attempt to search this Artifact Room for the specified Artifact once per game."],
     note="Bianca (Knowledge 3: 3 dice, the Shrine's Knowledge (2) check) fails; Forrestal has no token, so it is Bianca's "
          "turn again: a second attempt is refused.")

# p48: an identical status effect is ignored (Island Observatory: Audacity check passed -> Fearless, already held).
s = fresh()
_take(s["statuses"]["counts"], "Fearless")
adv(s, 0)["status"] = ["Fearless"]
case("p48-identical-status-ignored", s,
     [A({"kind": "move"}, 0),
      A({"kind": "explore", "x": -1, "y": 0}, 0),
      A({"kind": "drawn", "card": "Island Observatory"}),
      A({"kind": "rotate", "rotation": 0}, 0),
      A({"kind": "roll"}, 0),
      A(dice(1, 2, 3, 6)),
      A({"kind": "accept"}, 0, project={"statuses": None})],
     rule="secrets.status.identical-ignored",
     quote=["If an adventurer were to gain an identical status effect, ignore all effects of the new status effect and keep the old status effect."],
     note="Bianca already has Fearless; the Island Observatory's Audacity check passes (a 6): the new Fearless is ignored, "
          "the Status Effect deck keeps its copy.")
CASES[-1][2][-1]["project"]["statuses"] = copy.deepcopy(s["statuses"])

# p49: spawning: a red-outlined room with an adventurer first.
s = tomb_base()
place_room(s, "Guardroom", 1, -1, 0)
place_room(s, "Hall of Serpents", 1, 0, -1)
adv(s, 1)["room"] = "Hall of Serpents"
case("p49-spawn-adventurer-room-first", s,
     [A({"kind": "drawn", "card": "Shifting Stones"}),
      A({"kind": "drawn", "card": "Skeleton Guard"})],
     rule="secrets.tomb-phase.spawn-adventurer-room-first",
     quote=["Creatures will always spawn in a room with an Adventurer first, before spawning in an empty red-outlined room."],
     note="Level 1 has two red rooms, the Guardroom (empty) and the Hall of Serpents (Forrestal): Shifting Stones' one base "
          "creature spawns with Forrestal, no choice offered.")
c = {"damage": 0, "id": s["next_creature"], "name": "Skeleton Guard", "room": "Hall of Serpents", "swarm": 0}
CASES[-1][2][-1]["project"] = {"creatures": [c]}

# p50: spawning evenly: two empty red rooms on Level 1, two creatures: not both in one room.
s = tomb_base()
place_room(s, "Guardroom", 1, -1, 0)
place_room(s, "Hall of Serpents", 1, 0, -1)
case("p50-spawn-evenly", s,
     [A({"kind": "drawn", "card": "Blood Moon"}),
      A({"kind": "drawn", "card": "Skeleton Guard"}),
      A({"kind": "spawn-in", "room": "Guardroom"}, 0),
      A({"kind": "drawn", "card": "Skeleton Guard"}, project={"creatures": [
          {"damage": 0, "id": s["next_creature"], "name": "Skeleton Guard", "room": "Guardroom", "swarm": 0},
          {"damage": 0, "id": s["next_creature"] + 1, "name": "Skeleton Guard", "room": "Hall of Serpents", "swarm": 0}]})],
     rule="secrets.tomb-phase.spawn-evenly",
     quote=["When multiple red-outlined rooms are available on one Tomb level, the adventurers choose where creatures may spawn, spawning them as evenly as possible."],
     note="Blood Moon (intermediate difficulty) spawns 2 base on Level 1: two empty red rooms; after one in the Guardroom the "
          "second goes to the Hall of Serpents without a choice (the only evenest room).",
     options={"difficulty": "intermediate"})
_put(CASES[-1][1]["state"]["tomb"]["deck"]["counts"], "Blood Moon")

# p51: Upkeep: Terrified (removed at Upkeep) goes, Poisoned (1 damage at Upkeep) hurts.
s = tomb_base()
_take(s["statuses"]["counts"], "Terrified")
_take(s["statuses"]["counts"], "Poisoned")
adv(s, 1)["status"] = ["Poisoned", "Terrified"]
P51 = copy.deepcopy(s["seats"])
P51[1]["adventurer"]["health"] = 7
P51[1]["adventurer"]["status"] = ["Poisoned"]
for x in P51:
    x["tokens"] = 6
P51S = copy.deepcopy(s["statuses"])
_put(P51S["counts"], "Terrified")
case("p51-upkeep-status-effects", s,
     [A({"kind": "drawn", "card": "A Moment's Rest"}),
      A({"kind": "done"}, 1, project={"seats": P51, "statuses": P51S})],
     rule="secrets.tomb-phase.upkeep-components",
     quote=["The adventurers check all status effects, items, and other components that have Upkeep effects",
            "Some status effects note how they can be removed: either during the Upkeep Step of the Tomb Phase, or by using a Rest action."],
     note="Forrestal (Health 8 of 8) holds Poisoned (Upkeep: 1 damage) and Terrified (removed at Upkeep). A Moment's Rest "
          "heals 1 (nothing to heal), then Upkeep: Poisoned deals 1 (Forrestal may redirect: the next decision), Terrified goes.")

# p52: after dying, the new adventurer may not be one that has died.
s = fresh()
adv(s, 0)["health"] = 1
remove_companions(s, 0)
case("p52-replacement-not-dead-one", s,
     [A({"kind": "move"}, 0),
      A({"kind": "explore", "x": -1, "y": 0}, 0),
      A({"kind": "drawn", "card": "Collapsed Corridor"}),
      A({"kind": "rotate", "rotation": 1}, 0),
      A({"kind": "choose", "adventurer": "Bianca Sinclair"}, 0,
        error={"rule": "secrets.adventurers.choose-new-adventurer"}),
      A({"kind": "choose", "adventurer": "Hadji Singh"}, 0, project={"comet": 1, "gone": ["Bianca Sinclair"]})],
     rule="secrets.adventurers.choose-new-adventurer",
     quote=["After dying, you can choose a new adventurer that has not yet died or fled the Tomb."],
     note="Bianca dies on the Collapsed Corridor's trap: she cannot be chosen again; Hadji Singh can.")

# p53: the last adventurer flees and no adventurer is left to choose: the adventurers lose.
s = fresh()
adv(s, 0)["fleeing"] = True
adv(s, 0)["courage"] = -10
drop_card(s, 0, "Colt 1911")
remove_companions(s, 0)
drop_card(s, 1, "Lantern")
remove_companions(s, 1)
s["seats"][1]["adventurer"] = None
s["seats"][1]["out"] = True
s["seats"][1]["tokens"] = 0
s["gone"] = sorted(a["name"] for a in DATA["adventurers"]
                   if a["name"] not in ("Bianca Sinclair", "Harrison Quatuormanus the 13th"))
case("p53-all-gone-lost", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "out"}, 0, project={"outcome": "lost", "phase": "over"})],
     rule="secrets.tomb-phase.lose-when-no-adventurers",
     quote=["If all players are dead or have fled the Tomb and they have no more adventurers to choose from, the adventurers lose.",
            "Note that Lord Harrison Quatourmanus the 13th should only be chosen for Solo Play."],
     note="Seat 1 sits out; every other sheet has died or fled except Lord Harrison (Solo Play only, 2 players here). "
          "Bianca flees out of the Entrance: nobody is left in the Tomb and no sheet to choose: lost.")

# p54: a fleeing adventurer gains +1 Movement: Movement 1 (5, -4 token) + 1 = 2 rooms.
s = fresh()
adv(s, 0)["fleeing"] = True
adv(s, 0)["courage"] = -10
adv(s, 0)["bonuses"] = [["movement", -3]]
adv(s, 0)["room"] = "Guardroom"
drop_card(s, 0, "Colt 1911")
remove_companions(s, 0)
place_room(s, "Guardroom", 1, 2, 0)
P54 = copy.deepcopy(s["seats"])
P54[0]["adventurer"]["room"] = "Tomb's Entrance"
P54[0]["tokens"] = 5
case("p54-flee-plus-one-movement", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Quetzalcoatl's Hall"}, 0),
      A({"kind": "step", "room": "Tomb's Entrance"}, 0, project={"seats": P54, "current": 1})],
     rule="secrets.adventurers.flee-plus-movement",
     quote=["While fleeing you gain +1 Movement and must spend every Action token to move towards the Tomb's Entrance."],
     note="Bianca's Movement is 1 (5, a -3 token, -1 from her sheet's -5 Courage space at Courage -10) but fleeing gives +1: from the Guardroom through Quetzalcoatl's Hall to the "
          "Entrance in one Move (2 rooms), then her turn ends.")

# p55/p56: Courage effects apply at once: Bianca's +3 Courage effect (+1 Dexterity): an evasion roll at Courage 3
# rolls 7 dice (5 + Sharpshooter + 1); at Courage 2, 6 dice (a 7-dice outcome is impossible).
for nm, courage, faces, ok in [("p55-courage-effect-at-threshold", 3, (1, 1, 2, 2, 3, 3, 4), True),
                               ("p56-courage-effect-one-short", 2, (1, 1, 2, 2, 3, 3, 4), False)]:
    s = fresh()
    adv(s, 0)["courage"] = courage
    add_creature(s, "Living Moai-Man", "Tomb's Entrance")
    last = A(dice(*faces)) if ok else A(dice(*faces), error={"rule": "secrets.dice.audacity-before-roll"})
    case(nm, s,
         [A({"kind": "move"}, 0), A({"kind": "step", "room": "Quetzalcoatl's Hall"}, 0), A({"kind": "roll"}, 0), last],
         rule="secrets.adventurers.courage-effects-immediate",
         quote=["Positive Courage may confer special benefits or abilities, while negative Courage may confer penalties. As Courage fluctuates, immediately apply or remove the prompted effects.",
                "To evade, roll a Dexterity check with a difficulty of the creature's Evasion difficulty."],
         note=f"Bianca at Courage {courage} (her sheet's +3 space: +1 Dexterity), Sharpshooter +1: evading the Living "
              f"Moai-Man rolls {'7' if ok else '6'} dice; 7 dice are {'possible' if ok else 'impossible (refused naming the chance point)'}.")

# p57: Upkeep refreshes an exhausted card.
s = tomb_base()
give_card(s, 1, "Antikythera Mechanism")
adv(s, 1)["cards"][-1]["exhausted"] = True
P57 = copy.deepcopy(s["seats"])
P57[1]["adventurer"]["cards"][-1]["exhausted"] = False
for x in P57:
    x["tokens"] = 6
case("p57-upkeep-refreshes-exhausted", s,
     [A({"kind": "drawn", "card": "A Moment's Rest"}, project={"seats": P57})],
     rule="secrets.tomb-phase.upkeep-components",
     quote=["The adventurers check all status effects, items, and other components that have Upkeep effects including exhausted weapons that refresh during Upkeep.",
            "Exhausted weapons and other assets refresh and all Adventurers flip their Action tokens over to the green ready side."],
     note="Forrestal's exhausted Antikythera Mechanism is upright again after the Tomb Phase.")

# ---------------------------------------------------------------------------------------------------

def main():
    for old in HERE.glob("p[0-9][0-9]-*.jsonl"):
        old.unlink()
    for name, header, lines in CASES:
        path = HERE / f"{name}.jsonl"
        with path.open("w") as f:
            f.write(json.dumps(header, sort_keys=True) + "\n")
            for line in lines:
                line = {k: v for k, v in line.items() if not (k == "project" and v is None)}
                if "project" in line:
                    line["project"] = {k: v for k, v in line["project"].items() if v is not None}
                    if not line["project"]:
                        del line["project"]
                f.write(json.dumps(line, sort_keys=True) + "\n")
    print(f"{len(CASES)} cases written to {HERE}")


if __name__ == "__main__":
    main()
