"""The ends of each game (``Ruleset.ends``): every finished game ends in one its ruleset declares, explore
reports one that does not, and conform says which declared ends its games reached and which they never
did (a conformance run compares an implementation's play only up to the ends it reached)."""

from __future__ import annotations

from typing import Any

import pytest

from tombspec.checks.explore.games import explore
from tombspec.checks.oracle.conform import InProcess, ModelAdapter, conform
from tombspec.model.registry import get_ruleset, registered_games

GAMES = sorted(registered_games())


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_ends_and_finished_games_end_in_one(game: str) -> None:
    rs = get_ruleset(game)
    ends = rs.ends()
    assert ends and len(set(ends)) == len(ends), ends
    report = explore(rs, 3, 5)
    assert not report.problems, [p.message for p in report.problems]
    finished = {o: n for o, n in report.outcomes.items() if o != "unfinished"}
    assert finished and set(finished) <= set(ends), (finished, ends)


@pytest.mark.parametrize(("game", "options", "more"), [
    ("cryptmaster", {"pvp": True, "players": 3}, "last-player"),
    ("cryptmaster", {"overlords": True}, "overlord"),
    ("egypt", {"escape": True}, "keys-lost"),
    ("raiders", {"grail_holder_killed": "nobody-wins"}, "grail-lost"),
])
def test_an_end_a_variant_or_reading_adds_is_declared_only_under_it(game: str, options: dict[str, Any],
                                                                     more: str) -> None:
    assert more not in get_ruleset(game).ends()
    assert more in get_ruleset(game, options=options).ends()


def test_explore_reports_a_game_that_ends_otherwise_than_declared(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seeded break: the ruleset forgets one of its ends; the games that end there are problems."""
    rs = get_ruleset("raiders")
    report = explore(rs, 12, 1)
    common = max((o for o in report.outcomes if o != "unfinished"), key=report.outcomes.__getitem__)
    monkeypatch.setattr(type(rs), "ends", lambda self: tuple(e for e in ("escaped", "sealed", "killed",
                                                                            "grail-lost") if e != common))
    broken = explore(rs, 12, 1)
    ended = [p for p in broken.problems if p.kind == "end"]
    assert ended and all(repr(common) in p.message for p in ended)


def test_conform_says_which_ends_its_games_reached_and_which_not() -> None:
    report = conform(InProcess(ModelAdapter(), timeout=20), ["raiders"], games=6, seed=0)
    assert report.exit_code == 0, report.describe()
    ended = report.ended["raiders"]
    assert sum(ended.values()) == 6
    declared = list(get_ruleset("raiders").ends())
    assert report.ends["raiders"] == declared
    assert report.ends_unreached["raiders"] == [e for e in declared if e not in ended]
    assert report.to_json()["ends_never_reached"] == report.ends_unreached
    text = report.describe()
    assert "raiders: games ended " in text
    if report.ends_unreached["raiders"]:
        assert "ends never reached (their play was not compared): " in text
