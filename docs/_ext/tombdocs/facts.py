"""What the generated pages say, computed once per build from the catalogs, the model and the checks.

Nothing here is copied by hand: every number, id and list comes from ``tombspec`` at build time.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from collections import defaultdict
from functools import cached_property
from pathlib import Path
from typing import Any

import tombspec.spec
from tombspec.spec import Catalog, load_all

#: The packages whose modules the API reference documents, and which are imported so that every
#: ``@implements`` mark is registered.
API_PACKAGES = ("tombspec.spec", "tombspec.model", "tombspec.checks")

GAME_ORDER = ("secrets", "tomb", "cryptmaster", "raiders", "egypt")  # DESIGN.md's table order


def repo_root() -> Path:
    """The source tree beside the installed package (``spec/`` is ``tombspec.spec``)."""
    return Path(tombspec.spec.__file__).resolve().parent.parent


def walk_modules() -> list[str]:
    """Every module of the three packages, imported (so ``IMPLEMENTS`` is complete), sorted."""
    names: list[str] = []
    for pkg_name in API_PACKAGES:
        pkg = importlib.import_module(pkg_name)
        names.append(pkg_name)
        for info in pkgutil.walk_packages(pkg.__path__, pkg_name + "."):
            importlib.import_module(info.name)
            names.append(info.name)
    return sorted(set(names))


class Facts:
    """Lazily computed facts; one instance per Sphinx build."""

    def __init__(self, explore_games: int = 20, proof_timeout: float = 10.0, srcdir: Path | None = None):
        self.explore_games = explore_games
        self.proof_timeout = proof_timeout
        self.srcdir = srcdir

    def has_page(self, docname: str) -> bool:
        """Whether a hand-written page exists (e.g. ``oracle``, written separately)."""
        return self.srcdir is not None and (self.srcdir / f"{docname}.md").is_file()

    # Catalogs -------------------------------------------------------------------------------------

    @cached_property
    def catalogs(self) -> dict[str, Catalog]:
        loaded = load_all()
        order = [g for g in GAME_ORDER if g in loaded] + sorted(set(loaded) - set(GAME_ORDER))
        return {g: loaded[g] for g in order}

    @cached_property
    def all_ids(self) -> set[str]:
        return {e.id for cat in self.catalogs.values() for e in cat.entries()}

    @cached_property
    def ambiguities_of(self) -> dict[str, list[Any]]:
        """Rule id -> the ambiguities that name it."""
        out: dict[str, list[Any]] = defaultdict(list)
        for cat in self.catalogs.values():
            for amb in cat.ambiguities:
                for rid in amb.rules:
                    out[rid].append(amb)
        return out

    @cached_property
    def summarised_by(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = defaultdict(list)
        for cat in self.catalogs.values():
            for rule in cat.rules:
                for rid in rule.summarises:
                    out[rid].append(rule.id)
        return out

    # The model ------------------------------------------------------------------------------------

    @cached_property
    def modules(self) -> list[str]:
        return walk_modules()

    @cached_property
    def registered_games(self) -> tuple[str, ...]:
        from tombspec.model.ruleset import registered_games

        return tuple(registered_games())

    @cached_property
    def implements(self) -> dict[str, list[str]]:
        """Catalog id -> qualified names of the functions marked ``@implements`` (all modules imported)."""
        _ = self.modules
        from tombspec.model.traceability import IMPLEMENTS

        return {k: sorted(set(v)) for k, v in IMPLEMENTS.items()}

    @cached_property
    def documented_objects(self) -> set[str]:
        """Qualified names the API reference documents (public module-level functions, classes, methods)."""
        out: set[str] = set()
        for modname in self.modules:
            module = importlib.import_module(modname)
            for name, value in vars(module).items():
                if name.startswith("_") or getattr(value, "__module__", None) != modname:
                    continue
                out.add(f"{modname}.{name}")
                if isinstance(value, type):
                    for attr in vars(value):
                        if not attr.startswith("_"):
                            out.add(f"{modname}.{name}.{attr}")
        return out

    def enclosing_function(self, site: str) -> str | None:
        """``model/raiders/rules/turn.py:147`` -> the qualified name of the function holding that line."""
        path_text, _, line_text = site.rpartition(":")
        path = repo_root() / path_text
        if not line_text.isdigit() or not path.is_file():
            return None
        line = int(line_text)
        parts = list(Path(path_text).with_suffix("").parts)
        package = {"spec": "tombspec.spec", "model": "tombspec.model", "checks": "tombspec.checks"}.get(parts[0])
        if package is None:
            return None
        module = ".".join([package, *parts[1:]]).removesuffix(".__init__")
        best = None
        for func, qual in _functions(self._ast(path)):
            if func.lineno <= line <= (func.end_lineno or func.lineno):
                best = qual  # functions come outer first, so the innermost wins
        return f"{module}.{best}" if best else module

    def _ast(self, path: Path) -> ast.AST:
        cache = self.__dict__.setdefault("_ast_cache", {})
        if path not in cache:
            cache[path] = ast.parse(path.read_text(encoding="utf-8"))
        return cache[path]

    @cached_property
    def coverage(self) -> dict[str, dict[str, Any]]:
        """Game -> the rule coverage ``tombspec check`` reports (``tombspec.checks.report.coverage``)."""
        return {c["game"]: c for c in self.check_json.get("coverage", [])}

    def formalised_where(self, entry_id: str) -> list[str]:
        """Where the model formalises ``entry_id``: functions (``@implements``) and ``file:line`` checks."""
        game = entry_id.split(".", 1)[0]
        where = self.coverage.get(game, {}).get("where", {}).get(entry_id)
        if where is None:
            where = self.implements.get(entry_id, [])
        return list(dict.fromkeys(where))

    # Tests ----------------------------------------------------------------------------------------

    @cached_property
    def tests_dir(self) -> Path | None:
        path = repo_root() / "tests"
        return path if path.is_dir() else None

    @cached_property
    def tests_naming(self) -> dict[str, list[str]]:
        """Catalog id -> the test functions whose source names it (``path::function``).

        The method: every ``test_*`` function (and every method of a class) under ``tests/`` is read,
        and an id counts when it appears in that function's source text as a whole id (not as the
        start of a longer one).  A test that exercises a rule without naming it is not counted."""
        out: dict[str, set[str]] = defaultdict(set)
        if self.tests_dir is None:
            return {}
        ids_re = re.compile(r"(?<![\w.-])([a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*){2,})(?![\w-])")
        root = repo_root()
        for path in sorted(self.tests_dir.rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            try:
                tree = ast.parse(text)
            except SyntaxError:
                continue
            rel = path.relative_to(root).as_posix()
            for func, qual in _functions(tree):
                if not (func.name.startswith("test") or "." in qual):
                    continue
                segment = ast.get_source_segment(text, func) or ""
                for m in ids_re.finditer(segment):
                    if m.group(1) in self.all_ids:
                        out[m.group(1)].add(f"{rel}::{qual.replace('.', '::')}")
        return {k: sorted(v) for k, v in out.items()}

    # Checks ---------------------------------------------------------------------------------------

    @cached_property
    def check(self) -> Any:
        """``tombspec check`` over every game (``run_check``), with few explored games."""
        from tombspec.checks.report import run_check

        return run_check(list(self.catalogs), timeout=self.proof_timeout,
                         explore_games=self.explore_games, progress=False)

    @cached_property
    def check_json(self) -> dict[str, Any]:
        return self.check.to_json()

    @cached_property
    def proofs_of(self) -> dict[str, list[Any]]:
        """Catalog id -> the proofs that name it (as the invariant, or among a transition's rules)."""
        out: dict[str, list[Any]] = defaultdict(list)
        for p in self.check.proofs:
            for rid in {p.invariant, *(() if p.transition == "init" else p.rules)}:
                out[rid].append(p)
        return out

    @cached_property
    def option_fields(self) -> dict[str, dict[str, Any]]:
        """Catalog id -> ``{"game", "option", "readings", "default", "variant"}`` for every model option."""
        import attrs

        from tombspec.model.ruleset import get_ruleset

        out: dict[str, dict[str, Any]] = {}
        for game in self.registered_games:
            options_type = get_ruleset(game).options_type
            for f in attrs.fields(options_type):
                target = f.metadata.get("settles") or f.metadata.get("variant")
                if target:
                    out[target] = {"game": game, "option": f.name, "default": f.default,
                                   "readings": tuple(f.metadata.get("readings", ())),
                                   "variant": "variant" in f.metadata,
                                   "type": options_type.__module__ + "." + options_type.__qualname__}
        return out


def _functions(tree: ast.AST) -> list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]]:
    """Every function of a module with its qualified name (``Class.method``, ``outer.inner``)."""
    found: list[tuple[Any, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append((child, prefix + child.name))
                visit(child, prefix + child.name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".")

    visit(tree, "")
    return found


def _call_name(node: ast.Call) -> str:
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return ""
