"""Special Abilities (Anatomy of an Adventurer Sheet): abilities activated by an Action token, ongoing
ones, and those of specific circumstances; limited uses counted by Special Ability tokens; an ability
that needs tokens and has none left can no longer be used.
"""

from __future__ import annotations

from typing import Any

from ...traceability import implements, note
from ..state import SecretsState, Task
from .components_ops import run_ops


@implements("secrets.sheet.special-abilities", "secrets.sheet.no-tokens-no-use", "secrets.setup.infinity-needs-no-token")
def usable_abilities(rs: Any, state: SecretsState, seat: int) -> list[str]:
    """Activated abilities (an Action token) with a Special Ability token left, or none needed (the
    infinity symbol); Full Auto also needs a gun item to discard."""
    adv = state.seats[seat].adventurer
    if adv is None or adv.fleeing:
        return []
    out = []
    for ab in rs.components.adventurers[adv.name].abilities:
        if not ab.action:
            continue
        if ab.uses and adv.token_count(ab.name) <= 0:
            continue
        if ab.discard == "gun" and not any(card(rs, h.name).gun for h in adv.cards):
            continue
        out.append(ab.name)
    return out


def ability_rule(rs: Any, state: SecretsState, seat: int, name: str) -> str:
    """The rule a refused Use Special Ability breaks: not an ability of this adventurer activated by an
    Action token ('Some are activated by spending an Action token, some are ongoing effects'), no Special
    Ability token left, or (Full Auto) no gun item to discard."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    ab = next((a for a in rs.components.adventurers[adv.name].abilities if a.name == name), None)
    if ab is None or not ab.action:
        return "secrets.sheet.special-abilities"
    if ab.uses and adv.token_count(ab.name) <= 0:
        return "secrets.sheet.no-tokens-no-use"
    if ab.discard == "gun" and not any(card(rs, h.name).gun for h in adv.cards):
        return "secrets.sheet.example-full-auto"
    return "secrets.sheet.no-tokens-no-use"


@implements("secrets.sheet.limited-uses")
def spend_token(rs: Any, state: SecretsState, seat: int, ability: str) -> SecretsState:
    """Using a limited ability removes one of its Special Ability tokens."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    sheet = rs.components.adventurers[adv.name]
    ab = next(a for a in sheet.abilities if a.name == ability)
    if not ab.uses:
        return state
    tokens = tuple((a, n - 1 if a == ability else n) for a, n in adv.tokens)
    return state.with_adventurer(seat, tokens=tokens)


@implements("secrets.adventurer-phase.use-special-ability", "secrets.reference.action-special-ability",
            "secrets.sheet.example-full-auto")
def start_ability(rs: Any, state: SecretsState, seat: int, name: str) -> SecretsState:
    """Remove a Special Ability token (if limited), discard what the ability asks (Full Auto: 1 gun item),
    then its effects, at once."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    ab = next(a for a in rs.components.adventurers[adv.name].abilities if a.name == name)
    state = spend_token(rs, state, seat, name)
    state = run_ops(state, seat, ab.action, "secrets.adventurer-phase.use-special-ability")
    if ab.discard:
        note("secrets.sheet.example-full-auto")
        state = state.push(Task("discard", seat, rule="secrets.sheet.example-full-auto", target=ab.discard, n=1))
    return state


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from .items import card  # noqa: E402
