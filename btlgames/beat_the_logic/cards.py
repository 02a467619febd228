"""The cards of Beat The Logic (lessons/beat-the-logic/rules.md, Kit rules K1-K2).

A card is its name: the five musicians, their instruments and accessories, and the five
colours of Guardian Angel ("angel-blue"). Cards with the same name are identical, so the
engine keeps cards as names and counts them.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

# colour -> (musician, instrument, accessory): one band member and their two attributes
BAND = {
    "purple": ("guitarist", "guitar", "plectrum"),
    "green": ("bassist", "bass", "cap"),
    "blue": ("drummer", "drums", "drumsticks"),
    "yellow": ("keyboardist", "keyboard", "stool"),
    "red": ("singer", "microphone", "hairspray"),
}
COLOURS = tuple(BAND)
ROLES = ("musician", "instrument", "accessory")
COPIES = 5  # of every musician, instrument and accessory (K1)
ANGELS_PER_COLOUR = 3
OVERVIEW_CARDS = 4  # printed summaries: never part of the deck (K1)
# A symbol per colour, so that no card is told apart by colour alone.
SYMBOL = {"purple": "◆", "green": "●", "blue": "■", "yellow": "▲", "red": "★"}

COLOUR: dict[str, str] = {}
ROLE: dict[str, str] = {}
for _colour, _cards in BAND.items():
    for _role, _card in zip(ROLES, _cards):
        COLOUR[_card], ROLE[_card] = _colour, _role
    COLOUR[f"angel-{_colour}"], ROLE[f"angel-{_colour}"] = _colour, "angel"

BAND_CARDS = tuple(card for cards in BAND.values() for card in cards)
ANGELS = tuple(f"angel-{c}" for c in COLOURS)
CARDS = BAND_CARDS + ANGELS  # every name, in a fixed order (actions are listed in it)


def is_angel(card: str) -> bool:
    return ROLE[card] == "angel"


def angel_of(colour: str) -> str:
    return f"angel-{colour}"


def full_box() -> Counter:
    """The 90 cards played with 4 players (the 4 overview cards stay aside)."""
    box = Counter({card: COPIES for card in BAND_CARDS})
    box.update({angel: ANGELS_PER_COLOUR for angel in ANGELS})
    return box


def removed_for(players: int) -> list[str]:
    """K2: with 3 players one complete musician set of every colour leaves the game, with 2
    players two; the angels all stay."""
    sets = {4: 0, 3: 1, 2: 2}[players]
    return [card for card in BAND_CARDS for _ in range(sets)]


def deck_for(players: int) -> list[str]:
    """The cards in play for ``players``, in the fixed order of CARDS (shuffled at set-up)."""
    box = full_box()
    box.subtract(removed_for(players))
    return [card for card in CARDS for _ in range(box[card])]


@lru_cache(maxsize=None)
def in_play(players: int) -> Counter:
    """How many of each card are in play for ``players`` (the invariants compare against it)."""
    return Counter(deck_for(players))
