"""Seeded breaks of Cryptmaster's attachment invariants, which check a Party's Characters only when
they are not the very Characters that passed (``cryptmaster.invariants``): each break is seeded in a
game in progress, every invariant checked after every step before it, and must be reported with its
rule id on the broken state and again on the next state, which shares the broken Characters.  (Tomb's
counts of cards and Characters, which Cryptmaster checks too, are broken in ``tests/tomb``; one here.)"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tombspec.model.cryptmaster.links import to_cryptmaster
from tombspec.model.cryptmaster.rules.attachments import is_cursed, keywords
from tombspec.model.play import next_move, playout
from tombspec.model.registry import get_ruleset
from tombspec.model.tomb.cards import INN_DECKS
from tombspec.model.tomb.state import evolve

RESOLVING = ("window", "roll", "wound-apply")
CARDS_COUNTED = to_cryptmaster("tomb.banking.never-returned")      # Tomb's count of cards, in Cryptmaster's words


@pytest.fixture
def rs() -> Any:
    return get_ruleset("cryptmaster", options={"players": 3})


def game_in_progress(rs: Any, seed: int = 1, steps: int = 120) -> tuple[Any, random.Random, int]:
    """A game of uniform play, every invariant checked after every step, played ``steps`` steps and on
    to a turn decision outside a Raid where a player other than the current one has Characters; and
    that player."""
    rng = random.Random(seed)
    state = rs.initial_state()
    for n, (_, _, state) in enumerate(playout(rs, rng, max_steps=5000)):
        assert rs.violations(state) == []
        q = (state.current + 1) % len(state.parties)
        if n >= steps and state.task is not None and state.task.kind == "turn" and state.raid is None \
                and state.party(q).characters and not any(t.kind in RESOLVING for t in state.agenda):
            return state, rng, q
    raise AssertionError("the game never came to such a state")


def attach_from_deck(state: Any, q: int, cards: list[str], index: int = 0) -> Any:
    """``cards`` taken from their Inn decks and Attached to the first Character of player ``q`` (or the
    one at ``index``)."""
    decks = list(state.decks)
    for card in cards:
        i = next(i for i, d in enumerate(decks) if d.count(card))
        decks[i] = decks[i].remove(card)
    party = state.party(q)
    chars = list(party.characters)
    ch = chars[index]
    chars[index] = evolve(ch, attached=(*ch.attached, *cards))
    parties = list(state.parties)
    parties[q] = evolve(party, characters=tuple(chars))
    return evolve(state, decks=tuple(decks), parties=tuple(parties))


def reported(rs: Any, broken: Any, rng: random.Random, rule: str) -> None:
    found = {v.invariant for v in rs.violations(broken)}
    assert rule in found and CARDS_COUNTED not in found          # the cards were moved, none made
    action, player = next_move(rs, broken, rng)
    after = rs.step(broken, action, player)
    assert rule in {v.invariant for v in rs.violations(after)}


def test_two_cards_of_a_keyword_are_caught(rs: Any) -> None:
    """cryptmaster.attach.fix-by-discarding: two non-Cursed Weapons Attached to one Character."""
    state, rng, q = game_in_progress(rs)
    held = {c for d in state.decks for c, _ in d.counts}
    weapons = [c for c in sorted(held) if "weapon" in keywords(rs, c) and not is_cursed(rs, c)][:2]
    if len(weapons) < 2:
        pytest.skip("fewer than two Weapons left in the decks")
    reported(rs, attach_from_deck(state, q, weapons), rng, "cryptmaster.attach.fix-by-discarding")


def test_two_cards_of_a_keyword_on_the_last_character_are_caught(rs: Any) -> None:
    """cryptmaster.attach.fix-by-discarding: two non-Cursed Weapons Attached to the last Character of a
    Party (issue 26: each Character's breaches are read off the Party's member facts, in its order)."""
    for seed in range(1, 30):
        state, rng, q = game_in_progress(rs, seed)
        if len(state.party(q).characters) > 1:
            break
    else:
        pytest.skip("no Party of two Characters or more")
    held = {c for d in state.decks for c, _ in d.counts}
    weapons = [c for c in sorted(held) if "weapon" in keywords(rs, c) and not is_cursed(rs, c)][:2]
    if len(weapons) < 2:
        pytest.skip("fewer than two Weapons left in the decks")
    last = len(state.party(q).characters) - 1
    broken = attach_from_deck(state, q, weapons, last)
    name = broken.party(q).characters[last].name
    assert any(name in v.message for v in rs.violations(broken) if v.invariant == "cryptmaster.attach.fix-by-discarding")
    reported(rs, broken, rng, "cryptmaster.attach.fix-by-discarding")


def test_an_attached_cryptmaster_card_is_caught(rs: Any) -> None:
    """cryptmaster.attach.allowed-types: a cryptmaster card Attached."""
    state, rng, q = game_in_progress(rs)
    deck = state.decks[INN_DECKS.index("cryptmaster")]
    if not deck:
        pytest.skip("the cryptmaster deck is empty")
    reported(rs, attach_from_deck(state, q, [deck.counts[0][0]]), rng, "cryptmaster.attach.allowed-types")


def test_a_card_that_appears_is_caught(rs: Any) -> None:
    """Tomb's count of cards, in Cryptmaster's words: a banked card that is also in its deck."""
    state, rng, q = game_in_progress(rs)
    card = next(c for d in state.decks for c, _ in d.counts)
    party = state.party(q)
    parties = list(state.parties)
    parties[q] = evolve(party, bank=tuple(sorted((*party.bank, card))))
    broken = evolve(state, parties=tuple(parties))
    assert {v.invariant for v in rs.violations(broken)} == {CARDS_COUNTED}
    action, player = next_move(rs, broken, rng)
    assert CARDS_COUNTED in {v.invariant for v in rs.violations(rs.step(broken, action, player))}


def test_a_mercenary_serving_outside_a_hire_is_caught(rs: Any) -> None:
    """cryptmaster.mercenary.one-character: a Character of another player's seat serving a Party with no
    hire this turn (the Parties changed), every invariant checked after every step before it."""
    state, rng, q = game_in_progress(rs)
    party = state.party(q)
    ch = party.characters[0]
    parties = list(state.parties)
    parties[q] = evolve(party, characters=(evolve(ch, owner=(q + 1) % len(state.parties)), *party.characters[1:]))
    broken = evolve(state, parties=tuple(parties))
    # (reported on the broken state: the step after it may send a mercenary home, which ends the break)
    assert "cryptmaster.mercenary.one-character" in {v.invariant for v in rs.violations(broken)}


def test_a_hire_gone_beside_the_very_parties_is_caught(rs: Any) -> None:
    """cryptmaster.mercenary.one-character: the Parties the very tuple that passed, the effects not: a
    mercenary whose hire is gone (the Parties' checks read the effects too)."""
    from tombspec.model.effects import TURN, Effect

    state, rng, q = game_in_progress(rs)
    party = state.party(q)
    ch = party.characters[0]
    parties = list(state.parties)
    parties[q] = evolve(party, characters=(evolve(ch, owner=(q + 1) % len(state.parties)), *party.characters[1:]))
    hired = evolve(state, parties=tuple(parties), effects=(*state.effects, Effect(
        "hired", "cryptmaster.mercenary.one-character", until=TURN, player=q, subject=ch.name)))
    assert "cryptmaster.mercenary.one-character" not in {v.invariant for v in rs.violations(hired)}
    broken = evolve(hired, effects=state.effects)
    assert broken.parties is hired.parties
    assert "cryptmaster.mercenary.one-character" in {v.invariant for v in rs.violations(broken)}


def test_a_party_out_with_characters_is_caught(rs: Any) -> None:
    """cryptmaster.pvp.elimination: a Party out of the game that still has Characters."""
    state, rng, q = game_in_progress(rs)
    parties = list(state.parties)
    parties[q] = evolve(state.party(q), out=True)
    reported(rs, evolve(state, parties=tuple(parties)), rng, "cryptmaster.pvp.elimination")


def test_two_cards_of_a_keyword_are_caught_again_in_an_equal_loadout(rs: Any) -> None:
    """cryptmaster.attach.fix-by-discarding: what breaks the restrictions is a fact of the loadout, kept
    for it (issue 26, speed9); the same breach in an equal loadout made anew (other Characters tuples of
    the very same names and cards) is reported again, and the Parties before the break still pass."""
    state, rng, q = game_in_progress(rs)
    held = {c for d in state.decks for c, _ in d.counts}
    weapons = [c for c in sorted(held) if "weapon" in keywords(rs, c) and not is_cursed(rs, c)][:2]
    if len(weapons) < 2:
        pytest.skip("fewer than two Weapons left in the decks")
    broken = attach_from_deck(state, q, weapons)
    rule = "cryptmaster.attach.fix-by-discarding"
    assert rule in {v.invariant for v in rs.violations(broken)}
    party = broken.party(q)
    anew = tuple(evolve(ch, wounds=ch.wounds) for ch in party.characters)
    assert anew == party.characters and all(a is not b for a, b in zip(anew, party.characters))
    parties = list(broken.parties)
    parties[q] = evolve(party, characters=anew)
    again = evolve(broken, parties=tuple(parties))
    assert rs.violations(state) == []
    reported(rs, again, rng, rule)


def test_a_party_out_beside_a_party_that_passed_is_caught_whatever_the_effects(rs: Any) -> None:
    """cryptmaster.pvp.elimination: each Party that passed with no mercenary is not checked again while it
    is the very same value, whatever the effects (issue 26, speed10t); another Party of the same state,
    out with Characters, is reported all the same, the effects changed beside it."""
    from tombspec.model.effects import TURN, Effect

    state, rng, q = game_in_progress(rs)
    assert rs.violations(state) == []
    r = next(p for p in range(len(state.parties)) if p != q and state.party(p).characters)
    parties = list(state.parties)
    parties[r] = evolve(state.party(r), out=True)
    broken = evolve(state, parties=tuple(parties), effects=(*state.effects, Effect(
        "free-used", "cryptmaster.card-text.free", until=TURN, player=q, subject="rest")))
    assert broken.party(q) is state.party(q)
    assert "cryptmaster.pvp.elimination" in {v.invariant for v in rs.violations(broken)}


def test_restrictions_broken_after_a_clean_loadout_are_fixed(rs: Any) -> None:
    """cryptmaster.attach.fix-by-moving / fix-by-discarding: whether a Party breaks a restriction is a
    fact of its loadout, remembered for it (issue 26, speed10t); a Party that broke none is left as it
    is, and two Weapons then Attached to one Character are fixed all the same (not read off the clean
    loadout's fact)."""
    from tombspec.model.cryptmaster.rules.attachments import breaches, fix_restrictions

    state, rng, q = game_in_progress(rs)
    held = {c for d in state.decks for c, _ in d.counts}
    weapons = [c for c in sorted(held) if "weapon" in keywords(rs, c) and not is_cursed(rs, c)][:2]
    if len(weapons) < 2:
        pytest.skip("fewer than two Weapons left in the decks")
    assert fix_restrictions(rs, state, q).parties[q] is state.parties[q]
    broken = attach_from_deck(state, q, weapons)
    assert any(breaches(rs, broken, q, ch.name) for ch in broken.party(q).characters)
    fixed = fix_restrictions(rs, broken, q)
    assert not any(breaches(rs, fixed, q, ch.name) for ch in fixed.party(q).characters)
