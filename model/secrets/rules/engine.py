"""The task registry: how each kind of queued work (``state.agenda``) is resolved.

Every rules module registers the task kinds it resolves with :func:`task`.  A kind is either
*automatic* (``run``: resolved at once, returning the next state, or None while it waits for an answer
it does not have) or waits for an answer: ``pending`` says who answers (a seat, several seats, or
chance), ``legal`` lists a seat's decisions, ``chance`` gives the distribution, and ``apply`` resolves
the answer.  ``rules/turn.py`` drives the registry; nothing here knows a rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from itertools import repeat
from operator import is_
from typing import Any

import attrs

from ...ruleset import Pending
from ...traceability import _recorders, require
from ..state import SecretsState, Task


@attrs.frozen
class Kind:
    name: str
    module: str
    run: Callable[..., SecretsState | None] | None = None
    pending: Callable[..., Pending] | None = None
    legal: Callable[..., list[Any]] | None = None
    chance: Callable[..., Any] | None = None
    apply: Callable[..., SecretsState] | None = None
    rule: Callable[..., str] | None = None        # the rule a refused answer breaks


KINDS: dict[str, Kind] = {}


def task(name: str, **parts: Callable[..., Any]) -> None:
    """Register how the task kind ``name`` is resolved (see :class:`Kind`)."""
    module = next((p.__module__ for p in parts.values() if p is not None), "?")
    if name in KINDS:
        raise ValueError(f"task kind {name!r} is registered twice ({KINDS[name].module}, {module})")
    KINDS[name] = Kind(name, module, **parts)


class Made:
    """The Pending values the task kinds answer, each made once: who acts next is asked at every step,
    and a Pending is a value (frozen, compared by its fields), so the one made for a seat and a decision
    serves every state it describes (``made.decision(seat, what)`` is ``Pending.decision(seat, what)``)."""

    def __init__(self) -> None:
        self._made: dict[tuple[Any, ...], Pending] = {}

    def _get(self, key: tuple[Any, ...], make: Callable[[], Pending]) -> Pending:
        p = self._made.get(key)
        if p is None:
            p = self._made[key] = make()
        return p

    def decision(self, player: int, what: str) -> Pending:
        p = self._made.get(("decision", player, what))
        if p is None:
            p = self._made["decision", player, what] = Pending.decision(player, what)
        return p

    def any_of(self, players: Any, what: str) -> Pending:
        players = tuple(players)
        return self._get(("any", players, what), lambda: Pending.any_of(players, what))

    def priority(self, players: Any, what: str) -> Pending:
        players = tuple(players)
        return self._get(("priority", players, what), lambda: Pending.priority(players, what))

    def chance(self, what: str) -> Pending:
        p = self._made.get(("chance", what))
        if p is None:
            p = self._made["chance", what] = Pending.chance(what)
        return p

    def over(self) -> Pending:
        return self._get(("over",), Pending.over)


#: the Pending values of this game's task kinds, made once each (:class:`Made`)
made = Made()


def listed(rs: Any, state: SecretsState, t: Task, seat: int | None, work_out: Callable[[], Any]) -> Any:
    """The decisions open to ``seat`` at the task ``t``, the head of ``state``: the list ``rs.legal``
    remembered for this state, which the step checked the action against before the task kind's
    ``apply`` (the predicates that list the legal actions, reused by the step); ``work_out()`` (the very
    list, which the caller's task kind lists for ``seat``) for no seat, for a task that is not the head,
    and while a recording notes the rules read."""
    if seat is None or _recorders or state.head is not t:
        return work_out()
    return rs.legal(state, seat)


def is_listed(action: Any, legal: Any) -> bool:
    """``action in legal``, the very value looked for first: a decision chosen from the list is one of its
    values, found without an equality test against each value before it (of other classes, each asks
    both sides); any other value by equality, as ``in`` does."""
    return any(map(is_, legal, repeat(action))) or action in legal


def check(ok: object, rule: Callable[[], str], message: str, *args: Any) -> None:
    """``require(ok, rule(), message, *args)`` with the rule worked out only when it is refused (or a
    recording notes it): the rule a refusal names may take a look around the state."""
    if ok and not _recorders:
        return
    require(ok, rule(), message, *args)


def kind_of(t: Task) -> Kind:
    return KINDS[t.kind]


#: one ``[[tables]]`` entry of the catalog file: its header line to the next header (every header, and
#: nothing else, starts a line with ``[``: tests/secrets/test_secrets_catalog_and_options.py compares)
_TABLE_BLOCK = re.compile(r"^\[\[tables\]\]\n(?:.*\n)*?(?=\[|\Z)", re.M)
_TABLE_ID = re.compile(r'^id = "([^"]*)"', re.M)


@cache
def _table_texts() -> dict[str, str]:
    """The text of each ``[[tables]]`` entry of ``spec/secrets.toml``, by table id: the file is read
    once per process, and only the tables asked for are parsed (parsing the whole catalog, 470 kB of
    TOML, took longer than a game)."""
    from pathlib import Path

    import tombspec.spec

    text = (Path(tombspec.spec.__file__).resolve().parent / "secrets.toml").read_text(encoding="utf-8")
    out = {}
    for m in _TABLE_BLOCK.finditer(text):
        found = _TABLE_ID.search(m.group(0))
        if found is not None:
            out[found.group(1)] = m.group(0)
    return out


@cache
def _table(table_id: str) -> dict[str, Any]:
    """One table of the catalog, parsed from its own entry's text."""
    import tomllib

    (t,) = tomllib.loads(_table_texts()[table_id])["tables"]
    return t


def table(table_id: str) -> list[dict[str, Any]]:
    """The records of a table of the game's catalog (``spec/secrets.toml``: the Adventurer Setup table,
    the Search Chart, the Soul Monger's Inventory ...), read straight from the catalog file (the model
    computes over the rulebook's tables; the full catalog loader, with its checks, is for ``checks``)."""
    t = _table(table_id)
    return [dict(zip(t["columns"], row)) for row in t["rows"]]
