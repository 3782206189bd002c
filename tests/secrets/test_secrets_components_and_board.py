"""Components as data (the component-set format and its errors) and the Tomb as a graph (views,
reachability: the Level 3 note, the shortest flight to the Entrance, what a rope opens)."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from secrets_helpers import place, two

from tombspec.model.errors import InvalidInput
from tombspec.model.registry import get_ruleset
from tombspec.model.secrets import Secrets
from tombspec.model.secrets.board import tomb_of
from tombspec.model.secrets.components import OP_KINDS, components_from_data, load_components, shipped_sets


@pytest.mark.parametrize("name", sorted(shipped_sets()))
def test_every_shipped_set_loads_and_says_it_is_an_example(name: str) -> None:
    path = shipped_sets()[name]
    head = path.read_text(encoding="utf-8").split("format =")[0]
    assert "AN EXAMPLE BUILT BY TOMBSPEC, NOT THE PRINTED COMPONENTS" in head
    comps = load_components(path)
    assert comps.name == name and comps.scenarios and comps.layout


def test_the_core_set_holds_every_component_the_rulebook_names() -> None:
    comps = load_components(shipped_sets()["core"])
    for room in ("Tomb's Entrance", "Quetzalcoatl's Hall", "Quetzalcoatl's Descent", "Pharaoh's Hall", "Mongol's Hall",
                 "El Dorado", "Island Observatory", "Stairs of Blood", "Sacrificial Chamber", "Pitfall", "Mine Shaft",
                 "Arc Portal Room"):
        assert room in comps.rooms
    for card in ("Tommy Gun", "Thompson Submachine Gun", "M1A1 Rifle", "Colt 1911", "Machete", "Bullwhip",
                 "Pump-Action Shotgun", "Healing Salve"):
        assert card in comps.cards
    from tombspec.model.secrets.rules.items import inventory
    assert set(inventory()[0]) <= set(comps.cards)                    # the sixteen Soul Monger Items
    for creature in ("Living Moai-Man", "Tomb's Eye", "Keeper of the Tomb", "Carnivorous Scarabs", "Rhaz Azul'ahamet"):
        assert creature in comps.creatures
    assert len(comps.adventurers) == 11 and "The Pharaoh with the Blue Eyes" in comps.scenarios


def test_text_the_model_cannot_act_on_is_listed_and_recorded_when_met() -> None:
    from secrets_helpers import op
    comps = load_components(shipped_sets()["core"])
    assert "tomb card: Shifting Stones" in comps.text_only
    rs, s = two()
    s = op(rs, s, 0, "text", text="Something the model cannot do.")
    assert any(e.name == "text-only" and e.subject == "Something the model cannot do." for e in s.effects)


def _doc() -> dict:
    return load_components(shipped_sets()["core"]).to_data()


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format=2), "format must be 1"),
    (lambda d: d["rooms"].append({"name": "X", "levels": [4], "doors": ["N"]}), "levels"),
    (lambda d: d["rooms"].append({"name": "El Dorado", "levels": [1], "doors": ["N"]}), "defined twice"),
    (lambda d: d["cards"].append({"name": "Sword", "deck": "item", "attribute": "strength"}), "neither 1 nor 2 hands"),
    (lambda d: d["tomb_cards"][0].update(effect=[{"kind": "teleport"}]), "effect kind 'teleport'"),
    (lambda d: d["rooms"][0].update(stairs="Nowhere"), "not a room of this set"),
    (lambda d: d.update(layout=[p for p in d["layout"] if p["room"] != "Mongol's Hall"]), "Mongol's Hall"),
    (lambda d: d["adventurers"][0].update(items=["Excalibur"]), "Excalibur"),
    (lambda d: d.update(colour="red"), "unknown key"),
])
def test_invalid_component_sets_name_the_problem(change, words) -> None:
    doc = _doc()
    change(doc)
    with pytest.raises(InvalidInput, match=words):
        components_from_data(doc)


def test_a_bad_file_names_file_and_line(tmp_path: Path) -> None:
    text = shipped_sets()["core"].read_text(encoding="utf-8").replace('name = "Bullwhip"\ndeck = "item"',
                                                                        'name = "Bullwhip"\ndeck = "weapons"')
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidInput) as err:
        load_components(path)
    assert err.value.source == str(path) and err.value.line is not None and "Bullwhip" in str(err.value)
    assert "deck" in err.value.problem
    path.write_text("format = 1\n[set\n", encoding="utf-8")
    with pytest.raises(InvalidInput) as err:
        load_components(path)
    assert err.value.line == 2


def test_the_ruleset_takes_a_set_by_name_path_or_data_and_describe_rebuilds_it() -> None:
    rs = Secrets(board="exercise")
    again = get_ruleset("secrets", **rs.describe())
    assert again.describe() == rs.describe() and again.components.name == "exercise"
    assert Secrets(board=shipped_sets()["exercise"]).components.name == "exercise"
    with pytest.raises(InvalidInput):
        Secrets(board="/no/such/file.toml")
    with pytest.raises(InvalidInput, match="no scenario"):
        Secrets(options={"scenario": "The Lost Sphinx"})


def test_every_effect_kind_is_documented() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "secrets-components.md").read_text(encoding="utf-8")
    for kind in OP_KINDS:
        assert f"`{kind}`" in doc, kind


# The Tomb as a graph ------------------------------------------------------------------------------------


def test_level_3_is_unreachable_for_creatures_without_stairs_or_ropes_but_not_for_bosses() -> None:
    rs, s = two()
    tomb = tomb_of(rs, s.rooms)
    assert not nx.has_path(tomb.creature_view, "Mongol's Hall", "Tomb's Entrance")
    assert nx.has_path(tomb.boss_view, "Mongol's Hall", "Tomb's Entrance")
    assert tomb.distances("boss", "Mongol's Hall")["Pharaoh's Hall"] == 1


def test_the_shortest_flight_to_the_entrance() -> None:
    rs, s = two()
    for name, x in (("Guardroom", 2), ("Hall of Serpents", 3)):
        s = place(s, name, 1, x, 0)
    tomb = tomb_of(rs, s.rooms)
    path = nx.shortest_path(tomb.adventurer_view, "Hall of Serpents", "Tomb's Entrance")
    assert path == ["Hall of Serpents", "Guardroom", "Quetzalcoatl's Hall", "Tomb's Entrance"]
    assert tomb.toward_entrance("Hall of Serpents") == ("Guardroom",)


def test_what_a_rope_opens() -> None:
    rs, s = two()
    s = place(s, "Mine Shaft", 2, 0, -1)
    before = tomb_of(rs, s.rooms)
    assert "Mongol's Hall" not in nx.descendants(before.adventurer_view, "Tomb's Entrance")
    roped = s.with_room("Mine Shaft", rope=True).with_room("Mongol's Hall", rope=True)
    after = tomb_of(rs, roped.rooms)
    opened = nx.descendants(after.adventurer_view, "Tomb's Entrance") - nx.descendants(before.adventurer_view, "Tomb's Entrance")
    assert opened == {"Mongol's Hall"}


def test_a_door_on_one_side_only_is_a_wall() -> None:
    rs, s = two()
    s = place(s, "Sunken Shrine", 1, 0, -1, 1)                 # turned: doors E and W, none toward the Entrance
    tomb = tomb_of(rs, s.rooms)
    assert "Sunken Shrine" not in tomb.successors("adventurer", "Tomb's Entrance")


def test_the_steps_a_mover_may_take_are_those_of_its_view() -> None:
    """``Tomb.successors`` reads the links from plain dicts: on every layout a few games reach, under the
    readings that change the creatures' links, each mover's steps are its networkx view's, in layout order."""
    import random

    from tombspec.model.play import playout
    from tombspec.model.secrets.board import MOVERS, tomb_of

    for options in ({}, {"adjacency_creatures": "creatures-too"}, {"level_3_creatures": "flying-only"}):
        rs = get_ruleset("secrets", options=options)
        for game in range(3):
            for _, _, s in playout(rs, random.Random(f"succ:{game}")):
                tomb = tomb_of(rs, s.rooms)
                for mover in MOVERS:
                    view = tomb.mover_view(mover)
                    for room in (*tomb.where, "Nowhere"):
                        expected = tuple(sorted(view.successors(room), key=tomb._order.__getitem__)) \
                            if room in view else ()
                        assert tomb.successors(mover, room) == expected, (mover, room)


def test_a_draw_samples_as_choose_over_the_cards_shares() -> None:
    """``DeckDraw.sample`` works in integers; it draws the very card ``chance.choose`` draws over the shares
    ``n / total`` (Fractions), with the same generator, for decks of every shape."""
    import random
    from fractions import Fraction

    from tombspec.model.chance import Deck, choose
    from tombspec.model.secrets.actions import Drawn
    from tombspec.model.secrets.rules.items import deck_draw

    shapes = [{"a": 1}, {"a": 2, "b": 2}, {"a": 3, "b": 6, "c": 9}, {"a": 1, "b": 2, "c": 3, "d": 4},
              {f"c{i}": (i % 4) + 1 for i in range(30)}, {"x": 4, "y": 6}]
    for counts in shapes:
        deck = Deck.of(counts)
        total = deck.total
        shares = [(Drawn(card), Fraction(n, total)) for card, n in deck.counts]
        for seed in range(50):
            assert deck_draw(deck).sample(random.Random(seed)) == choose(random.Random(seed), shares)
