"""Tomb (and Cryptmaster, on the same dice): the exact chance of a pool reaching a Target Number."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tombspec.model.tomb import dice


def target_table(targets: range = range(1, 8)) -> dict[str, dict[int, Fraction]]:
    """Single-colour pools of 1-7 dice and a few mixes, against target numbers."""
    pools: dict[str, dict[str, int]] = {}
    for colour in dice.TOMB_COLOURS:
        for n in range(1, 8):
            pools[f"{n} {colour}"] = {colour: n}
    for mix in ((1, 1, 1), (2, 2, 2), (3, 2, 1), (1, 2, 3), (2, 3, 2)):
        pools["{}g+{}b+{}r".format(*mix)] = dict(zip(dice.TOMB_COLOURS, mix))
    return {name: {t: dice.tomb_roll(pool, t) for t in targets} for name, pool in pools.items()}


def tables() -> dict[str, Any]:
    return {"roll_at_least_target": target_table()}
