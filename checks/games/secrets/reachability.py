"""Secrets of the Lost Tomb: reachability over the Tomb as the model lays it out.

The Tomb is built as Room tiles are placed, so the questions are asked of the layouts the model
actually reaches: the start layout of every scenario of every shipped component set (and of a set a
user gives), and the final layouts of a few seeded games of each set played through
:func:`tombspec.model.play.playout`.  For each layout:

* **where creatures spawn** (the model's own :func:`~tombspec.model.secrets.rules.tomb_phase.spawn_rooms`,
  asked of the layout without adventurers or creatures: the red-outlined rooms of each level; the
  starting tiles of levels without one under the ``spawn_on_starting_tile`` variant) and which levels a
  walking creature and a flying creature reach from there ("Creatures cannot use ropes ..., so they
  cannot move to or from Level 3 unless they have the Flying ability"), in the model's ``creature`` and
  ``flying`` views;
* **the fleeing route**: the shortest flight from every room to the Tomb's Entrance, followed through the
  model's own :meth:`~tombspec.model.secrets.board.Tomb.toward_entrance` (the fleeing adventurer's
  step), and the rooms with none (``secrets.ambiguity.flee-no-path``);
* **what each rope opens**: for every Rope token placed, and for every room where the model would let an
  adventurer with a Rope place one (:func:`~tombspec.model.secrets.rules.rooms.place_rope`, asked of a
  probe adventurer), the rooms that become reachable only through it: for adventurers from the Tomb's
  Entrance, for flying creatures from the spawn rooms, and the rooms whose only flight to the Entrance
  it gives.

Every graph is the model's (:func:`~tombspec.model.secrets.board.tomb_of`, one networkx graph, a view
per kind of mover); nothing here restates a movement rule.  Movement by an action rather than a step
(the Mineshaft's climb, the Arc Portal's teleport, a fall through a Door to Nowhere) is not in the views,
so not in these reports.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import attrs
from tombspec.model.errors import InvalidInput, TombspecError, Unspecified

#: seeded games per shipped component set whose final layouts are reported
GAMES_PER_SET = 3
MAX_STEPS = 20_000
RULES = ("secrets.tomb.three-levels", "secrets.tomb-phase.creatures-no-ropes", "secrets.adventurers.flee-first-move",
         "secrets.rooms.rope-adjacency")


# --------------------------------------------------------------------------------------------------
# One layout


def _names(rooms: Iterable[str], order: dict[str, int]) -> list[str]:
    return sorted(rooms, key=lambda r: order.get(r, len(order)))


def _variant(rs: Any) -> Any:
    """The same ruleset with the spawn-on-starting-tile variant on (where spawns go without red rooms)."""
    from tombspec.model.secrets import Secrets

    return Secrets(options=attrs.evolve(rs.options, spawn_on_starting_tile=True), board=rs.components)


def _empty(state: Any) -> Any:
    """The layout alone: no adventurer and no creature in the Tomb (spawn rooms do not depend on who is
    where, then)."""
    return attrs.evolve(state, creatures=(), seats=tuple(attrs.evolve(s, adventurer=None) for s in state.seats))


def spawn_rooms(rs: Any, state: Any) -> dict[int, list[str]]:
    """Where the model spawns creatures on each level of this layout (an empty Tomb: every candidate)."""
    from tombspec.model.secrets.rules.tomb_phase import spawn_rooms as model_spawn_rooms

    probe = _empty(state)
    return {level: list(model_spawn_rooms(rs, probe, level)) for level in (1, 2, 3)}


def _reach(tomb: Any, mover: str, sources: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for s in sources:
        if s in tomb.where:
            out |= set(tomb.distances(mover, s))
    return out


def _levels(tomb: Any, rooms: Iterable[str]) -> list[int]:
    return sorted({tomb.level(r) for r in rooms})


def creature_reach(tomb: Any, spawns: dict[int, list[str]]) -> dict[str, Any]:
    """The levels walking and flying creatures reach from each level's spawn rooms (None: the reading the
    view needs is unset)."""
    out: dict[str, Any] = {}
    for mover, key in (("creature", "walking"), ("flying", "flying")):
        try:
            by_level = {level: _levels(tomb, _reach(tomb, mover, rooms)) for level, rooms in spawns.items() if rooms}
            rooms = _reach(tomb, mover, [r for rs_ in spawns.values() for r in rs_])
            out[key] = {"levels": _levels(tomb, rooms), "by_spawn_level": by_level, "rooms": len(rooms)}
        except Unspecified as exc:
            out[key] = {"levels": None, "unspecified": exc.ambiguity_id}
    return out


def flee_routes(tomb: Any) -> dict[str, Any]:
    """The shortest flight from every room to the Tomb's Entrance, step by step as a fleeing adventurer
    takes it (the first of equidistant choices), and the rooms with none."""
    from tombspec.model.secrets.state import ENTRANCE

    order = {r: i for i, r in enumerate(tomb.where)}
    distance = tomb.distances_to("adventurer", ENTRANCE) if ENTRANCE in tomb.where else {}
    routes: dict[str, list[str]] = {}
    for room in tomb.where:
        if room not in distance:
            continue
        path = [room]
        while path[-1] != ENTRANCE:
            step = tomb.toward_entrance(path[-1])
            if not step or len(path) > len(tomb.where):
                break
            path.append(step[0])
        routes[room] = path
    none = _names((r for r in tomb.where if r not in distance), order)
    far = max(distance.items(), key=lambda kv: (kv[1], -order[kv[0]]), default=(None, None))
    return {"distance": {r: distance[r] for r in _names(distance, order)}, "route": routes, "none": none,
            "longest": {"room": far[0], "rooms": far[1]}}


def _probe_rope(rs: Any, state: Any, room: str) -> Any:
    """The layout after an adventurer holding a Rope token places it on ``room``, or None where the model
    does not allow it (not a Rope Room, not Level 2, a rope already there, no Mongol's Hall ...)."""
    from tombspec.model.secrets.rules.rooms import can_place_rope, place_rope
    from tombspec.model.secrets.state import Adventurer

    if not state.seats:
        return None
    probe = Adventurer("probe", room, health=1, start_health=1, audacity=0, courage=0, start_courage=0, ropes=1)
    s = attrs.evolve(state.with_seat(0, adventurer=probe), ropes=max(state.ropes, 2))
    if can_place_rope(rs, s, 0) is not None:
        return None
    return place_rope(rs, s, 0, "secrets.rooms.place-rope").rooms


def _opened(without: Any, with_rope: Any, mover: str, sources: Iterable[str]) -> set[str]:
    """The rooms some source reaches with the rope and not without it."""
    out: set[str] = set()
    for s in sources:
        out |= _reach(with_rope, mover, [s]) - _reach(without, mover, [s])
    return out


def rope_openings(rs: Any, state: Any, spawns: dict[int, list[str]]) -> list[dict[str, Any]]:
    """For every Rope token placed and every room a rope could be placed on: the rooms reachable only
    through it (adventurers from the Entrance; creatures from a spawn room, each spawn room on its own)
    and the rooms whose only flight to the Entrance it gives."""
    from tombspec.model.secrets.board import tomb_of
    from tombspec.model.secrets.state import ENTRANCE, MONGOLS_HALL

    rooms = state.rooms
    order = {r.name: i for i, r in enumerate(rooms)}
    spawn_list = [r for rs_ in spawns.values() for r in rs_]
    out = []
    for r in rooms:
        if r.name == MONGOLS_HALL:
            continue
        if r.rope:
            placed, with_rope = True, rooms
            without = tuple(attrs.evolve(x, rope=False) if x.name == r.name else x for x in rooms)
        else:
            with_rope = _probe_rope(rs, state, r.name)
            if with_rope is None:
                continue
            placed, without = False, rooms
        a, b = tomb_of(rs, without), tomb_of(rs, with_rope)
        opens = _opened(a, b, "adventurer", [ENTRANCE])
        flying = _opened(a, b, "flying", spawn_list)
        walking: set[str] = set()
        try:
            walking = _opened(a, b, "creature", spawn_list)
        except Unspecified:
            pass
        flee = set(b.distances_to("adventurer", ENTRANCE)) - set(a.distances_to("adventurer", ENTRANCE))
        out.append({"room": r.name, "placed": placed, "opens_for_adventurers": _names(opens, order),
                    "opens_for_flying_creatures": _names(flying, order),
                    "opens_for_walking_creatures": _names(walking, order),
                    "flying_creatures_with_it": creature_reach(b, spawns)["flying"],
                    "flight_only_through_it": _names(flee, order)})
    return out


def layout_report(rs: Any, state: Any, board: str) -> dict[str, Any]:
    """The reachability figures of the Tomb laid out as ``state.rooms`` (``board``: the report's label)."""
    from tombspec.model.secrets.board import tomb_of
    from tombspec.model.secrets.state import ENTRANCE

    tomb = tomb_of(rs, state.rooms)
    o = rs.options
    spawns = spawn_rooms(rs, state)
    variant = {lv: rooms for lv, rooms in spawn_rooms(_variant(rs), state).items() if not spawns[lv]} \
        if not o.spawn_on_starting_tile else {}
    creatures = creature_reach(tomb, spawns)
    variant_creatures = creature_reach(tomb, {**spawns, **variant}) if any(variant.values()) else None
    flee = flee_routes(tomb)
    ropes = rope_openings(rs, state, spawns)
    adventurers = _reach(tomb, "adventurer", [ENTRANCE])
    by_level = {lv: sum(1 for r in state.rooms if r.level == lv) for lv in (1, 2, 3)}
    report = {
        "game": "secrets", "board": board, "rules": list(RULES),
        "rooms": len(state.rooms), "rooms_by_level": by_level,
        "readings": {"level_3_creatures": o.level_3_creatures, "adjacency_creatures": o.adjacency_creatures,
                     "stairs_of_blood": o.stairs_of_blood, "rope_network": o.rope_network,
                     "rope_placement": o.rope_placement},
        "spawn_rooms": spawns,
        "variant_spawn_rooms": variant,
        "walking_creatures": creatures["walking"],
        "flying_creatures": creatures["flying"],
        "with_variant_spawns": variant_creatures,
        "adventurers_from_entrance": {"levels": _levels(tomb, adventurers), "rooms": len(adventurers),
                                      "unreached": _names((r for r in tomb.where if r not in adventurers),
                                                          {r: i for i, r in enumerate(tomb.where)})},
        "flee": flee,
        "ropes": ropes,
    }
    report["summary"] = _summary(report)
    return report


def _levels_text(levels: list[int] | None) -> str:
    if levels is None:
        return "unspecified"
    if not levels:
        return "none"
    if len(levels) > 1 and levels == list(range(levels[0], levels[-1] + 1)):
        return f"levels {levels[0]}-{levels[-1]}"
    return ("level " if len(levels) == 1 else "levels ") + ", ".join(map(str, levels))


def _by_level(reach: dict[str, Any]) -> str:
    if reach.get("levels") is None:
        return f"unspecified ({reach.get('unspecified')})"
    return ", ".join(f"from L{lv} {_levels_text(levels)}" for lv, levels in reach["by_spawn_level"].items())


def _summary(r: dict[str, Any]) -> str:
    lv = r["rooms_by_level"]
    parts = [f"{r['rooms']} rooms (L1 {lv[1]}, L2 {lv[2]}, L3 {lv[3]})"]
    spawns = {k: v for k, v in r["spawn_rooms"].items() if v}
    if spawns:
        parts.append("spawn rooms " + ", ".join(f"L{k} {len(v)}" for k, v in spawns.items()) +
                     f"; walking creatures reach {_by_level(r['walking_creatures'])}; flying "
                     f"{_by_level(r['flying_creatures'])}")
    elif r["with_variant_spawns"]:
        parts.append(f"no spawn room yet (on the starting tiles with the variant: walking creatures reach "
                     f"{_by_level(r['with_variant_spawns']['walking'])}; flying "
                     f"{_by_level(r['with_variant_spawns']['flying'])})")
    else:
        parts.append("no spawn room")
    f = r["flee"]
    if f["longest"]["room"] is not None:
        parts.append(f"longest flight to the Entrance {f['longest']['rooms']} moves ({f['longest']['room']})")
    parts.append(f"no flight from {', '.join(f['none'])}" if f["none"] else "a flight from every room")
    for rope in r["ropes"]:
        what = rope["opens_for_adventurers"]
        verb = "the rope on" if rope["placed"] else "a rope on"
        parts.append(f"{verb} {rope['room']} {'opens' if rope['placed'] else 'would open'} "
                     + (", ".join(what) if what else "nothing") + " to adventurers"
                     + (f", flying creatures then reach {_by_level(rope['flying_creatures_with_it'])}"
                        if rope["opens_for_flying_creatures"] and spawns else "")
                     + (", walking ones no further" if not rope["opens_for_walking_creatures"] else
                        f", {len(rope['opens_for_walking_creatures'])} room(s) to walking creatures"))
    return "; ".join(parts)


# --------------------------------------------------------------------------------------------------
# The layouts the model reaches


def start_layouts(rs_factory: Any, components: Any) -> list[tuple[str, Any, Any]]:
    """(label, ruleset, initial state) for every scenario of ``components``."""
    out = []
    for name in components.scenarios:
        rs = rs_factory(name)
        out.append((f"start ({name})", rs, rs.initial_state()))
    return out


def explored_layouts(rs: Any, games: int = GAMES_PER_SET, max_steps: int = MAX_STEPS,
                     seed: str = "reachability") -> list[tuple[str, Any]]:
    """(label, final state) of ``games`` seeded games played through ``playout`` (uniform policy)."""
    from tombspec.model.play import playout

    out = []
    for i in range(games):
        last = rs.initial_state()
        try:
            for _, _, after in playout(rs, random.Random(f"{seed}:{i}"), max_steps=max_steps, state=last):
                last = after
        except TombspecError:   # a game the model cannot finish: its layout so far (explore reports why)
            pass
        out.append((f"seed {i} (round {last.round}, {last.outcome or 'unfinished'})", last))
    return out


def set_reports(components: Any, name: str, games: int = GAMES_PER_SET) -> list[dict[str, Any]]:
    """The reports of one component set: each scenario's start layout, then ``games`` explored games."""
    from tombspec.model.secrets import Secrets

    def factory(scenario: str) -> Any:
        return Secrets(options={"scenario": scenario}, board=components)

    out = [layout_report(rs, state, f"{name} {label}") for label, rs, state in start_layouts(factory, components)]
    rs = Secrets(board=components)
    out += [layout_report(rs, state, f"{name} {label}") for label, state in explored_layouts(rs, games)]
    return out


@cache
def _shipped(games: int) -> tuple[dict[str, Any], ...]:
    from tombspec.model.secrets.components import load_components, shipped_sets

    return tuple(r for name, path in shipped_sets().items() for r in set_reports(load_components(path), name, games))


def reports(board_file: Path | None = None) -> list[dict[str, Any]]:
    """The reports of every shipped component set, and of ``board_file`` when it is a Secrets set."""
    from tombspec.model.secrets.components import load_components

    out = [dict(r) for r in _shipped(GAMES_PER_SET)]
    if board_file is not None:
        try:
            components = load_components(board_file)
        except InvalidInput:   # a board of another game: not a Secrets component set
            return out
        out += set_reports(components, str(board_file))
    return out
