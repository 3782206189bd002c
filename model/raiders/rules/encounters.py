"""Encounters: the rooms that pull a Raider in, and the roll for a 5 or 6 (Monster, Trap and Portal
rooms, and the escape from the Boss Monster), with the Audacity that may alter it.

One predicate decides whether a spend is open, :func:`spend_rule`; listing and checking both use it.
"""

from __future__ import annotations

from typing import Any

from ...options import read
from ...traceability import implements
from ..actions import Spend
from ..state import Roll
from .raider_actions import colour_of


@implements("raiders.encounter.forced-move", "raiders.ambiguity.ahead-behind")
def pullers(rs: Any, s: Any, player: int) -> tuple[str, ...]:
    """Monster and Trap spaces adjacent to the Raider and closer to the Escape Space ("Behind")."""
    board = rs.board
    here = s.raiders[player].position
    if here is None:
        return ()
    agreed = board.pulling_agrees[here]
    if agreed is not None:
        return agreed
    return board.pulling(here, read(rs.options, "ahead_behind"))


@implements("raiders.encounter.pass-on-five-or-six", "raiders.portal.use-on-five-or-six",
            "raiders.boss.escape-roll", "raiders.ambiguity.five-or-six")
def faces_for_five_or_six(rs: Any) -> tuple[str, ...]:
    """The numbers of a roll that may pass a 5-or-6 roll: Heads, and Tails unless the reading of
    ``raiders.ambiguity.five-or-six`` is ``heads-only``."""
    return ("heads",) if read(rs.options, "five_or_six") == "heads-only" else ("heads", "tails")


def is_five_or_six(number: int) -> bool:
    """A 5 or a 6 (a number of Heads or Tails)."""
    return number in (5, 6)


def distance_to_five_or_six(number: int) -> int:
    """The fewest alterations by 1 that make ``number`` a 5 or a 6."""
    return 0 if is_five_or_six(number) else min(abs(number - 5), abs(number - 6))


def rolled(roll: Roll, face: str) -> int:
    """The Heads number or the Tails number of a roll."""
    return roll.heads if face == "heads" else roll.pennies - roll.heads


def passes_unaltered(rs: Any, roll: Roll) -> bool:
    if is_five_or_six(rolled(roll, "heads")):
        return True
    # Only the Tails number could pass: now the reading of "a 5 or 6" decides.
    return is_five_or_six(rolled(roll, "tails")) and "tails" in faces_for_five_or_six(rs)


@implements("raiders.ambiguity.black-tile-encounter-audacity")
def no_audacity_here(rs: Any, s: Any) -> bool:
    """Audacity may not be used on this 5-or-6 roll: the Raider stands in a Black tile room and the
    reading of ``raiders.ambiguity.black-tile-encounter-audacity`` extends the Black tile's ban."""
    here = s.raiders[s.current].position
    return here is not None and colour_of(rs, rs.board.spaces[here]) == "black" and \
        read(rs.options, "black_tile_encounter_audacity") == "every-roll"


@implements("raiders.audacity.alter-roll", "raiders.portal.example-malfunction", "raiders.ambiguity.useless-audacity")
def spend_rule(rs: Any, s: Any, spend: Spend) -> str | None:
    """None when ``spend`` is open on the 5-or-6 roll of ``s``; else the rule it breaks.

    ``Spend(0)`` (on either number) declines: the roll stands.  A spend of ``k`` on a number alters it
    by up to ``k``: the roll passes when that can make it a 5 or 6 (:func:`spend_passes`)."""
    if spend.face not in ("heads", "tails") or spend.target != "own":   # one's own roll, Heads or Tails
        return "raiders.audacity.alter-roll"
    if spend.audacity == 0:
        return None
    if spend.audacity < 0 or spend.audacity > s.raiders[s.current].audacity:
        return "raiders.audacity.alter-roll"
    if no_audacity_here(rs, s):
        return "raiders.advanced.black-any-face"
    if spend.face == "tails" and "tails" not in faces_for_five_or_six(rs):
        # the rule that asks this roll's 5 or 6 (a spend on the Tails under reading heads-only)
        return {"portal": "raiders.portal.use-on-five-or-six", "escape": "raiders.boss.escape-roll"}.get(
            s.roll.purpose, "raiders.encounter.pass-on-five-or-six")
    if read(rs.options, "useless_audacity") == "refused":
        number = rolled(s.roll, spend.face)
        if not (is_five_or_six(number + spend.audacity) or is_five_or_six(number - spend.audacity)):
            return "raiders.audacity.alter-roll"
    return None


def spend_passes(rs: Any, s: Any, spend: Spend) -> bool:
    """The roll passes after ``spend``: its number can be altered to a 5 or 6 by the Audacity spent."""
    if spend.audacity == 0:
        return False
    return distance_to_five_or_six(rolled(s.roll, spend.face)) <= spend.audacity


def spend_options(rs: Any, s: Any) -> list[Spend]:
    """Every spend open on the 5-or-6 roll: declining (on either number) first."""
    out = [Spend(0, "heads"), Spend(0, "tails")]
    audacity = s.raiders[s.current].audacity
    if audacity == 0 or no_audacity_here(rs, s):
        return out
    for face in faces_for_five_or_six(rs):
        for k in range(1, audacity + 1):
            candidate = Spend(k, face)
            if spend_rule(rs, s, candidate) is None:
                out.append(candidate)
    return out


def offers_a_spend(rs: Any, s: Any) -> bool:
    """Whether a failed 5-or-6 roll is followed by a decision to spend (some spend but declining is open)."""
    return len(spend_options(rs, s)) > 2
