"""The search policy (``tombspec.model.search``): it plays better than chance, it decides only on what
the player may see, and the same seed and budget give the same game."""

from __future__ import annotations

import random

import attrs
import pytest

from tombspec.model.errors import InvalidInput
from tombspec.model.play import make_policy, playout, uniform
from tombspec.model.search import Search, search_policy

from toy import Toy


def _winner_share(rs: Toy, policy, games: int, seat: int = 0) -> float:  # noqa: ANN001
    total = 0.0
    for i in range(games):
        state = None
        for _, _, state in playout(rs, random.Random(f"search:{i}"), policy=policy):
            pass
        total += rs.returns(state)[seat]
    return total / games


def test_one_search_player_wins_more_than_a_uniform_one_in_its_seat() -> None:
    rs = Toy({"players": 2})
    searching = _winner_share(rs, Search(32, 30, only=(0,)), 30)
    chance = _winner_share(rs, uniform, 30)
    assert searching > chance, (searching, chance)


def _gem_at_round_end(rs: Toy) -> object:
    """A Toy game played (digging where it can, seed 5) to a round's end with a Gem in player 0's hand."""
    rng = random.Random(5)
    state = rs.initial_state()
    while not (rs.pending(state).what == "end of round" and "gem" in state.players[0].hand):
        pending = rs.pending(state)
        if pending.is_chance:
            state = rs.step(state, rs.chance(state).sample(rng))
        elif pending.is_over:
            pytest.fail("no Gem held at a round's end in this game")
        else:
            legal = rs.legal_actions(state, pending.actors[0])
            dig = [a for a in legal if type(a).__name__ == "Dig"]
            state = rs.step(state, (dig or legal)[0], pending.actors[0])
    return state


def test_search_takes_a_sure_gain() -> None:
    """At the end of a round, a player holding a Gem banks it (3 coins) rather than readying: every
    simulation after Bank ends richer."""
    rs = Toy({"players": 2})
    state = _gem_at_round_end(rs)
    legal = rs.legal_actions(state, 0)
    assert {type(a).__name__ for a in legal} == {"Ready", "Bank"}
    assert type(Search(32, 10)(rs, state, random.Random(1), legal, 0)).__name__ == "Bank"


def test_the_same_seed_and_budget_give_the_same_game() -> None:
    rs = Toy({"players": 3})
    games = [[a for a, _, _ in playout(rs, random.Random(7), policy=Search(8, 10))] for _ in range(2)]
    assert games[0] == games[1] and len(games[0]) > 10


def test_a_decision_depends_only_on_what_the_player_sees() -> None:
    """Two states the deciding player cannot tell apart (a card of the other's hand exchanged for another
    card of the deck) give the same decision for the same generator: the search deals what is hidden
    again itself, and never reads the truth."""
    rs = Toy({"players": 2})
    rng = random.Random(3)
    state = rs.initial_state()
    while True:
        pending = rs.pending(state)
        if pending.is_decision and len(rs.legal_actions(state)) > 1:
            other = 1 - pending.actors[0]
            hand = state.players[other].hand
            if any(c != d for c in hand for d in state.deck.cards()):
                break
        if pending.is_chance:
            state = rs.step(state, rs.chance(state).sample(rng))
        else:
            state = rs.step(state, rs.legal_actions(state)[0], pending.actors[0])
    player = rs.pending(state).actors[0]
    given, taken = next((c, d) for c in hand for d in state.deck.cards() if c != d)
    players = list(state.players)
    players[other] = attrs.evolve(players[other], hand=tuple(sorted([*(c for c in hand if c != given),
                                                                     *[given] * (hand.count(given) - 1), taken])))
    twin = attrs.evolve(state, players=tuple(players), deck=state.deck.remove(taken).add(given))
    assert twin != state and rs.observe(twin, player) == rs.observe(state, player)
    legal = rs.legal_actions(state, player)
    picks = [Search(16, 10)(rs, s, random.Random(11), legal, player) for s in (state, twin)]
    assert picks[0] == picks[1]


def test_a_game_that_hides_something_must_say_how_to_deal_it_again() -> None:
    class Secretive(Toy):
        determinise = Toy.__mro__[1].determinise      # the protocol's default

    rs = Secretive({"players": 2})
    state = rs.initial_state()
    with pytest.raises(InvalidInput, match="determinise"):
        rs.determinise(state, 0, random.Random(1))


@pytest.mark.parametrize("spec", ["search:0", "search:x", "search:1:2:3", "searching", "search:100001"])
def test_a_malformed_search_policy_is_bad_input(spec: str) -> None:
    with pytest.raises(InvalidInput):
        make_policy(spec)


def test_search_names_and_budgets() -> None:
    s = search_policy("search-one:12:5")
    assert (s.simulations, s.rollout, s.only) == (12, 5, (0,))
    assert search_policy("search").only is None


def test_a_budget_not_given_is_the_games_own() -> None:
    """``search`` takes the game's ``search_budget`` (else the generic default); a budget given wins."""
    from tombspec.model.search import ROLLOUT, SIMULATIONS

    class Cheap(Toy):
        search_budget = (3, 7)

    assert search_policy("search").budget(Cheap({"players": 2})) == (3, 7)
    assert search_policy("search:5").budget(Cheap({"players": 2})) == (5, 7)
    assert search_policy("search:5:2").budget(Cheap({"players": 2})) == (5, 2)
    assert search_policy("search").budget(Toy({"players": 2})) == (SIMULATIONS, ROLLOUT)


def test_a_search_weighs_only_what_the_game_considers() -> None:
    """A ruleset's ``considered`` narrows the decisions a search weighs, at the root and in the tree: a
    game whose judgement keeps only Ready never sees the search Bank, where Bank is the sure gain."""
    seen: list[set[str]] = []

    class Careless(Toy):
        @staticmethod
        def considered(rs, state, player, legal):  # noqa: ANN001, ANN205
            seen.append({type(a).__name__ for a in legal})
            kept = [a for a in legal if type(a).__name__ != "Bank"]
            return kept

    rs = Careless({"players": 2})
    state = _gem_at_round_end(rs)
    legal = rs.legal_actions(state, 0)
    assert {type(a).__name__ for a in legal} == {"Ready", "Bank"}
    assert type(Search(32, 10)(rs, state, random.Random(1), legal, 0)).__name__ == "Ready"
    # in the tree too, not only at the root: asked more often than a game has decisions
    seen.clear()
    decisions = sum(p is not None for _, p, _ in playout(rs, random.Random(3), policy=Search(4, 5)))
    assert len(seen) > decisions > 0


def test_search_ends_draws_each_game_s_aim_from_the_game_s_ends_and_the_same_seed_gives_the_same_game() -> None:
    """``search-ends``: each game searches for one of the ends its ruleset declares, drawn at its first
    decision from the game's own generator (so game *i* is the same game whatever ran before it); an aim
    among ``won_outcomes`` is searched as ``search`` searches, any other by every player together."""
    from tombspec.model.registry import get_ruleset

    rs = get_ruleset("raiders")
    policy = search_policy("search-ends:4:4")
    assert policy.ends and search_policy("search").ends is False

    def game(i: int, p: Search) -> tuple[str | None, bool, list]:
        actions = [a for a, _, _ in playout(rs, random.Random(f"ends:{i}"), policy=p, max_steps=60)]
        return p.aim, p.aimed, actions

    first = [game(i, policy) for i in range(8)]          # one policy, game after game (new_game between)
    assert {aim for aim, _, _ in first} <= set(rs.ends()) and len({aim for aim, _, _ in first}) >= 2
    assert all(aimed == (aim not in rs.won_outcomes) for aim, aimed, _ in first)
    assert [game(i, search_policy("search-ends:4:4")) for i in reversed(range(8))] == first[::-1]


def test_conform_search_ends_aims_each_game_at_an_end_no_earlier_game_reached(monkeypatch) -> None:
    """conform plays its games in order and tells search-ends how each ended (``game_ended``): a game's
    aim is one of the declared ends no earlier game reached, while one is left; explore says nothing, so
    its game *i* depends on the seed and *i* alone."""
    from tombspec.checks.oracle.conform import InProcess, ModelAdapter, conform

    drawn: list[tuple[str, frozenset[str]]] = []
    draw = Search.draw_aim

    def spying(self, rs, rng):
        before = frozenset(self.reached)
        draw(self, rs, rng)
        drawn.append((self.aim, before))

    monkeypatch.setattr(Search, "draw_aim", spying)
    report = conform(InProcess(ModelAdapter(), timeout=20), ["raiders"], games=8, seed=1,
                     policy="search-ends:2:2", probe_rate=0.0)
    assert report.exit_code == 0 and len(drawn) == 8
    from tombspec.model.registry import get_ruleset

    ends = set(get_ruleset("raiders").ends())
    ended = report.ended["raiders"]
    for aim, reached in drawn:
        assert aim not in reached or reached >= ends
    assert drawn[0][1] == frozenset()
    assert drawn[-1][1] and drawn[-1][1] <= set(ended)      # what the games before the last reached
    # explore never reports an end to the policy: every game draws from every end
    p = search_policy("search-ends:2:2")
    rs = get_ruleset("raiders")
    for i in range(3):
        p.new_game()
        list(playout(rs, random.Random(f"x:{i}"), policy=p, max_steps=30))
    assert p.reached == set()
