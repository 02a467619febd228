"""Research Programme's cards and fixed set-ups, read from the TOML files in ``data/``.

The data are files so a teacher can read and change them without reading code: each file's
header says what its fields mean. Loading builds frozen dataclasses and checks every cross
reference once (``validate``); a broken file gives one ``ValueError`` listing every problem
rather than a game that fails halfway through a lesson.

Tables on cards (rewards, production, effects) are read-only mappings: copy them with
``dict(...)`` before putting them into a game state. The functions below return read-only
``id -> card`` mappings in file order; the ``*_deck`` functions return decks as tuples of ids.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping

from ..core import datafiles, i18n

from . import board

RESOURCES = ("R", "D", "L", "O", "S")
GAINS = RESOURCES + ("VP", "rigor", "reputation")
THEORY_GAINS = RESOURCES + ("rigor", "reputation")  # a theory's reward for a success: never VP
AREAS = board.FIELDS + (board.META,)  # where theories and projects belong
OUTSIDE_CODES = ("bias", "influence")  # the school game's bias and influence events (Kit rule K33)
EVENT_CODES = ("gain", "lose", "null_results", "preprint_heist", "hype_check",
               "reward_rigor", "reward_hype", "noise", "clean") + OUTSIDE_CODES
INTERFERENCE_TYPES = ("bias", "influence", "shield")
EFFECT_KEYS = ("lose", "hype", "noise", "test_penalty", "kv", "reputation")


def _table():
    return field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class Theory:
    id: str
    name: str
    field: str
    cost: int
    difficulty: int
    text: str
    reward: Mapping[str, int] = _table()
    test_project: str | None = None
    test_method: str | None = None
    vp_per_replication: int = 0


@dataclass(frozen=True)
class Method:
    id: str
    name: str
    cost: int
    text: str
    bonus: int = 0
    clean_noise: int = 0
    no_artefact: bool = False
    null_kv_extra: int = 0
    success_kv_extra: int = 0
    success_gain: Mapping[str, int] = _table()
    null_gain: Mapping[str, int] = _table()
    prereg: bool = False


@dataclass(frozen=True)
class Project:
    id: str
    name: str
    field: str
    cost: int
    technique: int
    produce: Mapping[str, int]

    @property
    def first_resource(self) -> str:
        """The first resource on the card: a neighbour's +1 is of this (Kit rule K22)."""
        return next(iter(self.produce))


@dataclass(frozen=True)
class Interference:
    """A bias, an influence or a shield (``type``); fields of the other types stay empty."""
    id: str
    name: str
    type: str
    cost: int = 0
    kind: str = ""                       # bias, influence
    effect: Mapping[str, object] = _table()
    blocked_by: tuple[str, ...] = ()
    prereg: bool = False
    kinds: tuple[str, ...] = ()          # shield
    die: int = 0
    also: tuple[str, ...] = ()
    copies: int = 1

    def stops(self, card: Interference) -> bool:
        """Whether this shield is of the card's kind (or names the card) (rulebook, K24 step 3)."""
        return self.type == "shield" and (card.kind in self.kinds or card.id in self.also)


@dataclass(frozen=True)
class Event:
    id: str
    name: str
    code: str
    text: str
    params: Mapping[str, object] = _table()


@dataclass(frozen=True)
class Anomaly:
    id: str
    name: str
    field: str
    reward: Mapping[str, int]


@dataclass(frozen=True)
class Pack:
    """A school-game beginner pack (Kit rule K27)."""
    theory: str   # on the table at the start
    method: str   # in hand
    project: str  # already built on `hex`
    hex: str


@dataclass(frozen=True)
class SchoolSetup:
    anomalies: tuple[tuple[str, str], ...]    # (hex, anomaly id) pairs
    neutral: Mapping[int, tuple[str, ...]]    # number of players -> hexes
    packs: tuple[Pack, ...]                   # seat 1 takes the first


@dataclass(frozen=True)
class Catalogue:
    """Everything in ``data/``; ``validate`` checks one."""
    theories: Mapping[str, Theory]
    methods: Mapping[str, Method]
    projects: Mapping[str, Project]
    interference: Mapping[str, Interference]
    events: Mapping[str, Event]
    anomalies: Mapping[str, Anomaly]
    placement_bonus: Mapping[str, Mapping[str, int]]
    school: SchoolSetup


# --- reading ----------------------------------------------------------------------------------

def _freeze(value):
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _read(name: str) -> dict:
    return datafiles.read("research", name)


def _build(cls, source: str, entry: dict):
    """One card from its TOML table; unknown or missing keys are errors, naming the card."""
    where = f"research data {source}: {entry.get('id', entry)!r}"
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(entry) - set(known))
    if unknown:
        raise ValueError(f"{where}: unknown key(s) {', '.join(unknown)}")
    missing = [n for n, f in known.items()
               if n not in entry and f.default is MISSING and f.default_factory is MISSING]
    if missing:
        raise ValueError(f"{where}: missing key(s) {', '.join(missing)}")
    return cls(**{k: _freeze(v) for k, v in entry.items()})


def _cards(cls, source: str, key: str) -> Mapping[str, object]:
    out = {}
    for entry in _read(source).get(key, []):
        card = _build(cls, source, entry)
        if card.id in out:
            raise ValueError(f"research data {source}: id {card.id!r} appears twice")
        out[card.id] = card
    return MappingProxyType(out)


def _school() -> SchoolSetup:
    raw = _read("school.toml").get("school", {})
    try:
        neutral = {int(k): tuple(v) for k, v in raw.get("neutral", {}).items()}
    except ValueError:
        raise ValueError("research data school.toml: neutral keys must be player counts") from None
    for a in raw.get("anomaly", []):
        if sorted(a) != ["anomaly", "hex"]:
            raise ValueError(f"research data school.toml: an anomaly needs exactly hex and anomaly, not {a}")
    return SchoolSetup(
        anomalies=tuple((a["hex"], a["anomaly"]) for a in raw.get("anomaly", [])),
        neutral=MappingProxyType(neutral),
        packs=tuple(_build(Pack, "school.toml", p) for p in raw.get("pack", [])),
    )


def _load() -> Catalogue:
    return Catalogue(
        theories=_cards(Theory, "theories.toml", "theory"),
        methods=_cards(Method, "methods.toml", "method"),
        projects=_cards(Project, "projects.toml", "project"),
        interference=_cards(Interference, "interference.toml", "card"),
        events=_cards(Event, "events.toml", "event"),
        anomalies=_cards(Anomaly, "anomalies.toml", "anomaly"),
        placement_bonus=_freeze(_read("map.toml").get("placement_bonus", {})),
        school=_school(),
    )


@lru_cache(maxsize=None)
def catalogue() -> Catalogue:
    """All the data, loaded and validated once."""
    cat = _load()
    validate(cat)
    return cat


# --- checking ---------------------------------------------------------------------------------

def validate(cat: Catalogue | None = None) -> None:
    """Check ranges and cross references; raise ValueError listing every problem found."""
    if cat is None:
        cat = catalogue()
    problems: list[str] = []

    def check(ok: bool, message: str) -> None:
        if not ok:
            problems.append(message)

    def number(value, lo: int, hi: int, where: str) -> None:
        check(type(value) is int and lo <= value <= hi, f"{where} is {value!r}, not {lo}..{hi}")

    def table(value, keys, where: str, lo: int = 1, hi: int = 3) -> None:
        for k, v in value.items():
            check(k in keys, f"{where} has key {k!r}; allowed: {', '.join(keys)}")
            number(v, lo, hi, f"{where}[{k!r}]")

    def hexes(ids, where: str) -> None:
        for h in ids:
            check(h in board.HEXES, f"{where}: no hex {h!r} on the map")

    seen: dict[str, str] = {}  # ids are unique across card kinds: the app looks them up by id
    for kind in ("theories", "methods", "projects", "interference", "events", "anomalies"):
        for cid in getattr(cat, kind):
            check(cid not in seen, f"id {cid!r} is used by both {seen.get(cid)} and {kind}")
            seen.setdefault(cid, kind)

    for t in cat.theories.values():
        w = f"theory {t.id!r}"
        check(bool(t.name and t.text), f"{w} needs a name and a text")
        check(t.field in AREAS, f"{w}: field {t.field!r} is not one of {', '.join(AREAS)}")
        number(t.cost, 1, 3, f"{w} cost")
        number(t.difficulty, 3, 6, f"{w} difficulty")
        number(t.vp_per_replication, 0, 1, f"{w} vp_per_replication")
        check((t.test_project is None) != (t.test_method is None),
              f"{w} must name exactly one of test_project and test_method")
        if t.test_project is not None:
            p = cat.projects.get(t.test_project)
            check(p is not None, f"{w}: test_project {t.test_project!r} is not a project")
            check(p is None or p.field == t.field,
                  f"{w}: test_project {t.test_project!r} is in {p and p.field}, not {t.field}")
        if t.test_method is not None:
            check(t.test_method in cat.methods, f"{w}: test_method {t.test_method!r} is not a method")
        # no VP: "a single successful test does not yet give victory points" (the source's first principle)
        table(t.reward, THEORY_GAINS, f"{w} reward", hi=2)
        special = [k for k in t.reward if k not in RESOURCES]
        check(1 <= sum(t.reward.values()) <= 2 and (not special or t.reward == {special[0]: 1}),
              f"{w} reward {dict(t.reward)} should be 1-2 resources, or one rigor or reputation")

    for m in cat.methods.values():
        w = f"method {m.id!r}"
        check(bool(m.name and m.text), f"{w} needs a name and a text")
        number(m.cost, 1, 3, f"{w} cost")
        number(m.bonus, 0, 2, f"{w} bonus")
        number(m.clean_noise, 0, 3, f"{w} clean_noise")
        number(m.null_kv_extra, 0, 2, f"{w} null_kv_extra")
        number(m.success_kv_extra, 0, 2, f"{w} success_kv_extra")
        for flag in ("no_artefact", "prereg"):
            check(type(getattr(m, flag)) is bool, f"{w} {flag} must be true or false")
        table(m.success_gain, RESOURCES, f"{w} success_gain")
        table(m.null_gain, RESOURCES, f"{w} null_gain")

    for p in cat.projects.values():
        w = f"project {p.id!r}"
        check(bool(p.name), f"{w} needs a name")
        check(p.field in AREAS, f"{w}: field {p.field!r} is not one of {', '.join(AREAS)}")
        number(p.technique, 0, 2, f"{w} technique")
        number(p.cost, 2, 5, f"{w} cost")
        if type(p.technique) is int and type(p.cost) is int:
            check(2 + p.technique <= p.cost <= 3 + p.technique,
                  f"{w} cost {p.cost} does not fit technique {p.technique} (cost 2-3 + technique)")
        check(len(p.produce) > 0, f"{w} produces nothing")
        table(p.produce, RESOURCES, f"{w} produce", hi=2)

    kinds = {c.kind for c in cat.interference.values() if c.type != "shield"}
    for c in cat.interference.values():
        w = f"interference card {c.id!r}"
        check(bool(c.name), f"{w} needs a name")
        check(c.type in INTERFERENCE_TYPES, f"{w}: type {c.type!r} is not one of {', '.join(INTERFERENCE_TYPES)}")
        number(c.copies, 1, 4, f"{w} copies")
        if c.type == "shield":
            check(not (c.kind or c.effect or c.blocked_by or c.prereg or c.cost),
                  f"{w}: a shield has kinds, die and also, not kind, cost, effect, blocked_by or prereg")
            check(len(c.kinds) > 0, f"{w}: a shield needs kinds")
            for k in c.kinds:
                check(k in kinds, f"{w}: no bias or influence card has kind {k!r}")
            check(c.die in (0, 2, 3), f"{w}: die {c.die!r} should be 0 (always), 2 or 3")
            for other in c.also:
                o = cat.interference.get(other)
                check(o is not None and o.type != "shield", f"{w}: also {other!r} is not a bias or influence card")
            continue
        check(not (c.kinds or c.die or c.also), f"{w}: kinds, die and also belong on shields")
        check(bool(c.kind), f"{w} needs a kind")
        number(c.cost, 0, 2, f"{w} cost")
        check(type(c.prereg) is bool, f"{w} prereg must be true or false")
        check(len(c.effect) > 0, f"{w} has no effect")
        for method in c.blocked_by:
            check(method in cat.methods, f"{w}: blocked_by {method!r} is not a method")
        for k, v in c.effect.items():
            if k == "lose":
                table(v, RESOURCES, f"{w} effect lose")
            elif k in ("hype", "noise", "test_penalty"):
                number(v, 1, 3, f"{w} effect {k}")
            elif k in ("kv", "reputation"):
                number(v, -2, -1, f"{w} effect {k}")
            else:
                check(False, f"{w} effect has key {k!r}; allowed: {', '.join(EFFECT_KEYS)}")

    for e in cat.events.values():
        w = f"event {e.id!r}"
        check(bool(e.name and e.text), f"{w} needs a name and a text")
        check(e.code in EVENT_CODES, f"{w}: code {e.code!r} is not one of {', '.join(EVENT_CODES)}")
        if e.code in ("gain", "lose", "hype_check", "reward_rigor", "reward_hype"):
            check(len(e.params) > 0, f"{w} needs params")
            table(e.params, RESOURCES + ("reputation",), f"{w} params")
        elif e.code == "noise":
            areas = e.params.get("fields", ())
            check(set(e.params) == {"fields"} and len(areas) > 0, f"{w} params must be {{ fields = [...] }}")
            for a in areas:
                check(a in AREAS, f"{w}: no field {a!r}")
        elif e.code in OUTSIDE_CODES:
            card = cat.interference.get(e.params.get("card"))
            check(set(e.params) == {"card"} and card is not None and card.type == e.code,
                  f"{w} params must be {{ card = \"<a {e.code} card of interference.toml>\" }}")
        else:
            check(not e.params, f"{w}: code {e.code!r} takes no params")

    codes = [e.code for e in cat.events.values()]
    for code in OUTSIDE_CODES:  # K33: every school game turns up one of each
        check(code in codes, f"events: the school game needs at least one {code} event")
    check(len(codes) - sum(c in OUTSIDE_CODES for c in codes) >= 2,
          "events: the school game's first four events hold two ordinary ones: at least 2 are needed")

    for a in cat.anomalies.values():
        w = f"anomaly {a.id!r}"
        check(bool(a.name), f"{w} needs a name")
        check(a.field in board.FIELDS, f"{w}: field {a.field!r} is not an outer field")
        table(a.reward, GAINS, f"{w} reward", hi=2)
        check(a.reward.get("VP", 0) >= 1 and sum(a.reward.values()) == 2,
              f"{w} reward {dict(a.reward)} should be VP 2, or VP 1 and one more")
    for f in board.FIELDS:
        check(sum(a.field == f for a in cat.anomalies.values()) >= 2,
              f"anomalies: {f} needs 2 (one placed at set-up, one revealed from a hidden hex)")

    hexes(cat.placement_bonus, "map.toml placement_bonus")
    check(sorted(cat.placement_bonus) == sorted(h for h in board.HEXES if board.ring(h) == 2),
          "map.toml: the placement bonuses belong on exactly the 12 inner field hexes (Kit rule K3)")
    for h, bonus in cat.placement_bonus.items():
        check(len(bonus) > 0, f"map.toml: placement bonus on {h!r} is empty")
        table(bonus, RESOURCES + ("rigor", "reputation"), f"map.toml placement bonus on {h!r}", hi=2)

    _validate_school(cat, check, hexes)
    if problems:
        raise ValueError("research card data is broken:\n  - " + "\n  - ".join(problems))


def _validate_school(cat: Catalogue, check, hexes) -> None:
    s, w = cat.school, "school.toml"
    anomaly_hexes = [h for h, _ in s.anomalies]
    hexes(anomaly_hexes, f"{w} anomaly")
    for hexes_ in s.neutral.values():
        hexes(hexes_, f"{w} neutral")
    hexes([p.hex for p in s.packs], f"{w} pack")
    known = set(board.HEXES)
    check(len(s.anomalies) == 3, f"{w}: needs 3 anomalies, has {len(s.anomalies)}")
    anomaly_fields = [board.field_of(h) for h in anomaly_hexes if h in known]
    check(len(set(anomaly_fields)) == len(anomaly_fields), f"{w}: two anomalies in one field")
    for h, aid in s.anomalies:
        a = cat.anomalies.get(aid)
        check(a is not None, f"{w}: anomaly {aid!r} is not an anomaly")
        if h in known:
            check(board.is_outer(h), f"{w}: anomaly hex {h!r} is not an outer hex")
            check(a is None or a.field == board.field_of(h),
                  f"{w}: anomaly {aid!r} of {a and a.field} lies on {h!r} in {board.field_of(h)}")
    packs = [p.hex for p in s.packs]
    check(sorted(s.neutral) == [2, 3, 4], f"{w}: neutral needs the player counts 2, 3 and 4")
    for players, count in ((2, 6), (3, 3), (4, 0)):
        spots = s.neutral.get(players, ())
        check(len(spots) == count, f"{w}: {players} players take {count} neutral markers, not {len(spots)}")
        check(len(set(spots)) == len(spots), f"{w}: a neutral hex for {players} players appears twice")
        for h in spots:
            if h in known:
                check(board.is_outer(h), f"{w}: neutral hex {h!r} is not an outer hex")
                check(h not in anomaly_hexes and h not in packs, f"{w}: neutral hex {h!r} is not free")
    check(len(s.packs) == 4, f"{w}: needs 4 beginner packs, has {len(s.packs)}")
    check(len(set(packs)) == len(packs), f"{w}: two packs on one hex")
    neutral = {h for spots in s.neutral.values() for h in spots}
    pack_fields = []
    for i, p in enumerate(s.packs, start=1):
        pw = f"{w} pack {i}"
        t, m, pr = cat.theories.get(p.theory), cat.methods.get(p.method), cat.projects.get(p.project)
        check(t is not None, f"{pw}: theory {p.theory!r} is not a theory")
        check(m is not None, f"{pw}: method {p.method!r} is not a method")
        check(pr is not None, f"{pw}: project {p.project!r} is not a project")
        check(t is None or t.test_project == p.project,
              f"{pw}: theory {p.theory!r} names {t and t.test_project!r}, not the pack's project {p.project!r}")
        if p.hex in known:
            check(pr is None or pr.field == board.field_of(p.hex),
                  f"{pw}: project {p.project!r} of {pr and pr.field} cannot stand on {p.hex!r}")
            check(p.hex not in anomaly_hexes and p.hex not in neutral, f"{pw}: hex {p.hex!r} is not free")
            pack_fields.append(board.field_of(p.hex))
    check(len(set(pack_fields)) == len(pack_fields), f"{w}: two packs in one field")


# --- public tables and decks ------------------------------------------------------------------

# The tables are asked for at every step: each remembered (lru_cache answers in C, without a Python call).
@lru_cache(maxsize=None)
def theories() -> Mapping[str, Theory]:
    return catalogue().theories


@lru_cache(maxsize=None)
def methods() -> Mapping[str, Method]:
    return catalogue().methods


@lru_cache(maxsize=None)
def projects() -> Mapping[str, Project]:
    return catalogue().projects


@lru_cache(maxsize=None)
def interference() -> Mapping[str, Interference]:
    return catalogue().interference


@lru_cache(maxsize=None)
def events() -> Mapping[str, Event]:
    return catalogue().events


@lru_cache(maxsize=None)  # every set-up asks (pure: the data never change)
def ordinary_events() -> tuple[str, ...]:
    """The events of both games (the full game's whole deck)."""
    return tuple(e.id for e in events().values() if e.code not in OUTSIDE_CODES)


def outside_events(sort: str) -> tuple[str, ...]:
    """The school game's bias or influence events (``sort``), each built on an interference card (K33)."""
    return tuple(e.id for e in events().values() if e.code == sort)


@lru_cache(maxsize=None)
def anomalies() -> Mapping[str, Anomaly]:
    return catalogue().anomalies


def card(card_id: str):
    """The card with this id, of whatever kind (ids are unique across the decks), or None."""
    cat = catalogue()
    tables = (cat.theories, cat.methods, cat.projects, cat.interference, cat.events, cat.anomalies)
    return next((table[card_id] for table in tables if card_id in table), None)


# --- the cards' words in the current language ---------------------------------------------------
# English is the cards' own fields; another language is data/texts.<lang>.toml. Game states and
# saves hold ids only, so one game shows in whichever language the page is in.

# A card's section in a texts file -> its deck, and the words a translation gives each card.
TEXT_SECTIONS = {
    "theory": (theories, ("name", "text")),
    "method": (methods, ("name", "text")),
    "project": (projects, ("name",)),
    "interference": (interference, ("name",)),
    "event": (events, ("name", "text")),
    "anomaly": (anomalies, ("name",)),
}
WORDS = GAINS + tuple(k for k in EFFECT_KEYS if k != "lose")  # what word() names: resources, effects


def _kinds() -> set[str]:
    return {k for c in interference().values() for k in (c.kind,) + c.kinds if k}


@lru_cache(maxsize=None)
def texts(lang: str) -> Mapping:
    """The cards' words in ``lang`` from ``data/texts.<lang>.toml``: {"theory": {id: {"name": ..,
    "text": ..}}, ...}, every card named exactly once (core.datafiles.checked_texts)."""
    source = f"texts.{lang}.toml"
    expected = {section: (set(deck()), keys) for section, (deck, keys) in TEXT_SECTIONS.items()}
    return datafiles.checked_texts("research", source, _read(source), expected, noun="card")


def _translated(lang: str | None) -> Mapping | None:
    """The texts file of ``lang`` (default: the page's language); None for English or a language
    whose cards are not translated yet (its page then shows the cards' English words)."""
    lang = lang or i18n.language()
    return None if lang == i18n.DEFAULT_LANGUAGE or not _has_texts(lang) else texts(lang)


@lru_cache(maxsize=None)
def _has_texts(lang: str) -> bool:
    return (resources.files("btlgames") / "research" / "data" / f"texts.{lang}.toml").is_file()


def _words(card_id: str, part: str, lang: str | None) -> str | None:
    found = card(card_id)
    if found is None:
        return None
    translated = _translated(lang)
    if translated is None:
        return getattr(found, part)
    section = next(s for s, (deck, _) in TEXT_SECTIONS.items() if card_id in deck())
    return translated[section][card_id][part]


def name(card_id: str, lang: str | None = None) -> str:
    """A card's printed name in ``lang`` (default: the page's); its id if unknown (a newer deck's)."""
    return _words(card_id, "name", lang) or str(card_id)


def text(card_id: str, lang: str | None = None) -> str:
    """A theory's claim, a method's or an event's text in ``lang`` (default: the page's); "" if
    the card carries none."""
    found = card(card_id)
    return _words(card_id, "text", lang) if found is not None and hasattr(found, "text") else ""


def word(key: str, lang: str | None = None) -> str:
    """What a card's table calls a resource or effect ("money (R)", "Huolellisuus"): the
    catalogue's word, the resources' names with the letter the cards print."""
    return i18n.t(f"research.resource.{key}" if key in RESOURCES else f"research.word.{key}", lang)


def kind_name(kind: str, lang: str | None = None) -> str:
    """A bias's, influence's or shield's kind as the cards print it ("Cyber attack",
    "Kyberhyökkäys"): the catalogue's word (research_ui.kind, what the table says too), capitalised."""
    word = i18n.t(f"research_ui.kind.{kind}", lang)
    return word[:1].upper() + word[1:]


def placement_bonus() -> Mapping[str, Mapping[str, int]]:
    """Hex id -> the bonus its builder takes once (Kit rule K3)."""
    return catalogue().placement_bonus


def school() -> SchoolSetup:
    return catalogue().school


def card_set_fields(card_set: str) -> frozenset[str]:
    """The fields whose theory and project cards are in play (Kit rule K35): "all" of them,
    "packs" (the fields of the school game's beginner packs, and Metascience) or "no-metascience"."""
    if card_set == "packs":
        return frozenset(projects()[p.project].field for p in school().packs) | {board.META}
    if card_set == "no-metascience":
        return frozenset(board.FIELDS)
    return frozenset(board.FIELDS) | {board.META}


def in_card_set(card_set: str, kind: str) -> list[str]:
    """The ids of the theory or project cards (``kind``) of a card set, sorted."""
    return list(_in_card_set(card_set, kind))


@lru_cache(maxsize=None)  # every set-up asks (pure: the data never change)
def _in_card_set(card_set: str, kind: str) -> tuple[str, ...]:
    deck = theories() if kind == "theory" else projects()
    fields = card_set_fields(card_set)
    return tuple(sorted(c for c, card in deck.items() if card.field in fields))


def theory_deck() -> tuple[str, ...]:
    return tuple(theories())


def method_deck() -> tuple[str, ...]:
    return tuple(methods())


def project_deck() -> tuple[str, ...]:
    return tuple(projects())


@lru_cache(maxsize=None)  # every set-up asks (pure: the data never change)
def interference_deck() -> tuple[str, ...]:
    """Every bias, influence and shield card, each as many times as its ``copies``."""
    return tuple(cid for cid, card in interference().items() for _ in range(card.copies))


def event_deck() -> tuple[str, ...]:
    return tuple(events())


def anomaly_deck() -> tuple[str, ...]:
    return tuple(anomalies())

