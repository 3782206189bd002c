"""The README's Python examples run (docs that run, like python-chess's README doctest)."""

from __future__ import annotations

import doctest
from pathlib import Path


def test_readme_doctests() -> None:
    readme = Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
