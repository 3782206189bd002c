"""The Object of the Game; Losing Pennies; gaining and losing The Holy Grail.

The numeric cores here are written over ``tombspec.model.numeric`` so that ``tombspec.checks`` proves
the invariants on the very same functions with z3 terms.
"""

from __future__ import annotations

from typing import Any

from ...effects import GAME, Effect, add, discard, find
from ...numeric import if_, max_, min_
from ...options import by_reading, read
from ...traceability import implements, note

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
    """Audacity after losing ``loss``; nobody loses Audacity they do not have (an Audacity owed, under
    reading owed of ``raiders.ambiguity.monster-fail-without-audacity``, stays owed)."""
    return audacity - min_(loss, max_(audacity, 0))


@implements("raiders.ambiguity.monster-fail-without-audacity")
def compute_owe_audacity(audacity: Any, loss: Any) -> Any:
    """Audacity after losing ``loss`` under reading owed: what is not held is owed (below zero)."""
    return audacity - loss


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


# Transitions (on the step's draft: ``d`` is a ``RaidersDraft``) ------------------------------------

def penny_cap(rs: Any, d: Any, player: int, gain: int = 1) -> int:
    """The most pennies ``player`` may hold after gaining ``gain``; the reading of the penny cap is
    asked for only when the gain would take them past six."""
    six = compute_max_pennies(d.grail == player, STARTING_PENNIES)
    if d.raiders[player].pennies + gain <= six:
        return six
    return six if read(rs.options, "penny_cap") == "six" else UNBOUNDED


def audacity_supply(rs: Any, d: Any, gain: int = 1) -> int:
    """Audacity Nickels left to take; the reading is asked for only when six could run out."""
    first, second = d.raiders
    held = max(first.audacity, 0) + max(second.audacity, 0)     # an Audacity owed holds no Nickel
    if held + gain <= AUDACITY_NICKELS or read(rs.options, "audacity_cap") == "no-cap":
        return UNBOUNDED
    return AUDACITY_NICKELS - held


def apply_gain_audacity(rs: Any, d: Any, player: int, gain: int = 1) -> None:
    supply = audacity_supply(rs, d, gain)
    r = d.edit("raiders", player)
    r.audacity = compute_gain_audacity(r.audacity, gain, supply)


def apply_lose_audacity(d: Any, player: int, loss: int = 1) -> None:
    if loss:
        r = d.edit("raiders", player)
        r.audacity = compute_lose_audacity(r.audacity, loss)


@implements("raiders.monster.fail", "raiders.ambiguity.monster-fail-without-audacity")
def apply_monster_fail_audacity(rs: Any, d: Any, player: int) -> None:
    """'lose 1 Audacity' on a failed Monster room: a Raider with none loses nothing (nothing-lost), or
    owes it (owed: his Audacity falls below zero, and the Audacity he gains next pays it back first,
    since none below one can be spent); the reading is asked for only when he holds none."""
    r = d.edit("raiders", player)
    r.audacity = by_reading(rs.options, "monster_fail_audacity", {
        "nothing-lost": compute_lose_audacity(r.audacity, 1),
        "owed": compute_owe_audacity(r.audacity, 1)})


def apply_gain_penny(rs: Any, d: Any, player: int) -> None:
    most = penny_cap(rs, d, player)
    r = d.edit("raiders", player)
    r.pennies = compute_gain_pennies(r.pennies, 1, most)


def apply_lose_penny(rs: Any, d: Any, player: int) -> None:
    r = d.edit("raiders", player)
    r.pennies = compute_lose_pennies(r.pennies, 1)
    apply_killed_if_broke(rs, d, player)


@implements("raiders.death.killed")
def apply_killed_if_broke(rs: Any, d: Any, player: int) -> None:
    """A Raider with no pennies is Killed and out of the game."""
    r = d.raiders[player]
    if r.position is None or not is_killed(r.pennies):    # already Killed, or pennies left
        return
    note("raiders.death.killed")
    r = d.edit("raiders", player)
    where = r.position
    r.position, r.trapped, r.in_encounter, r.came_from, r.loses_next_turn = None, False, False, None, False
    if d.grail == player:
        apply_grail_holder_killed(rs, d, player, where)
    if all(x.killed for x in d.raiders) and d.outcome is None:
        d.phase, d.outcome, d.winner = "over", "killed", None


@implements("raiders.ambiguity.grail-holder-killed")
def apply_grail_holder_killed(rs: Any, d: Any, player: int, where: str) -> None:
    """The Grail's holder Killed on ``where``: the survivor gains it (survivor-gains), nobody can win
    (nobody-wins), or it lies on ``where`` (dropped: the ``grail-dropped`` effect) until the survivor
    moves onto that space, gained at once by a survivor who stands there."""
    other = 1 - player
    d.grail = None
    reading = read(rs.options, "grail_holder_killed")
    if reading == "nobody-wins":
        d.phase, d.outcome, d.winner = "over", "grail-lost", None
        return
    if d.raiders[other].killed:
        d.phase, d.outcome, d.winner = "over", "killed", None
        return
    if reading == "dropped" and d.raiders[other].position != where:
        d.effects = add(d.effects, Effect("grail-dropped", "raiders.ambiguity.grail-holder-killed", until=GAME,
                                          subject=where))
        return
    apply_gain_grail(rs, d, other)


@implements("raiders.ambiguity.grail-holder-killed")
def apply_dropped_grail_found(rs: Any, d: Any, player: int, space: str) -> None:
    """Under dropped: a Raider arriving on the space where the Grail lies gains it (its cost as any gain)."""
    dropped = find(d.effects, "grail-dropped")
    if dropped is not None and dropped.subject == space and d.grail is None:
        d.effects = discard(d.effects, "grail-dropped")
        apply_gain_grail(rs, d, player)


@implements("raiders.grail.gain-cost", "raiders.ambiguity.grail-gain-kills")
def apply_gain_grail(rs: Any, d: Any, player: int) -> None:
    """'Anytime a player gains "The Holy Grail" they immediately reduce the pennies they have by 1
    and they also gain 1 Audacity.'"""
    r = d.raiders[player]
    pennies, _ = compute_grail_gain(r.pennies, r.audacity)
    if is_killed(pennies) and read(rs.options, "grail_gain_kills") == "floor-one":
        pennies = max(pennies, 1)
    supply = audacity_supply(rs, d)
    d.grail = player
    r = d.edit("raiders", player)
    r.pennies, r.audacity = pennies, compute_gain_audacity(r.audacity, 1, supply)
    apply_killed_if_broke(rs, d, player)


@implements("raiders.object.escape-with-grail", "raiders.object.game-ends-on-escape")
def apply_escaped(d: Any, player: int) -> None:
    """'As soon as one player escapes the tomb with The Holy Grail, the game immediately ends and
    that player wins.'"""
    d.phase, d.outcome, d.winner = "over", "escaped", player
