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
