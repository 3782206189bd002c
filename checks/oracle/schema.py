"""The JSON Schemas of the oracle's formats, as Python dicts (draft 2020-12).

* :data:`TRACE_HEADER`, :data:`TRACE_STEP`: the two kinds of line of a trace (``checks/oracle/trace.py``);
* :data:`VECTOR_MANIFEST`, :data:`VECTOR_ERROR`: the files of a conformance vector (``checks/oracle/vectors.py``);
* :data:`RPC_RESPONSE`, :data:`RESET_RESULT`, :data:`STEP_RESULT`: the replies of an implementation
  over the conform protocol (``checks/oracle/conform.py``);
* :func:`game_schemas`: the state and action schemas of one game, generated from its attrs classes.

``docs/oracle.md`` prints them (``tombspec trace schema``).  :func:`validate` checks one value and
raises :class:`~tombspec.spec.errors.InvalidInput` naming the source, the line and the first problem.
"""

from __future__ import annotations

import types
import typing
from functools import cache
from typing import Any

import attrs

from tombspec.spec.errors import InvalidInput

DIALECT = "https://json-schema.org/draft/2020-12/schema"
ID_BASE = "https://tombspec.example/schema/"

GAME_ID = {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"}
RULE_ID = {"type": "string", "pattern": r"^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$"}
DIGEST = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
ACTION = {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string", "minLength": 1}}}
STATE = {"type": "object"}

TRACE_HEADER: dict[str, Any] = {
    "$schema": DIALECT,
    "$id": ID_BASE + "trace-header.json",
    "title": "tombspec trace: a game's header line",
    "description": "Starts a game.  The configuration (game, options, board) is what the replay uses; "
                   "seed, index and note are metadata, and so is any key starting with 'x-'; any other "
                   "key is refused (a typo such as 'option' must not quietly mean the default options).",
    "type": "object",
    "required": ["trace", "version", "game"],
    "properties": {
        "trace": {"const": "tombspec"},
        "version": {"const": 1},
        "game": GAME_ID,
        "options": {"type": ["object", "null"], "description": "the game's options (absent: defaults)"},
        "board": {"type": ["object", "string", "null"],
                  "description": "the board: its data (as ruleset.describe() gives it), or a shipped "
                                 "board's name (absent: the game's default board)"},
        "state": {**STATE, "description": "start from this state instead of the initial one"},
        "setup": {"description": "what carries over from an earlier game (games that carry on: "
                                 "ruleset.next_setup gives it); absent: a fresh game"},
        "claim": {"type": "object", "minProperties": 1, "additionalProperties": False,
                  "description": "a claim about the state before the first action (as an action line "
                                 "claims the state after its action)",
                  "properties": {"state": STATE, "project": {"type": "object", "minProperties": 1},
                                 "digest": DIGEST}},
        "protocol": {"type": "integer", "minimum": 1,
                     "description": "the version of the game's protocol the trace speaks (tombspec protocol GAME); "
                                    "absent: not said"},
        "seed": {"type": "integer"},
        "index": {"type": "integer", "minimum": 0},
        "note": {"type": "string"},
        "incomplete": {"type": "string", "minLength": 1,
                       "description": "why the game stops short of what it claims to show (conform "
                                      "writes it when the implementation crashed or timed out): "
                                      "verify never judges such a game 'conform'"},
    },
    "patternProperties": {"^x-": {}},
    "additionalProperties": False,
}

TRACE_STEP: dict[str, Any] = {
    "$schema": DIALECT,
    "$id": ID_BASE + "trace-step.json",
    "title": "tombspec trace: an action line",
    "description": "One action (a decision and who made it, or a chance outcome), optionally with a claim about what follows it: the whole state, a "
                   "projection of some top-level fields, its digest, or that the action is refused "
                   "for a rule (the state is then unchanged).",
    "type": "object",
    "required": ["action"],
    "properties": {
        "action": ACTION,
        "player": {"type": "integer", "minimum": 0,
                   "description": "who made the decision (absent: the one player who may act; a "
                                  "chance outcome names no player)"},
        "state": STATE,
        "project": {"type": "object", "minProperties": 1},
        "digest": DIGEST,
        "error": {"type": "object", "required": ["rule"], "properties": {"rule": RULE_ID},
                  "additionalProperties": True},
        "note": {"type": "string"},
    },
    "additionalProperties": False,
}

VECTOR_MANIFEST: dict[str, Any] = {
    "$schema": DIALECT,
    "$id": ID_BASE + "vector-manifest.json",
    "title": "tombspec conformance vector: manifest.json",
    "type": "object",
    "required": ["format", "version", "game", "area", "case", "kind", "expected", "rules", "config"],
    "properties": {
        "format": {"const": "tombspec-vector"},
        "version": {"const": 1},
        "game": GAME_ID,
        "area": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
        "case": {"type": "string", "pattern": "^[a-z0-9][a-z0-9._-]*$"},
        "kind": {"enum": ["step", "reset"]},
        "expected": {"enum": ["post", "error"]},
        "description": {"type": "string"},
        "rules": {"type": "array", "items": RULE_ID},
        "target": RULE_ID,
        "player": {"type": "integer", "minimum": 0, "description": "who makes the decision"},
        "config": {"type": "object", "properties": {
            "options": {"type": ["object", "null"]},
            "board": {"type": ["object", "string", "null"]}},
            "additionalProperties": False},
        "source": {"type": "string"},
    },
    "additionalProperties": False,
}

VECTOR_ERROR: dict[str, Any] = {
    "$schema": DIALECT,
    "$id": ID_BASE + "vector-error.json",
    "title": "tombspec conformance vector: error.json",
    "type": "object",
    "required": ["rule"],
    "properties": {"rule": RULE_ID, "message": {"type": "string"}, "quote": {"type": "string"},
                   "also": {"type": "array", "items": RULE_ID}},
    "additionalProperties": False,
}

RPC_RESPONSE: dict[str, Any] = {
    "$schema": DIALECT,
    "$id": ID_BASE + "rpc-response.json",
    "title": "conform protocol: a JSON-RPC 2.0 response from the implementation",
    "type": "object",
    "required": ["jsonrpc", "id"],
    "properties": {
        "jsonrpc": {"const": "2.0"},
        "id": {"type": ["integer", "string", "null"]},
        "result": {},
        "error": {"type": "object", "required": ["code", "message"],
                  "properties": {"code": {"type": "integer"}, "message": {"type": "string"}, "data": {}},
                  "additionalProperties": False},
    },
    "oneOf": [{"required": ["result"], "not": {"required": ["error"]}},
              {"required": ["error"], "not": {"required": ["result"]}}],
    "additionalProperties": False,
}

RESET_RESULT: dict[str, Any] = {
    "$schema": DIALECT,
    "$id": ID_BASE + "reset-result.json",
    "title": "conform protocol: the result of reset",
    "type": "object",
    "required": ["state"],
    "properties": {
        "state": STATE,
        "fields": {"type": "array", "items": {"type": "string"}, "minItems": 1, "uniqueItems": True,
                   "description": "the top-level state fields the implementation models (absent: all)"},
        "protocol": {"type": "integer", "minimum": 1,
                     "description": "the version of the game's protocol the implementation speaks (absent: "
                                    "not said; conform then reports what changed since it)"},
    },
    "additionalProperties": True,
}

STEP_RESULT: dict[str, Any] = {
    "$schema": DIALECT,
    "$id": ID_BASE + "step-result.json",
    "title": "conform protocol: the result of step",
    "type": "object",
    "required": ["state"],
    "properties": {"state": STATE},
    "additionalProperties": True,
}

#: The data of an error reply to ``step`` that refuses an action: the rule it breaks.
RULE_ERROR_DATA: dict[str, Any] = {
    "type": "object", "required": ["rule"], "properties": {"rule": RULE_ID}, "additionalProperties": True,
}

ALL: dict[str, dict[str, Any]] = {
    "trace-header": TRACE_HEADER, "trace-step": TRACE_STEP, "vector-manifest": VECTOR_MANIFEST,
    "vector-error": VECTOR_ERROR, "rpc-response": RPC_RESPONSE, "reset-result": RESET_RESULT,
    "step-result": STEP_RESULT,
}


@cache
def _validator(name: str) -> Any:
    """The compiled validator of schema ``name``.  jsonschema is imported here, on first use: verify
    checks the common header and action line by its sufficient tests (``trace._plain_step``), so a
    trace of such lines never needs it, and its start-up is shorter by jsonschema's import."""
    from jsonschema import Draft202012Validator

    schema = ALL[name] if name in ALL else {"rule-error-data": RULE_ERROR_DATA}[name]
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def problem(name: str, value: Any) -> str | None:
    """The first problem of ``value`` against schema ``name``, or None when it is valid."""
    validator = _validator(name)
    if validator.is_valid(value):     # the common case, without collecting errors to choose from
        return None
    from jsonschema.exceptions import best_match

    error = best_match(validator.iter_errors(value))
    if error is None:
        return None
    where = "".join(f"[{p!r}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    return f"{where.lstrip('.') or 'the value'}: {error.message}" if where else error.message


def validate(name: str, value: Any, *, source: str, line: int | None = None, what: str = "") -> None:
    """Raise :class:`InvalidInput` unless ``value`` satisfies schema ``name``."""
    p = problem(name, value)
    if p is not None:
        raise InvalidInput(f"{what or name} does not follow its schema: {_short(p)}", source=source, line=line)


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


# --------------------------------------------------------------------------------------------------
# A game's state and action schemas, from its attrs classes


def _type_schema(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    if tp is type(None) or tp is None:
        return {"type": "null"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is float:
        return {"type": "number"}
    if tp is str:
        return {"type": "string"}
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_type_schema(a, defs) for a in args]}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _type_schema(args[0], defs)}
        return {"type": "array", "prefixItems": [_type_schema(a, defs) for a in args],
                "minItems": len(args), "maxItems": len(args)}
    if origin in (list, frozenset, set):
        return {"type": "array", "items": _type_schema(args[0], defs) if args else {}}
    if origin is dict:
        return {"type": "object", "additionalProperties": _type_schema(args[1], defs) if args else {}}
    if attrs.has(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # reserve (recursive types)
            defs[name] = _attrs_schema(tp, defs)
        return {"$ref": f"#/$defs/{name}"}
    return {}


def _attrs_schema(cls: type, defs: dict[str, Any], *, kind: str | None = None) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    props: dict[str, Any] = {}
    required: list[str] = []
    if kind is not None:
        props["kind"] = {"const": kind}
        required.append("kind")
    for f in attrs.fields(cls):
        props[f.name] = _type_schema(hints.get(f.name, Any), defs)
        if f.default is attrs.NOTHING:
            required.append(f.name)
    out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = required
    if cls.__doc__:
        out["description"] = " ".join(cls.__doc__.split())
    return out


def game_schemas(rs: Any) -> dict[str, dict[str, Any]]:
    """``{"state": ..., "action": ...}``: JSON Schemas of one game's canonical data (DESIGN.md contract 6)."""
    defs: dict[str, Any] = {}
    state = _type_schema(rs.state_type, defs)
    actions = [_attrs_schema(cls, defs, kind=kind) for kind, cls in sorted(rs.action_types.items())]
    return {
        "state": {"$schema": DIALECT, "$id": ID_BASE + f"{rs.game}-state.json",
                  "title": f"{rs.game}: the whole game state", **state, "$defs": dict(defs)},
        "action": {"$schema": DIALECT, "$id": ID_BASE + f"{rs.game}-action.json",
                   "title": f"{rs.game}: an action (a decision or a chance outcome)",
                   "oneOf": actions, "$defs": dict(defs)},
    }
