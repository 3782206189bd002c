"""tombspec conform on Secrets: the model conforms to itself in process, and every seeded bug of
examples/secrets-python/seeded_bugs.py (one per rules area) is caught."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tombspec.checks.oracle.conform import InProcess, ModelAdapter, conform, load_adapter
from tombspec.spec import load_catalog

SEEDED = Path(__file__).resolve().parents[2] / "examples" / "secrets-python" / "seeded_bugs.py"
DIVERGENCES = {"state", "rejected", "accepted", "wrong-rule"}


def _mutants() -> list[str]:
    spec = importlib.util.spec_from_file_location("secrets_seeded_bugs", SEEDED)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [cls.__name__ for cls in module.ALL]


def test_the_model_conforms_to_itself_in_process() -> None:
    report = conform(InProcess(ModelAdapter()), ["secrets"], games=2, seed=3)
    assert report.exit_code == 0 and report.failure is None
    assert report.games == 2 and report.steps > 300 and report.probes > 20


def test_there_are_seeded_bugs_for_at_least_six_rules_areas_and_each_names_a_catalog_rule() -> None:
    names = _mutants()
    assert len(names) >= 6
    catalog = load_catalog("secrets")
    areas = set()
    for name in names:
        rule = load_adapter(f"python:{SEEDED}:{name}").adapter.RULE
        assert rule in catalog
        areas.add(rule.split(".")[1])
    assert len(areas) >= 6


@pytest.mark.parametrize("bug", _mutants())
def test_conform_catches_every_seeded_bug(bug: str) -> None:
    impl = load_adapter(f"python:{SEEDED}:{bug}")
    report = conform(impl, ["secrets"], games=4, seed=0, shrink_replays=8)
    assert report.failure is not None, f"{bug} ({impl.adapter.RULE}) was not caught"
    assert report.exit_code == 1 and report.failure.mismatch.kind in DIVERGENCES, report.describe()
