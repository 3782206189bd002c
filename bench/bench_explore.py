"""Explore and check: how fast the Raiders reference model plays, and how long ``tombspec check`` takes."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

TITLE = "explore and check"


def run(quick: bool, out: Path) -> str:
    from tombspec.checks.explore import explore
    from tombspec.model.raiders import Raiders

    games = 100 if quick else 1000
    rows = []
    for board in ("standard", "large"):
        for policy in ("uniform", "greedy"):
            report = explore(Raiders(board=board), games, seed=1, policy=policy)
            rows.append(f"| {board} | {policy} | {report.games} | {report.steps:,} | {report.seconds:.2f} s | "
                        f"**{report.steps_per_second:,.0f}** | {dict(sorted(report.outcomes.items()))} |")
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "tombspec.checks", "check", "--json"],
                          capture_output=True, check=False)
    check_seconds = time.perf_counter() - start
    lines = [
        "## Explore (the Raiders reference model) and `tombspec check`",
        "",
        f"`explore(Raiders(board=...), {games}, seed=1, policy=...)`: every step through `legal_actions`/"
        "`chance_outcomes` and `step`, every invariant checked after every step.",
        "",
        "| board | policy | games | steps | time | steps/s | outcomes |",
        "|---|---|---|---|---|---|---|",
        *rows,
        "",
        f"`tombspec check` (all five catalogs, proofs, constraints, reachability, 200 explored games, coverage, "
        f"findings): **{check_seconds:.1f} s** wall clock, exit {done.returncode}.",
    ]
    return "\n".join(lines)
