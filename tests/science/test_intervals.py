"""The Wilson interval and Newcombe's difference of two rates: honest at 0 % and 100 %, and they
cover as often as they promise; the t interval of a mean and Welch's of a difference of means, which
say nothing rather than a width of zero."""
import random

import pytest

from btlgames.science.intervals import mean_difference, mean_interval, newcombe, percent, t_quantile, wilson


def test_zero_and_all_are_never_certain():
    low, high = wilson(0, 10)
    assert low == 0 and 0.27 < high < 0.29
    low, high = wilson(10, 10)
    assert 0.71 < low < 0.73 and high == pytest.approx(1)
    assert percent(0, 10) == "0.0% (0.0%–27.8%)"
    assert percent(2000, 2000) == "100.0% (99.8%–100.0%)"


def test_zero_and_all_are_exact_at_their_end():
    # the rate itself is an end of its interval: never beyond it by a rounding error (a plot's error
    # bar, rate - low, refused the 0 of 3 games whose low end came out as 5.6e-17)
    for n in range(1, 400):
        assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0, n


def test_known_value_and_narrowing():
    low, high = wilson(6, 10)
    assert (round(low, 3), round(high, 3)) == (0.313, 0.832)  # the textbook Wilson interval
    wide, narrow = wilson(60, 100), wilson(600, 1000)
    assert narrow[1] - narrow[0] < wide[1] - wide[0] < high - low


def test_bad_counts_are_refused():
    with pytest.raises(ValueError):
        wilson(11, 10)
    assert wilson(0, 0) == (0.0, 1.0)


def test_coverage_is_near_95_percent():
    rng = random.Random(1)
    hits = 0
    for _ in range(2000):
        k = sum(rng.random() < 0.3 for _ in range(20))
        low, high = wilson(k, 20)
        hits += low <= 0.3 <= high
    assert 0.92 < hits / 2000 < 0.98


@pytest.mark.parametrize("counts, expected", [
    ((56, 70, 48, 80), (0.0524, 0.3339)),  # Newcombe (1998), table II, method 10: his examples
    ((9, 10, 3, 10), (0.1705, 0.8090)),
    ((5, 56, 0, 29), (-0.0381, 0.1926)),
    ((0, 10, 0, 20), (-0.1611, 0.2775)),  # 0 of n against 0 of n
    ((0, 10, 0, 10), (-0.2775, 0.2775)),
    ((10, 10, 0, 20), (0.6791, 1.0)),  # n of n against 0 of n
    ((10, 10, 0, 10), (0.6075, 1.0)),
])
def test_newcombe_matches_the_published_examples(counts, expected):
    assert tuple(round(x, 4) for x in newcombe(*counts)) == expected


def test_newcombe_at_the_edges_keeps_a_width_and_stays_in_range():
    for k1, n1, k2, n2 in [(0, 50, 0, 50), (50, 50, 50, 50), (0, 1, 1, 1), (0, 0, 3, 7)]:
        low, high = newcombe(k1, n1, k2, n2)
        diff = (k1 / n1 if n1 else 0.5) - k2 / n2
        assert -1 <= low < high <= 1 and low <= diff <= high
    assert newcombe(50, 50, 50, 50)[0] < 0 < newcombe(50, 50, 50, 50)[1]  # same all-wins: cannot tell
    low, high = newcombe(3, 9, 7, 11)
    assert newcombe(7, 11, 3, 9) == pytest.approx((-high, -low))  # swapping the samples flips the sign
    with pytest.raises(ValueError):
        newcombe(5, 4, 1, 4)


def test_newcombe_coverage_is_near_95_percent():
    rng = random.Random(2)
    hits = 0
    for _ in range(2000):
        k1 = sum(rng.random() < 0.4 for _ in range(30))
        k2 = sum(rng.random() < 0.25 for _ in range(40))
        low, high = newcombe(k1, 30, k2, 40)
        hits += low <= 0.15 <= high
    assert 0.92 < hits / 2000 < 0.98


@pytest.mark.parametrize("df, expected", [(1, 12.7062), (2, 4.3027), (5, 2.5706), (9, 2.2622), (30, 2.0423),
                                          (1000, 1.9623)])
def test_t_quantiles_match_the_printed_tables(df, expected):
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=1e-4)


def test_a_mean_interval_says_nothing_rather_than_claim_certainty():
    assert mean_interval([]) is None and mean_interval([3]) is None
    assert mean_interval([5, 5, 5, 5]) is None, "every value alike: no interval of width zero"
    low, high = mean_interval([1, 2, 3, 4])  # mean 2.5, s = 1.29, t(3) = 3.182: 2.5 ± 2.054
    assert low == pytest.approx(0.4457, abs=1e-3) and high == pytest.approx(4.5543, abs=1e-3)


def test_a_mean_interval_covers_the_true_mean_about_95_times_in_100():
    rng = random.Random(5)
    hits = 0
    for _ in range(2000):
        sample = [rng.choice((0, 0, 1, 10)) for _ in range(30)]  # a skewed quantity, mean 2.75
        band = mean_interval(sample)
        hits += band is not None and band[0] <= 2.75 <= band[1]
    assert 0.90 <= hits / 2000 <= 0.97


def test_a_difference_of_means_matches_welchs_published_example():
    # Student's sleep data (Cushny and Peebles, the extra hours of sleep of 10 patients on each of two
    # drugs), as R prints it: t.test(extra ~ group, data = sleep) gives the Welch interval
    # -3.3654832 to 0.2054832 for the first drug's mean minus the second's (df 17.776)
    first = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
    second = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]
    low, high = mean_difference(first, second)
    assert low == pytest.approx(-3.3654832, abs=1e-6) and high == pytest.approx(0.2054832, abs=1e-6)
    low, high = mean_difference(second, first)
    assert low == pytest.approx(-0.2054832, abs=1e-6) and high == pytest.approx(3.3654832, abs=1e-6)


def test_a_difference_of_means_says_nothing_rather_than_claim_certainty():
    assert mean_difference([1], [1, 2, 3]) is None and mean_difference([], []) is None
    assert mean_difference([2, 2, 2], [5, 5]) is None, "every value alike in both: no interval of width zero"
    low, high = mean_difference([0, 0, 0, 0], [1, 2, 3, 4])  # one sample alike: the other's spread alone
    assert (low, high) == pytest.approx(tuple(-x for x in reversed(mean_interval([1, 2, 3, 4]))))


@pytest.mark.slow
def test_a_difference_of_means_covers_the_true_difference_about_95_times_in_100():
    rng = random.Random(11)
    hits = 0
    for _ in range(2000):
        first = [rng.choice((0, 0, 1, 10)) for _ in range(30)]  # mean 2.75
        second = [rng.choice((0, 1, 2)) for _ in range(50)]  # mean 1, a smaller spread
        band = mean_difference(first, second)
        hits += band is not None and band[0] <= 1.75 <= band[1]
    assert 0.92 <= hits / 2000 <= 0.975
