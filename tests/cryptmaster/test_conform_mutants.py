"""tombspec conform catches every seeded Cryptmaster bug (examples/cryptmaster-python/seeded_bugs.py)
within a few games, and the unpatched model conforms."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tombspec.checks.oracle.conform import InProcess, ModelAdapter, conform, load_adapter

ROOT = Path(__file__).resolve().parents[2]
SEEDED = ROOT / "examples" / "cryptmaster-python" / "seeded_bugs.py"
#: each bug, with the games and the seed of the games in which it shows
BUGS = {"FirstTurnToTheFirstPlayer": (2, 0), "ReturnToTheEntrance": (2, 0), "DrawPastTheTenCardLimit": (2, 0),
        "EmptyCryptsRaided": (2, 0), "CryptMasterMirrored": (2, 0), "MercenariesEarnNothing": (2, 2),
        "NoReplacementForTheDead": (2, 5), "AttachedTreasureNotScored": (2, 3)}
DIVERGENCES = {"state", "rejected", "accepted", "wrong-rule"}


def test_every_seeded_bug_is_tested() -> None:
    spec = importlib.util.spec_from_file_location("cryptmaster_seeded_bugs", SEEDED)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert sorted(cls.__name__ for cls in module.ALL) == sorted(BUGS)
    assert len({cls.RULE for cls in module.ALL}) >= 6


def test_the_unpatched_model_conforms() -> None:
    report = conform(InProcess(ModelAdapter(), name="model"), ["cryptmaster"], games=2, seed=1, shrink=False)
    assert report.failure is None, report.describe()
    assert report.games == 2


@pytest.mark.parametrize("bug", sorted(BUGS))
def test_conform_catches_every_seeded_bug(bug: str) -> None:
    games, seed = BUGS[bug]
    impl = load_adapter(f"python:{SEEDED}:{bug}")
    report = conform(impl, ["cryptmaster"], games=games, seed=seed, shrink=False)
    assert report.failure is not None, f"{bug} ({impl.adapter.RULE}) was not caught"
    assert report.exit_code == 1 and report.failure.mismatch.kind in DIVERGENCES, report.describe()
