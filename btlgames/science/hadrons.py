"""Real hadrons from PDG data, and why each one is colour-neutral in the games' model.

The masses, charges and quark contents come from the Particle Data Group's
tables as shipped by the Scikit-HEP ``particle`` package (no network needed).
The colour side uses :mod:`btlgames.science.colour`: a meson is a colour with
its own anti-colour, a baryon is red + green + blue, an anti-baryon is
anti-red + anti-green + anti-blue.

The two pentaquarks LHCb announced in 2015 are not in the PDG table that
``particle`` ships, so they are a small hand-written, cited record here
(:data:`LHCB_2015_PENTAQUARKS`).

Quark contents are written the physicists' way, one letter per quark, with a
bar for an anti-quark: ``"uud"`` (proton), ``"ud̄"`` (π⁺), ``"uudcc̄"``
(pentaquark). :func:`parse_content` also accepts ``"c~"`` and the ``particle``
package's own convention of a capital letter for an anti-quark (``"uD"``).

    >>> neutral_check("uudcc̄").why
    'u(R) u(G) d(B): red + green + blue; c(R) c̄(R̄): red + anti-red'
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from ..core.i18n import t
from .colour import BAR, COLOURS, FLAVOUR_LETTER, Quark, is_colour_neutral

Content = tuple[tuple[str, bool], ...]  # ((flavour, anti), ...) in the order written

LETTER_FLAVOUR = {v: k for k, v in FLAVOUR_LETTER.items()}
QUARK_CHARGE = {"up": Fraction(2, 3), "charm": Fraction(2, 3),
                "down": Fraction(-1, 3), "strange": Fraction(-1, 3), "bottom": Fraction(-1, 3)}
PDG_QUARK = {1: "down", 2: "up", 3: "strange", 4: "charm", 5: "bottom"}  # PDG numbering of quarks
UP_TYPE = {"up", "charm"}

# The hadrons the concept notebook shows: (PDG ID, a readable symbol).
HADRONS: tuple[tuple[int, str], ...] = (
    (211, "π⁺"), (111, "π⁰"), (321, "K⁺"), (-321, "K⁻"), (421, "D⁰"), (443, "J/ψ"),
    (521, "B⁺"), (553, "ϒ(1S)"),
    (2212, "p"), (-2212, "p" + BAR), (2112, "n"), (3122, "Λ"), (2224, "Δ⁺⁺"), (3334, "Ω⁻"),
    (4122, "Λc⁺"), (5122, "Λb⁰"),
)

LHCB_2015 = ("LHCb collaboration, R. Aaij et al., \"Observation of J/ψp resonances consistent "
             "with pentaquark states in Λb⁰ → J/ψK⁻p decays\", Phys. Rev. Lett. 115 (2015) 072001, "
             "arXiv:1507.03414")
LHCB_2019 = ("LHCb collaboration, R. Aaij et al., \"Observation of a narrow pentaquark state, "
             "Pc(4312)⁺, and of the two-peak structure of the Pc(4450)⁺\", "
             "Phys. Rev. Lett. 122 (2019) 222001, arXiv:1904.03947")

# Hand-written because the PDG table in ``particle`` does not list them (see in_pdg_table()).
LHCB_2015_PENTAQUARKS: tuple[dict, ...] = (
    {"name": "P_c(4380)+", "symbol": "Pc(4380)⁺", "mass_mev": 4380.0, "mass_stat_mev": 8.0,
     "mass_syst_mev": 29.0, "width_mev": "205 ± 18 ± 86", "quarks": "uudc" + "c" + BAR, "charge": 1,
     "kind": "pentaquark", "n_quarks": 4, "n_antiquarks": 1, "found_in": "Λb⁰ → J/ψ K⁻ p",
     "decays_to": "J/ψ p", "significance_sigma": 9, "reference": LHCB_2015},  # more than 9 σ
    {"name": "P_c(4450)+", "symbol": "Pc(4450)⁺", "mass_mev": 4449.8, "mass_stat_mev": 1.7,
     "mass_syst_mev": 2.5, "width_mev": "39 ± 5 ± 19", "quarks": "uudc" + "c" + BAR, "charge": 1,
     "kind": "pentaquark", "n_quarks": 4, "n_antiquarks": 1, "found_in": "Λb⁰ → J/ψ K⁻ p",
     "decays_to": "J/ψ p", "significance_sigma": 9, "reference": LHCB_2015},  # more than 9 σ
)
LHCB_UPDATE_2019 = ("With ten times more data LHCb found in 2019 that the Pc(4450)⁺ peak is two "
                    "narrow states, Pc(4440)⁺ and Pc(4457)⁺, and found a third, Pc(4312)⁺; that "
                    "analysis neither confirmed nor ruled out the broad Pc(4380)⁺. " + LHCB_2019)


# -- quark contents ----------------------------------------------------------------
def parse_content(text: str) -> Content:
    """``"uudcc̄"`` -> ((up, False), (up, False), (down, False), (charm, False), (charm, True)).

    An anti-quark is a letter followed by a bar (c̄) or a tilde (c~), or a capital
    letter (C, the ``particle`` package's way). Spaces are ignored.
    """
    if not isinstance(text, str):
        raise ValueError(t("hadrons.content_not_string", text=repr(text)))
    out: list[tuple[str, bool]] = []
    for ch in unicodedata.normalize("NFD", text):  # ū (one character) -> u + combining bar
        if ch.isspace():
            continue
        if ch in (BAR, "~"):
            if not out or out[-1][1]:
                raise ValueError(t("hadrons.bar_must_follow", text=repr(text)))
            out[-1] = (out[-1][0], True)
            continue
        flavour = LETTER_FLAVOUR.get(ch.lower())
        if ch.lower() == "t":
            raise ValueError(t("hadrons.no_top", text=repr(text)))
        if flavour is None:
            raise ValueError(t("hadrons.unknown_quark", text=repr(text), letter=repr(ch), anti_u="u" + BAR))
        out.append((flavour, ch.isupper()))
    if not out:
        raise ValueError(t("hadrons.content_empty"))
    return tuple(out)


_COLOUR_LETTER = {"R": "red", "G": "green", "B": "blue"}
_TOKEN = re.compile(r"([a-z])([~\u0304]?)(?:\(([A-Za-z])([~\u0304]?)\)|([A-Za-z])([~\u0304]?))")


def parse_quarks(text: str) -> list[Quark]:
    """Coloured quarks as :class:`Quark` prints them: "u(R) u(G) d(B) c̄(B̄)".

    Also accepted: "uR uG dB c~B~" (a tilde for the bar), commas between quarks,
    and an anti-quark written without the colour's bar ("c̄(B)" = "c̄(B̄)").
    """
    if not isinstance(text, str):
        raise ValueError(t("hadrons.quarks_not_string", text=repr(text)))
    text = unicodedata.normalize("NFD", text)
    out: list[Quark] = []
    pos = 0
    while pos < len(text):
        if text[pos].isspace() or text[pos] in ",;+":
            pos += 1
            continue
        m = _TOKEN.match(text, pos)
        piece = unicodedata.normalize("NFC", re.split(r"[\s,;+]", text[pos:])[0])
        if not m:
            raise ValueError(t("hadrons.cannot_read", piece=repr(piece)))
        flavour_letter, flavour_bar = m.group(1), m.group(2)
        colour_letter = (m.group(3) or m.group(5)).upper()
        colour_bar = m.group(4) or m.group(6)
        if flavour_letter == "t":
            raise ValueError(t("hadrons.no_top", text=repr(piece)))
        if flavour_letter not in LETTER_FLAVOUR:
            raise ValueError(t("hadrons.not_a_flavour", piece=repr(piece), letter=repr(flavour_letter)))
        if colour_letter not in _COLOUR_LETTER:
            raise ValueError(t("hadrons.not_a_colour", piece=repr(piece), letter=repr(colour_letter)))
        if colour_bar and not flavour_bar:
            raise ValueError(t("hadrons.anti_colour_needs_anti_quark", piece=repr(piece),
                               anti_quark=f"{flavour_letter}{BAR}({colour_letter}{BAR})",
                               quark=f"{flavour_letter}({colour_letter})"))
        out.append(Quark(LETTER_FLAVOUR[flavour_letter], _COLOUR_LETTER[colour_letter], bool(flavour_bar)))
        pos = m.end()
    return out


def content_string(content: Iterable[tuple[str, bool]]) -> str:
    """((up, False), (down, True)) -> "ud̄"."""
    return "".join(FLAVOUR_LETTER[f] + (BAR if anti else "") for f, anti in content)


def content_from_pdgid(pdgid: int) -> Content:
    """The valence quarks the PDG numbering scheme puts in a meson's or baryon's ID.

    Meson ``n q2 q3 j``: one quark and one anti-quark; the particle (positive ID)
    has the heavier one up-type (u, c) as a quark, or down-type (d, s, b) as an
    anti-quark (K⁺ = 321 = us̄, D⁰ = 421 = cū). Baryon ``n q1 q2 q3 j``: three
    quarks, three anti-quarks for a negative ID. Light neutral mesons such as π⁰
    are quantum mixtures; the ID then names one of the mixed parts.
    """
    code = abs(int(pdgid))
    j, q3, q2, q1 = code % 10, code // 10 % 10, code // 100 % 10, code // 1000 % 10
    if code >= 10_000_000 or j == 0 or q3 == 0 or q2 == 0 or max(q1, q2, q3) > 5:
        raise ValueError(t("hadrons.not_pdg_hadron", pdgid=pdgid))
    anti = pdgid < 0
    if q1 == 0:  # a meson
        heavy = PDG_QUARK[q2]
        heavy_is_anti = heavy not in UP_TYPE if q2 != q3 else False
        pair = ((heavy, heavy_is_anti), (PDG_QUARK[q3], not heavy_is_anti))
        return tuple(sorted(((f, a != anti) for f, a in pair), key=lambda q: q[1]))  # quark first
    return tuple((PDG_QUARK[q], anti) for q in (q1, q2, q3))


def charge_of(content: Content | str) -> Fraction:
    """Electric charge in units of e: u, c +2/3; d, s, b -1/3; an anti-quark the opposite."""
    content = parse_content(content) if isinstance(content, str) else content
    return sum((-QUARK_CHARGE[f] if anti else QUARK_CHARGE[f] for f, anti in content), Fraction(0))


def pdg_quark_terms(quarks: str) -> list[Content]:
    """The ``particle`` package's quark string as contents: "uD" -> [ud̄];
    "(uU-dD)/sqrt(2)" (π⁰, a quantum mixture) -> [uū, dd̄]."""
    terms = re.findall(r"[udscbUDSCB]{2,3}", quarks)
    if not terms:
        raise ValueError(t("hadrons.no_pdg_quarks", quarks=repr(quarks)))
    return [parse_content(term) for term in terms]


def pdg_quark_string(quarks: str) -> str:
    """The ``particle`` string with bars: "uD" -> "ud̄", "(uU-dD)/sqrt(2)" -> "(uū − dd̄)/√2"."""
    def one(m):
        return content_string(parse_content(m.group(0)))
    text = re.sub(r"[udscbUDSCB]{2,3}", one, quarks)
    return text.replace("sqrt(2)", "√2").replace("-", " − ").replace("+", " + ")


# -- colour neutrality ------------------------------------------------------------------
@dataclass(frozen=True)
class NeutralCheck:
    """Can this quark content be coloured so that every quark is confined, and how?"""

    content: Content
    neutral: bool
    quarks: tuple[Quark, ...]  # one colouring (empty if impossible)
    groups: tuple[tuple[int, ...], ...]  # indices into quarks
    why: str

    @property
    def colours(self) -> str:
        """"u(R) u(G) d(B)": the colouring in letters."""
        return " ".join(str(q) for q in self.quarks)


def colour_word(colour: str, anti: bool = False) -> str:
    """"red", or "anti-red" for an anti-colour, in the current language."""
    word = t(f"hadrons.colour.{colour}")
    return t("hadrons.anti_colour", colour=word) if anti else word


def describe_group(quarks: Sequence[Quark], group: Sequence[int] | None = None) -> str:
    """"u(R) d̄(R̄): red + anti-red" — which colours make a group neutral, in words."""
    members = [quarks[i] for i in group] if group is not None else list(quarks)
    if not is_colour_neutral(members):
        raise ValueError(t("hadrons.group_not_neutral", quarks=" ".join(map(str, members))))
    words = " + ".join(colour_word(q.colour, q.anti)
                       for q in sorted(members, key=lambda q: (q.anti, COLOURS.index(q.colour))))
    return t("hadrons.group", quarks=" ".join(map(str, members)), colours=words)


def neutral_check(content: Content | str) -> NeutralCheck:
    """Colour a quark content so every quark sits in a neutral group, if that can be done.

    Groups take 3 quarks (R+G+B), 3 anti-quarks (R̄+Ḡ+B̄) or one of each (a colour
    and its anti-colour), so it can be done exactly when the number of quarks
    minus the number of anti-quarks is a multiple of 3 (0 included). The quarks
    written first fill the three-colour groups; the rest pair up in order:
    "uudcc̄" -> u u d as R+G+B and c c̄ as R+R̄ (a proton and a J/ψ).
    """
    content = parse_content(content) if isinstance(content, str) else tuple(content)
    if not content:
        raise ValueError(t("hadrons.empty"))
    quarks = [i for i, (_, a) in enumerate(content) if not a]
    antis = [i for i, (_, a) in enumerate(content) if a]
    excess = len(quarks) - len(antis)
    if excess % 3:
        why = t("hadrons.cannot_group", n_quarks=len(quarks), n_antiquarks=len(antis), excess=excess)
        return NeutralCheck(content, False, (), (), why)
    more, fewer = (quarks, antis) if excess >= 0 else (antis, quarks)
    n_triples = abs(excess) // 3
    colour: dict[int, str] = {}
    groups: list[tuple[int, ...]] = []
    for n_triple in range(n_triples):
        triple = more[3 * n_triple: 3 * n_triple + 3]
        colour.update(zip(triple, COLOURS))
        groups.append(tuple(triple))
    for n, (a, b) in enumerate(zip(more[3 * n_triples:], fewer)):
        colour[a] = colour[b] = COLOURS[n % 3]
        groups.append(tuple(sorted((a, b))))
    coloured = tuple(Quark(f, colour[i], anti) for i, (f, anti) in enumerate(content))
    assert all(is_colour_neutral([coloured[i] for i in g]) for g in groups)
    why = "; ".join(describe_group(coloured, g) for g in groups)
    return NeutralCheck(content, True, coloured, tuple(groups), why)


def can_be_neutral(content: Content | str) -> bool:
    """Can this quark content be made colour-neutral in the game's sense?"""
    return neutral_check(content).neutral


def why_neutral(content: Content | str, kind: str | None = None) -> str:
    """One sentence for students: why this quark content is colour-neutral in the model."""
    check = neutral_check(content)
    if not check.neutral:
        return t("hadrons.not_neutral", why=check.why)
    n_q = sum(not a for _, a in check.content)
    n_a = len(check.content) - n_q
    if kind is None:
        kind = ("meson" if (n_q, n_a) == (1, 1) else "baryon" if (n_q, n_a) == (3, 0)
                else "anti-baryon" if (n_q, n_a) == (0, 3) else "pentaquark" if (n_q, n_a) == (4, 1)
                else "group of quarks")
    if kind == "meson":
        rule = t("hadrons.rule.meson")
    elif kind == "baryon" and n_a == 3:
        rule = t("hadrons.rule.antibaryon")
    elif kind == "baryon":
        rule = t("hadrons.rule.baryon")
    elif kind == "pentaquark":
        rule = t("hadrons.rule.pentaquark")
    else:
        rule = t("hadrons.rule.other")
    return t("hadrons.neutral", why=check.why, rule=rule)


# -- PDG data ------------------------------------------------------------------------------
def _kind(pdgid) -> str:
    from particle import PDGID
    pid = PDGID(int(pdgid))
    return "meson" if pid.is_meson else "baryon" if pid.is_baryon else "other"


def hadron_record(pdgid: int, symbol: str | None = None) -> dict:
    """One hadron from the PDG table, with its quark content and why it is colour-neutral."""
    from particle import Particle
    p = Particle.from_pdgid(int(pdgid))
    terms = pdg_quark_terms(p.quarks)
    model = terms[0]  # a mixture (π⁰ = (uū − dd̄)/√2): each part is neutral the same way
    charges = {charge_of(term) for term in terms}
    if len(charges) != 1:
        raise ValueError(t("hadrons.parts_differ", name=p.name, quarks=repr(p.quarks)))
    kind = _kind(pdgid)
    why = why_neutral(model, kind)
    if len(terms) > 1:
        why += " " + t("hadrons.mixture", name=symbol or p.name, quarks=pdg_quark_string(p.quarks))
    errors = [e for e in (p.mass_lower, p.mass_upper) if e is not None]
    charge_q = charges.pop()
    return {
        "name": p.name, "symbol": symbol or p.name, "pdgid": int(p.pdgid),
        "mass_mev": float(p.mass) if p.mass is not None else None,
        "mass_err_mev": max(errors) if errors else None,
        "charge": int(p.charge), "charge_from_quarks": charge_q,
        "quarks": pdg_quark_string(p.quarks), "model_quarks": content_string(model),
        "pdgid_quarks": content_string(content_from_pdgid(int(p.pdgid))),
        "kind": kind, "n_quarks": sum(not a for _, a in model), "n_antiquarks": sum(a for _, a in model),
        "colours": neutral_check(model).colours, "why": why,
    }


def hadron_records(hadrons: Iterable[tuple[int, str]] = HADRONS) -> list[dict]:
    """The well-known mesons and baryons as a list of dicts (see :func:`hadron_record`)."""
    return [hadron_record(pid, sym) for pid, sym in hadrons]


def hadron_frame(hadrons: Iterable[tuple[int, str]] = HADRONS):
    """:func:`hadron_records` as a pandas DataFrame."""
    import pandas as pd
    return pd.DataFrame(hadron_records(hadrons))


def pdg_source() -> str:
    """Where the numbers come from, for a footnote."""
    import particle
    from particle import Particle
    tables = ", ".join(Particle.table_names()) if Particle.table_loaded() else t("hadrons.default_table")
    return t("hadrons.source", version=particle.__version__, tables=tables)


def in_pdg_table() -> list[str]:
    """Names of the pentaquarks the ``particle`` PDG table lists (empty with the tables so far)."""
    from particle import Particle
    return [p.name for p in Particle.findall(lambda p: p.pdgid.is_pentaquark)]


def pentaquark_records() -> list[dict]:
    """LHCb's 2015 pentaquarks, with the colour check of their content u u d c c̄."""
    out = []
    for rec in LHCB_2015_PENTAQUARKS:
        check = neutral_check(rec["quarks"])
        out.append({**rec, "charge_from_quarks": charge_of(rec["quarks"]), "colours": check.colours,
                    "why": why_neutral(rec["quarks"], "pentaquark")})
    return out


# -- the game's winning set -----------------------------------------------------------------
GAME_WIN_CONTENT = parse_content("uudc" + "c" + BAR)
RULEBOOK_WIN_EXAMPLE = (Quark("up", "blue"), Quark("up", "red"), Quark("down", "blue"),
                        Quark("charm", "green"), Quark("charm", "blue", True))


def winning_grouping(quarks: Sequence[Quark], groups: Iterable[Sequence[int]]):
    """A three-colour group plus a colour/anti-colour pair that are u u d c c̄ (the game's win),
    chosen among ``groups`` (index tuples into ``quarks``); None if there is none."""
    groups = [tuple(g) for g in groups]
    want = sorted(GAME_WIN_CONTENT)
    for triple in (g for g in groups if len(g) == 3):
        for pair in (g for g in groups if len(g) == 2):
            members = [quarks[i] for i in (*triple, *pair)]
            if sorted((q.flavour, q.anti) for q in members) == want:
                return triple, pair
    return None
