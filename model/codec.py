"""Canonical data (DESIGN.md contract 6): every state and action <-> canonical JSON, and a digest.

Canonical JSON is orjson with sorted keys and no whitespace; an action carries its ``kind``.  The same
value always gives the same bytes, so ``digest`` (sha256 of them) is stable across runs and machines.
"""

from __future__ import annotations

import hashlib
import types
import typing
from functools import cache
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
    if attrs.has(type(obj)):
        return _encoder(type(obj))(obj)
    return converter.unstructure(obj)


_PLAIN = (int, str, bool, float, type(None))


def _expr(tp: Any, v: str, names: dict[str, Any], depth: int = 0) -> str:
    """A Python expression turning the value ``v`` of type ``tp`` into plain data (as cattrs would)."""
    origin = typing.get_origin(tp)
    targs = typing.get_args(tp)
    if tp in _PLAIN:
        return v
    if attrs.has(tp) if isinstance(tp, type) else False:
        key = f"_enc{len(names)}"
        if tp in _BUILDING:     # a type that contains itself: look its encoder up when it runs
            names[key] = lambda value, tp=tp: _encoder(tp)(value)
        else:
            names[key] = _encoder(tp)
            if not _SORTED[tp]:
                names["_sorted"] = False
        return f"{key}({v})"
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in targs if a is not type(None)]
        if len(rest) == 1 and len(targs) == 2:
            inner = _expr(rest[0], v, names, depth)
            return v if inner == v else f"(None if {v} is None else {inner})"
    if origin is tuple and targs:
        x = f"_x{depth}"
        if len(targs) == 2 and targs[1] is Ellipsis:
            inner = _expr(targs[0], x, names, depth + 1)
            return f"list({v})" if inner == x else f"[{inner} for {x} in {v}]"
        return "(" + "".join(f"{_expr(a, f'{v}[{i}]', names, depth)}, " for i, a in enumerate(targs)) + ")"
    key = f"_any{len(names)}"
    names[key] = converter.unstructure
    names["_sorted"] = False       # cattrs' data may hold dicts in any key order
    return f"{key}({v})"


@cache
def _encoder(cls: type) -> Any:
    """A generated function that turns a ``cls`` value into plain data, equal to cattrs' unstructuring
    (actions gain their ``kind``), several times faster: states are digested on every traced step."""
    _BUILDING.add(cls)
    try:
        return _generate(cls)
    finally:
        _BUILDING.discard(cls)


#: the classes whose encoders are being generated (a recursive type refers to its own)
_BUILDING: set[type] = set()


def _generate(cls: type) -> Any:
    hints = typing.get_type_hints(cls)
    names: dict[str, Any] = {"_sorted": True}
    items = {f.name: f"{f.name!r}: {_expr(hints.get(f.name, Any), 'o.' + f.name, names)}" for f in attrs.fields(cls)}
    kind = getattr(cls, "kind", None)
    if isinstance(kind, str):
        items["kind"] = f"'kind': {kind!r}"
    # Keys in sorted order, so that canonical JSON needs no sorting pass (see dumps).
    source = "def encode(o):\n    return {" + ", ".join(items[k] for k in sorted(items)) + "}\n"
    exec(source, names)  # noqa: S102  (generated from the class's own field names and types)
    _SORTED[cls] = names["_sorted"]
    return names["encode"]


#: attrs class -> whether its encoder emits every dict, nested ones too, with sorted keys
_SORTED: dict[type, bool] = {}


def canonical_order(cls: type[T]) -> type[T]:
    """Class decorator for a dict-backed attrs class whose ``__init__`` only stores its fields (no
    validators, converters or post-init): the ``__init__`` is replaced by one with the same signature
    that stores the fields in sorted name order.  Every value then keeps its ``__dict__`` in canonical
    JSON's key order (a copy, a draft's hand-over and pickling keep the order), so :func:`dumps` need
    not sort the keys of a state whose classes are all so ordered: the digest costs a third less.
    The declared order of the fields (the docs' order) is unchanged."""
    fields = attrs.fields(cls)
    if "__slots__" in cls.__dict__ or hasattr(cls, "__attrs_post_init__") or \
            any(f.converter is not None or not f.init for f in fields):
        raise TypeError(f"{cls.__name__}: canonical_order needs a dict-backed attrs class whose __init__ "
                        "only stores its fields (and checks them with its validators)")
    names: dict[str, Any] = {"_set": object.__setattr__, "_NOTHING": attrs.NOTHING}
    params = []
    for f in fields:
        if f.default is attrs.NOTHING:
            params.append(f.name)
        elif isinstance(f.default, attrs.Factory):   # type: ignore[arg-type]
            raise TypeError(f"{cls.__name__}.{f.name}: canonical_order takes plain defaults only")
        else:
            names[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
    body = ", ".join(f"{n!r}: {n}" for n in sorted(f.name for f in fields))
    checks = ""
    for f in fields:               # a field's validator runs as attrs' own __init__ would run it
        if f.validator is not None:
            names[f"_v_{f.name}"], names[f"_a_{f.name}"] = f.validator, f
            checks += f"    _v_{f.name}(self, _a_{f.name}, {f.name})\n"
    source = f"def __init__(self, {', '.join(params)}):\n    _set(self, '__dict__', {{{body}}})\n{checks}"
    exec(source, names)  # noqa: S102  (generated from the class's own field names)
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = f"Store the fields of {cls.__name__}, in canonical key order."
    init.__annotations__ = dict(getattr(cls.__init__, "__annotations__", {}))
    cls.__init__ = init  # type: ignore[misc]
    cls.__canonical_order__ = True  # type: ignore[attr-defined]
    return cls


def _canonical(cls: type, value: Any) -> bool:
    """Whether ``value`` of ``cls`` serialises, keys unsorted, as canonical JSON: its class is in
    :func:`canonical_order` and dict-backed, and no value anywhere under it is a mapping (its generated
    encoder emits sorted dicts only).  Nested values go through :func:`_nested_canonical`."""
    if not (getattr(cls, "__canonical_order__", False) and _dict_backed(cls, value)):
        return False
    _encoder(cls)                   # generated once; it records whether every dict under cls is sorted
    return _SORTED[cls]


def _nested_canonical(value: Any) -> Any:
    """orjson's ``default`` without key sorting: a nested attrs value as its ``__dict__`` when its class
    keeps canonical order, else as its generated encoder's data (whose dicts are sorted)."""
    cls = type(value)
    if cls in _CANONICAL:
        return value.__dict__
    if _canonical(cls, value):
        _CANONICAL.add(cls)
        return value.__dict__
    return _encoder(cls)(value)


#: the canonical_order classes seen so far whose values serialise, unsorted, as their __dict__
_CANONICAL: set[type] = set()


def _nested(value: Any) -> Any:
    """orjson's ``default`` for the canonical form: an attrs value nested in a state."""
    cls = type(value)
    if cls in _DICT_BACKED:
        return value.__dict__
    if cls not in _NOT_DICT_BACKED:
        if _dict_backed(cls, value):
            _DICT_BACKED.add(cls)
            return value.__dict__
        _NOT_DICT_BACKED.add(cls)
    return to_data(value)


def _dict_backed(cls: type, value: Any) -> bool:
    """Whether values of ``cls`` serialise as their ``__dict__`` (dict-backed attrs, no ``kind``, the
    dict holding exactly the fields): orjson then walks them natively, three times faster."""
    return attrs.has(cls) and "__slots__" not in cls.__dict__ and not isinstance(getattr(cls, "kind", None), str) \
        and value.__dict__.keys() == {f.name for f in attrs.fields(cls)}


#: the dict-backed attrs classes seen so far whose values serialise as their __dict__
_DICT_BACKED: set[type] = set()
_NOT_DICT_BACKED: set[type] = set()
_OPT = orjson.OPT_SORT_KEYS


def encoded_once(*names: str, each: tuple[str, ...] = ()) -> Any:
    """Class decorator for a :func:`canonical_order` state class: the fields ``names`` (large, and the
    same value from one step to the next most of the time) are encoded once per value and their bytes
    reused while the field holds that very value (by identity: the value is kept with its bytes, so its
    id is not reused; a field whose value is not immutable is encoded afresh every time).  A field named
    in ``each`` too (a tuple whose items change one at a time, as the players' Parties) is reused
    whole, and when it is a new tuple its bytes are joined from its items', each encoded once per value.
    The bytes of :func:`dumps` are the same; a trace's digest of every step costs less (Secrets' a third)."""
    def mark(cls: type[T]) -> type[T]:
        fields = {f.name for f in attrs.fields(cls)}
        unknown = [n for n in (*names, *each) if n not in fields]
        if unknown or not set(each) <= set(names) or not getattr(cls, "__canonical_order__", False):
            raise TypeError(f"{cls.__name__}: encoded_once needs fields of a canonical_order class, each "
                            f"of them among the names (not fields: {', '.join(unknown) or 'none'})")
        _PARTS[cls] = tuple((name, name in each) for name in names)
        return cls
    return mark


#: canonical_order class -> the fields encoded once per value (:func:`encoded_once`), each with whether
#: its items are encoded once per value too
_PARTS: dict[type, tuple[tuple[str, bool], ...]] = {}
#: id of a field's value (or of an item's) -> (the value, its encoding, as bytes and as an orjson
#: Fragment); emptied when full
_ENCODED: dict[int, tuple[Any, bytes, Any]] = {}
_ENCODED_MAX = 4096
_Fragment = orjson.Fragment


def _immutable(value: Any) -> bool:
    """Whether ``value`` is known never to change: a tuple or a frozenset (whose items are a state's
    values, themselves frozen), or a frozen attrs value."""
    kind = type(value)
    return kind is tuple or kind is frozenset or getattr(kind, "__attrs_attrs__", None) is not None \
        and getattr(kind.__setattr__, "__name__", "") == "_frozen_setattrs"


def _encode_once(value: Any, items: bool) -> tuple[Any, bytes, Any] | None:
    """The cached encoding of ``value`` (made now if not kept yet; ``items``: joined from its items'),
    or None when the value is not known to be immutable."""
    encoded = _ENCODED
    got = encoded.get(id(value))
    if got is not None and got[0] is value:
        return got
    if not _immutable(value):
        return None
    if items and type(value) is tuple:
        parts = []
        for item in value:
            kept = _encode_once(item, False)
            parts.append(kept[1] if kept is not None else orjson.dumps(item, default=_nested_canonical))
        data = b"[" + b",".join(parts) + b"]"
    else:
        data = orjson.dumps(value, default=_nested_canonical)
    if len(encoded) >= _ENCODED_MAX:
        encoded.clear()
    got = encoded[id(value)] = (value, data, _Fragment(data))
    return got


def _with_parts(data: dict[str, Any], parts: tuple[tuple[str, bool], ...]) -> dict[str, Any]:
    """``data`` (a state's ``__dict__``, in canonical order) with the fields ``parts`` as their bytes."""
    out = data.copy()
    encoded = _ENCODED
    for name, items in parts:
        value = data[name]
        got = encoded.get(id(value))
        if got is None or got[0] is not value:
            got = _encode_once(value, items)
            if got is None:
                continue                               # not known to be immutable: encoded with the rest
        out[name] = got[2]
    return out


def dumps(obj: Any) -> bytes:
    """Canonical JSON bytes of ``obj`` (an attrs value or plain data): sorted keys, no whitespace."""
    cls = type(obj)
    if cls in _CANONICAL:
        parts = _PARTS.get(cls)
        if parts is not None:
            return orjson.dumps(_with_parts(obj.__dict__, parts), default=_nested_canonical)
        return orjson.dumps(obj.__dict__, default=_nested_canonical)
    if cls in _DICT_BACKED:
        return orjson.dumps(obj.__dict__, default=_nested, option=_OPT)
    if _canonical(cls, obj):
        _CANONICAL.add(cls)
        return dumps(obj)
    fast = _SORTED_ENCODERS.get(cls)
    if fast is not None:
        return orjson.dumps(fast(obj))
    if attrs.has(cls) and _dict_backed(cls, obj) and all(
            _dict_backed(type(v), v) or not attrs.has(type(v)) for v in obj.__dict__.values()):
        for v in (obj, *obj.__dict__.values()):
            if attrs.has(type(v)) and _dict_backed(type(v), v):
                _DICT_BACKED.add(type(v))
        return orjson.dumps(obj.__dict__, default=_nested, option=_OPT)
    if attrs.has(cls):
        data = _encoder(cls)(obj)
        if _SORTED[cls]:
            _SORTED_ENCODERS[cls] = _encoder(cls)
            return orjson.dumps(data)
        return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
    return orjson.dumps(obj, option=orjson.OPT_SORT_KEYS)


#: attrs class -> its encoder, for the classes whose encoding needs no sorting pass
_SORTED_ENCODERS: dict[type, Any] = {}


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
