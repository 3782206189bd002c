"""Build the t* cases of tests/cases/tomb/ (everything outside the Raid) from the rulebook.

Written from /work/shared/rulebooks/tomb.txt, the catalog spec/tomb.toml and the docs only. Base states
are real explored states (tombspec explore tomb --board catacomb-halls, players 2 and 3), kept in
base_states.json; each case edits one and writes a trace whose claims follow the rulebook.

Run: python tests/cases/tomb/build_turns.py   (writes tests/cases/tomb/t*.jsonl)
"""
from __future__ import annotations

import copy
import json
import pathlib
import tomllib
from collections import deque

HERE = pathlib.Path(__file__).parent
ROOT = HERE.parents[2]
CATALOG = {r["id"]: r for r in tomllib.loads((ROOT / "spec/tomb.toml").read_text())["rules"]}
CARDS = tomllib.loads((ROOT / "spec/tomb/cards/example.toml").read_text())
RULEBOOK = " ".join(pathlib.Path("/work/shared/rulebooks/tomb.txt").read_text().split()) if pathlib.Path(
    "/work/shared/rulebooks/tomb.txt").exists() else None
BASE = json.loads((HERE / "base_states.json").read_text())
BOARD_ROWS = [
    "#############",
    "#E....A.....#",
    "#.###aa####.#",
    "#..B....C...#",
    "##bb####cc#.#",
    "#.bb#..D....#",
    "#...#..dd#F.#",
    "#.....##ddff#",
    "#############",
]
DECKS = ["prayer", "spell", "item", "tactics", "cryptmaster"]
DECK_OF = {c["name"]: c["deck"] for c in CARDS["cards"]}
CRYPT_XP = {c["name"]: c.get("xp", 0) for c in CARDS["crypt"]}
CASES: list = []


def dist_from(start: tuple[int, int]) -> dict:
    """Orthogonal steps over Hallway Spaces, the entrance and Crypt Doors (the rulebook's Movement)."""
    ok = lambda x, y: BOARD_ROWS[y][x] == "." or BOARD_ROWS[y][x].isupper()
    d = {start: 0}
    q = deque([start])
    while q:
        x, y = q.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if ok(nx, ny) and (nx, ny) not in d:
                d[(nx, ny)] = d[(x, y)] + 1
                q.append((nx, ny))
    return d


def quote(*ids):
    out = []
    for i in ids:
        q = CATALOG[i]["quote"]
        if RULEBOOK is not None:
            assert " ".join(q.split()) in RULEBOOK, i
        out.append(q)
    return out


def ms_remove(ms, name):
    for pair in ms["counts"]:
        if pair[0] == name:
            pair[1] -= 1
            if pair[1] == 0:
                ms["counts"].remove(pair)
            return
    raise KeyError(name)


def ms_add(ms, name):
    for pair in ms["counts"]:
        if pair[0] == name:
            pair[1] += 1
            return
    ms["counts"].append([name, 1])
    ms["counts"].sort()


def release(s, card):
    """Put a card back where it came from (Inn deck or Crypt deck)."""
    if card in DECK_OF:
        ms_add(s["decks"][DECKS.index(DECK_OF[card])], card)
    else:
        ms_add(s["crypt_deck"], card)


def take(s, card):
    """Take a card out of its deck (Inn decks or the Crypt deck; else their discard piles)."""
    if card in DECK_OF:
        i = DECKS.index(DECK_OF[card])
        try:
            ms_remove(s["decks"][i], card)
        except KeyError:
            ms_remove(s["discards"][i], card)
    else:
        try:
            ms_remove(s["crypt_deck"], card)
        except KeyError:
            ms_remove(s["crypt_discard"], card)
    return card


def take_char(s, name):
    if name in s["inn"]:
        s["inn"].remove(name)
    else:
        ms_remove(s["pool"], name)
    return name


def char(name, attached=(), wounds=0):
    return {"actions": 0, "attached": list(attached), "name": name, "owner": None, "wounds": wounds}


def turn_state(current, parties, *, inn=None, crypts=None, began_at_inn=None):
    """The turn base (player 1 to act, both at the Inn), emptied and refilled.

    parties: list of dicts {chars: [(name, [cards], wounds)], hand: [...], bank: [...], location}."""
    s = copy.deepcopy(BASE["turn_base"])
    # empty the Parties and the Inn back into the Pool and the decks
    for p in s["parties"]:
        for c in p["characters"]:
            ms_add(s["pool"], c["name"])
            for a in c["attached"]:
                release(s, a)
        for h in p["hand"]:
            release(s, h)
        for b in p["bank"]:
            release(s, b)
    if inn is not None:
        for n in s["inn"]:
            ms_add(s["pool"], n)
        s["inn"] = []
        for n in inn:
            take_char(s, n)
        s["inn"] = sorted(inn)
    if crypts is not None:
        for c in s["crypts"]:
            for x in c["cards"]:
                ms_add(s["crypt_deck"], x["card"])
            c["cards"] = []
        for c in s["crypts"]:
            for name in crypts.get(c["id"], []):
                take(s, name)
                c["cards"].append({"card": name, "known": [0]})
    new = []
    for spec in parties:
        chars = []
        for name, cards, wounds in spec["chars"]:
            take_char(s, name)
            for a in cards:
                take(s, a)
            chars.append(char(name, cards, wounds))
        for h in spec.get("hand", []):
            take(s, h)
        for b in spec.get("bank", []):
            take(s, b)
        new.append({"bank": sorted(spec.get("bank", [])), "bank_xp": 0, "characters": chars, "crypt_hand": [],
                    "hand": sorted(spec.get("hand", [])), "location": spec.get("location", "inn"), "out": False})
    s["parties"] = new
    s["current"] = current
    s["agenda"] = [
        {"card": None, "deck": None, "items": [], "kind": "turn", "player": current,
         "rule": "tomb.turn.free-actions-then-one-standard", "subject": None, "value": 0},
        {"card": None, "deck": None, "items": [], "kind": "end-turn", "player": current,
         "rule": "tomb.setup.clockwise", "subject": None, "value": 0},
    ]
    if began_at_inn is None:
        began_at_inn = new[current]["location"] == "inn"
    s["effects"] = ([{"items": [], "name": "began-at-inn", "player": current,
                      "rule": "tomb.treasure.attached-bank-at-inn", "subject": None, "until": "turn",
                      "value": None}] if began_at_inn else [])
    return s


def case(name, rule, quotes, note, lines, *, state=None, options=None, extra_quotes=()):
    opts = {"players": 2}
    opts.update(options or {})
    header = {"trace": "tombspec", "version": 1, "game": "tomb", "options": opts, "board": "catacomb-halls",
              "note": note, "x-rule": rule, "x-quote": quote(*quotes) + list(extra_quotes)}
    if state is not None:
        header["state"] = state
    CASES.append((name, [header] + lines))


def A(action, **claims):
    line = {"action": action}
    if "player" in claims:
        line["player"] = claims.pop("player")
    line.update(claims)
    return line


def err(rule):
    return {"rule": rule}


def roll(g=0, b=0, r=0):
    return {"kind": "roll", "green": g, "blue": b, "red": r}


def draw(card):
    return {"kind": "draw", "card": card}


# ---------------------------------------------------------------- Set Up

case("t01-order-tie-reroll", "tomb.setup.reroll-ties", ["tomb.setup.order-roll", "tomb.setup.player-one", "tomb.setup.reroll-ties"],
     "Both players roll 3 successes: a tie for the most, so the dice are rolled again; the second roll (2 against 5) "
     "makes player 1 Player One.",
     [A(roll(b=3)), A(roll(b=3)), A(roll(b=2)), A(roll(b=5), project={"first_player": 1})])

case("t02-order-roll-seven-blue", "tomb.setup.order-roll", ["tomb.setup.order-roll", "tomb.setup.player-one"],
     "Each player rolls all seven Blue dice: 8 successes and any Green or Red success are impossible outcomes; "
     "7 against 0 makes player 0 Player One.",
     [A(roll(b=8), error=err("tomb.setup.order-roll")), A(roll(g=1), error=err("tomb.setup.order-roll")),
      A(roll(r=1), error=err("tomb.setup.order-roll")),
      A(roll(b=7)), A(roll(b=0), project={"first_player": 0})])

st = copy.deepcopy(BASE["setup_place_p1"])
case("t03-crypt-full-not-open", "tomb.setup.crypt-capacity", ["tomb.setup.crypt-capacity", "tomb.setup.place-crypt-cards"],
     "Crypt a (Door number 1) already holds one card: it is no longer open, so a card cannot be placed there; "
     "Crypt d (Door 4) holds 2 and is open. A card not in the placer's hand cannot be placed.",
     [A({"kind": "place-card", "card": "Cultist", "crypt": "a"}, error=err("tomb.setup.crypt-capacity")),
      A({"kind": "place-card", "card": "Komodo", "crypt": "d"}, error=err("tomb.setup.place-crypt-cards")),
      A({"kind": "place-card", "card": "Cultist", "crypt": "d"})], state=st)

st = copy.deepcopy(BASE["setup_last_place_p0"])
exp_discard = {"counts": sorted([["Golden Chalice", 1], ["Keziah's Orb", 1], ["Pit of Spikes", 1], ["Skeleton", 1],
                                 ["Unholy Light", 1], ["Wards of Peril", 1]])}
case("t04-crypts-full-discard-unused", "tomb.setup.crypts-full", ["tomb.setup.place-crypt-cards", "tomb.setup.crypts-full"],
     "Player 0 places the card that fills the last open Crypt (d, 3 of 4), then draws a new Crypt Card (the "
     "rulebook's 'and then draws'); all Crypts are full, so every unused Crypt Card in the hands is discarded.",
     [A({"kind": "place-card", "card": "Crusher", "crypt": "d"}),
      A(draw("Golden Chalice"), project={"crypt_discard": exp_discard})], state=st)

# 3 players, Player One is player 0: the second player (clockwise, player 1) draws Characters first.
st = copy.deepcopy(BASE["p3_before_fill"])
st["first_player"] = 0
fighters = ["Grimbold", "Torvald", "Korr the Hammer", "Hedda Ironhand", "Wulfric", "Gerd Stonefist", "Hamish the Bold",
            "Roderic", "Vesk Twinblade", "Bram Oakenshield", "Captain Dukat", "Dunbar", "Dread", "Orla the Swift",
            "Tamsin Reed", "Nessa Quickfingers", "Ilsa Nightingale", "Sable", "Wren", "Lady Eryne", "Cassius Vane"]
avail = [f for f in fighters if any(p[0] == f for p in st["pool"]["counts"])]
lines = [A(draw("Glyph of Binding"))]
order = [1, 2, 0]
k = 0
for who in order:
    picks = avail[k:k + 5]
    k += 5
    if len(picks) < 5:
        break
    lines += [A(draw(c)) for c in picks]
    lines.append(A({"kind": "keep", "character": picks[0]}, player=who))
lines[-1]["project"] = {"current": 1}
case("t05-second-player-recruits-first", "tomb.inn.start-with-second-player",
     ["tomb.setup.player-one", "tomb.setup.clockwise", "tomb.inn.start-with-second-player", "tomb.inn.second-phase"],
     "Three players, Player One is player 0. The first Characters are drawn by the second player (player 1), then "
     "player 2, then Player One; after each Player has drawn, the second phase starts with the next player "
     "clockwise after Player One: player 1.",
     lines, state=st, options={"players": 3})

st = copy.deepcopy(BASE["setup_after_fill"])
case("t06-first-keep-wizard-rogue", "tomb.inn.first-wizard-draws-spell",
     ["tomb.inn.first-turn-draw-five", "tomb.inn.first-wizard-draws-spell"],
     "The second player (0) draws five Characters and keeps Lirael, a Wizard and Rogue (not a Cleric): he draws one "
     "Spell Card and no Prayer; the four others go to the Inn.",
     [A(draw("Brine Spawn")), A(draw("Aurelia Dawnstar")), A(draw("Quill")), A(draw("Wren")), A(draw("Lirael")),
      A(draw("Korr the Hammer")),
      A({"kind": "keep", "character": "Lirael"}, player=0),
      A(draw("Fireball"), project={"inn": sorted(["Aurelia Dawnstar", "Quill", "Wren", "Korr the Hammer"])})],
     state=st)

case("t07-lean-years-three", "tomb.inn.lean-years", ["tomb.inn.lean-years", "tomb.inn.first-turn-draw-five"],
     "Lean Years: a player draws only three adventurers. After three draws he must choose; a fourth draw is not a "
     "chance the game offers. The two not kept go to the Inn.",
     [A(draw("Brine Spawn")), A(draw("Grimbold")), A(draw("Torvald")), A(draw("Hedda Ironhand")),
      A({"kind": "keep", "character": "Torvald"}, player=0, project={"inn": ["Grimbold", "Hedda Ironhand"]})],
     state=copy.deepcopy(BASE["setup_after_fill"]), options={"inn_years": "lean-years"})

case("t08-fat-years-keep-two", "tomb.inn.fat-years", ["tomb.inn.fat-years", "tomb.inn.first-cleric-draws-prayer"],
     "Fat Years: five drawn, two kept. Keeping two Characters, the second a Cleric (Brother Aldous), who draws a "
     "Prayer (tomb.ambiguity.new-character-class-cards, default yes); three go to the Inn.",
     [A(draw("Brine Spawn")), A(draw("Grimbold")), A(draw("Torvald")), A(draw("Hedda Ironhand")),
      A(draw("Wulfric")), A(draw("Brother Aldous")),
      A({"kind": "keep", "character": "Torvald"}, player=0),
      A({"kind": "keep", "character": "Brother Aldous"}, player=0),
      A(draw("Bless"), project={"inn": ["Grimbold", "Hedda Ironhand", "Wulfric"]})],
     state=copy.deepcopy(BASE["setup_after_fill"]), options={"inn_years": "fat-years"})


# ---------------------------------------------------------------- the turn

def party(chars, location="inn", hand=(), bank=()):
    return {"chars": chars, "location": location, "hand": list(hand), "bank": list(bank)}


# t09: the Inn heals at the start of a Party's own turn, not when it arrives
st = turn_state(1, [party([("Grimbold", [], 3), ("Torvald", [], 1)]),
                    party([("Hedda Ironhand", [], 2)], location="4,3")])
exp = copy.deepcopy(st["parties"])
exp[1]["location"] = "inn"
exp_after = copy.deepcopy(exp)
case("t09-inn-heals-at-turn-start", "tomb.free.inn-heals-all-wounds",
     ["tomb.free.inn-heals-all-wounds", "tomb.flee.standard-action-return"],
     "Player 1 Returns to the Inn (his Standard Action): his wounded Hedda is not healed on arrival (the Party "
     "did not begin a Turn there). Player 0's Party begins its Turn at the Inn: all its Wounds heal at once.",
     [A({"kind": "return-to-inn"}, project={"current": 0})], state=st,
     extra_quotes=[])
# claims on wounds after the step
exp_after[0]["characters"][0]["wounds"] = 0
exp_after[0]["characters"][1]["wounds"] = 0
CASES[-1][1][1]["project"]["parties"] = exp_after

st = turn_state(0, [party([("Grimbold", [], 0)]), party([("Hedda Ironhand", [], 0)])],
                inn=["Torvald", "Wulfric", "Korr the Hammer"])
case("t10-one-standard-action", "tomb.turn.free-actions-then-one-standard",
     ["tomb.turn.free-actions-then-one-standard", "tomb.recruit.one-from-inn"],
     "Player 0 Recruits (a Standard Action, a Fighter: no card drawn); his Turn is over, so a second Recruit from "
     "him is refused and it is player 1's Turn.",
     [A({"kind": "recruit", "character": "Torvald"}, project={"current": 1}),
      A({"kind": "recruit", "character": "Wulfric"}, player=0, error=err("tomb.setup.clockwise"))],
     state=st)

st = turn_state(0, [party([("Grimbold", ["Golden Chalice", "Battle Axe"], 0), ("Torvald", [], 0)]),
                    party([("Hedda Ironhand", [], 0)])])
case("t11-redistribute-only-first", "tomb.free.redistribute-attached",
     ["tomb.free.redistribute-attached", "tomb.treasure.attached-bank-at-inn"],
     "At the Inn at the start of his Turn, player 0 first Banks the Treasure Attached to Grimbold (a Free Action "
     "the Inn allows). Redistributing is allowed only 'At the beginning of each Player's Turn (before performing "
     "any other actions)': after the Bank it is refused.",
     [A({"kind": "bank", "card": "Golden Chalice", "character": "Grimbold"}),
      A({"kind": "redistribute"}, error=err("tomb.free.redistribute-attached"))], state=st)

st = turn_state(0, [party([("Grimbold", ["Battle Axe", "Leather Armor"], 0), ("Hedda Ironhand", ["Battle Axe"], 0)],
                          location="4,3"),
                    party([("Torvald", [], 0)])])
exp = copy.deepcopy(st["parties"])
exp[0]["characters"][0]["attached"] = ["Battle Axe"]
exp[0]["characters"][1]["attached"] = ["Battle Axe", "Leather Armor"]
case("t12-redistribute-weapon-limit", "tomb.attach.one-card-per-trait", ["tomb.free.redistribute-attached", "tomb.attach.one-card-per-trait"],
     "Both Characters hold a Battle Axe (Weapon): moving Grimbold's to Hedda would give her two Weapons: refused. "
     "His Leather Armor (Armor) may move to her.",
     [A({"kind": "redistribute"}),
      A({"kind": "move-card", "card": "Battle Axe", "frm": "Grimbold", "to": "Hedda Ironhand"},
        error=err("tomb.attach.one-card-per-trait")),
      A({"kind": "move-card", "card": "Leather Armor", "frm": "Grimbold", "to": "Hedda Ironhand"},
        project={"parties": exp})], state=st)

st = turn_state(0, [party([("Grimbold", ["Spear and Buckler"], 0), ("Hedda Ironhand", ["Tower Shield"], 0),
                           ("Roderic", [], 0)],
                          location="4,3"),
                    party([("Torvald", [], 0)])])
case("t13-two-trait-card", "tomb.attach.one-card-per-trait", ["tomb.attach.one-card-per-trait"],
     "Spear and Buckler carries Weapon and Shield; Hedda holds a Tower Shield (Shield) and no Weapon: the card is "
     "a card with the Shield trait, so she may not take it (multi-trait-card, answered counts-each).",
     [A({"kind": "redistribute"}),
      A({"kind": "move-card", "card": "Spear and Buckler", "frm": "Grimbold", "to": "Hedda Ironhand"},
        error=err("tomb.attach.one-card-per-trait"))], state=st)

st = turn_state(0, [party([("Grimbold", ["Crown of the Overseer"], 0), ("Hedda Ironhand", ["Iron Helm"], 0),
                           ("Torvald", [], 0)], location="4,3"),
                    party([("Wulfric", [], 0)])])
exp = copy.deepcopy(st["parties"])
exp[0]["characters"][0]["attached"] = []
exp[0]["characters"][2]["attached"] = ["Crown of the Overseer"]
case("t14-treasure-counts-for-trait", "tomb.attach.one-item-or-treasure-per-trait",
     ["tomb.attach.one-item-or-treasure-per-trait", "tomb.free.redistribute-attached"],
     "The limit covers Items and Treasures alike: the Crown of the Overseer (a Helm Treasure) may not join Hedda's "
     "Iron Helm; it may go to Torvald.",
     [A({"kind": "redistribute"}),
      A({"kind": "move-card", "card": "Crown of the Overseer", "frm": "Grimbold", "to": "Hedda Ironhand"},
        error=err("tomb.attach.one-card-per-trait")),
      A({"kind": "move-card", "card": "Crown of the Overseer", "frm": "Grimbold", "to": "Torvald"},
        project={"parties": exp})], state=st)

# t15: an Item drawn that cannot be Attached is discarded; a Prayer may be kept without a Cleric
st = turn_state(0, [party([("Grimbold", ["Battle Axe"], 0)]), party([("Hedda Ironhand", [], 0)])])
exp = copy.deepcopy(st["parties"])
exp[0]["hand"] = ["Weaken"]
exp_disc = copy.deepcopy(st["discards"])
ms_add(exp_disc[2], "Battle Axe")
case("t15-draw-item-cannot-attach", "tomb.draw.attach-items-immediately",
     ["tomb.draw.two-cards", "tomb.draw.attach-items-immediately", "tomb.draw.keep-spells-prayers-in-hand"],
     "Player 0's only Character already holds a Weapon; he draws the second Battle Axe, which cannot be Attached: "
     "it is discarded (no Attach decision). His second card is a Prayer, kept in hand though no one can cast it.",
     [A({"kind": "draw-from", "deck": "item"}), A(draw("Battle Axe")),
      A({"kind": "draw-from", "deck": "prayer"}),
      A(draw("Weaken"), project={"parties": exp, "discards": exp_disc, "current": 1})], state=st)

st = turn_state(0, [party([("Grimbold", [], 0)]), party([("Hedda Ironhand", [], 0)])])
case("t16-draw-four-decks-only", "tomb.draw.two-cards", ["tomb.draw.two-cards"],
     "A Draw takes cards from 'any of the four Decks in the Inn' (Item, Prayer, Spell, Tactics); there is no "
     "fifth deck to draw from in Tomb. Two Tactics in any combination are fine.",
     [A({"kind": "draw-from", "deck": "tactics"}), A(draw("Old Map")),
      A({"kind": "draw-from", "deck": "tactics"}), A(draw("Another Way In"), project={"current": 1})], state=st)

st = turn_state(0, [party([("Grimbold", [], 0)], location="4,3"), party([("Hedda Ironhand", [], 0)])],
                inn=["Torvald"])
case("t17-inn-actions-in-tomb", "tomb.draw.two-cards", ["tomb.draw.two-cards", "tomb.recruit.one-from-inn"],
     "A Party in the Tomb may neither Draw nor Recruit (both 'If the Adventuring Party is at the Inn').",
     [A({"kind": "draw-from", "deck": "item"}, error=err("tomb.draw.two-cards")),
      A({"kind": "recruit", "character": "Torvald"}, error=err("tomb.recruit.one-from-inn"))], state=st)

st = turn_state(0, [party([("Orla the Swift", [], 0), ("Grimbold", [], 0)]),
                    party([("Hedda Ironhand", ["Battle Axe"], 0)], location="2,1")])
case("t18-no-pickpocket-at-inn", "tomb.pickpocket.not-at-inn", ["tomb.pickpocket.not-at-inn"],
     "A Party at the Inn, with a Rogue and a target two squares from the entrance, may not Pickpocket.",
     [A({"kind": "pickpocket"}, error=err("tomb.pickpocket.not-at-inn"))], state=st)

st = turn_state(0, [party([("Grimbold", [], 0), ("Torvald", [], 0), ("Wulfric", [], 0), ("Korr the Hammer", [], 0),
                           ("Roderic", [], 0)]),
                    party([("Hedda Ironhand", [], 0)])], inn=["Gerd Stonefist", "Hamish the Bold"])
case("t19-recruit-sixth", "tomb.party.size-one-to-five", ["tomb.party.size-one-to-five", "tomb.recruit.one-from-inn"],
     "A Party of five may not Recruit a sixth Character (party-size-overflow, default cannot-exceed).",
     [A({"kind": "recruit", "character": "Gerd Stonefist"}, error=err("tomb.party.size-one-to-five"))], state=st)

st = turn_state(0, [party([("Grimbold", [], 0)]), party([("Hedda Ironhand", [], 0)])],
                inn=["Aurelia Dawnstar", "Torvald"])
exp = copy.deepcopy(st["parties"])
exp[0]["characters"].append(char("Aurelia Dawnstar"))
exp[0]["hand"] = ["Bless", "Fireball"]
case("t20-recruit-cleric-wizard", "tomb.recruit.cleric-wizard-draws-both",
     ["tomb.recruit.one-from-inn", "tomb.recruit.add-to-party", "tomb.recruit.cleric-wizard-draws-both"],
     "Recruiting Aurelia Dawnstar, both Cleric and Wizard: one Prayer and one Spell are drawn.",
     [A({"kind": "recruit", "character": "Aurelia Dawnstar"}), A(draw("Bless")),
      A(draw("Fireball"), project={"parties": exp, "inn": ["Torvald"], "current": 1})], state=st)

# t21: Heal pools the Clerics' Holiness only
st = turn_state(0, [party([("Father Osric", [], 1), ("Pell the Quiet", [], 0), ("Grimbold", [], 3)], location="4,3"),
                    party([("Hedda Ironhand", [], 0)])])
exp = copy.deepcopy(st["parties"])
exp[0]["characters"][0]["wounds"] = 0
exp[0]["characters"][2]["wounds"] = 1
case("t21-heal-cleric-holiness", "tomb.heal.roll-combined-cleric-holiness",
     ["tomb.heal.roll-combined-cleric-holiness", "tomb.heal.any-order"],
     "Father Osric (Cleric, Holiness 1 Green 1 Blue 1 Red) Heals; Pell the Quiet has a Green Holiness die but is "
     "a Rogue, so only Osric's three dice are rolled: two Green successes are impossible. Three successes heal "
     "three Wounds, in the order the player wishes (two on Grimbold, one on Osric).",
     [A({"kind": "heal"}), A(roll(g=2), error=err("tomb.dice.attribute-named")),
      A(roll(g=1, b=1, r=1)),
      A({"kind": "heal-wound", "character": "Grimbold"}), A({"kind": "heal-wound", "character": "Father Osric"}),
      A({"kind": "heal-wound", "character": "Grimbold"}, project={"parties": exp, "current": 1})], state=st)

st = turn_state(0, [party([("Pell the Quiet", [], 0), ("Grimbold", [], 3)], location="4,3"),
                    party([("Hedda Ironhand", [], 0)])])
case("t22-heal-needs-cleric", "tomb.heal.needs-cleric", ["tomb.heal.needs-cleric"],
     "Pell the Quiet has a Holiness die but is no Cleric: a Party without a Cleric may not Heal.",
     [A({"kind": "heal"}, error=err("tomb.heal.needs-cleric"))], state=st)

# t23/t24: Movement
d_e = dist_from((1, 1))
far = {k: v for k, v in d_e.items()}
sp = lambda xy: f"{xy[0]},{xy[1]}"
at10 = sorted(k for k, v in d_e.items() if v + 1 == 10)  # entrance counts as the first square
at11 = sorted(k for k, v in d_e.items() if v + 1 == 11)
st = turn_state(0, [party([("Grimbold", [], 0), ("Hedda Ironhand", [], 0)]), party([("Torvald", [], 0)])])
case("t23-move-from-inn-ten", "tomb.move.max-movement", ["tomb.move.enter-from-inn", "tomb.move.max-movement", "tomb.move.orthogonal"],
     f"From the Inn a Party enters at the entrance (counted as the first square, move-entry-point board-entrance) "
     f"and moves up to ten squares: {sp(at11[0])} is 11 squares away orthogonally: refused; {sp(at10[0])} is 10: "
     f"allowed.",
     [A({"kind": "move"}), A({"kind": "move-to", "to": sp(at11[0])}, error=err("tomb.move.max-movement")),
      A({"kind": "move-to", "to": sp(at10[0])}, project={"current": 1})], state=st)

start = (11, 1)
d_s = dist_from(start)
mx = max(d_s.values())
at14 = sorted(k for k, v in d_s.items() if v == 14)
at15 = sorted(k for k, v in d_s.items() if v == 15)
st = turn_state(0, [party([("Dread", [], 0), ("Grimbold", ["Boots of Striding"], 0)], location=sp(start)),
                    party([("Torvald", [], 0)])])
case("t24-move-bonus-movement", "tomb.move.max-movement", ["tomb.move.max-movement", "tomb.move.orthogonal"],
     f"Dread (+2 Movement) and Boots of Striding (+2): the Party moves up to 14 squares. From {sp(start)}, "
     f"{sp(at15[0]) if at15 else '-'} (15) is refused and {sp(at14[0])} (14) allowed.",
     ([A({"kind": "move"})] + ([A({"kind": "move-to", "to": sp(at15[0])}, error=err("tomb.move.max-movement"))] if at15 else [])
      + [A({"kind": "move-to", "to": sp(at14[0])}, project={"current": 1})]), state=st)

# t25: Pickpocket range = the acting Party's Movement
start = (11, 1)
d_s = dist_from(start)
at13 = sorted(k for k, v in d_s.items() if v == 13)
at14 = sorted(k for k, v in d_s.items() if v == 14)
st = turn_state(0, [party([("Orla the Swift", [], 0)], location=sp(start)),
                    party([("Captain Dukat", ["Battle Axe"], 0)], location=sp(at14[0]))])
case("t25-pickpocket-range", "tomb.pickpocket.needs-rogue", ["tomb.pickpocket.needs-rogue", "tomb.move.max-movement"],
     f"Orla the Swift (+3 Movement) reaches 13 squares; Captain Dukat's Party stands 14 squares away at {sp(at14[0])}: "
     f"out of range, so there is no Pickpocket to take.",
     [A({"kind": "pickpocket"}, error=err("tomb.pickpocket.select-card"))], state=st)

st = turn_state(0, [party([("Orla the Swift", [], 0)], location=sp(start)),
                    party([("Captain Dukat", ["Battle Axe"], 0)], location=sp(at13[0]))])
exp = copy.deepcopy(st["parties"])
exp[0]["characters"][0]["wounds"] = 2
case("t26-pickpocket-tie-caught", "tomb.pickpocket.caught",
     ["tomb.pickpocket.success", "tomb.pickpocket.caught", "tomb.pickpocket.catch-attack", "tomb.pickpocket.rogue-wounded"],
     f"Orla (Skill 2 Blue 1 Red) tries to take Captain Dukat's Battle Axe 13 squares away; both roll 2 successes "
     f"(Dukat: Skill 1 Green 3 Blue 1 Red): not 'more', so the Rogue fails and Dukat catches her. He attacks with "
     f"his Attack (2 Green, 2 Blue): 2 successes, two Wounds on Orla (HP 3, alive).",
     [A({"kind": "pickpocket"}),
      A({"kind": "steal", "rogue": "Orla the Swift", "player": 1, "character": "Captain Dukat", "card": "Battle Axe"}),
      A({"kind": "defend", "character": "Captain Dukat"}, player=1),
      A(roll(b=1, r=1)), A(roll(b=2)),
      A(roll(g=1, b=1), project={"parties": exp, "current": 1})], state=st)

st = turn_state(0, [party([("Orla the Swift", ["Kama"], 0)], location=sp(start)),
                    party([("Captain Dukat", ["Battle Axe"], 0)], location=sp(at13[0]))])
exp = copy.deepcopy(st["parties"])
exp[1]["characters"][0]["attached"] = []
exp_disc = copy.deepcopy(st["discards"])
ms_add(exp_disc[2], "Battle Axe")
case("t27-pickpocket-stolen-discarded", "tomb.pickpocket.success", ["tomb.pickpocket.success"],
     "Orla already holds a Weapon (Kama); she rolls 3 against Captain Dukat's 2 and steals the Battle Axe, which cannot be "
     "Attached to her: it is discarded.",
     [A({"kind": "pickpocket"}),
      A({"kind": "steal", "rogue": "Orla the Swift", "player": 1, "character": "Captain Dukat", "card": "Battle Axe"}),
      A({"kind": "defend", "character": "Captain Dukat"}, player=1),
      A(roll(b=2, r=1)), A(roll(b=1, r=1), project={"parties": exp, "discards": exp_disc, "current": 1})], state=st)

st = turn_state(0, [party([("Orla the Swift", [], 0), ("Grimbold", ["Battle Axe"], 0)], location=sp(start)),
                    party([("Captain Dukat", ["Battle Axe"], 0)], location=sp(at13[0]))])
case("t28-pickpocket-own-party", "tomb.pickpocket.not-own-party", ["tomb.pickpocket.not-own-party", "tomb.pickpocket.select-card"],
     "Rogues cannot steal from their own Adventuring Party: Orla may not take Grimbold's Battle Axe.",
     [A({"kind": "pickpocket"}),
      A({"kind": "steal", "rogue": "Orla the Swift", "player": 0, "character": "Grimbold", "card": "Battle Axe"},
        error=err("tomb.pickpocket.not-own-party"))], state=st)

st = turn_state(0, [party([("Grimbold", ["Golden Chalice", "Battle Axe"], 0)], location="9,5", bank=["Skeleton"]),
                    party([("Hedda Ironhand", [], 0)])])
exp = copy.deepcopy(st["parties"])
exp[0]["location"] = "inn"
exp[0]["characters"][0]["attached"] = ["Battle Axe"]
exp[0]["bank"] = ["Golden Chalice", "Skeleton"]
case("t29-return-and-bank", "tomb.flee.bank-on-reaching-inn",
     ["tomb.treasure.attached-bank-at-inn", "tomb.flee.standard-action-return", "tomb.flee.bank-on-reaching-inn"],
     "In the Tomb an Attached Treasure cannot be Banked; Returning to the Inn (the Standard Action), the player "
     "may Bank it, and his turn ends.",
     [A({"kind": "bank", "card": "Golden Chalice", "character": "Grimbold"}, error=err("tomb.treasure.attached-bank-at-inn")),
      A({"kind": "return-to-inn"}),
      A({"kind": "bank", "card": "Golden Chalice", "character": "Grimbold"}, project={"parties": exp, "current": 1})],
     state=st)

st = turn_state(0, [party([("Grimbold", [], 3)], location="6,6"), party([("Hedda Ironhand", [], 0)])],
                inn=["Wulfric"])
exp = copy.deepcopy(st["parties"])
exp[0]["characters"][0]["wounds"] = 1
exp[0]["location"] = "5,6"
exp[1]["characters"].append(char("Wulfric"))
case("t30-board-space-turn-action", "tomb.act.turn-action", ["tomb.act.turn-action"],
     "The shrine at 5,6 has a Turn Action (remove up to two Wounds). From 6,6 the Party cannot use it; it moves "
     "there (its Standard Action); player 1 Recruits; on its next Turn the Party Acts on the space: Grimbold 3 -> 1 Wounds.",
     [A({"kind": "use-card", "card": "space:5,6", "holder": "party", "target": "Grimbold"}, error=err("tomb.actions.meet-requirements")),
      A({"kind": "move"}), A({"kind": "move-to", "to": "5,6"}),
      A({"kind": "recruit", "character": "Wulfric"}, player=1),
      A({"kind": "use-card", "card": "space:5,6", "holder": "party", "target": "Grimbold"}, player=0,
        project={"parties": exp, "current": 1})], state=st)

st = turn_state(0, [party([("Father Osric", [], 0), ("Grimbold", [], 4)], location="4,3", hand=["Healing Light"]),
                    party([("Hedda Ironhand", [], 0)])])
exp = copy.deepcopy(st["parties"])
exp[0]["characters"][0]["attached"] = ["Healing Light"]
exp[0]["characters"][1]["wounds"] = 1
exp[0]["hand"] = []
case("t31-play-turn-prayer", "tomb.play.turn-action-cards",
     ["tomb.cards.prayer-caster", "tomb.play.turn-action-cards", "tomb.play.inn-cards-attached"],
     "Healing Light (Prayer, Turn/Battle: remove up to three Wounds). Grimbold, a Fighter without Holiness, cannot "
     "cast it; Father Osric casts it on Grimbold (4 -> 1 Wounds) as the Turn's action, and it stays Attached to him.",
     [A({"kind": "use-card", "card": "Healing Light", "holder": "Father Osric", "target": "Grimbold"},
        project={"parties": exp, "current": 1})], state=st)

# t32/t33: end of the game and final scoring
for name, choice, tie_opt in (("t32-final-score-tie-shared", "bank", None), ("t33-final-score-attached-counts", "attach", None)):
    st = turn_state(1, [party([("Grimbold", ["Crown of the Overseer", "Battle Axe"], 0), ("Torvald", [], 0)],
                              location="4,3", bank=["Skeleton", "Giant Rat"]),
                        party([("Hedda Ironhand", ["Iron Helm"], 0)], location="6,1", bank=["Cultist", "Skeleton"])],
                    crypts={"a": ["Golden Chalice"]})
    act = ({"kind": "bank", "card": "Golden Chalice", "character": None} if choice == "bank"
           else {"kind": "attach", "card": "Golden Chalice", "character": "Hedda Ironhand"})
    case(name, "tomb.end.total-xp", ["tomb.end.crypts-emptied", "tomb.end.total-xp", "tomb.end.most-xp-wins"],
         "The last Crypt Card is a Golden Chalice (3 XP) in Crypt a; player 1 Raids it from the Door. Player 0 "
         "scores his bank (Skeleton 2 + Giant Rat 1) and the Treasure on his surviving Grimbold (Crown 5; the "
         "Battle Axe is an Item, no XP): 8. Player 1: bank (Cultist 3 + Skeleton 2) + the Chalice, "
         + ("Banked" if choice == "bank" else "Attached to surviving Hedda") +
         ": 8. A tie: both win (final-tie default shared).",
         [A({"kind": "raid"}), A(act, project={"scores": [8, 8], "winners": [0, 1], "outcome": "crypts-emptied"})],
         state=st)



st = turn_state(0, [party([("Grimbold", [], 0)]), party([("Hedda Ironhand", [], 0)])])
case("t39-return-to-inn-from-inn", "tomb.flee.standard-action-return",
     ["tomb.turn.standard-actions-list", "tomb.flee.standard-action-return"],
     "Return to the Inn is a Tomb action ('8. Return to the Inn (Tomb)'): a Party already at the Inn cannot take it.",
     [A({"kind": "return-to-inn"}, error=err("tomb.flee.standard-action-return"))], state=st)

st = turn_state(0, [party([("Orla the Swift", [], 0)], location="2,1"),
                    party([("Captain Dukat", ["Battle Axe"], 0)])])
case("t40-pickpocket-target-at-inn", "tomb.pickpocket.not-at-inn", ["tomb.pickpocket.not-at-inn", "tomb.pickpocket.select-card"],
     "Orla stands two squares inside the entrance; Captain Dukat's Party is at the Inn, where nobody may Pickpocket "
     "(Raylor sees to it): no target in range, no Pickpocket (pickpocket-range, default path-within-movement).",
     [A({"kind": "pickpocket"}, error=err("tomb.pickpocket.select-card"))], state=st)

st = turn_state(0, [party([("Grimbold", ["Golden Chalice", "Battle Axe", "Iron Helm"], 0), ("Torvald", [], 0)]),
                    party([("Hedda Ironhand", [], 0)])])
exp = copy.deepcopy(st["parties"])
exp[0]["characters"][0]["attached"] = ["Golden Chalice"]
exp[0]["characters"][1]["attached"] = ["Battle Axe", "Iron Helm"]
exp2 = copy.deepcopy(exp)
exp2[0]["characters"][0]["attached"] = []
exp2[0]["bank"] = ["Golden Chalice"]
case("t41-redistribute-several-then-bank", "tomb.free.redistribute-attached",
     ["tomb.free.redistribute-attached", "tomb.turn.free-actions-then-one-standard", "tomb.treasure.attached-bank-at-inn"],
     "At the start of his Turn at the Inn, player 0 moves two cards (as many Free Actions as he likes), then Banks "
     "the Treasure he began the Turn with at the Inn, then takes his Standard Action (Move).",
     [A({"kind": "redistribute"}),
      A({"kind": "move-card", "card": "Battle Axe", "frm": "Grimbold", "to": "Torvald"}),
      A({"kind": "redistribute"}),
      A({"kind": "move-card", "card": "Iron Helm", "frm": "Grimbold", "to": "Torvald"}, project={"parties": exp}),
      A({"kind": "bank", "card": "Golden Chalice", "character": "Grimbold"}, project={"parties": exp2}),
      A({"kind": "move"}), A({"kind": "move-to", "to": "3,1"}, project={"current": 1})], state=st)

# ---------------------------------------------------------------- which rule a refusal names
# (split from the cases above, so that a naming disagreement does not hide the substance)

st = copy.deepcopy(BASE["setup_after_fill"])
case("t34-naming-first-spell-draw", "tomb.inn.first-wizard-draws-spell",
     ["tomb.inn.first-wizard-draws-spell"],
     "Lirael (a Wizard) is kept on the first turn: the draw that follows is the Spell Card; a Prayer drawn there is "
     "no possible outcome of that chance point, whose rule is the Wizard's Spell draw.",
     [A(draw("Brine Spawn")), A(draw("Aurelia Dawnstar")), A(draw("Quill")), A(draw("Wren")), A(draw("Lirael")),
      A(draw("Korr the Hammer")),
      A({"kind": "keep", "character": "Lirael"}, player=0),
      A(draw("Weaken"), error=err("tomb.inn.first-wizard-draws-spell"))], state=st)

case("t35-naming-lean-years-fourth-draw", "tomb.inn.lean-years", ["tomb.inn.lean-years"],
     "Lean Years: after three adventurers the player chooses; a fourth Character drawn is refused, for the Lean "
     "Years rule (the five of first-turn-draw-five do not apply).",
     [A(draw("Brine Spawn")), A(draw("Grimbold")), A(draw("Torvald")), A(draw("Hedda Ironhand")),
      A(draw("Wulfric"), error=err("tomb.inn.lean-years"))],
     state=copy.deepcopy(BASE["setup_after_fill"]), options={"inn_years": "lean-years"})

st = turn_state(0, [party([("Grimbold", [], 0)]), party([("Hedda Ironhand", [], 0)])])
case("t36-naming-no-fifth-deck", "tomb.draw.two-cards", ["tomb.draw.two-cards"],
     "Tomb's Inn has four Decks; a Draw from a 'cryptmaster' deck (Tomb: Cryptmaster's) is refused for the Draw "
     "rule, not for an exhausted supply.",
     [A({"kind": "draw-from", "deck": "cryptmaster"}, error=err("tomb.draw.two-cards"))], state=st)

st = turn_state(0, [party([("Father Osric", [], 1), ("Pell the Quiet", [], 0), ("Grimbold", [], 3)], location="4,3"),
                    party([("Hedda Ironhand", [], 0)])])
case("t37-naming-heal-roll", "tomb.heal.roll-combined-cleric-holiness", ["tomb.heal.roll-combined-cleric-holiness"],
     "The Heal roll is the Clerics' combined Holiness (Osric: 1 Green); two Green successes are impossible there, "
     "refused for the Heal roll's rule.",
     [A({"kind": "heal"}), A(roll(g=2), error=err("tomb.heal.roll-combined-cleric-holiness"))], state=st)

st = turn_state(0, [party([("Father Osric", [], 0), ("Grimbold", [], 4)], location="4,3", hand=["Healing Light"]),
                    party([("Hedda Ironhand", [], 0)])])
case("t38-naming-prayer-caster", "tomb.cards.prayers-need-holiness-die",
     ["tomb.cards.prayers-need-holiness-die", "tomb.cards.prayer-caster"],
     "Grimbold, a Fighter without Holiness dice, may not cast Healing Light (a Prayer): refused for the caster rule.",
     [A({"kind": "use-card", "card": "Healing Light", "holder": "Grimbold", "target": "Grimbold"},
        error=err("tomb.cards.prayers-need-holiness-die"))], state=st)


def main():
    for old in HERE.glob("t[0-9][0-9]-*.jsonl"):
        old.unlink()
    for name, lines in CASES:
        (HERE / f"{name}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    print(len(CASES), "cases")


if __name__ == "__main__":
    main()
