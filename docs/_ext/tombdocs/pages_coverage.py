"""Rule coverage per game: formalised, exercised, named by tests, proved, and what is not formalised yet."""

from __future__ import annotations

from . import md
from .facts import Facts
from .pages_rules import coverage_numbers


def _share(part: int, whole: int) -> str:
    return f"{part} ({part / whole:.0%})" if whole else "0"


def pages(facts: Facts) -> dict[str, str]:
    rows = []
    for game, cat in facts.catalogs.items():
        cov = coverage_numbers(facts, cat)
        n = cov["rules"]
        rows.append([md.doc(f"generated/games/{game}/index", cat.title), str(n),
                     "yes" if cov["modelled"] else "**no model yet**",
                     _share(len(cov["formalised"]), n), _share(len(cov["exercised"]), n),
                     _share(len(cov["proved"]), n), _share(len(cov["tested"]), n),
                     f"{len(cov['ambiguities_formalised'])} of {len(cat.ambiguities)}"])
    out = ["# Rule coverage\n",
           f"How much of each rulebook the model covers. Formalised, exercised and proved are the coverage "
           f"{md.code('tombspec check')} reports ({md.pyref('tombspec.checks.report.coverage', short=False)}), "
           "computed while this page was built:\n",
           f"- **formalised**: a function of the model is marked {md.code('@implements(<id>)')} with the rule's "
           f"id, or a one-line check ({md.code('require')}, {md.code('note')}, an invariant's "
           f"{md.code('Violation')}) names it;\n"
           f"- **exercised**: the rule was recorded ({md.pyref('tombspec.model.traceability.recording')}) while "
           f"random games were explored ({facts.explore_games} per game here) and the rulebook's worked examples "
           "replayed;\n"
           f"- **proved**: every z3 proof obligation that names the rule "
           f"({md.pyref('tombspec.checks.proofs.prove_game')}) is proved;\n"
           f"- **named by tests** (computed here, not by {md.code('tombspec check')}): a test function under {md.code('tests/')} names the id in its source. This is "
           "a reading of the test code, not a run of it: a test that exercises a rule without naming it is not "
           "counted;\n"
           "- **open questions settled**: ambiguities the model takes a reading of (an option, or a function "
           "marked with the ambiguity's id).\n",
           md.table(["game", "rules", "model", "formalised", "exercised", "proved", "named by tests",
                     "open questions settled"], rows, raw=True)]
    for game, cat in facts.catalogs.items():
        cov = coverage_numbers(facts, cat)
        out.append(f"\n## {md.esc(cat.title)}\n")
        if not cov["modelled"]:
            out.append(f"There is no model of *{md.esc(cat.title)}* yet: none of its {cov['rules']} rules is "
                       f"formalised, exercised or proved. Its "
                       f"{md.doc(f'generated/games/{game}/index', 'rule reference')} is the catalog alone.\n")
            continue
        out.append(f"{len(cov['formalised'])} of {cov['rules']} rules are formalised, {len(cov['exercised'])} "
                   f"exercised, {len(cov['proved'])} proved, {len(cov['tested'])} named by tests.\n")
        by_kind: dict[str, list[str]] = {}
        for rid in cov["not_formalised"]:
            by_kind.setdefault(cat.rule(rid).kind, []).append(rid)
        if by_kind:
            out.append(f"\nNot formalised ({len(cov['not_formalised'])}), by kind of rule (a definition, a summary "
                       "or an example may need no code; the catalog's note on the rule says why):\n\n")
            out.append(md.table(["kind", "rules"],
                                [[md.esc(k), ", ".join(md.ref(r) for r in ids)] for k, ids in sorted(by_kind.items())],
                                raw=True, widths="15 85"))
        unexercised = [r for r in cov["formalised"] if r not in cov["exercised"]]
        if unexercised:
            out.append(f"\nFormalised but not exercised by the explored games ({len(unexercised)}): "
                       + ", ".join(md.ref(r) for r in unexercised) + ".\n")
        untested = [r for r in cov["formalised"] if r not in facts.tests_naming]
        if untested:
            out.append(f"\nFormalised but named by no test ({len(untested)}): "
                       + ", ".join(md.ref(r) for r in untested) + ".\n")
    return {"coverage.md": "\n".join(out)}
