"""Players that play well (issue 27): the search policy's results in each game's default configuration,
its time per game and per decision on one core, and, where a target is not met, the results against the
budget (simulations per decision) until they flatten.

``TOMBSPEC_BENCH_SEARCH_GAMES`` (a comma-separated list), ``TOMBSPEC_BENCH_SEARCH_N`` (games each) and
``TOMBSPEC_BENCH_SEARCH_BUDGETS`` (the simulations of the budget curve, comma-separated; ``none``: no
curve) narrow a run.  A game is cut after ``MAX_DECISIONS`` decisions and counted ``unfinished`` (a
search that dithers would otherwise never end an Egypt game: the rules set no turn limit).  Game *i* is seeded as ``tombspec explore`` seeds it (seed 1, game *i*), so a figure can be reproduced
with ``tombspec explore GAME --policy POLICY --seed 1``.  The games run on two worker processes; the time
per game is each game's own (one core).
"""

from __future__ import annotations

import json
import random
import subprocess
import time
from pathlib import Path
from concurrent.futures import ProcessPoolExecutor
from typing import Any

TITLE = "Search: how well the search policy plays"

#: game -> (policy, what counts, the target share, the issue's words)
GOALS: dict[str, tuple[str, str, float, str]] = {
    "secrets": ("search", "won", 0.15, "won"),
    "egypt": ("search", "victory", 0.40, "Exploration victory"),
    "raiders": ("search", "escaped", 0.40, "escape with the Grail"),
    "tomb": ("search-one", "first", 0.75, "the search player (seat 0) first, the others uniform"),
    "cryptmaster": ("search-one", "first", 0.75, "the search player (seat 0) first, the others uniform"),
}
BUDGETS = (4, 16, 64, 256)
#: the most decisions a game may take before it is counted unfinished
MAX_DECISIONS = 10_000


def play_one(game: str, policy: str, i: int) -> dict[str, Any]:
    """Game ``i`` by ``policy``: its outcome, whether seat 0 came first, its steps, decisions and seconds."""
    from tombspec.model.play import make_policy, playout
    from tombspec.model.registry import get_ruleset

    rs = get_ruleset(game)
    chooser = make_policy(policy)
    decisions = steps = 0
    state = rs.initial_state()
    start = time.process_time()
    for _, player, state in playout(rs, random.Random(f"1:{i}"), policy=chooser, max_steps=100_000):
        steps += 1
        decisions += player is not None
        if decisions >= MAX_DECISIONS:
            break
    seconds = time.process_time() - start
    returns = rs.returns(state) if rs.is_terminal(state) else None
    first = returns is not None and returns[0] > 0 and returns[0] >= max(returns)
    return {"outcome": getattr(state, "outcome", None) or "unfinished", "first": first, "steps": steps,
            "decisions": decisions, "seconds": seconds}


def measure(game: str, policy: str, games: int) -> dict[str, Any]:
    with ProcessPoolExecutor(2) as pool:
        results = list(pool.map(play_one, [game] * games, [policy] * games, range(games)))
    goal = GOALS[game][1]
    hits = sum(r["first"] if goal == "first" else r["outcome"] == goal for r in results)
    outcomes: dict[str, int] = {}
    for r in results:
        outcomes[r["outcome"]] = outcomes.get(r["outcome"], 0) + 1
    seconds = sum(r["seconds"] for r in results)
    return {"games": games, "hits": hits, "share": hits / games, "outcomes": dict(sorted(outcomes.items())),
            "per_game": seconds / games, "per_decision": seconds / max(1, sum(r["decisions"] for r in results)),
            "low_high": wilson(hits, games)}


def _kept_rows() -> dict[str, tuple[list[str], list[str]]]:
    """Each game's row and budget curve in the search section of ``bench/RESULTS.md`` as it stands: what a
    run that does not measure the game keeps when its ``bench/out/search-GAME.json`` is gone (``bench/out/``
    is not committed, so a fresh clone has none)."""
    results = Path(__file__).resolve().parent / "RESULTS.md"
    if not results.exists():
        return {}
    text = results.read_text(encoding="utf-8")
    start, end = text.find("<!-- bench:search -->"), text.find("<!-- /bench:search -->")
    kept: dict[str, tuple[list[str], list[str]]] = {}
    for line in text[start:end].splitlines() if 0 <= start < end else []:
        for game in GOALS:
            if line.startswith(f"| {game} | "):
                kept.setdefault(game, ([], []))[0].append(line)
            elif line.startswith(f"- {game} ("):
                kept.setdefault(game, ([], []))[1].append(line)
    return kept


def _commit() -> str:
    """The measured tree's commit (short), ``+`` when it has changes."""
    root = Path(__file__).resolve().parents[1]
    head = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip() or "unknown"
    dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return head + ("+" if dirty else "")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of ``k`` successes in ``n``."""
    from scipy.stats import binomtest

    ci = binomtest(k, n).proportion_ci(0.95, method="wilson")
    return ci.low, ci.high


def run(quick: bool, out: Any) -> str:
    import os

    games = int(os.environ.get("TOMBSPEC_BENCH_SEARCH_N", 20 if quick else 200))
    chosen = os.environ.get("TOMBSPEC_BENCH_SEARCH_GAMES", ",".join(GOALS)).split(",")
    named = os.environ.get("TOMBSPEC_BENCH_SEARCH_BUDGETS", "")
    if named and named != "none" and not all(b.isdigit() and 0 < int(b) <= 100_000 for b in named.split(",")):
        import sys

        print(f"bench/bench_search.py: TOMBSPEC_BENCH_SEARCH_BUDGETS={named!r}: simulations (1 to 100000), "
              "comma-separated, or none", file=sys.stderr)
        raise SystemExit(2)
    budgets = BUDGETS if not named else () if named == "none" else tuple(int(b) for b in named.split(","))
    for game, (policy, goal, target, words) in GOALS.items():
        if game not in chosen:
            continue
        m = measure(game, policy, games)
        curve = []
        if m["share"] < target:
            for sims in budgets:
                b = measure(game, f"{policy}:{sims}", max(10, games // 4))
                curve.append({"sims": sims, "games": b["games"], "share": b["share"], "per_game": b["per_game"]})
        m["curve"], m["date"], m["commit"], m["quick"] = curve, time.strftime("%Y-%m-%d"), _commit(), quick
        (out / f"search-{game}.json").write_text(json.dumps(m, indent=1), encoding="utf-8")
    rows, curves = [], []
    kept = _kept_rows()
    for game, (policy, goal, target, words) in GOALS.items():
        path = out / f"search-{game}.json"
        if not path.exists():
            rows += kept.get(game, ([], []))[0]
            curves += kept.get(game, ([], []))[1]
            continue
        m = json.loads(path.read_text(encoding="utf-8"))
        met = m["share"] >= target
        rows.append(f"| {game} | `{policy}` | {words} | {m['games']} | **{m['share']:.0%}** [{m['low_high'][0]:.0%}, "
                    f"{m['low_high'][1]:.0%}] | {target:.0%} {'met' if met else 'NOT met'} | "
                    f"{m['per_game']:.1f} s | {1000 * m['per_decision']:.1f} ms | {m['outcomes']} | "
                    f"{m['date']} `{m['commit']}`{' (quick)' if m.get('quick') else ''} |")
        if m["curve"]:
            points = [f"{c['sims']}: {c['share']:.0%} ({c['per_game']:.1f} s a game)" for c in m["curve"]]
            curves.append(f"- {game} ({words}), {m['curve'][0]['games']} games per budget: " + "; ".join(points))
    return "\n".join([
        f"{games} games of each game's default configuration, seeded as `tombspec explore --seed 1` seeds them, "
        "at each game's default budget (its `search_budget`, else 64 simulations a decision and rollouts of "
        "40 steps; Tomb, Cryptmaster and Secrets: 16 and 20; Egypt 8 and 12; Raiders 32 and 12).  Each game's row is "
        "its last measurement (`TOMBSPEC_BENCH_SEARCH_GAMES` narrows a run; the rows of the others are kept from "
        "`bench/out/search-GAME.json`, else from the table in `bench/RESULTS.md`), with its date and commit.  The share is "
        "with its 95% Wilson interval; the time is one core's per game and per decision (processor time).",
        "",
        "| game | policy | counts | games | share | target | a game | a decision | outcomes | measured |",
        "|---|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        *(["Where a target is not met, the share against the budget (simulations a decision):", "", *curves]
          if curves else ["Every target is met at the default budget."]),
    ])
