"""The PPV model (btlgames.science.ppv): Ioannidis (2005), replication, re-analysis, many labs, the game's dice.

Every number below was computed from the formulas, not copied: Ioannidis's Table 4 prints
rounded values, and the tests check that our unrounded values round to them.
"""
import itertools
import math
from fractions import Fraction

import pytest

from btlgames.science import ppv as m


# -- one study: Ioannidis (2005) -----------------------------------------------------------------
@pytest.mark.parametrize("power, odds, bias, printed, key", m.TABLE_4)
def test_table_4_rounds_to_the_printed_values(power, odds, bias, printed, key):
    value = m.ppv(power, odds, 0.05, bias)
    digits = 2 if printed >= 0.1 else 4  # the table prints 0.85 but 0.0010
    assert round(value, digits) == pytest.approx(printed), key


@pytest.mark.parametrize("power, odds, bias, exact", [
    (0.80, 1.0, 0.10, 0.82 / 0.965),  # 0.8497: adequately powered RCT with little bias
    (0.95, 2.0, 0.30, 1.93 / 2.265),  # 0.8521: confirmatory meta-analysis of good-quality RCTs
    (0.20, 1 / 5, 0.20, 0.072 / 0.312),  # 0.2308: underpowered phase I/II RCT
    (0.20, 1 / 1000, 0.80, 0.00084 / 0.81084),  # 0.00104: discovery-oriented research, massive testing
])
def test_table_4_by_hand(power, odds, bias, exact):
    # numerator (1 − β)R + uβR and denominator R + α − βR + u − uα + uβR worked out by hand
    assert m.ppv(power, odds, 0.05, bias) == pytest.approx(exact, rel=1e-12)


def test_without_bias_the_simple_formula():
    for power, odds, alpha in itertools.product((0.2, 0.5, 0.8, 1.0), (0.001, 0.1, 1.0, 4.0), (0.05, 0.001)):
        beta = 1 - power
        simple = (1 - beta) * odds / (odds - beta * odds + alpha)
        assert m.ppv(power, odds, alpha) == pytest.approx(simple, rel=1e-12)
    assert m.ppv(0.8, 1.0, 0.05) == pytest.approx(0.8 / 0.85)  # 0.9412


def test_full_bias_or_a_useless_test_leaves_the_prior():
    assert m.ppv(0.8, 0.25, 0.05, bias=1.0) == pytest.approx(m.prior(0.25)) == pytest.approx(0.2)
    assert m.ppv(0.05, 0.25, 0.05) == pytest.approx(0.2)  # power = α: a positive says nothing


def test_more_bias_lowers_the_ppv_and_more_power_raises_it():
    by_bias = [m.ppv(0.8, 0.25, 0.05, u) for u in (0, 0.1, 0.3, 0.6)]
    assert by_bias == sorted(by_bias, reverse=True)
    by_power = [m.ppv(p, 0.25, 0.05, 0.2) for p in (0.2, 0.5, 0.8, 0.95)]
    assert by_power == sorted(by_power)


def test_frequencies_are_the_2x2_table():
    f = m.frequencies(0.8, 0.25, 0.05, 0.2, hypotheses=1000)
    assert (f["true"], f["false"]) == pytest.approx((200, 800))
    assert f["true_found"] == pytest.approx(160) and f["true_biased"] == pytest.approx(8)
    assert f["false_chance"] == pytest.approx(40) and f["false_biased"] == pytest.approx(152)
    claims = f["true_found"] + f["true_biased"] + f["false_chance"] + f["false_biased"]
    assert (f["true_found"] + f["true_biased"]) / claims == pytest.approx(m.ppv(0.8, 0.25, 0.05, 0.2))


# -- several studies ----------------------------------------------------------------------------------
def test_any_of_n_teams_is_ioannidis_formula_and_falls_with_n():
    for power, odds, alpha, n in itertools.product((0.2, 0.8), (0.01, 0.5, 2.0), (0.05, 0.01), (1, 2, 5, 10)):
        beta = 1 - power
        printed = odds * (1 - beta ** n) / (odds + 1 - (1 - alpha) ** n - odds * beta ** n)
        assert m.ppv_any_of_n(power, odds, alpha, n) == pytest.approx(printed, rel=1e-12)
    assert m.ppv_any_of_n(0.8, 1.0, 0.05, 10) == pytest.approx((1 - 0.2 ** 10) / (2 - 0.95 ** 10 - 0.2 ** 10))  # 0.7136
    falling = [m.ppv_any_of_n(0.8, 0.25, 0.05, n) for n in range(1, 8)]
    assert falling == sorted(falling, reverse=True)  # corollary 6: more teams, less likely true
    assert m.ppv_any_of_n(0.8, 0.25, 0.05, 1, 0.3) == pytest.approx(m.ppv(0.8, 0.25, 0.05, 0.3))


def test_all_k_replications_positive():
    assert m.ppv_replicated(0.8, 1.0, 0.05, 1) == pytest.approx(m.ppv(0.8, 1.0, 0.05))
    assert m.ppv_replicated(0.8, 1.0, 0.05, 2) == pytest.approx(0.64 / (0.64 + 0.0025))  # 0.9961
    for power, odds, alpha, k in itertools.product((0.2, 0.8), (0.001, 0.2, 3.0), (0.05, 0.005), (1, 2, 3, 4)):
        bayes = odds * power ** k / (odds * power ** k + alpha ** k)
        assert m.ppv_replicated(power, odds, alpha, k) == pytest.approx(bayes, rel=1e-12)
    # with bias every study is positive with (1 − β) + uβ if true and α + u(1 − α) if false
    assert m.ppv_replicated(0.5, 0.25, 0.05, 2, 0.2) == pytest.approx(0.25 * 0.6 ** 2 / (0.25 * 0.6 ** 2 + 0.24 ** 2))
    rising = [m.ppv_replicated(0.2, 0.001, 0.05, k, 0.2) for k in range(1, 6)]
    assert rising == sorted(rising)


def test_a_reanalysis_adds_less_than_a_replication():
    args = (0.8, 0.1, 0.05, 0.2)
    single, replicated = m.ppv(*args), m.ppv_replicated(*args[:3], 2, args[3])
    assert m.ppv_reanalysed(*args, rho=0.0) == pytest.approx(replicated)  # uncorrelated = independent
    assert m.ppv_reanalysed(*args, rho=1.0) == pytest.approx(single)  # fully shared = nothing new
    by_rho = [m.ppv_reanalysed(*args, rho=r) for r in (0.0, 0.3, 0.6, 0.9, 1.0)]
    assert by_rho == sorted(by_rho, reverse=True)
    assert single < m.ppv_reanalysed(*args, rho=0.8) < replicated
    # p(ρ + (1 − ρ)p), worked out: true p = 0.84, false p = 0.24, ρ = 0.8
    both_true, both_false = 0.84 * (0.8 + 0.2 * 0.84), 0.24 * (0.8 + 0.2 * 0.24)
    assert m.ppv_reanalysed(*args, rho=0.8) == pytest.approx(0.1 * both_true / (0.1 * both_true + both_false))


def test_both_positive_has_correlation_rho():
    for p, rho in itertools.product((0.05, 0.3, 0.8), (0.0, 0.4, 1.0)):
        both = m.both_positive(p, rho)
        correlation = (both - p * p) / (p * (1 - p))  # phi coefficient of two Bernoulli(p) results
        assert correlation == pytest.approx(rho)


def test_odds_factors():
    assert m.odds_factor(0.8, 0.05) == pytest.approx(16)
    assert m.odds_factor(0.8, 0.05, rho=0.0, second=True) == pytest.approx(16)
    assert m.odds_factor(0.8, 0.05, rho=1.0, second=True) == pytest.approx(1)
    assert m.odds_factor(0.8, 0.05, rho=0.8, second=True) == pytest.approx(0.96 / 0.81)


# -- odds ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, odds", [("1:20", 0.05), ("3:1", 3.0), (" 1 : 1000 ", 0.001), ("0.25", 0.25),
                                        ("1:2.5", 0.4), (".5:1", 0.5)])
def test_parse_odds(text, odds):
    assert m.parse_odds(text) == pytest.approx(odds)


@pytest.mark.parametrize("text, words", [
    ("", "type odds like 1:20"),
    ("abc", "abc: write odds as two numbers with a colon"),
    ("1:2:3", "write odds as two numbers"),
    ("-1:5", "write odds as two numbers"),
    ("1,000", "without commas"),
    ("0:5", "neither side of the odds can be 0"),
    ("1:0", "neither side of the odds can be 0"),
    ("1:100000000", "between 1:1000000 and 1000000:1"),
])
def test_parse_odds_says_what_is_wrong(text, words):
    with pytest.raises(ValueError) as err:
        m.parse_odds(text)
    assert words in str(err.value)


def test_format_odds():
    assert [m.format_odds(x) for x in (0.001, 1 / 300, 1 / 3, 0.5, 1.0, 2.0, 10.0, 0.05)] == \
        ["1:1000", "1:300", "1:3", "1:2", "1:1", "2:1", "10:1", "1:20"]
    assert m.prior(0.25) == pytest.approx(0.2) and m.prior(1.0) == 0.5


def test_sigma_levels():
    assert m.SIGMA_5 == pytest.approx(2.8665e-7, rel=1e-4)
    assert m.SIGMA_3 == pytest.approx(0.0013499, rel=1e-4)


@pytest.mark.parametrize("call, words", [
    (lambda: m.ppv(0, 1), "power must be a number above 0 and at most 1, not 0"),
    (lambda: m.ppv(1.2, 1), "power must be"),
    (lambda: m.ppv(0.8, 0), "pre-study odds must be a number above 0"),
    (lambda: m.ppv(0.8, -1), "pre-study odds must be"),
    (lambda: m.ppv(0.8, 1, 0), "α must be a number between 0 and 1, not 0"),
    (lambda: m.ppv(0.8, 1, 1.0), "α must be"),
    (lambda: m.ppv(0.8, 1, 0.05, -0.1), "bias u must be a number from 0 to 1"),
    (lambda: m.ppv(0.8, 1, 0.05, float("nan")), "bias u must be"),
    (lambda: m.ppv(True, 1), "power must be"),
    (lambda: m.ppv("0.8", 1), "power must be"),
    (lambda: m.ppv_replicated(0.8, 1, 0.05, 0), "k must be a whole number, 1 or more, not 0"),
    (lambda: m.ppv_replicated(0.8, 1, 0.05, 1.5), "k must be a whole number"),
    (lambda: m.ppv_any_of_n(0.8, 1, 0.05, -2), "n must be a whole number"),
    (lambda: m.ppv_reanalysed(0.8, 1, 0.05, 0, 1.5), "the correlation ρ must be a number from 0 to 1"),
])
def test_bad_parameters_get_clear_messages(call, words):
    with pytest.raises(ValueError) as err:
        call()
    assert words in str(err.value)


# -- many labs ------------------------------------------------------------------------------------------
def test_simulated_shares_agree_with_the_formulas_within_sampling_error():
    world = m.Labs(labs=60_000, odds=0.25, power=0.6, alpha=0.05, hyped_share=0.3, hyped_bias=0.5, rho=0.7)
    result = m.simulate_labs(world, seed=2024)
    expected = world.expected()
    for stage in m.STAGES:
        tally = result.tallies[stage]
        assert tally.claims > 3000, stage
        assert abs(tally.share_true - expected[stage]) < 4 * tally.standard_error, stage
    # the truth itself: a binomial count of true hypotheses
    p = m.prior(world.odds)
    assert abs(result.true_hypotheses - p * world.labs) < 4 * math.sqrt(world.labs * p * (1 - p))
    # replication helps far more than re-analysis, in the formulas and in the run
    assert expected["single"] < expected["reanalysis"] < expected["replication"]
    shares = [result.tallies[s].share_true for s in m.STAGES]
    assert shares == sorted(shares)


def test_expected_for_a_world_without_hype_is_the_plain_formula():
    world = m.Labs(odds=0.1, power=0.8, alpha=0.05, hyped_share=0.0, hyped_bias=0.9, rho=0.5)
    e = world.expected()
    assert world.bias == 0
    assert e["single"] == pytest.approx(m.ppv(0.8, 0.1, 0.05))
    assert e["replication"] == pytest.approx(m.ppv_replicated(0.8, 0.1, 0.05, 2))
    assert e["reanalysis"] == pytest.approx(m.ppv_reanalysed(0.8, 0.1, 0.05, 0.0, 0.5))
    # everyone hyped: the re-analysis has one bias for every lab
    world = m.Labs(odds=0.1, power=0.8, alpha=0.05, hyped_share=1.0, hyped_bias=0.3, rho=0.5)
    assert world.expected()["reanalysis"] == pytest.approx(m.ppv_reanalysed(0.8, 0.1, 0.05, 0.3, 0.5))
    assert world.expected()["single"] == pytest.approx(m.ppv(0.8, 0.1, 0.05, 0.3))


def test_same_seed_same_run_and_progress_is_reported():
    world = m.Labs(labs=3000)
    calls = []
    a = m.simulate_labs(world, seed=7, progress=lambda done, total: calls.append((done, total)))
    b = m.simulate_labs(world, seed=7)
    c = m.simulate_labs(world, seed=8)
    assert a.tallies == b.tallies and a.trace == b.trace and a.true_hypotheses == b.true_hypotheses
    assert a.tallies != c.tallies
    assert calls[-1] == (3000, 3000) and 40 <= len(calls) <= 52
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    labs = [n for n, _ in a.trace]
    assert labs == sorted(set(labs)) and labs[0] == 1 and labs[-1] == 3000


def test_hyped_labs_make_the_extra_false_discoveries():
    honest = m.simulate_labs(m.Labs(labs=20_000, hyped_share=0.0), seed=3)
    hyped = m.simulate_labs(m.Labs(labs=20_000, hyped_share=0.5, hyped_bias=0.6), seed=3)
    assert honest.false_from_hyped == 0
    assert hyped.tallies["single"].false > 3 * honest.tallies["single"].false
    assert hyped.false_from_hyped > hyped.tallies["single"].false / 2


@pytest.mark.parametrize("world, words", [
    (m.Labs(labs=0), "labs must be a whole number, 1 or more"),
    (m.Labs(labs=10.5), "labs must be a whole number"),
    (m.Labs(hyped_share=1.5), "the share of hyped labs must be a number from 0 to 1"),
    (m.Labs(hyped_bias=-0.5), "bias u must be"),
    (m.Labs(rho=2), "the correlation ρ must be"),
    (m.Labs(power=0), "power must be"),
])
def test_bad_worlds_get_clear_messages(world, words):
    with pytest.raises(ValueError) as err:
        m.simulate_labs(world)
    assert words in str(err.value)


def test_bad_seed():
    with pytest.raises(ValueError, match="the seed must be a whole number, 0 or more, not -1"):
        m.simulate_labs(m.Labs(labs=10), seed=-1)


# -- the game's test roll ----------------------------------------------------------------------------------
def test_success_chance_counts_faces():
    assert m.success_chance(4, 0) == Fraction(1, 2)  # 4, 5, 6
    assert m.success_chance(4, 1) == Fraction(2, 3)
    assert m.success_chance(6, 0) == Fraction(1, 6)
    assert m.success_chance(7, 0) == 0
    assert m.success_chance(7, 1) == Fraction(1, 6)
    assert m.success_chance(2, 3) == 1
    assert m.success_chance(5, -3) == 0
    for (d, mod), p in m.dice_table().items():
        assert p == Fraction(min(6, max(0, 7 - d + mod)), 6)  # closed form: clamp((7 − d + m) / 6)
    assert len(m.dice_table()) == 9 * 7


def test_bonus_is_capped_at_three_and_noise_subtracts():
    assert m.roll_bonus(1, 2) == 1  # ⌊2/4⌋ = 0
    assert m.roll_bonus(1, 4) == 2
    assert m.roll_bonus(2, 8, 1) == 3  # 2 + 2 + 1 = 5, capped at +3
    assert m.roll_bonus(0, 12) == 3
    assert m.roll_bonus(1, 4, 0, extra=1) == 3  # Insight, a discovery or a method count towards the cap
    assert m.roll_bonus(2, 4, 1, extra=2) == 3
    assert m.net_modifier(2, 8, 1, noise=3) == 0
    assert m.net_modifier(0, 0, 0, noise=3) == -3


def test_difficulty_adds_what_the_project_adds():
    assert m.roll_difficulty(4) == 4
    assert m.roll_difficulty(4, "same_field") == 5
    assert m.roll_difficulty(4, "other_field") == 7
    assert m.roll_difficulty(4, "other_field_hit") == 5
    assert m.roll_difficulty(4, "named", metascience=True) == 5  # +1 even for the named project
    assert m.roll_difficulty(4, "same_field", metascience=True) == 6
    assert m.roll_difficulty(5, "other_field", wormhole=True) == 9
    assert m.success_chance(m.roll_difficulty(5, "other_field", wormhole=True), m.net_modifier(2, 4, 0)) == Fraction(1, 6)
    assert m.success_chance(m.roll_difficulty(5, "other_field", wormhole=True), m.net_modifier(2, 4, 0, noise=1)) == 0


def test_artefact_when_hype_is_more_than_one_above_rigor():
    assert m.is_artefact(3, 1)
    assert not m.is_artefact(2, 1)
    assert not m.is_artefact(0, 0)
    assert m.is_artefact(2, 0)


@pytest.mark.parametrize("call, words", [
    (lambda: m.roll_bonus(3, 0), "technique must be a whole number from 0 to 2, not 3"),
    (lambda: m.roll_bonus(0, -1), "rigor must be a whole number"),
    (lambda: m.roll_bonus(0, 0, 2), "map must be a whole number from 0 to 1"),
    (lambda: m.net_modifier(0, 0, 0, 4), "noise must be a whole number from 0 to 3, not 4"),
    (lambda: m.roll_bonus(0, 0, 0, 4), "extra must be a whole number from 0 to 3, not 4"),
    (lambda: m.roll_difficulty(4, "metascience"), "'metascience' is not a kind of project"),
    (lambda: m.roll_difficulty(4, "lab"), "'lab' is not a kind of project"),
    (lambda: m.roll_difficulty(0), "a theory card's difficulty is a whole number from 1 to 6"),
])
def test_bad_dice_values_get_clear_messages(call, words):
    with pytest.raises(ValueError) as err:
        call()
    assert words in str(err.value)
