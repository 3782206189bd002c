"""Checks a catalog against its rulebook: quotes verbatim, table of contents accounted for.

``python -m tombspec.spec.lint spec/secrets.toml`` prints every problem (quotes not in the rulebook,
sections against its contents, quotes that start or end inside a sentence) (file:line: entry: problem)
and exits 1 if there is one, 2 if the file cannot be loaded at all.  The tests run the same checks.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from .catalog import Catalog, load_catalog_file
from .errors import InvalidInput
from .inputs import plain_name, read_text
from .rulebooks import find_quote, normalise, rulebook_text, rulebooks_dir, word_lines


def table_of_contents(raw_text: str) -> list[tuple[int, str]]:
    """The rulebook's own table of contents: ``(depth, title)`` pairs, in order.

    The texts print it after the heading "Table of Contents" as bullet lines ("• Title"), nested
    entries indented by two spaces per level; it ends at the first non-bullet line after them.
    """
    lines = raw_text.splitlines()
    out: list[tuple[int, str]] = []
    started = False
    for line in lines:
        m = re.match(r"^( *)• (.+?)\s*$", line)
        if m:
            started = True
            out.append((len(m.group(1)) // 2, m.group(2)))
        elif started and line.strip():
            break
    return out


def raw_rulebook(filename: str) -> str | None:
    folder = rulebooks_dir()
    if folder is None:
        return None
    plain_name(filename, source=str(folder), what="a rulebook")   # never a path out of the folder
    if not (folder / filename).is_file():
        return None
    return read_text(folder / filename)


def quote_problems(catalog: Catalog) -> list[str]:
    """Every quote (rules, tables, components, section titles) not found in the rulebook."""
    text = rulebook_text(catalog.rulebook)
    if text is None:
        return []
    problems = []
    for entry_id, quote in catalog.quoted():
        if find_quote(quote, text) < 0:
            problems.append(f"{entry_id}: quote not found in {catalog.rulebook}: {quote[:80]!r}")
    return problems


#: What a sentence (or a quoted passage) may end with.
_SENTENCE_END = tuple('.!?:;"”)\'’')
#: What may come right before a quote that starts a sentence: an end of sentence, a bullet, a list number.
_BEFORE_START = re.compile(r"(?:[.!?:;\"”)’•]|(?:^|\s)(?:\d+\.|[A-Za-z]\.|[ivx]+\.|\*))$")


def sentence_problems(catalog: Catalog) -> list[str]:
    """Rule quotes that start or end inside a sentence of the rulebook, or begin with a sub-heading
    (a short line without a full stop, printed above the passage).  A rule marked ``excerpt = true``
    is a deliberate excerpt (a list, a chart, one half of a sentence that states two rules) and is
    not reported.  Only when the rulebook is present."""
    text = rulebook_text(catalog.rulebook)
    words = word_lines(catalog.rulebook)
    if text is None or words is None:
        return []
    import bisect

    offsets, lines, raw = words
    problems = []
    for rule in catalog.rules:
        if rule.excerpt:
            continue
        quote = normalise(rule.quote)
        at = find_quote(quote, text)
        if at < 0 or not quote:
            continue   # quote_problems reports it
        first = bisect.bisect_right(offsets, at) - 1
        last = bisect.bisect_right(offsets, at + len(quote) - 1) - 1
        starts_line = first == 0 or lines[first - 1] != lines[first]
        ends_line = last == len(offsets) - 1 or lines[last + 1] != lines[last]
        before, after = text[:at].rstrip(), text[at + len(quote):].lstrip()
        found = []
        if not starts_line and before and not _BEFORE_START.search(before):
            found.append("starts inside a sentence")
        if (not ends_line and not quote.endswith(_SENTENCE_END) and not after.startswith("•")) \
                or quote.endswith((",", " and", " or")):
            found.append("ends inside a sentence")
        heading = raw[lines[first] - 1].strip()
        if lines[last] > lines[first] and starts_line and len(heading) <= 60 \
                and not heading.endswith(_SENTENCE_END) and not heading.startswith("•"):
            found.append(f"begins with the sub-heading {heading!r}")
        problems.extend(f"{rule.id}: quote {p} (mend it, or mark a deliberate excerpt with excerpt = true)"
                        for p in found)
    return problems


def toc_problems(catalog: Catalog) -> list[str]:
    """The catalog's sections must be the rulebook's table of contents, in order, with nesting."""
    raw = raw_rulebook(catalog.rulebook)
    if raw is None:
        return []
    toc = table_of_contents(raw)
    depth = {}
    for s in catalog.sections:
        depth[s.id] = 0 if not s.parent else depth[s.parent] + 1
    listed = [(depth[s.id], s.title) for s in catalog.sections]
    problems = []
    for i, (want, got) in enumerate(zip(toc, listed)):
        if want != got:
            problems.append(f"section {i + 1}: the rulebook's contents has {want}, the catalog {got}")
            break
    if len(toc) != len(listed):
        problems.append(f"the rulebook's contents has {len(toc)} entries, the catalog {len(listed)} "
                        "sections (list every entry, marking non-normative ones)")
    lines = {line.strip() for line in raw.splitlines()}
    for s in catalog.sections:
        problems += [f"section {s.id}: the heading {h!r} is not printed on a line of its own in the rulebook"
                     for h in s.headings if h not in lines]
    return problems


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print("usage: python -m tombspec.spec.lint CATALOG.toml...", file=sys.stderr)
        return 2
    worst = 0
    for arg in argv:
        try:
            catalog = load_catalog_file(Path(arg))
        except InvalidInput as exc:
            print(exc, file=sys.stderr)
            worst = 2
            continue
        if rulebook_text(catalog.rulebook) is None:
            print(f"{arg}: rulebook {catalog.rulebook} not found; quotes not checked", file=sys.stderr)
        problems = quote_problems(catalog) + toc_problems(catalog) + sentence_problems(catalog)
        for p in problems:
            print(f"{arg}: {p}")
        counts = (f"{len(catalog.rules)} rules, {len(catalog.tables)} tables, "
                  f"{len(catalog.components)} components, {len(catalog.ambiguities)} ambiguities")
        print(f"{arg}: {counts}; {len(problems)} problem(s)")
        if problems:
            worst = max(worst, 1)
    return worst


if __name__ == "__main__":
    sys.exit(main())
