"""The mats and the pieces on them (Kit rules K5-K7, K23): what fits, what is complete, whether
the pieces still in play can complete a set of mats, and whether a game's atoms fit the box.
Pure functions of plain data."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import permutations, product
from typing import Iterable

from ..science.nuclides import stable_nuclide
from .data import catalogue, colour_of, kind_of


def slots(mat_type: str) -> tuple[str, ...]:
    return catalogue().pieces.mats[mat_type]


def fits(mat: dict, piece: str, challenge: bool) -> bool:
    """Whether ``piece`` may go on ``mat`` now: a free slot of its kind (in Challenge mode: the
    next slot in the mat's order) and, for a quark, a colour not yet on the mat."""
    return _fits(mat["type"], tuple(mat["pieces"]), piece, challenge)


@lru_cache(maxsize=4096)  # bots ask it at every choice; few mats occur
def fitting(mat_type: str, have: tuple[str, ...], challenge: bool) -> frozenset[str]:
    """Every piece (of the bank's) that :func:`fits` a mat of this type holding ``have``."""
    return frozenset(p for p in catalogue().pieces.bank if _fits(mat_type, have, p, challenge))


@lru_cache(maxsize=65536)
def _fits(mat_type: str, have: tuple[str, ...], piece: str, challenge: bool) -> bool:
    want = slots(mat_type)
    kind = kind_of(piece)
    if len(have) >= len(want):
        return False
    if challenge:
        ok = want[len(have)] == kind
    else:
        ok = sum(kind_of(p) == kind for p in have) < want.count(kind)
    colour = colour_of(piece)
    return ok and (colour is None or colour not in {colour_of(p) for p in have})


def full(mat: dict) -> bool:
    return len(mat["pieces"]) == len(slots(mat["type"]))


def missing(mat: dict) -> list[Counter]:
    """The pieces that could still complete ``mat``: one Counter per way of colouring its quarks."""
    have = mat["pieces"]
    need = Counter(slots(mat["type"])) - Counter(kind_of(p) for p in have)
    plain = Counter({k: n for k, n in need.items() if not catalogue().pieces.is_quark(k)})
    quarks = [k for k in catalogue().pieces.quark_kinds for _ in range(need[k])]
    free = [c for c in catalogue().pieces.colours if c not in {colour_of(p) for p in have}]
    ways = {tuple(sorted(f"{k}-{c}" for k, c in zip(quarks, colours))) for colours in permutations(free, len(quarks))}
    return [plain + Counter(w) for w in sorted(ways)] or [plain]


def completable(mats: list[dict], supply: dict[str, int]) -> bool:
    """Whether the pieces in ``supply`` can fill every mat in ``mats``."""
    options = [missing(m) for m in mats if not full(m)]
    for choice in product(*options):
        total = sum(choice, Counter())
        if all(supply.get(p, 0) >= n for p, n in total.items()):
            return True
    return not options


def needed_for(z: int, n: int) -> Counter:
    """Pieces of each kind an atom with Z protons and N neutrons needs (colours aside)."""
    return Counter({k: z * slots("proton").count(k) + n * slots("neutron").count(k)
                    for k in catalogue().pieces.kinds})


def shortfall(goal_atoms: Iterable[str]) -> tuple[str, int, int] | None:
    """The first mat the box holds too few of to build all these atoms at once, as (mat, needed,
    in the box), or None when they fit the box (K23). The bank is sized to the box (data.py checks
    it on load: K5), so what fits the box never runs short of a piece or a colour."""
    need = Counter()
    for atom in goal_atoms:
        protons, neutrons = stable_nuclide(atom).mats
        need += Counter(proton=protons, neutron=neutrons)
    box = catalogue().pieces.box
    for mat in ("proton", "neutron"):
        if need[mat] > box[mat]:
            return mat, need[mat], box[mat]
    return None
