"""pytest plugin (entry point ``tombspec_vectors``): run tombspec conformance vectors in another
implementation's own test-suite.  Inactive unless ``--tombspec-vectors DIR`` is given."""

from __future__ import annotations

from typing import Any


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("tombspec")
    group.addoption("--tombspec-vectors", metavar="DIR", default=None,
                    help="run the tombspec vector tree in DIR against --tombspec-impl")
    group.addoption("--tombspec-impl", metavar="CMD", default=None,
                    help="the implementation to run the vectors against (a JSON-RPC command line)")
