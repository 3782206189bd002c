"""The API reference: one autodoc page per package (``tombspec.spec``, ``tombspec.model``,
``tombspec.model.raiders``, ``tombspec.checks``), a section per module.

The module list is found at build time (``pkgutil``), so a new module is documented without editing
anything.  The ``>>>`` examples of a module's docstrings run as their own doctest group, named after the
module, in the module's own namespace (as ``python -m doctest`` would run them): see
:func:`docstring_doctests`.
"""

from __future__ import annotations

import importlib
import inspect
import re
from typing import Any

from . import md
from .facts import Facts

#: The pages of the API reference: a package and the modules it holds (the longest prefix wins).
API_PAGES = ("tombspec.spec", "tombspec.model", "tombspec.model.raiders", "tombspec.checks")


def page_of(module: str) -> str:
    return max((p for p in API_PAGES if module == p or module.startswith(p + ".")), key=len)


def module_section(name: str, level: int) -> str:
    return (f"{'#' * level} {md.esc(name)}\n\n"
            "```{eval-rst}\n"
            f".. testsetup:: {name}\n\n"
            "   import importlib\n"
            f"   globals().update(vars(importlib.import_module({name!r})))\n\n"
            f".. automodule:: {name}\n"
            "```\n\n")


def summary(name: str) -> str:
    doc = inspect.getdoc(importlib.import_module(name)) or ""
    return md.rst_inline(doc.split("\n\n")[0].replace("\n", " "))


def pages(facts: Facts) -> dict[str, str]:
    files = {}
    by_page: dict[str, list[str]] = {p: [] for p in API_PAGES}
    for name in facts.modules:
        by_page[page_of(name)].append(name)
    for page, modules in by_page.items():
        head = modules[0] if modules and modules[0] == page else None
        text = f"# {md.esc(page)}\n\n"
        others = [m for m in modules if m != head]
        if head:
            text += module_section(head, 2).split("\n", 2)[2]  # the package itself, under the page title
        if others:
            text += "Modules: " + ", ".join(md.pyref(m, short=False) for m in others) + ".\n\n"
        for name in others:
            text += module_section(name, 2)
        files[f"api/{page}.md"] = text
    rows = [[md.pyref(name, short=False), summary(name)] for name in facts.modules]
    toc = "\n".join(API_PAGES)
    files["api/index.md"] = "\n".join([
        "# API reference\n",
        "Every module of the three packages, documented from its docstrings (autodoc), each with a link to "
        "its source. Imports go one way: `tombspec.spec` (the catalogs) ← `tombspec.model` (the reference "
        "models) ← `tombspec.checks` (proofs, findings, the oracle, the command line).\n",
        md.table(["module", "what it is"], rows, raw=True, widths="35 65"),
        f"\n```{{toctree}}\n:hidden:\n\n{toc}\n```\n"])
    return files


# --------------------------------------------------------------------------------------------------
# Docstring examples as doctest groups


_PROMPT = re.compile(r"^(\s*)>>> ")


def docstring_doctests(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """``autodoc-process-docstring``: wrap each ``>>>`` block of a tombspec docstring in a
    ``.. doctest:: <module>`` directive, so that it runs in its module's group (and namespace)."""
    module = name if what == "module" else (getattr(obj, "__module__", None) or name.rsplit(".", 1)[0])
    if not isinstance(module, str) or not module.startswith("tombspec."):
        return
    out: list[str] = []
    i = 0
    while i < len(lines):
        m = _PROMPT.match(lines[i])
        if m and (i == 0 or not lines[i - 1].strip() or not out or out[-1].strip() == ""):
            indent = m.group(1)
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip())
                i += 1
            if out and out[-1].strip():
                out.append("")
            out += [f"{indent}.. doctest:: {module}", ""] + [f"{indent}   {line}" for line in block] + [""]
            continue
        out.append(lines[i])
        i += 1
    lines[:] = out
