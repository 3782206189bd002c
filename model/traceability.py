"""Code points at the catalog (DESIGN.md contract 4).

``require(condition, rule_id, message, *args)`` is the one-line check of a rule; ``@implements(rule_id,
...)`` marks the functions that formalise rules.  Both feed the rule coverage report
(``tombspec.checks.report.coverage``): which rules are formalised (``IMPLEMENTS``, and the ids of one-line
checks read from the source), and, inside :func:`recording`, which were exercised.

Outside a recording they cost nothing: ``@implements`` returns the function itself (no wrapper), and
``require`` formats its message only when the rule is broken (``message.format(*args)``).  Inside
:func:`recording` a trace hook notes every call of a marked function.

>>> @implements("game.area.rule")
... def f(x):
...     return x + 1
>>> with recording() as seen:
...     _ = f(1)
>>> sorted(seen), f(1)
(['game.area.rule'], 2)
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType
from typing import Any, TypeVar

from .errors import IllegalAction

F = TypeVar("F", bound=Callable[..., Any])

#: rule id -> the qualified names of the functions that formalise it.
IMPLEMENTS: dict[str, list[str]] = defaultdict(list)
#: the code of every function marked with @implements -> the rule ids it formalises
_CODES: dict[CodeType, tuple[str, ...]] = {}
_recorders: list[set[str]] = []


def implements(*rule_ids: str) -> Callable[[F], F]:
    """Mark a function as the formalisation of ``rule_ids`` (the function itself is returned)."""

    def mark(fn: F) -> F:
        name = f"{fn.__module__}.{fn.__qualname__}"
        for rid in rule_ids:
            IMPLEMENTS[rid].append(name)
        code = getattr(fn, "__code__", None)
        if code is not None:
            _CODES[code] = (*_CODES.get(code, ()), *rule_ids)
        fn.__implements__ = (*getattr(fn, "__implements__", ()), *rule_ids)  # type: ignore[attr-defined]
        return fn

    return mark


def require(condition: object, rule_id: str, message: str = "", *args: Any, also: tuple[str, ...] = ()) -> None:
    """Verify one rule: raise :class:`IllegalAction` naming ``rule_id`` (and, beside it, the other rules
    ``also`` the action breaks) when ``condition`` is false.  The message is ``message.format(*args)``,
    built only then."""
    if _recorders:
        for rec in _recorders:
            rec.add(rule_id)
    if not condition:
        raise IllegalAction(rule_id, (message.format(*args) if args else message) or f"breaks {rule_id}",
                            also=also)


def note(rule_id: str) -> None:
    """Record that a rule was exercised (for transitions that have no condition to check)."""
    if _recorders:
        for rec in _recorders:
            rec.add(rule_id)


def _trace(frame: Any, event: str, arg: Any, _codes: dict[CodeType, tuple[str, ...]] = _CODES,
           _recorders: list[set[str]] = _recorders) -> None:
    """The global trace function of a recording: called on every Python call (never on C calls or
    returns), it notes the rules of a marked function and turns line tracing off for the frame.  Its
    tables are bound at definition, so a call at interpreter exit (a destructor run while a trace is
    still set) finds them even after the module's globals are cleared."""
    rules = _codes.get(frame.f_code)
    if rules is not None:
        for rec in _recorders:
            rec.update(rules)
    return None


@contextmanager
def recording() -> Iterator[set[str]]:
    """Collect the rule ids exercised inside the block (``require``, ``note``, and every call of a
    function marked ``@implements``, noted by a trace hook that is set only here)."""
    seen: set[str] = set()
    _recorders.append(seen)
    outer = sys.gettrace()
    if outer is None:
        sys.settrace(_trace)
    elif outer is not _trace:     # under another tracer (a debugger, coverage): call both
        def both(frame: Any, event: str, arg: Any) -> Any:
            _trace(frame, event, arg)
            return outer(frame, event, arg)

        sys.settrace(both)
    try:
        yield seen
    finally:
        # by identity: two recorders that saw the same rules are equal sets
        _recorders[:] = [rec for rec in _recorders if rec is not seen]
        sys.settrace(outer)


_ID = re.compile(r"""["']([a-z0-9-]+\.[a-z0-9-]+\.[a-z0-9-]+)["']""")


def model_packages(game: str) -> list[Any]:
    """The packages that hold ``game``'s model: its ruleset's, and those of the rulesets it extends (a
    variant's engine)."""
    import importlib
    import sys

    from .registry import ruleset_class
    from .ruleset import Ruleset

    packages = []
    for cls in type.mro(ruleset_class(game)) if isinstance(ruleset_class(game), type) else ():
        if cls is Ruleset or not issubclass(cls, Ruleset) or cls.__module__ not in sys.modules:
            continue
        module = sys.modules[cls.__module__]
        name = module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]
        package = importlib.import_module(name)
        if package not in packages:
            packages.append(package)
    return packages


def formalised(game: str, *, invariants: bool = True) -> dict[str, list[str]]:
    """Rule id -> where the model formalises it: the functions marked ``@implements``, and the
    ``file:line`` of every one-line check that names it: ``require`` and ``note`` in the transitions,
    and (unless ``invariants`` is false) ``Violation`` in the invariants, which no step exercises."""
    marks = ("require(", "note(", "Violation(") if invariants else ("require(", "note(")
    import importlib

    where: dict[str, list[str]] = {}
    for package in model_packages(game):
        root = Path(package.__file__).parent
        for path in sorted(root.rglob("*.py")):
            module = ".".join([package.__name__, *path.relative_to(root).with_suffix("").parts])
            importlib.import_module(module.removesuffix(".__init__"))
        for path in sorted(root.rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if any(mark in line for mark in marks):
                    for rid in _ID.findall(line):
                        if rid.startswith(game + "."):
                            where.setdefault(rid, []).append(f"{path.relative_to(root.parent.parent)}:{number}")
    for rid, names in IMPLEMENTS.items():
        if rid.startswith(game + "."):
            where[rid] = [*names, *where.get(rid, [])]
    return where


def writers(run: Callable[[], Any], view: Callable[[Any], dict[str, Any]]) -> dict[str, tuple[str, ...]]:
    """Which rules changed what while ``run()`` ran: ``{path: rule ids}``, each path (a key of
    ``view(draft)``) given the rules of the innermost function that changed it and has rules: those it
    is marked with (``@implements``) and those it ``require``-d or ``note``-d itself (not in a marked
    function it called).  A function's draft is its argument that is a draft (a type with ``thaw`` and
    ``snapshot``, :mod:`tombspec.model.draft`), viewed when the call starts and when it returns.  For
    reports only (a profile hook on every call): a path no such function changed is not in the answer;
    an exception from ``run`` ends the run quietly, with what was attributed until then."""
    # per open call: frame, own marks, draft, its view at the call, rules seen before it, nested marks
    stack: list[tuple[Any, tuple[str, ...], Any, dict[str, Any] | None, frozenset[str], set[str]]] = []
    found: dict[str, tuple[str, ...]] = {}

    def draft_of(frame: Any) -> Any:
        for value in frame.f_locals.values():
            kind = type(value)
            if hasattr(kind, "thaw") and hasattr(kind, "snapshot") and not isinstance(value, type):
                return value
        return None

    with recording() as seen:
        def hook(frame: Any, event: str, arg: Any) -> None:
            if event == "call":
                marks = _CODES.get(frame.f_code, ())
                draft = draft_of(frame)
                if marks or draft is not None:
                    stack.append((frame, marks, draft, view(draft) if draft is not None else None,
                                  frozenset(seen), set()))
            elif event == "return" and stack and stack[-1][0] is frame:
                _, marks, draft, before, seen_before, nested = stack.pop()
                own = tuple(sorted(seen - seen_before - nested - set(marks)))
                rules = (*marks, *own)
                if stack:
                    stack[-1][5].update(marks, nested)
                if draft is None or not rules or before is None:
                    return
                after = view(draft)
                for path in before.keys() | after.keys():
                    if path not in found and before.get(path, _ABSENT) != after.get(path, _ABSENT):
                        found[path] = rules

        outer = sys.getprofile()
        sys.setprofile(hook)
        try:
            run()
        except Exception:  # noqa: BLE001 - a refusal or a model error: what ran until then is the answer
            pass
        finally:
            sys.setprofile(outer)
    return found


_ABSENT = object()
