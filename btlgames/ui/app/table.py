"""The game table as a widget on which moves can be made: click a card, a hex or a problem.

A renderer marks the parts of its table that a move can belong to with ``data-target="key"``
(``hex:gravity-3``, ``problem:2``); its ``target(action)`` names the key of each action. The
app hands the table the keys that are moves now; the browser makes exactly those elements
buttons (mouse, touch, Tab + Enter or Space) and reports which was pressed. A part with several
moves opens its ``choices`` on the table itself, beside what was pressed; ``hinted`` marks the part
a first game's hint points at. The JavaScript is ``static/table.js``, shipped in the package and
sent with the widget (anywidget): nothing is fetched at run time.
"""
from __future__ import annotations

from typing import Callable

import anywidget
import traitlets

from ..common.assets import static_text


def _script(name: str) -> str:
    return static_text(__package__, name)


class TableView(anywidget.AnyWidget):
    """``value``: the table's HTML; ``targets``: the keys that are moves now; ``choices``: the moves
    of one pressed part, drawn beside it (``{"key", "title", "options": [words]}``, or empty);
    ``hinted``: the key of the part a first game's hint points at ("" for none), and ``hint`` its
    words, drawn beside that part (or at the table's top) as a note."""

    _esm = _script("table.js")
    value = traitlets.Unicode("").tag(sync=True)
    targets = traitlets.List(traitlets.Unicode()).tag(sync=True)
    choices = traitlets.Dict().tag(sync=True)
    hinted = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._pressed: list[Callable[[str, int | None], None]] = []
        self.on_msg(self._on_message)

    def on_press(self, callback: Callable[[str, int | None], None]) -> None:
        """Call ``callback(key, choice)`` when a target on the table is pressed (``choice`` None),
        or one of its choices (``choice``: its index in ``choices["options"]``)."""
        self._pressed.append(callback)

    def press(self, key: str, choice: int | None = None) -> None:
        """What a click on the target ``key`` (or on its ``choice``) does: the browser's message, or
        a test's call. A key that is not a move now, or a choice that is not one of the choices
        shown (a stale or forged message), is ignored."""
        if not (isinstance(key, str) and key in self.targets):
            return
        if choice is not None:
            shown = self.choices.get("options", []) if self.choices.get("key") == key else []
            if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < len(shown):
                return
        for callback in self._pressed:
            callback(key, choice)

    def _on_message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        if content.get("close"):
            self.choices = {}
        else:
            self.press(content.get("target"), content.get("choice"))


class LiveText(anywidget.AnyWidget):
    """HTML that a screen reader announces when it changes (``role="status"``, ``aria-live="polite"``):
    what just happened and whose turn it is. ``value`` is the HTML, as an ``ipywidgets.HTML``'s.
    The JavaScript is ``static/live.js``."""

    _esm = _script("live.js")
    value = traitlets.Unicode("").tag(sync=True)
