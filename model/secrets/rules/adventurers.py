"""The Adventurers: attributes, Health and dying, Courage and fleeing, saving a fleeing adventurer, and
Audacity's cap (rulebook: The Adventurers; Dice and Dice Checks for Audacity).

The numeric cores (``compute_*``) are written over :mod:`tombspec.model.numeric` so that
``invariants.py`` proves the bounds with z3 over the very functions the rules call.
"""

from __future__ import annotations

from typing import Any

from ...effects import GAME, Effect, add
from ...numeric import clamp, if_, max_, min_
from ..options import read
from ...ruleset import Pending
from ...traceability import implements, note, require
from ..actions import DECLINE, DONE
from ..actions import Choose, Decline, Step
from ..components import AdventurerSheet
from ..state import ENTRANCE, Adventurer, Companion, Held, SecretsState, Task, evolve
from .engine import check, listed, made, task

COURAGE_MIN, COURAGE_MAX = -10, 10
AUDACITY_MAX = 10
FLEE_AT = -10


# --------------------------------------------------------------------------------------------------
# Numeric cores (ints and z3 terms alike)


@implements("secrets.adventurers.health-cap")
def compute_health(health: Any, delta: Any, start: Any) -> Any:
    """Health after a change: never above starting Health, never below 0."""
    return clamp(health + delta, 0, start)


@implements("secrets.adventurers.courage-range")
def compute_courage(courage: Any, delta: Any) -> Any:
    """Courage after a change, within -10..+10 (secrets.ambiguity.courage-beyond-range=clamp)."""
    return clamp(courage + delta, COURAGE_MIN, COURAGE_MAX)


@implements("secrets.dice.audacity-max-10")
def compute_audacity(audacity: Any, delta: Any, floor: Any = 0) -> Any:
    """Audacity after a change: never above 10; never below ``floor`` (0, secrets.ambiguity.audacity-floor)."""
    return min_(max_(audacity + delta, floor), AUDACITY_MAX)


@implements("secrets.adventurers.courage-plus-10-bonus", "secrets.adventurers.courage-plus-10-once")
def is_plus_ten_gained(before: Any, after: Any, had: Any) -> Any:
    """The one-time +10 bonus is gained on attaining +10, once per adventurer."""
    return all_(after >= COURAGE_MAX, before < COURAGE_MAX, not_(had))


@implements("secrets.adventurers.courage-minus-10-flee", "secrets.adventurers.courage-minus-10-every-time")
def is_flee_reached(before: Any, after: Any, at: Any = FLEE_AT) -> Any:
    """Reaching the Flee Tomb space (from above) makes the adventurer flee, every time."""
    return all_(after <= at, before > at)


def compute_rest(health: Any, courage: Any, start: Any, heal: Any, calm: Any, courage_cap: Any = 0) -> Any:
    """Rest: heal ``heal`` Health up to starting Health and ``calm`` Courage up to 0 (only a negative
    Courage rises; secrets.ambiguity.reference-rest-caps=body-caps)."""
    new_h = compute_health(health, heal, start)
    new_c = if_(courage < courage_cap, min_(courage + calm, courage_cap), courage)
    return new_h, new_c


# --------------------------------------------------------------------------------------------------
# Attributes


def sheet(rs: Any, adv: Adventurer) -> AdventurerSheet:
    return rs.components.adventurers[adv.name]


@implements("secrets.items.attribute-bonus-cards", "secrets.items.passive-abilities",
            "secrets.items.passive-not-exhausted", "secrets.items.passive-possession",
            "secrets.adventurers.courage-effects", "secrets.adventurers.courage-effects-immediate",
            "secrets.adventurers.flee-plus-movement", "secrets.rooms.plus-minus-x")
def bonuses(rs: Any, adv: Adventurer, attribute: str, *, tokens: bool = True) -> int:
    """Every bonus to ``attribute``: Attribute Bonus tokens, the cards possessed (passive, exhausted or
    not), companions, status effects, the Courage track's effects, and fleeing's +1 Movement."""
    total = adv.bonus(attribute) if tokens else 0
    comps = rs.components
    for h in adv.cards:
        card = comps.cards[h.name]
        total += sum(n for a, n in card.bonuses if a == attribute)
    for c in adv.companions:
        total += sum(n for a, n in comps.companions[c.name].bonuses if a == attribute)
    for s in adv.status:
        total += sum(n for a, n in comps.statuses[s].bonuses if a == attribute)
    total += courage_bonus(rs, adv, attribute)
    if attribute == "movement" and adv.fleeing:
        total += 1
    return total


@implements("secrets.adventurers.courage-effects-cumulative")
def courage_bonus(rs: Any, adv: Adventurer, attribute: str) -> int:
    """The Courage track's effects now in force (secrets.ambiguity.courage-effects-cumulative=
    thresholds-stack: every space between 0 and the current value; per-arrival adds tokens instead)."""
    if rs.options.courage_effects == "per-arrival":
        return 0
    total = 0
    for space in sheet(rs, adv).courage_track:
        if (space.at > 0 and adv.courage >= space.at) or (space.at < 0 and adv.courage <= space.at):
            total += sum(n for a, n in space.bonuses if a == attribute)
    return total


def attribute(rs: Any, adv: Adventurer, name: str) -> int:
    """The current score of an attribute (printed, plus every bonus; secrets.ambiguity.fixed-attributes
    =printed-plus-tokens counts the tokens as part of the attribute)."""
    if name == "audacity":
        return adv.audacity
    if name == "none":
        return 1
    return max(sheet(rs, adv).attribute(name) + bonuses(rs, adv, name), 0)


def checked_attribute(rs: Any, adv: Adventurer, name: str) -> int:
    """The checked attribute as 'reduces the checked attribute ... to 0' reads it: with the reading
    printed-plus-modifier only the printed score (and courage/fleeing changes) is the attribute."""
    if name in ("audacity", "none"):
        return attribute(rs, adv, name)
    if read(rs.options, "attributes") == "printed-plus-modifier":
        return max(sheet(rs, adv).attribute(name), 0)
    return attribute(rs, adv, name)


def evasion_rating(rs: Any, adv: Adventurer) -> int:
    """secrets.combat.ava-evasion-rating: half Movement, rounded down."""
    note("secrets.combat.ava-evasion-rating")
    return attribute(rs, adv, "movement") // 2


def is_traitor(rs: Any, adv: Adventurer | None) -> bool:
    """secrets.status.traitor-win: a Fully Infected adventurer is a traitor."""
    return adv is not None and bool(adv.status) and any(rs.components.statuses[s].traitor for s in adv.status)


# --------------------------------------------------------------------------------------------------
# A new adventurer


@implements("secrets.setup.starting-cards", "secrets.setup.special-ability-tokens", "secrets.setup.infinity-needs-no-token",
            "secrets.setup.full-allotment", "secrets.setup.starting-dials", "secrets.setup.standees-on-entrance",
            "secrets.adventurers.new-adventurer-setup", "secrets.setup.example-heidi-phd-tokens")
def new_adventurer(rs: Any, sheet_: AdventurerSheet, extra_audacity: int) -> Adventurer:
    """An adventurer set up from its sheet on the Tomb's Entrance: starting Health, Audacity and Courage
    (kept in state: secrets.ambiguity.starting-values-hidden), starting cards, every limited ability's
    full allotment of Special Ability tokens (none for the infinity symbol)."""
    audacity = sheet_.audacity + extra_audacity
    if read(rs.options, "extra_audacity") == "capped":
        audacity = compute_audacity(sheet_.audacity, extra_audacity)
    return Adventurer(
        name=sheet_.name, room=ENTRANCE, health=sheet_.health, start_health=sheet_.health,
        audacity=max(audacity, 0), courage=sheet_.courage, start_courage=sheet_.courage,
        cards=tuple(Held(c, origin="start") for c in sheet_.items), status=tuple(sheet_.status),
        tokens=tuple((a.name, a.uses) for a in sheet_.abilities if a.uses))


def available_sheets(rs: Any, state: SecretsState) -> list[str]:
    """Adventurer sheets that may still be chosen: not in play, not dead or fled; Lord Harrison only in
    Solo Play (secrets.ambiguity.lord-harrison-outside-solo=forbidden)."""
    used = set(state.gone) | {s.adventurer.name for s in state.seats if s.adventurer is not None}
    out = []
    for name, sh in rs.components.adventurers.items():
        if name in used:
            continue
        if sh.solo_only and rs.num_players > 1 and read(rs.options, "lord_harrison") == "forbidden":
            continue
        out.append(name)
    return out


def can_choose(rs: Any, state: SecretsState, name: str, *,
               taken: str = "secrets.adventurers.choose-new-adventurer") -> str | None:
    """None if ``name`` may be chosen now, else the rule it breaks; ``taken`` for a sheet in play, dead or
    fled: after dying, "a new adventurer that has not yet died or fled the Tomb"; at Game Setup, where
    nobody has died, "each player ... chooses an Adventurer sheet" (one sheet each, ``setup.py``)."""
    if name not in rs.components.adventurers:
        return "secrets.setup.choose-adventurers"
    sh = rs.components.adventurers[name]
    if sh.solo_only and rs.num_players > 1 and read(rs.options, "lord_harrison") == "forbidden":
        return "secrets.setup.lord-harrison-solo-only"
    if name not in available_sheets(rs, state):
        return taken
    return None


# --------------------------------------------------------------------------------------------------
# Health, damage and dying


def lose_health(state: SecretsState, seat: int, amount: int, rule: str) -> SecretsState:
    """Queue ``amount`` damage to the adventurer of ``seat`` (companions may take it)."""
    if amount <= 0:
        return state
    return state.push(Task("damage", seat, rule=rule, n=amount))


def heal(state: SecretsState, seat: int, amount: int) -> SecretsState:
    adv = state.seats[seat].adventurer
    if adv is None:
        return state
    return state.with_adventurer(seat, health=compute_health(adv.health, amount, adv.start_health))


@implements("secrets.companions.no-item-healing", "secrets.companions.heal-only-rest",
            "secrets.ambiguity.companions-healing")
def heal_effect(rs: Any, state: SecretsState, seat: int, amount: int) -> SecretsState:
    """An effect heals the adventurer: companions may not be healed by items, artifacts or any other game
    effects (secrets.ambiguity.companions-healing=rest-only); as-adventurer lets it heal a companion."""
    adv = state.seats[seat].adventurer
    if adv is None:
        return state
    hurt = [c.name for c in adv.companions if c.health < rs.components.companions[c.name].health]
    if hurt and read(rs.options, "companions_healing") == "as-adventurer":
        return state.push(Task("tend", seat, rule="secrets.ambiguity.companions-healing", n=amount))
    return heal(state, seat, amount)


def _tend_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    adv = state.seats[t.seat].adventurer
    if seat != t.seat or adv is None:
        return []
    hurt = [c.name for c in adv.companions if c.health < rs.components.companions[c.name].health]
    return [Tend(""), *(Tend(c) for c in dict.fromkeys(hurt))]


def _tend_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(action in listed(rs, state, t, seat, lambda: _tend_legal(rs, state, t, seat if seat is not None else -1)),
            "secrets.ambiguity.companions-healing", "heal yourself or one of your hurt companions")
    state = state.pop()
    if not action.companion:
        return heal(state, t.seat, t.n)
    return heal_companion(rs, state, t.seat, action.companion, t.n)


task("tend", run=lambda rs, s, t: s.pop() if s.seats[t.seat].adventurer is None else None,
     pending=lambda rs, s, t: made.decision(t.seat, "heal whom"), legal=_tend_legal, apply=_tend_apply,
     rule=lambda *a: "secrets.ambiguity.companions-healing")


@implements("secrets.companions.redirect-damage")
def _damage_pending(rs: Any, state: SecretsState, t: Task) -> Pending:
    return made.decision(t.seat, "redirect damage")


def _living_companions(adv: Adventurer) -> tuple[Companion, ...]:
    return tuple(c for c in adv.companions if c.health > 0)


def _damage_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    adv = state.seats[t.seat].adventurer
    if adv is None or t.n <= 0:
        return state.pop()
    if _living_companions(adv) and "decided" not in t.flags:
        return None   # the adventurer decides how much each companion takes
    return apply_health_loss(rs, state.pop(), t.seat, t.n, t.rule)


def _damage_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    adv = state.seats[t.seat].adventurer
    if seat != t.seat or adv is None:
        return []
    out: list[Any] = [DONE]
    mode = read(rs.options, "redirect")
    for c in _living_companions(adv):
        if c.name in t.items:
            continue
        if mode == "any-portion-capped":
            out.extend(Redirect(c.name, k) for k in range(1, min(t.n, c.health) + 1))
        elif mode == "any-portion-lost":       # any part of it, past the companion's Health too
            out.extend(Redirect(c.name, k) for k in range(1, t.n + 1))
        else:
            out.append(Redirect(c.name, t.n))
    return out


@implements("secrets.companions.death", "secrets.ambiguity.companions-redirect")
def _damage_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    legal = listed(rs, state, t, seat, lambda: _damage_legal(rs, state, t, seat if seat is not None else -1))
    check(action in legal, lambda: _redirect_rule(rs, state, t, action),
          "{!r} does not redirect damage onto a living companion of this adventurer", action)
    if isinstance(action, Done):
        return state.replace_head(evolve(t, flags=(*t.flags, "decided")))
    assert isinstance(action, Redirect)
    adv = state.seats[t.seat].adventurer
    assert adv is not None
    comps = list(adv.companions)
    i = next(i for i, c in enumerate(comps) if c.name == action.companion and c.health > 0)
    left = comps[i].health - action.amount
    if left <= 0:
        note("secrets.companions.death")
        del comps[i]
        state = evolve(state, companions=evolve(state.companions,
                                                            discard=state.companions.discard.add(action.companion)))
    else:
        comps[i] = evolve(comps[i], health=left)
    state = state.with_adventurer(t.seat, companions=tuple(comps))
    rest = t.n - action.amount if read(rs.options, "redirect") in ("any-portion-capped", "any-portion-lost") else 0
    state = state.pop()
    if rest > 0:
        state = state.push(evolve(t, n=rest, items=(*t.items, action.companion)))
    else:
        state = state.push(evolve(t, n=0))
    return _mark_damage_dealt(state, t)


def _mark_damage_dealt(state: SecretsState, t: Task) -> SecretsState:
    """Damage redirected to a companion still counts as dealt (critical-failure trigger)."""
    return state


def _redirect_rule(rs: Any, state: SecretsState, t: Task, action: Any) -> str:
    """A refused redirect: onto a living companion of the adventurer, a part of the damage taken ('any
    damage they would receive onto the companion'); within those, what the reading of
    secrets.ambiguity.companions-redirect forbids (under any-portion-capped more than the companion's
    Health, or a second part onto one companion; under any-portion-lost a second part onto one companion;
    under all-or-nothing-lost anything but the whole)."""
    adv = state.seats[t.seat].adventurer
    if not isinstance(action, Redirect) or adv is None or action.amount < 1 or action.amount > t.n or \
            action.companion not in {c.name for c in _living_companions(adv)}:
        return "secrets.companions.redirect-damage"
    return "secrets.ambiguity.companions-redirect"


task("damage", run=_damage_run, pending=_damage_pending, legal=_damage_legal, apply=_damage_apply,
     rule=_redirect_rule)


def discard_companion(state: SecretsState, seat: int, name: str) -> SecretsState:
    """A companion of the adventurer of ``seat`` goes to the discard pile."""
    piles = evolve(state.companions, discard=state.companions.discard.add(name))
    out = evolve(state, companions=piles)
    adv = out.seats[seat].adventurer
    assert adv is not None
    comps = list(adv.companions)
    comps.remove(next(c for c in comps if c.name == name))
    return out.with_adventurer(seat, companions=tuple(comps))


def apply_health_loss(rs: Any, state: SecretsState, seat: int, amount: int, rule: str) -> SecretsState:
    adv = state.seats[seat].adventurer
    if adv is None:
        return state
    health = compute_health(adv.health, -amount, adv.start_health)
    state = state.with_adventurer(seat, health=health)
    if health <= 0:
        return begin_death(rs, state, seat, "secrets.adventurers.death-at-zero-health")
    return state


def begin_death(rs: Any, state: SecretsState, seat: int, rule: str) -> SecretsState:
    """Queue the death of the adventurer of ``seat`` (Lord Harrison's rule may stop it)."""
    return state.push(Task("die", seat, rule=rule))


def _die_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    adv = state.seats[t.seat].adventurer
    if adv is None:
        return state.pop()
    if harrison_rule_applies(rs, state, t.seat, "die", t.rule):
        return harrison_saves(rs, state.pop(), t.seat, "die")
    return apply_death(rs, state.pop(), t.seat)


task("die", run=_die_run)


@implements("secrets.adventurers.death-at-zero-health", "secrets.adventurers.death-standee-item-drop",
            "secrets.adventurers.death-discard-and-set-aside", "secrets.adventurers.death-advances-comet")
def apply_death(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    """The adventurer dies: standee on its side, an Item Drop token with its Items and Artifacts (Soul
    Monger items too), its Companions discarded, and the Comet track advances once
    (secrets.ambiguity.death-comet-once-or-twice=once)."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    state = drop_everything(rs, state, seat, dead=True)
    state = leave_game(state, seat)
    for _ in range(death_advances(rs)):
        state = move_comet(rs, state, 1, "secrets.adventurers.death-advances-comet")
    return after_removal(rs, state, seat)


def leave_game(state: SecretsState, seat: int) -> SecretsState:
    """The adventurer leaves the game: its status effects and tokens with it (secrets.ambiguity.death-
    other-possessions=items-rule-only: the status cards go to the box)."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    state = state.with_seat(seat, adventurer=None)
    return evolve(state, gone=(*state.gone, adv.name), boxed=(*state.boxed, *adv.status))


def death_advances(rs: Any) -> int:
    """How often a death advances the Comet track: once (secrets.ambiguity.death-comet-once-or-twice)."""
    return 2 if read(rs.options, "death_comet") == "twice" else 1


def drop_everything(rs: Any, state: SecretsState, seat: int, *, dead: bool) -> SecretsState:
    """Discard all Companion cards; set aside all Item and Artifact cards under an Item Drop token."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    for c in adv.companions:
        state = discard_companion(state, seat, c.name)
    adv = state.seats[seat].adventurer
    assert adv is not None
    room = state.room(adv.room)
    assert room is not None
    cards = tuple(evolve(h, origin=h.origin if h.origin == "set-aside" else "dropped", owner=adv.name)
                  for h in adv.cards)
    shards = 0
    if dead and read(rs.options, "death_possessions") == "shards-dropped":
        shards = adv.shards
    state = state.with_room(room.name, drop=(*room.drop, *cards), shards=room.shards + shards)
    return state.with_adventurer(seat, cards=(), companions=(), shards=adv.shards - shards)


@implements("secrets.adventurers.choose-new-adventurer", "secrets.tomb-phase.lose-when-no-adventurers")
def after_removal(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    """After a death or flight: the player may choose a new adventurer (secrets.ambiguity.replacement-
    timing: at once or next round); with none left anywhere, the adventurers lose
    (secrets.ambiguity.loss-check-and-pool=immediate-shared-pool)."""
    if available_sheets(rs, state):
        if read(rs.options, "replacement_timing") == "immediately":
            state = after_comet_triggers(state, Task("recruit", seat, rule="secrets.adventurers.choose-new-adventurer"))
        else:
            state = evolve(state, effects=add(state.effects, Effect(
                "recruit", "secrets.adventurers.choose-new-adventurer", until=GAME, player=seat)))
    else:
        state = state.with_seat(seat, out=True)
    return check_end(rs, state, "removal")


def after_comet_triggers(state: SecretsState, task: Task) -> SecretsState:
    """Queue ``task`` next, but after the Comet track's scenario effects the death or flight just queued:
    'Comet Track triggers and other effects that trigger with the Comet Track, occur immediately each time
    the Comet Track changes' (the new adventurer is chosen 'After dying')."""
    n = 0
    while n < len(state.agenda) and state.agenda[n].kind == "op" and \
            state.agenda[n].rule == "secrets.scenarios.comet-triggers-immediate":
        n += 1
    return evolve(state, agenda=(*state.agenda[:n], task, *state.agenda[n:]))


def _recruit_pending(rs: Any, state: SecretsState, t: Task) -> Pending:
    return made.decision(t.seat, "choose a new adventurer")


def _recruit_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    if seat != t.seat:
        return []
    return [*(Choose(n) for n in available_sheets(rs, state)), DECLINE]


def _recruit_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(isinstance(action, (Choose, Decline)), "secrets.adventurers.choose-new-adventurer",
            "choose a new adventurer or decline")
    if isinstance(action, Decline):
        return check_end(rs, state.pop().with_seat(t.seat, out=True), "removal")
    rule = can_choose(rs, state, action.adventurer)
    require(rule is None, rule or "", "{!r} cannot be chosen", action.adventurer)
    return seat_adventurer(rs, state.pop(), t.seat, action.adventurer, replacement=True)


def _recruit_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    if state.seats[t.seat].adventurer is not None:
        return state.pop()
    if not available_sheets(rs, state):
        return check_end(rs, state.pop().with_seat(t.seat, out=True), "removal")
    return None


def _recruit_rule(rs: Any, state: SecretsState, t: Task, action: Any) -> str:
    if isinstance(action, Choose):
        return can_choose(rs, state, action.adventurer) or "secrets.adventurers.choose-new-adventurer"
    return "secrets.adventurers.choose-new-adventurer"


task("recruit", run=_recruit_run, pending=_recruit_pending, legal=_recruit_legal, apply=_recruit_apply,
     rule=_recruit_rule)


# --------------------------------------------------------------------------------------------------
# Courage


def flee_space(rs: Any, adv: Adventurer) -> int:
    """The space titled "Flee Tomb" (secrets.ambiguity.minus-10-usually-flee: the sheet decides,
    normally -10)."""
    if read(rs.options, "flee_space") == "always-minus-10":
        return FLEE_AT
    spaces = [s.at for s in sheet(rs, adv).courage_track if s.flee]
    return max(spaces) if spaces else FLEE_AT


@implements("secrets.adventurers.courage-range", "secrets.adventurers.courage-plus-10-bonus",
            "secrets.adventurers.courage-plus-10-kept", "secrets.adventurers.courage-plus-10-once",
            "secrets.adventurers.courage-minus-10-flee", "secrets.adventurers.courage-minus-10-every-time")
def change_courage(rs: Any, state: SecretsState, seat: int, delta: int, rule: str) -> SecretsState:
    """Courage changes by ``delta`` within -10..+10; attaining +10 the first time gives the one-time
    bonus, kept below +10; reaching the Flee Tomb space starts fleeing, every time."""
    adv = state.seats[seat].adventurer
    if adv is None or delta == 0:
        return state
    before = adv.courage
    mode = read(rs.options, "courage_range")
    if mode == "overflow-tracked":
        raw = before + adv.courage_excess + delta
        after = compute_courage(raw, 0)
        state = state.with_adventurer(seat, courage=after, courage_excess=raw - after)
    else:
        after = compute_courage(before, delta)
        state = state.with_adventurer(seat, courage=after)
    if read(rs.options, "courage_effects") == "per-arrival":
        state = _arrival_bonuses(rs, state, seat, before, after)
    if is_plus_ten_gained(before, after, adv.plus_ten):
        state = state.with_adventurer(seat, plus_ten=True)
        state = run_ops(state, seat, sheet(rs, adv).plus_ten, "secrets.adventurers.courage-plus-10-bonus")
    if is_flee_reached(before, after, flee_space(rs, adv)) and not adv.fleeing:
        state = state.push(Task("flee", seat, rule="secrets.adventurers.courage-minus-10-flee"))
    return state


def _arrival_bonuses(rs: Any, state: SecretsState, seat: int, before: int, after: int) -> SecretsState:
    """secrets.ambiguity.courage-effects-cumulative=per-arrival: each arrival on a space adds its effect."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    tokens = dict(adv.bonuses)
    for space in sheet(rs, adv).courage_track:
        arrived = (space.at > 0 and before < space.at <= after) or (space.at < 0 and after <= space.at < before)
        if arrived:
            for a, n in space.bonuses:
                tokens[a] = tokens.get(a, 0) + n
    return state.with_adventurer(seat, bonuses=tuple(sorted((a, n) for a, n in tokens.items() if n)))


def change_audacity(rs: Any, state: SecretsState, seat: int, delta: int) -> SecretsState:
    adv = state.seats[seat].adventurer
    if adv is None:
        return state
    floor = 0 if read(rs.options, "audacity_floor") == "floor-0" else -AUDACITY_MAX
    return state.with_adventurer(seat, audacity=compute_audacity(adv.audacity, delta, floor))


# --------------------------------------------------------------------------------------------------
# Fleeing the Tomb


def _flee_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    adv = state.seats[t.seat].adventurer
    if adv is None or adv.fleeing:
        return state.pop()
    if harrison_rule_applies(rs, state, t.seat, "flee", t.rule):
        return harrison_saves(rs, state.pop(), t.seat, "flee")
    return begin_fleeing(rs, state.pop(), t.seat)


task("flee", run=_flee_run)


@implements("secrets.adventurers.flee-start", "secrets.adventurers.flee-state", "secrets.adventurers.flee-first-move")
def begin_fleeing(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    """Discard all Companions, place an Item Drop token with the Items and Artifacts set aside, move one
    room toward the Tomb's Entrance by the shortest path (the player chooses between equidistant
    paths); the adventurer is now fleeing."""
    state = drop_everything(rs, state, seat, dead=False)
    state = state.with_adventurer(seat, fleeing=True)
    adv = state.seats[seat].adventurer
    assert adv is not None
    if adv.room == ENTRANCE:
        if read(rs.options, "flee_from_entrance") == "immediately":
            return apply_fled(rs, state, seat)
        note("secrets.ambiguity.flee-from-entrance")
        return state
    return state.push(Task("flee-step", seat, rule="secrets.adventurers.flee-first-move"))


def _flee_step_options(rs: Any, state: SecretsState, seat: int) -> tuple[str, ...]:
    adv = state.seats[seat].adventurer
    if adv is None:
        return ()
    return tomb_of(rs, state.rooms).toward_entrance(adv.room)


def _flee_step_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    options = _flee_step_options(rs, state, t.seat)
    if len(options) == 1:
        return arrive_fleeing(rs, state.pop(), t.seat, options[0], first=True)
    if not options:
        return state.pop()
    return None


def _flee_step_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    return [Step(r) for r in _flee_step_options(rs, state, t.seat)] if seat == t.seat else []


def _flee_step_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(isinstance(action, Step) and action.room in _flee_step_options(rs, state, t.seat),
            "secrets.adventurers.flee-equidistant-choice", "a fleeing adventurer moves toward the Tomb's Entrance "
            "by a shortest path")
    note("secrets.adventurers.flee-equidistant-choice")
    return arrive_fleeing(rs, state.pop(), t.seat, action.room, first=True)


task("flee-step", run=_flee_step_run, pending=lambda rs, s, t: made.decision(t.seat, "flee toward the Entrance"),
     legal=_flee_step_legal, apply=_flee_step_apply, rule=lambda *a: "secrets.adventurers.flee-equidistant-choice")


@implements("secrets.adventurers.flee-creature-damage")
def fleeing_damage(rs: Any, state: SecretsState, room: str) -> int:
    """Half of each creature's Combat rating, rounded down (secrets.ambiguity.flee-damage-rounding)."""
    ratings = [combat_rating(rs, state, c, "flee") for c in state.creatures_in(room)]
    if read(rs.options, "flee_damage") == "total":
        return sum(ratings) // 2
    return sum(r // 2 for r in ratings)


def arrive_fleeing(rs: Any, state: SecretsState, seat: int, room: str, *, first: bool = False) -> SecretsState:
    """The fleeing adventurer enters ``room``: damage from its creatures (the immediate first move too,
    secrets.ambiguity.flee-first-move=free-with-damage); traps trigger on entering."""
    state = state.with_adventurer(seat, room=room)
    damage = fleeing_damage(rs, state, room)
    if first and read(rs.options, "flee_first_move") == "free-no-damage":
        damage = 0
    state = enter_room(rs, state, seat, room, how="flee")
    return lose_health(state, seat, damage, "secrets.adventurers.flee-creature-damage")


@implements("secrets.adventurers.fled", "secrets.adventurers.flee-advances-comet")
def apply_fled(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    """Moving again from the Tomb's Entrance: the adventurer has fled, removed as if she had died; the
    Comet track advances once (secrets.ambiguity.fled-as-if-died)."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    if adv.cards or adv.companions:
        state = drop_everything(rs, state, seat, dead=False)
    state = leave_game(state, seat)
    times = 2 if read(rs.options, "fled_as_if_died") == "two-advances" else 1
    for _ in range(times):
        state = move_comet(rs, state, 1, "secrets.adventurers.flee-advances-comet")
    return after_removal(rs, state, seat)


@implements("secrets.adventurers.save-fleeing", "secrets.adventurers.save-no-action-token")
def can_save(rs: Any, state: SecretsState, saver: int, seat: int) -> str | None:
    """A calm adventurer sharing a room with a fleeing one may spend 1 Audacity (no Action token)."""
    me, other = state.seats[saver].adventurer, state.seats[seat].adventurer if 0 <= seat < len(state.seats) else None
    if me is None or other is None or saver == seat or not other.fleeing:
        return "secrets.adventurers.save-fleeing"
    if me.fleeing or me.room != other.room:
        return "secrets.adventurers.save-fleeing"
    if me.audacity < 1:
        return "secrets.adventurers.save-fleeing"       # "the calm adventurer may spend 1 Audacity point"
    return None


def apply_save(rs: Any, state: SecretsState, saver: int, seat: int) -> SecretsState:
    state = change_audacity(rs, state, saver, -1)
    adv = state.seats[seat].adventurer
    assert adv is not None
    state = state.with_adventurer(seat, fleeing=False)
    state = change_courage(rs, state, seat, 1, "secrets.adventurers.save-fleeing")
    if read(rs.options, "saved_items") == "returned":
        room = state.room(adv.room)
        assert room is not None
        mine = tuple(h for h in room.drop if h.owner == adv.name)
        if mine:
            note("secrets.ambiguity.saved-adventurer-items")
            state = state.with_room(room.name, drop=tuple(h for h in room.drop if h.owner != adv.name))
            again = state.seats[seat].adventurer
            assert again is not None
            state = state.with_adventurer(seat, cards=(*again.cards, *(evolve(h, origin="", owner="")
                                                                        for h in mine)))
    return state


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from ...numeric import all_, not_  # noqa: E402
from ..actions import Done, Redirect, Tend  # noqa: E402
from ..board import tomb_of  # noqa: E402
from .adventurer_phase import heal_companion  # noqa: E402
from .components_ops import run_ops  # noqa: E402
from .creatures import combat_rating  # noqa: E402
from .rooms import enter_room  # noqa: E402
from .scenarios import check_end, move_comet  # noqa: E402
from .setup import seat_adventurer  # noqa: E402
from .solo import harrison_rule_applies, harrison_saves  # noqa: E402
