"""Honest uncertainty for a rate measured by counting: k successes in n trials.

The Wilson score interval stays inside 0..1 and never collapses to a width of zero, so
0 wins in 10 games reads "0 % (0 %–28 %)", never "0.0 % ± 0.0 %" (the normal-approximation
interval does that). It covers the true rate about as often as it promises for n as small as 10.

A mean of a measured quantity (an average score) gets Student's t interval (``mean_interval``),
which says nothing rather than a width of zero when every value in the sample is the same; the
difference of two such means, from independent samples, gets Welch's interval (``mean_difference``).
"""
from __future__ import annotations

import math
from functools import lru_cache

Z95 = 1.959963984540054  # two-sided 95 %


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for k successes in n trials (95 % by default)."""
    if n <= 0:
        return 0.0, 1.0  # nothing measured: any rate is possible
    if not 0 <= k <= n:
        raise ValueError(f"{k} successes cannot come from {n} trials")
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # at 0 of n the low end is exactly 0, at n of n the high end exactly 1 (rounding left 1e-17 or
    # 0.9999999999999999 there: an end beyond the rate itself, which a plot's error bar refuses)
    return (0.0 if k == 0 else max(0.0, centre - half)), (1.0 if k == n else min(1.0, centre + half))


def percent(k: int, n: int) -> str:
    """"60.0% (31.3%–83.2%)": the rate and its 95 % interval, in words for a table. One decimal,
    so that 2000 wins in 2000 reads "100.0% (99.8%–100.0%)", never a collapsed "100% (100%–100%)"."""
    low, high = wilson(k, n)
    rate = k / n if n else 0.0
    return f"{rate:.1%} ({low:.1%}–{high:.1%})"


def newcombe(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> tuple[float, float]:
    """The 95 % interval of the difference of two rates, k1/n1 - k2/n2, from independent samples.

    Newcombe's hybrid score interval (his method 10, Statistics in Medicine 1998) joins the two
    Wilson intervals, so like them it stays inside -1..1 and keeps a width at 0 of n and n of n.
    """
    low1, high1 = wilson(k1, n1, z)
    low2, high2 = wilson(k2, n2, z)
    p1 = k1 / n1 if n1 > 0 else 0.5  # nothing measured: the Wilson interval is 0..1, centred here
    p2 = k2 / n2 if n2 > 0 else 0.5
    diff = p1 - p2
    low = diff - math.sqrt((p1 - low1) ** 2 + (high2 - p2) ** 2)
    high = diff + math.sqrt((high1 - p1) ** 2 + (p2 - low2) ** 2)
    return max(-1.0, low), min(1.0, high)


def _incomplete_beta(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued fraction (Lentz)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x > (a + 1) / (a + b + 2):  # the fraction converges fast on this side only
        return 1.0 - _incomplete_beta(1 - x, b, a)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x)) / a
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return front * h


@lru_cache(maxsize=None)
def t_quantile(p: float, df: float) -> float:
    """Student's t quantile: the t with P(T <= t) = p for ``df`` degrees of freedom (p >= 0.5; ``df``
    need not be whole: Welch's interval has fractional degrees of freedom)."""
    def cdf(t: float) -> float:
        return 1 - 0.5 * _incomplete_beta(df / (df + t * t), df / 2, 0.5)
    low, high = 0.0, 1.0
    while cdf(high) < p:
        high *= 2
    for _ in range(60):  # to about 1e-17 of the bracket
        mid = (low + high) / 2
        low, high = (mid, high) if cdf(mid) < p else (low, mid)
    return (low + high) / 2


def mean_interval(values) -> tuple[float, float] | None:
    """The 95 % interval of the mean of a measured quantity (a score, a difference of scores),
    by Student's t: the mean ± t × s / √n. None when the sample cannot say how far off its mean
    may be: fewer than two values, or all of them equal (an interval of width zero would claim a
    certainty that the sample does not give)."""
    n, mean, spread = _mean_and_spread(values)
    if n < 2 or spread == 0:
        return None
    half = t_quantile(0.975, n - 1) * math.sqrt(spread / n)
    return mean - half, mean + half


def _mean_and_spread(values) -> tuple[int, float, float]:
    """(n, mean, sample variance) of the values (variance 0 for fewer than two)."""
    values = list(values)
    n = len(values)
    mean = sum(values) / n if n else 0.0
    return n, mean, (sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0)


def mean_difference(first, second) -> tuple[float, float] | None:
    """The 95 % interval of mean(first) - mean(second), from independent samples, by Welch's t
    (the two spreads need not be equal; Welch-Satterthwaite degrees of freedom). None when the
    samples cannot say how far off the difference may be: either has fewer than two values, or
    every value in both is alike (as :func:`mean_interval`, never a width of zero)."""
    n1, mean1, var1 = _mean_and_spread(first)
    n2, mean2, var2 = _mean_and_spread(second)
    if n1 < 2 or n2 < 2 or var1 == var2 == 0:
        return None
    a, b = var1 / n1, var2 / n2
    df = (a + b) ** 2 / (a * a / (n1 - 1) + b * b / (n2 - 1))
    half = t_quantile(0.975, df) * math.sqrt(a + b)
    diff = mean1 - mean2
    return diff - half, diff + half
