"""What every ``tombspec`` command shares: exit codes, bad input as exit 2, JSON output, progress bars,
and reading ``--options``.

Exit codes: 0 all good; 1 a rule was broken (a violation, a divergence, a counterexample); 2 bad input
or usage.  Bad input never ends in a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import nullcontext
from functools import wraps
from pathlib import Path
from typing import Any, NoReturn

import click
import orjson

from tombspec.spec import InvalidInput
from tombspec.spec.errors import TombspecError


def fail(message: str, code: int = 2) -> NoReturn:
    click.echo(f"tombspec: error: {message}", err=True)
    sys.exit(code)


def bad_input_exits_2(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Report any :class:`InvalidInput` (or other deliberate tombspec error) as exit 2."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except InvalidInput as exc:
            fail(str(exc))
        except TombspecError as exc:
            fail(str(exc))

    return wrapper


def emit_json(data: Any) -> None:
    sys.stdout.buffer.write(orjson.dumps(
        data, default=str,
        option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE | orjson.OPT_NON_STR_KEYS))
    sys.stdout.flush()


def _progress(total: int, label: str, enabled: bool) -> Any:
    """A rich progress bar on a terminal (stderr), nothing otherwise."""
    if not enabled or not sys.stderr.isatty():
        return nullcontext(None)
    from rich.progress import Progress

    class _Bar:
        def __enter__(self) -> Callable[[int], None]:
            self.p = Progress(transient=True, console=_stderr_console())
            self.p.__enter__()
            task = self.p.add_task(label, total=total)
            return lambda done: self.p.update(task, completed=done)

        def __exit__(self, *exc: Any) -> None:
            self.p.__exit__(*exc)

    return _Bar()


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


def load_options(game: str, options: str | None) -> dict[str, Any] | None:
    """``--options`` is inline JSON or a path to a JSON file."""
    if options is None:
        return None
    text = options
    source = "--options"
    if not options.lstrip().startswith("{"):
        path = Path(options)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidInput(f"cannot read options file: {exc.strerror}", source=options) from None
        source = options
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise InvalidInput(f"options are not valid JSON: {exc}", source=source) from None
    if not isinstance(data, dict):
        raise InvalidInput("options must be a JSON object", source=source)
    return data
