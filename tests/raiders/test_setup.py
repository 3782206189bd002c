"""Tomb Set Up."""

from __future__ import annotations

import pytest

from tombspec.model.errors import IllegalAction
from tombspec.model.raiders import Raiders
from tombspec.model.raiders.actions import CoinToss, Move


@pytest.mark.parametrize("winner", [0, 1])
def test_toss_loser_goes_first_and_gains_the_grail(winner: int) -> None:
    rs = Raiders()
    s = rs.step(rs.initial_state(), CoinToss(winner))
    first = 1 - winner
    assert s.toss_winner == winner and s.current == first and s.grail == first
    # raiders.grail.gain-cost: -1 Penny, +1 Audacity ("Grail Player 3", "Grail Player 5")
    assert (s.raider(first).audacity, s.raider(first).pennies) == (3, 5)
    assert (s.raider(winner).audacity, s.raider(winner).pennies) == (2, 6)


def test_both_raiders_start_on_start_and_the_boss_on_8() -> None:
    rs = Raiders()
    s = rs.initial_state()
    assert all(r.position == rs.board.start for r in s.raiders)
    assert s.boss_track == 8 and s.boss is None


def test_invalid_decision_before_the_toss() -> None:
    rs = Raiders()
    with pytest.raises(IllegalAction) as err:
        rs.step(rs.initial_state(), Move())
    assert err.value.rule_id == "raiders.setup.coin-toss"


def test_invalid_toss_outcome() -> None:
    rs = Raiders()
    with pytest.raises(IllegalAction):
        rs.step(rs.initial_state(), CoinToss(2))
