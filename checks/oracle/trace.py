"""The trace format: JSON Lines, versioned (documented in docs/oracle.md with its JSON Schema).

A trace holds one or more games.  Each game is a header line, then one line per action::

    {"trace": "tombspec", "version": 1, "game": "<game>", "options": {...}, "board": {...}, "seed": 1, "index": 0}
    {"action": {"kind": "coin-toss", "winner": 1}, "digest": "9f2c..."}
    {"action": {"kind": "move"}}
    {"action": {"kind": "heads", "heads": 4}, "state": {...}}
    {"action": {"kind": "stay"}, "project": {"current": 0, "phase": "action"}}

After its action a line may claim the state that follows: whole (``state``), a projection holding only
some top-level fields (``project``), or its sha256 ``digest`` of the canonical JSON.  ``verify`` checks
every claim it finds.

A few more keys make a trace able to hold everything the oracle exchanges: a header may carry a
``state`` to start from (instead of the initial state) and a ``claim`` about the state before the first
action (``{"state": ...}``, ``{"project": ...}`` or ``{"digest": ...}``, as an implementation answered
``reset``), and an action line may claim ``"error": {"rule": ID}``: the action is refused for that rule
and the state stays as it was.  The JSON Schemas of both kinds of
line are ``tombspec.checks.oracle.schema.TRACE_HEADER`` and ``TRACE_STEP``; :func:`read_trace` validates every
line against them while it streams the file.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterator
from typing import IO, Any

import orjson

from tombspec.model import codec
from tombspec.model.ruleset import Ruleset, get_ruleset
from tombspec.spec.errors import InvalidInput, TombspecError
from tombspec.spec.inputs import check_depth, data_only, iter_lines

from . import schema

TRACE_NAME = "tombspec"
TRACE_VERSION = 1


def header(rs: Ruleset, **extra: Any) -> dict[str, Any]:
    """A game's header line: the format, the game and the version of its protocol (where recorded), its
    configuration, and ``extra``."""
    from .protocol import protocol_version

    version = protocol_version(rs.game)
    said = {"protocol": version} if version is not None else {}
    return {"trace": TRACE_NAME, "version": TRACE_VERSION, "game": rs.game, **said, **rs.describe(), **extra}


def action_line(rs: Ruleset, action: Any, state: Any | None = None, *, claim: str = "digest",
                player: int | None = None) -> dict[str, Any]:
    line: dict[str, Any] = {"action": rs.encode_action(action)}
    if player is not None:
        line["player"] = player
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

    def step(self, rs: Ruleset, action: Any, state: Any, player: int | None = None) -> None:
        self.write(action_line(rs, action, state, claim=self.claim, player=player))


# --------------------------------------------------------------------------------------------------
# Reading: one line at a time, each validated against its JSON Schema


class Header:
    """A game's header line."""

    __slots__ = ("line", "data")

    def __init__(self, line: int, data: dict[str, Any]):
        self.line = line
        self.data = data

    @property
    def game(self) -> str:
        return self.data["game"]

    def config(self) -> dict[str, Any]:
        """The configuration the replay uses: game, options, board."""
        return {"game": self.data["game"], "options": self.data.get("options"), "board": self.data.get("board")}


class StepLine:
    """An action line: the action and what it claims."""

    __slots__ = ("line", "action", "player", "state", "project", "digest", "error", "note")

    def __init__(self, line: int, data: dict[str, Any]):
        self.line = line
        self.action = data.get("action")
        self.player = data.get("player")
        self.state = data.get("state")
        self.project = data.get("project")
        self.digest = data.get("digest")
        self.error = data.get("error")
        self.note = data.get("note")

    @property
    def claims(self) -> bool:
        return self.state is not None or self.project is not None or self.digest is not None \
            or self.error is not None


#: a digest as the schema has it (``^[0-9a-f]{64}$``, without the newline ``$`` lets through: a line
#: with one goes through the full validator)
_DIGEST = re.compile("[0-9a-f]{64}").fullmatch
_new_step = object.__new__


def plain_parts(obj: Any) -> tuple[dict[str, Any], Any, int | None] | None:
    """(action, digest, player) of the common line's shape: an object with an ``action`` object and
    no key but ``digest`` and a ``player`` that is a number from 0; None for anything else.  The
    action's ``kind`` and the digest's form are left to :func:`_plain_step` (or, for a cached action
    and a digest equal to the model's, known good)."""
    if type(obj) is not dict:
        return None
    action, d, p = obj.get("action"), obj.get("digest"), obj.get("player")
    # No key but these three ("digest": null counts as a key, and the schema refuses it, with its message)
    if type(action) is not dict or len(obj) != 1 + (d is not None) + (p is not None):
        return None
    if p is not None and not (type(p) is int and p >= 0):
        return None
    return action, d, p


def _plain_step(obj: Any, line: int) -> StepLine | None:
    """The common line (an action, maybe who made it, maybe a digest) as a :class:`StepLine`, checked
    by a fast sufficient test of ``schema.TRACE_STEP``; None for anything else, which goes through the
    full JSON Schema validator."""
    parts = plain_parts(obj)
    if parts is None:
        return None
    action, d, p = parts
    kind = action.get("kind")
    if type(kind) is not str or not kind:
        return None
    if d is not None and not (type(d) is str and _DIGEST(d)):
        return None
    step = _new_step(StepLine)
    step.line, step.action, step.player, step.digest = line, action, p, d
    step.state = step.project = step.error = step.note = None
    return step


_GAME_ID = re.compile("[a-z][a-z0-9-]*").fullmatch


def _plain_header(obj: dict[str, Any]) -> bool:
    """Whether ``obj`` is the common header (trace, version, game, options, board, and maybe seed,
    index and note), by a fast sufficient test of ``schema.TRACE_HEADER``; anything else (a start state,
    a claim, an ``x-`` key, a value it may refuse) goes through the full JSON Schema validator."""
    if obj.get("trace") != "tombspec" or type(obj["trace"]) is not str:
        return False
    version, game = obj.get("version"), obj.get("game")
    if type(version) is not int or version != 1 or type(game) is not str or not _GAME_ID(game):
        return False
    for key, value in obj.items():
        kind = type(value)
        if key in ("trace", "version", "game"):
            continue
        if key == "options":
            ok = kind is dict or value is None
        elif key == "board":
            ok = kind is dict or kind is str or value is None
        elif key == "seed":
            ok = kind is int
        elif key == "protocol":
            ok = kind is int and value >= 1
        elif key == "index":
            ok = kind is int and value >= 0
        elif key == "note":
            ok = kind is str
        else:
            ok = False
        if not ok:
            return False
    return True


def _keys(obj: Any) -> int:
    """How many object keys ``obj`` holds, at every depth."""
    if type(obj) is dict:
        return len(obj) + sum(_keys(v) for v in obj.values() if type(v) in (dict, list))
    if type(obj) is list:
        return sum(_keys(v) for v in obj if type(v) in (dict, list))
    return 0


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


class _Duplicate(ValueError):
    pass


#: a JSON string, escapes included (to count the colons outside strings)
_STRINGS_B = re.compile(rb'"(?:[^"\\]+|\\.)*"', re.S)
_STRINGS = re.compile(r'"(?:[^"\\]+|\\.)*"', re.S)


def check_duplicate_keys(raw: bytes | str, obj: Any, *, source: str, line: int) -> None:
    """Refuse a line whose JSON repeats a key in one object (JSON parsers keep the last silently).

    A key is followed by one colon; when the line holds no more colons than ``obj`` has keys, no key
    can be repeated (a cheap test, true of nearly every line); otherwise the line is parsed again,
    keeping every key, to find out."""
    colon, strings, nothing, escape = (b":", _STRINGS_B, b"", b"\\") if isinstance(raw, bytes) else \
        (":", _STRINGS, "", "\\")
    colons = raw.count(colon)
    if escape not in raw:
        # Without escapes, ``obj`` written again holds the line's strings (those of a repeated key's
        # lost value aside) and one colon per key kept: the line has no more colons only if no key
        # was repeated.  (An object nested too deep for orjson to write goes on below.)
        try:
            if colons <= orjson.dumps(obj).count(b":"):
                return
        except orjson.JSONEncodeError:
            pass
    keys = _keys(obj)
    if colons <= keys:
        return
    # Some colons are inside strings (a note, say).  Outside them, in JSON that parsed, there is exactly
    # one colon per key written: no more of those than keys kept means that no key is repeated.
    if strings.sub(nothing, raw).count(colon) <= keys:
        return
    import json

    try:
        json.loads(raw, object_pairs_hook=_no_duplicates)
    except _Duplicate as exc:
        raise InvalidInput(f"the key {exc.args[0]!r} appears twice in one object", source=source,
                           line=line) from None
    except (ValueError, RecursionError):   # orjson accepted it: the difference is not a duplicate key
        pass


def parse_line(raw: bytes | str, *, source: str, line: int) -> Header | StepLine:
    """One trace line, checked against its schema; :class:`InvalidInput` names the file, line and problem."""
    try:
        obj = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise InvalidInput(f"not valid JSON: {exc}", source=source, line=line) from None
    check_duplicate_keys(raw, obj, source=source, line=line)
    step = _plain_step(obj, line)
    if step is not None:
        return step
    if not isinstance(obj, dict):
        raise InvalidInput(f"a trace line is a JSON object, not {_json_type(obj)}", source=source, line=line)
    if "trace" in obj and "action" in obj:
        raise InvalidInput('a line is a header (with "trace") or an action line (with "action"), not both',
                           source=source, line=line)
    check_depth(obj, source=source, line=line)
    if "trace" in obj:
        if not _plain_header(obj):
            schema.validate("trace-header", obj, source=source, line=line, what="the header line")
        return Header(line, obj)
    if "action" in obj:
        schema.validate("trace-step", obj, source=source, line=line, what="the action line")
        return StepLine(line, obj)
    raise InvalidInput('a trace line is a header (with "trace") or an action line (with "action"); '
                       f"this one has keys {', '.join(sorted(obj)) or 'none'}", source=source, line=line)


def read_trace(stream: IO[bytes], source: str) -> Iterator[Header | StepLine]:
    """Stream a trace: every non-blank line parsed and validated; the first must be a header."""
    first = True
    for number, raw in iter_lines(stream, source=source):
        if not raw.strip():
            continue
        item = parse_line(raw, source=source, line=number)
        if first and not isinstance(item, Header):
            raise InvalidInput('a trace starts with a header line ({"trace": "tombspec", "version": 1, '
                               '"game": ...}); this line is an action', source=source, line=number)
        first = False
        yield item


def _json_type(obj: Any) -> str:
    return {list: "an array", str: "a string", int: "a number", float: "a number", bool: "a boolean",
            type(None): "null"}.get(type(obj), type(obj).__name__)


# --------------------------------------------------------------------------------------------------
# The configuration of a game: a ruleset from (game, options, board) data


def board_argument(game: str, board: Any, *, allow_paths: bool = False) -> Any:
    """The ``board=`` argument for ``get_ruleset`` from a header's or manifest's board value.

    A string is a shipped board's name; an object is the board's data as ``ruleset.describe()`` gives
    it, in the game's board-file form.  A path is taken only from the user's own command line
    (``allow_paths``): a trace or a vector names no file to read (docs/limits.md)."""
    if board is None or isinstance(board, dict):
        return board
    if isinstance(board, str):
        if allow_paths:
            return board
        from tombspec.model.registry import ruleset_class

        shipped = getattr(ruleset_class(game), "shipped_boards", None)
        names = sorted(shipped()) if shipped is not None else []
        if board not in names:
            raise InvalidInput(f"the board {board[:80]!r} is not a shipped {game} board "
                               f"({', '.join(names) or 'none'}); a trace or vector names a shipped "
                               "board or holds the board's data, never a file path")
        return board
    raise InvalidInput(f"a board must be a shipped board's name or an object, not {_json_type(board)}")


class RulesetCache:
    """Configured rulesets by configuration, a few at a time (a trace repeats its configuration)."""

    def __init__(self, size: int = 8):
        self.size = size
        self._cache: OrderedDict[bytes, Ruleset] = OrderedDict()

    def get(self, game: Any, options: Any, board: Any, *, source: str, line: int | None = None,
            allow_paths: bool = False) -> Ruleset:
        key = orjson.dumps([game, options, board, allow_paths], option=orjson.OPT_SORT_KEYS)
        rs = self._cache.get(key)
        if rs is not None:
            self._cache.move_to_end(key)
            return rs
        rs = configure(game, options, board, source=source, line=line, allow_paths=allow_paths)
        self._cache[key] = rs
        if len(self._cache) > self.size:
            self._cache.popitem(last=False)
        return rs


def configure(game: Any, options: Any, board: Any, *, source: str, line: int | None = None,
              allow_paths: bool = False) -> Ruleset:
    """``get_ruleset(game, options=..., board=...)`` from data; any problem is :class:`InvalidInput`."""
    if not isinstance(game, str):
        raise InvalidInput(f"the game must be a string, not {_json_type(game)}", source=source, line=line)
    try:
        config: dict[str, Any] = {"options": options}
        arg = board_argument(game, board, allow_paths=allow_paths)
        if arg is not None:
            config["board"] = arg
        if allow_paths:
            return get_ruleset(game, **config)
        with data_only(source if source.startswith("<") else f"{source}: the configuration"):
            return get_ruleset(game, **config)
    except InvalidInput as exc:
        raise InvalidInput(f"cannot configure {game}: {exc}", source=source, line=line) from None
    except TombspecError as exc:
        raise InvalidInput(f"cannot configure {game}: {exc}", source=source, line=line) from None
    except ModuleNotFoundError:
        raise InvalidInput(f"no model for game {game!r}", source=source, line=line) from None
    except RecursionError:
        raise InvalidInput(f"cannot configure {game}: the board or options are nested too deep",
                           source=source, line=line) from None
    except MemoryError:
        raise InvalidInput(f"cannot configure {game}: the board or options need more memory than there is",
                           source=source, line=line) from None
    except Exception as exc:  # a malformed configuration the model's loaders did not foresee
        raise InvalidInput(f"cannot configure {game}: {type(exc).__name__}: {exc}", source=source,
                           line=line) from None


def setup_state(rs: Ruleset, data: Any, *, source: str, line: int | None = None) -> Any:
    """The initial state of a game set up from an earlier one (a header's ``setup``: what
    ``next_setup`` gave, as data)."""
    from tombspec.model import codec
    from tombspec.model.errors import IllegalAction

    setup_type = getattr(rs, "setup_type", None)
    if setup_type is None:
        raise InvalidInput(f"{rs.game} does not carry on from game to game: a header's 'setup' has no "
                           "meaning for it", source=source, line=line)
    setup = codec.from_data(setup_type, data, source=source, line=line)
    try:
        return rs.initial_state(setup)
    except IllegalAction as exc:
        raise InvalidInput(f"the setup cannot start a {rs.game} game: {exc}", source=source, line=line) from None


def start_state(rs: Ruleset, data: Any, *, source: str, line: int | None = None) -> Any:
    """A start state from data (a header's ``state``, a vector's ``pre.json``), checked: it must decode
    and keep every invariant, or the model could not be trusted to replay from it."""
    state = rs.decode_state(data, source=source, line=line)
    try:
        broken = rs.violations(state)
        rs.pending(state)
    except Exception as exc:
        raise InvalidInput(f"the state is not a {rs.game} state the model can replay from "
                           f"({type(exc).__name__}: {exc})", source=source, line=line) from None
    if broken:
        raise InvalidInput("the state breaks invariants: " + "; ".join(f"{v.invariant}: {v.message}"
                                                                       for v in broken[:5]),
                           source=source, line=line)
    return state


# --------------------------------------------------------------------------------------------------
# Comparing a claim with the model's state


def plain(data: Any) -> Any:
    """Plain JSON data (tuples as lists), as a claim read from JSON would be."""
    return orjson.loads(orjson.dumps(data))


class FieldDiff:
    """One difference between a claimed and an expected state: a path, and the two values."""

    __slots__ = ("path", "claimed", "expected")
    MISSING = "<missing>"

    def __init__(self, path: str, claimed: Any, expected: Any):
        self.path = path
        self.claimed = claimed
        self.expected = expected

    def to_json(self) -> dict[str, Any]:
        return {"field": self.path, "claimed": self.claimed, "expected": self.expected}

    def __repr__(self) -> str:
        return f"{self.path}: claimed {show(self.claimed)}, expected {show(self.expected)}"


def show(value: Any, width: int = 120) -> str:
    """A state value as JSON, cut to ``width`` characters ("nothing" where a field is absent)."""
    if value is FieldDiff.MISSING:
        return "nothing"
    text = orjson.dumps(value).decode()
    return text if len(text) <= width else text[:width - 3] + "..."


_SORTED_KEYS = orjson.OPT_SORT_KEYS


def _same(claimed: Any, expected: Any) -> bool:
    """Whether two plain JSON values are one value, type for type (``2`` and ``2.0``, ``1`` and ``true``
    differ): by their canonical bytes (keys sorted).  False where either cannot be written (a key that is
    not a string, an integer past 64 bits): those are compared field by field."""
    try:
        return orjson.dumps(claimed, option=_SORTED_KEYS) == orjson.dumps(expected, option=_SORTED_KEYS)
    except orjson.JSONEncodeError:
        return False


def diff(claimed: Any, expected: Any, path: str = "", out: list[FieldDiff] | None = None,
         limit: int = 50) -> list[FieldDiff]:
    """The leaf paths where ``claimed`` and ``expected`` (plain JSON data) differ."""
    if out is None:
        if _same(claimed, expected):
            return []               # (nearly every state of a conforming run: field by field costs 40x)
        out = []
    if len(out) >= limit:
        return out
    if isinstance(claimed, dict) and isinstance(expected, dict):
        for key in sorted(set(claimed) | set(expected), key=str):
            sub = f"{path}.{key}" if path else str(key)
            if key not in claimed:
                out.append(FieldDiff(sub, FieldDiff.MISSING, expected[key]))
            elif key not in expected:
                out.append(FieldDiff(sub, claimed[key], FieldDiff.MISSING))
            else:
                diff(claimed[key], expected[key], sub, out, limit)
        return out
    if isinstance(claimed, list) and isinstance(expected, list):
        if len(claimed) == len(expected):
            for i, (c, e) in enumerate(zip(claimed, expected)):
                diff(c, e, f"{path}[{i}]", out, limit)
            return out
        # Lists of other lengths: the whole list, then where they part (the first element that differs,
        # down to its leaves when both have one), so that a long list's difference is not lost in it
        out.append(FieldDiff(path or "state", claimed, expected))
        first = next((i for i, (c, e) in enumerate(zip(claimed, expected)) if c != e), min(len(claimed), len(expected)))
        sub = f"{path}[{first}]"
        if first < len(claimed) and first < len(expected):
            diff(claimed[first], expected[first], sub, out, limit)
        elif first < len(expected):
            out.append(FieldDiff(sub, FieldDiff.MISSING, expected[first]))
        else:
            out.append(FieldDiff(sub, claimed[first], FieldDiff.MISSING))
        return out
    if claimed != expected or type(claimed) is not type(expected):
        # A number the model holds as a float may be claimed as an equal integer (JSON writes 2.0 as
        # 2 in some languages); an integer field claimed as a float (8.0) is not the same state.
        if not (type(expected) is float and type(claimed) is int and claimed == expected):
            out.append(FieldDiff(path or "state", claimed, expected))
    return out


def state_fields(rs: Ruleset) -> tuple[str, ...]:
    import attrs

    return tuple(f.name for f in attrs.fields(rs.state_type))


def check_projection_keys(rs: Ruleset, keys: Any, *, source: str, line: int | None, what: str) -> None:
    """A projection names top-level fields of the game's state, nothing else."""
    known = state_fields(rs)
    unknown = [k for k in keys if k not in known]
    if unknown:
        raise InvalidInput(f"{what} names {', '.join(map(repr, unknown))}, not a field of the {rs.game} "
                           f"state (fields: {', '.join(known)})", source=source, line=line)


def compare_claims(rs: Ruleset, state: Any, line: StepLine, *, source: str) -> list[FieldDiff]:
    """The differences between what ``line`` claims about the state after its action and ``state``."""
    if line.state is None and line.project is None:      # the common case: a digest, or nothing
        if line.digest is None:
            return []
        expected_digest = codec.digest(state)
        return [] if line.digest == expected_digest else [FieldDiff("digest", line.digest, expected_digest)]
    diffs: list[FieldDiff] = []
    expected = plain(rs.encode_state(state))
    if line.state is not None:
        diffs.extend(diff(line.state, expected))
    if line.project is not None:
        check_projection_keys(rs, line.project, source=source, line=line.line, what="the projection")
        diffs.extend(diff(line.project, {k: expected[k] for k in line.project}))
    if line.digest is not None and not diffs:
        expected_digest = codec.digest(state)
        if line.digest != expected_digest:
            diffs.append(FieldDiff("digest", line.digest, expected_digest))
    return diffs
