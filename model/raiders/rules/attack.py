"""Attack Player (to Gain the Holy Grail)."""

from __future__ import annotations

from typing import Any

import attrs

from ...traceability import implements, note
from ..state import RaidersState
from .objective import apply_gain_grail, apply_killed_if_broke, compute_grail_return


@implements("raiders.attack.more-heads-wins", "raiders.attack.ties-to-defender",
            "raiders.attack.defender-keeps-grail", "raiders.ambiguity.attack-audacity-target")
def is_attack_won(attacker_heads: Any, attacker_spent: Any, defender_heads: Any, defender_spent: Any) -> Any:
    """The Attacker wins with more Heads (after Audacity); ties go to the Defender."""
    return attacker_heads + attacker_spent > defender_heads + defender_spent


@implements("raiders.attack.move-onto-holder", "raiders.attack.holder-never-attacks",
            "raiders.ambiguity.shared-start-space")
def is_attack_due(rs: Any, state: RaidersState, player: int) -> bool:
    """The player without the Grail shares a space with the player who has it."""
    holder = state.grail
    if holder is None or holder == player:
        return False
    me, them = state.raider(player), state.raider(holder)
    if me.killed or them.killed or me.position != them.position:
        return False
    from ...options import read

    return not (me.position == rs.board.start and read(rs.options, "shared_start_space") == "start-exempt")


@implements("raiders.attack.winner-gains-grail", "raiders.attack.winner-next-turn",
            "raiders.attack.defender-loses-grail", "raiders.attack.grail-penny-returned",
            "raiders.attack.failed-attack-ends-turn")
def apply_attack_result(rs: Any, state: RaidersState, won: bool) -> RaidersState:
    attack = state.attack
    assert attack is not None
    state = attrs.evolve(state, attack=None)
    if not won:
        note("raiders.attack.failed-attack-ends-turn")
        return state
    defender = state.raider(attack.defender)
    state = state.with_raider(attack.defender, pennies=compute_grail_return(defender.pennies),
                              loses_next_turn=True)
    state = attrs.evolve(state, grail=None)
    state = apply_gain_grail(rs, state, attack.attacker)
    return apply_killed_if_broke(rs, state, attack.attacker)
