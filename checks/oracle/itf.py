"""Export replayed games in the Informal Trace Format (ITF) of Apalache and Quint.

ITF (Apalache ADR-015) is one JSON document per trace: ``{"#meta": ..., "vars": [...], "states": [...]}``,
each state a record of the variables.  Values are written as Quint writes them, from the state's attrs
types: integers ``{"#bigint": "7"}``, strings and booleans as they are, records as objects, a
``tuple[X, ...]`` as a list, a fixed ``tuple[X, Y]`` as ``{"#tup": [...]}``, a set as ``{"#set": [...]}``,
a dict as ``{"#map": [[k, v], ...]}`` and an optional value (``X | None``) as a variant,
``{"tag": "Some", "value": ...}`` or ``{"tag": "None", "value": {"#tup": []}}``.

Beside the state's own fields every ITF state carries the two variables of Quint's model-based testing:
``mbt::actionTaken`` (the kind of the action that led to it; ``"init"`` for the first state) and
``mbt::nondetPicks`` (a record of every action field of the game, ``Some`` with the value the action
chose, ``None`` otherwise).  ``tombspec verify TRACE --itf DIR`` writes one file per game
(``DIR/<trace>.<n>.itf.json``), streaming: states are written as the replay makes them.
"""

from __future__ import annotations

import types
import typing
from functools import cache
from pathlib import Path
from typing import IO, Any

import attrs
import orjson

from tombspec.spec.errors import InvalidInput

ITF_DESCRIPTION = "https://apalache-mc.org/docs/adr/015adr-trace.html"
ACTION_TAKEN = "mbt::actionTaken"
NONDET_PICKS = "mbt::nondetPicks"
NONE = {"tag": "None", "value": {"#tup": []}}


def some(value: Any) -> dict[str, Any]:
    return {"tag": "Some", "value": value}


def untyped(value: Any) -> Any:
    """ITF for plain JSON-like data with no type to go by."""
    if value is None:
        return NONE
    if isinstance(value, bool) or isinstance(value, str):
        return value
    if isinstance(value, int):
        return {"#bigint": str(value)}
    if isinstance(value, float):
        return {"#unserializable": repr(value)}
    if isinstance(value, (list, tuple)):
        return [untyped(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return {"#set": [untyped(v) for v in sorted(value, key=repr)]}
    if isinstance(value, dict):
        return {str(k): untyped(v) for k, v in value.items()}
    if attrs.has(type(value)):
        return {f.name: untyped(getattr(value, f.name)) for f in attrs.fields(type(value))}
    return {"#unserializable": repr(value)}


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def value(v: Any, tp: Any = Any) -> Any:
    """ITF for ``v`` of type ``tp`` (an attrs class, a builtin, ``X | None``, ``tuple[...]``, ...)."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == len(args) - 1 and len(rest) == 1:
            return NONE if v is None else some(value(v, rest[0]))
        return untyped(v)
    if origin is tuple and isinstance(v, (tuple, list)):
        if len(args) == 2 and args[1] is Ellipsis:
            return [value(x, args[0]) for x in v]
        if len(args) == len(v):
            return {"#tup": [value(x, t) for x, t in zip(v, args)]}
        return untyped(v)
    if origin in (frozenset, set) and isinstance(v, (set, frozenset)):
        inner = args[0] if args else Any
        return {"#set": [value(x, inner) for x in sorted(v, key=repr)]}
    if origin is dict and isinstance(v, dict):
        kt, vt = args if args else (Any, Any)
        return {"#map": [[value(k, kt), value(x, vt)] for k, x in v.items()]}
    if attrs.has(type(v)):
        hints = _hints(type(v))
        return {f.name: value(getattr(v, f.name), hints.get(f.name, Any)) for f in attrs.fields(type(v))}
    return untyped(v)


@cache
def action_fields(action_types: tuple[tuple[str, type], ...]) -> dict[str, Any]:
    """Every field name any action of the game has, with its type (``Any`` where two actions differ)."""
    fields: dict[str, Any] = {}
    for _, cls in action_types:
        hints = _hints(cls)
        for f in attrs.fields(cls):
            tp = hints.get(f.name, Any)
            fields[f.name] = tp if fields.get(f.name, tp) == tp else Any
    return dict(sorted(fields.items()))


def itf_state(rs: Any, state: Any, action: Any | None, index: int) -> dict[str, Any]:
    """One ITF state: the game state's fields, the action taken and its picks."""
    out: dict[str, Any] = {"#meta": {"index": index}}
    hints = _hints(type(state))
    for f in attrs.fields(type(state)):
        out[f.name] = value(getattr(state, f.name), hints.get(f.name, Any))
    picks = action_fields(tuple(sorted(rs.action_types.items())))
    out[ACTION_TAKEN] = "init" if action is None else type(action).kind
    chosen = {} if action is None else {f.name: getattr(action, f.name) for f in attrs.fields(type(action))}
    out[NONDET_PICKS] = {name: (some(value(chosen[name], tp)) if name in chosen else NONE)
                         for name, tp in picks.items()}
    return out


class ItfWriter:
    """Writes one game as an ITF document, state by state (memory flat in the game's length)."""

    def __init__(self, out: IO[bytes], rs: Any, *, source: str = "", description: str = ""):
        self.out = out
        self.rs = rs
        self.count = 0
        names = [f.name for f in attrs.fields(rs.state_type)] + [ACTION_TAKEN, NONDET_PICKS]
        meta = {"format": "ITF", "format-description": ITF_DESCRIPTION, "source": source,
                "description": description or f"a {rs.game} game replayed by tombspec"}
        head = orjson.dumps({"#meta": meta, "vars": names})
        out.write(head[:-1] + b',"states":[')

    def state(self, state: Any, action: Any | None = None) -> None:
        if self.count:
            self.out.write(b",\n")
        self.out.write(orjson.dumps(itf_state(self.rs, state, action, self.count)))
        self.count += 1

    def close(self) -> None:
        self.out.write(b"]}\n")
        self.out.close()


def open_writer(directory: Path, stem: str, number: int, rs: Any, *, source: str,
                written: dict[Path, str] | None = None) -> ItfWriter:
    """The ITF file of game ``number`` of ``source``: ``DIR/<stem>.<number>.itf.json``.  ``written``
    (path -> source) holds the files this run wrote already: two traces with the same name would write
    the same file, and the second is refused rather than overwriting the first."""
    path = directory / f"{stem}.{number}.itf.json"
    if written is not None:
        if path in written and written[path] != source:
            raise InvalidInput(f"--itf: {path} was written for {written[path]} already; two traces with the "
                               "same file name would overwrite each other's ITF files (rename one)",
                               source=source)
        written[path] = source
    try:
        directory.mkdir(parents=True, exist_ok=True)
        out = open(path, "wb")
    except OSError as exc:
        raise InvalidInput(f"cannot write the ITF file: {exc.strerror or exc}", source=str(path)) from None
    return ItfWriter(out, rs, source=source, description=f"game {number} of {source}, replayed by tombspec")
