"""What search needs from Monsters of Egypt (:mod:`tombspec.model.search`): who won, an estimate before
the end, and a deal of what a player cannot see.  Not rules: a player's judgement.

- ``returns``: 1 to every player among ``state.winners`` (a victory is every winner's whole, not a
  share: the heroes' players win together), 0 to the others.
- ``evaluate``: a hero's chance, roughly: the team's progress (the crystal held by a living hero, a
  door open, a key in hand, the chests opened while the crystal is hidden, how near the hero is to
  his next target by the safest way) times his lives, all out of the tomb once the crystal is out, and
  a turn clock (``CLOCK``: a game in which a hero waits forever is won by nobody); a hero's player
  gets half the team's mean and half his hero's, under the ``team`` reading the team's mean; the
  spirit of the tomb's is the heroes' failure.
- ``playout``: a careful hero (``cost``): the safest way to the next target (a key to its statue, the
  exit once a door is open and the crystal held, face-up crystal or keys, face-down chests, then
  hazards), a key or the crystal picked up at once, never leaving before the crystal is out or held.
- ``considered``: the few decisions (``CONSIDERED``) ``cost`` rates best, no drop only to pick up
  again, no ladder or wall bomb while a target is in reach: the search weighs what follows them.
- ``determinise``: ``observe`` shows a face-down token's back only, and of the tokens still to deal
  only how many: every face-down token's name is dealt again from the tokens of the same back the
  player cannot see (the face-down ones of the board and those still to deal: chests with chests,
  hazards with hazards, starting items among themselves); each token keeps its place and id.
"""

from __future__ import annotations

import random
from typing import Any

from ..chance import Deck
from ..options import read
from .board import STATUE_DOOR, landing
from .rules.tomb import terrain
from .rules.modes import SPIRIT
from .state import DEAD, ESCAPED, EgyptState, evolve


def returns(rs: Any, state: EgyptState) -> tuple[float, ...]:
    won = state.winners
    return tuple(1.0 if p in won else 0.0 for p in range(rs.num_players))


#: the distance (movements) beyond which being nearer a target is worth nothing more in ``evaluate``
FAR = 24
#: what a movement onto a space costs a careful hero in ``_plan`` beyond the movement itself: a face-down
#: hazard token (a trap or a monster, most likely), a revealed monster (a fight)
HAZARD_COST, MONSTER_COST = 3, 5
#: what each turn begun costs in ``evaluate`` (a factor): the game never ends while a hero waits, and a
#: game that never ends is won by nobody
CLOCK = 0.95
#: the most decisions a search weighs at once (``considered``)
CONSIDERED = 2
#: the share of playout decisions taken at random rather than by ``cost``
PLAYOUT_NOISE = 0.1


def _crystal(rs: Any, state: EgyptState) -> bool:
    """The crystal is held by a hero who is alive (in the tomb or out of it)."""
    return any(h.status != DEAD and any(rs.kind(t).has("crystal") for t in h.items) for h in state.heroes)


def _holds(rs: Any, items: Any, effect: str) -> bool:
    return any(rs.kind(t).has(effect) for t in items)


def _targets(rs: Any, state: EgyptState, i: int, aim: str = "") -> tuple[str, tuple[str, ...]]:
    """What hero ``i`` heads for next, and its spaces, as a careful player sees the board: a held key to
    its statue while no door is open; once a door is open and the crystal is held by a living hero (or
    in his own hands), the exit; else the crystal or a key lying face up; else the face-down chests
    (items, the keys and the crystal are in chests); else the face-down hazards; else the exit.  Aiming
    at ``no-crystal`` (``search-ends``), the crystal is never wanted and an open door leads to the exit."""
    h = state.heroes[i]
    board = rs.board
    door_open = len(state.doors) < 2
    if not door_open:
        statues = tuple(space for statue, space in board.statues.items()
                        if STATUE_DOOR[statue] in state.doors and _holds(rs, h.items, f"key-{STATUE_DOOR[statue]}"))
        if statues:
            return "statue", statues
    crystal = _crystal(rs, state)
    if door_open and (crystal or aim == "no-crystal"):
        return "exit", (board.exit,)
    wanted = ("crystal",) if door_open else ("crystal", "key-yellow", "key-black")
    held_keys = any(_holds(rs, x.items, "key-yellow") or _holds(rs, x.items, "key-black")
                    for x in state.heroes if x.status != DEAD)
    up, chests, hazards = [], [], []
    for p in state.piles:
        for t in p.tokens:
            if not t.face_up:
                (chests if t.back == "chest" else hazards if t.back == "hazard" else chests).append(p.space)
            else:
                k = rs.kind(t)
                if (k.has("crystal") and aim != "no-crystal") or (not door_open and not held_keys and any(k.has(w) for w in wanted[1:])):
                    up.append(p.space)
    for kind, spaces in (("find", up), ("chest", chests), ("hazard", hazards)):
        if spaces:
            return kind, tuple(sorted(set(spaces)))
    return "exit", (board.exit,) if door_open else ()


_DIST: dict[Any, dict[str, int]] = {}


def _plan(rs: Any, state: EgyptState, i: int, aim: str = "") -> tuple[str, dict[str, int]]:
    """What hero ``i`` heads for (``_targets``) and, from every space, the cost of the way there: a
    movement each, plus the risk of passing a face-down hazard or a revealed monster (``HAZARD_COST``,
    ``MONSTER_COST``), on the terrain of the moment.  Remembered by terrain, targets and risks."""
    import networkx as nx

    what, targets = _targets(rs, state, i, aim)
    g = rs._moves_graph(state)
    risky: dict[str, int] = {}
    for p in state.piles:
        for t in p.tokens:
            if not t.face_up and t.back == "hazard":
                risky[p.space] = max(risky.get(p.space, 0), HAZARD_COST)
            elif t.face_up and rs.kind(t).is_monster:
                risky[p.space] = MONSTER_COST
    key = (terrain(rs, state), targets, tuple(sorted(risky.items())))
    hit = _DIST.get(key)
    if hit is None:
        if len(_DIST) > 4096:
            _DIST.clear()
        sources = [x for x in targets if x in g]
        hit = dict(nx.multi_source_dijkstra_path_length(
            g.reverse(copy=False), sources, weight=lambda u, v, d: 1 + risky.get(u, 0))) if sources else {}
        _DIST[key] = hit
    return what, hit


def _hero_value(rs: Any, state: EgyptState, i: int, crystal: bool) -> float:
    """A hero's chance, roughly: nothing dead; out of the tomb, all of it once the crystal is out, else
    a share of the team's progress; in the tomb, the team's progress (the crystal held, a door open, a
    key in hand, the chests opened while the crystal is still hidden, how near he is to what he should
    head for next) times his lives (a hero on his last life is worth half one unharmed)."""
    h = state.heroes[i]
    if h.status == DEAD:
        return 0.0
    heroes = state.heroes
    if any(x.status == ESCAPED and _holds(rs, x.items, "crystal") for x in heroes):
        if h.status == ESCAPED:
            return 1.0
    door_open = len(state.doors) < 2
    keys = any(x.status != DEAD and (_holds(rs, x.items, "key-yellow") or _holds(rs, x.items, "key-black"))
               for x in heroes)
    progress = 0.1 + 0.3 * crystal + 0.15 * door_open + 0.05 * (keys and not door_open)
    if not crystal:
        hidden = sum(1 for p in state.piles for t in p.tokens if not t.face_up and t.back == "chest")
        progress += 0.15 * (1.0 - hidden / max(1, len(rs.board.chest_spaces)))
    if h.status == ESCAPED:
        return 0.5 * progress
    if h.status == "in":
        far = _plan(rs, state, i)[1].get(h.space)
        progress += 0.0 if far is None else 0.15 * max(0.0, 1.0 - far / FAR)
    return progress * (0.7 + 0.15 * (h.lives - 1))


def evaluate(rs: Any, state: EgyptState) -> tuple[float, ...]:
    crystal = _crystal(rs, state)
    clock = CLOCK ** state.turns
    values = [clock * _hero_value(rs, state, i, crystal) for i in range(len(state.heroes))]
    team = sum(values) / len(values) if values else 0.0
    together = read(rs.options, "who_wins") == "team"
    out = [0.0] * rs.num_players
    counted = [0] * rs.num_players
    for h, v in zip(state.heroes, values):
        out[h.player] += team if together else 0.5 * (team + v)
        counted[h.player] += 1
    for seat in rs.seats:
        if seat.kind == SPIRIT:
            out[seat.player], counted[seat.player] = 1.0 - team, 1
    return tuple(min(1.0, v / c) if c else 0.0 for v, c in zip(out, counted))


def toward(rs: Any, state: EgyptState, end: str) -> float:
    """How near the game stands to ending as ``end`` (``search-ends``): ``all-dead``, the heroes' lives
    lost (none while a hero has escaped: he is not dead); ``no-crystal``, heroes out of the tomb (escaped or
    dead) with one escaped and none escaped with the crystal (none while one has); ``victory``, the
    team's chance (``evaluate``)."""
    heroes = state.heroes
    if not heroes:
        return 0.5
    if end == "all-dead":
        if any(h.status == ESCAPED for h in heroes):
            return 0.0
        return 1.0 - sum(h.lives for h in heroes) / (3 * len(heroes))
    if end == "no-crystal":
        escaped = [h for h in heroes if h.status == ESCAPED]
        if any(_holds(rs, h.items, "crystal") for h in escaped):
            return 0.0
        out = sum(h.status in (ESCAPED, DEAD) for h in heroes) / len(heroes)
        return 0.5 * bool(escaped) + 0.5 * out
    if end == "victory":
        return max(evaluate(rs, state))
    return 0.5


def cost(rs: Any, state: EgyptState, action: Any, aim: str = "") -> float:
    """How a careful hero rates an action (lower is better), for the playouts: movements along the
    safest way to ``_targets``, a key or the crystal picked up at once, no leaving before the crystal
    is out or held by a hero, no dropping or offering without a reason, the turn ended when no movement
    gets nearer; everything else as the exploration heuristic rates it.  Aiming at ``no-crystal``
    (``search-ends``): leaving at once without the crystal, never picking it up."""
    kind = action.kind
    hero = state.retreat.hero if state.retreat is not None else rs.seats[state.turn.seat].hero
    if kind == "leave":
        h = state.heroes[hero] if hero is not None else None
        if aim == "no-crystal":
            return 6.0 if h is not None and _holds(rs, h.items, "crystal") else -10.0
        return -10.0 if (_crystal(rs, state) or h is None or _holds(rs, h.items, "crystal")) else 6.0
    if kind == "pick-up" and aim == "no-crystal" and hero is not None:
        pile = state.pile(state.heroes[hero].space) if state.heroes[hero].space is not None else ()
        if any(t.id == action.token and rs.kind(t).has("crystal") for t in pile):
            return 8.0
    if kind == "step" and hero is not None and state.heroes[hero].status == "in":
        what, dist = _plan(rs, state, hero, aim)
        here = dist.get(state.heroes[hero].space)
        end = landing(terrain(rs, state), action.to)
        there = dist.get(end)
        if there is None:
            return 5.0
        return (there - (here if here is not None else there + 1)) / 2.0
    if kind in ("drop", "offer"):
        return 4.0
    if kind == "end-turn":
        return 0.6
    return rs.heuristic(state, action)


def considered(rs: Any, state: EgyptState, player: int, legal: list[Any], aim: str = "") -> list[Any]:
    """What a search weighs: the ``CONSIDERED`` decisions ``cost`` rates best (a careful player's
    candidates; the search chooses among them by what follows), after leaving out on a hero's turn an
    item dropped (unless the board is full and a key or the crystal lies here), an item offered (a key
    offered and declined again and again was a loop), every movement but the one that gets nearest
    the target (no going back and forth), the turn's end while that movement gets nearer (a hero who
    waited out every risk never ended the game), and a ladder placed or a bomb thrown at the surroundings by a
    hero who can reach a target without (a bomb at a monster always stays)."""
    hero = state.retreat.hero if state.retreat is not None else rs.seats[state.turn.seat].hero
    out = legal
    if hero is not None and state.heroes[hero].player == player and state.heroes[hero].status == "in":
        h = state.heroes[hero]
        precious = {t.id for x in state.heroes for t in x.items if t.name in rs.keys_and_crystal}
        here = any(t.face_up and t.name in rs.keys_and_crystal for t in state.pile(h.space))
        stuck = h.space not in _plan(rs, state, hero, aim)[1]
        out = []
        for a in legal:
            kind = a.kind
            if kind == "drop" and not (len(h.items) >= 5 and here and a.token not in precious):
                continue
            if kind == "offer":
                continue
            if kind == "place-ladder" and not stuck:
                continue
            if kind == "bomb" and a.attack is None and not stuck:
                continue
            out.append(a)
        steps = [a for a in out if a.kind == "step"]
        if steps:        # one movement only: the one that gets nearest (no going back and forth)
            best = min(steps, key=lambda a: cost(rs, state, a, aim))
            nearer = cost(rs, state, best, aim) < 0      # no waiting while a movement gets nearer
            out = [a for a in out if (a.kind != "step" or a is best) and not (nearer and a.kind == "end-turn")]
        out = out or legal
    if len(out) > CONSIDERED:
        rated = sorted(range(len(out)), key=lambda k: (cost(rs, state, out[k], aim), k))[:CONSIDERED]
        out = [out[k] for k in sorted(rated)]
    return out


def playout(rs: Any, state: EgyptState, rng: random.Random, legal: list[Any], player: int | None) -> Any:
    """The rollouts' policy: the action ``cost`` rates best, now and then (``PLAYOUT_NOISE``) any."""
    if rng.random() < PLAYOUT_NOISE:
        return legal[rng.randrange(len(legal))]
    return min(legal, key=lambda a: cost(rs, state, a))


def considered_toward(rs: Any, state: EgyptState, player: int, legal: list[Any], end: str) -> list[Any]:
    """What ``search-ends`` weighs towards ``end``: towards ``no-crystal`` what a careful player who leaves
    the crystal alone weighs (``considered``); towards another end, every legal decision."""
    return considered(rs, state, player, legal, end) if end == "no-crystal" else legal


def playout_toward(rs: Any, state: EgyptState, rng: random.Random, legal: list[Any], player: int | None,
                   end: str) -> Any:
    """``search-ends``' rollouts towards ``end``: towards ``no-crystal`` a careful hero who leaves the
    crystal alone and makes for the exit once a door is open (``cost``); towards another end, any."""
    if end != "no-crystal" or rng.random() < PLAYOUT_NOISE:
        return legal[rng.randrange(len(legal))]
    return min(legal, key=lambda a: cost(rs, state, a, end))


def determinise(rs: Any, state: EgyptState, player: int, rng: random.Random) -> EgyptState:
    hidden: dict[str, list[str]] = {}
    for pile in state.piles:
        for t in pile.tokens:
            if not t.face_up:
                hidden.setdefault(t.back, []).append(t.name)
    if not hidden:
        return state
    undealt = {"chest": state.chests, "hazard": state.hazards}
    pools: dict[str, list[str]] = {}
    for back, names in hidden.items():
        deck = undealt.get(back, Deck())
        pools[back] = sorted(names + [c for c, n in deck.counts for _ in range(n)])

    def deal(t: Any) -> Any:
        if t.face_up:
            return t
        pool = pools[t.back]
        return evolve(t, name=pool.pop(rng.randrange(len(pool))))

    piles = tuple(evolve(p, tokens=tuple(deal(t) for t in p.tokens))
                  if any(not t.face_up for t in p.tokens) else p for p in state.piles)
    changes: dict[str, Any] = {"piles": piles}
    for back, field in (("chest", "chests"), ("hazard", "hazards")):
        if back in pools:
            changes[field] = Deck.of(pools[back])
    return evolve(state, **changes)


class Judgement:
    """The search hooks of the ruleset protocol (:class:`tombspec.model.ruleset.Ruleset`); rollouts
    play ``playout`` (a careful hero: the safest way to the next target, ``cost``)."""

    #: 8 simulations a decision, rollouts of 12 steps: a game's decisions are many (every movement, every
    #: monster turn), and the judgement (``considered``, ``cost``) carries most of the play
    #: (bench/bench_search.py)
    search_budget = (8, 12)

    #: the outcome in which the players win: the heroes' victory
    won_outcomes = frozenset({"victory"})
    #: ``considered`` reads the face-up tokens and the backs of the others alone (tests/test_search_games.py)
    considered_observes = True

    playout = staticmethod(playout)
    playout_toward = staticmethod(playout_toward)
    considered_toward = staticmethod(considered_toward)
    considered = staticmethod(considered)

    def returns(self, state: EgyptState) -> tuple[float, ...]:
        return returns(self, state)

    def evaluate(self, state: EgyptState) -> tuple[float, ...]:
        return evaluate(self, state)

    def toward(self, state: EgyptState, end: str) -> float:
        return toward(self, state, end)

    def determinise(self, state: EgyptState, player: int, rng: random.Random) -> EgyptState:
        return determinise(self, state, player, rng)
