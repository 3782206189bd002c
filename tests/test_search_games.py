"""The search hooks of each game (``returns``, ``evaluate``, ``determinise``): values in [0, 1], and a
determinisation that keeps what the player sees and reads nothing else."""

from __future__ import annotations

import random

import attrs
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


def test_egypt_towards_no_crystal_weighs_legal_decisions_and_never_the_crystal() -> None:
    """search-ends towards Egypt's ``no-crystal``: what it weighs is legal and never nothing, its rollouts
    choose a legal decision, its careful hero never heads for the crystal, and towards any other end
    every legal decision is weighed."""
    from tombspec.model.egypt.judgement import _targets, considered_toward, playout_toward

    checked = heading = 0
    for rs, state in _states("egypt", every=3):
        pending = rs.pending(state)
        if not pending.is_decision:
            continue
        for p in pending.actors:
            legal = rs.legal_actions(state, p)
            kept = considered_toward(rs, state, p, legal, "no-crystal")
            assert kept and set(kept) <= set(legal)
            assert considered_toward(rs, state, p, legal, "all-dead") == legal
            assert playout_toward(rs, state, random.Random(0), legal, p, "no-crystal") in legal
            checked += 1
        for i, h in enumerate(state.heroes):
            if h.status != "in":
                continue
            what, spaces = _targets(rs, state, i, "no-crystal")
            crystal = {pile.space for pile in state.piles for t in pile.tokens
                       if t.face_up and rs.kind(t).has("crystal")}
            assert not (what == "find" and set(spaces) & crystal), (what, spaces)
            heading += 1
    assert checked and heading


@pytest.mark.parametrize("game", [*GAMES, "raiders"])
def test_toward_each_end_is_a_value(game: str) -> None:
    """``toward(state, end)`` (search-ends' estimate of how near the game stands to ending as ``end``) is
    in [0, 1] for every declared end, all through a game."""
    rs = get_ruleset(game)
    ends = rs.ends()
    assert ends
    seen = 0
    for rs, state in _states(game, every=25):
        near = {end: rs.toward(state, end) for end in ends}
        assert all(0.0 <= v <= 1.0 for v in near.values()), near
        seen += 1
    assert seen > 5


def test_raiders_toward_killed_counts_the_pennies_lost() -> None:
    rs = get_ruleset("raiders")
    state = rs.initial_state()
    assert rs.toward(state, "killed") == 0.0
    one = state.with_raider(0, pennies=3)
    dead = state.with_raider(0, position=None, pennies=0).with_raider(1, position=None, pennies=0)
    assert 0.0 < rs.toward(one, "killed") < rs.toward(dead, "killed") == 1.0


def test_egypt_toward_all_dead_and_no_crystal() -> None:
    """All dead: the lives lost, nothing while a hero is out alive; no crystal: an escape without it."""
    from tombspec.model.egypt.state import DEAD, ESCAPED

    rs = get_ruleset("egypt")
    state = rs.initial_state()
    heroes = state.heroes
    hurt = attrs.evolve(state, heroes=(attrs.evolve(heroes[0], lives=1), *heroes[1:]))
    out = attrs.evolve(state, heroes=(attrs.evolve(heroes[0], status=ESCAPED, space=None), *heroes[1:]))
    assert rs.toward(state, "all-dead") < rs.toward(hurt, "all-dead")
    assert rs.toward(out, "all-dead") == 0.0
    assert rs.toward(state, "no-crystal") < rs.toward(out, "no-crystal")
    gone = attrs.evolve(out, heroes=tuple(attrs.evolve(h, status=DEAD, lives=0) if i else h
                                          for i, h in enumerate(out.heroes)))
    assert rs.toward(gone, "no-crystal") == 1.0


def test_egypt_considered_reads_only_what_the_player_sees() -> None:
    """Egypt declares ``considered_observes``: what its ``considered`` and ``considered_toward`` keep is the
    same on the true state and on every state ``determinise`` deals for the player (face-down tokens dealt
    again), so a search may narrow its root decision on the true state without reading anything hidden."""
    from tombspec.model.egypt.judgement import considered, considered_toward
    from tombspec.model.play import next_move

    rs = get_ruleset("egypt")
    assert rs.considered_observes
    compared = 0
    for i in range(6):
        rng, state = random.Random(i), rs.initial_state()
        for _ in range(250):
            move = next_move(rs, state, rng)
            if move is None:
                break
            pending = rs.pending(state)
            if pending.is_decision:
                player = pending.actors[0]
                legal = rs.legal_actions(state, player)
                kept = (considered(rs, state, player, legal), considered_toward(rs, state, player, legal, "no-crystal"))
                for k in range(2):
                    dealt = rs.determinise(state, player, random.Random(k))
                    assert (considered(rs, dealt, player, legal),
                            considered_toward(rs, dealt, player, legal, "no-crystal")) == kept
                    compared += dealt is not state
            state = rs.step(state, *move)
    assert compared > 100                     # states with something hidden were compared


def test_a_search_narrows_its_root_decision_on_a_state_dealt_for_the_player() -> None:
    """Tomb's judgement towards no-characters reads the Crypts' face-down cards: a search-ends player
    narrows its root decision on a state ``determinise`` dealt for him, never on the true state (a player
    never decides on what he cannot see); the tree's decisions are on determinised states already."""
    from tombspec.model.play import next_move
    from tombspec.model.search import Search
    from tombspec.model.tomb import Tomb

    rs = Tomb({"players": 3})
    assert not rs.considered_observes
    seen: list[Any] = []
    truth: list[Any] = []
    toward = type(rs).considered_toward

    def spying(rs_, state, player, legal, end):
        seen.append(state)
        return toward(rs_, state, player, legal, end)

    type(rs).considered_toward = staticmethod(spying)
    try:
        policy = Search(2, 2, ends=True)
        policy.aim, policy.aimed = "no-characters", True
        rng, state = random.Random(5), rs.initial_state()
        for _ in range(120):
            move = next_move(rs, state, rng, policy)
            if move is None:
                break
            truth.append(state)
            state = rs.step(state, *move)
    finally:
        type(rs).considered_toward = staticmethod(toward)
    assert seen and truth
    assert not any(any(s is t for t in truth) for s in seen)
