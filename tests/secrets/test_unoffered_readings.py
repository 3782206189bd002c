"""Readings of catalog ambiguities that the model once played silently, now options: each test reaches a
situation where the readings part and asserts each reading's play (it fails if the option is ignored)."""

from __future__ import annotations

import attrs
import pytest

from tombspec.model.errors import Unspecified
from tombspec.model.secrets.actions import Choose
from tombspec.model.secrets.state import Task
from tombspec.model.secrets.rules import turn
from tombspec.model.secrets.rules.scenarios import symbol_triggered

from secrets_helpers import op, play, queue, ready, ruleset, two


def _hollow(order: str, reverse: bool = False):
    rs = type(ruleset(2))(options={"players": 2, "companions_adjust": -5, "symbol_order": order}, board="exercise")
    if reverse:                       # the same triggers, listed the other way round
        rs.scenario = attrs.evolve(rs.scenario, symbol_triggers=rs.scenario.symbol_triggers[::-1])
    return rs, ready(rs, ["Ada Quarry", "Basil Fenwick"])


@pytest.mark.parametrize("order,reverse,mirror_first", [
    ("last-listed-first", False, False), ("listed-order", False, True), ("symbol-order", False, True),
    ("last-listed-first", True, True), ("listed-order", True, False), ("symbol-order", True, True)])
def test_symbol_triggers_order(order: str, reverse: bool, mirror_first: bool) -> None:
    # secrets.ambiguity.symbol-triggers-order: the Hall of Whispers shows symbols 1 and 3; The Hollow Crown's
    # trigger for symbol 1 (1st Time: gain the Obsidian Mirror) and its trigger showing symbols 2 and 3 (a
    # Mythos check) both fire.  The check waits for a roll: has the Mirror been gained before it?
    rs, s = _hollow(order, reverse)
    s = turn.settle(rs, symbol_triggered(rs, s, 0, (1, 3)))
    assert (s.adventurer(0).held("Obsidian Mirror") is not None) is mirror_first


def test_symbol_order_without_an_order_is_unspecified() -> None:
    # two triggers showing the same symbol: the symbols' numbers do not order them
    rs, s = _hollow("symbol-order")
    first = rs.scenario.symbol_triggers[0]
    rs.scenario = attrs.evolve(rs.scenario, symbol_triggers=(first, attrs.evolve(first, every=True)))
    with pytest.raises(Unspecified):
        symbol_triggered(rs, s, 0, (1,))


@pytest.mark.parametrize("order,awakened", [("components-first", True), ("scenario-first", False)])
def test_upkeep_check_order(order: str, awakened: bool) -> None:
    # secrets.ambiguity.upkeep-check-order, with the Comet track's effects waiting for Upkeep
    # (comet-trigger-timing=upkeep-only): the track is on 7, the boss's space is 8.  Christopher, Poisoned
    # on 1 Health, dies of the poison's Upkeep damage, and his death moves the track to 8.  Checked after
    # the components, the scenario finds the track on 8 and the boss awakens this Upkeep; checked first,
    # it found 7, and the boss waits for the next Upkeep.
    rs, s = two(comet_triggers="upkeep-only", upkeep_order=order)
    s = op(rs, s, 0, "comet", amount=7)
    s = op(rs, s, 0, "status", name="Poisoned")
    s = s.with_adventurer(0, health=1)
    s = queue(rs, s, Task("upkeep", rule="test"))
    assert s.adventurer(0) is None and s.comet == 8 and s.boss is None
    assert rs.pending(s).what == "choose a new adventurer"
    s = play(rs, s, Choose("Chang Li Tao"))
    assert (s.boss is not None) is awakened and s.has_flag("awakened") is awakened
