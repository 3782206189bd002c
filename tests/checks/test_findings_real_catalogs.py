"""The findings over the real catalogs: known defects of the rulebooks are found, every finding is
well formed (stable id, catalog ids, JSON evidence), and the worked-example recomputations see every
example they are written for."""

from __future__ import annotations

import attrs
import orjson
import pytest

from tombspec.checks import findings as F
from tombspec.checks.findings.examples import mismatches
from tombspec.checks.games import catalog_findings, game_checks
from tombspec.spec import load_all, rulebook_text


@pytest.fixture(scope="module")
def catalogs():  # type: ignore[no-untyped-def]
    return load_all()


@pytest.fixture(scope="module")
def found(catalogs):  # type: ignore[no-untyped-def]
    return {f.id: f for f in F.run_detectors(catalogs) + [f for c in catalogs.values() for f in catalog_findings(c)]}


def example_checks(cat):  # type: ignore[no-untyped-def]
    """Every worked-example recomputation of ``cat``'s game record."""
    return [c for fn in game_checks(cat.game).example_checks for c in fn(cat)]


def worked_examples(cat):  # type: ignore[no-untyped-def]
    return list(mismatches(cat, example_checks(cat)))


def _rulebooks_present(catalogs) -> bool:  # type: ignore[no-untyped-def]
    return all(rulebook_text(c.rulebook) is not None for c in catalogs.values())


def test_every_finding_is_well_formed(catalogs, found) -> None:  # type: ignore[no-untyped-def]
    for f in found.values():
        assert f.kind in F.KINDS, f.id
        assert f.source in ("machine", "catalog"), f.id
        assert f.id.startswith(f.game + "."), f.id
        assert f.summary and "\n" not in f.summary, f.id
        assert f.rules, f.id
        missing = [r for r in f.rules if r not in catalogs[f.game]]
        assert not missing, f"{f.id} cites ids not in the {f.game} catalog: {missing}"
        orjson.dumps(f.to_json())          # evidence is JSON without options (string keys only)


def test_finding_ids_are_stable_between_runs(catalogs, found) -> None:  # type: ignore[no-untyped-def]
    again = [f.id for f in F.run_detectors(catalogs) + [f for c in catalogs.values() for f in catalog_findings(c)]]
    assert again == list(found)


def test_tomb_campaign_chart_overlap_at_3000(found) -> None:  # type: ignore[no-untyped-def]
    f = found["tomb.campaign.level-chart.overlap-3000"]
    assert f.kind == "table" and f.evidence["overlap"] == [3000, 3000]


def test_tomb_example_of_play_kadin_dice(found) -> None:  # type: ignore[no-untyped-def]
    f = found["tomb.example.kadin-attack-dice"]
    assert f.kind == "example-mismatch"
    assert f.evidence["recomputed"] == {"during_trap": 4, "against_crusher": 3}


def test_secrets_creature_combat_example_pool(found) -> None:  # type: ignore[no-untyped-def]
    f = found["secrets.example.combat-3-creature-versus-creature"]
    assert f.evidence["recomputed"]["pool"] == 7 and f.evidence["stated"]["dice_rolled"] == 6


def test_secrets_stairs_of_blood_example(found) -> None:  # type: ignore[no-untyped-def]
    f = found["secrets.example.place-named-tile"]
    assert f.evidence["stated"]["tile_placed"] == "Stairs of Blood"
    assert f.evidence["recomputed"]["tile_to_place"] == "Sacrificial Chamber"


def test_secrets_names_spelled_two_ways(catalogs, found) -> None:  # type: ignore[no-untyped-def]
    if not _rulebooks_present(catalogs):
        pytest.skip("rulebooks absent: the naming detector reads only the quotes")
    pairs = [set(f.evidence["spellings"]) for f in found.values() if f.kind == "naming" and f.game == "secrets"
             and "spellings" in f.evidence]   # the spelling detector (step-names has its own evidence)
    for expected in ({"Pharaoh", "Pharoah"}, {"Forestall", "Forrestal"}, {"Mine Shaft", "Mineshaft"},
                     {"Heidi DuPont", "Heidi Dupont"}, {"Quatourmanus", "Quatuormanus"}):
        assert expected in pairs, expected
    assert not any({"Adventures", "Adventurers"} <= p for p in pairs)


def test_cryptmaster_once_per_turn_against_any_number_of_times(found) -> None:  # type: ignore[no-untyped-def]
    hits = [f for f in found.values() if f.id.startswith("cryptmaster.card-text.actions-once-per-turn.against-")]
    assert {f.id.rsplit("-", 1)[-1] for f in hits} >= {"equip", "share"}
    assert all(f.kind == "contradiction" for f in hits)


def test_summary_drifts_of_the_references(found) -> None:  # type: ignore[no-untyped-def]
    assert found["egypt.quickref.monster-lives.exception-dropped"].kind == "summary-drift"
    assert found["cryptmaster.qrg.order-curses.manner"].kind == "summary-drift"
    assert found["secrets.reference.action-rest.cap-dropped"].kind == "summary-drift"
    order = found["secrets.turn.tomb-card-effects.order"]
    assert ["secrets.tomb-phase.rotate-search-tokens", "secrets.tomb-phase.upkeep-components"] in \
        order.evidence["inverted_pairs"]


def test_recorded_ambiguities_are_all_reported(catalogs, found) -> None:  # type: ignore[no-untyped-def]
    for cat in catalogs.values():
        for amb in cat.ambiguities:
            assert found[amb.id].source == "catalog"


def test_components_against_the_rules(found) -> None:  # type: ignore[no-untyped-def]
    # Exactly enough stands (18) and dial connectors (13): a consistency, retired as a finding.
    assert "secrets.derived.creature-stands" not in found and "secrets.derived.dial-connectors" not in found
    assert "tomb.derived.stands-for-largest-parties" not in found and "egypt.derived.starting-items" not in found
    assert found["tomb.components.combined-roll-dice"].evidence["dice_needed"]["blue"] > 7
    assert found["egypt.derived.life-tokens"].evidence == {"needed": 12, "in_box": 14}
    assert found["secrets.components.contents.unused-elder-sign"].kind == "gap"


def test_never_succeeds(found) -> None:  # type: ignore[no-untyped-def]
    assert found["tomb.never.tn-above-dice"].evidence == {"dice": 3, "target_number": 4, "most_successes": 3}
    # "All Red Tomb Dice become automatic successes": the dice already Red succeed after a raise.
    outcome = found["tomb.derived.raise-lower-outcome"]
    assert outcome.kind == "derived-fact" and outcome.severity == "note"
    assert outcome.evidence["after_one_raise"]["Red"] == "automatic success"
    assert "tomb.never.raise-past-red" not in found
    assert found["egypt.never.unarmed-die-never-wins"].kind == "never-succeeds"


def test_every_worked_example_check_sees_its_example(catalogs) -> None:  # type: ignore[no-untyped-def]
    names = {g: {c.name for c in example_checks(cat)} for g, cat in catalogs.items()}
    assert names["secrets"] >= {"strength-check", "story-check-fail", "story-check-reroll", "audacity-check",
                                "combat-1-adventurer-versus-creature", "combat-2-adventurer-versus-swarm",
                                "combat-3-creature-versus-creature", "combat-4-adventurer-versus-adventurer",
                                "tommy-gun-pool", "place-named-tile", "six-player-action-tokens", "search-chart",
                                "most-soul-shards"}
    assert names["tomb"] >= {"fewest-attack-dice", "kadin-attack-dice", "fireball-successes", "crypt-card-count",
                             "pickpocket", "campaign-150-xp"}
    assert names["egypt"] >= {"turn-movements"}
    wrong = {(c.game, c.name) for cat in catalogs.values() for c in example_checks(cat) if not c.ok}
    assert wrong == {("secrets", "combat-3-creature-versus-creature"), ("secrets", "place-named-tile"),
                     ("tomb", "kadin-attack-dice")}


def _with_quote(cat, rule_id: str, old: str, new: str):  # type: ignore[no-untyped-def]
    rule = cat.rule(rule_id)
    assert old in rule.quote
    rules = tuple(attrs.evolve(r, quote=r.quote.replace(old, new)) if r.id == rule_id else r for r in cat.rules)
    return attrs.evolve(cat, rules=rules)


def test_mended_examples_recompute(catalogs) -> None:  # type: ignore[no-untyped-def]
    secrets = _with_quote(catalogs["secrets"], "secrets.combat.example-3-roll",
                          "She rolls 6 dice, getting 2, 2, 3, 4, 5, 5", "She rolls 7 dice, getting 1, 2, 2, 3, 4, 5, 5")
    secrets = _with_quote(secrets, "secrets.rooms.example-stairs-of-blood-place",
                          "search for Stairs of Blood Room tile", "search for Sacrificial Chamber Room tile")
    assert [c.name for c in example_checks(secrets) if not c.ok] == []
    assert [f.id for f in worked_examples(secrets)] == []
    tomb = _with_quote(catalogs["tomb"], "tomb.example.kadin-attacks-crusher", "one blue and two red",
                       "two blue and two red")
    assert [f.id for f in worked_examples(tomb)] == []


def test_planted_example_errors_are_found(catalogs) -> None:  # type: ignore[no-untyped-def]
    secrets = _with_quote(catalogs["secrets"], "secrets.combat.example-1-resolve", "takes 3 damage", "takes 4 damage")
    assert "secrets.example.combat-1-adventurer-versus-creature" in [f.id for f in worked_examples(secrets)]
    tomb = _with_quote(catalogs["tomb"], "tomb.pickpocket.example", "rolls three successes", "rolls one successes")
    assert "tomb.example.pickpocket" in [f.id for f in worked_examples(tomb)]


def test_more_known_defects(found) -> None:  # type: ignore[no-untyped-def]
    assert found["tomb.turn.standard-actions.section-order"].evidence["inversions"] == [["Play a Card", "Recruit"]]
    assert found["secrets.components.unlisted-health-tokens"].kind == "gap"
    assert "tomb.contradiction.party-of-none" not in found   # one sentence handling its own edge case
    assert found["cryptmaster.upkeep.dismiss-attachment-restrictions.reference-the-basics"].kind == "gap"
    assert found["tomb.heal.wounds-explained-later.reference-monsters-and-combat-resolution"].kind == "gap"


def test_tomb_example_odds_match_brute_force(found) -> None:  # type: ignore[no-untyped-def]
    import itertools
    from fractions import Fraction

    p = {"green": Fraction(3, 10), "blue": Fraction(5, 10), "red": Fraction(7, 10)}
    dread = ["green"] * 2 + ["blue"] * 2 + ["red"] * 2
    dukat = ["green"] + ["blue"] * 3 + ["red"]
    win = Fraction(0)
    for hits in itertools.product((0, 1), repeat=len(dread) + len(dukat)):
        w = Fraction(1)
        for h, colour in zip(hits, dread + dukat):
            w *= p[colour] if h else 1 - p[colour]
        if sum(hits[:len(dread)]) > sum(hits[len(dread):]):
            win += w
    odds = found["tomb.derived.example-odds"].evidence["odds"]
    assert odds["Dread steals from Captain Dukat (more successes)"].startswith(f"{win} ")
    assert odds["Lady Eryne disarms a Skill trap of TN 4"].startswith("0 ")


def test_secrets_tomb_phase_step_names_found_and_stated_once(catalogs, found) -> None:  # type: ignore[no-untyped-def]
    """Issue 30's unreported defect: The Tomb Phase's "Search" and "Comet Track" are the Player Reference's
    "Rotate Search Token" and "Move Comet Track and Check for end game"; the step-names detector finds it, and
    the report shows it once, as the evidence of the recorded secrets.ambiguity.tomb-phase-step-names."""
    from tombspec.checks.report.editor import editor_findings

    f = found["secrets.step-names.steps-tomb-phase-steps"]
    renamed = {(d["a"], d["b"]) for d in f.evidence["renamed"]}
    assert ("Search", "Rotate Search Token") in renamed
    assert {"a": ["Comet Track", "Check for End Game"],
            "b": "Move Comet Track and Check for end game (refer to scenario)"} in f.evidence["merged"]
    entries = {e.id: e for e in editor_findings(found.values(), catalogs)}
    assert f.id not in entries
    assert f.id in entries["secrets.ambiguity.tomb-phase-step-names"].detectors
