"""Every randomiser of the five games, with exact distributions (``fractions.Fraction``).

A distribution is a tuple of ``(outcome, probability)`` pairs whose probabilities sum to 1, in a fixed
order: the same form as ``ruleset.chance_outcomes``.

>>> dict(pennies(2))
{0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
>>> at_least(SECRETS_SUCCESS, 4, 2)
Fraction(11, 27)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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


# --------------------------------------------------------------------------------------------------
# Raiders of the Lost Tomb: pennies


@cache
def pennies(n: int) -> Distribution[int]:
    """The number of Heads among ``n`` pennies (each fair)."""
    if n < 0:
        raise ValueError("cannot roll a negative number of pennies")
    return tuple((h, Fraction(comb(n, h), 2**n)) for h in range(n + 1))


# --------------------------------------------------------------------------------------------------
# Secrets of the Lost Tomb: the d12 with 1-6 printed twice

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


# --------------------------------------------------------------------------------------------------
# Tomb and Tomb: Cryptmaster: tomb dice (d10 with 3, 5 or 7 axes)

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


# --------------------------------------------------------------------------------------------------
# Monsters of Egypt: one six-sided die with five named results

EGYPT_RESULTS = ("Attack", "Melee", "Melee/Ranged", "2", "3")

#: The rulebook names five results and never says how they sit on six faces
#: (``egypt.ambiguity.die-faces``).  Each reading of the catalog that fixes a layout is one here, under
#: the reading's id; a test keeps them and the default in step with the catalog.
EGYPT_LAYOUTS: dict[str, tuple[str, ...]] = {
    "five-equal": ("Attack", "Melee", "Melee/Ranged", "2", "3"),
    "attack-twice": ("Attack", "Attack", "Melee", "Melee/Ranged", "2", "3"),
    "melee-ranged-twice": ("Attack", "Melee", "Melee/Ranged", "Melee/Ranged", "2", "3"),
    "melee-twice": ("Attack", "Melee", "Melee", "Melee/Ranged", "2", "3"),
}
EGYPT_DEFAULT_LAYOUT = "five-equal"


def egypt_die(layout: str = EGYPT_DEFAULT_LAYOUT) -> Distribution[str]:
    """The result of the Egypt die under a face layout (a reading of the rulebook)."""
    try:
        faces: Sequence[str] = EGYPT_LAYOUTS[layout]
    except KeyError:
        raise ValueError(f"unknown Egypt die layout {layout!r}; "
                         f"known: {', '.join(EGYPT_LAYOUTS)}") from None
    return tuple((r, Fraction(faces.count(r), len(faces))) for r in EGYPT_RESULTS if r in faces)
