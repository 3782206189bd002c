"""``tombspec check``: the main job, and its report.

It loads every catalog, checks every quote against the rulebooks (when present), proves every
invariant of every modelled game over every numeric transition core, checks the structural constraints,
explores random games under the invariants, checks reachability on the shipped boards (and ``--board``),
and runs the findings detectors.  Exit 0 when it ran; 1 when the model breaks an invariant, a proof
finds a counterexample, or a catalog quote is not in its rulebook; 2 on bad input.
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import click

from tombspec.spec import load_all, rulebook_text
from tombspec.spec.lint import quote_problems, toc_problems

from tombspec.model.traceability import recording

from ..explore.games import configuration_runs, explore_runs
from ..findings import SEVERITIES, Finding, run_detectors
from ..parallel import executor, result as result_of, workers_of
from ..games import catalog_findings, model_findings, run_constraints, run_reachability
from ..proofs import COUNTEREXAMPLE, PROVED, UNKNOWN, Proof, prove_game
from .coverage import coverage
from .editor import Entry, editor_findings, select
from .render import html_report, print_report, print_summary, summary_rows


#: Games (over all configurations) whose steps ``tombspec check`` records for the rule coverage.
COVERAGE_GAMES = 60


@attrs.define
class CheckResult:
    games: list[str]
    proofs: list[Proof] = attrs.field(factory=list)
    findings: list[Finding] = attrs.field(factory=list)
    constraints: list[dict[str, Any]] = attrs.field(factory=list)
    reachability: list[dict[str, Any]] = attrs.field(factory=list)
    explore: list[dict[str, Any]] = attrs.field(factory=list)
    catalog: dict[str, dict[str, Any]] = attrs.field(factory=dict)
    coverage: list[dict[str, Any]] = attrs.field(factory=list)
    problems: list[str] = attrs.field(factory=list)   # what makes the exit code 1
    entries: list[Entry] = attrs.field(factory=list)  # the findings as the editor reads them
    seconds: float = 0.0

    @property
    def exit_code(self) -> int:
        return 1 if self.problems else 0

    def select(self, **filters: Any) -> list[Entry]:
        """The report's findings that pass the filters (:func:`.editor.select`)."""
        return select(self.entries, **filters)

    def to_json(self, shown: list[Entry] | None = None) -> dict[str, Any]:
        shown = self.entries if shown is None else shown
        return {
            "games": self.games,
            "summary": summary_rows(self, self.entries),
            "proofs": [p.to_json() for p in self.proofs],
            "findings": [e.to_json() for e in shown],
            "raw_findings": [f.to_json() for f in self.findings],
            "constraints": self.constraints,
            "reachability": self.reachability,
            "explore": self.explore,
            "catalog": self.catalog,
            "coverage": self.coverage,
            "problems": self.problems,
            "totals": self.totals(),
            "seconds": round(self.seconds, 2),
        }

    def totals(self) -> dict[str, Any]:
        by_result = {r: sum(p.result == r for p in self.proofs) for r in (PROVED, COUNTEREXAMPLE, UNKNOWN)}
        by_kind: dict[str, int] = {}
        for e in self.entries:
            by_kind[e.kind] = by_kind.get(e.kind, 0) + 1
        by_severity = {s: sum(e.severity == s for e in self.entries) for s in SEVERITIES}
        return {"proofs": by_result, "findings": len(self.entries), "findings_by_severity": by_severity,
                "findings_by_kind": by_kind, "raw_findings": len(self.findings),
                "machine_findings": sum(f.source == "machine" for f in self.findings),
                "problems": len(self.problems)}

    def print(self, shown: list[Entry] | None = None, console: Any = None, *, findings_only: bool = False) -> None:
        from rich.console import Console
        console = console or Console(highlight=False)
        print_report(self, self.entries, self.entries if shown is None else shown, console,
                     findings_only=findings_only)

    def print_summary(self, html_path: Any = None, console: Any = None) -> None:
        """What a terminal gets by default: the summary table, the problems, the errors, and where the
        rest is."""
        from rich.console import Console
        console = console or Console(highlight=False)
        print_summary(self, console, html_path)

    def html(self, shown: list[Entry] | None = None) -> str:
        return html_report(self, self.entries, self.entries if shown is None else shown)


def run_check(games: list[str], *, board: Path | None = None, timeout: float = 10.0,
              explore_games: int = 200, progress: bool = True, workers: int | None = None,
              scheduler: Any = None) -> CheckResult:
    from tombspec.model.ruleset import registered_games


    start = time.perf_counter()
    n_games = explore_games
    result = CheckResult(games=list(games))
    say = _say(progress)

    say("catalogs")
    catalogs = {g: c for g, c in load_all().items() if g in games}
    for g, cat in catalogs.items():
        present = rulebook_text(cat.rulebook) is not None
        problems = (quote_problems(cat) + toc_problems(cat)) if present else []
        result.catalog[g] = {"rules": len(cat.rules), "tables": len(cat.tables),
                             "components": len(cat.components), "ambiguities": len(cat.ambiguities),
                             "quotes": ("all found" if not problems else f"{len(problems)} problem(s)")
                             if present else "not checked (rulebook absent)"}
        result.problems.extend(f"{g}: {p}" for p in problems)

    modelled = [g for g in games if g in registered_games()]
    # Each modelled game's worked examples, reachability and model findings are one task, and every
    # game's explorations one stream of chunks, all on the workers; meanwhile this process runs the
    # proofs and the constraints (z3: here, in the same order whatever the workers, so that their
    # witnesses are too).  The rule coverage is recorded inside the first games of every run (a
    # recording traces every call, several times slower), so no game is played twice, and each worked
    # example is replayed once.  With one worker, all of it runs here in turn.
    exercised: dict[str, set[str]] = {g: set() for g in modelled}
    runs = {g: configuration_runs(g, n_games, record=min(n_games, COVERAGE_GAMES)) for g in modelled} \
        if n_games else {}
    flat = [run for g in modelled for run in runs.get(g, [])]
    say(f"proofs, constraints, reachability, examples{', explore' if flat else ''}: {', '.join(modelled)}"
        + (f" ({n_games} games each)" if flat else ""))
    with executor(workers, scheduler) as ex:
        if workers_of(ex) <= 1:
            _proofs_and_constraints(result, modelled, catalogs, timeout)
            reports = iter(explore_runs(flat, executor=ex))
            sides = {g: game_work(g, board) for g in modelled}
        else:
            futures = {g: ex.submit(game_work, g, board) for g in modelled}
            with ThreadPoolExecutor(1) as background:
                exploring = background.submit(explore_runs, flat, executor=ex)
                _proofs_and_constraints(result, modelled, catalogs, timeout)
                reports = iter(exploring.result())
            sides = {g: result_of(future, f"checking {g}") for g, future in futures.items()}
    result.reachability.extend(r for g in games for r in (sides[g].reachability if g in sides
                                                          else run_reachability([g], board)))

    if n_games and modelled:
        for g in modelled:
            done = [(*run.label, next(reports)) for run in runs[g]]
            result.explore.append(_explore_summary(g, done))
            for *_, report in done:
                exercised[g] |= report.exercised
            result.problems.extend(f"{g}: explore {p['config']} game {p['game']} step {p['step']}: {p['kind']} "
                                   f"{p['rule']}: {p['message']}" for p in result.explore[-1]["problems"])
    for g in modelled:
        exercised[g] = {r for r in exercised[g] | sides[g].exercised if r.startswith(g + ".")}

    say("coverage")
    for g in games:
        result.coverage.append(coverage(catalogs[g], [p for p in result.proofs if p.game == g],
                                        games=min(n_games, COVERAGE_GAMES), seen=exercised.get(g)))

    say("findings")
    result.findings.extend(run_detectors(catalogs))
    for g, cat in catalogs.items():
        result.findings.extend(sides[g].findings if g in sides else catalog_findings(cat))
    result.problems.extend(f"{f.game}: {f.summary}" for f in result.findings if f.kind == "unchecked")
    result.entries = editor_findings(result.findings, catalogs)
    result.seconds = time.perf_counter() - start
    return result


def _proofs_and_constraints(result: CheckResult, modelled: list[str], catalogs: dict[str, Any],
                            timeout: float) -> None:
    """The z3 part of ``check``, in this process: every modelled game's proofs, then every catalog's
    constraints."""
    for g in modelled:
        proofs = prove_game(g, timeout)
        result.proofs.extend(proofs)
        result.problems.extend(f"{g}: counterexample to {p.invariant} over {p.transition}: {p.counterexample}"
                               for p in proofs if p.result == COUNTEREXAMPLE)
    result.constraints.extend(run_constraints(catalogs))
    result.problems.extend(f"{c['game']}: constraint {c['id']} broken: {c['summary']}"
                           for c in result.constraints if c["result"] == "violated")


@attrs.frozen
class GameWork:
    """One modelled game's own part of ``tombspec check`` (:func:`game_work`), done on a worker."""

    reachability: list[dict[str, Any]]
    #: the rules the worked examples exercise, and the ids of those that replay
    exercised: set[str]
    #: the game's own detectors, its worked-example recomputations, and its model's findings
    findings: list[Finding]


def game_work(game: str, board: Path | None) -> GameWork:
    """``game``'s reachability, worked examples (replayed once, recorded for the rule coverage) and
    findings: what ``check`` does for one game besides its proofs, constraints and explorations."""
    from tombspec.spec import load_catalog

    from ..games import example_results

    cat = load_catalog(game)
    reachability = run_reachability([game], board)
    with recording() as seen:
        examples = example_results(game)
    seen |= {example_id for example_id, (ok, _) in examples.items() if ok}
    findings = catalog_findings(cat) + model_findings(cat, examples)
    return GameWork(reachability, set(seen), findings)


def _explore_summary(game: str, runs: list[tuple[dict[str, Any], str, Any]]) -> dict[str, Any]:
    """The runs of ``game`` (each configuration its model lists, two policies each) summed into one
    report; ``seconds`` is the wall clock of the whole exploration (every game's, on the workers)."""
    total: dict[str, Any] = {"game": game, "games": 0, "steps": 0, "seconds": 0.0, "outcomes": {},
                             "problems": [], "configs": len(runs) // 2}   # two policies per configuration
    for config, _, report in runs:
        data = report.to_json()
        total["games"] += data["games"]
        total["steps"] += data["steps"]
        total["seconds"] = data["seconds"]
        for k, v in data["outcomes"].items():
            total["outcomes"][k] = total["outcomes"].get(k, 0) + v
        total["problems"].extend({**p, "config": config} for p in data["problems"])
    return total


def _say(enabled: bool) -> Any:
    def say(what: str) -> None:
        if enabled and sys.stderr.isatty():
            click.echo(f"\u2026 {what}", err=True)

    return say
