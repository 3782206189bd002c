"""Build the second set of Egypt rulebook cases (tests/cases/egypt/6N-*.jsonl .. 9N-*.jsonl).

Written from the rulebook alone (monsters-of-egypt.txt), its catalog (spec/egypt.toml) and the state
documentation (docs/egypt-model.md): Set Up and the building of the Tomb, Escape mode and its end, the
end of the game in Exploration, dead players' monster turns with three or four heroes, exchanging
items, and the items build.py did not reach (grappling hook, jetpack, sledgehammer, portal gun, the
placed ladder, the bomb's other uses, the Hidden Arrow Button).

The base states are real states, copied from `tombspec explore egypt --games 1 --seed 3 --claim state`
right after the deal: base-state.json (two heroes, build.py's), base2-x3.json (three heroes),
base2-x4.json (four), base2-e3.json (three, Escape mode: the purple side), base2-p2.json (pursuit: one
hero and the spirit of the tomb); deal2-x3.json and deal2-e3.json are those games' deals (the chance
outcomes of Set Up step 4).  Tokens are moved about, never created (except a key "put back in the
box", which leaves the state as in a real game).

    python tests/cases/egypt/build2.py     # rewrites every case this file writes (and no other)

Standard set, orange side (Exploration) and purple side (Escape); x = column 0..11, y = floor 0..7:

    y0  _c   _H   _c   ?    .    _H   _c   #>   _?   c    _H   _c      _c _V _c ?  _  _V _? _c .  _c _V _
    y1  _c   _H   _?   #    _?   _H   _?   _cs  _c   #<   _H   _?      _? _V _c #> _? _V _c _? _c _? _V _c
    y2  _1   _c   _?   .    _H?  _c   _?   _c   _c   _?   _H   _c      _c _? _c _? .  _c _Vs _? _c #< _c _?
    y3  _?H  _c   #>   _?   _?   _c   _?s  _?   _c   _?   _C   _2      _? _c _V _c _? _c _V _c _? _C _BV _?
    y4  _H   _?   _c   _H   _c   _c   _?   _H   _c   _?   .    _c      _C _? _V _? _c #  _? _V _c _? _V _c
    y5  _C   _c   _?   _B   _H   #    #<   #    _c   _?   _H   _c      _c _? _c _A _V #  #< #  _?s _c _V _?
    y6  _c   _?s  _H   _c   _?   #    #    #    _?   _A   _c   _C      _? _c _V _? _c #  #  #  _c _? _V _C
    y7  #    _?   _c   _H   Y    =    =X   =    K    _c   _H?  #       #  _c _? _V Y  =  =X =  K  _? _Vc #
"""
from __future__ import annotations

import copy
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
import build  # noqa: E402  (the colleague's builder: its Case and Expect)

from build import Expect, step, die, ROLL, END, combat, mstep, MSTOP  # noqa: E402

PARK = "0,6"
BASE_OPTIONS = {"base2-x3.json": {"players": 3}, "base2-x4.json": {"players": 4},
                "base2-e3.json": {"players": 3, "escape": True}, "base2-p2.json": {"players": 2, "pursuit": True}}


def load(name):
    return json.loads((HERE / name).read_text())


def hero_turn(seat, moves=3):
    return {"seat": seat, "kind": "hero", "moves": moves, "fought": False, "ending": False,
            "pharaoh": "no", "done": False, "moving": None, "monster_moves": 0}


class Case(build.Case):
    def __init__(self, rule, quotes, note, base="base-state.json", options=None, spaces=("5,0", "10,0"),
                 setup=False):
        self.s = None if setup else copy.deepcopy(load(base))
        self.rule, self.quotes, self.note = rule, quotes, note
        self.options = options if options is not None else dict(BASE_OPTIONS.get(base, {}))
        self.lines = []
        if not setup:
            for h, sp in zip(self.s["heroes"], spaces):
                h["status"], h["space"] = "in", sp
            self.s["turn"] = hero_turn(0)
            self.s["seat"] = 0
            self.s["round"] = 2
            self.s["turns"] = len(self.s["heroes"]) + 1

    def clear(self, *spaces):
        for sp in spaces:
            build.Case.clear(self, sp, PARK)

    def dead(self, i):
        """Hero i died earlier: off the board, their tokens face down on PARK."""
        h = self.hero(i, lives=0, status="dead")
        h["space"] = None
        for t in h["items"]:
            t["face_up"] = False
        self.pile(PARK)["tokens"][0:0] = h["items"]
        h["items"] = []
        self._cleanup()

    def remove(self, name):
        """A token gone from the game (a key put back in the box)."""
        self._take(name)
        self._cleanup()

    def write(self, path):
        head = {"trace": "tombspec", "version": 1, "game": "egypt", "options": self.options}
        if self.s is not None:
            head["state"] = self.s
        head.update({"note": self.note, "x-rule": self.rule, "x-quote": self.quotes})
        with open(HERE / path, "w") as f:
            for line in [head, *self.lines]:
                f.write(json.dumps(line, sort_keys=False) + "\n")


def ids(c, space):
    return [t["id"] for t in c.pile(space)["tokens"]]


# ---- board reading, for Set Up's claims ------------------------------------------------------------
ORANGE = [
    "_c   _H   _c   ?    .    _H   _c   #>   _?   c    _H   _c",
    "_c   _H   _?   #    _?   _H   _?   _cs  _c   #<   _H   _?",
    "_1   _c   _?   .    _H?  _c   _?   _c   _c   _?   _H   _c",
    "_?H  _c   #>   _?   _?   _c   _?s  _?   _c   _?   _C   _2",
    "_H   _?   _c   _H   _c   _c   _?   _H   _c   _?   .    _c",
    "_C   _c   _?   _B   _H   #    #<   #    _c   _?   _H   _c",
    "_c   _?s  _H   _c   _?   #    #    #    _?   _A   _c   _C",
    "#    _?   _c   _H   Y    =    =X   =    K    _c   _H?  #",
]
PURPLE = [
    "_c   _V   _c   ?    _    _V   _?   _c   .    _c   _V   _",
    "_?   _V   _c   #>   _?   _V   _c   _?   _c   _?   _V   _c",
    "_c   _?   _c   _?   .    _c   _Vs  _?   _c   #<   _c   _?",
    "_?   _c   _V   _c   _?   _c   _V   _c   _?   _C   _BV  _?",
    "_C   _?   _V   _?   _c   #    _?   _V   _c   _?   _V   _c",
    "_c   _?   _c   _A   _V   #    #<   #    _?s  _c   _V   _?",
    "_?   _c   _V   _?   _c   #    #    #    _c   _?   _V   _C",
    "#    _c   _?   _V   Y    =    =X   =    K    _?   _Vc  #",
]


def marked(rows, mark):
    out = []
    for y, row in enumerate(rows):
        for x, cell in enumerate(row.split()):
            if mark in cell:
                out.append(f"{x},{y}")
    return out


def dealt_piles(rows, deals, first_id):
    """Set Up step 4: one face-down chest token on each chest-icon space, then one hazard token on each
    question-mark space, in board order (row by row), ids in the order they were set out."""
    chest_spaces, hazard_spaces = marked(rows, "c"), marked(rows, "?")
    spaces = chest_spaces + hazard_spaces
    assert len(spaces) == len(deals), (len(spaces), len(deals))
    piles = {}
    for i, (sp, name) in enumerate(zip(spaces, deals)):
        back = "chest" if i < len(chest_spaces) else "hazard"
        piles[sp] = {"space": sp, "tokens": [{"back": back, "face_up": False, "id": first_id + i, "name": name,
                                              "spent": False, "used": False}]}
    return sorted(piles.values(), key=lambda p: tuple(int(c) for c in p["space"].split(","))[::-1])


def tok(i, name, back="start"):
    return {"back": back, "face_up": True, "id": i, "name": name, "spent": False, "used": False}


# ---- quotations ---------------------------------------------------------------------------------------
Q_DEAL = ("4. Prepare the chests and hazards. Shuffle all the chest tokens and deal them face down across the "
          "board — one random token on each space marked with a chest icon.")
Q_DEAL_H = "Do the same with the hazard tokens, but deal them onto the spaces marked with a question mark."
Q_CLOSE = ("2. Close the tomb. Place the door tokens in their spots at the bottom of the board: the yellow door "
           "in the yellow opening, the black one in the black opening.")
Q_LIVES = "• B) 2 life tokens. Place them over the empty hearts."
Q_LADDER = "• C) Ladder. Place it in its cell. (Hint: ladders are found on the back of some starting items.)"
Q_BOMB = "• D) Bomb. Place it in its cell."
Q_FIRST = "7. The youngest player goes first — give them the first player token."
Q_ENTRY = ("On the first turn, each player chooses one of the three iron ladders on the very top floor of the "
           "board and lays their hero token flat on it — this is where the hero's journey begins.")
Q_SHARED = "Several heroes can occupy the same space — for example, lying stacked on top of each other."
Q_ESC_CRYSTAL = ("• Before dealing the chest tokens across the board, find the pharaoh's crystal among them and "
                 "give it to the first player — they must place it on their hero's board and carry it with them "
                 "from the very start of the game.")
Q_ESC_ALT = ("• Heroes get an alternative starting item instead of a ladder — it's shown under the ladder's "
             "picture.")
Q_CEIL_A = "• A) Before their first turn, that player places the ceiling above the board."
Q_CEIL_B = ("• B) Before their second turn, they move the ceiling to the edge of the board — danger is getting "
            "closer, and the heroes need to hurry and leave the top floor!")
Q_CEIL_C = ("• C) Before their third turn, they move the ceiling to the top floor. From then on, it moves down "
            "one floor before each of their turns.")
Q_CEIL_EDGE = "The ceiling always counts as the edge of the board: floors above it stop existing!"
Q_VINES = ("• On your first turn, place your hero token on one of the three vines. As you can see, there are no "
           "ladders on the board at all, but vines work just as well and function the same way.")
Q_CEIL_DESTROY = ("When the ceiling moves onto a floor, all tokens on that floor are revealed in any order and "
                  "immediately destroyed. Remove them from the board.")
Q_CEIL_DIE = "Heroes on that floor die."
Q_CEIL_DROP = ("Only the pharaoh token and the crystal token are not destroyed — move them down one floor. If "
               "there's a wall or a space without a floor there, move them down another floor, until they end "
               "up on a space with no tokens and with a floor.")
Q_KEYS = "However, keys may be destroyed, so hurry to find and grab them. If both keys are destroyed, everyone loses!"
Q_RUMBLE = "Strange Rumble. In Escape mode: lower the ceiling following the rules of that mode."
Q_END_WIN = ("• All surviving heroes have left the tomb and one of them has the pharaoh's crystal. "
             "Congratulations on your victory!")
Q_END_NONE = "• All surviving heroes have left the tomb without the crystal. Bad luck will haunt you forever..."
Q_END_DEAD = "• All heroes have died. The spirit of the tomb has won!"
Q_VICTORY = ("Victory is scored only for those who have escaped, and only if one of them has the crystal with "
             "them.")
Q_ANY_ORDER = ("You can escape earlier or later than the hero carrying the crystal — the important thing to "
               "remember is: if the crystal stays in the tomb, the pharaoh's curse will haunt you forever!")
Q_DOORS = ("You can escape the tomb through the single exit at the very bottom of the board. But first you need "
           "to open at least one of the two doors — yellow or black. They block the way to the exit!")
Q_PURSUIT = ("Pursuit mode. In this mode, regardless of the number of players, you can assign any one of you to "
             "be the spirit of the tomb, and they will play as the monsters from the very start of the game.")
Q_IDLE = "Important: as long as no heroes have died, the monsters do not move on their own!"
Q_SEVERAL = ("If there are several players with dead heroes, each controls the monsters on their own turn.")
Q_CONSEC = "If two players take monster turns one after another, they must choose different monsters."
Q_NOT_TWICE = "Important: you cannot move the same monster twice in a row."
Q_NEXT_TURN = ("Starting with their next turn, the player may play as the monsters (see Hero Death and the "
               "Monster Turn below).")
Q_WHEN_TURN = "Now, when your turn comes around, you take a monster turn following the rules below."
Q_CRYSTAL = "Special effect, once per game, at any time: restore 1 life to every surviving hero."
Q_NO_REVIVE = "If a player is already playing as the monsters, their hero cannot be revived this way."
Q_CAP = "If a hero already has 3 lives, they don't gain a fourth."
Q_EXCHANGE = "Players of such heroes may exchange any number of items between their boards."
Q_SLOTS = "3. Item slots. A hero can carry (that is, store on their board) a maximum of 5 items."
Q_HOOK = ("Grappling Hook — One-use effect: choose a direction from your hero — left, right, up, or down. Find "
          "the nearest token to your hero in that direction and pull it in: place it on the space with your "
          "hero.")
Q_HOOK_EX = ("Lara could pull in the chest token to her left, the hazard token behind the wall on her right, the "
             "revealed monster above her (in which case she immediately enters combat with it), or Andrei below "
             "her (in which case they can exchange items).")
Q_HOOK_STACK = ("Important: if it's a stack of tokens with a monster on top, you pull in the monster. If the "
                "stack has no monster, you pull in any one token from it, of your choice.")
Q_JETPACK = ("Jetpack — Permanent effect, once per turn: the hero can move in any direction. If at the end of "
             "their turn they are not standing on a floor (or on a wall, or atop a ladder), they fall down.")
Q_JET_EX = ("For example, Andrei with a jetpack uses his first movement to go up, and his second movement to go "
            "right so he ends up on a floor. Amazing — he climbed up a floor without a ladder!")
Q_SLEDGE = ("Sledgehammer — Permanent effect, once per turn: destroy the wall to the left or right of the space "
            "with your hero. The floor beneath the wall remains intact. Place a rubble token on the destroyed "
            "spot — it counts as having no wall there.")
Q_PORTAL = ("Portal Gun — Permanent effect, once per turn: if you roll a 2 or 3 in combat, instead of "
            "retreating, teleport the monster 2 or 3 spaces (depending on the roll).")
Q_PORTAL_ONTO = "And if the monster is teleported onto another player, combat begins at the start of that player's turn."
Q_LADDER_PLACE = ("Ladder. Place the token on the space with your hero or a neighboring space — there must be a "
                  "floor or another ladder beneath it (they can be stacked on each other). Now you can climb up and "
                  "down this ladder.")
Q_BOMB_HAZARD = ("You may throw the bomb at a face-down hazard token! Reveal the token — if it's a monster, it "
                 "immediately loses 1 life. If it's not a monster, nothing happens; leave the token revealed.")
Q_BOMB_CEIL = ("• Ceiling (that is, the floor of the space above) — it is destroyed, and if there were tokens "
               "resting on it, they also fall down.")
Q_BOMB_FLOOR = ("• Floor — it is destroyed, and all tokens and heroes on that floor immediately fall down until "
                "they land on a floor again; heroes and monsters do not lose a life from this.")
Q_ARROWS = ("When this trap is activated, all arrow walls spring into action (there are 4 of them in total). "
            "Arrows fly out of the walls in a straight line to the nearest space with any token. If that token is "
            "a monster, it is destroyed (nothing happens to the pharaoh); if it's a hero, they die. If it's any "
            "other token, nothing happens. If there are no tokens in the arrows' path, they fly to the nearest "
            "wall and shatter against it.")


def offer(hero, give=None, take=None):
    return {"kind": "offer", "hero": hero, "give": give, "take": take}


ACCEPT = {"kind": "accept"}
DECLINE = {"kind": "decline"}
LEAVE = {"kind": "leave"}


def cases():
    # 60: Set Up: the deal, the heroes' sets, the doors, the first player ---------------------------------
    deals = load("deal2-x3.json")
    c = Case("egypt.setup.deal-chests", [Q_DEAL, Q_DEAL_H, Q_CLOSE, Q_LIVES, Q_LADDER, Q_BOMB, Q_FIRST],
             "Three players from Set Up: one face-down chest token on every chest-icon space and one face-down "
             "hazard token on every question-mark space, in board order; a hazard token dealt onto a chest space "
             "is refused; each hero 3 lives (2 tokens and the printed one), a ladder and a bomb; both doors "
             "closed; the youngest (player 0) first.", options={"players": 3}, setup=True)
    c.act({"kind": "deal", "token": "Mummy"}, error={"rule": "egypt.setup.deal-chests"})
    for name in deals[:-1]:
        c.act({"kind": "deal", "token": name})
    heroes = [{"items": [tok(2 * i, "Ladder"), tok(2 * i + 1, "Bomb")], "lives": 3, "name": n, "player": i,
               "space": None, "status": "waiting"} for i, n in enumerate(("Masha", "Lara", "Andrei"))]
    c.act({"kind": "deal", "token": deals[-1]},
          project={"phase": "play", "piles": dealt_piles(ORANGE, deals, 6), "heroes": heroes,
                   "doors": ["black", "yellow"], "rubble": [], "first": 0, "pharaoh_lives": 3,
                   "crystal_found": False, "outcome": None})
    c.act({"kind": "enter", "space": "5,0"}, project={"turn": hero_turn(0)})
    yield "60-setup-deal", c

    # 61: Escape Set Up: the crystal to the first player, the alternative items, the ceiling ----------------
    deals = load("deal2-e3.json")
    c = Case("egypt.escape.setup.crystal", [Q_ESC_CRYSTAL, Q_ESC_ALT, Q_CEIL_A],
             "Escape mode, three players: the crystal is on the first player's board before the deal, so the "
             "chest tokens dealt are the other 28 (dealing the crystal is refused); every hero has the "
             "alternative item of their set (standard set: Masha a Teleporter, Lara a Grappling Hook, Andrei a "
             "Jetpack) instead of the ladder, and the bomb; before the first player's first turn the ceiling is "
             "above the board (1).", options={"players": 3, "escape": True}, setup=True)
    # a chance outcome the deal cannot give names the chance point's rule (docs/oracle.md, "Which rule a
    # refusal names", 4): the chest deal's
    c.act({"kind": "deal", "token": "Pharaoh's Crystal"}, error={"rule": "egypt.setup.deal-chests"})
    for name in deals[:-1]:
        c.act({"kind": "deal", "token": name})
    alts = ("Teleporter", "Grappling Hook", "Jetpack")
    heroes = [{"items": [tok(2 * i, alts[i]), tok(2 * i + 1, "Bomb")], "lives": 3, "name": n, "player": i,
               "space": None, "status": "waiting"} for i, n in enumerate(("Masha", "Lara", "Andrei"))]
    heroes[0]["items"].append(tok(6, "Pharaoh's Crystal", back="chest"))
    c.act({"kind": "deal", "token": deals[-1]},
          project={"phase": "play", "piles": dealt_piles(PURPLE, deals, 7), "heroes": heroes, "ceiling": 1,
                   "first": 0, "crystal_found": True})
    yield "61-escape-setup", c

    # 62: entering: one of the three iron ladders of the very top floor -------------------------------------
    c = Case("egypt.turn.first-turn-entry", [Q_ENTRY, Q_SHARED],
             "First turns: a top-floor space without a ladder (0,0) and a ladder below the top floor (1,1) are "
             "refused; Masha enters on 10,0 with her 3 movements; Lara may lay her token on the same ladder.")
    for h in c.s["heroes"]:
        h["status"], h["space"] = "waiting", None
    c.s["round"], c.s["turns"] = 1, 1
    c.act({"kind": "enter", "space": "0,0"}, error={"rule": "egypt.turn.first-turn-entry"})
    c.act({"kind": "enter", "space": "1,1"}, error={"rule": "egypt.turn.first-turn-entry"})
    e = Expect(c); e.hero(0, status="in", space="10,0")
    c.act({"kind": "enter", "space": "10,0"}, project=e.get("heroes") | {"turn": hero_turn(0)})
    c.act(END)
    e.hero(1, status="in", space="10,0")
    c.act({"kind": "enter", "space": "10,0"}, project=e.get("heroes") | {"turn": hero_turn(1)})
    yield "62-enter-top-ladder", c

    # 63: Escape: the ceiling's schedule: above, edge, top floor -------------------------------------------------
    c = Case("egypt.escape.turn.ceiling-c", [Q_CEIL_A, Q_CEIL_B, Q_CEIL_C, Q_VINES, Q_CEIL_DIE, Q_CEIL_DESTROY],
             "Escape, three heroes enter on the vines (round 1, ceiling above the board); before the first "
             "player's second turn the ceiling is at the edge (2), nobody hurt; Masha climbs down her vine to "
             "1,1; before her third turn the ceiling is on the top floor (3): Lara and Andrei, still there, die; "
             "every token of floor 0 is gone (nothing else moves: no pharaoh or crystal lies there).",
             base="base2-e3.json", options={"players": 3, "escape": True})
    for h in c.s["heroes"]:
        h["status"], h["space"] = "waiting", None
    c.s["round"], c.s["turns"] = 1, 1
    c.s["ceiling"] = 1
    c.act({"kind": "enter", "space": "1,0"}); c.act(END)
    c.act({"kind": "enter", "space": "5,0"}); c.act(END)
    c.act({"kind": "enter", "space": "10,0"})
    c.act(END, project={"ceiling": 2, "turn": hero_turn(0)})
    c.act(step("1,1")); c.act(END)
    c.act(END)
    top = [p for p in c.s["piles"] if p["space"].endswith(",0")]
    e = Expect(c)
    e.hero(0, status="in", space="1,1")
    e.hero(1, status="dead", space=None, lives=0, items=[])
    e.hero(2, status="dead", space=None, lives=0, items=[])
    e.e["piles"] = [p for p in e.e["piles"] if not p["space"].endswith(",0")]
    assert top
    c.act(END, project={"ceiling": 3, "turn": hero_turn(0), "keys_lost": ["black"]} | e.get("heroes", "piles"))
    yield "63-ceiling-schedule", c

    # 64: the ceiling on floor 1: floor 0 stops existing ---------------------------------------------------------
    c = Case("egypt.escape.turn.ceiling-edge", [Q_CEIL_EDGE],
             "Ceiling on floor 1 (4): Masha on 6,3 may climb the vine to 6,2, but not on to 6,1 (a floor the "
             "ceiling is on, gone).", base="base2-e3.json", options={"players": 3, "escape": True},
             spaces=("6,3", "2,4", "10,4"))
    c.s["ceiling"] = 4
    c.s["round"] = 5
    c.s["piles"] = [p for p in c.s["piles"] if int(p["space"].split(",")[1]) > 1]
    c.s["keys_lost"] = ["black"]      # the black key lay on floor 0
    c.clear("6,2", "6,3")
    e = Expect(c); e.hero(0, space="6,2")
    c.act(step("6,2"), project=e.get("heroes"))
    c.act(step("6,1"), error={"rule": "egypt.escape.turn.ceiling-edge"})
    yield "64-ceiling-edge", c

    # 65: the ceiling drops the pharaoh down to a tokenless space with a floor --------------------------------
    c = Case("egypt.escape.ceiling.pharaoh-crystal-drop", [Q_CEIL_DROP, Q_CEIL_DESTROY],
             "Escape, ceiling at the edge (2); Andrei ends his turn, the ceiling moves onto floor 0 (3). The "
             "pharaoh face down on 4,0 is revealed and moves down: 4,1 holds a token, 4,2 has no floor, 4,3 and "
             "4,4 hold tokens: he ends on 4,5 (floor, no token), with his 3 lives.",
             base="base2-e3.json", options={"players": 3, "escape": True}, spaces=("2,3", "2,4", "10,4"))
    c.s["ceiling"] = 2
    c.s["turn"] = hero_turn(2); c.s["seat"] = 2
    ph = c.put("4,0", "Pharaoh")
    assert c.pile("4,1")["tokens"] and c.pile("4,3")["tokens"] and c.pile("4,4")["tokens"]
    assert not c.pile("4,5")["tokens"]
    c._cleanup()
    e = Expect(c)
    e.to_space(ph, "4,5", face_up=True)
    e.e["piles"] = [p for p in e.e["piles"] if not p["space"].endswith(",0")]
    c.act(END, project={"ceiling": 3, "pharaoh_lives": 3} | e.get("piles"))
    yield "65-ceiling-pharaoh-drop", c

    # 66: the crystal's carrier under the ceiling ---------------------------------------------------------------
    c = Case("egypt.escape.ceiling.heroes-die", [Q_CEIL_DIE, Q_CEIL_DROP,
                                                 "The crystal cannot be destroyed or removed from the game."],
             "Escape: Masha carries the crystal on 4,0 when the ceiling moves onto floor 0: she dies; her "
             "Teleporter and Bomb are destroyed with the floor, the crystal moves down past 4,1 (a token), 4,2 "
             "(no floor), 4,3 and 4,4 (tokens) to 4,5 (recorded: ceiling-crystal-carried, default "
             "drop-then-destroy).", base="base2-e3.json", options={"players": 3, "escape": True},
             spaces=("4,0", "2,4", "10,4"))
    c.s["ceiling"] = 2
    c.s["turn"] = hero_turn(2); c.s["seat"] = 2
    crystal = c.token_id("Pharaoh's Crystal")
    e = Expect(c)
    e.to_space(crystal, "4,5", face_up=True)
    e.hero(0, status="dead", space=None, lives=0, items=[])
    e.e["piles"] = [p for p in e.e["piles"] if not p["space"].endswith(",0")]
    c.act(END, project={"ceiling": 3} | e.get("piles", "heroes"))
    yield "66-ceiling-crystal-carrier", c

    # 67: both keys destroyed: everyone loses -------------------------------------------------------------------
    c = Case("egypt.escape.ceiling.both-keys-lost", [Q_KEYS, Q_CEIL_DESTROY],
             "Escape: the yellow key (face down, 0,0) and the black key (face down, 9,0) both lie on floor 0 when "
             "the ceiling moves onto it: both destroyed, the game is over, nobody wins.",
             base="base2-e3.json", options={"players": 3, "escape": True}, spaces=("2,3", "2,4", "10,4"))
    c.s["ceiling"] = 2
    c.s["turn"] = hero_turn(2); c.s["seat"] = 2
    c.put("0,0", "Yellow key")
    c.put("9,0", "Black key")
    c.act(END, project={"ceiling": 3, "phase": "over", "outcome": "keys-lost", "winners": []})
    yield "67-both-keys-lost", c

    # 68: a key used at its statue is not destroyed ----------------------------------------------------------
    c = Case("egypt.escape.ceiling.both-keys-lost", [Q_KEYS,
             "As soon as a hero carrying a key arrives on the space with the matching statue, put the key back in the box and open the matching door:"],
             "Escape: the yellow door is open (its key back in the box); the black key is destroyed by the "
             "ceiling on floor 0: one key destroyed, not both: the game goes on (recorded: keys-destroyed-end, "
             "default immediate-loss).", base="base2-e3.json", options={"players": 3, "escape": True},
             spaces=("2,3", "2,4", "10,4"))
    c.s["ceiling"] = 2
    c.s["turn"] = hero_turn(2); c.s["seat"] = 2
    c.s["doors"] = ["black"]
    c.remove("Yellow key")
    c.put("9,0", "Black key")
    c.act(END, project={"ceiling": 3, "phase": "play", "outcome": None, "turn": hero_turn(0)})
    yield "68-one-key-used", c

    # 69: the Strange Rumble in Escape mode lowers the ceiling -----------------------------------------------
    c = Case("egypt.trap.rumble-modes", [Q_RUMBLE],
             "Escape, ceiling on floor 0 (3): Masha steps from 2,3 onto a face-down Strange Rumble at 3,3: the "
             "ceiling moves down onto floor 1 (4) at once (recorded: rumble-in-escape, default extra-step): "
             "Lara on 5,1 dies, floor 1's tokens are gone; Masha goes on with 2 movements.",
             base="base2-e3.json", options={"players": 3, "escape": True}, spaces=("2,3", "5,1", "10,4"))
    c.s["ceiling"] = 3
    c.s["round"] = 3
    c.s["piles"] = [p for p in c.s["piles"] if not p["space"].endswith(",0")]
    c.s["keys_lost"] = ["black"]      # the black key lay on floor 0
    c.clear("3,3")
    rb = c.put("3,3", "Strange Rumble")
    crystal = c.token_id("Pharaoh's Crystal")
    e = Expect(c)
    e.remove(rb)
    e.hero(0, space="3,3")
    e.hero(1, status="dead", space=None, lives=0, items=[])
    e.e["piles"] = [p for p in e.e["piles"] if not p["space"].endswith(",1")]
    c.act(step("3,3"), project={"ceiling": 4} | e.get("heroes", "piles"))
    yield "69-rumble-escape", c


def exit_case(c, space="6,7", doors=("black",)):
    c.s["doors"] = list(doors)
    if "yellow" not in doors:
        c.remove("Yellow key")
    if "black" not in doors:
        c.remove("Black key")


def cases_end():
    # 70: victory, the crystal carrier leaving after the other -------------------------------------------------
    c = Case("egypt.end.victory", [Q_END_WIN, Q_ANY_ORDER, Q_VICTORY],
             "Masha left earlier without the crystal; Lara, carrying it, leaves through the exit (the yellow "
             "door open): every surviving hero is out, one with the crystal: victory for both players.",
             spaces=("6,7", "6,7"))
    exit_case(c)
    c.hero(0, status="escaped"); c.s["heroes"][0]["space"] = None
    c.give(1, "Pharaoh's Crystal"); c.s["crystal_found"] = True
    c.s["turn"] = hero_turn(1); c.s["seat"] = 1
    c.act(LEAVE, project={"phase": "over", "outcome": "victory", "winners": [0, 1]})
    yield "70-victory-crystal-later", c

    # 71: everyone out without the crystal ---------------------------------------------------------------------
    c = Case("egypt.end.no-crystal", [Q_END_NONE],
             "Both heroes leave, the crystal still face down in its chest: the game ends, nobody wins.",
             spaces=("6,7", "6,7"))
    exit_case(c)
    c.act(LEAVE, project={"phase": "play", "outcome": None})
    c.act(LEAVE, project={"phase": "over", "outcome": "no-crystal", "winners": []})
    yield "71-out-without-crystal", c

    # 72: a dead partner does not share the victory --------------------------------------------------------------
    c = Case("egypt.goal.victory-escaped-only", [Q_VICTORY, Q_END_WIN],
             "Masha is dead; Lara leaves with the crystal: all surviving heroes are out, one with the crystal: "
             "victory, for Lara's player only.", spaces=("6,7", "6,7"))
    exit_case(c)
    c.dead(0)
    c.give(1, "Pharaoh's Crystal"); c.s["crystal_found"] = True
    c.s["turn"] = hero_turn(1); c.s["seat"] = 1
    c.act(LEAVE, project={"phase": "over", "outcome": "victory", "winners": [1]})
    yield "72-victory-escaped-only", c

    # 73: all heroes dead --------------------------------------------------------------------------------------
    c = Case("egypt.end.all-dead", [Q_END_DEAD],
             "Masha is dead; Lara, on her printed life only, meets a mummy and rolls Attack: she dies; every "
             "hero is dead: the game is over, nobody wins (no spirit of the tomb).", spaces=("4,4", "4,4"))
    c.dead(0)
    c.hero(1, lives=1)
    c.s["turn"] = hero_turn(1); c.s["seat"] = 1
    c.clear("4,4", "5,4")
    c.put("5,4", "Mummy", face_up=True)
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("Attack"), project={"phase": "over", "outcome": "all-dead", "winners": []})
    yield "73-all-dead", c

    # 74: the exit with both doors closed --------------------------------------------------------------------
    c = Case("egypt.tomb.open-a-door", [Q_DOORS],
             "Masha is on the exit's space 6,7 (blown in past the doors), both doors still closed: leaving is "
             "refused.", spaces=("6,7", "10,0"))
    c.act(LEAVE, error={"rule": "egypt.tomb.open-a-door"})
    yield "74-exit-doors-closed", c

    # 75: the crystal leaves first, the game goes on ---------------------------------------------------------
    c = Case("egypt.end.victory", [Q_END_WIN, Q_ANY_ORDER],
             "Masha leaves with the crystal while Lara is still in the tomb: the game goes on, Lara's turn; "
             "after it, Lara's turn again (an escaped hero takes no turns: recorded leaving-the-tomb, default "
             "move-out).", spaces=("6,7", "9,7"))
    exit_case(c)
    c.give(0, "Pharaoh's Crystal"); c.s["crystal_found"] = True
    c.act(LEAVE, project={"phase": "play", "outcome": None})
    c.act(END, project={"turn": hero_turn(1)})
    c.act(END, project={"turn": hero_turn(1)})
    yield "75-crystal-out-first", c

    # 76: pursuit: the spirit wins when every hero has died ------------------------------------------------------
    c = Case("egypt.end.all-dead", [Q_END_DEAD, Q_PURSUIT],
             "Pursuit mode, two players: Masha and the spirit of the tomb (player 1). Masha, on her printed life, "
             "rolls Attack against a mummy: every hero is dead, the spirit has won.",
             base="base2-p2.json", options={"players": 2, "pursuit": True}, spaces=("4,4",))
    c.hero(0, lives=1)
    c.clear("4,4", "5,4")
    c.put("5,4", "Mummy", face_up=True)
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("Attack"), project={"phase": "over", "outcome": "all-dead", "winners": [1]})
    yield "76-spirit-wins", c


def cases_monsters():
    # 77: three heroes, two dead: consecutive monster turns choose different monsters --------------------------
    c = Case("egypt.monster-turn.consecutive-players", [Q_CONSEC, Q_NOT_TWICE, Q_SEVERAL],
             "Three heroes, Masha and Lara dead: after Andrei's turn player 0 moves the mummy; player 1, next, "
             "may not move it and moves the golem; after Andrei's turn player 0 may not move the golem (the "
             "last moved, recorded: twice-in-a-row, default consecutive-monster-turns) and moves the mummy.",
             base="base2-x3.json", spaces=("5,0", "5,0", "10,0"))
    c.dead(0); c.dead(1)
    c.s["turn"] = hero_turn(2); c.s["seat"] = 2
    c.clear("5,4", "6,4", "7,4", "1,4", "2,4")
    mummy = c.put("5,4", "Mummy", face_up=True)
    golem = c.put("2,4", "Golem", face_up=True)
    c.act(END, project={"turn": {"seat": 0, "kind": "monster", "moves": 0, "fought": False, "ending": False,
                                 "pharaoh": "no", "done": False, "moving": None, "monster_moves": 0}})
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("6,4"))
    c.act(MSTOP)
    # the words of both forbid it (the mummy moved on the monster turn just before); the model names the
    # first and lists the second: 77b-consecutive-players-naming.jsonl claims it
    c.act({"kind": "move-monster", "token": mummy}, error={"rule": "egypt.monster-turn.not-twice"})
    c.act({"kind": "move-monster", "token": golem})
    c.act(mstep("1,4"))
    c.act(MSTOP, project={"turn": hero_turn(2)})
    c.act(END)
    c.act({"kind": "move-monster", "token": golem}, error={"rule": "egypt.monster-turn.not-twice"})
    c.act({"kind": "move-monster", "token": mummy})
    e = Expect(c); e.to_space(mummy, "7,4"); e.to_space(golem, "1,4")
    c.act(mstep("7,4"))
    c.act(MSTOP, project=e.get("piles"))
    yield "77-two-dead-players", c

    c2 = Case("egypt.monster-turn.consecutive-players", [Q_CONSEC],
              "As 77: player 1's monster turn follows player 0's, who moved the mummy: moving it is refused "
              "naming the sentence for two players one after another (the model names not-twice).",
              base="base2-x3.json", spaces=("5,0", "5,0", "10,0"))
    c2.s, c2.lines = c.s, c.lines[:5]
    c2.lines[-1] = {"action": {"kind": "move-monster", "token": mummy},
                    "error": {"rule": "egypt.monster-turn.consecutive-players"}}
    yield "77b-consecutive-players-naming", c2

    # 78: four heroes alive: the monsters do not move ------------------------------------------------------------
    c = Case("egypt.death.monsters-idle", [Q_IDLE],
             "Four heroes, none dead: on Masha's turn moving the revealed mummy, or revealing a hazard as the "
             "monsters, is refused.", base="base2-x4.json", spaces=("5,0", "10,0", "1,0", "10,0"))
    c.clear("5,4")
    mummy = c.put("5,4", "Mummy", face_up=True)
    c.act({"kind": "move-monster", "token": mummy}, error={"rule": "egypt.death.monsters-idle"})
    c.act({"kind": "reveal-hazard", "space": "6,4"}, error={"rule": "egypt.death.monsters-idle"})
    yield "78-monsters-idle", c

    # 79: four heroes: a hero who dies on their turn plays the monsters from their next turn ------------------
    c = Case("egypt.combat.dead-player-monsters", [Q_NEXT_TURN, Q_WHEN_TURN],
             "Four heroes; Lara (seat 1), on her printed life, dies against a mummy on her own turn. Andrei, "
             "Hero 4 and Masha take hero turns; then player 1's turn is a monster turn, and she may move the "
             "mummy.", base="base2-x4.json", spaces=("5,0", "4,4", "1,0", "10,0"))
    c.s["turn"] = hero_turn(1); c.s["seat"] = 1
    c.hero(1, lives=1)
    c.clear("4,4", "5,4", "6,4")
    mummy = c.put("5,4", "Mummy", face_up=True)
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("Attack"), project={"turn": hero_turn(2)})
    c.act(END, project={"turn": hero_turn(3)})
    c.act(END, project={"turn": hero_turn(0)})
    c.act(END, project={"turn": {"seat": 1, "kind": "monster", "moves": 0, "fought": False, "ending": False,
                                 "pharaoh": "no", "done": False, "moving": None, "monster_moves": 0}})
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("6,4"))
    yield "79-dead-next-turn", c

    # 80: the crystal: no revival, no fourth life --------------------------------------------------------------
    c = Case("egypt.item.crystal-no-revive", [Q_CRYSTAL, Q_NO_REVIVE, Q_CAP],
             "Three heroes: Masha dead (playing the monsters); Lara, 1 life, uses the crystal: Lara 2, Andrei "
             "stays at 3, Masha stays dead; the effect is spent (crystal_used).",
             base="base2-x3.json", spaces=("5,0", "4,4", "10,0"))
    c.dead(0)
    c.s["turn"] = hero_turn(1); c.s["seat"] = 1
    c.hero(1, lives=1)
    cr = c.give(1, "Pharaoh's Crystal"); c.s["crystal_found"] = True
    e = Expect(c)
    e.hero(1, lives=2)
    e._tok(cr)[1]["used"] = True     # turned sideways: "so you remember you've already used the effect"
    c.act({"kind": "crystal", "token": cr}, project={"crystal_used": True} | e.get("heroes"))
    yield "80-crystal-no-revive", c


def cases_exchange():
    # 81: an exchange on a shared space ---------------------------------------------------------------
    c = Case("egypt.turn.exchange-items", [Q_SHARED, Q_EXCHANGE],
             "Masha and Lara share 4,4: Masha offers her Bomb for Lara's Ladder, Lara accepts; then Masha hands "
             "over her Ladder for nothing, Lara accepts. No movement is spent.", spaces=("4,4", "4,4"))
    c.clear("4,4")
    mb, ml = c.token_id("Bomb"), 0
    lb, ll = 3, 2
    c.act(offer(1, give=1, take=2))
    e = Expect(c)
    e.e["heroes"][0]["items"] = [tok(0, "Ladder"), tok(2, "Ladder")]
    e.e["heroes"][1]["items"] = [tok(3, "Bomb"), tok(1, "Bomb")]
    c.act(ACCEPT, project=e.get("heroes") | {"turn": hero_turn(0)})
    c.act(offer(1, give=0))
    e.e["heroes"][0]["items"] = [tok(2, "Ladder")]
    e.e["heroes"][1]["items"] = [tok(3, "Bomb"), tok(1, "Bomb"), tok(0, "Ladder")]
    c.act(ACCEPT, project=e.get("heroes") | {"turn": hero_turn(0)})
    yield "81-exchange", c

    # 82: no exchange between neighbours ------------------------------------------------------------
    c = Case("egypt.turn.exchange-items", [Q_SHARED, Q_EXCHANGE],
             "Masha on 4,4, Lara on 5,4 (neighbouring, not the same space): an exchange is refused.",
             spaces=("4,4", "5,4"))
    c.clear("4,4", "5,4")
    c.act(offer(1, give=1, take=2), error={"rule": "egypt.turn.exchange-items"})
    yield "82-exchange-apart", c

    # 83: an exchange cannot give a sixth item ------------------------------------------------------------
    c = Case("egypt.hero.item-slots", [Q_SLOTS, Q_EXCHANGE],
             "Lara carries 5 tokens: Masha's Bomb for nothing is refused (a sixth); one for one is allowed "
             "(recorded: exchange-timing, default either-turn-free: 'each board stays at 5 items at most').",
             spaces=("4,4", "4,4"))
    c.clear("4,4")
    for n in ("Saber", "Axe", "Bulletproof Vest"):
        c.give(1, n)
    c.act(offer(1, give=1), error={"rule": "egypt.hero.item-slots"})
    c.act(offer(1, give=1, take=2))
    e = Expect(c)
    h0, h1 = e.e["heroes"][0]["items"], e.e["heroes"][1]["items"]
    bomb = h0.pop(1); lad = h1.pop(0)
    h0.append(lad); h1.append(bomb)
    c.act(ACCEPT, project=e.get("heroes"))
    yield "83-exchange-slots", c

    # 84: an exchange after the last movement; a declined offer ----------------------------------------------
    c = Case("egypt.turn.exchange-items", [Q_EXCHANGE, "A hero can make 0 to 3 movements on their turn."],
             "Masha walks 2,4 -> 5,4 (3 movements) onto Lara's space: with no movement left she may still offer; "
             "Lara declines: nothing changes; the next offer is accepted.", spaces=("2,4", "5,4"))
    c.clear("2,4", "3,4", "4,4", "5,4")
    c.act(step("3,4")); c.act(step("4,4")); c.act(step("5,4"))
    c.act(offer(1, give=1))
    e = Expect(c); e.hero(0, space="5,4"); e.turn(moves=0)
    c.act(DECLINE, project=e.get("heroes", "turn"))
    c.act(offer(1, give=1))
    e.to_hero(1, 1)
    c.act(ACCEPT, project=e.get("heroes"))
    yield "84-exchange-no-movements", c


def cases_items():
    # 85: the hook pulls a hero ---------------------------------------------------------------------------
    c = Case("egypt.item.grappling-hook", [Q_HOOK, Q_HOOK_EX],
             "Masha on 4,4, Lara below on 4,5 (nothing between): the hook pulls Lara onto 4,4 and is "
             "discarded; they may exchange.", spaces=("4,4", "4,5"))
    c.clear("4,4", "4,5")
    hook = c.give(0, "Grappling Hook")
    e = Expect(c); e.remove(hook); e.hero(1, space="4,4")
    c.act({"kind": "hook", "token": hook, "direction": "down", "target": None, "hero": 1},
          project=e.get("heroes"))
    c.act(offer(1, give=1))
    e.to_hero(1, 1)
    c.act(ACCEPT, project=e.get("heroes"))
    yield "85-hook-pulls-hero", c

    # 86: the hook pulls the monster off a stack --------------------------------------------------------------
    c = Case("egypt.item.grappling-hook-stack", [Q_HOOK_STACK, Q_HOOK_EX],
             "Masha on 4,4 hooks left: 3,4 holds a face-down chest under a revealed mummy: the mummy is pulled "
             "onto 4,4 and they fight at once (movements used up); the chest stays.", spaces=("4,4", "10,0"))
    c.clear("4,4", "3,4")
    hook = c.give(0, "Grappling Hook")
    chest = c.put("3,4", "Saber")
    mummy = c.put("3,4", "Mummy", face_up=True)
    e = Expect(c); e.remove(hook); e.to_space(mummy, "4,4")
    c.act({"kind": "hook", "token": hook, "direction": "left", "target": mummy, "hero": None},
          project=e.get("piles", "heroes") | {"combat": combat(0, "4,4", mummy)})
    yield "86-hook-stack-monster", c

    # 87: the jetpack -------------------------------------------------------------------------------------------
    c = Case("egypt.item.jetpack", [Q_JETPACK, Q_JET_EX],
             "Masha on 3,3 with a jetpack: up to 3,2 (no floor there), right to 4,2 (a floor): she climbed a "
             "floor without a ladder; at the end of the turn she stands on a floor and stays.",
             spaces=("3,3", "10,0"))
    c.clear("3,3", "3,2", "4,2")
    jp = c.give(0, "Jetpack")
    c.act({"kind": "jetpack", "token": jp})
    c.act(step("3,2"))
    c.act(step("4,2"))
    e = Expect(c); e.hero(0, space="4,2"); e._tok(jp)[1]["used"] = True
    c.act(END, project=e.get("heroes") | {"turn": hero_turn(1)})
    yield "87-jetpack-up", c

    c = Case("egypt.item.jetpack", [Q_JETPACK],
             "Masha on 3,3 with a jetpack goes up to 3,2 (no floor) and ends her turn there: she falls back "
             "down to 3,3.", spaces=("3,3", "10,0"))
    c.clear("3,3", "3,2")
    jp = c.give(0, "Jetpack")
    c.act({"kind": "jetpack", "token": jp})
    e = Expect(c); e.hero(0, space="3,2"); e._tok(jp)[1]["used"] = True
    c.act(step("3,2"), project=e.get("heroes"))
    e.hero(0, space="3,3")
    c.act(END, project=e.get("heroes"))
    yield "88-jetpack-falls", c

    # 89: the sledgehammer -----------------------------------------------------------------------------------
    c = Case("egypt.weapon.sledgehammer", [Q_SLEDGE],
             "Masha on 4,5 smashes the wall at 5,5 (rubble), walks onto it (its floor stays); a second smash the "
             "same turn (6,5) is refused.", spaces=("4,5", "10,0"))
    c.clear("4,5")
    sh = c.give(0, "Sledgehammer")
    c.act({"kind": "smash", "token": sh, "space": "5,5"}, project={"rubble": ["5,5/wall"]})
    e = Expect(c); e.hero(0, space="5,5"); e.turn(moves=2); e._tok(sh)[1]["used"] = True
    c.act(step("5,5"), project=e.get("heroes", "turn"))
    c.act({"kind": "smash", "token": sh, "space": "6,5"}, error={"rule": "egypt.weapon.sledgehammer"})
    yield "89-sledgehammer", c

    # 90: the portal gun sends the monster onto another hero --------------------------------------------------
    c = Case("egypt.weapon.portal-gun-onto-player", [Q_PORTAL, Q_PORTAL_ONTO],
             "Masha fights a mummy on 5,4 and rolls a 2: with the portal gun the mummy goes 2 spaces right, onto "
             "Lara (7,4): Masha's combat ends (recorded: portal-gun, default straight-ends-combat), so does her "
             "turn (recorded: after-combat, default turn-ends), and Lara's combat with it begins at the start of "
             "her turn, at once.", spaces=("4,4", "7,4"))
    c.clear("4,4", "5,4", "6,4", "7,4")
    pg = c.give(0, "Portal Gun")
    mummy = c.put("5,4", "Mummy", face_up=True)
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("2"))
    e = Expect(c); e.to_space(mummy, "7,4"); e.hero(0, space="5,4")
    c.act({"kind": "portal-gun", "token": pg, "direction": "right"},
          project=e.get("piles") | {"combat": combat(1, "7,4", mummy)})
    yield "90-portal-gun-onto-hero", c

    # 91: placing the ladder ----------------------------------------------------------------------------
    c = Case("egypt.start.ladder-place", [Q_LADDER_PLACE],
             "Masha on 2,2: the ladder cannot stand on 3,2 (no floor, no ladder beneath); placed on her own "
             "space it can be climbed to 2,1 for 1 movement.", spaces=("2,2", "10,0"))
    c.clear("2,2", "2,1")
    c.act({"kind": "place-ladder", "token": 0, "space": "3,2"}, error={"rule": "egypt.start.ladder-place"})
    c.act({"kind": "place-ladder", "token": 0, "space": "2,2"})
    e = Expect(c); e.hero(0, space="2,1"); e.turn(moves=2)
    e.e["heroes"][0]["items"] = [t for t in e.e["heroes"][0]["items"] if t["id"] != 0]
    c.act(step("2,1"), project=e.get("turn") | {"heroes": e.e["heroes"]})
    yield "91-ladder-place", c

    # 92: the bomb at a face-down hazard ---------------------------------------------------------------------
    c = Case("egypt.start.bomb-hazard", [Q_BOMB_HAZARD],
             "Masha on 5,4 throws the bomb at the face-down hazard on 6,4: a mummy, revealed and destroyed at "
             "once (1 life); no combat.", spaces=("5,4", "10,0"))
    c.clear("5,4", "6,4")
    mummy = c.put("6,4", "Mummy")
    e = Expect(c); e.remove(mummy); e.remove(1)
    c.act({"kind": "bomb", "token": 1, "attack": "6,4", "destroy": None, "part": None},
          project=e.get("piles", "heroes") | {"combat": None})
    yield "92-bomb-hazard-monster", c

    c = Case("egypt.start.bomb-hazard", [Q_BOMB_HAZARD],
             "Masha on 5,4 throws the bomb at the face-down hazard on 6,4: Fire, not a monster: nothing happens, "
             "it stays revealed; Masha keeps her lives.", spaces=("5,4", "10,0"))
    c.clear("5,4", "6,4")
    fire = c.put("6,4", "Fire")
    e = Expect(c); e.flip(fire); e.remove(1)
    c.act({"kind": "bomb", "token": 1, "attack": "6,4", "destroy": None, "part": None},
          project=e.get("piles", "heroes"))
    yield "93-bomb-hazard-fire", c

    # 94: the bomb destroys a ceiling: the tokens on it fall -----------------------------------------------
    c = Case("egypt.start.bomb-ceiling", [Q_BOMB_CEIL,
                                          "Place a rubble token on the destroyed spot — it counts as having no floor, wall, or ceiling there."],
             "Masha on 4,4 blows up the ceiling of 5,4 (the floor of 5,3): the face-down chest on 5,3 falls onto "
             "5,4, on top of the chest there, both face down.", spaces=("4,4", "10,0"))
    c.clear("4,4")
    top = c.pile("5,3")["tokens"][-1]["id"]
    assert len(c.pile("5,3")["tokens"]) == 1 and len(c.pile("5,4")["tokens"]) == 1
    e = Expect(c); e.to_space(top, "5,4", face_up=False); e.remove(1)
    c.act({"kind": "bomb", "token": 1, "attack": None, "destroy": "5,4", "part": "ceiling"},
          project=e.get("piles", "heroes") | {"rubble": ["5,3/floor"]})
    yield "94-bomb-ceiling", c

    # 95: the bomb destroys the floor under another hero: no life lost ---------------------------------------
    c = Case("egypt.start.bomb-floor", [Q_BOMB_FLOOR],
             "Masha on 7,4 blows up the floor of 8,4 under Lara: Lara falls to 8,5 and keeps her 3 lives.",
             spaces=("7,4", "8,4"))
    c.clear("7,4", "8,4", "8,5")
    e = Expect(c); e.hero(1, space="8,5"); e.remove(1)
    c.act({"kind": "bomb", "token": 1, "attack": None, "destroy": "8,4", "part": "floor"},
          project=e.get("heroes") | {"rubble": ["8,4/floor"]})
    yield "95-bomb-floor-hero", c

    # 96: the Hidden Arrow Button ---------------------------------------------------------------------------
    c = Case("egypt.trap.arrow-walls", [Q_ARROWS],
             "Masha steps from 4,4 onto the Hidden Arrow Button (a chest at 5,4). The four arrow walls fire: 7,0 "
             "right hits a face-down mummy on 8,0 (destroyed); 9,1 left hits Lara on 8,1 (dies); 2,3 right "
             "reveals the face-down pharaoh on 3,3 (unharmed); 6,5 left shatters on the wall 5,5.",
             spaces=("4,4", "8,1"))
    c.clear("4,4", "5,4", "8,0", "8,1", "3,3")
    btn = c.put("5,4", "Hidden Arrow Button")
    mummy = c.put("8,0", "Mummy")
    ph = c.put("3,3", "Pharaoh")
    e = Expect(c)
    e.remove(btn); e.remove(mummy); e.flip(ph)
    e.hero(0, space="5,4")
    for t in list(e.e["heroes"][1]["items"]):
        e.to_space(t["id"], "8,1", face_up=True)   # her tokens on an arrow-hit space: trap-victim-stack default
    e.hero(1, space=None, lives=0, status="dead")
    c.act(step("5,4"), project=e.get("heroes", "piles") | {"pharaoh_lives": 3})
    yield "96-arrow-button", c


def main():
    n = 0
    for gen in (cases, cases_end, cases_monsters, cases_exchange, cases_items):
        for name, c in gen():
            c.write(f"{name}.jsonl")
            n += 1
    print(n, "cases")


if __name__ == "__main__":
    main()
