"""Findings: detectors that read the catalogs and the models and report what is wrong, unclear or
surprising in the rules.

A finding has a stable ``id`` (``<game>.<detector>.<subject>``), a ``kind``, the ``rules`` involved
(catalog ids, whose quotes are in the rulebook), a one-line ``summary``, its ``evidence`` (a computed
table, a state, a z3 model) and ``source``: ``machine`` for what a detector derived, ``catalog`` for an
ambiguity recorded by hand.  Detectors are functions registered with :func:`detector`.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from difflib import SequenceMatcher
from typing import Any

import attrs

from tombspec.spec import Catalog, rulebook_text

KINDS = ("contradiction", "summary-drift", "table", "component-count", "naming", "derived-fact",
         "never-succeeds", "example-mismatch", "ambiguity", "gap")


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


def run_detectors(catalogs: dict[str, Catalog]) -> list[Finding]:
    found: list[Finding] = []
    for cat in catalogs.values():
        for _, fn in DETECTORS:
            found.extend(fn(cat))
    seen: set[str] = set()
    unique = []
    for f in found:
        if f.id not in seen:
            seen.add(f.id)
            unique.append(f)
    return unique


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


# --------------------------------------------------------------------------------------------------
# Recorded by hand


@detector("recorded")
def recorded_ambiguities(cat: Catalog) -> Iterable[Finding]:
    """Every ambiguity, gap and contradiction recorded in the catalog, with its readings."""
    for amb in cat.ambiguities:
        yield Finding(
            id=amb.id, game=cat.game, kind=amb.kind if amb.kind != "ambiguity" else "ambiguity",
            rules=amb.rules, summary=f"{amb.title}: {amb.question}",
            evidence={"readings": {r.id: r.text for r in amb.readings}, "default": amb.default},
            source="catalog", reading=amb.default)


# --------------------------------------------------------------------------------------------------
# Summaries against their bodies


_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w])")


@detector("summary-drift")
def summary_drift(cat: Catalog) -> Iterable[Finding]:
    """A summary states a number that none of the body rules it summarises states."""
    for rule in cat.rules:
        if rule.kind != "summary" or not rule.summarises:
            continue
        body = " ".join(cat.rule(r).quote for r in rule.summarises if isinstance(cat.get(r), type(rule)))
        body_numbers = set(_NUMBER.findall(body)) | set(_number_words(body))
        extra = [n for n in _NUMBER.findall(rule.quote) if n not in body_numbers]
        if extra:
            yield Finding(
                id=f"{rule.id}.numbers", game=cat.game, kind="summary-drift",
                rules=(rule.id, *rule.summarises),
                summary=f"the summary {rule.id} states {', '.join(sorted(set(extra)))}, which the body "
                        f"rules it summarises never state",
                evidence={"summary": rule.quote, "body": body, "numbers_only_in_summary": sorted(set(extra))})


_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
          "eight": "8", "nine": "9", "ten": "10", "once": "1", "twice": "2", "half": "2", "single": "1"}


def _number_words(text: str) -> list[str]:
    return [_WORDS[w] for w in re.findall(r"[a-z]+", text.lower()) if w in _WORDS]


# --------------------------------------------------------------------------------------------------
# Tables: intervals that overlap or leave gaps


_LOW = ("min", "from", "low", "minimum", "xp_min", "lower")
_HIGH = ("max", "to", "high", "maximum", "xp_max", "upper")


@detector("table-intervals")
def table_intervals(cat: Catalog) -> Iterable[Finding]:
    """Charts with low/high columns whose intervals overlap or leave a gap."""
    for table in cat.tables:
        cols = [c.lower() for c in table.columns]
        low = next((i for i, c in enumerate(cols) if c in _LOW or c.endswith("_min") or c.endswith("-min")), None)
        high = next((i for i, c in enumerate(cols) if c in _HIGH or c.endswith("_max") or c.endswith("-max")), None)
        if low is None or high is None:
            continue
        rows = [(r[low], r[high], r) for r in table.rows
                if isinstance(r[low], int) and (isinstance(r[high], int) or r[high] is None)]
        rows.sort(key=lambda t: t[0])
        for (lo1, hi1, r1), (lo2, hi2, r2) in zip(rows, rows[1:]):
            if hi1 is None:
                continue
            if lo2 <= hi1:
                yield Finding(f"{table.id}.overlap-{lo2}", cat.game, "table", (table.id,),
                              f"{table.title}: rows {list(r1)} and {list(r2)} overlap",
                              {"rows": [list(r1), list(r2)]})
            elif lo2 > hi1 + 1:
                yield Finding(f"{table.id}.gap-{hi1 + 1}", cat.game, "table", (table.id,),
                              f"{table.title}: no row covers {hi1 + 1}..{lo2 - 1}",
                              {"rows": [list(r1), list(r2)]})


# --------------------------------------------------------------------------------------------------
# Naming: one thing spelled two ways


_TERM = re.compile(r"\b[A-Z][a-z]{3,}(?:['’]s)?(?:\s+[A-Z][a-z]{2,}){0,2}\b")


@detector("naming")
def near_duplicate_names(cat: Catalog) -> Iterable[Finding]:
    """Capitalised terms of the rulebook that differ by one or two letters (e.g. a misspelling)."""
    text = rulebook_text(cat.rulebook) or " ".join(q for _, q in cat.quoted())
    counts = Counter(m.group(0) for m in _TERM.finditer(text))
    terms = [t for t in counts if len(t) >= 6]
    by_len: dict[int, list[str]] = defaultdict(list)
    for t in terms:
        by_len[len(t)].append(t)
    reported: set[frozenset[str]] = set()
    for t in terms:
        for n in (len(t) - 1, len(t), len(t) + 1):
            for u in by_len.get(n, ()):
                if u <= t or frozenset((t, u)) in reported:
                    continue
                if _plural_or_possessive(t, u):
                    continue
                if _edit_distance_le(t.lower(), u.lower(), 2) and SequenceMatcher(None, t, u).ratio() > 0.85 \
                        and min(counts[t], counts[u]) <= 3:
                    reported.add(frozenset((t, u)))
                    rare, common = sorted((t, u), key=lambda x: counts[x])
                    rules = tuple(_rules_quoting(cat, rare) + _rules_quoting(cat, common))[:6]
                    if not rules:
                        continue
                    yield Finding(
                        f"{cat.game}.naming.{_slug(rare)}", cat.game, "naming", rules,
                        f"'{rare}' ({counts[rare]}x) and '{common}' ({counts[common]}x) look like one name "
                        f"spelled two ways", {"spellings": {rare: counts[rare], common: counts[common]}})


def _plural_or_possessive(a: str, b: str) -> bool:
    short, long_ = sorted((a, b), key=len)
    return long_ in (short + "s", short + "es", short + "'s", short + "’s") or \
        (short.endswith("y") and long_ == short[:-1] + "ies")


def _edit_distance_le(a: str, b: str, k: int) -> bool:
    if abs(len(a) - len(b)) > k:
        return False
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
        prev = cur
    return 0 < prev[-1] <= k


def _rules_quoting(cat: Catalog, term: str) -> list[str]:
    return [r.id for r in cat.rules if term in r.quote][:3]
