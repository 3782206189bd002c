"""Attack Player (to Gain the Holy Grail)."""

from __future__ import annotations

import pytest

from tombspec.model.errors import IllegalAction
from tombspec.model.raiders.actions import AttackRoll, Heads, Move, MoveTo, Spend

from .helpers import on_draft, ruleset, state

ROWS = ["S 3 4 E", "1 5 6 2"]


def attack_after_move(rs, holder_at="1,0"):
    """Player 1 moves from Start onto the holder on the 3 next to it: an Attack."""
    s = state(rs, me=("0,0", 6, 2), holder=(holder_at, 5, 3))
    s = rs.step(rs.step(s, Move()), Heads(3))
    return rs.step(s, MoveTo(holder_at, "heads", 0))


def test_moving_onto_the_holder_starts_an_attack() -> None:
    rs = ruleset(ROWS)
    s = attack_after_move(rs)
    assert s.phase == "attack-roll" and s.attack.attacker == 1 and s.attack.defender == 0


def test_attacker_with_more_heads_gains_the_grail_and_the_defender_loses_a_turn() -> None:
    rs = ruleset(ROWS)
    s = attack_after_move(rs)
    s = rs.step(s, AttackRoll(4, 2))
    s = rs.step(s, Spend(0))  # defender spends first
    s = rs.step(s, Spend(0))  # then the attacker
    assert s.grail == 1
    assert (s.raider(1).pennies, s.raider(1).audacity) == (5, 3)      # -1 Penny, +1 Audacity
    assert s.raider(0).pennies == 6                                   # the Grail penny given back
    assert s.current == 1                                             # the winner's next turn at once


def test_ties_go_to_the_defender() -> None:
    rs = ruleset(ROWS)
    s = rs.step(attack_after_move(rs), AttackRoll(3, 3))
    s = rs.step(rs.step(s, Spend(0)), Spend(0))
    assert s.grail == 0 and s.current == 0


def test_defender_spends_audacity_first_then_attacker() -> None:
    rs = ruleset(ROWS)
    s = rs.step(attack_after_move(rs), AttackRoll(3, 2))
    assert rs.pending(s).player == 0 and s.phase == "attack-defender"
    s = rs.step(s, Spend(2))          # defender 2 + 2 = 4
    assert rs.pending(s).player == 1 and s.phase == "attack-attacker"
    s = rs.step(s, Spend(2))          # attacker 3 + 2 = 5 > 4
    assert s.grail == 1


def test_invalid_spending_more_audacity_than_held_in_an_attack() -> None:
    """More Audacity than one holds is refused for the rule that forbids it, 'Discard an Audacity'
    (raiders.audacity.alter-roll, as on an encounter's spend), not for the order of the spends; an action
    that is no spend at the Defender's point is refused for the order (issue 28's refusal audit)."""
    rs = ruleset(ROWS)
    s = rs.step(attack_after_move(rs), AttackRoll(3, 2))
    with pytest.raises(IllegalAction) as err:
        rs.step(s, Spend(4))
    assert err.value.rule_id == "raiders.audacity.alter-roll"
    assert "raiders.attack.audacity-order" in err.value.also   # "as many as they choose"
    with pytest.raises(IllegalAction) as err:
        rs.step(s, Move())
    assert err.value.rule_id == "raiders.attack.audacity-order"


def test_the_holder_never_initiates_an_attack() -> None:
    rs = ruleset(ROWS)
    s = state(rs, me=("1,0", 6, 2), holder=("0,0", 5, 3), current=0)
    s = rs.step(rs.step(s, Move()), Heads(3))
    s = rs.step(s, MoveTo("1,0", "heads", 0))
    # The holder's move starts no Attack; the turn passes, and the player without the Grail, who
    # begins their turn on the holder's space, is the one who attacks (raiders.attack.on-turn-start).
    assert s.current == 1 and s.attack is not None and s.attack.attacker == 1 and s.attack.defender == 0


def test_beginning_a_turn_on_the_holders_space_starts_an_attack() -> None:
    rs = ruleset(ROWS)
    from tombspec.model.raiders.rules.turn import apply_turn_start

    s = state(rs, me=("2,1", 6, 2), holder=("2,1", 5, 3), current=0)
    s = on_draft(apply_turn_start, rs, s, 1)
    assert s.phase == "attack-roll"


def test_shared_start_space_reading_exempts_start() -> None:
    rs = ruleset(ROWS, shared_start_space="start-exempt")
    from tombspec.model.raiders.rules.turn import apply_turn_start

    s = on_draft(apply_turn_start, rs, state(rs, me=("0,0", 6, 2), holder=("0,0", 5, 3), current=0), 1)
    assert s.phase == "action"


def test_attack_roll_probabilities_are_the_product_of_both_rolls() -> None:
    rs = ruleset(ROWS)
    s = attack_after_move(rs)
    outcomes = rs.chance_outcomes(s)
    assert len(outcomes) == 7 * 6 and sum(p for _, p in outcomes) == 1


def test_invalid_audacity_on_tails_in_an_attack_names_more_heads_wins() -> None:
    """An Attack compares Heads ('The Attacker wins if they roll more Heads than the Defender'): a spend
    on Tails is refused for that rule, not for the spending order (issue 28)."""
    rs = ruleset(ROWS)
    s = rs.step(attack_after_move(rs), AttackRoll(3, 2))
    with pytest.raises(IllegalAction) as err:
        rs.step(s, Spend(1, "tails"))
    assert err.value.rule_id == "raiders.attack.more-heads-wins"
