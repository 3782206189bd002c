"""The oracle's commands (verify, vectors, conform), registered on the ``tombspec`` group."""

from __future__ import annotations

from .cli import main  # noqa: F401
