"""Conformance vectors: language-neutral golden data, one directory per case.

Layout (``docs/oracle.md``)::

    <root>/<game>/<area>/<case>/manifest.json   what the case tests, the rule ids, the expected result,
                                                the configuration (options, board)
                               pre.json        the state before (step cases)
                               action.json     the action (step cases)
                               post.json       the state after, when the action is accepted
                               error.json      {"rule": ..., "message": ..., "quote": ...} when refused

A ``reset`` case (area ``setup``) has no ``pre.json`` or ``action.json``: its ``post.json`` is the state
``reset`` must give for the configuration.  ``<area>`` is the catalog area of the rule the case targets
(``<game>.attack.ties-to-defender`` -> ``attack``).

Cases come from seeded explorations (:func:`export`: legal steps, and refused actions derived from them)
and from the tests (:func:`expect_step`, a helper that asserts the model's verdict and returns the
case, saved when the test run is given ``--tombspec-save-vectors DIR``).  :func:`coverage` says which
formalised rules the vectors of a tree exercise, legal and refused, and which they miss.
:func:`run_tree` runs a tree against an implementation over the conform protocol.
"""

from __future__ import annotations

import os
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
import orjson

from tombspec.model.errors import IllegalAction, Unspecified
from tombspec.model.ruleset import Ruleset
from tombspec.model.play import make_policy
from tombspec.model.traceability import formalised as formalise
from tombspec.model.traceability import recording
from tombspec.spec.errors import InvalidInput, TombspecError
from tombspec.spec.inputs import check_depth, read_bytes

from . import schema
from .conform import (ActionPool, Implementation, ImplementationFailure, Rejected, Undecided, Unsupported,
                      choose_action, compare_state)
from .trace import RulesetCache, check_duplicate_keys, configure, diff, plain, start_state
from .verify import ModelError, expect, rule_text

FORMAT = "tombspec-vector"
VERSION = 1
_SLUG = re.compile(r"[^a-z0-9._-]+")


def slug(text: str) -> str:
    return _SLUG.sub("-", text.lower()).strip("-.") or "case"


def area_of(rule: str) -> str:
    parts = rule.split(".")
    return slug(parts[1]) if len(parts) > 2 else "misc"


# --------------------------------------------------------------------------------------------------
# One vector


@attrs.define
class Vector:
    game: str
    area: str
    case: str
    kind: str                         # "step" | "reset"
    config: dict[str, Any]            # {"options": ..., "board": ...}
    rules: list[str]                  # the rule ids the model exercises on this case
    pre: Any = None
    action: Any = None
    player: int | None = None         # who makes the decision (None: chance, or the one who may act)
    post: Any = None
    error: dict[str, Any] | None = None
    target: str | None = None
    description: str = ""
    source: str = ""
    path: Path | None = None

    @property
    def expected(self) -> str:
        return "error" if self.error is not None else "post"

    @property
    def id(self) -> str:
        return f"{self.game}/{self.area}/{self.case}"

    def manifest(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": self.game, "area": self.area,
                               "case": self.case, "kind": self.kind, "expected": self.expected,
                               "rules": sorted(self.rules), "config": self.config,
                               "description": self.description}
        if self.target:
            out["target"] = self.target
        if self.player is not None:
            out["player"] = self.player
        if self.source:
            out["source"] = self.source
        return out

    def write(self, root: str | Path) -> Path:
        where = Path(root) / self.game / self.area / self.case
        where.mkdir(parents=True, exist_ok=True)
        files = {"manifest.json": self.manifest()}
        if self.kind == "step":
            files["pre.json"] = self.pre
            files["action.json"] = self.action
        if self.error is not None:
            files["error.json"] = self.error
        else:
            files["post.json"] = self.post
        for stale in ("pre.json", "action.json", "post.json", "error.json"):
            if stale not in files and (where / stale).exists():
                (where / stale).unlink()
        for name, data in files.items():
            (where / name).write_bytes(orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS
                                                    | orjson.OPT_APPEND_NEWLINE))
        self.path = where
        return where


def _read_json(path: Path) -> Any:
    raw = read_bytes(path)       # a regular file, capped: never /dev/zero, never a FIFO
    try:
        obj = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise InvalidInput(f"not valid JSON: {exc}", source=str(path)) from None
    check_duplicate_keys(raw, obj, source=str(path), line=1)
    check_depth(obj, source=str(path))
    return obj


def load_vector(case_dir: str | Path) -> Vector:
    """Read one case directory; any problem is :class:`InvalidInput` naming the file and the reason."""
    where = Path(case_dir)
    manifest_path = where / "manifest.json"
    m = _read_json(manifest_path)
    schema.validate("vector-manifest", m, source=str(manifest_path), what="manifest.json")
    v = Vector(m["game"], m["area"], m["case"], m["kind"], m["config"], list(m["rules"]),
               target=m.get("target"), description=m.get("description", ""), source=m.get("source", ""),
               player=m.get("player"), path=where)
    if m["kind"] == "step":
        v.pre = _read_json(where / "pre.json")
        v.action = _read_json(where / "action.json")
        for name, value in (("pre.json", v.pre), ("action.json", v.action)):
            if not isinstance(value, dict):
                raise InvalidInput("must hold a JSON object", source=str(where / name))
    elif m["expected"] == "error":
        raise InvalidInput("a reset case expects a state (post.json), not an error", source=str(manifest_path))
    other = where / ("post.json" if m["expected"] == "error" else "error.json")
    if other.exists() or other.is_symlink():     # which one the case means would be a guess
        raise InvalidInput(f"the manifest expects {'an error' if m['expected'] == 'error' else 'a state'}, but "
                           f"{other.name} is there too: a case holds post.json or error.json, never both",
                           source=str(other))
    if m["expected"] == "error":
        v.error = _read_json(where / "error.json")
        schema.validate("vector-error", v.error, source=str(where / "error.json"), what="error.json")
    else:
        v.post = _read_json(where / "post.json")
        if not isinstance(v.post, dict):
            raise InvalidInput("must hold a JSON object (a state)", source=str(where / "post.json"))
    return v


def iter_cases(root: str | Path) -> Iterator[Path]:
    """Every case directory under ``root`` (those holding a ``manifest.json``), in a fixed order."""
    root = Path(root)
    if not root.is_dir():
        raise InvalidInput("not a directory", source=str(root))
    for manifest in sorted(root.rglob("manifest.json")):
        yield manifest.parent


def check_against_model(v: Vector, rulesets: RulesetCache) -> tuple[Ruleset, Any, Any]:
    """Decode a vector with its game's model: ``(ruleset, pre state, action)``; bad data is InvalidInput."""
    src = str(v.path or v.id)
    rs = rulesets.get(v.game, v.config.get("options"), v.config.get("board"), source=src + "/manifest.json")
    pre = action = None
    if v.kind == "step":
        pre = start_state(rs, v.pre, source=src + "/pre.json")
        action = rs.decode_action(v.action, source=src + "/action.json")
    if v.post is not None:
        rs.decode_state(v.post, source=src + "/post.json")
    _agrees_with_model(v, rs, pre, action, src)
    return rs, pre, action


def _agrees_with_model(v: Vector, rs: Ruleset, pre: Any, action: Any, src: str) -> None:
    """A case whose expected answer (post.json, error.json) is not the model's is malformed: an edited
    vector must not fail a correct implementation."""
    if v.kind == "reset":
        diffs = diff(v.post, plain(rs.encode_state(rs.initial_state())))
        if diffs:
            raise InvalidInput("the case disagrees with the model: post.json is not the initial state ("
                               + "; ".join(map(repr, diffs[:4])) + ")", source=src + "/post.json")
        return
    outcome = expect(rs, pre, action, v.player)
    if outcome.kind == "unspecified":
        raise InvalidInput(f"the case disagrees with the model: the rulebook leaves it open ({outcome.rule})",
                           source=src + "/manifest.json")
    if v.error is not None:
        if outcome.kind != "error":
            raise InvalidInput(f"the case disagrees with the model: error.json expects a refusal for "
                               f"{v.error['rule']}, but the model accepts the action", source=src + "/error.json")
        if outcome.rule != v.error["rule"]:
            raise InvalidInput(f"the case disagrees with the model: error.json names {v.error['rule']}, the "
                               f"model refuses the action for {outcome.rule}", source=src + "/error.json")
        also = v.error.get("also", [])
        extra = [r for r in also if r not in (outcome.also or ())]
        if extra:       # a rule the model does not say the action breaks would let a wrong refusal pass
            raise InvalidInput(f"the case disagrees with the model: error.json's also names "
                               f"{', '.join(map(str, extra))}, which the model does not say the action breaks "
                               f"(it lists {', '.join(outcome.also or ()) or 'no other rule'})",
                               source=src + "/error.json")
        return
    if outcome.kind == "error":
        raise InvalidInput(f"the case disagrees with the model: post.json expects the action accepted, the "
                           f"model refuses it for {outcome.rule}", source=src + "/post.json")
    diffs = diff(v.post, plain(rs.encode_state(outcome.state)))
    if diffs:
        raise InvalidInput("the case disagrees with the model: post.json is not the model's state after the "
                           "action (" + "; ".join(map(repr, diffs[:4])) + ")", source=src + "/post.json")


# --------------------------------------------------------------------------------------------------
# Making vectors from the model


def config_of(rs: Ruleset) -> dict[str, Any]:
    d = plain(rs.describe())
    return {"options": d.get("options"), "board": d.get("board")}


def make_vector(rs: Ruleset, pre: Any, action: Any, *, target: str | None = None, case: str | None = None,
                description: str = "", source: str = "", player: int | None = None) -> Vector:
    """The vector of ``action`` (by ``player``) in ``pre``, with the model's verdict and the rules it
    exercises."""
    with recording() as seen:
        outcome = expect(rs, pre, action, player)
    if outcome.kind == "unspecified":
        raise Unspecified(outcome.rule or "", outcome.message)
    error = None
    post = None
    if outcome.kind == "error":
        assert outcome.rule is not None
        error = {"rule": outcome.rule, "message": outcome.message}
        if outcome.also:
            error["also"] = list(outcome.also)   # other rules it breaks: naming any of them passes
        quote = rule_text(rs.game, outcome.rule).get("quote")
        if quote:
            error["quote"] = quote
        target = target or outcome.rule
    else:
        post = plain(rs.encode_state(outcome.state))
    rules = sorted(seen | ({outcome.rule} if outcome.rule else set()))
    target = target or (rules[0] if rules else f"{rs.game}.misc.step")
    act = plain(rs.encode_action(action))
    case = case or f"{'illegal' if error else 'legal'}-{target.split('.')[-1]}"
    return Vector(rs.game, area_of(target), slug(case), "step", config_of(rs), rules, pre=plain(rs.encode_state(pre)),
                  action=act, player=player, post=post, error=error, target=target,
                  description=description or _describe(act, error, target), source=source)


def make_reset_vector(game: str, options: Any, board: Any, *, case: str, source: str = "") -> Vector:
    """The state ``reset`` gives for a configuration, with the set-up rules it exercises."""
    with recording() as seen:
        rs = configure(game, options, board, source=source or "reset")
        state = rs.initial_state()
    rules = sorted(seen)
    config = config_of(rs)
    name = config["board"].get("name", "?") if isinstance(config["board"], dict) else config["board"]
    return Vector(game, "setup", slug(case), "reset", config, rules, post=plain(rs.encode_state(state)),
                  target=rules[0] if rules else None,
                  description=f"reset on board {name}: the state before the first action", source=source)


def _describe(action: Any, error: dict[str, Any] | None, target: str) -> str:
    act = orjson.dumps(action).decode()
    if error:
        return f"{act} is refused: it breaks {error['rule']}"
    return f"{act} is accepted; exercises {target}"


# -- the test helper ---------------------------------------------------------------------------------

_SAVE_DIR: list[Path] = []


def save_vectors_to(directory: str | Path | None) -> None:
    """Where :func:`expect_step` saves its vectors (``None``: nowhere).  The pytest plugin sets it from
    ``--tombspec-save-vectors DIR``; the environment variable ``TOMBSPEC_SAVE_VECTORS`` does too."""
    _SAVE_DIR.clear()
    if directory is not None:
        _SAVE_DIR.append(Path(directory))


def _save_dir() -> Path | None:
    if _SAVE_DIR:
        return _SAVE_DIR[0]
    env = os.environ.get("TOMBSPEC_SAVE_VECTORS")
    return Path(env) if env else None


def expect_step(rs: Ruleset, pre: Any, action: Any, *, post: Any = None, rule: str | None = None,
                check: Callable[[Any], Any] | None = None, case: str, target: str | None = None,
                description: str = "") -> Vector:
    """Assert the model's verdict on ``action`` in ``pre`` and return it as a vector.

    ``rule``: the action must be refused for this rule.  ``post``: the next state must equal it.
    ``check``: a predicate the next state must satisfy.  The vector is saved (``<case>`` under its
    rule's area, prefixed ``test-``) when a save directory is set (:func:`save_vectors_to`)."""
    v = make_vector(rs, pre, action, target=target or rule, case=f"test-{case}", description=description,
                    source=f"test {case}")
    if rule is not None:
        assert v.error is not None, f"{action!r} was accepted; expected a refusal for {rule}"
        assert v.error["rule"] == rule, f"{action!r} was refused for {v.error['rule']}, not {rule}"
    else:
        assert v.error is None, f"{action!r} was refused: {v.error}"
        state = rs.step(pre, action)
        if post is not None:
            assert state == post, f"the state after {action!r} is {state!r}, not {post!r}"
        if check is not None:
            assert check(state), f"the state after {action!r} fails the check: {state!r}"
    if target is not None:
        assert target in v.rules, f"{action!r} does not exercise {target} (it exercises {v.rules})"
    directory = _save_dir()
    if directory is not None:
        v.write(directory)
    return v


# --------------------------------------------------------------------------------------------------
# Export from seeded explorations


def configurations(game: str) -> list[tuple[str, dict[str, Any] | None, Any]]:
    """The configurations to explore: the defaults on every shipped board, each variant on, and each
    non-default reading of each ambiguity: ``(label, options, board)``."""
    from tombspec.model.ruleset import get_ruleset

    rs = get_ruleset(game)
    boards: list[Any] = list(rs.shipped_boards()) or [None]
    out: list[tuple[str, dict[str, Any] | None, Any]] = []
    for b in boards:
        out.append((f"default-{b}", None, b))
    for f in attrs.fields(rs.options_type):
        if "variant" in f.metadata:
            for b in boards:
                out.append((f"{f.name}-{b}", {f.name: True}, b))
        elif "readings" in f.metadata:
            for reading in f.metadata["readings"][1:]:
                out.append((f"{f.name}-{reading}", {f.name: reading}, boards[0]))
    # Every variant at once, on every board (the Advanced Rules together).
    variants = {f.name: True for f in attrs.fields(rs.options_type) if "variant" in f.metadata}
    if len(variants) > 1:
        for b in boards:
            out.append((f"all-variants-{b}", variants, b))
    return out


@attrs.define
class ExportReport:
    root: Path
    cases: int = 0
    legal: int = 0
    illegal: int = 0
    resets: int = 0
    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    coverage: dict[str, Any] = attrs.field(factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"root": str(self.root), "cases": self.cases, "legal": self.legal, "illegal": self.illegal,
                "resets": self.resets, "games": self.games, "steps": self.steps,
                "seconds": round(self.seconds, 3), "coverage": self.coverage}


class _Selector:
    """Keeps the first few cases per rule (legal) and per refused rule (illegal)."""

    def __init__(self, per_rule: int):
        self.per_rule = per_rule
        self.legal: Counter[str] = Counter()
        self.illegal: Counter[str] = Counter()
        self.tried: Counter[tuple[str, str]] = Counter()
        self.transitions: Counter[str] = Counter()
        self.names: Counter[str] = Counter()

    def name(self, base: str) -> str:
        self.names[base] += 1
        return f"{base}-{self.names[base]}"


def export(root: str | Path, games: Sequence[str], *, seed: int = 0, games_per_config: int = 12,
           per_rule: int = 2, max_steps: int = 3000, progress: Callable[[int, int], None] | None = None,
           policy: str = "uniform", config: str | None = None) -> ExportReport:
    """Write vectors for ``games`` under ``root`` from seeded explorations of every configuration (or of
    the one labelled ``config``), decisions drawn by ``policy`` (:func:`tombspec.model.play.make_policy`)."""
    root = Path(root)
    report = ExportReport(root)
    start = time.perf_counter()
    make_policy(policy)   # an unknown name is bad input before anything is written
    for game in games:
        sel = _Selector(per_rule)
        configs = configurations(game)
        if config is not None:
            labels = [c[0] for c in configs]
            if config not in labels:
                raise InvalidInput(f"no configuration {config!r} for {game}; known: {', '.join(labels)}",
                                   source="--config")
            configs = [c for c in configs if c[0] == config]
        for n, (label, options, board) in enumerate(configs):
            reset = make_reset_vector(game, options, board, case=f"reset-{label}", source=f"reset {label}")
            reset.write(root)
            report.resets += 1
            rs = configure(game, options, board, source=label)
            pool = ActionPool(rs)
            chooser = make_policy(policy)
            for i in range(games_per_config):
                rng = random.Random(f"{seed}:{label}:{i}")
                new_game = getattr(chooser, "new_game", None)
                if new_game is not None:
                    new_game()
                _explore_one(rs, rng, pool, sel, root, report, f"explore {label} seed {seed} game {i}", max_steps,
                             None if policy == "uniform" else chooser)
            if progress is not None:
                progress(n + 1, len(configs))
    report.cases = report.resets + report.legal + report.illegal
    report.coverage = coverage(root, games)
    report.seconds = time.perf_counter() - start
    return report


def _explore_one(rs: Ruleset, rng: random.Random, pool: ActionPool, sel: _Selector, root: Path,
                 report: ExportReport, source: str, max_steps: int, policy: Any = None) -> None:
    state = rs.initial_state()
    report.games += 1
    probe_rng = random.Random(f"{source}:refusals")
    for step in range(max_steps):
        if rs.is_terminal(state):
            _refusals(rs, state, [], pool, sel, root, report, f"{source} step {step} (the game is over)",
                      probe_rng)
            return
        pending = rs.pending(state)
        try:
            choice = choose_action(rs, state, rng, policy=policy)
        except Unspecified:
            return
        if choice is None:
            return
        action, player, _ = choice
        legal = rs.legal_actions(state, player) if player is not None else \
            [o for o, _ in rs.chance_outcomes(state)] if rs.chance(state).size <= 4096 else []
        pool.add(legal)
        _refusals(rs, state, legal, pool, sel, root, report, f"{source} step {step}", probe_rng, player)
        with recording() as seen:
            outcome = expect(rs, state, action, player)
        if outcome.kind != "post":
            return
        # Keep the step if it exercises a rule with few cases, or is a transition (phase, action kind,
        # next phase) with few cases.
        transition = f"{pending.what}:{type(action).kind}:{rs.pending(outcome.state).what}"
        wanted = [r for r in sorted(seen) if sel.legal[r] < sel.per_rule]
        if wanted or sel.transitions[transition] < sel.per_rule:
            target = wanted[0] if wanted else _main_rule(seen, rs.game)
            v = make_vector(rs, state, action, target=target, player=player,
                            case=sel.name(f"legal-{target.split('.')[-1]}"), source=f"{source} step {step}",
                            description=f"{_describe(plain(rs.encode_action(action)), None, target)} "
                                        f"(transition {transition})")
            v.write(root)
            report.legal += 1
            sel.legal.update(v.rules)
            sel.transitions[transition] += 1
        state = outcome.state
        report.steps += 1


def _main_rule(seen: set[str], game: str) -> str:
    plain_rules = sorted(r for r in seen if ".ambiguity." not in r)
    return (plain_rules or sorted(seen) or [f"{game}.misc.step"])[0]


def _refusals(rs: Ruleset, state: Any, legal: Sequence[Any], pool: ActionPool, sel: _Selector, root: Path,
              report: ExportReport, source: str, rng: random.Random, player: int | None = None) -> None:
    """For every action kind not legal here, one such action (a near miss of a legal one, or a sample of
    the kind) and the rule the model refuses it for, kept while that rule wants cases.  A (phase, kind)
    pair stops being tried after ``40 * per_rule`` tries."""
    what = rs.pending(state).what
    limit = 40 * sel.per_rule
    legal_set = set(legal)
    for kind in pool.kinds():
        if sel.tried[(what, kind)] >= limit:
            continue
        sel.tried[(what, kind)] += 1
        action = pool.draw(kind, legal, legal_set, rng)
        if action is None:
            continue
        outcome = expect(rs, state, action, player)
        if outcome.kind != "error" or outcome.rule is None or sel.illegal[outcome.rule] >= sel.per_rule:
            continue
        v = make_vector(rs, state, action, case=sel.name(f"illegal-{outcome.rule.split('.')[-1]}"),
                        source=source, player=player)
        v.write(root)
        report.illegal += 1
        sel.illegal[outcome.rule] += 1


# --------------------------------------------------------------------------------------------------
# Coverage


def formalised(game: str) -> list[str]:
    """The rule ids of ``game`` the model's transitions formalise, which a step can exercise
    (``tombspec.model.traceability.formalised`` without the invariants)."""
    return sorted(formalise(game, invariants=False))


def coverage(root: str | Path, games: Iterable[str]) -> dict[str, Any]:
    """Which formalised rules the vectors under ``root`` exercise (accepted), name (refused), or miss."""
    legal: dict[str, set[str]] = {}
    refused: dict[str, set[str]] = {}
    for case in iter_cases(root):
        m = _read_json(case / "manifest.json")
        if not isinstance(m, dict) or not isinstance(m.get("rules"), list):
            continue
        game = m.get("game")
        if m.get("expected") == "error":
            err = _read_json(case / "error.json")
            if isinstance(err, dict) and isinstance(err.get("rule"), str):
                refused.setdefault(game, set()).add(err["rule"])
        else:
            legal.setdefault(game, set()).update(r for r in m["rules"] if isinstance(r, str))
    out: dict[str, Any] = {}
    for game in games:
        rules = formalised(game)
        acc = legal.get(game, set())
        ref = refused.get(game, set())
        out[game] = {
            "formalised": len(rules),
            "accepted": sorted(r for r in rules if r in acc),
            "refused": sorted(ref),
            "not_covered": sorted(r for r in rules if r not in acc and r not in ref),
        }
    return out


# --------------------------------------------------------------------------------------------------
# Running a tree against an implementation


@attrs.define
class CaseResult:
    case: str
    status: str          # "pass" | "fail" | "failure" (the implementation failed to play)
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"case": self.case, "status": self.status, "message": self.message}


def run_case(impl: Implementation, v: Vector, rulesets: RulesetCache) -> CaseResult:
    """Run one vector through the implementation: reset (from ``pre``), then the action."""
    rs, _, _ = check_against_model(v, rulesets)
    board = v.config.get("board")
    options = v.config.get("options")
    try:
        answer = impl.reset(v.game, options, board, v.pre if v.kind == "step" else None)
        fields = answer.fields
        expected_start = v.pre if v.kind == "step" else v.post
        diffs = compare_state(rs, rs.decode_state(expected_start), answer.state, fields)
        if diffs:
            what = "pre.json" if v.kind == "step" else "post.json"
            return CaseResult(v.id, "fail", f"after reset the state differs from {what}: "
                              + "; ".join(map(repr, diffs[:8])))
        if v.kind == "reset":
            return CaseResult(v.id, "pass")
        try:
            state = impl.step(v.action, v.player)
        except Undecided as exc:      # code 2: a vector's step always has the model's answer
            return CaseResult(v.id, "fail", f"answered code 2 (unspecified: {exc.ambiguity}); expected "
                              + ("post.json" if v.error is None else f"a refusal for {v.error['rule']}"))
        except Rejected as exc:
            if v.error is None:
                return CaseResult(v.id, "fail", f"refused ({exc.rule}: {exc.message}); expected post.json")
            if exc.rule != v.error["rule"] and exc.rule not in v.error.get("also", ()):
                return CaseResult(v.id, "fail", f"refused for {exc.rule}; expected {v.error['rule']}")
            return CaseResult(v.id, "pass")
        if v.error is not None:
            return CaseResult(v.id, "fail", f"accepted; expected a refusal for {v.error['rule']}")
        diffs = compare_state(rs, rs.decode_state(v.post), state, fields)
        if diffs:
            return CaseResult(v.id, "fail", "the state differs from post.json: " + "; ".join(map(repr, diffs[:8])))
        return CaseResult(v.id, "pass")
    except ImplementationFailure as exc:
        return CaseResult(v.id, "failure", str(exc))
    except Unsupported as exc:   # declined at reset (code 3): skipped, and counted as such
        return CaseResult(v.id, "skipped", f"unsupported configuration: {exc.message}")


@attrs.define
class RunReport:
    implementation: str
    results: list[CaseResult] = attrs.field(factory=list)
    malformed: list[str] = attrs.field(factory=list)
    seconds: float = 0.0
    stopped: str = ""

    @property
    def counts(self) -> Counter[str]:
        return Counter(r.status for r in self.results)

    @property
    def exit_code(self) -> int:
        c = self.counts
        if self.malformed or c["failure"] or not (c["pass"] or c["fail"]):
            return 2          # bad cases, a failing implementation, or nothing checked (every case skipped)
        return 1 if c["fail"] else 0

    def to_json(self) -> dict[str, Any]:
        return {"implementation": self.implementation, "counts": dict(self.counts),
                "seconds": round(self.seconds, 3), "malformed": self.malformed, "stopped": self.stopped,
                "results": [r.to_json() for r in self.results if r.status != "pass"]}

    def summary(self) -> str:
        c = self.counts
        return (f"{self.implementation}: {len(self.results)} case(s) in {self.seconds:.2f} s: {c['pass']} pass, "
                f"{c['fail']} fail, {c['failure']} implementation failure(s)"
                + (f", {c['skipped']} skipped (an unsupported configuration, declined at reset)" if c["skipped"] else "")
                + ("; nothing checked: every case was skipped" if self.results and not (c["pass"] or c["fail"]
                                                                                     or c["failure"]) else "")
                + (f", {len(self.malformed)} malformed case(s)" if self.malformed else "")
                + (f"; {self.stopped}" if self.stopped else ""))


def run_tree(root: str | Path, impl: Implementation, *, game: str | None = None,
             on_result: Callable[[CaseResult], None] | None = None, give_up: int = 3) -> RunReport:
    """Run every case under ``root`` (only ``game``'s, if given) against ``impl``.  The implementation is
    restarted after it fails; after ``give_up`` failures in a row the run stops (``report.stopped``)."""
    report = RunReport(impl.name)
    rulesets = RulesetCache()
    start = time.perf_counter()
    in_a_row = 0
    for case in iter_cases(root):
        if in_a_row >= give_up:
            report.stopped = f"stopped after {in_a_row} implementation failures in a row"
            break
        try:
            v = load_vector(case)
            if game is not None and v.game != game:
                continue
            result = run_case(impl, v, rulesets)
        except InvalidInput as exc:
            report.malformed.append(str(exc))
            continue
        except ModelError as exc:
            report.malformed.append(f"{case}: the model cannot replay this case ({exc.__cause__!r}): its "
                                    "pre.json is not a state a game reaches")
            continue
        report.results.append(result)
        in_a_row = in_a_row + 1 if result.status == "failure" else 0
        if on_result is not None:
            on_result(result)
    report.seconds = time.perf_counter() - start
    if not report.results and not report.malformed and not report.stopped:
        what = f"no case of game {game!r}" if game is not None else "no case (no manifest.json)"
        report.malformed.append(f"{root}: nothing to check: {what} under this directory")
    return report


__all__ = ["CaseResult", "ExportReport", "RunReport", "Vector", "coverage", "expect_step", "export",
           "formalised", "iter_cases", "load_vector", "make_reset_vector", "make_vector", "run_case",
           "run_tree", "save_vectors_to", "IllegalAction", "TombspecError"]
