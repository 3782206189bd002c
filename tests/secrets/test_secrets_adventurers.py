"""The Adventurers: Health and dying, choosing a new adventurer, Courage's range and its bonuses and
penalties, the one-time +10 bonus, fleeing at -10 every time, fleeing's movement and damage, fleeing the
Tomb, Lord Harrison's companions."""

from __future__ import annotations

from secrets_helpers import TWO, creature, op, play, ready, refused, ruleset, two

from tombspec.model.secrets.actions import Choose, Decline, Discard, Move, Step
from tombspec.model.secrets.rules.adventurers import attribute, compute_courage, compute_health


def test_health_never_rises_above_starting_health() -> None:
    assert compute_health(8, 5, 10) == 10 and compute_health(3, -5, 10) == 0
    rs, s = two()
    s = op(rs, s, 0, "heal", amount=3)
    assert s.adventurer(0).health == s.adventurer(0).start_health


def test_death_drops_the_items_discards_companions_advances_the_comet_and_offers_a_new_adventurer() -> None:
    rs = ruleset(2)
    s = ready(rs, TWO)
    comps = [c.name for c in s.adventurer(0).companions]
    s = op(rs, s, 0, "damage", amount=99)
    assert rs.pending(s).what == "redirect damage"
    from tombspec.model.secrets.actions import Done
    s = play(rs, s, Done())
    assert s.adventurer(0) is None and s.comet == 1 and "Christopher St. George" in s.gone
    assert [h.name for h in s.room("Tomb's Entrance").drop] == ["Thompson Submachine Gun"]
    assert sorted(c for c, _ in s.companions.discard.counts) == sorted(set(comps))
    assert rs.pending(s).what == "choose a new adventurer"
    assert Choose("Christopher St. George") not in rs.legal_actions(s)       # dead: not again
    s = play(rs, s, Choose("Chang Li Tao"))
    assert s.adventurer(0).name == "Chang Li Tao" and s.adventurer(0).room == "Tomb's Entrance"


def test_companions_may_take_the_damage() -> None:
    from tombspec.model.secrets.actions import Redirect
    rs = ruleset(2)
    s = ready(rs, TWO)
    comp = s.adventurer(0).companions[0]
    s = op(rs, s, 0, "damage", amount=2)
    s = play(rs, s, Redirect(comp.name, 1))
    from tombspec.model.secrets.actions import Done
    s = play(rs, s, Done())
    adv = s.adventurer(0)
    assert adv.health == adv.start_health - 1 and next(c for c in adv.companions if c.name == comp.name).health == comp.health - 1


def test_a_refused_redirect_names_the_reading_that_caps_it() -> None:
    """Issue 28's refusal audit: a redirect within the damage, onto a living companion, is refused only by
    the reading of secrets.ambiguity.companions-redirect (was secrets.companions.redirect-damage)."""
    from tombspec.model.secrets.actions import Redirect
    rs = ruleset(2)
    s = ready(rs, TWO)
    comp = s.adventurer(0).companions[0]
    hit = op(rs, s, 0, "damage", amount=comp.health + 1)
    # any-portion-capped: at most the companion's Health
    assert refused(rs, hit, Redirect(comp.name, comp.health + 1)) == "secrets.ambiguity.companions-redirect"
    assert refused(rs, hit, Redirect(comp.name, comp.health + 2)) == "secrets.companions.redirect-damage"  # > damage
    assert refused(rs, hit, Redirect("Nobody", 1)) == "secrets.companions.redirect-damage"
    rs2 = ruleset(2, redirect="all-or-nothing-lost")
    s2 = ready(rs2, TWO)
    hit2 = op(rs2, s2, 0, "damage", amount=2)
    comp2 = s2.adventurer(0).companions[0]
    assert Redirect(comp2.name, 2) in rs2.legal_actions(hit2)
    assert refused(rs2, hit2, Redirect(comp2.name, 1)) == "secrets.ambiguity.companions-redirect"   # not the whole


def test_redirecting_past_a_companions_health_under_any_portion_lost() -> None:
    """Reading any-portion-lost of secrets.ambiguity.companions-redirect (issue 28's second audit): 'redirect
    any damage they would receive onto the companion': any part of it, even past the companion's Health;
    the companion is discarded at 0 and the excess is lost with it; the rest is the adventurer's."""
    from tombspec.model.secrets.actions import Done, Redirect
    rs = ruleset(2, redirect="any-portion-lost")
    s = ready(rs, TWO)
    comp = s.adventurer(0).companions[0]
    hit = op(rs, s, 0, "damage", amount=comp.health + 2)
    assert Redirect(comp.name, comp.health + 1) in rs.legal_actions(hit)        # past its Health
    assert refused(rs, hit, Redirect(comp.name, comp.health + 3)) == "secrets.companions.redirect-damage"  # > damage
    s = play(rs, hit, Redirect(comp.name, comp.health + 1))
    names = [c.name for c in hit.adventurer(0).companions]
    names.remove(comp.name)
    assert [c.name for c in s.adventurer(0).companions] == names                # discarded, the 1 past it lost
    assert s.companions.discard.count(comp.name) == hit.companions.discard.count(comp.name) + 1
    if rs.pending(s).what == "redirect damage":                                  # another living companion
        s = play(rs, s, Done())
    adv = s.adventurer(0)
    assert adv.health == adv.start_health - 1                                   # the rest: 1 point
    assert rs.violations(s) == []


def test_courage_stays_within_minus_10_and_plus_10() -> None:
    assert compute_courage(9, 5) == 10 and compute_courage(-9, -5) == -10


def test_courage_track_bonuses_apply_while_courage_is_there() -> None:
    rs, s = two()
    dex = attribute(rs, s.adventurer(0), "dexterity")
    s = op(rs, s, 0, "courage", amount=3)                  # Christopher: +1 Dexterity at +5
    assert attribute(rs, s.adventurer(0), "dexterity") == dex + 1
    s = op(rs, s, 0, "courage", amount=-1)
    assert attribute(rs, s.adventurer(0), "dexterity") == dex


def test_the_plus_10_bonus_is_gained_once_and_kept() -> None:
    rs, s = two()
    s = op(rs, s, 0, "courage", amount=10)
    assert s.adventurer(0).plus_ten and s.adventurer(0).bonus("dexterity") == 1
    s = op(rs, op(rs, s, 0, "courage", amount=-5), 0, "courage", amount=10)
    assert s.adventurer(0).bonus("dexterity") == 1                           # not twice


def test_reaching_minus_10_makes_the_adventurer_flee_every_time() -> None:
    rs, s = two()
    s = s.with_adventurer(0, courage=-9)
    s = op(rs, s, 0, "courage", amount=-3)
    adv = s.adventurer(0)
    assert adv.fleeing and adv.courage == -10 and adv.cards == ()
    assert [h.name for h in s.room("Tomb's Entrance").drop] == ["Thompson Submachine Gun"]


def test_fleeing_moves_toward_the_entrance_and_moving_on_from_it_is_fleeing_the_tomb() -> None:
    rs, s = two()
    s = s.with_adventurer(0, fleeing=True, room="Quetzalcoatl's Hall")
    assert [a for a in rs.legal_actions(s)] == [Move()]
    s = play(rs, s, Move())
    assert rs.legal_actions(s) == [Step("Tomb's Entrance")]
    s = play(rs, s, Step("Tomb's Entrance"))
    assert rs.legal_actions(s) == [Step("out")]
    s = play(rs, s, Step("out"))
    assert s.adventurer(0) is None and s.comet == 1 and "Christopher St. George" in s.gone


def test_a_fleeing_adventurer_may_stop_after_a_room_only_under_may_stop_early() -> None:
    """Issue 28's audit (secrets.ambiguity.fleeing-movement): 'must spend every Action token to move
    towards the Tomb's Entrance' asks every token, not every room of Movement, under may-stop-early."""
    from tombspec.model.secrets.actions import Stop
    for reading, may_stop in (("damage-replaces-evasion", False), ("must-stop", False), ("may-stop-early", True)):
        rs, s = two(fleeing_movement=reading)
        s = s.with_adventurer(0, fleeing=True, room="Quetzalcoatl's Hall")
        s = play(rs, s, Move())
        assert rs.legal_actions(s) == [Step("Tomb's Entrance")], reading      # it must move toward it first
        assert refused(rs, s, Stop()) == "secrets.adventurers.flee-must-move", reading
        s = play(rs, s, Step("Tomb's Entrance"))
        assert (Stop() in rs.legal_actions(s)) == may_stop, reading
        if may_stop:
            s = play(rs, s, Stop())                                  # it waits on the Entrance, still fleeing
            adv = s.adventurer(0)
            assert adv.room == "Tomb's Entrance" and adv.fleeing and s.current == 1
        else:
            assert refused(rs, s, Stop()) == "secrets.ambiguity.fleeing-movement", reading     # was move-through-doors


def test_a_fleeing_adventurer_takes_half_of_each_creatures_combat_rating_entering_its_room() -> None:
    rs, s = two()
    s, _ = creature(rs, s, "Living Moai-Man", "Tomb's Entrance")          # Combat 3
    s, _ = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")           # Combat 2
    s = s.with_adventurer(0, fleeing=True, room="Quetzalcoatl's Hall")
    health = s.adventurer(0).health
    s = play(rs, s, Move(), Step("Tomb's Entrance"))
    assert s.adventurer(0).health == health - 1 - 1


def test_nobody_left_to_choose_loses() -> None:
    rs = ruleset(1, companions_adjust=-5)
    s = ready(rs, ["Libby Villa"])
    s = op(rs, s, 0, "damage", amount=99)
    assert rs.pending(s).what == "choose a new adventurer"
    s = play(rs, s, Decline())
    assert s.outcome == "lost" and rs.is_terminal(s)


def test_lord_harrison_discards_a_companion_instead_of_dying() -> None:
    rs = ruleset(1, solo_companions="own-host")
    s = ready(rs, ["Harrison Quatuormanus the 13th"])
    s = s.with_adventurer(0, companions=s.adventurer(0).companions[:1])
    name = s.adventurer(0).companions[0].name
    s = op(rs, s, 0, "damage", amount=99)
    from tombspec.model.secrets.actions import Done
    s = play(rs, s, Done())
    assert rs.pending(s).what == "discard a Companion instead"
    s = play(rs, s, Discard(name))
    assert s.adventurer(0).health == 1 and s.adventurer(0).companions == ()
    s = op(rs, s, 0, "damage", amount=5)
    assert s.outcome == "lost"                                   # no companion left: the game is lost


# --------------------------------------------------------------------------------------------------
# Issue 28: Lord Harrison reaching -10 Courage in a combat.  'When a game effect would cause Lord Harrison
# to flee the Tomb or die automatically, instead discard one Companion card.'  He does not flee, so the
# combat (flee-ends-combat ends it only for a flight) goes on to its next step.


def _harrison_fights_at_minus_8(**options: str) -> tuple:
    from secrets_helpers import creature

    from tombspec.model.secrets.actions import Fight
    rs = ruleset(1, solo_companions="own-host", **options)
    s = ready(rs, ["Harrison Quatuormanus the 13th"]).with_adventurer(0, courage=-8)
    s, key = creature(rs, s, "Living Moai-Man", s.adventurer(0).room)       # Courage attack 2
    assert rs.components.creatures["Living Moai-Man"].courage_attack == 2
    tokens = s.seats[0].tokens
    return rs, play(rs, s, Fight(key)), tokens


def test_lord_harrison_discards_a_companion_instead_of_fleeing_and_fights_on() -> None:
    rs, s, tokens = _harrison_fights_at_minus_8()
    assert s.seats[0].tokens == tokens - 1                        # his Fight token is spent
    assert rs.pending(s).what == "discard a Companion instead"
    companions = s.adventurer(0).companions
    s = play(rs, s, Discard(companions[0].name))
    adv = s.adventurer(0)
    assert not adv.fleeing and adv.courage == -9 and len(adv.companions) == len(companions) - 1
    assert s.combat is not None and rs.pending(s).what == "choose weapons and armor"   # the combat goes on
    assert rs.violations(s) == []


def test_lord_harrison_without_a_companion_loses_when_the_courage_loss_would_make_him_flee() -> None:
    from secrets_helpers import creature

    from tombspec.model.secrets.actions import Fight
    rs = ruleset(1, solo_companions="own-host")
    s = ready(rs, ["Harrison Quatuormanus the 13th"]).with_adventurer(0, courage=-8, companions=())
    s, key = creature(rs, s, "Living Moai-Man", s.adventurer(0).room)
    s = play(rs, s, Fight(key))
    assert s.outcome == "lost" and rs.is_terminal(s)


def test_lord_harrison_under_automatic_only_flees_and_the_combat_ends() -> None:
    """secrets.ambiguity.solo-lord-harrison-save=automatic-only: reaching -10 Courage makes him flee as
    anyone (no Companion discarded), and flee-ends-combat ends the combat."""
    rs, s, _ = _harrison_fights_at_minus_8(harrison_save="automatic-only")
    assert s.combat is None and s.adventurer(0).fleeing
