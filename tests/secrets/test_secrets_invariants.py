"""The invariants read only what a step changed (model/secrets/invariants.py): every seeded break is
still reported, with its rule, after a step in a game in progress, where the check skips what is the
very object it was in the last state that passed (``rs.passed``) and counts the census from that state's.

Each test plays real steps, checking every invariant after each (so ``rs.passed`` is the state reached),
then breaks that state in one place and asks the invariants again."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from tombspec.model.effects import Effect
from tombspec.model.play import playout
from tombspec.model.registry import get_ruleset
from tombspec.model.secrets import Secrets, invariants
from tombspec.model.secrets.state import Companion, Creature, Held, Room, SecretsState, Task, evolve


def in_progress(rs: Secrets, until: Callable[[SecretsState], bool], seed: int = 1) -> SecretsState:
    """The first state of a random game (seeded) where ``until`` holds, every invariant checked after
    every step on the way: the cache holds that very state."""
    for game in range(40):
        for _, _, state in playout(rs, random.Random(f"{seed}:{game}")):
            assert rs.violations(state) == []
            if until(state):
                assert rs.passed[0] is state
                return state
    raise AssertionError("no game reached the state asked for")


def broken(rs: Secrets, state: SecretsState) -> set[str]:
    """The rules the invariants report for ``state``, checked against the cache of the state it was
    broken from; the cache is not moved to a failing state, and the full check agrees."""
    last = rs.passed
    assert last is not None and last[0] is not state
    found = rs.violations(state)
    assert rs.passed is last, "a failing state was cached"
    assert found == invariants.all_violations(rs, state)
    return {v.invariant for v in found}


@pytest.fixture(scope="module")
def rs() -> Secrets:
    return get_ruleset("secrets", options={"players": 3})


def _has_adventurer(s: SecretsState) -> bool:
    return s.phase == "adventurer" and all(seat.adventurer is not None for seat in s.seats)


def _adv(s: SecretsState, i: int = 0) -> Any:
    adv = s.seats[i].adventurer
    assert adv is not None
    return adv


# --------------------------------------------------------------------------------------------------
# One seat's own invariants (skipped where the seat is the very object it was)

SEAT_BREAKS: dict[str, Callable[[Secrets, SecretsState], SecretsState]] = {
    "secrets.adventurer-phase.search-turn-token": lambda rs, s: s.with_seat(0, search=3),
    "secrets.adventurer-phase.perform-action": lambda rs, s: s.with_seat(0, tokens=-1),
    "secrets.adventurers.courage-range": lambda rs, s: s.with_adventurer(0, courage=11),
    "secrets.dice.audacity-max-10": lambda rs, s: s.with_adventurer(0, audacity=11),
    "secrets.adventurers.health-cap": lambda rs, s: s.with_adventurer(0, health=_adv(s).start_health + 1),
    "secrets.status.one-per-type": lambda rs, s: s.with_adventurer(
        0, status=("Fearless", "Terrified") if rs.components.statuses["Fearless"].type ==
        rs.components.statuses["Terrified"].type else ("Lucky", "Lucky")),
    "secrets.companions.death": lambda rs, s: s.with_adventurer(
        0, companions=(*_adv(s).companions, Companion(next(iter(rs.components.companions)), 0))),
    "secrets.sheet.no-tokens-no-use": lambda rs, s: s.with_adventurer(0, tokens=(("anything", -1),)),
    "secrets.adventurers.choose-new-adventurer": lambda rs, s: s.with_adventurer(1, name=_adv(s).name),
    "secrets.adventurers.death-at-zero-health": lambda rs, s: s.with_adventurer(0, health=0),
    "secrets.adventurer-phase.move": lambda rs, s: s.with_adventurer(0, room="Nowhere"),
}


@pytest.mark.parametrize("rule", sorted(SEAT_BREAKS))
def test_a_seat_broken_after_a_step_is_reported(rs: Secrets, rule: str) -> None:
    s = in_progress(rs, _has_adventurer)
    assert rule in broken(rs, SEAT_BREAKS[rule](rs, s))


def test_death_is_checked_when_only_the_agenda_changed(rs: Secrets) -> None:
    """An adventurer at 0 Health is alive while its death is pending; once the task is gone (the seat
    the very object it was) the invariant fails: the check reads the agenda every time."""
    s = in_progress(rs, _has_adventurer)
    dying = s.with_adventurer(0, health=0).push(Task("die", 0))
    assert rs.violations(dying) == [] and rs.passed[0] is dying
    gone = dying.pop()
    assert gone.seats is dying.seats
    assert "secrets.adventurers.death-at-zero-health" in broken(rs, gone)


def test_standing_in_the_tomb_is_checked_when_only_the_rooms_changed(rs: Secrets) -> None:
    """The seats the very objects they were, a room taken away under an adventurer is reported."""
    s = in_progress(rs, lambda s: _has_adventurer(s) and len(s.rooms) > 1 and _adv(s).room != s.rooms[0].name)
    room = _adv(s).room
    tile = next(r for r in s.rooms if r.name == room)
    moved = evolve(s, rooms=tuple(r for r in s.rooms if r.name != room),
                   tiles=evolve(s.tiles, discard=s.tiles.discard.add(room)))
    assert moved.seats is s.seats and tile not in moved.rooms
    assert "secrets.adventurer-phase.move" in broken(rs, moved)


# --------------------------------------------------------------------------------------------------
# Creatures, the limit, the rooms, the tracks


def _with_creature(s: SecretsState) -> bool:
    return _has_adventurer(s) and any(not c.swarm for c in s.creatures) and len(s.rooms) > 1


def _hit(rs: Secrets, s: SecretsState) -> SecretsState:
    c = next(c for c in s.creatures if not rs.components.creatures[c.name].swarm)
    return s.with_creature(c.key, damage=rs.components.creatures[c.name].health)


def _eleven(rs: Secrets, s: SecretsState) -> SecretsState:
    """Base creatures spawned (taken from their deck) until 11 count against the limit."""
    counted = sum(1 for c in s.creatures if rs.components.creatures[c.name].deck != "boss")
    for i in range(11 - counted):
        name = next(iter(s.base.deck.cards()))
        s = evolve(s, base=evolve(s.base, deck=s.base.deck.remove(name)),
                   creatures=(*s.creatures, Creature(100 + i, name, s.rooms[0].name,
                                                      swarm=rs.components.creatures[name].swarm)))
    return s


CREATURE_BREAKS: dict[str, Callable[[Secrets, SecretsState], SecretsState]] = {
    "secrets.combat.creature-death": _hit,
    "secrets.tomb-phase.move-creatures": lambda rs, s: s.with_creature(s.creatures[0].key, room="Nowhere"),
    "secrets.tomb-phase.creature-limit": _eleven,
    "secrets.explore.place-matching-doors": lambda rs, s: evolve(s, rooms=(
        *s.rooms[:-1], evolve(s.rooms[-1], level=s.rooms[0].level, x=s.rooms[0].x, y=s.rooms[0].y))),
    "secrets.tomb-phase.comet-track-moves": lambda rs, s: evolve(s, comet=-1),
    "secrets.scenarios.winning-losing": lambda rs, s: evolve(s, outcome="won"),
}


@pytest.mark.parametrize("rule", sorted(CREATURE_BREAKS))
def test_a_creature_room_or_track_broken_after_a_step_is_reported(rs: Secrets, rule: str) -> None:
    s = in_progress(rs, _with_creature)
    assert rule in broken(rs, CREATURE_BREAKS[rule](rs, s))


def test_a_swarm_without_tokens_is_reported() -> None:
    rs = get_ruleset("secrets", board="exercise", options={"players": 3})
    swarms = [n for n, c in rs.components.creatures.items() if c.swarm]
    if not swarms:
        pytest.skip("no swarm in the exercise set")
    s = in_progress(rs, _has_adventurer)
    swarm = Creature(500, swarms[0], _adv(s).room, swarm=0)
    creatures = evolve(s, creatures=(*s.creatures, swarm))
    assert {"secrets.creatures.swarm-death"} <= broken(rs, creatures)
    hurt = evolve(s, creatures=(*s.creatures, evolve(swarm, swarm=1, damage=99)))
    assert {"secrets.creatures.swarm-remove-token"} <= broken(rs, hurt)


def test_the_limit_is_checked_when_only_the_effects_changed(rs: Secrets) -> None:
    """An elite placed over the limit widens it while it lives (``over-limit``); the creatures the very
    objects they were, the effect gone, the limit is broken."""
    s = in_progress(rs, _with_creature)
    full = _eleven(rs, s)
    widened = evolve(full, effects=(*full.effects, Effect("over-limit", "secrets.status.alt-infected-elite",
                                                         value=full.creatures[-1].id)))
    assert rs.violations(widened) == [] and rs.passed[0] is widened
    narrowed = evolve(widened, effects=full.effects)
    assert narrowed.creatures is widened.creatures
    assert broken(rs, narrowed) == {"secrets.tomb-phase.creature-limit"}


def test_a_creature_left_standing_where_a_room_went_is_reported(rs: Secrets) -> None:
    """The creatures the very objects they were, a room taken from under one is reported."""
    def bare(s: SecretsState, c: Creature) -> bool:      # a room of its own: no adventurer, no cards
        room = s.room(c.room)
        return c.room != s.rooms[0].name and room is not None and not room.drop and \
            c.room not in {seat.adventurer.room for seat in s.seats if seat.adventurer is not None}

    s = in_progress(rs, lambda s: _with_creature(s) and any(bare(s, c) for c in s.creatures))
    c = next(c for c in s.creatures if bare(s, c))
    moved = evolve(s, rooms=tuple(r for r in s.rooms if r.name != c.room),
                   tiles=evolve(s.tiles, discard=s.tiles.discard.add(c.room)))
    assert moved.creatures is s.creatures
    assert broken(rs, moved) == {"secrets.tomb-phase.move-creatures"}


# --------------------------------------------------------------------------------------------------
# The census: every component in exactly one place, each place changed in turn


def _card(s: SecretsState) -> str:
    return next(iter(s.items.deck.cards()))


CENSUS_BREAKS: dict[str, tuple[str, Callable[[Secrets, SecretsState], SecretsState]]] = {
    "a card copied into a hand": ("secrets.components.component-list", lambda rs, s: s.with_adventurer(
        0, cards=(*_adv(s).cards, Held(_card(s))))),
    "a card lost from a deck": ("secrets.components.component-list", lambda rs, s: evolve(
        s, items=evolve(s.items, deck=s.items.deck.remove(_card(s))))),
    "a card boxed twice": ("secrets.components.component-list", lambda rs, s: evolve(
        s, boxed=(*s.boxed, _card(s)))),
    "a card under an Item Drop token too": ("secrets.components.component-list", lambda rs, s: s.with_room(
        s.rooms[0].name, drop=(*s.rooms[0].drop, Held(_card(s))))),
    "a card drawn and still in the deck": ("secrets.components.component-list", lambda rs, s: s.push(
        Task("draw", 0, target="items", n=1, items=(_card(s),)))),
    "a Soul Monger card added": ("secrets.components.component-list", lambda rs, s: evolve(
        s, monger=s.monger.add(next(iter(s.monger.cards()))))),
    "a Companion set aside twice": ("secrets.companions.death", lambda rs, s: evolve(
        s, set_aside=(*s.set_aside, next(iter(rs.components.companions))))),
    "a Companion lost from its deck": ("secrets.companions.death", lambda rs, s: evolve(
        s, companions=evolve(s.companions, deck=s.companions.deck.remove(next(iter(s.companions.deck.cards())))))),
    "a Status Effect added to its deck": ("secrets.status.identical-ignored", lambda rs, s: evolve(
        s, statuses=s.statuses.add(next(iter(rs.components.statuses))))),
    "a Status Effect held twice": ("secrets.status.identical-ignored", lambda rs, s: s.with_adventurer(
        0, status=(*_adv(s).status, next(iter(s.statuses.cards()))))),
    "a creature in the Tomb and in its deck": ("secrets.setup.separate-decks", lambda rs, s: evolve(
        s, base=evolve(s.base, discard=s.base.discard.add(next(iter(s.base.deck.cards())))))),
    "a creature spawned from nowhere": ("secrets.setup.separate-decks", lambda rs, s: evolve(
        s, creatures=(*s.creatures, Creature(900, next(iter(s.base.deck.cards())), s.rooms[0].name)))),
    "a Room tile placed and in the stack": ("secrets.setup.shuffle-room-tiles", lambda rs, s: evolve(
        s, tiles=evolve(s.tiles, deck=s.tiles.deck.add(s.rooms[-1].name)))),
    "a Room tile placed twice": ("secrets.setup.shuffle-room-tiles", lambda rs, s: evolve(
        s, rooms=(*s.rooms, Room(s.rooms[-1].name, 1, 40, 40)))),
    "a Story deck overfull": ("secrets.story.draw-card", lambda rs, s: evolve(
        s, story=evolve(s.story, discard=s.story.discard.add("extra", 99)))),
    "a Tomb deck overfull": ("secrets.tomb-phase.draw-tomb-card", lambda rs, s: evolve(
        s, tomb=evolve(s.tomb, discard=s.tomb.discard.add("extra", 99)))),
}


@pytest.mark.parametrize("case", sorted(CENSUS_BREAKS))
def test_a_component_out_of_place_after_a_step_is_reported(rs: Secrets, case: str) -> None:
    rule, breaks = CENSUS_BREAKS[case]
    s = in_progress(rs, lambda s: _has_adventurer(s) and len(s.rooms) > 1 and bool(s.items.deck))
    assert rule in broken(rs, breaks(rs, s))


def test_the_census_from_the_last_state_is_the_census_of_the_state() -> None:
    """What the cache counts is what a count from scratch finds, state after state (rooms added and
    games changed included)."""
    rs = get_ruleset("secrets", options={"players": 2})
    for game in range(3):
        for _, _, s in playout(rs, random.Random(f"7:{game}")):
            last = rs.passed
            if last is not None:
                counts, _ = invariants.recount(last[0], last[2], s)
                full = invariants.census(s)
                assert {k: +c for k, c in counts.items()} == {k: +c for k, c in full.items()}
            assert rs.violations(s) == []


def test_a_state_after_a_failing_one_is_checked_against_the_last_that_passed(rs: Secrets) -> None:
    s = in_progress(rs, _has_adventurer)
    bad = s.with_adventurer(0, courage=11)
    assert "secrets.adventurers.courage-range" in broken(rs, bad)
    worse = bad.with_adventurer(1, audacity=11)       # built on the failing state: both are reported
    assert {"secrets.adventurers.courage-range", "secrets.dice.audacity-max-10"} <= broken(rs, worse)
    assert rs.violations(s) == []


# --------------------------------------------------------------------------------------------------
# The caches on the ruleset


def test_the_caches_are_left_out_of_the_pickled_ruleset() -> None:
    """The ruleset goes pickled to the worker processes (tests/scale): its caches (states) stay behind,
    so the pickle is the same however much was played, and the copy starts with none."""
    rs = get_ruleset("secrets", options={"players": 2})
    state = rs.initial_state()
    rs.step(state, rs.chance_outcomes(state)[0][0])
    blob = pickle.dumps(rs)
    for _, _, s in playout(rs, random.Random("p:0"), max_steps=50):
        rs.violations(s)
        rs.legal_actions(s)
    assert rs.passed is not None and rs.last_pending is not None
    assert pickle.dumps(rs) == blob
    copy = pickle.loads(blob)
    assert all(getattr(copy, name) is None for name in Secrets.CACHES)
    first = copy.initial_state()
    assert copy.legal_actions(first) == rs.legal_actions(first) and copy.violations(first) == []


# --------------------------------------------------------------------------------------------------
# The parts the check now skips by identity (issue 26, second round): each break below lands in a part
# that is new, next to parts that are the very objects they were


def test_a_status_pair_is_reported_when_the_adventurer_changed_elsewhere_too(rs: Secrets) -> None:
    """An adventurer changed in its numbers and in its Status Effects: the status tuple is new, so the
    one-per-type check reads it (the Companions and tokens, the very tuples they were, are skipped)."""
    s = in_progress(rs, _has_adventurer)
    pair = SEAT_BREAKS["secrets.status.one-per-type"](rs, s).seats[0].adventurer.status
    bad = s.with_adventurer(0, status=pair, audacity=max(_adv(s).audacity - 1, 0))
    assert bad.seats[0].adventurer.companions is _adv(s).companions
    assert "secrets.status.one-per-type" in broken(rs, bad)


def test_a_hurt_companion_is_reported_beside_an_unchanged_status(rs: Secrets) -> None:
    s = in_progress(rs, _has_adventurer)
    name = next(iter(rs.components.companions))
    bad = s.with_adventurer(0, companions=(*_adv(s).companions, Companion(name, 99)))
    assert bad.seats[0].adventurer.status is _adv(s).status
    assert "secrets.companions.death" in broken(rs, bad)


def test_a_tile_placed_on_a_taken_space_is_reported(rs: Secrets) -> None:
    """A new tile (the rooms one longer) on the space of another: the spaces are read again."""
    s = in_progress(rs, lambda s: _has_adventurer(s) and bool(s.tiles.deck))
    name = next(iter(s.tiles.deck.cards()))
    first = s.rooms[0]
    bad = evolve(s, rooms=(*s.rooms, Room(name, first.level, first.x, first.y)),
                 tiles=evolve(s.tiles, deck=s.tiles.deck.remove(name)))
    assert broken(rs, bad) == {"secrets.explore.place-matching-doors"}


def test_a_tile_moved_onto_the_space_of_another_is_reported(rs: Secrets) -> None:
    """The rooms as many as they were and the same names, one tile moved onto the space of another: the
    tiles that are not the very ones they were are compared (``_moved_tiles``), and the spaces read again."""
    s = in_progress(rs, lambda s: _has_adventurer(s) and len(s.rooms) > 2)
    first, last = s.rooms[0], s.rooms[-1]
    moved = s.with_room(last.name, level=first.level, x=first.x, y=first.y)
    assert len(moved.rooms) == len(s.rooms) and moved.rooms[0] is s.rooms[0]
    assert broken(rs, moved) == {"secrets.explore.place-matching-doors"}


def test_a_tile_turned_in_place_reads_no_space_again_and_passes(rs: Secrets) -> None:
    """A tile changed in place (turned, a trap laid) keeps its space: nothing is reported."""
    s = in_progress(rs, lambda s: _has_adventurer(s) and len(s.rooms) > 1)
    turned = s.with_room(s.rooms[-1].name, rotation=(s.rooms[-1].rotation + 1) % 4, traps=s.rooms[-1].traps + 1)
    assert rs.violations(turned) == []


def test_a_card_in_a_discard_pile_and_in_the_deck_is_reported(rs: Secrets) -> None:
    """The deck the very object it was, the discard pile new: the census reads the discard pile alone and
    finds the card twice."""
    s = in_progress(rs, lambda s: _has_adventurer(s) and bool(s.items.deck))
    bad = evolve(s, items=evolve(s.items, discard=s.items.discard.add(_card(s))))
    assert bad.items.deck is s.items.deck
    assert broken(rs, bad) == {"secrets.components.component-list"}


def test_a_card_moved_from_the_deck_to_its_discard_pile_passes(rs: Secrets) -> None:
    """Both halves of a pile changed, the card's count the same: nothing is reported."""
    s = in_progress(rs, lambda s: _has_adventurer(s) and bool(s.items.deck))
    card = _card(s)
    moved = evolve(s, items=evolve(s.items, deck=s.items.deck.remove(card), discard=s.items.discard.add(card)))
    assert rs.violations(moved) == []


def test_a_game_over_without_an_outcome_is_reported(rs: Secrets) -> None:
    """The tracks are read again when the phase, the outcome or the Comet track changed: the phase alone
    changed to over, with no outcome, is reported."""
    s = in_progress(rs, _has_adventurer)
    assert broken(rs, evolve(s, phase="over")) == {"secrets.scenarios.winning-losing"}


# --------------------------------------------------------------------------------------------------
# The census counted on in place (issue 26, round 9): the agenda read only where it holds cards in
# flight, the seats compared inline, and the cache's census counted back when a state fails


def _in_flight(rs: Secrets, s: SecretsState) -> tuple[SecretsState, str, str]:
    """``s`` with the first card of the item deck drawn into a pending draw (conserved, so it passes and
    becomes the cache's state), and a second card of the deck, still in it."""
    first, second = s.items.deck.cards()[:2]
    drawn = evolve(s.push(Task("draw", 0, target="items", n=1, items=(first,))),
                   items=evolve(s.items, deck=s.items.deck.remove(first)))
    assert rs.violations(drawn) == [] and rs.passed[0] is drawn
    return drawn, first, second


def test_a_card_in_flight_swapped_for_one_still_in_the_deck_is_reported(rs: Secrets) -> None:
    """As many tasks in flight as before, but not the very ones: a draw holding a card still in the deck
    in place of the one taken from it (two counts off, one task each side) is reported."""
    s = in_progress(rs, lambda s: _has_adventurer(s) and len(s.items.deck.cards()) > 1)
    drawn, first, second = _in_flight(rs, s)
    swapped = drawn.replace_head(Task("draw", 0, target="items", n=1, items=(second,)))
    assert broken(rs, swapped) == {"secrets.components.component-list"}


def test_a_card_in_flight_gone_from_the_agenda_is_reported(rs: Secrets) -> None:
    """The agenda changed to hold no card in flight (an end-turn task instead of the draw): the card the
    draw held is missing, though the new agenda holds nothing the census counts."""
    s = in_progress(rs, lambda s: _has_adventurer(s) and len(s.items.deck.cards()) > 1)
    drawn, _, _ = _in_flight(rs, s)
    lost = drawn.replace_head(Task("end-turn", 0))
    assert broken(rs, lost) == {"secrets.components.component-list"}


def test_a_card_copied_into_a_hand_beside_an_unchanged_seat_is_reported(rs: Secrets) -> None:
    """Seat 1 holds the very adventurer it held, seat 0 a card more: the card is counted twice."""
    s = in_progress(rs, lambda s: _has_adventurer(s) and bool(s.items.deck))
    bad = s.with_adventurer(0, cards=(*_adv(s).cards, Held(_card(s))))
    assert bad.seats[1] is s.seats[1]
    assert broken(rs, bad) == {"secrets.components.component-list"}


def test_the_census_is_counted_back_after_a_failing_state(rs: Secrets) -> None:
    """A state that fails the census leaves the cache's census that of the state that passed: the same
    failing state is reported again, and the passing state's own successor passes with a census equal to
    a count from scratch."""
    s = in_progress(rs, lambda s: _has_adventurer(s) and len(s.items.deck.cards()) > 1)
    before = {k: +c for k, c in rs.passed[2].items()}
    bad = s.with_adventurer(0, cards=(*_adv(s).cards, Held(_card(s))))
    assert broken(rs, bad) == {"secrets.components.component-list"}
    assert {k: +c for k, c in rs.passed[2].items()} == before == {k: +c for k, c in invariants.census(s).items()}
    assert broken(rs, bad) == {"secrets.components.component-list"}
    drawn, _, _ = _in_flight(rs, s)
    assert {k: +c for k, c in rs.passed[2].items()} == {k: +c for k, c in invariants.census(drawn).items()}


def test_a_creature_is_found_by_its_key_as_a_scan_of_the_keys_finds_it() -> None:
    """SecretsState.creature reads a key's number instead of building every creature's key (issue 26):
    for the keys of the creatures there, keys of none, and strings that only look like keys (a leading
    zero, a sign, other digits, another prefix), it answers what a scan comparing ``Creature.key`` does."""
    rs = get_ruleset("secrets", options={"players": 2})
    state = evolve(rs.initial_state(), creatures=(Creature(7, "x", "a"), Creature(12, "y", "b"),
                                                  Creature(70, "z", "c"), Creature(-3, "w", "d")))
    keys = ["c7", "c12", "c70", "c-3", "c07", "c+7", "c7 ", "c\uff17", "c\u00b2", "c", "", "s7", "7", "C7", "c700"]
    for _ in range(2):          # the second time from the keys remembered
        for key in keys:
            scan = next((c for c in state.creatures if c.key == key), None)
            assert state.creature(key) is scan, key


def test_who_is_in_a_room_is_what_a_fresh_count_finds() -> None:
    """SecretsState.creatures_in and seats_in remember their last answer by the very tuple and the room
    (issue 26): along games, asked of each state and of the state before in turn, for every room, they
    answer what a count of the creatures and seats finds (a key without the room, or the tuple compared
    by equality alone, fails it)."""
    rs = get_ruleset("secrets", options={"players": 3})
    before = None
    for game in range(3):
        for _, _, s in playout(rs, random.Random(f"in:{game}"), max_steps=400):
            for state in (s, before) if before is not None else (s,):
                for r in state.rooms:
                    for _ in range(2):
                        assert state.creatures_in(r.name) == tuple(c for c in state.creatures if c.room == r.name)
                        assert state.seats_in(r.name) == tuple(
                            i for i, seat in enumerate(state.seats)
                            if seat.adventurer is not None and seat.adventurer.room == r.name)
            before = s


def test_a_card_swapped_for_another_in_a_deck_is_reported(rs: Secrets) -> None:
    """A changed deck is counted by the cards whose copies differ (``_count_deck``): one card taken out
    and another put in (both counts changed, the deck's size the same) is reported."""
    s = in_progress(rs, lambda s: _has_adventurer(s) and len(s.items.deck.counts) > 1)
    (a, _), (b, _) = s.items.deck.counts[:2]
    bad = evolve(s, items=evolve(s.items, deck=s.items.deck.remove(a).add(b)))
    assert bad.items.deck.total == s.items.deck.total
    assert broken(rs, bad) == {"secrets.components.component-list"}


def test_a_deck_listing_a_card_twice_is_counted_in_full(rs: Secrets) -> None:
    """A deck whose pairs name a card twice (no ``Deck.of`` builds one) is counted pair by pair, as the
    full census counts it: split in two pairs of the same total it passes, one pair more is reported."""
    from tombspec.model.chance import Deck

    s = in_progress(rs, lambda s: _has_adventurer(s) and any(n > 1 for _, n in s.items.deck.counts))
    name, n = next((c, k) for c, k in s.items.deck.counts if k > 1)
    rest = tuple(p for p in s.items.deck.counts if p[0] != name)
    split = evolve(s, items=evolve(s.items, deck=Deck(((name, 1), (name, n - 1), *rest))))
    assert rs.violations(split) == []
    assert rs.passed[0] is split
    back = evolve(split, items=evolve(split.items, deck=Deck(((name, 1), *rest))))     # one copy lost
    assert broken(rs, back) == {"secrets.components.component-list"}


@pytest.mark.parametrize("readings", [{"extra_audacity": "uncapped-at-setup"}, {}, {"audacity_floor": "negative"}, {}])
def test_an_adventurers_numbers_are_judged_against_the_rulesets_bounds(readings: dict[str, str]) -> None:
    """Audacity 11 breaks the cap of 10 and holds where the table's extra Audacity is uncapped (a cap of
    12); -1 breaks the floor of 0 and holds with a negative floor: the same numbers judged against each
    ruleset's bounds, in turn (the verdicts on an adventurer's numbers are remembered by value)."""
    rs = get_ruleset("secrets", options={"players": 3, **readings})
    s = in_progress(rs, _has_adventurer)
    for audacity, holds in ((11, readings.get("extra_audacity") == "uncapped-at-setup"),
                            (-1, readings.get("audacity_floor") == "negative")):
        changed = s.with_adventurer(0, audacity=audacity)
        if holds:
            assert rs.violations(changed) == []
        else:
            assert broken(rs, changed) == {"secrets.dice.audacity-max-10"}
