"""The whole state of a game of Monsters of Egypt, and nothing else.

The board side, the component set and the options are the ruleset's configuration, not state.  Who
acts next is a function of the state (``ruleset.pending(state)``): an open :class:`Window` (a decision
inside a rule: the vest, the crystal, a fire, an exchange, ...), else a die roll (``roll``), else the
combat or retreat in progress, else the turn of the seat ``seat``.

The state holds the truth: every face-down token on the board is dealt at setup and known to the
state; ``observe`` hides what a player may not see (``egypt.setup.deal-chests``).

Work the rules still have to do after an action (a hero who has ended up on a space, a life to lose,
a combat to start) waits in ``effects`` (:mod:`tombspec.model.effects`), first things first:

==============  =====================================  ===================================================
effect          made by                                what it holds
==============  =====================================  ===================================================
``arrive``      a movement, a fall, a pull             ``player``: the hero; ``subject``: the space;
                                                       ``value``: 1 after a fall (spiked boots)
``lose``        an Attack, a trap, a burn              ``player``: the hero; ``value``: lives to lose;
                                                       ``subject``: the cause (attack, cobra, burn,
                                                       crack, fire)
``engage``      a hero and a revealed monster meet     ``subject``: the space; ``items``: the heroes who
                                                       still fight it, in turn order
``trap``        a trap triggers                        ``player``: the hero it acts on (or None);
                                                       ``subject``: the space; ``value``: the token id
``jetpack``     the jetpack's permanent effect         ``player``: the hero, ``value`` 1; lapses at the end of the turn
==============  =====================================  ===================================================
"""

from __future__ import annotations

from typing import Any

import attrs

from ..chance import Deck
from ..codec import canonical_order, encoded_once
from ..draft import evolver, with_field
from ..effects import Effect

IN, WAITING, DEAD, ESCAPED = "in", "waiting", "dead", "escaped"

#: piles by space, for the tuple of piles of a state (looked up by identity; a cache, not state)
_PILES: dict[int, tuple[tuple["Pile", ...], dict[str, tuple["Token", ...]]]] = {}
_PILES_LAST: list[tuple[Any, dict[str, tuple["Token", ...]]]] = [(None, {})]    # the last one looked up


@canonical_order
@attrs.frozen(slots=False)
class Token:
    """A token on the board or on a hero board.  ``id`` is unique in a game (the order tokens were set
    out); ``back`` is ``chest``, ``hazard`` or ``start`` (what a face-down token shows)."""

    id: int
    name: str
    back: str
    face_up: bool = False
    used: bool = False    # a permanent effect used in this window ("rotate the token")
    spent: bool = False   # its one-use effect is spent but the token stayed in play


@canonical_order
@attrs.frozen(slots=False)
class Pile:
    """The tokens on one space, bottom first (the top of the stack last)."""

    space: str
    tokens: tuple[Token, ...]


@canonical_order
@attrs.frozen(slots=False)
class Hero:
    """One hero: whose it is, where, how many lives (the printed one included) and the hero board."""

    name: str
    player: int
    status: str = WAITING           # waiting (not yet on the board) | in | dead | escaped
    space: str | None = None
    lives: int = 3                  # 1..3 while alive; 0 dead
    items: tuple[Token, ...] = ()   # the tokens on the hero board, at most 5

    @property
    def in_tomb(self) -> bool:
        return self.status == IN


@canonical_order
@attrs.frozen(slots=False)
class Turn:
    """The turn in progress: the seat's hero turn, or a monster turn."""

    seat: int
    kind: str                       # "hero" | "monster" | "skip"
    moves: int = 0                  # movements left (a hero turn)
    fought: bool = False            # a combat was fought on this hero turn
    ending: bool = False            # the turn is ending; what ends it is being settled: set by end-turn,
                                    # leave and give-up, by an entry under entry-is-turn, by a hero with
                                    # no way in, and by a jetpack's landing (leave and the entry also
                                    # zero the movements)
    pharaoh: str = "no"             # monster turn: "may-roll" (the pharaoh is in the tomb and the turn's
                                    # first action may be its roll) -> "rolling" (its die is pending, and
                                    # while the pharaoh-target window is open) -> "rested" (rolled
                                    # anything but Attack) or "no" (placed on a hero, or another first
                                    # action made, or no pharaoh)
    done: bool = False              # monster turn: its one action is made (a reveal-hazard counts as made
                                    # when it reveals, before any monster-trap window it opens)
    moving: int | None = None       # monster turn: the token id of the monster being moved; it stays set
                                    # after its last movement until monster-stop
    monster_moves: int = 0          # monster turn: movements left to the monster being moved


@canonical_order
@attrs.frozen(slots=False)
class Combat:
    """A combat: ``hero`` against the monster ``monster`` (a token id) on ``space``.  ``stage`` is
    ``fight`` (items, then the die) or ``result`` (a 2 or 3 rolled: retreat or the portal gun);
    ``queue`` holds the heroes who fight the monster next (several heroes, one monster).  A combat
    whose hero or monster is no longer on its space (a floor bombed away under either) is over at once,
    queue and all, with no burn (``rules.combat.end_combat_apart``)."""

    hero: int
    space: str
    monster: int
    stage: str = "fight"
    result: str | None = None
    queue: tuple[int, ...] = ()


@canonical_order
@attrs.frozen(slots=False)
class Retreat:
    """A hero retreating after a 2 or 3: ``left`` movements still allowed, ``made`` so far."""

    hero: int
    left: int
    made: int = 0
    space: str | None = None       # the monster's space, where ``queue`` fights it next
    queue: tuple[int, ...] = ()


@canonical_order
@attrs.frozen(slots=False)
class Window:
    """A decision a rule asks for in the middle of something: ``kind`` is ``vest``, ``crystal``,
    ``fire``, ``boots``, ``exchange``, ``pharaoh-target`` or ``monster-trap``.  Its fields, by kind:

    - ``vest``: ``hero`` about to lose ``value`` lives for the cause ``subject`` (the loss's cause, one
      of ``"attack"`` (a monster's Attack face), ``"cobra"`` (the king cobra's Attack, 3 lives),
      ``"burn"`` (the fire genie), ``"crack"`` and ``"fire"`` (those traps)); ``items`` = (the vest's token id,).
    - ``crystal``: the same loss; ``player`` is the crystal's holder's; ``items`` = (the crystal's id,).
    - ``fire``: ``hero`` on the burning space ``subject``; ``items`` = the ids of the fire extinguishers
      it carries, unspent; ``value`` None.
    - ``boots``: ``hero`` fallen onto a monster's space ``subject``; ``items`` = (the boots' id,).
    - ``exchange``: ``hero`` offers; ``player`` is the other hero's player, ``subject`` the other hero's
      index as a string, ``value`` the id of the token offered (``give``), ``items`` = (``take``,) or ().
    - ``pharaoh-target``: the monster player chooses; ``items`` = the indices of the heroes in the tomb
      the pharaoh may be placed on; ``hero``, ``subject``, ``value`` None.
    - ``monster-trap``: the monster player may apply the trap just revealed: ``subject`` its space,
      ``value`` its token id; ``hero`` None, ``items`` ()."""

    kind: str
    player: int                         # who decides: a player index
    hero: int | None = None             # the hero it is about (see the kinds above)
    subject: str | None = None          # a cause, a space or a hero index (see the kinds above)
    value: int | None = None            # lives, or a token id (see the kinds above)
    items: tuple[int, ...] = ()         # token ids, or hero indices (see the kinds above)


#: the fields that keep their value from one step to the next more often than not, encoded once per
#: value (codec.encoded_once; measured on 20 uniform games): the piles (about 5 kB of the digest's 5.7)
#: item by item, since a step changes one or two of them and keeps the rest, the heroes, the chest and
#: hazard bags and the rubble whole.  The digest of every state 1.75x faster
@encoded_once("piles", "heroes", "chests", "hazards", "rubble", each=("piles",))
@canonical_order
@attrs.frozen(slots=False)
class EgyptState:
    phase: str                          # "deal" (setup's chance) | "play" | "over"
    heroes: tuple[Hero, ...]
    seat: int = 0                       # whose turn: an index of the seats (the heroes, then the spirit)
    round: int = 0                      # rounds begun (a round is every seat's turn once)
    piles: tuple[Pile, ...] = ()        # non-empty piles, in board order
    chests: Deck = Deck()               # chest tokens still to deal
    hazards: Deck = Deck()              # hazard tokens still to deal
    dealt: int = 0                      # marked spaces dealt so far
    next_id: int = 0                    # the next token id
    rubble: tuple[str, ...] = ()        # "x,y/floor" | "x,y/wall": what rubble tokens lie on, in board
                                        # order of their spaces (row by row, left to right), then by part
    doors: tuple[str, ...] = ("black", "yellow")   # doors still closed
    ceiling: int = 0                    # Escape mode: 0 in front of the first player, 1 above the board,
                                        # 2 at its edge, 3 + f on floor f
    first: int = 0                      # the seat with the first player token
    pharaoh_lives: int = 3              # the pharaoh's lives (2 life tokens + the token); 0 destroyed
    crystal_used: bool = False          # the crystal's once-per-game effect
    crystal_found: bool = False
    keys_lost: tuple[str, ...] = ()     # keys destroyed (not used on a statue)
    turns: int = 0                      # turns begun so far
    last_moved: int | None = None       # the monster moved on the last monster turn ...
    last_moved_turn: int = 0            # ... which was this turn (``turns``)
    turn: Turn = Turn(0, "skip")
    combat: Combat | None = None
    retreat: Retreat | None = None
    window: Window | None = None
    roll: str | None = None             # a die roll pending: "combat" | "shoot" | "pharaoh"
    roll_target: str | None = None      # the space shot at
    effects: tuple[Effect, ...] = ()    # the rules' work still to do, and lasting effects (table above)
    outcome: str | None = None          # "victory" | "no-crystal" | "all-dead" | "keys-lost"
    winners: tuple[int, ...] = ()       # the players who win

    def hero(self, index: int) -> Hero:
        return self.heroes[index]

    def pile(self, space: str) -> tuple[Token, ...]:
        """The tokens on ``space``, bottom first."""
        hit = _PILES_LAST[0]
        if hit[0] is self.piles:
            return hit[1].get(space, ())
        return self.pile_table().get(space, ())

    def pile_table(self) -> dict[str, tuple[Token, ...]]:
        """The tokens on each space that has any, by space: the table :meth:`pile` reads (the cache's
        own: not to be changed)."""
        piles = self.piles
        hit = _PILES_LAST[0]
        if hit[0] is piles:
            return hit[1]
        hit = _PILES.get(id(piles))
        if hit is None or hit[0] is not piles:
            if len(_PILES) > 64:
                _PILES.clear()
            hit = (piles, {p.space: p.tokens for p in piles})
            _PILES[id(piles)] = hit
        _PILES_LAST[0] = hit
        return hit[1]

    def with_pile(self, space: str, tokens: tuple[Token, ...], piles: tuple[Pile, ...]) -> "EgyptState":
        """The state with ``piles``, which are this state's piles with the pile on ``space`` now
        ``tokens`` (none: no pile there); the table of piles by space is carried over from this
        state's piles, when it is at hand, instead of being built again (:meth:`pile`)."""
        hit = _PILES_LAST[0]
        if hit[0] is self.piles:
            table = hit[1].copy()
            if tokens:
                table[space] = tokens
            else:
                table.pop(space, None)
            hit = _PILES_LAST[0] = (piles, table)
            if len(_PILES) > 64:
                _PILES.clear()
            _PILES[id(piles)] = hit
        return _with(self, "piles", piles)

    def with_turn(self, **changes: object) -> "EgyptState":
        """The state with ``changes`` to the turn in progress."""
        return _with(self, "turn", evolve(self.turn, **changes))

    def with_hero(self, index: int, **changes: object) -> "EgyptState":
        heroes = list(self.heroes)
        heroes[index] = evolve(heroes[index], **changes)
        return _with(self, "heroes", tuple(heroes))


#: ``attrs.evolve`` for the classes of this module, one ``__dict__`` copy each (model/draft.py)
evolve = evolver(Token, Pile, Hero, Turn, Combat, Retreat, Window, EgyptState)
_with = with_field
