"""The task registry: how each kind of queued work (``state.agenda``) is resolved.

Every rules module registers the task kinds it resolves with :func:`task`.  A kind is either
*automatic* (``run``: resolved at once, returning the next state, or None while it waits for an answer
it does not have) or waits for an answer: ``pending`` says who answers (a seat, several seats, or
chance), ``legal`` lists a seat's decisions, ``chance`` gives the distribution, and ``apply`` resolves
the answer.  ``rules/turn.py`` drives the registry; nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from ...ruleset import Pending
from ..state import SecretsState, Task


@attrs.frozen
class Kind:
    name: str
    module: str
    run: Callable[..., SecretsState | None] | None = None
    pending: Callable[..., Pending] | None = None
    legal: Callable[..., list[Any]] | None = None
    chance: Callable[..., Any] | None = None
    apply: Callable[..., SecretsState] | None = None
    rule: Callable[..., str] | None = None        # the rule a refused answer breaks


KINDS: dict[str, Kind] = {}


def task(name: str, **parts: Callable[..., Any]) -> None:
    """Register how the task kind ``name`` is resolved (see :class:`Kind`)."""
    module = next((p.__module__ for p in parts.values() if p is not None), "?")
    if name in KINDS:
        raise ValueError(f"task kind {name!r} is registered twice ({KINDS[name].module}, {module})")
    KINDS[name] = Kind(name, module, **parts)


def kind_of(t: Task) -> Kind:
    return KINDS[t.kind]
