"""Build the Solo Play, scenario and variant cases (v*.jsonl) from the rulebook alone.

Written from the rulebook (secrets-of-the-lost-tomb.txt: Solo Play, How to Play the Scenarios, the
traitor and Alternative Infected Rules, Game Setup's and the Tomb Phase's variants), docs/oracle.md,
docs/secrets-model.md, the catalog spec/secrets.toml and the component sets (spec/secrets/core.toml, and
spec/secrets/exercise.toml for a scenario other than the starter one: "The Hollow Crown", with a Tomb
Setup, a card set aside, 1st/2nd/3rd Time triggers and a trigger showing two symbols).

Starting states: the initial state (no "state" in the header), the colleagues' real explored states of
build_phases.py / build_s.py (core set), or a real explored state of the exercise set with The Hollow
Crown (`tombspec explore secrets --games 1 --seed 3 --board exercise --options '{"players": 2,
"scenario": "The Hollow Crown"}' --claim state`): EXADV its first Adventurer Phase state (Cora Vance seat
0, Ada Quarry seat 1, on the Tomb's Entrance), EXTOMB the start of its first Tomb Phase; every edit keeps
the card census.

Run: .venv/bin/python tests/cases/secrets/build_v.py
"""

from __future__ import annotations

import copy
import json
import pathlib
import subprocess
import sys
import tomllib

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE))
_argv, sys.argv = sys.argv, sys.argv[:1]
import build_s as bs  # noqa: E402  (the colleagues' helpers and real states)
sys.argv = _argv

from build_phases import (A, _put, _take, add_creature, adv, dice, drop_card, fresh, held,  # noqa: E402
                          place_room, remove_companions, tomb_base)
from build_s import eff, seats_of, setup_seat  # noqa: E402

RULEBOOK = pathlib.Path("/work/shared/rulebooks/secrets-of-the-lost-tomb.txt").read_text()
CASES: list[tuple[str, dict, list[dict]]] = []
HOLLOW = "The Hollow Crown"
KING = "The Hollow King"
HARRISON = "Harrison Quatuormanus the 13th"


def case(name, state, lines, *, rule, quote, note, options=None, board=None):
    for q in quote:
        assert " ".join(q.split()) in " ".join(RULEBOOK.split()), f"{name}: not verbatim: {q!r}"
    header = {"trace": "tombspec", "version": 1, "game": "secrets",
              "options": {"players": 2, **(options or {})}, "note": note, "x-rule": rule, "x-quote": quote}
    if board is not None:
        header["board"] = board
    if state is not None:
        header["state"] = state
    CASES.append((name, header, lines))


# --------------------------------------------------------------------------------------- the exercise set

EX = tomllib.loads((ROOT / "spec/secrets/exercise.toml").read_text())
EX_DECK = {}
for c in EX["cards"]:
    EX_DECK[c["name"]] = {"item": "items", "artifact": "artifacts", "soul-monger": "monger"}[c["deck"]]
for c in EX["companions"]:
    EX_DECK[c["name"]] = "companions"
for c in EX["creatures"]:
    EX_DECK[c["name"]] = c["deck"]
for r in EX["rooms"]:
    EX_DECK[r["name"]] = "tiles"


def _ex_lines():
    path = pathlib.Path("/tmp/r4s-ex.jsonl")
    if not path.exists():
        subprocess.run([str(ROOT / ".venv/bin/tombspec"), "explore", "secrets", "--games", "1", "--seed", "3",
                        "--board", "exercise", "--options", json.dumps({"players": 2, "scenario": HOLLOW}),
                        "--claim", "state", "--max-steps", "400", "--trace", str(path)],
                       check=True, capture_output=True)
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


_EXL = _ex_lines()
EXADV = _EXL[7]["state"]
EXTOMB = _EXL[61]["state"]
assert EXADV["phase"] == "adventurer" and EXADV["current"] == 0 and not EXADV["agenda"]
assert EXTOMB["phase"] == "tomb" and EXTOMB["agenda"][0]["kind"] == "tomb-draw"


def ex_counts(s, name):
    key = EX_DECK[name]
    return s[key]["counts"] if key == "monger" else s[key]["deck"]["counts"]


def ex_drop(s, i, name):
    cards = adv(s, i)["cards"]
    for c in cards:
        if c["name"] == name:
            cards.remove(c)
            _put(ex_counts(s, name), name)
            return
    raise KeyError(name)


def ex_place(s, name, level, x, y, rotation=0):
    _take(s["tiles"]["deck"]["counts"], name)
    s["rooms"].append({"drop": [], "level": level, "name": name, "rope": False, "rotation": rotation,
                       "scenario_done": False, "searched": False, "shards": 0, "traps": 0, "x": x, "y": y})


def ex_creature(s, name, room, damage=0):
    if EX_DECK[name] != "boss":
        _take(s[EX_DECK[name]]["deck"]["counts"], name)
    cid = s["next_creature"]
    s["next_creature"] = cid + 1
    swarm = next((c.get("swarm", 0) for c in EX["creatures"] if c["name"] == name), 0)
    s["creatures"].append({"damage": damage, "id": cid, "name": name, "room": room, "swarm": swarm})
    return f"c{cid}"


def symbol_counts(*values):
    return [eff("symbol-count", value=v, rule="secrets.scenarios.nth-time") for v in values]


def mirror_to_cora(s):
    """The scenario's set-aside Obsidian Mirror, handed to Cora by a 1st Time trigger."""
    s["set_aside"].remove("Obsidian Mirror")
    adv(s, 0)["cards"].append(held("Obsidian Mirror", "set-aside"))


def exadv():
    return copy.deepcopy(EXADV)


def extomb():
    """The start of a Tomb Phase: only the Tomb Setup's rooms, both adventurers calm on the Tomb's Entrance."""
    s = copy.deepcopy(EXTOMB)
    keep = {"Tomb's Entrance", "Quetzalcoatl's Hall", "Quetzalcoatl's Descent", "Pharaoh's Hall", "Mongol's Hall",
            "Guard Post"}
    for r in s["rooms"]:
        for c in r["drop"]:
            _put(ex_counts(s, c["name"]), c["name"])
        r["drop"] = []
        if r["name"] not in keep:
            _put(s["tiles"]["deck"]["counts"], r["name"])
    s["rooms"] = [r for r in s["rooms"] if r["name"] in keep]
    s["effects"] = [e for e in s["effects"] if e["name"] != "symbol-count"]
    for i in (0, 1):
        a = adv(s, i)
        a["room"] = "Tomb's Entrance"
        for c in list(a["cards"]):
            if c["origin"] == "set-aside":
                a["cards"].remove(c)
                s["set_aside"].append(c["name"])
            else:
                ex_drop(s, i, c["name"])
    assert not s["creatures"]
    return s


# ------------------------------------------------------------------------------------------ Solo Play

HARRISON_Q = ["When a game effect would cause Lord Harrison to flee the Tomb or die automatically, instead discard one Companion card. If you have no companions left and Lord Harrison flees or dies, you immediately lose the game."]
SINGLE_Q = ["Remember, anytime you're brave enough to use only 1 Adventurer you may apply the same rules as Lord Harrison has above regarding fleeing the tomb and dying."]

# v01: Lord Harrison in Solo Play: chosen, 13 Action tokens and five Companions.
comps = ["Bodyguard", "Mercenary", "Porter", "Sharpshooter", "Sherpa Guide"]
exp = [setup_seat(HARRISON, tokens=13, companions=comps)]
case("v01-harrison-solo-thirteen-tokens-five-companions", None,
     [A({"kind": "leader", "seat": 0}),
      A({"kind": "choose", "adventurer": HARRISON}, 0)]
     + [A({"kind": "drawn", "card": c}) for c in comps[:-1]]
     + [A({"kind": "drawn", "card": comps[-1]}, project={"seats": exp, "phase": "adventurer", "current": 0})],
     rule="secrets.solo.lord-harrison-tokens",
     quote=["1. You may use the special Solo Play Adventurer Lord Harrison Quatourmanus the 13th.",
            "Lord Harrison receives 13 Action tokens and five Companions."],
     options={"players": 1},
     note="Solo Play, one Adventurer: Lord Harrison may be chosen; he gets 13 Action tokens and five Companions "
          "(random Companion cards: catalog secrets.ambiguity.solo-companions-random, default random), no extra "
          "Audacity, his starting values.")


def solo(name, companions, *, health=1, courage=None):
    """One Adventurer alone (seat 1 removed, its cards back in their decks), 13 Action tokens."""
    s = fresh()
    for i in (0, 1):
        for c in list(adv(s, i)["cards"]):
            if i == 1 or name != "Bianca Sinclair":
                drop_card(s, i, c["name"])
        remove_companions(s, i)
    s["seats"] = s["seats"][:1]
    a = adv(s, 0)
    if name != "Bianca Sinclair":
        a.update({"name": name, "start_health": 12, "audacity": 0, "courage": 2, "start_courage": 2,
                  "tokens": [["Antikythera", 2]]})
    a["health"] = health
    if courage is not None:
        a["courage"] = courage
    for n in companions:
        _take(s["companions"]["deck"]["counts"], n)
        a["companions"].append({"health": next(c["health"] for c in bs.DATA["companions"] if c["name"] == n),
                                "name": n})
    s["seats"][0]["tokens"] = 13
    s["seats"][0]["action_tokens"] = 13
    place_room(s, "Collapsed Corridor", 1, 0, -1, traps=1)
    return s


# v02: Lord Harrison, no Companion left, flees at -10 Courage: the game is lost at once.
s = solo(HARRISON, [], health=12, courage=-9)
sg = add_creature(s, "Skeleton Guard", "Tomb's Entrance")
case("v02-harrison-flees-without-companion-loses", s,
     [A({"kind": "fight", "target": sg}, 0, project={"outcome": "lost", "phase": "over"})],
     rule="secrets.solo.lord-harrison-lose", quote=HARRISON_Q + ["Going down to -10 Courage is very bad; usually it will cause you to immediately begin fleeing the Tomb."],
     options={"players": 1},
     note="Solo: Lord Harrison (Courage -9, no Companion left) begins combat with a Skeleton Guard (Courage attack "
          "1) on the Tomb's Entrance: -10, he begins fleeing and leaves the Tomb from the Entrance; with no companion to discard, the game is lost immediately.")

# v03: one regular Adventurer with the rule of Lord Harrison applied: a Companion discarded instead of dying.
s = solo("Bianca Sinclair", ["Porter", "Bodyguard"])
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Collapsed Corridor"
exp[0]["adventurer"]["companions"] = [{"health": 5, "name": "Bodyguard"}]
exp[0]["tokens"] = 12
case("v03-single-adventurer-rule-companion-instead-of-death", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Collapsed Corridor"}, 0),
      A({"kind": "done"}, 0),
      A({"kind": "discard", "card": "Porter"}, 0, project={"seats": exp, "comet": 0, "outcome": ""})],
     rule="secrets.solo.single-adventurer-rule", quote=SINGLE_Q + HARRISON_Q,
     options={"players": 1, "single_adventurer_rule": True},
     note="Solo with one regular Adventurer (Bianca, Health 1, a Porter and a Bodyguard, 13 Action tokens) and the "
          "rule of Lord Harrison applied: the Collapsed Corridor's trap (1 damage, nothing redirected) would kill her; "
          "instead she discards a Companion (the Porter, her choice) and stays at Health 1; no Comet advance.")

# v04: the same without the rule applied ("you may"): she dies as normal, the Comet track advances, not lost.
s = solo("Bianca Sinclair", ["Porter", "Bodyguard"])
case("v04-single-adventurer-without-rule-dies", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Collapsed Corridor"}, 0),
      A({"kind": "done"}, 0, project={"comet": 1, "outcome": "", "phase": "adventurer"})],
     rule="secrets.solo.single-adventurer-rule",
     quote=SINGLE_Q + ["If you reach 0 Health, you die and the Comet track advances one space.",
                       "If all players are dead or have fled the Tomb and they have no more adventurers to choose from, the adventurers lose."],
     options={"players": 1},
     note="One regular Adventurer without the optional rule of Lord Harrison ('you may apply'): the trap kills "
          "Bianca (nothing redirected): the Comet track advances one space; other Adventurer sheets remain to choose "
          "from, so the game is not lost.")

# v05: the rule applied, no Companion left: the game is lost at once.
s = solo("Bianca Sinclair", [])
case("v05-single-adventurer-rule-no-companion-loses", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Collapsed Corridor"}, 0, project={"outcome": "lost", "phase": "over"})],
     rule="secrets.solo.single-adventurer-rule", quote=SINGLE_Q + HARRISON_Q,
     options={"players": 1, "single_adventurer_rule": True},
     note="One regular Adventurer under the rule of Lord Harrison, no Companion left: the trap kills Bianca and the "
          "game is lost immediately, though other Adventurer sheets remain.")

# v06: Lord Harrison as a new adventurer after a death in a game of two: refused.
s = fresh()
place_room(s, "Collapsed Corridor", 1, 0, -1, traps=1)
adv(s, 0)["health"] = 1
remove_companions(s, 0)
case("v06-harrison-not-a-replacement-outside-solo", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Collapsed Corridor"}, 0, project={"comet": 1}),
      A({"kind": "choose", "adventurer": HARRISON}, 0, error={"rule": "secrets.setup.lord-harrison-solo-only"}),
      A({"kind": "choose", "adventurer": "Libby Villa"}, 0)],
     rule="secrets.setup.lord-harrison-solo-only",
     quote=["Note that Lord Harrison Quatourmanus the 13th should only be chosen for Solo Play."],
     note="Two Adventurers: Bianca (Health 1, no Companion) dies on the Collapsed Corridor's trap (Comet +1); her "
          "player may not choose Lord Harrison as her new adventurer (catalog secrets.ambiguity.lord-harrison-outside-"
          "solo: 'applies to every choice of an adventurer, a replacement included'); Libby Villa is accepted.")

# ------------------------------------------------------------------------------ a scenario: The Hollow Crown

# v07: the Tomb Setup: Guard Post placed, the Obsidian Mirror set aside, before anything else.
arts = [c for c in copy.deepcopy(EXADV["artifacts"]["deck"]["counts"])]
case("v07-scenario-tomb-setup-sets-aside-and-places", None,
     [A({"kind": "leader", "seat": 0},
        project={"set_aside": ["Obsidian Mirror"], "artifacts": {"deck": {"counts": arts}, "discard": {"counts": []}},
                 "rooms": copy.deepcopy(EXADV["rooms"])})],
     rule="secrets.scenarios.tomb-setup-contents",
     quote=["Before anything else, follow the instructions given by the Tomb Setup. It may ask you to set aside various scenario-specific cards, rooms, creatures, or tokens.",
            "Some scenarios may have you place different combinations and organizations of Room tiles than normally used."],
     options={"scenario": HOLLOW}, board="exercise",
     note="The Hollow Crown (exercise set): its Tomb Setup places the Guard Post on Level 1 west of the Tomb's "
          "Entrance beside the five starting tiles and sets the Obsidian Mirror aside (not in the Artifact deck).")

# v08: 1st Time: the Sacrificial Chamber (symbol 1) explored: the set-aside Obsidian Mirror is gained.
s = exadv()
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Sacrificial Chamber"
exp[0]["adventurer"]["cards"].append(held("Obsidian Mirror", "set-aside"))
exp[0]["tokens"] = 5
case("v08-first-time-symbol-gains-set-aside-card", s,
     [A({"kind": "move"}, 0),
      A({"kind": "explore", "x": 0, "y": -1}, 0),
      A({"kind": "drawn", "card": "Sacrificial Chamber"}),
      A({"kind": "rotate", "rotation": 2}, 0, project={"seats": exp, "set_aside": [], "comet": 0, "creatures": []})],
     rule="secrets.scenarios.nth-time",
     quote=["Some symbol triggers have different effects each time they are found. When you see a scenario refer to 1st Time, 2nd Time, and 3rd Time, only trigger these effects the first, second, and third times any adventurer explores a Room tile with the given symbol, respectively.",
            "The most common scenario effects are triggered by Symbol Triggers. When an adventurer explores a Room tile showing one of the three Scenario Effect symbols, after resolving any Exploration Effects or Trap Effects, read the corresponding prompt in the listed section."],
     options={"scenario": HOLLOW}, board="exercise",
     note="Cora explores the Sacrificial Chamber (Scenario Trigger 1) south of the Entrance: the scenario's 1st Time "
          "effect for symbol 1 hands her the Obsidian Mirror set aside by the Tomb Setup; nothing else (no Comet, no spawn).")


def chamber_found(s, times):
    """The Sacrificial Chamber placed south of the Entrance; symbol 1 found `times` times (the Mirror gained)."""
    ex_place(s, "Sacrificial Chamber", 1, 0, -1, rotation=2)
    mirror_to_cora(s)
    s["effects"] += symbol_counts(*([0] * times))
    return s


# v09: 2nd Time, on a tile showing symbols 1 and 3: symbol 1's 2nd Time (Comet +1) and the trigger of
# symbols 2 or 3 (every time: a Mythos (2) check, +2 Soul Shards), before its Story Effect.
s = chamber_found(exadv(), 1)
adv(s, 0)["room"] = "Sacrificial Chamber"
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Hall of Whispers"
exp[0]["adventurer"]["shards"] = 2
exp[0]["tokens"] = 5
case("v09-second-time-and-two-symbol-trigger-before-story", s,
     [A({"kind": "move"}, 0),
      A({"kind": "explore", "x": 1, "y": -1}, 0),
      A({"kind": "drawn", "card": "Hall of Whispers"}),
      A({"kind": "rotate", "rotation": 0}, 0),
      A({"kind": "roll"}, 0),
      A(dice(1, 2, 5, 6)),
      A({"kind": "accept"}, 0),
      A({"kind": "drawn", "card": "Ancient Lore"}),
      A({"kind": "roll"}, 0),
      A(dice(2, 5)),
      A({"kind": "accept"}, 0, project={"seats": exp, "comet": 1, "creatures": []})],
     rule="secrets.scenarios.multiple-symbols",
     quote=["Some symbol triggers may show multiple symbols. In this case, trigger that effect anytime you explore a Room tile showing any of the triggers.",
            "only trigger these effects the first, second, and third times any adventurer explores a Room tile with the given symbol, respectively.",
            "After triggering the Exploration Effect of the room, the effect for the trigger triggers."],
     options={"scenario": HOLLOW}, board="exercise",
     note="Symbol 1 already found once (the Sacrificial Chamber). Cora explores the Hall of Whispers (symbols 1 and 3, "
          "Misadventure): symbol 1's 2nd Time effect moves the Comet track +1; the trigger showing symbols 2 and 3 "
          "fires (symbol 3; it resolves first: catalog secrets.ambiguity.symbol-triggers-order, default "
          "last-listed-first, so the Comet is claimed only at the end): Mythos (2) check, Cora (Mythos 4) rolls 1, 2, 5, 6: pass, +2 Soul Shards; then the Story "
          "Effect (catalog secrets.ambiguity.explore-effect-order, default exploration-trap-scenario-story): Ancient "
          "Lore's Misadventure, a Knowledge check passed (nothing).")

# v10: 3rd Time: one elite creature spawns in the room.
s = chamber_found(exadv(), 2)
adv(s, 0)["room"] = "Sacrificial Chamber"
case("v10-third-time-spawns-elite-here", s,
     [A({"kind": "move"}, 0),
      A({"kind": "explore", "x": 1, "y": -1}, 0),
      A({"kind": "drawn", "card": "Hall of Whispers"}),
      A({"kind": "rotate", "rotation": 0}, 0),
      A({"kind": "roll"}, 0),
      A(dice(1, 2, 5, 6)),
      A({"kind": "accept"}, 0),
      A({"kind": "drawn", "card": "Temple Guardian"},
        project={"creatures": [{"damage": 0, "id": s["next_creature"], "name": "Temple Guardian",
                                "room": "Hall of Whispers", "swarm": 0}], "comet": 0})],
     rule="secrets.scenarios.nth-time",
     quote=["When you see a scenario refer to 1st Time, 2nd Time, and 3rd Time, only trigger these effects the first, second, and third times any adventurer explores a Room tile with the given symbol, respectively."],
     options={"scenario": HOLLOW}, board="exercise",
     note="Symbol 1 found twice already; Cora explores the Hall of Whispers east of the Sacrificial Chamber: the "
          "3rd Time effect spawns one elite creature in the room (the Temple Guardian drawn); no Comet move (that "
          "was the 2nd Time's). The trigger showing symbols 2 and 3, listed after it, resolves first (a Mythos (2) check "
          "passed; catalog secrets.ambiguity.symbol-triggers-order, default last-listed-first, recorded from this "
          "case); the Story Effect follows (not claimed).")

# v11: a 4th time: nothing.


def fourth_time():
    s = exadv()
    ex_place(s, "Hall of Whispers", 1, -1, -1)
    mirror_to_cora(s)
    s["effects"] += symbol_counts(0, 0, 0, 1, 1)
    adv(s, 0)["room"] = "Tomb's Entrance"
    return s


s = fourth_time()
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Sacrificial Chamber"
exp[0]["tokens"] = 5
case("v11-fourth-time-nothing", s,
     [A({"kind": "move"}, 0),
      A({"kind": "explore", "x": 0, "y": -1}, 0),
      A({"kind": "drawn", "card": "Sacrificial Chamber"}),
      A({"kind": "rotate", "rotation": 2}, 0, project={"seats": exp, "comet": 0, "creatures": [], "current": 1})],
     rule="secrets.scenarios.nth-time",
     quote=["only trigger these effects the first, second, and third times any adventurer explores a Room tile with the given symbol, respectively.",
            "5. Christopher has finished exploring the new room, so his action is complete, as is his turn."],
     options={"scenario": HOLLOW}, board="exercise",
     note="Symbol 1 found three times already (the Hall of Whispers is in play): Cora explores the Sacrificial "
          "Chamber (symbol 1): no 4th Time effect (catalog secrets.ambiguity.scenarios-nth-time, default "
          "nothing-after-per-trigger): no Comet move, no spawn, nothing gained; exploring ends her action and her turn.")

# v12: a card set aside by the scenario's setup cannot be sold to the Soul Monger.
s = chamber_found(exadv(), 1)
adv(s, 0)["room"] = "Quetzalcoatl's Hall"
case("v12-set-aside-card-cannot-be-sold", s,
     [A({"kind": "barter"}, 0),
      A({"kind": "sell", "card": "Obsidian Mirror"}, 0,
        error={"rule": "secrets.adventurer-phase.scenario-set-aside-unsellable"}),
      A({"kind": "sell", "card": "Miner's Helmet"}, 0)],
     rule="secrets.adventurer-phase.scenario-set-aside-unsellable",
     quote=["Items and artifacts set aside during scenario setup cannot be sold."],
     options={"scenario": HOLLOW}, board="exercise",
     note="Cora holds the Obsidian Mirror, set aside by The Hollow Crown's Tomb Setup and gained by a trigger; at "
          "the Soul Monger (Quetzalcoatl's Hall) selling it is refused; her Miner's Helmet (an item) she may sell.")

# v13: entering an explored tile with a Scenario symbol triggers nothing.
s = chamber_found(exadv(), 1)
exp = seats_of(s)
exp[0]["adventurer"]["room"] = "Sacrificial Chamber"
exp[0]["tokens"] = 5
case("v13-scenario-symbol-not-on-reentry", s,
     [A({"kind": "move"}, 0),
      A({"kind": "step", "room": "Sacrificial Chamber"}, 0),
      A({"kind": "stop"}, 0, project={"seats": exp, "comet": 0, "creatures": [], "current": 1})],
     rule="secrets.scenarios.symbol-triggers",
     quote=["When an adventurer explores a Room tile showing one of the three Scenario Effect symbols, after resolving any Exploration Effects or Trap Effects, read the corresponding prompt in the listed section."],
     options={"scenario": HOLLOW}, board="exercise",
     note="The Sacrificial Chamber (symbol 1) was explored before: Cora steps into it and stops; entering is not "
          "exploring, so symbol 1's 2nd Time effect (Comet +1) does not occur.")

# v14: the Comet track reaching the scenario's space: the Boss emerges.
s = extomb()
s["comet"] = 5
s["effects"] += [eff("comet-space", value=v, rule="secrets.scenarios.comet-triggers-immediate") for v in range(1, 6)]
s["effects"].append(eff("flag", "stirring", None, "secrets.scenarios.triggered-effects"))
case("v14-comet-reaches-boss-space", s,
     [A({"kind": "drawn", "card": "Rising Dread"}),
      A({"kind": "drawn", "card": "Grave Crawler"},
        project={"comet": 6, "phase": "adventurer",
                 "creatures": [{"damage": 0, "id": s["next_creature"], "name": "Grave Crawler", "room": "Guard Post", "swarm": 0},
                               {"damage": 0, "id": s["next_creature"] + 1, "name": KING, "room": "Mongol's Hall", "swarm": 0}]})],
     rule="secrets.tomb-phase.scenario-win-loss",
     quote=["Often, if the Comet track reaches a certain point, a boss creature emerges.",
            "Remember: Comet Track triggers and other effects that trigger with the Comet Track, occur immediately each time the Comet Track changes."],
     options={"scenario": HOLLOW}, board="exercise",
     note="The Hollow Crown, Comet 5: Rising Dread (Courage -1 each, a base creature on each level's red rooms: the "
          "Guard Post on Level 1, none on Levels 2 and 3; Comet +1): the Grave Crawler spawns on the Guard Post; the "
          "track reaches 6, the scenario's space where The Hollow King emerges in the Mongol's Hall.")


def late_game(comet):
    s = extomb()
    s["comet"] = comet
    s["effects"] += [eff("comet-space", value=v, rule="secrets.scenarios.comet-triggers-immediate")
                     for v in range(1, comet + 1)]
    s["effects"].append(eff("flag", "stirring", None, "secrets.scenarios.triggered-effects"))
    cid = ex_creature(s, KING, "Mongol's Hall")
    s["effects"].append(eff("boss", KING, int(cid[1:]), "secrets.creatures.spawn-times"))
    s["effects"].append(eff("flag", "awake", None, "secrets.scenarios.triggered-effects"))
    return s


# v15: the Comet track's last space: the end of the game, lost.
s = late_game(11)
case("v15-comet-last-space-loses", s,
     [A({"kind": "drawn", "card": "Rising Dread"}),
      A({"kind": "drawn", "card": "Grave Crawler"}, project={"comet": 12, "outcome": "lost", "phase": "over", "winners": []})],
     rule="secrets.reference.tomb-step-7-comet-end-game",
     quote=["7. Move Comet Track and Check for end game (refer to scenario)",
            "The higher the Comet track gets, the closer the game is to ending."],
     options={"scenario": HOLLOW}, board="exercise",
     note="The Hollow Crown ends on Comet 12 (the component's last space); at 11 Rising Dread moves it +1: the game "
          "ends, lost; nobody wins.")

# v16: a traitor wins when the others lose by any means.
s = late_game(11)
_take(s["statuses"]["counts"], "Fully Infected")
adv(s, 1)["status"].append("Fully Infected")
case("v16-traitor-wins-when-team-loses", s,
     [A({"kind": "drawn", "card": "Rising Dread"}),
      A({"kind": "drawn", "card": "Grave Crawler"}, project={"comet": 12, "outcome": "lost", "phase": "over", "winners": [1]})],
     rule="secrets.status.traitor-win",
     quote=["When an adventurer gains the \"Fully Infected\" status effect or otherwise becomes a traitor, as prompted by a scenario, they gain new win conditions. Bent on killing the other adventurers, they win the game if the non-traitor adventurers lose the game by any means."],
     options={"scenario": HOLLOW}, board="exercise",
     note="As v15, but Ada (seat 1) is Fully Infected, a traitor: the non-traitor adventurers lose on the Comet "
          "track's last space, so she wins (winners [1]).")

# v17 / v18: Fully Infected gained from a Misadventure: with the Alternative Infected Rules the adventurer may die
# instead and an elite creature is placed on her room; without them she keeps it and plays on (a traitor).


def infected_search(s):
    s["seats"][0]["search"] = 1
    return [A({"kind": "search"}, 0), A(dice(3)), A({"kind": "drawn", "card": "The Infection"}),
            A({"kind": "roll"}, 0), A(dice(1, 2, 2, 5)), A({"kind": "accept"}, 0)]


s = exadv()
lines = infected_search(s)
case("v17-alternative-infected-die-elite-placed", s,
     lines + [A({"kind": "transform"}, 0),
              A({"kind": "choose", "adventurer": "Felix Grant"}, 0),
              A({"kind": "drawn", "card": "Temple Guardian"},
                project={"comet": 1, "creatures": [{"damage": 0, "id": s["next_creature"], "name": "Temple Guardian",
                                                    "room": "Tomb's Entrance", "swarm": 0}]})],
     rule="secrets.status.alt-infected-elite",
     quote=["If you gain the \"Fully Infected\" status effect, but don't wish to work against the other players, you can instead let your adventurer die and, as normal, choose a new one. When you do, place an elite creature on your room that represents the now-transformed evil adventurer."],
     options={"scenario": HOLLOW, "alternative_infected": True}, board="exercise",
     note="Alternative Infected Rules: Cora searches with a yellow token (3: Misadventure): The Infection, a Mythos "
          "(3) check failed (1 success): she gains Fully Infected and chooses to die instead: a normal death (Comet "
          "+1; catalog secrets.ambiguity.status-alt-infected, default normal-death-random-elite); as normal, her player "
          "chooses a new adventurer (Felix Grant); when she does, an elite creature (the Temple Guardian drawn) is "
          "placed on Cora's room, the Tomb's Entrance.")

s = exadv()
lines = infected_search(s)
exp = seats_of(s)
exp[0]["adventurer"]["status"] = ["Courageous", "Fully Infected"]
exp[0]["tokens"] = 5
exp[0]["search"] = 2
case("v18-fully-infected-without-variant-stays-traitor", s,
     lines[:-1] + [A({"kind": "accept"}, 0, project={"seats": exp, "comet": 0, "creatures": [], "current": 1}),
                   ],
     rule="secrets.status.traitor-win",
     quote=["When an adventurer gains the \"Fully Infected\" status effect or otherwise becomes a traitor, as prompted by a scenario, they gain new win conditions."],
     options={"scenario": HOLLOW}, board="exercise",
     note="Without the Alternative Infected Rules: Cora fails The Infection's Mythos (3) check and gains Fully "
          "Infected (physical, beside her mental Courageous); she stays in the Tomb, a traitor, and her turn ends.")

# ------------------------------------------------------------------------------------------ variants

# v19: the harder Set Up: Quetzalcoatl's Hall returned to the box, the Soul Monger on the Tomb's Entrance.
case("v19-no-quetzalcoatls-hall-monger-at-entrance", None,
     [A({"kind": "leader", "seat": 0},
        project={"rooms": [r for r in copy.deepcopy(fresh()["rooms"]) if r["name"] != "Quetzalcoatl's Hall"]}),
      A({"kind": "choose", "adventurer": "Bianca Sinclair"}, 0),
      A({"kind": "drawn", "card": "Mercenary"}),
      A({"kind": "drawn", "card": "Sharpshooter"}),
      A({"kind": "choose", "adventurer": "Libby Villa"}, 1),
      A({"kind": "drawn", "card": "Porter"}),
      A({"kind": "drawn", "card": "Bodyguard"}),
      A({"kind": "barter"}, 0)],
     rule="secrets.setup.hard-remove-quetzalcoatls-hall",
     quote=["For a more difficult game, return Quetzalcoatl's Hall to the box. You may now find the Soul Monger on the Tomb's Entrance instead."],
     options={"no_quetzalcoatls_hall": True},
     note="The harder Set Up: Quetzalcoatl's Hall is not placed (the other four starting tiles are); Bianca may "
          "barter with the Soul Monger on the Tomb's Entrance.")

# v20: the harder spawn: no red-outlined room on a level: its creatures spawn on the level's starting tile.
s = tomb_base()
s["first"] = 1
nc = s["next_creature"]
case("v20-spawn-on-starting-tile-variant", s,
     [A({"kind": "drawn", "card": "I'll think of something!"}),
      A({"kind": "drawn", "card": "Skeleton Guard"}),
      A({"kind": "drawn", "card": "Tomb Rats"}),
      A({"kind": "drawn", "card": "Keeper of the Tomb"},
        project={"creatures": [{"damage": 0, "id": nc, "name": "Skeleton Guard", "room": "Pharaoh's Hall", "swarm": 0},
                               {"damage": 0, "id": nc + 1, "name": "Tomb Rats", "room": "Mongol's Hall", "swarm": None},
                               {"damage": 0, "id": nc + 2, "name": "Keeper of the Tomb", "room": "Mongol's Hall", "swarm": 0}]})],
     rule="secrets.tomb-phase.variant-spawn-on-starting-tile",
     quote=["If there are no red-outlined rooms on the prompted Tomb level, do not spawn creatures on that level. For an increased difficulty, you may choose to spawn those creatures on that level's starting tile. (Tomb's Entrance, The Pharoah's Hall, or the Mongol's Hall)"],
     options={"spawn_on_starting_tile": True},
     note="With the harder spawn: \"I'll think of something!\" spawns 1 base creature on Level 2 and 2 on Level 3, "
          "neither level having a red-outlined room: they spawn on the Pharaoh's Hall and the Mongol's Hall.")
_tr = next(c for c in bs.DATA["creatures"] if c["name"] == "Tomb Rats")
CASES[-1][2][-1]["project"]["creatures"][1]["swarm"] = _tr.get("swarm", 0)


def main():
    for old in HERE.glob("v[0-9][0-9]-*.jsonl"):
        old.unlink()
    for name, header, lines in CASES:
        path = HERE / f"{name}.jsonl"
        with path.open("w") as f:
            f.write(json.dumps(header, sort_keys=True) + "\n")
            for line in lines:
                f.write(json.dumps(line, sort_keys=True) + "\n")
    print(f"{len(CASES)} cases written to {HERE}")


if __name__ == "__main__":
    main()
