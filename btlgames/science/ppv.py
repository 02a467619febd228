"""How likely is a claimed discovery to be true? The positive predictive value (PPV) and replication.

The model is Ioannidis (2005), "Why most published research findings are false",
PLoS Medicine 2(8): e124, doi:10.1371/journal.pmed.0020124. A field tests many
hypotheses; the pre-study odds R are (true hypotheses) : (false ones). A study
of a true hypothesis comes out positive with probability 1 − β (its *power*), a
study of a false one with probability α (the significance level). Bias u is the
share of studies that would have been negative but are reported as positive
anyway (flexible analysis, selective reporting, hype). Then

    PPV = ([1 − β]R + uβR) / (R + α − βR + u − uα + uβR),

which is Bayes's rule with P(positive | true) = 1 − β + uβ and
P(positive | false) = α + u(1 − α). With u = 0 it is (1 − β)R / (R − βR + α).

On top of the paper this module has

- :func:`ppv_replicated`: the claim is believed only when k independent studies
  are all positive; every positive study multiplies the odds by the same factor;
- :func:`ppv_reanalysed`: a second analysis of the *same* data, whose errors are
  shared with the first one (correlation ρ), so it adds much less;
- :func:`simulate_labs`: a Monte Carlo "many labs" world that converges to the formulas;
- the Research Programme game's test roll (1d6 + bonus − noise ≥ difficulty) as exact
  fractions, to set the game's success chance next to the model's power.

Pure Python: no Jupyter, no game imports; randomness only from a seeded ``random.Random``.
"""
from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

from ..core.i18n import t

SIGMA_5 = math.erfc(5 / math.sqrt(2)) / 2  # one-sided p of a 5σ fluctuation ≈ 2.9e-7 (particle physics)
SIGMA_3 = math.erfc(3 / math.sqrt(2)) / 2  # ≈ 0.00135 ("evidence" in particle physics)

# Ioannidis (2005), Table 4: (power, pre-study odds R, bias u, PPV as printed (rounded), example).
TABLE_4 = (
    (0.80, 1.0, 0.10, 0.85, "rct"),
    (0.95, 2.0, 0.30, 0.85, "meta_good"),
    (0.80, 1 / 3, 0.40, 0.41, "meta_small"),
    (0.20, 1 / 5, 0.20, 0.23, "phase_good"),
    (0.20, 1 / 5, 0.80, 0.17, "phase_poor"),
    (0.80, 1 / 10, 0.30, 0.20, "epi_powered"),
    (0.20, 1 / 10, 0.30, 0.12, "epi_underpowered"),
    (0.20, 1 / 1000, 0.80, 0.0010, "discovery"),
    (0.20, 1 / 1000, 0.20, 0.0015, "discovery_less_bias"),
)


# -- checking the parameters ----------------------------------------------------------------
def _number(x) -> bool:
    return isinstance(x, (int, float, Fraction)) and not isinstance(x, bool) and math.isfinite(x)


def check(power: float, odds: float, alpha: float, bias: float = 0.0) -> None:
    """Raise a ValueError that says which parameter is out of range, and what the range is."""
    if not (_number(power) and 0 < power <= 1):
        raise ValueError(t("replication.error.power", value=power))
    if not (_number(odds) and odds > 0):
        raise ValueError(t("replication.error.odds", value=odds))
    if not (_number(alpha) and 0 < alpha < 1):
        raise ValueError(t("replication.error.alpha", value=alpha))
    if not (_number(bias) and 0 <= bias <= 1):
        raise ValueError(t("replication.error.bias", value=bias))


def _check_count(n, name: str) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(t("replication.error.count", name=name, value=n))


def _check_rho(rho) -> None:
    if not (_number(rho) and 0 <= rho <= 1):
        raise ValueError(t("replication.error.rho", value=rho))


# -- odds -----------------------------------------------------------------------------------------
def prior(odds: float) -> float:
    """Pre-study probability that a tested hypothesis is true: R / (R + 1)."""
    return odds / (odds + 1)


def format_odds(odds: float) -> str:
    """2.0 -> '2:1', 0.001 -> '1:1000', 1/3 -> '1:3'."""
    if odds >= 1:
        return f"{odds:.4g}:1"
    return f"1:{1 / odds:.4g}"


def parse_odds(text: str) -> float:
    """'1:20' -> 0.05, '3:1' -> 3.0, '0.25' -> 0.25 (odds as one number). Clear errors otherwise."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(t("replication.error.odds_empty"))
    raw = text.strip()
    if "," in raw:  # 1,000 or 0,5? Too easy to misread: ask for one way of writing it
        raise ValueError(t("replication.error.odds_comma", text=raw))
    parts = [p.strip() for p in raw.split(":")]
    if len(parts) > 2 or not all(re.fullmatch(r"\d+(\.\d*)?|\.\d+", p) for p in parts):
        raise ValueError(t("replication.error.odds_text", text=raw))
    numbers = [float(p) for p in parts]
    if any(x == 0 for x in numbers):
        raise ValueError(t("replication.error.odds_zero", text=raw))
    odds = numbers[0] / numbers[1] if len(numbers) == 2 else numbers[0]
    if not 1e-6 <= odds <= 1e6:
        raise ValueError(t("replication.error.odds_range", text=raw))
    return odds


# -- one study ------------------------------------------------------------------------------------
def positive_rates(power: float, alpha: float, bias: float = 0.0) -> tuple[float, float]:
    """P(reported positive | true) and P(reported positive | false).

    Bias turns a share u of the would-be negative results into positives, whatever the truth:
    true: (1 − β) + uβ; false: α + u(1 − α).
    """
    return power + bias * (1 - power), alpha + bias * (1 - alpha)


def _posterior(odds: float, p_true: float, p_false: float) -> float:
    """Bayes's rule in odds form: P(true | evidence) from the prior odds and the two likelihoods."""
    return odds * p_true / (odds * p_true + p_false)


def ppv(power: float, odds: float, alpha: float = 0.05, bias: float = 0.0) -> float:
    """Ioannidis's PPV of one positive study (with bias u; u = 0 is the formula without bias)."""
    check(power, odds, alpha, bias)
    return _posterior(odds, *positive_rates(power, alpha, bias))


def ppv_any_of_n(power: float, odds: float, alpha: float = 0.05, n: int = 1, bias: float = 0.0) -> float:
    """n independent teams test the same question and *at least one* positive is claimed.

    With u = 0 this is Ioannidis's R(1 − βⁿ) / (R + 1 − [1 − α]ⁿ − Rβⁿ): it falls as n grows
    (his corollary 6: the hotter the field, the less likely a finding is true).
    """
    check(power, odds, alpha, bias)
    _check_count(n, "n")
    p_true, p_false = positive_rates(power, alpha, bias)
    return _posterior(odds, 1 - (1 - p_true) ** n, 1 - (1 - p_false) ** n)


def ppv_replicated(power: float, odds: float, alpha: float = 0.05, k: int = 1, bias: float = 0.0) -> float:
    """The claim is believed only when k independent studies are *all* positive.

    Independence means each study has its own data, apparatus and team, so the likelihoods
    multiply: R(1 − β)ᵏ / (R(1 − β)ᵏ + αᵏ) without bias (k = 1 is :func:`ppv`).
    """
    check(power, odds, alpha, bias)
    _check_count(k, "k")
    p_true, p_false = positive_rates(power, alpha, bias)
    return _posterior(odds, p_true ** k, p_false ** k)


def both_positive(p: float, rho: float) -> float:
    """P(two positive results) when each is positive with probability p and they share errors.

    The second result copies the first with probability ρ (same data, same analyst, same bias)
    and is a fresh, independent draw otherwise: p·(ρ + (1 − ρ)p). Within each class (true or
    false hypotheses) the two results then have correlation exactly ρ. ρ = 0 is an independent
    replication, ρ = 1 a re-analysis that can only repeat what the first analysis said.
    """
    return p * (rho + (1 - rho) * p)


def ppv_reanalysed(power: float, odds: float, alpha: float = 0.05, bias: float = 0.0, rho: float = 0.8) -> float:
    """PPV when a positive study is confirmed by a second, correlated analysis of the same data."""
    check(power, odds, alpha, bias)
    _check_rho(rho)
    p_true, p_false = positive_rates(power, alpha, bias)
    return _posterior(odds, both_positive(p_true, rho), both_positive(p_false, rho))


def odds_factor(power: float, alpha: float, bias: float = 0.0, rho: float = 0.0, second: bool = False) -> float:
    """How many times one more positive result multiplies the odds that the claim is true.

    For a first (or an independent) study: P(+ | true) / P(+ | false). For a second, correlated
    analysis (``second=True``): its chance to agree given the first was positive, true over false.
    """
    p_true, p_false = positive_rates(power, alpha, bias)
    if not second:
        return p_true / p_false
    return (rho + (1 - rho) * p_true) / (rho + (1 - rho) * p_false)


def frequencies(power: float, odds: float, alpha: float = 0.05, bias: float = 0.0,
                hypotheses: int = 1000) -> dict[str, float]:
    """Ioannidis's 2 × 2 table as expected counts out of ``hypotheses`` tested ones (natural frequencies)."""
    check(power, odds, alpha, bias)
    true = hypotheses * prior(odds)
    false = hypotheses - true
    return {
        "true": true,
        "false": false,
        "true_found": true * power,  # real effect, honest positive
        "true_biased": true * (1 - power) * bias,  # real effect, a negative turned positive by bias
        "false_chance": false * alpha,  # no effect, a fluke (type I error)
        "false_biased": false * (1 - alpha) * bias,  # no effect, a negative turned positive by bias
    }


# -- the many-labs simulation -------------------------------------------------------------------------
STAGES = ("single", "reanalysis", "replication")


@dataclass
class Tally:
    """Claimed discoveries at one stage, split by the (hidden) truth."""
    true: int = 0
    false: int = 0

    @property
    def claims(self) -> int:
        return self.true + self.false

    @property
    def share_true(self) -> float | None:
        return self.true / self.claims if self.claims else None

    @property
    def standard_error(self) -> float | None:
        """Binomial standard error of ``share_true``."""
        if not self.claims:
            return None
        p = self.share_true
        return math.sqrt(p * (1 - p) / self.claims)


@dataclass(frozen=True)
class Labs:
    """The world of the many-labs simulation.

    Every lab tests one hypothesis. A *hyped* lab is one whose hype has run ahead of its rigor
    (in the game: Hype > Rigor + 1, the artefact condition); it reports a share ``hyped_bias`` of
    its negative results as positive. Careful labs report what they find. Nobody annuls a hyped
    lab's false positive, unlike the game's artefact rule: only a failed replication exposes it.
    """
    labs: int = 2000
    odds: float = 0.25
    power: float = 0.8
    alpha: float = 0.05
    hyped_share: float = 0.3
    hyped_bias: float = 0.5
    rho: float = 0.8

    def check(self) -> None:
        _check_count(self.labs, "labs")
        check(self.power, self.odds, self.alpha, self.hyped_bias)
        if not (_number(self.hyped_share) and 0 <= self.hyped_share <= 1):
            raise ValueError(t("replication.error.hyped_share", value=self.hyped_share))
        _check_rho(self.rho)

    @property
    def bias(self) -> float:
        """The field's average bias u: a random lab is hyped with probability s, then biased with u_h."""
        return self.hyped_share * self.hyped_bias

    def expected(self) -> dict[str, float]:
        """What the simulated shares converge to: the PPV formulas for this world."""
        pt = prior(self.odds)
        # The re-analysis is done by the same lab, so careful and hyped labs are averaged separately.
        both = {True: 0.0, False: 0.0}
        for share, u in ((1 - self.hyped_share, 0.0), (self.hyped_share, self.hyped_bias)):
            p_true, p_false = positive_rates(self.power, self.alpha, u)
            both[True] += share * both_positive(p_true, self.rho)
            both[False] += share * both_positive(p_false, self.rho)
        return {
            "single": ppv(self.power, self.odds, self.alpha, self.bias),
            "reanalysis": pt * both[True] / (pt * both[True] + (1 - pt) * both[False]),
            "replication": ppv_replicated(self.power, self.odds, self.alpha, 2, self.bias),
        }


@dataclass
class LabsResult:
    world: Labs
    seed: int
    tallies: dict[str, Tally] = field(default_factory=lambda: {s: Tally() for s in STAGES})
    true_hypotheses: int = 0
    false_from_hyped: int = 0  # false single-study discoveries made by hyped labs
    trace: list[tuple[int, dict[str, float | None]]] = field(default_factory=list)  # (labs so far, shares)


def _study(rng: random.Random, true: bool, hyped: bool, world: Labs) -> bool:
    """One lab's reported result: an honest test, then (if hyped) a chance to turn a null into a 'hit'."""
    honest = rng.random() < (world.power if true else world.alpha)
    return honest or (hyped and rng.random() < world.hyped_bias)


def simulate_labs(world: Labs, seed: int = 0, progress: Callable[[int, int], None] | None = None,
                  checkpoints: int = 60) -> LabsResult:
    """Run the many-labs world once. ``progress(done, total)`` is called about 50 times."""
    world.check()
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(t("replication.error.seed", value=seed))
    rng = random.Random(seed)
    result = LabsResult(world, seed)
    tallies = result.tallies
    p_true = prior(world.odds)
    # checkpoints spread evenly on a log scale, for the convergence plot
    marks = sorted({max(1, round(world.labs ** (i / checkpoints))) for i in range(1, checkpoints + 1)})
    step = max(1, world.labs // 50)
    for lab in range(1, world.labs + 1):
        true = rng.random() < p_true
        hyped = rng.random() < world.hyped_share
        result.true_hypotheses += true
        if _study(rng, true, hyped, world):
            _count(tallies["single"], true)
            result.false_from_hyped += hyped and not true
            # The same lab re-analyses the same data: it repeats its first answer with probability ρ.
            if rng.random() < world.rho or _study(rng, true, hyped, world):
                _count(tallies["reanalysis"], true)
            # Another lab, chosen at random, repeats the study with new data and its own hype.
            if _study(rng, true, rng.random() < world.hyped_share, world):
                _count(tallies["replication"], true)
        if marks and lab == marks[0]:
            marks.pop(0)
            result.trace.append((lab, {s: tallies[s].share_true for s in STAGES}))
        if progress and (lab % step == 0 or lab == world.labs):
            progress(lab, world.labs)
    return result


def _count(tally: Tally, true: bool) -> None:
    if true:
        tally.true += 1
    else:
        tally.false += 1


# -- the game's test roll ----------------------------------------------------------------------------
# Research Programme (source rules; lessons/research-programme/rules.md, "Tests"): a test succeeds when
# 1d6 + bonus − noise ≥ difficulty. bonus = project Technique (0–2) + ⌊Rigor / 4⌋ + map (at most +1)
# + the rest (Insight, a discovery's one-round Technique, a method's bonus), all capped at +3;
# noise 0–3 on the hex.
BONUS_CAP = 3
MAX_NOISE = 3
PROJECT_DIFFICULTY = {  # what the project used adds to the theory card's difficulty
    "named": 0,  # the project the theory card names
    "same_field": 1,  # another own project in the theory's field
    "other_field": 3,  # an own project in another field (this is how bridges start)
    "other_field_hit": 1,  # ... once the theory already has a hit
}


def _whole(name: str, value, top: int | None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or (top is not None and value > top):
        raise ValueError(t("replication.error.dice_value", name=name, value=value,
                           top=top if top is not None else "∞"))


def roll_bonus(technique: int, rigor: int, map_bonus: int = 0, extra: int = 0) -> int:
    """The roll's pluses: Technique + ⌊Rigor/4⌋ + map + the rest, at most +3."""
    for name, value, top in (("technique", technique, 2), ("rigor", rigor, None), ("map", map_bonus, 1),
                             ("extra", extra, BONUS_CAP)):
        _whole(name, value, top)
    return min(BONUS_CAP, technique + rigor // 4 + map_bonus + extra)


def net_modifier(technique: int, rigor: int, map_bonus: int = 0, noise: int = 0, extra: int = 0) -> int:
    """Bonus minus noise: what is added to the die."""
    _whole("noise", noise, MAX_NOISE)
    return roll_bonus(technique, rigor, map_bonus, extra) - noise


def roll_difficulty(card: int, project: str = "named", metascience: bool = False, wormhole: bool = False) -> int:
    """The theory card's difficulty plus what the project adds.

    A project placed on Metascience adds +1 on top (even the named one), and so does a test
    whose success would create a wormhole.
    """
    if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= 6:
        raise ValueError(t("replication.error.card", value=card))
    if project not in PROJECT_DIFFICULTY:
        raise ValueError(t("replication.error.project", value=repr(project), known=", ".join(PROJECT_DIFFICULTY)))
    return card + PROJECT_DIFFICULTY[project] + (1 if metascience else 0) + (1 if wormhole else 0)


def success_chance(difficulty: int, modifier: int) -> Fraction:
    """Exact chance that 1d6 + modifier ≥ difficulty: the faces that reach it, out of 6."""
    return Fraction(sum(1 for face in range(1, 7) if face + modifier >= difficulty), 6)


def dice_table(difficulties=range(2, 11), modifiers=range(-3, 4)) -> dict[tuple[int, int], Fraction]:
    """{(difficulty, net modifier): success chance} for the whole grid."""
    return {(d, m): success_chance(d, m) for d in difficulties for m in modifiers}


def is_artefact(hype: int, rigor: int) -> bool:
    """The game's artefact condition: Hype more than one above Rigor annuls the round's first success."""
    return hype > rigor + 1
