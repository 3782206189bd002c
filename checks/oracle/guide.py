"""The conformance guide of a modelled game, generated from its model (``tombspec explain GAME`` and
the docs' guide pages).

Everything here is read off the ruleset, its catalog and its canonical data, so the guide stays true
for every game that gets a model:

* **the turn**: a bounded sample of playouts (:mod:`tombspec.model.play`, uniform and greedy) records
  every pending decision or chance point met (``Pending.what``), who acts there and how (``one``,
  ``any``, ``priority``), the action kinds open there, the randomiser, what follows it, and the rule a
  wrong kind of action is refused for there;
* **the state**: every field of the state classes (attrs), with its type, its meaning (the field's
  ``metadata["doc"]``, else the comment beside it or the ``#:`` comment above it in the game's
  ``state.py``) and the values the sample met (the phases, the id formats, the ranges);
* **the actions**: every kind, its fields, and a canonical JSON example;
* **the options**: every variant with the rule it switches, every reading with the ambiguity it settles
  (the catalog's question and readings, the default marked);
* **tie-breaks**: the catalog's rules and open questions about ties, and the reading the model takes;
* **refusals**: which rule an illegal action names (:data:`REFUSAL_POLICY`);
* **worked exchanges**: real JSON-RPC lines of the conform protocol, produced by running the model.

The sample is a sample: where the ruleset lists its points (``Ruleset.phases``), the guide plays on
until it has met each, and names one it still missed; otherwise a phase no sampled game reached is not
in the table.  The guide says how many games and steps it was drawn from.
"""

from __future__ import annotations

import functools
import inspect
import io
import random
import re
import textwrap
import tokenize
import types
import typing
from collections import Counter
from typing import Any

import attrs
import orjson

from tombspec.model.errors import IllegalAction, TombspecError
from tombspec.model.play import POLICIES, make_policy, next_move, winners

from . import checkorder
from .trace import configure, diff, plain, show

#: Which rule a refusal names (docs/oracle.md, "Which rule a refusal names").
REFUSAL_POLICY = (
    "Once the game is over, any action, by anyone (or sent as chance), names the rule that ended the game: "
    "this comes before every other check.",
    "An action from a player who may not act now (out of turn, or at a chance point) names the ruleset's "
    "turn rule (`turn_rule`: who acts, and when).",
    "An action of a kind the pending decision does not take names the rule of that decision point: the "
    "rule of the phase (the table below lists it per phase, as the model refuses it).",
    "An action of the right kind that breaks a rule names the most specific rule it breaks: the rule of "
    "the check that fails first, in the order the model checks them (the rulebook's order).",
    "Where one action breaks several rules, the model lists the others too (`IllegalAction.also`, "
    "`data.also` in a vector's error.json); `conform --rule-match any` (the default) accepts a refusal "
    "naming any one of them, `--rule-match exact` only the first.",
    "A chance outcome that is not a possible outcome of the randomiser (one it gives probability zero, such "
    "as more Heads than the pennies rolled) names the rule of that chance point.",
)

MAX_VALUES = 12        # distinct values kept per field
TABLE_LIMIT = 60       # decision/chance points kept in the turn table
WON_TRIES = 3          # games the search policy plays when the sample won none
WON_MAX_STEPS = 20_000  # a searched game's steps at most (a won Secrets or Egypt game is long)


# --------------------------------------------------------------------------------------------------
# Field documentation, from the attrs classes and their source


def _comments(cls: type) -> dict[str, str]:
    """Field name -> the comment beside its declaration (``name: T = ...  # text``, continued on the
    following comment-only lines) or the ``#:`` lines above it, in ``cls``'s source."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    out: dict[str, str] = {}
    above: list[str] = []
    current: str | None = None
    field_line = re.compile(r"^\s{4}(\w+)\s*:")
    for line in source.splitlines()[1:]:
        stripped = line.strip()
        m = field_line.match(line)
        if m and not stripped.startswith("#"):
            current = m.group(1)
            comment = _trailing_comment(line)
            text = [*above, *([comment] if comment else [])]
            if text:
                out[current] = " ".join(text)
            above = []
            if not comment:
                current = None
        elif stripped.startswith("#:"):
            above.append(stripped[2:].strip())
            current = None
        elif stripped.startswith("#") and current is not None and line.startswith(" " * 8):
            out[current] += " " + stripped[1:].strip()   # a comment continued under the first
        else:
            above = [] if not stripped.startswith("#:") else above
            current = None if stripped else current
    return out


def _trailing_comment(line: str) -> str:
    try:
        for tok in tokenize.generate_tokens(io.StringIO(line.strip() + "\n").readline):
            if tok.type == tokenize.COMMENT:
                return tok.string[1:].strip()
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return ""


def _type_name(tp: Any) -> str:
    if tp is type(None):
        return "null"
    if tp in (int, str, bool, float):
        return {int: "integer", str: "string", bool: "boolean", float: "number"}[tp]
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return " | ".join(_type_name(a) for a in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"list of {_type_name(args[0])}"
        return f"list of {len(args)}: " + ", ".join(_type_name(a) for a in args) if len(set(args)) > 1 \
            else f"list of {len(args)} {_type_name(args[0])}"
    if origin in (list, frozenset, set):
        return f"list of {_type_name(args[0])}" if args else "list"
    if origin is dict:
        return f"object of {_type_name(args[1])}" if args else "object"
    if attrs.has(tp):
        return tp.__name__
    if isinstance(tp, type):
        return tp.__name__
    return str(tp).replace("typing.", "")


def _nested_attrs(tp: Any) -> list[type]:
    if attrs.has(tp):
        return [tp]
    return list(dict.fromkeys(c for a in typing.get_args(tp) for c in _nested_attrs(a)))


def _is_list(tp: Any) -> bool:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (tuple, list, frozenset, set):
        return True
    return origin in (typing.Union, types.UnionType) and any(_is_list(a) for a in args)


def class_fields(cls: type, prefix: str = "", seen: frozenset[type] = frozenset()) -> list[dict[str, Any]]:
    """Every field of ``cls`` and of the attrs classes it holds: ``path`` (``a.b``, ``a[].b`` for a
    list), ``type``, ``doc`` and ``default``."""
    hints = typing.get_type_hints(cls)
    comments = _comments(cls)
    out: list[dict[str, Any]] = []
    for f in attrs.fields(cls):
        tp = hints.get(f.name, Any)
        doc = f.metadata.get("doc") or comments.get(f.name, "")
        inner_classes = [c for c in _nested_attrs(tp) if c not in seen]
        if not doc and len(inner_classes) == 1:
            # a field holding one attrs class, without a comment of its own: that class's docstring
            # (Egypt's Window says what each of its fields holds, kind by kind)
            doc = " ".join((inspect.getdoc(inner_classes[0]) or "").split())
        default = None if f.default is attrs.NOTHING or isinstance(f.default, attrs.Factory) else f.default
        path = prefix + f.name
        out.append({"path": path, "type": _type_name(tp), "doc": doc,
                    "default": plain(default) if not attrs.has(type(default)) else None,
                    "required": f.default is attrs.NOTHING})
        for inner in inner_classes:
            out += class_fields(inner, path + ("[]." if _is_list(tp) else "."), seen | {cls})
    return out


def class_terms(cls: type) -> list[dict[str, str]]:
    """The documented names of ``cls`` (a class the legality checks read, not part of the state): its
    attrs fields with their comments, its public properties and methods with their docstrings."""
    out = []
    comments = _comments(cls)
    hints = typing.get_type_hints(cls)
    names = [f.name for f in attrs.fields(cls)] if attrs.has(cls) else \
        [n for n in getattr(cls, "__annotations__", {}) if not n.startswith("_")]
    for name in names:
        field = attrs.fields_dict(cls)[name] if attrs.has(cls) else None
        doc = (field.metadata.get("doc") if field is not None else None) or comments.get(name, "")
        out.append({"name": name, "type": _type_name(hints.get(name, Any)), "doc": doc})
    for name, member in inspect.getmembers(cls):
        if name.startswith("_") or any(t["name"] == name for t in out):
            continue
        attribute = isinstance(member, (property, functools.cached_property))
        fn = member.fget if isinstance(member, property) else getattr(member, "func", member)
        doc = inspect.getdoc(fn) if callable(fn) or attribute else None
        if doc and (inspect.isfunction(fn) or attribute) and \
                getattr(fn, "__qualname__", "").split(".")[0] == cls.__name__:
            sig = "" if attribute else str(inspect.signature(fn)).replace("(self, ", "(").replace("(self)", "()")
            out.append({"name": name + sig.split(" ->")[0], "type": "", "doc": doc.split("\n\n")[0].replace("\n", " ")})
    return out


def derived_reads(cls: type, prefix: str = "", seen: frozenset[type] = frozenset()) -> list[dict[str, Any]]:
    """The documented read-only properties of ``cls`` and the attrs classes it holds: views computed
    from the fields (not in the JSON), with their docstrings."""
    out = []
    for name, member in inspect.getmembers(cls, lambda m: isinstance(m, property)):
        if not name.startswith("_") and member.__doc__:
            out.append({"path": prefix + name, "doc": " ".join(member.__doc__.split())})
    hints = typing.get_type_hints(cls)
    for f in attrs.fields(cls):
        tp = hints.get(f.name, Any)
        for inner in _nested_attrs(tp):
            if inner not in seen:
                out += derived_reads(inner, prefix + f.name + ("[]." if _is_list(tp) else "."), seen | {cls})
    return out


# --------------------------------------------------------------------------------------------------
# The sample of playouts


@attrs.define
class _Point:
    """One decision or chance point (``Pending.what``) as the sample met it."""

    kind: str
    modes: Counter[str] = attrs.field(factory=Counter)
    who: Counter[str] = attrs.field(factory=Counter)
    actions: Counter[str] = attrs.field(factory=Counter)
    outcomes: Counter[str] = attrs.field(factory=Counter)
    randomiser: Counter[str] = attrs.field(factory=Counter)
    wrong_kind: Counter[str] = attrs.field(factory=Counter)
    followed_by: Counter[str] = attrs.field(factory=Counter)
    visits: int = 0
    probed: int = 0


def _who(rs: Any, state: Any, pending: Any) -> str:
    n = len(pending.players)
    current = getattr(state, "current", None)
    if pending.mode == "any":
        return f"any of {n} players, in any order"
    if pending.mode == "priority":
        return (f"{n} players in priority order (the first acts or passes)" if n > 1 else
                "one player in a priority window (acts or passes)")
    if isinstance(current, int) and pending.players:
        return "the current player" if pending.players[0] == current else "another player than the current one"
    return "one player"


def _refusals(rs: Any, state: Any, actions: list[Any], player: int | None, into: Counter[str]) -> None:
    """Send each of ``actions`` at ``state``: count the rule each refusal names (an action the model
    takes, or refuses with no rule, counts nothing)."""
    for a in actions:
        try:
            rs.step(state, a, player)
        except IllegalAction as exc:
            into[exc.rule_id] += 1
        except TombspecError:
            pass


#: (a field's path, a key or ``[]`` under it) -> the path below: made once, not at every state of a sample
_PATHS: dict[tuple[str, str], str] = {}


def _walk_values(data: Any, path: str, values: dict[str, Counter[Any]]) -> None:
    """Count each leaf of ``data`` (a state's plain encoding) under its path (``field.key[]``); a field
    keeps at most ``4 * MAX_VALUES`` distinct values, numbers all."""
    if isinstance(data, dict):
        for k, v in data.items():
            below = _PATHS.get((path, k))
            if below is None:
                below = _PATHS[path, k] = f"{path}.{k}" if path else k
            _walk_values(v, below, values)
    elif isinstance(data, list):
        if data:
            below = _PATHS.get((path, "[]"))
            if below is None:
                below = _PATHS[path, "[]"] = path + "[]"
            for v in data:
                _walk_values(v, below, values)
    else:
        bucket = values.get(path)
        if bucket is None:
            bucket = values[path] = Counter()
        if data in bucket or len(bucket) < 4 * MAX_VALUES or isinstance(data, (int, float)):
            if isinstance(data, float):
                data = round(data, 6)
            bucket[data] = bucket.get(data, 0) + 1


#: how many times each (action kind, field) is probed with a wrong value
FIELD_PROBES = 40


def _probe_fields(rs: Any, state: Any, player: int | None, legal: list[Any],
                  by_field: dict[tuple[str, str], Counter[str]], field_values: dict[tuple[str, str], list[Any]]) -> None:
    """Near misses: each legal action with one field changed to another value that field has taken in
    the sample; the rule the model refuses each for is tabulated per (kind, field)."""
    legal_set = set(legal)
    for action in legal:
        if not attrs.has(type(action)):
            continue
        kind = type(action).kind
        for f in attrs.fields(type(action)):
            key = (kind, f.name)
            seen = field_values.setdefault(key, [])
            value = getattr(action, f.name)
            if value not in seen and len(seen) < 24:
                seen.append(value)
            counter = by_field.setdefault(key, Counter())
            if sum(counter.values()) >= FIELD_PROBES:
                continue
            for other in seen:
                if other == value:
                    continue
                try:
                    wrong = attrs.evolve(action, **{f.name: other})
                except (TypeError, ValueError):
                    continue
                if wrong in legal_set:
                    continue
                try:
                    rs.step(state, wrong, player)
                except IllegalAction as exc:
                    counter[exc.rule_id] += 1
                except TombspecError:
                    pass
                break


def sample(rs: Any, *, games: int = 30, seed: int = 0, max_steps: int = 600, budget: int = 6000,
           into: dict[str, Any] | None = None, policy_name: str | None = None) -> dict[str, Any]:
    """Play ``games`` games (uniform, greedy and coverage in turn, or every game by the policy
    ``policy_name``) and record what the guide tabulates (adding to ``into``, the record of an earlier
    sample, when given), until ``budget`` steps in all."""
    rec = into or {"points": {}, "values": {}, "examples": {}, "steps": 0, "games": 0, "outcomes": Counter(),
                   "turn_rule": Counter(), "by_field": {}, "field_values": {}, "over_rules": {}, "won": 0,
                   "by_policy": Counter()}
    over_rules: dict[str, Counter[str]] = rec["over_rules"]
    points: dict[str, _Point] = rec["points"]
    values: dict[str, Counter[Any]] = rec["values"]
    examples: dict[str, Any] = rec["examples"]
    outcomes: Counter[str] = rec["outcomes"]
    turn_rule: Counter[str] = rec["turn_rule"]
    by_field: dict[tuple[str, str], Counter[str]] = rec["by_field"]
    field_values: dict[tuple[str, str], list[Any]] = rec["field_values"]
    samples_by_kind: dict[str, Any] = {}
    bare = {k: cls() for k, cls in rs.action_types.items() if not attrs.fields(cls)}   # field-less kinds
    steps = 0
    played = 0
    # uniform, greedy and coverage play in turn: the coverage policy steers towards the phases and
    # outcomes the games before it did not reach (a forced move, the Boss's choice of way)
    coverage = make_policy("coverage")
    for i in range(games):
        if rec["steps"] + steps >= budget:
            break
        played += 1
        rng = random.Random(f"guide:{seed}:{i}")
        policy = make_policy(policy_name) if policy_name else (POLICIES["uniform"], POLICIES["greedy"], coverage)[i % 3]
        if policy_name:
            rec["by_policy"][policy_name] += 1
        if policy is coverage and hasattr(coverage, "new_game"):
            coverage.new_game()
        state = rs.initial_state()
        previous: str | None = None
        for _ in range(max_steps):
            pending = rs.pending(state)
            if pending.is_over:
                if previous is not None:
                    points[previous].followed_by["(game over)"] += 1
                _walk_values(plain(rs.encode_state(state)), "", values)
                # any action once the game is over: which rule it names, by how the game ended
                ended = over_rules.setdefault(str(getattr(state, "outcome", None)), Counter())
                if sum(ended.values()) < 3:
                    for a in list(samples_by_kind.values())[:3]:
                        try:
                            rs.step(state, a, 0)
                        except IllegalAction as exc:
                            ended[exc.rule_id] += 1
                        except TombspecError:
                            pass
                break
            key = pending.what or pending.kind
            point = points.setdefault(key, _Point(pending.kind))
            if previous is not None and previous != key:
                points[previous].followed_by[key] += 1
            point.visits += 1
            point.modes[pending.mode if pending.is_decision else "chance"] += 1
            if len(values) < 400 or point.visits < 50:
                _walk_values(plain(rs.encode_state(state)), "", values)
            try:
                move = next_move(rs, state, rng, policy)
            except TombspecError:
                break
            if move is None:
                break
            action, player = move
            kind = type(action).kind
            examples.setdefault(kind, plain(rs.encode_action(action)))
            samples_by_kind.setdefault(kind, action)
            if pending.is_chance:
                point.outcomes[kind] += 1
                point.randomiser[type(rs.chance(state)).__name__] += 1
                if point.probed < 3:     # a player's action sent at a chance point: which rule refuses it
                    point.probed += 1
                    _refusals(rs, state, [a for k, a in {**bare, **samples_by_kind}.items() if k != kind], None,
                              point.wrong_kind)
            else:
                point.who[_who(rs, state, pending)] += 1
                legal = rs.legal_actions(state, player)
                legal_kinds = {type(a).kind for a in legal}
                point.actions.update(legal_kinds)
                for a in legal:
                    samples_by_kind.setdefault(type(a).kind, a)
                    examples.setdefault(type(a).kind, plain(rs.encode_action(a)))
                _probe_fields(rs, state, player, legal, by_field, field_values)
                if point.probed < 3:
                    point.probed += 1
                    _refusals(rs, state, [a for k, a in samples_by_kind.items() if k not in legal_kinds], player,
                              point.wrong_kind)
                    others = [p for p in range(rs.num_players) if p not in pending.actors]
                    if others and len(turn_rule) < 8:
                        try:
                            rs.step(state, legal[0], others[0])
                        except IllegalAction as exc:
                            turn_rule[exc.rule_id] += 1
                        except TombspecError:
                            pass
            state = rs.step(state, action, player)
            steps += 1
            previous = key
        outcome = getattr(state, "outcome", None)
        over = rs.pending(state).is_over
        outcomes[str(outcome) if over else "(unfinished)"] += 1
        rec["won"] += bool(over and (outcome in rs.won_outcomes if rs.won_outcomes else winners(rs, state)))
    rec["steps"] += steps
    rec["games"] += played
    return rec


# --------------------------------------------------------------------------------------------------
# The guide


def _catalog_entry(cat: Any, rid: str) -> Any:
    for getter in ("rule", "ambiguity"):
        try:
            return getattr(cat, getter)(rid)
        except (KeyError, LookupError, AttributeError, TombspecError):
            continue
    return None


def _values_summary(counter: Counter[Any] | None) -> str:
    if not counter:
        return ""
    vals = list(counter)
    nums = [v for v in vals if isinstance(v, (int, float)) and not isinstance(v, bool)]
    others = [v for v in vals if v not in nums or isinstance(v, bool)]
    parts = []
    if nums:
        lo, hi = min(nums), max(nums)
        parts.append(f"{lo}..{hi}" if lo != hi else f"{lo}")
    if others:
        shown = sorted(others, key=lambda v: (-counter[v], str(v)))[:MAX_VALUES]
        parts.append(", ".join(orjson.dumps(v).decode() for v in sorted(shown, key=str)) +
                     (", ..." if len(others) > MAX_VALUES else ""))
    return "; ".join(parts)


def options_table(rs: Any, cat: Any) -> list[dict[str, Any]]:
    out = []
    comments = _comments(rs.options_type)
    hints = typing.get_type_hints(rs.options_type)
    for f in attrs.fields(rs.options_type):
        row: dict[str, Any] = {"name": f.name, "type": _type_name(hints.get(f.name, Any)),
                               "default": plain(getattr(rs.options_type(), f.name, None))
                               if not attrs.has(type(f.default)) else None,
                               "doc": f.metadata.get("doc") or comments.get(f.name, "")}
        if "settles" in f.metadata:
            amb = _catalog_entry(cat, f.metadata["settles"])
            row.update(kind="reading", settles=f.metadata["settles"],
                       title=getattr(amb, "title", ""), question=getattr(amb, "question", ""),
                       note=" ".join((getattr(amb, "note", "") or "").split()),
                       readings=[{"id": r, "text": _reading_text(amb, r)} for r in f.metadata["readings"]])
        elif "variant" in f.metadata:
            rule = _catalog_entry(cat, f.metadata["variant"])
            row.update(kind="variant", rule=f.metadata["variant"], title=getattr(rule, "title", ""))
        else:
            row["kind"] = "setting"
        out.append(row)
    return out


def _reading_text(amb: Any, reading: str) -> str:
    for r in getattr(amb, "readings", ()) or ():
        rid = getattr(r, "id", None) if not isinstance(r, dict) else r.get("id")
        if rid == reading:
            return getattr(r, "text", "") if not isinstance(r, dict) else r.get("text", "")
    return ""


TIE = re.compile(r"\bties?\b|tie-break|\btied\b|equally", re.I)


def tie_breaks(rs: Any, cat: Any, options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The catalog's rules and open questions about ties, with the reading the configuration takes."""
    chosen = {o["settles"]: (o["name"], o["default"]) for o in options if o.get("kind") == "reading"}
    current = {o["name"]: getattr(rs.options, o["name"]) for o in options}
    out = []
    for rule in cat.rules:
        if TIE.search(f"{rule.id} {rule.title} {rule.quote}"):
            out.append({"id": rule.id, "kind": "rule", "title": rule.title, "text": rule.quote})
    for amb in cat.ambiguities:
        if TIE.search(f"{amb.id} {amb.title} {amb.question}"):
            row = {"id": amb.id, "kind": "ambiguity", "title": amb.title, "text": amb.question}
            if amb.id in chosen:
                name = chosen[amb.id][0]
                row.update(option=name, reading=current[name], reading_text=_reading_text(amb, current[name]))
            out.append(row)
    return out


def _abbreviate(data: Any, limit: int = 160) -> Any:
    """``data`` with every large object or list replaced by ``"..."`` (for printing an exchange)."""
    if isinstance(data, (dict, list)) and len(orjson.dumps(data)) > limit:
        return "..."
    return data


def exchanges(rs: Any, config: dict[str, Any], *, seed: int = 0, steps: int = 4) -> list[dict[str, Any]]:
    """Real JSON-RPC lines of the conform protocol: a reset, the first ``steps`` steps of a game, and an
    action the model refuses, answered with the rule."""
    rng = random.Random(f"exchange:{seed}")
    lines: list[dict[str, Any]] = []
    ident = 1
    lines.append({"request": {"jsonrpc": "2.0", "id": ident, "method": "reset",
                              "params": {"game": rs.game, "options": _abbreviate(config.get("options"), 0),
                                         "board": _abbreviate(config.get("board"), 0)}},
                  "response": {"jsonrpc": "2.0", "id": ident, "result": {"state": plain(rs.encode_state(
                      rs.initial_state()))}}})
    state = rs.initial_state()
    refused = False
    for _ in range(40):
        move = next_move(rs, state, rng)
        if move is None:
            break
        action, player = move
        pending = rs.pending(state)
        if not refused and pending.is_decision:
            legal = rs.legal_actions(state, player)
            legal_kinds = {type(a).kind for a in legal}
            for kind, cls in sorted(rs.action_types.items()):
                if kind in legal_kinds or attrs.fields(cls):
                    continue
                try:
                    rs.step(state, cls(), player)
                except IllegalAction as exc:
                    ident += 1
                    data: dict[str, Any] = {"rule": exc.rule_id}
                    if getattr(exc, "also", ()):
                        data["also"] = list(exc.also)
                    lines.append({"request": _step_request(ident, rs.encode_action(cls()), player),
                                  "response": {"jsonrpc": "2.0", "id": ident, "error": {
                                      "code": 1, "message": exc.message, "data": data}},
                                  "note": "refused: the state stays as it was"})
                    refused = True
                    break
                except TombspecError:
                    continue
        if len(lines) <= steps or not refused:
            nxt = rs.step(state, action, player)
            if len(lines) <= steps:
                ident += 1
                lines.append({"request": _step_request(ident, rs.encode_action(action), player),
                              "response": {"jsonrpc": "2.0", "id": ident,
                                           "result": {"state": plain(rs.encode_state(nxt))}},
                              "note": "chance outcome (no player)" if player is None else f"player {player} decides"})
            state = nxt
        if len(lines) > steps and refused:
            break
    return lines


def _step_request(ident: int, action: Any, player: int | None) -> dict[str, Any]:
    params: dict[str, Any] = {"action": plain(action)}
    if player is not None:
        params["player"] = player
    return {"jsonrpc": "2.0", "id": ident, "method": "step", "params": params}


def build(game: str, *, options: Any = None, board: Any = None, games: int = 12, seed: int = 0,
          max_steps: int = 300, budget: int = 8000, won_tries: int = WON_TRIES) -> dict[str, Any]:
    """The guide of ``game`` in one configuration, as JSON data (``tombspec explain --json``); when the
    sample won no game, the search policy plays up to ``won_tries`` more until one is won."""
    rs = configure(game, options, board, source="explain")
    cat = rs.catalog()
    config = plain({"options": None, "board": None, **rs.describe()})
    configs = [c for c in type(rs).explore_configs if c] if options is None and board is None else []
    share = budget // (1 + len(configs)) if configs else budget
    seen = sample(rs, games=games, seed=seed, max_steps=max_steps, budget=share)
    sampled = [{"options": options, "board": board} if options is not None or board is not None else {}]
    # the other configurations the game explores (variants, other boards and readings) reach the
    # phases and values the default one never meets; they join the turn table and the values seen
    others = [configure(game, c.get("options"), c.get("board"), source="explain") for c in configs]
    for n, (other, other_rs) in enumerate(zip(configs, others), 2):
        sample(other_rs, games=max(3, games // 3), seed=seed, max_steps=max_steps, budget=share * n, into=seen)
        sampled.append(dict(other))
    # a point the model lists and the sample missed: play on (up to the budget again, new games each
    # round) until every one is met, and name any still missed in the table rather than leave it out
    extra = 0
    rounds = 0
    while any(p not in seen["points"] for p in rs.phases) and extra < budget:
        before = seen["steps"]
        rounds += 1
        for n, other_rs in enumerate([rs, *others]):
            sample(other_rs, games=games, seed=seed + 1000 * rounds + n, max_steps=max_steps * 4,
                   budget=seen["steps"] + share, into=seen)
        if seen["steps"] == before:
            break
        extra += seen["steps"] - before
    # a sample of random play may never win (Secrets, Egypt, Raiders): the search policy, at the game's
    # own budget, plays the default configuration until a game is won (at most WON_TRIES games), so the
    # states and values of a won game are in the tables too
    for n in range(won_tries if not seen["won"] else 0):
        sample(rs, games=1, seed=seed + 7919 + n, max_steps=WON_MAX_STEPS, budget=seen["steps"] + WON_MAX_STEPS,
               into=seen, policy_name="search")
        if seen["won"]:
            break
    missed = [p for p in rs.phases if p not in seen["points"]]
    points = list(seen["points"].items())[:TABLE_LIMIT]

    def top(counter: Counter[str]) -> list[str]:
        return [k for k, _ in counter.most_common()]

    turn = []
    for what, p in points:
        row: dict[str, Any] = {"what": what, "kind": p.kind, "visits": p.visits,
                               "followed_by": top(p.followed_by)[:6]}
        if p.kind == "chance":
            row.update(who="chance", mode="chance", outcomes=sorted(p.outcomes),
                       randomiser=top(p.randomiser), wrong_kind_rule=top(p.wrong_kind)[0] if p.wrong_kind else None,
                       wrong_kind_rules=top(p.wrong_kind)[:6])
        else:
            row.update(who=top(p.who)[0] if p.who else "", mode=top(p.modes)[0] if p.modes else "one",
                       actions=sorted(p.actions), wrong_kind_rule=top(p.wrong_kind)[:1] and top(p.wrong_kind)[0],
                       wrong_kind_rules=top(p.wrong_kind)[:6])
            if not row["wrong_kind_rule"]:
                row["wrong_kind_rule"] = None
        turn.append(row)
    for what in missed:
        turn.append({"what": what, "kind": "?", "visits": 0, "followed_by": [], "who": "", "mode": "",
                     "actions": [], "wrong_kind_rule": None, "missed": True})
    state_fields = class_fields(rs.state_type)
    for f in state_fields:
        f["seen"] = _values_summary(seen["values"].get(f["path"]))
        items = _values_summary(seen["values"].get(f["path"] + "[]"))
        if items and "[]" not in f["path"]:   # a list field: what its items were, when it held some
            f["seen"] = "; ".join(x for x in (f["seen"], f"lists of {items}") if x)
    actions = []
    for kind, cls in sorted(rs.action_types.items()):
        actions.append({"kind": kind, "doc": " ".join((cls.__doc__ or "").split()),
                        "fields": class_fields(cls), "example": seen["examples"].get(kind)})
    opts = options_table(rs, cat)
    turn_rules = top(seen["turn_rule"])
    state_doc = inspect.getdoc(inspect.getmodule(rs.state_type)) or ""
    from .protocol import protocol_version

    return {
        "game": game, "title": getattr(cat, "title", game), "players": list(rs.player_counts),
        "protocol": protocol_version(game),
        "configuration": {"options": config.get("options"), "board": _abbreviate(config.get("board"), 0)},
        "configuration_keys": {k: sorted(v) if isinstance(v, dict) else type(v).__name__
                               for k, v in config.items()},
        "sample": {"games": seen["games"], "steps": seen["steps"], "outcomes": dict(seen["outcomes"]),
                   "configurations": sampled, "won": seen["won"], "by_policy": dict(seen["by_policy"])},
        "procedures": checkorder.procedures(rs),
        "turn": turn, "entered_when": {what: " ".join(text.split()) for what, text in rs.phase_entry.items()},
        "state_doc": state_doc, "state": state_fields,
        "derived": derived_reads(rs.state_type), "actions": actions, "options": opts,
        "tie_breaks": tie_breaks(rs, cat, opts),
        "refusals": {"policy": list(REFUSAL_POLICY), "turn_rule": turn_rules[0] if turn_rules else None,
                     "game_over": {outcome: top(counter)[:3] for outcome, counter in sorted(seen["over_rules"].items())
                                   if counter},
                     "by_field": [{"kind": kind, "field": field, "rules": top(counter)[:5]}
                                  for (kind, field), counter in sorted(seen["by_field"].items()) if counter],
                     "check_order": checkorder.check_order(rs),
                     "point_rules": dict(type(rs).refusal_rules),
                     "terms": [{"name": name, "type": cls.__name__, "members": class_terms(cls)}
                               for name, cls in type(rs).refusal_terms.items()]},
        "exchanges": exchanges(rs, config, seed=seed),
        "resets": [reset_example(game, c) for c in type(rs).guide_resets] if options is None and board is None else [],
    }


def reset_example(game: str, config: dict[str, Any]) -> dict[str, Any]:
    """A ``reset`` of another configuration (``Ruleset.guide_resets``) and the starting state it answers."""
    rs = configure(game, config.get("options"), config.get("board"), source="explain")
    return {"request": {"jsonrpc": "2.0", "id": 1, "method": "reset",
                        "params": {"game": game, "options": config.get("options"),
                                   "board": _abbreviate(config.get("board"), 0)}},
            "response": {"jsonrpc": "2.0", "id": 1, "result": {"state": plain(rs.encode_state(rs.initial_state()))}}}


# --------------------------------------------------------------------------------------------------
# As Markdown (the docs page, and ``tombspec explain``'s text)


def _exchange_block(entries: list[dict[str, Any]]) -> list[str]:
    """Protocol lines, a request and its answer each, as a fenced block."""
    lines = ["```text"]
    for e in entries:
        lines += ["→ " + orjson.dumps(e["request"]).decode(), "← " + orjson.dumps(e["response"]).decode()]
    return [*lines, "```\n"]


#: at most this many changed fields listed for one step of the worked exchanges
CHANGES_SHOWN = 12


def _changes_block(entries: list[dict[str, Any]]) -> list[str]:
    """What each step of the worked exchanges changed: the state's leaves before and after (a list of
    another length whole, then where it parts), so that a long state line need not be compared by eye."""

    out: list[str] = []
    before = None
    for e in entries:
        state = e["response"].get("result", {}).get("state")
        if state is None:           # a refusal: the state stays as it was
            continue
        if before is not None:
            params = e["request"]["params"]
            who = "chance" if params.get("player") is None else f"player {params['player']}"
            changes = diff(before, state, limit=CHANGES_SHOWN + 1)
            listed = "; ".join(f"`{c.path}` {len(c.claimed)} items → {len(c.expected)}"
                               if type(c.claimed) is list and type(c.expected) is list
                               else f"`{c.path}` `{show(c.claimed, 80)}` → `{show(c.expected, 80)}`"
                               for c in changes[:CHANGES_SHOWN])
            more = " (and more)" if len(changes) > CHANGES_SHOWN else ""
            out.append(f"- id {e['request']['id']}, {who}, `{orjson.dumps(params['action']).decode()}`: "
                       f"{listed or 'nothing'}{more}")
        before = state
    if not out:
        return []
    return ["What each step changed in the state (its leaves, before → after; a list that grew or shrank "
            "by its lengths, then where it parts from the one before):\n", *out, ""]


def _wrong_kind_cell(row: dict[str, Any], link: Any) -> str:
    rules = row.get("wrong_kind_rules") or []
    if len(rules) > 1:     # the point's rule depends on what is pending there (a Raiders 'place' after what)
        return ", ".join(link(r) for r in rules) + " (the rule of the decision pending there)"
    return link(rules[0]) if rules else ""


def _cell(text: Any) -> str:
    return str(text if text is not None else "").replace("|", "\\|").replace("\n", " ")


def _code(text: Any) -> str:
    return f"`{text}`" if text not in (None, "") else ""


def to_markdown(guide: dict[str, Any], *, heading: int = 1, rule_link: Any = None) -> str:
    """The guide as MyST Markdown; ``rule_link(rule_id)`` formats a rule id (default: code)."""
    link = rule_link or _code
    h = "#" * heading
    g = guide
    out: list[str] = []
    out.append(f"{h} {g['title']}: the conformance guide\n")
    s = g["sample"]
    out.append(f"Generated from the model of `{g['game']}` ({g['players'][0]}"
               + (f" to {g['players'][1]}" if g['players'][1] != g['players'][0] else "")
               + f" players): its ruleset, its catalog and its canonical data. The turn table and the values "
               f"seen come from a sample of {s['games']} games ({s['steps']:,} steps; outcomes: "
               + ", ".join(f"{k} {v}" for k, v in sorted(s["outcomes"].items()))
               + (f"; {s['won']} won" if "won" in s else "")
               + "".join(f"; {v} played by the `{k}` policy, since random play won none" for k, v in
                         sorted(s.get("by_policy", {}).items()))
               + ") over "
               + ("the default configuration" if s["configurations"] == [{}] else
                  f"{len(s['configurations'])} configurations: "
                  + "; ".join(orjson.dumps(c).decode() if c else "the default" for c in s["configurations"]))
               + ". The rest describes the "
               + ("default configuration" if s["configurations"][0] == {} else "configuration asked for")
               + ".\n")
    if g.get("protocol") is not None:
        out.append(f"This is version {g['protocol']} of the {g['game']} protocol (the state, the actions, the "
                   "options and the rules a refusal names). A trace's header and `reset` say it as `protocol`; "
                   f"`tombspec protocol {g['game']}` lists every version and what each changed.\n")
    out.append(f"{h}# The turn\n")
    out.append("Each row is a point where the game waits: for players to decide (`pending.kind` "
               "\"decision\") or for chance (\"chance\"). `what` is `pending.what`. A wrong kind of action "
               "there is refused for the rule in the last column.\n")
    out.append("| what | who acts | mode | actions or outcomes | followed by | wrong kind refused for |")
    out.append("|---|---|---|---|---|---|")
    for r in g["turn"]:
        acts = r.get("actions") or r.get("outcomes") or []
        if r["kind"] == "chance":
            acts_text = ", ".join(f"`{a}`" for a in acts) + (f" ({', '.join(r['randomiser'])})"
                                                            if r.get("randomiser") else "")
        else:
            acts_text = ", ".join(f"`{a}`" for a in acts)
        if r.get("missed"):
            out.append(f"| `{_cell(r['what'])}` | (the model has this point; no sampled game reached it) | | | | |")
            continue
        out.append(f"| `{_cell(r['what'])}` | {_cell(r['who'])} | {r['mode']} | {acts_text} | "
                   + ", ".join(f"`{_cell(x)}`" for x in r["followed_by"]) + " | "
                   + _wrong_kind_cell(r, link) + " |")
    out.append("")
    entered = g.get("entered_when") or {}
    if entered:
        # every point the model lists, in the table's order first, then any the sample missed
        order = [r["what"] for r in g["turn"]] + [w for w in entered if w not in {r["what"] for r in g["turn"]}]
        out.append("When the game reaches each point (what the model checks to ask the decision, and what "
                   "skips it: a decision is asked whenever its condition holds, even with one legal answer):\n")
        for what in order:
            if what in entered:
                out.append(f"- `{_cell(what)}`: {entered[what]}")
        out.append("")
    if g.get("procedures"):
        out.append(f"{h}## What the game does by itself\n")
        out.append("Between decisions the model runs these steps of its own (read whole from its source, as the "
                   "order of the checks below is): `d`, `s` or `state` is the state being built (its fields as in "
                   "the state table), `rs` the configured game, `read(options, name)` an option's reading.\n")
        out.extend(checkorder.to_markdown(g["procedures"], rule_link=link, heading=f"{h}###"))
    out.append(f"{h}# Which rule a refusal names\n")
    for line in g["refusals"]["policy"]:
        out.append(f"- {line}")
    if g["refusals"]["turn_rule"]:
        out.append(f"\nHere the turn rule is {link(g['refusals']['turn_rule'])}.")
    if g["refusals"].get("game_over"):
        out.append("\nAn action once the game is over (`pending.kind` \"over\") names the rule that ended it, "
                   "by `outcome`: " + "; ".join(f"`{_cell(outcome)}`: " + ", ".join(link(r) for r in rules)
                                                for outcome, rules in g["refusals"]["game_over"].items()) + ".")
    if g["refusals"].get("by_field"):
        out.append("\nAn action of the right kind with one field wrong (each legal action of the sample with one "
                   "field set to another value that field took in the sample) was refused for these rules, "
                   "most often first. Where several are listed, which one depends on the situation: the first "
                   "check it fails, in the model's order.\n")
        out.append("| action | a wrong | is refused for |")
        out.append("|---|---|---|")
        for row in g["refusals"]["by_field"]:
            out.append(f"| `{_cell(row['kind'])}` | `{_cell(row['field'])}` | "
                       + ", ".join(link(r) for r in row["rules"]) + " |")
    if g["refusals"].get("check_order"):
        out.append("")
        out.append(f"{h}## The order of the checks\n")
        out.append("Read from the model's legality functions (their source, by `ast`): each condition in "
                   "the order the model tests it, nested as the code nests it, and the rule a refusal names "
                   "there. The first function decides a decision; it hands an action of the right kind to "
                   "the next ones. `rs` is the configured game (`rs.options`: the options below; `rs.board`: "
                   "the board), `s` the state, `read(options, name)` an option's reading; the first check "
                   "that fails names the refusal's rule. In the code, a function answering `None` means the "
                   "action is legal.\n")
        out.extend(checkorder.to_markdown(g["refusals"]["check_order"], rule_link=link, heading=f"{h}###"))
        if g["refusals"].get("point_rules"):
            out.append("At the points whose refusals no function above decides, a refused answer names the "
                       "point's own rule:\n")
            out.append("| point (`pending.what`) | a refused answer names |")
            out.append("|---|---|")
            for what, rule in sorted(g["refusals"]["point_rules"].items()):
                out.append(f"| `{_cell(what)}` | {link(rule)} |")
            out.append("")
        for term in g["refusals"].get("terms", ()):
            out.append(f"The checks' `{term['name']}` (a `{term['type']}`, not part of the state):\n")
            for m in term["members"]:
                out.append(f"- `{term['name']}.{m['name']}`" + (f" ({_cell(m['type'])})" if m["type"] else "")
                           + (f": {m['doc']}" if m["doc"] else ""))
            out.append("")
    out.append("")
    out.append(f"{h}# The state\n")
    if g["state_doc"]:
        out.append("What the game's state module says of it:\n\n```text\n" + g["state_doc"].strip() + "\n```\n")
    out.append("Every field of the canonical JSON state (`a[].b`: field `b` of each element of list `a`). "
               "\"Seen\" lists the values the sample met (numbers as a range).\n")
    out.append("| field | type | meaning | seen |")
    out.append("|---|---|---|---|")
    for f in g["state"]:
        out.append(f"| `{f['path']}` | {_cell(f['type'])} | {_cell(f['doc'])} | {_cell(f['seen'])} |")
    out.append("")
    if g["derived"]:
        out.append("Views the model computes from the fields (not in the JSON; an implementation may keep "
                   "them as it likes):\n")
        for d in g["derived"]:
            out.append(f"- `{d['path']}`: {d['doc']}")
        out.append("")
    out.append(f"{h}# The actions\n")
    out.append("Every action is a JSON object with its `kind`; decisions are sent with the deciding "
               "`player`, chance outcomes without one.\n")
    out.append("| kind | fields | meaning | example |")
    out.append("|---|---|---|---|")
    for a in g["actions"]:
        fields = "; ".join(f"`{f['path']}` ({_cell(f['type'])})" + (f": {_cell(f['doc'])}" if f["doc"] else "")
                           for f in a["fields"])
        ex = orjson.dumps(a["example"]).decode() if a["example"] is not None else ""
        out.append(f"| `{a['kind']}` | {fields} | {_cell(a['doc'])} | {_code(_cell(ex))} |")
    out.append("")
    out.append(f"{h}# The configuration\n")
    out.append("`reset` sends the configuration as `ruleset.describe()` gives it: "
               + "; ".join(f"`{k}`" + (" (every option below, by name)" if k == "options" else
                                       " (an object: " + ", ".join(f"`{x}`" for x in v) + ")"
                                       if isinstance(v, list) else "")
                           for k, v in g.get("configuration_keys", {}).items())
               + ". A board is sent as its data (the board file's form); the docs describe the board and "
               "component formats.\n")
    out.append(f"{h}# The options\n")
    out.append("Options are sent in `reset`'s `options` object; an option left out takes its default. A "
               "reading option settles an open question of the rulebook (the catalog's ambiguity); `null` "
               "leaves it unsettled, and the model then answers *unspecified* (code 2) where it arises: exactly where "
               "the step's code reads the option (`read(options, name)` in the order of the checks above, and "
               "in the step's effects), and, where the code weighs every reading at once "
               "(`by_reading(options, name, results)`), only when the readings give different results; a step "
               "that never reaches the option plays as under any reading. The two agree: the model's code reads "
               "an option only on a path where its readings part (a different next state, or a different set of "
               "answers the next decision accepts: a step whose readings reach the same state but open different "
               "Place targets or spends parts there), so a step where every reading gives the same answer is "
               "answered. In practice: code 2 exactly where the printed code (the checks, the procedures and "
               "the helpers they print) calls `read` on an unset option; never where only `by_reading` weighs "
               "readings that give the same result. `conform` sends such a step and "
               "requires code 2 there, its `data.ambiguity` the ambiguity of an option left unset; any other "
               "answer is a reading chosen silently (a divergence). An implementation that does not take "
               "unset options declines them at `reset` (code 3).  Only a reading may be `null`: a switch "
               "(a variant, on or off) or a count (the players) is `true`/`false` or a number, and `conform` "
               "refuses `null` for one before any game (exit 2); so it does for a reading the model needs to "
               "build the game itself (such as Egypt's `token_mix`), which it reads at `reset`.\n")
    for o in g["options"]:
        if o["kind"] == "reading":
            out.append(f"- **`{o['name']}`** settles {link(o['settles'])}"
                       + (f" ({o['title']})" if o["title"] else "") + (f": {o['question']}" if o["question"] else ""))
            for r in o["readings"]:
                mark = " (default)" if r["id"] == o["default"] else ""
                out.append(f"  - `\"{r['id']}\"`{mark}" + (f": {r['text']}" if r["text"] else ""))
            if o.get("note"):
                out.append(f"  - How the model applies it: {o['note']}")
        elif o["kind"] == "variant":
            out.append(f"- **`{o['name']}`** (true/false, default {str(o['default']).lower()}) switches "
                       f"{link(o['rule'])}" + (f" ({o['title']})" if o["title"] else ""))
        else:
            out.append(f"- **`{o['name']}`** ({o['type']}, default `{orjson.dumps(o['default']).decode()}`)"
                       + (f": {o['doc']}" if o["doc"] else ""))
    out.append("")
    out.append(f"{h}# Tie-breaks\n")
    if not g["tie_breaks"]:
        out.append("The catalog states no rule and no open question about ties.\n")
    for t in g["tie_breaks"]:
        line = f"- {link(t['id'])} ({t['title']}): {t['text']}"
        if t.get("option"):
            line += (f" The model breaks the tie by option `{t['option']}` = `\"{t['reading']}\"`"
                     + (f": {t['reading_text']}" if t.get("reading_text") else "."))
        out.append(line)
    out.append("")
    out.append(f"{h}# Worked exchanges\n")
    out.append("Real lines of the conform protocol (JSON-RPC 2.0, one message a line; docs: the oracle), "
               "produced by running the model; `reset`'s `options` and `board` are shown as `\"...\"` (they are the "
               "configuration's full options and the board's data, as `ruleset.describe()` gives them).\n")
    out += _exchange_block(g["exchanges"])
    out += _changes_block(g["exchanges"])
    if g.get("resets"):
        out.append("The starting state of other configurations, whose set-up differs (`options` shows only "
                   "what differs from the default; conform sends every option):\n")
        out += _exchange_block(g["resets"])
    return "\n".join(out)
