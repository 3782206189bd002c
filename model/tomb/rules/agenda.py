"""The agenda: what happens next, as a stack of tasks, and the registry of task kinds.

A rule that needs something to happen later pushes a :class:`~tombspec.model.tomb.state.Task`; the
engine (``rules/turn.py``) looks at the head of the agenda to say who acts (:class:`Kind.mode`), lists
the decisions or gives the chance distribution, and applies the outcome.  Automatic tasks are run at
once.  Every rules module registers the task kinds of its area with :func:`task`; Tomb: Cryptmaster
registers its own, and overrides some, in its ruleset's ``tasks``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from ..state import Task, TombState, evolve, with_agenda

DECIDE, CHANCE, AUTO, PRIORITY = "decide", "chance", "auto", "priority"


@attrs.frozen
class Kind:
    """A task kind: how it is resolved and by which functions."""

    name: str
    mode: str                                   # decide | chance | auto | priority
    rule: str                                   # the rule a refused action (or acting out of turn) breaks
    legal: Callable[..., list[Any]] | None = None      # (rs, state, task, player) -> decisions
    apply: Callable[..., TombState] | None = None      # (rs, state, task, action, player) -> state
    chance: Callable[..., Any] | None = None           # (rs, state, task) -> Distribution (None: skip)
    run: Callable[..., TombState] | None = None        # auto: (rs, state, task) -> state
    actors: Callable[..., tuple[int, ...]] | None = None   # priority: (rs, state, task) -> players
    why: Callable[..., str] | None = None              # (rs, state, task, action, player) -> rule id
    what: str = ""                                     # for Pending.what
    #: (rs, state, task, action, player) -> whether ``legal`` lists the action, asking only what could
    #: list it (legality by predicate); None: the list is built and looked in
    allows: Callable[..., bool] | None = None


TASKS: dict[str, Kind] = {}


def task(name: str, mode: str, rule: str, *, what: str = "", registry: dict[str, Kind] | None = None
         ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the function below as ``name``'s main function (run, apply or chance by ``mode``)."""

    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        reg = TASKS if registry is None else registry
        old = reg.get(name)
        fields = dict(name=name, mode=mode, rule=rule, what=what or name)
        if mode == AUTO:
            fields["run"] = fn
        elif mode == CHANCE:
            fields["chance"] = fn
        else:
            fields["apply"] = fn
        if old is not None:
            fields = {**{f.name: getattr(old, f.name) for f in attrs.fields(Kind)}, **fields}
        reg[name] = Kind(**fields)
        return fn

    return mark


def legal(name: str, registry: dict[str, Kind] | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return _attach(name, "legal", registry)


def why(name: str, registry: dict[str, Kind] | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return _attach(name, "why", registry)


def actors(name: str, registry: dict[str, Kind] | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return _attach(name, "actors", registry)


def allows(name: str, registry: dict[str, Kind] | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return _attach(name, "allows", registry)


def outcome(name: str, registry: dict[str, Kind] | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """For a chance task: the function applying its outcome."""
    return _attach(name, "apply", registry)


def _attach(name: str, field: str, registry: dict[str, Kind] | None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        reg = TASKS if registry is None else registry
        old = reg.get(name)
        if old is None:
            reg[name] = Kind(name, DECIDE, "", **{field: fn})
        else:
            reg[name] = evolve(old, **{field: fn})
        return fn

    return mark


# Agenda helpers ---------------------------------------------------------------------------------------

def push(state: TombState, *tasks: Task) -> TombState:
    """``tasks`` go on top of the agenda, the first of them next (none: the state as it is)."""
    if not tasks:
        return state
    return with_agenda(state, (*tasks, *state.agenda))


def pop(state: TombState) -> TombState:
    return with_agenda(state, state.agenda[1:])


def replace(state: TombState, *tasks: Task) -> TombState:
    """The head task replaced by ``tasks``."""
    return with_agenda(state, (*tasks, *state.agenda[1:]))


def update_head(state: TombState, **changes: Any) -> TombState:
    return evolve(state, agenda=(evolve(state.agenda[0], **changes), *state.agenda[1:]))


def drop_until(state: TombState, kind: str, *, keep: bool = True) -> TombState:
    """Drop the tasks above the first ``kind`` task (and that one too unless ``keep``)."""
    agenda = state.agenda
    for i, t in enumerate(agenda):
        if t.kind == kind:
            return evolve(state, agenda=agenda[i:] if keep else agenda[i + 1:])
    return state


def has_task(state: TombState, kind: str) -> bool:
    return any(t.kind == kind for t in state.agenda)
