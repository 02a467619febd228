"""The Stable Atom Chart against known facts about light nuclei."""
import pytest

from btlgames.science.nuclides import MAX_Z, build_chain, isotopes, stable_nuclide, stable_nuclides


def test_the_stable_nuclides_up_to_carbon_are_the_known_eleven():
    labels = [n.label for n in stable_nuclides(6)]
    assert labels == ["H-1", "H-2", "He-3", "He-4", "Li-6", "Li-7", "Be-9", "B-10", "B-11", "C-12", "C-13"]


def test_famous_unstable_nuclides_are_left_out():
    stable = {n.label for n in stable_nuclides(MAX_Z)}
    known = {n.label for n in isotopes(MAX_Z)}
    for label in ("H-3", "Be-8", "C-14", "Li-8", "N-13"):  # tritium, the two-alpha Be-8, radiocarbon
        assert label in known and label not in stable
    with pytest.raises(ValueError, match="not a stable nuclide"):
        stable_nuclide("C-14")


def test_no_stable_nuclide_has_mass_number_five_or_eight():
    # The gaps that make Big Bang nucleosynthesis stall after lithium.
    assert not [n for n in stable_nuclides(MAX_Z) if n.a in (5, 8)]


def test_mats_are_one_proton_mat_per_proton_and_one_neutron_mat_per_neutron():
    assert stable_nuclide("H-1").mats == (1, 0)
    assert stable_nuclide("h-2").mats == (1, 1)  # deuterium: the source's "longer game"
    assert stable_nuclide("He-4").mats == (2, 2)
    assert stable_nuclide("Li-6").mats == (3, 3)
    assert stable_nuclide("C-12").mats == (6, 6)


def test_abundances_and_masses_are_real_data():
    c12 = stable_nuclide("C-12")
    assert c12.mass_u == pytest.approx(12.0)  # the definition of the atomic mass unit
    assert c12.abundance == pytest.approx(98.9, abs=0.1)
    assert stable_nuclide("H-1").abundance > 99.9
    assert sum(n.abundance for n in stable_nuclides(MAX_Z) if n.z == 8) == pytest.approx(100, abs=0.01)


def test_the_chain_only_ever_adds_mats_and_runs_from_hydrogen_to_neon():
    chain = build_chain(10)
    assert chain[0].label == "H-1" and chain[-1].label == "Ne-22"
    for a, b in zip(chain, chain[1:]):
        assert b.z >= a.z and b.n >= a.n and b.a > a.a
    labels = [n.label for n in chain]
    # the source's example: Helium-4, then one Proton+Electron and one Neutron mat make Lithium-6
    assert labels[labels.index("He-4") + 1] == "Li-6"


@pytest.mark.parametrize("bad", [0, 19, "6", True, 2.0])
def test_the_chart_refuses_elements_it_cannot_vouch_for(bad):
    with pytest.raises(ValueError, match="max_z"):
        stable_nuclides(bad)
