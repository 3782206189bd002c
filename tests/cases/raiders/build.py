"""Build the Raiders rulebook cases (tests/cases/raiders/NN-*.jsonl).

Written from the rulebook (/work/shared/rulebooks/raiders-of-the-lost-tomb.txt), the catalog
(spec/raiders.toml), docs/raiders-model.md and docs/oracle.md only.  The state shape was copied
from a state of `tombspec explore raiders --claim state`.

The default board 'standard' composed (x right, y down; S Start, E Escape, M Monster, T Trap,
P Portal), with each space's distance in moves to E (the default reading of 'ahead'):

      0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18
  0   2  3  4  1  .  .  4  1  3  2  .  .  3  M  4  2  .  .  .
  1   S  5  M  3  .  .  M  3  5  T  .  .  5  2  T  1  .  .  .
  2   1  4  2  3  2  T  2  4  6  1  3  P  6  3  4  2  4  3  5
  3   .  .  .  5  P  1  3  .  .  2  5  3  M  .  .  1  6  3  4
  4   .  .  .  2  6  3  5  .  .  4  T  2  6  .  .  3  5  2  E

Run: python3 tests/cases/raiders/build.py   (rewrites every case file)
"""

from __future__ import annotations

import copy
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent


def raider(pos, pennies=6, audacity=2, **kw):
    r = {
        "audacity": audacity,
        "came_from": None,
        "in_encounter": False,
        "loses_next_turn": False,
        "pennies": pennies,
        "portal_used": False,
        "position": pos,
        "trapped": False,
    }
    r.update(kw)
    return r


def state(current, raiders, grail, *, phase="action", boss=None, boss_track=5, turns_in_round=0,
          turn=10, roll=None, attack=None, effects=None):
    return {
        "attack": attack,
        "boss": boss,
        "boss_track": 0 if boss is not None else boss_track,
        "current": current,
        "effects": effects or [],
        "grail": grail,
        "outcome": None,
        "phase": phase,
        "raiders": raiders,
        "roll": roll,
        "toss_winner": 0,
        "turn": turn,
        "turns_in_round": turns_in_round,
        "winner": None,
    }


CASES = []


def case(name, rule, quotes, note, st, steps, options=None):
    CASES.append((name, rule, quotes, note, st, steps, options or {}))


def step(action, player=None, **claims):
    line = {"action": action}
    if player is not None:
        line["player"] = player
    line.update(claims)
    return line


def heads(n, **claims):
    return step({"kind": "heads", "heads": n}, **claims)


def err(rule):
    return {"rule": rule}


def R(*rs):
    return [copy.deepcopy(r) for r in rs]


# ------------------------------------------------------------------------------------------------
# Movement, Natural 6, Audacity

# 01 Natural 6: all six Heads, move to an adjacent 2 (neither 6 nor 0 matches it), gain 1 Audacity.
case(
    "01-natural-six-any-adjacent", "raiders.move.natural-six",
    ['Bonus: On a Move roll, if you roll a "Natural 6" on the pennies (all 6 pennies are Heads or Tails) you gain 1 Audacity AND move to ANY 1 adjacent space.'],
    "Raider 0 at 0,0 (a 2) rolls six Heads and moves to 1,0 (a 3) by the Natural 6, gaining 1 Audacity.",
    state(0, R(raider("0,0"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(6),
        step({"kind": "move-to", "space": "1,0", "face": "natural", "audacity": 0},
             project={"raiders": R(raider("1,0", 6, 3), raider("0,2", 5, 3)), "current": 1}),
    ],
)

# 02 Five pennies all Heads is not a Natural 6 ("all 6 pennies").
case(
    "02-natural-six-needs-six-pennies", "raiders.move.natural-six",
    ['if you roll a "Natural 6" on the pennies (all 6 pennies are Heads or Tails)'],
    "The Grail holder (5 pennies) rolls five Heads: no Natural 6 (default six-pennies of raiders.ambiguity.natural-six-pennies); a bonus move is refused, a Heads move onto a 5 is fine.",
    state(1, R(raider("0,2", 6, 2), raider("0,0", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(5),
        step({"kind": "move-to", "space": "1,0", "face": "natural", "audacity": 0}, error=err("raiders.move.natural-six")),
        step({"kind": "move-to", "space": "1,1", "face": "heads", "audacity": 0},
             project={"raiders": R(raider("0,2", 6, 2), raider("1,1", 5, 3))}),
    ],
)

# 03 Temple's example: 2 Heads 4 Tails, 1 Audacity turns the Tails into a 5.
case(
    "03-temple-alter-tails", "raiders.audacity.example-temple-move",
    ["I.E. James T. Temple rolls 6 pennies. He gets 2 Heads and 4 Tails. He needs a 5 to move to the next space. He spends 1 Audacity Token to alter the Tails part of the roll, changing it to a 5, and then he moves to that room."],
    "Raider 0 at 0,0 rolls 2 Heads 4 Tails and spends 1 Audacity on the Tails to enter 1,1 (a 5), diagonally.",
    state(0, R(raider("0,0"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(2),
        step({"kind": "move-to", "space": "1,1", "face": "tails", "audacity": 1},
             project={"raiders": R(raider("1,1", 6, 1), raider("0,2", 5, 3))}),
    ],
)

# 04 One Audacity short: 4 Tails to a 1 needs 3; the Raider holds 2.  The Heads (2) to 1 needs 1.
case(
    "04-audacity-one-short", "raiders.audacity.alter-roll",
    ["Audacity: Discard an Audacity: for each Audacity discarded, you may alter your roll (of either the Heads number or the Tails number) by 1."],
    "Raider 0 at 1,1 holds 2 Audacity and rolls 2 Heads 4 Tails; 0,2 is a 1: by the Tails it needs 3 Audacity (refused), by the Heads 1 (accepted).",
    state(1, R(raider("1,1"), raider("0,0", 5, 3)), 1),
    [
        step({"kind": "prepare"}),
        step({"kind": "move"}),
        heads(2),
        step({"kind": "move-to", "space": "0,2", "face": "tails", "audacity": 2}, error=err("raiders.audacity.alter-roll")),
        step({"kind": "move-to", "space": "0,2", "face": "heads", "audacity": 1},
             project={"raiders": R(raider("0,2", 6, 1), raider("0,0", 5, 4))}),
    ],
)

# ------------------------------------------------------------------------------------------------
# Prepare and Rest

case(
    "05-prepare-boss-unspawned", "raiders.prepare.gain-audacity",
    ["Prepare: Skip your turn, gain 1 Audacity Token. (If Boss Monster is Spawned, you must still roll for his movement.)"],
    "Prepare with the Boss on its track: +1 Audacity, no roll, the other player's turn.",
    state(0, R(raider("0,0", 6, 0), raider("0,2", 5, 3)), 1, turns_in_round=0),
    [
        step({"kind": "prepare"},
             project={"raiders": R(raider("0,0", 6, 1), raider("0,2", 5, 3)), "current": 1, "phase": "action", "roll": None}),
    ],
)

case(
    "06-prepare-boss-spawned-rolls", "raiders.prepare.gain-audacity",
    ["Prepare: Skip your turn, gain 1 Audacity Token. (If Boss Monster is Spawned, you must still roll for his movement.)",
     "Player Did Not Move: If a player does not move on their turn, and the Boss Monster is Spawned, the Boss Monster can move to either number on the Pennies rolled."],
    "Prepare with the Boss spawned at 6,2: a roll for the Boss; 2 Heads 4 Tails: the Boss takes the 4 (7,2), the only number of a space ahead.",
    state(0, R(raider("0,0", 6, 0), raider("0,2", 5, 3)), 1, boss="6,2"),
    [
        step({"kind": "prepare"}, project={"phase": "roll"}),
        heads(2, project={"boss": "7,2", "current": 1, "raiders": R(raider("0,0", 6, 1), raider("0,2", 5, 3))}),
    ],
)

case(
    "07-rest-regains-lost-penny", "raiders.rest.regain-penny",
    ["Rest: Skip your turn, re-gain 1 lost Penny (you cannot regain the penny lost from gaining the Holy Grail)."],
    "Raider 0 (no Grail) with 4 pennies rests: 5.",
    state(0, R(raider("0,0", 4, 2), raider("0,2", 5, 3)), 1),
    [step({"kind": "rest"}, project={"raiders": R(raider("0,0", 5, 2), raider("0,2", 5, 3)), "current": 1})],
)

case(
    "08-rest-not-the-grail-penny", "raiders.rest.regain-penny",
    ["Rest: Skip your turn, re-gain 1 lost Penny (you cannot regain the penny lost from gaining the Holy Grail)."],
    "The Grail holder with 5 pennies has lost only the Grail penny: Rest refused (default refused of raiders.ambiguity.rest-without-lost-penny); then Prepare.",
    state(1, R(raider("0,0", 6, 2), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "rest"}, error=err("raiders.rest.regain-penny")),
        step({"kind": "prepare"}, project={"raiders": R(raider("0,0", 6, 2), raider("0,2", 5, 4))}),
    ],
)

case(
    "09-rest-grail-holder-four", "raiders.rest.regain-penny",
    ["Rest: Skip your turn, re-gain 1 lost Penny (you cannot regain the penny lost from gaining the Holy Grail)."],
    "The Grail holder with 4 pennies lost one other penny: Rest gives 5, never 6.",
    state(1, R(raider("0,0", 6, 2), raider("0,2", 4, 3)), 1),
    [step({"kind": "rest"}, project={"raiders": R(raider("0,0", 6, 2), raider("0,2", 5, 3))})],
)

# ------------------------------------------------------------------------------------------------
# Attacks

# Raider 0 at 0,0 moves onto the holder at 1,0 (a 3) with 3 Heads.
ATK0 = state(0, R(raider("0,0", 6, 2), raider("1,0", 5, 3)), 1)

case(
    "10-attack-tie-to-defender", "raiders.attack.ties-to-defender",
    ["The Attacker wins if they roll more Heads than the Defender. (Ties go to the defender.)",
     "If the Attack fails, your turn ends."],
    "Raider 0 moves onto the holder; 3 Heads each, no Audacity: the Defender keeps the Grail; the Defender's turn next.",
    ATK0,
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "move-to", "space": "1,0", "face": "heads", "audacity": 0}, project={"phase": "attack-roll"}),
        step({"kind": "attack-roll", "attacker": 3, "defender": 3}, project={"phase": "attack-defender"}),
        step({"kind": "spend", "audacity": 0, "target": "own"}, player=1),
        step({"kind": "spend", "audacity": 0, "target": "own"}, player=0,
             project={"grail": 1, "current": 1, "phase": "action",
                      "raiders": R(raider("1,0", 6, 2), raider("1,0", 5, 3))}),
    ],
)

case(
    "11-attack-won-order-of-spends", "raiders.attack.audacity-order",
    ["Note: After both players have rolled for the Attack, the Defender must spend their Audacity FIRST (as many as they choose), Attacker second. Audacity may only be spent once per Attack roll.",
     "If the attacker wins the roll they gain the Grail. (When you win the Grail you immediately lose 1 penny and gain 1 Audacity.) You will then take your next turn immediately, because the defender has lost their turn",
     "You immediately gain the penny back you lost for having the Grail."],
    "Attacker 4 Heads, Defender 2; the Attacker may not spend first; the Defender spends 2 (4, a tie), the Attacker then 1 (5): the Attacker wins, pays a penny, gains an Audacity, and plays again at once; the Defender regains the Grail penny.",
    ATK0,
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "move-to", "space": "1,0", "face": "heads", "audacity": 0}),
        step({"kind": "attack-roll", "attacker": 4, "defender": 2}),
        step({"kind": "spend", "audacity": 1, "target": "own"}, player=0, error=err("raiders.attack.audacity-order")),
        step({"kind": "spend", "audacity": 2, "target": "own"}, player=1),
        step({"kind": "spend", "audacity": 1, "target": "own"}, player=0,
             project={"grail": 0, "current": 0, "phase": "action",
                      "raiders": R(raider("1,0", 5, 2), raider("1,0", 6, 1))}),
    ],
)

case(
    "12-attack-defender-equal-keeps", "raiders.attack.defender-keeps-grail",
    ["If you have the Grail (Defender) and your roll is Equal To or Greater Than the Attacker's roll (with or without Audacity spent), you keep the Grail and then take your next turn."],
    "Attacker 5 Heads, Defender 3 spends 2 to make 5: equal, the Defender keeps the Grail (the Attacker has no Audacity).",
    state(0, R(raider("0,0", 6, 0), raider("1,0", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "move-to", "space": "1,0", "face": "heads", "audacity": 0}),
        step({"kind": "attack-roll", "attacker": 5, "defender": 3}),
        step({"kind": "spend", "audacity": 2, "target": "own"}, player=1,
             project={"grail": 1, "current": 1, "phase": "action",
                      "raiders": R(raider("1,0", 6, 0), raider("1,0", 5, 1))}),
    ],
)

case(
    "13-holder-never-attacks-then-turn-start-attack", "raiders.attack.on-turn-start",
    ["(The Player with The Holy Grail never initiates an Attack.)",
     "The player without the Grail begins their turn on the same space with the Player with the Grail."],
    "The holder moves onto the other Raider's space: no Attack then; the other player begins their turn there: an Attack at once.",
    state(1, R(raider("1,0", 6, 2), raider("0,0", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "move-to", "space": "1,0", "face": "heads", "audacity": 0},
             project={"current": 0, "phase": "attack-roll", "grail": 1}),
    ],
)

case(
    "14-attack-win-with-last-penny", "raiders.ambiguity.grail-gain-kills",
    ["Anytime a player gains \"The Holy Grail\" they immediately reduce the pennies they have by 1 and they also gain 1 Audacity.",
     "Losing Pennies: If at any time you lose all of your pennies, you are Killed and out of the game."],
    "Both at 1,0; the holder prepares; the other (1 penny, no Audacity) begins on the holder's space: an Attack; 1 Head to 0: the Attacker wins, is Killed by the Grail's cost (answered reading killed); under survivor-gains the Defender gains the Grail again.",
    state(1, R(raider("1,0", 1, 0), raider("1,0", 5, 0)), 1),
    [
        step({"kind": "prepare"}, project={"phase": "attack-roll", "current": 0}),
        step({"kind": "attack-roll", "attacker": 1, "defender": 0},
             project={"grail": 1, "outcome": None}),
    ],
)

# ------------------------------------------------------------------------------------------------
# The Boss Monster

case(
    "15-boss-spawns-and-traps", "raiders.boss.spawn",
    ['Every round (after each player has had a turn) move the Boss Monster Quarter down 1 number. When the Boss Monster moves off of the number "1", move it to the "Start" space.',
     'If the Boss Monster should move on to the same room space as a Raider Character, the character becomes "Trapped".',
     "On your next turn you must Escape by rolling a 5 or a 6."],
    "Track on 1, the round's second turn ends (Prepare): the Boss goes to Start, trapping Raider 1 standing there, whose turn is the escape roll.",
    state(0, R(raider("0,0", 6, 2), raider("0,1", 5, 3)), 1, boss_track=1, turns_in_round=1),
    [
        step({"kind": "prepare"},
             project={"boss": "0,1", "boss_track": 0, "current": 1, "phase": "roll",
                      "raiders": R(raider("0,0", 6, 3), raider("0,1", 5, 3, trapped=True))}),
    ],
)

case(
    "16-boss-not-spawned-before-round-end", "raiders.boss.track-countdown",
    ["Every round (after each player has had a turn) move the Boss Monster Quarter down 1 number."],
    "Track on 1 after the round's first turn: no spawn yet, the track stays 1.",
    state(0, R(raider("0,0", 6, 2), raider("0,1", 5, 3)), 1, boss_track=1, turns_in_round=0),
    [step({"kind": "prepare"}, project={"boss": None, "boss_track": 1, "current": 1, "phase": "action"})],
)

# Boss at 6,2 (a 2): spaces ahead 7,1 (a 3) and 7,2 (a 4).
case(
    "17-boss-opposite-number", "raiders.boss.opposite-number",
    ["When a Player rolls their Pennies for Movement and they choose a Number, the Boss Monster moves on the Opposite Number."],
    "Raider 0 at 1,0 rolls 4 Heads 2 Tails and moves on the Tails to 0,0 (a 2); the Boss at 6,2 moves on the opposite number, 4, to 7,2 (ahead).",
    state(0, R(raider("1,0", 6, 2), raider("0,2", 5, 3)), 1, boss="6,2"),
    [
        step({"kind": "move"}),
        heads(4),
        step({"kind": "move-to", "space": "0,0", "face": "tails", "audacity": 0},
             project={"boss": "7,2", "current": 1}),
    ],
)

case(
    "18-boss-no-match-stays", "raiders.boss.example-opposite-number",
    ["The Boss Monster gets to move onto a room with a 2 if it is adjacent. If not, the Boss Monster does not move this turn!"],
    "Raider 0 at 1,0 rolls 4 Heads 2 Tails and moves on the Heads to 2,0 (a 4): the Boss at 6,2 has no 2 ahead: it stays.",
    state(0, R(raider("1,0", 6, 2), raider("0,2", 5, 3)), 1, boss="6,2"),
    [
        step({"kind": "move"}),
        heads(4),
        step({"kind": "move-to", "space": "2,0", "face": "heads", "audacity": 0},
             project={"boss": "6,2", "current": 1}),
    ],
)

case(
    "19-boss-after-stay-either-number", "raiders.boss.player-did-not-move",
    ["Player Did Not Move: If a player does not move on their turn, and the Boss Monster is Spawned, the Boss Monster can move to either number on the Pennies rolled."],
    "Raider 0 at 0,0 rolls 2 Heads 4 Tails and stays: the Boss at 6,2 moves on the 4 (Tails) to 7,2.",
    state(0, R(raider("0,0", 6, 2), raider("0,2", 5, 3)), 1, boss="6,2"),
    [
        step({"kind": "move"}),
        heads(2),
        step({"kind": "stay"}, project={"boss": "7,2", "current": 1}),
    ],
)

case(
    "20-boss-encounter-pull", "raiders.boss.encounter-pull",
    ["If the Boss Monster ends movement adjacent to an Encounter room space, it immediately moves into that tile (and any other adjacent Encounter rooms) and its movement ends."],
    "Boss at 7,1 (a 3); Raider 0 stays with 3 Heads 3 Tails: the Boss moves to 8,0 (a 3), adjacent to the Trap 9,1, which it enters.",
    state(0, R(raider("0,0", 6, 2), raider("0,2", 5, 3)), 1, boss="7,1"),
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "stay"}, project={"boss": "9,1", "current": 1}),
    ],
)

case(
    "21-boss-seals-tomb", "raiders.boss.seals-tomb",
    ["If the Boss Monster ever moves adjacent to the Escape Tile, he moves onto it immediately on his next move. If this happens, both players immediately LOSE the game!"],
    "Boss at 17,3, next to Escape: on its next move (any roll) it moves onto Escape and both players lose.",
    state(0, R(raider("0,0", 6, 2), raider("0,2", 5, 3)), 1, boss="17,3"),
    [
        step({"kind": "move"}),
        heads(1),
        step({"kind": "stay"}, project={"boss": "18,4", "phase": "over", "outcome": "sealed", "winner": None}),
    ],
)

ESC = {"extra": 0, "face": None, "heads": None, "number": None, "pennies": 5, "purpose": "escape"}

case(
    "22-escape-roll-pass", "raiders.boss.escape-pass",
    ["Pass (Rolled 5 or 6): Move ahead (any space) and gain 1 Audacity and gain 1 Penny."],
    "Raider 0 (5 pennies, no Grail) Trapped by the Boss at 1,1 rolls 5 Heads: +1 Audacity, +1 Penny, and moves ahead (adjacent-ahead): 0,0 is behind (refused), 2,0 ahead.",
    state(0, R(raider("1,1", 5, 0, trapped=True), raider("0,2", 5, 3)), 1, boss="1,1", phase="roll", roll=dict(ESC)),
    [
        heads(5, project={"phase": "place"}),
        step({"kind": "place", "space": "0,0"}, error=err("raiders.boss.escape-pass")),
        step({"kind": "place", "space": "2,0"},
             project={"raiders": R(raider("2,0", 6, 1), raider("0,2", 5, 3))}),
    ],
)

case(
    "23-escape-roll-fail", "raiders.boss.escape-fail",
    ["Fail to roll a 5 or 6: Move back one tile, lose 1 Audacity (if you have any) and lose 1 Penny. (If you have the Holy Grail, you do not lose it.)"],
    "The Trapped holder at 3,1 (Boss there) rolls 3 Heads 2 Tails with no Audacity: fails: back one space (default one-space, behind, the player choosing: 2,2), no Audacity to lose, 1 Penny lost, the Grail kept.",
    state(1, R(raider("0,0", 6, 2), raider("3,1", 5, 0, trapped=True)), 1, boss="3,1", phase="roll", roll=dict(ESC)),
    [
        heads(3, project={"phase": "place"}),
        step({"kind": "place", "space": "4,2"}, error=err("raiders.boss.escape-fail")),
        step({"kind": "place", "space": "2,2"},
             project={"grail": 1, "raiders": R(raider("0,0", 6, 2), raider("2,2", 4, 0))}),
    ],
)

# ------------------------------------------------------------------------------------------------
# Monster, Trap, forced moves

case(
    "24-forced-move-on-stay", "raiders.encounter.forced-move",
    ["If you begin your turn behind a Monster or Trap Encounter space (Behind means that the Room Space is closer to the Escape Space than the Raider Character) and fail your move roll, you are immediately forced to move your Raider into that Encounter Space."],
    "Raider 0 begins at 1,0, behind the Monster 2,1; rolls 1 Head 5 Tails (1,1 is a 5) and stays (default not-moving: a failed roll): forced into 2,1.",
    state(1, R(raider("1,0", 6, 2), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "prepare"}),
        step({"kind": "move"}),
        heads(1),
        step({"kind": "stay"},
             project={"current": 1, "raiders": R(raider("2,1", 6, 2, in_encounter=True, came_from="1,0"), raider("0,2", 5, 4))}),
    ],
)

case(
    "25-monster-pass", "raiders.monster.pass",
    ["If you Pass: gain 1 Audacity and move ahead to any adjacent Room Space.",
     "To Pass the Encounter, you must roll your pennies and get a 5 or 6."],
    "Raider 0 in the Monster 2,1 (came from 1,0) rolls 5 Heads: +1 Audacity, then a place ahead.",
    state(1, R(raider("2,1", 6, 0, in_encounter=True, came_from="1,0"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "prepare"}),
        heads(5, project={"phase": "place"}),
        step({"kind": "place", "space": "3,1"},
             project={"raiders": R(raider("3,1", 6, 1), raider("0,2", 5, 4)), "current": 1}),
    ],
)

case(
    "26-monster-fail-back", "raiders.monster.fail",
    ["If you Fail: move back to the original space you came from and lose 1 Audacity."],
    "Raider 0 in the Monster 2,1 (came from 1,0) with 1 Audacity rolls 3 Heads 3 Tails, spends none: back to 1,0, Audacity 0.",
    state(1, R(raider("2,1", 6, 1, in_encounter=True, came_from="1,0"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "prepare"}),
        heads(3),
        step({"kind": "spend", "audacity": 0, "face": "heads"},
             project={"raiders": R(raider("1,0", 6, 0), raider("0,2", 5, 4)), "current": 1}),
    ],
)

case(
    "27-trap-pass-penny-capped", "raiders.trap.pass",
    ["Trap Room Risks and Rewards: • If you Pass: gain 1 Penny and move ahead to any adjacent Room Space."],
    "Raider 0 (6 pennies) in the Trap 5,2 rolls 6 Tails: passes; a 7th Penny is not kept (default six of raiders.ambiguity.penny-cap); moves ahead.",
    state(1, R(raider("5,2", 6, 0, in_encounter=True, came_from="4,2"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "prepare"}),
        heads(0, project={"phase": "place"}),
        step({"kind": "place", "space": "6,2"},
             project={"raiders": R(raider("6,2", 6, 0), raider("0,2", 5, 4))}),
    ],
)

case(
    "28-trap-fail-killed", "raiders.death.killed",
    ["If you Fail: lose 1 Penny and move ahead to any adjacent Room Space.",
     "Losing Pennies: If at any time you lose all of your pennies, you are Killed and out of the game."],
    "Raider 0 (1 penny, no Grail) in the Trap 5,2 rolls 0 Heads 1 Tails: fails, loses the last penny: Killed.",
    state(1, R(raider("5,2", 1, 0, in_encounter=True, came_from="4,2"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "prepare"}),
        heads(0, project={"raiders": R(raider(None, 0, 0), raider("0,2", 5, 4)), "current": 1}),
    ],
)

case(
    "29-trap-fail-moves-ahead", "raiders.trap.fail",
    ["If you Fail: lose 1 Penny and move ahead to any adjacent Room Space."],
    "Raider 0 (4 pennies) in the Trap 5,2 rolls 2 Heads 2 Tails: fails: -1 Penny and moves ahead.",
    state(1, R(raider("5,2", 4, 0, in_encounter=True, came_from="4,2"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "prepare"}),
        heads(2, project={"phase": "place"}),
        step({"kind": "place", "space": "4,2"}, error=err("raiders.trap.fail")),
        step({"kind": "place", "space": "6,3"},
             project={"raiders": R(raider("6,3", 3, 0), raider("0,2", 5, 4))}),
    ],
)

# ------------------------------------------------------------------------------------------------
# Portal

case(
    "30-portal-success", "raiders.portal.success",
    ['To "Use the Portal Room" you must roll a 5 or 6.',
     'If successful, you may automatically move your character to any other room space marked "Portal".'],
    "Raider 0 in the Portal 4,3 uses it: 6 Heads: places on the Portal 11,2.",
    state(1, R(raider("4,3", 6, 0, in_encounter=True, came_from="3,4"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "prepare"}, project={"phase": "action", "current": 0}),
        step({"kind": "use-portal"}, project={"phase": "roll"}),
        heads(6, project={"phase": "place"}),
        step({"kind": "place", "space": "11,2"},
             project={"raiders": R(raider("11,2", 6, 0, portal_used=True), raider("0,2", 5, 4))}),
    ],
)

case(
    "31-portal-once-per-game", "raiders.portal.once-per-game",
    ["(This may only be used or attempted once per game per player.)"],
    "Raider 0 who has attempted the Portal stands in the Portal 11,2: use-portal refused.",
    state(0, R(raider("11,2", 6, 0, portal_used=True), raider("0,2", 5, 3)), 1),
    [step({"kind": "use-portal"}, error=err("raiders.portal.once-per-game"))],
)

case(
    "32-portal-malfunction", "raiders.portal.malfunction",
    ['If you Fail, the Portal "Malfunctioned" and you move back one FULL Card Tile.',
     "Choose one of the spaces on the next tile and place your character on an adjacent space to the current tile."],
    "Raider 0 in the Portal 11,2 (shrine tile) rolls 3 Heads 3 Tails, no Audacity: back to a space of the crypt tile next to the shrine tile: 2,2 (two tiles back) and 6,0 (crypt, not next to the shrine tile) refused, 8,2 accepted.",
    state(1, R(raider("11,2", 6, 0, in_encounter=True, came_from="10,2"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "prepare"}),
        step({"kind": "use-portal"}),
        heads(3, project={"phase": "place"}),
        step({"kind": "place", "space": "2,2"}, error=err("raiders.portal.malfunction")),
        step({"kind": "place", "space": "6,0"}, error=err("raiders.portal.malfunction-placement")),
        step({"kind": "place", "space": "8,2"},
             project={"raiders": R(raider("8,2", 6, 0, portal_used=True), raider("0,2", 5, 4))}),
    ],
)

case(
    "33-portal-any-number", "raiders.portal.enter-on-any-number",
    ['You may move into the room marked "Portal" with ANY number rolled on the pennies!'],
    "Raider 0 at 3,4 (a 2) rolls 1 Head 5 Tails (no 1 next to it; 3,3 is a 5) and enters the Portal 4,3 freely.",
    state(0, R(raider("3,4", 6, 0), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(1),
        step({"kind": "move-to", "space": "4,3", "face": "free", "audacity": 0},
             project={"raiders": R(raider("4,3", 6, 0, in_encounter=True, came_from="3,4"), raider("0,2", 5, 3))}),
    ],
)

# ------------------------------------------------------------------------------------------------
# Escaping

case(
    "34-escape-with-grail-wins", "raiders.object.game-ends-on-escape",
    ["As soon as one player escapes the tomb with The Holy Grail, the game immediately ends and that player wins."],
    "The holder at 17,3 moves onto Escape (no printed number: any roll, default any-roll of raiders.ambiguity.start-escape-numbers): wins at once, before the Boss moves.",
    state(1, R(raider("0,0", 6, 2), raider("17,3", 5, 3)), 1, boss="16,2"),
    [
        step({"kind": "move"}),
        heads(2),
        step({"kind": "move-to", "space": "18,4", "face": "free", "audacity": 0},
             project={"phase": "over", "outcome": "escaped", "winner": 1, "boss": "16,2"}),
    ],
)


case(
    "35-escape-space-without-grail", "raiders.object.escape-with-grail",
    ["To win the game, the player with The Holy Grail must escape the tomb before being Killed",
     "As soon as one player escapes the tomb with The Holy Grail, the game immediately ends and that player wins."],
    "Raider 0, without the Grail, moves onto the Escape space: nobody escapes with the Grail, the game goes on.",
    state(0, R(raider("17,3", 6, 2), raider("0,0", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(2),
        step({"kind": "move-to", "space": "18,4", "face": "free", "audacity": 0},
             project={"outcome": None, "winner": None, "current": 1}),
    ],
)

case(
    "36-boss-moves-before-attack", "raiders.attack.on-move",
    ["An Attack occurs automatically when: • The player without Grail moves onto the space with the player who has the Grail. (*If Spawned, move Boss Monster before Attack roll.)"],
    "Boss at 6,2; Raider 0 at 0,0 rolls 3 Heads 3 Tails and moves onto the holder at 1,0 (a 3): the Boss moves on the opposite number 3 to 7,1, then the Attack roll.",
    state(0, R(raider("0,0", 6, 2), raider("1,0", 5, 3)), 1, boss="6,2"),
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "move-to", "space": "1,0", "face": "heads", "audacity": 0},
             project={"boss": "7,1", "phase": "attack-roll"}),
    ],
)

case(
    "37-holder-killed-survivor-gains", "raiders.ambiguity.grail-holder-killed",
    ["If you Fail: lose 1 Penny and move ahead to any adjacent Room Space.",
     "Losing Pennies: If at any time you lose all of your pennies, you are Killed and out of the game.",
     "Anytime a player gains \"The Holy Grail\" they immediately reduce the pennies they have by 1 and they also gain 1 Audacity."],
    "The holder (1 penny) in the Trap 5,2 fails (0 Heads 1 Tail): Killed; under survivor-gains the other Raider gains the Grail: -1 Penny, +1 Audacity.",
    state(0, R(raider("0,0", 6, 2), raider("5,2", 1, 0, in_encounter=True, came_from="4,2")), 1),
    [
        step({"kind": "prepare"}),
        heads(0, project={"grail": 0, "outcome": None,
                          "raiders": R(raider("0,0", 5, 4), raider(None, 0, 0))}),
    ],
)

case(
    "38-escape-pass-holder-penny-cap", "raiders.ambiguity.penny-cap",
    ["Pass (Rolled 5 or 6): Move ahead (any space) and gain 1 Audacity and gain 1 Penny.",
     "Anytime a player gains \"The Holy Grail\" they immediately reduce the pennies they have by 1"],
    "The Trapped holder with 5 pennies passes the escape roll: under the default six of raiders.ambiguity.penny-cap (the Grail penny counts among the six) the Penny gained is lost: 5.",
    state(1, R(raider("0,0", 6, 2), raider("1,1", 5, 0, trapped=True)), 1, boss="1,1", phase="roll",
          roll={"extra": 0, "face": None, "heads": None, "number": None, "pennies": 5, "purpose": "escape"}),
    [
        heads(0, project={"phase": "place"}),
        step({"kind": "place", "space": "2,2"},
             project={"raiders": R(raider("0,0", 6, 2), raider("2,2", 5, 1))}),
    ],
)


case(
    "39-escape-roll-with-audacity", "raiders.boss.escape-roll",
    ["On your next turn you must Escape by rolling a 5 or a 6.",
     "Audacity: Discard an Audacity: for each Audacity discarded, you may alter your roll (of either the Heads number or the Tails number) by 1."],
    "Trapped Raider 0 (5 pennies, 1 Audacity) at 1,1 rolls 4 Heads 1 Tail, spends 1 on the Heads: 5, passes: Audacity 1 - 1 + 1 = 1, Pennies 6; moves ahead to 2,2; the Boss then moves, towards the closest Raider (Raider 0 at 2,2), into the Monster 2,1 (Encounter rooms are free movement for it), not onto 2,0 (the 4).",
    state(0, R(raider("1,1", 5, 1, trapped=True), raider("0,2", 5, 3)), 1, boss="1,1", phase="roll",
          roll={"extra": 0, "face": None, "heads": None, "number": None, "pennies": 5, "purpose": "escape"}),
    [
        heads(4, project={"phase": "spend"}),
        step({"kind": "spend", "audacity": 1, "face": "heads"}, project={"phase": "place"}),
        step({"kind": "place", "space": "2,2"},
             project={"boss": "2,1", "raiders": R(raider("2,2", 6, 1), raider("0,2", 5, 3))}),
    ],
)

case(
    "40-natural-six-tails", "raiders.move.natural-six",
    ['Bonus: On a Move roll, if you roll a "Natural 6" on the pennies (all 6 pennies are Heads or Tails) you gain 1 Audacity AND move to ANY 1 adjacent space.'],
    "Raider 0 at 0,0 rolls six Tails (0 Heads): a Natural 6: to 1,0 (a 3) by the bonus, +1 Audacity.",
    state(0, R(raider("0,0", 6, 0), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(0),
        step({"kind": "move-to", "space": "1,0", "face": "natural", "audacity": 0},
             project={"raiders": R(raider("1,0", 6, 1), raider("0,2", 5, 3))}),
    ],
)

case(
    "41-boss-move-traps-raider", "raiders.boss.traps-raider",
    ['If the Boss Monster should move on to the same room space as a Raider Character, the character becomes "Trapped".'],
    "Boss at 6,2; the holder stands at 7,2 (a 4). Raider 0 at 0,0 rolls 2 Heads 4 Tails and stays: the Boss moves on the 4 to 7,2: the holder is Trapped; their turn is the escape roll.",
    state(0, R(raider("0,0", 6, 2), raider("7,2", 5, 3)), 1, boss="6,2"),
    [
        step({"kind": "move"}),
        heads(2),
        step({"kind": "stay"},
             project={"boss": "7,2", "current": 1, "phase": "roll",
                      "raiders": R(raider("0,0", 6, 2), raider("7,2", 5, 3, trapped=True))}),
    ],
)

case(
    "42-boss-adjacent-escape-seals-next-move", "raiders.boss.seals-tomb",
    ["If the Boss Monster ever moves adjacent to the Escape Tile, he moves onto it immediately on his next move. If this happens, both players immediately LOSE the game!"],
    "Boss at 16,2 moves (3 Heads 3 Tails, stay) to 17,3, next to Escape: not sealed yet; the next turn's Prepare roll (1 Head, no 1 ahead) still takes it onto Escape: sealed.",
    state(0, R(raider("0,0", 6, 2), raider("0,2", 5, 3)), 1, boss="16,2"),
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "stay"}, project={"boss": "17,3", "outcome": None, "current": 1}),
        step({"kind": "prepare"}),
        heads(1, project={"boss": "18,4", "phase": "over", "outcome": "sealed", "winner": None}),
    ],
)

case(
    "43-boss-towards-closest-raider", "raiders.boss.always-ahead",
    ["The Boss Monster must ALWAYS move ahead and, if possible, towards the closest Raider Character."],
    "Boss at 14,2 (a 4): the 1s ahead are 15,1 and 15,3. Raider 0 at 17,4 moves on 5 Heads to 16,4; the Boss moves on the 1 to 15,3, next to Raider 0, not 15,1 (first in board order).",
    state(0, R(raider("17,4", 6, 2), raider("0,0", 5, 3)), 1, boss="14,2"),
    [
        step({"kind": "move"}),
        heads(5),
        step({"kind": "move-to", "space": "16,4", "face": "heads", "audacity": 0},
             project={"boss": "15,3", "current": 1}),
    ],
)

case(
    "44-turn-start-attack-boss-roll-first", "raiders.attack.on-turn-start",
    ["The player without the Grail begins their turn on the same space with the Player with the Grail. (If Spawned, roll for Boss Monster movement before Attack roll.)"],
    "Boss at 6,2; both Raiders at 0,0; the holder prepares (a roll for the Boss: 3 Heads: 7,1); Raider 0 begins on the holder's space: first a roll for the Boss (2 Heads 4 Tails: 7,2? it is at 7,1: ahead 8,x...), then the Attack.",
    state(1, R(raider("0,0", 6, 2), raider("0,0", 5, 3)), 1, boss="6,2"),
    [
        step({"kind": "prepare"}),
        heads(3, project={"boss": "7,1", "current": 0, "phase": "roll"}),
        heads(0, project={"phase": "attack-roll"}),
    ],
)

case(
    "45-monster-fail-no-audacity", "raiders.monster.fail",
    ["If you Fail: move back to the original space you came from and lose 1 Audacity."],
    "Raider 0 with no Audacity fails the Monster 2,1 (3 Heads 3 Tails): back to 1,0; Audacity stays 0 (no negative Audacity).",
    state(1, R(raider("2,1", 6, 0, in_encounter=True, came_from="1,0"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "prepare"}),
        heads(3, project={"raiders": R(raider("1,0", 6, 0), raider("0,2", 5, 4)), "current": 1}),
    ],
)

case(
    "46-free-entry-after-failed-roll", "raiders.move.encounter-rooms",
    ['Other spaces (Monster/Trap/Portal) are Encounter Rooms and may either be moved into freely OR they pull you in if you fail your Move roll and are adjacent and "Behind" the room space.'],
    "Raider 0 at 1,0 rolls 3 Heads 3 Tails (no adjacent 3) and moves freely into the Monster 2,1 (default any-roll of raiders.ambiguity.encounter-free-entry).",
    state(0, R(raider("1,0", 6, 2), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "move-to", "space": "2,1", "face": "free", "audacity": 0},
             project={"raiders": R(raider("2,1", 6, 2, in_encounter=True, came_from="1,0"), raider("0,2", 5, 3))}),
    ],
)

case(
    "47-natural-six-no-audacity-needed", "raiders.move.natural-six",
    ['you gain 1 Audacity AND move to ANY 1 adjacent space.'],
    "Raider 0 at 0,0 rolls six Heads and moves to 0,1 (Start)... to 1,1 (a 5) with face natural: the move takes no Audacity; a Natural 6 move sent with Audacity 1 is refused.",
    state(0, R(raider("0,0", 6, 2), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(6),
        step({"kind": "move-to", "space": "1,1", "face": "natural", "audacity": 1}, error=err("raiders.audacity.alter-roll")),
        step({"kind": "move-to", "space": "1,1", "face": "natural", "audacity": 0},
             project={"raiders": R(raider("1,1", 6, 3), raider("0,2", 5, 3))}),
    ],
)

case(
    "48-attack-more-heads-no-spend", "raiders.attack.more-heads-wins",
    ["The Attacker wins if they roll more Heads than the Defender.",
     "If you fail the roll, you immediately lose the Grail and lose your next turn."],
    "Neither holds Audacity; Attacker 6 Heads, Defender 5 (exactly one more): the Attacker wins; the boss track counts the Defender's lost turn.",
    state(0, R(raider("0,0", 6, 0), raider("1,0", 5, 0)), 1, boss_track=5, turns_in_round=0),
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "move-to", "space": "1,0", "face": "heads", "audacity": 0}),
        step({"kind": "attack-roll", "attacker": 6, "defender": 5},
             project={"grail": 0, "current": 0, "phase": "action", "boss_track": 4,
                      "raiders": R(raider("1,0", 5, 1), raider("1,0", 6, 0))}),
    ],
)


SPECIAL = {"special_tiles": True}

case(
    "49-yellow-red-heads-only", "raiders.advanced.yellow-red-heads-only",
    ["Yellow/Red colored tiles: You must use Heads only to move into this room!"],
    "Board special (hall tile Yellow/Red). Raider 0 at 2,2 rolls 3 Heads 3 Tails; 3,2 (a 3, hall) by the Tails is refused, by the Heads accepted.",
    state(0, R(raider("2,2", 6, 2), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "move-to", "space": "3,2", "face": "tails", "audacity": 0}, error=err("raiders.advanced.yellow-red-heads-only")),
        step({"kind": "move-to", "space": "3,2", "face": "heads", "audacity": 0},
             project={"raiders": R(raider("3,2", 6, 2), raider("0,2", 5, 3))}),
    ],
    options=SPECIAL,
)

case(
    "50-black-no-audacity", "raiders.advanced.black-any-face",
    ["Black Tile: Any face can be used! (But no Audacity may be used!)"],
    "Board special (shrine tile Black). Raider 0 at 8,2 rolls 2 Heads 4 Tails; 9,2 (a 1, shrine) by the Heads altered with 1 Audacity is refused; 7,2 (a 4, crypt) by the Tails is fine.",
    state(0, R(raider("8,2", 6, 2), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(2),
        step({"kind": "move-to", "space": "9,2", "face": "heads", "audacity": 1}, error=err("raiders.advanced.black-any-face")),
        step({"kind": "move-to", "space": "7,2", "face": "tails", "audacity": 0},
             project={"raiders": R(raider("7,2", 6, 2), raider("0,2", 5, 3))}),
    ],
    options=SPECIAL,
)

case(
    "51-audacity-advanced-boost-natural-six", "raiders.advanced.audacity-advanced",
    ["Audacity Advanced: Instead of altering your roll, you add 1 Penny (temporarily) to your roll per Audacity spent. You must spend Audacity before rolling.",
     'if you roll a "Natural 6" on the pennies (all 6 pennies are Heads or Tails)'],
    "Audacity Advanced. The holder (5 pennies, 3 Audacity) at 0,0 boosts 1: 6 pennies; six Heads: altering afterwards refused; a Natural 6 (default six-pennies counts temporary pennies): to 1,0, Audacity 3 - 1 + 1 = 3; pennies back to 5.",
    state(1, R(raider("0,2", 6, 2), raider("0,0", 5, 3)), 1),
    [
        step({"kind": "move"}, project={"phase": "boost"}),
        step({"kind": "boost", "audacity": 1}, project={"phase": "roll"}),
        heads(6),
        step({"kind": "move-to", "space": "1,1", "face": "heads", "audacity": 1}, error=err("raiders.advanced.audacity-advanced")),
        step({"kind": "move-to", "space": "1,0", "face": "natural", "audacity": 0},
             project={"raiders": R(raider("0,2", 6, 2), raider("1,0", 5, 3))}),
    ],
    options={"audacity_advanced": True},
)


case(
    "52-move-not-adjacent", "raiders.move.number-match",
    ["If one of the numbers matches the next tile space, the Raider may move there."],
    "Raider 0 at 0,0 rolls 3 Heads 3 Tails: 3,1 is a 3 but not next to 0,0: refused (the next tile space only); 1,0 (a 3, next to it) accepted.",
    state(0, R(raider("0,0", 6, 2), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "move-to", "space": "3,1", "face": "heads", "audacity": 0}, error=err("raiders.move.number-match")),
        step({"kind": "move-to", "space": "1,0", "face": "heads", "audacity": 0},
             project={"raiders": R(raider("1,0", 6, 2), raider("0,2", 5, 3))}),
    ],
)


def main():
    for old in HERE.glob("[0-9][0-9]-*.jsonl"):
        old.unlink()
    for name, rule, quotes, note, st, steps, options in CASES:
        header = {"trace": "tombspec", "version": 1, "game": "raiders", "options": options}
        if options.get("special_tiles"):
            header["board"] = "special"
        header.update({"state": st, "note": note, "x-rule": rule, "x-quote": quotes})
        with open(HERE / f"{name}.jsonl", "w") as f:
            f.write(json.dumps(header) + "\n")
            for s in steps:
                f.write(json.dumps(s) + "\n")
    print(len(CASES), "cases")


if __name__ == "__main__":
    main()
