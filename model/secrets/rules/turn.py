"""The round: how the areas of the rulebook join into one sequence of decisions and chance events.

``state.phase`` is ``setup``, ``adventurer``, ``tomb`` or ``over``.  Work the rules queue is the
``agenda``; its head decides who acts (``rules/engine.py``).  With nothing queued in the Adventurer
Phase, the ``current`` seat takes a turn (``rules/adventurer_phase.py``).  After every answer the engine
*settles*: it resolves automatic tasks until an answer is needed again.

Task kinds, by module:

* ``setup``: leader, choose, grant, begin (the Expedition Leader's die, each seat's Adventurer sheet, the
  5-Adventurer extra actions, the start of play);
* ``turn``: end-turn, round-start (the next clockwise seat with a green Action token; a round's first turn);
* ``adventurer_phase``: move, step, evade-leave, evade-failed, fall, search, steal-defence, steal-take
  (moving, evading, exploring, falling; searching; stealing);
* ``dice_checks``: check (a dice check: Audacity before, the roll, Audacity after);
* ``components_ops``: op, d3-rolled (one effect of a component, or a continuation of the rules);
* ``rooms``: explore, story, trap-explored, scenario-symbol, place-room, relocate (drawing and placing Room
  tiles, Story cards, traps, "Place ...");
* ``combat``: combat, combat-evade, retreat, combat-courage, brace, combat-gear, combat-roll,
  combat-critical, combat-hit, combat-end, combat-area, command (a combat step by step; area combat;
  creature versus creature);
* ``adventurers``: damage, tend, die, recruit, flee, flee-step (damage and companions taking it, dying,
  fleeing, choosing a new adventurer);
* ``items``: draw, keep, discard, pick-up, trade, barter, upkeep-roll, upkeep-judged (cards drawn and kept,
  '-X' discards, picking up, trading, the Soul Monger, Upkeep rolls of weapons);
* ``status``: status-draw, status-keep, infected (status effects drawn or kept; the Alternative Infected
  Rules);
* ``tomb_phase``: tomb-draw, tomb-effect, move-creatures, creature-move, initiate-combat, spawn, spawn-one,
  upkeep, refresh, search-tokens, comet, end-round (the Tomb Phase's steps);
* ``solo``: harrison (Lord Harrison's companion instead of fleeing or dying).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from ...ruleset import Pending
from ...traceability import implements, note, require
from ..state import SecretsState, Task
from . import (abilities, adventurer_phase, adventurers, combat, components_ops, creatures, dice_checks,  # noqa: F401
               items, rooms, scenarios, setup, solo, status, tomb_phase)
from .engine import KINDS, task

SETTLE_LIMIT = 10_000


def pending(rs: Any, state: SecretsState) -> Pending:
    if state.phase == "over":
        return Pending.over()
    head = state.head
    if head is not None:
        kind = KINDS[head.kind]
        assert kind.pending is not None, f"task {head.kind} waits but says not for whom"
        return kind.pending(rs, state, head)
    return Pending.decision(state.current, "turn")


def legal_actions(rs: Any, state: SecretsState, seat: int) -> list[Any]:
    if state.phase == "over":
        return []
    head = state.head
    if head is not None:
        kind = KINDS[head.kind]
        return kind.legal(rs, state, head, seat) if kind.legal is not None else []
    return adventurer_phase.turn_legal(rs, state, seat)


def chance(rs: Any, state: SecretsState) -> Any:
    head = state.head
    if state.phase == "over" or head is None:
        return None
    kind = KINDS[head.kind]
    if kind.chance is None or not pending(rs, state).is_chance:
        return None
    return kind.chance(rs, state, head)


def apply(rs: Any, state: SecretsState, action: Any, seat: int | None) -> SecretsState:
    require(state.phase != "over", "secrets.object.team-win-lose", "the game is over")
    head = state.head
    if head is not None:
        kind = KINDS[head.kind]
        p = pending(rs, state)
        if p.is_chance:
            dist = kind.chance(rs, state, head)
            rule = kind.rule(rs, state, head, action) if kind.rule else "secrets.dice.dice-pool"
            require(dist is not None and dist.prob(action) > 0, rule,
                    f"{action!r} is not a possible outcome of the {p.what} here")
        else:
            legal = kind.legal(rs, state, head, seat) if kind.legal is not None and seat is not None else []
            if action not in legal:
                rule = kind.rule(rs, state, head, action) if kind.rule else "secrets.adventurer-phase.perform-action"
                require(False, rule, f"{action!r} is not open to seat {seat} here ({p.what})")
        state = kind.apply(rs, state, head, action, seat)
    else:
        assert seat is not None
        state = adventurer_phase.apply_turn(rs, state, action, seat)
    return settle(rs, state)


@implements("secrets.adventurer-phase.until-all-spent", "secrets.adventurer-phase.next-player",
            "secrets.ambiguity.turn-order-uneven-tokens")
def settle(rs: Any, state: SecretsState) -> SecretsState:
    """Resolve every task that needs no answer, in order, until one does (or the game is over)."""
    for _, _, state in resolutions(rs, state):
        pass
    return state


def resolutions(rs: Any, state: SecretsState) -> Iterator[tuple[str, Task | None, SecretsState]]:
    """``settle``, one resolution at a time: ``(piece, task, state after)`` for every task that needs no
    answer run in turn (``"run"``, the task), and the engine's own moves (``"engine"``: a turn ending,
    play beginning), until a decision is due or the game is over (checks see every spawn through it)."""
    for _ in range(SETTLE_LIMIT):
        if state.phase == "over":
            return
        head = state.head
        if head is not None:
            kind = KINDS[head.kind]
            if kind.run is None:
                return
            nxt = kind.run(rs, state, head)
            if nxt is None:
                return
            yield "run", head, nxt
            state = nxt
            continue
        if state.phase == "adventurer":
            if adventurer_phase.can_act(rs, state, state.current):
                return
            state = state.push(Task("end-turn", state.current, flags=("inclusive",)))
        elif state.phase == "setup":
            state = attrs.evolve(state, phase="adventurer", current=state.first)
        else:
            raise AssertionError(f"phase {state.phase} with nothing to do")
        yield "engine", None, state
    raise RuntimeError("the rules do not settle: a task kind loops")


def _end_turn_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    """The next clockwise seat with a green Action token takes a turn (seats without are skipped); when no
    adventurer has one left, the Adventurer Phase ends and the Tomb Phase begins.  Before the turn passes,
    the player may still save a fleeing adventurer met this turn (free: secrets.adventurers.save-no-action-
    token; the Example of saving Temple moves, then saves)."""
    if "inclusive" not in t.flags and "saved" not in t.flags and _savable(rs, state, t.seat):
        return None
    state = state.pop()
    n = len(state.seats)
    start = t.seat if t.seat is not None else state.current
    first = 0 if "inclusive" in t.flags else 1
    for k in range(first, n + first):
        seat = (start + k) % n
        if adventurer_phase.can_act(rs, state, seat):
            return attrs.evolve(state, current=seat)
    note("secrets.adventurer-phase.ends-then-tomb-phase")
    return tomb_phase.start_tomb_phase(rs, state)


def _savable(rs: Any, state: SecretsState, seat: int | None) -> list[int]:
    if seat is None or state.phase != "adventurer" or state.adventurer(seat) is None:
        return []
    room = state.adventurer(seat).room
    return [s for s in state.seats_in(room) if adventurers.can_save(rs, state, seat, s) is None]


def _end_turn_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    from ..actions import Done, Save
    if seat != t.seat:
        return []
    return [*(Save(s) for s in _savable(rs, state, seat)), Done()]


def _end_turn_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    from ..actions import Done, Save
    require(action in _end_turn_legal(rs, state, t, seat if seat is not None else -1), "secrets.adventurers.save-fleeing",
            "save a fleeing adventurer in your room, or end the turn")
    if isinstance(action, Done):
        return state.pop().push(attrs.evolve(t, flags=(*t.flags, "saved")))
    assert isinstance(action, Save) and t.seat is not None
    return adventurers.apply_save(rs, state, t.seat, action.seat)


task("end-turn", run=_end_turn_run, pending=lambda rs, s, t: Pending.decision(t.seat, "end of turn"),
     legal=_end_turn_legal, apply=_end_turn_apply, rule=lambda *a: "secrets.adventurers.save-fleeing")


def _round_start_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """A new round begins with the new first player (the next who can act, if the first cannot)."""
    state = state.pop()
    if adventurer_phase.can_act(rs, state, state.current):
        return state
    return state.push(Task("end-turn", state.current, flags=("inclusive",)))


task("round-start", run=_round_start_run)
