"""Status Effects: three types, two orientations, one of each type at a time, identical effects ignored,
random draws of an orientation, substitutes when no copy is left, removal in Upkeep, by Rest or by
another effect; becoming Fully Infected, the traitor rules, and the Alternative Infected Rules.
"""

from __future__ import annotations

from typing import Any

from ...chance import Deck
from ..options import read
from ...ruleset import Pending
from ...traceability import implements, note, require
from ..actions import Betray, Drawn, KeepStatus, Transform
from ..state import SecretsState, Task, evolve
from .engine import made, task


def status_card(rs: Any, name: str) -> Any:
    return rs.components.statuses[name]


@implements("secrets.status.definition", "secrets.status.types", "secrets.status.orientation", "secrets.status.anatomy")
def gain_status(rs: Any, state: SecretsState, seat: int, name: str, rule: str) -> SecretsState:
    """Gain the named Status Effect: its card from the Status Effect deck; with no copy left, a card of
    the same orientation and type, else of the same orientation (secrets.status.substitute)."""
    adv = state.seats[seat].adventurer
    if adv is None or name not in rs.components.statuses:
        return state
    if state.statuses.count(name):
        state = evolve(state, statuses=state.statuses.remove(name))
        return gain_held_status(rs, state, seat, name)
    note("secrets.status.substitute")
    want = status_card(rs, name)
    same = [s for s in state.statuses.cards() if status_card(rs, s).orientation == want.orientation
            and status_card(rs, s).type == want.type]
    if not same:
        same = [s for s in state.statuses.cards() if status_card(rs, s).orientation == want.orientation]
    if not same:
        return state
    return state.push(Task("status-draw", seat, rule="secrets.status.substitute", items=tuple(same)))


@implements("secrets.status.random-draw")
def queue_random_status(rs: Any, state: SecretsState, seat: int, orientation: str, rule: str) -> SecretsState:
    """Draw status effects until one of the noted orientation appears (secrets.ambiguity.status-random-draw
    =shuffle-return: the others go back; so one draw among the cards of that orientation)."""
    cards = tuple(s for s in state.statuses.cards() if status_card(rs, s).orientation == orientation)
    if not cards:
        return state
    return state.push(Task("status-draw", seat, rule=rule, items=cards))


def _status_draw_chance(rs: Any, state: SecretsState, t: Task) -> Any:
    if read(rs.options, "status_substitute") == "player-chooses" and t.rule == "secrets.status.substitute":
        return None
    return deck_draw(Deck.of({c: state.statuses.count(c) for c in t.items if state.statuses.count(c)}))


def _status_draw_pending(rs: Any, state: SecretsState, t: Task) -> Pending:
    if read(rs.options, "status_substitute") == "player-chooses" and t.rule == "secrets.status.substitute":
        return made.decision(t.seat, "choose a status effect")
    return made.chance("status effect deck")


def _status_draw_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    if seat != t.seat or _status_draw_chance(rs, state, t) is not None:
        return []
    return [KeepStatus(c) for c in t.items if state.statuses.count(c)]


@implements("secrets.ambiguity.status-substitute-choice")
def _status_draw_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    name = getattr(action, "card", None) or getattr(action, "status", None)
    require(isinstance(action, (Drawn, KeepStatus)) and name in t.items and state.statuses.count(name) > 0,
            _status_draw_rule(rs, state, t, action), "{!r} is not a status effect card that can be drawn here",
            action)
    state = evolve(state.pop(), statuses=state.statuses.remove(name))
    return gain_held_status(rs, state, t.seat, name)


def _status_draw_rule(rs: Any, state: SecretsState, t: Task, action: Any) -> str:
    """A card the draw cannot give: a substitute for a named status effect with no copy left names its own
    words, "of the same orientation and type as the prompted card" (secrets.status.substitute); a random
    status effect, "until you draw one of the noted orientation" (secrets.status.random-draw)."""
    if t.rule == "secrets.status.substitute":
        return "secrets.status.substitute"
    return "secrets.status.random-draw"


task("status-draw", run=lambda rs, s, t: s.pop() if s.seats[t.seat].adventurer is None or
     not any(s.statuses.count(c) for c in t.items) else None,
     pending=_status_draw_pending, chance=_status_draw_chance, legal=_status_draw_legal, apply=_status_draw_apply,
     rule=_status_draw_rule)


@implements("secrets.status.one-per-type", "secrets.status.identical-ignored", "secrets.status.traitor-win")
def gain_held_status(rs: Any, state: SecretsState, seat: int, name: str) -> SecretsState:
    """A status card reaches the adventurer: an identical one is ignored (the card goes back); one of a
    type already held replaces it (secrets.ambiguity.status-same-type-different=replace)."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    if name in adv.status:
        return evolve(state, statuses=state.statuses.add(name))
    kind = status_card(rs, name).type
    same = [s for s in adv.status if status_card(rs, s).type == kind]
    if same:
        mode = read(rs.options, "status_same_type")
        if mode == "keep-old":
            return evolve(state, statuses=state.statuses.add(name))
        if mode == "player-chooses":
            state = state.with_adventurer(seat, status=(*adv.status, name))
            return state.push(Task("status-keep", seat, rule="secrets.status.one-per-type", items=(same[0], name)))
        state = remove_status(rs, state, seat, same[0])
        adv = state.seats[seat].adventurer
        assert adv is not None
    return take_effect(rs, state.with_adventurer(seat, status=(*adv.status, name)), seat, name)


def take_effect(rs: Any, state: SecretsState, seat: int, name: str) -> SecretsState:
    """A status now held takes effect: a traitor status makes its holder a traitor; one with Action
    tokens adds them."""
    card = status_card(rs, name)
    if card.traitor:
        state = became_infected(rs, state, seat)
    if card.tokens:
        s = state.seats[seat]
        state = state.with_seat(seat, tokens=s.tokens, action_tokens=s.action_tokens + card.tokens)
    return state


def _keep_status_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(isinstance(action, KeepStatus) and action.status in t.items, "secrets.status.one-per-type",
            "keep one of the two status effects of one type")
    state = state.pop()
    old, new = t.items                  # the status held, and the one just gained (both held until now)
    if action.status == old:            # the new one goes back to the deck as if never gained: no tokens
        adv = state.seats[t.seat].adventurer
        assert adv is not None
        status = list(adv.status)
        status.remove(new)
        state = state.with_adventurer(t.seat, status=tuple(status))
        return evolve(state, statuses=state.statuses.add(new))
    state = remove_status(rs, state, t.seat, old)   # the old one goes (its tokens with it)
    return take_effect(rs, state, t.seat, new)      # the new one takes effect, as one gained outright does


task("status-keep", pending=lambda rs, s, t: made.decision(t.seat, "keep a status effect"),
     legal=lambda rs, s, t, seat: [KeepStatus(x) for x in t.items] if seat == t.seat else [],
     apply=_keep_status_apply, rule=lambda *a: "secrets.status.one-per-type")


@implements("secrets.status.traitor-revert", "secrets.status.removal-other")
def remove_status(rs: Any, state: SecretsState, seat: int, name: str | None) -> SecretsState:
    """A status effect is removed (its card back to the deck); removing Fully Infected ends treachery."""
    adv = state.seats[seat].adventurer
    if adv is None or not adv.status:
        return state
    name = name if name is not None else adv.status[0]
    if name not in adv.status:
        return state
    status = list(adv.status)
    status.remove(name)
    state = state.with_adventurer(seat, status=tuple(status))
    if status_card(rs, name).tokens:
        s = state.seats[seat]
        n = status_card(rs, name).tokens
        state = state.with_seat(seat, action_tokens=max(s.action_tokens - n, 1), tokens=min(s.tokens, max(s.action_tokens - n, 1)))
    return evolve(state, statuses=state.statuses.add(name))


@implements("secrets.status.removal-listed")
def upkeep_status(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    """Upkeep: each status effect's Upkeep effect; those removed during Upkeep are removed."""
    adv = state.seats[seat].adventurer
    if adv is None:
        return state
    for name in adv.status:
        card = status_card(rs, name)
        if card.removal == "upkeep":
            state = remove_status(rs, state, seat, name)
        state = run_ops(state, seat, card.upkeep, "secrets.status.removal-listed")
    return state


def rest_removable(rs: Any, adv: Any) -> list[str]:
    return [s for s in adv.status if status_card(rs, s).removal == "rest"]


# Becoming Fully Infected -------------------------------------------------------------------------------


@implements("secrets.status.traitor-win", "secrets.status.alt-infected-die")
def became_infected(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    """A traitor; with the Alternative Infected Rules the player may instead let the adventurer die."""
    if rs.options.alternative_infected:
        return state.push(Task("infected", seat, rule="secrets.status.alt-infected-die"))
    return state


def _infected_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(isinstance(action, (Transform, Betray)), "secrets.status.alt-infected-die",
            "let the adventurer die (Transform) or play the traitor (Betray)")
    state = state.pop()
    if isinstance(action, Betray):
        return state
    return transform(rs, state, t.seat)


@implements("secrets.status.alt-infected-elite", "secrets.ambiguity.status-alt-infected")
def transform(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    """The adventurer dies (normally: secrets.ambiguity.status-alt-infected=normal-death-random-elite) and
    an elite creature represents the transformed adventurer in the room (it counts toward the limit)."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    room = adv.room
    state = state.push(Task("spawn-one", seat, rule="secrets.status.alt-infected-elite", target="elite",
                            items=(room,), flags=("forced",)))
    if read(rs.options, "alt_infected") == "no-death-penalties":
        state = leave_game(drop_everything(rs, state, seat, dead=True), seat)
        return after_removal(rs, state, seat)
    return apply_death(rs, state, seat)


task("infected", run=lambda rs, s, t: s.pop() if s.seats[t.seat].adventurer is None else None,
     pending=lambda rs, s, t: made.decision(t.seat, "Fully Infected"),
     legal=lambda rs, s, t, seat: [Transform(), Betray()] if seat == t.seat else [],
     apply=_infected_apply, rule=lambda *a: "secrets.status.alt-infected-die")


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from .adventurers import after_removal, apply_death, drop_everything, leave_game  # noqa: E402
from .components_ops import run_ops  # noqa: E402
from .items import deck_draw  # noqa: E402
