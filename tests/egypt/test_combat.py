"""Combat with a Monster: items first, then the die; the pharaoh's lives; the three ways combat ends."""

from __future__ import annotations

import pytest

from tombspec.model.egypt import actions as A

from .helpers import item_id, names, refused, ruleset, situation, token_id

FLAT = ["_ _ _ _ _ _ _ _", "_ _ _H _ _ _ _ _"]


def fight(monster: str, items: list[str], *, other: list[str] | None = None, lives: int = 3, **options):
    """Hero 0 on 3,1 steps onto the revealed ``monster`` on 4,1: combat."""
    rs = ruleset(FLAT, **options)
    s = situation(rs, [("3,1", items), ("0,2", other or ["Bomb"])], {"4,1": [(monster, True)]})
    s = s.with_hero(0, lives=lives)
    s = rs.step(s, A.Step("4,1"))
    assert s.combat is not None
    return rs, s


def roll(rs, s, result: str):
    if rs.pending(s).what == "combat":
        s = rs.step(s, A.Roll())
    assert rs.pending(s).is_chance
    return rs.step(s, A.Die(result))


def test_attack_costs_the_hero_one_life_and_combat_goes_on() -> None:
    rs, s = fight("Mummy", ["Saber"])
    s = roll(rs, s, "Attack")
    assert s.hero(0).lives == 2 and s.combat is not None and rs.pending(s).what == "combat"


def test_melee_with_a_melee_weapon_destroys_the_monster() -> None:
    rs, s = fight("Mummy", ["Saber"])
    s = roll(rs, s, "Melee")
    assert s.combat is None and not s.pile("4,1")


def test_melee_or_melee_ranged_without_a_weapon_rolls_again() -> None:
    for result in ("Melee", "Melee/Ranged"):
        rs, s = fight("Mummy", ["Bomb"])
        s = roll(rs, s, result)
        assert rs.pending(s).is_chance and s.roll == "combat"


def test_melee_with_only_a_ranged_weapon_does_nothing_then_continues() -> None:
    rs, s = fight("Mummy", ["Shotgun"])
    s = roll(rs, s, "Melee")
    assert rs.pending(s).what == "combat" and s.pile("4,1")
    rs, s = fight("Mummy", ["Shotgun"], melee_with_ranged_only="reroll-immediately")
    assert rs.pending(roll(rs, s, "Melee")).is_chance


def test_melee_ranged_with_any_weapon_hits() -> None:
    rs, s = fight("Mummy", ["Shotgun"])
    assert roll(rs, s, "Melee/Ranged").combat is None


def test_the_golem_rerolls_melee_even_against_a_melee_weapon() -> None:
    rs, s = fight("Golem", ["Saber"])
    s = roll(rs, s, "Melee")
    assert rs.pending(s).is_chance and s.pile("4,1")


def test_the_king_cobra_bite_costs_three_lives() -> None:
    rs, s = fight("King Cobra", ["Saber"])
    s = roll(rs, s, "Attack")
    assert s.hero(0).status == "dead" and s.combat is None


def test_the_pharaoh_loses_three_lives_across_combats() -> None:
    rs, s = fight("Pharaoh", ["Saber"])
    s = roll(rs, s, "Melee")
    assert s.pharaoh_lives == 2 and s.combat is not None
    s = roll(rs, s, "Melee")
    assert s.pharaoh_lives == 1
    s = roll(rs, s, "3")                      # the hero retreats: the pharaoh keeps his last life
    assert s.combat is None and s.retreat is not None and s.pile("4,1")[-1].name == "Pharaoh"


def test_retreat_on_a_2_or_3_leaves_the_monster_face_up() -> None:
    rs, s = fight("Mummy", ["Bomb"])
    s = roll(rs, s, "2")
    assert s.retreat is not None and s.retreat.left == 2 and rs.pending(s).what == "retreat"
    assert refused(rs, s, A.StopRetreat()) == "egypt.ambiguity.retreat-zero"
    s = rs.step(s, A.Step("5,1"))
    s = rs.step(s, A.StopRetreat())
    assert s.hero(0).space == "5,1" and s.pile("4,1")[-1].face_up and s.turn.seat == 1


def test_invalid_roll_outside_combat() -> None:
    rs = ruleset(FLAT)
    s = situation(rs, [("3,1", ["Bomb"]), ("0,2", ["Bomb"])], {})
    assert refused(rs, s, A.Roll()) == "egypt.combat.roll"


def test_the_hero_dies_and_their_tokens_lie_face_down_under_the_monster() -> None:
    rs, s = fight("Mummy", ["Saber", "apple"], lives=1)
    s = roll(rs, s, "Attack")
    pile = s.pile("4,1")
    assert s.hero(0).status == "dead" and names(pile) == ["Saber", "apple", "Mummy"]
    assert [t.face_up for t in pile] == [False, False, True] and s.combat is None


def test_the_fire_genie_burns_a_hero_who_fails_to_destroy_it() -> None:
    rs, s = fight("Fire Genie", ["Saber"])
    s = roll(rs, s, "2")
    assert s.hero(0).lives == 2
    rs, s = fight("Fire Genie", ["Saber", "Fire Extinguisher"])
    s = rs.step(s, A.Banish(item_id(s, 0, "Fire Extinguisher"), "4,1"))
    assert s.combat is None and not s.pile("4,1") and s.hero(0).lives == 3


def test_a_crossed_out_type_destroys_its_monster_by_discarding_the_item() -> None:
    rs, s = fight("Mummy", ["Flamethrower"])
    s = rs.step(s, A.Banish(item_id(s, 0, "Flamethrower"), "4,1"))
    assert s.combat is None and not s.pile("4,1") and names(s.hero(0).items) == []
    rs, s = fight("Ghost", ["Flamethrower", "Flashlight"])
    legal = rs.legal_actions(s)
    assert A.Banish(item_id(s, 0, "Flashlight"), "4,1") in legal
    assert A.Banish(item_id(s, 0, "Flamethrower"), "4,1") not in legal


def test_the_bomb_in_combat_takes_one_life_even_from_the_pharaoh() -> None:
    rs, s = fight("Pharaoh", ["Bomb"])
    s = rs.step(s, A.Bomb(item_id(s, 0, "Bomb"), "4,1", None, None))
    assert s.pharaoh_lives == 2 and s.combat is not None
    rs, s = fight("Pharaoh", ["Bomb"], pharaoh_non_weapon_harm="weapons-only")
    s = rs.step(s, A.Bomb(item_id(s, 0, "Bomb"), "4,1", None, None))
    assert s.pharaoh_lives == 3


def test_the_roller_skates_escape_combat() -> None:
    rs, s = fight("Mummy", ["roller skates"])
    s = rs.step(s, A.Skates(item_id(s, 0, "roller skates")))
    assert s.combat is None and s.retreat is not None and s.retreat.left == 2
    rs, s = fight("Mummy", ["roller skates"], roller_skates="not-in-game")
    assert not any(isinstance(a, A.Skates) for a in rs.legal_actions(s))


def test_the_portal_gun_teleports_the_monster_instead_of_retreating() -> None:
    rs, s = fight("Mummy", ["Portal Gun"])
    s = roll(rs, s, "2")
    assert rs.pending(s).what == "combat-result"
    legal = rs.legal_actions(s)
    gun = item_id(s, 0, "Portal Gun")
    assert A.Retreat() in legal and A.PortalGun(gun, "right") in legal
    s = rs.step(s, A.PortalGun(gun, "right"))
    assert s.combat is None and s.pile("6,1")[-1].name == "Mummy" and s.hero(0).space == "4,1"


def test_a_vest_saves_one_life_once_per_turn() -> None:
    rs, s = fight("Mummy", ["Bulletproof Vest"])
    s = roll(rs, s, "Attack")
    assert rs.pending(s).what == "vest"
    vest = item_id(s, 0, "Bulletproof Vest")
    s = rs.step(s, A.UseVest(vest))
    assert s.hero(0).lives == 3
    s = roll(rs, s, "Attack")
    assert s.hero(0).lives == 2 and rs.pending(s).what == "combat"     # used this window


@pytest.mark.parametrize("reading, lives", [("one-of-three", 1), ("all", 3)])
def test_the_vest_against_the_cobra(reading: str, lives: int) -> None:
    rs, s = fight("King Cobra", ["Bulletproof Vest"], cobra_vest=reading)
    s = roll(rs, s, "Attack")
    s = rs.step(s, A.UseVest(item_id(s, 0, "Bulletproof Vest")))
    assert s.hero(0).lives == lives


def test_the_crystal_saves_a_hero_about_to_die() -> None:
    rs, s = fight("Mummy", ["Pharaoh's Crystal"], lives=1)
    s = roll(rs, s, "Attack")
    assert rs.pending(s).what == "crystal"
    s = rs.step(s, A.Crystal(item_id(s, 0, "Pharaoh's Crystal")))
    assert s.hero(0).status == "in" and s.hero(0).lives == 1 and s.crystal_used
    rs, s = fight("Mummy", ["Pharaoh's Crystal"], lives=1, crystal_save_dying="others-only")
    assert roll(rs, s, "Attack").hero(0).status == "dead"


def test_several_heroes_on_the_space_fight_the_monster_one_after_another() -> None:
    rs = ruleset(FLAT, players=3)
    s = situation(rs, [("2,2", ["Saber"]), ("2,2", ["Bomb"]), ("0,2", [])], {"2,1": [("Mummy", True)]},
                  seat=2, kind="monster")
    s = s.with_hero(2, status="dead", space=None, lives=0, items=())
    s = rs.step(s, A.MoveMonster(token_id(s, "2,1", "Mummy")), 2)
    s = rs.step(s, A.MonsterStep("2,2"), 2)    # down the ladder onto the two heroes
    assert s.combat is not None and s.combat.hero == 0 and s.combat.queue == (1,)
    s = rs.step(s, A.Roll(), 0)
    s = rs.step(s, A.Die("2"), None)
    s = rs.step(s, A.Step("3,2"), 0)
    s = rs.step(s, A.StopRetreat(), 0)
    assert s.combat is not None and s.combat.hero == 1 and rs.pending(s).player == 1
