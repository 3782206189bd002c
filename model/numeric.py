"""Numeric helpers that work on Python ints and on z3 terms alike (DESIGN.md contract 5).

A numeric core (a track update, a clamp, a damage sum, a limit) is written once over these helpers and
never branches in Python on its numeric arguments.  The model calls it with ints; ``tombspec.checks``
calls the very same function with z3 terms to prove invariants.

>>> clamp(12, 0, 10), if_(3 > 2, 1, 0), min_(4, 2), all_(True, 1 < 2)
(10, 1, 2, True)
"""

from __future__ import annotations

from typing import Any


def _is_z3(*values: Any) -> bool:
    for v in values:
        t = type(v)
        if t is not int and t is not bool and t.__module__.startswith("z3"):
            return True
    return False


_INTS = (int, bool)


def if_(cond: Any, then: Any, other: Any) -> Any:
    """``then if cond else other``, as ``z3.If`` on terms."""
    if type(cond) in _INTS and type(then) in _INTS and type(other) in _INTS:   # the model's case: ints
        return then if cond else other
    if _is_z3(cond, then, other):
        import z3

        return z3.If(cond, then, other)
    return then if cond else other


def min_(a: Any, b: Any) -> Any:
    if type(a) is int and type(b) is int:     # the model's case (what if_ gives for ints)
        return a if a <= b else b
    return if_(a <= b, a, b)


def max_(a: Any, b: Any) -> Any:
    if type(a) is int and type(b) is int:
        return a if a >= b else b
    return if_(a >= b, a, b)


def clamp(value: Any, low: Any, high: Any) -> Any:
    """``value`` held within ``low..high``."""
    return min_(max_(value, low), high)


def all_(*conds: Any) -> Any:
    if _is_z3(*conds):
        import z3

        return z3.And(*conds)
    return all(conds)


def any_(*conds: Any) -> Any:
    if _is_z3(*conds):
        import z3

        return z3.Or(*conds)
    return any(conds)


def implies(a: Any, b: Any) -> Any:
    if _is_z3(a, b):
        import z3

        return z3.Implies(a, b)
    return (not a) or bool(b)


def not_(a: Any) -> Any:
    if _is_z3(a):
        import z3

        return z3.Not(a)
    return not a
