"""Colour charge as the games model it: which quarks are confined, which are free.

A cartoon of QCD used in school: quarks carry one of three colours (red,
green, blue), anti-quarks the matching anti-colour. A group is colour-neutral
("white") if it is red+green+blue (a baryon), anti-red+anti-green+anti-blue
(an anti-baryon) or a colour with its own anti-colour (a meson). In real QCD
colour is a quantum label and a neutral state is a superposition of such
combinations; the model keeps only the counting.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

COLOURS = ("red", "green", "blue")
COLOUR_LETTER = {"red": "R", "green": "G", "blue": "B"}
FLAVOURS = ("up", "down", "strange", "charm", "bottom")
FLAVOUR_LETTER = {"up": "u", "down": "d", "strange": "s", "charm": "c", "bottom": "b"}
BAR = "\u0304"  # combining macron: ū, R̄


@dataclass(frozen=True, order=True)
class Quark:
    flavour: str
    colour: str
    anti: bool = False

    def __post_init__(self):
        if self.flavour not in FLAVOURS:
            raise ValueError(f"unknown flavour {self.flavour!r}; flavours: {', '.join(FLAVOURS)}")
        if self.colour not in COLOURS:
            raise ValueError(f"unknown colour {self.colour!r}; colours: {', '.join(COLOURS)}")

    @property
    def symbol(self) -> str:
        """u, ū, c̄ ..."""
        return FLAVOUR_LETTER[self.flavour] + (BAR if self.anti else "")

    @property
    def colour_symbol(self) -> str:
        """R, G, B or R̄, Ḡ, B̄: the letter that carries the colour besides the colour itself."""
        return COLOUR_LETTER[self.colour] + (BAR if self.anti else "")

    @property
    def name(self) -> str:
        anti = "anti-" if self.anti else ""
        return f"{anti}{self.colour} {anti}{self.flavour}"

    def __str__(self) -> str:
        return f"{self.symbol}({self.colour_symbol})"

    def conjugate(self) -> "Quark":
        """The other face of a card: same colour and flavour, anti swapped."""
        return Quark(self.flavour, self.colour, not self.anti)


def is_colour_neutral(group: Sequence[Quark]) -> bool:
    """RGB, anti-RGB, or a colour with its own anti-colour."""
    if len(group) == 2:
        a, b = group
        return a.colour == b.colour and a.anti != b.anti
    if len(group) == 3:
        return len({q.anti for q in group}) == 1 and {q.colour for q in group} == set(COLOURS)
    return False


_COLOUR_BIT = {"red": 1, "green": 2, "blue": 4}  # anti-colours three bits higher
_MESONS = frozenset({1 | 8, 2 | 16, 4 | 32})  # a colour with its own anti-colour
_BARYONS = frozenset({7, 7 << 3})  # RGB or anti-RGB


def neutral_groups(quarks: Sequence[Quark], among: Iterable[int] | None = None) -> list[tuple[int, ...]]:
    """Every colour-neutral group of 2 or 3 (as index tuples, sorted), among the given indices.

    The same groups, in the same order, as testing every pair and triple with
    :func:`is_colour_neutral`, with colours as bits (Pentaquark asks at every step)."""
    idx = sorted(range(len(quarks)) if among is None else among)
    bits = {i: _COLOUR_BIT[quarks[i].colour] << (3 * quarks[i].anti) for i in idx}
    found = []
    for n, i in enumerate(idx):
        for m, j in enumerate(idx[n + 1:], start=n + 1):
            pair = bits[i] | bits[j]
            if pair in _MESONS:
                found.append((i, j))
            elif bits[i] != bits[j] and (pair < 8 or pair & 7 == 0):  # two colours of one side
                found += [(i, j, k) for k in idx[m + 1:] if pair | bits[k] in _BARYONS]
    return found


def annihilating_pairs(quarks: Sequence[Quark], free: Iterable[int]) -> list[tuple[int, int]]:
    """Which free quarks annihilate: a quark with a free anti-quark of the same flavour.

    Quarks are matched in index order (the earliest arrival first), each at most once.
    """
    left = sorted(free)
    pairs = []
    used: set[int] = set()
    for i in left:
        if i in used:
            continue
        for j in left:
            if j > i and j not in used and quarks[j].flavour == quarks[i].flavour \
                    and quarks[j].anti != quarks[i].anti:
                pairs.append((i, j))
                used.update((i, j))
                break
    return pairs


@dataclass(frozen=True)
class Confinement:
    """How a set of quarks sorts out: neutral groups, the free rest, and what annihilates."""

    groups: tuple[tuple[int, ...], ...]
    free: tuple[int, ...]
    annihilating: tuple[tuple[int, int], ...]


def groupings(quarks: Sequence[Quark], among: Iterable[int] | None = None):
    """Every way to sort the quarks into disjoint neutral groups (the rest stays free)."""
    free = frozenset(range(len(quarks)) if among is None else among)
    if not free:
        yield ()
        return
    first = min(free)
    yield from groupings(quarks, free - {first})  # the first quark stays free ...
    for group in neutral_groups(quarks, free):  # ... or joins a group
        if group[0] == first:
            for rest in groupings(quarks, free - set(group)):
                yield (group, *rest)


def best_confinement(quarks: Sequence[Quark]) -> Confinement:
    """The grouping that confines the most quarks, then leaves the fewest to annihilate.

    Exhaustive search: fine for the dozen quarks a game or a student holds.
    """
    def outcome(groups) -> Confinement:
        confined = {i for g in groups for i in g}
        free = tuple(i for i in range(len(quarks)) if i not in confined)
        return Confinement(tuple(sorted(groups)), free, tuple(annihilating_pairs(quarks, free)))

    return max((outcome(g) for g in groupings(quarks)),
               key=lambda c: (len(quarks) - len(c.free), -len(c.annihilating)))
