"""Exact probability tables computed from ``tombspec.model.dice`` (for ``tombspec prob`` and the docs).

>>> raiders_number_chances(6)[3]
Fraction(5, 16)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tombspec.model.egypt import dice as egypt_dice
from tombspec.model.raiders import dice as raiders_dice
from tombspec.model.secrets import dice as secrets_dice
from tombspec.model.tomb import dice as tomb_dice


def raiders_number_chances(n: int) -> dict[int, Fraction]:
    """P(a roll of ``n`` pennies shows the number k, as Heads or as Tails), for k = 0..n."""
    return {k: sum((p for h, p in raiders_dice.pennies(n) if k in (h, n - h)), Fraction(0)) for k in range(n + 1)}


def raiders_five_or_six(n: int, audacity: int, *, either_number: bool = True) -> Fraction:
    """P(a roll of ``n`` pennies is made a 5 or 6 with up to ``audacity`` Audacity spent)."""
    def ok(h: int) -> bool:
        counts = (h, n - h) if either_number else (h,)
        return any(c + d in (5, 6) or c - d in (5, 6) for c in counts for d in range(audacity + 1))

    return sum((p for h, p in raiders_dice.pennies(n) if ok(h)), Fraction(0))


def secrets_check_table(pools: range = range(1, 16), difficulties: range = range(1, 7),
                        widened: bool = False) -> dict[int, dict[int, Fraction]]:
    return {n: {d: secrets_dice.secrets_check(n, d, widened=widened) for d in difficulties} for n in pools}


def tomb_table(targets: range = range(1, 8)) -> dict[str, dict[int, Fraction]]:
    """Single-colour pools of 1-7 dice and a few mixes, against target numbers."""
    pools: dict[str, dict[str, int]] = {}
    for colour in tomb_dice.TOMB_COLOURS:
        for n in range(1, 8):
            pools[f"{n} {colour}"] = {colour: n}
    for mix in ((1, 1, 1), (2, 2, 2), (3, 2, 1), (1, 2, 3), (2, 3, 2)):
        pools["{}g+{}b+{}r".format(*mix)] = dict(zip(tomb_dice.TOMB_COLOURS, mix))
    return {name: {t: tomb_dice.tomb_roll(pool, t) for t in targets} for name, pool in pools.items()}


def egypt_table(layout: str = egypt_dice.EGYPT_DEFAULT_LAYOUT) -> dict[str, Fraction]:
    return dict(egypt_dice.egypt_die(layout))


def tables(game: str) -> dict[str, Any]:
    """Every table of ``game``, as exact fractions."""
    if game == "raiders":
        return {
            "number_chance_by_pennies": {n: raiders_number_chances(n) for n in range(1, 7)},
            "five_or_six_by_pennies_and_audacity": {
                n: {a: raiders_five_or_six(n, a) for a in range(0, 4)} for n in range(1, 7)},
        }
    if game == "secrets":
        return {"check_pass": secrets_check_table(), "check_pass_with_audacity": secrets_check_table(widened=True)}
    if game in ("tomb", "cryptmaster"):
        return {"roll_at_least_target": tomb_table()}
    if game == "egypt":
        return {layout: egypt_table(layout) for layout in egypt_dice.EGYPT_LAYOUTS}
    raise KeyError(game)
