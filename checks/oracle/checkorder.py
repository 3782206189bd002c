"""The order of a game's legality checks, read from the model's own functions.

Which rule a refusal names, where an action breaks several, is decided by the order in which the
model checks them.  That order is written in the model's legality functions (Raiders' ``decision_rule``,
``move_rule``, ``spend_rule``; Tomb's ``why_not_standard``; ...), each a chain of conditions, each
condition answered with a rule id.  A ruleset lists them in ``Ruleset.refusal_checks``; this module
reads their source with :mod:`ast` and gives the chain as data: every condition, in order, nested as
the code nests it, with the rule it names (or *legal*), every name it binds on the way, and what the
helpers it calls are (their docstrings).  Generated, so it cannot drift from what the model does.

A statement is one of:

* ``if`` / ``else if`` / ``otherwise``, with the condition's source, and the statements under it;
* ``refuse``: the action is refused for the rule (a string constant returned, or ``require(cond,
  rule)``: refused for ``rule`` unless ``cond``);
* ``legal``: ``return None`` (the action is open);
* ``answer``: any other return (another check's answer, a conditional, a look-up), with the rule ids
  it may name;
* ``let`` (an assignment), ``for`` / ``while`` (a loop, with its statements), ``do`` (a call made for its
  effect), ``def`` (a local function, with its statements).

Read whole (a procedure, not a check: ``whole=True``), a bare ``return`` is ``stop`` (nothing more is
done) and ``return None`` an ``answer``: neither means an action is legal there; imports are left out.
"""

from __future__ import annotations

import ast
import inspect
import io
import re
import textwrap
import tokenize
from collections.abc import Callable, Iterable
from typing import Any

import attrs

#: A catalog rule id as the model writes it: ``game.section.name`` (the game's prefix first).
RULE_ID = re.compile(r"^[a-z]+(\.[a-z0-9][a-z0-9-]*){2,}$")


def _comments(source: str) -> dict[int, str]:
    """The trailing comment of each line of ``source`` (its 1-based line number)."""
    out: dict[int, str] = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT and not re.match(r"#\s*(type:|noqa|pragma)", tok.string):
                out[tok.start[0]] = tok.string.lstrip("#").strip()
    except (tokenize.TokenError, IndentationError):  # pragma: no cover - source from inspect parses
        pass
    return out


def _rules_in(node: ast.AST) -> list[str]:
    """The rule ids written as string constants inside ``node``, in source order."""
    out = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and RULE_ID.match(sub.value):
            if sub.value not in out:
                out.append(sub.value)
    return out


def _is_none(node: ast.AST | None) -> bool:
    return node is None or (isinstance(node, ast.Constant) and node.value is None)


def _rule_constant(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE_ID.match(node.value):
        return node.value
    return None


def _called(node: ast.AST) -> list[str]:
    """The names of the functions ``node`` calls (``f`` and ``module.f`` as written)."""
    out = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            name = ast.unparse(sub.func)
            if name not in out:
                out.append(name)
    return out


class _Reader:
    def __init__(self, source: str, first_line: int, whole: bool = False) -> None:
        self.comments = _comments(source)
        self.first_line = first_line
        self.whole = whole                          # a procedure: a return is no verdict on an action
        self._calls: dict[int, list[str]] = {}      # id of a statement's item -> the functions it calls
        self._pending: list[str] = []               # the calls of the statement being read

    def _comment(self, node: ast.AST) -> str:
        lines = range(node.lineno, (getattr(node, "end_lineno", None) or node.lineno) + 1)
        return " ".join(self.comments[n] for n in lines if n in self.comments)

    def _note_calls(self, node: ast.AST) -> None:
        self._pending.extend(_called(node))

    def calls(self, steps: list[dict[str, Any]]) -> list[str]:
        """The functions ``steps`` (and the steps under them) call, once each, in order."""
        out: list[str] = []
        for step in steps:
            out.extend(self._calls.get(id(step), ()))
            out.extend(self.calls(step.get("body", [])))
        return list(dict.fromkeys(out))

    def block(self, body: Iterable[ast.stmt]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for stmt in body:
            out.extend(self.statement(stmt))
        return out

    def _item(self, node: ast.AST, kind: str, text: str = "", **more: Any) -> dict[str, Any]:
        item = {"kind": kind, "text": text, "line": self.first_line + node.lineno - 1, **more}
        self._calls[id(item)], self._pending = self._pending, []
        # a compound statement's comment is its first line's; a simple one's, any of its lines'
        compound = ("if", "else if", "for", "while", "def")
        comment = self.comments.get(node.lineno, "") if kind in compound else self._comment(node)
        if comment:
            item["comment"] = comment
        return item

    def statement(self, stmt: ast.stmt) -> list[dict[str, Any]]:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
            return []                                                    # a docstring
        if isinstance(stmt, ast.If):
            return self._if(stmt, "if")
        if isinstance(stmt, ast.Return):
            return [self._return(stmt)]
        if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            self._note_calls(stmt)
            return [self._item(stmt, "let", ast.unparse(stmt))]
        if isinstance(stmt, ast.For):
            self._note_calls(stmt.iter)
            item = self._item(stmt, "for", f"{ast.unparse(stmt.target)} in {ast.unparse(stmt.iter)}")
            item["body"] = self.block(stmt.body)
            return [item]
        if isinstance(stmt, ast.While):
            self._note_calls(stmt.test)
            item = self._item(stmt, "while", ast.unparse(stmt.test))
            item["body"] = self.block(stmt.body)
            return [item]
        if self.whole and isinstance(stmt, (ast.Import, ast.ImportFrom)):
            return []                                                    # plumbing
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            item = self._item(stmt, "def", f"{stmt.name}({ast.unparse(stmt.args)})")
            item["body"] = self.block(stmt.body)
            return [item]
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            call = stmt.value
            name = ast.unparse(call.func)
            if name.split(".")[-1] == "require" and len(call.args) >= 2:
                self._note_calls(call.args[0])
                self._note_calls(call.args[1])
                cond, rule = call.args[0], call.args[1]
                constant = _rule_constant(rule)
                always = isinstance(cond, ast.Constant) and cond.value is False
                return [self._item(stmt, "refuse", "" if always else ast.unparse(cond),
                                   rules=[constant] if constant else _rules_in(rule), unless=not always,
                                   **({} if constant else {"rule": ast.unparse(rule)}))]
            self._note_calls(stmt)
            return [self._item(stmt, "do", ast.unparse(stmt), rules=_rules_in(stmt))]
        if isinstance(stmt, ast.Raise):
            return [self._item(stmt, "do", ast.unparse(stmt), rules=_rules_in(stmt))]
        if isinstance(stmt, ast.Pass):
            return []
        self._note_calls(stmt)
        return [self._item(stmt, "do", ast.unparse(stmt), rules=_rules_in(stmt))]

    def _if(self, stmt: ast.If, kind: str) -> list[dict[str, Any]]:
        self._note_calls(stmt.test)
        item = self._item(stmt, kind, ast.unparse(stmt.test))
        item["body"] = self.block(stmt.body)
        out = [item]
        orelse = stmt.orelse
        if len(orelse) == 1 and isinstance(orelse[0], ast.If):
            out.extend(self._if(orelse[0], "else if"))
        elif orelse:
            out.append({"kind": "otherwise", "text": "", "line": self.first_line + orelse[0].lineno - 1,
                        "body": self.block(orelse)})
        return out

    def _return(self, stmt: ast.Return) -> dict[str, Any]:
        value = stmt.value
        if self.whole and value is None:
            return self._item(stmt, "stop")
        if self.whole and _is_none(value):
            return self._item(stmt, "answer", "None")
        if _is_none(value):
            return self._item(stmt, "legal")
        assert value is not None
        rule = _rule_constant(value)
        if rule is not None:
            return self._item(stmt, "refuse", rules=[rule])
        self._note_calls(value)
        return self._item(stmt, "answer", ast.unparse(value), rules=_rules_in(value))


def read_checks(func: Callable[..., Any], chained: Iterable[str] = (), *, whole: bool = False,
                ruleset: type | None = None) -> dict[str, Any]:
    """One legality function as its chain of checks (see the module's docstring); ``chained``: the
    names of the other listed functions (a statement handing the action to one of them is a check)."""
    func = inspect.unwrap(func)
    lines, first = inspect.getsourcelines(func)
    source = textwrap.dedent("".join(lines))
    tree = ast.parse(source)
    fn = tree.body[0]
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        raise TypeError(f"{func!r} is not a function")
    reader = _Reader(source, first, whole)
    steps = reader.block(fn.body)
    # what follows the last statement that can refuse is the action's effect, not a check
    chained = tuple(chained)
    last = len(steps) - 1 if whole else \
        max((i for i, step in enumerate(steps) if _refuses(step, chained)), default=len(steps) - 1)
    applied = steps[last + 1:]
    steps = steps[:last + 1]
    calls = reader.calls(steps)
    doc = inspect.getdoc(func) or ""
    module = inspect.getmodule(func)
    helpers = _helpers(func, calls, ruleset)
    return {"name": fn.name, "signature": f"{fn.name}({ast.unparse(fn.args)})",
            "module": module.__name__ if module else "", "line": first,
            "doc": doc.split("\n\n")[0].replace("\n", " ").strip(),
            "checks": steps, "rules": rules_of(steps), "calls": calls, "then_applied": bool(applied),
            "helpers": helpers, "constants": _constants([(func, fn), *((_resolve(func, h["name"], ruleset), h["returns"])
                                                    for h in helpers if "returns" in h)])}


def _constants(nodes: list[tuple[Any, Any]]) -> list[dict[str, str]]:
    """The module constants (upper-case names holding a number, a string or a collection of them) that
    ``nodes`` (each a function and a tree, or an expression's source, of its code) read, with their values."""
    out: dict[str, str] = {}
    for func, node in nodes:
        scope = getattr(inspect.unwrap(func), "__globals__", {})
        tree = ast.parse(node) if isinstance(node, str) else node
        # a function's body and defaults, not its decorators (``@task("reveal", AUTO, ...)`` is not read
        # by the function)
        roots = [*tree.body, tree.args] if isinstance(tree, (ast.FunctionDef, ast.AsyncFunctionDef)) else [tree]
        for sub in (n for root in roots for n in ast.walk(root)):
            if isinstance(sub, ast.Name) and sub.id.isupper() and sub.id not in out and sub.id in scope:
                shown = _constant_value(scope[sub.id])
                if shown is not None:
                    out[sub.id] = shown
    return [{"name": k, "value": v} for k, v in out.items()]


_SIMPLE = (int, str, float, type(None))


def _constant_value(value: Any) -> str | None:
    """How a module constant prints: a number or a string; a collection of them (a set sorted); a
    table of them (a dict whose keys are such and whose values are such or collections of such, as
    Egypt's ``REFUSED``, kind -> rule); None for anything else (a class, a function, a structure)."""
    def plain(v: Any, depth: int = 0) -> Any:
        if isinstance(v, _SIMPLE):
            return v
        if isinstance(v, type) and isinstance(getattr(v, "kind", None), str):
            return v.kind                   # an action class, by its kind (as Cryptmaster's _REFUSED_FOR)
        if isinstance(v, tuple) and depth < 3 and not all(isinstance(x, _SIMPLE) for x in v):
            return tuple(plain(x, depth + 1) for x in v)      # a table of pairs, as (kinds, rule)
        if isinstance(v, (tuple, list, frozenset, set)) and all(isinstance(x, _SIMPLE) for x in v):
            if isinstance(v, (frozenset, set)):
                try:
                    return sorted(v)
                except TypeError:           # of mixed types
                    return sorted(v, key=repr)
            return v
        raise TypeError

    try:
        if attrs.has(type(value)) and not isinstance(value, type):   # a value such as Raiders' ATTACK_DUE_ON_MOVE
            for f in attrs.fields(type(value)):
                plain(getattr(value, f.name))
            return repr(value)
        if isinstance(value, dict):
            if not all(isinstance(k, _SIMPLE) for k in value):
                return None
            return repr({k: plain(v) for k, v in value.items()})
        shown = repr(plain(value))
        return shown if len(shown) <= CONSTANT_CHARS else None
    except TypeError:
        return None


#: a constant longer than this, printed, is left out of the guide (a structure rather than a setting)
CONSTANT_CHARS = 2000


def _refuses(step: dict[str, Any], chained: tuple[str, ...]) -> bool:
    """Whether ``step`` (or a step under it) can refuse: a refusal, an answer that may name a rule, or a
    hand-over to another listed function."""
    if step["kind"] in ("refuse", "legal") or (step["kind"] == "answer" and step.get("rules")):
        return True
    if any(re.search(rf"(?<!\w){re.escape(name)}\(", step["text"]) for name in chained):
        return True
    return any(_refuses(sub, chained) for sub in step.get("body", ()))


def rules_of(steps: list[dict[str, Any]]) -> list[str]:
    """Every rule id the chain may name, in order."""
    out: list[str] = []
    for step in steps:
        for rule in step.get("rules", ()):
            if rule not in out:
                out.append(rule)
        for rule in rules_of(step.get("body", [])):
            if rule not in out:
                out.append(rule)
    return out


def _resolve(func: Callable[..., Any], name: str, ruleset: type | None = None) -> Any:
    """What ``name`` (``f`` or ``mod.f``, as written in ``func``) refers to, or None; ``rs.f`` is the
    method of ``ruleset`` (the model's functions take their ruleset as ``rs``)."""
    scope: Any = getattr(inspect.unwrap(func), "__globals__", {})
    parts = name.split(".")
    if parts[0] == "rs" and ruleset is not None and len(parts) > 1:
        obj: Any = ruleset
    else:
        obj = scope.get(parts[0]) if isinstance(scope, dict) else None
    for part in parts[1:]:
        if obj is None:
            return None
        obj = getattr(obj, part, None)
    return obj


def _helpers(func: Callable[..., Any], calls: list[str], ruleset: type | None = None) -> list[dict[str, str]]:
    """The model's own functions the chain calls (``rs.f``: the ruleset's methods), each with the first
    paragraph of its docstring."""
    out = []
    for name in calls:
        obj = _resolve(func, name, ruleset)
        if not callable(obj) or not (getattr(obj, "__module__", "") or "").startswith("tombspec.model"):
            continue
        doc = inspect.getdoc(obj) or ""
        returns = _single_return(obj)
        if not doc and not returns:
            continue
        item = {"name": name, "doc": doc.split("\n\n")[0].replace("\n", " ").strip() if doc else ""}
        if returns:
            item["returns"] = returns
        out.append(item)
    return out


def _delegate(method: Any) -> Any:
    """The function a method hands its work to (``return f(self, ...)``), or the method itself."""
    returns = _single_return(method)
    if returns:
        call = ast.parse(returns, mode="eval").body
        if isinstance(call, ast.Call) and call.args and isinstance(call.args[0], ast.Name) and \
                call.args[0].id == "self":
            target = _resolve(method, ast.unparse(call.func))
            if inspect.isfunction(target):
                return target
    return method


def _single_return(obj: Any) -> str | None:
    """The expression a function returns, when its body (past its docstring) is that one return."""
    try:
        fn = ast.parse(textwrap.dedent(inspect.getsource(inspect.unwrap(obj)))).body[0]
    except (OSError, TypeError, SyntaxError, IndexError):
        return None
    if not isinstance(fn, ast.FunctionDef):
        return None
    body = [b for b in fn.body if not (isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant))]
    if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
        return ast.unparse(body[0].value)
    return None


def check_order(rs: Any) -> list[dict[str, Any]]:
    """The chains of ``rs``'s legality functions (``Ruleset.refusal_checks``), in the order listed; the
    rule ids told as the game refuses them (``Ruleset.refusal_rename``, where it has one)."""
    chains = []
    entries = _entries(type(rs).refusal_checks)
    if entries:
        turn = _delegate(type(rs).turn_rule)
        entries.insert(0, (turn, "asked for an action from a player who may not act now (the turn rule)"))
    names = [inspect.unwrap(func).__name__ for func, _ in entries]
    for func, where in entries:
        chains.append(_asked(read_checks(func, [n for n in names if n != inspect.unwrap(func).__name__],
                                         ruleset=type(rs)), where))
    return _told(rs, chains)


def procedures(rs: Any) -> list[dict[str, Any]]:
    """The game's own steps (``Ruleset.procedures``: what the model does by itself between decisions),
    each function read whole, as the checks are; the rule ids told as the game names them, as the checks'."""
    chains = [_asked(read_checks(func, whole=True, ruleset=type(rs)), where)
              for func, where in _entries(type(rs).procedures)]
    return _told(rs, chains)


def _told(rs: Any, chains: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``chains`` with their rule ids told as the game names them (``Ruleset.refusal_rename``)."""
    rename = type(rs).refusal_rename
    if rename is not None:
        for chain in chains:
            _rename(chain["checks"], rename)
            chain["rules"] = list(dict.fromkeys(rename(r) for r in chain["rules"]))
    return chains


def _entries(listed: Iterable[Any]) -> list[tuple[Any, str]]:
    """``(function, where it is asked)`` of each entry of a ruleset's list (a function, or that pair)."""
    return [entry if isinstance(entry, tuple) else (entry, "") for entry in listed]


def _asked(chain: dict[str, Any], where: str) -> dict[str, Any]:
    if where:
        chain["asked"] = where
    return chain


def _rename(steps: list[dict[str, Any]], rename: Callable[[str], str]) -> None:
    for step in steps:
        if "rules" in step:
            step["rules"] = list(dict.fromkeys(rename(r) for r in step["rules"]))
        _rename(step.get("body", []), rename)


# --------------------------------------------------------------------------------------------------
# As Markdown


def _code(text: str) -> str:
    text = " ".join(text.split())
    fence = "``" if "`" in text else "`"
    pad = " " if fence == "``" else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def to_markdown(chains: list[dict[str, Any]], *, rule_link: Callable[[str], str] | None = None,
                heading: str = "###") -> list[str]:
    """The chains as nested Markdown lists, one section per function."""
    link = rule_link or (lambda r: f"`{r}`")
    names = {c["name"] for c in chains}
    out: list[str] = []

    def line(step: dict[str, Any], depth: int) -> None:
        pad = "  " * depth
        kind = step["kind"]
        rules = ", ".join(link(r) for r in step.get("rules", ()))
        if kind in ("if", "else if"):
            text = f"{kind} {_code(step['text'])}:"
        elif kind == "otherwise":
            text = "otherwise:"
        elif kind == "for":
            text = f"for each {_code(step['text'])}:"
        elif kind == "while":
            text = f"while {_code(step['text'])}:"
        elif kind == "def":
            text = f"with the local function {_code(step['text'])}:"
        elif kind == "stop":
            text = "**stop** (nothing more is done)"
        elif kind == "legal":
            text = "**legal**"
        elif kind == "refuse":
            named = _code(step["rule"]) + (f" (one of {rules})" if rules else "") if step.get("rule") else rules
            text = (f"unless {_code(step['text'])}: **refused** for {named}" if step.get("unless")
                    else f"**refused** for {named}")
        elif kind == "answer":
            callee = next((n for n in names if re.match(rf"^(\w+\.)*{re.escape(n)}\(", step["text"])), None)
            text = f"answer {_code(step['text'])}"
            if callee:
                text += f" (see `{callee}`, in this section)"
            if rules:
                text += f": may name {rules}"
        elif kind == "let":
            text = f"let {_code(step['text'])}"
        else:
            text = f"do {_code(step['text'])}" + (f" (names {rules})" if rules else "")
        if step.get("comment"):
            text += f"  *({step['comment']})*"
        out.append(f"{pad}- {text}")
        for sub in step.get("body", ()):
            line(sub, depth + 1)

    for chain in chains:
        out.append(f"{heading} `{chain['signature']}`\n")
        where = f"`{chain['module']}`, line {chain['line']}"
        out.append(" ".join(filter(None, [chain["doc"], chain.get("asked", "") and chain["asked"][0].upper()
                                          + chain["asked"][1:] + ".", f"({where}.)"])) + "\n")
        for step in chain["checks"]:
            line(step, 0)
        if chain.get("then_applied"):
            out.append("- then the action is applied: no check after this point refuses it")
        if chain.get("constants"):
            out.append("\nConstants: " + "; ".join(f"`{c['name']}` = `{c['value']}`" for c in chain["constants"]) + ".")
        if chain["helpers"]:
            out.append("\nWhat the functions it calls answer:\n")
            for h in chain["helpers"]:
                out.append(f"- `{h['name']}`: " + " ".join(filter(None, [
                    h["doc"], f"It returns {_code(h['returns'])}." if h.get("returns") else ""])))
        out.append("")
    return out
