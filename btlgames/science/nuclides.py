"""Stable nuclides from real isotope data, and the game mats each one needs.

The data are the natural isotopic abundances the ``periodictable`` package ships (IUPAC
values, no network needed). A nuclide with a natural abundance is stable for every element up
to argon (Z = 18): the traces of radioactive carbon-14 or tritium that cosmic rays make count
for no share of an element's atoms in the data. From potassium on, nature also holds
radioactive nuclides that live long enough to have survived since the Earth formed
(potassium-40, half-life 1.25 billion years), so abundance alone no longer proves stability
and :func:`stable_nuclides` stops at 18.

In Antimatter Matters an atom with Z protons and N neutrons is built from Z Proton+Electron
mats (each proton comes with the electron that makes the atom neutral) and N Neutron mats.

    >>> [n.label for n in stable_nuclides(2)]
    ['H-1', 'H-2', 'He-3', 'He-4']
    >>> stable_nuclide("C-12").mats
    (6, 6)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import periodictable

MAX_Z = 18  # argon: the last element whose natural isotopes are all stable (see above)


@dataclass(frozen=True)
class Nuclide:
    z: int  # protons
    n: int  # neutrons
    symbol: str
    element: str
    abundance: float  # percent of the element's atoms in nature (0 if the data count none, as for C-14)
    mass_u: float  # atomic mass in unified atomic mass units

    @property
    def a(self) -> int:
        """The mass number: protons plus neutrons."""
        return self.z + self.n

    @property
    def label(self) -> str:
        return f"{self.symbol}-{self.a}"

    @property
    def stable(self) -> bool:
        return self.abundance > 0

    @property
    def mats(self) -> tuple[int, int]:
        """(Proton+Electron mats, Neutron mats) the game needs to build this atom."""
        return self.z, self.n


@lru_cache(maxsize=None)
def isotopes(max_z: int = MAX_Z) -> tuple[Nuclide, ...]:
    """Every isotope periodictable knows for hydrogen to ``max_z``, stable or not, by (Z, N)."""
    if isinstance(max_z, bool) or not isinstance(max_z, int) or not 1 <= max_z <= MAX_Z:
        raise ValueError(f"max_z must be a whole number from 1 to {MAX_Z} (argon), not {max_z!r}")
    out = []
    for element in periodictable.elements:
        if not 1 <= element.number <= max_z:
            continue
        for a in element.isotopes:
            iso = element[a]
            out.append(Nuclide(element.number, a - element.number, element.symbol, element.name,
                               float(iso.abundance), float(iso.mass)))
    return tuple(sorted(out, key=lambda x: (x.z, x.n)))


@lru_cache(maxsize=None)
def stable_nuclides(max_z: int = 10) -> tuple[Nuclide, ...]:
    """The stable nuclides from hydrogen to element ``max_z``, simplest first (by mass
    number, then protons): the Stable Atom Chart."""
    return tuple(sorted((x for x in isotopes(max_z) if x.stable), key=lambda x: (x.a, x.z)))


def stable_nuclide(label: str) -> Nuclide:
    """One stable nuclide by its label, "He-4"; a clear ValueError for anything else."""
    for nuclide in stable_nuclides(MAX_Z):
        if nuclide.label.lower() == str(label).strip().lower():
            return nuclide
    known = ", ".join(x.label for x in stable_nuclides(MAX_Z))
    raise ValueError(f"{label!r} is not a stable nuclide up to argon; the chart holds: {known}")


def build_chain(max_z: int = 10) -> tuple[Nuclide, ...]:
    """The cooperative game's ladder: from hydrogen-1, each next atom is the simplest stable
    one that only adds mats (no fewer protons or neutrons), so a finished atom is kept whole."""
    chain = [stable_nuclides(max_z)[0]]
    for nuclide in stable_nuclides(max_z)[1:]:
        last = chain[-1]
        if nuclide.z >= last.z and nuclide.n >= last.n and nuclide.a > last.a:
            chain.append(nuclide)
    return tuple(chain)
