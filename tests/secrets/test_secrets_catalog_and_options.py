"""The catalog is the spec: options settle catalog ambiguities with the catalog's defaults; every ambiguity
is a reading the model switches or its note says why not; every normative rule is formalised or its note
says why not; the model names only catalog rules."""

from __future__ import annotations

import attrs

from tombspec.checks.report.coverage import formalised
from tombspec.model.options import settles, unsettled
from tombspec.model.secrets import Secrets
from tombspec.model.secrets.options import SecretsOptions
from tombspec.spec import load_catalog

NORMATIVE = {"setup", "action", "transition", "limit", "invariant", "scoring"}


def test_option_defaults_are_the_catalog_defaults() -> None:
    cat = load_catalog("secrets")
    defaults = SecretsOptions()
    for name, amb_id in settles(SecretsOptions).items():
        amb = cat.ambiguity(amb_id)
        assert getattr(defaults, name) == amb.default, name
        readings = attrs.fields_dict(SecretsOptions)[name].metadata["readings"]
        assert set(readings) <= {r.id for r in amb.readings}, name
        assert len(readings) >= 2, f"{name} switches nothing"


def test_every_ambiguity_is_a_reading_or_says_why_the_model_cannot_act_on_it() -> None:
    cat = load_catalog("secrets")
    switched = set(settles(SecretsOptions).values())
    for amb in cat.ambiguities:
        assert amb.id in switched or (amb.note and "Model:" in amb.note), amb.id


def test_every_normative_rule_is_formalised_or_explained_and_coverage_is_at_least_90_percent() -> None:
    cat = load_catalog("secrets")
    where = formalised("secrets")
    normative = [r for r in cat.rules if r.kind in NORMATIVE]
    missing = [r.id for r in normative if r.id not in where]
    assert [r for r in missing if "Model:" not in (cat.rule(r).note or "")] == []
    assert (len(normative) - len(missing)) / len(normative) >= 0.9


def test_formalisations_name_catalog_entries() -> None:
    cat = load_catalog("secrets")
    assert [rid for rid in formalised("secrets") if rid not in cat] == []


def test_an_unsettled_reading_raises_unspecified_where_it_matters() -> None:
    import random

    from tombspec.model.errors import Unspecified
    from tombspec.model.play import playout
    rs = Secrets(options=unsettled(SecretsOptions, players=2))
    try:
        for _ in playout(rs, random.Random(1), max_steps=200):
            pass
    except Unspecified as exc:
        assert exc.ambiguity_id in {a.id for a in load_catalog("secrets").ambiguities}
    else:
        raise AssertionError("a game ran 200 steps without meeting an open question")


def test_the_tables_the_model_reads_are_the_catalog_files_tables() -> None:
    """The model parses only the ``[[tables]]`` entries it asks for, each from its own text
    (rules/engine.py): every table so parsed is the table a parse of the whole file gives."""
    import tomllib
    from pathlib import Path

    import tombspec.spec
    from tombspec.model.secrets.rules import engine

    path = Path(tombspec.spec.__file__).resolve().parent / "secrets.toml"
    whole = tomllib.loads(path.read_text(encoding="utf-8"))["tables"]
    assert set(engine._table_texts()) == {t["id"] for t in whole}
    for t in whole:
        assert engine._table(t["id"]) == t
        assert engine.table(t["id"]) == [dict(zip(t["columns"], row)) for row in t["rows"]]
