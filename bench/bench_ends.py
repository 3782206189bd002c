"""Conformance depth (issue 27): does ``conform --policy search-ends`` reach every end of every game within
its default games?

For each game: ``conform`` against the model itself (``python:tombspec.checks.oracle.conform:ModelAdapter``,
in process), the default configuration, ``--policy search-ends``, its default 100 games (``GAMES``), seeds
0 to ``SEEDS`` - 1 (one run each): the ends each run reached, the declared ends it missed, and the run's
time.  A run that misses an end says which; the share of runs that reach every end is the figure.

``TOMBSPEC_BENCH_ENDS_GAMES`` (comma-separated game names), ``TOMBSPEC_BENCH_ENDS_SEEDS`` (runs per game)
and ``TOMBSPEC_BENCH_ENDS_N`` (games a run, fewer than conform's default: a run that reaches every end in
fewer reaches them in the default's, whose first games are the same) narrow a run; each game's row is kept in ``bench/out/ends-GAME.json`` and the table is rebuilt from every
kept row, so a game measured alone keeps the others'.
"""

from __future__ import annotations

import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bench_search import _commit     # (bench/ is on the path: run.py's folder)

TITLE = "Conformance depth: the ends conform --policy search-ends reaches"
GAMES = 100
SEEDS = 3
ALL = ("raiders", "secrets", "egypt", "tomb", "cryptmaster")


def one_run(game: str, seed: int, games: int) -> dict[str, Any]:
    """One ``conform --policy search-ends`` run of ``games`` games against the model itself."""
    from tombspec.checks.oracle.conform import InProcess, ModelAdapter, conform

    start = time.perf_counter()
    report = conform(InProcess(ModelAdapter(), timeout=600), [game], games=games, seed=seed,
                     policy="search-ends", shrink=False)
    return {"game": game, "seed": seed, "games": report.games, "exit": report.exit_code,
            "ended": report.ended.get(game, {}), "missed": report.ends_unreached.get(game, []),
            "seconds": time.perf_counter() - start}


def run(quick: bool, out: Path) -> str:
    names = [g for g in os.environ.get("TOMBSPEC_BENCH_ENDS_GAMES", ",".join(ALL)).split(",") if g]
    seeds = int(os.environ.get("TOMBSPEC_BENCH_ENDS_SEEDS", 1 if quick else SEEDS))
    games = int(os.environ.get("TOMBSPEC_BENCH_ENDS_N", 10 if quick else GAMES))
    out.mkdir(parents=True, exist_ok=True)
    jobs = [(g, s) for g in names for s in range(seeds)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(one_run, [g for g, _ in jobs], [s for _, s in jobs], [games] * len(jobs)))
    when, commit = time.strftime("%Y-%m-%d"), _commit()
    for game in names:
        rows = [r for r in results if r["game"] == game]
        (out / f"ends-{game}.json").write_text(json.dumps({"runs": rows, "date": when, "commit": commit,
                                                           "quick": quick}, indent=1))
    lines = [f"`conform --policy search-ends` against the model itself (in process), each game's default "
             "configuration, the games of each run as the table gives them (conform's default is "
             f"{GAMES}{'; quick' if quick else ''}), seeds 0 to {seeds - 1} (this run): the ends "
             "each run reached, and those it missed.", "",
             "| game | run (seed) | games | ends reached | missed | exit | time |", "|---|---|---|---|---|---|---|"]
    every = {}
    for game in ALL:
        kept = out / f"ends-{game}.json"
        if not kept.exists():
            continue
        data = json.loads(kept.read_text())
        for r in data["runs"]:
            ended = ", ".join(f"{k} {v}" for k, v in sorted(r["ended"].items()))
            lines.append(f"| {game} | {r['seed']} | {r['games']} | {ended} | {', '.join(r['missed']) or 'none'} | "
                         f"{r['exit']} | {r['seconds']:.0f} s |")
        every[game] = (sum(not r["missed"] for r in data["runs"]), len(data["runs"]), data["date"], data["commit"],
                       data.get("quick", False))
    lines += ["", "Runs that reached every declared end: " + "; ".join(
        f"{g} {k} of {n} ({d} `{c}`{', quick' if q else ''})" for g, (k, n, d, c, q) in every.items()) + "."]
    return "\n".join(lines)
