"""The standard 52-card deck as Beamtimes and Lifetimes uses it.

A card is a short string, rank then suit: "AD" (ace of diamonds), "10H", "KS".
Suits: D diamonds = unknown particles, C clubs = grants, S spades = detectors,
H hearts = physicists. Aces count 1, Jacks 11, Queens 12, Kings 13.
"""
from __future__ import annotations

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = {"D": "♦", "C": "♣", "S": "♠", "H": "♥"}
ROLE = {"D": "particle", "C": "grant", "S": "detector", "H": "physicist"}

DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
DIAMONDS = tuple(r + "D" for r in RANKS)
GRANTS = tuple(r + "C" for r in RANKS[:6])  # Ace to 6: the grants
UNUSED_CLUBS = tuple(r + "C" for r in RANKS[6:])  # 7 to King stay in the box (K2)
MARKET_CARDS = tuple(r + s for s in "SH" for r in RANKS)

RING_SIZE, ROW_SIZE, REMOVED = 6, 5, 2


_VALUES = {card: RANKS.index(card[:-1]) + 1 for card in DECK}  # the bots ask for values very often


def value(card: str) -> int:
    return _VALUES.get(card) or RANKS.index(card[:-1]) + 1


def suit(card: str) -> str:
    return card[-1]


def is_physicist(card: str) -> bool:
    return suit(card) == "H"


def is_detector(card: str) -> bool:
    return suit(card) == "S"


def rank_of(number: int) -> str:
    return RANKS[number - 1]


def label(card: str) -> str:
    """What is printed on the card: "Q♥"."""
    return card[:-1] + SUITS[suit(card)]
