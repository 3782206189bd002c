"""``tombspec errata GAME``: the rules editor's document (issue 30): in the rulebook's order, an index
that fits on two screens, the passages and the proposed correction of each error and contradiction,
the open questions by section; no model vocabulary; no proof or exploration needed."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from tombspec.checks import proofs
from tombspec.checks.cli import main
from tombspec.checks.explore import games as explore_games
from tombspec.checks.report.errata import build, to_html, to_markdown

GAMES = ["raiders", "secrets", "tomb", "cryptmaster", "egypt"]
MODEL_WORDS = re.compile(r"\bmodels?\b|model's|\(the [a-z]+ default\)|option [a-z]+_[a-z_]+|effect kind|\.py\b|\.toml\b"
                         r"|\b[a-z]+\.ambiguity\.[a-z0-9-]+|\bparameters?\b"
                         r"|\b(?:phase|outcome|effects?)\s+[a-z]+-[a-z-]+", re.I)


@pytest.fixture(autouse=True)
def nothing_proved_or_explored(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise AssertionError("the errata ran a proof or an exploration")

    monkeypatch.setattr(proofs, "prove_game", refuse)
    monkeypatch.setattr(explore_games, "_play_one", refuse)


@pytest.mark.parametrize("game", GAMES)
def test_the_errata_is_in_the_rulebooks_order(game: str) -> None:
    data = build(game)
    assert data["counts"]["open-question"] > 0
    from tombspec.spec import load_catalog

    titles = [s.title for s in load_catalog(game).sections]
    ranks = [item["section_index"] for item in data["index"]]
    assert ranks == sorted(ranks), "the index follows the rulebook's sections"
    assert all(item["section"] == titles[item["section_index"]] for item in data["index"]
               if item["section_index"] < len(titles))
    text = to_markdown(data)
    assert "(the model's default)" not in text and "answered by the rulebook" not in text
    # every error and contradiction of the index is printed with its passages
    printed = {f["id"] for block in data["rewrites"] for f in block["findings"]}
    assert printed == {i["id"] for i in data["index"] if i["severity"] in ("error", "contradiction")}
    assert all(f["passages"] for block in data["rewrites"] for f in block["findings"])
    # ... and with the correction its catalog entry proposes (issue 30: every error and contradiction)
    assert data["missing_corrections"] == [], f"errors or contradictions with no proposed correction in {game}"
    assert all(block["corrections"] for block in data["rewrites"]) and "none recorded yet" not in text


@pytest.mark.parametrize("game", GAMES)
def test_no_model_vocabulary(game: str) -> None:
    """The errata is for a rules editor: no model, defaults, options, effect kinds, code paths or catalog ids
    (issue 30), in the Markdown and in the HTML."""
    class Text(HTMLParser):
        seen: list[str] = []

        def handle_data(self, data: str) -> None:
            self.seen.append(data)

    page = Text()
    page.seen = []
    data = build(game)
    page.feed(to_html(data))   # what a reader sees (anchors are the findings' ids, not shown)
    for name, text in (("markdown", to_markdown(data)), ("html", " ".join(page.seen))):
        hits = sorted({m.group(0) for m in MODEL_WORDS.finditer(text)})
        assert not hits, f"the {game} errata ({name}) speaks the model's language: {hits}"


@pytest.mark.parametrize("game", GAMES)
def test_a_finding_sits_at_the_passage_at_fault(game: str) -> None:
    """The index places a finding at the line of the passage at fault (the catalog's 'at': the passage its
    correction replaces; else the first rule it cites), not at the earliest line it cites, and runs in the
    rulebook's order by it; every error and contradiction citing several passages names that passage."""
    from tombspec.spec import load_catalog
    from tombspec.spec.rulebooks import quote_line, rulebooks_dir

    cat = load_catalog(game)
    data = build(game)
    keys = [(i["section_index"], i["line"] or 10**8) for i in data["index"]]
    assert keys == sorted(keys), "the index runs in the rulebook's order by the passage at fault"
    for item in data["index"]:
        rules = cat.ambiguity(item["id"]).rules if item["id"] in cat else ()
        if item["severity"] in ("error", "contradiction"):
            assert item["id"] in cat and (cat.ambiguity(item["id"]).at or len(rules) == 1), \
                f"{item['id']}: an error or contradiction names its passage at fault ('at')"
        assert item["at"] in (rules or (item["at"],))
        if rulebooks_dir() is not None and item["at"] in cat:
            assert item["line"] == quote_line(cat.rulebook, cat.get(item["at"]).quote), item["id"]


def test_cleanup_scope_sits_at_cleanup_not_at_the_inn() -> None:
    """Cryptmaster's Cleanup error cites the Inn (line 139) too, but the faulty passage is Cleanup (line 339):
    the editor following the index lands on it (precision pass 6's example)."""
    from tombspec.spec.rulebooks import rulebooks_dir

    if rulebooks_dir() is None:
        pytest.skip("rulebooks absent: no line numbers")
    data = build("cryptmaster")
    [item] = [i for i in data["index"] if i["id"] == "cryptmaster.ambiguity.cleanup-scope"]
    assert (item["section"], item["line"]) == ("End of Turn", 339)
    [block] = [b for b in data["rewrites"] if b["findings"][0]["id"] == item["id"]]
    assert block["findings"][0]["line"] == 339
    assert any(p["line"] == 139 for p in block["findings"][0]["passages"])   # still quoted, not the anchor
    assert "(End of Turn, line 339)" in to_markdown(data)


def test_what_the_text_answers_is_not_printed() -> None:
    """An entry whose note says the text answers it is graded a note (by 'answered', or by 'severity' when the
    text answers with another reading than the model's default), so the errata does not print it as an open
    question (precision pass 6 found three Egypt ones printed); and the two errors the reader graded as notes
    (an editorial repeat, a loose 'some') are notes, with the reason in the entry."""
    from tombspec.spec import load_all

    cats = load_all()
    said = [(g, a) for g, c in cats.items() for a in c.ambiguities
            if re.search(r"\bthe text answers it\b", a.note, re.I)]
    assert len(said) >= 3
    wrong = [a.id for g, a in said if a.effective_severity != "note"]
    assert not wrong, f"the note says the text answers it, yet graded otherwise: {wrong}"
    for aid in ("secrets.ambiguity.cvc-as-normal-twice", "secrets.ambiguity.cards-double-sided"):
        amb = cats["secrets"].ambiguity(aid)
        assert amb.effective_severity == "note" and "Regraded (issue 30, precision pass 6): a note" in amb.note
    shown = {i["id"] for g in ("secrets", "egypt") for i in build(g)["index"]}
    assert not shown & {"secrets.ambiguity.cvc-as-normal-twice", "secrets.ambiguity.cards-double-sided",
                        "egypt.ambiguity.weapon-types", "egypt.ambiguity.spirit-seat", "egypt.ambiguity.crystal-any-time"}


def test_the_secrets_index_fits_on_two_screens() -> None:
    """`tombspec errata secrets` opens with its index, and the document up to the index's end fits on two
    screens of 50 rows at 80 columns (a long line takes as many rows as it wraps to)."""
    import textwrap

    text = to_markdown(build("secrets"))
    head = text.split("\n## Errors and contradictions", 1)[0]
    assert "## Index" in head and len(head) < len(text)
    rows = sum(max(1, len(textwrap.wrap(line, 80))) for line in head.splitlines())
    assert rows <= 2 * 50, f"the secrets index takes {rows} rows at 80 columns"


def test_a_group_is_one_rewrite_with_its_correction(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tombspec.checks.report import errata
    from tombspec.checks.report.editor import Entry

    q = {"rule": "demo.a.b", "section": "setup", "section_title": "Setup", "line": 3, "quote": "Roll two dice."}
    mk = lambda i, sev, group, fix: Entry(i, "demo", sev, "contradiction", "catalog", f"title {i}", "s", ["demo.a.b"],  # noqa: E731
                                           [q], question=f"question {i}", correction=fix, group=group)
    entries = [mk("demo.x.one", "contradiction", "dice", "Roll three dice."),
               mk("demo.x.two", "error", "dice", "Roll three dice."), mk("demo.x.three", "contradiction", "", "")]

    class Cat:
        title, rulebook = "Demo", "demo.txt"
        sections = [type("S", (), {"id": "setup", "title": "Setup"})()]

    data = errata.build("demo", {"demo": Cat()}, entries)   # type: ignore[dict-item]
    assert [len(b["findings"]) for b in data["rewrites"]] == [2, 1]
    assert data["rewrites"][0]["corrections"] == ["Roll three dice."]
    assert data["missing_corrections"] == ["demo.x.three"]
    heading = next(line for line in to_markdown(data).splitlines() if line.startswith("### One rewrite"))
    assert "title demo.x.one" in heading and "title demo.x.two" in heading


def test_the_cli_gives_markdown_json_and_html(tmp_path: Path) -> None:
    runner = CliRunner()
    md = runner.invoke(main, ["errata", "raiders"])
    assert md.exit_code == 0 and md.stdout.startswith("# Errata: Raiders of the Lost Tomb")
    js = runner.invoke(main, ["errata", "raiders", "--json", "--html", str(tmp_path / "e.html")])
    data = orjson.loads(js.stdout)
    assert data["game"] == "raiders" and data["index"] and set(data["counts"]) == {"error", "contradiction",
                                                                                   "open-question"}
    page = (tmp_path / "e.html").read_text()

    class Anchors(HTMLParser):
        ids: set[str] = set()
        hrefs: set[str] = set()

        def handle_starttag(self, tag: str, attrs: list) -> None:  # noqa: ANN001
            d = dict(attrs)
            if "id" in d:
                self.ids.add(d["id"])
            if tag == "a" and d.get("href", "").startswith("#"):
                self.hrefs.add(d["href"][1:])

    parser = Anchors()
    parser.feed(page)
    assert parser.hrefs and parser.hrefs <= parser.ids, "every index link lands on its finding"
    assert runner.invoke(main, ["errata", "chess"]).exit_code == 2


@pytest.mark.parametrize("game", GAMES)
def test_the_cli_json_and_html_hold_every_finding(game: str, tmp_path: Path) -> None:
    """`errata GAME --json` is the document as data and `--html FILE` the same document as one page: every
    finding of the index, each error and contradiction with its correction, each open question with its
    readings, for every game."""
    result = CliRunner().invoke(main, ["errata", game, "--json", "--html", str(tmp_path / "e.html")])
    assert result.exit_code == 0, result.output
    data = orjson.loads(result.stdout)
    assert data["game"] == game and data["index"]
    assert sum(data["counts"].values()) == len(data["index"])
    shown = [f for block in data["rewrites"] for f in block["findings"]]
    asked = [q for group in data["open_questions"] for q in group["questions"]]
    assert len(shown) == data["counts"]["error"] + data["counts"]["contradiction"]
    assert len(asked) == data["counts"]["open-question"] and all(len(q["readings"]) >= 2 for q in asked)

    class Page(HTMLParser):
        ids: set[str] = set()
        fixes = 0
        text: list[str] = []

        def handle_starttag(self, tag: str, attrs: list) -> None:  # noqa: ANN001
            d = dict(attrs)
            self.ids.add(d.get("id", ""))
            self.fixes += d.get("class") == "fix"

        def handle_data(self, data: str) -> None:
            self.text.append(data)

    page = Page()
    page.ids, page.text = set(), []
    page.feed((tmp_path / "e.html").read_text(encoding="utf-8"))
    assert {i["id"] for i in data["index"] if i["severity"] != "open-question"} <= page.ids
    assert {q["id"] for q in asked} <= page.ids
    assert page.fixes == len(data["rewrites"]), "one proposed correction per rewrite"
    words = " ".join(" ".join(page.text).split())
    for block in data["rewrites"]:
        for fix in block["corrections"]:
            assert " ".join(fix.split()) in words
    assert "none recorded yet" not in words


def test_check_with_a_filter_answers_from_the_findings_alone() -> None:
    result = CliRunner().invoke(main, ["check", "--severity", "error", "--json"])
    data = orjson.loads(result.stdout)
    assert result.exit_code == 0 and data["findings_only"] and data["findings"]
    assert {f["severity"] for f in data["findings"]} == {"error"}


@pytest.mark.parametrize("game", GAMES)
def test_the_errata_is_the_same_without_the_rulebook_text(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A user's clone has no rulebooks: the same findings at the same severities, each with its
    correction where it has one (only the line numbers need the text)."""
    from tombspec.spec import rulebooks

    def forget() -> None:
        for name in dir(rulebooks):
            clear = getattr(getattr(rulebooks, name), "cache_clear", None)
            if clear is not None:
                clear()

    if rulebooks.rulebooks_dir() is None:
        pytest.skip("rulebooks absent: nothing to compare the errata without them against")

    def findings(data: dict) -> set[tuple[str, str, bool]]:
        missing = {str(m) for m in data["missing_corrections"]}
        return {(i["id"], i["severity"], i["id"] in missing) for i in data["index"]}

    with_text = build(game)
    monkeypatch.setenv("TOMBSPEC_RULEBOOKS", "/nonexistent")
    forget()
    try:
        assert rulebooks.rulebooks_dir() is None
        without = build(game)
    finally:
        monkeypatch.undo()
        forget()
    assert findings(without) == findings(with_text)
    assert without["counts"] == with_text["counts"]
