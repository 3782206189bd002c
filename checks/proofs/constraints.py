"""Structural constraints (z3): the engine every game's constraints use.

A game's constraints (the creature limit, attachment restrictions, courage bounds and the other limits
its rulebook states) live in its package, ``tombspec.checks.games.<game>.constraints``, listed in its
record.  Each is encoded once and used three ways: check a concrete state, search for a state, and
compute what a rule asks to be minimal.

Constraint results: ``{"game", "id", "rules", "result", "summary", "evidence"}`` where ``result`` is
``holds``, ``violated``, ``found`` (a searched-for state exists), ``impossible``, ``computed`` or
``unknown``.  ``unknown`` (a time-out, or a number the catalog no longer states) is never reported as
``holds``.  Every number comes from the catalog: a quote is searched for the sentence that states it
(:func:`tombspec.checks.findings.text.stated`; the result cites that rule's id), or a table or component
gives it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import z3
from tombspec.spec import Catalog

from ..findings.text import Missing

HOLDS, VIOLATED, FOUND, IMPOSSIBLE, COMPUTED, UNKNOWN = (
    "holds", "violated", "found", "impossible", "computed", "unknown")
RESULTS = (HOLDS, VIOLATED, FOUND, IMPOSSIBLE, COMPUTED, UNKNOWN)
TIMEOUT_MS = 4000

Constraint = Callable[[Catalog], list[dict[str, Any]]]


def result(game: str, cid: str, rules: Iterable[str], outcome: str, summary: str,
           evidence: Any = None) -> dict[str, Any]:
    assert outcome in RESULTS, outcome
    return {"game": game, "id": cid, "rules": list(dict.fromkeys(rules)), "result": outcome,
            "summary": summary, "evidence": evidence}




def constraint(game: str, cid: str) -> Callable[[Constraint], Constraint]:
    """A constraint over one game's catalog (listed in the game's record); a number the catalog no
    longer states makes the result ``unknown``, never ``holds``."""

    def wrap(fn: Constraint) -> Constraint:
        @functools.wraps(fn)
        def run_one(cat: Catalog) -> list[dict[str, Any]]:
            try:
                return fn(cat)
            except Missing as exc:
                return [result(game, cid, [], UNKNOWN, f"not checked: {exc}")]

        return run_one

    return wrap


# --------------------------------------------------------------------------------------------------
# z3 plumbing


def solve(solver: z3.Solver | z3.Optimize) -> str:
    """``sat``, ``unsat`` or ``unknown`` (with the module's time-out)."""
    solver.set("timeout", TIMEOUT_MS)
    answer = solver.check()
    return "sat" if answer == z3.sat else "unsat" if answer == z3.unsat else "unknown"


def value(model: z3.ModelRef, term: Any) -> Any:
    v = model.eval(term, model_completion=True)
    return z3.is_true(v) if z3.is_bool(v) else v.as_long()


def prove(claim: Any, assumptions: Sequence[Any] = ()) -> tuple[str, z3.ModelRef | None]:
    """``holds`` / ``violated`` (with a counterexample model) / ``unknown`` for ``assumptions => claim``."""
    s = z3.Solver()
    s.add(*assumptions)
    s.add(z3.Not(claim))
    answer = solve(s)
    if answer == "unsat":
        return HOLDS, None
    if answer == "sat":
        return VIOLATED, s.model()
    return UNKNOWN, None


def find(constraints: Sequence[Any]) -> tuple[str, z3.ModelRef | None]:
    """``found`` (with a model) / ``impossible`` / ``unknown``."""
    s = z3.Solver()
    s.add(*constraints)
    answer = solve(s)
    if answer == "sat":
        return FOUND, s.model()
    return (IMPOSSIBLE, None) if answer == "unsat" else (UNKNOWN, None)


def _sum(terms: Iterable[Any]) -> Any:
    terms = list(terms)
    return z3.Sum(terms) if terms else z3.IntVal(0)
