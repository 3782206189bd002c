"""End of Game and Victory: all surviving heroes have left the tomb (one of them with the crystal, or
not), all heroes have died, or (Escape mode) both keys are destroyed.
"""

from __future__ import annotations

from typing import Any


from ..options import read
from ...traceability import implements, note
from ..state import DEAD, ESCAPED, IN, WAITING, EgyptState, evolve
from .modes import SPIRIT


@implements("egypt.end.conditions", "egypt.end.victory", "egypt.end.no-crystal", "egypt.end.all-dead",
            "egypt.end.outcomes", "egypt.goal.escape-with-crystal", "egypt.goal.victory-escaped-only",
            "egypt.goal.escape-any-order", "egypt.solo.victory", "egypt.escape.ceiling.both-keys-lost",
            "egypt.ambiguity.keys-destroyed-end", "egypt.ambiguity.who-wins")
def check_end(rs: Any, s: EgyptState) -> EgyptState | None:
    """The finished game, or None while it goes on."""
    outcome = None
    if rs.options.escape:
        lost = len(s.keys_lost)
        if read(rs.options, "keys_destroyed_end") == "immediate-loss":
            gone = lost >= 2 and len(s.doors) == 2
        else:
            gone = lost + (2 - len(s.doors)) >= 2
        if gone:
            note("egypt.escape.ceiling.both-keys-lost")
            outcome = "keys-lost"
    if outcome is None:
        for h in s.heroes:
            if h.status == IN or h.status == WAITING:
                return None
        escaped = [h for h in s.heroes if h.status == ESCAPED]
        if not escaped:
            outcome = "all-dead"
        elif any(rs.kind(t).has("crystal") for h in escaped for t in h.items):
            outcome = "victory"
        else:
            outcome = "no-crystal"
    note(f"egypt.end.{ {'victory': 'victory', 'no-crystal': 'no-crystal', 'all-dead': 'all-dead'}.get(outcome, 'conditions')}")
    return evolve(s, phase="over", outcome=outcome, winners=winners(rs, s, outcome), combat=None,
                        retreat=None, window=None, roll=None,
                        effects=tuple(e for e in s.effects if e.until != "resolved"))


def winners(rs: Any, s: EgyptState, outcome: str) -> tuple[int, ...]:
    """Reading ``escaped-players-win``: on a crystal victory the players of escaped heroes win; when all
    heroes die, the spirit of the tomb (if any); ``team``: every hero player wins a victory."""
    spirit = tuple(seat.player for seat in rs.seats if seat.kind == SPIRIT)
    if outcome == "victory":
        if read(rs.options, "who_wins") == "team":
            return tuple(sorted({seat.player for seat in rs.seats if seat.kind != SPIRIT}))
        return tuple(sorted({h.player for h in s.heroes if h.status == ESCAPED}))
    if outcome == "all-dead":
        return spirit
    return ()


__all__ = ["check_end", "winners", "DEAD"]
