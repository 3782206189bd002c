"""What holds in every reachable state of Raiders of the Lost Tomb.

Each invariant is named after the catalog rule it follows from.  The numeric ones are written over
``tombspec.model.numeric`` so that ``tombspec.checks.proofs`` can prove them inductively with z3 over
the same transition cores the model runs (see ``NUMERIC_INVARIANTS`` and ``TRANSITIONS``).
"""

from __future__ import annotations

from typing import Any

from ..numeric import all_, implies
from ..options import read
from ..ruleset import Violation
from .rules.objective import STARTING_PENNIES, compute_max_pennies
from .state import RaidersState


# Numeric invariants: functions of a Raider's numbers, for ints and z3 terms alike -----------------

def inv_pennies(pennies: Any, holds_grail: Any, alive: Any) -> Any:
    """A living Raider holds 1..6 pennies, less the Grail penny (raiders.death.killed,
    raiders.ambiguity.penny-cap)."""
    return implies(alive, all_(pennies >= 1, pennies <= compute_max_pennies(holds_grail)))


def inv_audacity(audacity: Any) -> Any:
    """Audacity is never negative: only Audacity one has can be discarded (raiders.audacity.alter-roll)."""
    return audacity >= 0


def inv_boss_track(track: Any) -> Any:
    """The Quarter is on 8..1 or off the track (raiders.boss.track-start, raiders.boss.spawn)."""
    return all_(track >= 0, track <= 8)


NUMERIC_INVARIANTS = {
    "raiders.death.killed": inv_pennies,
    "raiders.audacity.alter-roll": inv_audacity,
    "raiders.boss.track-start": inv_boss_track,
}


def violations(rs: Any, state: RaidersState) -> list[Violation]:
    out: list[Violation] = []
    board = rs.board
    capped = read(rs.options, "penny_cap") == "six"
    for p, r in enumerate(state.raiders):
        alive = not r.killed
        if capped and not inv_pennies(r.pennies, state.grail == p, alive):
            out.append(Violation("raiders.death.killed",
                                 f"player {p} holds {r.pennies} pennies (alive={alive}, grail={state.grail == p})"))
        if not capped and alive and r.pennies < 1:
            out.append(Violation("raiders.death.killed", f"player {p} is alive with {r.pennies} pennies"))
        if not inv_audacity(r.audacity):
            out.append(Violation("raiders.audacity.alter-roll", f"player {p} has {r.audacity} Audacity"))
        if r.position is not None and r.position not in board.spaces:
            out.append(Violation("raiders.move.any-direction", f"player {p} is on {r.position!r}, off the board"))
        if r.trapped and (r.killed or state.boss is None):
            out.append(Violation("raiders.boss.traps-raider", f"player {p} is Trapped with no Boss"))
        if r.in_encounter and (r.position is None or not board.spaces[r.position].is_encounter):
            out.append(Violation("raiders.move.encounter-rooms", f"player {p} is in an encounter off a room"))
    if read(rs.options, "audacity_cap") == "shared-six" and sum(r.audacity for r in state.raiders) > 6:
        out.append(Violation("raiders.components.audacity-nickels", "more than six Audacity Nickels held"))
    if not inv_boss_track(state.boss_track):
        out.append(Violation("raiders.boss.track-start", f"Boss track at {state.boss_track}"))
    if (state.boss is None) != (state.boss_track > 0):
        out.append(Violation("raiders.boss.spawn",
                             f"Boss on {state.boss!r} with the track at {state.boss_track}"))
    if state.phase != "over":
        if state.grail is None or state.raider(state.grail).killed:
            out.append(Violation("raiders.grail.gain-cost", "no living Raider holds The Holy Grail"))
        if state.raider(state.current).killed:
            out.append(Violation("raiders.death.killed", "a Killed Raider has the turn"))
    if state.attack is not None and state.attack.attacker == state.grail:
        out.append(Violation("raiders.attack.holder-never-attacks", "the Grail holder is attacking"))
    if state.phase == "over" and state.winner is not None and \
            state.raider(state.winner).position != board.escape:
        out.append(Violation("raiders.object.escape-with-grail", "a winner who has not escaped"))
    if state.grail is not None and capped:
        held = state.raider(state.grail).pennies
        if held > STARTING_PENNIES - 1:
            out.append(Violation("raiders.ambiguity.penny-cap", "the Grail holder holds six pennies"))
    return out
