"""In-process adapters that misbehave, for the hardening tests (``python:FILE.py:CLASS``)."""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from tombspec.checks.oracle.conform import ModelAdapter, ResetAnswer


class PhaseOnly(ModelAdapter):
    """Declares it models only ``phase``, and lies about every other field."""

    def reset(self, game: str, options: Any, board: Any, state: Any = None) -> Any:
        answer = super().reset(game, options, board, state)
        return ResetAnswer(answer["state"], ("phase",))

    def step(self, action: dict[str, Any], player: int | None = None) -> dict[str, Any]:
        state = dict(super().step(action, player)["state"])
        state["turn"] = 999
        return {"state": state}


class ExitsInStep(ModelAdapter):
    def step(self, action: dict[str, Any], player: int | None = None) -> dict[str, Any]:
        sys.exit(0)


class ExitsInInit(ModelAdapter):
    def __init__(self) -> None:
        sys.exit(0)


class SleepsInStep(ModelAdapter):
    def step(self, action: dict[str, Any], player: int | None = None) -> dict[str, Any]:
        time.sleep(float(os.environ.get("TOMBSPEC_TEST_SLEEP", "30")))
        return super().step(action, player)


class Prints(ModelAdapter):
    def step(self, action: dict[str, Any], player: int | None = None) -> dict[str, Any]:
        print("a log line on stdout")
        return super().step(action, player)


class CrashesAt3(ModelAdapter):
    def reset(self, *args: Any) -> Any:
        self.n = 0
        return super().reset(*args)

    def step(self, action: dict[str, Any], player: int | None = None) -> dict[str, Any]:
        self.n += 1
        if self.n == 3:
            raise RuntimeError("boom")
        return super().step(action, player)


class ExitsHardInReset(ModelAdapter):
    """``os._exit(0)`` in reset: in process, it ended tombspec with exit 0 and no output."""

    def reset(self, *args: Any) -> Any:
        os._exit(0)


class InterruptsInStep(ModelAdapter):
    """A KeyboardInterrupt raised by the adapter: a crash, not the user's Ctrl-C."""

    def step(self, action: dict[str, Any], player: int | None = None) -> dict[str, Any]:
        raise KeyboardInterrupt


class StartsASleeper(ModelAdapter):
    """Starts a process (its pid written to $TOMBSPEC_TEST_PIDS) that would outlive tombspec."""

    def reset(self, *args: Any) -> Any:
        import subprocess

        proc = subprocess.Popen(["sleep", "605"])
        with open(os.environ["TOMBSPEC_TEST_PIDS"], "a") as f:
            f.write(f"{proc.pid}\n")
        return super().reset(*args)


class PrintsThenCrashes(ModelAdapter):
    def step(self, action: dict[str, Any], player: int | None = None) -> dict[str, Any]:
        print("a log line on stdout")
        raise RuntimeError("boom")
