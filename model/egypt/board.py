"""The tomb of Monsters of Egypt as one networkx graph, built from data, and the movement views over it.

The rulebook does not print the double-sided board, so a board is data: a *set file*
(``docs/egypt-components.md``; the shipped examples are ``spec/egypt/*.toml``) holds one grid per side
of the board (``orange`` for Exploration mode, ``purple`` for Escape mode) and the tokens
(:mod:`tombspec.model.egypt.components`).  A grid is a side view: ``rows[0]`` is the very top floor, the last row the
bottom of the board; each cell is one space, written as marks:

- ``_`` a floor under the space (without one, whatever stands there falls);
- ``=`` a reinforced floor (cannot be destroyed: the three spaces at the very bottom);
- ``#`` a wall (its floor stays when it is destroyed); ``#<`` / ``#>`` an arrow wall firing left / right;
- ``H`` an iron ladder from this space up to the space above; ``V`` a vine (the purple side's ladders);
- ``C`` a cave (every cave neighbours every other);
- ``c`` a chest-icon space; ``?`` a question-mark (hazard) space;
- ``s`` a spike space (spikes on its floor and on its ceiling);
- ``1`` the rolling boulder's space 1; ``2`` its space 2 (orange side);
- ``B`` the Bastet statue; ``A`` the Anubis statue;
- ``Y`` the yellow door; ``K`` the black door;
- ``X`` the exit from the tomb;
- ``.`` an empty space with no floor (when nothing else is marked).

The graph has one node per space and an edge between spaces that touch: ``side`` (left and right:
the neighbours of ``egypt.tomb.neighboring``), ``vertical`` (above and below) and ``cave`` (between every
two caves).  Who may use an edge depends on the terrain of the moment (floors and walls destroyed,
doors opened, ladders placed, the ceiling): each kind of mover is an edge filter over this one graph
(:func:`movement_view`), never a copy.  The terrain predicates (:func:`is_supported`,
:func:`landing`, :func:`can_walk`, ...) are the same ones the rules use.

>>> board = board_from_rows("demo", "orange", ["_1 _H _ _H _ _H _ _2", "_ _c . _ # _? _C _",
...                                            "_C _ _ _ # # # _", "_B _A _ Y =X = = K"])
>>> sorted(board.graph.neighbors("1,1")), board.exit, board.caves
(['0,1', '1,0', '1,2', '2,1'], '4,3', ('6,1', '0,2'))
>>> t = static_terrain(board)
>>> landing(t, "2,1"), can_walk(t, "3,1", "4,1")       # no floor: a fall; a wall: no way through
('2,2', False)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from tombspec.spec.errors import InvalidInput

from ..traceability import implements
from .components import Components, components_from_data
from tombspec.spec.inputs import MAX_BOARD_SPACES, read_toml, set_table_problem

if TYPE_CHECKING:
    import networkx as nx

SIDES = {"orange": "Exploration mode", "purple": "Escape mode"}
MARKS = set("_=#<>HVCcs?12BAYKX.")
DOORS = {"Y": "yellow", "K": "black"}
STATUES = {"B": "bastet", "A": "anubis"}
#: a statue and the door its key opens (egypt.tomb.statues-open-doors, egypt.item.key-statues)
STATUE_DOOR = {"bastet": "yellow", "anubis": "black"}
DOOR_KEY = {"yellow": "key-yellow", "black": "key-black"}
DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


@attrs.frozen
class Space:
    """One space of the side view (egypt.tomb.space): heroes move across these."""

    id: str            # "x,y"
    x: int             # column, 0 at the left edge
    y: int             # floor (row), 0 the very top floor
    floor: bool        # a floor under the space
    reinforced: bool = False
    wall: bool = False
    arrow: str | None = None       # "left" | "right": an arrow wall's direction
    ladder: str | None = None      # "iron" | "vine"
    cave: bool = False
    chest: bool = False
    hazard: bool = False
    spikes: bool = False
    boulder: int | None = None     # 1 or 2
    statue: str | None = None      # "bastet" | "anubis"
    door: str | None = None        # "yellow" | "black"
    exit: bool = False


class Board:
    """One side of the board: its spaces, the graph, and the lookups the rules need."""

    def __init__(self, name: str, side: str, rows: tuple[str, ...], spaces: Mapping[str, Space],
                 source: str = "<board>"):
        self.name = name
        self.side = side
        self.rows = rows
        self.spaces = dict(spaces)
        self.source = source
        self.height = len(rows)
        self.width = len(rows[0].split()) if rows else 0
        self.order = {sid: i for i, sid in enumerate(self.spaces)}
        self.at: dict[tuple[int, int], str] = {(s.x, s.y): s.id for s in self.spaces.values()}
        # the edges of the graph, in the order they are added, and their kinds both ways (the networkx
        # graph itself is built from them when first asked for: :attr:`graph`)
        self.edges: list[tuple[str, str, str]] = []
        self.kinds: dict[tuple[str, str], str] = {}

        def add_edge(u: str, v: str, kind: str) -> None:
            self.edges.append((u, v, kind))
            self.kinds[(u, v)] = self.kinds[(v, u)] = kind

        for sp in self.spaces.values():
            right = self.at.get((sp.x + 1, sp.y))
            if right:
                add_edge(sp.id, right, "side")
            down = self.at.get((sp.x, sp.y + 1))
            if down:
                add_edge(sp.id, down, "vertical")
        self.caves = tuple(s.id for s in self.spaces.values() if s.cave)
        for i, a in enumerate(self.caves):
            for b in self.caves[i + 1:]:
                if (a, b) not in self.kinds:
                    add_edge(a, b, "cave")
        self.step: dict[tuple[str, str], str | None] = {}
        for sp in self.spaces.values():
            for d, (dx, dy) in DIRECTIONS.items():
                self.step[(sp.id, d)] = self.at.get((sp.x + dx, sp.y + dy))
        ladder = "vine" if side == "purple" else "iron"
        self.entries = tuple(s.id for s in self.spaces.values() if s.y == 0 and s.ladder == ladder)
        self.exit = next((s.id for s in self.spaces.values() if s.exit), "")
        self.doors = {s.door: s.id for s in self.spaces.values() if s.door}
        self.statues = {s.statue: s.id for s in self.spaces.values() if s.statue}
        self.statue_at = {space: statue for statue, space in self.statues.items()}
        self.boulder = {s.boulder: s.id for s in self.spaces.values() if s.boulder}
        self.arrows = tuple((s.id, s.arrow) for s in self.spaces.values() if s.arrow)
        self.chest_spaces = tuple(s.id for s in self.spaces.values() if s.chest)
        self.hazard_spaces = tuple(s.id for s in self.spaces.values() if s.hazard)
        self.spike_spaces = tuple(s.id for s in self.spaces.values() if s.spikes)
        self.rows_of: dict[int, tuple[str, ...]] = {}
        for s in self.spaces.values():
            self.rows_of[s.y] = (*self.rows_of.get(s.y, ()), s.id)
        touching: dict[str, set[str]] = {sid: set() for sid in self.spaces}
        for u, v, _ in self.edges:
            touching[u].add(v)
            touching[v].add(u)
        self._neighbours = {s: tuple(sorted(touching[s], key=self.order.__getitem__)) for s in self.spaces}
        # the same facts as plain lookups, for the movement predicates (asked thousands of times a game)
        self.ys = {s.id: s.y for s in self.spaces.values()}
        self.under = {s.id: self.step[(s.id, "down")] for s in self.spaces.values()}
        self.floor_spaces = frozenset(s.id for s in self.spaces.values() if s.floor)
        self.wall_spaces = frozenset(s.id for s in self.spaces.values() if s.wall)
        self.ladder_spaces = frozenset(s.id for s in self.spaces.values() if s.ladder is not None)
        self.door_spaces = tuple((s.id, s.door) for s in self.spaces.values() if s.door)
        #: each space's neighbours in order, each with whether the edge is vertical and goes up
        self.links = {u: tuple((v, self.kinds[(u, v)] == "vertical", self.ys[v] < self.ys[u]) for v in vs)
                      for u, vs in self._neighbours.items()}

    @cached_property
    def graph(self) -> nx.Graph:
        """The board as a networkx graph: a node per space (its fields as attributes), an edge of each
        ``kind`` (side, vertical, cave) between spaces that touch.  Built when first asked for (the
        rules use the plain lookups above; reachability questions use the graph)."""
        import networkx as nx

        graph = nx.Graph()
        for sp in self.spaces.values():
            graph.add_node(sp.id, **attrs.asdict(sp))
        for u, v, kind in self.edges:
            graph.add_edge(u, v, kind=kind)
        return graph

    # Lookups ------------------------------------------------------------------------------------

    def above(self, space: str) -> str | None:
        return self.step[(space, "up")]

    def below(self, space: str) -> str | None:
        return self.step[(space, "down")]

    def left(self, space: str) -> str | None:
        return self.step[(space, "left")]

    def right(self, space: str) -> str | None:
        return self.step[(space, "right")]

    def towards(self, space: str, direction: str) -> str | None:
        return self.step[(space, direction)]

    def neighbours(self, space: str) -> tuple[str, ...]:
        """Every space that touches ``space`` in the graph (left, right, above, below, other caves)."""
        return self._neighbours[space]

    def edge_kind(self, u: str, v: str) -> str:
        return self.kinds[(u, v)]

    def y(self, space: str) -> int:
        return self.ys[space]

    def is_bottom(self, space: str) -> bool:
        return self.ys[space] == self.height - 1

    def line(self, space: str, direction: str) -> list[str]:
        """The spaces from ``space`` (excluded) to the edge of the board in ``direction``."""
        out = []
        here = self.towards(space, direction)
        while here is not None:
            out.append(here)
            here = self.towards(here, direction)
        return out

    def to_data(self) -> dict[str, Any]:
        return {"rows": list(self.rows)}

    def render(self) -> str:
        """The grid as text, one line per floor (the board diagram of the docs)."""
        width = max(len(c) for r in self.rows for c in r.split())
        return "\n".join(" ".join(c.ljust(width) for c in r.split()).rstrip() for r in self.rows)


class BoardSet:
    """A set file: the two sides of the board and the component set."""

    def __init__(self, name: str, note: str, sides: Mapping[str, Board], components: Components,
                 source: str = "<set>", raw: Mapping[str, Any] | None = None):
        self.name = name
        self.note = note
        self.sides = dict(sides)
        self.components = components
        self.source = source
        self.raw = raw

    def side(self, side: str) -> Board:
        if side not in self.sides:
            raise InvalidInput(f"set {self.name!r} has no {side} side ({SIDES[side]} needs one)",
                               source=self.source)
        return self.sides[side]

    def to_data(self) -> dict[str, Any]:
        """The set in the file form (``boardset_from_data`` reads it back)."""
        return {"format": 1, "game": "egypt", "set": {"name": self.name, "note": self.note},
                **{side: b.to_data() for side, b in self.sides.items()}, **self.components.to_data()}


# --------------------------------------------------------------------------------------------------
# The terrain of the moment and the movement predicates (shared by the rules and by reachability)


@attrs.frozen
class Terrain:
    """What the board is like now: destroyed floors and walls, closed doors, placed ladders, the
    ceiling's position (``ceiling``: 0 before it is placed, 1 above the board, 2 at its edge, 3 + f on
    floor f).  :func:`static_terrain` builds one for a fresh board."""

    board: Board
    broken_floors: frozenset[str] = frozenset()
    broken_walls: frozenset[str] = frozenset()
    closed: frozenset[str] = frozenset()      # door colours still closed
    ladders: frozenset[str] = frozenset()     # spaces with a placed ladder token
    ceiling: int = 0
    #: the highest floor that still exists (0 until the ceiling reaches the board), from is_live_row
    first_row: int = attrs.field(default=0, eq=False)
    #: answers already worked out on this terrain (a terrain never changes: a cache, not terrain):
    #: :func:`landing` by (space, hero), and the rules' own (``steps``, ``reach``, ``ends``) by their keys
    landings: dict[tuple[str, bool], str] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    steps: dict[Any, tuple[str, ...]] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    reach: dict[Any, frozenset[str]] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    ends: dict[Any, dict[str, tuple[str, ...]]] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    #: the spaces with a floor, with a standing wall, solid (a standing wall or a closed door), with a
    #: ladder (the board's, or a token): worked out once from the fields above
    floors: frozenset[str] = attrs.field(default=frozenset(), init=False, eq=False, repr=False)
    walls: frozenset[str] = attrs.field(default=frozenset(), init=False, eq=False, repr=False)
    solid: frozenset[str] = attrs.field(default=frozenset(), init=False, eq=False, repr=False)
    climbable: frozenset[str] = attrs.field(default=frozenset(), init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        b = self.board
        rows = [y for y in range(b.height) if is_live_row(y, self.ceiling)]
        object.__setattr__(self, "first_row", rows[0] if rows else b.height)
        walls = b.wall_spaces - self.broken_walls
        object.__setattr__(self, "floors", b.floor_spaces - self.broken_floors)
        object.__setattr__(self, "walls", walls)
        object.__setattr__(self, "solid", walls | {sp for sp, door in b.door_spaces if door in self.closed})
        object.__setattr__(self, "climbable", b.ladder_spaces | self.ladders)

    def floor(self, space: str) -> bool:
        return space in self.floors

    def wall(self, space: str) -> bool:
        return space in self.walls

    def closed_door(self, space: str) -> bool:
        door = self.board.spaces[space].door
        return door is not None and door in self.closed

    def ladder(self, space: str) -> bool:
        """An iron ladder (or vine) of the board, or a ladder token placed there: 'Now you can climb up
        and down this ladder' (egypt.start.ladder-climb); they all work the same way."""
        return space in self.climbable

    def live(self, space: str) -> bool:
        return self.board.ys[space] >= self.first_row


def static_terrain(board: Board, *, open_doors: Iterable[str] = (), ceiling: int = 0) -> Terrain:
    return Terrain(board, closed=frozenset(board.doors) - frozenset(open_doors), ceiling=ceiling)


@implements("egypt.escape.turn.ceiling-edge")
def is_live_row(row: Any, ceiling: Any) -> Any:
    """Floors above the ceiling stop existing, and so does the floor it is on: a row lives while it is
    below ``ceiling`` (0 not placed, 1 above the board, 2 at its edge, 3 + f on floor f).  A numeric
    core: the same function on ints and z3 terms."""
    return row > ceiling - 3


@implements("egypt.tomb.wall-blocks", "egypt.move.no-walls")
def is_solid(t: Terrain, space: str) -> bool:
    """A standing wall, or a closed door: nobody passes or stands there (egypt.ambiguity.door-as-wall)."""
    return space in t.solid


@implements("egypt.tomb.floor-walk", "egypt.tomb.wall-top", "egypt.move.ladder-top",
            "egypt.move.all-ladders-same", "egypt.escape.turn.vines")
def is_supported(t: Terrain, space: str, *, hero: bool = True) -> bool:
    """A hero (or a monster, moving 'by the same rules as a hero') does not fall: a floor underfoot,
    the top of a wall, a ladder held or stood on top of, or the bottom of the board (nowhere to fall).
    A token lying on a space needs a floor or the top of a wall."""
    b = t.board
    if space in t.floors or b.ys[space] == b.height - 1:
        return True
    below = b.under[space]
    if below is not None and below in t.solid:
        return True
    return hero and (space in t.climbable or (below is not None and below in t.climbable))


@implements("egypt.move.fall", "egypt.tomb.floor-walk")
def landing(t: Terrain, space: str, *, hero: bool = True) -> str:
    """Where a hero (or a token) on ``space`` ends: it 'falls down until landing on a floor'
    (remembered per terrain)."""
    key = (space, hero)
    end = t.landings.get(key)
    if end is None:
        b = t.board
        end = space
        while not is_supported(t, end, hero=hero):
            below = b.below(end)
            assert below is not None
            end = below
        t.landings[key] = end
    return end


def fall_path(t: Terrain, space: str, *, hero: bool = True) -> list[str]:
    """The spaces passed in a fall from ``space``, the landing last (empty when nothing falls)."""
    out: list[str] = []
    b = t.board
    while not is_supported(t, space, hero=hero):
        below = b.below(space)
        assert below is not None
        space = below
        out.append(space)
    return out


@implements("egypt.move.neighboring", "egypt.move.cave-to-cave", "egypt.move.ladder", "egypt.move.climb-up",
            "egypt.move.climb-down", "egypt.tomb.cave", "egypt.tomb.neighboring", "egypt.item.jetpack",
            "egypt.start.ladder-climb")
def can_walk(t: Terrain, u: str, v: str, *, fly: bool = False) -> bool:
    """A movement from ``u`` to the touching space ``v`` by the hero rules: left or right; from a cave
    to any other cave; up a ladder standing on ``u``, or down a ladder standing on ``v``.  ``fly`` (the
    jetpack, winged monsters and spiders) also goes up or down wherever no floor lies between."""
    b = t.board
    if not b.ys[v] >= t.first_row or v in t.solid:      # not live, or solid
        return False
    if b.kinds[(u, v)] != "vertical":
        return True
    if b.ys[v] < b.ys[u]:                                # up: through the floor of v
        return u in t.climbable or (fly and v not in t.floors)
    return v in t.climbable or (fly and u not in t.floors)      # down: through the floor of u


@implements("egypt.monster.ghosts-move", "egypt.ambiguity.door-as-wall")
def can_drift(t: Terrain, u: str, v: str, *, through_doors: bool = False) -> bool:
    """A ghost's step: left, right, up or down (or cave to cave), through floors, ceilings and walls;
    through a closed door too only under the reading ``ghost-passes`` of egypt.ambiguity.door-as-wall."""
    return t.live(v) and (through_doors or not t.closed_door(v))


def movement_view(t: Terrain, mover: str = "hero") -> Any:
    """The graph as ``mover`` sees it now: an edge filter over the one board graph.

    ``hero`` (and every monster that moves as a hero), ``fly`` (jetpack, winged monsters, spiders),
    ``ghost``.  The view keeps the edges a mover can take both ways; a move's landing after a fall is
    :func:`landing`, and :func:`hero_moves` is the directed graph of single movements."""
    import networkx as nx

    if mover == "ghost":
        return nx.subgraph_view(t.board.graph, filter_edge=lambda u, v: can_drift(t, u, v) and can_drift(t, v, u))
    fly = mover == "fly"
    return nx.subgraph_view(t.board.graph, filter_edge=lambda u, v: can_walk(t, u, v, fly=fly) and
                            can_walk(t, v, u, fly=fly))


def hero_moves(t: Terrain, *, fly: bool = False, teleport: bool = False) -> nx.DiGraph:
    """Every single movement a hero can make now, ``u -> landing``: the view's edges in both
    directions, each followed by the fall it ends in (and, with ``teleport``, the teleporter's jumps)."""
    import networkx as nx

    g = nx.DiGraph()
    live = [s for s in t.board.spaces if t.live(s) and not is_solid(t, s)]
    g.add_nodes_from(live)
    for u in live:
        for v in t.board.neighbours(u):
            if can_walk(t, u, v, fly=fly):
                g.add_edge(u, landing(t, v))
        if teleport:
            for v in teleport_targets(t, u):
                g.add_edge(u, landing(t, v))
    return g


@implements("egypt.item.teleporter", "egypt.item.teleporter-limits")
def teleport_targets(t: Terrain, space: str, *, two_steps: bool = False) -> list[str]:
    """The teleporter: exactly 2 spaces in a straight line left, right, up or down, through floors,
    ceilings and walls, but not through the doors or a reinforced floor, not stopping inside a wall,
    not off the board (or, reading ``two-steps``, two single steps each in any direction)."""
    b = t.board
    out: list[str] = []

    def passes(u: str, v: str) -> bool:
        if t.closed_door(v) or not t.live(v):
            return False
        su, sv = b.spaces[u], b.spaces[v]
        if su.x == sv.x:   # vertical: crosses the floor of the upper one
            upper = u if su.y < sv.y else v
            if b.spaces[upper].reinforced:
                return False
        return True

    if not two_steps:
        for d in DIRECTIONS:
            mid = b.towards(space, d)
            end = b.towards(mid, d) if mid else None
            if end and passes(space, mid) and passes(mid, end) and not is_solid(t, end):
                out.append(end)
        return out
    for d1 in DIRECTIONS:
        mid = b.towards(space, d1)
        if not mid or not passes(space, mid):
            continue
        for d2 in DIRECTIONS:
            end = b.towards(mid, d2)
            if end and end != space and passes(mid, end) and not is_solid(t, end) and end not in out:
                out.append(end)
    return sorted(out, key=b.order.__getitem__)


# --------------------------------------------------------------------------------------------------
# Loading


_CELL = re.compile(r"^[_=#<>HVCcs?12BAYKX.]+$")


def _space(x: int, y: int, cell: str, side: str, fail: Callable[[str], InvalidInput]) -> Space:
    if not _CELL.match(cell) or len(set(cell)) != len(cell):
        raise fail(f"cell {cell!r} at column {x}, floor {y}: use each of the marks {''.join(sorted(MARKS))} "
                   "at most once")
    if "." in cell and cell != ".":
        raise fail(f"cell {cell!r} at column {x}, floor {y}: '.' stands alone (an empty space without floor)")
    wall = "#" in cell
    arrow = "left" if "<" in cell else "right" if ">" in cell else None
    if arrow and not wall:
        raise fail(f"cell {cell!r} at column {x}, floor {y}: an arrow ('<' or '>') marks a wall ('#')")
    if "<" in cell and ">" in cell:
        raise fail(f"cell {cell!r} at column {x}, floor {y}: an arrow wall fires one way")
    door = next((DOORS[c] for c in cell if c in DOORS), None)
    if sum(c in cell for c in "YK") > 1:
        raise fail(f"cell {cell!r} at column {x}, floor {y}: one door per space")
    extras = set(cell) - set("_=#<>")
    if wall and extras:
        raise fail(f"cell {cell!r} at column {x}, floor {y}: nothing stands inside a wall "
                   f"(egypt.tomb.wall-blocks): {''.join(sorted(extras))}")
    if door and set(cell) - set("_=YK"):
        raise fail(f"cell {cell!r} at column {x}, floor {y}: a door space holds nothing else")
    if "H" in cell and "V" in cell:
        raise fail(f"cell {cell!r} at column {x}, floor {y}: a ladder or a vine, not both")
    ladder = "iron" if "H" in cell else "vine" if "V" in cell else None
    if ladder == "iron" and side == "purple":
        raise fail(f"cell {cell!r} at column {x}, floor {y}: the purple side has no ladders at all, only "
                   "vines (egypt.escape.turn.vines)")
    if ladder == "vine" and side == "orange":
        raise fail(f"cell {cell!r} at column {x}, floor {y}: vines are on the purple side")
    if "c" in cell and "?" in cell:
        raise fail(f"cell {cell!r} at column {x}, floor {y}: a chest icon or a question mark, not both")
    statue = next((STATUES[c] for c in cell if c in STATUES), None)
    if "A" in cell and "B" in cell:
        raise fail(f"cell {cell!r} at column {x}, floor {y}: one statue per space")
    boulder = 1 if "1" in cell else 2 if "2" in cell else None
    if "1" in cell and "2" in cell:
        raise fail(f"cell {cell!r} at column {x}, floor {y}: space 1 and space 2 are different spaces")
    return Space(f"{x},{y}", x, y, floor=bool({"_", "="} & set(cell)) or wall or door is not None,
                 reinforced="=" in cell, wall=wall, arrow=arrow, ladder=ladder, cave="C" in cell,
                 chest="c" in cell, hazard="?" in cell, spikes="s" in cell, boulder=boulder, statue=statue,
                 door=door, exit="X" in cell)


@implements("egypt.tomb.floor-row", "egypt.tomb.exit", "egypt.tomb.open-a-door", "egypt.tomb.statue-places",
            "egypt.start.reinforced-floor", "egypt.component.iron-ladders", "egypt.setup.close-doors",
            "egypt.setup.rolling-boulder", "egypt.ambiguity.boulder-space")
def board_from_rows(name: str, side: str, rows: Iterable[str], *, source: str = "<board>",
                    line_of: Callable[[str], int | None] | None = None) -> Board:
    """One side of the board from its rows, checked against the rulebook's description of the tomb."""
    rows = tuple(rows)

    def fail(problem: str) -> InvalidInput:
        return InvalidInput(f"{side} side: {problem}", source=source,
                            line=line_of(f"[{side}]") if line_of else None)

    if side not in SIDES:
        raise fail(f"a side is orange or purple, not {side!r}")
    if not rows or not all(isinstance(r, str) and r.split() for r in rows):
        raise fail("'rows' must be a non-empty list of non-empty strings")
    if sum(len(r.split()) for r in rows) > MAX_BOARD_SPACES:
        raise fail(f"the board has more than {MAX_BOARD_SPACES:,} spaces, tombspec's limit (docs/limits.md)")
    widths = {len(r.split()) for r in rows}
    if len(widths) != 1:
        raise fail(f"every floor is a row of spaces from one edge of the board to the other "
                   f"(egypt.tomb.floor-row): the rows have {sorted(widths)} spaces")
    spaces: dict[str, Space] = {}
    for y, row in enumerate(rows):
        for x, cell in enumerate(row.split()):
            sp = _space(x, y, cell, side, fail)
            spaces[sp.id] = sp
    board = Board(name, side, rows, spaces, source)
    bottom = [s for s in spaces.values() if s.y == board.height - 1]
    reinforced = [s for s in spaces.values() if s.reinforced]
    if len(reinforced) != 3 or any(s.y != board.height - 1 for s in reinforced):
        raise fail("the floor of the three spaces at the very bottom of the board is reinforced "
                   f"(egypt.start.reinforced-floor): mark exactly three bottom spaces '=', not "
                   f"{len(reinforced)} space(s) on floors {sorted({s.y for s in reinforced})}")
    exits = [s for s in spaces.values() if s.exit]
    if len(exits) != 1 or exits[0] not in bottom:
        raise fail("the tomb has a single exit at the very bottom of the board (egypt.tomb.exit): "
                   f"mark one bottom space 'X', not {len(exits)}")
    if sorted(board.doors) != ["black", "yellow"]:
        raise fail(f"the board has a yellow and a black door (egypt.setup.close-doors), not {sorted(board.doors)}")
    if sorted(board.statues) != ["anubis", "bastet"]:
        raise fail(f"the board has a Bastet and an Anubis statue (egypt.tomb.statues-open-doors), "
                   f"not {sorted(board.statues)}")
    if len(board.entries) != 3:
        kind = "vines" if side == "purple" else "iron ladders"
        raise fail(f"the very top floor has three {kind} to start from (egypt.turn.first-turn-entry, "
                   f"egypt.escape.turn.vines), not {len(board.entries)}")
    if len(board.arrows) > 4:
        raise fail(f"there are 4 arrow walls in total (egypt.trap.arrow-walls), not {len(board.arrows)}")
    if side == "orange" and sorted(board.boulder) != [1, 2]:
        raise fail("the rolling boulder runs from space 1 to space 2 (egypt.trap.boulder-path, "
                   "egypt.ambiguity.boulder-space, reading board-marked): mark one '1' and one '2'")
    if side == "purple" and board.boulder:
        raise fail("the purple side has no rolling boulder (egypt.escape.setup.no-boulder)")
    if 1 in board.boulder and 2 in board.boulder and board.spaces[board.boulder[1]].x >= board.spaces[board.boulder[2]].x:
        raise fail("the boulder starts from space 1 on the left and rolls to the right, to space 2")
    closed = static_terrain(board)
    for sp in spaces.values():
        if (sp.chest or sp.hazard or sp.statue) and not is_supported(closed, sp.id, hero=False):
            raise fail(f"space {sp.id}: a token dealt (or a statue standing) there needs a floor under it")
    if board.exit in _walked(closed, board.entries):
        raise fail("the doors must block the way to the exit (egypt.tomb.open-a-door): with both doors "
                   "closed a hero can walk from a starting ladder to the exit")
    return board


def boardset_from_data(doc: Any, *, source: str = "<set>", text: str = "") -> BoardSet:
    """A set from its data (a set file, or what ``BoardSet.to_data`` and ``describe()`` give)."""

    def line_of(needle: str) -> int | None:
        if not text:
            return None
        idx = text.find(needle)
        return text.count("\n", 0, idx) + 1 if idx >= 0 else None

    def fail(problem: str, needle: str | None = None) -> InvalidInput:
        return InvalidInput(problem, source=source, line=line_of(needle) if needle else None)

    if not isinstance(doc, dict):
        raise fail("a set must be a table")
    if doc.get("format") != 1:
        raise fail(f"set format must be 1, not {doc.get('format')!r}", "format")
    if doc.get("game", "egypt") != "egypt":
        raise fail(f"this is a set for {doc.get('game')!r}, not egypt", "game")
    unknown = set(doc) - {"format", "game", "set", "orange", "purple", "chest", "hazard", "start", "heroes"}
    if unknown:
        raise fail(f"unknown key(s): {', '.join(sorted(unknown))}")
    meta = doc.get("set", {})
    problem = set_table_problem(meta)
    if problem is not None:
        raise fail(problem, "[set]")
    sides: dict[str, Board] = {}
    for side in SIDES:
        if side in doc:
            raw = doc[side]
            if not isinstance(raw, dict) or set(raw) - {"rows"}:
                raise fail(f"[{side}] holds 'rows' only", f"[{side}]")
            sides[side] = board_from_rows(f"{meta['name']}-{side}", side, raw.get("rows") or (), source=source,
                                          line_of=line_of)
    if not sides:
        raise fail("a set needs an [orange] or a [purple] side")
    components = components_from_data(doc, source=source, line_of=line_of)
    return BoardSet(meta["name"], meta.get("note", ""), sides, components, source, doc)


def load_set(path: str | Path) -> BoardSet:
    """Load a set file; any problem is :class:`InvalidInput` naming the file and, where known, the line."""
    path = Path(path)
    source = str(path)
    text, doc = read_toml(path, source=source, what="set file")
    return boardset_from_data(doc, source=source, text=text)


def shipped_sets() -> dict[str, Path]:
    """The example sets shipped with tombspec, by name (``spec/egypt/<name>.toml``)."""
    import tombspec.spec

    folder = Path(tombspec.spec.__file__).resolve().parent / "egypt"
    return {p.stem: p for p in sorted(folder.glob("*.toml"))}


_CACHE: dict[str, BoardSet] = {}


def shipped_set(name: str) -> BoardSet:
    if name not in _CACHE:
        _CACHE[name] = load_set(shipped_sets()[name])
    return _CACHE[name]



# --------------------------------------------------------------------------------------------------
# Reachability: the questions the board raises, over the same movement predicates


def _walked(t: Terrain, sources: Iterable[str]) -> set[str]:
    """What ``nx.descendants(hero_moves(t), src)`` gives for each of ``sources`` together, and the
    first source itself: every space a series of single movements (``u -> landing``, from a live space
    that is not solid) takes a hero to, walked without building the graph."""
    sources = list(sources)
    out = {sources[0]}
    for src in sources:
        todo = [src]
        seen: set[str] = set()
        while todo:
            u = todo.pop()
            if not t.live(u) or is_solid(t, u):
                continue
            for v in t.board.neighbours(u):
                if can_walk(t, u, v):
                    end = landing(t, v)
                    if end not in seen:
                        seen.add(end)
                        todo.append(end)
        out |= seen
    return out


def _reach(g: nx.DiGraph, sources: Iterable[str]) -> set[str]:
    import networkx as nx

    out: set[str] = set()
    for src in sources:
        if src in g:
            out |= nx.descendants(g, src) | {src}
    return out


def bomb_moves(t: Terrain) -> nx.DiGraph:
    """Single movements, plus what one bomb (or the sledgehammer) opens: a neighbouring wall destroyed
    and walked through, the floor underfoot destroyed and fallen through (never a reinforced floor)."""
    g = hero_moves(t)
    b = t.board
    todo = list(g.nodes)
    done: set[str] = set()
    while todo:
        u = todo.pop()
        if u in done:
            continue
        done.add(u)
        targets = []
        for d in ("left", "right"):
            v = b.towards(u, d)
            if v is not None and t.wall(v) and t.live(v):
                targets.append(landing(attrs.evolve(t, broken_walls=t.broken_walls | {v}), v))
        if t.floor(u) and not b.spaces[u].reinforced and not b.is_bottom(u):
            targets.append(landing(attrs.evolve(t, broken_floors=t.broken_floors | {u}), u))
        for v in targets:
            g.add_edge(u, v)
            if v not in done:
                todo.append(v)
                for w in b.neighbours(v):
                    if can_walk(t, v, w):
                        g.add_edge(v, landing(t, w))
                        todo.append(landing(t, w))
    return g


@implements("egypt.tomb.open-a-door", "egypt.item.crystal-goal")
def reachability_report(board: Board) -> dict[str, Any]:
    """From every starting ladder (vine): can the exit be reached with the doors closed, with each door
    open, with bombs (no door), with the teleporter (no door)?  Which chest and hazard spaces can a hero
    never reach?  Can a monster dealt on a question-mark space reach a hero's ground?  How many
    movements (and rounds of 3) from a start to the exit, against the rounds before the ceiling (Escape
    mode) arrives on the exit's floor?"""
    import networkx as nx

    out: dict[str, Any] = {"board": board.name, "side": board.side, "spaces": len(board.spaces)}
    exit_ = board.exit
    by_doors: dict[str, dict[str, bool]] = {}
    for label, doors in (("closed", ()), ("yellow-open", ("yellow",)), ("black-open", ("black",)),
                         ("both-open", ("yellow", "black"))):
        g = hero_moves(static_terrain(board, open_doors=doors))
        by_doors[label] = {e: exit_ in _reach(g, [e]) for e in board.entries}
    out["exit_from_each_start"] = by_doors
    closed = static_terrain(board)
    out["exit_with_bombs_doors_closed"] = exit_ in _reach(bomb_moves(closed), board.entries)
    out["exit_with_teleporter_doors_closed"] = exit_ in _reach(hero_moves(closed, teleport=True), board.entries)
    opened = static_terrain(board, open_doors=("yellow", "black"))
    walk = hero_moves(opened)
    ground = _reach(walk, board.entries)
    out["unreachable_chests"] = [s for s in board.chest_spaces if s not in ground]
    out["unreachable_hazards"] = [s for s in board.hazard_spaces if s not in ground]
    out["unreachable_statues"] = sorted(k for k, s in board.statues.items() if s not in ground)
    views = {"walk": hero_moves(opened), "fly": hero_moves(opened, fly=True)}
    ghost = nx.DiGraph(movement_view(opened, "ghost"))
    views["ghost"] = ghost
    out["monster_reaches_a_hero"] = {kind: sorted(s for s in board.hazard_spaces if _reach(g, [s]) & ground)
                                     == sorted(board.hazard_spaces) for kind, g in views.items()}
    moves = None
    for e in board.entries:
        try:
            n = nx.shortest_path_length(walk, e, exit_)
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            continue
        moves = n if moves is None else min(moves, n)
    out["fewest_movements_to_exit"] = None if moves is None else moves + 1   # + 1: leaving through the exit
    out["fewest_rounds_to_exit"] = None if moves is None else -(-(moves + 1) // 3)
    exit_row = board.spaces[exit_].y
    # The ceiling lands on floor f before the first player's turn 3 + f: heroes have 2 + f full rounds.
    out["rounds_before_ceiling_on_exit_floor"] = 2 + exit_row if board.side == "purple" else None
    out["escape_in_time"] = (None if board.side != "purple" or moves is None
                             else out["fewest_rounds_to_exit"] <= out["rounds_before_ceiling_on_exit_floor"])
    out["winnable"] = any(by_doors["yellow-open"].values()) or any(by_doors["black-open"].values())
    return out
