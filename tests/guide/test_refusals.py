"""Refusals fair to implementers: the model lists every rule it sees broken (``IllegalAction.also``),
and ``conform --rule-match any`` accepts an implementation naming any one of them."""

from __future__ import annotations

import attrs
import pytest

from tombspec.checks.oracle.conform import ModelAdapter, Rejected, Session, InProcess, Oracle
from tombspec.checks.oracle.trace import plain
from tombspec.checks.oracle.vectors import make_vector
from tombspec.model.errors import IllegalAction, InvalidInput
from tombspec.model.raiders.actions import CoinToss, UsePortal
from tombspec.model.ruleset import get_ruleset


def _first_turn():
    rs = get_ruleset("raiders")
    return rs, rs.step(rs.initial_state(), CoinToss(0))


def _spent_portal_away():
    """The first turn, its Raider having used their Portal already, on the Start space (no Portal room)."""
    rs, s = _first_turn()
    raiders = list(s.raiders)
    raiders[s.current] = attrs.evolve(raiders[s.current], portal_used=True)
    return rs, attrs.evolve(s, raiders=tuple(raiders))


def test_use_portal_outside_a_portal_names_the_portal_room_rule() -> None:
    """Issue 28: a Raider who has not used their Portal breaks no once-per-game limit by asking to use
    one away from a Portal room; the rule that forbids it is 'To "Use the Portal Room" you must roll a 5
    or 6' (there is no room to use)."""
    rs, s = _first_turn()
    with pytest.raises(IllegalAction) as err:
        rs.step(s, UsePortal())
    assert err.value.rules == ("raiders.portal.use-on-five-or-six",)


def test_use_portal_outside_a_portal_names_both_rules() -> None:
    rs, s = _spent_portal_away()
    with pytest.raises(IllegalAction) as err:
        rs.step(s, UsePortal())
    assert err.value.rule_id == "raiders.portal.once-per-game"
    assert err.value.rules == ("raiders.portal.once-per-game", "raiders.portal.use-on-five-or-six")


def test_a_vector_records_the_other_rules() -> None:
    rs, s = _spent_portal_away()
    v = make_vector(rs, s, UsePortal())
    assert v.error["also"] == ["raiders.portal.use-on-five-or-six"]


class NamesTheRoomRule(ModelAdapter):
    """The model, but a refused Portal use names the Portal room rule."""

    def step(self, action, player=None):
        try:
            return super().step(action, player)
        except Rejected as exc:
            if action["kind"] == "use-portal":
                raise Rejected("raiders.portal.use-on-five-or-six", exc.message) from None
            raise


@pytest.mark.parametrize("match, diverges", [("any", False), ("exact", True)])
def test_rule_match(match: str, diverges: bool) -> None:
    rs, s = _spent_portal_away()
    config = plain({"game": "raiders", "options": None, "board": None, **rs.describe()})
    session = Session(InProcess(NamesTheRoomRule()), rs, config, start=s, rule_match=match)
    assert session.reset() is None
    mismatch = session.step(UsePortal(), s.current)
    assert (mismatch is not None) == diverges
    if diverges:
        assert mismatch.kind == "wrong-rule" and mismatch.claimed_rule == "raiders.portal.use-on-five-or-six"


def test_unknown_rule_match_is_bad_input() -> None:
    with pytest.raises(InvalidInput, match="known: any, exact"):
        Oracle(InProcess(ModelAdapter()), rule_match="nearly")
