"""The registry of modelled games: one explicit list, plus any third-party game that plugs in.

A game's model is a package ``tombspec.model.<game>`` whose ``RULESET`` is its ruleset class.  The
games tombspec ships are listed in :data:`BUILTIN`; another package adds a game by declaring an entry
point in the group ``tombspec.rulesets`` (``<game> = "package.module:RulesetClass"``), the same way.
Nothing else has to be edited to add a game.  ``register`` adds one at run time (tests use it for the
toy game).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from importlib.metadata import entry_points
from typing import Any

from .errors import InvalidInput

#: game id -> "module:attribute" of the ruleset class, for the games tombspec ships with a model.
BUILTIN: dict[str, str] = {
    "raiders": "tombspec.model.raiders:Raiders",
    "egypt": "tombspec.model.egypt:Egypt",
    "secrets": "tombspec.model.secrets:Secrets",
    "tomb": "tombspec.model.tomb:Tomb",
    "cryptmaster": "tombspec.model.cryptmaster:Cryptmaster",
}

ENTRY_POINT_GROUP = "tombspec.rulesets"

_REGISTRY: dict[str, Callable[..., Any]] = {}
_plugins: dict[str, Any] | None = None       # the entry points, by game, read once (not yet loaded)


def register(game: str, factory: Callable[..., Any]) -> None:
    """Register ``factory`` (a ruleset class, or any callable taking its configuration) as ``game``."""
    _REGISTRY[game] = factory


def unregister(game: str) -> None:
    """Remove a game registered with :func:`register` (tests use it for a game of their own)."""
    _REGISTRY.pop(game, None)


def _resolve(target: str) -> Callable[..., Any]:
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def _entry_points() -> dict[str, Any]:
    """The plug-ins' entry points by game, read (not loaded) once; a built-in game's name wins."""
    global _plugins
    if _plugins is None:
        _plugins = {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name not in BUILTIN}
    return _plugins


def _factory(game: str) -> Callable[..., Any] | None:
    """The factory of ``game``, importing only that game's model (a command about one game never pays
    for importing the others: a worker process of ``--workers`` starts in a fifth of the time)."""
    factory = _REGISTRY.get(game)
    if factory is not None:
        return factory
    if game in BUILTIN:
        factory = _resolve(BUILTIN[game])
    else:
        ep = _entry_points().get(game)
        if ep is None:
            return None
        try:
            factory = ep.load()
        except Exception as exc:  # a broken plug-in must not take the built-in games down
            raise InvalidInput(f"the {ENTRY_POINT_GROUP} entry point {ep.name!r} ({ep.value}) "
                               f"does not load: {type(exc).__name__}: {exc}",
                               source="<entry points>") from None
    _REGISTRY[game] = factory
    return factory


def registered_games() -> Sequence[str]:
    """The ids of every modelled game, sorted (no model is imported to list them)."""
    return tuple(sorted(set(BUILTIN) | set(_REGISTRY) | set(_entry_points())))


def ruleset_class(game: str) -> Any:
    """The ruleset class (or factory) of ``game``."""
    factory = _factory(game)
    if factory is None:
        raise InvalidInput(f"no model for game {game!r}; modelled games: "
                           f"{', '.join(registered_games()) or 'none'}", source="<argument>")
    return factory


def get_ruleset(game: str, **config: Any) -> Any:
    """A configured ruleset: ``get_ruleset(game, options=..., board=...)``."""
    return ruleset_class(game)(**config)
