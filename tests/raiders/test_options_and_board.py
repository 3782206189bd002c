"""Options (readings of the ambiguities) and boards (format, layouts, views)."""

from __future__ import annotations

import random

import pytest

from .helpers import on_draft

from tombspec.checks.explore import play
from tombspec.model.errors import Unspecified
from tombspec.model.options import unsettled
from tombspec.model.raiders import Raiders
from tombspec.model.raiders.board import board_from_data, load_board, shipped_boards
from tombspec.model.raiders.options import RaidersOptions
from tombspec.spec import InvalidInput


def test_unsettled_options_raise_unspecified_naming_the_ambiguity() -> None:
    from tombspec.checks.games.raiders.examples import example_board, temple_state
    from tombspec.model.raiders.actions import Heads
    from tombspec.model.raiders.rules.turn import apply_turn_start

    rs = Raiders(unsettled(RaidersOptions), example_board(["S 3 T 4 E"]))
    state = rs.initial_state()
    with pytest.raises(Unspecified) as err:     # 'Grail Player 3', 'Grail Player 5': values after the gain?
        rs.step(state, rs.chance_outcomes(state)[0][0])
    assert err.value.ambiguity_id == "raiders.ambiguity.grail-player-labels"
    rs = Raiders(unsettled(RaidersOptions, grail_player_labels="after-grail", ahead_behind="escape-distance"),
                 example_board(["S 3 T 4 E"]))
    rs.step(state, rs.chance_outcomes(state)[0][0])   # the rest of set-up is settled
    # A Trap passed with six pennies: whether the seventh is kept is raiders.ambiguity.penny-cap.
    s = temple_state(rs, "2,0", pennies=6, audacity=0)
    s = s.with_raider(1, in_encounter=True, came_from="1,0")
    s = on_draft(apply_turn_start, rs, s.with_raider(0, position="4,0"), 1)
    with pytest.raises(Unspecified) as err:
        rs.step(s, Heads(6))
    assert err.value.ambiguity_id == "raiders.ambiguity.penny-cap"
    assert rs.step(s, Heads(3)).raider(1).pennies == 5     # a failed Trap roll raises no question




def test_the_spawn_asks_spawn_traps_only_when_a_raider_stands_on_the_start_space() -> None:
    """'raiders.ambiguity.spawn-traps': whether the Boss spawning on Start traps who stands there.  With
    nobody it could trap there, the readings agree and an unset option raises nothing."""
    from tombspec.checks.games.raiders.examples import example_board, temple_state
    from tombspec.model.raiders.rules.boss import apply_round_end

    rs = Raiders(unsettled(RaidersOptions), example_board(["S 3 T 4 E"]))
    away = temple_state(rs, "2,0", boss_track=1).with_raider(0, position="4,0")
    spawned = on_draft(apply_round_end, rs, away)
    assert spawned.boss == rs.board.start and spawned.boss_track == 0
    assert not any(r.trapped for r in spawned.raiders)
    on_start = away.with_raider(1, position=rs.board.start)
    with pytest.raises(Unspecified) as err:
        on_draft(apply_round_end, rs, on_start)
    assert err.value.ambiguity_id == "raiders.ambiguity.spawn-traps"


def test_explore_reports_unspecified_rather_than_a_verdict() -> None:
    rs = Raiders(unsettled(RaidersOptions))
    _, problems = play(rs, random.Random(1))
    assert problems and problems[0].kind == "unspecified" and problems[0].rule.startswith("raiders.ambiguity.")


def test_invalid_option_value() -> None:
    with pytest.raises(InvalidInput, match="five_or_six"):
        RaidersOptions(five_or_six="sevens")


@pytest.mark.parametrize("name", sorted(shipped_boards()))
def test_shipped_boards_load_and_connect(name: str) -> None:
    board = load_board(shipped_boards()[name])
    assert board.to_escape[board.start] < len(board.spaces)
    assert len(board.portals) >= 2
    kinds = {s.kind for s in board.spaces.values()}
    assert {"start", "escape", "monster", "trap", "portal", "number"} <= kinds
    assert board.note and "exercise every rule" in board.note


def test_ahead_and_behind_are_views_of_one_graph() -> None:
    board = load_board(shipped_boards()["standard"])
    for s in board.spaces:
        assert set(board.ahead(s)) | set(board.behind(s)) <= set(board.neighbours(s))
        assert all(board.to_escape[a] < board.to_escape[s] for a in board.ahead(s))


def tile_doc(layout: str, second: tuple[int, int]) -> dict:
    return {"format": 1, "board": {"name": "t", "layout": layout},
            "tiles": [{"id": "a", "rows": ["S 1 2", "3 4 5"]}, {"id": "b", "rows": ["6 1 2", "3 4 E"]}],
            "placements": [{"tile": "a", "x": 0, "y": 0}, {"tile": "b", "x": second[0], "y": second[1]}]}


def test_standard_layout_overlaps_one_space() -> None:
    board = board_from_data(tile_doc("standard", (2, 1)))
    assert board.spaces["2,1"].tile == 1 and board.spaces["2,1"].tiles == (0, 1)


def test_invalid_standard_layout_overlapping_two() -> None:
    with pytest.raises(InvalidInput, match="raiders.setup.overlap-one-space"):
        board_from_data(tile_doc("standard", (2, 0)))


def test_small_layout_overlaps_two() -> None:
    board_from_data(tile_doc("small", (2, 0)))
    with pytest.raises(InvalidInput, match="raiders.variant.small-tomb"):
        board_from_data(tile_doc("small", (2, 1)))


def test_large_layout_touches_without_overlap() -> None:
    board_from_data(tile_doc("large", (3, 1)))
    with pytest.raises(InvalidInput, match="does not touch"):
        board_from_data(tile_doc("large", (5, 5)))


def test_invalid_two_starts() -> None:
    doc = tile_doc("free", (10, 0))
    doc["tiles"][1]["rows"] = ["S 1 2", "3 4 E"]
    with pytest.raises(InvalidInput, match="one-start-one-escape"):
        board_from_data(doc)


def test_invalid_escape_unreachable() -> None:
    doc = tile_doc("free", (10, 0))
    with pytest.raises(InvalidInput, match="Escape cannot be reached"):
        board_from_data(doc)


def test_rotation() -> None:
    doc = tile_doc("free", (3, 0))
    doc["placements"][1]["rotation"] = 90
    board = board_from_data(doc)
    assert board.spaces["3,0"].number == 3 and board.spaces["4,0"].number == 6


def test_invalid_start_tile_not_first() -> None:
    doc = tile_doc("standard", (2, 1))
    doc["placements"] = [{"tile": "b", "x": 0, "y": 0}, {"tile": "a", "x": 2, "y": 1}]
    with pytest.raises(InvalidInput, match="raiders.setup.stack-tiles"):
        board_from_data(doc)


def test_invalid_tile_not_extending_outward() -> None:
    doc = tile_doc("standard", (2, 1))
    doc["tiles"].insert(1, {"id": "m", "rows": ["1 2 3", "4 5 6"]})
    doc["placements"] = [{"tile": "a", "x": 0, "y": 0}, {"tile": "m", "x": 2, "y": 1},
                         {"tile": "b", "x": 0, "y": 2}]   # back towards Start, overlapping one space
    with pytest.raises(InvalidInput, match="raiders.setup.(opposite-side|overlap-one-space)"):
        board_from_data(doc)
