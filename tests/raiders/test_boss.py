"""The Boss Monster."""

from __future__ import annotations

import pytest

from tombspec.model.raiders.actions import Heads, Move, Prepare, Stay
from tombspec.model.raiders.rules.turn import apply_round_count

from .helpers import on_draft, ruleset, state, with_raider


def test_track_counts_down_each_round_and_spawns_at_start() -> None:
    rs = ruleset()
    s = state(rs, boss_track=1, turns_in_round=1, current=1)
    s = on_draft(apply_round_count, rs, s)
    assert s.boss_track == 0 and s.boss == rs.board.start


def test_spawning_on_start_traps_a_raider_there() -> None:
    rs = ruleset()
    s = state(rs, me=("0,0", 6, 2), boss_track=1, turns_in_round=1, current=0)
    s = on_draft(apply_round_count, rs, s)
    assert s.raider(1).trapped and s.phase == "roll" and s.roll.purpose == "escape"


def test_opposite_number_and_player_did_not_move() -> None:
    from tombspec.checks.games.raiders.examples import boss_opposite_number

    assert boss_opposite_number()[0]
    rs = ruleset(["S 4 5 5 5 E", "3 2 5 5 5 3"])
    s = state(rs, me=("0,0", 6, 0), holder=("5,1", 5, 3), boss_track=0, boss="0,1")
    s = rs.step(rs.step(rs.step(s, Move()), Heads(4)), Stay())  # did not move: either number (4 or 2)
    assert s.boss in ("1,0", "1,1")


def test_boss_only_moves_ahead() -> None:
    rs = ruleset(["S 1 1 1 E", "2 2 2 2 2"])
    s = state(rs, me=("0,0", 6, 2), holder=("4,1", 5, 3), boss_track=0, boss="2,1")
    s = rs.step(s, Prepare())
    s = rs.step(s, Heads(1))  # numbers 1 and 5
    assert rs.board.to_escape[s.boss] <= rs.board.to_escape["2,1"]


def test_boss_next_to_escape_seals_the_tomb_on_its_next_move() -> None:
    rs = ruleset(["S 1 1 1 E", "2 2 2 2 2"])
    s = state(rs, me=("0,0", 6, 2), holder=("0,1", 5, 3), boss_track=0, boss="3,0")
    s = rs.step(rs.step(s, Prepare()), Heads(3))
    assert s.phase == "over" and s.outcome == "sealed" and s.winner is None


def test_trapped_raider_escapes_on_five_or_six() -> None:
    rs = ruleset()
    s = state(rs, me=("1,0", 6, 2), phase="roll", boss_track=0, boss="1,0")
    s = with_raider(s, 1, trapped=True)
    from tombspec.model.raiders.state import Roll
    import attrs

    s = attrs.evolve(s, roll=Roll("escape", 6))
    s = rs.step(s, Heads(5))
    assert s.raider(1).audacity == 3 and s.raider(1).pennies == 6 and not s.raider(1).trapped
    assert s.phase == "place" and s.placing == "ahead"


def test_trapped_raider_fails_moves_back_and_loses() -> None:
    rs = ruleset()
    from tombspec.model.raiders.state import Roll
    import attrs

    s = with_raider(state(rs, me=("1,0", 6, 0), boss_track=0, boss="1,0"), 1, trapped=True)
    s = attrs.evolve(s, phase="roll", roll=Roll("escape", 6))
    s = rs.step(s, Heads(3))
    assert s.raider(1).pennies == 5 and s.raider(1).audacity == 0
    assert s.phase == "place" and s.placing == "back"


@pytest.mark.parametrize("reading", ["adjacent-ahead", "any-space-ahead"])
def test_escape_pass_moves_ahead_under_each_reading(reading: str) -> None:
    """'Pass (Rolled 5 or 6): Move ahead (any space)': any adjacent space ahead, or any space ahead in
    the Tomb (raiders.ambiguity.escape-pass-any-space)."""
    from tombspec.model.raiders.actions import Place
    from tombspec.model.raiders.state import Roll
    import attrs

    rs = ruleset(escape_pass_space=reading)
    s = with_raider(state(rs, me=("1,0", 6, 2), boss_track=0, boss="1,0"), 1, trapped=True)
    s = rs.step(attrs.evolve(s, phase="roll", roll=Roll("escape", 6)), Heads(5))
    assert s.phase == "place" and s.placing == "ahead"
    spaces = [a.space for a in rs.legal_actions(s) if isinstance(a, Place)]
    if reading == "adjacent-ahead":
        assert spaces == ["2,0", "2,1"]
    else:
        assert spaces == [f"{x},{y}" for y in (0, 1) for x in range(2, 7)]
        s = rs.step(s, Place("5,1"))
        assert s.raider(1).position == "5,1"


def test_a_monster_passed_still_moves_to_an_adjacent_space_under_any_space_ahead() -> None:
    """'move ahead to any adjacent Room Space': the reading of the escape does not reach a Monster room."""
    from tombspec.model.raiders.actions import Place
    from tombspec.model.raiders.state import Roll
    import attrs

    rs = ruleset(escape_pass_space="any-space-ahead")
    s = with_raider(state(rs, me=("2,0", 6, 2)), 1, in_encounter=True)
    s = rs.step(attrs.evolve(s, phase="roll", roll=Roll("encounter", 6)), Heads(5))
    assert s.phase == "place" and s.placing == "ahead"
    assert [a.space for a in rs.legal_actions(s) if isinstance(a, Place)] == ["3,0", "3,1"]


@pytest.mark.parametrize("reading, rooms", [("chain-ahead", ["4,0"]), ("one-room", ["4,0"]),
                                            ("chain-any-direction", ["2,0", "4,0"])])
def test_boss_encounter_pull_under_each_reading(reading: str, rooms: list[str]) -> None:
    """Ending next to a Monster room behind it (2,0) and a Trap room ahead (4,0), the Boss is pulled
    into the room ahead, or under chain-any-direction into either ('and any other adjacent Encounter
    rooms'; raiders.ambiguity.boss-encounter-chain)."""
    from tombspec.model.raiders.rules.boss import next_rooms

    rs = ruleset(boss_encounter_chain=reading)
    assert next_rooms(rs, state(rs), ("3,1", "3,0")) == rooms


@pytest.mark.parametrize("reading, boss", [("no-move", "1,1"), ("still-moves", "2,0")])
def test_boss_after_a_roll_that_kills_under_each_reading(reading: str, boss: str) -> None:
    """The Boss 'moves on each player's turn after they have finished their Action and have completed a
    roll'; 'If at any time you lose all of your pennies, you are Killed and out of the game'. A failed
    Trap roll Kills the Raider with one Penny: the Boss stays (no-move), or moves on that roll (still-moves)
    onto the Monster room ahead, the only room it may enter on a 0 or a 1 (raiders.ambiguity.boss-after-a-kill)."""
    import attrs

    from tombspec.model.raiders.rules.turn import apply_turn_start

    rs = ruleset(boss_after_a_kill=reading)
    s = with_raider(state(rs, me=("4,0", 1, 0), boss_track=0, boss="1,1"), 1, in_encounter=True, came_from="3,0")
    s = on_draft(apply_turn_start, rs, attrs.evolve(s, current=0), 1)
    assert s.phase == "roll" and s.roll.purpose == "encounter"
    s = rs.step(s, Heads(0))     # 0 Heads, 1 Tails: the Trap is failed, the last Penny lost
    assert s.raider(1).killed
    assert s.boss == boss
    assert s.current == 0 and s.phase == "action" and s.grail == 0


def test_boss_after_a_kill_still_moves_and_may_seal_the_tomb() -> None:
    """Under still-moves the Boss's move after the Killing roll is a move like any other: next to the
    Escape space it seals the Tomb ('If this happens, both players immediately LOSE the game!')."""
    import attrs

    from tombspec.model.raiders.rules.turn import apply_turn_start

    for reading, outcome in (("no-move", None), ("still-moves", "sealed")):
        rs = ruleset(boss_after_a_kill=reading)
        s = with_raider(state(rs, me=("4,0", 1, 0), boss_track=0, boss="5,1"), 1, in_encounter=True,
                        came_from="3,0")
        s = on_draft(apply_turn_start, rs, attrs.evolve(s, current=0), 1)
        s = rs.step(s, Heads(0))
        assert s.raider(1).killed and s.outcome == outcome, reading


def test_boss_after_a_kill_is_asked_only_when_the_boss_moves() -> None:
    """The reading is asked only where its answers part: a Killing roll with the Boss not yet Spawned
    ends the turn the same under both."""
    import attrs

    from tombspec.model.raiders.rules.turn import apply_turn_start

    rs = ruleset(boss_after_a_kill=None)
    s = with_raider(state(rs, me=("4,0", 1, 0)), 1, in_encounter=True, came_from="3,0")
    s = on_draft(apply_turn_start, rs, attrs.evolve(s, current=0), 1)
    s = rs.step(s, Heads(0))
    assert s.raider(1).killed and s.current == 0
