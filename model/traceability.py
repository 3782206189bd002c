"""Code points at the catalog (DESIGN.md contract 4).

``require(condition, rule_id, message)`` is the one-line check of a rule; ``@implements(rule_id, ...)``
marks the functions that formalise rules.  Both feed the rule coverage report
(``tombspec.checks.coverage``): which rules are formalised (``IMPLEMENTS``, and the ids of one-line
checks read from the source), and, inside :func:`recording`, which were exercised.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from .errors import IllegalAction

F = TypeVar("F", bound=Callable[..., Any])

#: rule id -> the qualified names of the functions that formalise it.
IMPLEMENTS: dict[str, list[str]] = defaultdict(list)
_recorders: list[set[str]] = []


def implements(*rule_ids: str) -> Callable[[F], F]:
    """Mark a function as the formalisation of ``rule_ids``."""

    def mark(fn: F) -> F:
        name = f"{fn.__module__}.{fn.__qualname__}"
        for rid in rule_ids:
            IMPLEMENTS[rid].append(name)

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if _recorders:
                for rec in _recorders:
                    rec.update(rule_ids)
            return fn(*args, **kwargs)

        wrapper.__implements__ = rule_ids  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]

    return mark


def require(condition: object, rule_id: str, message: str = "") -> None:
    """Verify one rule: raise :class:`IllegalAction` naming ``rule_id`` when ``condition`` is false."""
    if _recorders:
        for rec in _recorders:
            rec.add(rule_id)
    if not condition:
        raise IllegalAction(rule_id, message or f"breaks {rule_id}")


def note(rule_id: str) -> None:
    """Record that a rule was exercised (for transitions that have no condition to check)."""
    if _recorders:
        for rec in _recorders:
            rec.add(rule_id)


@contextmanager
def recording() -> Iterator[set[str]]:
    """Collect the rule ids exercised inside the block."""
    seen: set[str] = set()
    _recorders.append(seen)
    try:
        yield seen
    finally:
        _recorders.remove(seen)


def formalised_rules() -> dict[str, list[str]]:
    """Rule id -> functions that formalise it (``@implements``)."""
    return {k: list(v) for k, v in IMPLEMENTS.items()}
