"""The colour algebra (btlgames.science.colour): neutral groups, groupings, confinement, annihilation."""
import pytest

from btlgames.science.colour import (
    COLOURS, FLAVOURS, Confinement, Quark, annihilating_pairs, best_confinement, groupings,
    is_colour_neutral, neutral_groups)


def q(flavour, colour, anti=False):
    return Quark(flavour, colour, anti)


R, G, B = "red", "green", "blue"
# The rulebook's winning example: Blue-Up, Red-Up, Blue-Down, Green-Charm, Anti-Blue-Anti-Charm.
WIN = [q("up", B), q("up", R), q("down", B), q("charm", G), q("charm", B, True)]


# -- quarks ------------------------------------------------------------------------------
def test_quark_prints_its_letters():
    assert str(q("up", R)) == "u(R)"
    assert str(q("charm", B, True)) == "c\u0304(B\u0304)"
    assert q("charm", B, True).colour_symbol == "B\u0304"
    assert q("down", G).name == "green down"
    assert q("down", G, True).name == "anti-green anti-down"


def test_conjugate_is_the_other_face():
    assert q("up", R).conjugate() == q("up", R, True)
    assert q("up", R, True).conjugate().conjugate() == q("up", R, True)


@pytest.mark.parametrize("flavour, colour, words", [
    ("top", R, "unknown flavour 'top'"),
    ("UP", R, "unknown flavour"),
    ("up", "purple", "unknown colour 'purple'"),
    ("up", "R", "unknown colour"),
])
def test_bad_quark_raises_a_clear_value_error(flavour, colour, words):
    with pytest.raises(ValueError, match=words) as err:
        Quark(flavour, colour)
    assert "flavours:" in str(err.value) or "colours:" in str(err.value)  # says what is allowed


# -- is_colour_neutral -------------------------------------------------------------------------
@pytest.mark.parametrize("group", [
    [q("up", R), q("up", G), q("down", B)],  # proton-like
    [q("up", R, True), q("up", G, True), q("down", B, True)],  # anti-baryon
    [q("up", G), q("down", G, True)],  # a colour and its own anti-colour
    [q("charm", B, True), q("up", B)],  # order does not matter
    [q("strange", B), q("down", R), q("bottom", G)],  # flavour plays no part
])
def test_neutral_groups_of_the_rulebook(group):
    assert is_colour_neutral(group)


@pytest.mark.parametrize("group", [
    [],
    [q("up", R)],
    [q("up", R), q("up", G)],  # two colours
    [q("up", R), q("up", G, True)],  # a colour with another anti-colour
    [q("up", R), q("up", R)],  # same colour, no anti
    [q("up", R, True), q("up", R, True)],
    [q("up", R), q("up", G), q("down", G)],  # a colour missing
    [q("up", R), q("up", G), q("down", B, True)],  # quarks and anti-quarks mixed
    [q("up", R), q("up", G), q("down", B), q("up", B, True)],  # four is never a group
])
def test_not_neutral(group):
    assert not is_colour_neutral(group)


# -- neutral_groups ------------------------------------------------------------------------------
def test_neutral_groups_lists_every_group_in_index_order():
    assert neutral_groups(WIN) == [(0, 1, 3), (0, 4), (1, 2, 3), (2, 4)]


def test_neutral_groups_among_some_indices():
    assert neutral_groups(WIN, among=[1, 2, 3, 4]) == [(1, 2, 3), (2, 4)]
    assert neutral_groups(WIN, among=[4, 2]) == [(2, 4)]
    assert neutral_groups(WIN, among=[]) == []


def test_neutral_groups_are_every_neutral_pair_and_triple_in_order():
    """The bit arithmetic finds exactly what testing every pair and triple finds, in its order."""
    import random
    from itertools import combinations

    rng = random.Random(5)
    for _ in range(3000):
        quarks = [Quark(rng.choice(FLAVOURS), rng.choice(COLOURS), rng.random() < 0.5) for _ in range(rng.randint(0, 9))]
        idx = sorted(rng.sample(range(len(quarks)), rng.randint(0, len(quarks))))
        brute = [g for i, j in combinations(idx, 2) for g in
                 [(i, j)] * is_colour_neutral([quarks[i], quarks[j]])
                 + [(i, j, k) for k in idx if k > j and is_colour_neutral([quarks[i], quarks[j], quarks[k]])]]
        assert neutral_groups(quarks, among=idx) == brute


# -- groupings --------------------------------------------------------------------------------
def test_groupings_of_a_proton():
    proton = [q("up", R), q("up", G), q("down", B)]
    assert sorted(groupings(proton)) == [(), ((0, 1, 2),)]


def test_groupings_are_disjoint_and_neutral():
    found = list(groupings(WIN))
    assert len(found) == len(set(found))
    for grouping in found:
        members = [i for g in grouping for i in g]
        assert len(members) == len(set(members))
        assert all(is_colour_neutral([WIN[i] for i in g]) for g in grouping)
    full = {tuple(sorted(g)) for g in found if sum(map(len, g)) == len(WIN)}
    # the rulebook's grouping (R u + B d + G c, B u + B̄ c̄) and the other one
    assert full == {((0, 4), (1, 2, 3)), ((0, 1, 3), (2, 4))}


def test_groupings_of_nothing():
    assert list(groupings([])) == [()]


# -- best_confinement -----------------------------------------------------------------------------
def test_rulebook_winning_example_is_fully_confined():
    best = best_confinement(WIN)
    assert isinstance(best, Confinement)
    assert best.free == () and best.annihilating == ()
    assert sorted(i for g in best.groups for i in g) == [0, 1, 2, 3, 4]
    assert sorted(map(len, best.groups)) == [2, 3]  # a three-colour set and a colour pair


def test_best_confinement_confines_the_most_quarks():
    # d(R) d̄(R̄) confine; u(G) and ū(B̄) cannot (green is not anti-blue): free, and they annihilate
    quarks = [q("up", G), q("up", B, True), q("down", R), q("down", R, True)]
    best = best_confinement(quarks)
    assert best.groups == ((2, 3),)
    assert best.free == (0, 1)
    assert best.annihilating == ((0, 1),)


def test_best_confinement_then_leaves_the_fewest_to_annihilate():
    # s̄(R̄) can pair with u(R) or with s(R): both confine two quarks, but pairing it with s(R)
    # leaves u(R) and ū(Ḡ) free to annihilate, pairing it with u(R) leaves nothing to annihilate.
    quarks = [q("up", R), q("strange", R, True), q("strange", R), q("up", G, True)]
    best = best_confinement(quarks)
    assert best.groups == ((0, 1),)
    assert best.free == (2, 3)
    assert best.annihilating == ()


def test_best_confinement_of_nothing_and_of_one():
    assert best_confinement([]) == Confinement((), (), ())
    assert best_confinement([q("up", R)]) == Confinement((), (0,), ())


def test_best_confinement_of_nine_quarks_is_quick_and_complete():
    nine = [Quark(f, c) for f in ("up", "down", "charm") for c in COLOURS]
    best = best_confinement(nine)
    assert best.free == () and len(best.groups) == 3


# -- annihilating_pairs ------------------------------------------------------------------------------
def test_annihilation_needs_the_same_flavour_whatever_the_colours():
    assert annihilating_pairs([q("up", G), q("up", B, True)], [0, 1]) == [(0, 1)]  # rulebook K7 example
    assert annihilating_pairs([q("down", R), q("strange", R, True)], [0, 1]) == []
    assert annihilating_pairs([q("up", R), q("up", G)], [0, 1]) == []  # two quarks never annihilate


def test_annihilation_pairs_with_the_earliest_arrival_each_at_most_once():
    two_ups = [q("up", R), q("up", G), q("up", B, True)]
    assert annihilating_pairs(two_ups, [0, 1, 2]) == [(0, 2)]
    anti_first = [q("up", B, True), q("up", R), q("up", G)]
    assert annihilating_pairs(anti_first, [0, 1, 2]) == [(0, 1)]
    alternating = [q("up", R), q("up", R, True), q("up", G), q("up", G, True)]
    assert annihilating_pairs(alternating, [0, 1, 2, 3]) == [(0, 1), (2, 3)]
    mixed = [q("charm", R), q("up", G), q("charm", B, True), q("up", R, True)]
    assert annihilating_pairs(mixed, [3, 2, 1, 0]) == [(0, 2), (1, 3)]


def test_only_free_quarks_annihilate():
    quarks = [q("up", R), q("up", R, True), q("up", G, True)]
    assert annihilating_pairs(quarks, [0, 2]) == [(0, 2)]
    assert annihilating_pairs(quarks, [1, 2]) == []


def test_every_flavour_and_colour_exists():
    assert len({Quark(f, c, a) for f in FLAVOURS for c in COLOURS for a in (False, True)}) == 30
