"""Sphinx configuration of the tombspec documentation (MyST Markdown, the furo theme).

Most pages are generated at build time by the ``tombdocs`` extension (``docs/_ext/tombdocs``) from the
catalogs, the models and the checks, into ``docs/generated/`` (gitignored).  Build with ``make docs``:
HTML with warnings as errors and nitpicky references, then the doctests.
"""

from __future__ import annotations

import sys
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))

project = "tombspec"
author = "the tombspec authors"
copyright = "the tombspec authors; the rulebooks quoted belong to their publishers"
try:
    release = _version("tombspec")
except PackageNotFoundError:  # pragma: no cover - a source tree without an install
    release = "0+unknown"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinx.ext.doctest",
    "sphinx_click",
    "tombdocs",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "generated/fragments", "Thumbs.db", ".DS_Store", "**/__pycache__"]

# The rulebooks' words are quoted verbatim: no "smart" quotes or dashes.
smartquotes = False

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

html_theme = "furo"
html_title = f"tombspec {release}"
html_static_path = ["_static"]
html_css_files = ["tombspec.css"]
html_theme_options = {"navigation_with_keys": True}
html_show_sourcelink = False

# autodoc: each module documents what it defines (re-exports are documented where they are defined).
autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "show-inheritance": True,
    "ignore-module-all": True,
    "member-order": "bysource",
}
autodoc_typehints = "signature"
add_module_names = False
# Thousands of rules and hundreds of API objects: keep the object descriptions out of the navigation tree
# (furo copies the whole tree into every page; with them it is most of the build time).
toc_object_entries = False
autodoc_typehints_format = "short"
autoclass_content = "both"
# Show tombspec's own docstrings: an override of a third-party method (pytest.Item.runtest) has none, and
# the inherited one refers to labels of that project's documentation.
autodoc_inherit_docstrings = False

# The doctests: ``>>>`` blocks in pages and in docstrings (autodoc puts them in the pages) all run.
doctest_test_doctest_blocks = "default"
doctest_global_setup = "from fractions import Fraction\n"

# Nitpicky: every cross-reference must resolve.  There is no intersphinx (no network), so the types of
# the standard library and of third-party packages have no inventory; those, and only those, are
# ignored.  A reference into tombspec that does not resolve still fails the build.
_NO_INVENTORY = (
    "abc", "argparse", "ast", "collections", "collections.abc", "contextlib", "dataclasses", "datetime",
    "enum", "fractions", "functools", "io", "json", "os", "pathlib", "random", "re", "subprocess", "types",
    "typing", "typing_extensions", "threading", "queue", "selectors", "signal", "decimal", "numbers",
    # third-party packages tombspec uses
    "attr", "attrs", "cattrs", "click", "jsonschema", "networkx", "nx", "orjson", "rich", "z3", "hypothesis",
    "pytest", "_pytest", "referencing", "matplotlib", "concurrent", "distributed", "scipy",
)
nitpick_ignore_regex = [
    (r"py:.*", r"(%s)\..+" % "|".join(m.replace(".", r"\.") for m in _NO_INVENTORY)),
]

# The generated findings page runs ``tombspec check`` with this many random games per modelled game.
tombdocs_explore_games = 20
tombdocs_proof_timeout = 10.0
