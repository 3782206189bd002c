"""Death: killed Characters and Monsters, the replacement Character at the Inn, a Party wiped out.
"""

from __future__ import annotations

from typing import Any

from ...chance import Deck, draw
from ...effects import GAME, Effect, add
from ...traceability import implements, note
from ..actions import Draw, Pass, Recruit, ToPool
from ..cards import INN_DECKS, InnCard
from ..state import Task, TombState, evolve
from .agenda import AUTO, CHANCE, DECIDE, drop_until, legal, outcome, pop, push, task, why
from .cards import character_hp, monster_hp
from .wounds import update_character, update_monster
from .rolling import deck_draw


def _sorted_add(items: tuple[str, ...], *more: str) -> tuple[str, ...]:
    return tuple(sorted((*items, *more)))


def _sorted_remove(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    out = list(items)
    out.remove(item)
    return tuple(out)


@implements("tomb.death.dead-character-removed", "tomb.attach.discard-when-character-leaves")
def discard_cards(rs: Any, state: TombState, cards: tuple[str, ...]) -> TombState:
    """Cards leave play: Inn cards to their deck's discard pile, Crypt cards to the Crypt discard pile."""
    if not cards:
        return state
    discards = list(state.discards)
    crypt = state.crypt_discard
    for c in cards:
        card = rs.cards.card(c)
        if isinstance(card, InnCard):
            i = INN_DECKS.index(card.deck)
            discards[i] = discards[i].add(c)
        else:
            crypt = crypt.add(c)
    return evolve(state, discards=tuple(discards), crypt_discard=crypt)


def is_dead(rs: Any, state: TombState, player: int, name: str) -> bool:

    ch = state.parties[player].character(name)
    return ch is not None and ch.wounds > 0 and ch.wounds >= character_hp(rs, state, player, name)


@implements("tomb.death.killed-at-hit-points", "tomb.glossary.dead")
def check_death(rs: Any, state: TombState, player: int, name: str) -> TombState:
    """"When a Character ... suffers a number of Wounds equal to or greater than its Hit Point total,
    it is killed"."""
    if is_dead(rs, state, player, name):
        note("tomb.death.killed-at-hit-points")
        return rs.kill_character(state, player, name)
    return state


@implements("tomb.ambiguity.hit-point-changes")
def check_all_deaths(rs: Any, state: TombState) -> TombState:
    """Death is checked whenever Hit Points change, not only on a Wound (dies-when-exceeded)."""
    if rs.options.hit_point_changes == "only-on-wound":
        return state
    for p, party in enumerate(state.parties):
        for ch in party.characters:
            if ch.wounds and is_dead(rs, state, p, ch.name):
                state = rs.kill_character(state, p, ch.name)
    return state


@implements("tomb.death.dead-character-removed", "tomb.death.replacement-to-inn", "tomb.attach.discard-when-character-leaves",
            "tomb.play.inn-cards-attached", "tomb.ambiguity.dead-character-destination",
            "tomb.ambiguity.solo-death-replacement")
def kill_character(rs: Any, state: TombState, player: int, name: str, *, cards_to: int | None = None) -> TombState:
    """A dead Character is removed from play and his Attached cards discarded (or, for a caught Rogue,
    given to ``cards_to``); a new Character is drawn from the Pool into the Inn; a Squire may send the
    dead one back to the Pool; an emptied Party restarts; Death is checked again for the others, whose
    Hit Points the cards leaving may lower."""
    party = state.parties[player]
    ch = party.character(name)
    if ch is None:
        return state
    if cards_to is None and rs.options.killed_rogue_cards == "given-to-attacker":
        cards_to = next((e.player for e in state.effects if e.name == "catching" and e.subject == name), None)
    note("tomb.death.dead-character-removed")
    chars = tuple(c for c in party.characters if c.name != name)
    state = state.with_party(player, characters=chars)
    if cards_to is None:
        state = discard_cards(rs, state, ch.attached)
    tasks: list[Task] = []
    if cards_to is not None and ch.attached:
        tasks.append(Task("give", cards_to, items=ch.attached, rule="tomb.pickpocket.rogue-killed-cards-to-attacker"))
    owner = ch.owner if ch.owner is not None else player
    if rs.level(state, owner) >= 4:
        tasks.append(Task("squire", owner, name, rule="tomb.campaign.level-4-squire"))
    else:
        state = to_discard_pile(rs, state, name)
    if rs.replaces_dead(state):
        tasks.append(Task("replace", None, name, rule="tomb.death.replacement-to-inn"))
    if not chars:
        tasks.append(Task("wipe", player, rule="tomb.death.party-wiped-discard"))
    # the dead Character's cards leave play: one that raised the others' Hit Points (a War Banner) may
    # leave a Character at or past its total (tomb.ambiguity.hit-point-changes)
    return check_all_deaths(rs, push(state, *tasks))


def replaces_dead(rs: Any, state: TombState) -> bool:
    """A dead Character's replacement goes to the Inn (not in Solitaire: solo-overrides)."""
    return not (rs.options.solitaire and rs.options.solo_death == "solo-overrides")


def to_discard_pile(rs: Any, state: TombState, name: str) -> TombState:
    if rs.options.dead_destination == "removed":
        return state
    return evolve(state, dead=_sorted_add(state.dead, name))


@task("squire", DECIDE, "tomb.campaign.level-4-squire", what="Squire: the Character to the Pool?")
def apply_squire(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"When one of the Player's Characters is destroyed, the Player may return it to the Character
    Pool instead of the discard pile"."""
    state = pop(state)
    if isinstance(action, ToPool):
        note("tomb.campaign.level-4-squire")
        return evolve(state, pool=state.pool.add(t.subject))
    return to_discard_pile(rs, state, t.subject)


@legal("squire")
def legal_squire(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [ToPool(), Pass()]


@task("replace", CHANCE, "tomb.death.replacement-to-inn", what="a new Character for the Inn")
def chance_replace(rs: Any, state: TombState, t: Task) -> Any:
    """"a new Character is drawn from the Character Pool and placed in the Inn" (none if the Pool is
    empty: tomb.ambiguity.exhausted-supplies)."""
    if not state.pool:
        return None
    return deck_draw(state.pool)


@outcome("replace")
def apply_replace(rs: Any, state: TombState, t: Task, action: Draw, player: None) -> TombState:
    note("tomb.death.replacement-to-inn")
    return evolve(pop(state), pool=state.pool.remove(action.card), inn=_sorted_add(state.inn, action.card))


@task("wipe", AUTO, "tomb.death.party-wiped-discard")
@implements("tomb.death.party-wiped-discard", "tomb.death.party-wiped-restart", "tomb.death.party-wiped-turn-ends",
            "tomb.party.empty-returns-and-recruits", "tomb.ambiguity.party-wipe-restart",
            "tomb.ambiguity.party-wipe-turn-end")
def run_wipe(rs: Any, state: TombState, t: Task) -> TombState:
    """The whole Party is dead: its Marker returns to the Inn, the Player starts a new Party with a
    Character from the Pool (or Recruits one from the Inn), and, if it is his turn, his turn ends."""
    state = pop(state)
    player = t.player
    assert player is not None
    if state.parties[player].characters:
        return state            # someone joined in the meantime
    note("tomb.death.party-wiped-restart")
    # the Raid and the turn's remaining tasks go, but not what the deaths already owe: "If a Character
    # ever dies, ... a new Character is drawn from the Character Pool and placed in the Inn" for each
    # one, also for one killed before the last (a Bruntor's Shield's holder killed by the loss of HP
    # another's death brings queues his own death's tasks, and this wipe, above the first one's)
    kept: tuple[Task, ...] = ()
    if player == state.current:
        end = next((i for i, u in enumerate(state.agenda) if u.kind == rs.turn_end_task()), None)
        if end is not None:
            kept = tuple(u for u in state.agenda[:end] if u.kind in _OWED_BY_DEATH)
    state = state.with_party(player, location="inn")
    if player == state.current and state.raid is not None:
        from .raid import abort_raid

        state = abort_raid(rs, state, "wiped")
    restart = rs.restart_task(state, player)
    if player == state.current:
        note("tomb.death.party-wiped-turn-ends")
        state = drop_until(state, rs.turn_end_task())
    elif rs.game == "tomb" and rs.options.wipe_turn_end == "skip-next":
        # wiped in another's turn (a Pickpocket takes the Item whose Hit Points kept the last one alive):
        # the current turn goes on, and the wiped Player loses his next turn
        note("tomb.ambiguity.party-wipe-turn-end")
        state = evolve(state, effects=add(state.effects, Effect("skip-next-turn", "tomb.ambiguity.party-wipe-turn-end",
                                                                until=GAME, player=player)))
    return push(state, *kept, *restart)


# the tasks a Character's death leaves that a wiped Party's end of turn must not drop
_OWED_BY_DEATH = ("replace", "squire", "give")


@task("restart-draw", CHANCE, "tomb.death.party-wiped-restart", what="a new Character for the Party")
def chance_restart(rs: Any, state: TombState, t: Task) -> Any:
    if not state.pool:
        return None
    return deck_draw(state.pool)


@outcome("restart-draw")
def apply_restart(rs: Any, state: TombState, t: Task, action: Draw, player: None) -> TombState:
    from .inn import join_party

    state = evolve(pop(state), pool=state.pool.remove(action.card))
    return join_party(rs, state, t.player, action.card, how="restart")


@task("restart-recruit", DECIDE, "tomb.ambiguity.party-wipe-restart", what="recruit a new Party")
def apply_restart_recruit(rs: Any, state: TombState, t: Task, action: Recruit, player: int) -> TombState:
    from .inn import join_party

    state = evolve(pop(state), inn=_sorted_remove(state.inn, action.character))
    return join_party(rs, state, player, action.character, how="restart")


@legal("restart-recruit")
def legal_restart_recruit(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Recruit(c) for c in state.inn]


@task("loot", DECIDE, "tomb.pickpocket.rogue-killed-cards-to-attacker", what="Attach the Rogue's cards")
@implements("tomb.pickpocket.rogue-killed-cards-to-attacker", "tomb.ambiguity.pickpocket-killed-rogue-cards")
def apply_loot(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """The killed Rogue's Attached Cards are given to the attacking Player: he Attaches each (a card
    no Character of his can hold is discarded)."""
    from ..actions import Attach

    card = t.items[0]
    rest = t.items[1:]
    assert isinstance(action, Attach)
    ch = state.parties[player].character(action.character)
    assert ch is not None
    state = update_character(pop(state), player, action.character, attached=(*ch.attached, card))
    return offer_cards(rs, state, player, rest)


def offer_cards(rs: Any, state: TombState, player: int, cards: tuple[str, ...]) -> TombState:
    """``player`` Attaches each of ``cards`` to one of his Characters; a card none of them can hold is
    discarded."""
    rest = tuple(cards)
    while rest:
        card = rest[0]
        if any(rs.can_attach(state, player, c.name, card) is None for c in state.parties[player].characters):
            return push(state, Task("loot", player, items=rest, rule="tomb.pickpocket.rogue-killed-cards-to-attacker"))
        state = discard_cards(rs, state, (card,))
        rest = rest[1:]
    return state


@task("give", AUTO, "tomb.pickpocket.rogue-killed-cards-to-attacker")
def run_give(rs: Any, state: TombState, t: Task) -> TombState:
    return rs.claim_cards(pop(state), t.player, t.items)  # type: ignore[arg-type]


@why("loot")
def why_loot(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    """The Rogue's card Attached to a Character who may not take it names the Attachment rule it breaks
    (rs.can_attach: a trait already held, a caster's requirement); anything else the Pickpocket rule."""
    from ..actions import Attach

    if isinstance(action, Attach) and t.items and action.card == t.items[0] and \
            state.parties[player].character(action.character) is not None:
        return rs.can_attach(state, player, action.character, action.card) or t.rule
    return "tomb.pickpocket.rogue-killed-cards-to-attacker"


@legal("loot")
def legal_loot(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    from ..actions import Attach

    card = t.items[0]
    return [Attach(card, c.name) for c in state.parties[player].characters if rs.can_attach(state, player, c.name, card) is None]


@implements("tomb.death.dead-monster-banked", "tomb.banking.defeated-banked", "tomb.death.killed-at-hit-points")
def check_monster_death(rs: Any, state: TombState, index: int) -> TombState:
    """A Monster with Wounds equal to its Hit Points is killed and immediately Banked by the Raiding
    Player; the cards Attached to it are discarded."""

    raid = state.raid
    assert raid is not None
    m = raid.monsters[index]
    if m.dead or m.wounds < monster_hp(rs, state, index):
        return state
    return rs.kill_monster(state, index)


def kill_monster(rs: Any, state: TombState, index: int) -> TombState:
    from .treasure import bank_card

    raid = state.raid
    assert raid is not None
    m = raid.monsters[index]
    note("tomb.death.dead-monster-banked")
    state = update_monster(state, index, dead=True, attached=())
    state = discard_cards(rs, state, m.attached)
    state = evolve(state, raid=evolve(state.raid, resolved=state.raid.resolved + 1))
    return bank_card(rs, state, state.current, m.card)


def empty_deck(deck: Deck) -> bool:
    return not deck
