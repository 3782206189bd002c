"""Secrets of the Lost Tomb: the reference model.

>>> from tombspec.model.secrets import Secrets
>>> rs = Secrets(options={"players": 2})
>>> s = rs.initial_state()
>>> rs.pending(s)
Pending(kind='chance', players=(), mode='one', what='leader die')
>>> s = rs.step(s, rs.chance_outcomes(s)[1][0])            # seat 1 rolls highest: Expedition Leader
>>> s.leader, rs.pending(s).players, rs.legal_actions(s)[0]
(1, (1,), Choose(adventurer='Christopher St. George'))
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import codec
from ..errors import InvalidInput
from ..options import options_from_data
from ..ruleset import Pending, Ruleset
from . import invariants
from .actions import ACTION_TYPES
from .components import Components, components_from_data, load_components, shipped_sets
from .options import PLAYER_COUNTS, UNBOUNDED_PLAYERS, SecretsOptions
from .rules import tomb_phase, turn
from .judgement import Judgement
from .state import SecretsState

GAME = "secrets"
DEFAULT_SET = "core"


class Secrets(Judgement, Ruleset):
    """The ruleset of Secrets of the Lost Tomb with one component set, scenario and set of options."""

    game = GAME
    state_type = SecretsState
    options_type = SecretsOptions
    action_types = ACTION_TYPES
    player_counts = PLAYER_COUNTS

    def __init__(self, options: SecretsOptions | dict[str, Any] | None = None,
                 board: Components | dict[str, Any] | str | Path | None = None):
        if not isinstance(options, SecretsOptions):
            options = options_from_data(SecretsOptions, options)
        self.options = options
        if board is None:
            board = load_components(shipped_sets()[DEFAULT_SET])
        elif isinstance(board, dict):   # the component-file form, as describe() and trace headers give it
            board = components_from_data(board, source="<components data>")
        elif isinstance(board, str) and board in shipped_sets():
            board = load_components(shipped_sets()[board])
        elif not isinstance(board, Components):
            board = load_components(board)
        self.components = board
        self.scenario = board.scenario(options.scenario)
        if options.players == 1:
            pass
        elif all(s.solo_only for s in board.adventurers.values()):
            raise InvalidInput("the component set has no Adventurer for a game of several", source="<options>")
        if len([s for s in board.adventurers.values()]) < options.players:
            raise InvalidInput(f"secrets.ambiguity.max-adventurers: the component set has {len(board.adventurers)} "
                               f"Adventurer sheets, fewer than {options.players} Adventurers", source="<options>")
        if options.fewer_tokens_floor == "refused":     # refused: the options, not a game begun (rules/setup.py)
            from .rules.setup import action_tokens

            action_tokens(self)
        self.passed: Any = None
        self.last_pending: Any = None
        self.last_legal: Any = None
        self.last_tomb: Any = None
        self.last_chance: Any = None

    #: caches kept on the ruleset, each one tuple replaced at a time and holding its state (so compared by
    #: identity), rebuilt on demand: left out when the ruleset is pickled (to a worker process), empty
    #: after.  ``passed``: the last state on which every invariant held (``invariants.py``);
    #: ``last_pending``, ``last_legal``, ``last_chance``: the last answers of ``pending``, ``legal`` and
    #: ``chance``; ``last_tomb``: ``board.tomb_of``'s
    CACHES = ("passed", "last_pending", "last_legal", "last_tomb", "last_chance")

    @property
    def board(self) -> Components:
        return self.components

    @property
    def num_players(self) -> int:
        return self.options.players

    def initial_state(self, setup: Any = None) -> SecretsState:
        from .rules.setup import initial_state

        if setup is not None:
            raise InvalidInput("secrets starts every scenario afresh: there is no game-to-game setup")
        return turn.settle(self, initial_state(self))

    def pending(self, state: SecretsState) -> Pending:
        """Who acts next (``rules/turn.py``), remembered for the last state asked (by identity): a step
        asks it of the same state several times."""
        last = self.last_pending
        if last is not None and last[0] is state:
            return last[1]
        out = turn.pending(self, state)
        self.last_pending = (state, out)
        return out

    def legal(self, state: SecretsState, seat: int) -> tuple[Any, ...]:
        """The decisions open to ``seat`` (``rules/turn.py``), remembered for the last state and seat asked
        (by identity): the step that answers checks its answer against the list the player chose from."""
        last = self.last_legal
        if last is not None and last[0] is state and last[1] == seat:
            return last[2]
        out = tuple(turn.legal_actions(self, state, seat))
        self.last_legal = (state, seat, out)
        return out

    def _legal_actions(self, state: SecretsState, player: int) -> list[Any]:
        return list(self.legal(state, player))

    def chance(self, state: SecretsState) -> Any:
        """The chance event due (``rules/turn.py``), remembered for the last state asked (by identity): the
        step that answers it checks its outcome against the distribution it was drawn from."""
        last = self.last_chance
        if last is not None and last[0] is state:
            return last[1]
        out = turn.chance(self, state)
        self.last_chance = (state, out)
        return out

    #: ``turn.apply(rs, state, action, seat)`` itself, no wrapper in between (one call fewer a step)
    _apply = turn.apply

    def turn_rule(self, state: SecretsState) -> str:
        """One action per turn, the marker's holder first, then clockwise; inside a task, its decider.
        Game Setup's choice of sheets is the Expedition Leader's first, then clockwise ("Starting with the
        Expedition Leader ... each player in clockwise order chooses an Adventurer sheet"): that rule."""
        if state.head is not None:
            if state.head.kind == "choose":
                return "secrets.setup.choose-adventurers"
            return "secrets.adventurer-phase.next-player" if state.head.kind == "trade" else \
                "secrets.turn.first-player-begins"
        return "secrets.adventurer-phase.next-player"

    def ends(self) -> tuple[str, ...]:
        """The adventurers win the scenario (won) or lose it (lost)."""
        return ("won", "lost")

    #: ``invariants.violations(rs, state)`` itself, no wrapper in between (asked after every step)
    violations = invariants.violations

    @classmethod
    def shipped_boards(cls) -> dict[str, Path]:
        return shipped_sets()

    #: the ends the coverage policy steers towards: the Tomb explored, and the boss hunted (a won game)
    aims = ("explore", "boss")

    def heuristic(self, state: SecretsState, action: Any, aim: str = "explore") -> float:
        """A cost for exploration policies (lower is more purposeful).  Not a rule.

        Exploring: explore, fight, search, by kind.  Hunting the boss (the starter's Win Condition): once
        it is on the board, fight it, and move towards the room it is in, else explore as before."""
        base = {"explore": -3.0, "fight": -2.0, "search": -1.5, "step": -1.0, "move": -0.5, "roll": -0.4,
                "accept": -0.4, "stop": 1.0, "pass": 2.0, "decline": 2.0}.get(action.kind, 0.0)
        boss = state.boss if aim == "boss" else None
        if boss is None:
            return base
        if action.kind == "fight":
            return -20.0 if action.target == boss.key else base
        here = state.seats[state.current].adventurer
        if here is None:
            return base
        from .board import tomb_of

        to_boss = tomb_of(self, state.rooms).distances_to("adventurer", boss.room)
        if action.kind == "step":
            return -10.0 + to_boss.get(action.room, 99)
        if action.kind == "move" and here.room != boss.room:
            return -12.0
        return base

    def describe(self) -> dict[str, Any]:
        return {"options": codec.to_data(self.options), "board": self.components.to_data()}


#: Configurations ``tombspec check`` explores: player counts 1-6, every difficulty, variants, other readings.
Secrets.explore_configs = (
    {},
    {"options": {"players": 1}},
    {"options": {"players": 2, "difficulty": "intermediate", "fleeing_movement": "may-stop-early",
                 "steal_range": "same-room-random", "effect_damage_armor": "full-damage"}},
    {"options": {"players": 3, "difficulty": "hard", "no_quetzalcoatls_hall": True, "soul_monger_location":
                 "entrance-only-in-variant", "limit_comet": "whole-card"}},
    {"options": {"players": 5, "five_adventurer_extra_actions": True, "spawn_on_starting_tile": True,
                 "comet_triggers": "upkeep-only", "upkeep_order": "scenario-first"}},
    {"options": {"players": 6, "difficulty": "intermediate", "alternative_infected": True,
                 "steal_range": "any-range-chosen"}},
    {"board": "exercise", "options": {"players": 3, "evade_creatures": "one-roll-each",
                                      "drop_within_turn": "after-action-too", "symbol_order": "listed-order"}},
    {"board": "exercise", "options": {"players": 2, "difficulty": "hard", "sealed_level": "no-open-door-then-place",
                                      "run_out_of_tiles": "stack-only", "explore_ends_move": "continue",
                                      "trap_halt": "only-when-stopping", "evade_creatures": "per-room-hardest",
                                      "spawn_priority": "adventurer-rooms-then-even"}},
    {"board": "exercise", "options": {"players": 4, "courage_range": "overflow-tracked", "critical_order":
                                      "reference-order-still-triggers", "spawn_priority": "any-adventurer-room",
                                      "status_same_type": "player-chooses", "status_substitute": "player-chooses",
                                      "companions_healing": "as-adventurer", "minus_cards": "random",
                                      "steal_range": "any-range-random", "creature_route": "random",
                                      "limit_without_rooms": "limit-first", "comet_triggers": "landing-space-only"}},
    {"options": {"players": 1, "single_adventurer_rule": True, "harrison_save": "automatic-only",
                 "redirect": "any-portion-lost"}},
)
#: Every point where the game waits, and when each is reached (``rules/turn.py``: POINTS, ENTERED_WHEN).
Secrets.phases = tuple(sorted(turn.POINTS))
Secrets.phase_entry = turn.ENTERED_WHEN
#: the refusal's rule: ``apply`` asks the task kind's ``rule`` function, or the Adventurer Phase's
Secrets.refusal_checks = turn.refusal_checks()
#: what the game does by itself: the engine's settling, a turn's end, the Tomb Phase's steps, the round's end
Secrets.procedures = (
    (turn.resolutions, "after every answer (`settle`): the tasks that need no answer, in order (a task's `run` "
                       "answering None waits for an answer); a seat that cannot act ends its turn"),
    (turn._end_turn_run, "a turn's end: the next seat with a green Action token, or the Tomb Phase"),
    (tomb_phase.start_tomb_phase, "the Tomb Phase begins: the Tomb card drawn, its steps queued"),
    (tomb_phase._tomb_effect_run, "step 1: the Tomb Effect"),
    (tomb_phase._move_creatures_run, "step 2: the creatures move"),
    (tomb_phase.nearest_targets, "where a creature heads: the nearest adventurers"),
    (tomb_phase.move_creature, "a creature enters a room"),
    (tomb_phase._initiate_run, "step 3: the creatures initiate combat"),
    (tomb_phase._spawn_run, "step 4: creatures spawn, on each level"),
    (tomb_phase.spawn_rooms, "the rooms where creatures spawn"),
    (tomb_phase._spawn_one_run, "one creature spawned (the creature limit)"),
    (tomb_phase._upkeep_run, "step 5: Upkeep"),
    (tomb_phase._search_tokens_run, "step 6: the Search tokens rotate"),
    (tomb_phase._comet_run, "step 7: the Comet track moves"),
    (tomb_phase._end_round_run, "the round's end: the End Game check, the First Player marker passes"))
Secrets.proofs = invariants
EXPLORE_CONFIGS = Secrets.explore_configs
RULESET = Secrets

__all__ = ["GAME", "RULESET", "Secrets", "SecretsOptions", "SecretsState", "UNBOUNDED_PLAYERS"]
