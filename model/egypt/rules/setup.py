"""Setup (both modes): the doors closed, the chests and hazards dealt face down, the heroes' boards
(two life tokens, the ladder or the alternative starting item, the bomb), the first player; in
Escape mode the crystal on the first player's board and the ceiling in front of them.

Dealing is chance: one draw from the shuffled chest (then hazard) tokens for each marked space, in
board order, each a chance event over the tokens that remain (``Deck`` + ``draw``).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from math import gcd
from typing import Any

from ...chance import ZERO, Deck, Distribution
from ..options import read
from ...traceability import implements, note
from ..actions import Deal
from ..state import EgyptState, Hero, Token, evolve
from .modes import HERO
from .tomb import put


@implements("egypt.setup.choose-mode", "egypt.setup.exploration-mode", "egypt.setup.escape-mode",
            "egypt.setup.board-orange", "egypt.escape.setup.board-purple", "egypt.setup.close-doors",
            "egypt.setup.die-and-rubble", "egypt.setup.choose-heroes", "egypt.setup.hero-token",
            "egypt.setup.life-tokens", "egypt.setup.ladder", "egypt.setup.bomb", "egypt.setup.first-player",
            "egypt.hero.starting-items", "egypt.setup.starting-items-left-over", "egypt.start.ladder-and-bomb",
            "egypt.escape.setup.crystal", "egypt.escape.setup.alternative-item", "egypt.escape.setup.ceiling",
            "egypt.escape.setup.no-boulder", "egypt.setup.rolling-boulder", "egypt.setup.ready",
            "egypt.escape.premise", "egypt.escape.same-rules", "egypt.ambiguity.starting-items",
            "egypt.ambiguity.hero-token-center", "egypt.goal.crystal-in-a-chest", "egypt.start.others-duplicate-chests",
            "egypt.ambiguity.life-token-count", "egypt.ambiguity.pharaoh-tokens-set-aside")
def initial_state(rs: Any) -> EgyptState:
    """Everything set out before the first draw: the side of the board for the mode (orange:
    Exploration, purple: Escape), both doors closed, each hero's board with 2 life tokens (3 lives with
    the printed one), the bomb and the ladder (in Escape mode the alternative item shown under the
    ladder's picture instead), the hero token beside the board until the first turn (reading
    ``hero-board``); in Escape mode the crystal, taken from the chest tokens, on the first player's
    board.  The 2 life tokens the pharaoh will get are set aside from the 14 (reading
    ``from-supply``)."""
    comps = rs.components
    next_id = 0
    heroes: list[Hero] = []
    hero_seats = [seat for seat in rs.seats if seat.kind == HERO]
    varies = read(rs.options, "starting_items") == "varies"
    for seat in hero_seats:
        hs = comps.heroes[seat.hero]
        names = list(hs.start) if varies else ["Ladder", "Bomb"]
        if rs.options.escape:
            alt = hs.alternative
            names = [alt if n == "Ladder" and alt else n for n in names if n != "Ladder" or alt]
        items = []
        for name in names:
            # every token of a hero's set is a starting item token, the alternative item too: it is the
            # other face of the ladder's token ("Heroes get an alternative starting item instead of a
            # ladder", L204; "ladders are found on the back of some starting items", L64), although the
            # item it duplicates is a chest token (L236)
            items.append(Token(next_id, name, "start", face_up=True))
            next_id += 1
        heroes.append(Hero(hs.name, seat.player, items=tuple(items)))
    chests = Deck.of(comps.of_back("chest"))
    crystal_found = False
    if rs.options.escape:
        crystal = comps.named("crystal")[0]
        chests = chests.remove(crystal)
        first = heroes[0]
        heroes[0] = evolve(first, items=(*first.items, Token(next_id, crystal, "chest", face_up=True)))
        next_id += 1
        crystal_found = True
    s = EgyptState(phase="deal", heroes=tuple(heroes), chests=chests,
                   hazards=Deck.of(comps.of_back("hazard")), next_id=next_id, crystal_found=crystal_found)
    if not rs.deal_spaces:
        return rs.start_play(s)
    return s


def deal_space(rs: Any, s: EgyptState) -> tuple[str, str]:
    """The next marked space to deal to, and which tokens ("chest" or "hazard")."""
    return rs.deal_spaces[s.dealt]


def deal_distribution(rs: Any, s: EgyptState) -> Any:
    _, back = deal_space(rs, s)
    deck = s.chests if back == "chest" else s.hazards
    last = _LAST_DEAL
    if last[0] is not deck:                 # a step asks it twice of the same deck: choosing, then checking
        last[:] = (deck, DealDraw(deck))
    return last[1]


#: the last deck drawn from and its draw (a draw from the shuffled tokens that remain: each with
#: probability count / tokens left), by identity: a cache, not state
_LAST_DEAL: list[Any] = [None, None]


class DealDraw(Distribution[Any]):
    """Drawing the token to deal from ``deck``: ``Deal(token)`` with probability count / tokens left,
    in the deck's order.  The same distribution as ``draw(deck).map(Deal, ...)``
    (:func:`tombspec.model.chance.draw`), its support and its draws alike (one ``randrange`` over the
    common denominator, as :func:`tombspec.model.chance.choose` draws), worked out in integers: no
    fraction is made until one is asked for."""

    def __init__(self, deck: Deck):
        if not deck:
            raise ValueError("cannot draw from an empty deck")
        self.deck = deck
        self.total = deck.total

    @property
    def size(self) -> int:
        return len(self.deck.counts)

    def prob(self, outcome: Any) -> Fraction:
        if type(outcome) is not Deal:
            return ZERO
        n = self.deck.count(outcome.token)
        return Fraction(n, self.total) if n else ZERO

    def possible(self, outcome: Any) -> bool:
        """``prob(outcome) > 0``, without the fraction."""
        return type(outcome) is Deal and self.deck.count(outcome.token) > 0

    def _outcomes(self) -> Iterator[tuple[Any, Fraction]]:
        for card, n in self.deck.counts:
            yield Deal(card), Fraction(n, self.total)

    def sample(self, rng: Any) -> Any:
        total, counts = self.total, self.deck.counts
        # each probability n / total in lowest terms has the denominator total // gcd(n, total); their
        # least common multiple is total // gcd(total, every n) (prime by prime: the highest power of
        # p in total, less the lowest power of p among total and the counts)
        denominator = total // gcd(total, *[n for _, n in counts])
        r = rng.randrange(denominator)
        for card, n in counts:
            r -= n * denominator // total
            if r < 0:
                return Deal(card)
        raise ValueError("outcome probabilities do not sum to 1")


@implements("egypt.setup.deal-chests", "egypt.setup.deal-hazards", "egypt.ambiguity.token-mix",
            "egypt.chest.one-trap", "egypt.trap.arrow-button-chest")
def apply_deal(rs: Any, s: EgyptState, name: str) -> EgyptState:
    """One random token face down on the next chest-icon (then question-mark) space."""
    space, back = deal_space(rs, s)
    left = (s.chests if back == "chest" else s.hazards).remove(name)
    s = put(rs, s, space, Token(s.next_id, name, back))
    s = evolve(s, **{"chests" if back == "chest" else "hazards": left}, next_id=s.next_id + 1, dealt=s.dealt + 1)
    note("egypt.setup.deal-chests" if back == "chest" else "egypt.setup.deal-hazards")
    if s.dealt == len(rs.deal_spaces):
        return rs.start_play(s)
    return s
