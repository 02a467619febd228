"""What a set in a collecting area may hold and what it scores (rules.md K5-K9, K13-K14).

A set is ``{"cards": [names], "angel": name or None}``. Its cards are either

- *equal*: two or three identical instruments or accessories (an "attribute set"; with the
  first-edition variant, identical musicians too), or
- *one band member's*: different cards of one colour, at most its musician, instrument and
  accessory (a "musician set"; complete with all three).

A single card is both at once: it may still grow either way.
"""
from __future__ import annotations

from .cards import COLOUR, ROLE

MOST = 3  # no set holds more than three cards (K6)
MUSICIAN_SET = 12
EQUAL_POINTS = {2: 4, 3: 9}  # "2 times 2" and "3 times 3"
ANGEL_COST = 2


def is_valid(cards: list[str], first_edition: bool = False) -> bool:
    if not 1 <= len(cards) <= MOST or any(ROLE[c] == "angel" for c in cards):
        return False
    if len(set(cards)) == 1:
        return len(cards) == 1 or ROLE[cards[0]] != "musician" or first_edition
    return len(set(cards)) == len(cards) and len({COLOUR[c] for c in cards}) == 1


def fits(group: dict, card: str, first_edition: bool = False) -> bool:
    """May ``card`` join this (valid) set? An angel never joins as a card: it protects (K8).
    The same test as ``is_valid(cards + [card])``, written out: the apps and bots ask it often."""
    cards = group["cards"]
    n, first, role = len(cards), cards[0], ROLE[card]
    if n >= MOST or role == "angel":
        return False
    if card == first and (n == 1 or cards[1] == first):
        return role != "musician" or first_edition
    return COLOUR[card] == COLOUR[first] and card not in cards and (n == 1 or cards[1] != first)


def is_complete(group: dict) -> bool:
    return len(group["cards"]) == MOST


def is_equal(group: dict) -> bool:
    cards = group["cards"]  # a valid set of two or more is equal exactly when its ends are
    return len(cards) > 1 and cards[0] == cards[-1]


def colour(group: dict) -> str:
    return COLOUR[group["cards"][0]]


def can_protect(group: dict, angel: str) -> bool:
    """K8: an unfinished set of at least two cards, of the angel's colour, without an angel."""
    return (group["angel"] is None and 2 <= len(group["cards"]) < MOST
            and colour(group) == COLOUR[angel])


def points(group: dict) -> int:
    """K13, at the end: a complete musician set 12; 3 equal 9; 2 equal 4; any other card 1; an angel -2."""
    cards = group["cards"]
    n = len(cards)
    if n > 1 and cards[0] == cards[-1]:  # equal
        base = EQUAL_POINTS[n]
    elif n == MOST:
        base = MUSICIAN_SET
    else:
        base = n  # loose cards, and the cards of an unfinished musician set
    return base - (ANGEL_COST if group["angel"] else 0)


def points_now(group: dict) -> int:
    """K13, during play as the source counts: loose cards bring "no points yet" (1 each only at
    the end), so a set scores only once it is equal or complete; an angel's -2 counts at once."""
    return points(group) - (0 if is_equal(group) or is_complete(group) else len(group["cards"]))


def area_points(area: list[dict]) -> int:
    return sum(points(g) for g in area)


def area_points_now(area: list[dict]) -> int:
    return sum(points_now(g) for g in area)


def kind(group: dict) -> str:
    """"equal", "musician" or "loose" (a single card): how the table names a set."""
    if len(group["cards"]) == 1:
        return "loose"
    return "equal" if is_equal(group) else "musician"


def public(group: dict) -> dict:
    """A set as the views show it: its cards, its angel, its points now and at the end, kind and
    completeness."""
    return {"cards": list(group["cards"]), "angel": group["angel"], "points": points(group),
            "points_now": points_now(group), "kind": kind(group), "complete": len(group["cards"]) == MOST}
