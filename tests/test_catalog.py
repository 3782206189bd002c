"""The catalogs themselves: format, verbatim quotes, table of contents, links, tables, aliases."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from tombspec.model.options import settles
from tombspec.spec import (CatalogError, catalog_games, load_all, load_catalog, load_catalog_file,
                           rulebook_text, rulebooks_dir)
from tombspec.spec.catalog import ID_RE
from tombspec.spec.lint import quote_problems, toc_problems

GAMES = catalog_games()
EXPECTED = {"secrets", "tomb", "cryptmaster", "raiders", "egypt"}


def test_every_game_has_a_catalog() -> None:
    assert EXPECTED <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_catalog_loads_and_ids_are_well_formed(game: str) -> None:
    cat = load_catalog(game)
    ids = [e.id for e in cat.entries()]
    assert len(ids) == len(set(ids))
    assert all(ID_RE.match(i) and i.startswith(game + ".") for i in ids)
    assert cat.rules, "a catalog without rules"


def test_cross_catalog_links_resolve() -> None:
    catalogs = load_all()
    links = [r for r in catalogs["cryptmaster"].rules if r.same_as or r.changes]
    assert links, "cryptmaster links none of its rules to tomb"


@pytest.mark.parametrize("game", GAMES)
def test_quotes_are_verbatim(game: str) -> None:
    cat = load_catalog(game)
    if rulebook_text(cat.rulebook) is None:
        pytest.skip(f"rulebook {cat.rulebook} not found (set TOMBSPEC_RULEBOOKS); quotes not checked")
    assert quote_problems(cat) == []


@pytest.mark.parametrize("game", GAMES)
def test_sections_are_the_table_of_contents(game: str) -> None:
    cat = load_catalog(game)
    if rulebook_text(cat.rulebook) is None:
        pytest.skip(f"rulebook {cat.rulebook} not found; table of contents not checked")
    assert toc_problems(cat) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_section_is_accounted_for(game: str) -> None:
    cat = load_catalog(game)
    used = {r.section for r in cat.rules} | {t.section for t in cat.tables} | {c.section for c in cat.components}
    for s in cat.sections:
        children = [c for c in cat.sections if c.parent == s.id]
        assert s.id in used or not s.normative or children or s.note, f"section {s.id} holds nothing"


@pytest.mark.parametrize("game", GAMES)
def test_summaries_are_linked(game: str) -> None:
    cat = load_catalog(game)
    for r in cat.rules:
        if r.kind == "summary":
            assert r.summarises and all(x in cat for x in r.summarises), r.id


@pytest.mark.parametrize("game", GAMES)
def test_tables_parse(game: str) -> None:
    for t in load_catalog(game).tables:
        assert all(len(row) == len(t.columns) for row in t.rows)
        assert t.records()[0].keys() == set(t.columns)


@pytest.mark.parametrize("game", GAMES)
def test_aliases_resolve_to_one_component(game: str) -> None:
    cat = load_catalog(game)
    owner: dict[str, str] = {}
    for c in cat.components:
        for alias in c.aliases:
            assert alias.strip() and alias != c.name, c.id
            owner.setdefault(alias, c.id)


@pytest.mark.parametrize("game", GAMES)
def test_readings_speak_the_rulebooks_words(game: str) -> None:
    """A reading is printed to a rules editor (the errata) and a player: it says what happens in the
    rulebook's words, not by another reading's id ('as under raw-roll'), nor by the model's phases,
    outcomes, effects or field names; what the model does belongs in the entry's note."""
    import re

    model_words = re.compile(r"\b(?:phase|outcome|effects?)\s+[a-z]+-[a-z-]+|\b[a-z]+_[a-z_]+\b")
    for amb in load_catalog(game).ambiguities:
        ids = {r.id for r in amb.readings if "-" in r.id}
        for r in amb.readings:
            named = sorted(i for i in ids - {r.id}
                           if re.search(r"(?<![\w'-])" + re.escape(i) + r"(?![\w-])", r.text))
            assert not named, f"{amb.id} reading {r.id} names reading(s) {named} by id"
            assert not model_words.search(r.text), f"{amb.id} reading {r.id}: {model_words.search(r.text)[0]!r}"


def test_option_defaults_are_the_catalog_defaults() -> None:
    from tombspec.model.raiders.options import RaidersOptions

    cat = load_catalog("raiders")
    defaults = RaidersOptions()
    for name, amb_id in settles(RaidersOptions).items():
        amb = cat.ambiguity(amb_id)
        assert getattr(defaults, name) == amb.default, name
        readings = attrs.fields_dict(RaidersOptions)[name].metadata["readings"]
        assert set(readings) <= {r.id for r in amb.readings}, name


def test_rulebooks_folder_is_found_or_skipped() -> None:
    folder = rulebooks_dir()
    if folder is None:
        pytest.skip("rulebooks absent")
    assert (folder / "raiders-of-the-lost-tomb.txt").is_file()


# Bad catalogs: the loader names file, line, entry and problem ------------------------------------

GOOD_HEAD = '''format = 1
[game]
id = "demo"
title = "Demo"
rulebook = "demo.txt"
[[sections]]
id = "setup"
title = "Setup"
'''


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "demo.toml"
    path.write_text(GOOD_HEAD + body, encoding="utf-8")
    return path


def rule(rid: str = "demo.setup.one", **extra: str) -> str:
    fields = {"id": rid, "title": "t", "section": "setup", "kind": "setup", "quote": "q", **extra}
    return "[[rules]]\n" + "\n".join(f'{k} = "{v}"' for k, v in fields.items()) + "\n"


def test_invalid_duplicate_id_names_file_line_and_id(tmp_path: Path) -> None:
    path = write(tmp_path, rule() + rule())
    with pytest.raises(CatalogError) as err:
        load_catalog_file(path)
    msg = str(err.value)
    assert str(path) in msg and "demo.setup.one" in msg and "duplicate" in msg
    assert err.value.line == 10


def test_invalid_unknown_kind(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="kind 'rumour'"):
        load_catalog_file(write(tmp_path, rule(kind="rumour")))


def test_invalid_unknown_section(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="section 'combat' is not in"):
        load_catalog_file(write(tmp_path, rule(section="combat")))


def test_invalid_id_shape(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="<game>.<area>.<name>"):
        load_catalog_file(write(tmp_path, rule("demo.Setup")))


def test_invalid_empty_quote(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="'quote' is empty"):
        load_catalog_file(write(tmp_path, rule(quote=" ")))


def test_invalid_summary_without_links(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="summarises"):
        load_catalog_file(write(tmp_path, rule(kind="summary")))


def test_invalid_table_row_width(tmp_path: Path) -> None:
    body = '[[tables]]\nid = "demo.setup.t"\ntitle = "t"\nsection = "setup"\nquote = "q"\n' \
           'columns = ["a", "b"]\nrows = [[1, 2], [3]]\n'
    with pytest.raises(CatalogError, match="row 2 has 1 cells"):
        load_catalog_file(write(tmp_path, rule() + body))


def test_invalid_ambiguity_default(tmp_path: Path) -> None:
    body = rule() + '[[ambiguities]]\nid = "demo.ambiguity.x"\ntitle = "t"\nkind = "gap"\n' \
        'rules = ["demo.setup.one"]\nquestion = "?"\nreadings = [{id = "a", text = "A"}, {id = "b", text = "B"}]\n' \
        'default = "c"\n'
    with pytest.raises(CatalogError, match="default reading 'c'"):
        load_catalog_file(write(tmp_path, body))


def test_invalid_toml_names_line(tmp_path: Path) -> None:
    with pytest.raises(CatalogError) as err:
        load_catalog_file(write(tmp_path, "[[rules]\n"))
    assert err.value.line == 9


def test_invalid_section_headings(tmp_path: Path) -> None:
    body = GOOD_HEAD.replace('title = "Setup"\n', 'title = "Setup"\nheadings = ["Board", 3]\n')
    path = tmp_path / "demo.toml"
    path.write_text(body + rule(), encoding="utf-8")
    with pytest.raises(CatalogError, match="'headings' must be a list"):
        load_catalog_file(path)


def test_a_sub_heading_not_in_the_rulebook_is_a_toc_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    from tombspec.spec import lint

    cat = load_catalog("secrets")
    raw = lint.raw_rulebook(cat.rulebook)
    if raw is None:
        pytest.skip(f"rulebook {cat.rulebook} not found; sub-headings not checked")
    section = next(s for s in cat.sections if s.headings)
    moved = attrs.evolve(section, headings=(*section.headings, "Anatomy of a Crypt Tile"))
    cat = attrs.evolve(cat, sections=tuple(moved if s is section else s for s in cat.sections))
    assert any("Anatomy of a Crypt Tile" in p for p in lint.toc_problems(cat))


def test_invalid_unknown_field(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="unknown field"):
        load_catalog_file(write(tmp_path, rule(colour="red")))
