"""The z3 proofs over Cryptmaster's numeric cores (IndInit and IndNext): Tomb's (wounds, XP, dice,
movement) in Cryptmaster's words, the ten-card gate of a Draw and the five-member limit with Pariahs;
broken cores are caught."""

from __future__ import annotations

import types

from tombspec.checks.proofs import COUNTEREXAMPLE, PROVED, prove_game
from tombspec.model.cryptmaster import invariants


def test_every_obligation_is_proved() -> None:
    results = prove_game("cryptmaster", timeout=10.0)
    assert results and all(p.result == PROVED for p in results), [p for p in results if p.result != PROVED]
    assert {"cryptmaster.draw.ten-card-limit", "cryptmaster.recruit.five-character-limit",
            "cryptmaster.death.character-dies", "cryptmaster.upkeep.final-score"} <= {p.invariant for p in results}
    assert "campaign-game" not in {p.transition for p in results}              # no Campaign in Cryptmaster


def _module(**transitions):
    module = types.SimpleNamespace(**{k: getattr(invariants, k) for k in
                                      ("PROOF_VARIABLES", "proof_init", "PROOF_INVARIANTS")})
    module.PROOF_TRANSITIONS = transitions
    return module


def test_a_draw_gate_at_ten_or_fewer_is_a_counterexample() -> None:
    def bad_draw(v):
        return v["cards"] - v["exempt"] <= 10, {"cards": v["cards"] + 2, "before": v["cards"] - v["exempt"]}

    results = prove_game("cryptmaster", timeout=10.0,
                         module=_module(draw=(("cryptmaster.draw.ten-card-limit",), bad_draw)))
    bad = [p for p in results if p.invariant == "cryptmaster.draw.ten-card-limit" and p.transition == "draw"]
    assert bad and bad[0].result == COUNTEREXAMPLE


def test_a_recruit_ignoring_the_pariah_limit_is_a_counterexample() -> None:
    def bad_recruit(v):
        return v["size"] < 5, {"size": v["size"] + 2}                           # always two: past five

    results = prove_game("cryptmaster", timeout=10.0,
                         module=_module(recruit=(("cryptmaster.recruit.pariah",), bad_recruit)))
    bad = [p for p in results if p.invariant == "cryptmaster.recruit.five-character-limit" and p.transition == "recruit"]
    assert bad and bad[0].result == COUNTEREXAMPLE and bad[0].counterexample["size"] == 4
