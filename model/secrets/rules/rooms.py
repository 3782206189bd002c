"""Rooms and Exploring: drawing Room tiles of the explorer's level, placing them with their doors
connected, sealed levels, Doors to Nowhere, the order of a new tile's effects, Story cards, the symbols
on Room tiles (Scenario, Story, Exploration, Trap, Action, Ongoing, Artifact Room, Soul Monger Room, Rope
Room), "Adjacent to ..." and "Place ..." tiles, and the rooms leading to Level 3.
"""

from __future__ import annotations

from typing import Any

from ...chance import Deck
from ...effects import GAME, Effect, add, named
from ..options import read
from ...ruleset import Pending
from ...traceability import implements, note, require
from ..actions import Drawn, PlaceAt, Rotate
from ..board import OPPOSITE, tomb_of
from ..components import Op, RoomTile
from ..state import MONGOLS_HALL, Piles, Room, SecretsState, Task, evolve
from .components_ops import run_ops
from .engine import made, task

NOWHERE_DAMAGE = 4


def tile(rs: Any, name: str) -> RoomTile:
    return rs.components.rooms[name]


def level_of(state: SecretsState, room: str) -> int:
    r = state.room(room)
    assert r is not None
    return r.level


# --------------------------------------------------------------------------------------------------
# Entering a room


@implements("secrets.rooms.trap-on-enter", "secrets.rooms.trap-no-halt", "secrets.rooms.trap-infinite",
            "secrets.rooms.ongoing-effect", "secrets.rooms.story-only-on-explore", "secrets.rooms.pitfall")
def enter_room(rs: Any, state: SecretsState, seat: int, room: str, *, how: str = "move") -> SecretsState:
    """An adventurer enters an explored room: its Trap tokens trigger the trap (every entry, and movement
    goes on: secrets.ambiguity.rooms-trap-halt; the Pitfall's trap no longer triggers once roped); Story
    effects never occur again."""
    r = state.room(room)
    if r is None:
        return state
    t = tile(rs, room)
    if read(rs.options, "scenario_reentry") == "every-entry" and t.symbols and how != "explore":
        state = symbol_triggered(rs, state, seat, t.symbols)
    if how == "stop" or read(rs.options, "trap_halt") == "every-entry-continue":
        return trigger_trap(rs, state, seat, room)
    return state


def trigger_trap(rs: Any, state: SecretsState, seat: int, room: str) -> SecretsState:
    r = state.room(room)
    assert r is not None
    t = tile(rs, room)
    if not (r.traps or (t.trap_infinite and t.trap)):
        return state
    if t.special == "pitfall" and r.rope:
        note("secrets.rooms.pitfall")
        return state
    if not t.trap_infinite and read(rs.options, "trap_tokens") == "remove-each-time":
        state = state.with_room(room, traps=r.traps - 1)
    state = run_ops(state, seat, t.trap_effect, "secrets.rooms.trap-on-enter")
    if t.special == "pitfall" and read(rs.options, "pitfall") == "fall-down" and MONGOLS_HALL in {x.name for x in state.rooms}:
        note("secrets.ambiguity.rooms-pitfall-before-rope")
        state = state.push(Task("relocate", seat, rule="secrets.rooms.pitfall", target=MONGOLS_HALL))
    return state


def _relocate_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    state = state.pop()
    if state.seats[t.seat].adventurer is None:
        return state
    state = state.with_adventurer(t.seat, room=t.target)
    return enter_room(rs, state, t.seat, t.target, how="relocate")


task("relocate", run=_relocate_run)


# --------------------------------------------------------------------------------------------------
# Exploring


def explore_target(state: SecretsState, t: Task) -> tuple[int, int, int, str]:
    level, x, y, entry = t.target.split(":")
    return int(level), int(x), int(y), entry


@implements("secrets.adventurer-phase.explore", "secrets.adventurer-phase.explore-draw-matching-level",
            "secrets.adventurer-phase.multi-level-tiles", "secrets.explore.draw-until-level-match",
            "secrets.adventurer-phase.example-4-draw-level-1", "secrets.explore.example-1-find-tile")
def placeable(rs: Any, state: SecretsState, name: str, level: int, x: int, y: int, entry: str,
              *, allow_seal: bool = False) -> list[int]:
    """The rotations placing tile ``name`` on the space explored: a tile showing the explorer's level on
    its back, a door toward the door walked through, not sealing the level off."""
    t = tile(rs, name)
    if level not in t.levels:
        return []
    tomb = tomb_of(rs, state.rooms)
    rotations = tomb.placements(t, level, x, y, entry)
    if allow_seal:
        return rotations
    return [r for r in rotations if not tomb.seals(t, level, x, y, r)]


def _remaining(state: SecretsState, *, discards: bool) -> list[str]:
    names = list(state.tiles.deck.cards())
    if discards:
        names += [n for n in state.tiles.discard.cards() if n not in names]
    return names


def _explore_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    if state.seats[t.seat].adventurer is None:
        return state.pop()
    level, x, y, entry = explore_target(state, t)
    if t.items[1:]:   # a tile drawn and waiting to be turned
        return None
    discards = read(rs.options, "run_out_of_tiles") == "reshuffle-first"
    if not any(placeable(rs, state, n, level, x, y, entry) for n in _remaining(state, discards=discards)):
        sealing = read(rs.options, "sealed_level") == "no-open-door-then-place" and \
            any(placeable(rs, state, n, level, x, y, entry, allow_seal=True) for n in _remaining(state, discards=discards))
        if not sealing:
            return door_to_nowhere(rs, state.pop(), t.seat, level)
    if not state.tiles.deck:
        note("secrets.explore.reshuffle-discards")
        state = evolve(state, tiles=Piles(state.tiles.discard))
        return state
    return None


def _explore_pending(rs: Any, state: SecretsState, t: Task) -> Pending:
    if t.items[1:]:
        return made.decision(t.seat, "turn the Room tile")
    return made.chance("Room tile stack")


def _explore_chance(rs: Any, state: SecretsState, t: Task) -> Any:
    return None if t.items[1:] else deck_draw(state.tiles.deck)


def _rotations(rs: Any, state: SecretsState, t: Task) -> list[int]:
    level, x, y, entry = explore_target(state, t)
    name = t.items[1]
    rots = placeable(rs, state, name, level, x, y, entry)
    if not rots and read(rs.options, "sealed_level") == "no-open-door-then-place":
        # 'if no remaining tile avoids sealing, the last drawn tile is placed anyway': only then
        discards = read(rs.options, "run_out_of_tiles") == "reshuffle-first"
        if not any(placeable(rs, state, n, level, x, y, entry) for n in _remaining(state, discards=discards)):
            rots = placeable(rs, state, name, level, x, y, entry, allow_seal=True)
    return rots


def _explore_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    if seat != t.seat or not t.items[1:]:
        return []
    return [Rotate(r) for r in _rotations(rs, state, t)]


@implements("secrets.adventurer-phase.explore-discard-nonmatching", "secrets.explore.discard-other-tiles",
            "secrets.explore.no-sealed-level", "secrets.adventurer-phase.explore-place-tile",
            "secrets.explore.place-matching-doors", "secrets.adventurer-phase.example-5-place")
def _explore_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    level, x, y, entry = explore_target(state, t)
    if not t.items[1:]:
        require(isinstance(action, Drawn) and state.tiles.deck.count(action.card) > 0,
                "secrets.explore.draw-until-level-match", "{!r} is not a Room tile left in the stack", action)
        state = evolve(state, tiles=evolve(state.tiles, deck=state.tiles.deck.remove(action.card)))
        held = evolve(t, items=(t.items[0], action.card))
        rots = _rotations(rs, state, held)
        if not rots:
            note("secrets.explore.discard-other-tiles")
            return evolve(state, tiles=evolve(state.tiles, discard=state.tiles.discard.add(action.card)))
        if len(rots) == 1:
            return place_explored(rs, state.pop(), held, rots[0])
        return state.replace_head(held)
    require(isinstance(action, Rotate) and action.rotation in _rotations(rs, state, t),
            "secrets.explore.place-matching-doors", "turn the tile so that a door connects to the door walked through "
            "(and the level is not sealed off)")
    return place_explored(rs, state.pop(), t, action.rotation)


task("explore", run=_explore_run, pending=_explore_pending, chance=_explore_chance, legal=_explore_legal,
     apply=_explore_apply, rule=lambda rs, s, t, a: "secrets.explore.place-matching-doors" if t.items[1:]
     else "secrets.explore.draw-until-level-match")


@implements("secrets.adventurer-phase.explore-ends-move", "secrets.explore.move-onto-tile",
            "secrets.adventurer-phase.explore-resolve-effects", "secrets.explore.effect-order",
            "secrets.tomb.exploring-adds-tiles", "secrets.adventurer-phase.example-3-explore",
            "secrets.adventurer-phase.example-6-standee", "secrets.adventurer-phase.example-7-exploration-effect",
            "secrets.adventurer-phase.example-8-story-effect", "secrets.explore.example-2-exploration-effect",
            "secrets.explore.example-4-scenario-symbol", "secrets.explore.example-5-turn-over",
            "secrets.rooms.exploration-effect-once", "secrets.rooms.exploration-effect-kinds",
            "secrets.rooms.trap-on-explore", "secrets.rooms.adjacent-to-text", "secrets.rooms.adjacent-to-move",
            "secrets.rooms.stairs-of-blood-adjacent", "secrets.rooms.example-stairs-of-blood-place")
def place_explored(rs: Any, state: SecretsState, t: Task, rotation: int) -> SecretsState:
    """Place the tile, the explorer's standee on it (the move ends: secrets.ambiguity.explore-ends-move),
    then its effects: Exploration Effect (a "Place ..." of its adjacency text with it), Trap Effect,
    Scenario Effect, Story Effect (secrets.ambiguity.explore-effect-order)."""
    level, x, y, entry = explore_target(state, t)
    name = t.items[1]
    tl = tile(rs, name)
    state = evolve(state, rooms=(*state.rooms, Room(name, level, x, y, rotation)))
    state = state.with_adventurer(t.seat, room=name)
    seat = t.seat
    work: list[Task] = []
    explore_ops = tl.explore
    if tl.place and tl.place not in {r.name for r in state.rooms}:
        explore_ops = (*explore_ops, Op("place-room", name=tl.place, level=tl.place_level or level))
    explore_task = [Task("op", seat, rule="secrets.rooms.exploration-effect-once", ops=(o,)) for o in explore_ops]
    trap_task = [Task("trap-explored", seat, rule="secrets.rooms.trap-on-explore", target=name)] if tl.trap else []
    scenario_task = [Task("scenario-symbol", seat, rule="secrets.explore.effect-order", target=name)] if tl.symbols else []
    story_task = [Task("story", seat, rule="secrets.story.must-resolve", target=tl.story)] if tl.story else []
    if read(rs.options, "effect_order") == "exploration-trap-scenario-story":
        work = [*explore_task, *trap_task, *scenario_task, *story_task]
    else:
        work = [*explore_task, *scenario_task, *story_task, *trap_task]
    return state.push(*work)


def _trap_explored_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """Place the stated number of Trap tokens and trigger the trap, removing one token."""
    state = state.pop()
    tl = tile(rs, t.target)
    state = state.with_room(t.target, traps=tl.trap)
    r = state.room(t.target)
    assert r is not None
    if not tl.trap_infinite:
        state = state.with_room(t.target, traps=r.traps - 1)
    return run_ops(state, t.seat, tl.trap_effect, "secrets.rooms.trap-on-explore")


task("trap-explored", run=_trap_explored_run)


def _scenario_symbol_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    state = state.pop()
    if state.seats[t.seat].adventurer is None:
        return state
    state = state.with_room(t.target, scenario_done=True)
    return symbol_triggered(rs, state, t.seat, tile(rs, t.target).symbols)


task("scenario-symbol", run=_scenario_symbol_run)


@implements("secrets.explore.door-to-nowhere", "secrets.ambiguity.explore-door-to-nowhere-level-3",
            "secrets.explore.door-to-nowhere-no-ropes")
def door_to_nowhere(rs: Any, state: SecretsState, seat: int, level: int) -> SecretsState:
    """No tile left that may be explored on the level: the adventurer falls through a Door to Nowhere to
    the Mongol's Hall and loses 4 Health; movement ends.  (The tiles drawn through are all back in one
    stack; a Door to Nowhere is never a room, so no rope can be used on it.)"""
    state = evolve(state, tiles=Piles(Deck.of({**dict(state.tiles.deck.counts),
                                                      **{c: state.tiles.deck.count(c) + n
                                                         for c, n in state.tiles.discard.counts}})))
    if not any(e.value == level for e in named(state.effects, "door-to-nowhere")):
        state = evolve(state, effects=add(state.effects, Effect("door-to-nowhere", "secrets.explore.door-to-nowhere",
                                                                     until=GAME, value=level)))
    if level == 3 and read(rs.options, "nowhere_level_3") == "no-effect-on-level-3":
        return state
    return fall(rs, state, seat)


def fall(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    if state.room(MONGOLS_HALL) is None:
        return state
    state = state.with_adventurer(seat, room=MONGOLS_HALL)
    state = enter_room(rs, state, seat, MONGOLS_HALL, how="fall")
    return lose_health(state, seat, NOWHERE_DAMAGE, "secrets.explore.door-to-nowhere")


@implements("secrets.explore.door-to-nowhere-voluntary")
def fall_targets(rs: Any, state: SecretsState, seat: int) -> list[tuple[int, int]]:
    """After a first Door to Nowhere on the level (anywhere, with the reading global-any-door), an
    adventurer on it may fall through an open door (any door) of its room."""
    adv = state.seats[seat].adventurer
    if adv is None:
        return []
    level = level_of(state, adv.room)
    mode = read(rs.options, "nowhere_voluntary")
    happened = [e.value for e in named(state.effects, "door-to-nowhere")]
    if not (level in happened or (mode == "global-any-door" and happened)):
        return []
    tomb = tomb_of(rs, state.rooms)
    out = [(vx, vy) for name, side, vx, vy in tomb.open_doors(level) if name == adv.room]
    if mode == "global-any-door":
        r = state.room(adv.room)
        assert r is not None
        out += [neighbour(r.x, r.y, s) for s in tomb.doors(adv.room) if neighbour(r.x, r.y, s) not in out]
    return out


# --------------------------------------------------------------------------------------------------
# Story cards


@implements("secrets.story.must-resolve", "secrets.story.draw-card", "secrets.story.card-sides",
            "secrets.story.resolve-matching-side", "secrets.story.outcomes", "secrets.story.starts-with-story", "secrets.story.check", "secrets.rooms.symbol-story-effect",
            "secrets.rooms.story-sides-played-same", "secrets.story.anatomy-story-section", "secrets.story.pass-section",
            "secrets.story.fail-section", "secrets.story.example-1-reader")
def queue_story(rs: Any, state: SecretsState, seat: int, side: str, rule: str) -> SecretsState:
    """Draw a Story card and resolve the side matching the room's symbol (Adventure or Misadventure):
    its story is read, its check rolled by the exploring adventurer, the Pass or Fail section resolved."""
    return state.push(Task("story", seat, rule=rule, target=side))


def _story_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    if state.seats[t.seat].adventurer is None:
        return state.pop()
    refilled = refill(rs, state, "story")
    if not refilled.story.deck:
        return refilled.pop()
    return refilled if refilled is not state else None


def _story_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(isinstance(action, Drawn) and state.story.deck.count(action.card) > 0, "secrets.story.draw-card",
            "{!r} is not a Story card left in the deck", action)
    card = rs.components.stories[action.card]
    state = evolve(state, story=Piles(state.story.deck.remove(action.card), state.story.discard.add(action.card)),
                   agenda=state.agenda[1:])      # the card drawn, and this task popped
    ops = story_side(card, t.target)
    ops = tuple(evolve(o, flags=(*o.flags, "story")) if o.kind == "check" else o for o in ops)
    return run_ops(state, t.seat, ops, "secrets.story.resolve-matching-side")


def story_side(card: Any, side: str) -> Any:
    """The side of the Story card matching the room's symbol."""
    return card.adventure if side == "adventure" else card.misadventure


def _story_chance(rs: Any, state: SecretsState, t: Task) -> Any:
    return deck_draw(state.story.deck)


task("story", run=_story_run, pending=lambda rs, s, t: made.chance("Story deck"), chance=_story_chance,
     apply=_story_apply, rule=lambda *a: "secrets.story.draw-card")


# --------------------------------------------------------------------------------------------------
# "Place ..."


@implements("secrets.rooms.place-named-tile", "secrets.ambiguity.rooms-place-named-tile-where")
def queue_place_room(rs: Any, state: SecretsState, seat: int | None, name: str, level: int, rule: str) -> SecretsState:
    """Search the Room tile stack (and the discards: any-legal-space) for the named tile and place it on
    the appropriate level, its doors matching an open door; then reshuffle (a multiset needs none).  A
    tile already in play, or found nowhere, is not placed."""
    if name not in rs.components.rooms or state.room(name) is not None:
        return state
    in_stack = state.tiles.deck.count(name) > 0
    in_discard = state.tiles.discard.count(name) > 0 and read(rs.options, "place_named_tile") == "any-legal-space"
    if not (in_stack or in_discard):
        return state
    level = level or tile(rs, name).levels[0]
    return state.push(Task("place-room", seat, rule=rule, target=name, n=level))


def place_options(rs: Any, state: SecretsState, name: str, level: int) -> list[PlaceAt]:
    tomb = tomb_of(rs, state.rooms)
    t = tile(rs, name)
    out = []
    for room, side, vx, vy in tomb.open_doors(level):
        for rot in tomb.placements(t, level, vx, vy, OPPOSITE[side]):
            a = PlaceAt(vx, vy, rot)
            if a not in out:
                out.append(a)
    return out


def _place_room_who(rs: Any, state: SecretsState, t: Task) -> int:
    return t.seat if t.seat is not None and state.seats[t.seat].adventurer is not None else group_seat(rs, state)


def _place_room_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    if state.room(t.target) is not None or not place_options(rs, state, t.target, t.n):
        return state.pop()
    return None


def _place_room_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(isinstance(action, PlaceAt) and action in place_options(rs, state, t.target, t.n),
            "secrets.rooms.place-named-tile", "place the named tile on an empty space of its level, its doors matching")
    state = state.pop()
    tiles = state.tiles
    if tiles.deck.count(t.target):
        tiles = evolve(tiles, deck=tiles.deck.remove(t.target))
    else:
        tiles = evolve(tiles, discard=tiles.discard.remove(t.target))
    return evolve(state, tiles=tiles, rooms=(*state.rooms, Room(t.target, t.n, action.x, action.y, action.rotation)))


task("place-room", run=_place_room_run, pending=lambda rs, s, t: made.decision(_place_room_who(rs, s, t), "place a tile"),
     legal=lambda rs, s, t, seat: place_options(rs, s, t.target, t.n) if seat == _place_room_who(rs, s, t) else [],
     apply=_place_room_apply, rule=lambda *a: "secrets.rooms.place-named-tile")


# --------------------------------------------------------------------------------------------------
# Rope Rooms and the rooms leading to Level 3


@implements("secrets.rooms.rope-room", "secrets.rooms.place-rope", "secrets.rooms.rope-levels",
            "secrets.rooms.level-3-rooms", "secrets.ambiguity.rooms-rope-placement",
            "secrets.ambiguity.rooms-level-3-access-list")
def can_place_rope(rs: Any, state: SecretsState, seat: int) -> str | None:
    """With a Rope token (or an item that places one), on a Level 2 Rope Room (any Level 2 room with the
    reading any-level-2-room; only the Pitfall and the Mine Shaft with exclusive) not yet roped, while the
    Mongol's Hall is in the Tomb."""
    adv = state.seats[seat].adventurer
    if adv is None:
        return "secrets.rooms.place-rope"
    has_rope = adv.ropes > 0 or any(card(rs, h.name).rope and is_usable(rs, adv, h) for h in adv.cards)
    if not has_rope:
        return "secrets.rooms.place-rope"
    r = state.room(adv.room)
    assert r is not None
    t = tile(rs, adv.room)
    if r.level != 2 or r.rope or state.room(MONGOLS_HALL) is None:
        return "secrets.rooms.rope-levels"
    placement = read(rs.options, "rope_placement")
    if placement == "rope-room-two-tokens" and not t.rope_room:
        return "secrets.rooms.rope-room"
    if read(rs.options, "level_3_access") == "exclusive" and t.special not in ("pitfall", "mineshaft"):
        return "secrets.ambiguity.rooms-level-3-access-list"
    hall = state.room(MONGOLS_HALL)
    need = 1 if hall is not None and hall.rope else 2
    if adv.ropes > 0:
        need -= 1
    if state.ropes < need:
        return "secrets.components.component-list"
    return None


@implements("secrets.rooms.rope-adjacency")
def place_rope(rs: Any, state: SecretsState, seat: int, rule: str) -> SecretsState:
    """A Rope token on the current room and on the Mongol's Hall: they are adjacent from now on."""
    if can_place_rope(rs, state, seat) is not None:
        return state
    adv = state.seats[seat].adventurer
    assert adv is not None
    hall = state.room(MONGOLS_HALL)
    assert hall is not None
    used = 0
    if adv.ropes > 0:
        state = state.with_adventurer(seat, ropes=adv.ropes - 1)
    else:
        name = next(h.name for h in adv.cards if card(rs, h.name).rope and is_usable(rs, adv, h))
        state = use_card(rs, state, seat, name)
        used = 1
    used += 0 if hall.rope else 1
    state = evolve(state, ropes=state.ropes - used)
    return state.with_room(adv.room, rope=True).with_room(MONGOLS_HALL, rope=True)


@implements("secrets.rooms.mineshaft-connects", "secrets.rooms.mineshaft-climb", "secrets.rooms.mineshaft-rope",
            "secrets.ambiguity.rooms-mineshaft-climb")
def can_climb(rs: Any, state: SecretsState, seat: int) -> str | None:
    """Without a Rope token the Mineshaft may be climbed down with its Movement check (up too with the
    reading both-ways-with-check); with a rope it is simply adjacent."""
    adv = state.seats[seat].adventurer
    if adv is None or state.room(MONGOLS_HALL) is None:
        return "secrets.rooms.mineshaft-climb"
    here = state.room(adv.room)
    if here is not None and _unroped_shaft(rs, here):
        return None
    if adv.room == MONGOLS_HALL and any(_unroped_shaft(rs, r) for r in state.rooms) and \
            read(rs.options, "mineshaft") == "both-ways-with-check":
        return None
    return "secrets.rooms.mineshaft-climb"


def _unroped_shaft(rs: Any, room: Any) -> bool:
    """A Mineshaft without a Rope token."""
    return tile(rs, room.name).special == "mineshaft" and not room.rope


def start_climb(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    adv = state.seats[seat].adventurer
    assert adv is not None
    if adv.room == MONGOLS_HALL:
        shaft = next(r.name for r in state.rooms if tile(rs, r.name).special == "mineshaft" and not r.rope)
    else:
        shaft = MONGOLS_HALL
    check = tile(rs, adv.room if adv.room != MONGOLS_HALL else shaft).climb
    assert check is not None
    return start_check(rs, state, seat, check.attribute, check.difficulty,
                       passed=(Op("arrive", room=shaft),), failed=check.failed, rule="secrets.rooms.mineshaft-climb")


@implements("secrets.rooms.arc-portal", "secrets.ambiguity.rooms-arc-portal-travel")
def teleport_targets(rs: Any, state: SecretsState, seat: int) -> list[str]:
    """In the Arc Portal, an Action moves the adventurer to any other explored room in the Tomb."""
    adv = state.seats[seat].adventurer
    if adv is None or tile(rs, adv.room).special != "arc-portal":
        return []
    return [r.name for r in state.rooms if r.name != adv.room]


# --------------------------------------------------------------------------------------------------
# Artifact Rooms


@implements("secrets.artifacts.room-search", "secrets.artifacts.room-search-once", "secrets.artifacts.room-search-unavailable",
            "secrets.ambiguity.artifacts-room-in-play", "secrets.ambiguity.artifacts-room-once-per-adventurer",
            "secrets.ambiguity.artifacts-room-creatures")
def can_search_artifact(rs: Any, state: SecretsState, seat: int) -> str | None:
    adv = state.seats[seat].adventurer
    if adv is None or not tile(rs, adv.room).artifact:
        return "secrets.artifacts.room-search"
    key = f"{adv.room}|{adv.name if read(rs.options, 'artifact_once') == 'per-adventurer' else seat}"
    if any(e.subject == key for e in named(state.effects, "artifact-attempt")):
        return "secrets.artifacts.room-search-once"
    name = tile(rs, adv.room).artifact
    total = rs.components.cards[name].count if name in rs.components.cards else 0
    if read(rs.options, "artifact_in_play") == "outside-deck":
        if state.artifacts.deck.count(name) < total:
            return "secrets.artifacts.room-search-unavailable"
    elif state.artifacts.discard.count(name) or any(s.adventurer is not None and s.adventurer.held(name)
                                                    for s in state.seats):
        return "secrets.artifacts.room-search-unavailable"
    if state.creatures_in(adv.room) and read(rs.options, "artifact_creatures") == "is-a-search":
        return "secrets.adventurer-phase.no-search-with-creatures"
    if adv.fleeing:
        return "secrets.adventurers.flee-must-move"
    return None


@implements("secrets.artifacts.room-search-pass", "secrets.artifacts.room-search-fail",
            "secrets.artifacts.room-search-no-audacity", "secrets.ambiguity.artifacts-room-check")
def start_artifact_search(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    """Take a risk: the Artifact Room's check, without Audacity (printed on the tile;
    secrets.ambiguity.artifacts-room-check).  Pass: the listed artifact is searched out of the deck; fail: nothing."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    t = tile(rs, adv.room)
    key = f"{adv.room}|{adv.name if read(rs.options, 'artifact_once') == 'per-adventurer' else seat}"
    state = evolve(state, effects=add(state.effects, Effect("artifact-attempt", "secrets.artifacts.room-search-once",
                                                                 until=GAME, subject=key)))
    check = t.artifact_check if read(rs.options, "artifact_check") == "printed-on-tile" and t.artifact_check \
        else Op("check", attribute="none", difficulty=1)
    return start_check(rs, state, seat, check.attribute, check.difficulty, passed=(Op("gain", name=t.artifact),),
                       failed=(), flags=("no-audacity",), rule="secrets.artifacts.room-search",
                       pool_size=1 if check.attribute == "none" else None)


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from ..board import neighbour  # noqa: E402
from .adventurers import lose_health  # noqa: E402
from .dice_checks import start_check  # noqa: E402
from .items import card, deck_draw, is_usable, refill, use_card  # noqa: E402
from .scenarios import symbol_triggered  # noqa: E402
from .tomb_phase import group_seat  # noqa: E402
