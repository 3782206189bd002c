"""Tomb: Cryptmaster: what its catalog alone shows (no model needed): worked examples recomputed
from their own inputs, component counts, odds and charts.

Every number is read from the catalog (a table's rows, a component's attributes, or a quote, with a
pattern that names what it expects: :func:`tombspec.checks.findings.text.stated`, which raises
``Missing`` when the quote is gone, so that a check that cannot run says so).
"""

from __future__ import annotations

from collections.abc import Iterable

from tombspec.spec import Catalog

from ...findings.base import Finding
from ...findings.text import as_int, find_rules, stated


def cryptmaster_limits(cat: Catalog) -> Iterable[Finding]:
    """The ten-card limit, checked only before a draw of two."""
    limit = stated(cat, r"fewer than (\w+) Inn cards in your hand and party, you may draw (\w+) Inn cards", 0)
    if limit:
        cap, draw = as_int(limit[1].group(1)), as_int(limit[1].group(2))
        most = cap - 1 + draw
        if most > cap:
            yield Finding(
                "cryptmaster.limits.ten-card-limit-exceeded", "cryptmaster", "contradiction",
                (limit[0],) + tuple(e.id for e, _ in find_rules(cat, r"party limit of ten cards")),
                f"the 'party limit of {cap} cards' is checked only before drawing: with {cap - 1} cards a Draw of "
                f"{draw} leaves {most}, above the limit, and no rule discards down",
                {"limit": cap, "before_draw": cap - 1, "drawn": draw, "after_draw": most})


EXAMPLE_CHECKS = ()
DETECTORS = (cryptmaster_limits,)
