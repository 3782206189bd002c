"""Tomb: the reference model, and the engine Tomb: Cryptmaster shares.

The ruleset class :class:`Tomb` is the engine's set of *hooks*: every rule that Tomb: Cryptmaster
changes is one of its methods, and ``tombspec.model.cryptmaster.Cryptmaster`` overrides exactly those
(the python-chess ``variant.py`` way).  The rules themselves are in ``rules/``, one module per
rulebook area, joined by the agenda of ``rules/turn.py``.

>>> from tombspec.model.tomb import Tomb
>>> rs = Tomb({"players": 2})
>>> s = rs.initial_state()
>>> rs.pending(s).what, s.task.player          # each player rolls seven Blue Tomb Dice
('seven Blue Tomb Dice', 0)
>>> from tombspec.model.tomb.actions import Roll
>>> s = rs.step(rs.step(s, Roll(0, 5, 0)), Roll(0, 2, 0))
>>> s.first_player, rs.pending(s).what      # Player One; the Crypt cards are drawn, one chance event each
(0, 'a Crypt Card')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from .. import codec
from ..errors import InvalidInput
from ..options import options_from_data
from ..ruleset import Pending, Ruleset
from ..traceability import implements
from . import invariants
from .actions import ACTION_TYPES, Bank, Redistribute
from .board import Board, resolve_board, shipped_boards
from .judgement import Judgement
from .options import PLAYER_COUNTS, TombOptions, as_read
from .rules import (campaign, cards, combat, death, end, free_actions, inn, raid, reacts, setup, standard_actions,
                    treasure, turn)
from .rules import free_actions as _free
from .rules import standard_actions as _standard
from .rules.agenda import TASKS
from .state import TombSetup, TombState

GAME = "tomb"


class Tomb(Judgement, Ruleset):
    """The ruleset of Tomb on one board and card set, with one set of options."""

    game: ClassVar[str] = GAME
    state_type = TombState
    options_type: ClassVar[type] = TombOptions
    action_types = ACTION_TYPES
    player_counts = PLAYER_COUNTS          # Solitaire (1) and 2-6 (tomb.ambiguity.player-count)
    setup_type = TombSetup
    default_board: ClassVar[str] = "goldenaxe-catacombs"
    #: the task kinds of the agenda (Cryptmaster adds and overrides some)
    tasks: ClassVar[dict[str, Any]] = TASKS
    #: the Inn decks of the game, of cards.INN_DECKS
    inn_decks: ClassVar[tuple[str, ...]] = ("prayer", "spell", "item", "tactics")
    #: rolls whose successes wait for reacts before they land
    attack_purposes: ClassVar[frozenset[str]] = frozenset({"monster-attack", "character-attack", "catch"})

    def __init__(self, options: TombOptions | dict[str, Any] | None = None,
                 board: Board | dict[str, Any] | str | Path | None = None):
        if not isinstance(options, self.options_type):
            options = options_from_data(self.options_type, options)
        self.settings = options                  # as given (describe); the rules read self.options
        self.options = as_read(options)          # an unset reading raises Unspecified where it is read
        self.board = resolve_board(board, self.game, self.default_board)
        self.cards = self.board.cards
        self.roll_handlers = self.make_roll_handlers()
        self.memo: dict[Any, Any] = {}           # per-configuration caches of pure card facts
        self._last_legal: tuple[Any, int, list[Any]] | None = None
        self._last_pending: tuple[Any, Pending] | None = None
        self._last_chance: tuple[Any, Any] | None = None        # the chance task's distribution, by the very state
        self._last_passable: tuple[Any, frozenset[str]] | None = None   # Cryptmaster's, by the very Crypts
        self._last_loadout: tuple[Any, dict[Any, Any]] | None = None    # state.loadout_facts' last answer
        self.ends_mid_turn = self.may_end_mid_turn()          # advance asks ending_now before each task

    #: what a ruleset keeps of the states it stepped through (by identity: ``_last_legal``, ``_last_pending``,
    #: ``_last_chance``, the invariants' ``Checked``, ``state.loadout_facts`` and ``member_facts``): never
    #: pickled, a worker process builds its own
    CACHES: ClassVar[tuple[str, ...]] = ("_last_legal", "_last_pending", "_last_chance", "_last_passable", "_checked",
                                         "_loadouts", "_last_loadout", "_loadout_facts", "_member_facts")

    # The protocol ---------------------------------------------------------------------------------------

    def initial_state(self, setup: Any = None) -> TombState:
        if setup is not None and not isinstance(setup, TombSetup):
            raise InvalidInput(f"a {self.game} setup is a TombSetup, not {type(setup).__name__}", source="<setup>")
        tally = setup.tally if setup is not None else tuple(self.options.campaign_xp)
        if tally and len(tally) != self.num_players:
            raise InvalidInput(f"the setup carries {len(tally)} tallies into a {self.num_players}-player game",
                               source="<setup>")
        state = setup_module().initial_state(self, tuple(tally))
        return turn.advance(self, state)

    def pending(self, state: TombState) -> Pending:
        last = self._last_pending          # asked several times of one state (explore, step, legal_actions)
        if last is not None and last[0] is state:
            return last[1]
        pending = turn.pending(self, state)
        self._last_pending = (state, pending)
        return pending

    def _legal_actions(self, state: TombState, player: int) -> list[Any]:
        last = self._last_legal
        if last is not None and last[0] is state and last[1] == player:
            return list(last[2])
        legal = turn.legal_actions(self, state, player)
        self._last_legal = (state, player, legal)
        return list(legal)

    def chance(self, state: TombState) -> Any:
        return turn.chance(self, state)

    # The per-step hooks are the rules' functions themselves (``rs`` as self): no wrapper frame in
    # between, asked several times a step (issue 26)
    _apply = turn.apply
    violations = invariants.violations

    def turn_rule(self, state: TombState) -> str:
        return turn.turn_rule(self, state)

    def also_broken(self, state: TombState, t: Any, action: Any, rule: str) -> tuple[str, ...]:
        """Beside ``rule``, the other rules a refused decision breaks that a variant's own text states
        (Cryptmaster: PvP's Inn); none in Tomb."""
        return ()

    def turn_refusal(self, state: TombState, action: Any, player: int | None) -> tuple[str, tuple[str, ...]]:
        return turn.turn_refusal(self, state, action, player)

    def observe(self, state: TombState, player: int) -> Any:
        return observe(self, state, player)

    def next_setup(self, state: TombState) -> TombSetup:
        return campaign.next_setup(self, state)

    @classmethod
    def shipped_boards(cls) -> dict[str, Path]:
        return shipped_boards(cls.game)

    def describe(self) -> dict[str, Any]:
        return {"options": codec.to_data(self.settings), "board": self.board.to_data()}

    def heuristic(self, state: TombState, action: Any) -> float:
        """A cost for exploration policies (lower is more purposeful): raid, fight, press on.  Not a rule."""
        from .actions import Attack, Continue, Disarm, Move, MoveTo, Raid, Target

        if isinstance(action, Raid):
            return -5.0
        if isinstance(action, Move):
            return -1.0
        if isinstance(action, MoveTo):
            return -3.0 if action.to in self.board.doors else 0.0
        if isinstance(action, (Attack, Continue, Disarm, Target)):
            return -2.0
        return 0.0

    # The hooks: what Tomb: Cryptmaster changes ---------------------------------------------------------

    def make_roll_handlers(self) -> dict[str, Any]:
        return {
            "heal": standard_actions.heal_roll_done,
            "pickpocket": standard_actions.pickpocket_roll_done,
            "defend": standard_actions.defend_roll_done,
            "catch": combat.attack_roll_done,
            "monster-attack": combat.attack_roll_done,
            "character-attack": combat.attack_roll_done,
            "disarm": raid.disarm_roll_done,
            "contest-monster": combat.contest_monster_done,
            "contest-character": combat.contest_character_done,
            "volley": reacts.volley_done,
            "ward": reacts.ward_done,
            "storm": reacts.storm_done,
        }

    def end_rule(self) -> str:
        return "tomb.end.crypts-emptied"

    def level(self, state: TombState, player: int) -> int:
        return state.levels[player] if state.levels else 1

    def level_of(self, xp: int) -> int:
        return campaign.level_of(self, xp)

    def setup_agenda(self, state: TombState) -> TombState:
        return setup.setup_agenda(self, state)

    def after_filling(self, state: TombState) -> TombState:
        return setup.after_filling(self, state)

    def first_turn_tasks(self, state: TombState, player: int) -> Any:
        return inn.first_turn_tasks(self, state, player)

    turn_start = turn.turn_start
    end_of_turn_tasks = turn.end_of_turn_tasks
    next_player = turn.next_player

    def is_free_action(self, action: Any) -> bool:
        return isinstance(action, (Redistribute, Bank))

    # the Free and Standard Actions: the rules' functions themselves (allows_*: whether the list holds
    # the action, legality by predicate)
    free_actions = _free.free_actions
    apply_free = _free.apply_free
    allows_free = _free.allows_free
    standard_actions = _standard.standard_actions
    apply_standard = _standard.apply_standard
    why_not_standard = _standard.why_not_standard
    allows_standard = _standard.allows_standard

    def can_attach(self, state: TombState, player: int, name: str, card: str, facts: Any = None) -> str | None:
        """The rule that forbids Attaching ``card`` to ``name`` of ``player``'s Party, or None (``facts``:
        his member facts, when the caller has them)."""
        return cards.attach_fact(self, state, player, name, card, cards.can_attach, facts)

    def may_bank(self, state: TombState, player: int, holder: str, card: str) -> bool:
        return free_actions.may_bank(self, state, player, holder, card)

    def place_inn_card(self, state: TombState, player: int, card: str, dest: str) -> TombState:
        return standard_actions.place_inn_card(self, state, player, card, dest)

    def reshuffles(self) -> bool:
        """tomb.ambiguity.exhausted-supplies: nothing-drawn (no reshuffle) or reshuffle."""
        return self.options.supplies == "reshuffle"

    #: the rule a draw from an Inn deck with nothing to give is refused for (the second card of a Draw)
    empty_deck_rule = "tomb.ambiguity.exhausted-supplies"

    def heal_pool(self, state: TombState, player: int, action: Any) -> Any:
        return standard_actions.heal_pool(self, state, player, action)

    def distances(self, state: TombState, player: int, start: str) -> dict[str, int]:
        return standard_actions.distances(self, state, player, start)

    def passable(self, state: TombState, start: str) -> frozenset[str]:
        return standard_actions.passable(self, state, start)

    def arrive(self, state: TombState, player: int) -> TombState:
        return standard_actions.arrive(self, state, player)

    def pickpocket_action(self, rogue: str, player: int, character: str, card: str) -> Any:
        return standard_actions.pickpocket_action(self, rogue, player, character, card)

    def steal(self, state: TombState, thief: int, rogue: str, victim: int, character: str, card: str | None) -> TombState:
        return standard_actions.steal(self, state, thief, rogue, victim, character, card)

    def party_limit(self, state: TombState, player: int) -> int:
        return standard_actions.party_limit(self, state, player)

    def party_size_rule(self, state: TombState, player: int) -> str:
        return standard_actions.party_size_rule(self, state, player)

    def start_raid(self, state: TombState, player: int, door: str | None, crypt: str | None) -> TombState:
        return raid.start_raid(self, state, player, door, crypt)

    def crypt_master(self, state: TombState, raider: int, cid: str, door: str) -> int | None:
        return raid.crypt_master(self, state, raider, cid, door)

    def raid_stages(self) -> list[str]:
        return raid.raid_stages(self)

    def raid_tasks(self, state: TombState, player: int, cid: str, door: str) -> list[Any]:
        return raid.raid_tasks(self, state, player, cid, door)

    def after_raid(self, state: TombState, player: int | None, finished: Any) -> TombState:
        """After a Raid that ran to its end: the Party stays in the Crypt (Tomb)."""
        return state

    def is_first_turn(self, state: TombState) -> bool:
        """Tomb: a player's first turn is Meet at the Inn (the first round)."""
        return state.turn <= self.num_players

    def react_order(self, state: TombState) -> list[int]:
        return reacts.react_order(self, state)

    def start_catch(self, state: TombState, catcher_player: int, catcher: str, thief: int, rogue: str) -> TombState:
        return standard_actions.start_catch(self, state, catcher_player, catcher, thief, rogue)

    def turn_end_task(self) -> str:
        """The first task of the end of a turn (a wiped-out Party's turn ends there)."""
        return "end-turn"

    def can_be_wounded(self, state: TombState, index: int) -> bool:
        return combat.can_be_wounded(self, state, index)

    def new_monster(self, state: TombState, name: str) -> Any:
        from .state import Monster

        return Monster(name)

    def keeps_on_return(self, state: TombState, monster: Any) -> bool:
        """Whether a Monster going back into its Crypt keeps its Wounds and cards (Tomb: never)."""
        return False

    def persist_monster(self, state: TombState, monster: Any) -> TombState:
        return state

    def reveal_effects(self, state: TombState, monster: Any) -> bool:
        """Whether a revealed Monster resolves its revealed effects (Tomb: always)."""
        return True

    def controls(self, state: TombState, player: int, name: str) -> bool:
        """Whether ``player`` chooses the Battle Actions of Character ``name`` (Tomb: his own Party's)."""
        return True

    def stalemate(self, state: TombState) -> bool:
        return False

    def end_stalemate(self, state: TombState) -> TombState:
        raise NotImplementedError

    def new_round(self, state: TombState) -> TombState:
        return state

    def extra_battle_options(self, state: TombState, player: int, side: str) -> list[Any]:
        """Battle decisions beyond the Monsters' and Characters' own (Cryptmaster: CM cards, passing)."""
        return []

    def is_extra_battle_action(self, action: Any) -> bool:
        return False

    def apply_extra_battle(self, state: TombState, player: int, action: Any, side: str) -> TombState:
        raise NotImplementedError

    def trap_must_use_all(self) -> bool:
        """tomb.ambiguity.trap-characters-count: up-to, or exactly."""
        return self.options.trap_characters == "exactly"

    def disarmer_names(self, state: TombState, player: int) -> tuple[str, ...]:
        return raid.disarmer_names(self, state, player)

    def disarm_groups(self, state: TombState, names: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
        """Who rolls together for each Attribute of a Trap: Tomb, all the disarmers in one combined roll."""
        return (names,)

    def trap_failure_tasks(self, state: TombState, player: int, trap: Any) -> list[Any]:
        return raid.trap_failure_tasks(self, state, player, trap)

    def monster_reveal_tasks(self, state: TombState, index: int) -> list[Any]:
        return combat.monster_reveal_tasks(self, state, index)

    def trap_announced_tasks(self, state: TombState, player: int) -> list[Any]:
        """What follows a Trap's announcement before the party chooses who disarms it (none in Tomb)."""
        return []

    def fighters(self, state: TombState) -> list[Any]:
        return combat.fighters(self, state)

    def may_flee(self, state: TombState, name: str) -> bool:
        return combat.may_flee(self, state, name)

    def flee(self, state: TombState, player: int) -> TombState:
        return combat.flee(self, state, player)

    def kill_character(self, state: TombState, player: int, name: str) -> TombState:
        return death.kill_character(self, state, player, name)

    def kill_monster(self, state: TombState, index: int) -> TombState:
        return death.kill_monster(self, state, index)

    def monsters_declinable(self) -> bool:
        """Whether the Raiding Player decides to continue against the Monsters (Tomb) or combat simply
        begins (Cryptmaster)."""
        return True

    def rolled_dice(self, roll: Any) -> tuple[int, int, int]:
        """The dice a roll really rolls: its pool (Cryptmaster: perhaps capped by the dice supply)."""
        return roll.dice

    def bank_disarmed_trap(self, state: TombState, player: int, trap: str) -> TombState:
        """"The Raiding Player banks the XP from the Trap" (the card goes to his XP Bank)."""
        from .rules.treasure import bank_card

        return bank_card(self, state, player, trap)

    def claim_cards(self, state: TombState, player: int, cards: tuple[str, ...]) -> TombState:
        """``player`` claims ``cards`` (a killed Rogue's): he Attaches each (Cryptmaster: Inn cards to hand)."""
        return death.offer_cards(self, state, player, cards)

    @implements("tomb.solo.no-characters-added", "tomb.ambiguity.solo-death-replacement")
    def replaces_dead(self, state: TombState) -> bool:
        """A dead Character's replacement goes to the Inn (not in Solitaire: solo-overrides)."""
        return death.replaces_dead(self, state)

    def restart_task(self, state: TombState, player: int) -> list[Any]:
        from .state import Task

        recruit = self.options.wipe_restart == "recruit-from-inn" or \
            (self.options.solitaire and self.options.solo_death == "solo-overrides")
        if recruit and state.inn:
            return [Task("restart-recruit", player, rule="tomb.ambiguity.party-wipe-restart")]
        if self.options.solitaire and self.options.solo_death == "solo-overrides":
            return []
        return [Task("restart-draw", player, rule="tomb.death.party-wiped-restart")]

    def check_end(self, state: TombState) -> TombState:
        return end.check_end(self, state)

    def may_end_mid_turn(self) -> bool:
        """Whether the game may end in the middle of a turn, a Raid or a Combat (Tomb: never; Cryptmaster:
        the overlord defeated, under game-end-timing = immediately)."""
        return False

    def ending_now(self, state: TombState) -> TombState | None:
        """The finished game, if it ends at this very point (asked only when ``may_end_mid_turn``)."""
        return None

    def ends(self) -> tuple[str, ...]:
        """"The game ends when all Crypt Cards have been removed from the Crypts" (crypts-emptied); or
        no Character is left in any Party or at the Inn (no-characters: Solitaire's "When there are no
        remaining Characters in the Player Adventuring Party or at the Inn, the game ends", and with
        several players tomb.ambiguity.no-characters-left's game-ends reading: ``out_of_characters``)."""
        return ("crypts-emptied", "no-characters")

    def score(self, state: TombState, player: int) -> int:
        return end.score(self, state, player)

    def winners(self, state: TombState) -> tuple[int, ...]:
        return end.winners(self, state)

    # What the invariants allow (Cryptmaster tolerates more) -------------------------------------------

    def party_may_overflow(self, state: TombState) -> bool:
        return False

    def trait_limited(self, card: str) -> bool:
        return True

    def conflict_allowed(self, state: TombState, player: int, character: Any, card: str) -> bool:
        return False

    def trait_rule(self) -> str:
        return "tomb.attach.one-card-per-trait"

    def cm_may_be_raider(self) -> bool:
        return False

    def extra_cards(self, state: TombState) -> dict[str, int]:
        """Cards in play beyond the Inn and Crypt decks (Cryptmaster: the Overlord)."""
        return {}


def setup_module() -> Any:
    return setup


def observe(rs: Any, state: TombState, player: int) -> Any:
    """What ``player`` may see: his own hands; of the others' hands only their sizes; of each Crypt the
    cards he knows (placed, looked at, seen); of a Raid's face-down cards only the CM sees what they
    are; of an announced Trap the Raiding Player hears only how many Characters and which Attribute
    (tomb.trap.tn-and-failure-secret); of the decks and the Pool only their sizes."""
    data = rs.encode_state(state)
    solo_open = rs.options.solitaire and rs.options.solo_secrets == "open-information"
    for i, p in enumerate(data["parties"]):
        if i != player:
            p["hand"] = len(p["hand"])
            p["crypt_hand"] = len(p["crypt_hand"])
    for c in data["crypts"]:
        for h in c["cards"]:
            if player not in h["known"] and not solo_open:
                h["card"] = "?"
    data["pool"] = state.pool.total
    data["decks"] = [d.total for d in state.decks]
    data["crypt_deck"] = state.crypt_deck.total
    if state.drawn and state.task is not None and state.task.player != player:
        data["drawn"] = len(state.drawn)
    for t, td in zip(state.agenda, data["agenda"]):
        if t.kind == "journeyman" and t.player != player:
            td["card"] = "?"
    raid_data = data.get("raid")
    if raid_data is not None and state.raid is not None:
        cm = state.raid.cm
        solo_secret = rs.options.solitaire and not solo_open
        if (player != cm or solo_secret) and not solo_open:
            # Solitaire under solo_trap_order = first-lines-known: he reads the first two lines of every
            # Trap left (tomb.ambiguity.solo-trap-order)
            lines = solo_secret and rs.options.solo_trap_order == "first-lines-known"
            for h in raid_data["cards"]:
                if player not in h["known"]:
                    h["card"] = raid.first_lines(rs, h["card"]) if lines and rs.cards.crypt[h["card"]].type == "trap" \
                        else "?"
            trap = state.raid.trap
            if trap is not None:
                card = rs.cards.crypt[trap]
                attrs_ = "+".join(a for a, _ in card.disarm)
                if rs.options.trap_line == "read-aloud":
                    attrs_ = "+".join(f"{a}{tn}" for a, tn in card.disarm)
                raid_data["trap"] = f"trap:{card.characters}:{attrs_}"
    return data


RULESET = Tomb

#: Configurations ``tombspec check`` explores: player counts, Solitaire, the Optional Rules, a
#: Campaign's levels, the other board, and non-default readings.
Tomb.explore_configs = (
    {},
    {"options": {"players": 2}},
    {"options": {"players": 6}, "board": "tomb-of-the-overseers"},
    {"options": {"players": 1}},
    {"options": {"players": 1, "solo_death": "death-still-adds", "solo_first": "draw-five",
                 "solo_draw_cost": "per-card", "solo_monster_ties": "attack-first"}},
    {"options": {"players": 4, "inn_years": "lean-years", "react_scope": "any-party", "trap_tns": "summed"}},
    {"options": {"players": 3, "inn_years": "fat-years", "free_actions": "any-time-before-standard",
                 "draw_choice": "both-first", "overkill": "spill"}},
    {"options": {"players": 3, "campaign_xp": [150, 800, 3200], "greenhorn_ties": "first-roll",
                 "end_trigger": "at-once"}},
    {"options": {"players": 2, "campaign_xp": [2500, 450], "knight_vs_page": "knight-five",
                 "campaign_3000": "knight"}},
    {"options": {"players": 3, "end_trigger": "end-of-round", "final_tie": "most-banked",
                 "battle_alternation": "round-ends", "decline_monsters": "reveal-then-leave",
                 "returned_cards": "unrevealed-only", "leave_vs_flee": "always-inn"}},
)
EXPLORE_CONFIGS = Tomb.explore_configs
Tomb.proofs = invariants
#: every point where Tomb waits: each decision and chance task kind's ``what`` (the React windows once
#: per trigger), as ``rules/turn.py`` lists them; and when each is reached
Tomb.phases = turn.points(TASKS, turn.PRIORITY_SUBJECTS)
Tomb.phase_entry = turn.ENTERED_WHEN
#: the refusal's rule: ``apply`` asks the task kind's ``why`` (below), else names the kind's ``rule``
Tomb.refusal_checks = turn.refusal_checks(
    TASKS, (standard_actions.why_not_standard, "asked as `rs.why_not_standard`"),
    (standard_actions.party_size_rule, "asked as `rs.party_size_rule`"),
    (cards.can_attach, "asked as `rs.can_attach`"))
Tomb.refusal_rules = turn.refusal_rules(TASKS)
#: what the game does by itself: the automatic tasks (``advance`` runs them at once), in the order of a turn
Tomb.procedures = (
    (turn.advance, "after every action: the automatic tasks run at once, a task that cannot happen is skipped"),
    (turn.run_turn_start, "a turn's start (`current`, `turn`; a player's first turn meets the Inn)"),
    (free_actions.inn_heal, "then a Party at the Inn heals (`rs.turn_start`)"),
    (raid.run_raid_begin, "a Raid begins, on a Crypt Door"),
    (raid.raid_tasks, "the steps of a Raid (`rs.raid_tasks`)"),
    (raid.run_traps, "the Traps stage: each face-down Trap in turn"),
    (raid.run_trap_resolve, "a Trap's combined successes against its Target Number"),
    (combat.run_monsters, "the Monsters stage: continue or leave, the reveal, the Combat"),
    (combat.run_reveal, "the Monsters revealed, their effects resolved"),
    (combat.run_battle, "the Combat: the Battle Actions alternate, round after round"),
    (combat.run_attack_land, "an attack roll's Wounds land"),
    (death.run_wipe, "a whole Party dead"),
    (treasure.run_treasure, "the Treasure stage"),
    (raid.run_raid_end, "a Raid's end"),
    (turn.run_end_turn, "a turn's end: what lasted the turn lapses, deaths, the game's end, the next player"))

__all__ = ["GAME", "Tomb", "TombOptions", "TombSetup", "TombState"]
