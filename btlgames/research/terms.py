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
    catalogue = cards.catalogue()
    card = catalogue.theories[theory]
    th = view["theories"][theory]
    pl = view["players_"][p]
    difficulty = card.difficulty
    wormhole = False
    if tile is None:
        difficulty += 1  # a method test on Metascience without a tile
        hex_, technique, project_field = "", 0, board.META
    else:
        project = catalogue.projects[tile["card"]]
        hex_, technique, project_field = tile["hex"], project.technique, project.field
        if card.test_project == tile["card"] or (card.test_method and project_field == card.field):
            pass
        elif project_field == card.field:
            difficulty += 1
        else:
            difficulty += 1 if th["hits"] else 3
        if board.FIELD_OF[hex_] == board.META and project_field != board.META:
            difficulty += 1
        wormhole = _joins_far_fields(view, th, card.field, tile["uid"], project_field)
    difficulty += 1 if wormhole else 0
    anomalies = view["anomalies"]
    map_bonus = 0
    if hex_ and anomalies:
        near = neighbours(view, hex_)
        if not anomalies.keys().isdisjoint(near):  # an anomaly beside: does one puzzle the theory's field?
            map_bonus = 1 if any(a in anomalies and board.FIELD_OF[a] == card.field for a in near) else 0
    raw = technique + pl["rigor"] // 4 + map_bonus + pl["insight"] + pl["technique"]
    if method:
        raw += catalogue.methods[method].bonus
    return {"difficulty": difficulty, "bonus": min(BONUS_CAP, raw), "noise": view["noise"][hex_] if hex_ else 0,
            "penalty": pl["penalty"], "hex": hex_, "project_field": project_field, "wormhole": wormhole}


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
    if project_field == field or board.fields_adjacent(project_field, field):
        return False
    earlier = project_hits(th)
    return (bool(earlier) and uid not in earlier
            and sorted((project_field, field)) not in view["players_"][th["owner"]]["bridges"])


def project_hits(th: dict) -> list[str]:
    """The projects (tile uids) a theory has a hit on; a success without a project is none (K34)."""
    return [h["tile"] for h in th["hits"] if h["tile"]]


def project_choices(tiles: list, p: int, pl: dict, theory: str) -> list[str]:
    """The tiles ``p`` may test ``theory`` with ("" = on Metascience without a tile, for a theory
    whose test names a method, which must then be at hand). ``tiles`` and ``pl`` come from the
    state or from ``p``'s own view alike."""
    card = cards.theories()[theory]
    if card.test_method and not method_at_hand(pl, card.test_method):
        return []
    return [t["uid"] for t in tiles if t["owner"] == p] + ([""] if card.test_method else [])


def can_test(has_tile: bool, pl: dict, theory: str) -> bool:
    """Whether :func:`project_choices` offers anything, without listing it (``has_tile``: the player
    has a tile on the map)."""
    named = cards.theories()[theory].test_method
    return method_at_hand(pl, named) if named else has_tile


def method_at_hand(pl: dict, method: str) -> bool:
    return method in pl["methods"] or (method in (pl["hand"] or []) and cards.methods()[method].cost <= pl["res"]["R"])


def method_choices(pl: dict, theory: str) -> list[tuple[str, bool]]:
    """(method, from hand) pairs a prediction may attach: none, one on the table, or one from the hand
    that can be paid; a theory whose test names a method takes exactly that one."""
    out = [(m, False) for m in pl["methods"]]
    out += [(m, True) for m in dict.fromkeys(pl["hand"] or [])
            if m in cards.methods() and m not in pl["methods"] and cards.methods()[m].cost <= pl["res"]["R"]]
    named = cards.theories()[theory].test_method
    return [c for c in out if c[0] == named] if named else [("", False)] + out
