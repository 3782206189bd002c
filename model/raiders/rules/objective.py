"""The Object of the Game; Losing Pennies; gaining and losing The Holy Grail.

The numeric cores here are written over ``tombspec.model.numeric`` so that ``tombspec.checks`` proves
the invariants on the very same functions with z3 terms.
"""

from __future__ import annotations

from typing import Any

import attrs

from ...numeric import if_, max_, min_
from ...options import read
from ...traceability import implements, note
from ..state import RaidersState

STARTING_PENNIES = 6
STARTING_AUDACITY = 2
AUDACITY_NICKELS = 6
UNBOUNDED = 10**6


# Numeric cores -------------------------------------------------------------------------------------

@implements("raiders.ambiguity.penny-cap", "raiders.components.pennies")
def compute_max_pennies(holds_grail: Any, cap: Any = STARTING_PENNIES) -> Any:
    """The most pennies a Raider may hold: six, less the Grail penny set aside."""
    return cap - if_(holds_grail, 1, 0)


@implements("raiders.trap.pass", "raiders.boss.escape-pass", "raiders.rest.regain-penny")
def compute_gain_pennies(pennies: Any, gain: Any, most: Any) -> Any:
    """Pennies after gaining ``gain``, never above ``most``."""
    return min_(pennies + gain, max_(most, pennies))


@implements("raiders.trap.fail", "raiders.boss.escape-fail")
def compute_lose_pennies(pennies: Any, loss: Any) -> Any:
    return max_(pennies - loss, 0)


@implements("raiders.death.killed")
def is_killed(pennies: Any) -> Any:
    """'If at any time you lose all of your pennies, you are Killed'."""
    return pennies <= 0


@implements("raiders.audacity.alter-roll", "raiders.monster.fail", "raiders.boss.escape-fail")
def compute_lose_audacity(audacity: Any, loss: Any) -> Any:
    """Audacity after losing ``loss``; nobody loses Audacity they do not have."""
    return max_(audacity - loss, 0)


@implements("raiders.prepare.gain-audacity", "raiders.ambiguity.audacity-cap")
def compute_gain_audacity(audacity: Any, gain: Any, supply: Any) -> Any:
    """Audacity after gaining ``gain`` with ``supply`` Nickels left to take."""
    return audacity + min_(gain, max_(supply, 0))


@implements("raiders.grail.gain-cost")
def compute_grail_gain(pennies: Any, audacity: Any) -> tuple[Any, Any]:
    """'they immediately reduce the pennies they have by 1 and they also gain 1 Audacity'."""
    return pennies - 1, audacity + 1


@implements("raiders.attack.grail-penny-returned")
def compute_grail_return(pennies: Any) -> Any:
    return pennies + 1


# Transitions -------------------------------------------------------------------------------------

def penny_cap(rs: Any, state: RaidersState, player: int, gain: int = 1) -> int:
    """The most pennies ``player`` may hold after gaining ``gain``; the reading of the penny cap is
    asked for only when the gain would take them past six."""
    six = compute_max_pennies(state.grail == player, STARTING_PENNIES)
    if state.raider(player).pennies + gain <= six:
        return six
    return six if read(rs.options, "penny_cap") == "six" else UNBOUNDED


def audacity_supply(rs: Any, state: RaidersState, gain: int = 1) -> int:
    """Audacity Nickels left to take; the reading is asked for only when six could run out."""
    held = sum(r.audacity for r in state.raiders)
    if held + gain <= AUDACITY_NICKELS or read(rs.options, "audacity_cap") == "no-cap":
        return UNBOUNDED
    return AUDACITY_NICKELS - held


def apply_gain_audacity(rs: Any, state: RaidersState, player: int, gain: int = 1) -> RaidersState:
    r = state.raider(player)
    return state.with_raider(player, audacity=compute_gain_audacity(r.audacity, gain,
                                                                    audacity_supply(rs, state, gain)))


def apply_lose_audacity(state: RaidersState, player: int, loss: int = 1) -> RaidersState:
    r = state.raider(player)
    return state.with_raider(player, audacity=compute_lose_audacity(r.audacity, loss))


def apply_gain_penny(rs: Any, state: RaidersState, player: int) -> RaidersState:
    r = state.raider(player)
    return state.with_raider(player, pennies=compute_gain_pennies(r.pennies, 1,
                                                                  penny_cap(rs, state, player)))


def apply_lose_penny(rs: Any, state: RaidersState, player: int) -> RaidersState:
    r = state.raider(player)
    state = state.with_raider(player, pennies=compute_lose_pennies(r.pennies, 1))
    return apply_killed_if_broke(rs, state, player)


@implements("raiders.death.killed")
def apply_killed_if_broke(rs: Any, state: RaidersState, player: int) -> RaidersState:
    """A Raider with no pennies is Killed and out of the game."""
    r = state.raider(player)
    if r.killed or not is_killed(r.pennies):
        return state
    note("raiders.death.killed")
    state = state.with_raider(player, position=None, trapped=False, in_encounter=False,
                              came_from=None, loses_next_turn=False)
    if state.grail == player:
        state = apply_grail_holder_killed(rs, state, player)
    if all(x.killed for x in state.raiders) and state.outcome is None:
        state = attrs.evolve(state, phase="over", outcome="killed", winner=None)
    return state


@implements("raiders.ambiguity.grail-holder-killed")
def apply_grail_holder_killed(rs: Any, state: RaidersState, player: int) -> RaidersState:
    other = 1 - player
    if read(rs.options, "grail_holder_killed") == "nobody-wins":
        return attrs.evolve(state, grail=None, phase="over", outcome="grail-lost", winner=None)
    state = attrs.evolve(state, grail=None)
    if state.raider(other).killed:
        return attrs.evolve(state, phase="over", outcome="killed", winner=None)
    return apply_gain_grail(rs, state, other)


@implements("raiders.grail.gain-cost", "raiders.ambiguity.grail-gain-kills")
def apply_gain_grail(rs: Any, state: RaidersState, player: int) -> RaidersState:
    """'Anytime a player gains "The Holy Grail" they immediately reduce the pennies they have by 1
    and they also gain 1 Audacity.'"""
    r = state.raider(player)
    pennies, audacity = compute_grail_gain(r.pennies, r.audacity)
    if is_killed(pennies) and read(rs.options, "grail_gain_kills") == "floor-one":
        pennies = max(pennies, 1)
    supply = audacity_supply(rs, state)
    state = attrs.evolve(state, grail=player)
    state = state.with_raider(player, pennies=pennies,
                              audacity=compute_gain_audacity(r.audacity, 1, supply))
    return apply_killed_if_broke(rs, state, player)


@implements("raiders.object.escape-with-grail", "raiders.object.game-ends-on-escape")
def apply_escaped(state: RaidersState, player: int) -> RaidersState:
    """'As soon as one player escapes the tomb with The Holy Grail, the game immediately ends and
    that player wins.'"""
    return attrs.evolve(state, phase="over", outcome="escaped", winner=player)
