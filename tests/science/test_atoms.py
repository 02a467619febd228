"""Electron shells and annihilation against known facts."""
import pytest

from btlgames.science.atoms import annihilation, electron_configuration

# Ground-state configurations and unpaired electrons measured by spectroscopy (NIST).
KNOWN = {1: ("1s¹", 1), 2: ("1s²", 0), 3: ("1s² 2s¹", 1), 5: ("1s² 2s² 2p¹", 1), 6: ("1s² 2s² 2p²", 2),
         7: ("1s² 2s² 2p³", 3), 8: ("1s² 2s² 2p⁴", 2), 9: ("1s² 2s² 2p⁵", 1), 10: ("1s² 2s² 2p⁶", 0),
         15: ("1s² 2s² 2p⁶ 3s² 3p³", 3), 18: ("1s² 2s² 2p⁶ 3s² 3p⁶", 0)}


@pytest.mark.parametrize("z", KNOWN)
def test_configurations_match_the_measured_ground_states(z):
    c = electron_configuration(z)
    assert (c.label, c.unpaired) == KNOWN[z]


def test_no_orbital_ever_holds_more_than_two_and_a_pair_has_opposite_spins():
    for z in range(1, 19):
        c = electron_configuration(z)
        assert all(spins in ("", "↑", "↑↓") for _, spins in c.orbitals)
        assert sum(len(s) for _, s in c.orbitals) == z
    assert electron_configuration(10).element == "neon"


@pytest.mark.parametrize("bad", [0, 19, "3", True])
def test_outside_hydrogen_to_argon_is_refused(bad):
    with pytest.raises(ValueError, match="from 1 to 18"):
        electron_configuration(bad)


def test_an_electron_and_a_positron_give_two_511_kev_photons():
    a = annihilation("e-")
    assert a.antiparticle == "e+" and a.photon_kev == pytest.approx(511.0, abs=0.01)
    assert a.total_mev == pytest.approx(1.022, abs=0.001)


def test_a_proton_and_an_antiproton_release_about_1_9_gev():
    a = annihilation("p")
    assert a.total_mev == pytest.approx(1876.5, abs=0.1)
    with pytest.raises(ValueError, match="no particle called"):
        annihilation("unobtainium")
