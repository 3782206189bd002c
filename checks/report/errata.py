"""``tombspec errata GAME``: the rules editor's document, one a publisher can act on.

In the rulebook's section order: a one-line index of every finding (severity, title, section, line);
then each error and contradiction with the passages quoted (and their lines) and the proposed
correction the catalog records beside it (findings one rewrite settles, a ``group``, shown as one); then
the open questions, grouped by section, each with its question and its readings in plain words.  No
model vocabulary: the model's defaults, options and code paths belong to the implementer's pages
(``tombspec explain``, the docs); what the rulebook's own text answers is left out (``tombspec check``
lists those notes).

It needs neither proofs nor explorations: the catalogs, the detectors over them and the rulebook text
(for line numbers, where present), so it answers in seconds.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from tombspec.spec import Catalog

from .editor import Entry

#: what the errata prints, gravest first; notes are left to ``tombspec check``
SHOWN = ("error", "contradiction", "open-question")
LABELS = {"error": "error", "contradiction": "contradiction", "open-question": "open question"}


def findings_only(games: Sequence[str]) -> tuple[dict[str, Catalog], list[Entry]]:
    """The catalogs of ``games`` and their findings as the editor reads them, with no proof or
    exploration run (what ``check --severity/--kind/--rule`` and the errata need)."""
    from tombspec.model.ruleset import registered_games
    from tombspec.spec import load_all

    from ..findings import run_detectors
    from ..games import catalog_findings, model_findings
    from .editor import editor_findings

    catalogs = {g: c for g, c in load_all().items() if g in games}
    findings = list(run_detectors(catalogs))
    for g, cat in catalogs.items():
        findings.extend(catalog_findings(cat))
        if g in registered_games():
            findings.extend(model_findings(cat))
    return catalogs, editor_findings(findings, catalogs)


def _place(cat: Catalog, e: Entry) -> tuple[int, int, str, int | None]:
    """Where a finding sits in the rulebook: (section index, line, section title, line or None), those of
    the passage at fault (the catalog's ``at``, else the first rule it cites that quotes the rulebook), not
    the earliest passage it cites: an editor following the index lands on the faulty text."""
    sections = {s.id: i for i, s in enumerate(cat.sections)}
    quoted = [q for q in e.quotes if not q.get("see") and q.get("section")]
    if not quoted:
        return (len(sections), 10**9, "", None)
    q = next((q for q in quoted if q["rule"] == e.at), quoted[0])
    return (sections.get(q["section"], len(sections)), q.get("line") or 10**8, q.get("section_title") or "",
            q.get("line"))


def build(game: str, catalogs: dict[str, Catalog] | None = None,
          entries: Sequence[Entry] | None = None) -> dict[str, Any]:
    """The errata of ``game`` as data (``--json``)."""
    if catalogs is None or entries is None:
        catalogs, entries = findings_only([game])
    cat = catalogs[game]
    mine = [e for e in entries if e.game == game and e.severity in SHOWN]
    placed = sorted(mine, key=lambda e: (_place(cat, e)[:2], SHOWN.index(e.severity), e.id))

    def passages(e: Entry) -> list[dict[str, Any]]:
        return [{"rule": q["rule"], "section": q.get("section_title"), "line": q.get("line"), "quote": q["quote"]}
                for q in e.quotes if q.get("quote")]

    index = [{"id": e.id, "severity": e.severity, "title": e.title, "section": _place(cat, e)[2],
              "section_index": _place(cat, e)[0], "line": _place(cat, e)[3], "at": e.at or None,
              "group": e.group or None}
             for e in placed]
    # the index a person reads: every error and contradiction on a line of its own, the open questions a
    # line per section (their count and lines): so that it fits on two screens even for Secrets
    summary: list[dict[str, Any]] = []
    for item in index:
        if item["severity"] != "open-question":
            summary.append(dict(item))
        elif summary and summary[-1].get("questions") is not None and summary[-1]["section"] == item["section"]:
            summary[-1]["questions"] += 1
            summary[-1]["lines"].append(item["line"])
        else:
            summary.append({"severity": "open-question", "section": item["section"], "questions": 1,
                            "lines": [item["line"]], "id": f"questions-{len(summary)}"})
    rewrites: list[dict[str, Any]] = []
    by_group: dict[str, dict[str, Any]] = {}
    for e in placed:
        if e.severity not in ("error", "contradiction"):
            continue
        item = {"id": e.id, "severity": e.severity, "title": e.title, "question": e.question or e.summary,
                "section": _place(cat, e)[2], "line": _place(cat, e)[3], "passages": passages(e)}
        if e.group:
            if e.group not in by_group:
                by_group[e.group] = {"group": e.group, "findings": [], "corrections": []}
                rewrites.append(by_group[e.group])
            block = by_group[e.group]
            block["findings"].append(item)
            if e.correction and e.correction not in block["corrections"]:
                block["corrections"].append(e.correction)
        else:
            rewrites.append({"group": None, "findings": [item], "corrections": [e.correction] if e.correction else []})
    questions: list[dict[str, Any]] = []
    for e in placed:
        if e.severity != "open-question":
            continue
        section = _place(cat, e)[2] or "(no section)"
        if not questions or questions[-1]["section"] != section:
            questions.append({"section": section, "questions": []})
        questions[-1]["questions"].append({
            "id": e.id, "title": e.title, "question": e.question or e.summary, "line": _place(cat, e)[3],
            "readings": [r["text"] for r in e.readings], "passages": passages(e)})
    counts = {s: sum(e.severity == s for e in mine) for s in SHOWN}
    return {"game": game, "title": cat.title, "rulebook": cat.rulebook, "counts": counts, "index": index,
            "index_summary": summary,
            "rewrites": rewrites, "open_questions": questions,
            "missing_corrections": [f["id"] for r in rewrites if not r["corrections"] for f in r["findings"]]}


# Markdown --------------------------------------------------------------------------------------------


def _line(n: int | None) -> str:
    return f"line {n}" if n else "line unknown (rulebook absent)"


def _lines(ns: list[int | None]) -> str:
    known = sorted(n for n in ns if n)
    if not known:
        return ""
    return f"line {known[0]}" if known[0] == known[-1] else f"lines {known[0]}-{known[-1]}"


def _index_line(item: dict[str, Any]) -> str:
    if item.get("questions") is not None:
        where = _lines(item["lines"])
        return (f"**{item['questions']} open question{'s' if item['questions'] > 1 else ''}** in "
                f"{item['section'] or '(no section)'}" + (f" ({where})" if where else ""))
    where = ", ".join(x for x in (item["section"], _line(item["line"]) if item["line"] else "") if x)
    return f"**{LABELS[item['severity']]}**: {item['title']} ({where})"


def to_markdown(data: dict[str, Any]) -> str:
    c = data["counts"]
    out = [f"# Errata: {data['title']}\n",
           f"From the rulebook `{data['rulebook']}`: {c['error']} error(s), {c['contradiction']} contradiction(s) "
           f"and {c['open-question']} open question(s), in the rulebook's order. Each error and contradiction "
           "quotes the passages at fault and proposes wording to print; each open question says what the text "
           "leaves undecided and the readings it allows. (Generated by tombspec; what the text itself answers "
           "is not listed.)\n",
           "## Index\n",
           "Every error and contradiction, then the open questions of each section, in the rulebook's order.\n"]
    for item in data["index_summary"]:
        out.append("- " + _index_line(item))
    out.append("")
    if data["rewrites"]:
        out.append("## Errors and contradictions, with proposed corrections\n")
    for block in data["rewrites"]:
        first = block["findings"][0]
        if block["group"]:
            out.append(f"### One rewrite: {', '.join(f['title'] for f in block['findings'])}\n")
        else:
            out.append(f"### {LABELS[first['severity']].capitalize()}: {first['title']}\n")
        for f in block["findings"]:
            if block["group"]:
                out.append(f"**{LABELS[f['severity']]}: {f['title']}**\n")
            out.append(f"{f['question']}\n")
            for p in f["passages"]:
                out.append(f"> {p['quote']}\n>\n> — {p['section'] or ''}, {_line(p['line'])}\n")
        if block["corrections"]:
            out.append("**Proposed correction:**\n")
            for text in block["corrections"]:
                out.append("> " + text.replace("\n", "\n> ") + "\n")
        else:
            out.append("**Proposed correction:** none recorded yet.\n")
    if data["open_questions"]:
        out.append("## Open questions, by section\n")
    for group in data["open_questions"]:
        out.append(f"### {group['section']}\n")
        for q in group["questions"]:
            out.append(f"- **{q['title']}** ({_line(q['line'])}). {q['question']}")
            for r in q["readings"]:
                out.append(f"  - {r}")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


# HTML ----------------------------------------------------------------------------------------------

_CSS = """
body{font-family:Georgia,serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#222}
h1,h2,h3{font-family:system-ui,sans-serif}ol.index li{margin:.1rem 0}.sev{font-variant:small-caps;font-weight:bold}
.error .sev{color:#b00}.contradiction .sev{color:#808}.open-question .sev{color:#a70}
blockquote{margin:.4rem 0 .4rem 1rem;padding-left:.8rem;border-left:3px solid #ccc;font-style:italic}
.where{color:#666;font-size:.9rem;font-style:normal}.fix{border:1px solid #7a7;background:#f3fbf3;padding:.5rem .8rem}
"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def _slug(section: str | None) -> str:
    import re

    return "section-" + (re.sub(r"[^a-z0-9]+", "-", (section or "none").lower()).strip("-") or "none")


def to_html(data: dict[str, Any]) -> str:
    c = data["counts"]
    out = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
           f"<title>Errata: {_e(data['title'])}</title><style>{_CSS}</style></head><body>",
           f"<h1>Errata: {_e(data['title'])}</h1>",
           f"<p>{c['error']} error(s), {c['contradiction']} contradiction(s) and {c['open-question']} open "
           "question(s), in the rulebook's order.</p>", "<h2 id='index'>Index</h2><ol class='index'>"]
    for item in data["index_summary"]:
        if item.get("questions") is not None:
            anchor = _slug(item["section"])
            out.append(f"<li class='open-question'><span class='sev'>open questions</span> "
                       f"<a href='#{anchor}'>{item['questions']} in {_e(item['section'] or '(no section)')}</a> "
                       f"<span class='where'>({_e(_lines(item['lines']))})</span></li>")
            continue
        where = ", ".join(x for x in (item["section"], _line(item["line"]) if item["line"] else "") if x)
        out.append(f"<li class='{item['severity']}'><span class='sev'>{_e(LABELS[item['severity']])}</span> "
                   f"<a href='#{_e(item['id'])}'>{_e(item['title'])}</a> <span class='where'>({_e(where)})</span></li>")
    out.append("</ol>")
    if data["rewrites"]:
        out.append("<h2 id='corrections'>Errors and contradictions, with proposed corrections</h2>")
    for block in data["rewrites"]:
        out.append("<section>")
        if block["group"]:
            out.append(f"<h3>One rewrite: {_e(', '.join(f['title'] for f in block['findings']))}</h3>")
        for f in block["findings"]:
            out.append(f"<div class='{f['severity']}' id='{_e(f['id'])}'><p><span class='sev'>"
                       f"{_e(LABELS[f['severity']])}</span> <b>{_e(f['title'])}</b></p><p>{_e(f['question'])}</p>")
            for p in f["passages"]:
                out.append(f"<blockquote>{_e(p['quote'])}<br><span class='where'>{_e(p['section'] or '')}, "
                           f"{_e(_line(p['line']))}</span></blockquote>")
            out.append("</div>")
        if block["corrections"]:
            out.append("<div class='fix'><b>Proposed correction</b>" + "".join(
                f"<p>{_e(t)}</p>" for t in block["corrections"]) + "</div>")
        else:
            out.append("<div class='fix'><b>Proposed correction:</b> none recorded yet.</div>")
        out.append("</section>")
    if data["open_questions"]:
        out.append("<h2 id='questions'>Open questions, by section</h2>")
    for group in data["open_questions"]:
        anchor = _slug(group["section"])
        out.append(f"<h3 id='{anchor}'>{_e(group['section'])}</h3><ul>")
        for q in group["questions"]:
            out.append(f"<li class='open-question' id='{_e(q['id'])}'><b>{_e(q['title'])}</b> "
                       f"<span class='where'>({_e(_line(q['line']))})</span>. {_e(q['question'])}<ul>"
                       + "".join(f"<li>{_e(r)}</li>" for r in q["readings"]) + "</ul></li>")
        out.append("</ul>")
    out.append("</body></html>")
    return "\n".join(out)
