"""The catalog is the spec: every option's reading is the catalog's, every ambiguity an option or a note,
every normative rule formalised or explained, every formalisation a catalog rule."""

from __future__ import annotations

import attrs

from tombspec.checks.report.coverage import formalised
from tombspec.model.options import settles
from tombspec.model.tomb.options import TombOptions
from tombspec.spec import load_catalog

NORMATIVE = {"setup", "action", "transition", "limit", "invariant", "scoring"}


def test_every_reading_option_names_a_catalog_ambiguity_and_its_default() -> None:
    catalog = load_catalog("tomb")
    for name, amb_id in settles(TombOptions).items():
        amb = catalog.get(amb_id)
        readings = attrs.fields_dict(TombOptions)[name].metadata["readings"]
        assert readings[0] == amb.default, name
        assert set(readings) <= {r.id for r in amb.readings}, name
        assert getattr(TombOptions(), name) == amb.default


def test_every_ambiguity_is_an_option_or_says_why_not() -> None:
    catalog = load_catalog("tomb")
    options = set(settles(TombOptions).values())
    loose = [a.id for a in catalog.ambiguities if a.id not in options and not a.note]
    assert loose == []


def test_every_normative_rule_is_formalised_or_explained() -> None:
    catalog = load_catalog("tomb")
    where = formalised("tomb")
    missing = [r.id for r in catalog.rules if r.kind in NORMATIVE and r.id not in where and not r.note]
    assert missing == []
    normative = [r for r in catalog.rules if r.kind in NORMATIVE]
    assert sum(r.id in where for r in normative) >= 0.9 * len(normative)


def test_formalisations_name_catalog_rules() -> None:
    catalog = load_catalog("tomb")
    assert [rid for rid in formalised("tomb") if rid not in catalog] == []
