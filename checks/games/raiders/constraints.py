"""Raiders of the Lost Tomb: pennies and the Boss track, through the model's own cores (z3)."""

from __future__ import annotations

from typing import Any

import z3

from tombspec.spec import Catalog

from ...findings.text import stated_int
from ...proofs.constraints import (COMPUTED, constraint, prove, result)


@constraint("raiders", "raiders.limits")
def raiders_limits(cat: Catalog) -> list[dict[str, Any]]:
    """A bounded run of the model's penny cores keeps a Raider within 0..6 (5 with the Grail), and the
    Boss track core spawns the Boss after the track's length in rounds."""
    from tombspec.model.raiders.rules.boss import compute_boss_track
    from tombspec.model.raiders.rules.objective import (
        STARTING_PENNIES,
        compute_gain_pennies,
        compute_grail_gain,
        compute_grail_return,
        compute_lose_pennies,
        compute_max_pennies,
    )

    start_id, start = stated_int(cat, r"starts the game with (\d+) Pennies")
    track_id, track = stated_int(cat, r"Boss Monster Track on the number (\d+)")
    steps = 12
    pennies = [z3.Int(f"p{i}") for i in range(steps + 1)]
    grail = [z3.Bool(f"g{i}") for i in range(steps + 1)]
    move = [z3.Int(f"move{i}") for i in range(steps)]
    cs = [pennies[0] == start, z3.Not(grail[0])]
    for i in range(steps):
        p, g = pennies[i], grail[i]
        gp, _ = compute_grail_gain(p, 0)
        options = [  # (guard, pennies after, grail after)
            (z3.BoolVal(True), compute_gain_pennies(p, 1, compute_max_pennies(g)), g),
            (z3.BoolVal(True), compute_lose_pennies(p, 1), g),
            (z3.Not(g), gp, z3.BoolVal(True)),
            (g, compute_grail_return(p), z3.BoolVal(False)),
        ]
        cs.append(z3.And(move[i] >= 0, move[i] < len(options), pennies[i] >= 1))
        for k, (guard, p2, g2) in enumerate(options):
            cs.append(z3.Implies(move[i] == k, z3.And(guard, pennies[i + 1] == p2, grail[i + 1] == g2)))
    claim = z3.And(*(z3.And(p >= 0, p <= compute_max_pennies(g, STARTING_PENNIES)) for p, g in zip(pennies, grail)))
    outcome, _ = prove(claim, cs)
    out = [result("raiders", "raiders.pennies.bounded-run", (start_id, "raiders.components.pennies",
                                                             "raiders.grail.gain-cost", "raiders.death.killed"),
                  outcome, f"over {steps} gains, losses and Grail changes (the model's own cores on z3 terms) a "
                           f"living Raider holds 0..{STARTING_PENNIES} pennies, {STARTING_PENNIES - 1} at most with the "
                           f"Grail: {outcome}", {"steps": steps, "reading": "raiders.ambiguity.penny-cap=six"})]
    t = [z3.IntVal(track)]
    for _ in range(track + 2):
        t.append(compute_boss_track(t[-1]))
    rounds = next((i for i, v in enumerate(t) if z3.simplify(v).as_long() == 0), None)
    out.append(result("raiders", "raiders.boss.spawn-round", (track_id, "raiders.boss.track-countdown", "raiders.boss.spawn"),
                      COMPUTED, f"the Boss Monster leaves the track and spawns after round {rounds} (the Quarter starts "
                                f"on {track} and moves down 1 a round)", {"track_start": track, "spawn_after_rounds": rounds}))
    return out
