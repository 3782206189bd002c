"""Taking a Turn, and how the areas of the rulebook join into one sequence of decisions and chance.

Who acts (``pending``), in order of precedence:

- ``deal`` -- chance: the chest or hazard tokens: ``Deal`` (Setup step 4, one marked space at a time);
- a window -- the window's player: ``vest`` (UseVest / Decline), ``crystal`` (Crystal / Decline),
  ``fire`` (Banish with the extinguisher / Decline), ``boots`` (UseBoots / Decline), ``exchange``
  (Accept / Decline), ``pharaoh-target`` (PlacePharaoh), ``monster-trap`` (ApplyTrap / Decline);
- ``die`` -- chance: the die (combat, a shot, the pharaoh's roll);
- ``combat`` -- the fighting hero's player: Roll, Bomb, Banish, Skates, Eat, Crystal;
- ``combat-result`` -- idem, a 2 or 3 with the portal gun: Retreat, PortalGun;
- ``retreat`` -- idem: Step, StopRetreat;
- ``enter`` -- the seat's player: Enter (the first turn);
- ``turn`` -- the seat's player: Step, Leave, PickUp, Drop, Offer, the items, EndTurn, GiveUp;
- ``monster-turn`` -- the seat's player: PharaohRoll, MoveMonster, RevealHazard, ActivateTrap, Pass;
- ``monster-move`` -- idem: MonsterStep, MonsterStop;
- ``over`` -- nobody: ``state.outcome``, ``state.winners``.

After every action the rules *settle* (:func:`settle`): the work waiting in ``state.effects`` is done
first things first (a hero who ended up on a space reveals its tokens, traps trigger, monsters fight,
lives are lost), stopping wherever a player or chance must decide; then doors open for keys at their
statues, the end of the game is checked, and a finished turn passes to the next seat.
"""

from __future__ import annotations

from typing import Any


from ...effects import GAME, RESOLVED, TURN, Effect, expire, find
from ...options import given
from ..options import read
from ...ruleset import Pending
from ...traceability import _recorders, implements, note, require
from .. import actions as A
from ..board import STATUE_DOOR, can_walk, is_supported, landing
from ..state import DEAD, ESCAPED, IN, WAITING, EgyptState, Token, Turn, Window, _with, evolve
from . import combat, escape, hazards, items, monster_turn, victory
from .hero import MOVEMENTS, SLOTS, apply_lose_lives, carried, compute_moves_after, has_room, lose
from .setup import apply_deal, deal_distribution
from .modes import HERO, SPIRIT
from .tomb import (apply_gravity, arrive, can_place_rubble, find_token, heroes_at, push, put, reachable_tokens,
                   replace_token, set_pile, take, terrain, top_monster)

_OVER = Pending.over()

#: When the game reaches each point (``Pending.what``), as :func:`pending` and the rules that open its
#: windows decide it: the conformance guide prints this beside its turn table (``Ruleset.phase_entry``).
#: After every action the rules settle (:func:`settle`), stopping at the first of these that is due.
#: A decision is asked whenever the text says so, even with one legal answer.
ENTERED_WHEN = {
    "chest tokens": "Setup step 4, before the first turn: one chest token, drawn at random from those left, "
                    "face down on each chest-icon space in turn, while tokens last (`dealt` counts them; in "
                    "Escape mode one chest token is held back).",
    "hazard tokens": "After the chest tokens: one hazard token on each question-mark space in turn, the same "
                     "way. The last one starts play: the first seat's turn.",
    "enter": "The turn of a hero still waiting outside (status waiting: their first turn): `enter` on a live "
             "entry ladder (several heroes may share one). When no entry is live (the ceiling is on or above "
             "them) the only answer is `end-turn`, and the hero dies entering "
             "(`egypt.ambiguity.no-way-in`). Under `first_turn_entry_cost` = entry-is-turn, entering ends the "
             "turn; under free-entry (the default) the hero goes on with a `turn` (under entry-costs-one "
             "with one movement fewer).",
    "turn": "A living hero's turn, from its start (3 movements, permanent effects usable again) until "
            "`end-turn`, `give-up` or `leave`, a death, or a fight: under `after_combat` = turn-ends (the "
            "default) a turn in which the hero fought ends once the fight and its retreat are over. `step` "
            "only while movements are left; `give-up` only when the hero is stuck (`egypt.ambiguity.stuck-hero`). "
            "A hero whose turn starts on a revealed monster's space fights it first (`combat`).",
    "combat": "A hero and a revealed monster share a space (the hero arrived, fell, or a monster moved or was "
              "placed onto them, or the turn started there): before each roll, the fighting hero's player uses "
              "items or `roll`s. On the hero's own turn their movements left are used up. Several heroes on the "
              "space fight it one after another, in turn order. On a monster turn the hero's player fights.",
    "die": "Chance, when a roll is called for: a combat `roll` (and the rerolls a result calls for: a Melee "
           "or Melee/Ranged with no weapon, a Melee against the golem), a `shoot`, or a `pharaoh-roll`.",
    "combat-result": "A combat roll of 2 or 3 when the hero carries a portal gun not yet used and some "
                     "direction takes the monster that many spaces to a live space that is not solid: "
                     "`retreat` or `portal-gun`. Otherwise the hero retreats at once (`retreat`).",
    "retreat": "After a 2 or 3 in combat (or `retreat` at combat-result): up to that many movements, one "
               "`step` at a time, or `stop-retreat`. Under `retreat_zero` = must-leave (the default) at least "
               "one step is made when one is possible, and when none is this point is skipped; a step that "
               "starts a new fight ends the retreat.",
    "vest": "A living hero is about to lose lives and carries a bulletproof vest not yet used: the hero's "
            "player `use-vest` or `decline`. Not against the king cobra under `cobra_vest` = lethal; never "
            "for dying outright (the boulder, the ceiling, arrows, spikes).",
    "crystal": "A loss of lives that would kill a hero, while the crystal has not been used, under "
               "`crystal_save_dying` = saves (the default): the player of the living hero who carries the "
               "crystal may use it (`crystal`) or `decline`.",
    "boots": "A hero fell onto a space with a monster and carries spiked boots not yet used: "
             "`use-boots` or `decline`.",
    "fire": "A fire trap springs on a hero carrying an unspent fire extinguisher, under "
            "`extinguisher_consumed_by_fire` = discarded (the default): `banish` with it (no life lost, the "
            "extinguisher discarded) or `decline` (lose 1 life). Under kept, carrying one is enough, and "
            "nothing is asked; under auto-discarded, carrying one is enough, it is discarded, and nothing is asked.",
    "exchange": "After an `offer` (heroes on the same space): the other hero's player `accept`s or "
                "`decline`s; then the offering hero's turn goes on.",
    "monster-turn": "The turn of a seat with no hero to play: a player whose hero is dead (never in solo), a "
                    "player whose hero escaped under `leaving_the_tomb` = escaped-play-monsters, and the spirit "
                    "of the tomb (six players, or pursuit mode); a seat whose hero escaped (under move-out, the "
                    "default) is skipped. One of: `move-monster`, `reveal-hazard`, `activate-trap`; also "
                    "`pharaoh-roll` when the pharaoh is revealed at the turn's start (any other action gives it "
                    "up); `pass` only when none of the three is open, or under `may_or_must_play_monsters` = may.",
    "monster-move": "After `move-monster`: the monster's movements one `monster-step` at a time, up to its "
                    "number, or `monster-stop` (under `monster_movement_up_to` = up-to, the default; else "
                    "only when no step is left or open). A step onto a hero's space stops it and they fight.",
    "monster-trap": "A monster turn's `reveal-hazard` turned up a trap that can be activated (under "
                    "`activatable_traps` = board-wide, the default, the arrow and spike buttons and the "
                    "strange rumble; under all, also the crack and the fire): `apply-trap` or `decline` "
                    "(it stays face up).",
    "pharaoh-target": "A `pharaoh-roll` showed Attack while a hero is in the tomb: the monster player places "
                      "the pharaoh on a hero's space (`place-pharaoh`), and they fight; on any other face "
                      "the pharaoh rests and the monster turn goes on.",
}


# --------------------------------------------------------------------------------------------------
# Who acts


_CHEST, _HAZARD, _DIE = Pending.chance("chest tokens"), Pending.chance("hazard tokens"), Pending.chance("die")
#: ``Pending.decision(player, what)`` by ``(player, what)``: made once (they are values)
_DECISIONS: dict[tuple[int, str], Pending] = {}


def _decision(player: int, what: str) -> Pending:
    hit = _DECISIONS.get((player, what))
    if hit is None:
        hit = _DECISIONS[player, what] = Pending.decision(player, what)
    return hit


def pending(rs: Any, s: EgyptState) -> Pending:
    phase = s.phase
    if phase == "over":
        return _OVER
    if phase == "deal":
        return _CHEST if rs.deal_spaces[s.dealt][1] == "chest" else _HAZARD
    if s.window is not None:
        return _decision(s.window.player, s.window.kind)
    if s.roll is not None:
        return _DIE
    if s.combat is not None:
        return _decision(s.heroes[s.combat.hero].player, "combat" if s.combat.stage == "fight" else "combat-result")
    if s.retreat is not None:
        return _decision(s.heroes[s.retreat.hero].player, "retreat")
    turn = s.turn
    seat = rs.seats[turn.seat]
    if turn.kind == "hero":
        return _decision(seat.player, "enter" if s.heroes[seat.hero].status == WAITING else "turn")
    return _decision(seat.player, "monster-move" if turn.moving is not None else "monster-turn")


def turn_rule(rs: Any, s: EgyptState) -> str:
    """The rule a decision by a player who may not act now breaks."""
    what = pending(rs, s).what
    if what in ("combat", "combat-result") and s.turn.kind == "hero":
        return "egypt.turn.order"            # a combat on the hero's own turn: that player's turn
    return {"exchange": "egypt.turn.exchange-items", "vest": "egypt.faq.vest-monster-turn",
            "crystal": "egypt.item.crystal-heal", "combat": "egypt.ambiguity.monster-turn-combat",
            "combat-result": "egypt.combat.die-retreat", "retreat": "egypt.combat.die-retreat",
            "monster-turn": "egypt.death.several-dead", "monster-move": "egypt.death.several-dead",
            "pharaoh-target": "egypt.monster-turn.pharaoh-attack"}.get(what, "egypt.turn.order")


def current_hero(rs: Any, s: EgyptState) -> int | None:
    seat = rs.seats[s.turn.seat]
    return seat.hero if seat.kind == HERO else None


# --------------------------------------------------------------------------------------------------
# Decisions


def legal_actions(rs: Any, s: EgyptState, player: int) -> list[Any]:
    p = rs.pending(s)
    if not p.is_decision:
        return []
    what = p.what
    if s.window is not None:
        return window_actions(rs, s)
    if what in ("combat", "combat-result"):
        return combat.combat_actions(rs, s)
    if what == "retreat":
        return combat.retreat_actions(rs, s)
    if what in ("monster-turn", "monster-move"):
        return monster_turn.monster_actions(rs, s)
    hero = current_hero(rs, s)
    assert hero is not None
    if what == "enter":
        return [A.Enter(e) for e in entry_spaces(rs, s)] or [A.END_TURN]
    return hero_turn_actions(rs, s, hero)


def window_actions(rs: Any, s: EgyptState) -> list[Any]:
    w = s.window
    assert w is not None
    if w.kind == "vest":
        return [A.UseVest(w.items[0]), A.Decline()]
    if w.kind == "boots":
        return [A.UseBoots(w.items[0]), A.Decline()]
    if w.kind == "crystal":
        return [A.Crystal(w.items[0]), A.Decline()]
    if w.kind == "fire":
        return [A.Banish(t, w.subject) for t in w.items] + [A.Decline()]
    if w.kind == "exchange":
        return [A.Accept(), A.Decline()]
    if w.kind == "pharaoh-target":
        return [A.PlacePharaoh(h) for h in w.items]
    if w.kind == "monster-trap":
        return [A.ApplyTrap(), A.Decline()]
    return []


@implements("egypt.turn.first-turn-entry", "egypt.escape.turn.vines", "egypt.ambiguity.first-turn-entry-cost")
def entry_spaces(rs: Any, s: EgyptState) -> list[str]:
    """The three iron ladders on the very top floor (vines on the purple side); several heroes may
    share one (reading ``free-entry``)."""
    t = terrain(rs, s)
    return [e for e in rs.board.entries if t.live(e)]


def hero_turn_actions(rs: Any, s: EgyptState, hero: int) -> list[Any]:
    h = s.heroes[hero]
    out: list[Any] = []
    moves = s.turn.moves
    if moves >= 1:
        step = A.STEP
        out += [step[v] for v in hero_steps(rs, s, hero)]
        if can_leave(rs, s, hero) is None:
            out.append(A.LEAVE)
    pick_up, drop = A.PICK_UP, A.DROP
    out += [pick_up[t.id] for t in s.pile(h.space) if can_pick_up(rs, s, hero, t.id) is None]
    out += [drop[t.id] for t in h.items]
    out += exchange_offers(rs, s, hero)
    out += items.item_actions(rs, s, hero, "turn")
    out.append(A.END_TURN)
    if is_stuck(rs, s, hero):
        out.append(A.GIVE_UP)
    return out


@implements("egypt.turn.improvise", "egypt.ambiguity.stuck-hero")
def is_stuck(rs: Any, s: EgyptState, hero: int) -> bool:
    """A hero is stuck when no series of movements leads anywhere useful: to a face-down token on
    another space (it may be anything), a revealed monster to fight, a key or the crystal lying in
    reach, the exit once leaving is allowed, or the statue of a key carried by the hero or by a hero
    they can meet (either can walk to the other, and they exchange).  Revealed items lying in reach
    count as the items on the hero's board do: one may get them out or may not, and the hero may
    still try it instead of giving up.  The rules never end such a game; reading ``give-up`` of
    egypt.ambiguity.stuck-hero lets the player resolve it (egypt.turn.improvise: 'resolve it however
    you like') by giving up: the hero dies there.

    (Counting every token in reach, and every hero in reach with items to hand over, as a way on
    kept two heroes sealed in a pit from ever being stuck: they dropped and swapped their items back
    and forth for ever, found by the 980-game exploration.)"""
    if read(rs.options, "stuck_hero") == "endless":
        return False
    h = s.heroes[hero]
    t = terrain(rs, s)
    if given(rs).escape_before_crystal is not None and \
            (h.space, read(rs.options, "ladder_sideways")) not in t.reach and _finds_a_way_on(rs, s, t, hero):
        return False
    reach = walk_reach(rs, t, h.space)
    if rs.board.exit in reach and (s.crystal_found or read(rs.options, "escape_before_crystal") == "any-time"):
        return False
    # (the tokens in reach first: they settle it most often, without the other heroes' reach)
    for p in s.piles:
        if p.space in reach and any(_a_way_on(rs, tok, p.space != h.space) for tok in p.tokens):
            return False
    met = [o for i, o in enumerate(s.heroes) if o.status == IN and
           (i == hero or o.space in reach or h.space in walk_reach(rs, t, o.space))]
    for statue, space in rs.board.statues.items():
        if space in reach and any(rs.kind(tok).has(f"key-{STATUE_DOOR[statue]}") for o in met for tok in o.items):
            return False
    return True


def _finds_a_way_on(rs: Any, s: EgyptState, t: Any, hero: int) -> bool:
    """Whether a walk from the hero's space comes upon a way on that :func:`is_stuck` counts without
    the other heroes (the exit once leaving is allowed, a token, the statue of a key the hero
    carries), space after space, stopping at the first (so that a way on near at hand is found
    without the whole reach; a walk that finds none has the whole reach, remembered on the terrain)."""
    h = s.heroes[hero]
    start = h.space
    exit_, statue_at = rs.board.exit, rs.board.statue_at
    keys, monsters = rs.keys_and_crystal, rs.monster_names
    sideways = read(rs.options, "ladder_sideways")
    ends = t.ends.get(sideways)
    if ends is None:
        ends = t.ends[sideways] = {}
    seen = {start}
    todo = [start]
    piles = s.pile_table()              # s.pile(x) is piles.get(x, ())
    while todo:
        x = todo.pop()
        if x == exit_ and (s.crystal_found or read(rs.options, "escape_before_crystal") == "any-time"):
            return True
        for tok in piles.get(x, ()):    # _a_way_on
            if tok.name in keys or (x != start and (not tok.face_up or tok.name in monsters)):
                return True
        statue = statue_at.get(x)
        if statue is not None and h.status == IN and \
                any(rs.kind(tok).has(f"key-{STATUE_DOOR[statue]}") for tok in h.items):
            return True
        nxt = ends.get(x)
        if nxt is None:
            nxt = ends[x] = _walk_ends(rs, t, x, sideways)
        for end in nxt:
            if end not in seen:
                seen.add(end)
                todo.append(end)
    return False


def _a_way_on(rs: Any, token: Token, elsewhere: bool) -> bool:
    """Whether a token lying in reach is a way on for a stuck hero: a key or the crystal; on another
    space, a face-down token or a monster."""
    if token.name in rs.keys_and_crystal:
        return True
    return elsewhere and (not token.face_up or token.name in rs.monster_names)


def walk_reach(rs: Any, t: Any, space: str) -> frozenset[str]:
    """Every space a series of movements (and falls) takes a hero to from ``space`` on terrain ``t``
    (remembered on the terrain by space and the ladder-sideways reading: a cache, not state).  The
    spaces from which ``space`` can be reached again in turn reach the very same spaces: they are
    remembered with it."""
    sideways = read(rs.options, "ladder_sideways")
    hit = t.reach.get((space, sideways))
    if hit is not None:
        return hit
    hit = _walk(rs, t, space, sideways)
    assert hit is not None
    return hit


def _walk(rs: Any, t: Any, space: str, sideways: str, stop: Any = None) -> frozenset[str] | None:
    """:func:`walk_reach` worked out and remembered; or, with ``stop``, None as soon as a space
    reached (``space`` first) is one ``stop`` says yes to (nothing remembered but the movements)."""
    ends = t.ends.get(sideways)
    if ends is None:
        ends = t.ends[sideways] = {}
    if stop is not None and stop(space):
        return None
    reach = {space}
    back: dict[str, list[str]] = {}       # where each space reached is reached from
    todo = [space]
    while todo:
        u = todo.pop()
        nxt = ends.get(u)
        if nxt is None:
            nxt = ends[u] = _walk_ends(rs, t, u, sideways)
        for end in nxt:
            back.setdefault(end, []).append(u)
            if end not in reach:
                if stop is not None and stop(end):
                    return None
                reach.add(end)
                todo.append(end)
    hit = frozenset(reach)
    same = {space}
    todo = [space]
    while todo:
        for u in back.get(todo.pop(), ()):
            if u not in same:
                same.add(u)
                todo.append(u)
    for u in same:
        t.reach[(u, sideways)] = hit
    return hit


def _walk_ends(rs: Any, t: Any, u: str, sideways: str) -> tuple[str, ...]:
    """Where each single movement from ``u`` ends after its fall: ``landing`` of each of
    ``steps_from(rs, t, u)``, written out for the common reading (``can_walk`` without flying, no
    ladder-sideways rule)."""
    if sideways == "no-fall-from-ladder":
        return tuple(landing(t, v) for v in steps_from(rs, t, u))
    b = t.board
    ys, first, solid, climbable = b.ys, t.first_row, t.solid, t.climbable
    out = []
    for v, vertical, up in b.links[u]:
        if ys[v] < first or v in solid:
            continue
        if vertical and (u if up else v) not in climbable:      # up a ladder on u, down one on v
            continue
        out.append(landing(t, v))
    return tuple(out)


def apply_give_up(rs: Any, s: EgyptState, hero: int) -> EgyptState:
    from .hero import apply_death

    note("egypt.turn.improvise")
    s = apply_death(rs, s, hero, "gave up")
    return s.with_turn(ending=True)


# Movement ---------------------------------------------------------------------------------------------

def jetpack_active(s: EgyptState, hero: int) -> Effect | None:
    return find(s.effects, "jetpack", player=hero) if s.effects else None


@implements("egypt.move.for-one-movement", "egypt.move.neighboring", "egypt.move.cave-to-cave",
            "egypt.move.no-walls", "egypt.move.ladder", "egypt.move.climb-up", "egypt.move.climb-down",
            "egypt.faq.no-ladder-jump", "egypt.ambiguity.ladder-sideways", "egypt.item.jetpack",
            "egypt.ambiguity.jetpack-scope", "egypt.escape.turn.ceiling-edge")
def hero_steps(rs: Any, s: EgyptState, hero: int) -> tuple[str, ...]:
    """Where one movement takes the hero: a neighbouring space (left, right, another cave), up or down
    a ladder; with the jetpack, up or down where no floor lies between.  Nobody passes through a
    wall; nobody jumps off a ladder (there is no movement that drops down a ladder's column)."""
    t = terrain(rs, s)
    u = s.heroes[hero].space
    assert u is not None
    jet = jetpack_active(s, hero)
    fly = jet is not None and (read(rs.options, "jetpack_scope") == "whole-turn" or (jet.value or 0) > 0)
    return steps_from(rs, t, u, fly=fly, jetpack=jet is not None)


def steps_from(rs: Any, t: Any, u: str, *, fly: bool = False, jetpack: bool = False) -> tuple[str, ...]:
    """The spaces one movement from ``u`` reaches on terrain ``t`` (before any fall); remembered on
    the terrain by space, mover and the ladder-sideways reading (a cache, not state)."""
    sideways = read(rs.options, "ladder_sideways")
    key = (u, fly, jetpack, sideways)
    hit = t.steps.get(key)
    if hit is not None:
        return hit
    no_fall = sideways == "no-fall-from-ladder" and on_a_ladder(t, u)
    out = []
    for v in rs.board.neighbours(u):
        if not can_walk(t, u, v, fly=fly):
            continue
        if no_fall and not jetpack and landing(t, v) != v:
            continue
        out.append(v)
    hit = t.steps[key] = tuple(out)
    return hit


def on_a_ladder(t: Any, space: str) -> bool:
    """Held up by a ladder only (no floor, no wall top): on the ladder or on top of it."""
    b = t.board
    return not t.floor(space) and not b.is_bottom(space) and is_supported(t, space) and \
        not is_supported(t, space, hero=False)


def why_not_step(rs: Any, s: EgyptState, hero: int, to: str) -> str:
    """The most specific rule a refused movement breaks."""
    if s.turn.moves < 1 and s.retreat is None:
        # the turn's combat used them up ('the hero's remaining movements are immediately used up')
        return "egypt.combat.movements-used-up" if s.turn.fought else "egypt.hero.movements"
    b = rs.board
    u = s.heroes[hero].space
    if to not in b.spaces or u is None or to not in b.neighbours(u):
        return "egypt.move.neighboring"
    t = terrain(rs, s)
    if not t.live(to):
        return "egypt.escape.turn.ceiling-edge"
    if t.wall(to):
        return "egypt.tomb.wall-blocks"
    if t.closed_door(to):
        return "egypt.tomb.open-a-door"
    if b.edge_kind(u, to) == "vertical":
        return "egypt.move.climb-up" if b.y(to) < b.y(u) else "egypt.move.climb-down"
    return "egypt.ambiguity.ladder-sideways"


@implements("egypt.move.fall", "egypt.turn.reveal-on-arrival", "egypt.faq.cave-fall")
def apply_step(rs: Any, s: EgyptState, hero: int, to: str, *, retreat: bool = False) -> EgyptState:
    """One movement: the hero moves; without a floor underfoot they fall until landing on a floor
    (losing no life); then they have ended up on the landing space."""
    t = terrain(rs, s)
    heroes = list(s.heroes)
    u = heroes[hero].space
    effects = s.effects
    jet = jetpack_active(s, hero)
    if jet is not None and rs.board.edge_kind(u, to) == "vertical" and not (t.ladder(u) or t.ladder(to)):
        if read(rs.options, "jetpack_scope") == "one-movement":
            effects = tuple(evolve(e, value=0) if e is jet else e for e in effects)
    end = to if jet is not None else landing(t, to)
    heroes[hero] = evolve(heroes[hero], space=end)
    if retreat and read(rs.options, "retreat_new_fight") == "no-reveal":
        work = Effect("encounter", "egypt.ambiguity.retreat-new-fight", player=hero, subject=end)
    else:
        work = arrive(hero, end, fell=end != to)
    # the hero moved, the work of their arrival first (push), and, on a turn, one movement fewer: one copy
    if retreat:
        return evolve(s, heroes=tuple(heroes), effects=(work, *effects))
    return evolve(s, turn=evolve(s.turn, moves=compute_moves_after(s.turn.moves, 1)), heroes=tuple(heroes),
                  effects=(work, *effects))


# Arriving: reveal, traps, monsters -----------------------------------------------------------------------

@implements("egypt.turn.reveal-on-arrival", "egypt.turn.look-up-token", "egypt.ambiguity.dead-hero-stack",
            "egypt.item.spiked-boots-face-down", "egypt.monster.pharaoh-life-tokens", "egypt.tomb.trap-springs")
def handle_arrive(rs: Any, s: EgyptState, e: Effect) -> EgyptState:
    """A hero has ended up on a space: every face-down token they can reach there is revealed at once
    (reading ``reveal-all``; ``one-by-one``: the top one); a hero who fell onto a monster may use the
    spiked boots; then traps trigger and monsters fight."""
    hero, space = e.player, e.subject
    h = s.heroes[hero]
    if h.status != IN or h.space != space:
        return s
    s = reveal_reachable(rs, s, space)
    work = []
    if e.value:
        work.append(Effect("boots", "egypt.item.spiked-boots", player=hero, subject=space))
    work.append(Effect("encounter", "egypt.turn.reveal-on-arrival", player=hero, subject=space))
    if read(rs.options, "key_arrival") == "arrival-only":
        work.append(Effect("statue", "egypt.item.key-opens-door", player=hero, subject=space))
    return push(s, *work)


def reveal_reachable(rs: Any, s: EgyptState, space: str) -> EgyptState:
    reach = reachable_tokens(rs, s, space)
    down = [t for t in reach if not t.face_up]
    if read(rs.options, "dead_hero_stack") == "one-by-one" and down:
        down = down[-1:]
    for t in down:
        s = reveal(rs, s, space, t)
    return s


@implements("egypt.monster.pharaoh-life-tokens", "egypt.item.crystal-goal", "egypt.ambiguity.pharaoh-tokens-set-aside")
def reveal(rs: Any, s: EgyptState, space: str, token: Token) -> EgyptState:
    """Turn a token face up where it lies.  The pharaoh gets his 2 life tokens (reading
    ``from-supply``; ``from-discards``: as many as lie discarded, at most 2: each hero who has entered
    misses ``3 - lives`` of his 2 tokens, a dead one both, and a life regained returned its token), so
    his ``pharaoh_lives`` is 1 (the token itself) plus those.  The crystal revealed: ``crystal_found``."""
    up = evolve(token, face_up=True)
    s = replace_token(rs, s, space, up)
    k = rs.kind(token)
    if k.monster_type == "pharaoh":
        tokens = 2
        if read(rs.options, "pharaoh_tokens_set_aside") == "from-discards":
            discarded = sum(2 - max(h.lives - 1, 0) for h in s.heroes if h.status != WAITING)
            tokens = min(2, discarded)
        s = evolve(s, pharaoh_lives=1 + tokens)
    if k.has("crystal"):
        s = evolve(s, crystal_found=True)
    return s


@implements("egypt.move.trap-triggers", "egypt.move.monster-combat", "egypt.move.monster-combat-always",
            "egypt.hazard.monster-combat", "egypt.hazard.trap-one-use", "egypt.combat.movements-used-up")
def handle_encounter(rs: Any, s: EgyptState, e: Effect) -> EgyptState:
    """On the space the hero ended up on: a revealed trap triggers, 'even if the hero arrived on an
    already-revealed token'; a revealed monster uses up the remaining movements and fights."""
    hero, space = e.player, e.subject
    h = s.heroes[hero]
    if h.status != IN or h.space != space:
        return s
    reach = reachable_tokens(rs, s, space)
    trap_names = rs.trap_names
    traps = [t for t in reversed(reach) if t.face_up and t.name in trap_names]
    if traps:
        note("egypt.move.trap-triggers")
        return push(s, Effect("trap", "egypt.move.trap-triggers", player=hero, subject=space, value=traps[0].id),
                    Effect("encounter", e.rule, player=hero, subject=space))
    if top_monster(rs, s, space) is not None:
        return push(s, Effect("engage", "egypt.move.monster-combat", subject=space, items=(str(hero),)))
    return s


# Picking up, leaving, exchanging -------------------------------------------------------------------------

@implements("egypt.move.pick-up", "egypt.move.full-slots", "egypt.chest.carry-or-leave", "egypt.start.ladder-pick-up",
            "egypt.combat.monster-guards-stack", "egypt.ambiguity.pick-up-cost")
def can_pick_up(rs: Any, s: EgyptState, hero: int, token_id: int) -> str | None:
    """A revealed item or weapon the hero can reach on their space, placed in a free slot (with no
    free slot the hero may leave items on the space instead).  Free (reading ``free``), or 1
    movement (``costs-one``)."""
    h = s.heroes[hero]
    token = next((t for t in s.pile(h.space) if t.id == token_id), None) if h.space else None
    if token is None:
        return "egypt.move.pick-up"
    if token not in reachable_tokens(rs, s, h.space):
        return "egypt.combat.monster-guards-stack"
    if not token.face_up or not rs.kind(token).is_item:
        return "egypt.move.pick-up"
    if not has_room(rs, h, token):
        return "egypt.hero.item-slots"
    if read(rs.options, "pick_up_cost") == "costs-one" and s.turn.moves < 1:
        return "egypt.ambiguity.pick-up-cost"
    return None


def apply_pick_up(rs: Any, s: EgyptState, hero: int, token_id: int) -> EgyptState:
    """The token goes onto the hero board.  A ladder picked up no longer holds anyone: a hero on it, or
    on top of it, falls."""
    h = s.heroes[hero]
    s, token = take(rs, s, h.space, token_id)
    s = s.with_hero(hero, items=(*h.items, token))
    if read(rs.options, "pick_up_cost") == "costs-one":
        s = s.with_turn(moves=compute_moves_after(s.turn.moves, 1))
    if rs.is_ladder(token):
        s = apply_gravity(rs, s, [h.space, rs.board.above(h.space)])
    return s


@implements("egypt.chest.discard", "egypt.move.full-slots", "egypt.weapon.kept")
def apply_drop(rs: Any, s: EgyptState, hero: int, token_id: int) -> EgyptState:
    """'At any point on your turn you may discard tokens ... simply leave them on the space with your
    hero, face up.'"""
    h = s.heroes[hero]
    token = next(t for t in h.items if t.id == token_id)
    s = s.with_hero(hero, items=tuple(t for t in h.items if t.id != token_id))
    s = put(rs, s, h.space, evolve(token, face_up=True))
    return apply_gravity(rs, s, [h.space])


@implements("egypt.tomb.exit", "egypt.tomb.open-a-door", "egypt.ambiguity.leaving-the-tomb",
            "egypt.ambiguity.escape-before-crystal", "egypt.item.crystal-goal", "egypt.goal.escape-any-order")
def can_leave(rs: Any, s: EgyptState, hero: int) -> str | None:
    """A hero on the exit, a door open, spends 1 movement to leave the tomb (reading
    ``move-out``), with or without the crystal found (``any-time``; ``after-crystal``: only once it
    has been found)."""
    if s.heroes[hero].space != rs.board.exit:
        return "egypt.tomb.exit"
    if {"yellow", "black"} <= set(s.doors):
        # "But first you need to open at least one of the two doors" (L77), "provided, of course, that the
        # yellow or black door is open" (L299): a hero who reached the exit another way (bombs past the
        # doors) does not leave while both are closed
        return "egypt.tomb.open-a-door"
    if s.turn.moves < 1:
        return "egypt.combat.movements-used-up" if s.turn.fought else "egypt.hero.movements"
    if read(rs.options, "escape_before_crystal") == "after-crystal" and not s.crystal_found:
        return "egypt.ambiguity.escape-before-crystal"
    return None


def apply_leave(rs: Any, s: EgyptState, hero: int) -> EgyptState:
    s = s.with_hero(hero, status=ESCAPED, space=None)
    note("egypt.tomb.exit")
    return s.with_turn(moves=0, ending=True)


@implements("egypt.turn.shared-space", "egypt.turn.exchange-items", "egypt.ambiguity.exchange-timing",
            "egypt.example.grappling-hook")
def exchange_offers(rs: Any, s: EgyptState, hero: int) -> list[Any]:
    """Heroes on the same space may exchange any number of items: one offer at a time (a token each
    way, or one way), which the other hero's player accepts or declines; no board above 5."""
    h = s.heroes[hero]
    out: list[Any] = []
    for i, o in enumerate(s.heroes):
        if i != hero and o.status == IN and o.space == h.space:
            break
    else:
        return out                      # nobody else here (heroes_at below would list the hero alone)
    for other in heroes_at(rs, s, h.space):
        if other == hero:
            continue
        o = s.heroes[other]
        for give in (None, *[t.id for t in h.items]):
            for take_ in (None, *[t.id for t in o.items]):
                if (give is not None or take_ is not None) and can_exchange(rs, s, hero, other, give, take_):
                    out.append(A.Offer(other, give, take_))
    return out


def can_exchange(rs: Any, s: EgyptState, hero: int, other: int, give: int | None, take_: int | None) -> bool:
    h, o = s.heroes[hero], s.heroes[other]
    if o.status != IN or o.space != h.space or other == hero:
        return False
    g = next((t for t in h.items if t.id == give), None)
    k = next((t for t in o.items if t.id == take_), None)
    if (give is not None and g is None) or (take_ is not None and k is None):
        return False
    mine = tuple(t for t in h.items if t is not g) + ((k,) if k else ())
    theirs = tuple(t for t in o.items if t is not k) + ((g,) if g else ())
    return carried(rs, evolve(h, items=mine)) <= SLOTS and carried(rs, evolve(o, items=theirs)) <= SLOTS


def apply_exchange(rs: Any, s: EgyptState, w: Window) -> EgyptState:
    hero, other = w.hero, int(w.subject)
    give, take_ = w.value, (w.items[0] if w.items else None)
    h, o = s.heroes[hero], s.heroes[other]
    g = next((t for t in h.items if t.id == give), None)
    k = next((t for t in o.items if t.id == take_), None)
    s = s.with_hero(hero, items=tuple(t for t in h.items if t is not g) + ((k,) if k else ()))
    return s.with_hero(other, items=tuple(t for t in o.items if t is not k) + ((g,) if g else ()))


# --------------------------------------------------------------------------------------------------
# Applying an action


def apply(rs: Any, s: EgyptState, action: Any, player: int | None) -> EgyptState:
    if s.phase == "over" or _recorders:       # (a recording notes the rule read)
        require(s.phase != "over", "egypt.end.conditions", "the game is over")
    p = rs.pending(s)
    if p.is_chance:
        dist = chance(rs, s)
        # an outcome that cannot happen breaks the rule of what is drawn or rolled: the chest or hazard
        # tokens left to deal, the die's results for a combat, a shot or the pharaoh's roll
        if s.phase == "deal":
            rule = "egypt.setup.deal-chests" if p.what == "chest tokens" else "egypt.setup.deal-hazards"
        else:
            rule = {"shoot": "egypt.weapon.shoot-roll", "pharaoh": "egypt.monster-turn.pharaoh-roll"}.get(
                s.roll or "", "egypt.combat.die-results")
        require(dist.possible(action), rule, "{!r} is not a possible outcome of the {} here", action, p.what)
        if s.phase == "deal":
            return settle(rs, apply_deal(rs, s, action.token))
        return settle(rs, apply_die(rs, s, action.result))
    legal = rs.legal(s, player)
    for a in legal:                  # most often the very action listed (compared by identity first)
        if a is action:
            break
    else:
        if action not in legal:
            rule = refusal(rs, s, action, p.what)
            require(False, rule, "{!r} is not open to player {} ({})", action, player, p.what,
                    also=refusal_also(rs, s, action, rule))
    return settle(rs, dispatch(rs, s, action, p.what))


def refusal_also(rs: Any, s: EgyptState, action: Any, rule: str) -> tuple[str, ...]:
    """Beside the rule :func:`refusal` names, the other passage whose words forbid the action: the
    crystal's "once per game" for a crystal already used (whoever holds it now); for a fruit eaten while
    the crystal may still save a dying hero, the FAQ's "Unfortunately, it's too late! The hero dies.";
    for the monster another player moved on the monster turn just before this one, "If two players take
    monster turns one after another, they must choose different monsters" beside "you cannot move the
    same monster twice in a row"; in solo mode, for a monster action on a hero's turn, "You don't play as
    the monsters." beside the rule of the ordinary game (the monsters idle, or moved only on a monster
    turn); for the spirit of the tomb passing before any monster or trap is revealed, "until any monster
    or trap has been revealed, you reveal hazard tokens instead" beside the may-or-must reading (the state
    keeps no history: the opening is read as no monster or trap face up and the pharaoh unhurt); for a
    ghost ending its move inside a wall, "you cannot stand on a space that has a wall" (the movement rules
    it follows) beside the ghost-end-position reading; for any other monster stepping into a wall, the same
    words beside "The monster moves by the same rules as a hero"."""
    kind = type(action).kind
    if rule == "egypt.item.crystal-no-reset":
        return ("egypt.item.crystal-heal",)
    if rs.solo and kind in MONSTER_KINDS and rule in ("egypt.death.monster-turn", "egypt.death.monsters-idle"):
        return ("egypt.solo.no-monsters",)
    if rule == "egypt.ambiguity.may-or-must-play-monsters" and kind == "pass" and \
            rs.seats[s.turn.seat].kind == SPIRIT and s.pharaoh_lives == 3 and \
            not any(t.face_up and (t.name in rs.monster_names or rs.kind(t).is_trap)
                    for p in s.piles for t in p.tokens):
        return ("egypt.modes.spirit-reveals-first",)
    if rule == "egypt.ambiguity.ghost-end-position" and kind == "monster-stop":
        return ("egypt.tomb.wall-blocks",)
    if rule == "egypt.monster-turn.move-rules" and kind == "monster-step" and s.turn.moving is not None:
        # a walking or flying monster stepping into a wall: 'by the same rules as a hero', and the wall's own
        # words, 'You cannot pass through a wall, and you cannot stand on a space that has a wall'
        space = find_token(s, s.turn.moving)
        tok = next((x for x in s.pile(space) if x.id == s.turn.moving), None) if space is not None else None
        if tok is not None and rs.mover(rs.kind(tok)) != "ghost" and space is not None and \
                action.to in rs.board.neighbours(space) and terrain(rs, s).wall(action.to):
            return ("egypt.tomb.wall-blocks",)
    if rule == "egypt.monster-turn.not-twice" and kind == "move-monster" and s.last_moved == action.token \
            and s.last_moved_turn == s.turns - 1 and s.turn.kind == "monster":
        seats = rs.seats
        if seats[(s.turn.seat - 1) % len(seats)].player != seats[s.turn.seat].player:
            return ("egypt.monster-turn.consecutive-players",)
    if kind == "eat" and s.window is not None and s.window.kind == "crystal":
        return ("egypt.faq.fruit-too-late",)
    return ()


def chance(rs: Any, s: EgyptState) -> Any:
    if s.phase == "deal":
        return deal_distribution(rs, s)
    if s.phase == "play" and s.window is None and s.roll is not None:
        return rs.die
    return None


def apply_die(rs: Any, s: EgyptState, result: str) -> EgyptState:
    purpose = s.roll
    s = evolve(s, roll=None)
    if purpose == "combat":
        return combat.apply_combat_roll(rs, s, result)
    if purpose == "shoot":
        return items.apply_shot(rs, s, result)
    return monster_turn.apply_pharaoh_roll(rs, s, result)


def dispatch(rs: Any, s: EgyptState, action: Any, what: str) -> EgyptState:
    if s.window is not None:
        return apply_window(rs, s, action)
    if what in ("combat", "combat-result"):
        return combat.apply_combat_action(rs, s, action)
    if what == "retreat":
        return combat.apply_retreat_action(rs, s, action)
    if what in ("monster-turn", "monster-move"):
        return monster_turn.apply_monster_action(rs, s, action)
    hero = current_hero(rs, s)
    assert hero is not None
    if isinstance(action, A.Enter):
        return apply_enter(rs, s, hero, action.space)
    if isinstance(action, A.Step):
        return apply_step(rs, s, hero, action.to)
    if isinstance(action, A.Leave):
        return apply_leave(rs, s, hero)
    if isinstance(action, A.PickUp):
        return apply_pick_up(rs, s, hero, action.token)
    if isinstance(action, A.Drop):
        return apply_drop(rs, s, hero, action.token)
    if isinstance(action, A.Offer):
        w = Window("exchange", s.heroes[action.hero].player, hero, str(action.hero), action.give,
                   () if action.take is None else (action.take,))
        return evolve(s, window=w)
    if isinstance(action, A.GiveUp):
        return apply_give_up(rs, s, hero)
    if isinstance(action, A.EndTurn):
        if s.heroes[hero].status == WAITING:
            return apply_no_way_in(rs, s, hero)
        return apply_end_turn(rs, s, hero)
    return items.apply_item(rs, s, hero, action)


@implements("egypt.turn.first-turn-entry", "egypt.escape.turn.vines", "egypt.ambiguity.first-turn-entry-cost")
def apply_enter(rs: Any, s: EgyptState, hero: int, space: str) -> EgyptState:
    """The hero token is laid flat on the ladder: the hero's journey begins (reading ``free-entry``: the
    hero still has 0 to 3 movements; ``entry-is-turn``: that is the whole first turn; ``entry-costs-one``:
    it is the first of the turn's movements, 2 are left)."""
    s = s.with_hero(hero, status=IN, space=space)
    cost = read(rs.options, "first_turn_entry_cost")
    if cost == "entry-is-turn":
        s = s.with_turn(moves=0, ending=True)
    elif cost == "entry-costs-one":
        s = s.with_turn(moves=compute_moves_after(s.turn.moves, 1))
    return push(s, arrive(hero, space))


@implements("egypt.ambiguity.no-way-in", "egypt.ambiguity.quickref-ceiling-schedule")
def apply_no_way_in(rs: Any, s: EgyptState, hero: int) -> EgyptState:
    """Every starting vine is on or above the ceiling (the quick reference's schedule puts it on the
    top floor before the first turn): the hero would enter on a floor the ceiling is on, and dies there
    (reading ``dies`` of egypt.ambiguity.no-way-in).  He is put on the board's first starting vine
    (``rs.board.entries[0]``, board order) and the ceiling's collapse onto that floor kills him there:
    his tokens, the crystal included, are handled as every token on a space the ceiling reaches."""
    entry = rs.board.entries[0]
    s = escape.collapse(rs, s.with_hero(hero, status=IN, space=entry), rs.board.y(entry))
    return s.with_turn(ending=True)


@implements("egypt.turn.end-turn", "egypt.item.jetpack-fall")
def apply_end_turn(rs: Any, s: EgyptState, hero: int) -> EgyptState:
    """End the turn; a hero who used the jetpack and is not standing on a floor (or a wall, or atop a
    ladder) falls down."""
    s = s.with_turn(ending=True)
    return jetpack_landing(rs, s, hero)


def jetpack_landing(rs: Any, s: EgyptState, hero: int) -> EgyptState:
    if jetpack_active(s, hero) is None:
        return s
    s = evolve(s, effects=tuple(e for e in s.effects if not (e.name == "jetpack" and e.player == hero)))
    h = s.heroes[hero]
    if h.status != IN:
        return s
    down = landing(terrain(rs, s), h.space)
    if down != h.space:
        note("egypt.item.jetpack-fall")
        s = s.with_hero(hero, space=down)
        return push(s, arrive(hero, down, fell=True))
    return s


def apply_window(rs: Any, s: EgyptState, action: Any) -> EgyptState:
    w = s.window
    assert w is not None
    s = evolve(s, window=None)
    if w.kind == "exchange":
        return apply_exchange(rs, s, w) if isinstance(action, A.Accept) else s
    if w.kind in ("vest", "crystal"):
        return items.apply_loss_window(rs, s, w, action)
    if w.kind == "boots":
        return items.apply_boots_window(rs, s, w, action)
    if w.kind == "fire":
        return hazards.apply_fire_window(rs, s, w, action)
    if w.kind == "pharaoh-target":
        return monster_turn.apply_pharaoh_target(rs, s, action.hero)
    if w.kind == "monster-trap":
        return monster_turn.apply_trap_window(rs, s, w, action)
    raise AssertionError(w.kind)


# The rule a refused decision breaks ------------------------------------------------------------------

REFUSED = {
    "enter": "egypt.turn.first-turn-entry", "leave": "egypt.tomb.exit", "pick-up": "egypt.move.pick-up",
    "drop": "egypt.chest.discard", "offer": "egypt.turn.exchange-items", "accept": "egypt.turn.exchange-items",
    "end-turn": "egypt.turn.end-turn", "give-up": "egypt.ambiguity.stuck-hero",
    "place-ladder": "egypt.start.ladder-place",
    "bomb": "egypt.start.bomb-two-effects", "smash": "egypt.weapon.sledgehammer", "hook": "egypt.item.grappling-hook",
    "jetpack": "egypt.item.jetpack", "teleport": "egypt.item.teleporter-limits", "crystal": "egypt.item.crystal-heal",
    "eat": "egypt.item.fruit", "peek": "egypt.item.flashlight-walls", "banish": "egypt.combat.crossed-out-type",
    "shoot": "egypt.weapon.shoot", "skates": "egypt.ambiguity.roller-skates", "use-vest": "egypt.item.vest",
    "use-boots": "egypt.item.spiked-boots", "roll": "egypt.combat.roll", "retreat": "egypt.combat.die-retreat",
    "portal-gun": "egypt.weapon.portal-gun", "stop-retreat": "egypt.ambiguity.retreat-zero",
    "pharaoh-roll": "egypt.monster-turn.pharaoh-roll", "place-pharaoh": "egypt.monster-turn.pharaoh-attack",
    "move-monster": "egypt.monster-turn.move", "monster-step": "egypt.monster-turn.move-rules",
    "monster-stop": "egypt.ambiguity.monster-movement-up-to", "reveal-hazard": "egypt.monster-turn.reveal-hazard",
    "activate-trap": "egypt.monster-turn.activate-trap", "apply-trap": "egypt.monster-turn.revealed-trap",
    "pass": "egypt.ambiguity.no-monster-action", "decline": "egypt.turn.use-items",
}
#: the actions that use an item on the hero's board, and the effect the token needs for each
ITEM_EFFECTS = {"place-ladder": "ladder", "bomb": "bomb", "smash": "sledgehammer", "hook": "grappling-hook",
                "jetpack": "jetpack", "teleport": "teleporter", "crystal": "crystal", "eat": "fruit",
                "peek": "flashlight", "banish": "banish", "shoot": "shoot", "skates": "roller-skates",
                "portal-gun": "portal-gun"}
#: the item uses that do not act in combat (reading combat-effects of egypt.ambiguity.combat-items)
NOT_IN_COMBAT = {"place-ladder", "smash", "hook", "jetpack", "teleport", "peek", "shoot"}
MONSTER_KINDS = {"pharaoh-roll", "place-pharaoh", "move-monster", "monster-step", "monster-stop", "reveal-hazard",
                 "activate-trap", "apply-trap", "pass"}


def item_refusal(rs: Any, s: EgyptState, action: Any, kind: str, hero: int, tok: Any) -> str | None:
    """The words that forbid a use of an item the hero carries, where they are more specific than the
    item's general rule (the REFUSED table): None to fall back on that."""
    b = rs.board
    here = s.heroes[hero].space
    if here is None:
        return None
    if kind == "bomb":
        reach = items.near(rs, here)
        if action.attack is not None and (action.attack not in reach or (
                top_monster(rs, s, action.attack) is None and
                items.top_face_down(rs, s, action.attack, "hazard") is None)):
            return "egypt.start.bomb-attack"             # 'the space with your hero or a neighboring one'
        if action.destroy is not None:
            if action.destroy not in reach:
                return "egypt.start.bomb-destroy"
            if action.part == "floor" and action.destroy in b.spaces and b.spaces[action.destroy].reinforced:
                return "egypt.start.reinforced-floor"
            if not can_place_rubble(rs, s):
                return "egypt.ambiguity.rubble-supply"
        if action.attack is not None and action.destroy is not None and action.attack != action.destroy and \
                read(rs.options, "bomb_both_effects") == "same-space":
            return "egypt.ambiguity.bomb-both-effects"
        return None
    if kind == "hook" and action.target is not None:
        sp, opts, _ = items.hook_target(rs, s, hero, action.direction)
        if sp is not None and any(x.id == action.target for x in s.pile(sp)) and \
                all(o.target != action.target for o in opts):
            return "egypt.item.grappling-hook-stack"     # 'with a monster on top, you pull in the monster'
        return None
    if kind == "peek":
        if action.space not in b.spaces or b.y(action.space) != b.y(here) or tok.used or \
                items.top_face_down(rs, s, action.space) is None:
            return "egypt.item.flashlight-reveal"        # 'once per turn ... reveal a token on the same floor'
        return None                                      # else a wall between: egypt.item.flashlight-walls
    if kind == "teleport" and read(rs.options, "item_use_cost") == "teleport-costs" and s.turn.moves < 1:
        return "egypt.ambiguity.item-use-cost"           # reading teleport-costs: it takes a movement
    if kind == "smash" and not can_place_rubble(rs, s):
        return "egypt.ambiguity.rubble-supply"
    return None


def refusal(rs: Any, s: EgyptState, action: Any, what: str) -> str:
    """The most specific rule a refused decision breaks."""
    kind = type(action).kind
    if s.window is not None:
        return {"exchange": "egypt.turn.exchange-items", "vest": "egypt.item.vest", "boots": "egypt.item.spiked-boots",
                "crystal": "egypt.item.crystal-heal", "fire": "egypt.trap.fire",
                "pharaoh-target": "egypt.monster-turn.pharaoh-attack",
                "monster-trap": "egypt.monster-turn.revealed-trap"}[s.window.kind]
    if what in ("turn", "enter", "combat", "combat-result", "retreat") and kind in MONSTER_KINDS:
        # while nobody plays the monsters they do not move; once someone does, only on a monster turn
        if any(st.kind == SPIRIT for st in rs.seats) or any(h.status == DEAD for h in s.heroes) or \
                (read(rs.options, "leaving_the_tomb") == "escaped-play-monsters" and
                 any(h.status == ESCAPED for h in s.heroes)):
            return "egypt.death.monster-turn"
        return "egypt.death.monsters-idle"
    if what in ("monster-turn", "monster-move") and kind not in MONSTER_KINDS:
        if rs.seats[s.turn.seat].kind == SPIRIT:       # the spirit of the tomb plays the monsters only
            return "egypt.modes.pursuit" if rs.options.pursuit else "egypt.modes.six-player-spirit"
        return "egypt.death.switch-sides"
    if what == "enter" and kind != "enter":
        return "egypt.turn.first-turn-entry"
    if what == "retreat" and kind in ITEM_EFFECTS:
        return "egypt.combat.apply-before-item"          # the retreat is the die result, applied first
    if what == "retreat" and kind not in ("step", "stop-retreat"):
        return "egypt.combat.die-retreat"
    if kind == "step":
        if what == "retreat":
            return "egypt.combat.die-retreat"
        if what in ("combat", "combat-result"):
            return "egypt.combat.movements-used-up"
        hero = current_hero(rs, s)
        return why_not_step(rs, s, hero, action.to) if hero is not None else "egypt.move.neighboring"
    if kind == "pick-up":
        hero = current_hero(rs, s)
        return (can_pick_up(rs, s, hero, action.token) if hero is not None else None) or "egypt.move.pick-up"
    if kind == "leave":
        hero = current_hero(rs, s)
        return (can_leave(rs, s, hero) if hero is not None else None) or "egypt.tomb.exit"
    if kind == "move-monster":
        return monster_turn.why_not_move(rs, s, action.token) or "egypt.monster-turn.move"
    if kind == "pass" and what == "monster-turn":
        # 'choose one of three actions': with one open, passing is what the may-or-must reading forbids
        return "egypt.ambiguity.may-or-must-play-monsters"
    if kind == "monster-step" and what == "monster-move" and s.turn.monster_moves < 1:
        return "egypt.monster-turn.movements"            # 'as many movements as shown' on its token
    if kind == "monster-stop" and what == "monster-move":
        return monster_turn.why_not_stop(rs, s)
    if kind == "activate-trap" and what == "monster-turn":
        tok = next((x for p in s.piles for x in p.tokens if x.id == action.token), None)
        if tok is not None and tok.face_up and rs.kind(tok).is_trap:
            return "egypt.ambiguity.activatable-traps"   # a revealed trap this reading does not activate
    if kind == "crystal" and s.crystal_used:
        return "egypt.item.crystal-no-reset"
    if kind in ITEM_EFFECTS and what in ("turn", "combat", "combat-result"):
        hero = s.combat.hero if s.combat is not None else current_hero(rs, s)
        tok = next((t for t in s.hero(hero).items if t.id == action.token), None) if hero is not None else None
        if tok is None:
            return "egypt.turn.use-items"                # an item the hero does not carry
        k = rs.kind(tok)
        if not (items.eff_banish(rs, k) if kind == "banish" else k.has(ITEM_EFFECTS[kind])):
            return "egypt.turn.effects-reference"        # a token without that effect
        if what == "combat-result" and kind != "portal-gun":
            return "egypt.combat.apply-before-item"      # the 2 or 3 is applied (retreat) before any item
        if what == "combat" and kind in NOT_IN_COMBAT:
            return "egypt.ambiguity.combat-items"        # reading combat-effects: it does not act in combat
        specific = item_refusal(rs, s, action, kind, hero, tok)
        if specific:
            return specific
        # else the item's own rule (each states its limits: 'Permanent effect, once per turn: ...')
    if what in ("combat", "combat-result") and kind in ("end-turn", "drop", "pick-up", "offer", "leave"):
        return "egypt.combat.ends"
    if kind == "offer" and what == "turn":
        hero = current_hero(rs, s)
        if hero is not None and type(action.hero) is int and 0 <= action.hero < len(s.heroes) and \
                action.hero != hero and s.hero(action.hero).status == IN and s.hero(action.hero).space == s.hero(hero).space and \
                (action.give is None or any(t.id == action.give for t in s.hero(hero).items)) and \
                (action.take is None or any(t.id == action.take for t in s.hero(action.hero).items)) and \
                (action.give is not None or action.take is not None) and \
                not can_exchange(rs, s, hero, action.hero, action.give, action.take):
            return "egypt.hero.item-slots"               # a board would hold more than 5 items
        return "egypt.turn.exchange-items"
    return REFUSED.get(kind, "egypt.turn.order")


# --------------------------------------------------------------------------------------------------
# Settling: the work of the rules, the doors, the end of the game, the next turn


HANDLERS: dict[str, Any] = {}


def settle(rs: Any, s: EgyptState) -> EgyptState:
    for _ in range(100_000):
        if s.phase != "play" or s.window is not None or s.roll is not None:
            return s
        effects = s.effects
        if effects:
            work = None
            for e in effects:
                if e.until == RESOLVED:
                    work = e
                    break
            if work is not None:
                s = _with(s, "effects", tuple([e for e in effects if e is not work]))
                s = HANDLERS[work.name](rs, s, work)
                continue
        s = apply_statues(rs, s)
        over = victory.check_end(rs, s)
        if over is not None:
            return over
        if s.combat is not None:
            apart = combat.end_combat_apart(rs, s)      # egypt.ambiguity.combat-apart: wherever it came about
            if apart is not s:
                s = apart
                continue
            return s
        if s.retreat is not None:
            return s
        t = s.turn
        if t.kind == "hero":
            h = s.heroes[rs.seats[t.seat].hero]
            ended = t.ending or h.status not in (WAITING, IN)
            if not ended and t.fought and read(rs.options, "after_combat") == "turn-ends":
                note("egypt.example.turn-ends")
                ended = True
            if not ended:
                return s
            if h.status == IN and jetpack_active(s, rs.seats[t.seat].hero) is not None:
                s = jetpack_landing(rs, evolve(s, turn=evolve(t, ending=True)), rs.seats[t.seat].hero)
                continue
        elif t.kind == "monster" and not t.done:
            return s
        s = next_turn(rs, s)
    raise AssertionError("the rules did not settle")


@implements("egypt.item.key-opens-door", "egypt.item.key-remove-door", "egypt.tomb.statue-key",
            "egypt.tomb.statues-open-doors", "egypt.item.keys", "egypt.item.key-statues", "egypt.ambiguity.key-arrival")
def apply_statues(rs: Any, s: EgyptState, only: int | None = None) -> EgyptState:
    """As soon as a hero carrying a key is on the space with its statue, the key goes back in the box
    and its door is removed from the board (reading ``carried-on-space``)."""
    if read(rs.options, "key_arrival") == "arrival-only" and only is None:
        return s
    statue_at = rs.board.statue_at            # one statue per space
    for i, h in enumerate(s.heroes):
        if h.status != IN or (only is not None and i != only):
            continue
        statue = statue_at.get(h.space)
        if statue is None:
            continue
        door = STATUE_DOOR[statue]
        if door not in s.doors:
            continue
        key = next((t for t in h.items if rs.kind(t).has(f"key-{door}")), None)
        if key is not None:
            note("egypt.item.key-opens-door")
            s = s.with_hero(i, items=tuple(t for t in s.heroes[i].items if t is not key))
            s = evolve(s, doors=tuple(d for d in s.doors if d != door))
    return s


def _statue(rs: Any, s: EgyptState, e: Effect) -> EgyptState:
    return apply_statues(rs, s, only=e.player)


@implements("egypt.turn.order", "egypt.turn.end-turn", "egypt.death.monster-turn", "egypt.death.several-dead",
            "egypt.solo.no-monsters", "egypt.modes.six-player-spirit", "egypt.ambiguity.leaving-the-tomb",
            "egypt.ambiguity.may-or-must-play-monsters", "egypt.faq.vest-once-per-round",
            "egypt.ambiguity.once-per-turn-window", "egypt.chest.permanent-effect", "egypt.chest.rotate-used",
            "egypt.turn.effect-corners", "egypt.hero.movements")
def next_turn(rs: Any, s: EgyptState) -> EgyptState:
    """Pass the turn to the next seat clockwise.  A living hero's turn has up to 3 movements and
    their permanent effects are usable again (reading ``own-round``); a player whose hero died takes
    a monster turn (never in solo mode); the spirit of the tomb always does."""
    s = monster_turn.end_monster_turn(rs, s)
    effects = expire(s.effects, TURN)
    n = len(rs.seats)
    seat = (s.turn.seat + 1) % n if s.round else 0
    rounds = s.round + 1 if seat == 0 else s.round
    if rs.options.escape:
        s = escape.before_turn(rs, evolve(s, effects=effects, round=rounds), seat)
        if s.phase == "over":
            return s
        effects, rounds = s.effects, s.round
    st = rs.seats[seat]
    kind = "skip"
    if st.kind == SPIRIT:
        kind = "monster"
    else:
        h = s.heroes[st.hero]
        if h.status in (WAITING, IN):
            kind = "hero"
        elif rs.solo:
            note("egypt.solo.no-monsters")
        elif h.status == DEAD or read(rs.options, "leaving_the_tomb") == "escaped-play-monsters":
            kind = "monster"
    # ``seat``: whose turn it is (the state's field, as docs/egypt-model.md gives it; it stayed 0 before)
    s = evolve(s, effects=effects, round=rounds, seat=seat, turn=Turn(seat, kind), turns=s.turns + 1)
    if kind == "hero":
        s = start_hero_turn(rs, s, st.hero)
    elif kind == "monster":
        s = monster_turn.start_monster_turn(rs, s)
    return s


def start_hero_turn(rs: Any, s: EgyptState, hero: int) -> EgyptState:
    s = s.with_turn(moves=MOVEMENTS)
    s = items.refresh_permanent(rs, s, hero)
    h = s.heroes[hero]
    if h.status == IN and top_monster(rs, s, h.space) is not None:
        # 'combat begins at the start of that player's turn' (a monster teleported onto them, or one
        # they could not retreat from): it always happens
        note("egypt.weapon.portal-gun-onto-player")
        s = push(s, Effect("engage", "egypt.move.monster-combat-always", subject=h.space, items=(str(hero),)))
    return s


def _lose(rs: Any, s: EgyptState, e: Effect) -> EgyptState:
    return items.handle_lose(rs, s, e)


def _lose_apply(rs: Any, s: EgyptState, e: Effect) -> EgyptState:
    return apply_lose_lives(rs, s, e.player, e.value or 0, e.subject or "")


HANDLERS.update({
    "arrive": handle_arrive,
    "encounter": handle_encounter,
    "boots": lambda rs, s, e: items.handle_boots(rs, s, e),
    "trap": lambda rs, s, e: hazards.handle_trap(rs, s, e),
    "lose": _lose,
    "lose-crystal": lambda rs, s, e: items.handle_lose_crystal(rs, s, e),
    "lose-apply": _lose_apply,
    "engage": lambda rs, s, e: combat.handle_engage(rs, s, e),
    "statue": _statue,
    "reveal-here": lambda rs, s, e: combat.handle_reveal_here(rs, s, e),
})

__all__ = ["apply", "chance", "legal_actions", "pending", "settle", "lose", "find_token", "set_pile", "GAME"]
