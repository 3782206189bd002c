"""Resolve Python names in docstrings as Python itself would, in the module that writes them.

A docstring of ``tombspec.checks.cli`` may say :class:`InvalidInput`: Sphinx looks for
``tombspec.checks.cli.InvalidInput`` and ``InvalidInput`` and finds neither, because the class is documented
where it is defined, ``tombspec.spec.errors.InvalidInput``.  On ``missing-reference`` this handler imports the
module, looks the name up in its namespace, and links to the documented object it really is.  It links
module-level data that autodoc does not document (no ``#:`` comment) to its module's page, and shows a type
variable (``T``) as plain text.  A name that Python cannot find stays a broken reference (a warning).
"""

from __future__ import annotations

import builtins
import importlib
from typing import Any, TypeVar

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.nodes import make_refnode

#: The built-in types (``int``, ``type``, ``dict``, ...): never a documented target here.
BUILTIN_TYPES = frozenset(name for name in dir(builtins) if isinstance(getattr(builtins, name), type))


class BuiltinTypes(SphinxPostTransform):
    """A reference to a built-in type (``type`` in ``cls: type``) is plain text, as Sphinx shows it when it
    finds no target; this runs first so that the fuzzy search does not match attributes that happen to be
    named ``type`` (``Creature.type``, ``Card.type``) and call the reference ambiguous."""

    default_priority = 5  # before the ReferencesResolver (10)

    def run(self, **kwargs: Any) -> None:
        for node in list(self.document.findall(addnodes.pending_xref)):
            if node.get("refdomain") == "py" and node.get("reftarget") in BUILTIN_TYPES:
                node.replace_self(node.children[0].deepcopy() if node.children
                                  else nodes.literal(text=node["reftarget"]))


def _import(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def lookup(target: str, modname: str | None, classname: str | None) -> tuple[Any, str | None] | None:
    """The object ``target`` names, seen from ``modname`` (and ``classname``), and the module it was found in."""
    candidates: list[tuple[Any, str, list[str]]] = []
    parts = target.split(".")
    for i in range(len(parts), 0, -1):  # a fully qualified name: the longest importable prefix
        module = _import(".".join(parts[:i])) if parts[0] == "tombspec" else None
        if module is not None:
            candidates.append((module, module.__name__, parts[i:]))
            break
    if modname and modname.startswith("tombspec."):
        module = _import(modname)
        if module is not None:
            if classname and hasattr(module, classname.split(".")[0]):
                cls: Any = module
                for p in classname.split("."):
                    cls = getattr(cls, p, None)
                if cls is not None:
                    candidates.append((cls, modname, parts))
            candidates.append((module, modname, parts))
    for base, home, rest in candidates:
        obj = base
        for p in rest:
            obj = getattr(obj, p, None)
            if obj is None:
                break
        if obj is not None:
            return obj, home
    return None


def canonical(obj: Any) -> str | None:
    if isinstance(obj, type(importlib)):
        return obj.__name__
    module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str) and "<locals>" not in qualname:
        return f"{module}.{qualname}"
    return None


def resolve(app: Any, env: Any, node: Any, contnode: nodes.Element) -> nodes.Element | None:
    if node.get("refdomain") != "py":
        return None
    found = lookup(node["reftarget"], node.get("py:module"), node.get("py:class"))
    if found is None:
        return None
    obj, home = found
    if isinstance(obj, TypeVar):
        return contnode  # a type variable is not an object to document: plain text
    objects = env.domains["py"].objects
    name = canonical(obj)
    if name is None or name not in objects:
        # module-level data autodoc does not document: its module's page
        last = node["reftarget"].split(".")[-1]
        name = f"{home}.{last}" if f"{home}.{last}" in objects else home
    entry = objects.get(name) if name else None
    if entry is None or not name or not name.startswith("tombspec."):
        return None
    return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, name)
