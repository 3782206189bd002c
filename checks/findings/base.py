"""A finding, and the registry of the detectors that report findings (generic ones only: a game's own
detectors are listed in its record, :mod:`tombspec.checks.games`).

A finding has a stable ``id`` (``<game>.<detector>.<subject>``), a ``kind``, the ``rules`` involved
(catalog ids, whose quotes are in the rulebook), a one-line ``summary``, its ``evidence`` (a computed
table, a state, a z3 model) and ``source``: ``machine`` for what a detector derived, ``catalog`` for an
ambiguity recorded by hand.

Every finding has a ``severity`` the reader can trust (:data:`SEVERITIES`, most severe first):

* ``error``: the rulebook is wrong: a worked example that does not add up, a table that contradicts the
  text, a broken reference, a count that does not match the components;
* ``contradiction``: two passages that cannot both hold;
* ``open-question``: an ambiguity or a silence, with its readings;
* ``note``: derived facts and edge cases worth knowing.

A detector may set it; otherwise it follows from the kind (:data:`KIND_SEVERITY`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from tombspec.spec import Catalog

KINDS = ("contradiction", "summary-drift", "table", "component-count", "naming", "derived-fact",
         "never-succeeds", "example-mismatch", "ambiguity", "gap", "unchecked")

#: The severities, most severe first.
SEVERITIES = ("error", "contradiction", "open-question", "note")

#: The severity of a finding whose detector does not set one.
KIND_SEVERITY = {
    "example-mismatch": "error", "table": "error", "component-count": "error", "unchecked": "error",
    "contradiction": "contradiction", "summary-drift": "contradiction",
    "ambiguity": "open-question", "gap": "open-question",
    "naming": "note", "derived-fact": "note", "never-succeeds": "note",
}


def _default_severity(finding: "Finding") -> str:
    return KIND_SEVERITY.get(finding.kind, "note")


def _check_severity(_: Any, attribute: Any, value: str) -> None:
    if value not in SEVERITIES:
        raise ValueError(f"severity {value!r} is not one of {', '.join(SEVERITIES)}")


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
    severity: str = attrs.field(default=attrs.Factory(_default_severity, takes_self=True),
                                validator=_check_severity)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "kind": self.kind, "severity": self.severity,
                "rules": list(self.rules), "summary": self.summary, "evidence": self.evidence,
                "source": self.source, "reading": self.reading}


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
