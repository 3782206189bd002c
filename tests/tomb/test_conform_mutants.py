"""tombspec conform catches every seeded Tomb bug (examples/tomb-python/seeded_bugs.py) within a few
games, and the unpatched model conforms."""

from __future__ import annotations

from pathlib import Path

import pytest

from tombspec.checks.oracle.conform import InProcess, ModelAdapter, conform, load_adapter

ROOT = Path(__file__).resolve().parents[2]
SEEDED = ROOT / "examples" / "tomb-python" / "seeded_bugs.py"
#: each bug, with the configuration (options, board), the games and the seed of the games in which it shows
BUGS = {"TiesToTheFirstPlayer": (None, None, 3, 0), "NoHealingAtTheInn": (None, None, 2, 0),
        "MovementBonusIgnored": (None, "catacomb-halls", 2, 0), "CryptMasterToTheRight": (None, None, 2, 0),
        "FailedTrapsBanked": (None, None, 3, 0), "CharactersActFirst": (None, None, 2, 0),
        "DeathOnlyPastHitPoints": (None, None, 3, 0), "NoReplacementAtTheInn": (None, None, 3, 0),
        "NoTraitLimit": (None, None, 3, 0), "PickpocketTiesSteal": (None, None, 3, 0),
        "DeadMonstersNotBanked": (None, None, 2, 0), "GameEndsWithOneCardLeft": (None, None, 2, 1)}
DIVERGENCES = {"state", "rejected", "accepted", "wrong-rule"}


def test_every_seeded_bug_is_tested() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("tomb_seeded_bugs", SEEDED)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert sorted(cls.__name__ for cls in module.ALL) == sorted(BUGS)
    assert len({cls.RULE for cls in module.ALL}) >= 6


def test_the_unpatched_model_conforms() -> None:
    report = conform(InProcess(ModelAdapter(), name="model"), ["tomb"], games=3, seed=1, shrink=False)
    assert report.failure is None, report.describe()
    assert report.games == 3


@pytest.mark.parametrize("bug", sorted(BUGS))
def test_conform_catches_every_seeded_bug(bug: str) -> None:
    options, board, games, seed = BUGS[bug]
    impl = load_adapter(f"python:{SEEDED}:{bug}")
    report = conform(impl, ["tomb"], games=games, seed=seed, shrink=False, options=options, board=board)
    assert report.failure is not None, f"{bug} ({impl.adapter.RULE}) was not caught"
    assert report.exit_code == 1 and report.failure.mismatch.kind in DIVERGENCES, report.describe()
