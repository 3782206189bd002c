"""The cyclic garbage collector while the models step: fewer collections, the long-lived heap frozen.

Shared by every loop that steps a model many times (``explore``, ``verify``, ``conform``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: objects made, net, between two collections of the youngest generation while a game is played
YOUNG_GENERATION = 50_000

#: whether the outermost ``few_collections`` froze the heap (and so unfreezes it at the end)
_froze: list[bool] = []


@contextmanager
def few_collections() -> Iterator[None]:
    """Cyclic garbage collected less often while a game is played.  A step makes many small frozen
    values that hold no cycle (states, tuples, facts) and keeps the ruleset's remembered facts: at
    CPython's default (a collection every 700 objects) the older generations, those tables included,
    are walked again and again for nothing (a twentieth to a tenth of a Cryptmaster step, measured).  A
    value without a cycle is freed as ever when nothing refers to it (reference counting); cycles are
    still collected, only later.  The thresholds are put back after (once, by the outermost: putting
    them back collects what was made since, which a run's every game would pay again).

    What is alive when a run (and each of its games) starts, the rulesets and their remembered facts
    among it, is moved out of the collector's sight (``gc.freeze``) and handed back at the end of the
    run (``gc.unfreeze``, by the outermost, and only if nothing was frozen before it: a caller's own
    frozen objects stay frozen)."""
    before = gc.get_threshold()
    if before[0] >= YOUNG_GENERATION:       # (within a run already)
        if _froze and _froze[-1]:
            gc.freeze()                      # what the run's earlier games left is not walked again
        yield
        return
    froze = gc.get_freeze_count() == 0
    gc.set_threshold(max(before[0], YOUNG_GENERATION), *before[1:])
    _froze.append(froze)
    if froze:
        gc.freeze()
    try:
        yield
    finally:
        _froze.pop()
        if froze:
            gc.unfreeze()
        gc.set_threshold(*before)
