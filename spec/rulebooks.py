"""Where the rulebook texts are, and how a quote is found in them.

tombspec never ships the rulebooks.  When they are present (``$TOMBSPEC_RULEBOOKS``, or
``../shared/rulebooks`` beside the repository) every quote of the catalog can be checked against
them.  A quote must be one contiguous passage of its rulebook; only runs of whitespace are normalised.
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

from .inputs import plain_name, read_text

_WS = re.compile(r"\s+")


def normalise(text: str) -> str:
    """Collapse every run of whitespace to one space and strip the ends."""
    return _WS.sub(" ", text).strip()


def rulebooks_dir() -> Path | None:
    """The folder holding the rulebook texts, or ``None`` when they are not on this machine.

    ``$TOMBSPEC_RULEBOOKS``, when set, is the only place looked at: set to a folder without them
    (``TOMBSPEC_RULEBOOKS=/nonexistent make test``) it runs everything as a user's clone does."""
    env = os.environ.get("TOMBSPEC_RULEBOOKS")
    if env:
        candidates = [Path(env)]
    else:
        repo = Path(__file__).resolve().parent.parent
        candidates = [repo.parent / "shared" / "rulebooks", Path.cwd().parent / "shared" / "rulebooks"]
    for c in candidates:
        if c.is_dir() and any(c.glob("*.txt")):
            return c
    return None


@cache
def rulebook_text(filename: str) -> str | None:
    """The normalised text of one rulebook, or ``None`` when it is absent."""
    folder = rulebooks_dir()
    if folder is None:
        return None
    plain_name(filename, source=str(folder), what="a rulebook")   # never a path out of the folder
    if not (folder / filename).is_file():
        return None
    return normalise(read_text(folder / filename))


def find_quote(quote: str, text: str) -> int:
    """Offset of ``quote`` in the normalised ``text``, or -1."""
    return text.find(normalise(quote))


@cache
def word_lines(filename: str) -> tuple[list[int], list[int], list[str]] | None:
    """For the normalised text of one rulebook: the offset where each word starts, its line in the
    file (1-based), and the file's lines; ``None`` when the rulebook is absent."""
    folder = rulebooks_dir()
    if folder is None or not (folder / filename).is_file():
        return None
    raw = (folder / filename).read_text(encoding="utf-8")
    offsets: list[int] = []
    lines: list[int] = []
    at, line, last = 0, 1, 0
    for m in re.finditer(r"\S+", raw):
        line += raw.count("\n", last, m.start())
        last = m.start()
        offsets.append(at)
        lines.append(line)
        at += len(m.group(0)) + 1
    return offsets, lines, raw.splitlines()


def quote_line(filename: str, quote: str) -> int | None:
    """The line (1-based) of the rulebook file where ``quote`` begins; ``None`` when the rulebook is
    absent or the quote is not in it (the catalog test finds quotes the same way: :func:`find_quote`)."""
    import bisect

    text = rulebook_text(filename)
    index = word_lines(filename)
    if text is None or index is None:
        return None
    at = find_quote(quote, text)
    if at < 0:
        return None
    offsets, lines, _ = index
    return lines[max(0, bisect.bisect_right(offsets, at) - 1)]
