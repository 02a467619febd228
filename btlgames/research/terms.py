"""A test's terms from what everyone sees: the app shows them before the roll, bots weigh them,
and the engine rolls against them (lessons/research-programme/rules.md, "Tests")."""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from . import board, cards
from .constants import BONUS_CAP


def neighbours(view: dict, hex_: str) -> Sequence[str]:
    """Map neighbours plus the far end of any wormhole from this hex."""
    wormholes = view["wormholes"]
    if not wormholes:
        return board.NEIGHBOURS[hex_]
    linked = [b for a, b in wormholes if a == hex_] + [a for a, b in wormholes if b == hex_]
    return list(board.NEIGHBOURS[hex_]) + linked


def test_terms(view: dict, p: int, theory: str, tile_uid: str, method: str) -> dict:
    """Difficulty, capped bonus and penalties of a test, from what everyone sees (so the app can
    show them before the roll and bots can weigh them)."""
    tile = next((t for t in view["tiles"] if t["uid"] == tile_uid), None) if tile_uid else None
    return tile_terms(view, p, theory, tile, method)


def tile_terms(view: dict, p: int, theory: str, tile: dict | None, method: str) -> dict:
    """:func:`test_terms` with the tile itself (one of ``view["tiles"]``, or None for no project)."""
    return SeatTests(view, p).terms(theory, site_of(view, tile), method)


class Site:
    """What a test's terms take from its tile and the map alone: the same for every theory tested
    there (a bot that weighs several theories on its tiles works it out once a tile). Never changed once
    made. A class with slots, not a named tuple: its fields are read hundreds of times a game, and a
    named tuple's field costs several times a slot's in this Python."""

    __slots__ = ("uid", "card", "hex", "technique", "field", "on_meta", "noise", "anomaly_fields")

    def __init__(self, uid: str, card: str, hex: str, technique: int, field: str, on_meta: bool, noise: int,
                 anomaly_fields: frozenset):
        self.uid = uid  # "": no project, a method test on Metascience
        self.card = card  # the project on the tile
        self.hex = hex
        self.technique = technique
        self.field = field  # the project's field
        self.on_meta = on_meta  # a project of a field on a Metascience hex (+1 difficulty)
        self.noise = noise
        self.anomaly_fields = anomaly_fields  # the fields of the anomalies beside the hex (through wormholes too)


_NO_FIELDS: frozenset = frozenset()
NO_SITE = Site("", "", "", 0, board.META, False, 0, _NO_FIELDS)


def site_of(view: dict, tile: dict | None) -> Site:
    """The :class:`Site` of one of ``view["tiles"]`` (None: no project). Plain loops and no calls where the
    usual case allows (bots ask for each of their tiles at most choices)."""
    if tile is None:
        return NO_SITE
    project = cards.projects()[tile["card"]]
    hex_ = tile["hex"]
    anomalies = view["anomalies"]
    beside = _NO_FIELDS
    if anomalies:
        near = neighbours(view, hex_) if view["wormholes"] else board.NEIGHBOURS[hex_]
        if not anomalies.keys().isdisjoint(near):
            fields = set()
            for h in near:
                if h in anomalies:
                    fields.add(board.FIELD_OF[h])
            beside = frozenset(fields)
    field = project.field
    return Site(tile["uid"], tile["card"], hex_, project.technique, field,
                board.FIELD_OF[hex_] == board.META and field != board.META, view["noise"][hex_], beside)


class SeatTests:
    """Seat ``p``'s tests of any theory at any :class:`Site` with any method: the terms, or just the
    faces of the die that pass. The seat's numbers are read once (a bot weighs every theory it may
    test at each of its tiles, with each method)."""

    __slots__ = ("view", "theories", "methods", "seat_bonus", "penalty")

    def __init__(self, view: dict, p: int):
        catalogue = cards.catalogue()
        pl = view["players_"][p]
        self.view, self.theories, self.methods = view, catalogue.theories, catalogue.methods
        self.seat_bonus = pl["rigor"] // 4 + pl["insight"] + pl["technique"]
        self.penalty = pl["penalty"]

    def terms(self, theory: str, site: Site, method: str) -> dict:
        difficulty, bonus, wormhole = self.faces(theory, site, method, parts=True)
        return {"difficulty": difficulty, "bonus": bonus, "noise": site.noise, "penalty": self.penalty,
                "hex": site.hex, "project_field": site.field, "wormhole": wormhole}

    def faces(self, theory: str, site: Site, method: str = "", parts: bool = False):
        """How many of the die's faces pass: ``success_faces(self.terms(theory, site, method))``, without the
        dict (success_faces' formula written out: bots ask hundreds of times a game). With ``parts``: the
        difficulty, the capped bonus and whether the test makes a wormhole (+1 difficulty) instead, which
        :meth:`terms` shows (one function for both: a call costs much in this Python)."""
        card = self.theories[theory]
        field = card.field
        raw = site.technique + self.seat_bonus + (field in site.anomaly_fields)
        if method:
            raw += self.methods[method].bonus
        bonus = raw if raw < BONUS_CAP else BONUS_CAP  # min(BONUS_CAP, raw), without a call
        wormhole = False
        if not site.uid:  # a method test on Metascience without a tile
            difficulty = card.difficulty + 1
        else:
            th = self.view["theories"][theory]
            project_field = site.field
            if card.test_project == site.card or (card.test_method and project_field == field):
                off = 0
            elif project_field == field:
                off = 1
            else:
                off = 1 if th["hits"] else 3
            if th["hits"] and project_field != field and not board.ADJACENT[project_field, field]:  # else none, without a call
                wormhole = _joins_far_fields(self.view, th, field, site.uid, project_field)
            difficulty = card.difficulty + off + site.on_meta + wormhole
        if parts:
            return difficulty, bonus, wormhole
        faces = 7 - (difficulty - bonus + site.noise + self.penalty)
        return 6 if faces > 6 else faces if faces > 0 else 0


def success_chance(terms: dict) -> Fraction:
    """The chance that one die plus the terms reaches the difficulty (exact)."""
    return Fraction(success_faces(terms), 6)


def success_faces(terms: dict) -> int:
    """How many of the die's six faces reach the difficulty."""
    return min(6, max(0, 7 - (terms["difficulty"] - terms["bonus"] + terms["noise"] + terms["penalty"])))


def makes_wormhole(view: dict, theory: str, tile) -> bool:
    """Would a replication with this tile join the theory's field to a non-neighbouring field
    the owner has no bridge to yet (+1 difficulty, announced before the roll)?"""
    if tile is None:
        return False
    return _joins_far_fields(view, view["theories"][theory], cards.theories()[theory].field, tile["uid"],
                             cards.projects()[tile["card"]].field)


def _joins_far_fields(view: dict, th: dict, field: str, uid: str, project_field: str) -> bool:
    if project_field == field or board.ADJACENT[project_field, field]:
        return False
    earlier = project_hits(th)
    return (bool(earlier) and uid not in earlier
            and sorted((project_field, field)) not in view["players_"][th["owner"]]["bridges"])


def project_hits(th: dict) -> list[str]:
    """The projects (tile uids) a theory has a hit on; a success without a project is none (K34)."""
    out = []
    for hit in th["hits"]:  # a plain loop: bots ask at every choice, and a theory has a few hits
        if hit["tile"]:
            out.append(hit["tile"])
    return out


def project_choices(tiles: list, p: int, pl: dict, theory: str) -> list[str]:
    """The tiles ``p`` may test ``theory`` with ("" = on Metascience without a tile, for a theory
    whose test names a method, which must then be at hand). ``tiles`` and ``pl`` come from the
    state or from ``p``'s own view alike."""
    named = cards.theories()[theory].test_method
    if named and not method_at_hand(pl, named):
        return []
    out = []
    for t in tiles:  # plain loops here and in method_choices: every prediction asks
        if t["owner"] == p:
            out.append(t["uid"])
    if named:
        out.append("")
    return out


def testable(theories, has_tile: bool, pl: dict) -> list[str]:
    """The theories for which :func:`project_choices` offers anything, without listing it (``has_tile``:
    the player has a tile on the map); in the order given."""
    catalogue = cards.theories()
    out = []
    for theory in theories:
        named = catalogue[theory].test_method
        if method_at_hand(pl, named) if named else has_tile:
            out.append(theory)
    return out


def method_at_hand(pl: dict, method: str) -> bool:
    return method in pl["methods"] or (method in (pl["hand"] or []) and cards.methods()[method].cost <= pl["res"]["R"])


def method_choices(pl: dict, theory: str) -> list[tuple[str, bool]]:
    """(method, from hand) pairs a prediction may attach: none, one on the table, or one from the hand
    that can be paid; a theory whose test names a method takes exactly that one."""
    named = cards.theories()[theory].test_method
    on_table = pl["methods"]
    out = [] if named else [("", False)]
    for m in on_table:
        if not named or m == named:
            out.append((m, False))
    methods, money = cards.methods(), pl["res"]["R"]
    for m in dict.fromkeys(pl["hand"] or []):
        if m in methods and m not in on_table and methods[m].cost <= money and (not named or m == named):
            out.append((m, True))
    return out


def income_of(view: dict, p: int, resource: str) -> dict:
    """What seat ``p`` takes at income choosing ``resource`` (D, L or O): money 2 + Reputation ÷ 3
    (+1 with Hype 2 or more), the resource, and each project's production (its first resource +1
    beside another of the seat's projects, K22). The engine's own sum, from what everyone sees: the
    app warns before a choice that clean-up would take back (tests/engine check it against the engine)."""
    pl = view["players_"][p]
    out = {"R": 2 + pl["reputation"] // 3 + (1 if pl["hype"] >= 2 else 0)}
    out[resource] = out.get(resource, 0) + 1
    mine = [t for t in view["tiles"] if t["owner"] == p]
    hexes = {t["hex"] for t in mine}
    projects = cards.projects()
    for tile in mine:
        beside = not hexes.isdisjoint(neighbours(view, tile["hex"]))
        for r, n in projects[tile["card"]].produce.items():
            out[r] = out.get(r, 0) + n + beside
            beside = False
    return out
