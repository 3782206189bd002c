"""The one error hierarchy of tombspec.

It lives in ``tombspec.spec`` because imports go one way only (spec <- model <- checks) and the
catalog loader is the first thing that can meet bad input.  ``tombspec.model.errors`` adds the
errors of the rules themselves (``IllegalAction``, ``Unspecified``) to this base.
"""

from __future__ import annotations


class TombspecError(Exception):
    """Base class of every error tombspec raises on purpose."""


class InvalidInput(TombspecError):
    """Malformed input: a catalog, board, trace, option, action or CLI argument.

    ``source`` names the file (or ``"<stdin>"``, ``"<argument>"``); ``line`` is 1-based when known;
    ``problem`` says what is wrong.  ``str()`` gives ``file:line: problem``.
    """

    def __init__(self, problem: str, *, source: str | None = None, line: int | None = None):
        self.problem = problem
        self.source = source
        self.line = line
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = ""
        if self.source is not None:
            where = f"{self.source}:{self.line}: " if self.line is not None else f"{self.source}: "
        return f"{where}{self.problem}"


class CatalogError(InvalidInput):
    """A rule catalog (``spec/<game>.toml``) that breaks the catalog format."""

    def __init__(self, problem: str, *, source: str | None = None, line: int | None = None,
                 entry: str | None = None):
        self.entry = entry
        if entry:
            problem = f"{entry}: {problem}"
        super().__init__(problem, source=source, line=line)
