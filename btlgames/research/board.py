"""The research map (Kit rule K1): 37 hexes in a hexagon of radius 3.

Coordinates are axial ``(q, r)`` (the third cube coordinate is ``s = -q - r``); the six
neighbour steps are listed clockwise as drawn on a screen whose y axis points down.

- Ring 0 and ring 1 (7 hexes) are **Metascience**: ``meta-0`` in the centre and
  ``meta-1``..``meta-6`` around it, clockwise from the upper right.
- Rings 2 (12 hexes) and 3 (18 hexes) are cut into six wedges of 5 hexes, one per field in
  the ring order of ``FIELDS``. Field *i* takes, walking each ring clockwise from its corner
  in direction *i*, that corner and the next hex of ring 2 (``<field>-1``, ``<field>-2``)
  and that corner and the next two hexes of ring 3 (``<field>-3``..``<field>-5``). Every
  wedge is the previous one turned by 60 degrees, so each field is connected, touches
  Metascience (``meta-i`` lies next to ``<field>-1``) and shares a border with exactly its two
  ring neighbours; ``tests/engine/test_research_board.py`` checks all of it.

Hex ids are the stable names the engine, the data files and the saves use. ``HEXES`` is the
*hex order* that rules use for tie-breaks (Kit rules K19, K21): Metascience first, then each
field in ring order, 1..5.
"""
from __future__ import annotations

import math
from functools import lru_cache

from ..core.i18n import t

FIELDS = ("gravity", "cosmology", "particle", "condensed", "quantum", "mathematics")
META = "meta"
RADIUS = 3

# Neighbour steps, clockwise on screen (y down): NE, E, SE, SW, W, NW.
_STEPS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


def _ring(k: int) -> list[tuple[int, int]]:
    """Ring k clockwise, starting at its corner in the first direction (upper right)."""
    if k == 0:
        return [(0, 0)]
    q, r = k * _STEPS[0][0], k * _STEPS[0][1]
    out = []
    for side in range(6):
        dq, dr = _STEPS[(side + 2) % 6]  # walking along side `side` of the ring
        for _ in range(k):
            out.append((q, r))
            q, r = q + dq, r + dr
    return out


def _layout() -> dict[str, tuple[int, int]]:
    coords = {f"{META}-{i}": c for i, c in enumerate(_ring(0) + _ring(1))}
    ring2, ring3 = _ring(2), _ring(3)
    for i, field in enumerate(FIELDS):
        cells = ring2[2 * i:2 * i + 2] + ring3[3 * i:3 * i + 3]
        coords.update({f"{field}-{n}": c for n, c in enumerate(cells, start=1)})
    return coords


_COORDS = _layout()
HEXES: tuple[str, ...] = tuple(_COORDS)  # the hex order: meta-0..6, then each field 1..5
_AT = {c: h for h, c in _COORDS.items()}
_ORDER = {h: i for i, h in enumerate(HEXES)}


def _check(hex_id: str) -> str:
    if hex_id not in _COORDS:
        raise ValueError(f"no hex {hex_id!r} on the research map")
    return hex_id


def coords(hex_id: str) -> tuple[int, int]:
    """Axial ``(q, r)`` of a hex."""
    return _COORDS[_check(hex_id)]


def hex_at(q: int, r: int) -> str | None:
    """The hex at axial ``(q, r)``, or None off the map."""
    return _AT.get((q, r))


def order(hex_id: str) -> int:
    """Position in the hex order (for sorting and tie-breaks)."""
    return _ORDER[_check(hex_id)]


_FIELD_OF = {h: h.rsplit("-", 1)[0] for h in HEXES}  # the rules ask at every step
_FIELD_HEXES = {f: tuple(h for h in HEXES if _FIELD_OF[h] == f) for f in (META, *FIELDS)}


def field_of(hex_id: str) -> str:
    """The field a hex belongs to: one of ``FIELDS`` or ``META``."""
    field = _FIELD_OF.get(hex_id) if isinstance(hex_id, str) else None
    return field if field is not None else _FIELD_OF[_check(hex_id)]


def field_hexes(field: str) -> tuple[str, ...]:
    """A field's hexes in hex order (5 for an outer field, 7 for Metascience)."""
    if field not in _FIELD_HEXES:
        raise ValueError(f"no field {field!r}; fields are {', '.join(FIELDS)} and {META}")
    return _FIELD_HEXES[field]


def ring(hex_id: str) -> int:
    """0 for the centre, 1 for the rest of Metascience, 2 inner field hexes, 3 the rim."""
    q, r = coords(hex_id)
    return max(abs(q), abs(r), abs(q + r))


def is_outer(hex_id: str) -> bool:
    """A rim hex (ring 3): the ones hidden at the start of a full game (Kit rule K2)."""
    return hex_id in _RIM or ring(hex_id) == RADIUS  # the second: a hex not on the map raises


_RIM = frozenset(h for h in HEXES if ring(h) == RADIUS)


def distance(a: str, b: str) -> int:
    """Steps between two hexes on the map (wormholes not counted)."""
    (qa, ra), (qb, rb) = coords(a), coords(b)
    return max(abs(qa - qb), abs(ra - rb), abs((qa + ra) - (qb + rb)))


@lru_cache(maxsize=None)
def neighbours(hex_id: str) -> tuple[str, ...]:
    """The map neighbours of a hex, in hex order. Wormholes are the engine's, not the map's."""
    q, r = coords(hex_id)
    found = (hex_at(q + dq, r + dr) for dq, dr in _STEPS)
    return tuple(sorted((h for h in found if h), key=order))


# The rules read these at every step: tables, not calls (the same values as the functions above).
NEIGHBOURS: dict[str, tuple[str, ...]] = {h: neighbours(h) for h in HEXES}
FIELD_HEXES: dict[str, tuple[str, ...]] = dict(_FIELD_HEXES)
RIM: frozenset[str] = _RIM  # is_outer's hexes
FIELD_OF: dict[str, str] = dict(_FIELD_OF)
ORDER: dict[str, int] = dict(_ORDER)


def _borders() -> frozenset[frozenset[str]]:
    pairs = set()
    for h in HEXES:
        for n in neighbours(h):
            if field_of(h) != field_of(n):
                pairs.add(frozenset((field_of(h), field_of(n))))
    return frozenset(pairs)


BORDERS = _borders()  # pairs of fields whose hexes touch on the map


def fields_adjacent(a: str, b: str) -> bool:
    """Two different fields that share a border (Metascience borders every field).

    This decides whether a bridge between them lies on their border or needs a wormhole pair.
    A field is not adjacent to itself.
    """
    adjacent = _ADJACENT.get((a, b))
    if adjacent is None:
        for f in (a, b):
            if f != META and f not in FIELDS:
                raise ValueError(f"no field {f!r}; fields are {', '.join(FIELDS)} and {META}")
    return adjacent


# fields_adjacent of every pair of areas: the rules and bots ask at every test (ADJACENT[a, b], a table)
_ADJACENT = ADJACENT = {(a, b): a != b and (META in (a, b) or frozenset((a, b)) in BORDERS)
                        for a in (META, *FIELDS) for b in (META, *FIELDS)}


def pixel(hex_id: str, size: float = 1.0) -> tuple[float, float]:
    """The centre of a hex for drawing, pointy-top, ``size`` = centre to corner; y points down.

    ``meta-0`` sits at (0, 0); the renderer shifts the picture into its frame.
    """
    q, r = coords(hex_id)
    return size * math.sqrt(3) * (q + r / 2), size * 1.5 * r


def field_name(field: str) -> str:
    """The field's name in the current language ("Particle physics")."""
    return t(f"research.field.{field}")


def hex_name(hex_id: str) -> str:
    """"Gravity 3" for ``gravity-3``: how people name a hex."""
    return t("research.hex", field=field_name(field_of(hex_id)), n=hex_id.rsplit("-", 1)[1])
