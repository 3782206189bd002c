"""Dice and Dice Checks: the d12 printed 1-6 twice, successes, a pool of 0, Audacity before and after a
roll, Audacity checks, 1d3."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from secrets_helpers import faces, op, play, refused, two

from tombspec.model.secrets.actions import Accept, Boost, Dice, Reroll, Roll
from tombspec.model.secrets.dice import secrets_check
from tombspec.model.secrets.rules.dice_checks import compute_successes, pool, read_d3, start_check
from tombspec.model.secrets.rules import turn
from tombspec.model.secrets.components import Op


PASS = (Op("soul-shards", amount=1),)


def check(rs, s, seat, attribute, difficulty, **kw):
    return turn.settle(rs, start_check(rs, s, seat, attribute, difficulty, passed=PASS, rule="test", **kw))


def test_a_pool_is_one_chance_event_over_face_counts() -> None:
    twelve = pool(12)
    assert twelve.size == comb(12 + 5, 5)                     # 6,188 outcomes, not 12**12
    outcomes = twelve.support()
    assert sum(p for _, p in outcomes) == 1
    assert twelve.prob(Dice((12, 0, 0, 0, 0, 0))) == Fraction(1, 6) ** 12
    assert twelve.prob(Dice((2, 2, 2, 2, 2, 2))) == Fraction(comb(12, 2) * comb(10, 2) * comb(8, 2) * comb(6, 2) *
                                                             comb(4, 2), 6 ** 12)


def test_success_probabilities_match_the_dice_arithmetic() -> None:
    for n in range(1, 7):
        for d in range(1, 4):
            p = sum(pr for a, pr in pool(n).support() if compute_successes(a.faces, 5) >= d)
            assert p == secrets_check(n, d)


def test_a_check_passes_with_successes_at_least_the_difficulty() -> None:
    rs, s = two()
    s = s.with_adventurer(0, audacity=0)
    ok = play(rs, check(rs, s, 0, "strength", 2), faces(1, 2, 5, 6))
    ko = play(rs, check(rs, s, 0, "strength", 2), faces(1, 2, 4, 5))
    assert ok.adventurer(0).shards == 1 and ko.adventurer(0).shards == 0


def test_zero_pool_fails_automatically() -> None:
    rs, s = two()
    s = s.with_adventurer(0, bonuses=(("strength", -4),))     # Strength 4 reduced to 0
    s = check(rs, s, 0, "strength", 1)
    assert not any(t.kind == "check" for t in s.agenda) and s.adventurer(0).shards == 0


def test_audacity_before_rolling_counts_4s_5s_and_6s() -> None:
    rs, s = two()
    aud = s.adventurer(0).audacity
    s = check(rs, s, 0, "strength", 2)
    s = play(rs, s, Boost(), faces(1, 2, 4, 4), Accept())
    assert s.adventurer(0).shards == 1 and s.adventurer(0).audacity == aud - 1


def test_invalid_boost_without_audacity() -> None:
    rs, s = two()
    s = check(rs, s.with_adventurer(0, audacity=0), 0, "strength", 2)
    assert rs.pending(s).is_chance                               # no Audacity: straight to the roll
    s = check(rs, two()[1], 0, "strength", 2)
    s = s.with_adventurer(0, audacity=0)
    assert refused(rs, s, Boost()) == "secrets.dice.audacity-before-roll"


def test_a_reroll_rerolls_every_die_and_needs_audacity_again_for_4s() -> None:
    rs, s = two()
    s = check(rs, s, 0, "strength", 3)
    s = play(rs, s, Boost(), faces(1, 1, 4, 4), Reroll("audacity"))
    head = s.head
    assert "boosted" not in head.flags and head.faces == () and rs.pending(s).what == "check (pre)"
    s = play(rs, s, Roll(), faces(4, 4, 4, 5), Accept())            # 4s do not count without a new spend
    assert s.adventurer(0).shards == 0


def test_audacity_check_rolls_the_audacity_left_after_the_spend() -> None:
    rs, s = two()
    s = s.with_adventurer(0, audacity=5)
    s = check(rs, s, 0, "audacity", 1)
    s = play(rs, s, Boost())
    assert s.head.m == 4
    rs2 = two(audacity_check_pool="before-spend")[0]
    s2 = check(rs2, two(audacity_check_pool="before-spend")[1].with_adventurer(0, audacity=5), 0, "audacity", 1)
    assert play(rs2, s2, Boost()).head.m == 5


def test_difficulty_zero_passes_without_a_roll() -> None:
    rs, s = two()
    s = check(rs, s, 0, "strength", 0)
    assert s.adventurer(0).shards == 1
    rs1, s1 = two(difficulty_zero="minimum-1")
    s1 = check(rs1, s1, 0, "strength", 0)
    assert s1.head.kind == "check" and s1.head.n == 1


@pytest.mark.parametrize("face, value", [(1, 1), (2, 2), (3, 3), (4, 1), (5, 2), (6, 3)])
def test_1d3_reading(face: int, value: int) -> None:
    assert read_d3(face) == value


def test_a_d3_damage_cannot_be_changed_by_audacity() -> None:
    rs, s = two()
    health = s.adventurer(0).health
    s = op(rs, s, 0, "damage", flags=("d3",))
    assert rs.pending(s).is_chance
    s = play(rs, s, faces(5))
    assert s.adventurer(0).health == health - 2


def test_lucky_counts_4s_as_successes() -> None:
    rs, s = two()
    s = s.with_adventurer(0, status=("Lucky",), audacity=0)
    s = play(rs, check(rs, s, 0, "strength", 2), faces(1, 2, 4, 4))
    assert s.adventurer(0).shards == 1


def test_invalid_audacity_on_an_artifact_room_check() -> None:
    rs, s = two()
    s = check(rs, s, 0, "knowledge", 1, flags=("no-audacity",))
    assert rs.pending(s).is_chance
    s = play(rs, s, faces(1, 1))
    assert s.head is None or s.head.kind != "check"


def test_special_ability_token_rerolls() -> None:
    from secrets_helpers import ready, ruleset
    rs = ruleset(2, companions_adjust=-5)
    s = ready(rs, ["Heidi DuPont", "James T. Temple"]).with_adventurer(0, audacity=0)
    s = check(rs, s, 0, "knowledge", 2)
    s = play(rs, s, faces(1, 1, 1, 1, 1))
    assert Reroll("PhD") in rs.legal_actions(s)
    s = play(rs, s, Reroll("PhD"))
    assert s.adventurer(0).token_count("PhD") == 2


def test_a_refused_reroll_by_a_special_ability_names_the_abilitys_rule() -> None:
    """Issue 28's refusal audit: a reroll by a special ability was refused for 'spend 1 Audacity point to
    reroll the check' (secrets.dice.audacity-reroll), which it does not spend."""
    from secrets_helpers import ready, ruleset
    rs = ruleset(2, companions_adjust=-5)
    s = ready(rs, ["Heidi DuPont", "James T. Temple"]).with_adventurer(0, audacity=1)
    s = check(rs, s, 0, "knowledge", 2)
    s = play(rs, s, Roll(), faces(1, 1, 1, 1, 1))
    assert refused(rs, s, Reroll("Deadeye")) == "secrets.sheet.special-abilities"      # Temple's ability
    spent = s.with_adventurer(0, tokens=(("PhD", 0),))
    assert refused(rs, spent, Reroll("PhD")) == "secrets.sheet.no-tokens-no-use"
    assert Reroll("audacity") in rs.legal_actions(spent)
    none = spent.with_adventurer(0, audacity=0)
    assert refused(rs, none, Reroll("audacity")) == "secrets.dice.audacity-reroll"
    s2 = check(rs, ready(rs, ["Heidi DuPont", "James T. Temple"]), 0, "strength", 1)
    s2 = play(rs, s2, Roll(), faces(1, 1))
    assert refused(rs, s2, Reroll("PhD")) == "secrets.sheet.special-abilities"     # PhD rerolls Knowledge, Mythos


@pytest.mark.parametrize("reading", ["two-uses", "one-decision"])
def test_a_combat_roll_takes_audacity_once_under_one_decision(reading: str) -> None:
    """secrets.ambiguity.reference-audacity-twice: under two-uses the Audacity spent before a combat roll
    does not stop a reroll with Audacity after it; under one-decision it does (the reading once tested a
    result kind no combat roll carries, and changed nothing).  Other checks are not combats."""
    rs, s = two(audacity_twice=reading)
    s = s.with_adventurer(0, audacity=3)
    combat = check(rs, s, 0, "none", 0, flags=("result:combat-roll",), pool_size=4)
    after = play(rs, combat, Boost(), faces(1, 1, 4, 4))
    if reading == "two-uses":
        assert rs.pending(after).what == "check (post)" and Reroll("audacity") in rs.legal_actions(after, 0)
    else:               # nothing left to decide (no Audacity, no reroll ability): accepted at once
        assert rs.pending(after).what != "check (post)" and after.adventurer(0).audacity == 2
    plain = play(rs, check(rs, s, 0, "strength", 3), Boost(), faces(1, 1, 4, 4))
    assert Reroll("audacity") in rs.legal_actions(plain, 0)


def test_a_pool_rolled_by_the_standard_generator_draws_what_randrange_draws() -> None:
    """DicePool.sample writes randrange(6) out for random.Random (issue 26): for pools of 0 to 12 dice and
    many seeds, the faces are those of randrange(6) die by die (a generator of another class takes that
    path) and the generator is left in the same state."""
    import random

    class Other(random.Random):
        pass

    for n in range(13):
        for seed in range(40):
            fast, slow = random.Random(seed), Other(seed)
            assert pool(n).sample(fast) == pool(n).sample(slow)
            assert fast.getstate() == slow.getstate()
            expected = [0] * 6
            ref = random.Random(seed)
            for _ in range(n):
                expected[ref.randrange(6)] += 1
            assert pool(n).sample(random.Random(seed)).faces == tuple(expected)


def test_a_checks_stage_is_its_flag_whatever_was_read_before() -> None:
    """dice_checks.stage remembers the last flags it read (issue 26): tasks with the very flags tuple,
    equal flags, other flags and no stage flag, read in turn and again, give the flag's stage."""
    from tombspec.model.secrets.rules.dice_checks import stage
    from tombspec.model.secrets.state import Task

    flags = ("rolled", "stage:post")
    tasks = [Task("check", 0, flags=flags), Task("check", 0, flags=flags), Task("check", 0, flags=("rolled", "stage:post")),
             Task("check", 0, flags=("stage:roll",)), Task("check", 0, flags=()), Task("check", 0, flags=("x", "stage:pre"))]
    expected = ["post", "post", "post", "roll", "pre", "pre"]
    for _ in range(2):
        assert [stage(t) for t in tasks] == expected
        assert [stage(t) for t in reversed(tasks)] == expected[::-1]
