"""Hazards: the traps (Crack, Hidden Arrow Button, Hidden Spike Button, Strange Rumble, Fire).

A trap triggers once and is removed from the board (its effect is always one-use).  Traps that hit
many spaces (arrows, spikes, the boulder) destroy the monsters they reach ('nothing happens to the
pharaoh') and kill the heroes they reach outright (no vest, no crystal: they do not lose lives, they
die).
"""

from __future__ import annotations

from typing import Any


from ...effects import Effect
from ..options import read
from ...traceability import implements, note
from .. import actions as A
from ..board import is_solid, is_supported
from ..state import IN, EgyptState, Window, evolve
from .combat import destroy_by_trap
from .hero import apply_death, lose
from .items import discard_used
from .tomb import can_place_rubble, destroy, heroes_at, push, take, terrain


@implements("egypt.move.trap-triggers", "egypt.move.trap-removed", "egypt.hazard.trap-one-use",
            "egypt.hazard.contents", "egypt.tomb.trap-springs", "egypt.monster-turn.trap-reference")
def handle_trap(rs: Any, s: EgyptState, e: Effect) -> EgyptState:
    """The trap ``e.value`` on ``e.subject`` triggers (``e.player``: the hero it acts on, if any): apply
    its effect and remove it from the board."""
    space = e.subject
    token = next((t for t in s.pile(space) if t.id == e.value), None)
    if token is None:
        return s
    s, _ = take(rs, s, space, token.id)
    note("egypt.move.trap-removed")
    trap = rs.kind(token).trap
    hero = e.player
    if hero is not None and (s.heroes[hero].status != IN or s.heroes[hero].space != space):
        hero = None
    if hero is None and trap in ("crack", "fire"):
        here = heroes_at(rs, s, space)
        hero = here[0] if here else None
    if trap == "crack":
        return crack(rs, s, hero, space) if hero is not None else s
    if trap == "fire":
        return fire(rs, s, hero, space) if hero is not None else s
    if trap == "spike-button":
        return spikes(rs, s)
    if trap == "arrow-button":
        return arrows(rs, s)
    if trap == "rumble":
        return rumble(rs, s)
    raise AssertionError(trap)


@implements("egypt.trap.crack", "egypt.trap.crack-no-fall", "egypt.trap.crack-wall", "egypt.ambiguity.crack-reinforced",
            "egypt.start.reinforced-floor")
def crack(rs: Any, s: EgyptState, hero: int, space: str) -> EgyptState:
    """The floor beneath the hero collapses (a rubble token over it): the hero falls by the normal rules
    and loses 1 life from the rough landing, even with nowhere to fall.  Standing on a wall (a space
    with no floor of its own above a wall: the hero stands on top of it), the wall below is destroyed
    (rubble on ``below/wall``), and the hero falls onto that wall's floor.  A reinforced floor holds (reading ``reinforced-holds``)."""
    t = terrain(rs, s)
    b = rs.board
    below = b.below(space)
    beats_all = read(rs.options, "crack_reinforced") == "crack-beats-all"
    if can_place_rubble(rs, s):
        if t.floor(space) and (beats_all or not b.spaces[space].reinforced):
            if b.spaces[space].reinforced:
                s = evolve(s, rubble=_with_rubble(rs, s, f"{space}/floor"))
                from .tomb import apply_gravity

                s = apply_gravity(rs, s, [space])
            else:
                s = destroy(rs, s, space, "floor")
        elif not t.floor(space) and below is not None and t.wall(below):
            note("egypt.trap.crack-wall")
            s = destroy(rs, s, below, "wall")
            if beats_all and b.spaces[below].floor and not b.is_bottom(below):
                s = evolve(s, rubble=_with_rubble(rs, s, f"{below}/floor"))
                from .tomb import apply_gravity

                s = apply_gravity(rs, s, [space, below])
    note("egypt.trap.crack-no-fall")
    return push(s, lose(hero, 1, "crack", "egypt.trap.crack"))


def _with_rubble(rs: Any, s: EgyptState, part: str) -> tuple[str, ...]:
    """The rubble with ``part`` destroyed too (a part is destroyed once)."""
    order = rs.board.order
    return tuple(sorted(set(s.rubble) | {part}, key=lambda r: (order[r.split("/")[0]], r)))


@implements("egypt.trap.fire", "egypt.ambiguity.extinguisher-consumed-by-fire", "egypt.example.movement-1-fire")
def fire(rs: Any, s: EgyptState, hero: int, space: str) -> EgyptState:
    """The hero loses 1 life; carrying a fire extinguisher they may use it (reading ``discarded``: its
    one-use effect, the extinguisher is discarded) and lose none; ``kept``: carrying it is enough;
    ``auto-discarded``: carrying it is enough, and it is discarded (no decision)."""
    h = s.heroes[hero]
    extinguishers = [t.id for t in h.items if rs.kind(t).has("extinguisher") and not t.spent]
    if extinguishers:
        reading = read(rs.options, "extinguisher_consumed_by_fire")
        if reading == "kept":
            return s
        if reading == "auto-discarded":          # carrying one puts the fire out, and uses it up
            note("egypt.item.extinguisher")
            return discard_used(rs, s, hero, next(t for t in h.items if t.id == extinguishers[0]))
        return evolve(s, window=Window("fire", h.player, hero, space, None, tuple(extinguishers)))
    return push(s, lose(hero, 1, "fire", "egypt.trap.fire"))


def apply_fire_window(rs: Any, s: EgyptState, w: Window, action: Any) -> EgyptState:
    if isinstance(action, A.Banish):
        tok = next(t for t in s.heroes[w.hero].items if t.id == action.token)
        note("egypt.item.extinguisher")
        return discard_used(rs, s, w.hero, tok)
    return push(s, lose(w.hero, 1, "fire", "egypt.trap.fire"))


@implements("egypt.ambiguity.trap-victim-stack")
def hit_space(rs: Any, s: EgyptState, space: str, *, reveal: bool = True, top_only: bool = False) -> EgyptState:
    """What a trap does to one space it reaches: heroes there die first (their items dropped onto the
    space's pile, as a death drops them); then its tokens are revealed (``reveal``) and its monsters
    destroyed, the pharaoh excepted.  The spikes, the arrows and the boulder all hit a space this way.
    Whether the revealed tokens include the face-down stack of a hero the trap has just killed is
    ``egypt.ambiguity.trap-victim-stack``: ``revealed`` (they lie on the space the trap reaches) or
    ``face-down`` (the death's 'face-down stack' stays face down)."""
    from .turn import reveal as reveal_token

    before = {t.id for t in s.pile(space)}
    heroes = heroes_at(rs, s, space)
    for h in heroes:
        s = apply_death(rs, s, h, "trap")
    if top_only and heroes:
        return s
    victims_face_down = bool(heroes) and read(rs.options, "trap_victim_stack") == "face-down"
    pile = s.pile(space)
    targets = pile[-1:] if top_only else pile
    for token in targets:
        if victims_face_down and token.id not in before:
            continue                                   # the stack the death has just placed
        if reveal and not token.face_up:
            s = reveal_token(rs, s, space, token)
        if rs.kind(token).is_monster:
            s = destroy_by_trap(rs, s, space, token.id)
    return s


@implements("egypt.trap.spike-button", "egypt.trap.spike-hit", "egypt.trap.spike-only-at-activation",
            "egypt.faq.destroy-spike-ceiling", "egypt.faq.spike-floor-remains", "egypt.faq.spike-both-destroyed",
            "egypt.ambiguity.spike-trap-parts", "egypt.component.spike-arrow-trap")
def spikes(rs: Any, s: EgyptState) -> EgyptState:
    """Every token on a space with spikes is revealed: monsters destroyed (not the pharaoh), heroes
    die, the other tokens stay revealed.  A spike space keeps its spikes while its floor or its ceiling
    stands (reading ``either-part``; ``floor-only``: while its floor stands)."""
    t = terrain(rs, s)
    floor_only = read(rs.options, "spike_trap_parts") == "floor-only"
    for space in rs.board.spike_spaces:
        if not t.live(space):
            continue
        above = rs.board.above(space)
        ceiling = above is not None and t.live(above) and t.floor(above)
        if t.floor(space) or (ceiling and not floor_only):
            s = hit_space(rs, s, space)
    return s


@implements("egypt.trap.arrow-walls", "egypt.trap.arrow-hit", "egypt.trap.arrow-miss", "egypt.example.arrows-chest",
            "egypt.example.arrows-mummy", "egypt.ambiguity.arrows-chest", "egypt.ambiguity.trap-hits-stack")
def arrows(rs: Any, s: EgyptState) -> EgyptState:
    """All arrow walls fire: each arrow flies in a straight line to the nearest space with any token
    (or hero) and stops there (reading ``revealed-stop``: a face-down token is revealed), or shatters
    against the nearest wall."""
    reveal = read(rs.options, "arrows_chest") == "revealed-stop"
    top_only = read(rs.options, "trap_hits_stack") == "top-token"
    for wall, direction in rs.board.arrows:
        t = terrain(rs, s)
        if not t.wall(wall) or not t.live(wall):
            continue
        for space in rs.board.line(wall, direction):
            if not t.live(space) or is_solid(t, space):
                note("egypt.trap.arrow-miss")
                break
            if s.pile(space) or heroes_at(rs, s, space):
                s = hit_space(rs, s, space, reveal=reveal, top_only=top_only)
                break
    return s


@implements("egypt.trap.rumble-modes", "egypt.escape.setup.no-boulder")
def rumble(rs: Any, s: EgyptState) -> EgyptState:
    """In Escape mode: lower the ceiling; in Exploration mode: the rolling boulder."""
    if rs.options.escape:
        from .escape import rumble as lower

        return lower(rs, s)
    return boulder(rs, s)


@implements("egypt.trap.boulder-path", "egypt.trap.boulder-path-changes", "egypt.ambiguity.boulder-space",
            "egypt.component.rolling-boulder-token", "egypt.hazards.strange-rumble")
def boulder_path(rs: Any, s: EgyptState) -> list[str]:
    """The boulder starts from space 1 on the left and rolls right, falling wherever there is no floor,
    straight through to space 2 or to the nearest wall (which shatters it).  Reading ``top-left``: it
    starts at the top floor's leftmost space and rolls to the nearest wall or the edge."""
    b = rs.board
    t = terrain(rs, s)
    if read(rs.options, "boulder_space") == "board-marked":
        here, end = b.boulder[1], b.boulder.get(2)
    else:
        here, end = b.rows_of[0][0], None
    path = [here]
    for _ in range(b.width * b.height * 2):
        if here == end:
            break
        if not is_supported(t, here, hero=False):
            here = b.below(here)
            path.append(here)
            continue
        nxt = b.right(here)
        if nxt is None or is_solid(t, nxt) or not t.live(nxt):
            break
        here = nxt
        path.append(here)
    return path


@implements("egypt.trap.boulder-reveal", "egypt.item.vest-not-death")
def boulder(rs: Any, s: EgyptState) -> EgyptState:
    """Reveal every token in the boulder's path, in order: monsters destroyed (not the pharaoh), heroes
    die; the rest stay revealed."""
    for space in boulder_path(rs, s):
        if s.pile(space) or heroes_at(rs, s, space):
            s = hit_space(rs, s, space)
    return s
