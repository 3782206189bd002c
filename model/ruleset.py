"""The ruleset protocol every game keeps, and the registry of games.

A ruleset is configured once (its options, its board) and is then a pure function of states:

* ``initial_state()``: the state before the first decision or chance event;
* ``pending(state)``: who acts next (:class:`Pending`);
* ``legal_actions(state)``: the decisions open to the deciding player;
* ``chance_outcomes(state)``: at a chance point, ``(outcome, Fraction)`` pairs summing to 1;
* ``step(state, action)``: the next state; raises only ``IllegalAction``, ``InvalidInput`` or
  ``Unspecified`` (DESIGN.md contracts 1-3);
* ``violations(state)``: the invariants that do not hold (empty in every reachable state).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from . import codec
from .errors import IllegalAction, InvalidInput, TombspecError, Unspecified

DECISION = "decision"
CHANCE = "chance"
OVER = "over"


@attrs.frozen
class Pending:
    """Who acts next: a player's decision, a chance event, or nobody (the game is over)."""

    kind: str  # "decision" | "chance" | "over"
    player: int | None = None
    what: str = ""  # the kind of decision or the randomiser

    @property
    def is_chance(self) -> bool:
        return self.kind == CHANCE

    @property
    def is_over(self) -> bool:
        return self.kind == OVER


@attrs.frozen
class Violation:
    invariant: str  # catalog rule id of the invariant
    message: str


class Ruleset(ABC):
    """The shape of every game's ruleset object."""

    game: ClassVar[str]
    state_type: ClassVar[type]
    options_type: ClassVar[type]
    action_types: ClassVar[dict[str, type]]

    options: Any

    @abstractmethod
    def initial_state(self) -> Any: ...

    @abstractmethod
    def pending(self, state: Any) -> Pending: ...

    @abstractmethod
    def legal_actions(self, state: Any) -> list[Any]: ...

    @abstractmethod
    def chance_outcomes(self, state: Any) -> list[tuple[Any, Fraction]]: ...

    @abstractmethod
    def _apply(self, state: Any, action: Any) -> Any: ...

    @abstractmethod
    def violations(self, state: Any) -> list[Violation]: ...

    def step(self, state: Any, action: Any) -> Any:
        """The state after ``action``.  Pure: never mutates, never rolls, never chooses."""
        if not isinstance(state, self.state_type):
            raise InvalidInput(f"not a {self.game} state: {type(state).__name__}")
        if type(action) not in self.action_types.values():
            raise InvalidInput(f"not a {self.game} action: {action!r}")
        try:
            return self._apply(state, action)
        except IllegalAction as exc:
            raise exc.with_context(state, action) from None
        except (InvalidInput, Unspecified):
            raise
        except TombspecError:
            raise
        except Exception as exc:  # a bug in the model must not pass for a verdict
            raise RuntimeError(f"tombspec model error in {self.game} step({action!r}): {exc!r}") from exc

    def is_terminal(self, state: Any) -> bool:
        return self.pending(state).is_over

    # Canonical data -------------------------------------------------------------------------------

    def encode_state(self, state: Any) -> Any:
        return codec.to_data(state)

    def decode_state(self, data: Any, *, source: str = "<data>", line: int | None = None) -> Any:
        return codec.from_data(self.state_type, data, source=source, line=line)

    def encode_action(self, action: Any) -> Any:
        return codec.to_data(action)

    def decode_action(self, data: Any, *, source: str = "<data>", line: int | None = None) -> Any:
        return codec.action_from_data(self.action_types, data, source=source, line=line)

    def describe(self) -> dict[str, Any]:
        """The configuration a trace header records (options, board)."""
        return {"options": codec.to_data(self.options)}


_REGISTRY: dict[str, Callable[..., Ruleset]] = {}


def register(game: str, factory: Callable[..., Ruleset]) -> None:
    _REGISTRY[game] = factory


def registered_games() -> Sequence[str]:
    _load_games()
    return tuple(sorted(_REGISTRY))


def get_ruleset(game: str, **config: Any) -> Ruleset:
    """A configured ruleset: ``get_ruleset("raiders", options=..., board=...)``."""
    _load_games()
    try:
        factory = _REGISTRY[game]
    except KeyError:
        raise InvalidInput(f"no model for game {game!r}; modelled games: "
                           f"{', '.join(sorted(_REGISTRY)) or 'none'}", source="<argument>") from None
    return factory(**config)


def _load_games() -> None:
    from . import raiders  # noqa: F401  (registers itself)
