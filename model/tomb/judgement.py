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
  still kill, and a Monster killed is a way of dying lost.  Most Characters kill a lone Monster and
  live; only two strong Monsters together (a Ghoul, Komodo, Elithe: ``STRONG``) kill the strongest
  more often than not.  Hence: the strong Monsters placed first, in pairs, the weak ones apart from
  them (beside a strong one left alone once no partner is likely), the other cards apart from the
  Monsters; each Party raids the Crypt where it is expected to kill fewest Monsters (``fight``: the
  odds of a Combat to the end, from the printed dice; ``harm``), the Party without an armed Character the
  one with the most Monster power, a Crypt without a Monster never (raiding it only empties the Tomb);
  the Character expected to kill fewest kept and recruited, one at a time; no Flight, no Inn cards, no
  healing; the Monster that hits hardest attacks, the Character who could kill takes the blow (of
  equals the most wounded), the Monster with most Hit Points left is attacked.
"""

from __future__ import annotations

import math
import random
from typing import Any

import attrs

from ..chance import Deck
from .actions import (Attack, Continue, Disarm, Done, DrawFrom, Flee, Heal, Keep, Leave, MonsterAttack, Move, MoveTo,
                      Pass, Pickpocket, PlaceCard, Recruit, ReturnToInn, Target, UseCard)
from .actions import Raid as RaidAction
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


def _dice_odds(pool: tuple[int, int, int, int]) -> tuple[float, ...]:
    """The chance of each number of successes of a pool of tomb dice (green, blue, red, automatic)."""
    odds = [1.0]
    for colour, n in zip(TOMB_COLOURS, pool[:3]):
        p = float(TOMB_SUCCESS[colour])
        for _ in range(n):
            nxt = [0.0] * (len(odds) + 1)
            for k, q in enumerate(odds):
                nxt[k] += q * (1.0 - p)
                nxt[k + 1] += q * p
            odds = nxt
    return tuple([0.0] * pool[3] + odds)


def fight(rs: Any, hp: int, pool: tuple[int, int, int, int], monsters: tuple[tuple[int, tuple[int, int, int, int]], ...]
          ) -> tuple[float, float]:
    """What a lone fighter of ``hp`` Hit Points left rolling ``pool`` to attack does to ``monsters`` (each its
    Hit Points and its Attack pool, in the order they attack) when he fights them to the end: the
    Monsters he is expected to kill, and the chance he lives (he killed them all).  Each Combat Round the
    Monsters act first and then in turn with him (the hardest hitter first), he attacks the Monster with
    the most Hit Points left.  A judgement of the odds, not the rules: no card text, no Reacts."""
    memo = rs.memo.setdefault("fight", {})
    key = (hp, pool, monsters)
    got = memo.get(key)
    if got is not None:
        return got
    mine = _dice_odds(pool)
    theirs = [_dice_odds(m[1]) for m in monsters]
    start = tuple(m[0] for m in monsters)
    states: dict[tuple[int, tuple[int, ...], int], float] = {(hp, start, 0): 1.0}
    died = 0.0           # the expected kills of the rounds where he dies, weighted by their chance
    for step in (0, -1, *range(1, len(monsters))):
        nxt: dict[tuple[int, tuple[int, ...], int], float] = {}
        for (left, hps, k), p in states.items():
            if not any(hps) or (step >= 0 and not hps[step]):
                nxt[(left, hps, k)] = nxt.get((left, hps, k), 0.0) + p
                continue
            if step < 0:
                t = max(range(len(hps)), key=lambda i: (hps[i], -i))
                for n, q in enumerate(mine):
                    if q:
                        after = list(hps)
                        after[t] = max(0, after[t] - n)
                        s = (left, tuple(after), k + (not after[t]))
                        nxt[s] = nxt.get(s, 0.0) + p * q
            else:
                for n, q in enumerate(theirs[step]):
                    if not q:
                        continue
                    if n >= left:
                        died += p * q * k
                    else:
                        s = (left - n, hps, k)
                        nxt[s] = nxt.get(s, 0.0) + p * q
        states = nxt
    same = states.pop((hp, start, 0), 0.0)
    if same >= 1.0 - 1e-9:            # nobody can hurt anybody
        memo[key] = (0.0, 1.0)
        return memo[key]
    kills, lives = died, 0.0
    for (left, hps, k), p in states.items():
        if not any(hps):
            kills += p * k
            lives += p
        else:
            more, live = fight(rs, left, pool, tuple((h, m[1]) for h, m in zip(hps, monsters)))
            kills += p * (k + more)
            lives += p * live
    memo[key] = (kills / (1.0 - same), lives / (1.0 - same))
    return memo[key]


def _attack_pool(rs: Any, name: str, attached: tuple[str, ...] = ()) -> tuple[int, int, int, int]:
    """A Character's Attack dice: printed, plus his Attached cards' bonuses (no raise, no class bonus)."""
    dice = list(rs.cards.characters[name].dice.get("attack") or (0, 0, 0))
    for att in attached:
        bonus = rs.cards.card(att).bonus.get("attack")
        if bonus:
            dice = [a + b for a, b in zip(dice, bonus)]
    return (max(dice[0], 0), max(dice[1], 0), max(dice[2], 0), 0)


def _hit_points(rs: Any, name: str, attached: tuple[str, ...] = ()) -> int:
    from .cards import InnCard

    hp = rs.cards.characters[name].hp
    for att in attached:
        c = rs.cards.card(att)
        hp += c.hp if isinstance(c, InnCard) else c.hp_bonus
    return hp


def _fighter(rs: Any, state: TombState, player: int) -> tuple[int, tuple[int, int, int, int]] | None:
    """The Party of ``player`` as one fighter: its armed Characters' Hit Points left and Attack dice
    together (they take the blows first; the unarmed ones cannot kill); None for a Party without one."""
    hp, pool = 0, [0, 0, 0, 0]
    for ch in state.parties[player].characters:
        dice = _attack_pool(rs, ch.name, ch.attached)
        if any(dice):
            hp += max(1, _hit_points(rs, ch.name, ch.attached) - ch.wounds)
            pool = [a + b for a, b in zip(pool, dice)]
    return (min(hp, 20), (pool[0], pool[1], pool[2], pool[3])) if hp else None


def crypt_monsters(rs: Any, state: TombState, cid: str) -> tuple[tuple[int, tuple[int, int, int, int]], ...]:
    """The Monsters face down in Crypt ``cid`` (true cards), and those of a Raid of it still alive (back
    in it, healed, once the Party dies), as ``fight`` takes them: the hardest hitter first."""
    cards = tuple(h.card for c in state.crypts if c.id == cid for h in c.cards)
    raid = state.raid
    if raid is not None and raid.crypt == cid:
        cards += tuple(h.card for h in raid.cards) + raid.early + tuple(m.card for m in raid.monsters if not m.dead)
    return _monsters(rs, cards)


def _monsters(rs: Any, cards: tuple[str, ...]) -> tuple[tuple[int, tuple[int, int, int, int]], ...]:
    cards = tuple(sorted(cards))
    memo = rs.memo.setdefault("fight-monsters", {})
    got = memo.get(cards)
    if got is None:
        out = []
        for m in sorted((m for m in cards if monster_power(rs, m) > 0), key=lambda m: (-monster_power(rs, m), m)):
            c = rs.cards.crypt[m]
            dice = c.dice.get("attack") or (0, 0, 0)
            out.append((c.hp, (dice[0], dice[1], dice[2], 0)))
        got = memo[cards] = tuple(out)
    return got


def harm(rs: Any, state: TombState, cid: str, fighter: tuple[int, tuple[int, int, int, int]] | None) -> float:
    """How much a raid of Crypt ``cid`` by ``fighter`` (``_fighter``) costs the aim no-characters: the
    Monsters he is expected to kill, and ``SURVIVOR`` more if he lives (he will raid again)."""
    if fighter is None:
        return 0.0
    return _harm_of(rs, fighter, crypt_monsters(rs, state, cid))


def _harm_of(rs: Any, fighter: tuple[int, tuple[int, int, int, int]],
             monsters: tuple[tuple[int, tuple[int, int, int, int]], ...]) -> float:
    kills, lives = fight(rs, fighter[0], fighter[1], monsters)
    return kills + SURVIVOR * lives


#: what a Character who kills every Monster of a Crypt and lives costs besides them (he raids again)
SURVIVOR = 1.5


def _target_door(rs: Any, state: TombState, player: int | None = None) -> str | None:
    """The Door of the Crypt to raid: for ``player``'s Party the Crypt holding Monsters where it is
    expected to kill fewest of them (``harm``; of equals, the most Monster power); without a player, or
    a Party without an armed Character, the Crypt with the most Monster power; with no Monster left in
    a Crypt, one still holding cards (the aim is lost: the game had better end); None once the Crypts
    are empty."""
    powers = {c.id: crypt_power(rs, state, c.id) for c in state.crypts if c.cards}
    fighter = _fighter(rs, state, player) if player is not None else None
    if fighter is not None and any(powers.values()):
        best = min((cid for cid in powers if powers[cid] > 0),
                   key=lambda cid: (round(harm(rs, state, cid, fighter), 6), -powers[cid], cid))
    else:
        best = max(powers, key=lambda cid: (powers[cid], cid), default=None)
    if best is None:
        return None
    return min(d for d, cid in rs.board.doors.items() if cid == best)


#: the Monster power (``monster_power``) from which a Monster is strong: two of them together in a Crypt
#: kill the strongest Characters far more often than these kill one of them; a weaker pair, or a lone
#: Monster, the strongest kill, and live
STRONG = 3.0


def _place_cost(rs: Any, state: TombState, card: str, cid: str) -> float:
    """How well placing Crypt card ``card`` in Crypt ``cid`` while the Tomb is filled serves no-characters
    (lower is better): the strong Monsters first, in pairs (the only Crypts where the strongest
    Characters die more often than they kill); a weak Monster then, where it keeps no strong one from
    its pair (a Crypt of one card first), but beside a strong one left alone once another pair is
    unlikely (more of them alone than strong ones in the players' hands, and two alone or few places
    left: any Monster beside it is better than none); the other
    cards last, apart from the Monsters."""
    power = monster_power(rs, card)
    here = [monster_power(rs, h.card) for c in state.crypts if c.id == cid for h in c.cards]
    capacity = rs.board.crypts[cid].capacity
    strong_here = any(p >= STRONG for p in here)
    weak_here = any(0 < p < STRONG for p in here)
    if power >= STRONG:
        rank = 0 if strong_here else 1 if not here and capacity >= 2 else 2 if capacity == 1 else 3
        return -1000.0 + 10.0 * rank - power
    if power > 0:
        if strong_here:
            free = sum(rs.board.crypts[c.id].capacity - len(c.cards) for c in state.crypts)
            alone = sum(1 for c in state.crypts if rs.board.crypts[c.id].capacity == 2 and len(c.cards) == 1
                        and monster_power(rs, c.cards[0].card) >= STRONG)
            coming = sum(1 for q in state.parties for c in q.crypt_hand if monster_power(rs, c) >= STRONG)
            rank = -1 if alone > coming and (alone >= 2 or free - alone <= 3) else 4
        else:
            rank = 0 if capacity == 1 else 1 if weak_here else 2 if here else 3
        return -600.0 + 10.0 * rank - power
    rank = 0 if here and not any(here) else 1 if not here else 2 if not strong_here else 3
    return -500.0 + 10.0 * rank


def character_harm(rs: Any, state: TombState, name: str) -> float:
    """``harm`` of Character ``name`` alone, unhurt, raiding the Crypt where it is least."""
    pool = _attack_pool(rs, name)
    if not any(pool):
        return 0.0
    fighter = (rs.cards.characters[name].hp, pool)
    return min((_harm_of(rs, fighter, ms) for ms in (crypt_monsters(rs, state, c.id) for c in state.crypts) if ms),
               default=0.0)


def cost_toward(rs: Any, state: TombState, player: int, action: Any, door: Any = "") -> float:
    """How well ``action`` serves the end no-characters (lower is better; ``AGAINST`` or more works
    against it).  Not a rule: the judgement of players who want every Character dead.  ``door``: the
    state's ``_target_door``, where the caller has it."""
    party = state.parties[player]
    if door == "" and isinstance(action, (RaidAction, Move, MoveTo)):
        door = _target_door(rs, state, player)
    if isinstance(action, PlaceCard):
        return _place_cost(rs, state, action.card, action.crypt)
    if isinstance(action, (Keep, Recruit)):
        if isinstance(action, Recruit) and party.characters and state.task is not None and state.task.kind == "turn":
            return AGAINST                 # one Character at a time: a Party of several kills the Monsters
        return 10.0 * character_harm(rs, state, action.character) + 0.1 * character_strength(rs, action.character)
    if isinstance(action, MonsterAttack):
        raid = state.raid
        return -monster_power(rs, raid.monsters[int(action.monster[1:])].card) if raid is not None else 0.0
    if isinstance(action, Target):         # the one who could kill a Monster takes the blow; of equals the most wounded
        ch = party.character(action.character)
        if ch is None:
            return 0.0
        return -10.0 * expected_successes(_attack_pool(rs, ch.name, ch.attached)[:3]) - float(ch.wounds)
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
    door = _door_for(rs, state, player, legal)
    return _kept(legal, [cost_toward(rs, state, player, a, door) for a in legal])


def _door_for(rs: Any, state: TombState, player: int, legal: list[Any]) -> Any:
    """``_target_door`` where one of ``legal`` goes somewhere (a Raid, a Move), else "" (unused)."""
    if any(isinstance(a, (RaidAction, Move, MoveTo)) for a in legal):
        return _target_door(rs, state, player)
    return ""


def _kept(legal: list[Any], costs: list[float]) -> list[Any]:
    best = min(costs)
    keep = [k for k, c in enumerate(costs) if (c < AGAINST or best >= AGAINST) and c <= best + MARGIN]
    keep = sorted(sorted(keep, key=lambda k: (costs[k], k))[:CONSIDERED])
    return [legal[k] for k in keep]


def playout_toward(rs: Any, state: TombState, rng: random.Random, legal: list[Any], player: int | None,
                   end: str) -> Any:
    """``search-ends``' rollouts towards ``end``: towards ``no-characters`` the decision ``cost_toward``
    rates best (the first of equals), now and then (``PLAYOUT_NOISE``) any of those ``considered_toward``
    keeps; towards another end, any."""
    if end != "no-characters" or player is None:
        return legal[rng.randrange(len(legal))]
    noise = rng.random() < PLAYOUT_NOISE
    door = _door_for(rs, state, player, legal)
    costs = [cost_toward(rs, state, player, a, door) for a in legal]
    if noise:
        kept = _kept(legal, costs)
        return kept[rng.randrange(len(kept))]
    return legal[min(range(len(legal)), key=lambda k: (costs[k], k))]


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
