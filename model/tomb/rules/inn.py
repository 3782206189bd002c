"""Meet at the Inn: each player's first turn (draw five Characters, keep one, the rest to the Inn), the
Optional Rules (Lean Years, Fat Years), and a Character joining a Party (Clerics draw a Prayer,
Wizards a Spell).
"""

from __future__ import annotations

from typing import Any

from ...chance import draw
from ...traceability import implements, note
from ..actions import Draw, DrawFrom, Keep, Pass, Recruit, Search
from ..state import Character, Task, TombState, evolve
from .agenda import AUTO, CHANCE, DECIDE, legal, outcome, pop, push, replace, task, why
from .rolling import deck_draw


def _sorted_add(items: tuple[str, ...], *more: str) -> tuple[str, ...]:
    return tuple(sorted((*items, *more)))


def _sorted_remove(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    out = list(items)
    out.remove(item)
    return tuple(out)


@implements("tomb.inn.first-cleric-draws-prayer", "tomb.inn.first-wizard-draws-spell",
            "tomb.inn.first-cleric-wizard-draws-both", "tomb.recruit.cleric-draws-prayer",
            "tomb.recruit.wizard-draws-spell", "tomb.recruit.cleric-wizard-draws-both",
            "tomb.recruit.add-to-party", "tomb.ambiguity.new-character-class-cards",
            "tomb.ambiguity.solo-class-card-cost")
def join_party(rs: Any, state: TombState, player: int, name: str, *, how: str) -> TombState:
    """Character ``name`` joins ``player``'s Party (``how``: first, recruit, keep, restart, soldier, or
    setup: a starting Character that draws no class card, Cryptmaster's reading ``no-draw`` of
    cryptmaster.ambiguity.setup-class-draws).  A Cleric draws a Prayer Card, a Wizard a Spell Card,
    both draw both (with the reading only-stated, only the first-turn Character and Recruits do).
    Solitaire, under ``solo_class_cost`` = costs-a-character, a Recruit (the first from the twenty and a
    Soldier's extra one too) that brings a Prayer or Spell Card first destroys one Character at the Inn
    (one for the Recruit, whatever the number of cards it brings)."""
    party = state.parties[player]
    state = state.with_party(player, characters=(*party.characters, Character(name)))
    card = rs.cards.characters[name]
    if how == "setup" or (how not in ("first", "recruit") and rs.options.class_cards == "only-stated"):
        return state
    tasks = []
    first = how == "first"       # the first turn's Character: "If a Cleric is selected, ..." (tomb.inn.first-*)
    if card.has("cleric"):
        tasks.append(Task("inn-draw", player, "class", deck="prayer",
                          rule="tomb.inn.first-cleric-draws-prayer" if first else "tomb.recruit.cleric-draws-prayer"))
    if card.has("wizard"):
        tasks.append(Task("inn-draw", player, "class", deck="spell",
                          rule="tomb.inn.first-wizard-draws-spell" if first else "tomb.recruit.wizard-draws-spell"))
    if len(tasks) == 2 and rs.game == "tomb" and rs.options.class_draw_order == "player-orders":
        # a Cleric and Wizard: the Player draws the two cards in the order he likes
        tasks = [Task("class-draw-order", player, rule="tomb.ambiguity.class-card-draw-order")]
    if tasks and how in ("recruit", "soldier") and rs.options.solitaire and \
            rs.options.solo_class_cost == "costs-a-character":
        tasks.insert(0, Task("solo-destroy", player, rule="tomb.ambiguity.solo-class-card-cost"))
    from .death import check_all_deaths

    return check_all_deaths(rs, push(state, *tasks))


@task("class-draw-order", DECIDE, "tomb.ambiguity.class-card-draw-order", what="the first class card's deck")
@implements("tomb.ambiguity.class-card-draw-order")
def apply_class_draw_order(rs: Any, state: TombState, t: Task, action: DrawFrom, player: int) -> TombState:
    """player-orders: a Character who is both a Cleric and a Wizard has his Player draw the Prayer and
    the Spell Card in the order he likes (``action`` names the deck of the first)."""
    note("tomb.ambiguity.class-card-draw-order")
    rule = {"prayer": "tomb.recruit.cleric-draws-prayer", "spell": "tomb.recruit.wizard-draws-spell"}
    order = [action.deck, "spell" if action.deck == "prayer" else "prayer"]
    return replace(state, *(Task("inn-draw", player, "class", deck=d, rule=rule[d]) for d in order))


@legal("class-draw-order")
def legal_class_draw_order(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [DrawFrom("prayer"), DrawFrom("spell")]


@implements("tomb.inn.start-with-second-player", "tomb.inn.first-turn-draw-five", "tomb.inn.lean-years",
            "tomb.inn.fat-years", "tomb.campaign.level-3-page", "tomb.campaign.level-9-knight",
            "tomb.ambiguity.campaign-knight-vs-page", "tomb.ambiguity.solo-inn-years")
def first_turn_tasks(rs: Any, state: TombState, player: int) -> tuple[Task, ...]:
    """The tasks of a player's first turn: (a Knight's search,) draw five Characters (three in the Lean
    Years; six for a Page), keep one (two in the Fat Years), the rest go to the Inn.  Solitaire
    (from-the-twenty): one Recruit from the twenty at the Inn; in the Fat Years two under ``solo_years`` =
    fat-years-two-first (the keeping of two), one under nothing-to-change."""
    if rs.options.solitaire and rs.options.solo_first == "from-the-twenty":
        first = Task("first-recruit", player, rule="tomb.solo.twenty-characters-in-inn")
        if rs.options.inn_years == "fat-years" and rs.options.solo_years == "fat-years-two-first":
            return (first, Task("first-recruit", player, rule="tomb.ambiguity.solo-inn-years"))
        return (first,)
    tasks: list[Task] = []
    if rs.level(state, player) >= 9:
        tasks.append(Task("knight-search", player, rule="tomb.campaign.level-9-knight"))
        return tuple(tasks)
    return usual_draw(rs, state, player)


@implements("tomb.ambiguity.campaign-inn-years")
def draw_count(rs: Any, state: TombState, player: int) -> int:
    """Five Characters; six for a Page; in the Lean Years three, a Page's count by ``campaign_years``:
    three (years-set-the-draw), one more than the Years give, four (page-adds-one), or his six
    (levels-set-the-draw)."""
    if rs.options.inn_years == "lean-years":
        if rs.level(state, player) < 3:
            return 3
        years = rs.options.campaign_years
        return 3 if years == "years-set-the-draw" else 4 if years == "page-adds-one" else 6
    return 6 if rs.level(state, player) >= 3 else 5


def usual_draw(rs: Any, state: TombState, player: int) -> tuple[Task, ...]:
    n = draw_count(rs, state, player)
    keeps = 2 if rs.options.inn_years == "fat-years" else 1
    years = rs.options.inn_years
    draws = "tomb.inn.lean-years" if years == "lean-years" else "tomb.inn.first-turn-draw-five"
    keep = "tomb.inn.fat-years" if years == "fat-years" else draws
    return (*(Task("character-draw", player, "drawn", rule=draws) for _ in range(n)),
            Task("keep", player, value=keeps, rule=keep),
            Task("drawn-to-inn", player, rule="tomb.inn.first-turn-draw-five"))


@task("knight-search", DECIDE, "tomb.campaign.level-9-knight", what="Knight: search the Pool")
@implements("tomb.ambiguity.campaign-inn-years")
def apply_knight_search(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"Before the Player draws Characters at the start of the game, the Player may search for one
    Character from the Character Pool for the Adventuring Party. Draw five Characters from the
    Character Pool and place them at the Inn."""
    state = pop(state)
    if isinstance(action, Pass):
        return push(state, *usual_draw(rs, state, player))
    note("tomb.campaign.level-9-knight")
    state = evolve(state, pool=state.pool.remove(action.character))
    state = join_party(rs, state, player, action.character, how="first")
    n = 5 if rs.options.knight_vs_page == "knight-five" else draw_count(rs, state, player)
    if rs.options.inn_years == "fat-years" and rs.options.campaign_years != "years-set-the-draw":
        # page-adds-one, levels-set-the-draw: the searched Character is the first of the two the Fat
        # Years keep; one more is kept from the draw, the rest go to the Inn
        return push(state, *(Task("character-draw", player, "drawn", rule="tomb.campaign.level-9-knight")
                             for _ in range(n)),
                    Task("keep", player, value=1, rule="tomb.ambiguity.campaign-inn-years"),
                    Task("drawn-to-inn", player, rule="tomb.campaign.level-9-knight"))
    return push(state, *(Task("character-draw", player, "inn", rule="tomb.campaign.level-9-knight") for _ in range(n)))


@legal("knight-search")
def legal_knight_search(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Search(c) for c in state.pool.cards()] + [Pass()]


@task("character-draw", CHANCE, "tomb.inn.first-turn-draw-five", what="a Character from the Pool")
def chance_character_draw(rs: Any, state: TombState, t: Task) -> Any:
    if not state.pool:
        return None
    return deck_draw(state.pool)


@outcome("character-draw")
def apply_character_draw(rs: Any, state: TombState, t: Task, action: Draw, player: None) -> TombState:
    state = evolve(pop(state), pool=state.pool.remove(action.card))
    if t.subject == "inn":
        return evolve(state, inn=_sorted_add(state.inn, action.card))
    return evolve(state, drawn=_sorted_add(state.drawn, action.card))


@task("keep", DECIDE, "tomb.inn.first-turn-draw-five", what="keep a Character")
def apply_keep(rs: Any, state: TombState, t: Task, action: Keep, player: int) -> TombState:
    """The player keeps a drawn Character for his Party."""
    first = not state.parties[player].characters
    state = evolve(state, drawn=_sorted_remove(state.drawn, action.character))
    left = t.value - 1
    state = pop(state) if left <= 0 or not state.drawn else \
        evolve(state, agenda=(evolve(t, value=left), *state.agenda[1:]))
    return join_party(rs, state, player, action.character, how="first" if first else "keep")


@legal("keep")
def legal_keep(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Keep(c) for c in sorted(set(state.drawn))]


@task("drawn-to-inn", AUTO, "tomb.inn.first-turn-draw-five")
def run_drawn_to_inn(rs: Any, state: TombState, t: Task) -> TombState:
    """"... selects one to be part of his or her Adventuring Party, and places the rest in the Inn"."""
    return evolve(pop(state), inn=_sorted_add(state.inn, *state.drawn), drawn=())


@task("first-recruit", DECIDE, "tomb.solo.twenty-characters-in-inn", what="recruit the first Character")
def apply_first_recruit(rs: Any, state: TombState, t: Task, action: Recruit, player: int) -> TombState:
    """Solitaire (from-the-twenty): the first Character is recruited from the twenty at the Inn."""
    state = evolve(pop(state), inn=_sorted_remove(state.inn, action.character))
    return join_party(rs, state, player, action.character, how="recruit")


@legal("first-recruit")
def legal_first_recruit(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Recruit(c) for c in state.inn]


@why("keep")
def why_keep(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    return "tomb.inn.first-turn-draw-five"
