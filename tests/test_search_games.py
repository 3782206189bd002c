"""The search hooks of each game (``returns``, ``evaluate``, ``determinise``): values in [0, 1], and a
determinisation that keeps what the player sees and reads nothing else."""

from __future__ import annotations

import random

import pytest

from tombspec.model.play import playout
from tombspec.model.registry import get_ruleset
from tombspec.model.ruleset import Ruleset

GAMES = ["tomb", "cryptmaster", "egypt", "secrets"]


def _states(game: str, games: int = 2, every: int = 7):
    rs = get_ruleset(game)
    for seed in range(games):
        state = rs.initial_state()
        yield rs, state
        for k, (_, _, state) in enumerate(playout(rs, random.Random(f"hooks:{seed}"))):
            if k % every == 0 or rs.is_terminal(state):
                yield rs, state


@pytest.mark.parametrize("game", GAMES)
def test_a_determinisation_keeps_what_the_player_sees_and_reads_nothing_else(game: str) -> None:
    """Dealt again, the state looks the same to the player (``observe``); and two states he cannot tell
    apart (the second a determinisation of the first) are dealt again alike by the same generator: the
    deal reads only what he sees."""
    changed = 0
    for rs, state in _states(game):
        for p in range(rs.num_players):
            twin = rs.determinise(state, p, random.Random(2))
            assert rs.observe(twin, p) == rs.observe(state, p)
            changed += twin != state
            assert rs.determinise(state, p, random.Random(1)) == rs.determinise(twin, p, random.Random(1))
    hides = type(rs).observe is not Ruleset.observe
    assert bool(changed) == hides, "nothing hidden was ever dealt again" if hides else "a game that hides nothing"


@pytest.mark.parametrize("game", GAMES)
def test_values_are_shares_of_a_win(game: str) -> None:
    ended = 0
    for rs, state in _states(game, every=25):
        values = rs.returns(state) if rs.is_terminal(state) else rs.evaluate(state)
        assert len(values) == rs.num_players and all(0.0 <= v <= 1.0 for v in values)
        if rs.is_terminal(state):
            ended += 1
            # the winners, and only they, get something
            assert {p for p, v in enumerate(values) if v > 0} == set(state.winners)
    assert ended


@pytest.mark.parametrize("game", GAMES)
def test_what_a_search_considers_is_legal_and_never_nothing(game: str) -> None:
    """A game's ``considered`` keeps some of the legal decisions and only those; Egypt's keeps no item
    dropped while the hero board has room (a drop only to pick it up again is what made search dither)."""
    narrowed = 0
    for rs, state in _states(game, every=3):
        pending = rs.pending(state)
        considered = getattr(rs, "considered", None)
        if considered is None or not pending.is_decision:
            continue
        for p in pending.actors:
            legal = rs.legal_actions(state, p)
            kept = considered(rs, state, p, legal)
            assert kept and set(kept) <= set(legal)
            narrowed += len(kept) < len(legal)
            if game == "egypt" and any(a.kind == "drop" for a in kept):
                hero = next(h for h in state.heroes if h.player == p and h.status == "in")
                assert len(hero.items) >= 5, kept
    if game == "egypt":
        assert narrowed, "Egypt's considered never narrowed a decision"
