"""Every randomiser's exact distribution."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tombspec.model import dice
from tombspec.model.egypt import dice as egypt_dice
from tombspec.model.raiders import dice as raiders_dice
from tombspec.model.secrets import dice as secrets_dice
from tombspec.model.tomb import dice as tomb_dice


@pytest.mark.parametrize("n", range(0, 13))
def test_pennies_sum_to_one(n: int) -> None:
    dist = raiders_dice.pennies(n)
    dice.check_total(dist)
    assert dict(dist)[0] == Fraction(1, 2**n)


def test_secrets_die_faces_and_d3() -> None:
    dist = dict(secrets_dice.secrets_d12())
    assert set(dist) == set(range(1, 7)) and all(p == Fraction(1, 6) for p in dist.values())
    assert [secrets_dice.secrets_d3(f) for f in range(1, 7)] == [1, 2, 3, 1, 2, 3]
    with pytest.raises(ValueError):
        secrets_dice.secrets_d3(7)


def test_secrets_check_examples() -> None:
    # Christopher rolls 4 dice for a Strength check (2): at least two 5s or 6s.
    assert secrets_dice.secrets_check(4, 2) == Fraction(11, 27)
    assert secrets_dice.secrets_check(0, 1) == 0          # a pool of 0 fails automatically
    assert secrets_dice.secrets_check(3, 1, widened=True) == Fraction(7, 8)


@given(st.integers(1, 12), st.integers(0, 12))
def test_at_least_is_a_tail_of_the_pool(n: int, k: int) -> None:
    p = secrets_dice.SECRETS_SUCCESS
    assert dice.at_least(p, n, k) == dice.at_least_pool([p] * n, k)


def test_tomb_dice_probabilities_and_shifts() -> None:
    assert tomb_dice.tomb_roll({"green": 1}, 1) == Fraction(3, 10)
    assert tomb_dice.tomb_roll({"blue": 1}, 1) == Fraction(1, 2)
    assert tomb_dice.tomb_roll({"red": 1}, 1) == Fraction(7, 10)
    assert tomb_dice.tomb_shift({"green": 2, "red": 1}, 1) == ({"green": 0, "blue": 2, "red": 0}, 1, 0)
    assert tomb_dice.tomb_shift({"green": 2, "red": 1}, -1) == ({"green": 0, "blue": 1, "red": 0}, 0, 2)
    assert tomb_dice.tomb_roll({"red": 2}, 2, steps=1) == 1    # raised past red: automatic successes


@pytest.mark.parametrize("layout", sorted(egypt_dice.EGYPT_LAYOUTS))
def test_egypt_die_layouts(layout: str) -> None:
    dist = egypt_dice.egypt_die(layout)
    dice.check_total(dist)
    assert {r for r, _ in dist} == set(egypt_dice.EGYPT_RESULTS)


def test_invalid_egypt_layout() -> None:
    with pytest.raises(ValueError, match="unknown Egypt die layout"):
        egypt_dice.egypt_die("seven-faces")


def test_egypt_layouts_are_the_catalogs_readings() -> None:
    from tombspec.spec import load_catalog

    amb = load_catalog("egypt").ambiguity("egypt.ambiguity.die-faces")
    assert set(egypt_dice.EGYPT_LAYOUTS) <= {r.id for r in amb.readings}
    assert egypt_dice.EGYPT_DEFAULT_LAYOUT == amb.default
