"""Monsters of Egypt: reachability over the board graph, for every side of every shipped set and any set
a user gives: the exit from each start (doors closed, each open, both), with bombs or the teleporter,
the chests and hazards no hero reaches, whether monsters reach the heroes, and whether Escape mode's
heroes can beat the ceiling (``tombspec.model.egypt.board.reachability_report``)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tombspec.spec import Catalog

from ...findings.base import Finding


def _summary(r: dict[str, Any]) -> str:
    doors = r["exit_from_each_start"]
    open_ = [label for label, starts in doors.items() if any(starts.values())]
    parts = [f"the exit is reachable with doors {', '.join(open_) or 'never'}"]
    if r.get("fewest_movements_to_exit") is not None:
        parts.append(f"{r['fewest_movements_to_exit']} movements ({r['fewest_rounds_to_exit']} rounds) at best")
    if r.get("escape_in_time") is not None:
        parts.append("in time before the ceiling" if r["escape_in_time"] else "not before the ceiling arrives")
    if r["unreachable_chests"]:
        parts.append(f"chests no hero reaches: {', '.join(r['unreachable_chests'])}")
    return "; ".join(parts) + ("" if r["winnable"] else "; THE GAME CANNOT BE WON")


def reports(board_file: Path | None = None) -> list[dict[str, Any]]:
    """One report per side of every shipped set (and of ``board_file`` when it is an Egypt set)."""
    from tombspec.model.egypt.board import load_set, reachability_report, shipped_set, shipped_sets

    sets = [(name, shipped_set(name)) for name in shipped_sets()]
    if board_file is not None:
        try:
            sets.append((str(board_file), load_set(board_file)))
        except Exception:   # a board of another game: not an Egypt set
            pass
    out = []
    for name, board_set in sets:
        for side, board in board_set.sides.items():
            r = reachability_report(board)
            out.append({"game": "egypt", "board": f"{name} ({side})", **r, "summary": _summary(r)})
    return out


def unwinnable_boards(cat: Catalog) -> Iterable[Finding]:
    """A shipped board on which the game cannot be won (no start reaches the exit, whichever door opens)."""
    for r in reports():
        if not r["winnable"]:
            yield Finding(f"egypt.derived.unwinnable-{r['board'].replace(' ', '-').replace('(', '').replace(')', '')}",
                          "egypt", "derived-fact", ("egypt.tomb.open-a-door",),
                          f"on the example board {r['board']} the exit cannot be reached from any start", r)
