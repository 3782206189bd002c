"""Cards and boards as data: the shipped examples, the loaders' errors, the graph and its views."""

from __future__ import annotations

from pathlib import Path

import pytest

from tombspec.model.errors import InvalidInput
from tombspec.model.registry import get_ruleset
from tombspec.model.tomb import Tomb
from tombspec.model.tomb.board import INN, board_from_data, load_board, shipped_boards
from tombspec.model.tomb.cards import EFFECT_KINDS, cards_from_data, load_cards, shipped_card_sets

QUOTED = ["Dread", "Captain Dukat", "Mirin Faithbringer", "Lady Eryne", "Dunbar", "Kadin", "Slayer the Unkind",
          "Komodo", "Sir Guerin", "Elithe", "Darkhelm", "Brine Spawn", "Crusher", "Wards of Peril", "Unholy Light",
          "Double-Bladed Sword", "Weaken", "Another Way In", "Stone Skin", "Keziah's Orb", "Bruntor's Shield",
          "Throwing Daggers", "Mkono-Djarat", "Teleport", "Bless", "Fireball", "Kama", "Gloves of Mercy"]


def test_the_example_set_holds_every_card_the_rulebook_names() -> None:
    cards = load_cards(shipped_card_sets()["example"])
    names = set(cards.characters) | set(cards.inn) | set(cards.crypt)
    assert [n for n in QUOTED if n not in names] == []


@pytest.mark.parametrize("path", [*shipped_boards("tomb").values(), *shipped_card_sets("tomb").values()],
                         ids=lambda p: p.stem)
def test_every_shipped_file_says_it_is_an_example(path: Path) -> None:
    head = path.read_text(encoding="utf-8").split("format =")[0]
    assert "example" in head and "NOT" in head and "tombspec" in head


def test_text_only_effects_are_listed_as_limitations() -> None:
    cards = load_cards(shipped_card_sets()["example"])
    limits = cards.limitations()
    assert any("Teleport" in x for x in limits) and any("Gloves of Mercy" in x for x in limits)
    assert "text" in EFFECT_KINDS


def _board(**changes):
    doc = {"format": 1, "game": "tomb", "cards": "example", "board": {"name": "t", "rows": ["#####", "#EA.#", "##aa#"]},
           "crypts": [{"id": "a", "capacity": 2, "cm": "L"}]}
    doc.update(changes)
    return doc


def test_a_board_loads_into_a_graph_with_an_inn_node() -> None:
    b = board_from_data(_board())
    assert set(b.graph.neighbors(INN)) == {"1,1"} and b.doors == {"2,1": "a"}
    assert set(b.graph.neighbors("crypt:a")) == {"2,1"}             # only its Door leads in
    assert b.distances(INN)["3,1"] == 3


@pytest.mark.parametrize("bad, message", [
    ({"crypts": [{"id": "a", "capacity": 0, "cm": "L"}]}, "capacity"),
    ({"crypts": [{"id": "a", "capacity": 2, "cm": "X"}]}, "cm must be one of L, R"),
    ({"crypts": []}, "no [[crypts]] entry"),
    ({"board": {"name": "t", "rows": ["#####", "#.A.#", "##aa#"]}}, "entrance"),
    ({"board": {"name": "t", "rows": ["#####", "#EA?#", "##aa#"]}}, "not a space token"),
    ({"format": 2}, "format"),
    ({"game": "raiders"}, "board for 'raiders'"),
    ({"cards": "nosuchset"}, "neither a shipped card set"),
    ({"board": {"name": "t", "rows": ["#####", "#E#A#", "##aa#"]}}, "reached"),
])
def test_invalid_boards_name_the_problem(bad, message) -> None:
    with pytest.raises(InvalidInput) as err:
        board_from_data(_board(**bad))
    assert message in str(err.value)


def test_a_bad_board_file_names_the_file_and_line(tmp_path: Path) -> None:
    text = (shipped_boards()["goldenaxe-catacombs"]).read_text(encoding="utf-8").replace('cm = "R"', 'cm = "Q"', 1)
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidInput) as err:
        load_board(path)
    assert err.value.source == str(path) and err.value.line is not None and "cm must be" in err.value.problem


def _cards(**extra):
    doc = {"format": 1, "game": "tomb", "set": {"name": "t"},
           "characters": [{"name": "Hero", "classes": ["fighter"], "hp": 3, "attack": {"green": 1}}],
           "crypt": [{"name": "Rat", "type": "monster", "hp": 1, "attack": {"green": 1}}]}
    for k, v in extra.items():
        doc[k] = v
    return doc


@pytest.mark.parametrize("bad, message", [
    ({"characters": [{"name": "Hero", "classes": ["bard"], "hp": 3}]}, "classes 'bard'"),
    ({"characters": [{"name": "Hero", "hp": 3, "attack": {"purple": 1}}]}, "green/blue/red"),
    ({"crypt": [{"name": "Rat", "type": "monster", "hp": 1, "effects": [{"kind": "explode"}]}]}, "unknown effect kind"),
    ({"crypt": [{"name": "Rat", "type": "monster", "hp": 1, "effects": [{"kind": "ward"}]}]}, "needs attribute"),
    ({"crypt": [{"name": "Pit", "type": "trap"}]}, "disarm"),
    ({"crypt": [{"name": "Hex", "type": "curse", "attribute": "holiness", "tn": 1}]}, "type must be one of"),
    ({"cards": [{"name": "Orb", "deck": "cryptmaster"}]}, "no cryptmaster deck"),
    ({"characters": [{"name": "Hero", "hp": 3}, {"name": "Hero", "hp": 3}]}, "defined twice"),
])
def test_invalid_card_sets_name_the_problem(bad, message) -> None:
    with pytest.raises(InvalidInput) as err:
        cards_from_data(_cards(**bad), games=("tomb",))
    assert message in str(err.value)


def test_a_bad_card_file_names_its_line(tmp_path: Path) -> None:
    text = shipped_card_sets()["example"].read_text(encoding="utf-8").replace(
        'effect = { kind = "weaken", value = 1 }', 'effect = { kind = "weaken", value = "one" }', 1)
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidInput) as err:
        load_cards(path)
    assert err.value.line is not None and "Weaken" in err.value.problem


def test_a_ruleset_is_rebuilt_from_its_description_on_every_shipped_board() -> None:
    for name in shipped_boards("tomb"):
        rs = Tomb(board=name)
        again = get_ruleset("tomb", **rs.describe())
        assert again.describe() == rs.describe() and again.board.crypts == rs.board.crypts


def test_a_user_board_file_with_its_own_card_set_path(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(shipped_card_sets()["starter"].read_text(encoding="utf-8"), encoding="utf-8")
    text = shipped_boards()["goldenaxe-catacombs"].read_text(encoding="utf-8").replace('cards = "starter"',
                                                                                        'cards = "mine.toml"')
    (tmp_path / "board.toml").write_text(text, encoding="utf-8")
    rs = Tomb(board=str(tmp_path / "board.toml"))
    assert rs.cards.name == "starter"


def test_movement_views_filter_one_graph() -> None:
    b = load_board(shipped_boards()["catacomb-halls"])
    view = b.move_view()
    assert all(b.kind(n) not in ("crypt", "room") for n in view.nodes)
    assert set(view.nodes) < set(b.graph.nodes)
    compact = load_board(shipped_boards()["goldenaxe-catacombs"])
    assert set(compact.distances(INN, doors_end_moves=True)) == {INN, "1,2", "2,2"}   # hallways-only: a Door ends it
    assert len(compact.distances(INN)) == 9


def test_every_crypt_of_the_shipped_boards_is_reachable() -> None:
    for name, path in shipped_boards().items():
        b = load_board(path)
        dist = b.distances(INN)
        assert all(any(d in dist for d in c.doors) for c in b.crypts.values()), name
