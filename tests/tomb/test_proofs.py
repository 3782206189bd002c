"""The z3 proofs over Tomb's numeric cores (IndInit and IndNext), and a broken core caught."""

from __future__ import annotations

import types

from tombspec.checks.proofs import COUNTEREXAMPLE, PROVED, prove_game
from tombspec.model.tomb import invariants


def test_every_obligation_is_proved() -> None:
    results = prove_game("tomb", timeout=10.0)
    assert results and all(p.result == PROVED for p in results), [p for p in results if p.result != PROVED]
    covered = {p.invariant for p in results}
    assert {"tomb.death.killed-at-hit-points", "tomb.party.size-one-to-five", "tomb.end.total-xp",
            "tomb.dice.raise-type", "tomb.move.max-movement", "tomb.campaign.levels"} <= covered


def test_a_raise_that_loses_a_die_is_a_counterexample() -> None:
    def bad_raise(v):
        return True, {"green": 0, "blue": v["green"], "red": v["blue"], "auto": v["auto"]}   # red dice vanish

    module = types.SimpleNamespace(**{k: getattr(invariants, k) for k in
                                      ("PROOF_VARIABLES", "proof_init", "PROOF_INVARIANTS")})
    module.PROOF_TRANSITIONS = {"raise-dice": (("tomb.dice.raise-type",), bad_raise)}
    results = prove_game("tomb", timeout=10.0, module=module)
    bad = [p for p in results if p.invariant == "tomb.dice.raise-type" and p.transition == "raise-dice"]
    assert bad and bad[0].result == COUNTEREXAMPLE and bad[0].counterexample["red"] > 0
