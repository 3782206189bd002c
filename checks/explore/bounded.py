"""Exhaustive bounded search over a model's own state space (what TLC does for TLA+).

Breadth-first from the initial state through every legal decision of every player who may act and
every outcome of positive probability of every chance event, states deduplicated by their canonical
digest (:func:`tombspec.model.codec.digest`), every invariant (``ruleset.violations``) checked in every
state reached.  Level by level, so the first violation (or ``find`` match) met is at the fewest steps:
its trace is the shortest, and it is the same one whatever executor expands the frontier (the frontier
is cut into chunks expanded on the executor of :mod:`tombspec.checks.parallel` and merged in order).

The answer is three-valued, like a solver's:

* ``violated`` / ``found``: a state breaking an invariant / matching ``find``, with the shortest trace;
* ``holds`` / ``impossible``: every state reachable within ``depth`` steps was visited and checked;
* ``unknown``: the search did not finish: a state or time budget ran out, or some state could not be
  expanded (a chance event without a small support to list, a reading the options leave open).  Never
  reported as holding.
"""

from __future__ import annotations

import os
import pickle
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from typing import Any

import attrs

from tombspec.model import codec
from tombspec.model.chance import SupportTooLarge
from tombspec.model.errors import IllegalAction, Unspecified
from tombspec.model.ruleset import Ruleset

from .query import Query
from ..parallel import Args, Shared, map_ordered, unshared, workers_of

FOUND, IMPOSSIBLE, UNKNOWN = "found", "impossible", "unknown"
VIOLATED, HOLDS = "violated", "holds"

#: a goal: a predicate over states, or the text of a Python expression over the state ``s``
Goal = Callable[[Any], bool] | str | None


@attrs.frozen
class Answer:
    result: str                       # violated | found | holds | impossible | unknown
    steps: int | None = None          # length of the shortest witness
    witness: tuple[Any, ...] = ()     # the actions, from the initial state
    states: int = 0                   # distinct states reached
    reason: str = ""
    players: tuple[int | None, ...] = ()          # who made each witness step (None: chance)
    levels: tuple[int, ...] = ()      # new distinct states at depth 0, 1, 2, ...
    invariant: str | None = None      # the invariant violated
    message: str = ""
    incomplete: int = 0               # states that could not be expanded
    seconds: float = 0.0
    depth: int = 0                    # the depth asked for

    @property
    def diameter(self) -> int:
        """The deepest level at which a new state was reached."""
        return len(self.levels) - 1

    @property
    def states_per_second(self) -> float:
        return self.states / self.seconds if self.seconds else 0.0

    @property
    def complete(self) -> bool:
        return self.result in (HOLDS, IMPOSSIBLE)

    def to_json(self, rs: Ruleset) -> dict[str, Any]:
        out: dict[str, Any] = {"result": self.result, "depth": self.depth, "steps": self.steps,
                               "states": self.states, "levels": list(self.levels), "diameter": self.diameter,
                               "incomplete_states": self.incomplete, "seconds": round(self.seconds, 3),
                               "states_per_second": round(self.states_per_second), "reason": self.reason,
                               "witness": [rs.encode_action(a) for a in self.witness],
                               "players": list(self.players)}
        if self.invariant:
            out["invariant"] = self.invariant
            out["message"] = self.message
        return out

    def write_trace(self, rs: Ruleset, out: Any, claim: str = "digest") -> None:
        """The witness as a trace ``tombspec verify`` replays (a header, one line per step)."""
        from ..oracle.trace import TraceWriter

        writer = TraceWriter(out, claim)
        writer.game(rs)
        state = rs.initial_state()
        for action, player in zip(self.witness, self.players, strict=True):
            state = rs.step(state, action, player)
            writer.step(rs, action, state, player)


def moves(rs: Ruleset, state: Any) -> Iterator[tuple[Any, int | None]]:
    """Every ``(action, player)`` that may come next: each outcome of positive probability of a chance
    event, or each legal action of each player who may act now.  Raises ``SupportTooLarge`` (a chance
    event too large to list) or ``Unspecified``."""
    pending = rs.pending(state)
    if pending.is_over:
        return
    if pending.is_chance:
        dist = rs.chance(state)
        for outcome, p in (dist.support() if dist is not None else ()):
            if p > 0:
                yield outcome, None
        return
    for player in pending.actors:
        for action in rs.legal_actions(state, player):
            yield action, player


def _goal(goal: Goal) -> Callable[[Any], bool] | None:
    """A predicate over states: ``goal`` itself, or a ``--find`` expression (:class:`.query.Query`)."""
    if goal is None or callable(goal):
        return goal
    return Query(goal)


def compile_goal(text: str) -> str:
    """Check that ``text`` is a ``--find`` expression (:mod:`.query`); one outside the language is bad
    input naming the column of the offending part."""
    return Query(text).text


#: the default budgets of a search asked for none: distinct states, and the share of the memory
#: available (the address-space limit, else the machine's memory) the process may grow to
DEFAULT_MAX_STATES = 5_000_000
MEMORY_SHARE = 0.75
#: ``_expand``'s answer for the states it left when the time budget ran out
BUDGET = "budget"


def memory_limit() -> int | None:
    """The bytes this process may use before a search stops: a share of its address-space limit
    (``ulimit -v``), else of the machine's memory; None where neither can be read."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft not in (resource.RLIM_INFINITY, -1) and soft > 0:
        return int(soft * MEMORY_SHARE)
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):  # pragma: no cover - not POSIX
        return None
    return int(pages * size * MEMORY_SHARE)


def memory_used() -> int:
    """The address space this process holds now (what ``ulimit -v`` limits), from ``/proc``; 0 where
    it cannot be read."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):  # pragma: no cover - not Linux
        return 0


#: one expanded state: its successors ``(action, player, digest, state, violation, goal hit)``, or why
#: it could not be expanded
Expansion = tuple[list[tuple[Any, int | None, str, Any, tuple[str, str] | None, bool]], str | None]


#: on a worker: the digests it has already sent in the search it is working for (``(search id, set)``):
#: the search has them all, so they need not travel again
_SENT: list[Any] = [None, set()]


def _expand(rs: Ruleset, states: list[Any], goal: Goal, check: bool, run: str | None = None,
            deadline: float | None = None) -> list[Expansion]:
    """Expand a chunk of the frontier (on a worker): each state's successors, digested and checked.
    With a search id ``run``, a successor this worker already sent for that search is left out.  Past
    the ``deadline`` (``time.time()``), the chunk ends with ``([], BUDGET)`` and the states after are left."""
    rs = unshared(rs)
    test = _goal(goal)
    if run is None:
        seen: set[str] = set()
    else:
        if _SENT[0] != run:
            _SENT[0], _SENT[1] = run, set()
        seen = _SENT[1]
    out: list[Expansion] = []
    for state in states:
        if deadline is not None and time.time() > deadline:
            out.append(([], BUDGET))
            return out
        if type(state) is bytes:          # a state this search's workers sent as pickled bytes
            state = pickle.loads(state)
        succ: list[Any] = []
        why: str | None = None
        try:
            for action, player in moves(rs, state):
                after = rs.step(state, action, player)
                key = codec.digest(after)
                if key in seen:
                    if run is None:             # the search met it earlier in this chunk: it has it
                        succ.append((action, player, key, None, None, False))
                    continue
                seen.add(key)
                bad = rs.violations(after) if check else []
                hit = test(after) if test is not None else False
                # On a worker, the successor travels pickled: the search process only passes it on to
                # the worker that expands it next, and never needs to unpickle and re-pickle it
                succ.append((action, player, key, after if run is None else pickle.dumps(after, pickle.HIGHEST_PROTOCOL),
                             (bad[0].invariant, bad[0].message) if bad else None, hit))
        except SupportTooLarge as exc:
            why = f"a chance event without a small support ({exc})"
        except Unspecified as exc:
            why = f"an unsettled reading ({exc.ambiguity_id})"
        except IllegalAction as exc:
            why = f"the model refused an action it listed as legal: {exc}"
        out.append((succ, why))
    return out


def search(rs: Ruleset, depth: int, *, find: Goal = None, invariants: bool = True,
           max_states: int | None = None, time_budget: float | None = None,
           executor: Executor | None = None, chunk: int = 256, start: Any = None,
           progress: Callable[[int, int], None] | None = None) -> Answer:
    """Visit every state reachable within ``depth`` steps from ``start`` (default: the initial state),
    checking every invariant (unless ``invariants`` is false) and ``find``; stop at the first
    violation or match (the shortest), or on a budget (``unknown``).  ``progress(depth, states)`` is
    called after each chunk.  A search asked for no state budget has :data:`DEFAULT_MAX_STATES`, and
    every search stops (``unknown``) before the process outgrows :func:`memory_limit`; the time budget
    bounds the expansions themselves, the invariants and ``find`` included."""
    began = time.perf_counter()
    if max_states is None:
        max_states = DEFAULT_MAX_STATES
    deadline = time.time() + time_budget if time_budget is not None else None
    limit = memory_limit()
    state = rs.initial_state() if start is None else start
    key0 = codec.digest(state)
    parents: dict[str, tuple[str | None, Any, int | None]] = {key0: (None, None, None)}
    levels = [1]
    incomplete = 0
    reasons: list[str] = []

    def answer(result: str, reason: str = "", at: str | None = None, **more: Any) -> Answer:
        witness, players = _path(parents, at) if at is not None else ((), ())
        return Answer(result, len(witness) if at is not None else None, witness, len(parents), reason,
                      players, tuple(levels), incomplete=incomplete,
                      seconds=time.perf_counter() - began, depth=depth, **more)

    bad = rs.violations(state) if invariants else []
    if bad:
        return answer(VIOLATED, "the initial state", key0, invariant=bad[0].invariant, message=bad[0].message)
    test = _goal(find)
    if test is not None and test(state):
        return answer(FOUND, "the initial state", key0)
    parallel = executor is not None and workers_of(executor) > 1
    run = uuid.uuid4().hex if parallel else None
    shared = Shared(rs) if parallel else rs
    frontier = [state]
    frontier_keys = [key0]
    for level in range(1, depth + 1):
        nxt: list[Any] = []
        nxt_keys: list[str] = []
        chunks = [frontier[i:i + chunk] for i in range(0, len(frontier), chunk)]
        if parallel:
            results: Any = map_ordered(executor, _expand,  # type: ignore[arg-type]
                                       (Args(shared, c, find, invariants, run, deadline) for c in chunks),
                                       what=f"searching {rs.game} at depth {level}")
        else:
            results = (_expand(rs, c, find, invariants, None, deadline) for c in chunks)
        index = 0
        levels.append(0)
        for expansions in results:
            for succ, why in expansions:
                if why is BUDGET or why == BUDGET:
                    return answer(UNKNOWN, f"budget: the time budget of {time_budget:g} s ran out at depth "
                                           f"{level}; the search is incomplete")
                parent = frontier_keys[index]
                index += 1
                if why is not None:
                    incomplete += 1
                    if len(reasons) < 3:
                        reasons.append(why)
                for action, player, key, after, violation, hit in succ:
                    if key in parents:
                        continue
                    parents[key] = (parent, action, player)
                    levels[-1] += 1
                    if violation is not None:
                        return answer(VIOLATED, f"invariant {violation[0]} broken {level} steps in", key,
                                      invariant=violation[0], message=violation[1])
                    if hit:
                        return answer(FOUND, f"found {level} steps in", key)
                    if max_states is not None and len(parents) >= max_states:
                        return answer(UNKNOWN, f"budget: the state budget of {max_states:,} ran out at depth "
                                               f"{level}; the search is incomplete")
                    nxt.append(after)
                    nxt_keys.append(key)
            if limit is not None and memory_used() > limit:
                return answer(UNKNOWN, f"budget: the search outgrew {limit / 2**20:,.0f} MiB of memory at "
                                       f"depth {level} ({MEMORY_SHARE:.0%} of what this process may use); "
                                       "the search is incomplete")
            if time_budget is not None and time.perf_counter() - began > time_budget:
                return answer(UNKNOWN, f"budget: the time budget of {time_budget:g} s ran out at depth "
                                       f"{level}; the search is incomplete")
            if progress is not None:
                progress(level, len(parents))
        if not levels[-1]:
            levels.pop()
        frontier, frontier_keys = nxt, nxt_keys
        if not frontier:
            break
    if incomplete:
        return answer(UNKNOWN, f"incomplete: {incomplete:,} state(s) could not be expanded, e.g. "
                               f"{'; '.join(reasons)}")
    what = "checked every invariant in " if invariants else "visited "
    reason = f"{what}every state reachable within {depth} steps"
    return answer(HOLDS if test is None else IMPOSSIBLE, reason)


def can_happen(rs: Ruleset, goal: Callable[[Any], bool], k: int, *, max_states: int = 200_000,
               start: Any = None) -> Answer:
    """Is there a play of at most ``k`` steps from ``start`` (default: the initial state) reaching a state
    where ``goal`` holds?  ``found`` (shortest witness), ``impossible`` or ``unknown``; invariants are not
    checked (that is :func:`search`'s other question)."""
    return search(rs, k, find=goal, invariants=False, max_states=max_states, start=start)


def _path(parents: dict[str, tuple[str | None, Any, int | None]], key: str) -> tuple[tuple[Any, ...], tuple[int | None, ...]]:
    actions: list[Any] = []
    players: list[int | None] = []
    while True:
        parent, action, player = parents[key]
        if parent is None:
            return tuple(reversed(actions)), tuple(reversed(players))
        actions.append(action)
        players.append(player)
        key = parent
