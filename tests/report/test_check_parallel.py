"""``tombspec check`` on the workers: the same report whatever their number, and no game played twice
(the rule coverage is recorded inside the explored games themselves)."""

from __future__ import annotations

import attrs
import pytest

from tombspec.checks.explore import games as explore_games
from tombspec.checks.explore.games import configuration_runs, explore_runs
from tombspec.checks.report import run_check
from tombspec.model.traceability import recording


def _comparable(result) -> dict:  # noqa: ANN001
    data = result.to_json()
    for e in data["explore"]:
        e.pop("seconds")
    return {k: data[k] for k in ("explore", "coverage", "problems", "totals")}


def test_check_reports_the_same_on_one_worker_and_on_two() -> None:
    one = run_check(["raiders"], explore_games=20, progress=False, workers=1)
    two = run_check(["raiders"], explore_games=20, progress=False, workers=2)
    assert one.explore[0]["games"] == 20 and one.explore[0]["steps"] > 0
    assert _comparable(one) == _comparable(two)


@pytest.mark.parametrize("game", ["raiders", "egypt"])
def test_recording_inside_the_games_sees_what_a_replay_under_recording_saw(game: str) -> None:
    """The coverage recorded while exploring equals what recording a second play of the same games
    saw (how ``check`` recorded it before: every game played twice)."""
    runs = configuration_runs(game, 8, record=8)
    inside = set().union(*(r.exercised for r in explore_runs(runs)))
    configured = set().union(*(run.configured for run in runs))   # recorded while configuring the rulesets
    with recording() as replay:
        explore_runs([attrs.evolve(run, record=0, configured=frozenset()) for run in runs])
    assert inside and inside == replay | configured


def test_only_the_first_games_of_each_run_are_recorded() -> None:
    runs = configuration_runs("raiders", 40, record=10)
    assert {run.games for run in runs} == {4} and {run.record for run in runs} == {1}
    with_none = explore_runs(configuration_runs("raiders", 40, record=0))
    assert all(not r.exercised for r in with_none)


def test_check_with_no_games_plays_none(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise AssertionError("a game was played with --games 0")

    monkeypatch.setattr(explore_games, "_play_one", refuse)
    result = run_check(["raiders"], explore_games=0, progress=False, workers=1)
    assert result.explore == [] and result.coverage[0]["exercised"] > 0   # the worked examples still replay
