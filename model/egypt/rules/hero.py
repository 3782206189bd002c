"""The Hero Board: lives (at most 3, the printed one included), movements (up to 3), item slots (at
most 5); losing and regaining lives; a hero's death.

The numeric cores here are written over ``tombspec.model.numeric`` so that ``tombspec.checks.proofs``
proves the invariants on the very same functions with z3 terms.
"""

from __future__ import annotations

from typing import Any


from ...effects import Effect
from ...numeric import if_, max_, min_
from ..options import read
from ...traceability import implements, note
from ..state import DEAD, IN, EgyptState, Hero, Token, evolve
from .tomb import push, put, set_pile

MAX_LIVES = 3          # 2 life tokens plus 1 printed one
MOVEMENTS = 3
SLOTS = 5


# Numeric cores ---------------------------------------------------------------------------------------

@implements("egypt.hero.lose-life", "egypt.hero.death", "egypt.combat.end-hero-dies")
def compute_lose_lives(lives: Any, n: Any) -> Any:
    """Lives after losing ``n``: one life token discarded for each; 0 means the hero died (they had to
    lose a life with only the printed one left)."""
    return max_(lives - n, 0)


@implements("egypt.hero.regain-life", "egypt.hero.max-lives", "egypt.item.crystal-cap", "egypt.item.fruit")
def compute_gain_lives(lives: Any, n: Any) -> Any:
    """Lives after regaining ``n``: a token returned for each, never above 3; a dead hero gains none."""
    return if_(lives <= 0, lives, min_(lives + n, MAX_LIVES))


@implements("egypt.hero.movements", "egypt.turn.movements")
def compute_moves_after(moves: Any, cost: Any) -> Any:
    """Movements left after one costing ``cost`` (0 to 3 a turn)."""
    return max_(moves - cost, 0)


@implements("egypt.hero.item-slots")
def compute_slots_free(carried: Any) -> Any:
    return SLOTS - carried


# Predicates --------------------------------------------------------------------------------------------

def counts_against_slots(rs: Any, token: Token) -> bool:
    """Reading ``every-token``: every token on the hero board fills a slot; ``weapons-separate``: only
    items do (weapons, keys and the crystal do not)."""
    if read(rs.options, "slot_contents") == "every-token":
        return True
    k = rs.kind(token)
    return k.category == "item" and not (k.has("crystal") or k.has("key-yellow") or k.has("key-black"))


@implements("egypt.hero.item-slots", "egypt.hero.any-slot", "egypt.ambiguity.slot-contents")
def carried(rs: Any, hero: Hero) -> int:
    """How many of the hero's 5 slots are full (any token sits in any slot)."""
    return sum(1 for t in hero.items if counts_against_slots(rs, t))


def has_room(rs: Any, hero: Hero, token: Token) -> bool:
    return not counts_against_slots(rs, token) or compute_slots_free(carried(rs, hero)) >= 1


def with_items(s: EgyptState, hero: int, items: tuple[Token, ...]) -> EgyptState:
    return s.with_hero(hero, items=items)


# Losing lives: the bulletproof vest, the crystal, then the loss --------------------------------------------

def lose(hero: int, n: int, cause: str, rule: str = "egypt.hero.lose-life") -> Effect:
    """The work item 'the hero loses ``n`` lives' (``cause`` names what takes them: ``"attack"``, a
    monster's Attack face; ``"cobra"``, the king cobra's; ``"burn"``, the fire genie; ``"crack"`` and
    ``"fire"``, those traps)."""
    return Effect("lose", rule, player=hero, value=n, subject=cause)


@implements("egypt.hero.lose-life", "egypt.hero.death", "egypt.faq.fruit-too-late")
def apply_lose_lives(rs: Any, s: EgyptState, hero: int, n: int, cause: str) -> EgyptState:
    """Discard ``n`` life tokens; with only the printed life left to lose, the hero dies (no fruit can
    help any more: 'it's too late!')."""
    h = s.heroes[hero]
    if h.status != IN or n <= 0:
        return s
    lives = compute_lose_lives(h.lives, n)
    note("egypt.hero.lose-life")
    s = s.with_hero(hero, lives=lives)
    if lives <= 0:
        return apply_death(rs, s, hero, cause)
    return s


@implements("egypt.death.drop-tokens", "egypt.death.monster-on-top", "egypt.death.switch-sides",
            "egypt.combat.monster-stays-after-death", "egypt.combat.end-hero-dies", "egypt.solo.death",
            "egypt.ambiguity.solo-details", "egypt.weapon.kept", "egypt.combat.dead-player-monsters")
def apply_death(rs: Any, s: EgyptState, hero: int, cause: str, *, drop: bool = True) -> EgyptState:
    """The hero dies: their token leaves the board and the tokens of their board are placed in a
    face-down stack on their space, a revealed monster there on top; combat with them ends (the
    monster stays face up).  In solo mode a dead hero is 'simply removed' (reading ``drop-tokens``:
    their tokens are still dropped; ``remove-all``: they go with the hero).  From their next turn
    the player plays the monsters."""
    h = s.heroes[hero]
    space = h.space
    s = s.with_hero(hero, status=DEAD, lives=0, space=None, items=())
    note("egypt.hero.death")
    if space is not None and drop and h.items:
        solo_remove = rs.solo and read(rs.options, "solo_details") == "remove-all"
        if not solo_remove:
            dropped = tuple(evolve(t, face_up=False, used=False) for t in h.items)
            pile = s.pile(space)
            monsters = tuple(t for t in pile if t.face_up and rs.kind(t).is_monster)
            rest = tuple(t for t in pile if t not in monsters)
            s = set_pile(rs, s, space, (*rest, *dropped, *monsters))
    if s.combat is not None and s.combat.hero == hero:
        note("egypt.combat.end-hero-dies")
        queue = s.combat.queue
        sp = s.combat.space
        s = evolve(s, combat=None)
        if queue:
            s = push(s, Effect("engage", "egypt.ambiguity.several-heroes-one-monster", subject=sp,
                               items=tuple(str(q) for q in queue)))
    if s.retreat is not None and s.retreat.hero == hero:
        s = evolve(s, retreat=None)
    return s


__all__ = ["MAX_LIVES", "MOVEMENTS", "SLOTS", "apply_death", "apply_lose_lives", "carried", "compute_gain_lives",
           "compute_lose_lives", "compute_moves_after", "has_room", "lose", "put"]
