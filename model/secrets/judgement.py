"""What search needs from Secrets of the Lost Tomb (:mod:`tombspec.model.search`): who won, an estimate
before the end, a purposeful team for the rollouts, and the decisions worth weighing.  Not rules: a
player's judgement.  Nothing is hidden from a player in the model (the decks are shuffled multisets,
each draw a chance event), so the search's default ``determinise`` (the state itself) is the right one.

The plan (``rank``), from the combat arithmetic (``hit``): the Comet track moves about 0.75 a round by
the Tomb cards, and one more for every adventurer who dies or flees; creatures spawn only in red rooms,
and no starting tile is red.  So the team does not explore: it gathers in the room the Boss reaches
first (``GATHER``, one room from the Mongol's Hall by the boss's link), arms up meanwhile (a Search on
a green Search token, the Soul Monger, the spare guns handed to the adventurer with Full Auto), Rests
when hurt, and waits; when the Boss comes, every adventurer fights it in the same room (the outnumber
bonus, 4s counted as successes with Audacity), Full Auto first (5 damage, no armor, no combat).

- ``returns``: 1 to every seat among ``state.winners`` (the adventurers win or lose as a team; a
  traitor wins when they lose), 0 to the others.
- ``evaluate``: the team's chance, from what the plan values: the Boss's damage, the damage the team
  can still deal it (``firepower``: each living adventurer's expected hits on the Boss in the rounds
  left, bounded by its Health), the adventurers still in the Tomb, and the Comet track's room left; a
  traitor's is the team's failure.
- ``playout``: the plan's best decision (``rank``), now and then (``PLAYOUT_NOISE``) any.
- ``considered``: the plan's ``CONSIDERED`` best decisions (never an item dropped, an adventurer
  fought or robbed, a tile explored).
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any

from .actions import Buy
from .board import tomb_of
from .rules import adventurers as advs
from .rules import items
from .rules.adventurers import is_traitor
from .state import SecretsState

#: where the team waits for the Boss: one room from the Mongol's Hall by the boss's link, not red (no
#: spawns), and never reached by the Boss through the Tomb's Entrance (leaving it loses the scenario)
GATHER = "Pharaoh's Hall"
#: who the team chooses, best first: Full Auto (10 damage on two guns), then the guns and the Health
TEAM = ("Christopher St. George", "Bianca Sinclair", "James T. Temple", "Alligator MacPhee", "Chang Li Tao",
        "Libby Villa", "Lady Rocket", "Hadji Singh", "Heidi DuPont", "Prof. Forrestal")
#: the adventurer whose ability turns a gun into 5 damage
GUNNER = "Christopher St. George"
#: the most decisions a search weighs at once (``considered``)
CONSIDERED = 3
#: how much worse (in the plan's score) than the best a decision may be and still be weighed
SLACK = 30.0
#: the share of playout decisions taken at random rather than by ``rank``
PLAYOUT_NOISE = 0.05


def returns(rs: Any, state: SecretsState) -> tuple[float, ...]:
    won = state.winners
    return tuple(1.0 if p in won else 0.0 for p in range(len(state.seats)))


# The combat arithmetic ---------------------------------------------------------------------------

@cache
def hit(pool: int, wide: bool, rating: int, armor: int, worn: int) -> tuple[float, float]:
    """The expected damage dealt to and taken from a creature of Combat ``rating`` and Armor ``armor`` by
    ``pool`` dice (each a d12 showing 1-6 twice: a 5 a success, a 6 a critical; ``wide``: 4s succeed
    too), wearing ``worn`` armor: dealt is the successes less the Armor, plus the criticals; taken is the
    rating over successes, criticals and armor."""
    p_plain, p_crit = (2 / 6 if wide else 1 / 6), 1 / 6
    dealt = taken = 0.0
    for a in range(pool + 1):
        for b in range(pool - a + 1):
            pr = math.comb(pool, a) * math.comb(pool - a, b) * p_plain ** a * p_crit ** b * \
                (1 - p_plain - p_crit) ** (pool - a - b)
            dealt += pr * (max(0, a - armor) + b)
            taken += pr * max(0, rating - a - b - worn)
    return dealt, taken


def weapon_dice(rs: Any, adv: Any) -> tuple[int, bool]:
    """The best pool the adventurer's weapons give (no outnumber bonus) and whether 4s succeed."""
    best, wide = advs.attribute(rs, adv, "strength"), False
    for weapons in items.weapon_sets(rs, adv):
        if not weapons:
            continue
        attr = items.card(rs, weapons[0]).attribute
        pool = advs.attribute(rs, adv, attr) + sum(items.card(rs, w).combat for w in weapons)
        w4 = any(4 in items.card(rs, w).succeeds_on for w in weapons)
        if pool + 3 * w4 > best + 3 * wide:
            best, wide = pool, w4
    return best, wide


def worn_armor(rs: Any, adv: Any) -> int:
    return max((sum(items.card(rs, a).armor for a in armor) for armor in items.armor_sets(rs, adv)), default=0)


def guns(rs: Any, adv: Any) -> int:
    return sum(1 for h in adv.cards if items.card(rs, h.name).gun)


def full_autos(rs: Any, adv: Any) -> int:
    """The Full Autos (5 damage, no armor) the adventurer still has guns and tokens for."""
    if adv.name != GUNNER:
        return 0
    return min(adv.token_count("Full Auto"), guns(rs, adv))


def boss_card(rs: Any) -> Any:
    for c in rs.components.creatures.values():
        if c.name == rs.scenario.boss:
            return c
    return None


def firepower(rs: Any, state: SecretsState, seat: int, outnumber: int) -> float:
    """The damage an adventurer can expect to deal the Boss in one round of the team's fight: Full Auto
    where it can, else a combat a token, 4s counting while Audacity lasts; cut where its Health runs
    out."""
    adv = state.seats[seat].adventurer
    bc = boss_card(rs)
    if adv is None or bc is None:
        return 0.0
    pool, wide = weapon_dice(rs, adv)
    worn = worn_armor(rs, adv)
    tokens = state.seats[seat].action_tokens
    fa = min(full_autos(rs, adv), tokens)
    total, health, audacity = 5.0 * fa, float(adv.health), adv.audacity
    for _ in range(tokens - fa):
        boosted = wide or audacity > 0
        audacity -= 0 if wide else 1
        dealt, taken = hit(pool + outnumber, boosted, bc.combat, bc.armor, worn)
        if health <= taken:
            break
        total += dealt
        health -= taken
    return total


# Cards ---------------------------------------------------------------------------------------------

def card_value(rs: Any, adv: Any, name: str) -> float:
    """How much a card helps the plan in ``adv``'s hands: a weapon by the dice it adds over the
    adventurer's best (a gun more for Full Auto), armor, healing, attribute bonuses."""
    if name in rs.components.companions:
        return 2.0 + rs.components.companions[name].health / 2
    c = items.card(rs, name)
    value = 0.0
    if c.is_weapon:
        dice = advs.attribute(rs, adv, c.attribute) + c.combat + (3 if 4 in c.succeeds_on else 0)
        value += 1.0 + max(0, dice - 4) * 0.5
        if c.gun and adv.name == GUNNER:
            value += 4.0
    value += 2.5 * c.armor
    value += sum(n for _, n in c.bonuses) * 0.5
    for op in c.use:
        if op.kind == "heal":
            value += 1.0 + 0.3 * op.amount * max(1, c.uses)
        elif op.kind in ("courage", "audacity"):
            value += 0.5
    return value


# The plan ------------------------------------------------------------------------------------------

def target_room(rs: Any, state: SecretsState, seat: int) -> str:
    """Where the adventurer should be: the Boss's room once the Boss is out and reachable, else the
    gathering room."""
    boss = state.boss
    adv = state.seats[seat].adventurer
    if boss is not None and adv is not None:
        dist = tomb_of(rs, state.rooms).distances("adventurer", adv.room)
        if boss.room in dist:
            return boss.room
    return GATHER


def _distance(rs: Any, state: SecretsState, a: str, b: str) -> int:
    return tomb_of(rs, state.rooms).distances("adventurer", a).get(b, 99)


def _spare_gun(rs: Any, state: SecretsState, seat: int) -> str | None:
    """A gun this adventurer should hand to the gunner (in the same room, with fewer than 2 guns): one it
    does not wield as its best weapon."""
    adv = state.seats[seat].adventurer
    if adv is None or adv.name == GUNNER:
        return None
    gunner = next((s for s in state.seats_in(adv.room) if state.seats[s].adventurer.name == GUNNER), None)
    if gunner is None or guns(rs, state.seats[gunner].adventurer) >= 2 or \
            state.seats[gunner].adventurer.token_count("Full Auto") < 2:
        return None
    held = [h.name for h in adv.cards if items.card(rs, h.name).gun]
    if not held:
        return None
    if len(held) >= 2:
        return min(held, key=lambda n: items.card(rs, n).combat)
    return held[0] if state.comet >= 6 else None


def turn_score(rs: Any, state: SecretsState, seat: int, action: Any) -> float:
    """The plan's value of one of the turn's actions (higher is better)."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    boss = state.boss
    here = state.creatures_in(adv.room)
    hurt = adv.start_health - adv.health
    kind = action.kind
    goal = target_room(rs, state, seat)
    if kind == "ability":
        if action.name == "Full Auto":
            return 100.0 if boss is not None and boss.room == adv.room else -20.0
        return -10.0
    if kind == "fight":
        if action.target.startswith("s"):
            return -100.0
        c = state.creature(action.target)
        if boss is not None and c.key == boss.key:
            return 90.0 if adv.health > 2 else 20.0
        return 80.0
    if kind == "use":
        c = items.card(rs, action.card)
        if any(op.kind == "heal" for op in c.use):
            return 70.0 if hurt >= 3 else -5.0
        return -5.0
    if kind == "rest":
        if action.option == "health":
            return 60.0 if hurt >= 2 else 30.0 if hurt > 0 else -5.0
        if action.option == "courage":
            return 40.0 if adv.courage <= -3 else 5.0
        if action.option == "both":
            return 35.0 if hurt > 0 and adv.courage < 0 else 4.0
        return 1.0
    if kind == "move":
        if here:
            return 10.0 if adv.room != goal else -30.0
        return 75.0 if adv.room != goal else 0.0
    if kind == "trade":
        return 65.0 if _spare_gun(rs, state, seat) or _spare_gun(rs, state, action.seat) else -20.0
    if kind == "barter":
        return 55.0 if _best_buy(rs, state, seat) is not None else -20.0
    if kind == "pick-up":
        return 50.0
    if kind == "search":
        colour = state.seats[seat].search
        if boss is not None and boss.room == adv.room:
            return -50.0
        return {0: 45.0, 1: 3.0, 2: -10.0}[colour]
    if kind in ("drop", "steal"):
        return -100.0
    if kind == "save":
        return 20.0
    return -5.0


def _best_buy(rs: Any, state: SecretsState, seat: int) -> Any:
    adv = state.seats[seat].adventurer
    best, value = None, 1.5
    for name in dict.fromkeys(state.monger.cards()):
        if items.price(rs, name) <= adv.shards:
            v = card_value(rs, adv, name)
            if v > value:
                best, value = Buy(name), v
    return best


def score(rs: Any, state: SecretsState, seat: int, action: Any) -> float:
    """The plan's value of any decision of ``seat`` (higher is better)."""
    head = state.head
    kind = action.kind
    if head is None:
        return turn_score(rs, state, seat, action)
    adv = state.seats[seat].adventurer
    if kind in ("choose",):
        return -TEAM.index(action.adventurer) if action.adventurer in TEAM else -50.0
    if kind == "decline":
        return -100.0
    if head.kind == "move":
        if adv is None:
            return 0.0
        goal = target_room(rs, state, seat)
        if kind == "stop":
            return 0.0 if adv.room == goal else -5.0
        if kind == "step":
            d0 = _distance(rs, state, adv.room, goal)
            d1 = _distance(rs, state, action.room, goal)
            return 10.0 * (d0 - d1) - (3.0 if state.creatures_in(action.room) and action.room != goal else 0.0)
        return -100.0          # explore, fall: never a new tile (red rooms spawn creatures)
    if kind == "push":
        return -1.0
    if kind in ("stand", "evade"):
        return 1.0 if kind == "stand" else 0.0
    if kind == "wield":
        from .rules.combat import pool_for

        dice = pool_for(rs, state, seat, action.weapons, action.armor, action.area)
        wide = any(4 in items.card(rs, w).succeeds_on for w in action.weapons)
        armor = sum(items.card(rs, a).armor for a in action.armor)
        return dice * (1.5 if wide else 1.0) + 2.0 * armor - (3.0 if action.area else 0.0)
    if kind in ("boost", "roll"):
        if kind == "roll":
            return 0.0
        boss = state.boss
        fighting_boss = state.combat is not None and boss is not None and state.combat.foe == boss.key
        return 1.0 if head.target == "combat" and "wide" not in head.flags and fighting_boss else -1.0
    if kind in ("accept", "reroll"):
        return 0.0 if kind == "accept" else -1.0
    if kind == "give":
        gunner = state.seats[action.to].adventurer
        if gunner is not None and gunner.name == GUNNER and action.card == _spare_gun(rs, state, seat):
            return 5.0
        return -5.0
    if kind == "buy":
        return card_value(rs, adv, action.item) - 1.5 if adv is not None else -1.0
    if kind in ("sell", "service"):
        return -1.0
    if kind in ("keep", "take"):
        return card_value(rs, adv, action.card) if adv is not None else 0.0
    if kind == "discard":
        return -card_value(rs, adv, action.card) if adv is not None else 0.0
    if kind == "branch":
        bad = any(op.kind in ("damage", "spawn") for op in (head.ops if action.passed else head.alt))
        return -1.0 if bad else 0.0
    if kind == "redirect":
        return float(action.amount)
    if kind == "target":
        other = state.seats[action.seat].adventurer
        return 0.0 if other is None else other.health + worn_armor(rs, other)
    if kind == "brace":             # the rating (half the pool) and the armor she defends with; Audacity kept
        from .rules.combat import pool_for

        dice = pool_for(rs, state, seat, action.weapons, action.armor, False, defending=True)
        armor = sum(items.card(rs, a).armor for a in action.armor)
        return 0.5 * dice + 2.0 * armor - 2.0 * action.audacity
    return 0.0


def rank(rs: Any, state: SecretsState, player: int, legal: list[Any]) -> list[Any]:
    """``legal`` best first by the plan (ties: the order of ``legal``)."""
    scored = sorted(range(len(legal)), key=lambda k: (-score(rs, state, player, legal[k]), k))
    return [legal[k] for k in scored]


def plan(rs: Any, state: SecretsState, rng: random.Random, legal: list[Any], player: int | None) -> Any:
    """The plan's best decision (ties: the first in ``legal``): a policy of its own."""
    if len(legal) == 1 or player is None:
        return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
    return max(legal, key=lambda a: score(rs, state, player, a))


def playout(rs: Any, state: SecretsState, rng: random.Random, legal: list[Any], player: int | None) -> Any:
    """The rollouts' policy: the plan's best decision, now and then (``PLAYOUT_NOISE``) any."""
    if len(legal) > 1 and rng.random() < PLAYOUT_NOISE:
        return legal[rng.randrange(len(legal))]
    return plan(rs, state, rng, legal, player)


def considered(rs: Any, state: SecretsState, player: int, legal: list[Any]) -> list[Any]:
    """What a search weighs: the plan's ``CONSIDERED`` best decisions within ``SLACK`` of the best, none
    it rates below nothing (an item dropped or sold, an adventurer fought or robbed, a tile explored, a
    trade with nothing to hand over), in the order of ``legal``."""
    if len(legal) <= 1:
        return legal
    scores = [score(rs, state, player, a) for a in legal]
    top = max(scores)
    best = sorted(range(len(legal)), key=lambda k: (-scores[k], k))[:CONSIDERED]
    kept = [legal[k] for k in sorted(best) if scores[k] >= min(0.0, top) and scores[k] >= top - SLACK]
    return kept


# The estimate --------------------------------------------------------------------------------------

def team_value(rs: Any, state: SecretsState) -> float:
    sc = rs.scenario
    bc = boss_card(rs)
    health = bc.health if bc is not None else 1
    boss = state.boss
    damage = boss.damage if boss is not None else 0
    seats = state.in_tomb()
    rounds_left = max(0.0, (sc.comet_end - state.comet) / 0.75)
    if boss is None:
        rounds_left = max(0.0, rounds_left - 8 / 0.75)
    n = len(seats)
    # the damage the team can deal in a round of fighting together, against what is left
    out = min(4, max(0, n - 1))
    power = sum(firepower(rs, state, s, out) for s in seats)
    left = max(0, health - damage)
    rounds_needed = left / max(0.5, power) + (0 if boss is not None else 1)
    race = 1.0 / (1.0 + math.exp(-(rounds_left - rounds_needed - 1.0)))
    together = 0.0
    if n:
        goal = boss.room if boss is not None else GATHER
        together = sum(1 for s in seats if state.seats[s].adventurer.room == goal) / n
    alive = n / max(1, len(state.seats))
    return 0.02 + 0.35 * (damage / max(1, health)) + 0.35 * race + 0.14 * alive + 0.08 * together + \
        0.06 * min(1.0, power / max(1, health))


def evaluate(rs: Any, state: SecretsState) -> tuple[float, ...]:
    team = min(1.0, team_value(rs, state))
    return tuple(1.0 - team if is_traitor(rs, s.adventurer) else team for s in state.seats)


class Judgement:
    """The search hooks of the ruleset protocol (:class:`tombspec.model.ruleset.Ruleset`); rollouts
    play ``playout`` (the plan)."""

    #: 16 simulations a decision, rollouts of 20 steps (about two adventurers' turns) cut short by
    #: ``evaluate`` (bench/bench_search.py, docs/search.md)
    search_budget = (16, 20)

    #: the outcome in which the players win: the adventurers win as a team (a traitor's win is the team's loss)
    won_outcomes = frozenset({"won"})

    playout = staticmethod(playout)
    considered = staticmethod(considered)

    def returns(self, state: SecretsState) -> tuple[float, ...]:
        return returns(self, state)

    def evaluate(self, state: SecretsState) -> tuple[float, ...]:
        return evaluate(self, state)
