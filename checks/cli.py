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

from tombspec.spec import InvalidInput, catalog_games, load_catalog

from .clikit import MAX_STEPS, Seconds, TombspecGroup, _progress, bad_input_exits_2, count, emit_json, fail, load_options
from .oracle import cli as oracle_cli


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
    games = [game] if game else list(catalog_games())
    if game and game not in catalog_games():
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
              help="Write every game as JSON Lines (docs: the trace format).")
@click.option("--claim", type=click.Choice(["digest", "state", "none"]), default="digest", show_default=True,
              help="What each trace line claims about the state after its action.")
@click.option("--board", "board", metavar="FILE|NAME", help="A board file, or a shipped board's name.")
@click.option("--options", "options", metavar="JSON|FILE", help="Game options as JSON (inline or a file).")
@click.option("--max-steps", default=100_000, show_default=True, type=count(1, MAX_STEPS))
@click.option("--policy", type=click.Choice(["uniform", "greedy"]), default="uniform", show_default=True,
              help="How decisions are drawn: uniformly, or mostly by the game's heuristic (e.g. towards Escape).")
@click.option("--json", "as_json", is_flag=True)
@bad_input_exits_2
def explore(game: str, n_games: int, seed: int, trace_path: Path | None, claim: str, board: str | None,
            options: str | None, max_steps: int, policy: str, as_json: bool) -> None:
    """Play random complete games of GAME, checking every invariant after every step."""
    from tombspec.model.ruleset import get_ruleset

    from .explore import explore as run
    from .oracle.trace import TraceWriter

    config: dict[str, Any] = {"options": load_options(game, options)}
    if board is not None:
        config["board"] = board
    rs = get_ruleset(game, **config)
    try:
        out = open(trace_path, "wb") if trace_path else None
        try:
            writer = TraceWriter(out, claim) if out else None
            with _progress(n_games, f"exploring {game}", not as_json) as bar:
                report = run(rs, n_games, seed, writer=writer, max_steps=max_steps, progress=bar, policy=policy)
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
        click.echo(f"{game}: {report.games} games, {report.steps} steps in {report.seconds:.2f} s "
                   f"({report.steps_per_second:,.0f} steps/s)")
        click.echo("outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(report.outcomes.items())))
        for p in problems:
            click.echo(f"  game {p.game_index} step {p.step}: {p.kind} {p.rule}: {p.message}")
        if cut_short:
            click.echo(f"{cut_short} game(s) cut short by --max-steps {max_steps}: not played to the end, "
                       "not judged")
        click.echo(f"{len(problems)} problem(s)")
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
@bad_input_exits_2
def check(game: str | None, board: Path | None, as_json: bool, timeout: float, n_games: int) -> None:
    """The main job: proofs, constraints, reachability and findings over every catalog and model."""
    from .report import run_check

    games = list(catalog_games())
    if game is not None and game not in games:
        fail(f"unknown game {game!r}; the catalogs are: {', '.join(games)}")
    result = run_check([game] if game else games, board=board, timeout=timeout, explore_games=n_games,
                       progress=not as_json)
    if as_json:
        emit_json(result.to_json())
    else:
        result.print()
    sys.exit(result.exit_code)


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
