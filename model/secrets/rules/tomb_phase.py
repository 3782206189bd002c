"""The Tomb Phase: the Tomb card and its seven steps (Tomb Effect, Move Creatures, Initiate Combat, Spawn
Creatures with the creature limit of 10, Upkeep, Search, Comet Track), the end-game check, and the
First Player/Comet Track marker passing clockwise.

"The players choose" (a creature's target or route among equals, the order of combats, where creatures
spawn) is one decision made for the group by the first player (secrets.ambiguity.group-decisions).
"""

from __future__ import annotations

from typing import Any

from ...chance import Outcomes
from ...effects import GAME, ROUND, Effect, add, expire, named
from ...numeric import if_
from ..options import read
from ...ruleset import Pending
from ...traceability import implements, note, require
from ..actions import Drawn, Next, Route, SpawnIn, Target, made_next
from ..state import ENTRANCE, MONGOLS_HALL, Piles, SecretsState, Task, evolve
from .components_ops import run_ops
from .creatures import card as creature_card
from .creatures import is_boss, limit_count, new_creature
from .engine import check, listed, made, task

CREATURE_LIMIT = 10
STARTING_TILES = {1: ENTRANCE, 2: "Pharaoh's Hall", 3: MONGOLS_HALL}


def group_seat(rs: Any, state: SecretsState) -> int:
    """Who decides when 'the players choose': the first player (or the Expedition Leader)."""
    return state.leader if read(rs.options, "group_decisions") == "expedition-leader" else state.first


def card(rs: Any, state: SecretsState) -> Any:
    return rs.components.tomb_cards.get(state.tomb_card)


@implements("secrets.turn.adventurer-phase-ends", "secrets.adventurer-phase.ends-then-tomb-phase",
            "secrets.turn.tomb-phase-draw", "secrets.tomb-phase.draw-tomb-card", "secrets.turn.tomb-card-effects",
            "secrets.turn.rounds-two-phases", "secrets.ambiguity.tomb-card-summary-order", "secrets.reference.tomb-phase-draw",
            "secrets.tomb-phase.example-draw")
def start_tomb_phase(rs: Any, state: SecretsState) -> SecretsState:
    """The Adventurer Phase has ended: the Expedition Leader (or the First Player) draws a Tomb card and
    performs its steps in order (the numbered steps: secrets.ambiguity.tomb-card-summary-order)."""
    steps = ["tomb-effect", "move-creatures", "initiate-combat", "spawn", "upkeep", "search-tokens", "comet"]
    if read(rs.options, "tomb_order") == "overview-order":
        steps = ["tomb-effect", "move-creatures", "initiate-combat", "spawn", "comet", "search-tokens", "upkeep"]
    tasks = [Task("tomb-draw", rule="secrets.tomb-phase.draw-tomb-card")] + \
        [Task(s, rule=f"secrets.tomb-phase.{s}") for s in steps] + [Task("end-round", rule="secrets.turn.pass-first-player-marker")]
    return evolve(state, phase="tomb", tomb_card="").then(*tasks)


def _tomb_draw_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    refilled = refill(rs, state, "tomb")
    if not refilled.tomb.deck:
        return refilled.pop()
    return refilled if refilled is not state else None


def _tomb_draw_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(isinstance(action, Drawn) and state.tomb.deck.count(action.card) > 0, "secrets.tomb-phase.draw-tomb-card",
            "{!r} is not a Tomb card left in the deck", action)
    return evolve(state, tomb_card=action.card, agenda=state.agenda[1:],      # (this task popped)
                  tomb=Piles(state.tomb.deck.remove(action.card), state.tomb.discard.add(action.card)))


def _tomb_draw_chance(rs: Any, state: SecretsState, t: Task) -> Any:
    return deck_draw(state.tomb.deck)


task("tomb-draw", run=_tomb_draw_run, pending=lambda rs, s, t: made.chance("Tomb deck"), chance=_tomb_draw_chance,
     apply=_tomb_draw_apply, rule=lambda *a: "secrets.tomb-phase.draw-tomb-card")


@implements("secrets.tomb-phase.tomb-effect", "secrets.tomb-phase.tomb-effect-check", "secrets.reference.tomb-step-1-tomb-effect",
            "secrets.tomb-phase.example-1-tomb-effect")
def _tomb_effect_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """1. The Tomb Effect, for a particular player or all players (the card says)."""
    state = state.pop()
    c = card(rs, state)
    if c is None:
        return state
    return run_ops(state, state.first, c.effect, "secrets.tomb-phase.tomb-effect")


task("tomb-effect", run=_tomb_effect_run)


# --------------------------------------------------------------------------------------------------
# 2. Move Creatures


@implements("secrets.tomb-phase.move-creatures", "secrets.reference.tomb-step-2-move-creatures",
            "secrets.tomb-phase.example-2-move-creatures")
def _move_creatures_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """Move every creature that does not share a room with any adventurer."""
    state = state.pop()
    occupied = {state.seats[s].adventurer.room for s in state.in_tomb()}
    movers = [c.key for c in state.creatures if c.room not in occupied]
    return state.push(*(Task("creature-move", rule="secrets.tomb-phase.creature-full-movement", target=k) for k in movers))


task("move-creatures", run=_move_creatures_run)


def mover_of(rs: Any, state: SecretsState, key: str) -> str:
    """The view a creature moves in: bosses use every link, flying creatures ropes too."""
    c = state.creature(key)
    assert c is not None
    cc = creature_card(rs, c)
    if cc.deck == "boss":
        return "boss"
    return "flying" if cc.flying else "creature"


@implements("secrets.tomb-phase.creature-full-movement", "secrets.tomb-phase.creature-move-tie",
            "secrets.tomb-phase.creatures-no-ropes", "secrets.tomb-phase.no-legal-path", "secrets.tomb-phase.no-legal-path-example",
            "secrets.creatures.boss-no-rope", "secrets.ambiguity.nearest-adventurer")
def nearest_targets(rs: Any, state: SecretsState, key: str) -> tuple[list[int], int]:
    """The adventurers a creature moves toward: the nearest by its legal path (no ropes, unless flying or
    a boss), ties to the most Soul Shards; and the distance.  None reachable: it does not move."""
    c = state.creature(key)
    assert c is not None
    tomb = tomb_of(rs, state.rooms)
    dist = tomb.distances(mover_of(rs, state, key), c.room)
    candidates = []
    same_level = read(rs.options, "nearest_adventurer") == "same-level"
    level = state.room(c.room).level
    for s in state.in_tomb():
        adv = state.seats[s].adventurer
        assert adv is not None
        if adv.room in dist and (not same_level or state.room(adv.room).level == level):
            candidates.append((dist[adv.room], s))
    if not candidates:
        note("secrets.tomb-phase.no-legal-path")
        return [], 0
    d = min(x for x, _ in candidates)
    nearest = [s for x, s in candidates if x == d]
    most = max(state.seats[s].adventurer.shards for s in nearest)
    return [s for s in nearest if state.seats[s].adventurer.shards == most], d


def _creature_move_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    c = state.creature(t.target)
    if c is None:
        return state.pop()
    if t.items:       # the target is chosen
        return _route(rs, state, t)
    targets, _ = nearest_targets(rs, state, t.target)
    if not targets:
        return state.pop()
    if len({state.seats[x].adventurer.room for x in targets}) == 1:   # one room to move toward: nothing to choose
        return state.replace_head(evolve(t, items=(str(targets[0]),)))
    return None


def _route(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    ends = _route_ends(rs, state, t)
    if not ends:
        return state.pop()
    if len(ends) == 1:
        return move_creature(rs, state.pop(), t.target, ends[0])
    return None


def _route_ends(rs: Any, state: SecretsState, t: Task) -> tuple[str, ...]:
    c = state.creature(t.target)
    adv = state.adventurer(int(t.items[0]))
    if c is None or adv is None:
        return ()
    movement = creature_card(rs, c).movement
    return tomb_of(rs, state.rooms).route_ends(mover_of(rs, state, t.target), c.room, adv.room, movement)


def _creature_move_pending(rs: Any, state: SecretsState, t: Task) -> Pending:
    if t.items and read(rs.options, "creature_route") == "random":
        return made.chance("creature route")
    return made.decision(group_seat(rs, state), "creature target" if not t.items else "creature route")


def _creature_move_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    if seat != group_seat(rs, state):
        return []
    if not t.items:
        targets = nearest_targets(rs, state, t.target)[0]
        by_room = {state.seats[x].adventurer.room: x for x in reversed(targets)}
        return [Target(x) for x in targets if by_room[state.seats[x].adventurer.room] == x]
    if read(rs.options, "creature_route") == "random":
        return []
    return [Route(r) for r in _route_ends(rs, state, t)]


def _creature_move_chance(rs: Any, state: SecretsState, t: Task) -> Any:
    if not t.items or read(rs.options, "creature_route") != "random":
        return None
    return Outcomes.uniform([Route(r) for r in _route_ends(rs, state, t)])


@implements("secrets.ambiguity.creature-route-choice")
def _creature_move_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    if not t.items:
        require(isinstance(action, Target) and action.seat in nearest_targets(rs, state, t.target)[0],
                "secrets.tomb-phase.creature-move-tie", "the creature moves toward one of the nearest adventurers with "
                "the most Soul Shards")
        return state.replace_head(evolve(t, items=(str(action.seat),)))
    require(isinstance(action, Route) and action.room in _route_ends(rs, state, t),
            "secrets.tomb-phase.creature-full-movement", "the creature moves its full Movement by a shortest route")
    return move_creature(rs, state.pop(), t.target, action.room)


task("creature-move", run=_creature_move_run, pending=_creature_move_pending, legal=_creature_move_legal,
     chance=_creature_move_chance, apply=_creature_move_apply, rule=lambda *a: "secrets.tomb-phase.creature-full-movement")


@implements("secrets.tomb-phase.creatures-ignore-room-effects", "secrets.ambiguity.creature-stops-at-adventurer")
def move_creature(rs: Any, state: SecretsState, key: str, room: str) -> SecretsState:
    """The creature moves (traps and room effects do not hinder it; it stops in the adventurer's room)."""
    c = state.creature(key)
    assert c is not None
    frm = c.room
    state = state.with_creature(key, room=room)
    if is_boss(rs, c):
        state = boss_moved(rs, state, state.creature(key), frm)
    return state


# --------------------------------------------------------------------------------------------------
# 3. Initiate Combat


def _engaged(rs: Any, state: SecretsState, c: Any) -> list[int]:
    fleeing_ignored = read(rs.options, "fleeing_in_combat") == "ignored"
    return [s for s in state.seats_in(c.room) if not (fleeing_ignored and state.seats[s].adventurer.fleeing)]


def combat_candidates(rs: Any, state: SecretsState, t: Task) -> list[str]:
    done = set(t.items)
    return [c.key for c in state.creatures if c.key not in done and _engaged(rs, state, c)]


def combat_targets(rs: Any, state: SecretsState, key: str) -> list[int]:
    """The adventurer a creature engages: the one with the most Soul Shards (ties: the players choose)."""
    c = state.creature(key)
    assert c is not None
    here = _engaged(rs, state, c)
    if not here:
        return []
    most = max(state.seats[s].adventurer.shards for s in here)
    return [s for s in here if state.seats[s].adventurer.shards == most]


@implements("secrets.tomb-phase.initiate-combat", "secrets.tomb-phase.combat-target", "secrets.reference.tomb-step-3-initiate-combat",
            "secrets.tomb-phase.example-3-combat", "secrets.ambiguity.tomb-phase-combat-order",
            "secrets.ambiguity.fleeing-in-tomb-phase-combat")
def _initiate_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    """Each creature in a room with an adventurer initiates combat with one adventurer (the players
    choose the order: players-order-retarget)."""
    if read(rs.options, "combat_order") == "fixed-targets" and "fixed" not in t.flags:
        return _fix_targets(rs, state, t)
    if "fixed" in t.flags:
        return _fixed_next(rs, state, t)
    if t.target:   # the next creature is chosen: its target
        targets = combat_targets(rs, state, t.target)
        if not targets:
            return state.replace_head(evolve(t, target="", items=(*t.items, t.target)))
        if len(targets) == 1:
            return _engage(state, t, t.target, targets[0])
        return None
    cands = combat_candidates(rs, state, t)
    if not cands:
        return state.pop()
    if len(cands) == 1:
        return state.replace_head(evolve(t, target=cands[0]))
    return None


def _engage(state: SecretsState, t: Task, key: str, seat: int) -> SecretsState:
    """The creature ``key`` engages ``seat``: its combat queued, then ``t`` (the head of the agenda, in
    whose place both go) with the creature done."""
    return state.replace_head(Task("combat", seat, rule="secrets.tomb-phase.initiate-combat", target=key, flags=("tomb",)),
                      evolve(t, target="", items=(*t.items, key)))


def _fix_targets(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    """secrets.ambiguity.tomb-phase-combat-order=fixed-targets: every creature's target is fixed first."""
    pairs = [x for x in t.items if "=" in x]
    fixed = {x.split("=")[0] for x in pairs}
    for c in state.creatures:
        if c.key in fixed or not _engaged(rs, state, c):
            continue
        targets = combat_targets(rs, state, c.key)
        if len(targets) == 1:
            return state.replace_head(evolve(t, items=(*t.items, f"{c.key}={targets[0]}")))
        return state.replace_head(evolve(t, target=c.key)) if t.target != c.key else None
    return state.replace_head(evolve(t, target="", flags=(*t.flags, "fixed")))


def _fixed_next(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    pairs = [x for x in t.items if "=" in x]
    if not pairs:
        return state.pop()
    key, seat = pairs[0].split("=")
    rest = evolve(t, items=tuple(x for x in t.items if x != pairs[0]))
    c, adv = state.creature(key), state.adventurer(int(seat))
    state = state.replace_head(rest)
    if c is None or adv is None or adv.room != c.room:
        return state
    return state.push(Task("combat", int(seat), rule="secrets.tomb-phase.initiate-combat", target=key, flags=("tomb",)))


def _initiate_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    if seat != group_seat(rs, state):
        return []
    if t.target:
        return [Target(s) for s in combat_targets(rs, state, t.target)]
    return [made_next(k) for k in combat_candidates(rs, state, t)]


def _initiate_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    check(action in listed(rs, state, t, seat, lambda: _initiate_legal(rs, state, t, seat if seat is not None else -1)),
          lambda: _initiate_rule(rs, state, t, action),
          "{!r}: a creature engages the adventurer in its room with the most Soul Shards", action)
    if isinstance(action, Next):
        return state.replace_head(evolve(t, target=action.creature))
    if "=" in "".join(t.items) or read(rs.options, "combat_order") == "fixed-targets":
        return state.replace_head(evolve(t, target="", items=(*t.items, f"{t.target}={action.seat}")))
    return _engage(state, t, t.target, action.seat)


def _initiate_rule(rs: Any, state: SecretsState, t: Task, action: Any) -> str:
    """A refused answer at the combat order: choosing a creature that does not initiate combat now (not in a
    room with an adventurer, or its combat already fought) breaks 'each creature in the same room as an
    adventurer initiates combat with one adventurer'; anything else, whom the creature engages."""
    if isinstance(action, Next) and not t.target:
        return "secrets.tomb-phase.initiate-combat"
    return "secrets.tomb-phase.combat-target"


task("initiate-combat", run=_initiate_run, pending=lambda rs, s, t: made.decision(group_seat(rs, s), "combat order"),
     legal=_initiate_legal, apply=_initiate_apply, rule=_initiate_rule)


# --------------------------------------------------------------------------------------------------
# 4. Spawn Creatures


@implements("secrets.tomb-phase.spawn-on-levels", "secrets.reference.tomb-step-4-spawn", "secrets.ambiguity.spawn-each-level",
            "secrets.tomb-phase.example-4-spawn", "secrets.tomb-phase.example-spawn")
def _spawn_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """The Tomb card spawns creatures on each of the three levels (what it prints per level)."""
    state = state.pop()
    c = card(rs, state)
    if c is None:
        return state
    tasks = []
    for level, kinds in enumerate(c.spawn, 1):
        if not kinds and read(rs.options, "spawn_each_level") == "every-level":
            kinds = ("base",)
        tasks += [Task("spawn-one", rule="secrets.tomb-phase.spawn-on-levels", target=k, n=level, flags=("tomb-card",))
                  for k in kinds]
    return state.push(*tasks)


task("spawn", run=_spawn_run)


def queue_spawns(rs: Any, state: SecretsState, seat: int | None, deck: str, amount: int, where: str, rule: str,
                 level: int) -> SecretsState:
    """Spawns an effect asks for: in the adventurer's room (``here``), or in red-outlined rooms."""
    adv = state.seats[seat].adventurer if seat is not None else None
    if adv is None and where == "here":
        return state
    if not level:
        level = state.room(adv.room).level if adv is not None else 1
    items = (adv.room,) if where == "here" and adv is not None else ()
    return state.push(*(Task("spawn-one", seat, rule=rule, target=deck, n=level, items=items) for _ in range(amount)))


@implements("secrets.tomb-phase.spawn-red-outlines", "secrets.tomb-phase.spawn-evenly",
            "secrets.tomb-phase.spawn-adventurer-room-first", "secrets.tomb-phase.no-red-rooms-no-spawn",
            "secrets.tomb-phase.variant-spawn-on-starting-tile", "secrets.rooms.red-outline-spawn",
            "secrets.rooms.red-outline-spawn-room", "secrets.rooms.tile-features", "secrets.ambiguity.spawn-placement-priority")
def spawn_rooms(rs: Any, state: SecretsState, level: int, fixed: tuple[str, ...] = ()) -> list[str]:
    """Where the next creature may spawn: red-outlined rooms of the level, those with an adventurer first,
    as evenly as possible (the rooms holding fewest creatures); none on a level without red rooms (the
    level's starting tile with the variant)."""
    if fixed:
        return [r for r in fixed if state.room(r) is not None]
    red = [r.name for r in state.rooms if r.level == level and rs.components.rooms[r.name].red]
    occupied = {state.seats[s].adventurer.room for s in state.in_tomb()}
    priority = read(rs.options, "spawn_priority")
    if priority == "any-adventurer-room":
        first = [r.name for r in state.rooms if r.level == level and r.name in occupied]
    else:
        first = [r for r in red if r in occupied]
    if priority == "adventurer-rooms-then-even" and first:
        # 'always spawn in a room with an Adventurer first, before spawning in an empty red-outlined room':
        # each such room takes one of the Tomb card's creatures of this level, then all red rooms evenly
        placed = card_spawns_placed(rs, state, level)
        first = [r for r in first if r not in placed]
    candidates = first or red
    if not candidates:
        if rs.options.spawn_on_starting_tile and state.room(STARTING_TILES[level]) is not None:
            return [STARTING_TILES[level]]
        return []
    load = {r: len(state.creatures_in(r)) for r in candidates}
    least = min(load.values())
    return [r for r in candidates if load[r] == least]


def card_spawns_placed(rs: Any, state: SecretsState, level: int) -> list[str]:
    """The rooms of the creatures the Tomb card has spawned so far on ``level`` in this Spawn step (read
    while one of its spawns is pending: what it prints for the level less the spawns still queued, each
    spawned one the newest creature of the level), or [] for any other spawn."""
    head = state.head
    c = card(rs, state)
    if head is None or head.kind != "spawn-one" or "tomb-card" not in head.flags or c is None:
        return []
    total = len(c.spawn[level - 1]) if level <= len(c.spawn) else 0
    if not total and read(rs.options, "spawn_each_level") == "every-level":
        total = 1
    left = sum(1 for t in state.agenda if t.kind == "spawn-one" and t.n == level and "tomb-card" in t.flags)
    done = max(total - left, 0)
    if not done:
        return []
    here = sorted((cr for cr in state.creatures if (r := state.room(cr.room)) is not None and r.level == level),
                  key=lambda cr: cr.id)
    return [cr.room for cr in here[-done:]]


@implements("secrets.tomb-phase.creature-limit", "secrets.tomb-phase.limit-stops-spawning", "secrets.ambiguity.creature-limit-scope",
            "secrets.ambiguity.creature-limit-comet-count")
def compute_spawn(current: Any, limit: Any = CREATURE_LIMIT) -> tuple[Any, Any]:
    """(whether one more base or elite creature spawns, whether the limit is hit): a creature spawns while
    the count is below the limit; at the limit it does not, and spawning stops."""
    ok = current < limit
    return if_(ok, 1, 0), if_(ok, 0, 1)


def _spawn_one_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    deck, _, drawn = t.target.partition(":")
    if drawn:
        return None if len(spawn_rooms(rs, state, t.n, t.items)) > 1 else _place(rs, state.pop(), t,
                                                                                spawn_rooms(rs, state, t.n, t.items))
    limited = "tomb-card" in t.flags or read(rs.options, "limit_scope") == "all-base-elite-spawns"
    if not spawn_rooms(rs, state, t.n, t.items):
        # secrets.ambiguity.limit-on-level-without-rooms: at the limit, is a spawn prompted on a level
        # without red-outlined rooms no spawn at all (no-spawn), or one that would exceed the limit?
        if not (limited and "forced" not in t.flags and compute_spawn(limit_count(rs, state))[1]
                and read(rs.options, "limit_without_rooms") == "limit-first"):
            note("secrets.tomb-phase.no-red-rooms-no-spawn")
            return state.pop()
    if limited and "forced" not in t.flags:
        if any(True for _ in named(state.effects, "limit-reached")):
            return state.pop()
        if "tomb-card" in t.flags:
            # secrets.ambiguity.creature-limit-comet-count=whole-card: the card's spawns still to be placed
            # are counted together; if they would take the Tomb over its limit, none of them spawns
            batch = tuple(x for x in state.agenda if x.kind == "spawn-one" and "tomb-card" in x.flags)
            would = sum(1 for x in batch if spawn_rooms(rs, state, x.n, x.items))
            if limit_count(rs, state) + would > CREATURE_LIMIT and read(rs.options, "limit_comet") == "whole-card":
                note("secrets.tomb-phase.limit-stops-spawning")
                state = evolve(state, agenda=tuple(x for x in state.agenda if x not in batch), effects=add(
                    state.effects, Effect("limit-reached", "secrets.tomb-phase.limit-stops-spawning", until=ROUND)))
                return move_comet(rs, state, 1, "secrets.tomb-phase.limit-advances-comet")
        spawns, hit = compute_spawn(limit_count(rs, state))
        if hit:
            once = read(rs.options, "limit_comet") in ("once-fill-in-level-order", "whole-card")
            note("secrets.tomb-phase.limit-stops-spawning")
            state = state.pop()
            if once:
                state = evolve(state, effects=add(state.effects, Effect(
                    "limit-reached", "secrets.tomb-phase.limit-stops-spawning", until=ROUND)))
            return move_comet(rs, state, 1, "secrets.tomb-phase.limit-advances-comet")
    refilled = refill(rs, state, deck)
    if not getattr(refilled, deck).deck:
        return refilled.pop()
    return refilled if refilled is not state else None


def _spawn_one_pending(rs: Any, state: SecretsState, t: Task) -> Pending:
    if ":" in t.target:
        return made.decision(group_seat(rs, state), "where the creature spawns")
    return made.chance(f"{t.target} creature deck")


def _spawn_one_chance(rs: Any, state: SecretsState, t: Task) -> Any:
    return None if ":" in t.target else deck_draw(getattr(state, t.target).deck)


def _spawn_one_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    if ":" not in t.target or seat != group_seat(rs, state):
        return []
    return [SpawnIn(r) for r in spawn_rooms(rs, state, t.n, t.items)]


@implements("secrets.tomb-phase.limit-advances-comet")
def _spawn_one_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    if ":" not in t.target:
        pile = getattr(state, t.target)
        require(isinstance(action, Drawn) and pile.deck.count(action.card) > 0, "secrets.tomb-phase.spawn-on-levels",
                "{!r} is not a creature card left in the {} deck", action, t.target)
        state = evolve(state, **{t.target: evolve(pile, deck=pile.deck.remove(action.card))})
        drawn = evolve(t, target=f"{t.target}:{action.card}")
        rooms = spawn_rooms(rs, state, t.n, t.items)
        if len(rooms) == 1:
            return _place(rs, state.pop(), drawn, rooms)
        return state.replace_head(drawn)
    check(isinstance(action, SpawnIn) and action.room in spawn_rooms(rs, state, t.n, t.items),
          lambda: _spawn_in_rule(rs, state, t, action), "spawn in a red-outlined room, rooms with adventurers first, "
          "as evenly as possible")
    return _place(rs, state.pop(), t, [action.room])


def _spawn_in_rule(rs: Any, state: SecretsState, t: Task, action: Any) -> str:
    """A refused spawn room: where the spawn names its rooms (an effect's 'here'), those; otherwise a room
    of the level that is not red-outlined ('all creatures spawn in rooms with red outlines'), an empty
    red-outlined room while one with an adventurer may take it ('in a room with an Adventurer first'), or
    a fuller room than another open one ('as evenly as possible')."""
    if not isinstance(action, SpawnIn) or ":" not in t.target:
        return "secrets.tomb-phase.spawn-evenly"
    if t.items:
        return "secrets.tomb-phase.spawn-red-outlines" if action.room not in t.items else "secrets.tomb-phase.spawn-evenly"
    room = state.room(action.room)
    if room is None or room.level != t.n:
        return "secrets.tomb-phase.spawn-on-levels"
    open_ = spawn_rooms(rs, state, t.n, t.items)
    occupied = {state.seats[s].adventurer.room for s in state.in_tomb()}
    if action.room not in open_ and not rs.components.rooms[action.room].red and \
            (action.room not in occupied or read(rs.options, "spawn_priority") != "any-adventurer-room"):
        return "secrets.tomb-phase.spawn-red-outlines"
    if action.room not in occupied and any(r in occupied for r in open_):
        return "secrets.tomb-phase.spawn-adventurer-room-first"
    return "secrets.tomb-phase.spawn-evenly"


task("spawn-one", run=_spawn_one_run, pending=_spawn_one_pending, chance=_spawn_one_chance, legal=_spawn_one_legal,
     apply=_spawn_one_apply, rule=_spawn_in_rule)


def _place(rs: Any, state: SecretsState, t: Task, rooms: list[str]) -> SecretsState:
    deck, _, name = t.target.partition(":")
    if not rooms:
        pile = getattr(state, deck)
        return evolve(state, **{deck: evolve(pile, discard=pile.discard.add(name))})
    over = "forced" in t.flags and limit_count(rs, state) >= CREATURE_LIMIT and deck != "boss"
    state, c = new_creature(rs, state, name, rooms[0])
    if over:    # placed at the limit all the same: the limit is exceeded while this creature lives
        note("secrets.ambiguity.status-alt-infected")
        state = evolve(state, effects=add(state.effects, Effect(
            "over-limit", "secrets.status.alt-infected-elite", until=GAME, value=c.id)))
    return state


# --------------------------------------------------------------------------------------------------
# 5. Upkeep, 6. Search, 7. Comet Track


@implements("secrets.tomb-phase.upkeep-scenario", "secrets.tomb-phase.upkeep-components", "secrets.reference.tomb-step-5-upkeep",
            "secrets.tomb-phase.example-5-upkeep", "secrets.ambiguity.reference-upkeep-creatures",
            "secrets.ambiguity.comet-trigger-timing", "secrets.ambiguity.upkeep-check-order")
def _upkeep_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """The scenario's effects of the Comet track's position; every status effect, item and other
    component with an Upkeep effect (creature cards too: creature-card-upkeep); then the Action tokens
    flip to their unused sides (secrets.ambiguity.refresh-timing=at-upkeep).  The scenario's check has
    effects here only with secrets.ambiguity.comet-trigger-timing=upkeep-only; its place is
    secrets.ambiguity.upkeep-check-order's: components-first, after every component's Upkeep has resolved
    (a death they cause moves the Comet track first), or scenario-first, its effects resolved before any
    component is upkept."""
    state = state.pop()
    tasks: list[Task] = []
    if read(rs.options, "refresh_timing") == "at-upkeep":
        tasks.append(Task("refresh", rule="secrets.tomb-phase.upkeep-flip-action-tokens"))
    state = state.push(*tasks)
    if read(rs.options, "comet_triggers") != "upkeep-only":
        return upkeep_components(rs, state)
    if read(rs.options, "upkeep_order") == "scenario-first":
        state = state.push(Task("upkeep-components", rule="secrets.tomb-phase.upkeep-components"))
        return upkeep_comet(rs, state)
    state = state.push(Task("upkeep-scenario", rule="secrets.tomb-phase.upkeep-scenario"))
    return upkeep_components(rs, state)


def upkeep_components(rs: Any, state: SecretsState) -> SecretsState:
    """Upkeep of the creature cards (secrets.ambiguity.reference-upkeep-creatures), then of each
    adventurer's cards and status effects."""
    if read(rs.options, "creature_upkeep") == "creature-card-upkeep":
        for c in state.creatures:
            ops = creature_card(rs, c).upkeep
            if ops:
                here = state.seats_in(c.room)
                state = run_ops(state, here[0] if here else None, ops, "secrets.reference.tomb-step-5-upkeep")
    for s in reversed(range(len(state.seats))):
        state = upkeep_cards(rs, state, s)
        state = upkeep_status(rs, state, s)
    return state


def _upkeep_components_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """Upkeep (scenario-first): the components, once the scenario's effects have resolved."""
    return upkeep_components(rs, state.pop())


def _upkeep_scenario_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """Upkeep (components-first): the scenario's check, once the components' Upkeep has resolved."""
    return upkeep_comet(rs, state.pop())


task("upkeep-components", run=_upkeep_components_run)
task("upkeep-scenario", run=_upkeep_scenario_run)
task("upkeep", run=_upkeep_run)


@implements("secrets.tomb-phase.upkeep-flip-action-tokens", "secrets.turn.refresh", "secrets.ambiguity.refresh-timing")
def _refresh_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """All Adventurers flip their Action tokens to the green ready side."""
    state = state.pop()
    for i, s in enumerate(state.seats):
        state = state.with_seat(i, tokens=s.action_tokens)
        if read(rs.options, "refresh_timing") == "at-end":
            state = refresh_cards(state, i)
    return state


task("refresh", run=_refresh_run)


@implements("secrets.tomb-phase.rotate-search-tokens", "secrets.reference.tomb-step-6-search-token",
            "secrets.tomb-phase.example-6-search-token")
def _search_tokens_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """6. Rotate every Search token by the prompted number of steps."""
    state = state.pop()
    c = card(rs, state)
    steps = c.search if c is not None else 0
    from .adventurer_phase import compute_search_turn
    for i, s in enumerate(state.seats):
        state = state.with_seat(i, search=compute_search_turn(s.search, steps))
    return state


task("search-tokens", run=_search_tokens_run)


@implements("secrets.tomb-phase.comet-track-moves", "secrets.reference.tomb-step-7-comet-end-game",
            "secrets.tomb-phase.example-7-comet-and-marker")
def _comet_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """7. The Tomb card moves the Comet track (+1, +2, -1 or 0)."""
    state = state.pop()
    c = card(rs, state)
    return move_comet(rs, state, c.comet if c is not None else 0, "secrets.tomb-phase.comet-track-moves")


task("comet", run=_comet_run)


@implements("secrets.turn.pass-first-player-marker", "secrets.turn.new-round", "secrets.tomb-phase.scenario-win-loss",
            "secrets.ambiguity.first-player-marker-skips", "secrets.ambiguity.loss-check-and-pool",
            "secrets.ambiguity.replacement-timing")
def _end_round_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """Check for End Game; the First Player/Comet Track marker passes clockwise; a new round begins with
    the new first player."""
    state = check_end(rs, state.pop(), "end-of-round")
    if state.phase == "over":
        return state
    n = len(state.seats)
    nxt = (state.first + 1) % n
    if read(rs.options, "marker_pass") == "skip-out-seats":
        for k in range(1, n + 1):
            cand = (state.first + k) % n
            if not state.seats[cand].out:
                nxt = cand
                break
    state = evolve(state, first=nxt, round=state.round + 1, effects=expire(state.effects, ROUND), tomb_card="")
    if read(rs.options, "refresh_timing") == "at-end":
        state = state.push(Task("refresh", rule="secrets.turn.refresh"))
    recruits = [e.player for e in named(state.effects, "recruit")]
    if recruits:
        state = evolve(state, effects=tuple(e for e in state.effects if e.name != "recruit"))
        state = state.push(*(Task("recruit", s, rule="secrets.adventurers.choose-new-adventurer") for s in recruits))
    return evolve(state, phase="adventurer", current=nxt).push(Task("round-start"))


task("end-round", run=_end_round_run)


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from ..board import tomb_of  # noqa: E402
from .items import deck_draw, refill, refresh_cards, upkeep_cards  # noqa: E402
from .scenarios import boss_moved, check_end, move_comet, upkeep_comet  # noqa: E402
from .status import upkeep_status  # noqa: E402
