"""The Adventurer Phase: one action per turn, each spending one green Action token, first player then
clockwise, until every token is spent; the Adventurer Actions (Move with evading and exploring, Combat,
Trading, Search, the Soul Monger, Use Items or Artifacts, Use Special Ability, Rest, Pick up, Stealing)
and the room actions of Rooms and Exploring; what may be done without a token (dropping cards, saving a
fleeing adventurer).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..options import read
from ...errors import IllegalAction
from ...ruleset import Pending
from ...traceability import _recorders, implements, note, require
from ..actions import (made_drop, made_fight, made_rest, made_save, made_steal, made_step, made_teleport, made_trade,
                       made_use)
from ..actions import BARTER, CLIMB, MOVE, PASS, PICK_UP, PLACE_ROPE, PUSH, ROOM_ACTION, SEARCH, SEARCH_ARTIFACT, STOP
from ..actions import (Ability, Barter, Climb, Drop, Explore, Fall, Fight, Move, Pass, PickUp, PlaceRope, Push, Rest,
                       RoomAction, Save, Search, SearchArtifact, Steal, Step, Stop, Take, Teleport, Trade, Use)
from ..board import OPPOSITE, tomb_of
from ..components import Op
from ..state import ENTRANCE, SEARCH_COLOURS, SecretsState, Task, evolve
from . import adventurers as advs
from . import items, rooms
from .components_ops import continuation, run_ops
from .engine import check, is_listed, listed, made, task

OUT = "out"   # Step("out"): a fleeing adventurer moves on from the Tomb's Entrance


# --------------------------------------------------------------------------------------------------
# Which turn actions are open


def can_act(rs: Any, state: SecretsState, seat: int) -> bool:
    s = state.seats[seat]
    return s.adventurer is not None and s.tokens > 0


@implements("secrets.adventurer-phase.no-search-with-creatures", "secrets.ambiguity.repeated-search")
def can_search(rs: Any, state: SecretsState, seat: int) -> str | None:
    adv = state.seats[seat].adventurer
    if adv is None or adv.fleeing:
        return "secrets.adventurers.flee-must-move"
    if state.creatures_in(adv.room):
        return "secrets.adventurer-phase.no-search-with-creatures"
    r = state.room(adv.room)
    if r is not None and r.searched and read(rs.options, "repeated_search") == "once-per-room":
        return "secrets.ambiguity.repeated-search"
    return None


@implements("secrets.adventurer-phase.rest", "secrets.adventurer-phase.no-rest-with-creature",
            "secrets.adventurer-phase.no-rest-fleeing", "secrets.adventurer-phase.rest-companions",
            "secrets.ambiguity.status-rest-removal")
def rest_options(rs: Any, state: SecretsState, seat: int) -> list[str]:
    """If below starting Health or at negative Courage (or with a hurt companion, or a status a Rest
    removes), not fleeing and not in a room with a creature: heal 2 Health, 2 Courage, or 1 and 1."""
    adv = state.seats[seat].adventurer
    if adv is None or adv.fleeing or state.creatures_in(adv.room):
        return []
    hurt = [c.name for c in adv.companions if c.health < rs.components.companions[c.name].health]
    removable = rest_removable(rs, adv)
    precondition = adv.health < adv.start_health or adv.courage < 0
    out: list[str] = []
    if precondition:
        out += ["health", "courage", "both"]
        if hurt and read(rs.options, "rest_companions") == "in-addition":
            out += [f"{o}:{c}" for o in ("health", "courage", "both") for c in hurt]
    if hurt and read(rs.options, "rest_companions") == "instead-2-health":
        out += [f"companion:{c}" for c in hurt]
    if removable and read(rs.options, "status_rest") == "rest-option-no-precondition":
        out += [f"status:{s}" for s in removable]
    return out


@implements("secrets.combat.ava-rare", "secrets.ambiguity.combat-action-target", "secrets.adventurer-phase.combat",
            "secrets.reference.action-combat", "secrets.ambiguity.combat-other-room")
def fight_targets(rs: Any, state: SecretsState, seat: int) -> list[str]:
    """A creature in the same room (an adjacent room's with the reading ranged-weapons); an adventurer
    only when a traitor rule allows (secrets.ambiguity.combat-action-target=only-when-prompted)."""
    adv = state.seats[seat].adventurer
    if adv is None or adv.fleeing:
        return []
    out = [c.key for c in state.creatures_in(adv.room)]
    if read(rs.options, "other_room") == "ranged-weapons":
        tomb = tomb_of(rs, state.rooms)
        for room in tomb.successors("adventurer", adv.room):
            if any(items.card(rs, h.name).attribute == "dexterity" and items.is_usable(rs, adv, h) for h in adv.cards):
                out += [c.key for c in state.creatures_in(room)]
    any_target = read(rs.options, "combat_target") == "any-target"
    for other in state.seats_in(adv.room):
        if other == seat:
            continue
        if any_target or advs.is_traitor(rs, adv) or advs.is_traitor(rs, state.seats[other].adventurer):
            out.append(f"s{other}")
    return out


@implements("secrets.adventurer-phase.steal", "secrets.adventurer-phase.steal-from-creature",
            "secrets.adventurer-phase.creatures-pick-up-nothing", "secrets.ambiguity.steal-range-and-choice")
def steal_targets(rs: Any, state: SecretsState, seat: int) -> list[str]:
    """Another adventurer holding a tradeable card (in the same room: same-room-chosen); creatures only
    hold cards in scenarios that let them pick up (none of the shipped sets)."""
    adv = state.seats[seat].adventurer
    if adv is None or adv.fleeing:
        return []
    anywhere = is_any_range_steal(rs)
    out = []
    for other, s in enumerate(state.seats):       # (the adventurers in the Tomb, in seat order)
        them = s.adventurer
        if them is not None and other != seat and (anywhere or them.room == adv.room) and items.tradeable(rs, them):
            out.append(f"s{other}")
    return out


def usable_cards(rs: Any, state: SecretsState, seat: int) -> list[str]:
    adv = state.seats[seat].adventurer
    if adv is None or adv.fleeing:
        return []
    return list(dict.fromkeys(h.name for h in adv.cards if items.card(rs, h.name).use and items.is_usable(rs, adv, h)))


#: a turn's decisions, class by class, in the order :func:`turn_legal` lists them: each part lists the
#: decisions of its class open to ``seat`` (whose adventurer is ``adv``); :func:`turn_allows` asks the
#: one part of an action's class
_TURN_PARTS: tuple[tuple[type, Any], ...] = (
    (Drop, lambda rs, state, seat, adv: [made_drop(h) for h in dict.fromkeys(h.name for h in adv.cards)]),
    (Save, lambda rs, state, seat, adv: [made_save(s) for s in state.seats_in(adv.room)
                                         if advs.can_save(rs, state, seat, s) is None]),
    (Move, lambda rs, state, seat, adv: [MOVE]),
    (Search, lambda rs, state, seat, adv: [SEARCH] if can_search(rs, state, seat) is None else []),
    (Fight, lambda rs, state, seat, adv: [made_fight(t) for t in fight_targets(rs, state, seat)]),
    (Trade, lambda rs, state, seat, adv: [made_trade(s) for s in state.seats_in(adv.room)
                                          if items.can_trade(rs, state, seat, s) is None]),
    (Barter, lambda rs, state, seat, adv: [BARTER] if items.can_barter(rs, state, seat) is None else []),
    (Use, lambda rs, state, seat, adv: [made_use(c) for c in usable_cards(rs, state, seat)]),
    (Ability, lambda rs, state, seat, adv: [Ability(a) for a in usable_abilities(rs, state, seat)]),
    (Rest, lambda rs, state, seat, adv: [made_rest(o) for o in rest_options(rs, state, seat)]),
    (PickUp, lambda rs, state, seat, adv: [PICK_UP] if items.can_pick_up(rs, state, seat) is None else []),
    (Steal, lambda rs, state, seat, adv: [made_steal(t) for t in steal_targets(rs, state, seat)]),
    (PlaceRope, lambda rs, state, seat, adv: [PLACE_ROPE] if rooms.can_place_rope(rs, state, seat) is None else []),
    (SearchArtifact, lambda rs, state, seat, adv:
        [SEARCH_ARTIFACT] if rooms.can_search_artifact(rs, state, seat) is None else []),
    (RoomAction, lambda rs, state, seat, adv: [ROOM_ACTION] if rooms.tile(rs, adv.room).action else []),
    (Climb, lambda rs, state, seat, adv: [CLIMB] if rooms.can_climb(rs, state, seat) is None else []),
    (Teleport, lambda rs, state, seat, adv: [made_teleport(r) for r in rooms.teleport_targets(rs, state, seat)]),
    (Pass, lambda rs, state, seat, adv: [PASS] if read(rs.options, "uneven_tokens") == "may-pass" else []),
)
_PART_OF = dict(_TURN_PARTS)
#: what a fleeing adventurer's turn lists: he "must spend every Action token to move"
_FLEEING_PARTS = tuple((cls, part) for cls, part in _TURN_PARTS if cls in (Move, Pass))


def turn_legal(rs: Any, state: SecretsState, seat: int) -> list[Any]:
    """Every decision of the seat whose turn it is: the free ones, then the turn actions."""
    if seat != state.current or not can_act(rs, state, seat):
        return []
    adv = state.seats[seat].adventurer
    assert adv is not None
    out: list[Any] = []
    for _, part in _FLEEING_PARTS if adv.fleeing else _TURN_PARTS:
        out += part(rs, state, seat, adv)
    return out


def turn_allows(rs: Any, state: SecretsState, seat: int, action: Any) -> bool:
    """Whether :func:`turn_legal` lists ``action``, working out only its part of the list (a decision
    equals only decisions of its own class): the step's check of a decision it did not list itself (a
    trace's, a foreign implementation's).  The whole list while a recording notes the rules read (it
    reads them all).  ``tests/secrets/test_turn_allows.py`` holds it to the list."""
    if _recorders:
        return is_listed(action, turn_legal(rs, state, seat))
    if seat != state.current or not can_act(rs, state, seat):
        return False
    adv = state.seats[seat].adventurer
    kind = type(action)
    part = _PART_OF.get(kind)
    if part is None or adv.fleeing and kind is not Move and kind is not Pass:
        return False
    return is_listed(action, part(rs, state, seat, adv))


def turn_rule(rs: Any, state: SecretsState, action: Any) -> str:
    """The most specific rule a refused turn action breaks."""
    adv = state.seats[state.current].adventurer
    if adv is not None and adv.fleeing and not isinstance(action, Move):
        return "secrets.adventurers.flee-must-move"
    return {Search: "secrets.adventurer-phase.no-search-with-creatures", Fight: "secrets.adventurer-phase.combat",
            Trade: "secrets.adventurer-phase.trade", Barter: "secrets.adventurer-phase.soul-monger-action",
            Use: "secrets.adventurer-phase.use-items", Ability: "secrets.sheet.no-tokens-no-use",
            Rest: "secrets.adventurer-phase.rest", PickUp: "secrets.adventurer-phase.pick-up",
            Steal: "secrets.adventurer-phase.steal", PlaceRope: "secrets.rooms.place-rope",
            SearchArtifact: "secrets.artifacts.room-search", RoomAction: "secrets.rooms.action-effect",
            Climb: "secrets.rooms.mineshaft-climb", Teleport: "secrets.rooms.arc-portal",
            Pass: "secrets.ambiguity.turn-order-uneven-tokens", Drop: "secrets.items.drop-free",
            Save: "secrets.adventurers.save-fleeing", Move: "secrets.adventurer-phase.move"}.get(
        type(action), "secrets.adventurer-phase.perform-action")


def _refusal(rs: Any, state: SecretsState, seat: int, action: Any) -> str:
    adv = state.seats[seat].adventurer
    assert adv is not None
    if isinstance(action, Search):
        return can_search(rs, state, seat) or "secrets.adventurer-phase.search"
    if isinstance(action, Barter):
        return items.can_barter(rs, state, seat) or "secrets.adventurer-phase.soul-monger-action"
    if isinstance(action, PickUp):
        return items.can_pick_up(rs, state, seat) or "secrets.adventurer-phase.pick-up"
    if isinstance(action, PlaceRope):
        return rooms.can_place_rope(rs, state, seat) or "secrets.rooms.place-rope"
    if isinstance(action, SearchArtifact):
        return rooms.can_search_artifact(rs, state, seat) or "secrets.artifacts.room-search"
    if isinstance(action, Climb):
        return rooms.can_climb(rs, state, seat) or "secrets.rooms.mineshaft-climb"
    if isinstance(action, Trade):
        return items.can_trade(rs, state, seat, action.seat) or "secrets.adventurer-phase.trade"
    if isinstance(action, Save):
        return advs.can_save(rs, state, seat, action.seat) or "secrets.adventurers.save-fleeing"
    if isinstance(action, Drop):
        return items.can_drop(rs, state, seat, action.card) or "secrets.items.drop-free"
    if isinstance(action, Rest) and adv.fleeing:
        return "secrets.adventurer-phase.no-rest-fleeing"
    if isinstance(action, Rest) and state.creatures_in(adv.room):
        return "secrets.adventurer-phase.no-rest-with-creature"
    if isinstance(action, Rest) and _rests_unhurt_companion(rs, adv, action.option):
        return "secrets.adventurer-phase.rest-companions"
    if isinstance(action, Fight) and not adv.fleeing:
        return _fight_rule(rs, state, seat, action.target)
    if isinstance(action, Use) and not adv.fleeing:
        return items.why_unusable(rs, adv, action.card) or "secrets.adventurer-phase.use-items"
    if isinstance(action, Ability) and not adv.fleeing:
        return ability_rule(rs, state, seat, action.name)
    if isinstance(action, Steal) and not adv.fleeing:
        return _steal_rule(rs, state, seat, action.target)
    return turn_rule(rs, state, action)


def _rests_unhurt_companion(rs: Any, adv: Any, option: Any) -> bool:
    """A Rest for a companion ("companion:X", or "health:X" and the like under rest_companions =
    in-addition) that is not one of the adventurer's companions "with less than their starting health"
    (secrets.adventurer-phase.rest-companions)."""
    kind, _, name = str(option).partition(":")
    if kind not in ("companion", "health", "courage", "both") or not name:
        return False
    return not any(c.name == name and c.health < rs.components.companions[c.name].health for c in adv.companions)


def _other_adventurer(state: SecretsState, seat: int, target: str) -> Any:
    """The adventurer a refused action's ``target`` names ("s2": seat 2's), if it is not ``seat``'s own."""
    named = int(target[1:]) if target[:1] == "s" and target[1:].isdigit() else None
    return None if named is None or named == seat else state.seats[named].adventurer


def _steal_rule(rs: Any, state: SecretsState, seat: int, target: str) -> str:
    """A Steal refused: from a creature, which holds nothing unless a scenario lets it pick up; from an
    adventurer in another room (the reading same-room-chosen of secrets.ambiguity.steal-range-and-choice),
    or one holding no card 'that can be traded'."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    if state.creature(target) is not None:
        return "secrets.adventurer-phase.creatures-pick-up-nothing"
    other = _other_adventurer(state, seat, target)
    if other is None:
        return "secrets.adventurer-phase.steal"
    if other.room != adv.room and not is_any_range_steal(rs):
        return "secrets.ambiguity.steal-range-and-choice"
    if not items.tradeable(rs, other):
        return "secrets.adventurer-phase.steal-winner-takes-card"
    return "secrets.adventurer-phase.steal"


def _fight_rule(rs: Any, state: SecretsState, seat: int, target: str) -> str:
    """A Combat action refused: at an adventurer in the room, the reading of
    secrets.ambiguity.combat-action-target that lets only a traitor rule prompt it (only-when-prompted);
    otherwise 'Begin combat with a creature in the same room as you'."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    other = _other_adventurer(state, seat, target)
    if other is not None and other.room == adv.room:
        return "secrets.ambiguity.combat-action-target"
    return "secrets.adventurer-phase.combat"


@implements("secrets.adventurer-phase.spend-action-tokens", "secrets.adventurer-phase.perform-action",
            "secrets.turn.first-player-begins", "secrets.turn.example-actions", "secrets.reference.adventurer-phase-order",
            "secrets.adventurer-phase.example-1-first-action", "secrets.adventurers.flee-must-move",
            "secrets.adventurer-phase.use-items", "secrets.adventurer-phase.activated-immediately",
            "secrets.adventurer-phase.use-special-ability", "secrets.rooms.action-effect",
            "secrets.rooms.action-effect-repeat", "secrets.ambiguity.rooms-action-effect-timing")
def apply_turn(rs: Any, state: SecretsState, action: Any, seat: int) -> SecretsState:
    """One turn: a free decision, or an action: flip an Action token from green to red, then resolve it."""
    last = rs.last_legal        # the turn's decisions (turn_legal) as listed for this state, else asked by class
    if not (is_listed(action, last[2]) if last is not None and last[0] is state and last[1] == seat
            else turn_allows(rs, state, seat, action)):
        rule = _refusal(rs, state, seat, action)
        if rule == "secrets.ambiguity.combat-action-target":    # nor is an adventurer 'a creature in the same room'
            raise IllegalAction(rule, f"{action!r} is not open to seat {seat} now",
                                also=("secrets.adventurer-phase.combat",))
        require(False, rule, "{!r} is not open to seat {} now", action, seat)
    if isinstance(action, Drop):
        return items.apply_drop(rs, state, seat, action.card)
    if isinstance(action, Save):
        return advs.apply_save(rs, state, seat, action.seat)
    s = state.seats[seat]
    if isinstance(action, Pass):
        note("secrets.ambiguity.turn-order-uneven-tokens")
        state = state.with_seat(seat, tokens=0)
        return state.push(Task("end-turn", seat, flags=("saved",)))
    end = (Task("end-turn", seat, rule="secrets.adventurer-phase.next-player"),)
    if isinstance(action, RoomAction) and read(rs.options, "action_effect") == "extra-action":
        end = ()
    seats = list(state.seats)
    seats[seat] = evolve(s, tokens=s.tokens - 1)            # the token flipped, and the turn's end queued
    first = queued(rs, s.adventurer, seat, action) if s.adventurer is not None else None
    if first is not None:                                   # (and the action's one task, in the same state)
        return evolve(state, seats=tuple(seats), agenda=(first, *end, *state.agenda))
    return start_action(rs, evolve(state, seats=tuple(seats), agenda=(*end, *state.agenda)), seat, action)


def queued(rs: Any, adv: Any, seat: int, action: Any) -> Task | None:
    """The one task that starts an action that only queues its work (a Move, a Combat action, a Trade,
    the Soul Monger), for the seat whose adventurer is ``adv``; None for the others (:func:`start_action`)."""
    if isinstance(action, Move):
        return Task("move", seat, rule="secrets.adventurer-phase.move", n=advs.attribute(rs, adv, "movement"))
    if isinstance(action, Fight):
        return fight_task(seat, action.target)
    if isinstance(action, Trade):
        return Task("trade", seat, rule="secrets.adventurer-phase.trade", target=str(action.seat))
    if isinstance(action, Barter):
        return Task("barter", seat, rule="secrets.adventurer-phase.soul-monger-action")
    return None


def start_action(rs: Any, state: SecretsState, seat: int, action: Any) -> SecretsState:
    adv = state.seats[seat].adventurer
    assert adv is not None
    first = queued(rs, adv, seat, action)
    if first is not None:
        return state.push(first)
    if isinstance(action, Search):
        return start_search(rs, state, seat)
    if isinstance(action, Use):
        note("secrets.adventurer-phase.use-items")
        ops = items.card(rs, action.card).use
        return run_ops(items.use_card(rs, state, seat, action.card), seat, ops, "secrets.adventurer-phase.use-items")
    if isinstance(action, Ability):
        return start_ability(rs, state, seat, action.name)
    if isinstance(action, Rest):
        return apply_rest(rs, state, seat, action.option)
    if isinstance(action, PickUp):
        return items.start_pick_up(rs, state, seat)
    if isinstance(action, Steal):
        return start_steal(rs, state, seat, action.target)
    if isinstance(action, PlaceRope):
        return rooms.place_rope(rs, state, seat, "secrets.rooms.place-rope")
    if isinstance(action, SearchArtifact):
        return rooms.start_artifact_search(rs, state, seat)
    if isinstance(action, RoomAction):
        return run_ops(state, seat, rooms.tile(rs, adv.room).action, "secrets.rooms.action-effect")
    if isinstance(action, Climb):
        return rooms.start_climb(rs, state, seat)
    if isinstance(action, Teleport):
        return start_teleport(rs, state, seat, action.room)
    raise AssertionError(f"no rule starts {action!r}")


# --------------------------------------------------------------------------------------------------
# Moving


def move_options(rs: Any, state: SecretsState, t: Task) -> list[Any]:
    adv = state.seats[t.seat].adventurer
    if adv is None:
        return []
    tomb = tomb_of(rs, state.rooms)
    if adv.fleeing:
        # secrets.ambiguity.fleeing-movement=may-stop-early: a Move is 'up to' Movement for the fleeing too,
        # once it has moved a room toward the Entrance
        early = [STOP] if "moved" in t.flags and read(rs.options, "fleeing_movement") == "may-stop-early" else []
        if adv.room == ENTRANCE:
            return [Step(OUT), *early]
        toward = [made_step(r) for r in tomb.toward_entrance(adv.room)]
        if not toward:   # no route to the Entrance (secrets.ambiguity.flee-no-path)
            return [Step(OUT)] if read(rs.options, "flee_no_path") == "fled" else [STOP]
        return [*toward, *early]
    out: list[Any] = [STOP]
    if t.n <= 0:
        return out
    out += [made_step(r) for r in tomb.successors("adventurer", adv.room)]
    r = state.room(adv.room)
    assert r is not None
    out += [Explore(x, y) for name, side, x, y in tomb.open_doors(r.level) if name == adv.room]
    out += [Fall(x, y) for x, y in rooms.fall_targets(rs, state, t.seat)]
    return out


def _move_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    adv = state.seats[t.seat].adventurer
    if adv is None:
        return state.pop()
    if t.n <= 0:
        return end_move(rs, state.pop(), t)
    return None


@implements("secrets.adventurer-phase.move", "secrets.adventurer-phase.move-through-doors",
            "secrets.adventurer-phase.door-icon", "secrets.adventurer-phase.door-both-sides",
            "secrets.adventurer-phase.one-sided-door-is-wall", "secrets.adventurers.movement",
            "secrets.tomb.stairs-levels-1-2", "secrets.tomb.level-3-access", "secrets.adventurer-phase.example-2-move",
            "secrets.reference.action-move", "secrets.rooms.door-comet")
def _move_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    """Move up to Movement rooms through doors (the comet icon on both tiles; stairs and adjacency text and
    ropes join rooms too), exploring a vacant space through a door."""
    options = listed(rs, state, t, seat if seat == t.seat else None, lambda: move_options(rs, state, t))
    adv = state.seats[t.seat].adventurer
    assert adv is not None
    check(action in options, lambda: _move_rule(rs, state, t, action),
          "{!r} is not a move open from {} with {} Movement left", action, adv.room, t.n)
    if isinstance(action, Stop):
        return end_move(rs, state.pop(), t)
    seat_ = t.seat
    if isinstance(action, Step) and adv.fleeing:
        state = state.pop()
        if action.room == OUT:
            note("secrets.ambiguity.flee-no-path" if adv.room != ENTRANCE else "secrets.adventurers.fled")
            return advs.apply_fled(rs, state, seat_)
        stop = state.creatures_in(action.room) and read(rs.options, "fleeing_movement") == "must-stop"
        if not stop:
            state = state.push(evolve(t, n=t.n - 1, flags=(*t.flags, "moved")))
        return advs.arrive_fleeing(rs, state, seat_, action.room)      # its damage and traps come first
    evade = evasion_targets(rs, state, seat_, action)
    rest = evolve(t, n=t.n - 1, flags=(*t.flags, "moved"))
    if isinstance(action, Step):
        then = [Task("step", seat_, rule="secrets.adventurer-phase.move", target=action.room), rest]
    elif isinstance(action, Explore):
        r = state.room(adv.room)
        assert r is not None
        side = next(s for name, s, x, y in tomb_of(rs, state.rooms).open_doors(r.level)
                    if name == adv.room and (x, y) == (action.x, action.y))
        explore = Task("explore", seat_, rule="secrets.adventurer-phase.explore",
                       target=f"{r.level}:{action.x}:{action.y}:{OPPOSITE[side]}", items=(adv.room,))
        then = [explore] + ([] if explore_ends_move(rs) else [rest])
    else:
        then = [Task("fall", seat_, rule="secrets.explore.door-to-nowhere-voluntary")]
    if evade:
        then = [Task("evade-leave", seat_, rule="secrets.adventurer-phase.evade-required", items=tuple(evade)), *then]
    return state.replace_head(*then)        # in place of this move (the head of the agenda)


def _move_rule(rs: Any, state: SecretsState, t: Task, action: Any) -> str:
    """The rule a refused move breaks: fleeing's (a stop once a room is moved: the reading of
    secrets.ambiguity.fleeing-movement that moves as far as it can), the Movement left, exploring's, the
    doors'."""
    adv = state.seats[t.seat].adventurer
    if adv is not None and adv.fleeing and isinstance(action, Stop) and "moved" in t.flags:
        return "secrets.ambiguity.fleeing-movement"
    if adv is not None and adv.fleeing:
        return "secrets.adventurers.flee-must-move"
    if t.n <= 0 and not isinstance(action, Stop):
        return "secrets.adventurer-phase.move"
    if isinstance(action, Explore):
        return "secrets.adventurer-phase.explore"
    if isinstance(action, Fall):
        return "secrets.explore.door-to-nowhere-voluntary"
    if isinstance(action, Step) and adv is not None and _against_one_way(rs, state, adv.room, action.room):
        return "secrets.rooms.stairs-of-blood-one-way"
    if isinstance(action, Step) and adv is not None:
        here, there = state.room(adv.room), state.room(action.room)
        if here is not None and there is not None and here.level == there.level and \
                abs(here.x - there.x) + abs(here.y - there.y) == 1:
            # a placed room beside this one, without a door on both sides: "This icon must be on both the
            # tile you are leaving and entering"
            return "secrets.adventurer-phase.door-both-sides"
    return "secrets.adventurer-phase.move-through-doors"


def _against_one_way(rs: Any, state: SecretsState, here: str, there: str) -> bool:
    """A step from ``here`` to the placed ``there`` whose only link is ``there``'s one-way "Adjacent to"
    text read backwards: "you can only move from the Stairs of Blood up to the Sacrificial Chamber, not in
    reverse" (the reading one-way-up of secrets.ambiguity.rooms-stairs-of-blood-level-3)."""
    tile = rs.components.rooms.get(there)
    return (tile is not None and tile.one_way and tile.adjacent_to == here and state.room(there) is not None
            and read(rs.options, "stairs_of_blood") == "one-way-up")


task("move", run=_move_run, pending=lambda rs, s, t: made.decision(t.seat, "move"),
     legal=lambda rs, s, t, seat: move_options(rs, s, t) if seat == t.seat else [], apply=_move_apply,
     rule=_move_rule)


def explore_ends_move(rs: Any) -> bool:
    """Exploring ends the Move action (secrets.ambiguity.explore-ends-move=ends-move)."""
    return read(rs.options, "explore_ends_move") == "ends-move"


def end_move(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """The move ends; with secrets.ambiguity.rooms-trap-halt=only-when-stopping the room's trap triggers."""
    adv = state.seats[t.seat].adventurer
    if adv is not None and "moved" in t.flags and read(rs.options, "trap_halt") == "only-when-stopping":
        return rooms.enter_room(rs, state, t.seat, adv.room, how="stop")
    return state


@implements("secrets.adventurer-phase.evade-required", "secrets.ambiguity.evade-several-creatures",
            "secrets.ambiguity.evade-to-stop", "secrets.ambiguity.combat-ava-evasion-rating")
def evasion_targets(rs: Any, state: SecretsState, seat: int, action: Any) -> list[str]:
    """What must be evaded to move on: every creature of the room left (each one: per-creature; the
    hardest: per-room-hardest), those of the room entered with the reading on-every-entry, and traitor
    adventurers (whose Evasion rating is half their Movement)."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    rooms_ = [adv.room]
    if isinstance(action, Step) and read(rs.options, "evade_to_stop") == "on-every-entry":
        rooms_.append(action.room)
    out: list[str] = []
    for room in rooms_:
        creatures = [c.key for c in state.creatures_in(room)]
        if len(creatures) > 1 and read(rs.options, "evade_creatures") == "per-room-hardest":
            creatures = [max(creatures, key=lambda k: card(rs, state.creature(k)).evasion)]
        out += creatures
        if read(rs.options, "ava_evasion") == "evading-adventurers":
            out += [f"s{o}" for o in state.seats_in(room) if o != seat and advs.is_traitor(rs, state.seats[o].adventurer)]
    return out


def _evaded_room(state: SecretsState, key: str) -> str | None:
    """The room of a creature or adventurer to evade (None: no longer in the Tomb)."""
    if key.startswith("s"):
        other = state.adventurer(int(key[1:]))
        return None if other is None else other.room
    c = state.creature(key)
    return None if c is None else c.room


def _evasion_difficulty(rs: Any, state: SecretsState, key: str) -> int:
    if key.startswith("s"):
        return advs.evasion_rating(rs, state.adventurer(int(key[1:])))
    return card(rs, state.creature(key)).evasion


def _evade_leave_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    state = state.pop()
    if not t.items or state.seats[t.seat].adventurer is None:
        return state
    room = _evaded_room(state, t.items[0])
    if room is not None and sum(_evaded_room(state, k) == room for k in t.items) > 1 \
            and read(rs.options, "evade_creatures") == "one-roll-each":
        return _evade_room_roll(rs, state, t)
    key, rest = t.items[0], t.items[1:]
    if rest:
        state = state.push(evolve(t, items=rest))
    if key.startswith("s"):
        other = state.adventurer(int(key[1:]))
        if other is None:
            return state
        difficulty = advs.evasion_rating(rs, other)
    else:
        c = state.creature(key)
        if c is None:
            return state
        difficulty = card(rs, c).evasion
    return start_check(rs, state, t.seat, "dexterity", difficulty, passed=(),
                       failed=(Op("evade-failed", name=key),), rule="secrets.adventurer-phase.evade-check")


task("evade-leave", run=_evade_leave_run)


@implements("secrets.ambiguity.evade-several-creatures", "secrets.adventurer-phase.evade-check")
def _evade_room_roll(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """Reading one-roll-each: 'you must Evade them': one Dexterity check for all that is evaded in one room,
    its successes held against each one's Evasion difficulty (the rooms of an on-every-entry step, each its
    own roll)."""
    keys = [k for k in t.items if _evaded_room(state, k) is not None]
    if not keys:
        return state
    room = _evaded_room(state, keys[0])
    here = tuple(k for k in keys if _evaded_room(state, k) == room)
    rest = tuple(k for k in keys if k not in here)
    if rest:
        state = state.push(evolve(t, items=rest))
    adv = state.seats[t.seat].adventurer
    if is_automatic_failure(current(rs, adv, "dexterity"), checked_attribute(rs, adv, "dexterity")):
        note("secrets.dice.zero-pool-fails")      # nothing evaded
        return state.push(Task("evade-failed", t.seat, rule="secrets.adventurer-phase.evade-fail", target=here[0],
                               items=here))
    return start_check(rs, state, t.seat, "dexterity", 0, flags=("result:evade-room",),
                       rule="secrets.adventurer-phase.evade-check", items=here)


def _evade_room_judged(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """The one roll read against each: every creature (or traitor) whose Evasion difficulty its successes
    do not reach is not evaded; if any, the mover stops or takes half of each one's rating."""
    state = state.pop()
    if state.seats[t.seat].adventurer is None:
        return state
    failed = tuple(k for k in t.items if _evaded_room(state, k) is not None
                   and t.n < _evasion_difficulty(rs, state, k))
    if not failed:
        note("secrets.adventurer-phase.evade-success")
        return state
    return state.push(Task("evade-failed", t.seat, rule="secrets.adventurer-phase.evade-fail", target=failed[0],
                           items=failed))


task("evade-room", run=_evade_room_judged)


@continuation("evade-failed")
def _evade_failed(rs: Any, state: SecretsState, seat: int, op: Op) -> SecretsState:
    return state.push(Task("evade-failed", seat, rule="secrets.adventurer-phase.evade-fail", target=op.name))


@implements("secrets.adventurer-phase.evade-check", "secrets.adventurer-phase.evade-success",
            "secrets.adventurer-phase.evade-fail", "secrets.adventurer-phase.evade-differs-from-tomb-phase")
def _evade_failed_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    """A failed evasion: stop moving, or take half the creature's Combat rating (rounded down) and go on."""
    require(isinstance(action, (Stop, Push)), "secrets.adventurer-phase.evade-fail",
            "after a failed evasion, stop or take the damage and keep moving")
    state = state.pop()
    if isinstance(action, Stop):
        while state.agenda and state.agenda[0].seat == t.seat and state.agenda[0].kind in (
                "evade-leave", "step", "move", "explore", "fall", "teleport-to"):
            state = state.pop()
        return state
    return advs.lose_health(state, t.seat, sum(half_rating(rs, state, k) for k in t.items or (t.target,)),
                            "secrets.adventurer-phase.evade-fail")


@implements("secrets.adventurer-phase.evade-fail", "secrets.ambiguity.evade-several-creatures")
def half_rating(rs: Any, state: SecretsState, key: str) -> int:
    """'take damage equal to half the creature's Combat rating, rounded down' (a traitor's: its Evasion
    rating); under per-room-hardest the one check stands for the room, and its failure costs half the
    highest Combat rating there."""
    if key.startswith("s"):
        other = state.adventurer(int(key[1:]))
        return 0 if other is None else advs.evasion_rating(rs, other) // 2
    c = state.creature(key)
    if c is None:
        return 0
    rating = combat_rating(rs, state, c)
    others = state.creatures_in(c.room)
    if len(others) > 1 and read(rs.options, "evade_creatures") == "per-room-hardest":
        rating = max(combat_rating(rs, state, o) for o in others)
    return rating // 2


task("evade-failed", run=lambda rs, s, t: s.pop() if s.seats[t.seat].adventurer is None else None,
     pending=lambda rs, s, t: made.decision(t.seat, "failed to evade"),
     legal=lambda rs, s, t, seat: [STOP, PUSH] if seat == t.seat else [], apply=_evade_failed_apply,
     rule=lambda *a: "secrets.adventurer-phase.evade-fail")


def _step_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    state = state.pop()
    if state.seats[t.seat].adventurer is None:
        return state
    state = state.with_adventurer(t.seat, room=t.target)
    return rooms.enter_room(rs, state, t.seat, t.target, how="move")


task("step", run=_step_run)


def _fall_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    state = state.pop()
    if state.seats[t.seat].adventurer is None:
        return state
    note("secrets.explore.door-to-nowhere-voluntary")
    return rooms.fall(rs, state, t.seat)


task("fall", run=_fall_run)


def start_teleport(rs: Any, state: SecretsState, seat: int, room: str) -> SecretsState:
    """The Arc Portal: with the reading counts-as-move, the creatures of both rooms are evaded first."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    then: list[Task] = [Task("step", seat, rule="secrets.rooms.arc-portal", target=room)]
    if read(rs.options, "arc_portal") == "counts-as-move":
        evade = [c.key for c in (*state.creatures_in(adv.room), *state.creatures_in(room))]
        if evade:
            then = [Task("evade-leave", seat, rule="secrets.ambiguity.rooms-arc-portal-travel", items=tuple(evade)), *then]
    return state.push(*then)


# --------------------------------------------------------------------------------------------------
# Search


@cache
def search_chart() -> dict[int, tuple[str, str, str]]:
    """The Search Chart of the catalog (secrets.reference.search-chart): die roll -> green, yellow, red."""
    rows = table("secrets.reference.search-chart")
    return {r["die_roll"]: (r["tomb_raider_green"], r["fortune_hunter_yellow"], r["glory_seeker_red"]) for r in rows}


def chart_ops(text: str) -> tuple[Op, ...]:
    """One cell of the Search Chart as effects ('Misadventure & Spawn 1 Base Creature', '+2 Item & Take 1
    Artifact', ...)."""
    import re
    out = []
    for part in (p.strip() for p in text.split("&")):
        if part in ("Adventure", "Misadventure"):
            out.append(Op("search-story", name=part.lower()))
        elif m := re.fullmatch(r"Spawn (\d) Base Creatures?", part):
            out.append(Op("search-spawn", amount=int(m.group(1))))
        elif m := re.fullmatch(r"\+(\d) Items?", part):
            out.append(Op("draw", deck="item", amount=int(m.group(1))))
        elif m := re.fullmatch(r"(?:\+|Take )(\d) Artifacts?", part):
            out.append(Op("search-artifact", amount=int(m.group(1)), text=part))
        else:
            raise ValueError(f"Search Chart cell {text!r}: {part!r} is not understood")
    return tuple(out)


@implements("secrets.adventurer-phase.search", "secrets.reference.search-roll-resolve", "secrets.reference.action-search",
            "secrets.ambiguity.audacity-on-non-check-rolls")
def start_search(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    """Roll a die (Audacity cannot change it: checks-only), then the Search Chart."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    state = state.with_room(adv.room, searched=True)
    flags = ("result:search",) + (() if read(rs.options, "audacity_rolls") == "any-roll" else ("no-audacity",))
    return start_check(rs, state, seat, "none", 1, flags=flags, rule="secrets.adventurer-phase.search", pool_size=1)


@implements("secrets.adventurer-phase.search-turn-token", "secrets.adventurer-phase.search-danger",
            "secrets.reference.search-turn-token", "secrets.reference.search-danger", "secrets.reference.search-chart-results",
            "secrets.adventurer-phase.example-searching", "secrets.ambiguity.reference-search-danger-not-monotone")
def _search_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """Resolve the chart's cell for the colour pointing up, then turn the token clockwise (green to
    yellow, yellow to red, red to green)."""
    state = state.pop()
    face = next(f for f in range(1, 7) if t.faces[f - 1])
    colour = state.seats[t.seat].search
    cells = search_chart()[face]
    text = cells[colour]
    if read(rs.options, "search_chart") == "misprint" and face == 1 and colour in (1, 2):
        text = cells[3 - colour]
    state = state.with_seat(t.seat, search=compute_search_turn(colour))
    return run_ops(state, t.seat, chart_ops(text), "secrets.adventurer-phase.search")


def compute_search_turn(colour: int, steps: int = 1) -> int:
    """The Search token turned clockwise ``steps`` times: green to yellow, yellow to red, red to green."""
    return (colour + steps) % len(SEARCH_COLOURS)


task("search", run=_search_run)


@continuation("search-story")
def _search_story(rs: Any, state: SecretsState, seat: int, op: Op) -> SecretsState:
    """secrets.ambiguity.reference-search-story-results=draw-story-card."""
    if read(rs.options, "search_story") == "no-story":
        return state
    return rooms.queue_story(rs, state, seat, op.name, "secrets.reference.search-chart")


@continuation("search-spawn")
def _search_spawn(rs: Any, state: SecretsState, seat: int, op: Op) -> SecretsState:
    """secrets.ambiguity.reference-search-spawn-location=searchers-room."""
    where = "here" if read(rs.options, "search_spawn") == "searchers-room" else "red"
    return queue_spawns(rs, state, seat, "base", op.amount, where, "secrets.reference.search-chart", 0)


@continuation("search-artifact")
def _search_artifact(rs: Any, state: SecretsState, seat: int, op: Op) -> SecretsState:
    """secrets.ambiguity.reference-search-artifact-wording=both-draw; take-chooses lets 'Take' choose."""
    if op.text.startswith("Take") and read(rs.options, "search_artifact") == "take-chooses":
        cards = tuple(state.artifacts.deck.cards())
        if not cards:
            return state
        return state.push(Task("keep", seat, rule="secrets.reference.search-chart", target="artifacts", n=1,
                               items=cards, flags=("from-deck",)))
    return items.queue_draw(rs, state, seat, "artifact", op.amount, 0, "secrets.reference.search-chart")


# --------------------------------------------------------------------------------------------------
# Rest


@implements("secrets.adventurer-phase.rest-heal-health", "secrets.adventurer-phase.rest-heal-courage",
            "secrets.adventurer-phase.rest-heal-both", "secrets.reference.action-rest", "secrets.companions.rest-not-split",
            "secrets.companions.heal-only-rest", "secrets.ambiguity.reference-rest-caps", "secrets.ambiguity.rest-companions")
def apply_rest(rs: Any, state: SecretsState, seat: int, option: str) -> SecretsState:
    """Heal 2 Health (up to starting Health), 2 Courage (up to 0), or 1 of each; or heal a companion
    instead; or remove a status effect a Rest removes."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    kind, _, rest = option.partition(":")
    if kind == "status":
        return remove_status(rs, state, seat, rest)
    if kind == "companion":
        return heal_companion(rs, state, seat, rest, 2)
    heal, calm = {"health": (2, 0), "courage": (0, 2), "both": (1, 1)}[kind]
    cap = 0 if read(rs.options, "rest_caps") == "body-caps" else 10
    health, courage = advs.compute_rest(adv.health, adv.courage, adv.start_health, heal, calm, cap)
    state = state.with_adventurer(seat, health=health)
    state = advs.change_courage(rs, state, seat, courage - adv.courage, "secrets.adventurer-phase.rest")
    if rest:
        state = heal_companion(rs, state, seat, rest, heal + calm)
    if read(rs.options, "status_rest") == "rest-with-preconditions":
        for s in rest_removable(rs, adv):
            state = remove_status(rs, state, seat, s)
    return state


def heal_companion(rs: Any, state: SecretsState, seat: int, name: str, amount: int) -> SecretsState:
    adv = state.seats[seat].adventurer
    assert adv is not None
    top = rs.components.companions[name].health
    comps = tuple(evolve(c, health=min(c.health + amount, top)) if c.name == name else c for c in adv.companions)
    return state.with_adventurer(seat, companions=comps)


# --------------------------------------------------------------------------------------------------
# Stealing


@implements("secrets.adventurer-phase.steal-from-adventurer-difficulty", "secrets.adventurers.dexterity-evade-steal",
            "secrets.adventurers.dexterity")
def start_steal(rs: Any, state: SecretsState, seat: int, target: str) -> SecretsState:
    """The opponent rolls a Dexterity check; its successes (criticals counted) are the thief's difficulty."""
    other = int(target[1:])
    return start_check(rs, state, other, "dexterity", 0, flags=("result:steal-defence",), rule="secrets.adventurer-phase.steal",
                       items=(str(seat),))


def _steal_defence_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    state = state.pop()
    thief = int(t.items[0])
    if state.seats[thief].adventurer is None or t.seat is None or state.seats[t.seat].adventurer is None:
        return state
    return start_check(rs, state, thief, "dexterity", t.n, passed=(Op("steal-won", name=str(t.seat)),),
                       failed=(Op("steal-lost", name=str(t.seat)),), rule="secrets.adventurer-phase.steal")


task("steal-defence", run=_steal_defence_run)


@continuation("steal-won")
def _steal_won(rs: Any, state: SecretsState, seat: int, op: Op) -> SecretsState:
    return _steal_take(rs, state, seat, int(op.name))


@continuation("steal-lost")
def _steal_lost(rs: Any, state: SecretsState, seat: int, op: Op) -> SecretsState:
    """secrets.ambiguity.steal-loser=symmetric: the winning defender takes a card from the thief."""
    if read(rs.options, "steal_loser") == "thief-only":
        return state
    return _steal_take(rs, state, int(op.name), seat)


@implements("secrets.adventurer-phase.steal-winner-takes-card")
def _steal_take(rs: Any, state: SecretsState, winner: int, loser: int) -> SecretsState:
    """The winning adventurer takes one card that can be traded from the other."""
    them = state.seats[loser].adventurer
    if state.seats[winner].adventurer is None or them is None or not items.tradeable(rs, them):
        return state
    return state.push(Task("steal-take", winner, rule="secrets.adventurer-phase.steal-winner-takes-card",
                           target=str(loser)))


@implements("secrets.ambiguity.steal-range-and-choice")
def is_any_range_steal(rs: Any) -> bool:
    """A steal reaches an adventurer in any room (any-range-random, any-range-chosen), not only the thief's."""
    return read(rs.options, "steal_range") in ("any-range-random", "any-range-chosen")


@implements("secrets.ambiguity.steal-range-and-choice")
def is_random_steal(rs: Any) -> bool:
    """The card a won steal takes is drawn at random (any-range-random, same-room-random), not chosen."""
    return read(rs.options, "steal_range") in ("any-range-random", "same-room-random")


def _steal_take_pending(rs: Any, state: SecretsState, t: Task) -> Pending:
    if is_random_steal(rs):
        return made.chance("card stolen")
    return made.decision(t.seat, "take a card")


def _steal_cards(rs: Any, state: SecretsState, t: Task) -> list[str]:
    them = state.adventurer(int(t.target))
    return [] if them is None else items.tradeable(rs, them)


def _steal_take_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    card = getattr(action, "card", None)
    require(isinstance(action, (Take, Drawn)) and card in _steal_cards(rs, state, t),
            "secrets.adventurer-phase.steal-winner-takes-card", "take one tradeable card of the other adventurer")
    return items.transfer(rs, state.pop(), int(t.target), t.seat, card)


def _steal_take_chance(rs: Any, state: SecretsState, t: Task) -> Any:
    if not is_random_steal(rs):
        return None
    return Outcomes.uniform([Drawn(c) for c in _steal_cards(rs, state, t)])


task("steal-take", run=lambda rs, s, t: s.pop() if s.seats[t.seat].adventurer is None or not _steal_cards(rs, s, t) else None,
     pending=_steal_take_pending, chance=_steal_take_chance,
     legal=lambda rs, s, t, seat: [Take(c) for c in _steal_cards(rs, s, t)]
     if seat == t.seat and _steal_take_chance(rs, s, t) is None else [],
     apply=_steal_take_apply, rule=lambda *a: "secrets.adventurer-phase.steal-winner-takes-card")


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from ...chance import Outcomes  # noqa: E402
from ..actions import Drawn  # noqa: E402
from .abilities import ability_rule, start_ability, usable_abilities  # noqa: E402
from .combat import fight_task  # noqa: E402
from .creatures import card, combat_rating  # noqa: E402
from .adventurers import attribute as current, checked_attribute  # noqa: E402
from .dice_checks import is_automatic_failure, start_check  # noqa: E402
from .engine import table  # noqa: E402
from .status import remove_status, rest_removable  # noqa: E402
from .tomb_phase import queue_spawns  # noqa: E402
