"""Rule coverage: which catalog rules the model formalises, which a run exercises, which are proved.

* formalised: named by ``@implements`` on a model function, or by a ``require``/``note`` call in the
  model's code (found by reading the source, so that a rule checked in one line counts);
* exercised: recorded (``tombspec.model.traceability.recording``) while exploring games and replaying
  the worked examples;
* proved: the rule of an invariant or transition core whose z3 obligations are all ``proved``.
"""

from __future__ import annotations

import re
from typing import Any

from tombspec.model.traceability import formalised, recording
from tombspec.spec import Catalog

_ID = re.compile(r"""["']([a-z0-9-]+\.[a-z0-9-]+\.[a-z0-9-]+)["']""")


def replayed_examples(game: str) -> set[str]:
    """The worked examples of ``game`` that replay through the model (recorded if inside ``recording``)."""
    from ..games import example_results

    return {example_id for example_id, (ok, _) in example_results(game).items() if ok}


def exercised(game: str, games: int = 60) -> set[str]:
    """Rule ids recorded while exploring ``games`` games over the configurations (none when ``games`` is
    0) and replaying the examples."""
    from ..explore.games import configuration_runs, explore_runs

    seen: set[str] = set()
    if games:
        for report in explore_runs(configuration_runs(game, games, record=games)):
            seen |= report.exercised
    with recording() as replayed:
        replayed |= replayed_examples(game)
    return {r for r in seen | replayed if r.startswith(game + ".")}


def coverage(catalog: Catalog, proofs: list[Any] | None = None, games: int = 60,
             seen: set[str] | None = None) -> dict[str, Any]:
    """Coverage of ``catalog``; ``seen`` is the set of exercised rule ids when the caller has already
    recorded them (``tombspec check`` does, while it explores), else they are recorded here."""
    from tombspec.model.ruleset import registered_games

    rules = [r.id for r in catalog.rules]
    if catalog.game not in registered_games():
        return {"game": catalog.game, "rules": len(rules), "formalised": 0, "exercised": 0, "proved": 0,
                "not_formalised": rules, "modelled": False}
    where = formalised(catalog.game)
    if seen is None:
        seen = exercised(catalog.game, games)
    proved_ids: set[str] = set()
    if proofs is not None:
        by_rule: dict[str, list[str]] = {}
        for p in proofs:
            for rid in (p.invariant, *p.rules):
                by_rule.setdefault(rid, []).append(p.result)
        proved_ids = {r for r, results in by_rule.items() if results and all(x == "proved" for x in results)}
    return {
        "game": catalog.game, "modelled": True, "rules": len(rules),
        "formalised": sum(r in where for r in rules),
        "exercised": sum(r in seen for r in rules),
        "proved": sum(r in proved_ids for r in rules),
        "not_formalised": [r for r in rules if r not in where],
        "not_exercised": [r for r in rules if r in where and r not in seen],
        "where": {r: where[r] for r in rules if r in where},
        "proved_rules": sorted(r for r in rules if r in proved_ids),
    }
