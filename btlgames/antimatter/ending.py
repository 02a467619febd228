"""How a game ends (Kit rules K23, K27, K29): a mixin of AntimatterState."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import takewhile

from ..science.nuclides import build_chain, stable_nuclide
from . import mats as M
from .data import catalogue

CHAIN_MAX_Z = 10  # the chart's atoms, up to neon


@lru_cache(maxsize=None)
def coop_chain() -> tuple:
    """The cooperative ladder (K27): the chart's atoms one after another, each adding mats to the
    last, up to the last atom the box's mats hold (carbon-12: the source's "try for carbon-12")."""
    return tuple(takewhile(lambda n: M.shortfall([n.label]) is None, build_chain(CHAIN_MAX_Z)))


class EndingMixin:
    # -- the end (K23, K27-K29) -------------------------------------------------------------------------
    def _complete(self, owner: int) -> bool:
        mats = [m for m in self.mats if m["owner"] == owner and not m["safe"]]
        return bool(mats) and all(M.full(m) for m in mats)

    def _check_end(self) -> bool:
        center = catalogue().board.center
        if center not in self.pawns and not (self.supply_changed and self.options["mode"] == "coop"):
            return False  # the usual step: nobody at the Center, and (cooperative) the supply as it was
        at_center = [s for s, space in enumerate(self.pawns) if space == center]
        if self.options["mode"] == "coop":
            return self._check_coop(at_center)
        for s in at_center:
            if self._complete(self.owner_of[s]):
                seats = [x for x in range(self.players) if self.owner_of[x] == self.owner_of[s]]
                self._finish("atom", seats, by=s)
                return True
        return False

    def _check_coop(self, at_center: list[int]) -> bool:
        if not at_center and not self.supply_changed:
            return False
        active = [m for m in self.mats if not m["safe"]]
        if at_center and self._complete(0):
            for m in active:
                m["safe"] = True
            chain = coop_chain()
            self.completed = chain[self.level].label
            self._log("atom", at_center[0], atom=self.completed)
            if self.level + 1 >= len(chain):
                self._finish("chain_end", list(range(self.players)), by=at_center[0])
                return True
            nxt = chain[self.level + 1]
            z, n = stable_nuclide(self.completed).mats
            new = [{"type": kind, "pieces": []}
                   for kind, count in (("proton", nxt.z - z), ("neutron", nxt.n - n)) for _ in range(count)]
            if not M.completable(new, self.bank):
                self._finish("most_complex", list(range(self.players)), by=at_center[0])
                return True
            self.level += 1
            self.goals[0]["atom"] = nxt.label
            self._add_mats(0, nxt.z - z, nxt.n - n)
            self._log("next_atom", None, atom=nxt.label)
            return False
        buildable = not self.supply_changed or M.completable(active, self.bank)
        self.supply_changed = False
        if not buildable:
            self._finish("most_complex" if self.completed else "impossible",
                         list(range(self.players)) if self.completed else [])
            return True
        return False

    def _finish(self, reason: str, winners: list[int] | None = None, by: int | None = None) -> None:
        if reason == "time" and self.options["mode"] != "coop":
            progress = {s: self._progress(self.owner_of[s]) for s in range(self.players)}
            best = max(progress.values())
            winners = [s for s, p in progress.items() if p == best]
        elif reason == "time":
            winners = list(range(self.players)) if self.completed else []
        self.winning = sorted(winners or [])
        self.phase = "over"
        self.decision, self.tasks, self.script = {}, [], []
        self.end_reason = reason
        self._log("end", by, reason=reason, winners=list(self.winning), atom=self.completed)

    def _progress(self, owner: int) -> tuple:
        """How close an owner came to its own atom when the lab closes (K29): the share of its
        goal's pieces on its mats (a goal's size is no merit: hydrogen one piece short is ahead of
        deuterium four short); on a tie the fewest pieces still missing, then the pawn nearest the
        Center (a team: its member nearest it)."""
        mats = [m for m in self.mats if m["owner"] == owner]
        placed = sum(len(m["pieces"]) for m in mats)
        total = sum(len(M.slots(m["type"])) for m in mats)
        distance = catalogue().board.distance
        nearest = min(distance[self.pawns[s]] for s in range(self.players) if self.owner_of[s] == owner)
        return Fraction(placed, total), placed - total, -nearest
