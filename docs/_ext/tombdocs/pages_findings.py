"""The findings, from ``tombspec check`` run at build time (``run_check``), by game and kind."""

from __future__ import annotations

import inspect
import re
from collections import Counter, defaultdict
from typing import Any

from . import md
from .facts import Facts
from .pages_rules import entry_block, function_link

#: The order kinds are shown in: machine-found kinds first, then what the catalog records by hand.
KIND_ORDER = ("contradiction", "never-succeeds", "example-mismatch", "component-count", "summary-drift",
              "table", "naming", "derived-fact", "ambiguity", "gap")


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


def _readings(facts: Facts, reading: str | None) -> str:
    """``"amb.id=reading; amb2 (free text)"``: the catalog ids as links, the rest as text."""
    if not reading:
        return ""
    parts = []
    for item in reading.split(";"):
        m = re.match(r"\s*([a-z0-9-]+(?:\.[a-z0-9-]+){2,})\s*(=\s*(\S+))?(.*)$", item)
        if m and m.group(1) in facts.all_ids:
            text = md.ref(m.group(1))
            if m.group(3):
                text += f" read as {md.code(m.group(3))}"
            parts.append(text + md.esc(m.group(4)))
        else:
            parts.append(md.esc(item.strip()))
    return ", ".join(parts)


def evidence_md(evidence: Any) -> str:
    """A table when the evidence is a table (a mapping of uniform mappings), JSON otherwise."""
    if isinstance(evidence, dict):
        tables = {k: v for k, v in evidence.items() if _is_table(v)}
        rest = {k: v for k, v in evidence.items() if k not in tables}
        out = ""
        for key, value in tables.items():
            columns = list(next(iter(value.values())).keys())
            out += f"{md.esc(key.replace('_', ' '))}:\n\n" + md.table(
                ["", *columns], [[k, *(v[c] for c in columns)] for k, v in value.items()]) + "\n"
        if rest:
            out += md.json_block(rest)
        return out
    return md.json_block(evidence)


def _is_table(value: Any) -> bool:
    if not isinstance(value, dict) or not value:
        return False
    rows = list(value.values())
    return all(isinstance(r, dict) and r and list(r) == list(rows[0]) for r in rows) and \
        all(not isinstance(c, (dict, list)) for r in rows for c in r.values())


def machine_block(facts: Facts, f: dict[str, Any]) -> str:
    body = md.esc(f["summary"]) + "\n\n"
    body += "- **Rules** " + ", ".join(md.ref(r) for r in f["rules"]) + "\n"
    if f.get("reading"):
        body += "- **Under the readings** " + _readings(facts, f["reading"]) + "\n"
    if f.get("evidence") is not None:
        body += "- **Evidence**\n\n" + "\n".join("  " + line if line else "" for line in
                                                evidence_md(f["evidence"]).splitlines()) + "\n"
    return entry_block("finding", f["id"], body, kind="machine-found")


def recorded_table(facts: Facts, findings: list[dict[str, Any]]) -> str:
    rows = []
    for f in findings:
        cat = facts.catalogs.get(f["game"])
        title = cat.get(f["id"]).title if cat is not None and f["id"] in cat else f["id"]
        rows.append([md.ref(f["id"], title), ", ".join(md.ref(r) for r in f["rules"][:4])
                     + (f" and {len(f['rules']) - 4} more" if len(f["rules"]) > 4 else ""),
                     md.code(f["evidence"]["default"]) if isinstance(f.get("evidence"), dict) else ""])
    return md.table(["open question", "rules", "default reading"], rows, raw=True, widths="40 40 20")


def game_page(facts: Facts, game: str, findings: list[dict[str, Any]]) -> str:
    cat = facts.catalogs[game]
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for f in findings:
        by_kind[f["kind"]].append(f)
    machine = sum(f["source"] == "machine" for f in findings)
    out = [f"# Findings: {md.esc(cat.title)}\n",
           f"{len(findings)} findings: {machine} found by the detectors and {len(findings) - machine} recorded in "
           f"the catalog by hand. Generated by running {md.code('tombspec check')} at build time.\n"]
    for kind in [k for k in KIND_ORDER if k in by_kind] + sorted(set(by_kind) - set(KIND_ORDER)):
        items = by_kind[kind]
        out.append(f"\n## {md.esc(kind)} ({len(items)})\n")
        found = [f for f in items if f["source"] == "machine"]
        recorded = [f for f in items if f["source"] != "machine"]
        for f in found:
            out.append(machine_block(facts, f))
        if recorded:
            out.append(f"Recorded in the catalog by hand ({len(recorded)}); each links to its readings.\n\n"
                       + recorded_table(facts, recorded))
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
    counts = Counter((f["game"], f["kind"]) for f in findings)
    kinds = [k for k in KIND_ORDER if any(kk == k for _, kk in counts)] + \
        sorted({k for _, k in counts} - set(KIND_ORDER))
    rows = [[md.esc(k), *(str(counts.get((g, k), 0)) for g in games), str(sum(counts.get((g, k), 0) for g in games))]
            for k in kinds]
    rows.append(["**all**", *(f"**{sum(f['game'] == g for f in findings)}**" for g in games), f"**{len(findings)}**"])
    t = data["totals"]
    out = ["# Findings\n",
           "What the machine checks find in the rules: contradictions, edge cases, actions that can never "
           "succeed, component counts, summaries that drift from the rules they summarise, names spelled "
           "two ways, derived facts; beside the ambiguities, gaps and contradictions the catalogs record by "
           "hand. Each finding names the rules it is about and carries its evidence.\n",
           f"This page is the output of {md.code('tombspec check --json')}, run while the documentation was built "
           f"({md.pyref('tombspec.checks.report.run_check')} over every game, exploring "
           f"{facts.explore_games} random games per modelled game): {t['findings']} findings, "
           f"{t['machine_findings']} of them machine-found; proofs: {t['proofs']['proved']} proved, "
           f"{t['proofs']['counterexample']} counterexamples, {t['proofs']['unknown']} unknown; "
           f"problems (exit code 1): {t['problems']}.\n",
           md.table(["kind", *(md.doc(f"generated/findings/{g}", facts.catalogs[g].title) for g in games), "all"],
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
