"""Raiders rules as conformance vectors: each test asserts the model's verdict on one step with
``expect_step`` and yields the vector (saved with ``pytest --tombspec-save-vectors DIR``, which is how
``tombspec vectors export --from-tests`` gathers them).  They cover what random play rarely reaches."""

from __future__ import annotations

from typing import Any

import pytest

from tombspec.checks.oracle.vectors import Vector, expect_step
from tombspec.model.effects import TURN, Effect
from tombspec.model.raiders import Raiders
from tombspec.model.raiders.actions import AttackRoll, Heads, MoveTo, Place, Spend, UsePortal
from tombspec.model.raiders.board import board_from_data
from tombspec.model.raiders.state import Attack, Raider, RaidersState, Roll


def ruleset(*tiles: tuple[list[str], str], **options: Any) -> Raiders:
    """A board of tiles laid left to right (each ``(rows, colour)``), free layout."""
    x = 0
    placements, defs = [], []
    for i, (rows, colour) in enumerate(tiles):
        defs.append({"id": f"t{i}", "rows": rows, "colour": colour})
        placements.append({"tile": f"t{i}", "x": x, "y": 0})
        x += len(rows[0].split())
    board = board_from_data({"format": 1, "board": {"name": "vectors", "layout": "free"}, "tiles": defs,
                             "placements": placements})
    return Raiders(options=options or None, board=board)


def state(*, holder: Raider, other: Raider, phase: str, current: int, **more: Any) -> RaidersState:
    return RaidersState(phase=phase, current=current, raiders=(holder, other), grail=0, **more)


def test_escaping_with_the_grail_wins() -> None:
    """raiders.object.escape-with-grail: 'As soon as one player escapes the tomb with The Holy Grail, the
    game immediately ends and that player wins.'"""
    rs = ruleset((["S 3 E"], "plain"))
    pre = state(holder=Raider("1,0", 5, 3), other=Raider("0,0", 6, 2), phase="move-to", current=0,
                roll=Roll("move", 5, heads=3))
    v = expect_step(rs, pre, MoveTo("2,0", "free"), case="escape-with-the-grail",
                    target="raiders.object.escape-with-grail",
                    check=lambda s: (s.phase, s.outcome, s.winner) == ("over", "escaped", 0))
    assert isinstance(v, Vector) and v.expected == "post" and v.area == "object"
    assert v.post["winner"] == 0 and v.case == "test-escape-with-the-grail"


def test_the_grail_holder_killed_by_a_trap_passes_the_grail_to_the_survivor() -> None:
    rs = ruleset((["S T 3 E"], "plain"))
    pre = state(holder=Raider("1,0", 1, 0, in_encounter=True, came_from="0,0"), other=Raider("2,0", 6, 2),
                phase="roll", current=0, roll=Roll("encounter", 1))
    expect_step(rs, pre, Heads(0), case="grail-holder-killed", target="raiders.ambiguity.grail-holder-killed",
                check=lambda s: s.raider(0).killed and s.grail == 1
                and (s.raider(1).pennies, s.raider(1).audacity) == (5, 3))


def test_the_grail_holder_killed_ends_the_game_on_the_other_reading() -> None:
    rs = ruleset((["S T 3 E"], "plain"), grail_holder_killed="nobody-wins")
    pre = state(holder=Raider("1,0", 1, 0, in_encounter=True, came_from="0,0"), other=Raider("2,0", 6, 2),
                phase="roll", current=0, roll=Roll("encounter", 1))
    expect_step(rs, pre, Heads(0), case="grail-holder-killed-nobody-wins",
                target="raiders.ambiguity.grail-holder-killed",
                check=lambda s: (s.phase, s.outcome, s.winner) == ("over", "grail-lost", None))


def test_invalid_tails_on_a_yellow_red_tile() -> None:
    rs = ruleset((["S 3"], "plain"), (["4 E"], "yellow-red"), special_tiles=True)
    pre = state(holder=Raider("0,0", 5, 3), other=Raider("1,0", 6, 2), phase="move-to", current=1,
                roll=Roll("move", 6, heads=2))
    expect_step(rs, pre, MoveTo("2,0", "tails", 0), rule="raiders.advanced.yellow-red-heads-only",
                case="yellow-red-tails")
    expect_step(rs, pre, MoveTo("2,0", "heads", 2), case="yellow-red-heads-with-audacity",
                target="raiders.advanced.yellow-red-heads-only",
                check=lambda s: s.raider(1).position == "2,0" and s.raider(1).audacity == 0)


def test_invalid_audacity_on_a_black_tile() -> None:
    rs = ruleset((["S 3"], "plain"), (["4 E"], "black"), special_tiles=True)
    pre = state(holder=Raider("0,0", 5, 3), other=Raider("1,0", 6, 2), phase="move-to", current=1,
                roll=Roll("move", 6, heads=3))
    expect_step(rs, pre, MoveTo("2,0", "heads", 1), rule="raiders.advanced.black-any-face",
                case="black-tile-audacity")


def test_invalid_natural_six_without_one() -> None:
    rs = ruleset((["S 3 4 E"], "plain"))
    pre = state(holder=Raider("0,0", 5, 3), other=Raider("1,0", 6, 2), phase="move-to", current=1,
                roll=Roll("move", 6, heads=3))
    expect_step(rs, pre, MoveTo("2,0", "natural"), rule="raiders.move.natural-six", case="natural-six-refused")


def test_a_natural_six_gains_audacity() -> None:
    rs = ruleset((["S 3 4 E"], "plain"))
    pre = state(holder=Raider("0,0", 5, 3), other=Raider("1,0", 6, 2), phase="roll", current=1,
                roll=Roll("move", 6))
    expect_step(rs, pre, Heads(6), case="natural-six", target="raiders.move.natural-six",
                check=lambda s: s.phase == "move-to" and s.raider(1).audacity == 3)


def test_invalid_numbered_move_into_an_encounter_room() -> None:
    rs = ruleset((["S 3 M E"], "plain"))
    pre = state(holder=Raider("0,0", 5, 3), other=Raider("1,0", 6, 2), phase="move-to", current=1,
                roll=Roll("move", 6, heads=2))
    expect_step(rs, pre, MoveTo("2,0", "heads", 0), rule="raiders.move.encounter-rooms",
                case="encounter-room-by-number")


def test_invalid_place_outside_the_rooms_that_pull() -> None:
    rs = ruleset((["S 3 M E", "1 2 T 4"], "plain"))
    pre = state(holder=Raider("0,0", 5, 3), other=Raider("1,0", 6, 2), phase="forced-move", current=1,
                roll=Roll("move", 6, heads=2),
                effects=(Effect("pulled-by", "raiders.encounter.forced-move", until=TURN, player=1,
                                items=("2,0", "2,1")),))
    expect_step(rs, pre, Place("1,1"), rule="raiders.encounter.forced-move", case="forced-move-elsewhere")
    expect_step(rs, pre, Place("2,1"), case="forced-move-choice", target="raiders.encounter.forced-move",
                check=lambda s: s.raider(1).position == "2,1" and s.raider(1).in_encounter)


def test_invalid_second_use_of_a_portal() -> None:
    rs = ruleset((["S P 3 P E"], "plain"))
    pre = state(holder=Raider("0,0", 5, 3), other=Raider("1,0", 6, 2, portal_used=True), phase="action",
                current=1)
    expect_step(rs, pre, UsePortal(), rule="raiders.portal.once-per-game", case="portal-twice")


@pytest.mark.parametrize("attacker_heads, won", [(3, False), (4, True)])
def test_ties_go_to_the_defender_and_a_won_attack_returns_the_grail_penny(attacker_heads: int, won: bool) -> None:
    rs = ruleset((["S 3 4 E"], "plain"))
    pre = state(holder=Raider("2,0", 5, 0), other=Raider("2,0", 6, 1), phase="attack-attacker", current=1,
                attack=Attack(attacker=1, defender=0, attacker_heads=attacker_heads, defender_heads=3,
                              defender_spent=0))
    if won:
        expect_step(rs, pre, Spend(0), case="attack-won", target="raiders.attack.grail-penny-returned",
                    check=lambda s: s.grail == 1 and s.raider(0).pennies == 6 and s.current == 1)
    else:
        expect_step(rs, pre, Spend(0), case="attack-tied", target="raiders.attack.ties-to-defender",
                    check=lambda s: s.grail == 0 and s.raider(0).pennies == 5)


def test_invalid_attack_roll_beyond_the_pennies() -> None:
    rs = ruleset((["S 3 4 E"], "plain"))
    pre = state(holder=Raider("2,0", 5, 0), other=Raider("2,0", 6, 1), phase="attack-roll", current=1,
                attack=Attack(attacker=1, defender=0))
    expect_step(rs, pre, AttackRoll(7, 0), rule="raiders.attack.both-roll", case="attack-roll-seven-heads")
