"""Build the s* cases of tests/cases/tomb/: Solitaire Play, Campaign Play, the Optional Rules and Reacts.

Written from /work/shared/rulebooks/tomb.txt, the catalog spec/tomb.toml and the docs only (never the
model's code). Start states are real explored states (tombspec explore tomb, kept in solo_base.json:
a Solitaire game on tomb-of-the-overseers and three campaign games' action prefixes), or
build_turns.turn_state (catacomb-halls, two players); each case edits one and writes the claims the
rulebook gives.

Run: python tests/cases/tomb/build_solo.py   (writes tests/cases/tomb/s*.jsonl)
"""
from __future__ import annotations

import copy
import importlib.util
import json
import pathlib
import tomllib

HERE = pathlib.Path(__file__).parent
ROOT = HERE.parents[2]
_spec = importlib.util.spec_from_file_location("build_turns", HERE / "build_turns.py")
bt = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bt)

CATALOG = bt.CATALOG
BASE = json.loads((HERE / "solo_base.json").read_text())
CARDS = tomllib.loads((ROOT / "spec/tomb/cards/example.toml").read_text())
ALL_CHARS = sorted(c["name"] for c in CARDS["characters"])
INN_TOTAL = {c["name"]: c.get("count", 1) for c in CARDS["cards"]}
CRYPT_TOTAL = {c["name"]: c.get("count", 1) for c in CARDS["crypt"]}
XP = {c["name"]: c.get("xp", 0) for c in CARDS["crypt"]}
DECKS = ["prayer", "spell", "item", "tactics", "cryptmaster"]
DECK_OF = {c["name"]: c["deck"] for c in CARDS["cards"]}
CASES: list = []
OPEN: list = []


def quote(*ids):
    return bt.quote(*ids)


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


def case(name, rule, quotes, note, lines, *, state=None, options=None, board="tomb-of-the-overseers", setup=None,
         players=1):
    opts = {"players": players}
    opts.update(options or {})
    header = {"trace": "tombspec", "version": 1, "game": "tomb", "options": opts}
    if board is not None:
        header["board"] = board
    header.update({"note": note, "x-rule": rule, "x-quote": quote(*quotes)})
    if state is not None:
        header["state"] = state
    if setup is not None:
        header["setup"] = setup
    CASES.append((name, [header] + lines))


def open_case(*args, **kw):
    """A case whose refusal the model names for another rule than the one whose words forbid the action."""
    n = len(CASES)
    case(*args, **kw)
    OPEN.append(CASES.pop(n))


def deck(counter):
    return {"counts": sorted([[k, v] for k, v in counter.items() if v > 0])}


def ch(name, attached=(), wounds=0, actions=0):
    return {"actions": actions, "attached": list(attached), "name": name, "owner": None, "wounds": wounds}


def solo_state(chars, *, inn, crypts, location="inn", hand=(), bank=(), pool=None, dead=(), decks_only=None):
    """A Solitaire turn state on tomb-of-the-overseers (the example cards), every card and Character
    accounted for: Characters not placed go to the Pool (or ``dead``), Inn cards not placed to their decks
    (``decks_only``: {deck: [cards]} puts only those in that deck, the rest of it in its discard pile),
    Crypt cards not placed to the Crypt discard pile."""
    s = copy.deepcopy(BASE["solo_turn_base"])
    placed_inn, placed_crypt = {}, {}

    def use(card):
        tgt = placed_inn if card in INN_TOTAL else placed_crypt
        tgt[card] = tgt.get(card, 0) + 1

    characters = []
    for c in chars:
        characters.append(c)
        for a in c["attached"]:
            use(a)
    for h in hand:
        use(h)
    for b in bank:
        use(b)
    s["crypts"] = [{"cards": [{"card": x, "known": [0]} for x in crypts.get(c["id"], [])], "id": c["id"]}
                   for c in s["crypts"]]
    for cs in crypts.values():
        for x in cs:
            use(x)
    s["parties"] = [{"bank": sorted(bank), "bank_xp": 0, "characters": characters, "crypt_hand": [],
                     "hand": sorted(hand), "location": location, "out": False}]
    s["inn"] = sorted(inn)
    s["dead"] = sorted(dead)
    taken = {c["name"] for c in chars} | set(inn) | set(dead)
    rest = [n for n in ALL_CHARS if n not in taken]
    s["pool"] = deck({n: 1 for n in (rest if pool is None else pool)})
    if pool is not None:
        s["dead"] = sorted(set(dead) | (set(rest) - set(pool)))
    decks, discards = [], []
    for dk in DECKS:
        left = {n: INN_TOTAL[n] - placed_inn.get(n, 0) for n in INN_TOTAL if DECK_OF[n] == dk}
        assert all(v >= 0 for v in left.values()), left
        if decks_only and dk in decks_only:
            keep = {}
            for n in decks_only[dk]:
                keep[n] = keep.get(n, 0) + 1
                left[n] -= 1
            decks.append(deck(keep))
            discards.append(deck(left))
        else:
            decks.append(deck(left))
            discards.append(deck({}))
    s["decks"], s["discards"] = decks, discards
    cleft = {n: CRYPT_TOTAL[n] - placed_crypt.get(n, 0) for n in CRYPT_TOTAL}
    assert all(v >= 0 for v in cleft.values()), cleft
    s["crypt_deck"] = deck({})
    s["crypt_discard"] = deck(cleft)
    s["effects"] = ([{"items": [], "name": "began-at-inn", "player": 0, "rule": "tomb.treasure.attached-bank-at-inn",
                      "subject": None, "until": "turn", "value": None}] if location == "inn" else [])
    return s


SETUP = [{"action": a} for a in BASE["solo_setup_actions"]]   # lines 2..46 of the explored Solitaire game


def prefix(name, upto):
    """The first ``upto`` action lines of an explored campaign game (line 2 of its trace is index 0)."""
    return copy.deepcopy(BASE[name][:upto])


# ---------------------------------------------------------------- Solitaire: Set Up

deal = SETUP[:12]
deal[-1] = dict(deal[-1], project={"crypts": [
    {"cards": [{"card": "Skeleton", "known": []}], "id": "a"},
    {"cards": [{"card": "Sir Guerin", "known": []}, {"card": "Cultist", "known": []}], "id": "b"},
    {"cards": [{"card": "Golden Chalice", "known": []}, {"card": "Cultist", "known": []}], "id": "c"},
    {"cards": [{"card": "Giant Rat", "known": []}, {"card": "Brine Spawn", "known": []}], "id": "d"},
    {"cards": [{"card": "Mkono-Djarat", "known": []}, {"card": "Giant Rat", "known": []}], "id": "f"},
    {"cards": [{"card": "Ghoul", "known": []}, {"card": "Skeleton", "known": []}], "id": "g"},
    {"cards": [{"card": "Crown of the Overseer", "known": []}], "id": "i"}]})
case("s01-solo-deal-two-unseen", "tomb.solo.deal-two-per-crypt",
     ["tomb.solo.shuffle-decks", "tomb.solo.deal-two-per-crypt"],
     "Solitaire Set Up on tomb-of-the-overseers (Crypts holding 1, 3, 2, 5, 2, 3, 1): 'Deal two Crypt Cards to each "
     "Crypt without looking at them (deal only one card to any Crypt that can only hold one).' Twelve cards are "
     "dealt: one to a and i, two to every other Crypt, and nobody knows them (known: []).",
     deal)

lines = copy.deepcopy(SETUP[:15])
lines += [A({"kind": "place-card", "card": "Keziah's Orb", "crypt": "d"}, player=0), A(draw("Giant Rat")),
          A({"kind": "place-card", "card": "Giant Rat", "crypt": "d"}, player=0,
            error=err("tomb.solo.third-card-from-hand")),
          A({"kind": "place-card", "card": "Giant Rat", "crypt": "c"}, player=0,
            error=err("tomb.solo.third-card-from-hand")),
          A({"kind": "place-card", "card": "Giant Rat", "crypt": "b"}, player=0)]
case("s02-solo-third-card-each-once", "tomb.solo.third-card-from-hand",
     ["tomb.solo.draw-three", "tomb.solo.third-card-from-hand"],
     "Solitaire: 'Add a third card from your hand to a Crypt that can hold at least three, and then draw another "
     "Crypt Card. Repeat until all Crypts that can hold at least three cards have a third card.' After Keziah's Orb "
     "goes to d (its third), a second hand card to d is no third card (b and g still lack theirs): refused; c holds "
     "only two: refused; b takes its third.", lines)

case("s03-solo-fourth-not-from-hand", "tomb.solo.fourth-card-from-deck", ["tomb.solo.fourth-card-from-deck"],
          "Solitaire: 'Deal a fourth Crypt Card from the deck to all Crypts that can hold four': a card placed from "
          "the hand at that point is refused; the model names tomb.solo.deal-two-per-crypt (its deal's chance "
          "point), the author reads the fourth-card sentence.",
          copy.deepcopy(SETUP[:21]) + [A({"kind": "place-card", "card": "Crusher", "crypt": "d"}, player=0,
                                         error=err("tomb.solo.fourth-card-from-deck"))])
lines = copy.deepcopy(SETUP[:21])
lines += [A(draw("Jeweled Dagger")),
          A({"kind": "place-card", "card": "Elithe", "crypt": "d"}, player=0, project={"crypts": [
              {"cards": [{"card": "Skeleton", "known": []}], "id": "a"},
              {"cards": [{"card": "Sir Guerin", "known": []}, {"card": "Cultist", "known": []},
                         {"card": "Giant Rat", "known": [0]}], "id": "b"},
              {"cards": [{"card": "Golden Chalice", "known": []}, {"card": "Cultist", "known": []}], "id": "c"},
              {"cards": [{"card": "Giant Rat", "known": []}, {"card": "Brine Spawn", "known": []},
                         {"card": "Gloves of Mercy", "known": [0]}, {"card": "Jeweled Dagger", "known": []},
                         {"card": "Elithe", "known": [0]}], "id": "d"},
              {"cards": [{"card": "Mkono-Djarat", "known": []}, {"card": "Giant Rat", "known": []}], "id": "f"},
              {"cards": [{"card": "Ghoul", "known": []}, {"card": "Skeleton", "known": []},
                         {"card": "Keziah's Orb", "known": [0]}], "id": "g"},
              {"cards": [{"card": "Crown of the Overseer", "known": []}], "id": "i"}]})]
case("s03-solo-fourth-card-from-deck", "tomb.solo.fourth-card-from-deck",
     ["tomb.solo.fourth-card-from-deck", "tomb.solo.fill-rest-from-hand"],
     "Solitaire: once b, d and g hold three, 'Deal a fourth Crypt Card from the deck to all Crypts that can hold "
     "four' (only d, capacity 5): the deck's Jeweled Dagger is dealt unseen; "
     "then 'Fill any Crypts that can hold more from your hand until all are full': Elithe from the hand fills d.",
     lines)

names20 = [a["action"]["card"] for a in SETUP[24:44]]
lines = copy.deepcopy(SETUP[:44])
lines[-1]["project"] = {"inn": sorted(names20)}
lines += [A(draw("Wren"), error=err("tomb.solo.twenty-characters-in-inn")),
          A({"kind": "recruit", "character": "Hedda Ironhand"}, player=0)]
case("s04-solo-twenty-in-inn", "tomb.solo.twenty-characters-in-inn",
     ["tomb.solo.twenty-characters-in-inn"],
     "Solitaire: 'Draw 20 Characters from the Character Pool and place them in the Inn. Recruit Characters from this "
     "group as usual.' After twenty draws the Inn holds those twenty; a twenty-first draw is refused, and the first "
     "Character is recruited from the twenty (no five-card draw: tomb.ambiguity.solo-first-character, answered).",
     lines)

lines = copy.deepcopy(SETUP[:45])
lines += [A(draw("Fireball"), project={"inn": sorted(set(names20) - {"Magister Thule"}), "dead": []})]
case("s05-solo-recruit-wizard-no-destroy", "tomb.solo.draw-exceptions",
     ["tomb.solo.inn-draw-destroys-character", "tomb.solo.draw-exceptions", "tomb.recruit.wizard-draws-spell"],
     "Solitaire: recruiting Magister Thule (a Wizard) draws a Spell Card ('If the Character is a Wizard, the Player "
     "draws a Spell Card'). That card is drawn because of the Recruit, not a Turn Action used 'to draw any Inn "
     "Cards' (the Draw), so no Character at the Inn is destroyed: the Inn keeps its nineteen. (A reading: the "
     "rulebook does not say whether a Recruit that draws a class card is such a Turn Action.)", lines)

# ---------------------------------------------------------------- Solitaire: the turn

INN3 = ["Dread", "Grimbold", "Torvald"]
INNX = ["Dread", "Wulfric", "Torvald"]
st = solo_state([ch("Magister Thule")], inn=INN3, crypts={"b": ["Skeleton", "Giant Rat", "Golden Chalice"]})
case("s06-solo-draw-destroys-one", "tomb.solo.inn-draw-destroys-character",
     ["tomb.solo.inn-draw-destroys-character"],
     "Solitaire: 'Any time you use a Turn Action to draw any Inn Cards, you must select a Character from the Inn and "
     "destroy it.' One Draw of two cards destroys one Character (tomb.ambiguity.solo-inn-draw-cost: per-action, "
     "answered): Grimbold; the Inn keeps Dread and Torvald after both cards.",
     [A({"kind": "draw-from", "deck": "item"}, player=0),
      A({"kind": "destroy", "character": "Grimbold"}, player=0),
      A(draw("Battle Axe")), A({"kind": "attach", "card": "Battle Axe", "character": "Magister Thule"}, player=0),
      A({"kind": "draw-from", "deck": "item"}, player=0),
      A(draw("Iron Helm")),
      A({"kind": "attach", "card": "Iron Helm", "character": "Magister Thule"}, player=0,
        project={"inn": ["Dread", "Torvald"]})], state=st)

st = solo_state([ch("Magister Thule"), ch("Hedda Ironhand")], inn=INN3,
                crypts={"b": ["Skeleton", "Giant Rat", "Golden Chalice"]})
case("s07-solo-destroy-from-inn-only", "tomb.solo.inn-draw-destroys-character",
     ["tomb.solo.inn-draw-destroys-character"],
     "Solitaire: the Character destroyed for a Draw is selected 'from the Inn': Hedda Ironhand, of the Party, is "
     "refused; Dread, at the Inn, is accepted.",
     [A({"kind": "draw-from", "deck": "item"}, player=0),
      A({"kind": "destroy", "character": "Hedda Ironhand"}, player=0,
        error=err("tomb.solo.inn-draw-destroys-character")),
      A({"kind": "destroy", "character": "Dread"}, player=0, project={"inn": ["Grimbold", "Torvald"]})], state=st)

st = solo_state([ch("Magister Thule"), ch("Hedda Ironhand"), ch("Lady Eryne"), ch("Father Osric")], inn=INN3,
                crypts={"b": ["Skeleton", "Giant Rat", "Golden Chalice"]})
case("s08-solo-party-four", "tomb.solo.party-size-four", ["tomb.solo.party-size-four"],
     "Solitaire: 'The maximum Adventuring Party size is four Characters.' With four in the Party, Recruiting Dread "
     "is refused.",
     [A({"kind": "recruit", "character": "Dread"}, player=0, error=err("tomb.solo.party-size-four"))], state=st)

POOL = ["Wren", "Sable"]
st = solo_state([ch("Hedda Ironhand"), ch("Lady Eryne", wounds=2)], inn=INN3, location="4,2", pool=POOL,
                crypts={"b": ["Pit of Spikes", "Giant Rat", "Golden Chalice"], "a": ["Skeleton"]})
case("s09-solo-death-adds-nobody", "tomb.solo.no-characters-added",
     ["tomb.solo.no-characters-added"],
     "Solitaire: 'No Characters are added to the Inn unless dictated by a card or Crypt effect.' Lady Eryne (HP 3, "
     "2 Wounds) fails Pit of Spikes and dies: no Character is drawn from the Pool to the Inn (Inn and Pool "
     "unchanged; tomb.ambiguity.solo-death-replacement, default solo-overrides).",
     [A({"kind": "raid"}, player=0), A(draw("Pit of Spikes")),
      A({"kind": "disarm", "characters": ["Lady Eryne"]}, player=0),
      A(roll(), project={"inn": INN3, "pool": deck({"Sable": 1, "Wren": 1}),
                         "dead": sorted(set(st["dead"]) | {"Lady Eryne"})})], state=st)

st = solo_state([ch("Hedda Ironhand"), ch("Lady Eryne")], inn=INN3, location="4,2",
                crypts={"b": ["Pit of Spikes", "Wards of Peril", "Golden Chalice"], "a": ["Skeleton"]})
case("s10-solo-traps-any-order", "tomb.solo.traps-any-order", ["tomb.solo.traps-any-order"],
     "Solitaire: 'Resolve Traps in any order you see fit.' The player himself chooses which Trap comes first: he "
     "announces Wards of Peril before Pit of Spikes. Under tomb.ambiguity.solo-hidden-information's default "
     "(read-first-lines) the model draws the next Trap face down at random instead; this case sets "
     "open-information, under which the player sees the cards and chooses.",
     [A({"kind": "raid"}, player=0), A({"kind": "announce", "card": "Wards of Peril"}, player=0),
      A({"kind": "disarm", "characters": ["Lady Eryne"]}, player=0)], state=st,
     options={"solo_secrets": "open-information"})

st = solo_state([ch("Hedda Ironhand"), ch("Grimbold")], inn=INNX, location="4,2",
                crypts={"b": ["Giant Rat", "Ghoul"], "a": ["Skeleton"]})
case("s11-solo-monsters-by-xp", "tomb.solo.monsters-by-xp", ["tomb.solo.monsters-by-xp"],
     "Solitaire: 'Monsters act in order from highest XP to lowest XP.' Giant Rat (XP 1) and Ghoul (XP 3): the Rat "
     "may not act first; the Ghoul does.",
     [A({"kind": "raid"}, player=0), A({"kind": "continue"}, player=0),
      A({"kind": "monster-attack", "monster": "m1"}, player=0, error=err("tomb.solo.monsters-by-xp")),
      A({"kind": "monster-attack", "monster": "m0"}, player=0)], state=st)

st = solo_state([ch("Hedda Ironhand"), ch("Grimbold")], inn=INNX, location="4,2",
                crypts={"b": ["Cultist"], "a": ["Skeleton"]}, decks_only={"spell": ["Fireball"]})
case("s12-solo-monster-most-dice", "tomb.solo.monster-most-dice", ["tomb.solo.monster-most-dice"],
     "Solitaire: 'When a Monster has to select whether to attack or to use an ability, always select the option that "
     "involves the most Tomb Dice being rolled.' The Cultist (Attack 1 Green, Magic 1 Blue) draws Fireball when "
     "revealed (its card text); Fireball rolls its Magic three times (three dice) against one die of Attack: its "
     "Attack is refused, Fireball is its action. The model refuses the Attack naming tomb.solo.monsters-by-xp "
     "(or monster-attack-targets), the author the most-dice sentence.",
     [A({"kind": "raid"}, player=0), A({"kind": "continue"}, player=0), A(draw("Fireball")),
      A({"kind": "monster-attack", "monster": "m0"}, player=0, error=err("tomb.solo.monster-most-dice")),
      A({"kind": "use-card", "card": "Fireball", "holder": "m0", "target": None}, player=0)], state=st)

st = solo_state([ch("Hedda Ironhand", attached=["Dragonscale Mail"]), ch("Grimbold")], inn=INNX, location="4,2",
                crypts={"b": ["Elithe"], "a": ["Skeleton"]})
case("s13-solo-elithe-ignored", "tomb.solo.ignore-other-parties", ["tomb.solo.ignore-other-parties"],
     "Solitaire: 'Ignore abilities that refer to other Adventuring Parties.' Elithe's ability ends 'the Raiding "
     "Party must give one attached Treasure to another Party': ignored, so no contested Skill roll is made when she "
     "is revealed; the Combat begins with her Battle Action.",
     [A({"kind": "raid"}, player=0), A({"kind": "continue"}, player=0),
      A({"kind": "monster-attack", "monster": "m0"}, player=0)], state=st)

st = solo_state([ch("Hedda Ironhand")], inn=["Dread", "Grimbold"], location="4,2",
                crypts={"b": ["Giant Rat"]}, bank=["Pit of Spikes", "Golden Chalice"])
case("s14-solo-cleared-survivor-bonus", "tomb.solo.survivor-bonus",
     ["tomb.solo.game-end", "tomb.solo.no-treasure-xp", "tomb.solo.survivor-bonus"],
     "Solitaire: the game ends when 'all Crypts are empty'; 'You do not gain XP for Treasures, regardless of whether "
     "they were used or banked. You gain +5 XP for each surviving Character in the Adventuring Party and the Inn if "
     "you successfully cleared all Crypts.' Hedda kills the last Giant Rat (XP 1): Pit of Spikes 3 + Rat 1, the "
     "banked Golden Chalice 0, three survivors (Hedda, Dread, Grimbold) 15: 19.",
     [A({"kind": "raid"}, player=0), A({"kind": "continue"}, player=0),
      A({"kind": "monster-attack", "monster": "m0"}, player=0),
      A({"kind": "target", "character": "Hedda Ironhand"}, player=0), A(roll()),
      A({"kind": "attack", "character": "Hedda Ironhand", "monster": "m0"}, player=0),
      A(roll(r=1), project={"scores": [19]})], state=st)

st = solo_state([ch("Hedda Ironhand")], inn=["Dread", "Grimbold"], location="4,2",
                crypts={"b": ["Golden Chalice"]}, bank=["Pit of Spikes"])
case("s15-solo-last-treasure-no-xp", "tomb.solo.no-treasure-xp",
     ["tomb.solo.no-treasure-xp", "tomb.solo.survivor-bonus"],
     "Solitaire: the last card is a Treasure; Banked, it scores nothing ('You do not gain XP for Treasures, "
     "regardless of whether they were used or banked'); all Crypts are cleared: Pit of Spikes 3 + 3 survivors x 5 "
     "= 18.",
     [A({"kind": "raid"}, player=0),
      A({"kind": "bank", "card": "Golden Chalice", "character": None}, player=0, project={"scores": [18]})],
     state=st)

st = solo_state([ch("Lady Eryne", wounds=2)], inn=[], location="4,2", pool=POOL,
                crypts={"b": ["Pit of Spikes", "Golden Chalice"], "a": ["Skeleton"]}, bank=["Ghoul"])
case("s16-solo-no-characters-end", "tomb.solo.game-end", ["tomb.solo.end-no-characters", "tomb.solo.game-end"],
     "Solitaire: 'When there are no remaining Characters in the Player Adventuring Party or at the Inn, the game "
     "ends.' Lady Eryne, the last Character, dies on Pit of Spikes with nobody at the Inn: the game ends; the Crypts "
     "are not cleared, so no survivor bonus: the Ghoul's 3 XP.",
     [A({"kind": "raid"}, player=0), A(draw("Pit of Spikes")),
      A({"kind": "disarm", "characters": ["Lady Eryne"]}, player=0),
      A(roll(), project={"scores": [3]})], state=st)

# ---------------------------------------------------------------- Campaign

case("s17-greenhorn-at-51-not-50", "tomb.campaign.level-2-greenhorn",
     ["tomb.campaign.level-1-monster-fodder", "tomb.campaign.level-2-greenhorn"],
     "Campaign: '50 XP or fewer Level 1 Monster Fodder No benefit.' and '51 XP - 100 XP Level 2 Greenhorn Re-roll "
     "two Tomb Dice when determining who goes first.' Player 0 (50 XP) is not asked to re-roll (the next is player "
     "1's roll); player 1 (51 XP) may not "
     "re-roll three dice, but two: his 2 + 2 successes beat player 0's 3.",
     [A(roll(b=3), project={"levels": [1, 2]}),
      A(roll(b=2)),
      A({"kind": "reroll", "failures": 3, "successes": 0}, player=1, error=err("tomb.campaign.level-2-greenhorn")),
      A({"kind": "reroll", "failures": 2, "successes": 0}, player=1),
      A(roll(b=2), project={"first_player": 1})],
     board=None, players=2, options={"campaign_xp": [50, 51]})

lines = prefix("camp_100,101", 37)
lines += [A(draw("Delphine"), error=err("tomb.inn.first-turn-draw-five")),
          A({"kind": "keep", "character": "Wren"}, player=0)]
lines += [A(draw(n)) for n in ["Delphine", "Vesk Twinblade", "Bram Oakenshield", "Kadin", "Gerd Stonefist",
                               "Father Osric"]]
lines += [A({"kind": "keep", "character": "Delphine"}, player=1)]
case("s17b-no-greenhorn-at-50", "tomb.campaign.level-1-monster-fodder",
          ["tomb.campaign.level-1-monster-fodder", "tomb.campaign.level-2-greenhorn"],
          "Campaign: '50 XP or fewer Level 1 Monster Fodder No benefit.' Player 0 (50 XP) may not re-roll his order "
          "dice: refused; the model names tomb.setup.order-roll (the chance point of player 1's roll), the author "
          "the Level 1 line whose words give no benefit.",
          [A(roll(b=3)), A({"kind": "reroll", "failures": 1, "successes": 0}, player=0,
                           error=err("tomb.campaign.level-1-monster-fodder"))],
          board=None, players=2, options={"campaign_xp": [50, 51]})

case("s18-page-draws-six", "tomb.campaign.level-3-page",
     ["tomb.campaign.level-3-page", "tomb.inn.first-turn-draw-five"],
     "Campaign: player 0 has 100 XP (Level 2), player 1 101 XP (Level 3, Page: 'Draw six Characters instead of "
     "five during the Recruitment Phase (choosing one for the starting Adventuring Party as usual)'). Player 0 "
     "draws five (a sixth is refused) and keeps one; player 1 draws six and keeps one.",
     lines, board=None, players=2, options={"campaign_xp": [100, 101]})

lines = prefix("camp_2201,0", 38)
lines += [A(draw("Vesk Twinblade"), project={"inn": sorted(["Ember", "Wren", "Cassius Vane", "Quill", "Delphine",
                                                           "Vesk Twinblade"])})]
case("s19-knight-search-then-six", "tomb.campaign.level-9-knight",
     ["tomb.campaign.level-9-knight", "tomb.campaign.level-3-page", "tomb.campaign.benefits-cumulative"],
     "Campaign: player 0 has 2201 XP (Level 9, Knight: 'the Player may search for one Character from the Character "
     "Pool for the Adventuring Party. Draw five Characters from the Character Pool and place them at the Inn.'); "
     "'All benefits are cumulative', so Page's 'Draw six Characters instead of five' holds too: after searching "
     "Pell the Quiet he draws six to the Inn (tomb.ambiguity.campaign-knight-vs-page, default "
     "search-then-usual-draw: 'the usual number (six with Page)').",
     lines, board=None, players=2, options={"campaign_xp": [2201, 0]})

lines = prefix("camp_1101,401", 73)
lines += [A({"kind": "redraw"}, player=1, error=err("tomb.campaign.level-5-journeyman"))]
case("s20-journeyman-once-per-game", "tomb.campaign.level-5-journeyman",
     ["tomb.campaign.level-5-journeyman"],
     "Campaign: player 1 (401 XP, Journeyman: 'Once per game, after drawing an Inn card, the Player may immediately "
     "discard it and draw another') redrew once (Bless for Weaken); after a later Draw (Healing Light) a second "
     "redraw is refused. The model refuses it naming tomb.draw.two-cards (the Draw's second card pending), the author "
     "reads 'Once per game'.", lines, board=None, players=2, options={"campaign_xp": [1101, 401]})

lines = prefix("camp_1101,401", 13)
lines[-1]["project"] = {"parties": [
    {"bank": [], "bank_xp": 0, "characters": [], "crypt_hand": sorted(["Unholy Light", "Giant Rat", "Ghoul",
                                                                        "Skeleton"]),
     "hand": [], "location": "inn", "out": False},
    {"bank": [], "bank_xp": 0, "characters": [], "crypt_hand": sorted(["Crown of the Overseer", "Komodo", "Elithe"]),
     "hand": [], "location": "inn", "out": False}]}
case("s21-man-at-arms-four", "tomb.campaign.level-6-man-at-arms",
     ["tomb.campaign.level-6-man-at-arms", "tomb.setup.draw-three-crypt-cards"],
     "Campaign: player 0 has 1101 XP (Level 7, so Man at Arms too: 'The Player's hand size while filling the Tomb "
     "is four cards instead of three'): he draws four Crypt Cards, player 1 (401 XP) three.",
     lines, board=None, players=2, options={"campaign_xp": [1101, 401]})

case("s22-hero-at-1601-not-1600", "tomb.campaign.level-8-hero", ["tomb.campaign.level-8-hero"],
     "Campaign: player 1 has 1601 XP (Level 8, Hero: 'Before shuffling the Crypt Card Deck, the Player may take one "
     "card of his or her choice to put into his or her hand'), player 0 1600 (Level 7). Player 1 takes Komodo.",
     [A(roll(b=3), project={"levels": [7, 8]}), A({"kind": "reroll", "failures": 0, "successes": 0}, player=0),
      A(roll(b=4)), A({"kind": "reroll", "failures": 0, "successes": 0}, player=1),
      A({"kind": "take-card", "card": "Komodo"}, player=1)],
     board=None, players=2, options={"campaign_xp": [1600, 1601]})
case("s22b-no-hero-at-1600", "tomb.campaign.level-8-hero", ["tomb.campaign.level-8-hero"],
          "Campaign: player 0 (1600 XP, Level 7) may not take a Crypt card before the shuffle (Hero is '1601 XP - "
          "2200 XP'); the model refuses it naming tomb.setup.clockwise (player 1's Hero decision pending), the author "
          "the Hero line.",
          [dict(x) for x in CASES[-1][1][1:5]] + [A({"kind": "take-card", "card": "Komodo"}, player=0,
                                                   error=err("tomb.campaign.level-8-hero"))],
          board=None, players=2, options={"campaign_xp": [1600, 1601]})

case("s23-3000-is-lord", "tomb.campaign.level-10-lord",
     ["tomb.campaign.level-9-knight", "tomb.campaign.level-10-lord"],
     "Campaign: '2201 XP - 3000 XP Level 9 Knight' and '3000 XP or more Level 10 Lord' overlap at 3000 "
     "(tomb.ambiguity.campaign-3000-xp, default lord): 3000 XP is Level 10, 2999 Level 9.",
     [A(roll(b=3), project={"levels": [10, 9]})], board=None, players=2, options={"campaign_xp": [3000, 2999]})

case("s24-setup-tally-levels", "tomb.campaign.running-tally",
     ["tomb.campaign.running-tally", "tomb.campaign.level-2-greenhorn", "tomb.campaign.level-4-squire"],
     "Campaign: 'each Player keeps a running tally of XP from one game to the next': a game set up from the tallies "
     "51 and 201 (the trace header's setup) plays with Levels 2 and 4.",
     [A(roll(b=3), project={"levels": [2, 4], "tally": [51, 201]})], board=None, players=2, setup={"tally": [51, 201]})


def camp_turn(levels, parties, **kw):
    s = bt.turn_state(0, parties, **kw)
    s["levels"] = levels
    s["tally"] = [0, 0]
    return s


st = camp_turn([10, 1], [bt.party([("Grimbold", [], 0), ("Torvald", [], 0), ("Hedda Ironhand", [], 0),
                                   ("Wren", [], 0), ("Dread", [], 0)]),
                         bt.party([("Captain Dukat", [], 0)], location="4,3")],
               inn=["Korr the Hammer", "Lady Eryne", "Lirael", "Ysolde"])
case("s25-lord-party-of-six", "tomb.campaign.level-10-lord",
     ["tomb.campaign.level-10-lord", "tomb.party.size-one-to-five"],
     "Campaign: Level 10, Lord: 'The Player's maximum Adventuring Party size is six Characters instead of five.' A "
     "Lord's Party of five Recruits Korr the Hammer as its sixth.",
     [A({"kind": "recruit", "character": "Korr the Hammer"}, player=0)], state=st, board="catacomb-halls",
     players=2)

st = camp_turn([4, 1], [bt.party([("Hedda Ironhand", [], 0), ("Lady Eryne", [], 2)], location="7,5"),
                        bt.party([("Captain Dukat", [], 0)], location="4,3")],
               crypts={"d": ["Pit of Spikes", "Golden Chalice"], "a": ["Skeleton"]})
pool_before = {k: v for k, v in st["pool"]["counts"]}
case("s26-squire-to-pool", "tomb.campaign.level-4-squire", ["tomb.campaign.level-4-squire"],
     "Campaign: Level 4, Squire: 'When one of the Player's Characters is destroyed, the Player may return it to the "
     "Character Pool instead of the discard pile.' Lady Eryne dies on Pit of Spikes; the player returns her to the "
     "Pool: she is not in the discard pile.",
     [A({"kind": "raid"}, player=0), A({"kind": "announce", "card": "Pit of Spikes"}, player=1),
      A({"kind": "disarm", "characters": ["Lady Eryne"]}, player=0), A(roll()),
      A({"kind": "to-pool"}, player=0, project={"dead": st["dead"]})], state=st, board="catacomb-halls", players=2)

st = camp_turn([7, 1], [bt.party([("Grimbold", [], 0)], bank=["Giant Rat", "Skeleton"]),
                        bt.party([("Captain Dukat", [], 0)], location="4,3")],
               inn=["Korr the Hammer", "Lady Eryne", "Lirael", "Hedda Ironhand"])
case("s27-soldier-spends-bank", "tomb.campaign.level-7-soldier", ["tomb.campaign.level-7-soldier"],
     "Campaign: Level 7, Soldier: 'After recruiting a Character, the Player may discard one or more cards from the "
     "Player XP Bank to immediately recruit that number of additional Characters.' After Recruiting Korr the Hammer "
     "the player discards the banked Giant Rat and recruits Hedda Ironhand too.",
     [A({"kind": "recruit", "character": "Korr the Hammer"}, player=0),
      A({"kind": "spend-bank", "card": "Giant Rat"}, player=0),
      A({"kind": "recruit", "character": "Hedda Ironhand"}, player=0)], state=st, board="catacomb-halls",
     players=2)

# ---------------------------------------------------------------- Optional Rules with Campaign levels

lines = prefix("camp_100,101", 32)
lines += [A(draw(n)) for n in ["Pell the Quiet", "Ember", "Wren"]]
lines += [A({"kind": "keep", "character": "Wren"}, player=0)]
lines += [A(draw(n)) for n in ["Delphine", "Vesk Twinblade", "Bram Oakenshield"]]
lines += [A({"kind": "keep", "character": "Delphine"}, player=1)]
case("s28-lean-years-page", "tomb.inn.lean-years", ["tomb.inn.lean-years", "tomb.campaign.level-3-page"],
     "Lean Years with a Page: 'Players draw only three adventurers from the Character Pool'; Page draws 'six "
     "Characters instead of five'. Under the Lean Years nobody draws five, so there is no five for Page to replace: "
     "both players draw three (a reading: the rulebook does not say how the two combine).",
     lines, board=None, players=2, options={"campaign_xp": [100, 101], "inn_years": "lean-years"})

# ---------------------------------------------------------------- Reacts

st = bt.turn_state(0, [bt.party([("Slayer the Unkind", [], 0), ("Grimbold", [], 0)], hand=["Stone Skin"]),
                       bt.party([("Captain Dukat", [], 0)], location="4,3")])
case("s29-stone-skin-only-before-crypt", "tomb.actions.meet-requirements",
     ["tomb.cards.example-stone-skin", "tomb.actions.meet-requirements"],
     "Stone Skin: 'React: Before entering a Crypt, one Character gains +2 HP until the end of the Turn'; 'To use an "
     "Action, the Player must meet or exceed all conditions and requirements listed on the Action, such as "
     "timing'. At the Inn, entering no Crypt, it is refused.",
     [A({"kind": "use-card", "card": "Stone Skin", "holder": "Slayer the Unkind", "target": "Grimbold"}, player=0,
        error=err("tomb.actions.meet-requirements"))], state=st, board="catacomb-halls", players=2)

st = bt.turn_state(0, [bt.party([("Hedda Ironhand", [], 0), ("Mirin Faithbringer", [], 0)], location="7,5",
                                hand=["Weaken"]),
                       bt.party([("Captain Dukat", [], 0)], location="4,3")],
                   crypts={"d": ["Skeleton", "Skeleton"], "a": ["Giant Rat"]})
case("s30-weaken-once-per-turn", "tomb.play.once-per-turn", ["tomb.cards.example-weaken", "tomb.play.once-per-turn"],
     "Weaken: 'React: Before a Monster attacks, remove one die of each color from its Attack roll'; 'Each card may "
     "only be used once per Turn.' Weakened, the first Skeleton (1 Green, 1 Blue) rolls no die at all; Weaken, "
     "now Attached to Mirin, may not be used again this Turn: the second Skeleton rolls its full 1 Green 1 Blue.",
     [A({"kind": "raid"}, player=0), A({"kind": "continue"}, player=0),
      A({"kind": "monster-attack", "monster": "m0"}, player=1),
      A({"kind": "target", "character": "Hedda Ironhand"}, player=0),
      A({"kind": "use-card", "card": "Weaken", "holder": "Mirin Faithbringer", "target": None}, player=0),
      A(roll(g=1), error=err("tomb.dice.attribute-named")),
      A(roll()),
      A({"kind": "attack", "character": "Hedda Ironhand", "monster": "m0"}, player=0), A(roll()),
      A({"kind": "monster-attack", "monster": "m1"}, player=1),
      A({"kind": "target", "character": "Hedda Ironhand"}, player=0),
      A(roll(g=1, b=1))], state=st, board="catacomb-halls", players=2)
W30 = CASES[-1][1]
case("s30b-weaken-twice-named", "tomb.play.once-per-turn", ["tomb.play.once-per-turn"],
          "Weaken a second time in one Turn is refused ('Each card may only be used once per Turn'); the model names "
          "tomb.dice.attribute-named (no React window opens, the roll is pending), the author the once-per-Turn rule.",
          [dict(x) for x in W30[1:-1]] + [A({"kind": "use-card", "card": "Weaken", "holder": "Mirin Faithbringer",
                                             "target": None}, player=0, error=err("tomb.play.once-per-turn"))],
          state=st, board="catacomb-halls", players=2)

st = bt.turn_state(0, [bt.party([("Hedda Ironhand", ["Throwing Daggers"], 0), ("Grimbold", [], 0)],
                                location="7,5"),
                       bt.party([("Captain Dukat", [], 0)], location="4,3")],
                   crypts={"d": ["Cultist", "Golden Chalice"], "a": ["Giant Rat"]})
case("s31-passive-before-daggers", "tomb.actions.passive-before-reacts",
     ["tomb.actions.passive-before-reacts", "tomb.item.example-throwing-daggers", "tomb.combat.monsters-revealed"],
     "'Effects from such text are resolved before Reacts, if timing conflicts'; Monsters Revealed: the CM 'resolves "
     "any revealed effects immediately'. The Cultist's card text (draw a Spell when revealed) is resolved before "
     "Throwing Daggers ('React: When Monsters are revealed'): the Spell is drawn first, then the Daggers are used.",
     [A({"kind": "raid"}, player=0), A({"kind": "continue"}, player=0),
      A(draw("Fireball")),
      A({"kind": "use-card", "card": "Throwing Daggers", "holder": "Hedda Ironhand", "target": None}, player=0)],
     state=st, board="catacomb-halls", players=2)

case("s31b-daggers-before-passive-named", "tomb.actions.passive-before-reacts",
          ["tomb.actions.passive-before-reacts"],
          "Throwing Daggers used before the Cultist's revealed draw is refused ('Effects from such text are resolved "
          "before Reacts'); the model names tomb.draw.two-cards (the Draw Action's rule, for a Monster's draw), the "
          "author the passive-before-reacts rule.",
          [dict(x) for x in CASES[-1][1][1:3]] + [A({"kind": "use-card", "card": "Throwing Daggers",
                                                    "holder": "Hedda Ironhand", "target": None}, player=0,
                                                  error=err("tomb.actions.passive-before-reacts"))],
          state=CASES[-1][1][0]["state"], board="catacomb-halls", players=2)

st = bt.turn_state(0, [bt.party([("Lady Eryne", ["Keziah's Orb"], 0), ("Grimbold", [], 0)], location="7,5"),
                       bt.party([("Captain Dukat", [], 0)], location="4,3")],
                   crypts={"d": ["Pit of Spikes", "Golden Chalice"], "a": ["Giant Rat"]})
case("s32-keziah-peek-in-crypt", "tomb.cards.example-keziahs-orb", ["tomb.cards.example-keziahs-orb"],
     "Keziah's Orb: 'React: Before entering a Crypt, look at one Card in the Crypt'. The card looked at is one of "
     "Crypt d's (Pit of Spikes or Golden Chalice): a Skeleton, not in it, cannot be the card seen.",
     [A({"kind": "raid"}, player=0),
      A({"kind": "use-card", "card": "Keziah's Orb", "holder": "Lady Eryne", "target": None}, player=0),
      A(draw("Skeleton"), error=err("tomb.cards.example-keziahs-orb")),
      A(draw("Pit of Spikes"))], state=st, board="catacomb-halls", players=2)


def main():
    for old in HERE.glob("s[0-9][0-9]-*.jsonl"):
        old.unlink()
    for name, lines in CASES:
        (HERE / f"{name}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    opendir = HERE.parents[0] / "open" / "tomb"
    opendir.mkdir(parents=True, exist_ok=True)
    for old in opendir.glob("s[0-9][0-9]-*.jsonl"):
        old.unlink()
    for name, lines in OPEN:
        (opendir / f"{name}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    print(len(CASES), "cases,", len(OPEN), "open")


if __name__ == "__main__":
    main()
