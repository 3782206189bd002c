"""Secrets of the Lost Tomb: the creature limit, Courage and Audacity over the states the model reaches.

Seeded games of every configuration the model lists (``Secrets.explore_configs``: every player count
and difficulty, the variants, other readings) are played through :func:`tombspec.model.play.playout`,
the very games ``tombspec check`` explores first (configuration ``i``, game ``j``: the generator seeded
``"i:j"``, once with the uniform policy and once with the greedy one).  Over them:

* **every state**: the creatures the state holds, as the z3 :class:`~.constraints.CreatureLimit` encoding
  counts them (bosses excluded, a swarm once by its card), within the limit the catalog states (plus
  the elite creatures the Alternative Infected Rules place at the limit, which the model marks
  ``over-limit``: ``secrets.ambiguity.status-alt-infected``); Courage within the catalog's range and
  Audacity at most its cap, each decided by z3;
* **every spawn**: each step is replayed task by task through the model's own task registry
  (:mod:`tombspec.model.secrets.rules.engine`: the answer applied, then every automatic task run as
  ``settle`` runs it; the replay must end in the very state ``step`` returned, else the step is not
  judged and the result cannot be ``holds``).  A base or elite creature spawned where the limit applies
  must be one :meth:`CreatureLimit.spawn` allows (the count below the limit), and none may spawn after the
  limit stopped spawning that round; a spawn refused at the limit must place nothing and advance the
  Comet track by one, as ``CreatureLimit.spawn`` says (once a round with the default reading
  ``secrets.ambiguity.creature-limit-comet-count=once-fill-in-level-order``).

A state or a spawn that breaks a limit is a finding of kind ``contradiction`` with the state as evidence
(:func:`reached_state_contradictions`); the constraint results (:func:`secrets_reached_limits`) say how many
states and spawns were checked.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from typing import Any

import attrs
import z3
from tombspec.spec import Catalog

from ...findings.base import Finding
from ...findings.text import stated, stated_int
from ...proofs.constraints import HOLDS, UNKNOWN, VIOLATED, constraint, prove, result
from .constraints import Creature, CreatureLimit

#: seeded games per configuration and policy (the first ones ``tombspec check`` explores)
GAMES_PER_CONFIG = 1
POLICIES = ("uniform", "greedy")
MAX_STEPS = 100_000
#: at most this many problems kept as evidence (every one is counted)
KEEP = 20


# --------------------------------------------------------------------------------------------------
# The limits, as the catalog states them


@attrs.frozen
class Limits:
    creature: CreatureLimit
    courage: tuple[int, int]
    audacity: int
    courage_rule: str
    audacity_rule: str


def limits_of(cat: Catalog) -> Limits:
    """The creature limit, the Courage range and the Audacity cap the catalog states (:class:`~tombspec.checks.findings.text.Missing`
    when it no longer does)."""
    limit_id, limit = stated_int(cat, r"creature limit of (\d+), which does not include boss creatures")
    swarm_id, _ = stated(cat, r"only count the Swarm creature's card against it")
    stop_id, _ = stated(cat, r"would exceed this limit, do not spawn further creatures this round")
    comet_id, _ = stated(cat, r"When this occurs, increase the Comet track by one")
    range_id, m = stated(cat, r"Courage value that ranges from (-\d+) to \+(\d+)")
    aud_id, cap = stated_int(cat, r"Audacity points can never rise above (\d+)")
    return Limits(CreatureLimit(limit, (limit_id, swarm_id, stop_id, comet_id)), (int(m.group(1)), int(m.group(2))),
                  cap, range_id, aud_id)


# --------------------------------------------------------------------------------------------------
# Reading the model's states


def creature_board(rs: Any, state: Any) -> list[Creature]:
    """The creatures of ``state`` as the encoding takes them: each card, its deck as its type (base,
    elite, boss) and its Swarm tokens."""
    cards = rs.components.creatures
    return [Creature(f"{c.key} {c.name}", cards[c.name].deck, c.swarm) for c in state.creatures]


def forced_over_limit(state: Any) -> int:
    """Elite creatures placed at the limit by the Alternative Infected Rules (the model's ``over-limit``)
    that are still in the Tomb."""
    alive = {c.id for c in state.creatures}
    return sum(1 for e in state.effects if e.name == "over-limit" and e.value in alive)


def micro_steps(rs: Any, prev: Any, action: Any, player: int | None) -> Iterator[tuple[str, Any, Any, Any]]:
    """``(piece, task, before, after)`` for each piece of one step, through the model's task registry: the
    answer applied (``"answer"``, ``task`` the agenda's head, None for a turn's action), then every
    automatic task run in turn as :func:`tombspec.model.secrets.rules.turn.settle` runs them (``"run"``,
    the task run; ``"engine"`` for the engine's own moves: a turn ending, play beginning)."""
    from tombspec.model.secrets.rules import adventurer_phase, turn
    from tombspec.model.secrets.rules.engine import KINDS

    head = prev.head
    state = KINDS[head.kind].apply(rs, prev, head, action, player) if head is not None else \
        adventurer_phase.apply_turn(rs, prev, action, player)
    yield "answer", head, prev, state
    for piece, task, nxt in turn.resolutions(rs, state):     # the model's own settling, one by one
        yield piece, task, state, nxt
        state = nxt


# --------------------------------------------------------------------------------------------------
# The audit


class Audit:
    """Judges states and steps against the limits; counts what it checked and keeps what broke."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.states = 0
        self.micro = 0
        self.counts: Counter[str] = Counter()       # spawns, refusals, unjudged steps ...
        self.most = 0                               # the most creatures counted against the limit at once
        self.courage_seen: list[int] = []
        self.audacity_seen: list[int] = []
        self.problems: list[dict[str, Any]] = []
        self.problem_count: Counter[str] = Counter()
        self.unjudged: list[dict[str, Any]] = []
        self._limit_cache: dict[tuple[int, int], str] = {}
        self._range_cache: dict[tuple[str, int], str] = {}
        self._spawn_cache: dict[tuple[int, bool], tuple[str, dict[str, Any]]] = {}
        self._stopped: set[tuple[Any, int]] = set()   # (game, round) where the limit stopped spawning

    # z3, once per distinct question -------------------------------------------------------------

    def _within_limit(self, counted: int, allowance: int) -> str:
        key = (counted, allowance)
        if key not in self._limit_cache:
            cl = self.limits.creature
            cl = cl if not allowance else CreatureLimit(cl.limit + allowance, cl.rules)
            n = z3.Int("counted")
            self._limit_cache[key] = prove(n <= cl.limit, [n == counted])[0]
        return self._limit_cache[key]

    def _in_range(self, what: str, value: int) -> str:
        key = (what, value)
        if key not in self._range_cache:
            v = z3.Int(what)
            low, high = self.limits.courage
            claim = z3.And(v >= low, v <= high) if what == "courage" else v <= self.limits.audacity
            self._range_cache[key] = prove(claim, [v == value])[0]
        return self._range_cache[key]

    def _spawn_rule(self, current: int, spawned: bool) -> tuple[str, dict[str, Any]]:
        """Does ``CreatureLimit.spawn`` (one creature requested with ``current`` counted) agree that it
        spawns (``spawned``) or is refused and advances the Comet track?"""
        key = (current, spawned)
        if key not in self._spawn_cache:
            cur = z3.Int("current")
            placed, advance = self.limits.creature.spawn(cur, 1)
            claim = z3.And(placed == 1, advance == 0) if spawned else z3.And(placed == 0, advance == 1)
            outcome, _ = prove(claim, [cur == current])
            s_, a_ = self.limits.creature.spawn(current, 1)
            self._spawn_cache[key] = outcome, {"counted_before": current, "encoding_spawns": s_, "encoding_comet": a_}
        return self._spawn_cache[key]

    # Recording ------------------------------------------------------------------------------------

    def _problem(self, check: str, rules: Sequence[str], message: str, where: dict[str, Any], state: Any,
                 detail: dict[str, Any] | None = None) -> None:
        self.problem_count[check] += 1
        if len(self.problems) < KEEP:
            self.problems.append({"check": check, "rules": list(rules), "message": message, "where": where,
                                  "state": state, "detail": detail or {}})

    # States ---------------------------------------------------------------------------------------

    def state(self, rs: Any, state: Any, where: dict[str, Any]) -> None:
        """Judge one state: the creature limit, every Courage and Audacity value."""
        self.states += 1
        board = creature_board(rs, state)
        cl = self.limits.creature
        counted = cl.count(board)
        self.most = max(self.most, counted)
        forced = forced_over_limit(state)
        if self._within_limit(counted, forced) != HOLDS:
            outcome, ev = (cl if not forced else CreatureLimit(cl.limit + forced, cl.rules)).check(board)
            self._problem("creature-limit", cl.rules[:2], f"{counted} creatures count against the limit of "
                          f"{cl.limit}" + (f" (+{forced} placed at it by the Alternative Infected Rules)" if forced
                                           else "") + f": {outcome}", where, state, ev)
        for i, seat in enumerate(state.seats):
            adv = seat.adventurer
            if adv is None:
                continue
            self.courage_seen.append(adv.courage)
            self.audacity_seen.append(adv.audacity)
            if self._in_range("courage", adv.courage) != HOLDS:
                low, high = self.limits.courage
                self._problem("courage", (self.limits.courage_rule,), f"seat {i} ({adv.name}): Courage "
                              f"{adv.courage} outside {low}..+{high}", where, state, {"seat": i, "courage": adv.courage})
            if self._in_range("audacity", adv.audacity) != HOLDS:
                self._problem("audacity", (self.limits.audacity_rule,), f"seat {i} ({adv.name}): Audacity "
                              f"{adv.audacity} above {self.limits.audacity}", where, state,
                              {"seat": i, "audacity": adv.audacity})
        # keep the lists short: only the extremes matter
        if len(self.courage_seen) > 64:
            self.courage_seen = [min(self.courage_seen), max(self.courage_seen)]
            self.audacity_seen = [min(self.audacity_seen), max(self.audacity_seen)]

    # Steps ----------------------------------------------------------------------------------------

    def step(self, rs: Any, prev: Any, action: Any, player: int | None, after: Any, where: dict[str, Any],
             game: Any) -> None:
        """Judge every spawn of one step, replayed task by task; a replay that does not end in ``after``
        leaves the step unjudged."""
        try:
            pieces = list(micro_steps(rs, prev, action, player))
        except Exception as exc:  # noqa: BLE001 - the replay is ours, not the model's: never a verdict on the model
            self._unjudged(where, f"the replay raised {type(exc).__name__}: {exc}")
            return
        if (pieces[-1][3] if pieces else prev) != after:
            self._unjudged(where, "the replay does not end in the state step returned")
            return
        for piece, task, before, nxt in pieces:
            self.micro += 1
            self.piece(rs, piece, task, before, nxt, where, game)

    def _unjudged(self, where: dict[str, Any], why: str) -> None:
        self.counts["unjudged steps"] += 1
        if len(self.unjudged) < KEEP:
            self.unjudged.append({"where": where, "why": why})

    def piece(self, rs: Any, piece: str, task: Any, before: Any, after: Any, where: dict[str, Any],
              game: Any) -> None:
        """Judge one piece of a step (:func:`micro_steps`): a creature spawned, or a spawn the model
        dropped (a ``spawn-one`` task run before its creature card is drawn, leaving the agenda changed:
        not a refill of the deck)."""
        from tombspec.model.options import read
        from tombspec.model.secrets.rules.tomb_phase import spawn_rooms

        cl = self.limits.creature
        cards = rs.components.creatures
        is_spawn = task is not None and task.kind == "spawn-one"
        limited = is_spawn and "forced" not in task.flags and \
            ("tomb-card" in task.flags or read(rs.options, "limit_scope") == "all-base-elite-spawns")
        once = read(rs.options, "limit_comet") in ("once-fill-in-level-order", "whole-card")   # the round stops
        stop_key = (game, before.round)
        new = [c for c in after.creatures if c.id >= before.next_creature]
        current = cl.count(creature_board(rs, before))
        for c in new:
            deck = cards[c.name].deck
            if deck == "boss":
                self.counts["boss spawns"] += 1
                continue
            if not limited:
                self.counts["forced spawns" if is_spawn and "forced" in task.flags else "unlimited spawns"] += 1
                continue
            self.counts["spawns"] += 1
            outcome, ev = self._spawn_rule(current, True)
            if outcome != HOLDS:
                self._problem("spawn", cl.rules, f"{c.name} spawned with {current} creatures already counted against "
                              f"the limit of {cl.limit}", where, after, {**ev, "creature": c.key})
            if stop_key in self._stopped:
                self._problem("spawn", cl.rules, f"{c.name} spawned after the limit stopped spawning this round "
                              f"(round {before.round})", where, after, {"creature": c.key, "round": before.round})
            after_count = cl.count(creature_board(rs, after))
            if self._within_limit(after_count, forced_over_limit(after)) != HOLDS:
                self._problem("spawn", cl.rules, f"the spawn of {c.name} makes {after_count} creatures against "
                              f"the limit of {cl.limit}", where, after, {"counted_after": after_count})
            current += 1
        if new or not limited or piece != "run" or ":" in task.target or after.agenda == before.agenda:
            return
        # A limited spawn the model dropped without placing a creature: why?
        if not spawn_rooms(rs, before, task.n, task.items):
            self.counts["spawns without a spawn room"] += 1
            if current >= cl.limit:   # the model looks for a spawn room before it looks at the limit
                self.counts["spawns at the limit without a spawn room"] += 1
            return
        first = stop_key not in self._stopped
        if current < cl.limit:
            self.counts["spawns refused after the limit" if not first else "spawns with an empty deck"] += 1
            return
        advanced = after.comet > before.comet or after.phase == "over"
        if first or not once:
            self._stopped.add(stop_key)
            self.counts["limit reached" if first else "limit reached again"] += 1
            outcome, ev = self._spawn_rule(current, False)
            if outcome != HOLDS:
                self._problem("limit-hit", cl.rules, f"a spawn refused with {current} creatures counted, below the "
                              f"limit of {cl.limit}", where, after, ev)
            if not advanced:
                self._problem("limit-hit", cl.rules[2:], f"the limit stopped spawning (round {before.round}) but the "
                              f"Comet track did not advance ({before.comet} -> {after.comet})", where, after,
                              {**ev, "comet_before": before.comet, "comet_after": after.comet})
        else:
            self.counts["spawns refused after the limit"] += 1
            if after.comet != before.comet:
                self._problem("limit-hit", cl.rules[2:], f"the Comet track advanced again for a spawn refused after "
                              f"the limit stopped spawning (round {before.round}: {before.comet} -> {after.comet}), "
                              f"against the reading {read(rs.options, 'limit_comet')}", where, after,
                              {"comet_before": before.comet, "comet_after": after.comet})


# --------------------------------------------------------------------------------------------------
# The games


def _where(index: int, config: dict[str, Any], policy: str, game: int, step: int) -> dict[str, Any]:
    return {"config": index, "board": config.get("board", "core"), "options": dict(config.get("options", {})),
            "policy": policy, "seed": f"{index}:{game}", "step": step}


def play_audited(audit: Audit, rs: Any, rng: random.Random, policy: str, where: dict[str, Any],
                 max_steps: int = MAX_STEPS) -> tuple[int, str]:
    """One seeded game through ``playout``, every state and step judged: (steps, outcome)."""
    from tombspec.model.errors import TombspecError
    from tombspec.model.play import POLICIES as MODEL_POLICIES
    from tombspec.model.play import playout

    prev = rs.initial_state()
    game = (where["config"], where["policy"], where["seed"])
    audit.state(rs, prev, {**where, "step": 0})
    steps = 0
    try:
        for action, player, state in playout(rs, rng, policy=MODEL_POLICIES[policy], max_steps=max_steps,
                                             state=prev):
            steps += 1
            here = {**where, "step": steps}
            audit.state(rs, state, here)
            audit.step(rs, prev, action, player, state, here, game)
            prev = state
    except TombspecError as exc:   # explore reports the model's own failures; here the game just ends
        audit.counts["games cut short"] += 1
        return steps, f"cut short: {type(exc).__name__}"
    return steps, prev.outcome or "unfinished"


def audit_games(limits: Limits, configs: Sequence[dict[str, Any]] | None = None,
                games: int = GAMES_PER_CONFIG, policies: Sequence[str] = POLICIES,
                max_steps: int = MAX_STEPS) -> tuple[Audit, list[dict[str, Any]]]:
    """Audit ``games`` seeded games per policy of every configuration (default: the model's
    ``explore_configs``); the audit, and one line per game."""
    from tombspec.model.registry import get_ruleset
    from tombspec.model.secrets import Secrets

    audit = Audit(limits)
    played = []
    for index, config in enumerate(Secrets.explore_configs if configs is None else configs):
        rs = get_ruleset("secrets", **config)
        for policy in policies:
            for g in range(games):
                where = _where(index, config, policy, g, 0)
                steps, outcome = play_audited(audit, rs, random.Random(f"{index}:{g}"), policy, where, max_steps)
                played.append({**{k: where[k] for k in ("config", "board", "options", "policy", "seed")},
                               "players": rs.options.players, "difficulty": rs.options.difficulty,
                               "steps": steps, "outcome": outcome})
    return audit, played


@cache
def _shipped_audit(limits: Limits) -> tuple[Audit, tuple[dict[str, Any], ...]]:
    audit, played = audit_games(limits)
    return audit, tuple(played)


# --------------------------------------------------------------------------------------------------
# Results and findings


def _span(values: Iterable[int]) -> str:
    values = list(values)
    return f"{min(values)}..{max(values)}" if values else "none seen"


def results(audit: Audit, played: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The constraint results of an audit: the creature limit over states, over spawns, Courage, Audacity."""
    from tombspec.model.codec import digest

    L = audit.limits
    cl = L.creature
    games = len(played)
    configs = sorted({p["config"] for p in played})
    players = sorted({p["players"] for p in played})
    difficulties = sorted({p["difficulty"] for p in played})
    scope = (f"{audit.states} states of {games} seeded games ({len(configs)} configurations: players "
             f"{', '.join(map(str, players))}; {', '.join(difficulties)})")

    def evidence(check: str, **extra: Any) -> dict[str, Any]:
        kept = [{k: v for k, v in p.items() if k != "state"} | {"state_digest": digest(p["state"])}
                for p in audit.problems if p["check"] == check]
        return {"states": audit.states, "games": list(played), "problems": audit.problem_count[check],
                "first_problems": kept, **extra}

    def outcome(check: str, judged_all: bool = True) -> str:
        if audit.problem_count[check]:
            return VIOLATED
        return HOLDS if judged_all else UNKNOWN

    out = []
    n = audit.problem_count["creature-limit"]
    forced = audit.counts["forced spawns"]
    out.append(result("secrets", "secrets.reached.creature-limit", cl.rules[:2], outcome("creature-limit"),
                      f"over {scope} the creatures counted against the limit (bosses excluded, a swarm once) "
                      + (f"passed {cl.limit} in {n} state(s)" if n else f"never passed {cl.limit}")
                      + f" (at most {audit.most} at once"
                      + (f"; {forced} elite(s) placed at the limit by the Alternative Infected Rules" if forced else "")
                      + ")", evidence("creature-limit", most=audit.most, limit=cl.limit)))
    c = audit.counts
    spawned = c["spawns"]
    hits = c["limit reached"] + c["limit reached again"]
    unjudged = c["unjudged steps"]
    bad = audit.problem_count["spawn"] + audit.problem_count["limit-hit"]
    spawn_outcome = VIOLATED if bad else (HOLDS if not unjudged else UNKNOWN)
    out.append(result("secrets", "secrets.reached.spawns", cl.rules, spawn_outcome,
                      f"{spawned} spawns against the limit over {audit.micro} task steps of {games} games: "
                      + (f"{bad} broke it" if bad else "each below the limit")
                      + f"; the limit stopped spawning {hits} time(s), the Comet track advancing each time, "
                        f"{c['spawns refused after the limit']} later spawn(s) that round refused; "
                        f"{c['unlimited spawns']} unlimited, {forced} forced, {c['boss spawns']} boss spawn(s)"
                      + (f"; {c['spawns at the limit without a spawn room']} spawn(s) at the limit on a level "
                         f"without a spawn room dropped with no Comet advance (the model looks for a spawn room "
                         f"before the limit)" if c["spawns at the limit without a spawn room"] else "")
                      + (f"; {unjudged} step(s) not judged (replay mismatch)" if unjudged else ""),
                      {"counts": dict(c), "task_steps": audit.micro, "unjudged": audit.unjudged,
                       "problems": bad, "first_problems": [
                           {k: v for k, v in p.items() if k != "state"} | {"state_digest": digest(p["state"])}
                           for p in audit.problems if p["check"] in ("spawn", "limit-hit")],
                       "readings": "secrets.ambiguity.creature-limit-scope and creature-limit-comet-count as each "
                                   "configuration sets them (default all-base-elite-spawns, once-fill-in-level-order)"}))
    low, high = L.courage
    out.append(result("secrets", "secrets.reached.courage", (L.courage_rule,), outcome("courage"),
                      f"over {scope} every adventurer's Courage stays within {low}..+{high}: seen "
                      f"{_span(audit.courage_seen)}", evidence("courage", seen=_span(audit.courage_seen))))
    out.append(result("secrets", "secrets.reached.audacity", (L.audacity_rule,), outcome("audacity"),
                      f"over {scope} every adventurer's Audacity stays at most {L.audacity}: seen "
                      f"{_span(audit.audacity_seen)}", evidence("audacity", seen=_span(audit.audacity_seen))))
    return out


def findings(audit: Audit) -> list[Finding]:
    """One ``contradiction`` per broken check and game (the first state that breaks it, as evidence)."""
    from tombspec.model.codec import digest, to_data

    out: list[Finding] = []
    seen: set[tuple[str, str, str, Any]] = set()
    for p in audit.problems:
        w = p["where"]
        key = (p["check"], w["config"], w["policy"], w["seed"])
        if key in seen:
            continue
        seen.add(key)
        label = f"config-{w['config']}-{w['policy']}-{w['seed'].replace(':', '-')}"
        out.append(Finding(f"secrets.reached.{p['check']}-{label}", "secrets", "contradiction", tuple(p["rules"]),
                           f"a state the model reaches breaks the {p['check'].replace('-', ' ')} "
                           f"(configuration {w['config']}, {w['policy']} game {w['seed']}, step {w['step']}): "
                           f"{p['message']}",
                           {"where": w, "detail": p["detail"], "state_digest": digest(p["state"]),
                            "state": to_data(p["state"])}))
    return out


@constraint("secrets", "secrets.reached")
def secrets_reached_limits(cat: Catalog) -> list[dict[str, Any]]:
    """The creature limit (states and spawns), Courage and Audacity over the seeded explored games."""
    audit, played = _shipped_audit(limits_of(cat))
    return results(audit, played)


def reached_state_contradictions(cat: Catalog) -> Iterable[Finding]:
    """A state of the seeded explored games that breaks a limit (the same games as the constraints)."""
    audit, _ = _shipped_audit(limits_of(cat))
    return findings(audit)
