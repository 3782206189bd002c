"""The rules editor's report: severities, one finding per fact, the rulebook's words beside every
finding, the filters, the terminal and HTML renderings, and the catalog fields that feed them
(``severity``, ``answered``, ``found_by``)."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tombspec.checks.findings import SEVERITIES, Finding, run_detectors
from tombspec.checks.games import catalog_findings
from tombspec.checks.report import CheckResult
from tombspec.checks.report.editor import counts, editor_findings, select
from tombspec.spec import CatalogError, load_all, rulebook_text
from tombspec.spec.catalog import load_catalog_file
from tombspec.spec.rulebooks import quote_line, rulebooks_dir

HEAD = '''format = 1
[game]
id = "demo"
title = "Demo"
rulebook = "demo-absent.txt"
[[sections]]
id = "setup"
title = "Setup"
[[rules]]
id = "demo.setup.one"
title = "One"
section = "setup"
kind = "setup"
quote = "Each player takes one die."
[[rules]]
id = "demo.setup.two"
title = "Two"
section = "setup"
kind = "setup"
quote = "Each player takes two cards."
'''

AMBIGUITY = '''[[ambiguities]]
id = "demo.ambiguity.dice"
title = "How many dice"
kind = "ambiguity"
rules = ["demo.setup.one", "demo.setup.two"]
question = "One die or two?"
readings = [ { id = "one", text = "One die." }, { id = "two", text = "Two dice." } ]
default = "one"
'''


def demo(tmp_path: Path, extra: str = "") -> object:
    path = tmp_path / "demo.toml"
    path.write_text(HEAD + AMBIGUITY + extra, encoding="utf-8")
    return load_catalog_file(path)


def recorded(cat: object) -> list[Finding]:
    return [f for f in run_detectors({"demo": cat}) if f.source == "catalog"]  # type: ignore[dict-item]


# Severities ------------------------------------------------------------------------------------------

def test_severity_follows_the_kind_unless_set() -> None:
    assert Finding("g.x.a", "g", "example-mismatch", (), "s").severity == "error"
    assert Finding("g.x.b", "g", "summary-drift", (), "s").severity == "contradiction"
    assert Finding("g.x.c", "g", "gap", (), "s").severity == "open-question"
    assert Finding("g.x.d", "g", "derived-fact", (), "s").severity == "note"
    assert Finding("g.x.e", "g", "gap", (), "s", severity="error").severity == "error"
    with pytest.raises(ValueError, match="severity 'grave'"):
        Finding("g.x.f", "g", "gap", (), "s", severity="grave")


def test_catalog_severity_answered_and_found_by_are_read(tmp_path: Path) -> None:
    cat = demo(tmp_path, "").__class__  # noqa: F841  (the plain demo loads)
    path = tmp_path / "demo.toml"
    path.write_text(HEAD + AMBIGUITY.replace('default = "one"\n', 'default = "one"\nseverity = "note"\n'
                                             'found_by = ["demo.detector.dice"]\n'
                                             'answered = { quote = "Each player takes one die.", reading = "one" }\n'
                                             'correction = """Each player takes one die."""\ngroup = "dice"\n'),
                    encoding="utf-8")
    amb = load_catalog_file(path).ambiguity("demo.ambiguity.dice")
    assert amb.severity == "note" and amb.found_by == ("demo.detector.dice",)
    assert (amb.correction, amb.group) == ("Each player takes one die.", "dice")
    assert amb.answered is not None and amb.answered.reading == "one"
    # An answered quote is a quote the catalog claims is in the rulebook: the catalog test checks it.
    assert ("demo.ambiguity.dice:answered", "Each player takes one die.") in list(load_catalog_file(path).quoted())


@pytest.mark.parametrize("extra, problem", [
    ('severity = "grave"\n', "severity 'grave' is not one of"),
    ('answered = { quote = "Each player takes one die.", reading = "three" }\n', "answered reading 'three'"),
    ('answered = { reading = "one" }\n', "'answered' needs a non-empty 'quote'"),
    ('answered = { quote = "Each player takes one die.", reading = "two" }\n', "but the default (the model's reading) is 'one'"),
    ('found_by = ["other.detector.x"]\n', "not a finding id of this game"),
    ('severity = "error"\nanswered = { quote = "Each player takes one die.", reading = "one" }\n',
     "answered by the rulebook, so it cannot be an error"),
    ('severity = "contradiction"\nanswered = { quote = "Each player takes one die.", reading = "one" }\n',
     "cannot be a contradiction"),
    ('correction = "  "\n', "'correction' is empty"),
    ('group = "Two Words"\n', "group 'Two Words' is not lower case"),
    ('at = "demo.setup.three"\n', "'at' names 'demo.setup.three', which is not one of its 'rules'"),
    ('severity = "error"\n', "an error citing 2 rules must name the passage at fault in 'at'"),
])
def test_bad_new_fields_name_file_line_and_problem(tmp_path: Path, extra: str, problem: str) -> None:
    path = tmp_path / "demo.toml"
    path.write_text(HEAD + AMBIGUITY.replace('default = "one"\n', 'default = "one"\n' + extra), encoding="utf-8")
    with pytest.raises(CatalogError) as err:
        load_catalog_file(path)
    assert problem in str(err.value) and str(path) in str(err.value)
    assert err.value.line == HEAD.count("\n") + 2   # the ambiguity's id line


def test_a_contradiction_names_the_passage_at_fault(tmp_path: Path) -> None:
    """A recorded contradiction (or error) citing several rules says which passage is at fault ('at': the one
    its correction replaces), so the errata can place it there; an open question defaults to the first rule."""
    contradiction = AMBIGUITY.replace('kind = "ambiguity"', 'kind = "contradiction"')
    path = tmp_path / "demo.toml"
    path.write_text(HEAD + contradiction, encoding="utf-8")
    with pytest.raises(CatalogError, match="a contradiction citing 2 rules must name the passage at fault"):
        load_catalog_file(path)
    path.write_text(HEAD + contradiction.replace('default = "one"\n', 'default = "one"\nat = "demo.setup.two"\n'),
                    encoding="utf-8")
    cat = load_catalog_file(path)
    assert cat.ambiguity("demo.ambiguity.dice").at_fault == "demo.setup.two"
    [entry] = editor_findings(recorded(cat), {"demo": cat})
    assert entry.at == "demo.setup.two"
    assert demo(tmp_path).ambiguity("demo.ambiguity.dice").at_fault == "demo.setup.one"   # type: ignore[attr-defined]
    # a question answered by the text is a note: it needs no passage at fault
    path.write_text(HEAD + contradiction.replace('default = "one"\n', 'default = "one"\n'
                    'answered = { quote = "Each player takes one die.", reading = "one" }\n'), encoding="utf-8")
    assert load_catalog_file(path).ambiguity("demo.ambiguity.dice").effective_severity == "note"


def test_answered_ambiguity_is_a_note_with_its_answer(tmp_path: Path) -> None:
    path = tmp_path / "demo.toml"
    path.write_text(HEAD + AMBIGUITY.replace('default = "one"\n', 'default = "one"\n'
                    'answered = { quote = "Each player takes one die.", reading = "one" }\n'), encoding="utf-8")
    cat = load_catalog_file(path)
    [entry] = editor_findings(recorded(cat), {"demo": cat})
    assert entry.severity == "note"
    assert entry.answered is not None and entry.answered["reading"] == "one"


# One finding per fact -----------------------------------------------------------------------------------

def test_a_detector_finding_restating_a_recorded_one_is_its_evidence(tmp_path: Path) -> None:
    path = tmp_path / "demo.toml"
    path.write_text(HEAD + AMBIGUITY.replace('default = "one"\n', 'default = "one"\n'
                    'found_by = ["demo.detector.dice"]\n'), encoding="utf-8")
    cat = load_catalog_file(path)
    machine = Finding("demo.detector.dice", "demo", "example-mismatch", ("demo.setup.one",), "the example adds up wrong",
                      {"got": 1, "want": 2})
    entries = editor_findings([*recorded(cat), machine], {"demo": cat})
    assert [e.id for e in entries] == ["demo.ambiguity.dice"]
    [entry] = entries
    assert entry.evidence[0]["finding"] == "demo.detector.dice" and entry.evidence[0]["data"] == {"got": 1, "want": 2}
    assert entry.severity == "error"            # the graver of the two
    assert entry.sources == ["catalog", "detector"]


def test_a_grade_set_in_the_catalog_is_not_raised_by_its_detector(tmp_path: Path) -> None:
    path = tmp_path / "demo.toml"
    path.write_text(HEAD + AMBIGUITY.replace('default = "one"\n', 'default = "one"\n'
                    'severity = "open-question"\nfound_by = ["demo.detector.dice"]\n'), encoding="utf-8")
    cat = load_catalog_file(path)
    machine = Finding("demo.detector.dice", "demo", "summary-drift", ("demo.setup.one",), "printed twice, differently")
    [entry] = editor_findings([*recorded(cat), machine], {"demo": cat})
    assert machine.severity == "contradiction"
    assert entry.severity == "open-question"    # the reader's grade, with the passages open, stands
    assert entry.evidence[0]["finding"] == "demo.detector.dice"


def test_several_detectors_on_one_fact_are_one_finding(tmp_path: Path) -> None:
    cat = demo(tmp_path)
    a = Finding("demo.one.x", "demo", "summary-drift", ("demo.setup.one", "demo.setup.two"), "drift by numbers")
    b = Finding("demo.two.x", "demo", "summary-drift", ("demo.setup.two", "demo.setup.one"), "drift by order")
    c = Finding("demo.three.x", "demo", "summary-drift", ("demo.setup.one",), "another fact")
    entries = [e for e in editor_findings([a, b, c], {"demo": cat}) if e.source == "detector"]
    assert [e.id for e in entries] == ["demo.one.x", "demo.three.x"]
    assert entries[0].detectors == ["demo.one.x", "demo.two.x"]


def test_one_detector_on_two_subjects_of_one_passage_is_two_findings(tmp_path: Path) -> None:
    """Two components no rule names, both found in the one contents list, are two open questions (the
    second was hidden as the first one's evidence before)."""
    cat = demo(tmp_path)
    a = Finding("demo.setup.one.unused-poster", "demo", "gap", ("demo.setup.one",), "the poster is never used")
    b = Finding("demo.setup.one.unused-token", "demo", "gap", ("demo.setup.one",), "the token is never used")
    entries = [e for e in editor_findings([a, b], {"demo": cat}) if e.source == "detector"]
    assert [e.id for e in entries] == ["demo.setup.one.unused-poster", "demo.setup.one.unused-token"]


def test_unlinked_findings_stay_and_errors_come_first(tmp_path: Path) -> None:
    cat = demo(tmp_path)
    note = Finding("demo.d.note", "demo", "derived-fact", ("demo.setup.two",), "a derived fact")
    error = Finding("demo.d.err", "demo", "table", ("demo.setup.one",), "a broken table")
    entries = editor_findings([note, *recorded(cat), error], {"demo": cat})
    assert [e.severity for e in entries] == ["error", "open-question", "note"]
    assert counts(entries) == {"demo": {"error": 1, "contradiction": 0, "open-question": 1, "note": 1}}


# The rulebook's words -------------------------------------------------------------------------------

def test_every_entry_quotes_its_rules_with_section(tmp_path: Path) -> None:
    cat = demo(tmp_path)
    [entry] = editor_findings(recorded(cat), {"demo": cat})
    assert [(q["rule"], q["section_title"], q["quote"]) for q in entry.quotes] == [
        ("demo.setup.one", "Setup", "Each player takes one die."), ("demo.setup.two", "Setup", "Each player takes two cards.")]
    assert all(q["line"] is None for q in entry.quotes)       # the rulebook is absent
    assert [(r["id"], r["default"]) for r in entry.readings] == [("one", True), ("two", False)]


def test_quote_line_points_at_the_rulebook_line() -> None:
    if rulebooks_dir() is None:
        pytest.skip("rulebooks absent")
    cats = load_all()
    cat = cats["tomb"]
    for rule in cat.rules[::40]:
        line = quote_line(cat.rulebook, rule.quote)
        assert line is not None
        raw = (rulebooks_dir() / cat.rulebook).read_text(encoding="utf-8").splitlines()  # type: ignore[operator]
        first_words = " ".join(rule.quote.split()[:3])
        assert first_words in " ".join(raw[line - 1:line + 1]), rule.id
    assert quote_line(cat.rulebook, "no such words in any rulebook at all") is None


def test_real_report_quotes_every_finding_and_states_no_fact_twice() -> None:
    cats = load_all()
    raw = run_detectors(cats) + [f for c in cats.values() for f in catalog_findings(c)]
    entries = editor_findings(raw, cats)
    ids_all = {e.id for e in entries}
    assert len(entries) < len(raw)                                     # linked findings are not listed again
    # a rule, table or component is quoted; another recorded question is a cross-reference to it
    assert all(e.quotes and all(q["quote"] or (q.get("see") and q["rule"] in ids_all) for q in e.quotes)
               for e in entries if e.rules)
    shown = [ev["finding"] for e in entries for ev in e.evidence] + [e.id for e in entries if e.source == "catalog"]
    assert len(shown) == len(set(shown))
    ids = {e.id for e in entries}
    # every found_by link of the catalogs points at a finding that is folded into its entry
    for cat in cats.values():
        for amb in cat.ambiguities:
            assert not set(amb.found_by) & ids, amb.id
    if rulebook_text(cats["tomb"].rulebook) is not None:
        assert all(q["line"] for e in entries for q in e.quotes if q["quote"])


# Filters and renderings -------------------------------------------------------------------------------

@pytest.fixture()
def result(tmp_path: Path) -> CheckResult:
    cat = demo(tmp_path)
    error = Finding("demo.d.err", "demo", "table", ("demo.setup.one",), "a broken table", [{"row": 1, "cells": "a"}])
    note = Finding("demo.d.note", "demo", "derived-fact", ("demo.setup.two",), "a derived fact")
    res = CheckResult(games=["demo"], findings=[*recorded(cat), error, note])
    res.entries = editor_findings(res.findings, {"demo": cat})
    return res


def test_filters(result: CheckResult) -> None:
    assert [e.id for e in result.select(severity=["error"])] == ["demo.d.err"]
    assert [e.id for e in result.select(source=["catalog"])] == ["demo.ambiguity.dice"]
    assert [e.id for e in result.select(kind=["derived-fact"])] == ["demo.d.note"]
    assert {e.id for e in result.select(rule=["demo.setup.one"])} == {"demo.d.err", "demo.ambiguity.dice"}
    assert {e.id for e in result.select(rule=["demo.setup."])} == {e.id for e in result.entries}
    assert select(result.entries, severity=["contradiction"]) == []


def test_terminal_report_leads_with_the_summary_and_wraps(result: CheckResult) -> None:
    from rich.console import Console

    out = io.StringIO()
    result.print(console=Console(file=out, width=60, highlight=False, color_system=None))
    text = out.getvalue()
    assert max(map(len, text.splitlines())) <= 60
    assert text.index("errors") < text.index("Errors (1)") < text.index("Open questions (1)") < text.index("Notes (1)")
    assert "\u201cEach player takes one die.\u201d" in text and "section \u201cSetup\u201d" in text
    assert "* one: One die." in text


def test_json_carries_the_same_fields(result: CheckResult) -> None:
    data = result.to_json(result.select(severity=["open-question"]))
    [f] = data["findings"]
    assert f["severity"] == "open-question" and f["quotes"][0]["quote"] == "Each player takes one die."
    assert f["readings"][0]["default"] is True
    assert data["totals"]["findings_by_severity"] == {"error": 1, "contradiction": 0, "open-question": 1, "note": 1}
    assert data["summary"][0]["error"] == 1


class _Anchors(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.external: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(a["id"] or "")
        for key in ("src", "href"):
            if a.get(key) and not (a[key] or "").startswith("#"):
                self.external.append(a[key] or "")


def test_html_is_one_self_contained_page_with_an_anchor_per_finding(result: CheckResult) -> None:
    page = result.html()
    parser = _Anchors()
    parser.feed(page)
    assert {"demo.d.err", "demo.d.note", "demo.ambiguity.dice"} <= set(parser.ids)
    assert parser.external == []                                    # nothing fetched from elsewhere
    assert "<table>" in page and "<pre>" not in page                # evidence as a table, not raw JSON
    assert page.index("id='error'") < page.index("id='open-question'") < page.index("id='note'")
    assert "&lt;" not in re.sub(r"<[^>]+>", "", "<b>x</b>")         # (sanity of the check itself)


def test_severities_are_the_catalogs() -> None:
    from tombspec.spec.catalog import SEVERITIES as CATALOG_SEVERITIES
    assert CATALOG_SEVERITIES == SEVERITIES


def test_every_found_by_link_names_a_finding_that_is_found() -> None:
    from tombspec.checks.games import model_findings

    cats = load_all()
    found = {f.id for f in run_detectors(cats)} | {f.id for c in cats.values() for f in catalog_findings(c)}
    linked = {fid: amb.id for c in cats.values() for amb in c.ambiguities for fid in amb.found_by}
    missing = set(linked) - found
    if any(i.startswith("raiders.") for i in missing):      # the Raiders links name model findings
        found |= {f.id for f in model_findings(cats["raiders"])}
    missing = set(linked) - found
    # The naming detector reads the rulebook's own lines; without them it reads only the quotes, where
    # a spelling outside every quote (Secrets' 'Quatuormanus') cannot be found.
    from_text = {i for i in missing if ".naming." in i}
    assert sorted(missing - from_text) == []
    if from_text and rulebooks_dir() is None:
        pytest.skip(f"rulebooks absent: {len(from_text)} link(s) name naming findings read from the "
                    f"rulebook text ({', '.join(sorted(from_text))}); the rest are found")
    assert sorted(from_text) == []
