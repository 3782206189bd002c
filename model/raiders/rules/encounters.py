"""Encounter with Monster or Trap Room: the forced move, the roll to pass, risks and rewards.

The same roll for a "5 or 6" serves the Portal and the escape from the Boss Monster.
"""

from __future__ import annotations

from typing import Any

from ...options import read
from ...traceability import implements
from ..actions import Spend
from ..state import RaidersState, Roll


@implements("raiders.encounter.forced-move", "raiders.ambiguity.ahead-behind")
def pullers(rs: Any, state: RaidersState, player: int) -> tuple[str, ...]:
    """Monster and Trap spaces adjacent to the Raider and closer to the Escape Space."""
    board = rs.board
    here = state.raider(player).position
    if here is None:
        return ()
    return tuple(s for s in board.ahead(here) if board.spaces[s].kind in ("monster", "trap"))


@implements("raiders.encounter.pass-on-five-or-six", "raiders.portal.use-on-five-or-six",
            "raiders.boss.escape-roll", "raiders.ambiguity.five-or-six")
def faces_for_five_or_six(rs: Any) -> tuple[str, ...]:
    return ("heads",) if read(rs.options, "five_or_six") == "heads-only" else ("heads", "tails")


def is_five_or_six(number: int) -> bool:
    return number in (5, 6)


def passes_unaltered(rs: Any, roll: Roll) -> bool:
    assert roll.heads is not None and roll.tails is not None
    if is_five_or_six(roll.heads):
        return True
    # Only the Tails number could pass: now the reading of "a 5 or 6" decides.
    return is_five_or_six(roll.tails) and "tails" in faces_for_five_or_six(rs)


@implements("raiders.audacity.alter-roll", "raiders.portal.example-malfunction")
def spend_options(rs: Any, state: RaidersState) -> list[Spend]:
    """Audacity the Raider may spend to make the roll a 5 or 6; ``Spend(0)`` accepts the failure."""
    roll = state.roll
    audacity = state.raider(state.current).audacity
    assert roll is not None and roll.heads is not None
    options = [Spend(0)]
    tails_could = any(is_five_or_six(roll.tails + k) or is_five_or_six(roll.tails - k)  # type: ignore[operator]
                      for k in range(1, audacity + 1))
    for face in faces_for_five_or_six(rs) if tails_could else ("heads",):
        rolled = roll.heads if face == "heads" else roll.tails
        assert rolled is not None
        for k in range(1, audacity + 1):
            if is_five_or_six(rolled + k) or is_five_or_six(rolled - k):
                options.append(Spend(k, face))
    return options
