"""Escape Mode: the ceiling falls.  Before each turn of the player with the first player token it drops
(above the board, then the edge of the board, then the top floor, then one floor lower each time);
the floor it moves onto stops existing: its tokens are destroyed, its heroes die; only the pharaoh and
the crystal move down to the next floor with a floor and no token.
"""

from __future__ import annotations

from typing import Any


from ...effects import GAME, Effect, find
from ...numeric import if_, min_
from ..options import read
from ...traceability import implements, note
from ..board import is_solid
from ..state import DEAD, ESCAPED, IN, WAITING, EgyptState, evolve
from .hero import apply_death
from .modes import turn_kind
from .tomb import heroes_at, push, put, set_pile, terrain


@implements("egypt.escape.turn.ceiling-drops", "egypt.escape.turn.ceiling-a", "egypt.escape.turn.ceiling-b",
            "egypt.escape.turn.ceiling-c", "egypt.escape.ceiling-schedule", "egypt.quickref.escape-ceiling",
            "egypt.ambiguity.quickref-ceiling-schedule")
def compute_ceiling_drop(ceiling: Any, height: Any, quickref: Any = False) -> Any:
    """The ceiling's next position: 0 in front of the first player, 1 above the board, 2 at its edge,
    3 + f on floor f, never below the bottom floor (3 + height - 1).  Reading ``quickref``: the first
    drop already reaches the top floor."""
    nxt = if_(quickref, if_(ceiling < 3, 3, ceiling + 1), ceiling + 1)
    return min_(nxt, height + 2)


@implements("egypt.escape.turn.ceiling-drops", "egypt.ambiguity.ceiling-first-player-gone")
def before_turn(rs: Any, s: EgyptState, seat: int) -> EgyptState:
    """'Whenever the turn passes to the player with the first player token, the ceiling drops lower!'
    (reading ``every-round``: whatever that player's state; ``token-passes``: the token passes to the
    next player with a hero in the tomb; ``own-turns-only``: only when that player takes a turn, so not
    while their seat is skipped)."""
    first = s.first
    seats = rs.seats
    if read(rs.options, "ceiling_first_player_gone") == "token-passes":
        def in_tomb(i: int) -> bool:
            st = seats[i]
            return st.hero is not None and s.heroes[st.hero].status in (WAITING, IN)
        if not in_tomb(first):
            for k in range(1, len(seats) + 1):
                cand = (first + k) % len(seats)
                if in_tomb(cand):
                    first = cand
                    break
            s = evolve(s, first=first)
    if seat != first:
        return s
    if read(rs.options, "ceiling_first_player_gone") == "own-turns-only" and turn_kind(rs, s, seat) == "skip":
        note("egypt.ambiguity.ceiling-first-player-gone")
        return s          # the turn does not pass to a player who takes no turns
    skip = find(s.effects, "skip-drop")
    if skip is not None:
        return evolve(s, effects=tuple(e for e in s.effects if e is not skip))
    return drop_ceiling(rs, s)


def drop_ceiling(rs: Any, s: EgyptState) -> EgyptState:
    quickref = read(rs.options, "quickref_ceiling_schedule") == "quickref"
    k = compute_ceiling_drop(s.ceiling, rs.board.height, quickref)
    if k == s.ceiling:
        return s
    s = evolve(s, ceiling=k)
    note("egypt.escape.turn.ceiling-drops")
    if k >= 3:
        return collapse(rs, s, k - 3)
    return s


@implements("egypt.escape.ceiling.reveal-destroy", "egypt.escape.ceiling.heroes-die",
            "egypt.escape.ceiling.pharaoh-crystal-drop", "egypt.escape.ceiling.keys", "egypt.escape.turn.ceiling-edge",
            "egypt.quickref.escape-floor", "egypt.ambiguity.ceiling-crystal-carried", "egypt.item.crystal-indestructible",
            "egypt.monster.pharaoh-weapons-only", "egypt.ambiguity.ceiling-example-floor",
            "egypt.ambiguity.quickref-ceiling-floor", "egypt.item.vest-not-death",
            "egypt.ambiguity.ceiling-no-space-below", "egypt.ambiguity.ceiling-drop-hero-tokens")
def collapse(rs: Any, s: EgyptState, row: int) -> EgyptState:
    """The ceiling moves onto floor ``row``: its heroes die (their tokens dropped, reading
    ``drop-then-destroy``), its tokens are revealed and destroyed; the pharaoh and the crystal move down,
    past walls and spaces without a floor, to a space with a floor and no token (reading ``piles-only``
    of egypt.ambiguity.ceiling-drop-hero-tokens: a hero is no token, and the pharaoh landing on one
    fights; ``heroes-count``: a hero's space is passed too); where every space below holds a token,
    onto the lowest one with a floor (reading ``lowest-floor``)."""
    from .turn import reveal

    b = rs.board
    keep_items = read(rs.options, "ceiling_crystal_carried") == "drop-then-destroy"
    for space in b.rows_of[row]:
        for h in heroes_at(rs, s, space):
            note("egypt.escape.ceiling.heroes-die")
            s = apply_death(rs, s, h, "ceiling", drop=keep_items)
    movers = []
    keys = list(s.keys_lost)
    for space in b.rows_of[row]:
        pile = s.pile(space)
        if not pile:
            continue
        for token in pile:
            if not token.face_up:
                s = reveal(rs, s, space, token)
        for token in s.pile(space):
            k = rs.kind(token)
            if k.monster_type == "pharaoh" or k.has("crystal"):
                movers.append((space, evolve(token, face_up=True)))
            elif k.has("key-yellow") or k.has("key-black"):
                note("egypt.escape.ceiling.keys")
                keys.append("yellow" if k.has("key-yellow") else "black")
        s = set_pile(rs, s, space, ())
    s = evolve(s, keys_lost=tuple(sorted(keys)))
    t = terrain(rs, s)
    heroes_count = read(rs.options, "ceiling_drop_hero_tokens") == "heroes-count"
    work = []
    for space, token in movers:
        below = b.below(space)
        target = None
        while below is not None:
            if t.live(below) and not is_solid(t, below) and t.floor(below) and not s.pile(below) and \
                    not (heroes_count and heroes_at(rs, s, below)):
                target = below
                break
            below = b.below(below)
        if target is None and read(rs.options, "ceiling_no_space_below") == "lowest-floor":
            # egypt.ambiguity.ceiling-no-space-below: every space below holds tokens or has no floor:
            # the lowest space of the column with a floor, else the nearest one of the floor below
            below = b.below(space)
            while below is not None:
                if t.live(below) and not is_solid(t, below) and t.floor(below):
                    target = below
                below = b.below(below)
            if target is None and row + 1 < b.height:
                x = b.spaces[space].x
                for sp in sorted(b.rows_of[row + 1], key=lambda c: (abs(b.spaces[c].x - x), b.spaces[c].x)):
                    if t.live(sp) and not is_solid(t, sp) and t.floor(sp):
                        target = sp
                        break
        if target is None:
            note("egypt.ambiguity.ceiling-no-space-below")
            continue
        note("egypt.escape.ceiling.pharaoh-crystal-drop")
        s = put(rs, s, target, token)
        if rs.kind(token).monster_type == "pharaoh" and heroes_at(rs, s, target):
            work.append(Effect("engage", "egypt.move.monster-combat-always", subject=target, items=()))
    return push(s, *work)


@implements("egypt.trap.rumble-modes", "egypt.ambiguity.rumble-in-escape")
def rumble(rs: Any, s: EgyptState) -> EgyptState:
    """A Strange Rumble in Escape mode lowers the ceiling by one step of its schedule at once (reading
    ``extra-step``; ``next-drop-early``: the next regular drop is skipped)."""
    s = drop_ceiling(rs, s)
    if read(rs.options, "rumble_in_escape") == "next-drop-early":
        s = evolve(s, effects=(*s.effects, Effect("skip-drop", "egypt.ambiguity.rumble-in-escape", until=GAME)))
    return s


__all__ = ["before_turn", "collapse", "compute_ceiling_drop", "drop_ceiling", "rumble", "DEAD", "ESCAPED"]
