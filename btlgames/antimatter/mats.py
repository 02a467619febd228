"""The mats and the pieces on them (Kit rules K5-K7): what fits, what is complete, and whether
the pieces still in play can complete a set of mats. Pure functions of plain data."""
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
    """The first kind of piece the bank holds too few of to build all these atoms at once, as
    (kind, needed, in the bank), or None when the bank holds enough of every kind."""
    total = Counter()
    for atom in goal_atoms:
        total += needed_for(*stable_nuclide(atom).mats)
    pieces = catalogue().pieces
    for kind, need in total.items():
        have = sum(n for p, n in pieces.bank.items() if kind_of(p) == kind)
        if need > have:
            return kind, need, have
    return None
