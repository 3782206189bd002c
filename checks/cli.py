"""The ``tombspec`` command line.

Exit codes: 0 all good; 1 a rule was broken (a violation, a divergence, a counterexample); 2 bad input
or usage.  Bad input never ends in a traceback.
"""

from __future__ import annotations

import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import click
import orjson

from tombspec.spec import InvalidInput, catalog_games, load_catalog
from tombspec.spec.errors import TombspecError

from .clikit import (MAX_STEPS, PolicyName, Seconds, TombspecGroup, _progress, bad_input_exits_2, board_argument, configured, count,
                     emit_json, fail, load_options)
from .findings.base import KINDS, SEVERITIES
from .oracle import cli as oracle_cli
from .parallel import parallel_options


def _version() -> str:
    try:
        return version("tombspec")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "0+unknown"


@click.group(cls=TombspecGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_version(), "--version", prog_name="tombspec")
def main() -> None:
    """tombspec: a formally specified rules verifier and test oracle for five tomb-raiding games."""


# --------------------------------------------------------------------------------------------------
# rules


@main.command()
@click.argument("game", required=False)
@click.option("--search", "search", metavar="TEXT", help="Only entries whose id, title or quote contain TEXT.")
@click.option("--ambiguities", "show", flag_value="ambiguities", help="List the ambiguities instead of rules.")
@click.option("--tables", "show", flag_value="tables", help="List the tables instead of rules.")
@click.option("--components", "show", flag_value="components", help="List the components instead of rules.")
@click.option("--sections", "show", flag_value="sections", help="List the sections instead of rules.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@bad_input_exits_2
def rules(game: str | None, search: str | None, show: str | None, as_json: bool) -> None:
    """List or search the rule catalog of GAME (default: every game)."""
    games = [game] if game is not None else list(catalog_games())
    if game is not None and game not in catalog_games():     # "" too: it listed every game
        fail(f"unknown game {game!r}; the catalogs are: {', '.join(catalog_games())}")
    needle = (search or "").lower()
    rows: list[dict[str, Any]] = []
    for g in games:
        cat = load_catalog(g)
        kind = show or "rules"
        if kind == "sections":
            for s in cat.sections:
                rows.append({"game": g, "id": s.id, "title": s.title, "parent": s.parent,
                             "normative": s.normative, "note": s.note})
            continue
        for entry in getattr(cat, kind):
            text = " ".join(str(getattr(entry, f, "")) for f in ("id", "title", "quote", "question", "name"))
            if needle and needle not in text.lower():
                continue
            rows.append(_entry_json(entry))
    if as_json:
        emit_json(rows)
        return
    for row in rows:
        head = row.get("id")
        title = row.get("title") or row.get("name") or ""
        click.echo(f"{head}  [{row.get('kind', row.get('section', ''))}]  {title}")
        if row.get("quote"):
            click.echo(f"    \u201c{row['quote']}\u201d")
        if row.get("question"):
            click.echo(f"    ? {row['question']}")
            for r in row["readings"]:
                mark = "*" if r["id"] == row["default"] else " "
                click.echo(f"    {mark} {r['id']}: {r['text']}")
    if not as_json:
        click.echo(f"{len(rows)} entr{'y' if len(rows) == 1 else 'ies'}", err=True)


def _entry_json(entry: Any) -> dict[str, Any]:
    import attrs

    data = attrs.asdict(entry, recurse=True, value_serializer=lambda i, a, v: dict(v)
                        if hasattr(v, "keys") else v)
    data.pop("line", None)
    return data


# --------------------------------------------------------------------------------------------------
# explore


@main.command()
@click.argument("game")
@click.option("--games", "n_games", default=100, show_default=True, type=count())
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--trace", "trace_path", type=click.Path(dir_okay=False, writable=True, path_type=Path),
              help="Write every game as JSON Lines (docs: the trace format); with --exhaustive, the "
                   "shortest trace to the violation or the --find state.")
@click.option("--claim", type=click.Choice(["digest", "state", "none"]), default="digest", show_default=True,
              help="What each trace line claims about the state after its action.")
@click.option("--board", "board", metavar="FILE|NAME", help="A board file, or a shipped board's name.")
@click.option("--options", "options", metavar="JSON|FILE", help="Game options as JSON (inline or a file).")
@click.option("--max-steps", default=100_000, show_default=True, type=count(1, MAX_STEPS))
@click.option("--policy", type=PolicyName("uniform", "greedy"), default="uniform", show_default=True,
              help="How decisions are drawn: uniformly, or mostly by the game's heuristic (e.g. towards Escape).")
@click.option("--campaign", default=1, show_default=True, type=click.IntRange(min=1, max=1000),
              help="Play each game as a campaign of this many games, each set up from the one before "
                   "(games that carry on: campaigns, scenarios).")
@click.option("--exhaustive", is_flag=True,
              help="Instead of random games, visit every state reachable within --depth steps (decisions "
                   "and chance outcomes), checking every invariant.")
@click.option("--depth", type=click.IntRange(min=0), help="With --exhaustive: the steps to search.")
@click.option("--max-states", type=click.IntRange(min=1, max=10**9), metavar="N",
              help="With --exhaustive: stop after N distinct states (default 5,000,000; the answer is then "
                   "'unknown: budget').  Every search also stops before it outgrows three quarters of the "
                   "memory it may use.")
@click.option("--time-budget", type=Seconds(min=0, max=7 * 86_400, min_open=True), metavar="SECONDS",
              help="With --exhaustive: stop after SECONDS (the answer is then 'unknown: budget').")
@click.option("--find", "find", metavar="EXPR",
              help="With --exhaustive: also look for a state where EXPR holds, an expression over the state s "
                   "in a small language (attributes, indexing, comparisons, arithmetic, and/or/not, len/any/"
                   "all/sum/min/max/abs and generator expressions: docs/limits.md), e.g. 's.boss is not None'; "
                   "give the shortest trace to it.")
@parallel_options
@click.option("--json", "as_json", is_flag=True)
@bad_input_exits_2
def explore(game: str, n_games: int, seed: int, trace_path: Path | None, claim: str, board: str | None,
            options: str | None, max_steps: int, policy: str, campaign: int, exhaustive: bool, depth: int | None,
            max_states: int | None, time_budget: float | None, find: str | None, workers: int | None,
            scheduler: str | None, as_json: bool) -> None:
    """Play random complete games of GAME, checking every invariant after every step; or, with
    --exhaustive, search every state within --depth steps.

    Exit 0 no problem (exhaustive: every invariant holds within the depth), 1 a problem (a violated
    invariant), 3 (exhaustive) the search did not finish: unknown, never 'holds'."""
    from tombspec.model.ruleset import get_ruleset

    from .explore import explore as run
    from .explore.games import carries_on
    from .oracle.trace import TraceWriter
    from .parallel import executor

    config: dict[str, Any] = {"options": load_options(game, options)}
    if board is not None:
        config["board"] = board_argument([game], board)
    if not exhaustive and (depth is not None or max_states or time_budget or find):
        fail("--depth, --max-states, --time-budget and --find go with --exhaustive")
    if exhaustive and depth is None:
        fail("--exhaustive needs --depth K (the steps to search)")
    rs = configured(game, config["options"], config.get("board"))
    if campaign > 1 and not carries_on(rs):
        fail(f"--campaign {campaign}: {game} does not carry on from one game to the next (no campaign, no "
             "scenarios): each game starts afresh")
    if exhaustive:
        _explore_exhaustive(rs, depth or 0, max_states, time_budget, find, trace_path, claim,
                            workers, scheduler, as_json)
        return
    try:
        out = open(trace_path, "wb") if trace_path else None
        try:
            writer = TraceWriter(out, claim) if out else None
            with executor(workers, scheduler) as ex, _progress(n_games, f"exploring {game}", not as_json) as bar:
                report = run(rs, n_games, seed, writer=writer, max_steps=max_steps, progress=bar, policy=policy,
                             campaign=campaign, executor=ex)
        finally:
            if out:
                out.close()
    except OSError as exc:      # the --trace file cannot be written (/nonexist/x, /dev/full)
        raise InvalidInput(f"cannot write the trace: {exc.strerror or exc}", source=str(trace_path)) from None
    # A game cut short by --max-steps is the user's budget, not a rule broken: it is reported as cut
    # short (and not judged), and only the other problems make the exit code 1.
    problems = [p for p in report.problems if p.kind != "unfinished"]
    cut_short = len(report.problems) - len(problems)
    if as_json:
        emit_json({**report.to_json(), "cut_short": cut_short})
    else:
        carried = f" ({report.campaign_games} set up from the game before)" if campaign > 1 else ""
        click.echo(f"{game}: {report.games} games{carried}, {report.steps} steps in {report.seconds:.2f} s "
                   f"({report.steps_per_second:,.0f} steps/s)")
        click.echo("outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(report.outcomes.items())))
        for p in problems:
            click.echo(f"  game {p.game_index} step {p.step}: {p.kind} {p.rule}: {p.message}")
        if cut_short:
            click.echo(f"{cut_short} game(s) cut short by --max-steps {max_steps}: not played to the end, "
                       "not judged")
        click.echo(f"{len(problems)} problem(s)")
    sys.exit(1 if problems else 0)


def _explore_exhaustive(rs: Any, depth: int, max_states: int | None, time_budget: float | None,
                        find: str | None, trace_path: Path | None, claim: str, workers: int | None,
                        scheduler: str | None, as_json: bool) -> None:
    from .explore.bounded import FOUND, HOLDS, IMPOSSIBLE, VIOLATED, compile_goal, search
    from .parallel import executor

    goal = compile_goal(find) if find is not None else None
    with executor(workers, scheduler) as ex, _progress(max_states, f"searching {rs.game} (states)",
                                                       not as_json) as bar:
        answer = search(rs, depth, find=goal, max_states=max_states, time_budget=time_budget, executor=ex,
                        progress=None if bar is None else lambda _, states: bar(states))
    if trace_path is not None and answer.result in (VIOLATED, FOUND):
        with open(trace_path, "wb") as out:
            answer.write_trace(rs, out, claim)
    if as_json:
        emit_json(answer.to_json(rs))
    else:
        click.echo(f"{rs.game}: {answer.result}: {answer.reason}")
        if answer.invariant:
            click.echo(f"  {answer.invariant}: {answer.message}")
        if answer.result in (VIOLATED, FOUND):
            click.echo(f"  shortest trace ({answer.steps} steps):")
            for n, (action, player) in enumerate(zip(answer.witness, answer.players, strict=True), 1):
                who = "chance" if player is None else f"player {player}"
                click.echo(f"    {n}. {who}: {orjson.dumps(rs.encode_action(action)).decode()}")
            if trace_path is not None:
                click.echo(f"  written to {trace_path} (tombspec verify replays it)")
        click.echo(f"{answer.states:,} distinct states in {answer.seconds:.2f} s "
                   f"({answer.states_per_second:,.0f} states/s); diameter {answer.diameter}; "
                   "per depth: " + ", ".join(f"{d}:{n}" for d, n in enumerate(answer.levels)))
    sys.exit(1 if answer.result == VIOLATED else 0 if answer.result in (HOLDS, IMPOSSIBLE, FOUND) else 3)


# --------------------------------------------------------------------------------------------------
# compare


@main.command()
@click.argument("game")
@click.option("--a", "config_a", default="{}", show_default=True, metavar="JSON|FILE",
              help="Configuration A: {\"options\": ..., \"board\": ..., \"policy\": ..., \"max_steps\": ...} "
                   "(an object without those keys is the options alone).")
@click.option("--b", "config_b", required=True, metavar="JSON|FILE", help="Configuration B, the same way.")
@click.option("--label-a", default="A", show_default=True, help="What to call configuration A.")
@click.option("--label-b", default="B", show_default=True, help="What to call configuration B.")
@click.option("--games", "n_games", default=200, show_default=True, type=count(),
              help="Games played with each configuration.")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--png", "png", type=click.Path(dir_okay=False, writable=True, path_type=Path),
              help="Also draw the comparison as a PNG chart.")
@parallel_options
@click.option("--json", "as_json", is_flag=True)
@bad_input_exits_2
def compare(game: str, config_a: str, config_b: str, label_a: str, label_b: str, n_games: int, seed: int,
            png: Path | None, workers: int | None, scheduler: str | None, as_json: bool) -> None:
    """Play GAME under two configurations and compare outcome rates (with confidence intervals), the
    first player's advantage and game length.  Exit 0 (1 if a game met a problem)."""
    from tombspec.model.registry import ruleset_class

    from .compare import Config, chart, describe
    from .compare import compare as run
    from .parallel import executor

    ruleset_class(game)
    a = Config.from_data(label_a, load_options(game, config_a, flag="--a"), "--a")
    b = Config.from_data(label_b, load_options(game, config_b, flag="--b"), "--b")
    for config, flag in ((a, "--a"), (b, "--b")):      # its options checked here, naming the flag
        configured(game, config.options, config.board, flag=flag)
    with executor(workers, scheduler) as ex, _progress(2 * n_games, f"comparing {game}", not as_json) as bar:
        result = run(game, a, b, n_games, seed, ex, bar)
    if png is not None:
        chart(result, png)
    problems = result["a"]["problems"] or result["b"]["problems"]
    if as_json:
        for side in ("a", "b"):
            result[side].pop("lengths")
        emit_json(result)
    else:
        click.echo(describe(result))
        if png is not None:
            click.echo(f"chart: {png}")
    sys.exit(1 if problems else 0)


# --------------------------------------------------------------------------------------------------
# check


@main.command()
@click.option("--game", "game", help="Only this game.")
@click.option("--board", "board", type=click.Path(path_type=Path), help="Also check this board file.")
@click.option("--json", "as_json", is_flag=True)
@click.option("--timeout", default=10.0, show_default=True, type=Seconds(min=0.1, max=3600),
              help="Seconds z3 may spend on one proof before the answer is 'unknown'.")
@click.option("--games", "n_games", default=200, show_default=True, type=count(0),
              help="Random games to explore per modelled game.")
@click.option("--severity", "severities", multiple=True, type=click.Choice(SEVERITIES),
              help="Only findings of this severity (repeatable).")
@click.option("--kind", "kinds", multiple=True, type=click.Choice(KINDS),
              help="Only findings of this kind (repeatable).")
@click.option("--rule", "rule_ids", multiple=True, metavar="ID",
              help="Only findings citing this rule id, or ids under a prefix ending in '.' (repeatable).")
@click.option("--source", "sources", multiple=True, type=click.Choice(["detector", "catalog"]),
              help="Only findings a detector found, or the catalog records (repeatable).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, writable=True, path_type=Path),
              help="Also write the report as one self-contained HTML page (an anchor per finding).")
@click.option("--full", is_flag=True,
              help="Print every finding in full (by default the terminal gets the summary, the errors and "
                   "where the rest is: the errata, --json, --html).")
@parallel_options
@bad_input_exits_2
def check(game: str | None, board: Path | None, as_json: bool, timeout: float, n_games: int,
          severities: tuple[str, ...], kinds: tuple[str, ...], rule_ids: tuple[str, ...],
          sources: tuple[str, ...], html_path: Path | None, full: bool, workers: int | None,
          scheduler: str | None) -> None:
    """The main job: proofs, constraints, reachability and findings over every catalog and model.

    The terminal gets a one-screen summary per game, the errors, and where the rest is (--full prints
    every finding; tombspec errata GAME is the editor's document).  With --severity, --kind, --rule or
    --source it answers from the findings alone, without proofs or explorations, in seconds."""
    from .report import run_check

    games = list(catalog_games())
    if game is not None and game not in games:
        fail(f"unknown game {game!r}; the catalogs are: {', '.join(games)}")
    chosen = [game] if game else games
    if board is not None:     # a file that is no board of the game was checked as nothing (exit 0)
        _check_board_file(chosen, board)
    if (severities or kinds or rule_ids or sources) and board is None:
        _check_findings(chosen, severities, kinds, rule_ids, sources, html_path, as_json)
        return
    result = run_check(chosen, board=board, timeout=timeout, explore_games=n_games,
                       progress=not as_json, workers=workers, scheduler=scheduler)
    shown = result.select(severity=severities, kind=kinds, rule=rule_ids, source=sources)
    if html_path is not None:
        try:
            html_path.write_text(result.html(shown), encoding="utf-8")
        except OSError as exc:
            fail(f"{html_path}: cannot write the HTML report: {exc.strerror}")
    if as_json:
        emit_json(result.to_json(shown))
    elif full:
        result.print(shown)
    else:
        result.print_summary(html_path)
    sys.exit(result.exit_code)


def _check_board_file(games: list[str], board: Path) -> None:
    """``check --board FILE``: the file must load as a board of the game checked (of one of them, without
    ``--game``), before any work; else bad input naming it and each game's problem."""
    from tombspec.model.registry import registered_games

    from .oracle.trace import configure

    problems = []
    for g in games:
        if g not in registered_games():
            continue
        try:
            configure(g, None, str(board), source=str(board), allow_paths=True)
            return
        except TombspecError as exc:
            problems.append(str(exc))
    fail(f"{board}: not a board of {' or '.join(games)}: " + "; ".join(p[:300] for p in problems))


def _check_findings(games: list[str], severities: tuple[str, ...], kinds: tuple[str, ...],
                    rule_ids: tuple[str, ...], sources: tuple[str, ...], html_path: Path | None,
                    as_json: bool) -> None:
    """``check`` with filters over findings: the catalogs and detectors alone (no proof, no exploration)."""
    import time

    from .report import CheckResult
    from .report.errata import findings_only
    from .report.editor import select

    start = time.perf_counter()
    _, entries = findings_only(games)
    result = CheckResult(games=games, entries=entries)
    result.seconds = time.perf_counter() - start
    shown = select(entries, severity=severities, kind=kinds, rule=rule_ids, source=sources)
    if html_path is not None:
        try:
            html_path.write_text(result.html(shown), encoding="utf-8")
        except OSError as exc:
            fail(f"{html_path}: cannot write the HTML report: {exc.strerror}")
    if as_json:
        emit_json({**result.to_json(shown), "findings_only": True})
    else:
        result.print(shown, findings_only=True)
    sys.exit(0)


# --------------------------------------------------------------------------------------------------
# errata


@main.command()
@click.argument("game")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the errata as one self-contained HTML page.")
@click.option("--json", "as_json", is_flag=True)
@bad_input_exits_2
def errata(game: str, html_path: Path | None, as_json: bool) -> None:
    """The rules editor's document for GAME, in the rulebook's order: an index; each error and
    contradiction with its passages and a proposed correction; the open questions by section, with their
    readings.  Markdown on standard output (--json: as data; --html FILE: a page).  Needs no proof or
    exploration: it answers in seconds."""
    from .report.errata import build, to_html, to_markdown

    games = list(catalog_games())
    if game not in games:
        fail(f"unknown game {game!r}; the catalogs are: {', '.join(games)}")
    data = build(game)
    if html_path is not None:
        try:
            html_path.write_text(to_html(data), encoding="utf-8")
        except OSError as exc:
            fail(f"{html_path}: cannot write the errata: {exc.strerror}")
    if as_json:
        emit_json(data)
    else:
        click.echo(to_markdown(data), nl=False)


# --------------------------------------------------------------------------------------------------
# prob


@main.command()
@click.argument("game", type=click.Choice(catalog_games()))
@click.option("--json", "as_json", is_flag=True)
@click.option("--decimal", is_flag=True, help="Print decimals instead of exact fractions.")
@bad_input_exits_2
def prob(game: str, as_json: bool, decimal: bool) -> None:
    """Exact probability tables of GAME's dice (from its dice module)."""
    from .games import probability_tables as tables

    def show(p: Any) -> Any:
        return f"{float(p):.4f}" if decimal else str(p)

    data = tables(game)
    if as_json:
        emit_json({name: {str(r): ({str(c): show(v) for c, v in row.items()} if isinstance(row, dict) else show(row))
                          for r, row in table.items()} for name, table in data.items()})
        return
    for name, table in data.items():
        click.echo(f"{game}: {name}")
        for row, cells in table.items():
            if isinstance(cells, dict):
                click.echo(f"  {row:>12}: " + "  ".join(f"{c}={show(v)}" for c, v in cells.items()))
            else:
                click.echo(f"  {row:>12}: {show(cells)}")




for _command in oracle_cli.COMMANDS:
    main.add_command(_command)
