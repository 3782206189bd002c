"""Worked examples recomputed from their own inputs (a game lists its recomputations in its record):
what an example states, what the rules give, and whether they agree.  A disagreement is a finding of
kind ``example-mismatch``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from tombspec.spec import Catalog

from .base import Finding


@attrs.frozen
class ExampleCheck:
    """One worked example recomputed: what it states, what the rules give, and whether they agree."""

    game: str
    name: str
    rules: tuple[str, ...]
    stated: dict[str, Any]
    computed: dict[str, Any]
    ok: bool
    note: str = ""


ExampleFn = Callable[[Catalog], Iterable[ExampleCheck]]


def mismatches(cat: Catalog, checks: Iterable[ExampleCheck]) -> Iterable[Finding]:
    """A finding for every recomputed example whose stated numbers disagree with the recomputation."""
    for check in checks:
        if not check.ok:
            yield Finding(
                f"{cat.game}.example.{check.name}", cat.game, "example-mismatch", check.rules,
                f"worked example '{check.name}': {check.note}",
                {"stated": check.stated, "recomputed": check.computed})
