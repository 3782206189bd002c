"""Tomb: Cryptmaster: the reference model, Tomb's engine with its own ruleset.

:class:`Cryptmaster` is a subclass of :class:`~tombspec.model.tomb.Tomb` that overrides a small, named
set of hooks (the python-chess ``variant.py`` way), each the formalisation of a Cryptmaster rule that
``changes`` a Tomb rule (the catalog's links) or adds one: who the Cryptmaster is (``crypt_master``),
what may be attached (``can_attach``), the free and turn actions, the raid's stages (mercenaries,
curses), the upkeep (``end_of_turn_tasks``), the score.  Tomb's checks name Tomb's rules; a Cryptmaster
step names the Cryptmaster rule that states them (``links.to_cryptmaster``).

>>> from tombspec.model.cryptmaster import Cryptmaster
>>> rs = Cryptmaster({"players": 3})
>>> rs.crypt_master(rs.initial_state(), 0, "c", "4,2")        # an LL door: two seats to the left
2
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar, Iterator

from .. import traceability
from ..errors import IllegalAction, InvalidInput
from ..ruleset import Ruleset, Violation
from ..tomb import Tomb
from ..tomb.actions import CRYPTMASTER_ACTION_TYPES
from ..tomb.board import INN
from ..tomb.rules import combat as tomb_combat, raid as tomb_raid, turn as tomb_turn
from ..tomb.rules.agenda import TASKS
from ..tomb.rules.cards import attach_fact
from ..tomb.state import TombState, evolve
from ..traceability import implements, note
from . import invariants, links
from .options import CryptmasterOptions
from .rules import REGISTRY, attachments, raid, setup, turn, variants

GAME = "cryptmaster"


def _tasks() -> dict[str, Any]:
    from ..tomb.rules import combat as tomb_combat
    from ..tomb.rules import free_actions as tomb_free

    tasks = {**TASKS, **REGISTRY}
    # Share is Tomb's redistribution under Cryptmaster's restrictions
    share = TASKS["redistribute"].apply

    def apply_share(rs: Any, state: TombState, t: Any, action: Any, player: int) -> TombState:
        return attachments.fix_restrictions(rs, share(rs, state, t, action, player), player)

    tasks["redistribute"] = evolve(TASKS["redistribute"], legal=lambda rs, s, t, p: turn.share_options(rs, s, p),
                                   apply=apply_share, rule="cryptmaster.free.share", allows=turn.allows_share)
    tasks["pickpocket-pick"] = evolve(TASKS["pickpocket-pick"],   # (Tomb's allows reads Tomb's list: asked of this one)
                                            legal=lambda rs, s, t, p: turn.pickpocket_options(rs, s, p), allows=None)

    def battled(apply: Any) -> Any:
        def wrapped(rs: Any, state: TombState, t: Any, action: Any, player: int) -> TombState:
            from ..effects import RAID, Effect, add

            if not rs.is_extra_battle_action(action):
                state = evolve(state, effects=add(state.effects, Effect("battled", "cryptmaster.combat.alternate-until",
                                                                             until=RAID, player=player)))
            return apply(rs, state, t, action, player)

        return wrapped

    tasks["battle-cm"] = evolve(TASKS["battle-cm"], apply=battled(tomb_combat.apply_battle_cm))
    raider = TASKS["battle-raider"]
    tasks["battle-raider"] = evolve(raider, apply=turn.once_per_turn_apply(battled(tomb_combat.apply_battle_raider)),
                                          legal=turn.once_per_turn_legal(raider.legal),
                                          why=turn.once_per_turn_why(raider.why))
    merc = REGISTRY["merc-action"]
    tasks["merc-action"] = evolve(merc, apply=turn.once_per_turn_apply(merc.apply),
                                        legal=turn.once_per_turn_legal(merc.legal), why=turn.once_per_turn_why(merc.why))
    move = TASKS["move-to"]
    tasks["move-to"] = evolve(move, why=turn.move_to_why(move.why))
    heal = TASKS["heal-assign"]
    tasks["heal-assign"] = evolve(heal, legal=turn.heal_assign_legal(heal.legal))
    del tomb_free
    return tasks


class Cryptmaster(Tomb):
    """The ruleset of Tomb: Cryptmaster on one board and card set, with one set of options."""

    game: ClassVar[str] = GAME
    options_type: ClassVar[type] = CryptmasterOptions
    action_types = CRYPTMASTER_ACTION_TYPES
    player_counts = (2, 6)                  # cryptmaster.ambiguity.player-count
    setup_type = None                       # no game-to-game setup (no Campaign)
    default_board: ClassVar[str] = "halls-of-the-cryptmaster"
    tasks: ClassVar[dict[str, Any]] = {}
    inn_decks: ClassVar[tuple[str, ...]] = ("prayer", "spell", "item", "tactics", "cryptmaster")
    CACHES: ClassVar[tuple[str, ...]] = (*Tomb.CACHES, "_checked_cryptmaster")

    # The protocol: Tomb's, speaking Cryptmaster's rules ---------------------------------------------------

    def initial_state(self, setup: Any = None) -> TombState:
        if setup is not None:
            raise InvalidInput("cryptmaster has no game-to-game setup: each game starts afresh", source="<setup>")
        with self._in_cryptmaster_words():
            return super().initial_state(None)

    def _apply(self, state: TombState, action: Any, player: int | None) -> TombState:
        if not traceability._recorders:          # the rules exercised matter only to a recording
            return self._step_in_words(state, action, player)
        with self._in_cryptmaster_words():
            return self._step_in_words(state, action, player)

    def _step_in_words(self, state: TombState, action: Any, player: int | None) -> TombState:
        """Tomb's step; a refusal names the Cryptmaster rule that states the Tomb rule it broke."""
        try:
            return super()._apply(state, action, player)
        except IllegalAction as exc:
            raise IllegalAction(links.to_cryptmaster(exc.rule_id), exc.message,
                                also=links.also_to_cryptmaster(exc.also)) from None

    @contextmanager
    def _in_cryptmaster_words(self) -> Iterator[None]:
        """While recording (coverage), the Tomb rules the engine exercises count as the Cryptmaster
        rules that state them."""
        recorders = list(traceability._recorders)
        if not recorders:
            yield
            return
        before = [set(r) for r in recorders]
        try:
            yield
        finally:
            for rec, old in zip(recorders, before):
                for rid in [r for r in rec - old if r.startswith("tomb.")]:
                    rec.update(links.recorded_as(rid))

    def turn_rule(self, state: TombState) -> str:
        return links.to_cryptmaster(super().turn_rule(state))

    def also_broken(self, state: TombState, t: Any, action: Any, rule: str) -> tuple[str, ...]:
        return turn.also_broken(self, state, t, action, rule)

    def turn_refusal(self, state: TombState, action: Any, player: int | None) -> tuple[str, tuple[str, ...]]:
        rule, also = super().turn_refusal(state, action, player)
        also = links.also_to_cryptmaster(also)
        return links.to_cryptmaster(rule), (*also, *(r for r in raid.cm_card_also(self, state, action, player)
                                                     if r not in also))

    def violations(self, state: TombState) -> list[Violation]:
        found = super().violations(state)
        mine = invariants.violations(self, state)
        if not found:                         # (nothing of Tomb's broken: nothing to tell in Cryptmaster's words)
            return mine
        return [Violation(links.to_cryptmaster(v.invariant), v.message) for v in found] + mine

    #: Cryptmaster has no Campaign: each game starts afresh (Tomb's running tally is not inherited)
    next_setup = Ruleset.next_setup

    def end_rule(self) -> str:
        return "cryptmaster.upkeep.tomb-empty-game-ends"

    def heuristic(self, state: TombState, action: Any) -> float:
        from ..tomb.actions import Done, Pass

        if isinstance(action, (Pass, Done)):
            return 1.0
        return super().heuristic(state, action)

    # The hooks: Cryptmaster's changes to Tomb's rules ------------------------------------------------------

    def make_roll_handlers(self) -> dict[str, Any]:
        return {**super().make_roll_handlers(), "dispel": turn.dispel_done, "curse-check": raid.curse_check_done}

    def level(self, state: TombState, player: int) -> int:
        return 1

    @implements("cryptmaster.setup.first-player-roll", "cryptmaster.setup.crypt-deck", "cryptmaster.setup.crypt-deck-split",
                "cryptmaster.setup.shuffle-inn-decks", "cryptmaster.setup.place-inn-decks",
                "cryptmaster.inn-cards.decks-and-discards", "cryptmaster.tomb.board-sides")
    def setup_agenda(self, state: TombState) -> TombState:
        return setup.setup_agenda(self, state)

    def after_filling(self, state: TombState) -> TombState:
        return setup.after_filling(self, state)

    def is_first_turn(self, state: TombState) -> bool:
        return False                          # the starting characters were drawn at setup

    def turn_start(self, state: TombState, player: int) -> TombState:
        return state                          # Rest is a free action, not automatic

    end_of_turn_tasks = turn.end_of_turn_tasks

    def turn_end_task(self) -> str:
        return "pay-mercenaries"

    @implements("cryptmaster.pvp.elimination")
    def next_player(self, state: TombState, player: int) -> int:
        n = self.num_players
        for k in range(1, n + 1):
            q = (player + k) % n
            if not state.parties[q].out:
                return q
        return (player + 1) % n

    @implements("cryptmaster.rule-zero.resolution-order", "cryptmaster.rule-zero.traits-before-reacts",
                "cryptmaster.ambiguity.simultaneous-order")
    def react_order(self, state: TombState) -> list[int]:
        """"The CM (if any) resolves all reacts and traits first, followed by the current player, then each
        player in a clockwise fashion from the current player"."""
        n = self.num_players
        order = [(state.current + k) % n for k in range(n)]
        cm = state.raid.cm if state.raid is not None else None
        return ([cm] + [p for p in order if p != cm]) if cm is not None else order

    # the Free and Standard Actions: Cryptmaster's rules' functions themselves (``rs`` as self, no
    # wrapper frame: asked several times a step; allows_*: legality by predicate).  A function that a
    # seeded bug of examples/*/seeded_bugs.py replaces in its module stays behind a wrapper
    is_free_action = staticmethod(turn.is_free_action)
    free_actions = turn.free_actions
    apply_free = turn.apply_free
    allows_free = turn.allows_free
    standard_actions = turn.standard_actions
    apply_standard = turn.apply_standard
    why_not_standard = turn.why_not_standard
    allows_standard = turn.allows_standard

    def send_to_inn(self, state: TombState, player: int, rule: str) -> TombState:
        # a wrapper on purpose: examples/cryptmaster-python/seeded_bugs.py replaces turn.send_to_inn
        return turn.send_to_inn(self, state, player, rule)

    def can_attach(self, state: TombState, player: int, name: str, card: str, facts: Any = None) -> str | None:
        return attach_fact(self, state, player, name, card, attachments.can_attach, facts)

    def may_bank(self, state: TombState, player: int, holder: str, card: str) -> bool:
        return state.parties[player].location == INN and not attachments.is_cursed(self, card)

    @implements("cryptmaster.inn-cards.draw-and-attach", "cryptmaster.card-text.actions-from-hand")
    def place_inn_card(self, state: TombState, player: int, card: str, dest: str) -> TombState:
        """Cryptmaster: drawn Inn cards go to the hand, to be equipped later (Equip)."""
        party = state.parties[player]
        return state.with_party(player, hand=tuple(sorted((*party.hand, card))))

    def reshuffles(self) -> bool:
        return self.options.reshuffle == "immediately"

    #: an Inn deck and its discards empty (or, cleanup-only, the deck alone): nothing to draw from
    empty_deck_rule = "cryptmaster.ambiguity.reshuffle-timing"

    def heal_pool(self, state: TombState, player: int, action: Any) -> Any:
        return turn.heal_pool(self, state, player, action)

    @implements("cryptmaster.move.start-point", "cryptmaster.move.empty-crypt-cost", "cryptmaster.move.no-walls",
                "cryptmaster.ambiguity.entering-from-inn", "cryptmaster.ambiguity.crypt-movement",
                "cryptmaster.ambiguity.rooms-entry", "cryptmaster.tomb.room-instructions")
    def distances(self, state: TombState, player: int, start: str) -> dict[str, int]:
        """"If you are in the Inn, start from the Tomb entrance" (any-entrance-free: the entrance costs
        nothing); "Moving into or out of an empty crypt costs 1 point of movement"; no walls crossed;
        Rooms are entered like other spaces (their instructions are text the model cannot act on)."""
        dist = super().distances(state, player, start)
        if start == INN and self.options.entering == "any-entrance-free":
            return {n: max(d - 1, 0) if n != INN else 0 for n, d in dist.items()}
        return dist

    def passable(self, state: TombState, start: str) -> frozenset[str]:
        last = self._last_passable                      # the empty Crypts and Rooms, by the very Crypts
        if last is None or last[0] is not state.crypts:
            empty = [self.board.crypts[c.id].node for c in state.crypts if not c.cards]
            rooms = self.memo.get("rooms")              # the board's Rooms (a fact of the board)
            if rooms is None:
                rooms = self.memo["rooms"] = [n for n, sp in self.board.spaces.items() if sp.kind == "room"]
            last = self._last_passable = (state.crypts, frozenset([*empty, *rooms]))
        return last[1] | {start} if start.startswith("crypt:") else last[1]

    def arrive(self, state: TombState, player: int) -> TombState:
        return variants.arrive(self, state, player)

    def steal(self, state: TombState, thief: int, rogue: str, victim: int, character: str, card: str | None) -> TombState:
        return turn.steal(self, state, thief, rogue, victim, character, card)

    def start_catch(self, state: TombState, catcher_player: int, catcher: str, thief: int, rogue: str) -> TombState:
        return turn.start_catch(self, state, catcher_player, catcher, thief, rogue)

    def party_limit(self, state: TombState, player: int) -> int:
        return 5

    def party_size_rule(self, state: TombState, player: int) -> str:
        return "cryptmaster.recruit.five-character-limit"

    def crypt_master(self, state: TombState, raider: int, cid: str, door: str) -> int | None:
        return raid.crypt_master(self, state, raider, cid, door)

    def raid_tasks(self, state: TombState, player: int, cid: str, door: str) -> list[Any]:
        return raid.raid_tasks(self, state, player, cid, door)

    def raid_stages(self) -> list[str]:
        return raid.raid_stages(self)

    def after_raid(self, state: TombState, player: int | None, finished: Any) -> TombState:
        return raid.after_raid(self, state, player, finished)

    @implements("cryptmaster.trap.cm-reads", "cryptmaster.trap.raider-chooses-rollers",
                "cryptmaster.ambiguity.trap-rollers")
    def trap_must_use_all(self) -> bool:
        """"telling the raider how many characters must attempt to disarm the trap"."""
        return True

    def disarm_groups(self, state: TombState, names: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
        return raid.disarm_groups(self, state, names)

    def monster_reveal_tasks(self, state: TombState, index: int) -> list[Any]:
        return raid.monster_reveal_tasks(self, state, index)

    def trap_announced_tasks(self, state: TombState, player: int) -> list[Any]:
        return raid.trap_announced_tasks(self, state, player)

    @implements("cryptmaster.defs.friend-raid", "cryptmaster.defs.enemy-raid", "cryptmaster.presence.raider-and-mercenaries",
                "cryptmaster.location.actions-at-combat", "cryptmaster.location.targets-at-combat")
    def fighters(self, state: TombState) -> list[Any]:
        """The raiding party, with its mercenaries (members)."""
        party = state.parties[state.current].characters
        if self.options.mercs_in_party == "raider-own-only":
            return [c for c in party if c.owner is None]
        return list(party)

    def may_flee(self, state: TombState, name: str) -> bool:
        ch = state.parties[state.current].character(name)
        return ch is not None and ch.owner is None

    @implements("cryptmaster.flee.battle", "cryptmaster.flee.battle-blocked", "cryptmaster.ambiguity.mercenaries-when-raider-flees")
    def flee(self, state: TombState, player: int) -> TombState:
        """"Return to the Inn (Flee) — Turn/Battle: Move your party to the Inn ignoring your current
        location and movement" (the raid ends; PvP: up to 20 spaces away)."""
        from ..tomb.rules.raid import abort_raid

        state = abort_raid(self, state, "fled")
        state = raid.return_mercenaries(self, state, dead_too=False)
        return self.send_to_inn(state, player, "cryptmaster.flee.battle")

    def kill_character(self, state: TombState, player: int, name: str) -> TombState:
        return raid.kill_character(self, state, player, name)

    def kill_monster(self, state: TombState, index: int) -> TombState:
        return variants.kill_monster(self, state, index)

    def claim_cards(self, state: TombState, player: int, cards: tuple[str, ...]) -> TombState:
        return turn.claim_cards(self, state, player, cards)

    @implements("cryptmaster.monster.reveal-all", "cryptmaster.monster.combat-begins")
    def monsters_declinable(self) -> bool:
        """"the CM announces that there are monsters, and reveals all of the monsters simultaneously ...
        Then, combat begins!" (no choice to leave: the party may leave after the curses and after each
        trap, and flee in combat)."""
        return False

    @implements("cryptmaster.ambiguity.dice-supply", "cryptmaster.components.dice-supply")
    def rolled_dice(self, roll: Any) -> tuple[int, int, int]:
        """capped: the "21 Tomb Dice (7 Green, 7 Blue, 7 Red)" are all a roll can use; unlimited: the whole pool."""
        if self.options.dice_supply == "capped":
            return tuple(min(d, 7) for d in roll.dice)  # type: ignore[return-value]
        return roll.dice

    def bank_disarmed_trap(self, state: TombState, player: int, trap: str) -> TombState:
        return raid.bank_disarmed_trap(self, state, player, trap)

    def replaces_dead(self, state: TombState) -> bool:
        return True

    def restart_task(self, state: TombState, player: int) -> list[Any]:
        return raid.restart_task(self, state, player)

    def can_be_wounded(self, state: TombState, index: int) -> bool:
        return raid.can_be_wounded(self, state, index)

    def new_monster(self, state: TombState, name: str) -> Any:
        return variants.new_monster(self, state, name)

    def keeps_on_return(self, state: TombState, monster: Any) -> bool:
        return raid.keeps_on_return(self, state, monster)

    def persist_monster(self, state: TombState, monster: Any) -> TombState:
        return variants.persist_monster(self, state, monster)

    def reveal_effects(self, state: TombState, monster: Any) -> bool:
        return variants.reveal_effects(self, state, monster)

    def controls(self, state: TombState, player: int, name: str) -> bool:
        return raid.controls(self, state, player, name)

    def stalemate(self, state: TombState) -> bool:
        return raid.stalemate(self, state)

    def end_stalemate(self, state: TombState) -> TombState:
        from ..tomb.rules.agenda import pop
        from ..tomb.rules.raid import leave_crypt

        note("cryptmaster.ambiguity.combat-stalemate")
        assert self.options.stalemate == "raid-ends"       # unset: Unspecified, the rulebook does not say
        return leave_crypt(self, pop(state), state.current)

    def new_round(self, state: TombState) -> TombState:
        return evolve(state, effects=tuple(e for e in state.effects if e.name not in ("battled", "passed")))

    def extra_battle_options(self, state: TombState, player: int, side: str) -> list[Any]:
        return raid.extra_battle_options(self, state, player, side)

    def is_extra_battle_action(self, action: Any) -> bool:
        return raid.is_extra_battle_action(action)

    def apply_extra_battle(self, state: TombState, player: int, action: Any, side: str) -> TombState:
        return raid.apply_extra_battle(self, state, player, action, side)

    def check_end(self, state: TombState) -> TombState:
        if self.options.game_end == "immediately" and state.raid is None and state.outcome is None:
            why = turn.game_over(self, state)
            if why is not None:
                from ..tomb.rules.end import finish

                return finish(self, state, why)
        return state

    def may_end_mid_turn(self) -> bool:
        return bool(self.settings.overlords) and self.settings.game_end == "immediately"

    @implements("cryptmaster.ambiguity.game-end-timing", "cryptmaster.overlord.game-ends-on-defeat")
    def ending_now(self, state: TombState) -> TombState | None:
        """immediately: "The game ends the moment the condition holds; the rest of the turn is not
        played": the overlord defeated mid-Raid ends the game at once (the Raid's other cards go back to
        their Crypt as when a Raid is cut short; no treasure is chosen, no mercenary paid)."""
        if state.outcome is not None or not any(e.name == "overlord-defeated" for e in state.effects):
            return None
        from ..tomb.rules.end import finish
        from ..tomb.rules.raid import abort_raid

        note("cryptmaster.ambiguity.game-end-timing")
        return finish(self, abort_raid(self, state, "game-over"), "overlord")

    def game_over(self, state: TombState) -> str | None:
        return turn.game_over(self, state)

    def ends(self) -> tuple[str, ...]:
        """The Tomb emptied (crypts-emptied; with an overlord, every crypt but its own); the overlord
        defeated (overlord, with the overlords variant); one player left (last-player, PvP)."""
        return ("crypts-emptied", *(("overlord",) if self.settings.overlords else ()),
                *(("last-player",) if self.options.pvp else ()))

    def score(self, state: TombState, player: int) -> int:
        return turn.score(self, state, player)

    def winners(self, state: TombState) -> tuple[int, ...]:
        return turn.winners(self, state)

    # What the invariants allow --------------------------------------------------------------------------

    def party_may_overflow(self, state: TombState) -> bool:
        return any(t.kind == "dismiss-extra" for t in state.agenda)

    def trait_limited(self, card: str) -> bool:
        return False                          # Cryptmaster's keyword rule is checked in its invariants

    def cm_may_be_raider(self) -> bool:
        return self.options.cm_seat == "plain-count"

    def extra_cards(self, state: TombState) -> dict[str, int]:
        return {state.overlord: 1} if state.overlord is not None else {}

    @classmethod
    def shipped_boards(cls) -> dict[str, Path]:
        from ..tomb.board import shipped_boards

        return shipped_boards(GAME)


Cryptmaster.tasks = _tasks()
#: every point where Tomb: Cryptmaster waits: Tomb's and its own task kinds' ``what`` (the priority
#: windows once per subject), less Tomb's kinds it never pushes; and when each is reached
Cryptmaster.phases = tomb_turn.points(Cryptmaster.tasks, turn.PRIORITY_SUBJECTS, unreachable=turn.UNREACHABLE)
Cryptmaster.phase_entry = turn.ENTERED_WHEN
#: as Tomb's; the Tomb rule ids those functions name are refused in Cryptmaster's words (``to_cryptmaster``)
Cryptmaster.refusal_checks = tomb_turn.refusal_checks(
    Cryptmaster.tasks, (turn.why_not_standard, "asked as `rs.why_not_standard`"),
    (attachments.can_attach, "asked as `rs.can_attach`"))
Cryptmaster.refusal_rename = staticmethod(links.to_cryptmaster)
#: what the game does by itself: Tomb's engine and those of its automatic tasks Cryptmaster keeps, with its
#: own (the Hire, the Curses, the upkeep), in the order of a turn; their Tomb rule ids told in Cryptmaster's
Cryptmaster.procedures = (
    (tomb_turn.advance, "after every action: the automatic tasks run at once, a task that cannot happen is "
                        "skipped (Tomb's engine)"),
    (tomb_turn.run_turn_start, "a turn's start (`current`, `turn`): the turn, then the upkeep (no Inn healing: "
                               "Rest is a free action)"),
    (raid.raid_tasks, "the steps of a Raid (`rs.raid_tasks`): the Hire, then Tomb's"),
    (tomb_raid.raid_tasks, "Tomb's steps of a Raid, with Cryptmaster's stages (`rs.raid_stages`: curses, traps, "
                           "monsters, treasure)"),
    (raid.run_curses, "the Curses stage"),
    (tomb_raid.run_traps, "the Traps stage: each face-down Trap in turn"),
    (tomb_combat.run_reveal, "the Monsters revealed, their effects resolved (`rs.monster_reveal_tasks`)"),
    (tomb_combat.run_battle, "the Combat: the Battle Actions alternate, round after round"),
    (tomb_raid.run_raid_end, "a Raid's end"),
    (raid.after_raid, "then the mercenaries' XP, and where the party stands (`rs.after_raid`)"),
    (turn.end_of_turn_tasks, "a turn's end: the upkeep's steps, in order (`rs.end_of_turn_tasks`)"),
    (turn.run_pay_mercenaries, "upkeep: the mercenaries return and are paid"),
    (turn.run_refill, "upkeep: an emptied party refills"),
    (turn.run_tomb_empty, "upkeep: is the Tomb empty?"),
    (tomb_turn.run_end_turn, "the turn ends (Tomb's): what lasted the turn lapses, the next player"))
Cryptmaster.refusal_rules = {what: links.to_cryptmaster(rule)
                             for what, rule in tomb_turn.refusal_rules(Cryptmaster.tasks).items()}
links.register_same_as()
RULESET = Cryptmaster

#: Configurations ``tombspec check`` explores: player counts, the Variants, other readings, a Tomb board.
Cryptmaster.explore_configs = (
    {},
    {"options": {"players": 2}},
    {"options": {"players": 5, "overlords": True, "overlord_reveal": "first-reveal-only"}},
    {"options": {"players": 4, "pvp": True, "pvp_kill": "pillage"}},
    {"options": {"players": 3, "overlords": True, "pvp": True, "cm_seat": "plain-count",
                 "overlord_merc_pay": "five-only"}},
    {"options": {"players": 4, "curse_check": "character-only", "merc_return_state": "fully-healed",
                 "after_raid": "on-door", "combat_passing": "must-act", "game_end": "immediately"}},
    {"options": {"players": 6, "ten_card_limit": "hard-cap", "once_per_turn": "everything", "curse_order": "all-at-once",
                 "trap_discard": "both", "dice_supply": "capped", "pvp_claim": "hand"}},
    {"options": {"players": 3, "trap_rollers": "each-separately"}, "board": "goldenaxe-catacombs"},
)
EXPLORE_CONFIGS = Cryptmaster.explore_configs
Cryptmaster.proofs = invariants

__all__ = ["GAME", "Cryptmaster", "CryptmasterOptions"]
