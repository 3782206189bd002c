"""Combat: evading in the Tomb Phase, Courage lost once per creature, the dice pool and the outnumber bonus,
damage and criticals, critical failures, rewards, area combat, adventurer versus adventurer."""

from __future__ import annotations

import pytest
from secrets_helpers import creature, faces, give, op, play, queue, refused, two

from tombspec.model.secrets.actions import Accept, Evade, Fight, Retreat, Roll, Stand, Wield
from tombspec.model.secrets.rules.combat import compute_damage_dealt, compute_damage_taken, compute_outnumber
from tombspec.model.secrets.state import Task


@pytest.mark.parametrize("rating, successes, crits, armor, taken", [(3, 3, 2, 0, 0), (4, 1, 0, 1, 2), (5, 0, 0, 0, 5)])
def test_damage_taken_is_the_combat_ratings_excess_over_the_final_defense(rating, successes, crits, armor, taken) -> None:
    assert compute_damage_taken(rating, successes, crits, armor) == taken


@pytest.mark.parametrize("successes, crits, armor, dealt", [(3, 2, 2, 3), (1, 0, 2, 0), (0, 2, 5, 2)])
def test_armor_blocks_successes_never_criticals(successes, crits, armor, dealt) -> None:
    assert compute_damage_dealt(successes, crits, armor) == dealt


@pytest.mark.parametrize("adventurers, creatures, bonus", [(3, 2, 1), (2, 2, 0), (1, 3, 0), (9, 1, 4)])
def test_outnumber_bonus_up_to_4(adventurers, creatures, bonus) -> None:
    assert compute_outnumber(adventurers, creatures) == bonus


def fight(rs, s, key, weapons=(), armor=()):
    return play(rs, s, Fight(key), Wield(tuple(weapons), tuple(armor), False))


def roll(s, *shown):
    """The pool pending, showing ``shown`` and 1s on the other dice."""
    return faces(*shown, *([1] * (s.head.m - len(shown))))


def test_a_creature_makes_an_adventurer_lose_courage_only_the_first_time() -> None:
    rs, s = two()
    s, key = creature(rs, s, "Living Moai-Man", "Tomb's Entrance")
    courage = s.adventurer(0).courage
    temple = s.adventurer(1).courage
    s = fight(rs, s, key)                                               # seat 0
    s = play(rs, s, Roll(), roll(s), Accept())
    assert s.adventurer(0).courage == courage - 2
    s = fight(rs, s, key)                                               # seat 1: its own first combat
    s = play(rs, s, Roll(), roll(s), Accept())
    assert s.adventurer(1).courage == temple - 2
    s = fight(rs, s, key)                                               # seat 0 again: no more Courage lost
    s = play(rs, s, Roll(), roll(s), Accept())
    assert s.adventurer(0).courage == courage - 2


def test_fisticuffs_use_strength() -> None:
    rs, s = two()
    s, key = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    s = play(rs, s, Fight(key))
    assert Wield((), (), False) in rs.legal_actions(s)
    s = play(rs, s, Wield((), (), False))
    assert s.head.m == 4 + 1                                             # Strength 4, outnumber 2 against 1


def test_invalid_two_weapons_of_different_checked_attributes() -> None:
    rs, s = two()
    s = give(rs, s, 0, "Machete", "Bullwhip")
    s, key = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    s = play(rs, s, Fight(key))
    assert refused(rs, s, Wield(("Machete", "Bullwhip"), (), False)) == "secrets.combat.two-weapons-same-attribute"


def test_no_outnumber_bonus_in_the_tomb_phase_and_evasion_only_there() -> None:
    rs, s = two()
    s, key = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    s = queue(rs, s, Task("combat", 0, rule="test", target=key, flags=("tomb",)))
    assert rs.pending(s).what == "evade?"
    s = play(rs, s, Stand(), Wield((), (), False))
    assert s.head.m == 4                                                 # Strength 4, no outnumber bonus
    rs2, s2 = two()
    s2, key2 = creature(rs2, s2, "Skeleton Guard", "Tomb's Entrance")
    assert rs2.pending(play(rs2, s2, Fight(key2))).what == "choose weapons and armor"   # no evasion step


def test_tomb_phase_evasion_loses_courage_then_moves_away() -> None:
    rs, s = two()
    s, key = creature(rs, s, "Stone Golem", "Tomb's Entrance")
    s = s.with_adventurer(0, audacity=0)
    courage = s.adventurer(0).courage
    s = queue(rs, s, Task("combat", 0, rule="test", target=key, flags=("tomb",)))
    s = play(rs, s, Evade())
    assert s.adventurer(0).courage == courage - 2
    s = play(rs, s, faces(5, 6, 1, 1, 1))                              # Evasion 2: passed
    assert rs.pending(s).what == "where to evade"
    s = play(rs, s, Retreat("Quetzalcoatl's Hall"))
    assert s.combat is None and s.adventurer(0).room == "Quetzalcoatl's Hall"


def test_an_evade_past_the_combats_first_step_names_what_forbids_it() -> None:
    """Issue 28's second refusal audit: an Evade sent at the weapons named the weapon limit; it names the rule
    that forbids evading there: in the Adventurer Phase 'Attempt to Evade (Tomb Phase Only)' (the reading of
    secrets.ambiguity.combat-phase-differences), with every adjacent room holding creatures
    secrets.combat.evade-blocked, for a fleeing adventurer secrets.adventurers.flee-no-evade, and once the
    adventurer stood 'If you wish to evade a creature before combat begins'."""
    from tombspec.model.secrets.rules.combat import retreat_rooms
    rs, s = two()
    s, key = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    here = play(rs, s, Fight(key))
    assert refused(rs, here, Evade()) == "secrets.ambiguity.combat-phase-differences"
    tomb = queue(rs, s, Task("combat", 0, rule="test", target=key, flags=("tomb",)))
    stood = play(rs, tomb, Stand())
    assert rs.pending(stood).what == "choose weapons and armor"
    assert refused(rs, stood, Evade()) == "secrets.combat.evade-check"
    blocked = s
    for room in retreat_rooms(rs, tomb, 0):
        blocked, _ = creature(rs, blocked, "Living Moai-Man", room)
    blocked = queue(rs, blocked, Task("combat", 0, rule="test", target=key, flags=("tomb",)))
    assert rs.pending(blocked).what == "choose weapons and armor"          # no evasion step
    assert refused(rs, blocked, Evade()) == "secrets.combat.evade-blocked"
    fleeing = queue(rs, s.with_adventurer(0, fleeing=True), Task("combat", 0, rule="test", target=key, flags=("tomb",)))
    assert rs.pending(fleeing).what == "choose weapons and armor"
    assert refused(rs, fleeing, Evade()) == "secrets.adventurers.flee-no-evade"
    assert refused(rs, fleeing, Stand()) == "secrets.combat.weapon-limit"   # any other kind: the point's rule


def test_critical_failures_trigger_the_creatures_ability_only_when_it_dealt_damage() -> None:
    rs, s = two()
    s, key = creature(rs, s, "Keeper of the Tomb", "Tomb's Entrance")       # critical: 1 more damage
    s = s.with_adventurer(0, audacity=0)
    health = s.adventurer(0).health
    f = fight(rs, s, key)
    hurt = play(rs, f, roll(f, 2, 2))                                      # no success: 2 damage, and 1s
    assert hurt.adventurer(0).health == health - 2 - 1
    safe = play(rs, f, roll(f, 5, 5))                                      # 2 successes: no damage, no trigger
    assert safe.adventurer(0).health == health


def test_a_kill_gives_soul_shards_to_the_killer_one_to_each_other_and_half_the_courage_attack() -> None:
    rs, s = two()
    s, key = creature(rs, s, "Skeleton Guard", "Tomb's Entrance", damage=2)   # Health 3
    s = s.with_adventurer(0, audacity=0, courage=-3).with_adventurer(1, courage=-3)
    f = fight(rs, s, key)
    s = play(rs, f, roll(f, 5, 5))
    assert s.creature(key) is None
    assert s.adventurer(0).shards == 2 and s.adventurer(1).shards == 1
    assert s.adventurer(0).courage == -3 - 1 + 1 and s.adventurer(1).courage == -3 + 1   # -1 attack, +ceil(1/2)
    assert s.base.discard.count("Skeleton Guard") == 1


def test_area_combat_fights_every_creature_in_the_room_one_check_each() -> None:
    rs, s = two()
    s, a = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    s, b = creature(rs, s, "Keeper of the Tomb", "Tomb's Entrance")
    s = s.with_adventurer(0, audacity=0)
    s = play(rs, s, Fight(a))
    assert Wield(("Thompson Submachine Gun",), (), True) in rs.legal_actions(s)
    s = play(rs, s, Wield(("Thompson Submachine Gun",), (), True))
    assert s.head.m == 5 + 2 + 0                                           # Dexterity 5 + Multi-Combat +2, 2 against 2
    s = play(rs, s, roll(s, 6, 6, 6))
    assert s.creature(a) is None and s.combat is not None and s.combat.foe == b
    s = play(rs, s, roll(s, 6, 6, 6))
    assert s.creature(b) is None


def test_adventurer_versus_adventurer_only_when_a_traitor() -> None:
    rs, s = two()
    assert Fight("s1") not in rs.legal_actions(s)
    s = s.with_adventurer(0, status=("Fully Infected",))
    assert Fight("s1") in rs.legal_actions(s)
    rs2, s2 = two(combat_target="any-target")
    assert Fight("s1") in rs2.legal_actions(s2)


def test_full_auto_and_harm_effects_are_not_combat_but_kills_reward() -> None:
    rs, s = two()
    s, key = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    s = op(rs, s, 0, "harm-creatures", amount=5, flags=("ignore-armor",))
    assert s.creature(key) is None and s.adventurer(0).shards == 2 and s.combat is None


@pytest.mark.parametrize("reading, dealt", [("armor-cancels", 1), ("full-damage", 2)])
def test_effect_damage_outside_combat_and_armor_under_each_reading(reading: str, dealt: int) -> None:
    # secrets.ambiguity.effect-damage-armor (tests/cases/secrets/s48): 'Armor: The maximum non-critical damage it
    # can cancel'; Full Auto deals its 5 'ignoring armor'. A harm effect without those words (Chang Li Tao's
    # Dragon Strike: 2) against a Skeleton Guard (Armor 1) and a Keeper of the Tomb (Armor 0).
    rs, s = two(effect_damage_armor=reading)
    s, guard = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    s, keeper = creature(rs, s, "Keeper of the Tomb", "Tomb's Entrance")
    s = op(rs, s, 0, "harm-creatures", amount=2)
    assert s.creature(guard).damage == dealt and s.creature(keeper).damage == 2


# Issue 28's refusal audit: a refused choice of weapons names the rule that forbids it


def test_refused_weapons_name_why() -> None:
    from tombspec.model.secrets.actions import Fight
    rs, s = two()
    s = give(rs, s, 0, "Lantern", "Dynamite")
    s, key = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    at = play(rs, s, Fight(key))
    # one creature: 'the adventurer engages multiple targets in one combat'
    assert refused(rs, at, Wield(("Thompson Submachine Gun",), (), True)) == "secrets.combat.area-combat"
    # 'Weapons are items that allow you to make non-hand-to-hand combat checks': the Lantern is none
    assert refused(rs, at, Wield(("Lantern",), (), False)) == "secrets.weapons.definition"
    tired = play(rs, give(rs, s, 0, "Pump-Action Shotgun", exhausted=True), Fight(key))
    assert refused(rs, tired, Wield(("Pump-Action Shotgun",), (), False)) == "secrets.ambiguity.items-exhausted-reuse"
    assert refused(rs, at, Wield(("Crowbar",), (), False)) == "secrets.combat.weapon-limit"      # not held
    assert Wield(("Dynamite",), (), False) in rs.legal_actions(at)


def test_a_ranged_combat_without_a_dexterity_weapon_names_the_reading() -> None:
    from tombspec.model.secrets.actions import Fight
    rs, s = two(other_room="ranged-weapons")
    s = give(rs, s, 0, "Machete")
    s, key = creature(rs, s, "Skeleton Guard", "Quetzalcoatl's Hall")
    s = play(rs, s, Fight(key))
    assert Wield(("Thompson Submachine Gun",), (), False) in rs.legal_actions(s)
    assert refused(rs, s, Wield(("Machete",), (), False)) == "secrets.ambiguity.combat-other-room"


def test_a_knowledge_weapon_combat_is_a_knowledge_check_forrestal_succeeds_on_4s() -> None:
    """'Knowledge ... affects Knowledge checks, which include the use of Knowledge weapons'; Professor
    Forestall 'passes Knowledge rolls on a 4, 5, or 6': his 4s succeed in combat with a Knowledge weapon
    (tests/cases/secrets/c28), not with his fists (a Strength check)."""
    from secrets_helpers import ready, ruleset
    rs = ruleset(2, companions_adjust=-5)
    s = ready(rs, ["Prof. Forrestal", "James T. Temple"])
    s = give(rs, s, 0, "Dynamite")
    s = s.with_adventurer(0, audacity=0)
    s, key = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    knowledge = play(rs, s, Fight(key), Wield(("Dynamite",), (), False))
    assert knowledge.head.m == 6 + 1 + 3 + 1        # Knowledge 6 (+1 Lantern), Dynamite +3, outnumber 2 to 1
    health = knowledge.adventurer(0).health
    knowledge = play(rs, knowledge, faces(4, 4, 4, *([2] * (knowledge.head.m - 3))))   # defense 3 against Combat 2
    assert knowledge.adventurer(0).health == health
    assert knowledge.creature(key).damage == 3 - 1                         # 3 successes less Armor 1
    fists = play(rs, s, Fight(key), Wield((), (), False))
    fists = play(rs, fists, faces(*([4] * fists.head.m)))                # 4s do not succeed on a Strength check
    assert fists.adventurer(0).health == health - 2
    assert fists.creature(key).damage == 0


def test_the_killing_blow_of_a_dead_adventurer_does_not_reward_its_replacement() -> None:
    """'The adventurer who dealt the killing blow gains the Soul Shards shown on the Creature card': when
    the same roll kills the adventurer (secrets.ambiguity.combat-simultaneous-damage=simultaneous), the new
    adventurer chosen in its seat on the Tomb's Entrance dealt no blow and gains nothing
    (tests/cases/secrets/c34)."""
    from tombspec.model.secrets.actions import Choose
    rs, s = two()
    room = "Quetzalcoatl's Hall"
    s = s.with_adventurer(0, room=room, health=1, audacity=0)
    s, key = creature(rs, s, "Skeleton Guard", room, damage=2)
    s = play(rs, s, Fight(key), Wield((), (), False), faces(1, 2, 2, 6))  # Strength 4: takes 1, deals 1
    assert rs.pending(s).what == "choose a new adventurer"
    s = play(rs, s, Choose("Heidi DuPont"))
    assert s.creature(key) is None                                       # the blow still killed it
    heidi = s.adventurer(0)
    assert heidi.name == "Heidi DuPont" and heidi.shards == 0 and heidi.courage == heidi.start_courage


def test_a_dead_adventurers_critical_failure_does_not_strike_its_replacement() -> None:
    """The creature's critical-failure ability answers the dead adventurer's 1s, not the replacement's."""
    from tombspec.model.secrets.actions import Choose
    rs, s = two()
    room = "Quetzalcoatl's Hall"
    s = s.with_adventurer(0, room=room, health=1, audacity=0)
    s, key = creature(rs, s, "Keeper of the Tomb", room)                 # critical failure: 1 damage
    s = play(rs, s, Fight(key), Wield((), (), False), faces(1, 1, 2, 2))  # takes 2 and dies; 1s rolled
    s = play(rs, s, Choose("Heidi DuPont"))
    assert s.adventurer(0).health == s.adventurer(0).start_health


def _defending(**options):
    """Christopher (seat 0) fights Temple (seat 1), who holds a Colt 1911 (Dexterity, an Upkeep check) and
    Dynamite (Knowledge, exhausts): the point where she defends."""
    rs, s = two(combat_target="any-target", **options)
    s = give(rs, give(rs, s.with_adventurer(1, cards=()), 1, "Colt 1911"), 1, "Dynamite")
    s = play(rs, s, Fight("s1"))
    assert rs.pending(s).what == "defend" and rs.pending(s).player == 1
    return rs, s


def test_the_adventurer_defender_chooses_her_weapons_and_armor() -> None:
    """'the defender gets a Combat rating as if she were a creature. This rating is equal to half of her
    combat dice pool, rounded up' (secrets.combat.ava-defender-rating); her pool is built 'with weapons she
    chooses' (secrets.ambiguity.combat-ava-details): her choice, listed with the Audacity she spends."""
    from tombspec.model.secrets.actions import Brace
    rs, s = _defending()
    legal = rs.legal_actions(s, 1)
    assert {Brace(0, (), ()), Brace(0, ("Colt 1911",), ()), Brace(0, ("Dynamite",), ())} <= set(legal)
    assert not any(set(b.weapons) == {"Colt 1911", "Dynamite"} for b in legal)   # two attributes: never
    temple = s.adventurer(1)
    dex, know, strength = 4, rs.components.adventurers["James T. Temple"].knowledge, 3
    for brace, pool in ((Brace(0, (), ()), strength), (Brace(0, ("Colt 1911",), ()), dex + 3),
                        (Brace(0, ("Dynamite",), ()), know + 3)):
        after = play(rs, s, brace)
        assert after.combat.rating == (pool + 1) // 2, brace
        assert rs.pending(after).what == "choose weapons and armor" and rs.pending(after).player == 0
    assert temple.held("Colt 1911") is not None


def test_the_defenders_weapons_are_used_as_the_attackers_are() -> None:
    """'Anytime you use a Dexterity weapon card that has an Upkeep check printed on it, for the first time in
    a round, you must turn it' (secrets.weapons.dex-upkeep-turn): the Colt she defends with is turned; the
    Dynamite she defends with is exhausted; a weapon she does not choose is left as it was."""
    from tombspec.model.secrets.actions import Brace
    rs, s = _defending()
    colt = play(rs, s, Brace(0, ("Colt 1911",), ())).adventurer(1)
    assert colt.held("Colt 1911").turned and not colt.held("Dynamite").exhausted
    dyn = play(rs, s, Brace(0, ("Dynamite",), ())).adventurer(1)
    assert dyn.held("Dynamite").exhausted and not dyn.held("Colt 1911").turned


def test_a_refused_defence_names_the_audacity_or_the_weapons_rule() -> None:
    from tombspec.model.secrets.actions import Brace
    rs, s = _defending()
    s = s.with_adventurer(1, audacity=5)
    assert refused(rs, s, Brace(4, ("Colt 1911",), ())) == "secrets.combat.ava-defender-audacity"
    assert refused(rs, s, Brace(0, ("Machete",), ())) == "secrets.combat.weapon-limit"          # not hers
    assert refused(rs, s, Brace(0, ("Colt 1911", "Dynamite"), ())) == "secrets.combat.two-weapons-same-attribute"


def test_a_defender_whose_weapon_is_left_unturned_is_caught_by_the_rulebook_case(monkeypatch) -> None:
    """A seeded break: the defender's weapons are not marked used (the model before this change).  The
    rulebook case c20 (Sinclair defends with her Colt 1911, which turns) tells it apart from the model."""
    from pathlib import Path

    from tombspec.checks.oracle.verify import verify
    from tombspec.model.secrets.rules import combat

    case = Path(__file__).resolve().parents[1] / "cases" / "secrets" / "c20-adventurer-versus-adventurer-example.jsonl"
    assert verify([case]).exit_code == 0
    real = combat.wield
    monkeypatch.setattr(combat, "wield", lambda rs, state, seat, weapons: state if state.combat is not None and
                        state.combat.foe == f"s{seat}" else real(rs, state, seat, weapons))
    assert verify([case]).exit_code == 1
