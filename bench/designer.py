"""The designer's questions of issue 27, answered by ``tombspec compare`` (docs/compare.md).

    python bench/designer.py screen GAME [--games N] [--policy P] [--workers W] [--measure M]
    python bench/designer.py answer GAME [--games N] [--policy P] [--workers W] [--max-steps S] [--readings-only]

``screen`` plays the game's default configuration (once) against each other reading of each ambiguity
its options settle (one reading changed at a time, ``N`` games each, seed 0, a cheap policy: ``greedy`` by
default) and ranks the readings by how far they move the outcomes: the total variation distance
between the two outcome distributions (half the sum of the differences of the outcome rates), with
the largest single difference and its 95% intervals.  Where every game a cheap policy plays ends the
same way (Tomb's and Cryptmaster's: the Crypts emptied) the screen ranks by who won instead (``--measure
winner-seat``, their default): the distribution of the winner's seat counted from the first player.
Beside the ranking, its noise floor: the default configuration at seed 0 against seed 1, as far apart as
chance alone puts the same rules.  It writes ``docs/_static/compare/GAME-screen.md`` (and ``.json``).  A
screen is a first look: with a cheap policy a reading that matters only to good play may rank low.

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


def _rates(s: dict[str, Any]) -> str:
    """The outcome rates; with the measure winner-seat, how the games ended, then who won them."""
    rates = "; ".join(f"{o} {_pct(r)}" for o, r in s["outcomes"].items())
    if "ended" not in s:
        return rates
    return "ended: " + "; ".join(f"{o} {_pct(r)}" for o, r in s["ended"].items()) + "; won by: " + rates


#: what a screen ranks readings by: each game's outcome, or (where every game ends the same way, as
#: Tomb's and Cryptmaster's all end with the Crypts emptied) who won it, counted from the first player
MEASURES = ("outcome", "winner-seat")
#: the games whose outcome is the same in every game a cheap policy plays: screened by who won
BY_WINNER = frozenset({"tomb", "cryptmaster"})


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def winner_seat(game: Any, players: int) -> str:
    """Who won ``game``, by seat counted clockwise from its first player: "the 1st player" (the first
    player alone), "the 2nd player", ...; "a tie" (several), "nobody" (no winner)."""
    won = sorted(set(game.winners))
    if not won:
        return "nobody"
    if len(won) > 1:
        return "a tie"
    if game.first is None:                  # (no decision was made: no seat to count from)
        return f"seat {won[0]}"
    return f"the {_ordinal((won[0] - game.first) % players + 1)} player"


def summary(game: str, label: str, options: dict[str, Any], policy: str, games: int, executor: Any, *,
            seed: int = 0, measure: str = "outcome", max_steps: int = 20_000) -> dict[str, Any]:
    """``games`` games of one configuration, summarised as ``tombspec compare`` does; with the measure
    winner-seat its ``outcomes`` are who won (:func:`winner_seat`) instead of how the games ended."""
    from tombspec.checks.compare import Config, play, rate, summarise

    config = Config(label, options, None, policy, max_steps)
    rs = config.ruleset(game)
    played = play(rs, config, games, seed, executor)
    s = summarise(rs, config, played)
    if measure == "winner-seat":
        counts: dict[str, int] = {}
        for g in played:
            key = winner_seat(g, rs.num_players)
            counts[key] = counts.get(key, 0) + 1
        s["ended"], s["outcomes"] = s["outcomes"], {k: rate(c, len(played)) for k, c in sorted(counts.items())}
    return s


def screen(game: str, games: int, policy: str, executor: Any, measure: str = "outcome") -> dict[str, Any]:
    """The screen's rows, ranked, and its noise floor: the distance between the default configuration's
    games at seed 0 and at seed 1 (the same rules: what chance alone moves)."""
    from tombspec.checks.compare import rate

    def of(label: str, options: dict[str, Any], seed: int = 0) -> dict[str, Any]:
        return summary(game, label, options, policy, games, executor, seed=seed, measure=measure)

    default = of("default", {})                # played once, against every reading
    noise, _ = distance({"a": default, "b": of("default, seed 1", {}, seed=1)})
    rows = []
    todo = readings(game)
    for k, (name, ambiguity, was, other) in enumerate(todo, 1):
        start = time.perf_counter()
        result = {"a": default, "b": of(f"{name} = {other}", {name: other})}
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
    return {"rows": rows, "noise": noise, "measure": measure}


def screen_markdown(game: str, screened: dict[str, Any], games: int, policy: str) -> str:
    rows, measure = screened["rows"], screened.get("measure", "outcome")
    what = ("the outcome distributions" if measure == "outcome" else
            "the distributions of who won, by seat counted from the first player (every game ends the same way)")
    moved = "outcome" if measure == "outcome" else "winner"
    lines = [f"{game}: every other reading against the default, one at a time, {games} games each (`{policy}` "
             f"play, seed 0), ranked by the distance between {what} (total variation)."]
    if screened.get("noise") is not None:
        lines[0] += (f"  The noise floor: the default configuration at seed 0 against seed 1 (the same rules) is "
                     f"{screened['noise']:.3f} apart; a reading no farther than that moved nothing chance alone "
                     "does not move.")
    lines += ["", f"| reading | against | distance | {moved} moved most: default | reading |", "|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| `{r['option']} = {r['reading']}` ({r['ambiguity']}) | `{r['default']}` | {r['tv']:.3f} | "
                     f"{r['outcome']} {_pct(r['a'][r['outcome']])} | {_pct(r['b'][r['outcome']])} |")
    return "\n".join(lines) + "\n"


def answer(game: str, games: int, policy: str, executor: Any, max_steps: int = 20_000,
           readings_only: bool = False) -> str:
    questions = [] if readings_only else list(QUESTIONS.get(game, []))
    ranked = OUT / f"{game}-screen.json"
    if readings_only and not ranked.exists():
        raise SystemExit(f"bench/designer.py: {ranked} is missing: run `screen {game}` first")
    measure = "outcome"
    if ranked.exists():
        screened = json.loads(ranked.read_text(encoding="utf-8"))
        measure = screened.get("measure", "outcome")
        for r in screened["rows"][:2]:
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
                played[key] = summary(game, label, options, policy, games, executor, measure=measure,
                                      max_steps=max_steps)
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
    parser.add_argument("--measure", choices=MEASURES, default=None,
                        help="screen: rank by each game's outcome, or by who won (by seat from the first player); "
                             "default: winner-seat for Tomb and Cryptmaster, whose games all end the same way")
    parser.add_argument("--max-steps", type=int, default=20_000,
                        help="answer: the steps a game may take before it is cut (compare's max_steps; a search "
                             "that dithers in Egypt would otherwise play each such game to 20,000 steps)")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with executor(args.workers) as ex:
        if args.what == "screen":
            games, policy = args.games or 100, args.policy or "greedy"
            measure = args.measure or ("winner-seat" if args.game in BY_WINNER else "outcome")
            screened = screen(args.game, games, policy, ex, measure)
            (OUT / f"{args.game}-screen.json").write_text(
                json.dumps({"games": games, "policy": policy, **screened}, indent=1), encoding="utf-8")
            (OUT / f"{args.game}-screen.md").write_text(screen_markdown(args.game, screened, games, policy),
                                                         encoding="utf-8")
        else:
            games, policy = args.games or 100, args.policy or "search"
            name = f"{args.game}-readings.md" if args.readings_only else f"{args.game}-search.md"
            (OUT / name).write_text(answer(args.game, games, policy, ex, args.max_steps, args.readings_only),
                                    encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
