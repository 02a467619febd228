"""The show: a game's moments drawn large over its table, one step at a time.

When a game embodies its science (a test rolled and replicated, a colour-neutral set confined, a
problem solved, a Pauli bounce) the renderer's ``moments`` turn the new log records into steps; the
app hands them to a :class:`ShowView`, which covers the board with the first step in type read from
the back row. The teacher (or a student alone) steps through with **Next** (Enter, Space or the right
arrow too), back with **Previous**, lets it run on a timer (**Play**), or closes it; a screen reader
hears each step (the steps' plain words, in a live region). A "how to play" is a show too. The
JavaScript is ``static/show.js``, shipped in the package: nothing is fetched at run time.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Callable

import anywidget
import traitlets

from ...core.i18n import t
from ..common.assets import static_text


@dataclass(frozen=True)
class Step:
    """One step of a show: a title and a body (HTML), the words a screen reader hears, and a
    ``kind`` a stylesheet can draw by ("hit", "null", "replication", "bias", "lost", "end" ...)."""

    title: str
    body: str = ""
    words: str = ""
    kind: str = ""


class ShowView(anywidget.AnyWidget):
    """``steps``: the show (empty: nothing is shown); ``labels``: its buttons' words; ``seconds``: a
    step's time when it plays on its own. ``on_done(callback)``: called when the show is closed."""

    _esm = static_text(__package__, "show.js")
    steps = traitlets.List(traitlets.Dict()).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    seconds = traitlets.Int(6).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.labels = {key: t(f"show.{key}") for key in ("next", "previous", "play", "pause", "close",
                                                          "done", "of", "region")}
        self._done: list[Callable[[], None]] = []
        self.on_msg(self._on_message)

    def show(self, steps: list[Step]) -> None:
        """Show these steps from the first (a show on the screen is replaced)."""
        self.steps = [asdict(step) for step in steps]

    def end(self) -> None:
        """Take the show off the screen (as its Close button does)."""
        self.steps = []
        for callback in self._done:
            callback()

    def on_done(self, callback: Callable[[], None]) -> None:
        self._done.append(callback)

    @property
    def showing(self) -> bool:
        return bool(self.steps)

    def _on_message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("done"):
            self.end()
