"""Seeded bugs: deliberately wrong Raiders implementations, each one small change to one rule.

Each class is the reference model as an in-process conform adapter (``ModelAdapter``) with one rule
function replaced while it runs (``patches``): a *mutant*.  ``tombspec conform`` must tell every one of
them apart from the model::

    tombspec conform --impl python:examples/raiders-python/seeded_bugs.py:TiesToAttacker --games 50

``RULE`` names the catalog rule each one breaks.  The Node.js example has the same mistakes behind
``--bug NAME`` flags (``examples/raiders-node/server.js``).
"""

from __future__ import annotations

from typing import Any

import attrs

from tombspec.checks.oracle.conform import ModelAdapter
from tombspec.model.raiders.actions import Spend
from tombspec.model.raiders.rules import turn
from tombspec.model.raiders.rules.objective import STARTING_PENNIES

RULES = "tombspec.model.raiders.rules"


class BossTrackOffByOne(ModelAdapter):
    """The Boss Monster spawns when the Quarter reaches 1, a round early (an off-by-one in the track)."""

    RULE = "raiders.boss.track-countdown"
    patches = [(f"{RULES}.boss:compute_boss_track", lambda track: max(track - 1, 0) if track > 2 else 0)]


class TiesToAttacker(ModelAdapter):
    """A tied Attack goes to the Attacker."""

    RULE = "raiders.attack.ties-to-defender"
    patches = [(f"{RULES}.attack:is_attack_won", lambda ah, a_spent, dh, d_spent: ah + a_spent >= dh + d_spent)]


def _attacker_spends_first(rs: Any, d: Any, action: Any) -> None:
    a = attrs.evolve(d.attack, attacker_heads=action.attacker, defender_heads=action.defender)
    d.attack = a
    if d.raiders[a.attacker].audacity > 0:
        d.phase = "attack-attacker"
        d.attack = attrs.evolve(a, defender_spent=0)
        return
    if d.raiders[a.defender].audacity > 0:
        d.phase = "attack-defender"
        return
    turn._resolve_attack(rs, d, Spend(0), Spend(0))


class AudacityOrderReversed(ModelAdapter):
    """After the Attack roll the Attacker spends Audacity first (the Defender should)."""

    RULE = "raiders.attack.audacity-order"
    patches = [(f"{RULES}.turn:apply_attack_roll", _attacker_spends_first)]


class GrailPennyNotReturned(ModelAdapter):
    """The Defender who loses the Grail does not get its penny back."""

    RULE = "raiders.attack.grail-penny-returned"
    patches = [(f"{RULES}.attack:compute_grail_return", lambda pennies: pennies)]


def _natural_on_five(rs: Any, roll: Any) -> bool:
    return roll.heads is not None and roll.heads in (0, roll.pennies) and roll.pennies >= 5


class NaturalSixOnFivePennies(ModelAdapter):
    """Five pennies all Heads (or all Tails) count as a Natural 6."""

    RULE = "raiders.move.natural-six"
    patches = [(f"{RULES}.turn:is_natural_six", _natural_on_five),
               (f"{RULES}.raider_actions:is_natural_six", _natural_on_five)]


def _rest_any_penny(rs: Any, state: Any, player: int) -> bool:
    return state.raider(player).pennies < STARTING_PENNIES


def _rest_to_six(rs: Any, d: Any) -> None:
    r = d.edit("raiders", d.current)
    r.pennies = min(r.pennies + 1, STARTING_PENNIES)


class RestRegainsGrailPenny(ModelAdapter):
    """Rest re-gains the penny lost for gaining the Grail."""

    RULE = "raiders.rest.regain-penny"
    patches = [(f"{RULES}.turn:can_rest", _rest_any_penny), (f"{RULES}.turn:apply_rest", _rest_to_six)]


def _portal_again(rs: Any, state: Any, player: int) -> bool:
    r = state.raider(player)
    return r.position is not None and r.in_encounter and rs.board.spaces[r.position].kind == "portal"


_landing = turn.apply_landing


def _landing_portal_again(rs: Any, d: Any, player: int, space: str, *, frm: str) -> None:
    _landing(rs, d, player, space, frm=frm)
    if rs.board.spaces[space].kind == "portal" and d.phase != "over":
        r = d.edit("raiders", player)
        r.in_encounter, r.came_from = True, frm


class PortalTwice(ModelAdapter):
    """A Raider may use a Portal room again: entering one is an encounter every time."""

    RULE = "raiders.portal.once-per-game"
    patches = [(f"{RULES}.portal:can_use_portal", _portal_again),
               (f"{RULES}.turn:apply_landing", _landing_portal_again)]


def _same_number(rs: Any, roll: Any) -> frozenset[int]:
    if roll is None or roll.heads is None:
        return frozenset()
    if roll.purpose != "move" or roll.face in (None, "free", "natural"):
        return frozenset({roll.heads, roll.tails})
    return frozenset({roll.heads if roll.face == "heads" else roll.tails})


class BossMovesOnTheSameNumber(ModelAdapter):
    """The Boss Monster moves on the number the Raider used, not the opposite one."""

    RULE = "raiders.boss.opposite-number"
    patches = [(f"{RULES}.boss:boss_numbers", _same_number)]


ALL = [BossTrackOffByOne, TiesToAttacker, AudacityOrderReversed, GrailPennyNotReturned,
       NaturalSixOnFivePennies, RestRegainsGrailPenny, PortalTwice, BossMovesOnTheSameNumber]
