"""Where a Party must stand to use a Board Space's Turn Action: the rulebook is silent
("As a Player's Turn, he can use a Turn Action on a Character, Card, or a Space on the Board with an
associated Turn Action."), so the model's choice (on the Space) is recorded as an ambiguity."""

from __future__ import annotations

import pathlib

from tombspec.checks.oracle.verify import verify
from tombspec.spec import load_catalog

CASE = pathlib.Path(__file__).parents[1] / "cases" / "tomb" / "t30-board-space-turn-action.jsonl"


def test_the_reach_of_a_space_turn_action_is_a_recorded_ambiguity() -> None:
    amb = load_catalog("tomb").get("tomb.ambiguity.board-space-turn-action-reach")
    assert amb.default == "on-the-space"
    assert {r.id for r in amb.readings} == {"on-the-space", "within-movement", "anywhere"}
    assert "tomb.act.turn-action" in amb.rules
    assert amb.note


def test_the_model_follows_the_default_reading_on_the_space() -> None:
    report = verify([CASE])
    assert report.exit_code == 0, report.divergences
