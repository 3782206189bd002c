"""The rules editor's view of the findings: one entry per fact, a severity, the rulebook's words.

:func:`editor_findings` turns the raw findings of the detectors and the catalog into
:class:`Entry` objects:

* a detector finding that restates a recorded ambiguity (the ambiguity lists it in ``found_by``) is
  not listed again: it becomes a piece of evidence of the recorded entry; detector findings over the
  same rules of the same kind (several detectors, one fact) become one entry with several pieces (one
  detector's findings on several subjects stay several);
* every entry carries the quotes of the rules it cites, with their section and, when the rulebook
  text is present, the line where the quote begins; an open question carries its readings and the
  model's default; an answered one the quote that answers it;
* entries are sorted by severity (errors first), then by game, then by catalog order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from tombspec.spec import Ambiguity, Catalog
from tombspec.spec.rulebooks import quote_line

from ..findings.base import SEVERITIES, Finding


@attrs.define
class Entry:
    id: str
    game: str
    severity: str
    kind: str
    source: str                      # "catalog" (recorded by hand) or "detector"
    title: str
    summary: str
    rules: list[str]
    quotes: list[dict[str, Any]] = attrs.field(factory=list)
    question: str | None = None
    readings: list[dict[str, Any]] = attrs.field(factory=list)
    default: str | None = None
    answered: dict[str, Any] | None = None
    note: str = ""
    evidence: list[dict[str, Any]] = attrs.field(factory=list)
    correction: str = ""             # the catalog's proposed replacement wording (errors, contradictions)
    group: str = ""                  # findings one rewrite settles together
    at: str = ""                     # the rule whose passage is at fault (the catalog's 'at', else the first rule)

    @property
    def sources(self) -> list[str]:
        """Where it comes from: the catalog, a detector, or both."""
        out = [self.source]
        if self.source == "catalog" and self.evidence:
            out.append("detector")
        return out

    @property
    def detectors(self) -> list[str]:
        return [e["finding"] for e in self.evidence]

    def to_json(self) -> dict[str, Any]:
        data = attrs.asdict(self)
        data["sources"] = self.sources
        return data


def _quote(cat: Catalog, rule_id: str) -> dict[str, Any]:
    if rule_id not in cat:
        return {"rule": rule_id, "title": None, "section": None, "section_title": None, "line": None,
                "quote": None}
    entry = cat.get(rule_id)
    if isinstance(entry, Ambiguity):   # another recorded question: a cross-reference, not a quote
        return {"rule": rule_id, "title": entry.title, "section": None, "section_title": None, "line": None,
                "quote": None, "see": True}
    section = getattr(entry, "section", None)
    try:
        section_title = cat.section(section).title if section else None
    except KeyError:
        section_title = None
    quote = getattr(entry, "quote", None)
    return {"rule": rule_id, "title": getattr(entry, "title", None) or getattr(entry, "name", None),
            "section": section, "section_title": section_title,
            "line": quote_line(cat.rulebook, quote) if quote else None, "quote": quote}


def _evidence(f: Finding) -> dict[str, Any]:
    return {"finding": f.id, "kind": f.kind, "summary": f.summary, "rules": list(f.rules),
            "data": f.evidence}


def _catalog_order(cat: Catalog | None) -> dict[str, int]:
    if cat is None:
        return {}
    return {e.id: i for i, e in enumerate(cat.entries())}


def _one_emitter(a: str, b: str) -> bool:
    """Two finding ids that differ only in their last part (the subject) come from one detector."""
    return a.rsplit(".", 1)[0] == b.rsplit(".", 1)[0]


def editor_findings(findings: Iterable[Finding], catalogs: Mapping[str, Catalog]) -> list[Entry]:
    """One entry per fact, sorted by severity, game and catalog order (see the module)."""
    findings = list(findings)
    linked: dict[str, str] = {}           # detector finding id -> the recorded ambiguity it restates
    for cat in catalogs.values():
        for amb in cat.ambiguities:
            for fid in amb.found_by:
                linked.setdefault(fid, amb.id)

    entries: dict[str, Entry] = {}
    amb_graded: dict[str, bool] = {}      # recorded ambiguity id -> the catalog sets its severity itself
    for f in findings:
        if f.source != "catalog":
            continue
        cat = catalogs[f.game]
        amb = cat.ambiguity(f.id)
        entry = Entry(amb.id, f.game, amb.effective_severity, amb.kind, "catalog", amb.title, amb.question,
                      list(amb.rules), [_quote(cat, r) for r in amb.rules], amb.question,
                      [{"id": r.id, "text": r.text, "default": r.id == amb.default} for r in amb.readings],
                      amb.default, None, amb.note)
        if amb.answered:
            entry.answered = {"quote": amb.answered.quote, "reading": amb.answered.reading,
                              "line": quote_line(cat.rulebook, amb.answered.quote)}
        entry.correction, entry.group, entry.at = amb.correction, amb.group, amb.at_fault
        amb_graded[amb.id] = amb.severity is not None
        entries[amb.id] = entry

    same_fact: dict[tuple[str, str, tuple[str, ...]], Entry] = {}
    for f in findings:
        if f.source == "catalog":
            continue
        target = entries.get(linked.get(f.id, ""))
        if target is not None:
            target.evidence.append(_evidence(f))
            # The detector may know better how grave it is (a worked example that does not add up),
            # unless the rulebook's own text answers the question (what the text answers is a note) or
            # the catalog grades the entry itself ('severity': a reader's grade, with the passages open)
            graded = amb_graded.get(target.id, False)
            if (target.answered is None and not graded
                    and SEVERITIES.index(f.severity) < SEVERITIES.index(target.severity)):
                target.severity = f.severity
            continue
        key = (f.game, f.kind, tuple(sorted(f.rules)))
        # one emitter's findings on several subjects of one passage ('<passage>.unused-x', '<passage>.unused-y':
        # two components no rule names) are several facts, not one
        if f.rules and key in same_fact and not _one_emitter(same_fact[key].id, f.id):
            same_fact[key].evidence.append(_evidence(f))
            continue
        cat = catalogs.get(f.game)
        entry = Entry(f.id, f.game, f.severity, f.kind, "detector", f.summary, f.summary, list(f.rules),
                      [_quote(cat, r) for r in f.rules] if cat else [], evidence=[_evidence(f)],
                      at=f.rules[0] if f.rules else "")
        entries[f.id] = entry
        same_fact[key] = entry

    games = list(catalogs)
    orders = {g: _catalog_order(c) for g, c in catalogs.items()}

    def key(e: Entry) -> tuple[int, int, int, int, str]:
        order = orders.get(e.game, {})
        first = min((order.get(r, 10**6) for r in e.rules), default=10**6)
        return (SEVERITIES.index(e.severity), games.index(e.game) if e.game in games else len(games),
                0 if e.source == "catalog" else 1, order.get(e.id, first), e.id)

    return sorted(entries.values(), key=key)


def select(entries: Sequence[Entry], *, severity: Sequence[str] = (), kind: Sequence[str] = (),
           rule: Sequence[str] = (), source: Sequence[str] = ()) -> list[Entry]:
    """The entries that pass every filter given (each filter: any of its values).  ``rule`` matches a
    rule id, or an id prefix ending in a dot (``tomb.raid.``)."""
    def rule_matches(e: Entry) -> bool:
        ids = [*e.rules, e.id]
        return any(i == r or (r.endswith(".") and i.startswith(r)) for r in rule for i in ids)

    return [e for e in entries
            if (not severity or e.severity in severity)
            and (not kind or e.kind in kind or any(ev["kind"] in kind for ev in e.evidence))
            and (not rule or rule_matches(e))
            and (not source or any(s in source for s in e.sources))]


def counts(entries: Iterable[Entry]) -> dict[str, dict[str, int]]:
    """``{game: {severity: count}}`` (every severity present, zeros included)."""
    out: dict[str, dict[str, int]] = {}
    for e in entries:
        out.setdefault(e.game, {s: 0 for s in SEVERITIES})[e.severity] += 1
    return out
