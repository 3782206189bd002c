"""The facts a Tomb ruleset remembers between steps (``Ruleset.CACHES``, ``rs.memo``) give the answers
worked out afresh: the loadout facts reached by the last Characters tuple asked, and Cryptmaster's
Cursed cards under each reading of cryptmaster.ambiguity.cursed-versus-curses."""

from __future__ import annotations

import pickle
import random

import pytest

from tombspec.model.cryptmaster.rules.attachments import CURSED, is_cursed, keywords
from tombspec.model.play import playout
from tombspec.model.registry import get_ruleset
from tombspec.model.tomb.rules.cards import card_type
from tombspec.model.tomb.state import evolve, loadout_facts


def _party_with_cards(rs, seed: int = 2):
    """A state of uniform play where some Party has two Characters or more, and that Party's index."""
    for _, _, state in playout(rs, random.Random(seed), max_steps=3000):
        for p, party in enumerate(state.parties):
            if len(party.characters) >= 2 and any(ch.attached for ch in party.characters):
                return state, p
    raise AssertionError("no Party with two Characters and a card came up")


@pytest.mark.parametrize("game", ["tomb", "cryptmaster"])
def test_the_last_loadout_asked_gives_the_facts_of_its_value(game: str) -> None:
    rs = get_ruleset(game)
    state, p = _party_with_cards(rs)
    chars = state.parties[p].characters
    facts = loadout_facts(rs, chars)
    facts["probe"] = 1
    assert loadout_facts(rs, chars) is facts                      # the very tuple again: the last one kept
    same = tuple(evolve(ch) for ch in chars)                      # another tuple of the same loadout
    assert same is not chars and loadout_facts(rs, same) is facts
    i = next(i for i, ch in enumerate(chars) if ch.attached)
    moved = tuple(evolve(ch, attached=()) if j == i else ch for j, ch in enumerate(chars))   # another loadout
    other = loadout_facts(rs, moved)
    assert other is not facts and "probe" not in other
    assert loadout_facts(rs, chars) is facts                      # and back: the facts of its value
    clone = pickle.loads(pickle.dumps(rs))                        # never pickled: a worker builds its own
    assert clone.__dict__.get("_last_loadout") is None and "probe" not in loadout_facts(clone, chars)


@pytest.mark.parametrize("reading", ["keyword-only", "curses-too"])
def test_a_remembered_cursed_card_is_the_one_worked_out(reading: str) -> None:
    rs = get_ruleset("cryptmaster", options={"cursed_curses": reading})
    cards = sorted({*rs.cards.inn, *rs.cards.crypt})
    expected = {c: CURSED in keywords(rs, c) or (reading == "curses-too" and card_type(rs, c) == "curse")
                for c in cards}
    assert [is_cursed(rs, c) for c in cards] == [expected[c] for c in cards]      # worked out, remembered
    assert [is_cursed(rs, c) for c in cards] == [expected[c] for c in cards]      # read back
    curses = [c for c in cards if card_type(rs, c) == "curse" and CURSED not in keywords(rs, c)]
    assert curses and all(is_cursed(rs, c) == (reading == "curses-too") for c in curses)


@pytest.mark.parametrize("game", ["tomb", "cryptmaster"])
def test_a_hand_changed_by_one_card_offers_what_is_worked_out_afresh(game: str) -> None:
    """The card actions of a hand are remembered card by card (a fact of the loadout): a hand that
    gained or lost a card, beside the very same Characters, offers what a ruleset that remembers
    nothing works out (each timing the game lists: Turn, Battle, React)."""
    from tombspec.model.tomb.rules.cards import usable_actions

    rs = get_ruleset(game)
    state, p = _party_with_cards(rs)
    party = state.parties[p]
    inn_cards = sorted(c for c in rs.cards.inn if card_type(rs, c) in ("prayer", "spell", "tactics", "item"))
    hands = [tuple(inn_cards[:3]), tuple(inn_cards[:4]), tuple(inn_cards[1:4]), (), tuple(inn_cards[::7])]
    for timing in ("turn", "battle", "react"):
        for hand in hands:
            s = evolve(state, parties=tuple(evolve(q, hand=hand) if i == p else q for i, q in enumerate(state.parties)))
            assert s.parties[p].characters is party.characters
            fresh = get_ruleset(game)
            assert usable_actions(rs, s, p, timing) == usable_actions(fresh, s, p, timing)


def test_cryptmaster_equips_of_a_hand_changed_by_one_card_are_worked_out_afresh() -> None:
    """Cryptmaster's Equip options are remembered card by card (a fact of the loadout): a hand that gained
    or lost a card, beside the very same Characters, gives the options of a ruleset remembering nothing."""
    from tombspec.model.cryptmaster.rules.turn import equip_options

    rs = get_ruleset("cryptmaster")
    state, p = _party_with_cards(rs)
    inn_cards = sorted(c for c in rs.cards.inn if card_type(rs, c) in ("prayer", "spell", "tactics", "item"))
    for hand in (tuple(inn_cards[:3]), tuple(inn_cards[:4]), tuple(inn_cards[1:4]), (), tuple(inn_cards[::5])):
        s = evolve(state, parties=tuple(evolve(q, hand=hand) if i == p else q for i, q in enumerate(state.parties)))
        got = equip_options(rs, s, p)
        assert got == equip_options(get_ruleset("cryptmaster"), s, p)
        assert {e.card for e in got} <= set(hand)


def _scanned_conflict(rs, held, card) -> bool:
    """The one-card-per-trait question worked out with nothing remembered: every card held scanned."""
    from tombspec.model.tomb.rules.cards import _conflict

    return _conflict(rs, tuple(sorted(held)), card)


@pytest.mark.parametrize("options", [{}, {"trait_scope": "one-traited-item"}, {"trait_scope": "items-and-treasures-only"},
                                     {"multi_trait": "counts-once"}, {"trait_by_name": "name-implies"},
                                     {"trait_by_name": "name-implies", "multi_trait": "counts-once"}])
def test_the_trait_conflicts_read_off_the_table_are_those_scanned(options) -> None:
    """is_trait_conflict reads each card's counted traits off a table (a card that counts toward no trait
    conflicts with nothing) and remembers the rest by the traited cards held; attached_conflicts
    remembers a Character's conflicts by his Attached cards: both answer as a scan of every card held
    does, under each reading of the trait limit, for cards held in any order."""
    from tombspec.model.tomb.rules.cards import _traits, attached_conflicts, is_trait_conflict

    rs = get_ruleset("tomb", options=options)
    cards = sorted(rs.cards.inn)
    rng = random.Random(4)
    traited = [c for c in cards if _traits(rs, c)]
    assert traited and len(traited) < len(cards)
    seen = set()
    for _ in range(3000):
        held = tuple(rng.sample(traited, rng.randrange(0, 3)) + rng.sample(cards, rng.randrange(0, 3)))
        card = rng.choice(traited if rng.random() < 0.7 else cards)
        want = _scanned_conflict(rs, held, card)
        assert is_trait_conflict(rs, held, card) == want == is_trait_conflict(rs, held[::-1], card)
        seen.add(want)
        attached = (*held, card)
        assert attached_conflicts(rs, attached) == attached_conflicts(rs, attached) == tuple(
            c for i, c in enumerate(attached) if _scanned_conflict(rs, attached[:i], c))
    assert seen == {True, False}


@pytest.mark.parametrize("game", ["tomb", "cryptmaster"])
def test_the_card_moves_remembered_by_card_are_those_worked_out_afresh(game: str) -> None:
    """The moves of Attached cards (Tomb's redistribution, Cryptmaster's Share) are remembered by the
    Character a card moves from, the card and the Character it goes to (``free_actions.card_moves``),
    not by the whole loadout: along a game of uniform play, every Party's moves, card moved after card
    moved, are those a ruleset remembering nothing works out, and each move moves a card its holder has."""
    from tombspec.model.cryptmaster.rules.turn import share_options
    from tombspec.model.tomb.rules.free_actions import redistributions

    listed = redistributions if game == "tomb" else share_options
    rs = get_ruleset(game, options={"players": 3})
    seen = 0
    for n, (_, _, state) in enumerate(playout(rs, random.Random(5), max_steps=800)):
        if n % 4 or state.raid is not None:
            continue
        for p, party in enumerate(state.parties):
            got = listed(rs, state, p)
            if got or n % 40 == 0:
                assert got == listed(get_ruleset(game, options={"players": 3}), state, p)
            for move in got:
                assert move.card in party.character(move.frm).attached and move.frm != move.to
            seen += len(got)
    assert seen > 50
