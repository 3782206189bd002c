"""Other Game Modes, and the seats at the table: who takes which turn.

A *seat* is one place in the turn order: a hero's (played by their player; in solo mode every hero
is the one player's) or the spirit of the tomb's (six-player and pursuit modes: the last player plays
the monsters from the very start).  Turns go round the seats in order, the first seat first (the
youngest player: player 0).
"""

from __future__ import annotations

from typing import Any

import attrs

from ..options import read
from ...traceability import implements

HERO, SPIRIT = "hero", "spirit"


@attrs.frozen
class Seat:
    kind: str           # "hero" | "spirit"
    player: int
    hero: int | None = None


@implements("egypt.modes.six-player", "egypt.modes.six-player-spirit", "egypt.modes.pursuit", "egypt.solo.heroes",
            "egypt.setup.choose-heroes", "egypt.setup.first-player", "egypt.turn.order",
            "egypt.ambiguity.spirit-seat")
def seats(options: Any) -> tuple[Seat, ...]:
    """The turn order.  With six players five play heroes and the sixth the spirit of the tomb; in
    pursuit mode the last player is the spirit whatever the count; solo, one player plays every hero
    in sequence.  The spirit is one of the players ("the sixth as the spirit of the tomb"; "you can assign
    any one of you"), and "Players take turns in order", the youngest first: its turn comes at its seat
    (reading ``at-its-seat``, the option ``spirit_position`` heroes' turns after the first player's; unset,
    after them all), after the heroes (``after-heroes``) or before them (``before-heroes``)."""
    players = options.players
    if players == 1:
        return tuple(Seat(HERO, 0, h) for h in range(options.solo_heroes))
    spirit = players == 6 or options.pursuit
    heroes = players - 1 if spirit else players
    out = [Seat(HERO, p, p) for p in range(heroes)]
    if spirit:
        where = read(options, "spirit_seat")
        if where == "before-heroes":
            out.insert(0, Seat(SPIRIT, heroes))
        elif where == "at-its-seat" and options.spirit_position is not None:
            out.insert(options.spirit_position, Seat(SPIRIT, heroes))
        else:
            out.append(Seat(SPIRIT, heroes))
    return tuple(out)


@implements("egypt.turn.order", "egypt.death.monster-turn", "egypt.solo.no-monsters",
            "egypt.ambiguity.leaving-the-tomb")
def turn_kind(rs: Any, s: Any, seat: int) -> str:
    """What the seat ``seat`` does when the turn passes to it: ``hero`` (a hero waiting or in the
    tomb), ``monster`` (the spirit; a player whose hero died, never in solo mode; a player whose hero
    escaped, under ``escaped-play-monsters``) or ``skip`` (no turn at all): the kind of turn
    ``turn.next_turn`` gives the seat (a test keeps them in step)."""
    from ..state import DEAD, IN, WAITING

    st = rs.seats[seat]
    if st.kind == SPIRIT:
        return "monster"
    h = s.heroes[st.hero]
    if h.status in (WAITING, IN):
        return "hero"
    if rs.solo:
        return "skip"
    if h.status == DEAD or read(rs.options, "leaving_the_tomb") == "escaped-play-monsters":
        return "monster"
    return "skip"


def hero_count(options: Any) -> int:
    return sum(1 for s in seats(options) if s.kind == HERO)
