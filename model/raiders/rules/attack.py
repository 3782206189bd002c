"""Attack Player (to Gain the Holy Grail)."""

from __future__ import annotations

from typing import Any

from ...numeric import max_
from ...options import read
from ...traceability import implements, note
from .objective import apply_gain_grail, apply_killed_if_broke, compute_grail_return


@implements("raiders.attack.more-heads-wins", "raiders.attack.ties-to-defender",
            "raiders.attack.defender-keeps-grail")
def is_attack_won(attacker_heads: Any, attacker_spent: Any, defender_heads: Any, defender_spent: Any) -> Any:
    """The Attacker wins with more Heads (after Audacity); ties go to the Defender."""
    return attacker_heads + attacker_spent > defender_heads + defender_spent


@implements("raiders.ambiguity.attack-audacity-target")
def compute_attack_heads(own_heads: Any, raised: Any, lowered_by_opponent: Any) -> Any:
    """A player's Heads in an Attack: raised by their own Audacity, lowered (never below 0) by the
    opponent's Audacity spent on them (only under the either-roll reading)."""
    return max_(own_heads + raised - lowered_by_opponent, 0)


@implements("raiders.attack.move-onto-holder", "raiders.attack.holder-never-attacks",
            "raiders.ambiguity.shared-start-space")
def is_attack_due(rs: Any, s: Any, player: int) -> bool:
    """``player`` is not the Grail's holder and shares a space with the holder: only the Raider without
    the Grail makes an Attack due (the holder arriving on the other Raider makes none)."""
    holder = s.grail
    if holder is None or holder == player:
        return False
    here = s.raiders[player].position
    if here is None or here != s.raiders[holder].position:     # Killed (no position), or apart
        return False
    return not (here == rs.board.start and read(rs.options, "shared_start_space") == "start-exempt")


@implements("raiders.attack.winner-gains-grail", "raiders.attack.winner-next-turn",
            "raiders.attack.defender-loses-grail", "raiders.attack.grail-penny-returned",
            "raiders.attack.failed-attack-ends-turn")
def apply_attack_result(rs: Any, d: Any, won: bool) -> None:
    attack = d.attack
    d.attack = None
    if not won:
        note("raiders.attack.failed-attack-ends-turn")
        return
    defender = d.edit("raiders", attack.defender)
    defender.pennies = compute_grail_return(defender.pennies)
    defender.loses_next_turn = True
    d.grail = None
    apply_gain_grail(rs, d, attack.attacker)
    apply_killed_if_broke(rs, d, attack.attacker)
