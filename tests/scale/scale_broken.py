"""A seeded bug for the exhaustive search: Raiders whose Prepare, from two Audacity up, takes three."""

from __future__ import annotations

from typing import Any

import attrs

from tombspec.model.raiders import Raiders
from tombspec.model.raiders.actions import Prepare


class BrokenRaiders(Raiders):
    """Prepare should add one Audacity Token; here a Raider with two or more drops to -1."""

    def _apply(self, state: Any, action: Any, player: int | None) -> Any:
        after = super()._apply(state, action, player)
        if type(action) is Prepare and player is not None and after.raiders[player].audacity >= 2:
            raiders = list(after.raiders)
            raiders[player] = attrs.evolve(raiders[player], audacity=-1)
            after = attrs.evolve(after, raiders=tuple(raiders))
        return after


def kill_the_worker(*_: Any) -> None:
    """A task whose worker process dies."""
    import os

    os._exit(7)


def _real_verify_part() -> Any:
    from tombspec.checks.oracle import pverify

    return pverify.__dict__.get("_REAL_VERIFY_PART", pverify._verify_part)


def verify_part_dying_in_workers(*args: Any) -> Any:
    """verify's task, which kills the worker process it runs in (the parent verifies the first part
    itself, and must live to report the death)."""
    import multiprocessing
    import os

    if multiprocessing.parent_process() is None:
        return _real_verify_part()(*args)
    os._exit(7)
