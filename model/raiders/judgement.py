"""What search needs from Raiders of the Lost Tomb (:mod:`tombspec.model.search`): who won, an estimate
before the end, a purposeful raider for the rollouts, and the decisions worth weighing.  Not rules: a
player's judgement.  Nothing is hidden (``observe`` is the whole state), so the search's default
``determinise`` (the state itself) is the right one.

- ``returns``: 1 to the Raider who escaped with The Holy Grail; a sealed Tomb or a lost Grail is a loss
  for both.
- ``evaluate``: a race (``race``): the turns the Grail's holder still needs to reach Escape (``way``,
  read off a table of turns a purposeful raider needs from each space with what it holds: ``_Turns``)
  against the rounds before the Boss Monster can seal the Tomb (its countdown, then its way at
  ``BOSS_PACE``), times the other Raider's chance of not catching him; the other Raider's chance is
  that of catching the holder (``catch``) times his own race.
- ``playout``: a purposeful raider (``cost``): the turn's first choice (Move, Prepare, Rest, the
  Portal) by the table; after a roll the move, the spend or the place that leaves it best off one step
  ahead (``standing``: the holder by the race's margin, the Boss held back and the other Raider kept
  away; the other Raider nearest the holder); in an Attack the spend that wins or holds, else none.
- ``considered``: the few decisions (``CONSIDERED``) ``cost`` rates best; a turn's first choice only
  within ``SLACK`` of the best; in an Attack no spend, or the one that wins or holds.
"""

from __future__ import annotations

import math
import random
from typing import Any

from .actions import Prepare, Rest, Spend, UsePortal
from .rules import encounters, portal, turn
from .rules.objective import STARTING_PENNIES
from .state import RaidersState

#: a Raider's pace, the first guess of the table of turns (``_Turns``): the moves it makes in a turn of
#: its own, about (a Move roll matches a room ahead a little more often than not)
PACE = 0.6
#: the Boss Monster's pace once Spawned: the spaces it moves in a round (it moves after every roll, on
#: two turns a round, on the opposite number or into any Encounter room ahead)
BOSS_PACE = 1.3
#: the spread of the race's margin (rounds) in ``race``'s logistic
SPREAD = 2.5
#: the most decisions a search weighs at once (``considered``)
CONSIDERED = 3
#: how much worse (in turns) than the best a turn's first choice may be and still be weighed
SLACK = 0.25
#: the share of playout decisions taken at random rather than by ``cost``
PLAYOUT_NOISE = 0.1


def returns(rs: Any, state: RaidersState) -> tuple[float, float]:
    return tuple(1.0 if state.winner == p else 0.0 for p in range(2))  # type: ignore[return-value]


def _five_or_six(pennies: int, audacity: int) -> float:
    """The chance of rolling a 5 or 6 (Heads or Tails) on ``pennies``, with ``audacity`` to alter it."""
    if pennies <= 0:
        return 0.0
    hit = sum(math.comb(pennies, h) for h in range(pennies + 1) if 5 - max(h, pennies - h) <= audacity)
    return hit / 2 ** pennies


#: the most Audacity the table of ``turns`` tells apart (more is counted as this many)
MOST_AUDACITY = 4
#: what a Penny lost on a failed Trap roll costs, in turns, in ``turns``
PENNY_TURNS = 0.3


def _heads(pennies: int) -> list[tuple[int, float]]:
    return [(h, math.comb(pennies, h) / 2 ** pennies) for h in range(pennies + 1)]


class _Turns:
    """The turns a purposeful Raider needs to reach Escape, by value iteration over the board: for
    each space, Audacity held (up to ``MOST_AUDACITY``) and whether its Portal is spent, at a turn's
    start, with a fixed number of pennies.  It Moves (every room it may enter by the roll, its
    Audacity altering a number, a Natural 6; a failed roll pulls it into a Monster or Trap room ahead),
    Prepares, rolls its Encounters (a Trap moves it ahead whatever the roll, a Monster on a 5 or 6, else
    back) and uses a Portal.  The Boss Monster and the other Raider are not in it (``standing`` weighs
    them)."""

    def __init__(self, rs: Any, pennies: int):
        board = rs.board
        self.board, self.pennies = board, pennies
        spaces = sorted(board.spaces, key=lambda x: board.to_escape[x])
        self.order = spaces
        self.kind = {x: board.spaces[x].kind for x in spaces}
        self.number = {x: board.spaces[x].number for x in spaces}
        self.ahead = {x: turn.by_direction(rs, None, x, "ahead") for x in spaces}
        self.behind = {x: turn.by_direction(rs, None, x, "behind") for x in spaces}
        self.pulls = {x: encounters.pullers(rs, _At(x), 0) for x in spaces}
        self.malfunction = {x: portal.malfunction_targets(rs, x) for x in board.portals}
        self.rolls = _heads(pennies)
        self.five_or_six = [5 - max(h, pennies - h) for h, _ in self.rolls]     # Audacity a pass needs
        self.free = {x: board.spaces[x].is_encounter or self.number[x] is None for x in spaces}
        A = MOST_AUDACITY + 1
        guess = {x: [board.to_escape[x] / PACE] * A for x in spaces}
        # turn[used][space][audacity] at a turn's start, not in an encounter; room[used][...] in one
        self.turn = {True: {x: list(v) for x, v in guess.items()}, False: {x: list(v) for x, v in guess.items()}}
        self.room = {True: {x: list(v) for x, v in guess.items()}, False: {x: list(v) for x, v in guess.items()}}
        for used in (True, False):
            for _ in range(300):
                if self._sweep(used) < 1e-3:
                    break

    def enter(self, used: bool, x: str, a: int) -> float:
        if self.kind[x] == "escape":
            return 0.0
        k = self.kind[x]
        if k in ("monster", "trap") or (k == "portal" and not used):
            return self.room[used][x][a]
        return self.turn[used][x][a]

    def _move(self, used: bool, x: str, a: int) -> float:
        """One Move from ``x``: the best arrival for each roll (a stay where none is better)."""
        p = self.pennies
        pulled = self.pulls[x]
        stay = min((self.enter(used, y, a) for y in pulled), default=self.turn[used][x][a])
        total = 0.0
        for h, prob in self.rolls:
            best = stay
            natural = p == 6 and h in (0, 6)
            for y in self.board.neighbours(x):
                if natural:
                    v = self.enter(used, y, min(a + 1, MOST_AUDACITY))
                elif self.free[y]:
                    v = self.enter(used, y, a)
                else:
                    k = self.number[y]
                    need = min(abs(h - k), abs(p - h - k))
                    if need > a:
                        continue
                    v = self.enter(used, y, a - need)
                if v < best:
                    best = v
            total += prob * best
        return 1.0 + total

    def _five_or_six(self, a: int, passed: Any, failed: float) -> float:
        total = 0.0
        for (h, prob), need in zip(self.rolls, self.five_or_six):
            total += prob * (min(passed(a - max(need, 0)), failed) if need <= a else failed)
        return 1.0 + total

    def _sweep(self, used: bool) -> float:
        change = 0.0
        turn, room = self.turn[used], self.room[used]
        for x in self.order:
            if self.kind[x] == "escape":
                turn[x] = [0.0] * (MOST_AUDACITY + 1)
                room[x] = [0.0] * (MOST_AUDACITY + 1)
                continue
            for a in range(MOST_AUDACITY, -1, -1):
                move = self._move(used, x, a)
                prepare = 1.0 + turn[x][a + 1] if a < MOST_AUDACITY else math.inf
                v = min(move, prepare)
                change = max(change, abs(v - turn[x][a]))
                turn[x][a] = v
                k = self.kind[x]
                ahead = self.ahead[x]
                if k == "trap":
                    on = (lambda b, ahead=ahead: min((self.enter(used, y, b) for y in ahead), default=turn[x][b]))
                    r = self._five_or_six(a, on, on(a) + PENNY_TURNS)
                elif k == "monster":
                    on = (lambda b, ahead=ahead: min((self.enter(used, y, min(b + 1, MOST_AUDACITY)) for y in ahead),
                                                     default=turn[x][b]))
                    back = min((turn[y][max(a - 1, 0)] for y in self.behind[x]), default=turn[x][a])
                    r = self._five_or_six(a, on, back)
                elif k == "portal" and not used:
                    others = [y for y in self.board.portals if y != x]
                    there = (lambda b, others=others: min((self.turn[True][y][b] for y in others), default=math.inf))
                    back = min((self.turn[True][y][a] for y in self.malfunction[x]), default=self.turn[True][x][a])
                    r = min(self._five_or_six(a, there, back), move,
                            1.0 + room[x][a + 1] if a < MOST_AUDACITY else math.inf)
                else:
                    r = v
                change = max(change, abs(r - room[x][a]))
                room[x][a] = r
        return change


class _At:
    """A stand-in state for ``encounters.pullers``: one Raider on ``space``."""

    def __init__(self, space: str):
        self.raiders = (_Where(space),)


class _Where:
    def __init__(self, space: str):
        self.position = space


def _table(rs: Any, pennies: int) -> _Turns:
    tables = getattr(rs, "_turns_tables", None)
    if tables is None:          # built once per ruleset (and per worker: never pickled, ``CACHES``)
        tables = rs._turns_tables = {}
    t = tables.get(pennies)
    if t is None:
        t = tables[pennies] = _Turns(rs, pennies)
    return t


def way(rs: Any, state: RaidersState, player: int) -> float:
    """The turns ``player``'s Raider still needs to reach Escape, as a purposeful raider counts them
    (``_Turns``), from where it stands with what it holds; more for being Trapped by the Boss Monster
    (a roll to get free) or losing its next turn."""
    r = state.raiders[player]
    if r.position is None or r.pennies <= 0:
        return 99.0
    t = _table(rs, min(r.pennies, 6))
    a = max(min(r.audacity, MOST_AUDACITY), 0)     # an Audacity owed (reading owed) is none
    used = r.portal_used
    x = r.position
    v = (t.room if r.in_encounter else t.turn)[used][x][a]
    if r.trapped:
        v += 1.0 + (1.0 - _five_or_six(r.pennies, max(r.audacity, 0))) * 1.0
    if r.loses_next_turn:
        v += 1.0
    return v


def boss_rounds(rs: Any, state: RaidersState) -> float:
    """The rounds before the Boss Monster can seal the Tomb: its countdown, then its way at
    ``BOSS_PACE`` (it seals from a space next to Escape)."""
    board = rs.board
    where = state.boss if state.boss is not None else board.start
    return state.boss_track + max(0.0, board.to_escape[where] - 1) / BOSS_PACE


def race(rs: Any, state: RaidersState, player: int) -> float:
    """``player``'s chance of reaching Escape before the Boss Monster seals the Tomb (holding the Grail):
    the margin between the Boss's rounds and the turns the Raider needs (``way``), in a logistic."""
    if state.raiders[player].position is None:
        return 0.0
    margin = boss_rounds(rs, state) - way(rs, state, player)
    return 1.0 / (1.0 + math.exp(-margin / SPREAD))


def catch(rs: Any, state: RaidersState, hunter: int) -> float:
    """The chance that ``hunter`` (without the Grail) catches the holder and wins the Attack, roughly:
    it falls with the way between them."""
    holder = state.grail
    h, r = state.raiders[holder], state.raiders[hunter]
    if r.position is None or h.position is None:
        return 0.0
    apart = rs.board.distance[r.position].get(h.position, 99)
    win = 0.35 + 0.05 * (r.pennies + min(r.audacity, MOST_AUDACITY) - h.pennies - min(h.audacity, MOST_AUDACITY))
    return max(0.05, min(0.8, win)) * math.exp(-apart / 2.0)


def evaluate(rs: Any, state: RaidersState) -> tuple[float, float]:
    holder = state.grail
    if holder is None:
        return (0.0, 0.0)
    other = 1 - holder
    caught = catch(rs, state, other)
    mine = race(rs, state, holder)
    out = [0.0, 0.0]
    out[holder] = mine * (1.0 - caught)
    out[other] = caught * race(rs, state, other)
    return tuple(out)  # type: ignore[return-value]


def toward(rs: Any, state: RaidersState, end: str) -> float:
    """How near the game stands to ending as ``end`` (``search-ends``): ``killed``, both Raiders Killed
    ("If at any time you lose all of your pennies, you are Killed"): each Raider's share of the pennies
    he started with already lost (all of them once Killed); ``sealed``, nobody's chance of escaping
    (``evaluate``) taken away; ``escaped``, the holder's chance."""
    if end == "killed":
        return sum(1.0 if r.position is None else 1.0 - min(1.0, max(0, r.pennies) / STARTING_PENNIES)
                   for r in state.raiders) / len(state.raiders)
    if end == "sealed":
        return 1.0 - max(evaluate(rs, state))
    if end == "escaped":
        return max(evaluate(rs, state))
    return 0.5


def standing(rs: Any, state: RaidersState, player: int, depth: int = 0) -> float:
    """How well off ``player`` stands (higher is better, in turns), for a one-step look: the game's end
    as it ended; the holder by the race's margin (the Boss's rounds less its ``way``) and the danger of
    the other Raider near; the other Raider by its way to the holder (to Attack); each with its
    pennies."""
    if state.phase == "over":
        return 1000.0 if state.winner == player else -1000.0
    if state.phase in ("place", "forced-move") and state.current == player and depth < 1:
        # where the Raider is about to be placed: the best of its places
        places = rs.legal_actions(state, player)
        if places:
            return max(standing(rs, rs.step(state, a, player), player, depth + 1) for a in places)
    r = state.raiders[player]
    if r.position is None:
        return -1000.0
    pennies = -3.0 * (r.pennies <= 1) - 1.0 * (r.pennies <= 2)
    holder = state.grail
    if holder == player:
        return boss_rounds(rs, state) - way(rs, state, player) - 4.0 * catch(rs, state, 1 - player) + pennies
    if holder is not None and state.raiders[holder].position is not None:
        h = state.raiders[holder]
        apart = rs.board.distance[r.position].get(h.position, 99)
        attack = 3.0 if state.attack_due or state.phase.startswith("attack") else 0.0
        return -float(apart) - 0.5 * way(rs, state, player) / 10 + attack + pennies + 0.2 * min(r.audacity, 4)
    return -way(rs, state, player) + pennies


def _attack_need(state: RaidersState, player: int) -> int:
    """In an Attack, the Audacity worth spending: the Defender what holds the Grail against the
    Attacker's Audacity if it can (else against the roll), the Attacker what wins if it can; else none."""
    a = state.attack
    mine = state.raiders[player].audacity
    if player == a.defender:
        theirs = max(state.raiders[a.attacker].audacity, 0)      # none if owed (reading owed)
        need = a.attacker_heads + theirs - a.defender_heads
        if need > mine:
            need = a.attacker_heads - a.defender_heads     # hold at least against the roll itself
    else:
        need = a.defender_heads + (a.defender_spent or 0) - a.attacker_heads + 1
    return need if 0 < need <= mine else 0


def _attack_spend(state: RaidersState, player: int, legal: list[Any]) -> Any:
    k = _attack_need(state, player)
    return next((x for x in legal if type(x) is Spend and x.target == "own" and x.audacity == k), legal[0])


#: what a turn without a Move costs once the Boss Monster is Spawned (it moves on either number), in turns
IDLE_BOSS = 0.5


def _action_cost(rs: Any, state: RaidersState, me: int, action: Any) -> float:
    """The turns to Escape after the turn's first choice, by the table of ``_Turns``: a Move, a Portal
    used, a Prepare (one more Audacity) or a Rest (one more penny), the last two dearer once the Boss
    moves on either number."""
    r = state.raiders[me]
    t = _table(rs, min(max(r.pennies, 1), 6))
    a = max(min(r.audacity, MOST_AUDACITY), 0)     # an Audacity owed (reading owed) is none
    kind = type(action)
    idle = IDLE_BOSS if state.boss is not None else 0.0
    if kind is Prepare:
        return 1.0 + (t.room if r.in_encounter else t.turn)[r.portal_used][r.position][min(a + 1, MOST_AUDACITY)] + idle
    if kind is Rest:
        more = _table(rs, min(r.pennies + 1, 6))
        return 1.0 + (more.room if r.in_encounter else more.turn)[r.portal_used][r.position][a] + idle
    if kind is UsePortal:
        return t.room[False][r.position][a] if r.in_encounter else math.inf
    return t._move(r.portal_used, r.position, a)


def cost(rs: Any, state: RaidersState, action: Any) -> float:
    """How a purposeful raider rates ``action`` (lower is better)."""
    phase = state.phase
    me = turn.acting_player(state)
    if phase == "action":
        return _action_cost(rs, state, me, action)
    if phase in ("attack-defender", "attack-attacker"):
        own = type(action) is Spend and action.target == "own"
        return 0.0 if own and action.audacity == _attack_need(state, me) else 1.0 + action.audacity
    try:
        after = rs.step(state, action, me)
    except Exception:   # not open here: never the purposeful choice
        return math.inf
    return -standing(rs, after, me)


def considered(rs: Any, state: RaidersState, player: int, legal: list[Any]) -> list[Any]:
    """What a search weighs: in an Attack, the spend that wins or holds and none; elsewhere the
    ``CONSIDERED`` decisions ``cost`` rates best, in the order of ``legal``."""
    if len(legal) <= 1:
        return legal
    if state.phase in ("attack-defender", "attack-attacker"):
        best = _attack_spend(state, player, legal)
        return [a for a in legal if a == best or (type(a) is Spend and a.audacity == 0 and a.target == "own")]
    if state.phase == "action":     # the turn's first choice: none much worse than the best
        costs = [cost(rs, state, a) for a in legal]
        best = min(costs)
        return [a for a, c in zip(legal, costs) if c <= best + SLACK]
    rated = sorted(range(len(legal)), key=lambda k: (cost(rs, state, legal[k]), k))[:CONSIDERED]
    return [legal[k] for k in sorted(rated)]


def playout(rs: Any, state: RaidersState, rng: random.Random, legal: list[Any], player: int | None) -> Any:
    """The rollouts' policy: the action ``cost`` rates best, now and then (``PLAYOUT_NOISE``) any."""
    if rng.random() < PLAYOUT_NOISE:
        return legal[rng.randrange(len(legal))]
    if state.phase in ("attack-defender", "attack-attacker"):
        return _attack_spend(state, turn.acting_player(state), legal)
    return min(legal, key=lambda a: cost(rs, state, a))


class Judgement:
    """The search hooks of the ruleset protocol (:class:`tombspec.model.ruleset.Ruleset`); rollouts
    play ``playout`` (a purposeful raider, ``cost``)."""

    #: 32 simulations a decision, rollouts of 12 steps (about two turns) cut short by ``evaluate``:
    #: longer rollouts to the game's end gave noisier values (bench/bench_search.py, docs/search.md)
    search_budget = (32, 12)

    #: the outcome in which the players win: a Raider escapes with the Grail
    won_outcomes = frozenset({"escaped"})

    #: the tables of ``_Turns``, by pennies: built where they are first needed, never pickled
    CACHES = ("_turns_tables",)

    playout = staticmethod(playout)
    considered = staticmethod(considered)

    def returns(self, state: RaidersState) -> tuple[float, float]:
        """1 to the player who escaped with The Holy Grail; a sealed Tomb or a lost Grail is a loss for both."""
        return returns(self, state)

    def evaluate(self, state: RaidersState) -> tuple[float, float]:
        return evaluate(self, state)

    def toward(self, state: RaidersState, end: str) -> float:
        return toward(self, state, end)
