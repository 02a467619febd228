"""Detector ranges as chances: what a group can expect before it builds a detector, and a
real detector's mass window over the Particle Data Group's particles.

The game's side. The 13 diamonds (values 1-13, Ace to King) are dealt 6 to the ring (the
problems), 5 to the row ("probably don't exist") and 2 out of the game. A shuffle is fair, so a
face-down problem is equally likely to be any value the group does not know to be elsewhere
(verified in the row, or seen at another problem). Hints from what other groups do (where
they build, what they publish) are ignored. From that one assumption follow the chance
that a physicist and a detector have the problem in range, the chance to solve it, and the
tokens to expect. The rules' arithmetic (in range, X, payouts) is :mod:`btlgames.science.ranges`.

The real side. A detector that looks for a particle by its mass sees a *window* of masses;
:func:`window_particles` lists the PDG particles inside one, from the Scikit-HEP ``particle``
package's tables (no network needed).

Probabilities are exact :class:`fractions.Fraction` values, so tests can check them by hand.
"""
from __future__ import annotations

import random
import re
from fractions import Fraction
from functools import lru_cache
from typing import Iterable

from ..core.i18n import number, t
from .ranges import COLLABORATOR_BASE, LEADER_BASE, SOLO_BASE, outcome

VALUES = tuple(range(1, 14))  # Ace = 1 ... King = 13
RING, ROW, REMOVED = 6, 5, 2
MAX_KNOWN = (RING - 1) + ROW  # the other 5 problems and the 5 row cards; the 2 removed are never seen
MAX_COLLABORATORS = 3  # 4 groups, one physicist each on a problem (Kit rule K9)
MAX_MEV = 1_000_000.0  # 1 TeV: far above every particle in the PDG table


def m(key: str, **values):
    """This module's words (``[detector_ranges.model]`` in locale/en/detector_ranges.toml)."""
    return t(f"detector_ranges.model.{key}", **values)


# -- card values -----------------------------------------------------------------------------
def card_label(value: int) -> str:
    """1 -> "A", 10 -> "10", 13 -> "K"."""
    return m("labels")[check_value(value) - 1]


def card_word(value: int) -> str:
    """1 -> "Ace", 12 -> "Queen"."""
    return m("words")[check_value(value) - 1]


def check_value(value, what: str | None = None) -> int:
    """A card value 1-13, or a ValueError that says what is allowed."""
    what = what or m("a_value")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(m("not_whole", what=what, value=repr(value)))
    if not 1 <= value <= 13:
        raise ValueError(m("out_of_range", what=what, value=value))
    return value


def parse_values(text: str) -> list[int]:
    """Card values typed by a student: "A 7 K", "1, 7, 13", "ace queen". Repeats count once."""
    if not isinstance(text, str):
        raise ValueError(m("not_text", value=repr(text)))
    names = {label.lower(): v for v, label in zip(VALUES, m("labels"))}
    names.update({word.lower(): v for v, word in zip(VALUES, m("words"))})
    out: list[int] = []
    for token in re.split(r"[\s,;]+", text.strip()):
        if not token:
            continue
        if token.isdigit():
            value = check_value(int(token))
        elif token.lower() in names:
            value = names[token.lower()]
        else:
            raise ValueError(m("unknown_token", token=token))
        if value not in out:
            out.append(value)
    return out


# -- the hidden problem ---------------------------------------------------------------------------
def check_setup(leader: int, collaborators: Iterable[int], detector: int, excluded: Iterable[int] = ()):
    """The inputs, checked against the deck: (leader, collaborators, detector, excluded)."""
    leader = check_value(leader, m("the_leader"))
    collaborators = tuple(check_value(c, m("a_collaborator")) for c in collaborators)
    detector = check_value(detector, m("the_detector"))
    excluded = frozenset(check_value(v, m("a_known_value")) for v in excluded)
    if len(collaborators) > MAX_COLLABORATORS:
        raise ValueError(m("too_many_collaborators", n=len(collaborators), max=MAX_COLLABORATORS))
    physicists = (leader, *collaborators)
    for v in set(physicists):
        if physicists.count(v) > 1:  # each physicist is one heart card
            raise ValueError(m("same_physicist", card=card_label(v), word=card_word(v)))
    if len(excluded) > MAX_KNOWN:
        raise ValueError(m("too_many_known", n=len(excluded), max=MAX_KNOWN))
    return leader, collaborators, detector, excluded


def candidates(excluded: Iterable[int] = ()) -> list[int]:
    """The values the hidden problem may have: every value not known to be elsewhere."""
    excluded = set(excluded)
    return [v for v in VALUES if v not in excluded]


def possible_outcomes(leader: int, collaborators: Iterable[int], detector: int,
                      excluded: Iterable[int] = ()) -> list[dict]:
    """One row per value the problem may have: what building the detector would give.

    Each row: value, result ("solved", "in_range", "out_of_range"), x, leader, each (tokens
    if the leader publishes), total (leader + every collaborator).
    """
    leader, collaborators, detector, excluded = check_setup(leader, collaborators, detector, excluded)
    rows = []
    for v in candidates(excluded):
        o = outcome(v, leader, list(collaborators), detector)
        rows.append({"value": v, **o, "total": o["leader"] + len(collaborators) * o["each"]})
    return rows


def chances(leader: int, collaborators: Iterable[int], detector: int, excluded: Iterable[int] = ()) -> dict:
    """What to expect before the detector is built, each value equally likely.

    ``n`` values possible, ``in_range`` and ``solved`` of them; ``p_in_range``, ``p_solved``;
    expected tokens ``leader``, ``each``, ``total`` (publishing whenever in range: it never costs
    tokens); ``leader_if_in_range``: the leader's expected tokens once the experiment succeeded.
    """
    rows = possible_outcomes(leader, collaborators, detector, excluded)
    n = len(rows)
    hits = [r for r in rows if r["result"] != "out_of_range"]

    def mean(key, among=rows):
        return Fraction(sum(r[key] for r in among), len(among)) if among else Fraction(0)
    return {
        "n": n, "in_range": len(hits), "solved": sum(r["result"] == "solved" for r in rows),
        "p_in_range": Fraction(len(hits), n), "p_solved": Fraction(sum(r["result"] == "solved" for r in rows), n),
        "leader": mean("leader"), "each": mean("each"), "total": mean("total"),
        "leader_if_in_range": mean("leader", hits),
    }


def verification_outcomes(leader: int, collaborators: Iterable[int], detector: int,
                          excluded: Iterable[int] = ()) -> list[dict]:
    """What looking at one more unseen card could do to the chance of being in range.

    The unseen card is equally likely to be any still-possible value (other than the problem's
    own). Two branches: it shows a value in range (the chance falls) or one outside (it rises).
    Each: ``sees``, ``probability``, ``p_in_range_after``. On average the chance stays the same;
    what a look buys is a sharper one. Empty when nothing is left to learn.
    """
    c = chances(leader, collaborators, detector, excluded)
    n, k = c["n"], c["in_range"]
    if n < 2 or len(set(excluded)) >= MAX_KNOWN:
        return []
    branches = [("in_range", Fraction(k, n), Fraction(k - 1, n - 1)),
                ("out_of_range", Fraction(n - k, n), Fraction(k, n - 1))]
    return [{"sees": s, "probability": p, "p_in_range_after": after} for s, p, after in branches if p]


# -- credit -------------------------------------------------------------------------------------------
def split(x: int, collaborators: int) -> dict:
    """Tokens for one published result with gap X: leader, each collaborator, total, and solo.

    ``gain`` is what the whole collaboration takes more than one group alone would (may be < 0).
    """
    if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 12:
        raise ValueError(m("bad_x", value=repr(x)))
    if isinstance(collaborators, bool) or not isinstance(collaborators, int) \
            or not 0 <= collaborators <= MAX_COLLABORATORS:
        raise ValueError(m("bad_collaborators", value=repr(collaborators), max=MAX_COLLABORATORS))
    solo = max(0, SOLO_BASE - x)
    if collaborators == 0:
        return {"x": x, "collaborators": 0, "leader": solo, "each": 0, "total": solo, "solo": solo, "gain": 0}
    lead, each = max(0, LEADER_BASE - x), max(0, COLLABORATOR_BASE - x)
    total = lead + collaborators * each
    return {"x": x, "collaborators": collaborators, "leader": lead, "each": each, "total": total,
            "solo": solo, "gain": total - solo}


def credit_table(max_x: int = 7) -> list[dict]:
    """:func:`split` for X = 0..max_x and 0..3 collaborators."""
    return [split(x, c) for x in range(max_x + 1) for c in range(MAX_COLLABORATORS + 1)]


# -- a practice table ------------------------------------------------------------------------------
def deal(seed: int) -> dict:
    """The 13 diamonds shuffled as at set-up: {"ring": 6 values, "row": 5, "removed": 2}.

    Its own seeded generator (never the global one), so a seed gives the same table.
    """
    cards = list(VALUES)
    random.Random(seed).shuffle(cards)
    return {"ring": cards[:RING], "row": cards[RING:RING + ROW], "removed": cards[RING + ROW:]}


# -- real particles in a mass window ------------------------------------------------------------------
KINDS = ("meson", "baryon", "lepton", "boson")
NUCLEUS_CODES = 1_000_000_000  # PDG IDs of nuclei have ten digits (10LZZZAAAI)


def _kind(pdgid) -> str | None:
    if pdgid.is_meson:
        return "meson"
    if pdgid.is_baryon:
        return "baryon"
    if pdgid.is_lepton:
        return "lepton"
    if pdgid.is_gauge_boson_or_higgs and int(pdgid) != 21:  # a gluon is confined, like a quark
        return "boson"
    return None  # quarks, diquarks, nuclei: never caught on their own


@lru_cache(maxsize=1)
def pdg_particles() -> tuple[dict, ...]:
    """Every particle in the PDG table with a measured mass, antiparticles left out (same mass),
    sorted by mass: name, html_name, pdgid, mass_mev, mass_err_mev, width_mev, charge, kind, quarks."""
    from particle import Particle

    out = []
    for p in Particle.all():
        if not 0 < int(p.pdgid) < NUCLEUS_CODES or p.mass is None:  # not p.pdgid.is_nucleus: the proton is one
            continue
        kind = _kind(p.pdgid)
        if kind is None:
            continue
        errors = [e for e in (p.mass_lower, p.mass_upper) if e is not None]
        out.append({"name": p.name, "html_name": p.html_name, "pdgid": int(p.pdgid),
                    "mass_mev": float(p.mass), "mass_err_mev": max(errors) if errors else None,
                    "width_mev": None if p.width is None else float(p.width),
                    "charge": float(p.charge), "kind": kind, "quarks": p.quarks})
    return tuple(sorted(out, key=lambda r: (r["mass_mev"], r["pdgid"])))


def check_window(low, high) -> tuple[float, float]:
    """A mass window in MeV, or a ValueError that says what is wrong."""
    for what, v in ((m("window_low"), low), (m("window_high"), high)):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v:  # v != v: NaN
            raise ValueError(m("window_not_number", what=what, value=repr(v)))
        if not 0 <= v <= MAX_MEV:
            raise ValueError(m("window_outside", what=what, value=number(v, "g"), max=number(MAX_MEV, "g")))
    if low >= high:
        raise ValueError(m("window_empty", low=number(low, "g"), high=number(high, "g")))
    return float(low), float(high)


def window_particles(low: float, high: float, kinds: Iterable[str] = KINDS) -> list[dict]:
    """The particles whose PDG mass lies in [low, high] MeV (ends included, like the game)."""
    low, high = check_window(low, high)
    kinds = set(kinds)
    unknown = kinds - set(KINDS)
    if unknown:
        raise ValueError(m("unknown_kind", kind=", ".join(sorted(unknown)), kinds=", ".join(KINDS)))
    return [r for r in pdg_particles() if r["kind"] in kinds and low <= r["mass_mev"] <= high]


def window_tradeoff(centre: float, widths: Iterable[float], kinds: Iterable[str] = KINDS) -> list[dict]:
    """Around one centre, for each window width: how many particles it catches.

    A narrow window pins a mass down but rarely catches anything; a wide one catches many
    and cannot tell them apart. Windows are cut off at 0 MeV.
    """
    rows = []
    for width in widths:
        low, high = max(0.0, centre - width / 2), centre + width / 2
        rows.append({"width": width, "low": low, "high": high,
                     "count": len(window_particles(low, high, kinds))})
    return rows

