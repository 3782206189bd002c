"""The Golden Rule: text on components supersedes the rulebook.  The model acts on a component's
effects (:data:`~tombspec.model.secrets.components.OP_KINDS`), queued as ``op`` tasks in the order printed.

"Many effects prompt '+X' or '-X' followed by a card type or attribute (e.g., +1 Mythos). For a card
type, draw or discard those cards. For an attribute, track it using Attribute Bonus tokens."

An effect of kind ``text`` is text the model cannot act on: it is recorded in the state's effects as
``text-only`` (a limitation, never a silent no-op).  The rules' own continuations (what a check's pass
or fail leads to) are ops too, registered with :func:`continuation`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...effects import GAME, Effect, add, named
from ...traceability import implements, note, require
from ..actions import Branch
from ..components import Op
from ..state import SecretsState, Task, evolve
from .engine import made, task

Continuation = Callable[[Any, SecretsState, int, Op], SecretsState]
CONTINUATIONS: dict[str, Continuation] = {}


def continuation(kind: str) -> Callable[[Continuation], Continuation]:
    def register(fn: Continuation) -> Continuation:
        CONTINUATIONS[kind] = fn
        return fn
    return register


def run_ops(state: SecretsState, seat: int | None, ops: tuple[Op, ...], rule: str) -> SecretsState:
    """Queue ``ops`` (in order) before everything pending."""
    if not ops:
        return state
    return state.push(*op_tasks(seat, ops, rule))


def op_tasks(seat: int | None, ops: tuple[Op, ...], rule: str) -> tuple[Task, ...]:
    """The ``op`` tasks that resolve ``ops``, in order (what :func:`run_ops` queues)."""
    return tuple([Task("op", seat, rule=rule, ops=(op,)) for op in ops])


def seats_for(rs: Any, state: SecretsState, seat: int | None, who: str) -> list[int]:
    """Whom an effect concerns: the adventurer itself, each adventurer in the Tomb, each in its room, the
    first player's or the Expedition Leader's adventurer."""
    if who == "each":
        return list(state.in_tomb())
    if who == "first-player":
        return [state.first] if state.seats[state.first].adventurer is not None else []
    if who == "leader":
        return [state.leader] if state.seats[state.leader].adventurer is not None else []
    if seat is None or state.seats[seat].adventurer is None:
        return []
    if who == "room":
        adv = state.seats[seat].adventurer
        assert adv is not None
        return list(state.seats_in(adv.room))
    return [seat]


def _op_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    op = t.ops[0]
    if op.kind in CONTINUATIONS:
        return CONTINUATIONS[op.kind](rs, state.pop(), t.seat if t.seat is not None else -1, op)
    if op.who != "self" and op.kind not in ("spawn", "boss", "place-room", "comet", "flag", "win", "lose", "text"):
        targets = seats_for(rs, state, t.seat, op.who)
        single = evolve(op, who="self")
        return state.replace_head(*(Task("op", s, rule=t.rule, ops=(single,)) for s in targets))
    if op.kind == "choice":
        return None
    return apply_op(rs, state.pop(), t.seat, op, t.rule)


def _op_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    return [Branch(True), Branch(False)] if seat == t.seat and t.ops[0].kind == "choice" else []


def _op_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(isinstance(action, Branch), "secrets.story.pass-section", "choose Pass or Fail")
    note("secrets.story.fail-section")
    op = t.ops[0]
    return run_ops(state.pop(), t.seat, op.passed if action.passed else op.failed, t.rule)


task("op", run=_op_run, pending=lambda rs, s, t: made.decision(t.seat, "choose pass or fail"),
     legal=_op_legal, apply=_op_apply, rule=lambda *a: "secrets.story.pass-section")


@implements("secrets.golden-rule.components-supersede", "secrets.rooms.plus-minus-x",
            "secrets.tomb-phase.tomb-effect", "secrets.tomb-phase.tomb-effect-check")
def apply_op(rs: Any, state: SecretsState, seat: int | None, op: Op, rule: str) -> SecretsState:
    """One effect of a component, for the adventurer of ``seat``."""
    kind = op.kind
    if kind in ("comet", "flag", "win", "lose", "boss", "spawn", "place-room", "text"):
        if kind == "comet":
            return scenarios.move_comet(rs, state, op.amount, rule)
        if kind == "flag":
            return scenarios.set_flag(rs, state, op.name)
        if kind in ("win", "lose"):
            return scenarios.end_game(rs, state, "won" if kind == "win" else "lost", rule)
        if kind == "boss":
            return spawn_boss(rs, state, op.name, op.room)
        if kind == "spawn":
            return queue_spawns(rs, state, seat, op.deck, op.amount, op.where or "red", rule, op.level)
        if kind == "place-room":
            return rooms.queue_place_room(rs, state, seat, op.name, op.level, rule)
        return record_text(state, op.text, rule)
    if seat is None or state.seats[seat].adventurer is None:
        return state
    if kind == "check":
        flags = tuple(op.flags)
        return start_check(rs, state, seat, op.attribute, op.difficulty, passed=op.passed, failed=op.failed,
                           flags=flags, rule=rule)
    if kind == "damage" and "d3" in op.flags:
        return roll_d3(rs, state, seat, rule)
    if kind == "damage":
        return adv_rules.lose_health(state, seat, op.amount, rule)
    if kind == "heal":
        return adv_rules.heal_effect(rs, state, seat, op.amount)
    if kind == "courage":
        return adv_rules.change_courage(rs, state, seat, op.amount, rule)
    if kind == "audacity":
        return adv_rules.change_audacity(rs, state, seat, op.amount)
    if kind == "soul-shards":
        a = state.seats[seat].adventurer
        assert a is not None
        return state.with_adventurer(seat, shards=max(a.shards + op.amount, 0))
    if kind == "bonus":
        return add_bonus(state, seat, op.attribute, op.amount)
    if kind == "draw":
        return items.queue_draw(rs, state, seat, op.deck, op.amount, op.keep, rule)
    if kind == "discard":
        return items.queue_discard(rs, state, seat, op.deck, op.amount, rule)
    if kind == "gain":
        return items.gain_card(rs, state, seat, op.name)
    if kind == "status":
        return status.gain_status(rs, state, seat, op.name, rule)
    if kind == "random-status":
        return status.queue_random_status(rs, state, seat, op.orientation, rule)
    if kind == "remove-status":
        return status.remove_status(rs, state, seat, op.name or None)
    if kind == "flee":
        return state.push(Task("flee", seat, rule=rule))
    if kind == "story":
        return rooms.queue_story(rs, state, seat, op.name, rule)
    if kind == "harm-creatures":
        return harm_creatures(rs, state, seat, op.amount, "ignore-armor" in op.flags, rule)
    if kind == "control":
        return queue_control(rs, state, seat, rule)
    if kind == "rope":
        return rooms.place_rope(rs, state, seat, rule)
    raise AssertionError(f"effect kind {kind!r} has no rule")  # the loader admits only OP_KINDS


def add_bonus(state: SecretsState, seat: int, attribute: str, amount: int) -> SecretsState:
    """An Attribute Bonus token (e.g. +1 Knowledge)."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    tokens = dict(adv.bonuses)
    tokens[attribute] = tokens.get(attribute, 0) + amount
    return state.with_adventurer(seat, bonuses=tuple(sorted((a, n) for a, n in tokens.items() if n)))


@implements("secrets.golden-rule.components-supersede")
def record_text(state: SecretsState, text: str, rule: str) -> SecretsState:
    """The model met text it cannot act on: recorded as a limitation (once per text)."""
    if any(e.subject == text for e in named(state.effects, "text-only")):
        return state
    return evolve(state, effects=add(state.effects, Effect("text-only", rule, until=GAME, subject=text)))


@implements("secrets.dice.d3", "secrets.ambiguity.audacity-on-non-check-rolls")
def roll_d3(rs: Any, state: SecretsState, seat: int, rule: str) -> SecretsState:
    """A die read as 1d3 (1-3 as-is, 4-6 as 1-3): not a dice check, so Audacity cannot change it
    (checks-only); with any-roll it can."""
    flags = ("result:d3-rolled",) + (() if read(rs.options, "audacity_rolls") == "any-roll" else ("no-audacity",))
    return start_check(rs, state, seat, "none", 1, flags=flags, rule=rule, pool_size=1, target="d3")


def _d3_rolled_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    face = next(f for f in range(1, 7) if t.faces[f - 1])
    return adv_rules.lose_health(state.pop(), t.seat, read_d3(face), t.rule)


task("d3-rolled", run=_d3_rolled_run)


@continuation("arrive")
def _arrive(rs: Any, state: SecretsState, seat: int, op: Op) -> SecretsState:
    """A climb or a teleport succeeded: the adventurer enters ``room``."""
    if state.seats[seat].adventurer is None or state.room(op.room) is None:
        return state
    state = state.with_adventurer(seat, room=op.room)
    return enter_room(rs, state, seat, op.room, how="move")


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from ..options import read  # noqa: E402
from . import adventurers as adv_rules, items, rooms, scenarios, status  # noqa: E402
from .combat import harm_creatures, queue_control  # noqa: E402
from .creatures import spawn_boss  # noqa: E402
from .dice_checks import read_d3, start_check  # noqa: E402
from .rooms import enter_room  # noqa: E402
from .tomb_phase import queue_spawns  # noqa: E402
