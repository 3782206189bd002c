"""End of the Game and scoring (Solitaire Play's and Campaign Play's too).

The final score is a numeric core (:func:`compute_score`) over the XP of the banked cards and of the
Treasures Attached to surviving Characters; ``tomb.invariants`` proves that banking never lowers it.
"""

from __future__ import annotations

from typing import Any

from ...effects import GAME, Effect, add, has
from ...traceability import implements, note
from ..state import TombState, evolve

#: Solitaire: the rank chart (tomb.solo.rank-chart-rows), highest first: (least XP, rank).
RANKS = ((101, "Power Gamer"), (91, "Dungeon Master"), (81, "Tomb Raider"), (71, "Slayer"), (61, "Gamer"),
         (51, "Adventurer"), (41, "Mercenary"), (31, "Sergeant"), (21, "Recruit"), (11, "Slime Mold"),
         (1, "Henchman"))
SURVIVOR_BONUS = 5


def crypts_empty(state: TombState) -> bool:
    return all(not c.cards for c in state.crypts)


@implements("tomb.end.crypts-emptied", "tomb.ambiguity.end-trigger", "tomb.solo.game-end")
def check_end(rs: Any, state: TombState) -> TombState:
    """"The game ends when all Crypt Cards have been removed from the Crypts" (after-raid: at once;
    end-of-round: at the end of the round, so every player has had as many turns)."""
    if state.raid is not None or not crypts_empty(state) or state.outcome is not None:
        return state
    if rs.options.end_trigger == "end-of-round" and not rs.options.solitaire:
        if not has(state.effects, "crypts-cleared"):
            state = evolve(state, effects=add(state.effects, Effect("crypts-cleared", "tomb.ambiguity.end-trigger",
                                                                         until=GAME)))
        return state
    note("tomb.end.crypts-emptied")
    return finish(rs, state, "crypts-emptied")


def finish(rs: Any, state: TombState, outcome: str, *, keep_raid: bool = False) -> TombState:
    """The game is over: every player's score, and the winners.  ``keep_raid``: the game ends inside a
    Raid (end-trigger at-once), whose received Treasures stay where they are, scoring nothing."""
    scores = tuple(rs.score(state, p) for p in range(rs.num_players))
    state = evolve(state, agenda=(), outcome=outcome, scores=scores, raid=state.raid if keep_raid else None,
                   roll=None)
    return evolve(state, winners=rs.winners(state))


@implements("tomb.end.total-xp", "tomb.object.most-xp", "tomb.banking.kept-separate")
def compute_score(banked_xp: Any, attached_treasure_xp: Any) -> Any:
    """"Total the Experience Points (XP) for all cards in the Player's bank and all Treasure Cards
    Attached to surviving Characters"."""
    return banked_xp + attached_treasure_xp


def banked_xp(rs: Any, state: TombState, player: int, *, treasures: bool = True) -> int:
    party = state.parties[player]
    total = party.bank_xp
    for c in party.bank:
        card = rs.cards.crypt.get(c)
        if card is not None and (treasures or card.type != "treasure"):
            total += card.xp
    return total


def attached_treasure_xp(rs: Any, state: TombState, player: int) -> int:
    total = 0
    for ch in state.parties[player].characters:
        for a in ch.attached:
            card = rs.cards.crypt.get(a)
            if card is not None and card.type == "treasure":
                total += card.xp
    return total


@implements("tomb.solo.no-treasure-xp", "tomb.solo.survivor-bonus")
def score(rs: Any, state: TombState, player: int) -> int:
    """Tomb's score; Solitaire: no XP for Treasures, +5 per surviving Character (Party and Inn) when
    every Crypt was cleared."""
    if rs.options.solitaire:
        xp = banked_xp(rs, state, player, treasures=False)
        if crypts_empty(state):
            xp += SURVIVOR_BONUS * (len(state.parties[player].characters) + len(state.inn))
        return xp
    return compute_score(banked_xp(rs, state, player), attached_treasure_xp(rs, state, player))


@implements("tomb.end.most-xp-wins", "tomb.ambiguity.final-tie")
def winners(rs: Any, state: TombState) -> tuple[int, ...]:
    """"The Player with the most Experience Points wins." Ties: shared, or broken on banked XP
    (most-banked) or on the XP of Treasures Attached to surviving Characters (most-attached)."""
    scores = state.scores
    if not scores:
        return ()
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    if len(tied) > 1 and rs.options.final_tie == "most-banked":
        top = max(banked_xp(rs, state, p) for p in tied)
        tied = [p for p in tied if banked_xp(rs, state, p) == top]
    elif len(tied) > 1 and rs.options.final_tie == "most-attached":
        top = max(attached_treasure_xp(rs, state, p) for p in tied)
        tied = [p for p in tied if attached_treasure_xp(rs, state, p) == top]
    return tuple(tied)


@implements("tomb.solo.rank-chart", "tomb.solo.rank-chart-rows")
def rank(xp: int) -> str:
    """Solitaire: "Your adventuring rank is based on the following chart"."""
    for least, name in RANKS:
        if xp >= least:
            return name
    return "Hireling"


@implements("tomb.solo.end-no-characters", "tomb.ambiguity.no-characters-left")
def out_of_characters(rs: Any, state: TombState) -> bool:
    """Solitaire: "When there are no remaining Characters in the Player Adventuring Party or at the
    Inn, the game ends."  With several players, the game ends when no Party has a Character and none
    can join one (no-characters-left = game-ends)."""
    if any(p.characters for p in state.parties) or state.inn:
        return False
    return rs.options.solitaire or not state.pool
