"""Build the Raiders rulebook cases of the Advanced Rules (tests/cases/raiders/aNN-*.jsonl).

Written from the rulebook (/work/shared/rulebooks/raiders-of-the-lost-tomb.txt), the catalog
(spec/raiders.toml), docs/raiders-model.md, docs/oracle.md, docs/board-format.md and the board file
spec/boards/raiders-special.toml only; the helpers are build.py's.  The 52 cases of build.py cover the
basic turn; these cover the Advanced Rules (Yellow/Red and Black Special Tiles, Audacity Advanced) and the
Boss Monster's spawning.

The board 'special' composed (the standard board's numbers; the tile letter after each token:
S start, Y hall (Yellow/Red), C crypt, K shrine (Black), V vault, E escape), and each space's distance
in moves to Escape (the default reading of 'ahead'):

       0   1   2   3   4   5   6   7   8   9  10  11  12  13  14  15  16  17  18
   0  2S  3S  4S  1S   .   .  4C  1C  3C  2C   .   .  3V  MV  4V  2V   .   .   .
   1  SS  5S  MS  3S   .   .  MC  3C  5C  TC   .   .  5V  2V  TV  1V   .   .   .
   2  1S  4S  2S  3Y  2Y  TY  2C  4C  6C  1K  3K  PK  6V  3V  4V  2E  4E  3E  5E
   3   .   .   .  5Y  PY  1Y  3Y   .   .  2K  5K  3K  MK   .   .  1E  6E  3E  4E
   4   .   .   .  2Y  6Y  3Y  5Y   .   .  4K  TK  2K  6K   .   .  3E  5E  2E  EE

   0  18  17  16  16   .   .  12  11  10  10   .   .   6   5   4   4   .   .   .
   1  18  17  16  15   .   .  12  11  10   9   .   .   6   5   4   3   .   .   .
   2  18  17  16  15  14  13  12  11  10   9   8   7   6   5   4   3   2   2   2
   3   .   .   .  15  14  13  12   .   .   9   8   7   6   .   .   3   2   1   1
   4   .   .   .  15  14  13  13   .   .   9   8   7   7   .   .   3   2   1   0

Run: python3 tests/cases/raiders/build_a.py   (rewrites every aNN case file)
"""

from __future__ import annotations

import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from build import R, err, heads, raider, state, step  # noqa: E402

CASES = []

SPECIAL = {"special_tiles": True}
AA = {"audacity_advanced": True}

Q_YR = "Yellow/Red colored tiles: You must use Heads only to move into this room!"
Q_BLACK = "Black Tile: Any face can be used! (But no Audacity may be used!)"
Q_AA = ("Audacity Advanced: Instead of altering your roll, you add 1 Penny (temporarily) to your roll per "
        "Audacity spent. You must spend Audacity before rolling.")
Q_N6 = ('Bonus: On a Move roll, if you roll a "Natural 6" on the pennies (all 6 pennies are Heads or Tails) '
        "you gain 1 Audacity AND move to ANY 1 adjacent space.")


def case(name, rule, quotes, note, st, steps, options=None, board=None):
    CASES.append((name, rule, quotes, note, st, steps, options or {}, board))


def roll(purpose, pennies, extra=0):
    return {"extra": extra, "face": None, "heads": None, "number": None, "pennies": pennies, "purpose": purpose}


# ------------------------------------------------------------------------------------------------
# Yellow/Red tiles

case(
    "a01-yellow-red-heads-altered", "raiders.advanced.yellow-red-heads-only",
    [Q_YR, "Audacity: Discard an Audacity: for each Audacity discarded, you may alter your roll (of either the Heads number or the Tails number) by 1."],
    "Special tiles. Raider 0 at 2,2 (a 2, Start tile) rolls 2 Heads 4 Tails; 3,2 (a 3, Yellow/Red) by the Tails altered down by 1 is refused; by the Heads altered up by 1 it is the Heads number used: accepted, Audacity 2 - 1.",
    state(0, R(raider("2,2"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(2),
        step({"kind": "move-to", "space": "3,2", "face": "tails", "audacity": 1}, error=err("raiders.advanced.yellow-red-heads-only")),
        step({"kind": "move-to", "space": "3,2", "face": "heads", "audacity": 1},
             project={"raiders": R(raider("3,2", 6, 1), raider("0,2", 5, 3)), "current": 1}),
    ],
    options=SPECIAL, board="special",
)

case(
    "a02-yellow-red-leaving-by-tails", "raiders.advanced.yellow-red-heads-only",
    [Q_YR],
    "Special tiles. Raider 0 in the Yellow/Red room 3,2 rolls 4 Heads 2 Tails: the Tails 2 into 4,2 (a 2, Yellow/Red) is refused; the Tails 2 out into 2,2 (a 2, the plain Start tile) is accepted: Heads only 'to move into this room'.",
    state(0, R(raider("3,2"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(4),
        step({"kind": "move-to", "space": "4,2", "face": "tails", "audacity": 0}, error=err("raiders.advanced.yellow-red-heads-only")),
        step({"kind": "move-to", "space": "2,2", "face": "tails", "audacity": 0},
             project={"raiders": R(raider("2,2"), raider("0,2", 5, 3)), "current": 1}),
    ],
    options=SPECIAL, board="special",
)

case(
    "a03-natural-six-tails-heads-only-reading", "raiders.ambiguity.natural-six-yellow-red",
    [Q_N6, Q_YR],
    "Special tiles, natural_six_yellow_red = heads-only. Raider 0 at 2,2 rolls six Tails: the Natural 6 into 3,3 (Yellow/Red) is refused; into 3,1 (a 3, plain) accepted, +1 Audacity.",
    state(0, R(raider("2,2", 6, 0), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(0),
        step({"kind": "move-to", "space": "3,3", "face": "natural", "audacity": 0}, error=err("raiders.advanced.yellow-red-heads-only")),
        step({"kind": "move-to", "space": "3,1", "face": "natural", "audacity": 0},
             project={"raiders": R(raider("3,1", 6, 1), raider("0,2", 5, 3)), "current": 1}),
    ],
    options={**SPECIAL, "natural_six_yellow_red": "heads-only"}, board="special",
)

case(
    "a04-yellow-red-trap-free-entry", "raiders.ambiguity.yellow-red-encounter-rooms",
    ['Other spaces (Monster/Trap/Portal) are Encounter Rooms and may either be moved into freely', Q_YR,
     "Player Did Not Move: If a player does not move on their turn, and the Boss Monster is Spawned, the Boss Monster can move to either number on the Pennies rolled."],
    "Special tiles. Boss at Start 0,1. Raider 0 at 6,2 (a 2, crypt) rolls 4 Heads 2 Tails and enters the Trap 5,2 of the Yellow/Red tile freely (default free-entry). No number chosen: the Boss takes either; the 4 gives 1,2, next to the Monster 2,1, which pulls it in.",
    state(0, R(raider("6,2"), raider("0,0", 5, 3)), 1, boss="0,1"),
    [
        step({"kind": "move"}),
        heads(4),
        step({"kind": "move-to", "space": "5,2", "face": "free", "audacity": 0},
             project={"raiders": R(raider("5,2", in_encounter=True, came_from="6,2"), raider("0,0", 5, 3)),
                      "boss": "2,1", "current": 1}),
    ],
    options=SPECIAL, board="special",
)

case(
    "a05-yellow-red-trap-by-heads-reading", "raiders.ambiguity.yellow-red-encounter-rooms",
    [Q_YR, "When a Player rolls their Pennies for Movement and they choose a Number, the Boss Monster moves on the Opposite Number."],
    "Special tiles, yellow_red_encounter_rooms = by-heads. Boss at Start 0,1. Raider 0 at 6,2 rolls 4 Heads 2 Tails: a free entry into the Trap 5,2 (Yellow/Red) is refused; by the Heads it is accepted, so the Boss moves on the Tails 2: no 2 ahead of Start, it stays.",
    state(0, R(raider("6,2"), raider("0,0", 5, 3)), 1, boss="0,1"),
    [
        step({"kind": "move"}),
        heads(4),
        step({"kind": "move-to", "space": "5,2", "face": "free", "audacity": 0}, error=err("raiders.advanced.yellow-red-heads-only")),
        step({"kind": "move-to", "space": "5,2", "face": "heads", "audacity": 0},
             project={"raiders": R(raider("5,2", in_encounter=True, came_from="6,2"), raider("0,0", 5, 3)),
                      "boss": "0,1", "current": 1}),
    ],
    options={**SPECIAL, "yellow_red_encounter_rooms": "by-heads"}, board="special",
)

case(
    "a06-boss-enters-yellow-red-on-tails", "raiders.boss.opposite-number",
    ["When a Player rolls their Pennies for Movement and they choose a Number, the Boss Monster moves on the Opposite Number.", Q_YR],
    "Special tiles. Boss at 5,4 (Yellow/Red). The holder (5 pennies) at 8,2 rolls 2 Heads 3 Tails and moves on the Heads 2 to 9,3 (Black, exact, no Audacity). The Boss moves on the Opposite Number, the Tails 3, to 6,3 (a 3, Yellow/Red): the Heads-only rule is the player's ('You must use Heads only'), not the Boss's.",
    state(1, R(raider("0,0"), raider("8,2", 5, 3)), 1, boss="5,4"),
    [
        step({"kind": "move"}),
        heads(2),
        step({"kind": "move-to", "space": "9,3", "face": "heads", "audacity": 0},
             project={"raiders": R(raider("0,0"), raider("9,3", 5, 3)), "boss": "6,3", "current": 0}),
    ],
    options=SPECIAL, board="special",
)

# ------------------------------------------------------------------------------------------------
# Black tiles

case(
    "a07-black-number-still-needed", "raiders.ambiguity.black-tile-any-face",
    [Q_BLACK, "If one of the numbers matches the next tile space, the Raider may move there."],
    "Special tiles. Raider 0 at 8,2 rolls 3 Heads 3 Tails: 9,2 (a 1, Black) matches neither number; under the default either-face-no-audacity it is refused; 7,1 (a 3) accepted.",
    state(0, R(raider("8,2"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "move-to", "space": "9,2", "face": "heads", "audacity": 0}, error=err("raiders.move.number-match")),
        step({"kind": "move-to", "space": "7,1", "face": "heads", "audacity": 0},
             project={"raiders": R(raider("7,1"), raider("0,2", 5, 3))}),
    ],
    options=SPECIAL, board="special",
)

case(
    "a08-black-any-number-reading", "raiders.ambiguity.black-tile-any-face",
    [Q_BLACK],
    "Special tiles, black_tile = any-number. Raider 0 at 8,2 rolls 3 Heads 3 Tails: into 9,2 (a 1, Black) with 1 Audacity refused (no Audacity); with none accepted: any roll enters.",
    state(0, R(raider("8,2"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "move-to", "space": "9,2", "face": "heads", "audacity": 1}, error=err("raiders.advanced.black-any-face")),
        step({"kind": "move-to", "space": "9,2", "face": "heads", "audacity": 0},
             project={"raiders": R(raider("9,2"), raider("0,2", 5, 3))}),
    ],
    options={**SPECIAL, "black_tile": "any-number"}, board="special",
)

case(
    "a09-black-monster-audacity-moving-only", "raiders.ambiguity.black-tile-encounter-audacity",
    [Q_BLACK, "To Pass the Encounter, you must roll your pennies and get a 5 or 6.",
     "Monster Room Risks and Rewards: • If you Pass: gain 1 Audacity and move ahead to any adjacent Room Space."],
    "Special tiles. Raider 0 in the Monster 12,3 of the Black tile (came from 11,3) rolls 4 Heads 2 Tails; under the default moving-only the Audacity alters the encounter roll: 1 on the Heads makes a 5: passed, +1 Audacity, ahead to 13,2.",
    state(0, R(raider("12,3", 6, 1, in_encounter=True, came_from="11,3"), raider("0,2", 5, 3)), 1,
          phase="roll", roll=roll("encounter", 6)),
    [
        heads(4, project={"phase": "spend"}),
        step({"kind": "spend", "audacity": 1, "face": "heads"}),
        step({"kind": "place", "space": "13,2"},
             project={"raiders": R(raider("13,2", 6, 1), raider("0,2", 5, 3)), "current": 1}),
    ],
    options=SPECIAL, board="special",
)

case(
    "a10-black-monster-audacity-every-roll", "raiders.ambiguity.black-tile-encounter-audacity",
    [Q_BLACK, "If you Fail: move back to the original space you came from and lose 1 Audacity."],
    "Special tiles, black_tile_encounter_audacity = every-roll. Raider 0 in the Monster 12,3 (Black, came from 11,3) rolls 4 Heads 2 Tails: no Audacity may alter it, the roll fails at once: back to 11,3, Audacity 1 - 1 = 0.",
    state(0, R(raider("12,3", 6, 1, in_encounter=True, came_from="11,3"), raider("0,2", 5, 3)), 1,
          phase="roll", roll=roll("encounter", 6)),
    [
        heads(4, project={"raiders": R(raider("11,3", 6, 0), raider("0,2", 5, 3)), "current": 1}),
    ],
    options={**SPECIAL, "black_tile_encounter_audacity": "every-roll"}, board="special",
)

case(
    "a11-black-boosted-roll-no-entry", "raiders.ambiguity.black-tile-boosted-roll",
    [Q_BLACK, Q_AA],
    "Special tiles and Audacity Advanced. Raider 0 at 8,2 boosts 1 (7 pennies) and rolls 1 Head 6 Tails: 9,2 (a 1, Black) by the Heads is refused, the roll used Audacity (answered no-boosted-entry); the Trap 9,1 (crypt) is entered freely; Audacity 1, pennies 6 again.",
    state(0, R(raider("8,2", 6, 2), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}, project={"phase": "boost"}),
        step({"kind": "boost", "audacity": 1}),
        heads(1),
        step({"kind": "move-to", "space": "9,2", "face": "heads", "audacity": 0}, error=err("raiders.advanced.black-any-face")),
        step({"kind": "move-to", "space": "9,1", "face": "free", "audacity": 0},
             project={"raiders": R(raider("9,1", 6, 1, in_encounter=True, came_from="8,2"), raider("0,2", 5, 3))}),
    ],
    options={**SPECIAL, **AA}, board="special",
)

case(
    "a12-natural-six-boosted-into-black", "raiders.ambiguity.black-tile-boosted-roll",
    [Q_BLACK, Q_AA, Q_N6],
    "Special tiles and Audacity Advanced. The holder (5 pennies) at 8,2 boosts 1: six Heads of six pennies, a Natural 6 (default six-pennies); the bonus move into 9,2 (Black) is refused, the roll used Audacity (answered no-boosted-entry); into 7,1 (a 3, crypt) accepted: Audacity 3 - 1 + 1.",
    state(1, R(raider("0,0"), raider("8,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        step({"kind": "boost", "audacity": 1}),
        heads(6),
        step({"kind": "move-to", "space": "9,2", "face": "natural", "audacity": 0}, error=err("raiders.advanced.black-any-face")),
        step({"kind": "move-to", "space": "7,1", "face": "natural", "audacity": 0},
             project={"raiders": R(raider("0,0"), raider("7,1", 5, 3)), "current": 0}),
    ],
    options={**SPECIAL, **AA}, board="special",
)

case(
    "a13-monster-pass-ahead-into-yellow-red", "raiders.monster.pass",
    ["Monster Room Risks and Rewards: • If you Pass: gain 1 Audacity and move ahead to any adjacent Room Space.", Q_YR],
    "Special tiles. Raider 0 in the Monster 2,1 (Start tile, came from 1,0) rolls 1 Head 5 Tails: passed on the Tails; 'move ahead to any adjacent Room Space' takes no number, so 3,2 (Yellow/Red) is open: +1 Audacity.",
    state(0, R(raider("2,1", 6, 0, in_encounter=True, came_from="1,0"), raider("0,2", 5, 3)), 1,
          phase="roll", roll=roll("encounter", 6)),
    [
        heads(1, project={"phase": "place"}),
        step({"kind": "place", "space": "3,2"},
             project={"raiders": R(raider("3,2", 6, 1), raider("0,2", 5, 3)), "current": 1}),
    ],
    options=SPECIAL, board="special",
)

case(
    "a14-trap-pass-with-audacity-ahead-into-black", "raiders.trap.pass",
    ["Trap Room Risks and Rewards: • If you Pass: gain 1 Penny and move ahead to any adjacent Room Space.", Q_BLACK],
    "Special tiles. Raider 0 (4 pennies, 1 Audacity) in the Trap 9,1 (crypt, came from 8,1) rolls 4 Heads 2 Tails and spends 1 on the Heads: passed (default moving-only: the roll is in a crypt room anyway); +1 Penny; 'move ahead to any adjacent Room Space' into 10,2 (Black) is no move by a roll: accepted.",
    state(0, R(raider("9,1", 4, 1, in_encounter=True, came_from="8,1"), raider("0,2", 5, 3)), 1,
          phase="roll", roll=roll("encounter", 4)),
    [
        heads(4, project={"phase": "spend"}),
        step({"kind": "spend", "audacity": 1, "face": "heads"}, project={"phase": "place"}),
        step({"kind": "place", "space": "10,2"},
             project={"raiders": R(raider("10,2", 5, 0), raider("0,2", 5, 3)), "current": 1}),
    ],
    options=SPECIAL, board="special",
)

case(
    "a15-aa-escape-roll-boost", "raiders.advanced.audacity-advanced",
    [Q_AA, "On your next turn you must Escape by rolling a 5 or a 6.",
     "Pass (Rolled 5 or 6): Move ahead (any space) and gain 1 Audacity and gain 1 Penny."],
    "Audacity Advanced. Both Raiders on Start 0,1, track on 1; the holder's Prepare spawns the Boss there, trapping both. Raider 0 (5 pennies) boosts 1 before the escape roll: 6 pennies, 5 Heads 1 Tail: passed, ahead to 1,2, +1 Audacity, +1 Penny (6). The Boss, on either number, takes the 5 to 1,1, next to the Monster 2,1, which pulls it in. The holder's turn: Trapped, a boost before the escape roll.",
    state(1, R(raider("0,1", 5, 2), raider("0,1", 5, 3)), 1, boss_track=1, turns_in_round=1),
    [
        step({"kind": "prepare"}, project={"current": 0, "phase": "boost"}),
        step({"kind": "boost", "audacity": 1}, project={"phase": "roll"}),
        heads(5, project={"phase": "place"}),
        step({"kind": "place", "space": "1,2"},
             project={"boss": "2,1", "current": 1, "phase": "boost",
                      "raiders": R(raider("1,2", 6, 2), raider("0,1", 5, 4, trapped=True))}),
    ],
    options=AA,
)

# ------------------------------------------------------------------------------------------------
# Audacity Advanced

case(
    "a16-aa-boost-beyond-holding", "raiders.advanced.audacity-advanced",
    [Q_AA],
    "Audacity Advanced. Raider 0 (2 Audacity) at 7,1 moves: a boost of 3 is refused; 2 gives 8 pennies; 2 Heads 6 Tails: the Tails 6 into 8,2 (a 6); pennies back to 6, Audacity 0.",
    state(0, R(raider("7,1", 6, 2), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "move"}),
        step({"kind": "boost", "audacity": 3}, error=err("raiders.advanced.audacity-advanced")),
        step({"kind": "boost", "audacity": 2}, project={"phase": "roll"}),
        heads(2),
        step({"kind": "move-to", "space": "8,2", "face": "tails", "audacity": 0},
             project={"raiders": R(raider("8,2", 6, 0), raider("0,2", 5, 3)), "current": 1}),
    ],
    options=AA,
)

case(
    "a17-aa-own-pennies-reading", "raiders.ambiguity.natural-six-pennies",
    [Q_N6, Q_AA],
    "Audacity Advanced, natural_six = own-pennies. The holder (5 pennies) at 0,0 boosts 1: six Heads of six pennies, one temporary: not a Natural 6 under own-pennies: refused; the Raider stays (Audacity 3 - 1).",
    state(1, R(raider("0,2", 6, 2), raider("0,0", 5, 3)), 1),
    [
        step({"kind": "move"}),
        step({"kind": "boost", "audacity": 1}),
        heads(6),
        step({"kind": "move-to", "space": "1,0", "face": "natural", "audacity": 0}, error=err("raiders.move.natural-six")),
        step({"kind": "stay"}, project={"raiders": R(raider("0,2", 6, 2), raider("0,0", 5, 2)), "current": 0}),
    ],
    options={**AA, "natural_six": "own-pennies"},
)

case(
    "a18-aa-encounter-boost-passes", "raiders.advanced.audacity-advanced",
    [Q_AA, "To Pass the Encounter, you must roll your pennies and get a 5 or 6."],
    "Audacity Advanced. Raider 0 in the Monster 2,1 (came from 1,0); the holder prepares; Raider 0's encounter roll: a boost first (1: 7 pennies), 5 Heads 2 Tails: passed, +1 Audacity, ahead to 3,1.",
    state(1, R(raider("2,1", 6, 2, in_encounter=True, came_from="1,0"), raider("0,2", 5, 3)), 1),
    [
        step({"kind": "prepare"}, project={"phase": "boost", "current": 0}),
        step({"kind": "boost", "audacity": 1}),
        heads(5, project={"phase": "place"}),
        step({"kind": "place", "space": "3,1"},
             project={"raiders": R(raider("3,1", 6, 2), raider("0,2", 5, 4)), "current": 1}),
    ],
    options=AA,
)

case(
    "a19-aa-attack-boosts-defender-first", "raiders.ambiguity.audacity-advanced-attack",
    [Q_AA, "Note: After both players have rolled for the Attack, the Defender must spend their Audacity FIRST (as many as they choose), Attacker second.",
     "(Ties go to the defender.)"],
    "Audacity Advanced (default before-roll-defender-first). Raider 0 moves onto the holder at 1,0; the Attacker may not boost first; the Defender boosts 1, the Attacker 2; 4 Heads each: a tie, the Defender keeps the Grail; no spending after the roll.",
    state(0, R(raider("0,0", 6, 2), raider("1,0", 5, 3)), 1),
    [
        step({"kind": "move"}),
        step({"kind": "boost", "audacity": 0}),
        heads(3),
        step({"kind": "move-to", "space": "1,0", "face": "heads", "audacity": 0}, project={"phase": "attack-boost-defender"}),
        step({"kind": "boost", "audacity": 2}, player=0, error=err("raiders.attack.audacity-order")),
        step({"kind": "boost", "audacity": 1}, player=1),
        step({"kind": "boost", "audacity": 2}, player=0, project={"phase": "attack-roll"}),
        step({"kind": "attack-roll", "attacker": 4, "defender": 4},
             project={"grail": 1, "current": 1, "phase": "action",
                      "raiders": R(raider("1,0", 6, 0), raider("1,0", 5, 2))}),
    ],
    options=AA,
)

# ------------------------------------------------------------------------------------------------
# The Boss Monster's spawning

case(
    "a20-spawn-after-move-roll-moves-next-turn", "raiders.boss.spawn",
    ['When the Boss Monster moves off of the number "1", move it to the "Start" space. It now begins to chase down the players and moves on each player\'s turn after they have finished their Action and have completed a roll.',
     "When a Player rolls their Pennies for Movement and they choose a Number, the Boss Monster moves on the Opposite Number."],
    "Track on 1, the round's second turn: Raider 0 moves on 3 Heads to 1,0; the round ends: the Boss goes to Start 0,1 and does not move on that roll. The holder at 1,1 then rolls 4 Heads 1 Tail and moves on the Tails 1 to 0,2: the Boss moves on the 4 to 1,2, next to the Monster 2,1, which pulls it in.",
    state(0, R(raider("0,0"), raider("1,1", 5, 3)), 1, boss_track=1, turns_in_round=1),
    [
        step({"kind": "move"}),
        heads(3),
        step({"kind": "move-to", "space": "1,0", "face": "heads", "audacity": 0},
             project={"boss": "0,1", "boss_track": 0, "current": 1, "phase": "action"}),
        step({"kind": "move"}),
        heads(4),
        step({"kind": "move-to", "space": "0,2", "face": "tails", "audacity": 0},
             project={"boss": "2,1", "current": 0,
                      "raiders": R(raider("1,0"), raider("0,2", 5, 3))}),
    ],
)

def main():
    for old in HERE.glob("a[0-9][0-9]-*.jsonl"):
        old.unlink()
    for name, rule, quotes, note, st, steps, options, board in CASES:
        header = {"trace": "tombspec", "version": 1, "game": "raiders", "options": options}
        if board:
            header["board"] = board
        header.update({"state": st, "note": note, "x-rule": rule, "x-quote": quotes})
        with open(HERE / f"{name}.jsonl", "w") as f:
            f.write(json.dumps(header) + "\n")
            for s in steps:
                f.write(json.dumps(s) + "\n")
    print(len(CASES), "cases")


if __name__ == "__main__":
    main()
