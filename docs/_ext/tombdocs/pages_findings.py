"""The findings, from ``tombspec check`` run at build time (``run_check``), by game and severity
(errors first), each with the quotes of the rules it cites and its evidence as tables."""

from __future__ import annotations

import inspect
from collections import Counter
from typing import Any

from . import md
from .facts import Facts
from .pages_rules import entry_block, function_link

def _first_line(fn: Any) -> str:
    doc = inspect.getdoc(fn) or ""
    return doc.split("\n\n")[0].replace("\n", " ")


def _link(facts: Facts, fn: Any) -> str:
    """A link to a detector's documented function (through wrappers), else to its module."""
    fn = inspect.unwrap(fn)
    if "<locals>" in fn.__qualname__:  # a wrapper without functools.wraps: its module
        return f"{md.code(fn.__name__)} in {md.pyref(fn.__module__, short=False)}"
    return function_link(facts, f"{fn.__module__}.{fn.__qualname__}")


def detectors_table(facts: Facts) -> str:
    from tombspec.checks.findings import DETECTORS
    from tombspec.checks.games import game_checks, games_with_checks

    rows = [[md.code(name), "every catalog", _link(facts, fn), md.rst_inline(_first_line(fn) or "(no docstring)")]
            for name, fn in DETECTORS]
    for game in games_with_checks():
        record = game_checks(game)
        for reads, fns in ((f"the {game} catalog", (*record.detectors, *record.example_checks)),
                           (f"the {game} model", record.model_findings)):
            rows += [[md.code(fn.__name__), reads, _link(facts, fn),
                      md.rst_inline(_first_line(fn) or "(no docstring)")] for fn in fns]
    return md.table(["detector", "reads", "function", "what it reports"], rows, raw=True, widths="18 12 22 48")


def evidence_md(evidence: Any) -> str:
    """Evidence as tables (a mapping of scalars, a mapping of uniform mappings, a list of mappings),
    nested mappings as one table per key, and anything else as plain text: never raw JSON."""
    if _is_table(evidence):
        columns = list(next(iter(evidence.values())).keys())
        return md.table(["", *columns], [[k, *(v[c] for c in columns)] for k, v in evidence.items()])
    if isinstance(evidence, list) and evidence and all(isinstance(r, dict) for r in evidence):
        columns = list(dict.fromkeys(k for r in evidence for k in r))
        return md.table(columns, [[r.get(c, "") for c in columns] for r in evidence])
    if isinstance(evidence, dict) and evidence:
        flat = {k: v for k, v in evidence.items() if not isinstance(v, (dict, list)) or not v
                or (isinstance(v, list) and all(not isinstance(x, (dict, list)) for x in v))}
        out = md.table(["", "value"], [[k.replace("_", " "), v] for k, v in flat.items()]) if flat else ""
        for key, value in evidence.items():
            if key not in flat:
                out += f"\n{md.esc(key.replace('_', ' '))}:\n\n" + evidence_md(value)
        return out
    if evidence in (None, {}, []):
        return ""
    return md.cell(evidence) + "\n"


def _is_table(value: Any) -> bool:
    if not isinstance(value, dict) or not value:
        return False
    rows = list(value.values())
    return all(isinstance(r, dict) and r and list(r) == list(rows[0]) for r in rows) and \
        all(not isinstance(c, (dict, list)) for r in rows for c in r.values())


SEVERITY_TITLES = {"error": "Errors", "contradiction": "Contradictions", "open-question": "Open questions",
                   "note": "Notes"}


def _indent(text: str) -> str:
    return "\n".join("  " + line if line else "" for line in text.splitlines())


def finding_block(facts: Facts, f: dict[str, Any]) -> str:
    """One finding: its statement, the quotes of the rules it cites (section, rulebook line), its
    readings or its answer, and its evidence as tables."""
    text = f["title"] if f["source"] == "detector" else f"{f['title']}: {f['question']}"
    body = md.esc(text) + "\n\n"
    body += (f"- **Severity** {md.esc(f['severity'])}; **kind** {md.esc(f['kind'])}; **from** "
             f"{md.esc(' and '.join('the catalog' if s == 'catalog' else 'a detector' for s in f['sources']))}\n")
    for q in f["quotes"]:
        if q.get("see"):
            body += f"- **See** {md.ref(q['rule'])}: {md.esc(q['title'] or '')}\n"
            continue
        where = ", ".join(x for x in (f"section {md.esc(q['section_title'])}" if q.get("section_title") else "",
                                      f"line {q['line']}" if q.get("line") else "") if x)
        body += f"- {md.ref(q['rule'])}{' (' + where + ')' if where else ''}\n\n"
        if q.get("quote"):
            body += _indent(md.quote(q["quote"])) + "\n"
    if f["readings"]:
        body += "- **Readings**\n" + "".join(
            f"  - {md.code(r['id'])}{' (the model’s default)' if r['default'] else ''}: {md.esc(r['text'])}\n"
            for r in f["readings"])
    if f.get("answered"):
        a = f["answered"]
        body += (f"- **Answered by the rulebook** (reading {md.code(a['reading'])}"
                 f"{', line ' + str(a['line']) if a.get('line') else ''}):\n\n" + _indent(md.quote(a["quote"])) + "\n")
    if f.get("note"):
        body += f"- **Note** {md.esc(f['note'])}\n"
    for ev in f["evidence"]:
        if not (f["source"] == "detector" and len(f["evidence"]) == 1):
            body += f"- **Found by** {md.code(ev['finding'])}: {md.esc(ev['summary'])}\n"
        data = evidence_md(ev["data"])
        if data.strip():
            body += "\n" + (_indent(data) if not (f["source"] == "detector" and len(f["evidence"]) == 1)
                            else data) + "\n"
    return entry_block("finding", f["id"], body, kind=f["severity"])


def _counts_line(findings: list[dict[str, Any]]) -> str:
    return ", ".join(f"{sum(f['severity'] == s for f in findings)} {SEVERITY_TITLES[s].lower()}"
                     for s in SEVERITY_TITLES)


def game_page(facts: Facts, game: str, findings: list[dict[str, Any]]) -> str:
    cat = facts.catalogs[game]
    detected = sum("detector" in f["sources"] for f in findings)
    out = [f"# Findings: {md.esc(cat.title)}\n",
           f"{len(findings)} findings ({md.esc(_counts_line(findings))}), errors first; {detected} found or "
           f"confirmed by the detectors, the others recorded in the catalog by hand. Each quotes the rules it "
           f"cites. Generated by running {md.code('tombspec check')} at build time.\n"]
    for severity, title in SEVERITY_TITLES.items():
        items = [f for f in findings if f["severity"] == severity]
        if items:
            out.append(f"\n## {title} ({len(items)})\n")
            out.extend(finding_block(facts, f) for f in items)
    if not findings:
        out.append("\nNo findings.\n")
    return "\n".join(out)


def proofs_table(facts: Facts, game: str) -> str:
    proofs = [p for p in facts.check.proofs if p.game == game]
    if not proofs:
        return ""
    invariants = list(dict.fromkeys(p.invariant for p in proofs))
    transitions = list(dict.fromkeys(p.transition for p in proofs))
    result = {(p.invariant, p.transition): p.result for p in proofs}
    rows = [[md.ref(inv), *(md.esc(result.get((inv, t), "")) for t in transitions)] for inv in invariants]
    return md.table(["invariant", *(md.code(t) for t in transitions)], rows, raw=True)


def index_page(facts: Facts) -> str:
    data = facts.check_json
    findings = data["findings"]
    games = list(facts.catalogs)
    counts = Counter((f["game"], f["severity"]) for f in findings)
    rows = [[md.esc(SEVERITY_TITLES[s]), *(str(counts.get((g, s), 0)) for g in games),
             str(sum(counts.get((g, s), 0) for g in games))] for s in SEVERITY_TITLES]
    rows.append(["**all**", *(f"**{sum(f['game'] == g for f in findings)}**" for g in games), f"**{len(findings)}**"])
    t = data["totals"]
    out = ["# Findings\n",
           "What the machine checks find in the rules: contradictions, edge cases, actions that can never "
           "succeed, component counts, summaries that drift from the rules they summarise, names spelled "
           "two ways, derived facts; beside the ambiguities, gaps and contradictions the catalogs record by "
           "hand. Each finding names the rules it is about and carries its evidence.\n",
           f"This page is the output of {md.code('tombspec check --json')}, run while the documentation was built "
           f"({md.pyref('tombspec.checks.report.run_check')} over every game, exploring "
           f"{facts.explore_games} random games per modelled game): {t['findings']} findings, one per fact "
           f"(from {t['raw_findings']} detector and catalog results: a detector result that restates a recorded "
           f"one is shown as its evidence), by severity: errors (the rulebook is wrong), contradictions, open "
           f"questions (with their readings), notes (derived facts, edge cases); proofs: {t['proofs']['proved']} proved, "
           f"{t['proofs']['counterexample']} counterexamples, {t['proofs']['unknown']} unknown; "
           f"problems (exit code 1): {t['problems']}.\n",
           md.table(["severity", *(md.doc(f"generated/findings/{g}", facts.catalogs[g].title) for g in games), "all"],
                    rows, raw=True, classes="tomb-numbers"),
           "\n## The detectors\n",
           detectors_table(facts),
           "\n## Proofs\n",
           "Every invariant of a modelled game is proved inductively with z3 over the model's own numeric "
           "cores (holds initially, and each transition core keeps it). Results per invariant and core:\n"]
    for g in games:
        table = proofs_table(facts, g)
        out.append(f"\n### {md.esc(facts.catalogs[g].title)}\n\n"
                   + (table if table else "No model yet, so nothing to prove.\n"))
    if data["problems"]:
        out.append("\n## Problems\n\n" + "".join(f"- {md.esc(p)}\n" for p in data["problems"]))
    out.append("\n## Boards, constraints and exploration\n")
    for r in data["reachability"]:
        out.append(f"- Reachability on the {md.doc('generated/boards', md.esc(r['board']) + ' board')}: "
                   f"{md.esc(r['summary'])}\n")
    for c in data["constraints"]:
        out.append(f"- Constraint {md.code(c['id'])} ({md.esc(c['result'])}): {md.esc(c['summary'])}\n")
    if not data["constraints"]:
        out.append("- Structural constraints: none registered yet "
                   f"({md.pyref('tombspec.checks.proofs.constraints')} has no constraint).\n")
    for e in data["explore"]:
        outcomes = ", ".join(f"{k} {v}" for k, v in sorted(e["outcomes"].items()))
        out.append(f"- Explored {e['game']}: {e['games']} random games, {e['steps']} steps, "
                   f"{len(e['problems'])} problem(s); outcomes: {md.esc(outcomes)}\n")
    toc = "\n".join(games)
    out.append(f"\n```{{toctree}}\n:maxdepth: 1\n:hidden:\n\n{toc}\n```\n")
    return "\n".join(out)


def pages(facts: Facts) -> dict[str, str]:
    data = facts.check_json
    out = {"findings/index.md": index_page(facts)}
    for game in facts.catalogs:
        out[f"findings/{game}.md"] = game_page(facts, game, [f for f in data["findings"] if f["game"] == game])
    return out
