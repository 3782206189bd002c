"""Secrets of the Lost Tomb: the twelve-sided die printed 1-6 twice, successes and criticals.

>>> secrets_check(4, 2)
Fraction(11, 27)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from ..dice import Distribution, at_least

SECRETS_FACES = tuple(range(1, 7)) * 2
#: 5s and 6s are successes (6s critical successes), 1s critical failures.
SECRETS_SUCCESS = Fraction(2, 6)
#: Audacity spent before a check (or Lucky) counts 4s, 5s and 6s.
SECRETS_SUCCESS_WIDENED = Fraction(3, 6)


@cache
def secrets_d12() -> Distribution[int]:
    """The face read off one Secrets die: 1-6, each on two of the twelve sides."""
    return tuple((v, Fraction(SECRETS_FACES.count(v), 12)) for v in range(1, 7))


def secrets_d3(face: int) -> int:
    """A rolled face read as 1d3: 1-3 as-is, 4-6 as 1-3."""
    if not 1 <= face <= 6:
        raise ValueError(f"a Secrets die shows 1-6, not {face}")
    return (face - 1) % 3 + 1


def secrets_check(pool: int, difficulty: int, *, widened: bool = False) -> Fraction:
    """P(pass) of a dice check: successes >= difficulty; a pool of 0 or less fails automatically."""
    if pool <= 0:
        return Fraction(0)
    return at_least(SECRETS_SUCCESS_WIDENED if widened else SECRETS_SUCCESS, pool, difficulty)
