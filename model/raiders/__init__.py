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
from .board import Board, board_from_data, default_board, load_board, shipped_boards
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
                 board: Board | dict[str, Any] | str | Path | None = None):
        if not isinstance(options, RaidersOptions):
            options = options_from_data(RaidersOptions, options)
        self.options = options
        if board is None:
            board = default_board()
        elif isinstance(board, dict):   # the board-file form, as describe() and trace headers give it
            board = board_from_data(board, source="<board data>")
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

    def heuristic(self, state: RaidersState, action: Any) -> float:
        """A cost for exploration policies (lower is more purposeful): head for Escape.  Not a rule."""
        space = getattr(action, "space", None)
        if space is not None:
            return float(self.board.to_escape[space])
        here = state.raider(state.current).position
        base = float(self.board.to_escape[here]) if here else 0.0
        return base + {"move": -0.5, "use-portal": -0.2, "spend": -0.1}.get(action.kind, 0.5)

    def describe(self) -> dict[str, Any]:
        return {"options": codec.to_data(self.options), "board": self.board.to_data()}


register(GAME, Raiders)

#: Configurations ``tombspec check`` explores: every shipped board, the Advanced Rules, other readings.
EXPLORE_CONFIGS: list[dict[str, Any]] = [
    {},
    {"board": "small", "options": {"five_or_six": "heads-only", "grail_holder_killed": "nobody-wins"}},
    {"board": "large", "options": {"penny_cap": "no-cap", "audacity_cap": "shared-six",
                                   "boss_encounter_chain": "one-room"}},
    {"board": "special", "options": {"special_tiles": True, "audacity_advanced": True}},
    {"board": "special", "options": {"special_tiles": True, "audacity_advanced": True,
                                     "audacity_advanced_attack": "after-roll-as-standard",
                                     "black_tile": "any-number", "failing_a_move_roll": "no-match"}},
]

__all__ = ["GAME", "Raiders", "RaidersOptions", "RaidersState"]
