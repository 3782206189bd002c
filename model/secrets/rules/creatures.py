"""Creatures: base, elite, swarm and boss creatures; the Creature card's ratings; Swarm tokens and their
per-token Health; a creature's death and the Soul Shards and Courage it gives.
"""

from __future__ import annotations

from typing import Any

from ...effects import GAME, Effect, add
from ...numeric import if_, max_
from ..options import read
from ...traceability import implements, note
from ..components import CreatureCard
from ..state import Creature, SecretsState, evolve


def card(rs: Any, c: Creature) -> CreatureCard:
    return rs.components.creatures[c.name]


@implements("secrets.creatures.types", "secrets.creatures.swarm-subset", "secrets.creatures.base-elite-same",
            "secrets.creatures.card-type", "secrets.creatures.card-special-text", "secrets.creatures.card-movement",
            "secrets.creatures.card-courage-attack", "secrets.creatures.card-armor", "secrets.creatures.card-health",
            "secrets.creatures.card-evasion", "secrets.creatures.card-soul-shards", "secrets.tomb-phase.creature-types",
            "secrets.tomb-phase.depends-on-creature-attributes", "secrets.creatures.anatomy-creature-card")
def is_boss(rs: Any, c: Creature) -> bool:
    return card(rs, c).deck == "boss"


@implements("secrets.creatures.swarm-combat-rating", "secrets.creatures.card-combat-rating",
            "secrets.creatures.swarm-definition")
def combat_rating(rs: Any, state: SecretsState, c: Creature, purpose: str = "combat") -> int:
    """A creature's Combat rating; a Swarm creature's is its current number of Swarm tokens
    (secrets.ambiguity.creatures-swarm-combat-rating=tokens-replace-printed; printed-plus-tokens keeps
    the printed rating outside combat with adventurers)."""
    cc = card(rs, c)
    if not cc.swarm:
        return cc.combat
    if purpose != "combat" and read(rs.options, "swarm_rating") == "printed-plus-tokens":
        return cc.combat
    return c.swarm


@implements("secrets.tomb-phase.creature-limit", "secrets.tomb-phase.swarm-counts-once",
            "secrets.creatures.swarm-creature-limit")
def limit_count(rs: Any, state: SecretsState) -> int:
    """Creatures counted against the Tomb's limit: every base and elite creature card once (a swarm once,
    whatever its tokens), no boss."""
    return sum(1 for c in state.creatures if not is_boss(rs, c))


@implements("secrets.creatures.swarm-outnumber", "secrets.combat.outnumber-counting")
def outnumber_weight(rs: Any, c: Creature) -> int:
    """For the outnumber bonus each Swarm token is a creature."""
    return c.swarm if card(rs, c).swarm else 1


@implements("secrets.creatures.swarm-spawn-tokens", "secrets.creatures.spawn-times")
def new_creature(rs: Any, state: SecretsState, name: str, room: str) -> tuple[SecretsState, Creature]:
    """A creature enters the Tomb; a Swarm creature with its X Swarm tokens."""
    cc = rs.components.creatures[name]
    c = Creature(state.next_creature, name, room, swarm=cc.swarm)
    return evolve(state, creatures=(*state.creatures, c), next_creature=state.next_creature + 1), c


@implements("secrets.creatures.boss-mobility", "secrets.tomb-phase.tomb-cards-spawn-base-elite",
            "secrets.scenarios.boss-for-flavor")
def spawn_boss(rs: Any, state: SecretsState, name: str, room: str) -> SecretsState:
    """Boss creatures only spawn when the scenario says (never counted against the limit)."""
    if state.boss is not None or room not in {r.name for r in state.rooms}:
        return state
    state, c = new_creature(rs, state, name, room)
    return evolve(state, effects=add(state.effects, Effect("boss", "secrets.creatures.spawn-times",
                                                                 until=GAME, subject=name, value=c.id)))


# Damage and death --------------------------------------------------------------------------------------


def compute_swarm_damage(tokens: Any, damage: Any, dealt: Any, health: Any) -> tuple[Any, Any]:
    """Damage on a swarm: each time the Health rating is met, one token goes; the remainder stays as damage
    tokens (secrets.creatures.swarm-remove-token, secrets.creatures.swarm-remainder).  For ints only."""
    total = damage + dealt
    removed = total // health
    left = max_(tokens - removed, 0)
    return left, if_(left > 0, total - removed * health, 0)


@implements("secrets.creatures.swarm-remove-token", "secrets.creatures.swarm-remainder", "secrets.creatures.swarm-death",
            "secrets.creatures.swarm-health-per-token", "secrets.combat.creature-death", "secrets.combat.damage-tokens",
            "secrets.combat.example-2-swarm-damage", "secrets.combat.example-2-rating-reduced")
def damage_creature(rs: Any, state: SecretsState, key: str, dealt: int) -> tuple[SecretsState, bool]:
    """Put ``dealt`` Damage tokens on a creature; True if it dies (its Health reached:
    secrets.ambiguity.creatures-death-threshold=equal-kills)."""
    c = state.creature(key)
    if c is None or dealt <= 0:
        return state, False
    cc = card(rs, c)
    if cc.swarm:
        tokens, damage = compute_swarm_damage(c.swarm, c.damage, dealt, cc.health)
        if tokens <= 0:
            return _remove(state, key), True
        return state.with_creature(key, swarm=tokens, damage=damage), False
    damage = c.damage + dealt
    dies = damage >= cc.health if read(rs.options, "death_threshold") == "equal-kills" else damage > cc.health
    if dies:
        return _remove(state, key), True
    return state.with_creature(key, damage=damage), False


def _remove(state: SecretsState, key: str) -> SecretsState:
    return evolve(state, creatures=tuple(c for c in state.creatures if c.key != key))


@implements("secrets.combat.killer-soul-shards", "secrets.combat.bystander-soul-shard", "secrets.combat.regain-courage",
            "secrets.creatures.swarm-death", "secrets.reference.combat-11-rewards")
def creature_killed(rs: Any, state: SecretsState, c: Creature, killer: int | None, *, controlled: bool = False,
                    room: str | None = None) -> SecretsState:
    """The adventurer who dealt the killing blow gains the card's Soul Shards, each other adventurer in
    the same room 1; each who gained regains half the Courage attack, rounded up (a controlled creature's
    kill: secrets.ambiguity.combat-cvc-rewards)."""
    cc = card(rs, c)
    room = room or c.room
    courage = (cc.courage_attack + 1) // 2
    # the dead creature's card goes to its discard pile
    if cc.deck in ("base", "elite"):
        pile = getattr(state, cc.deck)
        state = evolve(state, **{cc.deck: evolve(pile, discard=pile.discard.add(c.name))})
    gainers: list[int] = []
    if killer is not None and state.seats[killer].adventurer is not None:
        adv = state.seats[killer].adventurer
        assert adv is not None
        state = state.with_adventurer(killer, shards=adv.shards + cc.soul_shards)
        gainers.append(killer)
    bystanders = [s for s in state.seats_in(room) if s != killer]
    if controlled and read(rs.options, "cvc_rewards") == "controller-anywhere-room-courage":
        note("secrets.combat.cvc-room-courage")
        for s in bystanders:
            state = change_courage(rs, state, s, courage, "secrets.combat.cvc-room-courage")
    else:
        for s in bystanders:
            adv = state.seats[s].adventurer
            assert adv is not None
            state = state.with_adventurer(s, shards=adv.shards + 1)
            gainers.append(s)
    for s in gainers:
        state = change_courage(rs, state, s, courage, "secrets.combat.regain-courage")
    if cc.deck == "boss":
        state = boss_killed(rs, state, c)
    return state


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from .adventurers import change_courage  # noqa: E402
from .scenarios import boss_killed  # noqa: E402
