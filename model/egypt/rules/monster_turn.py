"""Hero Death and the Monster Turn: a player whose hero died (and the spirit of the tomb) takes a monster
turn: move a revealed monster, OR reveal a hazard token, OR activate a revealed trap; playing the
pharaoh; the monsters' movement effects (Monsters section).
"""

from __future__ import annotations

from typing import Any


from ...effects import GAME, Effect
from ..options import read
from ...traceability import implements, note
from .. import actions as A
from ..board import can_drift, can_walk, is_solid, landing
from ..state import IN, EgyptState, Window, evolve
from .items import top_face_down
from .tomb import find_token, heroes_at, push, put, take, terrain

ACTIVATABLE = ("arrow-button", "spike-button", "rumble")


@implements("egypt.monster-turn.pharaoh-roll", "egypt.monster.pharaoh-monster-turn")
def start_monster_turn(rs: Any, s: EgyptState) -> EgyptState:
    """'If the pharaoh is revealed on the board at the start of the monster turn, you may roll the die.'"""
    names = rs.pharaoh_names
    pharaoh = False
    for p in s.piles:
        for t in p.tokens:
            if t.name in names and t.face_up:
                pharaoh = True
                break
        if pharaoh:
            break
    return s.with_turn(pharaoh="may-roll" if pharaoh else "no")


def end_monster_turn(rs: Any, s: EgyptState) -> EgyptState:
    """After a monster turn that moved no monster, the next monster turn may move any (reading
    ``own-turns``: the player's own next monster turn may too)."""
    if s.turn.kind == "monster" and s.turn.moving is None and s.last_moved_turn != s.turns:
        if read(rs.options, "twice_in_a_row") == "own-turns":
            s = moved_last(rs, s, None)
        return evolve(s, last_moved=None)
    return s


MOVED_LAST = "moved-last"


def moved_last(rs: Any, s: EgyptState, token_id: int | None) -> EgyptState:
    """Reading ``own-turns`` of egypt.ambiguity.twice-in-a-row: remember, for the player whose monster turn
    it is, the monster they moved on it (None: none), a lasting effect (``moved-last``) of theirs."""
    player = rs.seats[s.turn.seat].player
    keep = tuple(e for e in s.effects if not (e.name == MOVED_LAST and e.player == player))
    if token_id is not None:
        keep += (Effect(MOVED_LAST, "egypt.monster-turn.not-twice", until=GAME, player=player, value=token_id),)
    return evolve(s, effects=keep)


def monster_kind(rs: Any, token: Any) -> Any:
    return rs.kind(token)


@implements("egypt.monster-turn.not-twice", "egypt.monster-turn.consecutive-players", "egypt.ambiguity.twice-in-a-row",
            "egypt.monster-turn.move", "egypt.ambiguity.pharaoh-monster-turn", "egypt.monster-turn.pharaoh-rests")
def why_not_move(rs: Any, s: EgyptState, token_id: int) -> str:
    """The rule that stops the monster ``token_id`` being moved now, or "" when it may be."""
    space = find_token(s, token_id)
    if space is None:
        return "egypt.monster-turn.move"
    token = next(t for t in s.pile(space) if t.id == token_id)
    k = rs.kind(token)
    if not token.face_up or not k.is_monster or not terrain(rs, s).live(space):
        return "egypt.monster-turn.move"
    if rs.movements(k) < 1:
        return "egypt.monster-turn.movements"
    if k.monster_type == "pharaoh":
        reading_ = read(rs.options, "pharaoh_monster_turn")
        if reading_ == "roll-only":
            return "egypt.ambiguity.pharaoh-monster-turn"
        if reading_ == "rests-after-roll" and s.turn.pharaoh == "rested":
            return "egypt.monster-turn.pharaoh-rests"    # 'the pharaoh rests — take a normal monster turn'
    twice = read(rs.options, "twice_in_a_row")
    if twice == "own-turns":
        # 'you cannot move the same monster twice in a row': the player's own last monster turn; 'If two
        # players take monster turns one after another, they must choose different monsters'
        player = rs.seats[s.turn.seat].player
        if any(e.name == MOVED_LAST and e.player == player and e.value == token_id for e in s.effects):
            return "egypt.monster-turn.not-twice"
        if s.last_moved == token_id and s.last_moved_turn == s.turns - 1:
            return "egypt.monster-turn.consecutive-players"
        return ""
    if s.last_moved == token_id:
        if twice == "consecutive-monster-turns" or s.last_moved_turn == s.turns - 1:
            return "egypt.monster-turn.not-twice"
    return ""


@implements("egypt.monster-turn.choose-one", "egypt.quickref.monster-turn", "egypt.monster-turn.reveal-hazard",
            "egypt.monster-turn.activate-trap", "egypt.ambiguity.activatable-traps", "egypt.ambiguity.no-monster-action",
            "egypt.ambiguity.may-or-must-play-monsters", "egypt.modes.spirit-reveals-first",
            "egypt.ambiguity.spirit-reveals-first", "egypt.death.monsters-idle", "egypt.monster-turn.pharaoh-roll")
def monster_actions(rs: Any, s: EgyptState) -> list[Any]:
    """Choose one of three: move a revealed monster, reveal any hazard token, activate a revealed trap
    that can be activated on a monster turn (reading ``board-wide``: the arrow and spike buttons and the
    strange rumble).  With nothing to do the turn passes (reading ``pass``).  Until a monster or trap is
    revealed, the only thing to do is to reveal hazard tokens."""
    t = s.turn
    if t.moving is not None:
        return monster_steps(rs, s)
    out: list[Any] = []
    if t.pharaoh == "may-roll":
        out.append(A.PHARAOH_ROLL)
    normal: list[Any] = []
    live = terrain(rs, s)
    activatable = ACTIVATABLE if read(rs.options, "activatable_traps") == "board-wide" else \
        ACTIVATABLE + ("crack", "fire")
    monsters, kinds = rs.monster_names, rs.components.kinds
    ys, first = rs.board.ys, live.first_row
    for p in s.piles:
        if ys[p.space] < first:              # not live (Terrain.live)
            continue
        tokens = p.tokens
        hazard = up = False
        for tok in tokens:
            if tok.face_up:
                up = True
            elif tok.back == "hazard":       # top_face_down
                hazard = True
        if hazard:
            normal.append(A.REVEAL_HAZARD[p.space])
        if not up:
            continue
        for tok in tokens:
            if not tok.face_up:
                continue
            if tok.name in monsters:
                if not why_not_move(rs, s, tok.id):
                    normal.append(A.MOVE_MONSTER[tok.id])
                continue
            k = kinds[tok.name]
            if k.is_trap and k.trap in activatable:
                normal.append(A.ACTIVATE_TRAP[tok.id])
    out += normal
    if not normal or read(rs.options, "may_or_must_play_monsters") == "may":
        out.append(A.PASS)
    return out


@implements("egypt.monster-turn.move-rules", "egypt.monster-turn.movements", "egypt.monster-turn.movement-effects",
            "egypt.example.bat-movement", "egypt.monster.winged-spiders-move", "egypt.monster.ghosts-move",
            "egypt.ambiguity.monster-movement-up-to", "egypt.ambiguity.monster-onto-tokens",
            "egypt.ambiguity.ghost-end-position", "egypt.ambiguity.bat-winged", "egypt.monster.mummies-turn",
            "egypt.monster.king-cobra-turn", "egypt.monster.fire-genie-turn", "egypt.monster.golem-turn",
            "egypt.ambiguity.monster-types-and-movements", "egypt.monster.token-anatomy")
def monster_steps(rs: Any, s: EgyptState) -> list[Any]:
    """The moving monster's next movement, by the hero rules (ladders and caves; it does not reveal
    tokens); winged monsters and spiders (and the bat) also up and down; ghosts in any direction
    through floors, ceilings and walls, not ending inside a wall (readings ``ends-like-flyer``,
    ``no-wall-floats``).  Up to
    the printed number (reading ``up-to``)."""
    t = s.turn
    token_id = t.moving
    space = find_token(s, token_id)
    assert space is not None
    token = next(x for x in s.pile(space) if x.id == token_id)
    k = rs.kind(token)
    mover = rs.mover(k)
    ter = terrain(rs, s)
    left = t.monster_moves
    out: list[Any] = []
    empty_only = read(rs.options, "monster_onto_tokens") == "empty-or-hero"
    doors = read(rs.options, "door_as_wall") == "ghost-passes"
    if left > 0:
        for v in rs.board.neighbours(space):
            if mover == "ghost":
                if not can_drift(ter, space, v, through_doors=doors):
                    continue
                if ghost_not_in_walls(rs) and not _ghost_can_leave(ter, v, left - 1, doors):
                    continue          # it would end inside a wall: no way out within its movements left
                end = v
            elif not can_walk(ter, space, v, fly=mover == "fly"):
                continue
            else:
                end = v if mover == "fly" else landing(ter, v)
            if empty_only and left == 1 and s.pile(end) and not heroes_at(rs, s, end) and end != space:
                continue
            out.append(A.MONSTER_STEP[v])
    stuck_in_wall = mover == "ghost" and is_solid(ter, space) and ghost_not_in_walls(rs)
    may_stop = left == 0 or not out or read(rs.options, "monster_movement_up_to") == "up-to"
    on_tokens = empty_only and len(s.pile(space)) > 1 and not heroes_at(rs, s, space)
    if may_stop and not stuck_in_wall and not (on_tokens and out):
        out.append(A.MONSTER_STOP)
    return out


def _ghost_can_leave(ter: Any, space: str, left: int, doors: bool) -> bool:
    """Whether a ghost on ``space`` can end its move outside a wall within ``left`` more movements (on
    ``space`` itself, if it is no wall): a step into a wall is open only to a ghost that can still get
    out of it, or it would be caught there with no legal end (egypt.ambiguity.ghost-end-position)."""
    seen, frontier = {space}, [space]
    for _ in range(left + 1):
        if any(not is_solid(ter, u) for u in frontier):
            return True
        nxt = []
        for u in frontier:
            for v in ter.board.neighbours(u):
                if v not in seen and can_drift(ter, u, v, through_doors=doors):
                    seen.add(v)
                    nxt.append(v)
        frontier = nxt
    return False


def ghost_not_in_walls(rs: Any) -> bool:
    """egypt.ambiguity.ghost-end-position: a ghost may not end its move inside a wall (readings
    ``ends-like-flyer`` and ``no-wall-floats``; ``floats``: anywhere)."""
    return read(rs.options, "ghost_end_position") in ("ends-like-flyer", "no-wall-floats")


def why_not_stop(rs: Any, s: EgyptState) -> str:
    """The rule that stops the moving monster's movement ending here (a refused ``MonsterStop``): the
    words of the reading that forbids it, as :func:`monster_steps` reads them."""
    t = s.turn
    space = find_token(s, t.moving)
    if space is None:
        return "egypt.ambiguity.monster-movement-up-to"
    token = next(x for x in s.pile(space) if x.id == t.moving)
    if rs.mover(rs.kind(token)) == "ghost" and is_solid(terrain(rs, s), space) and ghost_not_in_walls(rs):
        return "egypt.ambiguity.ghost-end-position"      # a ghost does not end its move inside a wall
    if read(rs.options, "monster_onto_tokens") == "empty-or-hero" and len(s.pile(space)) > 1 and \
            not heroes_at(rs, s, space):
        return "egypt.ambiguity.monster-onto-tokens"     # reading empty-or-hero: not on a space with tokens
    return "egypt.ambiguity.monster-movement-up-to"      # reading exact: every movement is used


def apply_monster_action(rs: Any, s: EgyptState, action: Any) -> EgyptState:
    t = s.turn
    if isinstance(action, A.PharaohRoll):
        note("egypt.monster-turn.pharaoh-roll")
        return evolve(s, roll="pharaoh", turn=evolve(t, pharaoh="rolling"))
    s = s.with_turn(pharaoh="no" if t.pharaoh == "may-roll" else t.pharaoh)
    t = s.turn
    if isinstance(action, A.MoveMonster):
        k = rs.kind(next(x for p in s.piles for x in p.tokens if x.id == action.token))
        note("egypt.monster-turn.move")
        if read(rs.options, "twice_in_a_row") == "own-turns":
            s = moved_last(rs, s, action.token)
        return evolve(s, turn=evolve(t, moving=action.token, monster_moves=rs.movements(k)),
                            last_moved=action.token, last_moved_turn=s.turns)
    if isinstance(action, A.MonsterStep):
        return apply_monster_step(rs, s, action.to)
    if isinstance(action, A.MonsterStop):
        return finish_move(rs, s)
    if isinstance(action, A.RevealHazard):
        return apply_reveal_hazard(rs, s, action.space)
    if isinstance(action, A.ActivateTrap):
        space = find_token(s, action.token)
        note("egypt.monster-turn.activate-trap")
        s = evolve(s, turn=evolve(t, done=True))
        return push(s, Effect("trap", "egypt.monster-turn.activate-trap", subject=space, value=action.token))
    note("egypt.ambiguity.no-monster-action")
    return evolve(s, turn=evolve(t, done=True))


def apply_monster_step(rs: Any, s: EgyptState, to: str) -> EgyptState:
    """One movement of the moving monster; onto a hero's space it stops, and they fight."""
    t = s.turn
    space = find_token(s, t.moving)
    s, token = take(rs, s, space, t.moving)
    mover = rs.mover(rs.kind(token))
    end = to if mover in ("ghost", "fly") else landing(terrain(rs, s), to, hero=True)
    s = put(rs, s, end, token)
    s = evolve(s, turn=evolve(t, monster_moves=t.monster_moves - 1))
    if heroes_at(rs, s, end):
        note("egypt.move.monster-combat-always")
        s = s.with_turn(moving=None, done=True)
        return push(s, Effect("engage", "egypt.move.monster-combat-always", subject=end, items=()))
    return s


@implements("egypt.monster.winged-spiders-descend", "egypt.ambiguity.ghost-end-position")
def finish_move(rs: Any, s: EgyptState) -> EgyptState:
    """The monster's movement ends: a winged monster or spider (or a ghost) with no floor beneath it
    descends until it lands on a floor; if that is a hero's space, they fight."""
    t = s.turn
    space = find_token(s, t.moving)
    s = evolve(s, turn=evolve(t, moving=None, done=True))
    if space is None:
        return s
    token = next(x for x in s.pile(space) if x.id == t.moving)
    k = rs.kind(token)
    descends = rs.mover(k) == "fly" and rs.monster_type(k) != "bat" or \
        (rs.mover(k) == "ghost" and read(rs.options, "ghost_end_position") == "ends-like-flyer")
    if descends:
        end = landing(terrain(rs, s), space, hero=False)
        if end != space:
            note("egypt.monster.winged-spiders-descend")
            s, token = take(rs, s, space, token.id)
            s = put(rs, s, end, token)
            if heroes_at(rs, s, end):
                return push(s, Effect("engage", "egypt.move.monster-combat-always", subject=end, items=()))
    return s


@implements("egypt.monster-turn.reveal-hazard", "egypt.monster-turn.revealed-trap", "egypt.ambiguity.activatable-traps")
def apply_reveal_hazard(rs: Any, s: EgyptState, space: str) -> EgyptState:
    """Reveal any hazard token: a monster can be moved on the next monster turn; a trap that can be
    activated may be applied at once and removed, or left face up."""
    from .turn import reveal

    token = top_face_down(rs, s, space, "hazard")
    assert token is not None
    s = reveal(rs, s, space, token)
    s = s.with_turn(done=True)
    k = rs.kind(token)
    activatable = ACTIVATABLE if read(rs.options, "activatable_traps") == "board-wide" else ACTIVATABLE + ("crack", "fire")
    if k.is_trap and k.trap in activatable:
        return evolve(s, window=Window("monster-trap", rs.seats[s.turn.seat].player, None, space, token.id))
    if k.is_monster and heroes_at(rs, s, space):
        return push(s, Effect("engage", "egypt.move.monster-combat-always", subject=space, items=()))
    return s


def apply_trap_window(rs: Any, s: EgyptState, w: Window, action: Any) -> EgyptState:
    if isinstance(action, A.ApplyTrap):
        note("egypt.monster-turn.revealed-trap")
        return push(s, Effect("trap", "egypt.monster-turn.revealed-trap", subject=w.subject, value=w.value))
    return s


@implements("egypt.monster-turn.pharaoh-attack", "egypt.monster-turn.pharaoh-rests", "egypt.monster.pharaoh-monster-turn",
            "egypt.ambiguity.pharaoh-monster-turn")
def apply_pharaoh_roll(rs: Any, s: EgyptState, result: str) -> EgyptState:
    """On Attack, place the pharaoh on the space of any hero (the monster player chooses); on anything
    else the pharaoh rests and a normal monster turn follows."""
    heroes = [i for i, h in enumerate(s.heroes) if h.status == IN]
    if result == "Attack" and heroes:
        return evolve(s, window=Window("pharaoh-target", rs.seats[s.turn.seat].player, None, None, None,
                                             tuple(heroes)))
    note("egypt.monster-turn.pharaoh-rests")
    return s.with_turn(pharaoh="rested")


def apply_pharaoh_target(rs: Any, s: EgyptState, hero: int) -> EgyptState:
    """'He immediately enters combat with that hero, and the monster turn ends.'"""
    pharaoh = next(x for p in s.piles for x in p.tokens if x.face_up and rs.kind(x).monster_type == "pharaoh")
    space = find_token(s, pharaoh.id)
    s, token = take(rs, s, space, pharaoh.id)
    target = s.heroes[hero].space
    s = put(rs, s, target, token)
    note("egypt.monster-turn.pharaoh-attack")
    if read(rs.options, "twice_in_a_row") == "own-turns":
        s = moved_last(rs, s, pharaoh.id)
    s = evolve(s, turn=evolve(s.turn, done=True, pharaoh="no"), last_moved=pharaoh.id,
                     last_moved_turn=s.turns)
    return push(s, Effect("engage", "egypt.monster-turn.pharaoh-attack", subject=target, items=(str(hero),)))

