"""The trace format: JSON Lines, versioned (documented in docs/oracle.md with its JSON Schema).

A trace holds one or more games.  Each game is a header line, then one line per action::

    {"trace": "tombspec", "version": 1, "game": "raiders", "options": {...}, "board": {...}, "seed": 1, "index": 0}
    {"action": {"kind": "coin-toss", "winner": 1}, "digest": "9f2c..."}
    {"action": {"kind": "move"}}
    {"action": {"kind": "heads", "heads": 4}, "state": {...}}
    {"action": {"kind": "stay"}, "project": {"current": 0, "raiders": [...]}}

After its action a line may claim the state that follows: whole (``state``), a projection holding only
some top-level fields (``project``), or its sha256 ``digest`` of the canonical JSON.  ``verify`` checks
every claim it finds.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

import orjson

from tombspec.model import codec
from tombspec.model.ruleset import Ruleset

TRACE_NAME = "tombspec"
TRACE_VERSION = 1


def header(rs: Ruleset, **extra: Any) -> dict[str, Any]:
    return {"trace": TRACE_NAME, "version": TRACE_VERSION, "game": rs.game, **rs.describe(), **extra}


def action_line(rs: Ruleset, action: Any, state: Any | None = None, *, claim: str = "digest") -> dict[str, Any]:
    line: dict[str, Any] = {"action": rs.encode_action(action)}
    if state is not None:
        if claim == "digest":
            line["digest"] = codec.digest(state)
        elif claim == "state":
            line["state"] = rs.encode_state(state)
    return line


class TraceWriter:
    """Writes games to a JSON Lines stream."""

    def __init__(self, out: IO[bytes], claim: str = "digest"):
        self.out = out
        self.claim = claim

    def write(self, obj: dict[str, Any]) -> None:
        self.out.write(orjson.dumps(obj, option=orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE))

    def game(self, rs: Ruleset, **extra: Any) -> None:
        self.write(header(rs, **extra))

    def step(self, rs: Ruleset, action: Any, state: Any) -> None:
        self.write(action_line(rs, action, state, claim=self.claim))


def iter_lines(stream: IO[bytes]) -> Iterator[tuple[int, bytes]]:
    for number, raw in enumerate(stream, 1):
        if raw.strip():
            yield number, raw
