"""The structural constraints: each encoding checks concrete states (holds and violated), searches
(found and impossible) and optimises; the run over the real catalogs answers every question."""

from __future__ import annotations

import itertools

import attrs

import orjson
import pytest
from checks_synthetic import catalog, rule
from hypothesis import given
from hypothesis import strategies as st

from tombspec.checks import constraints as K
from tombspec.spec import load_all

# Secrets: the creature limit ----------------------------------------------------------------------

LIMIT = K.CreatureLimit(10, ("secrets.tomb-phase.creature-limit",))


def test_creature_limit_counts_cards_not_bosses_or_swarm_tokens() -> None:
    board = [K.Creature(f"c{i}", "base") for i in range(9)] + [K.Creature("scarabs", "swarm", 4)]
    board += [K.Creature(f"boss{i}", "boss") for i in range(3)]
    outcome, ev = LIMIT.check(board)
    assert (outcome, ev["counted"], ev["tokens"]) == (K.HOLDS, 10, 16)


def test_creature_limit_violated_by_an_eleventh_creature() -> None:
    outcome, ev = LIMIT.check([K.Creature(f"c{i}", "elite") for i in range(11)])
    assert (outcome, ev["counted"]) == (K.VIOLATED, 11)


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
    assert best["result"] == K.COMPUTED and best["creatures"] == brute
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
    outcome, _ = K.prove(K.z3.And(*(K.z3.And(v >= -10, v <= 10) for v in r["values"])), r["domain"])
    assert outcome == K.HOLDS
    raw = TRACK.run("raw_", clamped=False)
    found, model = K.find([*raw["domain"], K.z3.Or(*(v > 10 for v in raw["values"]))])
    assert found == K.FOUND and max(TRACK.witness(model, raw)["courage"]) > 10


def test_courage_bonus_once_and_flee_every_time() -> None:
    r = TRACK.run()
    assert K.prove(TRACK.count(r["bonus"]) <= 1, r["domain"])[0] == K.HOLDS
    found, model = K.find([*r["domain"], TRACK.count(r["reaches"]) >= 2])
    assert found == K.FOUND
    w = TRACK.witness(model, r)
    assert len(w["flees_at_step"]) >= 2
    assert all(w["courage"][i] == -10 for i in w["flees_at_step"])
    impossible, _ = K.find([*r["domain"], TRACK.count(r["bonus"]) >= 2])
    assert impossible == K.IMPOSSIBLE


# Tomb: one card per trait ---------------------------------------------------------------------------

TRAITS = K.TraitAttachments(("Armor", "Bow", "Glove", "Helm", "Shield", "Weapon"))


def test_trait_check_holds_and_is_violated() -> None:
    sword = K.Card("Double-Bladed Sword", "item", frozenset({"Weapon"}))
    daggers = K.Card("Throwing Daggers", "item", frozenset({"Weapon"}))
    helm = K.Card("Helm", "item", frozenset({"Helm"}))
    assert TRAITS.check([sword, helm, K.Card("Ring", "item")]) == K.HOLDS
    assert TRAITS.check([sword, daggers]) == K.VIOLATED


def test_trait_most_cards() -> None:
    pool = [K.Card(f"{t}{i}", "item", frozenset({t})) for t in TRAITS.traits for i in range(3)]
    outcome, most, chosen = TRAITS.most(pool)
    assert (outcome, most) == (K.COMPUTED, 6)
    assert sorted(c.rstrip("0123456789") for c in chosen) == sorted(TRAITS.traits)


# Cryptmaster: keywords, move then discard the fewest ------------------------------------------------

KEYWORDS = K.KeywordAttachments(frozenset({"curse", "spell", "prayer", "item", "tactic", "treasure"}))


def _legal(chars, cards) -> bool:  # type: ignore[no-untyped-def]
    """The restrictions in plain Python (independent of the z3 encoding)."""
    by_name = {c.name: c for c in chars}
    for ch in chars:
        mine = [c for c in cards if c.holder == ch.name]
        keywords = [k for c in mine for k in c.keywords if k != "cursed"]
        if len(keywords) != len(set(keywords)):
            return False
    for c in cards:
        ch = by_name[c.holder]
        if c.type not in KEYWORDS.attachable or (c.type == "prayer" and ch.holiness < 1) or \
                (c.type == "spell" and ch.magic < 1):
            return False
    return True


def _brute_force_fewest(chars, cards):  # type: ignore[no-untyped-def]
    """The fewest discards, then moves, by trying every assignment."""
    names = [c.name for c in chars]
    best = None
    free = [c for c in cards if not c.cursed]
    for choice in itertools.product([*names, None], repeat=len(free)):
        placed = {c.name: dest for c, dest in zip(free, choice)}
        trial = [attrs.evolve(c, holder=placed.get(c.name, c.holder)) for c in cards
                 if c.cursed or placed[c.name] is not None]
        if not _legal(chars, trial):
            continue
        score = (sum(d is None for d in choice),
                 sum(d is not None and d != c.holder for c, d in zip(free, choice)))
        best = score if best is None or score < best else best
    return best


def test_keyword_check_names_what_is_broken() -> None:
    chars, cards = K.example_party()
    outcome, broken = KEYWORDS.check(chars, cards)
    assert outcome == K.VIOLATED
    assert "Fighter holds 2 'weapon' cards" in broken
    assert any("Fireball" in b for b in broken)


def test_keyword_restore_is_minimal() -> None:
    chars, cards = K.example_party()
    plan = KEYWORDS.restore(chars, cards)
    assert plan["result"] == K.COMPUTED
    assert (plan["discards"], plan["moves"]) == _brute_force_fewest(chars, cards)
    assert plan["plan"]["Cursed Axe"]["to"] == "Fighter"            # Cursed cards never move
    restored = [attrs.evolve(c, holder=plan["plan"][c.name]["to"]) for c in cards
                if plan["plan"][c.name]["to"] != "discard"]
    assert KEYWORDS.check(chars, restored)[0] == K.HOLDS


def test_keyword_cursed_duplicates_cannot_be_mended() -> None:
    chars = [K.Character("Fighter"), K.Character("Rogue")]
    two_cursed = [K.Card("Cursed Axe", "treasure", frozenset({"weapon", "cursed"}), cursed=True, holder="Fighter"),
                  K.Card("Cursed Maul", "treasure", frozenset({"weapon", "cursed"}), cursed=True, holder="Fighter")]
    assert KEYWORDS.restore(chars, two_cursed)["result"] == K.IMPOSSIBLE
    cursed_twice = [K.Card("Hex", "curse", frozenset({"cursed"}), cursed=True, holder="Fighter"),
                    K.Card("Blight", "curse", frozenset({"cursed"}), cursed=True, holder="Fighter")]
    assert KEYWORDS.check(chars, cursed_twice)[0] == K.HOLDS


def test_keyword_cards_that_never_attach_are_discarded() -> None:
    chars = [K.Character("Fighter")]
    cards = [K.Card("Ambush", "cryptmaster", holder="Fighter"), K.Card("Sword", "item", frozenset({"weapon"}),
                                                                         holder="Fighter")]
    plan = KEYWORDS.restore(chars, cards)
    assert plan["discards"] == 1 and plan["plan"]["Ambush"]["to"] == "discard"


# The run over the real catalogs -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def run_list():  # type: ignore[no-untyped-def]
    return K.run(load_all())


@pytest.fixture(scope="module")
def results(run_list):  # type: ignore[no-untyped-def]
    return {r["id"]: r for r in run_list}


def test_run_answers_every_question(run_list, results) -> None:  # type: ignore[no-untyped-def]
    catalogs = load_all()
    assert results and len(results) == len(run_list), "constraint ids are unique"
    for r in results.values():
        assert r["result"] in K.RESULTS and r["result"] not in (K.UNKNOWN, K.VIOLATED), (r["id"], r["summary"])
        assert r["rules"] and all(i in catalogs[r["game"]] for i in r["rules"]), r["id"]
        orjson.dumps(r)
    assert {r["game"] for r in results.values()} == {"secrets", "tomb", "cryptmaster", "egypt", "raiders"}


def test_run_known_answers(results) -> None:  # type: ignore[no-untyped-def]
    expect = {
        "secrets.creature-limit.example-tomb-phase": K.HOLDS,
        "secrets.creature-limit.spawn-keeps-limit": K.HOLDS,
        "secrets.creature-limit.spawn-evenly-example": K.HOLDS,
        "secrets.creature-limit.spawn-evenly-tomb-phase": K.HOLDS,
        "secrets.courage.bounds": K.HOLDS,
        "secrets.courage.bonus-once": K.HOLDS,
        "secrets.courage.flee-every-time": K.HOLDS,
        "secrets.courage.unclamped": K.FOUND,
        "tomb.attachments.two-example-weapons": K.IMPOSSIBLE,
        "tomb.party.empty": K.FOUND,
        "cryptmaster.attachments.fewest-discards": K.COMPUTED,
        "cryptmaster.attachments.cursed-only-conflict": K.IMPOSSIBLE,
        "cryptmaster.limits.ten-cards": K.FOUND,
        "egypt.lives.bounds": K.HOLDS,
        "raiders.pennies.bounded-run": K.HOLDS,
    }
    assert {k: results[k]["result"] for k in expect} == expect
    assert results["raiders.boss.spawn-round"]["evidence"]["spawn_after_rounds"] == 8
    assert results["secrets.creature-limit.spawn-at-limit"]["evidence"]["by_count_and_spawn"]["9 + 3"] == \
        {"spawned": 1, "after": 10, "comet_advance": 1}
    assert results["tomb.attachments.most-traited-cards"]["evidence"]["per_trait_reading"]["traited"] == 6


def test_a_number_the_catalog_no_longer_states_is_unknown_never_holds() -> None:
    bare = catalog([rule("limit", "The Tomb holds creatures.")], game="secrets")
    out = K.run({"secrets": bare})
    assert out and all(r["result"] == K.UNKNOWN for r in out)
    assert all("not checked" in r["summary"] for r in out)
