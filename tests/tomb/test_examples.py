"""The rulebook's worked examples, replayed through the model (checks/games/tomb/examples.py): the
Pickpocket example (Pickpocket), the Trap example (Traps), the example cards (The Card Types, Monsters,
Treasure Cards, Actions and Effects), the Campaign example (Campaign Play) and "Example of Play: Into the
Crypt" step by step."""

from __future__ import annotations

import importlib

import pytest

from tombspec.spec import load_catalog

EXAMPLES = importlib.import_module("tombspec.checks.games.tomb.examples").EXAMPLES


@pytest.mark.parametrize("rule", sorted(EXAMPLES))
def test_worked_example_matches(rule: str) -> None:
    ok, detail = EXAMPLES[rule]()
    assert ok, detail


def test_every_replayed_example_is_a_catalog_example() -> None:
    catalog = load_catalog("tomb")
    assert all(catalog.get(rid).kind == "example" for rid in EXAMPLES)
