"""Free Actions: redistributing Attached cards at the beginning of a Turn, healing at the Inn, and
Banking Attached Treasures at the Inn.  (Reacts, the other Free Actions, are in ``reacts``.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

from ...effects import TURN, Effect, add, has
from ...traceability import implements, note
from ..actions import Bank, MoveCard, Redistribute
from .agenda import DECIDE, allows, legal, pop, push, task, why
from ..state import Task, TombState, evolve, loadout_facts, members_facts, remembering
from .cards import _UNKNOWN, card_type, memo_table
from .death import check_all_deaths
from .treasure import apply_bank_attached, bankable
from .wounds import update_character


#: the Free Action that opens a redistribution, one value (frozen: shared by every list that offers it)
REDISTRIBUTE = Redistribute()


@implements("tomb.free.inn-heals-all-wounds")
def inn_heal(rs: Any, state: TombState, player: int) -> TombState:
    """"If an Adventuring Party begins a Turn at the Inn, they immediately heal all Wounds as a Free
    Action" (automatic)."""
    party = state.parties[player]
    if party.location != "inn":
        return state
    note("tomb.free.inn-heals-all-wounds")
    if any(c.wounds for c in party.characters):      # (a Party without Wounds keeps its very Characters)
        state = state.with_party(player, characters=tuple(evolve(c, wounds=0) for c in party.characters))
    return evolve(state, effects=add(state.effects,
                                     _turn_effect("began-at-inn", "tomb.treasure.attached-bank-at-inn", player)))


#: the effects lasting a Turn that a Turn adds for a player (began-at-inn, free-closed), one value for each
#: name and player (frozen: shared by every state's effects; a game has a few players)
_TURN_EFFECTS: dict[tuple[str, int], Effect] = {}


def _turn_effect(name: str, rule: str, player: int) -> Effect:
    """``Effect(name, rule, until=TURN, player=player)``, made once (``_TURN_EFFECTS``)."""
    got = _TURN_EFFECTS.get((name, player))
    if got is None:
        got = _TURN_EFFECTS[(name, player)] = Effect(name, rule, until=TURN, player=player)
    return got


@implements("tomb.free.redistribute-attached", "tomb.free.no-moving-cards-in-encounters",
            "tomb.ambiguity.free-action-timing", "tomb.ambiguity.redistribute-cast-cards")
def can_redistribute(rs: Any, state: TombState, player: int) -> bool:
    """Attached cards move "at the beginning of each Player's Turn (before performing any other
    actions)" (start-only; any-time-before-standard: before the Standard Action), never during a
    Crypt Encounter."""
    if state.raid is not None:
        return False
    if rs.options.free_actions == "start-only" and has(state.effects, "free-closed", player=player):
        return False
    return True


def movable(rs: Any, card: str) -> bool:
    """Items and Treasures are redistributed; cast cards stay with their caster (items-and-treasures-
    only), or move like the others (any-attached)."""
    if rs.options.redistribute_cast == "any-attached":
        return True
    return card_type(rs, card) in ("item", "treasure")


def redistributions(rs: Any, state: TombState, player: int, *, first: bool = False) -> list[MoveCard]:
    """The Attached cards that may move, and where (``first``: stop at the first)."""
    if not can_redistribute(rs, state, player):
        return []
    party = state.parties[player]
    if len(party.characters) < 2:
        return []
    facts = loadout_facts(rs, party.characters)       # where cards may go is a fact of the loadout
    moves = facts.get("redistributions")
    if moves is None:
        if first:                                     # the first alone: no more is worked out
            one = facts.get("redistribution-first")
            if one is None:
                one = facts["redistribution-first"] = tuple(islice(_moves(rs, state, player), 1))
            return list(one)
        moves = facts["redistributions"] = tuple(_moves(rs, state, player))
    return list(moves[:1] if first else moves)


def _moves(rs: Any, state: TombState, player: int) -> Iterator[MoveCard]:
    return card_moves(rs, state, player, movable, "moves-from")


def card_moves(rs: Any, state: TombState, player: int, moves: Callable[[Any, str], bool],
               memo_name: str) -> Iterator[MoveCard]:
    """Every Attached card of ``player``'s Party that ``moves`` lets move, to every other Character of
    the Party who may hold it (``rs.can_attach``, read off each one's member facts), as MoveCard values
    in the order of the Characters and of each one's cards, sorted.  Whether a card moves, and its
    MoveCard values, are facts of the card (and who holds it) alone: kept in ``rs.memo[memo_name]`` by
    the Character it moves from, then by card, then by the Character it goes to (not while a
    recording notes the rules read)."""
    party = state.parties[player]
    chars = party.characters
    facts = members_facts(rs, chars)                                # each Character's, looked up once
    table = rs.memo.get(memo_name) if remembering() else {}
    if table is None:
        table = rs.memo[memo_name] = {}
    for frm in chars:
        attached = frm.attached
        if not attached:
            continue
        made = table.get(frm.name)
        if made is None:
            made = table[frm.name] = {}
        for card in (sorted(set(attached)) if len(attached) > 1 else attached):
            to_card = made.get(card)
            if to_card is None:
                to_card = made[card] = {} if moves(rs, card) else False
            if to_card is False:
                continue
            asked = ("can-attach", card)               # may_attach, its key made once for the card
            for to, known in zip(chars, facts):
                name = to.name
                if name == frm.name:
                    continue
                rule = known.get(asked, _UNKNOWN)
                if rule is _UNKNOWN:
                    rule = rs.can_attach(state, player, name, card, known)
                if rule is None:
                    move = to_card.get(name)
                    if move is None:
                        move = to_card[name] = move_card(rs, card, frm.name, name)
                    yield move


def move_card(rs: Any, card: str, frm: str, to: str) -> MoveCard:
    """``MoveCard(card, frm, to)``, one value for each (frozen: shared by every list that offers it)."""
    moves = memo_table(rs, "move-cards", bounded=True)
    key = (card, frm, to)
    got = moves.get(key)
    if got is None:
        got = moves[key] = MoveCard(card, frm, to)
    return got


@task("redistribute", DECIDE, "tomb.free.redistribute-attached", what="which card goes to whom")
def apply_redistribute_pick(rs: Any, state: TombState, t: Task, action: MoveCard, player: int) -> TombState:
    return apply_redistribute(rs, pop(state), player, action)


@legal("redistribute")
def legal_redistribute_pick(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return redistributions(rs, state, player)


@allows("redistribute")
def allows_redistribute_pick(rs: Any, state: TombState, t: Task, action: Any, player: int) -> bool:
    """Whether ``redistributions`` lists ``action``: that Attached card may move to that Character."""
    if type(action) is not MoveCard or not can_redistribute(rs, state, player):
        return False
    party = state.parties[player]
    frm, to = party.character(action.frm), party.character(action.to)
    return len(party.characters) >= 2 and frm is not None and to is not None and frm.name != to.name and \
        action.card in frm.attached and movable(rs, action.card) and \
        rs.can_attach(state, player, to.name, action.card) is None


@why("redistribute")
def why_redistribute_pick(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    if isinstance(action, MoveCard):
        party = state.parties[player]
        frm, to = party.character(action.frm), party.character(action.to)
        if frm is not None and to is not None and action.card in frm.attached:
            if not movable(rs, action.card):
                return "tomb.ambiguity.redistribute-cast-cards"
            return rs.can_attach(state, player, action.to, action.card) or "tomb.free.redistribute-attached"
    return "tomb.free.redistribute-attached"


def apply_redistribute(rs: Any, state: TombState, player: int, action: MoveCard) -> TombState:
    note("tomb.free.redistribute-attached")
    party = state.parties[player]
    frm = party.character(action.frm)
    to = party.character(action.to)
    assert frm is not None and to is not None
    attached = list(frm.attached)
    attached.remove(action.card)
    state = update_character(state, player, action.frm, attached=tuple(attached))
    state = update_character(state, player, action.to, attached=(*to.attached, action.card))
    return check_all_deaths(rs, state)


@implements("tomb.ambiguity.attached-treasure-banking")
def may_bank(rs: Any, state: TombState, player: int, holder: str, card: str) -> bool:
    """An Attached Treasure is Banked at the Inn: on arriving there, and (whenever-at-inn) on a later
    Turn begun there."""
    return state.parties[player].location == "inn"


def free_bank_options(rs: Any, state: TombState, player: int) -> list[Bank]:
    if rs.options.treasure_banking != "whenever-at-inn" or state.raid is not None:
        return []
    if not has(state.effects, "began-at-inn", player=player):
        return []
    return bankable(rs, state, player)


def close_redistribution(state: TombState, player: int) -> TombState:
    """Another action was taken: from now on no Attached card moves this Turn (start-only)."""
    if has(state.effects, "free-closed", player=player):
        return state
    return evolve(state, effects=add(state.effects,
                                     _turn_effect("free-closed", "tomb.free.redistribute-attached", player)))


def free_actions(rs: Any, state: TombState, player: int) -> list[Any]:
    """Tomb's Free Actions open now: redistributing Attached cards and Banking at the Inn."""
    return [*([REDISTRIBUTE] if redistributions(rs, state, player, first=True) else []),
            *free_bank_options(rs, state, player)]


def allows_free(rs: Any, state: TombState, player: int, action: Any) -> bool:
    """Whether ``free_actions`` lists ``action``, asking only what could list it."""
    if type(action) is Redistribute:
        return bool(redistributions(rs, state, player, first=True))
    return action in free_bank_options(rs, state, player)


def apply_free(rs: Any, state: TombState, player: int, action: Any) -> TombState:
    if isinstance(action, Redistribute):
        return push(state, Task("redistribute", player, rule="tomb.free.redistribute-attached"))
    state = close_redistribution(state, player)
    return apply_bank_attached(rs, state, player, action)
