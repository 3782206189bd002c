"""The documentation site (``docs/``): it builds with warnings as errors and nitpicky references, its
doctests pass, every catalog id has its anchor, and the charts and board diagrams are images.

The build runs once per session, on a copy of ``docs/`` in a temporary folder (so a ``make docs`` in the
working tree is not disturbed): HTML first, then the doctest builder on the same environment.
"""

from __future__ import annotations

import html
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tombspec.spec import load_all

DOCS = Path(__file__).resolve().parent.parent / "docs"
PNG = b"\x89PNG\r\n\x1a\n"
TIMEOUT = 1500   # a bound on a hang, not a speed target (the build takes about 5 minutes on 2 idle cores)

pytestmark = [pytest.mark.skipif(
    any(importlib.util.find_spec(m) is None for m in ("sphinx", "myst_parser", "furo", "sphinx_click", "matplotlib")),
    reason="the docs extras are not installed (pip install -e '.[docs]')"), pytest.mark.long(seconds=150)]


def _sphinx(builder: str, src: Path, out: Path, doctrees: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", *extra, "-b", builder,
                           str(src), str(out), "-d", str(doctrees)],
                          capture_output=True, text=True, timeout=TIMEOUT)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("docs")
    src = tmp / "docs"
    shutil.copytree(DOCS, src, ignore=shutil.ignore_patterns("_build", "generated", "__pycache__"))
    built = {"src": src, "html": tmp / "html", "doctest": tmp / "doctest"}
    result = _sphinx("html", src, built["html"], tmp / "doctrees", "-n")
    assert result.returncode == 0, f"sphinx -b html -W -n failed:\n{result.stderr[-6000:]}"
    assert "WARNING" not in result.stderr, result.stderr[-6000:]
    result = _sphinx("doctest", src, built["doctest"], tmp / "doctrees")
    built["doctest_stderr"] = result.stderr  # type: ignore[assignment]
    built["doctest_rc"] = result.returncode  # type: ignore[assignment]
    return built


def _pages(site: dict[str, Path]) -> dict[Path, str]:
    if "pages" not in site:
        site["pages"] = {p: p.read_text(encoding="utf-8") for p in site["html"].rglob("*.html")}  # type: ignore
    return site["pages"]  # type: ignore[return-value]


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def test_every_catalog_id_has_its_anchor_next_to_its_title(site: dict[str, Path]) -> None:
    where: dict[str, tuple[str, int]] = {}
    for path, page in _pages(site).items():
        for m in re.finditer(r'\bid="([^"]+)"', page):
            where.setdefault(html.unescape(m.group(1)), (page, m.end()))
    missing, untitled = [], []
    for cat in load_all().values():
        for entry in cat.entries():
            if entry.id not in where:
                missing.append(entry.id)
                continue
            page, at = where[entry.id]
            heading = " ".join(_text(page[at:page.find("</dt>", at)]).split())
            title = getattr(entry, "title", None) or entry.name
            if " ".join(title.split()) not in heading:
                untitled.append((entry.id, heading[:80]))
    assert missing == [], f"{len(missing)} catalog ids have no anchor, e.g. {missing[:5]}"
    assert untitled == [], f"anchors not followed by their entry's title: {untitled[:5]}"


def test_a_rule_link_resolves_to_its_page(site: dict[str, Path]) -> None:
    """The rule index links each id to ``<page>.html#<id>``, and that page has that anchor."""
    index = (site["html"] / "tomb-index.html").read_text(encoding="utf-8")
    links = re.findall(r'href="([^"#]+\.html)#([^"]+)"', index)
    catalog_ids = {e.id for cat in load_all().values() for e in cat.entries()}
    assert {html.unescape(a) for _, a in links} >= catalog_ids
    for href, anchor in links[:: max(1, len(links) // 50)]:
        target = (site["html"] / href).read_text(encoding="utf-8")
        assert f'id="{anchor}"' in target, (href, anchor)


def test_charts_and_board_diagrams_are_images_in_the_pages(site: dict[str, Path]) -> None:
    from tombspec.model.raiders.board import shipped_boards

    expected = {f"board-{name}.png" for name in shipped_boards()} | {
        "secrets-dice-check.png", "tomb-dice.png", "raiders-pennies.png", "raiders-five-or-six.png", "egypt-die.png"}
    images = {p.name: p for p in (site["html"] / "_images").glob("*.png")}
    assert expected <= set(images), f"missing images: {sorted(expected - set(images))}"
    for name in expected:
        data = images[name].read_bytes()
        assert data.startswith(PNG) and len(data) > 5000, name
    shown = set()
    for page in _pages(site).values():
        shown |= set(re.findall(r'<img[^>]+src="[^"]*?_images/([^"/]+\.png)"', page))
    assert expected <= shown, f"images no page shows: {sorted(expected - shown)}"


def test_doctests_of_pages_and_docstrings_pass(site: dict[str, Path]) -> None:
    output = (site["doctest"] / "output.txt").read_text(encoding="utf-8")
    assert site["doctest_rc"] == 0, output[-4000:] + str(site["doctest_stderr"])[-2000:]
    summary = re.search(r"(\d+) tests\s+(\d+) failures? in tests\s+(\d+) failures? in setup code", output)
    assert summary, output[-2000:]
    assert int(summary.group(1)) > 0 and summary.group(2) == "0" and summary.group(3) == "0"
    # Every module whose docstrings hold examples has them run (a doctest group per module).
    root = DOCS.parent
    packages = {"spec": "tombspec.spec", "model": "tombspec.model", "checks": "tombspec.checks"}
    with_examples = []
    for folder, package in packages.items():
        for path in sorted((root / folder).rglob("*.py")):
            if ">>>" in path.read_text(encoding="utf-8"):
                parts = path.relative_to(root / folder).with_suffix("").parts
                with_examples.append(".".join([package, *parts]).removesuffix(".__init__"))
    assert with_examples
    ran = set(re.findall(r"^\s*\d+ tests? in (tombspec\.\S+)$", output, re.M))
    assert set(with_examples) <= ran, f"docstring examples not run: {sorted(set(with_examples) - ran)}"
    assert "Document: index" in output


def test_generated_pages_say_what_is_not_modelled(site: dict[str, Path]) -> None:
    from tombspec.model.ruleset import registered_games

    coverage = _text((site["html"] / "generated" / "coverage.html").read_text(encoding="utf-8"))
    for game, cat in load_all().items():
        if game not in registered_games():
            assert f"There is no model of {cat.title} yet" in " ".join(coverage.split())


def test_no_markup_leaks_into_the_pages(site: dict[str, Path]) -> None:
    """reStructuredText that reached the Markdown parser shows up as text (``.. option::``)."""
    leaks = [(path.name, m) for path, page in _pages(site).items() if "_modules" not in path.parts
             for m in re.findall(r"(?m)^\s*\.\. [a-z][a-z:-]*::", _text(page))]
    assert leaks == [], leaks[:5]


def test_the_cli_reference_documents_every_command(site: dict[str, Path]) -> None:
    import click

    from tombspec.checks.cli import main

    text = " ".join(_text((site["html"] / "cli.html").read_text(encoding="utf-8")).split())

    def names(group: click.Group, prefix: str) -> list[str]:
        out = []
        for name, cmd in group.commands.items():
            out.append(f"{prefix} {name}")
            if isinstance(cmd, click.Group):
                out += names(cmd, f"{prefix} {name}")
        return out

    missing = [n for n in names(main, "tombspec") if f"{n} [OPTIONS]" not in text]
    assert missing == []
