"""Tomb's rules in Tomb: Cryptmaster's words: the catalog's links, read once.

Tomb: Cryptmaster runs Tomb's engine, whose checks name Tomb's rules.  Its catalog links many of its
rules to Tomb's: ``same_as`` (restated the same way) and ``changes`` (changed: the Cryptmaster ruleset
overrides the hook that formalises it).  This module

* translates a Tomb rule id into the Cryptmaster rule that states it (:func:`to_cryptmaster`), so that a
  refused action, a turn rule or a broken invariant names a Cryptmaster rule;
* registers each ``same_as`` rule as formalised by the very functions that formalise its Tomb rule
  (:func:`register_same_as`): the coverage of Cryptmaster counts what its engine checks.
"""

from __future__ import annotations

from functools import cache

from ..traceability import IMPLEMENTS

#: Tomb rules no Cryptmaster rule links to, and the Cryptmaster rule that says the same there.
EXPLICIT = {
    "tomb.setup.clockwise": "cryptmaster.turn.turn-order",
    "tomb.setup.crypt-capacity": "cryptmaster.setup.crypt-full",
    "tomb.setup.order-roll": "cryptmaster.setup.first-player-roll",
    "tomb.setup.reroll-ties": "cryptmaster.ambiguity.first-player-tie",
    "tomb.setup.draw-three-crypt-cards": "cryptmaster.setup.setup-hand",
    "tomb.turn.free-actions-then-one-standard": "cryptmaster.turn.phases",
    "tomb.turn.standard-actions-list": "cryptmaster.turn-action.one-per-turn",
    "tomb.free.redistribute-attached": "cryptmaster.free.share",
    "tomb.attach.one-card-per-trait": "cryptmaster.attach.one-per-keyword",
    "tomb.cards.prayer-caster": "cryptmaster.attach.prayers-need-holiness",
    "tomb.cards.spell-caster": "cryptmaster.attach.spells-need-magic",
    "tomb.cards.prayers-need-holiness-die": "cryptmaster.inn-cards.prayer-needs-holiness",
    "tomb.cards.spells-need-magic-die": "cryptmaster.inn-cards.spell-needs-magic",
    "tomb.recruit.cleric-draws-prayer": "cryptmaster.recruit.class-cards",
    "tomb.recruit.wizard-draws-spell": "cryptmaster.recruit.class-cards",
    "tomb.treasure.unbanked-attached-in-party": "cryptmaster.cards.treasure-never-in-hand",
    "tomb.draw.two-cards": "cryptmaster.draw.draw-two",
    "tomb.draw.attach-items-immediately": "cryptmaster.free.equip",
    "tomb.heal.needs-cleric": "cryptmaster.heal.party-holiness-roll",
    "tomb.heal.any-order": "cryptmaster.heal.remove-wounds",
    "tomb.move.orthogonal": "cryptmaster.move.orthogonal",
    "tomb.pickpocket.not-at-inn": "cryptmaster.pickpocket.attempt",
    "tomb.pickpocket.not-own-party": "cryptmaster.pickpocket.attempt",
    "tomb.pickpocket.select-card": "cryptmaster.pickpocket.success",
    "tomb.pickpocket.rogue-wounded": "cryptmaster.pickpocket.failure",
    "tomb.recruit.one-from-inn": "cryptmaster.recruit.recruit-one",
    "tomb.party.size-one-to-five": "cryptmaster.recruit.five-character-limit",
    "tomb.flee.battle-action-only": "cryptmaster.flee.battle",
    "tomb.flee.bank-on-reaching-inn": "cryptmaster.free.bank",
    "tomb.flee.turn-ends": "cryptmaster.curse.may-leave",
    "tomb.raid.crypt-master": "cryptmaster.raid.cm-door-symbols",
    "tomb.raid.resolution-order": "cryptmaster.tables.raid-sequence",
    "tomb.raid.empty-crypt-ends-turn": "cryptmaster.ambiguity.raid-empty-or-moved",
    "tomb.trap.combined-successes": "cryptmaster.trap.disarmed",
    "tomb.trap.example-one-disarmer": "cryptmaster.trap.cm-reads",
    "tomb.monster.encounter-continue-or-not": "cryptmaster.monster.reveal-all",
    "tomb.combat.occurs-if-party-remains": "cryptmaster.monster.combat-begins",
    "tomb.combat.act-once-per-round": "cryptmaster.battle.one-per-round",
    "tomb.combat.monster-attack-roll": "cryptmaster.attack.roll",
    "tomb.wounds.marker-placed": "cryptmaster.attack.wounds",
    "tomb.wounds.player-assigns": "cryptmaster.attack.victim-picks-target",
    "tomb.death.abate-immediately": "cryptmaster.card-text.react-timing",
    "tomb.death.killed-at-hit-points": "cryptmaster.death.character-dies",
    "tomb.death.party-wiped-restart": "cryptmaster.upkeep.refill-slain-parties",
    "tomb.death.party-wiped-discard": "cryptmaster.upkeep.refill-slain-parties",
    "tomb.treasure.bank-or-attach-immediately": "cryptmaster.treasure.bank-or-attach",
    "tomb.treasure.receive-all": "cryptmaster.treasure.cm-hands-over",
    "tomb.treasure.attached-bank-at-inn": "cryptmaster.free.bank",
    "tomb.banking.never-returned": "cryptmaster.attach.discard-only-when-told",
    "tomb.banking.kept-separate": "cryptmaster.free.bank-scores",
    "tomb.actions.react-priority": "cryptmaster.rule-zero.resolution-order",
    "tomb.actions.meet-requirements": "cryptmaster.defs.who-may-use-an-action",
    "tomb.dice.attribute-named": "cryptmaster.rolls.dice-pool",
    "tomb.glossary.character-pool": "cryptmaster.setup.character-bag",
    "tomb.end.crypts-emptied": "cryptmaster.upkeep.tomb-empty-game-ends",
    "tomb.cards.example-another-way-in": "cryptmaster.card-text.turn",
    "tomb.cards.example-keziahs-orb": "cryptmaster.card-text.react-timing",
    "tomb.item.example-throwing-daggers": "cryptmaster.card-text.react-timing",
    "tomb.monster.example-elithe": "cryptmaster.monster.reveal-effects",
    "tomb.monster.example-darkhelm": "cryptmaster.monster.reveal-effects",
    "tomb.monster.example-komodo": "cryptmaster.card-text.triggered-traits",
    "tomb.example.fireball": "cryptmaster.card-text.battle",
    "tomb.example.mirin-casts-bless": "cryptmaster.card-text.battle",
    "tomb.combat.monster-inn-card-swap-words": "cryptmaster.traitor.attached-cards",
}

#: by Tomb area, the Cryptmaster rule for any Tomb rule not named above
AREAS = {
    "setup": "cryptmaster.setup.place-crypt-card", "inn": "cryptmaster.setup.starting-character",
    "turn": "cryptmaster.turn.phases", "free": "cryptmaster.free.use-any", "act": "cryptmaster.card-text.turn",
    "draw": "cryptmaster.draw.draw-two", "cards": "cryptmaster.attach.attachable", "heal": "cryptmaster.heal.remove-wounds",
    "move": "cryptmaster.move.up-to-ten", "pickpocket": "cryptmaster.pickpocket.attempt",
    "recruit": "cryptmaster.recruit.recruit-one", "play": "cryptmaster.card-text.action-types",
    "flee": "cryptmaster.flee.turn", "raid": "cryptmaster.raid.begins", "trap": "cryptmaster.trap.cm-chooses",
    "monster": "cryptmaster.monster.reveal-all", "combat": "cryptmaster.combat.alternate-until",
    "wounds": "cryptmaster.attack.wounds", "death": "cryptmaster.death.character-dies",
    "treasure": "cryptmaster.treasure.bank-or-attach", "banking": "cryptmaster.free.bank-scores",
    "actions": "cryptmaster.card-text.action-types", "item": "cryptmaster.inn-cards.items-anyone",
    "end": "cryptmaster.upkeep.final-score", "party": "cryptmaster.recruit.five-character-limit",
    "attach": "cryptmaster.attach.attachable", "dice": "cryptmaster.rolls.dice-pool",
    "glossary": "cryptmaster.defs.use", "object": "cryptmaster.goal.most-xp", "example": "cryptmaster.card-text.battle",
    "solo": "cryptmaster.turn.phases", "campaign": "cryptmaster.turn.phases", "contents": "cryptmaster.components.contents",
}


@cache
def _links() -> dict[str, str]:
    from tombspec.spec import load_catalog

    out: dict[str, str] = {}
    for rule in load_catalog("cryptmaster").rules:
        for tomb_id in (rule.same_as, rule.changes):
            if tomb_id and tomb_id not in out:
                out[tomb_id] = rule.id
    return out


@cache
def _ambiguities() -> dict[str, str]:
    from tombspec.spec import load_catalog

    cm = {a.id.rsplit(".", 1)[-1]: a.id for a in load_catalog("cryptmaster").ambiguities}
    out: dict[str, str] = {}
    for a in load_catalog("tomb").ambiguities:
        name = a.id.rsplit(".", 1)[-1]
        if name in cm:
            out[a.id] = cm[name]
        else:
            out[a.id] = next((to_cryptmaster(r) for r in a.rules), "cryptmaster.rule-zero.card-precedence")
    return out


def to_cryptmaster(rule_id: str) -> str:
    """The Cryptmaster rule that states Tomb rule ``rule_id`` (ids of Cryptmaster pass unchanged)."""
    if not rule_id.startswith("tomb."):
        return rule_id
    if rule_id in EXPLICIT:
        return EXPLICIT[rule_id]
    links = _links()
    if rule_id in links:
        return links[rule_id]
    if rule_id.startswith("tomb.ambiguity."):
        return _ambiguities().get(rule_id, "cryptmaster.rule-zero.card-precedence")
    area = rule_id.split(".")[1]
    return AREAS.get(area, "cryptmaster.rule-zero.card-precedence")


def also_to_cryptmaster(rule_ids: tuple[str, ...]) -> tuple[str, ...]:
    """The Cryptmaster rules that state the other rules a refused action breaks (``to_cryptmaster``
    each), leaving out a Tomb rule no Cryptmaster rule states (the fallback names the Rule Zero, which
    says nothing of the action)."""
    out = tuple(to_cryptmaster(r) for r in rule_ids)
    return tuple(r for r in out if r != "cryptmaster.rule-zero.card-precedence")


#: Cryptmaster rules the catalog links to no Tomb rule (or only ``changes`` one, in a part the engine
#: already keeps apart) that Tomb's engine formalises as it stands: each names the Tomb rules whose
#: functions do it, or the functions themselves, and why.
ENGINE: dict[str, tuple[str, ...]] = {
    # the door number is read only while the crypts are filled (setup.is_open); nothing caps a crypt later
    "cryptmaster.setup.crypt-full": ("tomb.setup.crypt-capacity",),
    # combat is the raid stage after the monsters are revealed, when the raiding party remains
    "cryptmaster.monster.combat-begins": ("tomb.combat.occurs-if-party-remains",),
    # the traps stage repeats until no unresolved trap is left, then the next stage runs
    "cryptmaster.trap.none-left": ("tomb.trap.repeat-until-none",),
    # usable_actions lists only actions printed on the character, on its attached cards, or cast from
    # the hand; cards with no action (or text only) are never used, though their bonuses count
    "cryptmaster.defs.who-may-use-an-action": ("tomb.actions.meet-requirements",),
    "cryptmaster.defs.no-action-no-use": ("tomb.actions.meet-requirements",),
    # the React window lists every react whose trigger is met (each once per trigger), read afresh from
    # the hand and the party at each decision, so a react drawn by another react is offered there too
    "cryptmaster.card-text.many-reacts": ("tomb.actions.react",),
    "cryptmaster.rule-zero.chained-reacts": ("tomb.actions.react",),
    # a roll's pool adds the bonuses of every attached card, at every roll; cards in the hand add none
    "cryptmaster.card-text.traits-unlimited": ("tomb.dice.total-attribute-with-bonuses",),
    "cryptmaster.card-text.no-traits-from-hand": ("tomb.dice.total-attribute-with-bonuses",),
    # a heal (Turn/Battle) or a temporary HP (React) may target the character using it
    "cryptmaster.defs.friend-includes-self": ("tombspec.model.tomb.rules.reacts.battle_targets",
                                              "tombspec.model.tomb.rules.reacts.react_targets"),
}


@cache
def _reverse() -> dict[str, tuple[str, ...]]:
    from tombspec.spec import load_catalog

    out: dict[str, list[str]] = {}
    for rule in load_catalog("cryptmaster").rules:
        if rule.same_as:
            out.setdefault(rule.same_as, []).append(rule.id)
    for rid, sources in ENGINE.items():
        for source in sources:
            if source.startswith("tomb."):
                out.setdefault(source, []).append(rid)
    return {k: tuple(v) for k, v in out.items()}


def recorded_as(rule_id: str) -> set[str]:
    """The Cryptmaster rules exercised when the engine exercises Tomb rule ``rule_id``: the one that
    states it, every ``same_as`` rule and every :data:`ENGINE` rule it formalises."""
    return {to_cryptmaster(rule_id), *_reverse().get(rule_id, ())}


def register_same_as() -> int:
    """Every ``same_as`` rule whose Tomb rule is formalised is formalised by the same functions, and so
    is every rule of :data:`ENGINE`."""
    import importlib

    from tombspec.spec import load_catalog

    n = 0
    for rule in load_catalog("cryptmaster").rules:
        if rule.same_as and rule.same_as in IMPLEMENTS and rule.id not in IMPLEMENTS:
            IMPLEMENTS[rule.id].extend(IMPLEMENTS[rule.same_as])
            n += 1
    for rid, sources in ENGINE.items():
        for source in sources:
            if source.startswith("tomb."):
                assert source in IMPLEMENTS, source
                IMPLEMENTS[rid].extend(f for f in IMPLEMENTS[source] if f not in IMPLEMENTS[rid])
            else:
                module, name = source.rsplit(".", 1)
                assert callable(getattr(importlib.import_module(module), name)), source
                IMPLEMENTS[rid].append(source)
        n += 1
    return n
