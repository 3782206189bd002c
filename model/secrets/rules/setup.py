"""Game Setup: the scenario, the starting Room tiles and the room stack, difficulty by the Tomb cards, the
Expedition Leader and the First Player/Comet Track marker, the adventurers with their starting items,
Special Ability tokens, dials and tracks, the Adventurer Setup table, the Search token; solo play.

Steps 1 to 3 build the initial state; the rest are decisions and chance events queued on the agenda:
the die roll for the Expedition Leader (``leader``), each seat choosing an Adventurer sheet clockwise
from the Expedition Leader (``choose``), the random Companions each adventurer draws, and (5
Adventurers) the two additional actions.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...chance import Deck, Outcomes
from ...errors import InvalidInput
from ...effects import GAME, Effect, add
from ..options import read
from ...ruleset import Pending
from ...traceability import implements, require
from ..actions import Choose, Grant, Leader
from ..state import Piles, Room, Seat, SecretsState, Task, evolve
from .engine import listed, made, table, task

QUETZALCOATLS_HALL = "Quetzalcoatl's Hall"
QUETZALCOATLS_DESCENT = "Quetzalcoatl's Descent"


@cache
def setup_table() -> dict[int, dict[str, int]]:
    """The Adventurer Setup table of the catalog (secrets.setup.adventurer-setup), by number of Adventurers."""
    rows = table("secrets.setup.adventurer-setup")
    return {r["adventurers"]: dict(r) for r in rows}


@implements("secrets.setup.adventurer-setup-table", "secrets.setup.table-extra-audacity",
            "secrets.setup.table-action-tokens", "secrets.setup.table-companions",
            "secrets.setup.player-count-is-adventurer-count", "secrets.setup.multiple-adventurers")
def table_row(rs: Any) -> dict[str, int]:
    """The column for the number of Adventurers (each Adventurer a seat); beyond 6, the 6 column
    (secrets.ambiguity.max-adventurers=unbounded)."""
    table = setup_table()
    return table[min(rs.num_players, max(table))]


@implements("secrets.setup.variant-fewer-action-tokens", "secrets.solo.lord-harrison-tokens",
            "secrets.solo.mode-3-regular", "secrets.solo.mode-2-multiple", "secrets.ambiguity.fewer-tokens-floor")
def action_tokens(rs: Any) -> int:
    """Action tokens per Adventurer: the table (13 for one Adventurer: Lord Harrison's and mode 3's),
    less the tokens taken away for a harder game; a reduction beyond the table's leaves one
    (``fewer_tokens_floor`` = at-least-one) or is refused (refused: the ruleset's constructor asks this
    and refuses the options, naming :func:`too_few_tokens`'s reason)."""
    left = table_row(rs)["action_tokens_per_adventurer"] - rs.options.fewer_action_tokens
    if left >= 1:
        return left
    if read(rs.options, "fewer_tokens_floor") == "refused":
        raise InvalidInput(too_few_tokens(rs), source="<options>")
    return 1


def too_few_tokens(rs: Any) -> str:
    """Why the options are refused under ``fewer_tokens_floor`` = refused, and how far they may go."""
    row = table_row(rs)["action_tokens_per_adventurer"]
    return (f"secrets.ambiguity.fewer-tokens-floor = refused: fewer_action_tokens {rs.options.fewer_action_tokens} "
            f"would leave each of {rs.num_players} Adventurer(s) without an Action token (the Adventurer Setup "
            f"table gives {row}); at most {row - 1} fewer")


@implements("secrets.setup.difficulty-by-tomb-cards", "secrets.setup.difficulty-normal",
            "secrets.setup.difficulty-intermediate", "secrets.setup.difficulty-hard")
def tomb_deck(rs: Any) -> Deck:
    """Green cards (normal), green and red (intermediate), red (hard)."""
    colours = {"normal": ("green",), "intermediate": ("green", "red"), "hard": ("red",)}[rs.options.difficulty]
    return Deck.of({t.name: t.count for t in rs.components.tomb_cards.values() if t.colour in colours})


@implements("secrets.setup.hard-remove-quetzalcoatls-hall", "secrets.setup.hard-soul-monger-at-entrance")
def is_removed(rs: Any, room: str) -> bool:
    """For a more difficult game Quetzalcoatl's Hall returns to the box (with the reading same-tile of
    secrets.ambiguity.quetzalcoatl-hall-vs-descent, the Descent is that tile)."""
    if not rs.options.no_quetzalcoatls_hall:
        return False
    if room == QUETZALCOATLS_HALL:
        return True
    return room == QUETZALCOATLS_DESCENT and read(rs.options, "quetzalcoatl_tiles") == "same-tile"


@implements("secrets.setup.choose-scenario", "secrets.setup.first-scenario", "secrets.scenarios.first-game",
            "secrets.setup.starting-room-tiles", "secrets.setup.shuffle-room-tiles",
            "secrets.setup.scenario-tomb-setup", "secrets.scenarios.tomb-setup-first",
            "secrets.scenarios.tomb-setup-contents", "secrets.setup.separate-decks", "secrets.setup.shuffle-decks",
            "secrets.setup.do-not-shuffle", "secrets.setup.set-aside-tokens", "secrets.setup.scenario-special-rules",
            "secrets.setup.search-token", "secrets.tomb.rooms-are-tiles", "secrets.tomb.three-levels", "secrets.setup.expedition-leader-choice")
def initial_state(rs: Any) -> SecretsState:
    """Steps 1-3: the scenario's and the five starting Room tiles placed, every other tile shuffled into
    one stack; decks separated (shuffled ones are multisets: their order is never recorded; the Status
    Effect and Soul Monger decks are not shuffled, and are drawn from by name); the Search token green
    side up; then the Expedition Leader's die roll."""
    comps = rs.components
    scenario = rs.scenario
    placed = [p for p in (*comps.layout, *scenario.rooms) if not is_removed(rs, p.room)]
    rooms = tuple(Room(p.room, p.level, p.x, p.y, p.rotation) for p in placed)
    names = {r.name for r in rooms}
    stack = Deck.of({r.name: r.count for r in comps.rooms.values() if r.name not in names and not r.starting})
    aside = tuple(scenario.set_aside)

    def deck(kind: str) -> Deck:
        return Deck.of({c.name: c.count - aside.count(c.name) for c in comps.cards.values() if c.deck == kind})

    tokens = action_tokens(rs)
    seats = tuple(Seat(adventurer=None, tokens=tokens, action_tokens=tokens, search=0) for _ in range(rs.num_players))
    return SecretsState(
        phase="setup", seats=seats, rooms=rooms,
        tiles=Piles(stack), tomb=Piles(tomb_deck(rs)),
        story=Piles(Deck.of({s.name: s.count for s in comps.stories.values()})),
        base=Piles(Deck.of({c.name: c.count for c in comps.creatures.values() if c.deck == "base"})),
        elite=Piles(Deck.of({c.name: c.count for c in comps.creatures.values() if c.deck == "elite"})),
        items=Piles(deck("item")), artifacts=Piles(deck("artifact")),
        companions=Piles(Deck.of({c.name: c.count - aside.count(c.name) for c in comps.companions.values()})),
        statuses=Deck.of({s.name: s.count for s in comps.statuses.values()}),
        monger=deck("soul-monger"), set_aside=aside,
        agenda=(Task("leader", rule="secrets.setup.expedition-leader-choice"),))


# The Expedition Leader ---------------------------------------------------------------------------------


@cache
def _leader_roll(n: int) -> Outcomes:  # n <= 11
    """secrets.ambiguity.expedition-leader-die-roll: any uniformly random choice among the players."""
    return Outcomes.uniform([Leader(i) for i in range(n)])


@implements("secrets.setup.expedition-leader-starts-with-marker", "secrets.setup.shared-leadership",
            "secrets.setup.expedition-leader-duties", "secrets.setup.expedition-leader-title-stays",
            "secrets.setup.choose-adventurers", "secrets.setup.five-adventurer-extra-actions")
def _leader_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    """The Expedition Leader begins with the Comet Track/First Player marker; from them, clockwise, each
    player chooses an Adventurer sheet."""
    require(isinstance(action, Leader) and _leader_roll(rs.num_players).prob(action) > 0,
            "secrets.setup.expedition-leader-choice", "{!r} is not a roll for one of the players", action)
    n = rs.num_players
    state = evolve(state.pop(), leader=action.seat, first=action.seat, current=action.seat)
    order = [(action.seat + k) % n for k in range(n)]
    tasks = [Task("choose", s, rule="secrets.setup.choose-adventurers") for s in order]
    if rs.options.five_adventurer_extra_actions and n == 5:
        tasks += [Task("grant", rule="secrets.setup.five-adventurer-extra-actions"),
                  Task("grant", rule="secrets.setup.five-adventurer-extra-actions")]
    return state.push(*tasks, Task("begin", rule="secrets.turn.first-player-begins"))


task("leader", pending=lambda rs, s, t: made.chance("leader die"),
     chance=lambda rs, s, t: _leader_roll(rs.num_players), apply=_leader_apply,
     rule=lambda *a: "secrets.setup.expedition-leader-choice")


# Choosing the adventurers ----------------------------------------------------------------------------


def _choose_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    return [Choose(n) for n in available_sheets(rs, state)] if seat == t.seat else []


def _choose_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(isinstance(action, Choose), "secrets.setup.choose-adventurers", "choose an Adventurer sheet")
    rule = can_choose(rs, state, action.adventurer, taken="secrets.setup.choose-adventurers")
    require(rule is None, rule or "", "{!r} cannot be chosen now", action.adventurer)
    return seat_adventurer(rs, state.pop(), t.seat, action.adventurer, replacement=False)


def _choose_rule(rs: Any, state: SecretsState, t: Task, action: Any) -> str:
    if isinstance(action, Choose):
        return can_choose(rs, state, action.adventurer, taken="secrets.setup.choose-adventurers") \
            or "secrets.setup.choose-adventurers"
    return "secrets.setup.choose-adventurers"


task("choose", pending=lambda rs, s, t: made.decision(t.seat, "choose an adventurer"), legal=_choose_legal,
     apply=_choose_apply, rule=_choose_rule)


@implements("secrets.setup.starting-cards", "secrets.setup.lord-harrison-solo-only", "secrets.solo.mode-1-lord-harrison",
            "secrets.solo.choose-mode", "secrets.solo.any-scenario", "secrets.solo.promo-characters",
            "secrets.setup.variant-adjust-audacity-companions")
def seat_adventurer(rs: Any, state: SecretsState, seat: int, name: str, *, replacement: bool) -> SecretsState:
    """Place the adventurer on the Tomb's Entrance, its A.R.M. set, its starting cards taken; the table's
    extra Audacity and random Companions (for a replacement only with the reading full-setup of
    secrets.ambiguity.replacement-adventurer-setup); Lord Harrison's own host or random Companions
    (secrets.ambiguity.solo-companions-random)."""
    comps = rs.components
    sheet = comps.adventurers[name]
    extras = not replacement or read(rs.options, "replacement_setup") == "full-setup"
    row = table_row(rs)
    extra_audacity = (row["extra_audacity"] + rs.options.audacity_adjust) if extras else 0
    adv = new_adventurer(rs, sheet, extra_audacity)
    state = state.with_seat(seat, adventurer=adv, out=False)
    state = _take_starting_cards(rs, state, seat)
    if extras:
        count = max(row["companions_per_adventurer"] + rs.options.companions_adjust, 0)
        if sheet.companions and read(rs.options, "solo_companions") == "own-host":
            mine = tuple(Companion(c, comps.companions[c].health) for c in sheet.companions)
            left = state.companions.deck
            for c in sheet.companions:
                if left.count(c):
                    left = left.remove(c)
            state = evolve(state, companions=evolve(state.companions, deck=left))
            state = state.with_adventurer(seat, companions=mine)
        elif count:
            state = state.push(Task("draw", seat, rule="secrets.setup.table-companions", target="companions",
                                    n=count, flags=("to-hand",)))
    return state


@implements("secrets.ambiguity.starting-card-taken")
def _take_starting_cards(rs: Any, state: SecretsState, seat: int) -> SecretsState:
    """Starting cards come out of their decks (or discard piles: secrets.ambiguity.starting-card-taken=
    deck-or-discard); a card found in neither (in play elsewhere) is not gained."""
    adv = state.seats[seat].adventurer
    assert adv is not None
    kept = []
    discards = read(rs.options, "starting_cards") == "deck-or-discard"
    for h in adv.cards:
        card = rs.components.cards[h.name]
        pile_name = {"item": "items", "artifact": "artifacts", "soul-monger": "monger"}[card.deck]
        pile = getattr(state, pile_name)
        if pile_name == "monger":
            if pile.count(h.name):
                state = evolve(state, monger=pile.remove(h.name))
                kept.append(h)
        elif pile.deck.count(h.name):
            state = evolve(state, **{pile_name: evolve(pile, deck=pile.deck.remove(h.name))})
            kept.append(h)
        elif discards and pile.discard.count(h.name):
            state = evolve(state, **{pile_name: evolve(pile, discard=pile.discard.remove(h.name))})
            kept.append(h)
    status = []
    for s in adv.status:
        if state.statuses.count(s):
            state = evolve(state, statuses=state.statuses.remove(s))
            status.append(s)
    return state.with_adventurer(seat, cards=tuple(kept), status=tuple(status))


def _grant_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    if seat != group_seat(rs, state):
        return []
    granted = {e.player for e in state.effects if e.name == "extra-action"}
    return [Grant(s) for s in range(rs.num_players) if s not in granted]


@implements("secrets.setup.five-adventurer-extra-actions", "secrets.ambiguity.five-adventurer-extra-action")
def _grant_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    require(action in listed(rs, state, t, seat, lambda: _grant_legal(rs, state, t, seat if seat is not None else -1)),
            "secrets.setup.five-adventurer-extra-actions", "give the additional action to another player")
    state = state.pop()
    s = state.seats[action.seat]
    if read(rs.options, "five_extra_action") == "extra-token":
        state = state.with_seat(action.seat, tokens=s.tokens + 1, action_tokens=s.action_tokens + 1)
    else:
        state = state.with_seat(action.seat, tokens=s.tokens + 1)
    return evolve(state, effects=add(state.effects, Effect("extra-action", "secrets.setup.five-adventurer-extra-actions",
                                                                 until=GAME, player=action.seat)))


def _group_pending(rs: Any, state: SecretsState, t: Task) -> Pending:
    return made.decision(group_seat(rs, state), t.kind)


task("grant", pending=_group_pending, legal=_grant_legal, apply=_grant_apply,
     rule=lambda *a: "secrets.setup.five-adventurer-extra-actions")


@implements("secrets.turn.first-player-begins")
def _begin_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """Step 6: read the mission briefing (and the scenario's other sections) and begin play: the Adventurer
    Phase of the first round, the holder of the marker first.  The readings change no state; a scenario's
    special rules are text the model records (secrets.golden-rule.components-supersede)."""
    state = evolve(state.pop(), phase="adventurer", current=state.first)
    if rs.scenario.special_rules:
        state = record_text(state, rs.scenario.special_rules, "secrets.golden-rule.components-supersede")
    return state


task("begin", run=_begin_run)


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from ..state import Companion  # noqa: E402
from .adventurers import available_sheets, can_choose, new_adventurer  # noqa: E402
from .components_ops import record_text  # noqa: E402
from .tomb_phase import group_seat  # noqa: E402
