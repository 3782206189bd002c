"""Dice arithmetic every game shares: success counts of independent dice, exact (``fractions.Fraction``).

A game's own dice (its faces, what a success is, how a pool is raised or lowered) live in its package,
``tombspec.model.<game>.dice``, built on these and on :mod:`tombspec.model.chance`.  A distribution here
is a tuple of ``(outcome, probability)`` pairs whose probabilities sum to 1, in a fixed order.

>>> at_least(Fraction(1, 3), 4, 2)
Fraction(11, 27)
>>> successes((Fraction(1, 2), Fraction(1, 2)))
(Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from math import comb
from typing import TypeVar

T = TypeVar("T")
Distribution = tuple[tuple[T, Fraction], ...]

# --------------------------------------------------------------------------------------------------
# Generic pools


@cache
def successes(probabilities: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    """Distribution of the number of successes of independent dice, ``result[k] = P(k)``."""
    dist = [Fraction(1)]
    for p in probabilities:
        nxt = [Fraction(0)] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return tuple(dist)


def at_least(p: Fraction, n: int, k: int) -> Fraction:
    """P(at least ``k`` successes on ``n`` dice that each succeed with probability ``p``).

    A pool of 0 dice or fewer succeeds only when nothing is asked (``k <= 0``)."""
    if k <= 0:
        return Fraction(1)
    if n <= 0:
        return Fraction(0)
    return sum((comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(k, n + 1)), Fraction(0))


def at_least_pool(probabilities: Iterable[Fraction], k: int) -> Fraction:
    """P(at least ``k`` successes) for dice with their own success probabilities."""
    dist = successes(tuple(probabilities))
    return sum(dist[max(k, 0):], Fraction(0))


def check_total(dist: Distribution[object]) -> None:
    """Raise ``ValueError`` unless the probabilities are positive and sum to exactly 1."""
    total = sum(p for _, p in dist)
    if total != 1 or any(p <= 0 for _, p in dist):
        raise ValueError(f"not a distribution: total {total}")
