"""Raiders of the Lost Tomb: the reference model.

>>> from tombspec.model.raiders import Raiders
>>> rs = Raiders()
>>> s = rs.step(rs.initial_state(), rs.chance_outcomes(rs.initial_state())[0][0])  # player 0 wins the toss
>>> s.current, s.grail, s.raiders[1].pennies, s.raiders[1].audacity   # the loser goes first, with the Grail
(1, 1, 5, 3)
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from .. import codec
from ..options import options_from_data
from ..ruleset import Pending, Ruleset, Violation, register
from . import invariants
from .actions import ACTION_TYPES
from .board import Board, default_board, load_board, shipped_boards
from .options import RaidersOptions
from .rules import turn
from .state import RaidersState

GAME = "raiders"


class Raiders(Ruleset):
    """The ruleset of Raiders of the Lost Tomb on one board with one set of options."""

    game = GAME
    state_type = RaidersState
    options_type = RaidersOptions
    action_types = ACTION_TYPES

    def __init__(self, options: RaidersOptions | dict[str, Any] | None = None,
                 board: Board | str | Path | None = None):
        if not isinstance(options, RaidersOptions):
            options = options_from_data(RaidersOptions, options)
        self.options = options
        if board is None:
            board = default_board()
        elif isinstance(board, str) and board in shipped_boards():
            board = load_board(shipped_boards()[board])
        elif not isinstance(board, Board):
            board = load_board(board)
        self.board = board

    def initial_state(self) -> RaidersState:
        from .rules.setup import initial_state

        return initial_state(self)

    def pending(self, state: RaidersState) -> Pending:
        return turn.pending(state)

    def legal_actions(self, state: RaidersState) -> list[Any]:
        if turn.pending(state).kind != "decision":
            return []
        return turn.legal_actions(self, state)

    def chance_outcomes(self, state: RaidersState) -> list[tuple[Any, Fraction]]:
        return turn.chance_outcomes(self, state)

    def _apply(self, state: RaidersState, action: Any) -> RaidersState:
        return turn.apply(self, state, action)

    def violations(self, state: RaidersState) -> list[Violation]:
        return invariants.violations(self, state)

    def describe(self) -> dict[str, Any]:
        return {"options": codec.to_data(self.options), "board": self.board.to_data()}


register(GAME, Raiders)

__all__ = ["GAME", "Raiders", "RaidersOptions", "RaidersState"]
