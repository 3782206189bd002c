"""The rule catalog: typed, immutable, validated.

A catalog is one TOML file per game, ``spec/<game>.toml``, in rulebook order.  The format is
documented in ``docs/catalog-format.md``; this module is its single reader.  Every problem names the
file, the line (found from the entry's ``id = "..."``) and the entry.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import attrs

from .errors import CatalogError, InvalidInput
from .inputs import plain_name, read_toml

FORMAT = 1

#: The kinds a rule may have (DESIGN.md, spec/).
RULE_KINDS = frozenset(
    {"definition", "setup", "action", "transition", "invariant", "limit", "scoring", "table",
     "summary", "example"}
)
#: The kinds of a recorded ambiguity.
AMBIGUITY_KINDS = frozenset({"ambiguity", "gap", "contradiction"})
#: The severities a recorded ambiguity may be given (most severe first; the report's order).
SEVERITIES = ("error", "contradiction", "open-question", "note")

ID_PART = r"[a-z0-9]+(?:-[a-z0-9]+)*"
ID_RE = re.compile(rf"^{ID_PART}(?:\.{ID_PART}){{2,}}$")
SECTION_ID_RE = re.compile(rf"^{ID_PART}$")

CATALOG_DIR = Path(__file__).resolve().parent


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


@attrs.frozen
class Section:
    """A table-of-contents entry of the rulebook (its own title, verbatim).  ``headings``: sub-headings
    the rulebook prints on a line of their own inside the section, verbatim, where a rule refers to one
    by name ("explained fully in the Anatomy of a Room Tile"): the cross-reference check then reads the
    same headings with the rulebook text or without it."""

    id: str
    title: str
    parent: str | None = None
    normative: bool = True
    note: str = ""
    headings: tuple[str, ...] = ()


@attrs.frozen
class Rule:
    """One rule: a verbatim quote of the rulebook with a stable id."""

    id: str
    game: str
    title: str
    section: str
    kind: str
    quote: str
    summarises: tuple[str, ...] = ()
    see_also: tuple[str, ...] = ()
    same_as: str | None = None
    changes: str | None = None
    difference: str = ""
    note: str = ""
    line: int | None = attrs.field(default=None, eq=False)
    excerpt: bool = False   # a deliberate excerpt: the quote need not be whole sentences


@attrs.frozen
class Table:
    """A table printed in the rulebook, as structured data beside its quote."""

    id: str
    game: str
    title: str
    section: str
    quote: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    note: str = ""
    line: int | None = attrs.field(default=None, eq=False)

    def records(self) -> list[dict[str, Any]]:
        """The rows as dictionaries keyed by column name."""
        return [dict(zip(self.columns, row)) for row in self.rows]


@attrs.frozen
class Component:
    """A named thing the rulebook describes (adventurer, creature, item, tile, ...)."""

    id: str
    game: str
    kind: str
    name: str
    section: str
    quote: str
    aliases: tuple[str, ...] = ()
    attributes: Mapping[str, Any] = MappingProxyType({})
    note: str = ""
    line: int | None = attrs.field(default=None, eq=False)


@attrs.frozen
class Reading:
    id: str
    text: str


@attrs.frozen
class Answer:
    """The rulebook's own words that settle an ambiguity (a verbatim quote) and the reading they give."""

    quote: str
    reading: str


@attrs.frozen
class Ambiguity:
    """A place where the rulebook is silent, ambiguous or contradicts itself.

    ``severity`` overrides the one its kind gives (a contradiction that is a plain error of the
    rulebook); ``answered`` is the rulebook's text that settles the question after all; ``found_by``
    lists the ids of the detector findings that restate it (the report shows them as its evidence).
    """

    id: str
    game: str
    title: str
    kind: str
    rules: tuple[str, ...]
    question: str
    readings: tuple[Reading, ...]
    default: str
    note: str = ""
    line: int | None = attrs.field(default=None, eq=False)
    severity: str | None = None
    answered: Answer | None = None
    found_by: tuple[str, ...] = ()
    #: replacement wording a publisher could print (errors and contradictions: the errata's proposal)
    correction: str = ""
    #: findings that one rewrite settles together share a group name (the errata shows them as one)
    group: str = ""
    #: the rule whose passage is at fault (the one a correction replaces); the errata places the entry at
    #: its line.  Empty: the first rule of ``rules`` (the catalog lists the passage at fault first)
    at: str = ""

    @property
    def at_fault(self) -> str:
        """The rule whose passage is at fault: ``at``, else the first rule listed."""
        return self.at or self.rules[0]

    @property
    def effective_severity(self) -> str:
        """The severity the report gives it: its own, else a note when answered, else by its kind."""
        if self.severity:
            return self.severity
        if self.answered:
            return "note"
        return "contradiction" if self.kind == "contradiction" else "open-question"

    def reading(self, reading_id: str) -> Reading:
        for r in self.readings:
            if r.id == reading_id:
                return r
        raise KeyError(reading_id)


@attrs.frozen
class Catalog:
    """One game's catalog."""

    game: str
    title: str
    rulebook: str
    path: str
    sections: tuple[Section, ...]
    rules: tuple[Rule, ...]
    tables: tuple[Table, ...] = ()
    components: tuple[Component, ...] = ()
    ambiguities: tuple[Ambiguity, ...] = ()
    _index: Mapping[str, Any] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        index = {}
        for group in (self.rules, self.tables, self.components, self.ambiguities):
            for entry in group:
                index[entry.id] = entry
        object.__setattr__(self, "_index", MappingProxyType(index))

    def __contains__(self, entry_id: str) -> bool:
        return entry_id in self._index  # type: ignore[attr-defined]

    def get(self, entry_id: str) -> Rule | Table | Component | Ambiguity:
        """Any entry by id; ``KeyError`` names the id and the game."""
        try:
            return self._index[entry_id]  # type: ignore[attr-defined]
        except KeyError:
            raise KeyError(f"{entry_id!r} is not in the {self.game} catalog") from None

    def rule(self, rule_id: str) -> Rule:
        entry = self.get(rule_id)
        if not isinstance(entry, Rule):
            raise KeyError(f"{rule_id!r} is a {type(entry).__name__.lower()}, not a rule")
        return entry

    def ambiguity(self, ambiguity_id: str) -> Ambiguity:
        entry = self.get(ambiguity_id)
        if not isinstance(entry, Ambiguity):
            raise KeyError(f"{ambiguity_id!r} is not an ambiguity")
        return entry

    def section(self, section_id: str) -> Section:
        for s in self.sections:
            if s.id == section_id:
                return s
        raise KeyError(section_id)

    def entries(self) -> Iterator[Rule | Table | Component | Ambiguity]:
        yield from self.rules
        yield from self.tables
        yield from self.components
        yield from self.ambiguities

    def quoted(self) -> Iterator[tuple[str, str]]:
        """Every ``(entry id, quote)`` the catalog claims is in the rulebook."""
        for entry in (*self.rules, *self.tables, *self.components):
            yield entry.id, entry.quote
        for amb in self.ambiguities:
            if amb.answered:
                yield f"{amb.id}:answered", amb.answered.quote
        for s in self.sections:
            yield f"{self.game}:section:{s.id}", s.title


# --------------------------------------------------------------------------------------------------
# Loading


_ID_LINE = re.compile(r"""^[ \t]*id[ \t]*=[ \t]*["']([^"'\n]*)["']""", re.M)


class _Reader:
    """Reads one TOML document into typed entries, naming file, line and entry on every error."""

    def __init__(self, path: Path, text: str):
        self.path = path
        self.text = text
        self.source = str(path)
        self._lines: dict[str, int] | None = None

    def line_of(self, entry_id: str | None) -> int | None:
        """The line of the entry ``id = "entry_id"`` (the first, if several): one pass over the text,
        on first use, for every id."""
        if not entry_id:
            return None
        if self._lines is None:
            self._lines = {}
            line, at = 1, 0
            for m in _ID_LINE.finditer(self.text):
                line += self.text.count("\n", at, m.start())
                at = m.start()
                self._lines.setdefault(m.group(1), line)
        return self._lines.get(entry_id)

    def fail(self, problem: str, entry: str | None = None) -> CatalogError:
        return CatalogError(problem, source=self.source, line=self.line_of(entry), entry=entry)

    def fields(self, raw: Any, where: str, required: dict[str, type | tuple[type, ...]],
               optional: dict[str, type | tuple[type, ...]]) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise self.fail(f"{where} must be a table, not {type(raw).__name__}")
        entry = raw.get("id") if isinstance(raw.get("id"), str) else None
        unknown = set(raw) - set(required) - set(optional)
        if unknown:
            raise self.fail(f"unknown field(s) {', '.join(sorted(unknown))} in {where}", entry)
        for name, typ in required.items():
            if name not in raw:
                raise self.fail(f"missing field {name!r} in {where}", entry)
        for name, value in raw.items():
            typ = required.get(name) or optional[name]
            if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
                raise self.fail(f"field {name!r} must be {_type_name(typ)}, not {value!r}", entry)
            if isinstance(value, str) and name in required and not value.strip():
                raise self.fail(f"field {name!r} is empty", entry)
        return raw

    def id_list(self, raw: dict[str, Any], name: str, entry: str) -> tuple[str, ...]:
        values = raw.get(name, [])
        if not all(isinstance(v, str) for v in values):
            raise self.fail(f"field {name!r} must be a list of ids", entry)
        return tuple(values)


def _type_name(typ: type | tuple[type, ...]) -> str:
    if isinstance(typ, tuple):
        return " or ".join(t.__name__ for t in typ)
    return {"str": "a string", "list": "a list", "dict": "a table", "bool": "true or false",
            "int": "an integer"}.get(typ.__name__, typ.__name__)


def load_catalog_file(path: str | Path) -> Catalog:
    """Load and validate one catalog file; raise :class:`CatalogError` on any problem."""
    path = Path(path)
    try:
        text, doc = read_toml(path, what="catalog")
    except InvalidInput as exc:
        raise CatalogError(exc.problem, source=str(path), line=exc.line) from None
    return _build(_Reader(path, text), doc)


def _build(r: _Reader, doc: dict[str, Any]) -> Catalog:
    r.fields(doc, "the catalog", {"format": int, "game": dict, "sections": list, "rules": list},
             {"tables": list, "components": list, "ambiguities": list})
    if doc["format"] != FORMAT:
        raise r.fail(f"catalog format {doc['format']} is not supported (this tombspec reads {FORMAT})")
    game = r.fields(doc["game"], "[game]", {"id": str, "title": str, "rulebook": str}, {"note": str})
    try:
        plain_name(game["rulebook"], source=str(r.path), what="[game] rulebook")
    except InvalidInput as exc:
        raise CatalogError(exc.problem, source=str(r.path)) from None
    gid = game["id"]
    if not SECTION_ID_RE.match(gid):
        raise r.fail(f"game id {gid!r} is not lower case with hyphens")

    sections: list[Section] = []
    seen_sections: set[str] = set()
    for raw in doc["sections"]:
        f = r.fields(raw, "a [[sections]] entry", {"id": str, "title": str},
                     {"parent": str, "normative": bool, "note": str, "headings": list})
        sid = f["id"]
        if not all(isinstance(h, str) and h.strip() for h in f.get("headings", [])):
            raise r.fail("field 'headings' must be a list of the sub-headings' words", sid)
        if not SECTION_ID_RE.match(sid):
            raise r.fail(f"section id {sid!r} is not lower case with hyphens", sid)
        if sid in seen_sections:
            raise r.fail("duplicate section id", sid)
        if f.get("parent") and f["parent"] not in seen_sections:
            raise r.fail(f"parent section {f['parent']!r} is not listed before it", sid)
        if not f.get("normative", True) and not f.get("note"):
            raise r.fail("a non-normative section must say why in 'note'", sid)
        seen_sections.add(sid)
        sections.append(Section(sid, f["title"], f.get("parent"), f.get("normative", True),
                                f.get("note", ""), tuple(f.get("headings", ()))))

    ids: set[str] = set()

    def new_id(entry_id: str, what: str) -> None:
        if not ID_RE.match(entry_id):
            raise r.fail(f"{what} id is not '<game>.<area>.<name>' in lower case with hyphens", entry_id)
        if entry_id.split(".", 1)[0] != gid:
            raise r.fail(f"{what} id does not start with the game id {gid!r}", entry_id)
        if entry_id in ids:
            raise r.fail(f"duplicate id (ids are unique within a catalog and never reused)", entry_id)
        ids.add(entry_id)

    def known_section(sid: str, entry_id: str) -> None:
        if sid not in seen_sections:
            raise r.fail(f"section {sid!r} is not in [[sections]]", entry_id)

    rules: list[Rule] = []
    for raw in doc["rules"]:
        f = r.fields(raw, "a [[rules]] entry",
                     {"id": str, "title": str, "section": str, "kind": str, "quote": str},
                     {"summarises": list, "see_also": list, "same_as": str, "changes": str,
                      "difference": str, "note": str, "excerpt": bool})
        rid = f["id"]
        new_id(rid, "rule")
        known_section(f["section"], rid)
        if f["kind"] not in RULE_KINDS:
            raise r.fail(f"kind {f['kind']!r} is not one of {', '.join(sorted(RULE_KINDS))}", rid)
        summarises = r.id_list(f, "summarises", rid)
        if f["kind"] == "summary" and not summarises:
            raise r.fail("a summary rule must list the rules it summarises in 'summarises'", rid)
        if f.get("changes") and not f.get("difference"):
            raise r.fail("a rule that 'changes' another must say how in 'difference'", rid)
        rules.append(Rule(rid, gid, f["title"], f["section"], f["kind"], f["quote"], summarises,
                          r.id_list(f, "see_also", rid), f.get("same_as"), f.get("changes"),
                          f.get("difference", ""), f.get("note", ""), r.line_of(rid), f.get("excerpt", False)))

    tables: list[Table] = []
    for raw in doc.get("tables", []):
        f = r.fields(raw, "a [[tables]] entry",
                     {"id": str, "title": str, "section": str, "quote": str, "columns": list,
                      "rows": list}, {"note": str})
        tid = f["id"]
        new_id(tid, "table")
        known_section(f["section"], tid)
        columns = f["columns"]
        if not columns or not all(isinstance(c, str) and c for c in columns):
            raise r.fail("'columns' must be a non-empty list of names", tid)
        if len(set(columns)) != len(columns):
            raise r.fail("'columns' names a column twice", tid)
        if not f["rows"]:
            raise r.fail("a table needs at least one row", tid)
        for n, row in enumerate(f["rows"], 1):
            if not isinstance(row, list) or len(row) != len(columns):
                raise r.fail(f"row {n} has {len(row) if isinstance(row, list) else 'no'} cells, "
                             f"the table has {len(columns)} columns", tid)
        tables.append(Table(tid, gid, f["title"], f["section"], f["quote"], tuple(columns),
                            tuple(tuple(_freeze(c) for c in row) for row in f["rows"]),
                            f.get("note", ""), r.line_of(tid)))

    components: list[Component] = []
    for raw in doc.get("components", []):
        f = r.fields(raw, "a [[components]] entry",
                     {"id": str, "kind": str, "name": str, "section": str, "quote": str},
                     {"aliases": list, "attributes": dict, "note": str})
        cid = f["id"]
        new_id(cid, "component")
        known_section(f["section"], cid)
        aliases = f.get("aliases", [])
        if not all(isinstance(a, str) and a for a in aliases):
            raise r.fail("'aliases' must be a list of names", cid)
        components.append(Component(cid, gid, f["kind"], f["name"], f["section"], f["quote"],
                                    tuple(aliases), _freeze(f.get("attributes", {})),
                                    f.get("note", ""), r.line_of(cid)))

    ambiguities: list[Ambiguity] = []
    for raw in doc.get("ambiguities", []):
        f = r.fields(raw, "an [[ambiguities]] entry",
                     {"id": str, "title": str, "kind": str, "rules": list, "question": str,
                      "readings": list, "default": str},
                     {"note": str, "severity": str, "answered": dict, "found_by": list, "correction": str,
                      "group": str, "at": str})
        aid = f["id"]
        new_id(aid, "ambiguity")
        if f["kind"] not in AMBIGUITY_KINDS:
            raise r.fail(f"kind {f['kind']!r} is not one of {', '.join(sorted(AMBIGUITY_KINDS))}", aid)
        readings: list[Reading] = []
        for raw_reading in f["readings"]:
            rf = r.fields(raw_reading, f"a reading of {aid}", {"id": str, "text": str}, {})
            if not SECTION_ID_RE.match(rf["id"]):
                raise r.fail(f"reading id {rf['id']!r} is not lower case with hyphens", aid)
            if any(x.id == rf["id"] for x in readings):
                raise r.fail(f"reading {rf['id']!r} is listed twice", aid)
            readings.append(Reading(rf["id"], rf["text"]))
        if len(readings) < 2:
            raise r.fail("an ambiguity needs at least two readings", aid)
        if f["default"] not in {x.id for x in readings}:
            raise r.fail(f"default reading {f['default']!r} is not one of its readings", aid)
        rule_ids = r.id_list(f, "rules", aid)
        if not rule_ids:
            raise r.fail("an ambiguity must name the rules involved in 'rules'", aid)
        if f.get("severity") is not None and f["severity"] not in SEVERITIES:
            raise r.fail(f"severity {f['severity']!r} is not one of {', '.join(SEVERITIES)}", aid)
        answer = None
        if "answered" in f:
            af = f["answered"]
            for key in ("quote", "reading"):
                if not isinstance(af.get(key), str) or not af[key].strip():
                    raise r.fail(f"'answered' needs a non-empty {key!r} (the quote that answers it and the "
                                 "reading it gives)", aid)
            if set(af) - {"quote", "reading"}:
                raise r.fail(f"unknown field(s) {', '.join(sorted(set(af) - {'quote', 'reading'}))} in 'answered'", aid)
            if af["reading"] not in {x.id for x in readings}:
                raise r.fail(f"answered reading {af['reading']!r} is not one of its readings", aid)
            if f.get("default") is not None and af["reading"] != f["default"]:
                raise r.fail(f"answered by the rulebook with reading {af['reading']!r}, but the default (the "
                             f"model's reading) is {f['default']!r}: the model takes what the rulebook says", aid)
            answer = Answer(af["quote"], af["reading"])
            if f.get("severity") in ("error", "contradiction"):
                raise r.fail(f"answered by the rulebook, so it cannot be {'an error' if f['severity'] == 'error' else 'a contradiction'}: what the text answers "
                             "is a note (drop 'severity', or 'answered' if the text does not settle it)", aid)
        if f.get("group") is not None and not SECTION_ID_RE.match(f["group"]):
            raise r.fail(f"group {f['group']!r} is not lower case with hyphens", aid)
        if f.get("correction") is not None and not f["correction"].strip():
            raise r.fail("'correction' is empty: give the wording a publisher could print, or leave it out", aid)
        if f.get("at") is not None and f["at"] not in rule_ids:
            raise r.fail(f"'at' names {f['at']!r}, which is not one of its 'rules' (the passage at fault is one of "
                         "the passages it cites)", aid)
        graded = f.get("severity") or ("contradiction" if f["kind"] == "contradiction" and answer is None else None)
        if graded in ("error", "contradiction") and len(rule_ids) > 1 and f.get("at") is None:
            raise r.fail(f"{'an error' if graded == 'error' else 'a contradiction'} citing {len(rule_ids)} rules must "
                         "name the passage at fault in 'at' (the rule whose passage the correction replaces; the "
                         "errata places it at that passage's line)", aid)
        found_by = r.id_list(f, "found_by", aid)
        for ref in found_by:
            if not ID_RE.match(ref) or ref.split(".", 1)[0] != gid:
                raise r.fail(f"found_by names {ref!r}, which is not a finding id of this game "
                             f"('{gid}.<detector>.<subject>')", aid)
        ambiguities.append(Ambiguity(aid, gid, f["title"], f["kind"], rule_ids, f["question"],
                                     tuple(readings), f["default"], f.get("note", ""),
                                     r.line_of(aid), f.get("severity"), answer, found_by,
                                     f.get("correction", "").strip(), f.get("group", ""), f.get("at", "")))

    # References within the catalog resolve.  (same_as / changes may point at another game's
    # catalog; those are resolved by load_all().)
    for rule in rules:
        for ref in (*rule.summarises, *rule.see_also):
            if ref not in ids:
                raise r.fail(f"refers to {ref!r}, which is not in this catalog", rule.id)
    for amb in ambiguities:
        for ref in amb.rules:
            if ref not in ids:
                raise r.fail(f"names rule {ref!r}, which is not in this catalog", amb.id)
        if amb.at and any(a.id == amb.at for a in ambiguities):
            raise r.fail(f"'at' names {amb.at!r}, another recorded question: name a rule whose passage is at fault",
                         amb.id)

    return Catalog(gid, game["title"], game["rulebook"], str(r.path), tuple(sections), tuple(rules),
                   tuple(tables), tuple(components), tuple(ambiguities))


def catalog_games() -> tuple[str, ...]:
    """The ids of the embedded catalogs, in a fixed order."""
    return tuple(sorted(p.stem for p in CATALOG_DIR.glob("*.toml")))


@cache
def load_catalog(game: str) -> Catalog:
    """The embedded catalog of ``game`` (cached)."""
    path = CATALOG_DIR / f"{game}.toml"
    if not path.exists():
        raise CatalogError(f"no catalog for game {game!r}; the catalogs are: "
                           f"{', '.join(catalog_games())}", source="<argument>")
    catalog = load_catalog_file(path)
    if catalog.game != game:
        raise CatalogError(f"file declares game {catalog.game!r}, expected {game!r}", source=str(path))
    return catalog


def load_all() -> dict[str, Catalog]:
    """Every embedded catalog, with cross-catalog links (``same_as``, ``changes``) resolved."""
    catalogs = {g: load_catalog(g) for g in catalog_games()}
    for cat in catalogs.values():
        for rule in cat.rules:
            for ref in filter(None, (rule.same_as, rule.changes)):
                other = catalogs.get(ref.split(".", 1)[0])
                if other is None or ref not in other:
                    raise CatalogError(f"links to {ref!r}, which is in no catalog", source=cat.path,
                                       line=rule.line, entry=rule.id)
    return catalogs
