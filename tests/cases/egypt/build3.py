"""Build the third set of Egypt rulebook cases (tests/cases/egypt/1NN-*.jsonl).

Written from the rulebook alone (monsters-of-egypt.txt), its catalog (spec/egypt.toml) and the state
documentation (docs/egypt-model.md, its Pursuit section): solo mode (one player, two heroes), five
and six players, pursuit mode (the spirit of the tomb: its seat, its opening reveals, what it moves,
reveals and activates, how it wins) and the monsters' own texts on the monster turn (ghost, bat,
mummy through a cave, golem, king cobra, the pharaoh's roll).

The base states are real states, copied from `tombspec explore egypt --games 1 --seed 3 --claim state
--max-steps 56 --options ...` right after the deal: base3-s2.json (solo, two heroes: {"players": 1,
"solo_heroes": 2}), base3-x6.json (six players: five heroes and the spirit), base3-p3.json (pursuit, three
players: two heroes and the spirit), base3-p5.json (pursuit, five players: four heroes and the spirit).
Tokens are moved about, never created (build.py's and build2.py's helpers).

    python tests/cases/egypt/build3.py     # rewrites every case this file writes (and no other)

Standard set, orange side (x = column 0..11, y = floor 0..7, 0 the very top):

    y0  _c   _H   _c   ?    .    _H   _c   #>   _?   c    _H   _c
    y1  _c   _H   _?   #    _?   _H   _?   _cs  _c   #<   _H   _?
    y2  _1   _c   _?   .    _H?  _c   _?   _c   _c   _?   _H   _c
    y3  _?H  _c   #>   _?   _?   _c   _?s  _?   _c   _?   _C   _2
    y4  _H   _?   _c   _H   _c   _c   _?   _H   _c   _?   .    _c
    y5  _C   _c   _?   _B   _H   #    #<   #    _c   _?   _H   _c
    y6  _c   _?s  _H   _c   _?   #    #    #    _?   _A   _c   _C
    y7  #    _?   _c   _H   Y    =    =X   =    K    _c   _H?  #
"""
from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
import build2  # noqa: E402  (the colleagues' builders: their Case and Expect)

from build import Expect, step, die, ROLL, END, combat, mstep, MSTOP  # noqa: E402
from build2 import Case, hero_turn, exit_case, LEAVE  # noqa: E402

SOLO = {"players": 1, "solo_heroes": 2}
SIX = {"players": 6}
P3 = {"players": 3, "pursuit": True}
P5 = {"players": 5, "pursuit": True}


def monster_turn(seat):
    return {"seat": seat, "kind": "monster", "moves": 0, "fought": False, "ending": False,
            "pharaoh": "no", "done": False, "moving": None, "monster_moves": 0}


def spirit_turn(c, seat):
    """The spirit's monster turn (its seat after the heroes'), some monster or trap already revealed."""
    c.s["turn"] = monster_turn(seat)
    c.s["seat"] = seat


# ---- quotations -----------------------------------------------------------------------------------------
Q_SOLO = ("Solo mode. You can play alone! Take as many heroes as you'd like and take turns playing each one in "
          "sequence.")
Q_SOLO_DEATH = "If a hero dies, simply remove them from the board."
Q_SOLO_NO_MON = "You don't play as the monsters."
Q_SOLO_WIN = ("To win, get all surviving heroes out of the tomb. Remember, one of them must have the crystal, or "
              "the victory won't count!")
Q_SIX = ("Six-player mode. If you're playing with six, do the following: five will play as heroes, and the "
         "sixth as the spirit of the tomb.")
Q_SIX_SPIRIT = "That player will play as the monsters from the very start of the game."
Q_PURSUIT = ("Pursuit mode. In this mode, regardless of the number of players, you can assign any one of you to "
             "be the spirit of the tomb, and they will play as the monsters from the very start of the game.")
Q_REMINDER = ("Reminder for the spirit of the tomb: at the start of the game, until any monster or trap has been "
              "revealed, you reveal hazard tokens instead.")
Q_ORDER = "Players take turns in order."
Q_CHOOSE = "On the monster turn, choose one of three actions:"
Q_REVEAL = "2. Reveal any hazard token. If it's a monster, it can be moved on the next monster turn."
Q_REVEAL_TRAP = ("If it's a trap, you may apply its effect immediately (for example, activating arrows or spikes) "
                 "and remove it from the board, or you may leave it on the space face up.")
Q_ACTIVATE = ("3. Activate a revealed trap. Choose one of the traps that can be activated on a monster turn, "
              "apply its effect, and remove it from the board.")
Q_SPIKE = ("Hidden Spike Button — revealing this token immediately reveals all tokens on spaces with spikes. If the "
           "token is a monster, it's destroyed (nothing happens to the pharaoh); if it's a hero, they die.")
Q_SPIKE_ONLY = ("Spike spaces are dangerous only at the moment the effect is applied — before and after that, you "
                "can walk across them like ordinary spaces.")
Q_NOT_TWICE = "Important: you cannot move the same monster twice in a row."
Q_CONSEC = "If two players take monster turns one after another, they must choose different monsters."
Q_VEST_FAQ = ("No. \"Once per turn\" effects can't be used again until your new turn comes around. But if you "
              "didn't use the effect on your turn, and you're attacked during the monster turn, the vest can "
              "protect you!")
Q_PHARAOH_ROLL = ("Playing the Pharaoh. Play as the tomb's very own master! If the pharaoh is revealed on the board "
                  "at the start of the monster turn, you may roll the die.")
Q_COBRA = ("King Cobra. In combat: if you roll Attack, the cobra attacks with a lethal bite — the hero loses 3 "
           "lives. On the monster turn: no effects.")
Q_MONSTER_ALWAYS = ("This always happens, even if the hero arrived on a space with an already-revealed monster "
                    "token, or the monster itself moved onto the hero's space during the monster turn.")
Q_END_DEAD = "• All heroes have died. The spirit of the tomb has won!"
Q_GHOST = ("On the monster turn: ghosts can move in any direction — left, right, up, or down — and can pass "
           "through floors, ceilings, and walls.")
Q_WALL = "3. Wall. You cannot pass through a wall, and you cannot stand on a space that has a wall."
Q_MOVE_RULES = ("The monster moves by the same rules as a hero, and can use ladders and caves, but does not reveal "
                "tokens.")
Q_BAT = ("For example, a bat has 0 to 4 movements. It also has a movement effect — it can move not just "
         "left-right, but also up-down!")
Q_WINGED = ("On the monster turn: winged monsters and spiders can move in any direction — left, right, up, or "
            "down.")
Q_MOVEMENTS = "It has as many movements as shown in the top-right corner of its token."
Q_CAVE = ("All cave spaces count as neighboring one another: moving from one cave to another also costs 1 "
          "movement.")
Q_GOLEM = "If you roll Melee, reroll the die, even if you have a melee weapon. On the monster turn: no effect."
Q_IDLE = "Important: as long as no heroes have died, the monsters do not move on their own!"


def cases():
    # 100: solo: one player, two heroes, in sequence --------------------------------------------------------
    c = Case("egypt.solo.heroes", [Q_SOLO],
             "Solo, two heroes (both player 0's): Masha's turn ends, Lara's follows (seat 1), then Masha's "
             "again, a new round.", base="base3-s2.json", options=SOLO)
    c.act(END, project={"turn": hero_turn(1)})
    c.act(END, project={"turn": hero_turn(0), "round": 3})
    yield "100-solo-sequence", c

    # 101: solo: a dead hero is removed; no monster turn ---------------------------------------------------
    c = Case("egypt.solo.no-monsters", [Q_SOLO_DEATH, Q_SOLO_NO_MON],
             "Solo, two heroes: Masha, on her printed life, dies against a mummy on her turn. She is off the "
             "board; Lara's turn follows, and after it Lara's again: no monster turn for the dead hero "
             "(her tokens: recorded solo-details, default drop-tokens, not claimed).",
             base="base3-s2.json", options=SOLO, spaces=("4,4", "10,0"))
    c.hero(0, lives=1)
    c.clear("4,4", "5,4")
    c.put("5,4", "Mummy", face_up=True)
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("Attack"), project={"turn": hero_turn(1), "phase": "play"})
    c.act(END, project={"turn": hero_turn(1)})
    yield "101-solo-death-no-monster-turn", c

    # 102: solo: the player never moves the monsters, even with a hero dead --------------------------------
    c = Case("egypt.solo.no-monsters", [Q_SOLO_NO_MON],
             "Solo: Masha died earlier; on Lara's turn moving a revealed mummy, or revealing a hazard as the "
             "monsters, is refused.", base="base3-s2.json", options=SOLO, spaces=("5,0", "10,0"))
    c.dead(0)
    c.s["turn"] = hero_turn(1); c.s["seat"] = 1
    c.clear("5,4")
    mummy = c.put("5,4", "Mummy", face_up=True)
    c.act({"kind": "move-monster", "token": mummy}, error={"rule": "egypt.solo.no-monsters"})
    c.act({"kind": "reveal-hazard", "space": "6,4"}, error={"rule": "egypt.solo.no-monsters"})
    yield "102-solo-monsters-refused", c

    # 103: solo: the crystal leaves first, then the other hero: victory ----------------------------------------
    c = Case("egypt.solo.victory", [Q_SOLO_WIN],
             "Solo: Masha leaves with the crystal while Lara is still in the tomb: the game goes on; Lara leaves "
             "too: every surviving hero is out, one with the crystal: victory for the one player.",
             base="base3-s2.json", options=SOLO, spaces=("6,7", "6,7"))
    exit_case(c)
    c.give(0, "Pharaoh's Crystal"); c.s["crystal_found"] = True
    c.act(LEAVE, project={"phase": "play", "outcome": None})
    c.act(END, project={"turn": hero_turn(1)})
    c.act(LEAVE, project={"phase": "over", "outcome": "victory", "winners": [0]})
    yield "103-solo-victory", c

    # 104: solo: a dead hero does not hold the others back, all the survivors out with the crystal -------------
    c = Case("egypt.solo.victory", [Q_SOLO_WIN, Q_SOLO_DEATH],
             "Solo: Masha is dead; Lara, carrying the crystal, leaves: all surviving heroes are out: victory.",
             base="base3-s2.json", options=SOLO, spaces=("5,0", "6,7"))
    exit_case(c)
    c.dead(0)
    c.give(1, "Pharaoh's Crystal"); c.s["crystal_found"] = True
    c.s["turn"] = hero_turn(1); c.s["seat"] = 1
    c.act(LEAVE, project={"phase": "over", "outcome": "victory", "winners": [0]})
    yield "104-solo-dead-partner-victory", c

    # 105: six players: the sixth is the spirit, whose turn comes after the five heroes' ------------------------
    c = Case("egypt.modes.six-player", [Q_SIX, Q_SIX_SPIRIT, Q_ORDER],
             "Six players: five heroes (players 0..4) and the spirit (player 5). No hero has died; after Hero 5's "
             "turn comes the spirit's, a monster turn from the very start (recorded spirit-seat, answered "
             "at-its-seat, the spirit's player last at the table); it reveals a hazard: a mummy, face up; then "
             "Masha's turn, a new round.", base="base3-x6.json", options=SIX,
             spaces=("5,0", "10,0", "1,0", "10,0", "5,0"))
    c.s["turn"] = hero_turn(4); c.s["seat"] = 4
    c.clear("5,4")
    mummy = c.put("5,4", "Mummy")
    c.act(END, project={"turn": monster_turn(5)})
    e = Expect(c); e.flip(mummy)
    c.act({"kind": "reveal-hazard", "space": "5,4"}, project=e.get("piles") | {"turn": hero_turn(0), "round": 3})
    yield "105-six-player-spirit-seat", c

    # 106: the spirit's opening turns: hazard tokens only ----------------------------------------------------
    c = Case("egypt.modes.spirit-reveals-first", [Q_REMINDER, Q_REVEAL],
             "Six players, the start of the game: nothing revealed yet. On the spirit's first turn passing is "
             "refused (it reveals a hazard instead); revealing a chest token is refused (not a hazard token); "
             "revealing a hazard token is allowed: a Fire, which stays face up (recorded activatable-traps, default board-wide: not applied by the spirit).",
             base="base3-x6.json", options=SIX, spaces=("5,0", "10,0", "1,0", "10,0", "5,0"))
    c.s["turn"] = hero_turn(4); c.s["seat"] = 4; c.s["round"] = 1
    c.clear("5,4", "4,4")
    fire = c.put("5,4", "Fire")
    c.put("4,4", "Saber", park="0,6")
    c.act(END, project={"turn": monster_turn(5)})
    c.act({"kind": "pass"}, error={"rule": "egypt.modes.spirit-reveals-first"})
    c.act({"kind": "reveal-hazard", "space": "4,4"}, error={"rule": "egypt.monster-turn.reveal-hazard"})
    e = Expect(c); e.flip(fire)
    # a Fire acts on 'your hero': not one of the traps the spirit may apply (recorded activatable-traps,
    # default board-wide), so it stays face up and the turn is over
    c.act({"kind": "reveal-hazard", "space": "5,4"}, project=e.get("piles") | {"turn": hero_turn(0)})
    yield "106-spirit-reveals-first", c

    # 107: the spirit takes no hero actions; heroes take no monster turns ------------------------------------------
    c = Case("egypt.modes.pursuit", [Q_PURSUIT],
             "Pursuit, three players: Masha, Lara and the spirit (player 2, seat 2). A mummy is face up. On "
             "Masha's turn moving it is refused (monster turns are the spirit's); on the spirit's turn a hero "
             "step is refused; the spirit moves the mummy.",
             base="base3-p3.json", options=P3, spaces=("4,4", "10,0"))
    c.clear("4,4", "3,4", "5,4", "6,4")
    mummy = c.put("6,4", "Mummy", face_up=True)
    c.act({"kind": "move-monster", "token": mummy}, error={"rule": "egypt.death.monster-turn"})
    c.act(END, project={"turn": hero_turn(1)})
    c.act(END, project={"turn": monster_turn(2)})
    c.act(step("3,4"), error={"rule": "egypt.modes.pursuit"})
    c.act({"kind": "move-monster", "token": mummy})
    e = Expect(c); e.to_space(mummy, "5,4")
    c.act(mstep("5,4"))
    c.act(MSTOP, project=e.get("piles") | {"turn": hero_turn(0)})
    yield "107-pursuit-roles", c

    # 108: the spirit reveals the spike button, leaves it, and activates it later ----------------------------------
    c = Case("egypt.monster-turn.activate-trap", [Q_REVEAL_TRAP, Q_ACTIVATE, Q_SPIKE, Q_SPIKE_ONLY],
             "Pursuit, three players. The spirit reveals the Hidden Spike Button (4,4) and leaves it face up: "
             "nothing happens, Masha stands on the spike space 6,3 unharmed. Masha's and Lara's turns pass; the "
             "spirit activates it: Masha, on 6,3, dies (recorded activatable-traps, default board-wide); the "
             "button is removed; Lara, on 10,0, lives.", base="base3-p3.json", options=P3, spaces=("6,3", "10,0"))
    spirit_turn(c, 2)
    c.clear("4,4", "6,3")
    button = c.put("4,4", "Hidden Spike Button")
    c.put("3,4", "Mummy", face_up=True)     # a monster revealed already: the opening is over
    e = Expect(c); e.flip(button)
    c.act({"kind": "reveal-hazard", "space": "4,4"}, project=e.get("piles"))
    c.act({"kind": "decline"}, project=e.get("piles") | {"turn": hero_turn(0)} | e.get("heroes"))
    c.act(END)
    c.act(END, project={"turn": monster_turn(2)})
    e.hero(0, status="dead", space=None, lives=0, items=[])
    c.act({"kind": "activate-trap", "token": button}, project=e.get("heroes"))
    yield "108-spike-button-later", c

    # 109: a monster the spirit reveals moves on its next turn; a lone spirit alternates ----------------------
    c = Case("egypt.monster-turn.not-twice", [Q_REVEAL, Q_NOT_TWICE],
             "Pursuit, three players. The spirit reveals a mummy (5,4): its turn is over. On its next turn it "
             "moves the mummy to 6,4. On the turn after, moving the mummy again is refused (recorded "
             "twice-in-a-row, default consecutive-monster-turns: the spirit is the only monster player); it "
             "moves the golem instead.", base="base3-p3.json", options=P3, spaces=("5,0", "10,0"))
    spirit_turn(c, 2)
    c.clear("5,4", "6,4", "1,4", "2,4")
    mummy = c.put("5,4", "Mummy")
    golem = c.put("2,4", "Golem", face_up=True)
    c.act({"kind": "reveal-hazard", "space": "5,4"}, project={"turn": hero_turn(0)})
    c.act(END)
    c.act(END, project={"turn": monster_turn(2)})
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("6,4"))
    c.act(MSTOP, project={"turn": hero_turn(0)})
    c.act(END)
    c.act(END, project={"turn": monster_turn(2)})
    c.act({"kind": "move-monster", "token": mummy}, error={"rule": "egypt.monster-turn.not-twice"})
    c.act({"kind": "move-monster", "token": golem})
    c.act(mstep("1,4"))
    e = Expect(c); e.flip(mummy); e.to_space(mummy, "6,4"); e.to_space(golem, "1,4")
    c.act(MSTOP, project=e.get("piles"))
    yield "109-spirit-alternates", c

    # 110: the vest used on the hero's own turn does not protect on the monster turn ---------------------------
    c = Case("egypt.faq.vest-monster-turn", [Q_VEST_FAQ, Q_MONSTER_ALWAYS],
             "Pursuit, three players. Masha (vest) steps onto a face-up mummy (5,4), rolls Attack: the vest "
             "saves the life; she rolls a 2 and retreats to 4,4; her turn ends. On the spirit's turn the mummy "
             "steps onto 4,4: combat at once; Attack: no vest this time (used on her turn): 3 -> 2 lives.",
             base="base3-p3.json", options=P3, spaces=("4,4", "10,0"))
    c.clear("4,4", "5,4")
    vest = c.give(0, "Bulletproof Vest")
    mummy = c.put("5,4", "Mummy", face_up=True)
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("Attack"))
    c.act({"kind": "use-vest", "token": vest})
    c.act(ROLL)
    c.act(die("2"))
    c.act(step("4,4"))
    c.act({"kind": "stop-retreat"}, project={"turn": hero_turn(1)})
    c.act(END, project={"turn": monster_turn(2)})
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("4,4"), project={"combat": combat(0, "4,4", mummy)})
    c.act(ROLL)
    e = Expect(c); e.hero(0, space="4,4", lives=2)
    e._tok(vest)[1]["used"] = True
    c.act(die("Attack"), project=e.get("heroes") | {"window": None})
    yield "110-vest-used-own-turn", c

    # 111: the pharaoh's roll is at the start of the monster turn only ---------------------------------------------
    c = Case("egypt.monster-turn.pharaoh-roll", [Q_PHARAOH_ROLL],
             "Pursuit, three players. The pharaoh is face up (7,4) at the start of the spirit's turn; the spirit "
             "moves the mummy first: rolling for the pharaoh now is refused (no longer the start of the monster "
             "turn).", base="base3-p3.json", options=P3, spaces=("5,0", "10,0"))
    spirit_turn(c, 2)
    c.clear("7,4", "1,4", "2,4")
    c.put("7,4", "Pharaoh", face_up=True)
    mummy = c.put("2,4", "Mummy", face_up=True)
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("1,4"))
    c.act({"kind": "pharaoh-roll"}, error={"rule": "egypt.monster-turn.pharaoh-roll"})
    yield "111-pharaoh-roll-at-start", c

    # 112: the cobra moved onto the last hero bites: the spirit wins ------------------------------------------------
    c = Case("egypt.end.all-dead", [Q_COBRA, Q_MONSTER_ALWAYS, Q_END_DEAD],
             "Pursuit, two players: Masha (3 lives) on 6,4; the spirit moves the King Cobra from 5,4 onto her: "
             "combat at once; Attack: the lethal bite takes 3 lives: she dies, every hero is dead, the spirit "
             "(player 1) has won.", base="base2-p2.json", options={"players": 2, "pursuit": True},
             spaces=("6,4",))
    spirit_turn(c, 1)
    c.clear("5,4", "6,4")
    cobra = c.put("5,4", "King Cobra", face_up=True)
    c.act({"kind": "move-monster", "token": cobra})
    c.act(mstep("6,4"), project={"combat": combat(0, "6,4", cobra)})
    c.act(ROLL)
    c.act(die("Attack"), project={"phase": "over", "outcome": "all-dead", "winners": [1]})
    yield "112-cobra-spirit-wins", c

    # 113: a dead hero's player and the spirit, one after another --------------------------------------------------
    c = Case("egypt.monster-turn.consecutive-players", [Q_CONSEC, Q_NOT_TWICE, Q_PURSUIT],
             "Pursuit, three players: Lara (seat 1) is dead, so after Masha's turn come player 1's monster turn "
             "and then the spirit's. Player 1 moves the mummy; the spirit, next, may not move it and moves the "
             "golem.", base="base3-p3.json", options=P3, spaces=("5,0", "5,0"))
    c.dead(1)
    c.clear("5,4", "6,4", "1,4", "2,4")
    mummy = c.put("5,4", "Mummy", face_up=True)
    golem = c.put("2,4", "Golem", face_up=True)
    c.act(END, project={"turn": monster_turn(1)})
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("6,4"))
    c.act(MSTOP, project={"turn": monster_turn(2)})
    c.act({"kind": "move-monster", "token": mummy}, error={"rule": "egypt.monster-turn.consecutive-players"})
    c.act({"kind": "move-monster", "token": golem})
    c.act(mstep("1,4"))
    c.act(MSTOP, project={"turn": hero_turn(0)})
    yield "113-dead-player-then-spirit", c

    # 114: a ghost passes through a wall but does not stop in it; a mummy cannot ----------------------------------
    c = Case("egypt.monster.ghosts-move", [Q_GHOST, Q_WALL],
             "Pursuit, three players. A ghost on 2,1 goes right into the wall 3,1: stopping there is refused "
             "(nobody may stand on a wall's space); it goes on to 4,1 and stops. On the spirit's next turn the "
             "mummy on 2,1 may not step into the wall.", base="base3-p3.json", options=P3,
             spaces=("5,0", "10,0"))
    spirit_turn(c, 2)
    c.clear("2,1", "4,1")
    mummy = c.put("2,1", "Mummy", face_up=True)
    ghost = c.put("2,1", "Ghost", face_up=True)
    c.act({"kind": "move-monster", "token": ghost})
    c.act(mstep("3,1"))
    c.act(MSTOP, error={"rule": "egypt.tomb.wall-blocks"})
    c.act(mstep("4,1"))
    e = Expect(c); e.to_space(ghost, "4,1")
    c.act(MSTOP, project=e.get("piles"))
    c.act(END)
    c.act(END)
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("3,1"), error={"rule": "egypt.tomb.wall-blocks"})
    yield "114-ghost-through-wall", c

    # 115: the bat: up and down, four movements -------------------------------------------------------------------
    c = Case("egypt.example.bat-movement", [Q_BAT, Q_WINGED, Q_MOVEMENTS],
             "Pursuit, three players. The bat (4 movements) on 3,3 flies up to 3,2 (no floor there), right to "
             "4,2, up the ladder to 4,1, right to 5,1: four movements; a fifth is refused; it stops on 5,1's "
             "floor.", base="base3-p3.json", options=P3, spaces=("5,0", "10,0"))
    spirit_turn(c, 2)
    c.clear("3,3", "4,2", "4,1", "5,1", "6,1")
    bat = c.put("3,3", "Bat", face_up=True)
    c.act({"kind": "move-monster", "token": bat})
    for sp in ("3,2", "4,2", "4,1", "5,1"):
        c.act(mstep(sp))
    c.act(mstep("6,1"), error={"rule": "egypt.monster-turn.movements"})
    e = Expect(c); e.to_space(bat, "5,1")
    c.act(MSTOP, project=e.get("piles"))
    yield "115-bat-four-up-down", c

    # 116: a mummy uses a cave --------------------------------------------------------------------------------------
    c = Case("egypt.monster-turn.move-rules", [Q_MOVE_RULES, Q_CAVE],
             "Pursuit, three players. The mummy (2 movements) on the cave 0,5 moves to the cave 10,3 for one "
             "movement, then to 9,3 for the second.", base="base3-p3.json", options=P3, spaces=("5,0", "10,0"))
    spirit_turn(c, 2)
    c.clear("0,5", "10,3", "9,3")
    mummy = c.put("0,5", "Mummy", face_up=True)
    c.act({"kind": "move-monster", "token": mummy})
    e = Expect(c); e.to_space(mummy, "10,3")
    c.act(mstep("10,3"), project=e.get("piles"))
    e.to_space(mummy, "9,3")
    c.act(mstep("9,3"), project=e.get("piles"))
    c.act(MSTOP, project=e.get("piles") | {"turn": hero_turn(0)})
    yield "116-mummy-cave", c

    # 117: the golem: no movement effect, its printed movements --------------------------------------------------
    c = Case("egypt.monster.golem-turn", [Q_GOLEM, Q_MOVEMENTS],
             "Pursuit, three players. The golem (1 movement in the standard set) steps 2,4 -> 1,4; a second "
             "step is refused; it may not go up or down without a ladder (no movement effect): from 1,4 the "
             "space 1,3 is above a floor.", base="base3-p3.json", options=P3, spaces=("5,0", "10,0"))
    spirit_turn(c, 2)
    c.clear("2,4", "1,4", "0,4")
    golem = c.put("2,4", "Golem", face_up=True)
    c.act({"kind": "move-monster", "token": golem})
    c.act(mstep("1,4"))
    c.act(mstep("0,4"), error={"rule": "egypt.monster-turn.movements"})
    e = Expect(c); e.to_space(golem, "1,4")
    c.act(MSTOP, project=e.get("piles"))
    yield "117-golem-one-movement", c

    # 118: five players in pursuit: four heroes and the spirit ---------------------------------------------------
    c = Case("egypt.modes.pursuit", [Q_PURSUIT, Q_ORDER],
             "Pursuit, five players: four heroes (players 0..3) and the spirit (player 4). After Hero 4's turn "
             "comes the spirit's monster turn, no hero dead; it moves the revealed mummy; then Masha's turn.",
             base="base3-p5.json", options=P5, spaces=("5,0", "10,0", "1,0", "10,0"))
    c.s["turn"] = hero_turn(3); c.s["seat"] = 3
    c.clear("5,4", "6,4")
    mummy = c.put("5,4", "Mummy", face_up=True)
    c.act(END, project={"turn": monster_turn(4)})
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("6,4"))
    c.act(MSTOP, project={"turn": hero_turn(0)})
    yield "118-pursuit-five-players", c

    # 119: five heroes, no spirit: after the fifth hero's turn, the first's -----------------------------------
    c = Case("egypt.turn.order", [Q_ORDER, "• 5 hero boards"],
             "Five players, five heroes, no spirit: Hero 5's turn ends, Masha's follows (a new round); no "
             "monster turn anywhere in the round.", base="base3-x6.json", options={"players": 5},
             spaces=("5,0", "10,0", "1,0", "10,0", "5,0"))
    c.s["turn"] = hero_turn(3); c.s["seat"] = 3
    c.act(END, project={"turn": hero_turn(4)})
    c.act(END, project={"turn": hero_turn(0), "round": 3})
    yield "119-five-heroes-order", c


def main():
    n = 0
    for name, c in cases():
        c.write(f"{name}.jsonl")
        n += 1
    print(n, "cases")


if __name__ == "__main__":
    main()
