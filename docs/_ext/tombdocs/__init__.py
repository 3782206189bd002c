"""tombdocs: the Sphinx extension that writes tombspec's generated pages at build time.

On ``builder-inited`` it computes everything the pages say from the catalogs, the model and the
checks (:class:`~tombdocs.facts.Facts`), and writes Markdown (and PNG charts) under
``docs/generated/`` (gitignored, never committed, never edited by hand).  A file whose content did not
change is not rewritten, so that Sphinx re-reads only what changed.  It also adds the ``tomb`` domain
(an anchor per catalog id; links that must resolve).

Configuration (``conf.py``): ``tombdocs_explore_games`` (random games ``tombspec check`` explores for
the findings page; default 20), ``tombdocs_proof_timeout`` (seconds per z3 proof; default 10),
``tombdocs_cache`` (default true: skip the generation when a digest of every source it reads is unchanged
since the last build, e.g. for the doctest build right after the HTML one; ``-D tombdocs_cache=0``
regenerates anyway).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from . import pyrefs
from .domain import TombDomain

logger = logging.getLogger(__name__)

GENERATED = "generated"


STAMP = ".sources-digest"


def sources_digest(app: Sphinx) -> str:
    """A digest of everything the generated pages are computed from: the package's sources and data, the
    tests (grepped for rule ids), this extension, the configuration, the hand-written pages that exist,
    the rulebooks present (quotes are checked against them), and the versions of Python and Sphinx."""
    import hashlib
    import sys

    import sphinx

    from tombspec.spec.rulebooks import rulebooks_dir

    from .facts import repo_root

    h = hashlib.sha256()
    root = repo_root()
    roots = [root / d for d in ("spec", "model", "checks", "tests")] + [Path(__file__).parent]
    for base in roots:
        for path in sorted(base.rglob("*")):
            if path.is_file() and path.suffix in (".py", ".toml", ".json", ".md", ".txt") \
                    and "__pycache__" not in path.parts:
                h.update(str(path.relative_to(base.parent)).encode() + b"\0" + path.read_bytes() + b"\0")
    h.update(Path(app.confdir, "conf.py").read_bytes())
    h.update(repr(sorted(p.name for p in Path(app.srcdir).glob("*.md"))).encode())
    rb = rulebooks_dir()
    if rb is not None and Path(rb).is_dir():
        h.update(repr(sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in Path(rb).iterdir())).encode())
    h.update(f"{sys.version}|{sphinx.__version__}|{app.config.tombdocs_explore_games}|"
             f"{app.config.tombdocs_proof_timeout}".encode())
    return h.hexdigest()


def sync(root: Path, files: dict[str, str | bytes]) -> tuple[int, int]:
    """Make ``root`` hold exactly ``files``: write changed ones, delete stale ones.  (written, removed)"""
    written = removed = 0
    for rel, content in files.items():
        path = root / rel
        data = content.encode("utf-8") if isinstance(content, str) else content
        if path.exists() and path.read_bytes() == data:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written += 1
    wanted = {(root / rel).resolve() for rel in files}
    if root.exists():
        for path in sorted(root.rglob("*"), reverse=True):
            if path.is_file() and path.resolve() not in wanted and path.name != STAMP:
                path.unlink()
                removed += 1
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return written, removed


def generate(app: Sphinx) -> None:
    from . import (pages_api, pages_boards, pages_coverage, pages_findings, pages_guide, pages_probabilities,
                   pages_rules, pages_tour)
    from .facts import Facts

    start = time.perf_counter()
    stamp = Path(app.srcdir) / GENERATED / STAMP
    digest = sources_digest(app) if app.config.tombdocs_cache else ""
    if digest and stamp.is_file() and stamp.read_text() == digest:
        logger.info("tombdocs: the sources have not changed since %s was generated; reusing it", GENERATED)
        return
    facts = Facts(explore_games=app.config.tombdocs_explore_games,
                  proof_timeout=app.config.tombdocs_proof_timeout, srcdir=Path(app.srcdir))
    srcdir = Path(app.srcdir)
    files: dict[str, str | bytes] = {}
    timings = {}
    for name, module in (("rules", pages_rules), ("findings", pages_findings), ("coverage", pages_coverage),
                         ("probabilities", pages_probabilities), ("boards", pages_boards),
                         ("tour", pages_tour), ("api", pages_api), ("guide", pages_guide)):
        t = time.perf_counter()
        files.update(module.pages(facts))
        timings[name] = time.perf_counter() - t
    files["fragments/toctree-reference.md"] = reference_toctree(facts)
    for rel, problem in _dangling_ids(facts):
        logger.warning("%s: %s", rel, problem, type="tombdocs")
    written, removed = sync(srcdir / GENERATED, files)
    if digest:
        stamp.write_text(digest)
    elif stamp.exists():
        stamp.unlink()
    logger.info("tombdocs: %d generated files (%d written, %d removed) in %.1f s [%s]", len(files), written,
                removed, time.perf_counter() - start,
                ", ".join(f"{k} {v:.1f} s" for k, v in timings.items()))


#: The hand-written reference pages, in the order of the sidebar.  Each is listed once it exists
#: (``oracle`` and ``board-format`` are written separately).
REFERENCE_PAGES = ("architecture", "protocol", "raiders-model", "tomb-model", "cryptmaster-model",
                   "secrets-model", "egypt-model", "generated/guide/index", "oracle", "cli", "generated/api/index", "board-format",
                   "catalog-format", "tomb-components", "secrets-components", "egypt-components")


def reference_toctree(facts: Any) -> str:
    pages = [p for p in REFERENCE_PAGES if p.startswith("generated/") or facts.has_page(p)]
    return "```{toctree}\n:maxdepth: 1\n:caption: Reference\n\n" + "\n".join(pages) + "\n```\n"


def _dangling_ids(facts: Any) -> list[tuple[str, str]]:
    """Ids the model names (``@implements``, ``require``, options) that no catalog holds."""
    out = []
    for rid, funcs in facts.implements.items():
        if rid not in facts.all_ids:
            out.append(("@implements", f"{', '.join(funcs)} name {rid!r}, which is in no catalog"))
    for cov in facts.coverage.values():
        for rid, sites in cov.get("where", {}).items():
            if rid not in facts.all_ids:
                out.append(("require", f"{', '.join(sites)} name {rid!r}, which is in no catalog"))
    for rid, opt in facts.option_fields.items():
        if rid not in facts.all_ids:
            out.append(("options", f"option {opt['option']} settles {rid!r}, which is in no catalog"))
    return out


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("tombdocs_explore_games", 20, "env", int)
    app.add_config_value("tombdocs_proof_timeout", 10.0, "env", float)
    app.add_config_value("tombdocs_cache", True, "env", bool)
    app.add_domain(TombDomain)
    app.connect("builder-inited", generate)
    app.connect("missing-reference", pyrefs.resolve)
    app.add_post_transform(pyrefs.BuiltinTypes)
    from .pages_api import docstring_doctests

    app.connect("autodoc-process-docstring", docstring_doctests)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
