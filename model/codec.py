"""Canonical data (DESIGN.md contract 6): every state and action <-> canonical JSON, and a digest.

Canonical JSON is orjson with sorted keys and no whitespace; an action carries its ``kind``.  The same
value always gives the same bytes, so ``digest`` (sha256 of them) is stable across runs and machines.
"""

from __future__ import annotations

import hashlib
from typing import Any, TypeVar

import attrs
import cattrs
import orjson

from .errors import InvalidInput

T = TypeVar("T")

converter = cattrs.Converter(forbid_extra_keys=True)


def _strict(kind: type, name: str) -> Any:
    """A structure hook that takes only a real ``kind`` (no "3" for 3, no true for 1, no 3.7)."""

    def hook(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {name}, got {type(value).__name__} {value!r}")
        return value

    return hook


converter.register_structure_hook(int, _strict(int, "an integer"))
converter.register_structure_hook(bool, _strict(bool, "true or false"))
converter.register_structure_hook(str, _strict(str, "a string"))


def to_data(obj: Any) -> Any:
    """Plain JSON-able data for an attrs value (actions gain their ``kind``)."""
    data = converter.unstructure(obj)
    kind = getattr(type(obj), "kind", None)
    if isinstance(kind, str) and isinstance(data, dict):
        data = {"kind": kind, **data}
    return data


def dumps(obj: Any) -> bytes:
    """Canonical JSON bytes of ``obj`` (an attrs value or plain data)."""
    data = obj if isinstance(obj, (dict, list, str, int, float, bool, type(None))) else to_data(obj)
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)


def digest(obj: Any) -> str:
    """sha256 (hex) of the canonical JSON of ``obj``."""
    return hashlib.sha256(dumps(obj)).hexdigest()


def from_data(cls: type[T], data: Any, *, source: str = "<data>", line: int | None = None) -> T:
    """Structure ``data`` as ``cls``; any mismatch is :class:`InvalidInput` with the reason."""
    try:
        return converter.structure(data, cls)
    except Exception as exc:  # cattrs raises ClassValidationError / TypeError / ValueError ...
        raise InvalidInput(f"not a valid {cls.__name__}: {_reason(exc)}", source=source,
                           line=line) from None


def action_from_data(action_types: dict[str, type[T]], data: Any, *, source: str = "<data>",
                     line: int | None = None) -> T:
    """Structure an action from data carrying its ``kind``."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise InvalidInput("an action must be an object with a string 'kind'", source=source, line=line)
    kind = data["kind"]
    cls = action_types.get(kind)
    if cls is None:
        raise InvalidInput(f"unknown action kind {kind!r}; known: {', '.join(sorted(action_types))}",
                           source=source, line=line)
    body = {k: v for k, v in data.items() if k != "kind"}
    return from_data(cls, body, source=source, line=line)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, cattrs.BaseValidationError):
        msgs = cattrs.transform_error(exc)
        return "; ".join(msgs) if msgs else str(exc)
    return str(exc) or type(exc).__name__


def loads(data: bytes | str, *, source: str = "<data>", line: int | None = None) -> Any:
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise InvalidInput(f"not valid JSON: {exc}", source=source, line=line) from None


def fields_of(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in attrs.fields(type(obj))}
