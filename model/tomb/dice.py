"""Tomb (and Tomb: Cryptmaster, on the same dice): tomb dice, ten-sided, with 3, 5 or 7 axes.

>>> tomb_roll({"blue": 2}, 1)
Fraction(3, 4)
"""

from __future__ import annotations

from fractions import Fraction

from ..dice import at_least_pool

TOMB_COLOURS = ("green", "blue", "red")
TOMB_SUCCESS = {"green": Fraction(3, 10), "blue": Fraction(5, 10), "red": Fraction(7, 10)}


def tomb_shift(pool: dict[str, int], steps: int) -> tuple[dict[str, int], int, int]:
    """Raise (``steps > 0``) or lower (``< 0``) a pool of tomb dice by ``steps`` types.

    Returns ``(pool, automatic_successes, automatic_failures)``: raised past red, a die is an automatic
    success; lowered past green, an automatic failure."""
    counts = [pool.get(c, 0) for c in TOMB_COLOURS]
    auto_success = auto_fail = 0
    for _ in range(abs(steps)):
        if steps > 0:
            auto_success += counts[2]
            counts = [0, counts[0], counts[1]]
        else:
            auto_fail += counts[0]
            counts = [counts[1], counts[2], 0]
    return dict(zip(TOMB_COLOURS, counts)), auto_success, auto_fail


def tomb_roll(pool: dict[str, int], target: int, steps: int = 0) -> Fraction:
    """P(at least ``target`` successes) for a pool of tomb dice, raised or lowered by ``steps``."""
    shifted, auto, _ = tomb_shift(pool, steps)
    probs = [TOMB_SUCCESS[c] for c in TOMB_COLOURS for _ in range(shifted[c])]
    return at_least_pool(probs, target - auto)
