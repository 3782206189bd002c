"""Named options (DESIGN.md contract 7): variants, and the readings of the catalog's ambiguities.

A reading option is declared with :func:`reading`: it names the ambiguity it settles, the readings the
model implements, and defaults to the catalog's default reading (a test checks they agree).  ``None``
means "unsettled": the model then raises :class:`Unspecified` where the situation arises.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import attrs

from tombspec.spec.errors import InvalidInput

from .errors import Unspecified


def reading(ambiguity: str, default: str, *implemented: str) -> Any:
    """An option field holding the reading of ``ambiguity`` (one of ``implemented``, or None)."""
    choices = (default, *[r for r in implemented if r != default])

    def check(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
        if value is not None and value not in choices:
            raise InvalidInput(f"option {attribute.name} ({ambiguity}) must be one of "
                               f"{', '.join(choices)}, not {value!r}", source="<options>")

    return attrs.field(default=default, validator=check,
                       metadata={"settles": ambiguity, "readings": choices})


def variant(rule: str, default: bool = False) -> Any:
    """An option switching a variant or advanced rule of the catalog on or off."""

    def check(instance: Any, attribute: attrs.Attribute, value: Any) -> None:
        if not isinstance(value, bool):
            raise InvalidInput(f"option {attribute.name} ({rule}) must be true or false, not {value!r}",
                               source="<options>")

    return attrs.field(default=default, validator=check, metadata={"variant": rule})


#: the counters of :func:`counting_reads` now open (empty: ``read`` counts nothing)
_counters: list[Counter[tuple[str, str]]] = []


def read(options: Any, name: str) -> str:
    """The reading chosen for option ``name``; :class:`Unspecified` when it is unsettled."""
    options = unwrapped(options)                 # counted here, once, as any read
    value = getattr(options, name)
    if value is None:
        ambiguity = attrs.fields_dict(type(options))[name].metadata["settles"]
        raise Unspecified(ambiguity, f"the rulebook does not settle this and option {name} is unset")
    if _counters:
        for counter in _counters:
            counter[name, value] += 1
    return value


class View:
    """Options seen through a view that decides how each option is read (:meth:`value`): the rules read
    ``rs.options.X`` as ever.  Properties (a reading derived from others, as Cryptmaster's readings of
    Tomb's engine options) are read through the view, so the readings they consult pass through it too."""

    __slots__ = ("_raw",)

    def __init__(self, raw: Any) -> None:
        object.__setattr__(self, "_raw", raw)

    def __getattr__(self, name: str) -> Any:
        raw = object.__getattribute__(self, "_raw")
        prop = getattr(type(raw), name, None)
        if isinstance(prop, property):
            return prop.fget(self)                    # type: ignore[misc]
        if name in settled_names(type(raw)):
            return self.value(raw, name)
        return getattr(raw, name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("options are frozen")

    def value(self, raw: Any, name: str) -> Any:
        """How the view reads reading ``name`` of ``raw``."""
        return getattr(raw, name)


class Counted(View):
    """Options whose readings are counted whenever the rules read them, by :func:`read` or as a plain
    attribute (``rs.options.peek``), while :func:`counting_reads` is open: conform puts a ruleset's
    options behind one for its games, since most rules read their option directly."""

    __slots__ = ()

    def value(self, raw: Any, name: str) -> Any:
        value = getattr(raw, name)
        if _counters and value is not None:
            for counter in _counters:
                counter[name, value] += 1
        return value


def unwrapped(options: Any) -> Any:
    """The options behind any :class:`View` (``options`` itself if none)."""
    while isinstance(options, View):
        options = object.__getattribute__(options, "_raw")
    return options


def given(ruleset: Any) -> Any:
    """``ruleset``'s options as given: never a view (Tomb's of unset readings, conform's Counted), so
    that looking at every option neither raises for an unset one nor counts as the rules reading it."""
    return unwrapped(ruleset.options)


@contextmanager
def counted(ruleset: Any) -> Iterator[None]:
    """``ruleset``'s options behind a :class:`Counted` view while open (a view already there, as Tomb's
    of unset readings, reads every reading through :func:`read`, which counts)."""
    raw = ruleset.options
    if isinstance(raw, View):
        yield
        return
    ruleset.options = Counted(raw)
    try:
        yield
    finally:
        ruleset.options = raw


@contextmanager
def counting_reads() -> Iterator[Counter[tuple[str, str]]]:
    """Count, while open, every reading the rules consult: ``(option, reading) -> times`` (``by_reading``
    consults one only where the readings part).  conform reports which chosen readings its games reached."""
    counter: Counter[tuple[str, str]] = Counter()
    _counters.append(counter)
    try:
        yield counter
    finally:                     # by identity: two counters that counted the same are equal
        del _counters[next(i for i, c in enumerate(_counters) if c is counter)]


def by_reading(options: Any, name: str, outcomes: dict[str, Any]) -> Any:
    """What the rules give under the reading chosen for option ``name``, from what each reading gives
    (``outcomes``: reading -> result).  When every reading gives the same result the rulebook is not
    open here, and no reading is asked for (an unset option then raises nothing)."""
    values = iter(outcomes.values())
    first = next(values)
    for value in values:
        if value != first:
            return outcomes[read(options, name)]
    return first


@cache
def settled_names(options_type: type) -> frozenset[str]:
    """The names of ``options_type``'s readings (cached)."""
    return frozenset(settles(options_type))


def settles(options_type: type) -> dict[str, str]:
    """Option name -> the ambiguity id it settles."""
    return {f.name: f.metadata["settles"] for f in attrs.fields(options_type) if "settles" in f.metadata}


def unsettled(options_type: type, **chosen: Any) -> Any:
    """Options with every reading unset but those ``chosen`` (variants too): the model raises
    ``Unspecified`` wherever the rules are open and no reading was chosen."""
    return options_type(**{**{name: None for name in settles(options_type)}, **chosen})


def options_from_data(options_type: type, data: Any, *, source: str = "<options>") -> Any:
    """Build options from a JSON/TOML mapping, naming an unknown key or a bad value."""
    if data is None:
        return options_type()
    if not isinstance(data, dict):
        raise InvalidInput("options must be an object", source=source)
    known = attrs.fields_dict(options_type)
    unknown = set(data) - set(known)
    if unknown:
        raise InvalidInput(f"unknown option(s) {', '.join(sorted(unknown))}; known: "
                           f"{', '.join(known)}", source=source)
    try:
        return options_type(**data)
    except InvalidInput as exc:
        raise InvalidInput(exc.problem, source=source) from None
