"""Treasure Cards and Banking: the Raiding Player receives a Crypt's Treasures, each Banked or
Attached at once; defeated Traps and Monsters are Banked; a Player's bank is his score.
"""

from __future__ import annotations

from typing import Any

from ...traceability import implements, note
from ..actions import Attach, Bank
from ..state import Task, TombState, evolve
from .agenda import AUTO, DECIDE, legal, pop, push, task, why
from .end import crypts_empty, finish
from .wounds import update_character


@implements("tomb.banking.kept-separate", "tomb.banking.treasure-advances-score", "tomb.banking.never-returned",
            "tomb.ambiguity.score-marker")
def bank_card(rs: Any, state: TombState, player: int, card: str) -> TombState:
    """``card`` goes to ``player``'s bank: kept apart from play, it counts toward his final score."""
    party = state.parties[player]
    return state.with_party(player, bank=tuple(sorted((*party.bank, card))))


def card_xp(rs: Any, card: str) -> int:
    c = rs.cards.crypt.get(card)
    return c.xp if c is not None else 0


@task("treasure", AUTO, "tomb.treasure.receive-all")
@implements("tomb.treasure.receive-all", "tomb.raid.monsters-before-treasure", "tomb.treasure.only-in-crypts",
            "tomb.ambiguity.end-trigger")
def run_treasure(rs: Any, state: TombState, t: Task) -> TombState:
    """"Once all of the Traps and Monsters are defeated ..., the Raiding Player receives all of the
    Treasure Cards from that Crypt"."""
    state = pop(state)
    raid = state.raid
    if raid is None:
        return state
    found = tuple(sorted(h.card for h in raid.cards if rs.cards.crypt[h.card].type == "treasure"))
    rest = tuple(h for h in raid.cards if rs.cards.crypt[h.card].type != "treasure")
    state = evolve(state, raid=evolve(raid, cards=rest, treasures=found, stage="treasure"))
    if found and not rest and rs.options.end_trigger == "at-once" and crypts_empty(state):
        # tomb.ambiguity.end-trigger at-once: the last Crypt Cards have left the Crypts, unbanked
        # (the received Treasures stay with the Raid, in the Raiding Player's hands: no bank, no Character)
        note("tomb.end.crypts-emptied")
        return finish(rs, state, "crypts-emptied", keep_raid=True)
    if found:
        note("tomb.treasure.receive-all")
        state = push(state, Task("treasure-choice", state.current, rule="tomb.treasure.bank-or-attach-immediately"))
    return state


@task("treasure-choice", DECIDE, "tomb.treasure.bank-or-attach-immediately", what="Bank or Attach a Treasure")
@implements("tomb.treasure.bank-or-attach-immediately", "tomb.treasure.unbanked-attached-in-party",
            "tomb.treasure.bank-or-attach")
def apply_treasure_choice(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """Each Treasure is Banked for its XP, or Attached to a Character of the Raiding Party."""
    raid = state.raid
    assert raid is not None
    card = action.card
    left = list(raid.treasures)
    left.remove(card)
    state = evolve(state, raid=evolve(raid, treasures=tuple(left), resolved=raid.resolved + 1))
    if isinstance(action, Bank):
        note("tomb.treasure.bank-or-attach")
        state = bank_card(rs, state, player, card)
    else:
        ch = state.parties[player].character(action.character)
        assert ch is not None
        state = update_character(state, player, action.character, attached=(*ch.attached, card))
        from .death import check_all_deaths

        state = check_all_deaths(rs, state)
    if not left:
        return pop(state)
    return state


@legal("treasure-choice")
def legal_treasure_choice(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    raid = state.raid
    assert raid is not None
    out: list[Any] = []
    for card in sorted(set(raid.treasures)):
        out.append(Bank(card))
        for ch in state.parties[player].characters:
            if rs.can_attach(state, player, ch.name, card) is None:
                out.append(Attach(card, ch.name))
    return out


@why("treasure-choice")
def why_treasure_choice(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    if isinstance(action, Attach) and state.raid is not None and action.card in state.raid.treasures:
        return rs.can_attach(state, player, action.character, action.card) or "tomb.treasure.unbanked-attached-in-party"
    return "tomb.treasure.bank-or-attach-immediately"


# Banking at the Inn ---------------------------------------------------------------------------------------

def bankable(rs: Any, state: TombState, player: int) -> list[Bank]:
    """The Attached Treasures ``player`` could Bank (at the Inn)."""
    out = []
    for ch in state.parties[player].characters:
        for card in ch.attached:
            c = rs.cards.crypt.get(card)
            if c is not None and c.type == "treasure" and rs.may_bank(state, player, ch.name, card):
                b = Bank(card, ch.name)
                if b not in out:
                    out.append(b)
    return out


@implements("tomb.treasure.attached-bank-at-inn", "tomb.flee.bank-on-reaching-inn")
def apply_bank_attached(rs: Any, state: TombState, player: int, action: Bank) -> TombState:
    """"If a Treasure is Attached, it cannot be Banked until the Character returns to the Inn"."""
    ch = state.parties[player].character(action.character or "")
    assert ch is not None
    attached = list(ch.attached)
    attached.remove(action.card)
    state = update_character(state, player, ch.name, attached=tuple(attached))
    state = bank_card(rs, state, player, action.card)
    from .death import check_all_deaths

    return check_all_deaths(rs, state)


@task("bank-at-inn", DECIDE, "tomb.flee.bank-on-reaching-inn", what="Bank Attached Treasures")
def apply_bank_at_inn(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"Once the Adventuring Party has reached the Inn, the Player may choose to Bank any Treasure
    Cards Attached to Characters. The Player's turn ends."""
    if isinstance(action, Bank):
        state = apply_bank_attached(rs, state, player, action)
        if bankable(rs, state, player):
            return state
    return pop(state)


@legal("bank-at-inn")
def legal_bank_at_inn(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    from ..actions import Done

    return [*bankable(rs, state, player), Done()]


def arrive_at_inn(rs: Any, state: TombState, player: int) -> TombState:
    """The Party reaches the Inn: it may Bank (if it has any Attached Treasure)."""
    note("tomb.flee.bank-on-reaching-inn")
    if bankable(rs, state, player):
        return push(state, Task("bank-at-inn", player, rule="tomb.flee.bank-on-reaching-inn"))
    return state
