"""The worked examples of the Monsters of Egypt rulebook, replayed through the reference model.

The rulebook prints no board, so each replay builds the situation its example describes on a small
purpose-built board (:func:`example_set`), plays the example's movements, rolls and choices through
``step`` and compares what follows with the text.  It returns ``(matches, detail)``.  The tests assert
every example matches; a mismatch is a finding.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tombspec.model.chance import Deck
from tombspec.model.egypt import Egypt
from tombspec.model.egypt import actions as A
from tombspec.model.egypt.board import boardset_from_data, shipped_set
from tombspec.model.egypt.state import IN, EgyptState, Hero, Pile, Token, Turn

WIDTH = 8
TOP = {"orange": "_1 _H _ _H _ _H _ _2", "purple": "_ _V _ _V _ _V _ _"}
BOTTOM = ["_ _ _ _ # # # _", "_B _A _ Y =X = = K"]


def example_set(middle: list[str], side: str = "orange") -> Any:
    """A board side: a top floor with the three starting ladders (or vines) and the boulder's spaces,
    the example's floors ``middle`` (8 spaces wide), and a bottom with the doors, the statues and the
    exit; the standard set's tokens and heroes."""
    std = shipped_set("standard").to_data()
    rows = [TOP[side], *middle, *BOTTOM]
    return boardset_from_data({**{k: v for k, v in std.items() if k not in ("orange", "purple", "set")},
                               "set": {"name": "example", "note": "a worked example's board"}, side: {"rows": rows}})


def ruleset(middle: list[str], side: str = "orange", **options: Any) -> Egypt:
    options.setdefault("token_mix", "leftovers")
    if side == "purple":
        options["escape"] = True
    return Egypt(options=options, board=example_set(middle, side))


def situation(rs: Egypt, heroes: list[tuple[str, list[str]]], piles: dict[str, list[tuple[str, bool]]], *,
              seat: int = 0, kind: str = "hero", moves: int = 3, **changes: Any) -> EgyptState:
    """A state on ``rs``'s board: each hero ``(space, [token names on their board])``; on each space the
    pile ``[(token name, face up), ...]`` bottom first; the seat ``seat`` to play."""
    next_id = 0
    hs = []
    for i, (space, names) in enumerate(heroes):
        items = []
        for name in names:
            items.append(Token(next_id, name, rs.components.kind(name).back, face_up=True))
            next_id += 1
        hs.append(Hero(rs.components.heroes[i].name, rs.seats[i].player if i < len(rs.seats) else i,
                       IN if space else "dead", space, 3 if space else 0, tuple(items)))
    ps = []
    for space in sorted(piles, key=rs.board.order.__getitem__):
        tokens = []
        for name, up in piles[space]:
            tokens.append(Token(next_id, name, rs.components.kind(name).back, face_up=up))
            next_id += 1
        ps.append(Pile(space, tuple(tokens)))
    crystal = any(n == "Pharaoh's Crystal" for _, names in heroes for n in names) or \
        any(n == "Pharaoh's Crystal" for p in piles.values() for n, _ in p)
    return EgyptState(phase="play", heroes=tuple(hs), piles=tuple(ps), next_id=next_id,
                      chests=Deck() if crystal else Deck.of({"Pharaoh's Crystal": 1}), round=1, turns=1,
                      turn=Turn(seat, kind, moves=moves if kind == "hero" else 0), **changes)


def token_id(s: EgyptState, space: str, name: str) -> int:
    return next(t.id for t in s.pile(space) if t.name == name)


def item_id(s: EgyptState, hero: int, name: str) -> int:
    return next(t.id for t in s.hero(hero).items if t.name == name)


# The Turn Example ------------------------------------------------------------------------------------

TURN_BOARD = ["_ _ _ _? _c . _ _",
              "_ _ _ _ # _? _ _"]


def turn_example() -> dict[str, tuple[bool, str]]:
    """Masha: fire, roller skates, falling onto a mummy, the bomb and the rubble (section Turn Example)."""
    rs = ruleset(TURN_BOARD, players=1, solo_heroes=1)
    s = situation(rs, [("2,1", ["Ladder", "Bomb"])],
                  {"3,1": [("Fire", False)], "4,1": [("roller skates", False)], "5,2": [("Mummy", False)]})
    out: dict[str, tuple[bool, str]] = {}
    out["egypt.example.turn-start"] = (s.turn.moves == 3 and A.Step("3,1") in rs.legal_actions(s),
                                       f"Masha has {s.turn.moves} movements")
    s = rs.step(s, A.Step("3,1"))
    ok = s.hero(0).lives == 2 and not s.pile("3,1") and s.turn.moves == 2
    out["egypt.example.movement-1-fire"] = (ok, f"after the fire: {s.hero(0).lives} lives, {s.turn.moves} "
                                                f"movements, the fire token {'gone' if not s.pile('3,1') else 'still there'}")
    s = rs.step(s, A.Step("4,1"))
    skates = s.pile("4,1")
    revealed = bool(skates) and skates[0].face_up and skates[0].name == "roller skates"
    if revealed:
        s = rs.step(s, A.PickUp(skates[0].id))
    ok = revealed and any(t.name == "roller skates" for t in s.hero(0).items)
    out["egypt.example.movement-2-chest"] = (ok, "the chest revealed roller skates; Masha placed them on her board"
                                             if ok else f"the chest: {skates}")
    s = rs.step(s, A.Step("5,1"))
    mummy = s.pile("5,2")
    ok = s.hero(0).space == "5,2" and s.hero(0).lives == 2 and s.combat is not None and mummy[-1].face_up \
        and s.turn.moves == 0
    out["egypt.example.movement-3-fall"] = (ok, f"Masha on {s.hero(0).space} with {s.hero(0).lives} lives; combat "
                                                f"{'begins' if s.combat else 'does not begin'}")
    legal = rs.legal_actions(s)
    skate_id = item_id(s, 0, "roller skates")
    weapons = [t for t in s.hero(0).items if rs.kind(t).category == "weapon"]
    ok = A.Skates(skate_id) in legal and not weapons and A.Roll() in legal
    out["egypt.example.combat-options"] = (ok, "the skates could end the combat; no weapon; the die could be rolled"
                                           if ok else f"combat actions {legal}")
    bomb = A.Bomb(item_id(s, 0, "Bomb"), "5,2", "4,2", "wall")
    if bomb not in legal:
        out["egypt.example.combat-bomb"] = (False, f"{bomb} is not legal: {legal}")
        out["egypt.example.combat-bomb-wall"] = out["egypt.example.combat-bomb"]
        out["egypt.example.turn-ends"] = out["egypt.example.combat-bomb"]
        return out
    s = rs.step(s, bomb)
    ok = not s.pile("5,2") and s.combat is None and all(t.name != "Bomb" for t in s.hero(0).items)
    out["egypt.example.combat-bomb"] = (ok, "the mummy lost its life and is discarded; the bomb is used"
                                        if ok else f"after the bomb: pile {s.pile('5,2')}, combat {s.combat}")
    ok = "4,2/wall" in s.rubble
    # The turn is over: Masha's next turn (solo: hers again) can pass through the rubble.
    again = s.turns
    ok_end = again == 2 and s.turn.moves == 3
    out["egypt.example.turn-ends"] = (ok_end, f"after combat the turn ended: turn {again}, {s.turn.moves} movements")
    passes = A.Step("4,2") in rs.legal_actions(s)
    out["egypt.example.combat-bomb-wall"] = (ok and passes, f"rubble {s.rubble}; she can pass through 4,2: {passes}")
    return out


def _turn(rule: str) -> Callable[[], tuple[bool, str]]:
    return lambda: turn_example()[rule]


# The monster turn: the bat ---------------------------------------------------------------------------

def bat_movement() -> tuple[bool, str]:
    """'For example, a bat has 0 to 4 movements. It also has a movement effect — it can move not just
    left-right, but also up-down!' (Hero Death and the Monster Turn)."""
    rs = ruleset(["_ _ _ . _ . _ _", "_ _ _ _ _ _ _ _"], players=2, pursuit=True)
    s = situation(rs, [("0,2", ["Ladder", "Bomb"])], {"3,2": [("Bat", True)], "5,2": [("Mummy", True)]},
                  seat=1, kind="monster")
    bat, mummy = token_id(s, "3,2", "Bat"), token_id(s, "5,2", "Mummy")
    s1 = rs.step(s, A.MoveMonster(bat), 1)
    legal = rs.legal_actions(s1, 1)
    bat_ok = s1.turn.monster_moves == 4 and A.MonsterStop() in legal and A.MonsterStep("3,1") in legal
    s2 = rs.step(s, A.MoveMonster(mummy), 1)
    mummy_up = A.MonsterStep("5,1") in rs.legal_actions(s2, 1)
    return bat_ok and not mummy_up, (f"bat: {s1.turn.monster_moves} movements, may stop at once, may go up: "
                                     f"{A.MonsterStep('3,1') in legal}; a mummy may go up: {mummy_up}")


# The ceiling (Escape mode) ---------------------------------------------------------------------------

CEILING_BOARD = ["_c _ _ _ _ _? _ _",
                 "_ _ _ _ _ # _ _",
                 "_ _ _ _ _ _ _ _"]


def ceiling_example() -> dict[str, tuple[bool, str]]:
    """'The ceiling must drop one floor. Masha's hero is there — she dies immediately ...' (Escape Mode)."""
    rs = ruleset(CEILING_BOARD, side="purple", players=2)
    s = situation(rs, [("2,1", ["Bomb", "Teleporter"]), ("0,3", ["Bomb", "Grappling Hook", "Pharaoh's Crystal"])],
                  {"0,1": [("Axe", False)], "5,1": [("Pharaoh", False)]}, seat=1, ceiling=3)
    s = rs.step(s, A.EndTurn(), 1)          # the turn passes to the first player: the ceiling drops
    out = {}
    out["egypt.example.ceiling-kills"] = (s.hero(0).status == "dead" and s.ceiling == 4,
                                          f"Masha is {s.hero(0).status}; the ceiling at {s.ceiling}")
    ph = s.pile("5,3")
    ok = bool(ph) and ph[-1].name == "Pharaoh" and ph[-1].face_up and not s.pile("5,2")
    out["egypt.example.ceiling-pharaoh"] = (ok, f"the pharaoh two floors down on 5,3: {bool(ph)}, past the wall on 5,2")
    gone = not s.pile("0,1") and not s.pile("2,1") and not s.pile("5,1")
    out["egypt.example.ceiling-cleanup"] = (gone and s.ceiling == 4 and rs.pending(s).is_decision,
                                            f"floor 1 emptied: {gone}; the game continues: {rs.pending(s).what}")
    return out


def _ceiling(rule: str) -> Callable[[], tuple[bool, str]]:
    return lambda: ceiling_example()[rule]


# The bomb ----------------------------------------------------------------------------------------------

BOMB_BOARD = ["_ _ . _ _ _ _ _",
              "_ # _ _ _ _ _ _",
              "_ _ _ _ _ _ _ _"]


def bomb_options() -> tuple[bool, str]:
    """'She could destroy: the floor beneath her; the wall to her left (but the floor under the wall stays
    intact); the floor to her right; the ceiling to her right.' (Starting Items)."""
    rs = ruleset(BOMB_BOARD, players=1, solo_heroes=1)
    s = situation(rs, [("2,2", ["Bomb"])], {})
    bomb = item_id(s, 0, "Bomb")
    targets = {(a.destroy, a.part) for a in rs.legal_actions(s) if isinstance(a, A.Bomb) and a.attack is None}
    expected = {("2,2", "floor"), ("1,2", "wall"), ("3,2", "floor"), ("3,2", "ceiling")}
    after = rs.step(s, A.Bomb(bomb, None, "1,2", "wall"))
    floor_stays = "1,2/floor" not in after.rubble and rs.board.spaces["1,2"].floor
    return targets == expected and floor_stays, f"destroy options {sorted(targets)}; the floor under the wall stays: {floor_stays}"


def bomb_rubble() -> tuple[bool, str]:
    """'Masha destroyed the wall — now there's a rubble token here and you can walk across this space!
    And if she had destroyed the floor instead, ... anyone landing on this space would fall down!'"""
    rs = ruleset(BOMB_BOARD, players=1, solo_heroes=1)
    s = situation(rs, [("2,2", ["Bomb"])], {})
    bomb = item_id(s, 0, "Bomb")
    wall = rs.step(s, A.Bomb(bomb, None, "1,2", "wall"))
    walk = rs.step(wall, A.Step("1,2"))
    floor = rs.step(s, A.Bomb(bomb, None, "3,2", "floor"))
    fall = rs.step(floor, A.Step("3,2"))
    ok = walk.hero(0).space == "1,2" and fall.hero(0).space == "3,3"
    return ok, f"across the rubbled wall to {walk.hero(0).space}; onto the rubbled floor and down to {fall.hero(0).space}"


# Items ---------------------------------------------------------------------------------------------

HOOK_BOARD = ["_ _ _ _? _ _ _ _",
              "_ _c _ _ # _? _ _",
              "_ _ _ _ _ _ _ _"]


def grappling_hook() -> tuple[bool, str]:
    """'Lara could pull in the chest token to her left, the hazard token behind the wall on her right, the
    revealed monster above her (in which case she immediately enters combat with it), or Andrei below
    her (in which case they can exchange items).' (Items)."""
    rs = ruleset(HOOK_BOARD, players=3)
    s = situation(rs, [("6,3", ["Bomb"]), ("3,2", ["Grappling Hook", "Bomb"]), ("3,3", ["Bomb", "Axe"])],
                  {"1,2": [("Saber", False)], "5,2": [("Mummy", False)], "3,1": [("Golem", True)]}, seat=1)
    hook = item_id(s, 1, "Grappling Hook")
    legal = [a for a in rs.legal_actions(s, 1) if isinstance(a, A.Hook)]
    by_dir = {a.direction: a for a in legal}
    want = {"left": token_id(s, "1,2", "Saber"), "right": token_id(s, "5,2", "Mummy"), "up": token_id(s, "3,1", "Golem")}
    ok = all(by_dir.get(d) == A.Hook(hook, d, target=t) for d, t in want.items()) and \
        by_dir.get("down") == A.Hook(hook, "down", hero=2)
    up = rs.step(s, by_dir["up"], 1) if "up" in by_dir else s
    fights = up.combat is not None and up.combat.hero == 1
    down = rs.step(s, by_dir["down"], 1) if "down" in by_dir else s
    offers = any(isinstance(a, A.Offer) and a.hero == 2 for a in rs.legal_actions(down, 1))
    return ok and fights and offers, f"hook targets {sorted(by_dir)}; pulling the monster fights: {fights}; " \
                                     f"pulling Andrei lets them exchange: {offers}"


JETPACK_BOARD = ["_ _ . _ _ _ _ _",
                 "_ _ _ _ _ _ _ _"]


def jetpack() -> tuple[bool, str]:
    """'Andrei with a jetpack uses his first movement to go up, and his second movement to go right so he
    ends up on a floor. Amazing — he climbed up a floor without a ladder!' (Items)."""
    rs = ruleset(JETPACK_BOARD, players=1, solo_heroes=1)
    s = situation(rs, [("2,2", ["Jetpack"])], {})
    without = A.Step("2,1") in rs.legal_actions(s)
    s = rs.step(s, A.Jetpack(item_id(s, 0, "Jetpack")))
    s = rs.step(s, A.Step("2,1"))
    s = rs.step(s, A.Step("3,1"))
    s = rs.step(s, A.EndTurn())
    return (not without and s.hero(0).space == "3,1"), f"up without the jetpack: {without}; Andrei ends on {s.hero(0).space}"


FLASHLIGHT_BOARD = ["_c # _c _ _ _c # _c",
                    "_c _ _c _ _c _ _c _"]


def flashlight_walls() -> tuple[bool, str]:
    """'On this floor Masha can only reveal two tokens. The rest are behind walls ... But on this floor
    there are no walls at all — Masha can reveal any token!' (Items)."""
    rs = ruleset(FLASHLIGHT_BOARD, players=1, solo_heroes=1)
    piles = {sp: [("Saber", False)] for sp in ("0,1", "2,1", "5,1", "7,1", "0,2", "2,2", "4,2", "6,2")}
    s = situation(rs, [("3,1", ["Flashlight"])], piles)
    walls = {a.space for a in rs.legal_actions(s) if isinstance(a, A.Peek)}
    s2 = s.with_hero(0, space="3,2")
    open_floor = {a.space for a in rs.legal_actions(s2) if isinstance(a, A.Peek)}
    ok = walls == {"2,1", "5,1"} and open_floor == {"0,2", "2,2", "4,2", "6,2"}
    return ok, f"behind walls: {sorted(walls)}; without walls: {sorted(open_floor)}"


# Hazards: the arrows -------------------------------------------------------------------------------

ARROW_BOARD = ["_ #> _c _ _c _ _ _",
               "_c _c _ _? _ _ _ #<"]


def _arrows() -> EgyptState:
    rs = ruleset(ARROW_BOARD, players=1, solo_heroes=1)
    s = situation(rs, [("5,1", ["Bomb"])], {"2,1": [("Saber", False)], "4,1": [("Axe", False)],
                                            "6,1": [("Hidden Arrow Button", False)], "0,2": [("Saber", False)],
                                            "1,2": [("Axe", False)], "3,2": [("Mummy", False)]})
    return rs.step(s, A.Step("6,1"))


def arrows_chest() -> tuple[bool, str]:
    """'Arrows fly right one space and immediately shatter a chest: it's revealed, and the arrows travel
    no further.' (Hazards)."""
    s = _arrows()
    near, far = s.pile("2,1"), s.pile("4,1")
    ok = near[0].face_up and not far[0].face_up
    return ok, f"the chest one space right revealed: {near[0].face_up}; the next one still face down: {not far[0].face_up}"


def arrows_mummy() -> tuple[bool, str]:
    """'Arrows fly left four spaces and encounter a mummy — it's destroyed, and the arrows travel no
    further.' (Hazards)."""
    s = _arrows()
    ok = not s.pile("3,2") and not s.pile("1,2")[0].face_up
    return ok, f"the mummy four spaces left destroyed: {not s.pile('3,2')}; beyond it untouched: {not s.pile('1,2')[0].face_up}"


EXAMPLES: dict[str, Callable[[], tuple[bool, str]]] = {
    "egypt.example.bat-movement": bat_movement,
    **{rule: _turn(rule) for rule in ("egypt.example.turn-start", "egypt.example.movement-1-fire",
                                      "egypt.example.movement-2-chest", "egypt.example.movement-3-fall",
                                      "egypt.example.combat-options", "egypt.example.combat-bomb",
                                      "egypt.example.combat-bomb-wall", "egypt.example.turn-ends")},
    **{rule: _ceiling(rule) for rule in ("egypt.example.ceiling-kills", "egypt.example.ceiling-pharaoh",
                                         "egypt.example.ceiling-cleanup")},
    "egypt.example.bomb-options": bomb_options,
    "egypt.example.bomb-rubble": bomb_rubble,
    "egypt.example.grappling-hook": grappling_hook,
    "egypt.example.jetpack": jetpack,
    "egypt.example.flashlight-walls": flashlight_walls,
    "egypt.example.arrows-chest": arrows_chest,
    "egypt.example.arrows-mummy": arrows_mummy,
}

__all__ = ["EXAMPLES", "example_set", "ruleset", "situation"]
