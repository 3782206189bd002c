"""Rooms and Exploring: drawing tiles of the explorer's level, sealed levels, Doors to Nowhere, the effects
of a new tile in order, Story cards, traps, ropes, the Mineshaft, the Arc Portal, Artifact Rooms."""

from __future__ import annotations

from secrets_helpers import faces, place, play, queue, refused, ruleset, two

from tombspec.model.secrets.actions import (Climb, Drawn, Explore, Fall, Move, PlaceRope, RoomAction, SearchArtifact, Step, Stop, Teleport)
from tombspec.model.secrets.board import tomb_of
from tombspec.model.secrets.state import Task


def explore_from_hall(rs, s):
    """Christopher walks to Quetzalcoatl's Hall and explores the vacant space east of it."""
    return play(rs, s, Move(), Step("Quetzalcoatl's Hall"), Explore(2, 0))


def turn_if_asked(rs, s):
    while rs.pending(s).what == "turn the Room tile":
        s = play(rs, s, rs.legal_actions(s)[0])
    return s


def test_exploring_draws_until_a_tile_of_the_level_and_discards_the_others() -> None:
    rs, s = two()
    s = explore_from_hall(rs, s)
    s = play(rs, s, Drawn("Bone Pit"), Drawn("Abyssal Vault"), Drawn("Guardroom"))
    s = turn_if_asked(rs, s)
    assert s.room("Guardroom") is not None and s.adventurer(0).room == "Guardroom"
    assert {c for c, _ in s.tiles.discard.counts} == {"Bone Pit", "Abyssal Vault"}
    assert s.current == 1                                           # exploring ended the move and the turn


def test_the_explored_tile_is_turned_so_a_door_faces_the_door_walked_through() -> None:
    rs, s = two()
    s = explore_from_hall(rs, s)
    s = play(rs, s, Drawn("Treasury of Kings"))                    # doors S and W
    options = rs.legal_actions(s)
    assert {a.rotation for a in options} == {0, 1}                 # W toward the Hall, or S turned to W
    s = play(rs, s, options[0])
    assert "W" in tomb_of(rs, s.rooms).doors("Treasury of Kings")


def test_invalid_explore_through_a_wall() -> None:
    rs, s = two()
    s = play(rs, s, Move(), Step("Quetzalcoatl's Hall"))
    assert refused(rs, s, Explore(1, 1)) == "secrets.adventurer-phase.explore"


def _sealing_set():
    from tombspec.checks.games.secrets.examples import core_data
    from tombspec.model.secrets.components import components_from_data
    data = core_data()
    rooms = [dict(r, doors=["E"]) if r["name"] == "Mongol's Hall" else r for r in data["rooms"]
             if r["name"] in {"Tomb's Entrance", "Quetzalcoatl's Hall", "Quetzalcoatl's Descent", "Pharaoh's Hall",
                              "Mongol's Hall"} or 3 not in r["levels"]]
    rooms += [{"name": "Dead End", "levels": [3], "doors": ["W"]}, {"name": "Long Corridor", "levels": [3], "doors": ["W", "E"]}]
    data["rooms"] = rooms
    return components_from_data(data)


def test_a_tile_that_would_seal_the_level_is_discarded() -> None:
    """On a Level 3 whose only open door is the Mongol's Hall's, a tile with no other door would seal it."""
    rs = ruleset(2, board=_sealing_set(), companions_adjust=-5)
    from tombspec.checks.games.secrets.examples import ready
    s = ready(rs, ["Christopher St. George", "James T. Temple"]).with_adventurer(0, room="Mongol's Hall")
    s = play(rs, s, Move(), Explore(1, 0), Drawn("Dead End"))
    assert s.room("Dead End") is None and s.tiles.discard.count("Dead End") == 1
    s = turn_if_asked(rs, play(rs, s, Drawn("Long Corridor")))
    assert s.room("Long Corridor") is not None and s.adventurer(0).room == "Long Corridor"


def test_a_sealing_tile_is_placed_anyway_only_when_no_remaining_tile_avoids_sealing() -> None:
    """secrets.ambiguity.explore-sealed-level = no-open-door-then-place: 'if no remaining tile avoids
    sealing, the last drawn tile is placed anyway'; while the Long Corridor (which does not seal) is
    left, the Dead End is still discarded (it was once placed whenever it was drawn)."""
    import attrs
    from tombspec.model.secrets.state import Piles

    rs = ruleset(2, board=_sealing_set(), companions_adjust=-5, sealed_level="no-open-door-then-place")
    from tombspec.checks.games.secrets.examples import ready
    s = ready(rs, ["Christopher St. George", "James T. Temple"]).with_adventurer(0, room="Mongol's Hall")
    drawn = play(rs, s, Move(), Explore(1, 0), Drawn("Dead End"))
    assert drawn.room("Dead End") is None and drawn.tiles.discard.count("Dead End") == 1
    # with the Long Corridor gone from the stack, no remaining tile avoids sealing: the Dead End is placed
    alone = attrs.evolve(s, tiles=Piles(s.tiles.deck.remove("Long Corridor"), s.tiles.discard))
    placed = turn_if_asked(rs, play(rs, alone, Move(), Explore(1, 0), Drawn("Dead End")))
    assert placed.room("Dead End") is not None and placed.adventurer(0).room == "Dead End"


def test_door_to_nowhere_when_the_level_has_no_tile_left() -> None:
    import attrs
    from tombspec.model.chance import Deck
    from tombspec.model.secrets.state import Piles
    rs, s = two()
    stack = s.tiles.deck
    s = attrs.evolve(s, tiles=Piles(Deck.of({n: c for n, c in stack.counts if 1 not in rs.components.rooms[n].levels})))
    health = s.adventurer(0).health
    s = explore_from_hall(rs, s)
    assert s.adventurer(0).room == "Mongol's Hall" and s.adventurer(0).health == health - 4
    assert any(e.name == "door-to-nowhere" and e.value == 1 for e in s.effects)


def test_voluntary_fall_through_an_open_door_after_a_door_to_nowhere() -> None:
    import attrs
    from tombspec.model.effects import GAME, Effect, add
    rs, s = two()
    s = attrs.evolve(s, effects=add(s.effects, Effect("door-to-nowhere", "secrets.explore.door-to-nowhere",
                                                      until=GAME, value=1)))
    s = play(rs, s, Move(), Step("Quetzalcoatl's Hall"))
    assert Fall(2, 0) in rs.legal_actions(s)
    health = s.adventurer(0).health
    s = play(rs, s, Fall(2, 0))
    assert s.adventurer(0).room == "Mongol's Hall" and s.adventurer(0).health == health - 4


def test_effects_of_a_new_tile_in_order_exploration_trap_scenario_story() -> None:
    rs, s = two()
    s = play(rs, s, Move(), Explore(0, -1), Drawn("El Dorado"))
    s = turn_if_asked(rs, s)
    kinds = [t.kind for t in s.agenda]
    assert rs.pending(s).what == "items deck"                        # the Exploration Effect first
    assert kinds.index("story") > 0
    rs2 = ruleset(2, effect_order="scenario-first", companions_adjust=-5)
    assert rs2.options.effect_order == "scenario-first"


def test_a_trap_triggers_on_exploring_and_on_every_later_entry_losing_a_token() -> None:
    rs, s = two()
    s = s.with_adventurer(0, room="Pharaoh's Hall")
    s = play(rs, s, Move(), Explore(1, 0), Drawn("Collapsed Corridor"))
    s = turn_if_asked(rs, s)
    assert s.room("Collapsed Corridor").traps == 0                   # 1 placed, 1 removed when triggered
    hurt = rs.components.adventurers["Christopher St. George"].health - s.adventurer(0).health
    assert hurt == 1


def test_an_infinite_trap_never_runs_out() -> None:
    rs, s = two()
    s = place(s, "Spider Nest", 2, 1, 0, 3).with_room("Spider Nest", traps=1)      # doors W and N
    s = s.with_adventurer(0, room="Pharaoh's Hall")
    health = s.adventurer(0).health
    s = play(rs, s, Move(), Step("Spider Nest"), Step("Pharaoh's Hall"), Step("Spider Nest"), Stop())
    assert s.adventurer(0).health == health - 2 and s.room("Spider Nest").traps == 1


def test_a_story_card_resolves_the_side_of_the_rooms_symbol() -> None:
    rs, s = two()
    s = s.with_adventurer(0, audacity=0)
    s = queue(rs, s, Task("story", 0, rule="test", target="misadventure"))
    s = play(rs, s, Drawn("The Weeping Wall"))
    assert s.head.kind == "check" and s.head.target == "strength" and s.head.n == 2


def test_story_effects_only_trigger_when_exploring() -> None:
    rs, s = two()
    s = place(s, "El Dorado", 1, 0, -1)
    s = play(rs, s, Move(), Step("El Dorado"), Stop())
    assert s.story.discard.total == 0


def test_a_rope_connects_a_level_2_rope_room_to_the_mongols_hall() -> None:
    rs, s = two()
    s = place(s, "Pitfall", 2, 1, 0).with_adventurer(0, room="Pitfall", ropes=1)
    assert "Mongol's Hall" not in tomb_of(rs, s.rooms).successors("adventurer", "Pitfall")
    s = play(rs, s, PlaceRope())
    tomb = tomb_of(rs, s.rooms)
    assert s.room("Pitfall").rope and s.room("Mongol's Hall").rope and s.adventurer(0).ropes == 0
    assert "Mongol's Hall" in tomb.successors("adventurer", "Pitfall")
    assert "Pitfall" not in tomb.successors("creature", "Mongol's Hall")          # creatures cannot use ropes
    assert "Pitfall" in tomb.successors("flying", "Mongol's Hall")


def test_invalid_rope_on_level_1() -> None:
    rs, s = two()
    s = s.with_adventurer(0, ropes=1)
    assert refused(rs, s, PlaceRope()) == "secrets.rooms.rope-levels"


def test_climbing_down_the_mineshaft_without_a_rope() -> None:
    rs, s = two()
    s = place(s, "Mine Shaft", 2, 0, -1).with_adventurer(0, room="Mine Shaft", audacity=0)
    assert Climb() in rs.legal_actions(s)
    s = play(rs, s, Climb(), faces(5, 5, 1, 1, 1))
    assert s.adventurer(0).room == "Mongol's Hall"
    assert Climb() not in rs.legal_actions(s.with_seat(0, tokens=1).with_adventurer(0, room="Mongol's Hall"))


def test_the_arc_portal_moves_to_any_explored_room() -> None:
    rs, s = two()
    s = place(s, "Arc Portal Room", 1, -1, 0, 1).with_adventurer(0, room="Arc Portal Room")
    assert Teleport("Mongol's Hall") in rs.legal_actions(s)
    s = play(rs, s, Teleport("Mongol's Hall"))
    assert s.adventurer(0).room == "Mongol's Hall"


def test_an_artifact_room_once_per_adventurer_and_without_audacity() -> None:
    rs, s = two()
    s = place(s, "Sunken Shrine", 1, 0, -1).with_adventurer(0, room="Sunken Shrine")
    s = play(rs, s, SearchArtifact())
    assert rs.pending(s).is_chance                                   # no Audacity decision first
    s = play(rs, s, faces(5, 6))
    assert s.adventurer(0).held("Crystal Skull")
    s = s.with_seat(0, tokens=1)
    assert SearchArtifact() not in rs.legal_actions(s)


def test_a_rooms_action_effect_is_an_action() -> None:
    rs, s = two()
    s = place(s, "Chamber of Echoes", 1, 0, -1).with_adventurer(0, room="Chamber of Echoes", audacity=0)
    s = play(rs, s, RoomAction())
    assert s.head.kind == "check" and s.head.target == "mythos"
