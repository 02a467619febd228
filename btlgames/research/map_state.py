"""The map during play: tiles, noise and its overflow, neighbours through wormholes, production.

A part of ResearchState (rules.py), kept in its own module to keep modules small.
"""
from __future__ import annotations

from operator import itemgetter

from . import board, cards
from .constants import TILES

_HEX = itemgetter("hex")


class MapState:
    def _place_tile(self, p: int, project: str, hex_: str, bonus: bool) -> None:
        pl = self.players_[p]
        pl["tiles_left"] -= 1
        tile = {"uid": f"{p + 1}{chr(ord('a') + TILES - 1 - pl['tiles_left'])}", "card": project,
                "owner": p, "hex": hex_}
        self.tiles.append(tile)
        gained = dict(cards.placement_bonus().get(hex_, {})) if bonus else {}
        self._gain(p, gained)
        self._log("build", p, card=project, hex=hex_, tile=tile["uid"], bonus=gained)
        field_ = board.FIELD_OF[hex_]
        if field_ != board.META and field_ not in pl["programmes"] and self._programme(p, field_):
            pl["programmes"].append(field_)
            pl["vp"] += 1
            self._log("programme", p, field=field_)

    def _programme(self, p: int, field_: str) -> bool:
        """Three of the player's tiles adjacent in a chain in one field."""
        mine = {t["hex"] for t in self.tiles if t["owner"] == p and board.FIELD_OF[t["hex"]] == field_}
        for h in mine:
            linked = {h} | {n for n in self._neighbours(h) if n in mine}
            grown = linked | {m for n in linked for m in self._neighbours(n) if m in mine}
            if len(grown) >= 3:
                return True
        return False

    def _neighbours(self, hex_: str) -> tuple[str, ...]:
        """The map neighbours in hex order, then the far ends of wormholes from this hex."""
        if not self.wormholes:
            return board.NEIGHBOURS[hex_]
        linked = [b for a, b in self.wormholes if a == hex_] + [a for a, b in self.wormholes if b == hex_]
        return board.NEIGHBOURS[hex_] + tuple(linked)

    def _occupied(self) -> set:
        taken = set(map(_HEX, self.tiles))
        taken.update(self.anomaly_at, self.neutral, self.hidden)
        return taken

    def _known_free(self, field_: str, taken: set | None = None) -> list[str]:
        taken = self._occupied() if taken is None else taken
        return [h for h in board.FIELD_HEXES[field_] if h not in taken]

    def _near(self, p: int) -> set:
        """``p``'s hexes and their neighbours (both ways, wormholes too)."""
        near = set()
        neighbours = self._neighbours if self.wormholes else board.NEIGHBOURS.__getitem__  # the map's, in C
        for t in self.tiles:
            if t["owner"] == p:
                near.add(t["hex"])
                near.update(neighbours(t["hex"]))
        return near

    def _build_spots(self, p: int, fields, near: set | None = None) -> dict[str, list[str]]:
        """Where ``p`` may build a project of each of ``fields``, by field: a free hex of the field (of
        Metascience if none is left) beside one of ``p``'s tiles if there is one, else any. The map read
        once for all fields; ``near``: ``_near(p)`` if known (its own hexes are taken, so only the
        neighbours count). Plain loops: the most frequent decision asks."""
        taken = self._occupied()
        near = self._near(p) if near is None else near
        spots = {}
        for field_ in fields:
            if field_ in spots:
                continue
            free = []
            for h in board.FIELD_HEXES[field_]:
                if h not in taken:
                    free.append(h)
            if not free:
                for h in board.FIELD_HEXES[board.META]:
                    if h not in taken:
                        free.append(h)
            beside = []
            for h in free:
                if h in near:
                    beside.append(h)
            spots[field_] = beside or free
        return spots

    def _hidden_in(self, field_: str) -> list[str]:
        return [h for h in board.FIELD_HEXES[field_] if h in self.hidden]

    def _noisy_near(self, p: int, near: set | None = None) -> list[str]:
        """The hexes with noise on or beside ``p``'s tiles, in hex order (``near``: ``_near(p)`` if known)."""
        noise = self.noise
        noisy = []
        for h in self._near(p) if near is None else near:
            if noise[h] > 0:
                noisy.append(h)
        return sorted(noisy, key=board.ORDER.__getitem__) if len(noisy) > 1 else noisy

    def _production(self, p: int) -> dict:
        out: dict = {}
        mine, my_hexes = [], set()  # plain loops: every income asks
        for t in self.tiles:
            if t["owner"] == p:
                mine.append(t)
                my_hexes.add(t["hex"])
        projects = cards.projects()
        for tile in mine:
            produce = projects[tile["card"]].produce
            if not produce:
                continue
            beside = not my_hexes.isdisjoint(self._neighbours(tile["hex"]))  # K22: the first resource +1
            for r, n in produce.items():
                out[r] = out.get(r, 0) + n + beside
                beside = False
        return out

    def _add_noise(self, hex_: str, n: int) -> None:
        for _ in range(n):
            self._add_one_noise(hex_, set(), 0)

    def _add_one_noise(self, hex_: str, leaked: set, steps: int) -> None:
        """One noise on a hex; at 3 it overflows to the quietest neighbour, twice at most (K21)."""
        if self.noise[hex_] < 3:
            self.noise[hex_] += 1
            self._take_noise_from_supply()
        elif not self.school and steps < 2 and hex_ not in leaked:
            leaked.add(hex_)
            quiet = min(self._neighbours(hex_), key=lambda h: (self.noise[h], board.ORDER[h]))
            self._add_one_noise(quiet, leaked, steps + 1)

    def _take_noise_from_supply(self) -> None:
        self.noise_supply -= 1
        if self.noise_supply <= 0:
            for pl in self.players_:
                pl["reputation"] = max(0, pl["reputation"] - 1)
            self.noise_supply = 4 + 3 * self.players
            self._log("noise_supply_empty", None)

    def _clean(self, hex_: str, n: int) -> int:
        removed = min(n, self.noise[hex_])
        self.noise[hex_] -= removed
        self.noise_supply += removed
        return removed
