"""Death: 'If a Character ever dies, the dead Character is removed from play, and a new Character is
drawn from the Character Pool and placed in the Inn.' -- also when a second death wipes out the Party."""

from __future__ import annotations

import json
from pathlib import Path

from tombspec.checks.oracle.verify import verify

CASE = Path(__file__).resolve().parents[1] / "cases" / "tomb" / "raid-31-bruntor-chain-death.jsonl"


def test_a_death_that_lowers_anothers_hit_points_and_wipes_the_party_still_replaces_both() -> None:
    # Slayer dies to Brine Spawn; Eryne's Bruntor's Shield loses its +1 HP, so her 3 Wounds kill her and
    # the Party is wiped. Both dead Characters send a replacement to the Inn (Ember, Torvald), and the
    # new Party starts with a third (Wren); the model used to drop Slayer's replacement with the turn.
    report = verify([CASE])
    assert report.exit_code == 0, [d.text for d in report.divergences]
    last = json.loads(CASE.read_text().splitlines()[-1])
    assert last["project"]["inn"] == ["Ember", "Torvald"]
