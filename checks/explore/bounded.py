"""Bounded questions over a model's own state space: "can this happen within k steps?"

Breadth-first search from the initial state through every legal decision and every chance outcome of
positive probability, states deduplicated by their canonical digest.  The answer is three-valued, like a
solver's: ``found`` (with the shortest witness: the actions that lead there), ``impossible`` (the whole
space up to ``k`` steps was searched and nothing matched), or ``unknown`` (the state budget ran out first;
never reported as impossible).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from tombspec.model import codec
from tombspec.model.errors import IllegalAction, Unspecified
from tombspec.model.ruleset import Ruleset

FOUND, IMPOSSIBLE, UNKNOWN = "found", "impossible", "unknown"


@attrs.frozen
class Answer:
    result: str
    steps: int | None = None          # length of the shortest witness
    witness: tuple[Any, ...] = ()     # the actions, from the initial state
    states: int = 0                   # distinct states searched
    reason: str = ""

    def to_json(self, rs: Ruleset) -> dict[str, Any]:
        return {"result": self.result, "steps": self.steps, "states": self.states, "reason": self.reason,
                "witness": [rs.encode_action(a) for a in self.witness]}


def can_happen(rs: Ruleset, goal: Callable[[Any], bool], k: int, *, max_states: int = 200_000,
               start: Any = None) -> Answer:
    """Is there a play of at most ``k`` steps from ``start`` (default: the initial state) reaching a state
    where ``goal`` holds?"""
    state = rs.initial_state() if start is None else start
    if goal(state):
        return Answer(FOUND, 0, (), 1)
    parents: dict[str, tuple[str | None, Any]] = {codec.digest(state): (None, None)}
    frontier = [(codec.digest(state), state)]
    for depth in range(1, k + 1):
        nxt = []
        for key, s in frontier:
            if rs.is_terminal(s):
                continue
            try:
                moves = [o for o, p in rs.chance_outcomes(s) if p > 0] if rs.pending(s).is_chance \
                    else rs.legal_actions(s)
            except Unspecified as exc:
                return Answer(UNKNOWN, None, (), len(parents), f"unsettled reading {exc.ambiguity_id}")
            for action in moves:
                try:
                    t = rs.step(s, action)
                except (IllegalAction, Unspecified) as exc:
                    return Answer(UNKNOWN, None, (), len(parents), f"model refused a listed action: {exc}")
                tk = codec.digest(t)
                if tk in parents:
                    continue
                parents[tk] = (key, action)
                if goal(t):
                    return Answer(FOUND, depth, _path(parents, tk), len(parents))
                if len(parents) >= max_states:
                    return Answer(UNKNOWN, None, (), len(parents),
                                  f"state budget of {max_states} exhausted at depth {depth}")
                nxt.append((tk, t))
        frontier = nxt
        if not frontier:
            break
    return Answer(IMPOSSIBLE, None, (), len(parents), f"searched every play of at most {k} steps")


def _path(parents: dict[str, tuple[str | None, Any]], key: str) -> tuple[Any, ...]:
    actions = []
    while True:
        parent, action = parents[key]
        if parent is None:
            return tuple(reversed(actions))
        actions.append(action)
        key = parent
