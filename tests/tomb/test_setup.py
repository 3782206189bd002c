"""Set Up and Meet at the Inn (tomb.txt: Set Up, Meet at the Inn, Optional Rules, Solitaire Play)."""

from __future__ import annotations

import pytest

from tombspec.model.errors import InvalidInput
from tombspec.model.tomb import Tomb
from tombspec.model.tomb.actions import Draw, Keep, PlaceCard, Reroll, Roll

from .helpers import play_first, refused


def rolled(rs, *successes):
    s = rs.initial_state()
    for k in successes:
        s = rs.step(s, Roll(0, k, 0))
    return s


def test_order_roll_most_successes_is_player_one() -> None:
    rs = Tomb({"players": 3})
    s = rolled(rs, 2, 6, 4)
    assert s.first_player == 1 and s.task.kind == "crypt-draw"


def test_reroll_ties_only_the_tied_leaders_reroll() -> None:
    rs = Tomb({"players": 3})
    s = rolled(rs, 5, 5, 1)
    assert s.first_player is None and [t.player for t in s.agenda if t.kind == "order-roll"] == [0, 1]
    s = rs.step(rs.step(s, Roll(0, 3, 0)), Roll(0, 4, 0))
    assert s.first_player == 1


def test_reroll_ties_all_players_reading() -> None:
    rs = Tomb({"players": 3, "order_ties": "all-players"})
    s = rolled(rs, 5, 5, 1)
    assert [t.player for t in s.agenda if t.kind == "order-roll"] == [0, 1, 2]


def test_greenhorn_rerolls_two_dice_of_a_ties_reroll_under_each_roll() -> None:
    """tomb.campaign.level-2-greenhorn: 'Re-roll two Tomb Dice when determining who goes first'; reading
    each-roll: a tie's re-roll is part of it, the Greenhorn (here player 0, 150 XP) is offered it again."""
    rs = Tomb({"players": 2, "campaign_xp": [150, 0]})
    s = rs.step(rs.initial_state(), Roll(0, 4, 0))
    assert s.task.kind == "order-reroll"
    s = rs.step(rs.step(s, Reroll(0, 0), 0), Roll(0, 4, 0))      # keeps his 4; player 1 ties: both re-roll
    assert [t.kind for t in s.agenda[:2]] == ["order-roll", "order-roll"]
    s = rs.step(s, Roll(0, 3, 0))
    assert s.task.kind == "order-reroll" and s.task.player == 0


def test_greenhorn_rerolls_his_first_roll_only_under_first_roll() -> None:
    """tomb.ambiguity.greenhorn-reroll-ties, reading first-roll: no Greenhorn re-roll of a tie's re-roll."""
    rs = Tomb({"players": 2, "campaign_xp": [150, 0], "greenhorn_ties": "first-roll"})
    s = rs.step(rs.initial_state(), Roll(0, 4, 0))
    assert s.task.kind == "order-reroll"
    s = rs.step(rs.step(s, Reroll(0, 0), 0), Roll(0, 4, 0))
    s = rs.step(s, Roll(0, 3, 0))
    assert s.task.kind == "order-roll" and s.task.player == 1
    s = rs.step(s, Roll(0, 5, 0))
    assert s.first_player == 1


def test_order_roll_is_seven_blue_dice() -> None:
    rs = Tomb({"players": 2})
    dist = rs.chance(rs.initial_state())
    assert dist.size == 8 and dist.prob(Roll(0, 7, 0)) == dist.prob(Roll(0, 0, 0))


def test_draw_three_crypt_cards_then_player_one_places_first() -> None:
    rs = Tomb({"players": 2})
    s = rolled(rs, 1, 3)
    s = play_first(rs, s, lambda x: x.task.kind == "crypt-place")
    assert s.task.player == 1 and all(len(p.crypt_hand) == 3 for p in s.parties)


def test_invalid_place_card_in_a_full_crypt() -> None:
    rs = Tomb({"players": 2})
    s = play_first(rs, rolled(rs, 1, 3), lambda x: x.task.kind == "crypt-place")
    full = next(c for c, info in rs.board.crypts.items() if info.capacity == 1)
    card = s.party(1).crypt_hand[0]
    s = rs.step(s, PlaceCard(card, full), 1)
    s = play_first(rs, s, lambda x: x.task.kind == "crypt-place")
    assert refused(rs, s, PlaceCard(s.party(s.task.player).crypt_hand[0], full), s.task.player) == \
        "tomb.setup.crypt-capacity"


def test_placing_is_clockwise_each_draws_a_replacement_and_crypts_fill() -> None:
    rs = Tomb({"players": 3})
    s = play_first(rs, rolled(rs, 6, 1, 1), lambda x: x.task.kind == "crypt-place")
    order = []
    while s.task.kind in ("crypt-place", "crypt-draw"):
        if s.task.kind == "crypt-place":
            order.append(s.task.player)
        s = play_first(rs, rs.step(s, rs.legal_actions(s)[0], s.task.player) if s.task.kind == "crypt-place"
                       else s, lambda x: x.task.kind != "crypt-draw")
    capacity = sum(c.capacity for c in rs.board.crypts.values())
    assert order[:4] == [0, 1, 2, 0] and len(order) == capacity
    assert all(len(c.cards) == rs.board.crypts[c.id].capacity for c in s.crypts)
    assert all(not p.crypt_hand for p in s.parties)                    # unused Crypt Cards discarded
    assert s.crypt_discard.total == 9


def test_placed_cards_are_known_only_to_the_placer() -> None:
    rs = Tomb({"players": 2})
    s = play_first(rs, rolled(rs, 1, 3), lambda x: x.task.kind == "crypt-place")
    s = rs.step(s, rs.legal_actions(s)[0], 1)
    placed = [h for c in s.crypts for h in c.cards][0]
    assert placed.known == (1,)
    assert rs.observe(s, 0)["crypts"] != rs.observe(s, 1)["crypts"]


def test_first_turns_start_with_the_second_player_draw_five_keep_one() -> None:
    rs = Tomb({"players": 3})
    s = play_first(rs, rolled(rs, 6, 1, 1), lambda x: x.task.kind == "keep")
    assert s.current == 1 and len(s.drawn) == 5
    s = play_first(rs, rs.step(s, Keep(s.drawn[0]), 1), lambda x: not x.drawn)
    assert len(s.party(1).characters) == 1 and len(s.inn) == 4


def test_first_turn_order_player_one_first_reading() -> None:
    rs = Tomb({"players": 3, "first_turn_order": "player-one-first"})
    s = play_first(rs, rolled(rs, 6, 1, 1), lambda x: x.task.kind == "keep")
    assert s.current == 0


def test_a_first_cleric_draws_a_prayer() -> None:
    rs = Tomb({"players": 2})
    s = play_first(rs, rolled(rs, 3, 1), lambda x: x.task.kind == "keep")
    clerics = [c for c in s.drawn if rs.cards.characters[c].has("cleric")]
    if not clerics:
        pytest.skip("no Cleric among the first five drawn")
    s = rs.step(s, Keep(clerics[0]), s.task.player)
    assert s.task.kind == "inn-draw" and s.task.deck == "prayer"


def test_lean_years_draw_three() -> None:
    rs = Tomb({"players": 2, "inn_years": "lean-years"})
    s = play_first(rs, rolled(rs, 3, 1), lambda x: x.task.kind == "keep")
    assert len(s.drawn) == 3


def test_fat_years_keep_two() -> None:
    rs = Tomb({"players": 2, "inn_years": "fat-years"})
    s = play_first(rs, rolled(rs, 3, 1), lambda x: x.task.kind == "keep")
    assert len(s.drawn) == 5 and s.task.value == 2
    s = rs.step(s, Keep(s.drawn[0]), s.task.player)
    while s.task.kind == "inn-draw":
        s = rs.step(s, rs.chance(s).support()[0][0])
    assert s.task.kind == "keep"


def test_invalid_player_counts() -> None:
    with pytest.raises(InvalidInput):
        Tomb({"players": 7})
    with pytest.raises(InvalidInput):
        Tomb({"players": 0})
    assert Tomb({"players": 9, "player_count": "unbounded"}).num_players == 9


def test_solitaire_deals_two_per_crypt_unseen_then_the_third_from_hand() -> None:
    rs = Tomb({"players": 1}, board="catacomb-halls")
    s = rs.initial_state()
    assert s.task.kind == "deal-crypt"
    s = play_first(rs, s, lambda x: x.task.kind == "solo-third")
    for c in s.crypts:
        assert len(c.cards) == min(2, rs.board.crypts[c.id].capacity)
        assert all(h.known == () for h in c.cards)
    assert len(s.party(0).crypt_hand) == 3


def test_solitaire_twenty_characters_in_the_inn_and_first_recruit_from_them() -> None:
    rs = Tomb({"players": 1})
    s = play_first(rs, rs.initial_state(), lambda x: x.task.kind == "first-recruit")
    assert len(s.inn) == 20 and all(len(c.cards) == rs.board.crypts[c.id].capacity for c in s.crypts)
    assert {type(a).__name__ for a in rs.legal_actions(s)} == {"Recruit"}


def test_solitaire_draw_five_reading() -> None:
    rs = Tomb({"players": 1, "solo_first": "draw-five"})
    s = play_first(rs, rs.initial_state(), lambda x: x.task.kind == "keep")
    assert len(s.drawn) == 5


def test_character_pool_is_a_multiset_draw() -> None:
    rs = Tomb({"players": 2})
    s = play_first(rs, rolled(rs, 3, 1), lambda x: x.task.kind == "character-draw")
    dist = rs.chance(s)
    assert dist.size == s.pool.total and isinstance(dist.support()[0][0], Draw)
