"""Legality by predicate at a turn: a step checks a decision it did not list itself (a trace's) with
``turn_allows``, which works out only the part of the turn's list of the decision's class.  It must
agree with the list (``turn_legal``) for every decision listed at any turn of a game (so most are
refused elsewhere), under the readings that change what a turn lists, on both component sets; and a
step must still refuse what the list does not hold, naming the rule it named before."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tombspec.model.errors import IllegalAction
from tombspec.model.play import playout
from tombspec.model.registry import get_ruleset
from tombspec.model.secrets.actions import (BARTER, CLIMB, MOVE, PASS, PICK_UP, PLACE_ROPE, ROOM_ACTION, SEARCH,
                                            SEARCH_ARTIFACT, Ability, Drop, Fight, Rest, Save, Steal, Teleport,
                                            Trade, Use)
from tombspec.model.secrets.rules.adventurer_phase import turn_allows, turn_legal

#: decisions asked at every turn, listed or not: the fieldless ones, and some with fields no list holds
ALWAYS = (MOVE, PASS, SEARCH, BARTER, PICK_UP, PLACE_ROPE, SEARCH_ARTIFACT, ROOM_ACTION, CLIMB, Drop("no such card"),
          Save(9), Fight("c999"), Fight("s0"), Fight("s1"), Trade(0), Trade(1), Trade(True), Use("no such card"),
          Ability("no such ability"), Rest("health"), Rest("both"), Steal("s0"), Steal("s1"), Teleport("nowhere"))


@pytest.mark.parametrize(("board", "options"), [
    (None, {"players": 4}),
    (None, {"players": 2, "uneven_tokens": "may-pass", "combat_target": "any-target", "steal_range": "any-range-chosen",
            "repeated_search": "once-per-room", "rest_companions": "in-addition", "other_room": "ranged-weapons"}),
    ("exercise", {"players": 3}),
    ("exercise", {"players": 2, "uneven_tokens": "may-pass", "status_rest": "rest-option-no-precondition"}),
])
def test_turn_allows_agrees_with_the_list(board: Any, options: dict[str, Any]) -> None:
    rs = get_ruleset("secrets", options=options, board=board)
    cases: list[tuple[Any, int, list[Any]]] = []
    for seed in range(4):
        state = rs.initial_state()
        for _, _, after in playout(rs, random.Random(seed), max_steps=3000):
            if state.head is None and state.phase == "adventurer":
                for seat in range(len(state.seats)):           # the seat whose turn it is, and the others
                    cases.append((state, seat, turn_legal(rs, state, seat)))
            state = after
    assert sum(bool(legal) for _, _, legal in cases) > 50
    pool = list(dict.fromkeys([*(a for _, _, legal in cases for a in legal), *ALWAYS]))
    assert len(pool) > len(ALWAYS) + 10
    for state, seat, legal in cases[::2]:
        rs.last_legal = None                  # not read off a list just made
        for action in pool:
            assert turn_allows(rs, state, seat, action) == (action in legal), (action, seat)


def test_a_step_still_refuses_what_no_turn_lists() -> None:
    """A decision the turn does not list is refused by a step that never listed the turn (the
    predicate's path), naming the rule the list's path named: fighting where no creature is."""
    rs = get_ruleset("secrets", options={"players": 2})
    state = rs.initial_state()
    for _, _, state in playout(rs, random.Random(0)):
        if state.head is None and state.phase == "adventurer" and not state.creatures_in(
                state.seats[state.current].adventurer.room):
            break
    seat = state.current
    assert Fight("c999") not in turn_legal(rs, state, seat)
    rs.last_legal = None
    with pytest.raises(IllegalAction) as refused:
        rs.step(state, Fight("c999"), seat)
    assert refused.value.rule_id == "secrets.adventurer-phase.combat"
    rs.last_legal = None
    assert rs.step(state, MOVE, seat) is not None          # and accepts what it lists
