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
    """The folder holding the rulebook texts, or ``None`` when they are not on this machine."""
    env = os.environ.get("TOMBSPEC_RULEBOOKS")
    candidates = [Path(env)] if env else []
    repo = Path(__file__).resolve().parent.parent
    candidates += [repo.parent / "shared" / "rulebooks", Path.cwd().parent / "shared" / "rulebooks"]
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
