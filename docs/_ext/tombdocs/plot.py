"""matplotlib set-up shared by the charts: the Agg backend, PNG bytes, stable output."""

from __future__ import annotations

import io
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams.update({
    "figure.dpi": 100, "savefig.dpi": 110, "font.size": 10, "axes.grid": True, "grid.alpha": 0.3,
    "axes.spines.top": False, "axes.spines.right": False, "svg.hashsalt": "tombspec",
})


def png(fig: Any, dpi: int = 110) -> bytes:
    """The figure as PNG bytes (no timestamp in the metadata, so the same chart gives the same bytes)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight", metadata={"Software": None}, dpi=dpi)
    plt.close(fig)
    return buf.getvalue()


def figure(*args: Any, **kwargs: Any) -> tuple[Any, Any]:
    return plt.subplots(*args, **kwargs)
