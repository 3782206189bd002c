"""Campaign Play: each Player's XP carries from one game to the next, and his level gives benefits.

The benefits themselves are where the rules they change are: Greenhorn (the order roll, ``setup``),
Page and Knight (the first draw, ``inn``), Squire (``death``), Journeyman (Draw), Man at Arms and Hero
(filling the Crypts), Soldier (Recruit), Lord (the Party size).
"""

from __future__ import annotations

from typing import Any

from ...numeric import if_
from ...traceability import implements
from ..state import TombSetup, TombState

#: tomb.campaign.level-chart: the least XP of each level (Level 1 is 50 XP or fewer).
LEVEL_FLOORS = (51, 101, 201, 401, 701, 1101, 1601, 2201, 3000)


@implements("tomb.campaign.levels", "tomb.campaign.level-1-monster-fodder", "tomb.campaign.benefits-cumulative",
            "tomb.ambiguity.campaign-3000-xp")
def compute_level(xp: Any, lord_at_3000: Any = True) -> Any:
    """The level for a tally of ``xp``: 1 (50 XP or fewer) to 10 (3000 XP or more; with the reading
    knight, 3000 XP is still Level 9).  Every benefit up to the level applies (cumulative)."""
    level: Any = 1
    for floor in LEVEL_FLOORS[:-1]:
        level = level + if_(xp >= floor, 1, 0)
    return level + if_(xp >= if_(lord_at_3000, 3000, 3001), 1, 0)


def level_of(rs: Any, xp: int) -> int:
    return compute_level(xp, rs.options.campaign_3000 == "lord")


@implements("tomb.campaign.series-of-games", "tomb.campaign.running-tally", "tomb.ambiguity.campaign-tally")
def next_setup(rs: Any, state: TombState) -> TombSetup:
    """"each Player keeps a running tally of XP from one game to the next" (final-score: each game's
    final score; banked-only: only the XP banked)."""
    from .end import banked_xp

    if state.outcome is None:
        from ...errors import InvalidInput

        raise InvalidInput("only a finished game carries over to the next game of a Campaign", source="<state>")
    gained = state.scores if rs.options.campaign_tally == "final-score" else \
        tuple(banked_xp(rs, state, p) for p in range(rs.num_players))
    return TombSetup(tuple(t + g for t, g in zip(state.tally, gained)))
