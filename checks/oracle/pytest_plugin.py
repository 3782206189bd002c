"""pytest plugin (entry point ``tombspec_vectors``): run tombspec conformance vectors in another
implementation's own test-suite.  Inactive unless one of its options is given.

``pytest --tombspec-vectors DIR --tombspec-impl CMD`` collects one test item per vector case under DIR
(``<game>/<area>/<case>``) and runs it against the implementation: CMD is a command line speaking the
conform protocol, or ``python:MODULE:CLASS`` for an in-process adapter.  One implementation process
serves the whole session (restarted if it dies).  After the implementation's first time-out, every
later case fails at once instead of waiting out its own time-out; the implementation's process group
is killed when the session ends (and on SIGTERM).

``pytest --tombspec-save-vectors DIR`` makes :func:`tombspec.checks.oracle.vectors.expect_step` save the vector
of every step a test asserts under DIR (how ``tombspec vectors export --from-tests`` gathers them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

_IMPL_KEY = pytest.StashKey[Any]()
_ROOT_KEY = pytest.StashKey[Path]()


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("tombspec")
    group.addoption("--tombspec-vectors", metavar="DIR", default=None,
                    help="run the tombspec vector tree in DIR against --tombspec-impl")
    group.addoption("--tombspec-impl", metavar="CMD", default=None,
                    help="the implementation to run the vectors against (a JSON-RPC command line, or "
                         "python:MODULE:CLASS)")
    group.addoption("--tombspec-timeout", metavar="SECONDS", type=_seconds, default=5.0,
                    help="seconds the implementation may take to answer one message (default 5)")
    group.addoption("--tombspec-save-vectors", metavar="DIR", default=None,
                    help="save the vector of every step the tests assert with tombspec's expect_step")


def _seconds(text: str) -> float:
    import argparse
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and 0 < value <= 3600):
        raise argparse.ArgumentTypeError(f"{text!r}: the time-out is a finite number of seconds in (0, 3600]")
    return value


def pytest_configure(config: Any) -> None:
    save = config.getoption("--tombspec-save-vectors", None)
    if save:
        from .vectors import save_vectors_to

        save_vectors_to(Path(save).resolve())
    root = config.getoption("--tombspec-vectors", None)
    if not root:
        return
    path = Path(root).resolve()
    if not path.is_dir():
        raise pytest.UsageError(f"--tombspec-vectors: {root} is not a directory")
    if not config.getoption("--tombspec-impl", None):
        raise pytest.UsageError("--tombspec-vectors needs --tombspec-impl CMD (the implementation to run)")
    config.stash[_ROOT_KEY] = path
    # Collect the tree as well as whatever else was asked for.
    if str(path) not in config.args:
        config.args.append(str(path))


def pytest_unconfigure(config: Any) -> None:
    impl = config.stash.get(_IMPL_KEY, None)
    if impl is not None:
        impl.close()
    if config.getoption("--tombspec-save-vectors", None):
        from .vectors import save_vectors_to

        save_vectors_to(None)


def pytest_collect_file(file_path: Path, parent: Any) -> Any:
    root = parent.config.stash.get(_ROOT_KEY, None)
    if root is None or file_path.name != "manifest.json":
        return None
    try:
        file_path.resolve().relative_to(root)
    except ValueError:
        return None
    return VectorFile.from_parent(parent, path=file_path)


class VectorFile(pytest.File):
    """One case directory (its manifest.json): one item."""

    def collect(self) -> Any:
        case = self.path.parent
        name = "/".join(case.relative_to(self.config.stash[_ROOT_KEY]).parts) or case.name
        yield VectorItem.from_parent(self, name=name, case=case)


class VectorFailure(Exception):
    pass


class VectorItem(pytest.Item):
    def __init__(self, *, case: Path, **kwargs: Any):
        super().__init__(**kwargs)
        self.case = case

    def _implementation(self) -> Any:
        impl = self.config.stash.get(_IMPL_KEY, None)
        if impl is None:
            from .conform import open_implementation

            impl = open_implementation(self.config.getoption("--tombspec-impl"),
                                       timeout=self.config.getoption("--tombspec-timeout"))
            self.config.stash[_IMPL_KEY] = impl
        return impl

    def runtest(self) -> None:
        from tombspec.spec.errors import InvalidInput

        from .trace import RulesetCache
        from .vectors import load_vector, run_case

        timed_out = self.config.stash.get(_TIMED_OUT_KEY, None)
        if timed_out is not None:
            raise VectorFailure(f"not run: the implementation timed out on an earlier case ({timed_out})")
        try:
            vector = load_vector(self.case)
            cache = self.config.stash.setdefault(_CACHE_KEY, RulesetCache())
            result = run_case(self._implementation(), vector, cache)
        except InvalidInput as exc:
            raise VectorFailure(f"malformed vector: {exc}") from None
        if result.status == "failure" and result.message.startswith("timeout:"):
            self.config.stash[_TIMED_OUT_KEY] = self.name
        if result.status != "pass":
            raise VectorFailure(f"{result.status}: {result.message}")

    def repr_failure(self, excinfo: Any, style: Any = None) -> str:
        if isinstance(excinfo.value, VectorFailure):
            manifest = self.case / "manifest.json"
            return f"{self.name}: {excinfo.value}\n(case: {manifest})"
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.case / "manifest.json", None, f"tombspec vector {self.name}"


_CACHE_KEY = pytest.StashKey[Any]()
_TIMED_OUT_KEY = pytest.StashKey[str]()
