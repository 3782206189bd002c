"""The conformance guide of every modelled game (``tombspec explain GAME``), generated from its model."""

from __future__ import annotations

from typing import Any

from . import md
from .facts import Facts

#: steps sampled per game for the turn table and the values seen (the CLI's default is larger)
STEPS = 4000


def pages(facts: Facts) -> dict[str, Any]:
    from tombspec.checks.oracle.guide import build, to_markdown

    files: dict[str, Any] = {}
    games = list(facts.registered_games)
    index = ["# Conformance guides\n",
             "One page per modelled game, for developers of digital versions who test against the oracle "
             "(`tombspec conform`, `tombspec vectors`): the turn as a table of decision and chance points, "
             "every state field with its meaning, the actions, the options and the ambiguities they settle, "
             "the tie-breaks, which rule a refusal names, and real protocol exchanges. Each is generated "
             "from the model when these pages are built; `tombspec explain GAME` prints the same guide "
             "(`--json` as data, `--options`/`--board` for another configuration).\n",
             "```{toctree}\n:maxdepth: 1\n\n" + "\n".join(games) + "\n```\n"]
    for game in games:
        guide = build(game, budget=STEPS)
        files[f"guide/{game}.md"] = to_markdown(guide, rule_link=lambda rid: md.ref(rid) if rid in facts.all_ids
                                                else md.code(rid))
    files["guide/index.md"] = "\n".join(index)
    return files
