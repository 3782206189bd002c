"""The Boss Monster: its track, its spawning, its movement, trapping and sealing the Tomb."""

from __future__ import annotations

from typing import Any

import attrs

from ...numeric import max_
from ...options import read
from ...traceability import implements, note
from ..state import RaidersState


@implements("raiders.boss.track-countdown")
def compute_boss_track(track: Any) -> Any:
    """One round: the Quarter moves down 1 number; past 1 it is off the track (0)."""
    return max_(track - 1, 0)


@implements("raiders.boss.track-countdown", "raiders.boss.spawn")
def apply_round_end(rs: Any, state: RaidersState) -> RaidersState:
    if state.boss_track == 0:
        return state
    track = compute_boss_track(state.boss_track)
    state = attrs.evolve(state, boss_track=track)
    if track == 0:
        note("raiders.boss.spawn")
        state = attrs.evolve(state, boss=rs.board.start)
        state = apply_trap(state, rs.board.start)
    return state


@implements("raiders.boss.traps-raider")
def apply_trap(state: RaidersState, space: str) -> RaidersState:
    for player, raider in enumerate(state.raiders):
        if raider.position == space and not raider.killed:
            state = state.with_raider(player, trapped=True)
    return state


def boss_numbers(rs: Any, state: RaidersState) -> frozenset[int]:
    """The numbers the Boss may move on this turn."""
    roll = state.roll
    if roll is None or roll.heads is None:
        return frozenset()
    both = frozenset({roll.heads, roll.tails})
    if roll.purpose != "move" or roll.face in (None, "free"):
        note("raiders.boss.player-did-not-move")
        return both
    note("raiders.boss.opposite-number")
    if roll.face == "natural":
        return frozenset({0})
    chosen = roll.heads if roll.face == "heads" else roll.tails
    if roll.number is not None and roll.number != chosen and read(rs.options, "boss_number") == "altered-roll":
        chosen = roll.number
    return frozenset({roll.pennies - chosen})


def is_next_to_escape(rs: Any, space: str) -> bool:
    board = rs.board
    by_space = board.escape in board.neighbours(space)
    escape_tile = board.spaces[board.escape].tile
    by_tile = any(board.spaces[s].tile == escape_tile for s in board.neighbours(space))
    if by_space == by_tile:
        return by_space
    return by_space if read(rs.options, "escape_tile_or_space") == "escape-space" else by_tile


@implements("raiders.boss.moves-after-move-roll", "raiders.boss.always-ahead",
            "raiders.boss.encounter-free-movement", "raiders.boss.encounter-pull", "raiders.boss.seals-tomb",
            "raiders.ambiguity.boss-tie-break", "raiders.ambiguity.boss-encounter-chain")
def apply_boss_move(rs: Any, state: RaidersState) -> RaidersState:
    """The Boss Monster's move after the turn's roll."""
    board = rs.board
    boss = state.boss
    assert boss is not None
    if is_next_to_escape(rs, boss):
        note("raiders.boss.seals-tomb")
        return attrs.evolve(state, boss=board.escape, phase="over", outcome="sealed", winner=None)
    numbers = boss_numbers(rs, state)
    candidates = [s for s in board.ahead(boss) if s != board.escape and
                  (board.spaces[s].is_encounter or board.spaces[s].number in numbers)]
    if not candidates:
        return state
    living = [r.position for r in state.raiders if not r.killed]

    def closeness(space: str) -> tuple[int, int]:
        near = min((board.distance[space].get(p, 10**6) for p in living), default=0)
        return near, board.order[space]

    path = [min(candidates, key=closeness)]
    # Ending next to Encounter rooms, it moves into them (and any other adjacent ones), and stops.
    while True:
        rooms = [s for s in board.ahead(path[-1]) if board.spaces[s].is_encounter and s not in path]
        if not rooms:
            break
        if len(path) > 1 and board.spaces[path[-1]].is_encounter and \
                read(rs.options, "boss_encounter_chain") == "one-room":
            break
        note("raiders.boss.encounter-pull")
        path.append(rooms[0])
    for space in path:
        state = apply_trap(state, space)
    return attrs.evolve(state, boss=path[-1])
