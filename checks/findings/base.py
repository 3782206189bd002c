"""A finding, and the registry of the detectors that report findings (generic ones only: a game's own
detectors are listed in its record, :mod:`tombspec.checks.games`).

A finding has a stable ``id`` (``<game>.<detector>.<subject>``), a ``kind``, the ``rules`` involved
(catalog ids, whose quotes are in the rulebook), a one-line ``summary``, its ``evidence`` (a computed
table, a state, a z3 model) and ``source``: ``machine`` for what a detector derived, ``catalog`` for an
ambiguity recorded by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from tombspec.spec import Catalog

KINDS = ("contradiction", "summary-drift", "table", "component-count", "naming", "derived-fact",
         "never-succeeds", "example-mismatch", "ambiguity", "gap", "unchecked")


@attrs.frozen
class Finding:
    id: str
    game: str
    kind: str
    rules: tuple[str, ...]
    summary: str
    evidence: Any = None
    source: str = "machine"
    reading: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "kind": self.kind, "rules": list(self.rules),
                "summary": self.summary, "evidence": self.evidence, "source": self.source,
                "reading": self.reading}


Detector = Callable[[Catalog], Iterable[Finding]]
DETECTORS: list[tuple[str, Detector]] = []


def detector(name: str) -> Callable[[Detector], Detector]:
    def register(fn: Detector) -> Detector:
        DETECTORS.append((name, fn))
        return fn

    return register


def unique(found: Iterable[Finding]) -> list[Finding]:
    """One finding per id, the first one kept."""
    seen: set[str] = set()
    out = []
    for f in found:
        if f.id not in seen:
            seen.add(f.id)
            out.append(f)
    return out
