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
- towards ``no-characters`` (``search-ends``: ``toward``, ``considered_toward``, ``playout_toward``):
  the players together feed their Characters to the Monsters and keep the Monsters alive.  A death
  uses up no Crypt card: a Monster that wipes out a Party goes back into its Crypt healed (Flee and
  the Party's death return the remaining cards), so the Monsters left in the Crypts are what can
  still kill, and a Monster killed is a way of dying lost.  Hence: Monsters placed first and
  together; the weakest Character kept and recruited, one at a time; the Crypt with the most Monster
  power raided, and a Crypt without a Monster never (raiding it only empties the Tomb); no Flight, no
  Inn cards, no healing; the Monster that hits hardest attacks, the most wounded Character takes it.
"""

from __future__ import annotations

import math
import random
from typing import Any

import attrs

from ..chance import Deck
from .cards import INN_DECKS
from .dice import TOMB_COLOURS, TOMB_SUCCESS
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


def monster_power(rs: Any, card: str) -> float:
    """How much killing a Monster card can do: its expected Attack successes times one more than its
    Hit Points (how long it lasts); 0 for any other card."""
    powers = rs.memo.get("monster-power")
    if powers is None:           # a pure fact of the card set, worked out once
        powers = rs.memo["monster-power"] = {
            name: expected_successes(c.dice.get("attack")) * (1 + c.hp) if c.type == "monster" else 0.0
            for name, c in rs.cards.crypt.items()}
    return powers.get(card, 0.0)


def expected_successes(dice: Any) -> float:
    """The expected successes of a pool of tomb dice (green, blue, red)."""
    if not dice:
        return 0.0
    return sum(float(TOMB_SUCCESS[colour]) * n for colour, n in zip(TOMB_COLOURS, dice))


def character_strength(rs: Any, name: str) -> float:
    """How hard a Character is to kill, and how likely to kill a Monster first: his Hit Points and his
    expected Attack successes (printed)."""
    ch = rs.cards.characters[name]
    return 2.0 * ch.hp + expected_successes(ch.dice.get("attack"))


def crypt_power(rs: Any, state: TombState, cid: str) -> float:
    """The Monster power face down in Crypt ``cid`` (the true cards: a judgement, not a player's view)."""
    return sum(monster_power(rs, h.card) for c in state.crypts if c.id == cid for h in c.cards)


def monsters_left(rs: Any, state: TombState) -> tuple[int, int]:
    """The Monsters that can still kill (in the Crypts, and alive in a Raid) and those killed (banked)."""
    alive = sum(1 for c in state.crypts for h in c.cards if monster_power(rs, h.card) > 0)
    if state.raid is not None:
        alive += sum(1 for h in state.raid.cards if monster_power(rs, h.card) > 0)
        alive += sum(1 for m in state.raid.monsters if not m.dead and m.card in rs.cards.crypt)
        alive += len(state.raid.early)
    killed = sum(1 for p in state.parties for c in p.bank if monster_power(rs, c) > 0)
    return alive, killed


def toward(rs: Any, state: TombState, end: str) -> float:
    """How near the game stands to ending as ``end`` (``search-ends``): ``no-characters``, the share of
    the Characters in the Character discard pile (none left in the Pool, at the Inn or in a Party ends
    the game), halved as the Monsters are killed (the share of them left: what can still kill);
    ``crypts-emptied``, the share of the Crypt Cards gone from the Crypts (counted against those in the
    Crypts and the Crypt deck)."""
    if end == "no-characters":
        alive = state.pool.total + len(state.inn) + len(state.drawn) + sum(len(p.characters) for p in state.parties)
        dead = len(state.dead) / ((len(state.dead) + alive) or 1)
        left, killed = monsters_left(rs, state)
        return dead * (1.0 + left / ((left + killed) or 1)) / 2.0
    if end == "crypts-emptied":
        left = sum(len(c.cards) for c in state.crypts)
        return 1.0 - left / ((left + state.crypt_deck.total + state.crypt_discard.total) or 1)
    return 0.5


#: how often a rollout towards no-characters plays any legal decision instead of the one ``cost_toward`` rates best
PLAYOUT_NOISE = 0.1
#: the most decisions ``considered_toward`` keeps
CONSIDERED = 3
#: how much worse than the best a decision ``considered_toward`` keeps may be rated (the search chooses
#: among near equals: with wider choices its rollouts, which seldom see a death, wander)
MARGIN = 1.0
#: a cost at or above which a decision works against the aim (Flight, an Inn card, a Crypt emptied)
AGAINST = 10.0


def _target_door(rs: Any, state: TombState) -> str | None:
    """The Door of the Crypt with the most Monster power; with no Monster left in a Crypt, of one
    still holding cards (the aim is lost: the game had better end); None once the Crypts are empty."""
    powers = {c.id: crypt_power(rs, state, c.id) for c in state.crypts if c.cards}
    best = max(powers, key=lambda cid: (powers[cid], cid), default=None)
    if best is None:
        return None
    return min(d for d, cid in rs.board.doors.items() if cid == best)


def cost_toward(rs: Any, state: TombState, player: int, action: Any, door: Any = "") -> float:
    """How well ``action`` serves the end no-characters (lower is better; ``AGAINST`` or more works
    against it).  Not a rule: the judgement of players who want every Character dead.  ``door``: the
    state's ``_target_door``, where the caller has it."""
    from .actions import (Attack, Continue, Disarm, Done, DrawFrom, Flee, Heal, Keep, Leave, MonsterAttack, Move,
                          MoveTo, Pass, Pickpocket, PlaceCard, Recruit, ReturnToInn, Target, UseCard)
    from .actions import Raid as RaidAction

    party = state.parties[player]
    if door == "" and isinstance(action, (RaidAction, Move, MoveTo)):
        door = _target_door(rs, state)
    if isinstance(action, PlaceCard):      # Monsters first, together; the other cards apart from them
        power = monster_power(rs, action.card)
        beside = crypt_power(rs, state, action.crypt)
        return -10.0 * power - (beside if power else -beside)
    if isinstance(action, (Keep, Recruit)):
        if isinstance(action, Recruit) and party.characters and state.task is not None and state.task.kind == "turn":
            return AGAINST                 # one Character at a time: a Party of several kills the Monsters
        return character_strength(rs, action.character)
    if isinstance(action, MonsterAttack):
        raid = state.raid
        return -monster_power(rs, raid.monsters[int(action.monster[1:])].card) if raid is not None else 0.0
    if isinstance(action, Target):         # the most wounded takes the blow
        ch = party.character(action.character)
        return -float(ch.wounds) if ch is not None else 0.0
    if isinstance(action, Attack):         # at the Monster least likely to die of it
        raid = state.raid
        if raid is None:
            return 0.0
        m = raid.monsters[int(action.monster[1:])]
        card = rs.cards.crypt.get(m.card)
        return -float((card.hp if card is not None else 0) - m.wounds)
    if isinstance(action, Disarm):
        return float(len(action.characters))
    if isinstance(action, Continue):
        return -5.0
    if isinstance(action, (Pass, Done)):
        return -1.0
    if isinstance(action, RaidAction):     # a Crypt without a Monster only while none is left elsewhere
        return -10.0 if door is not None and rs.board.doors.get(party.location) == rs.board.doors[door] else AGAINST
    if isinstance(action, Move):
        return -2.0 if party.characters and door is not None and party.location != door else 5.0
    if isinstance(action, MoveTo):
        return 0.0 if door is None else float(rs.board.distances(action.to).get(door, 100))
    if isinstance(action, (Flee, ReturnToInn, DrawFrom, Heal, Leave)):
        return AGAINST
    if isinstance(action, (UseCard, Pickpocket)):
        return 5.0
    return 0.0


def considered_toward(rs: Any, state: TombState, player: int, legal: list[Any], end: str) -> list[Any]:
    """What ``search-ends`` weighs towards ``end``: towards ``no-characters`` at most ``CONSIDERED`` of
    the decisions ``cost_toward`` rates within ``MARGIN`` of the best, none that works against the aim
    where another is legal (the search chooses among them by what follows); towards another end, every
    legal decision."""
    if end != "no-characters" or len(legal) <= 1:
        return legal
    door = _target_door(rs, state)
    costs = [cost_toward(rs, state, player, a, door) for a in legal]
    best = min(costs)
    keep = [k for k, c in enumerate(costs) if (c < AGAINST or best >= AGAINST) and c <= best + MARGIN]
    keep = sorted(sorted(keep, key=lambda k: (costs[k], k))[:CONSIDERED])
    return [legal[k] for k in keep]


def playout_toward(rs: Any, state: TombState, rng: random.Random, legal: list[Any], player: int | None,
                   end: str) -> Any:
    """``search-ends``' rollouts towards ``end``: towards ``no-characters`` the decision ``cost_toward``
    rates best (the first of equals), now and then (``PLAYOUT_NOISE``) any; towards another end, any."""
    if end != "no-characters" or player is None or rng.random() < PLAYOUT_NOISE:
        return legal[rng.randrange(len(legal))]
    door = _target_door(rs, state)
    return min(legal, key=lambda a: cost_toward(rs, state, player, a, door))


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


def raid_lines(rs: Any, card: str) -> str | None:
    """What a solitaire player who reads the first lines of every Trap left knows of a Raid's card: a
    Trap's first lines; of any other card only that it is no Trap (None)."""
    from .rules.raid import first_lines

    c = rs.cards.crypt.get(card)
    return first_lines(rs, card) if c is not None and c.type == "trap" else None


def _deal_alike(rng: random.Random, unseen: list[str], lines: dict[str, str | None], want: str | None) -> str:
    """One card drawn at random from those of ``unseen`` that read ``want`` (removed from it)."""
    alike = [i for i, c in enumerate(unseen) if lines[c] == want]
    return unseen.pop(alike[rng.randrange(len(alike))])


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

        raid_cards = raid.cards if raid_hidden else ()
        if raid_hidden and rs.options.solitaire and rs.options.solo_trap_order == "first-lines-known":
            # he has read the first lines of every Trap left (tomb.ambiguity.solo-trap-order): each
            # keeps them, each other card stays a card that is no Trap; dealt before the Crypts'
            lines = {c: raid_lines(rs, c) for c in set(unseen)}
            raid_cards = tuple(attrs.evolve(h, card=_deal_alike(rng, unseen, lines, lines[h.card]))
                               if player not in h.known else h for h in raid_cards)
        changes["crypts"] = tuple(attrs.evolve(c, cards=redeal(c.cards)) for c in state.crypts)
        if raid_hidden:
            if not (rs.options.solitaire and rs.options.solo_trap_order == "first-lines-known"):
                raid_cards = redeal(raid_cards)
            raid = attrs.evolve(raid, cards=raid_cards, trap=trap if trap_hidden else raid.trap)
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

    considered_toward = staticmethod(considered_toward)
    playout_toward = staticmethod(playout_toward)

    def determinise(self, state: TombState, player: int, rng: random.Random) -> TombState:
        return determinise(self, state, player, rng)
