"""The debrief's small pieces of HTML: its words, seat badges, tables, paragraphs, charts as images.

Shared by the document view (``btlgames/ui/debrief/document.py``) and the projector
(``btlgames/ui/debrief/screens.py``). Everything returns HTML text; plain words are escaped here.
"""
from __future__ import annotations

import base64

from ...core.i18n import words_of
from ...research import board, cards
from ..common.seats import COLOURS, SYMBOLS
from ..common.widgets import esc

MARKERS = ("o", "s", "^", "*")  # the seats' symbols as matplotlib markers


msg = words_of("debrief")  # this app's words (catalogue section [debrief])


# -- names ---------------------------------------------------------------------------------------
def card_name(card_id: str) -> str:
    """A card's printed name in the page's language; a card this kit does not know (a newer
    deck's) by its id in words."""
    if cards.card(card_id):
        return cards.name(card_id)
    return str(card_id).replace("_", " ").replace("-", " ").capitalize()


def hex_name(hex_id: str) -> str:
    """"Gravity 3" for ``gravity-3`` (an unknown id as it is)."""
    try:
        return board.hex_name(hex_id)
    except (KeyError, ValueError, IndexError):
        return str(hex_id)


class Seats:
    """How the debrief names seats: "Player 1", or "Team 1" in the school game, always with its
    symbol, and in HTML with its colour too (colour never carries the meaning alone)."""

    def __init__(self, variant: str):
        self.team = variant == "school"

    def seat(self, p) -> str:
        return msg("seat.team" if self.team else "seat.player", n=int(p) + 1)

    def label(self, p) -> str:
        """The seat's symbol and name, for charts: "● Player 1"."""
        return f"{SYMBOLS[int(p) % 4]} {self.seat(p)}"

    def badge(self, p) -> str:
        """The seat in HTML: its colour, symbol and name ("—" for nobody)."""
        if p is None or p != p:  # None or NaN
            return "—"
        p = int(p)
        return f'<span class="btl-seat btl-seat-{p + 1}" style="color:{COLOURS[p % 4]}">{esc(self.label(p))}</span>'

    def tile(self, p, tile: str) -> str:
        """A project tile: the owner's symbol and the tile's number ("●1a"), in the owner's colour."""
        p = int(p)
        return (f'<span class="btl-seat btl-seat-{p + 1}" style="color:{COLOURS[p % 4]}" '
                f'title="{esc(self.seat(p))}">{esc(SYMBOLS[p % 4] + tile)}</span>')


# -- text ----------------------------------------------------------------------------------------
def signed(n: int) -> str:
    """+2, −1, 0 (with a real minus sign)."""
    return f"+{n}" if n > 0 else number(n)


def number(n: int) -> str:
    """A whole number with a real minus sign: −1."""
    return f"−{-n}" if n < 0 else str(n)


def para(text: str, cls: str = "") -> str:
    """A paragraph of plain words (escaped here)."""
    return f'<p class="{cls}">{esc(text)}</p>' if cls else f"<p>{esc(text)}</p>"


def bullets(items, cls: str = "") -> str:
    """A list of HTML items."""
    attr = f' class="{cls}"' if cls else ""
    return f"<ul{attr}>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"


def details(summary: str, inner: str) -> str:
    return f"<details><summary>{esc(summary)}</summary>{inner}</details>"


def table(headers: list[str], rows: list[list[str]], numeric: set[int] = frozenset(), total: bool = False) -> str:
    """An HTML table: ``headers`` are plain words, cells are HTML already (escape them first).

    Columns in ``numeric`` align right; with ``total`` the last row is a total, in bold.
    """
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in headers)
    body = []
    for i, cells in enumerate(rows):
        cls = ' class="btl-total"' if total and i == len(rows) - 1 else ""
        tds = "".join(f'<th scope="row">{c}</th>' if j == 0 else
                      f'<td class="btl-num">{c}</td>' if j in numeric else f"<td>{c}</td>"
                      for j, c in enumerate(cells))
        body.append(f"<tr{cls}>{tds}</tr>")
    return (f'<div class="btl-scroll"><table class="btl-table"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def seat_table(seats: Seats, frame, columns: tuple[str, ...]) -> str:
    """One row per seat (the rows of ``frame``) with its whole numbers in ``columns``."""
    rows = [[seats.badge(p), *(number(int(frame.loc[p, c])) for c in columns)] for p in range(len(frame))]
    return table([msg("col.player")] + [msg(f"col.{c}") for c in columns], rows,
                 numeric=set(range(1, len(columns) + 1)))


# -- charts --------------------------------------------------------------------------------------
def chart(png_bytes: bytes, alt: str, caption: bool = True) -> str:
    """A chart as an image inside HTML, with ``alt`` for screen readers (and as its caption)."""
    data = base64.b64encode(png_bytes).decode("ascii")
    image = f'<img class="btl-chart" src="data:image/png;base64,{data}" alt="{esc(alt)}">'
    return f"<figure>{image}<figcaption><small>{esc(alt)}</small></figcaption></figure>" if caption else image

