"""The options name the catalog's ambiguities; the catalog is the spec (coverage, examples, proofs)."""

from __future__ import annotations

import attrs
import pytest

from tombspec.checks.report.coverage import formalised
from tombspec.checks.games.egypt.examples import EXAMPLES
from tombspec.checks.proofs import prove_game
from tombspec.model.egypt import Egypt, invariants
from tombspec.model.egypt.dice import EGYPT_LAYOUTS
from tombspec.model.egypt.options import EgyptOptions
from tombspec.model.errors import InvalidInput
from tombspec.model.options import settles
from tombspec.spec import load_catalog

CATALOG = load_catalog("egypt")
NORMATIVE = {"setup", "action", "transition", "limit", "invariant", "scoring"}


def test_option_defaults_are_the_catalog_defaults() -> None:
    defaults = EgyptOptions()
    for name, amb_id in settles(EgyptOptions).items():
        amb = CATALOG.ambiguity(amb_id)
        assert getattr(defaults, name) == amb.default, name
        readings = attrs.fields_dict(EgyptOptions)[name].metadata["readings"]
        assert set(readings) <= {r.id for r in amb.readings}, name


def test_every_ambiguity_is_a_switchable_reading_or_says_why_not() -> None:
    options = {amb: name for name, amb in settles(EgyptOptions).items()}
    for amb in CATALOG.ambiguities:
        assert amb.id in options, f"{amb.id} has no option"
        readings = attrs.fields_dict(EgyptOptions)[options[amb.id]].metadata["readings"]
        assert len(readings) >= 2 or amb.note, f"{amb.id}: one reading and no note"


def test_the_die_layouts_are_the_catalogs_readings() -> None:
    readings = {r.id for r in CATALOG.ambiguity("egypt.ambiguity.die-faces").readings}
    assert set(EGYPT_LAYOUTS) <= readings
    choices = attrs.fields_dict(EgyptOptions)["die_faces"].metadata["readings"]
    assert set(choices) == set(EGYPT_LAYOUTS)


@pytest.mark.parametrize("options, words", [
    ({"players": 7}, "egypt.setup.choose-heroes"),
    ({"players": 0}, "egypt.setup.choose-heroes"),
    ({"players": 1, "solo_heroes": 6}, "egypt.solo.heroes"),
    ({"players": 1, "pursuit": True}, "egypt.modes.pursuit"),
    ({"die_faces": "seven-faces"}, "die_faces"),
    ({"colour": "red"}, "unknown option"),
])
def test_invalid_options_name_the_rule(options, words) -> None:
    with pytest.raises(InvalidInput, match=words):
        Egypt(options=options)


def test_every_normative_rule_is_formalised_or_explained() -> None:
    where = formalised("egypt")
    missing = [r.id for r in CATALOG.rules if r.kind in NORMATIVE and r.id not in where and not r.note]
    assert missing == []
    normative = [r for r in CATALOG.rules if r.kind in NORMATIVE]
    assert sum(r.id in where for r in normative) >= 0.9 * len(normative)


def test_formalisations_name_catalog_rules() -> None:
    assert [rid for rid in formalised("egypt") if rid not in CATALOG] == []


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_worked_example_replays(example: str) -> None:
    assert example in CATALOG and CATALOG.rule(example).kind == "example"
    ok, detail = EXAMPLES[example]()
    assert ok, detail


def test_every_worked_example_of_the_rulebook_is_replayed() -> None:
    assert {r.id for r in CATALOG.rules if r.kind == "example"} == set(EXAMPLES)


def test_the_invariants_are_proved_over_every_transition() -> None:
    proofs = prove_game("egypt", timeout=20)
    assert proofs and all(p.result == "proved" for p in proofs), [p for p in proofs if p.result != "proved"]
    assert {p.transition for p in proofs} == {"init", *invariants.PROOF_TRANSITIONS}
    assert {p.invariant for p in proofs} == set(invariants.PROOF_INVARIANTS)
    assert all(p in CATALOG for p in invariants.PROOF_INVARIANTS)


def test_a_broken_transition_core_is_a_counterexample() -> None:
    import types

    broken = types.SimpleNamespace(
        PROOF_VARIABLES=invariants.PROOF_VARIABLES, proof_init=invariants.proof_init,
        PROOF_INVARIANTS={"egypt.hero.max-lives": invariants.PROOF_INVARIANTS["egypt.hero.max-lives"]},
        PROOF_TRANSITIONS={"fruit-without-cap": (("egypt.item.fruit",), lambda v: (v["alive"], {"lives": v["lives"] + 2}))})
    proofs = prove_game("egypt", module=broken)
    assert {p.result for p in proofs if p.transition != "init"} == {"counterexample"}


def test_the_die_faces_left_unset_make_the_first_roll_unspecified() -> None:
    """``die_faces`` is read when the die is rolled, not when the game is configured: left unset (null),
    the game plays until its first roll, and that roll is unspecified (the Egypt implementation written
    from the guide found conform refusing the configuration outright)."""
    import random

    from tombspec.model.errors import Unspecified
    from tombspec.model.ruleset import get_ruleset

    rs = get_ruleset("egypt", options={"die_faces": None})
    s, rng, steps = rs.initial_state(), random.Random(1), 0
    with pytest.raises(Unspecified) as caught:
        while not rs.is_terminal(s) and steps < 5000:
            p = rs.pending(s)
            if p.is_chance:
                s = rs.step(s, rs.chance(s).sample(rng))
            else:
                s = rs.step(s, rng.choice(rs.legal_actions(s, p.actors[0])), p.actors[0])
            steps += 1
    assert caught.value.ambiguity_id == "egypt.ambiguity.die-faces" and s.roll is not None and steps > 0
