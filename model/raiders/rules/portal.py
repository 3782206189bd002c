"""Encounter a Portal Room: once per game per player; a 5 or 6 to use it; the malfunction."""

from __future__ import annotations

from typing import Any

from ...options import read
from ...traceability import implements
from ..state import RaidersState


@implements("raiders.portal.once-per-game")
def can_use_portal(rs: Any, state: RaidersState, player: int) -> bool:
    raider = state.raider(player)
    return (raider.position is not None and raider.in_encounter and not raider.portal_used
            and rs.board.spaces[raider.position].kind == "portal")


@implements("raiders.portal.success")
def portal_targets(rs: Any, here: str) -> list[str]:
    """'you may automatically move your character to any other room space marked "Portal"': any other
    Portal, or (since it is "may") the Portal the Raider stands in."""
    others = [p for p in rs.board.portals if p != here]
    return [*others, here] if others else []


@implements("raiders.portal.malfunction", "raiders.portal.malfunction-placement",
            "raiders.ambiguity.back-one-full-tile")
def malfunction_targets(rs: Any, here: str) -> list[str]:
    """Spaces of the previous (or, on the other reading, next) tile adjacent to the current tile."""
    board = rs.board
    tile = board.spaces[here].tile
    step = -1 if read(rs.options, "back_one_full_tile") == "previous-tile-adjacent" else 1
    target = tile + step
    current = set(board.tile_spaces(tile))
    spaces = [s for s in board.tile_spaces(target)
              if any(n in current for n in board.neighbours(s))]
    return spaces or [board.start]
