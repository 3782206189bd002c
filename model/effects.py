"""Effects that last: what a rule or a card leaves behind for later steps (DESIGN.md contract 2).

A game keeps its lasting effects in one field of its state, ``effects``: a tuple of :class:`Effect`,
in the order they arose.  An effect names what it is (``name``, in the rulebook's words), the rule or
card that made it (``rule``), and when it ends (``until``): a step of the rules that uses it up
(``RESOLVED``), or the end of a turn, a round, a combat, a raid, the game.  A game's transitions add
effects with :func:`add`, read them with :func:`find` / :func:`has`, use them up with :func:`discard`,
and let them lapse with :func:`expire` at the boundary their ``until`` names.

Nothing here knows a game; a game documents its effect names in its state module.

>>> effects = add((), Effect("bless", "game.card.bless", until=COMBAT, player=0, value=1))
>>> has(effects, "bless"), expire(effects, COMBAT)
(True, ())
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .codec import canonical_order

RESOLVED = "resolved"   # used up by the step of the rules that reads it
TURN = "turn"           # lapses at the end of the turn
ROUND = "round"
COMBAT = "combat"
RAID = "raid"
SCENARIO = "scenario"
GAME = "game"           # lasts until the game ends
UNTIL = (RESOLVED, TURN, ROUND, COMBAT, RAID, SCENARIO, GAME)


def _until(instance: object, attribute: attrs.Attribute, value: str) -> None:
    if value not in UNTIL:
        raise ValueError(f"an effect lasts until one of {', '.join(UNTIL)}, not {value!r}")


@canonical_order             # its __dict__ in canonical key order: a digest walks it natively
@attrs.frozen(slots=False)
class Effect:
    """One lasting effect."""

    name: str                       # what it is ("attack-due", "bless", "fleeing", ...)
    rule: str                       # the catalog rule (or card) that makes it
    until: str = attrs.field(default=RESOLVED, validator=_until)  # when it lapses (one of UNTIL)
    player: int | None = None       # whose effect it is, if anyone's
    subject: str | None = None      # what it applies to: a character, a space, a card
    value: int | None = None        # its size, where it has one
    items: tuple[str, ...] = ()     # what it lists (spaces, cards), in order


Effects = tuple[Effect, ...]


def add(effects: Effects, effect: Effect) -> Effects:
    return (*effects, effect)


def find(effects: Effects, name: str, *, player: int | None = None) -> Effect | None:
    """The first effect called ``name`` (of ``player``, when given), or None."""
    for e in effects:
        if e.name == name and (player is None or e.player == player):
            return e
    return None


def has(effects: Effects, name: str, *, player: int | None = None) -> bool:
    return find(effects, name, player=player) is not None


def discard(effects: Effects, *names: str) -> Effects:
    """Every effect but those called one of ``names``."""
    if not any(e.name in names for e in effects):
        return effects
    return tuple(e for e in effects if e.name not in names)


def expire(effects: Effects, *boundaries: str) -> Effects:
    """Every effect that outlasts ``boundaries`` (e.g. ``expire(effects, TURN)`` at a turn's end)."""
    if not any(e.until in boundaries for e in effects):
        return effects
    return tuple(e for e in effects if e.until not in boundaries)


def named(effects: Effects, name: str) -> Iterable[Effect]:
    return (e for e in effects if e.name == name)
