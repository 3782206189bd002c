"""Setup (both modes): the doors closed, the chests and hazards dealt face down, the heroes' boards
(two life tokens, the ladder or the alternative starting item, the bomb), the first player; in
Escape mode the crystal on the first player's board and the ceiling in front of them.

Dealing is chance: one draw from the shuffled chest (then hazard) tokens for each marked space, in
board order, each a chance event over the tokens that remain (``Deck`` + ``draw``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any


from ...chance import Deck, draw
from ...options import read
from ...traceability import implements, note
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
            k = comps.kind(name)
            items.append(Token(next_id, name, k.back, face_up=True))
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
    return _deal(s.chests if back == "chest" else s.hazards)


@lru_cache(maxsize=1024)
def _deal(deck: Deck) -> Any:
    """A draw from the shuffled tokens that remain: each with probability count / tokens left."""
    from ..actions import Deal

    return draw(deck).map(Deal, lambda a: a.token)


@implements("egypt.setup.deal-chests", "egypt.setup.deal-hazards", "egypt.ambiguity.token-mix",
            "egypt.chest.one-trap", "egypt.trap.arrow-button-chest")
def apply_deal(rs: Any, s: EgyptState, name: str) -> EgyptState:
    """One random token face down on the next chest-icon (then question-mark) space."""
    space, back = deal_space(rs, s)
    if back == "chest":
        s = evolve(s, chests=s.chests.remove(name))
    else:
        s = evolve(s, hazards=s.hazards.remove(name))
    s = put(rs, s, space, Token(s.next_id, name, back))
    s = evolve(s, next_id=s.next_id + 1, dealt=s.dealt + 1)
    note("egypt.setup.deal-chests" if back == "chest" else "egypt.setup.deal-hazards")
    if s.dealt == len(rs.deal_spaces):
        return rs.start_play(s)
    return s
