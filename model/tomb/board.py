"""The Tomb board as a networkx graph, built from data, and the movement views over it.

The rulebook names the two sides of the Tomb Board (Goldenaxe Catacombs, Tomb of the Overseers) but
does not print them, so a board is a file (``docs/tomb-components.md``); the shipped examples are
``spec/tomb/boards/*.toml`` (and Cryptmaster's ``spec/cryptmaster/boards/*.toml``).  A board is a grid
of one-character tokens:

=====  ========================================================================================
``#``  wall: no space
``.``  Hallway Space
``E``  a Tomb entrance (a Hallway Space where Parties enter from the Inn)
``S``  stairs (a Hallway Space; Cryptmaster's "staircase")
``H``  a hazard square (Cryptmaster; its rule is text in ``[[hazards]]``)
``a``  a cell of Crypt ``a`` (lower case letters); a Crypt is one region, one node of the graph
``A``  a Crypt Door of Crypt ``a`` (the upper case letter): the space in front of the Crypt
``1``  a cell of Room ``1`` (digits; Cryptmaster rooms), one node of the graph
=====  ========================================================================================

Spaces are adjacent orthogonally ("horizontal and vertical, never diagonal").  A Crypt touches only
its own Doors (its walls keep the Hallways out); a Room touches the Hallways beside it.  The Inn is a
node of its own joined to every entrance, so that a Party at the Inn counts its entrance as the first
square it moves onto (``tomb.ambiguity.move-entry-point = board-entrance``).

Movement is a *view* of the one graph: :meth:`Board.move_view` keeps the spaces a Party may pass
(Hallways and Crypt Doors in Tomb; also empty Crypts and Rooms in Cryptmaster), as a node filter.

>>> board = load_board(shipped_boards("tomb")["goldenaxe-catacombs"])
>>> sorted(board.crypts)[:2], board.crypts["a"].capacity
(['a', 'b'], 1)
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Mapping
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

import attrs
import networkx as nx

from tombspec.spec.errors import InvalidInput

from ..traceability import implements
from tombspec.spec.inputs import MAX_BOARD_SPACES, check_may_read, read_toml

INN = "inn"
HALLWAY_KINDS = ("hallway", "entrance", "stairs", "hazard")
CM_SYMBOLS_TOMB = ("L", "R")
CM_SYMBOLS = ("L", "R", "LL", "RR")


@attrs.frozen
class Space:
    id: str          # "x,y" for a square, "crypt:a", "room:1", or "inn"
    kind: str        # hallway | entrance | stairs | hazard | door | crypt | room | inn
    x: int = -1
    y: int = -1
    crypt: str | None = None   # the Crypt of a door or crypt node
    room: str | None = None


@attrs.frozen
class CryptInfo:
    id: str
    capacity: int              # "the number on the Crypt Door"
    cm: str                    # the Crypt Master symbol: L, R (LL, RR in Cryptmaster)
    doors: tuple[str, ...]     # the door spaces
    door_cm: Mapping[str, str] = attrs.field(factory=dict)   # a door with its own symbol
    name: str = ""
    rules: str = ""            # special rules printed in the crypt (Cryptmaster; text only)
    cm_rule: str = ""          # alternate instructions for the CM (Cryptmaster; text only)

    @property
    def node(self) -> str:
        return f"crypt:{self.id}"

    def symbol(self, door: str) -> str:
        return self.door_cm.get(door, self.cm)


class Board:
    """One side of the Tomb Board: its spaces, the graph, the crypts, rooms and entrances."""

    def __init__(self, name: str, side: str, rows: tuple[str, ...], spaces: Mapping[str, Space],
                 crypts: Mapping[str, CryptInfo], rooms: Mapping[str, str], hazards: Mapping[str, str],
                 actions: Mapping[str, Any], cards: Any, note: str = "", source: str = "<board>",
                 data: Mapping[str, Any] | None = None):
        self.name, self.side, self.rows, self.note, self.source = name, side, rows, note, source
        self.spaces = dict(spaces)
        self.crypts = dict(crypts)
        self.rooms = dict(rooms)
        self.hazards = dict(hazards)
        self.actions = dict(actions)   # space id -> effect spec of a Turn Action printed there
        self.cards = cards             # the CardSet this board is played with
        self.data = dict(data or {})
        self.graph = nx.Graph()
        for sp in self.spaces.values():
            self.graph.add_node(sp.id, kind=sp.kind)
        self.entrances = tuple(s.id for s in self.spaces.values() if s.kind == "entrance")
        self.stairs = tuple(s.id for s in self.spaces.values() if s.kind == "stairs")
        self.doors = {s.id: s.crypt for s in self.spaces.values() if s.kind == "door"}
        self._link()

    def _link(self) -> None:
        cells: dict[tuple[int, int], Space] = {}
        for y, row in enumerate(self.rows):
            for x, token in enumerate(row):
                sp = _cell_space(token, x, y)
                if sp is not None:
                    cells[(x, y)] = sp
        for (x, y), sp in cells.items():
            for dx, dy in ((1, 0), (0, 1)):
                other = cells.get((x + dx, y + dy))
                if other is None or other.id == sp.id:
                    continue
                a, b = sp, other
                if a.kind == "crypt" or b.kind == "crypt":
                    crypt, near = (a, b) if a.kind == "crypt" else (b, a)
                    # a Crypt is walled: only its own Doors lead in
                    if near.kind == "door" and near.crypt == crypt.crypt:
                        self.graph.add_edge(crypt.id, near.id)
                    continue
                self.graph.add_edge(a.id, b.id)
        self.graph.add_node(INN, kind="inn")
        for e in self.entrances:
            self.graph.add_edge(INN, e)

    # Views --------------------------------------------------------------------------------------

    def kind(self, node: str) -> str:
        return self.spaces[node].kind if node in self.spaces else "inn"

    @implements("tomb.ambiguity.move-through-spaces", "cryptmaster.tomb.empty-crypt-is-hallway",
                "cryptmaster.tomb.rooms-not-hallways")
    def move_view(self, passable: frozenset[str] = frozenset()) -> nx.Graph:
        """The graph a moving Party sees: Hallway Spaces, entrances and Crypt Doors, the Inn, and the
        nodes of ``passable`` (Cryptmaster: empty Crypts and Rooms)."""
        def keep(node: str) -> bool:
            kind = self.kind(node)
            return kind in HALLWAY_KINDS or kind == "door" or node in passable

        return nx.subgraph_view(self.graph, filter_node=keep)

    @lru_cache(maxsize=4096)  # noqa: B019 (a board lives as long as its ruleset)
    def distances(self, start: str, passable: frozenset[str] = frozenset(),
                  doors_end_moves: bool = False) -> Mapping[str, int]:
        """Shortest orthogonal path lengths from ``start`` over the movement view.

        From the Inn a Party enters at a Tomb entrance, which is its first square.  With
        ``doors_end_moves`` (``tomb.ambiguity.move-through-spaces = hallways-only``) a Party may stop on
        a Crypt Door but not move on through it."""
        view = self.move_view(passable)
        if start == INN:
            dist = {INN: 0, **{e: 1 for e in self.entrances}}
            queue = deque(self.entrances)
        else:
            dist = {start: 0}
            queue = deque([start])
        while queue:
            node = queue.popleft()
            if doors_end_moves and node != start and self.kind(node) == "door":
                continue
            for nxt in view.neighbors(node):
                if nxt not in dist:
                    dist[nxt] = dist[node] + 1
                    queue.append(nxt)
        return dist

    @cached_property
    def edge(self) -> tuple[str, ...]:
        """Hallway Spaces on the board's edge: nothing but walls between them and the grid's border
        in some direction (tomb.ambiguity.move-entry-point = any-edge)."""
        out = []
        h = len(self.rows)
        for sid, sp in self.spaces.items():
            if sp.kind not in HALLWAY_KINDS:
                continue
            w = len(self.rows[sp.y])
            rays = (((x, sp.y) for x in range(sp.x)), ((x, sp.y) for x in range(sp.x + 1, w)),
                    ((sp.x, y) for y in range(sp.y)), ((sp.x, y) for y in range(sp.y + 1, h)))
            if any(all(x >= len(self.rows[y]) or self.rows[y][x] == "#" for x, y in ray) for ray in rays):
                out.append(sid)
        return tuple(out)

    @lru_cache(maxsize=256)  # noqa: B019
    def edge_distances(self, passable: frozenset[str] = frozenset(), doors_end_moves: bool = False) -> Mapping[str, int]:
        """Distances from the Inn when a Party may enter at any edge Hallway Space (its first square)."""
        best: dict[str, int] = {}
        for e in self.edge:
            for n, d in self.distances(e, passable, doors_end_moves).items():
                if d + 1 < best.get(n, 10**9):
                    best[n] = d + 1
        best[INN] = 0
        return best

    def within(self, start: str, reach: int, passable: frozenset[str] = frozenset(),
               doors_end_moves: bool = False) -> list[str]:
        """The spaces a Party can end a move of at most ``reach`` squares on (not ``start``)."""
        dist = self.distances(start, passable, doors_end_moves)
        return [n for n, d in sorted(dist.items(), key=lambda kv: (kv[1], self.order(kv[0])))
                if 0 < d <= reach and n != INN]

    def order(self, node: str) -> int:
        return self._order.get(node, -1)

    @cached_property
    def _order(self) -> dict[str, int]:
        return {n: i for i, n in enumerate(self.spaces)}

    def adjacent_crypts(self, node: str, diagonals: bool = False) -> list[str]:
        """Crypts whose region touches ``node`` orthogonally (with ``diagonals``, corner to corner too:
        ``tomb.ambiguity.another-way-in-adjacent``), other than through their Door."""
        out = []
        if node not in self.spaces or self.spaces[node].x < 0:
            return out
        sp = self.spaces[node]
        steps = ((1, 0), (-1, 0), (0, 1), (0, -1)) + (((1, 1), (1, -1), (-1, 1), (-1, -1)) if diagonals else ())
        for dx, dy in steps:
            x, y = sp.x + dx, sp.y + dy
            if 0 <= y < len(self.rows) and 0 <= x < len(self.rows[y]):
                token = self.rows[y][x]
                if token.islower() and token in self.crypts and token not in out:
                    if sp.kind == "door" and sp.crypt == token:
                        continue
                    out.append(token)
        return out

    def to_data(self) -> dict[str, Any]:
        """The board-file form, with its card set inline (``board_from_data`` reads it back)."""
        data = {k: v for k, v in self.data.items() if k != "cards"}
        data["cards"] = self.cards.to_data()
        return data


def _cell_space(token: str, x: int, y: int) -> Space | None:
    sid = f"{x},{y}"
    if token == "#":
        return None
    if token == ".":
        return Space(sid, "hallway", x, y)
    if token == "E":
        return Space(sid, "entrance", x, y)
    if token == "S":
        return Space(sid, "stairs", x, y)
    if token == "H":
        return Space(sid, "hazard", x, y)
    if token.isdigit():
        return Space(f"room:{token}", "room", room=token)
    if token.islower():
        return Space(f"crypt:{token}", "crypt", crypt=token)
    if token.isupper():
        return Space(sid, "door", x, y, crypt=token.lower())
    return None


def board_from_data(doc: Any, *, source: str = "<board>", text: str = "", game: str = "tomb",
                    base: Path | None = None) -> Board:
    """A board from its file data; the card set is named (a shipped set or a path) or inline."""
    from .cards import CardSet, cards_from_data, load_cards, shipped_card_sets

    def fail(problem: str, needle: str | None = None) -> InvalidInput:
        line = None
        if needle and text:
            idx = text.find(needle)
            line = text.count("\n", 0, idx) + 1 if idx >= 0 else None
        return InvalidInput(problem, source=source, line=line)

    games = ("tomb",) if game == "tomb" else ("tomb", "cryptmaster")
    if not isinstance(doc, dict):
        raise fail("a board must be a table")
    if doc.get("format") != 1:
        raise fail(f"board format must be 1, not {doc.get('format')!r}")
    if doc.get("game") not in games:
        raise fail(f"this is a board for {doc.get('game')!r}; {game} plays boards of {' or '.join(games)}")
    unknown = set(doc) - {"format", "game", "board", "crypts", "rooms", "hazards", "actions", "cards"}
    if unknown:
        raise fail(f"unknown key(s): {', '.join(sorted(unknown))}")
    meta = doc.get("board")
    if not isinstance(meta, dict) or not isinstance(meta.get("name"), str):
        raise fail("[board] needs a string 'name'")
    rows = meta.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise fail("[board] needs rows = [\"...\", ...], a grid of space tokens", "rows")
    if sum(len(r) for r in rows) > MAX_BOARD_SPACES:
        raise fail(f"the board's grid has more than {MAX_BOARD_SPACES:,} squares, tombspec's limit "
                   "(docs/limits.md)", "rows")
    for n, r in enumerate(rows, 1):
        bad = sorted({c for c in r if not re.match(r"[#.ESHa-zA-Z0-9]", c)})
        if bad:
            raise fail(f"row {n}: {bad[0]!r} is not a space token (# . E S H a-z A-Z 0-9)", r)
    symbols = CM_SYMBOLS_TOMB if game == "tomb" and doc.get("game") == "tomb" else CM_SYMBOLS
    cells = {(x, y): ch for y, r in enumerate(rows) for x, ch in enumerate(r)}
    letters = sorted({ch.lower() for ch in cells.values() if ch.isalpha() and ch not in "ESH"})
    raw_crypts = doc.get("crypts", [])
    if not isinstance(raw_crypts, list):
        raise fail("crypts must be a list of [[crypts]] tables")
    crypts: dict[str, CryptInfo] = {}
    for raw in raw_crypts:
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            raise fail("every [[crypts]] entry needs a string 'id' (its letter)")
        cid = raw["id"]
        needle = f'id = "{cid}"'
        extra = set(raw) - {"id", "capacity", "cm", "doors", "name", "rules", "cm_rule"}
        if extra:
            raise fail(f"crypt {cid!r}: unknown key(s) {', '.join(sorted(extra))}", needle)
        if len(cid) != 1 or not cid.islower() or cid in ("e", "s", "h"):
            raise fail(f"crypt {cid!r}: a crypt id is one lower-case letter other than e, s, h", needle)
        if cid in crypts:
            raise fail(f"crypt {cid!r} is defined twice", needle)
        cap = raw.get("capacity")
        if type(cap) is not int or cap < 1:
            raise fail(f"crypt {cid!r}: capacity (the number on its Crypt Door) must be 1 or more", needle)
        cm = raw.get("cm")
        if cm not in symbols:
            raise fail(f"crypt {cid!r}: cm must be one of {', '.join(symbols)} (the symbol on its Crypt Door)",
                       needle)
        door_ids = sorted((f"{x},{y}" for (x, y), ch in cells.items() if ch == cid.upper()),
                          key=lambda s: (int(s.split(",")[1]), int(s.split(",")[0])))
        if not any(ch == cid for ch in cells.values()):
            raise fail(f"crypt {cid!r} has no cells ({cid!r}) on the grid", needle)
        if not door_ids:
            raise fail(f"crypt {cid!r} has no Crypt Door ({cid.upper()!r}) on the grid", needle)
        for d in door_ids:
            dx, dy = (int(v) for v in d.split(","))
            if not any(cells.get((dx + ox, dy + oy)) == cid for ox, oy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                raise fail(f"crypt {cid!r}: the Door at {d} does not touch the crypt", needle)
        door_cm: dict[str, str] = {}
        for dd in raw.get("doors", []):
            if not isinstance(dd, dict) or dd.get("at") not in door_ids or dd.get("cm") not in symbols:
                raise fail(f"crypt {cid!r}: doors entries are {{ at = \"x,y\" (one of its Doors), cm = L|R... }}",
                           needle)
            door_cm[dd["at"]] = dd["cm"]
        for key in ("name", "rules", "cm_rule"):
            if not isinstance(raw.get(key, ""), str):
                raise fail(f"crypt {cid!r}: {key} must be text", needle)
        if game == "tomb" and (raw.get("rules") or raw.get("cm_rule")):
            raise fail(f"crypt {cid!r}: special crypt rules are a Tomb: Cryptmaster feature", needle)
        crypts[cid] = CryptInfo(cid, cap, cm, tuple(door_ids), door_cm, raw.get("name", ""),
                                raw.get("rules", ""), raw.get("cm_rule", ""))
    missing = [c for c in letters if c not in crypts]
    if missing:
        raise fail(f"the grid has crypt {missing[0]!r} but no [[crypts]] entry for it")
    digits = sorted({ch for ch in cells.values() if ch.isdigit()})
    rooms = doc.get("rooms", [])
    room_text: dict[str, str] = {}
    for raw in rooms if isinstance(rooms, list) else [None]:
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str) or not isinstance(raw.get("text", ""), str):
            raise fail("every [[rooms]] entry needs a string 'id' (its digit) and 'text'")
        room_text[raw["id"]] = raw.get("text", "")
    if digits and game == "tomb":
        raise fail("rooms are a Tomb: Cryptmaster feature", "rows")
    for d in digits:
        if d not in room_text:
            raise fail(f"the grid has room {d!r} but no [[rooms]] entry for it")
    hazard_cells = sorted(f"{x},{y}" for (x, y), ch in cells.items() if ch == "H")
    if hazard_cells and game == "tomb":
        raise fail("hazards are a Tomb: Cryptmaster feature", "rows")
    hazards: dict[str, str] = {}
    for raw in doc.get("hazards", []):
        if not isinstance(raw, dict) or raw.get("at") not in hazard_cells or not isinstance(raw.get("text"), str):
            raise fail("every [[hazards]] entry needs at = \"x,y\" (an H square) and text")
        hazards[raw["at"]] = raw["text"]
    if not any(ch == "E" for ch in cells.values()):
        raise fail("the board needs at least one Tomb entrance (E)", "rows")
    # the card set: a shipped set's name, a path beside the board, or inline data
    card_ref = doc.get("cards", "example")
    if isinstance(card_ref, dict):
        cards: CardSet = cards_from_data(card_ref, source=f"{source} [cards]", games=games)
    elif isinstance(card_ref, str):
        shipped = shipped_card_sets(game) if game != "tomb" else shipped_card_sets("tomb")
        if game != "tomb":
            shipped = {**shipped_card_sets("tomb"), **shipped}
        if card_ref in shipped:
            cards = load_cards(shipped[card_ref], games)
        else:
            path = Path(card_ref) if base is None else (base / card_ref)
            check_may_read(path, source=source)      # data from a trace names no file of its choosing
            if not path.is_file():
                raise fail(f"cards = {card_ref!r} is neither a shipped card set ({', '.join(shipped)}) "
                           "nor a file", "cards")
            cards = load_cards(path, games)
    else:
        raise fail("cards must be a card set's name or path, or the card set itself")
    # Turn Actions printed on board spaces (tomb.ambiguity.board-space-turn-actions = printed-on-board)
    from .cards import _Loader
    actions: dict[str, Any] = {}
    for raw in doc.get("actions", []):
        if not isinstance(raw, dict) or not isinstance(raw.get("at"), str) or not isinstance(raw.get("effect"), dict):
            raise fail("every [[actions]] entry needs at = \"x,y\" and effect = { kind = ..., ... }")
        at = raw["at"]
        ch = cells.get(tuple(int(v) for v in at.split(","))) if re.match(r"^\d+,\d+$", at) else None  # type: ignore[arg-type]
        if ch is None or ch == "#":
            raise fail(f"action at {at!r}: not a space of the grid")
        effect = _Loader(source, text, games).effect(dict(raw["effect"], timing="turn"), f"the space {at}",
                                                     allowed_timings=("turn",))
        actions[at] = (effect, raw.get("text", ""))
    data = {k: v for k, v in doc.items()}
    data["cards"] = cards.to_data()
    spaces: dict[str, Space] = {}
    for y, r in enumerate(rows):
        for x, ch in enumerate(r):
            sp = _cell_space(ch, x, y)
            if sp is not None and sp.id not in spaces:
                spaces[sp.id] = sp
    board = Board(meta["name"], meta.get("side", meta["name"]), tuple(rows), spaces, crypts, room_text, hazards,
                  actions, cards, meta.get("note", ""), source, data)
    reach = board.distances(INN, frozenset(board.spaces))
    for c in crypts.values():
        if not any(d in reach for d in c.doors):
            raise fail(f"crypt {c.id!r}: no Crypt Door can be reached from a Tomb entrance")
    return board


def load_board(path: str | Path, game: str = "tomb") -> Board:
    """Load a board file; any problem is :class:`InvalidInput` naming the file and, where known, line."""
    path = Path(path)
    source = str(path)
    text, doc = read_toml(path, source=source, what="board file")
    return board_from_data(doc, source=source, text=text, game=game, base=path.parent)


def shipped_boards(game: str = "tomb") -> dict[str, Path]:
    """The example boards shipped with tombspec for ``game``, by name (Cryptmaster may also play the
    Tomb boards: ``cryptmaster.tomb.board-sides``)."""
    import tombspec.spec

    root = Path(tombspec.spec.__file__).resolve().parent
    out = {p.stem: p for p in sorted((root / "tomb" / "boards").glob("*.toml"))}
    if game != "tomb":
        out.update({p.stem: p for p in sorted((root / game / "boards").glob("*.toml"))})
    return out


def resolve_board(board: Any, game: str, default: str) -> Board:
    """A ruleset's ``board=`` argument: None (the default), a shipped name, a path, data, or a Board."""
    if isinstance(board, Board):
        return board
    shipped = shipped_boards(game)
    if board is None:
        return load_board(shipped[default], game)
    if isinstance(board, dict):
        return board_from_data(board, source="<board data>", game=game)
    if isinstance(board, str) and board in shipped:
        return load_board(shipped[board], game)
    if isinstance(board, (str, Path)):
        return load_board(board, game)
    raise InvalidInput(f"board must be a shipped board's name ({', '.join(shipped)}), a path or board data, "
                       f"not {type(board).__name__}", source="<board>")


def iter_nodes(board: Board, kinds: Iterable[str]) -> list[str]:
    return [n for n, sp in board.spaces.items() if sp.kind in kinds]
