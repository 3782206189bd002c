"""Monsters of Egypt: one six-sided die with five named results (its face layout is a reading).

>>> dict(egypt_die())["Attack"]
Fraction(1, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..dice import Distribution

EGYPT_RESULTS = ("Attack", "Melee", "Melee/Ranged", "2", "3")

#: The rulebook names five results and never says how they sit on six faces
#: (``egypt.ambiguity.die-faces``).  Each reading of the catalog that fixes a layout is one here, under
#: the reading's id; a test keeps them and the default in step with the catalog.
EGYPT_LAYOUTS: dict[str, tuple[str, ...]] = {
    "five-equal": ("Attack", "Melee", "Melee/Ranged", "2", "3"),
    "attack-twice": ("Attack", "Attack", "Melee", "Melee/Ranged", "2", "3"),
    "melee-ranged-twice": ("Attack", "Melee", "Melee/Ranged", "Melee/Ranged", "2", "3"),
    "melee-twice": ("Attack", "Melee", "Melee", "Melee/Ranged", "2", "3"),
}
EGYPT_DEFAULT_LAYOUT = "five-equal"


def egypt_die(layout: str = EGYPT_DEFAULT_LAYOUT) -> Distribution[str]:
    """The result of the Egypt die under a face layout (a reading of the rulebook)."""
    try:
        faces: Sequence[str] = EGYPT_LAYOUTS[layout]
    except KeyError:
        raise ValueError(f"unknown Egypt die layout {layout!r}; "
                         f"known: {', '.join(EGYPT_LAYOUTS)}") from None
    return tuple((r, Fraction(faces.count(r), len(faces))) for r in EGYPT_RESULTS if r in faces)
