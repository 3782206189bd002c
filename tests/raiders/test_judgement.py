"""Raiders' search judgement (``model/raiders/judgement.py``): a player's judgement, not rules.  Its values
are shares of a win, its table of turns reads the board as a purposeful raider would, its playout heads
for Escape, and what a search weighs is legal and never nothing."""

from __future__ import annotations

import random

import attrs

from tombspec.model.play import playout, uniform
from tombspec.model.raiders import Raiders
from tombspec.model.raiders import judgement
from tombspec.model.raiders.actions import MoveTo, Spend, Stay
from tombspec.model.raiders.state import Roll

from .helpers import ruleset, state


def _states(rs: Raiders, games: int = 3, every: int = 3):
    for seed in range(games):
        for k, (_, _, s) in enumerate(playout(rs, random.Random(f"judgement:{seed}"), policy=uniform)):
            if k % every == 0 or rs.is_terminal(s):
                yield s


def test_values_are_shares_of_a_win_and_only_the_winner_gets_one() -> None:
    rs = Raiders()
    ended = 0
    for s in _states(rs):
        values = rs.returns(s) if rs.is_terminal(s) else rs.evaluate(s)
        assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
        if rs.is_terminal(s):
            ended += 1
            assert values == tuple(1.0 if p == s.winner else 0.0 for p in range(2))
    assert ended


def test_what_a_search_considers_is_legal_and_never_nothing() -> None:
    rs = Raiders()
    narrowed = attacks = 0
    for s in _states(rs, every=1):
        pending = rs.pending(s)
        if not pending.is_decision:
            continue
        p = pending.actors[0]
        legal = rs.legal_actions(s, p)
        kept = rs.considered(rs, s, p, legal)
        assert kept and set(kept) <= set(legal)
        narrowed += len(kept) < len(legal)
        if s.phase in ("attack-defender", "attack-attacker") and len(legal) > 2:
            attacks += 1      # in an Attack: no spend at all, and at most the one that wins or holds
            assert Spend(0) in kept and len(kept) <= 2
    assert narrowed and attacks


def test_the_turns_to_escape_fall_with_the_way_and_with_audacity() -> None:
    rs = Raiders()
    board = rs.board
    table = judgement._table(rs, 5)
    for used in (False, True):
        for x in board.spaces:
            turns = table.turn[used][x]
            assert all(turns[a + 1] <= turns[a] + 1e-9 for a in range(len(turns) - 1)), x
            if board.to_escape[x] == 1:      # Escape is entered with any roll
                assert turns[0] == 1.0
            if used:      # no Portal left: a space a turn at most
                assert turns[-1] >= board.to_escape[x] - 1e-9, x
    # from the Start the Portal saves turns while it may still be used
    assert table.turn[False][board.start][2] < table.turn[True][board.start][2]


def test_the_playout_takes_escape_with_the_grail_when_it_can() -> None:
    rs = ruleset()
    # the holder (player 0) next to Escape after a Move roll
    s = state(rs, holder=("5,0", 5, 0), me=("0,1", 6, 2), current=0, phase="move-to")
    s = attrs.evolve(s, roll=Roll("move", 5, heads=1))
    legal = rs.legal_actions(s, 0)
    assert MoveTo("6,0", "free") in legal and Stay() in legal
    assert min(legal, key=lambda a: judgement.cost(rs, s, a)) == MoveTo("6,0", "free")
