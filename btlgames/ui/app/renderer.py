"""The renderer contract: what the game app asks of a game's renderer, and the helpers every
renderer draws with (escaping, a seat's badge, a titled area, a log line, a move's group).

Every game has a teaching layer here, not in its engine: a "how to play" of a screen or less
with a picture of the table, hints for a first game that point at the table, its science moments
as a show (``show.Step``) when they happen, and an ending that says what the game just showed.

A renderer is ``btlgames/ui/games/<game>.py``: a module whose functions draw from a ``view``
(never the state), or what its ``renderer(**options)`` returns where the words depend on the
game's options (the school game's teams). The app hands it nothing but views, log records and
the game's own legal actions. ``tests/test_project.py`` checks every registered game's renderer
against :class:`Renderer`.
"""
from __future__ import annotations

import html
from typing import Any, Callable, Protocol, runtime_checkable

from ...core.i18n import t
from ..common.seats import COLOURS, SYMBOLS
from .show import Step

#: A log record's own keys; everything else in it is the event's data, for its sentence.
RECORD_KEYS = ("turn", "phase", "player", "kind")


@runtime_checkable
class Renderer(Protocol):
    """What ``GameApp`` draws with. HTML in, HTML out; words from the catalogue (``core.i18n.t``)."""

    def table(self, view: dict) -> str:
        """The table (a board, cards, tracks) as HTML: the parts a move can belong to carry
        ``data-target="key"`` (``target``), so a press on them makes the move."""

    def headline(self, view: dict) -> str:
        """Whose turn it is and what is asked now (HTML, above the moves in the side panel)."""

    def event(self, record: dict) -> str:
        """One log record (``log.to_records``) as a sentence in plain words."""

    def group(self, action: Any) -> str:
        """The label of the group a move's button is shown in ("Place a card")."""

    def move_words(self, action: Any, view: dict) -> str:
        """A move's button words (its own ``str`` where nothing more needs saying)."""

    def target(self, action: Any) -> str | None:
        """The key of the part of the table a move belongs to, or None (a button only)."""

    def seat_name(self, seat: int) -> str:
        """A seat's name in the game's words ("Player 2", "Team 2", "Group 2")."""

    def summary(self, view: dict) -> str:
        """The end of the game (HTML): who won, and why."""

    def how_to_play(self) -> list[Step]:
        """How to play, for a student who never read the rulebook: a screen or less (200 words at
        most), with a picture of the table; a step or two of a show."""

    def hint(self, view: dict) -> tuple[str, str | None] | None:
        """A first game's hint for the seat to play (``view`` is its view): what to do now and why,
        and the key of the part of the table it points at (None: a button); None: no hint now."""

    def moments(self, records: list[dict], view: dict, earlier: list[dict]) -> list[Step]:
        """The game's science moments among the public log's new ``records`` (a test's roll and a
        replication, a confinement, a solve, a Pauli bounce ...), each a step of the show, large;
        ``view`` is the spectator's view now, ``earlier`` the records before the new ones (a
        moment shown once a game). Most records are no moment: an empty list."""

    def ending(self, view: dict, records: list[dict]) -> str:
        """What this game just showed about the science, in a few sentences with this game's own
        facts (HTML), and a link to the game's concept page."""


def missing(renderer) -> list[str]:
    """The contract's functions ``renderer`` lacks (none: an empty list)."""
    names = [name for name in dir(Renderer) if not name.startswith("_") and callable(getattr(Renderer, name))]
    return [name for name in names if not callable(getattr(renderer, name, None))]


# -- helpers every renderer shares -----------------------------------------------------------------
def esc(text) -> str:
    """``text`` (anything, turned into a string) escaped for HTML."""
    return html.escape(str(text))


def badge(seat: int, name: str, text: str | None = None, css: str = "", colours=COLOURS, symbols=SYMBOLS) -> str:
    """A seat's badge: its colour, its symbol and words (``name``, or a shorter ``text`` after the
    symbol), the name as its title; colour never carries the meaning alone. ``css``: the game's own
    classes beside ``btl-badge``."""
    shown = f"{symbols[seat]} {name}" if text is None else f"{symbols[seat]}{text}"
    classes = f"btl-badge {css}" if css else "btl-badge"
    return f'<span class="{classes}" style="background:{colours[seat]}" title="{esc(name)}">{esc(shown)}</span>'


def area(title: str, body: str, css: str = "", target: str = "") -> str:
    """A titled area of the table (``body`` is HTML); ``target`` makes the whole area a move's
    part of the table (``data-target``), named by its title for a screen reader."""
    mark = f' data-target="{esc(target)}" aria-label="{esc(title)}"' if target else ""
    return f'<div class="{css}"{mark}><h3>{esc(title)}</h3>{body}</div>'


def log_line(record: dict, key: str, words: Callable[[str, Any], Any] = lambda _key, value: value,
             when: str = "") -> str:
    """A log record's sentence: the catalogue's ``key`` filled with the record's data, each value
    through ``words(name, value)`` first (a card's id to its name); ``when`` ("Turn 3") before it."""
    data = {name: words(name, value) for name, value in record.items() if name not in RECORD_KEYS}
    sentence = t(key, **data)
    return f"{when}: {sentence}" if when else sentence


def kind_group(catalogue: str) -> Callable[[Any], str]:
    """``group(action)`` that labels a move by its kind: ``<catalogue>.<action.kind>``."""
    def group(action) -> str:
        return t(f"{catalogue}.{action.kind}")
    return group


def own_words(action, _view=None) -> str:
    """A move's button words when its own ``str`` says it all."""
    return str(action)


def numbered_seat(key: str) -> Callable[[int], str]:
    """``seat_name(seat)`` as the catalogue's ``key`` with the seat's number (``n``, from 1)."""
    def seat_name(seat: int) -> str:
        return t(key, n=seat + 1)
    return seat_name
