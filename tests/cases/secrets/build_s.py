"""Build the Set Up, scenario, card, companion, status, Soul Monger, ability and special-room cases (s*.jsonl).

Written from the rulebook alone (secrets-of-the-lost-tomb.txt), the docs, the catalog and the component set
spec/secrets/core.toml (the card texts the rulebook does not print).  Starting states: the initial state
(Set Up cases, no "state" in the header) or the colleagues' real explored states of build_phases.py (ADV:
the first Adventurer Phase state, Bianca Sinclair seat 0 and Prof. Forrestal seat 1; TOMB: the start of a
Tomb Phase), edited so that every card census holds.

Run: .venv/bin/python tests/cases/secrets/build_s.py
"""

from __future__ import annotations

import copy
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
_argv, sys.argv = sys.argv, sys.argv[:1]
import build_phases as bp  # noqa: E402  (the colleagues' helpers and real states)
sys.argv = _argv

from build_phases import (A, DATA, _put, _take, add_creature, adv, dice, drop_card, fresh,  # noqa: E402
                          give_card, held, place_room, remove_companions, tomb_base)

RULEBOOK = pathlib.Path("/work/shared/rulebooks/secrets-of-the-lost-tomb.txt").read_text()
SHEETS = {a["name"]: a for a in DATA["adventurers"]}
STATUSES = {x["name"]: x for x in DATA["statuses"]}
CASES: list[tuple[str, dict, list[dict]]] = []
SCENARIO = "The Pharaoh with the Blue Eyes"
RHAZ = "Rhaz Azul'ahamet"


OPEN = HERE.parent / "open" / "secrets"
OPEN_CASES: list[str] = []


def case(name, state, lines, *, rule, quote, note, options=None, open_=False):
    for q in quote:
        assert " ".join(q.split()) in " ".join(RULEBOOK.split()), f"{name}: not verbatim: {q!r}"
    header = {"trace": "tombspec", "version": 1, "game": "secrets",
              "options": {"players": 2, **(options or {})}, "note": note, "x-rule": rule, "x-quote": quote}
    if state is not None:
        header["state"] = state
    CASES.append((name, header, lines))
    if open_:
        OPEN_CASES.append(name)


def setup_seat(name, *, extra_audacity=0, tokens, companions=()):
    """A seat as Game Setup leaves it: the sheet's starting values, starting items, ability tokens."""
    sh = SHEETS[name]
    return {"action_tokens": tokens,
            "adventurer": {
                "audacity": min(10, sh["audacity"] + extra_audacity), "bonuses": [],
                "cards": [held(c, "start") for c in sh.get("items", [])],
                "companions": [{"health": next(c["health"] for c in DATA["companions"] if c["name"] == n), "name": n}
                               for n in companions],
                "courage": sh["courage"], "courage_excess": 0, "fleeing": False, "health": sh["health"],
                "name": name, "plus_ten": False, "room": "Tomb's Entrance", "ropes": 0, "shards": 0,
                "start_courage": sh["courage"], "start_health": sh["health"], "status": list(sh.get("status", [])),
                "tokens": [[ab["name"], ab["uses"]] for ab in sh.get("abilities", []) if ab.get("uses")]},
            "out": False, "search": 0, "tokens": tokens}


def seats_of(s):
    return copy.deepcopy(s["seats"])


def add_boss(s, room, damage=0):
    cid = s["next_creature"]
    s["next_creature"] = cid + 1
    s["creatures"].append({"damage": damage, "id": cid, "name": RHAZ, "room": room, "swarm": 0})
    return f"c{cid}"


def eff(name, subject=None, value=None, rule="", until="game", player=None):
    return {"items": [], "name": name, "player": player, "rule": rule, "subject": subject, "until": until,
            "value": value}


def awakened(s, cid):
    """The starter scenario after Rhaz has awakened on Comet space 8."""
    s["comet"] = 8
    s["effects"] = [eff("comet-space", value=v, rule="secrets.scenarios.comet-triggers-immediate") for v in range(1, 9)]
    s["effects"].append(eff("boss", RHAZ, int(cid[1:]), "secrets.creatures.spawn-times"))
    s["effects"].append(eff("flag", "awakened", None, "secrets.scenarios.triggered-effects"))


SETUP_Q = ["Additional Audacity, Action tokens and random Companions are distributed to each player as listed in the Adventurer Setup table below."]

# ------------------------------------------------------------------------------------------------- Set Up

# s01: four Adventurers: +1 Audacity, 3 Action tokens, no Companions; starting values, items, ability tokens.
exp = [setup_seat("Christopher St. George", extra_audacity=1, tokens=3),
       setup_seat("James T. Temple", extra_audacity=1, tokens=3),
       setup_seat("Heidi DuPont", extra_audacity=1, tokens=3),
       setup_seat("Prof. Forrestal", extra_audacity=1, tokens=3)]
case("s01-setup-four-adventurers", None,
     [A({"kind": "leader", "seat": 0}),
      A({"kind": "choose", "adventurer": "Christopher St. George"}, 0),
      A({"kind": "choose", "adventurer": "James T. Temple"}, 1),
      A({"kind": "choose", "adventurer": "Heidi DuPont"}, 2),
      A({"kind": "choose", "adventurer": "Prof. Forrestal"}, 3,
        project={"seats": exp, "phase": "adventurer", "current": 0, "first": 0})],
     rule="secrets.setup.adventurer-setup-table",
     quote=SETUP_Q + ["Extra Audacity Points	N/A	N/A	N/A	+1	+2	N/A",
                      "Action Tokens per Adventurer	13	6	4	3	2*	2",
                      "Companions per Adventurer	5	2	1	N/A	N/A	N/A",
                      "Example: Heidi DuPont gets 3 tokens for her PhD ability.",
                      "Set the Health and Audacity dials and the Courage track to the starting positions indicated on each Adventurer sheet.",
                      "Then distribute one Search token with the green side of the triangle facing up to each player."],
     options={"players": 4},
     note="Four Adventurers: each gets +1 Audacity over the sheet, 3 Action tokens and no Companion; starting Health, "
          "Courage, starting items (Christopher's Thompson, Temple's M1A1 Rifle, Forrestal's Lantern), Special Ability "
          "tokens (Full Auto 2, Heidi's PhD 3), a green Search token, all on the Tomb's Entrance; the leader starts.")

# s02: five Adventurers: +2 Audacity, 2 Action tokens each.
exp = [setup_seat(n, extra_audacity=2, tokens=2) for n in
       ("Christopher St. George", "Bianca Sinclair", "Hadji Singh", "Lady Rocket", "Libby Villa")]
case("s02-setup-five-adventurers", None,
     [A({"kind": "leader", "seat": 0}),
      A({"kind": "choose", "adventurer": "Christopher St. George"}, 0),
      A({"kind": "choose", "adventurer": "Bianca Sinclair"}, 1),
      A({"kind": "choose", "adventurer": "Hadji Singh"}, 2),
      A({"kind": "choose", "adventurer": "Lady Rocket"}, 3),
      A({"kind": "choose", "adventurer": "Libby Villa"}, 4, project={"seats": exp, "phase": "adventurer"})],
     rule="secrets.setup.table-extra-audacity",
     quote=SETUP_Q + ["Extra Audacity Points	N/A	N/A	N/A	+1	+2	N/A",
                      "Action Tokens per Adventurer	13	6	4	3	2*	2"],
     options={"players": 5},
     note="Five Adventurers without the optional extra actions: +2 Audacity each (Christopher 5 -> 7), 2 Action tokens, no Companions.")

# s03: five Adventurers with the variant: two different players get one more action; the same one twice is refused.
exp = [setup_seat(n, extra_audacity=2, tokens=t) for n, t in
       (("Christopher St. George", 3), ("Bianca Sinclair", 2), ("Hadji Singh", 3), ("Lady Rocket", 2), ("Libby Villa", 2))]
case("s03-five-adventurers-extra-action-two-players", None,
     [A({"kind": "leader", "seat": 0}),
      A({"kind": "choose", "adventurer": "Christopher St. George"}, 0),
      A({"kind": "choose", "adventurer": "Bianca Sinclair"}, 1),
      A({"kind": "choose", "adventurer": "Hadji Singh"}, 2),
      A({"kind": "choose", "adventurer": "Lady Rocket"}, 3),
      A({"kind": "choose", "adventurer": "Libby Villa"}, 4),
      A({"kind": "grant", "seat": 0}, 0),
      A({"kind": "grant", "seat": 0}, 0, error={"rule": "secrets.setup.five-adventurer-extra-actions"}),
      A({"kind": "grant", "seat": 2}, 0, project={"seats": exp, "phase": "adventurer"})],
     rule="secrets.setup.five-adventurer-extra-actions",
     quote=["*For a 5 Adventurer game, you may choose to give any two players an additional action to make a 5 player game a bit easier. (12 total actions divided amongst 5 players.)"],
     options={"players": 5, "five_adventurer_extra_actions": True},
     note="The 5-Adventurer variant: the first player grants seat 0 one more action, seat 0 again is refused (two "
          "players, 12 actions in all), then seat 2: 3+2+3+2+2 = 12 Action tokens.")

# s04: one Adventurer: 13 Action tokens and 5 random Companions.
comps = ["Archaeology Student", "Bodyguard", "Mercenary", "Porter", "Sharpshooter"]
exp = [setup_seat("Bianca Sinclair", tokens=13, companions=comps)]
case("s04-setup-one-adventurer", None,
     [A({"kind": "leader", "seat": 0}),
      A({"kind": "choose", "adventurer": "Bianca Sinclair"}, 0)]
     + [A({"kind": "drawn", "card": c}) for c in comps[:-1]]
     + [A({"kind": "drawn", "card": comps[-1]}, project={"seats": exp, "phase": "adventurer"})],
     rule="secrets.setup.table-companions",
     quote=SETUP_Q + ["Action Tokens per Adventurer	13	6	4	3	2*	2",
                      "Companions per Adventurer	5	2	1	N/A	N/A	N/A"],
     options={"players": 1},
     note="One Adventurer (Bianca): 13 Action tokens and five random Companions drawn from the Companion deck, no extra Audacity.")

# s05: three Adventurers, the leader die gives seat 2: seat 2 chooses first, then clockwise 0, 1; one Companion each.
exp = [setup_seat("Hadji Singh", tokens=4, companions=["Porter"]),
       setup_seat("Libby Villa", tokens=4, companions=["Sherpa Guide"]),
       setup_seat("Alligator MacPhee", tokens=4, companions=["Bodyguard"])]
case("s05-setup-leader-chooses-first", None,
     [A({"kind": "leader", "seat": 2}),
      A({"kind": "choose", "adventurer": "Alligator MacPhee"}, 2),
      A({"kind": "drawn", "card": "Bodyguard"}),
      A({"kind": "choose", "adventurer": "Hadji Singh"}, 0),
      A({"kind": "drawn", "card": "Porter"}),
      A({"kind": "choose", "adventurer": "Libby Villa"}, 1),
      A({"kind": "drawn", "card": "Sherpa Guide"},
        project={"seats": exp, "first": 2, "leader": 2, "current": 2, "phase": "adventurer"})],
     rule="secrets.setup.choose-adventurers",
     quote=["Starting with the Expedition Leader (or player with the Comet Track/First Player marker), each player in clockwise order chooses an Adventurer sheet and takes an A.R.M. panel.",
            "The Expedition Leader begins the game with the Comet Track/First Player marker"],
     options={"players": 3},
     note="The die makes seat 2 Expedition Leader: seat 2, then 0, then 1 choose; "
          "three Adventurers: 4 Action tokens and 1 Companion each; seat 2 holds the marker and acts first.")

# s05: seat 0 choosing before the Expedition Leader is refused, naming Game Setup's order.
case("s05-choose-before-leader-refused", None,
     [A({"kind": "leader", "seat": 2}),
      A({"kind": "choose", "adventurer": "Hadji Singh"}, 0, error={"rule": "secrets.setup.choose-adventurers"})],
     rule="secrets.setup.choose-adventurers",
     quote=["Starting with the Expedition Leader (or player with the Comet Track/First Player marker), each player in clockwise order chooses an Adventurer sheet and takes an A.R.M. panel."],
     options={"players": 3},
     note="The die makes seat 2 Expedition Leader: seat 0 may not choose first. The words that forbid it are Game "
          "Setup's, not the Adventurer Phase's turns (secrets.turn.first-player-begins).")

# s06: Lord Harrison outside Solo Play is refused.
case("s06-lord-harrison-solo-only", None,
     [A({"kind": "leader", "seat": 0}),
      A({"kind": "choose", "adventurer": "Harrison Quatuormanus the 13th"}, 0,
        error={"rule": "secrets.setup.lord-harrison-solo-only"}),
      A({"kind": "choose", "adventurer": "Libby Villa"}, 0),
      A({"kind": "drawn", "card": "Porter"}),
      A({"kind": "drawn", "card": "Porter"}),
      A({"kind": "choose", "adventurer": "Heidi DuPont"}, 1)],
     rule="secrets.setup.lord-harrison-solo-only",
     quote=["Note that Lord Harrison Quatourmanus the 13th should only be chosen for Solo Play."],
     note="Two Adventurers: choosing Lord Harrison is refused (catalog secrets.ambiguity.lord-harrison-outside-solo, "
          "default forbidden); Libby Villa is accepted (two random Companions) and seat 1 chooses next.")

# s07: one sheet per Adventurer: the second seat cannot take a sheet already chosen.
case("s07-sheet-already-chosen", None,
     [A({"kind": "leader", "seat": 0}),
      A({"kind": "choose", "adventurer": "Bianca Sinclair"}, 0),
      A({"kind": "drawn", "card": "Porter"}),
      A({"kind": "drawn", "card": "Porter"}),
      A({"kind": "choose", "adventurer": "Bianca Sinclair"}, 1, error={"rule": "secrets.setup.choose-adventurers"})],
     rule="secrets.setup.choose-adventurers",
     quote=["each player in clockwise order chooses an Adventurer sheet and takes an A.R.M. panel.",
            "• Adventurer Sheet x11"],
     note="Bianca's sheet (one of the 11) is taken by seat 0: seat 1 cannot choose it too. The words are Game Setup's, "
          "not those of a new adventurer after dying (secrets.adventurers.choose-new-adventurer).")

# s08 / s09: difficulty: the Tomb deck of each difficulty.
green = sorted([t["name"], 1] for t in DATA["tomb_cards"] if t["colour"] == "green")
red = sorted([t["name"], 1] for t in DATA["tomb_cards"] if t["colour"] == "red")
case("s08-difficulty-hard-red-only", None,
     [A({"kind": "leader", "seat": 0}, project={"tomb": {"deck": {"counts": red}, "discard": {"counts": []}}})],
     rule="secrets.setup.difficulty-hard",
     quote=["For hard difficulty, use only the red cards."],
     options={"difficulty": "hard"},
     note="Hard difficulty: the Tomb deck holds the six red Tomb cards only.")
case("s09-difficulty-intermediate-both", None,
     [A({"kind": "leader", "seat": 0},
        project={"tomb": {"deck": {"counts": sorted(green + red)}, "discard": {"counts": []}}})],
     rule="secrets.setup.difficulty-intermediate",
     quote=["For intermediate difficulty, use both the green and red cards."],
     options={"difficulty": "intermediate"},
     note="Intermediate difficulty: the Tomb deck holds the eight green and the six red Tomb cards.")

# ------------------------------------------------------------------------------------------------- Tomb cards

# s10: "I'll think of something!": the first player gains a +1 Knowledge token (the Example of the Tomb Phase).
s = tomb_base()
s["first"] = 1
exp = seats_of(s)
exp[1]["adventurer"]["bonuses"] = [["knowledge", 1]]
for x in exp:
    x["tokens"] = 6
    x["search"] = (x["search"] + 1) % 3
case("s10-tomb-card-first-player-knowledge", s,
     [A({"kind": "drawn", "card": "I'll think of something!"}, project={"seats": exp, "comet": 1, "first": 0})],
     rule="secrets.tomb-phase.example-1-tomb-effect",
     quote=["The first player, Heidi Dupont, draws the top card from the Tomb card deck and reads its title aloud: \"I'll think of something!\"",
            "1. Tomb Effect. Heidi gains +1 Knowledge, so she takes a +1 Knowledge token and places it on her Adventurer sheet."],
     note="Forrestal (seat 1) holds the marker: the card's Tomb Effect gives him a +1 Knowledge token (Bianca none); its "
          "spawns (Level 2: 1 base, Level 3: 2 base) find no red room; Search +1, Comet +1, the marker passes to seat 0.")

# ------------------------------------------------------------------------------------------------- Story cards

# s11: El Dorado: Exploration Effect (draw 2 items, keep 1) before the Story Effect (Adventure): A Fork in the
# Path, "Choose Pass": +2 Soul Shards.
s = fresh()
exp = seats_of(s)
exp[0]["tokens"] = 5
exp[0]["adventurer"]["room"] = "El Dorado"
exp[0]["adventurer"]["shards"] = 2
exp[0]["adventurer"]["cards"].append(held("Bullwhip"))
ITEMS11 = copy.deepcopy(s["items"]["deck"]["counts"])
_take(ITEMS11, "Machete")
_take(ITEMS11, "Bullwhip")
case("s11-el-dorado-explore-effect-then-story-choose-pass", s,
     [A({"kind": "move"}, 0),
      A({"kind": "explore", "x": -1, "y": 0}, 0),
      A({"kind": "drawn", "card": "El Dorado"}),
      A({"kind": "rotate", "rotation": 1}, 0),
      A({"kind": "drawn", "card": "Machete"}),
      A({"kind": "drawn", "card": "Bullwhip"}),
      A({"kind": "keep", "card": "Bullwhip"}, 0),
      A({"kind": "drawn", "card": "A Fork in the Path"}),
      A({"kind": "branch", "passed": True}, 0,
        project={"seats": exp, "current": 1, "items": {"deck": {"counts": ITEMS11}, "discard": {"counts": [["Machete", 1]]}}})],
     rule="secrets.adventurer-phase.example-7-exploration-effect",
     quote=["7. First, he resolves the Exploration Effect in the bottom-right corner. The effect reads \"Explore: Draw 2 items and discard 1.\" He draws the top two items from the deck and chooses one to keep.",
            "8. Second, he resolves the Story Effect in the top-right corner. In this room, it is an Adventure.",
            "2. Pass Section: This middle section of the card is what you read if you Pass your check listed in the section above or if you \"Choose Pass\" as per the instructions of a story card."],
     note="Bianca explores El Dorado west of the Entrance (turned so that a door faces the Entrance): draws Machete and "
          "Bullwhip, keeps the Bullwhip; then its Adventure: A Fork in the Path (Choose Pass: +2 Soul Shards; Choose Fail: "
          "heal 2); she chooses Pass: 2 Soul Shards.  Her move ends on the new tile.")

# s12: a Story Effect does not occur again when the explored room is entered again.
s = fresh()
place_room(s, "El Dorado", 1, -1, 0, rotation=1)
exp = seats_of(s)
exp[0]["tokens"] = 5
exp[0]["adventurer"]["room"] = "El Dorado"
case("s12-story-not-on-reentry", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "El Dorado"}, 0),
      A({"kind": "stop"}, 0, project={"seats": exp, "current": 1})],
     rule="secrets.rooms.story-only-on-explore",
     quote=["Story effects are only triggered when an Adventurer explores a new Room tile. If an Adventurer moves into a previously explored Room tile with a Story Effect, it does not occur again.",
            "This effect triggers immediately upon exploring the room, and never triggers again."],
     note="El Dorado is already placed: Bianca steps into it and stops: no Story card, no Exploration Effect.")

# s13: +1 to Story Checks adds a die: Lucky Charm; Golden Idol's Misadventure Dexterity (2) check via a yellow Search 3.
s = fresh()
s["seats"][0]["search"] = 1
give_card(s, 0, "Lucky Charm")
exp = seats_of(s)
exp[0]["tokens"] = 5
exp[0]["search"] = 2
exp[0]["adventurer"]["shards"] = 1
case("s13-story-check-bonus-die", s,
     [A({"kind": "search"}, 0),
      A(dice(3)),
      A({"kind": "drawn", "card": "The Golden Idol"}),
      A({"kind": "roll"}, 0),
      A(dice(1, 1, 2, 2, 3, 5, 5, 6), error={"rule": "secrets.dice.audacity-before-roll"}),
      A(dice(1, 2, 2, 3, 4, 5, 5)),
      A({"kind": "accept"}, 0, project={"seats": exp, "current": 1})],
     rule="secrets.rooms.story-check-bonus",
     quote=["When you are asked to make a check during a story card, that is considered a \"Story Check\". Some effects in the game may give bonus dice to these checks. Such as +1 to Story Checks would mean add 1 die to all Adventure and Misadventure card rolls."],
     note="Bianca (Dexterity 5, Sharpshooter +1) holds the Lucky Charm (+1 to Story Checks): the Golden Idol's "
          "Misadventure Dexterity (2) check rolls 7 dice (8 are impossible: refused naming the chance point); two 5s "
          "pass: 1 Soul Shard.")

# ------------------------------------------------------------------------------------------------- Status effects

# s14: a random status effect draws until the noted orientation: a positive card cannot come of a negative draw.
s = fresh()
s["seats"][0]["search"] = 1
exp = seats_of(s)
exp[0]["tokens"] = 5
exp[0]["search"] = 2
exp[0]["adventurer"]["status"] = ["Poisoned"]
case("s14-random-status-orientation", s,
     [A({"kind": "search"}, 0),
      A(dice(3)),
      A({"kind": "drawn", "card": "Voices Below"}),
      A({"kind": "roll"}, 0),
      A(dice(1, 4)),
      A({"kind": "accept"}, 0),
      A({"kind": "drawn", "card": "Lucky"}, error={"rule": "secrets.status.random-draw"}),
      A({"kind": "drawn", "card": "Poisoned"}, project={"seats": exp, "current": 1})],
     rule="secrets.status.random-draw",
     quote=["When you are prompted to draw a random status effect, draw status effects until you draw one of the noted orientation, either positive or negative."],
     note="Yellow Search 3: Misadventure, Voices Below (Mythos (3), fail: a random negative status effect). Bianca "
          "(Mythos 2: 2 dice, a 1 and a 4) fails and does not reroll; "
          "a positive card (Lucky) cannot be what the draw ends on; Poisoned (negative) is.")

# s15: no copies left: a status effect of the same orientation and type.
s = fresh()
_take(s["statuses"]["counts"], "Fearless")
_take(s["statuses"]["counts"], "Fearless")
adv(s, 1)["status"] = ["Fearless"]
s["boxed"] = ["Fearless"]
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Island Observatory"
exp[0]["adventurer"]["status"] = ["Inspired", "Curse of the Tomb"]
exp[0]["tokens"] = 5
case("s15-status-substitute-same-type", s,
     [A({"kind": "move"}, 0),
      A({"kind": "explore", "x": -1, "y": 0}, 0),
      A({"kind": "drawn", "card": "Island Observatory"}),
      A({"kind": "rotate", "rotation": 0}, 0),
      A({"kind": "roll"}, 0),
      A(dice(1, 2, 3, 6)),
      A({"kind": "accept"}, 0),
      A({"kind": "drawn", "card": "Inspired"}),
      A({"kind": "roll"}, 0),
      A(dice(1, 4)),
      A({"kind": "accept"}, 0, project={"seats": exp, "current": 1})],
     rule="secrets.status.substitute",
     quote=["If you are prompted to draw a status effect but there are no more copies in the deck, draw a status effect of the same orientation and type as the prompted card. If there is no card of the same type, draw a status effect of only the same orientation."],
     note="Both Fearless cards are out of the deck (Forrestal holds one, one is boxed). Bianca explores the Island "
          "Observatory (Explore: roll Audacity; pass: gain Fearless), rolls her 4 Audacity, a 6: the prompted Fearless "
          "(mental, positive) has no copy: Inspired (mental, positive) is drawn. Then (the Exploration Effect first) the "
          "tile's Scenario Trigger 1: the starter scenario's 1.1, a Mythos check (2 dice: 1, 4) fails: Curse of the Tomb "
          "(supernatural), kept beside Inspired (mental).")
S15 = copy.deepcopy(CASES[-1])
lines = S15[2][:-4] + [A({"kind": "drawn", "card": "Lucky"}, error={"rule": "secrets.status.substitute"})]
case("s15-status-substitute-other-type-refused", S15[1]["state"], lines, rule="secrets.status.substitute",
     quote=S15[1]["x-quote"],
     note="As s15: the prompted Fearless (mental, positive) has no copy left; Lucky (supernatural, positive) is not "
          "of the same type while Inspired and Courageous (mental, positive) are in the deck: refused, for the "
          "substitute's words, not secrets.status.random-draw's ('until you draw one of the noted orientation'), which "
          "Lucky satisfies.")

# s16: different types are held together: buying "Lucky" (supernatural) while holding Fearless (mental).
s = fresh()
_take(s["statuses"]["counts"], "Fearless")
adv(s, 0)["status"] = ["Fearless"]
adv(s, 0)["shards"] = 14
exp = seats_of(s)
exp[0]["adventurer"]["status"] = ["Fearless", "Lucky"]
exp[0]["adventurer"]["shards"] = 0
exp[0]["tokens"] = 5
st = copy.deepcopy(s["statuses"])
_take(st["counts"], "Lucky")
case("s16-service-lucky-two-types", s,
     [A({"kind": "barter"}, 0),
      A({"kind": "service", "service": "\"Lucky\"", "arg": ""}, 0),
      A({"kind": "done"}, 0, project={"seats": exp, "statuses": st, "current": 1})],
     rule="secrets.status.one-per-type",
     quote=["Each adventurer can only have one status effect of each type at a time.",
            "\"Blessing of the Tomb\"	14", "\"Lucky\"	14"],
     note="Bianca holds Fearless (mental) and buys the \"Lucky\" service (14 Soul Shards, all she has): Lucky is "
          "supernatural, so both are held (catalog secrets.ambiguity.reference-soul-monger-status-services: the card "
          "comes from the Status Effect deck).")

# s17: one Soul Shard short of a service is refused.
s = fresh()
adv(s, 0)["shards"] = 13
case("s17-service-one-shard-short", s,
     [A({"kind": "barter"}, 0),
      A({"kind": "service", "service": "\"Lucky\"", "arg": ""}, 0,
        error={"rule": "secrets.adventurer-phase.soul-monger-inventory"})],
     rule="secrets.reference.soul-monger-service-costs",
     quote=["\"Blessing of the Tomb\"	14", "\"Lucky\"	14",
            "Deal with the Soul Monger: As an adventurer moves through the Tomb, they will find Soul Shards by killing creatures, resolving Story cards, and exploring new rooms. Soul Shards can be used to barter with the Soul Monger for equipment and benefits."],
     note="13 Soul Shards do not buy \"Lucky\" (14).")

# s18: "Remove any Status Effect" (9): the card goes back to the Status Effect deck.
s = fresh()
_take(s["statuses"]["counts"], "Poisoned")
adv(s, 0)["status"] = ["Poisoned"]
adv(s, 0)["shards"] = 9
exp = seats_of(s)
exp[0]["adventurer"]["status"] = []
exp[0]["adventurer"]["shards"] = 0
exp[0]["tokens"] = 5
st = copy.deepcopy(s["statuses"])
_put(st["counts"], "Poisoned")
case("s18-service-remove-status", s,
     [A({"kind": "barter"}, 0),
      A({"kind": "service", "service": "Remove any Status Effect", "arg": "Poisoned"}, 0),
      A({"kind": "done"}, 0, project={"seats": exp, "statuses": st})],
     rule="secrets.status.soul-monger-removal",
     quote=["Remember: The Soul Monger sells a service to remove status effects.", "Remove any Status Effect	9"],
     note="Bianca, Poisoned, pays exactly 9 Soul Shards: the status effect is removed (its card returns to the unshuffled Status Effect deck).")

# s19: "Master of Time" +1 Action (23).
s = fresh()
adv(s, 0)["shards"] = 23
exp = seats_of(s)
exp[0]["adventurer"]["status"] = ["Master of Time"]
exp[0]["adventurer"]["shards"] = 0
exp[0]["action_tokens"] = 7
exp[0]["tokens"] = 5
case("s19-service-master-of-time", s,
     [A({"kind": "barter"}, 0),
      A({"kind": "service", "service": "\"Master of Time\" +1 Action", "arg": ""}, 0),
      A({"kind": "done"}, 0, project={"seats": exp, "statuses": {"counts": [c for c in s["statuses"]["counts"] if c[0] != "Master of Time"]}})],
     rule="secrets.reference.soul-monger-service-costs",
     quote=["\"Master of Time\" +1 Action	23"],
     note="23 Soul Shards buy \"Master of Time\" (+1 Action): the Status Effect card (catalog "
          "secrets.ambiguity.reference-soul-monger-master-of-time = status-card) leaves the deck: 7 Action tokens a round "
          "from now on (this round's 5 green tokens stay 5: the extra one comes when the tokens next flip).")

# ------------------------------------------------------------------------------------------------- Soul Monger items

# s20: an artifact sells for 15 and goes to the box.
s = fresh()
give_card(s, 0, "Golden Idol")
case("s20-sell-artifact-fifteen", s,
     [A({"kind": "barter"}, 0),
      A({"kind": "sell", "card": "Golden Idol"}, 0),
      A({"kind": "done"}, 0, project={"boxed": ["Golden Idol"]})],
     rule="secrets.adventurer-phase.sell",
     quote=["Each item is worth 5 Soul Shards, and each artifact is worth 15 Soul Shards. When you sell an item or artifact, return its card to the box."],
     note="Bianca sells the Golden Idol (an artifact): 15 Soul Shards, the card boxed.")
exp = seats_of(s)
exp[0]["adventurer"]["cards"] = [c for c in exp[0]["adventurer"]["cards"] if c["name"] != "Golden Idol"]
exp[0]["adventurer"]["shards"] = 15
exp[0]["tokens"] = 5
CASES[-1][2][-1]["project"]["seats"] = exp

# s21: a Soul Monger Item one Soul Shard short.
s = fresh()
adv(s, 0)["shards"] = 15
case("s21-buy-item-one-short", s,
     [A({"kind": "barter"}, 0),
      A({"kind": "buy", "item": "Shadow-Blade Revolver"}, 0,
        error={"rule": "secrets.adventurer-phase.soul-monger-inventory"}),
      A({"kind": "buy", "item": "Panacea"}, 0)],
     rule="secrets.reference.soul-monger-item-costs",
     quote=["Shadow-Blade Revolver	16", "Panacea	14"],
     note="15 Soul Shards: the Shadow-Blade Revolver (16) is refused, the Panacea (14) is bought.")
exp = seats_of(s)
exp[0]["adventurer"]["shards"] = 1
exp[0]["adventurer"]["cards"].append(held("Panacea"))
CASES[-1][2][-1]["project"] = {"seats": None}

# s22: Panacea (Soul Monger Item, 1 use): removes a status effect.
s = fresh()
_take(s["monger"]["counts"], "Panacea")
adv(s, 0)["cards"].append(held("Panacea"))
_take(s["statuses"]["counts"], "Curse of the Tomb")
adv(s, 0)["status"] = ["Curse of the Tomb"]
exp = seats_of(s)
exp[0]["adventurer"]["status"] = []
exp[0]["adventurer"]["cards"] = [c for c in exp[0]["adventurer"]["cards"] if c["name"] != "Panacea"]
exp[0]["tokens"] = 5
case("s22-use-panacea-removes-status", s,
     [A({"kind": "use", "card": "Panacea"}, 0, project={"seats": exp, "current": 1})],
     rule="secrets.adventurer-phase.use-items",
     quote=["Use Items or Artifacts: Some items, artifacts, Soul Monger items and companions require the player to exhaust an Action token to activate their ability. Activated abilities occur immediately.",
            "To remove a status effect that does not list one of these ways, another effect must prompt its removal."],
     note="Bianca uses the Panacea (component text: one use, remove a status effect): Curse of the Tomb goes, the "
          "one-use card is gone (catalog secrets.ambiguity.items-limited-uses-end = discard).")

# ------------------------------------------------------------------------------------------------- abilities

FULL_AUTO_Q = ["It reads, \"Action: Discard 1 gun item. Deal 5 damage, ignoring armor, to all creatures in your current Room tile.\"",
               "First, he removes a Special Ability token from his Adventurer sheet. Then, he flips one of his Action tokens and follows the instructions on his Adventurer sheet for Full Auto."]


def christopher(s, cards=("Thompson Submachine Gun",), tokens=2):
    a = adv(s, 0)
    for c in list(a["cards"]):
        drop_card(s, 0, c["name"])
    a.update({"name": "Christopher St. George", "health": 10, "start_health": 10, "audacity": 5, "courage": 2,
              "start_courage": 2, "tokens": [["Full Auto", tokens]]})
    for c in cards:
        give_card(s, 0, c)
    return a


# s23: Full Auto: 5 damage ignoring Armor to every creature in the room; one gun discarded; a token removed.
s = fresh()
christopher(s)
g = add_creature(s, "Stone Golem", "Tomb's Entrance")
m = add_creature(s, "Mummy Lord", "Tomb's Entrance")
q = add_creature(s, "Skeleton Guard", "Quetzalcoatl's Hall")
exp = seats_of(s)
exp[0]["adventurer"]["cards"] = []
exp[0]["adventurer"]["tokens"] = [["Full Auto", 1]]
exp[0]["tokens"] = 5
crs = copy.deepcopy(s["creatures"])
for c in crs:
    if c["room"] == "Tomb's Entrance":
        c["damage"] = 5
case("s23-full-auto", s,
     [A({"kind": "ability", "name": "Full Auto"}, 0, project={"seats": exp, "creatures": crs})],
     rule="secrets.sheet.example-full-auto",
     quote=FULL_AUTO_Q,
     note="Christopher (Full Auto 2 tokens, the Thompson his only gun) in the Entrance with a Stone Golem (Armor 3, "
          "Health 9) and a Mummy Lord (Armor 2, Health 8): each takes 5 (Armor ignored), none dies; the Skeleton Guard "
          "next door is untouched; the Thompson is discarded, 1 Full Auto token left, 1 Action token spent.")

# s24: Full Auto without a gun item is refused.
s = fresh()
christopher(s, cards=("Machete",))
add_creature(s, "Stone Golem", "Tomb's Entrance")
case("s24-full-auto-needs-gun", s,
     [A({"kind": "ability", "name": "Full Auto"}, 0, error={"rule": "secrets.sheet.example-full-auto"})],
     rule="secrets.sheet.example-full-auto",
     quote=FULL_AUTO_Q,
     note="Christopher holds only a Machete (no gun item): \"Discard 1 gun item\" cannot be paid: Full Auto is refused.")

# s25: no Special Ability token left: the ability can no longer be used.
s = fresh()
christopher(s, tokens=0)
add_creature(s, "Stone Golem", "Tomb's Entrance")
case("s25-ability-no-tokens-left", s,
     [A({"kind": "ability", "name": "Full Auto"}, 0, error={"rule": "secrets.sheet.no-tokens-no-use"})],
     rule="secrets.sheet.no-tokens-no-use",
     quote=["If an ability requires tokens but has none remaining, it can no longer be used."],
     note="Christopher has used both Full Auto tokens: Full Auto is refused although he holds a gun.")

# s26: Bianca's Escape Artist rerolls a Dexterity check for a token (no Audacity spent).
s = fresh()
add_creature(s, "Living Moai-Man", "Quetzalcoatl's Hall")
exp = seats_of(s)
exp[0]["adventurer"]["tokens"] = [["Escape Artist", 2]]
exp[0]["adventurer"]["room"] = "Quetzalcoatl's Hall"
exp[0]["tokens"] = 5
case("s26-ability-token-reroll", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Quetzalcoatl's Hall"}, 0),
      A({"kind": "stop"}, 0, project={"seats": exp, "current": 1})],
     rule="secrets.sheet.limited-uses",
     quote=["Some abilities (those not marked with an infinity symbol) have limited uses; when you use such an ability, remove a Special Ability token."],
     note="placeholder")
CASES.pop()

# ------------------------------------------------------------------------------------------------- companions

# s27: Rest heals a companion 2, up to its starting Health, instead of the adventurer (not split).
s = fresh()
adv(s, 0)["health"] = 6
adv(s, 0)["companions"] = [{"health": 3, "name": "Mercenary"}, {"health": 3, "name": "Sharpshooter"}]
exp = seats_of(s)
exp[0]["adventurer"]["companions"] = [{"health": 4, "name": "Mercenary"}, {"health": 3, "name": "Sharpshooter"}]
exp[0]["tokens"] = 5
case("s27-rest-heals-companion-capped", s,
     [A({"kind": "rest", "option": "companion:Mercenary"}, 0, project={"seats": exp, "current": 1})],
     rule="secrets.companions.heal-only-rest",
     quote=["The only way to heal a companion is to perform a Rest action and heal the companion instead of yourself. You cannot split the effects of the Rest action.",
            "The Rest action may also be used to heal Companions with less than their starting health."],
     note="Bianca (Health 6 of 8) rests to heal her Mercenary (3 of 4): it goes to 4 (its starting Health), and she "
          "stays at 6 (the Rest is not split; catalog secrets.ambiguity.rest-companions = instead-2-health).")

# s28: a Rest for a hurt companion alone (the adventurer unhurt, Courage not negative); a full one cannot be its target.
s = fresh()
adv(s, 0)["companions"] = [{"health": 4, "name": "Mercenary"}, {"health": 1, "name": "Sharpshooter"}]
exp = seats_of(s)
exp[0]["adventurer"]["companions"] = [{"health": 4, "name": "Mercenary"}, {"health": 3, "name": "Sharpshooter"}]
exp[0]["tokens"] = 5
case("s28-rest-for-companion-only", s,
     [A({"kind": "rest", "option": "companion:Sharpshooter"}, 0, project={"seats": exp})],
     rule="secrets.adventurer-phase.rest-companions",
     quote=["The Rest action may also be used to heal Companions with less than their starting health."],
     note="Bianca is unhurt, Courage 1; her Mercenary is at its starting 4 (refused as the Rest's target), her "
          "Sharpshooter at 1 of 3: the Rest heals it 2 (catalog secrets.ambiguity.rest-companions = instead-2-health: "
          "'allowed whenever a Companion is hurt').")
S28 = copy.deepcopy(CASES[-1])
case("s28-rest-full-companion-refused", S28[1]["state"],
     [A({"kind": "rest", "option": "companion:Mercenary"}, 0, error={"rule": "secrets.adventurer-phase.rest-companions"})],
     rule="secrets.adventurer-phase.rest-companions", quote=S28[1]["x-quote"],
     note="As s28: Bianca (unhurt, Courage 1) rests for her Mercenary, at its starting Health 4: refused. The words "
          "that forbid this target are 'Companions with less than their starting health' (her hurt Sharpshooter may be "
          "healed), not secrets.adventurer-phase.rest's (the adventurer's own Health and Courage).")

# s29: a traded companion keeps its damage.
s = fresh()
adv(s, 0)["companions"] = [{"health": 1, "name": "Mercenary"}, {"health": 3, "name": "Sharpshooter"}]
exp = seats_of(s)
exp[0]["adventurer"]["companions"] = [{"health": 3, "name": "Sharpshooter"}]
exp[1]["adventurer"]["companions"] = [{"health": 2, "name": "Spiritual Medium"}, {"health": 4, "name": "Porter"},
                                      {"health": 1, "name": "Mercenary"}]
exp[0]["tokens"] = 5
case("s29-traded-companion-keeps-damage", s,
     [A({"kind": "trade", "seat": 1}, 0),
      A({"kind": "give", "card": "Mercenary", "to": 1}, 0),
      A({"kind": "done"}, 0, project={"seats": exp})],
     rule="secrets.companions.trade-damage",
     quote=["If you trade a companion, any damage they have is also traded."],
     note="Bianca gives her wounded Mercenary (1 of 4 Health) to Forrestal: it arrives with 1 Health.")

# s30: companions cannot be healed by items.
s = fresh()
give_card(s, 0, "Healing Salve")
adv(s, 0)["health"] = 7
adv(s, 0)["companions"] = [{"health": 1, "name": "Mercenary"}, {"health": 3, "name": "Sharpshooter"}]
exp = seats_of(s)
exp[0]["adventurer"]["health"] = 8
exp[0]["adventurer"]["cards"] = [c for c in exp[0]["adventurer"]["cards"] if c["name"] != "Healing Salve"]
exp[0]["tokens"] = 5
case("s30-item-heals-adventurer-not-companion", s,
     [A({"kind": "use", "card": "Healing Salve"}, 0),
      A({"kind": "tend", "companion": "Mercenary"}, 0, error={"rule": "secrets.companions.no-item-healing"})],
     rule="secrets.companions.no-item-healing",
     quote=["Companions may not be healed by items, artifacts, or any other game effects."],
     note="Bianca (7 of 8) uses the Healing Salve (heal 3) with her Mercenary at 1: the healing cannot go to the "
          "Mercenary (catalog secrets.ambiguity.companions-healing = rest-only); she heals to 8.")
CASES[-1][2][0]["project"] = {"seats": exp}
CASES[-1][2].pop()

# ------------------------------------------------------------------------------------------------- special rooms

# s31: the Arc Portal: an Action moves to any other explored room, not its own.
s = fresh()
place_room(s, "Arc Portal Room", 1, -1, 0)
adv(s, 0)["room"] = "Arc Portal Room"
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Mongol's Hall"
exp[0]["tokens"] = 5
case("s31-arc-portal-any-other-room", s,
     [A({"kind": "teleport", "room": "Arc Portal Room"}, 0, error={"rule": "secrets.rooms.arc-portal"}),
      A({"kind": "teleport", "room": "Mongol's Hall"}, 0, project={"seats": exp, "current": 1})],
     rule="secrets.rooms.arc-portal",
     quote=["The Arc Portal: This room has a special teleporter that uses the adventurer's consciousness. In this room, an adventurer can spend an Action to move to any other explored room in the Tomb."],
     note="Bianca on the Arc Portal Room: teleporting to the Arc Portal Room itself is refused (\"any other\"); to the "
          "Mongol's Hall on Level 3 costs one Action token.")

# s32: Stairs of Blood: from it up to the Sacrificial Chamber, never in reverse.
SOB_Q = ["Stairs of Blood: This room is considered adjacent to the Sacrificial Chamber. However, you can only move from the Stairs of Blood up to the Sacrificial Chamber, not in reverse."]
s = fresh()
place_room(s, "Sacrificial Chamber", 1, -1, 0)
place_room(s, "Stairs of Blood", 2, 0, 1)
adv(s, 0)["room"] = "Stairs of Blood"
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Sacrificial Chamber"
exp[0]["tokens"] = 5
case("s32-stairs-of-blood-up", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Sacrificial Chamber"}, 0),
      A({"kind": "stop"}, 0, project={"seats": exp, "current": 1})],
     rule="secrets.rooms.stairs-of-blood-one-way", quote=SOB_Q,
     note="Bianca on the Stairs of Blood (Level 2) steps up into the Sacrificial Chamber (Level 1): no door joins them, "
          "the adjacency text does.")
s = copy.deepcopy(s)
adv(s, 0)["room"] = "Sacrificial Chamber"
case("s32-stairs-of-blood-not-in-reverse", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Stairs of Blood"}, 0, error={"rule": "secrets.rooms.stairs-of-blood-one-way"})],
     rule="secrets.rooms.stairs-of-blood-one-way", quote=SOB_Q,
     note="Bianca in the Sacrificial Chamber may not step to the Stairs of Blood. The words that forbid it are the "
          "Stairs of Blood's 'not in reverse', not secrets.adventurer-phase.move-through-doors'.")

# s33: the Mine Shaft: climbing down with its Movement check (2).
s = fresh()
place_room(s, "Mine Shaft", 2, 1, 0)
adv(s, 0)["room"] = "Mine Shaft"
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Mongol's Hall"
exp[0]["tokens"] = 5
case("s33-mineshaft-climb-movement-check", s,
     [A({"kind": "climb"}, 0),
      A({"kind": "roll"}, 0),
      A(dice(1, 1, 2, 5, 6)),
      A({"kind": "accept"}, 0, project={"seats": exp, "current": 1})],
     rule="secrets.rooms.mineshaft-climb",
     quote=["Without a Rope token on this room, an Adventurer can choose to spend an Action token to attempt to climb down the Mineshaft, rolling the Movement check listed on the tile."],
     note="Bianca (Movement 5) on the Mine Shaft (its check: Movement (2)) rolls 5 dice, a 5 and a 6: she is in the Mongol's Hall.")

# s34: a Rope token on the Pitfall (and on the Mongol's Hall).
s = fresh()
place_room(s, "Pitfall", 2, -1, 0, traps=1)
adv(s, 0)["room"] = "Pitfall"
give_card(s, 0, "Climbing Rope")
rooms = copy.deepcopy(s["rooms"])
for r in rooms:
    if r["name"] in ("Pitfall", "Mongol's Hall"):
        r["rope"] = True
case("s34-rope-on-pitfall", s,
     [A({"kind": "place-rope"}, 0, project={"rooms": rooms, "ropes": 4, "current": 1})],
     rule="secrets.rooms.place-rope",
     quote=["When you use an item that states \"Place a Rope Token,\" or if your Adventurer has a Rope token, you may spend 1 Action token and place a Rope token on your current room and on Mongol's Hall."],
     note="Bianca on the Pitfall (a Rope Room, Level 2) uses her Climbing Rope: Rope tokens on the Pitfall and the "
          "Mongol's Hall (6 -> 4 in the supply).")

# s35: once roped, the Pitfall's trap no longer triggers.
s = fresh()
place_room(s, "Pitfall", 2, -1, 0, traps=1)
for r in s["rooms"]:
    if r["name"] in ("Pitfall", "Mongol's Hall"):
        r["rope"] = True
s["ropes"] = 4
adv(s, 0)["room"] = "Pharaoh's Hall"
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Pitfall"
exp[0]["tokens"] = 5
case("s35-roped-pitfall-no-trap", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Pitfall"}, 0),
      A({"kind": "stop"}, 0, project={"seats": exp, "rooms": s["rooms"], "current": 1})],
     rule="secrets.rooms.pitfall",
     quote=["Pitfall: Once the Rope token has been placed, this room connects to Mongol's Hall and the trap on Pitfall no longer triggers when an adventurer enters the room."],
     note="The Pitfall has a Rope token and 1 Trap token left: Bianca enters it from the Pharaoh's Hall: no Dexterity "
          "check, no damage, the Trap token stays.")

# ------------------------------------------------------------------------------------------------- Boss, end

# s36: a Boss moves from the Mongol's Hall to the Pharaoh's Hall as if adjacent.
s = tomb_base()
adv(s, 0)["room"] = "Pharaoh's Hall"
rz = add_boss(s, "Mongol's Hall")
crs = copy.deepcopy(s["creatures"])
crs[-1]["room"] = "Pharaoh's Hall"
case("s36-boss-mongols-to-pharaohs", s,
     [A({"kind": "drawn", "card": "A Moment's Rest"}, project={"creatures": crs})],
     rule="secrets.creatures.boss-no-rope",
     quote=["They never need a Rope to move between rooms that normally need one and may always move from Mongol's Hall to Pharoah's Hall as if they were adjacent."],
     note="Rhaz Azul'ahamet (Movement 2) in the Mongol's Hall, Bianca in the Pharaoh's Hall: it moves there (and stops "
          "with her; combat follows).")

# s37: the creature limit does not count the Boss.
s = tomb_base()
place_room(s, "Catacombs", 3, 1, 0)
for n in ["Living Moai-Man", "Living Moai-Man", "Keeper of the Tomb", "Keeper of the Tomb", "Skeleton Guard",
          "Tomb's Eye", "Mummy Lord", "Mummy Lord", "Stone Golem"]:
    add_creature(s, n, "Mongol's Hall")
s["creatures"] = [c for c in s["creatures"] if c["name"] != "Tomb's Eye"]
_put(s["base"]["deck"]["counts"], "Tomb's Eye")
add_creature(s, "Wraith", "Mongol's Hall")
s["creatures"] = [c for c in s["creatures"] if c["name"] != "Wraith"]
_put(s["elite"]["deck"]["counts"], "Wraith")
add_creature(s, "Skeleton Guard", "Mongol's Hall")
rz = add_boss(s, "Pharaoh's Hall")
adv(s, 0)["room"] = "Quetzalcoatl's Hall"
adv(s, 1)["room"] = "Quetzalcoatl's Hall"
case("s37-creature-limit-excludes-boss", s,
     [A({"kind": "drawn", "card": "Distant Rumbling"}),
      A({"kind": "drawn", "card": "Tomb Rats"}, project={"comet": 1})],
     rule="secrets.tomb-phase.creature-limit",
     quote=["The Tomb has a creature limit of 10, which does not include boss creatures."],
     note="Nine base and elite creatures on Level 3 (no way up) and Rhaz Azul'ahamet: Distant Rumbling's Level 3 base "
          "creature (Tomb Rats) spawns in the Catacombs: ten without the Boss, not over the limit: the Comet track moves "
          "only the card's +1.")

# s38: the starter scenario: killing Rhaz after he awakened wins.
s = fresh()
rz = add_boss(s, "Tomb's Entrance", damage=15)
awakened(s, rz)
case("s38-kill-boss-wins", s,
     [A({"kind": "fight", "target": rz}, 0),
      A({"kind": "wield", "weapons": ["Colt 1911"], "armor": [], "area": False}, 0),
      A({"kind": "roll"}, 0),
      A(dice(1, 2, 2, 3, 3, 4, 5, 5, 5, 5, 5, 6, 6)),
      A({"kind": "accept"}, 0,
        project={"outcome": "won", "phase": "over"})],
     rule="secrets.scenarios.example-win",
     quote=["Win Conditions — The players must kill Rhaz Azul'ahamet (3.2) after he awakens (3.1). (from The Pharoah with the Blue Eyes)"],
     options={"scenario": SCENARIO},
     note="Rhaz (Health 16, Armor 3, Combat 7, Courage attack 4) has 15 damage; Bianca (Dexterity 5 + Sharpshooter 1 + "
          "Colt 3 + outnumber 4: Bianca, Forrestal and four companions against one: 13 dice) rolls five 5s and two 6s: "
          "defense 7, no damage; 5 - 3 Armor + 2 criticals = 4: he dies: the adventurers win.")

# s39: Rhaz awakens when the Comet track reaches his space (component: space 8, in the Mongol's Hall).
s = tomb_base()
s["comet"] = 7
s["effects"] = [eff("comet-space", value=v, rule="secrets.scenarios.comet-triggers-immediate") for v in range(1, 8)]
case("s39-comet-awakens-boss", s,
     [A({"kind": "drawn", "card": "Distant Rumbling"},
        project={"comet": 8})],
     rule="secrets.tomb-phase.scenario-win-loss",
     quote=["Often, if the Comet track reaches a certain point, a boss creature emerges.",
            "Remember: Comet Track triggers and other effects that trigger with the Comet Track, occur immediately each time the Comet Track changes."],
     options={"scenario": SCENARIO},
     note="Comet 7; Distant Rumbling (+1): the track reaches 8, the starter scenario's (component) space where Rhaz "
          "Azul'ahamet awakens in the Mongol's Hall.")
CASES[-1][2][-1]["project"]["creatures"] = [{"damage": 0, "id": s["next_creature"], "name": RHAZ,
                                               "room": "Mongol's Hall", "swarm": 0}]


# s40 / s41: Lord Harrison in Solo Play: a death is replaced by discarding a Companion; without one, the game is lost.
def harrison(companions):
    s = fresh()
    for i in (0, 1):
        for c in list(adv(s, i)["cards"]):
            drop_card(s, i, c["name"])
        remove_companions(s, i)
    s["seats"] = s["seats"][:1]
    a = adv(s, 0)
    a.update({"name": "Harrison Quatuormanus the 13th", "health": 1, "start_health": 12, "audacity": 0,
              "courage": 2, "start_courage": 2, "tokens": [["Antikythera", 2]]})
    for n in companions:
        _take(s["companions"]["deck"]["counts"], n)
        a["companions"].append({"health": next(c["health"] for c in DATA["companions"] if c["name"] == n), "name": n})
    s["seats"][0]["tokens"] = 13
    s["seats"][0]["action_tokens"] = 13
    place_room(s, "Collapsed Corridor", 1, 0, -1, traps=1)
    return s


HARRISON_Q = ["When a game effect would cause Lord Harrison to flee the Tomb or die automatically, instead discard one Companion card. If you have no companions left and Lord Harrison flees or dies, you immediately lose the game."]
s = harrison(["Porter", "Bodyguard"])
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Collapsed Corridor"
exp[0]["adventurer"]["companions"] = [{"health": 5, "name": "Bodyguard"}]
exp[0]["tokens"] = 12
case("s40-harrison-companion-instead-of-death", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Collapsed Corridor"}, 0),
      A({"kind": "done"}, 0),
      A({"kind": "discard", "card": "Porter"}, 0, project={"seats": exp, "comet": 0, "outcome": ""})],
     rule="secrets.solo.lord-harrison-companion-save", quote=HARRISON_Q, options={"players": 1},
     note="Solo: Lord Harrison (Health 1, a Porter and a Bodyguard) enters the Collapsed Corridor (1 Trap token, 1 "
          "damage), redirects nothing: he would die; instead a Companion is discarded (the Porter, his choice) and he stays "
          "at Health 1 (catalog secrets.ambiguity.solo-lord-harrison-save = any-cause-stay); no Comet advance.")
s = harrison([])
case("s41-harrison-no-companion-loses", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Collapsed Corridor"}, 0, project={"outcome": "lost", "phase": "over"})],
     rule="secrets.solo.lord-harrison-lose", quote=HARRISON_Q, options={"players": 1},
     note="Solo: Lord Harrison (Health 1, no Companion left) takes the Collapsed Corridor's 1 damage and dies: the game is lost at once.")

# s42: Master of Time held: one more Action token when the tokens flip.
s = tomb_base()
_take(s["statuses"]["counts"], "Master of Time")
adv(s, 0)["status"] = ["Master of Time"]
s["seats"][0]["action_tokens"] = 7
exp = seats_of(s)
for x in exp:
    x["tokens"] = 6
exp[0]["tokens"] = 7
case("s42-master-of-time-extra-token", s,
     [A({"kind": "drawn", "card": "A Moment's Rest"}, project={"seats": exp, "phase": "adventurer"})],
     rule="secrets.tomb-phase.upkeep-flip-action-tokens",
     quote=["\"Master of Time\" +1 Action	23", "Then, the adventurers flip their Action tokens to their unused sides."],
     note="Bianca holds the Master of Time status effect (component text: one more Action token while held): after "
          "A Moment's Rest (nothing to heal, no spawn, Search 0, Comet 0) she has 7 green tokens, Forrestal 6.")

# s43: a status effect removed by a Rest action (Poisoned).
s = fresh()
_take(s["statuses"]["counts"], "Poisoned")
adv(s, 0)["status"] = ["Poisoned"]
exp = seats_of(s)
exp[0]["adventurer"]["status"] = []
exp[0]["tokens"] = 5
st = copy.deepcopy(s["statuses"])
_put(st["counts"], "Poisoned")
case("s43-rest-removes-status", s,
     [A({"kind": "rest", "option": "status:Poisoned"}, 0, project={"seats": exp, "statuses": st, "current": 1})],
     rule="secrets.status.removal-listed",
     quote=["Some status effects note how they can be removed: either during the Upkeep Step of the Tomb Phase, or by using a Rest action."],
     note="Bianca (unhurt, Courage 1) is Poisoned (component text: removed by a Rest action): her Rest removes it "
          "(catalog secrets.ambiguity.status-rest-removal = rest-option-no-precondition); the card returns to the deck.")

# s44: "Bring adventurer to Starting Courage" (13).
s = fresh()
adv(s, 0)["courage"] = -4
adv(s, 0)["shards"] = 13
exp = seats_of(s)
exp[0]["adventurer"]["courage"] = 1
exp[0]["adventurer"]["shards"] = 0
exp[0]["tokens"] = 5
case("s44-service-starting-courage", s,
     [A({"kind": "barter"}, 0),
      A({"kind": "service", "service": "Bring adventurer to Starting Courage", "arg": ""}, 0),
      A({"kind": "done"}, 0, project={"seats": exp})],
     rule="secrets.reference.soul-monger-service-costs",
     quote=["Starting Health	13", "Bring adventurer to Starting Courage	13"],
     note="Bianca at Courage -4 pays exactly 13 Soul Shards: her Courage is her starting 1.")

# s45: exploring the Stairs of Blood places the Sacrificial Chamber on Level 1 (not explored: no Story Effect).
s = fresh()
adv(s, 0)["room"] = "Pharaoh's Hall"
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Stairs of Blood"
exp[0]["tokens"] = 5
case("s45-stairs-of-blood-places-chamber", s,
     [A({"kind": "move"}, 0),
      A({"kind": "explore", "x": 0, "y": 1}, 0),
      A({"kind": "drawn", "card": "Stairs of Blood"}),
      A({"kind": "rotate", "rotation": 0}, 0),
      A({"kind": "place-at", "x": -1, "y": 0, "rotation": 0}, 0, project={"seats": exp, "current": 1})],
     rule="secrets.rooms.example-stairs-of-blood-place",
     quote=["Some Room tiles prompt a player to \"Place…\" another, specific Room tile. Search the Room tile stack and place the named tile on the appropriate Tomb level. Reshuffle the Room tile stack.",
            "Stairs of Blood reads: \"Adjacent to Sacrificial Chamber; if not yet explored, search for and place on Level 1.\""],
     note="Bianca explores south of the Pharaoh's Hall: the Stairs of Blood (Levels 2, 3); the Sacrificial Chamber is "
          "not in play, so it is searched out and placed on Level 1 west of the Entrance; its Misadventure does not "
          "occur (placed, not explored by an adventurer); Bianca's move ends on the Stairs of Blood.")

# s46: the starter scenario: Rhaz moving out of the Tomb's Entrance loses.
s = tomb_base()
rz = add_boss(s, "Tomb's Entrance")
awakened(s, rz)
adv(s, 0)["room"] = "Quetzalcoatl's Hall"
adv(s, 1)["room"] = "Quetzalcoatl's Hall"
case("s46-boss-leaves-entrance-loses", s,
     [A({"kind": "drawn", "card": "A Moment's Rest"}, project={"outcome": "lost", "phase": "over"})],
     rule="secrets.scenarios.example-lose",
     quote=["Lose Conditions — If all players die or flee the Tomb after Rhaz Azul'ahamet has awakened (3.1). OR If Rhaz Azul'ahamet moves out of the Tomb's Entrance (3.2). (from The Pharoah with the Blue Eyes)"],
     options={"scenario": SCENARIO},
     note="Rhaz (awakened) stands on the Tomb's Entrance, both adventurers next door: in Move Creatures he moves out "
          "of the Tomb's Entrance toward them: the adventurers lose (the component set reads the condition as the Boss "
          "leaving the Entrance tile; the Booklet's words could also mean leaving the Tomb by the Entrance).")

# s47: a Tomb card moving the Comet track back (-1).
s = tomb_base()
s["comet"] = 3
case("s47-comet-minus-one", s,
     [A({"kind": "drawn", "card": "Time Slips"}, project={"comet": 2})],
     rule="secrets.tomb-phase.comet-track-moves",
     quote=["Most often, the Tomb card moves the Comet track by +1, +2, -1, or 0."],
     note="Comet 3; Time Slips (Comet -1; an elite on Level 3, which has no red room): the track goes back to 2.")


def become(s, i, name, cards=()):
    a = adv(s, i)
    for c in list(a["cards"]):
        drop_card(s, i, c["name"])
    sh = SHEETS[name]
    a.update({"name": name, "health": sh["health"], "start_health": sh["health"], "audacity": 0,
              "courage": sh["courage"], "start_courage": sh["courage"],
              "tokens": [[ab["name"], ab["uses"]] for ab in sh.get("abilities", []) if ab.get("uses")]})
    for c in cards:
        give_card(s, i, c)
    return a


# s48: an ability's damage without "ignoring armor" meets the creatures' Armor (Chang Li Tao's Dragon Strike).
s = fresh()
become(s, 0, "Chang Li Tao")
add_creature(s, "Skeleton Guard", "Tomb's Entrance")
add_creature(s, "Keeper of the Tomb", "Tomb's Entrance")
crs = copy.deepcopy(s["creatures"])
crs[0]["damage"] = 1
crs[1]["damage"] = 2
case("s48-ability-damage-meets-armor", s,
     [A({"kind": "ability", "name": "Dragon Strike"}, 0, project={"creatures": crs})],
     rule="secrets.creatures.card-armor",
     quote=["7. Armor: The maximum non-critical damage it can cancel.",
            "It reads, \"Action: Discard 1 gun item. Deal 5 damage, ignoring armor, to all creatures in your current Room tile.\""],
     note="Chang Li Tao's Dragon Strike (component: 2 damage to every creature in the room; no 'ignoring armor' as "
          "Full Auto's words have): the Skeleton Guard (Armor 1) takes 1, the Keeper of the Tomb (Armor 0) 2 (catalog "
          "secrets.ambiguity.effect-damage-armor = armor-cancels, recorded from this case).")

# s49: Hadji Singh's Telekinesis: a controlled creature combats another (pool: Mythos + its Combat rating).
s = fresh()
become(s, 0, "Hadji Singh")
eye = add_creature(s, "Tomb's Eye", "Tomb's Entrance")
keeper = add_creature(s, "Keeper of the Tomb", "Tomb's Entrance")
crs = copy.deepcopy(s["creatures"])
crs[1]["damage"] = 2
exp = seats_of(s)
exp[0]["adventurer"]["tokens"] = [["Telekinesis", 1]]
exp[0]["tokens"] = 5
case("s49-telekinesis-creature-versus-creature", s,
     [A({"kind": "ability", "name": "Telekinesis"}, 0),
      A({"kind": "command", "creature": eye, "target": keeper}, 0),
      A(dice(2, 2, 3, 4, 5, 5), project={"creatures": crs, "seats": exp})],
     rule="secrets.combat.cvc-dice-pool",
     quote=["A controlled creature gets a combat dice pool, just as an adventurer does. To create a creature's combat dice pool, add the controlling adventurer's Mythos to the creature's Combat rating.",
            "3. She rolls 6 dice, getting 2, 2, 3, 4, 5, 5. That's 2 successes. The Keeper of the Tomb has a Combat rating of 2, so the Tomb's Eye takes no damage. However, the Keeper of the Tomb has no Armor, so it takes 2 damage."],
     note="Hadji (Mythos 5, Telekinesis 2 tokens) makes the Tomb's Eye (Combat 1) combat the Keeper of the Tomb: 5 + 1 "
          "= 6 dice, 2, 2, 3, 4, 5, 5: 2 successes against Combat 2 (the Eye unhurt), Armor 0: the Keeper takes 2. "
          "No Courage lost. One Telekinesis token and one Action token spent.")

# s50: a Rope token cannot be placed on Level 1.
s = fresh()
give_card(s, 0, "Climbing Rope")
case("s50-rope-not-on-level-1", s,
     [A({"kind": "place-rope"}, 0, error={"rule": "secrets.rooms.rope-levels"})],
     rule="secrets.rooms.rope-levels",
     quote=["A Rope token can only be placed by an adventurer to connect a Level 2 Room tile to a Level 3 Room tile."],
     note="Bianca holds a Climbing Rope on the Tomb's Entrance (Level 1): placing a Rope token is refused.")

# s51: a roped Mine Shaft: move to the Mongol's Hall without the Movement check.
s = fresh()
place_room(s, "Mine Shaft", 2, 1, 0)
for r in s["rooms"]:
    if r["name"] in ("Mine Shaft", "Mongol's Hall"):
        r["rope"] = True
s["ropes"] = 4
adv(s, 0)["room"] = "Mine Shaft"
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Mongol's Hall"
exp[0]["tokens"] = 5
case("s51-roped-mineshaft-no-check", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Mongol's Hall"}, 0),
      A({"kind": "stop"}, 0, project={"seats": exp, "current": 1})],
     rule="secrets.rooms.mineshaft-rope",
     quote=["When a Rope token is on this room, adventurers can move between this room and Mongol's Hall on Level 3 without having to perform the Movement check."],
     note="The Mine Shaft and the Mongol's Hall hold Rope tokens: Bianca steps down in a Move, no Movement check.")

# s52: a Comet Track trigger occurs at once when a death moves the track (in the Adventurer Phase).
s = fresh()
s["comet"] = 7
s["effects"] = [eff("comet-space", value=v, rule="secrets.scenarios.comet-triggers-immediate") for v in range(1, 8)]
place_room(s, "Collapsed Corridor", 1, 0, -1, traps=1)
adv(s, 0)["health"] = 1
remove_companions(s, 0)
case("s52-death-moves-comet-boss-awakens", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Collapsed Corridor"}, 0,
        project={"comet": 8, "creatures": [{"damage": 0, "id": s["next_creature"], "name": RHAZ, "room": "Mongol's Hall", "swarm": 0}]})],
     rule="secrets.scenarios.comet-triggers-immediate",
     quote=["Remember: Comet Track triggers and other effects that trigger with the Comet Track, occur immediately each time the Comet Track changes.",
            "If you reach 0 Health, you die and the Comet track advances one space."],
     options={"scenario": SCENARIO},
     note="Comet 7; Bianca (Health 1, no companion) dies on the Collapsed Corridor's trap: the track goes to 8 and, at "
          "once, in the Adventurer Phase, Rhaz Azul'ahamet awakens in the Mongol's Hall (the component's space 8).")

# s53: no copy of the prompted status effect and none of its type: one of the same orientation only.
s = fresh()
for n in ("Fearless", "Fearless", "Courageous", "Courageous", "Inspired", "Inspired"):
    _take(s["statuses"]["counts"], n)
s["boxed"] = sorted(["Fearless", "Fearless", "Courageous", "Courageous", "Inspired", "Inspired"])
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Island Observatory"
exp[0]["adventurer"]["status"] = ["Lucky"]
exp[0]["tokens"] = 5
case("s53-status-substitute-orientation-only", s,
     [A({"kind": "move"}, 0),
      A({"kind": "explore", "x": -1, "y": 0}, 0),
      A({"kind": "drawn", "card": "Island Observatory"}),
      A({"kind": "rotate", "rotation": 0}, 0),
      A({"kind": "roll"}, 0),
      A(dice(1, 2, 3, 6)),
      A({"kind": "accept"}, 0),
      A({"kind": "drawn", "card": "Master of Time"}, error={"rule": "secrets.status.random-draw"}) if False else
      A({"kind": "drawn", "card": "Lucky"}),
      A({"kind": "roll"}, 0),
      A(dice(5, 6)),
      A({"kind": "accept"}, 0, project={"seats": exp, "current": 1})],
     rule="secrets.status.substitute",
     quote=["If there is no card of the same type, draw a status effect of only the same orientation."],
     note="Every mental positive status effect (Fearless, Courageous, Inspired) is boxed: the Island Observatory's "
          "Fearless is replaced by a positive one of any type: Lucky. Then Scenario Trigger 1's Mythos check passes.")

# s54: Lord Harrison at -10 Courage: a Companion discarded instead of fleeing.
s = harrison(["Porter", "Bodyguard"])
adv(s, 0)["health"] = 12
adv(s, 0)["courage"] = -9
add_creature(s, "Skeleton Guard", "Tomb's Entrance")
exp = seats_of(s)
exp[0]["adventurer"]["courage"] = -9
exp[0]["adventurer"]["companions"] = [{"health": 4, "name": "Porter"}]
exp[0]["tokens"] = 12
case("s54-harrison-companion-instead-of-fleeing", s,
     [A({"kind": "fight", "target": f"c{s['next_creature'] - 1}"}, 0),
      A({"kind": "discard", "card": "Bodyguard"}, 0, project={"seats": exp, "comet": 0})],
     rule="secrets.solo.lord-harrison-companion-save", quote=HARRISON_Q, options={"players": 1},
     note="Solo: Lord Harrison (Courage -9) begins combat with a Skeleton Guard (Courage attack 1): -10 would make him "
          "flee; instead a Companion is discarded (the Bodyguard, his choice) and his Courage stays -9 (catalog "
          "secrets.ambiguity.solo-lord-harrison-save = any-cause-stay), his items kept.")

# ---------------------------------------------------------------------------------------------------


def main():
    for old in HERE.glob("s[0-9][0-9]-*.jsonl"):
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
    for old in OPEN.glob("s[0-9][0-9]-*.jsonl"):
        old.unlink()
    for name in OPEN_CASES:
        (HERE / f"{name}.jsonl").rename(OPEN / f"{name}.jsonl")
    print(f"{len(CASES) - len(OPEN_CASES)} cases written to {HERE}, {len(OPEN_CASES)} to {OPEN}")


if __name__ == "__main__":
    main()
