"""The layout DESIGN.md asks for: no generic module names a game (games are plug-ins, listed in the
registries), and imports go one way (spec <- model <- checks) with no cycles inside checks/."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("secrets", "tomb", "cryptmaster", "raiders", "egypt")
#: a game id as a string, a rule id, a module path or a name prefix: what "naming a game" looks like in code
NAMING = re.compile(r"""(["'](?:%(g)s)["'.:])|(\bmodel\.(?:%(g)s)\b)|(\b(?:%(g)s)_[a-z])""" % {"g": "|".join(GAMES)})
REGISTRIES = {"model/registry.py", "checks/games/__init__.py"}


def generic_modules() -> list[Path]:
    out = [*(ROOT / "model").glob("*.py")]
    for path in (ROOT / "checks").rglob("*.py"):
        if "games" not in path.relative_to(ROOT / "checks").parts[:1]:
            out.append(path)
    return [p for p in out if str(p.relative_to(ROOT)) not in REGISTRIES]


def test_no_generic_module_names_a_game() -> None:
    hits = []
    for path in generic_modules():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if NAMING.search(line):
                hits.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert hits == []


def test_the_naming_pattern_would_catch_a_game_id() -> None:
    assert NAMING.search('if game == "raiders":') and NAMING.search("from tombspec.model.tomb import dice")
    assert NAMING.search("def secrets_check_table():") and not NAMING.search("the Tomb Phase of tombspec")


def _modules(folder: str, package: str) -> dict[str, Path]:
    mods = {}
    for path in (ROOT / folder).rglob("*.py"):
        rel = path.relative_to(ROOT / folder).with_suffix("").parts
        name = ".".join([package, *rel]).removesuffix(".__init__")
        mods[name] = path
    return mods


def test_imports_go_one_way() -> None:
    wrong = []
    for folder, package, forbidden in (("spec", "tombspec.spec", ("tombspec.model", "tombspec.checks")),
                                       ("model", "tombspec.model", ("tombspec.checks",))):
        for name, path in _modules(folder, package).items():
            pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found = {i for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
                     for i in _imports_of(ast.Module(body=[node], type_ignores=[]), pkg)}
            wrong += [f"{name} imports {i}" for i in found if i.startswith(forbidden)]
    assert wrong == []


def test_no_import_cycles_between_the_parts_of_checks() -> None:
    """At module level (imports inside functions are deferred), the parts of checks/ form no cycle."""
    mods = _modules("checks", "tombspec.checks")
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        deps = set()
        for dep in _imports_of(tree, pkg):   # module level only
            while dep and dep not in mods:
                dep = dep.rpartition(".")[0]
            if dep and dep != name:
                deps.add(dep)
        graph[name] = deps

    def part(m: str) -> str:
        return ".".join(m.split(".")[:3])

    parts: dict[str, set[str]] = {}
    for m, deps in graph.items():
        parts.setdefault(part(m), set()).update(part(d) for d in deps if part(d) != part(m))
    cycles = []
    for a, deps in parts.items():
        for b in deps:
            if a in _reach(parts, b):
                cycles.append(f"{a} <-> {b}")
    assert cycles == []


def _imports_of(tree: ast.Module, package: str) -> set[str]:
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                out.add(".".join([*base, node.module] if node.module else base))
                if not node.module:
                    out.update(".".join([*base, a.name]) for a in node.names)
            elif node.module:
                out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        n = todo.pop()
        for d in graph.get(n, ()):
            if d not in seen:
                seen.add(d)
                todo.append(d)
    return seen
