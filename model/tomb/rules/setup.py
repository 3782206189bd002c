"""Set Up: the board side, the Character Pool and the decks, the order of play (seven Blue Tomb Dice
each, ties re-rolled), and filling the Crypts from a hand of Crypt Cards.  Solitaire Play's own way of
filling the Crypts is here too.
"""

from __future__ import annotations

from typing import Any

from ...chance import Deck, draw
from ...traceability import implements, note
from ..actions import Draw, Pass, PlaceCard, Reroll, TakeCard
from ..cards import INN_DECKS
from ..state import Crypt, Hidden, Party, Task, TombState, evolve
from .agenda import AUTO, CHANCE, DECIDE, legal, outcome, pop, push, replace, task, why
from .rolling import deck_draw, roll_distribution

ORDER_DICE = 7


@implements("tomb.setup.select-map-side", "tomb.setup.first-game-map", "tomb.setup.character-pool-bag",
            "tomb.setup.inn-board", "tomb.setup.shuffle-inn-decks", "tomb.setup.shuffle-crypt-deck",
            "tomb.setup.crypt-deck-each-side", "tomb.solo.shuffle-decks", "tomb.ambiguity.crypt-deck-each-side")
def initial_state(rs: Any, tally: tuple[int, ...]) -> TombState:
    """The board side is the ruleset's board; the Characters go in the bag (the Pool); the Inn decks
    and the Crypt Deck are shuffled: decks are multisets, each draw a chance event over what remains
    (one logical Crypt Deck, however many piles it is split into)."""
    n = rs.num_players
    cards = rs.cards
    pool = Deck.of({name: 1 for name in cards.characters})
    decks = tuple(Deck.of(cards.deck_counts(d)) for d in INN_DECKS)
    crypt_deck = Deck.of(cards.crypt_counts())
    crypts = tuple(Crypt(cid) for cid in sorted(rs.board.crypts))
    levels = tuple(rs.level_of(x) for x in tally) if tally else (1,) * n
    state = TombState(agenda=(), current=0, parties=tuple(Party() for _ in range(n)), crypts=crypts, pool=pool,
                      decks=decks, crypt_deck=crypt_deck, discards=tuple(Deck() for _ in INN_DECKS),
                      order_rolls=(-1,) * n, levels=levels, tally=tally or (0,) * n)
    return rs.setup_agenda(state)


def setup_agenda(rs: Any, state: TombState) -> TombState:
    """The first tasks: the order of play (Solitaire: there is no other player), then the Crypts."""
    n = rs.num_players
    if rs.options.solitaire:
        state = evolve(state, first_player=0)
        return push(state, *hero_tasks(rs, state), *solo_fill_tasks(rs, state))
    return push(state, *(Task("order-roll", p, rule="tomb.setup.order-roll") for p in range(n)),
                Task("order-resolve", items=tuple(str(p) for p in range(n)), rule="tomb.setup.player-one"))


# The order of play --------------------------------------------------------------------------------------

@task("order-roll", CHANCE, "tomb.setup.order-roll", what="seven Blue Tomb Dice")
def chance_order_roll(rs: Any, state: TombState, t: Task) -> Any:
    """"Determine the order of play by having each Player roll all seven Blue Tomb Dice"."""
    return roll_distribution(0, ORDER_DICE, 0)


@outcome("order-roll")
@implements("tomb.setup.order-roll", "tomb.ambiguity.greenhorn-reroll-ties")
def apply_order_roll(rs: Any, state: TombState, t: Task, action: Any, player: None) -> TombState:
    """A Greenhorn (level 2 or more) may then re-roll two of the dice: of each roll (reading
    ``each-roll``), or of his first roll only, not of a roll that breaks a tie (``first-roll``)."""
    p = t.player
    assert p is not None
    rolls = list(state.order_rolls)
    rolls[p] = action.total
    state = evolve(pop(state), order_rolls=tuple(rolls))
    if rs.level(state, p) >= 2 and (t.rule != "tomb.setup.reroll-ties" or rs.options.greenhorn_ties == "each-roll"):
        return push(state, Task("order-reroll", p, rule="tomb.campaign.level-2-greenhorn"))
    return state


@task("order-reroll", DECIDE, "tomb.campaign.level-2-greenhorn", what="Greenhorn: re-roll two dice?")
@implements("tomb.campaign.level-2-greenhorn")
def apply_order_reroll(rs: Any, state: TombState, t: Task, action: Reroll, player: int) -> TombState:
    """"Re-roll two Tomb Dice when determining who goes first" (any two of the seven)."""
    state = pop(state)
    k = action.failures + action.successes
    if k == 0:
        return state
    return push(state, Task("order-reroll-roll", player, value=k, items=(str(action.successes),),
                            rule="tomb.campaign.level-2-greenhorn"))


@legal("order-reroll")
def legal_order_reroll(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    hits = state.order_rolls[player]
    misses = ORDER_DICE - hits
    return [Reroll(f, s) for f in range(min(2, misses) + 1) for s in range(min(2 - f, hits) + 1)]


@task("order-reroll-roll", CHANCE, "tomb.campaign.level-2-greenhorn", what="the re-rolled dice")
def chance_order_reroll(rs: Any, state: TombState, t: Task) -> Any:
    return roll_distribution(0, t.value, 0)


@outcome("order-reroll-roll")
def apply_order_reroll_roll(rs: Any, state: TombState, t: Task, action: Any, player: None) -> TombState:
    p = t.player
    assert p is not None
    rolls = list(state.order_rolls)
    rolls[p] = rolls[p] - int(t.items[0]) + action.total
    return evolve(pop(state), order_rolls=tuple(rolls))


@task("order-resolve", AUTO, "tomb.setup.player-one")
@implements("tomb.setup.player-one", "tomb.setup.reroll-ties", "tomb.ambiguity.order-reroll-ties",
            "tomb.ambiguity.other-party-markers")
def run_order_resolve(rs: Any, state: TombState, t: Task) -> TombState:
    """"The Player with the most successes ... becomes Player One ... Re-roll ties." (tied-leaders:
    only the tied leaders re-roll; all-players: everyone does)."""
    rolling = [int(p) for p in t.items]
    leaders = order_leaders(state.order_rolls, rolling)
    if len(leaders) > 1:
        note("tomb.setup.reroll-ties")
        again = leaders if rs.options.order_ties == "tied-leaders" else rolling
        rolls = tuple(-1 if p in again else r for p, r in enumerate(state.order_rolls))
        state = evolve(state, order_rolls=rolls)
        return replace(state, *(Task("order-roll", p, rule="tomb.setup.reroll-ties") for p in again),
                       Task("order-resolve", items=tuple(str(p) for p in again), rule="tomb.setup.reroll-ties"))
    first = leaders[0]
    note("tomb.setup.player-one")
    state = evolve(pop(state), first_player=first, current=first)
    return push(state, *hero_tasks(rs, state), *fill_tasks(rs, state))


def order_leaders(rolls: tuple[int, ...], rolling: list[int]) -> list[int]:
    """The players with the most successes (several: a tie)."""
    best = max(rolls[p] for p in rolling)
    return [p for p in rolling if rolls[p] == best]


def clockwise_from(rs: Any, first: int) -> list[int]:
    """The players in clockwise order from ``first`` (tomb.setup.clockwise)."""
    n = rs.num_players
    return [(first + k) % n for k in range(n)]


# Filling the Crypts -------------------------------------------------------------------------------------

def hero_tasks(rs: Any, state: TombState) -> list[Task]:
    first = state.first_player or 0
    return [Task("hero", p, rule="tomb.campaign.level-8-hero") for p in clockwise_from(rs, first)
            if rs.level(state, p) >= 8]


@task("hero", DECIDE, "tomb.campaign.level-8-hero", what="Hero: take a Crypt card")
@implements("tomb.campaign.level-8-hero")
def apply_hero(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"Before shuffling the Crypt Card Deck, the Player may take one card of his or her choice to put
    into his or her hand"."""
    state = pop(state)
    if isinstance(action, Pass):
        return state
    party = state.parties[player]
    state = state.with_party(player, crypt_hand=tuple(sorted((*party.crypt_hand, action.card))))
    return evolve(state, crypt_deck=state.crypt_deck.remove(action.card))


@legal("hero")
def legal_hero(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [TakeCard(c) for c in state.crypt_deck.cards()] + [Pass()]


@implements("tomb.setup.draw-three-crypt-cards", "tomb.campaign.level-6-man-at-arms",
            "tomb.ambiguity.hand-limit-crypt-hand")
def fill_tasks(rs: Any, state: TombState) -> list[Task]:
    """Each Player draws three Crypt Cards (four for a Man at Arms), then Player One places first."""
    first = state.first_player or 0
    out: list[Task] = []
    for p in clockwise_from(rs, first):
        size = 4 if rs.level(state, p) >= 6 else 3
        out += [Task("crypt-draw", p, rule="tomb.setup.draw-three-crypt-cards") for _ in range(size)]
    out.append(Task("crypt-place", first, value=0, rule="tomb.setup.place-crypt-cards"))
    return out


@task("crypt-draw", CHANCE, "tomb.setup.draw-three-crypt-cards", what="a Crypt Card")
def chance_crypt_draw(rs: Any, state: TombState, t: Task) -> Any:
    if not state.crypt_deck:
        return None
    return deck_draw(state.crypt_deck)


@outcome("crypt-draw")
def apply_crypt_draw(rs: Any, state: TombState, t: Task, action: Draw, player: None) -> TombState:
    p = t.player
    assert p is not None
    state = evolve(pop(state), crypt_deck=state.crypt_deck.remove(action.card))
    party = state.parties[p]
    return state.with_party(p, crypt_hand=tuple(sorted((*party.crypt_hand, action.card))))


@implements("tomb.setup.crypt-capacity", "tomb.glossary.crypt-door-capacity")
def is_open(rs: Any, state: TombState, cid: str) -> bool:
    """"A crypt is considered open until it has a number of cards in it equal to the number on the
    Crypt Door"."""
    return len(state.crypt(cid).cards) < rs.board.crypts[cid].capacity


def open_crypts(rs: Any, state: TombState) -> list[str]:
    return [c.id for c in state.crypts if is_open(rs, state, c.id)]


@task("crypt-place", DECIDE, "tomb.setup.place-crypt-cards", what="place a Crypt Card")
@implements("tomb.setup.place-crypt-cards", "tomb.setup.clockwise", "tomb.ambiguity.crypt-filling-loop")
def apply_crypt_place(rs: Any, state: TombState, t: Task, action: PlaceCard, player: int) -> TombState:
    """"Starting with Player One and continuing in clockwise order, each player places a Crypt Card
    face down in any of the open Crypts and then draws a new Crypt Card" (repeat-rounds: until every
    Crypt is full)."""
    state = place_card(state, player, action.card, action.crypt, known=(player,))
    placed = t.value + 1
    state = pop(state)
    nxt = (player + 1) % rs.num_players
    if rs.options.crypt_filling == "single-round":
        if placed >= rs.num_players or not open_crypts(rs, state):
            return push(state, *deal_rest(rs, state), Task("crypts-full", rule="tomb.setup.crypts-full"))
        return push(state, Task("crypt-draw", player, rule="tomb.setup.place-crypt-cards"),
                    Task("fill-next", nxt, value=placed, rule="tomb.setup.place-crypt-cards"))
    return push(state, Task("crypt-draw", player, rule="tomb.setup.place-crypt-cards"),
                Task("fill-next", nxt, value=placed, rule="tomb.setup.place-crypt-cards"))


def deal_rest(rs: Any, state: TombState) -> list[Task]:
    out = []
    for c in state.crypts:
        free = rs.board.crypts[c.id].capacity - len(c.cards)
        out += [Task("deal-crypt", None, c.id, rule="tomb.ambiguity.crypt-filling-loop") for _ in range(free)]
    return out


def place_card(state: TombState, player: int, card: str, cid: str, known: tuple[int, ...]) -> TombState:
    party = state.parties[player]
    hand = list(party.crypt_hand)
    hand.remove(card)
    state = state.with_party(player, crypt_hand=tuple(hand))
    crypt = state.crypt(cid)
    return state.with_crypt(cid, cards=(*crypt.cards, Hidden(card, known)))


@legal("crypt-place")
def legal_crypt_place(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    crypts = open_crypts(rs, state)
    return [PlaceCard(card, c) for card in sorted(set(state.parties[player].crypt_hand)) for c in crypts]


@why("crypt-place")
def why_crypt_place(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    if isinstance(action, PlaceCard) and action.crypt in rs.board.crypts and not is_open(rs, state, action.crypt):
        return "tomb.setup.crypt-capacity"
    return "tomb.setup.place-crypt-cards"


@task("fill-next", AUTO, "tomb.setup.place-crypt-cards")
def run_fill_next(rs: Any, state: TombState, t: Task) -> TombState:
    state = pop(state)
    if not open_crypts(rs, state):
        return push(state, Task("crypts-full", rule="tomb.setup.crypts-full"))
    n = rs.num_players
    for k in range(n):
        p = (t.player + k) % n  # type: ignore[operator]
        if state.parties[p].crypt_hand:
            return push(state, Task("crypt-place", p, value=t.value, rule="tomb.setup.place-crypt-cards"))
    # the Crypt Deck ran out before the Crypts were full (tomb.ambiguity.exhausted-supplies)
    return push(state, Task("crypts-full", rule="tomb.setup.crypts-full"))


@task("deal-crypt", CHANCE, "tomb.solo.deal-two-per-crypt", what="a Crypt Card dealt face down")
def chance_deal_crypt(rs: Any, state: TombState, t: Task) -> Any:
    if not state.crypt_deck or not is_open(rs, state, t.subject or ""):
        return None
    return deck_draw(state.crypt_deck)


@outcome("deal-crypt")
def apply_deal_crypt(rs: Any, state: TombState, t: Task, action: Draw, player: None) -> TombState:
    cid = t.subject
    assert cid is not None
    state = evolve(pop(state), crypt_deck=state.crypt_deck.remove(action.card))
    crypt = state.crypt(cid)
    return state.with_crypt(cid, cards=(*crypt.cards, Hidden(action.card, ())))


@task("crypts-full", AUTO, "tomb.setup.crypts-full")
@implements("tomb.setup.crypts-full")
def run_crypts_full(rs: Any, state: TombState, t: Task) -> TombState:
    """"Once all of the Crypts are full, the Tomb is ready for exploration and the unused Crypt Cards
    are discarded."  Then the first turns (Meet at the Inn)."""
    state = pop(state)
    discard = state.crypt_discard
    parties = []
    for party in state.parties:
        for c in party.crypt_hand:
            discard = discard.add(c)
        parties.append(evolve(party, crypt_hand=()))
    state = evolve(state, parties=tuple(parties), crypt_discard=discard)
    return rs.after_filling(state)


def after_filling(rs: Any, state: TombState) -> TombState:
    if rs.options.solitaire:
        return solo_after_filling(rs, state)
    first = first_turn_player(rs, state)
    return push(state, Task("turn-start", first, rule="tomb.inn.start-with-second-player"))


@implements("tomb.inn.start-with-second-player", "tomb.ambiguity.first-turn-order")
def first_turn_player(rs: Any, state: TombState) -> int:
    """"Starting with the second player, players now begin recruiting" (second-player-first: the
    player to Player One's left; player-one-first: Player One)."""
    first = state.first_player or 0
    if rs.options.first_turn_order == "player-one-first" or rs.num_players == 1:
        return first
    return (first + 1) % rs.num_players


# Solitaire Play's filling ---------------------------------------------------------------------------------

@implements("tomb.solo.deal-two-per-crypt", "tomb.solo.draw-three", "tomb.solo.twenty-characters-in-inn")
def solo_fill_tasks(rs: Any, state: TombState) -> list[Task]:
    """"Deal two Crypt Cards to each Crypt without looking at them (deal only one card to any Crypt
    that can only hold one). Draw three Crypt Cards." then the third cards from the hand."""
    out: list[Task] = []
    for cid, info in sorted(rs.board.crypts.items()):
        out += [Task("deal-crypt", None, cid, rule="tomb.solo.deal-two-per-crypt") for _ in range(min(2, info.capacity))]
    out += [Task("crypt-draw", 0, rule="tomb.solo.draw-three") for _ in range(4 if rs.level(state, 0) >= 6 else 3)]
    out.append(Task("solo-third", 0, rule="tomb.solo.third-card-from-hand"))
    out.append(Task("solo-fourth", 0, rule="tomb.solo.fourth-card-from-deck"))
    return out


def solo_third_crypts(rs: Any, state: TombState) -> list[str]:
    return [c.id for c in state.crypts if rs.board.crypts[c.id].capacity >= 3 and len(c.cards) < 3]


@task("solo-third", DECIDE, "tomb.solo.third-card-from-hand", what="a third card from the hand")
@implements("tomb.solo.third-card-from-hand")
def apply_solo_third(rs: Any, state: TombState, t: Task, action: PlaceCard, player: int) -> TombState:
    """"Add a third card from your hand to a Crypt that can hold at least three, and then draw another
    Crypt Card. Repeat until all Crypts that can hold at least three cards have a third card."""
    state = place_card(state, player, action.card, action.crypt, known=(player,))
    return push(pop(state), Task("crypt-draw", 0, rule="tomb.solo.third-card-from-hand"),
                Task("solo-third", 0, rule="tomb.solo.third-card-from-hand"))


@legal("solo-third")
def legal_solo_third(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [PlaceCard(card, c) for card in sorted(set(state.parties[player].crypt_hand))
            for c in solo_third_crypts(rs, state)]


@task("solo-fourth", AUTO, "tomb.solo.fourth-card-from-deck")
@implements("tomb.solo.fourth-card-from-deck", "tomb.ambiguity.solo-crypt-filling")
def run_solo_fourth(rs: Any, state: TombState, t: Task) -> TombState:
    """"Deal a fourth Crypt Card from the deck to all Crypts that can hold four" (at-least-four: every
    Crypt holding four or more)."""
    state = pop(state)
    exact = rs.options.solo_filling == "exactly-four"
    deals = [Task("deal-crypt", None, c.id, rule="tomb.solo.fourth-card-from-deck") for c in state.crypts
             if (rs.board.crypts[c.id].capacity == 4 if exact else rs.board.crypts[c.id].capacity >= 4)
             and len(c.cards) < 4]
    return push(state, *deals, Task("solo-rest", 0, rule="tomb.solo.fill-rest-from-hand"),
                Task("crypts-full", rule="tomb.setup.crypts-full"))


@task("solo-rest", DECIDE, "tomb.solo.fill-rest-from-hand", what="fill the larger Crypts from the hand")
@implements("tomb.solo.fill-rest-from-hand")
def apply_solo_rest(rs: Any, state: TombState, t: Task, action: PlaceCard, player: int) -> TombState:
    """"Fill any Crypts that can hold more from your hand until all are full" (at-least-four: drawing a
    card after each; exactly-four: without redrawing)."""
    state = place_card(pop(state), player, action.card, action.crypt, known=(player,))
    redraw = rs.options.solo_filling != "exactly-four"
    return push(state, *([Task("crypt-draw", 0, rule="tomb.solo.fill-rest-from-hand")] if redraw else []),
                Task("solo-rest", 0, rule="tomb.solo.fill-rest-from-hand"))


@legal("solo-rest")
def legal_solo_rest(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [PlaceCard(card, c) for card in sorted(set(state.parties[player].crypt_hand)) for c in open_crypts(rs, state)]


def solo_after_filling(rs: Any, state: TombState) -> TombState:
    """Solitaire: 20 Characters from the Pool go to the Inn; then the first turn."""
    draws = [Task("character-draw", 0, "inn", rule="tomb.solo.twenty-characters-in-inn") for _ in range(20)]
    return push(state, *draws, Task("turn-start", 0, rule="tomb.solo.play-as-usual"))
