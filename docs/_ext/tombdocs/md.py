"""Small helpers that write MyST Markdown safely (rulebook text may hold any punctuation)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

_PUNCT = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:&\"'=^@%])")


def esc(text: Any) -> str:
    """Text shown as is: every ASCII punctuation mark backslash-escaped (CommonMark allows it)."""
    return _PUNCT.sub(r"\\\1", str(text))


def esc_lines(text: str) -> str:
    """Escaped text keeping its line breaks (hard breaks), for quotes that span printed lines."""
    lines = [esc(line.strip()) for line in str(text).strip().splitlines()]
    return "\\\n".join(line for line in lines if line) or ""


def rst_inline(text: str) -> str:
    """A docstring's first paragraph (reStructuredText inline markup) as safe Markdown."""
    out = []
    for i, part in enumerate(re.split(r"(``.+?``|:[a-z:]+:`[^`]+`)", text)):
        if part.startswith("``"):
            out.append(code(part[2:-2]))
        elif part.startswith(":") and part.endswith("`"):
            target = part.split("`")[1].lstrip("~!")
            out.append(code(target.split(".")[-1] if "~" in part else target))
        else:
            out.append(esc(part))
    return "".join(out)


def quote(text: str) -> str:
    """A block quote of the rulebook's words."""
    return "\n".join("> " + line for line in esc_lines(text).splitlines()) + "\n"


def code(text: Any) -> str:
    """Inline code (backticks inside are avoided by a longer fence)."""
    s = str(text)
    fence = "``" if "`" in s else "`"
    pad = " " if s.startswith("`") or s.endswith("`") else ""
    return f"{fence}{pad}{s}{pad}{fence}"


def ref(entry_id: str, text: str | None = None) -> str:
    """A link to a catalog entry (a warning, hence a failed ``-W`` build, when no page declares it)."""
    return f"{{tomb:ref}}`{entry_id}`" if text is None else f"{{tomb:ref}}`{_role_text(text)} <{entry_id}>`"


def fref(finding_id: str, text: str | None = None) -> str:
    return f"{{tomb:fref}}`{finding_id}`" if text is None else f"{{tomb:fref}}`{_role_text(text)} <{finding_id}>`"


def pyref(name: str, short: bool = True) -> str:
    return f"{{py:obj}}`{'~' if short else ''}{name}`"


def doc(docname: str, text: str | None = None) -> str:
    return f"{{doc}}`/{docname}`" if text is None else f"{{doc}}`{_role_text(text)} </{docname}>`"


def _role_text(text: str) -> str:
    return re.sub(r"([<>`])", r"\\\1", text)


def cell(value: Any) -> str:
    """A table cell: strings escaped, lists joined, mappings as ``key: value``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return ""
    if isinstance(value, Mapping):
        return "; ".join(f"{esc(k)}: {cell(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(cell(v) for v in value)
    return esc_lines(str(value)).replace("\\\n", " ")


def table(header: Sequence[str] | None, rows: Iterable[Sequence[str]], *, raw: bool = False,
          widths: str | None = None, caption: str = "", classes: str = "") -> str:
    """A ``list-table`` (no header row when ``header`` is None); cells are escaped unless ``raw`` (then
    they are Markdown already)."""
    rows = list(rows)
    out = [f":::{{list-table}} {caption}".rstrip(), f":header-rows: {0 if header is None else 1}"]
    if widths:
        out.append(f":widths: {widths}")
    if classes:
        out.append(f":class: {classes}")
    out.append("")
    body = [list(r) for r in rows]
    for n, row in enumerate(([] if header is None else [list(header)]) + body):
        is_header = header is not None and n == 0
        for i, value in enumerate(row):
            text = str(value) if raw else cell(value)
            text = text.replace("\n", " ").strip() or ("\u00a0" if is_header else "\u2014")
            out.append(("* - " if i == 0 else "  - ") + text)
    out.append(":::")
    return "\n".join(out) + "\n"


def json_block(data: Any, limit: int = 60) -> str:
    """Pretty JSON in a code block, cut after ``limit`` lines (saying so)."""
    text = json.dumps(data, indent=2, ensure_ascii=False, default=str)
    lines = text.splitlines()
    note = ""
    if len(lines) > limit:
        note = (f"\n*({len(lines) - limit} more lines: the whole evidence is in "
                f"{code('tombspec check --json')}.)*\n")
        lines = lines[:limit] + ["  ..."]
    body = "\n".join(lines)
    return f"~~~json\n{body}\n~~~\n{note}"  # tildes: it may sit inside a directive fenced with backticks


def percent(p: Any, digits: int = 1) -> str:
    """A probability as a percentage; exactly 0 and 1 stay exact, and a value that would round to them
    says so (``<0.1%``, ``>99.9%``) rather than pass for certain."""
    if p == 0:
        return "0"
    if p == 1:
        return "100%"
    text = f"{float(p) * 100:.{digits}f}"
    floor, ceiling = f"{0:.{digits}f}", f"{100:.{digits}f}"
    if text == floor:
        return f"<{10 ** -digits:.{digits}f}%"
    if text == ceiling:
        return f">{100 - 10 ** -digits:.{digits}f}%"
    return text + "%"
