"""Small boards and states for the Monsters of Egypt rule tests (the builders of the worked examples)."""

from __future__ import annotations

from typing import Any

import attrs

from tombspec.checks.games.egypt.examples import example_set, item_id, ruleset, situation, token_id
from tombspec.model.egypt import Egypt
from tombspec.model.egypt.state import EgyptState
from tombspec.model.errors import IllegalAction

__all__ = ["example_set", "item_id", "ruleset", "situation", "token_id", "refused", "evolve", "names"]


def refused(rs: Egypt, s: EgyptState, action: Any, player: int | None = None) -> str:
    """The rule id ``step`` names when it refuses ``action`` (the test fails if it is accepted)."""
    try:
        rs.step(s, action, player)
    except IllegalAction as exc:
        return exc.rule_id
    raise AssertionError(f"{action!r} was accepted")


def evolve(s: EgyptState, **changes: Any) -> EgyptState:
    return attrs.evolve(s, **changes)


def names(tokens: Any) -> list[str]:
    return [t.name for t in tokens]
