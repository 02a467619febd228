"""Fermions in atoms and matter meeting antimatter: the physics behind Antimatter Matters.

- :func:`electron_configuration`: how Z electrons fill the shells when no two may share a
  state (the Pauli exclusion principle: an orbital holds two, one of each spin) and, within a
  p subshell, each orbital takes one electron before any takes a second (Hund's rule). This
  filling order (1s 2s 2p 3s 3p) gives the measured ground states of every element up to argon
  (Z = 18); it stops there because from potassium on the real order needs more than this rule.
- :func:`annihilation`: a particle and its antiparticle at rest turn into two photons that
  share their rest energy, E = 2 m c², with masses from the Particle Data Group's tables as the
  ``particle`` package ships them.

    >>> electron_configuration(8).label
    '1s² 2s² 2p⁴'
    >>> round(annihilation("e-").photon_kev)
    511
"""
from __future__ import annotations

from dataclasses import dataclass

import periodictable

SUBSHELLS = (("1s", 1), ("2s", 1), ("2p", 3), ("3s", 1), ("3p", 3))  # (name, orbitals), filling order
MAX_Z = 18
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True)
class Configuration:
    z: int
    symbol: str
    element: str
    orbitals: tuple[tuple[str, tuple[str, ...]], ...]  # (subshell, spins per orbital: "↑", "↑↓" or "")

    @property
    def label(self) -> str:
        counts = [(name, sum(len(o) for o in spins)) for name, spins in self._by_subshell()]
        return " ".join(f"{name}{str(n).translate(SUPERSCRIPT)}" for name, n in counts if n)

    def _by_subshell(self):
        out: dict[str, list[str]] = {}
        for name, spins in self.orbitals:
            out.setdefault(name, []).append(spins)
        return list(out.items())

    @property
    def unpaired(self) -> int:
        return sum(spins == "↑" for _, spins in self.orbitals)


def electron_configuration(z: int) -> Configuration:
    """The ground state of the neutral atom with ``z`` electrons (1 to 18)."""
    if isinstance(z, bool) or not isinstance(z, int) or not 1 <= z <= MAX_Z:
        raise ValueError(f"z must be a whole number from 1 to {MAX_Z} (argon), not {z!r}")
    left = z
    orbitals: list[tuple[str, str]] = []
    for name, count in SUBSHELLS:
        take = min(left, 2 * count)
        left -= take
        # Hund: one up-spin in each orbital first, then the down-spins pair them in order.
        spins = ["↑" if take > i else "" for i in range(count)]
        for i in range(max(0, take - count)):
            spins[i] = "↑↓"
        orbitals += [(name, s) for s in spins]
    element = periodictable.elements[z]
    return Configuration(z, element.symbol, element.name, tuple((n, s) for n, s in orbitals if s or n in _open(z)))


def _open(z: int) -> set[str]:
    """The subshells that hold electrons (their empty orbitals are drawn too)."""
    seen, left = set(), z
    for name, count in SUBSHELLS:
        if left > 0:
            seen.add(name)
        left -= 2 * count
    return seen


@dataclass(frozen=True)
class Annihilation:
    particle: str
    antiparticle: str
    mass_mev: float          # each one's rest mass energy, m c² (PDG)
    mass_error_mev: float

    @property
    def total_mev(self) -> float:
        return 2 * self.mass_mev

    @property
    def photon_kev(self) -> float:
        """Each of the two photons (at rest the two fly apart back to back with equal energy)."""
        return self.mass_mev * 1000


def annihilation(name: str) -> Annihilation:
    """A particle meeting its antiparticle at rest: "e-" (with a positron) or "p" (an antiproton)."""
    from particle import Particle

    try:
        p = Particle.from_name(name)
    except Exception:
        raise ValueError(f"no particle called {name!r} in the PDG table (try 'e-' or 'p')") from None
    anti = Particle.from_pdgid(-p.pdgid) if p.pdgid != -p.pdgid else p
    return Annihilation(p.name, anti.name, float(p.mass), float(p.mass_upper or 0.0))
