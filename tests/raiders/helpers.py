"""Small boards and states for the Raiders rule tests."""

from __future__ import annotations

from typing import Any

import attrs

from tombspec.checks.games.raiders.examples import example_board
from tombspec.model.raiders import Raiders
from tombspec.model.raiders.state import Raider, RaidersState

# A row: Start, numbers, a Monster, a Trap and Escape, over a second row of numbers.
LINE = ["S 3 M 4 T 2 E", "1 5 6 2 3 4 1"]


def ruleset(rows: list[str] | None = None, **options: Any) -> Raiders:
    return Raiders(options=options or None, board=example_board(rows or LINE))


def state(rs: Raiders, *, me: tuple[str, int, int] = ("0,0", 6, 2), holder: tuple[str, int, int] | None = None,
          current: int = 1, phase: str = "action", **changes: Any) -> RaidersState:
    """Player 1 (``me``) without the Grail; player 0 holds it (default: on the second row, far)."""
    h = holder or ("6,1", 5, 3)
    raiders = (Raider(h[0], h[1], h[2]), Raider(me[0], me[1], me[2]))
    return RaidersState(phase=phase, current=current, raiders=raiders, grail=0, **changes)


def with_raider(s: RaidersState, player: int, **changes: Any) -> RaidersState:
    raiders = list(s.raiders)
    raiders[player] = attrs.evolve(raiders[player], **changes)
    return attrs.evolve(s, raiders=tuple(raiders))


def on_draft(transition: Any, rs: Raiders, s: RaidersState, *args: Any) -> RaidersState:
    """Run one of the model's transitions (they assign to a draft of the state) on a frozen state."""
    from tombspec.model.raiders.state import RaidersDraft

    d = RaidersDraft.thaw(s)
    transition(rs, d, *args)
    return d.freeze()
