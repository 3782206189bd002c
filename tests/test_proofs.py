"""z3 proofs: proved, counterexample (replayable) or unknown; unknown is never proved."""

from __future__ import annotations

import types

import z3

from tombspec.checks.proofs import COUNTEREXAMPLE, PROVED, UNKNOWN, prove, prove_game
from tombspec.model.numeric import all_, min_
from tombspec.model.raiders import invariants as raiders_invariants


def test_raiders_invariants_are_proved_over_every_transition() -> None:
    proofs = prove_game("raiders", timeout=20)
    assert proofs and all(p.result == PROVED for p in proofs)
    transitions = {p.transition for p in proofs}
    assert transitions == {"init", *raiders_invariants.PROOF_TRANSITIONS}
    assert {p.invariant for p in proofs} == set(raiders_invariants.PROOF_INVARIANTS)


def test_a_broken_core_gives_a_replayable_counterexample() -> None:
    """A Rest that forgets the Grail penny (cap 6 for everyone) breaks the penny invariant."""
    broken = types.SimpleNamespace(
        PROOF_VARIABLES=raiders_invariants.PROOF_VARIABLES,
        proof_init=raiders_invariants.proof_init,
        PROOF_INVARIANTS={"raiders.death.killed": raiders_invariants.PROOF_INVARIANTS["raiders.death.killed"]},
        PROOF_TRANSITIONS={"rest-ignoring-grail": (("raiders.rest.regain-penny",), lambda v: (
            all_(v["alive"], v["pennies"] < 6), {"pennies": min_(v["pennies"] + 1, 6)}))},
    )
    proofs = prove_game("raiders", module=broken)
    bad = [p for p in proofs if p.transition == "rest-ignoring-grail"]
    assert bad and bad[0].result == COUNTEREXAMPLE
    cex = bad[0].counterexample
    inv = raiders_invariants.inv_pennies
    # Replay the counterexample on ints: the invariant holds before and fails after.
    assert inv(cex["pennies"], cex["holds_grail"], cex["alive"])
    assert cex["holds_grail"] and not inv(min(cex["pennies"] + 1, 6), cex["holds_grail"], cex["alive"])


def test_solver_unknown_maps_to_unknown(monkeypatch) -> None:
    monkeypatch.setattr(z3.Solver, "check", lambda self, *a: z3.unknown)
    monkeypatch.setattr(z3.Solver, "reason_unknown", lambda self: "timeout")
    result, cex, reason = prove(z3.BoolVal(True), {}, timeout=1)
    assert (result, cex, reason) == (UNKNOWN, None, "timeout")


def test_unknown_is_not_proved() -> None:
    x, y, z = z3.Ints("x y z")
    claim = z3.Implies(z3.And(x > 0, y > 0, z > 0), x * x * x + y * y * y != z * z * z)
    result, cex, reason = prove(claim, {"x": x, "y": y, "z": z}, timeout=0.05)
    assert result in (UNKNOWN, PROVED)   # z3 may not settle Fermat's n = 3 in 50 ms ...
    if result == UNKNOWN:
        assert cex is None and reason    # ... and when it does not, it says why and claims nothing
