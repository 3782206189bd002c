"""Chance as exact distributions (DESIGN.md contract 2).

At a chance point a ruleset gives a :class:`Distribution` over the chance outcomes (action values):

* ``prob(outcome)``: the exact probability, a :class:`fractions.Fraction` (0 for an outcome that cannot
  happen, or is not an outcome of this randomiser at all);
* ``sample(rng)``: one outcome drawn with exactly its probability from a :class:`random.Random`;
* ``support()``: every outcome with its probability, in a fixed order, only where there are few enough
  to list (``size`` says how many); otherwise :class:`SupportTooLarge`.

Pools of identical dice are recorded by their counts, never as sequences: ``FaceCounts(faces, 12)``
for a dozen twelve-sided dice has 6,188 outcomes, not 12**12.  A deck is a multiset (:class:`Deck`), and
a draw is a chance event over what remains (:func:`draw`).

>>> coin = Binomial(1)
>>> coin.support()
((0, Fraction(1, 2)), (1, Fraction(1, 2)))
>>> FaceCounts((("hit", Fraction(1, 3)), ("miss", Fraction(2, 3))), 2).prob((1, 1))
Fraction(4, 9)
>>> Independent(Binomial(2), Binomial(1)).size
6
>>> deck = Deck.of({"Goblin": 2, "Gold": 1})
>>> draw(deck).prob("Goblin"), deck.remove("Goblin").counts
(Fraction(2, 3), (('Goblin', 1), ('Gold', 1)))
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cached_property, reduce
from itertools import islice, product
from math import comb, factorial, lcm, prod
from operator import itemgetter, lt
from typing import Any, Generic, TypeVar

import attrs

from .codec import canonical_order

T = TypeVar("T")
U = TypeVar("U")

#: Distributions with at most this many outcomes list their support; larger ones only sample and weigh.
SUPPORT_LIMIT = 100_000
#: At most this many outcomes, ``prob`` is a table look-up (the table is built once per distribution).
TABLE_LIMIT = 4096
ZERO = Fraction(0)


class SupportTooLarge(ValueError):
    """The distribution has too many outcomes to list (``size``); use ``prob`` and ``sample``."""


def choose(rng: random.Random, outcomes: Sequence[tuple[T, Fraction]]) -> T:
    """Draw from listed ``(outcome, probability)`` pairs with exactly their probabilities (integer
    arithmetic over the common denominator; one ``randrange`` call)."""
    return DrawTable(outcomes).draw(rng)


class DrawTable:
    """``choose`` over listed ``(outcome, probability)`` pairs, worked out once: the common denominator
    and each outcome's cumulative weight over it, in the listed order.  A draw is the very ``randrange``
    call ``choose`` makes and the outcome it would give (the first whose cumulative weight passes the
    number drawn), found by bisection instead of a walk over Fractions."""

    __slots__ = ("denominator", "cumulative", "outcomes")

    def __init__(self, outcomes: Sequence[tuple[Any, Fraction]]) -> None:
        denominator = lcm(*(p.denominator for _, p in outcomes))
        cumulative, total = [], 0
        for _, p in outcomes:
            total += p.numerator * (denominator // p.denominator)
            cumulative.append(total)
        self.denominator, self.cumulative = denominator, cumulative
        self.outcomes = tuple(o for o, _ in outcomes)

    def draw(self, rng: random.Random) -> Any:
        i = bisect_right(self.cumulative, rng.randrange(self.denominator))
        if i == len(self.outcomes):
            raise ValueError("outcome probabilities do not sum to 1")
        return self.outcomes[i]


def bernoulli(rng: random.Random, p: Fraction) -> bool:
    """True with exactly probability ``p``."""
    return rng.randrange(p.denominator) < p.numerator


class Distribution(ABC, Generic[T]):
    """An exact distribution over the outcomes of one randomiser."""

    @property
    @abstractmethod
    def size(self) -> int:
        """How many outcomes have a positive probability."""

    @abstractmethod
    def prob(self, outcome: Any) -> Fraction:
        """The exact probability of ``outcome`` (0 when it cannot happen)."""

    @abstractmethod
    def _outcomes(self) -> Iterator[tuple[T, Fraction]]:
        """Every outcome of positive probability, in the distribution's fixed order."""

    def support(self, limit: int = SUPPORT_LIMIT) -> tuple[tuple[T, Fraction], ...]:
        """Every outcome with its probability, in a fixed order (the probabilities sum to 1)."""
        if self.size > limit:
            raise SupportTooLarge(f"{type(self).__name__} has {self.size:,} outcomes, more than {limit:,} "
                                  "to list; weigh outcomes with prob() and draw them with sample()")
        return self._listed

    @cached_property
    def _listed(self) -> tuple[tuple[T, Fraction], ...]:
        return tuple(self._outcomes())

    def sample(self, rng: random.Random) -> T:
        """One outcome, drawn with exactly its probability."""
        return self._drawn(rng)

    def _drawn(self, rng: random.Random) -> T:
        """``choose(rng, self.support())``, the same ``randrange`` call and outcome, off the listed
        support's integer table (built once per distribution)."""
        table = self.__dict__.get("_draw_table")
        if table is None:
            table = self.__dict__["_draw_table"] = DrawTable(self.support())
        return table.draw(rng)

    @cached_property
    def _table(self) -> Any:
        """The listed support as a table, for a small distribution (None: too large to list)."""
        return dict(self._listed) if self.size <= TABLE_LIMIT else None

    def _looked_up(self, outcome: Any) -> Fraction | None:
        """``prob`` read off the listed support, for a small distribution (None: too large to list)."""
        table = self._table
        if table is None:
            return None
        try:
            return table.get(outcome, ZERO)
        except TypeError:   # an unhashable value is no outcome
            return ZERO

    def possible(self, outcome: Any) -> bool:
        """Whether ``outcome`` can happen (``prob(outcome) > 0``)."""
        table = self._table
        if table is not None:
            try:
                return outcome in table
            except TypeError:
                return False
        return self.prob(outcome) > 0

    def map(self, to: Callable[[T], U], of: Callable[[Any], T | None]) -> "Mapped[U]":
        """The same distribution with outcomes ``to(x)``; ``of`` inverts it (None: not an outcome)."""
        return Mapped(self, to, of)


class Outcomes(Distribution[T]):
    """A listed distribution: ``(outcome, probability)`` pairs summing to 1."""

    def __init__(self, pairs: Iterable[tuple[T, Fraction]]):
        self.pairs = tuple((o, Fraction(p)) for o, p in pairs if p)
        total = sum((p for _, p in self.pairs), Fraction(0))
        if total != 1 or any(p < 0 for _, p in self.pairs):
            raise ValueError(f"not a distribution: the probabilities sum to {total}")
        self._prob: dict[Any, Fraction] = {}
        for o, p in self.pairs:
            self._prob[o] = self._prob.get(o, Fraction(0)) + p

    @classmethod
    def uniform(cls, outcomes: Sequence[T]) -> "Outcomes[T]":
        return cls((o, Fraction(1, len(outcomes))) for o in outcomes)

    @property
    def size(self) -> int:
        return len(self._prob)

    def prob(self, outcome: Any) -> Fraction:
        try:
            return self._prob.get(outcome, Fraction(0))
        except TypeError:  # an unhashable value is no outcome
            return Fraction(0)

    def _outcomes(self) -> Iterator[tuple[T, Fraction]]:
        return iter(self.pairs)


class Binomial(Distribution[int]):
    """The number of successes among ``n`` identical dice that each succeed with probability ``p``
    (a fair coin by default): coins counted as Heads, one colour of a dice pool."""

    def __init__(self, n: int, p: Fraction = Fraction(1, 2)):
        if n < 0:
            raise ValueError(f"cannot roll {n} dice")
        self.n, self.p = n, Fraction(p)

    @property
    def size(self) -> int:
        if self.p in (0, 1):
            return 1
        return self.n + 1

    def prob(self, outcome: Any) -> Fraction:
        if type(outcome) is not int or not 0 <= outcome <= self.n:
            return Fraction(0)
        return comb(self.n, outcome) * self.p ** outcome * (1 - self.p) ** (self.n - outcome)

    def _outcomes(self) -> Iterator[tuple[int, Fraction]]:
        for k in range(self.n + 1):
            p = self.prob(k)
            if p:
                yield k, p

    def sample(self, rng: random.Random) -> int:
        if self.size <= 64:
            return self._drawn(rng)
        return sum(bernoulli(rng, self.p) for _ in range(self.n))


class FaceCounts(Distribution[tuple[int, ...]]):
    """``n`` identical dice, each showing one of ``faces`` (``(face, probability)`` pairs): the outcome is
    how many dice show each face, in the order of ``faces`` (the multinomial distribution)."""

    def __init__(self, faces: Sequence[tuple[Hashable, Fraction]], n: int):
        if n < 0:
            raise ValueError(f"cannot roll {n} dice")
        self.faces = tuple((f, Fraction(p)) for f, p in faces)
        if sum(p for _, p in self.faces) != 1:
            raise ValueError("the faces' probabilities must sum to 1")
        self.n = n

    @property
    def size(self) -> int:
        k = sum(1 for _, p in self.faces if p)
        return comb(self.n + k - 1, k - 1) if k else 1

    def prob(self, outcome: Any) -> Fraction:
        if type(outcome) is not tuple or len(outcome) != len(self.faces) or \
                any(type(c) is not int or c < 0 for c in outcome) or sum(outcome) != self.n:
            return Fraction(0)
        ways = factorial(self.n) // prod(factorial(c) for c in outcome)
        return ways * prod((p ** c for (_, p), c in zip(self.faces, outcome)), start=Fraction(1))

    def _outcomes(self) -> Iterator[tuple[tuple[int, ...], Fraction]]:
        def counts(left: int, slots: int) -> Iterator[tuple[int, ...]]:
            if slots == 1:
                yield (left,)
                return
            for c in range(left, -1, -1):
                for rest in counts(left - c, slots - 1):
                    yield (c, *rest)

        for outcome in counts(self.n, len(self.faces)):
            p = self.prob(outcome)
            if p:
                yield outcome, p

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        if self.size <= 64:
            return self._drawn(rng)
        die = DrawTable(tuple((i, p) for i, (_, p) in enumerate(self.faces)))
        out = [0] * len(self.faces)
        for _ in range(self.n):
            out[die.draw(rng)] += 1
        return tuple(out)


class Independent(Distribution[tuple[Any, ...]]):
    """Several randomisers at once (both players' Attack rolls, a pool of three colours): the outcome
    is the tuple of their outcomes."""

    def __init__(self, *parts: Distribution[Any]):
        self.parts = parts

    @property
    def size(self) -> int:
        return prod(p.size for p in self.parts)

    def prob(self, outcome: Any) -> Fraction:
        p = self._looked_up(outcome)
        if p is not None:
            return p
        if type(outcome) is not tuple or len(outcome) != len(self.parts):
            return Fraction(0)
        return reduce(lambda acc, pair: acc * pair[0].prob(pair[1]) if acc else acc,
                      zip(self.parts, outcome), Fraction(1))

    def _outcomes(self) -> Iterator[tuple[tuple[Any, ...], Fraction]]:
        for combo in product(*(p.support() for p in self.parts)):
            yield tuple(o for o, _ in combo), prod((p for _, p in combo), start=Fraction(1))

    def sample(self, rng: random.Random) -> tuple[Any, ...]:
        if self.size <= 4096:
            return self._drawn(rng)
        return tuple(p.sample(rng) for p in self.parts)


class Mapped(Distribution[U]):
    """Another distribution with each outcome ``x`` turned into ``to(x)`` (an action value); ``of`` is
    the inverse (``None`` for a value that is no outcome).  ``to`` must be one-to-one."""

    def __init__(self, inner: Distribution[Any], to: Callable[[Any], U], of: Callable[[Any], Any]):
        self.inner, self.to, self.of = inner, to, of

    @property
    def size(self) -> int:
        return self.inner.size

    def prob(self, outcome: Any) -> Fraction:
        p = self._looked_up(outcome)
        if p is not None:
            return p
        try:
            raw = self.of(outcome)
        except (AttributeError, TypeError, ValueError):
            return Fraction(0)
        if raw is None:
            return Fraction(0)
        p = self.inner.prob(raw)
        # ``of`` may read a value of the wrong type or shape: only an exact round trip counts
        return p if p and self.to(raw) == outcome else Fraction(0)

    def _outcomes(self) -> Iterator[tuple[U, Fraction]]:
        for raw, p in self.inner.support():
            yield self.to(raw), p

    def sample(self, rng: random.Random) -> U:
        if self.size <= SUPPORT_LIMIT:
            return self._drawn(rng)
        return self.to(self.inner.sample(rng))


# --------------------------------------------------------------------------------------------------
# Decks: multisets of cards, drawn one at a time


@canonical_order             # its __dict__ in canonical key order: a digest walks it natively
@attrs.frozen(slots=False)
class Deck:
    """A multiset of cards: ``counts`` is ``(card, count)`` pairs, sorted by card, counts positive.
    Order is not recorded: a shuffled face-down deck is a multiset, and each draw a chance event."""

    counts: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, cards: Mapping[str, int] | Iterable[str]) -> "Deck":
        tally: dict[str, int] = {}
        if isinstance(cards, Mapping):
            for card, n in cards.items():
                if n < 0:
                    raise ValueError(f"a deck cannot hold {n} of {card!r}")
                tally[card] = tally.get(card, 0) + n
        else:
            for card in cards:
                tally[card] = tally.get(card, 0) + 1
        return cls(tuple(sorted((c, n) for c, n in tally.items() if n)))

    @property
    def total(self) -> int:
        return sum(n for _, n in self.counts)

    def __len__(self) -> int:
        return self.total

    def __bool__(self) -> bool:
        return bool(self.counts)

    def count(self, card: str) -> int:
        for c, n in self.counts:
            if c == card:
                return n
        return 0

    def add(self, card: str, n: int = 1) -> "Deck":
        out = self._recounted(card, n)
        return out if out is not None else Deck.of({**dict(self.counts), card: self.count(card) + n})

    def remove(self, card: str, n: int = 1) -> "Deck":
        out = self._recounted(card, -n)
        if out is not None:
            return out
        have = self.count(card)
        if have < n:
            raise ValueError(f"the deck holds {have} of {card!r}, not {n}")
        return Deck.of({**dict(self.counts), card: have - n})

    def _recounted(self, card: str, change: int) -> "Deck | None":
        """The deck ``Deck.of`` would make with ``change`` copies of ``card`` more, when the counts are as
        ``Deck.of`` leaves them (sorted by card, each card once, each count positive: checked in C, with no
        Python loop over the deck): the one count changed (the card dropped at 0, put in its sorted place
        when new) in place of a recount of every card.  None for any other deck, or a count that would
        fall below 0 (``add`` and ``remove`` answer those as ``Deck.of`` does, refusals included)."""
        counts = self.counts
        if type(counts) is not tuple:
            return None
        cards = list(map(_CARD, counts))
        if not all(map(lt, cards, islice(cards, 1, None))) or (counts and min(map(_COPIES, counts)) <= 0):
            return None
        i = bisect_left(cards, card)
        if i < len(cards) and cards[i] == card:
            m = counts[i][1] + change
            if m < 0:
                return None
            return Deck(counts[:i] + (((card, m),) if m else ()) + counts[i + 1:])
        if change < 0:
            return None
        return Deck(counts[:i] + (((card, change),) if change else ()) + counts[i:])

    def cards(self) -> tuple[str, ...]:
        return tuple(c for c, _ in self.counts)


_CARD, _COPIES = itemgetter(0), itemgetter(1)


def draw(deck: Deck) -> Outcomes[str]:
    """Drawing one card from a shuffled deck: each card with probability count / cards left."""
    if not deck:
        raise ValueError("cannot draw from an empty deck")
    total = deck.total
    return Outcomes((card, Fraction(n, total)) for card, n in deck.counts)
