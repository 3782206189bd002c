"""Raid: the Cryptmaster (L, R, LL, RR), Hire Mercenaries, Begin the Raid, Curses, the monsters'
spells and prayers, Acting in Combat (the CM's cryptmaster cards, bystanders, passing), and Death
(mercenaries come home).  Traps, Monsters, Treasure and Combat are Tomb's, through its hooks.
"""

from __future__ import annotations

from typing import Any

from ...effects import RAID, TURN, Effect, add, has
from ...tomb.actions import Attack, Continue, Curse, Done, Hire, Leave, Lend, Pass, Target, UseCard
from ...tomb.board import INN
from ...tomb.rules.agenda import AUTO, DECIDE, PRIORITY, actors, legal, pop, push, task, update_head, why
from ...tomb.rules.cards import card_type, character_hp, usable_actions
from ...tomb.rules.death import discard_cards
from ...tomb.rules.reacts import battle_targets
from ...tomb.rules.rolling import combined_pool, character_pool
from ...tomb.rules.standard_actions import start_roll
from ...tomb.rules.treasure import bank_card
from ...tomb.rules.wounds import live_monsters, monster_index, update_character, update_monster, wounds_then_death
from ...tomb.state import Character, Roll, Task, TombState, evolve
from ...options import by_reading
from ...traceability import implements, note
from . import REGISTRY
from .attachments import fix_restrictions


# The Cryptmaster -------------------------------------------------------------------------------------------

@implements("cryptmaster.raid.cm-door-symbols", "cryptmaster.raid.cryptmaster", "cryptmaster.raid.cm-alternate",
            "cryptmaster.ambiguity.cm-seat-wraps-to-raider", "cryptmaster.ambiguity.crypt-several-doors")
def crypt_master(rs: Any, state: TombState, raider: int, cid: str, door: str) -> int | None:
    """"An "L" indicates one player to the left, an "R" is one player to the right, and an "LL" or "RR"
    is the player two seats away" (the door the raiding party stands on; skip-raider: counting around the
    table past the raider, so the CM is never the raider; plain-count: landing on him, there is no CM).
    A crypt's printed alternate instructions are text the model cannot act on."""
    n = rs.num_players
    info = rs.board.crypts[cid]
    symbol = info.symbol(door) if door else info.cm
    step = 1 if symbol.startswith("L") else -1
    seats = len(symbol)
    if rs.options.cm_seat == "plain-count":
        cm = (raider + step * seats) % n
        return None if cm == raider else cm
    others = [(raider + step * k) % n for k in range(1, n)]
    return others[(seats - 1) % len(others)]


@implements("cryptmaster.raid.begins", "cryptmaster.raid.cm-looks", "cryptmaster.raid.enter-crypt",
            "cryptmaster.tables.raid-sequence")
def raid_tasks(rs: Any, state: TombState, player: int, cid: str, door: str) -> list[Task]:
    """"When a party chooses to raid a crypt, the raid begins": Hire Mercenaries; the CM looks at the
    cards; the party moves in; curses, traps, monsters, treasures."""
    from ...tomb.rules.raid import raid_tasks as tomb_tasks

    return [Task("hire", player, cid, card=door, rule="cryptmaster.mercenary.invite"),
            *tomb_tasks(rs, state, player, cid, door)]


def raid_stages(rs: Any) -> list[str]:
    return ["curses", "traps", "monsters", "treasure"]


# Hire Mercenaries ---------------------------------------------------------------------------------------------

def hireable(rs: Any, state: TombState, raider: int, cid: str, door: str) -> list[int]:
    cm = crypt_master(rs, state, raider, cid, door)
    # a player who lent a mercenary, or declined an invitation, is not invited again this raid
    asked = {e.player for e in state.effects if e.name in ("hired", "declined")}
    return [q for q, party in enumerate(state.parties)
            if q not in (raider, cm) and q not in asked and party.characters and party.location != INN and not party.out]


@task("hire", DECIDE, "cryptmaster.mercenary.invite", what="invite a mercenary", registry=REGISTRY)
@implements("cryptmaster.mercenary.invite", "cryptmaster.ambiguity.mercenary-trait-scope")
def apply_hire(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"You may invite any player or players with a party in the Tomb, except the CM, to assist in the
    raid" (an invited player may decline)."""
    if isinstance(action, Done):
        state = pop(state)
        return push(state, *trait_tasks(rs, state, player, t.subject or "", t.card or ""))
    return push(state, Task("lend", action.player, items=(str(player),), rule="cryptmaster.mercenary.one-character"))


@legal("hire", registry=REGISTRY)
def legal_hire(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Hire(q) for q in hireable(rs, state, player, t.subject or "", t.card or "")] + [Done()]


def trait_tasks(rs: Any, state: TombState, raider: int, cid: str, door: str) -> list[Task]:
    """"If a player has a character with the Mercenary trait, it may assist in the raid without being
    invited" (its player's one mercenary)."""
    out = []
    for q in hireable(rs, state, raider, cid, door):
        if any("mercenary" in rs.cards.characters[c.name].keywords for c in state.parties[q].characters):
            out.append(Task("lend", q, "trait", items=(str(raider),), rule="cryptmaster.mercenary.trait-uninvited"))
    return out


@task("lend", DECIDE, "cryptmaster.mercenary.one-character", what="lend a mercenary", registry=REGISTRY)
@implements("cryptmaster.mercenary.one-character", "cryptmaster.mercenary.trait-uninvited",
            "cryptmaster.ambiguity.mercenaries-in-party")
def apply_lend(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"Each player who does so chooses one character from their party who temporarily joins the group
    raiding, and is considered a mercenary for the turn."""
    state = pop(state)
    if isinstance(action, Pass):
        # reading consent-no-cm: the invited player may decline, once; the raid's host does not ask again
        return evolve(state, effects=add(state.effects, Effect(
            "declined", "cryptmaster.ambiguity.mercenary-trait-scope", until=TURN, player=player)))
    raider = int(t.items[0])
    home = state.parties[player]
    ch = home.character(action.character)
    assert ch is not None
    state = state.with_party(player, characters=tuple(c for c in home.characters if c.name != ch.name))
    raiders = state.parties[raider]
    state = state.with_party(raider, characters=(*raiders.characters, evolve(ch, owner=player, actions=0)))
    return evolve(state, effects=add(state.effects, Effect("hired", "cryptmaster.mercenary.one-character", until=TURN,
                                                                 player=player, subject=ch.name)))


@legal("lend", registry=REGISTRY)
def legal_lend(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    chars = state.parties[player].characters
    if t.subject == "trait":
        chars = tuple(c for c in chars if "mercenary" in rs.cards.characters[c.name].keywords)
    return [Lend(c.name) for c in chars] + [Pass()]


def mercenaries(state: TombState, raider: int) -> list[Any]:
    return [c for c in state.parties[raider].characters if c.owner is not None]


@implements("cryptmaster.mercenary.survivor-returns", "cryptmaster.mercenary.died-returns",
            "cryptmaster.death.mercenary-returns", "cryptmaster.ambiguity.mercenary-return-state",
            "cryptmaster.ambiguity.mercenary-returned-cards")
def return_mercenaries(rs: Any, state: TombState, *, dead_too: bool) -> TombState:
    """Survivors go home at the end of the raid "with any effects that happened to it (i.e. wounds,
    curses, lost attachments) remaining"; a dead one "is returned to the original player alive at the
    end of the turn with all cards it had attached at the time of death, and enough wounds such that one
    more would kill it" (fully-healed: all come back healed)."""
    for p in range(rs.num_players):
        for ch in mercenaries(state, p):
            home = ch.owner
            assert home is not None
            state = state.with_party(p, characters=tuple(c for c in state.parties[p].characters if c.name != ch.name))
            back = evolve(ch, owner=None, actions=0, wounds=0 if rs.options.merc_return_state == "fully-healed"
                                else ch.wounds)
            state = state.with_party(home, characters=(*state.parties[home].characters, back))
            state = fix_restrictions(rs, state, p)
    if dead_too:
        fallen = [e for e in state.effects if e.name == "fallen-mercenary"]
        for e in fallen:
            home = e.player
            assert home is not None
            cards = e.items if rs.options.merc_cards == "all-cards" else tuple(
                c for c in e.items if card_type(rs, c) == "item")
            state = discard_cards(rs, state, tuple(c for c in e.items if c not in cards))
            back = Character(e.subject or "", 0, cards)
            state = state.with_party(home, characters=(*state.parties[home].characters, back))
            if rs.options.merc_return_state != "fully-healed":
                hp = character_hp(rs, state, home, back.name)
                state = update_character(state, home, back.name, wounds=max(hp - 1, 0))
        if fallen:                          # (none fallen: the effects stand as they are)
            state = evolve(state, effects=tuple(e for e in state.effects if e.name != "fallen-mercenary"))
    return state


@implements("cryptmaster.mercenary.xp-per-card", "cryptmaster.mercenary.resolved-cards", "cryptmaster.mercenary.overlord-bonus",
            "cryptmaster.death.mercenary-still-paid", "cryptmaster.ambiguity.mercenary-xp",
            "cryptmaster.ambiguity.position-after-raid")
@implements("cryptmaster.trap.disarmed", "cryptmaster.ambiguity.trap-discard")
def bank_disarmed_trap(rs: Any, state: TombState, player: int, trap: str) -> TombState:
    """"he succeeds in disarming the trap, and it is added to the party's XP bank!" ... "The trap is then
    discarded" (failed-only: a disarmed trap stays in the bank; both: it is discarded, its XP banked as
    tokens)."""
    if rs.options.trap_discard == "both":
        xp = rs.cards.crypt[trap].xp
        state = state.with_party(player, bank_xp=state.parties[player].bank_xp + xp)
        return discard_cards(rs, state, (trap,))
    return bank_card(rs, state, player, trap)


@implements("cryptmaster.mercenary.overlord-bonus", "cryptmaster.ambiguity.overlord-mercenary-pay")
def mercenary_pay(rs: Any, raid: Any) -> int:
    """The XP each mercenary's player gains for the raid: 1 for each Tomb card resolved, and 5 more when
    the raiding party killed the overlord, which, dead as a monster is, counts among the cards resolved
    (``raid.resolved``) under five-and-one and not under five-only (asked only when it was killed)."""
    if not raid.overlord_killed:
        return raid.resolved
    return by_reading(rs.options, "overlord_merc_pay", {"five-and-one": raid.resolved + 5,
                                                        "five-only": raid.resolved - 1 + 5})


def after_raid(rs: Any, state: TombState, raider: int | None, raid: Any) -> TombState:
    """"At the end of the raid, each player with a mercenary present receives 1 XP for each Tomb card
    successfully resolved during the raid ... If the raiding party kills an Overlord, each mercenary's
    player gains 5 XP." Survivors go home; the party stays in the crypt (inside-crypt) or at its door."""
    hired = {e.player for e in state.effects if e.name == "hired"}
    if rs.options.merc_xp == "present-at-end":
        hired = {c.owner for c in mercenaries(state, state.current)}
    paid = sorted(h for h in hired if h is not None)
    gain = mercenary_pay(rs, raid) if paid else 0
    for q in paid:
        state = state.with_party(q, bank_xp=state.parties[q].bank_xp + gain)
    state = return_mercenaries(rs, state, dead_too=False)
    if rs.options.after_raid == "on-door" and raider is not None:
        door = raid.door or rs.board.crypts[raid.crypt].doors[0]
        state = state.with_party(raider, location=door)
    return state


# Curses --------------------------------------------------------------------------------------------------------

@task("curses", AUTO, "cryptmaster.curse.reveal-and-attach", registry=REGISTRY)
@implements("cryptmaster.curse.reveal-and-attach", "cryptmaster.curse.then-traps", "cryptmaster.qrg.order-curses",
            "cryptmaster.ambiguity.curse-reveal-order")
def run_curses(rs: Any, state: TombState, t: Task) -> TombState:
    """"First, the CM reveals each curse and attaches it to a member of the raiding party" (each-in-turn:
    each attached then checked before the next; all-at-once: all attached, then the checks); then the
    party may leave for the door; otherwise, on to the traps."""
    raid = state.raid
    if raid is None:
        return pop(state)
    curses = [h.card for h in raid.cards if rs.cards.crypt[h.card].type == "curse"]
    if not curses:
        pending = [e for e in state.effects if e.name == "curse-pending"]
        if pending:                                   # all-at-once: now the checks, in the order attached
            state = evolve(state, effects=tuple(e for e in state.effects if e.name != "curse-pending"))
            return push(state, *(Task("curse-check", state.current, e.subject, card=e.items[0],
                                      rule="cryptmaster.curse.holiness-check") for e in pending))
        state = pop(state)
        if any(e.name == "cursed-this-raid" for e in state.effects):
            return push(state, Task("curse-leave", t.player, rule="cryptmaster.curse.may-leave"))
        return state
    from ...tomb.rules.raid import take_card

    state = take_card(state, curses[0])
    state = evolve(state, effects=add(state.effects, Effect("cursed-this-raid", "cryptmaster.curse.reveal-and-attach",
                                                                 until=RAID)))
    cm = raid.cm if raid.cm is not None else t.player
    return push(state, Task("curse-attach", cm, card=curses[0], rule="cryptmaster.curse.reveal-and-attach"))


@task("curse-attach", DECIDE, "cryptmaster.curse.reveal-and-attach", what="the bearer of the curse", registry=REGISTRY)
def apply_curse_attach(rs: Any, state: TombState, t: Task, action: Curse, player: int) -> TombState:
    state = pop(state)
    raider = state.current
    owner = state.owner_of(action.character)
    assert owner is not None
    ch = state.parties[owner].character(action.character)
    assert ch is not None
    state = update_character(state, owner, ch.name, attached=(*ch.attached, action.card))
    state = fix_restrictions(rs, state, owner)
    if rs.options.curse_order == "all-at-once":
        return evolve(state, effects=add(state.effects, Effect(
            "curse-pending", "cryptmaster.ambiguity.curse-reveal-order", until=RAID, subject=action.character,
            items=(action.card,))))
    return push(state, Task("curse-check", raider, action.character, card=action.card, rule="cryptmaster.curse.holiness-check"))


@why("curse-attach", registry=REGISTRY)
def why_curse_attach(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    """A curse attached to a mercenary under mercs_in_party = raider-own-only names that reading; anything
    else the curse's rule ("attaches it to a member of the raiding party")."""
    if isinstance(action, Curse):
        ch = state.parties[state.current].character(action.character)
        if ch is not None and ch.owner is not None and rs.options.mercs_in_party != "members":
            return "cryptmaster.ambiguity.mercenaries-in-party"
    return "cryptmaster.curse.reveal-and-attach"


@legal("curse-attach", registry=REGISTRY)
def legal_curse_attach(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    members = [c.name for c in state.parties[state.current].characters
               if c.owner is None or rs.options.mercs_in_party == "members"]
    return [Curse(t.card or "", n) for n in members]


@task("curse-check", DECIDE, "cryptmaster.curse.holiness-check", what="try to lift the curse?", registry=REGISTRY)
@implements("cryptmaster.curse.holiness-check", "cryptmaster.curse.lifted-banked", "cryptmaster.curse.remains",
            "cryptmaster.ambiguity.curse-check")
def apply_curse_check(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"As each curse is attached, the party may make an immediate Holiness check to attempt to lift the
    curse. If successful, the curse is banked. Otherwise, it remains on the character" (a party roll
    against the curse's TN; character-only: its bearer alone)."""
    state = pop(state)
    if isinstance(action, Pass):
        return state
    curse = rs.cards.crypt[t.card or ""]
    names = state.parties[player].names if rs.options.curse_check == "party-holiness-vs-curse-tn" else (t.subject or "",)
    pool = combined_pool(rs, state, player, tuple(names), "holiness")
    return start_roll(state, Roll("curse-check", player, pool.dice, pool.auto, subject=t.subject, card=t.card,
                                  value=curse.tn))


@legal("curse-check", registry=REGISTRY)
def legal_curse_check(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Continue(), Pass()]


def curse_check_done(rs: Any, state: TombState, roll: Roll, total: int) -> TombState:
    from .turn import lift_curse

    if total < roll.value:
        return state
    note("cryptmaster.curse.lifted-banked")
    raid = state.raid
    if raid is not None:
        state = evolve(state, raid=evolve(raid, resolved=raid.resolved + 1))
    return lift_curse(rs, state, roll.player, roll.subject or "", roll.card or "")


@task("curse-leave", DECIDE, "cryptmaster.curse.may-leave", what="go on or leave", registry=REGISTRY)
@implements("cryptmaster.curse.may-leave", "cryptmaster.curse.leave-returns-cards")
def apply_curse_leave(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"After all curses are resolved, the party may choose to return to the door of the crypt, ending
    the turn. Return all remaining crypt cards to the crypt face down.\""""
    from ...tomb.rules.raid import leave_crypt

    state = pop(state)
    return leave_crypt(rs, state, player) if isinstance(action, Leave) else state


@legal("curse-leave", registry=REGISTRY)
def legal_curse_leave(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Continue(), Leave()]


# Monsters: spells and prayers ------------------------------------------------------------------------------------

@implements("cryptmaster.monster.magic-draws-spell", "cryptmaster.monster.holiness-draws-prayer",
            "cryptmaster.monster.reveal-effects", "cryptmaster.monster.party-reactions", "cryptmaster.inn-cards.monsters-attach")
def monster_reveal_tasks(rs: Any, state: TombState, index: int) -> list[Task]:
    """"If any monsters have magic dice, each such monster draws and attaches one spell ... if any monsters
    have holiness dice, each such monster draws and attaches one prayer"; then the CM's effects."""
    from ...tomb.rules.rolling import monster_pool

    raid = state.raid
    assert raid is not None
    cm = raid.cm if raid.cm is not None else state.current
    out = []
    draws = rs.reveal_effects(state, raid.monsters[index])   # not the overlord revealed before (first-reveal-only)
    if draws and monster_pool(rs, state, index, "magic").count:
        out.append(Task("inn-draw", cm, f"m{index}", deck="spell", rule="cryptmaster.monster.magic-draws-spell"))
    if draws and monster_pool(rs, state, index, "holiness").count:
        out.append(Task("inn-draw", cm, f"m{index}", deck="prayer", rule="cryptmaster.monster.holiness-draws-prayer"))
    if index == len(raid.monsters) - 1:
        out.append(Task("cm-window", cm, "monsters", rule="cryptmaster.presence.cm-effects"))
    return out


# CM effects ------------------------------------------------------------------------------------------------------

def cm_players(rs: Any, state: TombState) -> list[int]:
    """Who may use CM effects now: the CM (any number), then each bystander (one per raid): a player
    with a party in the Tomb, neither the raider nor the CM nor lending a mercenary (Rule Zero order)."""
    raid = state.raid
    if raid is None:
        return []
    hired = {e.player for e in state.effects if e.name == "hired"}
    out = [raid.cm] if raid.cm is not None else []
    n = rs.num_players
    for k in range(1, n):
        q = (state.current + k) % n
        if q in out or q in hired:
            continue
        party = state.parties[q]
        if party.characters and party.location != INN and not party.out and \
                not has(state.effects, "cm-effect-used", player=q):
            out.append(q)
    return out


def cm_card_options(rs: Any, state: TombState, player: int, kinds: tuple[str, ...]) -> list[UseCard]:
    """The cryptmaster cards in ``player``'s hand of ``kinds``, with their targets (once each per turn:
    once-each)."""
    raid = state.raid
    if raid is None:
        return []
    used = {e.subject for e in state.effects if e.name == "cm-used" and e.player == player}
    out = []
    for card in sorted(set(state.parties[player].hand)):
        c = rs.cards.inn.get(card)
        if c is None or c.deck != "cryptmaster":
            continue
        if rs.options.cm_effect_repeat == "once-each" and card in used:
            continue
        for e in c.effects:
            if e.kind not in kinds:
                continue
            if e.kind == "cm-monster-dice":
                out += [UseCard(card, "cm", f"m{i}") for i in live_monsters(state)]
            elif e.kind == "cm-trap-tn" and raid.trap is not None:
                out.append(UseCard(card, "cm", None))
            elif e.kind == "cm-wound":
                out += [UseCard(card, "cm", ch.name) for ch in state.parties[state.current].characters]
    return out


@implements("cryptmaster.presence.cryptmaster-cards", "cryptmaster.presence.discard-cryptmaster-cards",
            "cryptmaster.presence.cm-effects", "cryptmaster.presence.cm-no-limit", "cryptmaster.presence.bystander-one-cm-effect",
            "cryptmaster.ambiguity.different-cm-effects", "cryptmaster.ambiguity.cryptmaster-card-attach",
            "cryptmaster.card-text.absent-from-combat")
def apply_cm_card(rs: Any, state: TombState, player: int, action: UseCard) -> TombState:
    """The CM "may use any number of cryptmaster cards that he has in hand. Discard cryptmaster cards
    after use"; a bystander may use one CM effect per raid."""
    party = state.parties[player]
    hand = list(party.hand)
    hand.remove(action.card)
    state = state.with_party(player, hand=tuple(hand))
    state = discard_cards(rs, state, (action.card,))
    state = evolve(state, effects=add(state.effects, Effect("cm-used", "cryptmaster.ambiguity.different-cm-effects",
                                                                 until=TURN, player=player, subject=action.card)))
    raid = state.raid
    if raid is not None and player != raid.cm:
        state = evolve(state, effects=add(state.effects, Effect("cm-effect-used",
                                                                     "cryptmaster.presence.bystander-one-cm-effect",
                                                                     until=RAID, player=player)))
    effect = rs.cards.inn[action.card].effects[0]
    if effect.kind == "cm-monster-dice":
        return evolve(state, effects=add(state.effects, Effect("monster-dice", "cryptmaster.presence.cm-effects",
                                                                     until=RAID, subject=action.target, value=effect.value,
                                                                     items=(effect.attribute or "attack",
                                                                            effect.colour or "red"))))
    if effect.kind == "cm-trap-tn":
        trap = state.raid.trap if state.raid is not None else None
        return evolve(state, effects=add(state.effects, Effect("trap-tn", "cryptmaster.presence.cm-effects",
                                                                     until=RAID, subject=trap, value=effect.value)))
    if effect.kind == "cm-wound" and action.target is not None:
        owner = state.owner_of(action.target)
        if owner is not None:
            return push(state, *wounds_then_death(owner, action.target, effect.value, "cryptmaster.presence.cm-effects"))
    return state


@task("cm-window", PRIORITY, "cryptmaster.presence.cm-effects", what="CM effects", registry=REGISTRY)
def apply_cm_window(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    if isinstance(action, Pass):
        return update_head(state, items=(*t.items, str(player)))
    return apply_cm_card(rs, state, player, action)


def _window_kinds(t: Task) -> tuple[str, ...]:
    return ("cm-trap-tn",) if t.subject == "trap" else ("cm-monster-dice", "cm-wound")


@actors("cm-window", registry=REGISTRY)
def cm_window_actors(rs: Any, state: TombState, t: Task) -> tuple[int, ...]:
    passed = {int(p) for p in t.items}
    return tuple(p for p in cm_players(rs, state) if p not in passed and cm_card_options(rs, state, p, _window_kinds(t)))


@why("cm-window", registry=REGISTRY)
def why_cm_window(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    """A cryptmaster card used a second time in the turn, under once-each, names the reading that forbids
    it (cryptmaster.ambiguity.different-cm-effects); anything else the CM effects' rule."""
    if isinstance(action, UseCard) and action.card in state.parties[player].hand and \
            rs.options.cm_effect_repeat == "once-each" and \
            any(e.name == "cm-used" and e.player == player and e.subject == action.card for e in state.effects):
        return "cryptmaster.ambiguity.different-cm-effects"
    return "cryptmaster.presence.cm-effects"


@legal("cm-window", registry=REGISTRY)
def legal_cm_window(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [*cm_card_options(rs, state, player, _window_kinds(t)), Pass()]


def trap_announced_tasks(rs: Any, state: TombState, player: int) -> list[Task]:
    """Once a Trap is announced, before the raider chooses who disarms it: the CM effects that raise the
    announced Trap's Target Number ("the announced Trap gains +VALUE TN"), in priority as for the
    Monsters (the window is skipped when nobody holds such a card)."""
    raid = state.raid
    cm = raid.cm if raid is not None and raid.cm is not None else player
    return [Task("cm-window", cm, "trap", rule="cryptmaster.presence.cm-effects")]


@implements("cryptmaster.ambiguity.trap-rollers", "cryptmaster.trap.disarmed")
def disarm_groups(rs: Any, state: TombState, names: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Who rolls together against each listed attribute's TN: the chosen characters in one combined roll
    (combined-per-attribute), or each of them alone, every roll to meet the TN (each-separately)."""
    if len(names) < 2 or rs.options.trap_tns == "summed":
        return (names,)
    return by_reading(rs.options, "trap_rollers", {"combined-per-attribute": (names,),
                                                   "each-separately": tuple((n,) for n in names)})


# Combat: the CM's battle action, passing, mercenaries ------------------------------------------------------------

@implements("cryptmaster.combat.cm-battle-action", "cryptmaster.ambiguity.defender-order", "cryptmaster.ambiguity.combat-passing",
            "cryptmaster.mercenary.designate", "cryptmaster.mercenary.controller-chooses")
def extra_battle_options(rs: Any, state: TombState, player: int, side: str) -> list[Any]:
    """At step 2 "a CM battle action may be used" (a cryptmaster card, in addition); any combatant may
    pass (may-pass); the raider designates a mercenary, whose controller then chooses its action."""
    from ...tomb.rules.combat import ready_characters, ready_monsters

    out: list[Any] = []
    if side == "cm":
        out += cm_card_options(rs, state, player, ("cm-wound", "cm-monster-dice"))
        if rs.options.combat_passing == "may-pass" and ready_monsters(rs, state):
            out.append(Pass())
    else:
        out += [Target(c.name) for c in mercenaries(state, player)
                if c.name in ready_characters(rs, state) and merc_has_action(rs, state, player, c)]
        if rs.options.combat_passing == "may-pass" and ready_characters(rs, state):
            out.append(Pass())
    return out


def merc_has_action(rs: Any, state: TombState, raider: int, merc: Any) -> bool:
    """A mercenary is designated only if its controller then has an action to choose for it."""
    t = Task("merc-action", merc.owner, merc.name, items=(str(raider),), rule="cryptmaster.mercenary.controller-chooses")
    return bool(rs.tasks["merc-action"].legal(rs, state, t, merc.owner))


def is_extra_battle_action(action: Any) -> bool:
    return isinstance(action, (Pass, Target)) or (isinstance(action, UseCard) and action.holder == "cm")


def apply_extra_battle(rs: Any, state: TombState, player: int, action: Any, side: str) -> TombState:
    from ...tomb.rules.combat import flip, ready_characters, ready_monsters

    if isinstance(action, UseCard):
        return apply_cm_card(rs, state, player, action)
    if isinstance(action, Target):
        owner = state.parties[player].character(action.character).owner  # type: ignore[union-attr]
        return push(pop(state), Task("merc-action", owner, action.character, items=(str(player),),
                                     rule="cryptmaster.mercenary.controller-chooses"))
    # Pass: the next ready combatant of this side gives up its turn in the round
    state = flip(pop(state))
    if side == "cm":
        i = ready_monsters(rs, state)[0]
        state = update_monster(state, i, actions=state.raid.monsters[i].actions + 1)  # type: ignore[union-attr]
    else:
        name = ready_characters(rs, state)[0]
        owner = state.owner_of(name)
        ch = state.parties[owner].character(name)  # type: ignore[arg-type]
        state = update_character(state, owner, name, actions=ch.actions + 1)  # type: ignore[arg-type,union-attr]
    return evolve(state, effects=add(state.effects, Effect("passed", "cryptmaster.ambiguity.combat-passing",
                                                                 until=RAID, player=player)))


@task("merc-action", DECIDE, "cryptmaster.mercenary.controller-chooses", what="the mercenary's action", registry=REGISTRY)
@implements("cryptmaster.mercenary.no-flee")
def apply_merc_action(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"When it is a mercenary's turn to take an action, its normal controller chooses what the action
    will be ... However, the mercenary may not choose to flee."""
    from ...tomb.rules.combat import apply_battle_raider

    return apply_battle_raider(rs, state, t, action, int(t.items[0]))


@why("merc-action", registry=REGISTRY)
def why_merc_action(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    """A mercenary told to flee names "However, the mercenary may not choose to flee."; an action by
    another character than the designated mercenary the designation ("The raiding player may designate a
    mercenary to ... take an action during a combat round"); anything else the controller's choice."""
    from ...tomb.actions import Flee

    if isinstance(action, Flee):
        return "cryptmaster.mercenary.no-flee"
    if isinstance(action, Attack) and action.character != t.subject:
        return "cryptmaster.mercenary.designate"
    return "cryptmaster.mercenary.controller-chooses"


@legal("merc-action", registry=REGISTRY)
def legal_merc_action(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    name = t.subject or ""
    raider = int(t.items[0])
    out: list[Any] = [Attack(name, f"m{i}") for i in live_monsters(state)]
    for u in usable_actions(rs, state, raider, "battle", holders=(name,)):
        if u.source != "hand":
            out += [UseCard(u.card, u.holder, tg) for tg in battle_targets(rs, state, raider, u.effect)]
    return out


def controls(rs: Any, state: TombState, player: int, name: str) -> bool:
    owner = state.owner_of(name)
    ch = state.parties[owner].character(name) if owner is not None else None
    return ch is not None and (ch.owner is None)


@implements("cryptmaster.ambiguity.combat-stalemate")
def stalemate(rs: Any, state: TombState) -> bool:
    """A whole round passed with no battle action used: combat ends (raid-ends)."""
    passes = [e for e in state.effects if e.name == "passed"]
    acted = [e for e in state.effects if e.name == "battled"]
    return bool(passes) and not acted


# Death ------------------------------------------------------------------------------------------------------------

@implements("cryptmaster.death.character-dies", "cryptmaster.death.replacement-to-inn",
            "cryptmaster.death.discarded-characters-dead", "cryptmaster.death.pillage-pile",
            "cryptmaster.ambiguity.mercenary-death-replacement", "cryptmaster.ambiguity.dead-character-cards")
def kill_character(rs: Any, state: TombState, player: int, name: str) -> TombState:
    """"If a character ever has at least as many wounds as he has hit points, he dies and is discarded.
    Whenever a character dies, another character is added to the Inn from the character bag." A dead
    mercenary goes home at upkeep; in PvP combat a dead character's cards go to the pillage pile."""
    from ...tomb.rules.death import check_all_deaths
    from ...tomb.rules.death import kill_character as tomb_kill

    party = state.parties[player]
    ch = party.character(name)
    if ch is None:
        return state
    if ch.owner is not None:
        note("cryptmaster.death.mercenary-returns")
        state = state.with_party(player, characters=tuple(c for c in party.characters if c.name != name))
        state = evolve(state, effects=add(state.effects, Effect("fallen-mercenary", "cryptmaster.death.mercenary-returns",
                                                                     player=ch.owner, subject=name, items=ch.attached)))
        if rs.options.merc_death_replacement == "replacement":
            state = push(state, Task("replace", None, name, rule="cryptmaster.death.replacement-to-inn"))
        if not state.parties[player].characters:
            state = push(state, Task("wipe", player, rule="cryptmaster.raid.wiped-out"))
        return check_all_deaths(rs, state)       # his cards leave with him: the others' Hit Points may drop
    if any(e.name == "pvp-combat" for e in state.effects):
        note("cryptmaster.death.pillage-pile")
        state = evolve(state, pillage=tuple(sorted((*state.pillage, *ch.attached))))
        state = update_character(state, player, name, attached=())
    return tomb_kill(rs, state, player, name)


@implements("cryptmaster.raid.wiped-out", "cryptmaster.combat.raid-no-attackers", "cryptmaster.combat.no-side-skip",
            "cryptmaster.combat.raid-no-defenders", "cryptmaster.monster.pillage", "cryptmaster.treasure.reward",
            "cryptmaster.monster.none", "cryptmaster.monster.party-dies-or-flees")
def restart_task(rs: Any, state: TombState, player: int) -> list[Task]:
    """"IF AT ANY TIME THERE ARE NO SURVIVING MEMBERS OF THE PARTY IN THE CRYPT, THE RAID ENDS AND ALL
    REMAINING CRYPT CARDS ARE RETURNED TO THE CRYPT FACE DOWN"; the party refills at upkeep."""
    return []


@implements("cryptmaster.overlord.protected", "cryptmaster.ambiguity.overlord-protection",
            "cryptmaster.ambiguity.overlord-in-raid")
def can_be_wounded(rs: Any, state: TombState, index: int) -> bool:
    """"The overlord may not be damaged, discarded, or otherwise destroyed while there are any unresolved
    crypt cards other than treasures in the same crypt" (living-monsters-protect: the other Monsters too)."""
    raid = state.raid
    if raid is None or raid.monsters[index].dead:
        return False
    if state.overlord is None or raid.monsters[index].card != state.overlord:
        return True
    if any(rs.cards.crypt[h.card].type != "treasure" for h in raid.cards):
        return False
    if rs.options.overlord_protection == "living-monsters-protect":
        return not any(not m.dead and m.card != state.overlord for m in raid.monsters)
    return True


@implements("cryptmaster.overlord.persistent", "cryptmaster.ambiguity.returned-cards-state",
            "cryptmaster.death.monster-attachments-discarded")
def keeps_on_return(rs: Any, state: TombState, monster: Any) -> bool:
    """"Any wounds suffered by the overlord and cards attached to the overlord during any combat remain"
    (reset: the other Monsters' are cleared, as Tomb says)."""
    return state.overlord is not None and monster.card == state.overlord


@implements("cryptmaster.presence.raider-and-mercenaries", "cryptmaster.presence.bystander-one-cm-effect",
            "cryptmaster.presence.cm-no-limit")
def cm_card_also(rs: Any, state: TombState, action: Any, player: int | None) -> tuple[str, ...]:
    """Beside the rule a refused cryptmaster card names (the point it came at: a Monster's Battle Action,
    the CM effects' window), the Presence passage that forbids ``player`` to play it in this raid: the
    raider, who may play his cards "except those reserved for the cryptmaster", and a player with a
    mercenary present, who is neither a bystander nor may play those ("Other players with parties in the
    Tomb, who do not have mercenaries present and are not the raider or CM, may each use one CM effect per
    raid"); a bystander whose party is not in the Tomb, or who has used his one; the CM's own card used
    again (once-each: "no limit on the number of different CM effects")."""
    raid = state.raid
    if raid is None or type(action) is not UseCard or player is None or not 0 <= player < len(state.parties):
        return ()
    c = rs.cards.inn.get(action.card)
    if c is None or c.deck != "cryptmaster" or action.card not in state.parties[player].hand:
        return ()
    if player == raid.cm:
        if rs.options.cm_effect_repeat == "once-each" and \
                any(e.name == "cm-used" and e.player == player and e.subject == action.card for e in state.effects):
            return ("cryptmaster.presence.cm-no-limit",)
        return ()
    if player == state.current:
        return ("cryptmaster.presence.raider-and-mercenaries",)
    if any(e.name == "hired" and e.player == player for e in state.effects):
        return ("cryptmaster.presence.bystander-one-cm-effect", "cryptmaster.presence.raider-and-mercenaries")
    if player not in cm_players(rs, state):
        return ("cryptmaster.presence.bystander-one-cm-effect",)
    return ()
