"""Raider Actions/Abilities: Move, Audacity, the Natural 6, Prepare, Rest."""

from __future__ import annotations

import pytest

from tombspec.model.errors import IllegalAction
from tombspec.model.raiders.actions import Heads, Move, MoveTo, Prepare, Rest, Stay

from .helpers import ruleset, state


def rolled(rs, s, heads):
    return rs.step(rs.step(s, Move()), Heads(heads))


def test_number_match_either_face() -> None:
    rs = ruleset()
    s = rolled(rs, state(rs), 3)  # 3 Heads, 3 Tails
    assert MoveTo("1,0", "heads", 0) in rs.legal_actions(s)  # the 3 next to Start


def test_invalid_move_without_match() -> None:
    rs = ruleset()
    s = rolled(rs, state(rs, me=("0,0", 6, 0)), 1)  # 1 Heads, 5 Tails; no Audacity
    with pytest.raises(IllegalAction) as err:
        rs.step(s, MoveTo("1,0", "heads", 0))
    assert err.value.rule_id == "raiders.move.number-match"


def test_audacity_alters_either_number_by_one_each() -> None:
    rs = ruleset()
    s = rolled(rs, state(rs, me=("0,0", 6, 2)), 1)  # Heads 1: the 3 needs 2 Audacity
    assert MoveTo("1,0", "heads", 2) in rs.legal_actions(s)
    after = rs.step(s, MoveTo("1,0", "heads", 2))
    assert after.raider(1).audacity == 0 and after.raider(1).position == "1,0"


def test_invalid_more_audacity_than_held() -> None:
    rs = ruleset()
    s = rolled(rs, state(rs, me=("0,0", 6, 1)), 1)
    with pytest.raises(IllegalAction) as err:
        rs.step(s, MoveTo("1,0", "heads", 2))
    assert err.value.rule_id == "raiders.audacity.alter-roll"


def test_moves_go_in_eight_directions() -> None:
    rs = ruleset()
    s = rolled(rs, state(rs, me=("0,0", 6, 2)), 5)  # Heads 5, Tails 1: the 5 diagonally at (1,1)
    assert MoveTo("1,1", "heads", 0) in rs.legal_actions(s)


def test_invalid_move_to_a_space_not_adjacent() -> None:
    rs = ruleset()
    s = rolled(rs, state(rs), 3)
    with pytest.raises(IllegalAction) as err:
        rs.step(s, MoveTo("3,0", "heads", 1))
    assert err.value.rule_id == "raiders.move.any-direction"


def test_natural_six_gains_audacity_and_opens_every_adjacent_space() -> None:
    rs = ruleset()
    s = rolled(rs, state(rs, me=("0,0", 6, 2)), 6)
    assert s.raider(1).audacity == 3
    assert {a.space for a in rs.legal_actions(s) if isinstance(a, MoveTo)} == {"1,0", "0,1", "1,1"}


def test_natural_six_needs_six_pennies_by_default() -> None:
    rs = ruleset()
    s = rolled(rs, state(rs, me=("0,0", 5, 2)), 5)
    assert s.raider(1).audacity == 2
    rs_all = ruleset(natural_six="all-pennies")
    assert rolled(rs_all, state(rs_all, me=("0,0", 5, 2)), 5).raider(1).audacity == 3


def test_prepare_gains_one_audacity_and_ends_the_turn() -> None:
    rs = ruleset()
    s = rs.step(state(rs), Prepare())
    assert s.raider(1).audacity == 3 and s.current == 0


def test_rest_regains_a_lost_penny() -> None:
    rs = ruleset()
    s = rs.step(state(rs, me=("0,0", 4, 2)), Rest())
    assert s.raider(1).pennies == 5


def test_invalid_rest_cannot_regain_the_grail_penny() -> None:
    rs = ruleset()
    s = state(rs, me=("0,0", 5, 2), current=0, holder=("6,1", 5, 3))
    with pytest.raises(IllegalAction) as err:
        rs.step(s, Rest())
    assert err.value.rule_id == "raiders.rest.regain-penny"


def test_invalid_rest_with_all_pennies() -> None:
    rs = ruleset()
    with pytest.raises(IllegalAction):
        rs.step(state(rs, me=("0,0", 6, 2)), Rest())


def test_spawned_boss_still_moves_after_prepare() -> None:
    rs = ruleset()
    s = rs.step(state(rs, boss_track=0, boss="0,1", me=("5,1", 6, 2)), Prepare())
    assert s.phase == "roll" and s.roll.purpose == "boss"


def test_stay_is_always_possible() -> None:
    rs = ruleset()
    s = rolled(rs, state(rs, me=("0,0", 6, 0)), 1)
    assert Stay() in rs.legal_actions(s)
    assert rs.step(s, Stay()).raider(1).position == "0,0"


def test_yellow_red_tiles_need_heads() -> None:
    rows = ["S 3 E"]
    rs = ruleset(rows, special_tiles=True)
    rs.board.spaces["1,0"] = __import__("attrs").evolve(rs.board.spaces["1,0"], colour="yellow-red")
    s = rolled(rs, state(rs, me=("0,0", 6, 0), holder=("2,0", 5, 3)), 3)
    moves = [a for a in rs.legal_actions(s) if isinstance(a, MoveTo) and a.space == "1,0"]
    assert moves and all(m.face == "heads" for m in moves)
    with pytest.raises(IllegalAction) as err:
        rs.step(s, MoveTo("1,0", "tails", 0))
    assert err.value.rule_id == "raiders.advanced.yellow-red-heads-only"


def test_black_tiles_forbid_audacity() -> None:
    rs = ruleset(["S 3 E"], special_tiles=True)
    rs.board.spaces["1,0"] = __import__("attrs").evolve(rs.board.spaces["1,0"], colour="black")
    s = rolled(rs, state(rs, me=("0,0", 6, 2), holder=("2,0", 5, 3)), 2)
    with pytest.raises(IllegalAction) as err:
        rs.step(s, MoveTo("1,0", "heads", 1))
    assert err.value.rule_id == "raiders.advanced.black-any-face"


def test_audacity_advanced_adds_temporary_pennies_before_the_roll() -> None:
    rs = ruleset(audacity_advanced=True)
    s = rs.step(state(rs, me=("0,0", 5, 2)), Move())
    assert s.phase == "boost"
    from tombspec.model.raiders.actions import Boost

    s = rs.step(s, Boost(1))
    assert s.roll.pennies == 6 and s.raider(1).audacity == 1
    assert len(rs.chance_outcomes(s)) == 7


def test_invalid_black_tile_number_mismatch_names_number_match() -> None:
    """On a Black tile with no Audacity spent, a number that does not match is refused by the number
    rule, not by the Black tile's ban on Audacity (issue 28)."""
    rs = ruleset(["S 3 E"], special_tiles=True)
    rs.board.spaces["1,0"] = __import__("attrs").evolve(rs.board.spaces["1,0"], colour="black")
    s = rolled(rs, state(rs, me=("0,0", 6, 2), holder=("2,0", 5, 3)), 2)
    with pytest.raises(IllegalAction) as err:
        rs.step(s, MoveTo("1,0", "heads", 0))
    assert err.value.rule_id == "raiders.move.number-match"
    with pytest.raises(IllegalAction) as err:
        rs.step(s, MoveTo("1,0", "heads", 1))
    assert err.value.rule_id == "raiders.advanced.black-any-face"


@pytest.mark.parametrize("reading, natural", [("six-pennies", True), ("all-pennies", True), ("own-pennies", False)])
def test_natural_six_with_a_temporary_penny_under_each_reading(reading: str, natural: bool) -> None:
    """Five pennies of one's own and one temporary penny (Audacity Advanced), all Heads: a Natural 6
    when the temporary penny counts, not under own-pennies (raiders.ambiguity.natural-six-pennies)."""
    from tombspec.model.raiders.actions import Boost

    rs = ruleset(audacity_advanced=True, natural_six=reading)
    s = rs.step(rs.step(state(rs, me=("0,0", 5, 2)), Move()), Boost(1))
    s = rs.step(s, Heads(6))
    assert s.raider(1).audacity == (2 if natural else 1)
    assert any(isinstance(a, MoveTo) and a.face == "natural" for a in rs.legal_actions(s)) == natural


@pytest.mark.parametrize("reading", ["exactly-needed", "at-least-needed"])
def test_audacity_beyond_a_moves_need_under_each_reading(reading: str) -> None:
    """'for each Audacity discarded, you may alter your roll ... by 1': 2 Heads and a 3 next door need 1
    Audacity. Discarding 3 is refused (exactly-needed) or takes the move, the 2 beyond the need lost
    (at-least-needed) (raiders.ambiguity.move-audacity-beyond-need)."""
    rs = ruleset(move_audacity=reading)
    s = rolled(rs, state(rs, me=("0,0", 6, 3)), 2)      # 2 Heads, 4 Tails; 3 Audacity held
    over = MoveTo("1,0", "heads", 3)
    assert MoveTo("1,0", "heads", 1) in rs.legal_actions(s)
    if reading == "exactly-needed":
        assert over not in rs.legal_actions(s)
        with pytest.raises(IllegalAction) as err:
            rs.step(s, over)
        assert err.value.rule_id == "raiders.audacity.alter-roll"
        return
    assert {MoveTo("1,0", "heads", 2), over} <= set(rs.legal_actions(s))
    after = rs.step(s, over)
    assert after.raider(1).position == "1,0" and after.raider(1).audacity == 0
    with pytest.raises(IllegalAction) as err:                 # never more than the Raider holds
        rs.step(s, MoveTo("1,0", "heads", 4))
    assert err.value.rule_id == "raiders.audacity.alter-roll"


def test_audacity_beyond_the_need_stays_barred_on_a_black_tile() -> None:
    """'Black Tile: Any face can be used! (But no Audacity may be used!)': no discard beyond the need
    either, under at-least-needed."""
    rs = ruleset(["S 3 E"], special_tiles=True, move_audacity="at-least-needed")
    rs.board.spaces["1,0"] = __import__("attrs").evolve(rs.board.spaces["1,0"], colour="black")
    s = rolled(rs, state(rs, me=("0,0", 6, 2), holder=("2,0", 5, 3)), 3)      # the 3 matches as rolled
    assert MoveTo("1,0", "heads", 0) in rs.legal_actions(s)
    assert [m for m in rs.legal_actions(s) if isinstance(m, MoveTo) and m.audacity] == []
    with pytest.raises(IllegalAction) as err:
        rs.step(s, MoveTo("1,0", "heads", 1))
    assert err.value.rule_id == "raiders.advanced.black-any-face"
