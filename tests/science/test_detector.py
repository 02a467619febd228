"""The detector-range model (btlgames.science.detector): chances, payouts, credit, mass windows."""
import itertools
from fractions import Fraction

import pytest
from particle import Particle

from btlgames.science import detector as d
from btlgames.science.ranges import gap, is_exact, outcome, payout


# -- card values -----------------------------------------------------------------------------
def test_cards_are_written_a_to_k_with_words():
    assert [d.card_label(v) for v in d.VALUES] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                    "J", "Q", "K"]
    assert (d.card_word(1), d.card_word(11), d.card_word(12), d.card_word(13)) == ("Ace", "Jack", "Queen", "King")


@pytest.mark.parametrize("text, values", [
    ("A 7 K", [1, 7, 13]),
    ("1, 7, 13", [1, 7, 13]),
    ("ace; queen  10 j", [1, 12, 10, 11]),
    ("7 7 seven", [7]),  # repeats count once
    ("", []),
])
def test_parse_values(text, values):
    assert d.parse_values(text) == values


@pytest.mark.parametrize("text, words", [
    ("14", "card values run from 1 (Ace) to 13 (King)"),
    ("0", "card values run from 1 (Ace) to 13 (King)"),
    ("Z", "'Z' is not a card value"),
    ("7.5", "'7.5' is not a card value"),
    ("-3", "'-3' is not a card value"),
])
def test_parse_values_says_what_is_wrong(text, words):
    with pytest.raises(ValueError) as err:
        d.parse_values(text)
    assert words in str(err.value)


@pytest.mark.parametrize("value", [0, 14, 7.0, True, "7", None])
def test_check_value(value):
    with pytest.raises(ValueError, match="1 \\(Ace\\) to 13 \\(King\\)"):
        d.check_value(value)


# -- the setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("args, words", [
    ((13, [13], 8, []), "two physicists are both K \\(King\\)"),
    ((13, [9, 9], 8, []), "two physicists are both 9 \\(Nine\\)"),
    ((13, [1, 2, 3, 4], 8, []), "4 collaborators, but at most 3"),
    ((13, [9], 8, range(1, 12)), "11 values known elsewhere, but at most 10"),
    ((14, [], 8, []), "the leader is 14"),
    ((13, [], 0, []), "the detector is 0"),
    ((13, [0], 8, []), "a collaborator is 0"),
    ((13, [], 8, [20]), "a value known elsewhere is 20"),
])
def test_bad_setups_get_clear_messages(args, words):
    with pytest.raises(ValueError, match=words):
        d.chances(*args)


def test_a_detector_may_share_a_physicists_value():
    assert d.check_setup(11, [], 11, []) == (11, (), 11, frozenset())  # a spade and a heart


def test_the_counts_match_the_deck():
    assert (d.RING, d.ROW, d.REMOVED) == (6, 5, 2) and d.RING + d.ROW + d.REMOVED == 13
    assert d.MAX_KNOWN == 10


# -- chances by hand --------------------------------------------------------------------------------
def test_rulebook_example_1_nothing_known():
    """King leads, 9 collaborates, detector 8: values 8..K are in range."""
    c = d.chances(13, [9], 8)
    assert (c["n"], c["in_range"], c["solved"]) == (13, 6, 0)
    assert c["p_in_range"] == Fraction(6, 13) and c["p_solved"] == 0
    # 8 and 9: X = 1 (the 9) -> 6 + 4; 10..K: X = 5 (only the King) -> 2 + 0
    assert c["leader"] == Fraction(2 * 6 + 4 * 2, 13)
    assert c["each"] == Fraction(2 * 4, 13)
    assert c["total"] == Fraction(2 * 10 + 4 * 2, 13)
    assert c["leader_if_in_range"] == Fraction(20, 6)
    rows = {r["value"]: r for r in d.possible_outcomes(13, [9], 8)}
    assert rows[8] == {"value": 8, "result": "in_range", "x": 1, "leader": 6, "each": 4, "total": 10}


def test_rulebook_example_2_solved_alone():
    """A Jack alone with a Jack detector: only a Jack is in range, and it is solved."""
    c = d.chances(11, [], 11)
    assert c["p_in_range"] == c["p_solved"] == Fraction(1, 13)
    assert c["leader"] == Fraction(10, 13)
    assert d.possible_outcomes(11, [], 11)[10] == {"value": 11, "result": "solved", "x": 0, "leader": 10,
                                                    "each": 0, "total": 10}


def test_rulebook_example_3_collaborator_closer():
    rows = {r["value"]: r for r in d.possible_outcomes(11, [2], 5)}
    assert rows[4] == {"value": 4, "result": "in_range", "x": 3, "leader": 4, "each": 2, "total": 6}


def test_the_notebooks_worked_numbers():
    c = d.chances(13, [], 8)  # King and 8 alone
    assert c["p_in_range"] == Fraction(6, 13) and c["leader"] == Fraction(30, 13)
    c = d.chances(13, [], 8, {2, 5, 11})  # three row cards seen
    assert (c["n"], c["in_range"], c["p_in_range"]) == (10, 5, Fraction(1, 2))
    assert d.chances(12, [], 9)["p_in_range"] == Fraction(4, 13)  # question 2
    assert d.chances(12, [], 9, {10, 3})["p_in_range"] == Fraction(3, 11)
    alone, team = d.chances(13, [], 3), d.chances(13, [4], 3)  # question 4
    assert alone["leader"] == 0 and team["leader"] == Fraction(12, 13)


def test_excluding_the_detectors_value_makes_solving_impossible():
    assert d.chances(7, [], 7)["p_solved"] == Fraction(1, 13)
    assert d.chances(7, [], 7, {7})["p_solved"] == 0


def test_every_value_known_but_one():
    c = d.chances(5, [], 9, [v for v in d.VALUES if v not in (1, 2, 7)])  # 10 known, 3 left
    assert c["n"] == 3 and c["p_in_range"] == Fraction(1, 3)


# -- chances against enumeration -----------------------------------------------------------------------
SETUPS = [(13, [9], 8), (11, [2], 5), (1, [], 13), (7, [6, 8], 7), (4, [12, 10, 3], 9)]


@pytest.mark.parametrize("leader, team, det", SETUPS)
@pytest.mark.parametrize("seen", [(), (9,), (2, 12), (13, 8, 1)])
def test_chance_in_range_matches_every_ordered_deal(leader, team, det, seen):
    """Enumerate every ordered deal of (problem, the row cards looked at): with a fair shuffle
    each is equally likely. Among the deals in which the row shows ``seen``, count how often
    the problem is in range, solved, and the tokens it pays."""
    hits = solved = tokens = deals = 0
    for problem, *row in itertools.permutations(d.VALUES, 1 + len(seen)):
        if tuple(row) != seen:
            continue
        deals += 1
        physicists = [leader, *team]
        hits += gap(problem, physicists, det) is not None
        solved += is_exact(problem, physicists, det)
        tokens += outcome(problem, leader, team, det)["leader"]
    c = d.chances(leader, team, det, seen)
    assert c["p_in_range"] == Fraction(hits, deals)
    assert c["p_solved"] == Fraction(solved, deals)
    assert c["leader"] == Fraction(tokens, deals)


@pytest.mark.parametrize("leader, team, det", SETUPS)
@pytest.mark.parametrize("known", [(), (3,), (8, 9, 10, 11)])
def test_a_look_keeps_the_average_and_matches_enumeration(leader, team, det, known):
    c = d.chances(leader, team, det, known)
    branches = d.verification_outcomes(leader, team, det, known)
    assert sum(b["probability"] for b in branches) == 1
    assert sum(b["probability"] * b["p_in_range_after"] for b in branches) == c["p_in_range"]
    # the same by looking at every value the unseen card could show
    possible = d.candidates(known)
    for b in branches:
        shows = [v for v in possible
                 if (gap(v, [leader, *team], det) is not None) == (b["sees"] == "in_range")]
        assert b["probability"] == Fraction(len(shows), len(possible))
        assert all(d.chances(leader, team, det, {*known, v})["p_in_range"] == b["p_in_range_after"]
                   for v in shows)


def test_a_look_sharpens():
    falls, rises = d.verification_outcomes(13, [], 8)
    assert falls == {"sees": "in_range", "probability": Fraction(6, 13), "p_in_range_after": Fraction(5, 12)}
    assert rises == {"sees": "out_of_range", "probability": Fraction(7, 13), "p_in_range_after": Fraction(1, 2)}


def test_nothing_to_learn():
    assert d.verification_outcomes(13, [], 8, range(1, 11)) == []  # all 10 seen: no unseen card
    only = d.verification_outcomes(13, [], 1)  # everything is in range: a look cannot change it
    assert only == [{"sees": "in_range", "probability": 1, "p_in_range_after": 1}]


# -- credit -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("x, c, leader, each, total, solo", [
    (0, 0, 10, 0, 10, 10), (0, 1, 7, 5, 12, 10), (0, 2, 7, 5, 17, 10), (0, 3, 7, 5, 22, 10),
    (1, 1, 6, 4, 10, 9), (3, 2, 4, 2, 8, 7), (4, 2, 3, 1, 5, 6), (6, 3, 1, 0, 1, 4), (8, 2, 0, 0, 0, 2),
    (11, 0, 0, 0, 0, 0),
])
def test_split(x, c, leader, each, total, solo):
    s = d.split(x, c)
    assert (s["leader"], s["each"], s["total"], s["solo"], s["gain"]) == (leader, each, total, solo, total - solo)


def test_a_collaboration_of_three_beats_one_group_exactly_when_x_is_at_most_3():
    """7 - X + 2(5 - X) = 17 - 3X > 10 - X  <=>  X <= 3 (and never below 0)."""
    assert [x for x in range(13) if d.split(x, 2)["gain"] > 0] == [0, 1, 2, 3]
    assert [x for x in range(13) if d.split(x, 1)["gain"] > 0] == [0, 1]
    assert all(d.split(x, c)["leader"] == d.split(x, 0)["leader"] - 3 for x in range(8) for c in (1, 2, 3))


def test_credit_table_agrees_with_the_rules_payout():
    rows = d.credit_table(7)
    assert len(rows) == 8 * 4
    for row in rows:
        assert (row["leader"], row["each"]) == payout(row["x"], row["collaborators"])


@pytest.mark.parametrize("x, c", [(-1, 0), (13, 1), (1.5, 0), (True, 1), (2, 4), (2, -1), (2, "two")])
def test_split_refuses_bad_input(x, c):
    with pytest.raises(ValueError, match="whole number"):
        d.split(x, c)


# -- the practice deal ---------------------------------------------------------------------------------
def test_deal_is_a_fair_seeded_shuffle():
    table = d.deal(7)
    assert sorted(table["ring"] + table["row"] + table["removed"]) == list(d.VALUES)
    assert (len(table["ring"]), len(table["row"]), len(table["removed"])) == (6, 5, 2)
    assert d.deal(7) == table and d.deal(8) != table
    firsts = {d.deal(s)["ring"][0] for s in range(300)}
    assert firsts == set(d.VALUES)  # every value turns up as the problem


# -- real particles -------------------------------------------------------------------------------------
def record(name):
    return next(r for r in d.pdg_particles() if r["name"] == name)


@pytest.mark.parametrize("name, pdg_mev", [
    ("J/psi(1S)", 3096.9), ("Upsilon(1S)", 9460.4), ("Z0", 91187.6), ("p", 938.272), ("pi+", 139.570),
])
def test_masses_agree_with_pdg(name, pdg_mev):
    """The PDG values (Review of Particle Physics), against the particle package's own table."""
    r = record(name)
    p = Particle.findall(name=name)[0]
    assert r["mass_mev"] == p.mass
    assert abs(r["mass_mev"] - pdg_mev) <= max(r["mass_err_mev"], 0.001)  # within the quoted uncertainty


@pytest.mark.parametrize("low, high, names", [
    (3090, 3105, {"J/psi(1S)"}),
    (9450, 9470, {"Upsilon(1S)"}),
    (89000, 93500, {"Z0"}),
    (935, 942, {"p", "n"}),  # the proton is a "nucleus" to PDGID.is_nucleus: it must not be lost
    (12000, 80000, set()),
])
def test_windows(low, high, names):
    assert {r["name"] for r in d.window_particles(low, high)} == names


def test_window_ends_are_included_like_the_game():
    jpsi = record("J/psi(1S)")["mass_mev"]
    assert [r["name"] for r in d.window_particles(jpsi, jpsi + 1)] == ["J/psi(1S)"]
    assert [r["name"] for r in d.window_particles(jpsi - 1, jpsi)] == ["J/psi(1S)"]


def test_the_table_holds_particles_not_quarks_or_antiparticles():
    records = d.pdg_particles()
    names = {r["name"] for r in records}
    assert {"e-", "mu-", "gamma", "W+", "Z0", "H0", "pi+", "K+", "p", "n", "Lambda"} <= names
    assert not names & {"u", "d", "s", "c", "b", "t", "g", "p~", "e+", "pi-"}
    assert all(r["pdgid"] > 0 and r["kind"] in d.KINDS for r in records)
    masses = [r["mass_mev"] for r in records]
    assert masses == sorted(masses)
    assert len({r["pdgid"] for r in records}) == len(records)


def test_kinds_filter():
    assert {r["name"] for r in d.window_particles(0, 200, ["lepton", "boson"])} == {"gamma", "e-", "mu-"}
    assert all(r["kind"] == "baryon" for r in d.window_particles(0, 5000, ["baryon"]))
    with pytest.raises(ValueError, match="no kind of particle called quark"):
        d.window_particles(0, 100, ["quark"])


def test_narrow_windows_catch_less():
    rows = d.window_tradeoff(3097.0, [1, 10, 100, 1000, 10000])
    counts = [r["count"] for r in rows]
    assert counts == sorted(counts) and counts[0] == 1 and counts[-1] > 100
    assert rows[-1]["low"] == 0.0  # cut at zero


@pytest.mark.parametrize("low, high, words", [
    (3200, 3000, "must be below the high end"),
    (3000, 3000, "must be below the high end"),
    (-5, 100, "the low end is -5 MeV"),
    (0, 2e6, "the high end is 2e\\+06 MeV"),
    ("a", 100, "must be a number of MeV"),
    (float("nan"), 100, "must be a number of MeV"),
    (None, 100, "must be a number of MeV"),
])
def test_bad_windows(low, high, words):
    with pytest.raises(ValueError, match=words):
        d.window_particles(low, high)
