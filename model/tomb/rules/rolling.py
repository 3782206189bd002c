"""The Basics: Rolling Dice.  Which tomb dice a Character or Monster rolls for an Attribute, raising
and lowering the dice type, and the exact distribution of a roll's successes per colour.

A pool is its dice per colour plus the dice made automatic (raised past Red: successes; lowered past
Green: failures).  The raise and lower steps are numeric cores (:func:`compute_raise`,
:func:`compute_lower`) written once for ints and z3 terms; ``tomb.invariants`` proves that they never
create or lose a die.
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from functools import cache, lru_cache
from math import gcd, lcm
from typing import Any

import attrs

from ...chance import Binomial, Deck, Distribution, Independent
from ...traceability import implements
from ..actions import Draw, Roll
from ..cards import ATTRIBUTES, COLOURS, NO_DICE, Dice
from ..dice import TOMB_SUCCESS
from ..state import TombState, member_facts

COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


@attrs.frozen
class Pool:
    """Tomb dice to roll: ``green``, ``blue``, ``red``, and the automatic ``auto`` successes and
    ``fails`` failures (dice raised past Red or lowered past Green)."""

    green: int = 0
    blue: int = 0
    red: int = 0
    auto: int = 0
    fails: int = 0

    @property
    def dice(self) -> Dice:
        return (self.green, self.blue, self.red)

    @property
    def count(self) -> int:
        """How many dice the pool holds, automatic ones included (they remain dice)."""
        return self.green + self.blue + self.red + self.auto + self.fails

    def __add__(self, other: "Pool") -> "Pool":
        return Pool(self.green + other.green, self.blue + other.blue, self.red + other.red,
                    self.auto + other.auto, self.fails + other.fails)

    def times(self, n: int) -> "Pool":
        return Pool(self.green * n, self.blue * n, self.red * n, self.auto * n, self.fails * n)


EMPTY = Pool()


# Numeric cores: one step of raising or lowering (ints and z3 terms alike) ----------------------------

@implements("tomb.dice.raise-type", "tomb.dice.raise-red-automatic-success")
def compute_raise(green: Any, blue: Any, red: Any, auto: Any, all_red_after: Any = False) -> tuple[Any, Any, Any, Any]:
    """Green dice become Blue, Blue become Red; Red dice become automatic successes
    (``tomb.ambiguity.raise-which-red-automatic``: the previously Red ones, or every Red after)."""
    from ...numeric import if_

    return 0, green, if_(all_red_after, 0, blue), auto + red + if_(all_red_after, blue, 0)


@implements("tomb.dice.lower-type", "tomb.dice.lower-green-automatic-failure")
def compute_lower(green: Any, blue: Any, red: Any, fails: Any, all_green_after: Any = False) -> tuple[Any, Any, Any, Any]:
    """Red dice become Blue, Blue become Green; Green dice become automatic failures
    (``tomb.ambiguity.lower-which-green-automatic``)."""
    from ...numeric import if_

    return if_(all_green_after, 0, blue), red, 0, fails + green + if_(all_green_after, blue, 0)


@implements("tomb.ambiguity.raise-lower-stacking")
def shift(rs: Any, pool: Pool, steps: tuple[int, ...]) -> Pool:
    """Apply the raises (+1) and lowers (-1) of ``steps``: their net number of single steps
    (net-steps), or each in the order it took effect (sequential)."""
    if not steps:
        return pool
    opts = rs.options
    seq = steps if opts.raise_lower == "sequential" else (sum(steps),)
    g, b, r, auto, fails = pool.green, pool.blue, pool.red, pool.auto, pool.fails
    up, down = opts.raise_red == "all-red-after", opts.lower_green == "all-green-after"
    for s in seq:
        for _ in range(abs(s)):
            if s > 0:
                g, b, r, auto = compute_raise(g, b, r, auto, up)
            else:
                g, b, r, fails = compute_lower(g, b, r, fails, down)
    return Pool(g, b, r, auto, fails)


# The dice of a Character or a Monster ----------------------------------------------------------------

def add_dice(a: Dice, b: Dice) -> Dice:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


@implements("tomb.dice.card-dice-tables", "tomb.dice.no-number-no-dice", "tomb.dice.total-attribute-with-bonuses",
            "tomb.attach.bonuses-stack", "tomb.attach.affects-own-character")
def character_pool(rs: Any, state: TombState, player: int, name: str, attribute: str,
                   *, party_bonus: bool = True) -> Pool:
    """The dice a Character rolls for ``attribute``: his printed dice plus the bonuses of the cards
    Attached to him (bonuses stack), his own per-class bonus, raised or lowered by his cards."""
    card = rs.cards.characters[name]
    party = state.parties[player]
    me = party.character(name)
    dice = card.dice.get(attribute, NO_DICE)
    steps: list[int] = []
    for ab in card.effects:
        if ab.kind == "bonus-per-class" and ab.attribute == attribute:
            n = sum(1 for c in party.characters if rs.cards.characters[c.name].has(ab.cls))
            extra = [0, 0, 0]
            extra[COLOUR_INDEX[ab.colour]] = n * ab.value
            dice = add_dice(dice, (extra[0], extra[1], extra[2]))
    for att in (me.attached if me is not None else ()):
        bonus, raise_ = card_bonus(rs, att)
        if attribute in bonus:
            dice = add_dice(dice, bonus[attribute])
        if raise_.get(attribute):
            steps.append(raise_[attribute])
    dice = (max(dice[0], 0), max(dice[1], 0), max(dice[2], 0))
    pool = shift(rs, Pool(*dice), tuple(steps))
    if party_bonus:
        pool = pool + party_dice(state, player)
    return pool


def card_bonus(rs: Any, card: str) -> tuple[dict[str, Dice], dict[str, int]]:
    c = rs.cards.card(card)
    return c.bonus, c.raise_          # (read, never changed: the card's own)


@implements("tomb.combat.monster-inn-card-swap-words")
def monster_pool(rs: Any, state: TombState, index: int, attribute: str) -> Pool:
    """The dice Monster ``index`` of the Raid rolls: its card's, plus the bonuses of the Inn cards
    Attached to it (a Monster uses Attached cards like a Character), plus CM effects on it."""
    raid = state.raid
    assert raid is not None
    m = raid.monsters[index]
    card = rs.cards.crypt[m.card]
    dice = card.dice.get(attribute, NO_DICE)
    steps: list[int] = []
    for att in m.attached:
        bonus, raise_ = card_bonus(rs, att)
        if attribute in bonus:
            dice = add_dice(dice, bonus[attribute])
        if raise_.get(attribute):
            steps.append(raise_[attribute])
    for e in state.effects:
        if e.name == "monster-dice" and e.subject == f"m{index}" and e.items and e.items[0] == attribute:
            extra = [0, 0, 0]
            extra[COLOUR_INDEX[e.items[1]]] = e.value or 0
            dice = add_dice(dice, (extra[0], extra[1], extra[2]))
    pool = shift(rs, Pool(*dice), tuple(steps))
    return pool + party_dice(state, -1)


def party_dice(state: TombState, player: int) -> Pool:
    """The dice a ``party-dice`` effect (Bless) adds to every roll of ``player``'s Party (-1: the
    Monsters of a Raid, for a Monster using such a card)."""
    extra = [0, 0, 0]
    for e in state.effects:
        if e.name == "party-dice" and e.player == player and e.subject in COLOUR_INDEX:
            extra[COLOUR_INDEX[e.subject]] += e.value or 0
    return Pool(*extra) if any(extra) else EMPTY


@implements("tomb.dice.one-character-rolls", "tomb.ambiguity.one-character-rolls")
def combined_pool(rs: Any, state: TombState, player: int, names: tuple[str, ...], attribute: str) -> Pool:
    """A combined roll of several Characters (a Trap's disarmers, a Heal): all their dice together;
    the Party's bonus dice (Bless) once, as for any roll."""
    total = EMPTY
    for n in names:
        total = total + character_pool(rs, state, player, n, attribute, party_bonus=False)
    return total + party_dice(state, player)


def dice_count(rs: Any, state: TombState, player: int, name: str, attribute: str) -> int:
    """How many ``attribute`` dice a Character has (the automatic ones are dice too, reading
    dice-not-rolled of tomb.ambiguity.automatic-dice-status; not with fixed-results).  A fact of who is
    in the Party and what he holds (``character_pool`` without the party's bonus dice reads nothing
    else: ``state.member_facts``)."""
    facts = member_facts(rs, state.parties[player].characters, name)
    key = ("dice", attribute)
    count = facts.get(key)
    if count is None:
        p = character_pool(rs, state, player, name, attribute, party_bonus=False)
        count = facts[key] = p.green + p.blue + p.red if rs.options.automatic_dice == "fixed-results" else p.count
    return count


def has_die(rs: Any, state: TombState, player: int, name: str, attribute: str) -> bool:
    return dice_count(rs, state, player, name, attribute) > 0


# Chance ----------------------------------------------------------------------------------------------

@cache
def roll_distribution(green: int, blue: int, red: int) -> Any:
    """The successes per colour of ``green`` + ``blue`` + ``red`` tomb dice: each die succeeds on an
    axe, 3, 5 or 7 faces in 10 (tomb.dice.success-chances)."""
    return Independent(Binomial(green, TOMB_SUCCESS["green"]), Binomial(blue, TOMB_SUCCESS["blue"]),
                       Binomial(red, TOMB_SUCCESS["red"])).map(lambda t: Roll(*t),
                                                             lambda a: (a.green, a.blue, a.red))


class DeckDraw(Distribution[Draw]):
    """One card drawn from a shuffled deck (a multiset): each card with probability count / cards left,
    as a :class:`~tombspec.model.tomb.actions.Draw`.  The very distribution of
    ``chance.draw(deck).map(Draw, ...)``, the same outcomes in the same order and the same draw from the
    same generator (``chance.choose`` over the common denominator), worked out in integers: no
    probability is made until one is asked for."""

    def __init__(self, deck: Deck) -> None:
        if not deck:
            raise ValueError("cannot draw from an empty deck")
        self.deck, self.counts = deck, deck.counts
        self.total = sum(n for _, n in self.counts)

    @property
    def size(self) -> int:
        return len(self.counts)

    def prob(self, outcome: Any) -> Fraction:
        if type(outcome) is not Draw:
            return Fraction(0)
        n = self.deck.count(outcome.card)
        return Fraction(n, self.total) if n else Fraction(0)

    def possible(self, outcome: Any) -> bool:
        return type(outcome) is Draw and self.deck.count(outcome.card) > 0

    def _outcomes(self) -> Any:
        total = self.total
        for card, n in self.counts:
            yield Draw(card), Fraction(n, total)

    def sample(self, rng: Any) -> Draw:
        """``chance.choose`` over the support, in integers: the denominator is the least common
        multiple of each probability's (reduced) denominator, one ``randrange`` of it; each card's
        cumulative share of it worked out once for the deck (``deck_draw`` keeps the distribution),
        the card drawn found by bisection."""
        table = self.__dict__.get("_draw_table")
        if table is None:
            total = self.total
            denominator = lcm(*(total // gcd(n, total) for _, n in self.counts))
            cumulative, acc = [], 0
            for _, n in self.counts:
                acc += n * denominator // total      # (n / total) x the denominator, an integer
                cumulative.append(acc)
            made = _DRAWS
            table = self.__dict__["_draw_table"] = (denominator, cumulative,
                                                    tuple([made.get(card) or _draw(card) for card, _ in self.counts]))
        denominator, cumulative, draws = table
        i = bisect_right(cumulative, rng.randrange(denominator))
        if i == len(draws):
            raise ValueError("outcome probabilities do not sum to 1")
        return draws[i]


#: each card's Draw, one value (frozen: shared by every deck's table of draws); started afresh when full
_DRAWS: dict[str, Draw] = {}


def _draw(card: str) -> Draw:
    """``Draw(card)``, made once (``_DRAWS``)."""
    global _DRAWS
    if len(_DRAWS) >= 4096:
        _DRAWS = {}
    got = _DRAWS[card] = Draw(card)
    return got


@lru_cache(maxsize=8192)
def deck_draw(deck: Deck) -> Any:
    """One card drawn from a shuffled deck (a multiset): each card with probability count / cards left,
    as a :class:`~tombspec.model.tomb.actions.Draw` (cached by the deck's contents)."""
    return DeckDraw(deck)


@implements("tomb.dice.axe-is-success", "tomb.dice.symbols-totaled", "tomb.dice.success-chances")
def successes(outcome: Roll, auto: int = 0) -> int:
    """The successes of a roll: every die showing an axe, plus the automatic successes."""
    return outcome.green + outcome.blue + outcome.red + auto


def success_chance(colour: str) -> Fraction:
    return TOMB_SUCCESS[colour]


__all__ = ["ATTRIBUTES", "EMPTY", "Pool", "character_pool", "combined_pool", "compute_lower", "compute_raise",
           "dice_count", "has_die", "monster_pool", "roll_distribution", "shift", "successes"]
