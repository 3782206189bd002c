"""Escape Mode (setup, the ceiling's schedule and what it destroys) and End of Game and Victory."""

from __future__ import annotations

import pytest

from tombspec.model.egypt import Egypt
from tombspec.model.egypt import actions as A
from tombspec.model.egypt.rules.escape import compute_ceiling_drop

from .helpers import item_id, names, ruleset, situation

OPEN = ["_ _ _ _ _ _ _ _", "_ _ _ _ _ _ _ _", "_ _ _ _ _ _ _ _"]


def test_escape_setup_crystal_on_the_first_players_board_and_alternative_items() -> None:
    rs = Egypt(options={"escape": True, "players": 3})
    s = rs.initial_state()
    assert rs.board.side == "purple"
    assert names(s.hero(0).items) == ["Teleporter", "Bomb", "Pharaoh's Crystal"]
    assert names(s.hero(1).items) == ["Grappling Hook", "Bomb"] and s.crystal_found
    assert s.chests.count("Pharaoh's Crystal") == 0 and len(rs.deal_spaces) == 28 + 26


def test_the_alternative_item_is_a_starting_item_token() -> None:
    # "Heroes get an alternative starting item instead of a ladder" and "ladders are found on the back of
    # some starting items": the alternative is the other face of a starting item token (purple corners),
    # not a chest token, though it duplicates a chest item; the crystal is the chest token it is
    rs = Egypt(options={"escape": True, "players": 3})
    s = rs.initial_state()
    assert [(t.name, t.back) for t in s.hero(2).items] == [("Jetpack", "start"), ("Bomb", "start")]
    assert [(t.name, t.back) for t in s.hero(0).items][-1] == ("Pharaoh's Crystal", "chest")


def test_the_ceilings_schedule_before_the_first_players_turns() -> None:
    assert [compute_ceiling_drop(k, 6) for k in range(9)] == [1, 2, 3, 4, 5, 6, 7, 8, 8]
    assert compute_ceiling_drop(0, 6, True) == 3 and compute_ceiling_drop(3, 6, True) == 4


def test_the_ceiling_falls_round_by_round_and_heroes_on_its_floor_die() -> None:
    rs = ruleset(OPEN, side="purple", players=2)
    s = situation(rs, [("2,0", ["Bomb", "Pharaoh's Crystal"]), ("3,2", ["Bomb"])], {}, seat=1)
    seen = []
    for _ in range(4):
        s = rs.step(s, A.EndTurn(), 1)                       # to the first player: the ceiling drops
        seen.append(s.ceiling)
        s = rs.step(s, A.EndTurn() if s.hero(0).status == "in" else A.Pass(), 0)
    assert seen == [1, 2, 3, 4]
    assert s.hero(0).status == "dead"                        # on the top floor when it arrived
    crystal = [p.space for p in s.piles if any(t.name == "Pharaoh's Crystal" for t in p.tokens)]
    assert crystal and rs.board.y(crystal[0]) >= 2           # the crystal moved down, not destroyed


def test_tokens_on_the_floor_are_destroyed_and_keys_may_be_lost() -> None:
    rs = ruleset(OPEN, side="purple", players=2)
    s = situation(rs, [("3,3", ["Bomb", "Pharaoh's Crystal"]), ("4,3", ["Bomb"])],
                  {"1,1": [("Yellow key", False)], "2,1": [("Black key", False)]}, seat=1, ceiling=3)
    s = rs.step(s, A.EndTurn(), 1)
    assert s.phase == "over" and s.outcome == "keys-lost" and s.winners == ()


def test_a_strange_rumble_in_escape_mode_lowers_the_ceiling() -> None:
    rs = ruleset(OPEN, side="purple", players=2)
    s = situation(rs, [("3,2", ["Bomb", "Pharaoh's Crystal"]), ("0,3", ["Bomb"])], {"4,2": [("Strange Rumble", False)]},
                  ceiling=3)
    s = rs.step(s, A.Step("4,2"))
    assert s.ceiling == 4
    rs2 = ruleset(OPEN, side="purple", players=2, rumble_in_escape="next-drop-early")
    s = situation(rs2, [("3,2", ["Bomb", "Pharaoh's Crystal"]), ("0,3", ["Bomb"])], {"4,2": [("Strange Rumble", False)]},
                  ceiling=3)
    s = rs2.step(s, A.Step("4,2"))
    s = rs2.step(rs2.step(s, A.EndTurn(), 0), A.EndTurn(), 1)
    assert s.ceiling == 4                                    # the regular drop was skipped


def test_victory_when_every_surviving_hero_has_left_with_the_crystal() -> None:
    rs = ruleset(OPEN, players=3)
    s = situation(rs, [("4,5", ["Pharaoh's Crystal"]), ("0,1", []), ("0,1", [])], {}, doors=("black",))
    s = s.with_hero(1, status="escaped", space=None).with_hero(2, status="dead", space=None, lives=0)
    s = rs.step(s, A.Leave())
    assert s.phase == "over" and s.outcome == "victory" and s.winners == (0, 1)
    team = ruleset(OPEN, players=3, who_wins="team")
    t = situation(team, [("4,5", ["Pharaoh's Crystal"]), ("0,1", []), ("0,1", [])], {}, doors=("black",))
    t = t.with_hero(1, status="escaped", space=None).with_hero(2, status="dead", space=None, lives=0)
    assert team.step(t, A.Leave()).winners == (0, 1, 2)


def test_leaving_without_the_crystal_is_no_victory() -> None:
    rs = ruleset(OPEN, players=2)
    s = situation(rs, [("4,5", []), ("0,1", ["Pharaoh's Crystal"])], {}, doors=("black",))
    s = s.with_hero(1, status="dead", space=None, lives=0, items=())
    s = rs.step(s, A.Leave())
    assert s.outcome == "no-crystal" and s.winners == ()


def test_when_all_heroes_die_the_spirit_of_the_tomb_wins() -> None:
    rs = ruleset(OPEN, players=2, pursuit=True)
    s = situation(rs, [("3,1", [])], {"4,1": [("King Cobra", True)]})
    s = rs.step(rs.step(rs.step(s, A.Step("4,1")), A.Roll()), A.Die("Attack"))
    assert s.outcome == "all-dead" and s.winners == (1,)


@pytest.mark.parametrize("reading, escaped", [("any-time", True), ("after-crystal", False)])
def test_escaping_before_the_crystal_is_found(reading: str, escaped: bool) -> None:
    rs = ruleset(OPEN, players=2, escape_before_crystal=reading)
    s = situation(rs, [("4,5", []), ("0,1", [])], {}, doors=("black",))
    assert (A.Leave() in rs.legal_actions(s)) is escaped


def test_item_id_helper_finds_the_crystal() -> None:
    rs = ruleset(OPEN, players=2)
    s = situation(rs, [("4,5", ["Pharaoh's Crystal"]), ("0,1", [])], {})
    assert item_id(s, 0, "Pharaoh's Crystal") == 0


@pytest.mark.parametrize("reading, lands", [("piles-only", "5,2"), ("heroes-count", "5,3")])
def test_the_pharaoh_dropped_by_the_ceiling_onto_a_heros_space(reading: str, lands: str) -> None:
    """egypt.ambiguity.ceiling-drop-hero-tokens: the pharaoh moves down 'until they end up on a space
    with no tokens and with a floor', and the component list counts the hero tokens among the tokens.
    Reading piles-only, a space holding only a hero is free: he lands on the hero and they fight;
    heroes-count, he drops past the hero's space to the next free one."""
    rs = ruleset(OPEN, side="purple", players=2, ceiling_drop_hero_tokens=reading)
    s = situation(rs, [("0,3", ["Bomb"]), ("5,2", ["Bomb"])], {"5,1": [("Pharaoh", False)]}, seat=1, ceiling=3)
    s = rs.step(s, A.EndTurn(), 1)                   # to the first player: the ceiling drops onto floor 1
    assert s.ceiling == 4 and not s.pile("5,1")
    assert [t.name for t in s.pile(lands)] == ["Pharaoh"] and s.pharaoh_lives == 3
    if reading == "piles-only":
        assert s.combat is not None and s.combat.hero == 1 and s.combat.space == "5,2"
    else:
        assert s.combat is None and s.pile("5,2") == () and rs.pending(s).what == "turn"


@pytest.mark.parametrize("reading, lands", [("piles-only", "5,2"), ("heroes-count", "5,3")])
def test_the_crystal_dropped_by_the_ceiling_onto_a_heros_space(reading: str, lands: str) -> None:
    """The same words for the crystal: it lands beside the hero (piles-only) or drops past them."""
    rs = ruleset(OPEN, side="purple", players=2, ceiling_drop_hero_tokens=reading)
    s = situation(rs, [("0,3", ["Bomb"]), ("5,2", ["Bomb"])], {"5,1": [("Pharaoh's Crystal", False)]},
                  seat=1, ceiling=3)
    s = rs.step(s, A.EndTurn(), 1)
    assert [t.name for t in s.pile(lands)] == ["Pharaoh's Crystal"] and s.combat is None


@pytest.mark.parametrize("reading, drops", [("every-round", True), ("own-turns-only", False),
                                            ("token-passes", True)])
def test_the_ceiling_when_the_first_players_hero_has_escaped(reading: str, drops: bool) -> None:
    """egypt.ambiguity.ceiling-first-player-gone: 'Whenever the turn passes to the player with the first
    player token, the ceiling drops lower!'  Their hero escaped (and, under move-out, they take no
    more turns): every-round drops it anyway, token-passes passes the token on (and it drops before
    the next player's turn), own-turns-only reads the words: the turn never passes to them, and it
    stays where it is."""
    rs = ruleset(OPEN, side="purple", players=2, ceiling_first_player_gone=reading)
    s = situation(rs, [("", []), ("5,2", ["Bomb", "Pharaoh's Crystal"])], {}, seat=1, ceiling=3)
    s = s.with_hero(0, status="escaped", lives=3)
    s = rs.step(s, A.EndTurn(), 1)
    assert (s.ceiling == 4) is drops and s.turn.seat == 1 and s.hero(1).status == "in"


def test_the_ceiling_still_drops_for_a_first_player_who_plays_the_monsters() -> None:
    rs = ruleset(OPEN, side="purple", players=2, ceiling_first_player_gone="own-turns-only")
    s = situation(rs, [("", []), ("5,2", ["Bomb", "Pharaoh's Crystal"])], {"1,3": [("Mummy", True)]},
                  seat=1, ceiling=3)
    s = rs.step(s, A.EndTurn(), 1)
    assert s.ceiling == 4 and s.turn.seat == 0 and s.turn.kind == "monster"


def test_the_kind_of_turn_a_seat_takes_is_the_one_next_turn_gives() -> None:
    """modes.turn_kind (read by own-turns-only) says what turn.next_turn decides, seat by seat."""
    import random

    from tombspec.model.egypt.rules.modes import turn_kind
    from tombspec.model.play import playout

    for options in ({"players": 3, "escape": True}, {"players": 1, "solo_heroes": 2},
                    {"players": 2, "pursuit": True, "leaving_the_tomb": "escaped-play-monsters"}):
        rs = Egypt(board="small", options=options)
        seen = 0
        for _, _, s in playout(rs, random.Random(4)):
            # a monster turn's seat (its hero dead or gone) keeps that state for the whole turn
            if s.phase == "play" and s.turn.kind == "monster":
                assert turn_kind(rs, s, s.turn.seat) == "monster"
                seen += 1
            if s.phase == "play" and s.turn.kind == "hero" and s.turn.moves == 3 and s.roll is None:
                assert turn_kind(rs, s, s.turn.seat) == "hero"
        assert seen or options.get("players") == 1
