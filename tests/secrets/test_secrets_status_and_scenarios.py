"""Status Effects (one of each type, identical ones ignored, random draws, Fully Infected and the traitor
rules) and How to Play the Scenarios (Comet track triggers, symbol triggers, win and lose)."""

from __future__ import annotations

from typing import Any

import pytest

from secrets_helpers import creature, op, play, queue, ready, ruleset, two

from tombspec.model.errors import IllegalAction
from tombspec.model.secrets.actions import Betray, Drawn, KeepStatus, Transform
from tombspec.model.secrets.state import Task


def test_a_new_status_of_a_type_already_held_replaces_it_an_identical_one_is_ignored() -> None:
    rs, s = two()
    s = op(rs, s, 0, "status", name="Fearless")
    s = op(rs, s, 0, "status", name="Fearless")
    assert s.adventurer(0).status == ("Fearless",) and s.statuses.count("Fearless") == 1
    s = op(rs, s, 0, "status", name="Courageous")                         # mental too
    assert s.adventurer(0).status == ("Courageous",) and s.statuses.count("Fearless") == 2
    rs2, s2 = two(status_same_type="player-chooses")
    s2 = op(rs2, op(rs2, s2, 0, "status", name="Fearless"), 0, "status", name="Courageous")
    s2 = play(rs2, s2, KeepStatus("Fearless"))
    assert s2.adventurer(0).status == ("Fearless",)


@pytest.mark.parametrize("keep", ["Master of Time", "Poisoned"])
def test_the_status_kept_by_choice_takes_effect_and_the_other_leaves_no_trace(keep: str) -> None:
    """status_same_type = player-chooses: keeping the new Master of Time gives its Action token, as
    gaining it outright does; keeping the old status returns the new one with no token taken or given
    (the kept one's token was once never added, and the returned one's taken away)."""
    rs, s = two(status_same_type="player-chooses")
    tokens = s.seats[0].action_tokens
    s = op(rs, s, 0, "status", name="Poisoned")                              # physical
    s = op(rs, s, 0, "status", name="Master of Time")                        # physical too: a choice
    s = play(rs, s, KeepStatus(keep))
    assert s.adventurer(0).status == (keep,)
    assert s.seats[0].action_tokens == tokens + (keep == "Master of Time")
    assert s.statuses.count("Master of Time" if keep == "Poisoned" else "Poisoned") >= 1
    replaced, r = two()                                                      # the same under replace
    r = op(replaced, op(replaced, r, 0, "status", name="Poisoned"), 0, "status", name="Master of Time")
    if keep == "Master of Time":
        assert r.seats[0].action_tokens == s.seats[0].action_tokens


def test_a_random_status_is_drawn_among_those_of_the_orientation() -> None:
    rs, s = two()
    s = op(rs, s, 0, "random-status", orientation="negative")
    outcomes = {o.card for o, _ in rs.chance_outcomes(s)}
    assert outcomes == {n for n, st in rs.components.statuses.items() if st.orientation == "negative"}
    s = play(rs, s, Drawn("Poisoned"))
    assert s.adventurer(0).status == ("Poisoned",)


def test_a_substitute_of_another_type_names_the_substitute_rule() -> None:
    """Fearless (mental, positive) with no copy left: 'draw a status effect of the same orientation and type
    as the prompted card' (secrets.status.substitute) forbids Lucky (supernatural, positive) while mental
    positive cards remain, though Lucky is 'of the noted orientation' (secrets.status.random-draw).  s15."""
    from secrets_helpers import evolve

    def refused(rs: Any, s: Any, outcome: Any) -> str:           # a chance outcome: no player
        with pytest.raises(IllegalAction) as exc:
            rs.step(s, outcome)
        return exc.value.rule_id

    rs, s = two()
    s = evolve(s, statuses=s.statuses.remove("Fearless", s.statuses.count("Fearless")))
    s = op(rs, s, 0, "status", name="Fearless")
    assert rs.pending(s).what == "status effect deck"
    outcomes = {o.card for o, _ in rs.chance_outcomes(s)}
    assert "Lucky" not in outcomes and outcomes <= {n for n, st in rs.components.statuses.items()
                                                    if st.type == "mental" and st.orientation == "positive"}
    assert refused(rs, s, Drawn("Lucky")) == "secrets.status.substitute"
    r = op(rs, two()[1], 0, "random-status", orientation="negative")      # a random draw names its own
    assert refused(rs, r, Drawn("Lucky")) == "secrets.status.random-draw"


def test_status_effects_removed_in_upkeep_and_by_rest() -> None:
    from tombspec.model.secrets.actions import Rest
    rs, s = two()
    s = s.with_adventurer(0, status=("Poisoned",))
    assert Rest("status:Poisoned") in rs.legal_actions(s)
    s = queue(rs, s.with_adventurer(1, status=("Terrified",)), Task("upkeep", rule="test"))
    assert s.adventurer(1).status == () and s.adventurer(0).health == s.adventurer(0).start_health - 1


def test_a_fully_infected_adventurer_is_a_traitor_who_wins_if_the_others_lose() -> None:
    from tombspec.model.secrets.rules.scenarios import end_game
    rs, s = two()
    s = op(rs, s, 1, "status", name="Fully Infected")
    over = end_game(rs, s, "lost", "test")
    assert over.winners == (1,)
    assert end_game(rs, s, "won", "test").winners == (0,)


def test_alternative_infected_rules_transform_the_adventurer_into_an_elite_creature() -> None:
    rs, s = two(alternative_infected=True)
    s = op(rs, s, 1, "status", name="Fully Infected")
    assert rs.pending(s).what == "Fully Infected"
    kept = play(rs, s, Betray())
    assert kept.adventurer(1) is not None
    s = play(rs, s, Transform())
    assert s.adventurer(1) is None and s.comet == 1
    from tombspec.model.secrets.actions import Decline
    s = play(rs, s, Decline())
    assert rs.pending(s).what == "elite creature deck"
    s = play(rs, s, rs.chance(s).support()[0][0])
    assert any(rs.components.creatures[c.name].deck == "elite" and c.room == "Tomb's Entrance" for c in s.creatures)


def test_an_elite_placed_at_the_limit_exceeds_it_only_while_it_lives() -> None:
    """secrets.ambiguity.status-alt-infected (normal-death-random-elite): at the limit the elite is still
    placed; the limit is exceeded by that creature alone, not for the rest of the game."""
    import attrs

    from tombspec.model.secrets.actions import Decline
    from tombspec.model.secrets.rules.tomb_phase import CREATURE_LIMIT
    rs, s = two(alternative_infected=True)
    names = [n for n, c in rs.components.creatures.items() if c.deck == "base" for _ in range(c.count)]
    for name in names[:CREATURE_LIMIT]:
        s, _ = creature(rs, s, name, "Tomb's Entrance")
    s = play(rs, op(rs, s, 1, "status", name="Fully Infected"), Transform())
    s = play(rs, s, Decline())
    s = play(rs, s, rs.chance(s).support()[0][0])
    assert len(s.creatures) == CREATURE_LIMIT + 1
    forced = [e for e in s.effects if e.name == "over-limit"]
    assert len(forced) == 1 and rs.violations(s) == []
    elite = next(c for c in s.creatures if c.id == forced[0].value)
    assert rs.components.creatures[elite.name].deck == "elite"
    # the elite slain, an eleventh creature (placed by hand here) breaks the limit again
    spare = next(n for n in names[CREATURE_LIMIT:])
    s = attrs.evolve(s, creatures=tuple(c for c in s.creatures if c.id != elite.id))
    s, _ = creature(rs, s, spare, "Tomb's Entrance")
    assert "secrets.tomb-phase.creature-limit" in {v.invariant for v in rs.violations(s)}


def test_master_of_time_gives_an_extra_action_token() -> None:
    rs, s = two()
    tokens = s.seats[0].action_tokens
    s = op(rs, s, 0, "status", name="Master of Time")
    assert s.seats[0].action_tokens == tokens + 1


def test_the_comet_track_awakens_the_boss_and_its_last_space_loses() -> None:
    rs, s = two()
    s = op(rs, s, 0, "comet", amount=8)
    assert s.boss is not None and s.boss.name == "Rhaz Azul'ahamet" and s.has_flag("awakened")
    s = op(rs, s, 0, "comet", amount=8)
    assert s.outcome == "lost" and s.comet == rs.scenario.comet_end


def test_upkeep_only_comet_triggers_wait_for_upkeep() -> None:
    rs, s = two(comet_triggers="upkeep-only")
    s = op(rs, s, 0, "comet", amount=8)
    assert s.boss is None
    s = queue(rs, s, Task("upkeep", rule="test"))
    assert s.boss is not None


@pytest.mark.parametrize("reading, awakened", [("immediately", True), ("landing-space-only", False)])
def test_a_comet_move_of_2_over_the_boss_space_under_each_reading(reading: str, awakened: bool) -> None:
    """Issue 28's audit: 'the new position of the Comet track' (Upkeep) lets only the space landed on
    trigger (landing-space-only): 7 to 9 passes over the boss's space 8, and the boss never emerges; by
    default every space entered triggers."""
    rs, s = two(comet_triggers=reading)
    s = op(rs, s, 0, "comet", amount=7)
    assert s.boss is None
    s = op(rs, s, 0, "comet", amount=2)                        # a Tomb card's +2: from 7 to 9
    assert s.comet == 9 and (s.boss is not None) == awakened and s.has_flag("awakened") == awakened
    s = op(rs, s, 0, "comet", amount=-1)                       # a Tomb card's -1 lands on 8: its new position
    assert s.comet == 8 and s.boss is not None and s.has_flag("awakened")


def test_landing_space_only_fires_the_space_landed_on_once() -> None:
    rs, s = two(comet_triggers="landing-space-only")
    s = op(rs, s, 0, "comet", amount=6)
    s = op(rs, s, 0, "comet", amount=2)                        # 6 to 8: lands on the boss's space
    assert s.boss is not None and s.has_flag("awakened")
    s = op(rs, s, 0, "comet", amount=8)                        # its last space loses, as under every reading
    assert s.outcome == "lost" and s.comet == rs.scenario.comet_end


def test_symbol_triggers_1st_2nd_3rd_time() -> None:
    from tombspec.model.secrets.rules.scenarios import symbol_triggered
    from tombspec.model.secrets.rules import turn
    rs = ruleset(2, companions_adjust=-5)
    rs = type(rs)(options=rs.options, board="exercise")
    s = ready(rs, ["Ada Quarry", "Basil Fenwick"])
    assert "Obsidian Mirror" in s.set_aside
    s = turn.settle(rs, symbol_triggered(rs, s, 0, (1,)))
    assert s.adventurer(0).held("Obsidian Mirror").origin == "set-aside"       # 1st time: the set-aside card
    comet = s.comet
    s = turn.settle(rs, symbol_triggered(rs, s, 0, (1,)))
    assert s.comet == comet + 1                                                # 2nd time
    s = turn.settle(rs, symbol_triggered(rs, s, 0, (1,)))
    assert rs.pending(s).is_chance                                             # 3rd time: an elite spawns
    s = play(rs, s, rs.chance(s).support()[0][0])
    count = len(s.creatures)
    s = turn.settle(rs, symbol_triggered(rs, s, 0, (1,)))
    assert len(s.creatures) == count and s.head is None                       # 4th time: nothing


def test_a_card_set_aside_by_the_scenario_cannot_be_sold() -> None:
    from tombspec.model.secrets.rules.items import can_sell
    from tombspec.model.secrets.rules.scenarios import symbol_triggered
    from tombspec.model.secrets.rules import turn
    rs = type(ruleset(2))(options={"players": 2, "companions_adjust": -5}, board="exercise")
    s = ready(rs, ["Ada Quarry", "Basil Fenwick"])
    s = turn.settle(rs, symbol_triggered(rs, s, 0, (1,)))
    assert can_sell(rs, s, 0, "Obsidian Mirror") == "secrets.adventurer-phase.scenario-set-aside-unsellable"


def test_the_starter_is_won_by_killing_the_awakened_boss() -> None:
    rs, s = two()
    s = op(rs, s, 0, "comet", amount=8)
    s = s.with_creature(s.boss.key, room="Tomb's Entrance")
    s = op(rs, s, 0, "harm-creatures", amount=99, flags=("ignore-armor",))
    assert s.outcome == "won" and s.winners == (0, 1)


def test_a_death_moving_the_comet_onto_the_boss_space_awakens_him_before_the_new_adventurer_is_chosen() -> None:
    # 'Remember: Comet Track triggers and other effects that trigger with the Comet Track, occur immediately
    # each time the Comet Track changes.' A death advances the track ('you die and the Comet track advances
    # one space'); 'After dying, you can choose a new adventurer' comes after (tests/cases/secrets/s52).
    rs, s = two()
    s = op(rs, s, 0, "comet", amount=7)
    assert s.boss is None
    s = op(rs, s, 0, "damage", amount=99)
    assert s.comet == 8 and rs.pending(s).what == "choose a new adventurer"
    assert s.boss is not None and s.boss.name == "Rhaz Azul'ahamet" and s.has_flag("awakened")
