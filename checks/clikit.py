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
from tombspec.spec.inputs import check_depth, clip




def _wants_json() -> bool:
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if ctx.params.get("as_json"):
            return True
        ctx = ctx.parent
    return False


def fail(message: str, code: int = 2) -> NoReturn:
    """Exit ``code`` with ``message`` on stderr; with ``--json``, also ``{"error", "exit_code"}`` on stdout."""
    message = clip(message)
    click.echo(f"tombspec: error: {message}", err=True)
    if _wants_json():
        with_json_error(message, code)
    sys.exit(code)


def with_json_error(message: str, code: int) -> None:
    try:
        sys.stdout.buffer.write(orjson.dumps({"error": message, "exit_code": code},
                                             option=orjson.OPT_APPEND_NEWLINE))
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError):
        pass


def _os_problem(exc: OSError) -> str:
    where = exc.filename if exc.filename is not None else "<output>"
    return f"{where}: {exc.strerror or exc}"


def bad_input_exits_2(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Report any :class:`InvalidInput` (or other deliberate tombspec error), a file that cannot be
    written, a recursion or memory limit as exit 2 with a message; Ctrl-C as exit 130."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except InvalidInput as exc:
            fail(str(exc))
        except TombspecError as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            fail("interrupted", 130)
        except BrokenPipeError:           # `tombspec ... | head`: the reader has gone
            _silence_stdout()
            fail("<stdout>: the reader closed the pipe before the output was written")
        except OSError as exc:            # an output that cannot be written: /nonexist/x, /dev/full
            fail(f"cannot write {_os_problem(exc)}")
        except RecursionError:
            fail("the input is nested too deep for tombspec")
        except MemoryError:
            fail("out of memory: the input is too large for tombspec (docs/limits.md)")

    return wrapper


def emit_json(data: Any) -> None:
    payload = orjson.dumps(data, default=str,
                           option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE | orjson.OPT_NON_STR_KEYS)
    try:
        sys.stdout.buffer.write(payload)
        sys.stdout.flush()
    except OSError as exc:
        _silence_stdout()
        raise InvalidInput(f"cannot write the JSON report: {exc.strerror or exc}", source="<stdout>") from None


def _silence_stdout() -> None:
    """After a failed write to stdout, drop what is buffered so the exit does not fail again."""
    import os

    try:
        sys.stdout = open(os.devnull, "w")   # noqa: SIM115 - lives until exit
    except OSError:
        pass


def write_lines(path: Path, lines: Any, *, what: str, overwrite: bool = True) -> None:
    """Write ``lines`` (JSON values) to ``path`` as JSON Lines; a path that cannot be written is
    :class:`InvalidInput` naming it."""
    try:
        with open(path, "wb" if overwrite else "xb") as out:
            for line in lines:
                out.write(orjson.dumps(line, option=orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE))
    except FileExistsError:
        raise InvalidInput(f"{what} exists already; tombspec does not overwrite it", source=str(path)) from None
    except OSError as exc:
        raise InvalidInput(f"cannot write {what}: {exc.strerror or exc}", source=str(path)) from None


# --------------------------------------------------------------------------------------------------
# Numbers with bounds: nan, inf and absurd sizes are usage errors (exit 2), never a hang


class Seconds(click.FloatRange):
    """A finite number of seconds within ``[min, max]`` (``nan`` and ``inf`` refused)."""

    name = "seconds"

    def __init__(self, min: float = 0.0, max: float = 86_400.0, min_open: bool = False):
        super().__init__(min=min, max=max, min_open=min_open)

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        import math

        number = click.FLOAT.convert(value, param, ctx) if not isinstance(value, float) else value
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)


class Fraction01(Seconds):
    """A finite number in [0, 1]."""

    name = "fraction"

    def __init__(self) -> None:
        super().__init__(min=0.0, max=1.0)


#: The most random games one command plays per game, and the most steps of one game.
MAX_GAMES = 1_000_000
MAX_STEPS = 10_000_000


class PolicyName(click.ParamType):
    """A policy's name: one of ``names``, or a search (``search``, ``search-one``, ``search-ends``, with an optional budget
    ``:SIMULATIONS[:ROLLOUT]``: :func:`tombspec.model.search.search_policy`)."""

    name = "policy"

    def __init__(self, *names: str):
        self.names = names

    def get_metavar(self, param: Any, *args: Any, **kwargs: Any) -> str:
        # click 8.2 and later pass ``ctx`` by keyword; 8.1 passes only ``param``
        return "[" + "|".join((*self.names, "search[:N[:R]]", "search-one[:N[:R]]", "search-ends[:N[:R]]")) + "]"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        from tombspec.model.play import make_policy
        from tombspec.model.search import SEARCHES

        if value in self.names:
            return value
        if isinstance(value, str) and value.split(":")[0] in SEARCHES:
            try:
                make_policy(value)
            except InvalidInput as exc:
                self.fail(exc.problem, param, ctx)
            return value
        self.fail(f"{value!r} is not one of {', '.join(self.names)}, search, search-one, search-ends "
                  "(a search may name its budget: search:SIMULATIONS[:ROLLOUT])", param, ctx)


def count(low: int = 1, high: int = MAX_GAMES) -> click.IntRange:
    return click.IntRange(min=low, max=high)


class TombspecGroup(click.Group):
    """The ``tombspec`` group: usage errors exit 2 (as JSON on stdout too under ``--json``); Ctrl-C
    exits 130."""

    def main(self, args: Any = None, prog_name: Any = None, complete_var: Any = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        try:
            return super().main(argv, prog_name, complete_var, standalone_mode=False, **extra)
        except click.ClickException as exc:
            exc.show()
            if "--json" in argv:
                with_json_error(clip(exc.format_message()), exc.exit_code)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("tombspec: interrupted", err=True)
            sys.exit(130)


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


def load_options(game: str, options: str | None, *, flag: str = "--options") -> dict[str, Any] | None:
    """``--options`` (or another ``flag``'s value) is inline JSON or a path to a JSON file: an object,
    without repeated keys, not nested too deep."""
    if options is None:
        return None
    text = options
    source = flag
    stripped = options.lstrip()
    if stripped[:1] not in ("{", "[", '"') and not stripped[:1].isdigit() and stripped not in ("null", "true", "false"):
        from tombspec.spec.inputs import read_text

        text = read_text(Path(options), source=options)
        source = options
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise InvalidInput(f"not valid JSON: {exc}", source=source) from None
    if not isinstance(data, dict):
        raise InvalidInput("must be a JSON object", source=source)
    from .oracle.trace import check_duplicate_keys

    check_duplicate_keys(text, data, source=source, line=1)
    check_depth(data, source=source)
    return data


def configured(game: str, options: dict[str, Any] | None, board: Any = None, *, flag: str = "--options") -> Any:
    """GAME's ruleset built from the options and board the command line gives, before any work: a problem
    the model finds in the options is bad input naming the flag they came from (``--options``, ``--a``,
    ``--b``), not ``<options>``."""
    from tombspec.model.ruleset import get_ruleset

    config: dict[str, Any] = {"options": options}
    if board is not None:
        config["board"] = board
    try:
        return get_ruleset(game, **config)
    except InvalidInput as exc:
        if exc.source == "<options>":
            raise InvalidInput(exc.problem, source=flag, line=None) from None
        raise


def _board_file(games: list[str], path: str) -> Any:
    """A board file named on the command line, read once here into the board's data (as the game's
    ``describe()`` gives it, the form a trace header and a ``reset`` carry), so that what a command
    writes or sends never names a file to read (docs/limits.md); its problems are bad input naming it."""
    if len(games) != 1:
        return path
    from tombspec.checks.oracle.trace import configure
    from tombspec.spec.errors import TombspecError

    try:
        data = configure(games[0], None, path, source=path, allow_paths=True).describe().get("board")
    except TombspecError as exc:
        fail(str(exc))
    return data if isinstance(data, dict) else path


def board_argument(games: list[str], board: str | None) -> Any:
    """``--board``: a board file (its absolute path) or a shipped board's name; an unknown name is bad
    input that lists the shipped boards."""
    if board is None:
        return None
    if Path(board).is_file():
        return _board_file(games, str(Path(board).resolve()))
    if Path(board).exists():      # a device, a FIFO, a directory: never read, never waited on
        fail(f"{board}: cannot read board file: not a regular file; tombspec reads only regular files")
    from tombspec.model.registry import ruleset_class

    for game in games:
        shipped = list(ruleset_class(game).shipped_boards())
        if board not in shipped:
            fail(f"no board {board!r} for {game}: not a file, and not a shipped board (shipped: "
                 f"{', '.join(sorted(shipped)) or 'none'})")
    return board
