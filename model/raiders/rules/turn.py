"""The turn: how the areas of the rulebook join into one sequence of decisions and chance events.

Phases (``state.phase``) and who acts in each:

=========================  ==========================  ==================================================
phase                      pending                     what happens
=========================  ==========================  ==================================================
``coin-toss``              chance: coin                Tomb Set Up step 3
``action``                 the current player          Move, Prepare, Rest (or UsePortal in a Portal)
``boost``                  the current player          Audacity Advanced: spend before rolling
``roll``                   chance: pennies             the roll of ``state.roll.purpose``
``move-to``                the current player          MoveTo an adjacent space, or Stay
``forced-move``            the current player          Place: which Encounter room pulls the Raider in
``spend``                  the current player          Spend Audacity for a 5 or 6 (Spend(0) declines)
``place``                  the current player          Place: where to go (the ``place`` effect says why)
``boss-choice``            the current player          Place: where the Boss goes, between equal spaces
                                                       (only under ``boss-tie-break`` = current-player-
                                                       chooses)
``attack-boost-defender``  the Defender                Audacity Advanced: Boost before the Attack roll
``attack-boost-attacker``  the Attacker                idem
``attack-roll``            chance: both players        the Attack roll
``attack-defender``        the Defender                Spend Audacity first ...
``attack-attacker``        the Attacker                ... then the Attacker
``over``                   nobody                      ``state.outcome`` and ``state.winner``
=========================  ==========================  ==================================================

Every turn ends the same way (``apply_turn_end``): the Boss Monster moves if a roll was made, then a
due Attack, then the round count and the next player's turn.

A step checks the action with the same predicates that list the legal actions (:func:`decision_rule`:
the rule an action breaks, or None), then thaws the state into a draft (``RaidersDraft``), lets the
rules assign to it, and freezes it once.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from ...chance import Binomial, Independent, Outcomes
from ...effects import RESOLVED, TURN, Effect, add, discard, expire, find
from ...errors import IllegalAction
from ...options import by_reading, read
from ...ruleset import Pending
from ...traceability import implements, note, require
from ..actions import (AttackRoll, Boost, CoinToss, Heads, Move, MoveTo, Place, Prepare, Rest, Spend, Stay,
                       UsePortal)
from ..board import AHEAD_READINGS
from ..state import Attack, RaidersDraft, RaidersState, Roll, replace_attack, replace_roll
from . import attack as attack_rules
from . import boss as boss_rules
from . import encounters, portal
from .objective import apply_dropped_grail_found, apply_escaped, apply_gain_audacity, apply_gain_penny, apply_lose_audacity, apply_lose_penny, apply_monster_fail_audacity
from .raider_actions import apply_prepare, apply_rest, can_rest, has_match, is_natural_six, move_options, move_rule
from .setup import apply_coin_toss

PLAYER_PHASES = frozenset({"action", "boost", "move-to", "forced-move", "spend", "place", "boss-choice"})
DEFENDER_PHASES = frozenset({"attack-boost-defender", "attack-defender"})
ATTACKER_PHASES = frozenset({"attack-boost-attacker", "attack-attacker"})
CHANCE_PHASES = {"coin-toss": "coin", "roll": "pennies", "attack-roll": "pennies"}

#: When the game reaches each point (``Pending.what``), as the functions below decide it: the
#: conformance guide prints this beside its turn table (``Ruleset.phase_entry``).  A decision is asked
#: whenever the text says so, even when it has one legal answer; where the text says "skipped", the
#: game goes on as that text says without asking.
ENTERED_WHEN = {
    "coin": "The game's start (Tomb Set Up step 3): the toss's loser takes the first turn "
            "(`raiders.setup.toss-loser-first`).",
    "action": "A turn starts for the next living Raider (`turn` counts it) and nothing is due first. Due "
              "first, and then this point is skipped for the turn: a Raider whose `loses_next_turn` is set "
              "loses the whole turn (it is cleared, and the next Raider's turn starts); a `trapped` Raider "
              "rolls to escape (`pennies`); an Attack due (the Raider without the Grail on the Grail holder's "
              "space: `raiders.attack.on-turn-start`) is fought, after the Boss roll and move when the Boss is "
              "Spawned (and only if still due after that move); a Raider with `in_encounter` in a Monster or "
              "Trap room rolls for it (reading `encounter_roll_timing` = next-turn, the default). Where "
              "several are due, `turn_start_order` orders them and only the first happens at the turn's "
              "start.",
    "pennies": "A roll is called for, of the current Raider's `pennies` (plus any boosted): the Move "
               "action; `use-portal`; the roll for an Encounter, for the escape from the Boss, or for the "
               "Boss's movement (after Prepare or Rest, and before an Attack due at the turn's start, "
               "once the Boss is Spawned); and the Attack roll of both players (`attack-roll`: the outcome "
               "gives both Heads). Under Audacity Advanced a roll other than the Boss's first goes to "
               "`boost` when the roller holds Audacity (and, for a 5-or-6 roll in a Black tile room "
               "under `black_tile_encounter_audacity` = every-roll, never).",
    "move-to": "After every Move roll, whatever it rolled (a Natural 6 gains its Audacity first): `stay` "
               "is always open, and is the only answer when no adjacent space matches; a `stay` may pull "
               "the Raider into a Monster or Trap room (`forced-move`).",
    "spend": "After an Encounter, escape or Portal roll whose Heads and Tails numbers are not a 5 or 6 "
             "(under `five_or_six` = heads-only, the Heads only), under the standard Audacity rules (not "
             "Audacity Advanced), when the Raider holds Audacity and may use it here, and some spend is "
             "open (under `useless_audacity` = allowed, the default, any spend of 1 to the Audacity "
             "held; under refused, only one that can reach a 5 or 6). Otherwise the roll fails at once.",
    "place": "A roll's result moves the Raider to a space the player chooses (`effects` `place`, its "
             "`subject`): a passed or failed Trap roll and a passed Monster roll (ahead), a passed escape "
             "(ahead), a failed escape (back), a Portal success (any other Portal, and "
             "this one too under `portal_success_stay` = may-stay, the default), a Portal Malfunction. "
             "Asked even when one space is open; skipped, and the turn ends, when none is (nothing ahead "
             "or back, no other Portal on the board) or when the roll Killed the Raider. A failed Monster roll sends the Raider back to "
             "`came_from` without asking.",
    "forced-move": "After a `stay` that fails the Move roll (under `failing_a_move_roll` = not-moving, the "
                   "default, every `stay`; under no-match, a `stay` when no adjacent numbered space matched and the roll was no Natural 6: free entries do not count) of a "
                   "Raider that two or more Monster or Trap spaces pulled at the turn's start (`pulled-by`), "
                   "under `forced_move_choice` = player-chooses (the default). With one such space the "
                   "Raider is pulled there without asking; under nearest-escape, to the one nearest the "
                   "Escape (the first in board order on a tie).",
    "attack-defender": "After the Attack roll, under the standard Audacity rules (or Audacity Advanced with "
                       "`audacity_advanced_attack` = after-roll-as-standard), when the Defender holds "
                       "Audacity; it spends first (`raiders.attack.audacity-order`).",
    "attack-attacker": "After the Attack roll (and after the Defender's spend, if it had one), on the same "
                       "terms, when the Attacker holds Audacity; else the Attack is resolved at once.",
    "boost": "Under Audacity Advanced, before the current Raider's roll (Move, `use-portal`, Encounter or "
             "escape; never the Boss's), when it holds Audacity and may use it on that roll.",
    "attack-boost-defender": "Under Audacity Advanced with `audacity_advanced_attack` = "
                             "before-roll-defender-first (the default), when an Attack begins and the "
                             "Defender holds Audacity.",
    "attack-boost-attacker": "On the same terms, after the Defender's boost (or at once when the Defender "
                             "holds none), when the Attacker holds Audacity; else the Attack roll follows.",
    "boss-choice": "The Boss moves and two or more next spaces are equally good, under `boss_tie_break` = "
                   "current-player-chooses (the current player decides, even when their turn's roll Killed "
                   "their Raider: the Boss then moves under `boss_after_a_kill` = still-moves) or "
                   "other-player-chooses (the other player decides, the current one when the other Raider "
                   "is Killed); under board-order (the default) the first in board order is taken without "
                   "asking. The `boss-choice` effect's `player` is who decides.",
}

_OVER = Pending.over()
_CHANCE = {phase: Pending.chance(what) for phase, what in CHANCE_PHASES.items()}


_DECISIONS: dict[tuple[int, str], Pending] = {}


def pending(state: RaidersState) -> Pending:
    phase = state.phase
    if phase == "over":
        return _OVER
    if phase in _CHANCE:
        return _CHANCE[phase]
    if phase == "boss-choice":
        key = (find(state.effects, "boss-choice").player, phase)
    elif phase in PLAYER_PHASES:
        key = (state.current, phase)
    else:
        key = (state.attack.defender if phase in DEFENDER_PHASES else state.attack.attacker, phase)
    p = _DECISIONS.get(key)
    if p is None:
        p = _DECISIONS[key] = Pending.decision(*key)
    return p


def acting_player(state: Any) -> int:
    """Who decides in a decision phase: the current player, or in an Attack the Defender or Attacker."""
    phase = state.phase
    if phase == "boss-choice":
        return find(state.effects, "boss-choice").player
    if phase in PLAYER_PHASES:
        return state.current
    assert state.attack is not None
    return state.attack.defender if phase in DEFENDER_PHASES else state.attack.attacker


# --------------------------------------------------------------------------------------------------
# Chance

_COIN = Outcomes([(CoinToss(0), Fraction(1, 2)), (CoinToss(1), Fraction(1, 2))])


def chance(rs: Any, state: RaidersState) -> Any:
    """The coin toss, the Heads among the pennies rolled, or both players' Attack rolls."""
    if state.phase == "coin-toss":
        return _COIN
    if state.phase == "roll":
        assert state.roll is not None
        return _heads(state.roll.pennies)
    if state.phase == "attack-roll":
        a = state.attack
        assert a is not None
        return _attack_roll(state.raiders[a.attacker].pennies + a.attacker_extra,
                            state.raiders[a.defender].pennies + a.defender_extra)
    return None


@cache
def _heads(n: int) -> Any:
    """'count the Heads and the Tails': the Heads among ``n`` fair pennies."""
    return Binomial(n).map(Heads, lambda a: a.heads)


@cache
def _attack_roll(na: int, nd: int) -> Any:
    """'both players roll their pennies'."""
    return Independent(Binomial(na), Binomial(nd)).map(lambda hh: AttackRoll(*hh),
                                                       lambda a: (a.attacker, a.defender))


#: the rule of each chance point: an outcome it cannot give breaks it
CHANCE_RULES = {"coin-toss": "raiders.setup.coin-toss", "roll": "raiders.move.roll",
                "attack-roll": "raiders.attack.both-roll"}


# --------------------------------------------------------------------------------------------------
# Decisions: one predicate per phase says which rule an action breaks (None: it is legal); listing
# the legal actions asks the same predicates.


def by_direction(rs: Any, s: Any, here: str, direction: str) -> list[str]:
    """The adjacent spaces ahead of (or behind) ``here``, under the reading of 'ahead' when it matters."""
    board = rs.board
    views = {by: (board.ahead(here, by) if direction == "ahead" else board.behind(here, by))
             for by in AHEAD_READINGS}
    return by_reading(rs.options, "ahead_behind", views)


def every_space_ahead(rs: Any, here: str) -> list[str]:
    """Every space of the Tomb ahead of ``here``, adjacent or not, in board order, under the reading of
    'ahead' when it matters."""
    board = rs.board
    return by_reading(rs.options, "ahead_behind", {by: [sid for sid in board.spaces if board.is_ahead(here, sid, by)]
                                                   for by in AHEAD_READINGS})


@implements("raiders.ambiguity.back-one-tile", "raiders.ambiguity.escape-pass-any-space")
def place_targets(rs: Any, s: Any) -> list[str]:
    """Where a Place decision may put the Raider, by what it is for (the ``place`` effect)."""
    here = s.raiders[s.current].position
    why = s.placing
    if why == "ahead":
        adjacent = by_direction(rs, s, here, "ahead")
        placing = find(s.effects, "place")
        if placing is not None and placing.rule == "raiders.boss.escape-pass":   # 'Move ahead (any space)'
            return by_reading(rs.options, "escape_pass_space", {
                "adjacent-ahead": adjacent, "any-space-ahead": every_space_ahead(rs, here)})
        return adjacent
    if why == "back":       # the escape from the Boss failed: 'Move back one tile'
        return by_reading(rs.options, "back_one_tile", {
            "one-space": by_direction(rs, s, here, "behind"), "one-card-tile": portal.tile_back(rs, here, -1)})
    if why == "portal":
        return portal.portal_targets(rs, here)
    if why == "malfunction":
        return portal.malfunction_targets(rs, here)
    return []


def attack_spend_rule(rs: Any, s: Any, action: Spend, player: int) -> str | None:
    """None when ``action`` is open to ``player`` in an Attack's spend (Defender, then Attacker); else the
    rule it breaks."""
    if type(action) is not Spend:
        return "raiders.attack.audacity-order"
    if not 0 <= action.audacity <= s.raiders[player].audacity:
        return "raiders.audacity.alter-roll"         # 'Discard an Audacity': only the Audacity one holds
    if action.face != "heads":
        return "raiders.attack.more-heads-wins"      # an Attack compares Heads: Tails are never altered
    if action.target == "own":
        return None
    if action.target == "opponent" and action.audacity > 0 and \
            read(rs.options, "attack_audacity_target") == "either-roll":
        return None
    return "raiders.audacity.alter-roll"     # 'you may alter your roll': one's own Heads


def decision_rule(rs: Any, s: RaidersState, action: Any) -> str | None:
    """The rule ``action`` breaks in ``s`` (a decision phase), or None when it is legal."""
    phase, kind = s.phase, type(action)
    if kind is UsePortal and phase != "action" and is_portal_spent(s, acting_player(s)):
        return "raiders.portal.once-per-game"       # a second UsePortal, whatever the point of the turn
    return _point_rule(rs, s, action)


def _point_rule(rs: Any, s: RaidersState, action: Any) -> str | None:
    """The rule ``action`` breaks at the decision point of ``s`` (its phase), or None when it is legal."""
    phase, kind = s.phase, type(action)
    me = s.current
    if phase == "action":
        if kind is Move or kind is Prepare:
            return None
        if kind is Rest:
            return None if can_rest(rs, s, me) else "raiders.rest.regain-penny"
        if kind is UsePortal:
            if portal.can_use_portal(rs, s, me):
                return None
            if s.raiders[me].portal_used:
                return "raiders.portal.once-per-game"       # 'used or attempted once per game per player'
            return "raiders.portal.use-on-five-or-six"      # 'To "Use the Portal Room"': not in one to use
        return "raiders.move.roll"
    if phase == "move-to":
        if kind is Stay:
            return None
        if kind is MoveTo:
            return move_rule(rs, s, action)
        return "raiders.move.number-match"
    if phase == "spend":
        return encounters.spend_rule(rs, s, action) if kind is Spend else "raiders.audacity.alter-roll"
    if phase in ("boost", "attack-boost-defender", "attack-boost-attacker"):
        who = acting_player(s)
        ok = kind is Boost and 0 <= action.audacity <= s.raiders[who].audacity
        return None if ok else "raiders.advanced.audacity-advanced"
    if phase in ("attack-defender", "attack-attacker"):
        return attack_spend_rule(rs, s, action, acting_player(s))
    if phase == "forced-move":
        return None if kind is Place and action.space in s.pullers else "raiders.encounter.forced-move"
    if phase == "place":
        if kind is Place and action.space in place_targets(rs, s):
            return None
        placing = find(s.effects, "place")      # the rule of the `place` effect (`effects[].rule`)
        return placing.rule if placing is not None else "raiders.move.any-direction"
    if phase == "boss-choice":
        if kind is Place and action.space in boss_rules.boss_choices(s):
            return None
        choice = find(s.effects, "boss-choice")     # the rule of the `boss-choice` effect
        return choice.rule if choice is not None else "raiders.boss.always-ahead"
    return "raiders.move.roll"


@implements("raiders.portal.once-per-game")
def is_portal_spent(s: Any, player: int) -> bool:
    """'This may only be used or attempted once per game per player': ``player`` has used or attempted
    a Portal (``portal_used``), so a UsePortal at any point of the game is refused for that rule."""
    raider = s.raiders[player]
    return raider.portal_used


def also_broken(rs: Any, s: RaidersState, action: Any) -> tuple[str, ...]:
    """Other rules a refused action breaks, beside the one :func:`decision_rule` names (an
    implementation may name any of them): a UsePortal at the action point away from an unused Portal
    room, or by a Raider whose Portal is spent; a UsePortal by such a Raider at another point (or while
    a roll is pending), the rule of the point it was sent at; more Audacity than held spent in an
    Attack, the order of the Attack's spends ('as many as they choose', which names the amount too); a
    move to a space that is not next to the Raider, the rule that a move goes to the next space; Audacity
    spent on a Natural 6, the rule of altering a roll; a placement away from the current tile, the
    placement's rule."""
    if type(action) is Spend and s.phase in ("attack-defender", "attack-attacker"):
        if not 0 <= action.audacity <= s.raiders[acting_player(s)].audacity:
            return ("raiders.attack.audacity-order",
                    *(("raiders.attack.more-heads-wins",) if action.face != "heads" else ()))
        return ()
    if type(action) is MoveTo and s.phase == "move-to":
        raider = s.raiders[s.current]
        out = []
        if raider.position is not None and action.space in rs.board.spaces and \
                action.space not in rs.board.neighbours(raider.position):
            out.append("raiders.move.number-match")    # "If one of the numbers matches the next tile space"
        if action.face == "natural" and action.audacity:
            out.append("raiders.audacity.alter-roll")   # a Natural 6 moves with no roll to alter
        return tuple(out)
    if type(action) is Place and s.phase == "place":
        raider = s.raiders[s.current]
        if raider.position is not None and action.space in rs.board.spaces and \
                action.space not in rs.board.neighbours(raider.position):
            # "place your character on an adjacent space to the current tile" (a Malfunction's move back)
            return ("raiders.portal.malfunction-placement",)
        return ()
    if type(action) is not UsePortal:
        return ()
    if s.phase == "action":
        raider = s.raiders[s.current]
        out = []
        if raider.position is None or not raider.in_encounter or rs.board.spaces[raider.position].kind != "portal":
            out.append("raiders.portal.use-on-five-or-six")      # 'To "Use the Portal Room"': not in one
        if raider.portal_used:
            out.append("raiders.portal.once-per-game")
        return tuple(out)
    if s.phase in CHANCE_PHASES:
        return (CHANCE_RULES[s.phase],)
    if s.phase in _HANDLERS and is_portal_spent(s, acting_player(s)):
        return tuple(r for r in (_point_rule(rs, s, action),) if r is not None)
    return ()


def legal_actions(rs: Any, state: RaidersState) -> list[Any]:
    phase = state.phase
    if phase == "action":
        me = state.current
        acts: list[Any] = [Move(), Prepare()]
        if can_rest(rs, state, me):
            acts.append(Rest())
        if portal.can_use_portal(rs, state, me):
            acts.append(UsePortal())
        return acts
    if phase in ("boost", "attack-boost-defender", "attack-boost-attacker"):
        return [Boost(k) for k in range(state.raiders[acting_player(state)].audacity + 1)]
    if phase == "move-to":
        return [*move_options(rs, state), Stay()]
    if phase == "forced-move":
        return [Place(s) for s in state.pullers]
    if phase == "spend":
        return encounters.spend_options(rs, state)
    if phase == "place":
        return [Place(s) for s in place_targets(rs, state)]
    if phase == "boss-choice":
        return [Place(s) for s in boss_rules.boss_choices(state)]
    if phase in ("attack-defender", "attack-attacker"):
        who = acting_player(state)
        acts = [Spend(k) for k in range(state.raiders[who].audacity + 1)]
        if state.raiders[who].audacity and read(rs.options, "attack_audacity_target") == "either-roll":
            acts += [Spend(k, target="opponent") for k in range(1, state.raiders[who].audacity + 1)]
        return acts
    return []


# --------------------------------------------------------------------------------------------------
# Applying an action: check it, then build the next state once


#: The rule that ended the game, by ``state.outcome``: a move after it breaks that rule.
GAME_OVER_RULES = {"escaped": "raiders.object.game-ends-on-escape", "sealed": "raiders.boss.seals-tomb",
                   "killed": "raiders.death.killed",
                   # no rule ends the game when the Grail's holder is Killed: reading nobody-wins does
                   "grail-lost": "raiders.ambiguity.grail-holder-killed"}


def apply(rs: Any, state: RaidersState, action: Any, player: int | None = None) -> RaidersState:
    """The step: ``action`` checked (by ``player``, whom ``Ruleset.step`` has checked may act), then the
    next state built once."""
    phase = state.phase
    if phase == "over":
        require(False, GAME_OVER_RULES.get(state.outcome or "", "raiders.object.game-ends-on-escape"),
                "the game is over ({})", state.outcome)
    if phase in CHANCE_PHASES:
        if type(action) is UsePortal and phase == "roll" and is_portal_spent(state, state.current):
            raise IllegalAction("raiders.portal.once-per-game", f"{action!r}: player {state.current} has used "
                                f"or attempted a Portal already (and the {CHANCE_PHASES[phase]} decide now)",
                                also=also_broken(rs, state, action))
        require(chance(rs, state).possible(action), CHANCE_RULES[phase],
                "{!r} is not a possible outcome of the {} here", action, CHANCE_PHASES[phase])
        d = RaidersDraft.thaw(state)
        if phase == "coin-toss":
            apply_coin_toss(rs, d, action.winner)
            apply_turn_start(rs, d, d.current)
        elif phase == "roll":
            apply_roll(rs, d, action.heads)
        else:
            apply_attack_roll(rs, d, action)
        return d.freeze()
    rule = decision_rule(rs, state, action)
    if rule is not None:
        raise IllegalAction(rule, f"{action!r} is not open to player {acting_player(state)} in phase {phase}",
                            also=also_broken(rs, state, action))
    d = RaidersDraft.thaw(state)
    _HANDLERS[phase](rs, d, action)
    return d.freeze()


# The turn's start ----------------------------------------------------------------------------------

ATTACK_DUE_AT_START = Effect("attack-due", "raiders.attack.on-turn-start", until=TURN)
ATTACK_DUE_ON_MOVE = Effect("attack-due", "raiders.attack.on-move", until=TURN)


def _placing(d: Any, why: str, rule: str) -> None:
    """A Place decision for ``why`` (ahead, back, portal, malfunction), made by ``rule``."""
    effect = Effect("place", rule, until=RESOLVED, player=d.current, subject=why)
    d.phase = "place"
    d.effects = add(discard(d.effects, "place"), effect)


@implements("raiders.attack.on-turn-start", "raiders.boss.escape-roll", "raiders.attack.winner-next-turn",
            "raiders.ambiguity.encounter-roll-timing", "raiders.ambiguity.turn-start-order")
def apply_turn_start(rs: Any, d: Any, player: int) -> None:
    if d.phase == "over":
        return
    lasting = expire(d.effects, RESOLVED, TURN) if d.effects else ()     # a dropped Grail lasts the game
    d.current, d.turn, d.roll, d.attack, d.effects, d.phase = player, d.turn + 1, None, None, lasting, "action"
    raider = d.raiders[player]
    if raider.loses_next_turn:
        note("raiders.attack.defender-loses-grail")
        d.edit("raiders", player).loses_next_turn = False
        apply_round_count(rs, d)
        return
    escape = raider.trapped
    attack = attack_rules.is_attack_due(rs, d, player)
    encounter = raider.in_encounter and rs.board.spaces[raider.position].kind in ("monster", "trap")
    if escape + attack + encounter > 1:      # the rulebook gives no order: the reading does
        due = [w for w, applies in (("escape", escape), ("attack", attack), ("encounter", encounter)) if applies]
        order = read(rs.options, "turn_start_order").split("-")
        first: str | None = min(due, key=order.index)
    else:
        first = "escape" if escape else "attack" if attack else "encounter" if encounter else None
    if first == "escape":
        begin_roll(rs, d, "escape")
    elif first == "attack":
        note("raiders.attack.on-turn-start")
        d.effects = add(d.effects, ATTACK_DUE_AT_START)
        if d.boss is not None:
            begin_roll(rs, d, "boss")
        else:
            begin_attack(rs, d)
    elif first == "encounter":
        begin_roll(rs, d, "encounter")
    else:
        pulled = encounters.pullers(rs, d, player)
        if pulled:
            d.effects = add(d.effects, Effect("pulled-by", "raiders.encounter.forced-move", until=TURN,
                                              player=player, items=pulled))


@implements("raiders.advanced.audacity-advanced")
def begin_roll(rs: Any, d: Any, purpose: str) -> None:
    raider = d.raiders[d.current]
    d.roll = Roll(purpose, raider.pennies)
    boost = rs.options.audacity_advanced and purpose != "boss" and raider.audacity > 0 and \
        not (purpose != "move" and encounters.no_audacity_here(rs, d))
    d.phase = "boost" if boost else "roll"


def _boost(rs: Any, d: Any, action: Boost) -> None:
    apply_lose_audacity(d, d.current, action.audacity)
    d.roll = replace_roll(d.roll, pennies=d.roll.pennies + action.audacity, extra=action.audacity)
    d.phase = "roll"


def _action(rs: Any, d: Any, action: Any) -> None:
    kind = type(action)
    if kind is Move:
        note("raiders.move.roll")
        begin_roll(rs, d, "move")
        return
    if kind is UsePortal:
        note("raiders.portal.use-on-five-or-six")
        d.edit("raiders", d.current).portal_used = True
        begin_roll(rs, d, "portal")
        return
    if kind is Prepare:
        apply_prepare(rs, d)
    else:
        apply_rest(rs, d)
    if d.boss is not None:  # "If Boss Monster is Spawned, you must still roll for his movement."
        begin_roll(rs, d, "boss")
        return
    apply_round_count(rs, d)


# Rolls --------------------------------------------------------------------------------------------


def apply_roll(rs: Any, d: Any, heads: int) -> None:
    d.roll = roll = replace_roll(d.roll, heads=heads)
    purpose = roll.purpose
    if purpose == "boss":
        apply_turn_end(rs, d)
        return
    if purpose == "move":
        if is_natural_six(rs, roll):
            note("raiders.move.natural-six")
            apply_gain_audacity(rs, d, d.current)
        d.phase = "move-to"
        return
    # A roll for a 5 or 6: an Encounter, the Portal, or the escape from the Boss.
    if encounters.passes_unaltered(rs, roll):
        apply_five_or_six(rs, d, passed=True)
    elif not rs.options.audacity_advanced and encounters.offers_a_spend(rs, d):
        d.phase = "spend"
    else:
        apply_five_or_six(rs, d, passed=False)


def _spend(rs: Any, d: Any, action: Spend) -> None:
    passed = encounters.spend_passes(rs, d, action)
    apply_lose_audacity(d, d.current, action.audacity)
    apply_five_or_six(rs, d, passed=passed)


def apply_five_or_six(rs: Any, d: Any, *, passed: bool) -> None:
    """A roll for a 5 or 6 resolved: each outcome notes its own rule (Monster, Trap, escape, Portal; pass
    or fail), so that a recording credits only the outcome that happened."""
    me = d.current
    purpose = d.roll.purpose
    raider = d.raiders[me]
    here = raider.position
    if purpose == "portal":
        r = d.edit("raiders", me)
        r.in_encounter, r.came_from = False, None
        if passed:
            note("raiders.portal.success")
        if passed and portal.portal_targets(rs, here):
            _placing(d, "portal", "raiders.portal.success")
        elif not passed:
            note("raiders.portal.malfunction")
            _placing(d, "malfunction", "raiders.portal.malfunction")
        else:
            apply_turn_end(rs, d)
        return
    if purpose == "escape":
        d.edit("raiders", me).trapped = False
        if passed:
            note("raiders.boss.escape-pass")
            apply_gain_audacity(rs, d, me)
            apply_gain_penny(rs, d, me)
            _place_or_end(rs, d, "ahead", "raiders.boss.escape-pass")
            return
        note("raiders.boss.escape-fail")
        apply_lose_audacity(d, me)
        apply_lose_penny(rs, d, me)
        _place_or_end(rs, d, "back", "raiders.boss.escape-fail")
        return
    kind = rs.board.spaces[here].kind
    d.edit("raiders", me).in_encounter = False
    if kind == "monster":
        if passed:
            note("raiders.monster.pass")
            apply_gain_audacity(rs, d, me)
            _place_or_end(rs, d, "ahead", "raiders.monster.pass")
            return
        note("raiders.monster.fail")
        back = raider.came_from
        apply_monster_fail_audacity(rs, d, me)
        if back is not None:
            apply_landing(rs, d, me, back, frm=here)
        apply_turn_end(rs, d)
        return
    # Trap: pass or fail, the Raider moves ahead.
    note("raiders.trap.pass" if passed else "raiders.trap.fail")
    if passed:
        apply_gain_penny(rs, d, me)
    else:
        apply_lose_penny(rs, d, me)
    _place_or_end(rs, d, "ahead", "raiders.trap.pass" if passed else "raiders.trap.fail")


@implements("raiders.ambiguity.trapped-after-fail")
def _place_or_end(rs: Any, d: Any, why: str, rule: str) -> None:
    if d.phase == "over" or d.raiders[d.current].killed:
        apply_turn_end(rs, d)
        return
    _placing(d, why, rule)
    if place_targets(rs, d):
        return
    d.effects = discard(d.effects, "place")
    raider = d.raiders[d.current]
    if why == "back" and raider.position == d.boss and \
            read(rs.options, "trapped_after_fail") == "still-trapped":
        d.edit("raiders", d.current).trapped = True     # nowhere to go: still on the Boss's space
    apply_turn_end(rs, d)


def _place(rs: Any, d: Any, action: Place) -> None:
    me = d.current
    here = d.raiders[me].position
    d.effects = discard(d.effects, "place")
    apply_landing(rs, d, me, action.space, frm=here)
    apply_turn_end(rs, d)


# Moving -------------------------------------------------------------------------------------------


def _move_to(rs: Any, d: Any, action: MoveTo) -> None:
    me = d.current
    here = d.raiders[me].position
    apply_lose_audacity(d, me, action.audacity)
    d.roll = replace_roll(d.roll, face=action.face, number=rs.board.spaces[action.space].number)
    apply_landing(rs, d, me, action.space, frm=here)
    _entered(rs, d)


@implements("raiders.encounter.forced-move", "raiders.ambiguity.failing-a-move-roll",
            "raiders.ambiguity.forced-move-choice")
def _stay(rs: Any, d: Any, action: Stay) -> None:
    pulled = d.pullers
    failed = bool(pulled) and (not has_match(rs, d) or read(rs.options, "failing_a_move_roll") == "not-moving")
    if not failed:
        apply_turn_end(rs, d)
        return
    note("raiders.encounter.forced-move")
    if len(pulled) == 1:
        _forced(rs, d, Place(pulled[0]))
    elif read(rs.options, "forced_move_choice") == "player-chooses":
        d.phase = "forced-move"
    else:   # nearest-escape: the one closest to Escape (the first in board order when they tie)
        to_escape = rs.board.to_escape
        _forced(rs, d, Place(min(pulled, key=lambda sp: (to_escape[sp], rs.board.order[sp]))))


def _forced(rs: Any, d: Any, action: Place) -> None:
    me = d.current
    apply_landing(rs, d, me, action.space, frm=d.raiders[me].position)
    _entered(rs, d)


def _entered(rs: Any, d: Any) -> None:
    """After the Move roll moved (or pulled) the Raider: the encounter roll at once, under the
    same-turn reading of ``raiders.ambiguity.encounter-roll-timing``, else the turn's end."""
    raider = d.raiders[d.current]
    if d.phase != "over" and raider.in_encounter and rs.board.spaces[raider.position].kind in ("monster", "trap") \
            and read(rs.options, "encounter_roll_timing") == "same-turn":
        begin_roll(rs, d, "encounter")
        return
    apply_turn_end(rs, d)


@implements("raiders.object.game-ends-on-escape", "raiders.attack.on-move",
            "raiders.encounter.optional-entry", "raiders.ambiguity.raider-onto-boss")
def apply_landing(rs: Any, d: Any, player: int, space: str, *, frm: str) -> None:
    """The Raider arrives on ``space``: escaping, entering an Encounter room, Trapped on the Boss's room
    (under reading sharing-traps of ``raiders.ambiguity.raider-onto-boss``), or an Attack due."""
    kind = rs.board.spaces[space].kind
    encounter = kind in ("monster", "trap") or (kind == "portal" and not d.raiders[player].portal_used)
    r = d.edit("raiders", player)
    r.position, r.in_encounter, r.came_from = space, encounter, frm if encounter else None
    if kind == "escape" and d.grail == player:
        apply_escaped(d, player)
        return
    if space == d.boss and read(rs.options, "raider_onto_boss") == "sharing-traps":
        note("raiders.boss.traps-raider")
        boss_rules.apply_trap(d, space)
    if d.grail is None and d.effects:
        apply_dropped_grail_found(rs, d, player, space)
        if d.phase == "over":
            return
    if attack_rules.is_attack_due(rs, d, player) and not d.attack_due:
        note("raiders.attack.on-move")
        d.effects = add(d.effects, ATTACK_DUE_ON_MOVE)


# Attacks -----------------------------------------------------------------------------------------


@implements("raiders.attack.both-roll", "raiders.ambiguity.audacity-advanced-attack")
def begin_attack(rs: Any, d: Any) -> None:
    holder, me = d.grail, d.current
    d.effects = discard(d.effects, "attack-due")
    if not attack_rules.is_attack_due(rs, d, me):
        apply_round_count(rs, d)
        return
    d.attack = Attack(attacker=me, defender=holder)
    d.phase = "attack-roll"
    if rs.options.audacity_advanced and \
            read(rs.options, "audacity_advanced_attack") == "before-roll-defender-first":
        _next_boost(d)


def _next_boost(d: Any) -> None:
    a = d.attack
    if d.phase == "attack-roll" and d.raiders[a.defender].audacity > 0 and a.defender_extra == 0:
        d.phase = "attack-boost-defender"
    elif d.phase in ("attack-roll", "attack-boost-defender") and d.raiders[a.attacker].audacity > 0:
        d.phase = "attack-boost-attacker"
    else:
        d.phase = "attack-roll"


def _attack_boost(rs: Any, d: Any, action: Boost) -> None:
    a = d.attack
    if d.phase == "attack-boost-defender":
        apply_lose_audacity(d, a.defender, action.audacity)
        d.attack = replace_attack(a, defender_extra=action.audacity)
        d.phase = "attack-boost-attacker" if d.raiders[a.attacker].audacity > 0 else "attack-roll"
        return
    apply_lose_audacity(d, a.attacker, action.audacity)
    d.attack = replace_attack(a, attacker_extra=action.audacity)
    d.phase = "attack-roll"


def apply_attack_roll(rs: Any, d: Any, action: AttackRoll) -> None:
    d.attack = a = replace_attack(d.attack, attacker_heads=action.attacker, defender_heads=action.defender)
    spends_after = not rs.options.audacity_advanced or \
        read(rs.options, "audacity_advanced_attack") == "after-roll-as-standard"
    if spends_after:
        note("raiders.attack.audacity-order")
        if d.raiders[a.defender].audacity > 0:
            d.phase = "attack-defender"
            return
        if d.raiders[a.attacker].audacity > 0:
            d.phase = "attack-attacker"
            d.attack = replace_attack(a, defender_spent=0)
            return
    _resolve_attack(rs, d, Spend(0), Spend(0))


def _attack_spend(rs: Any, d: Any, action: Spend) -> None:
    a = d.attack
    if d.phase == "attack-defender":
        apply_lose_audacity(d, a.defender, action.audacity)
        d.attack = a = replace_attack(a, defender_spent=action.audacity, defender_target=action.target)
        if d.raiders[a.attacker].audacity > 0:
            d.phase = "attack-attacker"
            return
        _resolve_attack(rs, d, action, Spend(0))
        return
    apply_lose_audacity(d, a.attacker, action.audacity)
    _resolve_attack(rs, d, Spend(a.defender_spent or 0, target=a.defender_target), action)


def _resolve_attack(rs: Any, d: Any, defender: Spend, attacker: Spend) -> None:
    """Each side's Heads after its own Audacity (and, under the either-roll reading, after the other's
    Audacity lowering it); the Attacker wins with more."""
    a = d.attack

    def raised(spend: Spend) -> int:
        return spend.audacity if spend.target == "own" else 0

    def lowered(spend: Spend) -> int:
        return spend.audacity if spend.target == "opponent" else 0

    attacker_heads = attack_rules.compute_attack_heads(a.attacker_heads, raised(attacker), lowered(defender))
    defender_heads = attack_rules.compute_attack_heads(a.defender_heads, raised(defender), lowered(attacker))
    won = attack_rules.is_attack_won(attacker_heads, 0, defender_heads, 0)
    attack_rules.apply_attack_result(rs, d, bool(won))
    apply_round_count(rs, d)


# The turn's end -----------------------------------------------------------------------------------


@implements("raiders.boss.chase", "raiders.boss.moves-after-move-roll")
@implements("raiders.ambiguity.boss-after-a-kill")
def apply_turn_end(rs: Any, d: Any) -> None:
    """After the Action and its roll: the Boss moves, then any Attack due, then the next turn.  A turn
    whose roll Killed its Raider ends at once under reading ``no-move`` of
    raiders.ambiguity.boss-after-a-kill; under ``still-moves`` the Boss moves on that roll first."""
    if d.phase == "over":
        return
    rolled = d.boss is not None and d.roll is not None and d.roll.heads is not None
    if d.raiders[d.current].position is None and \
            (not rolled or read(rs.options, "boss_after_a_kill") == "no-move"):     # Killed
        apply_round_count(rs, d)
        return
    if rolled:
        done = boss_rules.apply_boss_move(rs, d)
        if d.phase == "over" or not done:
            return
    _after_boss(rs, d)


def _after_boss(rs: Any, d: Any) -> None:
    if d.attack_due:
        begin_attack(rs, d)
    else:
        apply_round_count(rs, d)


def _boss_choice(rs: Any, d: Any, action: Place) -> None:
    if boss_rules.apply_boss_choice(rs, d, action.space):
        _after_boss(rs, d)


@implements("raiders.boss.track-countdown", "raiders.ambiguity.round")
def apply_round_count(rs: Any, d: Any) -> None:
    """A round is over when every Raider still in the game has had a turn (taken or lost)."""
    if d.phase == "over":
        return
    first, second = d.raiders
    living = (first.position is not None) + (second.position is not None)
    if not living:
        d.phase, d.outcome, d.winner = "over", d.outcome or "killed", None
        return
    turns = d.turns_in_round + 1
    if turns >= living:
        d.turns_in_round = 0
        boss_rules.apply_round_end(rs, d)
    else:
        d.turns_in_round = turns
    nxt = 1 - d.current
    if d.raiders[nxt].position is None:            # Killed: the other Raider plays on
        nxt = d.current
    apply_turn_start(rs, d, nxt)


_HANDLERS = {
    "action": _action,
    "boost": _boost,
    "move-to": lambda rs, d, a: _stay(rs, d, a) if type(a) is Stay else _move_to(rs, d, a),
    "forced-move": _forced,
    "spend": _spend,
    "place": _place,
    "boss-choice": _boss_choice,
    "attack-boost-defender": _attack_boost,
    "attack-boost-attacker": _attack_boost,
    "attack-defender": _attack_spend,
    "attack-attacker": _attack_spend,
}
