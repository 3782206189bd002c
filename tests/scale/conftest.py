"""The executors the scale tests run on: this process, a process pool, and a real Dask LocalCluster."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    """A real Dask cluster: a scheduler and two single-threaded worker processes on this machine."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)
    client = distributed.Client(cluster, set_as_default=False)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


@pytest.fixture(scope="module")
def pool() -> Iterator[Any]:
    from tombspec.checks.parallel import executor

    with executor(2) as ex:
        yield ex
