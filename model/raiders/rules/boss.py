"""The Boss Monster: its track, its spawning, its movement, trapping and sealing the Tomb."""

from __future__ import annotations

from typing import Any

from ...effects import RESOLVED, Effect, add, discard, find
from ...numeric import max_
from ...options import by_reading, read
from ...traceability import implements, note
from ..state import Roll


@implements("raiders.boss.track-countdown")
def compute_boss_track(track: Any) -> Any:
    """One round: the Quarter moves down 1 number; past 1 it is off the track (0)."""
    return max_(track - 1, 0)


@implements("raiders.boss.track-countdown", "raiders.boss.spawn", "raiders.ambiguity.spawn-traps")
def apply_round_end(rs: Any, d: Any) -> None:
    if d.boss_track == 0:
        return
    d.boss_track = compute_boss_track(d.boss_track)
    if d.boss_track == 0:
        note("raiders.boss.spawn")
        d.boss = rs.board.start
        # the reading is asked only when a Raider it could trap stands on the Start space
        if any(r.position == rs.board.start and not r.trapped for r in d.raiders) and \
                read(rs.options, "spawn_traps") == "spawn-traps":
            apply_trap(d, rs.board.start)


@implements("raiders.boss.traps-raider")
def apply_trap(d: Any, space: str) -> None:
    for player, raider in enumerate(d.raiders):
        if raider.position == space and not raider.killed and not raider.trapped:
            d.edit("raiders", player).trapped = True


def boss_numbers(rs: Any, roll: Roll | None) -> frozenset[int]:
    """The numbers the Boss may move on this turn."""
    if roll is None or roll.heads is None:
        return frozenset()
    tails = roll.pennies - roll.heads
    if roll.purpose != "move" or roll.face in (None, "free"):
        note("raiders.boss.player-did-not-move")
        return frozenset({roll.heads, tails})
    note("raiders.boss.opposite-number")
    if roll.face == "natural":
        return frozenset({0})
    chosen = roll.heads if roll.face == "heads" else tails
    if roll.number is not None and roll.number != chosen and read(rs.options, "boss_number") == "altered-roll":
        chosen = roll.number
    return frozenset({roll.pennies - chosen})


@implements("raiders.ambiguity.escape-tile-or-space")
def is_next_to_escape(rs: Any, space: str) -> bool:
    """'If the Boss Monster ever moves adjacent to the Escape Tile': next to the Escape space, or to any
    space of the Escape tile (the reading is asked only where the two differ)."""
    by_space, by_tile = rs.board.next_to_escape[space]
    if by_space == by_tile:
        return by_space
    return by_space if read(rs.options, "escape_tile_or_space") == "escape-space" else by_tile


def ahead(rs: Any, space: str) -> list[str]:
    """The spaces ahead of ``space``, under the reading of 'ahead' only when the readings differ."""
    agreed = rs.board.ahead_agrees[space]
    if agreed is not None:
        return agreed
    return rs.board.ahead(space, read(rs.options, "ahead_behind"))


def nearness(rs: Any, d: Any, space: str) -> int:
    """Moves from ``space`` to the closest living Raider."""
    distance = rs.board.distance[space]
    near = None
    for r in d.raiders:
        if r.position is not None:
            far = distance.get(r.position, 10**6)
            near = far if near is None or far < near else near
    return 0 if near is None else near


@implements("raiders.boss.always-ahead", "raiders.ambiguity.boss-no-nearer-step",
            "raiders.ambiguity.ahead-behind")
def first_steps(rs: Any, d: Any) -> list[str]:
    """Where the Boss may move first: ahead, onto an Encounter room or a space with one of its numbers,
    nearest the closest Raider (all of them when several are as near, in board order); none when it
    cannot move (or, under the ``stays`` reading, when no step gets nearer)."""
    board = rs.board
    spaces = board.spaces
    numbers = boss_numbers(rs, d.roll)
    candidates = [s for s in ahead(rs, d.boss) if s != board.escape and
                  (spaces[s].is_encounter or spaces[s].number in numbers)]
    if not candidates:
        return []
    near = [nearness(rs, d, s) for s in candidates]
    best = min(near)
    if best >= nearness(rs, d, d.boss) and read(rs.options, "boss_no_nearer_step") == "stays":
        return []
    return [s for s, n in zip(candidates, near) if n == best]


@implements("raiders.boss.encounter-free-movement", "raiders.boss.encounter-pull",
            "raiders.ambiguity.boss-encounter-chain")
def next_rooms(rs: Any, d: Any, path: tuple[str, ...]) -> list[str]:
    """The Encounter rooms ahead and adjacent to the end of the Boss's path, which pull it on; none when
    its movement ends."""
    board = rs.board
    rooms = [s for s in ahead(rs, path[-1]) if board.spaces[s].is_encounter and s not in path]
    around = [s for s in board.neighbours(path[-1]) if board.spaces[s].is_encounter and s not in path]
    rooms = by_reading(rs.options, "boss_encounter_chain",    # 'and any other adjacent Encounter rooms'
                       {"chain-ahead": rooms, "one-room": rooms, "chain-any-direction": around})
    if rooms and len(path) > 2 and board.spaces[path[-1]].is_encounter and \
            read(rs.options, "boss_encounter_chain") == "one-room":
        return []
    return rooms


@implements("raiders.boss.moves-after-move-roll", "raiders.boss.seals-tomb", "raiders.ambiguity.boss-tie-break")
def apply_boss_move(rs: Any, d: Any) -> bool:
    """The Boss Monster's move after the turn's roll.  Returns False when the current player has to
    choose between equally good spaces (``boss-tie-break`` = current-player-chooses: the phase is then
    ``boss-choice``), True when the move is done."""
    board = rs.board
    if is_next_to_escape(rs, d.boss):
        note("raiders.boss.seals-tomb")
        d.boss, d.phase, d.outcome, d.winner = board.escape, "over", "sealed", None
        return True
    return _continue(rs, d, (d.boss,), first_steps(rs, d))


def apply_boss_choice(rs: Any, d: Any, space: str) -> bool:
    """The current player chose ``space`` for the Boss; it moves on from there."""
    effect = find(d.effects, "boss-path")
    path = (*effect.items, space) if effect is not None else (d.boss, space)
    d.effects = discard(d.effects, "boss-path", "boss-choice")
    return _continue(rs, d, path, next_rooms(rs, d, path))


def boss_choices(s: Any) -> tuple[str, ...]:
    """The spaces the current player may choose for the Boss (phase ``boss-choice``)."""
    effect = find(s.effects, "boss-choice")
    return effect.items if effect is not None else ()


@implements("raiders.ambiguity.boss-tie-break")
def boss_chooser(rs: Any, d: Any) -> int | None:
    """Who chooses between equally good Boss moves: nobody (board-order: the first in board order), the
    player whose turn it is (current-player-chooses), or the other player (other-player-chooses; the
    player whose turn it is when the other Raider is Killed, out of the game)."""
    reading = read(rs.options, "boss_tie_break")
    if reading == "board-order":
        return None
    other = 1 - d.current
    if reading == "other-player-chooses" and not d.raiders[other].killed:
        return other
    return d.current


def _continue(rs: Any, d: Any, path: tuple[str, ...], options: list[str]) -> bool:
    """Extend the Boss's path by one of ``options`` at a time, asking the current player where several
    tie and the reading says they choose; then trap whoever it moved onto."""
    while options:
        chooser = boss_chooser(rs, d) if len(options) > 1 else None
        if chooser is not None:
            rule = "raiders.boss.always-ahead" if len(path) == 1 else "raiders.boss.encounter-pull"
            d.effects = add(add(discard(d.effects, "boss-path", "boss-choice"),
                                Effect("boss-path", rule, until=RESOLVED, items=path)),
                            Effect("boss-choice", rule, until=RESOLVED, player=chooser, items=tuple(options)))
            d.phase = "boss-choice"
            return False
        path = (*path, options[0])
        if len(path) > 2:
            note("raiders.boss.encounter-pull")
        options = next_rooms(rs, d, path)
    for space in path[1:]:
        apply_trap(d, space)
    d.boss = path[-1]
    return True
