"""The typed event log every game writes and every debrief reads."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

ALL = "all"  # viewer that sees every secret (a finished game's debrief)


@dataclass
class Event:
    turn: int
    phase: str
    player: int | None  # None: the game itself (chance, set-up)
    kind: str
    data: dict[str, Any] = field(default_factory=dict)  # what everyone sees
    secret: dict[str, Any] = field(default_factory=dict)  # only for the seats below
    seen_by: list[int] = field(default_factory=list)

    def record(self, viewer: int | str | None) -> dict[str, Any]:
        shown = dict(self.data)
        if self.secret and (viewer == ALL or viewer in self.seen_by):
            shown.update(self.secret)
        return {"turn": self.turn, "phase": self.phase, "player": self.player,
                "kind": self.kind, **shown}


PLAIN_TYPES = (str, int, float, bool, type(None))  # JSON's atoms: nothing to copy


def _copied(value):
    """A deep copy of JSON-like data, several times faster than ``copy.deepcopy`` (games log
    at every step); anything else is left to deepcopy."""
    kind = type(value)
    if kind in PLAIN_TYPES:
        return value
    if kind is dict:
        return {k: v if type(v) in PLAIN_TYPES else _copied(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in PLAIN_TYPES else _copied(v) for v in value]
    if kind is tuple:
        return tuple(_copied(v) for v in value)
    return copy.deepcopy(value)


@dataclass
class Log:
    events: list[Event] = field(default_factory=list)

    def add(self, turn: int, phase: str, player: int | None, kind: str,
            secret: dict | None = None, seen_by: list[int] | None = None, **data) -> Event:
        """Log an event: ``data`` is what everyone sees, ``secret`` what only the seats ``seen_by`` see."""
        return self.record(turn, phase, player, kind, data, secret, seen_by)

    def record(self, turn: int, phase: str, player: int | None, kind: str, data: dict,
               secret: dict | None = None, seen_by: list[int] | None = None) -> Event:
        """:meth:`add` with the public data as a dict of the caller's that the log keeps: a game's
        ``_log(kind, **data)`` passes its own ``data`` on (no second copy at every event)."""
        # Copies: an event must not change when the game later changes a list it was given.
        for value in data.values():
            if type(value) not in PLAIN_TYPES:
                data = {k: _copied(v) for k, v in data.items()}
                break
        event = Event(turn, phase, player, kind, data, _copied(secret) if secret else {},
                      list(seen_by) if seen_by else [])
        self.events.append(event)
        return event

    def __deepcopy__(self, memo) -> "Log":
        # Events are never changed once logged, so copies of a game share them.
        return Log(list(self.events))

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self):
        return iter(self.events)

    def to_records(self, viewer: int | str | None = None) -> list[dict[str, Any]]:
        """Rows for ``pandas.DataFrame``: secrets only for seats that saw them."""
        return [e.record(viewer) for e in self.events]

    def to_frame(self, viewer: int | str | None = None):
        import pandas as pd  # only when asked: simulations stay light

        return pd.DataFrame(self.to_records(viewer))
