"""Search: a policy that plays well, by Monte Carlo tree search over the model itself.

The policy is information-set Monte Carlo tree search (single-observer ISMCTS: Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", 2012; OpenSpiel's ``ISMCTSBot`` and, where
nothing is hidden, its ``MCTSBot``).  For one decision of ``player`` it runs ``simulations`` times:

1. **determinise**: a state the player cannot tell from the true one, drawn by the ruleset
   (``determinise(state, player, rng)``: what ``observe`` hides, dealt again at random; the state itself
   where the game hides nothing), so that the player never decides on what it cannot see;
2. **select**: down the tree of decisions (a node per sequence of ``(player, action)`` from the root;
   chance is drawn from its exact distribution at every visit, not branched on: the tree is open-loop),
   among the children legal in this determinisation, the one of highest UCB1, counting a child's
   *availability* (how often it was legal when its parent was visited) instead of the parent's visits;
3. **expand** one untried legal action (of those the ruleset's ``considered`` keeps, where it has one:
   a player's judgement of what is worth trying; at the root, asked of a determinisation too, unless the
   game says its judgement reads only what the player sees: ``considered_observes``);
4. **roll out** with the ruleset's playout policy (``playout``, uniform by default) for at most
   ``rollout`` steps;
5. **evaluate**: the game's ``returns(state)`` where it is over, else its ``evaluate(state)`` (each a
   value in [0, 1] per player: 1 a win, 0 a loss; in a cooperative game every player's is the team's);
6. **back up** along the path: each node adds the value of the player who chose its action.

**Searching for an end** (``search-ends``: conformance depth, not strength).  A player that plays well
never aims at losing, so a run of ``search`` seldom reaches a game's losing ends, nor uniform play its
winning ones.  ``search-ends`` draws, at each game's first decision and from the game's generator, one of
the ends the ruleset declares (``ends()``) as the game's *aim* (where the caller plays the run's games in
order and reports how each ended, ``game_ended``, as conform does: one of the ends no game reached yet).  An aim among the ruleset's
``won_outcomes`` is searched as ``search`` searches; any other aim is searched by every player together:
a finished game is worth 1 to everyone where it ended as the aim, else 0; a rollout cut short is worth
the ruleset's ``toward(state, end)`` (an estimate in [0, 1] of how near the game stands to ending so; 0.5
knowing nothing); the decisions weighed are those the ruleset's ``considered_toward(rs, state, player,
legal, end)`` keeps, else every legal one (``considered`` is a winner's judgement), and the rollouts
play its ``playout_toward(rs, state, rng, legal, player, end)``, else uniformly.

The answer is the root's most visited legal action (ties: the better mean, then the order of
``legal``).  A decision with one legal action is taken without search.  Everything the search draws
comes from the generator it is given, so the same seed and budget give the same game, whatever the
workers (game *i* of an exploration is seeded by the seed and *i* alone).  Nothing here names a game:
each ruleset brings ``returns``, ``evaluate``, ``determinise``, ``playout`` and ``considered``
(``docs/search.md``).

>>> import random
>>> from tombspec.model.play import next_move
>>> from tombspec.model.registry import get_ruleset, registered_games
>>> rs = get_ruleset(sorted(registered_games())[2])      # any game that says who wins
>>> s = rs.initial_state()
>>> while not rs.pending(s).is_decision:
...     s = rs.step(s, next_move(rs, s, random.Random(1))[0])
>>> player = rs.pending(s).actors[0]
>>> legal = rs.legal_actions(s, player)
>>> Search(simulations=8, rollout=10)(rs, s, random.Random(1), legal, player) in legal
True
"""

from __future__ import annotations

import math
import random
from typing import Any

from .errors import InvalidInput

#: the default budget: simulations per decision, and the longest rollout (steps) after the tree
SIMULATIONS = 64
ROLLOUT = 40
#: the exploration constant of UCB1 (values lie in [0, 1])
UCT_C = 1.0
#: the most steps one simulation takes (the tree's part and the rollout's), so that a game whose
#: decisions are all forced still ends a simulation
HORIZON = 400


class Node:
    """A decision's node: the action that led here (by ``player``), its visits and the total value
    backed up for that player, how often it was legal when its parent was visited, and its children
    by ``(player, action)``."""

    __slots__ = ("player", "action", "visits", "total", "available", "children")

    def __init__(self, player: int | None = None, action: Any = None):
        self.player = player
        self.action = action
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[tuple[int, Any], Node] = {}

    def ucb(self, c: float) -> float:
        return self.total / self.visits + c * math.sqrt(math.log(self.available) / self.visits)


class Search:
    """The search policy: ``Search(simulations, rollout)(rs, state, rng, legal, player) -> action``.

    ``only`` limits the search to those players (the others play uniformly at random): one search
    player against uniform ones.  ``ends``: each game searches for one of the game's ends, drawn at its
    first decision (``search-ends``, above); ``new_game`` forgets the aim."""

    def __init__(self, simulations: int | None = SIMULATIONS, rollout: int | None = ROLLOUT, c: float = UCT_C,
                 only: tuple[int, ...] | None = None, ends: bool = False):
        if (simulations is not None and not 1 <= simulations <= 100_000) or \
                (rollout is not None and not 0 <= rollout <= 100_000):
            raise InvalidInput(f"a search budget is 1 to 100000 simulations and 0 to 100000 rollout steps, "
                               f"not {simulations} and {rollout}", source="--policy")
        self.simulations = simulations
        self.rollout = rollout
        self.c = c
        self.only = only
        self.ends = ends
        self.aim: str | None = None          # the end this game searches for (search-ends), once drawn
        self.aimed = False                   # ... searched by every player together (not a win)
        #: the ends the run's earlier games reached, where the caller plays its games one after the other
        #: and says so (``game_ended``: conform); the aim is drawn among the others
        self.reached: set[str] = set()

    def new_game(self) -> None:
        self.aim, self.aimed = None, False

    def game_ended(self, end: str | None) -> None:
        """A game of the run ended as ``end``: later games aim at the ends no game reached yet.  Only a
        caller that plays its games in order says so (conform); explore does not, so that its game *i*
        depends on the seed and *i* alone, whatever the workers."""
        if end:
            self.reached.add(end)

    def draw_aim(self, rs: Any, rng: random.Random) -> None:
        """The game's aim: one of the ends its ruleset declares that no earlier game of the run reached
        (``game_ended``; every declared end once all were reached), drawn from the game's generator."""
        ends = tuple(rs.ends())
        left = tuple(e for e in ends if e not in self.reached) or ends
        self.aim = left[rng.randrange(len(left))] if left else ""
        self.aimed = bool(self.aim) and self.aim not in rs.won_outcomes

    def __repr__(self) -> str:
        return f"Search(simulations={self.simulations}, rollout={self.rollout}{', ends=True' if self.ends else ''})"

    def budget(self, rs: Any) -> tuple[int, int]:
        """The simulations and the rollout length: the ones given, else the game's default
        (``search_budget``: what plays well within its time per game)."""
        sims, rollout = getattr(rs, "search_budget", None) or (SIMULATIONS, ROLLOUT)
        return (sims if self.simulations is None else self.simulations,
                rollout if self.rollout is None else self.rollout)

    def __call__(self, rs: Any, state: Any, rng: random.Random, legal: list[Any], player: int | None) -> Any:
        if self.ends and self.aim is None:
            self.draw_aim(rs, rng)
        if len(legal) == 1:
            return legal[0]
        if player is None or (self.only is not None and player not in self.only):
            return legal[rng.randrange(len(legal))]
        considered = self._considered(rs)
        if considered is not None:
            # narrowed on what the player can see: a state dealt for him, unless the game's judgement
            # reads nothing hidden (``considered_observes``)
            seen = state if rs.considered_observes else rs.determinise(state, player, rng)
            legal = considered(rs, seen, player, legal) or legal
            if len(legal) == 1:
                return legal[0]
        root = Node()
        simulations, rollout = self.budget(rs)
        for _ in range(simulations):
            self._simulate(rs, rs.determinise(state, player, rng), root, rng, rollout)
        best, key = None, None
        for i, action in enumerate(legal):
            child = root.children.get((player, action))
            if child is None or not child.visits:
                continue
            k = (child.visits, child.total / child.visits, -i)
            if key is None or k > key:
                best, key = action, k
        return legal[0] if best is None else best

    def _considered(self, rs: Any) -> Any:
        """What narrows the decisions weighed: the ruleset's ``considered``, or aiming at an end that is
        not a win its ``considered_toward`` for that end (none: every legal decision)."""
        if not self.aimed:
            return getattr(rs, "considered", None)
        toward = getattr(rs, "considered_toward", None)
        if toward is None:
            return None
        aim = self.aim
        return lambda rs, state, player, legal: toward(rs, state, player, legal, aim)

    def _playout(self, rs: Any) -> Any:
        """The rollouts' policy: the ruleset's ``playout``, or aiming at an end that is not a win its
        ``playout_toward`` for that end; uniform where it has none."""
        if not self.aimed:
            return getattr(rs, "playout", None) or _uniform
        toward = getattr(rs, "playout_toward", None)
        if toward is None:
            return _uniform
        aim = self.aim
        return lambda rs, state, rng, legal, player: toward(rs, state, rng, legal, player, aim)

    def _simulate(self, rs: Any, state: Any, root: Node, rng: random.Random, rollout: int) -> None:
        node, path, steps = root, [root], 0
        aimed = self.aimed
        considered = self._considered(rs)
        expanded = False
        # Selection and expansion, down the tree of decisions
        while steps < HORIZON:
            pending = rs.pending(state)
            if pending.is_over:
                break
            if pending.is_chance:
                state = rs.step(state, rs.chance(state).sample(rng))
                steps += 1
                continue
            actors = pending.actors
            actor = actors[0] if len(actors) == 1 else actors[rng.randrange(len(actors))]
            legal = rs.legal_actions(state, actor)
            if considered is not None:
                legal = considered(rs, state, actor, legal) or legal
            children = node.children
            untried = []
            chosen, score = None, -1.0
            for action in legal:
                child = children.get((actor, action))
                if child is None:
                    untried.append(action)
                    continue
                child.available += 1
                if not untried:
                    value = child.ucb(self.c) if child.visits else math.inf
                    if value > score:
                        chosen, score = child, value
            if untried:
                action = untried[rng.randrange(len(untried))]
                chosen = children[(actor, action)] = Node(actor, action)
                chosen.available += 1
                expanded = True
            assert chosen is not None
            state = rs.step(state, chosen.action, actor)
            steps += 1
            node = chosen
            path.append(node)
            if expanded:
                break
        # Rollout: the playout policy, for at most ``rollout`` steps
        playout = self._playout(rs)
        for _ in range(min(rollout, HORIZON - steps)):
            pending = rs.pending(state)
            if pending.is_over:
                break
            if pending.is_chance:
                state = rs.step(state, rs.chance(state).sample(rng))
                continue
            actors = pending.actors
            actor = actors[0] if len(actors) == 1 else actors[rng.randrange(len(actors))]
            legal = rs.legal_actions(state, actor)
            state = rs.step(state, playout(rs, state, rng, legal, actor), actor)
        if aimed:
            values = _Everyone(float(rs.outcome(state) == self.aim) if rs.pending(state).is_over
                               else rs.toward(state, self.aim))
        else:
            values = rs.returns(state) if rs.pending(state).is_over else rs.evaluate(state)
        for n in path[1:]:
            n.visits += 1
            n.total += values[n.player]
        root.visits += 1


class _Everyone:
    """The same value for every player (an aim searched together)."""

    __slots__ = ("value",)

    def __init__(self, value: float):
        self.value = value

    def __getitem__(self, player: int) -> float:
        return self.value


def _uniform(rs: Any, state: Any, rng: random.Random, legal: list[Any], player: int | None) -> Any:
    return legal[rng.randrange(len(legal))]


def search_policy(spec: str) -> Search:
    """The search policy named ``spec``: ``search`` (every player searches), ``search-one`` (player 0
    searches, the others play uniformly), ``search-ends`` (each game searches for one of the game's ends),
    each optionally with its budget, ``search:SIMULATIONS`` or ``search:SIMULATIONS:ROLLOUT``."""
    name, _, budget = spec.partition(":")
    parts = budget.split(":") if budget else []
    if name not in SEARCHES or len(parts) > 2 or not all(p.isdigit() for p in parts):
        raise InvalidInput(f"unknown policy {spec!r}: a search policy is search, search-one or search-ends, "
                           "optionally followed by :SIMULATIONS or :SIMULATIONS:ROLLOUT (e.g. search:64:40)",
                           source="--policy")
    sims = int(parts[0]) if parts else None           # None: the game's default budget
    rollout = int(parts[1]) if len(parts) > 1 else None
    return Search(sims, rollout, only=(0,) if name == "search-one" else None, ends=name == "search-ends")


#: the names of the search policies
SEARCHES = ("search", "search-one", "search-ends")
