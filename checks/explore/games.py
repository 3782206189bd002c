"""Random complete games through ``legal_actions`` and ``chance``, chance weighted exactly.

Every invariant is checked after every step.  The same seed gives the same games (and trace).
"""

from __future__ import annotations

import io
import random
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import attrs

from tombspec.model import codec
from tombspec.model.errors import IllegalAction, InvalidInput, Unspecified
from tombspec.model.play import POLICIES, Stuck, playout, policy_named
from tombspec.model.ruleset import Ruleset
from tombspec.model.traceability import recording

from ..collector import YOUNG_GENERATION, few_collections  # noqa: F401  (re-exported)
from ..oracle.trace import TraceWriter
from ..parallel import Args, Shared, map_ordered, unshared, workers_of


@attrs.define
class Problem:
    game_index: int
    step: int
    kind: str       # "violation" | "error" | "unfinished" | "unspecified" | "stuck" | "end"
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
    #: the rule ids exercised in the games recorded (``record``: the first games of the run)
    exercised: set[str] = attrs.field(factory=set)

    def merge(self, part: "ExploreReport") -> None:
        """Add a part of the same run (the games of a chunk) to this report."""
        self.games += part.games
        self.steps += part.steps
        self.outcomes.update(part.outcomes)
        self.problems.extend(part.problems)
        self.campaign_games += part.campaign_games
        self.exercised |= part.exercised

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
    with few_collections():
        return _play(rs, rng, index, max_steps, writer, report, policy, start)


def _play(rs: Ruleset, rng: random.Random, index: int, max_steps: int, writer: TraceWriter | None,
          report: ExploreReport | None, policy: str, start: Any) -> tuple[Any, list[Problem]]:
    state = rs.initial_state() if start is None else start
    problems: list[Problem] = []
    step = 0
    try:
        for action, player, state in playout(rs, rng, policy=policy_named(policy), max_steps=max_steps, state=state):
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
        ends = rs.ends()
        if ends and not problems and rs.is_terminal(state) and rs.outcome(state) not in ends:
            problems.append(Problem(index, step, "end", "", f"the game ended {rs.outcome(state)!r}, which is not one "
                                    f"of the ends the ruleset declares ({', '.join(ends)})", state))
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
            policy: str = "uniform", campaign: int = 1, executor: Executor | None = None,
            chunk: int | None = None) -> ExploreReport:
    """Play ``games`` random games from ``seed``; game ``i`` uses its own generator seeded (seed, i)
    alone, so the games (and the trace, byte for byte) are the same however the work is split.

    With ``campaign`` > 1 each of them is a campaign of that many games, each game after the first set
    up by ``next_setup`` from the one before (a campaign stops early at a problem, or where the game
    ends the campaign); in a trace every game is its own, and those after the first carry their setup
    (the header's ``setup``), so that ``verify`` replays each.

    With an ``executor`` (:mod:`tombspec.checks.parallel`) the games are played in chunks of ``chunk``
    consecutive games on its workers and gathered in order; progress counts the games finished."""
    if campaign > 1 and not carries_on(rs):
        raise InvalidInput(f"{rs.game} does not carry on from game to game (no next_setup): --campaign needs "
                           "a game with campaigns or scenarios")
    report = ExploreReport(rs.game)
    start = time.perf_counter()
    if executor is None or workers_of(executor) <= 1:
        with few_collections():
            for i in range(games):
                _play_one(rs, seed, i, writer, report, max_steps, policy, campaign)
                if progress is not None:
                    progress(i + 1)
    else:
        size = chunk or max(1, min(64, games // (8 * workers_of(executor)) or 1))
        claim = writer.claim if writer is not None else None
        shared = Shared(rs)
        parts = (Args(shared, seed, lo, min(games, lo + size), max_steps, policy, claim, campaign)
                 for lo in range(0, games, size))
        done = 0
        for part, data in map_ordered(executor, _explore_chunk, parts, what=f"exploring {rs.game}"):
            if writer is not None:
                writer.out.write(data)
            report.merge(part)
            done += size         # the chunk's games (campaigns, with a campaign)
            if progress is not None:
                progress(min(done, games))
    report.seconds = time.perf_counter() - start
    return report


def _play_one(rs: Ruleset, seed: int, i: int, writer: TraceWriter | None, report: ExploreReport,
              max_steps: int, policy: str, campaign: int = 1, record: int = 0) -> None:
    """Game ``i`` (a campaign of ``campaign`` games, when more than one); when ``i`` is below
    ``record``, the rules it exercises are recorded into the report (a recording traces every call:
    several times slower, so only the first games of a run are recorded)."""
    if i < record:
        with recording() as seen:
            _play_one(rs, seed, i, writer, report, max_steps, policy, campaign)
        report.exercised |= seen
        return
    rng = random.Random(f"{seed}:{i}")
    setup: Any = None
    for part in range(campaign):
        if writer is not None:
            extra: dict[str, Any] = {"seed": seed, "index": i}
            if campaign > 1:
                extra["note"] = f"game {part + 1} of a campaign of {campaign}"
            if setup is not None:
                extra["setup"] = codec.to_data(setup)
            writer.game(rs, **extra)
        first = None if setup is None else rs.initial_state(setup)
        final, problems = play(rs, rng, index=i, max_steps=max_steps, writer=writer, report=report,
                               policy=policy, start=first)
        if part + 1 == campaign or problems or not rs.is_terminal(final):
            return
        try:
            setup = rs.next_setup(final)
        except InvalidInput:     # this game ends the campaign (e.g. its last scenario)
            return
        report.campaign_games += 1


def _explore_chunk(rs: Ruleset, seed: int, lo: int, hi: int, max_steps: int, policy: str,
                   claim: str | None, campaign: int = 1, record: int = 0) -> tuple[ExploreReport, bytes]:
    """Games ``lo`` .. ``hi - 1`` on a worker: their report and their trace lines."""
    rs = unshared(rs)
    out = io.BytesIO()
    writer = TraceWriter(out, claim) if claim is not None else None
    report = ExploreReport(rs.game)
    with few_collections():
        for i in range(lo, hi):
            _play_one(rs, seed, i, writer, report, max_steps, policy, campaign, record)
    return report, out.getvalue()


@attrs.frozen
class Run:
    """One exploration of :func:`explore_runs`: ``games`` games of ``rs`` from ``seed`` by ``policy``,
    the first ``record`` of them recorded for the rule coverage; ``label`` is the caller's."""

    rs: Any
    games: int
    seed: int
    policy: str = "uniform"
    record: int = 0
    label: Any = None
    #: the rules exercised in configuring ``rs`` (its board's and components' set-up), where recorded
    configured: frozenset[str] = frozenset()


def explore_runs(runs: list[Run], *, executor: Executor | None = None,
                 max_steps: int = 100_000) -> list[ExploreReport]:
    """Several explorations at once, one report each in the order given.  With an ``executor`` the
    games of every run go to its workers as one stream of chunks (no run waits for the one before to
    drain the pool); each game is seeded as in :func:`explore`, so the reports (their games, steps,
    outcomes, problems and recorded rules) are the same whatever the number of workers.  Each
    report's ``seconds`` is the whole stream's."""
    start = time.perf_counter()
    reports = [ExploreReport(run.rs.game, exercised=set(run.configured)) for run in runs]
    if executor is None or workers_of(executor) <= 1:
        with few_collections():
            for run, report in zip(runs, reports):
                for i in range(run.games):
                    _play_one(run.rs, run.seed, i, None, report, max_steps, run.policy, 1, run.record)
    else:
        shared = {id(run.rs): Shared(run.rs) for run in runs}
        workers = workers_of(executor)

        def parts():  # noqa: ANN202 - one run's games in chunks of a few, every run in turn
            for k, run in enumerate(runs):
                size = max(1, min(16, run.games // (4 * workers) or 1))
                for lo in range(0, run.games, size):
                    yield k, Args(shared[id(run.rs)], run.seed, lo, min(run.games, lo + size), max_steps,
                                  run.policy, None, 1, run.record)

        order = list(parts())
        chunks = (args for _, args in order)
        for (k, _), (part, _) in zip(order, map_ordered(executor, _explore_chunk, chunks, what="exploring")):
            reports[k].merge(part)
    seconds = time.perf_counter() - start
    for report in reports:
        report.seconds = seconds
    return reports


def configuration_runs(game: str, n_games: int, record: int = 0) -> list[Run]:
    """The runs of :func:`explore_configurations`: every configuration the model lists
    (``explore_configs``), half the games with the uniform policy and half with the greedy one;
    configuration ``i`` uses seed ``i``; the first ``record`` games over all of them (as many of each
    run) are recorded for the rule coverage.  Each run's label is ``(configuration, policy)``."""
    from tombspec.model.registry import get_ruleset, ruleset_class

    configs = ruleset_class(game).explore_configs
    per = max(1, n_games // (2 * len(configs)))
    per_record = min(per, max(1, record // (2 * len(configs)))) if record else 0
    runs = []
    for index, config in enumerate(configs):
        with recording() as configured:
            rs = get_ruleset(game, **config)
        for policy in ("uniform", "greedy"):
            runs.append(Run(rs, per, index, policy, per_record, (config, policy),
                            frozenset(configured) if per_record else frozenset()))
    return runs


def explore_configurations(game: str, n_games: int, *, executor: Executor | None = None,
                           record: int = 0) -> list[tuple[dict[str, Any], str, ExploreReport]]:
    """Explore ``game`` under every configuration its model lists (:func:`configuration_runs`):
    ``(configuration, policy, report)`` for each run."""
    runs = configuration_runs(game, n_games, record)
    return [(*run.label, report) for run, report in zip(runs, explore_runs(runs, executor=executor))]
