"""``--find``: a question about a state, in a small expression language (never Python's ``eval``).

The language is the part of Python's expression syntax that reads a state:

* the state ``s``, its attributes (``s.boss``, ``s.raiders[0].pennies``; never a name that starts with
  ``_``), indexing and slicing (``s.raiders[-1]``, ``s.crypts[1:3]``);
* literals: numbers, strings, ``True``, ``False``, ``None``, and tuples or lists of expressions;
* comparisons (``== != < <= > >= in not in is is not``), ``and``, ``or``, ``not``, ``x if c else y``;
* arithmetic on numbers (``+ - * / // %`` and unary ``-``, ``+``; no ``**``): a string or a collection
  is never multiplied or added;
* the functions ``len``, ``any``, ``all``, ``sum``, ``min``, ``max``, ``abs``, over the state's own
  values, and generator expressions over the state's collections
  (``any(r.trapped for r in s.raiders)``, ``sum(c.hp for c in s.characters if c.alive)``).

Nothing else: no other names, calls, lambdas, imports or assignments.  An expression is parsed and
checked before the search starts (:class:`Query`; a part outside the language is refused naming its
column), and each evaluation is bounded (:data:`STEP_LIMIT` operations, collections of at most
:data:`ITEM_LIMIT` items), so that a question can neither run code of its choosing nor run for ever.  An
evaluation that fails (a missing attribute, a division by zero, an index out of range) is
:class:`QueryError`, bad input naming the expression and the error.

>>> q = Query("s.x > 1 and any(v % 2 == 0 for v in s.vs)")
>>> class S: x, vs = 2, (1, 3, 4)
>>> q(S())
True
>>> Query("__import__('os')")
Traceback (most recent call last):
...
tombspec.spec.errors.InvalidInput: --find: column 1: __import__(...) is not part of the --find language: only len, any, all, sum, min, max, abs may be called
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from typing import Any

from tombspec.spec.errors import InvalidInput

#: the most operations one evaluation may take, and the most items a collection it walks may hold
STEP_LIMIT = 200_000
ITEM_LIMIT = 100_000
#: the largest number arithmetic may make
NUMBER_LIMIT = 10 ** 18
#: the longest expression accepted, and its deepest nesting
TEXT_LIMIT = 2_000
DEPTH_LIMIT = 50

FUNCTIONS: dict[str, Callable[..., Any]] = {"len": len, "any": any, "all": all, "sum": sum, "min": min,
                                            "max": max, "abs": abs}
_COMPARE = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
            ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
            ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}
_ARITHMETIC = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
               ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_}
_NUMBER = (bool, int, float)
_COLLECTION = (tuple, list, frozenset, set, dict, str)


class QueryError(InvalidInput):
    """An evaluation of a ``--find`` expression that failed (exit 2): the expression and the error."""


def _refuse(node: ast.AST, why: str) -> InvalidInput:
    return InvalidInput(f"column {getattr(node, 'col_offset', 0) + 1}: {why}", source="--find")


class Query:
    """A ``--find`` expression, parsed and checked: ``query(state) -> bool``.  Picklable (its text
    travels to the workers, which parse it again)."""

    def __init__(self, text: str):
        if type(text) is not str or not text.strip():
            raise InvalidInput("--find needs an expression over the state s", source="--find")
        if len(text) > TEXT_LIMIT:
            raise InvalidInput(f"the expression is {len(text):,} characters long; at most {TEXT_LIMIT:,}",
                               source="--find")
        try:
            tree = ast.parse(text.strip(), "--find", "eval")
        except SyntaxError as exc:
            raise InvalidInput(f"column {exc.offset}: not an expression: {exc.msg}", source="--find") from None
        except (ValueError, RecursionError, MemoryError):
            raise InvalidInput("the expression cannot be parsed (nested too deep, or a NUL byte)",
                               source="--find") from None
        self.text = text
        self._check(tree.body, frozenset(), 0)
        self._tree = tree.body

    def __getstate__(self) -> str:
        return self.text

    def __setstate__(self, text: str) -> None:
        self.__init__(text)  # type: ignore[misc]

    def __repr__(self) -> str:
        return f"Query({self.text!r})"

    # Checking, before anything runs ---------------------------------------------------------------

    def _check(self, node: ast.AST, bound: frozenset[str], depth: int) -> None:
        if depth > DEPTH_LIMIT:
            raise _refuse(node, f"the expression is nested more than {DEPTH_LIMIT} deep")
        kind = type(node)
        if kind is ast.Name:
            if node.id != "s" and node.id not in bound and node.id not in FUNCTIONS:  # type: ignore[attr-defined]
                raise _refuse(node, f"the name {node.id} is not part of the --find language (s, "  # type: ignore[attr-defined]
                                    f"{', '.join(FUNCTIONS)}, and names bound in a generator expression)")
            if node.id in FUNCTIONS and node.id not in bound:  # type: ignore[attr-defined]
                raise _refuse(node, f"{node.id} is a function: call it, as {node.id}(...)")  # type: ignore[attr-defined]
            return
        if kind is ast.Constant:
            if type(node.value) not in (*_NUMBER, str, type(None)):  # type: ignore[attr-defined]
                raise _refuse(node, f"the literal {node.value!r} is not a number, string or None")  # type: ignore[attr-defined]
            return
        if kind is ast.Attribute:
            if node.attr.startswith("_"):  # type: ignore[attr-defined]
                raise _refuse(node, f"the attribute {node.attr} starts with _: not part of the state")  # type: ignore[attr-defined]
            return self._check(node.value, bound, depth + 1)  # type: ignore[attr-defined]
        if kind is ast.Call:
            func = node.func  # type: ignore[attr-defined]
            if type(func) is not ast.Name or func.id not in FUNCTIONS or func.id in bound:
                what = (f"{func.id}(...)" if type(func) is ast.Name else
                        f"the method {func.attr}(...)" if type(func) is ast.Attribute else "this call")
                raise _refuse(node, f"{what} is not part of the --find language: only "
                                    f"{', '.join(FUNCTIONS)} may be called")
            if node.keywords or any(type(a) is ast.Starred for a in node.args):  # type: ignore[attr-defined]
                raise _refuse(node, f"{func.id} takes its arguments by position only")
            if not 1 <= len(node.args) <= (1 if func.id in ("len", "any", "all", "abs") else 2):  # type: ignore[attr-defined]
                raise _refuse(node, f"{func.id} takes {'one argument' if func.id in ('len', 'any', 'all', 'abs') else 'one or two arguments'}")
            for arg in node.args:  # type: ignore[attr-defined]
                self._check(arg, bound, depth + 1)
            return
        if kind is ast.GeneratorExp or kind is ast.ListComp:
            inner = bound
            for gen in node.generators:  # type: ignore[attr-defined]
                if gen.is_async or type(gen.target) is not ast.Name:
                    raise _refuse(node, "a generator expression binds one name: (x for x in ...)")
                self._check(gen.iter, inner, depth + 1)
                inner = inner | {gen.target.id}
                for cond in gen.ifs:
                    self._check(cond, inner, depth + 1)
            return self._check(node.elt, inner, depth + 1)  # type: ignore[attr-defined]
        children: list[ast.AST]
        if kind is ast.Subscript:
            children = [node.value, node.slice]  # type: ignore[attr-defined]
        elif kind is ast.Slice:
            children = [c for c in (node.lower, node.upper, node.step) if c is not None]  # type: ignore[attr-defined]
        elif kind is ast.Compare:
            children = [node.left, *node.comparators]  # type: ignore[attr-defined]
        elif kind is ast.BoolOp:
            children = list(node.values)  # type: ignore[attr-defined]
        elif kind is ast.UnaryOp:
            if type(node.op) not in _UNARY:  # type: ignore[attr-defined]
                raise _refuse(node, "~ is not part of the --find language")
            children = [node.operand]  # type: ignore[attr-defined]
        elif kind is ast.BinOp:
            if type(node.op) not in _ARITHMETIC:  # type: ignore[attr-defined]
                raise _refuse(node, f"the operator {type(node.op).__name__} is not part of the --find "  # type: ignore[attr-defined]
                                    "language (+ - * / // % only)")
            children = [node.left, node.right]  # type: ignore[attr-defined]
        elif kind is ast.IfExp:
            children = [node.test, node.body, node.orelse]  # type: ignore[attr-defined]
        elif kind in (ast.Tuple, ast.List):
            children = list(node.elts)  # type: ignore[attr-defined]
        else:
            raise _refuse(node, f"{type(node).__name__} is not part of the --find language")
        for child in children:
            self._check(child, bound, depth + 1)

    # Evaluating ------------------------------------------------------------------------------------

    def __call__(self, state: Any) -> bool:
        budget = [STEP_LIMIT]
        try:
            return bool(self._eval(self._tree, {"s": state}, budget))
        except QueryError:
            raise
        except (AttributeError, IndexError, KeyError, TypeError, ValueError, ZeroDivisionError, ArithmeticError,
                RecursionError) as exc:
            raise QueryError(f"{self.text!r} failed on a state: {type(exc).__name__}: {exc}",
                             source="--find") from None

    def _eval(self, node: ast.AST, env: dict[str, Any], budget: list[int]) -> Any:
        budget[0] -= 1
        if budget[0] < 0:
            raise QueryError(f"{self.text!r} took more than {STEP_LIMIT:,} operations on one state",
                             source="--find")
        kind = type(node)
        ev = self._eval
        if kind is ast.Constant:
            return node.value  # type: ignore[attr-defined]
        if kind is ast.Name:
            return env[node.id]  # type: ignore[attr-defined]
        if kind is ast.Attribute:
            return getattr(ev(node.value, env, budget), node.attr)  # type: ignore[attr-defined]
        if kind is ast.Subscript:
            return ev(node.value, env, budget)[ev(node.slice, env, budget)]  # type: ignore[attr-defined]
        if kind is ast.Slice:
            parts = [None if c is None else ev(c, env, budget) for c in (node.lower, node.upper, node.step)]  # type: ignore[attr-defined]
            return slice(*parts)
        if kind is ast.Compare:
            left = ev(node.left, env, budget)  # type: ignore[attr-defined]
            for op, right_node in zip(node.ops, node.comparators):  # type: ignore[attr-defined]
                right = ev(right_node, env, budget)
                if type(op) in (ast.In, ast.NotIn):
                    _collection(right, self.text)
                if not _COMPARE[type(op)](left, right):
                    return False
                left = right
            return True
        if kind is ast.BoolOp:
            if type(node.op) is ast.And:  # type: ignore[attr-defined]
                value: Any = True
                for v in node.values:  # type: ignore[attr-defined]
                    value = ev(v, env, budget)
                    if not value:
                        return value
                return value
            value = False
            for v in node.values:  # type: ignore[attr-defined]
                value = ev(v, env, budget)
                if value:
                    return value
            return value
        if kind is ast.UnaryOp:
            operand = ev(node.operand, env, budget)  # type: ignore[attr-defined]
            if type(node.op) is not ast.Not:  # type: ignore[attr-defined]
                _number(operand, self.text)
            return _UNARY[type(node.op)](operand)  # type: ignore[attr-defined]
        if kind is ast.BinOp:
            left, right = ev(node.left, env, budget), ev(node.right, env, budget)  # type: ignore[attr-defined]
            _number(left, self.text)
            _number(right, self.text)
            out = _ARITHMETIC[type(node.op)](left, right)  # type: ignore[attr-defined]
            if abs(out) > NUMBER_LIMIT:
                raise QueryError(f"{self.text!r} made a number beyond {NUMBER_LIMIT:.0e}", source="--find")
            return out
        if kind is ast.IfExp:
            return ev(node.body if ev(node.test, env, budget) else node.orelse, env, budget)  # type: ignore[attr-defined]
        if kind in (ast.Tuple, ast.List):
            return tuple(ev(e, env, budget) for e in node.elts)  # type: ignore[attr-defined]
        if kind is ast.Call:
            args = [ev(a, env, budget) for a in node.args]  # type: ignore[attr-defined]
            name = node.func.id  # type: ignore[attr-defined]
            if name in ("len", "any", "all", "sum") or (name in ("min", "max") and len(args) == 1):
                _collection(args[0], self.text)
            if name == "sum":
                for a in args[0]:
                    _number(a, self.text)
            return FUNCTIONS[name](*args)
        if kind is ast.GeneratorExp or kind is ast.ListComp:
            return tuple(self._generate(node, node.generators, env, budget))  # type: ignore[attr-defined]
        raise QueryError(f"{self.text!r}: {kind.__name__} cannot be evaluated", source="--find")  # pragma: no cover

    def _generate(self, node: Any, generators: list[ast.comprehension], env: dict[str, Any],
                  budget: list[int]) -> Any:
        gen, rest = generators[0], generators[1:]
        items = self._eval(gen.iter, env, budget)
        _collection(items, self.text)
        for item in items:
            inner = {**env, gen.target.id: item}  # type: ignore[attr-defined]
            if all(self._eval(c, inner, budget) for c in gen.ifs):
                if rest:
                    yield from self._generate(node, rest, inner, budget)
                else:
                    yield self._eval(node.elt, inner, budget)


def _number(value: Any, text: str) -> None:
    if type(value) not in _NUMBER:
        raise QueryError(f"{text!r}: arithmetic on {type(value).__name__} (numbers only)", source="--find")


def _collection(value: Any, text: str) -> None:
    if not isinstance(value, _COLLECTION):
        raise QueryError(f"{text!r}: {type(value).__name__} is not one of the state's collections "
                         "(tuple, list, set, dict, string)", source="--find")
    if len(value) > ITEM_LIMIT:
        raise QueryError(f"{text!r}: a collection of {len(value):,} items (at most {ITEM_LIMIT:,})",
                         source="--find")
