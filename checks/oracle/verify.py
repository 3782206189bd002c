"""``tombspec verify``: judge game logs (traces) against the reference model.

Each file is streamed one line at a time (memory stays flat in the trace's length).  Every game is
replayed from its header's configuration; every action goes through ``ruleset.step``; every claim a line
makes (the state, a projection, a digest, or that the action is refused for a rule) is compared with
the model.  The first divergence of a game is reported with its file, line and action, and either the
rule the action breaks (id and quote from the catalog) or the fields that differ (claimed vs expected);
the rest of that game is skipped.  A situation the rulebook leaves open under the header's options
(the model raises ``Unspecified``) is reported as *unspecified*, naming the ambiguity: neither pass nor
fail.

Exit codes (``VerifyReport.exit_code``): 0 every game conforms (unspecified games included, unless
``strict``), 1 a divergence, 2 malformed input (file, line and reason), a file holding no game at all
(nothing checked is never a pass), or a game whose header says it is ``incomplete`` (conform writes
that when the implementation crashed or timed out: the trace shows where, but it cannot conform).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

import attrs
import orjson

from tombspec.model import codec
from tombspec.model.errors import IllegalAction, InvalidInput, Unspecified
from tombspec.model.ruleset import Ruleset
from tombspec.model.traceability import recording
from tombspec.spec.errors import TombspecError

from tombspec.spec.inputs import clip, iter_lines, open_regular

from ..collector import few_collections
from .trace import (FieldDiff, Header, RulesetCache, StepLine, _plain_step, check_duplicate_keys,
                    compare_claims, parse_line, plain_parts, setup_state, start_state)


class ModelError(TombspecError):
    """The reference model failed on an input it should have judged: a bug in tombspec."""


# --------------------------------------------------------------------------------------------------
# What the model says about one action


@attrs.frozen
class Outcome:
    """The model's verdict on an action in a state: the next state, a refusal, or an open question."""

    kind: str                   # "post" | "error" | "unspecified"
    state: Any                  # the next state (post), else the unchanged state
    rule: str | None = None     # the rule broken (error) or the ambiguity (unspecified)
    message: str = ""
    also: tuple[str, ...] = ()  # the other rules the refused action breaks (IllegalAction.also)


def expect(rs: Ruleset, state: Any, action: Any, player: int | None = None) -> Outcome:
    """Apply ``action`` (by ``player``) to ``state`` through the model and say what happened."""
    try:
        return Outcome("post", rs.step(state, action, player))
    except Exception as exc:
        return refusal(exc, state)


def readings_consulted(rs: Ruleset, state: Any, action: Any, player: int | None) -> list[str]:
    """The reading options the model's step from ``state`` consults (by ``read``, as an attribute, or
    through ``by_reading`` where the readings part), in the order first consulted."""
    from tombspec.model.options import counted, counting_reads

    with counted(rs), counting_reads() as consulted:
        try:
            rs.step(state, action, player)
        except TombspecError:
            pass
    return list(dict.fromkeys(name for name, _ in consulted))


def readings_explaining(rs: Ruleset, board: Any, state: Any, action: Any, player: int | None,
                        agrees: Any) -> list[tuple[str, str, str]]:
    """The readings of the ambiguities a diverging step consults under which the model's answer
    ``agrees(ruleset, outcome)`` with the implementation's: each ``(option, ambiguity, reading)``, one
    option changed at a time from ``rs``'s (``board``: the board data its header gave, or None)."""
    from tombspec.model.options import given, settles

    from .trace import configure, plain

    options = given(rs)
    kinds = settles(type(options))
    fields = attrs.fields_dict(type(options))
    out: list[tuple[str, str, str]] = []
    for name in readings_consulted(rs, state, action, player):
        for reading in fields[name].metadata["readings"]:
            if reading == getattr(options, name):
                continue
            try:
                other = configure(rs.game, {**plain(codec.to_data(options)), name: reading}, board,
                                  source="<reading>")
                outcome = expect(other, state, action, player)
                if agrees(other, outcome):
                    out.append((name, kinds[name], reading))
            except Exception:  # noqa: BLE001 - a reading under which this state cannot be replayed
                continue
    return out


#: the places the model names when it cannot know the file: the line that carried the data is the place
UNPLACED = (None, "<setup>", "<state>", "<action>")


def located(exc: InvalidInput, source: str, line: int) -> InvalidInput:
    """``exc`` placed at ``source:line`` (the line being read) when the model could not say where the
    bad value came from ("there is no player 99 in a 2-player game", a header's setup)."""
    if exc.source not in UNPLACED:
        return exc
    return InvalidInput(exc.problem, source=source, line=line)


def refusal(exc: Exception, state: Any) -> Outcome:
    """The model's verdict when its step raised ``exc``: a refusal or an open question; anything else
    is re-raised (bad input) or is a bug of the model (:class:`ModelError`)."""
    try:
        raise exc
    except IllegalAction as exc:
        return Outcome("error", state, exc.rule_id, exc.message, exc.also)
    except Unspecified as exc:
        return Outcome("unspecified", state, exc.ambiguity_id, exc.message)
    except InvalidInput:
        raise
    except TombspecError:
        raise
    except Exception as exc:  # RuntimeError from Ruleset.step: the model failed
        raise ModelError(f"tombspec model error (a bug in tombspec, please report it): {exc}") from exc


def exercised(rs: Ruleset, state: Any, action: Any, player: int | None = None) -> list[str]:
    """The rule ids the model's step exercises (``recording()``), to point at what a claim got wrong."""
    with recording() as seen:
        try:
            rs.step(state, action, player)
        except Exception:
            pass
    return sorted(seen)


def _paths(data: Any, path: str = "", out: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every path of plain JSON data, as :func:`~.trace.diff` names them (``raiders[0].pennies``), the
    containers too (as their canonical JSON), so that any path a diff reports can be looked up."""
    out = {} if out is None else out
    if isinstance(data, dict):
        out[path or "state"] = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
        for key, value in data.items():
            _paths(value, f"{path}.{key}" if path else str(key), out)
    elif isinstance(data, list):
        out[path or "state"] = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
        for i, value in enumerate(data):
            _paths(value, f"{path}[{i}]", out)
    else:
        out[path or "state"] = (type(data), data)
    return out


#: what a path's entry in :func:`set_by` says when the model's step leaves it as it was
UNCHANGED = "unchanged"


def set_by(rs: Ruleset, state: Any, action: Any, player: int | None, paths: Iterable[str] | None = None,
           *, after: Any = None) -> dict[str, Any]:
    """What the model's step does to each of ``paths`` (default: every path it changes): the rule ids
    of the innermost ``@implements`` function that changed it (``writers``), ``[]`` when it changed
    in code no rule marks, or :data:`UNCHANGED`.  For reports: it replays the step under a profile hook
    (``after``, the state the step gives, when the caller has it)."""
    from tombspec.model.traceability import writers

    from .trace import diff, plain

    def view(draft: Any) -> dict[str, Any]:
        frozen = draft.snapshot()       # freeze would use the draft up
        return _paths(plain(rs.encode_state(frozen))) if type(frozen) is rs.state_type else {}

    if after is None:
        try:
            after = rs.step(state, action, player)
        except Exception:                    # refused: nothing changes
            return {p: UNCHANGED for p in paths or ()}
    before, now = plain(rs.encode_state(state)), plain(rs.encode_state(after))
    before_paths, after_paths = _paths(before), _paths(now)
    changed = {p for p in after_paths.keys() | before_paths.keys() if before_paths.get(p) != after_paths.get(p)}
    found = writers(lambda: rs.step(state, action, player), view)
    if paths is None:   # every changed path, as a claim of the whole state would report it
        paths = [f.path for f in diff(before, now)]
    return {p: list(found.get(p, ())) if p in changed else UNCHANGED for p in paths}


# --------------------------------------------------------------------------------------------------
# Catalog text for reports


def rule_text(game: str, rule_id: str | None) -> dict[str, str]:
    """``{"title", "quote"}`` of a rule (or an ambiguity's ``title`` and ``question``), if catalogued."""
    if not rule_id:
        return {}
    try:
        from tombspec.spec import load_catalog

        entry = load_catalog(game).get(rule_id)
    except Exception:
        return {}
    out = {"title": getattr(entry, "title", "")}
    if getattr(entry, "quote", None):
        out["quote"] = entry.quote
    if getattr(entry, "question", None):
        out["question"] = entry.question
        out["readings"] = ", ".join(r.id + (" (default)" if r.id == entry.default else "")
                                    for r in entry.readings)
    return out


def settling_option(rs: Ruleset, ambiguity: str) -> str | None:
    """The option that settles ``ambiguity``, if the game has one."""
    from tombspec.model.options import settles

    for name, amb in settles(rs.options_type).items():
        if amb == ambiguity:
            return name
    return None


# --------------------------------------------------------------------------------------------------
# The report


@attrs.define
class Divergence:
    """The first place a game departs from the model (or reaches a question the rulebook leaves open)."""

    source: str
    line: int
    game: int            # the game's number in its file (1-based)
    header_line: int
    step: int            # the action's number in its game (1-based)
    kind: str            # "rejected" | "accepted" | "wrong-rule" | "state" | "unspecified"
    action: Any
    rule: str | None = None
    claimed_rule: str | None = None
    #: the other rules the model names for a refusal (beside ``rule``), for a wrong-rule divergence
    also: tuple[str, ...] = ()
    fields: list[FieldDiff] = attrs.field(factory=list)
    exercised: list[str] = attrs.field(factory=list)
    #: what the model's step did to each differing path (:func:`set_by`), for a state divergence
    set_by: dict[str, Any] = attrs.field(factory=dict)
    text: dict[str, str] = attrs.field(factory=dict)
    message: str = ""
    #: the readings under which the model gives what the trace claims: ``(option, ambiguity, reading)``
    readings: list[tuple[str, str, str]] = attrs.field(factory=list)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"file": self.source, "line": self.line, "game": self.game,
                               "header_line": self.header_line, "step": self.step, "kind": self.kind,
                               "action": self.action}
        if self.rule:
            out["rule"] = self.rule
        if self.claimed_rule:
            out["claimed_rule"] = self.claimed_rule
        if self.also:
            out["also"] = list(self.also)
        out.update(self.text)
        if self.fields:
            out["fields"] = [f.to_json() for f in self.fields]
        if self.exercised:
            out["exercised"] = self.exercised
        if self.set_by:
            out["set_by"] = self.set_by
        if self.message:
            out["message"] = self.message
        if self.readings:
            out["explained_by"] = [{"option": o, "ambiguity": a, "reading": r} for o, a, r in self.readings]
        return out

    def describe(self) -> str:
        act = orjson.dumps(self.action).decode()
        head = f"{self.source}:{self.line}: game {self.game} (header line {self.header_line}), " + \
            (f"action {self.step} {act}: " if self.step else "before the first action: ")
        if self.kind == "unspecified":
            lines = [head + f"unspecified: {self.rule}: {self.text.get('title', '')}"]
            if self.text.get("question"):
                lines.append(f"    ? {self.text['question']}")
            if self.text.get("readings"):
                lines.append(f"    readings: {self.text['readings']}")
            if self.message:
                lines.append(f"    {self.message}")
            return "\n".join(lines)
        if self.kind == "rejected":
            lines = [head + f"the model refuses it: it breaks {self.rule}"]
        elif self.kind == "accepted":
            lines = [head + f"the trace says it is refused ({self.claimed_rule}) but the model accepts it"]
        elif self.kind == "wrong-rule":
            lines = [head + f"refused for the wrong rule: the trace says {self.claimed_rule}, "
                            f"the model says {self.rule}" + (f" (or {', '.join(self.also)})" if self.also else "")]
        else:
            lines = [head + "the state after it differs from the model's:"]
            lines += [f"    {f!r}" + self._set_by(f.path) for f in self.fields[:20]]
            if len(self.fields) > 20:
                lines.append(f"    ... and {len(self.fields) - 20} more")
            if self.set_by and [f.path for f in self.fields] == ["digest"]:
                groups: dict[str, list[str]] = {}      # the paths set by the same rules, together
                for path in self.set_by:
                    groups.setdefault(self._set_by(path), []).append(path)
                changes = [", ".join(paths) + why for why, paths in groups.items()]
                lines.append("    what the model's step changes (a digest says no more): " + (
                    "; ".join(changes[:8]) + ("; ..." if len(changes) > 8 else "") if changes else "nothing"))
        if self.kind != "state" and self.message:
            lines.append(f"    {self.message}")
        if self.text.get("quote"):
            lines.append(f"    {self.rule}: \u201c{self.text['quote']}\u201d")
        plain_rules = [r for r in self.exercised if r and ".ambiguity." not in r]
        if plain_rules and not self.set_by:
            lines.append(f"    rules this step exercises: {', '.join(plain_rules)}")
        for option, ambiguity, reading in self.readings:
            lines.append(f"    the trace reads {ambiguity} as {reading}: the model gives what it claims under that "
                         f"reading (option {option}: set it in the header's options to check)")
        return "\n".join(lines)

    def _set_by(self, path: str) -> str:
        what = self.set_by.get(path)
        if what is None:
            return ""
        if what == UNCHANGED:
            return " (the model's step leaves it unchanged)"
        rules = [r for r in what if ".ambiguity." not in r] or list(what)   # the readings are in the JSON
        if not rules:
            return " (changed by the step, in code no rule marks)"
        return f" (set by {', '.join(rules)})"


#: How many divergences (and unspecified games) a report keeps in full; the rest are only counted, so
#: memory stays flat however many games of a trace diverge.
KEEP = 1000


@attrs.define
class VerifyReport:
    files: int = 0
    games: int = 0
    steps: int = 0
    conforming: int = 0
    divergences: list[Divergence] = attrs.field(factory=list)
    unspecified: list[Divergence] = attrs.field(factory=list)
    malformed: list[str] = attrs.field(factory=list)
    diverging: int = 0             # every divergence, kept or not
    unspecified_games: int = 0     # every unspecified game, kept or not
    incomplete: list[str] = attrs.field(factory=list)
    #: traces that speak another version of their game's protocol than this model's (once per file and
    #: version): what changed since (never a verdict: the replay is the model's either way)
    protocol_notes: list[str] = attrs.field(factory=list)
    seconds: float = 0.0
    strict: bool = False

    @property
    def exit_code(self) -> int:
        if self.malformed or self.incomplete:
            return 2
        if self.divergences or (self.strict and self.unspecified):
            return 1
        return 0

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        verdict = {0: "conform", 1: "diverge", 2: "malformed"}[self.exit_code]
        if self.incomplete and not self.malformed:
            verdict = "incomplete"
        return {"verdict": verdict,
                "files": self.files, "games": self.games, "steps": self.steps,
                "conforming": self.conforming, "seconds": round(self.seconds, 3),
                "diverging": self.diverging, "unspecified_games": self.unspecified_games,
                "divergences": [d.to_json() for d in self.divergences],
                "divergences_not_shown": self.diverging - len(self.divergences),
                "unspecified": [d.to_json() for d in self.unspecified],
                "unspecified_not_shown": self.unspecified_games - len(self.unspecified),
                "malformed": self.malformed, "incomplete": self.incomplete,
                "protocol_notes": self.protocol_notes}

    def summary(self) -> str:
        return (f"{self.files} file(s), {self.games} game(s), {self.steps:,} action(s) in {self.seconds:.2f} s: "
                f"{self.conforming} conform, {self.diverging} diverge"
                + (f" (the first {len(self.divergences)} shown)" if self.diverging > len(self.divergences) else "")
                + f", {self.unspecified_games} unspecified"
                + (f", {len(self.incomplete)} incomplete" if self.incomplete else "")
                + (", malformed input" if self.malformed else ""))


# --------------------------------------------------------------------------------------------------
# Replaying

_ACCEPTED = Outcome("post", None)   # the verdict of an accepted step, with its state kept apart


class _Game:
    __slots__ = ("rs", "state", "number", "header_line", "steps", "done", "itf", "custom_start", "incomplete",
                 "claimed")

    def __init__(self, rs: Ruleset, state: Any, number: int, header_line: int):
        self.rs = rs
        self.state = state
        self.number = number
        self.header_line = header_line
        self.steps = 0
        self.done = False
        self.itf: Any = None
        self.custom_start = False
        self.incomplete: str | None = None
        self.claimed = False            # the header claims the state before the first action


#: how a refusal the trace (or an implementation) gives is matched with the model's: any rule the model
#: names for it (the first, or one of ``IllegalAction.also``), or the first alone
RULE_MATCHES = ("any", "exact")


def check_rule_match(rule_match: str, source: str | None = None) -> str:
    """``rule_match`` if it is one of :data:`RULE_MATCHES`, else :class:`InvalidInput` (``source``: where
    it came from, a flag)."""
    if rule_match not in RULE_MATCHES:
        raise InvalidInput(f"unknown rule match {rule_match!r}; known: {', '.join(RULE_MATCHES)}", source=source)
    return rule_match


class Verifier:
    """Replays traces; one instance can verify many files into one report."""

    def __init__(self, report: VerifyReport | None = None, *, itf_dir: Path | None = None,
                 rule_match: str = "any"):
        check_rule_match(rule_match)
        self.report = report or VerifyReport()
        #: "any": a refusal the trace claims for any rule the model names (the first, or one of ``also``:
        #: the other rules the action breaks, docs/oracle.md) conforms; "exact": only the first
        self.rule_match = rule_match
        self._noted: set[str] = set()
        self.rulesets = RulesetCache()
        self.itf_dir = itf_dir
        self._actions: dict[tuple[type, Any], Any] = {}
        self._itf_written: dict[Path, str] = {}

    # A small bounded cache of decoded actions: a game repeats a few dozen distinct actions.
    def _decode(self, rs: Ruleset, data: dict[str, Any], source: str, line: int) -> Any:
        try:
            # Decoding depends only on the game's action types, and on the data as JSON: its bytes tell
            # true, 1 and 1.0 apart (equal in Python, and hashing alike), and only one of them may be valid.
            key = (type(rs), orjson.dumps(data))
        except TypeError:
            return rs.decode_action(data, source=source, line=line)
        action = self._actions.get(key)
        if action is None:
            action = rs.decode_action(data, source=source, line=line)
            if len(self._actions) >= 4096:
                self._actions.clear()
            self._actions[key] = action
        return action

    def verify_stream(self, stream: IO[bytes], source: str, *, first_line: int = 1, games_before: int = 0) -> None:
        """Verify one trace; a part of one (``pverify``) gives the number of its first line and of the
        games before it.  The cyclic collector runs seldom meanwhile (``few_collections``), as in explore."""
        with few_collections():
            self._verify_stream(stream, source, first_line, games_before)

    def _verify_stream(self, stream: IO[bytes], source: str, first_line: int, games_before: int) -> None:
        report = self.report
        report.files += 1
        game: _Game | None = None
        number = games_before
        line_no = first_line
        try:
            for line_no, raw in iter_lines(stream, source=source, first=first_line):
                # The common line (an action, a digest) is parsed here, without the generator of
                # read_trace; any other line goes through parse_line and its JSON Schema, as there.
                try:
                    obj = orjson.loads(raw)
                except orjson.JSONDecodeError:
                    obj = None
                if game is not None and self._accepted(game, obj, raw):
                    continue
                item = _plain_step(obj, line_no) if game is not None else None
                if item is not None and raw.count(b":") > len(obj) + len(item.action):
                    check_duplicate_keys(raw, obj, source=source, line=line_no)
                if item is None:
                    if not raw.strip():
                        continue
                    item = parse_line(raw, source=source, line=line_no)
                    if game is None and type(item) is not Header:
                        raise InvalidInput('a trace starts with a header line ({"trace": "tombspec", "version": '
                                           '1, "game": ...}); this line is an action', source=source, line=line_no)
                if type(item) is StepLine:
                    self._step(game, item, source)
                    continue
                self._finish(game, source)
                number += 1
                game = self._start(item, number, source)
        except InvalidInput as exc:
            report.malformed.append(clip(str(located(exc, source, line_no))))
            self._finish(game, source, complete=False)
            return
        self._finish(game, source)
        if number == 0:
            report.malformed.append(f"{source}: nothing to check: the trace holds no game (it is empty "
                                    "or blank); a trace starts with a header line")

    def verify_path(self, path: str | Path) -> None:
        source = str(path)
        if source == "-":
            self.verify_stream(sys.stdin.buffer, "<stdin>")
            return
        try:
            stream = open_regular(path)
        except InvalidInput as exc:
            self.report.files += 1
            self.report.malformed.append(str(exc))
            return
        with stream:
            self.verify_stream(stream, source)

    # ----------------------------------------------------------------------------------------------

    def _start(self, header: Header, number: int, source: str) -> _Game:
        cfg = header.config()
        rs = self.rulesets.get(cfg["game"], cfg["options"], cfg["board"], source=source, line=header.line)
        said = header.data.get("protocol")
        if said is not None:
            self._protocol_note(rs.game, said, source, header.line)
        if "state" in header.data and "setup" in header.data:
            raise InvalidInput("a header gives a start 'state' or a 'setup', not both", source=source,
                               line=header.line)
        if "state" in header.data:
            state = start_state(rs, header.data["state"], source=source, line=header.line)
        elif "setup" in header.data:
            state = setup_state(rs, header.data["setup"], source=source, line=header.line)
        else:
            state = rs.initial_state()
        game = _Game(rs, state, number, header.line)
        game.custom_start = "state" in header.data or "setup" in header.data
        if "incomplete" in header.data:
            game.incomplete = (f"{source}:{header.line}: game {number} is incomplete, so it cannot "
                               f"conform: {header.data['incomplete']}")
        self.report.games += 1
        if "claim" in header.data:
            game.claimed = True
            fields = compare_claims(rs, state, StepLine(header.line, header.data["claim"]), source=source)
            if fields:
                d = Divergence(source, header.line, number, header.line, 0, "state", None, fields=fields,
                               message="the state before the first action differs from the model's")
                self._keep(d)
                game.done = True
        if self.itf_dir is not None:
            from .itf import open_writer

            stem = Path(source).name.split(".")[0] or "trace"
            game.itf = open_writer(self.itf_dir, stem, number, rs, source=source, written=self._itf_written)
            game.itf.state(state)
        return game

    def _protocol_note(self, game: str, said: int, source: str, line: int) -> None:
        from .protocol import changes_since, newest_version, protocol_version

        key = f"{source}|{game}|{said}"
        if key in self._noted:
            return
        self._noted.add(key)
        # A trace speaking the newest recorded version needs no note: that is the model's version, or
        # (a surface changed and not yet recorded: a failing test) the model has none, and then no note
        # is given either.  Working out the model's surface (its schemas, the check order read from the
        # source) is a fifth of a second, a tenth of a short verify: done only when a note may follow.
        if said == newest_version(game):
            return
        now = protocol_version(game)
        if now is None or said == now:
            return
        if said > now:
            note = f"{source}:{line}: the trace speaks {game} protocol version {said}, newer than this tombspec's " \
                   f"({now}): a field or option it does not know is refused as malformed"
        else:
            changed = changes_since(game, said)
            note = f"{source}:{line}: the trace speaks {game} protocol version {said}; this model speaks {now}, " \
                   f"which changed: " + "; ".join(changed)
        self.report.protocol_notes.append(clip(note))

    def _finish(self, game: _Game | None, source: str, complete: bool = True) -> None:
        if game is None:
            return
        if game.itf is not None:
            game.itf.close()
            game.itf = None
        if game.incomplete is not None:
            self.report.incomplete.append(game.incomplete)
            return
        if complete and not (game.steps or game.claimed or game.done):   # a header alone: nothing checked
            self.report.malformed.append(f"{source}:{game.header_line}: game {game.number} holds no action "
                                         "and claims no state: nothing to check (a game's header is followed "
                                         "by its steps)")
            return
        if complete and not game.done:
            self.report.conforming += 1

    def _accepted(self, game: _Game, obj: Any, raw: bytes) -> bool:
        """The common line settled at once: an action seen before (so its data decoded), maybe who
        made it, maybe a digest; the model accepts it and reaches that digest (which is thereby of the
        schema's form).  False, having changed nothing, for any other line: :meth:`_step` then judges
        it from the start (the model's step is pure, so running it again gives the same answer)."""
        parts = plain_parts(obj)
        if parts is None or game.done or game.itf is not None:
            return False
        data, digest, player = parts
        rs = game.rs
        try:
            action = self._actions.get((type(rs), orjson.dumps(data)))
        except TypeError:
            return False
        if action is None or raw.count(b":") > len(obj) + len(data):    # else: _step, and its key check
            return False
        try:
            after = rs.step(game.state, action, player)
        except Exception:
            return False
        if digest is not None and digest != codec.digest(after):
            return False
        game.state = after
        game.steps += 1
        self.report.steps += 1
        return True

    def _step(self, game: _Game, line: StepLine, source: str) -> None:
        rs = game.rs
        try:
            action = self._actions.get((type(rs), orjson.dumps(line.action)))   # _decode's cache, inline
        except TypeError:
            action = None
        if action is None:
            action = self._decode(rs, line.action, source, line.line)
        if game.done:
            return
        game.steps += 1
        self.report.steps += 1
        try:
            try:
                after = rs.step(game.state, action, line.player)
            except Exception as exc:          # not accepted: the verdict, as expect() gives it
                outcome = refusal(exc, game.state)
            else:
                outcome = _ACCEPTED
        except ModelError as exc:
            if not game.custom_start:
                raise
            raise InvalidInput(f"the model cannot replay this action from the header's state ({exc.__cause__!r}); "
                               "the state is not one a game reaches", source=source, line=line.line) from None
        if outcome is _ACCEPTED:
            if line.state is None and line.project is None and line.error is None and \
                    (line.digest is None or line.digest == codec.digest(after)):
                game.state = after            # the common line, accepted: compare_claims finds nothing
                if game.itf is not None:
                    game.itf.state(after, action)
                return
            if line.error is not None:
                self._diverge(game, line, source, "accepted", action, claimed_rule=line.error["rule"],
                              exercised=exercised(rs, game.state, action, line.player))
                return
            if line.digest is not None or line.state is not None or line.project is not None:
                fields = compare_claims(rs, after, line, source=source)
                if fields:
                    paths = None if [f.path for f in fields] == ["digest"] else [f.path for f in fields]
                    self._diverge(game, line, source, "state", action, fields=fields,
                                  exercised=exercised(rs, game.state, action, line.player),
                                  set_by=set_by(rs, game.state, action, line.player, paths, after=after))
                    return
            game.state = after
            if game.itf is not None:
                game.itf.state(after, action)
            return
        if outcome.kind == "unspecified":
            d = self._divergence(game, line, source, "unspecified", action, rule=outcome.rule)
            option = settling_option(rs, outcome.rule or "")
            d.message = outcome.message + (f"; choose a reading with option {option}" if option else "")
            self.report.unspecified_games += 1
            if len(self.report.unspecified) < KEEP:
                self.report.unspecified.append(d)
            game.done = True
            return
        # The model refuses the action.
        if line.error is None:
            self._diverge(game, line, source, "rejected", action, rule=outcome.rule, message=outcome.message)
            return
        named = (outcome.rule,) if self.rule_match == "exact" else (outcome.rule, *outcome.also)
        if line.error["rule"] not in named:
            self._diverge(game, line, source, "wrong-rule", action, rule=outcome.rule,
                          claimed_rule=line.error["rule"], message=outcome.message, also=outcome.also)
            return
        # Refused as claimed: the state is unchanged, and any other claim is about it.
        fields = compare_claims(rs, game.state, line, source=source)
        if fields:
            self._diverge(game, line, source, "state", action, fields=fields)

    def _divergence(self, game: _Game, line: StepLine, source: str, kind: str, action: Any,
                    **more: Any) -> Divergence:
        d = Divergence(source, line.line, game.number, game.header_line, game.steps, kind,
                       game.rs.encode_action(action), **more)
        d.text = rule_text(game.rs.game, d.rule)
        return d

    def _diverge(self, game: _Game, line: StepLine, source: str, kind: str, action: Any, **more: Any) -> None:
        game.done = True
        if len(self.report.divergences) >= KEEP:
            self.report.diverging += 1
            return
        d = self._divergence(game, line, source, kind, action, **more)
        d.readings = self._explained(game, line, source, action)
        self._keep(d)

    @staticmethod
    def _explained(game: _Game, line: StepLine, source: str, action: Any) -> list[tuple[str, str, str]]:
        """The readings under which the model gives the trace's claim for this line (:func:`readings_explaining`);
        ``game.state`` is still the state before it."""
        rs = game.rs

        def agrees(other: Ruleset, outcome: Outcome) -> bool:
            if line.error is not None:
                return outcome.kind == "error" and line.error["rule"] in (outcome.rule, *outcome.also)
            return outcome.kind == "post" and not compare_claims(other, outcome.state, line, source=source)

        try:
            board = rs.describe().get("board")
            return readings_explaining(rs, board, game.state, action, line.player, agrees)
        except Exception:  # noqa: BLE001 - an explanation is a help, never a reason to stop verifying
            return []

    def _keep(self, d: Divergence) -> None:
        self.report.diverging += 1
        if len(self.report.divergences) < KEEP:
            self.report.divergences.append(d)


def verify(paths: Iterable[str | Path], *, itf_dir: Path | None = None, strict: bool = False,
           rule_match: str = "any") -> VerifyReport:
    """Verify every trace in ``paths`` (``"-"`` is standard input) into one report (``rule_match``: as
    :class:`Verifier`'s)."""
    report = VerifyReport(strict=strict)
    verifier = Verifier(report, itf_dir=itf_dir, rule_match=rule_match)
    start = time.perf_counter()
    for path in paths:
        verifier.verify_path(path)
    report.seconds = time.perf_counter() - start
    return report
