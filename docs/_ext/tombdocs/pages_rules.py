"""The rule reference: per game, in rulebook order, every catalog entry anchored by its id."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from tombspec.checks.proofs import PROVED
from tombspec.spec import Ambiguity, Catalog, Component, Rule, Table

from . import md
from .facts import Facts

RESERVED = {"index", "ambiguities"}


def section_page(section_id: str) -> str:
    return f"section-{section_id}" if section_id in RESERVED else section_id


def top_section(cat: Catalog, section_id: str) -> str:
    parents = {s.id: s.parent for s in cat.sections}
    while parents.get(section_id):
        section_id = parents[section_id]  # type: ignore[assignment]
    return section_id


def entry_docname(cat: Catalog, entry: Any) -> str:
    if isinstance(entry, Ambiguity):
        return f"generated/games/{cat.game}/ambiguities"
    return f"generated/games/{cat.game}/{section_page(top_section(cat, entry.section))}"


def _options(**values: str) -> str:
    """A directive's options as a YAML block (JSON strings are YAML strings)."""
    lines = ["---"] + [f"{k}: {json.dumps(v)}" for k, v in values.items() if v] + ["---"]
    return "\n".join(lines) + "\n"


def entry_block(directive: str, entry_id: str, body: str, **options: str) -> str:
    return f"````{{tomb:{directive}}} {entry_id}\n{_options(**options)}\n{body.rstrip()}\n````\n\n"


def function_link(facts: Facts, name: str) -> str:
    if name in facts.documented_objects:
        return md.pyref(name)
    module = max((m for m in facts.modules if name.startswith(m + ".")), key=len, default=None)
    short = name[len(module) + 1:] if module else name
    return f"{md.code(short)} in {md.pyref(module, short=False)}" if module else md.code(name)


def site_link(facts: Facts, site: str) -> str:
    """A formalisation site: a function name, or a ``file:line`` one-line check (linked to its function)."""
    if ":" not in site:
        return function_link(facts, site)
    func = facts.enclosing_function(site)
    return f"{md.code(site)}" + (f" in {function_link(facts, func)}" if func else "")


def proof_text(facts: Facts, entry_id: str) -> str | None:
    proofs = facts.proofs_of.get(entry_id, [])
    if not proofs:
        return None
    parts = []
    as_inv = [p for p in proofs if p.invariant == entry_id]
    as_step = [p for p in proofs if p.invariant != entry_id]
    if as_inv:
        ok = sum(p.result == PROVED for p in as_inv)
        steps = sorted({p.transition for p in as_inv if p.transition != "init"})
        parts.append(f"invariant, {ok} of {len(as_inv)} obligations proved (z3): it holds initially "
                     f"and after each transition core ({', '.join(md.code(s) for s in steps)})")
    if as_step:
        by_core: dict[str, list[Any]] = defaultdict(list)
        for p in as_step:
            by_core[p.transition].append(p)
        for core, ps in sorted(by_core.items()):
            ok = sum(p.result == PROVED for p in ps)
            parts.append(f"its transition core {md.code(core)} preserves {ok} of {len(ps)} invariants "
                         f"({', '.join(md.ref(p.invariant, p.invariant) for p in ps)})")
    bad = [p for p in proofs if p.result != PROVED]
    for p in bad:
        parts.append(f"**{p.result}** for {md.code(p.invariant)} over {md.code(p.transition)}: "
                     f"{md.esc(p.counterexample or p.reason)}")
    return "; ".join(parts)


def facts_list(facts: Facts, cat: Catalog, entry: Any) -> list[str]:
    """The bullet points under an entry: formalisation, tests, proof, ambiguities, links."""
    items: list[str] = []
    modelled = cat.game in facts.registered_games
    where = facts.formalised_where(entry.id)
    if where:
        items.append("**Formalised by** " + ", ".join(site_link(facts, w) for w in where))
    elif modelled and isinstance(entry, Rule):
        items.append("**Formalised by** nothing yet (no function of the model is marked "
                     f"{md.code('@implements')} with this id, and no {md.code('require')} names it)")
    cov = facts.coverage.get(cat.game, {})
    if where and cov.get("modelled") and isinstance(entry, Rule):
        exercised = entry.id not in cov.get("not_exercised", [])
        items.append("**Exercised** by the explored games" if exercised
                     else "**Not exercised** by the explored games")
    tests = facts.tests_naming.get(entry.id, [])
    if tests:
        items.append("**Tests that name it** " + ", ".join(md.code(t) for t in tests))
    elif modelled and isinstance(entry, Rule):
        items.append("**Tests that name it** none")
    proof = proof_text(facts, entry.id)
    if proof:
        items.append("**Proof** " + proof)
    for amb in facts.ambiguities_of.get(entry.id, []):
        # The question and the readings' words are on the ambiguity's own entry, one link away.
        readings = ", ".join(f"{md.code(r.id)}{' (default)' if r.id == amb.default else ''}" for r in amb.readings)
        items.append(f"**Open question** {md.ref(amb.id, amb.title)}; readings {readings}")
    if isinstance(entry, Rule):
        if entry.summarises:
            items.append("**Summarises** " + ", ".join(md.ref(r) for r in entry.summarises))
        if facts.summarised_by.get(entry.id):
            items.append("**Summarised by** " + ", ".join(md.ref(r) for r in facts.summarised_by[entry.id]))
        if entry.see_also:
            items.append("**See also** " + ", ".join(md.ref(r) for r in entry.see_also))
        if entry.same_as:
            items.append(f"**Same as** {md.ref(entry.same_as)} (restated the same way)")
        if entry.changes:
            items.append(f"**Changes** {md.ref(entry.changes)}: {md.esc(entry.difference)}")
    option = facts.option_fields.get(entry.id)
    if option and option["variant"]:
        items.append(f"**Model option** {md.code(option['option'])} (a variant; default "
                     f"{md.code(json.dumps(option['default']))}) of {md.pyref(option['type'])}")
    if getattr(entry, "note", ""):
        items.append("**Note** " + md.esc(entry.note))
    return items


def bullets(items: list[str]) -> str:
    return "".join(f"- {item}\n" for item in items)


def rule_block(facts: Facts, cat: Catalog, rule: Rule) -> str:
    body = md.quote(rule.quote) + "\n" + bullets(facts_list(facts, cat, rule))
    return entry_block("entry", rule.id, body, title=rule.title, kind=rule.kind, group="rule")


def table_block(facts: Facts, cat: Catalog, table: Table) -> str:
    body = md.quote(table.quote) + "\n" + md.table(table.columns, table.rows) + "\n" + \
        bullets(facts_list(facts, cat, table))
    return entry_block("entry", table.id, body, title=table.title, kind="table", group="table")


def component_block(facts: Facts, cat: Catalog, comp: Component) -> str:
    body = md.quote(comp.quote) + "\n"
    if comp.attributes:
        body += md.table(["attribute", "value"], [[k, v] for k, v in comp.attributes.items()]) + "\n"
    items = []
    if comp.aliases:
        items.append("**Also called** " + ", ".join(md.esc(a) for a in comp.aliases))
    body += bullets(items + facts_list(facts, cat, comp))
    return entry_block("entry", comp.id, body, title=comp.name, kind=f"component: {comp.kind}",
                       group="component")


def ambiguity_block(facts: Facts, cat: Catalog, amb: Ambiguity) -> str:
    body = md.esc(amb.question) + "\n\nReadings:\n\n"
    for r in amb.readings:  # "*" bullets: a list apart from the "-" list of facts below
        mark = " **(the catalog's default)**" if r.id == amb.default else ""
        body += f"* {md.code(r.id)}{mark}: {md.esc(r.text)}\n"
    body += "\n"
    items = ["**Rules involved** " + ", ".join(md.ref(r) for r in amb.rules)]
    option = facts.option_fields.get(amb.id)
    if option:
        implemented = ", ".join(md.code(r) for r in option["readings"])
        text = (f"**Model option** {md.code(option['option'])} of {md.pyref(option['type'])}: "
                f"readings implemented {implemented}; default {md.code(option['default'])}")
        if option["default"] != amb.default:
            text += f" (**differs** from the catalog's default {md.code(amb.default)})"
        items.append(text)
    elif cat.game in facts.registered_games:
        items.append("**Model option** none: the model takes no reading of this question as an option")
    where = facts.formalised_where(amb.id)
    if where:
        items.append("**Reading formalised by** " + ", ".join(site_link(facts, w) for w in where))
    tests = facts.tests_naming.get(amb.id, [])
    if tests:
        items.append("**Tests that name it** " + ", ".join(md.code(t) for t in tests))
    if amb.note:
        items.append("**Note** " + md.esc(amb.note))
    body += bullets(items)
    return entry_block("entry", amb.id, body, title=amb.title, kind=amb.kind, group="ambiguity")


def block(facts: Facts, cat: Catalog, entry: Any) -> str:
    if isinstance(entry, Rule):
        return rule_block(facts, cat, entry)
    if isinstance(entry, Table):
        return table_block(facts, cat, entry)
    if isinstance(entry, Component):
        return component_block(facts, cat, entry)
    return ambiguity_block(facts, cat, entry)


# --------------------------------------------------------------------------------------------------
# Pages


def coverage_numbers(facts: Facts, cat: Catalog) -> dict[str, Any]:
    """The coverage ``tombspec check`` reports, plus the rules that tests name."""
    cov = facts.coverage.get(cat.game, {})
    rule_ids = [r.id for r in cat.rules]
    where = cov.get("where", {})
    not_exercised = set(cov.get("not_exercised", []))
    return {"rules": len(rule_ids), "modelled": bool(cov.get("modelled")),
            "formalised": [r for r in rule_ids if r in where],
            "exercised": [r for r in rule_ids if r in where and r not in not_exercised],
            "tested": [r for r in rule_ids if r in facts.tests_naming],
            "proved": [r for r in rule_ids if r in set(cov.get("proved_rules", []))],
            "not_formalised": [r for r in rule_ids if r not in where],
            "ambiguities_formalised": [a.id for a in cat.ambiguities if a.id in facts.implements
                                       or a.id in facts.option_fields]}


def game_index(facts: Facts, cat: Catalog) -> str:
    game = cat.game
    modelled = game in facts.registered_games
    info = facts.check_json["catalog"].get(game, {})
    out = [f"# {md.esc(cat.title)}\n",
           f"The rule reference of *{md.esc(cat.title)}*, generated from the catalog "
           f"{md.code(f'spec/{game}.toml')} (the game id is {md.code(game)}), in the order of the rulebook "
           f"{md.code(cat.rulebook)}. Every entry quotes the rulebook word for word and is anchored by "
           f"its id: a link to {md.code('#' + cat.rules[0].id)} on its section's page finds it.\n",
           md.table(["entries", "count"],
                    [["rules", len(cat.rules)], ["tables", len(cat.tables)], ["components", len(cat.components)],
                     ["ambiguities, gaps and contradictions", len(cat.ambiguities)],
                     ["quotes checked against the rulebook", info.get("quotes", "not checked")]]),
           ]
    cov = coverage_numbers(facts, cat)
    if modelled:
        out.append(f"\nThe reference model {md.pyref('tombspec.model.' + game, short=False)} formalises "
                   f"{len(cov['formalised'])} of {cov['rules']} rules; {len(cov['exercised'])} are exercised by random "
                   f"games and the worked examples; tests name {len(cov['tested'])}; z3 proves {len(cov['proved'])} (see {md.doc('generated/coverage', 'rule coverage')}).\n")
    else:
        out.append(f"\n**There is no model of this game yet**: none of its {cov['rules']} rules is formalised, "
                   "exercised or proved. The catalog below is the whole of it so far "
                   f"(see {md.doc('generated/coverage', 'rule coverage')}).\n")
    out.append("\n## Sections\n\nThe rulebook's own table of contents; each top-level section is a page.\n")
    counts = _counts_by_top(cat)
    rows = []
    for s in cat.sections:
        if s.parent:
            continue
        name = section_page(s.id)
        rows.append([md.doc(f"generated/games/{game}/{name}", s.title), str(counts.get(s.id, 0)),
                     "yes" if s.normative else f"no: {md.esc(s.note)}"])
    out.append(md.table(["section", "entries", "normative"], rows, raw=True))
    if modelled:
        out.append("\n## Options of the model\n\nEach option names the catalog entry it settles "
                   "(DESIGN.md contract 7).\n\n")
        opts = [o for o in facts.option_fields.items() if o[1]["game"] == game]
        out.append(md.table(
            ["option", "settles", "readings implemented (default first)", "default"],
            [[md.code(o["option"]), md.ref(target), ", ".join(md.code(r) for r in o["readings"]) or "on / off",
              md.code(json.dumps(o["default"]))] for target, o in opts], raw=True))
    toc = "\n".join(section_page(s.id) for s in cat.sections if not s.parent)
    out.append(f"\n```{{toctree}}\n:hidden:\n:maxdepth: 1\n\n{toc}\nambiguities\n```\n")
    out.append(f"\nThe {md.doc(f'generated/games/{game}/ambiguities', 'open questions')} "
               f"({len(cat.ambiguities)}) are on a page of their own.\n")
    return "\n".join(out)


def _counts_by_top(cat: Catalog) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for e in (*cat.rules, *cat.tables, *cat.components):
        counts[top_section(cat, e.section)] += 1
    return counts


def section_pages(facts: Facts, cat: Catalog) -> dict[str, str]:
    """One page per top-level section, its nested sections as headings, entries in rulebook order."""
    children: dict[str | None, list[Any]] = defaultdict(list)
    for s in cat.sections:
        children[s.parent].append(s)
    entries: dict[str, list[Any]] = defaultdict(list)
    for e in (*cat.rules, *cat.tables, *cat.components):
        entries[e.section].append(e)
    for lst in entries.values():
        lst.sort(key=lambda e: e.line or 0)
    pages = {}

    def render(section: Any, level: int) -> str:
        text = f"{'#' * level} {md.esc(section.title)}\n\n"
        if not section.normative:
            text += f"*Not normative: {md.esc(section.note)}*\n\n"
        elif section.note:
            text += f"*{md.esc(section.note)}*\n\n"
        for e in entries.get(section.id, []):
            text += block(facts, cat, e)
        for child in children.get(section.id, []):
            text += render(child, min(level + 1, 6))
        return text

    for s in children[None]:
        head = (f"*{md.esc(cat.title)}*, {md.doc(f'generated/games/{cat.game}/index', 'rule reference')}. "
                "Each entry quotes the rulebook word for word; the points under it say how tombspec treats it"
                + (": the functions of the model that formalise it, whether the random games "
                   f"{md.code('tombspec check')} explores exercise it, the test functions whose source names its id, its "
                   "z3 proof, and the "
                   "open questions it is part of with their readings" if cat.game in facts.registered_games
                   else ", and the open questions it is part of with their readings (there is no model of this "
                        "game yet)") + ".\n\n")
        body = render(s, 1)
        first_break = body.index("\n\n") + 2
        pages[f"games/{cat.game}/{section_page(s.id)}.md"] = body[:first_break] + head + body[first_break:]
    return pages


def ambiguities_page(facts: Facts, cat: Catalog) -> str:
    kinds = defaultdict(int)
    for a in cat.ambiguities:
        kinds[a.kind] += 1
    text = (f"# Open questions: {md.esc(cat.title)}\n\n"
            f"Where the rulebook is ambiguous (**{kinds['ambiguity']}**), silent (a gap, **{kinds['gap']}**) or "
            f"contradicts itself (**{kinds['contradiction']}**), as recorded in the catalog by hand. Each lists "
            "its readings and the one the model takes by default; a model option can switch it.\n\n")
    for amb in sorted(cat.ambiguities, key=lambda a: a.line or 0):
        text += ambiguity_block(facts, cat, amb)
    return text


def games_index(facts: Facts) -> str:
    rows = []
    for game, cat in facts.catalogs.items():
        rows.append([md.doc(f"generated/games/{game}/index", cat.title), md.code(game), str(len(cat.rules)),
                     str(len(cat.tables)), str(len(cat.components)), str(len(cat.ambiguities)),
                     md.pyref(f"tombspec.model.{game}", short=False) if game in facts.registered_games
                     else "not yet"])
    toc = "\n".join(f"{g}/index" for g in facts.catalogs)
    return ("# The rules\n\n"
            "One reference per game, generated from its catalog at build time, in the rulebook's order. "
            "Every rule, table, component and open question has an anchor named after its id, so "
            f"{md.code('<page>#raiders.attack.ties-to-defender')} links to one rule; the "
            f"{{ref}}`index of rule ids <tomb-index>` lists them all.\n\n"
            + md.table(["game", "id", "rules", "tables", "components", "open questions", "model"], rows, raw=True)
            + f"\n```{{toctree}}\n:hidden:\n:maxdepth: 1\n\n{toc}\n```\n")


def pages(facts: Facts) -> dict[str, str]:
    out = {"games/index.md": games_index(facts)}
    for game, cat in facts.catalogs.items():
        out[f"games/{game}/index.md"] = game_index(facts, cat)
        out.update(section_pages(facts, cat))
        out[f"games/{game}/ambiguities.md"] = ambiguities_page(facts, cat)
    return out
