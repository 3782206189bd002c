"""Every ``>>>`` example in the package's docstrings runs (also run by the docs' doctest builder)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tombspec.checks
import tombspec.model
import tombspec.spec


def modules() -> list[str]:
    names = []
    for package in (tombspec.spec, tombspec.model, tombspec.checks):
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
