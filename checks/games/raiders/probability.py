"""Raiders of the Lost Tomb: exact probability tables of the pennies (``tombspec prob raiders``, the docs).

>>> number_chances(6)[3]
Fraction(5, 16)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tombspec.model.raiders import dice


def number_chances(n: int) -> dict[int, Fraction]:
    """P(a roll of ``n`` pennies shows the number k, as Heads or as Tails), for k = 0..n."""
    return {k: sum((p for h, p in dice.pennies(n) if k in (h, n - h)), Fraction(0)) for k in range(n + 1)}


def five_or_six(n: int, audacity: int, *, either_number: bool = True) -> Fraction:
    """P(a roll of ``n`` pennies is made a 5 or 6 with up to ``audacity`` Audacity spent)."""
    def ok(h: int) -> bool:
        counts = (h, n - h) if either_number else (h,)
        return any(c + d in (5, 6) or c - d in (5, 6) for c in counts for d in range(audacity + 1))

    return sum((p for h, p in dice.pennies(n) if ok(h)), Fraction(0))


def tables() -> dict[str, Any]:
    return {
        "number_chance_by_pennies": {n: number_chances(n) for n in range(1, 7)},
        "five_or_six_by_pennies_and_audacity": {n: {a: five_or_six(n, a) for a in range(0, 4)} for n in range(1, 7)},
    }
