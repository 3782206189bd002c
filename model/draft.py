"""Drafts: one state built per step (DESIGN.md contract 1, python-chess's "build the board once").

A step reads a frozen state and returns a new one.  Building the new state by a chain of
``attrs.evolve`` calls makes several throw-away states per step; instead a step *thaws* the state into a
mutable draft of the same shape, lets the rules assign to its fields, and *freezes* it once at the end.
Nothing outside the step ever sees a draft: states stay frozen, steps stay pure.

``drafted(cls, nested={"players": PlayerDraft})`` makes the draft class of an attrs class: the same
field names as attributes, ``thaw(state)``, ``freeze()``.  A field named in ``nested`` holds a tuple of
attrs values; the draft keeps the tuple until ``edit(field, i)`` first thaws one of its items, and then a
list (only a list is frozen again), so a tuple nobody changes, and an item nobody changes, is reused as
it is.  Read-only helpers (properties and methods that only read fields)
can be shared by listing the state class's mix-in as ``base``.

>>> import attrs
>>> @attrs.frozen
... class P:
...     hp: int
>>> @attrs.frozen
... class S:
...     turn: int
...     players: tuple
>>> PD = drafted(P)
>>> SD = drafted(S, nested={"players": PD})
>>> d = SD.thaw(S(1, (P(3), P(4))))
>>> d.turn += 1; d.edit("players", 0).hp -= 1
>>> d.snapshot()                     # what it would freeze into, the draft left as it is
S(turn=2, players=(P(hp=2), P(hp=4)))
>>> d.freeze()
S(turn=2, players=(P(hp=2), P(hp=4)))
"""

from __future__ import annotations

from typing import Any

import attrs


def _plain_init(cls: type) -> bool:
    """Whether ``cls`` keeps its fields in ``__dict__`` and its ``__init__`` only stores them (no
    validators, converters or post-init), so that a new value may be made by filling ``__dict__``."""
    return "__slots__" not in cls.__dict__ and not hasattr(cls, "__attrs_post_init__") and \
        all(f.validator is None and f.converter is None for f in attrs.fields(cls))


def drafted(cls: type, *, nested: Any = None, base: type = object) -> type:
    """The mutable draft class of the attrs class ``cls`` (generated code: plain attribute copies; for
    a dict-backed frozen class whose ``__init__`` only stores its fields, one ``__dict__`` copy in all,
    several times faster than calling ``__init__``).  ``freeze`` uses the draft up."""
    nested = nested or {}
    names = [f.name for f in attrs.fields(cls)]
    namespace: dict[str, Any] = {"_cls": cls, "_new": object.__new__, "_set": object.__setattr__}
    for n, sub in nested.items():
        namespace[f"_D_{n}"] = sub
    # a nested field is a list once an item was edited (frozen again item by item), else its own tuple
    refreeze = {n: f"tuple([x.freeze() if type(x) is _D_{n} else x for x in self.{n}])" for n in nested}
    if _plain_init(cls):
        slots: tuple[str, ...] | None = None
        # thaw copies the state's __dict__; freeze hands the draft's own over to the new value (no
        # second copy) and leaves the draft empty: a draft is frozen once, and cannot reach the value
        thaw_body = ["    d = _new(Draft)", "    d.__dict__ = s.__dict__.copy()", "    return d"]
        freeze_body = [*(f"    if type(self.{n}) is list:\n        self.{n} = {refreeze[n]}" for n in nested),
                       "    o = _new(_cls)", "    _set(o, '__dict__', self.__dict__)", "    self.__dict__ = {}",
                       "    return o"]
    else:
        slots = tuple(names)
        thaw_body = ["    d = _new(Draft)", *(f"    d.{n} = s.{n}" for n in names), "    return d"]
        args = ", ".join(f"({refreeze[n]} if type(self.{n}) is list else self.{n})" if n in nested
                         else f"self.{n}" for n in names)
        freeze_body = [f"    return _cls({args})"]
    # snapshot: the value the draft would freeze into, leaving the draft as it is (for reports that
    # watch a step, never for the step itself: it copies what freeze hands over)
    resnap = {n: f"tuple([x.snapshot() if type(x) is _D_{n} else x for x in self.{n}])" for n in nested}
    if slots is None:
        snapshot_body = ["    d = self.__dict__.copy()",
                         *(f"    if type(self.{n}) is list:\n        d[{n!r}] = {resnap[n]}" for n in nested),
                         "    o = _new(_cls)", "    _set(o, '__dict__', d)", "    return o"]
    else:
        snap_args = ", ".join(f"({resnap[n]} if type(self.{n}) is list else self.{n})" if n in nested
                              else f"self.{n}" for n in names)
        snapshot_body = [f"    return _cls({snap_args})"]
    source = "def thaw(s):\n" + "\n".join(thaw_body) + "\ndef freeze(self):\n" + "\n".join(freeze_body) + \
        "\ndef snapshot(self):\n" + "\n".join(snapshot_body) + "\n"

    def edit(self: Any, field: str, index: int) -> Any:
        """Item ``index`` of the nested field ``field``, thawed so that it can be assigned to."""
        items = getattr(self, field)
        if type(items) is not list:
            items = list(items)
            setattr(self, field, items)
        item = items[index]
        sub = nested[field]
        if type(item) is not sub:
            item = items[index] = sub.thaw(item)
        return item

    body: dict[str, Any] = {"edit": edit, "__doc__": f"A mutable draft of {cls.__name__}."}
    if slots is not None:
        body["__slots__"] = slots
    draft = type(f"{cls.__name__}Draft", (base,), body)
    namespace["Draft"] = draft
    exec(source, namespace)  # noqa: S102  (generated from field names only)
    draft.thaw = staticmethod(namespace["thaw"])  # type: ignore[attr-defined]
    draft.freeze = namespace["freeze"]  # type: ignore[attr-defined]
    draft.snapshot = namespace["snapshot"]  # type: ignore[attr-defined]
    return draft


def replacer(cls: type) -> Any:
    """A fast ``attrs.evolve`` for the attrs class ``cls``: ``replace(value, field=new, ...)`` (generated
    code: keyword defaults instead of a loop over the fields; for a dict-backed class whose ``__init__``
    only stores its fields, a ``__dict__`` copy)."""
    names = [f.name for f in attrs.fields(cls)]
    params = ", ".join(f"{n}=_M" for n in names)
    namespace: dict[str, Any] = {"_cls": cls, "_M": object(), "_new": object.__new__, "_set": object.__setattr__}
    # the generated function's own names start with "_r_", which no field may (attrs strips a leading _)
    if _plain_init(cls):
        sets = "\n".join(f"    if {n} is not _M:\n        _r_d[{n!r}] = {n}" for n in names)
        source = f"def replace(_r_o, *, {params}):\n    _r_n = _new(_cls)\n    _r_d = _r_o.__dict__.copy()\n" \
                 f"{sets}\n    _set(_r_n, '__dict__', _r_d)\n    return _r_n\n"
    else:
        args = ", ".join(f"_r_o.{n} if {n} is _M else {n}" for n in names)
        source = f"def replace(_r_o, *, {params}):\n    return _cls({args})\n"
    exec(source, namespace)  # noqa: S102
    return namespace["replace"]


def evolver(*classes: type) -> Any:
    """``evolve(value, **changes)``: ``attrs.evolve`` for the state classes of one game, the same
    answer in one ``__dict__`` copy for each of ``classes`` whose ``__init__`` only stores its fields
    (dict-backed, kept in canonical order: no ``__init__`` to run; a name that is not a field is
    refused, as ``attrs.evolve`` refuses it), :func:`replacer`'s for the others of ``classes``, and
    ``attrs.evolve`` itself for any other value.  Secrets, Tomb and Egypt build their states with it."""
    plain = {cls: frozenset(f.name for f in attrs.fields(cls)) for cls in classes if _plain_init(cls)}
    others = {cls: replacer(cls) for cls in classes if cls not in plain}
    new, put = object.__new__, object.__setattr__

    def evolve(value: Any, /, **changes: Any) -> Any:
        cls = type(value)
        fields = plain.get(cls)
        if fields is None:
            replace = others.get(cls)
            return attrs.evolve(value, **changes) if replace is None else replace(value, **changes)
        if not fields.issuperset(changes):
            raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(set(changes) - fields))}")
        data = value.__dict__.copy()
        data.update(changes)          # existing keys: the canonical order is kept
        out = new(cls)
        put(out, "__dict__", data)
        return out

    return evolve


def with_field(value: Any, field: str, new: Any) -> Any:
    """``evolve(value, field=new)`` for a dict-backed value whose class the caller knows has ``field``
    (the hot path's one-field copy: no check)."""
    data = value.__dict__.copy()
    data[field] = new
    out = object.__new__(type(value))
    object.__setattr__(out, "__dict__", data)
    return out
