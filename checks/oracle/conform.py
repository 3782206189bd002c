"""``tombspec conform``: drive another implementation live and compare it with the model after every step.

The implementation is a child process speaking JSON-RPC 2.0, one message per line, on its standard
input and output (``docs/oracle.md``: the conform protocol), or an in-process Python object with
``reset`` and ``step`` (:class:`Adapter`).  Two methods:

* ``reset`` (params ``game``, ``options``, ``board``, and optionally ``state`` to start from): result
  ``{"state": ..., "fields": [...]}``; ``fields`` (optional) names the top-level state fields the
  implementation models, and only those are compared;
* ``step`` (params ``action``): result ``{"state": ...}``, or an error with code 1 whose ``data.rule``
  names the rule the action breaks (the implementation's state then stays as it was), or, where an
  option given unset (null) leaves the step open, code 2 whose ``data.ambiguity`` names the ambiguity
  (:class:`Undecided`): the oracle sends such a step, requires code 2 there (any other answer chose a
  reading silently), and ends the game there, counted as unspecified.

The oracle plays random games: decisions uniformly among the model's legal actions, chance outcomes
with exactly their probabilities (``Distribution.sample``), and now and then an action the model
refuses (a *probe*), to check the implementation refuses it too, for the same rule.  The first failing
game is shrunk (delta debugging over its action list, every candidate replayed from a fresh ``reset``)
and printed as a replayable trace that ``tombspec verify`` judges the same way.

An implementation that crashes, hangs, answers late or answers garbage is reported as such
(:class:`ImplementationFailure`); every call has a time-out, a reader thread collects the child's
output, and the child runs in a process group of its own (a new session) that is killed whole every
time it is closed (at the end, after a failure or time-out, when tombspec exits, on SIGTERM): no
grandchild outlives the oracle, and the oracle never hangs.  An in-process adapter runs each call in a
worker thread with the same time-out; anything it raises (``SystemExit`` included) is a crash, and what
it prints goes to standard error, so ``--json`` output stays clean (``docs/limits.md``).
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import importlib.util
import inspect
import math
import os
import sys
import queue
import random
import shlex
import signal
import subprocess
import threading
import time
import traceback
from abc import ABC, abstractmethod
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, IO

import attrs
import orjson

from tombspec.model import codec
from tombspec.model.errors import IllegalAction, Unspecified
from tombspec.model.options import counted, counting_reads, given, settles
from tombspec.model.play import Policy, make_policy
from tombspec.model.traceability import formalised, recording
from tombspec.model.ruleset import Ruleset
from tombspec.spec.errors import InvalidInput, TombspecError

from . import schema
from .trace import (TRACE_NAME, TRACE_VERSION, FieldDiff, RulesetCache, configure,
                    diff, plain, state_fields)
from .verify import (UNCHANGED, Outcome, check_rule_match, expect, readings_explaining, rule_text, set_by,
                     settling_option)

#: JSON-RPC error codes of the protocol (beside the reserved -32700..-32600 of JSON-RPC 2.0).
ILLEGAL_ACTION = 1
UNSPECIFIED = 2
UNSUPPORTED = 3
MAX_LINE = 64 * 1024 * 1024


# --------------------------------------------------------------------------------------------------
# What an implementation can answer


class Rejected(Exception):
    """An implementation refuses an action, naming the rule it breaks."""

    def __init__(self, rule: str, message: str = ""):
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}" if message else rule)


class Undecided(Exception):
    """An implementation answers that the rulebook does not settle this step under the options it was
    given (protocol code 2), naming the ambiguity (``data.ambiguity``)."""

    def __init__(self, ambiguity: str, message: str = ""):
        self.ambiguity = ambiguity
        self.message = message
        super().__init__(f"{ambiguity}: {message}" if message else ambiguity)


class Unsupported(Exception):
    """An implementation declines a configuration at ``reset`` (protocol code 3): a game, an option or a
    board it does not implement.  conform skips that game and vectors run skips that case, each saying
    so; a run in which nothing is left to check is exit 2, never a pass."""

    def __init__(self, message: str = ""):
        self.message = message or "unsupported configuration"
        super().__init__(self.message)


class ImplementationFailure(TombspecError):
    """The implementation crashed, hung, answered late, answered garbage or refused to play."""

    def __init__(self, kind: str, message: str):
        self.kind = kind  # "crash" | "timeout" | "garbage" | "error" | "refused"
        self.message = message
        super().__init__(f"{kind}: {message}")


@attrs.frozen
class ResetAnswer:
    state: dict[str, Any]
    fields: tuple[str, ...] | None = None
    protocol: int | None = None          # the version of the game's protocol the implementation speaks


class Implementation(ABC):
    """What the oracle drives: ``reset`` and ``step`` over canonical JSON data."""

    name: str = "implementation"
    #: the version of the game's protocol the oracle speaks, told to a process at ``reset`` (its
    #: ``protocol`` parameter); set by the oracle before each reset
    protocol: int | None = None

    @abstractmethod
    def reset(self, game: str, options: Any, board: Any, state: Any = None) -> ResetAnswer: ...

    @abstractmethod
    def step(self, action: dict[str, Any], player: int | None = None) -> dict[str, Any]:
        """The state after ``action`` (a decision by ``player``, or a chance outcome when None); raise
        :class:`Rejected` to refuse it."""

    def close(self) -> None:
        pass

    def __enter__(self) -> "Implementation":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


# --------------------------------------------------------------------------------------------------
# In-process implementations


class Adapter(Implementation):
    """The base of an in-process Python implementation: override ``reset`` and ``step``.

    ``reset(game, options, board, state=None)`` returns the state as JSON data, or a
    :class:`ResetAnswer` to declare the fields it models; ``step(action)`` (or ``step(action,
    player)``, to be told who decides) takes the action as JSON data and returns the next state as
    JSON data, or raises :class:`Rejected`, or :class:`Undecided` (protocol code 2) where an option it
    was given unset (null) leaves the step open.  ``reset`` raises :class:`Unsupported` to decline a
    configuration it does not implement (protocol code 3)."""

    name = "python adapter"


class _Worker:
    """One thread that runs an in-process adapter's calls, so that each has a deadline (a thread per
    call would cost more than many adapters' steps)."""

    def __init__(self, name: str):
        self.jobs: queue.Queue[tuple[Callable[..., Any], Sequence[Any], queue.Queue[tuple[str, Any]]] | None] = queue.Queue()
        self.thread = threading.Thread(target=self._run, name=f"tombspec adapter {name}", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while (job := self.jobs.get()) is not None:
            fn, args, answer = job
            try:
                answer.put(("ok", fn(*args)))
            except BaseException as exc:  # noqa: BLE001 - SystemExit in an adapter is a crash, not an exit
                answer.put(("raised", exc))

    def call(self, fn: Callable[..., Any], args: Sequence[Any], timeout: float | None) -> tuple[str, Any]:
        answer: queue.Queue[tuple[str, Any]] = queue.Queue(maxsize=1)
        self.jobs.put((fn, args, answer))
        try:
            return answer.get(timeout=timeout)
        except queue.Empty:
            return "timeout", None

    def stop(self) -> None:
        self.jobs.put(None)


def run_with_deadline(fn: Callable[..., Any], args: Sequence[Any], timeout: float | None, *,
                      name: str, worker: _Worker | None = None) -> tuple[str, Any]:
    """``fn(*args)``, its prints sent to standard error: ``("ok", result)``, ``("raised", exception)``
    (any ``BaseException``, ``SystemExit`` included) or ``("timeout", None)`` when it has not returned
    within ``timeout`` seconds.  With a time-out it runs in a worker thread (``worker``, or a new one),
    which is abandoned on a time-out: Python cannot stop a thread."""
    with contextlib.redirect_stdout(sys.stderr):
        if timeout is None:
            try:
                return "ok", fn(*args)
            except BaseException as exc:  # noqa: BLE001
                return "raised", exc
        own = worker is None
        worker = worker or _Worker(name)
        try:
            return worker.call(fn, args, timeout)
        finally:
            if own:
                worker.stop()


class InProcess(Implementation):
    """Wraps an :class:`Adapter`: any exception but :class:`Rejected` (``SystemExit`` too) is a crash,
    named as such; a call that takes longer than ``timeout`` seconds is a time-out, and every later call
    fails at once (the call still runs in its abandoned worker thread)."""

    def __init__(self, adapter: Any, name: str | None = None, *, timeout: float | None = None):
        self.adapter = adapter
        self.name = name or type(adapter).__name__
        self.timeout = timeout
        self.hung: str | None = None
        self._worker: _Worker | None = None
        try:
            params = inspect.signature(adapter.step).parameters
            self._told_player = len(params) >= 2 or any(p.kind is p.VAR_POSITIONAL for p in params.values())
        except (TypeError, ValueError):
            self._told_player = False

    def _call(self, what: str, fn: Callable[..., Any], *args: Any) -> Any:
        if self.hung is not None:
            raise ImplementationFailure("timeout", f"{self.name} is still running {self.hung}, which timed out")
        if self.timeout is not None and self._worker is None:
            self._worker = _Worker(self.name)
        # A reset configures a game (boards, components): like a child's first answer, it may take 10 s.
        limit = None if self.timeout is None else (max(self.timeout, 10.0) if what == "reset" else self.timeout)
        status, value = run_with_deadline(fn, args, limit, name=self.name, worker=self._worker)
        if status == "ok":
            return value
        if status == "timeout":
            self.hung = what
            raise ImplementationFailure("timeout", f"{self.name}.{what} gave no answer within {limit:g} s")
        exc = value
        if isinstance(exc, Rejected) or (isinstance(exc, Unsupported) and what == "reset"):
            raise exc
        if what == "step" and isinstance(exc, (Undecided, Unspecified)):
            raise exc if isinstance(exc, Undecided) else Undecided(exc.ambiguity_id, exc.message)
        if isinstance(exc, KeyboardInterrupt):
            raise exc
        tb = traceback.format_exception(exc)[-3:]
        raise ImplementationFailure("crash", f"{self.name}.{what} raised {type(exc).__name__}: {exc}\n"
                                    + "".join(tb).rstrip()) from None

    def _json(self, what: str, answer: Any) -> Any:
        """The answer as it would cross a wire: plain JSON data."""
        try:
            return plain(answer)
        except TypeError as exc:
            raise ImplementationFailure("garbage", f"{self.name}.{what} returned something that is not "
                                        f"JSON data ({exc})") from None

    def reset(self, game: str, options: Any, board: Any, state: Any = None) -> ResetAnswer:
        answer = self._call("reset", self.adapter.reset, game, options, board, state)
        if isinstance(answer, ResetAnswer):
            answer = {"state": answer.state, **({"fields": list(answer.fields)} if answer.fields else {})}
        answer = self._json("reset", answer)
        return _reset_answer({"state": answer} if not (isinstance(answer, dict) and "state" in answer
                                                       and isinstance(answer["state"], dict)) else answer)

    def step(self, action: dict[str, Any], player: int | None = None) -> dict[str, Any]:
        args = (action, player) if self._told_player else (action,)
        answer = self._json("step", self._call("step", self.adapter.step, *args))
        if isinstance(answer, dict) and "state" in answer and isinstance(answer["state"], dict):
            answer = answer["state"]
        if not isinstance(answer, dict):
            raise ImplementationFailure("garbage", f"{self.name}.step returned {type(answer).__name__}, "
                                        "not a state object")
        return answer

    def close(self) -> None:
        close = getattr(self.adapter, "close", None)
        try:
            if close is not None and self.hung is None:
                self._call("close", close)
        finally:
            if self._worker is not None and self.hung is None:
                self._worker.stop()
                self._worker = None


class ModelAdapter(Adapter):
    """The reference model itself as an implementation (self-test; the base of seeded bugs).

    ``patches`` (``("module:attribute", replacement)`` pairs) are applied while the adapter runs, and
    only then: a subclass that changes one rule is a *mutant* the oracle must catch."""

    patches: Sequence[tuple[str, Any]] = ()
    #: readings this adapter settles its own way whatever the options say (``{option: reading}``): a
    #: conforming implementation with one reading changed
    readings: dict[str, str] = {}

    def __init__(self) -> None:
        self.rs: Ruleset | None = None
        self.state: Any = None

    @contextmanager
    def patched(self) -> Iterator[None]:
        from unittest import mock

        with ExitStack() as stack:
            for target, replacement in self.patches:
                module, _, path = target.partition(":")   # "pkg.module:function" or "...:Class.method"
                owner: Any = importlib.import_module(module)
                *parents, attr = path.split(".")
                for name in parents:
                    owner = getattr(owner, name)
                stack.enter_context(mock.patch.object(owner, attr, replacement))
            yield

    def reset(self, game: str, options: Any, board: Any, state: Any = None) -> dict[str, Any]:
        if self.readings:
            options = {**(options or {}), **self.readings}
        with self.patched():
            self.rs = configure(game, options, board, source="reset")
            self.state = self.rs.initial_state() if state is None else self.rs.decode_state(state)
            return {"state": self.rs.encode_state(self.state)}

    def step(self, action: dict[str, Any], player: int | None = None) -> dict[str, Any]:
        assert self.rs is not None
        with self.patched():
            act = self.rs.decode_action(action)
            try:
                self.state = self.rs.step(self.state, act, player)
            except IllegalAction as exc:
                raise Rejected(exc.rule_id, exc.message) from None
            except Unspecified as exc:
                raise Undecided(exc.ambiguity_id, exc.message) from None
            return {"state": self.rs.encode_state(self.state)}


def adapter_parts(spec: str) -> tuple[str, str]:
    """``(module or file, class)`` of ``python:MODULE:CLASS`` or ``python:FILE.py:CLASS``, checked."""
    body = spec.removeprefix("python:")
    where, sep, attr = body.rpartition(":")
    if not sep or not where or not attr:
        raise InvalidInput(f"{spec!r}: an in-process implementation is python:MODULE:CLASS or "
                           "python:FILE.py:CLASS", source="--impl")
    if where.endswith(".py") and not Path(where).is_file():
        raise InvalidInput(f"no such file {where}", source="--impl")
    return where, attr


def load_adapter(spec: str, *, timeout: float | None = None) -> InProcess:
    """``python:MODULE:CLASS`` or ``python:FILE.py:CLASS``: an in-process adapter class, instantiated
    (loading and ``__init__`` under the same time-out and guard as every call).  This runs it inside
    this process, for a program's own use; the command line runs it in a child (:class:`HostedAdapter`)."""
    where, attr = adapter_parts(spec)

    def instantiate() -> Any:
        if where.endswith(".py"):
            path = Path(where)
            name = f"_tombspec_adapter_{abs(hash(str(path.resolve())))}"
            module_spec = importlib.util.spec_from_file_location(name, path)
            assert module_spec is not None and module_spec.loader is not None
            module = importlib.util.module_from_spec(module_spec)
            module_spec.loader.exec_module(module)
        else:
            module = importlib.import_module(where)
        return getattr(module, attr)()

    limit = None if timeout is None else max(timeout, 10.0)
    status, value = run_with_deadline(instantiate, (), limit, name=spec)
    if status == "timeout":
        raise InvalidInput(f"cannot load {spec!r}: loading it took longer than {limit:g} s", source="--impl")
    if status == "raised":
        if isinstance(value, KeyboardInterrupt):
            raise value
        raise InvalidInput(f"cannot load {spec!r}: {type(value).__name__}: {value}", source="--impl")
    return InProcess(value, name=attr, timeout=timeout)


# --------------------------------------------------------------------------------------------------
# A child process over JSON-RPC 2.0


class ProcessImplementation(Implementation):
    """A child process speaking the conform protocol on its standard input and output."""

    def __init__(self, command: str | Sequence[str], *, timeout: float = 5.0, cwd: str | Path | None = None,
                 start_timeout: float | None = None):
        try:
            self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        except ValueError as exc:     # an unclosed quote
            raise InvalidInput(f"the implementation's command {command!r} is not a valid command line: {exc}",
                               source="--impl") from None
        if not self.argv:
            raise InvalidInput("the implementation's command is empty", source="--impl")
        if not (isinstance(timeout, (int, float)) and math.isfinite(timeout) and timeout > 0):
            raise InvalidInput(f"the time-out must be a positive number of seconds, not {timeout!r}",
                               source="--timeout")
        self.name = " ".join(self.argv)
        self.timeout = timeout
        self.start_timeout = start_timeout if start_timeout is not None else max(timeout, 10.0)
        self.cwd = cwd
        self.proc: subprocess.Popen[bytes] | None = None
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.outbox: queue.Queue[bytes | None] = queue.Queue()
        self.stderr: deque[str] = deque(maxlen=40)
        self.next_id = 0
        self.calls = 0

    # -- the child ---------------------------------------------------------------------------------

    def start(self) -> None:
        self.close()
        become_reaper()              # before the child starts: what it orphans comes back to us
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, cwd=self.cwd, start_new_session=True)
        except (OSError, ValueError) as exc:
            raise InvalidInput(f"cannot start {self.name!r}: {getattr(exc, 'strerror', None) or exc}",
                               source="--impl") from None
        _GROUPS.add(self.proc.pid)   # its own session: the group id is its pid
        _STARTED.add(self.proc.pid)
        self.started_at = _start_time(self.proc.pid)
        _watch_signals()
        self.lines = queue.Queue()
        self.outbox: queue.Queue[bytes | None] = queue.Queue()
        self.stderr = deque(maxlen=40)
        self.calls = 0
        # Three threads per child: writing never blocks the oracle (a child that stops reading fills its
        # pipe), reading never blocks it (every wait on ``lines`` has a time-out).
        threading.Thread(target=self._write_stdin, args=(self.proc.stdin, self.outbox), daemon=True).start()
        threading.Thread(target=self._read_stdout, args=(self.proc.stdout, self.lines), daemon=True).start()
        threading.Thread(target=self._read_stderr, args=(self.proc.stderr, self.stderr), daemon=True).start()

    @staticmethod
    def _write_stdin(stream: IO[bytes], outbox: queue.Queue[bytes | None]) -> None:
        try:
            while True:
                message = outbox.get()
                if message is None:
                    break
                stream.write(message)
                stream.flush()
        except (OSError, ValueError):
            pass
        finally:
            try:
                stream.close()
            except (OSError, ValueError):
                pass

    # The readers close their own pipe when it ends: closing a pipe a reader thread is blocked on would
    # block against it (and a grandchild that escaped the group can keep a pipe open for ever).
    @staticmethod
    def _read_stdout(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
        try:
            while True:
                raw = stream.readline(MAX_LINE)
                if not raw:
                    break
                lines.put(raw)
        except (OSError, ValueError):
            pass
        finally:
            lines.put(None)
            with contextlib.suppress(OSError, ValueError):
                stream.close()

    @staticmethod
    def _read_stderr(stream: IO[bytes], tail: deque[str]) -> None:
        try:
            for raw in iter(lambda: stream.readline(65536), b""):
                tail.append(raw.decode("utf-8", "replace").rstrip())
        except (OSError, ValueError):
            pass
        finally:
            with contextlib.suppress(OSError, ValueError):
                stream.close()

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.poll() is None:
                self.outbox.put(b'{"jsonrpc":"2.0","method":"shutdown"}\n')
                self.outbox.put(None)  # then close its input
                try:
                    proc.wait(timeout=0.5)
                except subprocess.TimeoutExpired:
                    pass
        finally:
            self._kill(proc)

    def _kill(self, proc: subprocess.Popen[bytes]) -> None:
        """Kill the child's whole process group, whether or not the child itself still lives (a
        grandchild keeps the group alive after its leader exits), then every process it started that
        left the group (``setsid``): tombspec is their reaper (:func:`reap_orphans`); then reap the
        child.  The pipes are left to their reader threads (see above): nothing here can block."""
        descendants = _descendants(proc.pid)
        kill_group(proc.pid)
        for pid in descendants:                 # those that left the group, while their parents live
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        if proc.poll() is None:
            with contextlib.suppress(OSError):
                proc.kill()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - an unkillable child
            pass
        _STARTED.discard(proc.pid)
        reap_orphans(getattr(self, "started_at", None))

    def _died(self, what: str) -> ImplementationFailure:
        proc = self.proc
        code = None
        if proc is not None:
            try:
                code = proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                pass
        self.close()
        time.sleep(0.05)  # let the stderr reader finish
        tail = "\n".join(list(self.stderr)[-12:])
        how = f"exited with code {code}" if code is not None else "closed its output"
        return ImplementationFailure("crash", f"{self.name!r} {how} during {what}"
                                     + (f"; its last words on stderr:\n{tail}" if tail else ""))

    # -- calls -------------------------------------------------------------------------------------

    def call(self, method: str, params: dict[str, Any]) -> Any:
        """Send one request and return its result; :class:`Rejected` for a refusal (code 1)."""
        if self.proc is None:  # not started yet, or closed after a failure: a fresh child
            self.start()
        assert self.proc is not None
        self.next_id += 1
        ident = self.next_id
        message = orjson.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params},
                               option=orjson.OPT_APPEND_NEWLINE)
        what = f"{method} (request {ident})"
        self.outbox.put(message)
        limit = self.start_timeout if self.calls == 0 else self.timeout
        self.calls += 1
        raw = self._next_line(limit, what)
        if raw is None:
            raise self._died(what)
        return self._response(raw, ident, what)

    def _next_line(self, limit: float, what: str) -> bytes | None:
        """The child's next line within ``limit`` seconds; None when it has exited (even if a grandchild
        still holds its output open) or closed its output."""
        deadline = time.monotonic() + limit
        exited_at: float | None = None
        while True:
            now = time.monotonic()
            if now >= deadline:
                self.close()
                raise ImplementationFailure("timeout", f"{self.name!r} gave no answer to {what} within "
                                            f"{limit:g} s")
            try:
                return self.lines.get(timeout=min(0.05, deadline - now))
            except queue.Empty:
                pass
            proc = self.proc
            if proc is not None and proc.poll() is not None:
                exited_at = exited_at or now
                if now - exited_at > 0.25:   # what it wrote before exiting has been read by now
                    return None

    def _response(self, raw: bytes, ident: int, what: str) -> Any:
        def garbage(problem: str) -> ImplementationFailure:
            self.close()
            text = raw[:200].decode("utf-8", "replace").rstrip()
            return ImplementationFailure("garbage", f"{self.name!r} answered {what} with {problem}: {text!r}")

        if not raw.endswith(b"\n") and len(raw) >= MAX_LINE:
            raise garbage(f"a line longer than {MAX_LINE} bytes")
        try:
            reply = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise garbage(f"something that is not JSON ({exc})") from None
        p = schema.problem("rpc-response", reply)
        if p is not None:
            raise garbage(f"something that is not a JSON-RPC 2.0 response ({p})")
        if reply["id"] != ident:
            raise garbage(f"a response to request {reply['id']!r}")
        if "error" in reply:
            err = reply["error"]
            if err["code"] == ILLEGAL_ACTION:
                data = err.get("data")
                p = schema.problem("rule-error-data", data)
                if p is not None:
                    raise garbage(f"an 'illegal action' error whose data does not name a rule ({p})")
                raise Rejected(data["rule"], err["message"])
            if err["code"] == UNSPECIFIED and what.startswith("step "):
                data = err.get("data")
                if not (isinstance(data, dict) and isinstance(data.get("ambiguity"), str) and data["ambiguity"]):
                    raise garbage("an 'unspecified' error (code 2) whose data does not name the ambiguity "
                                  '({"ambiguity": ID})')
                raise Undecided(data["ambiguity"], str(err["message"]))
            if err["code"] == UNSUPPORTED and what.startswith("reset "):
                raise Unsupported(str(err["message"]))
            raise ImplementationFailure("error", f"{self.name!r} answered {what} with error "
                                        f"{err['code']}: {err['message']}")
        return reply["result"]

    def reset(self, game: str, options: Any, board: Any, state: Any = None) -> ResetAnswer:
        params: dict[str, Any] = {"game": game, "options": options, "board": board}
        if state is not None:
            params["state"] = state
        if self.protocol is not None:
            params["protocol"] = self.protocol
        try:
            result = self.call("reset", params)
        except Rejected as exc:
            raise ImplementationFailure("garbage", f"{self.name!r} answered reset with an 'illegal action' "
                                        f"error ({exc})") from None
        p = schema.problem("reset-result", result)
        if p is not None:
            self.close()
            raise ImplementationFailure("garbage", f"{self.name!r}: the result of reset is not "
                                        f"{{'state': ..., 'fields': [...]}} ({p})")
        return _reset_answer(result)

    def step(self, action: dict[str, Any], player: int | None = None) -> dict[str, Any]:
        result = self.call("step", {"action": action} if player is None else {"action": action, "player": player})
        p = schema.problem("step-result", result)
        if p is not None:
            self.close()
            raise ImplementationFailure("garbage", f"{self.name!r}: the result of step is not "
                                        f"{{'state': ...}} ({p})")
        return result["state"]


def _reset_answer(result: Any) -> ResetAnswer:
    p = schema.problem("reset-result", result)
    if p is not None:
        raise ImplementationFailure("garbage", f"the result of reset is not {{'state': ..., "
                                    f"'fields': [...]}} ({p})")
    fields = result.get("fields")
    return ResetAnswer(result["state"], tuple(fields) if fields is not None else None, result.get("protocol"))


class HostedAdapter(ProcessImplementation):
    """A ``python:`` adapter run in a child process of tombspec's own (``tombspec.checks.oracle.host``),
    judged as any implementation: whatever it does (``os._exit``, a ``KeyboardInterrupt``, a process it
    starts, a call that never returns) stays in that child's process group and is a crash or a
    time-out, never a result."""

    def __init__(self, spec: str, *, timeout: float = 5.0):
        adapter_parts(spec)
        super().__init__([sys.executable, "-m", "tombspec.checks.oracle.host", spec], timeout=timeout)
        self.name = spec

    def check_loaded(self) -> None:
        """Start the child and make sure the adapter loaded: one that cannot is bad input (exit 2)."""
        from .host import NOT_LOADED

        try:
            self.call("tombspec.loaded", {})
        except ImplementationFailure as exc:
            if f"error {NOT_LOADED}:" in exc.message:
                self.close()
                raise InvalidInput(exc.message.split(f"error {NOT_LOADED}: ", 1)[1], source="--impl") from None
            raise


def open_implementation(spec: str, *, timeout: float = 5.0) -> Implementation:
    """``--impl``: a command line, or ``python:MODULE:CLASS`` (an adapter in a child process of tombspec's
    own: :class:`HostedAdapter`); either way a child process, judged the same way."""
    if spec.startswith("python:"):
        hosted = HostedAdapter(spec, timeout=timeout)
        hosted.check_loaded()
        return hosted
    return ProcessImplementation(spec, timeout=timeout)


# --------------------------------------------------------------------------------------------------
# Every process group tombspec started, killed when it exits (normally, by atexit, or on SIGTERM)

_GROUPS: set[int] = set()
_signals_watched = False


def kill_group(pgid: int) -> None:
    """SIGKILL the process group ``pgid`` (one of ours); nothing if it is gone already."""
    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
        os.killpg(pgid, signal.SIGKILL)
    _GROUPS.discard(pgid)


#: the children tombspec started itself (implementations), which are never taken for orphans
_STARTED: set[int] = set()


def become_reaper() -> None:
    """Make this process the reaper of every process its descendants orphan (Linux
    ``PR_SET_CHILD_SUBREAPER``): a grandchild whose parent died is then its child, not init's, and
    :func:`reap_orphans` can find it.  Nothing where the call is not available."""
    global _reaper
    if _reaper or not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        _reaper = libc.prctl(36, 1, 0, 0, 0) == 0       # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):  # pragma: no cover - no libc prctl
        _reaper = False


_reaper = False


def _proc_stat(pid: int) -> tuple[int, int] | None:
    """``(parent pid, start time in clock ticks)`` of a process, from ``/proc``; None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return int(fields[1]), int(fields[19])
    except (OSError, ValueError, IndexError):
        return None


def _start_time(pid: int) -> int | None:
    stat = _proc_stat(pid)
    return stat[1] if stat is not None else None


def _children_of() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    try:
        names = os.listdir("/proc")
    except OSError:  # pragma: no cover - not Linux
        return tree
    for name in names:
        if name.isdigit():
            stat = _proc_stat(int(name))
            if stat is not None:
                tree.setdefault(stat[0], []).append(int(name))
    return tree


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` now (its own session or not)."""
    tree, out, todo = _children_of(), [], [pid]
    while todo:
        for child in tree.get(todo.pop(), ()):
            out.append(child)
            todo.append(child)
    return out


def reap_orphans(since: int | None) -> None:
    """Kill and reap the processes an implementation started that were orphaned onto tombspec (its
    subreaper): this process's children started after the implementation (``since``, in clock ticks)
    that tombspec did not start itself, and what they started."""
    if since is None or not _reaper:
        return
    import multiprocessing

    own = _STARTED | {p.pid for p in multiprocessing.active_children()}
    tree = _children_of()
    for pid in tree.get(os.getpid(), ()):
        start = _start_time(pid)
        if pid in own or start is None or start < since:
            continue
        for victim in (*_descendants(pid), pid):
            with contextlib.suppress(OSError):
                os.kill(victim, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError, OSError):
            os.waitpid(pid, 0)


def kill_all_groups() -> None:
    for pgid in list(_GROUPS):
        kill_group(pgid)


def _on_sigterm(signum: int, frame: Any) -> None:
    kill_all_groups()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)     # then end as SIGTERM would have ended us


def _watch_signals() -> None:
    """Kill our process groups at exit and on SIGTERM (if nobody else handles SIGTERM)."""
    global _signals_watched
    if _signals_watched:
        return
    _signals_watched = True
    atexit.register(kill_all_groups)
    if threading.current_thread() is threading.main_thread():
        with contextlib.suppress(ValueError, OSError):
            if signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, None):
                signal.signal(signal.SIGTERM, _on_sigterm)


# --------------------------------------------------------------------------------------------------
# Comparing the implementation with the model


@attrs.define
class Mismatch:
    """Where an implementation departs from the model on one step."""

    kind: str        # "state" | "rejected" | "accepted" | "wrong-rule" | "unspecified" (a step the rulebook does
                     # not settle under the options, answered otherwise than by code 2) | "crash" | "timeout" |
                     # "garbage" | "error"
    message: str
    step: int        # 0: the reset; n: the n-th action
    action: Any = None
    rule: str | None = None          # the model's rule (refusals)
    claimed_rule: str | None = None  # the implementation's rule
    fields: list[FieldDiff] = attrs.field(factory=list)
    #: for a state mismatch: ``(ruleset, state before, action, player, state after)``, from which :attr:`set_by` is
    #: worked out when the mismatch is reported (never on every replay of a shrink)
    context: Any = attrs.field(default=None, repr=False, eq=False)
    _set_by: dict[str, Any] | None = attrs.field(default=None, init=False, repr=False, eq=False)

    @property
    def set_by(self) -> dict[str, Any]:
        """What the model's step did to each differing path (verify's ``set_by``)."""
        if self._set_by is None:
            self._set_by = {}
            if self.kind == "state" and self.context is not None:
                rs, before, action, player, after = self.context
                self._set_by = set_by(rs, before, action, player, [d.path for d in self.fields], after=after)
        return self._set_by

    @property
    def is_failure(self) -> bool:
        """The implementation failed to play (rather than played differently)."""
        return self.kind in ("crash", "timeout", "garbage", "error", "unsupported")

    def signature(self) -> tuple[Any, ...]:
        """What must stay the same while a failing game is shrunk."""
        if self.kind == "state":   # the same kind of action gives a state that differs
            kind = self.action.get("kind") if isinstance(self.action, dict) else None
            return ("state", kind if self.step else "reset")
        if self.is_failure:
            return ("failure", self.kind)
        return (self.kind, self.rule, self.claimed_rule)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "step": self.step, "message": self.message}
        if self.action is not None:
            out["action"] = self.action
        if self.rule:
            out["rule"] = self.rule
        if self.claimed_rule:
            out["claimed_rule"] = self.claimed_rule
        if self.fields:
            out["fields"] = [f.to_json() for f in self.fields]
        if self.set_by:
            out["set_by"] = self.set_by
        return out


def compare_state(rs: Ruleset, expected: Any, claimed: dict[str, Any], fields: tuple[str, ...] | None) -> list[FieldDiff]:
    want = plain(rs.encode_state(expected))
    if fields is not None:
        want = {k: want[k] for k in fields}
        claimed = {k: claimed.get(k, FieldDiff.MISSING) for k in fields} if isinstance(claimed, dict) else claimed
        return diff(claimed, want)
    return diff(claimed, want)


@attrs.define
class Exchange:
    """One action of a game as the oracle sent it, and what the implementation answered."""

    action: Any                      # the model's action object
    outcome: Outcome                 # the model's verdict
    player: int | None = None        # who made the decision (None: chance)
    answer: dict[str, Any] | None = None
    rejected: str | None = None      # the rule the implementation named
    note: str = ""
    before: Any = attrs.field(default=None, repr=False, eq=False)   # the model's state before the action


class Session:
    """One game against one implementation: ``reset`` then ``step`` after ``step``, each compared."""

    def __init__(self, impl: Implementation, rs: Ruleset, config: dict[str, Any], start: Any = None,
                 rule_match: str = "any", speaks: int | None = None):
        self.impl = impl
        #: the version of the protocol the implementation speaks, where it said so (``--protocol``): only
        #: the state fields of that version are compared
        self.speaks = speaks
        #: "any": a refusal may name any rule the model lists as broken (IllegalAction.rules); "exact":
        #: only the first
        self.rule_match = rule_match
        self.rs = rs
        self.config = config
        self.state = start if start is not None else rs.initial_state()
        self.start = self.state
        self.fields: tuple[str, ...] | None = None
        self.steps = 0
        self.exchanges: list[Exchange] = []
        self.unspecified: str | None = None
        self.reset_state: dict[str, Any] | None = None
        self.said_protocol: int | None = None

    def reset(self) -> Mismatch | None:
        from .protocol import protocol_version

        start = self.rs.encode_state(self.start) if self.start != self.rs.initial_state() else None
        self.impl.protocol = protocol_version(self.rs.game)
        try:
            answer = self.impl.reset(self.config["game"], self.config["options"], self.config["board"], start)
        except ImplementationFailure as exc:
            return Mismatch(exc.kind, exc.message, 0)
        except Unsupported as exc:          # the oracle skips the game at its first reset; later, an error
            return Mismatch("unsupported", f"reset answered 'unsupported configuration' (code 3): "
                            f"{exc.message}", 0)
        if answer.fields is not None:
            known = state_fields(self.rs)
            unknown = [f for f in answer.fields if f not in known]
            if unknown:
                return Mismatch("garbage", f"reset declares field(s) {', '.join(unknown)}, not in the "
                                f"{self.rs.game} state (fields: {', '.join(known)})", 0)
        self.fields = answer.fields
        self.said_protocol = answer.protocol
        if self.speaks is not None:                   # the fields its version has, of those it models
            from .protocol import state_fields_of

            known = state_fields_of(self.rs.game, self.speaks)
            self.fields = tuple(f for f in (self.fields or state_fields(self.rs)) if f in known)
        self.reset_state = answer.state
        diffs = compare_state(self.rs, self.state, answer.state, self.fields)
        if diffs:
            return Mismatch("state", "the state after reset differs from the model's", 0, fields=diffs)
        return None

    def _open_step(self, ex: Exchange, data: Any, player: int | None, ambiguity: str) -> Mismatch | None:
        """The step the rulebook leaves open under these options (``ambiguity``, an option unset): sent,
        and answered code 2 naming the ambiguity of an option left unset; any other answer is a reading
        chosen silently (a divergence)."""
        n = self.steps
        options = given(self.rs)
        unset = {a for name, a in settles(self.rs.options_type).items() if getattr(options, name) is None}
        settle = settling_option(self.rs, ambiguity)
        hint = f"option {settle} is unset (null)" if settle else "an option is unset (null)"
        try:
            answer = self.impl.step(data, player)
        except Undecided as exc:
            ex.note = f"the implementation answered code 2 ({exc.ambiguity})"
            if exc.ambiguity not in unset:
                return Mismatch("unspecified", f"code 2 names {exc.ambiguity}, which no unset option settles; the "
                                f"model leaves this step open for {ambiguity} ({hint})", n, data,
                                rule=ambiguity, claimed_rule=exc.ambiguity)
            self.unspecified = ambiguity
            return None
        except Rejected as exc:
            ex.rejected = exc.rule
            return Mismatch("unspecified", f"the implementation refuses the step for {exc.rule}, but the rulebook "
                            f"does not settle it under these options ({ambiguity}: {hint}); the answer is code 2 "
                            "naming the ambiguity", n, data, rule=ambiguity, claimed_rule=exc.rule)
        except ImplementationFailure as exc:
            ex.note = f"the implementation failed here: {exc}"
            return Mismatch(exc.kind, exc.message, n, data)
        ex.answer = answer
        return Mismatch("unspecified", f"the implementation plays a step the rulebook does not settle under these "
                        f"options ({ambiguity}: {hint}), so it chose a reading silently; the answer is code 2 "
                        "naming the ambiguity", n, data, rule=ambiguity)

    def step(self, action: Any, player: int | None = None) -> Mismatch | None:
        """Send ``action`` (by ``player``); compare the answer with the model's verdict.  Where the
        rulebook does not settle the step under the options (an unset reading), the answer must be code
        2 naming an unset option's ambiguity: the game then stops there (``unspecified``)."""
        rs = self.rs
        outcome = expect(rs, self.state, action, player)
        data = rs.encode_action(action)
        ex = Exchange(action, outcome, player=player, before=self.state)
        self.exchanges.append(ex)
        self.steps += 1
        n = self.steps
        if outcome.kind == "unspecified":
            return self._open_step(ex, data, player, outcome.rule or "")
        try:
            answer = self.impl.step(data, player)
        except Undecided as exc:
            ex.note = f"the implementation answered code 2 ({exc.ambiguity})"
            return Mismatch("error", f"the implementation answers code 2 (unspecified: {exc.ambiguity}) where the "
                            "model has an answer under these options", n, data, claimed_rule=exc.ambiguity)
        except Rejected as exc:
            ex.rejected = exc.rule
            if outcome.kind == "post":
                return Mismatch("rejected", f"the implementation refuses an action the model accepts "
                                f"(it names {exc.rule}: {exc.message})", n, data, claimed_rule=exc.rule)
            accepted = (outcome.rule,) if self.rule_match == "exact" else (outcome.rule, *outcome.also)
            if exc.rule not in accepted:
                also = f" (or {', '.join(outcome.also)})" if outcome.also and self.rule_match != "exact" else ""
                return Mismatch("wrong-rule", f"refused for {exc.rule}; the model refuses it for "
                                f"{outcome.rule}{also}", n, data, rule=outcome.rule, claimed_rule=exc.rule)
            return None
        except ImplementationFailure as exc:
            ex.note = f"the implementation failed here: {exc}"
            return Mismatch(exc.kind, exc.message, n, data)
        ex.answer = answer
        if outcome.kind == "error":
            return Mismatch("accepted", f"the implementation accepts an action the model refuses: it breaks "
                            f"{outcome.rule} ({outcome.message})", n, data, rule=outcome.rule)
        before, self.state = self.state, outcome.state
        diffs = compare_state(rs, outcome.state, answer, self.fields)
        if diffs:
            return Mismatch("state", "the state after this action differs from the model's", n, data,
                            fields=diffs, context=(rs, before, action, player, outcome.state))
        return None

    def trace_lines(self, header_extra: dict[str, Any]) -> list[dict[str, Any]]:
        """The game as a replayable trace, with the implementation's answers as the claims."""
        head: dict[str, Any] = {"trace": TRACE_NAME, "version": TRACE_VERSION, "game": self.rs.game,
                                **self.rs.describe(), **header_extra}
        if self.start != self.rs.initial_state():
            head["state"] = plain(self.rs.encode_state(self.start))
        if self.reset_state is not None:
            head["claim"] = ({"state": self.reset_state} if self.fields is None else
                             {"project": {k: self.reset_state.get(k) for k in self.fields}})
        lines = [head]
        for ex in self.exchanges:
            line: dict[str, Any] = {"action": plain(self.rs.encode_action(ex.action))}
            if ex.player is not None:
                line["player"] = ex.player
            if ex.rejected is not None:
                line["error"] = {"rule": ex.rejected}
            elif ex.answer is not None:
                if self.fields is None:
                    line["state"] = ex.answer
                else:
                    line["project"] = {k: ex.answer.get(k) for k in self.fields}
            if ex.note:
                line["note"] = ex.note
            lines.append(line)
        return lines


# --------------------------------------------------------------------------------------------------
# Random games, with probes


class ActionPool:
    """Sample actions of every kind seen so far (bounded), to derive actions the model refuses: samples
    of any kind, and *near misses*: a legal action with one field changed (another value seen for that
    field, or an integer off by one)."""

    def __init__(self, rs: Ruleset, per_kind: int = 24):
        self.rs = rs
        self.per_kind = per_kind
        self.samples: dict[str, list[Any]] = {kind: [] for kind in rs.action_types}
        self.values: dict[tuple[str, str], list[Any]] = {}
        for kind, cls in rs.action_types.items():
            if not attrs.fields(cls):
                self.samples[kind].append(cls())

    def add(self, actions: Sequence[Any]) -> None:
        for a in actions:
            kind = type(a).kind
            bucket = self.samples.setdefault(kind, [])
            if a not in bucket:
                if len(bucket) >= self.per_kind:
                    bucket.pop(0)
                bucket.append(a)
            for f in attrs.fields(type(a)):
                seen = self.values.setdefault((kind, f.name), [])
                v = getattr(a, f.name)
                if v not in seen:
                    if len(seen) >= self.per_kind:
                        seen.pop(0)
                    seen.append(v)

    def kinds(self) -> list[str]:
        return [k for k, v in self.samples.items() if v]

    def draw(self, kind: str, legal: Sequence[Any], legal_set: set[Any], rng: random.Random) -> Any | None:
        """A random action of ``kind`` that is not in ``legal``: a near miss of a legal action of that
        kind (one field changed) or a sample; None when the draw hits a legal action."""
        mine = [a for a in legal if type(a).kind == kind]
        fields = attrs.fields(type(mine[0])) if mine else ()
        if fields and rng.random() < 0.7:
            a = mine[rng.randrange(len(mine))]
            f = fields[rng.randrange(len(fields))]
            value = getattr(a, f.name)
            others = [v for v in self.values.get((kind, f.name), ()) if v != value and type(v) is type(value)]
            if isinstance(value, int) and not isinstance(value, bool):
                others += [value - 1, value + 1]
            if not others:
                return None
            b = attrs.evolve(a, **{f.name: others[rng.randrange(len(others))]})
        else:
            bucket = self.samples.get(kind) or []
            if not bucket:
                return None
            b = bucket[rng.randrange(len(bucket))]
        return None if b in legal_set else b

    def illegal(self, state: Any, rng: random.Random, legal: Sequence[Any], player: int | None = None,
                tries: int = 4) -> Any | None:
        """A drawn action the model refuses in ``state`` from ``player`` (or None)."""
        kinds = self.kinds()
        legal_set = set(legal)
        for _ in range(tries):
            candidate = self.draw(kinds[rng.randrange(len(kinds))], legal, legal_set, rng)
            if candidate is not None and expect(self.rs, state, candidate, player).kind == "error":
                return candidate
        return None


def choose_action(rs: Ruleset, state: Any, rng: random.Random, pool: ActionPool | None = None,
                  probe_rate: float = 0.0, policy: Policy | None = None) -> tuple[Any, int | None, bool] | None:
    """The next ``(action, player, is_probe)`` of a random game (None when the game is over or stuck):
    chance drawn with exactly its probabilities, a decision by ``policy`` (default: uniformly), and now
    and then (``probe_rate``) an action the model refuses.

    Raises ``Unspecified`` where listing the options needs a reading the options leave open."""
    pending = rs.pending(state)
    if pending.is_over:
        return None
    player: int | None = None
    dist = None
    if pending.is_chance:
        dist = rs.chance(state)
        legal = [o for o, _ in dist.support()] if dist.size <= 4096 else []
    else:
        actors = pending.actors
        player = actors[0] if len(actors) == 1 else actors[rng.randrange(len(actors))]
        legal = rs.legal_actions(state, player)
        if not legal:
            return None
    if pool is not None:
        pool.add(legal)
        if probe_rate and rng.random() < probe_rate:
            probe = pool.illegal(state, rng, legal, player)
            if probe is not None:
                return probe, player, True
    if dist is not None:
        return dist.sample(rng), None, False
    if policy is not None:
        return policy(rs, state, rng, legal, player), player, False
    return legal[rng.randrange(len(legal))], player, False


# --------------------------------------------------------------------------------------------------
# Shrinking


def ddmin(items: list[Any], fails: Callable[[list[Any]], bool], *, budget: Callable[[], bool]) -> list[Any]:
    """Zeller's delta debugging: a 1-minimal sublist of ``items`` on which ``fails`` still holds
    (within the ``budget``: it stops early, returning the smallest failing list found so far)."""
    n = 2
    while len(items) >= 2 and budget():
        chunk = max(1, len(items) // n)
        subsets = [items[i:i + chunk] for i in range(0, len(items), chunk)]
        reduced = False
        for i in range(len(subsets)):
            if not budget():
                return items
            complement = [x for j, s in enumerate(subsets) if j != i for x in s]
            if complement and fails(complement):
                items = complement
                n = max(n - 1, 2)
                reduced = True
                break
        if not reduced:
            if n >= len(items):
                break
            n = min(n * 2, len(items))
    return items


def _declined_hint(game: str, speaks: int | None) -> str:
    """What to tell an implementation that declined a configuration: the options new since the version
    it speaks (``--protocol``), with their defaults; or how to say which version it speaks."""
    from .protocol import new_options_since, protocol_version

    now = protocol_version(game)
    if now is None:
        return ""
    if speaks is not None and speaks < now:
        new = new_options_since(game, speaks)
        if new:
            return (f"; options new since protocol version {speaks}: "
                    + ", ".join(f"{k} (default {orjson.dumps(v).decode()})" for k, v in sorted(new.items())))
        return ""
    if speaks is None:
        return (f" (if it declined an option it does not know: this tombspec speaks {game} protocol version {now}; "
                f"say which version it speaks with --protocol N, and it is sent only that version's options, "
                f"and told what changed since: tombspec protocol {game})")
    return ""


# --------------------------------------------------------------------------------------------------
# Divergences explained by readings


def explaining_readings(rs: Ruleset, config: dict[str, Any], ex: Exchange,
                        fields: tuple[str, ...] | None) -> list[tuple[str, str, str]]:
    """The readings under which the model gives the implementation's answer (its state, its refusal's
    rule) to the exchange that diverged (:func:`.verify.readings_explaining`)."""
    if ex.before is None:
        return []

    def agrees(other: Ruleset, outcome: Outcome) -> bool:
        if ex.rejected is not None:
            return outcome.kind == "error" and ex.rejected in (outcome.rule, *outcome.also)
        if ex.answer is not None:
            return outcome.kind == "post" and not compare_state(other, outcome.state, ex.answer, fields)
        return False

    return readings_explaining(rs, config.get("board"), ex.before, ex.action, ex.player, agrees)


# --------------------------------------------------------------------------------------------------
# The oracle


@attrs.define
class GameFailure:
    """The first game an implementation fails, shrunk."""

    game: str
    index: int
    seed: int
    mismatch: Mismatch
    original_length: int
    actions: list[Any]
    trace: list[dict[str, Any]]
    shrink_tests: int = 0
    shrink_stopped: str = ""     # why shrinking stopped early ("replays", "seconds"), or "" when it finished
    #: the readings under which the model gives the implementation's answer at the diverging step
    #: (:func:`explaining_readings`): ``(option, ambiguity, reading)``
    readings: list[tuple[str, str, str]] = attrs.field(factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "index": self.index, "seed": self.seed, **self.mismatch.to_json(),
                "original_length": self.original_length, "shrunk_length": len(self.actions),
                "shrink_replays": self.shrink_tests, "shrink_stopped": self.shrink_stopped or None,
                "explained_by": [{"option": o, "ambiguity": a, "reading": r} for o, a, r in self.readings],
                "trace": self.trace}

    def steps_table(self) -> str:
        """The failing game as a table: step, who acted, the action, and where it went wrong."""
        from io import StringIO

        from rich.console import Console
        from rich.table import Table

        m = self.mismatch
        table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        for col in ("step", "actor", "action", "what differs"):
            table.add_column(col, overflow="fold")
        lines = [x for x in self.trace[1:]]
        if m.step == 0:
            table.add_row("reset", "", "", _differs(m))
        for n, line in enumerate(lines, 1):
            action = dict(line["action"])
            kind = action.pop("kind", "?")
            text = kind + (" " + orjson.dumps(action).decode() if action else "")
            if line.get("player") is not None:
                actor = f"player {line['player']}"
            else:                 # a refused probe sent with no player is not a chance outcome
                actor = "no player" if "error" in line else "chance"
            if "error" in line and n != m.step:   # a probe, refused as the model refuses it: the game goes on
                text += f"  (probe, refused: {line['error']['rule']})"
            table.add_row(str(n), actor, text, _differs(m) if n == m.step else "")
        out = StringIO()
        Console(file=out, width=110, no_color=True, highlight=False).print(table)
        return out.getvalue().rstrip()


def _differs(m: Mismatch) -> str:
    if m.kind == "state":
        shown = [f"{d.path}: {_short(d.claimed)}, model {_short(d.expected)}" + _set_by(m.set_by.get(d.path))
                 for d in m.fields[:8]]
        if len(m.fields) > 8:
            shown.append(f"... and {len(m.fields) - 8} more field(s)")
        return "\n".join(shown)
    if m.kind == "wrong-rule":
        return f"refused for {m.claimed_rule}; the model: {m.rule}"
    if m.kind == "accepted":
        return f"accepted; the model refuses it ({m.rule})"
    if m.kind == "rejected":
        return f"refused ({m.claimed_rule}); the model accepts it"
    return f"{m.kind}: {m.message[:200]}"


def _set_by(what: Any) -> str:
    """What the model's step did to a differing field, in a few words."""
    if what is None:
        return ""
    if what == UNCHANGED:
        return " (the model leaves it)"
    rules = [r for r in what if ".ambiguity." not in r] or list(what)
    return f" (set by {', '.join(rules[:5])}{', ...' if len(rules) > 5 else ''})" if rules else ""


def _short(value: Any, limit: int = 60) -> str:
    if value is FieldDiff.MISSING:
        return "(missing)"
    text = orjson.dumps(value, default=str).decode()
    return text if len(text) <= limit else text[:limit - 3] + "..."


@attrs.define
class ConformReport:
    implementation: str
    games: int = 0
    steps: int = 0
    probes: int = 0
    unspecified: int = 0
    #: the unspecified games by the ambiguity each stopped at
    unspecified_by: dict[str, int] = attrs.field(factory=dict)
    seconds: float = 0.0
    play_seconds: float = 0.0   # the games alone (shrinking apart): what steps per second measures
    per_game: dict[str, int] = attrs.field(factory=dict)
    #: the games the implementation declined at reset (code 3), with its message: skipped, not checked
    unsupported: dict[str, str] = attrs.field(factory=dict)
    failure: GameFailure | None = None
    #: per game: the state fields the implementation declared it models (compared) and the others
    compared: dict[str, dict[str, list[str]]] = attrs.field(factory=dict)
    #: per game: how often the games' rules consulted each reading (``"option = reading"``: times)
    readings: dict[str, dict[str, int]] = attrs.field(factory=dict)
    #: per game: the readings chosen other than the defaults (``"option = reading"``)
    chosen: dict[str, list[str]] = attrs.field(factory=dict)
    #: per game: how its games ended (the model's ``outcome``; ``unfinished`` at --max-steps, ``stopped``
    #: at an unspecified step or a divergence), and the ends its ruleset declares (``Ruleset.ends``)
    ended: dict[str, dict[str, int]] = attrs.field(factory=dict)
    ends: dict[str, list[str]] = attrs.field(factory=dict)
    #: per game: the version of its protocol the model speaks, the one the implementation speaks (said
    #: with --protocol, or in its reset's answer), and what changed since
    protocol: dict[str, dict[str, Any]] = attrs.field(factory=dict)

    def note_protocol(self, game: str, speaks: int | None, said: int | None) -> None:
        from .protocol import changes_since, protocol_version

        now = protocol_version(game)
        theirs = speaks if speaks is not None else said
        entry: dict[str, Any] = {"model": now, "implementation": theirs}
        if now is not None and theirs is not None and theirs < now:
            entry["changed_since"] = changes_since(game, theirs)
        elif now is not None and theirs is not None and theirs > now:
            entry["changed_since"] = [f"version {theirs} is newer than this tombspec's ({now})"]
        self.protocol[game] = entry

    def note_end(self, game: str, rs: Any, state: Any, stopped: bool) -> None:
        """Record how a game of ``game`` ended (``state``: the model's last)."""
        end = "stopped" if stopped else rs.outcome(state) or "unfinished"
        counts = self.ended.setdefault(game, {})
        counts[end] = counts.get(end, 0) + 1
        self.ends.setdefault(game, list(rs.ends()))

    @property
    def ends_unreached(self) -> dict[str, list[str]]:
        """Per game: the ends its ruleset declares that no game reached (the implementation's play to
        them was never compared)."""
        return {game: [e for e in ends if e not in self.ended.get(game, {})] for game, ends in self.ends.items()}

    @property
    def unreached(self) -> dict[str, list[str]]:
        """Per game: the readings chosen other than the defaults that no game consulted (a pass says
        nothing about them)."""
        return {game: [k for k in keys if k not in self.readings.get(game, {})] for game, keys in self.chosen.items()}

    def note_readings(self, game: str, options: Any, reads: Counter[tuple[str, str]]) -> None:
        """Record which readings the games of ``game`` consulted, and which were chosen."""
        counts = self.readings.setdefault(game, {})
        for (name, value), n in reads.items():
            key = f"{name} = {value}"
            counts[key] = counts.get(key, 0) + n
        self.readings[game] = dict(sorted(counts.items()))
        self.chosen[game] = [f"{f.name} = {getattr(options, f.name)}" for f in attrs.fields(type(options))
                             if "settles" in f.metadata and getattr(options, f.name) not in (None, f.default)]

    def note_fields(self, game: str, declared: Sequence[str] | None, every: Sequence[str]) -> None:
        """Record which state fields were compared for ``game`` (``declared`` None: all of them)."""
        if game in self.compared:
            return
        chosen = list(every) if declared is None else [f for f in every if f in declared]
        self.compared[game] = {"compared": chosen, "not_compared": [f for f in every if f not in chosen]}

    def warnings(self) -> list[str]:
        out = []
        for game, c in self.compared.items():
            total = len(c["compared"]) + len(c["not_compared"])
            if c["not_compared"] and len(c["compared"]) * 2 < total:
                out.append(f"{game}: only {len(c['compared'])} of the {total} state fields were compared "
                           f"(the implementation declares {', '.join(c['compared']) or 'none'}); "
                           "the others were not checked at all")
        return out
    policy: str = "uniform"
    #: per game: the rules the model's steps exercised; the formalised ones never exercised; how many
    exercised: dict[str, set[str]] = attrs.field(factory=dict)
    not_exercised: dict[str, list[str]] = attrs.field(factory=dict)
    formalised: dict[str, int] = attrs.field(factory=dict)
    trace_path: str | None = None   # where the failing game's trace was written (the CLI sets it)

    @property
    def exit_code(self) -> int:
        if self.failure is None:
            return 0 if self.games else 2       # every game declined: nothing was checked
        return 2 if self.failure.mismatch.is_failure else 1

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.play_seconds if self.play_seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        verdict = "nothing checked" if not self.games and self.failure is None else \
            {0: "conform", 1: "diverge", 2: "failure"}[self.exit_code]
        return {"verdict": verdict,
                "implementation": self.implementation, "games": self.games, "steps": self.steps,
                "probes": self.probes, "unspecified": self.unspecified, "unspecified_by": self.unspecified_by,
                "seconds": round(self.seconds, 3),
                "steps_per_second": round(self.steps_per_second, 1), "policy": self.policy,
                "per_game": self.per_game, "unsupported": self.unsupported, "compared_fields": self.compared,
                "readings": self.readings, "readings_never_reached": self.unreached,
                "ended": self.ended, "ends_never_reached": self.ends_unreached,
                "protocol": self.protocol, "warnings": self.warnings(),
                "rule_coverage": {g: {"formalised": self.formalised.get(g, 0),
                                      "exercised": len(self.exercised.get(g, ())),
                                      "not_exercised": self.not_exercised[g]} for g in self.not_exercised},
                "failure": self.failure.to_json() if self.failure else None}

    def describe(self) -> str:
        lines = [f"{self.implementation}: {self.games} game(s), {self.steps:,} step(s) ({self.probes:,} "
                 f"refusal probe(s)), {self.unspecified} unspecified, in {self.seconds:.2f} s "
                 f"({self.steps_per_second:,.0f} steps/s; policy {self.policy})"]
        if self.unspecified_by:
            lines.append("unspecified games stopped at: " + ", ".join(
                f"{a} ({n})" for a, n in sorted(self.unspecified_by.items(), key=lambda x: (-x[1], x[0]))))
        for game, c in self.compared.items():
            if c["not_compared"]:
                lines.append(f"{game}: compared {len(c['compared'])} of {len(c['compared']) + len(c['not_compared'])} "
                             f"state fields: {', '.join(c['compared']) or 'none'} (not compared: "
                             f"{', '.join(c['not_compared'])})")
            else:
                lines.append(f"{game}: compared every state field ({len(c['compared'])})")
        for game, keys in self.chosen.items():
            counts = self.readings.get(game, {})
            reached = [f"{k} ({counts[k]:,})" for k in sorted(keys) if k in counts]
            if reached:
                lines.append(f"{game}: readings other than the defaults the games reached: {', '.join(reached)}")
        for game, counts in self.ended.items():
            missed = self.ends_unreached.get(game, [])
            lines.append(f"{game}: games ended " + ", ".join(f"{e} ({n:,})" for e, n in sorted(counts.items())) +
                         (f"; ends never reached (their play was not compared): {', '.join(missed)}" if missed else
                          "; every end the rules give was reached" if self.ends.get(game) else ""))
        for game, names in self.unreached.items():
            if names:
                lines.append(f"{game}: readings chosen that no game reached (a pass says nothing about them): "
                             + ", ".join(names))
        for game, p in self.protocol.items():
            if p["model"] is None:
                continue
            if p["implementation"] is None:
                lines.append(f"{game}: protocol version {p['model']} (the implementation did not say which it speaks)")
            elif p["implementation"] == p["model"]:
                lines.append(f"{game}: protocol version {p['model']}, spoken by both")
            else:
                lines.append(f"{game}: the model speaks protocol version {p['model']}, the implementation "
                             f"{p['implementation']}; changed since: " + "; ".join(p.get("changed_since", [])))
        lines += [f"warning: {w}" for w in self.warnings()]
        lines += [f"skipped {game}: {why}; none of its games was checked" for game, why in self.unsupported.items()]
        f = self.failure
        if f is None and not self.games:
            lines.append("nothing checked: the implementation declined every configuration it was given")
        elif f is None:
            lines.append("conforms: every step agreed with the model on the fields compared")
        else:
            m = f.mismatch
            where = "the reset" if m.step == 0 else f"action {m.step}"
            lines.append(f"{'FAILS' if m.is_failure else 'DIVERGES'}: {f.game} game {f.index} (seed {f.seed}), "
                         f"at {where}: {m.kind}: {m.message}")
            for rid in filter(None, (m.rule, m.claimed_rule)):
                text = rule_text(f.game, rid)
                if text.get("quote"):
                    lines.append(f"    {rid}: \u201c{text['quote']}\u201d")
            for option, ambiguity, reading_ in f.readings:
                lines.append(f"the implementation reads {ambiguity} as {reading_}: the model gives its answer "
                             f"under that reading; rerun with --options '{{\"{option}\": \"{reading_}\"}}' to "
                             "check (or --infer-readings)")
            if m.step and not m.is_failure and not f.readings:
                lines.append("no other reading of the ambiguities this step consults gives the implementation's "
                             "answer")
            if len(f.actions) < f.original_length:
                stopped = {"replays": "; stopped at its replay budget", "seconds": "; stopped at its time budget"}
                lines.append(f"shrunk from {f.original_length} to {len(f.actions)} action(s) "
                             f"({f.shrink_tests} replays{stopped.get(f.shrink_stopped, '')})")
            lines.append(f.steps_table())
            judged = ("marked incomplete: tombspec verify reports it incomplete, exit 2" if m.is_failure else
                      "tombspec verify judges it the same way")
            if self.trace_path:
                lines.append(f"the replayable trace ({judged}): {self.trace_path}")
            else:
                lines.append(f"the replayable trace ({judged}):")
                lines += [orjson.dumps(x, option=orjson.OPT_SORT_KEYS).decode() for x in f.trace]
        for g, missing in self.not_exercised.items():
            total = self.formalised.get(g, 0)
            lines.append(f"rule coverage ({g}): {total - len(missing)} of {total} formalised rule(s) exercised"
                         + (f"; never exercised: {', '.join(missing[:12])}"
                            + (f" and {len(missing) - 12} more (--json lists them)" if len(missing) > 12 else "")
                            if missing else ""))
        return "\n".join(lines)


class Oracle:
    """Plays random games against an implementation, compares every step, shrinks the first failure."""

    def __init__(self, impl: Implementation, *, probe_rate: float = 0.15, max_steps: int = 5000,
                 shrink: bool = True, shrink_seconds: float = 60.0, shrink_replays: int = 400,
                 rule_match: str = "any", policy: str = "uniform", coverage: bool = False,
                 protocol: int | None = None):
        check_rule_match(rule_match, "--rule-match")
        self.impl = impl
        self.rule_match = rule_match
        make_policy(policy)   # an unknown name is bad input, before anything is played
        self.policy = policy
        #: record the rules the model's steps exercise (the report ends with those never exercised); it
        #: halves the steps per second, so the API asks for it (the CLI always does)
        self.coverage = coverage
        self.probe_rate = probe_rate
        self.max_steps = max_steps
        self.shrink = shrink
        self.shrink_seconds = shrink_seconds
        self.shrink_replays = shrink_replays
        self.rulesets = RulesetCache()
        #: the version of the game's protocol the implementation speaks (``--protocol``): it is sent only
        #: that version's options, and compared on that version's state fields
        self.protocol = protocol

    def run(self, game: str, *, games: int, seed: int, options: Any = None, board: Any = None,
            report: ConformReport | None = None) -> ConformReport:
        report = report or ConformReport(self.impl.name)
        rs = self.rulesets.get(game, options, board, source="--game/--options/--board")
        config = plain({"game": game, "options": None, "board": None, **rs.describe()})
        speaks = self.protocol
        if speaks is not None:
            from .protocol import options_of

            known = options_of(game, speaks)
            config["options"] = {k: v for k, v in (config["options"] or {}).items() if k in known}
        pool = ActionPool(rs)
        policy = make_policy(self.policy)
        new_game = getattr(policy, "new_game", None)
        game_ended = getattr(policy, "game_ended", None)     # search-ends: later games aim at ends not reached
        report.policy = self.policy
        start: float | None = time.perf_counter()
        began = start
        exercised = report.exercised.setdefault(game, set())
        reads: Counter[tuple[str, str]] = Counter()
        failed: tuple[Any, ...] | None = None          # the first failing game: (index, played, mismatch, session)
        if self.coverage:
            # the set-up rules are exercised by building the board and the starting state, which a
            # reset does, not by any step: without this they would always read as never exercised
            with recording() as seen:
                configure(game, options, board, source="--game/--options/--board").initial_state()
            exercised |= seen
        try:
            with counted(rs):      # the readings its rules read, by read() or as attributes
                for i in range(games):
                    rng = random.Random(f"{seed}:{i}")
                    if new_game is not None:
                        new_game()
                    with counting_reads() as consulted:    # the readings this game's rules consulted
                        session = Session(self.impl, rs, config, rule_match=self.rule_match, speaks=speaks)
                        mismatch = session.reset()
                        if mismatch is not None and mismatch.kind == "unsupported" and i == 0:
                            # skipped, and said so: never a pass; with what is new, should it be the options
                            report.unsupported[game] = mismatch.message + _declined_hint(game, speaks)
                            break
                        if i == 0:
                            report.note_protocol(game, speaks, session.said_protocol)
                        if mismatch is None:
                            report.note_fields(game, session.fields, state_fields(rs))
                        played: list[Any] = []
                        unspecified: str | None = None
                        while mismatch is None and len(played) < self.max_steps:
                            try:
                                choice = choose_action(rs, session.state, rng, pool, self.probe_rate, policy)
                            except Unspecified as exc:
                                unspecified = exc.ambiguity_id
                                break
                            if choice is None:
                                break
                            action, player, probe = choice
                            if self.coverage and not probe:
                                with recording() as seen:
                                    mismatch = session.step(action, player)
                                exercised |= seen
                            else:
                                mismatch = session.step(action, player)
                            if session.unspecified:
                                unspecified = session.unspecified
                                break
                            played.append((action, player, probe))
                            report.probes += probe
                    reads.update(consulted)
                    report.note_end(game, rs, session.state, unspecified is not None or mismatch is not None)
                    if game_ended is not None and mismatch is None and unspecified is None:
                        game_ended(rs.outcome(session.state))
                    report.games += 1
                    report.per_game[game] = report.per_game.get(game, 0) + 1
                    report.steps += len(played)
                    if unspecified is not None:
                        report.unspecified += 1
                        report.unspecified_by[unspecified] = report.unspecified_by.get(unspecified, 0) + 1
                    if mismatch is not None:
                        report.play_seconds += time.perf_counter() - start
                        start = None
                        failed = (i, played, mismatch, session)
                        break
            if failed is not None:        # shrunk on the options themselves (its trace's header holds them)
                session = failed[3]
                readings = explaining_readings(rs, config, session.exchanges[-1], session.fields) \
                    if session.exchanges and failed[2].step == len(session.exchanges) else []
                report.failure = self._shrunk(rs, config, failed[0], seed, *failed[1:])
                report.failure.readings = readings
        finally:
            if start is not None:
                report.play_seconds += time.perf_counter() - start
            report.seconds += time.perf_counter() - began
            report.note_readings(game, given(rs), reads)
        if self.coverage:
            known = set(formalised(game, invariants=False))
            report.not_exercised[game] = sorted(known - exercised)
            report.formalised[game] = len(known)
        return report

    def replay(self, rs: Ruleset, config: dict[str, Any], actions: Sequence[Any]) -> tuple[Session, Mismatch | None]:
        """Play ``actions`` (``(action, player, is_probe)``) from a fresh reset.  A played action the
        model now refuses (the actions before it were cut away) is skipped, not sent: a shrinking
        candidate stays a game; a probe is sent as such."""
        session = Session(self.impl, rs, config, rule_match=self.rule_match, speaks=self.protocol)
        mismatch = session.reset()
        for action, player, *probe in actions:
            if mismatch is not None or session.unspecified:
                break
            if not (probe and probe[0]) and expect(rs, session.state, action, player).kind != "post":
                continue
            mismatch = session.step(action, player)
        return session, mismatch

    def _shorter_game(self, rs: Ruleset, config: dict[str, Any], index: int, seed: int, played: list[Any],
                      signature: tuple[Any, ...], budget: Callable[[], bool], count: Callable[[], None]) -> list[Any]:
        """Before delta debugging: fresh random games, each cut off once it is as long as the shortest
        failing game so far, for a third of the shrinking budget; the shortest that fails the same way.
        A typical failure is met early in some game, and delta debugging then starts from few actions
        instead of cutting a long game (where every cut changes all that follows)."""
        best = played
        pool = ActionPool(rs)
        tries = max(1, min(self.shrink_replays // 3, 100))
        for k in range(tries):
            if not budget() or len(best) <= 2:
                break
            count()
            rng = random.Random(f"{seed}:{index}:shrink:{k}")
            session = Session(self.impl, rs, config, rule_match=self.rule_match)
            mismatch = session.reset()
            game: list[Any] = []
            while mismatch is None and len(game) < len(best) - 1:
                try:
                    choice = choose_action(rs, session.state, rng, pool, self.probe_rate)
                except Unspecified:
                    break
                if choice is None or session.unspecified:
                    break
                action, player, probe = choice
                mismatch = session.step(action, player)
                if session.unspecified:
                    break
                game.append((action, player, probe))
            if mismatch is not None and mismatch.signature() == signature and len(game) < len(best):
                best = game
        return best

    def _shrunk(self, rs: Ruleset, config: dict[str, Any], index: int, seed: int, played: list[Any],
                mismatch: Mismatch, session: Session) -> GameFailure:
        """The failing game, shrunk by delta debugging (each candidate replayed from a fresh reset) to a
        short game that fails the same way; the game as played when it cannot be shrunk."""
        played = played[:mismatch.step] if mismatch.step else []
        actions = played
        signature = mismatch.signature()
        tests = 0
        deadline = time.monotonic() + self.shrink_seconds

        def budget() -> bool:
            return tests < self.shrink_replays and time.monotonic() < deadline

        def fails(candidate: list[Any]) -> bool:
            nonlocal tests
            tests += 1
            _, m = self.replay(rs, config, candidate)
            return m is not None and m.signature() == signature

        def count() -> None:
            nonlocal tests
            tests += 1

        final = mismatch
        stopped = ""
        if self.shrink and mismatch.kind != "timeout" and len(played) > 1:
            start_from = played
            if not mismatch.is_failure:    # a divergence: look for a shorter game first (a third of the budget)
                third = time.monotonic() + self.shrink_seconds / 3

                def early() -> bool:
                    return budget() and time.monotonic() < third

                start_from = self._shorter_game(rs, config, index, seed, played, signature, early, count)
            actions = ddmin(start_from, fails, budget=budget)
            if not budget():
                stopped = "replays" if tests >= self.shrink_replays else "seconds"
            if len(actions) < len(played):
                shrunk, again = self.replay(rs, config, actions)
                if again is not None and again.signature() == signature:
                    session, final = shrunk, again
                    # what was sent: the actions the model refused on the way were skipped
                    actions = [(ex.action, ex.player) for ex in shrunk.exchanges]
                else:  # not reproducible after all: keep the game as played
                    actions = played
        note = f"tombspec conform: {final.kind} at action {final.step} of {self.impl.name}"
        if len(actions) < len(played):
            note += f"; shrunk from {len(played)} to {len(actions)} action(s)"
        header = {"seed": seed, "index": index, "note": note}
        if final.is_failure:   # the implementation did not answer the last action: nothing to judge
            header["incomplete"] = f"the implementation failed ({final.kind}) at action {final.step}: {final.message}"[:500]
        return GameFailure(rs.game, index, seed, final, len(played), list(actions),
                           session.trace_lines(header), tests, stopped)


def conform(impl: Implementation, games_list: Sequence[str], *, games: int, seed: int, options: Any = None,
            board: Any = None, **oracle: Any) -> ConformReport:
    """Run the oracle on every game of ``games_list`` in turn; stop at the first failing game."""
    report = ConformReport(impl.name)
    runner = Oracle(impl, **oracle)
    for game in games_list:
        runner.run(game, games=games, seed=seed, options=options, board=board, report=report)
        if report.failure is not None:
            break
    return report


# --------------------------------------------------------------------------------------------------
# --infer-readings: an implementation's reading profile


@attrs.define
class ReadingRow:
    """One ambiguity the games reached: the readings still consistent with every answer, and for each
    other reading the game that ruled it out."""

    option: str
    ambiguity: str
    consistent: list[str]
    ruled_out: dict[str, str]          # reading -> "game N: what differed"


@attrs.define
class ReadingProfile:
    """What ``conform --infer-readings`` found: the readings it settled, in the order the divergences
    taught them, and every reached ambiguity's consistent readings under them."""

    game: str
    settled: list[tuple[str, str, str, str]] = attrs.field(factory=list)  # option, ambiguity, reading, why
    rows: list[ReadingRow] = attrs.field(factory=list)
    final: ConformReport | None = None
    unexplained: GameFailure | None = None
    runs: int = 0

    @property
    def options(self) -> dict[str, str]:
        return {option: reading_ for option, _, reading_, _ in self.settled}

    def exit_code(self) -> int:
        if self.final is None or (self.final.failure is not None and self.final.failure.mismatch.is_failure):
            return 2
        return 1 if self.unexplained is not None else 0

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "runs": self.runs,
                "settled": [{"option": o, "ambiguity": a, "reading": r, "decided_by": why}
                            for o, a, r, why in self.settled],
                "options": self.options,
                "profile": [{"option": r.option, "ambiguity": r.ambiguity, "consistent": r.consistent,
                             "ruled_out": r.ruled_out} for r in self.rows],
                "unexplained": self.unexplained.to_json() if self.unexplained is not None else None,
                "final": self.final.to_json() if self.final is not None else None}

    def describe(self) -> str:
        from io import StringIO

        from rich.console import Console
        from rich.table import Table

        lines = [f"{self.game}: the implementation's reading profile ({self.runs} conform runs)"]
        if self.settled:
            lines.append("readings settled from its answers, in the order the divergences showed them:")
            lines += [f"  {a}: {r} (option {o}; {why})" for o, a, r, why in self.settled]
        else:
            lines.append("no divergence needed a reading other than those given")
        if self.unexplained is not None:
            m = self.unexplained.mismatch
            lines.append(f"a divergence no single reading explains: game {self.unexplained.index}, action {m.step}: "
                         f"{m.kind}: {m.message}")
        table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        for col in ("ambiguity", "readings still consistent", "ruled out by"):
            table.add_column(col, overflow="fold")
        for row in self.rows:
            table.add_row(row.ambiguity, ", ".join(row.consistent) or "none",
                          "; ".join(f"{r}: {why}" for r, why in row.ruled_out.items()))
        out = StringIO()
        Console(file=out, width=120, no_color=True, highlight=False).print(table)
        lines.append(out.getvalue().rstrip())
        options = orjson.dumps(self.options).decode()
        lines.append(f"rerun with --options '{options}' to check them" if self.settled else
                     "every reached ambiguity's reading given agrees with the implementation")
        return "\n".join(lines)


def infer_readings(impl: Implementation, game: str, *, games: int, seed: int, options: Any = None,
                   board: Any = None, max_rounds: int = 20, consistency: bool = True,
                   **oracle: Any) -> ReadingProfile:
    """Play ``games`` games; at each divergence that one reading explains (:func:`explaining_readings`),
    adopt that reading and play them again, until they conform or a divergence no reading explains.
    Then, for every ambiguity the games reached, play them once under each other reading: those that
    still conform are consistent with every answer, the others name the game that ruled them out."""
    oracle = {**oracle, "shrink": False}
    profile = ReadingProfile(game)
    chosen: dict[str, Any] = dict(options or {})

    def run(opts: dict[str, Any]) -> ConformReport:
        profile.runs += 1
        return Oracle(impl, **oracle).run(game, games=games, seed=seed, options=opts, board=board)

    report = run(chosen)
    for _ in range(max_rounds):
        f = report.failure
        if f is None or f.mismatch.is_failure:
            break
        fresh = [r for r in f.readings if r[0] not in chosen]
        if not fresh:
            profile.unexplained = f
            break
        option, ambiguity, reading_ = fresh[0]
        why = f"game {f.index}, action {f.mismatch.step}: {f.mismatch.kind}"
        if len(fresh) > 1:
            why += "; also explained by " + ", ".join(f"{a} = {r}" for _, a, r in fresh[1:])
        profile.settled.append((option, ambiguity, reading_, why))
        chosen[option] = reading_
        report = run(chosen)
    profile.final = report
    if report.failure is not None or not consistency:
        return profile
    rs = configure(game, chosen or None, board, source="--options")
    raw = given(rs)
    fields = attrs.fields_dict(type(raw))
    reached = sorted({key.split(" = ")[0] for key in report.readings.get(game, {})})
    for name in reached:
        field = fields.get(name)
        if field is None or "settles" not in field.metadata:
            continue
        now = getattr(raw, name)
        row = ReadingRow(name, field.metadata["settles"], [now], {})
        for other in field.metadata["readings"]:
            if other == now:
                continue
            trial = run({**chosen, name: other})
            if trial.failure is None:
                row.consistent.append(other)
            else:
                m = trial.failure.mismatch
                row.ruled_out[other] = f"game {trial.failure.index}, action {m.step} ({m.kind})"
        profile.rows.append(row)
    return profile
