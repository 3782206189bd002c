"""Bounded "can this happen within k steps" search: found (shortest witness), impossible, unknown."""

from __future__ import annotations

from tombspec.checks.explore.bounded import FOUND, IMPOSSIBLE, UNKNOWN, can_happen
from tombspec.model.raiders import Raiders
from tombspec.model.raiders.actions import CoinToss, Prepare


def test_found_with_the_shortest_witness_replayable() -> None:
    rs = Raiders()
    answer = can_happen(rs, lambda s: s.attack is not None, 6)
    assert answer.result == FOUND and answer.steps == 2
    assert isinstance(answer.witness[0], CoinToss) and answer.witness[1] == Prepare()
    state = rs.initial_state()
    for action in answer.witness:
        state = rs.step(state, action)
    assert state.attack is not None


def test_impossible_means_the_whole_bounded_space_was_searched() -> None:
    rs = Raiders()
    answer = can_happen(rs, lambda s: s.boss is not None, 3)   # the Boss needs 8 rounds
    assert answer.result == IMPOSSIBLE and answer.states > 1


def test_a_budget_gives_unknown_not_impossible() -> None:
    rs = Raiders()
    answer = can_happen(rs, lambda s: s.boss is not None, 30, max_states=200)
    assert answer.result == UNKNOWN and "budget" in answer.reason
