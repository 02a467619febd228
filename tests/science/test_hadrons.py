"""Real hadrons from PDG data (btlgames.science.hadrons) against the colour model."""
import itertools
from collections import Counter
from fractions import Fraction

import pytest
from particle import Particle

from btlgames.science import hadrons
from btlgames.science.colour import COLOURS, Quark, best_confinement, is_colour_neutral

BAR = "\u0304"


@pytest.fixture(scope="module")
def records():
    return hadrons.hadron_records()


# -- the PDG table ----------------------------------------------------------------------------
def test_the_table_lists_well_known_mesons_and_baryons(records):
    names = {r["name"] for r in records}
    assert {"pi+", "pi0", "K+", "K-", "J/psi(1S)", "D0", "p", "n", "Lambda", "Delta(1232)++",
            "Omega-", "Lambda(b)0"} <= names
    kinds = Counter(r["kind"] for r in records)
    assert kinds["meson"] >= 5 and kinds["baryon"] >= 5 and set(kinds) == {"meson", "baryon"}
    for r in records:
        assert set(r) >= {"name", "symbol", "pdgid", "mass_mev", "charge", "quarks", "kind",
                          "n_quarks", "n_antiquarks", "why"}
        assert r["mass_mev"] > 100


def test_frame_has_one_row_per_hadron():
    df = hadrons.hadron_frame()
    assert len(df) == len(hadrons.HADRONS)
    assert {"name", "pdgid", "mass_mev", "charge", "quarks", "kind"} <= set(df.columns)


@pytest.mark.parametrize("pdgid, symbol", hadrons.HADRONS)
def test_charge_from_the_quarks_matches_pdg(pdgid, symbol):
    p = Particle.from_pdgid(pdgid)
    for term in hadrons.pdg_quark_terms(p.quarks):  # every part of a mixture such as π⁰
        assert hadrons.charge_of(term) == Fraction(p.charge), (p.name, term)
    assert hadrons.charge_of(hadrons.content_from_pdgid(pdgid)) == Fraction(p.charge)


@pytest.mark.parametrize("pdgid, symbol", hadrons.HADRONS)
def test_quarks_from_the_pdg_id_agree_with_the_particle_package(pdgid, symbol):
    p = Particle.from_pdgid(pdgid)
    from_id = Counter(hadrons.content_from_pdgid(pdgid))
    assert from_id in [Counter(t) for t in hadrons.pdg_quark_terms(p.quarks)]


def test_every_listed_hadron_is_colour_neutral_in_the_model(records):
    for r in records:
        check = hadrons.neutral_check(r["model_quarks"])
        assert check.neutral, r["name"]
        assert best_confinement(check.quarks).free == ()
        assert all(is_colour_neutral([check.quarks[i] for i in g]) for g in check.groups)
        assert (r["n_quarks"], r["n_antiquarks"]) in {(1, 1), (3, 0), (0, 3)}
        assert (r["kind"] == "meson") == ((r["n_quarks"], r["n_antiquarks"]) == (1, 1))
        assert r["why"].startswith(check.why)
        expected = {"meson": "colour with its own anti-colour", "baryon": "red + green + blue"}
        if r["n_antiquarks"] == 3:
            assert "anti-red + anti-green + anti-blue" in r["why"]
        else:
            assert expected[r["kind"]] in r["why"]


@pytest.mark.parametrize("name, content, charge", [
    ("p", "uud", 1), ("n", "udd", 0), ("pi+", "ud" + BAR, 1), ("K-", "u" + BAR + "s", -1),
    ("J/psi(1S)", "cc" + BAR, 0), ("Omega-", "sss", -1), ("Delta(1232)++", "uuu", 2),
    ("p~", "u" + BAR + "u" + BAR + "d" + BAR, -1),
])
def test_known_contents(records, name, content, charge):
    r = next(r for r in records if r["name"] == name)
    assert Counter(hadrons.parse_content(r["model_quarks"])) == Counter(hadrons.parse_content(content))
    assert r["charge"] == charge == r["charge_from_quarks"]


def test_a_mixture_explains_itself(records):
    pi0 = next(r for r in records if r["name"] == "pi0")
    assert "mixture" in pi0["why"] and "√2" in pi0["quarks"]


# -- the LHCb pentaquarks ---------------------------------------------------------------------------
def test_lhcb_pentaquarks():
    recs = hadrons.pentaquark_records()
    assert [r["mass_mev"] for r in recs] == [4380.0, 4449.8]
    assert [(r["mass_stat_mev"], r["mass_syst_mev"]) for r in recs] == [(8.0, 29.0), (1.7, 2.5)]
    for r in recs:
        assert Counter(hadrons.parse_content(r["quarks"])) == Counter(hadrons.parse_content("uudcc~"))
        assert r["charge"] == 1 == hadrons.charge_of(r["quarks"])
        assert (r["n_quarks"], r["n_antiquarks"]) == (4, 1)
        assert "Phys. Rev. Lett. 115 (2015) 072001" in r["reference"]
        assert r["found_in"] == "Λb⁰ → J/ψ K⁻ p"
        assert "red + green + blue" in r["why"] and "anti-" in r["why"]


def test_pentaquark_is_rgb_plus_a_colour_pair():
    check = hadrons.neutral_check("uudc" + "c" + BAR)
    assert check.neutral
    assert sorted(map(len, check.groups)) == [2, 3]
    assert check.colours == "u(R) u(G) d(B) c(R) c" + BAR + "(R" + BAR + ")"
    assert check.why == "u(R) u(G) d(B): red + green + blue; c(R) c̄(R̄): red + anti-red"


def test_the_pdg_check_for_pentaquarks_runs():
    assert isinstance(hadrons.in_pdg_table(), list)
    assert "particle" in hadrons.pdg_source()


def test_game_winning_set_is_recognised():
    example = hadrons.RULEBOOK_WIN_EXAMPLE
    best = best_confinement(example)
    assert hadrons.winning_grouping(example, best.groups) is not None
    proton = [Quark("up", "red"), Quark("up", "green"), Quark("down", "blue")]
    assert hadrons.winning_grouping(proton, [(0, 1, 2)]) is None
    # u u d c c̄ but the anti-charm left free: no win
    assert hadrons.winning_grouping(example, [(1, 2, 3)]) is None


# -- contents and colour checks ---------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["uudcc\u0304", "u u d c c~", "uudcC", "uudc c\u0304 "])
def test_ways_to_write_a_content(text):
    assert hadrons.parse_content(text) == (("up", False), ("up", False), ("down", False),
                                           ("charm", False), ("charm", True))


def test_precomposed_bars_are_read():
    assert hadrons.parse_content("\u016b") == (("up", True),)  # ū as one character


@pytest.mark.parametrize("text, words", [
    ("uut", "top quark"), ("uux", "'x' is not a quark"), ("", "empty"), ("~u", "must follow"),
    ("u~~", "must follow"), (42, "string"),
])
def test_bad_contents_raise_clear_errors(text, words):
    with pytest.raises(ValueError, match=words):
        hadrons.parse_content(text)


@pytest.mark.parametrize("content, neutral", [
    ("uuuu", False), ("u", False), ("uu" + "d" + BAR, False), ("ud" + BAR + "s" + BAR, False),
    ("uud", True), ("u" + BAR + "u" + BAR + "d" + BAR, True), ("uuddcc", True),
    ("uu" + "d" + BAR + "d" + BAR, True), ("uudcc" + BAR, True), ("uudsc" + "d" + BAR + "s" + BAR, True),
])
def test_can_be_neutral(content, neutral):
    check = hadrons.neutral_check(content)
    assert check.neutral is neutral == hadrons.can_be_neutral(content)
    if neutral:
        assert best_confinement(check.quarks).free == ()
    else:
        assert "multiple of 3" in check.why
        assert hadrons.why_neutral(content).startswith("Not colour-neutral")


@pytest.mark.parametrize("n_quarks, n_anti", [(a, b) for a in range(6) for b in range(6) if 0 < a + b <= 5])
def test_the_counting_rule_matches_an_exhaustive_search(n_quarks, n_anti):
    """Some colouring confines everything exactly when quarks minus anti-quarks is a multiple of 3."""
    content = "u" * n_quarks + ("u" + BAR) * n_anti
    parsed = hadrons.parse_content(content)
    some_colouring_works = any(
        not best_confinement([Quark(f, c, a) for (f, a), c in zip(parsed, colours)]).free
        for colours in itertools.product(COLOURS, repeat=len(parsed)))
    assert hadrons.can_be_neutral(content) is some_colouring_works
    assert some_colouring_works is ((n_quarks - n_anti) % 3 == 0)


def test_parse_quarks_reads_what_quarks_print():
    every = [Quark(f, c, a) for f in ("up", "down", "strange", "charm", "bottom")
             for c in COLOURS for a in (False, True)]
    assert hadrons.parse_quarks(" ".join(map(str, every))) == every
    assert hadrons.parse_quarks("uR, uG dB c~B~") == hadrons.parse_quarks("u(R) u(G) d(B) c\u0304(B\u0304)")
    assert hadrons.parse_quarks("") == []


@pytest.mark.parametrize("text, words", [
    ("u(X)", "not a colour"), ("x(R)", "not a flavour"), ("t(R)", "top quark"), ("u", "cannot read"),
    ("c(B\u0304)", "anti-colour belongs to an anti-quark"), ("u(R", "cannot read"),
])
def test_parse_quarks_errors(text, words):
    with pytest.raises(ValueError, match=words):
        hadrons.parse_quarks(text)


def test_describe_group_refuses_a_non_neutral_group():
    with pytest.raises(ValueError, match="not colour-neutral"):
        hadrons.describe_group([Quark("up", "red"), Quark("up", "green")])


def test_content_from_pdgid_rejects_non_hadrons():
    for pid in (11, 22, 6, 1000020040):  # electron, photon, top quark, helium-4
        with pytest.raises(ValueError, match="not an ordinary meson or baryon"):
            hadrons.content_from_pdgid(pid)
