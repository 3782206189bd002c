"""A refused action names the rule that forbids it, not the general rule of the decision point (issue 28):
the chance outcomes that cannot happen, a monster action or a hero action out of its turn, an item the
hero does not carry, a token without the effect, an exchange over 5 items, an item during a retreat."""

from __future__ import annotations

import pytest

from tombspec.model.egypt import Egypt
from tombspec.model.egypt import actions as A
from tombspec.model.egypt.state import evolve

from .helpers import item_id, refused, ruleset, situation

OPEN = ["_ _ _ _ _ _ _ _", "_ _ _ _ _ _ _ _"]


def _dealing(rs: Egypt, what: str):
    s = rs.initial_state()
    while rs.pending(s).what != what:
        s = rs.step(s, rs.chance(s).support()[0][0])
    return s


@pytest.mark.parametrize("what, rule", [("chest tokens", "egypt.setup.deal-chests"),
                                        ("hazard tokens", "egypt.setup.deal-hazards")])
def test_a_token_that_is_not_left_to_deal(what: str, rule: str) -> None:
    rs = Egypt()
    s = _dealing(rs, what)
    assert refused(rs, s, A.Deal("Roller Skates of Tomorrow")) == rule


@pytest.mark.parametrize("roll, rule", [("combat", "egypt.combat.die-results"), ("shoot", "egypt.weapon.shoot-roll"),
                                        ("pharaoh", "egypt.monster-turn.pharaoh-roll")])
def test_a_die_result_the_die_does_not_have(roll: str, rule: str) -> None:
    rs = ruleset(OPEN)
    s = situation(rs, [("3,1", ["Bomb"]), ("5,2", [])], {}, roll=roll)
    assert rs.pending(s).what == "die"
    assert refused(rs, s, A.Die("4")) == rule


def test_a_monster_action_on_a_heros_turn() -> None:
    """'As long as no heroes have died, the monsters do not move on their own'; once one has, its
    player moves them 'when your turn comes around', on a monster turn."""
    rs = ruleset(OPEN, players=2)
    s = situation(rs, [("3,1", ["Bomb"]), ("5,2", [])], {"4,1": [("Mummy", True)]})
    assert refused(rs, s, A.Pass()) == "egypt.death.monsters-idle"
    dead = s.with_hero(1, status="dead", space=None, lives=0)
    assert refused(rs, dead, A.Pass()) == "egypt.death.monster-turn"


@pytest.mark.parametrize("options, rule", [({"players": 2, "pursuit": True}, "egypt.modes.pursuit"),
                                           ({"players": 6}, "egypt.modes.six-player-spirit")])
def test_a_hero_action_on_the_spirits_turn(options: dict, rule: str) -> None:
    rs = ruleset(OPEN, **options)
    spirit = next(i for i, st in enumerate(rs.seats) if st.kind == "spirit")
    heroes = [("3,1", ["Bomb"])] + [("5,2", [])] * (len(rs.components.heroes[:len(rs.seats) - 1]) - 1)
    s = situation(rs, heroes, {"4,1": [("Crack", False)]}, seat=spirit, kind="monster")
    assert rs.pending(s).what == "monster-turn"
    assert refused(rs, s, A.EndTurn()) == rule
    player = s.hero(0).player
    dead = situation(rs, [("", [])] + heroes[1:], {"4,1": [("Crack", False)]}, seat=0, kind="monster")
    if rs.seats[0].kind != "spirit":
        assert refused(rs, dead, A.EndTurn(), player) == "egypt.death.switch-sides"


def test_an_item_the_hero_does_not_carry_or_that_has_no_such_effect() -> None:
    rs = ruleset(OPEN)
    s = situation(rs, [("3,1", ["Bomb", "Jetpack"]), ("5,2", [])], {})
    assert refused(rs, s, A.Jetpack(999)) == "egypt.turn.use-items"
    assert refused(rs, s, A.Jetpack(item_id(s, 0, "Bomb"))) == "egypt.turn.effects-reference"


def test_a_permanent_effect_already_used_this_turn() -> None:
    """'Permanent effect, once per turn': a second use names the item's own rule, which says so."""
    rs = ruleset(OPEN)
    s = situation(rs, [("3,1", ["Jetpack"]), ("5,2", [])], {})
    jet = item_id(s, 0, "Jetpack")
    s = s.with_hero(0, items=tuple(evolve(t, used=True) for t in s.hero(0).items))
    assert refused(rs, s, A.Jetpack(jet)) == "egypt.item.jetpack"


def test_an_exchange_that_would_leave_a_board_above_five_items() -> None:
    """'A hero can carry ... a maximum of 5 items': an offer taking a sixth onto a board is refused for
    that, not for the exchange rule itself."""
    rs = ruleset(OPEN)
    five = ["Bomb", "Ladder", "Jetpack", "Teleporter", "Grappling Hook"]
    s = situation(rs, [("3,1", five), ("3,1", ["Bomb"])], {})
    assert refused(rs, s, A.Offer(1, None, item_id(s, 1, "Bomb"))) == "egypt.hero.item-slots"
    assert refused(rs, s, A.Offer(1, None, 999)) == "egypt.turn.exchange-items"


def test_items_and_the_end_of_turn_during_a_retreat() -> None:
    """'You must apply the die result fully before using an item': the retreat is that result."""
    rs = ruleset(OPEN)
    s = situation(rs, [("3,1", ["Jetpack"]), ("5,2", [])], {"3,1": [("Mummy", True)]})
    from tombspec.model.egypt.state import Retreat
    s = evolve(s, retreat=Retreat(0, 2, 0, "3,1"))
    assert rs.pending(s).what == "retreat"
    assert refused(rs, s, A.Jetpack(item_id(s, 0, "Jetpack"))) == "egypt.combat.apply-before-item"
    assert refused(rs, s, A.EndTurn()) == "egypt.combat.die-retreat"
