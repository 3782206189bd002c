"""Monsters of Egypt: the die's results under each face layout the catalog reads."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tombspec.model.egypt import dice


def die_table(layout: str = dice.EGYPT_DEFAULT_LAYOUT) -> dict[str, Fraction]:
    return dict(dice.egypt_die(layout))


def tables() -> dict[str, Any]:
    return {layout: die_table(layout) for layout in dice.EGYPT_LAYOUTS}
