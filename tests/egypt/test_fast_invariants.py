"""The invariants read only what changed since the last state on which they all held
(``invariants.violations``, issue 26): a break seeded into a state derived from such a state (one field
changed, as a step would change it) is reported by the fast check with the same rule id, and the fast
check's answer is the full reading's (``invariants.all_violations``) word for word."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tombspec.model.chance import Deck
from tombspec.model.effects import TURN, Effect
from tombspec.model.egypt import Egypt
from tombspec.model.egypt.board import is_solid, is_supported
from tombspec.model.egypt.invariants import all_violations
from tombspec.model.egypt.rules.tomb import _IDS, set_pile, terrain, token_ids
from tombspec.model.egypt.state import IN, Combat, EgyptState, Pile, Token, evolve
from tombspec.model.play import playout


def _mid_game(rs: Egypt, seed: int = 3) -> EgyptState:
    """A state of a random game in which hero 0 is in the tomb and tokens lie on the board, every
    invariant checked after every step on the way (so that ``rs.passed`` is set)."""
    for state in (s for _, _, s in playout(rs, random.Random(seed))):
        assert rs.violations(state) == []
        if state.phase == "play" and state.hero(0).status == IN and state.piles and state.combat is None \
                and state.window is None:
            return state
    raise AssertionError("no such state")


def _hero_on(rs: Egypt, s: EgyptState, ok: Any) -> EgyptState:
    t = terrain(rs, s)
    space = next(sp for sp in rs.board.spaces if t.live(sp) and ok(t, sp))
    return s.with_hero(0, space=space)


def _without_crystal(rs: Egypt, s: EgyptState) -> EgyptState:
    name = rs.crystal_name
    piles = tuple(Pile(p.space, tuple(x for x in p.tokens if x.name != name)) for p in s.piles)
    s = evolve(s, chests=Deck.of({c: n for c, n in s.chests.counts if c != name}),
               piles=tuple(p for p in piles if p.tokens))
    for i, h in enumerate(s.heroes):
        s = s.with_hero(i, items=tuple(x for x in h.items if x.name != name))
    return s


def _floor_gone(rs: Egypt, s: EgyptState) -> EgyptState:
    """The hero stays the very same object; the terrain changes under them (their floor destroyed, and
    nothing else holding them up)."""
    t = terrain(rs, s)
    space = next(sp for sp in rs.board.spaces if t.live(sp) and not is_solid(t, sp) and is_supported(t, sp)
                 and not rs.board.is_bottom(sp) and rs.board.spaces[sp].floor and not t.ladder(sp)
                 and not (rs.board.below(sp) and (is_solid(t, rs.board.below(sp)) or t.ladder(rs.board.below(sp))))
                 and not rs.board.spaces[sp].cave)
    good = s.with_hero(0, space=space)
    assert rs.violations(good) == []            # passes, and becomes the state the next check starts from
    return evolve(good, rubble=tuple(sorted({*good.rubble, f"{space}/floor"})))


def _crystal_gone_from_a_hero(rs: Egypt, s: EgyptState) -> EgyptState:
    """Hero 0 carries the crystal (passes); then the crystal gone from their board, nothing else changed:
    a hero board is read again for the crystal when its tokens change, whatever else of the hero does not."""
    rest = _without_crystal(rs, s)
    holding = rest.with_hero(0, items=(*rest.hero(0).items, Token(2000, rs.crystal_name, "chest", face_up=True)))
    assert rs.violations(holding) == []          # passes, and becomes the state the next check starts from
    return holding.with_hero(0, items=rest.hero(0).items)


def _fighting(rs: Egypt, s: EgyptState) -> EgyptState:
    """Hero 0 fights a monster on their space (passes): the combat, the hero and the pile as they were
    when the combat's check last read them."""
    space = s.hero(0).space
    monster = next(name for name in sorted(rs.monster_names))
    fight = evolve(set_pile(rs, s, space, (*s.pile(space), Token(3000, monster, "hazard", face_up=True))),
                   combat=Combat(0, space, 3000))
    assert rs.violations(fight) == []            # passes, and becomes the state the next check starts from
    return fight


def _fighter_gone(rs: Egypt, s: EgyptState) -> EgyptState:
    """The same combat, its hero moved away: a combat is read again when the heroes change."""
    fight = _fighting(rs, s)
    space = fight.hero(0).space
    return _hero_on(rs, fight, lambda t, sp: sp != space and not is_solid(t, sp) and is_supported(t, sp))


def _monster_gone(rs: Egypt, s: EgyptState) -> EgyptState:
    """The same combat, its monster gone from the pile: a combat is read again when the piles change."""
    fight = _fighting(rs, s)
    space = fight.hero(0).space
    return set_pile(rs, fight, space, tuple(x for x in fight.pile(space) if x.id != 3000))


def _monster_moved_then_nobody_dead(rs: Egypt, s: EgyptState) -> EgyptState:
    """Hero 1 dead and a monster moved (passes); then hero 1 out of the tomb alive instead, the monster
    that moved unchanged: the monsters' idleness is read again when the heroes change."""
    moved = evolve(s.with_hero(1, status="dead", lives=0, space=None, items=()), last_moved=s.piles[0].tokens[0].id)
    assert rs.violations(moved) == []            # passes, and becomes the state the next check starts from
    return moved.with_hero(1, status="escaped", lives=3)


def _jetpack_gone(rs: Egypt, s: EgyptState) -> EgyptState:
    """Hero 0 held up on nothing by a jetpack (passes); then the jetpack's effect gone, the hero the very
    same object: whether a hero flies is read from the effects, now and before."""
    t = terrain(rs, s)
    space = next(sp for sp in rs.board.spaces if t.live(sp) and not is_solid(t, sp) and not is_supported(t, sp))
    flying = evolve(s.with_hero(0, space=space),
                    effects=(Effect("jetpack", "egypt.item.jetpack", until=TURN, player=0, value=1), *s.effects))
    assert rs.violations(flying) == []           # passes, and becomes the state the next check starts from
    return evolve(flying, effects=s.effects)


def _twice_in_the_piles(rs: Egypt, s: EgyptState, *, same_pile: bool = False, anew: bool = False) -> EgyptState:
    """A token of the first pile laid on another pile too (or on its own again): by ``set_pile``, which
    carries the counted token ids of the piles over (``token_ids``), or with the piles made anew."""
    token_ids(s.piles)                           # counted, so that set_pile carries the counts over
    token = s.piles[0].tokens[0]
    space = s.piles[0].space if same_pile else s.piles[1].space
    if anew:
        piles = tuple(Pile(p.space, (*p.tokens, token)) if p.space == space else p for p in s.piles)
        return evolve(s, piles=piles)
    bad = set_pile(rs, s, space, (*s.pile(space), token))
    assert _IDS[0] is bad.piles and _IDS[2] == 1
    return bad


def _six_items(rs: Egypt, s: EgyptState) -> EgyptState:
    return s.with_hero(0, items=tuple(Token(1000 + i, "Bomb", "start", face_up=True) for i in range(6)))


BREAKS = {
    "token in two places": ("egypt.components.list",
                            lambda rs, s: s.with_hero(0, items=(*s.hero(0).items, s.piles[0].tokens[0]))),
    "a token in two piles": ("egypt.components.list", _twice_in_the_piles),
    "a token twice in one pile": ("egypt.components.list", lambda rs, s: _twice_in_the_piles(rs, s, same_pile=True)),
    "a token in two piles, the piles made anew": ("egypt.components.list",
                                                  lambda rs, s: _twice_in_the_piles(rs, s, anew=True)),
    "a pile token on a hero board too": ("egypt.components.list",
                                         lambda rs, s: s.with_hero(0, items=(*s.hero(0).items, s.piles[-1].tokens[-1]))),
    "too many lives": ("egypt.hero.max-lives", lambda rs, s: s.with_hero(0, lives=4)),
    "six items": ("egypt.hero.item-slots", _six_items),
    "in the tomb nowhere": ("egypt.death.drop-tokens", lambda rs, s: s.with_hero(0, space=None)),
    "dead with tokens": ("egypt.death.drop-tokens",
                         lambda rs, s: s.with_hero(0, status="dead", space=None, lives=0,
                                                   items=(Token(1000, "Bomb", "start", face_up=True),))),
    "inside a wall": ("egypt.tomb.wall-blocks", lambda rs, s: _hero_on(rs, s, is_solid)),
    "on nothing": ("egypt.tomb.floor-walk",
                   lambda rs, s: _hero_on(rs, s, lambda t, sp: not is_solid(t, sp) and not is_supported(t, sp))),
    "an empty pile": ("egypt.components.list",
                      lambda rs, s: evolve(s, piles=(*s.piles, Pile(next(iter(rs.board.spaces)), ())))),
    "tokens above the ceiling": ("egypt.escape.turn.ceiling-edge",
                                 lambda rs, s: evolve(s, ceiling=3 + max(rs.board.y(p.space) for p in s.piles))),
    "the floor gone from under a hero": ("egypt.tomb.floor-walk", lambda rs, s: _floor_gone(rs, s)),
    "the jetpack gone from a hero on nothing": ("egypt.tomb.floor-walk", _jetpack_gone),
    "four movements and a pharaoh of four lives": ("egypt.combat.pharaoh-lives",
                                                   lambda rs, s: evolve(s, turn=evolve(s.turn, moves=2),
                                                                        pharaoh_lives=4)),
    "a ceiling in Exploration mode, the movements changed too": (
        "egypt.escape.setup.ceiling", lambda rs, s: evolve(s, ceiling=1, turn=evolve(s.turn, moves=1))),
    "four movements": ("egypt.hero.movements", lambda rs, s: evolve(s, turn=evolve(s.turn, moves=4))),
    "a pharaoh of four lives": ("egypt.combat.pharaoh-lives", lambda rs, s: evolve(s, pharaoh_lives=4)),
    "the ceiling off the board": ("egypt.escape.turn.ceiling-c",
                                  lambda rs, s: evolve(s, ceiling=rs.board.height + 3)),
    "a ceiling in Exploration mode": ("egypt.escape.setup.ceiling", lambda rs, s: evolve(s, ceiling=1)),
    "twenty-three rubble tokens": ("egypt.components.list",
                                   lambda rs, s: evolve(s, rubble=tuple(f"{i},0/wall" for i in range(23)))),
    "two rubble tokens on one part": ("egypt.start.rubble", lambda rs, s: evolve(s, rubble=("0,0/floor",) * 2)),
    "a red door": ("egypt.setup.close-doors", lambda rs, s: evolve(s, doors=("red",))),
    "a fight from elsewhere": ("egypt.combat.ends",
                               lambda rs, s: evolve(s, combat=Combat(0, s.piles[0].space, s.piles[0].tokens[0].id))
                               if s.piles[0].space != s.hero(0).space else
                               evolve(s, combat=Combat(0, s.piles[-1].space, 99999))),
    "the crystal gone": ("egypt.item.crystal-indestructible", _without_crystal),
    "the crystal gone from a hero board": ("egypt.item.crystal-indestructible", _crystal_gone_from_a_hero),
    "a monster moved": ("egypt.death.monsters-idle", lambda rs, s: evolve(s, last_moved=s.piles[0].tokens[0].id)),
    "a monster moved, and then nobody dead": ("egypt.death.monsters-idle", _monster_moved_then_nobody_dead),
    "the same fight, its hero gone": ("egypt.combat.ends", _fighter_gone),
    "the same fight, its monster gone": ("egypt.combat.ends", _monster_gone),
    "a victory without the crystal": ("egypt.end.victory",
                                      lambda rs, s: evolve(s, phase="over", outcome="victory", winners=(0,))),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_a_seeded_break_is_caught_after_a_passing_state(name: str) -> None:
    rs = Egypt(options={"rubble_supply": "twenty-two"})
    good = _mid_game(rs)
    assert rs.violations(good) == [] and rs.passed is not None and rs.passed[0] is good
    rule, seed = BREAKS[name]
    bad = seed(rs, good)
    fast = rs.violations(bad)
    assert rule in {v.invariant for v in fast}, fast
    t = terrain(rs, bad) if bad.phase != "deal" or bad.piles else None
    assert fast == all_violations(rs, bad, t)
    assert rs.passed is None                     # a failing state is no base for the next check
    assert rs.violations(good) == []             # and the passing one passes again, read in full


def test_a_step_after_a_passing_state_rereads_only_what_changed() -> None:
    """The fast check agrees with the full reading on every state of a few random games (each step
    changes some fields and keeps the others, the very objects)."""
    for config in ({}, {"escape": True}, {"players": 4, "pursuit": True}):
        rs = Egypt(options=config)
        for seed in range(3):
            for _, _, state in playout(rs, random.Random(seed)):
                t = terrain(rs, state) if state.phase != "deal" or state.piles else None
                assert rs.violations(state) == all_violations(rs, state, t) == []


def test_the_caches_stay_behind_when_the_ruleset_is_pickled() -> None:
    import pickle

    rs = Egypt()
    _mid_game(rs)
    assert rs.passed is not None and rs.last_pending is not None
    copy = pickle.loads(pickle.dumps(rs))
    assert all(getattr(copy, name) is None for name in Egypt.CACHES)


def test_the_token_ids_carried_from_pile_to_pile_are_those_counted_afresh() -> None:
    """``token_ids`` of the piles ``set_pile`` makes, the counts carried over from the piles it changed,
    are the counts of their tokens (and of their empty piles) read afresh, on every state of a few random
    games, with a token laid twice, and with an empty pile among the piles replaced or taken away."""
    from collections import Counter

    def afresh(piles: tuple[Pile, ...]) -> tuple[dict[int, int], int, int]:
        counts = Counter(x.id for p in piles for x in p.tokens)
        return dict(counts), sum(1 for n in counts.values() if n > 1), sum(1 for p in piles if not p.tokens)

    for config in ({}, {"escape": True}, {"players": 4, "pursuit": True}):
        rs = Egypt(options=config)
        carried = 0
        for seed in range(3):
            for _, _, state in playout(rs, random.Random(seed)):
                carried += _IDS[0] is state.piles
                counts, dups, empty = token_ids(state.piles)
                assert (dict(counts), dups, empty) == afresh(state.piles)
                if state.piles:
                    token = state.piles[-1].tokens[-1]
                    for space in (state.piles[0].space, state.piles[-1].space):
                        token_ids(state.piles)
                        bad = set_pile(rs, state, space, (*state.pile(space), token))
                        assert _IDS[0] is bad.piles and (dict(_IDS[1]), _IDS[2], _IDS[3]) == afresh(bad.piles)
                        assert token_ids(bad.piles)[1] == 1
                    token_ids(state.piles)
        assert carried > 0                       # the counts were carried over, not only counted afresh
    rs = Egypt()
    good = _mid_game(rs)
    empty = evolve(good, piles=(*good.piles[:1], Pile(good.piles[1].space, ()), *good.piles[2:]))
    assert token_ids(empty.piles)[2] == 1
    for tokens in ((), good.piles[1].tokens):   # the empty pile taken away, or filled again
        token_ids(empty.piles)
        fixed = set_pile(rs, empty, good.piles[1].space, tokens)
        assert _IDS[0] is fixed.piles and (dict(_IDS[1]), _IDS[2], _IDS[3]) == afresh(fixed.piles)
        assert _IDS[3] == 0 and rs.violations(fixed) == []
