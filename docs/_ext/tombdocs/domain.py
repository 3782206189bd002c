"""The ``tomb`` Sphinx domain: one object per catalog entry (and per finding), anchored by its id.

``{tomb:entry} raiders.attack.ties-to-defender`` declares the entry: its HTML ``id`` is the catalog id
itself, exactly (docutils would turn dots into hyphens for a plain label), so
``.../attack.html#raiders.attack.ties-to-defender`` resolves.  ``{tomb:ref}`` links to an entry;
an id that no page declares is a warning (so ``-W`` fails the build on a broken rule link).
``{tomb:finding}`` declares a finding, anchored ``finding-<id>``; ``{tomb:fref}`` links to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.directives import ObjectDescription
from sphinx.domains import Domain, Index, IndexEntry, ObjType
from sphinx.roles import XRefRole
from sphinx.util.nodes import make_refnode

FINDING_PREFIX = "finding-"


class EntryDirective(ObjectDescription[str]):
    """A catalog entry (rule, table, component, ambiguity): the signature line is its title, id, kind."""

    has_content = True
    required_arguments = 1
    option_spec = {"title": directives.unchanged, "kind": directives.unchanged,
                   "group": directives.unchanged}
    objtype_name = "entry"

    def anchor(self, name: str) -> str:
        return name

    def handle_signature(self, sig: str, signode: addnodes.desc_signature) -> str:
        title = self.options.get("title", "")
        kind = self.options.get("kind", "")
        # Plain text nodes, not desc_name (which Sphinx writes a span per word, as for a code signature).
        if title:
            signode += nodes.strong(title, title, classes=["tomb-title"])
            signode += nodes.Text(" ")
        signode += nodes.literal(sig, sig, classes=["tomb-id"])
        if kind:
            signode += nodes.Text(" ")
            signode += nodes.inline(kind, kind, classes=["tomb-kind"])
        return sig

    def add_target_and_index(self, name: str, sig: str, signode: addnodes.desc_signature) -> None:
        anchor = self.anchor(name)
        if anchor not in self.state.document.ids:
            signode["ids"].append(anchor)
            self.state.document.note_explicit_target(signode)
        domain: TombDomain = self.env.domains["tomb"]  # type: ignore[assignment]
        domain.note_object(self.objtype_name, name, anchor, self.options.get("title", ""),
                           self.options.get("kind", ""), self.options.get("group", ""), signode)

    def _toc_entry_name(self, sig_node: addnodes.desc_signature) -> str:
        return ""  # thousands of rules: keep them out of the page's table of contents


class FindingDirective(EntryDirective):
    objtype_name = "finding"

    def anchor(self, name: str) -> str:
        return FINDING_PREFIX + name


class EntryRefRole(XRefRole):
    """``{tomb:ref}`id``` shows the id as code; ``{tomb:ref}`title <id>``` shows the title as text."""

    def create_xref_node(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        self.innernodeclass = nodes.inline if self.has_explicit_title else nodes.literal
        return super().create_xref_node()


class RuleIndex(Index):
    """Every catalog entry by game, with its title."""

    name = "index"
    localname = "Index of rule ids"
    shortname = "rule ids"

    def generate(self, docnames: Iterable[str] | None = None) -> tuple[list[tuple[str, list[IndexEntry]]], bool]:
        wanted = set(docnames) if docnames is not None else None
        by_game: dict[str, list[IndexEntry]] = {}
        for name, (docname, anchor, title, kind, group) in sorted(self.domain.data["entry"].items()):
            if wanted is not None and docname not in wanted:
                continue
            game = name.split(".", 1)[0]
            by_game.setdefault(game, []).append(IndexEntry(name, 0, docname, anchor, kind, "", title))
        return sorted(by_game.items()), False


class TombDomain(Domain):
    name = "tomb"
    label = "tombspec"
    object_types = {"entry": ObjType("catalog entry", "ref"), "finding": ObjType("finding", "fref")}
    directives = {"entry": EntryDirective, "finding": FindingDirective}
    roles = {"ref": EntryRefRole(warn_dangling=True), "fref": EntryRefRole(warn_dangling=True)}
    indices = [RuleIndex]
    initial_data: dict[str, Any] = {"entry": {}, "finding": {}}
    dangling_warnings = {"ref": "no page declares the catalog entry %(target)s",
                         "fref": "no page declares the finding %(target)s"}

    def note_object(self, objtype: str, name: str, anchor: str, title: str, kind: str, group: str,
                    signode: Any) -> None:
        table = self.data[objtype]
        if name in table and table[name][0] != self.env.docname:
            from sphinx.util import logging

            logging.getLogger(__name__).warning(
                "%s %s is declared twice (also in %s)", objtype, name, table[name][0], location=signode)
        table[name] = (self.env.docname, anchor, title, kind, group)

    def clear_doc(self, docname: str) -> None:
        for table in (self.data["entry"], self.data["finding"]):
            for name in [n for n, v in table.items() if v[0] == docname]:
                del table[name]

    def merge_domaindata(self, docnames: set[str], otherdata: dict[str, Any]) -> None:
        for key in ("entry", "finding"):
            for name, value in otherdata[key].items():
                if value[0] in docnames:
                    self.data[key][name] = value

    def resolve_xref(self, env: Any, fromdocname: str, builder: Any, typ: str, target: str,
                     node: addnodes.pending_xref, contnode: nodes.Element) -> nodes.Element | None:
        table = self.data["entry" if typ == "ref" else "finding"]
        if target not in table:
            return None
        docname, anchor, title, _kind, _group = table[target]
        return make_refnode(builder, fromdocname, docname, anchor, contnode, title or target)

    def resolve_any_xref(self, env: Any, fromdocname: str, builder: Any, target: str,
                         node: addnodes.pending_xref, contnode: nodes.Element) -> list[tuple[str, nodes.Element]]:
        out = []
        for typ in ("ref", "fref"):
            ref = self.resolve_xref(env, fromdocname, builder, typ, target, node, contnode)
            if ref is not None:
                out.append((f"tomb:{typ}", ref))
        return out

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for objtype in ("entry", "finding"):
            for name, (docname, anchor, *_rest) in self.data[objtype].items():
                yield name, name, objtype, docname, anchor, 1
