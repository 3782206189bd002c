"""Tomb Set Up: the coin toss, the Raiders on Start, the first player and the Grail.

The tiles are laid by ``board.compose`` from a board file (the rulebook does not print them); the
toss decides who placed the Start tile, which the state records.
"""

from __future__ import annotations

from typing import Any

from ...options import read
from ...traceability import implements
from ..state import Raider, RaidersState
from .objective import STARTING_AUDACITY, STARTING_PENNIES, apply_gain_grail


@implements("raiders.setup.raiders-at-start", "raiders.setup.starting-audacity",
            "raiders.setup.starting-pennies", "raiders.boss.track-start")
def initial_state(rs: Any) -> RaidersState:
    """Both Raider Nickels on the Start space, 2 Audacity and 6 Pennies each, the Boss on 8."""
    raider = Raider(position=rs.board.start, pennies=STARTING_PENNIES, audacity=STARTING_AUDACITY)
    return RaidersState(phase="coin-toss", current=0, raiders=(raider, raider), boss_track=8)


@implements("raiders.setup.coin-toss", "raiders.setup.toss-loser-first", "raiders.setup.first-player-grail",
            "raiders.ambiguity.grail-player-labels")
def apply_coin_toss(rs: Any, d: Any, winner: int) -> None:
    """The toss winner places the Start tile; the loser goes first and gains The Holy Grail, ending
    with 3 Audacity and 5 Pennies (the labels 'Grail Player 3' and 'Grail Player 5', read as the values
    after the gain), or, read as starting values, starting with them and ending with 4 and 4."""
    first = 1 - winner
    d.toss_winner, d.current = winner, first
    if read(rs.options, "grail_player_labels") == "starting-values":
        r = d.edit("raiders", first)
        r.audacity, r.pennies = 3, 5
    apply_gain_grail(rs, d, first)
