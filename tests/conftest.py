"""Shared test set-up: hypothesis profiles ``ci`` (derandomised, bounded) and ``deep`` (long, random)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow], print_blob=True)
settings.register_profile("deep", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_configure(config) -> None:  # noqa: ANN001
    config.addinivalue_line("markers", "long(seconds): a test file that runs for about that long on one core "
                                       "(scheduling only: such files start first, the longest first)")


def pytest_collection_modifyitems(config, items) -> None:  # noqa: ANN001
    """The files marked ``long`` first, the longest first, then the rest in collection order: ``make test``
    runs each file on one worker (``--dist loadfile --no-loadscope-reorder``), and the docs' build, a third
    of the suite's time, started last left one worker busy for minutes after the other had finished."""
    def seconds(item) -> float:  # noqa: ANN001
        mark = item.get_closest_marker("long")
        return -float(mark.kwargs.get("seconds", 0)) if mark else 0.0
    items.sort(key=seconds)
