"""Wounds: Wound markers on Characters and Monsters, who decides where they go, and the window in
which a Wound can still be abated (Reacts such as Mirin's) before Death is checked.
"""

from __future__ import annotations

from typing import Any

from ...effects import Effect, add, discard
from ...traceability import implements, note
from ..state import Monster, Task, TombState, evolve
from .agenda import AUTO, DECIDE, legal, push, task


def update_character(state: TombState, player: int, name: str, **changes: Any) -> TombState:
    party = state.parties[player]
    chars = tuple(evolve(c, **changes) if c.name == name else c for c in party.characters)
    return state.with_party(player, characters=chars)


def update_monster(state: TombState, index: int, **changes: Any) -> TombState:
    raid = state.raid
    assert raid is not None
    ms = list(raid.monsters)
    ms[index] = evolve(ms[index], **changes)
    return evolve(state, raid=evolve(raid, monsters=tuple(ms)))


def monster_index(target: str) -> int | None:
    """``"m2"`` -> 2; None for anything else."""
    if target.startswith("m") and target[1:].isdigit():
        return int(target[1:])
    return None


@implements("tomb.wounds.marker-placed", "tomb.wounds.full-damage-overkill")
def compute_wounds(wounds: Any, inflicted: Any) -> Any:
    """A Wound marker per Wound: a Character takes the full damage and may pass his Hit Points."""
    from ...numeric import max_

    return wounds + max_(inflicted, 0)


def suffer(rs: Any, state: TombState, player: int, name: str, n: int, *, rule: str = "tomb.wounds.marker-placed"
           ) -> TombState:
    """Character ``name`` of ``player``'s Party suffers ``n`` Wounds now, and Death is checked."""
    from .death import check_death

    if n <= 0:
        return state
    ch = state.parties[player].character(name)
    if ch is None:
        return state
    note(rule)
    state = update_character(state, player, name, wounds=compute_wounds(ch.wounds, n))
    return check_death(rs, state, player, name)


def monster_suffers(rs: Any, state: TombState, index: int, n: int) -> TombState:
    """Monster ``index`` of the Raid suffers ``n`` Wounds; it dies (and is Banked) at its Hit Points."""
    from .death import check_monster_death

    raid = state.raid
    if raid is None or n <= 0 or raid.monsters[index].dead or not rs.can_be_wounded(state, index):
        return state
    note("tomb.wounds.marker-placed")
    m = raid.monsters[index]
    state = update_monster(state, index, wounds=compute_wounds(m.wounds, n))
    return check_monster_death(rs, state, index)


def wounds_then_death(player: int, name: str, n: int, rule: str) -> tuple[Task, ...]:
    """The tasks of ``n`` Wounds about to be placed on a Character: the React window of
    ``wounds-suffered`` (abating Death: tomb.death.abate-immediately), then the Wounds and Death."""
    return (Task("wound-window", player, name, value=n, rule=rule), Task("wound-apply", player, name, value=n, rule=rule))


@task("wound-window", AUTO, "tomb.death.abate-immediately")
@implements("tomb.death.abate-immediately", "tomb.ambiguity.abate-death-window")
def run_wound_window(rs: Any, state: TombState, t: Any) -> TombState:
    """Before the Wounds are placed, the Reacts that abate them (before-death-check); with the reading
    after-death the Character dies at once and only what revives could help (none here)."""
    from .reacts import open_window
    from .agenda import pop

    state = pop(state)
    if rs.options.abate_death == "after-death":
        return state
    return open_window(rs, state, "wounds-suffered", subject=t.subject, value=t.value, owner=t.player)


@task("wound-apply", AUTO, "tomb.wounds.marker-placed")
def run_wound_apply(rs: Any, state: TombState, t: Any) -> TombState:
    from .agenda import pop

    state = pop(state)
    prevented = sum(e.value or 0 for e in state.effects if e.name == "prevent" and e.subject == t.subject)
    state = evolve(state, effects=discard(state.effects, "prevent")) if prevented else state
    return suffer(rs, state, t.player, t.subject, max(t.value - prevented, 0), rule=t.rule or "tomb.wounds.marker-placed")


def prevent(state: TombState, name: str, n: int, rule: str) -> TombState:
    return evolve(state, effects=add(state.effects, Effect("prevent", rule, player=None, subject=name, value=n)))


# Wounds a player places one at a time (Fireball, Throwing Daggers, a Trap's Wounds, spill-over) ------------

@implements("tomb.wounds.player-assigns", "tomb.ambiguity.wound-assignment")
def assign_tasks(player: int, n: int, scope: str, rule: str, owner: int | None = None) -> tuple[Task, ...]:
    """``n`` Wounds placed one by one by ``player`` on targets of ``scope``: ``monsters``,
    ``monsters-then-party`` (Fireball), ``party`` (a Trap, a spill-over); ``owner``: whose Party."""
    if n <= 0:
        return ()
    return (Task("assign-wound", player, scope, value=n, deck=str(owner if owner is not None else player), rule=rule),
            Task("apply-assigned", player, scope, deck=str(owner if owner is not None else player), rule=rule))


def live_monsters(state: TombState) -> list[int]:
    raid = state.raid
    if raid is None:
        return []
    return [i for i, m in enumerate(raid.monsters) if not m.dead]


def assign_targets(rs: Any, state: TombState, scope: str, owner: int) -> list[str]:
    """Where the next Wound of ``scope`` may go: Monsters while any live, then (``-then-party``) the
    Characters of the Party."""
    ms = [f"m{i}" for i in live_monsters(state) if rs.can_be_wounded(state, i)]
    if scope.startswith("monsters"):
        if ms or scope == "monsters":
            return ms
        return list(state.parties[owner].names)
    chars = list(state.parties[owner].names)
    if scope == "party-then-monsters" and not chars:
        return ms
    return chars


@task("assign-wound", DECIDE, "tomb.wounds.player-assigns", what="place a Wound")
def apply_assign_wound(rs: Any, state: TombState, t: Any, action: Any, player: int) -> TombState:
    """A Wound placed on a Monster lands at once (it may die and be Banked, and the next Wounds go
    elsewhere); Wounds placed on a Character land together when all are placed (its Reacts may abate
    them as one batch: Mirin's in the Example of Play)."""
    from .agenda import pop, update_head

    idx = monster_index(action.target)
    if idx is not None:
        state = monster_suffers(rs, state, idx, 1)
    else:
        state = evolve(state, wounds_due=(*state.wounds_due, action.target))
    if t.value <= 1:
        return pop(state)
    return update_head(state, value=t.value - 1)


@legal("assign-wound")
def legal_assign_wound(rs: Any, state: TombState, t: Any, player: int) -> list[Any]:
    from ..actions import AssignWound

    owner = int(t.deck) if t.deck is not None else t.player
    return [AssignWound(x) for x in assign_targets(rs, state, t.subject, owner)]


@task("apply-assigned", AUTO, "tomb.wounds.player-assigns")
def run_apply_assigned(rs: Any, state: TombState, t: Any) -> TombState:
    """The assigned Wounds land: on Monsters at once, on each Character as one batch (its Reacts may
    abate it), in the order the targets were first chosen."""
    from .agenda import pop

    state = pop(state)
    due = state.wounds_due
    state = evolve(state, wounds_due=())
    owner = int(t.deck) if t.deck is not None else t.player
    order: list[str] = []
    for target in due:
        if target not in order:
            order.append(target)
    tasks: list[Task] = []
    for target in order:
        n = due.count(target)
        idx = monster_index(target)
        if idx is not None:
            state = monster_suffers(rs, state, idx, n)
        else:
            tasks.extend(wounds_then_death(owner, target, n, t.rule or "tomb.wounds.player-assigns"))
    return push(state, *tasks)


def new_monster(card: str) -> Monster:
    return Monster(card)
