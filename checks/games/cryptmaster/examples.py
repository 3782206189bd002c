"""Tomb: Cryptmaster's worked examples replayed through the model: none.

The Cryptmaster rulebook prints no worked example (its catalog has no rule of kind ``example``), so there
is nothing to replay.  Its rules are exercised instead by ``tests/cryptmaster`` (a scenario per rule) and
by the random games of ``tombspec explore cryptmaster``; Tomb's worked examples, which Cryptmaster's
engine shares, replay in ``checks/games/tomb/examples.py``.
"""

from __future__ import annotations

from collections.abc import Callable

#: catalog id of each example rule -> its replay (matches, detail): the rulebook has none
EXAMPLES: dict[str, Callable[[], tuple[bool, str]]] = {}
