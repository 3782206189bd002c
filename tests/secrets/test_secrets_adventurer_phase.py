"""The Adventurer Phase: turns, moving and evading, searching, resting, trading, dropping and picking up,
the Soul Monger, stealing."""

from __future__ import annotations

import pytest
from secrets_helpers import creature, faces, give, idle, play, refused, two

from tombspec.model.secrets.actions import (Barter, Buy, Done, Drawn, Drop, Give, Move, PickUp, Push, Rest, Search, Sell, Step, Steal, Stop, Take, Trade)


def test_turns_go_clockwise_one_action_each() -> None:
    rs, s = two()
    assert s.current == 0
    s = play(rs, s, Move(), Stop())
    assert s.current == 1 and s.seats[0].tokens == s.seats[0].action_tokens - 1
    s = play(rs, s, Move(), Stop())
    assert s.current == 0


def test_seats_without_tokens_are_skipped_and_the_tomb_phase_follows_the_last_token() -> None:
    rs, s = two()
    s = idle(s, 1)
    s = play(rs, s, Move(), Stop())
    assert s.current == 0
    s = s.with_seat(0, tokens=1)
    s = play(rs, s, Move(), Stop())
    assert s.phase == "tomb" and rs.pending(s).what == "Tomb deck"


def test_invalid_move_through_a_wall() -> None:
    rs, s = two()
    s = play(rs, s, Move())
    assert refused(rs, s, Step("Pharaoh's Hall")) == "secrets.adventurer-phase.move-through-doors"


def test_move_up_to_movement_then_the_move_ends() -> None:
    rs, s = two()
    s = s.with_adventurer(0, bonuses=(("movement", -3),))        # Movement 5 - 3 = 2
    s = play(rs, s, Move(), Step("Quetzalcoatl's Hall"), Step("Tomb's Entrance"))
    assert s.current == 1 and s.adventurer(0).room == "Tomb's Entrance"


def test_stairs_join_levels_1_and_2() -> None:
    rs, s = two()
    s = play(rs, s, Move(), Step("Quetzalcoatl's Descent"), Step("Pharaoh's Hall"), Stop())
    assert s.adventurer(0).room == "Pharaoh's Hall"


def test_leaving_a_room_with_creatures_needs_evasion_per_creature() -> None:
    rs, s = two()
    s, a = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    s, b = creature(rs, s, "Keeper of the Tomb", "Tomb's Entrance")
    s = s.with_adventurer(0, audacity=0)
    s = play(rs, s, Move(), Step("Quetzalcoatl's Hall"))
    assert s.head.kind == "check" and s.head.target == "dexterity" and s.head.n == 1     # Skeleton Guard: Evasion 1
    s = play(rs, s, faces(5, 1, 1, 1, 1))
    assert s.head.kind == "check" and s.head.n == 2                                       # then the Keeper: Evasion 2
    health = s.adventurer(0).health
    s = play(rs, s, faces(1, 1, 1, 1, 1))
    assert rs.pending(s).what == "failed to evade"
    pushed = play(rs, s, Push())
    assert pushed.adventurer(0).health == health - 1 and pushed.adventurer(0).room == "Quetzalcoatl's Hall"
    stopped = play(rs, s, Stop())
    assert stopped.adventurer(0).room == "Tomb's Entrance" and stopped.current == 1


def test_evading_several_creatures_with_one_roll_under_one_roll_each() -> None:
    """'You must Evade them ... roll a Dexterity check with a difficulty of the creature's Evasion
    difficulty' read as one roll for the room (secrets.ambiguity.evade-several-creatures = one-roll-each):
    its successes are held against each creature; each creature not evaded costs half its Combat rating to
    go on."""
    rs, s = two(evade_creatures="one-roll-each")
    s, a = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")          # Evasion 1, Combat 2
    s, b = creature(rs, s, "Keeper of the Tomb", "Tomb's Entrance")      # Evasion 2, Combat 2
    s = s.with_adventurer(0, audacity=0)
    s = play(rs, s, Move(), Step("Quetzalcoatl's Hall"))
    assert s.head.kind == "check" and s.head.target == "dexterity" and set(s.head.items) == {a, b}
    both = play(rs, s, faces(5, 5, 1, 1, 1))                               # 2 successes: both evaded, no second roll
    assert both.adventurer(0).room == "Quetzalcoatl's Hall" and rs.pending(both).what == "move"
    one = play(rs, s, faces(5, 1, 1, 1, 1))                                # 1 success: the Keeper not evaded
    assert rs.pending(one).what == "failed to evade" and one.head.items == (b,)
    health = one.adventurer(0).health
    assert play(rs, one, Push()).adventurer(0).health == health - 1      # half the Keeper's 2
    none = play(rs, s, faces(1, 1, 1, 1, 1))
    assert set(none.head.items) == {a, b}
    assert play(rs, none, Push()).adventurer(0).health == health - 2     # half of each: 1 + 1
    stopped = play(rs, none, Stop())
    assert stopped.adventurer(0).room == "Tomb's Entrance" and stopped.current == 1


def test_one_creature_asks_no_reading_of_several() -> None:
    """With one creature in the room every reading of secrets.ambiguity.evade-several-creatures is one check
    against it: the option left unset is never asked."""
    rs, s = two(evade_creatures=None)
    s, a = creature(rs, s, "Keeper of the Tomb", "Tomb's Entrance")
    s = s.with_adventurer(0, audacity=0)
    s = play(rs, s, Move(), Step("Quetzalcoatl's Hall"), faces(1, 1, 1, 1, 1), Push())
    assert s.adventurer(0).room == "Quetzalcoatl's Hall"


def test_per_room_hardest_costs_half_the_highest_combat_rating() -> None:
    """Reading per-room-hardest: 'One check per room against the highest Evasion difficulty; failure costs
    half the highest Combat rating' (the Tomb's Eye is hardest to evade, the Living Moai-Man hits hardest)."""
    rs, s = two(evade_creatures="per-room-hardest")
    s, eye = creature(rs, s, "Tomb's Eye", "Tomb's Entrance")            # Evasion 3, Combat 1
    s, moai = creature(rs, s, "Living Moai-Man", "Tomb's Entrance")      # Evasion 2, Combat 3
    s = s.with_adventurer(0, audacity=0)
    s = play(rs, s, Move(), Step("Quetzalcoatl's Hall"))
    assert s.head.kind == "check" and s.head.n == 3                       # one check, the Eye's difficulty
    s = play(rs, s, faces(5, 5, 1, 1, 1))
    assert rs.pending(s).what == "failed to evade"
    health = s.adventurer(0).health
    assert play(rs, s, Push()).adventurer(0).health == health - 1        # half of 3, rounded down


def test_stopping_in_a_creatures_room_needs_no_evasion() -> None:
    rs, s = two()
    s, _ = creature(rs, s, "Skeleton Guard", "Quetzalcoatl's Hall")
    s = play(rs, s, Move(), Step("Quetzalcoatl's Hall"), Stop())
    assert s.adventurer(0).room == "Quetzalcoatl's Hall" and s.current == 1


def test_invalid_search_in_a_room_with_creatures() -> None:
    rs, s = two()
    s, _ = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    assert Search() not in rs.legal_actions(s)
    assert refused(rs, s, Search()) == "secrets.adventurer-phase.no-search-with-creatures"


def test_search_chart_by_the_colour_of_the_search_token() -> None:
    rs, s = two()
    s = s.with_seat(0, search=1)                                # yellow: a 1 spawns 2 base creatures
    s = play(rs, s, Search(), faces(1), Drawn("Skeleton Guard"), Drawn("Tomb Rats"))
    assert sorted(c.name for c in s.creatures_in("Tomb's Entrance")) == ["Skeleton Guard", "Tomb Rats"]
    assert s.seats[0].search == 2                               # yellow to red
    rs, s = two()
    s = s.with_seat(0, search=2)                                # red: a 6 gives an artifact, then back to green
    s = play(rs, s, Search(), faces(6), Drawn("Golden Idol"))
    assert s.adventurer(0).held("Golden Idol") is not None and s.seats[0].search == 0


def test_rest_heals_up_to_starting_health_and_zero_courage() -> None:
    rs, s = two()
    start = s.adventurer(0).start_health
    s = s.with_adventurer(0, health=start - 1, courage=-1)
    assert {Rest("health"), Rest("courage"), Rest("both")} <= set(rs.legal_actions(s))
    h = play(rs, s, Rest("health")).adventurer(0)
    c = play(rs, s, Rest("courage")).adventurer(0)
    b = play(rs, s, Rest("both")).adventurer(0)
    assert (h.health, h.courage) == (start, -1)
    assert (c.health, c.courage) == (start - 1, 0)
    assert (b.health, b.courage) == (start, 0)


def test_invalid_rest_at_full_health_and_courage_or_with_a_creature() -> None:
    rs, s = two()
    s = s.with_adventurer(0, courage=0)
    assert refused(rs, s, Rest("health")) == "secrets.adventurer-phase.rest"
    s = s.with_adventurer(0, courage=-2)
    s, _ = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    assert refused(rs, s, Rest("courage")) == "secrets.adventurer-phase.no-rest-with-creature"


def test_rest_for_a_companion_at_its_starting_health_names_the_companions_rule() -> None:
    """'The Rest action may also be used to heal Companions with less than their starting health'
    (secrets.adventurer-phase.rest-companions): an unhurt adventurer may rest for her hurt Sharpshooter, not
    for her Mercenary at its starting Health.  Case s28."""
    from tombspec.model.secrets.state import Companion
    rs, s = two()
    s = s.with_adventurer(0, courage=1, companions=(Companion("Mercenary", 4), Companion("Sharpshooter", 1)))
    assert rs.components.companions["Mercenary"].health == 4
    assert Rest("companion:Sharpshooter") in rs.legal_actions(s)
    assert refused(rs, s, Rest("companion:Mercenary")) == "secrets.adventurer-phase.rest-companions"
    assert refused(rs, s, Rest("health")) == "secrets.adventurer-phase.rest"     # her own: not hurt


def test_stepping_down_the_stairs_of_blood_names_their_one_way_rule() -> None:
    """'you can only move from the Stairs of Blood up to the Sacrificial Chamber, not in reverse'
    (secrets.rooms.stairs-of-blood-one-way): the step down is refused for those words, not for 'you must
    move through doors'; the step up is open.  Case s32."""
    from secrets_helpers import place
    rs, s = two()
    s = place(place(s, "Sacrificial Chamber", 1, -1, 0), "Stairs of Blood", 2, 0, 1)
    down = play(rs, s.with_adventurer(0, room="Sacrificial Chamber"), Move())
    assert Step("Stairs of Blood") not in rs.legal_actions(down)
    assert refused(rs, down, Step("Stairs of Blood")) == "secrets.rooms.stairs-of-blood-one-way"
    up = play(rs, s.with_adventurer(0, room="Stairs of Blood"), Move())
    assert Step("Sacrificial Chamber") in rs.legal_actions(up)


def test_trading_gives_cards_never_soul_shards() -> None:
    rs, s = two()
    s = s.with_adventurer(0, shards=5)
    s = play(rs, s, Trade(1))
    assert rs.pending(s).mode == "any" and set(rs.pending(s).players) == {0, 1}
    gives = [a for a in rs.legal_actions(s, 0) if isinstance(a, Give)]
    assert gives == [Give("Thompson Submachine Gun", 1)]
    s = rs.step(s, gives[0], 0)
    s = rs.step(s, Done(), 1)
    assert s.adventurer(1).held("Thompson Submachine Gun") and s.adventurer(0).shards == 5


def test_giving_a_status_effect_names_the_trade_scope() -> None:
    """Issue 28's second refusal audit: 'trade any cards they wish' against the example's list: giving a held
    Status Effect card is refused under example-list naming secrets.ambiguity.trade-scope (it named the Trade
    action); under any-card it is given."""
    from tombspec.model.secrets.state import evolve
    for scope in ("example-list", "any-card"):
        rs, s = two(trade_scope=scope)
        s = evolve(s, statuses=s.statuses.remove("Fearless")).with_adventurer(0, status=("Fearless",))
        s = play(rs, s, Trade(1))
        if scope == "example-list":
            assert Give("Fearless", 1) not in rs.legal_actions(s, 0)
            assert refused(rs, s, Give("Fearless", 1), 0) == "secrets.ambiguity.trade-scope"
            assert refused(rs, s, Give("Lantern", 1), 0) == "secrets.adventurer-phase.trade"   # not held
        else:
            s = rs.step(s, Give("Fearless", 1), 0)
            assert "Fearless" in s.adventurer(1).status


def test_dropping_after_the_turns_action_under_each_reading() -> None:
    """'You can drop cards in your current room during your turn' (secrets.ambiguity.drop-within-turn, issue
    28's second audit): under before-action (the default) the turn passes once its action is resolved, and a
    drop at its end is refused naming that entry; under after-action-too the adventurer may still drop cards
    in the room its Move ended in."""
    rs, s = two()
    moved = play(rs, s, Move(), Step("Quetzalcoatl's Hall"), Stop())
    assert moved.current == 1                                                  # no end-of-turn decision
    fleeing = s.with_adventurer(1, fleeing=True, room="Quetzalcoatl's Hall")     # someone to save: the turn's end asks
    at_end = play(rs, fleeing, Move(), Step("Quetzalcoatl's Hall"), Stop())
    assert rs.pending(at_end).what == "end of turn"
    assert refused(rs, at_end, Drop("Thompson Submachine Gun")) == "secrets.ambiguity.drop-within-turn"
    rs2, s2 = two(drop_within_turn="after-action-too")
    s2 = play(rs2, s2, Move(), Step("Quetzalcoatl's Hall"), Stop())
    assert rs2.pending(s2).what == "end of turn" and s2.current == 0
    assert Drop("Thompson Submachine Gun") in rs2.legal_actions(s2)
    s2 = play(rs2, s2, Drop("Thompson Submachine Gun"))
    assert s2.adventurer(0).held("Thompson Submachine Gun") is None
    assert any(h.name == "Thompson Submachine Gun" for h in s2.room("Quetzalcoatl's Hall").drop)
    if rs2.pending(s2).what == "end of turn":                                  # cards left to drop
        s2 = play(rs2, s2, Done())
    assert s2.current == 1


def test_drop_for_free_and_pick_up_for_an_action() -> None:
    rs, s = two()
    s = play(rs, s, Drop("Thompson Submachine Gun"))
    assert s.current == 0 and s.seats[0].tokens == s.seats[0].action_tokens      # no token spent
    assert [h.name for h in s.room("Tomb's Entrance").drop] == ["Thompson Submachine Gun"]
    s = play(rs, s, PickUp(), Take("Thompson Submachine Gun"))
    assert s.room("Tomb's Entrance").drop == () and s.adventurer(0).held("Thompson Submachine Gun")


def test_invalid_drop_of_a_companion() -> None:
    from secrets_helpers import ready, ruleset
    rs = ruleset(2)
    s = ready(rs, ["Christopher St. George", "James T. Temple"])
    comp = s.adventurer(0).companions[0].name
    assert refused(rs, s, Drop(comp)) == "secrets.items.no-drop-companions-shards"


def test_the_soul_monger_buys_sells_and_serves() -> None:
    rs, s = two()
    s = give(rs, s, 0, "Lantern", "Golden Idol").with_adventurer(0, shards=20)
    s = play(rs, s, Barter(), Sell("Lantern"), Sell("Golden Idol"))
    assert s.adventurer(0).shards == 20 + 5 + 15 and {"Lantern", "Golden Idol"} <= set(s.boxed)
    s = play(rs, s, Buy("Heart Soup"))
    assert s.adventurer(0).held("Heart Soup") and s.adventurer(0).shards == 40 - 11 and s.monger.count("Heart Soup") == 0
    assert Buy("Heart Soup") not in rs.legal_actions(s)                          # one card of each
    s = play(rs, s, Done())
    assert s.current == 1


def test_invalid_barter_away_from_a_soul_monger_room() -> None:
    rs, s = two(soul_monger_location="entrance-only-in-variant")
    assert refused(rs, s, Barter()) == "secrets.adventurer-phase.soul-monger-action"


def test_stealing_is_a_dexterity_contest() -> None:
    rs, s = two()
    s = s.with_adventurer(0, audacity=0).with_adventurer(1, audacity=0)
    s = play(rs, s, Steal("s1"))
    assert rs.pending(s).is_chance                              # Temple's Dexterity check first
    s = play(rs, s, faces(5, 1, 1, 1))                          # 1 success: the thief's difficulty
    assert s.head.kind == "check" and s.head.seat == 0 and s.head.n == 1
    s = play(rs, s, faces(6, 1, 1, 1, 1), Take("M1A1 Rifle"))
    assert s.adventurer(0).held("M1A1 Rifle") and s.adventurer(1).held("M1A1 Rifle") is None


def test_a_failed_thief_loses_a_card_to_the_defender() -> None:
    rs, s = two()
    s = s.with_adventurer(0, audacity=0).with_adventurer(1, audacity=0)
    s = play(rs, s, Steal("s1"), faces(5, 5, 1, 1), faces(1, 1, 1, 1, 1), Take("Thompson Submachine Gun"))
    assert s.adventurer(1).held("Thompson Submachine Gun")


# --------------------------------------------------------------------------------------------------
# Issue 28: 'Gain +1 Audacity' at 10 Audacity.  'Audacity points can never rise above 10' and 'There is no
# limit to the number of items and services you can buy' (secrets.ambiguity.reference-soul-monger-
# attribute-services)


def _at_the_monger_with_10_audacity(**options: str) -> tuple:
    rs, s = two(**options)
    s = s.with_adventurer(0, audacity=10, shards=20)
    return rs, play(rs, s, Barter())


def test_gain_audacity_at_10_is_refused_naming_the_cap_under_the_refusing_readings() -> None:
    from tombspec.model.secrets.actions import Service
    for reading in ("permanent-stackable", "once-each"):
        rs, s = _at_the_monger_with_10_audacity(attribute_services=reading)
        assert Service("Gain +1 Audacity") not in rs.legal_actions(s)
        assert refused(rs, s, Service("Gain +1 Audacity")) == "secrets.dice.audacity-max-10", reading
        below = s.with_adventurer(0, audacity=9)          # below 10 it is offered under every reading
        assert Service("Gain +1 Audacity") in rs.legal_actions(below)


def test_gain_audacity_at_10_is_bought_and_wasted_under_audacity_at_10_wasted() -> None:
    from tombspec.model.secrets.actions import Service
    rs, s = _at_the_monger_with_10_audacity(attribute_services="audacity-at-10-wasted")
    assert Service("Gain +1 Audacity") in rs.legal_actions(s)
    s = play(rs, s, Service("Gain +1 Audacity"))
    assert s.adventurer(0).audacity == 10 and s.adventurer(0).shards == 20 - 8      # spent, and capped
    assert rs.violations(s) == []
    s = play(rs, s, Service("Gain +1 Audacity"))                                     # no limit to purchases
    assert s.adventurer(0).audacity == 10 and s.adventurer(0).shards == 20 - 16


def test_gain_audacity_at_10_is_bought_by_default_as_the_text_answers() -> None:
    """The catalog's answer (issue 28, protocol version 13): 'There is no limit to the number of items and
    services you can buy'; 'Audacity points can never rise above 10' caps the value, the purchase stands.
    The default options offer it, and the Soul Shards are spent."""
    from tombspec.model.secrets.actions import Service
    from tombspec.spec import load_catalog
    amb = load_catalog("secrets").ambiguity("secrets.ambiguity.reference-soul-monger-attribute-services")
    assert amb.default == amb.answered.reading == "audacity-at-10-wasted"
    rs, s = _at_the_monger_with_10_audacity()
    assert rs.options.attribute_services == "audacity-at-10-wasted"
    assert Service("Gain +1 Audacity") in rs.legal_actions(s)
    s = play(rs, s, Service("Gain +1 Audacity"))
    assert (s.adventurer(0).audacity, s.adventurer(0).shards) == (10, 20 - 8)


def test_a_refused_deal_names_its_reason() -> None:
    """The Soul Monger's refusals name why: a card not held cannot be sold; a service dearer than the
    Soul Shards held is refused by its price."""
    from tombspec.model.secrets.actions import Service
    rs, s = two()
    s = play(rs, s.with_adventurer(0, shards=5), Barter())
    assert refused(rs, s, Sell("Lantern")) == "secrets.adventurer-phase.sell"
    assert refused(rs, s, Service("Gain +1 Audacity")) == "secrets.adventurer-phase.soul-monger-inventory"


# --------------------------------------------------------------------------------------------------
# Issue 28: the other services a cap or a rule leaves nothing to do, and 'There is no limit to the
# number of items and services you can buy' (secrets.ambiguity.reference-soul-monger-capped-services)


def _at_the_monger(**options: str) -> tuple:
    rs, s = two(**options)
    s = s.with_adventurer(0, shards=40)
    return rs, play(rs, s, Barter())


def _capped(s):
    """Christopher at his starting Health and Courage, holding 'Fearless'."""
    from tombspec.model.secrets.state import evolve
    adv = s.adventurer(0)
    s = evolve(s, statuses=s.statuses.remove("Fearless"))       # his 'Fearless' came from the deck
    return s.with_adventurer(0, health=adv.start_health, courage=adv.start_courage, status=("Fearless",))


CAPPED = [('Starting Health', "secrets.adventurers.health-cap"),
          ("Bring adventurer to Starting Courage", "secrets.ambiguity.reference-soul-monger-courage-service"),
          ('"Fearless"', "secrets.status.identical-ignored")]


def test_capped_services_are_refused_naming_the_cap_under_refused() -> None:
    """'An adventurer's current Health cannot be increased above their starting Health'; Courage already
    at its starting value; 'If an adventurer were to gain an identical status effect, ignore all effects
    of the new status effect': under reading refused none of these is offered, and each refusal names the
    rule that leaves the service nothing to do."""
    from tombspec.model.secrets.actions import Service
    from tombspec.model.secrets.state import evolve
    rs, s = _at_the_monger(capped_services="refused")
    s = _capped(s)
    for name, rule in CAPPED:
        assert Service(name) not in rs.legal_actions(s), name
        assert refused(rs, s, Service(name)) == rule, name
    # below the caps each is offered
    adv = s.adventurer(0)
    below = s.with_adventurer(0, health=adv.start_health - 1, courage=adv.start_courage - 1, status=())
    below = evolve(below, statuses=below.statuses.add("Fearless"))   # his card back in the deck
    assert {Service(name) for name, _ in CAPPED} <= set(rs.legal_actions(below))


def test_capped_services_are_bought_and_wasted_under_wasted() -> None:
    """Under reading wasted 'There is no limit to the number of items and services you can buy' lets each
    purchase stand: its Soul Shards are spent and the adventurer stays as they were."""
    from tombspec.model.secrets.actions import Service
    rs, s = _at_the_monger(capped_services="wasted")
    s = _capped(s)
    before = s.adventurer(0)
    deck = s.statuses
    for name, _ in CAPPED:
        assert Service(name) in rs.legal_actions(s), name
    costs = {"Starting Health": 13, "Bring adventurer to Starting Courage": 13, '"Fearless"': 13}
    shards = before.shards
    for name, _ in CAPPED:
        s = play(rs, s, Service(name))
        shards -= costs[name]
        after = s.adventurer(0)
        assert after.shards == shards, name
        assert (after.health, after.courage, after.status) == (before.health, before.courage, before.status), name
    assert s.statuses == deck                          # the identical card ignored: none taken
    assert rs.violations(s) == []


def test_capped_services_are_bought_by_default_as_the_text_answers() -> None:
    """The catalog's answer (issue 28, protocol version 13): 'There is no limit to the number of items and
    services you can buy', so the default (wasted) sells each capped service; the caps keep the values."""
    from tombspec.model.secrets.actions import Service
    from tombspec.spec import load_catalog
    amb = load_catalog("secrets").ambiguity("secrets.ambiguity.reference-soul-monger-capped-services")
    assert amb.default == amb.answered.reading == "wasted"
    rs, s = _at_the_monger()
    assert rs.options.capped_services == "wasted"
    s = _capped(s)
    before = s.adventurer(0)
    for name, _ in CAPPED:
        assert Service(name) in rs.legal_actions(s), name
        after = play(rs, s, Service(name)).adventurer(0)
        assert after.shards == before.shards - 13 and after.health == before.health, name


def test_courage_above_its_start_under_raise_only_is_wasted_not_lowered() -> None:
    """'Bring adventurer to Starting Courage' only raises under raise-only: above the starting value it is
    refused (refused) or bought for nothing (wasted), never lowering Courage; under set it lowers."""
    from tombspec.model.secrets.actions import Service
    name = "Bring adventurer to Starting Courage"
    for capped, courage_service in (("refused", "raise-only"), ("wasted", "raise-only"), ("refused", "set")):
        rs, s = _at_the_monger(capped_services=capped, courage_service=courage_service)
        start = s.adventurer(0).start_courage
        s = s.with_adventurer(0, courage=start + 2)
        if capped == "refused" and courage_service == "raise-only":
            assert refused(rs, s, Service(name)) == "secrets.ambiguity.reference-soul-monger-courage-service"
            continue
        s = play(rs, s, Service(name))
        assert s.adventurer(0).courage == (start + 2 if courage_service == "raise-only" else start)


def test_capped_services_ask_the_reading_only_at_the_cap() -> None:
    """The reading is asked only where its answers part: below the caps the services are offered with it
    unset."""
    from tombspec.model.secrets.actions import Service
    rs, s = _at_the_monger(capped_services=None)
    adv = s.adventurer(0)
    below = s.with_adventurer(0, health=adv.start_health - 1, courage=adv.start_courage - 1, status=())
    s = play(rs, below, Service("Starting Health"))
    assert s.adventurer(0).health == adv.start_health


# --------------------------------------------------------------------------------------------------
# Issue 28, the audit's last pass: whom a service may serve ('(in the same room, or anywhere)'), and a
# sold-out Soul Monger item


@pytest.mark.parametrize("reading, in_room, elsewhere", [("self-only", False, False),
                                                          ("any-adventurer-in-room", True, False),
                                                          ("any-adventurer", True, True)])
def test_whom_a_service_may_serve_under_each_reading(reading: str, in_room: bool, elsewhere: bool) -> None:
    """'Bring adventurer to ...' and 'Heal adventurer to ...' name no adventurer: the buyer only, any
    adventurer in the Soul Monger room, or any adventurer anywhere
    (secrets.ambiguity.reference-soul-monger-service-recipient); a service to an adventurer the reading
    does not allow is refused naming that entry."""
    from tombspec.model.secrets.actions import Service
    rs, s = _at_the_monger(service_recipient=reading)
    temple = s.adventurer(1)
    s = s.with_adventurer(1, health=temple.start_health - 2)
    away = s.with_adventurer(1, room="Quetzalcoatl's Hall")
    for at, allowed in ((s, in_room), (away, elsewhere)):
        heal = Service("Starting Health", temple.name)
        assert (heal in rs.legal_actions(at)) == allowed, (reading, at.adventurer(1).room)
        if allowed:
            after = play(rs, at, heal)
            assert after.adventurer(1).health == temple.start_health
            assert after.adventurer(0).shards == 40 - 13
        else:
            assert refused(rs, at, heal) == "secrets.ambiguity.reference-soul-monger-service-recipient"


def test_invalid_buy_of_a_sold_out_item_names_the_stock() -> None:
    """'When you purchase an item, take its card from the Soul Monger Item deck': with its one card
    bought (limited-by-components), a second purchase is refused naming
    secrets.ambiguity.reference-soul-monger-stock, as a Rope Token with none left is; one too dear names
    the inventory's prices."""
    rs, s = _at_the_monger()
    s = play(rs, s, Buy("Heart Soup"))
    assert refused(rs, s, Buy("Heart Soup")) == "secrets.ambiguity.reference-soul-monger-stock"
    poor = s.with_adventurer(0, shards=5)
    assert refused(rs, poor, Buy("Crystal Ball")) == "secrets.adventurer-phase.soul-monger-inventory"
    rs2, s2 = _at_the_monger(stock="unlimited")
    s2 = play(rs2, s2, Buy("Heart Soup"), Buy("Heart Soup"))
    assert [h.name for h in s2.adventurer(0).cards].count("Heart Soup") == 2


# --------------------------------------------------------------------------------------------------
# Issue 28's refusal audit: a refused turn action names the rule that forbids it, not the action's
# general rule


def _refusal(rs, s, action):
    """The refusal's rule and the other rules it lists."""
    from tombspec.model.errors import IllegalAction
    try:
        rs.step(s, action, rs.pending(s).actors[0])
    except IllegalAction as exc:
        return exc.rule_id, exc.also
    raise AssertionError(f"{action!r} was accepted")


def test_a_combat_action_at_an_adventurer_names_the_reading_that_forbids_it() -> None:
    from tombspec.model.secrets.actions import Fight
    rs, s = two()
    # Temple shares the Tomb's Entrance: 'It is rare for an adventurer to combat another adventurer', and
    # under only-when-prompted nothing prompts it; 'Begin combat with a creature' is broken too
    assert _refusal(rs, s, Fight("s1")) == ("secrets.ambiguity.combat-action-target",
                                            ("secrets.adventurer-phase.combat",))
    rs2, s2 = two(combat_target="any-target")
    assert Fight("s1") in rs2.legal_actions(s2)
    s2, key = creature(rs, s, "Skeleton Guard", "Quetzalcoatl's Hall")          # 'in the same room as you'
    assert _refusal(rs, s2, Fight(key)) == ("secrets.adventurer-phase.combat", ())
    far = s.with_adventurer(1, room="Quetzalcoatl's Hall")                      # an adventurer elsewhere
    assert refused(rs, far, Fight("s1")) == "secrets.adventurer-phase.combat"


def test_a_refused_special_ability_names_why() -> None:
    from tombspec.model.secrets.actions import Ability
    rs, s = two()
    assert Ability("Full Auto") in rs.legal_actions(s)
    assert refused(rs, s, Ability("Deadeye")) == "secrets.sheet.special-abilities"        # Temple's, not his
    spent = s.with_adventurer(0, tokens=tuple((a, 0) for a, _ in s.adventurer(0).tokens))
    assert refused(rs, spent, Ability("Full Auto")) == "secrets.sheet.no-tokens-no-use"
    unarmed = s.with_adventurer(0, cards=())                       # 'Discard 1 gun item': none held
    assert refused(rs, unarmed, Ability("Full Auto")) == "secrets.sheet.example-full-auto"


def test_a_refused_use_names_why_the_card_cannot_be_used() -> None:
    from tombspec.model.secrets.actions import Use
    rs, s = two()
    tired = give(rs, s, 0, "Field Journal", exhausted=True)
    assert refused(rs, tired, Use("Field Journal")) == "secrets.ambiguity.items-exhausted-reuse"
    rs2, s2 = two(exhausted_reuse="usable")
    assert Use("Field Journal") in rs2.legal_actions(give(rs2, s2, 0, "Field Journal", exhausted=True))
    rs3, s3 = two(limited_uses_end="keep-unusable")
    used = give(rs3, s3, 0, "Bandages", used=2)
    assert refused(rs3, used, Use("Bandages")) == "secrets.ambiguity.items-limited-uses-end"
    assert refused(rs, s, Use("Bandages")) == "secrets.adventurer-phase.use-items"         # not held


def test_steal_range_and_choice_pairings_the_words_allow() -> None:
    """Issue 28's second audit: 'Unlike Trading, Stealing states no range, and does not say whether the card
    is chosen or random': same-room-random (the room, a random card) and any-range-chosen (any room, the
    winner's choice) besides the two pairings recorded before."""
    from tombspec.model.secrets.actions import Steal
    rs, s = two(steal_range="same-room-random")
    far = s.with_adventurer(1, room="Quetzalcoatl's Hall")
    assert Steal("s1") not in rs.legal_actions(far)
    assert refused(rs, far, Steal("s1")) == "secrets.ambiguity.steal-range-and-choice"
    s = s.with_adventurer(0, audacity=0).with_adventurer(1, audacity=0)
    won = play(rs, s, Steal("s1"), faces(5, 1, 1, 1), faces(6, 1, 1, 1, 1))
    assert rs.pending(won).is_chance and rs.pending(won).what == "card stolen"
    dist = dict(rs.chance_outcomes(won))
    held = [c for c in items_tradeable(rs, won.adventurer(1))]
    assert len(dist) == len(held) and len(set(dist.values())) == 1          # each card equally likely
    rs2, s2 = two(steal_range="any-range-chosen")
    far2 = s2.with_adventurer(1, room="Quetzalcoatl's Hall").with_adventurer(0, audacity=0).with_adventurer(1, audacity=0)
    assert Steal("s1") in rs2.legal_actions(far2)
    won2 = play(rs2, far2, Steal("s1"), faces(5, 1, 1, 1), faces(6, 1, 1, 1, 1))
    assert rs2.pending(won2).what == "take a card" and rs2.pending(won2).actors == (0,)
    won2 = play(rs2, won2, Take("M1A1 Rifle"))
    assert won2.adventurer(0).held("M1A1 Rifle") and won2.adventurer(1).held("M1A1 Rifle") is None


def items_tradeable(rs, adv):
    from tombspec.model.secrets.rules import items
    return items.tradeable(rs, adv)


def test_a_refused_steal_names_why() -> None:
    from tombspec.model.secrets.actions import Steal
    rs, s = two()
    s2, key = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    assert refused(rs, s2, Steal(key)) == "secrets.adventurer-phase.creatures-pick-up-nothing"
    far = s.with_adventurer(1, room="Quetzalcoatl's Hall")
    assert refused(rs, far, Steal("s1")) == "secrets.ambiguity.steal-range-and-choice"
    rs2, s3 = two(steal_range="any-range-random")
    assert Steal("s1") in rs2.legal_actions(s3.with_adventurer(1, room="Quetzalcoatl's Hall"))
    empty = s.with_adventurer(1, cards=())            # 'takes one card that can be traded': none held
    assert refused(rs, empty, Steal("s1")) == "secrets.adventurer-phase.steal-winner-takes-card"
