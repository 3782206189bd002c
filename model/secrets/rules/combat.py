"""Combat: evading (Tomb Phase only), losing Courage once per creature, the dice pool (weapons, hands,
checked attributes, armor slots, fisticuffs, the outnumber bonus up to 4), damage both ways and
criticals, critical failures, Soul Shards and Courage regained on a kill, area combat, creature versus
creature and adventurer versus adventurer.

A combat is the state's ``combat`` (:class:`~tombspec.model.secrets.state.Combat`) while these tasks run, in order:
``combat`` (start) -> ``combat-evade`` (Tomb Phase: Evade or Stand) -> ``combat-courage`` -> ``brace``
(adventurer versus adventurer: the defender's Audacity, weapons and armor) -> ``combat-gear`` (Wield) -> the combat check
(``check`` with the result ``combat-roll``) -> ``combat-roll`` (damage, criticals, death).
"""

from __future__ import annotations

from typing import Any

from ...effects import SCENARIO, Effect, add
from ...numeric import clamp, max_
from ..options import read
from ...traceability import implements, note, require
from ..actions import DONE, EVADE, STAND
from ..actions import Brace, Command, Done, Evade, Retreat, Stand, Wield
from ..components import Op
from ..state import Combat, SecretsState, Task, evolve
from . import adventurers as advs
from . import items
from .components_ops import continuation, run_ops
from .creatures import card as creature_card
from .creatures import combat_rating, creature_killed, damage_creature, outnumber_weight
from .engine import check, listed, made, task

OUTNUMBER_MAX = 4


# --------------------------------------------------------------------------------------------------
# Numeric cores


@implements("secrets.combat.outnumber-amount", "secrets.combat.outnumber-applies")
def compute_outnumber(adventurers: Any, creatures: Any) -> Any:
    """One bonus die per adventurer exceeding the creatures, up to 4."""
    return clamp(adventurers - creatures, 0, OUTNUMBER_MAX)


@implements("secrets.combat.defense", "secrets.combat.damage-taken", "secrets.reference.combat-6-compare",
            "secrets.reference.combat-7-take-damage")
def compute_damage_taken(rating: Any, successes: Any, criticals: Any, armor: Any) -> Any:
    """Base defense = successes + critical successes; final defense adds armor; the Combat rating's
    excess over it is the damage taken."""
    return max_(rating - (successes + criticals + armor), 0)


@implements("secrets.combat.base-damage", "secrets.combat.armor-subtract", "secrets.combat.final-damage",
            "secrets.creatures.card-armor", "secrets.reference.combat-8-creature-armor",
            "secrets.reference.combat-9-deal-damage")
def compute_damage_dealt(successes: Any, criticals: Any, armor: Any) -> Any:
    """Successes (not criticals) less the creature's Armor, to a minimum of 0, plus the critical
    successes, which Armor never blocks."""
    return max_(successes - armor, 0) + criticals


@implements("secrets.combat.ava-defender-rating", "secrets.combat.ava-defender-audacity")
def compute_defender_rating(pool: Any, audacity: Any) -> Any:
    """Half her combat dice pool, rounded up, +1 for each Audacity spent (up to +3)."""
    half = (pool + 1) // 2 if isinstance(pool, int) else (pool + 1) / 2   # z3: integer division of Ints
    return half + clamp(audacity, 0, 3)


# --------------------------------------------------------------------------------------------------
# Starting a combat


def fight_task(seat: int, target: str) -> Task:
    """The Combat action: begin combat with a creature in the same room (or a permitted adventurer): the
    task it queues (``adventurer_phase.queued``)."""
    return Task("combat", seat, rule="secrets.adventurer-phase.combat", target=target)


@implements("secrets.combat.definition", "secrets.combat.same-in-both-phases", "secrets.combat.steps",
            "secrets.adventurer-phase.combat-steps", "secrets.ambiguity.combat-phase-differences",
            "secrets.reference.combat-1-evade")
def _combat_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """Combat's steps: 1. Attempt to Evade (Tomb Phase only), 2. Lose Courage, 3. Build the pool,
    4. Roll, 5. Damage and criticals, 6. Soul Shards.  The combat begun and its first step queued in
    place of this task (the head of the agenda), in one state."""
    adv = state.seats[t.seat].adventurer
    if adv is None:
        return state.pop()
    tomb = "tomb" in t.flags
    if t.target.startswith("s"):
        other = int(t.target[1:])
        if state.seats[other].adventurer is None or state.seats[other].adventurer.room != adv.room:
            return state.pop()
        return evolve(state, combat=Combat(t.seat, t.target, tomb),
                      agenda=(Task("brace", other, rule="secrets.combat.ava-defender-audacity"), *state.agenda[1:]))
    c = state.creature(t.target)
    if c is None:
        return state.pop()
    evading = tomb or read(rs.options, "phase_differences") == "outnumber-only"
    if evading and not adv.fleeing and retreat_rooms(rs, state, t.seat):
        first = Task("combat-evade", t.seat, rule="secrets.combat.evade-check")
    else:
        if evading and adv.fleeing:
            note("secrets.adventurers.flee-no-evade")
        first = Task("combat-courage", t.seat, rule="secrets.combat.lose-courage")
    return evolve(state, combat=Combat(t.seat, t.target, tomb, area=tuple(t.items)), agenda=(first, *state.agenda[1:]))


task("combat", run=_combat_run)


@implements("secrets.combat.evade-blocked", "secrets.combat.evade-success", "secrets.ambiguity.combat-evade-destination")
def retreat_rooms(rs: Any, state: SecretsState, seat: int) -> list[str]:
    """Adjacent rooms without creatures (any link: placed-room-any-adjacency; doors only: door-only)."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    mover = "adventurer" if read(rs.options, "evade_destination") == "placed-room-any-adjacency" else "door"
    return [r for r in tomb_of(rs, state.rooms).successors(mover, adv.room) if not state.creatures_in(r)]


def evade_refused_rule(rs: Any, state: SecretsState, seat: int) -> str:
    """The rule an Evade sent once the combat is past its step 1 breaks: 'Attempt to Evade (Tomb Phase Only)'
    (the reading both-differences of secrets.ambiguity.combat-phase-differences), 'A fleeing adventurer
    cannot evade', 'If all adjacent rooms contain creatures you may not Evade', else 'If you wish to evade a
    creature before combat begins' (the combat has begun)."""
    combat = state.combat
    adv = state.seats[seat].adventurer
    if combat is not None and not combat.tomb and read(rs.options, "phase_differences") == "both-differences":
        return "secrets.ambiguity.combat-phase-differences"
    if adv is not None and adv.fleeing:
        return "secrets.adventurers.flee-no-evade"
    if combat is not None and state.creature(combat.foe) is not None and not retreat_rooms(rs, state, seat):
        return "secrets.combat.evade-blocked"
    return "secrets.combat.evade-check"


@implements("secrets.combat.evade-check", "secrets.combat.evade-difficulty", "secrets.combat.evade-fail",
            "secrets.combat.evade-differs-from-move", "secrets.adventurers.flee-no-evade",
            "secrets.ambiguity.reference-evade-courage")
def _evade_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    """Evade: lose Courage (reading body of secrets.ambiguity.reference-evade-courage), then a Dexterity
    check against the Evasion difficulty: success moves to an adjacent room without creatures and ends
    the combat; failure continues it."""
    require(isinstance(action, (Evade, Stand)), "secrets.combat.evade-check", "evade or stand and fight")
    if isinstance(action, Stand):
        return state.replace_head(Task("combat-courage", t.seat, rule="secrets.combat.lose-courage"))
    state = state.pop()
    combat = state.combat
    assert combat is not None
    c = state.creature(combat.foe)
    assert c is not None
    if read(rs.options, "evade_courage") == "body":
        state = lose_courage_to(rs, state, t.seat, c.key, evading=True)
    return start_check(rs, state, t.seat, "dexterity", creature_card(rs, c).evasion, passed=(Op("evade-ok"),),
                       failed=(Op("combat-continue"),), rule="secrets.combat.evade-difficulty")


task("combat-evade", pending=lambda rs, s, t: made.decision(t.seat, "evade?"),
     legal=lambda rs, s, t, seat: [EVADE, STAND] if seat == t.seat else [], apply=_evade_apply,
     run=lambda rs, s, t: s.pop() if s.combat is None or s.seats[t.seat].adventurer is None else None,
     rule=lambda *a: "secrets.combat.evade-check")


@continuation("evade-ok")
def _evade_ok(rs: Any, state: SecretsState, seat: int, op: Op) -> SecretsState:
    return state.push(Task("retreat", seat, rule="secrets.combat.evade-success"))


@continuation("combat-continue")
def _combat_continue(rs: Any, state: SecretsState, seat: int, op: Op) -> SecretsState:
    note("secrets.combat.evade-fail")
    if state.combat is None:
        return state
    return state.push(Task("combat-courage", seat, rule="secrets.combat.lose-courage"))


def _retreat_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(isinstance(action, Retreat) and action.room in retreat_rooms(rs, state, t.seat),
            "secrets.combat.evade-success", "move to an adjacent room without creatures")
    state = evolve(state.pop(), combat=None).with_adventurer(t.seat, room=action.room)
    return enter_room(rs, state, t.seat, action.room, how="evade")


task("retreat", run=lambda rs, s, t: evolve(s.pop(), combat=None) if not retreat_rooms(rs, s, t.seat) else None,
     pending=lambda rs, s, t: made.decision(t.seat, "where to evade"),
     legal=lambda rs, s, t, seat: [Retreat(r) for r in retreat_rooms(rs, s, t.seat)] if seat == t.seat else [],
     apply=_retreat_apply, rule=lambda *a: "secrets.combat.evade-success")


# --------------------------------------------------------------------------------------------------
# Lose Courage


@implements("secrets.combat.lose-courage", "secrets.combat.lose-courage-once-per-scenario", "secrets.combat.evade-courage-once",
            "secrets.ambiguity.combat-courage-once", "secrets.creatures.card-courage-attack")
def lose_courage_to(rs: Any, state: SecretsState, seat: int, key: str, *, evading: bool = False) -> SecretsState:
    """The first time an adventurer combats a creature it loses the creature's Courage Attack; that
    creature never again makes it lose Courage this scenario (once-per-pair; once-per-name counts every
    creature of the name; evade-extra costs Courage at every evasion attempt)."""
    adv = state.seats[seat].adventurer
    c = state.creature(key)
    if adv is None or c is None:
        return state
    mode = read(rs.options, "courage_once")
    subject = f"{adv.name}|{c.name if mode == 'once-per-name' else c.key}"
    if not (evading and mode == "evade-extra"):
        for e in state.effects:         # (the ``courage-lost`` effects, read in one pass)
            if e.subject == subject and e.name == "courage-lost":
                return state
        state = evolve(state, effects=add(state.effects, Effect(
            "courage-lost", "secrets.combat.lose-courage-once-per-scenario", until=SCENARIO, player=seat, subject=subject)))
    return advs.change_courage(rs, state, seat, -creature_card(rs, c).courage_attack, "secrets.combat.lose-courage")


@implements("secrets.reference.combat-2-lose-courage", "secrets.ambiguity.reference-lose-courage-flee",
            "secrets.combat.cvc-no-courage", "secrets.combat.ava-no-courage-no-shards")
def _courage_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """Lose Courage, then check the Courage effect for Flee: fleeing ends the combat with no roll
    (flee-ends-combat), or the combat is fought first (fight-then-flee).  In Solo Play a flight Lord
    Harrison replaces by discarding a Companion (secrets.solo.lord-harrison-companion-save: 'instead
    discard one Companion card') is no flight: he discards first, and the combat goes on to its next step
    (with no Companion left he loses the game, which ends it)."""
    state = state.pop()
    combat = state.combat
    if combat is None or state.seats[t.seat].adventurer is None:
        return evolve(state, combat=None)
    before = len(state.agenda)
    state = lose_courage_to(rs, state, t.seat, combat.foe)
    fled = len(state.agenda) > before and state.agenda[0].kind == "flee"
    gear = Task("combat-gear", t.seat, rule="secrets.combat.weapon-limit")
    if fled and read(rs.options, "courage_flee_combat") == "flee-ends-combat":
        flee = state.agenda[0]
        adv = state.seats[t.seat].adventurer
        if adv.companions and harrison_rule_applies(rs, state, t.seat, "flee", flee.rule):
            return state.pop().push(flee, gear)       # the Companion discarded, then the weapons
        return evolve(state, combat=None)
    return state.push(gear)


task("combat-courage", run=_courage_run)


# --------------------------------------------------------------------------------------------------
# Adventurer versus adventurer: the defender's rating


def _brace_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    adv = state.seats[t.seat].adventurer
    if seat != t.seat or adv is None:
        return []
    gear = [(w, a) for w in items.weapon_sets(rs, adv) for a in items.armor_sets(rs, adv)]
    return [Brace(k, w, a) for k in range(min(adv.audacity, 3) + 1) for w, a in gear]


@implements("secrets.combat.ava-audacity", "secrets.combat.ava-defender-audacity", "secrets.combat.ava-defender-rating",
            "secrets.ambiguity.combat-ava-details")
def _brace_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    """Before the attacker rolls, the defender may spend Audacity: +1 Combat rating each, up to +3; her
    rating is half of her combat dice pool, rounded up, the pool built as an adventurer's with the weapons
    and armor she chooses (secrets.ambiguity.combat-ava-details: "The defender builds her pool with weapons
    she chooses"; her worn armor acts as creature Armor under defender-chooses-armor-as-creature).  The
    weapons are used as the attacker's are (:func:`wield`: exhausted, a Dexterity weapon with an Upkeep
    check turned)."""
    check(action in listed(rs, state, t, seat, lambda: _brace_legal(rs, state, t, seat if seat is not None else -1)),
          lambda: _brace_rule(rs, state, t, action),
          "spend 0 to 3 Audacity (at most what you have) for +1 Combat rating each, and defend with 1 two-handed "
          "or 2 one-handed weapons of one checked attribute (or none), 1 chest and 1 head armor")
    state = advs.change_audacity(rs, state.pop(), t.seat, -action.audacity)
    combat = state.combat
    assert combat is not None
    defender = state.seats[t.seat].adventurer
    assert defender is not None
    pool = pool_for(rs, state, t.seat, action.weapons, action.armor, False, defending=True)
    rating = compute_defender_rating(pool, action.audacity)
    defender_armor = items.armor_value(rs, defender, action.armor) if read(rs.options, "ava_details") == \
        "defender-chooses-armor-as-creature" else 0
    state = wield(rs, state, t.seat, action.weapons)
    state = evolve(state, combat=evolve(combat, rating=rating, defender_armor=defender_armor))
    return state.push(Task("combat-gear", combat.seat, rule="secrets.combat.weapon-limit"))


def _brace_rule(rs: Any, state: SecretsState, t: Task, action: Any) -> str:
    """A refused defence: the Audacity spent (0 up to 3, at most what she has); else her weapons and armor,
    named as a refused `Wield` is (:func:`_gear_rule`)."""
    adv = state.seats[t.seat].adventurer
    if not isinstance(action, Brace) or adv is None or action.audacity not in range(min(adv.audacity, 3) + 1):
        return "secrets.combat.ava-defender-audacity"
    return _gear_rule(rs, state, t, Wield(action.weapons, action.armor, False))


task("brace", pending=lambda rs, s, t: made.decision(t.seat, "defend"), legal=_brace_legal, apply=_brace_apply,
     run=lambda rs, s, t: evolve(s.pop(), combat=None) if s.seats[t.seat].adventurer is None else None,
     rule=_brace_rule)


# --------------------------------------------------------------------------------------------------
# Build the dice pool


def gear_options(rs: Any, state: SecretsState, seat: int) -> list[Wield]:
    adv = state.seats[seat].adventurer
    combat = state.combat
    if adv is None or combat is None:
        return []
    multi = len(state.creatures_in(adv.room)) > 1 and not combat.tomb and not combat.foe.startswith("s")
    out = []
    for weapons in items.weapon_sets(rs, adv):
        ranged = state.creature(combat.foe) is not None and state.creature(combat.foe).room != adv.room
        if ranged and not any(items.card(rs, w).attribute == "dexterity" for w in weapons):
            continue
        for armor in items.armor_sets(rs, adv):
            out.append(Wield(weapons, armor, False))
            if multi and any(items.card(rs, w).multi_combat for w in weapons):
                out.append(Wield(weapons, armor, True))
    return out


@implements("secrets.combat.checked-attribute-dice", "secrets.combat.pool-sources", "secrets.weapons.attribute-to-pool",
            "secrets.ambiguity.combat-two-weapons-attribute", "secrets.ambiguity.weapons-passive-combat-bonus",
            "secrets.combat.outnumber-same-room", "secrets.combat.no-outnumber-tomb-phase",
            "secrets.reference.combat-3-dice-pool", "secrets.combat.example-tommy-gun-pool", "secrets.weapons.strength",
            "secrets.weapons.dexterity", "secrets.weapons.knowledge", "secrets.weapons.mythos",
            "secrets.adventurers.strength", "secrets.adventurers.mythos", "secrets.adventurers.knowledge")
def pool_for(rs: Any, state: SecretsState, seat: int, weapons: tuple[str, ...], armor: tuple[str, ...], area: bool,
             *, defending: bool = False) -> int:
    """The pool: dice equal to the checked attribute of the weapon(s) (Strength for fisticuffs), their
    combat bonuses (the Multi-Combat bonus in area combat), and the outnumber bonus (never in the Tomb
    Phase)."""
    adv = state.seats[seat].adventurer
    combat = state.combat
    assert adv is not None and combat is not None
    attribute = items.card(rs, weapons[0]).attribute if weapons else "strength"
    times = len(weapons) if len(weapons) > 1 and read(rs.options, "two_weapons") == "per-weapon" else 1
    pool = advs.attribute(rs, adv, attribute) * times
    for w in weapons:
        c = items.card(rs, w)
        pool += c.multi_combat if area and c.multi_combat else c.combat
    if read(rs.options, "passive_bonus") == "all-bonuses-passive":
        pool += sum(items.card(rs, h.name).combat for h in adv.cards
                    if items.card(rs, h.name).is_weapon and h.name not in weapons)
    pool += outnumber_for(rs, state, seat, defending=defending)
    return pool


@implements("secrets.combat.outnumber-counting", "secrets.ambiguity.combat-outnumber-count",
            "secrets.combat.ava-outnumber", "secrets.combat.example-1-outnumber", "secrets.combat.example-3-pool")
def outnumber_for(rs: Any, state: SecretsState, seat: int, *, defending: bool = False) -> int:
    """Adventurers (with their companions) in the room against its creatures (each Swarm token one);
    not in the Tomb Phase; in adventurer versus adventurer combat the side with more allies."""
    combat = state.combat
    adv = state.seats[seat].adventurer
    assert combat is not None and adv is not None
    if combat.tomb:
        return 0
    room = adv.room
    if combat.foe.startswith("s"):
        attacker, defender = combat.seat, int(combat.foe[1:])
        mine = len(state.seats[seat].adventurer.companions)
        others = [s for s in state.seats_in(room) if s not in (attacker, defender)]
        theirs_comp = len(state.seats[defender if seat == attacker else attacker].adventurer.companions)
        allies_attacker = mine if seat == attacker else theirs_comp
        allies_defender = (theirs_comp if seat == attacker else mine) + len(others)
        if advs.is_traitor(rs, state.seats[attacker].adventurer):
            allies_attacker += len(state.creatures_in(room))
        me, them = (allies_attacker, allies_defender) if seat == attacker else (allies_defender, allies_attacker)
        return compute_outnumber(me, them)
    creature = state.creature(combat.foe)
    if creature is None or creature.room != room:
        return 0
    seats = list(state.seats_in(room))
    if read(rs.options, "outnumber_count") == "allies-only":
        seats = [s for s in seats if s != seat]
    adventurers = len(seats) + sum(len(state.seats[s].adventurer.companions) for s in seats)
    creatures = sum(outnumber_weight(rs, c) for c in state.creatures_in(room))
    return compute_outnumber(adventurers, creatures)


@implements("secrets.combat.weapon-limit", "secrets.combat.two-weapons-same-attribute", "secrets.combat.armor-slots",
            "secrets.combat.example-machete-bullwhip", "secrets.combat.area-combat", "secrets.combat.area-combat-separate-checks",
            "secrets.weapons.exhaust-refresh", "secrets.combat.example-1-weapon", "secrets.combat.example-1-pool",
            "secrets.combat.example-2-pool")
def _gear_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    """Choose Weapons and Armor; then the combat check (its Audacity, its roll)."""
    check(isinstance(action, Wield) and
          action in listed(rs, state, t, seat if seat == t.seat else None, lambda: gear_options(rs, state, t.seat)),
          lambda: _gear_rule(rs, state, t, action),
          "{!r} cannot be wielded: 1 two-handed or 2 one-handed weapons of one checked attribute, 1 chest and "
          "1 head armor", action)
    combat = state.combat
    assert combat is not None
    adv = state.seats[t.seat].adventurer
    assert adv is not None
    pool = pool_for(rs, state, t.seat, action.weapons, action.armor, action.area)
    state = wield(rs, state, t.seat, action.weapons)
    area = combat.area
    if action.area:
        area = tuple(c.key for c in state.creatures_in(adv.room) if c.key != combat.foe)
        note("secrets.combat.area-combat")
    # the gear chosen, this task popped (in one state: nothing above reads the agenda)
    state = evolve(state, combat=evolve(combat, weapons=action.weapons, armor=action.armor, area=area),
                   agenda=state.agenda[1:])
    wide = any(4 in items.card(rs, w).succeeds_on for w in action.weapons)
    flags = ("result:combat-roll",) + (("weapon-wide",) if wide else ())
    state = start_check(rs, state, t.seat, combat_attribute(rs, action.weapons), 0, flags=flags,
                        rule="secrets.combat.pool-sources", pool_size=pool, target="combat")
    if wide:
        head = state.agenda[0]
        state = state.replace_head(evolve(head, flags=(*head.flags, "wide")))
    if pool <= 0:
        note("secrets.dice.zero-pool-fails")
        head = state.agenda[0]
        state = state.replace_head(Task("combat-roll", t.seat, rule="secrets.dice.zero-pool-fails", n=0, m=5,
                                      faces=(0, 0, 0, 0, 0, 0)))
    return state


@implements("secrets.weapons.dex-upkeep-turn", "secrets.weapons.exhaust-refresh")
def wield(rs: Any, state: SecretsState, seat: int, weapons: tuple[str, ...]) -> SecretsState:
    """The weapons a combat dice pool is built with are used, the attacker's (`Wield`) and an adventurer
    defender's (`Brace`) alike: each exhausted if it exhausts, a use counted, and "Anytime you use a
    Dexterity weapon card that has an Upkeep check printed on it, for the first time in a round, you must
    turn it" (``items.use_card``)."""
    for w in dict.fromkeys(weapons):
        state = items.use_card(rs, state, seat, w)
    return state


@implements("secrets.adventurers.strength", "secrets.adventurers.dexterity", "secrets.adventurers.mythos",
            "secrets.adventurers.knowledge", "secrets.sheet.example-forestall")
def combat_attribute(rs: Any, weapons: tuple[str, ...]) -> str:
    """The combat check is a check of the weapons' checked attribute (Strength for fisticuffs): 'It affects
    Strength checks, including combat with Strength weapons', '... Knowledge checks, which include the use
    of Knowledge weapons'; so an ability that makes 4s succeed on such checks (Professor Forestall 'passes
    Knowledge rolls on a 4, 5, or 6') makes them succeed in that combat."""
    return items.card(rs, weapons[0]).attribute if weapons else "strength"


def _gear_rule(rs: Any, state: SecretsState, t: Task, action: Any) -> str:
    adv = state.seats[t.seat].adventurer
    if isinstance(action, Evade) and adv is not None:
        return evade_refused_rule(rs, state, t.seat)
    if not isinstance(action, Wield) or adv is None:
        return "secrets.combat.weapon-limit"
    names = [h.name for h in adv.cards]
    if any(w not in names for w in action.weapons) or any(a not in names for a in action.armor):
        return "secrets.combat.weapon-limit"
    ws = [items.card(rs, w) for w in action.weapons]
    if any(not w.is_weapon for w in ws):
        return "secrets.weapons.definition"
    if len(ws) == 2 and ws[0].attribute != ws[1].attribute:
        return "secrets.combat.two-weapons-same-attribute"
    if len(ws) == 2 and all(w.hands == 2 for w in ws):
        return "secrets.weapons.one-two-handed"       # "Only 1 two-handed weapon can be wielded at once"
    if len(ws) > 2 or (len(ws) == 2 and any(w.hands == 2 for w in ws)):
        return "secrets.combat.weapon-limit"          # "1 two-handed weapon or 2 one-handed weapons"
    for w in action.weapons:
        if why := items.why_unusable(rs, adv, w):
            return why
    if len(action.armor) > 2 or len({items.card(rs, a).slot for a in action.armor}) < len(action.armor):
        return "secrets.combat.armor-slots"
    combat = state.combat
    foe = state.creature(combat.foe) if combat is not None else None
    if foe is not None and foe.room != adv.room and not any(w.attribute == "dexterity" for w in ws):
        return "secrets.ambiguity.combat-other-room"
    if action.area:
        return "secrets.combat.area-combat"
    return "secrets.combat.weapon-limit"


task("combat-gear", pending=lambda rs, s, t: made.decision(t.seat, "choose weapons and armor"),
     legal=lambda rs, s, t, seat: gear_options(rs, s, t.seat) if seat == t.seat else [], apply=_gear_apply,
     run=lambda rs, s, t: evolve(s.pop(), combat=None) if s.combat is None or s.seats[t.seat].adventurer is None else None,
     rule=_gear_rule)


# --------------------------------------------------------------------------------------------------
# Resolve damage and criticals


def split_roll(rs: Any, faces: tuple[int, ...], threshold: int) -> tuple[int, int, int]:
    """(successes that are not criticals, critical successes, critical failures): 6s are always critical
    (secrets.ambiguity.combat-success-faces=threshold-shifts)."""
    crits = criticals(faces)
    plain = compute_successes(faces, threshold) - crits
    return plain, crits, critical_failures(faces)


@implements("secrets.reference.combat-4-roll", "secrets.combat.critical-failure-trigger",
            "secrets.combat.critical-failure-needs-symbol", "secrets.reference.combat-10-critical-failure",
            "secrets.dice.criticals-combat-only", "secrets.ambiguity.reference-total-successes",
            "secrets.ambiguity.reference-critical-failure-order", "secrets.ambiguity.combat-simultaneous-damage",
            "secrets.combat.example-1-resolve", "secrets.combat.example-2-resolve", "secrets.combat.example-3-roll",
            "secrets.combat.example-4-resolve", "secrets.combat.cvc-as-normal", "secrets.combat.cvc-no-abilities",
            "secrets.combat.cvc-no-status", "secrets.combat.cvc-dice-pool")
def _roll_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """First the damage to the adventurer (Combat rating over successes + criticals + armor), the
    creature's critical-failure ability if it dealt damage and a 1 was rolled, then the damage dealt
    (successes less Armor, plus criticals); a dead creature gives its Soul Shards.  What follows is queued
    in place of the roll (the head of the agenda)."""
    combat = state.combat
    if combat is None:
        return state.pop()
    adv = state.seats[combat.seat].adventurer
    plain, crits, ones = split_roll(rs, t.faces, t.m)
    plain_for_damage = plain
    if read(rs.options, "success_faces") == "literal-faces" and t.m < 5:
        plain_for_damage = t.faces[4]
    # the successes the Combat rating is set against: the 5s under either reading, the 6s (criticals) too
    # under "body" (secrets.ambiguity.reference-total-successes), not under "fives-only"
    defence_plain = plain
    defence_crits = crits if read(rs.options, "total_successes") == "body" else 0
    tasks: list[Task] = []
    if combat.foe.startswith("s"):
        defender = int(combat.foe[1:])
        worn = items.armor_value(rs, adv, combat.armor) if adv is not None else 0
        taken = compute_damage_taken(combat.rating, defence_plain, defence_crits, worn)
        dealt = compute_damage_dealt(plain_for_damage, crits, combat.defender_armor)
        tasks = [Task("damage", combat.seat, rule="secrets.combat.damage-taken", n=taken),
                 Task("damage", defender, rule="secrets.combat.final-damage", n=dealt),
                 Task("combat-end", combat.seat)]
        return state.replace_head(*tasks)
    c = state.creature(combat.foe)
    if c is None:
        return evolve(state, combat=None, agenda=state.agenda[1:])
    cc = creature_card(rs, c)
    if combat.controlled:
        return _controlled_resolve(rs, state.pop(), combat, c, plain_for_damage, crits, defence_plain + defence_crits)
    worn = items.armor_value(rs, adv, combat.armor) if adv is not None else 0
    rating = combat_rating(rs, state, c)
    taken = compute_damage_taken(rating, defence_plain, defence_crits, worn)
    dealt = compute_damage_dealt(plain_for_damage, crits, cc.armor)
    health_before = adv.health if adv is not None else 0
    # Both name the adventurer who fought: if the damage kills it and a new adventurer takes its seat
    # before they resolve, the new one neither dealt the blow nor rolled the 1s.
    fighter = (adv.name,) if adv is not None else ()
    critical = Task("combat-critical", combat.seat, rule="secrets.combat.critical-failure-trigger", target=c.key,
                    n=taken, m=health_before, items=(c.name, *fighter), flags=("ones",) if ones else ())
    hit = Task("combat-hit", combat.seat, rule="secrets.combat.final-damage", target=c.key, n=dealt, items=fighter)
    order = read(rs.options, "critical_order")
    damage = Task("damage", combat.seat, rule="secrets.combat.damage-taken", n=taken, flags=("combat",))
    if order == "body-order":
        tasks = [damage, critical, hit]
    else:
        tasks = [damage, hit, evolve(critical, flags=(*critical.flags, order))]
    return state.replace_head(*tasks, Task("combat-end", combat.seat, items=fighter))


task("combat-roll", run=_roll_run)


@implements("secrets.ambiguity.combat-critical-failure-summary", "secrets.ambiguity.combat-critical-failure-redirected")
def _critical_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """If the creature dealt any damage (redirected to a companion too: damage-dealt-counts) and a 1 was
    rolled, its critical-failure ability triggers (any special ability with summary-any-ability)."""
    state = state.pop()
    if "ones" not in t.flags:
        return state
    cc = rs.components.creatures[t.items[0]]
    if "reference-order-dead-no-trigger" in t.flags and state.creature(t.target) is None:
        return state
    adv = state.seats[t.seat].adventurer
    if adv is not None and len(t.items) > 1 and adv.name != t.items[1]:
        return state                                    # the fighter died: a new adventurer rolled no 1s
    if read(rs.options, "critical_redirected") == "adventurer-health-only":
        dealt = adv is None or adv.health < t.m
    else:
        dealt = t.n > 0
    if not dealt:
        return state
    ops = cc.critical
    if read(rs.options, "critical_symbol") == "summary-any-ability":
        ops = (*ops, *cc.special)
    if not ops or adv is None:
        return state
    note("secrets.combat.critical-failure-trigger")
    return run_ops(state, t.seat, ops, "secrets.combat.critical-failure-trigger")


task("combat-critical", run=_critical_run)


@implements("secrets.combat.killer-soul-shards")
def _hit_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """Damage tokens on the creature; its death and the rewards (the dead adventurer deals none with the
    reading sequential). 'The adventurer who dealt the killing blow gains the Soul Shards': if the damage
    it took killed the fighter, its blow rewards nobody, not the new adventurer chosen in its seat."""
    state = state.pop()
    adv = state.seats[t.seat].adventurer
    alive = adv is not None and (not t.items or adv.name == t.items[0])
    if read(rs.options, "simultaneous") == "sequential" and not alive:
        return state
    c = state.creature(t.target)
    if c is None:
        return state
    state, dead = damage_creature(rs, state, t.target, t.n)
    if dead:
        return creature_killed(rs, state, c, t.seat if alive else None)
    return state


task("combat-hit", run=_hit_run)


@implements("secrets.ambiguity.creatures-swarm-damage-carryover")
def _combat_end_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """The combat ends; an area combat goes on with its next target (each a combat of its own); a swarm's
    leftover damage clears with the reading resets."""
    combat = state.combat
    if combat is None:
        return state.pop()
    foe = state.creature(combat.foe)
    if foe is not None and creature_card(rs, foe).swarm and read(rs.options, "swarm_carryover") == "resets":
        state = state.with_creature(foe.key, damage=0)
    state = evolve(state, combat=None, agenda=state.agenda[1:])      # the combat over, this task popped
    adv = state.seats[combat.seat].adventurer
    if adv is not None and t.items and adv.name != t.items[0]:
        adv = None                                      # the fighter died: its area combat ends with it
    if combat.area and adv is not None and read(rs.options, "area_combat") == "per-target-checks":
        nxt = next((k for k in combat.area if state.creature(k) is not None and state.creature(k).room == adv.room), None)
        if nxt is not None:
            rest = tuple(k for k in combat.area if k != nxt)
            state = evolve(state, combat=Combat(combat.seat, nxt, combat.tomb, combat.weapons, combat.armor, rest))
            return state.push(Task("combat-area", combat.seat, rule="secrets.combat.area-combat-separate-checks"))
    if combat.area and adv is not None and read(rs.options, "area_combat") == "single-check":
        note("secrets.ambiguity.combat-area-combat")
    return state


task("combat-end", run=_combat_end_run)


def _area_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """The next target of an area combat: its Courage attack, then its own check (the weapon is not used
    again)."""
    state = state.pop()
    combat = state.combat
    if combat is None or state.seats[t.seat].adventurer is None:
        return evolve(state, combat=None)
    state = lose_courage_to(rs, state, t.seat, combat.foe)
    pool = pool_for(rs, state, t.seat, combat.weapons, combat.armor, True)
    wide = any(4 in items.card(rs, w).succeeds_on for w in combat.weapons)
    state = start_check(rs, state, t.seat, combat_attribute(rs, combat.weapons), 0, flags=("result:combat-roll",),
                        rule="secrets.combat.area-combat", pool_size=pool, target="combat")
    if wide:
        head = state.agenda[0]
        state = state.replace_head(evolve(head, flags=(*head.flags, "wide")))
    return state


task("combat-area", run=_area_run)


# --------------------------------------------------------------------------------------------------
# Damage without combat, and creature versus creature


@implements("secrets.sheet.example-full-auto", "secrets.ambiguity.full-auto-is-combat",
            "secrets.ambiguity.combat-soul-shards-room", "secrets.ambiguity.effect-damage-armor")
def harm_creatures(rs: Any, state: SecretsState, seat: int, amount: int, ignore_armor: bool, rule: str) -> SecretsState:
    """Damage to every creature in the room (Full Auto: 5, ignoring armor): not a combat; Armor cancels
    damage that does not ignore it (secrets.ambiguity.effect-damage-armor=armor-cancels); creatures it
    kills give Soul Shards and Courage as normal (creature-room-dealer; none with combat-only)."""
    adv = state.seats[seat].adventurer
    if adv is None:
        return state
    for c in state.creatures_in(adv.room):
        armor = creature_card(rs, c).armor
        if ignore_armor or armor <= 0 or amount <= 0 or read(rs.options, "effect_damage_armor") == "full-damage":
            dealt = amount
        else:
            dealt = max(amount - armor, 0)
        state, dead = damage_creature(rs, state, c.key, dealt)
        if dead:
            killer = seat if read(rs.options, "soul_shards_room") == "creature-room-dealer" else None
            if killer is None:
                note("secrets.ambiguity.combat-soul-shards-room")
                pile = getattr(state, creature_card(rs, c).deck, None)
                if pile is not None:
                    state = evolve(state, **{creature_card(rs, c).deck: evolve(pile, discard=pile.discard.add(c.name))})
                continue
            state = creature_killed(rs, state, c, killer)
    return state


def queue_control(rs: Any, state: SecretsState, seat: int, rule: str) -> SecretsState:
    return state.push(Task("command", seat, rule="secrets.combat.cvc-dice-pool"))


def _command_options(rs: Any, state: SecretsState, seat: int) -> list[Any]:
    adv = state.seats[seat].adventurer
    if adv is None:
        return []
    here = [c.key for c in state.creatures_in(adv.room)]
    return [Command(a, b) for a in here for b in here if a != b] + [DONE]


@implements("secrets.combat.cvc-dice-pool", "secrets.ambiguity.combat-cvc-dice-count", "secrets.ambiguity.combat-cvc-outnumber",
            "secrets.combat.example-3-courage", "secrets.combat.example-3-pool", "secrets.adventurers.mythos")
def _command_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    """A controlled creature combats another: its pool is the controller's Mythos plus its Combat rating
    (seven dice in the Third Example); it neither gains nor loses Courage; no outnumber bonus (never)."""
    require(action in _command_options(rs, state, t.seat), "secrets.combat.cvc-dice-pool",
            "a controlled creature in your room combats another creature there")
    state = state.pop()
    if isinstance(action, Done):
        return state
    adv = state.seats[t.seat].adventurer
    ctrl = state.creature(action.creature)
    assert adv is not None and ctrl is not None
    pool = advs.attribute(rs, adv, "mythos")
    if read(rs.options, "cvc_dice") == "seven":
        pool += combat_rating(rs, state, ctrl, "cvc")
    state = evolve(state, combat=Combat(t.seat, action.target, False, controlled=action.creature))
    if read(rs.options, "cvc_outnumber") == "as-normal":
        pool += outnumber_for(rs, state, t.seat)
    return start_check(rs, state, t.seat, "none", 0, flags=("result:combat-roll",), rule="secrets.combat.cvc-dice-pool",
                       pool_size=pool, target="combat")


task("command", pending=lambda rs, s, t: made.decision(t.seat, "command a creature"),
     legal=lambda rs, s, t, seat: _command_options(rs, s, t.seat) if seat == t.seat else [], apply=_command_apply,
     run=lambda rs, s, t: s.pop() if s.seats[t.seat].adventurer is None or len(_command_options(rs, s, t.seat)) <= 1 else None,
     rule=lambda *a: "secrets.combat.cvc-dice-pool")


@implements("secrets.combat.cvc-no-shards", "secrets.combat.cvc-controller-gains", "secrets.combat.cvc-room-courage",
            "secrets.ambiguity.combat-cvc-control", "secrets.ambiguity.combat-cvc-rewards", "secrets.combat.example-3-tokens")
def _controlled_resolve(rs: Any, state: SecretsState, combat: Combat, target: Any, plain: int, crits: int,
                        defence: int) -> SecretsState:
    """The target's Armor cancels the controlled creature's successes; the controlled creature defends
    with its successes (card-effects-successes-defend) or its own rating (rating-defends); a controlled
    creature gives no Soul Shards; the controller gains from what it kills."""
    ctrl = state.creature(combat.controlled)
    if ctrl is None:
        return evolve(state, combat=None)
    if read(rs.options, "cvc_defence") == "rating-defends":
        defence = combat_rating(rs, state, ctrl, "cvc")
    taken = compute_damage_taken(combat_rating(rs, state, target, "cvc"), defence, 0, 0)
    dealt = compute_damage_dealt(plain, crits, creature_card(rs, target).armor)
    state, dead_ctrl = damage_creature(rs, state, ctrl.key, taken)
    if dead_ctrl:
        deck = creature_card(rs, ctrl).deck
        if deck in ("base", "elite"):
            pile = getattr(state, deck)
            state = evolve(state, **{deck: evolve(pile, discard=pile.discard.add(ctrl.name))})
    state, dead = damage_creature(rs, state, target.key, dealt)
    if dead:
        state = creature_killed(rs, state, target, combat.seat, controlled=True, room=target.room)
    return evolve(state, combat=None)


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from ..board import tomb_of  # noqa: E402
from .dice_checks import compute_successes, critical_failures, criticals, start_check  # noqa: E402
from .rooms import enter_room  # noqa: E402
from .solo import harrison_rule_applies  # noqa: E402
