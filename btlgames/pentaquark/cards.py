"""Pentaquark's 15 quark cards and 3 annihilate cards, as short JSON-safe strings.

A quark card is named by flavour and colour letters ("uR" = the red up card).
On the table a card shows one of its two faces: "uR" is its quark face,
"uR~" its anti-quark face (anti-red anti-up, kit rule K1). Annihilate cards
are "A1".."A3" and look the same on both sides.
"""
from __future__ import annotations

from functools import lru_cache

from ..core.i18n import t
from ..science.colour import COLOUR_LETTER, FLAVOUR_LETTER, Quark

FLAVOURS = ("up", "down", "charm", "strange", "bottom")  # the game's five
COLOURS = ("red", "green", "blue")
ANTI = "~"
_FLAVOUR = {v: k for k, v in FLAVOUR_LETTER.items()}
_COLOUR = {v: k for k, v in COLOUR_LETTER.items()}

QUARK_CARDS = tuple(FLAVOUR_LETTER[f] + COLOUR_LETTER[c] for f in FLAVOURS for c in COLOURS)
ANNIHILATE_CARDS = ("A1", "A2", "A3")
QUARK_FACES = frozenset(QUARK_CARDS) | {c + ANTI for c in QUARK_CARDS}  # every face a quark card shows


def card_of(face: str) -> str:
    """The card a face belongs to: "uR~" -> "uR"."""
    return face.rstrip(ANTI)


def is_annihilate(face: str) -> bool:
    return face.startswith("A")


def flip(face: str) -> str:
    """The other face of the same card (annihilate cards look the same)."""
    if is_annihilate(face):
        return face
    return card_of(face) if face.endswith(ANTI) else face + ANTI


@lru_cache(maxsize=64)  # 30 faces; a Quark is immutable, and the rules ask for one very often
def quark(face: str) -> Quark:
    """The quark a face shows, for the colour algebra."""
    return Quark(_FLAVOUR[face[0]], _COLOUR[face[1]], face.endswith(ANTI))


def flavour_of_card(face: str) -> str:
    """The card's flavour whichever face it shows (an anti-up card is an up card, K10)."""
    return _FLAVOUR[face[0]]


def describe(face: str) -> str:
    """Readable words with the letters that carry colour: "u(R) red up"."""
    if is_annihilate(face):
        return t("pentaquark.card.annihilate")
    q = quark(face)
    return f"{q} {t('pentaquark.quark_name', anti=t('pentaquark.anti') if q.anti else '', colour=t('colour.' + q.colour), flavour=t('flavour.' + q.flavour))}"
