"""The Raiders tomb as a networkx graph, built from data, and the movement views over it.

The rulebook does not print its six tiles, so a board is a file (``docs/board-format.md`` documents the
format; ``spec/boards/raiders-*.toml`` are the shipped examples).  A file lists tiles, each a grid of
room spaces, and places them in stack order (Tomb Set Up step 4); the later tile lies on top where tiles
overlap.  Spaces are adjacent in 8 directions ("forward, backwards, sideways, and diagonally").

Space tokens in a tile's ``rows``: ``1``-``6`` a numbered room; ``M`` Monster, ``T`` Trap, ``P`` Portal
(Encounter Rooms); ``S`` Start, ``E`` Escape (optionally with the number to roll, ``E4``); ``.`` no room.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

import attrs
import networkx as nx

from tombspec.spec.errors import InvalidInput
from tombspec.spec.inputs import MAX_BOARD_SPACES, read_toml

from ..traceability import implements

ENCOUNTER_KINDS = ("monster", "trap", "portal")
COLOURS = ("plain", "yellow-red", "black")
#: The readings of 'ahead' (raiders.ambiguity.ahead-behind): closer to Escape in moves, a later tile of
#: the stack, closer to Escape in a straight line on the table.
AHEAD_READINGS = ("escape-distance", "tile-order", "straight-line")
LAYOUTS = {
    # layout: (rule id, overlapping spaces with the previous tile)
    "standard": ("raiders.setup.overlap-one-space", 1),
    "small": ("raiders.variant.small-tomb", 2),
    "large": ("raiders.variant.large-tomb", 0),
    "extra-large": ("raiders.variant.large-tomb", 0),   # raiders.ambiguity.large-or-extra-large: one rule
}
_TOKEN = re.compile(r"^(?:(?P<num>[1-6])|(?P<room>[MTP])|(?P<end>[SE])(?P<endnum>[1-6])?|(?P<hole>\.))$")
_ROOM = {"M": "monster", "T": "trap", "P": "portal"}



@attrs.frozen
class Space:
    id: str          # "x,y"
    x: int
    y: int
    kind: str        # "number" | "monster" | "trap" | "portal" | "start" | "escape"
    number: int | None  # the number printed on the space (None: a room, or a Start/Escape without one)
    tile: int        # index (stack order) of the tile on top at this space
    tiles: tuple[int, ...]
    colour: str      # the colour of the tile on top here: "plain", "yellow-red" or "black" (Special Tiles)
    #: a Monster, Trap or Portal room (computed from ``kind``)
    is_encounter: bool = attrs.field(init=False, eq=False, repr=False,
                                     default=attrs.Factory(lambda self: self.kind in ENCOUNTER_KINDS,
                                                           takes_self=True))


@attrs.frozen
class Tile:
    id: str
    colour: str
    rows: tuple[str, ...]


@attrs.frozen
class Placement:
    tile: str
    x: int
    y: int
    rotation: int = 0


class Board:
    """A composed tomb: its spaces, the 8-neighbour graph and the distances the rules need."""

    spaces: dict[str, Space]    # every space by id, in board order (by y, then by x)
    order: dict[str, int]       # a space's index in board order (the order of ties, and of neighbours)
    start: str                  # the Start space
    escape: str                 # the Escape space
    portals: tuple[str, ...]    # the Portal rooms, in board order

    def __init__(self, name: str, layout: str, tiles: tuple[Tile, ...],
                 placements: tuple[Placement, ...], spaces: Mapping[str, Space], note: str = "",
                 source: str = "<board>"):
        self.name = name
        self.layout = layout
        self.tiles = tiles
        self.placements = placements
        self.spaces = dict(spaces)
        self.note = note
        self.source = source
        self.order = {sid: i for i, sid in enumerate(self.spaces)}
        self.graph = nx.DiGraph()
        for sp in self.spaces.values():
            self.graph.add_node(sp.id, **attrs.asdict(sp))
        for sp in self.spaces.values():
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    other = f"{sp.x + dx},{sp.y + dy}"
                    if (dx or dy) and other in self.spaces:
                        self.graph.add_edge(sp.id, other)
        starts = [s.id for s in self.spaces.values() if s.kind == "start"]
        escapes = [s.id for s in self.spaces.values() if s.kind == "escape"]
        if len(starts) != 1 or len(escapes) != 1:
            raise InvalidInput(f"raiders.variant.one-start-one-escape: the composed board shows "
                               f"{len(starts)} Start and {len(escapes)} Escape spaces; it must show "
                               "exactly one of each", source=source)
        self.start, self.escape = starts[0], escapes[0]
        self.portals = tuple(s.id for s in self.spaces.values() if s.kind == "portal")
        if not nx.has_path(self.graph, self.start, self.escape):
            raise InvalidInput("Escape cannot be reached from Start: the tiles do not connect",
                               source=source)

    # Distances ----------------------------------------------------------------------------------

    @cached_property
    def distance(self) -> Mapping[str, dict[str, int]]:
        """Shortest-path lengths from a space, in moves between adjacent spaces: ``distance[u][v]``.
        Each space's row is computed the first time it is asked for (not all pairs up front)."""
        return _Distances(self.graph)

    @cached_property
    def to_escape(self) -> dict[str, int]:
        """Distance of every space to the Escape space (unreachable spaces: a large number)."""
        far = len(self.spaces) + 1
        back = nx.single_source_shortest_path_length(self.graph.reverse(copy=False), self.escape)
        return {s: back.get(s, far) for s in self.spaces}

    # Movement views -----------------------------------------------------------------------------

    def neighbours(self, space: str) -> list[str]:
        """Adjacent spaces, in board order."""
        return self._neighbours[space]

    @implements("raiders.ambiguity.ahead-behind")
    def is_ahead(self, frm: str, to: str, by: str = "escape-distance") -> bool:
        """``to`` is ahead of ``frm``: closer to the Escape Space (``escape-distance``: in moves;
        ``straight-line``: on the table), or on a later tile of the stack (``tile-order``: spaces of one
        tile are level)."""
        if by == "tile-order":
            return self.spaces[to].tile > self.spaces[frm].tile
        if by == "straight-line":
            return self.to_escape_line[to] < self.to_escape_line[frm]
        return self.to_escape[to] < self.to_escape[frm]

    @cached_property
    def to_escape_line(self) -> dict[str, int]:
        """The squared straight-line distance of every space to the Escape space, between the spaces'
        centres on the table (reading ``straight-line`` of raiders.ambiguity.ahead-behind)."""
        e = self.spaces[self.escape]
        return {sid: (sp.x - e.x) ** 2 + (sp.y - e.y) ** 2 for sid, sp in self.spaces.items()}

    def view(self, direction: str, by: str = "escape-distance") -> nx.DiGraph:
        """The graph as a mover sees it: only the edges that lead ``ahead`` (the Boss) or ``behind``."""
        if direction == "ahead":
            return nx.subgraph_view(self.graph, filter_edge=lambda u, v: self.is_ahead(u, v, by))
        return nx.subgraph_view(self.graph, filter_edge=lambda u, v: self.is_ahead(v, u, by))

    @cached_property
    def ahead_view(self) -> nx.DiGraph:
        """The graph as the Boss Monster sees it, by escape distance."""
        return self.view("ahead")

    @cached_property
    def _views(self) -> dict[tuple[str, str], dict[str, list[str]]]:
        out = {}
        for direction in ("ahead", "behind"):
            for by in AHEAD_READINGS:
                view = self.view(direction, by)
                out[(direction, by)] = {s: sorted(view.successors(s), key=self.order.__getitem__)
                                        for s in self.spaces}
        return out

    @cached_property
    def _neighbours(self) -> dict[str, list[str]]:
        return {s: sorted(self.graph.successors(s), key=self.order.__getitem__) for s in self.spaces}

    def ahead(self, space: str, by: str = "escape-distance") -> list[str]:
        """Adjacent spaces ahead, in board order (read off the view; cached per board)."""
        return self._views[("ahead", by)][space]

    def behind(self, space: str, by: str = "escape-distance") -> list[str]:
        return self._views[("behind", by)][space]

    @cached_property
    def ahead_agrees(self) -> dict[str, Any]:
        """Space -> the spaces ahead of it, where both readings of 'ahead' agree on them (else None)."""
        views = [self._views[("ahead", by)] for by in AHEAD_READINGS]
        return {s: views[0][s] if all(v[s] == views[0][s] for v in views) else None for s in self.spaces}

    @cached_property
    def next_to_escape(self) -> dict[str, tuple[bool, bool]]:
        """Space -> (next to the Escape space, next to a space of the Escape tile)."""
        escape_tile = self.spaces[self.escape].tile
        return {s: (self.escape in self.neighbours(s),
                    any(self.spaces[n].tile == escape_tile for n in self.neighbours(s))) for s in self.spaces}

    @cached_property
    def _pulls(self) -> dict[str, dict[str, tuple[str, ...]]]:
        return {by: {s: tuple(a for a in self.ahead(s, by) if self.spaces[a].kind in ("monster", "trap"))
                     for s in self.spaces} for by in AHEAD_READINGS}

    def pulling(self, space: str, by: str = "escape-distance") -> tuple[str, ...]:
        """The Monster and Trap spaces ahead of ``space``, which pull in a Raider who fails a Move roll."""
        return self._pulls[by][space]

    @cached_property
    def pulling_agrees(self) -> dict[str, Any]:
        """Space -> the spaces that pull, where both readings of 'ahead' agree on them (else None)."""
        pulls = [self._pulls[by] for by in AHEAD_READINGS]
        return {s: pulls[0][s] if all(p[s] == pulls[0][s] for p in pulls) else None for s in self.spaces}

    @cached_property
    def _tile_spaces(self) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        for s in self.spaces.values():
            out.setdefault(s.tile, []).append(s.id)
        return out

    def tile_spaces(self, tile: int) -> list[str]:
        """The spaces of tile ``tile`` (its index in stack order): those where it lies on top
        (``space.tile``), in board order; a space it covers under a later tile is that tile's."""
        return self._tile_spaces.get(tile, [])

    def to_data(self) -> dict[str, Any]:
        """The board in the board-file form (``board_from_data`` reads it back)."""
        return {
            "format": 1, "game": "raiders",
            "board": {"name": self.name, "layout": self.layout, "note": self.note},
            "tiles": [{"id": t.id, "colour": t.colour, "rows": list(t.rows)} for t in self.tiles],
            "placements": [attrs.asdict(p) for p in self.placements],
        }


# --------------------------------------------------------------------------------------------------
# Loading and composing


def _rotate(grid: list[list[str]], rotation: int) -> list[list[str]]:
    for _ in range((rotation // 90) % 4):
        grid = [list(row) for row in zip(*grid[::-1])]
    return grid


class _Distances(dict):  # type: ignore[type-arg]
    """Rows of shortest-path lengths, one breadth-first search per space asked for."""

    def __init__(self, graph: nx.DiGraph):
        super().__init__()
        self.graph = graph

    def __missing__(self, space: str) -> dict[str, int]:
        row = dict(nx.single_source_shortest_path_length(self.graph, space))
        self[space] = row
        return row


#: The largest board tombspec composes (docs/limits.md): spaces of the composed tomb, and tile squares
#: laid in all (holes included), both refused before any work.
MAX_SPACES = MAX_BOARD_SPACES
MAX_SQUARES = 65_536


@implements("raiders.setup.overlap-one-space", "raiders.setup.tile-on-top", "raiders.variant.small-tomb",
            "raiders.variant.large-tomb", "raiders.setup.set-aside-start-escape", "raiders.setup.stack-tiles",
            "raiders.setup.opposite-side", "raiders.variant.one-start-one-escape")
def compose(name: str, layout: str, tiles: tuple[Tile, ...], placements: tuple[Placement, ...],
            note: str = "", source: str = "<board>", touch: str = "one-rule") -> Board:
    """Lay the tiles in stack order; each later tile lies on top; check the layout's overlap rule."""

    def fail(problem: str) -> InvalidInput:
        return InvalidInput(problem, source=source)

    if layout not in (*LAYOUTS, "free"):
        raise fail(f"layout {layout!r} is not one of {', '.join((*LAYOUTS, 'free'))}")
    by_id = {t.id: t for t in tiles}
    squares = sum(len(by_id[pl.tile].rows) * len(by_id[pl.tile].rows[0].split())
                  for pl in placements if pl.tile in by_id)
    if squares > MAX_SQUARES:
        raise fail(f"the placements lay {squares:,} tile squares; tombspec composes boards of at most "
                   f"{MAX_SQUARES:,} squares and {MAX_SPACES:,} spaces (docs/limits.md)")
    cells: dict[tuple[int, int], Space] = {}
    previous: set[tuple[int, int]] = set()
    origin, farthest = (0.0, 0.0), 0.0
    for index, pl in enumerate(placements):
        if pl.tile not in by_id:
            raise fail(f"placement {index + 1} names tile {pl.tile!r}, which is not defined")
        if pl.rotation % 90:
            raise fail(f"placement {index + 1}: rotation must be a multiple of 90, not {pl.rotation}")
        tile = by_id[pl.tile]
        grid = _rotate([row.split() for row in tile.rows], pl.rotation)
        mine: set[tuple[int, int]] = set()
        for dy, row in enumerate(grid):
            for dx, token in enumerate(row):
                m = _TOKEN.match(token)
                if not m:
                    raise fail(f"tile {tile.id!r}: {token!r} is not a space token "
                               "(1-6, M, T, P, S, E, E1-E6 or .)")
                if m["hole"]:
                    continue
                x, y = pl.x + dx, pl.y + dy
                if m["num"]:
                    kind, number = "number", int(m["num"])
                elif m["room"]:
                    kind, number = _ROOM[m["room"]], None
                else:
                    kind = "start" if m["end"] == "S" else "escape"
                    number = int(m["endnum"]) if m["endnum"] else None
                below = cells.get((x, y))
                cells[(x, y)] = Space(f"{x},{y}", x, y, kind, number, index,
                                      (below.tiles if below else ()) + (index,), tile.colour)
                mine.add((x, y))
        if index and layout != "free":
            rule, want = LAYOUTS[layout]
            overlap = len(mine & previous)
            if overlap != want:
                raise fail(f"{rule}: tile {index + 1} ({tile.id!r}) overlaps {overlap} space(s) of "
                           f"the previous tile; the {layout} layout needs {want}")
            if want == 0 and not any((x + dx, y + dy) in previous for x, y in mine
                                     for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                raise fail(f"{rule}: tile {index + 1} ({tile.id!r}) does not touch the previous tile")
            if want == 0 and touch == "touch-two-or-one":   # raiders.ambiguity.large-or-extra-large
                sides = sum((x + dx, y + dy) in previous for x, y in mine
                            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
                need = 2 if layout == "large" else 1
                if sides != need:
                    raise fail(f"raiders.ambiguity.large-or-extra-large (touch-two-or-one): tile {index + 1} "
                               f"({tile.id!r}) touches the previous tile along {sides} square(s); the {layout} "
                               f"layout touches along {need}")
        if not mine:
            raise fail(f"placement {index + 1}: tile {tile.id!r} has no spaces (every square is '.')")
        if len(cells) > MAX_SPACES:
            raise fail(f"the board has more than {MAX_SPACES:,} spaces, tombspec's limit (docs/limits.md)")
        # "You must place the tile on the opposite side from the Start side": the Tomb grows outward.
        centre = (sum(x for x, _ in mine) / len(mine), sum(y for _, y in mine) / len(mine))
        if index == 0:
            origin = centre
        elif layout != "free":
            reach = (centre[0] - origin[0]) ** 2 + (centre[1] - origin[1]) ** 2
            if reach <= farthest:
                raise fail(f"raiders.setup.opposite-side: tile {index + 1} ({tile.id!r}) does not extend the "
                           "Tomb outward from the Start tile")
            farthest = reach
        previous = mine
    if layout != "free":
        tokens = [{tok[0] for row in by_id[pl.tile].rows for tok in row.split()}
                  for pl in placements]
        if "S" not in tokens[0] or "E" not in tokens[-1]:
            raise fail("raiders.setup.stack-tiles: the Start tile must be placed first and the Escape tile "
                       "last (Start on top, Escape on bottom of the stack)")
    ordered = dict(sorted(((s.id, s) for s in cells.values()), key=lambda kv: (kv[1].y, kv[1].x)))
    return Board(name, layout, tiles, placements, ordered, note, source)


def load_board(path: str | Path, *, touch: str = "one-rule") -> Board:
    """Load a board file; any problem is :class:`InvalidInput` naming the file and, where known, line."""
    path = Path(path)
    source = str(path)
    text, doc = read_toml(path, source=source, what="board file")
    return board_from_data(doc, source=source, text=text, touch=touch)


def board_from_data(doc: Any, *, source: str = "<board>", text: str = "", touch: str = "one-rule") -> Board:
    def fail(problem: str, needle: str | None = None) -> InvalidInput:
        line = None
        if needle and text:
            idx = text.find(needle)
            line = text.count("\n", 0, idx) + 1 if idx >= 0 else None
        return InvalidInput(problem, source=source, line=line)

    if not isinstance(doc, dict):
        raise fail("a board must be a table")
    if doc.get("format") != 1:
        raise fail(f"board format must be 1, not {doc.get('format')!r}")
    if doc.get("game", "raiders") != "raiders":
        raise fail(f"this is a board for {doc.get('game')!r}, not raiders")
    unknown = set(doc) - {"format", "game", "board", "tiles", "placements"}
    if unknown:
        raise fail(f"unknown key(s): {', '.join(sorted(unknown))}")
    meta = doc.get("board", {})
    if not isinstance(meta, dict) or not isinstance(meta.get("name"), str):
        raise fail("[board] needs a string 'name'")
    layout = meta.get("layout", "standard")
    for key in ("tiles", "placements"):
        if not isinstance(doc.get(key, []), list):
            raise fail(f"{key!r} must be an array of tables ([[{key}]]), not {type(doc[key]).__name__}")
    tiles: list[Tile] = []
    for raw in doc.get("tiles", []):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            raise fail("every [[tiles]] entry needs a string 'id'")
        tid = raw["id"]
        rows = raw.get("rows")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
            raise fail(f"tile {tid!r}: 'rows' must be a non-empty list of strings", f'"{tid}"')
        widths = {len(r.split()) for r in rows}
        if len(widths) != 1:
            raise fail(f"tile {tid!r}: rows have different numbers of spaces {sorted(widths)}; "
                       "a tile is rectangular (use '.' for no room)", f'"{tid}"')
        colour = raw.get("colour", "plain")
        if colour not in COLOURS:
            raise fail(f"tile {tid!r}: colour {colour!r} is not one of {', '.join(COLOURS)}", f'"{tid}"')
        if any(t.id == tid for t in tiles):
            raise fail(f"tile {tid!r} is defined twice", f'"{tid}"')
        tiles.append(Tile(tid, colour, tuple(rows)))
    placements: list[Placement] = []
    for n, raw in enumerate(doc.get("placements", []), 1):
        if not isinstance(raw, dict) or not isinstance(raw.get("tile"), str) \
                or not all(type(raw.get(k, 0)) is int for k in ("x", "y", "rotation")):
            raise fail(f"placement {n} needs 'tile' (string) and integer 'x', 'y' (and 'rotation')")
        placements.append(Placement(raw["tile"], raw.get("x", 0), raw.get("y", 0), raw.get("rotation", 0)))
    if not placements:
        raise fail("a board needs at least one [[placements]] entry")
    return compose(meta["name"], layout, tuple(tiles), tuple(placements), meta.get("note", ""), source, touch)


def shipped_boards() -> dict[str, Path]:
    """The example boards shipped with tombspec, by name."""
    import tombspec.spec

    boards_dir = Path(tombspec.spec.__file__).resolve().parent / "boards"
    return {p.stem.removeprefix("raiders-"): p for p in sorted(boards_dir.glob("raiders-*.toml"))}


def default_board() -> Board:
    return load_board(shipped_boards()["standard"])
