"""Small rulesets and states for the Secrets tests (the builders are the worked examples' own)."""

from __future__ import annotations

from typing import Any

import attrs

from tombspec.checks.games.secrets.examples import (creature, faces, give, place, play, queue, ready,  # noqa: F401
                                                    ruleset)
from tombspec.model.errors import IllegalAction
from tombspec.model.secrets import Secrets
from tombspec.model.secrets.components import Op
from tombspec.model.secrets.state import SecretsState, Task

TWO = ["Christopher St. George", "James T. Temple"]


_TWO: dict[tuple[tuple[str, Any], ...], tuple[Secrets, SecretsState]] = {}


def two(**options: Any) -> tuple[Secrets, SecretsState]:
    """Two adventurers, no companions, Christopher (seat 0) to act on the Tomb's Entrance (cached: states
    are immutable)."""
    key = tuple(sorted(options.items()))
    if key not in _TWO:
        rs = ruleset(2, companions_adjust=-5, **options)
        _TWO[key] = rs, ready(rs, TWO)
    return _TWO[key]


def op(rs: Secrets, state: SecretsState, seat: int, kind: str, **fields: Any) -> SecretsState:
    """Resolve one component effect for ``seat`` (as a card would) and settle."""
    return queue(rs, state, Task("op", seat, rule="test", ops=(Op(kind, **fields),)))


def refused(rs: Secrets, state: SecretsState, action: Any, player: int | None = None) -> str:
    """The rule id a refused action names."""
    try:
        rs.step(state, action, player if player is not None else rs.pending(state).actors[0])
    except IllegalAction as exc:
        return exc.rule_id
    raise AssertionError(f"{action!r} was accepted")


def idle(state: SecretsState, *seats: int) -> SecretsState:
    """Seats without Action tokens (their turns are skipped)."""
    for s in seats:
        state = state.with_seat(s, tokens=0)
    return state


def evolve(state: SecretsState, **changes: Any) -> SecretsState:
    return attrs.evolve(state, **changes)
