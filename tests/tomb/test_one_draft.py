"""One state per step (model/tomb/state.py ``draft_of``): a step copies the state it is given once and
changes that copy in place; the state given, and every state outside a step, never changes."""

from __future__ import annotations

import random

import pytest

from tombspec.model import errors
from tombspec.model.play import next_move
from tombspec.model.registry import get_ruleset
from tombspec.model.tomb import state as tomb_state
from tombspec.model.tomb.actions import Roll
from tombspec.model.tomb.state import Task, evolve


@pytest.mark.parametrize("game", ["tomb", "cryptmaster"])
def test_a_step_never_changes_the_state_it_is_given(game: str) -> None:
    rs = get_ruleset(game, options={"players": 3})
    rng = random.Random(26)
    state = rs.initial_state()
    for _ in range(400):
        move = next_move(rs, state, rng)
        if move is None:
            break
        before = rs.encode_state(state)
        after = rs.step(state, *move)
        assert after is not state
        assert rs.encode_state(state) == before          # the state given is as it was
        assert tomb_state._draft is None                 # the draft was handed out, nothing changes it now
        state = after


def test_evolve_outside_a_step_copies() -> None:
    rs = get_ruleset("tomb", options={"players": 2})
    state = rs.initial_state()
    agenda = state.agenda
    new = evolve(state, agenda=(Task("end-turn", 0), *agenda))
    assert new is not state and state.agenda is agenda and len(new.agenda) == len(agenda) + 1
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)


def test_a_refused_action_leaves_the_state_and_releases_the_draft() -> None:
    rs = get_ruleset("tomb", options={"players": 2})
    state = rs.initial_state()
    before = rs.encode_state(state)
    with pytest.raises(errors.IllegalAction):
        rs.step(state, Roll(9, 9, 9))                    # not a possible outcome of seven Blue dice
    assert rs.encode_state(state) == before and tomb_state._draft is None
