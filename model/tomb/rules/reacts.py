"""Actions and Effects: Battle, Turn and React actions of cards and Characters, and the React windows.

"When more than one Player wants to play a React in response to a trigger, the Player whose turn it
is gets the first opportunity to play a React, then opportunity passes to the left around the play
area until all Players have no more Reacts to that trigger."  A window is a task whose players act in
priority (``Pending.priority``): the first may React (again and again) or Pass, then the next.  A
window opens only where someone has a React to play, so most triggers cost no step at all.
"""

from __future__ import annotations

from typing import Any

from ...chance import draw
from ...effects import COMBAT, TURN, Effect, add
from ...traceability import implements, note
from ..actions import Draw, Pass, UseCard
from ..cards import CardEffect
from ..state import Roll, Task, TombState, evolve
from .agenda import CHANCE, PRIORITY, actors, legal, outcome, pop, push, task, update_head, why
from .cards import Usable, after_use, find_usable, mark_used, usable_actions
from .rolling import deck_draw, COLOUR_INDEX, Pool, character_pool, monster_pool
from .wounds import assign_tasks, live_monsters, monster_index, prevent, update_character, update_monster


def window_task(player: int, trigger: str, target: str | None = None, value: int = 0) -> Task:
    return Task("window", player, trigger, card=target, value=value, rule="tomb.actions.react-priority")


def open_window(rs: Any, state: TombState, trigger: str, *, subject: str | None, value: int, owner: int | None) -> TombState:
    return push(state, window_task(owner if owner is not None else state.current, trigger, subject, value))


@implements("tomb.actions.react-priority", "tomb.ambiguity.react-direction")
def react_order(rs: Any, state: TombState) -> list[int]:
    """The player whose turn it is first, then to the left (clockwise: same; opposite: the other way)."""
    n = rs.num_players
    step = -1 if rs.options.react_direction == "opposite" else 1
    return [(state.current + step * k) % n for k in range(n)]


@implements("tomb.ambiguity.react-whose-trigger")
def eligible(rs: Any, state: TombState, t: Task) -> list[int]:
    """Who may React to this trigger: the players concerned (own-party), or, for a Monster's attack,
    any player (any-party)."""
    trigger = t.subject
    if trigger == "after-attack-roll":
        return [state.roll.player] if state.roll is not None and state.roll.successes is not None else []
    if trigger == "before-monster-attack" and rs.options.react_scope == "any-party":
        return [p for p in range(rs.num_players) if state.parties[p].characters]
    return [t.player] if t.player is not None else []


def react_options(rs: Any, state: TombState, t: Task, player: int) -> list[UseCard]:
    """The Reacts ``player`` may play in window ``t``, with their targets."""
    trigger = t.subject or ""
    out: list[UseCard] = []
    roll = state.roll
    if trigger == "after-attack-roll" and roll is not None and roll.subject and roll.subject.startswith("m"):
        return monster_reacts(rs, state, roll)
    holders = None
    if trigger == "after-attack-roll" and roll is not None:
        holders = (roll.subject,)
    for u in usable_actions(rs, state, player, "react", trigger, holders=holders):
        if f"used:{u.holder}|{u.card}" in t.items:
            continue                     # each React once per trigger
        for target in react_targets(rs, state, t, player, u.effect, u.holder):
            out.append(UseCard(u.card, u.holder, target))
    return out


def react_targets(rs: Any, state: TombState, t: Task, player: int, e: CardEffect, holder: str) -> list[str | None]:
    roll = state.roll
    if e.kind == "weaken":
        return [None] if roll is not None and roll.purpose == "monster-attack" and roll.successes is None else []
    if e.kind == "temp-hp":
        return list(state.parties[player].names)
    if e.kind == "peek":
        cards = crypt_cards_for_peek(rs, state, player)
        return [None] if cards else []
    if e.kind == "volley":
        return [None] if live_monsters(state) else []
    if e.kind == "reroll-miss":
        return miss_colours(roll)
    if e.kind == "ward":
        wounded = t.card
        if wounded is None or t.value <= 0 or state.parties[player].character(wounded) is None:
            return []
        if any(x.name == "prevent" and x.subject == wounded for x in state.effects):
            return [None]
        return [None]
    return []


def miss_colours(roll: Roll | None) -> list[str | None]:
    if roll is None or roll.successes is None:
        return []
    return [c for c, i in COLOUR_INDEX.items() if roll.dice[i] - roll.successes[i] > 0]


def monster_reacts(rs: Any, state: TombState, roll: Roll) -> list[UseCard]:
    """A Monster's Attached cards' Reacts (Kama: re-roll a miss), used by the CM once per Turn each."""
    idx = monster_index(roll.subject or "")
    raid = state.raid
    if idx is None or raid is None:
        return []
    out = []
    for card in sorted(set(raid.monsters[idx].attached)):
        for e in rs.cards.card(card).effects:
            if e.kind == "reroll-miss" and not _monster_used(state, roll.player, roll.subject or "", card):
                out += [UseCard(card, roll.subject or "", c) for c in miss_colours(roll)]
    return out


def _monster_used(state: TombState, player: int, holder: str, card: str) -> bool:
    return any(e.name == "used" and e.player == player and e.subject == holder and e.items == (card,)
               for e in state.effects)


def crypt_cards_for_peek(rs: Any, state: TombState, player: int) -> list[str]:
    """The face-down cards of the Crypt about to be entered that ``player`` could look at."""
    where = state.parties[state.current].location
    cid = rs.board.doors.get(where)
    if cid is None:
        task = next((x for x in state.agenda if x.kind == "raid-enter"), None)
        cid = task.subject if task is not None else None
    if cid is None:
        return []
    cards = state.crypt(cid).cards
    if rs.options.peek == "unknown-card":
        cards = tuple(h for h in cards if player not in h.known)
    return [h.card for h in cards]


@task("window", PRIORITY, "tomb.actions.react-priority", what="React")
@implements("tomb.actions.react", "tomb.actions.always-optional", "tomb.play.react-cards-free", "tomb.ambiguity.react-circuits")
def apply_window(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """Play a React (and keep the opportunity) or Pass (the next player's opportunity)."""
    if isinstance(action, Pass):
        return update_head(state, items=(*t.items, str(player)))
    used = tuple(i for i in t.items if i.startswith("used:"))
    passed = () if rs.options.react_circuits == "until-all-pass" else tuple(i for i in t.items if not i.startswith("used:"))
    state = update_head(state, items=(*passed, *used, f"used:{action.holder}|{action.card}"))
    return apply_react(rs, state, t, player, action)


@actors("window")
def window_actors(rs: Any, state: TombState, t: Task) -> tuple[int, ...]:
    passed = {int(p) for p in t.items if not p.startswith("used:")}
    allowed = set(eligible(rs, state, t))
    return tuple(p for p in rs.react_order(state) if p in allowed and p not in passed
                 and react_options(rs, state, t, p))


@legal("window")
def legal_window(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [*react_options(rs, state, t, player), Pass()]


@why("window")
def why_window(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    return "tomb.actions.meet-requirements"


@implements("tomb.cards.example-weaken", "tomb.cards.example-stone-skin", "tomb.cards.example-keziahs-orb",
            "tomb.item.example-throwing-daggers", "tomb.ambiguity.automatic-dice-status")
def apply_react(rs: Any, state: TombState, t: Task, player: int, action: UseCard) -> TombState:
    roll = state.roll
    if action.holder.startswith("m"):
        # a Monster's card (Kama): the CM re-rolls one missed die
        state = mark_used(state, player, action.holder, action.card)
        return push(state, Task("reroll", player, action.target, rule="tomb.actions.react"))
    use = find_usable(rs, state, player, "react", action.card, action.holder, t.subject)
    assert use is not None
    state = after_use(rs, state, player, use)
    e = use.effect
    if e.kind == "weaken":
        assert roll is not None
        note("tomb.cards.example-weaken")
        g, b, r = roll.dice
        auto = roll.auto
        k = e.value
        if r < k and auto and rs.options.automatic_dice == "dice-not-rolled":
            auto = max(auto - (k - r), 0)
        return evolve(state, roll=evolve(roll, dice=(max(g - k, 0), max(b - k, 0), max(r - k, 0)), auto=auto))
    if e.kind == "temp-hp":
        note("tomb.cards.example-stone-skin")
        return evolve(state, effects=add(state.effects, Effect("temp-hp", "tomb.cards.example-stone-skin", until=TURN,
                                                                     player=player, subject=action.target, value=e.value)))
    if e.kind == "peek":
        note("tomb.cards.example-keziahs-orb")
        return push(state, Task("peek", player, rule="tomb.cards.example-keziahs-orb"))
    if e.kind == "volley":
        note("tomb.item.example-throwing-daggers")
        dice = e.dice
        return push(evolve(state, roll=Roll("volley", player, dice, 0, subject=action.holder)),
                    Task("roll", player, "volley", rule="tomb.item.example-throwing-daggers"))
    if e.kind == "reroll-miss":
        return push(state, Task("reroll", player, action.target, rule="tomb.actions.react"))
    if e.kind == "ward":
        pool = character_pool(rs, state, player, action.holder, e.attribute or "holiness")
        ward = Roll("ward", player, pool.dice, pool.auto, subject=action.holder, target=t.card, value=e.tn,
                    card=str(e.value))
        return push(evolve(state, roll=ward), Task("roll", player, "ward", rule="tomb.death.abate-immediately"))
    return state


def volley_done(rs: Any, state: TombState, roll: Roll, total: int) -> TombState:
    """Throwing Daggers: "For each success, inflict one wound on one Monster"."""
    return push(state, *assign_tasks(roll.player, total, "monsters", "tomb.item.example-throwing-daggers"))


def ward_done(rs: Any, state: TombState, roll: Roll, total: int) -> TombState:
    """The abating React succeeded with at least its TN: it prevents its Wounds."""
    if total >= roll.value and roll.target:
        note("tomb.death.abate-immediately")
        state = prevent(state, roll.target, int(roll.card or "1"), "tomb.death.abate-immediately")
    return state


@task("reroll", CHANCE, "tomb.actions.react", what="re-roll a missed die")
def chance_reroll(rs: Any, state: TombState, t: Task) -> Any:
    from .rolling import roll_distribution

    dice = [0, 0, 0]
    dice[COLOUR_INDEX[t.subject or "green"]] = 1
    return roll_distribution(*dice)


@outcome("reroll")
def apply_reroll(rs: Any, state: TombState, t: Task, action: Any, player: None) -> TombState:
    """Kama: "re-roll one of the misses" (a re-rolled success counts; an automatic die is never
    re-rolled)."""
    roll = state.roll
    assert roll is not None and roll.successes is not None
    succ = list(roll.successes)
    succ[COLOUR_INDEX[t.subject or "green"]] += action.total
    return evolve(pop(state), roll=evolve(roll, successes=(succ[0], succ[1], succ[2])))


@task("peek", CHANCE, "tomb.cards.example-keziahs-orb", what="a look at one Crypt card")
@implements("tomb.ambiguity.peek-card")
def chance_peek(rs: Any, state: TombState, t: Task) -> Any:
    """"look at one Card in the Crypt": one of its face-down cards, any (any-card) or one the player
    does not know yet (unknown-card), each as likely."""
    from ...chance import Deck

    cards = crypt_cards_for_peek(rs, state, t.player)  # type: ignore[arg-type]
    if not cards:
        return None
    return deck_draw(Deck.of(cards))


@outcome("peek")
def apply_peek(rs: Any, state: TombState, t: Task, action: Draw, player: None) -> TombState:
    state = pop(state)
    where = state.parties[state.current].location
    cid = rs.board.doors.get(where) or next((x.subject for x in state.agenda if x.kind == "raid-enter"), None)
    if cid is None:
        return state
    cards = list(state.crypt(cid).cards)
    p = t.player
    for i, h in enumerate(cards):
        if h.card == action.card and (rs.options.peek != "unknown-card" or p not in h.known):
            cards[i] = evolve(h, known=tuple(sorted({*h.known, p})))  # type: ignore[arg-type]
            break
    return state.with_crypt(cid, cards=tuple(cards))


# Card actions as Turn and Battle Actions --------------------------------------------------------------------

@implements("tomb.cards.example-another-way-in", "tomb.actions.turn")
def apply_card_effect(rs: Any, state: TombState, player: int, e: CardEffect, action: UseCard, source: str) -> TombState:
    """What a Turn (or Battle) action card does, by its effect kind."""
    if e.kind == "raid-adjacent":
        note("tomb.cards.example-another-way-in")
        note("tomb.ambiguity.another-way-in-adjacent")
        return rs.start_raid(state, player, None, action.target)
    if e.kind == "heal":
        ch = state.parties[player].character(action.target or "")
        if ch is None:
            return state
        return update_character(state, player, ch.name, wounds=max(ch.wounds - e.value, 0))
    if e.kind == "party-dice":
        until = COMBAT if state.raid is not None else TURN
        return evolve(state, effects=add(state.effects, Effect("party-dice", "tomb.example.mirin-casts-bless",
                                                                     until=until, player=player, subject=e.colour,
                                                                     value=e.value)))
    if e.kind == "storm":
        pool = character_pool(rs, state, player, action.holder, e.attribute or "magic", party_bonus=False)
        from .rolling import party_dice

        pool = (pool + party_dice(state, player)).times(e.times)
        return push(evolve(state, roll=Roll("storm", player, pool.dice, pool.auto, subject=action.holder)),
                    Task("roll", player, "storm", rule="tomb.example.fireball"))
    return state


def storm_done(rs: Any, state: TombState, roll: Roll, total: int) -> TombState:
    """Fireball: the successes are Wounds placed on the Monsters first, then on the caster's Party (a
    Monster's Fireball: by the CM, on the Raiding Party first, then on the Monsters)."""
    scope = "party-then-monsters" if roll.subject and roll.subject.startswith("m") else "monsters-then-party"
    owner = state.current if scope == "party-then-monsters" else roll.player
    return push(state, *assign_tasks(roll.player, total, scope, "tomb.example.fireball", owner=owner))


def battle_targets(rs: Any, state: TombState, player: int, e: CardEffect) -> list[str | None]:
    if e.kind == "heal":
        return [c.name for c in state.parties[player].characters if c.wounds > 0]
    if e.kind in ("storm", "party-dice"):
        return [None]
    return []


def battle_card_actions(rs: Any, state: TombState, player: int, ready: list[str]) -> list[UseCard]:
    out = []
    owners: dict[int, list[str]] = {}
    for name in ready:
        o = state.owner_of(name)
        if o is not None:
            owners.setdefault(o, []).append(name)
    for owner, names in owners.items():
        for u in usable_actions(rs, state, owner, "battle", holders=names):
            for target in battle_targets(rs, state, owner, u.effect):
                out.append(UseCard(u.card, u.holder, target))
    return out


def apply_battle_card(rs: Any, state: TombState, player: int, action: UseCard) -> TombState:
    use = find_usable(rs, state, player, "battle", action.card, action.holder)
    assert use is not None
    state = after_use(rs, state, player, use)
    return apply_card_effect(rs, state, player, use.effect, action, source=use.source)


@implements("tomb.combat.monster-inn-card-swap-words")
def monster_card_actions(rs: Any, state: TombState, index: int) -> list[tuple[UseCard, int]]:
    """Battle Actions of the Inn cards Attached to Monster ``index``, with the dice each rolls
    ("it treats any printed reference to the word "Monster" on the card as if it said "Character,"
    and vice versa")."""
    raid = state.raid
    assert raid is not None
    m = raid.monsters[index]
    holder = f"m{index}"
    out: list[tuple[UseCard, int]] = []
    cm = raid.cm if raid.cm is not None else state.current
    for card in sorted(set(m.attached)):
        if _monster_used(state, cm, holder, card):
            continue
        for e in rs.cards.card(card).effects:
            if e.timing not in ("battle", "turn-battle") or not e.acts:
                continue
            if e.kind == "storm":
                out.append((UseCard(card, holder, None), monster_pool(rs, state, index, e.attribute or "magic").count * e.times))
            elif e.kind == "heal":
                out += [(UseCard(card, holder, f"m{i}"), 0) for i in live_monsters(state) if raid.monsters[i].wounds]
            elif e.kind == "party-dice":
                out.append((UseCard(card, holder, None), 0))
    return out


def apply_monster_card(rs: Any, state: TombState, cm: int, action: UseCard) -> TombState:
    idx = monster_index(action.holder)
    assert idx is not None
    raid = state.raid
    assert raid is not None
    state = update_monster(state, idx, actions=raid.monsters[idx].actions + 1)
    state = mark_used(state, cm, action.holder, action.card)
    for e in rs.cards.card(action.card).effects:
        if e.kind == "storm":
            pool = monster_pool(rs, state, idx, e.attribute or "magic").times(e.times)
            return push(evolve(state, roll=Roll("storm", cm, pool.dice, pool.auto, subject=action.holder)),
                        Task("roll", cm, "storm", rule="tomb.combat.monster-inn-card-swap-words"))
        if e.kind == "heal":
            j = monster_index(action.target or "")
            if j is not None:
                state = update_monster(state, j, wounds=max(state.raid.monsters[j].wounds - e.value, 0))  # type: ignore[union-attr]
            return state
        if e.kind == "party-dice":
            return evolve(state, effects=add(state.effects, Effect("party-dice", "tomb.combat.monster-inn-card-swap-words",
                                                                         until=COMBAT, player=-1, subject=e.colour,
                                                                         value=e.value)))
    return state
