"""What each game brings to ``tombspec check``: one record per game (:class:`GameChecks`), in its own
package ``tombspec.checks.games.<game>``, listed in one registry.

The games tombspec ships are :data:`BUILTIN`; another package adds a game the same way, through an
entry point in the group ``tombspec.checks`` (``<game> = "package.module:CHECKS"``).  Nothing generic in
``tombspec.checks`` names a game: the report, the CLI and the docs ask this registry.

A record holds:

* ``detectors``: findings read off the catalog alone (component counts, odds, charts);
* ``example_checks``: the worked examples recomputed from their own inputs (catalog only);
* ``examples``: the worked examples replayed through the model (catalog id -> replay returning
  ``(matches, detail)``); a mismatch is a finding;
* ``model_findings``: findings derived by running the model (derived facts, never-succeeds, races);
* ``constraints``: z3 constraints over the catalog's numbers and the model's cores;
* ``reachability``: board questions (``board_file`` or None) -> reports;
* ``probability``: the exact probability tables (``tombspec prob``);
* ``dice_of``: the game whose dice it rolls, when not its own (Cryptmaster rolls Tomb's).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import attrs

from tombspec.spec import Catalog
from tombspec.spec.errors import InvalidInput

from ..findings.base import Finding
from ..findings.examples import ExampleFn, mismatches
from ..findings.text import Missing

Detector = Callable[[Catalog], Iterable[Finding]]
Replay = Callable[[], tuple[bool, str]]


@attrs.frozen
class GameChecks:
    game: str
    detectors: Sequence[Detector] = ()
    example_checks: Sequence[ExampleFn] = ()
    examples: Mapping[str, Replay] = attrs.field(factory=dict)
    model_findings: Sequence[Detector] = ()
    constraints: Sequence[Callable[[Catalog], list[dict[str, Any]]]] = ()
    reachability: Callable[[Path | None], list[dict[str, Any]]] | None = None
    probability: Callable[[], dict[str, Any]] | None = None
    dice_of: str | None = None


#: game id -> "module:attribute" of its record.
BUILTIN: dict[str, str] = {
    "raiders": "tombspec.checks.games.raiders:CHECKS",
    "secrets": "tombspec.checks.games.secrets:CHECKS",
    "tomb": "tombspec.checks.games.tomb:CHECKS",
    "cryptmaster": "tombspec.checks.games.cryptmaster:CHECKS",
    "egypt": "tombspec.checks.games.egypt:CHECKS",
}
ENTRY_POINT_GROUP = "tombspec.checks"
_RECORDS: dict[str, GameChecks] = {}


def _load() -> dict[str, GameChecks]:
    if not _RECORDS:
        for game, target in BUILTIN.items():
            module, _, attribute = target.partition(":")
            _RECORDS[game] = getattr(importlib.import_module(module), attribute)
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            if ep.name not in _RECORDS:
                try:
                    _RECORDS[ep.name] = ep.load()
                except Exception as exc:
                    raise InvalidInput(f"the {ENTRY_POINT_GROUP} entry point {ep.name!r} ({ep.value}) does not "
                                       f"load: {type(exc).__name__}: {exc}", source="<entry points>") from None
    return _RECORDS


def game_checks(game: str) -> GameChecks:
    """The record of ``game`` (an empty one for a game that brings nothing of its own)."""
    return _load().get(game) or GameChecks(game)


def games_with_checks() -> tuple[str, ...]:
    return tuple(sorted(_load()))


def register(record: GameChecks) -> None:
    """Add (or replace) a game's record at run time (tests use it for a game of their own)."""
    _load()[record.game] = record


# Running a record's parts ----------------------------------------------------------------------------

def _unchecked(game: str, fn: Callable[..., Any], exc: Missing) -> Finding:
    """A check that could not run because the catalog no longer states what it reads: never a pass."""
    name = getattr(fn, "__name__", "check")
    return Finding(f"{game}.unchecked.{name.replace('_', '-')}", game, "unchecked", (),
                   f"{name} could not run: {exc}", {"check": name, "problem": str(exc)})


def catalog_findings(cat: Catalog) -> list[Finding]:
    """A game's own detectors and worked-example recomputations over its catalog."""
    record = game_checks(cat.game)
    out: list[Finding] = []
    for fn in record.detectors:
        try:
            out.extend(fn(cat))
        except Missing as exc:
            out.append(_unchecked(cat.game, fn, exc))
    for ex in record.example_checks:
        try:
            out.extend(mismatches(cat, list(ex(cat))))
        except Missing as exc:
            out.append(_unchecked(cat.game, ex, exc))
    return out


def example_results(game: str) -> dict[str, tuple[bool, str]]:
    """Every worked example of ``game`` replayed through its model: id -> (matches, detail)."""
    return {example_id: replay() for example_id, replay in game_checks(game).examples.items()}


def model_findings(cat: Catalog, examples: dict[str, tuple[bool, str]] | None = None) -> list[Finding]:
    """Findings from running the model: its detectors, and every worked example that does not replay
    (``examples``: :func:`example_results` already computed, else they are replayed here)."""
    record = game_checks(cat.game)
    out: list[Finding] = []
    for fn in record.model_findings:
        try:
            out.extend(fn(cat))
        except Missing as exc:
            out.append(_unchecked(cat.game, fn, exc))
    for example_id, (ok, detail) in (example_results(cat.game) if examples is None else examples).items():
        if not ok:
            out.append(Finding(f"{example_id}.mismatch", cat.game, "example-mismatch", (example_id,),
                               f"the worked example {example_id} does not replay through the model: {detail}",
                               {"detail": detail}))
    return out


def run_constraints(catalogs: Mapping[str, Catalog]) -> list[dict[str, Any]]:
    """Every game's constraints over its catalog."""
    return [r for game, cat in catalogs.items() for fn in game_checks(game).constraints for r in fn(cat)]


def run_reachability(games: Iterable[str], board_file: Path | None = None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for game in games:
        fn = game_checks(game).reachability
        if fn is not None:
            out.extend(fn(board_file))
    return out


def probability_tables(game: str) -> dict[str, Any]:
    """The exact probability tables of ``game`` (or of the game whose dice it rolls)."""
    record = game_checks(game)
    if record.probability is None and record.dice_of:
        record = game_checks(record.dice_of)
    if record.probability is None:
        raise InvalidInput(f"{game} has no probability tables", source="<argument>")
    return record.probability()
