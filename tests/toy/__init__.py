"""Crypt Dash: a toy game, the generic machinery's test bed (``tests/toy/rulebook.txt``, ``toy.toml``).

It is small, and it has what a generic piece must handle and no one modelled game may show yet:
two to four players; a *priority* window (reacts from the roller's left, each reacting or passing);
an *any-order* window (every player readies or banks at a round's end); a pool of up to twelve dice
recorded by face counts; a deck drawn one card at a time; hidden hands (``observe``); lasting
effects; and a game-to-game setup (coins carry over).

``TOY`` is its game id.  It is registered with the model registry while a test needs it
(:func:`registered`); the generic suite builds it directly.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import attrs

from tombspec.model import registry
from tombspec.model.chance import Deck, FaceCounts, draw
from tombspec.model.effects import RESOLVED, Effect, add, discard, find
from tombspec.model.errors import IllegalAction, InvalidInput
from tombspec.model.options import options_from_data, read, reading
from tombspec.model.ruleset import Pending, Ruleset, Violation, check_players
from tombspec.model.traceability import implements, note, require
from tombspec.spec import load_catalog_file

TOY = "toy"
HERE = Path(__file__).resolve().parent
CATALOG = HERE / "toy.toml"
DECK = {"gold": 4, "gem": 2, "curse": 2}
COURAGE = 3
ROUNDS = 6
D6 = tuple((face, Fraction(1, 6)) for face in range(1, 7))


# State, options, actions ---------------------------------------------------------------------------

@attrs.frozen
class Player:
    coins: int
    courage: int
    hand: tuple[str, ...] = ()      # sorted; hidden from the other players


@attrs.frozen
class ToyState:
    phase: str                      # deal | turn | roll | dig | react | ready | over
    current: int
    players: tuple[Player, ...]
    deck: Deck
    discards: tuple[str, ...] = ()
    round: int = 1
    dealt: int = 0
    dice: int = 0
    reacting: tuple[int, ...] = ()  # who may still react, in priority order
    readying: tuple[int, ...] = ()  # who has still to ready or bank
    effects: tuple[Effect, ...] = ()
    winners: tuple[int, ...] = ()


@attrs.frozen
class ToySetup:
    coins: tuple[int, ...]          # each player's starting coins (carried over)


@attrs.frozen
class ToyOptions:
    players: int = attrs.field(default=3, validator=lambda i, a, v: check_players(v, Toy.player_counts,
                                                                                  "toy.setup.players"))
    steal_from_nothing: str | None = reading("toy.ambiguity.steal-from-nothing", "refused", "allowed")


@attrs.frozen
class Card:
    """Chance: the card drawn from the crypt deck."""
    kind: ClassVar[str] = "card"
    card: str


@attrs.frozen
class Dice:
    """Chance: how many dice show each face, 1 to 6."""
    kind: ClassVar[str] = "dice"
    faces: tuple[int, ...]


@attrs.frozen
class Roll:
    kind: ClassVar[str] = "roll"
    dice: int


@attrs.frozen
class Dig:
    kind: ClassVar[str] = "dig"


@attrs.frozen
class Rest:
    kind: ClassVar[str] = "rest"


@attrs.frozen
class Steal:
    kind: ClassVar[str] = "steal"


@attrs.frozen
class Pass:
    kind: ClassVar[str] = "pass"


@attrs.frozen
class Ready:
    kind: ClassVar[str] = "ready"


@attrs.frozen
class Bank:
    kind: ClassVar[str] = "bank"


ACTIONS = {cls.kind: cls for cls in (Card, Dice, Roll, Dig, Rest, Steal, Pass, Ready, Bank)}


def _sorted_add(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(sorted((*cards, card)))


def _sorted_remove(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    out = list(cards)
    out.remove(card)
    return tuple(out)


@cache
def _pool(n: int) -> Any:
    return FaceCounts(D6, n).map(lambda counts: Dice(counts), lambda a: a.faces)


# The ruleset --------------------------------------------------------------------------------------

class Toy(Ruleset):
    game = TOY
    state_type = ToyState
    options_type = ToyOptions
    action_types = ACTIONS
    player_counts = (2, 4)
    setup_type = ToySetup
    explore_configs = ({}, {"options": {"players": 2}}, {"options": {"players": 4, "steal_from_nothing": "allowed"}})

    def __init__(self, options: Any = None):
        self.options = options if isinstance(options, ToyOptions) else options_from_data(ToyOptions, options)

    def catalog(self) -> Any:
        return load_catalog_file(CATALOG)

    @implements("toy.setup.deck", "toy.setup.start", "toy.setup.players")
    def initial_state(self, setup: ToySetup | None = None) -> ToyState:
        n = self.num_players
        coins = (0,) * n if setup is None else setup.coins
        if len(coins) != n:
            raise InvalidInput(f"the setup carries {len(coins)} players' coins into a {n}-player game")
        return ToyState("deal", 0, tuple(Player(c, COURAGE) for c in coins), Deck.of(DECK))

    def next_setup(self, state: ToyState) -> ToySetup:
        """toy.end.carry-over: each player's coins start the next game."""
        if state.phase != "over":
            raise InvalidInput("only a finished game carries over")
        return ToySetup(tuple(p.coins for p in state.players))

    def pending(self, state: ToyState) -> Pending:
        phase = state.phase
        if phase == "over":
            return Pending.over()
        if phase in ("deal", "dig"):
            return Pending.chance("crypt deck")
        if phase == "roll":
            return Pending.chance("dice")
        if phase == "react":
            return Pending.priority(state.reacting, "react")
        if phase == "ready":
            return Pending.any_of(state.readying, "end of round")
        return Pending.decision(state.current, "turn")

    def turn_rule(self, state: ToyState) -> str:
        return {"react": "toy.react.order", "ready": "toy.round.end"}.get(state.phase, "toy.turn.order")

    def chance(self, state: ToyState) -> Any:
        if state.phase in ("deal", "dig"):
            return draw(state.deck).map(Card, lambda a: a.card)
        if state.phase == "roll":
            return _pool(state.dice)
        return None

    # Legality: the predicates that list the decisions and check them --------------------------------

    def can_roll(self, state: ToyState, player: int, dice: int) -> str | None:
        if not 1 <= dice <= 12:
            return "toy.roll.dice"
        if state.players[player].courage <= 0:
            return "toy.roll.no-courage"
        return None

    def can_steal(self, state: ToyState, player: int) -> str | None:
        if "curse" not in state.players[player].hand:
            return "toy.react.steal"
        if state.players[state.current].coins == 0 and read(self.options, "steal_from_nothing") == "refused":
            return "toy.ambiguity.steal-from-nothing"
        return None

    def _legal_actions(self, state: ToyState, player: int) -> list[Any]:
        phase = state.phase
        if phase == "turn":
            acts: list[Any] = [Roll(n) for n in range(1, 13) if self.can_roll(state, player, n) is None]
            if state.deck:
                acts.append(Dig())
            return acts or [Rest()]
        if phase == "react":
            return ([Steal()] if self.can_steal(state, player) is None else []) + [Pass()]
        if phase == "ready":
            return [Ready()] + ([Bank()] if "gem" in state.players[player].hand else [])
        return []

    # Transitions --------------------------------------------------------------------------------------

    def _apply(self, state: ToyState, action: Any, player: int | None) -> ToyState:
        phase = state.phase
        require(phase != "over", "toy.end.game", "the game is over")
        if player is None:
            require(self.chance(state).prob(action) > 0, "toy.setup.deck" if phase != "roll" else "toy.roll.dice",
                    f"{action!r} is not an outcome of the {self.pending(state).what} here")
            if phase == "roll":
                return self.apply_dice(state, action)
            return self.apply_card(state, action)
        if phase == "turn":
            if type(action) is Roll:
                rule = self.can_roll(state, player, action.dice)
                if rule is not None:
                    raise IllegalAction(rule, f"cannot roll {action.dice} dice")
                return attrs.evolve(state, phase="roll", dice=action.dice)
            if type(action) is Rest:
                require(self.can_roll(state, player, 1) is not None and not state.deck, "toy.turn.rest",
                        "you can Roll or Dig: no Rest")
                state = self._with_player(state, player, courage=state.players[player].courage + 1)
                return self.apply_turn_end(state)
            require(type(action) is Dig, "toy.turn.order", "on your turn, either Roll or Dig")
            require(bool(state.deck), "toy.dig.draw", "the deck is empty")
            return attrs.evolve(state, phase="dig")
        if phase == "react":
            if type(action) is Steal:
                rule = self.can_steal(state, player)
                if rule is not None:
                    raise IllegalAction(rule, "no Curse to discard, or nothing to steal")
                return self.apply_steal(state, player)
            require(type(action) is Pass, "toy.react.order", "react or pass")
            return self.apply_next_react(state)
        require(phase == "ready", "toy.turn.order", f"no decision in phase {phase}")
        if type(action) is Bank:
            require("gem" in state.players[player].hand, "toy.round.bank", "no Gem to bank")
            state = self._with_player(state, player, coins=state.players[player].coins + 3,
                                      hand=_sorted_remove(state.players[player].hand, "gem"))
            state = attrs.evolve(state, discards=_sorted_add(state.discards, "gem"))
        else:
            require(type(action) is Ready, "toy.round.end", "ready or bank")
        return self.apply_readied(state, player)

    @staticmethod
    def _with_player(state: ToyState, player: int, **changes: Any) -> ToyState:
        players = list(state.players)
        players[player] = attrs.evolve(players[player], **changes)
        return attrs.evolve(state, players=tuple(players))

    @implements("toy.setup.deal", "toy.dig.draw")
    def apply_card(self, state: ToyState, action: Card) -> ToyState:
        deck = state.deck.remove(action.card)
        if state.phase == "deal":
            who = state.dealt
            state = self._with_player(state, who, hand=_sorted_add(state.players[who].hand, action.card))
            done = who + 1 == self.num_players
            return attrs.evolve(state, deck=deck, dealt=who + 1, phase="turn" if done else "deal")
        me = state.current
        state = self._with_player(state, me, hand=_sorted_add(state.players[me].hand, action.card))
        return self.apply_turn_end(attrs.evolve(state, deck=deck))

    @implements("toy.roll.coins", "toy.roll.courage", "toy.react.order")
    def apply_dice(self, state: ToyState, action: Dice) -> ToyState:
        ones, coins = action.faces[0], action.faces[4] + action.faces[5]
        me = state.players[state.current]
        state = self._with_player(state, state.current, coins=me.coins + coins,
                                  courage=max(me.courage - ones, 0))
        n = self.num_players
        others = tuple((state.current + k) % n for k in range(1, n))
        rolled = Effect("rolled", "toy.roll.coins", until=RESOLVED, player=state.current, value=coins)
        return attrs.evolve(state, phase="react", reacting=others, effects=add(state.effects, rolled))

    @implements("toy.react.steal")
    def apply_steal(self, state: ToyState, thief: int) -> ToyState:
        roller = state.current
        taken = min(1, state.players[roller].coins)
        state = self._with_player(state, thief, coins=state.players[thief].coins + taken,
                                  hand=_sorted_remove(state.players[thief].hand, "curse"))
        state = self._with_player(state, roller, coins=state.players[roller].coins - taken)
        return self.apply_next_react(attrs.evolve(state, discards=_sorted_add(state.discards, "curse")))

    def apply_next_react(self, state: ToyState) -> ToyState:
        rest = state.reacting[1:]
        if rest:
            return attrs.evolve(state, reacting=rest)
        return self.apply_turn_end(attrs.evolve(state, reacting=()))

    @implements("toy.turn.order", "toy.round.end")
    def apply_turn_end(self, state: ToyState) -> ToyState:
        state = attrs.evolve(state, effects=discard(state.effects, "rolled"), dice=0)
        if state.current + 1 < self.num_players:
            return attrs.evolve(state, phase="turn", current=state.current + 1)
        note("toy.round.end")
        return attrs.evolve(state, phase="ready", readying=tuple(range(self.num_players)))

    @implements("toy.end.game", "toy.end.winner")
    def apply_readied(self, state: ToyState, player: int) -> ToyState:
        rest = tuple(p for p in state.readying if p != player)
        if rest:
            return attrs.evolve(state, readying=rest)
        if not state.deck or state.round == ROUNDS:
            best = max(p.coins for p in state.players)
            winners = tuple(i for i, p in enumerate(state.players) if p.coins == best)
            return attrs.evolve(state, phase="over", readying=(), winners=winners)
        return attrs.evolve(state, phase="turn", current=0, round=state.round + 1, readying=())

    # Hidden information and invariants ----------------------------------------------------------------

    def observe(self, state: ToyState, player: int) -> Any:
        """Your own hand; of the others' hands only how many cards; of the deck only its size."""
        data = self.encode_state(state)
        for i, p in enumerate(data["players"]):
            if i != player:
                p["hand"] = len(p["hand"])
        data["deck"] = state.deck.total
        return data

    def violations(self, state: ToyState) -> list[Violation]:
        out = []
        for i, p in enumerate(state.players):
            if not 0 <= p.courage <= COURAGE:
                out.append(Violation("toy.roll.courage", f"player {i} has {p.courage} Courage"))
            if p.coins < 0:
                out.append(Violation("toy.react.steal", f"player {i} has {p.coins} coins"))
        held = sum(len(p.hand) for p in state.players)
        if held + state.deck.total + len(state.discards) != sum(DECK.values()):
            out.append(Violation("toy.setup.deck", "cards appeared or vanished"))
        if state.phase == "react" and (not state.reacting or state.current in state.reacting):
            out.append(Violation("toy.react.order", f"reacting {state.reacting} on {state.current}'s roll"))
        if find(state.effects, "rolled") is not None and state.phase != "react":
            out.append(Violation("toy.roll.coins", "a roll's effect outlived its reacts"))
        return out

    def heuristic(self, state: ToyState, action: Any) -> float:
        return -float(getattr(action, "dice", 0))

    # What search needs ------------------------------------------------------------------------------

    def returns(self, state: ToyState) -> tuple[float, ...]:
        """The winners share the win."""
        return tuple((1.0 / len(state.winners)) if i in state.winners else 0.0 for i in range(self.num_players))

    def evaluate(self, state: ToyState) -> tuple[float, ...]:
        """Coins so far, against the richest."""
        best = max(p.coins for p in state.players) or 1
        return tuple(0.5 * p.coins / best for p in state.players)

    def determinise(self, state: ToyState, player: int, rng: Any) -> ToyState:
        """The others' hands dealt again from what ``player`` has not seen (their hands and the deck),
        the same sizes; the unseen cards sorted first, so that the same observation and generator give
        the same deal."""
        unseen = sorted([c for i, p in enumerate(state.players) if i != player for c in p.hand] +
                        [c for c, n in state.deck.counts for _ in range(n)])
        rng.shuffle(unseen)
        players = list(state.players)
        for i, p in enumerate(players):
            if i != player:
                hand, unseen = unseen[:len(p.hand)], unseen[len(p.hand):]
                players[i] = attrs.evolve(p, hand=tuple(sorted(hand)))
        return attrs.evolve(state, players=tuple(players), deck=Deck.of(unseen))


@contextmanager
def registered() -> Iterator[type[Toy]]:
    """The toy game in the model registry for the duration of a block."""
    registry.register(TOY, Toy)
    try:
        yield Toy
    finally:
        registry.unregister(TOY)
