"""The catalog lint for quotes cut inside a sentence or starting with a sub-heading, and the marker for
a deliberate excerpt: the real catalogs are clean, and the lint fires on each kind of cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from tombspec.spec import catalog_games, load_catalog, rulebook_text
from tombspec.spec.catalog import load_catalog_file
from tombspec.spec.lint import sentence_problems

BOOK = """Setup

Each player takes one die. Then each player takes two cards, and the first player takes the coin.

Fleeing the Tomb
When your Courage reaches zero, you flee.
"""

HEAD = '''format = 1
[game]
id = "demo"
title = "Demo"
rulebook = "{book}"
[[sections]]
id = "setup"
title = "Setup"
'''


def rule(n: int, quote: str, excerpt: bool = False) -> str:
    return (f'[[rules]]\nid = "demo.setup.r{n}"\ntitle = "t"\nsection = "setup"\nkind = "setup"\n'
            f"quote = '''{quote}'''\n" + ("excerpt = true\n" if excerpt else ""))


@pytest.fixture()
def lint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    book = f"lint-demo-{tmp_path.name}.txt"
    (tmp_path / book).write_text(BOOK, encoding="utf-8")
    monkeypatch.setenv("TOMBSPEC_RULEBOOKS", str(tmp_path))

    def run(*rules: str) -> list[str]:
        path = tmp_path / "demo.toml"
        path.write_text(HEAD.format(book=book) + "".join(rules), encoding="utf-8")
        return sentence_problems(load_catalog_file(path))

    return run


def test_whole_sentences_pass(lint) -> None:  # type: ignore[no-untyped-def]
    assert lint(rule(1, "Each player takes one die."),
                rule(2, "Then each player takes two cards, and the first player takes the coin."),
                rule(3, "When your Courage reaches zero, you flee.")) == []


def test_cuts_and_sub_headings_are_flagged(lint) -> None:  # type: ignore[no-untyped-def]
    problems = lint(rule(1, "Then each player takes two cards,"),
                    rule(2, "and the first player takes the coin."),
                    rule(3, "Fleeing the Tomb When your Courage reaches zero, you flee."))
    assert [p.split(": ", 1)[0] for p in problems] == ["demo.setup.r1", "demo.setup.r2", "demo.setup.r3"]
    assert "ends inside a sentence" in problems[0]
    assert "starts inside a sentence" in problems[1]
    assert "begins with the sub-heading 'Fleeing the Tomb'" in problems[2]


def test_a_marked_excerpt_is_not_flagged(lint) -> None:  # type: ignore[no-untyped-def]
    assert lint(rule(1, "Then each player takes two cards,", excerpt=True)) == []


def test_excerpt_must_be_true_or_false(tmp_path: Path) -> None:
    from tombspec.spec import CatalogError

    path = tmp_path / "demo.toml"
    path.write_text(HEAD.format(book="x.txt") + rule(1, "q").replace("excerpt", "x") + 'excerpt = "yes"\n',
                    encoding="utf-8")
    with pytest.raises(CatalogError, match="field 'excerpt' must be true or false"):
        load_catalog_file(path)


@pytest.mark.parametrize("game", catalog_games())
def test_catalog_quotes_are_whole_sentences_or_marked_excerpts(game: str) -> None:
    cat = load_catalog(game)
    if rulebook_text(cat.rulebook) is None:
        pytest.skip("rulebook absent")
    assert sentence_problems(cat) == []
