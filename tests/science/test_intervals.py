"""The Wilson interval: honest at 0 % and 100 %, and it covers as often as it promises."""
import random

import pytest

from btlgames.science.intervals import percent, wilson


def test_zero_and_all_are_never_certain():
    low, high = wilson(0, 10)
    assert low == 0 and 0.27 < high < 0.29
    low, high = wilson(10, 10)
    assert 0.71 < low < 0.73 and high == pytest.approx(1)
    assert percent(0, 10) == "0.0% (0.0%–27.8%)"
    assert percent(2000, 2000) == "100.0% (99.8%–100.0%)"


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
