"""The oracle's commands (verify, vectors, conform, trace); ``tombspec.checks.cli`` adds :data:`COMMANDS`
to the ``tombspec`` group.

Exit codes as everywhere: 0 all conform, 1 a divergence, 2 bad input or usage (a malformed trace,
vector or argument; an implementation that crashes, hangs or answers garbage).  Bad input never ends in
a traceback.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click


from ..clikit import (MAX_STEPS, Fraction01, PolicyName, Seconds, bad_input_exits_2, board_argument, configured, count, emit_json,
                      fail, load_options, write_lines)
from ..parallel import parallel_options


# --------------------------------------------------------------------------------------------------
# verify


@click.command()
@click.argument("traces", nargs=-1, required=True, metavar="TRACE...")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable report.")
@click.option("--itf", "itf_dir", type=click.Path(file_okay=False, path_type=Path), metavar="DIR",
              help="Also write every replayed game as an ITF trace (Apalache/Quint) into DIR.")
@click.option("--strict", is_flag=True, help="Count an unspecified game (a question the rulebook leaves "
                                                 "open) as a failure (exit 1).")
@click.option("--rule-match", type=click.Choice(["any", "exact"]), default="any", show_default=True,
              help="Where an action breaks several rules: a refusal the trace claims for any of those the model "
                   "names conforms (any), or only for the first (exact).")
@parallel_options
@bad_input_exits_2
def verify(traces: tuple[str, ...], as_json: bool, itf_dir: Path | None, strict: bool, rule_match: str,
           workers: int | None, scheduler: str | None) -> None:
    """Replay game logs (JSON Lines traces; '-' is standard input) through the reference model.

    Reports the first divergence of each game: file, line, action, and the rule it breaks (id and
    quote) or the fields that differ.  Exit 0 all conform, 1 a divergence, 2 malformed input."""
    from ..parallel import executor
    from .pverify import pverify

    with executor(workers, scheduler) as ex:
        report = pverify(traces, ex, itf_dir=itf_dir, strict=strict, rule_match=rule_match)
    if as_json:
        emit_json(report.to_json())
    else:
        for d in report.divergences:
            click.echo(d.describe())
        for d in report.unspecified:
            click.echo(d.describe())
        for m in report.incomplete:
            click.echo(m)
        for m in report.protocol_notes:
            click.echo(f"note: {m}")
        for m in report.malformed:
            click.echo(f"tombspec: error: {m}", err=True)
        click.echo(report.summary())
    sys.exit(report.exit_code)


# --------------------------------------------------------------------------------------------------
# trace: the format's own tools


@click.group()
def trace() -> None:
    """The trace format: its JSON Schemas."""


@trace.command("schema")
@click.argument("name", required=False, metavar="[NAME]")
@click.option("--game", help="Print this game's state and action schemas instead.")
@click.option("--json", "as_json", is_flag=True,
              help="Accepted for uniformity: the schemas are JSON either way (errors too, on stdout).")
@bad_input_exits_2
def trace_schema(name: str | None, game: str | None, as_json: bool) -> None:
    """Print a JSON Schema of the oracle's formats (NAME: trace-header, trace-step, vector-manifest,
    vector-error, rpc-response, reset-result, step-result; default: all)."""
    from . import schema

    if game is not None:
        from tombspec.model.ruleset import get_ruleset

        from .protocol import protocol_version

        emit_json({**schema.game_schemas(get_ruleset(game)), "protocol": protocol_version(game)})
        return
    if name is None:
        emit_json(schema.ALL)
        return
    if name not in schema.ALL:
        fail(f"unknown schema {name!r}; known: {', '.join(schema.ALL)}")
    emit_json(schema.ALL[name])


# --------------------------------------------------------------------------------------------------
# conform


def _games_argument(game: str | None) -> list[str]:
    from tombspec.model.ruleset import registered_games

    games = list(registered_games())
    if game is None:
        return games
    if game not in games:
        fail(f"no model for game {game!r}; modelled games: {', '.join(games)}")
    return [game]


@click.command()
@click.option("--impl", "impl", required=True, metavar="CMD",
              help="The implementation: a command line speaking the conform protocol (JSON-RPC 2.0 on "
                   "stdin/stdout), or python:MODULE:CLASS / python:FILE.py:CLASS for an in-process adapter.")
@click.option("--game", help="Only this game (default: every modelled game).")
@click.option("--games", "n_games", default=100, show_default=True, type=count(),
              help="Random games to play per game (at most 1,000,000).")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--timeout", default=5.0, show_default=True, type=Seconds(min=0.01, max=3600),
              help="Seconds the implementation may take to answer one message, 0.01 to 3600 (its first "
                   "answer, while it starts, may take at least 10 s).")
@click.option("--options", "options", metavar="JSON|FILE", help="Game options as JSON (inline or a file).")
@click.option("--board", "board", metavar="NAME", help="A shipped board's name or a board file.")
@click.option("--probe-rate", default=0.15, show_default=True, type=Fraction01(),
              help="How often to send an action the model refuses, to check it is refused for the same rule.")
@click.option("--max-steps", default=5000, show_default=True, type=count(1, MAX_STEPS))
@click.option("--policy", type=PolicyName("uniform", "greedy", "coverage"), default="uniform",
              show_default=True, help="How decisions are drawn: uniformly; mostly by the game's heuristic; or "
                                      "towards what the run has not played yet and each of the game's ends.")
@click.option("--rule-coverage/--no-rule-coverage", default=None,
              help="End the report with the formalised rules no game exercised (default: with --policy coverage; "
                   "recording them halves the steps per second).")
@click.option("--rule-match", type=click.Choice(["any", "exact"]), default="any", show_default=True,
              help="Where an action breaks several rules: accept a refusal naming any of those the model lists "
                   "(any), or only the first (exact).")
@click.option("--no-shrink", is_flag=True, help="Report the failing game as played, unshrunk.")
@click.option("--shrink-seconds", default=60.0, show_default=True, type=Seconds(min=0, max=86_400))
@click.option("--trace-out", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Write the shrunk failing game as a trace to FILE.")
@click.option("--protocol", "protocol", type=click.IntRange(min=1, max=10_000), metavar="N",
              help="The version of the game's protocol the implementation speaks: it is sent only that version's "
                   "options and compared on its state fields, and the report says what changed since "
                   "(tombspec protocol GAME lists the versions).")
@click.option("--infer-readings", is_flag=True,
              help="Settle, from the implementation's answers, the readings it takes where the rulebook is open: "
                   "adopt the reading that explains each divergence and play again, then try every other reading "
                   "of each ambiguity the games reached; print its reading profile (one game: --game).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable report.")
@bad_input_exits_2
def conform(impl: str, game: str | None, n_games: int, seed: int, timeout: float, options: str | None,
            board: str | None, probe_rate: float, max_steps: int, policy: str, rule_coverage: bool | None,
            rule_match: str, no_shrink: bool,
            shrink_seconds: float, trace_out: Path | None, protocol: int | None, infer_readings: bool,
            as_json: bool) -> None:
    """Drive an implementation live: random games, compared with the model after every step.

    Exit 0 it conforms, 1 it diverges (the shrunk game is printed as a replayable trace), 2 bad input
    or an implementation that crashes, hangs, answers late or answers garbage.  With --infer-readings:
    0 when the readings settled make it conform, 1 when a divergence no reading explains is left."""
    from .conform import conform as run, infer_readings as infer, open_implementation

    games = _games_argument(game)
    if infer_readings and len(games) != 1:
        fail("--infer-readings settles one game's readings: name it with --game")
    opts = load_options(games[0], options)
    board_arg = board_argument(games, board)
    if opts is not None or board_arg is not None:     # checked before the implementation starts
        for g in games:
            configured(g, opts, board_arg)
    implementation = open_implementation(impl, timeout=timeout)
    if infer_readings:
        try:
            profile = infer(implementation, games[0], games=n_games, seed=seed, options=opts, board=board_arg,
                            probe_rate=probe_rate, max_steps=max_steps, rule_match=rule_match, policy=policy,
                            protocol=protocol)
        finally:
            implementation.close()
        if as_json:
            emit_json(profile.to_json())
        else:
            click.echo(profile.describe())
        sys.exit(profile.exit_code())
    try:
        report = run(implementation, games, games=n_games, seed=seed, options=opts, board=board_arg,
                     probe_rate=probe_rate, max_steps=max_steps, shrink=not no_shrink,
                     shrink_seconds=shrink_seconds, rule_match=rule_match, policy=policy,
                     coverage=policy == "coverage" if rule_coverage is None else rule_coverage,
                     protocol=protocol)
    finally:
        implementation.close()
    if report.failure is not None and not as_json:
        if trace_out is None:   # the text report shows the table; the trace goes to a file beside it
            import tempfile

            fd, name = tempfile.mkstemp(prefix="tombspec-conform-", suffix=".jsonl")
            os.close(fd)
            trace_out = Path(name)
        report.trace_path = str(trace_out)
    if trace_out is not None and report.failure is not None:
        write_lines(trace_out, report.failure.trace, what="the --trace-out file")
    if as_json:
        emit_json(report.to_json())
    else:
        click.echo(report.describe())
    sys.exit(report.exit_code)


# --------------------------------------------------------------------------------------------------
# vectors


@click.group()
def vectors() -> None:
    """Conformance vectors: export them, run them against an implementation, measure their coverage."""


@vectors.command("export")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--game", help="Only this game (default: every modelled game).")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--games", "n_games", default=12, show_default=True, type=count(),
              help="Random games explored per configuration.")
@click.option("--per-rule", default=2, show_default=True, type=count(1, 10_000),
              help="Cases kept per rule (accepted and refused) and per transition.")
@click.option("--policy", type=PolicyName("uniform", "greedy", "coverage"), default="uniform",
              show_default=True, help="How the explored games draw their decisions.")
@click.option("--config", "config", metavar="LABEL", help="Only the configuration LABEL (e.g. default-standard; "
                                                          "an unknown label lists them).")
@click.option("--from-tests", "from_tests", type=click.Path(exists=True, path_type=Path), metavar="PATH",
              help="Also run the tests under PATH (pytest) and keep the vectors their assertions yield.")
@click.option("--json", "as_json", is_flag=True)
@bad_input_exits_2
def vectors_export(directory: Path, game: str | None, seed: int, n_games: int, per_rule: int,
                   policy: str, config: str | None, from_tests: Path | None, as_json: bool) -> None:
    """Write conformance vectors under DIRECTORY: <game>/<area>/<case>/ with pre.json, action.json,
    post.json or error.json, and manifest.json."""
    from .vectors import coverage, export

    games = _games_argument(game)
    report = export(directory, games, seed=seed, games_per_config=n_games, per_rule=per_rule, policy=policy,
                    config=config)
    tests_code = None
    if from_tests is not None:
        import subprocess

        proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(from_tests),
                               "--tombspec-save-vectors", str(directory)], capture_output=True, text=True)
        tests_code = proc.returncode
        if proc.returncode not in (0, 5):
            click.echo(proc.stdout[-3000:], err=True)
            if proc.returncode in (2, 3, 4):   # interrupted, internal error, usage error: not a rule broken
                click.echo(proc.stderr[-3000:], err=True)
                fail(f"pytest could not run the tests under {from_tests} (pytest exit {proc.returncode})")
            fail(f"the tests under {from_tests} failed (pytest exit {proc.returncode}); their vectors are "
                 "incomplete", code=1)
        report.coverage = coverage(directory, games)
    if as_json:
        emit_json({**report.to_json(), "tests_exit": tests_code})
        return
    click.echo(f"{report.cases} explored case(s) ({report.resets} reset, {report.legal} accepted, "
               f"{report.illegal} refused) from {report.games} games in {report.seconds:.1f} s -> {directory}")
    _print_coverage(report.coverage)


def _print_coverage(cov: dict[str, Any]) -> None:
    for g, c in cov.items():
        click.echo(f"{g}: {c['formalised']} formalised rule(s): {len(c['accepted'])} exercised by accepted "
                   f"cases, {len(c['refused'])} named by refused cases, {len(c['not_covered'])} not covered")
        for rid in c["not_covered"]:
            click.echo(f"    not covered: {rid}")


@vectors.command("coverage")
@click.argument("directory", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--game", help="Only this game.")
@click.option("--json", "as_json", is_flag=True)
@bad_input_exits_2
def vectors_coverage(directory: Path, game: str | None, as_json: bool) -> None:
    """Which formalised rules the vectors under DIRECTORY cover (accepted, refused) and which they miss."""
    from .vectors import coverage

    cov = coverage(directory, _games_argument(game))
    if as_json:
        emit_json(cov)
    else:
        _print_coverage(cov)


@vectors.command("run")
@click.argument("directory", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--impl", "impl", required=True, metavar="CMD",
              help="The implementation (a command line speaking the conform protocol, or python:MODULE:CLASS).")
@click.option("--game", help="Only this game's cases.")
@click.option("--timeout", default=5.0, show_default=True, type=Seconds(min=0.01, max=3600))
@click.option("--json", "as_json", is_flag=True)
@bad_input_exits_2
def vectors_run(directory: Path, impl: str, game: str | None, timeout: float, as_json: bool) -> None:
    """Run the vectors under DIRECTORY against an implementation over the conform protocol.

    Exit 0 every case passes, 1 a case fails, 2 a malformed case or an implementation failure."""
    from .conform import open_implementation
    from .vectors import run_tree

    if game is not None:
        _games_argument(game)
    implementation = open_implementation(impl, timeout=timeout)
    try:
        report = run_tree(directory, implementation, game=game)
    finally:
        implementation.close()
    if as_json:
        emit_json(report.to_json())
    else:
        skipped: dict[str, list[str]] = {}
        for r in report.results:
            if r.status == "skipped":         # one line per reason, not one per case
                skipped.setdefault(r.message, []).append(r.case)
            elif r.status != "pass":
                click.echo(f"{r.status.upper()}: {r.case}: {r.message}")
        for why, cases in skipped.items():
            click.echo(f"SKIPPED: {len(cases)} case(s) ({cases[0]}{', ...' if len(cases) > 1 else ''}): {why}")
        for m in report.malformed:
            click.echo(f"tombspec: error: {m}", err=True)
        click.echo(report.summary())
    sys.exit(report.exit_code)


# --------------------------------------------------------------------------------------------------
# explain: the conformance guide


@click.command()
@click.argument("game")
@click.option("--board", "board", metavar="NAME|FILE", help="A shipped board's name or a board file.")
@click.option("--options", "options", metavar="JSON|FILE", help="Game options as JSON (inline or a file).")
@click.option("--games", "n_games", default=12, show_default=True, type=count(),
              help="Games sampled per configuration for the turn table and the values seen.")
@click.option("--steps", "budget", default=8000, show_default=True, type=count(1, MAX_STEPS),
              help="Steps sampled in all (the sample stops there).")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--json", "as_json", is_flag=True, help="The guide as JSON data.")
@bad_input_exits_2
def explain(game: str, board: str | None, options: str | None, n_games: int, budget: int, seed: int,
            as_json: bool) -> None:
    """The conformance guide of GAME, generated from its model: the turn (who acts, which actions, which
    chance), every state field and what it means, the actions, the options and the ambiguities they
    settle, the tie-breaks, which rule a refusal names, and worked protocol exchanges (Markdown)."""
    from .guide import build, to_markdown

    games = _games_argument(game)
    board_arg = board_argument(games, board)
    opts = load_options(games[0], options)
    configured(games[0], opts, board_arg)
    guide = build(games[0], options=opts, board=board_arg, games=n_games,
                  seed=seed, budget=budget)
    if as_json:
        emit_json(guide)
    else:
        click.echo(to_markdown(guide))


@click.command()
@click.argument("game")
@click.option("--since", type=click.IntRange(min=1, max=10_000), metavar="N",
              help="Only what changed since version N (what an implementation of version N must change).")
@click.option("--json", "as_json", is_flag=True)
@bad_input_exits_2
def protocol(game: str, since: int | None, as_json: bool) -> None:
    """The versions of GAME's protocol (its state, actions, options and the rules a refusal names), and
    what each changed, computed from the recorded surfaces."""
    from .protocol import changes_between, changes_since, current_version, version_of, versions

    games = _games_argument(game)
    history = versions(games[0])
    if not history:
        fail(f"{game} has no recorded protocol versions")
    now = current_version(games[0])
    if since is not None:
        version_of(games[0], since)
        data: Any = {"game": game, "current": now, "since": since, "changes": changes_since(games[0], since)}
        if as_json:
            emit_json(data)
        else:
            click.echo(f"{game}: protocol version {now}; changed since version {since}:" if data["changes"] else
                       f"{game}: protocol version {now}; nothing changed since version {since}")
            for line in data["changes"]:
                click.echo(f"  - {line}")
        return
    rows = []
    for i, v in enumerate(history):
        changed = changes_between(history[i - 1]["surface"], v["surface"]) if i else []
        rows.append({"version": v["version"], "date": v["date"], "changes": v["changes"], "computed": changed})
    if as_json:
        emit_json({"game": game, "current": now, "versions": rows})
        return
    click.echo(f"{game}: protocol version {now}")
    for r in rows:
        click.echo(f"version {r['version']} ({r['date']}): {r['changes']}")
        for line in r["computed"]:
            click.echo(f"  - {line}")


COMMANDS = (verify, trace, conform, vectors, explain, protocol)
