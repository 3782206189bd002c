"""Random complete games through ``legal_actions`` and ``chance_outcomes``, chance weighted exactly.

Every invariant is checked after every step.  The same seed gives the same games (and trace).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from math import lcm
from typing import Any

import attrs

from tombspec.model.errors import IllegalAction, Unspecified
from tombspec.model.ruleset import Ruleset

from .trace import TraceWriter


def choose_chance(rng: random.Random, outcomes: list[tuple[Any, Fraction]]) -> Any:
    """Draw an outcome with exactly its probability (integer arithmetic over a common denominator)."""
    denominator = lcm(*(p.denominator for _, p in outcomes))
    r = rng.randrange(denominator)
    for outcome, p in outcomes:
        r -= p.numerator * (denominator // p.denominator)
        if r < 0:
            return outcome
    raise ValueError("outcome probabilities do not sum to 1")


@attrs.define
class Problem:
    game_index: int
    step: int
    kind: str       # "violation" | "error" | "unfinished" | "unspecified" | "stuck"
    rule: str
    message: str
    state: Any = None


@attrs.define
class ExploreReport:
    game: str
    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    outcomes: Counter = attrs.field(factory=Counter)
    problems: list[Problem] = attrs.field(factory=list)

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "games": self.games, "steps": self.steps,
                "seconds": round(self.seconds, 3), "steps_per_second": round(self.steps_per_second),
                "outcomes": dict(self.outcomes),
                "problems": [{"game": p.game_index, "step": p.step, "kind": p.kind, "rule": p.rule,
                              "message": p.message} for p in self.problems]}


def play(rs: Ruleset, rng: random.Random, *, index: int = 0, max_steps: int = 100_000,
         writer: TraceWriter | None = None, report: ExploreReport | None = None,
         policy: str = "uniform") -> tuple[Any, list[Problem]]:
    """Play one random game; return its last state and the problems found."""
    state = rs.initial_state()
    choose = _uniform if policy == "uniform" else greedy_policy(rs, lambda: state)
    problems: list[Problem] = []
    step = 0
    while not rs.is_terminal(state):
        if step >= max_steps:
            problems.append(Problem(index, step, "unfinished", "", f"no end after {max_steps} steps", state))
            break
        pending = rs.pending(state)
        try:
            if pending.is_chance:
                action = choose_chance(rng, rs.chance_outcomes(state))
            else:
                legal = rs.legal_actions(state)
                if not legal:
                    problems.append(Problem(index, step, "stuck", "", f"no legal action in {pending}", state))
                    break
                action = choose(rng, legal)
            state = rs.step(state, action)
        except IllegalAction as exc:
            problems.append(Problem(index, step, "error", exc.rule_id,
                                    f"a listed legal action was refused: {exc}", state))
            break
        except Unspecified as exc:
            problems.append(Problem(index, step, "unspecified", exc.ambiguity_id, str(exc), state))
            break
        step += 1
        if writer is not None:
            writer.step(rs, action, state)
        for v in rs.violations(state):
            problems.append(Problem(index, step, "violation", v.invariant, v.message, state))
        if problems:
            break
    if report is not None:
        report.games += 1
        report.steps += step
        report.outcomes[getattr(state, "outcome", None) or "unfinished"] += 1
        report.problems.extend(problems)
    return state, problems


def _uniform(rng: random.Random, legal: list[Any]) -> Any:
    return legal[rng.randrange(len(legal))]


def greedy_policy(rs: Ruleset, state_of: Callable[[], Any], bias: float = 0.8) -> Callable[..., Any]:
    """With probability ``bias`` take the action the ruleset's ``heuristic`` rates best, else any."""
    heuristic = getattr(rs, "heuristic", None)

    def choose(rng: random.Random, legal: list[Any]) -> Any:
        if heuristic is None or rng.random() >= bias:
            return _uniform(rng, legal)
        state = state_of()
        return min(legal, key=lambda a: heuristic(state, a))

    return choose


POLICIES = ("uniform", "greedy")


def explore(rs: Ruleset, games: int, seed: int, *, writer: TraceWriter | None = None,
            max_steps: int = 100_000, progress: Callable[[int], None] | None = None,
            policy: str = "uniform") -> ExploreReport:
    """Play ``games`` random games from ``seed``; game ``i`` uses its own generator seeded (seed, i)."""
    report = ExploreReport(rs.game)
    start = time.perf_counter()
    for i in range(games):
        rng = random.Random(f"{seed}:{i}")
        if writer is not None:
            writer.game(rs, seed=seed, index=i)
        play(rs, rng, index=i, max_steps=max_steps, writer=writer, report=report, policy=policy)
        if progress is not None:
            progress(i + 1)
    report.seconds = time.perf_counter() - start
    return report


def explore_configurations(game: str, n_games: int) -> list[tuple[dict[str, Any], str, ExploreReport]]:
    """Explore ``game`` under every configuration its model lists (``EXPLORE_CONFIGS``), half the games
    with the uniform policy and half with the greedy one; configuration ``i`` uses seed ``i``."""
    import importlib

    from tombspec.model.ruleset import get_ruleset

    configs = getattr(importlib.import_module(f"tombspec.model.{game}"), "EXPLORE_CONFIGS", [{}])
    per = max(1, n_games // (2 * len(configs)))
    runs = []
    for index, config in enumerate(configs):
        rs = get_ruleset(game, **config)
        for policy in ("uniform", "greedy"):
            runs.append((config, policy, explore(rs, per, seed=index, policy=policy)))
    return runs
