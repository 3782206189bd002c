"""Reading the catalog's text: the quoted entries, words and numbers, and the one way a check finds
the sentence that states what it needs (:func:`stated`: a missing sentence is :class:`Missing`, which a
check turns into an ``unknown`` result or a finding that says the check could not run; never a silent
pass).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tombspec.spec import Catalog

#: Cardinal number words as the rulebooks print them.
NUMBER_WORDS = {"zero": 0, "no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
                "twenty": 20, "dozen": 12}
#: A pattern for a count written in digits or words.
NUM = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen)"


def as_int(text: str) -> int:
    """``"3"``, ``"+3"``, ``"three"``, ``"Three"`` -> 3."""
    text = text.strip().lower().lstrip("+")
    return int(text) if text.lstrip("-").isdigit() else NUMBER_WORDS[text]


def dice_list(text: str) -> list[int]:
    """``"1, 3, 4, 5, 6"`` or ``"2, 4, 5, and 6"`` -> the faces."""
    return [int(x) for x in re.findall(r"\d+", text)]


class Missing(Exception):
    """The catalog no longer states what a check reads from it (the check cannot run)."""


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


def quoted_entries(cat: Catalog) -> Iterator[Any]:
    """Every catalog entry that carries a quote: rules, tables, components."""
    yield from cat.rules
    yield from cat.tables
    yield from cat.components


def rules_quoting(cat: Catalog, term: str, limit: int = 3) -> list[str]:
    """Ids of the first ``limit`` entries whose quote contains ``term`` (case-sensitive, as printed)."""
    pattern = re.compile(rf"(?<![\w]){re.escape(term)}(?![\w])")
    return [e.id for e in quoted_entries(cat) if pattern.search(e.quote)][:limit]


def find_rules(cat: Catalog, pattern: str, flags: int = re.I) -> list[tuple[Any, re.Match[str]]]:
    """``(entry, match)`` for every quoted entry whose quote matches ``pattern``, in catalog order."""
    rx = re.compile(pattern, flags)
    out = []
    for e in quoted_entries(cat):
        m = rx.search(e.quote)
        if m:
            out.append((e, m))
    return out


def body_of(cat: Catalog, rule: Any) -> list[Any]:
    """The body rules a summary rule summarises (those present in the catalog)."""
    return [cat.get(r) for r in rule.summarises if r in cat]


_STEM_SUFFIXES = ("ing", "ed", "s")
_STOPWORDS = frozenset(
    "a an the and or of to in on at by for from with into onto is are be been was were it its this that "
    "these those your you his her their he she they them we our as if then than so not no any all each "
    "every may must can cannot only up one two three four five six seven eight nine ten per do does "
    "has have had will would should could there here which who whom what when where while also such "
    "more most other another same new first second next last".split())


def stem(word: str) -> str:
    w = word.lower().strip("'’")
    w = re.sub(r"['’]s$", "", w)
    if re.search(r"(?:ss|x|z|ch|sh)es$", w):
        return w[:-2]
    if w.endswith("ies") and len(w) > 5:
        return w[:-3] + "y"
    for suffix in _STEM_SUFFIXES:
        if w.endswith(suffix) and not w.endswith("ss") and len(w) - len(suffix) >= 4:
            return w[: -len(suffix)]
    return w


def content_words(text: str) -> list[str]:
    """The stemmed content words of ``text``, in order."""
    return [stem(w) for w in re.findall(r"[A-Za-z][A-Za-z'’]*", text)
            if w.lower() not in _STOPWORDS and len(w) > 2]


def stated(cat: Catalog, pattern: str, flags: int = re.I) -> tuple[str, re.Match[str]]:
    """The first quoted entry (rule, table, component) whose quote matches ``pattern``: ``(id, match)``;
    :class:`Missing` when none does."""
    hits = find_rules(cat, pattern, flags)
    if not hits:
        raise Missing(f"no quote of the {cat.game} catalog matches {pattern!r}")
    return hits[0][0].id, hits[0][1]


def stated_int(cat: Catalog, pattern: str, group: int | str = 1) -> tuple[str, int]:
    rid, m = stated(cat, pattern)
    return rid, as_int(m.group(group))


def contents(cat: Catalog, table_id: str, name_col: str = "component", count_col: str = "count") -> dict[str, int]:
    """A components table as ``{name: count}`` (rows whose count is a number)."""
    if table_id not in cat:
        return {}
    return {str(r[name_col]): r[count_col] for r in cat.get(table_id).records() if isinstance(r.get(count_col), int)}
