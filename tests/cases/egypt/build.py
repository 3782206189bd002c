"""Build the Egypt rulebook cases (tests/cases/egypt/NN-*.jsonl) from one real explored state.

The base state is the state after the deal of `tombspec explore egypt --games 1 --seed 3` (two heroes,
the standard set, Exploration mode), copied into base-state.json.  Each case moves tokens and heroes
about (tokens are moved, never created or destroyed, so the census stays that of a real deal), then
lists actions with the claims the rulebook's words support.

    python tests/cases/egypt/build.py        # rewrites every NN-*.jsonl next to this file

Standard board, orange side (x = column 0..11, y = floor 0..7, 0 the very top):

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

import copy
import json
import pathlib

HERE = pathlib.Path(__file__).parent
BASE = json.loads((HERE / "base-state.json").read_text())


class Case:
    def __init__(self, rule: str, quotes: list[str], note: str, options: dict | None = None):
        self.s = copy.deepcopy(BASE)
        self.rule, self.quotes, self.note = rule, quotes, note
        self.options = options or {}
        self.lines: list[dict] = []
        # both heroes in the tomb, hero 0's turn with 3 movements
        for h, sp in zip(self.s["heroes"], ("5,0", "10,0")):
            h["status"], h["space"] = "in", sp
        self.s["turn"] = {"seat": 0, "kind": "hero", "moves": 3, "fought": False, "ending": False,
                          "pharaoh": "no", "done": False, "moving": None, "monster_moves": 0}
        self.s["seat"] = 0
        self.s["round"] = 2
        self.s["turns"] = 2

    # ---- tokens -------------------------------------------------------------------------------
    def _find(self, name: str, skip_spaces=()):
        for p in self.s["piles"]:
            if p["space"] in skip_spaces:
                continue
            for t in p["tokens"]:
                if t["name"] == name:
                    return p, t
        for h in self.s["heroes"]:
            for t in h["items"]:
                if t["name"] == name:
                    return h, t
        raise KeyError(name)

    def _take(self, name: str, skip_spaces=()):
        holder, t = self._find(name, skip_spaces)
        if "tokens" in holder:
            holder["tokens"].remove(t)
        else:
            holder["items"].remove(t)
        return t

    def _cleanup(self):
        self.s["piles"] = [p for p in self.s["piles"] if p["tokens"]]
        key = lambda p: tuple(int(c) for c in p["space"].split(","))[::-1]  # board order: row, then column
        self.s["piles"].sort(key=key)

    def pile(self, space: str):
        for p in self.s["piles"]:
            if p["space"] == space:
                return p
        p = {"space": space, "tokens": []}
        self.s["piles"].append(p)
        return p

    def clear(self, space: str, park: str):
        """Move the tokens of `space` onto `park` (a far-away space that holds tokens already)."""
        src = self.pile(space)
        self.pile(park)["tokens"][0:0] = src["tokens"]  # under the tokens there
        src["tokens"] = []
        self._cleanup()

    def put(self, space: str, name: str, face_up=False, park: str = "11,5") -> int:
        """Put a token called `name` on top of `space`; whatever it was taken from keeps its place."""
        t = self._take(name, skip_spaces=(space,)) if not self._has(space, name) else self._take_at(space, name)
        t["face_up"] = face_up
        self.pile(space)["tokens"].append(t)
        self._cleanup()
        return t["id"]

    def _has(self, space, name):
        return any(t["name"] == name for t in self.pile(space)["tokens"])

    def _take_at(self, space, name):
        p = self.pile(space)
        t = next(t for t in p["tokens"] if t["name"] == name)
        p["tokens"].remove(t)
        return t

    def give(self, hero: int, name: str) -> int:
        """Put a token called `name` on hero's board (face up)."""
        t = self._take(name)
        t["face_up"] = True
        self.s["heroes"][hero]["items"].append(t)
        self._cleanup()
        return t["id"]

    def strip(self, hero: int, park: str = "11,5"):
        """Leave hero's starting items on a far-away pile (face up)."""
        h = self.s["heroes"][hero]
        self.pile(park)["tokens"][0:0] = h["items"]
        h["items"] = []
        self._cleanup()

    def hero(self, i: int, space: str | None = None, lives: int | None = None, status: str | None = None):
        h = self.s["heroes"][i]
        if space is not None:
            h["space"] = space
        if lives is not None:
            h["lives"] = lives
        if status is not None:
            h["status"] = status
        return h

    def token_id(self, name: str) -> int:
        return self._find(name)[1]["id"]

    # ---- actions --------------------------------------------------------------------------------
    def act(self, action: dict, **claims):
        line = {"action": action}
        line.update(claims)
        self.lines.append(line)

    def write(self, path: str):
        head = {"trace": "tombspec", "version": 1, "game": "egypt", "options": self.options,
                "state": self.s, "note": self.note, "x-rule": self.rule, "x-quote": self.quotes}
        with open(HERE / path, "w") as f:
            for line in [head, *self.lines]:
                f.write(json.dumps(line, sort_keys=False) + "\n")


def step(to):
    return {"kind": "step", "to": to}


def die(result):
    return {"kind": "die", "result": result}


ROLL = {"kind": "roll"}
END = {"kind": "end-turn"}


# ---- the expected state, kept beside the actions ----------------------------------------------------
class Expect:
    """What the rulebook says the state becomes: a copy of the case's state, changed by hand."""

    def __init__(self, case: Case):
        self.e = copy.deepcopy(case.s)

    def _tok(self, tid):
        for p in self.e["piles"]:
            for t in p["tokens"]:
                if t["id"] == tid:
                    return p, t
        for h in self.e["heroes"]:
            for t in h["items"]:
                if t["id"] == tid:
                    return h, t
        raise KeyError(tid)

    def flip(self, tid):
        self._tok(tid)[1]["face_up"] = True

    def remove(self, tid):
        holder, t = self._tok(tid)
        (holder["tokens"] if "tokens" in holder else holder["items"]).remove(t)
        self.e["piles"] = [p for p in self.e["piles"] if p["tokens"]]

    def to_hero(self, tid, hero):
        holder, t = self._tok(tid)
        (holder["tokens"] if "tokens" in holder else holder["items"]).remove(t)
        t["face_up"] = True
        self.e["heroes"][hero]["items"].append(t)
        self.e["piles"] = [p for p in self.e["piles"] if p["tokens"]]

    def to_space(self, tid, space, face_up=True):
        holder, t = self._tok(tid)
        (holder["tokens"] if "tokens" in holder else holder["items"]).remove(t)
        t["face_up"] = face_up
        for p in self.e["piles"]:
            if p["space"] == space:
                p["tokens"].append(t)
                break
        else:
            self.e["piles"].append({"space": space, "tokens": [t]})
        self.e["piles"] = [p for p in self.e["piles"] if p["tokens"]]
        self.e["piles"].sort(key=lambda p: tuple(int(c) for c in p["space"].split(","))[::-1])

    def hero(self, i, **kw):
        self.e["heroes"][i].update(kw)

    def turn(self, **kw):
        self.e["turn"].update(kw)

    def get(self, *fields):
        return {f: copy.deepcopy(self.e[f]) for f in fields}


PARK = "0,6"   # where tokens moved out of a case's way wait (a chest space far from every case)
Q_MOVES = "A hero can make 0 to 3 movements on their turn."
Q_HERO_MOVES = "2. Movements. Each hero can make up to 3 movements on their turn."
Q_FALL = "If a space has no floor, the hero falls down until landing on a floor, but does not lose a life."
Q_REVEAL = ("Whenever a hero ends up on a space with a face-down chest or hazard token, reveal it "
            "immediately.")
Q_MONSTER = ("• If the revealed token is a monster, the hero's remaining movements are immediately used up "
             "and they enter combat (see Combat with a Monster, right).")
Q_ATTACK = "• Attack — the hero loses 1 life, the monster attacked them!"
Q_MELEE = ("• Melee — the monster loses 1 life if the hero has a melee weapon on their board. If they have "
           "no weapon, roll again.")
Q_MR = ("• Melee/Ranged — the monster loses 1 life if the hero has any weapon on their board — melee or "
        "ranged. If they have no weapon, roll again.")
Q_RETREAT = ("• 2 or 3 — the hero retreats: they make up to 2 or 3 movements (depending on the roll) "
             "following the normal movement rules. Try not to get into a new fight!")
Q_DEATH = ("If a hero must lose a life but only the printed one is left, the hero dies and the player "
           "starts playing as the monsters (see Hero Death and the Monster Turn on page 8).")
Q_STACK = ("After a hero dies, remove their token from the board, and on the space where they stood, place "
           "all the tokens from their board in a face-down stack. If there is a revealed monster on that "
           "space, place it on top of the stack.")


def clear(c, *spaces):
    for sp in spaces:
        c.clear(sp, PARK)


def combat(hero, space, monster):
    return {"hero": hero, "space": space, "monster": monster, "stage": "fight", "result": None, "queue": []}


def cases():
    # 01: the fourth movement -----------------------------------------------------------------------
    c = Case("egypt.hero.movements", [Q_MOVES, Q_HERO_MOVES],
             "Three movements along an empty floor are allowed; a fourth is not.")
    clear(c, "4,4", "5,4", "6,4", "7,4", "8,4")
    c.hero(0, "4,4")
    e = Expect(c)
    for sp, left in (("5,4", 2), ("6,4", 1), ("7,4", 0)):
        e.hero(0, space=sp); e.turn(moves=left)
        c.act(step(sp), project=e.get("heroes", "turn"))
    c.act(step("8,4"), error={"rule": "egypt.hero.movements"})
    yield "01-fourth-movement", c

    # 02: a wall cannot be entered ------------------------------------------------------------------
    c = Case("egypt.tomb.wall-blocks", ["Remember that you cannot move through walls.",
             "3. Wall. You cannot pass through a wall, and you cannot stand on a space that has a wall."],
             "A hero beside a wall (4,5 | 5,5 #) may not step into it.")
    clear(c, "4,5")
    c.hero(0, "4,5")
    c.act(step("5,5"), error={"rule": "egypt.tomb.wall-blocks"})
    yield "02-wall-blocks", c

    # 03: standing on top of a wall -----------------------------------------------------------------
    c = Case("egypt.tomb.wall-top", ["You can stand on top of a wall the same as on a floor."],
             "3,0 has no floor of its own but a wall (3,1) under it: a hero stepping there stays, no fall.")
    clear(c, "2,0", "3,0")
    c.hero(0, "2,0")
    e = Expect(c); e.hero(0, space="3,0"); e.turn(moves=2)
    c.act(step("3,0"), project=e.get("heroes", "turn"))
    yield "03-wall-top", c

    # 04: falling costs no life and no extra movement -----------------------------------------------
    c = Case("egypt.move.fall", [Q_FALL], "2,2 -> 3,2 (no floor): the hero falls to 3,3, same lives, 1 movement.")
    clear(c, "2,2", "3,3")
    c.hero(0, "2,2")
    e = Expect(c); e.hero(0, space="3,3"); e.turn(moves=2)
    c.act(step("3,2"), project=e.get("heroes", "turn"))
    yield "04-fall-free", c

    # 05: the landing space's token is revealed; a fire costs a life and is removed -----------------
    c = Case("egypt.trap.fire", [Q_FALL, Q_REVEAL,
             "Fire — the hero loses 1 life. If they're carrying a fire extinguisher, remove the fire token from the board — then they don't need to lose a life.",
             "A trap triggers immediately — apply its effect, which is always one-use, and remove the token from the board."],
             "Falling onto a face-down Fire: revealed on landing, 1 life lost, token removed; movements go on.")
    clear(c, "2,2", "3,3")
    c.hero(0, "2,2")
    fire = c.put("3,3", "Fire")
    e = Expect(c); e.hero(0, space="3,3", lives=2); e.turn(moves=2); e.remove(fire)
    c.act(step("3,2"), project=e.get("heroes", "turn", "piles"))
    yield "05-fall-onto-fire", c

    # 06: picking up is free -------------------------------------------------------------------------
    c = Case("egypt.move.pick-up", ["• If the revealed token is an item or a weapon, it can be picked up — placed on your board in a free slot.",
             "Movement 2. Masha moves right again and reveals a chest token. What luck — inside are roller skates! Masha places them on her board."],
             "Reveal a Saber on arrival and pick it up within the same movement (recorded: pick-up-cost, default free).")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    saber = c.put("5,4", "Saber")
    e = Expect(c); e.hero(0, space="5,4"); e.turn(moves=2); e.flip(saber)
    c.act(step("5,4"), project=e.get("heroes", "turn", "piles"))
    e.to_hero(saber, 0)
    c.act({"kind": "pick-up", "token": saber}, project=e.get("heroes", "turn", "piles"))
    yield "06-pick-up-free", c

    # 07: five items at most; drop one, then take ----------------------------------------------------
    c = Case("egypt.hero.item-slots", ["3. Item slots. A hero can carry (that is, store on their board) a maximum of 5 items.",
             "If there are no free slots, you may leave any items in a stack on the space with your hero.",
             "At any point on your turn you may discard tokens you don't need or have extra of — simply leave them on the space with your hero, face up."],
             "A hero with 5 tokens cannot take a 6th; after leaving one on the space, they can.")
    clear(c, "5,4")
    c.hero(0, "5,4")
    for n in ("Axe", "apple", "Flashlight"):
        c.give(0, n)
    apple = c.token_id("apple")
    saber = c.put("5,4", "Saber", face_up=True)
    c.act({"kind": "pick-up", "token": saber}, error={"rule": "egypt.hero.item-slots"})
    e = Expect(c); e.to_space(apple, "5,4")
    c.act({"kind": "drop", "token": apple}, project=e.get("heroes", "piles"))
    e.to_hero(saber, 0)
    c.act({"kind": "pick-up", "token": saber}, project=e.get("heroes", "piles"))
    yield "07-five-slots", c

    # 08: a monster uses up the movements; Attack costs a life; a 2 retreats; the turn ends --------------
    c = Case("egypt.move.monster-combat", [Q_MONSTER, Q_ATTACK, Q_RETREAT,
             "• The hero retreats — the monster stays on the same space, face up. It's ready for a new fight!"],
             "Mummy revealed on arrival with 2 movements left: they are used up; Attack: 3 -> 2 lives; "
             "a 2: retreat one space; the mummy stays face up.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    mummy = c.put("5,4", "Mummy")
    e = Expect(c); e.hero(0, space="5,4"); e.turn(moves=0, fought=True); e.flip(mummy)
    e.e["combat"] = combat(0, "5,4", mummy)
    c.act(step("5,4"), project=e.get("heroes", "combat", "piles"))
    c.act(ROLL)
    e.hero(0, lives=2)
    c.act(die("Attack"), project=e.get("heroes", "combat", "piles"))
    c.act(ROLL)
    c.act(die("2"), project={"combat": None})
    e.hero(0, space="4,4")
    c.act(step("4,4"), project=e.get("heroes", "piles"))
    yield "08-monster-uses-movements", c

    # 09: Melee and Melee/Ranged with no weapon (the bomb is not a weapon): roll again -------------
    c = Case("egypt.combat.die-melee", [Q_MELEE, Q_MR],
             "No weapon (only the starting Ladder and Bomb, items): Melee, then Melee/Ranged, are rolled again; the mummy stays.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    mummy = c.put("5,4", "Mummy")
    e = Expect(c); e.hero(0, space="5,4"); e.turn(moves=0, fought=True); e.flip(mummy)
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("Melee"), project=e.get("heroes", "piles") | {"roll": "combat"})
    c.act(die("Melee/Ranged"), project=e.get("heroes", "piles") | {"roll": "combat"})
    e.hero(0, lives=2)
    c.act(die("Attack"), project=e.get("heroes", "piles"))
    yield "09-no-weapon-roll-again", c

    # 10: Melee with a melee weapon destroys a 1-life monster; combat ends, the turn ends ----------
    c = Case("egypt.combat.die-melee", [Q_MELEE, "All monsters except the pharaoh have 1 life.",
             "• The monster is destroyed — remove it from the board."],
             "Saber (melee) and Melee: the mummy is destroyed and removed.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    c.give(0, "Saber")
    mummy = c.put("5,4", "Mummy")
    e = Expect(c); e.hero(0, space="5,4"); e.remove(mummy)
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("Melee"), project=e.get("heroes", "piles") | {"combat": None})
    yield "10-melee-weapon-destroys", c

    # 11: a ranged weapon only, Melee: nothing; then Melee/Ranged destroys ---------------------------
    c = Case("egypt.combat.die-melee-ranged", [Q_MELEE, Q_MR],
             "Assault Rifle only (ranged). Melee: no melee weapon, but a weapon (recorded: melee-with-ranged-only, default nothing-then-continue); "
             "Melee/Ranged: the mummy is destroyed.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    c.give(0, "Assault Rifle")
    mummy = c.put("5,4", "Mummy")
    e = Expect(c); e.hero(0, space="5,4"); e.flip(mummy)
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("Melee"), project=e.get("heroes", "piles") | {"roll": None, "combat": combat(0, "5,4", mummy)})
    c.act(ROLL)
    e.remove(mummy)
    c.act(die("Melee/Ranged"), project=e.get("heroes", "piles") | {"combat": None})
    yield "11-ranged-only-melee", c

    # 12: golem: Melee is rerolled even with a melee weapon ------------------------------------------
    c = Case("egypt.monster.golem-reroll", ["Golem. In combat: the golem is protected against melee weapons.",
             "If you roll Melee, reroll the die, even if you have a melee weapon."],
             "Saber vs golem: Melee rerolls, the golem unhurt; Melee/Ranged (any weapon) destroys it (recorded: golem-melee-ranged, default).")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    c.give(0, "Saber")
    golem = c.put("5,4", "Golem")
    e = Expect(c); e.hero(0, space="5,4"); e.flip(golem)
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("Melee"), project=e.get("heroes", "piles") | {"roll": "combat"})
    e.remove(golem)
    c.act(die("Melee/Ranged"), project=e.get("heroes", "piles") | {"combat": None})
    yield "12-golem-melee-reroll", c

    # 13: king cobra's bite: 3 lives; the hero dies; the stack with the cobra on top --------------------
    c = Case("egypt.monster.king-cobra", ["King Cobra. In combat: if you roll Attack, the cobra attacks with a lethal bite — the hero loses 3 lives.",
             Q_DEATH, Q_STACK, "The monster stays on the space face up, waiting for the next brave soul!"],
             "A hero with all 3 lives bitten: dead; Ladder and Bomb face down on the space, the cobra on top, face up.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    cobra = c.put("5,4", "King Cobra")
    c.act(step("5,4"))
    c.act(ROLL)
    e = Expect(c)
    e.to_space(0, "5,4", face_up=False); e.to_space(1, "5,4", face_up=False)
    e.to_space(cobra, "5,4", face_up=True)   # the cobra on top
    e.hero(0, lives=0, status="dead", space=None)
    c.act(die("Attack"), project=e.get("heroes", "piles") | {"combat": None})
    yield "13-cobra-bite-death", c

    # 14: 2 lives -> 1 life (alive), then dead at the printed life ---------------------------------------
    c = Case("egypt.hero.death", [Q_ATTACK, Q_DEATH,
             "1. Lives. Each hero has a maximum of 3 lives — 2 tokens plus 1 printed one."],
             "Lives 2: Attack leaves 1 (the printed one) and the fight goes on; the next Attack kills.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4", lives=2)
    mummy = c.put("5,4", "Mummy")
    c.act(step("5,4"))
    c.act(ROLL)
    e = Expect(c); e.hero(0, space="5,4", lives=1); e.flip(mummy)
    c.act(die("Attack"), project=e.get("heroes") | {"combat": combat(0, "5,4", mummy)})
    c.act(ROLL)
    e.hero(0, lives=0, status="dead", space=None)
    e.to_space(0, "5,4", face_up=False); e.to_space(1, "5,4", face_up=False)
    e.to_space(mummy, "5,4", face_up=True)   # the revealed monster on top
    c.act(die("Attack"), project=e.get("heroes", "piles") | {"combat": None})
    yield "14-last-printed-life", c

    # 15: retreat of 2: a third movement is refused --------------------------------------------------
    c = Case("egypt.combat.die-retreat", [Q_RETREAT, "After combat, Masha's turn ends.", "Players take turns in order."],
             "A 2: up to 2 movements; after the second the retreat, the combat and (Turn Example) the turn are over: a third step by the same player is refused.")
    clear(c, "2,4", "3,4", "4,4", "5,4", "1,4")
    c.hero(0, "4,4")
    mummy = c.put("5,4", "Mummy")
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("2"))
    c.act(step("4,4"))
    e = Expect(c); e.hero(0, space="3,4"); e.flip(mummy)
    c.act(step("3,4"), project=e.get("heroes", "piles") | {"retreat": None, "combat": None})
    c.act(step("2,4"), player=0, error={"rule": "egypt.turn.order"})
    yield "15-retreat-two", c

    # 16: retreat of 3: three movements ------------------------------------------------------------
    c = Case("egypt.combat.die-retreat", [Q_RETREAT],
             "A 3: three retreat movements are allowed, after the hero's own movements were used up.")
    clear(c, "2,4", "3,4", "4,4", "5,4", "1,4")
    c.hero(0, "4,4")
    mummy = c.put("5,4", "Mummy")
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("3"))
    c.act(step("4,4"))
    c.act(step("3,4"))
    e = Expect(c); e.hero(0, space="2,4"); e.flip(mummy)
    c.act(step("2,4"), project=e.get("heroes", "piles"))
    yield "16-retreat-three", c

    # 17: the die result first, then items ------------------------------------------------------------
    c = Case("egypt.combat.apply-before-item", ["Important: you must apply the die result fully before using an item!"],
             "After a 2, throwing the bomb before retreating is refused.")
    clear(c, "4,4", "5,4", "3,4")
    c.hero(0, "4,4")
    mummy = c.put("5,4", "Mummy")
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("2"))
    c.act({"kind": "bomb", "token": 1, "attack": "5,4", "destroy": None, "part": None},
          error={"rule": "egypt.combat.apply-before-item"})
    yield "17-result-before-item", c

    # 18: the vest, once per turn ----------------------------------------------------------------------
    c = Case("egypt.item.vest", ["Bulletproof Vest — Permanent effect, once per turn: when you would lose 1 life (for example, in combat with a monster or from any other game effect), don't lose it.",
             "The picture at the top is a permanent effect. While the token is on your board, you may use it, but only once per turn."],
             "First Attack: the vest saves the life (rotated: used); second Attack in the same turn: 1 life lost.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    vest = c.give(0, "Bulletproof Vest")
    mummy = c.put("5,4", "Mummy")
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("Attack"))
    e = Expect(c); e.hero(0, space="5,4"); e._tok(vest)[1]["used"] = True
    c.act({"kind": "use-vest", "token": vest}, project=e.get("heroes"))
    c.act(ROLL)
    e.hero(0, lives=2)
    c.act(die("Attack"), project=e.get("heroes"))
    yield "18-vest-once-per-turn", c

    # 19: fire with an extinguisher ------------------------------------------------------------------
    c = Case("egypt.trap.fire", ["Fire — the hero loses 1 life. If they're carrying a fire extinguisher, remove the fire token from the board — then they don't need to lose a life.",
             "Fire Extinguisher — One-use effect: if there is a fire token on a neighboring space, remove the token from the board."],
             "Carrying an extinguisher onto Fire: used (recorded: extinguisher-consumed-by-fire, default discarded), fire removed, no life lost.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    ext = c.give(0, "Fire Extinguisher")
    fire = c.put("5,4", "Fire")
    c.act(step("5,4"))
    e = Expect(c); e.hero(0, space="5,4"); e.remove(fire); e.remove(ext); e.turn(moves=2)
    c.act({"kind": "banish", "token": ext, "space": "5,4"}, project=e.get("heroes", "piles", "turn"))
    yield "19-fire-extinguisher", c

    # 20: a revealed trap still triggers ---------------------------------------------------------------
    c = Case("egypt.move.trap-triggers", ["• If the revealed token is a trap, it triggers immediately, even if the hero arrived on an already-revealed token.",
             "Afterward, remove the trap from the board."],
             "A face-up Fire: stepping onto it costs a life and removes it.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    fire = c.put("5,4", "Fire", face_up=True)
    e = Expect(c); e.hero(0, space="5,4", lives=2); e.remove(fire); e.turn(moves=2)
    c.act(step("5,4"), project=e.get("heroes", "piles", "turn"))
    yield "20-revealed-trap-triggers", c

    # 21: crack: rubble, fall, 1 life ------------------------------------------------------------------
    c = Case("egypt.trap.crack", ["Crack — the floor beneath your hero collapses! Place a rubble token over the floor. The hero falls down by the normal rules and loses 1 life from the rough landing."],
             "Crack at 1,4: floor destroyed (rubble), the hero falls to 1,5 and loses 1 life.")
    clear(c, "2,4", "1,4", "1,5")
    c.hero(0, "2,4")
    crack = c.put("1,4", "Crack")
    e = Expect(c); e.hero(0, space="1,5", lives=2); e.remove(crack); e.turn(moves=2)
    c.act(step("1,4"), project=e.get("heroes", "piles", "turn") | {"rubble": ["1,4/floor"]})
    yield "21-crack-falls", c

    # 22: crack on the bottom floor: nowhere to fall, still a life ------------------------------------
    c = Case("egypt.trap.crack-no-fall", ["Even if the hero has nowhere to fall (for example, they're already on the bottom floor), they still lose 1 life."],
             "Crack at 1,7 (bottom floor, not reinforced): the hero stays on 1,7 and loses 1 life.")
    clear(c, "2,7", "1,7")
    c.hero(0, "2,7")
    crack = c.put("1,7", "Crack")
    e = Expect(c); e.hero(0, space="1,7", lives=2); e.remove(crack); e.turn(moves=2)
    c.act(step("1,7"), project=e.get("heroes", "piles", "turn"))
    yield "22-crack-bottom-floor", c

    # 23: climbing a ladder costs a movement; no ladder, no climbing --------------------------------
    c = Case("egypt.move.climb-up", ["• Move up OR down a ladder by 1 space.",
             "If a hero is standing on a space with a ladder, they may climb it."],
             "From 3,4 (ladder up to 3,3) climb to 3,3 for 1 movement; 3,3 has no ladder: going up again is refused.")
    clear(c, "3,4", "3,3")
    c.hero(0, "3,4")
    e = Expect(c); e.hero(0, space="3,3"); e.turn(moves=2)
    c.act(step("3,3"), project=e.get("heroes", "turn"))
    c.act(step("3,2"), error={"rule": "egypt.move.climb-up"})
    yield "23-ladder-climb", c

    # 24: standing on top of a ladder with no floor ------------------------------------------------
    c = Case("egypt.move.ladder-top", ["You can stand on top of a ladder the same as on a floor."],
             "10,4 has no floor; the ladder of 10,5 reaches it: the hero climbs to 10,4 and stays there.")
    clear(c, "10,5", "10,4")
    c.hero(0, "10,5")
    e = Expect(c); e.hero(0, space="10,4"); e.turn(moves=2)
    c.act(step("10,4"), project=e.get("heroes", "turn"))
    yield "24-ladder-top", c

    # 25: a key at its statue opens its door --------------------------------------------------------
    c = Case("egypt.item.key-opens-door", ["As soon as a hero carrying a key arrives on the space with the matching statue, put the key back in the box and open the matching door:",
             "• Yellow key — remove the yellow door from the board. • Black key — remove the black door from the board.",
             "• Yellow key — for the Bastet statue. • Black key — for the Anubis statue."],
             "Carrying the yellow key onto Bastet (3,5): the key goes to the box, the yellow door opens.")
    clear(c, "2,5", "3,5")
    c.hero(0, "2,5")
    key = c.give(0, "Yellow key")
    e = Expect(c); e.hero(0, space="3,5"); e.remove(key); e.turn(moves=2)
    c.act(step("3,5"), project=e.get("heroes", "turn") | {"doors": ["black"]})
    yield "25-key-opens-door", c

    # 26: the wrong key opens nothing -----------------------------------------------------------------
    c = Case("egypt.item.key-statues", ["• Yellow key — for the Bastet statue. • Black key — for the Anubis statue."],
             "Carrying the black key onto Bastet: nothing opens, the key is kept.")
    clear(c, "2,5", "3,5")
    c.hero(0, "2,5")
    key = c.give(0, "Black key")
    e = Expect(c); e.hero(0, space="3,5"); e.turn(moves=2)
    c.act(step("3,5"), project=e.get("heroes", "turn") | {"doors": ["black", "yellow"]})
    yield "26-wrong-key", c


def monster_turn(c):
    """Hero 0 is dead (their tokens parked face down); it is player 0's monster turn."""
    h = c.hero(0, lives=0, status="dead")
    h["space"] = None
    for t in h["items"]:
        t["face_up"] = False
    c.pile(PARK)["tokens"][0:0] = h["items"]
    h["items"] = []
    c._cleanup()
    # Lara's hero turn; the case's first action ends it, so that player 0's monster turn starts as play
    # starts one (the pharaoh seen at its start)
    c.s["turn"] = {"seat": 1, "kind": "hero", "moves": 3, "fought": False, "ending": False,
                   "pharaoh": "no", "done": False, "moving": None, "monster_moves": 0}
    c.s["seat"] = 1
    c.act(END)


def mstep(to):
    return {"kind": "monster-step", "to": to}


MSTOP = {"kind": "monster-stop"}
Q_MMOVE = ["1. Move a revealed monster. Choose a revealed monster on the board.",
           "It has as many movements as shown in the top-right corner of its token."]


def cases2():
    # 27: a monster's movements ------------------------------------------------------------------
    c = Case("egypt.monster-turn.movements", Q_MMOVE,
             "A mummy (2 printed movements, the standard set) makes 2 steps; a third is refused.")
    monster_turn(c)
    clear(c, "5,4", "6,4", "7,4", "8,4")
    mummy = c.put("5,4", "Mummy", face_up=True)
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("6,4"))
    c.act(mstep("7,4"))
    c.act(mstep("8,4"), error={"rule": "egypt.monster-turn.movements"})
    e = Expect(c); e.to_space(mummy, "7,4")
    c.act(MSTOP, project=e.get("piles"))
    yield "27-monster-movements", c

    # 28: not the same monster twice in a row ---------------------------------------------------------
    c = Case("egypt.monster-turn.not-twice", ["Important: you cannot move the same monster twice in a row."],
             "Player 0 (dead hero) moves the mummy; Lara ends her turn; player 0 may not move the mummy again, may move the golem.")
    monster_turn(c)
    clear(c, "5,4", "6,4", "2,4", "1,4")
    mummy = c.put("5,4", "Mummy", face_up=True)
    golem = c.put("2,4", "Golem", face_up=True)
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("6,4"))
    c.act(MSTOP)
    c.act(END)
    c.act({"kind": "move-monster", "token": mummy}, error={"rule": "egypt.monster-turn.not-twice"})
    c.act({"kind": "move-monster", "token": golem})
    c.act(mstep("1,4"))
    e = Expect(c); e.to_space(mummy, "6,4"); e.to_space(golem, "1,4")
    c.act(MSTOP, project=e.get("piles"))
    yield "28-not-twice-in-a-row", c

    # 29: a monster moving onto a hero fights at once ------------------------------------------------
    c = Case("egypt.move.monster-combat-always", ["This always happens, even if the hero arrived on a space with an already-revealed monster token, or the monster itself moved onto the hero's space during the monster turn."],
             "The mummy steps onto Lara (7,4): combat at once, the hero's player fights.")
    monster_turn(c)
    clear(c, "5,4", "6,4", "7,4")
    c.hero(1, "7,4")
    mummy = c.put("5,4", "Mummy", face_up=True)
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("6,4"))
    e = Expect(c); e.to_space(mummy, "7,4")
    c.act(mstep("7,4"), project=e.get("piles") | {"combat": combat(1, "7,4", mummy)})
    c.act(ROLL)
    e.hero(1, lives=2)
    c.act(die("Attack"), project=e.get("heroes"))
    yield "29-monster-onto-hero", c

    # 30: a spider flies across a gap ------------------------------------------------------------------
    c = Case("egypt.monster.winged-spiders-descend", ["On the monster turn: winged monsters and spiders can move in any direction — left, right, up, or down.",
             "If at the end of such a monster's turn there's no floor beneath it, it descends until it lands on a floor."],
             "A spider crosses 3,2 (no floor) to 4,2 without falling: it descends only at the end of its turn.")
    monster_turn(c)
    clear(c, "2,2", "4,2", "3,3")
    spider = c.put("2,2", "Spider", face_up=True)
    c.act({"kind": "move-monster", "token": spider})
    e = Expect(c); e.to_space(spider, "3,2")
    c.act(mstep("3,2"), project=e.get("piles"))
    e.to_space(spider, "4,2")
    c.act(mstep("4,2"), project=e.get("piles"))
    c.act(MSTOP, project=e.get("piles"))
    yield "30-spider-crosses-gap", c

    # 31: a spider ending in the air descends -----------------------------------------------------------
    c = Case("egypt.monster.winged-spiders-descend", ["If at the end of such a monster's turn there's no floor beneath it, it descends until it lands on a floor."],
             "A spider stops on 3,2 (no floor): it descends to 3,3.")
    monster_turn(c)
    clear(c, "2,2", "3,3")
    spider = c.put("2,2", "Spider", face_up=True)
    c.act({"kind": "move-monster", "token": spider})
    c.act(mstep("3,2"))
    e = Expect(c); e.to_space(spider, "3,3")
    c.act(MSTOP, project=e.get("piles"))
    yield "31-spider-descends", c

    # 32: a mummy walks as a hero does: falls at once -----------------------------------------------
    c = Case("egypt.monster-turn.move-rules", ["The monster moves by the same rules as a hero, and can use ladders and caves, but does not reveal tokens.", Q_FALL],
             "A mummy stepping onto 3,2 (no floor) falls to 3,3 at once, as a hero would.")
    monster_turn(c)
    clear(c, "2,2", "3,3")
    mummy = c.put("2,2", "Mummy", face_up=True)
    c.act({"kind": "move-monster", "token": mummy})
    e = Expect(c); e.to_space(mummy, "3,3")
    c.act(mstep("3,2"), project=e.get("piles"))
    yield "32-mummy-falls", c

    # 33: a monster does not reveal tokens ------------------------------------------------------------
    c = Case("egypt.monster-turn.move-rules", ["The monster moves by the same rules as a hero, and can use ladders and caves, but does not reveal tokens."],
             "A mummy stopping on a face-down chest leaves it face down (recorded: monster-onto-tokens, default stack-on-top).")
    monster_turn(c)
    clear(c, "5,4", "6,4")
    mummy = c.put("5,4", "Mummy", face_up=True)
    c.put("6,4", "Saber")
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("6,4"))
    e = Expect(c); e.to_space(mummy, "6,4")
    c.act(MSTOP, project=e.get("piles"))
    yield "33-monster-no-reveal", c

    # 34: the pharaoh's three lives, by a melee weapon -----------------------------------------------
    c = Case("egypt.monster.pharaoh-three-losses", ["The pharaoh has 3 lives (2 life tokens are placed on him, and the third is the pharaoh token itself).",
             "In combat: to destroy the pharaoh, you need to make it lose lives 3 times — for the first and second loss, discard a life token from it, and for the third, discard the pharaoh token itself.",
             "If none of this has happened, use items and roll the die until combat ends."],
             "Saber vs the revealed pharaoh: Melee three times; the first two cost a life token, the fight going on; the third destroys him.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    c.give(0, "Saber")
    ph = c.put("5,4", "Pharaoh", face_up=True)
    c.act(step("5,4"))
    e = Expect(c); e.hero(0, space="5,4")
    for lives in (2, 1):
        c.act(ROLL)
        c.act(die("Melee"), project={"pharaoh_lives": lives, "combat": combat(0, "5,4", ph)})
    c.act(ROLL)
    e.remove(ph)
    c.act(die("Melee"), project=e.get("piles") | {"combat": None})
    yield "34-pharaoh-three-lives", c

    # 35: the Turn Example's bomb: mummy destroyed, wall blown -----------------------------------------
    c = Case("egypt.start.bomb-two-effects", ["Bomb. The bomb has two one-use effects: attack a monster and/or destroy the surroundings. You can apply either one of them, or both at once — first attack the monster, then decide what to destroy on that space.",
             "The bomb can be thrown at the monster, which is exactly what Masha does — the mummy loses 1 life and is destroyed, and Masha discards the monster token from the board. On top of that, the bomb lets Masha blow up a wall or floor, and she takes advantage of this: she places a rubble token on the wall to her left — now she can pass through here!"],
             "Mummy revealed at 8,5; the bomb destroys it and the wall at 7,5 (left).")
    clear(c, "9,5", "8,5")
    c.hero(0, "9,5")
    mummy = c.put("8,5", "Mummy")
    c.act(step("8,5"))
    e = Expect(c); e.hero(0, space="8,5"); e.remove(mummy); e.remove(1)
    c.act({"kind": "bomb", "token": 1, "attack": "8,5", "destroy": "7,5", "part": "wall"},
          project=e.get("heroes", "piles") | {"combat": None, "rubble": ["7,5/wall"]})
    yield "35-turn-example-bomb", c

    # 36: fruit up to 3 ----------------------------------------------------------------------------
    c = Case("egypt.item.fruit", ["Fruits: pineapple, orange, banana, pear, apple — One-use effect: restore 2 lives to your hero. Remember each hero has a maximum of 3."],
             "Lives 2, an apple: 3, not 4; the apple goes.")
    clear(c, "4,4")
    c.hero(0, "4,4", lives=2)
    apple = c.give(0, "apple")
    e = Expect(c); e.hero(0, lives=3); e.remove(apple)
    c.act({"kind": "eat", "token": apple}, project=e.get("heroes"))
    yield "36-fruit-cap", c

    # 37: the crystal: every surviving hero, cap 3, once per game ------------------------------------
    c = Case("egypt.item.crystal-heal", ["Special effect, once per game, at any time: restore 1 life to every surviving hero.",
             "If a hero already has 3 lives, they don't gain a fourth.",
             "Afterward, turn the crystal token face down on your board or sideways, so you remember you've already used the effect."],
             "Masha (1 life) holds the crystal, Lara has 3: Masha 2, Lara 3; a second use is refused.")
    clear(c, "4,4")
    c.hero(0, "4,4", lives=1)
    cr = c.give(0, "Pharaoh's Crystal")
    c.s["crystal_found"] = True
    e = Expect(c); e.hero(0, lives=2)
    e._tok(cr)[1]["used"] = True
    c.act({"kind": "crystal", "token": cr}, project={"crystal_used": True, "heroes": e.get("heroes")["heroes"]})
    c.act({"kind": "crystal", "token": cr}, error={"rule": "egypt.item.crystal-heal"})
    yield "37-crystal-once", c

    # 38: spiked boots on a fall onto a face-down monster ---------------------------------------------
    c = Case("egypt.item.spiked-boots-face-down", ["Spiked Boots — Permanent effect, once per turn: if a hero falls down onto a space with a monster, the monster loses 1 life.",
             "This works even if the hero falls onto a face-down hazard token and a monster turns out to be there. The spiked boots show no mercy to anyone!"],
             "Falling 3,2 -> 3,3 onto a face-down mummy with boots: it loses its life (recorded: spiked-boots-combat, default destroyed-no-combat; movements used up).")
    clear(c, "2,2", "3,3")
    c.hero(0, "2,2")
    boots = c.give(0, "Spiked Boots")
    mummy = c.put("3,3", "Mummy")
    c.act(step("3,2"))
    e = Expect(c); e.hero(0, space="3,3"); e.remove(mummy); e._tok(boots)[1]["used"] = True
    c.act({"kind": "use-boots", "token": boots}, project=e.get("heroes", "piles") | {"combat": None})
    yield "38-spiked-boots", c

    # 39: shooting a face-down hazard ---------------------------------------------------------------------
    c = Case("egypt.weapon.shoot-roll", ["Assault Rifle and Shotgun — Permanent effect, once per turn: say where you're shooting — you can shoot at a space neighboring your hero that has a revealed monster or a face-down hazard token.",
             "Then roll the die — if you roll Melee/Ranged, the monster loses 1 life, and the hazard token is revealed (if there's a monster on it, it loses 1 life). If anything else is rolled, nothing happens."],
             "Shoot the face-down hazard at 5,4: Melee/Ranged: a mummy, destroyed. A second shot the same turn is refused.")
    clear(c, "4,4", "5,4", "3,4")
    c.hero(0, "4,4")
    rifle = c.give(0, "Assault Rifle")
    mummy = c.put("5,4", "Mummy")
    c.put("3,4", "Golem")
    c.act({"kind": "shoot", "token": rifle, "space": "5,4"})
    e = Expect(c); e.remove(mummy); e._tok(rifle)[1]["used"] = True
    c.act(die("Melee/Ranged"), project=e.get("heroes", "piles"))
    c.act({"kind": "shoot", "token": rifle, "space": "3,4"}, error={"rule": "egypt.weapon.shoot"})
    yield "39-shoot-hazard", c

    # 40: a miss does nothing -----------------------------------------------------------------------------
    c = Case("egypt.weapon.shoot-roll", ["If anything else is rolled, nothing happens."],
             "Shoot the face-down hazard at 5,4 and roll Attack: it stays face down, the hero keeps 3 lives.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    rifle = c.give(0, "Assault Rifle")
    mummy = c.put("5,4", "Mummy")
    c.act({"kind": "shoot", "token": rifle, "space": "5,4"})
    e = Expect(c); e._tok(rifle)[1]["used"] = True
    c.act(die("Attack"), project=e.get("heroes", "piles"))
    yield "40-shoot-miss", c

    # 41: only a neighbouring space can be shot ---------------------------------------------------------
    c = Case("egypt.weapon.shoot", ["you can shoot at a space neighboring your hero that has a revealed monster or a face-down hazard token."],
             "6,4 is two spaces away: refused.")
    clear(c, "4,4", "5,4", "6,4")
    c.hero(0, "4,4")
    rifle = c.give(0, "Assault Rifle")
    c.put("6,4", "Mummy")
    c.act({"kind": "shoot", "token": rifle, "space": "6,4"}, error={"rule": "egypt.weapon.shoot"})
    yield "41-shoot-too-far", c

    # 42: flashlight: not through a wall; a peeked trap stays, harmless ----------------------------------
    c = Case("egypt.item.flashlight-walls", ["That token must not be separated from you by a wall (remember, a wall with a rubble token on it doesn't actually count as a wall anymore).",
             "If you peek at a trap, leave it revealed on the board."],
             "From 8,5 the token at 2,5 is behind the walls 5..7,5: refused; 9,5's Fire is revealed and stays, no life lost.")
    clear(c, "8,5", "9,5", "2,5")
    c.hero(0, "8,5")
    fl = c.give(0, "Flashlight")
    c.put("2,5", "Mummy")
    fire = c.put("9,5", "Fire")
    c.act({"kind": "peek", "token": fl, "space": "2,5"}, error={"rule": "egypt.item.flashlight-walls"})
    e = Expect(c); e.flip(fire); e._tok(fl)[1]["used"] = True
    c.act({"kind": "peek", "token": fl, "space": "9,5"}, project=e.get("heroes", "piles"))
    yield "42-flashlight-walls", c

    # 43: the pharaoh's roll: Attack -----------------------------------------------------------------------
    c = Case("egypt.monster-turn.pharaoh-attack", ["Playing the Pharaoh. Play as the tomb's very own master! If the pharaoh is revealed on the board at the start of the monster turn, you may roll the die.",
             "If you roll Attack, place the pharaoh on the space of any hero. He immediately enters combat with that hero, and the monster turn ends."],
             "Pharaoh face up at 5,4; roll Attack; placed on Lara (10,0): combat with her.")
    monster_turn(c)
    clear(c, "5,4")
    ph = c.put("5,4", "Pharaoh", face_up=True)
    c.act({"kind": "pharaoh-roll"})
    c.act(die("Attack"))
    e = Expect(c); e.to_space(ph, "10,0")
    c.act({"kind": "place-pharaoh", "hero": 1}, project=e.get("piles") | {"combat": combat(1, "10,0", ph)})
    yield "43-pharaoh-roll-attack", c

    # 44: the pharaoh rests: a normal monster turn instead --------------------------------------------
    c = Case("egypt.monster-turn.pharaoh-rests", ["If you roll anything else, the pharaoh rests — take a normal monster turn instead."],
             "Pharaoh roll 3: the pharaoh stays; the player moves the mummy instead.")
    monster_turn(c)
    clear(c, "5,4", "2,4", "1,4")
    ph = c.put("5,4", "Pharaoh", face_up=True)
    mummy = c.put("2,4", "Mummy", face_up=True)
    c.act({"kind": "pharaoh-roll"})
    c.act(die("3"))
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("1,4"))
    e = Expect(c); e.to_space(mummy, "1,4")
    c.act(MSTOP, project=e.get("piles"))
    yield "44-pharaoh-rests", c

    # 45: flamethrower vs a neighbouring mummy -------------------------------------------------------
    c = Case("egypt.weapon.flamethrower-mummy", ["One-use effect: if there's a mummy on the space with your hero or a neighboring one, discard the flamethrower from your board — the mummy is destroyed; remove it from the board. These dried-out fellows catch fire easily!"],
             "A revealed mummy on 5,4 beside the hero (4,4): flamethrower discarded, mummy removed.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    ft = c.give(0, "Flamethrower")
    mummy = c.put("5,4", "Mummy", face_up=True)
    e = Expect(c); e.remove(ft); e.remove(mummy)
    c.act({"kind": "banish", "token": ft, "space": "5,4"}, project=e.get("heroes", "piles"))
    yield "45-flamethrower-mummy", c

    # 46: teleporter through a wall, not into one -----------------------------------------------------
    c = Case("egypt.item.teleporter-limits", ["Teleporter — One-use effect: the hero can move exactly 2 spaces in any direction, even if there's a floor, ceiling, or wall in the way — none of those exist for the teleporter.",
             "Exceptions: you cannot move through the yellow and black doors or the reinforced floor; you cannot stop inside a wall; you cannot move outside the tomb (the game board)."],
             "From 4,5: two right is 6,5, a wall: refused; two down is 4,7, the yellow door: refused; two up is 4,3 (through 4,4's floor): allowed.")
    clear(c, "4,5", "4,4", "4,3")
    c.hero(0, "4,5")
    tp = c.give(0, "Teleporter")
    c.act({"kind": "teleport", "token": tp, "space": "6,5"}, error={"rule": "egypt.item.teleporter-limits"})
    c.act({"kind": "teleport", "token": tp, "space": "4,7"}, error={"rule": "egypt.item.teleporter-limits"})
    e = Expect(c); e.hero(0, space="4,3"); e.remove(tp)
    c.act({"kind": "teleport", "token": tp, "space": "4,3"}, project=e.get("heroes"))
    yield "46-teleporter", c


def cases3():
    # 47: cobra vs vest ---------------------------------------------------------------------------------
    c = Case("egypt.monster.king-cobra", ["King Cobra. In combat: if you roll Attack, the cobra attacks with a lethal bite — the hero loses 3 lives.",
             "Bulletproof Vest — Permanent effect, once per turn: when you would lose 1 life (for example, in combat with a monster or from any other game effect), don't lose it."],
             "Bitten with the vest unused: the vest saves 1 of the 3 (recorded: cobra-vest, default one-of-three): 3 -> 1.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    vest = c.give(0, "Bulletproof Vest")
    cobra = c.put("5,4", "King Cobra")
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("Attack"))
    e = Expect(c); e.hero(0, space="5,4", lives=1); e._tok(vest)[1]["used"] = True
    c.act({"kind": "use-vest", "token": vest}, project=e.get("heroes"))
    yield "47-cobra-vest", c

    # 48: the crystal saves a dying hero; fruit does not ------------------------------------------------
    c = Case("egypt.faq.crystal-any-time", ["I'm about to lose my third life and die, but I have a fruit! Can I restore my lives right now? Unfortunately, it's too late! The hero dies.",
             "But you can still use the crystal's effect, since it works at any time!"],
             "1 life, apple and crystal on the board, Attack: the apple is too late (no window for it), the crystal saves (recorded: crystal-save-dying, default saves): 1 -> 2 -> 1.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4", lives=1)
    apple = c.give(0, "apple")
    cr = c.give(0, "Pharaoh's Crystal")
    c.s["crystal_found"] = True
    mummy = c.put("5,4", "Mummy")
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("Attack"))
    c.act({"kind": "eat", "token": apple}, error={"rule": "egypt.faq.fruit-too-late"})
    e = Expect(c); e.hero(0, space="5,4", lives=1); e._tok(cr)[1]["used"] = True
    c.act({"kind": "crystal", "token": cr}, project=e.get("heroes") | {"crystal_used": True})
    yield "48-crystal-saves-fruit-too-late", c

    # 49: the genie's burn on a retreat -----------------------------------------------------------------
    c = Case("egypt.monster.fire-genie", ["Fire Genie. In combat: the hero loses 1 life from the burn if they fail to destroy the genie."],
             "Retreat from a fire genie: 1 life lost from the burn (recorded: genie-burn-timing, default end-of-combat).")
    clear(c, "4,4", "5,4", "3,4")
    c.hero(0, "4,4")
    genie = c.put("5,4", "Fire Genie")
    c.act(step("5,4"))
    c.act(ROLL)
    c.act(die("2"))
    c.act(step("4,4"))
    e = Expect(c); e.hero(0, space="3,4", lives=2); e.flip(genie)
    c.act(step("3,4"), project=e.get("heroes", "piles"))
    yield "49-genie-burn", c

    # 50: the extinguisher against the genie ---------------------------------------------------------
    c = Case("egypt.monster.fire-genie-extinguisher", ["If you have a fire extinguisher, you can discard it from your board — the fire genie is destroyed, and no life is lost from the burn."],
             "In combat with a genie, discard the extinguisher: the genie is destroyed, no burn.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    ext = c.give(0, "Fire Extinguisher")
    genie = c.put("5,4", "Fire Genie")
    c.act(step("5,4"))
    e = Expect(c); e.hero(0, space="5,4"); e.remove(ext); e.remove(genie)
    c.act({"kind": "banish", "token": ext, "space": "5,4"}, project=e.get("heroes", "piles") | {"combat": None})
    yield "50-genie-extinguisher", c

    # 51: crack while standing on a wall ------------------------------------------------------------
    c = Case("egypt.trap.crack-wall", ["Important: if the hero was standing on a wall, the whole wall is destroyed.",
             "Crack — the floor beneath your hero collapses! Place a rubble token over the floor. The hero falls down by the normal rules and loses 1 life from the rough landing."],
             "3,0 stands on the wall 3,1: a crack there destroys the wall (rubble), the hero falls onto 3,1's floor and loses 1 life (recorded: crack-reinforced, default).")
    clear(c, "2,0", "3,0")
    c.hero(0, "2,0")
    crack = c.put("3,0", "Crack")
    e = Expect(c); e.hero(0, space="3,1", lives=2); e.remove(crack); e.turn(moves=2)
    c.act(step("3,0"), project=e.get("heroes", "piles", "turn") | {"rubble": ["3,1/wall"]})
    yield "51-crack-on-wall", c

    # 52: an already revealed monster fights too ---------------------------------------------------------
    c = Case("egypt.move.monster-combat-always", ["This always happens, even if the hero arrived on a space with an already-revealed monster token, or the monster itself moved onto the hero's space during the monster turn."],
             "Stepping onto a face-up mummy: combat, movements used up.")
    clear(c, "4,4", "5,4")
    c.hero(0, "4,4")
    mummy = c.put("5,4", "Mummy", face_up=True)
    e = Expect(c); e.hero(0, space="5,4"); e.turn(moves=0, fought=True)
    c.act(step("5,4"), project=e.get("heroes", "turn") | {"combat": combat(0, "5,4", mummy)})
    yield "52-revealed-monster-fights", c

    # 53: a dead hero's stack is revealed by the next hero to arrive ---------------------------------------
    c = Case("egypt.death.drop-tokens", [Q_STACK, Q_REVEAL, "They are not discarded from your board unless you voluntarily discard them onto the board, or discard them after dying."],
             "Masha died at 5,4 (her Ladder, Bomb and Saber face down there). Lara arrives: the stack is revealed (recorded: dead-hero-stack, default reveal-all); she takes the Saber.")
    clear(c, "4,4", "5,4")
    monster_turn(c)      # Masha dead, her tokens parked face down on PARK ...
    c.lines.clear()
    c.s["turn"] = {"seat": 1, "kind": "hero", "moves": 3, "fought": False, "ending": False,
                   "pharaoh": "no", "done": False, "moving": None, "monster_moves": 0}
    c.s["seat"] = 1
    for name in ("Ladder", "Bomb"):       # ... moved onto 5,4 with a saber
        c.put("5,4", name)
    saber = c.put("5,4", "Saber")
    c.hero(1, "4,4")
    ids = [t["id"] for t in c.pile("5,4")["tokens"]]
    e = Expect(c); e.hero(1, space="5,4"); e.turn(moves=2)
    for i in ids:
        e.flip(i)
    c.act(step("5,4"), project=e.get("heroes", "piles"))
    e.to_hero(saber, 1)
    c.act({"kind": "pick-up", "token": saber}, project=e.get("heroes", "piles"))
    yield "53-dead-stack-revealed", c

    # 54: a ghost passes a floor, a mummy does not ------------------------------------------------------
    c = Case("egypt.monster.ghosts-move", ["On the monster turn: ghosts can move in any direction — left, right, up, or down — and can pass through floors, ceilings, and walls.",
             "The monster moves by the same rules as a hero, and can use ladders and caves, but does not reveal tokens."],
             "From 8,4 (no ladder) a ghost goes down through the floor to 8,5; a mummy may not.")
    monster_turn(c)
    clear(c, "8,4", "8,5", "9,4")
    ghost = c.put("8,4", "Ghost", face_up=True)
    mummy = c.put("9,4", "Mummy", face_up=True)
    c.act({"kind": "move-monster", "token": ghost})
    e = Expect(c); e.to_space(ghost, "8,5")
    c.act(mstep("8,5"), project=e.get("piles"))
    c.act(MSTOP)
    c.act(END)   # Lara
    c.act({"kind": "move-monster", "token": mummy})
    c.act(mstep("9,5"), error={"rule": "egypt.monster-turn.move-rules"})
    yield "54-ghost-through-floor", c

    # 55: revealing a hazard is the whole monster turn ---------------------------------------------------
    c = Case("egypt.monster-turn.reveal-hazard", ["2. Reveal any hazard token. If it's a monster, it can be moved on the next monster turn.",
             "On the monster turn, choose one of three actions:"],
             "The monster player reveals a mummy: it is not moved this turn; Lara's turn follows.")
    monster_turn(c)
    clear(c, "5,4", "6,4")
    mummy = c.put("5,4", "Mummy")
    e = Expect(c); e.flip(mummy)
    c.act({"kind": "reveal-hazard", "space": "5,4"}, project=e.get("piles"))
    c.act({"kind": "move-monster", "token": mummy}, player=0, error={"rule": "egypt.turn.order"})
    yield "55-reveal-is-the-turn", c

    # 56: the reinforced floor -------------------------------------------------------------------------
    c = Case("egypt.start.reinforced-floor", ["• On the three spaces at the very bottom of the board, the floor is reinforced and cannot be destroyed."],
             "A hero on 6,7 (the exit's reinforced floor) cannot bomb the floor under them.")
    c.hero(0, "6,7")
    c.s["doors"] = ["black"]
    c.act({"kind": "bomb", "token": 1, "attack": None, "destroy": "6,7", "part": "floor"},
          error={"rule": "egypt.start.reinforced-floor"})
    yield "56-reinforced-floor", c

    # 57: the spike button: a hero on spikes dies, the vest does not help -----------------------------------
    c = Case("egypt.trap.spike-hit", ["Hidden Spike Button — revealing this token immediately reveals all tokens on spaces with spikes.",
             "If the token is a monster, it's destroyed (nothing happens to the pharaoh); if it's a hero, they die. The other tokens remain revealed.",
             "The vest won't save you in cases where a hero doesn't just lose lives but dies outright — for example, from the rolling boulder or the falling ceiling."],
             "Masha reveals the spike button at 5,4; Lara, on the spike space 6,3 with a vest, dies. Her stack stays face down "
             "(the death's 'face-down stack'): reading face-down of egypt.ambiguity.trap-victim-stack, recorded by this case's triage.",
             options={"trap_victim_stack": "face-down"})
    clear(c, "4,4", "5,4", "6,3")
    c.hero(0, "4,4")
    c.hero(1, "6,3")
    c.give(1, "Bulletproof Vest")
    sb = c.put("5,4", "Hidden Spike Button")
    e = Expect(c); e.hero(0, space="5,4"); e.hero(1, space=None, lives=0, status="dead"); e.remove(sb)
    for sp in ("7,1", "1,6"):            # the other spike spaces' tokens are revealed
        for t in c.pile(sp)["tokens"]:
            e.flip(t["id"])
    c._cleanup()
    for t in list(e.e["heroes"][1]["items"]):
        e.to_space(t["id"], "6,3", face_up=False)
    c.act(step("5,4"), project=e.get("heroes", "piles"))
    yield "57-spikes-kill-hero", c

    # 58: the spike button: monsters on spikes destroyed, other tokens revealed --------------------------
    c = Case("egypt.trap.spike-hit", ["Hidden Spike Button — revealing this token immediately reveals all tokens on spaces with spikes.",
             "If the token is a monster, it's destroyed (nothing happens to the pharaoh); if it's a hero, they die. The other tokens remain revealed."],
             "Spike spaces 7,1 (a chest), 6,3 (a mummy, face down) and 1,6 (the pharaoh, face down): the chest and the pharaoh are revealed, the mummy destroyed.")
    clear(c, "4,4", "5,4", "7,1", "6,3", "1,6")
    c.hero(0, "4,4")
    sb = c.put("5,4", "Hidden Spike Button")
    axe = c.put("7,1", "Axe")
    mummy = c.put("6,3", "Mummy")
    ph = c.put("1,6", "Pharaoh")
    e = Expect(c); e.hero(0, space="5,4"); e.remove(sb); e.flip(axe); e.remove(mummy); e.flip(ph)
    c.act(step("5,4"), project=e.get("heroes", "piles"))
    yield "58-spikes-tokens", c

    # 59: the boulder: a hero in its path dies, the pharaoh is unharmed --------------------------------
    c = Case("egypt.trap.boulder-reveal", ["A huge boulder rolls through the tomb! It starts its path from space 1 on the left and rolls to the right, falling down wherever there's no floor. It keeps rolling straight through to space 2, or to the nearest wall (which shatters the boulder).",
             "Reveal all the tokens in the boulder's path, in order. If a token is a monster, it is destroyed (nothing happens to the pharaoh); if it's a hero, they die. The remaining tokens stay revealed.",
             "Important: the pharaoh only loses lives when a player strikes it with a weapon. The pharaoh is never harmed by traps or the falling ceiling."],
             "Rumble at 5,4: the boulder rolls 0,2 -> 2,2, falls at 3,2 to 3,3, rolls to 11,3 (space 2): Lara (9,3, vest) dies; the pharaoh face down on 7,3 is revealed and stays. Lara's dropped tokens lie in the path: "
             "revealed under the default reading of egypt.ambiguity.trap-victim-stack (recorded by this case's triage).")
    clear(c, "4,4", "5,4", "0,2", "1,2", "2,2", "3,3", "4,3", "5,3", "6,3", "7,3", "8,3", "9,3", "10,3", "11,3")
    c.hero(0, "4,4")
    c.hero(1, "9,3")
    c.give(1, "Bulletproof Vest")
    rb = c.put("5,4", "Strange Rumble")
    ph = c.put("7,3", "Pharaoh")
    e = Expect(c); e.hero(0, space="5,4"); e.hero(1, space=None, lives=0, status="dead")
    for t in list(e.e["heroes"][1]["items"]):
        e.to_space(t["id"], "9,3", face_up=True)   # in the boulder's path: revealed (default reading)
    e.remove(rb); e.flip(ph)
    c.act(step("5,4"), project=e.get("heroes", "piles") | {"pharaoh_lives": 3})
    yield "59-boulder", c


def main():
    for old in HERE.glob("[0-5][0-9]-*.jsonl"):      # its own cases only: build2.py writes 60 and up
        old.unlink()
    n = 0
    for gen in (cases, cases2, cases3):
        for name, c in gen():
            c.write(f"{name}.jsonl")
            n += 1
    print(n, "cases")


if __name__ == "__main__":
    main()
