"""Encounter with Monster or Trap Room, and the Portal."""

from __future__ import annotations

import attrs
import pytest

from tombspec.checks.games.raiders.examples import EXAMPLES
from tombspec.model.errors import IllegalAction
from tombspec.model.raiders.actions import Heads, Move, MoveTo, Place, Spend, Stay, UsePortal

from .helpers import on_draft, ruleset, state, with_raider

# S 3 M 4 T 2 E  /  1 5 6 2 3 4 1 : the Monster at (2,0) is ahead of (1,0) and (1,1)


def test_failing_behind_a_monster_forces_the_raider_in() -> None:
    rs = ruleset()
    s = state(rs, me=("1,0", 6, 0))
    assert s.phase == "action"
    from tombspec.model.raiders.rules.turn import apply_turn_start

    s = on_draft(apply_turn_start, rs, attrs.evolve(s, current=0), 1)
    assert s.pullers == ("2,0",)
    s = rs.step(rs.step(rs.step(s, Move()), Heads(0)), Stay())
    r = s.raider(1)
    assert r.position == "2,0" and r.in_encounter and r.came_from == "1,0"


def test_no_forced_move_from_ahead_of_the_room() -> None:
    rs = ruleset()
    from tombspec.model.raiders.rules.turn import apply_turn_start

    s = on_draft(apply_turn_start, rs, attrs.evolve(state(rs, me=("3,0", 6, 0)), current=0), 1)
    assert s.pullers == ("4,0",)  # the Trap ahead, not the Monster behind


def test_encounter_rooms_can_be_entered_with_any_roll() -> None:
    rs = ruleset()
    s = rs.step(rs.step(state(rs, me=("1,0", 6, 0)), Move()), Heads(1))
    assert MoveTo("2,0", "free", 0) in rs.legal_actions(s)


def in_room(rs, space, came_from, audacity=0, pennies=6):
    s = with_raider(state(rs, me=(space, pennies, audacity)), 1, in_encounter=True, came_from=came_from)
    from tombspec.model.raiders.rules.turn import apply_turn_start

    return on_draft(apply_turn_start, rs, attrs.evolve(s, current=0), 1)


def test_monster_pass_gains_audacity_and_moves_ahead() -> None:
    rs = ruleset()
    s = rs.step(in_room(rs, "2,0", "1,0"), Heads(5))
    assert s.raider(1).audacity == 1 and s.phase == "place"
    s = rs.step(s, Place("3,0"))
    assert s.raider(1).position == "3,0" and not s.raider(1).in_encounter


def test_monster_fail_moves_back_and_loses_audacity() -> None:
    strict = ruleset(useless_audacity="refused")
    s = strict.step(in_room(strict, "2,0", "1,0", audacity=1), Heads(3))   # 3 + 1 is no 5: fails at once
    assert s.raider(1).position == "1,0" and s.raider(1).audacity == 0
    rs = ruleset()      # raiders.ambiguity.useless-audacity = allowed: the Raider may still discard
    s = rs.step(in_room(rs, "2,0", "1,0", audacity=1), Heads(3))
    assert s.phase == "spend" and Spend(1, "heads") in rs.legal_actions(s)
    s = rs.step(s, Spend(1, "heads"))                                 # discarded, and still no 5
    assert s.raider(1).position == "1,0" and s.raider(1).audacity == 0
    s = rs.step(in_room(rs, "2,0", "1,0", audacity=2), Heads(3))   # 3 + 2 could be a 5: a choice
    assert s.phase == "spend" and Spend(2, "heads") in rs.legal_actions(s)
    s = rs.step(s, Spend(0))
    assert s.raider(1).position == "1,0" and s.raider(1).audacity == 1


def test_audacity_can_turn_a_roll_into_a_five() -> None:
    rs = ruleset()
    s = rs.step(in_room(rs, "2,0", "1,0", audacity=1), Heads(4))
    assert Spend(1, "heads") in rs.legal_actions(s)
    s = rs.step(s, Spend(1, "heads"))
    assert s.phase == "place" and s.raider(1).audacity == 1  # spent 1, gained 1


def test_trap_pass_and_fail() -> None:
    rs = ruleset()
    s = rs.step(in_room(rs, "4,0", "3,0", pennies=5), Heads(5))
    assert s.raider(1).pennies == 6 and s.placing == "ahead"
    s = rs.step(in_room(rs, "4,0", "3,0", pennies=5), Heads(3))
    assert s.raider(1).pennies == 4 and s.placing == "ahead"


def test_trap_fail_can_kill() -> None:
    rs = ruleset()
    s = rs.step(in_room(rs, "4,0", "3,0", pennies=1), Heads(1))
    assert s.raider(1).killed and s.current == 0


def test_five_or_six_heads_only_reading() -> None:
    rs = ruleset(five_or_six="heads-only")
    s = rs.step(in_room(rs, "2,0", "1,0"), Heads(1))  # 5 Tails do not count
    assert s.raider(1).position == "1,0"


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_worked_example_replays(example: str) -> None:
    ok, detail = EXAMPLES[example]()
    assert ok, detail


def test_portal_is_used_once_per_game() -> None:
    rs = ruleset(["S P 3 P E"])
    s = with_raider(state(rs, me=("1,0", 6, 0), holder=("4,0", 5, 3)), 1, in_encounter=True)
    s = rs.step(s, UsePortal())
    assert s.raider(1).portal_used
    s = rs.step(s, Heads(6))
    assert [a.space for a in rs.legal_actions(s)] == ["3,0", "1,0"]   # the other Portal, or stay ("may")
    s = rs.step(s, Place("3,0"))
    assert s.raider(1).position == "3,0" and not s.raider(1).in_encounter
    s = with_raider(attrs.evolve(s, phase="action", current=1), 1, in_encounter=True)
    with pytest.raises(IllegalAction) as err:
        rs.step(s, UsePortal())
    assert err.value.rule_id == "raiders.portal.once-per-game"


def test_invalid_use_portal_again_while_its_roll_is_pending_names_once_per_game() -> None:
    """'(This may only be used or attempted once per game per player.)': a second use-portal right after
    the first, while the Portal roll is pending, or at the spend or the Place that follow it, is refused
    for that rule, not for the point it was sent at (which the refusal lists beside it) (issue 28)."""
    rs = ruleset(["S P 3 P E"])
    s = with_raider(state(rs, me=("1,0", 6, 2), holder=("4,0", 5, 3)), 1, in_encounter=True)
    s = rs.step(s, UsePortal())
    failed, passed = rs.step(s, Heads(3)), rs.step(s, Heads(6))
    assert (s.phase, failed.phase, passed.phase) == ("roll", "spend", "place")
    for at, point_rule in ((s, "raiders.move.roll"), (failed, "raiders.audacity.alter-roll"),
                           (passed, "raiders.portal.success")):
        with pytest.raises(IllegalAction) as err:
            rs.step(at, UsePortal())
        assert err.value.rule_id == "raiders.portal.once-per-game", at.phase
        assert err.value.also == (point_rule,)


def test_invalid_use_portal_out_of_turn_by_a_raider_who_has_not_used_one_names_the_point() -> None:
    """A use-portal sent at another point by a Raider whose Portal is unused breaks only that point's rule."""
    rs = ruleset(["S P 3 P E"])
    s = rs.step(state(rs, me=("2,0", 6, 2), holder=("4,0", 5, 3)), Move())
    s = rs.step(s, Heads(3))
    assert s.phase == "move-to"
    with pytest.raises(IllegalAction) as err:
        rs.step(s, UsePortal())
    assert err.value.rule_id == "raiders.move.number-match"
