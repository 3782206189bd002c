"""``tombspec compare`` for every registered game: rates with Wilson intervals, first player, lengths,
the chart; the same answer on workers as in one process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest
from click.testing import CliRunner

from tombspec.checks.cli import main
from tombspec.checks.compare import Config, compare, rate
from tombspec.model.registry import registered_games, ruleset_class


def _other(game: str) -> dict[str, Any]:
    """A second configuration the game itself lists (explore_configs), else its default."""
    configs = ruleset_class(game).explore_configs
    return dict(configs[1] if len(configs) > 1 else configs[0])


@pytest.mark.parametrize("game", registered_games())
def test_compare_works_for_every_game(game: str, tmp_path: Path) -> None:
    png = tmp_path / "chart.png"
    result = CliRunner().invoke(main, ["compare", game, "--b", orjson.dumps(_other(game)).decode(),
                                       "--games", "2", "--workers", "1", "--json", "--png", str(png)])
    assert result.exit_code in (0, 1), result.output
    data = orjson.loads(result.stdout)
    for side in ("a", "b"):
        s = data[side]
        assert s["games"] == 2 and sum(r["count"] for r in s["outcomes"].values()) == 2
        assert s["length"]["mean"] > 0
        assert all(r["low"] <= r["rate"] <= r["high"] for r in s["outcomes"].values())
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_wilson_interval_from_scipy() -> None:
    r = rate(5, 10)
    assert r["rate"] == 0.5 and 0.23 < r["low"] < 0.24 and 0.76 < r["high"] < 0.77   # Wilson: [0.237, 0.763]
    assert rate(0, 0)["rate"] is None


def test_the_same_answer_on_workers(pool: Any) -> None:
    a = Config("A", policy="greedy")
    b = Config.from_data("B", {"grail_player_labels": "starting-values"}, "--b")
    assert b.options == {"grail_player_labels": "starting-values"}
    one = compare("raiders", a, b, 24, seed=3)
    many = compare("raiders", a, b, 24, seed=3, executor=pool)
    assert one == many and one["a"]["length"] != one["b"]["length"]


def test_a_bad_configuration_is_exit_2() -> None:
    result = CliRunner().invoke(main, ["compare", "raiders", "--b", '{"policy": "clever"}'])
    assert result.exit_code == 2 and "policy" in result.output and "Traceback" not in result.output
    result = CliRunner().invoke(main, ["compare", "raiders", "--b", '{"options": {}, "colour": 1}'])
    assert result.exit_code == 2 and "colour" in result.output
