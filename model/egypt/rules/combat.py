"""Combat with a Monster: items first (crossed-out types, the skull), then the die: Attack, Melee,
Melee/Ranged, 2 or 3 (the retreat, or the portal gun); the pharaoh's three lives; the three ways
combat ends.
"""

from __future__ import annotations

from typing import Any


from ...effects import Effect
from ...numeric import max_
from ..options import read
from ...traceability import implements, note
from .. import actions as A
from ..board import DIRECTIONS, is_solid, landing
from ..state import IN, Combat, EgyptState, Retreat, evolve
from .hero import lose
from .tomb import heroes_at, push, put, reachable_tokens, set_pile, take, terrain, top_monster

RETREAT = {"2": 2, "3": 3}


# Numeric core --------------------------------------------------------------------------------------

@implements("egypt.combat.pharaoh-lives", "egypt.monster.pharaoh-three-losses", "egypt.combat.monster-destroyed",
            "egypt.combat.monster-lives")
def compute_monster_lives(lives: Any, loss: Any) -> Any:
    """A monster's lives after losing ``loss``: the pharaoh's 3 (2 life tokens, then the token itself),
    every other monster's 1; 0 destroys it."""
    return max_(lives - loss, 0)


# Hitting monsters ----------------------------------------------------------------------------------

@implements("egypt.combat.monster-lives", "egypt.combat.monster-destroyed", "egypt.combat.pharaoh-lives",
            "egypt.monster.pharaoh-three-losses", "egypt.monster.pharaoh-weapons-only",
            "egypt.monster.pharaoh-lives-persist", "egypt.ambiguity.pharaoh-non-weapon-harm",
            "egypt.combat.end-destroyed", "egypt.combat.item-destroys", "egypt.ambiguity.quickref-monster-lives")
def damage_monster(rs: Any, s: EgyptState, space: str, token_id: int, by: str) -> tuple[EgyptState, bool]:
    """The monster ``token_id`` on ``space`` loses 1 life, struck ``by`` a ``weapon`` or a hero's
    ``item``.  All monsters but the pharaoh have 1 life; the pharaoh's 3 are worn down across
    combats.  Reading ``heroes-not-traps``: any hero's strike costs the pharaoh a life;
    ``weapons-only``: only weapons do.  Losing the last life destroys the monster (it is discarded)."""
    token = next(t for t in s.pile(space) if t.id == token_id)
    k = rs.kind(token)
    if k.monster_type == "pharaoh":
        if by != "weapon" and read(rs.options, "pharaoh_non_weapon_harm") == "weapons-only":
            return s, False
        lives = compute_monster_lives(s.pharaoh_lives, 1)
        s = evolve(s, pharaoh_lives=lives)
        if lives > 0:
            note("egypt.monster.pharaoh-three-losses")
            return s, False
    s, _ = take(rs, s, space, token_id)
    note("egypt.combat.monster-destroyed")
    if s.combat is not None and s.combat.monster == token_id:
        s = end_combat(rs, s, "destroyed")
    return s, True


@implements("egypt.trap.arrow-hit", "egypt.trap.spike-hit", "egypt.trap.boulder-reveal",
            "egypt.monster.pharaoh-weapons-only")
def destroy_by_trap(rs: Any, s: EgyptState, space: str, token_id: int) -> EgyptState:
    """A trap destroys a monster outright; 'nothing happens to the pharaoh'."""
    token = next(t for t in s.pile(space) if t.id == token_id)
    if rs.kind(token).monster_type == "pharaoh":
        return s
    s, _ = take(rs, s, space, token_id)
    if s.combat is not None and s.combat.monster == token_id:
        s = evolve(s, combat=None)
    return s


# Starting and ending combat --------------------------------------------------------------------------

@implements("egypt.move.monster-combat", "egypt.move.monster-combat-always", "egypt.combat.movements-used-up",
            "egypt.combat.look-up-monster", "egypt.ambiguity.several-heroes-one-monster", "egypt.quickref.fight",
            "egypt.ambiguity.monster-turn-combat", "egypt.faq.vest-monster-turn")
def handle_engage(rs: Any, s: EgyptState, e: Effect) -> EgyptState:
    """A hero and a revealed monster share a space: combat, at once.  On the hero's own turn their
    remaining movements are used up; on a monster turn the hero's player fights it (reading
    ``hero-player-fights``).  Several heroes fight it one after another, in turn order (reading
    ``each-in-turn-order``).  A combat whose hero and monster were parted (egypt.ambiguity.combat-apart)
    is over before this one begins, not in its way."""
    space = e.subject
    monster = top_monster(rs, s, space)
    s = end_combat_apart(rs, s)        # a combat parted by what brought them together is over first
    if monster is None or s.combat is not None:
        return s
    queue = [int(h) for h in e.items]
    here = set(heroes_at(rs, s, space))
    queue = [h for h in queue if h in here] + [h for h in heroes_at(rs, s, space) if h not in queue]
    if not queue:
        return s
    hero, rest = queue[0], tuple(queue[1:])
    if s.retreat is not None and s.retreat.hero == hero:
        note("egypt.ambiguity.retreat-new-fight")
        s = evolve(s, retreat=None)
    s = evolve(s, combat=Combat(hero, space, monster.id, queue=rest))
    seat = rs.seats[s.turn.seat]
    if s.turn.kind == "hero" and seat.hero == hero:
        note("egypt.combat.movements-used-up")
        s = s.with_turn(moves=0, fought=True)
    return s


@implements("egypt.ambiguity.combat-apart", "egypt.combat.ends")
def end_combat_apart(rs: Any, s: EgyptState) -> EgyptState:
    """A combat whose hero or monster is no longer on its space (a floor blown away under one of them, a
    fall) is over, the heroes waiting to fight that monster with it, and no genie burns (reading
    ``over`` of egypt.ambiguity.combat-apart: 'Combat ends in three cases', none of which is this)."""
    c = s.combat
    if c is None:
        return s
    if s.heroes[c.hero].space != c.space or all(t.id != c.monster for t in s.pile(c.space)):
        note("egypt.ambiguity.combat-apart")
        return evolve(s, combat=None)
    return s


def fighting(rs: Any, s: EgyptState) -> tuple[int, Any, Any]:
    c = s.combat
    assert c is not None
    token = next(t for t in s.pile(c.space) if t.id == c.monster)
    return c.hero, token, rs.kind(token)


@implements("egypt.combat.ends", "egypt.combat.end-destroyed", "egypt.combat.end-retreat",
            "egypt.monster.fire-genie", "egypt.ambiguity.genie-burn-timing", "egypt.quickref.combat-ends",
            "egypt.ambiguity.under-monster-reveal")
def end_combat(rs: Any, s: EgyptState, how: str, retreat: int = 0) -> EgyptState:
    """Combat ends: the monster is destroyed (removed from the board), or the hero retreats (the
    monster stays on its space, face up: 'ready for a new fight!'); a fire genie left alive burns the
    hero for 1 life (reading ``end-of-combat``).  (The third way, the hero's death, is
    :func:`~.hero.apply_death`.)"""
    c = s.combat
    assert c is not None
    s = evolve(s, combat=None)
    if how == "destroyed":
        note("egypt.combat.end-destroyed")
        if read(rs.options, "under_monster_reveal") == "revealed":
            s = push(s, Effect("reveal-here", "egypt.ambiguity.under-monster-reveal", subject=c.space))
        if c.queue:
            s = push(s, Effect("engage", "egypt.ambiguity.several-heroes-one-monster", subject=c.space,
                               items=tuple(str(h) for h in c.queue)))
        return s
    note("egypt.combat.end-retreat")
    token = next((t for t in s.pile(c.space) if t.id == c.monster), None)
    work = []
    if token is not None and rs.kind(token).monster_type == "genie" and \
            read(rs.options, "genie_burn_timing") == "end-of-combat":
        note("egypt.monster.fire-genie")
        work.append(lose(c.hero, 1, "burn", "egypt.monster.fire-genie"))
    if how == "retreat":
        s = begin_retreat(rs, s, c.hero, retreat, c.space, c.queue)
    elif c.queue:
        work.append(Effect("engage", "egypt.ambiguity.several-heroes-one-monster", subject=c.space,
                           items=tuple(str(h) for h in c.queue)))
    return push(s, *work)


@implements("egypt.combat.die-retreat", "egypt.ambiguity.retreat-zero")
def begin_retreat(rs: Any, s: EgyptState, hero: int, n: int, space: str, queue: tuple[int, ...]) -> EgyptState:
    """The hero 'make[s] up to 2 or 3 movements (depending on the roll) following the normal movement
    rules'.  Reading ``must-leave``: at least one, if one is possible."""
    from .turn import hero_steps

    if not hero_steps(rs, s, hero) and read(rs.options, "retreat_zero") == "must-leave":
        if queue:
            s = push(s, Effect("engage", "egypt.ambiguity.several-heroes-one-monster", subject=space,
                               items=tuple(str(h) for h in queue)))
        return s
    return evolve(s, retreat=Retreat(hero, n, 0, space, queue))


def end_retreat(rs: Any, s: EgyptState) -> EgyptState:
    r = s.retreat
    assert r is not None
    s = evolve(s, retreat=None)
    if r.queue:
        s = push(s, Effect("engage", "egypt.ambiguity.several-heroes-one-monster", subject=r.space,
                           items=tuple(str(h) for h in r.queue)))
    return s


def handle_reveal_here(rs: Any, s: EgyptState, e: Effect) -> EgyptState:
    """The monster that guarded a pile is destroyed: the heroes on the space reach the tokens under it."""
    from .turn import reveal_reachable

    space = e.subject
    heroes = heroes_at(rs, s, space)
    if not heroes:
        return s
    s = reveal_reachable(rs, s, space)
    return push(s, *[Effect("encounter", "egypt.combat.monster-guards-stack", player=h, subject=space)
                     for h in heroes])


# Decisions in combat -----------------------------------------------------------------------------------

@implements("egypt.combat.items-before-roll", "egypt.quickref.combat-items", "egypt.combat.roll",
            "egypt.quickref.combat-roll", "egypt.ambiguity.combat-items")
def combat_actions(rs: Any, s: EgyptState) -> list[Any]:
    """Before rolling, the hero may use items in any number (reading ``combat-effects``: those that act
    in combat: the bomb, the one-use effects against a crossed-out type, the roller skates, fruit, the
    crystal); then rolls.  On a 2 or 3 with the portal gun: retreat, or teleport the monster."""
    from . import items

    c = s.combat
    assert c is not None
    if c.stage == "result":
        return [A.Retreat(), *portal_gun_actions(rs, s)]
    return [A.ROLL, *items.item_actions(rs, s, c.hero, "combat")]


def apply_combat_action(rs: Any, s: EgyptState, action: Any) -> EgyptState:
    from . import items

    c = s.combat
    assert c is not None
    if isinstance(action, A.Roll):
        note("egypt.combat.then-roll")
        return evolve(s, roll="combat")
    if isinstance(action, A.Retreat):
        return end_combat(rs, evolve(s, combat=evolve(c, stage="fight")), "retreat",
                          RETREAT[c.result or "2"])
    if isinstance(action, A.PortalGun):
        return apply_portal_gun(rs, s, action)
    return items.apply_item(rs, s, c.hero, action)


def weapons(rs: Any, s: EgyptState, hero: int) -> set[str]:
    """The types of the weapons on the hero's board (reading ``parameter``, answered: the token data's,
    as each token shows it; ``by-nature``: the weapons the rulebook names have their natural type)."""
    out = set()
    for t in s.heroes[hero].items:
        k = rs.kind(t)
        if k.category == "weapon":
            out.add(rs.weapon_type(k))
    return out


@implements("egypt.combat.die-attack", "egypt.combat.die-melee", "egypt.combat.die-melee-ranged",
            "egypt.combat.die-retreat", "egypt.combat.repeat", "egypt.combat.apply-before-item",
            "egypt.chest.weapon-type", "egypt.weapon.purpose", "egypt.monster.king-cobra", "egypt.monster.golem",
            "egypt.monster.golem-reroll", "egypt.ambiguity.golem-melee-ranged", "egypt.ambiguity.melee-with-ranged-only",
            "egypt.ambiguity.weapon-types", "egypt.combat.die-results", "egypt.monster.winged-spiders",
            "egypt.monster.insects", "egypt.monster.red-corners", "egypt.ambiguity.genie-burn-timing",
            "egypt.ambiguity.die-faces", "egypt.component.die")
def apply_combat_roll(rs: Any, s: EgyptState, result: str) -> EgyptState:
    """Apply the die fully (before any item): Attack, the hero loses 1 life (3 to the king cobra);
    Melee, the monster loses 1 life if the hero has a melee weapon (the golem: reroll); Melee/Ranged,
    if the hero has any weapon; with no weapon at all, roll again; 2 or 3, the hero retreats (or,
    with the portal gun, may teleport the monster instead)."""
    hero, token, k = fighting(rs, s)
    c = s.combat
    assert c is not None
    kinds = weapons(rs, s, hero)
    genie_each = k.monster_type == "genie" and read(rs.options, "genie_burn_timing") == "each-roll"
    if result == "Attack":
        note("egypt.combat.die-attack")
        n = 3 if k.monster_type == "cobra" else 1
        s = push(s, lose(hero, n, "cobra" if n == 3 else "attack",
                         "egypt.monster.king-cobra" if n == 3 else "egypt.combat.die-attack"))
    elif result == "Melee":
        if k.monster_type == "golem":
            note("egypt.monster.golem-reroll")
            return evolve(s, roll="combat")
        if not kinds:
            note("egypt.combat.die-melee")
            return evolve(s, roll="combat")
        if "melee" in kinds:
            s, destroyed = damage_monster(rs, s, c.space, c.monster, "weapon")
            if destroyed:
                return s
        elif read(rs.options, "melee_with_ranged_only") == "reroll-immediately":
            return evolve(s, roll="combat")
    elif result == "Melee/Ranged":
        if not kinds:
            note("egypt.combat.die-melee-ranged")
            return evolve(s, roll="combat")
        if k.monster_type == "golem" and "ranged" not in kinds and \
                read(rs.options, "golem_melee_ranged") == "needs-ranged":
            note("egypt.monster.golem")
        else:
            s, destroyed = damage_monster(rs, s, c.space, c.monster, "weapon")
            if destroyed:
                return s
    else:
        note("egypt.combat.die-retreat")
        choosing = evolve(s, combat=evolve(c, stage="result", result=result))
        if portal_gun_actions(rs, choosing):
            return choosing
        return end_combat(rs, s, "retreat", RETREAT[result])
    if genie_each and s.combat is not None:
        s = push(s, lose(hero, 1, "burn", "egypt.monster.fire-genie"))
    return s


# The retreat --------------------------------------------------------------------------------------------

def retreat_actions(rs: Any, s: EgyptState) -> list[Any]:
    from .turn import hero_steps

    r = s.retreat
    assert r is not None
    step = A.STEP
    steps = [step[v] for v in hero_steps(rs, s, r.hero)] if r.left > 0 else []
    out: list[Any] = list(steps)
    if r.made >= 1 or not steps or read(rs.options, "retreat_zero") == "zero-allowed":
        out.append(A.STOP_RETREAT)
    return out


@implements("egypt.combat.die-retreat", "egypt.ambiguity.retreat-new-fight", "egypt.ambiguity.retreat-zero")
def apply_retreat_action(rs: Any, s: EgyptState, action: Any) -> EgyptState:
    """A retreat movement follows the normal movement rules (reading ``normal-rules``: it reveals tokens
    and may start a new fight, which ends the retreat)."""
    from .turn import apply_step

    r = s.retreat
    assert r is not None
    if isinstance(action, A.StopRetreat):
        return end_retreat(rs, s)
    r = evolve(r, left=r.left - 1, made=r.made + 1)
    s = evolve(s, retreat=r)
    s = apply_step(rs, s, r.hero, action.to, retreat=True)
    if r.left == 0:
        s = end_retreat(rs, s)
    return s


# The portal gun ---------------------------------------------------------------------------------------------

@implements("egypt.weapon.portal-gun", "egypt.ambiguity.portal-gun")
def portal_gun_actions(rs: Any, s: EgyptState) -> list[Any]:
    """Once per turn, on a 2 or 3: teleport the monster that many spaces in a straight line (reading
    ``straight-ends-combat``), ignoring floors, ceilings and walls, but not into a wall or a closed door
    nor off the board."""
    c = s.combat
    if c is None:
        return []
    result = c.result
    hero = c.hero
    n = RETREAT.get(result or "", 0)
    if not n:
        return []
    gun = [t for t in s.heroes[hero].items if rs.kind(t).has("portal-gun") and not t.used]
    if not gun:
        return []
    t = terrain(rs, s)
    out = []
    for d in DIRECTIONS:
        end = c.space
        for _ in range(n):
            end = rs.board.towards(end, d) if end else None
        if end and t.live(end) and not is_solid(t, end):
            out.append(A.PortalGun(gun[0].id, d))
    return out


@implements("egypt.weapon.portal-gun", "egypt.weapon.portal-gun-fall", "egypt.weapon.portal-gun-onto-player",
            "egypt.ambiguity.portal-gun")
def apply_portal_gun(rs: Any, s: EgyptState, action: Any) -> EgyptState:
    """Instead of retreating, the monster is teleported; with no floor under it, it falls; combat ends.
    A monster teleported onto another hero fights them at the start of that hero's turn (reading
    ``straight-ends-combat``; ``immediate``: at once)."""
    c = s.combat
    assert c is not None
    hero = c.hero
    n = RETREAT[c.result or "2"]
    end = c.space
    for _ in range(n):
        end = rs.board.towards(end, action.direction)
    items = tuple(evolve(t, used=True) if t.id == action.token else t for t in s.heroes[hero].items)
    s = s.with_hero(hero, items=items)
    s = evolve(s, combat=None)
    s, monster = take(rs, s, c.space, c.monster)
    end = landing(terrain(rs, s), end, hero=False)
    s = put(rs, s, end, monster)
    work = []
    if c.queue:
        work.append(Effect("engage", "egypt.ambiguity.several-heroes-one-monster", subject=c.space,
                           items=tuple(str(h) for h in c.queue)))
    if heroes_at(rs, s, end) and read(rs.options, "portal_gun") == "immediate":
        work.append(Effect("engage", "egypt.ambiguity.portal-gun", subject=end, items=()))
    return push(s, *work)

