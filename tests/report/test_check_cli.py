"""``tombspec check``'s filters, ``--json`` and ``--html`` through the command line (the check itself
replaced by a small result, so that the test runs in a second)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from tombspec.checks import cli
from tombspec.checks.findings import Finding
from tombspec.checks.report import CheckResult
from tombspec.checks.report.editor import editor_findings
from tombspec.spec import load_catalog


@pytest.fixture()
def fake_check(monkeypatch: pytest.MonkeyPatch) -> None:
    cat = load_catalog("raiders")
    amb = cat.ambiguities[0]
    findings = [
        Finding(amb.id, "raiders", amb.kind, amb.rules, amb.title, source="catalog", reading=amb.default),
        Finding("raiders.test.error", "raiders", "table", (cat.rules[0].id,), "a broken table"),
        Finding("raiders.test.note", "raiders", "derived-fact", (cat.rules[1].id,), "a derived fact"),
    ]

    def run_check(games, **_):  # type: ignore[no-untyped-def]
        result = CheckResult(games=list(games), findings=findings)
        result.entries = editor_findings(findings, {"raiders": cat})
        return result

    monkeypatch.setattr("tombspec.checks.report.run_check", run_check)
    # with a filter, check answers from the findings alone (no proofs, no explorations): the same ones
    monkeypatch.setattr("tombspec.checks.report.errata.findings_only",
                        lambda games: ({"raiders": cat}, editor_findings(findings, {"raiders": cat})))


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli.main, ["check", "--game", "raiders", *args])
    return result.exit_code, result.output


def test_severity_filter_lists_only_errors(fake_check: None) -> None:
    code, out = invoke("--severity", "error")
    assert code == 0
    assert "raiders.test.error" in out and "raiders.test.note" not in out and "Errors (1)" in out
    assert "2 filtered out" in out


def test_json_filters_and_fields(fake_check: None) -> None:
    code, out = invoke("--json", "--source", "catalog")
    data = orjson.loads(out)
    assert code == 0 and [f["source"] for f in data["findings"]] == ["catalog"]
    assert data["findings"][0]["quotes"] and data["findings"][0]["readings"]
    code, out = invoke("--json", "--kind", "derived-fact", "--rule", "raiders.")
    assert [f["id"] for f in orjson.loads(out)["findings"]] == ["raiders.test.note"]


def test_html_file_is_written(fake_check: None, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    code, _ = invoke("--html", str(page))
    assert code == 0
    text = page.read_text(encoding="utf-8")
    assert "id='raiders.test.error'" in text and text.startswith("<!DOCTYPE html>")


def test_bad_arguments_exit_2(fake_check: None, tmp_path: Path) -> None:
    code, out = invoke("--severity", "grave")
    assert code == 2 and "grave" in out
    code, out = invoke("--html", str(tmp_path / "no-such-dir" / "r.html"))
    assert code == 2 and "cannot write the HTML report" in out


def test_unfiltered_check_prints_one_screen_and_full_prints_every_finding(fake_check: None) -> None:
    """`make check` in a terminal (issue 30): the summary, the errors a line each and where the rest is; the
    findings in full only with --full."""
    code, out = invoke()
    assert code == 0
    assert "Errors in the rulebooks (1)" in out and "a broken table" in out
    assert "the rest: tombspec errata GAME" in out and "--full" in out
    assert "a derived fact" not in out, "a note is printed in full without --full"
    assert len(out.splitlines()) <= 24 + 1, out          # one screen, with the one error
    code, full = invoke("--full")
    assert code == 0 and "a derived fact" in full and len(full.splitlines()) > len(out.splitlines())
