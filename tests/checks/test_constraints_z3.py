"""The structural constraints over the real catalogs: every game's record answers every question, and a
number the catalog no longer states is unknown, never holds (each game's encodings: tests/<game>/)."""

from __future__ import annotations



import orjson
import pytest
from checks_synthetic import catalog, rule

from tombspec.checks.games import run_constraints
from tombspec.checks.proofs import constraints as K
from tombspec.spec import load_all

# The run over the real catalogs -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def run_list():  # type: ignore[no-untyped-def]
    return run_constraints(load_all())


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
    out = run_constraints({"secrets": bare})
    assert out and all(r["result"] == K.UNKNOWN for r in out)
    assert all("not checked" in r["summary"] for r in out)
