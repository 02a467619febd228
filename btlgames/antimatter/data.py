"""Antimatter Matters' board, pieces, mats, spinner and cards, read from the TOML files in
``data/`` and validated once on load: a broken file gives one ``ValueError`` listing every
problem, never a game that fails halfway (the pattern of btlgames/research/cards.py).

Everything returned is read-only (tuples, frozen dataclasses, mapping proxies).
"""
from __future__ import annotations

from collections import deque
from dataclasses import MISSING, dataclass, fields
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Mapping

from ..core import datafiles

SPACE_KINDS = ("center", "start", "draw", "antimatter", "particle", "tunnel")
CARD_TYPES = {"action": 43, "immediate": 11, "movement": 39, "shield": 8}  # the source's counts
EFFECTS = {
    "movement": ("jump", "sink"),
    "shield": ("block", "reverse"),
    "action": ("breach", "lose", "spin", "move", "nudge", "draw", "take"),
    "immediate": ("helicity", "entangle", "spin", "pair"),
}
SECTOR_EFFECTS = ("draw", "anti", "breach", "center")
START_SPACES = 6  # one for each of up to six pawns
PLAYERS = 6


def _read(name: str) -> dict:
    return datafiles.read("antimatter", name)


# -- pieces and mats --------------------------------------------------------------------------
@dataclass(frozen=True)
class Pieces:
    colours: tuple[str, ...]
    kinds: tuple[str, ...]                   # up, down, gluon, photon, electron
    names: Mapping[str, str]                 # kind -> "Up quark"
    symbols: Mapping[str, str]               # kind -> "u"
    bank: Mapping[str, int]                  # piece ("up-red", "gluon") -> how many exist
    anti: Mapping[str, str]                  # kind -> its antiparticle's id on the spinner
    mats: Mapping[str, tuple[str, ...]]      # proton / neutron -> slot kinds, in Challenge order
    mat_names: Mapping[str, str]
    work: Mapping[tuple[str, bool], int]     # (mat, challenge order) -> its worth in K31's head start
    box: Mapping[str, int]                   # mat -> how many the box holds (source: 6 and 6)

    @property
    def quark_kinds(self) -> tuple[str, ...]:
        return tuple(k for k in self.kinds if self.is_quark(k))

    def is_quark(self, kind: str) -> bool:
        return f"{kind}-{self.colours[0]}" in self.bank


@lru_cache(maxsize=None)  # asked in every legal-move and invariant check
def kind_of(piece: str) -> str:
    """"up-red" -> "up"; "gluon" -> "gluon"."""
    return piece.split("-")[0]


@lru_cache(maxsize=None)
def colour_of(piece: str) -> str | None:
    return piece.split("-")[1] if "-" in piece else None


def _pieces(raw: dict, problems: list[str]) -> Pieces:
    colours = tuple(raw.get("colours", ()))
    if len(colours) != 3 or len(set(colours)) != 3:
        problems.append(f"pieces.toml: colours must be three different colours, not {colours}")
    names, symbols, bank, anti = {}, {}, {}, {}
    for kind, entry in raw.get("piece", {}).items():
        names[kind], symbols[kind] = entry.get("name", ""), entry.get("symbol", "")
        if not names[kind] or not symbols[kind]:
            problems.append(f"pieces.toml: piece {kind!r} needs a name and a symbol")
        if "anti" in entry:
            anti[kind] = entry["anti"]
        per_colour, count = entry.get("count_per_colour"), entry.get("count")
        if (per_colour is None) == (count is None):
            problems.append(f"pieces.toml: piece {kind!r} needs exactly one of count and count_per_colour")
            continue
        n = per_colour if count is None else count
        if type(n) is not int or not 1 <= n <= 30:
            problems.append(f"pieces.toml: piece {kind!r} count is {n!r}, not 1..30")
            continue
        if count is None:
            bank.update({f"{kind}-{c}": n for c in colours})
        else:
            bank[kind] = n
    mats, mat_names, work = {}, {}, {}
    for mat, entry in raw.get("mat", {}).items():
        mats[mat], mat_names[mat] = tuple(entry.get("slots", ())), entry.get("name", "")
        for challenge, key in ((False, "work"), (True, "work_in_order")):
            value = entry.get(key)
            if type(value) is not int or not 0 <= value <= 30:
                problems.append(f"pieces.toml: mat {mat!r} needs {key} (its worth in the head start, K31), "
                                f"a whole number 0..30, not {value!r}")
            work[mat, challenge] = value
        for slot in mats[mat]:
            if slot not in names:
                problems.append(f"pieces.toml: mat {mat!r} has a slot {slot!r} that is no piece")
        quarks = [s for s in mats[mat] if f"{s}-{colours[0] if colours else ''}" in bank]
        if len(quarks) != 3:
            problems.append(f"pieces.toml: mat {mat!r} needs three quarks (one of each colour), has {len(quarks)}")
    if sorted(mats) != ["neutron", "proton"]:
        problems.append(f"pieces.toml: the mats are proton and neutron, not {sorted(mats)}")
    box = dict(raw.get("box", {}))
    if sorted(box) != sorted(mats) or any(type(n) is not int or not 1 <= n <= 12 for n in box.values()):
        problems.append(f"pieces.toml: [box] gives how many of each mat the box holds (1..12), not {box}")
    else:
        problems += _bank_fills_the_box(bank, mats, box)
    return Pieces(colours, tuple(names), MappingProxyType(names), MappingProxyType(symbols),
                  MappingProxyType(bank), MappingProxyType(anti), MappingProxyType(mats),
                  MappingProxyType(mat_names), MappingProxyType(work), MappingProxyType(box))


def _bank_fills_the_box(bank: dict, mats: dict, box: dict) -> list[str]:
    """K5: the bank fills every mat of the box whatever colours were taken first. A mat holds one
    quark of each colour, and any of its quark slots may be the one left for a colour, so each
    quark (flavour and colour) is needed at most once per mat that has a slot of its flavour;
    every other piece as often as the box's mats have slots for it."""
    problems = []
    for piece, have in bank.items():
        kind = piece.split("-")[0]
        if "-" in piece:
            most = sum(n for m, n in box.items() if kind in mats[m])
        else:
            most = sum(n * mats[m].count(kind) for m, n in box.items())
        if have < most:
            problems.append(f"pieces.toml: the bank holds {have} of {piece}; the box's mats may need {most} (K5)")
    return problems


# -- the board --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Space:
    id: str
    kind: str
    piece: str = ""      # a particle space's piece
    pair: str = ""       # a tunnel's pair letter
    region: str = ""     # center, middle, outer, path
    where: tuple = ()    # drawing: ("ring", name, index, size) or ("path", from, to, index, length)


@dataclass(frozen=True)
class Board:
    center: str
    spaces: Mapping[str, Space]
    links: Mapping[str, tuple[str, ...]]     # neighbours, sorted
    distance: Mapping[str, int]              # steps to the Center
    tunnels: Mapping[str, str]               # tunnel space -> its partner
    starts: tuple[str, ...]                  # the start spaces, in the order seats take them
    rings: Mapping[str, tuple[str, ...]]

    def towards(self, space: str) -> tuple[str, ...]:
        """Neighbours one step closer to the Center."""
        return tuple(n for n in self.links[space] if self.distance[n] == self.distance[space] - 1)

    def away(self, space: str) -> tuple[str, ...]:
        return tuple(n for n in self.links[space] if self.distance[n] == self.distance[space] + 1)


def _space(entry, where: tuple, region: str, problems: list[str]) -> Space | None:
    if not isinstance(entry, dict) or len(entry) != 1:
        problems.append(f"board.toml: a space is written {{ id = \"kind\" }}, not {entry!r}")
        return None
    (sid, text), = entry.items()
    kind, _, arg = str(text).partition(":")
    if kind not in SPACE_KINDS or kind == "center":
        problems.append(f"board.toml: space {sid!r} has kind {kind!r}; kinds: {', '.join(SPACE_KINDS[1:])}")
    if (kind in ("particle", "tunnel")) != bool(arg):
        problems.append(f"board.toml: space {sid!r}: only particle and tunnel spaces take ':<piece or pair>'")
    return Space(sid, kind, arg if kind == "particle" else "", arg if kind == "tunnel" else "", region, where)


def _board(raw: dict, pieces: Pieces, problems: list[str]) -> Board:
    center = raw.get("center", "")
    spaces: dict[str, Space] = {center: Space(center, "center", region="center", where=("center",))}
    links: dict[str, set] = {center: set()}
    rings: dict[str, tuple[str, ...]] = {}

    def add(space: Space | None) -> str | None:
        if space is None:
            return None
        if space.id in spaces:
            problems.append(f"board.toml: space {space.id!r} appears twice")
            return None
        spaces[space.id] = space
        links[space.id] = set()
        return space.id

    def link(a, b) -> None:
        if a in links and b in links:
            links[a].add(b)
            links[b].add(a)

    for ring in raw.get("ring", []):
        name, entries = ring.get("name", ""), ring.get("spaces", [])
        ids = [add(_space(e, ("ring", name, i, len(entries)), name, problems)) for i, e in enumerate(entries)]
        rings[name] = tuple(ids)
        for a, b in zip(ids, ids[1:] + ids[:1]):
            link(a, b)
    if sorted(rings) != ["middle", "outer"]:
        problems.append(f"board.toml: the rings are middle and outer, not {sorted(rings)}")
    for path in raw.get("path", []):
        start, end, entries = path.get("from"), path.get("to"), path.get("spaces", [])
        for end_id in (start, end):
            if end_id not in spaces:
                problems.append(f"board.toml: a path ends at {end_id!r}, which is not a space listed before it")
        ids = [add(_space(e, ("path", start, end, i, len(entries)), "path", problems)) for i, e in enumerate(entries)]
        chain = [start, *ids, end]
        for a, b in zip(chain, chain[1:]):
            link(a, b)

    distance = _distances(center, links)
    for sid in spaces:
        if sid not in distance:
            problems.append(f"board.toml: space {sid!r} cannot be reached from the Center")
    for sid, s in spaces.items():
        if s.kind == "particle" and s.piece not in pieces.bank:
            problems.append(f"board.toml: space {sid!r} holds {s.piece!r}, which is no piece (pieces.toml)")
        if sid in distance and s.kind != "center" and not any(distance[n] < distance[sid] for n in links[sid]):
            problems.append(f"board.toml: space {sid!r} has no way towards the Center")
    for piece in pieces.bank:
        n = sum(s.piece == piece for s in spaces.values())
        if n < 2:
            problems.append(f"board.toml: {piece} needs at least 2 particle spaces (has {n})")
    pairs: dict[str, list[str]] = {}
    for s in spaces.values():
        if s.kind == "tunnel":
            pairs.setdefault(s.pair, []).append(s.id)
    tunnels = {}
    for pair, ids in pairs.items():
        if len(ids) != 2:
            problems.append(f"board.toml: tunnel pair {pair!r} has {len(ids)} spaces, not 2")
        else:
            tunnels[ids[0]], tunnels[ids[1]] = ids[1], ids[0]
    starts = tuple(s for s in rings.get("middle", ()) if s and spaces[s].kind == "start")
    if len(starts) < START_SPACES:
        problems.append(f"board.toml: the Middle Ring needs {START_SPACES} start spaces, has {len(starts)}")
    for s in spaces.values():
        if s.kind == "start" and s.region != "middle":
            problems.append(f"board.toml: start space {s.id!r} is not on the Middle Ring")
    if not any(s.kind == "antimatter" and s.region == "middle" for s in spaces.values()):
        problems.append("board.toml: the Middle Ring needs antimatter spaces (the source's clouds)")
    # Seats take start spaces spread round the ring: 1st, 4th, 2nd, 5th, ... of six.
    spread = tuple(starts[i] for i in (0, 3, 1, 4, 2, 5)) if len(starts) >= START_SPACES else starts
    return Board(center, MappingProxyType(spaces),
                 MappingProxyType({k: tuple(sorted(v)) for k, v in links.items()}),
                 MappingProxyType(distance), MappingProxyType(tunnels), spread, MappingProxyType(rings))


def _distances(center: str, links: dict) -> dict[str, int]:
    distance = {center: 0}
    queue = deque([center])
    while queue:
        here = queue.popleft()
        for n in sorted(links.get(here, ())):
            if n not in distance:
                distance[n] = distance[here] + 1
                queue.append(n)
    return distance


# -- spinner and cards ------------------------------------------------------------------------
@dataclass(frozen=True)
class Sector:
    id: str
    name: str
    effect: str
    weight: int
    piece: str = ""


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    type: str
    copies: int
    effect: str
    text: str
    steps: int = 0
    target: str = "self"
    piece: str = ""
    count: int = 0
    direction: str = ""


def _entry(cls, entry: dict, where: str, problems: list[str]):
    """One record from its TOML table, or None with the problem noted (unknown or missing keys)."""
    known = {f.name for f in fields(cls)}
    unknown = set(entry) - known
    if unknown:
        problems.append(f"{where} has unknown keys {sorted(unknown)}")
        return None
    try:
        return cls(**entry)
    except TypeError:
        needed = [f.name for f in fields(cls) if f.default is MISSING]
        problems.append(f"{where} needs {', '.join(needed)}")
        return None


def _sectors(raw: dict, pieces: Pieces, problems: list[str]) -> tuple[Sector, ...]:
    out = []
    for entry in raw.get("sector", []):
        s = _entry(Sector, entry, f"spinner.toml: sector {entry.get('id')!r}", problems)
        if s is None:
            continue
        if s.effect not in SECTOR_EFFECTS:
            problems.append(f"spinner.toml: sector {s.id!r} effect {s.effect!r} is not one of {SECTOR_EFFECTS}")
        if type(s.weight) is not int or s.weight < 1:
            problems.append(f"spinner.toml: sector {s.id!r} weight must be a whole number of sectors, at least 1")
        if (s.effect == "anti") != bool(s.piece) or (s.piece and s.piece not in pieces.kinds):
            problems.append(f"spinner.toml: sector {s.id!r}: an anti sector names the piece it annihilates")
        if s.piece and pieces.anti.get(s.piece) != s.id:
            problems.append(f"spinner.toml: sector {s.id!r} is not the antiparticle pieces.toml names for {s.piece}")
        out.append(s)
    if sum(s.weight for s in out if type(s.weight) is int) != 8:
        problems.append("spinner.toml: the spinner has eight sectors: the weights must add up to 8")
    for effect in SECTOR_EFFECTS:
        if not any(s.effect == effect for s in out):
            problems.append(f"spinner.toml: no sector has the source's {effect!r} result")
    for kind, anti in pieces.anti.items():
        if not any(s.id == anti for s in out):
            problems.append(f"spinner.toml: no sector for {anti} (the antiparticle of {kind})")
    return tuple(out)


def _cards(raw: dict, pieces: Pieces, problems: list[str]) -> Mapping[str, Card]:
    out: dict[str, Card] = {}
    for entry in raw.get("card", []):
        where = f"cards.toml: card {entry.get('id')!r}"
        c = _entry(Card, entry, where, problems)
        if c is None:
            continue
        if c.id in out:
            problems.append(f"{where} appears twice")
        out[c.id] = c
        if c.type not in CARD_TYPES:
            problems.append(f"{where}: type {c.type!r} is not one of {', '.join(CARD_TYPES)}")
            continue
        if c.effect not in EFFECTS[c.type]:
            problems.append(f"{where}: a {c.type} card's effect is one of {EFFECTS[c.type]}, not {c.effect!r}")
        if not (c.name and c.text) or type(c.copies) is not int or c.copies < 1:
            problems.append(f"{where} needs a name, a text and at least one copy")
        if c.effect in ("jump", "sink") and c.steps not in range(1, 9):
            problems.append(f"{where}: steps must be 1..8")
        if c.effect == "move" and (type(c.steps) is not int or c.steps == 0 or abs(c.steps) > 8):
            problems.append(f"{where}: a move's steps are -8..8, not 0")
        if c.effect in ("lose", "take") and c.piece not in pieces.kinds:
            problems.append(f"{where}: piece {c.piece!r} is not one of {', '.join(pieces.kinds)}")
        if c.effect == "take" and c.piece in pieces.kinds and pieces.is_quark(c.piece):
            problems.append(f"{where}: a take card gives a piece without colour (gluons, photons, electrons)")
        if c.effect == "draw" and c.count not in (1, 2, 3):
            problems.append(f"{where}: count must be 1..3")
        if c.effect == "helicity" and c.direction not in ("left", "right"):
            problems.append(f"{where}: direction is left or right")
        if c.type == "action" and c.target not in ("self", "any"):
            problems.append(f"{where}: target is self or any")
        if c.effect in ("draw", "take") and c.target != "self":
            problems.append(f"{where}: a {c.effect} card helps the one who plays it: target = \"self\"")
    for kind, wanted in CARD_TYPES.items():
        got = sum(c.copies for c in out.values() if c.type == kind and type(c.copies) is int)
        if got != wanted:
            problems.append(f"cards.toml: the source has {wanted} {kind} cards, the file {got}")
    return MappingProxyType(out)


# -- everything -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Catalogue:
    pieces: Pieces
    board: Board
    sectors: tuple[Sector, ...]
    cards: Mapping[str, Card]

    @cached_property  # asked at every deal and every invariant check
    def deck(self) -> tuple[str, ...]:
        """One id per physical card, "jump-3.2" (card id, then the copy's number)."""
        return tuple(f"{c.id}.{i + 1}" for c in self.cards.values() for i in range(c.copies))


def load_catalogue(raw: dict[str, dict]) -> Catalogue:
    """Build and check a catalogue from the four files' parsed contents (tests pass broken ones)."""
    problems: list[str] = []
    pieces = _pieces(raw["pieces"], problems)
    board = _board(raw["board"], pieces, problems)
    sectors = _sectors(raw["spinner"], pieces, problems)
    cards = _cards(raw["cards"], pieces, problems)
    if problems:
        raise ValueError("antimatter data is broken:\n  - " + "\n  - ".join(problems))
    return Catalogue(pieces, board, sectors, cards)


def raw_files() -> dict[str, dict]:
    return {name: _read(f"{name}.toml") for name in ("pieces", "board", "spinner", "cards")}


@lru_cache(maxsize=None)
def catalogue() -> Catalogue:
    """All the data, loaded and validated once."""
    return load_catalogue(raw_files())


@lru_cache(maxsize=None)
def card_of(card: str) -> Card:
    """The card type of a physical card id: "jump-3.2" -> Quantum Jump 3."""
    return catalogue().cards[card.rsplit(".", 1)[0]]
