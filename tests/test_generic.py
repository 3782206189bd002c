"""The suite every registered ruleset must pass (DESIGN.md tests/)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tombspec.checks.explore import choose_chance
from tombspec.model import codec
from tombspec.model.errors import IllegalAction
from tombspec.model.ruleset import get_ruleset, registered_games
from tombspec.spec import load_catalog

GAMES = registered_games()


def playout(game: str, seed: int, limit: int = 4000):
    rs = get_ruleset(game)
    rng = random.Random(seed)
    state = rs.initial_state()
    yield rs, state, None
    for _ in range(limit):
        if rs.is_terminal(state):
            return
        if rs.pending(state).is_chance:
            action = choose_chance(rng, rs.chance_outcomes(state))
        else:
            legal = rs.legal_actions(state)
            assert legal, f"no legal action in {rs.pending(state)}"
            action = rng.choice(legal)
        state = rs.step(state, action)
        yield rs, state, action


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(8))
def test_playouts_keep_every_invariant(game: str, seed: int) -> None:
    for rs, state, _ in playout(game, seed):
        assert rs.violations(state) == []
    assert rs.is_terminal(state), "a random game did not end"


@pytest.mark.parametrize("game", GAMES)
def test_chance_outcomes_sum_to_one_and_decisions_are_listed(game: str) -> None:
    for rs, state, _ in playout(game, 99):
        pending = rs.pending(state)
        if pending.is_chance:
            outcomes = rs.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == 1 and all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
            assert rs.legal_actions(state) == []
        elif not pending.is_over:
            assert rs.chance_outcomes(state) == [] and rs.legal_actions(state)


@pytest.mark.parametrize("game", GAMES)
def test_states_and_actions_round_trip_through_canonical_json(game: str) -> None:
    for rs, state, action in playout(game, 7):
        data = codec.loads(codec.dumps(rs.encode_state(state)))
        again = rs.decode_state(data)
        assert again == state and codec.digest(again) == codec.digest(state)
        if action is not None:
            assert rs.decode_action(codec.loads(codec.dumps(rs.encode_action(action)))) == action


@pytest.mark.parametrize("game", GAMES)
def test_step_is_deterministic_and_pure(game: str) -> None:
    for rs, state, action in playout(game, 3, limit=300):
        if rs.is_terminal(state):
            break
        before = codec.digest(state)
        options = rs.chance_outcomes(state) and [o for o, _ in rs.chance_outcomes(state)] or rs.legal_actions(state)
        a = options[0]
        assert codec.digest(rs.step(state, a)) == codec.digest(rs.step(state, a))
        assert codec.digest(state) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_broken_action_raises_illegal_action_with_a_catalog_id(game: str) -> None:
    catalog = load_catalog(game)
    checked = 0
    for rs, state, _ in playout(game, 5, limit=400):
        if rs.is_terminal(state):
            break
        legal = set(rs.legal_actions(state)) | {o for o, _ in rs.chance_outcomes(state)}
        for kind, cls in rs.action_types.items():
            try:
                candidate = cls() if not cls.__attrs_attrs__ else None
            except TypeError:
                candidate = None
            if candidate is None or candidate in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                rs.step(state, candidate)
            assert err.value.rule_id in catalog, err.value.rule_id
            assert err.value.state is state and err.value.action == candidate
            checked += 1
    assert checked > 0


def test_codec_refuses_coerced_values() -> None:
    rs = get_ruleset("raiders")
    from tombspec.model.errors import InvalidInput

    for bad in ({"kind": "heads", "heads": "3"}, {"kind": "heads", "heads": True}, {"kind": "heads", "heads": 3.0}):
        with pytest.raises(InvalidInput):
            rs.decode_action(bad)


def test_a_ruleset_is_rebuilt_from_its_own_description() -> None:
    for game in GAMES:
        rs = get_ruleset(game)
        again = get_ruleset(game, **rs.describe())
        assert again.describe() == rs.describe()
