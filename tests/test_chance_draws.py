"""A draw from a distribution is one ``randrange`` over the common denominator and the first outcome
whose cumulative weight passes it (``chance.choose``); the integer tables worked out once per
distribution (``chance.DrawTable``, Tomb's ``DeckDraw``) give the very same draws: the same outcomes
for a seed, the generator left in the same state (issue 26: same seed, same trace)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from tombspec.model.chance import (Binomial, Deck, DrawTable, FaceCounts, Independent, Outcomes, bernoulli)
from tombspec.model.tomb.actions import Draw
from tombspec.model.tomb.rules.rolling import deck_draw, roll_distribution


def walked(rng: random.Random, outcomes: Any) -> Any:
    """``choose`` as it was written before the tables: a walk over the Fractions (the oracle the
    tables are held to; model/chance.py's ``choose`` now draws off a table too)."""
    from math import lcm

    denominator = lcm(*(p.denominator for _, p in outcomes))
    r = rng.randrange(denominator)
    for outcome, p in outcomes:
        r -= p.numerator * (denominator // p.denominator)
        if r < 0:
            return outcome
    raise ValueError("outcome probabilities do not sum to 1")


def walked_sample(dist: Any, rng: random.Random) -> Any:
    """What ``dist.sample(rng)`` drew before the tables."""
    if isinstance(dist, Binomial) and dist.size > 64:
        return sum(bernoulli(rng, dist.p) for _ in range(dist.n))
    if isinstance(dist, FaceCounts) and dist.size > 64:
        die = tuple((i, p) for i, (_, p) in enumerate(dist.faces))
        out = [0] * len(dist.faces)
        for _ in range(dist.n):
            out[walked(rng, die)] += 1
        return tuple(out)
    return walked(rng, dist.support())


THIRD, TENTH = Fraction(1, 3), Fraction(1, 10)
DISTRIBUTIONS = {
    "coin": Binomial(1),
    "listed, a repeated outcome": Outcomes([("a", Fraction(1, 6)), ("b", Fraction(1, 2)), ("a", THIRD)]),
    "listed, uneven": Outcomes([(k, Fraction(w, 100)) for k, w in enumerate((1, 2, 3, 4, 90))]),
    "uniform": Outcomes.uniform(list(range(7))),
    "binomial": Binomial(9, Fraction(3, 10)),
    "binomial, many dice": Binomial(80, Fraction(7, 10)),
    "face counts": FaceCounts((("hit", THIRD), ("miss", 2 * THIRD)), 5),
    "face counts, many dice": FaceCounts(tuple((f, Fraction(1, 6)) for f in range(6)), 12),
    "independent": Independent(Binomial(2), Binomial(3, TENTH)),
    "tomb roll": roll_distribution(4, 3, 2),
    "tomb roll, one die": roll_distribution(0, 0, 1),
}


@pytest.mark.parametrize("name", sorted(DISTRIBUTIONS))
def test_a_draw_off_the_table_is_the_walked_draw(name: str) -> None:
    dist = DISTRIBUTIONS[name]
    for seed in range(20):
        new, old = random.Random(seed), random.Random(seed)
        assert [dist.sample(new) for _ in range(60)] == [walked_sample(dist, old) for _ in range(60)]
        assert new.getstate() == old.getstate()          # the very same randrange calls


@pytest.mark.parametrize("counts", [{"Goblin": 3, "Gold": 2, "Sword": 1}, {"Axe": 4, "Bow": 2},
                                    {"Only": 1}, {f"c{i}": i for i in range(1, 15)}])
def test_a_tomb_deck_draw_off_its_table_is_the_walked_draw(counts: dict[str, int]) -> None:
    """Tomb's DeckDraw keeps its own table (by the deck): a draw is ``choose`` over ``draw(deck)``."""
    deck = Deck.of(counts)
    dist = deck_draw(deck)
    total = deck.total
    listed = [(Draw(card), Fraction(n, total)) for card, n in deck.counts]
    for seed in range(20):
        new, old = random.Random(seed), random.Random(seed)
        assert [dist.sample(new) for _ in range(60)] == [walked(old, listed) for _ in range(60)]
        assert new.getstate() == old.getstate()


def test_the_outcomes_for_a_seed_are_those_drawn_before_the_tables() -> None:
    """Recorded with the code before the tables (ad9d7c4): a Tomb roll, a Tomb deck, many Secrets-like
    dice, all from one generator of seed 1."""
    rng = random.Random(1)
    roll = roll_distribution(3, 2, 1)
    assert [(r.green, r.blue, r.red) for r in (roll.sample(rng) for _ in range(12))] == [
        (0, 1, 1), (2, 2, 0), (0, 1, 0), (1, 0, 1), (0, 1, 1), (2, 0, 1), (1, 2, 1), (1, 2, 1), (1, 1, 1),
        (1, 0, 0), (0, 1, 1), (2, 0, 1)]
    deck = deck_draw(Deck.of({"Goblin": 3, "Gold": 2, "Sword": 1}))
    assert [d.card for d in (deck.sample(rng) for _ in range(12))] == [
        "Goblin", "Gold", "Gold", "Gold", "Goblin", "Sword", "Gold", "Goblin", "Sword", "Goblin", "Gold", "Goblin"]
    many = FaceCounts(((1, Fraction(1, 6)),) * 6, 20)
    assert [many.sample(rng) for _ in range(2)] == [(5, 3, 2, 4, 3, 3), (3, 3, 3, 2, 2, 7)]
    assert rng.random() == 0.9364405867994596


def test_a_table_of_probabilities_short_of_one_is_refused_like_the_walk() -> None:
    short = [("a", Fraction(1, 4)), ("b", Fraction(1, 4))]
    table = DrawTable(short)
    seen = set()
    for seed in range(40):
        try:
            got = table.draw(random.Random(seed))
        except ValueError:
            got = ValueError
        try:
            want = walked(random.Random(seed), short)
        except ValueError:
            want = ValueError
        assert got == want
        seen.add(got)
    assert ValueError in seen and "a" in seen
