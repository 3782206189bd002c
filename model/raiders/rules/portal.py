"""Encounter a Portal Room: once per game per player; a 5 or 6 to use it; the malfunction."""

from __future__ import annotations

from typing import Any

from ...options import read
from ...traceability import implements


@implements("raiders.portal.once-per-game")
def can_use_portal(rs: Any, s: Any, player: int) -> bool:
    """'Use the Portal Room' is open: the Raider stands in a Portal room whose encounter is not yet
    resolved (``in_encounter``), and has not used a Portal in this game (``portal_used``)."""
    raider = s.raiders[player]
    return (raider.position is not None and raider.in_encounter and not raider.portal_used
            and rs.board.spaces[raider.position].kind == "portal")


@implements("raiders.portal.success", "raiders.ambiguity.portal-success-stay")
def portal_targets(rs: Any, here: str) -> list[str]:
    """'you may automatically move your character to any other room space marked "Portal"': any other
    Portal, and under reading ``may-stay`` of raiders.ambiguity.portal-success-stay (the move is a
    choice) the Portal the Raider stands in too."""
    others = [p for p in rs.board.portals if p != here]
    if not others:
        return []
    return [*others, here] if read(rs.options, "portal_success_stay") == "may-stay" else others


def tile_back(rs: Any, here: str, step: int | None = None) -> list[str]:
    """The spaces of the tile before the current one (``step`` -1) or after it (+1) that are adjacent
    to the current tile (8-adjacent to one of its spaces; a tile's spaces are those where it lies on
    top, ``space.tile``); empty when there is no such tile.  For a Portal malfunction the direction is
    the reading of ``raiders.ambiguity.back-one-full-tile`` ('Choose one of the spaces on the next tile
    and place your character on an adjacent space to the current tile')."""
    board = rs.board
    tile = board.spaces[here].tile
    if step is None:
        step = -1 if read(rs.options, "back_one_full_tile") == "previous-tile-adjacent" else 1
    current = set(board.tile_spaces(tile))
    return [sp for sp in board.tile_spaces(tile + step) if any(n in current for n in board.neighbours(sp))]


@implements("raiders.portal.malfunction", "raiders.portal.malfunction-placement",
            "raiders.ambiguity.back-one-full-tile", "raiders.ambiguity.malfunction-first-tile")
def malfunction_targets(rs: Any, here: str) -> list[str]:
    """Where a malfunction puts the Raider: one full card tile back; with no tile there, the Start space
    or the Portal room itself (``raiders.ambiguity.malfunction-first-tile``)."""
    spaces = tile_back(rs, here)
    if spaces:
        return spaces
    return [rs.board.start] if read(rs.options, "malfunction_first_tile") == "start-space" else [here]
