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
             "```{toctree}\n:maxdepth: 1\n\n" + "\n".join([*games, "versions"]) + "\n```\n"]
    for game in games:
        guide = build(game, budget=STEPS)
        files[f"guide/{game}.md"] = to_markdown(guide, rule_link=lambda rid: md.ref(rid) if rid in facts.all_ids
                                                else md.code(rid))
    files["guide/index.md"] = "\n".join(index)
    files["guide/versions.md"] = versions_page(games)
    return files


def versions_page(games: list[str]) -> str:
    """Every game's protocol versions and what each changed, computed from the recorded surfaces
    (``spec/protocol/<game>.json``): it cannot go stale, since a surface without a version fails a test."""
    from tombspec.checks.oracle.protocol import changes_between, current_version, versions

    out = ["# Protocol versions\n",
           "Each game's protocol (its state fields, its actions, its options and the readings they settle, and "
           "the rules a refusal may name) has a version. A trace's header and `reset` state it as `protocol`; "
           "`tombspec explain`, `tombspec trace schema --game` and `tombspec protocol GAME` print it. An "
           "implementation that speaks an older version says so with `conform --protocol N`: it is then sent "
           "only that version's options, compared on that version's state fields, and told what changed "
           "since. Below, under each version, the words its authors wrote and the changes computed from the "
           "surfaces themselves.\n"]
    for game in games:
        history = versions(game)
        out.append(f"## {game}: version {current_version(game)}\n")
        for i, v in enumerate(history):
            out.append(f"- **version {v['version']}** ({v['date']}): {v['changes']}")
            for line in (changes_between(history[i - 1]["surface"], v["surface"]) if i else []):
                out.append(f"  - {line}")
        out.append("")
    return "\n".join(out) + "\n"
