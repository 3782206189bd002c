"""Raiders of the Lost Tomb: the reference model.

>>> from tombspec.model.raiders import Raiders
>>> rs = Raiders()
>>> s = rs.step(rs.initial_state(), rs.chance_outcomes(rs.initial_state())[0][0])  # player 0 wins the toss
>>> s.current, s.grail, s.raiders[1].pennies, s.raiders[1].audacity   # the loser goes first, with the Grail
(1, 1, 5, 3)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import codec
from ..errors import InvalidInput
from ..options import given, options_from_data
from ..ruleset import Ruleset, Violation
from . import invariants
from .actions import ACTION_TYPES
from .board import Board, Space, board_from_data, default_board, load_board, shipped_boards
from .judgement import Judgement
from .options import RaidersOptions
from .rules import attack, boss, encounters, objective, portal, raider_actions, setup, turn
from .state import RaidersState

GAME = "raiders"


class Raiders(Judgement, Ruleset):
    """The ruleset of Raiders of the Lost Tomb on one board with one set of options."""

    game = GAME
    state_type = RaidersState
    options_type = RaidersOptions
    action_types = ACTION_TYPES
    player_counts = (2, 2)   # "two players"; more is raiders.ambiguity.more-players, not modelled

    def __init__(self, options: RaidersOptions | dict[str, Any] | None = None,
                 board: Board | dict[str, Any] | str | Path | None = None):
        if not isinstance(options, RaidersOptions):
            options = options_from_data(RaidersOptions, options)
        self.options = options
        touch = options.large_or_extra_large or "one-rule"   # raiders.ambiguity.large-or-extra-large
        if board is None:
            board = default_board()
        elif isinstance(board, dict):   # the board-file form, as describe() and trace headers give it
            board = board_from_data(board, source="<board data>", touch=touch)
        elif isinstance(board, str) and board in shipped_boards():
            board = load_board(shipped_boards()[board], touch=touch)
        elif not isinstance(board, Board):
            board = load_board(board, touch=touch)
        self.board = board

    def initial_state(self, setup: Any = None) -> RaidersState:
        from .rules.setup import initial_state

        if setup is not None:
            raise InvalidInput("raiders has no game-to-game setup: each game starts afresh")
        return initial_state(self)

    #: ``pending(state)``: who acts next, read off the phase (``rules/turn.py``; bound directly: one
    #: call less on every step)
    pending = staticmethod(turn.pending)

    def _legal_actions(self, state: RaidersState, player: int) -> list[Any]:
        return turn.legal_actions(self, state)

    def chance(self, state: RaidersState) -> Any:
        return turn.chance(self, state)

    #: ``_apply(state, action, player)``: the step (``rules/turn.py``, bound directly)
    _apply = turn.apply

    @classmethod
    def shipped_boards(cls) -> dict[str, Path]:
        return shipped_boards()

    def turn_rule(self, state: RaidersState) -> str:
        """Turns alternate from the player who lost the toss; in an Attack the Defender spends first."""
        if state.phase.startswith("attack-"):
            return "raiders.attack.audacity-order"
        return "raiders.setup.toss-loser-first"

    def ends(self) -> tuple[str, ...]:
        """A Raider escapes with the Grail (escaped: raiders.object.game-ends-on-escape), the Boss seals
        the Tomb (sealed: raiders.boss.seals-tomb), both Raiders Killed (killed: raiders.death.killed),
        and, under grail-holder-killed's nobody-wins reading, the Grail's holder Killed (grail-lost)."""
        lost = given(self).grail_holder_killed == "nobody-wins"
        return ("escaped", "sealed", "killed", *(("grail-lost",) if lost else ()))

    def violations(self, state: RaidersState) -> list[Violation]:
        return invariants.violations(self, state)

    #: the ends exploration policies can steer towards (``heuristic``'s ``aim``): straight for Escape
    #: whatever the encounters on the way, no Audacity spent (the default: the games that end with
    #: Raiders Killed, and some escapes), or carefully (the escapes with the Grail)
    aims = ("escape", "careful")

    def heuristic(self, state: RaidersState, action: Any, aim: str = "escape") -> float:
        """A cost for exploration policies (lower is more purposeful) towards ``aim``.  Not a rule.

        The turn's first choice goes by kind (roll rather than wait).  Heading for Escape, a later
        decision goes by the distance to Escape of the space it names (else by kind); carefully, by a
        look one step ahead: where the Raider then stands, what it still holds, Escape won and Killed."""
        space = getattr(action, "space", None)
        if state.phase == "action" or aim != "careful":
            if space is not None:
                return float(self.board.to_escape[space])
            here = state.raider(state.current).position
            base = float(self.board.to_escape[here]) if here else 0.0
            return base + {"move": -0.5, "use-portal": -0.2, "spend": -0.1}.get(action.kind, 0.5)
        me = turn.acting_player(state)
        try:
            after = self.step(state, action, me)
        except Exception:   # not legal here: never the purposeful choice
            return float("inf")
        raider = after.raiders[me]
        if after.outcome == "escaped" and after.winner == me:
            return -1000.0
        if raider.position is None:
            return 1000.0
        return (float(self.board.to_escape[raider.position]) + 2.0 * raider.in_encounter
                - 0.5 * raider.pennies - 0.2 * raider.audacity)

    def describe(self) -> dict[str, Any]:
        return {"options": codec.to_data(self.options), "board": self.board.to_data()}


#: Configurations ``tombspec check`` explores: every shipped board, the Advanced Rules, other readings.
Raiders.phases = tuple(sorted(set(turn.CHANCE_PHASES.values()) | turn.PLAYER_PHASES | turn.DEFENDER_PHASES
                              | turn.ATTACKER_PHASES))
Raiders.phase_entry = turn.ENTERED_WHEN
Raiders.refusal_checks = (turn.decision_rule, turn._point_rule, raider_actions.move_rule, encounters.spend_rule,
                          turn.attack_spend_rule, turn.also_broken)
Raiders.refusal_terms = {"board": Board, "space": Space}
Raiders.procedures = (
    (setup.apply_coin_toss, "the coin toss (then the loser's first turn starts)"),
    (turn._action, "the `action` decision answered: Move, Use the Portal, Prepare or Rest"),
    (turn._boost, "a `boost` answered (Audacity Advanced): temporary pennies for the roll"),
    (turn._move_to, "a `move-to` answered by a move"), (turn._stay, "a `move-to` answered by `stay`"),
    (turn._forced, "a forced move (a `forced-move` Place, or the one space that pulls)"),
    (turn._spend, "a `spend` answered after a 5-or-6 roll"), (encounters.spend_passes, "whether that spend passes"),
    (encounters.spend_options, "the spends open after a 5-or-6 roll (a `spend` point is asked when one but "
                               "declining is open)"),
    (turn._placing, "a Place decision made"), (turn.place_targets, "where a Place may put the Raider"),
    (portal.portal_targets, "where a Portal's success may send the Raider"),
    (portal.malfunction_targets, "where a malfunction puts the Raider"), (portal.tile_back, "a tile's spaces back"),
    (turn._place, "a `place` answered"),
    (turn._next_boost, "an Attack's boosts (Audacity Advanced, before the roll)"),
    (turn._attack_boost, "an Attack's boost answered"), (turn._attack_spend, "an Attack's spend answered"),
    (turn._boss_choice, "a `boss-choice` answered"), (boss.apply_boss_choice, "the Boss moves on from the chosen space"),
    (objective.apply_gain_audacity, "Audacity gained"), (objective.audacity_supply, "the Audacity left to take"),
    (objective.apply_lose_audacity, "Audacity lost or spent"),
    (objective.apply_monster_fail_audacity, "the Audacity a failed Monster room loses (or, under owed, owes)"),
    (objective.apply_gain_penny, "a penny gained"),
    (objective.penny_cap, "the most pennies a Raider may hold"), (objective.apply_lose_penny, "a penny lost"),
    (turn.apply_turn_start, "a turn's start (`current`, `turn`, what is due first)"),
    (turn.apply_turn_end, "a turn's end"), (turn.apply_round_count, "the round's count (`turns_in_round`)"),
    (turn.begin_roll, "a roll called for (its purpose, its pennies; the boost first under Audacity Advanced)"),
    (turn.apply_roll, "a roll's Heads known: what each purpose does next"),
    (turn.apply_five_or_six, "a roll for a 5 or 6 resolved (an Encounter, the Portal, the escape from the Boss)"),
    (turn._place_or_end, "after it: the Place decision, or the turn's end when there is nowhere to go"),
    (turn.apply_landing, "every arrival on a space (a move, a Place, a forced move)"),
    (turn._entered, "after the Move roll moved (or pulled) the Raider"),
    (turn.begin_attack, "an Attack begins"), (turn.apply_attack_roll, "the Attack roll known"),
    (turn._resolve_attack, "the Attack resolved (after both spends)"),
    (attack.apply_attack_result, "the Attack's result"),
    (objective.apply_killed_if_broke, "a Raider with no pennies is Killed"),
    (objective.apply_grail_holder_killed, "the Grail's holder Killed"),
    (objective.apply_dropped_grail_found, "a Raider arrives where a dropped Grail lies (reading dropped)"),
    (objective.apply_gain_grail, "a Raider gains the Grail"),
    (turn._after_boss, "after the Boss's move: the Attack due, else the round's count"),
    (boss.apply_round_end, "a round's end: the Boss Monster Track, the Spawn"),
    (boss.apply_boss_move, "the Boss Monster's move"), (boss.boss_numbers, "the numbers the Boss moves on"),
    (boss.first_steps, "where the Boss may move first"), (boss.nearness, "how near a space is to the Raiders"),
    (boss.next_rooms, "the Encounter rooms that pull the Boss on"), (boss._continue, "the rest of the Boss's move"),
    (boss.apply_trap, "trapping"),
    # the helpers that read an option or decide what is open (the seventh implementation from the guide
    # had to guess their bodies from their docstrings; code 2 is exactly where they call ``read``)
    (turn.chance, "the chance outcomes possible at each chance point"),
    (raider_actions.is_natural_six, "a Natural 6"), (encounters.passes_unaltered, "a 5 or 6 rolled as it fell"),
    (raider_actions.has_numbered_match, "whether the Move roll matches a numbered space (a failed roll if not)"),
    (raider_actions._candidates, "the moves has_numbered_match tries, in order"),
    (encounters.no_audacity_here, "where no Audacity may be used (a Black tile)"),
    (attack.is_attack_due, "whether an Attack is due"), (turn.by_direction, "the spaces ahead or behind"),
    (encounters.pullers, "the Monster and Trap rooms that pull a Raider"),
    (boss.is_next_to_escape, "the Boss next to the Escape"), (portal.can_use_portal, "whether a Portal may be used"),
    (raider_actions.apply_prepare, "`prepare`"), (raider_actions.apply_rest, "`rest`"),
    (objective.apply_escaped, "a Raider escapes"))
Raiders.explore_configs = (
    {},
    {"board": "small", "options": {"five_or_six": "heads-only", "grail_holder_killed": "nobody-wins"}},
    {"board": "large", "options": {"penny_cap": "no-cap", "audacity_cap": "shared-six",
                                   "boss_encounter_chain": "one-room", "grail_holder_killed": "dropped",
                                   "monster_fail_audacity": "owed"}},
    {"board": "special", "options": {"special_tiles": True, "audacity_advanced": True}},
    {"board": "special", "options": {"special_tiles": True, "audacity_advanced": True,
                                     "audacity_advanced_attack": "after-roll-as-standard",
                                     "black_tile": "any-number", "failing_a_move_roll": "no-match"}},
)
Raiders.proofs = invariants
EXPLORE_CONFIGS = Raiders.explore_configs
RULESET = Raiders

__all__ = ["GAME", "Raiders", "RaidersOptions", "RaidersState"]
