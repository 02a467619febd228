"""Where a pawn can go: the board's walks and the Pauli rule (Kit rules K2-K4, K8-K10).

Pure functions of the board and the occupied spaces; the state machine calls them.
"""
from __future__ import annotations

from functools import lru_cache

from .data import catalogue


def _board():
    return catalogue().board


@lru_cache(maxsize=None)
def free_walks(start: str, steps: int) -> tuple[tuple[str, ...], ...]:
    """Every die walk of ``steps`` steps from ``start`` (K8): along the links, never straight
    back to the space just left, stopping early at the Center (the source: the Center stops you)."""
    board = _board()
    walks: list[tuple[str, ...]] = []

    def go(path: tuple[str, ...]) -> None:
        here = path[-1]
        if len(path) - 1 == steps or (here == board.center and len(path) > 1):
            walks.append(path)
            return
        for n in board.links[here]:
            if len(path) < 2 or n != path[-2]:
                go(path + (n,))

    go((start,))
    return tuple(walks)


@lru_cache(maxsize=None)
def directed_walks(start: str, steps: int) -> tuple[tuple[str, ...], ...]:
    """Walks of ``steps`` steps towards the Center (steps > 0) or away from it (< 0), each step
    changing the distance to the Center by one (K10). A walk stops at the Center, or where no
    step away is left."""
    board = _board()
    walks: list[tuple[str, ...]] = []

    def go(path: tuple[str, ...]) -> None:
        here = path[-1]
        nexts = board.towards(here) if steps > 0 else board.away(here)
        if len(path) - 1 == abs(steps) or not nexts:
            walks.append(path)
            return
        for n in nexts:
            go(path + (n,))

    go((start,))
    return tuple(walks)


def landing(path: tuple[str, ...], occupied: set[str]) -> str:
    """Where a walk ends under the Pauli rule (K9): on its last space if that is free, else back
    along the walk on the closest free space (the start is free: the mover has left it)."""
    for space in reversed(path[1:]):
        if space not in occupied:
            return space
    return path[0]


def destinations(walks, occupied: set[str], *, not_center: bool = False) -> list[str]:
    """The distinct spaces those walks can end on, in a stable order. ``not_center``: leave out
    the Center (a turn begun there cannot end there), unless nothing else is possible."""
    out = sorted({landing(w, occupied) for w in walks})
    center = _board().center
    if not_center and len(out) > 1 and center in out:
        out.remove(center)
    return out


def free_neighbours(space: str, occupied: set[str]) -> list[str]:
    return [n for n in _board().links[space] if n not in occupied]
