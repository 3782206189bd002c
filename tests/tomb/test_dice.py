"""The Basics: Rolling Dice (raising and lowering, automatic successes and failures, the readings)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tombspec.model.chance import Deck, draw
from tombspec.model.tomb.actions import Draw, Roll
from tombspec.model.tomb.rules.rolling import DeckDraw, Pool, character_pool, roll_distribution, shift

from .helpers import at, two_crypts


def test_raise_replaces_green_by_blue_blue_by_red_and_red_becomes_automatic() -> None:
    rs = two_crypts()
    assert shift(rs, Pool(1, 2, 3), (1,)) == Pool(0, 1, 2, 3, 0)
    assert shift(two_crypts(raise_red="all-red-after"), Pool(1, 2, 3), (1,)) == Pool(0, 1, 0, 5, 0)


def test_lower_replaces_red_by_blue_blue_by_green_and_green_becomes_failures() -> None:
    rs = two_crypts()
    assert shift(rs, Pool(1, 2, 3), (-1,)) == Pool(2, 3, 0, 0, 1)
    assert shift(two_crypts(lower_green="all-green-after"), Pool(1, 2, 3), (-1,)) == Pool(0, 3, 0, 0, 3)


def test_raises_and_lowers_net_or_in_sequence() -> None:
    assert shift(two_crypts(), Pool(1, 1, 1), (1, -1)) == Pool(1, 1, 1)
    assert shift(two_crypts(raise_lower="sequential"), Pool(1, 1, 1), (1, -1)) == Pool(1, 1, 0, 1, 0)


def test_an_attached_card_raises_its_holders_dice() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": [("Kadin", ["Mkono-Djarat"])]}, {"characters": ["Wren"]}])
    assert character_pool(rs, s, 0, "Kadin", "attack") == Pool(0, 1, 2)


def test_a_roll_is_recorded_by_its_successes_per_colour_exactly() -> None:
    dist = roll_distribution(1, 1, 1)
    assert dist.size == 8
    assert dist.prob(Roll(1, 1, 1)) == Fraction(3, 10) * Fraction(1, 2) * Fraction(7, 10)
    assert sum(p for _, p in dist.support()) == 1 and dist.prob(Roll(2, 0, 0)) == 0


def test_no_number_no_dice() -> None:
    rs = two_crypts()
    s = at(rs, [{"characters": ["Grimbold"]}, {"characters": ["Wren"]}])
    assert character_pool(rs, s, 0, "Grimbold", "magic") == Pool()


@pytest.mark.parametrize("seed", range(5))
def test_a_deck_draw_is_chance_draw_of_the_deck(seed: int) -> None:
    """Every draw is one chance event over what remains of a deck: DeckDraw is
    chance.draw(deck) as Draw actions, the same outcomes in the same order with the same probabilities,
    and the same card drawn from the same generator (traces depend on it)."""
    rng = random.Random(seed)
    for _ in range(200):
        deck = Deck.of({f"card {i}": rng.randint(0, 6) for i in range(rng.randint(1, 14))})
        if not deck:
            continue
        fast, slow = DeckDraw(deck), draw(deck).map(Draw, lambda a: a.card)
        assert fast.support() == slow.support()
        assert fast.prob(Draw("no such card")) == slow.prob(Draw("no such card")) == 0
        assert all(fast.prob(o) == p and fast.possible(o) for o, p in slow.support())
        state = rng.random()
        a, b = random.Random(state), random.Random(state)
        assert [fast.sample(a) for _ in range(8)] == [slow.sample(b) for _ in range(8)]
    with pytest.raises(ValueError):
        DeckDraw(Deck())
