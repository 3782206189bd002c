"""The catalog is the spec (every option's reading is the catalog's, every ambiguity an option or a note,
every normative rule formalised or explained); Cryptmaster speaks its own rules (Tomb's engine's checks
translated through the catalog's links); its components are example data; its worked examples (none)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import attrs
import pytest

from tombspec.model.traceability import formalised
from tombspec.model.cryptmaster import Cryptmaster, links
from tombspec.model.cryptmaster.options import CryptmasterOptions
from tombspec.model.errors import InvalidInput
from tombspec.model.options import settles
from tombspec.model.tomb.board import shipped_boards
from tombspec.model.tomb.cards import cards_from_data, shipped_card_sets
from tombspec.spec import load_catalog

NORMATIVE = {"setup", "action", "transition", "limit", "invariant", "scoring"}
ROOT = Path(__file__).resolve().parents[2]


def test_every_reading_option_names_a_catalog_ambiguity_and_its_default() -> None:
    catalog = load_catalog("cryptmaster")
    for name, amb_id in settles(CryptmasterOptions).items():
        amb = catalog.get(amb_id)
        readings = attrs.fields_dict(CryptmasterOptions)[name].metadata["readings"]
        assert readings[0] == amb.default, name
        assert set(readings) <= {r.id for r in amb.readings}, name
        assert getattr(CryptmasterOptions(), name) == amb.default


def test_every_ambiguity_is_an_option_or_says_why_not() -> None:
    catalog = load_catalog("cryptmaster")
    options = set(settles(CryptmasterOptions).values())
    assert [a.id for a in catalog.ambiguities if a.id not in options and not a.note] == []


def test_every_normative_rule_is_formalised_or_explained() -> None:
    catalog = load_catalog("cryptmaster")
    where = formalised("cryptmaster")
    assert [r.id for r in catalog.rules if r.kind in NORMATIVE and r.id not in where and not r.note] == []
    normative = [r for r in catalog.rules if r.kind in NORMATIVE]
    assert sum(r.id in where for r in normative) >= 0.9 * len(normative)


def test_formalisations_name_catalog_rules() -> None:
    catalog = load_catalog("cryptmaster")
    assert [rid for rid in formalised("cryptmaster") if rid not in catalog] == []


def test_every_tomb_rule_the_engine_names_has_a_cryptmaster_rule() -> None:
    catalog = load_catalog("cryptmaster")
    tomb_ids = set()
    for path in (ROOT / "model" / "tomb").rglob("*.py"):
        tomb_ids |= set(re.findall(r'"(tomb\.[a-z0-9-]+\.[a-z0-9-]+)"', path.read_text(encoding="utf-8")))
    assert tomb_ids
    assert sorted(t for t in tomb_ids if links.to_cryptmaster(t) not in catalog) == []


def test_the_catalogs_links_point_at_tomb_rules() -> None:
    tomb = load_catalog("tomb")
    for rule in load_catalog("cryptmaster").rules:
        for target in (rule.same_as, rule.changes):
            assert target is None or target in tomb, (rule.id, target)


def test_a_refusal_names_a_cryptmaster_rule() -> None:
    from tombspec.model.tomb.actions import Raid

    rs = Cryptmaster()
    state = rs.initial_state()
    from tombspec.model.errors import IllegalAction

    with pytest.raises(IllegalAction) as err:
        rs.step(state, Raid(), 0)
    assert err.value.rule_id.startswith("cryptmaster.")


@pytest.mark.parametrize("path", [*shipped_boards("cryptmaster").values(), *shipped_card_sets("cryptmaster").values()],
                         ids=lambda p: p.stem)
def test_every_shipped_file_says_it_is_an_example(path: Path) -> None:
    head = path.read_text(encoding="utf-8").split("format =")[0]
    assert "example" in head and "NOT" in head and "tombspec" in head


def test_the_example_set_exercises_every_keyword_and_deck_cryptmaster_adds() -> None:
    cards = Cryptmaster().cards
    keywords = {k for c in cards.characters.values() for k in c.keywords} | \
        {t for c in cards.inn.values() for t in c.traits}
    assert {"pariah", "mercenary", "cursed", "light"} <= keywords
    assert any(c.deck == "cryptmaster" for c in cards.inn.values())
    assert {c.type for c in cards.crypt.values()} >= {"monster", "trap", "treasure", "curse"}
    assert sum(1 for c in cards.crypt.values() if c.overlord) >= 2


def test_a_bad_card_file_names_the_file_and_the_problem() -> None:
    doc = {"format": 1, "game": "cryptmaster", "set": {"name": "bad"},
           "characters": [{"name": "X", "classes": ["fighter"], "hp": "six"}]}
    with pytest.raises(InvalidInput) as err:
        cards_from_data(doc, source="bad.toml")
    assert "bad.toml" in str(err.value) and "hp" in str(err.value)


def test_the_rulebook_has_no_worked_example_to_replay() -> None:
    examples = importlib.import_module("tombspec.checks.games.cryptmaster.examples").EXAMPLES
    assert examples == {}
    assert not [r for r in load_catalog("cryptmaster").rules if r.kind == "example"]


def test_the_ruleset_is_rebuilt_from_its_description() -> None:
    rs = Cryptmaster({"players": 4, "pvp": True, "ten_card_limit": "hard-cap"})
    again = Cryptmaster(**rs.describe())
    assert again.describe() == rs.describe() and again.options.players == 4


def test_every_tomb_reading_the_engine_reads_is_recorded_or_explained() -> None:
    """Issue 28's audit: Cryptmaster runs Tomb's engine, which reads Tomb's readings.  Each of them is
    Cryptmaster's own ambiguity (an option field settling a cryptmaster.ambiguity entry), a property whose
    docstring names the Cryptmaster rule that settles it, or listed in TOMB_READINGS as settled by a named
    Cryptmaster rule or ambiguity, inapplicable or shared, with a reason; no entry of that list is stale."""
    from tombspec.model.cryptmaster.options import TOMB_READINGS
    from tombspec.model.tomb.options import TombOptions

    ids = {r.id for r in Cryptmaster().catalog().rules} | {a.id for a in Cryptmaster().catalog().ambiguities}
    own = {f.name: f.metadata.get("settles") for f in attrs.fields(CryptmasterOptions)}
    props = {n: v for n, v in vars(CryptmasterOptions).items() if isinstance(v, property)}
    tomb = [f.name for f in attrs.fields(TombOptions) if "settles" in f.metadata]
    problems = []
    for name in tomb:
        if name in own:
            if own[name] not in ids or not own[name].startswith("cryptmaster.ambiguity."):
                problems.append(f"{name}: field settles {own[name]}, not a Cryptmaster ambiguity")
        elif name in props:
            named = re.findall(r"cryptmaster\.[a-z0-9-]+\.[a-z0-9-]+", props[name].__doc__ or "")
            if not named or any(n not in ids for n in named):
                problems.append(f"{name}: property names no Cryptmaster rule ({named})")
        else:
            reason = TOMB_READINGS.get(name, "")
            m = re.match(r"(settled by (cryptmaster\.[a-z0-9.-]+[a-z0-9])|inapplicable|shared): \S", reason)
            if m is None:
                problems.append(f"{name}: read by the engine, neither recorded nor explained")
            elif m.group(2) and m.group(2) not in ids:
                problems.append(f"{name}: settled by {m.group(2)}, no such Cryptmaster id")
    stale = [n for n in TOMB_READINGS if n not in tomb or n in own or n in props]
    assert not problems and not stale, (problems, stale)


def test_cryptmasters_own_records_of_the_engines_readings_change_the_play() -> None:
    """The records the test above found (issue 28's audit): draw-deck-choice (both-first: the second deck
    is named with the first), wound-assignment (only-attacks: the CM places a trap's party wounds),
    refill-class-cards (only-stated: a refilled cleric draws no prayer)."""
    from tombspec.model.tomb.actions import Announce, Done, DrawFrom, Raid
    from tombspec.model.tomb.cards import load_cards
    from tombspec.model.tomb.rules.inn import join_party

    from .helpers import DOOR, at, ruleset, step

    inn = [{"characters": ["Grimbold"]}, {"characters": ["Wren"], "location": "2,3"}, {"characters": ["Kadin"]}]
    for reading, kind in (("one-at-a-time", "draw-second"), ("both-first", "draw-second")):
        rs = ruleset(draw_choice=reading)
        s = rs.step(at(rs, inn), DrawFrom("item"), 0)
        assert s.task.kind == "draw-second" if reading == "both-first" else s.task.kind == "inn-draw"
    crushing = load_cards(Path(__file__).resolve().parents[2] / "spec" / "tomb" / "cards" / "example.toml").crypt["Crushing Walls"]
    for reading, placer in (("unless-targeted", 0), ("only-attacks", 1)):
        rs = ruleset(wound_assignment=reading)
        s = at(rs, [{"characters": ["Grimbold", "Dread"], "location": DOOR["d"]}, *inn[1:]], {"d": ["Pit of Spikes"], "g": ["Golden Chalice"]})
        s = step(rs, rs.step(s, Raid(), 0), Done(), Announce("Pit of Spikes"))
        tasks = rs.trap_failure_tasks(s, 0, crushing)
        assert tasks and {t.player for t in tasks} == {placer}
    for reading, draws in (("yes", 1), ("only-stated", 0)):
        rs = ruleset(class_cards=reading)
        s = join_party(rs, at(rs, inn), 1, "Brother Aldous", how="restart")
        assert sum(t.kind == "inn-draw" for t in s.agenda) == draws
