"""Every Raiders rule is formalised by the model, or the catalog says why not."""

from __future__ import annotations

from tombspec.checks.report.coverage import formalised
from tombspec.spec import load_catalog

NORMATIVE = {"setup", "action", "transition", "limit", "invariant", "scoring"}


def test_every_normative_rule_is_formalised_or_explained() -> None:
    catalog = load_catalog("raiders")
    where = formalised("raiders")
    missing = [r.id for r in catalog.rules if r.kind in NORMATIVE and r.id not in where and not r.note]
    assert missing == []


def test_formalisations_name_catalog_rules() -> None:
    catalog = load_catalog("raiders")
    assert [rid for rid in formalised("raiders") if rid not in catalog] == []
