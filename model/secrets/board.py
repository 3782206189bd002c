"""The Tomb as a networkx graph on three levels, built as Room tiles are placed, and the movement
views over it.

Each level is a grid of square spaces; a placed Room tile covers one space, turned a number of quarter
turns.  The graph's nodes are the placed rooms; an edge ``u -> v`` carries the *kinds* of link that
join them:

============  ===========================================================================================
kind          link
============  ===========================================================================================
``door``      adjacent spaces of one level whose tiles both show the comet icon on the facing sides
              (``secrets.adventurer-phase.door-both-sides``; a door on one side only is a wall)
``stairs``    the stairs of a starting tile to the tile they lead to (Quetzalcoatl's Descent and
              Pharaoh's Hall: ``secrets.tomb.stairs-levels-1-2``)
``adjacent``  a tile's "Adjacent to ..." text, once both tiles are placed (one-way for the Stairs of
              Blood: ``secrets.rooms.stairs-of-blood-one-way``)
``rope``      a Rope token's room and the Mongol's Hall (``secrets.rooms.rope-adjacency``)
``unroped``   the Pitfall and the Mineshaft to the Mongol's Hall before a rope is placed: only for
              bosses, who never need a Rope (``secrets.creatures.boss-no-rope``)
``boss``      the Mongol's Hall and Pharaoh's Hall, as adjacent for boss creatures
============  ===========================================================================================

A mover sees the graph through a *view* (an edge filter, never a copy): adventurers (doors, stairs,
adjacency, ropes), creatures (no ropes; to and from Level 3 as ``secrets.ambiguity.level-3-creature-
movement`` reads), flying creatures (ropes too), bosses (every link), and the fleeing adventurer's
shortest path to the Tomb's Entrance is taken in the adventurers' view.  Graphs are cached by layout.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import cached_property, lru_cache
from typing import Any

import networkx as nx

from ..errors import Unspecified
from ..traceability import implements
from .components import SIDES, Components, RoomTile
from .state import ENTRANCE, MONGOLS_HALL, Room

#: a side's step on the grid: N is up (y - 1)
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
PHARAOHS_HALL = "Pharaoh's Hall"

ADVENTURER_KINDS = frozenset({"door", "stairs", "adjacent", "rope"})
CREATURE_KINDS = frozenset({"door", "stairs", "adjacent"})
FLYING_KINDS = frozenset({"door", "stairs", "adjacent", "rope"})
BOSS_KINDS = frozenset({"door", "stairs", "adjacent", "rope", "unroped", "boss"})
DOOR_KINDS = frozenset({"door"})
MOVERS = ("adventurer", "creature", "flying", "boss", "door")


def rotated(doors: Iterable[str], rotation: int) -> frozenset[str]:
    """The sides that show a door once the tile is turned ``rotation`` quarter turns clockwise."""
    if type(doors) is tuple:          # a tile's doors: remembered
        return _rotated(doors, rotation)
    return frozenset(SIDES[(SIDES.index(s) + rotation) % 4] for s in doors)


@lru_cache(maxsize=4096)
def _rotated(doors: tuple[str, ...], rotation: int) -> frozenset[str]:
    return frozenset(SIDES[(SIDES.index(s) + rotation) % 4] for s in doors)


@implements("secrets.rooms.stairs-of-blood-one-way", "secrets.rooms.stairs-of-blood-adjacent",
            "secrets.ambiguity.rooms-stairs-of-blood-level-3", "secrets.rooms.adjacent-to-move")
def is_one_way(tile: RoomTile, reading: str | None) -> bool:
    """An "Adjacent to ..." link that only leads from this tile (the Stairs of Blood up to the
    Sacrificial Chamber, not in reverse; both ways with the reading both-ways)."""
    if not tile.one_way:
        return False
    return need(reading, "secrets.ambiguity.rooms-stairs-of-blood-level-3") == "one-way-up"


def neighbour(x: int, y: int, side: str) -> tuple[int, int]:
    dx, dy = STEP[side]
    return x + dx, y + dy


def layout_key(rooms: tuple[Room, ...]) -> tuple[tuple[str, int, int, int, int, bool], ...]:
    """What the graph depends on: every placed tile, where, how turned, and its Rope token."""
    return tuple((r.name, r.level, r.x, r.y, r.rotation, r.rope) for r in rooms)


class Tomb:
    """The graph of one layout of the Tomb (build it with :func:`tomb_of`: it is cached)."""

    def __init__(self, components: Components, key: tuple[tuple[str, int, int, int, int, bool], ...],
                 readings: tuple[str, str, str, str, str]):
        self.components = components
        self.key = key
        self._succ: dict[tuple[str, str], tuple[str, ...]] = {}
        self._dist: dict[tuple[str, str, bool], dict[str, int]] = {}
        self._doors: dict[str, frozenset[str]] = {}
        self._open: dict[int | None, tuple[tuple[str, str, int, int], ...]] = {}
        self.readings = readings
        one_way, adjacency_creatures, level_3, network, boss_link = readings
        self.where = {name: (level, x, y) for name, level, x, y, _, _ in key}
        self.rotation = {name: rot for name, _, _, _, rot, _ in key}
        self.roped = tuple(name for name, *_, rope in key if rope)
        self.at = {(level, x, y): name for name, level, x, y, _, _ in key}
        links: dict[tuple[str, str], frozenset[str]] = {}     # (from, to) -> the link's kinds, in order

        def link(u: str, v: str, kind: str, both: bool = True) -> None:
            for a, b in ((u, v), (v, u)) if both else ((u, v),):
                links[a, b] = links.get((a, b), frozenset()) | {kind}

        at, doors = self.at, self.doors
        for name, level, x, y, rot, _ in key:
            for side in doors(name):
                dx, dy = STEP[side]           # (neighbour(x, y, side), written out)
                other = at.get((level, x + dx, y + dy))
                if other is not None and OPPOSITE[side] in doors(other):
                    # link(name, other, "door", both=False): the pair's first link (the doors are linked
                    # first, and each side of a tile faces its own space)
                    links[name, other] = DOOR_KINDS
        for name in self.where:
            tile = components.rooms[name]
            if tile.stairs and tile.stairs in self.where:
                link(name, tile.stairs, "stairs")
            if tile.adjacent_to and tile.adjacent_to in self.where:
                link(name, tile.adjacent_to, "adjacent", both=not is_one_way(tile, one_way))
        if MONGOLS_HALL in self.where:
            ropes = [n for n in self.roped if n != MONGOLS_HALL]
            for name in ropes:
                link(name, MONGOLS_HALL, "rope")
            if len(ropes) > 1 and need(network, "secrets.ambiguity.rooms-rope-network") == "all-roped-rooms":
                for i, a in enumerate(ropes):
                    for b in ropes[i + 1:]:
                        link(a, b, "rope")
            for name in self.where:
                if components.rooms[name].special in ("pitfall", "mineshaft") and name not in ropes:
                    link(name, MONGOLS_HALL, "unroped")
            if PHARAOHS_HALL in self.where:
                link(MONGOLS_HALL, PHARAOHS_HALL, "boss",
                     both=need(boss_link, "secrets.ambiguity.creatures-boss-hall-link") != "one-way")
        self._kinds = links

    @cached_property
    def graph(self) -> Any:
        """The Tomb as a networkx graph: the placed tiles (their level and space), the links with their
        kinds (built when first asked: the movers' steps read the links themselves)."""
        g = nx.DiGraph()
        for name, level, x, y, _, _ in self.key:
            g.add_node(name, level=level, x=x, y=y)
        for (u, v), kinds in self._kinds.items():
            g.add_edge(u, v, kinds=kinds)
        return g

    # The tiles ----------------------------------------------------------------------------------

    def tile(self, name: str) -> RoomTile:
        return self.components.rooms[name]

    def doors(self, name: str) -> frozenset[str]:
        """The sides of a placed tile that show a door (cached per Tomb)."""
        out = self._doors.get(name)
        if out is None:
            out = self._doors[name] = rotated(self.tile(name).doors, self.rotation[name])
        return out

    def level(self, name: str) -> int:
        return self.where[name][0]

    def open_doors(self, level: int | None = None) -> tuple[tuple[str, str, int, int], ...]:
        """Doors leading to vacant spaces: (room, side, x, y of the vacant space), in layout order (cached
        per Tomb)."""
        out = self._open.get(level)
        if out is None:
            out = self._open[level] = tuple(self._open_doors(level))
        return out

    def _open_doors(self, level: int | None) -> list[tuple[str, str, int, int]]:
        out = []
        for name, lv, x, y, _, _ in self.key:
            if level is not None and lv != level:
                continue
            for side in SIDES:
                if side in self.doors(name):
                    nx_, ny = neighbour(x, y, side)
                    if (lv, nx_, ny) not in self.at:
                        out.append((name, side, nx_, ny))
        return out

    # Views (edge filters over the one graph) ----------------------------------------------------

    def view(self, kinds: frozenset[str], *, level_3: bool = True) -> Any:
        """The graph as a mover sees it: only edges of ``kinds``; without ``level_3``, no edge to or from
        Level 3 (secrets.ambiguity.level-3-creature-movement=flying-only)."""
        g = self.graph
        kinds_of = self._kinds          # the edges' kinds, read from plain dicts (not the graph's views)
        if level_3:
            return nx.subgraph_view(g, filter_edge=lambda u, v: bool(kinds_of[u, v] & kinds))
        on_3 = {n: lv == 3 for n, (lv, _, _) in self.where.items()}
        return nx.subgraph_view(g, filter_edge=lambda u, v: bool(kinds_of[u, v] & kinds) and on_3[u] == on_3[v])

    @cached_property
    def adventurer_view(self) -> Any:
        return self.view(ADVENTURER_KINDS)

    @cached_property
    def creature_view(self) -> Any:
        kinds, level_3 = self._creature_filter
        return self.view(kinds, level_3=level_3)

    @cached_property
    def _creature_filter(self) -> tuple[frozenset[str], bool]:
        """The creatures' edge kinds, and whether they use the edges to and from Level 3: the readings a
        layout leaves open (``Unspecified`` where one is unset and the layout needs it)."""
        _, adjacency, level_3, _, _ = self.readings
        if any("adjacent" in kinds for kinds in self._kinds.values()):
            adjacency = need(adjacency, "secrets.ambiguity.rooms-adjacency-text-creatures")
        levels = {level for level, _, _ in self.where.values()}
        if 3 in levels and len(levels) > 1:
            level_3 = need(level_3, "secrets.ambiguity.level-3-creature-movement")
        kinds = CREATURE_KINDS if adjacency == "creatures-too" else CREATURE_KINDS - {"adjacent"}
        return kinds, level_3 != "flying-only"

    def _filter(self, mover: str) -> tuple[frozenset[str], bool]:
        """The edge kinds ``mover`` uses, and whether it uses the edges to and from Level 3 (its view's
        filter).  The creatures' filter is found first whatever the mover (as :meth:`mover_view`)."""
        if mover not in MOVERS:
            raise KeyError(mover)
        creature = self._creature_filter
        if mover == "creature":
            return creature
        return {"adventurer": ADVENTURER_KINDS, "flying": FLYING_KINDS, "boss": BOSS_KINDS,
                "door": DOOR_KINDS}[mover], True

    @cached_property
    def _out(self) -> dict[str, tuple[tuple[str, frozenset[str]], ...]]:
        """Each room's outgoing links and their kinds (plain dicts, read by :meth:`successors`)."""
        out: dict[str, list[tuple[str, frozenset[str]]]] = {}
        for (u, v), kinds in self._kinds.items():
            out.setdefault(u, []).append((v, kinds))
        return {u: tuple(links) for u, links in out.items()}

    @cached_property
    def flying_view(self) -> Any:
        return self.view(FLYING_KINDS)

    @cached_property
    def boss_view(self) -> Any:
        return self.view(BOSS_KINDS)

    @cached_property
    def door_view(self) -> Any:
        return self.view(DOOR_KINDS)

    def mover_view(self, mover: str) -> Any:
        """The view of ``mover`` (adventurer, creature, flying, boss or door), built when first asked.  The
        creatures' view is built first whatever the mover: it needs the readings a layout leaves open
        (``Unspecified`` where one is unset), and any move on such a layout asks for them."""
        if mover not in MOVERS:
            raise KeyError(mover)
        self._creature_filter  # noqa: B018 (found for the readings it checks)
        return getattr(self, f"{mover}_view")

    @cached_property
    def _order(self) -> dict[str, int]:
        return {n: i for i, n in enumerate(self.where)}

    def successors(self, mover: str, room: str) -> tuple[str, ...]:
        """The rooms one step away for ``mover``, in layout order (cached per Tomb)."""
        key = (mover, room)
        out = self._succ.get(key)
        if out is None:       # as the mover's view (``mover_view``) has them, read from plain dicts
            kinds, level_3 = self._filter(mover)
            if room in self.where:
                level = self.where[room][0]
                out = tuple(sorted((v for v, k in self._out.get(room, ()) if k & kinds and
                                    (level_3 or (level == 3) == (self.where[v][0] == 3))),
                                   key=self._order.__getitem__))
            else:
                out = ()
            self._succ[key] = out
        return out

    def distances(self, mover: str, source: str) -> dict[str, int]:
        """Shortest-path lengths (in rooms) from ``source`` for ``mover``."""
        cached = self._dist.get((mover, source, True))
        if cached is not None:
            return cached
        dist = {source: 0}
        todo = deque([source])
        while todo:
            u = todo.popleft()
            for v in self.successors(mover, u):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    todo.append(v)
        self._dist[(mover, source, True)] = dist
        return dist

    def distances_to(self, mover: str, target: str) -> dict[str, int]:
        """Shortest-path lengths (in rooms) from every room to ``target`` for ``mover``."""
        cached = self._dist.get((mover, target, False))
        if cached is not None:
            return cached
        dist = {target: 0}
        todo = deque([target])
        reverse: dict[str, list[str]] = {}
        for u in self.where:
            for v in self.successors(mover, u):
                reverse.setdefault(v, []).append(u)
        while todo:
            v = todo.popleft()
            for u in reverse.get(v, ()):
                if u not in dist:
                    dist[u] = dist[v] + 1
                    todo.append(u)
        self._dist[(mover, target, False)] = dist
        return dist

    @implements("secrets.adventurers.flee-first-move")
    def toward_entrance(self, room: str) -> tuple[str, ...]:
        """The rooms one step nearer the Tomb's Entrance on a shortest path (the fleeing adventurer's
        choices when two paths are equidistant)."""
        to = self.distances_to("adventurer", ENTRANCE)
        if room not in to:
            return ()
        return tuple(v for v in self.successors("adventurer", room) if to.get(v, 10 ** 6) == to[room] - 1)

    def route_ends(self, mover: str, start: str, goal: str, movement: int) -> tuple[str, ...]:
        """Where a creature with ``movement`` can end, moving along a shortest route from ``start``
        toward ``goal`` (it stops on reaching ``goal``)."""
        dist_to = self.distances_to(mover, goal)
        if start not in dist_to:
            return ()
        steps = min(movement, dist_to[start])
        frontier = {start}
        for _ in range(steps):
            frontier = {v for u in frontier for v in self.successors(mover, u)
                        if dist_to.get(v, 10 ** 6) == dist_to[u] - 1}
        return tuple(sorted(frontier, key=self._order.__getitem__))

    # Placing tiles --------------------------------------------------------------------------------

    def placements(self, tile: RoomTile, level: int, x: int, y: int, entry: str | None) -> list[int]:
        """Rotations placing ``tile`` on the vacant space (level, x, y) with a door on side ``entry``
        (the side facing the door walked through); ``entry`` None: any door facing an open door."""
        out = []
        for rot in range(4):
            doors = rotated(tile.doors, rot)
            if entry is not None:
                if entry in doors:
                    out.append(rot)
                continue
            for side in doors:
                other = self.at.get((level, *neighbour(x, y, side)))
                if other is not None and OPPOSITE[side] in self.doors(other):
                    out.append(rot)
                    break
        return out

    def seals(self, tile: RoomTile, level: int, x: int, y: int, rotation: int) -> bool:
        """Placing ``tile`` here would leave no door of the level leading to a vacant space
        (secrets.explore.no-sealed-level, reading no-open-door)."""
        doors = rotated(tile.doors, rotation)
        for side in doors:
            nx_, ny = neighbour(x, y, side)
            if (level, nx_, ny) not in self.at:
                return False
        for name, side, vx, vy in self.open_doors(level):
            if (vx, vy) != (x, y):
                return False
        return True


@lru_cache(maxsize=256)
def _tomb(components: Components, key: tuple[Any, ...], readings: tuple[str, str, str, str, str]) -> Tomb:
    return Tomb(components, key, readings)


def tomb_of(rs: Any, rooms: tuple[Room, ...]) -> Tomb:
    """The (cached) graph of the Tomb laid out as ``rooms``, for the ruleset's readings; remembered on the
    ruleset for the last ``rooms`` asked (by identity: a step asks it of the same rooms several times)."""
    last = getattr(rs, "last_tomb", None)
    if last is not None and last[0] is rooms:
        return last[1]
    o = rs.options
    readings = (o.stairs_of_blood, o.adjacency_creatures, o.level_3_creatures, o.rope_network, o.boss_link)
    tomb = _tomb(rs.components, layout_key(rooms), readings)
    if hasattr(rs, "last_tomb"):
        rs.last_tomb = (rooms, tomb)
    return tomb


def need(value: str | None, ambiguity: str) -> str:
    """A reading the situation needs: :class:`~tombspec.model.errors.Unspecified` when the options leave it unset."""
    if value is None:
        raise Unspecified(ambiguity, "the rulebook does not settle this and the option is unset")
    return value


def to_dot(tomb: Tomb) -> str:
    """The graph in Graphviz form (levels as clusters): for documentation and debugging."""
    lines = ["digraph tomb {"]
    for level in (1, 2, 3):
        names = [n for n, (lv, _, _) in tomb.where.items() if lv == level]
        if names:
            lines.append(f'  subgraph cluster_{level} {{ label="Level {level}"; ' +
                         " ".join(f'"{n}";' for n in names) + " }")
    for u, v, data in tomb.graph.edges(data=True):
        lines.append(f'  "{u}" -> "{v}" [label="{",".join(sorted(data["kinds"]))}"];')
    lines.append("}")
    return "\n".join(lines)
