"""Inside the Tomb and the set format: the board graph, the terrain predicates, the loader's errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tombspec.model.egypt import Egypt
from tombspec.model.egypt.board import (board_from_rows, boardset_from_data, can_walk, is_supported, landing,
                                        load_set, movement_view, reachability_report, shipped_set, shipped_sets,
                                        static_terrain, teleport_targets)
from tombspec.model.errors import InvalidInput

from .helpers import example_set

GOOD = ["_1 _H _ _H _ _H _ _2", "_ _ . _ # _C _c _?", "_C _ _ _ # # # _", "_B _A _ Y =X = = K"]


def board(rows=GOOD):
    return board_from_rows("t", "orange", rows)


def test_every_shipped_set_loads_and_says_it_is_an_example() -> None:
    assert {"standard", "small"} <= set(shipped_sets())
    for name, path in shipped_sets().items():
        head = path.read_text(encoding="utf-8").split("\n", 4)
        assert "EXAMPLE BUILT BY TOMBSPEC, NOT THE PRINTED COMPONENTS" in "\n".join(head)
        s = load_set(path)
        assert set(s.sides) == {"orange", "purple"}


def test_standard_set_has_the_component_counts() -> None:
    comps = shipped_set("standard").components
    assert sum(comps.of_back("chest").values()) == 29 and sum(comps.of_back("hazard").values()) == 26
    assert len(comps.heroes) == 5
    b = shipped_set("standard").sides["orange"]
    assert len(b.chest_spaces) == 29 and len(b.hazard_spaces) == 26 and len(b.arrows) == 4


def test_spaces_left_and_right_are_neighboring_and_caves_neighbour_every_cave() -> None:
    b = board()
    assert b.edge_kind("1,1", "0,1") == "side" and b.edge_kind("5,1", "0,2") == "cave"
    assert "0,2" in b.neighbours("5,1")


def test_a_floor_is_a_row_from_edge_to_edge() -> None:
    with pytest.raises(InvalidInput, match="egypt.tomb.floor-row"):
        board(["_1 _H _ _H _ _H _ _2", "_ _", "_ _ _ _ # # # _", "_B _A _ Y =X = = K"])


def test_you_cannot_pass_through_a_wall_or_stand_in_it() -> None:
    t = static_terrain(board())
    assert not can_walk(t, "3,1", "4,1")


def test_you_can_stand_on_top_of_a_wall() -> None:
    t = static_terrain(board(["_1 _H _ _H _ _H _ _2", "_ _ _ _ . _ _ _", "_ _ _ _ # _ _ _", "_B _A _ Y =X = = K"]))
    assert is_supported(t, "4,1") and landing(t, "4,1") == "4,1"


def test_without_a_floor_a_hero_falls_until_landing_on_a_floor() -> None:
    t = static_terrain(board())
    assert not is_supported(t, "2,1") and landing(t, "2,1") == "2,2"


def test_climb_up_a_ladder_and_down_it() -> None:
    b = board(["_1 _H _ _H _ _H _ _2", "_ _ _H _ _ _ _ _", "_ _ _ _ # # # _", "_B _A _ Y =X = = K"])
    t = static_terrain(b)
    assert can_walk(t, "2,1", "2,0") and can_walk(t, "2,0", "2,1")      # up the ladder on 2,1, and down it
    assert not can_walk(t, "1,1", "1,0") or b.spaces["1,1"].ladder is not None


def test_the_jetpack_goes_up_only_where_no_floor_lies_between() -> None:
    t = static_terrain(board(["_1 _H . _H _ _H _ _2", "_ _ _ _ _ _ _ _", "_ _ _ _ # # # _", "_B _A _ Y =X = = K"]))
    assert can_walk(t, "2,1", "2,0", fly=True) and not can_walk(t, "3,1", "3,0", fly=True)
    assert not can_walk(t, "2,1", "2,0")


def test_a_ghost_passes_through_floors_and_walls() -> None:
    t = static_terrain(board())
    view = movement_view(t, "ghost")
    assert view.has_edge("3,1", "4,1") and view.has_edge("3,0", "3,1")
    assert not movement_view(t, "hero").has_edge("3,1", "4,1")


def test_the_teleporter_jumps_two_spaces_but_not_through_a_door_or_into_a_wall() -> None:
    t = static_terrain(board())
    assert set(teleport_targets(t, "1,1")) == {"3,1", "1,3"}
    assert "4,3" not in teleport_targets(t, "2,3") and "4,1" not in teleport_targets(t, "2,1")


@pytest.mark.parametrize("rows, words", [
    (["_1 _H _ _H _ _H _ _2", "_ _ _ _ _ _ _ _", "_ _ _ _ # # # _", "_B _A _ _ =X = = K"], "yellow and a black door"),
    (["_1 _H _ _H _ _H _ _2", "_ _ _ _ _ _ _ _", "_ _ _ _ # # # _", "_B _A _ Y =X = _ K"], "reinforced"),
    (["_1 _H _ _H _ _ _ _2", "_ _ _ _ _ _ _ _", "_ _ _ _ # # # _", "_B _A _ Y =X = = K"], "three iron ladders"),
    (["_1 _H _ _H . _H _ _2", "_ _ _ _ . _ _ _", "_ _ _ _ . # # _", "_B _A _ Y =X = = K"], "egypt.tomb.open-a-door"),
    (["_1 _H _ _H _ _H _ _", "_ _ _ _ _ _ _ _", "_ _ _ _ # # # _", "_B _A _ Y =X = = K"], "space 1 to space 2"),
    (["_1 _H _ _H _ _H _ _2", "_ _ #c _ _ _ _ _", "_ _ _ _ # # # _", "_B _A _ Y =X = = K"], "inside a wall"),
    (["_1 _H _ _H _ _H _ _2", "_ _ ?c _ _ _ _ _", "_ _ _ _ # # # _", "_B _A _ Y =X = = K"], "not both"),
    (["_1 _H _ _H _ _H _ _2", "_ _ z _ _ _ _ _", "_ _ _ _ # # # _", "_B _A _ Y =X = = K"], "marks"),
    (["_1 _H _ _H _ _H _ _2", "_ _ ? _ _ _ _ _", "_ _ . _ # # # _", "_B _A _ Y =X = = K"], "needs a floor"),
])
def test_invalid_board_names_the_problem(rows, words) -> None:
    with pytest.raises(InvalidInput, match=words):
        board(rows)


def test_invalid_set_file_names_file_and_line(tmp_path: Path) -> None:
    text = (Path(shipped_sets()["small"]).read_text(encoding="utf-8")
            .replace('effects = ["spiked-boots"]', 'effects = ["spiky-boots"]'))
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidInput) as err:
        load_set(bad)
    assert "spiky-boots" in str(err.value) and str(bad) in str(err.value) and err.value.line is not None
    bad.write_text("format = 1\n[set\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match="not valid TOML"):
        load_set(bad)


def test_invalid_token_mix_for_the_board() -> None:
    data = shipped_set("small").to_data()
    data["chest"] = [c for c in data["chest"] if c["name"] != "Axe"]
    with pytest.raises(InvalidInput, match="egypt.ambiguity.token-mix"):
        Egypt(board=data)
    with pytest.raises(InvalidInput, match="at least one per space"):
        Egypt(board=data, options={"token_mix": "leftovers"})
    data["chest"].append({"name": "Axe", "category": "weapon", "weapon": "melee", "count": 2})
    assert len(Egypt(board=data, options={"token_mix": "leftovers"}).deal_spaces) == 31


def test_a_ruleset_is_rebuilt_from_its_description_and_the_set_round_trips() -> None:
    rs = Egypt(board="small", options={"players": 3})
    again = Egypt(**rs.describe())
    assert again.describe() == rs.describe()
    assert boardset_from_data(rs.boardset.to_data()).to_data() == rs.boardset.to_data()


def test_text_only_tokens_are_a_recorded_limitation() -> None:
    data = shipped_set("small").to_data()
    data["chest"].append({"name": "Scarab", "category": "item", "count": 1, "text": "brings luck"})
    s = boardset_from_data(data)
    assert s.components.limitations() == ["Scarab: text only ('brings luck'); the model carries it but cannot use it"]


def test_reachability_of_the_shipped_boards() -> None:
    for name in ("standard", "small"):
        for side, b in shipped_set(name).sides.items():
            r = reachability_report(b)
            assert not any(r["exit_from_each_start"]["closed"].values())
            assert all(r["exit_from_each_start"]["yellow-open"].values())
            assert r["unreachable_chests"] == [] and r["winnable"]
            assert r["exit_with_teleporter_doors_closed"] is False
            assert r["exit_with_bombs_doors_closed"] is True   # a finding: bombs open a way past the doors
            if side == "purple":
                assert r["escape_in_time"] is True


def test_reachability_finds_an_unreachable_chest() -> None:
    b = example_set(["_ _ _ _ _ _ _ _", "# _c # _ _ _ _ _"]).sides["orange"]
    assert reachability_report(b)["unreachable_chests"] == ["1,2"]
