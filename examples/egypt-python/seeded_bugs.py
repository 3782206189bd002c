"""Seeded bugs: deliberately wrong Monsters of Egypt implementations, each one small change to one rule.

Each class is the reference model as an in-process conform adapter (``ModelAdapter``) with one rule
function replaced while it runs (``patches``): a *mutant*.  ``tombspec conform`` must tell every one of
them apart from the model::

    tombspec conform --impl python:examples/egypt-python/seeded_bugs.py:LadderCostsTwo --game egypt --games 20

``RULE`` names the catalog rule each one breaks; ``OPTIONS`` and ``BOARD`` the configuration that shows it
soonest (Escape mode for the ceiling, a spirit of the tomb for the monster turn).
"""

from __future__ import annotations

from typing import Any

import attrs

from tombspec.checks.oracle.conform import ModelAdapter
from tombspec.model.egypt.rules import hero as hero_rules
from tombspec.model.egypt.rules import turn
from tombspec.model.egypt.rules.hero import lose

RULES = "tombspec.model.egypt.rules"


_step = turn.apply_step


def _ladder_costs_two(rs: Any, s: Any, hero: int, to: str, *, retreat: bool = False) -> Any:
    here = s.hero(hero).space
    vertical = rs.board.edge_kind(here, to) == "vertical"
    s = _step(rs, s, hero, to, retreat=retreat)
    if vertical and not retreat:
        s = attrs.evolve(s, turn=attrs.evolve(s.turn, moves=max(s.turn.moves - 1, 0)))
    return s


class LadderCostsTwo(ModelAdapter):
    """Taking a Turn: climbing up or down a ladder costs 2 movements (it is 1: 'Move up OR down a ladder by
    1 space')."""

    RULE = "egypt.move.ladder"
    OPTIONS: dict[str, Any] | None = None
    BOARD = "small"
    patches = [(f"{RULES}.turn:apply_step", _ladder_costs_two)]




def _fall_hurts(rs: Any, s: Any, hero: int, to: str, *, retreat: bool = False) -> Any:
    before = s.hero(hero).space
    s = _step(rs, s, hero, to, retreat=retreat)
    if s.hero(hero).space not in (to, before):
        s = turn.push(s, lose(hero, 1, "fall"))
    return s


class FallingCostsALife(ModelAdapter):
    """Taking a Turn: a hero who falls loses a life ('but does not lose a life')."""

    RULE = "egypt.move.fall"
    OPTIONS = None
    patches = [(f"{RULES}.turn:apply_step", _fall_hurts)]


class UnarmedMeleeHits(ModelAdapter):
    """Combat: a Melee or Melee/Ranged roll hurts the monster even with no weapon (it should be rolled again)."""

    RULE = "egypt.combat.die-melee"
    OPTIONS = None
    patches = [(f"{RULES}.combat:weapons", lambda rs, s, hero: {"melee", "ranged"})]


class LivesPastThree(ModelAdapter):
    """Hero Board: fruit and the crystal restore lives past the maximum of 3."""

    RULE = "egypt.hero.max-lives"
    OPTIONS = None
    BOARD = "standard"
    patches = [(f"{RULES}.items:compute_gain_lives", lambda lives, n: lives + n if lives > 0 else lives)]


def _no_twice_rule(rs: Any, s: Any, token_id: int) -> str:
    space = next((p.space for p in s.piles for t in p.tokens if t.id == token_id), None)
    if space is None:
        return "egypt.monster-turn.move"
    token = next(t for t in s.pile(space) if t.id == token_id)
    k = rs.kind(token)
    if not token.face_up or not k.is_monster or rs.movements(k) < 1:
        return "egypt.monster-turn.move"
    return ""


class SameMonsterTwice(ModelAdapter):
    """The Monster Turn: the monster moved on the last monster turn may be moved again."""

    RULE = "egypt.monster-turn.not-twice"
    OPTIONS = {"players": 3, "pursuit": True}
    patches = [(f"{RULES}.monster_turn:why_not_move", _no_twice_rule)]


class CeilingStartsOnTheTopFloor(ModelAdapter):
    """Escape Mode: the ceiling drops straight onto the top floor (not above the board, then its edge)."""

    RULE = "egypt.escape.turn.ceiling-a"
    OPTIONS = {"escape": True}
    patches = [(f"{RULES}.escape:compute_ceiling_drop",
                lambda ceiling, height, quickref=False: min(max(ceiling + 1, 3), height + 2))]


class FireIsHarmless(ModelAdapter):
    """Hazards: the Fire trap costs no life."""

    RULE = "egypt.trap.fire"
    OPTIONS = None
    patches = [(f"{RULES}.hazards:fire", lambda rs, s, hero, space: s)]


_death = hero_rules.apply_death


def _keeps_tokens(rs: Any, s: Any, hero: int, cause: str, *, drop: bool = True) -> Any:
    return _death(rs, s, hero, cause, drop=False)


class DeadHeroKeepsTokens(ModelAdapter):
    """Hero Death: the tokens of a dead hero's board leave with the hero (they should be left in a
    face-down stack on their space)."""

    RULE = "egypt.death.drop-tokens"
    OPTIONS = None
    patches = [(f"{RULES}.hero:apply_death", _keeps_tokens)]


class NoRevealOnArrival(ModelAdapter):
    """Taking a Turn: a hero arriving on a face-down token does not reveal it."""

    RULE = "egypt.turn.reveal-on-arrival"
    OPTIONS = None
    patches = [(f"{RULES}.turn:reveal_reachable", lambda rs, s, space: s)]


ALL = [LadderCostsTwo, FallingCostsALife, UnarmedMeleeHits, LivesPastThree, SameMonsterTwice,
       CeilingStartsOnTheTopFloor, FireIsHarmless, DeadHeroKeepsTokens, NoRevealOnArrival]
