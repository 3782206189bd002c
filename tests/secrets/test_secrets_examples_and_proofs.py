"""The rulebook's worked examples replayed through the model (checks/games/secrets/examples.py), and the
z3 proofs over the model's numeric cores."""

from __future__ import annotations

import pytest
import z3

from tombspec.checks.games.secrets.examples import EXAMPLES
from tombspec.checks.proofs import prove_game
from tombspec.model.secrets import invariants
from tombspec.spec import load_catalog

REPLAYS = sorted({fn.__name__: fn for fn in EXAMPLES.values()}.items())


def test_every_example_of_the_catalog_has_a_replay() -> None:
    examples = {r.id for r in load_catalog("secrets").rules if r.kind == "example"}
    assert examples == set(EXAMPLES)


@pytest.mark.parametrize("name, replay", REPLAYS, ids=[n for n, _ in REPLAYS])
def test_the_example_replays_as_the_rulebook_tells_it(name, replay) -> None:
    ok, detail = replay()
    assert ok, detail


def test_every_invariant_is_proved_over_every_transition_core() -> None:
    proofs = prove_game("secrets", timeout=20)
    assert proofs and {p.result for p in proofs} == {"proved"}
    assert {p.invariant for p in proofs} >= {"secrets.adventurers.courage-range", "secrets.dice.audacity-max-10",
                                             "secrets.adventurers.health-cap", "secrets.combat.outnumber-amount",
                                             "secrets.tomb-phase.creature-limit"}


def test_a_broken_core_gives_a_counterexample_that_replays_on_ints() -> None:
    class Broken:
        PROOF_VARIABLES = invariants.PROOF_VARIABLES
        proof_init = staticmethod(invariants.proof_init)
        PROOF_INVARIANTS = {"secrets.adventurers.courage-range": invariants.PROOF_INVARIANTS["secrets.adventurers.courage-range"]}
        PROOF_TRANSITIONS = {"unclamped": (("secrets.adventurers.courage-range",),
                                           lambda v: (True, {"courage": v["courage"] + v["delta"]}))}
    [init, step] = prove_game("secrets", module=Broken)
    assert init.result == "proved" and step.result == "counterexample"
    cex = step.counterexample
    assert not invariants.inv_courage(cex["courage"] + cex["delta"]) and invariants.inv_courage(cex["courage"])
    _ = z3
