"""Items, Artifacts, Companions, and Weapons: drawing and discarding cards, carrying and dropping,
picking up an Item Drop pile, exhausting and refreshing, Dexterity weapons' Upkeep checks, attribute
requirements, the weapons' hands and checked attributes, companions' Health, trading (The Adventurer
Phase), and the Soul Monger's Inventory and Services.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from math import gcd
from typing import Any

from ...chance import Deck, Distribution, Outcomes
from ..options import read
from ...ruleset import Pending
from ...traceability import implements, note, require
from ..actions import DONE
from ..actions import Buy, Discard, Done, Drawn, Give, Keep, Sell, Service, Take
from ..components import Card
from ..state import Adventurer, Companion, Held, Piles, SecretsState, Task, evolve
from .engine import listed, made, task

PILES = {"item": "items", "artifact": "artifacts", "companion": "companions"}


# --------------------------------------------------------------------------------------------------
# Drawing


def queue_draw(rs: Any, state: SecretsState, seat: int, deck: str, amount: int, keep: int, rule: str) -> SecretsState:
    """'+X' of a card type: draw X cards (and keep ``keep`` of them, discarding the rest)."""
    if amount <= 0:
        return state
    if deck == "soul-monger":
        return state
    return state.push(Task("draw", seat, rule=rule, target=PILES[deck], n=amount, m=keep, flags=("to-hand",)))


def pile(state: SecretsState, name: str) -> Piles:
    return getattr(state, name)


@implements("secrets.explore.reshuffle-discards")
def refill(rs: Any, state: SecretsState, name: str) -> SecretsState:
    """An empty deck is refilled from its discards (secrets.ambiguity.deck-runs-out=reshuffle-discards;
    for Room tiles the rulebook says so)."""
    p = pile(state, name)
    if p.deck or not p.discard:
        return state
    if name != "tiles" and read(rs.options, "deck_runs_out") != "reshuffle-discards":
        return state
    return evolve(state, **{name: Piles(p.discard)})


class DeckDraw(Distribution):
    """Drawing one card from a shuffled deck, as a :class:`~tombspec.model.secrets.actions.Drawn`: each
    card with probability count / cards left.  The outcomes, their order and their probabilities are those
    of ``chance.draw(deck).map(Drawn, ...)``, and so is a sample (``chance.choose`` over the same shares);
    the shares are kept as integers, made :class:`~fractions.Fraction` only when a probability is asked."""

    def __init__(self, deck: Deck):
        self.deck = deck
        self.total = deck.total

    @property
    def size(self) -> int:
        return len(self.deck.counts)

    def prob(self, outcome: Any) -> Fraction:
        n = self.deck.count(outcome.card) if type(outcome) is Drawn else 0
        return Fraction(n, self.total) if n else Fraction(0)

    def possible(self, outcome: Any) -> bool:
        return type(outcome) is Drawn and self.deck.count(outcome.card) > 0

    def _outcomes(self) -> Any:
        for card, n in self.deck.counts:
            yield Drawn(card), Fraction(n, self.total)

    def sample(self, rng: Any) -> Drawn:
        """``chance.choose`` over the cards' shares ``n / total`` in lowest terms, in integers: their
        common denominator is ``total / g`` (``g`` the gcd of the counts), each card's part of it ``n / g``
        (the same one ``randrange`` call, the same card for every draw of the generator)."""
        counts = self.deck.counts
        g = gcd(*(n for _, n in counts))
        r = rng.randrange(self.total // g)
        for card, n in counts:
            r -= n // g
            if r < 0:
                return Drawn(card)
        raise ValueError("outcome probabilities do not sum to 1")


@lru_cache(maxsize=4096)
def _draw_of(deck: Deck) -> Any:
    if not deck:
        raise ValueError("cannot draw from an empty deck")
    return DeckDraw(deck)


def deck_draw(deck: Deck) -> Any:
    """Drawing one card: a chance event over what remains in the deck."""
    return _draw_of(deck)


def _draw_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    if t.seat is not None and state.seats[t.seat].adventurer is None:
        return state.pop()
    if t.n <= 0:
        return _draw_done(rs, state.pop(), t)
    refilled = refill(rs, state, t.target)
    if not pile(refilled, t.target).deck:
        return _draw_done(rs, refilled.pop(), evolve(t, n=0))
    return refilled if refilled is not state else None


def _draw_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    p = pile(state, t.target)
    require(isinstance(action, Drawn) and p.deck.count(action.card) > 0, "secrets.setup.shuffle-decks",
            "{!r} is not a card left in the {} deck", action, t.target)
    state = evolve(state, **{t.target: evolve(p, deck=p.deck.remove(action.card))})
    return state.replace_head(evolve(t, n=t.n - 1, items=(*t.items, action.card)))


def _draw_done(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    cards = t.items
    if t.m and len(cards) > t.m:
        return state.push(Task("keep", t.seat, rule=t.rule, target=t.target, n=t.m, items=cards))
    return give_cards(rs, state, t.seat, t.target, cards)


task("draw", run=_draw_run, pending=lambda rs, s, t: made.chance(f"{t.target} deck"),
     chance=lambda rs, s, t: deck_draw(pile(s, t.target).deck), apply=_draw_apply,
     rule=lambda *a: "secrets.setup.shuffle-decks")


def give_cards(rs: Any, state: SecretsState, seat: int | None, source: str, cards: tuple[str, ...]) -> SecretsState:
    if seat is None or state.seats[seat].adventurer is None:
        p = pile(state, source)
        for c in cards:
            p = evolve(p, discard=p.discard.add(c))
        return evolve(state, **{source: p})
    adv = state.seats[seat].adventurer
    assert adv is not None
    if source == "companions":
        comps = rs.components.companions
        return state.with_adventurer(seat, companions=(*adv.companions,
                                                       *(Companion(c, comps[c].health) for c in cards)))
    return state.with_adventurer(seat, cards=(*adv.cards, *(Held(c) for c in cards)))


def _keep_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    return [Keep(c) for c in dict.fromkeys(t.items)] if seat == t.seat else []


def _keep_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(isinstance(action, Keep) and action.card in t.items, "secrets.rooms.plus-minus-x",
            "keep one of the cards just drawn")
    if "from-deck" in t.flags:   # 'Take 1 Artifact' read as a choice of the deck's cards
        p = pile(state, t.target)
        state = evolve(state.pop(), **{t.target: evolve(p, deck=p.deck.remove(action.card))})
        return give_cards(rs, state, t.seat, t.target, (action.card,))
    state = give_cards(rs, state.pop(), t.seat, t.target, (action.card,))
    rest = list(t.items)
    rest.remove(action.card)
    if t.n > 1:
        return state.push(evolve(t, n=t.n - 1, items=tuple(rest)))
    p = pile(state, t.target)
    for c in rest:
        p = evolve(p, discard=p.discard.add(c))
    return evolve(state, **{t.target: p})


task("keep", pending=lambda rs, s, t: made.decision(t.seat, "keep a card"), legal=_keep_legal, apply=_keep_apply,
     rule=lambda *a: "secrets.rooms.plus-minus-x")


# Discarding ('-X') ------------------------------------------------------------------------------------


def _of_deck(rs: Any, adv: Adventurer, deck: str) -> list[str]:
    if deck == "companion":
        return [c.name for c in adv.companions]
    if deck == "gun":
        return [h.name for h in adv.cards if rs.components.cards[h.name].gun]
    return [h.name for h in adv.cards if rs.components.cards[h.name].deck == deck]


def queue_discard(rs: Any, state: SecretsState, seat: int, deck: str, amount: int, rule: str) -> SecretsState:
    if amount <= 0:
        return state
    return state.push(Task("discard", seat, rule=rule, target=deck, n=amount))


def _discard_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    adv = state.seats[t.seat].adventurer
    if adv is None or t.n <= 0 or not _of_deck(rs, adv, t.target):
        return state.pop()
    if len(set(_of_deck(rs, adv, t.target))) == 1:   # one card to discard: no choice to make
        state = discard_card(rs, state.pop(), t.seat, _of_deck(rs, adv, t.target)[0])
        return state.push(evolve(t, n=t.n - 1))
    return None


def _discard_pending(rs: Any, state: SecretsState, t: Task) -> Pending:
    if read(rs.options, "minus_cards") == "random":
        return made.chance("card to discard")
    return made.decision(t.seat, "discard a card")


def _discard_chance(rs: Any, state: SecretsState, t: Task) -> Any:
    if read(rs.options, "minus_cards") != "random":
        return None
    adv = state.seats[t.seat].adventurer
    assert adv is not None
    return Outcomes.uniform([Drawn(c) for c in _of_deck(rs, adv, t.target)])


def _discard_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    adv = state.seats[t.seat].adventurer
    if seat != t.seat or adv is None or read(rs.options, "minus_cards") == "random":
        return []
    return [Discard(c) for c in dict.fromkeys(_of_deck(rs, adv, t.target))]


@implements("secrets.rooms.plus-minus-x", "secrets.ambiguity.rooms-minus-card-choice")
def _discard_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    adv = state.seats[t.seat].adventurer
    assert adv is not None
    card = getattr(action, "card", None)
    require(isinstance(action, (Discard, Drawn)) and card in _of_deck(rs, adv, t.target), "secrets.rooms.plus-minus-x",
            "{!r}: discard a card of the {} type held", action, t.target)
    state = discard_card(rs, state.pop(), t.seat, card)
    return state.push(evolve(t, n=t.n - 1))


task("discard", run=_discard_run, pending=_discard_pending, chance=_discard_chance, legal=_discard_legal,
     apply=_discard_apply, rule=lambda *a: "secrets.rooms.plus-minus-x")


def discard_card(rs: Any, state: SecretsState, seat: int, name: str) -> SecretsState:
    """A held card (or companion) goes to its discard pile (a Soul Monger item back to its deck)."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    if any(c.name == name for c in adv.companions):
        return discard_companion(state, seat, name)
    cards = list(adv.cards)
    held = next(h for h in cards if h.name == name)
    cards.remove(held)
    state = state.with_adventurer(seat, cards=tuple(cards))
    return to_discard(rs, state, name)


def to_discard(rs: Any, state: SecretsState, name: str) -> SecretsState:
    card = rs.components.cards[name]
    if card.deck == "soul-monger":
        return evolve(state, monger=state.monger.add(name))
    p = PILES[card.deck]
    return evolve(state, **{p: evolve(pile(state, p), discard=pile(state, p).discard.add(name))})


@implements("secrets.artifacts.room-search-pass")
def gain_card(rs: Any, state: SecretsState, seat: int, name: str) -> SecretsState:
    """Take a named card: one the scenario set aside (it cannot be sold), else out of its deck (the deck is
    then shuffled: a multiset needs no shuffle); a card in neither place is not gained."""
    if name not in rs.components.cards and name not in rs.components.companions:
        return state
    adv = state.seats[seat].adventurer
    assert adv is not None
    if name in state.set_aside:
        aside = list(state.set_aside)
        aside.remove(name)
        state = evolve(state, set_aside=tuple(aside))
        if name in rs.components.companions:
            return state.with_adventurer(seat, companions=(*adv.companions, Companion(name, rs.components.companions[name].health)))
        return state.with_adventurer(seat, cards=(*adv.cards, Held(name, origin="set-aside")))
    if name in rs.components.companions:
        p = state.companions
        if not p.deck.count(name):
            return state
        state = evolve(state, companions=evolve(p, deck=p.deck.remove(name)))
        return state.with_adventurer(seat, companions=(*adv.companions, Companion(name, rs.components.companions[name].health)))
    c = card(rs, name)
    if c.deck == "soul-monger":
        if not state.monger.count(name):
            return state
        state = evolve(state, monger=state.monger.remove(name))
    else:
        p = pile(state, PILES[c.deck])
        if not p.deck.count(name):
            return state
        state = evolve(state, **{PILES[c.deck]: evolve(p, deck=p.deck.remove(name))})
    return state.with_adventurer(seat, cards=(*adv.cards, Held(name)))


# --------------------------------------------------------------------------------------------------
# Weapons, armor and use


def card(rs: Any, name: str) -> Card:
    return rs.components.cards[name]


@implements("secrets.items.attribute-requirement", "secrets.items.example-min-strength")
def meets_requirements(rs: Any, adv: Adventurer, name: str) -> bool:
    """'Min. Strength 2' requires a Strength of 2 or more (secrets.ambiguity.items-attribute-requirement:
    the current score counts)."""
    printed = read(rs.options, "requirement") == "printed-score" if card(rs, name).requires else False
    for a, n in card(rs, name).requires:
        have = sheet(rs, adv).attribute(a) if printed else attribute(rs, adv, a)
        if have < n:
            return False
    return True


@implements("secrets.items.exhaust", "secrets.weapons.dex-turned-not-exhausted", "secrets.weapons.dexterity-reuse",
            "secrets.items.exhaust-limited-uses")
def is_usable(rs: Any, adv: Adventurer, h: Held) -> bool:
    """An exhausted card cannot be used until it refreshes (secrets.ambiguity.items-exhausted-reuse);
    a turned Dexterity weapon is not exhausted and may still be used; a used-up card cannot."""
    c = card(rs, h.name)
    if h.exhausted and read(rs.options, "exhausted_reuse") == "unusable-until-refresh":
        return False
    if c.uses and h.used >= c.uses:
        return False
    return meets_requirements(rs, adv, h.name)


def why_unusable(rs: Any, adv: Adventurer, name: str) -> str | None:
    """The rule that keeps a held card from being used (as :func:`is_usable` checks it), or None: exhausted
    until it refreshes (secrets.ambiguity.items-exhausted-reuse), its uses spent (kept unusable:
    secrets.ambiguity.items-limited-uses-end), below its attribute requirement. None for a card not held
    or one of its copies usable."""
    held = [h for h in adv.cards if h.name == name]
    if not held or any(is_usable(rs, adv, h) for h in held):
        return None
    h = held[0]
    if h.exhausted and read(rs.options, "exhausted_reuse") == "unusable-until-refresh":
        return "secrets.ambiguity.items-exhausted-reuse"
    if card(rs, name).uses and h.used >= card(rs, name).uses:
        return "secrets.ambiguity.items-limited-uses-end"
    return "secrets.items.attribute-requirement"


@implements("secrets.combat.weapon-limit", "secrets.combat.two-weapons-same-attribute", "secrets.weapons.hands",
            "secrets.weapons.two-one-handed", "secrets.weapons.one-two-handed", "secrets.weapons.definition",
            "secrets.weapons.attribute-symbol", "secrets.combat.fisticuffs", "secrets.weapons.fists")
def weapon_sets(rs: Any, adv: Adventurer) -> list[tuple[str, ...]]:
    """What may be wielded at once: nothing (fisticuffs), one two-handed weapon, or one or two one-handed
    weapons of the same checked attribute."""
    weapons = [h.name for h in adv.cards if card(rs, h.name).is_weapon and is_usable(rs, adv, h)]
    weapons = list(dict.fromkeys(weapons))
    out: list[tuple[str, ...]] = [()]
    one = [w for w in weapons if card(rs, w).hands == 1]
    two = [w for w in weapons if card(rs, w).hands == 2]
    out.extend((w,) for w in two)
    out.extend((w,) for w in one)
    names = [h.name for h in adv.cards]
    for i, a in enumerate(one):
        for b in one[i:]:
            if a == b and names.count(a) < 2:
                continue
            if card(rs, a).attribute == card(rs, b).attribute:
                out.append((a, b))
    return out


@implements("secrets.combat.armor-slots")
def armor_sets(rs: Any, adv: Adventurer) -> list[tuple[str, ...]]:
    """Worn armor: at most one chest piece and one head piece."""
    chest = [h.name for h in adv.cards if card(rs, h.name).slot == "chest" and is_usable(rs, adv, h)]
    head = [h.name for h in adv.cards if card(rs, h.name).slot == "head" and is_usable(rs, adv, h)]
    out = []
    for c in [None, *dict.fromkeys(chest)]:
        for h in [None, *dict.fromkeys(head)]:
            out.append(tuple(x for x in (c, h) if x))
    return out


@implements("secrets.ambiguity.combat-armor-items")
def armor_value(rs: Any, adv: Adventurer, worn: tuple[str, ...]) -> int:
    """Armor from the worn chest and head pieces, plus any passive armor of other cards
    (secrets.ambiguity.combat-armor-items=worn-slots-plus-passive)."""
    total = sum(card(rs, w).armor for w in worn)
    if read(rs.options, "armor_items") == "worn-slots-plus-passive":
        total += sum(card(rs, h.name).armor for h in adv.cards if card(rs, h.name).slot == "passive")
    return total


def use_card(rs: Any, state: SecretsState, seat: int, name: str) -> SecretsState:
    """Mark a card used: exhausted (if it exhausts), one use counted, turned (a Dexterity weapon with an
    Upkeep check, the first time in a round)."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    c = card(rs, name)
    cards = list(adv.cards)
    i = next(i for i, h in enumerate(cards) if h.name == name and is_usable(rs, adv, h))
    h = cards[i]
    if c.exhaust:
        h = evolve(h, exhausted=True)
    if c.upkeep_discard and not h.turned:
        note("secrets.weapons.dex-upkeep-turn")
        h = evolve(h, turned=True)
    if c.uses:
        h = evolve(h, used=h.used + 1)
    cards[i] = h
    state = state.with_adventurer(seat, cards=tuple(cards))
    if c.uses and h.used >= c.uses and read(rs.options, "limited_uses_end") == "discard":
        note("secrets.ambiguity.items-limited-uses-end")
        state = discard_card(rs, state, seat, name)
    return state


# --------------------------------------------------------------------------------------------------
# Dropping and picking up


@implements("secrets.items.no-drop-companions-shards")
def can_drop(rs: Any, state: SecretsState, seat: int, name: str) -> str | None:
    adv = state.seats[seat].adventurer
    if adv is None:
        return "secrets.items.drop-free"
    if any(c.name == name for c in adv.companions):
        return "secrets.items.no-drop-companions-shards"
    if adv.held(name) is None:
        return "secrets.items.drop-free"
    return None


@implements("secrets.items.drop-free", "secrets.items.drop-token", "secrets.items.carry-unlimited")
def apply_drop(rs: Any, state: SecretsState, seat: int, name: str) -> SecretsState:
    """Drop a card in the current room without an Action token: an Item Drop token, the card set aside
    (secrets.ambiguity.items-drop-timing: one pile per room)."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    cards = list(adv.cards)
    held = next(h for h in cards if h.name == name)
    cards.remove(held)
    room = state.room(adv.room)
    assert room is not None
    state = state.with_adventurer(seat, cards=tuple(cards))
    return state.with_room(room.name, drop=(*room.drop, evolve(held, origin=held.origin if held.origin == "set-aside"
                                                                      else "dropped", owner=adv.name)))


@implements("secrets.adventurers.pick-up-item-drop", "secrets.adventurer-phase.pick-up", "secrets.items.pick-up")
def can_pick_up(rs: Any, state: SecretsState, seat: int) -> str | None:
    """An adventurer (not fleeing: secrets.ambiguity.item-drop-pick-up-all) in a room with an Item Drop
    token may spend an Action token to pick up its cards."""
    adv = state.seats[seat].adventurer
    if adv is None:
        return "secrets.adventurer-phase.pick-up"
    room = state.room(adv.room)
    if room is None or not (room.drop or room.shards):
        return "secrets.adventurer-phase.pick-up"
    if adv.fleeing:
        return "secrets.adventurers.flee-must-move"
    return None


def start_pick_up(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    adv = state.seats[seat].adventurer
    assert adv is not None
    room = state.room(adv.room)
    assert room is not None
    if room.shards:
        state = state.with_room(room.name, shards=0).with_adventurer(seat, shards=adv.shards + room.shards)
    if read(rs.options, "pick_up") == "all-by-non-fleeing":
        return _take_all(state, seat, room.name)
    return state.push(Task("pick-up", seat, rule="secrets.items.pick-up", target=room.name))


def _take_all(state: SecretsState, seat: int, room_name: str) -> SecretsState:
    room = state.room(room_name)
    adv = state.seats[seat].adventurer
    assert room is not None and adv is not None
    taken = tuple(evolve(h, origin=h.origin if h.origin == "set-aside" else "dropped", owner="")
                  for h in room.drop)
    note("secrets.items.pick-up-remove-token")
    return state.with_room(room_name, drop=()).with_adventurer(seat, cards=(*adv.cards, *taken))


def _pick_up_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    room = state.room(t.target)
    if seat != t.seat or room is None:
        return []
    return [Take(n) for n in dict.fromkeys(h.name for h in room.drop)] + [DONE]


@implements("secrets.items.pick-up-remove-token", "secrets.ambiguity.item-drop-pick-up-all")
def _pick_up_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(action in listed(rs, state, t, seat, lambda: _pick_up_legal(rs, state, t, seat if seat is not None else -1)),
            "secrets.items.pick-up", "{!r}: take a card set aside under this room's Item Drop token, or stop", action)
    if isinstance(action, Done):
        return state.pop()
    room = state.room(t.target)
    adv = state.seats[t.seat].adventurer
    assert room is not None and adv is not None
    drop = list(room.drop)
    h = next(x for x in drop if x.name == action.card)
    drop.remove(h)
    state = state.with_room(room.name, drop=tuple(drop))
    state = state.with_adventurer(t.seat, cards=(*adv.cards, evolve(h, owner="")))
    if not drop:
        note("secrets.items.pick-up-remove-token")
        return state.pop()
    return state


task("pick-up", run=lambda rs, s, t: s.pop() if not (s.room(t.target) and s.room(t.target).drop) else None,
     pending=lambda rs, s, t: made.decision(t.seat, "pick up"), legal=_pick_up_legal, apply=_pick_up_apply,
     rule=lambda *a: "secrets.items.pick-up")


# --------------------------------------------------------------------------------------------------
# Trading


@implements("secrets.companions.like-items", "secrets.ambiguity.companions-like-items", "secrets.ambiguity.trade-scope")
def tradeable(rs: Any, adv: Adventurer) -> list[str]:
    """Cards that can be traded: items, artifacts, Soul Monger items and companions
    (secrets.ambiguity.trade-scope=example-list; any-card adds status effects); never Soul Shards."""
    out = [h.name for h in adv.cards] + [c.name for c in adv.companions]
    if read(rs.options, "trade_scope") == "any-card":
        out += list(adv.status)
    return list(dict.fromkeys(out))


@implements("secrets.adventurer-phase.trade", "secrets.adventurer-phase.trade-one-token",
            "secrets.adventurer-phase.no-trading-soul-shards", "secrets.companions.trade-damage",
            "secrets.adventurer-phase.example-trading")
def can_trade(rs: Any, state: SecretsState, seat: int, other: int) -> str | None:
    me = state.seats[seat].adventurer
    them = state.seats[other].adventurer if 0 <= other < len(state.seats) else None
    if me is None or them is None or seat == other or me.room != them.room:
        return "secrets.adventurer-phase.trade"
    if me.fleeing:
        return "secrets.adventurers.flee-must-move"
    return None


def _trade_pending(rs: Any, state: SecretsState, t: Task) -> Pending:
    return made.any_of((t.seat, int(t.target)), "trade")


def _trade_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    pair = (t.seat, int(t.target))
    if seat not in pair:
        return []
    other = pair[1] if seat == pair[0] else pair[0]
    me = state.seats[seat].adventurer
    if me is None:
        return [DONE]
    return [Give(c, other) for c in tradeable(rs, me)] + [DONE]


def _trade_rule(rs: Any, state: SecretsState, t: Task, action: Any) -> str:
    """A refused give: a Status Effect card held, which the reading example-list of
    secrets.ambiguity.trade-scope does not let be traded, names that entry; anything else the Trade action."""
    if isinstance(action, Give) and action.to in (t.seat, int(t.target)):
        giver = int(t.target) if action.to == t.seat else t.seat
        me = state.seats[giver].adventurer
        if me is not None and action.card in me.status and action.card not in tradeable(rs, me):
            return "secrets.ambiguity.trade-scope"
    return "secrets.adventurer-phase.trade"


def _trade_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    legal = listed(rs, state, t, seat, lambda: _trade_legal(rs, state, t, seat) if seat is not None else [])
    rule = "secrets.adventurer-phase.trade" if action in legal else _trade_rule(rs, state, t, action)
    require(action in legal, rule, "{!r}: give one of your own tradeable cards to the other trader, or end the trade",
            action)
    if isinstance(action, Done):
        return state.pop()
    assert seat is not None
    return transfer(rs, state, seat, action.to, action.card)


task("trade", run=lambda rs, s, t: s.pop() if can_trade(rs, s, t.seat, int(t.target)) else None,
     pending=_trade_pending, legal=_trade_legal, apply=_trade_apply, rule=_trade_rule)


def transfer(rs: Any, state: SecretsState, frm: int, to: int, name: str) -> SecretsState:
    """A card changes hands (a companion with its damage; a status effect by the one-per-type rules)."""
    giver, taker = state.seats[frm].adventurer, state.seats[to].adventurer
    assert giver is not None and taker is not None
    comp = next((c for c in giver.companions if c.name == name), None)
    if comp is not None:
        comps = list(giver.companions)
        comps.remove(comp)
        state = state.with_adventurer(frm, companions=tuple(comps))
        return state.with_adventurer(to, companions=(*state.seats[to].adventurer.companions, comp))
    held = giver.held(name)
    if held is not None:
        cards = list(giver.cards)
        cards.remove(held)
        state = state.with_adventurer(frm, cards=tuple(cards))
        return state.with_adventurer(to, cards=(*state.seats[to].adventurer.cards, evolve(held, owner="")))
    status = list(giver.status)
    status.remove(name)
    state = state.with_adventurer(frm, status=tuple(status))
    return gain_held_status(rs, state, to, name)


# --------------------------------------------------------------------------------------------------
# The Soul Monger


@cache
def inventory() -> tuple[dict[str, int], tuple[tuple[str, int | None], ...]]:
    """The Soul Monger Inventory of the catalog: item prices, and the services with their prices."""
    items = {r["item"]: r["cost"] for r in table("secrets.reference.soul-monger-items")}
    services = tuple((r["service"], r["cost"] if isinstance(r["cost"], int) else None)
                     for r in table("secrets.reference.soul-monger-services"))
    return items, services


@cache
def sell_prices() -> dict[str, int]:
    rows = table("secrets.adventurer-phase.sell-prices")
    return {r["card"]: r["soul_shards"] for r in rows}


def price(rs: Any, name: str) -> int:
    items, _ = inventory()
    return items.get(name, card(rs, name).cost)


def is_soul_monger_room(rs: Any, state: SecretsState, room: str) -> bool:
    """A Soul Monger room; one Soul Monger is always on the Tomb's Entrance (secrets.ambiguity.soul-monger-
    location=entrance-always; else only once Quetzalcoatl's Hall is removed)."""
    if rs.components.rooms[room].soul_monger:
        return True
    if room == ENTRANCE:
        return read(rs.options, "soul_monger_location") == "entrance-always" or rs.options.no_quetzalcoatls_hall
    return False


@implements("secrets.adventurer-phase.soul-monger-action", "secrets.rooms.soul-monger-barter",
            "secrets.rooms.soul-monger-entrance", "secrets.adventurer-phase.soul-shards-barter")
def can_barter(rs: Any, state: SecretsState, seat: int) -> str | None:
    adv = state.seats[seat].adventurer
    if adv is None or not is_soul_monger_room(rs, state, adv.room):
        return "secrets.adventurer-phase.soul-monger-action"
    if adv.fleeing:
        return "secrets.adventurers.flee-must-move"
    return None


SERVICE_ATTRIBUTES = {"+1 Movement": "movement", "+1 to Strength": "strength", "+1 to Dexterity": "dexterity",
                      "+1 to Mythos": "mythos", "+1 to Knowledge": "knowledge"}
STATUS_SERVICES = {'"Courageous"': "Courageous", '"Fearless"': "Fearless", '"Blessing of the Tomb"': "Blessing of the Tomb",
                   '"Lucky"': "Lucky", '"Master of Time" +1 Action': "Master of Time"}


def service_cost(rs: Any, name: str) -> int | None:
    _, services = inventory()
    cost = dict(services).get(name)
    if name == "Heal adventurer to (starting Health)" and read(rs.options, "heal_service") == "one-service":
        return None   # the rest of 'Starting Health''s name, not a service of its own
    return cost


def _barter_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    adv = state.seats[t.seat].adventurer
    if seat != t.seat or adv is None:
        return []
    mode = read(rs.options, "barter")
    done = "dealt" in t.flags and mode == "one-deal"
    out: list[Any] = [DONE]
    if done:
        return out
    for name in dict.fromkeys(state.monger.cards()):
        if price(rs, name) <= adv.shards:
            out.append(Buy(name))
    if read(rs.options, "stock") == "unlimited":
        for name in rs.components.cards:
            if card(rs, name).deck == "soul-monger" and Buy(name) not in out and price(rs, name) <= adv.shards:
                out.append(Buy(name))
    for name, _ in inventory()[1]:
        cost = service_cost(rs, name)
        if cost is None or cost > adv.shards:
            continue
        for arg in service_args(rs, state, t.seat, name):
            if can_service(rs, state, t.seat, name, arg) is None:
                out.append(Service(name, arg))
    if mode != "buy-only":
        for h in dict.fromkeys(h.name for h in adv.cards):
            if can_sell(rs, state, t.seat, h) is None:
                out.append(Sell(h))
        if read(rs.options, "companions_like_items") == "fully-items":
            out.extend(Sell(c.name) for c in adv.companions)
    return out


@implements("secrets.ambiguity.reference-soul-monger-service-recipient")
def recipient_seats(rs: Any, state: SecretsState, seat: int) -> tuple[int, ...]:
    """The other adventurers a service bought by ``seat`` may serve: none (self-only), those in the Soul
    Monger room (any-adventurer-in-room), or any in the Tomb (any-adventurer)."""
    reading = read(rs.options, "service_recipient")
    if reading == "self-only":
        return ()
    adv = state.seats[seat].adventurer
    assert adv is not None
    seats = state.seats_in(adv.room) if reading == "any-adventurer-in-room" else state.in_tomb()
    return tuple(s for s in seats if s != seat)


def service_args(rs: Any, state: SecretsState, seat: int, name: str) -> list[str]:
    adv = state.seats[seat].adventurer
    assert adv is not None
    targets = [""]
    if name not in ("Rope Token",):
        targets = ["", *(state.seats[s].adventurer.name for s in recipient_seats(rs, state, seat))]
    if name == "Remove any Status Effect" and read(rs.options, "remove_status") == "one-of-choice":
        return list(dict.fromkeys(adv.status))
    return targets


@implements("secrets.adventurer-phase.no-purchase-limit", "secrets.ambiguity.reference-soul-monger-capped-services")
def is_wasted_purchase_open(rs: Any) -> bool:
    """'There is no limit to the number of items and services you can buy': a service that a cap or a rule
    leaves nothing to do (Health at its start, Courage at its start, an identical Status Effect) is still
    sold, for nothing, under reading ``wasted``; asked only where such a service is asked for."""
    return read(rs.options, "capped_services") == "wasted"


@implements("secrets.ambiguity.reference-soul-monger-courage-service")
def changes_courage(rs: Any, adventurer: Any) -> bool:
    """'Bring adventurer to Starting Courage' moves this adventurer's Courage: below its starting value, or
    above it under reading ``set`` (``raise-only`` only raises)."""
    if adventurer.courage == adventurer.start_courage:
        return False
    if adventurer.courage < adventurer.start_courage:
        return True
    return read(rs.options, "courage_service") == "set"


@implements("secrets.adventurer-phase.soul-monger-inventory", "secrets.rooms.soul-monger-store",
            "secrets.reference.soul-monger-deal", "secrets.status.soul-monger-removal",
            "secrets.adventurer-phase.no-purchase-limit")
def can_service(rs: Any, state: SecretsState, seat: int, name: str, arg: str) -> str | None:
    adv = state.seats[seat].adventurer
    assert adv is not None
    target = adv if not arg or name == "Remove any Status Effect" else next(
        (state.seats[s].adventurer for s in recipient_seats(rs, state, seat) if state.seats[s].adventurer.name == arg),
        None)
    if target is None:
        return "secrets.ambiguity.reference-soul-monger-service-recipient"
    once = read(rs.options, "attribute_services") == "once-each"
    if name == "Rope Token":
        return None if state.ropes > 0 or read(rs.options, "stock") == "unlimited" else "secrets.ambiguity.reference-soul-monger-stock"
    if name == "Gain +1 Audacity":    # at 10, bought for nothing only under audacity-at-10-wasted
        return None if target.audacity < 10 or read(rs.options, "attribute_services") == "audacity-at-10-wasted" \
            else "secrets.dice.audacity-max-10"
    if name == "Remove any Status Effect":
        return None if target.status else "secrets.status.soul-monger-removal"
    if name in SERVICE_ATTRIBUTES:
        if once and any(e.name == "bought" and e.subject == f"{target.name}|{name}" for e in state.effects):
            return "secrets.ambiguity.reference-soul-monger-attribute-services"
        return None
    if name in ("Starting Health", "Heal adventurer to (starting Health)"):
        if target.health < target.start_health or (
                name == "Starting Health" and read(rs.options, "heal_service") == "two-services"):
            return None
        return None if is_wasted_purchase_open(rs) else "secrets.adventurers.health-cap"
    if name == "Bring adventurer to Starting Courage":
        if not changes_courage(rs, target):
            return None if is_wasted_purchase_open(rs) else "secrets.ambiguity.reference-soul-monger-courage-service"
        return None
    if name in STATUS_SERVICES:
        status = STATUS_SERVICES[name]
        if name.startswith('"Master of Time"') and read(rs.options, "master_of_time") != "status-card":
            return None
        if status not in rs.components.statuses:
            return "secrets.ambiguity.reference-soul-monger-status-services"
        if status in target.status:     # the new card would be ignored: nothing to take from the deck
            return None if is_wasted_purchase_open(rs) else "secrets.status.identical-ignored"
        return None if state.statuses.count(status) or read(rs.options, "stock") == "unlimited" \
            else "secrets.ambiguity.reference-soul-monger-stock"
    return "secrets.adventurer-phase.soul-monger-inventory"


@implements("secrets.adventurer-phase.sell", "secrets.adventurer-phase.sold-to-box",
            "secrets.adventurer-phase.scenario-set-aside-unsellable", "secrets.reference.soul-monger-sell-prices")
def can_sell(rs: Any, state: SecretsState, seat: int, name: str) -> str | None:
    """Items sell for 5, artifacts for 15; Soul Monger items as items (secrets.ambiguity.sell-soul-monger-
    items); cards set aside during scenario setup cannot be sold (secrets.ambiguity.unsellable-set-aside)."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    held = adv.held(name)
    if held is None:
        return "secrets.adventurer-phase.sell"
    c = card(rs, name)
    if c.deck == "soul-monger" and read(rs.options, "sell_soul_monger_items") == "not-sellable":
        return "secrets.ambiguity.sell-soul-monger-items"
    if held.origin == "set-aside":
        return "secrets.adventurer-phase.scenario-set-aside-unsellable"
    if held.origin in ("start", "dropped") and read(rs.options, "unsellable") == "any-set-aside":
        return "secrets.ambiguity.unsellable-set-aside"
    return None


def sell_value(rs: Any, name: str) -> int:
    prices = sell_prices()
    if name in rs.components.companions:
        return prices.get("item", 5)
    return prices.get("artifact", 15) if card(rs, name).deck == "artifact" else prices.get("item", 5)


@implements("secrets.ambiguity.reference-soul-monger-stock", "secrets.adventurer-phase.soul-monger-take-card")
def is_sold_out(rs: Any, state: SecretsState, name: str) -> bool:
    """A Soul Monger item of the inventory whose card is no longer in the Soul Monger Item deck, under
    limited-by-components ('When you purchase an item, take its card from the Soul Monger Item deck')."""
    if name not in rs.components.cards or card(rs, name).deck != "soul-monger" or state.monger.count(name):
        return False
    return read(rs.options, "stock") == "limited-by-components"


def _barter_rule(rs: Any, state: SecretsState, t: Task, action: Any) -> str:
    """The rule a refused deal breaks: after the one deal of ``barter`` = one-deal, that reading; a service
    the Soul Monger offers that cannot be given here, its reason (``can_service``: 'Gain +1 Audacity' at 10
    Audacity names secrets.dice.audacity-max-10), else its price; a card that cannot be sold, its reason
    (``can_sell``); anything else, the Soul Monger's action."""
    adv = state.seats[t.seat].adventurer if t.seat is not None else None
    if adv is None:
        return "secrets.adventurer-phase.soul-monger-action"
    if "dealt" in t.flags and read(rs.options, "barter") == "one-deal" and not isinstance(action, Done):
        return "secrets.ambiguity.soul-monger-deals-per-action"
    if isinstance(action, Service):
        if service_cost(rs, action.service) is None:
            return "secrets.adventurer-phase.soul-monger-inventory"
        return can_service(rs, state, t.seat, action.service, action.arg) or \
            "secrets.adventurer-phase.soul-monger-inventory"
    if isinstance(action, Buy):
        if is_sold_out(rs, state, action.item) and price(rs, action.item) <= adv.shards:
            return "secrets.ambiguity.reference-soul-monger-stock"      # its one card is bought already
        return "secrets.adventurer-phase.soul-monger-inventory"
    if isinstance(action, Sell):
        if read(rs.options, "barter") == "buy-only":
            return "secrets.ambiguity.soul-monger-deals-per-action"
        if adv.held(action.card) is None:
            return "secrets.adventurer-phase.sell"
        return can_sell(rs, state, t.seat, action.card) or "secrets.adventurer-phase.sell"
    return "secrets.adventurer-phase.soul-monger-action"


def _barter_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    legal = listed(rs, state, t, seat, lambda: _barter_legal(rs, state, t, seat if seat is not None else -1))
    rule = {Buy: "secrets.adventurer-phase.soul-monger-inventory", Service: "secrets.adventurer-phase.soul-monger-inventory",
            Sell: "secrets.adventurer-phase.sell"}.get(type(action), "secrets.adventurer-phase.soul-monger-action")
    if action not in legal:
        rule = _barter_rule(rs, state, t, action)
    require(action in legal, rule, "{!r} is not a deal the Soul Monger offers this adventurer now", action)
    if isinstance(action, Done):
        return state.pop()
    adv = state.seats[t.seat].adventurer
    assert adv is not None
    me = t.seat
    state = state.replace_head(evolve(t, flags=(*t.flags, "dealt")))
    if isinstance(action, Buy):
        note("secrets.adventurer-phase.soul-monger-take-card")
        note("secrets.adventurer-phase.soul-monger-items-are-items")
        monger = state.monger.remove(action.item) if state.monger.count(action.item) else state.monger
        state = evolve(state, monger=monger).with_adventurer(me, shards=adv.shards - price(rs, action.item))
        return state.with_adventurer(me, cards=(*state.seats[me].adventurer.cards, Held(action.item)))
    if isinstance(action, Sell):
        note("secrets.adventurer-phase.sold-to-box")
        value = sell_value(rs, action.card)
        if action.card in {c.name for c in adv.companions}:
            comps = list(adv.companions)
            comps.remove(next(c for c in comps if c.name == action.card))
            state = state.with_adventurer(me, companions=tuple(comps))
        else:
            cards = list(adv.cards)
            cards.remove(next(h for h in cards if h.name == action.card))
            state = state.with_adventurer(me, cards=tuple(cards))
        state = evolve(state, boxed=(*state.boxed, action.card))
        return state.with_adventurer(me, shards=state.seats[me].adventurer.shards + value)
    assert isinstance(action, Service)
    cost = service_cost(rs, action.service) or 0
    state = state.with_adventurer(me, shards=adv.shards - cost)
    served = me
    if action.arg and action.service != "Remove any Status Effect":
        served = next(s for s in recipient_seats(rs, state, me) if state.seats[s].adventurer.name == action.arg)
    name = action.service
    if name == "Rope Token":
        if state.ropes > 0:
            state = evolve(state, ropes=state.ropes - 1)
        return state.with_adventurer(me, ropes=state.seats[me].adventurer.ropes + 1)
    if name == "Gain +1 Audacity":
        if state.seats[served].adventurer.audacity >= AUDACITY_MAX:   # audacity-at-10-wasted: bought, and lost
            note("secrets.dice.audacity-max-10")
            return state
        return change_audacity(rs, state, served, 1)
    if name == "Remove any Status Effect":
        if read(rs.options, "remove_status") == "all":
            for s in list(state.seats[me].adventurer.status):
                state = remove_status(rs, state, me, s)
            return state
        return remove_status(rs, state, me, action.arg)
    if name in SERVICE_ATTRIBUTES:
        target = state.seats[served].adventurer
        state = evolve(state, effects=add(state.effects, Effect(
            "bought", "secrets.ambiguity.reference-soul-monger-attribute-services", until=GAME,
            subject=f"{target.name}|{name}")))
        return add_bonus(state, served, SERVICE_ATTRIBUTES[name], 1)
    if name in ("Starting Health", "Heal adventurer to (starting Health)"):
        target = state.seats[served].adventurer
        if name == "Starting Health" and read(rs.options, "heal_service") == "two-services":
            return state.with_adventurer(served, start_health=target.start_health + 1)
        if target.health >= target.start_health:     # capped_services = wasted: bought, and healed nothing
            note("secrets.adventurers.health-cap")
            return state
        return heal(state, served, target.start_health)
    if name == "Bring adventurer to Starting Courage":
        target = state.seats[served].adventurer
        if not changes_courage(rs, target):           # capped_services = wasted: bought, Courage unchanged
            return state
        return change_courage(rs, state, served, target.start_courage - target.courage,
                              "secrets.reference.soul-monger-services")
    status = STATUS_SERVICES[name]
    if name.startswith('"Master of Time"') and read(rs.options, "master_of_time") != "status-card":
        seat_ = state.seats[served]
        if read(rs.options, "master_of_time") == "permanent-token":
            return state.with_seat(served, action_tokens=seat_.action_tokens + 1)
        return state.with_seat(served, tokens=seat_.tokens + 1)
    if status in state.seats[served].adventurer.status:     # capped_services = wasted: the identical card ignored
        note("secrets.status.identical-ignored")
        return state
    return gain_status(rs, state, served, status, "secrets.reference.soul-monger-services")


task("barter", pending=lambda rs, s, t: made.decision(t.seat, "barter with the Soul Monger"), legal=_barter_legal,
     apply=_barter_apply, rule=_barter_rule)


# --------------------------------------------------------------------------------------------------
# Upkeep of cards


@implements("secrets.weapons.dex-upkeep-pass", "secrets.weapons.dex-upkeep-fail", "secrets.weapons.dex-upkeep-unused",
            "secrets.weapons.dexterity-upkeep", "secrets.items.exhaust-refresh-upkeep", "secrets.weapons.exhaust-refresh",
            "secrets.tomb-phase.upkeep-components", "secrets.weapons.example-refresh-use",
            "secrets.weapons.example-refresh-upright")
def upkeep_cards(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    """Upkeep: a turned Dexterity weapon rolls its Upkeep check (an unturned one does not); exhausted
    cards refresh to upright."""
    adv = state.seats[seat].adventurer
    if adv is None:
        return state
    rolls = [h.name for h in adv.cards if h.turned and card(rs, h.name).upkeep_discard]
    if read(rs.options, "refresh_timing") == "at-upkeep":
        state = refresh_cards(state, seat)
    tasks = [Task("upkeep-roll", seat, rule="secrets.weapons.dex-upkeep-pass", target=name) for name in rolls]
    return state.push(*tasks)


def refresh_cards(state: SecretsState, seat: int) -> SecretsState:
    """Exhausted cards turn back to their upright position."""
    adv = state.seats[seat].adventurer
    if adv is None:
        return state
    return state.with_adventurer(seat, cards=tuple(evolve(h, exhausted=False) if h.exhausted else h
                                                   for h in adv.cards))


def upkeep_check_fails(rs: Any, name: str, faces: tuple[int, ...], threshold: int) -> bool:
    """The Upkeep check of a weapon: the card's printed Upkeep ('On 1 or 2, discard';
    secrets.ambiguity.weapons-upkeep-check=card-text), or a check of difficulty 1."""
    if read(rs.options, "upkeep_check") == "standard-check":
        return compute_successes(faces, threshold) < 1
    rolled = next(f for f in range(1, 7) if faces[f - 1])
    return rolled in card(rs, name).upkeep_discard


def _upkeep_roll_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    state = state.pop()
    return start_check(rs, state, t.seat, "none", 1, flags=("result:upkeep-judged",), rule=t.rule, pool_size=1,
                       target=t.target)


task("upkeep-roll", run=_upkeep_roll_run)


def _upkeep_judged_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    state = state.pop()
    adv = state.seats[t.seat].adventurer
    if adv is None or adv.held(t.target) is None:
        return state
    if upkeep_check_fails(rs, t.target, t.faces, t.m):
        note("secrets.weapons.dex-upkeep-fail")
        return discard_card(rs, state, t.seat, t.target)
    cards = tuple(evolve(h, turned=False) if h.name == t.target and h.turned else h for h in adv.cards)
    return state.with_adventurer(t.seat, cards=cards)


task("upkeep-judged", run=_upkeep_judged_run)


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from ...effects import add, Effect, GAME  # noqa: E402
from ..state import ENTRANCE  # noqa: E402
from .adventurers import AUDACITY_MAX, attribute, change_audacity, change_courage, discard_companion, heal, sheet  # noqa: E402
from .components_ops import add_bonus  # noqa: E402
from .dice_checks import compute_successes, start_check  # noqa: E402
from .engine import table  # noqa: E402
from .status import gain_held_status, gain_status, remove_status  # noqa: E402
