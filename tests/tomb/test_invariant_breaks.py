"""Seeded breaks: the invariants check only what a step changed (``tomb.invariants``: the card and
Character counts kept from the last state that passed, the Parties and Characters that passed not
checked again while they are the very same values), so each break below is seeded in a game in
progress, every invariant checked after every step before it (their caches warm), and must be reported
with its rule id on the broken state and again on the next state, which shares the broken value."""

from __future__ import annotations

import random
from typing import Any, Callable

import pytest

from tombspec.model.chance import Deck
from tombspec.model.play import next_move, playout
from tombspec.model.registry import get_ruleset
from tombspec.model.tomb.rules.cards import _traits, character_hp
from tombspec.model.tomb.state import Character, Hidden, Task, evolve

DEATHS_PENDING = ("wound-apply", "wound-window", "window", "roll", "assign-wound", "apply-assigned")


def game_in_progress(rs: Any, until: Callable[[Any], bool], seed: int = 1, steps: int = 120) -> tuple[Any, random.Random]:
    """A game of uniform play, every invariant checked after every step, played ``steps`` steps and on
    until ``until(state)``."""
    rng = random.Random(seed)
    state = rs.initial_state()
    for n, (_, _, state) in enumerate(playout(rs, rng, max_steps=5000)):
        assert rs.violations(state) == []
        if n >= steps and until(state):
            return state, rng
    raise AssertionError("the game never came to such a state")


def other(state: Any) -> int:
    """A player who is not acting now: his Party is what the next step leaves alone."""
    return (state.current + 1) % len(state.parties)


def quiet(state: Any) -> bool:
    """A decision of the current player's turn, no Raid, nothing that may kill."""
    t = state.task
    return t is not None and t.kind == "turn" and state.raid is None and \
        not any(t.kind in DEATHS_PENDING for t in state.agenda)


def with_party(state: Any, player: int, **changes: Any) -> Any:
    parties = list(state.parties)
    parties[player] = evolve(parties[player], **changes)
    return evolve(state, parties=tuple(parties))


def reported(rs: Any, broken: Any, rng: random.Random, rule: str) -> None:
    """``rule`` is reported on ``broken`` and on the state after a step from it."""
    assert rule in {v.invariant for v in rs.violations(broken)}
    action, player = next_move(rs, broken, rng)
    after = rs.step(broken, action, player)
    assert rule in {v.invariant for v in rs.violations(after)}


@pytest.fixture
def rs() -> Any:
    return get_ruleset("tomb", options={"players": 3})


def test_a_card_that_appears_is_caught(rs: Any) -> None:
    """tomb.banking.never-returned: a banked card that is also in its deck."""
    state, rng = game_in_progress(rs, quiet)
    q = other(state)
    card = next(c for d in state.decks for c, _ in d.counts)
    broken = with_party(state, q, bank=tuple(sorted((*state.party(q).bank, card))))
    reported(rs, broken, rng, "tomb.banking.never-returned")


def test_a_card_that_vanishes_is_caught(rs: Any) -> None:
    """tomb.banking.never-returned: a face-down card gone from its Crypt."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and any(c.cards for c in s.crypts))
    crypts = list(state.crypts)
    i = next(i for i, c in enumerate(crypts) if c.cards)
    crypts[i] = evolve(crypts[i], cards=crypts[i].cards[1:])
    reported(rs, evolve(state, crypts=tuple(crypts)), rng, "tomb.banking.never-returned")


def test_a_card_dropped_by_a_broken_rule_is_caught(rs: Any) -> None:
    """tomb.banking.never-returned: a rule broken mid-game (an Inn card drawn is placed nowhere) is
    caught at the step that loses the card."""
    state, rng = game_in_progress(rs, quiet)
    rs.place_inn_card = lambda state, player, card, dest: state          # the card vanishes
    for _, _, state in playout(rs, rng, state=state, max_steps=5000):
        found = {v.invariant for v in rs.violations(state)}
        if found:
            assert found == {"tomb.banking.never-returned"}
            return
    raise AssertionError("no Inn card was drawn")


def test_a_character_in_two_places_is_caught(rs: Any) -> None:
    """tomb.glossary.character-pool: a Character of a Party also at the Inn."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and bool(s.party(other(s)).characters))
    name = state.party(other(state)).characters[0].name
    reported(rs, evolve(state, inn=tuple(sorted((*state.inn, name)))), rng, "tomb.glossary.character-pool")


def test_a_lost_character_is_caught(rs: Any) -> None:
    """tomb.glossary.character-pool: a Character gone from his Party and from everywhere else."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and len(s.party(other(s)).characters) > 1)
    q = other(state)
    broken = with_party(state, q, characters=state.party(q).characters[1:])
    reported(rs, broken, rng, "tomb.glossary.character-pool")


def test_wounds_at_hit_points_are_caught(rs: Any) -> None:
    """tomb.death.killed-at-hit-points: a living Character with as many Wounds as Hit Points."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and bool(s.party(other(s)).characters))
    q = other(state)
    ch = state.party(q).characters[0]
    hp = character_hp(rs, state, q, ch.name)
    broken = with_party(state, q, characters=(evolve(ch, wounds=hp), *state.party(q).characters[1:]))
    reported(rs, broken, rng, "tomb.death.killed-at-hit-points")


def test_negative_wounds_are_caught(rs: Any) -> None:
    """tomb.death.killed-at-hit-points: Wounds are never negative."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and bool(s.party(other(s)).characters))
    q = other(state)
    ch = state.party(q).characters[0]
    broken = with_party(state, q, characters=(evolve(ch, wounds=-1), *state.party(q).characters[1:]))
    reported(rs, broken, rng, "tomb.death.killed-at-hit-points")


def test_an_unsorted_bank_is_caught(rs: Any) -> None:
    """tomb.banking.kept-separate: the bank kept sorted (two cards moved there from their deck)."""
    state, rng = game_in_progress(rs, quiet)
    q = other(state)
    i, deck = next((i, d) for i, d in enumerate(state.decks) if len(d.counts) >= 2)
    (first, _), (second, _) = deck.counts[:2]
    decks = list(state.decks)
    decks[i] = deck.remove(first).remove(second)
    broken = with_party(evolve(state, decks=tuple(decks)), q,
                        bank=(*sorted((*state.party(q).bank, first, second)),)[::-1])
    assert broken.party(q).bank != tuple(sorted(broken.party(q).bank))
    reported(rs, broken, rng, "tomb.banking.kept-separate")


def test_two_cards_of_a_trait_are_caught(rs: Any) -> None:
    """tomb.attach.one-card-per-trait: two Weapons Attached to one Character (taken from the Item deck)."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and bool(s.party(other(s)).characters))
    q = other(state)
    items = next(i for i, d in enumerate(state.decks) if any("weapon" in _traits(rs, c) for c, _ in d.counts))
    weapons = [c for c, _ in state.decks[items].counts if "weapon" in _traits(rs, c)][:2]
    if len(weapons) < 2:
        pytest.skip("fewer than two Weapons left in the deck")
    decks = list(state.decks)
    decks[items] = Deck.of({**dict(state.decks[items].counts),
                            **{w: dict(state.decks[items].counts)[w] - 1 for w in weapons}})
    ch = state.party(q).characters[0]
    broken = with_party(evolve(state, decks=tuple(decks)), q,
                        characters=(evolve(ch, attached=(*ch.attached, *weapons)), *state.party(q).characters[1:]))
    found = {v.invariant for v in rs.violations(broken)}
    assert "tomb.banking.never-returned" not in found          # only the trait limit is broken
    reported(rs, broken, rng, "tomb.attach.one-card-per-trait")


def test_a_party_over_its_limit_is_caught(rs: Any) -> None:
    """tomb.party.size-one-to-five: a sixth Character (from the Pool) in a Party of five."""
    state, rng = game_in_progress(rs, quiet)
    q = other(state)
    party = state.party(q)
    names = sorted(c for c, _ in state.pool.counts)[:6 - len(party.characters)]
    pool = state.pool
    for name in names:
        pool = pool.remove(name)
    broken = with_party(evolve(state, pool=pool), q, characters=(*party.characters, *(Character(n) for n in names)))
    assert len(broken.party(q).characters) == 6
    reported(rs, broken, rng, "tomb.party.size-one-to-five")


def test_a_party_off_the_board_is_caught(rs: Any) -> None:
    """tomb.move.orthogonal: a Party on a space the board has not."""
    state, rng = game_in_progress(rs, quiet)
    reported(rs, with_party(state, other(state), location="99,99"), rng, "tomb.move.orthogonal")


# The checks that skip what did not change (issue 26, second round): the very Parties that all passed,
# a Character that passed among as many with the same temporary Hit Points, a Party's card and Character
# counts kept while its hand, bank, Crypt hand and each Character's Attached cards (or names) are the
# very same values.  Each break below changes only what such a skip must still see.

def test_a_card_slipped_onto_one_character_is_caught(rs: Any) -> None:
    """tomb.banking.never-returned: a deck's card also Attached to a Party's last Character (its hand,
    bank and other Characters the very same values)."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and len(s.party(other(s)).characters) > 1)
    q = other(state)
    card = next(c for d in state.decks for c, _ in d.counts)
    *rest, last = state.party(q).characters
    broken = with_party(state, q, characters=(*rest, evolve(last, attached=(*last.attached, card))))
    assert broken.party(q).hand is state.party(q).hand and broken.party(q).bank is state.party(q).bank
    reported(rs, broken, rng, "tomb.banking.never-returned")


def test_a_card_in_a_hand_beside_the_same_characters_is_caught(rs: Any) -> None:
    """tomb.banking.never-returned: a deck's card also in a Party's hand, its Characters the very same."""
    state, rng = game_in_progress(rs, quiet)
    q = other(state)
    card = next(c for d in state.decks for c, _ in d.counts)
    broken = with_party(state, q, hand=tuple(sorted((*state.party(q).hand, card))))
    assert broken.party(q).characters is state.party(q).characters
    reported(rs, broken, rng, "tomb.banking.never-returned")


def test_a_character_renamed_is_caught(rs: Any) -> None:
    """tomb.glossary.character-pool: a Party's Character replaced by one still in the Pool, holding the
    very same cards (the Party's cards unchanged, its names not)."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and bool(s.party(other(s)).characters) and bool(s.pool))
    q = other(state)
    first, *rest = state.party(q).characters
    name = next(c for c, _ in state.pool.counts)
    broken = with_party(state, q, characters=(evolve(first, name=name), *rest))
    found = {v.invariant for v in rs.violations(broken)}
    assert "tomb.banking.never-returned" not in found
    reported(rs, broken, rng, "tomb.glossary.character-pool")


def test_wounds_at_hit_points_beside_characters_that_passed_are_caught(rs: Any) -> None:
    """tomb.death.killed-at-hit-points: the last Character of a Party at his Hit Points, the others the
    very Characters that passed before."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and len(s.party(other(s)).characters) > 1)
    q = other(state)
    *rest, last = state.party(q).characters
    hp = character_hp(rs, state, q, last.name)
    broken = with_party(state, q, characters=(*rest, evolve(last, wounds=hp)))
    reported(rs, broken, rng, "tomb.death.killed-at-hit-points")


def test_temporary_hit_points_lapsing_are_seen(rs: Any) -> None:
    """tomb.death.killed-at-hit-points: a Character at his Hit Points but for a temporary one passes;
    the very same Parties are checked again once the temporary Hit Point is gone."""
    from tombspec.model.effects import TURN, Effect, add

    state, rng = game_in_progress(rs, lambda s: quiet(s) and bool(s.party(other(s)).characters))
    q = other(state)
    first, *rest = state.party(q).characters
    hp = character_hp(rs, state, q, first.name)
    lifted = evolve(state, effects=add(state.effects, Effect("temp-hp", "tomb.play.once-per-turn", until=TURN,
                                                             player=q, subject=first.name, value=1)))
    held = with_party(lifted, q, characters=(evolve(first, wounds=hp), *rest))
    assert rs.violations(held) == []
    lapsed = evolve(held, effects=state.effects)
    assert lapsed.parties is held.parties
    reported(rs, lapsed, rng, "tomb.death.killed-at-hit-points")


def test_a_party_moved_off_the_board_with_the_same_characters_is_caught(rs: Any) -> None:
    """tomb.move.orthogonal: the Parties checked again when one of them moves, its Characters and cards
    the very same values (counted as before)."""
    state, rng = game_in_progress(rs, quiet)
    q = other(state)
    broken = with_party(state, q, location="99,99")
    assert broken.party(q).characters is state.party(q).characters
    found = {v.invariant for v in rs.violations(broken)}
    assert found == {"tomb.move.orthogonal"}
    reported(rs, broken, rng, "tomb.move.orthogonal")


def test_a_card_gone_from_a_deck_beside_the_very_parties_is_caught(rs: Any) -> None:
    """tomb.banking.never-returned: a card gone from an Inn deck while the Parties are the very same tuple
    (the tallies look at no Party's place then)."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and any(s.decks))
    i = next(i for i, d in enumerate(state.decks) if d)
    decks = list(state.decks)
    decks[i] = decks[i].remove(decks[i].counts[0][0])
    broken = evolve(state, decks=tuple(decks))
    assert broken.parties is state.parties
    reported(rs, broken, rng, "tomb.banking.never-returned")


def test_a_card_in_a_crypt_hand_beside_the_same_hand_bank_and_characters_is_caught(rs: Any) -> None:
    """tomb.banking.never-returned: a deck's card also in a Party's Crypt hand, its hand, bank and
    Characters the very same values (the Crypt hand is a place of its own)."""
    state, rng = game_in_progress(rs, quiet)
    q = other(state)
    card = next(c for d in state.decks for c, _ in d.counts)
    broken = with_party(state, q, crypt_hand=tuple(sorted((*state.party(q).crypt_hand, card))))
    old, new = state.party(q), broken.party(q)
    assert new.hand is old.hand and new.bank is old.bank and new.characters is old.characters
    reported(rs, broken, rng, "tomb.banking.never-returned")


def test_a_card_dropped_by_a_character_whose_wounds_changed_is_caught(rs: Any) -> None:
    """tomb.banking.never-returned: an Attached card gone from a Character whose Wounds changed in the
    same state (new Characters, new Attached cards: counted again)."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and any(ch.attached for ch in s.party(other(s)).characters))
    q = other(state)
    chars = list(state.party(q).characters)
    i = next(i for i, ch in enumerate(chars) if ch.attached)
    chars[i] = evolve(chars[i], attached=chars[i].attached[1:], wounds=0)
    broken = with_party(state, q, characters=tuple(chars))
    reported(rs, broken, rng, "tomb.banking.never-returned")


def test_two_cards_of_a_trait_are_caught_again_where_remembered(rs: Any) -> None:
    """tomb.attach.one-card-per-trait, where the conflicts are remembered by the cards held
    (``rules.cards.is_trait_conflict``): the very two Weapons, alone on a Character, caught on one
    Party's Character and then on another Party's, each time naming the Weapon Attached second; the
    reverse order names the other one."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and sum(bool(p.characters) for p in s.parties) >= 2)
    items = next(i for i, d in enumerate(state.decks) if sum("weapon" in _traits(rs, c) for c, _ in d.counts) >= 2)
    weapons = tuple(c for c, _ in state.decks[items].counts if "weapon" in _traits(rs, c))[:2]
    seen = []
    for held in (weapons, weapons, weapons[::-1]):
        for q, party in enumerate(state.parties):
            if party.characters and (q, held) not in seen:
                seen.append((q, held))
                break
        ch = state.party(q).characters[0]
        broken = with_party(state, q, characters=(evolve(ch, attached=held), *state.party(q).characters[1:]))
        traits = [v for v in rs.violations(broken) if v.invariant == "tomb.attach.one-card-per-trait"]
        assert traits and all(f"holds {held[1]} beside" in v.message for v in traits)
    assert len({q for q, _ in seen[:2]}) == 2          # two Parties' Characters, the same cards


def _place_card(state: Any, place: str, card: str) -> Any:
    """``state`` with ``card`` put into its place ``place`` (a field of the state) and nowhere else."""
    if place in ("decks", "discards"):
        return evolve(state, **{place: (getattr(state, place)[0].add(card), *getattr(state, place)[1:])})
    if place in ("crypt_deck", "crypt_discard"):
        return evolve(state, **{place: getattr(state, place).add(card)})
    if place == "crypts":
        first = state.crypts[0]
        return evolve(state, crypts=(evolve(first, cards=(*first.cards, Hidden(card))), *state.crypts[1:]))
    if place == "pillage":
        return evolve(state, pillage=(*state.pillage, card))
    return evolve(state, agenda=(*state.agenda, Task("attach", 0, card=card)))   # agenda: a card held by a task


@pytest.mark.parametrize("place", ["decks", "discards", "crypt_deck", "crypt_discard", "crypts", "pillage", "agenda"])
def test_a_card_appearing_in_one_place_of_the_state_alone_is_caught(rs: Any, place: str) -> None:
    """tomb.banking.never-returned: a card that appears in one of the state's own places (counted by the
    field's name against the last state that passed), every other field the very same value."""
    state, rng = game_in_progress(rs, quiet)
    card = next(c for d in state.decks for c, _ in d.counts)
    broken = _place_card(state, place, card)
    assert [f for f in state.__dict__ if getattr(broken, f) is not getattr(state, f)] == [place]
    assert "tomb.banking.never-returned" in {v.invariant for v in rs.violations(broken)}
    assert rs.violations(state) == []            # the state before it still passes: nothing kept from the break


@pytest.mark.parametrize("place", ["hand", "bank", "crypt_hand"])
def test_a_card_appearing_in_one_place_of_a_party_alone_is_caught(rs: Any, place: str) -> None:
    """tomb.banking.never-returned: a card that appears in one place of one Party (its hand, bank or
    Crypt hand), the other Parties and that Party's other places the very same values."""
    state, rng = game_in_progress(rs, quiet)
    q = other(state)
    card = next(c for d in state.decks for c, _ in d.counts)
    broken = with_party(state, q, **{place: tuple(sorted((*getattr(state.party(q), place), card)))})
    assert [p for p, party in enumerate(broken.parties) if party is not state.parties[p]] == [q]
    reported(rs, broken, rng, "tomb.banking.never-returned")


@pytest.mark.parametrize("place", ["pool", "inn", "dead", "drawn"])
def test_a_character_in_one_more_place_of_the_state_is_caught(rs: Any, place: str) -> None:
    """tomb.glossary.character-pool: a Party's Character also in one of the state's own places of
    Characters (the Pool, the Inn, the dead, those drawn), every other field the very same value."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and bool(s.party(other(s)).characters))
    name = state.party(other(state)).characters[0].name
    value = state.pool.add(name) if place == "pool" else tuple(sorted((*getattr(state, place), name)))
    broken = evolve(state, **{place: value})
    assert "tomb.glossary.character-pool" in {v.invariant for v in rs.violations(broken)}
    assert rs.violations(state) == []


# The tallies shift only the places whose counts differ from the last state that passed (a place whose
# value changed but counts the same cards shifts nothing).  Each break below changes several places, some
# of them to equal counts, and must still be caught; the legitimate move beside them passes.

def _with_equal_hand(state: Any, q: int) -> Any:
    """``state`` with player ``q``'s hand a new tuple of the very same cards (a place changed, its count not)."""
    hand = state.party(q).hand
    return with_party(state, q, hand=tuple(list(hand)))


def test_a_card_duplicated_beside_a_place_changed_to_the_same_count_is_caught(rs: Any) -> None:
    """tomb.banking.never-returned: a deck's card also put in a Party's bank, while that Party's hand is
    a new value counting the very same cards (a changed place that shifts nothing)."""
    state, rng = game_in_progress(rs, quiet)
    q = other(state)
    card = next(c for d in state.decks for c, _ in d.counts)
    broken = with_party(_with_equal_hand(state, q), q, bank=tuple(sorted((*state.party(q).bank, card))))
    assert broken.party(q).hand is not state.party(q).hand and broken.party(q).hand == state.party(q).hand
    reported(rs, broken, rng, "tomb.banking.never-returned")


def test_a_card_lost_beside_a_place_changed_to_the_same_count_is_caught(rs: Any) -> None:
    """tomb.banking.never-returned: a card gone from an Inn deck, while a Party's hand is a new value
    counting the very same cards and the discards a new value of the very same counts."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and any(s.decks))
    q = other(state)
    i = next(i for i, d in enumerate(state.decks) if d)
    decks = list(state.decks)
    decks[i] = decks[i].remove(decks[i].counts[0][0])
    broken = evolve(_with_equal_hand(state, q), decks=tuple(decks), discards=tuple(Deck(d.counts) for d in state.discards))
    assert broken.discards is not state.discards and broken.discards == state.discards
    reported(rs, broken, rng, "tomb.banking.never-returned")


def test_a_card_moved_between_two_places_both_changed(rs: Any) -> None:
    """A card taken from an Inn deck into a Party's hand (both places changed) passes; the same two
    places changed with another card put in the hand than the one taken (one made, one lost: counted
    per card, not per place) is caught, tomb.banking.never-returned."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and any(len(d.counts) >= 2 for d in s.decks))
    q = other(state)
    i = next(i for i, d in enumerate(state.decks) if len(d.counts) >= 2)
    (taken, _), (other_card, _) = state.decks[i].counts[:2]
    decks = list(state.decks)
    decks[i] = decks[i].remove(taken)
    moved = with_party(evolve(state, decks=tuple(decks)), q, hand=tuple(sorted((*state.party(q).hand, taken))))
    assert rs.violations(moved) == []
    swapped = with_party(evolve(state, decks=tuple(decks)), q, hand=tuple(sorted((*state.party(q).hand, other_card))))
    found = [v for v in rs.violations(swapped) if v.invariant == "tomb.banking.never-returned"]
    assert found and taken in found[0].message and other_card in found[0].message
    reported(rs, swapped, rng, "tomb.banking.never-returned")


def test_a_partys_place_changed_to_another_card_is_caught(rs: Any) -> None:
    """tomb.banking.never-returned: one card of a Party's hand replaced by a card of a deck (the hand as
    long as before, the deck untouched), every other Party the very same value."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and bool(s.party(other(s)).hand))
    q = other(state)
    hand = state.party(q).hand
    card = next(c for d in state.decks for c, _ in d.counts if c not in hand)
    broken = with_party(state, q, hand=tuple(sorted((*hand[1:], card))))
    assert len(broken.party(q).hand) == len(hand)
    assert [p for p, party in enumerate(broken.parties) if party is not state.parties[p]] == [q]
    reported(rs, broken, rng, "tomb.banking.never-returned")


def test_a_characters_own_temporary_hit_point_lapsing_is_seen_beside_anothers(rs: Any) -> None:
    """tomb.death.killed-at-hit-points: a Character's checks read his own temporary Hit Points alone
    (another's coming or going asks nothing of him), so his own lapsing is still seen: two Characters
    each at their Hit Points but for a temporary one; the second's lapsing passes nothing, then the
    first's lapse is caught, the Parties the very same values throughout."""
    from tombspec.model.effects import TURN, Effect, add

    state, rng = game_in_progress(rs, lambda s: quiet(s) and len(s.party(other(s)).characters) > 1)
    q = other(state)
    first, second, *rest = state.party(q).characters

    def lift(effects: Any, ch: Any) -> Any:
        return add(effects, Effect("temp-hp", "tomb.play.once-per-turn", until=TURN, player=q, subject=ch.name, value=1))

    both = evolve(state, effects=lift(lift(state.effects, first), second))
    held = with_party(both, q, characters=(evolve(first, wounds=character_hp(rs, state, q, first.name)),
                                           evolve(second, wounds=character_hp(rs, state, q, second.name)), *rest))
    assert rs.violations(held) == []
    only_first = evolve(held, effects=lift(state.effects, first))        # the second's lapses: he is caught
    assert "tomb.death.killed-at-hit-points" in {v.invariant for v in rs.violations(only_first)}
    third = next((ch for ch in state.party(q).characters[2:]), None)
    if third is not None:                                                 # a third's coming asks nothing
        assert rs.violations(evolve(held, effects=lift(held.effects, third))) == []
    lapsed = evolve(held, effects=lift(state.effects, second))           # the first's lapses
    assert lapsed.parties is held.parties
    reported(rs, lapsed, rng, "tomb.death.killed-at-hit-points")


def _lords_party_of_six() -> tuple:
    """A three-player game in progress whose player 0 is a Lord (3200 XP) with six Characters, the
    others level 2: the ruleset, that state, and the game's generator."""
    rs = get_ruleset("tomb", options={"players": 3, "campaign_xp": [3200, 150, 150]})
    state, rng = game_in_progress(rs, quiet)
    assert state.levels[0] >= 10 and state.levels[1] < 10
    party = state.party(0)
    names = sorted(c for c, _ in state.pool.counts)[:6 - len(party.characters)]
    pool = state.pool
    for name in names:
        pool = pool.remove(name)
    lord = with_party(evolve(state, pool=pool), 0, characters=(*party.characters, *(Character(n) for n in names)))
    return rs, lord, rng


def test_a_sixth_character_is_caught_once_the_level_that_allowed_it_is_gone() -> None:
    """tomb.party.size-one-to-five: the Party limits are kept for the very levels they were worked out
    under (issue 26, speed9), so a Lord's sixth Character passes at level 10 and is caught the moment
    the levels read are others, the Parties the very same values; and passes again at level 10."""
    rs, lord, rng = _lords_party_of_six()
    assert len(lord.party(0).characters) == 6
    assert "tomb.party.size-one-to-five" not in {v.invariant for v in rs.violations(lord)}
    demoted = evolve(lord, levels=(1, *lord.levels[1:]))
    assert demoted.parties is lord.parties
    assert "tomb.party.size-one-to-five" in {v.invariant for v in rs.violations(demoted)}
    assert "tomb.party.size-one-to-five" not in {v.invariant for v in rs.violations(lord)}
    reported(rs, demoted, rng, "tomb.party.size-one-to-five")


def test_a_lords_party_moved_to_another_players_place_is_caught() -> None:
    """tomb.party.size-one-to-five: the Parties of the last state whose Parties all passed are not
    checked again in their own places (issue 26, speed9); the very Lord's Party of six in another
    player's place (level 1: five at most) is caught, every Party the very value that passed."""
    rs, lord, rng = _lords_party_of_six()
    assert rs.violations(lord) == []
    first, second, *rest = lord.parties
    swapped = evolve(lord, parties=(second, first, *rest))
    assert "tomb.party.size-one-to-five" in {v.invariant for v in rs.violations(swapped)}
    assert rs.violations(lord) == []
    reported(rs, swapped, rng, "tomb.party.size-one-to-five")


def test_hit_points_follow_the_cards_attached_where_remembered(rs: Any) -> None:
    """tomb.death.killed-at-hit-points: a Character's printed and Attached Hit Points are a fact of his
    loadout, remembered for it (issue 26, speed10t); a card with Hit Points Attached to him counts at
    once, and once it is gone again his Hit Points are the old ones (nothing kept by his name alone), so
    Wounds at his Hit Points without the card are reported."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and bool(s.party(other(s)).characters))
    q = other(state)
    first, *rest = state.party(q).characters
    hp = character_hp(rs, state, q, first.name)
    card, bonus = next((c.name, c.hp) for c in sorted(rs.cards.inn.values(), key=lambda c: c.name)
                       if c.hp > 0 and c.deck in rs.inn_decks)
    i = next(i for i, d in enumerate(state.decks) if d.count(card))
    decks = list(state.decks)
    decks[i] = decks[i].remove(card)
    stronger = evolve(first, attached=(*first.attached, card))
    held = evolve(with_party(state, q, characters=(stronger, *rest)), decks=tuple(decks))
    assert character_hp(rs, held, q, first.name) == hp + bonus
    assert character_hp(rs, state, q, first.name) == hp
    assert "tomb.death.killed-at-hit-points" not in {v.invariant for v in rs.violations(
        with_party(held, q, characters=(evolve(stronger, wounds=hp), *rest)))}
    reported(rs, with_party(state, q, characters=(evolve(first, wounds=hp), *rest)), rng,
             "tomb.death.killed-at-hit-points")


def test_a_card_and_a_character_broken_in_one_step_are_both_caught(rs: Any) -> None:
    """tomb.banking.never-returned and tomb.glossary.character-pool: the cards and the Characters are
    counted in one Tally (issue 26, speed10t), a Character under his own key; a card gone from an Inn
    deck and a Character also at the Inn, in one step, are each reported under its own rule, and the
    card's message names no Character."""
    state, rng = game_in_progress(rs, lambda s: quiet(s) and bool(s.party(other(s)).characters)
                                  and any(s.decks))
    name = state.party(other(state)).characters[0].name
    i = next(i for i, d in enumerate(state.decks) if d)
    card = state.decks[i].counts[0][0]
    decks = list(state.decks)
    decks[i] = decks[i].remove(card)
    broken = evolve(state, decks=tuple(decks), inn=tuple(sorted((*state.inn, name))))
    found = {v.invariant: v.message for v in rs.violations(broken)}
    assert set(found) == {"tomb.banking.never-returned", "tomb.glossary.character-pool"}
    assert card in found["tomb.banking.never-returned"] and name not in found["tomb.banking.never-returned"]
    assert name in found["tomb.glossary.character-pool"]
