"""Plots as PNG images: a matplotlib ``Figure`` made without pyplot (no global figure state,
so no plot is shared between viewers and a run's thread may draw), and its PNG bytes. matplotlib
is imported when a plot is first drawn, never with the app: a page opens before it is loaded."""
from __future__ import annotations

import io


def figure(width: float, height: float, dpi: int = 100, layout: str | None = None):
    """A new figure of ``width`` × ``height`` inches (``layout="constrained"``: matplotlib's own
    placing of titles, labels and legends)."""
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=dpi, layout=layout)


def png(fig) -> bytes:
    """The figure as PNG bytes."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def title(ax, text: str, fontsize: float = 12) -> None:
    """A plot's title, wrapped to its axes' width: matplotlib cuts a long one at the figure's edge
    (a share's name is long, and longer in Finnish)."""
    import textwrap

    fig = ax.figure
    width = ax.get_position().width * fig.get_figwidth() * fig.dpi  # pixels
    per_char = 0.55 * fontsize * fig.dpi / 72  # an average character of matplotlib's sans-serif
    ax.set_title(textwrap.fill(text, max(20, int(width / per_char))), fontsize=fontsize)
