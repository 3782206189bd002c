"""The designer's questions of issue 27, answered by ``tombspec compare`` (docs/compare.md).

    python bench/designer.py screen GAME [--games N] [--policy P] [--workers W]
    python bench/designer.py answer GAME [--games N] [--policy P] [--workers W] [--max-steps S] [--readings-only]

``screen`` plays the game's default configuration (once) against each other reading of each ambiguity
its options settle (one reading changed at a time, ``N`` games each, seed 0, a cheap policy: ``greedy`` by
default) and ranks the readings by how far they move the outcomes: the total variation distance
between the two outcome distributions (half the sum of the differences of the outcome rates), with
the largest single difference and its 95% intervals.  It writes ``docs/_static/compare/GAME-screen.md``
(and ``.json``).  A screen is a first look: with a cheap policy a reading that matters only to good
play may rank low.

``answer`` plays, with the search policy (``search`` by default; for Tomb and Cryptmaster every player
searches), the game's questions (``QUESTIONS``: the first player's seat, the modes, player counts and
difficulty levels) and the two readings the screen ranked first, and writes
``docs/_static/compare/GAME-search.md``: each question's outcome rates under both configurations with
their 95% Wilson intervals, and the first player's wins against the even share.  ``--readings-only``
plays the two readings alone (a screen run after the questions were answered) into ``GAME-readings.md``.

Not a benchmark (``bench/run.py`` runs only ``bench_*.py``): rerun it when a model or a judgement
changes.  Game *i* of a configuration is seeded as ``tombspec compare --seed 0`` seeds it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "docs" / "_static" / "compare"

#: game -> [(question, (label, options) A, (label, options) B or None)]: the issue's questions
QUESTIONS: dict[str, list[tuple[str, tuple[str, dict], tuple[str, dict] | None]]] = {
    "raiders": [("the first player's seat (the default game)", ("default", {}), None)],
    "tomb": [("the first player's seat, 2 players against 4", ("2 players", {"players": 2}),
              ("4 players", {"players": 4}))],
    "cryptmaster": [("the first player's seat, 2 players against 4", ("2 players", {"players": 2}),
                     ("4 players", {"players": 4}))],
    "egypt": [("Exploration against Escape (2 heroes)", ("Exploration", {"players": 2}),
               ("Escape", {"players": 2, "escape": True})),
              ("2 heroes against 4 (Exploration)", ("2 heroes", {"players": 2}), ("4 heroes", {"players": 4}))],
    "secrets": [("Normal against Intermediate", ("normal", {}), ("intermediate", {"difficulty": "intermediate"})),
                ("Intermediate against Hard", ("intermediate", {"difficulty": "intermediate"}),
                 ("hard", {"difficulty": "hard"}))],
}


def readings(game: str) -> list[tuple[str, str, str, str]]:
    """``(option, ambiguity, default reading, other reading)`` for every other reading of every
    ambiguity the game's options settle."""
    import attrs

    from tombspec.model.registry import get_ruleset

    options = type(get_ruleset(game).options)
    out = []
    for f in attrs.fields(options):
        if "settles" in f.metadata:
            for other in f.metadata["readings"][1:]:
                out.append((f.name, f.metadata["settles"], f.metadata["readings"][0], other))
    return out


def _pct(r: dict[str, Any]) -> str:
    return "-" if r["rate"] is None else f"{r['rate']:.0%} [{r['low']:.0%}, {r['high']:.0%}]"


def distance(result: dict[str, Any]) -> tuple[float, str]:
    """The total variation distance between the outcome distributions of ``a`` and ``b``, and the
    outcome whose rate moved most."""
    a, b = result["a"]["outcomes"], result["b"]["outcomes"]
    names = sorted(set(a) | set(b))
    diff = {n: abs((a[n]["rate"] if n in a else 0.0) - (b[n]["rate"] if n in b else 0.0)) for n in names}
    top = max(names, key=lambda n: diff[n])
    return sum(diff.values()) / 2, top


def _rates(summary: dict[str, Any]) -> str:
    return "; ".join(f"{o} {_pct(r)}" for o, r in summary["outcomes"].items())


def screen(game: str, games: int, policy: str, executor: Any) -> list[dict[str, Any]]:
    from tombspec.checks.compare import Config, play, rate, summarise

    def summary(label: str, options: dict[str, Any]) -> dict[str, Any]:
        config = Config(label, options, None, policy)
        rs = config.ruleset(game)
        return summarise(rs, config, play(rs, config, games, 0, executor))

    default = summary("default", {})                # played once, against every reading
    rows = []
    todo = readings(game)
    for k, (name, ambiguity, was, other) in enumerate(todo, 1):
        start = time.perf_counter()
        result = {"a": default, "b": summary(f"{name} = {other}", {name: other})}
        tv, top = distance(result)
        # an outcome one side never reached: 0 of its games, with its interval
        a_rates, b_rates = ({o: s["outcomes"].get(o, rate(0, games)) for o in
                             set(default["outcomes"]) | set(result["b"]["outcomes"])} for s in
                            (default, result["b"]))
        rows.append({"option": name, "ambiguity": ambiguity, "default": was, "reading": other, "tv": tv,
                     "outcome": top, "a": a_rates, "b": b_rates})
        print(f"[{k}/{len(todo)}] {name} = {other}: {tv:.3f} ({time.perf_counter() - start:.0f} s)",
              file=sys.stderr, flush=True)
    rows.sort(key=lambda r: -r["tv"])
    return rows


def screen_markdown(game: str, rows: list[dict[str, Any]], games: int, policy: str) -> str:
    lines = [f"{game}: every other reading against the default, one at a time, {games} games each (`{policy}` "
             "play, seed 0), ranked by the distance between the outcome distributions (total variation).", "",
             "| reading | against | distance | outcome moved most: default | reading |", "|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| `{r['option']} = {r['reading']}` ({r['ambiguity']}) | `{r['default']}` | {r['tv']:.3f} | "
                     f"{r['outcome']} {_pct(r['a'][r['outcome']])} | {_pct(r['b'][r['outcome']])} |")
    return "\n".join(lines) + "\n"


def answer(game: str, games: int, policy: str, executor: Any, max_steps: int = 20_000,
           readings_only: bool = False) -> str:
    from tombspec.checks.compare import Config, play, summarise

    questions = [] if readings_only else list(QUESTIONS.get(game, []))
    ranked = OUT / f"{game}-screen.json"
    if readings_only and not ranked.exists():
        raise SystemExit(f"bench/designer.py: {ranked} is missing: run `screen {game}` first")
    if ranked.exists():
        for r in json.loads(ranked.read_text(encoding="utf-8"))["rows"][:2]:
            questions.append((f"{r['ambiguity']}: `{r['default']}` or `{r['reading']}`",
                              (r["default"], {}), (r["reading"], {r["option"]: r["reading"]})))
    cut = "" if max_steps == 20_000 else f", a game cut after {max_steps:,} steps counted `unfinished`"
    lines = [f"{game}, `{policy}` play, {games} games a configuration (seed 0{cut}); rates with their 95% Wilson "
             "intervals.", "",
             "| question | configuration | outcomes | first player wins (even share) |", "|---|---|---|---|"]
    played: dict[str, dict[str, Any]] = {}         # the same options are played once
    for question, *configs in questions:
        for label, options in filter(None, configs):
            start = time.perf_counter()
            key = json.dumps(options, sort_keys=True)
            if key not in played:
                config = Config(label, options, None, policy, max_steps)
                rs = config.ruleset(game)
                played[key] = summarise(rs, config, play(rs, config, games, 0, executor))
            s = played[key]
            fp = s["first_player"]
            share = "-" if fp["even_share"] is None else \
                f"{_pct(fp['wins'])} of {fp['contested_games']} ({fp['even_share']:.0%})"
            lines.append(f"| {question} | {label} | {_rates(s)} | {share} |")
            question = ""
            print(f"{game}: {lines[-1][:100]} ({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
    return "\n".join(lines) + "\n"


def main() -> int:
    from tombspec.checks.parallel import executor

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("screen", "answer"))
    parser.add_argument("game", choices=tuple(QUESTIONS))
    parser.add_argument("--games", type=int, default=None, help="games a configuration")
    parser.add_argument("--policy", default=None, help="screen: greedy; answer: search")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--readings-only", action="store_true",
                        help="answer: only the two readings the screen ranked first (written to "
                             "GAME-readings.md), not the questions (GAME-search.md)")
    parser.add_argument("--max-steps", type=int, default=20_000,
                        help="answer: the steps a game may take before it is cut (compare's max_steps; a search "
                             "that dithers in Egypt would otherwise play each such game to 20,000 steps)")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with executor(args.workers) as ex:
        if args.what == "screen":
            games, policy = args.games or 100, args.policy or "greedy"
            rows = screen(args.game, games, policy, ex)
            (OUT / f"{args.game}-screen.json").write_text(
                json.dumps({"games": games, "policy": policy, "rows": rows}, indent=1), encoding="utf-8")
            (OUT / f"{args.game}-screen.md").write_text(screen_markdown(args.game, rows, games, policy),
                                                         encoding="utf-8")
        else:
            games, policy = args.games or 100, args.policy or "search"
            name = f"{args.game}-readings.md" if args.readings_only else f"{args.game}-search.md"
            (OUT / name).write_text(answer(args.game, games, policy, ex, args.max_steps, args.readings_only),
                                    encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
