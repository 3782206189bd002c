"""Reading input files safely: regular files only, with a size cap (``docs/limits.md``).

Every file tombspec reads on a user's behalf (catalogs, rulebooks, boards, component files, options,
vector files, traces) goes through :func:`open_regular`, :func:`read_bytes` or :func:`read_text`:

* only a regular file is read: a FIFO, a device (``/dev/zero``), a socket or a directory is refused
  before a byte is read (the file is opened non-blocking, so a FIFO with no writer cannot hang it);
* a whole-file read stops at :data:`MAX_FILE_BYTES` (16 MiB) and refuses a larger file;
* a trace is streamed, never read whole, so it has no total cap: each of its lines is capped at
  :data:`MAX_LINE_BYTES` (64 MiB) instead (:func:`read_line`).

Every problem is :class:`~tombspec.spec.errors.InvalidInput` naming the file: never a traceback, never
a hang, never memory running out.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import IO, Any

from .errors import InvalidInput

#: The largest file read whole (boards, components, options, catalogs, rulebooks, vector files).
MAX_FILE_BYTES = 16 * 1024 * 1024
#: The longest line of a streamed file (a trace line, an implementation's answer).
MAX_LINE_BYTES = 64 * 1024 * 1024
#: The most spaces a game board may have (docs/limits.md); each game's board loader refuses a larger
#: board before doing any work on it.
MAX_BOARD_SPACES = 4096
#: The most characters of the user's input a message echoes (a 100 MB ``kind`` is cut to this).
ECHO_LIMIT = 2000
#: The deepest nesting of JSON data accepted (options, boards, headers, vector files): well below what
#: the encoder can write again (orjson stops at 255 levels) and far above what any tombspec data needs.
MAX_DEPTH = 100


def check_depth(data: object, *, source: str, line: int | None = None, limit: int = MAX_DEPTH) -> None:
    """Refuse data (parsed JSON or TOML) nested deeper than ``limit`` lists and objects: bad input naming
    the place, before anything encodes it again (a traceback from the encoder otherwise)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, (list, tuple)):
            children = value
        else:
            continue
        if depth > limit:
            raise InvalidInput(f"the data is nested more than {limit} levels deep", source=source, line=line)
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list, tuple)))


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, saying how much was cut."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit:,} more characters)"


def _describe_mode(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


#: while set (:func:`data_only`), the data being read came from a trace, a vector or a protocol message:
#: it may name shipped files only (``_SHIPPED``), never one of its own choosing
_DATA_ONLY: ContextVar[str | None] = ContextVar("tombspec_data_only", default=None)
#: the folders of the data tombspec ships (catalogs, boards, card and component sets)
_SHIPPED = (Path(__file__).resolve().parent, Path(__file__).resolve().parent.parent / "model")


@contextmanager
def data_only(what: str) -> Iterator[None]:
    """While open, data (``what``: a trace header, a vector's manifest) may make tombspec read only the
    files it ships: a board, card set or component set it names must be a shipped one or inline data.
    Any other path is refused, with the same words whether or not it exists (docs/limits.md)."""
    token = _DATA_ONLY.set(what)
    try:
        yield
    finally:
        _DATA_ONLY.reset(token)


def check_may_read(path: str | Path, *, source: str | None = None) -> None:
    """Inside :func:`data_only`, refuse a path outside tombspec's own shipped data (before looking at it:
    the answer does not tell whether it exists)."""
    what = _DATA_ONLY.get()
    if what is None:
        return
    try:
        real = Path(path).resolve()
    except (OSError, ValueError, RuntimeError):
        real = None
    if real is None or not any(real.is_relative_to(root) for root in _SHIPPED):
        raise InvalidInput(f"{what} may name only shipped boards, card sets and components, or hold them "
                           f"inline; {str(path)[:80]!r} is not one (it never makes tombspec read a file of its "
                           "choosing)", source=source or what)


def open_regular(path: str | Path, *, source: str | None = None) -> IO[bytes]:
    """``path`` opened for reading in binary, if it is a regular file; else :class:`InvalidInput`."""
    name = source or str(path)
    check_may_read(path, source=name)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InvalidInput(f"cannot read: {exc.strerror or exc}", source=name) from None
    except (ValueError, TypeError) as exc:   # a NUL byte in the name, say
        raise InvalidInput(f"cannot read: {exc}", source=name) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise InvalidInput(f"cannot read: {_describe_mode(mode)}; tombspec reads only regular files",
                               source=name)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: str | Path, *, source: str | None = None, limit: int = MAX_FILE_BYTES) -> bytes:
    """The whole of a regular file of at most ``limit`` bytes."""
    name = source or str(path)
    with open_regular(path, source=name) as f:
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise InvalidInput(f"cannot read: {exc.strerror or exc}", source=name) from None
    if len(data) > limit:
        raise InvalidInput(f"the file is larger than tombspec's limit of {limit:,} bytes", source=name)
    return data


def read_text(path: str | Path, *, source: str | None = None, limit: int = MAX_FILE_BYTES) -> str:
    """The whole of a regular UTF-8 text file of at most ``limit`` bytes."""
    name = source or str(path)
    data = read_bytes(path, source=name, limit=limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise InvalidInput(f"not UTF-8 text (byte {exc.start}: {exc.reason})", source=name, line=line) from None


def read_line(stream: IO[bytes], *, source: str, line: int, limit: int = MAX_LINE_BYTES) -> bytes:
    """The next line of ``stream`` (``b""`` at its end), at most ``limit`` bytes."""
    try:
        raw = stream.readline(limit + 1)
    except OSError as exc:
        raise InvalidInput(f"cannot read: {exc.strerror or exc}", source=source, line=line) from None
    if len(raw) > limit:
        raise InvalidInput(f"a line longer than tombspec's limit of {limit:,} bytes", source=source, line=line)
    return raw


def iter_lines(stream: IO[bytes], *, source: str, limit: int = MAX_LINE_BYTES,  # type: ignore[no-untyped-def]
               first: int = 1):
    """The lines of ``stream``, numbered from ``first`` (1: a whole file), each at most ``limit`` bytes."""
    number = first - 1
    readline = stream.readline
    while True:
        number += 1
        try:                        # read_line's body, inline: this loop runs once per trace line
            raw = readline(limit + 1)
        except OSError as exc:
            raise InvalidInput(f"cannot read: {exc.strerror or exc}", source=source, line=number) from None
        if len(raw) > limit:
            raise InvalidInput(f"a line longer than tombspec's limit of {limit:,} bytes", source=source,
                               line=number)
        if not raw:
            return
        yield number, raw


def parse_toml(text: str, *, source: str) -> dict:  # type: ignore[type-arg]
    """A TOML document; bad TOML (or TOML nested too deep to parse) is :class:`InvalidInput` naming the
    file and, where known, the line."""
    import re
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise InvalidInput(f"not valid TOML: {exc}", source=source,
                           line=int(m.group(1)) if m else None) from None
    except RecursionError:
        raise InvalidInput("not valid TOML for tombspec: nested too deep", source=source) from None


def read_toml(path: str | Path, *, source: str | None = None, what: str = "file") -> tuple[str, dict]:  # type: ignore[type-arg]
    """``(text, document)`` of a TOML file read with :func:`read_text` (regular, capped, UTF-8)."""
    name = source or str(path)
    try:
        text = read_text(path, source=name)
    except InvalidInput as exc:
        raise InvalidInput(f"cannot read {what}: {exc.problem}", source=name, line=exc.line) from None
    return text, parse_toml(text, source=name)


def plain_name(name: str, *, source: str, what: str) -> str:
    """A file name with no directory part (a catalog's ``rulebook``): never a path out of its folder."""
    if not name or name != Path(name).name or name in (".", ".."):
        raise InvalidInput(f"{what} must be a plain file name, not {name!r}", source=source)
    return name


def set_table_problem(meta: Any) -> str | None:
    """What is wrong with a board or card set's ``[set]`` table (a string ``name``, a string ``note``, and
    nothing else: it names no file to read), or None."""
    if not isinstance(meta, dict) or not isinstance(meta.get("name"), str):
        return "[set] needs a string 'name'"
    if set(meta) - {"name", "note"} or not isinstance(meta.get("note", ""), str):
        return f"[set] holds a string 'name' and 'note' only, not {', '.join(sorted(map(repr, meta)))}"
    return None
