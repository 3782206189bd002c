"""The worked examples of the Raiders rulebook, replayed through the reference model.

Each replay builds the situation the example describes on a small board (the rulebook prints none),
plays the example's rolls and choices through ``step`` and compares the outcome with the text.  It
returns ``(matches, detail)``.  The tests assert every example matches; ``tombspec check`` reports a
mismatch as a finding.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from tombspec.model.raiders import Raiders
from tombspec.model.raiders.actions import Heads, Move, MoveTo, Place, Spend, UsePortal
from tombspec.model.raiders.board import board_from_data
from tombspec.model.raiders.state import Raider, RaidersState


def example_board(rows: list[str], *more: tuple[list[str], int, int], layout: str = "free") -> Any:
    tiles = [{"id": "t0", "rows": rows}] + [{"id": f"t{i + 1}", "rows": r} for i, (r, _, _) in enumerate(more)]
    placements = [{"tile": "t0", "x": 0, "y": 0}] + \
        [{"tile": f"t{i + 1}", "x": x, "y": y} for i, (_, x, y) in enumerate(more)]
    return board_from_data({"format": 1, "board": {"name": "example", "layout": layout},
                            "tiles": tiles, "placements": placements})


def temple_state(rs: Raiders, temple_at: str, *, audacity: int = 2, pennies: int = 6, **changes: Any) -> RaidersState:
    """James T. Temple is player 1, without the Grail; the Grail holder (player 0) stands elsewhere."""
    holder_at = next(s for s in rs.board.spaces if s not in (temple_at, rs.board.escape))
    return RaidersState(phase="action", current=1, grail=0,
                        raiders=(Raider(holder_at, 5, 3), Raider(temple_at, pennies, audacity)), **changes)


def temple_audacity_move() -> tuple[bool, str]:
    """'He gets 2 Heads and 4 Tails. He needs a 5 to move to the next space. He spends 1 Audacity
    Token to alter the Tails part of the roll, changing it to a 5, and then he moves to that room.'"""
    rs = Raiders(board=example_board(["S 5 1 E"]))
    s = temple_state(rs, "0,0", audacity=2)
    s = rs.step(rs.step(s, Move()), Heads(2))
    move = MoveTo("1,0", "tails", 1)
    if move not in rs.legal_actions(s):
        return False, f"{move} is not legal after 2 Heads and 4 Tails: {rs.legal_actions(s)}"
    after = rs.step(s, move)
    t = after.raider(1)
    return (t.position == "1,0" and t.audacity == 1), f"Temple on {t.position} with {t.audacity} Audacity"


def boss_opposite_number() -> tuple[bool, str]:
    """'James chooses to move onto a 4. The Boss Monster gets to move onto a room with a 2 if it is
    adjacent. If not, the Boss Monster does not move this turn!'"""
    results = []
    for rows, expect in ((["S 4 5 5 5 E", "3 2 5 5 5 3"], "1,1"), (["S 4 5 5 5 E", "3 6 5 5 5 3"], "0,1")):
        rs = Raiders(board=example_board(rows))
        s = temple_state(rs, "0,0", boss_track=0, boss="0,1")
        s = rs.step(rs.step(s, Move()), Heads(4))
        s = rs.step(s, MoveTo("1,0", "heads", 0))
        results.append((s.boss == expect, f"Boss on {s.boss}, expected {expect}"))
    return all(ok for ok, _ in results), "; ".join(d for _, d in results)


def portal_malfunction() -> tuple[bool, str]:
    """'he rolls a 3. He does not have enough Audacity to make it a 5 or 6. He must move his character
    back one card tile.'"""
    rs = Raiders(board=example_board(["S 1 2", "3 4 5"], (["6 P 1", "2 3 E"], 2, 1), layout="standard"))
    s = temple_state(rs, "3,1", audacity=1)
    s = attrs.evolve(s, raiders=(s.raiders[0], attrs.evolve(s.raiders[1], in_encounter=True, came_from="2,1")))
    s = rs.step(rs.step(s, UsePortal()), Heads(3))
    if s.phase == "spend":    # "He does not have enough Audacity to make it a 5 or 6": he keeps it
        s = rs.step(s, Spend(0))
    expected = {"1,0", "2,0", "1,1"}
    got = {a.space for a in rs.legal_actions(s) if isinstance(a, Place)}
    return got == expected and s.phase == "place", f"malfunction targets {sorted(got)}, expected {sorted(expected)}"


EXAMPLES: dict[str, Callable[[], tuple[bool, str]]] = {
    "raiders.audacity.example-temple-move": temple_audacity_move,
    "raiders.boss.example-opposite-number": boss_opposite_number,
    "raiders.portal.example-malfunction": portal_malfunction,
}
