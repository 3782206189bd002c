"""Standard Actions: Act, Draw (Inn), Heal, Move, Pickpocket (Tomb), Play a Card, Recruit (Inn),
Return to the Inn (Tomb) and Raid (Tomb); a Turn is any number of Free Actions, then one of these.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ...chance import draw
from ...effects import GAME, Effect, add, has
from ...traceability import _recorders, implements, note
from ..actions import (Attach, Defend, Destroy, Dismiss, Draw, DrawFrom, Heal, HealWound, Move, MoveTo, Pass,
                       Pickpocket, Steal, Raid, Recruit, Redistribute, Redraw, ReturnToInn, SpendBank, UseCard, Bank, Done)
from ..board import INN
from ..cards import INN_DECKS
from ..state import Roll, Task, TombState, evolve, loadout_facts, remembering
from .agenda import AUTO, CHANCE, DECIDE, allows, legal, outcome, pop, push, replace, task, update_head, why
from .cards import card_type, is_caster, memo_table, party_can_cast, party_movement, usable_actions
from .death import check_all_deaths, discard_cards, to_discard_pile
from .free_actions import close_redistribution
from .inn import join_party
from .rolling import deck_draw, character_pool, combined_pool
from .wounds import update_character


def _sorted_add(items: tuple[str, ...], *more: str) -> tuple[str, ...]:
    return tuple(sorted((*items, *more)))


def _sorted_remove(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    out = list(items)
    out.remove(item)
    return tuple(out)


def at_inn(state: TombState, player: int) -> bool:
    return state.parties[player].location == INN


#: the Standard Actions without a choice in them, one value each (frozen: shared by every list that offers
#: them), and each Inn deck's DrawFrom
MOVE, PICKPOCKET, RETURN_TO_INN, RAID, PASS, HEAL = Move(), Pickpocket(), ReturnToInn(), Raid(), Pass(), Heal()
_DRAW_FROM = {d: DrawFrom(d) for d in INN_DECKS}


def draw_from(deck: str) -> DrawFrom:
    """``DrawFrom(deck)``, one value for each Inn deck."""
    got = _DRAW_FROM.get(deck)
    return got if got is not None else DrawFrom(deck)


def in_tomb(state: TombState, player: int) -> bool:
    return state.parties[player].location != INN


# The turn: Free Actions, then one Standard Action -----------------------------------------------------

@task("turn", DECIDE, "tomb.turn.free-actions-then-one-standard", what="Free Actions, then a Standard Action")
@implements("tomb.turn.free-actions-then-one-standard", "tomb.turn.free-actions-include", "tomb.inn.second-phase",
            "tomb.actions.one-turn-action-per-turn", "tomb.turn.standard-actions-list")
def apply_turn(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"players may take as many Free Actions as they would like before taking one (and only one)
    Standard Action on a Turn"."""
    if rs.is_free_action(action):
        return rs.apply_free(state, player, action)
    note("tomb.turn.free-actions-then-one-standard")
    state = close_redistribution(pop(state), player)
    return rs.apply_standard(state, player, action)


@legal("turn")
def legal_turn(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    standard = rs.standard_actions(state, player)
    if not standard:
        standard = [PASS]            # nothing is left to do (tomb.ambiguity.exhausted-supplies)
    return [*rs.free_actions(state, player), *standard]


@why("turn")
def why_turn(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    return rs.why_not_standard(state, player, action)


@allows("turn")
def allows_turn(rs: Any, state: TombState, t: Task, action: Any, player: int) -> bool:
    """Whether ``legal_turn`` lists ``action``: a Free Action among the Free Actions; Pass when no
    Standard Action is open; any other by the ruleset's ``allows_standard``."""
    if rs.is_free_action(action):
        return rs.allows_free(state, player, action)
    if type(action) is Pass:
        return action == Pass() and not rs.standard_actions(state, player)
    return rs.allows_standard(state, player, action)


def standard_actions(rs: Any, state: TombState, player: int) -> list[Any]:
    """Every Standard Action open to ``player`` now."""
    party = state.parties[player]
    out: list[Any] = []
    if not party.characters:
        return [Recruit(c) for c in state.inn] if at_inn(state, player) and can_recruit(rs, state, player) else []
    if can_draw(rs, state, player):
        out += [draw_from(d) for d in drawable_decks(rs, state, player)]
    if can_move(rs, state, player):
        out.append(MOVE)
    out += heal_actions(rs, state, player)
    if can_pickpocket(rs, state, player):
        out.append(PICKPOCKET)
    if can_recruit(rs, state, player):
        out += [Recruit(c) for c in state.inn]
    if can_return(rs, state, player):
        out.append(RETURN_TO_INN)
    if can_raid(rs, state, player):
        out.append(RAID)
    out += turn_card_actions(rs, state, player)
    return out


def allows_standard(rs: Any, state: TombState, player: int, action: Any) -> bool:
    """Whether ``standard_actions`` lists ``action``, asking only what could list it."""
    kind = type(action)
    if not state.parties[player].characters:
        return kind is Recruit and at_inn(state, player) and can_recruit(rs, state, player) and \
            action.character in state.inn
    if kind is DrawFrom:
        return can_draw(rs, state, player) and action.deck in drawable_decks(rs, state, player)
    if kind is Move:
        return action == Move() and can_move(rs, state, player)
    if kind is Heal:
        return action in heal_actions(rs, state, player)
    if kind is Pickpocket:
        return action == Pickpocket() and can_pickpocket(rs, state, player)
    if kind is Recruit:
        return can_recruit(rs, state, player) and action.character in state.inn
    if kind is ReturnToInn:
        return action == ReturnToInn() and can_return(rs, state, player)
    if kind is Raid:
        return action == Raid() and can_raid(rs, state, player)
    if kind is UseCard:
        return action in turn_card_actions(rs, state, player)
    return False


def apply_standard(rs: Any, state: TombState, player: int, action: Any) -> TombState:
    if isinstance(action, DrawFrom):
        return start_draw(rs, state, player, action.deck)
    if isinstance(action, Move):
        return push(state, Task("move-to", player, rule="tomb.move.max-movement"))
    if isinstance(action, Heal):
        return start_heal(rs, state, player, action)
    if isinstance(action, Pickpocket):
        return push(state, Task("pickpocket-pick", player, rule="tomb.pickpocket.select-card"))
    if isinstance(action, Recruit):
        return apply_recruit(rs, state, player, action)
    if isinstance(action, ReturnToInn):
        return apply_return(rs, state, player)
    if isinstance(action, Raid):
        return rs.start_raid(state, player, state.parties[player].location, None)
    if isinstance(action, UseCard):
        return apply_turn_card(rs, state, player, action)
    return state  # Pass: nothing to do


def why_not_standard(rs: Any, state: TombState, player: int, action: Any) -> str:
    """The most specific rule a refused Standard (or Free) Action breaks."""
    if isinstance(action, Redistribute):
        return "tomb.free.redistribute-attached"
    if isinstance(action, Bank):
        return "tomb.treasure.attached-bank-at-inn"
    if isinstance(action, DrawFrom):
        if not at_inn(state, player) or action.deck not in rs.inn_decks:
            return "tomb.draw.two-cards"          # "two Cards from any of the four Decks in the Inn"
        if rs.options.solitaire and not state.inn and rs.options.solo_empty_inn == "no-draw":
            return "tomb.ambiguity.solo-draw-empty-inn"
        return "tomb.ambiguity.exhausted-supplies"
    if isinstance(action, Move):
        return "tomb.move.max-movement"
    if isinstance(action, (MoveTo, Steal)):
        return "tomb.turn.free-actions-then-one-standard"
    if isinstance(action, Heal):
        if not any(rs.cards.characters[c.name].has("cleric") for c in state.parties[player].characters):
            return "tomb.heal.needs-cleric"
        if at_inn(state, player) and rs.options.heal_location == "tomb-only":
            return "tomb.ambiguity.heal-location"
        if rs.options.heal_injured == "injured-only" and not any(c.wounds for c in state.parties[player].characters):
            return "tomb.ambiguity.heal-without-wounds"       # nobody to heal (was heal-location)
        if action not in heal_actions(rs, state, player):
            return "tomb.ambiguity.one-character-rolls"       # a Heal by one Cleric, or by all, per the reading
        return "tomb.ambiguity.heal-location"
    if isinstance(action, Pickpocket):
        if at_inn(state, player):
            return "tomb.pickpocket.not-at-inn"
        if not any(rs.cards.characters[c.name].has("rogue") for c in state.parties[player].characters):
            return "tomb.pickpocket.needs-rogue"
        return "tomb.pickpocket.select-card"
    if isinstance(action, Recruit):
        if not at_inn(state, player):
            return "tomb.recruit.one-from-inn"
        if action.character in state.inn:
            return rs.party_size_rule(state, player)
        return "tomb.recruit.one-from-inn"
    if isinstance(action, ReturnToInn):
        return "tomb.flee.standard-action-return"
    if isinstance(action, Raid):
        return "tomb.raid.on-crypt-door"
    if isinstance(action, UseCard):
        return "tomb.actions.meet-requirements"
    if isinstance(action, Pass):
        return "tomb.turn.free-actions-then-one-standard"
    return "tomb.turn.standard-actions-list"


# Act and Play a Card: Turn Actions of Characters, cards and spaces -------------------------------------

@implements("tomb.act.turn-action", "tomb.play.turn-action-cards", "tomb.play.turn-cards-inn-or-tomb",
            "tomb.play.turn-card-spends-turn", "tomb.ambiguity.board-space-turn-actions")
def turn_card_actions(rs: Any, state: TombState, player: int) -> list[UseCard]:
    """"As a Player's Turn, he can use a Turn Action on a Character, Card, or a Space on the Board";
    Turn Action cards are played at the Inn or in the Tomb and spend the whole Turn."""
    out = []
    uses = memo_table(rs, "use-cards", bounded=True)   # each UseCard value made once (frozen: shared)
    for u in usable_actions(rs, state, player, "turn"):
        if u.effect.kind not in _TARGETED and not _recorders:
            continue                   # (``turn_targets`` lists no target for it; asked while recording)
        for target in turn_targets(rs, state, player, u.effect, u.holder):
            key = (u.card, u.holder, target)
            use = uses.get(key)
            if use is None:
                use = uses[key] = UseCard(u.card, u.holder, target)
            out.append(use)
    if rs.options.board_actions == "printed-on-board" and rs.board.actions:
        for space in space_action_reach(rs, state, player):
            effect, _ = rs.board.actions[space]
            if effect.acts:
                for target in turn_targets(rs, state, player, effect, "party"):
                    out.append(UseCard(f"space:{space}", "party", target))
    return out


@implements("tomb.ambiguity.board-space-turn-action-reach")
def space_action_reach(rs: Any, state: TombState, player: int) -> list[str]:
    """The Spaces with a Turn Action that ``player``'s Party may use: the one it stands on (on-the-space),
    any it could reach with one Turn of Movement, as a Pickpocket reaches its target (within-movement),
    or any on the Board (anywhere)."""
    where = state.parties[player].location
    reach = rs.options.space_reach
    if reach == "on-the-space":
        return [where] if where in rs.board.actions else []
    if reach == "anywhere":
        return list(rs.board.actions)
    dist = distances_read(rs, state, player, where)
    movement = party_movement(rs, state, player)
    return [s for s in rs.board.actions if s == where or dist.get(s, 10**6) <= movement]


#: the effect kinds ``turn_targets`` lists targets for (any other: none)
_TARGETED = frozenset(("raid-adjacent", "heal", "party-dice"))


@implements("tomb.ambiguity.another-way-in-adjacent")
def turn_targets(rs: Any, state: TombState, player: int, effect: Any, holder: str) -> Sequence[str | None]:
    party = state.parties[player]
    if effect.kind == "raid-adjacent":
        where = party.location
        if where == INN or where not in rs.board.spaces:
            return []
        # the Crypts another way in reaches from ``where``: a fact of the board and the reading alone,
        # remembered by the space (``rs.memo``, while ``state.remembering``)
        remember = remembering()
        key = ("another-way-in", where)
        got = rs.memo.get(key) if remember else None
        if got is None:
            door_of = rs.board.doors.get(where)
            diagonals = rs.options.another_way_in == "with-diagonals"
            got = tuple([c for c in rs.board.adjacent_crypts(where, diagonals) if c != door_of])
            if remember:
                rs.memo[key] = got
        return got
    if effect.kind == "heal":
        return [c.name for c in party.characters if c.wounds > 0]
    if effect.kind == "party-dice":
        return [None]
    return []


def apply_turn_card(rs: Any, state: TombState, player: int, action: UseCard) -> TombState:
    from .cards import after_use, find_usable
    from .reacts import apply_card_effect

    if action.card.startswith("space:"):
        effect, _ = rs.board.actions[action.card.removeprefix("space:")]
        note("tomb.act.turn-action")
        note("tomb.ambiguity.board-space-turn-actions")      # the reading printed-on-board, played
        return apply_card_effect(rs, state, player, effect, action, source="space")
    use = find_usable(rs, state, player, "turn", action.card, action.holder)
    assert use is not None
    state = after_use(rs, state, player, use)
    return apply_card_effect(rs, state, player, use.effect, action, source=use.source)


# Draw ------------------------------------------------------------------------------------------------------

@implements("tomb.draw.two-cards", "tomb.draw.no-hand-limit", "tomb.ambiguity.exhausted-supplies")
def can_draw(rs: Any, state: TombState, player: int) -> bool:
    """"If the Adventuring Party is at the Inn, a Player may Draw two Cards" (no hand limit); Solitaire,
    under ``solo_empty_inn`` = no-draw, only while a Character at the Inn can be destroyed for it."""
    if rs.options.solitaire and not state.inn and rs.options.solo_empty_inn == "no-draw":
        return False
    return at_inn(state, player) and bool(drawable_decks(rs, state, player))


def drawable_decks(rs: Any, state: TombState, player: int) -> list[str]:
    return [d for i, d in enumerate(INN_DECKS) if d in rs.inn_decks and
            (state.decks[i] or (rs.reshuffles() and state.discards[i]))]


@implements("tomb.ambiguity.draw-deck-choice", "tomb.solo.inn-draw-destroys-character", "tomb.ambiguity.solo-inn-draw-cost",
            "tomb.ambiguity.solo-draw-empty-inn", "tomb.ambiguity.solo-draw-destroy-timing")
def start_draw(rs: Any, state: TombState, player: int, deck: str) -> TombState:
    """Two cards, in any combination of the decks: one-at-a-time (the second deck chosen after seeing
    the first card) or both-first.  Solitaire: a Character at the Inn is destroyed for the action
    (per-action) or for each card (per-card); before the cards (``solo_destroy_timing`` = destroy-first)
    or after them, the Player knowing what he drew (draw-first: after both cards, or after each card
    under per-card)."""
    tasks: list[Task] = []
    solo = rs.options.solitaire
    per_card = solo and rs.options.solo_draw_cost == "per-card"
    late = solo and rs.options.solo_destroy_timing == "draw-first"
    destroy = Task("solo-destroy", player, rule="tomb.solo.inn-draw-destroys-character")
    if solo and not late:
        tasks.append(destroy)
    if rs.options.draw_choice == "both-first":
        tasks.append(Task("draw-second", player, deck=deck, rule="tomb.draw.two-cards"))
    else:
        tasks.append(Task("inn-draw", player, "hand", deck=deck, rule="tomb.draw.two-cards"))
        if late and per_card:
            tasks.append(destroy)                    # the first card's, once it is drawn
        tasks.append(Task("draw-second", player, rule="tomb.draw.two-cards"))
    if late and not per_card:
        tasks.append(destroy)                        # the action's, once both cards are drawn
    return push(state, *tasks)


@task("draw-second", DECIDE, "tomb.draw.two-cards", what="the second card's deck")
@implements("tomb.ambiguity.solo-draw-destroy-timing")
def apply_draw_second(rs: Any, state: TombState, t: Task, action: DrawFrom, player: int) -> TombState:
    state = pop(state)
    tasks = []
    per_card = rs.options.solitaire and rs.options.solo_draw_cost == "per-card"
    late = per_card and rs.options.solo_destroy_timing == "draw-first"
    if per_card and not late:
        tasks.append(Task("solo-destroy", player, rule="tomb.ambiguity.solo-inn-draw-cost"))
    if t.deck is not None:
        tasks.append(Task("inn-draw", player, "hand", deck=t.deck, rule="tomb.draw.two-cards"))
        if late:                                     # both-first: the first card's destroy, after it
            tasks.append(Task("solo-destroy", player, rule="tomb.solo.inn-draw-destroys-character"))
    tasks.append(Task("inn-draw", player, "hand", deck=action.deck, rule="tomb.draw.two-cards"))
    if late:
        tasks.append(Task("solo-destroy", player, rule="tomb.ambiguity.solo-inn-draw-cost"))
    return push(state, *tasks)


@why("draw-second")
def why_draw_second(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    """The second card from one of the game's Inn decks that has nothing to give names what settles an
    empty deck (``rs.empty_deck_rule``: Tomb's exhausted-supplies); anything else the Draw rule."""
    if isinstance(action, DrawFrom) and action.deck in rs.inn_decks:
        if rs.options.solitaire and not state.inn and rs.options.solo_empty_inn == "no-draw":
            return "tomb.ambiguity.solo-draw-empty-inn"
        return rs.empty_deck_rule
    return "tomb.draw.two-cards"


@legal("draw-second")
def legal_draw_second(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    if rs.options.solitaire and not state.inn and rs.options.solo_draw_cost == "per-card" and \
            rs.options.solo_empty_inn == "no-draw":
        return []                              # no Character left to destroy for the second card
    decks = drawable_decks(rs, state, player)
    if t.deck is not None:
        i = INN_DECKS.index(t.deck)
        # both-first: the first card is still in its deck; a one-card deck cannot give both
        if state.decks[i].total < 2 and not rs.reshuffles():
            decks = [d for d in decks if d != t.deck] or decks
    return [DrawFrom(d) for d in decks]


@task("inn-draw", CHANCE, "tomb.draw.two-cards", what="an Inn card")
@implements("tomb.ambiguity.exhausted-supplies")
def chance_inn_draw(rs: Any, state: TombState, t: Task) -> Any:
    """One card from the named Inn deck (an empty deck gives nothing: nothing-drawn; reshuffle:
    its discards are shuffled back in first)."""
    i = INN_DECKS.index(t.deck or "")
    deck = state.decks[i]
    if not deck and rs.reshuffles() and state.discards[i]:
        deck = state.discards[i]
    if not deck:
        return None
    return deck_draw(deck)


@outcome("inn-draw")
def apply_inn_draw(rs: Any, state: TombState, t: Task, action: Draw, player: None) -> TombState:
    i = INN_DECKS.index(t.deck or "")
    state = pop(state)
    if not state.decks[i] and rs.reshuffles():
        decks, discards = list(state.decks), list(state.discards)
        decks[i], discards[i] = discards[i], discards[i].__class__()
        state = evolve(state, decks=tuple(decks), discards=tuple(discards))
        note("cryptmaster.inn-cards.reshuffle") if rs.game == "cryptmaster" else None
    decks = list(state.decks)
    decks[i] = decks[i].remove(action.card)
    state = evolve(state, decks=tuple(decks))
    who = t.player
    assert who is not None
    if t.subject and t.subject.startswith("m"):
        return place_on_monster(rs, state, int(t.subject[1:]), action.card)
    if rs.level(state, who) >= 5 and not has(state.effects, "journeyman-used", player=who) and t.subject != "redraw":
        return push(state, Task("journeyman", who, t.subject, card=action.card, deck=t.deck,
                                rule="tomb.campaign.level-5-journeyman"))
    return rs.place_inn_card(state, who, action.card, t.subject or "hand")


def place_on_monster(rs: Any, state: TombState, index: int, card: str) -> TombState:
    """An Inn card drawn for a Monster is Attached to it (discarded if it cannot hold it)."""
    from .cards import monster_can_hold
    from .wounds import update_monster

    raid = state.raid
    if raid is None:
        return discard_cards(rs, state, (card,))
    m = raid.monsters[index]
    if not monster_can_hold(rs, m.attached, card):
        return discard_cards(rs, state, (card,))
    return update_monster(state, index, attached=(*m.attached, card))


@implements("tomb.draw.attach-items-immediately", "tomb.cards.item-attach-when-drawn", "tomb.draw.keep-spells-prayers-in-hand",
            "tomb.ambiguity.draw-uncastable-cards", "tomb.draw.no-hand-limit")
def place_inn_card(rs: Any, state: TombState, player: int, card: str, dest: str) -> TombState:
    """"Weapon and Item cards must be Attached immediately and Cards that cannot be Attached are
    discarded"; Spells and Prayers are kept in the hand until cast (may-hold; discard: without a
    caster in the Party they are discarded); Tactics go to the hand."""
    kind = card_type(rs, card)
    if kind == "item":
        holders = [c.name for c in state.parties[player].characters if rs.can_attach(state, player, c.name, card) is None]
        if not holders:
            note("tomb.draw.attach-items-immediately")
            return discard_cards(rs, state, (card,))
        return push(state, Task("attach", player, card=card, rule="tomb.draw.attach-items-immediately"))
    if kind in ("prayer", "spell") and rs.options.uncastable == "discard" and not party_can_cast(rs, state, player, kind):
        return discard_cards(rs, state, (card,))
    party = state.parties[player]
    return state.with_party(player, hand=_sorted_add(party.hand, card))


@task("attach", DECIDE, "tomb.draw.attach-items-immediately", what="Attach the Item")
def apply_attach(rs: Any, state: TombState, t: Task, action: Attach, player: int) -> TombState:
    ch = state.parties[player].character(action.character)
    assert ch is not None
    state = update_character(pop(state), player, action.character, attached=(*ch.attached, action.card))
    return check_all_deaths(rs, state)


@legal("attach")
def legal_attach(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    card = t.card or ""
    return [Attach(card, c.name) for c in state.parties[player].characters if rs.can_attach(state, player, c.name, card) is None]


@why("attach")
def why_attach(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    if isinstance(action, Attach) and action.card == t.card and state.parties[player].character(action.character):
        return rs.can_attach(state, player, action.character, action.card) or "tomb.draw.attach-items-immediately"
    return "tomb.draw.attach-items-immediately"


@task("journeyman", DECIDE, "tomb.campaign.level-5-journeyman", what="Journeyman: draw another?")
@implements("tomb.campaign.level-5-journeyman")
def apply_journeyman(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"Once per game, after drawing an Inn card, the Player may immediately discard it and draw another"."""
    state = pop(state)
    if isinstance(action, Redraw):
        note("tomb.campaign.level-5-journeyman")
        state = evolve(state, effects=add(state.effects, Effect("journeyman-used", "tomb.campaign.level-5-journeyman",
                                                                     until=GAME, player=player)))
        state = discard_cards(rs, state, (t.card or "",))
        return push(state, Task("inn-draw", player, t.subject if t.subject != "hand" else "hand", deck=t.deck,
                                rule="tomb.campaign.level-5-journeyman"))
    return rs.place_inn_card(state, player, t.card or "", t.subject or "hand")


@legal("journeyman")
def legal_journeyman(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Redraw(), Pass()]


@task("solo-destroy", DECIDE, "tomb.solo.inn-draw-destroys-character", what="destroy a Character at the Inn")
@implements("tomb.solo.inn-draw-destroys-character", "tomb.solo.draw-exceptions")
def apply_solo_destroy(rs: Any, state: TombState, t: Task, action: Destroy, player: int) -> TombState:
    """Solitaire: "Any time you use a Turn Action to draw any Inn Cards, you must select a Character
    from the Inn and destroy it" (not for cards drawn because of effects)."""
    note("tomb.solo.inn-draw-destroys-character")
    state = evolve(pop(state), inn=_sorted_remove(state.inn, action.character))
    return to_discard_pile(rs, state, action.character)


@legal("solo-destroy")
def legal_solo_destroy(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Destroy(c) for c in sorted(set(state.inn))]


# Heal ------------------------------------------------------------------------------------------------------

@implements("tomb.heal.needs-cleric", "tomb.ambiguity.heal-location", "tomb.ambiguity.heal-without-wounds")
def heal_actions(rs: Any, state: TombState, player: int) -> list[Heal]:
    """"An Adventuring Party with at least one Cleric may take a Turn to Heal" (Tomb only, as the
    Standard Actions list says, unless the reading anywhere)."""
    party = state.parties[player]
    facts = loadout_facts(rs, party.characters)       # who is a Cleric: a fact of the loadout
    clerics = facts.get("clerics")
    if clerics is None:
        clerics = facts["clerics"] = tuple(c.name for c in party.characters
                                           if rs.cards.characters[c.name].has("cleric"))
    if not clerics:
        return []
    if rs.options.heal_injured == "injured-only" and not any(c.wounds for c in party.characters):
        return []
    if at_inn(state, player) and rs.options.heal_location == "tomb-only":
        return []
    if rs.options.one_character_rolls == "strict-one":
        return [Heal(c) for c in clerics]
    return [HEAL]


@implements("tomb.heal.roll-combined-cleric-holiness", "tomb.ambiguity.heal-dice")
def heal_pool(rs: Any, state: TombState, player: int, action: Heal) -> Any:
    """"a number of Tomb Dice equal to the combined Holiness of all Clerics in the Adventuring Party"
    (clerics-pooled; all-holiness: every Character's Holiness)."""
    party = state.parties[player]
    if action.character is not None:
        names: tuple[str, ...] = (action.character,)
    elif rs.options.heal_dice == "all-holiness":
        names = party.names
    else:
        names = tuple(c.name for c in party.characters if rs.cards.characters[c.name].has("cleric"))
    return combined_pool(rs, state, player, names, "holiness")


def start_heal(rs: Any, state: TombState, player: int, action: Heal) -> TombState:
    pool = rs.heal_pool(state, player, action)
    return start_roll(state, Roll("heal", player, pool.dice, pool.auto), rule="tomb.heal.roll-combined-cleric-holiness")


def start_roll(state: TombState, roll: Roll, *after: Task, rule: str = "tomb.dice.attribute-named") -> TombState:
    """Make ``roll`` next: the chance event (queued for ``rule``: the passage that says what is rolled),
    then what follows it."""
    return push(evolve(state, roll=roll), Task("roll", roll.player, roll.purpose, rule=rule), *after)


@implements("tomb.heal.remove-up-to-successes")
def heal_roll_done(rs: Any, state: TombState, roll: Roll, total: int) -> TombState:
    if total <= 0 or not any(c.wounds for c in state.parties[roll.player].characters):
        return state
    return push(state, Task("heal-assign", roll.player, value=total, rule="tomb.heal.remove-up-to-successes"))


@task("heal-assign", DECIDE, "tomb.heal.any-order", what="remove Wounds")
@implements("tomb.heal.any-order")
def apply_heal_assign(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"These Wounds are healed in whatever order the player wishes" (up to the successes)."""
    if isinstance(action, Done):
        return pop(state)
    ch = state.parties[player].character(action.character)
    assert ch is not None
    state = update_character(state, player, ch.name, wounds=ch.wounds - 1)
    left = t.value - 1
    if left <= 0 or not any(c.wounds for c in state.parties[player].characters):
        return pop(state)
    return update_head(state, value=left)


@legal("heal-assign")
def legal_heal_assign(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [HealWound(c.name) for c in state.parties[player].characters if c.wounds > 0] + [Done()]


@why("heal-assign")
def why_heal_assign(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    """A Wound removed from a Character with none, or from one not in the Party: Heal 'removes ... Wounds
    on the Characters in the Adventuring Party' (the order is free, what is removed is not)."""
    if isinstance(action, HealWound):
        return "tomb.heal.remove-up-to-successes"
    return "tomb.heal.any-order"


# Move ------------------------------------------------------------------------------------------------------

@implements("tomb.move.enter-from-inn", "tomb.move.in-tomb", "tomb.move.party-moves-together", "tomb.move.orthogonal",
            "tomb.move.shared-spaces", "tomb.ambiguity.move-entry-point", "tomb.ambiguity.move-up-to-max",
            "tomb.ambiguity.move-through-spaces", "tomb.glossary.hallway-space")
def move_targets(rs: Any, state: TombState, player: int) -> list[str]:
    """The spaces the whole Party may move to: up to its maximum Movement, horizontally and
    vertically, over Hallway Spaces and Crypt Doors (entering from the Inn at a Tomb entrance).
    Several Parties may share a space."""
    start = state.parties[player].location
    reach = party_movement(rs, state, player)
    dist = distances_read(rs, state, player, start)
    # from the Inn a move may end on an entrance that cost nothing (Cryptmaster: any-entrance-free)
    spots = [n for n, d in dist.items() if (0 < d or start == INN) and d <= reach and n != INN and n != start]
    if rs.options.move_up_to == "exact-or-door":
        exact = [n for n in spots if dist[n] == reach or rs.board.kind(n) == "door"]
        spots = exact or spots
    order = rs.board._order                    # (rs.board.order, read once)
    return sorted(spots, key=lambda n: (dist[n], order.get(n, -1)))


def can_move(rs: Any, state: TombState, player: int) -> bool:
    """Whether ``move_targets`` has a space (the predicate: nothing listed, nothing sorted): whether
    the nearest space it could list is within the Party's reach.  How near that is, is a fact of
    where the Party starts and what it may pass (the distances read no more), remembered by them
    (``rs.memo``, while ``state.remembering``)."""
    start = state.parties[player].location
    reach = party_movement(rs, state, player)
    remember = remembering()
    key = ("nearest-move", start, rs.passable(state, start))
    nearest = rs.memo.get(key) if remember else None
    if nearest is None:
        nearest = min((d for n, d in rs.distances(state, player, start).items()
                       if (0 < d or start == INN) and n != INN and n != start), default=10**9)
        if remember:
            rs.memo[key] = nearest
    return nearest <= reach


def distances_read(rs: Any, state: TombState, player: int, start: str) -> dict[str, int]:
    """``rs.distances`` for a caller that only reads them: a fact of where the Party starts and what it
    may pass (as for ``can_move``), remembered by them (``rs.memo``, while ``state.remembering``)."""
    if not remembering():
        return rs.distances(state, player, start)
    key = ("distances", start, rs.passable(state, start))
    got = rs.memo.get(key)
    if got is None:
        got = rs.memo[key] = rs.distances(state, player, start)
    return got


def distances(rs: Any, state: TombState, player: int, start: str) -> dict[str, int]:
    board = rs.board
    passable = rs.passable(state, start)
    doors_end = rs.options.move_through == "hallways-only"
    if start == INN and rs.options.entry_point == "any-edge":
        return dict(board.edge_distances(passable, doors_end))
    return dict(board.distances(start, passable, doors_end))


def passable(rs: Any, state: TombState, start: str) -> frozenset[str]:
    """Tomb: a Party passes only Hallway Spaces and Crypt Doors; it may leave the Crypt it stands in."""
    return frozenset((start,)) if start.startswith("crypt:") else frozenset()


@task("move-to", DECIDE, "tomb.move.max-movement", what="where the Party moves")
@implements("tomb.attach.move-with-character")
def apply_move_to(rs: Any, state: TombState, t: Task, action: MoveTo, player: int) -> TombState:
    note("tomb.move.party-moves-together")
    return rs.arrive(pop(state).with_party(player, location=action.to), player)


@legal("move-to")
def legal_move_to(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    """The spaces of ``move_targets``: a fact of where the Party starts, what it may pass and its reach
    (the distances read no more), remembered by them (``rs.memo``, while ``state.remembering``), as
    ``can_move``'s nearest space is."""
    if not remembering():
        return [move_to(rs, to) for to in move_targets(rs, state, player)]
    start = state.parties[player].location
    key = ("move-targets", start, rs.passable(state, start), party_movement(rs, state, player))
    got = rs.memo.get(key)
    if got is None:
        got = rs.memo[key] = tuple(move_to(rs, to) for to in move_targets(rs, state, player))
    return list(got)


@allows("move-to")
def allows_move_to(rs: Any, state: TombState, t: Task, action: Any, player: int) -> bool:
    """Whether ``legal_move_to`` lists ``action``: a ``MoveTo`` one of ``move_targets`` (their set,
    remembered by the same facts as the list), without comparing it to every space listed."""
    if type(action) is not MoveTo:
        return False
    if not remembering():
        return action.to in move_targets(rs, state, player)
    start = state.parties[player].location
    key = ("move-target-set", start, rs.passable(state, start), party_movement(rs, state, player))
    got = rs.memo.get(key)
    if got is None:
        got = rs.memo[key] = frozenset(move_targets(rs, state, player))
    return action.to in got


def move_to(rs: Any, to: str) -> MoveTo:
    """``MoveTo(to)``, one value for each space (frozen: shared by every list that offers it)."""
    moves = memo_table(rs, "move-to")
    got = moves.get(to)
    if got is None:
        got = moves[to] = MoveTo(to)
    return got


@why("move-to")
def why_move_to(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    if isinstance(action, MoveTo) and action.to in rs.board.spaces:
        dist = rs.distances(state, player, state.parties[player].location)
        if action.to in dist and rs.board.kind(action.to) not in ("crypt", "room"):
            return "tomb.move.max-movement"
        return "tomb.ambiguity.move-through-spaces"
    return "tomb.move.orthogonal"


def arrive(rs: Any, state: TombState, player: int) -> TombState:
    """Tomb: nothing happens where a Party stops (Cryptmaster: rooms, PvP meetings)."""
    return state


# Pickpocket ------------------------------------------------------------------------------------------------

@implements("tomb.pickpocket.needs-rogue", "tomb.pickpocket.select-card", "tomb.pickpocket.not-at-inn",
            "tomb.treasure.attached-can-be-pickpocketed",
            "tomb.pickpocket.not-own-party", "tomb.ambiguity.pickpocket-range", "tomb.solo.ignore-other-parties")
def pickpocket_actions(rs: Any, state: TombState, player: int) -> list[Steal]:
    """A Rogue may steal "any Item or Treasure Card on a Character from an Adventuring Party in range"
    (the Party could reach it in one Turn of Movement); not at the Inn, not from his own Party."""
    if at_inn(state, player):
        return []
    party = state.parties[player]
    rogues = [c.name for c in party.characters if rs.cards.characters[c.name].has("rogue")]
    if not rogues:
        return []
    out = []
    for q in in_range(rs, state, player):
        for ch in state.parties[q].characters:
            for card in sorted(set(ch.attached)):
                if card_type(rs, card) in ("item", "treasure"):
                    out += [rs.pickpocket_action(r, q, ch.name, card) for r in rogues]
    return sorted(set(out), key=lambda a: (a.player, a.character, a.card or "", a.rogue))


def can_pickpocket(rs: Any, state: TombState, player: int) -> bool:
    """Whether ``pickpocket_actions`` has a card to steal (the predicate: nothing listed)."""
    if at_inn(state, player):
        return False
    if not has_rogue(rs, state.parties[player]):
        return False
    if not any(q != player and has_loot(rs, other) for q, other in enumerate(state.parties)):
        return False                  # nothing to steal anywhere: no range to work out
    return any(has_loot(rs, state.parties[q]) for q in in_range(rs, state, player))


def has_rogue(rs: Any, party: Any) -> bool:
    """Whether a Rogue is in ``party`` (a fact of its loadout)."""
    facts = loadout_facts(rs, party.characters)
    got = facts.get("rogue")
    if got is None:
        got = facts["rogue"] = any(rs.cards.characters[c.name].has("rogue") for c in party.characters)
    return got


def has_loot(rs: Any, party: Any) -> bool:
    """Whether an Item or Treasure is Attached in ``party`` (a fact of its loadout)."""
    facts = loadout_facts(rs, party.characters)
    got = facts.get("loot")
    if got is None:
        got = facts["loot"] = any(card_type(rs, card) in ("item", "treasure")
                                  for ch in party.characters for card in ch.attached)
    return got


def pickpocket_action(rs: Any, rogue: str, player: int, character: str, card: str) -> Steal:
    return Steal(rogue, player, character, card)


@task("pickpocket-pick", DECIDE, "tomb.pickpocket.select-card", what="the Rogue, and the card to steal")
def apply_pickpocket_pick(rs: Any, state: TombState, t: Task, action: Steal, player: int) -> TombState:
    return start_pickpocket(rs, pop(state), player, action)


@legal("pickpocket-pick")
def legal_pickpocket_pick(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return pickpocket_actions(rs, state, player)


@allows("pickpocket-pick")
def allows_pickpocket_pick(rs: Any, state: TombState, t: Task, action: Any, player: int) -> bool:
    """Whether ``pickpocket_actions`` lists ``action``: a Rogue of the Party, not at the Inn, stealing an
    Item or Treasure Attached to a Character of a Party in range (the very value it lists)."""
    if type(action) is not Steal or action.card is None or at_inn(state, player):
        return False
    me = state.parties[player].character(action.rogue)
    if me is None or not rs.cards.characters[me.name].has("rogue"):
        return False
    if not (type(action.player) is int and 0 <= action.player < len(state.parties)):
        return False
    victim = state.parties[action.player].character(action.character)
    if victim is None or action.card not in victim.attached or card_type(rs, action.card) not in ("item", "treasure"):
        return False
    return action.player in in_range(rs, state, player) and \
        action == rs.pickpocket_action(action.rogue, action.player, action.character, action.card)


@why("pickpocket-pick")
def why_pickpocket_pick(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    if isinstance(action, Steal):
        if action.player == player:
            return "tomb.pickpocket.not-own-party"
        if state.parties[player].character(action.rogue) is None or not rs.cards.characters[action.rogue].has("rogue"):
            return "tomb.pickpocket.needs-rogue"
        if action.player not in in_range(rs, state, player):
            return "tomb.ambiguity.pickpocket-range"
    return "tomb.pickpocket.select-card"


def in_range(rs: Any, state: TombState, player: int) -> list[int]:
    start = state.parties[player].location
    reach = party_movement(rs, state, player)
    dist = distances_read(rs, state, player, start)
    out = []
    for q, other in enumerate(state.parties):
        if q == player or not other.characters or other.out:
            continue
        if other.location == INN:
            if rs.options.pickpocket_range == "any-reachable" and min(
                    (dist.get(e, 10**6) for e in rs.board.entrances), default=10**6) + 1 <= reach:
                out.append(q)
            continue
        if other.location == start or dist.get(other.location, 10**6) <= reach:
            out.append(q)
    return out


def start_pickpocket(rs: Any, state: TombState, player: int, action: Steal) -> TombState:
    note("tomb.pickpocket.select-card")
    return push(state, Task("defend", action.player, action.rogue, card=action.card, items=(action.character,),
                            value=player, rule="tomb.pickpocket.target-rolls-skill"))


@task("defend", DECIDE, "tomb.pickpocket.target-rolls-skill", what="catch the Rogue")
@implements("tomb.pickpocket.target-rolls-skill", "tomb.pickpocket.rogue-rolls-skill")
def apply_defend(rs: Any, state: TombState, t: Task, action: Defend, player: int) -> TombState:
    """"The acting Player rolls the Skill Dice for the Rogue. The target Party's Player rolls the Skill
    Dice of any one Character in his Party (Target Player's choice)."""
    thief = t.value
    pool = character_pool(rs, state, thief, t.subject or "", "skill")
    roll = Roll("pickpocket", thief, pool.dice, pool.auto, subject=t.subject, target=action.character,
                card=t.card, value=0)
    state = replace(state)
    return start_roll(state, roll, Task("defend-roll", player, action.character, card=t.card, items=t.items,
                                        value=thief, rule="tomb.pickpocket.target-rolls-skill"))


@legal("defend")
def legal_defend(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Defend(c.name) for c in state.parties[player].characters]


def pickpocket_roll_done(rs: Any, state: TombState, roll: Roll, total: int) -> TombState:
    """The Rogue's successes are remembered for the opposing roll."""
    return evolve(state, effects=add(state.effects, Effect("rogue-roll", "tomb.pickpocket.rogue-rolls-skill",
                                                                 player=roll.player, subject=roll.subject, value=total)))


@task("defend-roll", AUTO, "tomb.pickpocket.target-rolls-skill")
def run_defend_roll(rs: Any, state: TombState, t: Task) -> TombState:
    pool = character_pool(rs, state, t.player, t.subject or "", "skill")  # type: ignore[arg-type]
    roll = Roll("defend", t.player, pool.dice, pool.auto, subject=t.subject, card=t.card, value=t.value,  # type: ignore[arg-type]
                target=t.items[0] if t.items else None)
    return start_roll(pop(state), roll)


@implements("tomb.pickpocket.success", "tomb.pickpocket.caught", "tomb.pickpocket.catch-attack",
            "tomb.pickpocket.example", "tomb.ambiguity.pickpocket-tie")
def defend_roll_done(rs: Any, state: TombState, roll: Roll, total: int) -> TombState:
    """"If the acting Player rolls more successes than his opponent, the Card is stolen and Attached to
    the Rogue, and discarded if it cannot be Attached. If the Rogue fails, the Character making the
    opposing Skill roll "catches" the Rogue."  A tie is a failure (tie-caught) or nothing (tie-nothing)."""
    from ...effects import discard as drop

    rogue_e = next(e for e in state.effects if e.name == "rogue-roll")
    state = evolve(state, effects=drop(state.effects, "rogue-roll"))
    thief, rogue, rogue_total = rogue_e.player, rogue_e.subject, rogue_e.value or 0
    assert thief is not None and rogue is not None
    if is_theft(rogue_total, total):
        return rs.steal(state, thief, rogue, roll.player, roll.target or "", roll.card)
    if rogue_total == total and rs.options.pickpocket_tie == "tie-nothing":
        return state
    note("tomb.pickpocket.caught")
    return rs.start_catch(state, roll.player, roll.subject or "", thief, rogue)


def is_theft(rogue: int, defender: int) -> bool:
    """"If the acting Player rolls more successes than his opponent, the Card is stolen"."""
    return rogue > defender


def steal(rs: Any, state: TombState, thief: int, rogue: str, victim: int, character: str, card: str | None) -> TombState:
    note("tomb.pickpocket.success")
    assert card is not None
    ch = state.parties[victim].character(character)
    assert ch is not None and card in ch.attached
    attached = list(ch.attached)
    attached.remove(card)
    state = update_character(state, victim, character, attached=tuple(attached))
    if rs.can_attach(state, thief, rogue, card) is None:
        me = state.parties[thief].character(rogue)
        assert me is not None
        state = update_character(state, thief, rogue, attached=(*me.attached, card))
    else:
        state = discard_cards(rs, state, (card,))
    return check_all_deaths(rs, state)


def start_catch(rs: Any, state: TombState, catcher_player: int, catcher: str, thief: int, rogue: str) -> TombState:
    """"The Character catching a Pickpocketing Rogue is allowed one Attack on the Rogue before he gets
    away, following the standard rules for attacking."""
    pool = character_pool(rs, state, catcher_player, catcher, "attack")
    roll = Roll("catch", catcher_player, pool.dice, pool.auto, subject=catcher, target=rogue, value=thief)
    state = evolve(state, effects=add(state.effects, Effect("catching", "tomb.pickpocket.rogue-killed-cards-to-attacker",
                                                                 player=catcher_player, subject=rogue)))
    return start_roll(state, roll, Task("window", catcher_player, "after-attack-roll", rule="tomb.actions.react-priority"),
                      Task("attack-land", catcher_player, rule="tomb.pickpocket.rogue-wounded"),
                      Task("caught-done", thief, rogue, rule="tomb.pickpocket.rogue-wounded"))


@task("caught-done", AUTO, "tomb.pickpocket.rogue-wounded")
@implements("tomb.pickpocket.rogue-wounded")
def run_caught_done(rs: Any, state: TombState, t: Task) -> TombState:
    """"The Rogue suffers Wounds from this Attack, like any other, before returning to his Party"."""
    from ...effects import discard as drop

    return evolve(pop(state), effects=drop(state.effects, "catching"))


# Recruit -------------------------------------------------------------------------------------------------

@implements("tomb.recruit.one-from-inn", "tomb.party.size-one-to-five", "tomb.glossary.adventuring-party",
            "tomb.ambiguity.party-size-overflow", "tomb.solo.party-size-four", "tomb.campaign.level-10-lord")
def can_recruit(rs: Any, state: TombState, player: int) -> bool:
    """"If the Adventuring Party is at the Inn, a Player may Recruit one Character from the Inn Board"
    while his Party is below its maximum size (cannot-exceed)."""
    if not at_inn(state, player) or not state.inn:
        return False
    if rs.options.party_overflow == "discard-excess":
        return True
    return len(state.parties[player].characters) < rs.party_limit(state, player)


def party_size_rule(rs: Any, state: TombState, player: int) -> str:
    if rs.options.solitaire:
        return "tomb.solo.party-size-four"
    if rs.party_limit(state, player) == 6:
        return "tomb.campaign.level-10-lord"
    return "tomb.party.size-one-to-five"


@implements("tomb.campaign.level-10-lord", "tomb.solo.party-size-four", "tomb.party.size-one-to-five")
def party_limit(rs: Any, state: TombState, player: int) -> int:
    """Five Characters; four in Solitaire; six for a Lord (the Solitaire cap stays four)."""
    if rs.options.solitaire:
        return 4
    return 6 if rs.level(state, player) >= 10 else 5


def apply_recruit(rs: Any, state: TombState, player: int, action: Recruit, how: str = "recruit") -> TombState:
    note("tomb.recruit.one-from-inn")
    state = evolve(state, inn=_sorted_remove(state.inn, action.character))
    tasks: list[Task] = []
    if len(state.parties[player].characters) + 1 > rs.party_limit(state, player):
        tasks.append(Task("overflow", player, rule="tomb.ambiguity.party-size-overflow"))
    if rs.level(state, player) >= 7 and state.parties[player].bank and how == "recruit":
        tasks.append(Task("soldier", player, rule="tomb.campaign.level-7-soldier"))
    state = push(state, *tasks)
    return join_party(rs, state, player, action.character, how=how)


@task("soldier", DECIDE, "tomb.campaign.level-7-soldier", what="Soldier: recruit more?")
@implements("tomb.campaign.level-7-soldier")
def apply_soldier(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"After recruiting a Character, the Player may discard one or more cards from the Player XP Bank
    to immediately recruit that number of additional Characters."""
    state = pop(state)
    if isinstance(action, Pass):
        return state
    note("tomb.campaign.level-7-soldier")
    party = state.parties[player]
    state = state.with_party(player, bank=_sorted_remove(party.bank, action.card))
    state = discard_cards(rs, state, (action.card,))
    return push(state, Task("soldier-recruit", player, rule="tomb.campaign.level-7-soldier"))


@legal("soldier")
def legal_soldier(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    if not state.inn or len(state.parties[player].characters) >= rs.party_limit(state, player):
        return [Pass()]
    return [SpendBank(c) for c in sorted(set(state.parties[player].bank))] + [Pass()]


@task("soldier-recruit", DECIDE, "tomb.campaign.level-7-soldier", what="Soldier: the extra recruit")
def apply_soldier_recruit(rs: Any, state: TombState, t: Task, action: Recruit, player: int) -> TombState:
    state = pop(state)
    state = apply_recruit(rs, state, player, action, how="soldier")
    if state.parties[player].bank and len(state.parties[player].characters) < rs.party_limit(state, player):
        state = push(state, Task("soldier", player, rule="tomb.campaign.level-7-soldier"))
    return state


@legal("soldier-recruit")
def legal_soldier_recruit(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Recruit(c) for c in state.inn]


@task("overflow", DECIDE, "tomb.ambiguity.party-size-overflow", what="return a Character to the Inn")
def apply_overflow(rs: Any, state: TombState, t: Task, action: Dismiss, player: int) -> TombState:
    """discard-excess: the Party may pass its maximum briefly; its owner returns Characters to the Inn
    (their Attached cards are discarded: tomb.attach.discard-when-character-leaves)."""
    party = state.parties[player]
    ch = party.character(action.character)
    assert ch is not None
    state = state.with_party(player, characters=tuple(c for c in party.characters if c.name != ch.name))
    state = discard_cards(rs, state, ch.attached)
    state = evolve(state, inn=_sorted_add(state.inn, ch.name))
    if len(state.parties[player].characters) <= rs.party_limit(state, player):
        state = pop(state)
    return check_all_deaths(rs, state)


@legal("overflow")
def legal_overflow(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    if len(state.parties[player].characters) <= rs.party_limit(state, player):
        return []
    return [Dismiss(c.name) for c in state.parties[player].characters]


# Return to the Inn -------------------------------------------------------------------------------------------

@implements("tomb.flee.standard-action-return", "tomb.ambiguity.return-to-inn-distance")
def can_return(rs: Any, state: TombState, player: int) -> bool:
    """"an Adventuring Party may use its Standard Action for the Turn to return to the Inn" (from
    anywhere in the Tomb: instant; within-movement: only if it could reach the entrance)."""
    if at_inn(state, player):
        return False
    if rs.options.return_distance == "within-movement":
        party_at = state.parties[player].location
        dist = rs.distances(state, player, party_at)
        reach = party_movement(rs, state, player)
        return min((dist.get(e, 10**6) for e in rs.board.entrances), default=10**6) + 1 <= reach
    return True


@implements("tomb.flee.turn-ends")
def apply_return(rs: Any, state: TombState, player: int) -> TombState:
    """"Once the Adventuring Party has reached the Inn, the Player may choose to Bank any Treasure
    Cards Attached to Characters. The Player's turn ends."""
    from .treasure import arrive_at_inn

    state = state.with_party(player, location=INN)
    note("tomb.flee.turn-ends")
    return arrive_at_inn(rs, state, player)


# Raid ------------------------------------------------------------------------------------------------------

@implements("tomb.raid.on-crypt-door")
def can_raid(rs: Any, state: TombState, player: int) -> bool:
    """"If an Adventuring Party is standing on a Crypt Door at the start of a Turn, they may Raid the
    Crypt" (a Standard Action, so the Party has not moved this Turn)."""
    return state.parties[player].location in rs.board.doors


def disarm_choices(names: tuple[str, ...], most: int, exactly: bool) -> list[tuple[str, ...]]:
    sizes = [min(most, len(names))] if exactly else range(1, min(most, len(names)) + 1)
    return [combo for k in sizes for combo in combinations(names, k)]
