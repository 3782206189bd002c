"""What holds in every reachable state of Raiders of the Lost Tomb.

Each invariant is named after the catalog rule it follows from.  The numeric ones are written over
``tombspec.model.numeric`` so that ``tombspec.checks.proofs`` can prove them inductively with z3 over
the same transition cores the model runs (see ``NUMERIC_INVARIANTS`` and ``TRANSITIONS``).
"""

from __future__ import annotations

from typing import Any

from ..effects import find
from ..numeric import all_, implies
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


#: The phases in which the acting Raider decides how much Audacity to spend.
SPENDING_PHASES = frozenset({"boost", "attack-boost-defender", "attack-boost-attacker", "spend",
                             "attack-defender", "attack-attacker"})


def acting(state: RaidersState) -> int:
    from .rules.turn import acting_player
    return acting_player(state)


def _dropped(state: RaidersState) -> Any:
    """The ``grail-dropped`` effect (reading dropped of raiders.ambiguity.grail-holder-killed), or None."""
    return find(state.effects, "grail-dropped") if state.effects else None


def violations(rs: Any, state: RaidersState) -> list[Violation]:
    out: list[Violation] = []
    board = rs.board
    # An unset reading never lets a Raider pass six pennies (the model stops with Unspecified first).
    capped = rs.options.penny_cap != "no-cap"
    # Under reading owed of raiders.ambiguity.monster-fail-without-audacity a Raider's Audacity falls below
    # zero (owed) and nothing can be spent until it is paid back: never asked to boost or spend.
    owed = rs.options.monster_fail_audacity == "owed"
    for p, r in enumerate(state.raiders):
        alive = not r.killed
        if capped and not inv_pennies(r.pennies, state.grail == p, alive):
            out.append(Violation("raiders.death.killed",
                                 f"player {p} holds {r.pennies} pennies (alive={alive}, grail={state.grail == p})"))
        if not capped and alive and r.pennies < 1:
            out.append(Violation("raiders.death.killed", f"player {p} is alive with {r.pennies} pennies"))
        if not owed and not inv_audacity(r.audacity):
            out.append(Violation("raiders.audacity.alter-roll", f"player {p} has {r.audacity} Audacity"))
        if owed and r.audacity < 0 and state.phase in SPENDING_PHASES and acting(state) == p:
            out.append(Violation("raiders.ambiguity.monster-fail-without-audacity",
                                 f"player {p} owes {-r.audacity} Audacity and is asked to spend some"))
        if r.position is not None and r.position not in board.spaces:
            out.append(Violation("raiders.move.any-direction", f"player {p} is on {r.position!r}, off the board"))
        if r.trapped and (r.killed or state.boss is None):
            out.append(Violation("raiders.boss.traps-raider", f"player {p} is Trapped with no Boss"))
        if r.in_encounter and (r.position is None or not board.spaces[r.position].is_encounter):
            out.append(Violation("raiders.move.encounter-rooms", f"player {p} is in an encounter off a room"))
    if rs.options.audacity_cap == "shared-six" and sum(max(r.audacity, 0) for r in state.raiders) > 6:
        out.append(Violation("raiders.components.audacity-nickels", "more than six Audacity Nickels held"))
    if not inv_boss_track(state.boss_track):
        out.append(Violation("raiders.boss.track-start", f"Boss track at {state.boss_track}"))
    if (state.boss is None) != (state.boss_track > 0):
        out.append(Violation("raiders.boss.spawn",
                             f"Boss on {state.boss!r} with the track at {state.boss_track}"))
    if state.phase not in ("over", "coin-toss"):
        if state.grail is None and not _dropped(state) or \
                state.grail is not None and state.raider(state.grail).killed:
            out.append(Violation("raiders.grail.gain-cost", "no living Raider holds The Holy Grail"))
        if state.raider(state.current).killed:
            out.append(Violation("raiders.death.killed", "a Killed Raider has the turn"))
    dropped = _dropped(state)
    if dropped is not None and (
            state.grail is not None or rs.options.grail_holder_killed != "dropped"
            or dropped.subject not in board.spaces
            or any(r.position == dropped.subject for r in state.raiders)):
        out.append(Violation("raiders.ambiguity.grail-holder-killed",
                             f"the Grail lies on {dropped.subject!r} with holder {state.grail}, a Raider there, "
                             f"or another reading"))
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


# The inductive proof obligations (DESIGN.md checks/: IndInit and IndNext) -------------------------
# One Raider's numbers and the Boss track, the initial values, and every numeric transition core as
# it is called by the rules: ``transition(v) -> (guard, {variable: new value})``.

from ..numeric import not_  # noqa: E402
from .rules.boss import compute_boss_track  # noqa: E402
from .rules.objective import (compute_gain_audacity, compute_gain_pennies, compute_grail_gain,  # noqa: E402
                              compute_grail_return, compute_lose_audacity, compute_lose_pennies,
                              is_killed)

PROOF_VARIABLES = {"pennies": int, "audacity": int, "holds_grail": bool, "alive": bool, "boss_track": int,
                   "amount": int, "supply": int}


def proof_init(v: dict[str, Any]) -> Any:
    """Tomb Set Up: 6 Pennies, 2 Audacity, no Grail yet, the Quarter on 8."""
    return all_(v["pennies"] == STARTING_PENNIES, v["audacity"] == 2, not_(v["holds_grail"]),
                v["alive"], v["boss_track"] == 8)


def _lose_penny(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    p = compute_lose_pennies(v["pennies"], 1)
    return v["alive"], {"pennies": p, "alive": not_(is_killed(p))}


def _gain_grail(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    p, a = compute_grail_gain(v["pennies"], v["audacity"])
    return all_(v["alive"], not_(v["holds_grail"])), {"pennies": p, "audacity": a, "holds_grail": True,
                                                        "alive": not_(is_killed(p))}


PROOF_TRANSITIONS: dict[str, tuple[tuple[str, ...], Any]] = {
    "rest": (("raiders.rest.regain-penny",), lambda v: (
        all_(v["alive"], v["pennies"] < compute_max_pennies(v["holds_grail"])),
        {"pennies": compute_gain_pennies(v["pennies"], 1, compute_max_pennies(v["holds_grail"]))})),
    "gain-penny": (("raiders.trap.pass", "raiders.boss.escape-pass"), lambda v: (
        v["alive"], {"pennies": compute_gain_pennies(v["pennies"], 1, compute_max_pennies(v["holds_grail"]))})),
    "lose-penny": (("raiders.trap.fail", "raiders.boss.escape-fail", "raiders.death.killed"), _lose_penny),
    "gain-grail": (("raiders.grail.gain-cost", "raiders.attack.winner-gains-grail"), _gain_grail),
    "grail-returned": (("raiders.attack.grail-penny-returned",), lambda v: (
        all_(v["alive"], v["holds_grail"]),
        {"pennies": compute_grail_return(v["pennies"]), "holds_grail": False})),
    "spend-audacity": (("raiders.audacity.alter-roll", "raiders.monster.fail"), lambda v: (
        all_(v["amount"] >= 0), {"audacity": compute_lose_audacity(v["audacity"], v["amount"])})),
    "gain-audacity": (("raiders.prepare.gain-audacity", "raiders.move.natural-six"), lambda v: (
        True, {"audacity": compute_gain_audacity(v["audacity"], 1, v["supply"])})),
    "round-end": (("raiders.boss.track-countdown",), lambda v: (
        True, {"boss_track": compute_boss_track(v["boss_track"])})),
}

PROOF_INVARIANTS: dict[str, Any] = {
    "raiders.death.killed": lambda v: inv_pennies(v["pennies"], v["holds_grail"], v["alive"]),
    "raiders.audacity.alter-roll": lambda v: inv_audacity(v["audacity"]),
    "raiders.boss.track-start": lambda v: inv_boss_track(v["boss_track"]),
}
