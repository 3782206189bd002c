"""Guided Tour and Setup: Fill the Tomb (Tomb's order roll and filling), Fill the Inn (each player's
starting character, the Pariah rule, one cryptmaster card each) and the Overlord's selection and
placement.
"""

from __future__ import annotations

from typing import Any

from ...chance import Deck
from ...tomb.actions import Draw, Keep, Pass, PlaceOverlord, Recruit
from ...tomb.rules.agenda import AUTO, CHANCE, DECIDE, legal, outcome, pop, push, task
from ...tomb.rules.inn import join_party
from ...tomb.rules.rolling import deck_draw
from ...tomb.rules.setup import first_turn_player
from ...tomb.state import Hidden, Task, TombState, evolve
from ...traceability import implements, note
from . import REGISTRY


def is_pariah(rs: Any, name: str) -> bool:
    return "pariah" in rs.cards.characters[name].keywords


@implements("cryptmaster.overlord.select", "cryptmaster.overlord.select-how", "cryptmaster.ambiguity.overlord-source")
def setup_agenda(rs: Any, state: TombState) -> TombState:
    """Overlords: "Before crypt cards are placed in crypts, select an overlord card" (at random here,
    from the separate overlord cards); then Tomb's order roll and filling."""
    from ...tomb.rules import setup as tomb_setup

    state = tomb_setup.setup_agenda(rs, state)
    if rs.options.overlords and any(c.overlord for c in rs.cards.crypt.values()):
        state = push(state, Task("overlord-select", rule="cryptmaster.overlord.select"))
    return state


@task("overlord-select", CHANCE, "cryptmaster.overlord.select", what="the Overlord", registry=REGISTRY)
def chance_overlord(rs: Any, state: TombState, t: Task) -> Any:
    return deck_draw(Deck.of([c.name for c in rs.cards.crypt.values() if c.overlord]))


@outcome("overlord-select", registry=REGISTRY)
def apply_overlord(rs: Any, state: TombState, t: Task, action: Draw, player: None) -> TombState:
    note("cryptmaster.overlord.select")
    return evolve(pop(state), overlord=action.card)


@implements("cryptmaster.setup.starting-character", "cryptmaster.setup.starting-cryptmaster-card",
            "cryptmaster.setup.discard-setup-hand", "cryptmaster.setup.party-markers", "cryptmaster.turn.turn-order",
            "cryptmaster.ambiguity.starting-player")
def after_filling(rs: Any, state: TombState) -> TombState:
    """After the Crypts are full (setup hands discarded): the Overlord is placed; "Starting with the
    second player, each player draws five characters, selects one to join his starting party, and
    places the remaining characters in the Inn"; "Each player draws one cryptmaster card"; then the
    first turn, "Starting with the player to the left of the original first player"."""
    n = rs.num_players
    second = first_turn_player(rs, state)
    order = [(second + k) % n for k in range(n)]
    tasks: list[Task] = []
    if state.overlord is not None:
        starter = state.first_player if rs.options.starting_player == "first-player" else second
        tasks.append(Task("place-overlord", starter, rule="cryptmaster.overlord.placement"))
    for p in order:
        tasks += [Task("character-draw", p, "drawn", rule="cryptmaster.setup.starting-character") for _ in range(5)]
        tasks += [Task("cm-keep", p, rule="cryptmaster.setup.starting-character"),
                  Task("drawn-to-inn", p, rule="cryptmaster.setup.starting-character")]
        if rs.options.setup_second == "from-inn":
            tasks.append(Task("cm-second-inn", p, rule="cryptmaster.setup.starting-pariah"))
    tasks += [Task("inn-draw", p, "hand", deck="cryptmaster", rule="cryptmaster.setup.starting-cryptmaster-card")
              for p in order]
    tasks.append(Task("turn-start", second, rule="cryptmaster.turn.turn-order"))
    return push(state, *tasks)


@task("place-overlord", DECIDE, "cryptmaster.overlord.placement", what="place the Overlord", registry=REGISTRY)
@implements("cryptmaster.overlord.placement")
def apply_place_overlord(rs: Any, state: TombState, t: Task, action: PlaceOverlord, player: int) -> TombState:
    """"The starting player places the overlord face-up in any crypt of his choice after all the crypts
    have been filled normally" (face up: every player knows it)."""
    crypt = state.crypt(action.crypt)
    everyone = tuple(range(rs.num_players))
    state = state.with_crypt(action.crypt, cards=(*crypt.cards, Hidden(state.overlord or "", everyone)))
    return evolve(pop(state), overlord_crypt=action.crypt)


@legal("place-overlord", registry=REGISTRY)
def legal_place_overlord(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [PlaceOverlord(c.id) for c in state.crypts]


@task("cm-keep", DECIDE, "cryptmaster.setup.starting-character", what="the starting character", registry=REGISTRY)
@implements("cryptmaster.setup.starting-pariah", "cryptmaster.ambiguity.setup-second-character",
            "cryptmaster.ambiguity.setup-class-draws")
def apply_cm_keep(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"If there are any Pariahs in the five characters drawn, one must be chosen to join the party –
    but a second character may be immediately recruited as well" (from-drawn: one of the others)."""
    state = pop(state)
    if isinstance(action, Pass):
        return state
    drawn = list(state.drawn)
    pariahs = [c for c in drawn if is_pariah(rs, c)]
    second = bool(pariahs) and is_pariah(rs, action.character) and not t.value and \
        rs.options.setup_second == "from-drawn"
    drawn.remove(action.character)
    state = evolve(state, drawn=tuple(drawn))
    if second:
        state = push(state, Task("cm-keep", player, value=1, rule="cryptmaster.setup.starting-pariah"))
    how = "first" if rs.options.setup_class == "draws" else "setup"
    return join_party(rs, state, player, action.character, how=how)


@legal("cm-keep", registry=REGISTRY)
def legal_cm_keep(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    drawn = sorted(set(state.drawn))
    if t.value:                                  # the optional second character
        return [Keep(c) for c in drawn] + [Pass()]
    pariahs = [c for c in drawn if is_pariah(rs, c)]
    return [Keep(c) for c in (pariahs or drawn)]


@task("cm-second-inn", DECIDE, "cryptmaster.setup.starting-pariah", what="a second starting character",
      registry=REGISTRY)
def apply_cm_second_inn(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """from-inn: the second character is recruited from the Inn after the drawn ones go there."""
    state = pop(state)
    if isinstance(action, Pass):
        return state
    inn = list(state.inn)
    inn.remove(action.character)
    state = evolve(state, inn=tuple(inn))
    return join_party(rs, state, player, action.character, how="recruit")


@legal("cm-second-inn", registry=REGISTRY)
def legal_cm_second_inn(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    party = state.parties[player]
    if not any(is_pariah(rs, c.name) for c in party.characters):
        return [Pass()]
    return [Recruit(c) for c in sorted(set(state.inn))] + [Pass()]
