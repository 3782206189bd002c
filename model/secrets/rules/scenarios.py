"""How to Play the Scenarios: the Comet track and its triggers, symbol triggers (1st, 2nd, 3rd Time),
scenario flags, boss creatures, and the win and lose conditions; the end-game check of the Tomb Phase
and the team's loss when no adventurer is left.
"""

from __future__ import annotations

from typing import Any

from ...effects import GAME, Effect, add, named
from ...numeric import max_
from ..options import read
from ...errors import Unspecified
from ...options import by_reading
from ...traceability import implements, note
from ..state import ENTRANCE, Creature, SecretsState, evolve


@implements("secrets.tomb-phase.comet-track-moves", "secrets.tomb-phase.comet-track-time")
def compute_comet(comet: Any, delta: Any, unbounded: bool = False) -> Any:
    """The Comet track after a move; it cannot go below its first space (secrets.ambiguity.comet-track-
    bounds=clamp-scenario-end)."""
    return comet + delta if unbounded else max_(comet + delta, 0)


@implements("secrets.scenarios.comet-triggers-immediate", "secrets.tomb-phase.upkeep-scenario",
            "secrets.scenarios.triggered-effects", "secrets.scenarios.prompts-triggered",
            "secrets.scenarios.triggered-reference", "secrets.scenarios.prompts")
def move_comet(rs: Any, state: SecretsState, delta: int, rule: str) -> SecretsState:
    """Move the Comet track; the scenario's effects of every space entered trigger at once
    (secrets.ambiguity.comet-trigger-timing=immediately; upkeep-only waits for Upkeep, except the
    creature limit's advance, which says 'immediately'; landing-space-only fires only 'the new position
    of the Comet track', whichever way it moved, not a space a +2 move passes over); a space already
    triggered does not again."""
    if state.phase == "over" or delta == 0:
        return state
    unbounded = read(rs.options, "comet_bounds") == "unbounded"
    before = state.comet
    after = compute_comet(before, delta, unbounded)
    state = evolve(state, comet=after)
    # a move back parts the readings only where it lands on a trigger not fired yet (landing-space-only)
    back_onto = after < before and any(t.at == after for t in rs.scenario.comet_triggers) and \
        after not in {e.value for e in named(state.effects, "comet-space")}
    timing = read(rs.options, "comet_triggers") if after > before or back_onto else None
    if timing == "landing-space-only":
        state = fire_comet(rs, state, (after,))
    elif after > before and (timing == "immediately" or rule == "secrets.tomb-phase.limit-advances-comet"):
        state = fire_comet(rs, state, range(before + 1, after + 1))
    return check_end(rs, state, "comet")


def fire_comet(rs: Any, state: SecretsState, spaces: Any) -> SecretsState:
    done = {e.value for e in named(state.effects, "comet-space")}
    effects = []
    for space in spaces:
        if space in done:
            continue
        for trig in rs.scenario.comet_triggers:
            if trig.at == space:
                effects.extend(trig.effect)
        state = evolve(state, effects=add(state.effects, Effect(
            "comet-space", "secrets.scenarios.comet-triggers-immediate", until=GAME, value=space)))
    return run_ops(state, state.first, tuple(effects), "secrets.scenarios.comet-triggers-immediate")


def upkeep_comet(rs: Any, state: SecretsState) -> SecretsState:
    """Upkeep: 'The Expedition Leader checks the scenario for any effects triggered by the new position
    of the Comet track' (every space not yet triggered, up to the current one)."""
    return fire_comet(rs, state, range(1, state.comet + 1))


@implements("secrets.scenarios.symbol-triggers", "secrets.scenarios.multiple-symbols", "secrets.scenarios.nth-time",
            "secrets.rooms.symbol-scenario-effect", "secrets.rooms.scenario-effect-consult",
            "secrets.scenarios.example-order", "secrets.scenarios.example-heading",
            "secrets.scenarios.example-mythos-check", "secrets.scenarios.example-curse-result")
def symbol_triggered(rs: Any, state: SecretsState, seat: int, symbols: tuple[int, ...]) -> SecretsState:
    """Exploring a tile showing a Scenario Effect symbol: each trigger showing any of its symbols counts
    one more exploration and resolves its 1st, 2nd, 3rd Time effect (secrets.ambiguity.scenarios-nth-time
    =nothing-after-per-trigger); the triggers resolve in the order :func:`trigger_order` gives."""
    fired: list[tuple[Any, Any]] = []
    for index, trig in enumerate(rs.scenario.symbol_triggers):
        if not set(trig.symbols) & set(symbols):
            continue
        count = 1 + sum(1 for e in named(state.effects, "symbol-count") if e.value == index)
        state = evolve(state, effects=add(state.effects, Effect(
            "symbol-count", "secrets.scenarios.nth-time", until=GAME, value=index)))
        if trig.every:
            ops = trig.times[0]
        elif count <= len(trig.times):
            ops = trig.times[count - 1]
        elif read(rs.options, "nth_time") == "repeat-last":
            ops = trig.times[-1]
        else:
            ops = ()
        fired.append((trig, ops))
    for ops in reversed(trigger_order(rs, symbols, [f for f in fired if f[1]])):
        state = run_ops(state, seat, ops, "secrets.scenarios.symbol-triggers")
    return state


@implements("secrets.ambiguity.symbol-triggers-order")
def trigger_order(rs: Any, symbols: tuple[int, ...], fired: list[tuple[Any, Any]]) -> list[Any]:
    """The effects of the triggers one explored tile fires (``fired``: (trigger, effects) in the scenario's
    order), in the order they resolve: last-listed-first (each trigger's effects queued before everything
    pending, in the scenario's order), listed-order, or symbol-order (by the tile's symbols each trigger
    shows; where those do not order two triggers, as two showing the same symbol, the reading gives no
    order and the model raises ``Unspecified``)."""
    if len(fired) < 2:
        return [ops for _, ops in fired]
    listed = [ops for _, ops in fired]
    shown = [sorted(set(trig.symbols) & set(symbols)) for trig, _ in fired]
    ranked = sorted(range(len(fired)), key=lambda i: shown[i][0])
    ordered = all(shown[a][-1] < shown[b][0] for a, b in zip(ranked, ranked[1:]))
    by_symbol = [listed[i] for i in ranked] if ordered else None
    chosen = by_reading(rs.options, "symbol_order", {"last-listed-first": listed[::-1], "listed-order": listed,
                                                     "symbol-order": by_symbol})
    if chosen is None:
        raise Unspecified("secrets.ambiguity.symbol-triggers-order",
                          "symbol-order: the tile's symbols do not order these triggers (they share a symbol)")
    return chosen


def set_flag(rs: Any, state: SecretsState, flag: str) -> SecretsState:
    if state.has_flag(flag):
        return state
    state = evolve(state, effects=add(state.effects, Effect("flag", "secrets.scenarios.triggered-effects",
                                                                 until=GAME, subject=flag)))
    return check_end(rs, state, "flag")


def boss_killed(rs: Any, state: SecretsState, c: Creature) -> SecretsState:
    state = evolve(state, effects=add(state.effects, Effect("boss-killed", "secrets.scenarios.winning-losing",
                                                                 until=GAME, subject=c.name)))
    return check_end(rs, state, "boss")


def boss_moved(rs: Any, state: SecretsState, c: Creature, frm: str) -> SecretsState:
    for cond in rs.scenario.lose:
        if cond.kind == "boss-leaves" and frm == (cond.name or ENTRANCE) and c.room != frm and \
                (not cond.flag or state.has_flag(cond.flag)):
            note("secrets.scenarios.example-lose")
            return end_game(rs, state, "lost", "secrets.scenarios.winning-losing")
    return state


def _holds(rs: Any, state: SecretsState, cond: Any) -> bool:
    if cond.flag and not state.has_flag(cond.flag):
        return False
    if cond.kind == "boss-killed":
        return any(e.subject == (cond.name or rs.scenario.boss) for e in named(state.effects, "boss-killed"))
    if cond.kind == "all-gone":
        return no_adventurer_left(rs, state)
    if cond.kind == "comet-at-least":
        return state.comet >= cond.value
    if cond.kind == "flag":
        return state.has_flag(cond.name)
    return False


@implements("secrets.tomb-phase.lose-when-no-adventurers")
def no_adventurer_left(rs: Any, state: SecretsState, *, replacements: bool = False) -> bool:
    """All (non-traitor: secrets.ambiguity.status-traitor-play) adventurers are dead or fled; with
    ``replacements``, also none left to choose."""
    team = read(rs.options, "traitor_play") == "normal-turns-excluded"
    alive = [s for s in state.in_tomb() if not (team and is_traitor(rs, state.seats[s].adventurer))]
    if alive:
        return False
    if not replacements:
        return True
    pending = any(t.kind in ("recruit", "choose") for t in state.agenda) or \
        any(e.name == "recruit" for e in state.effects)
    return not (available_sheets(rs, state) and (pending or any(not s.out for s in state.seats)))


@implements("secrets.tomb-phase.scenario-win-loss", "secrets.scenarios.winning-losing", "secrets.scenarios.different-endings",
            "secrets.object.scenario-objectives", "secrets.object.team-win-lose", "secrets.scenarios.example-win",
            "secrets.scenarios.example-lose")
def check_end(rs: Any, state: SecretsState, why: str) -> SecretsState:
    """Has a set of Win or Lose Conditions been fulfilled (secrets.ambiguity.scenarios-win-and-lose=
    lose-first)?  The Comet track's last space, and no adventurer left to choose from, lose."""
    if state.phase == "over" or state.phase == "setup":
        return state
    sc = rs.scenario
    won = any(_holds(rs, state, c) for c in sc.win)
    lost = any(_holds(rs, state, c) for c in sc.lose) or state.comet >= sc.comet_end
    immediate = read(rs.options, "loss_check") == "immediate-shared-pool" or why == "end-of-round"
    if immediate and no_adventurer_left(rs, state, replacements=True):
        lost = True
    if won and lost:
        if read(rs.options, "win_and_lose") == "lose-first":
            won = False
        else:
            lost = False
    if lost:
        return end_game(rs, state, "lost", "secrets.scenarios.winning-losing")
    if won:
        return end_game(rs, state, "won", "secrets.scenarios.winning-losing")
    return state


@implements("secrets.status.traitor-win", "secrets.status.traitor-killed")
def end_game(rs: Any, state: SecretsState, outcome: str, rule: str) -> SecretsState:
    """The adventurers win or lose as a team; a traitor wins if the non-traitor adventurers lose."""
    if state.phase == "over":
        return state
    traitors = tuple(s for s in range(len(state.seats)) if is_traitor(rs, state.seats[s].adventurer))
    if outcome == "won":
        winners = tuple(s for s in range(len(state.seats)) if s not in traitors)
    else:
        winners = traitors
    return evolve(state, phase="over", outcome=outcome, winners=winners, agenda=(), combat=None)


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from .adventurers import available_sheets, is_traitor  # noqa: E402
from .components_ops import run_ops  # noqa: E402
