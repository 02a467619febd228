"""The research map (lessons/research-programme/rules.md, "The map", Kit rule K1)."""
import itertools
import math

import pytest

from btlgames.research import board
from btlgames.research.board import FIELDS, HEXES, META


def connected(hexes):
    hexes = set(hexes)
    start = next(iter(hexes))
    seen, todo = {start}, [start]
    while todo:
        for n in board.neighbours(todo.pop()):
            if n in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == hexes


def touches(a, b):
    return any(n in board.field_hexes(b) for h in board.field_hexes(a) for n in board.neighbours(h))


def test_k1_37_hexes_in_a_hexagon_of_radius_3():  # K1
    assert len(HEXES) == len(set(HEXES)) == 37
    assert len({board.coords(h) for h in HEXES}) == 37
    assert max(board.distance("meta-0", h) for h in HEXES) == 3
    assert [sum(board.ring(h) == k for h in HEXES) for k in range(4)] == [1, 6, 12, 18]


def test_k1_metascience_is_the_centre_seven():  # K1
    meta = board.field_hexes(META)
    assert meta == tuple(f"meta-{i}" for i in range(7))
    assert board.coords("meta-0") == (0, 0)
    assert set(board.neighbours("meta-0")) == set(meta[1:])
    assert all(board.field_of(h) == META for h in meta)


def test_k1_ring_one_runs_clockwise():  # K1
    angles = []
    for i in range(1, 7):
        x, y = board.pixel(f"meta-{i}")
        angles.append(math.atan2(y, x))  # y points down: clockwise = growing angle
    steps = [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:])]
    assert all(abs(s - math.pi / 3) < 1e-9 for s in steps)
    for i in range(1, 6):
        assert f"meta-{i + 1}" in board.neighbours(f"meta-{i}")
    assert "meta-1" in board.neighbours("meta-6")


@pytest.mark.parametrize("field", FIELDS)
def test_k1_each_field_is_five_connected_hexes_touching_metascience(field):  # K1
    hexes = board.field_hexes(field)
    assert hexes == tuple(f"{field}-{n}" for n in range(1, 6))
    assert [board.is_outer(h) for h in hexes] == [False, False, True, True, True]
    assert [board.ring(h) for h in hexes] == [2, 2, 3, 3, 3]
    assert connected(hexes)
    assert touches(field, META)
    # the inner hexes lie next to Metascience, the outer ones on the rim
    assert all(any(board.field_of(n) == META for n in board.neighbours(h)) for h in hexes[:2])
    assert not any(board.field_of(n) == META for h in hexes[2:] for n in board.neighbours(h))


def test_k1_fields_border_exactly_their_ring_neighbours():  # K1
    for i, a in enumerate(FIELDS):
        for j, b in enumerate(FIELDS):
            if i != j:
                ring_neighbours = (i - j) % 6 in (1, 5)
                assert touches(a, b) == ring_neighbours, (a, b)
                assert board.fields_adjacent(a, b) == ring_neighbours, (a, b)


def test_fields_adjacent():  # K1, the bridge rule
    assert board.fields_adjacent("gravity", "cosmology")
    assert board.fields_adjacent("mathematics", "gravity")
    assert not board.fields_adjacent("gravity", "particle")  # a wormhole pair
    assert not board.fields_adjacent("cosmology", "quantum")
    assert all(board.fields_adjacent(META, f) and board.fields_adjacent(f, META) for f in FIELDS)
    assert not board.fields_adjacent("gravity", "gravity")
    assert not board.fields_adjacent(META, META)
    with pytest.raises(ValueError, match="no field"):
        board.fields_adjacent("biology", "gravity")


def test_neighbours_are_symmetric_and_in_hex_order():
    for h in HEXES:
        ns = board.neighbours(h)
        assert h not in ns and 3 <= len(ns) <= 6
        assert list(ns) == sorted(ns, key=board.order)
        assert all(board.distance(h, n) == 1 for n in ns)
        for n in ns:
            assert h in board.neighbours(n)
    assert sum(len(board.neighbours(h)) for h in HEXES) == 2 * 90  # edges of a radius-3 hexagon


def test_hex_order_is_stable():  # the tie-break order of K19 and K21
    expected = tuple(f"meta-{i}" for i in range(7)) + tuple(
        f"{f}-{n}" for f in FIELDS for n in range(1, 6))
    assert HEXES == expected
    assert [board.order(h) for h in HEXES] == list(range(37))
    assert FIELDS == ("gravity", "cosmology", "particle", "condensed", "quantum", "mathematics")


def test_coordinates_are_fixed():  # saves and data files name hexes; the layout must not drift
    assert board.coords("meta-1") == (1, -1)
    assert board.coords("gravity-1") == (2, -2)
    assert board.coords("gravity-3") == (3, -3)
    assert board.coords("mathematics-5") == (2, -3)
    assert board.hex_at(3, -3) == "gravity-3" and board.hex_at(4, 0) is None


def test_pixel_centres_are_distinct_and_a_hex_apart():
    size = 10
    centres = {h: board.pixel(h, size) for h in HEXES}
    assert len(set(centres.values())) == 37
    assert centres["meta-0"] == (0, 0)
    for a, b in itertools.combinations(HEXES, 2):
        (xa, ya), (xb, yb) = centres[a], centres[b]
        gap = ((xa - xb) ** 2 + (ya - yb) ** 2) ** 0.5
        assert gap >= size * 3 ** 0.5 - 1e-9
        if b in board.neighbours(a):
            assert gap == pytest.approx(size * 3 ** 0.5)


def test_unknown_hex_is_a_clear_error():
    with pytest.raises(ValueError, match="no hex 'gravity-6'"):
        board.coords("gravity-6")
    with pytest.raises(ValueError, match="no hex"):
        board.field_of("nowhere")
