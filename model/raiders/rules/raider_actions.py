"""Raider Actions/Abilities: Move (with Audacity and the Natural 6), Prepare and Rest.

One predicate decides whether a move is open, :func:`move_rule`; listing the moves
(:func:`move_options`) and checking one (``turn.apply``) both use it, so they never disagree.
"""

from __future__ import annotations

from typing import Any

from ...options import read
from ...traceability import implements
from ..actions import MoveTo
from ..state import Roll
from .objective import STARTING_PENNIES, apply_gain_audacity, apply_gain_penny


@implements("raiders.move.natural-six", "raiders.ambiguity.natural-six-pennies")
def is_natural_six(rs: Any, roll: Roll) -> bool:
    """'all 6 pennies are Heads or Tails'."""
    if roll.heads is None or roll.heads not in (0, roll.pennies) or roll.pennies <= 0:
        return False
    if roll.pennies == 6 and not roll.extra:     # six of the Raider's own: a Natural 6 under every reading
        return True
    reading = read(rs.options, "natural_six")
    if reading == "own-pennies":                 # temporary pennies added, or not six: not one
        return False
    return roll.pennies == 6 or reading == "all-pennies"


@implements("raiders.audacity.alter-roll")
def compute_audacity_needed(rolled: int, number: int) -> int:
    """Audacity to alter a rolled number to ``number``: 1 per step, up or down."""
    return abs(number - rolled)


def colour_of(rs: Any, space: Any) -> str:
    """The tile colour that matters: ``plain`` unless the Special Tiles are in play."""
    return space.colour if rs.options.special_tiles else "plain"


def is_free_entry(rs: Any, space: Any) -> bool:
    """A space entered without a number: an Encounter room, or a Start/Escape space printed without one."""
    return space.is_encounter or (space.number is None and read(rs.options, "start_escape_numbers") == "any-roll")


@implements("raiders.move.number-match", "raiders.move.any-direction", "raiders.move.space-numbers",
            "raiders.move.encounter-rooms", "raiders.encounter.optional-entry", "raiders.portal.enter-on-any-number",
            "raiders.move.natural-six",
            "raiders.advanced.special-tiles", "raiders.advanced.yellow-red-heads-only",
            "raiders.advanced.black-any-face", "raiders.advanced.audacity-advanced",
            "raiders.ambiguity.encounter-free-entry", "raiders.ambiguity.portal-second-visit",
            "raiders.ambiguity.start-escape-numbers", "raiders.ambiguity.black-tile-any-face",
            "raiders.ambiguity.natural-six-yellow-red", "raiders.ambiguity.yellow-red-encounter-rooms",
            "raiders.ambiguity.black-tile-boosted-roll", "raiders.ambiguity.move-audacity-beyond-need")
def move_rule(rs: Any, s: Any, move: MoveTo, *, numbered: bool | None = None) -> str | None:
    """None when ``move`` is open after the Move roll of ``s``; else the rule it breaks.

    ``numbered`` (whether some adjacent numbered room matches the roll) is computed when the reading of
    ``raiders.ambiguity.encounter-free-entry`` needs it; a caller listing every move passes it."""
    board, options = rs.board, rs.options
    raider = s.raiders[s.current]
    roll = s.roll
    here = raider.position
    if move.space not in board.spaces or move.space not in board.neighbours(here):
        return "raiders.move.any-direction"
    space = board.spaces[move.space]
    colour = colour_of(rs, space)
    if move.audacity < 0 or move.audacity > raider.audacity:
        return "raiders.audacity.alter-roll"
    if colour == "black" and roll.extra and read(options, "black_tile_boosted_roll") == "no-boosted-entry":
        return "raiders.advanced.black-any-face"     # a roll boosted with Audacity does not enter Black
    if move.face == "natural":
        if not is_natural_six(rs, roll) or move.audacity:
            return "raiders.move.natural-six"
        if colour == "yellow-red" and roll.heads == 0 and \
                read(options, "natural_six_yellow_red") == "heads-only":
            return "raiders.advanced.yellow-red-heads-only"
        return None
    if move.face == "free":
        if not is_free_entry(rs, space) or move.audacity:
            return "raiders.move.encounter-rooms" if space.is_encounter else "raiders.move.number-match"
        if space.kind == "portal" and raider.portal_used and read(options, "portal_second_visit") == "no-entry":
            return "raiders.portal.once-per-game"
        if space.is_encounter and colour == "yellow-red" and \
                read(options, "yellow_red_encounter_rooms") == "by-heads":
            return "raiders.advanced.yellow-red-heads-only"
        if read(options, "encounter_free_entry") == "successful-roll":
            if numbered is None:
                numbered = has_numbered_match(rs, s)
            if not numbered:      # 'If you do not fail your Move roll, you may choose to move into ...'
                return "raiders.encounter.optional-entry"
        return None
    if move.face not in ("heads", "tails"):
        return "raiders.move.number-match"
    if colour == "yellow-red" and move.face == "tails":
        return "raiders.advanced.yellow-red-heads-only"
    if space.is_encounter:
        # Only a Yellow/Red tile's Encounter room, under the by-heads reading, is entered by a number.
        if colour == "yellow-red" and move.face == "heads" and not move.audacity and \
                read(options, "yellow_red_encounter_rooms") == "by-heads":
            return None
        return "raiders.move.encounter-rooms"
    if space.number is None:
        return "raiders.move.number-match"
    if colour == "black" and read(options, "black_tile") == "any-number":
        return None if move.audacity == 0 else "raiders.advanced.black-any-face"
    rolled = roll.heads if move.face == "heads" else roll.tails
    need = compute_audacity_needed(rolled, space.number)
    if colour == "black":      # "Any face can be used! (But no Audacity may be used!)"
        if move.audacity:
            return "raiders.advanced.black-any-face"
        return None if need == 0 else "raiders.move.number-match"     # no Audacity used: the number misses
    if options.audacity_advanced and move.audacity:
        return "raiders.advanced.audacity-advanced"     # "Instead of altering your roll ..."
    if move.audacity == need:
        return None
    if move.audacity > need and read(options, "move_audacity") == "at-least-needed":
        return None     # 'you may alter your roll ... by 1' for each discard: the ones beyond the need are lost
    return "raiders.audacity.alter-roll" if move.audacity else "raiders.move.number-match"


def has_numbered_match(rs: Any, s: Any, candidates: list[MoveTo] | None = None) -> bool:
    """Whether the roll matches (as rolled or altered) some adjacent numbered room, or is a Natural 6:
    some move-to by a number or a Natural 6 that :func:`move_rule` accepts (a Black room under
    ``black_tile`` = any-number included), trying each adjacent space with the Audacity its number needs
    (and a Black room with none)."""
    spaces = rs.board.spaces
    return any((m.face == "natural" or (m.face in ("heads", "tails") and spaces[m.space].number is not None))
               and move_rule(rs, s, m, numbered=True) is None
               for m in (_candidates(rs, s) if candidates is None else candidates))


def _candidates(rs: Any, s: Any) -> list[MoveTo]:
    """Every move worth asking :func:`move_rule` about: for each adjacent space, the natural move, the
    free entry, and Heads and Tails with the Audacity each needs."""
    board = rs.board
    raider = s.raiders[s.current]
    roll = s.roll
    out: list[MoveTo] = []
    natural = is_natural_six(rs, roll)
    for sid in board.neighbours(raider.position):
        space = board.spaces[sid]
        if natural:
            out.append(MoveTo(sid, "natural"))
        if is_free_entry(rs, space):
            out.append(MoveTo(sid, "free"))
        if space.number is not None:
            for face in ("heads", "tails"):
                rolled = roll.heads if face == "heads" else roll.tails
                out.append(MoveTo(sid, face, compute_audacity_needed(rolled, space.number)))
                if colour_of(rs, space) == "black":
                    out.append(MoveTo(sid, face, 0))
        elif space.is_encounter and colour_of(rs, space) == "yellow-red":
            out.append(MoveTo(sid, "heads"))
    return out


def move_options(rs: Any, s: Any) -> list[MoveTo]:
    """Every move open after the Move roll (Stay aside), each once; a move by a number with more Audacity
    than it needs follows the moves with the need (``raiders.ambiguity.move-audacity-beyond-need`` =
    at-least-needed only)."""
    candidates = _candidates(rs, s)
    numbered = has_numbered_match(rs, s, candidates)
    seen: set[MoveTo] = set()
    out = []
    for m in candidates:
        if m not in seen and move_rule(rs, s, m, numbered=numbered) is None:
            seen.add(m)
            out.append(m)
    held = s.raiders[s.current].audacity
    for m in list(out):
        if m.face in ("heads", "tails") and m.audacity < held:
            for k in range(m.audacity + 1, held + 1):
                more = MoveTo(m.space, m.face, k)
                if move_rule(rs, s, more, numbered=numbered) is not None:
                    break       # refused for one more: for any more too (the need, a Black room, Advanced)
                if more not in seen:
                    seen.add(more)
                    out.append(more)
    return out


def has_match(rs: Any, s: Any) -> bool:
    """The Move roll did not fail: some move by a number (or a Natural 6) is open."""
    return has_numbered_match(rs, s)


@implements("raiders.prepare.gain-audacity")
def apply_prepare(rs: Any, d: Any) -> None:
    apply_gain_audacity(rs, d, d.current)


@implements("raiders.rest.regain-penny")
def has_lost_penny(s: Any, player: int) -> bool:
    """A lost Penny to re-gain (never the penny lost for gaining the Grail)."""
    return s.raiders[player].pennies < STARTING_PENNIES - (s.grail == player)


@implements("raiders.rest.regain-penny", "raiders.ambiguity.rest-without-lost-penny")
def can_rest(rs: Any, s: Any, player: int) -> bool:
    """Rest is open: a lost Penny to re-gain, or, under reading skip-turn of
    ``raiders.ambiguity.rest-without-lost-penny``, always (the turn skipped for nothing)."""
    return has_lost_penny(s, player) or read(rs.options, "rest_without_lost_penny") == "skip-turn"


@implements("raiders.rest.regain-penny")
def apply_rest(rs: Any, d: Any) -> None:
    if has_lost_penny(d, d.current):
        apply_gain_penny(rs, d, d.current)
