"""The Token Reference's starting items, chests, items and weapons: what each effect lets a hero do.

Permanent effects (the top corner) work once per turn: a token's ``used`` flag is its rotation,
reset when its holder's turn starts (reading ``own-round`` of egypt.ambiguity.once-per-turn-window).
One-use effects (the bottom corner) discard the token: back in the box (reading ``by-cause`` of
egypt.ambiguity.discard-destination).  Using an item costs no movement (reading
``free-any-time-on-turn``).
"""

from __future__ import annotations

from typing import Any


from ...effects import TURN, Effect
from ..options import read
from ...traceability import implements, note
from .. import actions as A
from ..board import DIRECTIONS, is_solid, landing, teleport_targets
from ..state import IN, EgyptState, Token, Window, evolve
from .hero import compute_gain_lives, compute_moves_after, lose
from .tomb import (can_destroy, can_place_rubble, destroy, find_token, heroes_at, push, put, reachable_tokens,
                   take, terrain, top_monster)


# Where an item reaches ------------------------------------------------------------------------------

@implements("egypt.ambiguity.neighboring-scope", "egypt.tomb.neighboring")
def near(rs: Any, space: str, *, own: bool = True) -> list[str]:
    """The hero's space (``own``) and its neighbouring spaces for an item's effect: left and right
    (reading ``left-right-only``), also every other cave from a cave (``left-right-and-caves``), also
    above and below (``orthogonal``)."""
    b = rs.board
    scope = read(rs.options, "neighboring_scope")
    out = [space] if own else []
    directions = ("left", "right", "up", "down") if scope == "orthogonal" else ("left", "right")
    for d in directions:
        n = b.towards(space, d)
        if n is not None:
            out.append(n)
    if scope == "left-right-and-caves" and b.spaces[space].cave:
        out += [c for c in b.caves if c != space]
    return out


def carried_token(s: EgyptState, hero: int, token_id: int) -> Token | None:
    return next((t for t in s.heroes[hero].items if t.id == token_id), None)


def top_face_down(rs: Any, s: EgyptState, space: str, back: str | None = None) -> Token | None:
    for t in reversed(s.pile(space)):
        if not t.face_up and (back is None or t.back == back):
            return t
    return None


# Listing ------------------------------------------------------------------------------------------------

@implements("egypt.turn.effects-reference", "egypt.weapon.effect-corners", "egypt.chest.green-corners",
            "egypt.weapon.saber-axe")
def item_actions(rs: Any, s: EgyptState, hero: int, context: str) -> list[Any]:
    """Every use of an item the hero may make now (``context``: ``turn`` or ``combat``): each effect kind
    of the token reference (weapons' effects outside combat too; the saber and the axe have none)."""
    h = s.heroes[hero]
    if h.status != IN:
        return []
    t = terrain(rs, s)
    out: list[Any] = []
    for tok in h.items:
        k = rs.kind(tok)
        for eff in k.effects:
            gen = LISTERS.get(eff)
            if gen is not None:
                out += gen(rs, s, hero, tok, t, context)
        if eff_banish(rs, k) and "banish" not in k.effects:
            out += list_banish(rs, s, hero, tok, t, context)
    seen: set[Any] = set()
    return [a for a in out if not (a in seen or seen.add(a))]


def eff_banish(rs: Any, k: Any) -> bool:
    """Reading ``stated-only``: only the three stated one-use effects destroy a crossed-out type;
    ``token-data``: any token with crossed-out types or the skull."""
    if "banish" in k.effects:
        return True
    return read(rs.options, "item_icons") == "token-data" and bool(k.destroys or k.skull) and not k.has("bomb")


@implements("egypt.start.ladder-place")
def list_ladder(rs: Any, s: EgyptState, hero: int, tok: Token, t: Any, context: str) -> list[Any]:
    """Place the ladder on your space or a neighbouring one, with a floor or another ladder beneath."""
    if context != "turn":
        return []
    out = []
    for sp in near(rs, s.heroes[hero].space):
        below = rs.board.below(sp)
        if t.live(sp) and not is_solid(t, sp) and (t.floor(sp) or rs.board.is_bottom(sp) or
                                                    (below is not None and (is_solid(t, below) or t.ladder(below)))):
            out.append(A.PlaceLadder(tok.id, sp))
    return out


@implements("egypt.start.bomb-two-effects", "egypt.start.bomb-attack", "egypt.start.bomb-hazard",
            "egypt.start.bomb-destroy", "egypt.ambiguity.bomb-both-effects", "egypt.example.bomb-options",
            "egypt.combat.skull-icon")
def list_bomb(rs: Any, s: EgyptState, hero: int, tok: Token, t: Any, context: str) -> list[Any]:
    """Attack a monster on your space or a neighbouring one (or a face-down hazard token there) and/or
    destroy a floor, wall or ceiling on your space or a neighbouring one."""
    here = s.heroes[hero].space
    spaces = [sp for sp in near(rs, here) if t.live(sp)]
    attacks: list[str | None] = [None] + [sp for sp in spaces if top_monster(rs, s, sp) is not None or
                                          top_face_down(rs, s, sp, "hazard") is not None]
    targets: list[tuple[str, str] | None] = [None]
    if can_place_rubble(rs, s):
        targets += [(sp, part) for sp in spaces for part in ("floor", "wall", "ceiling")
                    if can_destroy(rs, s, t, sp, part)]
    same = read(rs.options, "bomb_both_effects") == "same-space"
    bomb = A.BOMB
    out = []
    for a in attacks:
        for d in targets:
            if a is None and d is None:
                continue
            if same and a is not None and d is not None and a != d[0]:
                continue
            out.append(bomb[tok.id, a, d[0] if d else None, d[1] if d else None])
    return out


@implements("egypt.weapon.sledgehammer")
def list_smash(rs: Any, s: EgyptState, hero: int, tok: Token, t: Any, context: str) -> list[Any]:
    if context != "turn" or tok.used or not can_place_rubble(rs, s):
        return []
    here = s.heroes[hero].space
    return [A.Smash(tok.id, sp) for sp in (rs.board.left(here), rs.board.right(here))
            if sp is not None and t.live(sp) and t.wall(sp)]


@implements("egypt.item.grappling-hook", "egypt.item.grappling-hook-through", "egypt.item.grappling-hook-stack",
            "egypt.ambiguity.hook-targets")
def hook_target(rs: Any, s: EgyptState, hero: int, direction: str) -> tuple[str | None, list[A.Hook], int]:
    """The nearest token in ``direction`` (a chest, a hazard, another hero, even through a floor, ceiling
    or wall; revealed or face down): from a stack with a monster on top, the monster; else any one."""
    here = s.heroes[hero].space
    t = terrain(rs, s)
    for sp in rs.board.line(here, direction):
        if not t.live(sp):
            break
        pile = s.pile(sp)
        others = [i for i in heroes_at(rs, s, sp) if i != hero]
        if not pile and not others:
            continue
        monster = top_monster(rs, s, sp)
        if monster is not None and monster.id == pile[-1].id:
            return sp, [A.Hook(-1, direction, target=monster.id)], 1
        opts = [A.Hook(-1, direction, target=x.id) for x in pile] + [A.Hook(-1, direction, hero=o) for o in others]
        return sp, opts, len(opts)
    return None, [], 0


def list_hook(rs: Any, s: EgyptState, hero: int, tok: Token, t: Any, context: str) -> list[Any]:
    if context != "turn":
        return []
    out = []
    for d in DIRECTIONS:
        _, opts, _ = hook_target(rs, s, hero, d)
        out += [evolve(o, token=tok.id) for o in opts]
    return out


@implements("egypt.item.jetpack")
def list_jetpack(rs: Any, s: EgyptState, hero: int, tok: Token, t: Any, context: str) -> list[Any]:
    from .turn import jetpack_active

    if context != "turn" or tok.used or jetpack_active(s, hero) is not None:
        return []
    return [A.Jetpack(tok.id)]


@implements("egypt.item.teleporter", "egypt.item.teleporter-limits", "egypt.ambiguity.teleporter-path",
            "egypt.ambiguity.item-use-cost")
def list_teleport(rs: Any, s: EgyptState, hero: int, tok: Token, t: Any, context: str) -> list[Any]:
    if context != "turn":
        return []
    if read(rs.options, "item_use_cost") == "teleport-costs" and s.turn.moves < 1:
        return []
    two = read(rs.options, "teleporter_path") == "two-steps"
    return [A.Teleport(tok.id, sp) for sp in teleport_targets(t, s.heroes[hero].space, two_steps=two)]


@implements("egypt.item.crystal-heal", "egypt.faq.crystal-any-time", "egypt.item.crystal-no-reset",
            "egypt.ambiguity.crystal-any-time")
def list_crystal(rs: Any, s: EgyptState, hero: int, tok: Token, t: Any, context: str) -> list[Any]:
    """Once per game, at any time (reading ``holder-decisions``: whenever its holder decides, and when a
    hero would die); the effect does not reset when the crystal changes hands."""
    return [] if s.crystal_used else [A.Crystal(tok.id)]


def list_fruit(rs: Any, s: EgyptState, hero: int, tok: Token, t: Any, context: str) -> list[Any]:
    return [A.Eat(tok.id)]


@implements("egypt.item.flashlight-reveal", "egypt.item.flashlight-walls", "egypt.example.flashlight-walls")
def list_peek(rs: Any, s: EgyptState, hero: int, tok: Token, t: Any, context: str) -> list[Any]:
    """Once per turn, reveal a token on the same floor, not separated from you by a wall (a wall with a
    rubble token on it no longer counts)."""
    if context != "turn" or tok.used:
        return []
    here = s.heroes[hero].space
    out = []
    for d in ("left", "right"):
        for sp in rs.board.line(here, d):
            if is_solid(t, sp):
                break
            if top_face_down(rs, s, sp) is not None:
                out.append(A.Peek(tok.id, sp))
    return out


@implements("egypt.combat.crossed-out-type", "egypt.combat.skull-icon", "egypt.item.extinguisher",
            "egypt.item.extinguisher-targets", "egypt.item.flashlight-ghost", "egypt.weapon.flamethrower-mummy",
            "egypt.monster.mummies", "egypt.monster.ghosts", "egypt.monster.fire-genie-extinguisher",
            "egypt.ambiguity.own-space-vs-neighboring", "egypt.ambiguity.item-icons")
def list_banish(rs: Any, s: EgyptState, hero: int, tok: Token, t: Any, context: str) -> list[Any]:
    """One use: destroy a monster of a type crossed out on the token (or remove a fire token) on your
    space or a neighbouring one (reading ``both``; ``as-written``: a neighbouring one outside combat,
    your own in combat)."""
    if tok.spent:
        return []
    k = rs.kind(tok)
    here = s.heroes[hero].space
    scope = read(rs.options, "own_space_vs_neighboring")
    if scope == "both":
        spaces = near(rs, here)
    elif context == "combat":
        spaces = [here]
    else:
        spaces = near(rs, here, own=False)
    out = []
    for sp in spaces:
        if banish_target(rs, s, k, sp) is not None:
            out.append(A.Banish(tok.id, sp))
    return out


def banish_target(rs: Any, s: EgyptState, k: Any, space: str) -> Token | None:
    monster = top_monster(rs, s, space)
    if monster is not None:
        if k.skull or rs.monster_type(rs.kind(monster)) in k.destroys:
            return monster
    if "fire" in k.destroys:
        for x in reversed(reachable_tokens(rs, s, space)):
            if x.face_up and rs.kind(x).trap == "fire":
                return x
    return None


@implements("egypt.weapon.shoot", "egypt.weapon.flamethrower")
def list_shoot(rs: Any, s: EgyptState, hero: int, tok: Token, t: Any, context: str) -> list[Any]:
    """Once per turn: shoot at a neighbouring space with a revealed monster or a face-down hazard token."""
    if context != "turn" or tok.used:
        return []
    here = s.heroes[hero].space
    return [A.Shoot(tok.id, sp) for sp in near(rs, here, own=False)
            if t.live(sp) and (top_monster(rs, s, sp) is not None or top_face_down(rs, s, sp, "hazard") is not None)]


@implements("egypt.example.combat-options", "egypt.ambiguity.roller-skates", "egypt.items.roller-skates")
def list_skates(rs: Any, s: EgyptState, hero: int, tok: Token, t: Any, context: str) -> list[Any]:
    """The roller skates escape combat (reading ``escape-combat``); ``not-in-game``: they do nothing."""
    if context != "combat" or read(rs.options, "roller_skates") == "not-in-game":
        return []
    return [A.Skates(tok.id)]


LISTERS = {
    "ladder": list_ladder, "bomb": list_bomb, "sledgehammer": list_smash, "grappling-hook": list_hook,
    "jetpack": list_jetpack, "teleporter": list_teleport, "crystal": list_crystal, "fruit": list_fruit,
    "flashlight": list_peek, "banish": list_banish, "shoot": list_shoot, "roller-skates": list_skates,
}


# Applying ----------------------------------------------------------------------------------------------


@implements("egypt.chest.one-use-effect", "egypt.turn.effect-corners", "egypt.quickref.one-use",
            "egypt.ambiguity.discard-destination", "egypt.ambiguity.flamethrower-discard")
def discard_used(rs: Any, s: EgyptState, hero: int, tok: Token, *, weapon: bool = False) -> EgyptState:
    """A one-use effect used: the token goes back in the box (reading ``by-cause``), or is left face up
    on the hero's space without its effect (``always-board``; for a weapon's one-use effect,
    ``to-board`` of egypt.ambiguity.flamethrower-discard)."""
    h = s.heroes[hero]
    s = s.with_hero(hero, items=tuple(t for t in h.items if t.id != tok.id))
    board = read(rs.options, "discard_destination") == "always-board" or \
        (weapon and read(rs.options, "flamethrower_discard") == "to-board")
    if board and h.space is not None:
        s = put(rs, s, h.space, evolve(tok, face_up=True, spent=True))
    return s


def mark_used(s: EgyptState, hero: int, tok: Token) -> EgyptState:
    return s.with_hero(hero, items=tuple(evolve(t, used=True) if t.id == tok.id else t
                                         for t in s.heroes[hero].items))


@implements("egypt.turn.use-items", "egypt.quickref.reveal-pick-up", "egypt.ambiguity.item-use-cost")
def apply_item(rs: Any, s: EgyptState, hero: int, action: Any) -> EgyptState:
    """Use an item or weapon: as many as you like on your turn (and in combat, those that act there)."""
    from .combat import damage_monster, end_combat, end_combat_apart
    from .turn import reveal

    tok = carried_token(s, hero, action.token)
    assert tok is not None
    here = s.heroes[hero].space
    if isinstance(action, A.PlaceLadder):
        s = s.with_hero(hero, items=tuple(t for t in s.heroes[hero].items if t.id != tok.id))
        note("egypt.start.ladder-place")
        return put(rs, s, action.space, evolve(tok, face_up=True))
    if isinstance(action, A.Bomb):
        s = discard_used(rs, s, hero, tok)
        if action.attack is not None:
            s = bomb_attack(rs, s, hero, action.attack)
        if action.destroy is not None and action.part is not None:
            note("egypt.start.bomb-destroy")
            s = destroy(rs, s, action.destroy, action.part)
        return end_combat_apart(rs, s)     # a floor bombed away under either
    if isinstance(action, A.Smash):
        note("egypt.weapon.sledgehammer")
        return destroy(rs, mark_used(s, hero, tok), action.space, "wall")
    if isinstance(action, A.Hook):
        return apply_hook(rs, discard_used(rs, s, hero, tok), hero, action)
    if isinstance(action, A.Jetpack):
        s = mark_used(s, hero, tok)
        return evolve(s, effects=(*s.effects, Effect("jetpack", "egypt.item.jetpack", until=TURN,
                                                            player=hero, value=1)))
    if isinstance(action, A.Teleport):
        s = discard_used(rs, s, hero, tok)
        if read(rs.options, "item_use_cost") == "teleport-costs":
            s = s.with_turn(moves=compute_moves_after(s.turn.moves, 1))
        end = landing(terrain(rs, s), action.space)
        s = s.with_hero(hero, space=end)
        return push(s, Effect("arrive", "egypt.item.teleporter", player=hero, subject=end,
                              value=int(end != action.space)))
    if isinstance(action, A.Crystal):
        return apply_crystal(rs, s, hero, tok)
    if isinstance(action, A.Eat):
        note("egypt.item.fruit")
        s = discard_used(rs, s, hero, tok)
        return s.with_hero(hero, lives=compute_gain_lives(s.heroes[hero].lives, 2))
    if isinstance(action, A.Peek):
        s = mark_used(s, hero, tok)
        target = top_face_down(rs, s, action.space)
        assert target is not None
        s = reveal(rs, s, action.space, target)
        note("egypt.item.flashlight-reveal")
        return remote_reveal(rs, s, action.space, target)
    if isinstance(action, A.Banish):
        k = rs.kind(tok)
        target = banish_target(rs, s, k, action.space)
        assert target is not None
        s = discard_used(rs, s, hero, tok, weapon=k.category == "weapon")
        if rs.kind(target).is_trap:
            note("egypt.item.extinguisher")
            s, _ = take(rs, s, action.space, target.id)
            return s
        if rs.kind(target).monster_type == "pharaoh" or not (rs.monster_type(rs.kind(target)) in k.destroys):
            s, _ = damage_monster(rs, s, action.space, target.id, "item")   # the skull: 1 life of the pharaoh
        else:
            note("egypt.combat.item-destroys")
            s, _ = take(rs, s, action.space, target.id)
            if s.combat is not None and s.combat.monster == target.id:
                s = end_combat(rs, s, "destroyed")
        return end_combat_apart(rs, s)     # a floor bombed away under either
    if isinstance(action, A.Shoot):
        s = mark_used(s, hero, tok)
        note("egypt.weapon.shoot")
        return evolve(s, roll="shoot", roll_target=action.space)
    if isinstance(action, A.Skates):
        s = discard_used(rs, s, hero, tok)
        note("egypt.ambiguity.roller-skates")
        return end_combat(rs, s, "retreat", 2)
    raise AssertionError(action)


def bomb_attack(rs: Any, s: EgyptState, hero: int, space: str) -> EgyptState:
    """'The monster on that space loses 1 life'; a face-down hazard token is revealed first, and only a
    monster loses a life ('If it's not a monster, nothing happens; leave the token revealed')."""
    from .combat import damage_monster
    from .turn import reveal

    note("egypt.start.bomb-attack")
    monster = top_monster(rs, s, space)
    if monster is None:
        down = top_face_down(rs, s, space, "hazard")
        assert down is not None
        s = reveal(rs, s, space, down)
        note("egypt.start.bomb-hazard")
        if not rs.kind(down).is_monster:
            return remote_reveal(rs, s, space, down)
        monster = evolve(down, face_up=True)
    s, _ = damage_monster(rs, s, space, monster.id, "item")
    return s


@implements("egypt.ambiguity.remote-reveal-trap", "egypt.item.flashlight-trap", "egypt.tomb.trap-dormant")
def remote_reveal(rs: Any, s: EgyptState, space: str, token: Token) -> EgyptState:
    """A trap revealed away from a hero stays face up and does nothing (reading ``stays-revealed``);
    ``spike-button-fires``: the Hidden Spike Button fires; ``always-fires``: every trap does."""
    k = rs.kind(token)
    if not k.is_trap:
        return s
    reading = read(rs.options, "remote_reveal_trap")
    if reading == "always-fires" or (reading == "spike-button-fires" and k.trap == "spike-button"):
        here = heroes_at(rs, s, space)
        return push(s, Effect("trap", "egypt.ambiguity.remote-reveal-trap", player=here[0] if here else None,
                              subject=space, value=token.id))
    return s


def apply_hook(rs: Any, s: EgyptState, hero: int, action: A.Hook) -> EgyptState:
    """Pull the token onto your space: a monster fights you at once; a face-down token is revealed as if
    you had arrived on it (reading ``chest-hazard-hero``); a hero pulled in can exchange items.
    A pulled ladder lets what stood on it fall (gravity where it was).  A pull that is an arrival (a
    hero pulled in; any token under ``chest-hazard-hero``; a face-up token under ``any-token``) runs the
    whole arrival work on your space, as a step onto it would: every face-down token you can reach there
    is revealed, not only the pulled one, then a trap triggers or a monster fights.  So under
    ``any-token`` a face-down token pulled earlier, which stayed face down, is revealed by a later pull
    of a face-up one; a pulled face-down token runs nothing."""
    here = s.heroes[hero].space
    note("egypt.item.grappling-hook")
    if action.hero is not None:
        s = s.with_hero(action.hero, space=here)
        return push(s, Effect("arrive", "egypt.item.grappling-hook", player=action.hero, subject=here))
    space = find_token(s, action.target)
    assert space is not None
    s, token = take(rs, s, space, action.target)
    s = put(rs, s, here, token)
    if rs.is_ladder(token):
        from .tomb import apply_gravity

        s = apply_gravity(rs, s, [space, rs.board.above(space)])
    if read(rs.options, "hook_targets") == "chest-hazard-hero" or token.face_up:
        return push(s, Effect("arrive", "egypt.item.grappling-hook", player=hero, subject=here))
    return s


@implements("egypt.item.crystal-heal", "egypt.item.crystal-no-revive", "egypt.item.crystal-cap",
            "egypt.item.crystal-used-marker", "egypt.item.crystal-no-reset", "egypt.item.crystal-indestructible")
def apply_crystal(rs: Any, s: EgyptState, hero: int, tok: Token) -> EgyptState:
    """Restore 1 life to every surviving hero (never a fourth; a dead hero is not revived); turn the
    crystal face down: the effect is used for the whole game, whoever holds the crystal later."""
    for i, h in enumerate(s.heroes):
        if h.status == IN:
            s = s.with_hero(i, lives=compute_gain_lives(h.lives, 1))
    s = mark_used(s, hero, tok)
    return evolve(s, crystal_used=True)


@implements("egypt.weapon.shoot-roll", "egypt.weapon.flamethrower", "egypt.ambiguity.remote-reveal-trap")
def apply_shot(rs: Any, s: EgyptState, result: str) -> EgyptState:
    """On Melee/Ranged the monster loses 1 life, and a face-down hazard token is revealed (a monster
    there loses 1 life); anything else, nothing happens."""
    from .combat import damage_monster
    from .turn import reveal

    space = s.roll_target
    s = evolve(s, roll_target=None)
    if result != "Melee/Ranged" or space is None:
        return s
    monster = top_monster(rs, s, space)
    if monster is None:
        down = top_face_down(rs, s, space, "hazard")
        if down is None:
            return s
        s = reveal(rs, s, space, down)
        if not rs.kind(down).is_monster:
            return remote_reveal(rs, s, space, down)
        monster = down
    s, _ = damage_monster(rs, s, space, monster.id, "weapon")
    return s


# Windows: the vest, the crystal, the spiked boots -----------------------------------------------------

@implements("egypt.item.vest", "egypt.item.vest-not-death", "egypt.faq.vest-once-per-round",
            "egypt.faq.vest-monster-turn", "egypt.ambiguity.cobra-vest")
def handle_lose(rs: Any, s: EgyptState, e: Effect) -> EgyptState:
    """A hero is about to lose lives: a bulletproof vest not yet used this window may stop 1 (reading
    ``one-of-three`` against the cobra; ``lethal``: not against the cobra; ``all``: the whole bite).
    Dying outright (the boulder, the ceiling, arrows, spikes) is no loss of lives: no vest helps."""
    hero, n = e.player, e.value or 0
    h = s.heroes[hero]
    if h.status != IN or n <= 0:
        return s
    vest = next((t for t in h.items if rs.kind(t).has("vest") and not t.used), None)
    if vest is not None and not (e.subject == "cobra" and read(rs.options, "cobra_vest") == "lethal"):
        return evolve(s, window=Window("vest", h.player, hero, e.subject, n, (vest.id,)))
    return push(s, Effect("lose-crystal", e.rule, player=hero, value=n, subject=e.subject))


@implements("egypt.ambiguity.crystal-save-dying", "egypt.faq.crystal-any-time", "egypt.faq.fruit-too-late")
def handle_lose_crystal(rs: Any, s: EgyptState, e: Effect) -> EgyptState:
    """A loss that would kill: the crystal's holder may still use it, since it works at any time
    (reading ``saves``: used before the loss, it keeps the hero alive)."""
    hero, n = e.player, e.value or 0
    h = s.heroes[hero]
    if h.status != IN or n <= 0:
        return s
    if h.lives - n <= 0 and not s.crystal_used and read(rs.options, "crystal_save_dying") == "saves":
        for i, holder in enumerate(s.heroes):
            crystal = next((t for t in holder.items if rs.kind(t).has("crystal")), None)
            if holder.status == IN and crystal is not None:
                return evolve(s, window=Window("crystal", holder.player, hero, e.subject, n, (crystal.id,)))
    return push(s, Effect("lose-apply", e.rule, player=hero, value=n, subject=e.subject))


def apply_loss_window(rs: Any, s: EgyptState, w: Window, action: Any) -> EgyptState:
    hero, n = w.hero, w.value or 0
    if w.kind == "vest":
        if isinstance(action, A.UseVest):
            tok = carried_token(s, hero, action.token)
            s = mark_used(s, hero, tok)
            note("egypt.item.vest")
            n = 0 if w.subject == "cobra" and read(rs.options, "cobra_vest") == "all" else n - 1
        return push(s, Effect("lose-crystal", "egypt.item.vest", player=hero, value=n, subject=w.subject))
    if isinstance(action, A.Crystal):
        holder = next(i for i, h in enumerate(s.heroes) if any(t.id == action.token for t in h.items))
        s = apply_crystal(rs, s, holder, carried_token(s, holder, action.token))
    return push(s, Effect("lose-apply", "egypt.hero.lose-life", player=hero, value=n, subject=w.subject))


@implements("egypt.item.spiked-boots", "egypt.item.spiked-boots-face-down", "egypt.ambiguity.spiked-boots-combat")
def handle_boots(rs: Any, s: EgyptState, e: Effect) -> EgyptState:
    """A hero has fallen onto a space with a monster (revealed already, or just revealed): spiked
    boots not used this window make it lose 1 life."""
    hero, space = e.player, e.subject
    h = s.heroes[hero]
    if h.status != IN or h.space != space or top_monster(rs, s, space) is None:
        return s
    boots = next((t for t in h.items if rs.kind(t).has("spiked-boots") and not t.used), None)
    if boots is None:
        return s
    return evolve(s, window=Window("boots", h.player, hero, space, None, (boots.id,)))


def apply_boots_window(rs: Any, s: EgyptState, w: Window, action: Any) -> EgyptState:
    """The boots used: the monster loses 1 life (``combat-first``: not the pharaoh).  A monster destroyed
    by them under ``destroyed-no-combat`` leaves the hero whose turn it is with no movement, but no combat
    was fought: the turn goes on (``turn.fought`` stays false; the hero may still use items or end it)."""
    from .combat import damage_monster

    if not isinstance(action, A.UseBoots):
        return s
    hero, space = w.hero, w.subject
    s = mark_used(s, hero, carried_token(s, hero, action.token))
    monster = top_monster(rs, s, space)
    assert monster is not None
    reading = read(rs.options, "spiked_boots_combat")
    if reading == "combat-first" and rs.kind(monster).monster_type == "pharaoh":
        return s
    s, destroyed = damage_monster(rs, s, space, monster.id, "item")
    if destroyed and reading == "destroyed-no-combat":
        seat = rs.seats[s.turn.seat]
        if s.turn.kind == "hero" and seat.hero == hero:
            s = s.with_turn(moves=0)
    return s


# The start of a turn: permanent effects usable again ------------------------------------------------------

@implements("egypt.chest.permanent-effect", "egypt.chest.rotate-used", "egypt.quickref.permanent",
            "egypt.faq.vest-once-per-round", "egypt.ambiguity.once-per-turn-window")
def refresh_permanent(rs: Any, s: EgyptState, hero: int) -> EgyptState:
    """Reading ``own-round``: the hero's tokens are unrotated when their turn starts (a token keeps its
    state when it changes hands); ``each-turn``: every hero's tokens at every turn, except another
    hero's vest (the Rules Questions)."""
    each = read(rs.options, "once_per_turn_window") == "each-turn"
    for i, h in enumerate(s.heroes):
        if i != hero and not each:
            continue
        if any(t.used for t in h.items):
            items = tuple(evolve(t, used=False)
                          if t.used and (i == hero or not rs.kind(t).has("vest")) and not rs.kind(t).has("crystal")
                          else t for t in h.items)
            s = s.with_hero(i, items=items)
    return s


__all__ = ["apply_item", "item_actions", "lose", "near"]
