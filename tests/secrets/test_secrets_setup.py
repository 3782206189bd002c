"""Game Setup (rulebook: Game Setup; Solo Play): the Expedition Leader, choosing adventurers, the Adventurer
Setup table, difficulty, the variants."""

from __future__ import annotations

from fractions import Fraction

import pytest
from secrets_helpers import TWO, ready, refused, ruleset

from tombspec.model.errors import InvalidInput
from tombspec.model.secrets import Secrets
from tombspec.model.secrets.actions import Choose, Grant, Leader
from tombspec.model.secrets.rules.setup import setup_table


def test_expedition_leader_is_chosen_by_a_die_roll_among_the_players() -> None:
    rs = ruleset(4)
    s = rs.initial_state()
    assert rs.pending(s).what == "leader die"
    assert rs.chance_outcomes(s) == [(Leader(i), Fraction(1, 4)) for i in range(4)]


def test_adventurers_are_chosen_clockwise_from_the_expedition_leader() -> None:
    rs = ruleset(4)
    s = rs.step(rs.initial_state(), Leader(2))
    assert (s.leader, s.first) == (2, 2)
    order = []
    for name in ("Christopher St. George", "James T. Temple", "Chang Li Tao", "Hadji Singh"):
        order.append(rs.pending(s).player)
        s = rs.step(s, Choose(name), rs.pending(s).player)
        while rs.pending(s).is_chance:
            s = rs.step(s, rs.chance(s).support()[0][0])
    assert order == [2, 3, 0, 1]
    assert s.phase == "adventurer" and s.current == 2


def test_choosing_before_the_expedition_leader_names_the_setup_rule() -> None:
    """'Starting with the Expedition Leader ... each player in clockwise order chooses an Adventurer sheet'
    (secrets.setup.choose-adventurers) forbids seat 0 choosing before the Leader, seat 2; the Adventurer
    Phase's turns (secrets.turn.first-player-begins) say nothing of Game Setup.  Case s05."""
    rs = ruleset(3)
    s = rs.step(rs.initial_state(), Leader(2))
    assert refused(rs, s, Choose("Hadji Singh"), 0) == "secrets.setup.choose-adventurers"


def test_a_sheet_already_chosen_at_setup_names_the_setup_rule() -> None:
    """At Game Setup 'each player ... chooses an Adventurer sheet' (secrets.setup.choose-adventurers): a
    sheet another seat took is not open; nobody has died, so 'After dying, you can choose a new adventurer'
    (secrets.adventurers.choose-new-adventurer) is not the rule.  Case s07."""
    rs = ruleset(2)
    s = rs.step(rs.initial_state(), Leader(0))
    s = rs.step(s, Choose("Bianca Sinclair"), 0)
    while rs.pending(s).is_chance:
        s = rs.step(s, rs.chance(s).support()[0][0])
    assert rs.pending(s).player == 1
    assert refused(rs, s, Choose("Bianca Sinclair"), 1) == "secrets.setup.choose-adventurers"


@pytest.mark.parametrize("players", range(1, 7))
def test_adventurer_setup_table(players: int) -> None:
    row = setup_table()[players]
    rs = ruleset(players)
    names = ["Christopher St. George", "James T. Temple", "Chang Li Tao", "Hadji Singh", "Libby Villa", "Lady Rocket"]
    s = ready(rs, names[:players])
    for seat in s.seats:
        adv = seat.adventurer
        sheet = rs.components.adventurers[adv.name]
        assert seat.action_tokens == seat.tokens == row["action_tokens_per_adventurer"]
        assert adv.audacity == min(sheet.audacity + row["extra_audacity"], 10)
        assert len(adv.companions) == row["companions_per_adventurer"]
        assert seat.search == 0                     # green side up
        assert adv.room == "Tomb's Entrance" and adv.health == sheet.health and adv.courage == sheet.courage


def test_invalid_lord_harrison_outside_solo_play() -> None:
    rs = ruleset(2)
    s = rs.step(rs.initial_state(), Leader(0))
    assert Choose("Harrison Quatuormanus the 13th") not in rs.legal_actions(s)
    assert refused(rs, s, Choose("Harrison Quatuormanus the 13th")) == "secrets.setup.lord-harrison-solo-only"


def test_lord_harrison_outside_solo_play_under_advice_is_listed_and_accepted() -> None:
    """secrets.ambiguity.lord-harrison-outside-solo = advice: he may be chosen in any game; what the
    legal actions list, the step accepts (it once refused him whatever the reading)."""
    rs = ruleset(2, lord_harrison="advice")
    s = rs.step(rs.initial_state(), Leader(0))
    choose = Choose("Harrison Quatuormanus the 13th")
    assert choose in rs.legal_actions(s)
    after = rs.step(s, choose, rs.pending(s).actors[0])
    assert after != s and choose not in rs.legal_actions(after)


def test_lord_harrison_in_solo_play_has_13_tokens_and_his_own_host_or_five_random_companions() -> None:
    for reading, own in (("random", False), ("own-host", True)):
        rs = ruleset(1, solo_companions=reading)
        s = ready(rs, ["Harrison Quatuormanus the 13th"])
        adv = s.adventurer(0)
        assert s.seats[0].action_tokens == 13 and len(adv.companions) == 5
        host = sorted(rs.components.adventurers[adv.name].companions)
        assert (sorted(c.name for c in adv.companions) == host) == own or not own


@pytest.mark.parametrize("difficulty, colours", [("normal", {"green"}), ("intermediate", {"green", "red"}),
                                                 ("hard", {"red"})])
def test_difficulty_by_tomb_cards(difficulty: str, colours: set[str]) -> None:
    rs = ruleset(2, difficulty=difficulty)
    s = rs.initial_state()
    assert {rs.components.tomb_cards[c].colour for c in s.tomb.deck.cards()} == colours


def test_hard_variant_returns_quetzalcoatls_hall_and_the_soul_monger_is_on_the_entrance() -> None:
    from tombspec.model.secrets.rules.items import is_soul_monger_room
    rs = ruleset(2, no_quetzalcoatls_hall=True, soul_monger_location="entrance-only-in-variant")
    s = rs.initial_state()
    assert s.room("Quetzalcoatl's Hall") is None and s.room("Quetzalcoatl's Descent") is not None
    assert is_soul_monger_room(rs, s, "Tomb's Entrance")
    rs = ruleset(2, soul_monger_location="entrance-only-in-variant")
    assert not is_soul_monger_room(rs, rs.initial_state(), "Tomb's Entrance")
    same = ruleset(2, no_quetzalcoatls_hall=True, quetzalcoatl_tiles="same-tile").initial_state()
    assert same.room("Quetzalcoatl's Descent") is None


def test_starting_items_and_special_ability_tokens() -> None:
    rs = ruleset(2)
    s = ready(rs, ["Christopher St. George", "Heidi DuPont"])
    assert s.adventurer(0).held("Thompson Submachine Gun") is not None
    assert s.items.deck.count("Thompson Submachine Gun") == 0            # taken out of the Item deck
    assert s.adventurer(0).token_count("Full Auto") == 2 and s.adventurer(1).token_count("PhD") == 3


def test_five_adventurer_game_gives_two_players_an_additional_action() -> None:
    rs = ruleset(5, five_adventurer_extra_actions=True)
    s = rs.step(rs.initial_state(), Leader(0))
    for i, name in enumerate(["Christopher St. George", "James T. Temple", "Chang Li Tao", "Hadji Singh", "Libby Villa"]):
        s = rs.step(s, Choose(name), i)
    assert rs.pending(s).what == "grant"
    s = rs.step(s, Grant(1), 0)
    assert Grant(1) not in rs.legal_actions(s)
    s = rs.step(s, Grant(3), 0)
    assert [x.action_tokens for x in s.seats] == [2, 3, 2, 3, 2]      # 12 actions among 5 Adventurers


def test_invalid_player_counts() -> None:
    with pytest.raises(InvalidInput, match="secrets.setup.adventurer-setup-table"):
        Secrets(options={"players": 7})
    assert Secrets(options={"players": 7, "max_adventurers": "unbounded"}).num_players == 7
    with pytest.raises(InvalidInput):
        Secrets(options={"players": 0})


def test_fewer_action_tokens_variant() -> None:
    rs = ruleset(2, fewer_action_tokens=2)
    assert ready(rs, TWO).seats[0].action_tokens == 4


@pytest.mark.parametrize("fewer", [6, 9])
def test_fewer_action_tokens_beyond_the_table(fewer: int) -> None:
    """secrets.ambiguity.fewer-tokens-floor: two Adventurers have 6 tokens each; a reduction of 6 or more
    leaves one (at-least-one), or refuses the options, naming the entry and how far they may go (refused)."""
    assert ready(ruleset(2, fewer_action_tokens=fewer), TWO).seats[0].action_tokens == 1
    with pytest.raises(InvalidInput, match=r"fewer-tokens-floor.*at most 5 fewer"):
        ruleset(2, fewer_action_tokens=fewer, fewer_tokens_floor="refused")
    assert ready(ruleset(2, fewer_action_tokens=5, fewer_tokens_floor="refused"), TWO).seats[0].action_tokens == 1


def test_replacement_adventurer_gets_the_sheet_only() -> None:
    from tombspec.model.secrets.rules.adventurers import apply_death
    from tombspec.model.secrets.rules import turn
    rs = ruleset(4)
    s = ready(rs, ["Christopher St. George", "James T. Temple", "Chang Li Tao", "Hadji Singh"])
    s = turn.settle(rs, apply_death(rs, s, 1))
    assert rs.pending(s).what == "choose a new adventurer" and rs.pending(s).player == 1
    s = rs.step(s, Choose("Libby Villa"), 1)
    adv = s.adventurer(1)
    assert adv.name == "Libby Villa" and adv.room == "Tomb's Entrance"
    assert adv.audacity == rs.components.adventurers["Libby Villa"].audacity    # no table extra (+1 for 4)
