"""Detector ranges as Beamtimes and Lifetimes counts them (kit rulebook, "Resolution").

A particle of value p is *in range* of a physicist h and a detector d when it
lies between them, ends included. The payout depends on X, the gap between the
detector and the nearest physicist that has the particle in range: a narrow
range pays more, as a precise measurement is worth more. These few functions
are the rules' arithmetic; the game and the concept notebook both use them.
"""
from __future__ import annotations

from typing import Iterable

SOLO_BASE, LEADER_BASE, COLLABORATOR_BASE = 10, 7, 5


def in_range(particle: int, physicist: int, detector: int) -> bool:
    return min(physicist, detector) <= particle <= max(physicist, detector)


def values_in_range(physicist: int, detector: int) -> list[int]:
    """The card values (1-13) a physicist and a detector can see."""
    return list(range(min(physicist, detector), max(physicist, detector) + 1))


def gap(particle: int, physicists: Iterable[int], detector: int) -> int | None:
    """X: the smallest |detector - physicist| among physicists with the particle in range,
    or None when no physicist has it in range (the experiment fails)."""
    gaps = [abs(detector - h) for h in physicists if in_range(particle, h, detector)]
    return min(gaps) if gaps else None


def is_exact(particle: int, physicists: Iterable[int], detector: int) -> bool:
    """Solved: the particle, the detector and one of the physicists all show one number."""
    return particle == detector and particle in set(physicists)


def payout(x: int, collaborators: int) -> tuple[int, int]:
    """Tokens for (the leader's group, each collaborator's group); never negative.

    Alone: 10 - X. In a collaboration: the leader 7 - X, each collaborator 5 - X.
    """
    if collaborators == 0:
        return max(0, SOLO_BASE - x), 0
    return max(0, LEADER_BASE - x), max(0, COLLABORATOR_BASE - x)


def outcome(particle: int, leader: int, collaborators: list[int], detector: int) -> dict:
    """What a detector built on this problem gives: ``{"result", "x", "leader", "each"}``.

    ``result`` is "solved", "in_range" or "out_of_range"; tokens are what publishing pays.
    """
    physicists = [leader, *collaborators]
    x = gap(particle, physicists, detector)
    if x is None:
        return {"result": "out_of_range", "x": None, "leader": 0, "each": 0}
    lead, each = payout(x, len(collaborators))
    result = "solved" if is_exact(particle, physicists, detector) else "in_range"
    return {"result": result, "x": x, "leader": lead, "each": each}
