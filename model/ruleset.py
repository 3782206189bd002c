"""The ruleset protocol every game keeps (DESIGN.md contracts 1-3, docs/protocol.md).

A ruleset is configured once (its options, its board and components) and is then a pure function of
states:

* ``initial_state(setup=None)``: the state before the first decision or chance event; ``setup`` is
  what carries over from an earlier game (``next_setup``), for games that carry on;
* ``pending(state)``: who acts next (:class:`Pending`): players deciding (one; any of several in any
  order; or several in a fixed priority, the first of them acting or passing), chance, or nobody;
* ``legal_actions(state, player=None)``: the decisions open to ``player`` (by default, to whoever may
  act now);
* ``chance(state)``: at a chance point, the :class:`~tombspec.model.chance.Distribution` of its
  outcomes (exact ``prob``, ``sample``, and ``support`` where small); ``chance_outcomes(state)`` lists
  it as ``(outcome, Fraction)`` pairs;
* ``step(state, action, player=None)``: the next state.  Every decision is made by a player: ``player``
  names who, and may be left out only when one player can act.  Raises only ``IllegalAction``,
  ``InvalidInput`` or ``Unspecified``;
* ``observe(state, player)``: what ``player`` may see (the whole state where nothing is hidden);
* ``violations(state)``: the invariants that do not hold (empty in every reachable state);
* ``next_setup(state)``: from a finished game, the setup of the next one (campaigns, scenarios).

The registry of games is :mod:`tombspec.model.registry`; ``get_ruleset`` and ``registered_games`` are
re-exported here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

import attrs

from . import codec
from .chance import Distribution
from .errors import IllegalAction, InvalidInput, TombspecError, Unspecified

DECISION = "decision"
CHANCE = "chance"
OVER = "over"

ONE = "one"            # exactly one player decides
ANY = "any"            # any of the players may act, in any order (each a step of its own)
PRIORITY = "priority"  # the players in priority order: the first acts or passes, then the next


@attrs.frozen
class Pending:
    """Who acts next: players deciding, a chance event, or nobody (the game is over).

    ``players`` are the players concerned, ``mode`` how they act (``ONE``, ``ANY``, ``PRIORITY``), and
    ``what`` names the decision or the randomiser."""

    kind: str                       # "decision" | "chance" | "over"
    players: tuple[int, ...] = ()
    mode: str = ONE
    what: str = ""
    #: the players who may act now: all of them in ``ANY`` mode, else the first (computed)
    actors: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False, default=attrs.Factory(
        lambda self: () if self.kind != DECISION else self.players if self.mode == ANY else self.players[:1],
        takes_self=True))

    @classmethod
    def decision(cls, player: int, what: str) -> "Pending":
        return cls(DECISION, (player,), ONE, what)

    @classmethod
    def any_of(cls, players: Sequence[int], what: str) -> "Pending":
        return cls(DECISION, tuple(players), ANY, what)

    @classmethod
    def priority(cls, players: Sequence[int], what: str) -> "Pending":
        return cls(DECISION, tuple(players), PRIORITY, what)

    @classmethod
    def chance(cls, what: str) -> "Pending":
        return cls(CHANCE, (), ONE, what)

    @classmethod
    def over(cls) -> "Pending":
        return cls(OVER)

    @property
    def is_chance(self) -> bool:
        return self.kind == CHANCE

    @property
    def is_over(self) -> bool:
        return self.kind == OVER

    @property
    def is_decision(self) -> bool:
        return self.kind == DECISION

    @property
    def player(self) -> int | None:
        """The one player who acts now, or None (chance, game over, or several may act)."""
        actors = self.actors
        return actors[0] if len(actors) == 1 else None


@attrs.frozen
class Violation:
    invariant: str  # catalog rule id of the invariant
    message: str


class Ruleset(ABC):
    """The shape of every game's ruleset object (one template for every game)."""

    game: ClassVar[str]
    state_type: ClassVar[type]
    options_type: ClassVar[type]
    action_types: ClassVar[dict[str, type]]
    #: the player counts the rulebook allows, ``(fewest, most)``
    player_counts: ClassVar[tuple[int, int]] = (1, 1)
    #: what carries over from one game to the next (None: the game does not carry on)
    setup_type: ClassVar[type | None] = None
    #: configurations (``get_ruleset`` keyword arguments) that ``tombspec check`` explores
    explore_configs: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    #: configurations (``options`` and ``board``) whose starting state the conformance guide prints
    #: beside the default one: a mode whose set-up differs (which tokens, in which order, with which ids)
    guide_resets: ClassVar[tuple[dict[str, Any], ...]] = ()
    #: every point where the game waits (``Pending.what``), where the model can list them: the
    #: conformance guide then searches on for a point its sample missed, and names any still missed
    #: rather than leaving it out of the turn table (empty: not listed)
    phases: ClassVar[tuple[str, ...]] = ()
    #: when the game reaches each point (keyed by ``Pending.what``, as ``phases``), in the model's
    #: terms: which condition asks a decision and which skips it.  The conformance guide prints it
    #: beside the turn table, so that an implementer need not find it out by probing (empty: not written)
    phase_entry: ClassVar[Mapping[str, str]] = {}
    #: the functions that decide which rule a refused action names, in the order the model calls them
    #: (each a chain of conditions answered with rule ids; or a pair, the function and where it is
    #: asked); the conformance guide prints their checks, in order, read from their source
    #: (``checks/oracle/checkorder.py``) (empty: not listed)
    refusal_checks: ClassVar[tuple[Any, ...]] = ()
    #: the classes, not part of the state, whose names those checks read (a board's space, ...), by
    #: the name the checks give them: the guide lists their documented fields and methods
    refusal_terms: ClassVar[Mapping[str, type]] = {}
    #: the rule a refused answer names at a decision point (``Pending.what``) where no function of
    #: ``refusal_checks`` decides it (empty: none such, or not listed)
    refusal_rules: ClassVar[Mapping[str, str]] = {}
    #: the functions of what the game does by itself between decisions (a turn's start and end, an
    #: arrival, the Boss's move, ...), each with what it is for: the guide prints them, read whole from
    #: their source, so that an implementer need not find the procedure out by probing (empty: none)
    procedures: ClassVar[tuple[Any, ...]] = ()
    #: how the rule ids those functions name are refused (a game told in another's words), or None
    refusal_rename: ClassVar[Any] = None
    #: the module declaring the z3 proof obligations over the game's numeric cores
    #: (``PROOF_VARIABLES``, ``proof_init``, ``PROOF_INVARIANTS``, ``PROOF_TRANSITIONS``), or None
    proofs: ClassVar[Any] = None

    options: Any

    # The game's part ------------------------------------------------------------------------------

    @abstractmethod
    def initial_state(self, setup: Any = None) -> Any: ...

    @abstractmethod
    def pending(self, state: Any) -> Pending: ...

    @abstractmethod
    def _legal_actions(self, state: Any, player: int) -> list[Any]:
        """The decisions open to ``player``, one of the players who may act now."""

    @abstractmethod
    def chance(self, state: Any) -> Distribution[Any] | None:
        """The distribution of the chance outcomes at a chance point, else None."""

    @abstractmethod
    def _apply(self, state: Any, action: Any, player: int | None) -> Any:
        """The state after ``action`` by ``player`` (None for chance): checks the rules (raising
        ``IllegalAction`` with the rule id) and builds the next state."""

    @abstractmethod
    def violations(self, state: Any) -> list[Violation]: ...

    def turn_rule(self, state: Any) -> str:
        """The rule a decision by a player who may not act now breaks (who acts, and when)."""
        raise NotImplementedError(f"{self.game} names no rule for acting out of turn")

    def turn_refusal(self, state: Any, action: Any, player: int | None) -> tuple[str, tuple[str, ...]]:
        """The rule ``action`` by ``player``, who may not act now, breaks, and the others it breaks
        (an implementation may name any of them): :meth:`turn_rule` alone by default.
        A game may name first a rule the action breaks wherever it is made (a card already used this
        Turn), where the rule of the point it comes at does not forbid it (a chance point's)."""
        return self.turn_rule(state), ()

    @property
    def num_players(self) -> int:
        """How many players this configuration seats (an option where the rulebook allows several)."""
        return getattr(self.options, "players", self.player_counts[0])

    def observe(self, state: Any, player: int) -> Any:
        """What ``player`` may see of ``state`` (canonical data); everything, unless the game hides some."""
        return self.encode_state(state)

    #: what a ruleset remembers of the states it stepped through (by identity: the last legal actions,
    #: the last pending decision, the invariants' last passing state, ...): never pickled, so a worker
    #: process builds its own; each is None after unpickling
    CACHES: ClassVar[tuple[str, ...]] = ()

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in self.CACHES}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        for name in self.CACHES:
            setattr(self, name, None)

    # What search needs (:mod:`tombspec.model.search`) -----------------------------------------------

    #: the policy a search's rollouts play (``policy(rs, state, rng, legal, player) -> action``), or None
    #: for uniform play
    playout: ClassVar[Any] = None

    #: the decisions a search weighs among the legal ones (``considered(rs, state, player, legal) ->
    #: list``, never empty: a player's judgement of what is worth trying, e.g. not an item dropped only
    #: to be picked up again), or None for every legal one
    considered: ClassVar[Any] = None

    #: a search's default budget in this game: simulations per decision and the longest rollout
    #: (None: :data:`tombspec.model.search.SIMULATIONS` and ``ROLLOUT``), chosen so that a game takes
    #: at most about 30 s on one core (``bench/bench_search.py``)
    search_budget: ClassVar[tuple[int, int] | None] = None

    #: the outcomes (the state's ``outcome``) in which the players win, where losing is an outcome too
    #: (Secrets' ``won``, Egypt's ``victory``); empty: every finished game that has winners (Tomb's most
    #: XP).  The conformance guide plays on with the search policy until its sample holds such a game
    won_outcomes: ClassVar[frozenset[str]] = frozenset()

    #: whether the game's ``considered`` and ``considered_toward`` read only what ``observe`` shows the
    #: player deciding (its tests hold them to it): a search then narrows its root decision on the true
    #: state; else on a state ``determinise`` deals for him, so that nothing hidden narrows it
    considered_observes: ClassVar[bool] = False

    def returns(self, state: Any) -> tuple[float, ...]:
        """At the end of a game, each player's value in [0, 1]: 1 a win, 0 a loss, a tie's share between;
        in a cooperative game, every player's is the team's.  Search needs it."""
        raise InvalidInput(f"{self.game} does not say who wins for search (no returns)", source="--policy")

    def evaluate(self, state: Any) -> tuple[float, ...]:
        """Before the end, an estimate of each player's ``returns`` (a search's rollout is cut short
        there); by default every player's is 0.5, knowing nothing."""
        return (0.5,) * self.num_players

    def toward(self, state: Any, end: str) -> float:
        """Before the end, an estimate in [0, 1] of how near the game stands to ending as ``end`` (one of
        ``ends()``): what ``search-ends`` (:mod:`tombspec.model.search`) backs up from a rollout cut short
        while it searches for an end that is not a win.  By default 0.5, knowing nothing."""
        return 0.5

    def determinise(self, state: Any, player: int, rng: Any) -> Any:
        """A state ``player`` cannot tell from ``state``: what ``observe`` hides from him dealt again at
        random (the same ``rng`` and the same observation give the same state).  A game that hides
        nothing returns the state itself; a game that hides something must say how (search never
        decides on what a player cannot see)."""
        if type(self).observe is Ruleset.observe:
            return state
        raise InvalidInput(f"{self.game} hides information and does not say how to deal it again "
                           "(no determinise): search cannot play it", source="--policy")

    def catalog(self) -> Any:
        """The game's rule catalog (every rule id the model names is in it)."""
        from tombspec.spec import load_catalog

        return load_catalog(self.game)

    @classmethod
    def shipped_boards(cls) -> dict[str, Any]:
        """The example boards (or component sets) the game ships, by name: a configuration's ``board``."""
        return {}

    def next_setup(self, state: Any) -> Any:
        """The setup of the next game from a finished one (for games that carry on)."""
        raise InvalidInput(f"{self.game} has no game-to-game setup: each game starts afresh")

    # The protocol, the same for every game ----------------------------------------------------------

    def legal_actions(self, state: Any, player: int | None = None) -> list[Any]:
        """The decisions open to ``player``; without one, to every player who may act now."""
        pending = self.pending(state)
        if pending.kind != DECISION:
            return []
        actors = pending.actors
        if player is not None:
            return self._legal_actions(state, player) if player in actors else []
        if len(actors) == 1:
            return self._legal_actions(state, actors[0])
        out: list[Any] = []
        for p in actors:
            out.extend(a for a in self._legal_actions(state, p) if a not in out)
        return out

    def chance_outcomes(self, state: Any) -> list[tuple[Any, Fraction]]:
        """At a chance point small enough to list, every outcome with its probability; else []."""
        dist = self.chance(state)
        return list(dist.support()) if dist is not None else []

    def actor(self, state: Any, player: int | None, pending: Pending | None = None,
              action: Any = None) -> int | None:
        """Who makes a step: ``player`` checked against ``pending``, or the one player who may act."""
        pending = pending or self.pending(state)
        # a player who is not at the table is bad input wherever it is named, a chance point included
        # (there it was a refusal, "player 99 may not act now", and a trace diverged instead of exit 2)
        if player is not None and (type(player) is not int or not 0 <= player < self.num_players):
            raise InvalidInput(f"there is no player {player!r} in a {self.num_players}-player game")
        if pending.kind == CHANCE:
            if player is not None:
                rule, also = self.turn_refusal(state, action, player)
                raise IllegalAction(rule, f"player {player} may not act now: chance "
                                    f"({pending.what}) decides what happens next", also=also)
            return None
        if pending.kind == OVER:
            return player
        actors = pending.actors
        if player is None:
            if len(actors) != 1:
                rule, also = self.turn_refusal(state, action, None)
                raise IllegalAction(rule, f"players {', '.join(map(str, actors))} may act "
                                    f"({pending.what}): a decision must say which one decides", also=also)
            return actors[0]
        if type(player) is not int or not 0 <= player < self.num_players:
            raise InvalidInput(f"there is no player {player!r} in a {self.num_players}-player game")
        if player not in actors:
            rule, also = self.turn_refusal(state, action, player)
            raise IllegalAction(rule,
                                f"player {player} may not act now: {pending.what} is for "
                                f"player{'s' if len(actors) > 1 else ''} {', '.join(map(str, actors))}",
                                also=also)
        return player

    def step(self, state: Any, action: Any, player: int | None = None) -> Any:
        """The state after ``action`` (by ``player``).  Pure: never mutates, never rolls, never chooses."""
        if type(state) is not self.state_type:
            raise InvalidInput(f"not a {self.game} state: {type(state).__name__}")
        if type(action) not in self._action_classes:
            raise InvalidInput(f"not a {self.game} action: {action!r}")
        try:
            pending = self.pending(state)
            if pending.kind == DECISION:
                actors = pending.actors
                if len(actors) == 1 and (player is None or player == actors[0]):
                    return self._apply(state, action, actors[0])        # the common case, checked
            elif player is None and pending.kind == CHANCE:
                return self._apply(state, action, None)
            return self._apply(state, action, self.actor(state, player, pending, action))
        except IllegalAction as exc:
            raise exc.with_context(state, action) from None
        except (InvalidInput, Unspecified):
            raise
        except TombspecError:
            raise
        except Exception as exc:  # a bug in the model must not pass for a verdict
            raise RuntimeError(f"tombspec model error in {self.game} step({action!r}): {exc!r}") from exc

    @cached_property
    def _action_classes(self) -> frozenset[type]:
        return frozenset(self.action_types.values())

    def is_terminal(self, state: Any) -> bool:
        return self.pending(state).is_over

    def ends(self) -> tuple[str, ...]:
        """Every way a game under these options may end, as its finished state's ``outcome`` names it
        (each an end the rulebook gives); empty: the game does not name its ends.  ``explore`` reports a
        game that ends otherwise, and ``conform`` the ends its games never reached."""
        return ()

    def outcome(self, state: Any) -> str | None:
        """How a finished game ended (its state's ``outcome``); None while it is played."""
        if not self.is_terminal(state):
            return None
        return getattr(state, "outcome", None) or None

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
        """The configuration a trace header records (options, and the game's board and components)."""
        return {"options": codec.to_data(self.options)}


def check_players(count: Any, counts: tuple[int, int], rule: str) -> int:
    """A player count, validated against the rulebook's limits ``counts`` (stated by ``rule``)."""
    low, high = counts
    if type(count) is not int or not low <= count <= high:
        raise InvalidInput(f"{rule}: this game seats {low}" + (f" to {high}" if high != low else "") +
                           f" players, not {count!r}", source="<options>")
    return count


# The registry's functions, where code that has a ruleset in hand looks for them.
from .registry import get_ruleset, register, registered_games  # noqa: E402

__all__ = ["ANY", "CHANCE", "DECISION", "ONE", "OVER", "PRIORITY", "Pending", "Ruleset", "Violation",
           "check_players", "get_ruleset", "register", "registered_games"]
