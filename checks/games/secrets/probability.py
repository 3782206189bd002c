"""Secrets of the Lost Tomb: the exact chance of passing a dice check (``tombspec prob secrets``, the docs)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tombspec.model.secrets import dice


def check_table(pools: range = range(1, 16), difficulties: range = range(1, 7),
                        widened: bool = False) -> dict[int, dict[int, Fraction]]:
    return {n: {d: dice.secrets_check(n, d, widened=widened) for d in difficulties} for n in pools}


def tables() -> dict[str, Any]:
    return {"check_pass": check_table(), "check_pass_with_audacity": check_table(widened=True)}
