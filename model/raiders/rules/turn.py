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
``spend``                  the current player          Spend Audacity for a 5 or 6 (Spend(0) accepts)
``place``                  the current player          Place: where to go (the ``place`` effect says why)
``attack-boost-defender``  the Defender                Audacity Advanced: Boost before the Attack roll
``attack-boost-attacker``  the Attacker                idem
``attack-roll``            chance: both players        the Attack roll
``attack-defender``        the Defender                Spend Audacity first ...
``attack-attacker``        the Attacker                ... then the Attacker
``over``                   nobody                      ``state.outcome`` and ``state.winner``
=========================  ==========================  ==================================================

Every turn ends the same way (``apply_turn_end``): the Boss Monster moves if a roll was made, then a
due Attack, then the round count and the next player's turn.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

import attrs

from ...chance import Binomial, Independent, Outcomes
from ...effects import RESOLVED, TURN, Effect, add, discard, find
from ...options import read
from ...ruleset import CHANCE, Pending
from ...traceability import implements, note, require
from ..actions import (AttackRoll, Boost, CoinToss, Heads, Move, MoveTo, Place, Prepare, Rest, Spend,
                       Stay, UsePortal)
from ..state import Attack, RaidersState, Roll
from . import attack as attack_rules
from . import boss as boss_rules
from . import encounters, portal
from .objective import (apply_escaped, apply_gain_audacity, apply_gain_penny, apply_lose_audacity,
                        apply_lose_penny)
from .raider_actions import (apply_prepare, apply_rest, can_rest, has_match, is_natural_six,
                             move_options)
from .setup import apply_coin_toss

PLAYER_PHASES = {"action", "boost", "move-to", "forced-move", "spend", "place"}
DEFENDER_PHASES = {"attack-boost-defender", "attack-defender"}
ATTACKER_PHASES = {"attack-boost-attacker", "attack-attacker"}
CHANCE_PHASES = {"coin-toss": "coin", "roll": "pennies", "attack-roll": "pennies"}


_OVER = Pending.over()
_CHANCE = {phase: Pending.chance(what) for phase, what in CHANCE_PHASES.items()}


def pending(state: RaidersState) -> Pending:
    phase = state.phase
    if phase == "over":
        return _OVER
    if phase in _CHANCE:
        return _CHANCE[phase]
    return Pending.decision(acting_player(state), phase)


def acting_player(state: RaidersState) -> int:
    """Who decides in a decision phase: the current player, or in an Attack the Defender or Attacker."""
    phase = state.phase
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
        return _attack_roll(state.raider(a.attacker).pennies + a.attacker_extra,
                            state.raider(a.defender).pennies + a.defender_extra)
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


# --------------------------------------------------------------------------------------------------
# Decisions


def legal_actions(rs: Any, state: RaidersState) -> list[Any]:
    phase, me = state.phase, state.current
    if phase not in PLAYER_PHASES and phase not in DEFENDER_PHASES and phase not in ATTACKER_PHASES:
        return []
    raider = state.raider(me)
    if phase == "action":
        acts: list[Any] = [Move(), Prepare()]
        if can_rest(rs, state, me):
            acts.append(Rest())
        if portal.can_use_portal(rs, state, me):
            acts.append(UsePortal())
        return acts
    if phase == "boost":
        return [Boost(k) for k in range(raider.audacity + 1)]
    if phase == "move-to":
        return [*move_options(rs, state), Stay()]
    if phase == "forced-move":
        return [Place(s) for s in state.pullers]
    if phase == "spend":
        return encounters.spend_options(rs, state)
    if phase == "place":
        return [Place(s) for s in place_targets(rs, state)]
    if phase in ("attack-boost-defender", "attack-boost-attacker"):
        who = pending(state).player
        assert who is not None
        return [Boost(k) for k in range(state.raider(who).audacity + 1)]
    if phase in ("attack-defender", "attack-attacker"):
        who = pending(state).player
        assert who is not None
        return [Spend(k) for k in range(state.raider(who).audacity + 1)]
    return []


def place_targets(rs: Any, state: RaidersState) -> list[str]:
    board = rs.board
    here = state.raider(state.current).position
    assert here is not None
    why = state.placing
    if why == "ahead":
        return board.ahead(here)
    if why == "back":
        return board.behind(here)
    if why == "portal":
        return portal.portal_targets(rs, here)
    if why == "malfunction":
        return portal.malfunction_targets(rs, here)
    return []


# --------------------------------------------------------------------------------------------------
# Applying an action


def apply(rs: Any, state: RaidersState, action: Any) -> RaidersState:
    phase = state.phase
    require(phase != "over", "raiders.object.game-ends-on-escape", "the game is over")
    kind = pending(state)
    if kind.kind == CHANCE:
        require(chance(rs, state).prob(action) > 0, _chance_rule(state),
                f"{action!r} is not a possible outcome of the {kind.what} here")
        if phase == "coin-toss":
            state = apply_coin_toss(rs, state, action.winner)
            return apply_turn_start(rs, state, state.current)
        if phase == "roll":
            return apply_roll(rs, state, action.heads)
        return apply_attack_roll(rs, state, action)
    legal = legal_actions(rs, state)
    require(action in legal, _decision_rule(rs, state, action),
            f"{action!r} is not open to player {kind.player} in phase {phase}")
    handler = _HANDLERS[phase]
    return handler(rs, state, action)


def _chance_rule(state: RaidersState) -> str:
    if state.phase == "coin-toss":
        return "raiders.setup.coin-toss"
    if state.phase == "attack-roll":
        return "raiders.attack.both-roll"
    return "raiders.move.roll"


def _decision_rule(rs: Any, state: RaidersState, action: Any) -> str:
    """The rule a refused decision breaks: the most specific one the phase and action point to."""
    phase = state.phase
    if phase == "action":
        if isinstance(action, Rest):
            return "raiders.rest.regain-penny"
        if isinstance(action, UsePortal):
            return "raiders.portal.once-per-game"
        return "raiders.move.roll"
    if phase == "move-to":
        if isinstance(action, MoveTo):
            board = rs.board
            here = state.raider(state.current).position
            if action.space not in board.spaces or action.space not in board.neighbours(here):
                return "raiders.move.any-direction"
            if action.audacity > state.raider(state.current).audacity:
                return "raiders.audacity.alter-roll"
            space = board.spaces[action.space]
            if rs.options.special_tiles and space.colour == "yellow-red" and action.face == "tails":
                return "raiders.advanced.yellow-red-heads-only"
            if rs.options.special_tiles and space.colour == "black" and action.audacity:
                return "raiders.advanced.black-any-face"
            if action.face == "natural":
                return "raiders.move.natural-six"
            if space.is_encounter:
                return "raiders.move.encounter-rooms"
        return "raiders.move.number-match"
    if phase == "boost" or phase.startswith("attack-boost"):
        return "raiders.advanced.audacity-advanced"
    if phase == "forced-move":
        return "raiders.encounter.forced-move"
    if phase == "spend":
        return "raiders.audacity.alter-roll"
    if phase in ("attack-defender", "attack-attacker"):
        return "raiders.attack.audacity-order"
    if phase == "place":
        placing = find(state.effects, "place")
        return placing.rule if placing is not None else "raiders.move.any-direction"
    return "raiders.move.roll"


# The turn's start ----------------------------------------------------------------------------------

ATTACK_DUE_AT_START = Effect("attack-due", "raiders.attack.on-turn-start", until=TURN)
ATTACK_DUE_ON_MOVE = Effect("attack-due", "raiders.attack.on-move", until=TURN)


def _placing(state: RaidersState, why: str, rule: str) -> RaidersState:
    """A Place decision for ``why`` (ahead, back, portal, malfunction), made by ``rule``."""
    effect = Effect("place", rule, until=RESOLVED, player=state.current, subject=why)
    return attrs.evolve(state, phase="place", effects=add(discard(state.effects, "place"), effect))



@implements("raiders.attack.on-turn-start", "raiders.boss.escape-roll", "raiders.attack.winner-next-turn",
            "raiders.ambiguity.encounter-roll-timing")
def apply_turn_start(rs: Any, state: RaidersState, player: int) -> RaidersState:
    if state.phase == "over":
        return state
    state = attrs.evolve(state, current=player, turn=state.turn + 1, roll=None, attack=None,
                         effects=(), phase="action")
    raider = state.raider(player)
    if raider.loses_next_turn:
        note("raiders.attack.defender-loses-grail")
        state = state.with_raider(player, loses_next_turn=False)
        return apply_round_count(rs, state)
    if raider.trapped:
        return begin_roll(rs, state, "escape")
    if attack_rules.is_attack_due(rs, state, player):
        note("raiders.attack.on-turn-start")
        state = attrs.evolve(state, effects=add(state.effects, ATTACK_DUE_AT_START))
        if state.boss is not None:
            return begin_roll(rs, state, "boss")
        return begin_attack(rs, state)
    position = raider.position
    assert position is not None
    if raider.in_encounter and rs.board.spaces[position].kind in ("monster", "trap"):
        return begin_roll(rs, state, "encounter")
    pulled = encounters.pullers(rs, state, player)
    if pulled:
        state = attrs.evolve(state, effects=add(state.effects, Effect(
            "pulled-by", "raiders.encounter.forced-move", until=TURN, player=player, items=pulled)))
    return state


@implements("raiders.advanced.audacity-advanced")
def begin_roll(rs: Any, state: RaidersState, purpose: str) -> RaidersState:
    raider = state.raider(state.current)
    roll = Roll(purpose, raider.pennies)
    if rs.options.audacity_advanced and purpose != "boss" and raider.audacity > 0:
        return attrs.evolve(state, phase="boost", roll=roll)
    return attrs.evolve(state, phase="roll", roll=roll)


def _boost(rs: Any, state: RaidersState, action: Boost) -> RaidersState:
    assert state.roll is not None
    state = apply_lose_audacity(state, state.current, action.audacity)
    roll = attrs.evolve(state.roll, pennies=state.roll.pennies + action.audacity, extra=action.audacity)
    return attrs.evolve(state, phase="roll", roll=roll)


def _action(rs: Any, state: RaidersState, action: Any) -> RaidersState:
    if isinstance(action, Move):
        note("raiders.move.roll")
        return begin_roll(rs, state, "move")
    if isinstance(action, UsePortal):
        note("raiders.portal.use-on-five-or-six")
        state = state.with_raider(state.current, portal_used=True)
        return begin_roll(rs, state, "portal")
    state = apply_prepare(rs, state) if isinstance(action, Prepare) else apply_rest(rs, state)
    if state.boss is not None:  # "If Boss Monster is Spawned, you must still roll for his movement."
        return begin_roll(rs, state, "boss")
    return apply_round_count(rs, state)


# Rolls --------------------------------------------------------------------------------------------


def apply_roll(rs: Any, state: RaidersState, heads: int) -> RaidersState:
    assert state.roll is not None
    roll = attrs.evolve(state.roll, heads=heads)
    state = attrs.evolve(state, roll=roll)
    purpose = roll.purpose
    if purpose == "boss":
        return apply_turn_end(rs, state)
    if purpose == "move":
        if is_natural_six(rs, roll):
            note("raiders.move.natural-six")
            state = apply_gain_audacity(rs, state, state.current)
        return attrs.evolve(state, phase="move-to")
    # A roll for a 5 or 6: an Encounter, the Portal, or the escape from the Boss.
    if encounters.passes_unaltered(rs, roll):
        return apply_five_or_six(rs, state, passed=True)
    if rs.options.audacity_advanced or len(encounters.spend_options(rs, state)) == 1:
        return apply_five_or_six(rs, state, passed=False)
    return attrs.evolve(state, phase="spend")


def _spend(rs: Any, state: RaidersState, action: Spend) -> RaidersState:
    if action.audacity == 0:
        return apply_five_or_six(rs, state, passed=False)
    state = apply_lose_audacity(state, state.current, action.audacity)
    return apply_five_or_six(rs, state, passed=True)


@implements("raiders.monster.pass", "raiders.monster.fail", "raiders.trap.pass", "raiders.trap.fail",
            "raiders.boss.escape-pass", "raiders.boss.escape-fail", "raiders.portal.success",
            "raiders.portal.malfunction")
def apply_five_or_six(rs: Any, state: RaidersState, *, passed: bool) -> RaidersState:
    assert state.roll is not None
    me = state.current
    purpose = state.roll.purpose
    raider = state.raider(me)
    here = raider.position
    assert here is not None
    if purpose == "portal":
        state = state.with_raider(me, in_encounter=False, came_from=None)
        return (_placing(state, "portal", "raiders.portal.success") if passed else
                _placing(state, "malfunction", "raiders.portal.malfunction")) \
            if (portal.portal_targets(rs, here) or not passed) else apply_turn_end(rs, state)
    if purpose == "escape":
        state = state.with_raider(me, trapped=False)
        if passed:
            note("raiders.boss.escape-pass")
            state = apply_gain_audacity(rs, state, me)
            state = apply_gain_penny(rs, state, me)
            return _place_or_end(rs, state, "ahead", "raiders.boss.escape-pass")
        note("raiders.boss.escape-fail")
        state = apply_lose_audacity(state, me)
        state = apply_lose_penny(rs, state, me)
        return _place_or_end(rs, state, "back", "raiders.boss.escape-fail")
    kind = rs.board.spaces[here].kind
    state = state.with_raider(me, in_encounter=False)
    if kind == "monster":
        if passed:
            note("raiders.monster.pass")
            state = apply_gain_audacity(rs, state, me)
            return _place_or_end(rs, state, "ahead", "raiders.monster.pass")
        note("raiders.monster.fail")
        back = raider.came_from
        state = apply_lose_audacity(state, me)
        if back is not None:
            state = apply_landing(rs, state, me, back, frm=here)
        return apply_turn_end(rs, state)
    # Trap: pass or fail, the Raider moves ahead.
    note("raiders.trap.pass" if passed else "raiders.trap.fail")
    state = apply_gain_penny(rs, state, me) if passed else apply_lose_penny(rs, state, me)
    return _place_or_end(rs, state, "ahead", "raiders.trap.pass" if passed else "raiders.trap.fail")


def _place_or_end(rs: Any, state: RaidersState, why: str, rule: str) -> RaidersState:
    if state.phase == "over" or state.raider(state.current).killed:
        return apply_turn_end(rs, state)
    placing = _placing(state, why, rule)
    if place_targets(rs, placing):
        return placing
    return apply_turn_end(rs, state)


def _place(rs: Any, state: RaidersState, action: Place) -> RaidersState:
    me = state.current
    here = state.raider(me).position
    assert here is not None
    state = attrs.evolve(state, effects=discard(state.effects, "place"))
    state = apply_landing(rs, state, me, action.space, frm=here)
    return apply_turn_end(rs, state)


# Moving -------------------------------------------------------------------------------------------


def _move_to(rs: Any, state: RaidersState, action: MoveTo) -> RaidersState:
    me = state.current
    here = state.raider(me).position
    assert here is not None and state.roll is not None
    number = rs.board.spaces[action.space].number
    state = apply_lose_audacity(state, me, action.audacity)
    state = attrs.evolve(state, roll=attrs.evolve(state.roll, face=action.face, number=number))
    state = apply_landing(rs, state, me, action.space, frm=here)
    return apply_turn_end(rs, state)


@implements("raiders.encounter.forced-move", "raiders.ambiguity.failing-a-move-roll",
            "raiders.ambiguity.forced-move-choice")
def _stay(rs: Any, state: RaidersState, action: Stay) -> RaidersState:
    failed = bool(state.pullers) and (not has_match(rs, state) or
                                      read(rs.options, "failing_a_move_roll") == "not-moving")
    if failed:
        note("raiders.encounter.forced-move")
        if len(state.pullers) > 1:
            return attrs.evolve(state, phase="forced-move")
        return _forced(rs, state, Place(state.pullers[0]))
    return apply_turn_end(rs, state)


def _forced(rs: Any, state: RaidersState, action: Place) -> RaidersState:
    me = state.current
    here = state.raider(me).position
    assert here is not None
    state = apply_landing(rs, state, me, action.space, frm=here)
    return apply_turn_end(rs, state)


@implements("raiders.object.game-ends-on-escape", "raiders.attack.on-move",
            "raiders.encounter.optional-entry")
def apply_landing(rs: Any, state: RaidersState, player: int, space: str, *, frm: str) -> RaidersState:
    """The Raider arrives on ``space``: escaping, entering an Encounter room, or an Attack due."""
    board = rs.board
    kind = board.spaces[space].kind
    raider = state.raider(player)
    encounter = kind in ("monster", "trap") or (kind == "portal" and not raider.portal_used)
    state = state.with_raider(player, position=space, in_encounter=encounter,
                              came_from=frm if encounter else None)
    if kind == "escape" and state.grail == player:
        return apply_escaped(state, player)
    if attack_rules.is_attack_due(rs, state, player):
        note("raiders.attack.on-move")
        state = attrs.evolve(state, effects=add(state.effects, ATTACK_DUE_ON_MOVE))
    return state


# Attacks -----------------------------------------------------------------------------------------


@implements("raiders.attack.both-roll", "raiders.ambiguity.audacity-advanced-attack")
def begin_attack(rs: Any, state: RaidersState) -> RaidersState:
    holder = state.grail
    me = state.current
    if not attack_rules.is_attack_due(rs, state, me):
        return apply_round_count(rs, attrs.evolve(state, effects=discard(state.effects, "attack-due")))
    assert holder is not None
    state = attrs.evolve(state, effects=discard(state.effects, "attack-due"),
                         attack=Attack(attacker=me, defender=holder),
                         phase="attack-roll")
    if rs.options.audacity_advanced and \
            read(rs.options, "audacity_advanced_attack") == "before-roll-defender-first":
        return _next_boost(state)
    return state


def _next_boost(state: RaidersState) -> RaidersState:
    a = state.attack
    assert a is not None
    if state.phase == "attack-roll" and state.raider(a.defender).audacity > 0 and a.defender_extra == 0:
        return attrs.evolve(state, phase="attack-boost-defender")
    if state.phase in ("attack-roll", "attack-boost-defender") and state.raider(a.attacker).audacity > 0:
        return attrs.evolve(state, phase="attack-boost-attacker")
    return attrs.evolve(state, phase="attack-roll")


def _attack_boost(rs: Any, state: RaidersState, action: Boost) -> RaidersState:
    a = state.attack
    assert a is not None
    if state.phase == "attack-boost-defender":
        state = apply_lose_audacity(state, a.defender, action.audacity)
        state = attrs.evolve(state, attack=attrs.evolve(a, defender_extra=action.audacity))
        if state.raider(a.attacker).audacity > 0:
            return attrs.evolve(state, phase="attack-boost-attacker")
        return attrs.evolve(state, phase="attack-roll")
    state = apply_lose_audacity(state, a.attacker, action.audacity)
    return attrs.evolve(state, attack=attrs.evolve(a, attacker_extra=action.audacity), phase="attack-roll")


def apply_attack_roll(rs: Any, state: RaidersState, action: AttackRoll) -> RaidersState:
    a = state.attack
    assert a is not None
    a = attrs.evolve(a, attacker_heads=action.attacker, defender_heads=action.defender)
    state = attrs.evolve(state, attack=a)
    spends_after = not rs.options.audacity_advanced or \
        read(rs.options, "audacity_advanced_attack") == "after-roll-as-standard"
    if spends_after:
        note("raiders.attack.audacity-order")
        if state.raider(a.defender).audacity > 0:
            return attrs.evolve(state, phase="attack-defender")
        if state.raider(a.attacker).audacity > 0:
            return attrs.evolve(state, phase="attack-attacker", attack=attrs.evolve(a, defender_spent=0))
    return _resolve_attack(rs, state, 0, 0)


def _attack_spend(rs: Any, state: RaidersState, action: Spend) -> RaidersState:
    a = state.attack
    assert a is not None
    if state.phase == "attack-defender":
        state = apply_lose_audacity(state, a.defender, action.audacity)
        a = attrs.evolve(a, defender_spent=action.audacity)
        state = attrs.evolve(state, attack=a)
        if state.raider(a.attacker).audacity > 0:
            return attrs.evolve(state, phase="attack-attacker")
        return _resolve_attack(rs, state, action.audacity, 0)
    state = apply_lose_audacity(state, a.attacker, action.audacity)
    return _resolve_attack(rs, state, a.defender_spent or 0, action.audacity)


def _resolve_attack(rs: Any, state: RaidersState, defender_spent: int, attacker_spent: int) -> RaidersState:
    a = state.attack
    assert a is not None and a.attacker_heads is not None and a.defender_heads is not None
    won = attack_rules.is_attack_won(a.attacker_heads, attacker_spent, a.defender_heads, defender_spent)
    state = attack_rules.apply_attack_result(rs, state, bool(won))
    return apply_round_count(rs, state)


# The turn's end -----------------------------------------------------------------------------------


@implements("raiders.boss.chase", "raiders.boss.moves-after-move-roll")
def apply_turn_end(rs: Any, state: RaidersState) -> RaidersState:
    """After the Action and its roll: the Boss moves, then any Attack due, then the next turn."""
    if state.phase == "over":
        return state
    if state.raider(state.current).killed:
        return apply_round_count(rs, state)
    if state.boss is not None and state.roll is not None and state.roll.heads is not None:
        state = boss_rules.apply_boss_move(rs, state)
        if state.phase == "over":
            return state
    if state.attack_due:
        return begin_attack(rs, state)
    return apply_round_count(rs, state)


@implements("raiders.boss.track-countdown", "raiders.ambiguity.round")
def apply_round_count(rs: Any, state: RaidersState) -> RaidersState:
    """A round is over when every Raider still in the game has had a turn (taken or lost)."""
    if state.phase == "over":
        return state
    living = [p for p, r in enumerate(state.raiders) if not r.killed]
    if not living:
        return attrs.evolve(state, phase="over", outcome=state.outcome or "killed", winner=None)
    turns = state.turns_in_round + 1
    if turns >= len(living):
        state = boss_rules.apply_round_end(rs, attrs.evolve(state, turns_in_round=0))
    else:
        state = attrs.evolve(state, turns_in_round=turns)
    nxt = 1 - state.current
    if state.raider(nxt).killed:
        nxt = state.current
    return apply_turn_start(rs, state, nxt)


_HANDLERS = {
    "action": _action,
    "boost": _boost,
    "move-to": lambda rs, s, a: _stay(rs, s, a) if isinstance(a, Stay) else _move_to(rs, s, a),
    "forced-move": _forced,
    "spend": _spend,
    "place": _place,
    "attack-boost-defender": _attack_boost,
    "attack-boost-attacker": _attack_boost,
    "attack-defender": _attack_spend,
    "attack-attacker": _attack_spend,
}
