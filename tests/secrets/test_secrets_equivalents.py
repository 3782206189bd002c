"""The cheaper forms the model computes with give what the general ones give: a deck draw (integer
shares) and the shared ``chance.draw``; a dice pool's ``possible`` and its exact ``prob``; a state's
digest (its ``__dict__`` in canonical key order) and the generated encoder's sorted JSON; ``evolve``
and ``attrs.evolve``."""

from __future__ import annotations

import random

import attrs
import orjson
import pytest

from tombspec.model import codec
from tombspec.model.chance import Deck, draw
from tombspec.model.play import playout
from tombspec.model.registry import get_ruleset
from tombspec.model.secrets.actions import Dice, Drawn, Take
from tombspec.model.secrets.rules.dice_checks import pool
from tombspec.model.secrets.rules.items import DeckDraw
from tombspec.model.secrets.state import Task, evolve


def test_a_deck_draw_is_chance_draw_mapped_to_drawn_cards() -> None:
    rng = random.Random(3)
    for _ in range(500):
        deck = Deck.of({f"c{i}": rng.randrange(0, 5) for i in range(rng.randrange(1, 12))})
        if not deck:
            continue
        general, ours = draw(deck).map(Drawn, lambda a: a.card), DeckDraw(deck)
        assert ours.size == general.size and ours.support() == general.support()
        for outcome in (Drawn("c1"), Drawn("nothing"), Take("c1"), "c1", None, Drawn(["unhashable"])):
            assert ours.prob(outcome) == general.prob(outcome)
            assert ours.possible(outcome) == general.possible(outcome)
        seed = rng.randrange(10 ** 9)
        assert ours.sample(random.Random(seed)) == general.sample(random.Random(seed))


@pytest.mark.parametrize("n", [0, 1, 3, 6])
def test_a_dice_pool_possible_is_a_positive_probability(n: int) -> None:
    dist = pool(n)
    outcomes = [o for o, _ in dist.support()]
    odd = [Dice((n + 1, 0, 0, 0, 0, -1)), Dice((n, 0, 0, 0, 0)), Dice((True, 0, 0, 0, 0, n - 1) if n else ()),
           Dice([n, 0, 0, 0, 0, 0]), (n, 0, 0, 0, 0, 0), None]
    for outcome in outcomes + odd:
        assert dist.possible(outcome) == (dist.prob(outcome) > 0)


def test_a_state_digests_as_the_generated_encoder_sorts_it_and_evolve_keeps_the_order() -> None:
    rs = get_ruleset("secrets", options={"players": 3})
    for _, _, s in playout(rs, random.Random("digest"), max_steps=400):
        assert codec.dumps(s) == orjson.dumps(codec._encoder(type(s))(s), option=orjson.OPT_SORT_KEYS)
    t = Task("check", 1, n=2, flags=("a",))
    assert evolve(t, n=5, flags=()) == attrs.evolve(t, n=5, flags=())
    assert list(evolve(t, n=5).__dict__) == list(t.__dict__) == sorted(t.__dict__)
    with pytest.raises(TypeError):
        evolve(t, nothing=1)


def test_settle_reaches_the_state_its_resolutions_end_in() -> None:
    """``turn.settle`` runs the loop of ``turn.resolutions`` without yielding (issue 26): from the state a
    step's answer leaves (before settling), both end in the very same state, game after game."""
    import random

    from tombspec.model.play import next_move
    from tombspec.model.registry import get_ruleset
    from tombspec.model.secrets.rules import turn

    rs = get_ruleset("secrets", options={"players": 2})
    for game in range(3):
        rng = random.Random(f"settle:{game}")
        state = rs.initial_state()
        for _ in range(400):
            move = next_move(rs, state, rng)
            if move is None:
                break
            action, player = move
            head = state.head
            unsettled = turn.KINDS[head.kind].apply(rs, state, head, action, player) if head is not None \
                else turn.adventurer_phase.apply_turn(rs, state, action, player)
            pieces = list(turn.resolutions(rs, unsettled))
            settled = turn.settle(rs, unsettled)
            assert settled == (pieces[-1][2] if pieces else unsettled)
            state = rs.step(state, action, player)
            assert state == settled


def test_is_listed_answers_as_in_does() -> None:
    """model/secrets/rules/engine.py is_listed (the very value first, issue 26) answers ``in``'s answer
    for every decision of a few games, each looked up as listed, as an equal copy, and in a list that
    lacks it; a NaN-like value unequal to itself is found as itself, as ``in`` finds it."""
    from tombspec.model.secrets.rules.engine import is_listed

    rs = get_ruleset("secrets", options={"players": 2})
    for game in range(3):
        for _, _, s in playout(rs, random.Random(f"l:{game}"), max_steps=300):
            p = rs.pending(s)
            if not p.is_decision:
                continue
            legal = rs.legal(s, p.actors[0])
            for a in legal:
                copy = attrs.evolve(a)
                assert is_listed(a, legal) and is_listed(copy, legal) == (copy in legal) is True
                rest = tuple(x for x in legal if x != a)
                assert is_listed(a, rest) == (a in rest) is False
    nan = float("nan")
    assert is_listed(nan, (1, nan)) and not is_listed(float("nan"), (1, nan)) and not (float("nan") in (1, nan))


@pytest.mark.parametrize("name", ["drop", "save", "fight", "trade", "use", "rest", "steal", "teleport", "step",
                                  "next"])
def test_a_decision_made_once_is_the_value_its_class_makes(name: str) -> None:
    """``made_<name>(x)`` (model/secrets/actions.py) is ``Cls(x)``: equal, of the class, the very value on
    the next ask, another for another field; 1, "1" and True are kept apart (a cache keyed by the field's
    text, or by its value without its type, fails it)."""
    from tombspec.model.secrets import actions

    made = getattr(actions, f"made_{name}")
    cls = made.__wrapped__
    for x in ("Tomb's Entrance", "c7", "health", 0, 3, "x" * 40):
        v = made(x)
        assert type(v) is cls and v == cls(x) and made(x) is v
        assert made(f"{x}!") == cls(f"{x}!") != v
    for x in (1, "1", True, 1, True, "1"):
        assert type(attrs.astuple(made(x))[0]) is type(x)
