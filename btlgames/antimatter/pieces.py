"""Pieces on mats and the antimatter spinner (Kit rules K5-K7, K13-K14, K19): a mixin of
AntimatterState, which holds the fields (mats, bank, out_of_play, entangled, ...)."""
from __future__ import annotations

from . import mats as M
from .data import catalogue, kind_of


class PiecesMixin:
    # -- pieces (K5-K7) --------------------------------------------------------------------------------
    def _active(self, seat: int) -> list[int]:
        owner = self.owner_of[seat]
        return [i for i, m in enumerate(self.mats) if m["owner"] == owner and not m["safe"]]

    def _challenge(self, seat: int) -> bool:
        return self.goals[self.owner_of[seat]]["challenge"]

    def _distinct(self, mats: list[int]) -> list[int]:
        """Mats that differ: a choice between two mats in the same state is no choice."""
        seen, out = set(), []
        for i in mats:
            key = (self.mats[i]["type"], tuple(sorted(self.mats[i]["pieces"])))
            if key not in seen:
                seen.add(key)
                out.append(i)
        return out

    def _do_take(self, seat: int, piece: str) -> None:
        """Take the piece if the Scientist needs it (a mat has room for it) and the bank has one."""
        fit = [i for i in self._active(seat) if M.fits(self.mats[i], piece, self._challenge(seat))]
        if not fit:
            self._log("not_needed", seat, piece=piece)
            return
        if not self.bank[piece]:
            self._log("bank_empty", seat, piece=piece)
            return
        options = self._distinct(fit)
        if len(options) == 1:
            self._place(seat, options[0], piece)
        else:
            self.decision = {"kind": "place", "seat": seat, "piece": piece, "options": options}

    def _place(self, seat: int, mat: int, piece: str) -> None:
        self.bank[piece] -= 1
        self.mats[mat]["pieces"].append(piece)
        self.stats["pieces_taken"] += 1
        self._log("take", seat, piece=piece, mat=mat)

    def _do_lose(self, seat: int, kind: str) -> None:
        held = sorted({(i, p) for i in self._active(seat) for p in self.mats[i]["pieces"] if kind_of(p) == kind})
        if not held:
            self._log("nothing_to_lose", seat, piece=kind)
        elif len(held) == 1:
            self._lose(seat, *held[0])
        else:
            self.decision = {"kind": "lose", "seat": seat, "options": [list(h) for h in held]}

    def _lose(self, seat: int, mat: int, piece: str) -> None:
        gone = self._strip(seat, mat, [self.mats[mat]["pieces"].index(piece)])
        self._log("lose", seat, pieces=gone, mat=mat)

    def _strip(self, seat: int, mat: int, places: list[int]) -> list[str]:
        """Take the pieces at ``places`` off a mat; a challenge mat keeps its order, so the
        pieces after the first one lost go too (K7). Returns what went."""
        pieces = self.mats[mat]["pieces"]
        if self._challenge(seat):
            places = list(range(min(places), len(pieces)))
        gone = [pieces[i] for i in places]
        self.mats[mat]["pieces"] = [p for i, p in enumerate(pieces) if i not in places]
        for p in gone:
            self._return(p)
        self.stats["pieces_lost"] += len(gone)
        return gone

    def _return(self, piece: str) -> None:
        """A lost piece goes back to the bank; in the cooperative game it leaves play (source)."""
        if self.options["mode"] == "coop":
            self.out_of_play[piece] += 1
            self.supply_changed = True
        else:
            self.bank[piece] += 1

    def _do_breach(self, seat: int) -> None:
        hit = [i for i in self._active(seat)
               if any(kind_of(p) in ("gluon", "photon") for p in self.mats[i]["pieces"])]
        hit = self._distinct(hit)
        if not hit:
            self._log("nothing_to_lose", seat, piece="gluon")
        elif len(hit) == 1:
            self._breach(seat, hit[0])
        else:
            self.decision = {"kind": "breach", "seat": seat, "options": hit}

    def _breach(self, seat: int, mat: int) -> None:
        pieces = self.mats[mat]["pieces"]
        gone = self._strip(seat, mat, [i for i, p in enumerate(pieces) if kind_of(p) in ("gluon", "photon")])
        self._log("breach", seat, pieces=gone, mat=mat)

    # -- the spinner (K13-K14) --------------------------------------------------------------------------
    def _do_spin(self, seat: int) -> None:
        sectors = catalogue().sectors
        wheel = [s.id for s in sectors for _ in range(s.weight)]
        result = self.chance.choice(wheel)
        self.stats["spins"] += 1
        seats = [seat]
        pair = next((p for p in self.entangled if seat in p), None)
        if pair:  # K19: the pair share this measurement, and it ends the link
            other = pair[0] if pair[1] == seat else pair[1]
            seats.append(other)
            self.entangled.remove(pair)
            for s in pair:
                card = self.in_front.pop(str(s), None)
                if card:
                    self.discard.append(card)
            self._log("disentangled", seat, seats=list(pair))
        self.spins = [[s, result] for s in seats]
        self._log("spin", seat, sector=result, seats=seats)
        self.tasks[:0] = [{"do": "sector", "seat": s, "sector": result} for s in seats]

    def _do_sector(self, seat: int, sector: str) -> None:
        s = next(x for x in catalogue().sectors if x.id == sector)
        if s.effect == "draw":
            self.tasks.insert(0, {"do": "draw", "seat": seat})
        elif s.effect == "anti":
            self.tasks.insert(0, {"do": "lose", "seat": seat, "kind": s.piece})
        elif s.effect == "breach":
            self.tasks.insert(0, {"do": "breach", "seat": seat})
        elif s.effect == "center":
            center = catalogue().board.center
            if center in self._occupied(seat) or self.pawns[seat] == center:
                self._log("center_blocked", seat)
            else:
                start, self.pawns[seat] = self.pawns[seat], center
                self._log("move", seat, start=start, space=center, how="spinner", steps=0)
