"""Raider Actions/Abilities: Move (with Audacity and the Natural 6), Prepare and Rest."""

from __future__ import annotations

from typing import Any

from ...options import read
from ...traceability import implements
from ..actions import MoveTo
from ..state import RaidersState, Roll
from .objective import STARTING_PENNIES, apply_gain_audacity, apply_gain_penny


@implements("raiders.move.natural-six", "raiders.ambiguity.natural-six-pennies")
def is_natural_six(rs: Any, roll: Roll) -> bool:
    """'all 6 pennies are Heads or Tails'."""
    if roll.heads is None or roll.heads not in (0, roll.pennies):
        return False
    return roll.pennies == 6 or (roll.pennies > 0 and read(rs.options, "natural_six") == "all-pennies")


@implements("raiders.audacity.alter-roll")
def compute_audacity_needed(rolled: int, number: int) -> int:
    """Audacity to alter a rolled number to ``number``: 1 per step, up or down."""
    return abs(number - rolled)


@implements("raiders.move.number-match", "raiders.move.any-direction", "raiders.move.space-numbers",
            "raiders.move.encounter-rooms", "raiders.portal.enter-on-any-number",
            "raiders.advanced.special-tiles", "raiders.advanced.yellow-red-heads-only",
            "raiders.advanced.black-any-face",
            "raiders.ambiguity.encounter-free-entry", "raiders.ambiguity.portal-second-visit",
            "raiders.ambiguity.start-escape-numbers", "raiders.ambiguity.black-tile-any-face")
def move_options(rs: Any, state: RaidersState) -> list[MoveTo]:
    """Every move open after the Move roll (Stay aside)."""
    board, options = rs.board, rs.options
    raider = state.raider(state.current)
    roll = state.roll
    assert roll is not None and roll.heads is not None and raider.position is not None
    here = raider.position
    if is_natural_six(rs, roll):
        return [MoveTo(s, "natural") for s in board.neighbours(here)]
    numbered: list[MoveTo] = []
    free: list[MoveTo] = []
    for s in board.neighbours(here):
        space = board.spaces[s]
        if space.is_encounter:
            if space.kind == "portal" and raider.portal_used and \
                    read(options, "portal_second_visit") == "no-entry":
                continue
            free.append(MoveTo(s, "free"))
            continue
        if space.number is None:  # a Start or Escape space without a printed number
            if read(options, "start_escape_numbers") == "any-roll":
                free.append(MoveTo(s, "free"))
            continue
        colour = space.colour if options.special_tiles else "plain"
        if colour == "black" and read(options, "black_tile") == "any-number":
            numbered.append(MoveTo(s, "heads", 0))
            continue
        faces = ("heads",) if colour == "yellow-red" else ("heads", "tails")
        seen: set[int] = set()
        for face in faces:
            rolled = roll.heads if face == "heads" else roll.tails
            assert rolled is not None
            need = compute_audacity_needed(rolled, space.number)
            if colour == "black" and need:
                continue
            if need <= raider.audacity and (face == "heads" or rolled not in seen):
                numbered.append(MoveTo(s, face, need))
                seen.add(rolled)
    if free and not numbered and read(options, "encounter_free_entry") == "successful-roll":
        free = []
    return numbered + free


def has_match(rs: Any, state: RaidersState) -> bool:
    return any(m.face in ("heads", "tails", "natural") for m in move_options(rs, state))


@implements("raiders.prepare.gain-audacity")
def apply_prepare(rs: Any, state: RaidersState) -> RaidersState:
    return apply_gain_audacity(rs, state, state.current)


@implements("raiders.rest.regain-penny")
def can_rest(rs: Any, state: RaidersState, player: int) -> bool:
    """A lost Penny to re-gain (never the penny lost for gaining the Grail)."""
    return state.raider(player).pennies < STARTING_PENNIES - (state.grail == player)


@implements("raiders.rest.regain-penny")
def apply_rest(rs: Any, state: RaidersState) -> RaidersState:
    return apply_gain_penny(rs, state, state.current)
