"""Findings: what is wrong, unclear or surprising in the rules (:mod:`.base` the record and the
detector registry, :mod:`.text` reading the catalog's text, :mod:`.detectors` the generic detectors).
A game's own detectors live in its record (:mod:`tombspec.checks.games`)."""

from tombspec.spec import Catalog

from . import detectors  # noqa: F401  (registers the generic detectors)
from .base import DETECTORS, KIND_SEVERITY, KINDS, SEVERITIES, Detector, Finding, detector, unique


def run_detectors(catalogs: dict[str, Catalog]) -> list[Finding]:
    """Every generic detector over every catalog, one finding per id."""
    return unique(f for cat in catalogs.values() for _, fn in DETECTORS for f in fn(cat))


__all__ = ["DETECTORS", "KIND_SEVERITY", "KINDS", "SEVERITIES", "Detector", "Finding", "detector", "run_detectors", "unique"]
