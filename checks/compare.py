"""``tombspec compare``: the designer's comparison of two configurations of one game.

Each configuration (a JSON object: ``options`` (readings, variants, player count), ``board``,
``policy``, ``max_steps``; an object with none of these keys is taken as the options) plays the same
number of games, game ``i`` seeded by (seed, i) as explore seeds it, on the executor of
:mod:`tombspec.checks.parallel`.  From each game's final state come, for every game alike:

* its *outcome* (the state's ``outcome``, as explore counts them);
* its *winners*: the ruleset's ``winners(state)`` where it has one, else the state's ``winners`` or
  ``winner``;
* its *first player*: the player who made the game's first decision;
* its *length*: the steps played (decisions and chance outcomes).

Rates carry 95% Wilson confidence intervals (``scipy.stats.binomtest``); the first-player advantage is
the first player's win rate against the rate an even share of the wins would give.
"""

from __future__ import annotations

import io

import random
import statistics
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import attrs

from tombspec.model.errors import IllegalAction, Unspecified
from tombspec.model.play import Stuck, make_policy, playout, policy_named, winners
from tombspec.model.ruleset import Ruleset
from tombspec.spec.errors import InvalidInput

from .parallel import Args, Shared, map_ordered, unshared, workers_of

CONFIG_KEYS = frozenset({"options", "board", "policy", "max_steps"})
CONFIDENCE = 0.95


@attrs.frozen
class Config:
    label: str
    options: dict[str, Any] | None = None
    board: Any = None
    policy: str = "uniform"
    max_steps: int = 20_000

    @classmethod
    def from_data(cls, label: str, data: Any, source: str) -> "Config":
        if not isinstance(data, dict):
            raise InvalidInput("a configuration is a JSON object", source=source)
        if not data.keys() & CONFIG_KEYS:
            data = {"options": data}
        extra = sorted(data.keys() - CONFIG_KEYS)
        if extra:
            raise InvalidInput(f"unknown configuration key(s) {', '.join(extra)}; a configuration has "
                               f"{', '.join(sorted(CONFIG_KEYS))} (or is the options alone)", source=source)
        policy = data.get("policy", "uniform")
        try:
            make_policy(policy)
        except InvalidInput as exc:
            raise InvalidInput(exc.problem, source=source) from None
        steps = data.get("max_steps", 20_000)
        if type(steps) is not int or steps < 1:
            raise InvalidInput(f"max_steps must be a positive integer, not {steps!r}", source=source)
        options = data.get("options")
        if options is not None and not isinstance(options, dict):
            raise InvalidInput("options must be a JSON object", source=source)
        return cls(label, options, data.get("board"), policy, steps)

    def ruleset(self, game: str) -> Ruleset:
        from tombspec.model.registry import get_ruleset

        config: dict[str, Any] = {"options": self.options}
        if self.board is not None:
            config["board"] = self.board
        return get_ruleset(game, **config)

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "options": self.options or {}, "board": self.board,
                "policy": self.policy, "max_steps": self.max_steps}


@attrs.frozen
class Game:
    outcome: str
    winners: tuple[int, ...]
    first: int | None
    steps: int
    problem: str = ""


def _play_chunk(rs: Ruleset, seed: int, lo: int, hi: int, policy: str, max_steps: int) -> list[Game]:
    """Games ``lo`` .. ``hi - 1`` (on a worker)."""
    rs = unshared(rs)
    out = []
    for i in range(lo, hi):
        rng = random.Random(f"{seed}:{i}")
        state = rs.initial_state()
        first: int | None = None
        steps = 0
        problem = ""
        try:
            for _, player, state in playout(rs, rng, policy=policy_named(policy), max_steps=max_steps):
                steps += 1
                if first is None and player is not None:
                    first = player
        except (IllegalAction, Unspecified, Stuck) as exc:
            problem = f"{type(exc).__name__}: {exc}"
        over = rs.is_terminal(state)
        outcome = (getattr(state, "outcome", None) or "finished") if over else "unfinished"
        out.append(Game(outcome, winners(rs, state) if over else (), first, steps, problem))
    return out


def play(rs: Ruleset, config: Config, games: int, seed: int, executor: Executor | None = None,
         progress: Callable[[int], None] | None = None) -> list[Game]:
    size = max(1, min(32, games // (4 * workers_of(executor)) if executor else games))
    shared = Shared(rs) if executor is not None and workers_of(executor) > 1 else rs
    calls = (Args(shared, seed, lo, min(games, lo + size), config.policy, config.max_steps)
             for lo in range(0, games, size))
    if executor is None or workers_of(executor) <= 1:
        answers: Any = (_play_chunk(*c) for c in calls)
    else:
        answers = map_ordered(executor, _play_chunk, calls, what=f"playing {config.label}")
    out: list[Game] = []
    for chunk in answers:
        out.extend(chunk)
        if progress is not None:
            progress(len(out))
    return out


def rate(k: int, n: int) -> dict[str, Any]:
    """``k`` of ``n``, with its Wilson confidence interval."""
    from scipy.stats import binomtest

    if n == 0:
        return {"count": 0, "rate": None, "low": None, "high": None}
    ci = binomtest(k, n).proportion_ci(confidence_level=CONFIDENCE, method="wilson")
    return {"count": k, "rate": k / n, "low": float(ci.low), "high": float(ci.high)}


def summarise(rs: Ruleset, config: Config, games: list[Game]) -> dict[str, Any]:
    n = len(games)
    outcomes = Counter(g.outcome for g in games)
    seated = rs.num_players
    decided = [g for g in games if g.winners and g.first is not None]
    # A game some but not all players win says something about seats; one everybody wins does not.
    contested = [g for g in decided if len(set(g.winners)) < seated]
    first_wins = sum(g.first in g.winners for g in contested)
    fair = (statistics.fmean(len(set(g.winners)) / seated for g in contested) if contested else None)
    lengths = [g.steps for g in games]
    return {
        "config": config.to_json(), "games": n, "players": seated,
        "outcomes": {o: rate(c, n) for o, c in sorted(outcomes.items())},
        "won": rate(sum(bool(g.winners) for g in games), n),
        "first_player": {"contested_games": len(contested), "wins": rate(first_wins, len(contested)),
                         "even_share": fair,
                         "advantage": (first_wins / len(contested) - fair) if contested else None},
        "length": {"mean": statistics.fmean(lengths) if lengths else None,
                   "median": statistics.median(lengths) if lengths else None,
                   "stdev": statistics.stdev(lengths) if len(lengths) > 1 else 0.0,
                   "min": min(lengths, default=None), "max": max(lengths, default=None)},
        "problems": [g.problem for g in games if g.problem][:5],
        "lengths": lengths,
    }


def compare(game: str, a: Config, b: Config, games: int, seed: int = 0, executor: Executor | None = None,
            progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Both configurations, ``games`` games each: their summaries side by side."""
    out: dict[str, Any] = {"game": game, "seed": seed, "confidence": CONFIDENCE}
    done = 0
    for key, config in (("a", a), ("b", b)):
        rs = config.ruleset(game)

        def step(k: int, base: int = done) -> None:
            if progress is not None:
                progress(base + k)

        out[key] = summarise(rs, config, play(rs, config, games, seed, executor, step))
        done += games
    return out


def _pct(r: dict[str, Any]) -> str:
    if r["rate"] is None:
        return "-"
    return f"{100 * r['rate']:5.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}]"


def describe(result: dict[str, Any]) -> str:
    """The comparison as a table of text."""
    a, b = result["a"], result["b"]
    rows = [("", a["config"]["label"], b["config"]["label"]),
            ("configuration", _short(a["config"]), _short(b["config"])),
            ("games", str(a["games"]), str(b["games"]))]
    for o in sorted(set(a["outcomes"]) | set(b["outcomes"])):
        rows.append((f"outcome {o}", _pct(a["outcomes"].get(o, rate(0, a["games"]))),
                     _pct(b["outcomes"].get(o, rate(0, b["games"])))))
    rows.append(("somebody wins", _pct(a["won"]), _pct(b["won"])))
    for s in (a, b):
        fp = s["first_player"]
        s["_fp"] = (_pct(fp["wins"]) + (f" vs {100 * fp['even_share']:.1f}% even" if fp["even_share"] is not None
                                        else "") + f" ({fp['contested_games']} contested)")
    rows.append(("first player wins", a["_fp"], b["_fp"]))
    for s in (a, b):
        s.pop("_fp")
    rows.append(("game length (steps)", _length(a["length"]), _length(b["length"])))
    width = [max(len(r[i]) for r in rows) for i in range(3)]
    text = [f"{result['game']}: {int(100 * result['confidence'])}% Wilson intervals, seed {result['seed']}"]
    text += ["  ".join(cell.ljust(width[i]) for i, cell in enumerate(r)).rstrip() for r in rows]
    for s in (a, b):
        for p in s["problems"]:
            text.append(f"{s['config']['label']}: problem: {p}")
    return "\n".join(text)


def _short(config: dict[str, Any]) -> str:
    import orjson

    parts = [orjson.dumps(config["options"]).decode()]
    if config["board"] is not None:
        parts.append(f"board={config['board']}")
    parts.append(config["policy"])
    return " ".join(parts)


def _length(length: dict[str, Any]) -> str:
    if length["mean"] is None:
        return "-"
    return f"mean {length['mean']:.1f}, median {length['median']:g}, sd {length['stdev']:.1f}"


def chart(result: dict[str, Any], path: Path | str, title: str | None = None) -> None:
    """A PNG: outcome and first-player win rates with their intervals, and the game lengths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    a, b = result["a"], result["b"]
    names = sorted(set(a["outcomes"]) | set(b["outcomes"]))
    bars = [(f"outcome\n{o}", a["outcomes"].get(o, rate(0, a["games"])), b["outcomes"].get(o, rate(0, b["games"])))
            for o in names]
    bars.append(("somebody\nwins", a["won"], b["won"]))
    bars.append(("first player\nwins (contested)", a["first_player"]["wins"], b["first_player"]["wins"]))
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4), gridspec_kw={"width_ratios": [2, 1]})
    width = 0.38
    for offset, side, colour in ((-width / 2, 1, "#4c72b0"), (width / 2, 2, "#dd8452")):
        values, low, high, xs = [], [], [], []
        for x, bar in enumerate(bars):
            r = bar[side]
            xs.append(x + offset)
            values.append(r["rate"] or 0.0)
            low.append((r["rate"] - r["low"]) if r["rate"] is not None else 0.0)
            high.append((r["high"] - r["rate"]) if r["rate"] is not None else 0.0)
        label = (a if side == 1 else b)["config"]["label"]
        left.bar(xs, values, width, yerr=[low, high], capsize=3, color=colour, label=label)
    left.set_xticks(range(len(bars)), [bar[0] for bar in bars], fontsize=8)
    left.set_ylim(0, 1)
    left.set_ylabel(f"rate ({int(100 * result['confidence'])}% Wilson interval)")
    left.legend(fontsize=8)
    right.hist([a["lengths"], b["lengths"]], bins=20, label=[a["config"]["label"], b["config"]["label"]],
               color=["#4c72b0", "#dd8452"])
    right.set_xlabel("game length (steps)")
    right.set_ylabel("games")
    fig.suptitle(title or f"{result['game']}: {a['config']['label']} vs {b['config']['label']} "
                 f"({a['games']} games each)", fontsize=10)
    fig.tight_layout()
    # PNG bytes written to exactly the path given (matplotlib adds ".png" to a name without it, and
    # would have written /dev/full.png for /dev/full)
    image = io.BytesIO()
    fig.savefig(image, format="png", dpi=90)
    plt.close(fig)
    try:
        with open(path, "wb") as out:
            out.write(image.getvalue())
    except OSError as exc:
        raise InvalidInput(f"cannot write the chart: {exc.strerror or exc}", source=str(path)) from None
