"""Structural constraints (z3): creature limit, attachment restrictions, courage bounds and the other
limits each game states.  Each constraint is encoded once and used three ways: check a concrete state,
search for a state, and compute what a rule asks to be minimal.

Constraint results: ``{"game", "id", "rules", "result", "summary", "evidence"}`` where ``result`` is
``holds``, ``violated``, ``found`` (a searched-for state exists), ``impossible``, ``computed`` or
``unknown``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tombspec.spec import Catalog

CONSTRAINTS: list[Callable[[dict[str, Catalog]], list[dict[str, Any]]]] = []


def constraint(fn: Callable[[dict[str, Catalog]], list[dict[str, Any]]]) -> Callable[..., Any]:
    CONSTRAINTS.append(fn)
    return fn


def run(catalogs: dict[str, Catalog]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for fn in CONSTRAINTS:
        out.extend(fn(catalogs))
    return out
