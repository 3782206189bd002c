"""The suite every ruleset must pass (DESIGN.md tests/): every registered game, and the toy game of
``tests/toy`` that exercises what no modelled game may yet (several actors, big dice pools, a deck,
hidden information, carry-over)."""

from __future__ import annotations

import random
from fractions import Fraction

import orjson
import pytest

from tombspec.model import codec
from tombspec.model.chance import SupportTooLarge
from tombspec.model.errors import IllegalAction, InvalidInput
from tombspec.model.play import next_move
from tombspec.model.ruleset import ANY, CHANCE, DECISION, ONE, OVER, PRIORITY, get_ruleset, registered_games

from toy import TOY, Toy

GAMES = (*registered_games(), TOY)


def ruleset(game: str, **config):
    return Toy(**config) if game == TOY else get_ruleset(game, **config)


def playout(game: str, seed: int, limit: int = 4000):
    """(ruleset, state, action, player) for every state of one random game."""
    rs = ruleset(game)
    rng = random.Random(seed)
    state = rs.initial_state()
    yield rs, state, None, None
    for _ in range(limit):
        move = next_move(rs, state, rng)
        if move is None:
            return
        action, player = move
        state = rs.step(state, action, player)
        yield rs, state, action, player


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(8))
def test_playouts_keep_every_invariant(game: str, seed: int) -> None:
    for rs, state, _, _ in playout(game, seed):
        assert rs.violations(state) == []
    assert rs.is_terminal(state), "a random game did not end"


@pytest.mark.parametrize("game", GAMES)
def test_pending_says_who_acts_and_only_they_have_decisions(game: str) -> None:
    for rs, state, _, _ in playout(game, 99):
        pending = rs.pending(state)
        assert pending.kind in (DECISION, CHANCE, OVER) and pending.mode in (ONE, ANY, PRIORITY)
        players = range(rs.num_players)
        if pending.kind == DECISION:
            assert pending.actors and set(pending.actors) <= set(pending.players) <= set(players)
            for p in players:
                assert bool(rs.legal_actions(state, p)) == (p in pending.actors), (p, pending)
            assert rs.chance(state) is None
        else:
            assert rs.legal_actions(state) == [] and pending.actors == ()


@pytest.mark.parametrize("game", GAMES)
def test_chance_is_an_exact_distribution(game: str) -> None:
    rng = random.Random(5)
    seen = 0
    for rs, state, _, _ in playout(game, 99):
        if not rs.pending(state).is_chance:
            continue
        dist = rs.chance(state)
        for _ in range(3):
            assert dist.prob(dist.sample(rng)) > 0
        try:
            outcomes = dist.support()
        except SupportTooLarge:
            continue
        assert len(outcomes) == dist.size
        assert sum(p for _, p in outcomes) == 1 and all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert all(dist.prob(o) == p for o, p in outcomes)
        seen += 1
    assert seen > 0


@pytest.mark.parametrize("game", GAMES)
def test_states_and_actions_round_trip_through_canonical_json(game: str) -> None:
    for rs, state, action, _ in playout(game, 7):
        data = codec.loads(codec.dumps(rs.encode_state(state)))
        again = rs.decode_state(data)
        assert again == state and codec.digest(again) == codec.digest(state)
        if action is not None:
            assert rs.decode_action(codec.loads(codec.dumps(rs.encode_action(action)))) == action


@pytest.mark.parametrize("game", GAMES)
def test_the_fast_digest_is_the_canonical_json_of_the_state(game: str) -> None:
    """``codec.dumps`` of a state (its ``__dict__`` handed to orjson, keys sorted or, for classes in
    ``codec.canonical_order``, already in order) gives the bytes of the generated encoder's data with
    sorted keys: the canonical JSON the digest is defined on."""
    for rs, state, _, _ in playout(game, 13, limit=400):
        assert codec.dumps(state) == orjson.dumps(rs.encode_state(state), option=orjson.OPT_SORT_KEYS)


@pytest.mark.parametrize("game", GAMES)
def test_what_a_player_observes_is_json_and_never_more_than_the_state(game: str) -> None:
    for rs, state, _, _ in playout(game, 11, limit=500):
        full = orjson.dumps(rs.encode_state(state), option=orjson.OPT_SORT_KEYS)
        for p in range(rs.num_players):
            view = orjson.dumps(rs.observe(state, p), option=orjson.OPT_SORT_KEYS)
            assert len(view) <= len(full) + 64 * rs.num_players


@pytest.mark.parametrize("game", GAMES)
def test_step_is_deterministic_and_pure(game: str) -> None:
    rng = random.Random(3)
    for rs, state, _, _ in playout(game, 3, limit=300):
        move = next_move(rs, state, rng)
        if move is None:
            break
        action, player = move
        before = codec.digest(state)
        assert codec.digest(rs.step(state, action, player)) == codec.digest(rs.step(state, action, player))
        assert codec.digest(state) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_broken_action_raises_illegal_action_with_a_catalog_id(game: str) -> None:
    checked = 0
    for rs, state, _, _ in playout(game, 5, limit=400):
        if rs.is_terminal(state):
            break
        catalog = rs.catalog()
        pending = rs.pending(state)
        player = pending.actors[0] if pending.actors else None
        legal = set(rs.legal_actions(state, player)) if player is not None else set()
        dist = rs.chance(state)
        for kind, cls in rs.action_types.items():
            try:
                candidate = cls() if not cls.__attrs_attrs__ else None
            except TypeError:
                candidate = None
            if candidate is None or candidate in legal or (dist is not None and dist.prob(candidate)):
                continue
            with pytest.raises((IllegalAction, InvalidInput)) as err:
                rs.step(state, candidate, player)
            if isinstance(err.value, IllegalAction):
                assert err.value.rule_id in catalog, err.value.rule_id
                assert err.value.state is state and err.value.action == candidate
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("game", GAMES)
def test_a_decision_out_of_turn_names_a_rule(game: str) -> None:
    checked = 0
    for rs, state, _, _ in playout(game, 6, limit=300):
        pending = rs.pending(state)
        if not pending.is_decision:
            continue
        legal = rs.legal_actions(state)
        for p in range(rs.num_players):
            if p in pending.actors:
                continue
            with pytest.raises(IllegalAction) as err:
                rs.step(state, legal[0], p)
            assert err.value.rule_id in rs.catalog()
            checked += 1
        with pytest.raises(InvalidInput):
            rs.step(state, legal[0], rs.num_players)   # no such player
        if len(pending.actors) > 1:                      # several may act: the step must say who
            with pytest.raises(IllegalAction):
                rs.step(state, legal[0])
    assert checked > 0


def test_codec_refuses_coerced_values() -> None:
    for game in GAMES:
        rs = ruleset(game)
        for cls in rs.action_types.values():
            ints = [f.name for f in cls.__attrs_attrs__ if f.type in (int, "int")]
            if ints:
                break
        else:
            continue
        base = {f.name: 0 for f in cls.__attrs_attrs__}
        for bad in ("3", True, 3.0):
            with pytest.raises(InvalidInput):
                rs.decode_action({"kind": cls.kind, **base, ints[0]: bad})


def test_a_ruleset_is_rebuilt_from_its_own_description() -> None:
    for game in GAMES:
        rs = ruleset(game)
        again = ruleset(game, **rs.describe())
        assert again.describe() == rs.describe()


def test_a_game_played_collects_less_often_and_puts_the_thresholds_back() -> None:
    import gc

    from tombspec.checks.explore.games import YOUNG_GENERATION, few_collections

    before = gc.get_threshold()
    with few_collections():
        raised = gc.get_threshold()
        assert raised[0] >= YOUNG_GENERATION and raised[1:] == before[1:]
        with few_collections():                   # a game within a run: the run's thresholds kept
            assert gc.get_threshold() == raised
        assert gc.get_threshold() == raised
    assert gc.get_threshold() == before
    with pytest.raises(ValueError), few_collections():
        raise ValueError("a game that fails")
    assert gc.get_threshold() == before


def _gc_state() -> tuple:
    import gc

    return gc.get_threshold(), gc.get_freeze_count(), gc.isenabled()


def test_explore_freezes_the_heap_and_gives_it_back() -> None:
    """explore hides what is alive when its run and each game start from the collector (gc.freeze) and
    gives it back at the end; the collector's state after a run is the one before, and the report the
    same as with the collector off."""
    import gc

    from tombspec.checks.explore.games import explore, few_collections

    before = _gc_state()
    with few_collections():
        assert gc.get_freeze_count() > 0           # the heap at the run's start, frozen
        inside = gc.get_freeze_count()
        with few_collections():                   # a game within the run: what was left meanwhile too
            assert gc.get_freeze_count() >= inside
    assert _gc_state() == before
    with pytest.raises(ValueError), few_collections():
        raise ValueError("a run that fails")
    assert _gc_state() == before
    for game in ("tomb", TOY):
        report = explore(ruleset(game), 3, 5)
        assert _gc_state() == before
        gc.disable()
        try:
            plain = explore(ruleset(game), 3, 5)
        finally:
            gc.enable()
        assert (report.steps, report.outcomes, report.problems) == (plain.steps, plain.outcomes, plain.problems)


def test_verify_collects_less_often_while_it_steps_and_gives_the_collector_back(tmp_path) -> None:
    """verify steps the model under few_collections (the thresholds raised while a step runs), puts the
    collector back as it found it, and reports the same as with the collector off."""
    import gc

    from tombspec.checks.collector import YOUNG_GENERATION
    from tombspec.checks.explore.games import explore
    from tombspec.checks.oracle.trace import TraceWriter
    from tombspec.checks.oracle.verify import verify

    trace = tmp_path / "tomb.jsonl"
    with open(trace, "wb") as f:
        explore(ruleset("tomb"), 2, 5, writer=TraceWriter(f, "digest"))
    rs = ruleset("tomb")
    seen: list[int] = []
    step = type(rs).step

    def spying(self, *args, **kwargs):
        seen.append(gc.get_threshold()[0])
        return step(self, *args, **kwargs)

    before = _gc_state()
    type(rs).step = spying
    try:
        report = verify([trace])
    finally:
        type(rs).step = step
    assert _gc_state() == before
    assert seen and min(seen) >= YOUNG_GENERATION
    gc.disable()
    try:
        plain = verify([trace])
    finally:
        gc.enable()
    assert report.steps == plain.steps > 0 and report.exit_code == plain.exit_code == 0


def test_a_callers_frozen_objects_stay_frozen() -> None:
    """A caller that froze its own objects before explore finds them frozen after it: explore neither
    unfreezes them nor leaves more frozen."""
    import gc

    from tombspec.checks.explore.games import explore

    gc.freeze()
    try:
        before = _gc_state()
        assert before[1] > 0
        explore(ruleset(TOY), 2, 1)
        assert _gc_state() == before
    finally:
        gc.unfreeze()
