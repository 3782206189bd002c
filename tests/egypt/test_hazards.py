"""Hazards: the traps Crack, Fire, Hidden Spike Button, Hidden Arrow Button and Strange Rumble."""

from __future__ import annotations

from tombspec.model.egypt import actions as A
from tombspec.model.egypt.rules.hazards import boulder_path

from .helpers import item_id, names, ruleset, situation

FLAT = ["_ _ _ _ _ _ _ _", "_ _ _H _ _ _ _ _"]


def step_onto(trap: str, rows=FLAT, items=None, to="4,1", at="3,1", extra=None, **options):
    rs = ruleset(rows, **options)
    piles = {to: [(trap, False)], **(extra or {})}
    s = situation(rs, [(at, items or ["Bomb"]), ("0,2", ["Bomb"])], piles)
    return rs, rs.step(s, A.Step(to))


def test_crack_drops_the_hero_through_the_floor_with_a_life_lost() -> None:
    rs, s = step_onto("Crack")
    assert "4,1/floor" in s.rubble and s.hero(0).space == "4,2" and s.hero(0).lives == 2 and not s.pile("4,1")


def test_crack_with_nowhere_to_fall_still_costs_a_life() -> None:
    rs, s = step_onto("Crack", to="5,4", at="6,4")     # the reinforced bottom floor holds
    assert s.hero(0).space == "5,4" and s.hero(0).lives == 2 and "5,4/floor" not in s.rubble


def test_crack_on_a_wall_destroys_the_whole_wall() -> None:
    rows = ["_ _ _ _ ? _ _ _", "_ _ _ _ # _ _ _"]
    rs = ruleset(rows)
    s = situation(rs, [("3,1", ["Bomb"]), ("0,2", ["Bomb"])], {"4,1": [("Crack", False)]})
    s = rs.step(s, A.Step("4,1"))
    assert "4,2/wall" in s.rubble and s.hero(0).space == "4,2" and s.hero(0).lives == 2


def test_fire_costs_a_life_unless_the_extinguisher_is_used() -> None:
    rs, s = step_onto("Fire")
    assert s.hero(0).lives == 2 and not s.pile("4,1")
    rs, s = step_onto("Fire", items=["Fire Extinguisher"])
    assert rs.pending(s).what == "fire"
    s = rs.step(s, A.Banish(item_id(s, 0, "Fire Extinguisher"), "4,1"))
    assert s.hero(0).lives == 3 and names(s.hero(0).items) == [] and not s.pile("4,1")
    rs, s = step_onto("Fire", items=["Fire Extinguisher"], extinguisher_consumed_by_fire="kept")
    assert s.hero(0).lives == 3 and names(s.hero(0).items) == ["Fire Extinguisher"]


def test_the_spike_button_reveals_every_spike_space_killing_heroes_and_monsters() -> None:
    rows = ["_ _ _s _ _ _s _s _", "_ _ _ _ _ _ _ _"]
    rs = ruleset(rows, players=3)
    s = situation(rs, [("3,1", ["Bomb"]), ("6,1", ["Bomb"]), ("0,2", ["Bomb"])],
                  {"4,1": [("Hidden Spike Button", False)], "2,1": [("Saber", False)], "5,1": [("Mummy", False)]})
    s = rs.step(s, A.Step("4,1"))
    assert s.hero(1).status == "dead" and s.pile("2,1")[0].face_up
    assert names(s.pile("5,1")) == [] and s.hero(0).status == "in"


def test_the_pharaoh_is_never_harmed_by_traps() -> None:
    rows = ["_ _ _s _ _ _ _ _", "_ _ _ _ _ _ _ _"]
    rs = ruleset(rows)
    s = situation(rs, [("3,1", ["Bomb"]), ("0,2", ["Bomb"])],
                  {"4,1": [("Hidden Spike Button", False)], "2,1": [("Pharaoh", False)]})
    s = rs.step(s, A.Step("4,1"))
    assert names(s.pile("2,1")) == ["Pharaoh"] and s.pile("2,1")[0].face_up and s.pharaoh_lives == 3


def test_the_rolling_boulder_path_and_its_victims() -> None:
    rows = ["_ _ _ _ _ _ _ _", "_ _ _ _ _ _ _ _"]
    rs = ruleset(rows, players=2)
    # the example boards' top floor is "_1 _H _ _H _ _H _ _2": the boulder rolls from 0,0 to 7,0
    s = situation(rs, [("6,0", ["Bomb"]), ("0,2", ["Bomb"])],
                  {"7,0": [("Strange Rumble", False)], "2,0": [("Mummy", False)], "4,0": [("Saber", False)]})
    assert boulder_path(rs, s) == [f"{x},0" for x in range(8)]
    s = rs.step(s, A.Step("7,0"))
    assert s.hero(0).status == "dead" and not s.pile("2,0") and s.pile("4,0")[0].face_up


def test_the_boulder_falls_where_there_is_no_floor_and_shatters_on_a_wall() -> None:
    from tombspec.model.egypt.rules.tomb import destroy

    rows = ["_ _ _ _ # _ _ _", "_ _ _ _ _ _ _ _"]
    rs = ruleset(rows)
    s = situation(rs, [("6,1", ["Bomb"]), ("0,2", ["Bomb"])], {})
    s = destroy(rs, s, "3,0", "floor")          # a hole in the top floor under 3,0
    assert boulder_path(rs, s) == ["0,0", "1,0", "2,0", "3,0", "3,1"]   # falls, then meets the wall on 4,1


def test_the_arrows_stop_at_the_first_token_or_shatter_on_a_wall() -> None:
    rows = ["_ #> _ _ _c _ # _", "_ _ _ _ _ _ _ _"]
    for reading, revealed in (("revealed-stop", True), ("nothing", False)):
        rs = ruleset(rows, arrows_chest=reading)
        s = situation(rs, [("1,2", ["Bomb"]), ("7,2", ["Bomb"])],
                      {"4,1": [("Saber", False)], "5,1": [("Axe", False)], "0,2": [("Hidden Arrow Button", False)]})
        s = rs.step(s, A.Step("0,2"))
        assert s.pile("4,1")[0].face_up is revealed and not s.pile("5,1")[0].face_up and s.hero(0).status == "in"


def test_a_trap_revealed_away_from_a_hero_stays_until_activated() -> None:
    rs = ruleset(FLAT)
    s = situation(rs, [("3,1", ["Flashlight"]), ("0,2", ["Bomb"])], {"6,1": [("Crack", False)]})
    s = rs.step(s, A.Peek(item_id(s, 0, "Flashlight"), "6,1"))
    assert s.pile("6,1")[0].face_up and not s.rubble


def test_fire_with_an_extinguisher_that_puts_it_out_by_itself() -> None:
    """egypt.ambiguity.extinguisher-consumed-by-fire, reading auto-discarded: 'If they're carrying a
    fire extinguisher, remove the fire token from the board' read as automatic, the extinguisher's
    one-use effect used up: nothing is asked, no life is lost, the extinguisher is discarded."""
    rs, s = step_onto("Fire", items=["Fire Extinguisher"], extinguisher_consumed_by_fire="auto-discarded")
    assert rs.pending(s).what == "turn" and s.window is None
    assert s.hero(0).lives == 3 and names(s.hero(0).items) == [] and not s.pile("4,1")
