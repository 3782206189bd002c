"""What holds in every reachable state of Secrets of the Lost Tomb.

Each invariant is named after the catalog rule it follows from.  The numeric ones are written over
``tombspec.model.numeric`` so that ``tombspec.checks.proofs`` proves them inductively with z3 (Init =>
Inv, and Inv and Step => Inv') over the very transition cores the rules call: Courage within -10..+10,
Audacity at most 10, Health never above starting Health, the outnumber bonus at most 4, the damage
arithmetic, the creature limit of 10 and the Comet track's first space.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..numeric import all_, implies
from ..ruleset import Violation
from .rules.adventurers import (AUDACITY_MAX, COURAGE_MAX, COURAGE_MIN, compute_audacity, compute_courage,
                                compute_health, compute_rest)
from .rules.combat import OUTNUMBER_MAX, compute_damage_dealt, compute_damage_taken, compute_defender_rating, \
    compute_outnumber
from .rules.scenarios import compute_comet
from .rules.tomb_phase import CREATURE_LIMIT, compute_spawn
from .state import SecretsState

# --------------------------------------------------------------------------------------------------
# Numeric invariants (ints and z3 terms alike)


def inv_courage(courage: Any) -> Any:
    """secrets.adventurers.courage-range: Courage ranges from -10 to +10."""
    return all_(courage >= COURAGE_MIN, courage <= COURAGE_MAX)


def inv_audacity(audacity: Any, floor: Any = 0, cap: Any = AUDACITY_MAX) -> Any:
    """secrets.dice.audacity-max-10: Audacity never rises above 10 (and never below 0: audacity-floor)."""
    return all_(audacity >= floor, audacity <= cap)


def inv_health(health: Any, start: Any) -> Any:
    """secrets.adventurers.health-cap: current Health is never above starting Health (nor below 0)."""
    return all_(health >= 0, health <= start, start >= 1)


def inv_outnumber(bonus: Any) -> Any:
    """secrets.combat.outnumber-amount: up to 4 bonus dice."""
    return all_(bonus >= 0, bonus <= OUTNUMBER_MAX)


def inv_damage(taken: Any, dealt: Any, rating: Any, crits: Any) -> Any:
    """secrets.combat.damage-taken / final-damage: damage is never negative, never more than the Combat
    rating, and critical successes always get through."""
    return all_(taken >= 0, taken <= rating, dealt >= crits, crits >= 0)


def inv_limit(count: Any, limit: Any = CREATURE_LIMIT) -> Any:
    """secrets.tomb-phase.creature-limit: at most 10 base and elite creatures (bosses excluded)."""
    return all_(count >= 0, count <= limit)


def inv_comet(comet: Any) -> Any:
    """secrets.ambiguity.comet-track-bounds=clamp-scenario-end: never below the first space."""
    return comet >= 0


def inv_rating(rating: Any) -> Any:
    """secrets.combat.ava-defender-rating: a defender's Combat rating is never negative."""
    return rating >= 0


# --------------------------------------------------------------------------------------------------
# The state


def violations(rs: Any, state: SecretsState) -> list[Violation]:
    out: list[Violation] = []
    o = rs.options
    comps = rs.components
    placed = {r.name for r in state.rooms}
    cap = AUDACITY_MAX if o.extra_audacity != "uncapped-at-setup" else AUDACITY_MAX + 2 + max(o.audacity_adjust, 0)
    floor = 0 if o.audacity_floor != "negative" else -AUDACITY_MAX
    names = [s.adventurer.name for s in state.seats if s.adventurer is not None]
    if len(names) != len(set(names)):
        out.append(Violation("secrets.adventurers.choose-new-adventurer", f"an Adventurer sheet plays twice: {names}"))
    for i, seat in enumerate(state.seats):
        if not 0 <= seat.search <= 2:
            out.append(Violation("secrets.adventurer-phase.search-turn-token", f"seat {i}'s Search token at {seat.search}"))
        if seat.tokens < 0 or seat.action_tokens < 1:
            out.append(Violation("secrets.adventurer-phase.perform-action", f"seat {i} has {seat.tokens} of "
                                 f"{seat.action_tokens} Action tokens"))
        adv = seat.adventurer
        if adv is None:
            continue
        if not inv_courage(adv.courage):
            out.append(Violation("secrets.adventurers.courage-range", f"seat {i}: Courage {adv.courage}"))
        if not inv_audacity(adv.audacity, floor, cap):
            out.append(Violation("secrets.dice.audacity-max-10", f"seat {i}: Audacity {adv.audacity}"))
        if not inv_health(adv.health, adv.start_health):
            out.append(Violation("secrets.adventurers.health-cap", f"seat {i}: Health {adv.health} of "
                                 f"{adv.start_health}"))
        if adv.health <= 0 and state.phase != "over" and \
                not any(t.kind in ("die", "harrison") and t.seat == i for t in state.agenda):
            out.append(Violation("secrets.adventurers.death-at-zero-health", f"seat {i} at 0 Health and alive"))
        if adv.room not in placed:
            out.append(Violation("secrets.adventurer-phase.move", f"seat {i} stands on {adv.room!r}, not in the Tomb"))
        types = [comps.statuses[s].type for s in adv.status]
        if len(types) != len(set(types)) and o.status_same_type != "player-chooses":
            out.append(Violation("secrets.status.one-per-type", f"seat {i} holds {adv.status}"))
        for c in adv.companions:
            if not 0 < c.health <= comps.companions[c.name].health:
                out.append(Violation("secrets.companions.death", f"seat {i}: {c.name} at {c.health} Health"))
        for a, n in adv.tokens:
            if n < 0:
                out.append(Violation("secrets.sheet.no-tokens-no-use", f"seat {i}: {n} tokens for {a}"))
    counted = sum(1 for c in state.creatures if comps.creatures[c.name].deck != "boss")
    alive = {c.id for c in state.creatures}     # a creature placed over the limit widens it while it lives
    forced = sum(1 for e in state.effects if e.name == "over-limit" and e.value in alive)
    if not inv_limit(counted, CREATURE_LIMIT + forced):
        out.append(Violation("secrets.tomb-phase.creature-limit", f"{counted} creatures against the limit"))
    for c in state.creatures:
        cc = comps.creatures[c.name]
        if c.room not in placed:
            out.append(Violation("secrets.tomb-phase.move-creatures", f"{c.key} stands on {c.room!r}"))
        if cc.swarm and c.swarm < 1:
            out.append(Violation("secrets.creatures.swarm-death", f"{c.key} is a swarm without tokens"))
        if cc.swarm and c.damage >= cc.health:
            out.append(Violation("secrets.creatures.swarm-remove-token", f"{c.key} keeps {c.damage} damage"))
        if not cc.swarm and (c.damage >= cc.health if o.death_threshold != "exceed-kills" else c.damage > cc.health):
            out.append(Violation("secrets.combat.creature-death", f"{c.key} lives with {c.damage} damage"))
    spaces = Counter((r.level, r.x, r.y) for r in state.rooms)
    if any(n > 1 for n in spaces.values()) or len(placed) != len(state.rooms):
        out.append(Violation("secrets.explore.place-matching-doors", "two Room tiles on one space"))
    if not inv_comet(state.comet) and o.comet_bounds != "unbounded":
        out.append(Violation("secrets.tomb-phase.comet-track-moves", f"the Comet track at {state.comet}"))
    if (state.phase == "over") != bool(state.outcome):
        out.append(Violation("secrets.scenarios.winning-losing", f"phase {state.phase} with outcome {state.outcome!r}"))
    out.extend(_conservation(rs, state))
    return out


def in_flight(state: SecretsState) -> Counter[str]:
    """Cards drawn and not yet given: held by a pending draw, keep, exploration or spawn."""
    out: Counter[str] = Counter()
    for t in state.agenda:
        if t.kind == "draw":
            out.update(t.items)
        elif t.kind == "keep" and "from-deck" not in t.flags:
            out.update(t.items)
        elif t.kind == "explore":
            out.update(t.items[1:])
        elif t.kind == "spawn-one" and ":" in t.target:
            out[t.target.partition(":")[2]] += 1
    return out


def _conservation(rs: Any, state: SecretsState) -> list[Violation]:
    """Every card is in exactly one place: a deck, a discard pile, a hand, an Item Drop pile, the box (or
    in the hands of a pending draw)."""
    comps = rs.components
    out = []
    flying = in_flight(state)
    have: Counter[str] = Counter(flying)
    for pile in (state.items, state.artifacts):
        have.update(dict(pile.deck.counts))
        have.update(dict(pile.discard.counts))
    have.update(dict(state.monger.counts))
    have.update(state.boxed)
    have.update(state.set_aside)
    for r in state.rooms:
        have.update(h.name for h in r.drop)
    for s in state.seats:
        if s.adventurer is not None:
            have.update(h.name for h in s.adventurer.cards)
    for name, card in comps.cards.items():
        held = have[name]
        if held != card.count and not (rs.options.stock == "unlimited" and card.deck == "soul-monger"):
            out.append(Violation("secrets.components.component-list", f"{held} copies of {name!r} in play, "
                                 f"{card.count} in the set"))
    comp: Counter[str] = Counter(flying)
    comp.update(dict(state.companions.deck.counts))
    comp.update(dict(state.companions.discard.counts))
    comp.update(n for n in state.boxed if n in comps.companions)
    comp.update(n for n in state.set_aside if n in comps.companions)
    for s in state.seats:
        if s.adventurer is not None:
            comp.update(c.name for c in s.adventurer.companions)
    for name, c in comps.companions.items():
        if comp[name] != c.count:
            out.append(Violation("secrets.companions.death", f"{comp[name]} copies of companion {name!r}"))
    status: Counter[str] = Counter(dict(state.statuses.counts))
    status.update(n for n in state.boxed if n in comps.statuses)
    for s in state.seats:
        if s.adventurer is not None:
            status.update(s.adventurer.status)
    for name, st in comps.statuses.items():
        if status[name] != st.count:
            out.append(Violation("secrets.status.identical-ignored", f"{status[name]} copies of status {name!r}"))
    creatures: Counter[str] = Counter(flying)
    for pile in (state.base, state.elite):
        creatures.update(dict(pile.deck.counts))
        creatures.update(dict(pile.discard.counts))
    creatures.update(c.name for c in state.creatures)
    for name, cc in comps.creatures.items():
        if cc.deck != "boss" and creatures[name] != cc.count:
            out.append(Violation("secrets.setup.separate-decks", f"{creatures[name]} copies of creature {name!r}"))
    for pile, table, rule in ((state.story, comps.stories, "secrets.story.draw-card"),
                              (state.tomb, comps.tomb_cards, "secrets.tomb-phase.draw-tomb-card")):
        total = pile.deck.total + pile.discard.total
        if total > sum(c.count for c in table.values()):
            out.append(Violation(rule, f"{total} cards in a deck of {sum(c.count for c in table.values())}"))
    tiles = Counter(flying)
    tiles.update(dict(state.tiles.deck.counts))
    tiles.update(dict(state.tiles.discard.counts))
    tiles.update(r.name for r in state.rooms)
    for name in comps.rooms:
        if tiles[name] > 1:
            out.append(Violation("secrets.setup.shuffle-room-tiles", f"Room tile {name!r} is in {tiles[name]} places"))
    return out


# --------------------------------------------------------------------------------------------------
# The inductive proof obligations (DESIGN.md checks/: IndInit and IndNext).  One adventurer's numbers,
# one combat's, the creature count and the Comet track; each transition is a core the rules call:
# ``transition(v) -> (guard, {variable: new value})``.

PROOF_VARIABLES = {
    "courage": int, "health": int, "start": int, "audacity": int, "delta": int, "amount": int,
    "outnumber": int, "adventurers": int, "creatures": int,
    "taken": int, "dealt": int, "rating": int, "successes": int, "crits": int, "armor": int,
    "count": int, "comet": int, "defender": int, "pool": int, "spent": int,
}


def proof_init(v: dict[str, Any]) -> Any:
    """Game Setup: a sheet's starting Courage (-9..+9), Health at its starting value, Audacity 0..10 (the
    table's extra Audacity capped: secrets.ambiguity.extra-audacity-over-10=capped), no creature, the
    Comet track on its first space, no combat yet."""
    return all_(v["courage"] >= -9, v["courage"] <= 9, v["start"] >= 1, v["health"] == v["start"],
                v["audacity"] >= 0, v["audacity"] <= AUDACITY_MAX, v["outnumber"] == 0, v["taken"] == 0,
                v["dealt"] == 0, v["crits"] == 0, v["rating"] >= 0, v["count"] == 0, v["comet"] == 0,
                v["defender"] == 0)


def _rest(heal: int, calm: int) -> Any:
    def transition(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        h, c = compute_rest(v["health"], v["courage"], v["start"], heal, calm)
        return v["health"] >= 1, {"health": h, "courage": c}
    return transition


def _combat(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    guard = all_(v["rating"] >= 0, v["successes"] >= 0, v["crits"] >= 0, v["armor"] >= 0)
    return guard, {"taken": compute_damage_taken(v["rating"], v["successes"], v["crits"], v["armor"]),
                   "dealt": compute_damage_dealt(v["successes"], v["crits"], v["armor"])}


def _spawn(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    spawned, _ = compute_spawn(v["count"])
    return v["count"] >= 0, {"count": v["count"] + spawned}


PROOF_TRANSITIONS: dict[str, tuple[tuple[str, ...], Any]] = {
    "courage-change": (("secrets.adventurers.courage-range", "secrets.combat.lose-courage", "secrets.combat.regain-courage"),
                       lambda v: (True, {"courage": compute_courage(v["courage"], v["delta"])})),
    "audacity-change": (("secrets.dice.audacity-max-10", "secrets.dice.audacity-before-roll", "secrets.dice.audacity-reroll"),
                        lambda v: (True, {"audacity": compute_audacity(v["audacity"], v["delta"])})),
    "damage": (("secrets.adventurers.health-cap", "secrets.adventurers.death-at-zero-health"),
               lambda v: (v["amount"] >= 0, {"health": compute_health(v["health"], -v["amount"], v["start"])})),
    "heal": (("secrets.adventurers.health-cap",),
             lambda v: (v["amount"] >= 0, {"health": compute_health(v["health"], v["amount"], v["start"])})),
    "rest-health": (("secrets.adventurer-phase.rest-heal-health",), _rest(2, 0)),
    "rest-courage": (("secrets.adventurer-phase.rest-heal-courage",), _rest(0, 2)),
    "rest-both": (("secrets.adventurer-phase.rest-heal-both",), _rest(1, 1)),
    "outnumber": (("secrets.combat.outnumber-amount", "secrets.combat.outnumber-applies"),
                  lambda v: (all_(v["adventurers"] >= 0, v["creatures"] >= 0),
                             {"outnumber": compute_outnumber(v["adventurers"], v["creatures"])})),
    "combat-damage": (("secrets.combat.damage-taken", "secrets.combat.final-damage", "secrets.combat.armor-subtract"),
                      _combat),
    "spawn": (("secrets.tomb-phase.creature-limit", "secrets.tomb-phase.limit-stops-spawning"), _spawn),
    "creature-dies": (("secrets.combat.creature-death",),
                      lambda v: (v["count"] >= 1, {"count": v["count"] - 1})),
    "comet": (("secrets.tomb-phase.comet-track-moves",), lambda v: (True, {"comet": compute_comet(v["comet"], v["delta"])})),
    "defender-rating": (("secrets.combat.ava-defender-rating", "secrets.combat.ava-defender-audacity"),
                        lambda v: (v["pool"] >= 0, {"defender": compute_defender_rating(v["pool"], v["spent"])})),
}

PROOF_INVARIANTS: dict[str, Any] = {
    "secrets.adventurers.courage-range": lambda v: inv_courage(v["courage"]),
    "secrets.dice.audacity-max-10": lambda v: inv_audacity(v["audacity"]),
    "secrets.adventurers.health-cap": lambda v: inv_health(v["health"], v["start"]),
    "secrets.combat.outnumber-amount": lambda v: inv_outnumber(v["outnumber"]),
    "secrets.combat.damage-taken": lambda v: implies(v["rating"] >= 0,
                                                      inv_damage(v["taken"], v["dealt"], v["rating"], v["crits"])),
    "secrets.tomb-phase.creature-limit": lambda v: inv_limit(v["count"]),
    "secrets.tomb-phase.comet-track-moves": lambda v: inv_comet(v["comet"]),
    "secrets.combat.ava-defender-rating": lambda v: inv_rating(v["defender"]),
}
