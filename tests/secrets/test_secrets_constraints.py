"""Secrets' structural constraints (z3): the creature limit and the Courage track; each encoding checks
concrete states, searches and optimises."""

from __future__ import annotations


from hypothesis import given
from hypothesis import strategies as st


from tombspec.checks.games.secrets import constraints as K
from tombspec.checks.proofs import constraints as Z

# Secrets: the creature limit ----------------------------------------------------------------------

LIMIT = K.CreatureLimit(10, ("secrets.tomb-phase.creature-limit",))


def test_creature_limit_counts_cards_not_bosses_or_swarm_tokens() -> None:
    board = [K.Creature(f"c{i}", "base") for i in range(9)] + [K.Creature("scarabs", "swarm", 4)]
    board += [K.Creature(f"boss{i}", "boss") for i in range(3)]
    outcome, ev = LIMIT.check(board)
    assert (outcome, ev["counted"], ev["tokens"]) == (Z.HOLDS, 10, 16)


def test_creature_limit_violated_by_an_eleventh_creature() -> None:
    outcome, ev = LIMIT.check([K.Creature(f"c{i}", "elite") for i in range(11)])
    assert (outcome, ev["counted"]) == (Z.VIOLATED, 11)


@given(st.integers(0, 10), st.integers(0, 12))
def test_spawning_never_passes_the_limit(current: int, requested: int) -> None:
    spawned, advance = LIMIT.spawn(current, requested)
    assert 0 <= spawned <= requested and current + spawned <= 10
    assert advance == (1 if current + requested > 10 else 0)
    if advance == 0:
        assert spawned == requested


def test_spawn_at_the_limit_examples() -> None:
    assert LIMIT.spawn(9, 3) == (1, 1)
    assert LIMIT.spawn(10, 1) == (0, 1)
    assert LIMIT.spawn(5, 2) == (2, 0)


def test_most_creatures_is_optimal() -> None:
    best = LIMIT.most_creatures(boss_cards=8, swarm_supply=26, swarm_size=4)
    # Brute force over the number of swarm cards: the rest of the ten are single creatures.
    brute = max((10 - k) + min(4 * k, 26) for k in range(11)) + 8
    assert best["result"] == Z.COMPUTED and best["creatures"] == brute
    assert best["cards_counted_against_limit"] <= 10 and best["swarm_tokens"] <= 26


def test_spawn_placement_adventurer_rooms_first_then_evenly() -> None:
    assert LIMIT.place([1, 0], [], 1)["placed"] == [0, 1]
    assert sorted(LIMIT.place([0, 0, 0], [], 2)["placed"]) == [0, 1, 1]
    plan = LIMIT.place([2, 0, 1], [2], 3)
    assert plan["placed"] == [0, 0, 3]                   # the only room with an adventurer takes them all
    plan = LIMIT.place([3, 0, 1, 0], [], 4)     # the fullest stays at 3; the emptiest can reach only 1
    assert (max(plan["loads"]), min(plan["loads"]), sum(plan["placed"])) == (3, 1, 4)


# Secrets: Courage ---------------------------------------------------------------------------------

TRACK = K.CourageTrack(-10, 10, steps=4)


def test_courage_bounds_hold_under_the_clamp_and_break_without() -> None:
    r = TRACK.run()
    outcome, _ = Z.prove(Z.z3.And(*(Z.z3.And(v >= -10, v <= 10) for v in r["values"])), r["domain"])
    assert outcome == Z.HOLDS
    raw = TRACK.run("raw_", clamped=False)
    found, model = Z.find([*raw["domain"], Z.z3.Or(*(v > 10 for v in raw["values"]))])
    assert found == Z.FOUND and max(TRACK.witness(model, raw)["courage"]) > 10


def test_courage_bonus_once_and_flee_every_time() -> None:
    r = TRACK.run()
    assert Z.prove(TRACK.count(r["bonus"]) <= 1, r["domain"])[0] == Z.HOLDS
    found, model = Z.find([*r["domain"], TRACK.count(r["reaches"]) >= 2])
    assert found == Z.FOUND
    w = TRACK.witness(model, r)
    assert len(w["flees_at_step"]) >= 2
    assert all(w["courage"][i] == -10 for i in w["flees_at_step"])
    impossible, _ = Z.find([*r["domain"], TRACK.count(r["bonus"]) >= 2])
    assert impossible == Z.IMPOSSIBLE
