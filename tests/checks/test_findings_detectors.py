"""Each generic findings detector finds a defect planted in a small synthetic catalog, and stays quiet
on the same catalog with the defect mended."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from checks_synthetic import GAME, ambiguity, catalog, rule, table

from tombspec.checks.findings import detectors as F
from tombspec.checks.findings import run_detectors
from tombspec.spec import Catalog


def ids(detector: Callable[[Catalog], Iterable[F.Finding]], cat: Catalog) -> list[str]:
    return [f.id for f in detector(cat)]


# Summaries ----------------------------------------------------------------------------------------


def _summary(summary_quote: str, body_quote: str) -> Catalog:
    body = rule("draw-two", body_quote, line=10)
    return catalog([body, rule("qrg-draw", summary_quote, kind="summary", summarises=(body.id,), line=90)])


def test_summary_number_drift_found() -> None:
    found = list(F.summary_drift(_summary("Draw 3 Inn cards (Inn only)", "you may draw two Inn cards")))
    assert [f.id for f in found] == [f"{GAME}.rules.qrg-draw.numbers"]
    assert found[0].evidence["numbers_only_in_summary"] == ["3"]
    assert found[0].kind == "summary-drift" and found[0].source == "machine"


def test_summary_number_drift_quiet_on_agreeing_words_and_list_positions() -> None:
    assert ids(F.summary_drift, _summary("2. Draw two Inn cards (Inn only)", "you may draw 2 Inn cards")) == []
    assert ids(F.summary_drift, _summary("b. Roll and count the 6's", "critical successes (6s) count twice")) == []


def test_summary_cap_dropped_found_and_quiet() -> None:
    body = "Heal 2 Health, up to starting Health"
    assert ids(F.summary_qualifiers, _summary("Rest (Gain +2 Health)", body)) == [f"{GAME}.rules.qrg-draw.cap-dropped"]
    assert ids(F.summary_qualifiers, _summary("Rest (Gain +2 Health, up to starting Health)", body)) == []


def test_summary_exception_dropped_found_and_quiet() -> None:
    body = "All monsters except the pharaoh have 1 life."
    assert ids(F.summary_qualifiers, _summary("All monsters have 1 life.", body)) == \
        [f"{GAME}.rules.qrg-draw.exception-dropped"]
    assert ids(F.summary_qualifiers, _summary("All monsters except the pharaoh have 1 life.", body)) == []


def test_summary_manner_found_and_quiet() -> None:
    body = "First, the CM reveals each curse and attaches it. As each curse is attached, the party may roll."
    assert ids(F.summary_qualifiers, _summary("Curses (all at once)", body)) == [f"{GAME}.rules.qrg-draw.manner"]
    assert ids(F.summary_qualifiers, _summary("Curses (one at a time)", body)) == []


def _ordered(summary_quote: str) -> Catalog:
    body = [rule("a", "Draw a card.", title="Draw a card", line=1),
            rule("b", "Spawn the creatures.", title="Spawn creatures", line=2),
            rule("c", "Check upkeep.", title="Check upkeep", line=3)]
    return catalog(body + [rule("intro", summary_quote, kind="summary", summarises=tuple(b.id for b in body), line=9)])


def test_summary_order_found_and_quiet() -> None:
    found = list(F.summary_order(_ordered("This card triggers an upkeep, a draw and a spawn.")))
    assert [f.id for f in found] == [f"{GAME}.rules.intro.order"]
    assert found[0].evidence["body_order"] == [f"{GAME}.rules.a", f"{GAME}.rules.b", f"{GAME}.rules.c"]
    assert ids(F.summary_order, _ordered("This card triggers a draw, a spawn and an upkeep.")) == []


def _lists(second: list[tuple[int, str]]) -> Catalog:
    first = [(1, "Tomb Effect"), (2, "Move Creatures"), (3, "Initiate Combat"), (4, "Spawn Creatures"), (5, "Upkeep")]
    return catalog(tables=[table("body-steps", ("step", "name"), first),
                           table("card-steps", ("step", "printed"), second)])


def test_list_drift_finds_renamed_items_and_swapped_order() -> None:
    cat = _lists([(1, "Trigger Tomb Effect"), (2, "Move creatures"), (3, "Spawn creatures"),
                  (4, "Initiate combat (creatures versus adventurers)"), (5, "Rest and heal")])
    found = {f.id.rsplit(".", 1)[-1]: f for f in F.list_drift(cat)}
    assert set(found) == {"items", "order"}
    assert found["items"].evidence["only_in_a"] == ["Upkeep"]
    assert found["items"].evidence["only_in_b"] == ["Rest and heal"]
    assert ["Initiate Combat", "Spawn Creatures"] in found["order"].evidence["inversions"]


def test_list_drift_quiet_on_the_same_steps_worded_differently() -> None:
    cat = _lists([(1, "Trigger Tomb Effect"), (2, "Move creatures"), (3, "Initiate combat"),
                  (4, "Spawn creatures (in red outlined rooms)"), (5, "Perform Upkeep")])
    assert ids(F.list_drift, cat) == []


def test_step_names_finds_a_step_renamed_and_two_steps_printed_as_one() -> None:
    """Issue 30: the Tomb Phase's "Search" is the Player Reference's "Rotate Search Token", and its "Comet
    Track" and "Check for End Game" are printed as one step."""
    body = [(1, "Tomb Effect"), (2, "Move Creatures"), (3, "Initiate Combat"), (4, "Upkeep"), (5, "Search"),
            (6, "Comet Track"), (7, "Check for End Game")]
    card = [(1, "Trigger Tomb Effect"), (2, "Move creatures"), (3, "Initiate combat (creatures versus adventurers)"),
            (4, "Perform Upkeep"), (5, "Rotate Search Token"), (6, "Move Comet Track and Check for end game")]
    cat = catalog(tables=[table("body-steps", ("step", "name"), body), table("card-steps", ("step", "printed"), card)])
    [found] = F.step_names(cat)
    assert found.kind == "naming" and found.severity == "note"
    assert [(d["a"], d["b"]) for d in found.evidence["renamed"]] == [
        ("Search", "Rotate Search Token"), ("Comet Track", "Move Comet Track and Check for end game"),
        ("Check for End Game", "Move Comet Track and Check for end game")]
    assert found.evidence["merged"] == [{"a": ["Comet Track", "Check for End Game"],
                                         "b": "Move Comet Track and Check for end game"}]


def test_step_names_quiet_on_the_same_names_worded_differently() -> None:
    """Case, a parenthesised remark and a leading imperative are wording, not another name."""
    cat = _lists([(1, "Trigger Tomb Effect"), (2, "Move creatures"), (3, "Initiate combat"),
                  (4, "Spawn creatures (in red outlined rooms)"), (5, "Perform Upkeep")])
    assert ids(F.step_names, cat) == []


# Tables -------------------------------------------------------------------------------------------

INF = float("inf")


def test_table_intervals_finds_overlap_with_open_end() -> None:
    cat = catalog(tables=[table("levels", ("xp", "min_xp", "max_xp", "level"),
                                [("50 XP or fewer", -INF, 50, 1), ("51 XP – 3000 XP", 51, 3000, 2),
                                 ("3000 XP or more", 3000, INF, 3)])])
    found = list(F.table_intervals(cat))
    assert [f.id for f in found] == [f"{GAME}.rules.levels.overlap-3000"]
    assert found[0].evidence["overlap"] == [3000, 3000]


def test_table_intervals_finds_gap_and_skipped_level() -> None:
    cat = catalog(tables=[table("ranks", ("low", "high", "level"), [(0, 10, 1), (12, 20, 2), (21, 30, 4)])])
    assert sorted(ids(F.table_intervals, cat)) == [f"{GAME}.rules.ranks.gap-11", f"{GAME}.rules.ranks.levels"]


def test_table_intervals_quiet_on_a_clean_chart() -> None:
    cat = catalog(tables=[table("ranks", ("xp", "min_xp", "max_xp", "level"),
                                [("0 or fewer", -INF, 0, 1), ("1-10", 1, 10, 2), ("11 or more", 11, INF, 3)])])
    assert ids(F.table_intervals, cat) == []


# Naming -------------------------------------------------------------------------------------------


def _names(*quotes: str) -> Catalog:
    return catalog([rule(f"r{i}", q) for i, q in enumerate(quotes)])


def test_naming_finds_each_kind_of_misspelling() -> None:
    cat = _names("Professor Forrestal studied the Tomb.", "Forrestal joined the Order.", "Forrestal left.",
                 "An American professor named Forestall found it.",
                 "Stairs lead down from Pharaoh's Hall.", "You reach The Pharoah's Hall.", "Ask the Pharoah.",
                 "Climb down the Mineshaft.", "The Mine Shaft connects to the hall.",
                 "Heidi DuPont gets 3 tokens.", "The first player, Heidi Dupont, draws.",
                 "Read the Scenario Triggered Effects aloud.", "Trigger your scenario's Triggered Scenario Effects.")
    found = {f.evidence["difference"]: set(f.evidence["spellings"]) for f in F.near_duplicate_names(cat)}
    assert found["doubled letters"] == {"Forestall", "Forrestal"}
    assert found["transposed letters"] in ({"Pharaoh", "Pharoah"}, {"Pharaoh's Hall", "Pharoah's Hall"})
    assert {"Mine Shaft", "Mineshaft"} in [set(f.evidence["spellings"]) for f in F.near_duplicate_names(cat)]
    assert {"Heidi DuPont", "Heidi Dupont"} in [set(f.evidence["spellings"]) for f in F.near_duplicate_names(cat)]
    assert found["word order"] == {"Scenario Triggered Effects", "Triggered Scenario Effects"}
    for f in F.near_duplicate_names(cat):
        assert f.rules and all(r.startswith(f"{GAME}.rules.") for r in f.rules)


def test_naming_quiet_on_ordinary_words_and_possessives() -> None:
    cat = _names("Adventures usually go well; the adventures of Adventurers.", "adventurers explore.",
                 "Prayers can be cast by Players.", "prayers and players.", "The Character's sword.",
                 "Characters move.", "Attaches a card.", "Attached cards move.", "SETUP the Setup.")
    assert ids(F.near_duplicate_names, cat) == []


# References, frequencies, same-as, components --------------------------------------------------------


def test_dangling_reference_found_and_quiet() -> None:
    sections = (("rules", "Rules"), ("banking", "Banking"), ("combat", "Combat with a Monster"))
    bad = catalog([rule("bank", "The player banks the XP (see Banking XP below).")], sections=sections)
    good = catalog([rule("bank", "The player banks the XP (see Banking below). See Combat with a Monster.")],
                   sections=sections)
    assert ids(F.dangling_references, bad) == [f"{GAME}.rules.bank.reference-banking-xp"]
    assert [f.severity for f in F.dangling_references(bad)] == ["error"]
    assert ids(F.dangling_references, good) == []


def test_page_references_are_not_findings() -> None:
    # The texts are transcriptions without pages; the printed book has them.
    cat = catalog([rule("a", "Details on page 11."), rule("b", "See the reference on page 14 and pg 4.")])
    assert list(F.dangling_references(cat)) == []


def test_frequency_conflict_found_and_quiet() -> None:
    equip = rule("equip", "Equip — Free: Any number of times per turn, you may attach a card from your hand.",
                 kind="action")
    universal = rule("once", "ALL ACTIONS ARE ONCE PER TURN. ALL ACTIONS ARE OPTIONAL.", kind="limit")
    assert ids(F.frequency_conflicts, catalog([universal, equip])) == [f"{GAME}.rules.once.against-equip"]
    assert ids(F.frequency_conflicts, catalog([equip])) == []
    different = rule("free", "Free — You may use any number of different Free actions.", kind="action")
    assert ids(F.frequency_conflicts, catalog([universal, different])) == []


def test_same_as_drift_against_the_real_tomb_catalog() -> None:
    from tombspec.spec import load_catalog

    tomb = load_catalog("tomb")
    target = tomb.rule("tomb.setup.order-roll")
    numbers = F.stated_numbers(target.quote) - {"1"}
    assert numbers, "the tomb rule used here states a number"
    same = rule("order", target.quote, same_as=target.id)
    other = rule("order", target.quote.replace("seven", "eight").replace("7", "8"), same_as=target.id)
    assert ids(F.same_as_drift, catalog([same])) == []
    assert ids(F.same_as_drift, catalog([other])) == [f"{GAME}.rules.order.same-as-numbers"]


def test_unused_component_found_and_quiet() -> None:
    contents = table("contents", ("group", "component", "count"),
                     [("Tokens", "Elder Sign", 13), ("Tokens", "Wound/Tomb Token", 48), ("Tokens", "Damage", 65)],
                     title="Components")
    used = [rule("damage", "Place Damage tokens under the creature."),
            rule("wound", "A Wound token is placed on it.")]
    found = list(F.unused_components(catalog(used, [contents])))
    assert sorted(f.evidence["component"] for f in found) == ["Elder Sign", "Wound/Tomb Token"]
    assert [f.evidence["unnamed_alternatives"] for f in found if f.evidence["component"].startswith("Wound")] == \
        [["Tomb Token"]]
    mended = used + [rule("elder", "Place an Elder Sign to seal the door."),
                     rule("tomb-token", "Mark the crypt with a Tomb token.")]
    assert ids(F.unused_components, catalog(mended, [contents])) == []


def test_recorded_ambiguities_are_catalog_findings() -> None:
    r = rule("a", "Some rule.")
    found = list(F.recorded_ambiguities(catalog([r], ambiguities=[ambiguity("q", (r.id,))])))
    assert [(f.id, f.source, f.reading) for f in found] == [(f"{GAME}.ambiguity.q", "catalog", "one")]


def test_run_detectors_keeps_the_first_of_equal_ids() -> None:
    cat = _summary("Draw 3 Inn cards", "you may draw two Inn cards")
    found = run_detectors({GAME: cat})
    assert len({f.id for f in found}) == len(found)
    assert any(f.id.endswith(".numbers") for f in found)


def test_list_against_section_order_found_and_quiet() -> None:
    sections = [("rules", "Rules"), ("act", "Act"), ("draw", "Draw"), ("heal", "Heal"), ("move", "Move"),
                ("recruit", "Recruit"), ("play", "Play a Card"), ("raid", "Raid")]
    listed = [(1, "Act"), (2, "Draw"), (3, "Heal"), (4, "Move"), (5, "Play a Card"), (6, "Recruit"), (7, "Raid")]
    cat = catalog(tables=[table("actions", ("number", "action"), listed)], sections=sections)
    found = list(F.list_section_order(cat))
    assert [f.id for f in found] == [f"{GAME}.rules.actions.section-order"]
    assert found[0].evidence["inversions"] == [["Play a Card", "Recruit"]]
    in_order = [(1, "Act"), (2, "Draw"), (3, "Heal"), (4, "Move"), (5, "Recruit"), (6, "Play a Card"), (7, "Raid")]
    assert ids(F.list_section_order, catalog(tables=[table("actions", ("number", "action"), in_order)],
                                              sections=sections)) == []


def test_unlisted_tokens_found_and_quiet() -> None:
    contents = table("contents", ("group", "component", "count"),
                     [("Tokens", "Damage", 65), ("Tokens", "Quest Markers (Gold)", 18), ("Cards", "Health Cards", 9)],
                     title="Components")
    rules = [rule("aside", "Then set aside the Quest, Health, and Attribute Bonus tokens nearby."),
             rule("damage", "Track damage by placing Damage tokens under the creature standee.")]
    found = sorted(f.evidence["name"] for f in F.unlisted_components(catalog(rules, [contents])))
    assert found == ["Attribute Bonus tokens", "Health tokens"]
    mended = [rule("aside", "Then set aside the Quest and Damage tokens nearby."), rules[1]]
    assert ids(F.unlisted_components, catalog(mended, [contents])) == []


def test_plural_inside_a_name() -> None:
    cat = _names("Traps Cards and Monster Cards are explained later.", "Trap Cards are purple.",
                 "Discard the Trap Cards.")
    assert [set(f.evidence["spellings"]) for f in F.near_duplicate_names(cat)] == [{"Trap Cards", "Traps Cards"}]


def test_table_totals_found_and_quiet() -> None:
    bad = table("contents", ("component", "count", "detail"), [("Tomb Dice", 21, "7 Green, 7 Blue, 6 Red")])
    good = table("contents", ("component", "count", "detail"), [("Tomb Dice", 21, "7 Green, 7 Blue, 7 Red"),
                                                                 ("Tomb Board", 1, "double-sided")])
    assert ids(F.table_totals, catalog(tables=[bad])) == [f"{GAME}.rules.contents.total-tomb-dice"]
    assert ids(F.table_totals, catalog(tables=[good])) == []
