"""What search needs from Tomb and Tomb: Cryptmaster (:mod:`tombspec.model.search`): who won, an
estimate before the end, and a deal of what a player cannot see.  Not rules: a player's judgement.

- ``returns``: the winners share a win (``state.winners``: the most XP, ties as the final-tie reading
  settles them); in Solitaire, where nobody wins or loses, the score against the rank chart's top.
- ``evaluate``: each player's score now (``rs.score``: XP banked and Treasures Attached) turned into a
  share of the win, a softmax over the scores (a lead of ``LEAD`` XP is worth about e to 1).
- ``determinise``: what ``observe`` hides from the player dealt again from what he cannot tell apart:
  the other Parties' Inn cards with the rest of the same Inn deck (which deck a card was drawn from is
  seen, so each card stays of its deck); every Crypt card he does not know (in the Crypts, in a Raid,
  in another player's Crypt hand while the Tomb is filled) with the Crypt deck; the Characters drawn at
  the Inn by another player with the Pool; an announced Trap he only heard of, with the Crypt cards he
  does not know that sound the same (as many Characters, the same Attributes).  The other Journeyman's
  redraw card (Campaign level 5) is left as it is.
"""

from __future__ import annotations

import math
import random
from typing import Any

import attrs

from ..chance import Deck
from .cards import INN_DECKS
from .state import TombState, evolve

#: the lead in XP worth about e to 1 in ``evaluate``
LEAD = 4.0
#: Solitaire: the score at which ``returns`` counts the game as fully won (the rank chart's scale)
SOLO_FULL = 60.0


def returns(rs: Any, state: TombState) -> tuple[float, ...]:
    n = rs.num_players
    if n == 1:
        return (min(1.0, max(0.0, state.scores[0] / SOLO_FULL)) if state.scores else 0.0,)
    won = state.winners
    return tuple(1.0 / len(won) if p in won else 0.0 for p in range(n))


def evaluate(rs: Any, state: TombState) -> tuple[float, ...]:
    n = rs.num_players
    scores = [rs.score(state, p) for p in range(n)]
    if n == 1:
        return (min(1.0, max(0.0, scores[0] / SOLO_FULL)),)
    top = max(scores)
    weights = [0.0 if state.parties[p].out else math.exp((s - top) / LEAD) for p, s in enumerate(scores)]
    total = sum(weights) or 1.0
    return tuple(w / total for w in weights)


def toward(rs: Any, state: TombState, end: str) -> float:
    """How near the game stands to ending as ``end`` (``search-ends``): ``no-characters``, the share of
    the Characters in the Character discard pile (none left in the Pool, at the Inn or in a Party ends
    the game); ``crypts-emptied``, the share of the Crypt Cards gone from the Crypts (counted against
    those in the Crypts and the Crypt deck)."""
    if end == "no-characters":
        alive = state.pool.total + len(state.inn) + len(state.drawn) + sum(len(p.characters) for p in state.parties)
        return len(state.dead) / ((len(state.dead) + alive) or 1)
    if end == "crypts-emptied":
        left = sum(len(c.cards) for c in state.crypts)
        return 1.0 - left / ((left + state.crypt_deck.total + state.crypt_discard.total) or 1)
    return 0.5


def _deal(rng: random.Random, unseen: list[str], k: int) -> list[str]:
    """``k`` cards drawn at random from ``unseen`` (removed from it)."""
    out = []
    for _ in range(k):
        out.append(unseen.pop(rng.randrange(len(unseen))))
    return out


def _cards(deck: Deck) -> list[str]:
    return [c for c, n in deck.counts for _ in range(n)]


def _signature(rs: Any, card: str) -> tuple[Any, ...]:
    c = rs.cards.crypt[card]
    return (c.type, c.characters, tuple(a for a, _ in c.disarm))


def determinise(rs: Any, state: TombState, player: int, rng: random.Random) -> TombState:
    if rs.options.solitaire and rs.options.solo_secrets == "open-information":
        return state
    others = [p for p in range(len(state.parties)) if p != player]
    parties = list(state.parties)
    changes: dict[str, Any] = {}

    # The other Parties' Inn cards, each with the rest of its own deck.
    deck_of = {name: card.deck for name, card in rs.cards.inn.items()}
    if any(parties[p].hand for p in others):
        decks = list(state.decks)
        for k, deck in enumerate(INN_DECKS):
            held = [(p, c) for p in others for c in parties[p].hand if deck_of.get(c) == deck]
            if not held:
                continue
            unseen = _cards(decks[k]) + [c for _, c in held]
            unseen.sort()
            dealt = _deal(rng, unseen, len(held))
            hands = {p: [c for c in parties[p].hand if deck_of.get(c) != deck] for p in others}
            for (p, _), c in zip(held, dealt):
                hands[p].append(c)
            for p in others:
                if any(deck_of.get(c) == deck for c in parties[p].hand):
                    parties[p] = attrs.evolve(parties[p], hand=tuple(sorted(hands[p])))
            decks[k] = Deck.of(unseen)
        changes["decks"] = tuple(decks)

    # Every Crypt card the player does not know, with the Crypt deck.
    raid = state.raid
    raid_hidden = raid is not None and (player != raid.cm or rs.options.solitaire)
    unknown: list[str] = []
    for crypt in state.crypts:
        unknown += [h.card for h in crypt.cards if player not in h.known]
    if raid_hidden:
        unknown += [h.card for h in raid.cards if player not in h.known]
    for p in others:
        unknown += list(parties[p].crypt_hand)
    trap_hidden = raid_hidden and raid.trap is not None
    if unknown or trap_hidden:
        trap = raid.trap if trap_hidden else None
        unseen = sorted(_cards(state.crypt_deck) + unknown + ([trap] if trap is not None else []))
        if trap is not None:     # the Trap he only heard of: one that sounds the same, from what he cannot see
            sound = _signature(rs, trap)
            alike = [i for i, c in enumerate(unseen) if c in rs.cards.crypt and _signature(rs, c) == sound]
            trap = unseen.pop(alike[rng.randrange(len(alike))])

        def redeal(cards: tuple[Any, ...]) -> tuple[Any, ...]:
            # each card keeps its place: the player sees the places (a Crypt sorted after a Raid may
            # then be out of order, which the rules never read)
            return tuple(attrs.evolve(h, card=_deal(rng, unseen, 1)[0]) if player not in h.known else h
                         for h in cards)

        changes["crypts"] = tuple(attrs.evolve(c, cards=redeal(c.cards)) for c in state.crypts)
        if raid_hidden:
            raid = attrs.evolve(raid, cards=redeal(raid.cards), trap=trap if trap_hidden else raid.trap)
            changes["raid"] = raid
        for p in others:
            if parties[p].crypt_hand:
                parties[p] = attrs.evolve(parties[p], crypt_hand=tuple(sorted(_deal(rng, unseen,
                                                                                   len(parties[p].crypt_hand)))))
        changes["crypt_deck"] = Deck.of(unseen)

    # The Characters another player drew at the Inn, with the Pool.
    if state.drawn and state.task is not None and state.task.player != player:
        unseen = sorted(_cards(state.pool) + list(state.drawn))
        changes["drawn"] = tuple(sorted(_deal(rng, unseen, len(state.drawn))))
        changes["pool"] = Deck.of(unseen)

    if parties != list(state.parties):
        changes["parties"] = tuple(parties)
    return evolve(state, **changes) if changes else state


class Judgement:
    """The search hooks of the ruleset protocol (:class:`tombspec.model.ruleset.Ruleset`), for Tomb and
    Cryptmaster alike."""

    #: 16 simulations a decision, rollouts of 20 steps: about 10 s a game on one core, the search player
    #: first in every one of the first games measured against uniform players (bench/bench_search.py)
    search_budget = (16, 20)

    def returns(self, state: TombState) -> tuple[float, ...]:
        return returns(self, state)

    def evaluate(self, state: TombState) -> tuple[float, ...]:
        return evaluate(self, state)

    def toward(self, state: TombState, end: str) -> float:
        return toward(self, state, end)

    def determinise(self, state: TombState, player: int, rng: random.Random) -> TombState:
        return determinise(self, state, player, rng)
