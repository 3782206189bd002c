"""Diagrams of the shipped example boards, drawn from their networkx graphs."""

from __future__ import annotations

from typing import Any

from . import md, plot
from .facts import Facts

KIND_COLOURS = {"monster": "#d9534f", "trap": "#f0ad4e", "portal": "#8e44ad", "start": "#5cb85c",
                "escape": "#3b7dd8"}
KIND_LETTERS = {"monster": "M", "trap": "T", "portal": "P", "start": "S", "escape": "E"}
TILE_FILL = {"plain": "#f4ecd8", "yellow-red": "#f7d154", "black": "#3a3a3a"}
OUTLINES = ("#1b4f72", "#7d3c98", "#117a65", "#b9770e", "#922b21", "#2e4053", "#6e2c00", "#1a5276")


def _footprint(board: Any, index: int) -> tuple[int, int, int, int]:
    """The rectangle (x0, y0, x1, y1) the placed tile covers, rotation included."""
    pl = board.placements[index]
    tile = next(t for t in board.tiles if t.id == pl.tile)
    h, w = len(tile.rows), len(tile.rows[0].split())
    if (pl.rotation // 90) % 2:
        h, w = w, h
    return pl.x, pl.y, pl.x + w - 1, pl.y + h - 1


def _covers(board: Any, index: int, x: int, y: int) -> bool:
    x0, y0, x1, y1 = _footprint(board, index)
    return x0 <= x <= x1 and y0 <= y <= y1


def draw(board: Any) -> bytes:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Rectangle

    xs = [s.x for s in board.spaces.values()]
    ys = [s.y for s in board.spaces.values()]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    fig, ax = plot.figure(figsize=(max(6.0, 0.55 * width + 2), max(3.0, 0.55 * height + 1.2)))
    ax.grid(False)
    pos = {n: (d["x"], -d["y"]) for n, d in board.graph.nodes(data=True)}
    for u, v in board.graph.edges():
        if u < v:
            (x1, y1), (x2, y2) = pos[u], pos[v]
            ax.plot([x1, x2], [y1, y2], color="#bbbbbb", lw=0.6, zorder=1)
    for node, data in board.graph.nodes(data=True):
        x, y = pos[node]
        kind = data["kind"]
        fill = KIND_COLOURS.get(kind) or TILE_FILL.get(data["colour"], TILE_FILL["plain"])
        overlapped = len(data["tiles"]) > 1
        ax.add_patch(Rectangle((x - 0.42, y - 0.42), 0.84, 0.84, facecolor=fill, zorder=2,
                               edgecolor="#000000", lw=1.8 if overlapped else 0.5))
        label = str(data["number"]) if kind == "number" else KIND_LETTERS.get(kind, "?")
        if kind == "escape" and data["number"] is not None:
            label = f"E{data['number']}"
        dark = fill in (TILE_FILL["black"], KIND_COLOURS["portal"], KIND_COLOURS["escape"], KIND_COLOURS["monster"])
        ax.text(x, y, label, ha="center", va="center", fontsize=9, zorder=3,
                color="white" if dark else "black", fontweight="bold" if kind != "number" else "normal")
    for i, pl in enumerate(board.placements):
        x0, y0, x1, y1 = _footprint(board, i)
        inset = 0.47 + 0.03 * (i % 3)
        colour = OUTLINES[i % len(OUTLINES)]
        ax.add_patch(Rectangle((x0 - inset, -y1 - inset), x1 - x0 + 2 * inset, y1 - y0 + 2 * inset, fill=False,
                               edgecolor=colour, lw=1.6, linestyle="--", zorder=4))
        covered_above = any(_covers(board, j, x0, y0 - 1) for j in range(len(board.placements)) if j != i)
        if covered_above:  # another tile lies just above: label below this one
            ax.text(x0 - inset, -y1 - inset - 0.08, f"{i + 1}: {pl.tile}", color=colour, fontsize=9, va="top",
                    zorder=5)
        else:
            ax.text(x0 - inset, -y0 + inset + 0.08, f"{i + 1}: {pl.tile}", color=colour, fontsize=9,
                    va="bottom", zorder=5)
    ax.set_xlim(min(xs) - 1, max(xs) + 1)
    ax.set_ylim(-max(ys) - 1.3, -min(ys) + 1.2)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    for side in ax.spines.values():
        side.set_visible(False)
    legend = [Line2D([0], [0], marker="s", color="w", markerfacecolor=c, markeredgecolor="#000", markersize=10,
                     label=k) for k, c in KIND_COLOURS.items()]
    legend += [Line2D([0], [0], marker="s", color="w", markerfacecolor=c, markeredgecolor="#000", markersize=10,
                      label=f"{k} tile") for k, c in TILE_FILL.items()]
    legend.append(Line2D([0], [0], marker="s", color="w", markerfacecolor="white", markeredgecolor="#000",
                         markeredgewidth=1.8, markersize=10, label="tiles overlap here"))
    ax.legend(handles=legend, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False)
    ax.set_title(f"{board.name} ({board.layout} layout): {len(board.spaces)} spaces, {len(board.placements)} tiles")
    return plot.png(fig, dpi=150)


#: The order the shipped boards are shown in: the standard game first.
BOARD_ORDER = ("standard", "small", "large", "special")


def pages(facts: Facts) -> dict[str, Any]:
    from tombspec.checks.games.raiders.reachability import raiders_board_report
    from tombspec.model.raiders.board import load_board, shipped_boards

    files: dict[str, Any] = {}
    out = ["# Example boards\n",
           "The rulebook of *Raiders of the Lost Tomb* does not print its tiles, so a board is a file"
           + (f" ({md.doc('board-format', 'the board format')})" if facts.has_page("board-format") else "")
           + ". tombspec ships example boards built to exercise every rule; "
           "they are not printed layouts. Each diagram is drawn from the board's networkx graph "
           f"({md.pyref('tombspec.model.raiders.board.Board')}): a square per space (numbers as printed; "
           "M Monster, T Trap, P Portal, S Start, E Escape), grey lines between adjacent spaces (8 directions, "
           f"{md.ref('raiders.move.any-direction')}), each tile outlined and numbered in stack order (a later tile "
           f"lies on top, {md.ref('raiders.setup.tile-on-top')}), and a thick border where tiles overlap.\n"]
    boards = shipped_boards()
    for name in sorted(boards, key=lambda n: (BOARD_ORDER.index(n) if n in BOARD_ORDER else len(BOARD_ORDER), n)):
        path = boards[name]
        board = load_board(path)
        files[f"img/board-{name}.png"] = draw(board)
        rep = raiders_board_report(board, name)
        by_pennies = ", ".join(f"{n}: {'yes' if ok else 'no'}" for n, ok in rep["escape_reachable_by_pennies"].items())
        out.append(f"\n## {md.esc(name)}\n\n{md.esc(board.note)}\n\n"
                   f"```{{image}} img/board-{name}.png\n:alt: The {name} board\n:width: 100%\n"
                   f":target: ../_images/board-{name}.png\n```\n\n"
                   + md.table(None, [
                       ["file", md.code(f"spec/boards/{path.name}")],
                       ["layout", md.esc(board.layout)],
                       ["spaces", str(len(board.spaces))],
                       ["tiles (stack order)", ", ".join(md.code(p.tile) for p in board.placements)],
                       ["moves from Start to Escape", str(rep["start_to_escape"])],
                       ["Escape reachable with n pennies and no Audacity", md.esc(by_pennies)],
                       ["spaces the Boss Monster can reach", str(rep["boss_reachable_spaces"])],
                   ], raw=True, widths="40 60"))
    files["boards.md"] = "\n".join(out)
    return files
