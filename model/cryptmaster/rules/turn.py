"""Turn: Free Actions (Equip, Share, Bank, Rest, Dispel Curse), Turn Actions (Draw, Recruit, Move,
Heal, Pickpocket, Return to the Inn, Raid a Crypt) and the End of Turn upkeep (Pay Mercenaries, Refill
Slain Parties, Dismiss Extra Members, Cleanup, Is the Tomb empty?).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import attrs

from ...effects import TURN, Effect, add
from ...tomb.actions import (Attach, Attack, Bank, Continue, Discard, DispelCurse, Dismiss, DrawFrom, Equip, EquipCards, Heal, Kill,
                             Move, MoveCard, Pass, Pay, Pickpocket, Raid, Recruit, Redistribute, Rest, ReturnToInn, Steal,
                             UseCard)
from ...tomb.board import INN
from ...tomb.cards import INN_DECKS
from ...tomb.rules import standard_actions as tomb_actions
from ...tomb.rules.agenda import AUTO, DECIDE, legal, pop, push, task
from ...tomb.rules.cards import card_type, party_movement
from ...tomb.rules.death import discard_cards, offer_cards
from ...tomb.rules.end import finish
from ...tomb.rules.inn import join_party
from ...tomb.rules.rolling import combined_pool
from ...tomb.rules.standard_actions import at_inn, start_roll
from ...tomb.rules.treasure import bank_card
from ...tomb.rules.wounds import update_character
from ...tomb.state import Roll, Task, TombState
from ...traceability import implements, note
from . import REGISTRY
from .attachments import compute_may_draw, fix_restrictions, inn_card_count, is_cursed


def _sorted_remove(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    out = list(items)
    out.remove(item)
    return tuple(out)


# Free Actions ------------------------------------------------------------------------------------------------

@implements("cryptmaster.free.equip", "cryptmaster.inn-cards.draw-and-attach")
def equip_options(rs: Any, state: TombState, player: int) -> list[Equip]:
    """"Equip — Free: Any number of times per turn, you may attach a card from your hand to a character
    in your party" (where the attachment restrictions allow it; cryptmaster cards are never attached)."""
    party = state.party(player)
    out = []
    for card in sorted(set(party.hand)):
        for ch in party.characters:
            if rs.can_attach(state, player, ch.name, card) is None:
                out.append(Equip(card, ch.name))
    return out


@implements("cryptmaster.free.share", "cryptmaster.ambiguity.cursed-versus-curses")
def share_options(rs: Any, state: TombState, player: int, *, first: bool = False) -> list[MoveCard]:
    """"Share — Free: Any number of times per turn, you may move any non-Cursed attached card between
    characters in your party"."""
    if state.raid is not None:
        return []
    party = state.party(player)
    out: list[MoveCard] = []
    for frm in party.characters:
        for card in sorted(set(frm.attached)):
            if is_cursed(rs, card):
                continue
            for to in party.characters:
                if to.name != frm.name and rs.can_attach(state, player, to.name, card) is None:
                    out.append(MoveCard(card, frm.name, to.name))
                    if first:
                        return out
    return out


@implements("cryptmaster.free.bank", "cryptmaster.free.bank-scores")
def bank_options(rs: Any, state: TombState, player: int) -> list[Bank]:
    """"Bank — Free: If you are in the Inn, you may Bank any attached non-Cursed treasure"."""
    if not at_inn(state, player):
        return []
    out = []
    for ch in state.party(player).characters:
        for card in sorted(set(ch.attached)):
            if card_type(rs, card) == "treasure" and not is_cursed(rs, card):
                out.append(Bank(card, ch.name))
    return out


def true_curses(rs: Any, state: TombState, player: int) -> list[tuple[str, str]]:
    return [(card, ch.name) for ch in state.party(player).characters for card in ch.attached
            if card_type(rs, card) == "curse"]


@implements("cryptmaster.free.rest-wounds", "cryptmaster.free.rest-curses", "cryptmaster.free.rest-not-cursed-cards")
def rest_options(rs: Any, state: TombState, player: int) -> list[Rest]:
    """"Rest — Free: If you are in the Inn, you may remove all wound tokens from your party. You may
    also visit the local bishop at the Inn, who will remove and discard any curses you no longer want"
    (only true curses, the brown ones)."""
    if not at_inn(state, player) or _used(state, player, "rest"):
        return []
    party = state.party(player)
    curses = sorted({c for c, _ in true_curses(rs, state, player)})
    if not curses and not any(c.wounds for c in party.characters):
        return []
    return [Rest(tuple(sub)) for k in range(len(curses) + 1) for sub in combinations(curses, k)]


@implements("cryptmaster.free.dispel-curse", "cryptmaster.free.dispel-curse-limit")
def dispel_options(rs: Any, state: TombState, player: int) -> list[DispelCurse]:
    """"Dispel Curse — Free: Once per curse per turn, you may attempt to dispel a curse by succeeding
    at a combined roll with your whole party using the attribute and TN listed on the curse"."""
    tried = {e.subject for e in state.effects if e.name == "dispelled" and e.player == player}
    return [DispelCurse(card, name) for card, name in true_curses(rs, state, player) if f"{name}|{card}" not in tried]


def _used(state: TombState, player: int, what: str) -> bool:
    return any(e.name == "free-used" and e.player == player and e.subject == what for e in state.effects)


def _use(state: TombState, player: int, what: str) -> TombState:
    return attrs.evolve(state, effects=add(state.effects, Effect("free-used", "cryptmaster.card-text.free", until=TURN,
                                                                 player=player, subject=what)))


@implements("cryptmaster.free.use-any", "cryptmaster.card-text.free", "cryptmaster.ambiguity.free-action-timing")
def free_actions(rs: Any, state: TombState, player: int) -> list[Any]:
    """The standard free actions open now (before the Turn action: phase-one-only)."""
    out: list[Any] = []
    if equip_options(rs, state, player):
        out.append(EquipCards())
    if share_options(rs, state, player, first=True):
        out.append(Redistribute())
    out += bank_options(rs, state, player)
    out += rest_options(rs, state, player)
    out += dispel_options(rs, state, player)
    return out


def is_free_action(action: Any) -> bool:
    return isinstance(action, (EquipCards, Redistribute, Bank, Rest, DispelCurse))


def apply_free(rs: Any, state: TombState, player: int, action: Any) -> TombState:
    if isinstance(action, EquipCards):
        return push(state, Task("equip", player, rule="cryptmaster.free.equip"))
    if isinstance(action, Redistribute):
        return push(state, Task("redistribute", player, rule="cryptmaster.free.share"))
    if isinstance(action, Bank):
        from ...tomb.rules.treasure import apply_bank_attached

        note("cryptmaster.free.bank")
        return apply_bank_attached(rs, state, player, action)
    if isinstance(action, Rest):
        note("cryptmaster.free.rest-wounds")
        state = _use(state, player, "rest")
        party = state.party(player)
        state = state.with_party(player, characters=tuple(attrs.evolve(c, wounds=0) for c in party.characters))
        for curse in action.curses:
            for card, name in true_curses(rs, state, player):
                if card == curse:
                    ch = state.party(player).character(name)
                    assert ch is not None
                    state = update_character(state, player, name, attached=_sorted_remove(ch.attached, card)
                                             if sorted(ch.attached) == list(ch.attached) else
                                             tuple(a for i, a in enumerate(ch.attached) if i != ch.attached.index(card)))
                    state = discard_cards(rs, state, (card,))
                    break
        return fix_restrictions(rs, state, player)
    assert isinstance(action, DispelCurse)
    state = attrs.evolve(state, effects=add(state.effects, Effect("dispelled", "cryptmaster.free.dispel-curse-limit",
                                                                 until=TURN, player=player,
                                                                 subject=f"{action.character}|{action.card}")))
    curse = rs.cards.crypt[action.card]
    pool = combined_pool(rs, state, player, state.party(player).names, curse.attribute or "holiness")
    return start_roll(state, Roll("dispel", player, pool.dice, pool.auto, subject=action.character, card=action.card,
                                  value=curse.tn))


@implements("cryptmaster.free.dispelled-curse-banked")
def dispel_done(rs: Any, state: TombState, roll: Roll, total: int) -> TombState:
    """"Add any dispelled curses to your XP bank."""
    if total < roll.value:
        return state
    return lift_curse(rs, state, roll.player, roll.subject or "", roll.card or "")


def lift_curse(rs: Any, state: TombState, player: int, name: str, card: str) -> TombState:
    owner = state.owner_of(name)
    if owner is None:
        return state
    ch = state.party(owner).character(name)
    if ch is None or card not in ch.attached:
        return state
    attached = list(ch.attached)
    attached.remove(card)
    state = update_character(state, owner, name, attached=tuple(attached))
    return fix_restrictions(rs, bank_card(rs, state, player, card), owner)


@task("equip", DECIDE, "cryptmaster.free.equip", what="which card to whom", registry=REGISTRY)
def apply_equip(rs: Any, state: TombState, t: Task, action: Equip, player: int) -> TombState:
    party = state.party(player)
    state = state.with_party(player, hand=_sorted_remove(party.hand, action.card))
    ch = state.party(player).character(action.character)
    assert ch is not None
    return update_character(pop(state), player, action.character, attached=(*ch.attached, action.card))


@legal("equip", registry=REGISTRY)
def legal_equip(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return equip_options(rs, state, player)


# Turn Actions -------------------------------------------------------------------------------------------------

@implements("cryptmaster.draw.draw-two", "cryptmaster.draw.any-decks", "cryptmaster.ambiguity.cryptmaster-cards-as-inn-cards")
def can_draw(rs: Any, state: TombState, player: int) -> bool:
    """"Draw — Turn: If you are in the Inn and have fewer than ten Inn cards in your hand and party, you
    may draw two Inn cards. The cards may be drawn from any deck or pair of decks in the Inn."""
    if not at_inn(state, player):
        return False
    count, exempt = inn_card_count(rs, state, player)
    return compute_may_draw(count, exempt) and bool(tomb_actions.drawable_decks(rs, state, player))


@implements("cryptmaster.recruit.recruit-one", "cryptmaster.recruit.five-character-limit", "cryptmaster.recruit.pariah",
            "cryptmaster.recruit.pariah-only-over-five")
def recruit_options(rs: Any, state: TombState, player: int) -> list[Recruit]:
    """"If you are in the Inn and have fewer than five characters in your party, you may recruit one
    character from the Inn ... If there are one or more Pariahs in the Inn, you must recruit one of them in
    addition to your first choice. If this would take you above five party members, you may only recruit
    the pariah."""
    from .setup import is_pariah

    if not at_inn(state, player) or not state.inn:
        return []
    size = len(state.party(player).characters)
    if size >= 5:
        return []
    pariahs = [c for c in state.inn if is_pariah(rs, c)]
    if pariahs and size + 2 > 5:
        return [Recruit(c) for c in sorted(set(pariahs))]
    return [Recruit(c) for c in sorted(set(state.inn))]


def apply_recruit(rs: Any, state: TombState, player: int, action: Recruit) -> TombState:
    from .setup import is_pariah

    note("cryptmaster.recruit.recruit-one")
    state = attrs.evolve(state, inn=_sorted_remove(state.inn, action.character))
    left = [c for c in state.inn if is_pariah(rs, c)]
    more = left and (not is_pariah(rs, action.character) or rs.options.pariah_first == "always-two") and \
        len(state.party(player).characters) + 2 <= 5
    state = push(state, Task("recruit-pariah", player, rule="cryptmaster.recruit.pariah")) if more else state
    return join_party(rs, state, player, action.character, how="recruit")


@task("recruit-pariah", DECIDE, "cryptmaster.recruit.pariah", what="the Pariah who must come too", registry=REGISTRY)
@implements("cryptmaster.ambiguity.pariah-first-choice")
def apply_recruit_pariah(rs: Any, state: TombState, t: Task, action: Recruit, player: int) -> TombState:
    state = attrs.evolve(pop(state), inn=_sorted_remove(state.inn, action.character))
    return join_party(rs, state, player, action.character, how="recruit")


@legal("recruit-pariah", registry=REGISTRY)
def legal_recruit_pariah(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    from .setup import is_pariah

    return [Recruit(c) for c in sorted({c for c in state.inn if is_pariah(rs, c)})]


@implements("cryptmaster.heal.party-holiness-roll", "cryptmaster.heal.remove-wounds", "cryptmaster.rolls.party-roll",
            "cryptmaster.ambiguity.qrg-omits-conditions")
def heal_pool(rs: Any, state: TombState, player: int, action: Heal) -> Any:
    """"Heal — Turn: If you have at least one cleric in your party, make a party holiness roll"."""
    return combined_pool(rs, state, player, state.party(player).names, "holiness")


@implements("cryptmaster.raid.raid-a-crypt", "cryptmaster.ambiguity.raid-empty-or-moved")
def can_raid(rs: Any, state: TombState, player: int) -> bool:
    """"Raid a Crypt — Turn: If you are on a crypt door, you may raid the adjacent crypt" (not-empty: a
    crypt with no cards is a hallway space, and cannot be raided)."""
    where = state.party(player).location
    cid = rs.board.doors.get(where)
    if cid is None:
        return False
    return bool(state.crypt(cid).cards) or rs.options.raid_empty == "empty-ends-turn"


@implements("cryptmaster.pickpocket.attempt", "cryptmaster.ambiguity.pickpocket-reach")
def pickpocket_options(rs: Any, state: TombState, player: int) -> list[Steal]:
    """"Pickpocket — Turn: If you are in the Tomb, have a rogue, and are within move distance from another
    party with at least one item or treasure, you may attempt to pick a pocket."""
    if at_inn(state, player):
        return []
    rogues = [c.name for c in state.party(player).characters if rs.cards.characters[c.name].has("rogue")]
    if not rogues:
        return []
    out = []
    for q in tomb_actions.in_range(rs, state, player):
        loot = [a for c in state.party(q).characters for a in c.attached if card_type(rs, a) in ("item", "treasure")]
        if loot:
            out += [Steal(r, q, "", None) for r in rogues]
    return out


def standard_actions(rs: Any, state: TombState, player: int) -> list[Any]:
    party = state.party(player)
    out: list[Any] = []
    if not party.characters:
        return []
    if can_draw(rs, state, player):
        out += [DrawFrom(d) for d in tomb_actions.drawable_decks(rs, state, player)]
    out += recruit_options(rs, state, player)
    if tomb_actions.move_targets(rs, state, player):
        out.append(Move())
    if any(rs.cards.characters[c.name].has("cleric") for c in party.characters) and any(c.wounds for c in party.characters):
        out.append(Heal())
    if pickpocket_options(rs, state, player):
        out.append(Pickpocket())
    if not at_inn(state, player):
        out.append(ReturnToInn())
    if can_raid(rs, state, player):
        out.append(Raid())
    out += tomb_actions.turn_card_actions(rs, state, player)
    if rs.options.pvp:
        from .variants import kill_options

        out += kill_options(rs, state, player)
    return out


@implements("cryptmaster.turn-action.one-per-turn", "cryptmaster.card-text.turn", "cryptmaster.ambiguity.turn-action-wording")
def apply_standard(rs: Any, state: TombState, player: int, action: Any) -> TombState:
    """"During your turn, your party may use ONE Turn action"."""
    if isinstance(action, Recruit):
        return apply_recruit(rs, state, player, action)
    if isinstance(action, ReturnToInn):
        return rs.send_to_inn(state, player, "cryptmaster.flee.turn")
    if isinstance(action, Kill):
        from .variants import apply_kill

        return apply_kill(rs, state, player, action)
    return tomb_actions.apply_standard(rs, state, player, action)


@implements("cryptmaster.flee.turn", "cryptmaster.flee.turn-blocked", "cryptmaster.ambiguity.flee-fallback")
def send_to_inn(rs: Any, state: TombState, player: int, rule: str) -> TombState:
    """"Return to the Inn (Flee) — Turn/Battle: Move your party to the Inn regardless your current
    location and movement" (PvP: up to 20 spaces away instead)."""
    note(rule)
    if rs.options.pvp and state.party(player).location != INN:
        from .variants import move_twenty

        return move_twenty(rs, state, player)
    return state.with_party(player, location=INN)


def why_not_standard(rs: Any, state: TombState, player: int, action: Any) -> str:
    if isinstance(action, DrawFrom):
        return "cryptmaster.draw.ten-card-limit" if at_inn(state, player) else "cryptmaster.draw.draw-two"
    if isinstance(action, Recruit):
        if not at_inn(state, player):
            return "cryptmaster.recruit.recruit-one"
        if len(state.party(player).characters) >= 5:
            return "cryptmaster.recruit.five-character-limit"
        return "cryptmaster.recruit.pariah-only-over-five"
    for kinds, rule in _REFUSED_FOR:
        if isinstance(action, kinds):
            return rule
    return "cryptmaster.turn-action.one-per-turn"


#: the rule an action of these kinds is refused for, where it does not depend on the state
_REFUSED_FOR: tuple[tuple[type | tuple[type, ...], str], ...] = (
    (Heal, "cryptmaster.heal.party-holiness-roll"),
    (Raid, "cryptmaster.raid.raid-a-crypt"),
    ((EquipCards, Equip), "cryptmaster.free.equip"),
    (Redistribute, "cryptmaster.free.share"),
    (Bank, "cryptmaster.free.bank"),
    (Rest, "cryptmaster.free.rest-wounds"),
    (DispelCurse, "cryptmaster.free.dispel-curse-limit"),
    (ReturnToInn, "cryptmaster.flee.turn"),
    (Pickpocket, "cryptmaster.pickpocket.attempt"),
    (Kill, "cryptmaster.pvp.kill-for-xp"),
    (UseCard, "cryptmaster.defs.who-may-use-an-action"),
)


# The Pickpocket's Cryptmaster ways -------------------------------------------------------------------------

@implements("cryptmaster.pickpocket.success", "cryptmaster.pickpocket.contested-roll", "cryptmaster.rolls.opposed-ties")
def steal(rs: Any, state: TombState, thief: int, rogue: str, victim: int, character: str, card: str | None) -> TombState:
    """"If you succeed, you may attach one item or treasure from the other party to your rogue" (chosen
    after the roll, under the rogue's attachment restrictions)."""
    return push(state, Task("pick-card", thief, rogue, items=(str(victim),), rule="cryptmaster.pickpocket.success"))


@task("pick-card", DECIDE, "cryptmaster.pickpocket.success", what="the card stolen", registry=REGISTRY)
def apply_pick_card(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    state = pop(state)
    if isinstance(action, Pass):
        return state
    victim = int(t.items[0])
    for ch in state.party(victim).characters:
        if action.card in ch.attached:
            attached = list(ch.attached)
            attached.remove(action.card)
            state = update_character(state, victim, ch.name, attached=tuple(attached))
            break
    me = state.party(player).character(t.subject or "")
    assert me is not None
    state = update_character(state, player, me.name, attached=(*me.attached, action.card))
    return fix_restrictions(rs, state, victim)


@legal("pick-card", registry=REGISTRY)
def legal_pick_card(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    victim = int(t.items[0])
    rogue = t.subject or ""
    cards = sorted({a for c in state.party(victim).characters for a in c.attached if card_type(rs, a) in ("item", "treasure")})
    return [Attach(c, rogue) for c in cards if rs.can_attach(state, player, rogue, c) is None] + [Pass()]


@implements("cryptmaster.pickpocket.rogue-dies", "cryptmaster.pickpocket.claimed-cards")
def claim_cards(rs: Any, state: TombState, player: int, cards: tuple[str, ...]) -> TombState:
    """"If your rogue dies, the other player claims all cards attached to the rogue. Treasures and curses
    must immediately be attached to party members, and Inn cards go to the player's hand.\""""
    inn = tuple(c for c in cards if rs.cards.is_inn(c))
    rest = tuple(c for c in cards if c not in inn)
    state = state.with_party(player, hand=tuple(sorted((*state.party(player).hand, *inn))))
    return offer_cards(rs, state, player, rest)


@implements("cryptmaster.pickpocket.failure", "cryptmaster.pickpocket.counts-as-attack",
            "cryptmaster.ambiguity.pickpocket-is-attack")
def start_catch(rs: Any, state: TombState, catcher_player: int, catcher: str, thief: int, rogue: str) -> TombState:
    """"If you fail, the defending character may make an attack roll inflicting one wound per success on
    your rogue. This counts as an attack." (a single attack, not PvP combat)."""
    return push(state, Task("catch-choice", catcher_player, catcher, items=(rogue, str(thief)),
                            rule="cryptmaster.pickpocket.failure"))


@task("catch-choice", DECIDE, "cryptmaster.pickpocket.failure", what="attack the rogue?", registry=REGISTRY)
def apply_catch_choice(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    state = pop(state)
    if isinstance(action, Pass):
        return state
    return tomb_actions.start_catch(rs, state, player, t.subject or "", int(t.items[1]), t.items[0])


@legal("catch-choice", registry=REGISTRY)
def legal_catch_choice(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Continue(), Pass()]


# End of Turn ---------------------------------------------------------------------------------------------------

@implements("cryptmaster.turn.phases", "cryptmaster.upkeep.steps-in-order")
def end_of_turn_tasks(rs: Any, state: TombState, player: int) -> list[Task]:
    """"At the end of each turn there is an "upkeep" phase. Resolve each of the following steps in
    sequential order.\""""
    extra = ("discard-extra",) if rs.options.ten_card_limit == "hard-cap" else ()
    return [Task(k, player, rule="cryptmaster.upkeep.steps-in-order")
            for k in ("pay-mercenaries", "refill", "dismiss-extra", *extra, "cleanup", "tomb-empty", "end-turn")]


def over_ten(rs: Any, state: TombState, player: int) -> bool:
    count, exempt = inn_card_count(rs, state, player)
    return not compute_may_draw(count - 1, exempt)          # more than ten, less one Item per Fighter


@task("discard-extra", DECIDE, "cryptmaster.ambiguity.ten-card-limit", what="discard an Inn card over ten",
      registry=REGISTRY)
@implements("cryptmaster.ambiguity.ten-card-limit")
def apply_discard_extra(rs: Any, state: TombState, t: Task, action: Discard, player: int) -> TombState:
    """hard-cap: "the party limit of ten cards" is a limit: at upkeep the player discards Inn cards of his
    choice (from his hand or his own characters; never a Cursed card) until he has ten, one Item per
    Fighter not counting."""
    party = state.party(player)
    if action.character is None:
        hand = list(party.hand)
        hand.remove(action.card)
        state = state.with_party(player, hand=tuple(hand))
    else:
        ch = party.character(action.character)
        assert ch is not None
        attached = list(ch.attached)
        attached.remove(action.card)
        state = update_character(state, player, ch.name, attached=tuple(attached))
    state = discard_cards(rs, state, (action.card,))
    # an attachment discarded may leave another breaking the restrictions (a Spell without the die of
    # magic a Ring gave): "If you ever fail to meet the above restrictions ..."
    state = fix_restrictions(rs, state, player)
    return state if over_ten(rs, state, player) else pop(state)


@legal("discard-extra", registry=REGISTRY)
def legal_discard_extra(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    if not over_ten(rs, state, player):
        return []
    party = state.party(player)
    out: list[Any] = [Discard(c) for c in sorted(set(party.hand))]
    for ch in party.characters:
        if ch.owner is None:
            out += [Discard(a, ch.name) for a in sorted(set(ch.attached)) if rs.cards.is_inn(a) and not is_cursed(rs, a)]
    return out


# Once per turn (cryptmaster.ambiguity.once-per-turn-scope) -------------------------------------------------------

def attacked(state: TombState, name: str) -> bool:
    return any(e.name == "attacked" and e.subject == name for e in state.effects)


@implements("cryptmaster.ambiguity.once-per-turn-scope", "cryptmaster.card-text.actions-once-per-turn")
def once_per_turn_legal(legal_fn: Any) -> Any:
    """everything: "ALL ACTIONS ARE ONCE PER TURN" binds the standard battle actions too, so a character
    that has Attacked this turn attacks no more (per-card-action: Attack once per round)."""
    def legal_battle(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
        out = legal_fn(rs, state, t, player)
        if rs.options.once_per_turn == "everything":
            out = [a for a in out if not (isinstance(a, Attack) and attacked(state, a.character))]
        return out

    return legal_battle


def once_per_turn_apply(apply_fn: Any) -> Any:
    def apply_battle(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
        if isinstance(action, Attack) and rs.options.once_per_turn == "everything":
            state = attrs.evolve(state, effects=add(state.effects, Effect(
                "attacked", "cryptmaster.card-text.actions-once-per-turn", until=TURN, player=player,
                subject=action.character)))
        return apply_fn(rs, state, t, action, player)

    return apply_battle


def once_per_turn_why(why_fn: Any) -> Any:
    def why_battle(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
        if isinstance(action, Attack) and rs.options.once_per_turn == "everything" and attacked(state, action.character):
            return "cryptmaster.card-text.actions-once-per-turn"
        return why_fn(rs, state, t, action, player) if why_fn is not None else rs.tasks[t.kind].rule

    return why_battle


@implements("cryptmaster.ambiguity.heal-distribution", "cryptmaster.heal.remove-wounds")
def heal_assign_legal(legal_fn: Any) -> Any:
    """"For each success, remove one wound from your party": the healer spreads them (healer-chooses;
    unset, the model stops with Unspecified where several characters are wounded)."""
    def legal_heal(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
        if sum(1 for c in state.party(player).characters if c.wounds) > 1:
            assert rs.options.heal_distribution == "healer-chooses"
        return legal_fn(rs, state, t, player)

    return legal_heal


@task("pay-mercenaries", AUTO, "cryptmaster.upkeep.return-mercenaries", registry=REGISTRY)
@implements("cryptmaster.upkeep.return-mercenaries", "cryptmaster.upkeep.pay-mercenaries",
            "cryptmaster.ambiguity.mercenary-return-timing")
def run_pay_mercenaries(rs: Any, state: TombState, t: Task) -> TombState:
    """"Return all allied Mercenaries to their home player ... If you have any characters in your party
    you must give each mercenary's player either two cards of your choice from your hand, or one card of
    their choice from your attached cards."""
    from .raid import return_mercenaries

    state = pop(state)
    player = t.player
    assert player is not None
    hired = sorted({e.player for e in state.effects if e.name == "hired" and e.player is not None})
    state = return_mercenaries(rs, state, dead_too=True)
    if not state.party(player).characters:
        return state
    tasks = [Task("pay", player, items=(str(q),), rule="cryptmaster.upkeep.pay-mercenaries") for q in hired if q != player]
    return push(state, *tasks)


@task("pay", DECIDE, "cryptmaster.upkeep.pay-mercenaries", what="pay the mercenary's player", registry=REGISTRY)
@implements("cryptmaster.ambiguity.mercenary-payment-shortfall")
def apply_pay(rs: Any, state: TombState, t: Task, action: Pay, player: int) -> TombState:
    state = pop(state)
    q = int(t.items[0])
    if action.cards == ("attached",):
        return push(state, Task("pay-pick", q, items=(str(player),), rule="cryptmaster.upkeep.pay-mercenaries"))
    party = state.party(player)
    hand = list(party.hand)
    for c in action.cards:
        hand.remove(c)
    state = state.with_party(player, hand=tuple(hand))
    return state.with_party(q, hand=tuple(sorted((*state.party(q).hand, *action.cards))))


@legal("pay", registry=REGISTRY)
def legal_pay(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    party = state.party(player)
    hand = sorted(party.hand)
    pairs = sorted({tuple(sorted(p)) for p in combinations(hand, 2)})
    out = [Pay(p) for p in pairs]
    if any(c.attached for c in party.characters):
        out.append(Pay(("attached",)))
    if not out and rs.options.merc_payment == "as-able":
        out = [Pay((c,)) for c in sorted(set(hand))] or [Pay(())]
    return out or [Pay(())]


@task("pay-pick", DECIDE, "cryptmaster.upkeep.pay-mercenaries", what="the card you are paid", registry=REGISTRY)
def apply_pay_pick(rs: Any, state: TombState, t: Task, action: Pay, player: int) -> TombState:
    state = pop(state)
    payer = int(t.items[0])
    card = action.cards[0]
    for ch in state.party(payer).characters:
        if card in ch.attached:
            attached = list(ch.attached)
            attached.remove(card)
            state = update_character(state, payer, ch.name, attached=tuple(attached))
            break
    state = fix_restrictions(rs, state, payer)
    if rs.cards.is_inn(card):
        return state.with_party(player, hand=tuple(sorted((*state.party(player).hand, card))))
    return offer_cards(rs, state, player, (card,))


@legal("pay-pick", registry=REGISTRY)
def legal_pay_pick(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    payer = int(t.items[0])
    return [Pay((c,)) for c in sorted({a for ch in state.party(payer).characters for a in ch.attached})]


@task("refill", AUTO, "cryptmaster.upkeep.refill-slain-parties", registry=REGISTRY)
@implements("cryptmaster.upkeep.refill-slain-parties", "cryptmaster.upkeep.emptied-party-keeps-bank",
            "cryptmaster.ambiguity.empty-bag", "cryptmaster.ambiguity.refill-versus-elimination")
def run_refill(rs: Any, state: TombState, t: Task) -> TombState:
    """"If your party has no characters in it at the end of any player's turn: 1. Move your party token
    to the Inn. 2. Draw one character from the character Bag and add it to your party." (banked XP and
    hand unaffected; in PvP an emptied party is eliminated instead)."""
    state = pop(state)
    tasks = []
    for q, party in enumerate(state.parties):
        if party.characters or party.out:
            continue
        if rs.options.pvp:
            state = state.with_party(q, out=True)
            continue
        note("cryptmaster.upkeep.refill-slain-parties")
        state = state.with_party(q, location=INN)
        if not state.pool and rs.options.empty_bag == "reshuffle-dead" and state.dead:
            from ...chance import Deck

            state = attrs.evolve(state, pool=Deck.of(list(state.dead)), dead=())
        tasks.append(Task("restart-draw", q, rule="cryptmaster.upkeep.refill-slain-parties"))
    return push(state, *tasks)


@task("dismiss-extra", DECIDE, "cryptmaster.upkeep.dismiss-extra", what="dismiss a character", registry=REGISTRY)
@implements("cryptmaster.upkeep.dismiss-extra", "cryptmaster.upkeep.dismiss-move-attachments",
            "cryptmaster.upkeep.dismiss-attachment-restrictions", "cryptmaster.upkeep.dismiss-pariahs-last",
            "cryptmaster.ambiguity.dismissed-are-dead")
def apply_dismiss(rs: Any, state: TombState, t: Task, action: Dismiss, player: int) -> TombState:
    """"If you have more than five characters ... you must discard characters until you have five in your
    party. You must move all attached cards to your other characters before discarding a character. This
    may move Cursed cards." (Pariahs and Cursed characters last)."""
    party = state.party(player)
    ch = party.character(action.character)
    assert ch is not None
    state = state.with_party(player, characters=tuple(c for c in party.characters if c.name != ch.name))
    for card in ch.attached:
        target = next((o.name for o in state.party(player).characters if rs.can_attach(state, player, o.name, card) is None),
                      None)
        if target is None and is_cursed(rs, card) and state.party(player).characters:
            target = state.party(player).characters[0].name          # Cursed cards move regardless
        if target is None:
            state = discard_cards(rs, state, (card,))
            continue
        other = state.party(player).character(target)
        assert other is not None
        state = update_character(state, player, target, attached=(*other.attached, card))
    from ...tomb.rules.death import to_discard_pile

    state = fix_restrictions(rs, to_discard_pile(rs, state, ch.name), player)
    if rs.options.dismissed_dead == "replacement":
        state = push(state, Task("replace", None, ch.name, rule="cryptmaster.death.replacement-to-inn"))
    if len(state.party(player).characters) <= 5:
        state = pop(state)
    return state


@legal("dismiss-extra", registry=REGISTRY)
def legal_dismiss(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    from .setup import is_pariah

    party = state.party(player)
    if len(party.characters) <= 5:
        return []

    def last(c: Any) -> bool:
        return is_pariah(rs, c.name) or "cursed" in rs.cards.characters[c.name].keywords

    plain = [c.name for c in party.characters if not last(c) and c.owner is None]
    return [Dismiss(n) for n in (plain or [c.name for c in party.characters if c.owner is None])]


@task("cleanup", AUTO, "cryptmaster.upkeep.cleanup", registry=REGISTRY)
@implements("cryptmaster.upkeep.cleanup", "cryptmaster.upkeep.reshuffle-empty-decks", "cryptmaster.inn-cards.reshuffle",
            "cryptmaster.ambiguity.reshuffle-timing", "cryptmaster.ambiguity.cleanup-scope")
def run_cleanup(rs: Any, state: TombState, t: Task) -> TombState:
    """"Discard all cards not in a crypt, a player's hand, a party, or a draw deck (such as unclaimed
    pillage cards ...). If any deck has no cards in it, shuffle its discard pile into the deck.\""""
    state = pop(state)
    if state.pillage:
        state = attrs.evolve(discard_cards(rs, state, state.pillage), pillage=())
    decks, discards = list(state.decks), list(state.discards)
    for i, d in enumerate(INN_DECKS):
        if not decks[i] and discards[i]:
            decks[i], discards[i] = discards[i], discards[i].__class__()
    return attrs.evolve(state, decks=tuple(decks), discards=tuple(discards))


@task("tomb-empty", AUTO, "cryptmaster.upkeep.tomb-empty-game-ends", registry=REGISTRY)
@implements("cryptmaster.upkeep.tomb-empty-game-ends", "cryptmaster.goal.game-over-crypts-cleared",
            "cryptmaster.ambiguity.game-end-timing", "cryptmaster.overlord.game-ends-on-defeat",
            "cryptmaster.overlord.game-ends-others-empty", "cryptmaster.pvp.last-player-wins",
            "cryptmaster.pvp.elimination")
def run_tomb_empty(rs: Any, state: TombState, t: Task) -> TombState:
    """"Is the Tomb empty? — If there are no crypt cards in the Tomb the game ends." (Overlords: also when
    the overlord is defeated, or every crypt but its own is empty; PvP: when one player remains.)"""
    state = pop(state)
    why = rs.game_over(state)
    if why is None:
        return state
    return finish(rs, state, why)


def game_over(rs: Any, state: TombState) -> str | None:
    if rs.options.pvp and sum(1 for p in state.parties if not p.out) <= 1:
        return "last-player"
    if state.overlord is not None:
        if any(e.name == "overlord-defeated" for e in state.effects):
            return "overlord"
        others = [c for c in state.crypts if c.id != state.overlord_crypt]
        if state.overlord_crypt is not None and all(not c.cards for c in others):
            return "crypts-emptied"
    if all(not c.cards for c in state.crypts):
        return "crypts-emptied"
    return None


@implements("cryptmaster.characters.five-xp")
def card_xp(rs: Any, name: str) -> int:
    """A card's XP: "CHARACTERS ARE CONSIDERED 5 XP FOR CARD EFFECTS" (Inn cards have none)."""
    if name in rs.cards.characters:
        return 5
    card = rs.cards.crypt.get(name)
    return card.xp if card is not None else 0


@implements("cryptmaster.upkeep.final-score", "cryptmaster.goal.xp-total", "cryptmaster.goal.xp-sources",
            "cryptmaster.ambiguity.what-scores")
def score(rs: Any, state: TombState, player: int) -> int:
    """"Each player adds up all XP in their XP bank as well as any attached treasure and curses"
    (all-cards-in-party: every card with XP in the party, and its Characters at 5 XP each)."""
    from ...tomb.rules.end import banked_xp

    total = banked_xp(rs, state, player)
    for ch in state.party(player).characters:
        if ch.owner is not None:
            continue
        for a in ch.attached:
            c = rs.cards.crypt.get(a)
            if c is not None and (c.type in ("treasure", "curse") or rs.options.what_scores == "all-cards-in-party"):
                total += c.xp
        if rs.options.what_scores == "all-cards-in-party":
            total += card_xp(rs, ch.name)
    return total


@implements("cryptmaster.upkeep.winner", "cryptmaster.upkeep.tie-break", "cryptmaster.ambiguity.final-tie",
            "cryptmaster.pvp.last-player-wins", "cryptmaster.ambiguity.pvp-game-end")
def winners(rs: Any, state: TombState) -> tuple[int, ...]:
    """"The player with the most XP wins. In case of a tie, the tied player with the most XP attached to
    the party wins." (PvP: eliminated players are out.)"""
    scores = state.scores
    alive = [p for p in range(rs.num_players) if not state.party(p).out]
    if not alive:
        return ()
    best = max(scores[p] for p in alive)
    tied = [p for p in alive if scores[p] == best]
    if len(tied) > 1:
        def attached(p: int) -> int:
            return sum(card_xp(rs, a) for c in state.party(p).characters for a in c.attached)

        top = max(attached(p) for p in tied)
        tied = [p for p in tied if attached(p) == top]
        if len(tied) > 1:
            assert rs.options.final_tie == "shared"        # unset: Unspecified, the rulebook does not say
    return tuple(tied)


def party_movement_cm(rs: Any, state: TombState, player: int) -> int:
    return party_movement(rs, state, player)
