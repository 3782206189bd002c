"""Tomb Set Up: the coin toss, the Raiders on Start, the first player and the Grail.

The tiles are laid by ``board.compose`` from a board file (the rulebook does not print them); the
toss decides who placed the Start tile, which the state records.
"""

from __future__ import annotations

from typing import Any

import attrs

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
def apply_coin_toss(rs: Any, state: RaidersState, winner: int) -> RaidersState:
    """The toss winner places the Start tile; the loser goes first and gains The Holy Grail
    (ending with 3 Audacity and 5 Pennies: the labels 'Grail Player 3' and 'Grail Player 5')."""
    first = 1 - winner
    state = attrs.evolve(state, toss_winner=winner, current=first)
    return apply_gain_grail(rs, state, first)
