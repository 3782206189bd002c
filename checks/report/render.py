"""The report of ``tombspec check`` for its readers, rules editors: in the terminal (rich, wrapped to
its width) and as one self-contained HTML page (``--html FILE``, an anchor per finding).

Both lead with a one-screen summary (per game: errors, contradictions, open questions, notes, what the
model proves, rule coverage), then the findings, errors first, each with the rulebook's words, then
the model's details (constraints, reachability, exploration).
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..findings.base import SEVERITIES
from .editor import Entry, counts

if TYPE_CHECKING:  # pragma: no cover
    from . import CheckResult

TITLES = {"error": "Errors", "contradiction": "Contradictions", "open-question": "Open questions",
          "note": "Notes"}
STYLES = {"error": "bold red", "contradiction": "bold magenta", "open-question": "bold yellow",
          "note": "cyan"}


def summary_rows(result: "CheckResult", entries: Sequence[Entry]) -> list[dict[str, Any]]:
    """Per game: the count of each severity, the proofs and the rule coverage."""
    by_game = counts(entries)
    rows = []
    for game in result.games:
        proofs = [p for p in result.proofs if p.game == game]
        cov = next((c for c in result.coverage if c["game"] == game), {})
        row: dict[str, Any] = {"game": game, **by_game.get(game, {s: 0 for s in SEVERITIES})}
        row["proofs"] = ({r: sum(p.result == r for p in proofs) for r in ("proved", "counterexample", "unknown")}
                         if proofs else None)
        row["coverage"] = ({k: cov.get(k) for k in ("rules", "formalised", "exercised", "proved")}
                           if cov.get("modelled") else None)
        row["quotes"] = result.catalog.get(game, {}).get("quotes")
        rows.append(row)
    return rows


def _where(q: dict[str, Any]) -> str:
    parts = []
    if q.get("section_title"):
        parts.append(f"section \u201c{q['section_title']}\u201d")
    if q.get("line"):
        parts.append(f"line {q['line']}")
    return ", ".join(parts)


def _proofs_text(row: dict[str, Any]) -> str:
    p = row["proofs"]
    if p is None:
        return "no model"
    total = p["proved"] + p["counterexample"] + p["unknown"]
    return (f"{p['proved']}/{total} proved" + (f", {p['counterexample']} cex" if p["counterexample"] else "")
            + (f", {p['unknown']} unknown" if p["unknown"] else ""))


def _coverage_text(row: dict[str, Any]) -> str:
    c = row["coverage"]
    if c is None:
        return "no model"
    return f"{c['formalised']}/{c['rules']}"


# Terminal ------------------------------------------------------------------------------------------

def _summary_table(result: "CheckResult", entries: Sequence[Entry], findings_only: bool = False) -> Any:
    from rich.table import Table

    table = Table(title="tombspec check" + (" (findings only: no proofs or explorations run)" if findings_only else ""),
                  title_justify="left", show_lines=False, pad_edge=False)
    for col, justify in (("game", "left"), ("errors", "right"), ("contra-\ndictions", "right"),
                         ("open\nquestions", "right"), ("notes", "right"),
                         ("proofs", "left"), ("rules\nformalised", "left")):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    for row in summary_rows(result, entries):
        table.add_row(row["game"], str(row["error"]), str(row["contradiction"]), str(row["open-question"]),
                      str(row["note"]), _proofs_text(row) if not findings_only else "-",
                      _coverage_text(row) if not findings_only else "-")
    return table


def print_summary(result: "CheckResult", console: Any, html_path: Any = None) -> None:
    """The one screen a terminal gets: the summary, the problems, the errors (a line each), the
    exploration's totals, and where every other finding is."""
    from rich.markup import escape

    entries = result.entries
    console.print(_summary_table(result, entries))
    for p in result.problems:
        console.print(f"[red]PROBLEM[/red] {escape(p)}")
    errors = [e for e in entries if e.severity == "error"]
    if errors:
        console.print(f"[{STYLES['error']}]Errors in the rulebooks ({len(errors)})[/]")
        for e in errors:
            console.print(f"  {escape(e.game)}: {escape(e.title)} [dim]({escape(e.id)})[/dim]")
    explored = sum(e["games"] for e in result.explore)
    if explored:
        console.print(f"explored {explored:,} games ({sum(e['steps'] for e in result.explore):,} steps), "
                      f"{sum(len(e['problems']) for e in result.explore)} problem(s); {result.seconds:.1f} s")
    console.print("the rest: [bold]tombspec errata GAME[/bold] (the editor's document: corrections and open "
                  "questions), [bold]tombspec check --full[/bold] (every finding here), "
                  + "--json, " + (f"the HTML page {escape(str(html_path))}" if html_path
                                                    else "--html FILE") + "; filter with --severity/--kind/--rule")


def print_report(result: "CheckResult", entries: Sequence[Entry], shown: Sequence[Entry],
                 console: Any, *, findings_only: bool = False) -> None:
    from rich.markup import escape

    console.print(_summary_table(result, entries, findings_only))
    for p in result.problems:
        console.print(f"[red]PROBLEM[/red] {escape(p)}")
    hidden = len(entries) - len(shown)
    console.print(f"{len(shown)} finding(s) below{f' ({hidden} filtered out)' if hidden else ''}; "
                  f"{result.seconds:.1f} s")

    for severity in SEVERITIES:
        group = [e for e in shown if e.severity == severity]
        if not group:
            continue
        console.rule(f"[{STYLES[severity]}]{TITLES[severity]} ({len(group)})")
        for e in group:
            _print_entry(e, console)

    if not findings_only and (any(g for g in (result.constraints, result.reachability, result.explore))
                              or result.proofs):
        console.rule("[bold]The model")
        for game in result.games:
            _print_model(result, game, console)


def _print_entry(e: Entry, console: Any) -> None:
    from rich.markup import escape
    from rich.padding import Padding

    console.print()
    console.print(f"[{STYLES[e.severity]}]{e.severity}[/] [bold]{escape(e.id)}[/bold] "
                  f"[dim]({e.game}, {e.kind}, {' + '.join(e.sources)})[/dim]")
    text = e.title if e.source == "detector" else f"{e.title}: {e.question}"
    console.print(Padding(escape(text), (0, 0, 0, 2)))
    for q in e.quotes:
        if q.get("see"):
            console.print(Padding(f"[dim]see {escape(q['rule'])}: {escape(q['title'] or '')}[/dim]", (0, 0, 0, 2)))
            continue
        where = _where(q)
        console.print(Padding(f"[dim]{escape(q['rule'])}{' - ' + escape(where) if where else ''}[/dim]",
                              (0, 0, 0, 2)))
        if q["quote"]:
            console.print(Padding(f"[italic]\u201c{escape(q['quote'])}\u201d[/italic]", (0, 0, 0, 4)))
    for r in e.readings:
        mark = "* " if r["default"] else "  "
        default = " [dim](the model's default)[/dim]" if r["default"] else ""
        console.print(Padding(f"{mark}{escape(r['id'])}: {escape(r['text'])}{default}", (0, 0, 0, 2)))
    if e.answered:
        console.print(Padding(f"[green]answered by the rulebook[/green] (reading {escape(e.answered['reading'])}"
                              f"{', line ' + str(e.answered['line']) if e.answered.get('line') else ''}): "
                              f"[italic]\u201c{escape(e.answered['quote'])}\u201d[/italic]", (0, 0, 0, 2)))
    if e.note:
        console.print(Padding(f"[dim]note: {escape(e.note)}[/dim]", (0, 0, 0, 2)))
    for ev in e.evidence:
        if e.source == "detector" and len(e.evidence) == 1:
            break   # its summary is the title above
        console.print(Padding(f"[dim]found by {escape(ev['finding'])}:[/dim] {escape(ev['summary'])}", (0, 0, 0, 2)))


def _print_model(result: "CheckResult", game: str, console: Any) -> None:
    from rich.markup import escape

    console.print(f"[bold]{game}[/bold]")
    for c in (c for c in result.coverage if c["game"] == game and c["modelled"]):
        console.print(f"  not formalised: {escape(', '.join(c['not_formalised']) or 'none')}")
    for p in result.proofs:
        if p.game == game and p.result != "proved":
            console.print(f"  {p.result}: {escape(p.invariant)} over {escape(p.transition)} "
                          f"{escape(str(p.counterexample or p.reason))}")
    for c in (c for c in result.constraints if c["game"] == game):
        console.print(f"  constraint {escape(c['id'])}: {c['result']} - {escape(c['summary'])}")
    for r in (r for r in result.reachability if r["game"] == game):
        console.print(f"  reachability {escape(str(r['board']))}: {escape(r['summary'])}")
    for e in (e for e in result.explore if e["game"] == game):
        console.print(f"  explore: {e['games']} games over {e['configs']} configurations, {e['steps']} steps; "
                      f"outcomes {e['outcomes']}; {len(e['problems'])} problem(s)")


# HTML ----------------------------------------------------------------------------------------------

_CSS = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.45;color:#222}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.2rem .5rem;vertical-align:top}
th{background:#f4f4f4}td.n{text-align:right}
.finding{border-left:4px solid #999;padding:.3rem .8rem;margin:1rem 0}
.error{border-color:#c00}.contradiction{border-color:#909}.open-question{border-color:#c90}.note{border-color:#07a}
.sev{font-weight:bold;text-transform:uppercase;font-size:.8rem}
blockquote{margin:.2rem 0 .5rem 1rem;font-style:italic;color:#333}.where{color:#666;font-size:.9rem}
.meta{color:#666;font-size:.9rem}a.anchor{color:#999;text-decoration:none}
li.default{font-weight:bold}pre{background:#f7f7f7;padding:.4rem;overflow-x:auto;font-size:.8rem}
"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def _evidence_html(data: Any) -> str:
    """Evidence as a table when it is a mapping or a list of uniform mappings; else preformatted."""
    if isinstance(data, dict) and data and all(not isinstance(v, (dict, list)) for v in data.values()):
        return "<table>" + "".join(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in data.items()) + "</table>"
    if isinstance(data, list) and data and all(isinstance(r, dict) for r in data):
        cols = list(dict.fromkeys(k for r in data for k in r))
        return ("<table><tr>" + "".join(f"<th>{_e(c)}</th>" for c in cols) + "</tr>"
                + "".join("<tr>" + "".join(f"<td>{_e(r.get(c, ''))}</td>" for c in cols) + "</tr>" for r in data)
                + "</table>")
    if isinstance(data, dict) and data:
        return "<table>" + "".join(f"<tr><th>{_e(k)}</th><td>{_evidence_html(v)}</td></tr>"
                                   for k, v in data.items()) + "</table>"
    if data in (None, {}, []):
        return ""
    if isinstance(data, (str, int, float)):
        return _e(data)
    return f"<pre>{_e(json.dumps(data, indent=1, default=str))}</pre>"


def html_report(result: "CheckResult", entries: Sequence[Entry], shown: Sequence[Entry]) -> str:
    out = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
           "<title>tombspec check</title>", f"<style>{_CSS}</style></head><body>",
           "<h1>tombspec check: the rules editor's report</h1>", "<h2 id='summary'>Summary</h2>",
           "<table><tr><th>game</th><th>errors</th><th>contradictions</th><th>open questions</th><th>notes</th>"
           "<th>proofs</th><th>rules formalised</th><th>quotes</th></tr>"]
    for row in summary_rows(result, entries):
        out.append(f"<tr><td>{_e(row['game'])}</td>" + "".join(f"<td class='n'>{row[s]}</td>" for s in SEVERITIES)
                   + f"<td>{_e(_proofs_text(row))}</td><td>{_e(_coverage_text(row))}</td>"
                     f"<td>{_e(row['quotes'] or '')}</td></tr>")
    out.append("</table>")
    if result.problems:
        out.append("<ul>" + "".join(f"<li><b>Problem:</b> {_e(p)}</li>" for p in result.problems) + "</ul>")
    for severity in SEVERITIES:
        group = [e for e in shown if e.severity == severity]
        if not group:
            continue
        out.append(f"<h2 id='{severity}'>{TITLES[severity]} ({len(group)})</h2>")
        out.extend(_entry_html(e) for e in group)
    out.append("<h2 id='model'>The model</h2>")
    for game in result.games:
        items = []
        for c in (c for c in result.coverage if c["game"] == game and c["modelled"]):
            items.append(f"not formalised: {_e(', '.join(c['not_formalised']) or 'none')}")
        items += [f"{_e(p.result)}: {_e(p.invariant)} over {_e(p.transition)} {_e(p.counterexample or p.reason)}"
                  for p in result.proofs if p.game == game and p.result != "proved"]
        items += [f"constraint {_e(c['id'])}: {_e(c['result'])} - {_e(c['summary'])}"
                  for c in result.constraints if c["game"] == game]
        items += [f"reachability {_e(r['board'])}: {_e(r['summary'])}" for r in result.reachability if r["game"] == game]
        items += [f"explore: {e['games']} games over {e['configs']} configurations, {e['steps']} steps; outcomes "
                  f"{_e(e['outcomes'])}; {len(e['problems'])} problem(s)" for e in result.explore if e["game"] == game]
        if items:
            out.append(f"<h3>{_e(game)}</h3><ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>")
    out.append("</body></html>")
    return "\n".join(out)


def _entry_html(e: Entry) -> str:
    parts = [f"<div class='finding {e.severity}' id='{_e(e.id)}'>",
             f"<p><span class='sev'>{_e(e.severity)}</span> <b>{_e(e.id)}</b> "
             f"<a class='anchor' href='#{_e(e.id)}'>#</a> "
             f"<span class='meta'>({_e(e.game)}, {_e(e.kind)}, {_e(' + '.join(e.sources))})</span></p>",
             f"<p>{_e(e.title)}{': ' + _e(e.question) if e.source == 'catalog' else ''}</p>"]
    for q in e.quotes:
        if q.get("see"):
            parts.append(f"<div class='where'>see <a href='#{_e(q['rule'])}'>{_e(q['rule'])}</a>: {_e(q['title'] or '')}</div>")
            continue
        where = _where(q)
        parts.append(f"<div class='where'>{_e(q['rule'])}{' - ' + _e(where) if where else ''}</div>")
        if q["quote"]:
            parts.append(f"<blockquote>\u201c{_e(q['quote'])}\u201d</blockquote>")
    if e.readings:
        parts.append("<p>Readings:</p><ul>" + "".join(
            f"<li class='{'default' if r['default'] else ''}'>{_e(r['id'])}: {_e(r['text'])}"
            f"{' (the model’s default)' if r['default'] else ''}</li>" for r in e.readings) + "</ul>")
    if e.answered:
        parts.append(f"<p>Answered by the rulebook (reading {_e(e.answered['reading'])}"
                     f"{', line ' + str(e.answered['line']) if e.answered.get('line') else ''}):</p>"
                     f"<blockquote>\u201c{_e(e.answered['quote'])}\u201d</blockquote>")
    if e.note:
        parts.append(f"<p class='meta'>Note: {_e(e.note)}</p>")
    if e.evidence:
        parts.append("<p>Evidence:</p><table><tr><th>detector finding</th><th>what it found</th><th>data</th></tr>"
                     + "".join(f"<tr><td>{_e(ev['finding'])}</td><td>{_e(ev['summary'])}</td>"
                               f"<td>{_evidence_html(ev['data'])}</td></tr>" for ev in e.evidence) + "</table>")
    parts.append("</div>")
    return "\n".join(parts)
