"""Turn: Free Actions (Equip, Share, Bank, Rest, Dispel Curse), Turn Actions (Draw, Recruit, Move,
Heal, Pickpocket, Return to the Inn, Raid a Crypt) and the End of Turn upkeep (Pay Mercenaries, Refill
Slain Parties, Dismiss Extra Members, Cleanup, Is the Tomb empty?).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, islice
from typing import Any

from ...effects import TURN, Effect, add
from ...tomb.actions import (Attach, Attack, Bank, Continue, Discard, DispelCurse, Dismiss, DrawFrom, Equip, EquipCards, Heal, Kill,
                             Move, MoveCard, MoveTo, Pass, Pay, Pickpocket, Raid, Recruit, Redistribute, Rest, ReturnToInn, Steal,
                             UseCard)
from ...tomb.board import INN
from ...tomb.cards import INN_DECKS
from ...tomb.rules import standard_actions as tomb_actions
from ...tomb.rules.agenda import AUTO, DECIDE, legal, pop, push, task, why
from ...tomb.rules.cards import card_type, may_attach, party_movement
from ...tomb.rules.death import discard_cards, offer_cards
from ...tomb.rules.end import finish
from ...tomb.rules.free_actions import REDISTRIBUTE, card_moves
from ...tomb.rules.inn import join_party
from ...tomb.rules.rolling import combined_pool
from ...tomb.rules.standard_actions import at_inn, start_roll
from ...tomb.rules.treasure import bank_card
from ...tomb.rules.wounds import update_character
from ...tomb.state import Roll, Task, TombState, evolve, loadout_facts, members_facts, remembering
from ...traceability import implements, note
from . import REGISTRY
from .attachments import compute_may_draw, fix_restrictions, inn_card_count, is_cursed
from .raid import return_mercenaries
from .setup import is_pariah


#: the Free Action that opens the Equips, one value (frozen: shared by every list that offers it)
EQUIP_CARDS = EquipCards()


def _sorted_remove(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    out = list(items)
    out.remove(item)
    return tuple(out)


# Free Actions ------------------------------------------------------------------------------------------------

@implements("cryptmaster.free.equip", "cryptmaster.inn-cards.draw-and-attach")
def equip_options(rs: Any, state: TombState, player: int) -> list[Equip]:
    """"Equip — Free: Any number of times per turn, you may attach a card from your hand to a character
    in your party" (where the attachment restrictions allow it; cryptmaster cards are never attached)."""
    party = state.parties[player]
    facts = loadout_facts(rs, party.characters)       # a fact of the loadout and the hand
    got = facts.get(("equip", party.hand))
    if got is None:
        # each card's Equips are a fact of the loadout: a hand that changed works out its new cards alone
        chars = party.characters
        known: list[Any] | None = None
        out: list[Equip] = []
        for card in sorted(set(party.hand)):
            equips = facts.get(("equip-card", card))
            if equips is None:
                if known is None:
                    known = members_facts(rs, chars)                             # each Character's, once
                equips = facts[("equip-card", card)] = tuple(Equip(card, ch.name) for ch, k in zip(chars, known)
                                                             if may_attach(rs, state, player, ch.name, k, card))
            out += equips
        got = facts[("equip", party.hand)] = tuple(out)
    return list(got)


@implements("cryptmaster.free.share", "cryptmaster.ambiguity.cursed-versus-curses")
def share_options(rs: Any, state: TombState, player: int, *, first: bool = False) -> list[MoveCard]:
    """"Share — Free: Any number of times per turn, you may move any non-Cursed attached card between
    characters in your party"."""
    if state.raid is not None:
        return []
    facts = loadout_facts(rs, state.parties[player].characters)     # a fact of the loadout
    moves = facts.get("shares")
    if moves is None:
        if first:                                                 # the first alone: no more is worked out
            one = facts.get("share-first")
            if one is None:
                one = facts["share-first"] = tuple(islice(_shares(rs, state, player), 1))
            return list(one)
        moves = facts["shares"] = tuple(_shares(rs, state, player))
    return list(moves[:1] if first else moves)


def allows_share(rs: Any, state: TombState, t: Any, action: Any, player: int) -> bool:
    """Whether ``share_options`` lists ``action``: that non-Cursed Attached card may go to that other
    Character (the one card asked, not every card of the Party)."""
    if type(action) is not MoveCard or state.raid is not None:
        return False
    party = state.parties[player]
    frm, to = party.character(action.frm), party.character(action.to)
    return frm is not None and to is not None and frm.name != to.name and action.card in frm.attached and \
        _shared(rs, action.card) and rs.can_attach(state, player, to.name, action.card) is None


def _shares(rs: Any, state: TombState, player: int) -> Iterator[MoveCard]:
    """Every non-Cursed Attached card to every other Character who may hold it (Tomb's ``card_moves``)."""
    return card_moves(rs, state, player, _shared, "shares-from")


def _shared(rs: Any, card: str) -> bool:
    return not is_cursed(rs, card)


@implements("cryptmaster.free.bank", "cryptmaster.free.bank-scores")
def bank_options(rs: Any, state: TombState, player: int) -> list[Bank]:
    """"Bank — Free: If you are in the Inn, you may Bank any attached non-Cursed treasure"."""
    if not at_inn(state, player):
        return []
    characters = state.parties[player].characters
    facts = loadout_facts(rs, characters)              # which cards may be Banked: a fact of the loadout
    got = facts.get("bank-options")
    if got is None:
        # whether a card may be Banked (a non-Cursed treasure) is a fact of the card: rs.memo["bankable"]
        bankable = rs.memo.get("bankable") if remembering() else {}
        if bankable is None:
            bankable = rs.memo["bankable"] = {}
        out = []
        for ch in characters:
            if not ch.attached:
                continue
            for card in sorted(set(ch.attached)):
                ok = bankable.get(card)
                if ok is None:
                    ok = bankable[card] = card_type(rs, card) == "treasure" and not is_cursed(rs, card)
                if ok:
                    out.append(Bank(card, ch.name))
        got = facts["bank-options"] = tuple(out)
    return list(got)


def true_curses(rs: Any, state: TombState, player: int) -> list[tuple[str, str]]:
    """The true curses (the brown ones) Attached in ``player``'s Party, with their holders (a fact of
    its loadout)."""
    characters = state.parties[player].characters
    facts = loadout_facts(rs, characters)
    got = facts.get("true-curses")
    if got is None:
        got = facts["true-curses"] = tuple((card, ch.name) for ch in characters for card in ch.attached
                                           if card_type(rs, card) == "curse")
    return list(got)


@implements("cryptmaster.free.rest-wounds", "cryptmaster.free.rest-curses", "cryptmaster.free.rest-not-cursed-cards")
def rest_options(rs: Any, state: TombState, player: int) -> list[Rest]:
    """"Rest — Free: If you are in the Inn, you may remove all wound tokens from your party. You may
    also visit the local bishop at the Inn, who will remove and discard any curses you no longer want"
    (only true curses, the brown ones)."""
    if not at_inn(state, player) or _used(state, player, "rest"):
        return []
    party = state.parties[player]
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
    return evolve(state, effects=add(state.effects, Effect("free-used", "cryptmaster.card-text.free", until=TURN,
                                                                 player=player, subject=what)))


@implements("cryptmaster.free.use-any", "cryptmaster.card-text.free", "cryptmaster.ambiguity.free-action-timing")
def free_actions(rs: Any, state: TombState, player: int) -> list[Any]:
    """The standard free actions open now (before the Turn action: phase-one-only)."""
    out: list[Any] = []
    if equip_options(rs, state, player):
        out.append(EQUIP_CARDS)
    if share_options(rs, state, player, first=True):
        out.append(REDISTRIBUTE)
    out += bank_options(rs, state, player)
    out += rest_options(rs, state, player)
    out += dispel_options(rs, state, player)
    return out


def allows_free(rs: Any, state: TombState, player: int, action: Any) -> bool:
    """Whether ``free_actions`` lists ``action``, asking only what could list it."""
    kind = type(action)
    if kind is EquipCards:
        return bool(equip_options(rs, state, player))
    if kind is Redistribute:
        return bool(share_options(rs, state, player, first=True))
    if kind is Bank:
        return action in bank_options(rs, state, player)
    if kind is Rest:
        return action in rest_options(rs, state, player)
    return action in dispel_options(rs, state, player)


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
        party = state.parties[player]
        state = state.with_party(player, characters=tuple(evolve(c, wounds=0) for c in party.characters))
        for curse in action.curses:
            for card, name in true_curses(rs, state, player):
                if card == curse:
                    ch = state.parties[player].character(name)
                    assert ch is not None
                    state = update_character(state, player, name, attached=_sorted_remove(ch.attached, card)
                                             if sorted(ch.attached) == list(ch.attached) else
                                             tuple(a for i, a in enumerate(ch.attached) if i != ch.attached.index(card)))
                    state = discard_cards(rs, state, (card,))
                    break
        return fix_restrictions(rs, state, player)
    assert isinstance(action, DispelCurse)
    state = evolve(state, effects=add(state.effects, Effect("dispelled", "cryptmaster.free.dispel-curse-limit",
                                                                 until=TURN, player=player,
                                                                 subject=f"{action.character}|{action.card}")))
    curse = rs.cards.crypt[action.card]
    pool = combined_pool(rs, state, player, state.parties[player].names, curse.attribute or "holiness")
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
    ch = state.parties[owner].character(name)
    if ch is None or card not in ch.attached:
        return state
    attached = list(ch.attached)
    attached.remove(card)
    state = update_character(state, owner, name, attached=tuple(attached))
    return fix_restrictions(rs, bank_card(rs, state, player, card), owner)


@task("equip", DECIDE, "cryptmaster.free.equip", what="which card to whom", registry=REGISTRY)
def apply_equip(rs: Any, state: TombState, t: Task, action: Equip, player: int) -> TombState:
    party = state.parties[player]
    state = state.with_party(player, hand=_sorted_remove(party.hand, action.card))
    ch = state.parties[player].character(action.character)
    assert ch is not None
    return update_character(pop(state), player, action.character, attached=(*ch.attached, action.card))


@why("equip", registry=REGISTRY)
def why_equip(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    """A card of the hand to a character of the party that the attachment restrictions forbid names the
    restriction (rs.can_attach: types, a prayer's holiness die, a spell's magic die, one per keyword);
    anything else Equip's own rule ("attach a card from your hand to a character in your party")."""
    party = state.parties[player]
    if isinstance(action, Equip) and action.card in party.hand and party.character(action.character) is not None:
        return rs.can_attach(state, player, action.character, action.card) or "cryptmaster.free.equip"
    return "cryptmaster.free.equip"


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
    if not at_inn(state, player) or not state.inn:
        return []
    size = len(state.parties[player].characters)
    if size >= 5:
        return []
    pariahs = [c for c in state.inn if is_pariah(rs, c)]
    if pariahs and size + 2 > 5:
        return [Recruit(c) for c in sorted(set(pariahs))]
    return [Recruit(c) for c in sorted(set(state.inn))]


def apply_recruit(rs: Any, state: TombState, player: int, action: Recruit) -> TombState:
    note("cryptmaster.recruit.recruit-one")
    state = evolve(state, inn=_sorted_remove(state.inn, action.character))
    left = [c for c in state.inn if is_pariah(rs, c)]
    more = left and (not is_pariah(rs, action.character) or rs.options.pariah_first == "always-two") and \
        len(state.parties[player].characters) + 2 <= 5
    state = push(state, Task("recruit-pariah", player, rule="cryptmaster.recruit.pariah")) if more else state
    return join_party(rs, state, player, action.character, how="recruit")


@task("recruit-pariah", DECIDE, "cryptmaster.recruit.pariah", what="the Pariah who must come too", registry=REGISTRY)
@implements("cryptmaster.ambiguity.pariah-first-choice")
def apply_recruit_pariah(rs: Any, state: TombState, t: Task, action: Recruit, player: int) -> TombState:
    state = evolve(pop(state), inn=_sorted_remove(state.inn, action.character))
    return join_party(rs, state, player, action.character, how="recruit")


@legal("recruit-pariah", registry=REGISTRY)
def legal_recruit_pariah(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Recruit(c) for c in sorted({c for c in state.inn if is_pariah(rs, c)})]


@implements("cryptmaster.heal.party-holiness-roll", "cryptmaster.heal.remove-wounds", "cryptmaster.rolls.party-roll",
            "cryptmaster.ambiguity.qrg-omits-conditions")
def heal_pool(rs: Any, state: TombState, player: int, action: Heal) -> Any:
    """"Heal — Turn: If you have at least one cleric in your party, make a party holiness roll"."""
    return combined_pool(rs, state, player, state.parties[player].names, "holiness")


@implements("cryptmaster.raid.raid-a-crypt", "cryptmaster.ambiguity.raid-empty-or-moved")
def can_raid(rs: Any, state: TombState, player: int) -> bool:
    """"Raid a Crypt — Turn: If you are on a crypt door, you may raid the adjacent crypt" (not-empty: a
    crypt with no cards is a hallway space, and cannot be raided)."""
    where = state.parties[player].location
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
    rogues = [c.name for c in state.parties[player].characters if rs.cards.characters[c.name].has("rogue")]
    if not rogues:
        return []
    if not any(q != player and tomb_actions.has_loot(rs, other) for q, other in enumerate(state.parties)):
        return []                     # nothing to steal anywhere: no range to work out
    out = []
    for q in tomb_actions.in_range(rs, state, player):
        if tomb_actions.has_loot(rs, state.parties[q]):     # an item or treasure Attached
            out += [Steal(r, q, "", None) for r in rogues]
    return out


def standard_actions(rs: Any, state: TombState, player: int) -> list[Any]:
    party = state.parties[player]
    out: list[Any] = []
    if not party.characters:
        # "If you are in the Inn and have fewer than five characters in your party, you may recruit": a
        # party left empty (the bag empty: reading nothing of cryptmaster.ambiguity.empty-bag) recruits
        # from the Inn; an eliminated one (PvP) does nothing
        return [] if party.out else recruit_options(rs, state, player)
    if can_draw(rs, state, player):
        out += [tomb_actions.draw_from(d) for d in tomb_actions.drawable_decks(rs, state, player)]
    out += recruit_options(rs, state, player)
    if tomb_actions.can_move(rs, state, player):
        out.append(tomb_actions.MOVE)
    if any(rs.cards.characters[c.name].has("cleric") for c in party.characters) and \
            (rs.options.heal_injured == "always" or any(c.wounds for c in party.characters)):
        out.append(tomb_actions.HEAL)        # cryptmaster.ambiguity.heal-without-wounds
    if pickpocket_options(rs, state, player):
        out.append(tomb_actions.PICKPOCKET)
    if not at_inn(state, player):
        out.append(tomb_actions.RETURN_TO_INN)
    if can_raid(rs, state, player):
        out.append(tomb_actions.RAID)
    out += tomb_actions.turn_card_actions(rs, state, player)
    if rs.options.pvp:
        from .variants import kill_options

        out += kill_options(rs, state, player)
    return out


def allows_standard(rs: Any, state: TombState, player: int, action: Any) -> bool:
    """Whether ``standard_actions`` lists ``action``, asking only what could list it."""
    party = state.parties[player]
    kind = type(action)
    if not party.characters:
        return kind is Recruit and not party.out and action in recruit_options(rs, state, player)
    if kind is DrawFrom:
        return can_draw(rs, state, player) and action.deck in tomb_actions.drawable_decks(rs, state, player)
    if kind is Recruit:
        return action in recruit_options(rs, state, player)
    if kind is Move:
        return action == Move() and tomb_actions.can_move(rs, state, player)
    if kind is Heal:
        return action == Heal() and any(rs.cards.characters[c.name].has("cleric") for c in party.characters) and \
            (rs.options.heal_injured == "always" or any(c.wounds for c in party.characters))
    if kind is Pickpocket:
        return action == Pickpocket() and bool(pickpocket_options(rs, state, player))
    if kind is ReturnToInn:
        return action == ReturnToInn() and not at_inn(state, player)
    if kind is Raid:
        return action == Raid() and can_raid(rs, state, player)
    if kind is UseCard:
        return action in tomb_actions.turn_card_actions(rs, state, player)
    if kind is Kill and rs.options.pvp:
        from .variants import kill_options

        return action in kill_options(rs, state, player)
    return False


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
    if rs.options.pvp and state.parties[player].location != INN:
        from .variants import move_twenty

        return move_twenty(rs, state, player)
    return state.with_party(player, location=INN)


def why_not_standard(rs: Any, state: TombState, player: int, action: Any) -> str:
    if isinstance(action, DrawFrom):
        if not at_inn(state, player):
            return "cryptmaster.draw.draw-two"
        count, exempt = inn_card_count(rs, state, player)
        if not compute_may_draw(count, exempt):
            return "cryptmaster.draw.ten-card-limit"
        if action.deck not in rs.inn_decks:
            return "cryptmaster.draw.any-decks"
        # the deck and its discards empty (or, cleanup-only, the deck alone): nothing to draw from
        return "cryptmaster.ambiguity.reshuffle-timing"
    if isinstance(action, Recruit):
        if not at_inn(state, player):
            return "cryptmaster.recruit.recruit-one"
        if len(state.parties[player].characters) >= 5:
            return "cryptmaster.recruit.five-character-limit"
        if action.character not in state.inn:
            return "cryptmaster.recruit.recruit-one"            # "recruit one character from the Inn"
        return "cryptmaster.recruit.pariah-only-over-five"
    if isinstance(action, Rest) and at_inn(state, player) and _used(state, player, "rest"):
        return "cryptmaster.card-text.free"           # "any number of different Free actions": not twice
    if isinstance(action, Rest) and at_inn(state, player) and \
            any((rs.cards.is_inn(c) or c in rs.cards.crypt) and card_type(rs, c) != "curse" and is_cursed(rs, c)
                for c in action.curses):
        # "(This does not apply to Cursed treasures or characters – only to true curses, with the brown borders.)"
        return "cryptmaster.free.rest-not-cursed-cards"
    if isinstance(action, DispelCurse):
        tried = {e.subject for e in state.effects if e.name == "dispelled" and e.player == player}
        if (action.card, action.character) in set(true_curses(rs, state, player)):
            return "cryptmaster.free.dispel-curse-limit" if f"{action.character}|{action.card}" in tried \
                else "cryptmaster.free.dispel-curse"
        return "cryptmaster.free.dispel-curse"        # no such curse on the party: nothing to dispel
    if isinstance(action, Heal) and action == Heal() and rs.options.heal_injured == "injured-only" and \
            any(rs.cards.characters[c.name].has("cleric") for c in state.parties[player].characters) and \
            not any(c.wounds for c in state.parties[player].characters):
        return "cryptmaster.ambiguity.heal-without-wounds"
    for kinds, rule in _REFUSED_FOR:
        if isinstance(action, kinds):
            return rule
    return "cryptmaster.turn-action.one-per-turn"


#: the rule an action of these kinds is refused for, where it does not depend on the state
_REFUSED_FOR: tuple[tuple[type | tuple[type, ...], str], ...] = (
    (Heal, "cryptmaster.heal.party-holiness-roll"),
    (Move, "cryptmaster.move.up-to-ten"),
    (Raid, "cryptmaster.raid.raid-a-crypt"),
    ((EquipCards, Equip), "cryptmaster.free.equip"),
    (Redistribute, "cryptmaster.free.share"),
    (Bank, "cryptmaster.free.bank"),
    (Rest, "cryptmaster.free.rest-wounds"),
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
    for ch in state.parties[victim].characters:
        if action.card in ch.attached:
            attached = list(ch.attached)
            attached.remove(action.card)
            state = update_character(state, victim, ch.name, attached=tuple(attached))
            break
    me = state.parties[player].character(t.subject or "")
    assert me is not None
    state = update_character(state, player, me.name, attached=(*me.attached, action.card))
    return fix_restrictions(rs, state, victim)


@why("pick-card", registry=REGISTRY)
def why_pick_card(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    """An item or treasure of the other party the rogue may not hold names the attachment restriction it
    breaks (rs.can_attach: one per keyword); anything else the pickpocket's success."""
    victim = int(t.items[0])
    if isinstance(action, Attach) and action.character == t.subject and \
            any(action.card in c.attached for c in state.parties[victim].characters):
        return rs.can_attach(state, player, t.subject or "", action.card) or "cryptmaster.pickpocket.success"
    return "cryptmaster.pickpocket.success"


@legal("pick-card", registry=REGISTRY)
def legal_pick_card(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    victim = int(t.items[0])
    rogue = t.subject or ""
    cards = sorted({a for c in state.parties[victim].characters for a in c.attached if card_type(rs, a) in ("item", "treasure")})
    return [Attach(c, rogue) for c in cards if rs.can_attach(state, player, rogue, c) is None] + [Pass()]


@implements("cryptmaster.pickpocket.rogue-dies", "cryptmaster.pickpocket.claimed-cards")
def claim_cards(rs: Any, state: TombState, player: int, cards: tuple[str, ...]) -> TombState:
    """"If your rogue dies, the other player claims all cards attached to the rogue. Treasures and curses
    must immediately be attached to party members, and Inn cards go to the player's hand.\""""
    inn = tuple(c for c in cards if rs.cards.is_inn(c))
    rest = tuple(c for c in cards if c not in inn)
    state = state.with_party(player, hand=tuple(sorted((*state.parties[player].hand, *inn))))
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
    key = ("upkeep-tasks", player)          # a fact of the reading and the player: the same Tasks each turn
    got = rs.memo.get(key)
    if got is None:
        extra = ("discard-extra",) if rs.options.ten_card_limit == "hard-cap" else ()
        got = tuple(Task(k, player, rule="cryptmaster.upkeep.steps-in-order")
                    for k in ("pay-mercenaries", "refill", "dismiss-extra", *extra, "cleanup", "tomb-empty", "end-turn"))
        if remembering():                   # (not while the readings consulted are counted)
            rs.memo[key] = got
    return list(got)


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
    party = state.parties[player]
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
    party = state.parties[player]
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
            state = evolve(state, effects=add(state.effects, Effect(
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


@implements("cryptmaster.tomb.empty-crypt-is-hallway")
def move_to_why(why_fn: Any) -> Any:
    """A Move to a Crypt that holds cards: "When a crypt has no cards, it is considered a hallway space
    for card effects and movement": one with cards is not, and a Move goes only through hallway spaces
    (its Door may be right beside it)."""
    def why_move(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
        if isinstance(action, MoveTo) and action.to in rs.board.spaces and rs.board.kind(action.to) == "crypt" \
                and action.to not in rs.passable(state, state.parties[player].location):
            return "cryptmaster.tomb.empty-crypt-is-hallway"
        return why_fn(rs, state, t, action, player) if why_fn is not None else rs.tasks[t.kind].rule

    return why_move


@implements("cryptmaster.pvp.no-return-to-inn", "cryptmaster.presence.cm-no-limit")
def also_broken(rs: Any, state: TombState, t: Task, action: Any, rule: str) -> tuple[str, ...]:
    """Beside the rule a refusal names, the Cryptmaster passage that forbids the action too: the Inn as
    where PvP's Return to the Inn moves the party ("Once a party enters the Tomb, it may never return
    to the Inn for any reason"), beside "Effects that would send a party to the Inn instead move the
    party up to 20 spaces away"."""
    if t.kind == "move-20" and isinstance(action, MoveTo) and action.to == INN:
        return ("cryptmaster.pvp.no-return-to-inn",)
    if isinstance(action, UseCard) and state.raid is not None:
        from .raid import cm_card_also
        if t.kind == "cm-window":               # its why named the player's own card used again
            return ("cryptmaster.presence.cm-no-limit",) if rule == "cryptmaster.ambiguity.different-cm-effects" else ()
        if t.player is not None and rs.tasks[t.kind].mode == "decide":
            return cm_card_also(rs, state, action, t.player)
    return ()


@implements("cryptmaster.ambiguity.heal-distribution", "cryptmaster.heal.remove-wounds")
def heal_assign_legal(legal_fn: Any) -> Any:
    """"For each success, remove one wound from your party": the healer spreads them (healer-chooses;
    unset, the model stops with Unspecified where several characters are wounded)."""
    def legal_heal(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
        if sum(1 for c in state.parties[player].characters if c.wounds) > 1:
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
    state = pop(state)
    player = t.player
    assert player is not None
    hired = sorted({e.player for e in state.effects if e.name == "hired" and e.player is not None})
    state = return_mercenaries(rs, state, dead_too=True)
    if not state.parties[player].characters:
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
    party = state.parties[player]
    hand = list(party.hand)
    for c in action.cards:
        hand.remove(c)
    state = state.with_party(player, hand=tuple(hand))
    return state.with_party(q, hand=tuple(sorted((*state.parties[q].hand, *action.cards))))


@legal("pay", registry=REGISTRY)
def legal_pay(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    party = state.parties[player]
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
    for ch in state.parties[payer].characters:
        if card in ch.attached:
            attached = list(ch.attached)
            attached.remove(card)
            state = update_character(state, payer, ch.name, attached=tuple(attached))
            break
    state = fix_restrictions(rs, state, payer)     # and Death checked again: the card may have raised HP
    if rs.cards.is_inn(card):
        return state.with_party(player, hand=tuple(sorted((*state.parties[player].hand, card))))
    return offer_cards(rs, state, player, (card,))


@legal("pay-pick", registry=REGISTRY)
def legal_pay_pick(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    payer = int(t.items[0])
    return [Pay((c,)) for c in sorted({a for ch in state.parties[payer].characters for a in ch.attached})]


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

            state = evolve(state, pool=Deck.of(list(state.dead)), dead=())
        tasks.append(Task("restart-draw", q, rule="cryptmaster.upkeep.refill-slain-parties"))
    return push(state, *tasks)


@task("dismiss-extra", DECIDE, "cryptmaster.upkeep.dismiss-extra", what="dismiss a character", registry=REGISTRY)
@implements("cryptmaster.upkeep.dismiss-extra", "cryptmaster.upkeep.dismiss-move-attachments",
            "cryptmaster.upkeep.dismiss-pariahs-last", "cryptmaster.ambiguity.dismissed-are-dead")
def apply_dismiss(rs: Any, state: TombState, t: Task, action: Dismiss, player: int) -> TombState:
    """"If you have more than five characters ... you must discard characters until you have five in your
    party. You must move all attached cards to your other characters before discarding a character. This
    may move Cursed cards." (Pariahs and Cursed characters last).  The player moves each attached card
    himself (``dismiss-move``); the character stays in the party, holding what is left, until then."""
    ch = state.parties[player].character(action.character)
    assert ch is not None
    if ch.attached:
        return next_dismiss_move(rs, push(state, Task("dismiss-move", player, ch.name,
                                                      rule="cryptmaster.upkeep.dismiss-move-attachments")))
    return discard_dismissed(rs, state, player, ch.name)


def discard_dismissed(rs: Any, state: TombState, player: int, name: str) -> TombState:
    """The dismissed character, his cards moved, is discarded (dead: ``dismissed_dead``); the
    Dismiss Extra Members step ends once five are left."""
    from ...tomb.rules.death import to_discard_pile

    ch = state.parties[player].character(name)
    assert ch is not None and not ch.attached
    state = state.with_party(player, characters=tuple(c for c in state.parties[player].characters if c.name != name))
    state = fix_restrictions(rs, to_discard_pile(rs, state, name), player)
    if len(state.parties[player].characters) <= 5:
        i = next(i for i, task in enumerate(state.agenda) if task.kind == "dismiss-extra")
        state = evolve(state, agenda=(*state.agenda[:i], *state.agenda[i + 1:]))     # (the step is done)
    if rs.options.dismissed_dead == "replacement":
        state = push(state, Task("replace", None, name, rule="cryptmaster.death.replacement-to-inn"))
    return state


@implements("cryptmaster.upkeep.dismiss-attachment-restrictions")
def dismiss_receivers(rs: Any, state: TombState, player: int, frm: str, card: str) -> list[str]:
    """The other characters of the party who may take ``card`` from the dismissed ``frm``: "You must follow
    all normal attachment restrictions"; a Cursed card nobody may hold goes to any of them ("This may move
    Cursed cards": discard-fewest discards only non-Cursed cards; a Cursed card breaking a restriction is
    then ``unfixable``'s)."""
    others = [c.name for c in state.parties[player].characters if c.name != frm]
    fit = [n for n in others if rs.can_attach(state, player, n, card) is None]
    return fit if fit or not is_cursed(rs, card) else others


def dismiss_moves(rs: Any, state: TombState, player: int, frm: str) -> list[MoveCard]:
    ch = state.parties[player].character(frm)
    assert ch is not None
    return [MoveCard(card, frm, to) for card in sorted(set(ch.attached))
            for to in dismiss_receivers(rs, state, player, frm, card)]


@implements("cryptmaster.ambiguity.dismiss-unplaceable", "cryptmaster.attach.fix-by-discarding")
def next_dismiss_move(rs: Any, state: TombState) -> TombState:
    """The dismissed character's next card is the player's to move; once no card he still holds may go to
    another character, those left are discarded (discard-fewest: "If you cannot do this, you must discard
    the minimum number of non-Cursed cards") and he is discarded."""
    t = state.agenda[0]
    player, name = t.player, t.subject or ""
    assert player is not None
    if dismiss_moves(rs, state, player, name):
        return state
    ch = state.parties[player].character(name)
    assert ch is not None
    left = ch.attached
    state = discard_cards(rs, update_character(state, player, name, attached=()), left)
    return discard_dismissed(rs, pop(state), player, name)


@task("dismiss-move", DECIDE, "cryptmaster.upkeep.dismiss-move-attachments",
      what="move the dismissed character's card", registry=REGISTRY)
@implements("cryptmaster.upkeep.dismiss-move-attachments", "cryptmaster.upkeep.dismiss-attachment-restrictions")
def apply_dismiss_move(rs: Any, state: TombState, t: Task, action: MoveCard, player: int) -> TombState:
    """"You must move all attached cards to your other characters before discarding a character": the
    player names the card and the character it goes to, one card at a time."""
    frm = state.parties[player].character(action.frm)
    to = state.parties[player].character(action.to)
    assert frm is not None and to is not None
    state = update_character(state, player, frm.name, attached=_sorted_remove(frm.attached, action.card))
    state = update_character(state, player, to.name, attached=(*to.attached, action.card))
    return next_dismiss_move(rs, state)


@legal("dismiss-move", registry=REGISTRY)
def legal_dismiss_move(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return dismiss_moves(rs, state, player, t.subject or "")


@why("dismiss-move", registry=REGISTRY)
def why_dismiss_move(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    """A card of the dismissed character's sent to one of his party who may not hold it names "You must
    follow all normal attachment restrictions" (and, beside it, the restriction itself)."""
    party = state.parties[player]
    frm = party.character(t.subject or "")
    if isinstance(action, MoveCard) and frm is not None and action.frm == frm.name and action.card in frm.attached \
            and action.to != frm.name and party.character(action.to) is not None:
        return "cryptmaster.upkeep.dismiss-attachment-restrictions"
    return "cryptmaster.upkeep.dismiss-move-attachments"


@legal("dismiss-extra", registry=REGISTRY)
def legal_dismiss(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    party = state.parties[player]
    if len(party.characters) <= 5:
        return []

    def last(c: Any) -> bool:
        return is_pariah(rs, c.name) or "cursed" in rs.cards.characters[c.name].keywords

    plain = [c.name for c in party.characters if not last(c) and c.owner is None]
    return [Dismiss(n) for n in (plain or [c.name for c in party.characters if c.owner is None])]


@why("dismiss-extra", registry=REGISTRY)
def why_dismiss(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    """A Pariah or a Cursed character dismissed while a plain one of the party could go names "You may
    not discard Pariahs or Cursed cards if you have any non-Cursed cards of the same type in your party."""
    name = getattr(action, "character", None)
    ch = state.parties[player].character(name) if isinstance(name, str) else None
    if ch is not None and ch.owner is None and (
            is_pariah(rs, ch.name) or "cursed" in rs.cards.characters[ch.name].keywords):
        return "cryptmaster.upkeep.dismiss-pariahs-last"
    return "cryptmaster.upkeep.dismiss-extra"


@task("cleanup", AUTO, "cryptmaster.upkeep.cleanup", registry=REGISTRY)
@implements("cryptmaster.upkeep.cleanup", "cryptmaster.upkeep.reshuffle-empty-decks", "cryptmaster.inn-cards.reshuffle",
            "cryptmaster.ambiguity.reshuffle-timing", "cryptmaster.ambiguity.cleanup-scope",
            "cryptmaster.ambiguity.crypt-deck-after-setup")
def run_cleanup(rs: Any, state: TombState, t: Task) -> TombState:
    """"Discard all cards not in a crypt, a player's hand, a party, or a draw deck (such as unclaimed
    pillage cards ...). If any deck has no cards in it, shuffle its discard pile into the deck."  Any
    deck: the crypt deck too ("This is the crypt deck", Fill the Tomb), its discard pile the crypt cards
    discarded since (setup hands, traps, dead monsters' cards); under ``crypt_deck`` = out-of-play it
    is never reshuffled."""
    state = pop(state)
    if state.pillage:
        state = evolve(discard_cards(rs, state, state.pillage), pillage=())
    decks, discards = list(state.decks), list(state.discards)
    swapped = False
    for i, d in enumerate(INN_DECKS):
        if not decks[i] and discards[i]:
            decks[i], discards[i] = discards[i], discards[i].__class__()
            swapped = True
    if swapped:           # (no deck reshuffled: the very decks kept, nothing for the invariants to count again)
        state = evolve(state, decks=tuple(decks), discards=tuple(discards))
    if rs.options.crypt_deck == "card-effects" and not state.crypt_deck and state.crypt_discard:
        state = evolve(state, crypt_deck=state.crypt_discard, crypt_discard=state.crypt_discard.__class__())
    return state


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
    for ch in state.parties[player].characters:
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
    alive = [p for p in range(rs.num_players) if not state.parties[p].out]
    if not alive:
        return ()
    best = max(scores[p] for p in alive)
    tied = [p for p in alive if scores[p] == best]
    if len(tied) > 1:
        def attached(p: int) -> int:
            return sum(card_xp(rs, a) for c in state.parties[p].characters for a in c.attached)

        top = max(attached(p) for p in tied)
        tied = [p for p in tied if attached(p) == top]
        if len(tied) > 1:
            assert rs.options.final_tie == "shared"        # unset: Unspecified, the rulebook does not say
    return tuple(tied)


def party_movement_cm(rs: Any, state: TombState, player: int) -> int:
    return party_movement(rs, state, player)


# When the game reaches each point ------------------------------------------------------------------------------

from ...tomb.rules import turn as tomb_turn  # noqa: E402

#: Tomb's task kinds that Tomb: Cryptmaster never pushes: the Campaign's levels (every level is 1), Solitaire
#: (two players or more), Meet at the Inn (the starting characters are drawn at setup: ``cm-keep``), the
#: Optional Rules' and readings' points fixed otherwise here (single-round filling, party overflow, leaving
#: unrevealed Monsters, banking on reaching the Inn), Items attached on drawing (drawn Inn cards go to the
#: hand), a wiped party's restart (it refills at the upkeep), and the decisions of two Tomb readings that
#: do not apply here (a Cleric and Wizard's class cards in the player's order: no Journeyman's redraw to
#: order them for; Solitaire's Trap chosen by its first lines).
UNREACHABLE = frozenset({"order-reroll", "order-reroll-roll", "hero", "deal-crypt", "solo-third", "solo-rest",
                         "knight-search", "keep", "first-recruit", "attach", "journeyman", "solo-destroy", "soldier",
                         "soldier-recruit", "overflow", "trap-pick", "monster-continue", "bank-at-inn", "squire",
                         "restart-recruit", "class-draw-order", "trap-choose"})

#: The subjects of the priority points: Tomb's React windows, and the CM effects once the Monsters are
#: revealed (``raid.monster_reveal_tasks``).
PRIORITY_SUBJECTS: dict[str, tuple[str, ...]] = {**tomb_turn.PRIORITY_SUBJECTS, "cm-window": ("monsters", "trap")}

#: Tomb's texts that hold here word for word (they name no Tomb option nor Tomb rule).
SAME_AS_TOMB = ("re-roll a missed die",)

#: When the game reaches each point (``Pending.what``): Tomb's texts where they hold as they are, and the
#: points Cryptmaster adds or changes (``Ruleset.phase_entry``).  "The raider" is the current player (the
#: Raiding Player), the CM `raid.cm`; a party's members include the mercenaries lent to it.
ENTERED_WHEN: dict[str, str] = {
    **{what: tomb_turn.ENTERED_WHEN[what] for what in SAME_AS_TOMB},
    # Setup
    "the Overlord":
        "With the Overlords variant (`overlords` on) and a card set holding Overlord cards: the first event of "
        "the game, before the order rolls (`cryptmaster.overlord.select`), one Overlord at random.",
    "seven Blue Tomb Dice":
        "Setup: one roll per player, in seat order from player 0, each of 7 Blue dice "
        "(`cryptmaster.setup.first-player-roll`); the most successes is Player One (`first_player`); on a tie "
        "the tied leaders roll again (`first_player_tie` = reroll-tied) until one leads.",
    "a Crypt Card":
        "Filling the Tomb: three Crypt Cards into each player's hand (`crypt_hand`), clockwise from Player One, "
        "before the first placement, then one by the placer after each placement. Skipped when the Crypt "
        "Deck is empty.",
    "place a Crypt Card":
        "Filling the Tomb: Player One first, once the hands are drawn; then, after each placement and the "
        "placer's draw, the next player clockwise who holds a Crypt Card (those who hold none are passed "
        "over), until every Crypt is full or no player holds a card. Then the setup hands are discarded.",
    "place the Overlord":
        "With an Overlord selected, once the Crypts are full (`cryptmaster.overlord.placement`): the starting "
        "player (Player One under `starting_player` = first-player, the default; the player who takes the "
        "first turn under first-turn) places it face up in any Crypt.",
    "a Character from the Pool":
        "Fill the Inn (`cryptmaster.setup.starting-character`): five Characters drawn for each player in turn, "
        "starting with the player to Player One's left (the player who takes the first turn), each player's "
        "five just before his `the starting character`. Skipped when the Pool is empty.",
    "the starting character":
        "After a player's five setup draws (`drawn`): the Character he keeps, a Pariah if any was drawn "
        "(`cryptmaster.setup.starting-pariah`); the rest go to the Inn. After keeping a Pariah, under "
        "`setup_second` = from-drawn (the default), asked once more for an optional second Character from the "
        "drawn ones (`pass` open). Not skipped: asked even with one choice.",
    "a second starting character":
        "Under `setup_second` = from-inn only: after each player's drawn Characters go to the Inn, asked of "
        "every player; when his party holds a Pariah he may recruit one Character from the Inn, otherwise "
        "only `pass` is open.",
    # The turn
    "Free Actions, then a Standard Action":
        "Every turn: play passes clockwise to the next player whose party is not eliminated (`out`, PvP: "
        "`cryptmaster.pvp.elimination`), starting with the player to Player One's left once the setup's "
        "cryptmaster cards are drawn (`cryptmaster.turn.turn-order`). No Wound is healed at the turn's start "
        "(Rest is a Free action). Asked again after each Free action (`equip-cards`, `redistribute` (Share), "
        "`bank`, `rest`, `dispel-curse`), until the one Turn action, which ends it "
        "(`cryptmaster.turn-action.one-per-turn`); `pass` is the only Turn action when none other is open (a "
        "party with no Character). The upkeep follows (pay the mercenaries, refill, dismiss, Cleanup, is the "
        "Tomb empty?). The game ends instead, before the turn, when no party has a Character and none can "
        "join one.",
    "which card to whom":
        "After the Free action `equip-cards` (offered when a card in hand can be attached to a Character of the "
        "party, `cryptmaster.free.equip`): one card attached; then back to the turn.",
    "which card goes to whom":
        "After the Free action `redistribute`, Share (offered when a non-Cursed attached card can move to "
        "another Character of the party, never during a Raid: `cryptmaster.free.share`), any number of times "
        "per turn: one card moved; then back to the turn.",
    "where the Party moves":
        "After the Turn action `move` (offered only when some space is in reach): the space the whole party "
        "moves to (from the Inn, entering costs nothing under `entering` = any-entrance-free, the default). "
        "In PvP, ending on another party's space may lead to `which party to attack`.",
    "an Inn card":
        "A card drawn from an Inn deck, into the hand (`cryptmaster.inn-cards.draw-and-attach`): the Turn "
        "action `draw-from`, in the Inn with fewer than ten Inn cards in hand and party (the first card at "
        "once, the second after `the second card's deck`); at setup one cryptmaster card per player, from the "
        "player to Player One's left, after the starting characters; a Cleric joining a party draws a Prayer "
        "and a Wizard a Spell, each time one joins (a starting character only under `setup_class` = draws, the "
        "default, at once, before a second keep is asked; under no-draw none); when the Monsters are revealed, each Monster with magic dice draws "
        "a Spell and each with holiness dice a Prayer (`cryptmaster.monster.magic-draws-spell`), and a "
        "Monster that draws cards (Darkhelm) its own, attached to it. Skipped when the deck is empty: under "
        "`reshuffle` = immediately (the default) its discards are shuffled in first; under cleanup-only, only "
        "at the upkeep's Cleanup.",
    "the second card's deck":
        "In a `draw-from`, after the first card: the deck of the second. Skipped when no deck can give a "
        "card: the Draw gives one card only.",
    "remove Wounds":
        "After a Heal roll (a party Holiness roll: `cryptmaster.heal.party-holiness-roll`; offered with a "
        "Cleric and a wounded Character) with at least one success, when some Character is wounded: one "
        "Wound removed at a time (`heal-wound`), asked again until the successes are spent, no Wound is "
        "left, or `done`.",
    "the Pariah who must come too":
        "After a Recruit, when a Pariah is still at the Inn and the party has room for both "
        "(`cryptmaster.recruit.pariah`): the Pariah recruited too. Only after a non-Pariah recruit under "
        "`pariah_first` = pariah-first-counts (the default); after any recruit under always-two.",
    "the Rogue, and the card to steal":
        "After the Turn action `pickpocket` (in the Tomb, with a Rogue, a party within move distance holding "
        "an Item or Treasure: `cryptmaster.pickpocket.attempt`): the Rogue and the party targeted; the card "
        "is chosen only after a success (`the card stolen`).",
    "catch the Rogue":
        "After the pick: the targeted party's player chooses which of his Characters makes the opposed Skill "
        "roll (`cryptmaster.pickpocket.contested-roll`).",
    "the card stolen":
        "After a pickpocket the Rogue wins (more successes than the defender: `cryptmaster.pickpocket.success`): "
        "the thief attaches to his Rogue one Item or Treasure of the victim party that the Rogue may hold, or "
        "`pass`es.",
    "attack the rogue?":
        "After a pickpocket the Rogue fails (as many successes as the defender or fewer: `contested_roll` = "
        "opposed): the defending player may attack the Rogue with his defending Character (`continue`, an "
        "attack roll; `cryptmaster.pickpocket.failure`) or `pass`.",
    "up to 20 spaces away":
        "PvP only (`cryptmaster.pvp.inn-effects-move-20`): when a party in the Tomb would go to the Inn (Return "
        "to the Inn, `flee` from Monsters or from a party): the space, up to 20 away, it moves to.",
    "which party to attack":
        "PvP only, outside a Raid: when a party ends a move (`move`, or up to 20 spaces) on a Tomb space where "
        "another party with Characters stands (`cryptmaster.pvp.meeting-attacks`): the party it attacks, one "
        "of them (`pvp_meeting` = mandatory-choose-one, the default), or also `pass` (optional).",
    "a battle action":
        "PvP combat (`cryptmaster.combat.defender-acts`): the defender's side first each round, then the sides "
        "alternate while both have a Character that has not acted (a side with none lets the other act on): "
        "`attack` with a ready Character, `flee` (the party moves up to 20 spaces and the fight ends), or "
        "`pass` (`combat_passing` = may-pass, the default). A round with a pass and no other action ends the "
        "fight; so does a side left without Characters.",
    "who takes the blow":
        "After a Monster Attack, the raider chooses the target among the fighting members (with the "
        "mercenaries under `mercs_in_party` = members, the default; his own Characters under "
        "raider-own-only); after an `attack` in PvP combat, the attacked party's player chooses his "
        "Character (`cryptmaster.attack.victim-picks-target`).",
    # Raids
    "invite a mercenary":
        "The first step of every Raid of a Crypt with cards (`cryptmaster.mercenary.invite`), asked even when "
        "nobody can be invited (`done` is always open): `hire` one player with a party in the Tomb, neither "
        "the raider nor the CM and not already lending this turn; asked again after his answer, until `done`.",
    "lend a mercenary":
        "After a `hire`, the invited player lends one of his Characters or `pass`es; after `done`, each player "
        "who could be invited and has a Character with the Mercenary trait may lend that one uninvited "
        "(`cryptmaster.mercenary.trait-uninvited`), in seat order.",
    "React: before-entering-crypt":
        "Each Raid, after the mercenaries are hired, before the CM looks and the party goes in: the raider's "
        "Reacts to this trigger (each React once per trigger, or `pass`). Skipped when he has none to play.",
    "the bearer of the curse":
        "The curses stage, the first of a Raid (`cryptmaster.curse.reveal-and-attach`): for each curse in the "
        "Crypt, the CM (the raider when there is no CM) chooses the member it is attached to (with the "
        "mercenaries under `mercs_in_party` = members, the default).",
    "try to lift the curse?":
        "After each curse is attached (`curse_order` = each-in-turn, the default), or once all are attached, in "
        "that order (all-at-once): the raider `continue`s with a Holiness roll against the curse's TN (the "
        "whole party's under `curse_check` = party-holiness-vs-curse-tn, the default; the bearer's under "
        "character-only) or `pass`es (`cryptmaster.curse.holiness-check`).",
    "go on or leave":
        "After the curses stage, when a curse was revealed in this Raid (`cryptmaster.curse.may-leave`): "
        "`continue` to the Traps, or `leave` to the Crypt door, ending the turn. Skipped when the Crypt held "
        "no curse.",
    "announce a Trap":
        "The Traps stage, after the curses, while the Raid holds a face-down Trap: the CM chooses the next Trap "
        "(`cryptmaster.trap.cm-reads`); when there is no CM (`cm_seat` = plain-count landing on the raider) the "
        "raider does. Skipped when the Raid holds no Trap.",
    "choose who disarms":
        "After each Trap is announced: the raider chooses exactly as many members as the Trap names, or the "
        "whole party if it is smaller (`cryptmaster.trap.raider-chooses-rollers`).",
    "press on or leave":
        "After each Trap's resolution (a failed one after its consequences), even the last Trap: `continue` or "
        "`leave` to the Crypt door. Never reached when the party was wiped out.",
    "who dies":
        "A failed Trap that kills the Character with the fewest dice, when two or more tie for fewest: the "
        "raider chooses; a single fewest dies without asking.",
    "CM effects: trap":
        "After each Trap is announced and before the raider chooses who disarms it "
        "(`cryptmaster.presence.cm-effects`): in priority, as at `CM effects: monsters`, each playing a card "
        "that raises the announced Trap's Target Number (it holds for that Trap only), or `pass`ing. Skipped "
        "when nobody holds such a card.",
    "CM effects: monsters":
        "Once every Monster is revealed and has drawn its cards, before `React: monsters-revealed` "
        "(`cryptmaster.presence.cm-effects`): in priority, the CM first (any number of cryptmaster cards from "
        "his hand), then each bystander clockwise from the raider (a player with a party in the Tomb, not "
        "the raider, the CM nor a lender; one CM effect per Raid: `cryptmaster.presence.bystander-one-cm-effect`), "
        "each playing a card that adds dice to a Monster or wounds a member, or `pass`ing; each card once per "
        "turn under `cm_effect_repeat` = once-each (the default). Skipped when nobody holds such a card.",
    "React: monsters-revealed":
        "After the Monsters are revealed, their draws and `CM effects: monsters`: the raider's Reacts to this "
        "trigger; skipped when he has none.",
    "who faces the contested roll":
        "A revealed Monster with a contested roll (Elithe): the raider chooses the Character who rolls "
        "against it.",
    "give a Treasure to another Party":
        "After a contested roll the Monster wins (more successes; a tie fails), when the raiding party holds "
        "an attached Treasure: the raider chooses which Treasure goes to which other party not eliminated. "
        "Skipped when there is none.",
    "a Monster's Battle Action":
        "In Combat, on the CM's side (each round begins with the CM; the sides alternate, a side with no one "
        "left to act letting the other act on), while a living Monster has an action left this round: a "
        "Monster Attack, a Monster's card, a cryptmaster card from the hand (`cryptmaster.combat.cm-battle-action`: "
        "it uses no Monster's action, and the CM acts again), or `pass` for the next ready Monster "
        "(`combat_passing` = may-pass, the default). The CM decides (the raider when there is no CM). A round "
        "in which someone passed and nobody acted ends the Raid (`stalemate` = raid-ends). Combat ends when "
        "every Monster or every member is dead.",
    "React: before-monster-attack":
        "After the target of a Monster Attack is chosen, before the roll: the raider's Reacts to this "
        "trigger; skipped when he has none.",
    "React: after-attack-roll":
        "After an attack roll (a Monster Attack, a Character Attack, an attack in PvP, the attack on a caught "
        "Rogue): only the player who rolled may React (for a Monster's roll, the CM, with the re-roll of its "
        "attached cards); skipped when he has none.",
    "a Character's Battle Action":
        "In Combat, on the raider's side, while a member has an action left this round: `attack`, a Battle "
        "card, `flee` (his own Characters only: the party goes to the Inn, or up to 20 spaces in PvP), a "
        "mercenary designated (`target`, then `the mercenary's action`), or `pass` under `combat_passing` = "
        "may-pass (the default). Under `once_per_turn` = everything a Character that has attacked this turn "
        "attacks no more.",
    "the mercenary's action":
        "After the raider designates a mercenary in his Battle Action: its home player chooses its action "
        "(`cryptmaster.mercenary.controller-chooses`), an `attack` or a Battle action of a card it holds; "
        "never `flee`.",
    "place a Wound":
        "Wounds placed one at a time: a failed Trap that wounds the party (placed by the raider), Throwing "
        "Daggers and Fireball successes. Asked once per Wound; skipped when there is no target left.",
    "React: wounds-suffered":
        "Before Wounds land on a Character: the Reacts of its player that can abate them; skipped when he has "
        "none.",
    "a look at one Crypt card":
        "After a React that looks at a Crypt card (Keziah's Orb): one of the face-down cards of the Crypt "
        "about to be entered, each as likely. Skipped when there is none.",
    "tomb dice":
        "Every roll of Tomb Dice (`roll.purpose`): Heal, the Rogue's and the defender's Skill rolls, the "
        "attack on a caught Rogue, Monster and Character Attacks (PvP too), each disarm roll (one per Target "
        "Number), the two contested rolls, Throwing Daggers, Fireball, an abating React, `dispel-curse`, the "
        "curse check. Each colour is capped at 7 dice under `dice_supply` = capped. Asked even when the pool "
        "has no dice (one outcome).",
    "Bank or Attach a Treasure":
        "The Treasure stage of a Raid that held Treasures: each Treasure banked or attached to a member, one "
        "per step, until none is left.",
    # Death and the upkeep
    "a new Character for the Inn":
        "After every death of a Character of a party's own (`cryptmaster.death.replacement-to-inn`); after a "
        "mercenary's death under `merc_death_replacement` = replacement (the default); after a dismissal "
        "under `dismissed_dead` = replacement. Skipped when the Pool is empty.",
    "Attach the Rogue's cards":
        "Cards a player must attach, one step per card (a card none of his Characters can hold is discarded "
        "without asking): a Rogue killed by the attack after a failed pickpocket, its cards claimed by the "
        "attacker (Inn cards to his hand: `cryptmaster.pickpocket.claimed-cards`); a Treasure given after a "
        "contested roll; a non-Inn card picked as a mercenary's pay; the pillage of a PvP combat "
        "(`pvp_claim` = like-pickpocket, the default; only its Treasures under hand).",
    "pay the mercenary's player":
        "The upkeep's first step, once the mercenaries are back home (`cryptmaster.upkeep.pay-mercenaries`): "
        "for each other player who lent a mercenary this turn, when the raider's party still has a Character: "
        "two cards from his hand, or one attached card of the lender's choice (`pay` with `cards` "
        "[\"attached\"]); when neither is possible, one card or none under `merc_payment` = as-able (the "
        "default), none under unpaid. Always asked.",
    "the card you are paid":
        "After a payment of one attached card: the lender picks it among the payer's attached cards (an Inn "
        "card to his hand, another attached).",
    "a new Character for the Party":
        "The upkeep's refill (`cryptmaster.upkeep.refill-slain-parties`), at the end of every turn: each party "
        "with no Character (not eliminated) goes to the Inn and draws one; under `empty_bag` = reshuffle-dead "
        "an empty Pool is first refilled with the dead. In PvP such a party is eliminated instead. Skipped "
        "when the Pool is empty.",
    "dismiss a character":
        "The upkeep, when the party whose turn ends has more than five Characters "
        "(`cryptmaster.upkeep.dismiss-extra`): one dismissed at a time (Pariahs and Cursed Characters last, "
        "mercenaries never), asked until five are left. Skipped otherwise.",
    "move the dismissed character's card":
        "After a `dismiss` of a Character holding attached cards "
        "(`cryptmaster.upkeep.dismiss-move-attachments`): one card at a time, to another Character of the "
        "party who may hold it (`cryptmaster.upkeep.dismiss-attachment-restrictions`; a Cursed card nobody may "
        "hold, to any of them), asked until no card he still holds may go anywhere; the cards left (non-Cursed, "
        "nobody may hold them) are discarded (`cryptmaster.ambiguity.dismiss-unplaceable`, discard-fewest) and "
        "he is discarded.",
    "discard banked XP for the Kill":
        "In PvP, after the Turn action `kill` (`cryptmaster.pvp.kill-for-xp`): one banked card of positive XP "
        "at a time (its XP counted whole), or the XP tokens (as many as are still wanting for 10); `done` "
        "offered once 10 XP or more are discarded, and the Character is killed then.",
    "discard an Inn card over ten":
        "Under `ten_card_limit` = hard-cap only, at the upkeep: when the player whose turn ends holds more than "
        "ten Inn cards in hand and on his own Characters (one Item per Fighter not counting), one discarded at "
        "a time (never a Cursed card) until ten. Skipped otherwise.",
}
