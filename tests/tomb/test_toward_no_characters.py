"""Tomb's end no-characters with several players, and what search-ends weighs towards it
(``model/tomb/judgement.py``: ``toward``, ``considered_toward``, ``playout_toward``).

With several players the rulebook's only end is "The game ends when all Crypt Cards have been removed
from the Crypts"; no-characters is tomb.ambiguity.no-characters-left's game-ends reading.  It is
reachable: a Character's death uses up no Crypt card (a Monster that wipes out a Party goes back into
its Crypt: "If the Adventuring Party flees, dies, or otherwise fails to advance the Raid, unrevealed
cards are returned face down into the Crypt"), so the Monsters left in the Crypts can kill every
Character of the Pool, one after the other, while the Crypts are still full.
"""

from __future__ import annotations

import random

from tombspec.model.play import next_move
from tombspec.model.tomb import Tomb
from tombspec.model.tomb.judgement import considered_toward, monster_power, monsters_left, playout_toward
from tombspec.model.tomb.state import evolve


def _towards(rs, state, rng, legal, player):
    return playout_toward(rs, state, rng, legal, player, "no-characters")


def _play(rs, seed, policy, max_steps=5000):
    rng = random.Random(seed)
    state = rs.initial_state()
    for _ in range(max_steps):
        move = next_move(rs, state, rng, policy)
        if move is None:
            break
        state = rs.step(state, *move)
    return state


def test_no_characters_is_reached_in_a_three_player_game_with_crypt_cards_left() -> None:
    """The default table (three players, the Goldenaxe Catacombs, the starter cards): the rollout policy
    towards no-characters, game "0:86", kills every Character of the card set while Crypt cards, and
    Monsters among them, are still in the Crypts: more Characters died than Crypt cards left the Crypts."""
    rs = Tomb({"players": 3})
    state = _play(rs, "0:86", _towards)
    assert state.outcome == "no-characters"
    assert sorted(state.dead) == sorted(rs.cards.characters)
    assert not state.pool and not state.inn and not any(p.characters for p in state.parties)
    left = [h.card for c in state.crypts for h in c.cards]
    assert left and monsters_left(rs, state)[0] > 0
    capacity = sum(rs.board.crypts[c.id].capacity for c in state.crypts)
    assert capacity - len(left) < len(state.dead)


def test_towards_no_characters_weighs_legal_decisions_and_never_works_against_it() -> None:
    """What search-ends weighs towards no-characters is legal and never nothing, never Flight, an Inn
    card drawn or a return to the Inn where something else is legal; its rollouts choose a legal
    decision; towards crypts-emptied every legal decision is weighed."""
    from tombspec.model.tomb.actions import DrawFrom, Flee, ReturnToInn

    rs = Tomb({"players": 3})
    rng = random.Random("weigh")
    state = rs.initial_state()
    checked = narrowed = 0
    for _ in range(600):
        pending = rs.pending(state)
        if pending.is_over:
            break
        if pending.is_decision:
            for p in pending.actors:
                legal = rs.legal_actions(state, p)
                kept = considered_toward(rs, state, p, legal, "no-characters")
                assert kept and set(kept) <= set(legal)
                against = [a for a in kept if isinstance(a, (Flee, DrawFrom, ReturnToInn))]
                assert not against or len(kept) == len(against), kept
                assert considered_toward(rs, state, p, legal, "crypts-emptied") == legal
                assert playout_toward(rs, state, random.Random(0), legal, p, "no-characters") in legal
                checked += 1
                narrowed += len(kept) < len(legal)
        move = next_move(rs, state, rng)
        assert move is not None
        state = rs.step(state, *move)
    assert checked > 50 and narrowed > 10


def test_toward_no_characters_counts_the_dead_and_the_monsters_left() -> None:
    """toward(no-characters) grows as Characters die, and falls as the Monsters that could kill them do
    (a Monster killed is banked: a way of dying lost)."""
    rs = Tomb({"players": 3})
    state = rs.initial_state()
    rng = random.Random(1)
    while not any(c.cards for c in state.crypts) or rs.pending(state).is_chance or state.turn <= 3:
        state = rs.step(state, *next_move(rs, state, rng))
    assert rs.toward(state, "no-characters") == 0.0
    name = next(c for c, n in state.pool.counts if n)
    one = evolve(state, pool=state.pool.remove(name), dead=(name,))
    assert rs.toward(one, "no-characters") > 0.0
    where = next((i, k) for i, c in enumerate(state.crypts) for k, h in enumerate(c.cards)
                 if monster_power(rs, h.card) > 0)
    crypt = one.crypts[where[0]]
    monster = crypt.cards[where[1]].card
    crypts = list(one.crypts)
    crypts[where[0]] = evolve(crypt, cards=crypt.cards[:where[1]] + crypt.cards[where[1] + 1:])
    parties = list(one.parties)
    parties[0] = evolve(parties[0], bank=tuple(sorted((*parties[0].bank, monster))))
    killed = evolve(one, crypts=tuple(crypts), parties=tuple(parties))
    assert monsters_left(rs, killed)[1] == monsters_left(rs, one)[1] + 1
    assert 0.0 < rs.toward(killed, "no-characters") < rs.toward(one, "no-characters")
