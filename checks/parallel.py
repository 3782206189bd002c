"""One way to run work in parallel: a :class:`concurrent.futures.Executor` the user chooses.

By default a process pool over the machine's cores (``--workers N``; ``--workers 1`` runs in this
process, with no pool at all).  With ``--scheduler ADDRESS`` the same work goes to a running Dask
distributed cluster through its client's executor (``distributed.Client(ADDRESS).get_executor()``),
so nothing in tombspec changes between a laptop and a cluster.

The commands hand the executor picklable functions over chunks of work and read the answers back in
the order the chunks were made (:func:`map_ordered`), with a bounded number of chunks in flight, so
memory stays flat however much work there is and the answer is the one a single process gives.  A
worker that dies (a crashed process, a lost Dask worker) is :class:`WorkerLost`: the run is reported
as incomplete, never as a pass.
"""

from __future__ import annotations

import os
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, TypeVar

from tombspec.spec.errors import TombspecError

T = TypeVar("T")
R = TypeVar("R")


class WorkerLost(TombspecError):
    """A worker died (or the cluster lost it) before it answered: the run did not finish."""


def cpu_count() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


#: the most worker processes per core ``--workers`` may ask for
PER_CORE = 4


def max_workers() -> int:
    """The most local worker processes a command starts: ``PER_CORE`` per core (32 workers on 2 cores
    were 34 processes and 1.3 GB, and no faster)."""
    return PER_CORE * cpu_count()


class InProcess(Executor):
    """The executor of ``--workers 1``: every call runs at once, here (no pickling, no pool)."""

    workers = 1

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future[R]:
        future: Future[R] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001 - handed back through the future, as a pool does
            future.set_exception(exc)
        return future


#: a scheduler's address: ``tcp://HOST:PORT`` (or ``HOST:PORT``, which Dask reads as tcp)
_ADDRESS = re.compile(r"^(?:(?P<scheme>[a-z][a-z0-9+.-]*)://)?(?P<host>\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_.-]+):(?P<port>[0-9]{1,5})$")


def scheduler_address(scheduler: str) -> tuple[str, str, int]:
    """``(address, host, port)`` of a ``--scheduler`` address, checked before anything connects: a
    malformed one, or a scheme other than tcp, is a usage error (TLS needs a security configuration that
    ``--scheduler`` does not take; ``inproc://`` names a scheduler inside another process)."""
    from tombspec.spec.errors import InvalidInput

    m = _ADDRESS.match(scheduler.strip()) if isinstance(scheduler, str) else None
    if m is None or not 0 < int(m["port"]) < 65536:
        raise InvalidInput(f"{scheduler!r} is not a scheduler address: give tcp://HOST:PORT "
                           "(e.g. tcp://10.0.0.5:8786)", source="--scheduler")
    if (m["scheme"] or "tcp") != "tcp":
        raise InvalidInput(f"{scheduler!r}: only tcp:// schedulers are supported ({m['scheme']}:// needs what "
                           "--scheduler does not take: certificates for tls, this process for inproc)",
                           source="--scheduler")
    host = m["host"].strip("[]")
    return f"tcp://{m['host']}:{m['port']}", host, int(m["port"])


def _connect(scheduler: str) -> Any:
    import socket

    address, host, port = scheduler_address(scheduler)
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - distributed is a dependency
        raise TombspecError("--scheduler needs Dask distributed: pip install 'distributed>=2024.1'") from None
    # A plain connection first: where nothing listens, say so at once (a Client left half-made by a
    # failed connection waited out its timeout and printed a traceback when collected)
    try:
        socket.create_connection((host, port), timeout=10).close()
    except OSError as exc:
        raise TombspecError(f"--scheduler: cannot reach the Dask scheduler at {scheduler!r}: {exc.strerror or exc}") from None
    try:
        return Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise TombspecError(f"--scheduler: cannot reach the Dask scheduler at {scheduler!r}: {exc}") from None


@contextmanager
def executor(workers: int | None = None, scheduler: Any = None) -> Iterator[Executor]:
    """The executor to run on, closed on exit.

    ``scheduler`` is a Dask scheduler address (``tcp://host:8786``) or a ``distributed.Client``; else
    ``workers`` processes (default: every core), or this process alone when ``workers`` is 1."""
    if scheduler is not None:
        own = isinstance(scheduler, str)
        client = _connect(scheduler) if own else scheduler
        ex = client.get_executor(pure=False)
        ex.workers = max(1, sum(client.nthreads().values()))  # type: ignore[attr-defined]
        try:
            yield ex
        finally:
            if own:
                client.close()
        return
    n = cpu_count() if workers is None else workers
    if n < 1:
        raise TombspecError(f"--workers must be at least 1, not {n}")
    if n > max_workers():
        raise TombspecError(f"--workers {n}: at most {max_workers()} on this machine ({PER_CORE} per core, "
                            f"{cpu_count()} cores): more processes only wait for a core and take memory")
    if n == 1:
        yield InProcess()
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=n, initializer=_ignore_interrupts)
    pool.workers = n  # type: ignore[attr-defined]
    try:
        yield pool
    except BaseException:
        _abandon(pool)      # Ctrl-C or an error: stop the workers now, never wait on what they run
        raise
    pool.shutdown(wait=True, cancel_futures=True)


def _abandon(pool: Any) -> None:
    """Stop a process pool at once: its queued work cancelled, its workers terminated (a Ctrl-C that
    lands inside the pool's own bookkeeping could otherwise leave ``shutdown(wait=True)`` waiting)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            process.terminate()
        except (OSError, ValueError, AttributeError):  # pragma: no cover - already gone
            pass
    pool.shutdown(wait=False, cancel_futures=True)


def _ignore_interrupts() -> None:
    """In a pool's worker: Ctrl-C is the parent's to handle (it stops the pool), not a traceback per worker."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def workers_of(ex: Executor) -> int:
    """How many tasks ``ex`` runs at once."""
    return int(getattr(ex, "workers", 1))


def _lost(exc: BaseException) -> bool:
    """Whether ``exc`` says a worker died, rather than the task failing."""
    if isinstance(exc, BrokenProcessPool):
        return True
    name = type(exc).__name__
    return name in {"KilledWorker", "CommClosedError", "FutureCancelledError"} or \
        (name == "CancelledError" and type(exc).__module__.startswith("distributed"))


def result(future: Future[R], what: str) -> R:
    """The answer of ``future``; a dead worker becomes :class:`WorkerLost` naming ``what``."""
    try:
        return future.result()
    except BaseException as exc:
        if _lost(exc):
            raise WorkerLost(f"a worker died while {what} ({type(exc).__name__}: {exc}); "
                             "the run is incomplete and nothing in it is reported as passing") from None
        raise


def map_ordered(ex: Executor, fn: Callable[..., R], chunks: Iterable[Any], *, what: str = "working",
                in_flight: int | None = None) -> Iterator[R]:
    """``fn(chunk)`` for every chunk, answered in the chunks' order, with at most ``in_flight`` chunks
    submitted and not yet read (default: twice the workers), so memory stays flat.  ``chunks`` is read
    lazily.  A chunk may be a tuple of arguments (``fn(*chunk)``) when wrapped in :class:`Args`."""
    limit = in_flight or 2 * workers_of(ex)
    pending: deque[Future[R]] = deque()
    try:
        for chunk in chunks:
            pending.append(ex.submit(fn, *chunk) if isinstance(chunk, Args) else ex.submit(fn, chunk))
            while len(pending) >= limit:
                yield result(pending.popleft(), what)
        while pending:
            yield result(pending.popleft(), what)
    finally:
        for f in pending:
            f.cancel()


class Args(tuple):  # type: ignore[type-arg]
    """The positional arguments of one call in :func:`map_ordered`."""

    __slots__ = ()

    def __new__(cls, *args: Any) -> "Args":
        return super().__new__(cls, args)


def parallel_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--workers`` and ``--scheduler`` options of a command (passed as ``workers``, ``scheduler``)."""
    import click

    fn = click.option("--scheduler", metavar="ADDRESS",
                      help="Run the work on a Dask distributed cluster: its scheduler's address "
                           "(tcp://host:8786). Overrides --workers.")(fn)
    return click.option("--workers", type=click.IntRange(min=1), metavar="N",
                        help="Worker processes (default: every core; 1: this process alone).")(fn)


class Shared:
    """A value every task of a run needs (a configured ruleset): pickled once by the command, and
    unpickled once per worker process, which keeps it, and the caches it builds, for the next tasks.
    (A ruleset unpickled afresh for every chunk would rebuild its caches every time.)"""

    __slots__ = ("key", "blob", "_value")

    def __init__(self, value: Any):
        import hashlib
        import pickle

        self.blob = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
        self.key = hashlib.sha256(self.blob).hexdigest()
        self._value = value

    def __getstate__(self) -> tuple[str, bytes]:
        return self.key, self.blob

    def __setstate__(self, state: tuple[str, bytes]) -> None:
        self.key, self.blob = state
        self._value = None

    def get(self) -> Any:
        if self._value is None:
            value = _SHARED.get(self.key)
            if value is None:
                import pickle

                if len(_SHARED) >= 8:
                    _SHARED.clear()
                value = _SHARED[self.key] = pickle.loads(self.blob)
            self._value = value
        return self._value


#: in a worker process: the shared values it has unpickled, by key
_SHARED: dict[str, Any] = {}


def unshared(value: Any) -> Any:
    """``value``, or what it stands for if it is :class:`Shared`."""
    return value.get() if type(value) is Shared else value
