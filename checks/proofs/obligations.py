"""z3 proofs of every invariant over every numeric transition core (Apalache's IndInit / IndNext).

The obligations come from the model itself (``Ruleset.proofs``: its ``PROOF_*``): the same functions the
model runs on ints are evaluated here on z3 terms, never a hand-written copy.  For each invariant:

* IndInit: ``Init(v) => Inv(v)``;
* IndNext, for each transition: ``Inv(v) and Guard(v) => Inv(Step(v))``.

Each answer is ``proved``, ``counterexample`` (with the concrete values) or ``unknown``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs
import z3

PROVED, COUNTEREXAMPLE, UNKNOWN = "proved", "counterexample", "unknown"


@attrs.frozen
class Proof:
    game: str
    invariant: str
    transition: str                 # "init" for IndInit
    rules: tuple[str, ...]
    result: str
    counterexample: dict[str, Any] | None = None
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "invariant": self.invariant, "transition": self.transition,
                "rules": list(self.rules), "result": self.result,
                "counterexample": self.counterexample, "reason": self.reason}


def _variables(spec: dict[str, type], suffix: str = "") -> dict[str, Any]:
    return {name: (z3.Bool(name + suffix) if typ is bool else z3.Int(name + suffix))
            for name, typ in spec.items()}


def prove(claim: Any, variables: dict[str, Any], timeout: float) -> tuple[str, dict[str, Any] | None, str]:
    """Three-valued answer for ``claim`` over ``variables`` (z3's own ``prove``, with a time-out)."""
    solver = z3.Solver()
    solver.set("timeout", max(1, int(timeout * 1000)))
    solver.add(z3.Not(claim))
    answer = solver.check()
    if answer == z3.unsat:
        return PROVED, None, ""
    if answer == z3.sat:
        model = solver.model()
        values = {}
        for name, var in variables.items():
            val = model.eval(var, model_completion=True)
            values[name] = z3.is_true(val) if z3.is_bool(val) else val.as_long()
        return COUNTEREXAMPLE, values, ""
    return UNKNOWN, None, solver.reason_unknown()


def obligations(game: str) -> Any | None:
    """The proof obligations the model of ``game`` declares (``Ruleset.proofs``), or None."""
    from tombspec.model.registry import registered_games, ruleset_class

    if game not in registered_games():
        return None
    module = ruleset_class(game).proofs
    return module if hasattr(module, "PROOF_INVARIANTS") else None


def prove_game(game: str, timeout: float = 10.0, module: Any = None) -> list[Proof]:
    module = module or obligations(game)
    if module is None:
        return []
    v = _variables(module.PROOF_VARIABLES)
    results: list[Proof] = []
    for inv_id, inv in module.PROOF_INVARIANTS.items():
        result, cex, why = prove(z3.Implies(module.proof_init(v), inv(v)), v, timeout)
        results.append(Proof(game, inv_id, "init", (inv_id,), result, cex, why))
        for name, (rules, transition) in module.PROOF_TRANSITIONS.items():
            guard, post = transition(v)
            after = {**v, **post}
            claim = z3.Implies(z3.And(inv(v), _as_bool(guard)), inv(after))
            result, cex, why = prove(claim, v, timeout)
            results.append(Proof(game, inv_id, name, tuple(rules), result, cex, why))
    return results


def _as_bool(value: Any) -> Any:
    return z3.BoolVal(value) if isinstance(value, bool) else value


def prove_all(games: Iterable[str], timeout: float = 10.0) -> list[Proof]:
    return [p for g in games for p in prove_game(g, timeout)]
