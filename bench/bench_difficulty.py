"""Secrets' difficulty against the search budget (issue 27): do the rulebook's difficulty settings rank in
its order for players who play well, and at what strength of play?

Issue 27 asks that ``compare secrets`` across the difficulty levels, with the search policy, rank them in
the rulebook's order, each pair's 95% intervals apart; and, where a target is out of reach at any budget,
that the bench show the win rate against the budget until it flattens.  This benchmark plays every setting
whose direction the rulebook states, at budgets from the weakest search (one simulation a decision, no
rollout) to the default, ``GAMES`` games each, as ``tombspec compare secrets --seed 0`` plays them (game *i*
seeded (0, *i*)), on two worker processes:

* the difficulty levels, "green (normal) and red (hard) cards" (Game Setup): Normal, Intermediate, Hard;
* the variants that say which way they go: "For greater difficulty, reduce the number of action tokens per
  Adventurer" (four Adventurers have three each, and keep at least one: two fewer is as far as it goes);
  "making the game ... harder by ... taking [audacity] away"; "For a more difficult game, return
  Quetzalcoatl's Hall to the box".

Each row: the won share with its 95% Wilson interval; per budget, whether the three levels rank in the
rulebook's order with each pair's intervals apart, and for each variant whether it is below Normal with
the intervals apart.  ``TOMBSPEC_BENCH_DIFFICULTY_GAMES`` sets the games a cell (default 60; quick 10).
"""

from __future__ import annotations

import os
import time
from typing import Any

TITLE = "Secrets' difficulty against the search budget"

#: (label, options): the difficulty levels, easiest first, then the variants the rulebook says are harder
LEVELS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("Normal (green Tomb cards)", {}),
    ("Intermediate (both)", {"difficulty": "intermediate"}),
    ("Hard (red)", {"difficulty": "hard"}),
)
HARDER: tuple[tuple[str, dict[str, Any]], ...] = (
    ("one Action token fewer", {"fewer_action_tokens": 1}),
    ("two Action tokens fewer (one left of three)", {"fewer_action_tokens": 2}),
    ("two Audacity fewer", {"audacity_adjust": -2}),
    ("Quetzalcoatl's Hall removed", {"no_quetzalcoatls_hall": True}),
)
#: the games a level, at the weakest budget, whose first 250, 500, ... are asked whether they rank the levels
LADDER = (250, 500, 1000, 2000, 4000)
#: (policy, words): the weakest search first, the default budget (Secrets' ``search_budget``) last
BUDGETS: tuple[tuple[str, str], ...] = (
    ("search:1:0", "1 simulation, no rollout"),
    ("search:2:6", "2 simulations, rollouts of 6"),
    ("search", "the default: 16 simulations, rollouts of 20"),
)


def _cell(label: str, options: dict[str, Any], policy: str, games: int, executor: Any) -> dict[str, Any]:
    from tombspec.checks.compare import Config, play, rate, summarise

    config = Config(label, options, None, policy)
    rs = config.ruleset("secrets")
    start = time.perf_counter()
    s = summarise(rs, config, play(rs, config, games, 0, executor))
    won = s["outcomes"].get("won") or rate(0, games)        # none won: 0 of the games, with its interval
    return {"label": label, "won": won, "length": s["length"]["mean"], "seconds": time.perf_counter() - start}


def _pct(r: dict[str, Any], digits: int = 0) -> str:
    return f"{r['rate']:.{digits}%} [{r['low']:.{digits}%}, {r['high']:.{digits}%}]"


def _apart_below(harder: dict[str, Any], easier: dict[str, Any]) -> bool:
    """Whether ``harder`` is won less often than ``easier``, their 95% intervals apart."""
    return harder["won"]["high"] < easier["won"]["low"]


def _ranking(normal: dict[str, Any], inter: dict[str, Any], hard: dict[str, Any]) -> str:
    """How the three levels' won shares stand against the rulebook's order (Normal, Intermediate, Hard)."""
    rates = [c["won"]["rate"] for c in (normal, inter, hard)]
    if _apart_below(inter, normal) and _apart_below(hard, inter):
        return "rank in the rulebook's order, each pair's intervals apart"
    if rates[0] > rates[1] > rates[2]:
        return "fall in the rulebook's order by their point estimates, the intervals overlapping"
    if rates[0] == rates[1] == rates[2]:
        return "do not separate (each won as often)"
    return f"do not rank in the rulebook's order ({', '.join(f'{r:.0%}' for r in rates)})"


def _ladder(ladder: tuple[int, ...], policy: str) -> list[str]:
    """The three levels' won shares over their first N games for each N of ``ladder`` (one play of the
    largest N a level), with whether they rank in the rulebook's order, each pair's intervals apart."""
    from tombspec.checks.compare import Config, play, rate
    from tombspec.checks.parallel import executor

    won: list[list[bool]] = []
    with executor(2) as ex:
        for label, options in LEVELS:
            config = Config(label, options, None, policy)
            rs = config.ruleset("secrets")
            won.append([g.outcome == "won" for g in play(rs, config, ladder[-1], 0, ex)])
    rows = []
    for n in ladder:
        cells = [{"won": rate(sum(w[:n]), n)} for w in won]
        rows.append(f"| {n:,} | " + " | ".join(f"{c['won']['count']:,}: {_pct(c['won'], 1)}" for c in cells) +
                    f" | {_ranking(*cells)} |")
    return rows


def run(quick: bool, out: Any) -> str:
    from tombspec.checks.parallel import executor

    games = int(os.environ.get("TOMBSPEC_BENCH_DIFFICULTY_GAMES", 10 if quick else 60))
    rows: list[str] = []
    verdicts: list[str] = []
    with executor(2) as ex:
        for policy, words in BUDGETS:
            cells = [_cell(label, options, policy, games, ex) for label, options in (*LEVELS, *HARDER)]
            normal, inter, hard = cells[:3]
            for c in cells:
                rows.append(f"| `{policy}` ({words}) | {c['label']} | {_pct(c['won'])} | {c['length']:.0f} | "
                            f"{c['seconds'] / games:.2f} s |")
            verdicts.append(f"- `{policy}`: the three levels {_ranking(normal, inter, hard)}; below Normal with "
                            f"the intervals apart: {', '.join(c['label'] for c in cells[3:] if _apart_below(c, normal)) or 'none'}.")
    ladder = _ladder(LADDER if not quick else (20, 40), BUDGETS[0][0])
    return "\n".join([
        f"`tombspec compare secrets` as a designer runs it (four Adventurers, the `core` component set, seed 0), "
        f"{games} games a configuration, at three budgets of the search policy (every seat searching).  The won "
        "share with its 95% Wilson interval, the mean game length in steps, and the wall time per game on two "
        "worker processes.",
        "",
        "| budget | configuration | won | steps | a game |",
        "|---|---|---|---|---|",
        *rows,
        "",
        *verdicts,
        "",
        f"How many games it takes, at the weakest budget (`{BUDGETS[0][0]}`): the first N games of each level "
        f"(game i seeded (0, i), so each N holds the N before it): the games won, the share and its interval:",
        "",
        "| games a level | " + " | ".join(label for label, _ in LEVELS) + " | the levels |",
        "|---|" + "---|" * len(LEVELS) + "---|",
        *ladder,
        "",
        "The levels differ only in which Tomb cards are shuffled in, and the rulebook prints few of their texts: "
        "the `core` set invents the rest (docs/secrets-components.md), so no ranking of the levels here could be "
        "the rulebook's; the variants change counts the rulebook gives (Action tokens, Audacity, a tile).",
    ])
