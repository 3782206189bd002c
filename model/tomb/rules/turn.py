"""The turn: how the areas of the rulebook join into one sequence of decisions and chance events.

The state's agenda is a stack of tasks (``rules/agenda.py``); its head says who acts:

======================  ======================  =================================================================
task                    pending                 what happens
======================  ======================  =================================================================
``order-roll``          chance: 7 blue          each player's order-of-play roll (Set Up)
``order-reroll``        that player             Greenhorn: re-roll up to two dice
``hero``                that player             Hero: take a Crypt card before the deck is shuffled
``crypt-draw``          chance: crypt deck      a Crypt card into a player's filling hand
``crypt-place``         the placer              place a Crypt card face down in an open Crypt
``deal-crypt``          chance: crypt deck      a card dealt face down (Solitaire; single-round filling)
``solo-third``,         the player              Solitaire: third (and further) cards from the hand
``solo-rest``
``character-draw``      chance: the Pool        a Character drawn (first turn, the Inn)
``keep``                that player             keep a drawn Character (Meet at the Inn)
``knight-search``       that player             Knight: search the Pool
``first-recruit``       the player              Solitaire: the first Character, from the Inn
``turn``                the current player      Free Actions, then one Standard Action
``inn-draw``            chance: an Inn deck     an Inn card (Draw, class cards, a Monster's cards)
``draw-second``         the current player      the deck of the second card of a Draw
``attach``              that player             Attach the Item just drawn
``journeyman``          that player             Journeyman: redraw the Inn card?
``solo-destroy``        the player              Solitaire: destroy a Character at the Inn
``roll``                chance: tomb dice       a roll (``state.roll``): successes per colour
``heal-assign``         the healer              remove Wounds, one at a time
``defend``              the target player       the Character who rolls against a Pickpocket
``soldier``, ...        that player             Soldier: bank cards for more recruits
``overflow``            that player             a Party over its size returns a Character
``bank-at-inn``         that player             Bank Attached Treasures on reaching the Inn
``trap-announce``       the CM                  the next Trap (the CM's order)
``trap-disarmers``      the Raiding Player      who disarms it
``trap-leave``          the Raiding Player      press on or leave after a Trap
``kill-choose``         the Raiding Player      who dies among the tied (a Trap)
``monster-continue``    the Raiding Player      continue against the Monsters?
``contest-pick``        the Raiding Player      who faces a Monster's contested roll (Elithe)
``give-treasure``       the Raiding Player      which Treasure goes to which Party
``loot``                that player             Attach cards given to him
``battle-cm``           the CM                  a Monster's Battle Action
``attack-target``       the Raiding Player      who takes the blow
``battle-raider``       the Raiding Player      a Character's Battle Action (Attack, a card, Flee)
``assign-wound``        that player             place one Wound of a roll he distributes
``window``              priority                Reacts to a trigger, the current player first, then left
``reroll``, ``peek``    chance                  a React's re-rolled die, or the Crypt card looked at
``treasure-choice``     the Raiding Player      Bank or Attach each Treasure found
``squire``              the owner               Squire: the destroyed Character back to the Pool?
``replace``,            chance: the Pool        the new Character at the Inn; a wiped Party's new Character
``restart-draw``
``restart-recruit``     that player             recruit-from-inn: a wiped Party's new Character
======================  ======================  =================================================================

Automatic tasks (``turn-start``, ``end-turn``, ``raid-begin``, ``traps``, ``battle``, ``wipe``, ...) are
run at once by :func:`advance`; a chance task with nothing to draw, a window nobody can React in, and
an optional decision with no option are skipped.  An empty agenda is the end of the game.
"""

from __future__ import annotations

from typing import Any

import attrs

from ...effects import ROUND, TURN, expire, has
from ...ruleset import Pending
from ...traceability import implements, note, require
from ..actions import Roll as RollOutcome
from ..state import Task, TombState
from .agenda import AUTO, CHANCE, DECIDE, PRIORITY, TASKS, Kind, outcome, pop, push, task
from .end import finish, out_of_characters
from .free_actions import inn_heal
from .inn import first_turn_tasks
from .rolling import roll_distribution

#: Decisions that are skipped when nothing can be chosen (nothing left to place, to heal, to fill).
SKIP_EMPTY = frozenset({"solo-third", "solo-rest", "assign-wound", "overflow", "kill-choose", "give-treasure",
                        "defend", "attack-target", "contest-pick", "restart-recruit", "first-recruit", "solo-destroy",
                        "draw-second", "soldier-recruit", "keep", "loot", "attach", "trap-disarmers", "battle-cm",
                        "battle-raider", "curse-attach", "lend", "pay", "dismiss-extra", "discard-extra"})

_OVER = Pending.over()


def kind_of(rs: Any, t: Task) -> Kind:
    return rs.tasks[t.kind]


def pending(rs: Any, state: TombState) -> Pending:
    t = state.task
    if t is None:
        return _OVER
    k = kind_of(rs, t)
    if k.mode == CHANCE:
        return Pending.chance(k.what)
    if k.mode == PRIORITY:
        return Pending.priority(k.actors(rs, state, t), f"{k.what}: {t.subject}")  # type: ignore[misc]
    return Pending.decision(t.player if t.player is not None else state.current, k.what)


def legal_actions(rs: Any, state: TombState, player: int) -> list[Any]:
    t = state.task
    if t is None:
        return []
    k = kind_of(rs, t)
    if k.mode not in (DECIDE, PRIORITY) or k.legal is None:
        return []
    return k.legal(rs, state, t, player)


def chance(rs: Any, state: TombState) -> Any:
    t = state.task
    if t is None:
        return None
    k = kind_of(rs, t)
    if k.mode != CHANCE:
        return None
    return k.chance(rs, state, t)  # type: ignore[misc]


def turn_rule(rs: Any, state: TombState) -> str:
    t = state.task
    if t is None:
        return "tomb.end.crypts-emptied"
    return kind_of(rs, t).rule or "tomb.setup.clockwise"


def apply(rs: Any, state: TombState, action: Any, player: int | None) -> TombState:
    t = state.task
    require(t is not None, rs.end_rule(), "the game is over")
    assert t is not None
    k = kind_of(rs, t)
    if k.mode == CHANCE:
        dist = k.chance(rs, state, t)  # type: ignore[misc]
        require(dist is not None and dist.prob(action) > 0, k.rule,
                f"{action!r} is not a possible outcome of {k.what} here")
        state = k.apply(rs, state, t, action, None)  # type: ignore[misc]
    else:
        assert player is not None
        legal = rs._legal_actions(state, player) if k.legal is not None else []
        if action not in legal:
            rule = k.why(rs, state, t, action, player) if k.why is not None else k.rule
            require(False, rule, f"{action!r} is not open to player {player} ({k.what})")
        state = k.apply(rs, state, t, action, player)  # type: ignore[misc]
    return advance(rs, state)


def advance(rs: Any, state: TombState) -> TombState:
    """Run the automatic tasks, skip what cannot happen, until a decision or chance event is next (or
    the game is over)."""
    for _ in range(100_000):
        t = state.task
        if t is None:
            return state
        k = kind_of(rs, t)
        if k.mode == AUTO:
            state = k.run(rs, state, t)  # type: ignore[misc]
            continue
        if k.mode == CHANCE:
            if k.chance(rs, state, t) is None:  # type: ignore[misc]
                state = pop(state)
                continue
            return state
        if k.mode == PRIORITY:
            if not k.actors(rs, state, t):  # type: ignore[misc]
                state = pop(state)
                continue
            return state
        if t.kind in SKIP_EMPTY and not k.legal(rs, state, t, t.player if t.player is not None else state.current):  # type: ignore[misc]
            state = pop(state)
            continue
        return state
    raise RuntimeError("tomb: the agenda does not settle (a loop of automatic tasks)")


# Turns ------------------------------------------------------------------------------------------------------

@task("turn-start", AUTO, "tomb.setup.clockwise")
@implements("tomb.setup.clockwise", "tomb.ambiguity.first-turn-is-whole-turn", "tomb.solo.play-as-usual",
            "tomb.ambiguity.no-characters-left")
def run_turn_start(rs: Any, state: TombState, t: Task) -> TombState:
    """A player's turn begins: on his first turn he meets the Inn; later, a Party at the Inn heals,
    then Free Actions and one Standard Action, then the turn ends."""
    state = pop(state)
    p = t.player
    assert p is not None
    state = attrs.evolve(state, current=p, turn=state.turn + 1, effects=expire(state.effects, TURN, ROUND))
    if out_of_characters(rs, state):
        note("tomb.solo.end-no-characters")
        return finish(rs, state, "no-characters")
    party = state.party(p)
    if party.out:
        return push(state, Task("end-turn", p, rule="tomb.setup.clockwise"))
    if rs.is_first_turn(state):
        tasks = list(rs.first_turn_tasks(state, p))
        if rs.options.first_turn == "plus-standard":
            tasks.append(Task("turn", p, rule="tomb.turn.free-actions-then-one-standard"))
        return push(state, *tasks, Task("end-turn", p, rule="tomb.setup.clockwise"))
    state = rs.turn_start(state, p)
    return push(state, Task("turn", p, rule="tomb.turn.free-actions-then-one-standard"),
                *rs.end_of_turn_tasks(state, p))


def turn_start(rs: Any, state: TombState, player: int) -> TombState:
    return inn_heal(rs, state, player)


def end_of_turn_tasks(rs: Any, state: TombState, player: int) -> list[Task]:
    return [Task("end-turn", player, rule="tomb.setup.clockwise")]


@task("end-turn", AUTO, "tomb.setup.clockwise")
@implements("tomb.ambiguity.end-trigger")
def run_end_turn(rs: Any, state: TombState, t: Task) -> TombState:
    """The turn ends: what lasted the turn lapses (a Character whose Hit Points fall dies), and play
    passes clockwise.  (end-of-round: the game ends once the round in which the last Crypt card went
    is complete.)"""
    from .death import check_all_deaths
    from .setup import first_turn_player

    state = pop(state)
    p = t.player
    assert p is not None
    state = attrs.evolve(state, effects=expire(state.effects, TURN, ROUND), roll=None)
    before = len(state.agenda)
    state = check_all_deaths(rs, state)
    if len(state.agenda) > before:
        # a Character died as his Hit Points fell: that is resolved first, then the turn ends
        new = len(state.agenda) - before
        return attrs.evolve(state, agenda=(*state.agenda[:new], Task("end-turn", p, rule="tomb.setup.clockwise"),
                                           *state.agenda[new:]))
    state = rs.check_end(state)          # the last card may have gone in a Raid that did not finish
    if state.outcome is not None:
        return state
    n = rs.num_players
    if has(state.effects, "crypts-cleared"):
        last = (first_turn_player(rs, state) - 1) % n
        if p == last:
            return finish(rs, state, "crypts-emptied")
    if out_of_characters(rs, state):
        return finish(rs, state, "no-characters")
    return push(state, Task("turn-start", rs.next_player(state, p), rule="tomb.setup.clockwise"))


def next_player(rs: Any, state: TombState, player: int) -> int:
    """Play proceeds in clockwise order."""
    return (player + 1) % rs.num_players


# Rolls ------------------------------------------------------------------------------------------------------

@task("roll", CHANCE, "tomb.dice.attribute-named", what="tomb dice")
@implements("tomb.dice.attribute-named")
def chance_roll(rs: Any, state: TombState, t: Task) -> Any:
    """Every roll names an Attribute; its dice are ``state.roll`` (a pool recorded by colour)."""
    roll = state.roll
    if roll is None:
        return None
    return roll_distribution(*rs.rolled_dice(roll))


@outcome("roll")
def apply_roll(rs: Any, state: TombState, t: Task, action: RollOutcome, player: None) -> TombState:
    roll = state.roll
    assert roll is not None
    state = pop(state)
    roll = attrs.evolve(roll, dice=rs.rolled_dice(roll), successes=(action.green, action.blue, action.red))
    total = action.total + roll.auto
    keep = roll.purpose in rs.attack_purposes
    state = attrs.evolve(state, roll=roll if keep else None)
    return rs.roll_handlers[roll.purpose](rs, state, roll, total)
