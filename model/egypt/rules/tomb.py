"""Inside the Tomb: the terrain of the moment (floors, walls, ceilings, doors, ladders, caves), the piles
of tokens on the spaces, falling, and destroying floors, walls and ceilings (rubble).

The movement predicates themselves live beside the graph (:mod:`tombspec.model.egypt.board`): the rules and the
reachability questions share them.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from typing import Any


from ...effects import Effect
from ..options import read
from ...traceability import implements, note
from ..board import Board, Terrain, is_solid, is_supported, landing
from ..state import IN, EgyptState, Pile, Token, _with, evolve

RUBBLE_TOKENS = 22      # egypt.components.list


# Terrain ----------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _terrain(board: Board, rubble: tuple[str, ...], doors: tuple[str, ...], ladders: tuple[str, ...],
             ceiling: int) -> Terrain:
    floors = frozenset(r[:-6] for r in rubble if r.endswith("/floor"))
    walls = frozenset(r[:-5] for r in rubble if r.endswith("/wall"))
    return Terrain(board, floors, walls, frozenset(doors), frozenset(ladders), ceiling)


_LADDERS: dict[int, tuple[Any, tuple[str, ...]]] = {}


#: the last terrain worked out, with what it was made of, and the last state it was asked of (read by
#: identity: a cache, not state; the state is kept, so its id is not reused, and a state never changes)
_LAST: list[Any] = [None, None, None, None, None, None, None]


def terrain(rs: Any, s: EgyptState) -> Terrain:
    """The board as it is in ``s``: rubble, closed doors, placed ladders, the ceiling."""
    last = _LAST
    if last[6] is s and last[4] is rs.board:          # the very state asked last (a step asks it often)
        return last[5]
    if last[0] is s.piles and last[1] is s.rubble and last[2] is s.doors and last[3] == s.ceiling and \
            last[4] is rs.board:
        last[6] = s
        return last[5]
    t = _terrain_of(rs, s)
    _LAST[:] = (s.piles, s.rubble, s.doors, s.ceiling, rs.board, t, s)
    return t


def _terrain_of(rs: Any, s: EgyptState) -> Terrain:
    key = id(s.piles)
    hit = _LADDERS.get(key)
    if hit is not None and hit[0] is s.piles:
        ladders = hit[1]
    else:
        names = rs.ladder_names
        held = {p.space for p in s.piles for t in p.tokens if t.face_up and t.name in names}
        ladders = tuple(p.space for p in s.piles if p.space in held) if held else ()
        if len(_LADDERS) > 64:
            _LADDERS.clear()
        _LADDERS[key] = (s.piles, ladders)
    return _terrain(rs.board, s.rubble, s.doors, ladders, s.ceiling)


# Piles ------------------------------------------------------------------------------------------


def set_pile(rs: Any, s: EgyptState, space: str, tokens: tuple[Token, ...]) -> EgyptState:
    """``s`` with the pile on ``space`` replaced (an empty pile disappears); piles stay in board order.
    What the caches below know of ``s.piles`` (where each token lies, the placed ladders) is carried
    over to the new piles, changed for ``space`` alone, instead of being worked out again."""
    order = rs.board.order
    old = s.piles
    # the piles are in board order, one to a space: the pile on ``space`` is at the first place whose
    # pile does not come before it, if it is there at all, and a new one goes in that place
    i = bisect_left(old, order[space], key=lambda p: order[p.space])
    after = i + 1 if i < len(old) and old[i].space == space else i
    new = (*old[:i], Pile(space, tokens), *old[after:]) if tokens else (*old[:i], *old[after:])
    if _WHERE[0] is old:
        where = _WHERE[1].copy()
        for t in s.pile(space):
            if where.get(t.id) == space:
                del where[t.id]
        for t in tokens:
            where.setdefault(t.id, space)
        _WHERE[:] = (new, where)
    if _IDS[0] is old:
        _count_ids(old, new, old[i] if after > i else None, tokens)
    hit = _LADDERS.get(id(old))
    if hit is not None and hit[0] is old:
        names = rs.ladder_names
        held = False
        for t in tokens:
            if t.face_up and t.name in names:
                held = True
                break
        if held == (space in hit[1]):
            if len(_LADDERS) > 64:
                _LADDERS.clear()
            _LADDERS[id(new)] = (new, hit[1])
    return s.with_pile(space, tokens, new)


def put(rs: Any, s: EgyptState, space: str, *tokens: Token) -> EgyptState:
    """Tokens laid on top of the pile on ``space``."""
    return set_pile(rs, s, space, (*s.pile(space), *tokens))


def take(rs: Any, s: EgyptState, space: str, token_id: int) -> tuple[EgyptState, Token]:
    pile = s.pile(space)
    token = next(t for t in pile if t.id == token_id)
    return set_pile(rs, s, space, tuple(t for t in pile if t.id != token_id)), token


def replace_token(rs: Any, s: EgyptState, space: str, token: Token) -> EgyptState:
    return set_pile(rs, s, space, tuple(token if t.id == token.id else t for t in s.pile(space)))


#: the last piles looked through, and where each of their tokens lies (by identity: a cache, not state)
_WHERE: list[Any] = [None, {}]


def find_token(s: EgyptState, token_id: int) -> str | None:
    """The space of a token on the board, or None."""
    piles = s.piles
    if _WHERE[0] is not piles:
        where: dict[int, str] = {}
        for p in piles:
            for t in p.tokens:
                where.setdefault(t.id, p.space)      # the first pile holding it, as a search finds it
        _WHERE[:] = (piles, where)
    try:
        return _WHERE[1].get(token_id)
    except TypeError:                                # no id at all (an unhashable value)
        return None


#: the last piles whose token ids were counted (by :func:`token_ids`, or carried over by
#: :func:`set_pile` from the piles it changed), how many tokens of each id they hold, how many ids they
#: hold more than once, and how many of them are empty (by identity, keeping the piles: a cache, not state)
_IDS: list[Any] = [None, {}, 0, 0]


def token_ids(piles: tuple[Pile, ...]) -> tuple[dict[Any, int], int, int]:
    """How many tokens of each id ``piles`` hold, how many ids they hold more than once (a token in two
    places), and how many piles hold no token.  Answered from :data:`_IDS` for the piles :func:`set_pile`
    made last."""
    if _IDS[0] is piles:
        return _IDS[1], _IDS[2], _IDS[3]
    counts: dict[Any, int] = {}
    dups = empty = 0
    for p in piles:
        if not p.tokens:
            empty += 1
        for t in p.tokens:
            n = counts.get(t.id, 0)
            if n == 1:
                dups += 1
            counts[t.id] = n + 1
    _IDS[:] = (piles, counts, dups, empty)
    return counts, dups, empty


def _count_ids(old: tuple[Pile, ...], new: tuple[Pile, ...], gone: Pile | None, come: tuple[Token, ...]) -> None:
    """The counts of :func:`token_ids` for ``new``: those of ``old`` (in :data:`_IDS`) less the tokens of
    the pile ``gone`` from it, plus those of the pile that ``come`` in its place (none: no pile)."""
    counts, dups, empty = _IDS[1].copy(), _IDS[2], _IDS[3]
    if gone is not None and not gone.tokens:
        empty -= 1
    try:
        for t in gone.tokens if gone is not None else ():
            n = counts[t.id]
            if n == 2:
                dups -= 1
            if n == 1:
                del counts[t.id]
            else:
                counts[t.id] = n - 1
        for t in come:
            n = counts.get(t.id, 0)
            if n == 1:
                dups += 1
            counts[t.id] = n + 1
    except TypeError:                  # no id at all (an unhashable value): counted afresh when asked
        _IDS[:] = (None, {}, 0, 0)
        return
    _IDS[:] = (new, counts, dups, empty)


@implements("egypt.combat.monster-guards-stack")
def top_monster(rs: Any, s: EgyptState, space: str) -> Token | None:
    """The revealed monster highest in the pile on ``space``: it guards every token under it."""
    monsters = rs.monster_names
    for t in reversed(s.pile(space)):
        if t.face_up and t.name in monsters:
            return t
    return None


def reachable_tokens(rs: Any, s: EgyptState, space: str) -> tuple[Token, ...]:
    """The tokens of the pile a hero can reach: those not under a revealed monster
    ('while it's sitting on the tokens, you can't reach them!')."""
    pile = s.pile(space)
    monsters = rs.monster_names
    for i in range(len(pile) - 1, -1, -1):
        t = pile[i]
        if t.face_up and t.name in monsters:
            return pile[i + 1:]
    return pile


def heroes_at(rs: Any, s: EgyptState, space: str) -> list[int]:
    """The heroes in the tomb on ``space``, in turn order from the seat whose turn it is."""
    here = [i for i, h in enumerate(s.heroes) if h.status == IN and h.space == space]
    return rs.in_turn_order(s, here)


# Falling -----------------------------------------------------------------------------------------


def arrive(hero: int, space: str, fell: bool = False) -> Effect:
    """The work item 'a hero has ended up on ``space``': reveal, traps, monsters."""
    return Effect("arrive", "egypt.turn.reveal-on-arrival", player=hero, subject=space, value=int(fell))


def push(s: EgyptState, *work: Effect) -> EgyptState:
    """Work the rules do next, before what was already waiting (first things first)."""
    if not work:
        return s
    return _with(s, "effects", (*work, *s.effects))


@implements("egypt.start.bomb-floor", "egypt.start.bomb-ceiling", "egypt.start.bomb-wall",
            "egypt.faq.cave-fall", "egypt.ambiguity.cave-without-floor", "egypt.ambiguity.fall-through-tokens")
def apply_gravity(rs: Any, s: EgyptState, spaces: list[str]) -> EgyptState:
    """Whatever stands on ``spaces`` without support falls 'until they land on a floor again' (no
    life is lost); a hero who lands has ended up on the landing space (its tokens are revealed).
    Reading ``cave-holds``: a cave always holds a hero."""
    t = terrain(rs, s)
    work: list[Effect] = []
    caves_hold = read(rs.options, "cave_without_floor") == "cave-holds"
    todo = [sp for sp in spaces if sp is not None]
    done: set[str] = set()
    while todo:
        space = todo.pop(0)
        if space in done or not t.live(space):
            continue
        done.add(space)
        moved = False
        pile = s.pile(space)
        if pile:
            keep = tuple(x for x in pile if rs.is_ladder(x) and x.face_up and _ladder_held(t, space))
            falling = tuple(x for x in pile if x not in keep)
            if falling and not is_supported(t, space, hero=False):
                down = landing(t, space, hero=False)
                s = set_pile(rs, s, space, keep)
                s = put(rs, s, down, *falling)
                note("egypt.start.bomb-floor")
                for h in heroes_at(rs, s, down):
                    work.append(arrive(h, down))
                t = terrain(rs, s)
                moved = any(rs.is_ladder(x) for x in falling)
        for h in heroes_at(rs, s, space):
            if caves_hold and rs.board.spaces[space].cave:
                continue
            if any(e.name == "jetpack" and e.player == h for e in s.effects):
                continue     # the jetpack holds the hero up until the end of their turn
            down = landing(t, space)
            if down != space:
                s = s.with_hero(h, space=down)
                work.append(arrive(h, down, fell=True))
        if moved:
            # a ladder that fell no longer holds what stood on it, or on top of it
            above = rs.board.above(space)
            if above is not None:
                done.discard(above)
                todo.append(above)
    return push(s, *work)


def _ladder_held(t: Terrain, space: str) -> bool:
    """A ladder token stands on a floor or on another ladder (they can be stacked)."""
    below = t.board.below(space)
    return is_supported(t, space, hero=False) or (below is not None and t.ladder(below))


# Destroying floors, walls, ceilings --------------------------------------------------------------


def can_place_rubble(rs: Any, s: EgyptState, n: int = 1) -> bool:
    """Reading ``twenty-two`` of egypt.ambiguity.rubble-supply: no rubble token left, nothing can be
    destroyed; ``unlimited``: the count is no limit."""
    if read(rs.options, "rubble_supply") == "unlimited":
        return True
    return len(s.rubble) + n <= RUBBLE_TOKENS


@implements("egypt.start.rubble", "egypt.weapon.sledgehammer-rubble", "egypt.ambiguity.rubble-meaning", "egypt.tomb.ceiling",
            "egypt.start.reinforced-floor", "egypt.weapon.sledgehammer-floor", "egypt.start.cave-floor-destroyed")
def destroy(rs: Any, s: EgyptState, space: str, part: str) -> EgyptState:
    """Place a rubble token on the destroyed part: ``floor`` (the floor of ``space``), ``ceiling`` (the
    floor of the space above) or ``wall``; what stood on it falls.  A destroyed wall leaves its floor
    (reading ``per-destroyed-part``); reading ``everything`` takes floor, wall and ceiling at once.  A
    reinforced floor is never destroyed.  ``rubble`` records ``"x,y/floor"`` or ``"x,y/wall"`` for each part gone, in board order.  Under
    ``everything`` the rubble lies on ``space`` (for a ceiling: the space above) and takes what of it
    exists: its floor (unless reinforced), its wall, and its ceiling, recorded as the floor of the
    space above it; a destroyed floor of a space with no wall records the floor (and that ceiling)."""
    b = rs.board
    if part == "ceiling":
        above = b.above(space)
        assert above is not None
        space, part = above, "floor"
    parts = [part]
    if read(rs.options, "rubble_meaning") == "everything":
        parts = ["floor", "wall"]
    rubble = set(s.rubble)
    for p in parts:
        sp = b.spaces[space]
        if p == "floor" and sp.floor and not sp.reinforced:
            rubble.add(f"{space}/floor")
        if p == "wall" and sp.wall:
            rubble.add(f"{space}/wall")
    if read(rs.options, "rubble_meaning") == "everything" and b.above(space) is not None:
        above = b.above(space)
        if b.spaces[above].floor and not b.spaces[above].reinforced:
            rubble.add(f"{above}/floor")
    s = evolve(s, rubble=tuple(sorted(rubble, key=lambda r: (b.order[r.split("/")[0]], r))))
    return apply_gravity(rs, s, [space, b.above(space)])


def can_destroy(rs: Any, s: EgyptState, t: Terrain, space: str, part: str) -> bool:
    """There is an intact ``part`` there to destroy (a reinforced floor cannot be destroyed)."""
    b = rs.board
    if not t.live(space):
        return False
    if part == "wall":
        return t.wall(space)
    if part == "ceiling":
        above = b.above(space)
        return above is not None and t.live(above) and t.floor(above) and not b.spaces[above].reinforced \
            and not is_solid(t, space)
    return t.floor(space) and not b.spaces[space].reinforced and not is_solid(t, space)
