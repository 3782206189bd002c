"""Random complete games through ``legal_actions`` and ``chance``, chance weighted exactly.

Every invariant is checked after every step.  The same seed gives the same games (and trace).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

from tombspec.model.errors import IllegalAction, InvalidInput, Unspecified
from tombspec.model.play import POLICIES, Stuck, playout
from tombspec.model.ruleset import Ruleset

from ..oracle.trace import TraceWriter


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
    campaign_games: int = 0     # games set up from the one before (next_setup)

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "games": self.games, "steps": self.steps,
                "seconds": round(self.seconds, 3), "steps_per_second": round(self.steps_per_second),
                "outcomes": dict(self.outcomes), "campaign_games": self.campaign_games,
                "problems": [{"game": p.game_index, "step": p.step, "kind": p.kind, "rule": p.rule,
                              "message": p.message} for p in self.problems]}


def play(rs: Ruleset, rng: random.Random, *, index: int = 0, max_steps: int = 100_000,
         writer: TraceWriter | None = None, report: ExploreReport | None = None,
         policy: str = "uniform", start: Any = None) -> tuple[Any, list[Problem]]:
    """Play one random game (from ``start``, by default the initial state); return its last state and
    the problems found."""
    state = rs.initial_state() if start is None else start
    problems: list[Problem] = []
    step = 0
    try:
        for action, player, state in playout(rs, rng, policy=POLICIES[policy], max_steps=max_steps, state=state):
            step += 1
            if writer is not None:
                writer.step(rs, action, state, player)
            for v in rs.violations(state):
                problems.append(Problem(index, step, "violation", v.invariant, v.message, state))
            if problems:
                break
        else:
            if not rs.is_terminal(state):
                problems.append(Problem(index, step, "unfinished", "", f"no end after {max_steps} steps", state))
    except IllegalAction as exc:
        problems.append(Problem(index, step, "error", exc.rule_id, f"a listed legal action was refused: {exc}",
                                state))
    except Unspecified as exc:
        problems.append(Problem(index, step, "unspecified", exc.ambiguity_id, str(exc), state))
    except Stuck as exc:
        problems.append(Problem(index, step, "stuck", "", str(exc), state))
    if report is not None:
        report.games += 1
        report.steps += step
        report.outcomes[getattr(state, "outcome", None) or "unfinished"] += 1
        report.problems.extend(problems)
    return state, problems


def carries_on(rs: Ruleset) -> bool:
    """Whether the game carries on from one game to the next (campaigns, scenarios: ``next_setup``)."""
    return type(rs).next_setup is not Ruleset.next_setup


def explore(rs: Ruleset, games: int, seed: int, *, writer: TraceWriter | None = None,
            max_steps: int = 100_000, progress: Callable[[int], None] | None = None,
            policy: str = "uniform", campaign: int = 1) -> ExploreReport:
    """Play ``games`` random games from ``seed``; game ``i`` uses its own generator seeded (seed, i).

    With ``campaign`` > 1 each of them is a campaign of that many games, each game after the first set
    up by ``next_setup`` from the one before (a campaign stops early at a problem, or where the game
    ends the campaign); in a trace every game is its own, and those after the first start from the
    state their setup gives (the header's ``state``), so that ``verify`` replays each."""
    if campaign > 1 and not carries_on(rs):
        raise InvalidInput(f"{rs.game} does not carry on from game to game (no next_setup): --campaign needs "
                           "a game with campaigns or scenarios")
    report = ExploreReport(rs.game)
    start = time.perf_counter()
    for i in range(games):
        rng = random.Random(f"{seed}:{i}")
        first: Any = None
        for part in range(campaign):
            if writer is not None:
                extra: dict[str, Any] = {"seed": seed, "index": i}
                if campaign > 1:
                    extra["part"] = part
                if first is not None:
                    extra["state"] = rs.encode_state(first)
                writer.game(rs, **extra)
            final, problems = play(rs, rng, index=i, max_steps=max_steps, writer=writer, report=report,
                                   policy=policy, start=first)
            if part + 1 == campaign or problems or not rs.is_terminal(final):
                break
            try:
                first = rs.initial_state(rs.next_setup(final))
            except InvalidInput:     # this game ends the campaign (e.g. its last scenario)
                break
            report.campaign_games += 1
        if progress is not None:
            progress(i + 1)
    report.seconds = time.perf_counter() - start
    return report


def explore_configurations(game: str, n_games: int) -> list[tuple[dict[str, Any], str, ExploreReport]]:
    """Explore ``game`` under every configuration its model lists (``explore_configs``), half the games
    with the uniform policy and half with the greedy one; configuration ``i`` uses seed ``i``."""
    from tombspec.model.registry import get_ruleset, ruleset_class

    configs = ruleset_class(game).explore_configs
    per = max(1, n_games // (2 * len(configs)))
    runs = []
    for index, config in enumerate(configs):
        rs = get_ruleset(game, **config)
        for policy in ("uniform", "greedy"):
            runs.append((config, policy, explore(rs, per, seed=index, policy=policy)))
    return runs
