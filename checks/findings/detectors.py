"""The generic detectors: they read any catalog and know no game.

Kinds of finding, and the detectors of this module that report them:

* ``summary-drift``: a summary (a rule of kind ``summary`` with ``summarises`` links, or a printed list
  that restates another) states a number, a manner, a cap, an exception or an order its body does not;
  named items present in one printed list but not in the other;
* ``table``: charts whose intervals overlap or leave gaps, or whose level numbers skip;
* ``naming``: one thing spelled two ways (doubled or transposed letters, spacing, case, word order);
* ``gap`` (severity ``error``): references to sections the rulebook does not have;
* ``contradiction``: a universal limit that another rule breaks (``ALL ACTIONS ARE ONCE PER TURN``
  against ``Any number of times per turn``); a rule restated ``same_as`` another game's with other
  numbers;
* ``ambiguity`` / ``gap`` / ``contradiction`` with ``source = "catalog"``: what the catalog records by
  hand.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from tombspec.spec import Catalog

from .base import Finding, detector
from .text import (NUMBER_WORDS, _STOPWORDS, _slug, body_of, content_words, quoted_entries,
                   stem)

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
# Summaries against their bodies: numbers


#: The numbers words state: the cardinals, and the words for once, twice and half.
_WORDS = {**{w: str(n) for w, n in NUMBER_WORDS.items() if n}, "once": "1", "twice": "2", "single": "1",
          "double": "2", "half": "1/2", "halve": "1/2", "halved": "1/2"}
#: List enumerators ("1. ", "a. ", "b) ") are positions in a printed list, not numbers of the rules.
_ENUMERATOR = re.compile(r"(?:(?<=^)|(?<=[\s•(]))(?:\d{1,2}|[a-hA-H])[.)](?=\s)")
_NUMBER = re.compile(r"(?<![\w.])([+-]?\d+(?:\.\d+)?)(?:['’]?s)?(?![\w])")


def _number_words(text: str) -> list[str]:
    return [_WORDS[w] for w in re.findall(r"[a-z]+", text.lower()) if w in _WORDS]


def stated_numbers(text: str) -> set[str]:
    """The numbers a passage states (digits and number words), list enumerators left out; signs
    dropped ("+2 Health" states 2)."""
    text = _ENUMERATOR.sub(" ", text)
    digits = {n.lstrip("+-") for n in _NUMBER.findall(text)}
    return digits | set(_number_words(text))


@detector("summary-drift")
def summary_drift(cat: Catalog) -> Iterable[Finding]:
    """A summary states a number that none of the body rules it summarises states.

    List positions ("1.", "a.") are not numbers of the rule; 1 is ignored (every "a" and "each" is a 1).
    """
    for rule in cat.rules:
        if rule.kind != "summary" or not rule.summarises:
            continue
        body = " ".join(b.quote for b in body_of(cat, rule))
        extra = sorted(stated_numbers(rule.quote) - stated_numbers(body) - {"1", "0"},
                       key=lambda n: (len(n), n))
        if extra:
            yield Finding(
                id=f"{rule.id}.numbers", game=cat.game, kind="summary-drift",
                rules=(rule.id, *rule.summarises),
                summary=f"the summary {rule.id} states {', '.join(extra)}, which the body rules it "
                        f"summarises never state",
                evidence={"summary": rule.quote, "body": body, "numbers_only_in_summary": extra})


# --------------------------------------------------------------------------------------------------
# Summaries against their bodies: caps, exceptions, manner, modality


_CAP = re.compile(r"\b(up to|at most|a maximum of|maximum|never (?:rise |be increased )?above|"
                  r"cannot be increased above|no more than|to a minimum of)\b", re.I)
_EXCEPTION = re.compile(r"\b(except|unless|other than|apart from|with the exception of)\b", re.I)
_UNIVERSAL = re.compile(r"\b(all|every|always|never|any)\b", re.I)
_MANNER = {
    "all at once": "together", "at the same time": "together", "simultaneously": "together",
    "one at a time": "one by one", "each in turn": "one by one", "as each": "one by one",
    "revealing each in turn": "one by one",
}


def _manners(text: str) -> set[str]:
    low = text.lower()
    return {m for phrase, m in _MANNER.items() if phrase in low}


def _shares(a: str, b: str, n: int = 1) -> bool:
    return len(set(content_words(a)) & set(content_words(b))) >= n


@detector("summary-qualifiers")
def summary_qualifiers(cat: Catalog) -> Iterable[Finding]:
    """A summary drops the cap, the exception or the manner its body states.

    * cap: the summary restates amounts of its body (the same numbers) but none of its caps ("up to",
      "maximum", "never above") - e.g. a Rest that gains "+2 Health" where the body heals "up to
      starting Health";
    * exception: the summary says "all"/"every"/"never" where a body rule sharing its words says
      "except"/"unless";
    * manner: the summary says "all at once" where the body proceeds "each in turn", or the reverse.
    """
    for rule in cat.rules:
        if rule.kind != "summary" or not rule.summarises:
            continue
        bodies = body_of(cat, rule)
        body = " ".join(b.quote for b in bodies)
        said = stated_numbers(rule.quote) - {"1", "0"}
        capped: dict[str, list[str]] = {}
        for b in bodies:
            for m in _CAP.finditer(b.quote):
                near = stated_numbers(b.quote[max(0, m.start() - 40):m.start()]) & said
                if near:
                    capped.setdefault(b.id, []).append(f"{', '.join(sorted(near))} {m.group(1).lower()}")
        if capped and not _CAP.search(rule.quote):
            caps = sorted({c for cs in capped.values() for c in cs})
            yield Finding(
                id=f"{rule.id}.cap-dropped", game=cat.game, kind="summary-drift",
                rules=(rule.id, *capped),
                summary=f"the summary {rule.id} restates amounts of its body without their caps "
                        f"({'; '.join(caps)} ...)",
                evidence={"summary": rule.quote, "capped_amounts": capped})
        if _UNIVERSAL.search(rule.quote) and not _EXCEPTION.search(rule.quote):
            excepting = [b for b in bodies if _EXCEPTION.search(b.quote) and _shares(rule.quote, b.quote, 2)]
            if excepting:
                yield Finding(
                    id=f"{rule.id}.exception-dropped", game=cat.game, kind="summary-drift",
                    rules=(rule.id, *(b.id for b in excepting)),
                    summary=f"the summary {rule.id} states a rule for "
                            f"'{_UNIVERSAL.search(rule.quote).group(1)}' where its body makes an exception "
                            f"('{_EXCEPTION.search(excepting[0].quote).group(1)}')",
                    evidence={"summary": rule.quote, "body": {b.id: b.quote for b in excepting}})
        said, done = _manners(rule.quote), _manners(body)
        if said and done and not (said & done):
            yield Finding(
                id=f"{rule.id}.manner", game=cat.game, kind="summary-drift",
                rules=(rule.id, *rule.summarises),
                summary=f"the summary {rule.id} says it happens {', '.join(sorted(said))}; its body "
                        f"does it {', '.join(sorted(done))}",
                evidence={"summary": rule.quote, "body": body, "summary_manner": sorted(said),
                          "body_manner": sorted(done)})


# --------------------------------------------------------------------------------------------------
# Summaries against their bodies: the order in which a sentence lists the steps of its body


def _keyword_positions(quote: str, bodies: list[Any]) -> dict[str, int]:
    """Where in ``quote`` each body rule is mentioned: the first occurrence of a content word of the
    rule's title that no other body rule's title has.  Rules with no such word are left out."""
    words_of = {b.id: set(content_words(b.title)) for b in bodies}
    spoken = [(m.start(), stem(m.group(0))) for m in re.finditer(r"[A-Za-z][A-Za-z'’]*", quote)]
    positions: dict[str, int] = {}
    for b in bodies:
        others = set().union(*(w for i, w in words_of.items() if i != b.id)) if len(bodies) > 1 else set()
        own = words_of[b.id] - others
        hits = [pos for pos, w in spoken if w in own]
        if hits:
            positions[b.id] = min(hits)
    return positions


@detector("summary-order")
def summary_order(cat: Catalog) -> Iterable[Finding]:
    """A summary sentence lists its body's steps in another order than the body takes them.

    Each summarised rule is located in the summary by a word of its title only it has; rules whose
    body lines run in one order but whose mentions run in another are reported with both orders.
    """
    for rule in cat.rules:
        if rule.kind != "summary" or len(rule.summarises) < 3:
            continue
        bodies = [b for b in body_of(cat, rule) if getattr(b, "line", None)]
        positions = _keyword_positions(rule.quote, bodies)
        if len(positions) < 3:
            continue
        # Rules mentioned at the same place (one phrase for two body rules) share a step.
        by_summary = sorted(positions, key=lambda i: positions[i])
        by_body = sorted(positions, key=lambda i: cat.get(i).line)
        inversions = [(a, b) for i, a in enumerate(by_summary) for b in by_summary[i + 1:]
                      if positions[a] != positions[b] and cat.get(a).line > cat.get(b).line]
        if inversions:
            yield Finding(
                id=f"{rule.id}.order", game=cat.game, kind="summary-drift",
                rules=(rule.id, *by_summary),
                summary=f"the summary {rule.id} lists its steps in another order than the body: "
                        f"{' < '.join(_short(i) for i in by_summary)} in the summary, "
                        f"{' < '.join(_short(i) for i in by_body)} in the body",
                evidence={"summary": rule.quote, "summary_order": by_summary, "body_order": by_body,
                          "inverted_pairs": [list(p) for p in inversions]})


def _short(entry_id: str) -> str:
    return entry_id.rsplit(".", 1)[-1]


# --------------------------------------------------------------------------------------------------
# Printed lists that restate one another: membership and order


_ORDER_COLUMNS = ("step", "order", "number")
_NAME_COLUMNS = ("name", "printed", "action", "entry", "stage", "phase", "what", "type", "cards", "move")


def list_tables(cat: Catalog) -> list[tuple[Any, list[tuple[int, str]]]]:
    """Tables that print an ordered list: an integer step column and a text column."""
    out = []
    for table in cat.tables:
        cols = [c.lower() for c in table.columns]
        order = next((i for i, c in enumerate(cols) if c in _ORDER_COLUMNS), None)
        name = next((i for i, c in enumerate(cols) if c in _NAME_COLUMNS), None)
        if order is None or name is None:
            continue
        rows = [(r[order], str(r[name])) for r in table.rows if isinstance(r[order], int)
                and not isinstance(r[order], bool) and isinstance(r[name], str)]
        lengths = sorted(len(content_words(t)) for _, t in rows)
        if len(rows) >= 3 and len({n for n, _ in rows}) == len(rows) and lengths[len(lengths) // 2] <= 6:
            out.append((table, rows))
    return out


def _item_words(text: str) -> set[str]:
    text = re.sub(r"\(.*?\)", " ", text)      # parenthesised remarks are not part of the item's name
    return set(content_words(text)) - {"step", "phase", "only"}


def _match_score(a: set[str], b: set[str]) -> float:
    if not a or not b:
        return 0.0
    inter = len(a & b)
    return inter / min(len(a), len(b)) + inter / len(a | b) / 10


def match_lists(a: list[tuple[int, str]], b: list[tuple[int, str]]) -> dict[int, list[int]]:
    """Match the items of two printed lists by their words: one-to-one by best score first, then an
    item left over joins an item whose words contain all of its own (one step printed as two)."""
    wa = [_item_words(t) for _, t in a]
    wb = [_item_words(t) for _, t in b]
    pairs = sorted(((_match_score(x, y), i, j) for i, x in enumerate(wa) for j, y in enumerate(wb)),
                   reverse=True)
    used_a: set[int] = set()
    used_b: set[int] = set()
    match: dict[int, list[int]] = defaultdict(list)
    for score, i, j in pairs:
        if score >= 0.5 and i not in used_a and j not in used_b:
            match[i].append(j)
            used_a.add(i)
            used_b.add(j)
    for score, i, j in pairs:
        if score >= 1.0 and (i not in used_a or j not in used_b):
            if j not in match[i]:
                match[i].append(j)
            used_a.add(i)
            used_b.add(j)
    return {i: sorted(js) for i, js in match.items()}


def _same_lists(cat: Catalog) -> Iterable[tuple[Any, list[tuple[int, str]], Any, list[tuple[int, str]],
                                                dict[int, list[int]]]]:
    """Pairs of printed lists that print the same steps (most of their items match by their words), with
    the match of their items (:func:`match_lists`)."""
    tables = list_tables(cat)
    for ti, (ta, rows_a) in enumerate(tables):
        for tb, rows_b in tables[ti + 1:]:
            match = match_lists(rows_a, rows_b)
            if len(match) < 3 or len(match) < min(len(rows_a), len(rows_b)) / 2:
                continue
            yield ta, rows_a, tb, rows_b, match


@detector("list-drift")
def list_drift(cat: Catalog) -> Iterable[Finding]:
    """Two printed lists of the same steps (a body's numbered steps and a reference card's) that name
    different items or take them in another order."""
    for ta, rows_a, tb, rows_b, match in _same_lists(cat):
        matched_b = {j for js in match.values() for j in js}
        only_a = [rows_a[i][1] for i in range(len(rows_a)) if i not in match]
        only_b = [rows_b[j][1] for j in range(len(rows_b)) if j not in matched_b]
        if not (only_a and only_b):
            # One list leaves steps out (a reference card listing only some): not a drift.
            only_a = only_b = []
        seq = [(rows_a[i][0], rows_b[j][0], rows_a[i][1], rows_b[j][1])
               for i, js in sorted(match.items()) for j in js]
        inversions = [(x, y) for k, x in enumerate(seq) for y in seq[k + 1:]
                      if (x[0] - y[0]) * (x[1] - y[1]) < 0]
        subject = f"{ta.id}~{tb.id}"
        base = {"lists": {ta.id: [t for _, t in rows_a], tb.id: [t for _, t in rows_b]},
                "matched": [{"a": x[2], "b": x[3], "a_step": x[0], "b_step": x[1]} for x in seq]}
        if only_a or only_b:
            yield Finding(
                id=f"{cat.game}.list-drift.{_slug(_short(ta.id) + '-' + _short(tb.id))}.items",
                game=cat.game, kind="summary-drift", rules=(ta.id, tb.id),
                summary=f"the lists {ta.id} and {tb.id} print the same steps with different items: "
                        + "; ".join(filter(None, (
                            f"only in {_short(ta.id)}: {', '.join(only_a)}" if only_a else "",
                            f"only in {_short(tb.id)}: {', '.join(only_b)}" if only_b else ""))),
                evidence={**base, "only_in_a": only_a, "only_in_b": only_b, "pair": subject})
        if inversions:
            yield Finding(
                id=f"{cat.game}.list-drift.{_slug(_short(ta.id) + '-' + _short(tb.id))}.order",
                game=cat.game, kind="summary-drift", rules=(ta.id, tb.id),
                summary=f"the lists {ta.id} and {tb.id} take their steps in different orders: "
                        + "; ".join(f"'{x[2]}' is step {x[0]} before '{y[2]}' ({y[0]}) in one, "
                                    f"but {x[1]} after {y[1]} in the other" for x, y in inversions[:3]),
                evidence={**base, "inversions": [[x[2], y[2]] for x, y in inversions]})


@detector("step-names")
def step_names(cat: Catalog) -> Iterable[Finding]:
    """Two printed lists of the same steps that give a step different names (the body's "Search" is the
    Player Reference's "Rotate Search Token"), or print two steps of one as one of the other.

    Worded differently is not named differently: letter case, a parenthesised remark and one leading
    word only one of the two names has (an imperative, "Trigger Tomb Effect" for "Tomb Effect") are
    left aside; what is left must name the same thing in the same words."""
    for ta, rows_a, tb, rows_b, match in _same_lists(cat):
        differ: list[dict[str, Any]] = []
        for i, js in sorted(match.items()):
            for j in js:
                if _names_differ(rows_a[i][1], rows_b[j][1]):
                    differ.append({"a": rows_a[i][1], "b": rows_b[j][1], "a_step": rows_a[i][0],
                                   "b_step": rows_b[j][0]})
        merged = [{"a": [rows_a[i][1] for i in i_s], "b": rows_b[j][1]}
                  for j, i_s in _inverse(match).items() if len(i_s) > 1]
        merged += [{"a": rows_a[i][1], "b": [rows_b[j][1] for j in js]} for i, js in sorted(match.items())
                   if len(js) > 1]
        if not differ:
            continue
        yield Finding(
            id=f"{cat.game}.step-names.{_slug(_short(ta.id) + '-' + _short(tb.id))}",
            game=cat.game, kind="naming", rules=(ta.id, tb.id),
            summary=f"the lists {ta.id} and {tb.id} print the same steps under different names: "
                    + "; ".join(f"step {d['a_step']} '{d['a']}' is step {d['b_step']} '{d['b']}'" for d in differ),
            evidence={"renamed": differ, "merged": merged})


def _step_words(text: str) -> list[str]:
    return content_words(re.sub(r"\(.*?\)", " ", text))


def _names_differ(a: str, b: str) -> bool:
    wa, wb = _step_words(a), _step_words(b)
    if wa == wb:
        return False
    # one leading word only one name has (an imperative: "Perform Upkeep" for "Upkeep")
    return not (wa[1:] == wb and wa[:1] and wa[0] not in wb or wb[1:] == wa and wb[:1] and wb[0] not in wa)


def _inverse(match: dict[int, list[int]]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = defaultdict(list)
    for i, js in sorted(match.items()):
        for j in js:
            out[j].append(i)
    return out



@detector("list-section-order")
def list_section_order(cat: Catalog) -> Iterable[Finding]:
    """A printed list whose items are sections of the rulebook, in another order than the table of
    contents takes them (e.g. a list of the Standard Actions against the sections that explain them)."""
    sections = [(i, s.title) for i, s in enumerate(cat.sections)]
    titles = [_item_words(t) for _, t in sections]
    for table, rows in list_tables(cat):
        pairs = []
        for step, text in rows:
            words = _item_words(text)
            best = max(range(len(titles)), key=lambda j: (len(words & titles[j]) / max(len(words | titles[j]), 1), -j),
                       default=None)
            if best is not None and words and len(words & titles[best]) / len(words | titles[best]) >= 0.67:
                pairs.append((step, best, text, sections[best][1]))
        if len(pairs) < 4 or len(pairs) < 0.6 * len(rows) or len({p[1] for p in pairs}) < len(pairs):
            continue
        inversions = [(x, y) for k, x in enumerate(pairs) for y in pairs[k + 1:] if (x[0] - y[0]) * (x[1] - y[1]) < 0]
        if inversions:
            yield Finding(
                f"{table.id}.section-order", cat.game, "summary-drift", (table.id,),
                f"{table.id} lists {', '.join(repr(p[2]) for p in pairs)}, but the rulebook's sections come in another "
                f"order: " + "; ".join(f"'{x[2]}' before '{y[2]}' in the list, after it in the table of contents"
                                       for x, y in inversions[:3]),
                {"list_order": [p[2] for p in pairs],
                 "section_order": [p[3] for p in sorted(pairs, key=lambda p: p[1])],
                 "inversions": [[x[2], y[2]] for x, y in inversions]},
                severity="note")   # an order of presentation: nothing in play depends on it


# --------------------------------------------------------------------------------------------------
# Tables: intervals that overlap or leave gaps, and numbered levels that skip


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _interval_columns(columns: tuple[str, ...]) -> tuple[int, int] | None:
    cols = [c.lower() for c in columns]

    def find(words: tuple[str, ...]) -> int | None:
        for i, c in enumerate(cols):
            parts = re.split(r"[_\- ]", c)
            if c in words or parts[0] in words or parts[-1] in words:
                return i
        return None

    low = find(("min", "from", "low", "minimum", "lower"))
    high = find(("max", "to", "high", "maximum", "upper"))
    return (low, high) if low is not None and high is not None and low != high else None


def _fmt(x: float) -> str:
    if x == float("inf"):
        return "or more"
    if x == float("-inf"):
        return "or fewer"
    return str(int(x)) if float(x).is_integer() else str(x)


@detector("table-intervals")
def table_intervals(cat: Catalog) -> Iterable[Finding]:
    """Charts with low/high columns (integers, with ``inf``/``-inf`` for open ends) whose intervals
    overlap or leave a gap, checked over the integers; and a level column that does not count up
    by one."""
    for table in cat.tables:
        cols = _interval_columns(table.columns)
        if cols is None:
            continue
        low, high = cols
        rows = [(r[low], r[high], r) for r in table.rows if _is_number(r[low]) and _is_number(r[high])]
        if len(rows) < 2:
            continue
        rows.sort(key=lambda t: (t[0], t[1]))
        for (lo1, hi1, r1), (lo2, hi2, r2) in zip(rows, rows[1:]):
            if lo2 <= hi1:
                both = [_fmt(max(lo1, lo2)), _fmt(min(hi1, hi2))]
                where = both[0] if both[0] == both[1] else f"{both[0]}..{both[1]}"
                yield Finding(
                    f"{table.id}.overlap-{_slug(_fmt(lo2))}", cat.game, "table", (table.id,),
                    f"{table.title}: {where} falls in two rows, {_row_label(table, r1)} and "
                    f"{_row_label(table, r2)}",
                    {"rows": [list(_jsonable(r1)), list(_jsonable(r2))],
                     "overlap": [_json_number(max(lo1, lo2)), _json_number(min(hi1, hi2))]})
            elif _finite(hi1) and _finite(lo2) and lo2 > hi1 + 1:
                yield Finding(
                    f"{table.id}.gap-{_slug(_fmt(hi1 + 1))}", cat.game, "table", (table.id,),
                    f"{table.title}: no row covers {_fmt(hi1 + 1)}..{_fmt(lo2 - 1)}",
                    {"rows": [list(_jsonable(r1)), list(_jsonable(r2))], "gap": [hi1 + 1, lo2 - 1]})
        cols_l = [c.lower() for c in table.columns]
        if "level" in cols_l:
            levels = [r[cols_l.index("level")] for _, _, r in rows]
            if all(isinstance(x, int) for x in levels) and levels != list(range(levels[0], levels[0] + len(levels))):
                yield Finding(
                    f"{table.id}.levels", cat.game, "table", (table.id,),
                    f"{table.title}: the levels do not count up by one in XP order: {levels}",
                    {"levels_in_interval_order": levels})


def _finite(x: Any) -> bool:
    return _is_number(x) and x not in (float("inf"), float("-inf"))


def _json_number(x: Any) -> Any:
    if isinstance(x, float) and not _finite(x):
        return "inf" if x > 0 else "-inf"
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _jsonable(row: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(_fmt(x) if isinstance(x, float) and not _finite(x) else x for x in row)


def _row_label(table: Any, row: tuple[Any, ...]) -> str:
    text = [str(x) for x in row if isinstance(x, str)]
    return "'" + " / ".join(text[:2]) + "'" if text else str(list(_jsonable(row)))


@detector("table-totals")
def table_totals(cat: Catalog) -> Iterable[Finding]:
    """A row whose count is itemised in its text ("21 Tomb Dice (7 Green, 7 Blue, 7 Red)") and whose
    items do not add up to it."""
    for table in cat.tables:
        cols = [c.lower() for c in table.columns]
        if "count" not in cols:
            continue
        count = cols.index("count")
        for row in table.rows:
            if not isinstance(row[count], int) or isinstance(row[count], bool):
                continue
            for i, cell in enumerate(row):
                if i == count or not isinstance(cell, str):
                    continue
                parts = re.findall(r"(\d+)\s+[A-Za-z]", cell)
                if len(parts) >= 2 and re.fullmatch(r"\s*\d+\s+[\w ]+(?:,\s*\d+\s+[\w ]+)+\s*", cell):
                    total = sum(map(int, parts))
                    if total != row[count]:
                        yield Finding(
                            f"{table.id}.total-{_slug(str(row[0]))}", cat.game, "table", (table.id,),
                            f"{table.title}: {row[0]} counts {row[count]}, but its parts ({cell}) add up to {total}",
                            {"row": list(row), "parts_total": total})


# --------------------------------------------------------------------------------------------------
# Naming: one thing spelled two ways


_ABBR = r"(?:St|Dr|Prof|Mr|Mrs|Ms|Jr|Sr|[A-Z])\."
_WORD = r"(?:[A-Z][a-z]*[A-Z]?[a-z]*(?:['’][A-Za-z]+)?(?:-[A-Z][A-Za-z]*)*)"
_TOKEN = rf"(?:{_ABBR}|{_WORD})"
_LINKS = frozenset({"of", "the", "de", "du", "von", "van"})
_CONNECT = r"(?:[ ]+(?:of|the|de|du|von|van)[ ]+|[ ]+|/)"
_NAME = re.compile(rf"(?<![\w'’.-]){_TOKEN}(?:{_CONNECT}{_TOKEN})*")
_LEADING = frozenset(
    "a an the if see all each when because this that these those then there once during whenever after "
    "before it its and or but no not any some every in on at for to from with while as unless only also "
    "both your you his her their our they he she we i note example remember important however therefore "
    "otherwise instead".split())
_ROMAN = re.compile(r"^[IVXLC]+$")


def rulebook_lines(cat: Catalog) -> list[str]:
    """The rulebook's lines without the text of its non-normative sections (credits, backstories,
    flavour: a spelling there is no rules defect), or (when the rulebook is absent) the catalog's quotes."""
    from tombspec.spec.rulebooks import rulebooks_dir

    folder = rulebooks_dir()
    path = folder / cat.rulebook if folder is not None else None
    if path is None or not path.is_file():
        return [e.quote for e in quoted_entries(cat)]
    lines = path.read_text(encoding="utf-8").splitlines()
    titles = [s.title for s in cat.sections]
    credits = [s.title for s in cat.sections if not s.normative or "credits" in s.title.lower()]
    out: list[str] = []
    skipping = False
    for line in lines:
        stripped = line.strip()
        if stripped in credits:
            skipping = True
        elif stripped in titles:
            skipping = False
        if not skipping:
            out.append(line)
    return out


def name_occurrences(lines: Iterable[str]) -> Counter[tuple[str, ...]]:
    """Maximal runs of capitalised words on one line (a heading or a name), leading sentence words,
    single letters and Roman numerals left out."""
    out: Counter[tuple[str, ...]] = Counter()
    for line in lines:
        for m in _NAME.finditer(line):
            toks = [t for t in re.split(r"[ ]+|(?<=\w)/(?=\w)", m.group(0)) if t]
            starts_sentence = not line[:m.start()].strip() or re.search(r"[.!?:;—]\s*$", line[:m.start()])
            if starts_sentence and len(toks) > 2 and toks[1].lower() in _LINKS:
                toks = toks[2:]     # "Read the Scenario ...": a sentence's verb, not part of the name
            while toks and (toks[0].lower() in _LEADING or len(toks[0]) == 1 or toks[0].lower() in _LINKS):
                toks = toks[1:]
            while toks and toks[-1].lower() in _LINKS:
                toks = toks[:-1]
            toks = [t for t in toks if not _ROMAN.match(t.rstrip("."))]
            if toks:
                out[tuple(toks)] += 1
    return out


def _sub_names(maximal: Counter[tuple[str, ...]]) -> Counter[str]:
    out: Counter[str] = Counter()
    for toks, n in maximal.items():
        for i in range(len(toks)):
            if toks[i].lower() in _LINKS:
                continue
            for j in range(i + 1, min(len(toks), i + 4) + 1):
                if toks[j - 1].lower() not in _LINKS:
                    out[" ".join(toks[i:j])] += n
    return out


def _name_words(term: str) -> tuple[str, ...]:
    words = []
    for w in term.split():
        w = re.sub(r"['’]s$", "", w)
        w = re.sub(r"[^a-z]", "", w.lower())
        if w and w not in _LINKS:
            words.append(w)
    return tuple(words)


def _one_transposition(a: str, b: str) -> bool:
    if len(a) != len(b) or a == b:
        return False
    d = [i for i in range(len(a)) if a[i] != b[i]]
    return len(d) == 2 and d[1] == d[0] + 1 and a[d[0]] == b[d[1]] and a[d[1]] == b[d[0]]


def _undoubled(word: str) -> str:
    return re.sub(r"(.)\1+", r"\1", word)


def _title_case_shouting(term: str) -> str:
    return " ".join(w.capitalize() if w.isupper() and len(w) > 1 else w for w in term.split())


def spelling_variants(lines: list[str]) -> list[tuple[str, list[str]]]:
    """``(how, [spellings])`` for every name the lines spell two ways.

    * spacing, case or punctuation: the same letters ("Mine Shaft"/"Mineshaft", "DuPont"/"Dupont",
      "St. George"/"St George"); capitals of a shouted word or an 's (a possessive: "Tomb's
      Entrance"/"Tomb Entrance") do not count; both spellings must be printed as whole
      names (not as pieces of longer ones);
    * doubled letters: the same word but for a doubled letter ("Forrestal"/"Forestall");
    * transposed letters: two neighbouring letters swapped ("Pharaoh"/"Pharoah");
    * word order: the same words in another order ("Scenario Triggered Effects"/"Triggered Scenario
      Effects"), both printed as whole names.

    Pairs of ordinary words (both spellings also printed in lower case) are left out.
    """
    maximal = name_occurrences(lines)
    whole = Counter({" ".join(t): n for t, n in maximal.items()})
    names = _sub_names(maximal)
    lower = {w.lower() for line in lines for w in re.findall(r"(?<![A-Za-z])[a-z][a-z'’-]+", line)}
    found: list[tuple[str, list[str]]] = []
    reported: set[Any] = set()

    def report(how: str, spellings: list[str], key: Any) -> None:
        if key not in reported:
            reported.add(key)
            found.append((how, sorted(spellings)))

    # Spacing, case or punctuation: whole names with the same letters.
    by_letters: dict[str, set[str]] = defaultdict(set)
    for term in whole:
        words = _name_words(term)
        if sum(map(len, words)) >= 5:
            by_letters["".join(words)].add(re.sub(r"['’]s$", "", term).rstrip("."))
    for letters, terms in sorted(by_letters.items(), key=lambda kv: len(kv[0])):
        spellings = sorted({_title_case_shouting(t) for t in terms})
        if len({re.sub(r"['’]s\b", "", sp) for sp in spellings}) == 1:
            continue   # "Tomb's Entrance" / "Tomb Entrance": a possessive, the same name
        if len(spellings) > 1:
            # A longer name whose difference is already reported through a shorter one adds nothing.
            if any(how == "spacing, case or punctuation" and all(any(o in sp for sp in spellings) for o in other)
                   for how, other in found):
                continue
            report("spacing, case or punctuation", spellings, ("letters", letters))

    # Doubled and transposed letters: any name or piece of one, reported once per pair of words.
    by_count: dict[int, dict[tuple[str, ...], str]] = defaultdict(dict)
    for term in sorted(names, key=lambda t: (len(t), -names[t], t)):
        words = _name_words(term)
        if words:
            by_count[len(words)].setdefault(words, term)
    for _, uniq in sorted(by_count.items()):
        undoubled: dict[tuple[str, ...], list[tuple[str, ...]]] = defaultdict(list)
        by_shape: dict[tuple[int, ...], list[tuple[str, ...]]] = defaultdict(list)
        for words in uniq:
            undoubled[tuple(_undoubled(w) for w in words)].append(words)
            by_shape[tuple(map(len, words))].append(words)
        for group in undoubled.values():
            for i, a in enumerate(group):
                for b in group[i + 1:]:
                    diff = tuple(sorted((x, y) for x, y in zip(a, b) if x != y))
                    if diff and all(len(x) >= 4 and not (x in lower and y in lower) for x, y in diff):
                        report("doubled letters", [uniq[a], uniq[b]], ("diff", diff))
        for group in by_shape.values():
            for i, a in enumerate(group):
                for b in group[i + 1:]:
                    diff = tuple(sorted((x, y) for x, y in zip(a, b) if x != y))
                    if len(diff) == 1 and len(diff[0][0]) >= 5 and not (diff[0][0] in lower and diff[0][1] in lower) \
                            and (_one_transposition(*diff[0]) or _one_transposition(*map(_undoubled, diff[0]))):
                        report("transposed letters", [uniq[a], uniq[b]], ("diff", diff))

    # A plural inside a name ("Traps Cards" / "Trap Cards"): whole names, a word before the last one.
    by_singular: dict[tuple[str, ...], dict[tuple[str, ...], str]] = defaultdict(dict)
    for term in whole:
        words = _name_words(term)
        if len(words) >= 2 and not any(w.lower() in _LINKS for w in term.split()):
            by_singular[tuple(w.rstrip("s") for w in words[:-1]) + words[-1:]].setdefault(words, term)
    for key, forms in sorted(by_singular.items()):
        if len(forms) > 1:
            report("plural inside the name", sorted(forms.values()), ("plural", key))

    # Word order: whole names with the same words.
    by_words: dict[tuple[str, ...], dict[tuple[str, ...], str]] = defaultdict(dict)
    for term in whole:
        words = _name_words(term)
        if len(words) >= 2 and len(set(words)) == len(words):
            by_words[tuple(sorted(words))].setdefault(words, term)
    for key, orders in sorted(by_words.items()):
        if len(orders) > 1:
            report("word order", sorted(orders.values()), ("order", key))
    return found


def _entries_naming(cat: Catalog, name: str, limit: int = 3) -> list[str]:
    """Entries whose quote prints ``name`` (its words separated by spaces or a slash)."""
    words = [re.escape(w) for w in name.split()]
    rx = re.compile(r"(?<![\w])" + r"[\s/]+".join(words) + r"(?![\w])")
    return [e.id for e in quoted_entries(cat) if rx.search(e.quote)][:limit]


@detector("naming")
def near_duplicate_names(cat: Catalog) -> Iterable[Finding]:
    """Names of the rulebook spelled two ways (see :func:`spelling_variants`), each spelling cited by
    the catalog entries that quote it.  The text of non-normative sections (backstories, credits) is
    not read, but the names of the catalog's components are (an adventurer's name printed only over
    its backstory is still the name the rules must use)."""
    lines = rulebook_lines(cat) + [n for c in cat.components for n in (c.name, *c.aliases)]
    counts = _sub_names(name_occurrences(lines))
    for how, spellings in spelling_variants(lines):
        cited = {s: _entries_naming(cat, s) for s in spellings}
        rules = tuple(dict.fromkeys(r for s in spellings for r in cited[s]))
        if not rules:
            continue
        rare = min(spellings, key=lambda s: (counts.get(s, 0), s))
        yield Finding(
            f"{cat.game}.naming.{_slug(rare)}", cat.game, "naming", rules,
            " and ".join(f"'{s}' ({counts.get(s, 0)}x)" for s in spellings)
            + f" look like one name spelled two ways ({how})",
            {"spellings": {s: counts.get(s, 0) for s in spellings}, "difference": how,
             "quoted_by": cited})


# --------------------------------------------------------------------------------------------------
# Cross-references to sections or pages the rulebook does not have


_REFERENCE = re.compile(
    r"(?:\(see|\bsee|\brefer to|explained (?:fully |in depth |in greater detail )?(?:in|under)|"
    r"\bdetailed in|\bunder)\s+(?:the\s+)?"
    r"(?P<target>[A-Z][\w'’]*(?:[ /](?:and|of|the|a|an|to|with|for|vs\.|versus|[A-Z][\w'’]*))*)")


def _title_key(title: str) -> frozenset[str]:
    return frozenset(stem(w) for w in re.findall(r"[A-Za-z]+", title)
                     if w.lower() not in _STOPWORDS and w.lower() != "the")


def _headings(cat: Catalog) -> dict[frozenset[str], str]:
    """Every title the rulebook prints on a line of its own: the table of contents' and any
    sub-heading ("Anatomy of a Room Tile", "2. Lose Courage").  The sub-headings a rule refers to are
    also listed in the catalog (a section's ``headings``), so that without the rulebook text the check
    finds them all the same."""
    out = {_title_key(s.title): s.title for s in cat.sections}
    for section in cat.sections:
        for heading in section.headings:
            out.setdefault(_title_key(heading), heading)
    for line in rulebook_lines(cat):
        text = re.sub(r"^\s*(?:\d+\.|[•*-])?\s*", "", line).strip()
        if text and len(text) <= 60 and text[0].isupper() and not text.endswith((".", ",", ";")):
            out.setdefault(_title_key(text), text)
    return {k: v for k, v in out.items() if k}


@detector("dangling-references")
def dangling_references(cat: Catalog) -> Iterable[Finding]:
    """"See X", "explained under X": a named section or heading the rulebook does not have (an error of
    the rulebook).  A "see page N" is not reported: the texts are transcriptions without pages, and the
    printed book has them."""
    headings = _headings(cat)
    section_words = set().union(*(_title_key(s.title) for s in cat.sections)) if cat.sections else set()
    names = {_title_key(c.name) for c in cat.components} | {_title_key(a) for c in cat.components
                                                            for a in c.aliases}
    for rule in cat.rules:
        for m in _REFERENCE.finditer(rule.quote):
            target = re.sub(r"(?:\s+(?:and|of|the|a|an|to|with|for))+$", "", m.group("target").strip().rstrip(".,;)"))
            for part in (p.strip() for p in target.split("/") if p.strip()):
                key = _title_key(part)
                if not key or key in headings or key in names or not (key & section_words):
                    continue
                if any(key < k and len(key) >= 2 for k in headings):
                    continue
                sections = {_title_key(s.title) for s in cat.sections}
                near = sorted(headings, key=lambda k: (-len(k & key), k not in sections, headings[k]))
                yield Finding(
                    f"{rule.id}.reference-{_slug(part)}", cat.game, "gap", (rule.id,),
                    f"{rule.id} refers to '{part}', which is not a section or heading of the rulebook"
                    + (f" (nearest: '{headings[near[0]]}')" if near and near[0] & key else ""),
                    {"reference": m.group(0), "target": part,
                     "nearest_headings": [headings[k] for k in near[:3] if k & key]}, severity="error")


# --------------------------------------------------------------------------------------------------
# Components the contents list but no rule uses


_GENERIC_PARTS = frozenset(
    "card cards deck token tokens die dice board boards piece pieces game double sided plastic top bottom this "
    "rulebook bag storage zip lock box stand stands standee standees clear red silver gold set coin coins "
    "rectangular tile tiles marker markers".split())


def contents_tables(cat: Catalog) -> list[tuple[Any, int]]:
    """Tables printing the box contents: ``(table, index of the name column)``."""
    out = []
    for table in cat.tables:
        if not re.search(r"content|component", table.id + " " + table.title, re.I):
            continue
        cols = [c.lower() for c in table.columns]
        name = next((i for i, c in enumerate(cols) if c in ("component", "coin", "name")), None)
        if name is not None and "count" in cols:
            out.append((table, name))
    return out


def _word_keys(text: str) -> set[str]:
    return {w.lower().rstrip("s")[:4] for w in re.findall(r"[A-Za-z]{2,}", text)}


@detector("unused-components")
def unused_components(cat: Catalog) -> Iterable[Finding]:
    """A component of the contents list that no rule speaks of: a distinctive word of its name that no
    other quote uses ("Elder Sign"), or, for a name printed as "Wound/Tomb Token", an alternative
    ("Tomb Token") no rule names."""
    tables = contents_tables(cat)
    listing = {t.id for t, _ in tables}
    others = [e for e in quoted_entries(cat) if e.id not in listing
              and e.id.split(".")[1] not in ("components", "contents", "component")]
    words = set().union(*(_word_keys(e.quote) for e in others)) if others else set()
    text = " ".join(e.quote for e in others)
    for table, col in tables:
        for row in table.rows:
            printed = str(row[col])
            name = re.sub(r"\(.*?\)", "", printed).strip()
            extra = " ".join(str(x) for c, x in zip(table.columns, row)
                             if c.lower() in ("represents", "detail", "note", "use") and isinstance(x, str))
            if extra and _word_keys(extra) & words:
                continue
            distinctive = [w for w in re.findall(r"[A-Za-z]{2,}", name) if w.lower() not in _GENERIC_PARTS
                           and w.lower() not in _STOPWORDS]
            missing = [w for w in distinctive if w.lower().rstrip("s")[:4] not in words]
            alternatives = []
            if "/" in name:
                head, _, tail = name.rpartition(" ")
                for alt in head.split("/"):
                    phrase = f"{alt} {tail.rstrip('s')}"
                    if not re.search(rf"\b{re.escape(phrase)}s?\b", text, re.I):
                        alternatives.append(phrase)
            if not missing and not alternatives:
                continue
            why = (f"no rule uses the word{'s' if len(missing) > 1 else ''} {', '.join(repr(w) for w in missing)}"
                   if missing else f"no rule names a {' or '.join(repr(a) for a in alternatives)}")
            yield Finding(
                f"{table.id}.unused-{_slug(printed)}", cat.game, "gap", (table.id,),
                f"the contents list {row[col]!r}, but {why}: the rules never say what it is for, or call it "
                f"something else",
                {"component": printed, "unused_words": missing, "unnamed_alternatives": alternatives})


_NAME_WORDS = r"[A-Z][\w'’]*(?:\s+[A-Z][\w'’]*)*"
_TOKEN_NAMES = re.compile(
    rf"(?P<list>{_NAME_WORDS}(?:,\s+{_NAME_WORDS})*,?\s+and\s+{_NAME_WORDS}|{_NAME_WORDS})\s+tokens?\b")


@detector("unlisted-components")
def unlisted_components(cat: Catalog) -> Iterable[Finding]:
    """Tokens the rules use by a name the contents list has no component for ("set aside the Quest,
    Health, and Attribute Bonus tokens" against a list with no Health or Attribute Bonus tokens)."""
    tables = contents_tables(cat)
    if not tables:
        return
    listed = []
    for table, col in tables:
        cols = [c.lower() for c in table.columns]
        group = cols.index("group") if "group" in cols else None
        for row in table.rows:
            if group is None or "token" in str(row[group]).lower():
                listed.append(_word_keys(re.sub(r"\(.*?\)", "", str(row[col]))))
    listed += [_word_keys(c.name) | set().union(*(_word_keys(a) for a in c.aliases))
               for c in cat.components if "token" in c.kind.lower()]
    seen: dict[str, list[str]] = {}
    for rule in cat.rules:
        for m in _TOKEN_NAMES.finditer(rule.quote):
            names = [n.strip() for n in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("list")) if n.strip()]
            if re.search(r"(?:^|[.!?:•]\s*)$", rule.quote[:m.start()]):
                # The first word starts a sentence: it is capitalised for that, not as part of a name.
                first = names[0].split(None, 1)
                names[0] = first[1] if len(first) > 1 else ""
            for name in filter(None, names):
                keys = _word_keys(name)
                if not keys or name.lower() in _STOPWORDS or any(keys <= entry for entry in listed):
                    continue
                seen.setdefault(name, []).append(rule.id)
    for name, rules in seen.items():
        yield Finding(
            f"{cat.game}.components.unlisted-{_slug(name)}-tokens", cat.game, "gap", tuple(dict.fromkeys(rules))[:4],
            f"the rules use '{name}' tokens, but the components list none by that name",
            {"name": f"{name} tokens", "rules": rules, "contents": [t.id for t, _ in tables]})


# --------------------------------------------------------------------------------------------------
# A universal frequency limit against a rule that allows more


_ONCE_UNIVERSAL = re.compile(r"\b(?:all|every|each)\s+(?P<noun>[a-z]+)\s+(?:are|is|may only be used|may be used)?\s*"
                             r"(?:only\s+)?once\s+per\s+(?P<span>turn|round|game)\b", re.I)
_ANY_NUMBER = re.compile(r"\bany number of times\b|\bunlimited number of times\b", re.I)


@detector("frequency-conflicts")
def frequency_conflicts(cat: Catalog) -> Iterable[Finding]:
    """"ALL ACTIONS ARE ONCE PER TURN" in one rule, "any number of times per turn" for an action in
    another: the universal limit and the rule cannot both hold."""
    for rule in cat.rules:
        m = _ONCE_UNIVERSAL.search(rule.quote)
        if not m:
            continue
        noun = stem(m.group("noun"))
        span = m.group("span").lower()
        for other in cat.rules:
            if other.id == rule.id or not _ANY_NUMBER.search(other.quote):
                continue
            text = other.quote
            is_such = stem(other.kind) == noun or noun in {stem(w) for w in re.findall(r"[A-Za-z]+", other.title)} \
                or re.search(r"—\s*(?:Free|Turn|Battle|React)\s*:", text) is not None and noun == "action"
            if not is_such or span not in text.lower():
                continue
            yield Finding(
                f"{rule.id}.against-{_short(other.id)}", cat.game, "contradiction", (rule.id, other.id),
                f"{rule.id} limits every {m.group('noun').lower().rstrip('s')} to once per {span}, but "
                f"{other.id} allows '{_ANY_NUMBER.search(text).group(0)}' per {span}",
                {"universal": rule.quote, "exception": text})


# --------------------------------------------------------------------------------------------------
# The same rule restated in another game's catalog with other numbers


@detector("same-as-drift")
def same_as_drift(cat: Catalog) -> Iterable[Finding]:
    """A rule marked ``same_as`` a rule of another catalog (restating it the same way) states numbers
    the other does not, or the reverse."""
    from tombspec.spec import catalog_games, load_catalog

    for rule in cat.rules:
        if not rule.same_as:
            continue
        game = rule.same_as.split(".", 1)[0]
        if game == cat.game or game not in catalog_games():
            continue
        other = load_catalog(game)
        if rule.same_as not in other:
            continue
        there = other.get(rule.same_as)
        mine, theirs = stated_numbers(rule.quote) - {"1"}, stated_numbers(there.quote) - {"1"}
        if mine - theirs and theirs - mine:
            yield Finding(
                f"{rule.id}.same-as-numbers", cat.game, "contradiction", (rule.id,),
                f"{rule.id} is marked the same as {rule.same_as}, but states "
                f"{', '.join(sorted(mine - theirs))} where it states {', '.join(sorted(theirs - mine))}",
                {"this": rule.quote, "other": there.quote, "other_id": rule.same_as})

