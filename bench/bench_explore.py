"""Explore and check: how fast each registered model plays (1000 complete games per game, spread over
every configuration its model lists, half uniform and half greedy), and how long ``tombspec check``
takes."""

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
    from tombspec.checks.explore.games import explore_configurations
    from tombspec.model.registry import registered_games as registered

    per_game = []
    for game in registered():
        runs = explore_configurations(game, games)
        played = sum(r.games for _, _, r in runs)
        steps = sum(r.steps for _, _, r in runs)
        seconds = sum(r.seconds for _, _, r in runs)
        outcomes: dict[str, int] = {}
        for _, _, r in runs:
            for k, v in r.outcomes.items():
                outcomes[k] = outcomes.get(k, 0) + v
        problems = [p for _, _, r in runs for p in r.problems]
        kinds = sorted({f"{p.kind} {p.rule}" for p in problems})
        per_game.append(f"| {game} | {len(runs) // 2} | {played} | {steps:,} | {seconds:.1f} s | "
                        f"**{steps / seconds if seconds else 0:,.0f}** | {dict(sorted(outcomes.items()))} | "
                        f"{len(problems)}{': ' + '; '.join(kinds[:5]) if kinds else ''} |")
    from tombspec.checks.explore.games import carries_on
    from tombspec.model.registry import get_ruleset

    campaigns = []
    for game in registered():
        rs = get_ruleset(game)
        if carries_on(rs):
            r = explore(rs, max(1, games // 10), seed=1, campaign=3)
            campaigns.append(f"| {game} | {r.games // 3 if r.games >= 3 else r.games} x 3 | {r.games} "
                             f"({r.campaign_games} set up from the game before) | {r.steps:,} | "
                             f"**{r.steps_per_second:,.0f}** | {len(r.problems)} |")
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
        f"Every registered game, `explore_configurations(game, {games})`: the games spread over every "
        "configuration the model lists (player counts, modes, variants, non-default readings), half "
        "uniform and half greedy; every invariant checked after every step.  A problem is a broken "
        "invariant, an error, an unfinished game (step budget) or an unset reading met.",
        "",
        "| game | configurations | games | steps | time | steps/s | outcomes | problems |",
        "|---|---|---|---|---|---|---|---|",
        *per_game,
        "",
        "Campaigns (`explore(rs, n, seed=1, campaign=3)`, the games that carry on from one game to the next):",
        "",
        "| game | campaigns | games | steps | steps/s | problems |",
        "|---|---|---|---|---|---|",
        *campaigns,
        "",
        f"`tombspec check` (all five catalogs, proofs, constraints, reachability, 200 explored games, coverage, "
        f"findings): **{check_seconds:.1f} s** wall clock, exit {done.returncode}.",
    ]
    return "\n".join(lines)
