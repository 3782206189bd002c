"""Raiders of the Lost Tomb: pennies as dice ("count the Heads and the Tails").

>>> dict(pennies(2))
{0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

from ..dice import Distribution


@cache
def pennies(n: int) -> Distribution[int]:
    """The number of Heads among ``n`` pennies (each fair)."""
    if n < 0:
        raise ValueError("cannot roll a negative number of pennies")
    return tuple((h, Fraction(comb(n, h), 2**n)) for h in range(n + 1))
