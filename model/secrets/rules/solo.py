"""Solo Play: Lord Harrison Quatourmanus the 13th's companions instead of fleeing or dying, and the same
rule for any lone adventurer (a variant: ``single_adventurer_rule``).  The modes' Action tokens and
Companions come from the Adventurer Setup table (``rules/setup.py``).
"""

from __future__ import annotations

from typing import Any

from ..options import read
from ...traceability import implements, note, require
from ..actions import Discard
from ..state import SecretsState, Task
from .engine import made, task

AUTOMATIC = ("secrets.adventurers.death-at-zero-health", "secrets.adventurers.courage-minus-10-flee")


@implements("secrets.solo.lord-harrison-companion-save", "secrets.solo.single-adventurer-rule",
            "secrets.solo.mode-1-lord-harrison")
def harrison_rule_applies(rs: Any, state: SecretsState, seat: int, what: str, rule: str) -> bool:
    """Lord Harrison (and, with the variant, any lone adventurer) discards a Companion instead of fleeing
    or dying (secrets.ambiguity.solo-lord-harrison-save=any-cause-stay: any cause; automatic-only: only
    effects that kill or make flee outright)."""
    adv = state.seats[seat].adventurer
    if adv is None or rs.num_players != 1:
        return False
    sheet = rs.components.adventurers[adv.name]
    if not (sheet.solo_only or rs.options.single_adventurer_rule):
        return False
    if read(rs.options, "harrison_save") == "automatic-only" and rule in AUTOMATIC:
        return False
    return True


@implements("secrets.solo.lord-harrison-lose")
def harrison_saves(rs: Any, state: SecretsState, seat: int, what: str) -> SecretsState:
    """Discard one Companion (the player's choice): he stays, Health at least 1, Courage at least -9; with
    no companion left, fleeing or dying loses the game at once."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    if not adv.companions:
        note("secrets.solo.lord-harrison-lose")
        return end_game(rs, state, "lost", "secrets.solo.lord-harrison-lose")
    return state.push(Task("harrison", seat, rule="secrets.solo.lord-harrison-companion-save", target=what))


def _harrison_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    adv = state.seats[t.seat].adventurer
    assert adv is not None
    require(isinstance(action, Discard) and any(c.name == action.card for c in adv.companions),
            "secrets.solo.lord-harrison-companion-save", "discard one of Lord Harrison's Companions")
    state = discard_companion(state.pop(), t.seat, action.card)
    adv = state.seats[t.seat].adventurer
    assert adv is not None
    return state.with_adventurer(t.seat, health=max(adv.health, 1), courage=max(adv.courage, -9))


task("harrison", pending=lambda rs, s, t: made.decision(t.seat, "discard a Companion instead"),
     legal=lambda rs, s, t, seat: [Discard(c) for c in dict.fromkeys(x.name for x in s.seats[t.seat].adventurer.companions)]
     if seat == t.seat and s.seats[t.seat].adventurer is not None else [],
     run=lambda rs, s, t: s.pop() if s.seats[t.seat].adventurer is None else None,
     apply=_harrison_apply, rule=lambda *a: "secrets.solo.lord-harrison-companion-save")


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from .adventurers import discard_companion  # noqa: E402
from .scenarios import end_game  # noqa: E402
