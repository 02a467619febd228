"""Pentaquark's rules as a state machine (lessons/pentaquark/rules.md, kit rules K1-K15)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, filterfalse, permutations, repeat
from operator import itemgetter
from typing import ClassVar

from ..core.i18n import t
from ..core.state import Action, GameState, LazyView
from ..science.colour import annihilating_pairs, is_colour_neutral, neutral_groups
from .cards import (ANNIHILATE_CARDS, ANTI, QUARK_CARDS, QUARK_FACES, card_of, describe, flavour_of_card,
                    flip, is_annihilate, quark)

AREAS = ("background", "detector")  # where quarks live and confine
STEPS = ("background", "detector", "discard")  # the collider phase's order (K5)
LOSS_AT = {"up": 2, "charm": 2, "down": 3}  # annihilated cards that end the game (K10)
BEAMS = 10  # the beam time: the game ends when the Beam runs out for the tenth time (K15; option beams)
FLIPPED = (6, 9)  # K2: between 6 and 9 cards turned over at set-up (options flipped_low, flipped_high)


def _area(name: str) -> str:
    return t(f"pentaquark.area.{name}")


def _cards(faces) -> str:
    return " ".join(str(quark(f)) for f in faces)


def in_set_order(cards):
    """A set's cards in one order whatever order they were named in: quarks before anti-quarks,
    then R, G, B. A set has no order, so no move may depend on one. Anything that is not a list
    of card faces is left as given, for ``apply`` to refuse."""
    if type(cards) is tuple and all(type(f) is str for f in cards):
        return _in_set_order(cards)  # the engine's own sets: plain strings, remembered
    if isinstance(cards, (list, tuple)) and all(isinstance(f, str) and f in QUARK_FACES for f in cards):
        return tuple(sorted(map(str, cards), key=lambda f: (f.endswith(ANTI), "RGB".index(f[1]), f)))
    return cards


@lru_cache(maxsize=1 << 12)
def _in_set_order(cards: tuple[str, ...]):
    if all(f in QUARK_FACES for f in cards):
        return tuple(sorted(cards, key=lambda f: (f.endswith(ANTI), "RGB".index(f[1]), f)))
    return cards


def _is_faces(cards) -> bool:
    return isinstance(cards, tuple) and all(isinstance(f, str) and f in QUARK_FACES for f in cards)


# -- actions -------------------------------------------------------------------
@dataclass(frozen=True)
class Place(Action):
    """Move a collider card to the area whose turn it is (background, detector, discard)."""
    kind: ClassVar[str] = "place"
    card: str
    area: str

    def describe(self):
        return t("pentaquark.action.place", card=describe(self.card), area=_area(self.area))


@dataclass(frozen=True)
class Confine(Action):
    """Group quarks at one location into a colour-neutral set (regrouping allowed, K6)."""
    kind: ClassVar[str] = "confine"
    area: str
    cards: tuple[str, ...]

    def __post_init__(self):
        object.__setattr__(self, "cards", in_set_order(self.cards))

    def describe(self):
        return t("pentaquark.action.confine", cards=_cards(self.cards), area=_area(self.area))


@dataclass(frozen=True)
class EndCollider(Action):
    kind: ClassVar[str] = "end_collider"

    def describe(self):
        return t("pentaquark.action.end_collider")


@dataclass(frozen=True)
class Annihilate(Action):
    """Choose the free quark an annihilate card removes (K4)."""
    kind: ClassVar[str] = "annihilate"
    card: str

    def describe(self):
        return t("pentaquark.action.annihilate", card=describe(self.card))


@dataclass(frozen=True)
class Discard(Action):
    """Refresh step 1: discard one more detector quark (K9)."""
    kind: ClassVar[str] = "discard"
    card: str

    def describe(self):
        return t("pentaquark.action.discard", card=describe(self.card))


@dataclass(frozen=True)
class EndRefresh(Action):
    kind: ClassVar[str] = "end_refresh"

    def describe(self):
        return t("pentaquark.action.end_refresh")


# -- the win set ------------------------------------------------------------------
WIN_QUARKS = Counter({"up": 2, "down": 1, "charm": 1})


def is_winning_set(triple, pair) -> bool:
    """RGB quarks plus a colour/anti-colour pair that are u u d c and c̄ (K12)."""
    return _is_winning_set(tuple(triple), tuple(pair))


@lru_cache(maxsize=1 << 12)  # asked after every move
def _is_winning_set(triple: tuple[str, ...], pair: tuple[str, ...]) -> bool:
    qs = [quark(f) for f in (*triple, *pair)]
    if not (is_colour_neutral(qs[:3]) and is_colour_neutral(qs[3:])):
        return False
    antis = [q for q in qs if q.anti]
    quarks = Counter(q.flavour for q in qs if not q.anti)
    return len(antis) == 1 and antis[0].flavour == "charm" and quarks == WIN_QUARKS


def pentaquark_in(groups) -> list[str] | None:
    """The five faces of a winning set among these confined groups, or None."""
    for triple in (g for g in groups if len(g) == 3):
        for pair in (g for g in groups if len(g) == 2):
            if is_winning_set(triple, pair):
                return [*triple, *pair]
    return None


def winnable(cards) -> bool:
    """Can a winning set still be made from these cards, each showing either face (K11)?"""
    mask = 0
    for card in cards:  # only the up, down and charm cards matter, and of them only the colours
        mask |= _WIN_BIT.get(card, 0)
    return _winnable(mask)


def still_winnable(annihilated) -> bool:
    """:func:`winnable` with every quark card but these (faces or cards) annihilated."""
    mask = _ALL_WIN_BITS
    for face in annihilated:
        mask &= ~_WIN_BIT.get(face, 0)
    return _winnable(mask)


_WIN_FLAVOURS = ("up", "down", "charm")
_WIN_BIT = {f: 1 << (3 * _WIN_FLAVOURS.index(flavour_of_card(f)) + "RGB".index(f[1]))
            for f in QUARK_FACES if flavour_of_card(f) in _WIN_FLAVOURS}  # a card and its faces: one bit
_ALL_WIN_BITS = (1 << 9) - 1


@lru_cache(maxsize=None)  # 512 masks: one flavour's card of each colour is there or gone
def _winnable(mask: int) -> bool:
    ups, downs, charms = ([c for i, c in enumerate("RGB") if mask >> (3 * row + i) & 1] for row in range(3))
    for pair in combinations(ups, 2):
        for down in downs:
            for charm, anticharm in permutations(charms, 2):
                # the four quark colours are R, G, B plus the anti-charm's colour again
                if Counter((*pair, down, charm)) == Counter("RGB") + Counter(anticharm):
                    return True
    return False


_COLOUR_BIT = {f: 1 << ("RGB".index(f[1]) + 3 * f.endswith(ANTI)) for f in QUARK_FACES}
_COLOUR_QUARK = {bit: quark(f) for f, bit in _COLOUR_BIT.items()}  # a quark of that colour: all a set needs


@lru_cache(maxsize=1 << 14)  # a location's cards change one at a time: the same rows come back often
def _offers(area: str, faces: tuple[str, ...]) -> tuple[tuple[Confine, ...], tuple[frozenset, ...]]:
    """The colour-neutral sets among a location's faces, in ``neutral_groups``' order: the moves that
    make them (moves are immutable, so shared) and their cards as sets (to compare with the groups
    already made)."""
    offers = [_offer(area, take(faces)) for take in _neutral(tuple(map(_COLOUR_BIT.__getitem__, faces)))]
    return tuple(zip(*offers)) if offers else ((), ())


@lru_cache(maxsize=1 << 15)
def _neutral(colours: tuple[int, ...]) -> tuple[itemgetter, ...]:
    """neutral_groups of quarks of these colours (the sets depend on colours alone, not flavours),
    each as the getter that takes its faces out of a row."""
    return tuple(itemgetter(*idx) for idx in neutral_groups([_COLOUR_QUARK[c] for c in colours]))


@lru_cache(maxsize=None)  # at most a few thousand neutral sets of faces per location
def _offer(area: str, cards: tuple[str, ...]) -> tuple[Confine, frozenset]:
    return Confine(area, cards), frozenset(cards)


# one shared move per card and area (a move is immutable; its JSON is then made once)
_placement = lru_cache(maxsize=None)(Place)
_annihilation = lru_cache(maxsize=None)(Annihilate)
_discarding = lru_cache(maxsize=None)(Discard)
_END_COLLIDER, _END_REFRESH = EndCollider(), EndRefresh()
_ANNIHILATE_CARDS = frozenset(ANNIHILATE_CARDS)


@lru_cache(maxsize=1 << 15)
def _annihilating(free: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The free faces at one location that annihilate in pairs (K7), earliest arrivals first."""
    return tuple(take(free) for take in _pairs_of_kinds(tuple(map(_KIND.__getitem__, free))))


_KIND = {f: f[0] + ANTI * f.endswith(ANTI) for f in QUARK_FACES}  # "u", "u~": a flavour and a side
_KIND_QUARK = {kind: quark(f) for f, kind in _KIND.items()}


@lru_cache(maxsize=1 << 13)
def _pairs_of_kinds(kinds: tuple[str, ...]) -> tuple[itemgetter, ...]:
    """annihilating_pairs of quarks of these kinds (pairs depend on flavour and side alone), each as
    the getter that takes its two faces out of a row."""
    free = [_KIND_QUARK[k] for k in kinds]
    return tuple(itemgetter(i, j) for i, j in annihilating_pairs(free, range(len(free))))


# -- the state ----------------------------------------------------------------------
@dataclass
class PentaquarkState(GameState):
    name: ClassVar[str] = "pentaquark"
    version: ClassVar[int] = 2  # 2: sets in one order, K14 and K15 (issue 9)
    actions: ClassVar[dict] = {a.kind: a for a in (Place, Confine, EndCollider, Annihilate, Discard, EndRefresh)}

    beam: list[str] = field(default_factory=list)  # index 0 is the top
    collider: list[str] = field(default_factory=list)
    background: list[str] = field(default_factory=list)  # in order of arrival
    detector: list[str] = field(default_factory=list)
    groups: dict[str, list[list[str]]] = field(default_factory=lambda: {a: [] for a in AREAS})
    confined_since_place: list[str] = field(default_factory=list)  # quarks that joined a set this step (K14)
    discard: list[str] = field(default_factory=list)
    annihilated: list[str] = field(default_factory=list)
    aside: list[str] = field(default_factory=list)
    phase: str = "collider"  # collider | annihilate | refresh | over
    step: int = 0  # index into STEPS during the collider phase
    turn: int = 1
    refreshes: int = 0
    result: str = ""  # "", "win" or "loss"
    reason: str = ""

    # -- set-up (K2) --------------------------------------------------------------
    def setup(self) -> None:
        low, high = self.options.get("flipped_low", FLIPPED[0]), self.options.get("flipped_high", FLIPPED[1])
        if low > high:
            raise ValueError(t("pentaquark.why.flipped_range", low=low, high=high))
        deck = self.chance.shuffled(QUARK_CARDS)
        cut = self.chance.randint(low, high)
        deck = self.chance.shuffled([flip(c) for c in deck[:cut]] + deck[cut:])
        self.beam = deck
        self.aside = list(ANNIHILATE_CARDS[: self.options["annihilate_cards"]])
        self._log("setup", flipped=cut)
        self._beam_phase()

    @property
    def beams(self) -> int:
        """How many times the Beam may run out before the beam time is over (K15)."""
        return self.options.get("beams", BEAMS)

    # -- the contract -----------------------------------------------------------------
    def current_player(self):
        return None if self.phase == "over" else 0

    def is_over(self):
        return self.phase == "over"

    def scores(self):
        return {0: 1.0 if self.result == "win" else 0.0}

    def _is_winning_score(self, score):
        return score > 0

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "annihilate":
            return list(map(_annihilation, self._free_everywhere()))
        if phase == "refresh":
            out: list[Action] = list(map(_discarding, self.detector))
            if self._refresh_may_end():
                out.append(_END_REFRESH)
            return out
        if self.collider:  # (map, not a comprehension: the moves are made at every step)
            out = list(map(_placement, self.collider, repeat(STEPS[self.step])))
            out += self._confinements()
        else:
            out = self._confinements()
            out.append(_END_COLLIDER)
        return out

    def _apply(self, action: Action) -> None:
        if isinstance(action, Place):
            self._checkpoint()
            if self.phase == "over":
                return
            self.collider.remove(action.card)
            self._put(action.card, action.area)
            self._log("place", card=action.card, area=action.area)
            self.step += 1
            if not self.collider and not self._confinements():
                self._end_collider()  # nothing left to do (K8)
        elif isinstance(action, Confine):
            self._confine(action.area, list(action.cards))
        elif isinstance(action, EndCollider):
            self._end_collider()
        elif isinstance(action, Annihilate):
            used = self._next_annihilate()
            self.collider.remove(used)
            self.discard.append(used)
            self._annihilate(action.card, "annihilate_card")
            if self.phase != "over":
                self._resolve_annihilate_cards()
        elif isinstance(action, Discard):
            self._remove(action.card)
            self.discard.append(action.card)
            self._log("refresh_discard", card=action.card, area="detector")
        elif isinstance(action, EndRefresh):
            self._finish_refresh()
        self._check_win()

    def why_illegal(self, action: Action) -> str:
        reason = self._specific_reason(action)
        return reason or super().why_illegal(action)

    def _specific_reason(self, action) -> str | None:
        if self.is_over():
            return None
        if isinstance(action, (Place, Confine, EndCollider)) and self.phase != "collider":
            return t("pentaquark.why.not_collider")
        if isinstance(action, Place) and action.card not in self.collider:
            return t("pentaquark.why.not_in_collider", card=describe(action.card) if action.card in QUARK_FACES
                     or is_annihilate(action.card) else repr(action.card))  # a card's words, never its id
        if isinstance(action, EndCollider) and self.collider:
            return t("pentaquark.why.collider_not_empty")
        if isinstance(action, Annihilate):
            if self.phase != "annihilate":
                return t("pentaquark.why.not_annihilate")
            return t("pentaquark.why.not_free", card=action.card)
        if isinstance(action, Discard):
            if self.phase != "refresh":
                return t("pentaquark.why.not_refresh")
            return t("pentaquark.why.not_in_detector", card=action.card)
        if isinstance(action, EndRefresh) and self.phase == "refresh":
            return t("pentaquark.why.beam_needs_quark")
        if isinstance(action, Confine):
            if not _is_faces(action.cards):
                return t("pentaquark.why.not_faces", cards=repr(action.cards))
            cards = list(action.cards)
            if action.area not in AREAS or not set(cards) <= set(getattr(self, action.area)):
                area = t(f"pentaquark.area.{action.area}") if action.area in AREAS else repr(action.area)
                return t("pentaquark.why.not_there", cards=_cards(cards), area=area)
            if sorted(cards) in [sorted(g) for g in self.groups[action.area]]:
                return t("pentaquark.why.already_grouped")
            if not is_colour_neutral([quark(c) for c in cards]):
                return t("pentaquark.why.not_neutral", cards=_cards(cards))
            again = [c for c in cards if c in self.confined_since_place]
            if again:
                return t("pentaquark.why.confined_this_step", cards=_cards(again))
        return None

    # -- views ---------------------------------------------------------------------------
    def view(self, player):
        """Everything on the table; of the beam only its size and the face on top (K3)."""
        return {key: part(self, player) for key, part in _VIEW_PARTS.items()}

    def seat_view(self, player):
        """``view(player)``, each part built when first read (the heuristic bot reads four)."""
        self.check_viewer(player)
        return LazyView(self, player, _VIEW_PARTS)

    def _area_view(self, area: str) -> dict:
        return {"cards": list(getattr(self, area)), "groups": [list(g) for g in self.groups[area]],
                "free": self._free(area)}

    def hidden_variation(self, player, rng):
        if len(self.beam) < 2:
            return None
        other = self.clone()
        rest = [flip(c) if rng.random() < 0.5 else c for c in other.beam[1:]]
        rng.shuffle(rest)
        other.beam[1:] = rest
        return other

    def summary(self):
        return {"result": self.result, "reason": self.reason, "decided_by": self._decided_by(),
                "turns": self.turn, "refreshes": self.refreshes, "annihilated": len(self.annihilated)}

    def _decided_by(self) -> str:
        """What ended the game: the pentaquark, the beam time (K15), or the kind of annihilation
        that took the last card a win needed (an annihilate card, a free pair, a refresh)."""
        if self.result == "win":
            return "pentaquark"
        if self.result != "loss" or self.reason == "beam_time":
            return self.reason
        blows = ("annihilate_card", "pair_annihilate", "refresh_annihilate")
        return next((e.kind for e in reversed(self.log.events) if e.kind in blows), "")

    def annihilated_counts(self) -> dict[str, int]:
        flavours = [flavour_of_card(c) for c in self.annihilated]
        return {f: flavours.count(f) for f in LOSS_AT}

    def check_invariants(self):
        places = [self.beam, self.collider, self.background, self.detector, self.discard,
                  self.annihilated, self.aside]
        cards = sorted(card_of(c) for place in places for c in place)
        expected = sorted(QUARK_CARDS + ANNIHILATE_CARDS[: self.options["annihilate_cards"]])
        assert cards == expected, f"cards lost or duplicated: {cards}"
        assert not any(is_annihilate(c) for c in self.background + self.detector + self.annihilated)
        for area in AREAS:
            grouped = [c for g in self.groups[area] for c in g]
            assert len(grouped) == len(set(grouped)), f"a card is in two groups in the {area}"
            assert set(grouped) <= set(getattr(self, area)), f"a group holds a card not in the {area}"
            for g in self.groups[area]:
                assert is_colour_neutral([quark(c) for c in g]), f"group {g} is not neutral"
        if self.phase == "collider" and not self.is_over():
            assert self.step + len(self.collider) <= 3
        assert set(self.confined_since_place) <= set(self.background + self.detector), \
            "a quark that joined a set this step has left the table"
        assert self.refreshes < self.beams

    # -- helpers --------------------------------------------------------------------------
    def _log(self, kind: str, **data) -> None:
        self.log.record(self.turn, self.phase, None if kind in ("setup", "new_beam") else 0, kind, data)

    def _free(self, area: str) -> list[str]:
        groups = self.groups[area]
        if not groups:
            return list(getattr(self, area))
        return list(filterfalse(set().union(*groups).__contains__, getattr(self, area)))

    def _free_everywhere(self) -> list[str]:
        return self._free("background") + self._free("detector")

    def _where(self, face: str) -> str:
        return "background" if face in self.background else "detector"  # the areas where quarks are

    def _put(self, face: str, area: str) -> None:
        (self.discard if area == "discard" else getattr(self, area)).append(face)

    def _remove(self, face: str) -> None:
        """Take a quark off the table, dissolving its group (partners become free)."""
        area = self._where(face)
        getattr(self, area).remove(face)
        self.groups[area] = [g for g in self.groups[area] if face not in g]

    def _confinements(self) -> list[Confine]:
        """The new sets on offer: not one already made, none with a quark that joined a set
        since the last placement (K14: otherwise two moves could swap a quark between two sets
        for ever)."""
        out = []
        joined = self.confined_since_place
        for area in AREAS:
            moves, sets = _offers(area, tuple(getattr(self, area)))
            groups = self.groups[area]
            if not groups and not joined:  # nothing made yet this step: every set is on offer
                out += moves
                continue
            existing, joined_set = set(map(frozenset, groups)), set(joined)
            for move, members in zip(moves, sets):
                if members not in existing and joined_set.isdisjoint(members):
                    out.append(move)
        return out

    def _confine(self, area: str, cards: list[str]) -> None:
        # regrouping: a set that loses a member dissolves (K6)
        self.groups[area] = [g for g in self.groups[area] if not set(g) & set(cards)] + [cards]
        self.confined_since_place += cards
        self._log("confine", cards=cards, area=area)

    def _checkpoint(self) -> None:
        """Free quark/anti-quark pairs at one location annihilate (K7); the step ends (K14)."""
        self.confined_since_place = []
        for area in AREAS:
            free = self._free(area)
            for a, b in _annihilating(tuple(free)) if len(free) > 1 else ():
                self._log("pair_annihilate", a=a, b=b, area=area)
                for face in (a, b):
                    self._annihilate(face, None, check=False)
                self._check_loss()

    def _annihilate(self, face: str, kind: str | None, check: bool = True) -> None:
        area = self._where(face)
        self._remove(face)
        self.annihilated.append(face)
        if kind:
            self._log(kind, card=face, area=area)
        if check:
            self._check_loss()

    def _check_loss(self) -> None:
        if self.phase == "over":
            return
        counts = self.annihilated_counts()
        reason = next((f for f, n in LOSS_AT.items() if counts[f] >= n), None)
        if reason is None:
            reason = None if still_winnable(self.annihilated) else "colours"
        if reason:
            self._finish("loss", reason)

    def _check_win(self) -> None:
        groups = self.groups["detector"]
        if self.phase == "over" or len(groups) < 2:  # a pentaquark is two sets
            return
        found = pentaquark_in(groups)
        if found:
            self._log("win", cards=found)
            self._finish("win", "")

    def _finish(self, result: str, reason: str) -> None:
        self.result, self.reason = result, reason
        if result == "loss":
            self._log("loss", reason=reason)
        self.phase = "over"

    # -- the turn --------------------------------------------------------------------------
    def _beam_phase(self) -> None:
        """Up to three cards from the top of the beam into the collider (K4)."""
        drawn, self.beam = self.beam[:3], self.beam[3:]
        self.collider = drawn
        self.step = 0
        self.phase = "collider"
        self._log("draw", cards=drawn)
        self._resolve_annihilate_cards()

    def _next_annihilate(self) -> str:
        return next(c for c in self.collider if is_annihilate(c))

    def _resolve_annihilate_cards(self) -> None:
        while not _ANNIHILATE_CARDS.isdisjoint(self.collider):
            if self._free_everywhere():
                self.phase = "annihilate"
                return
            card = self._next_annihilate()
            self.collider.remove(card)
            self.discard.append(card)
            self._log("annihilate_ignored", card=card)
        self.phase = "collider"
        if not self.collider:
            self._end_collider()

    def _end_collider(self) -> None:
        self._checkpoint()
        if self.phase == "over":
            return
        self._log("end_collider")
        if self.beam:
            self.turn += 1
            self._beam_phase()
        elif self.refreshes + 1 == self.beams:  # K15: the beam time is over
            self._finish("loss", "beam_time")
        else:
            self._start_refresh()

    def _start_refresh(self) -> None:
        """Refresh step 1: free detector quarks to the discard, then the player's choice (K9)."""
        self.phase = "refresh"
        self.refreshes += 1
        self._log("refresh", n=self.refreshes)
        for face in self._free("detector"):
            self._remove(face)
            self.discard.append(face)
            self._log("refresh_discard", card=face, area="detector")
        if not self.detector:
            self._finish_refresh()

    def _refresh_may_end(self) -> bool:
        confined_bg = len(self.background) - len(self._free("background"))
        feeds_beam = confined_bg + sum(not is_annihilate(c) for c in self.discard) > 0
        return feeds_beam or not self.detector

    def _finish_refresh(self) -> None:
        grouped = [c for g in self.groups["background"] for c in g]
        for face in grouped:  # step 2
            self._remove(face)
            self.discard.append(face)
            self._log("refresh_discard", card=face, area="background")
        for face in list(self.background):  # step 3 (step 4, the loss check, runs on each)
            self._annihilate(face, "refresh_annihilate")
            if self.phase == "over":
                return
        if self.aside:  # step 5
            self.discard.append(self.aside.pop(0))
        self.beam = [flip(c) for c in self.chance.shuffled(self.discard)]
        self.discard = []
        self._log("new_beam", size=len(self.beam), annihilates=sum(map(is_annihilate, self.beam)))
        self.turn += 1
        self._beam_phase()


_VIEW_PARTS = {  # the view, part by part (key -> function of the state and the viewer)
    "turn": lambda s, v: s.turn, "phase": lambda s, v: s.phase, "refreshes": lambda s, v: s.refreshes,
    "beams": lambda s, v: s.beams,
    "next_area": lambda s, v: STEPS[s.step] if s.phase == "collider" and s.collider else None,
    "beam_size": lambda s, v: len(s.beam), "beam_top": lambda s, v: s.beam[0] if s.beam else None,
    "collider": lambda s, v: list(s.collider), "confined_this_step": lambda s, v: list(s.confined_since_place),
    **{area: (lambda s, v, area=area: s._area_view(area)) for area in AREAS},
    "discard": lambda s, v: list(s.discard), "annihilated": lambda s, v: list(s.annihilated),
    "aside": lambda s, v: len(s.aside), "annihilated_counts": lambda s, v: s.annihilated_counts(),
    "result": lambda s, v: s.result, "reason": lambda s, v: s.reason,
}


def most_actions(options: dict) -> int:
    """The most actions one game can take under any legal play (the harness holds random play to it).

    A turn: at most 3 placements, one annihilate choice per annihilate card, the end of the collider
    phase, and confinements in the four steps around the placements; in a step each of the 15
    quarks joins at most one set of two or more (K14), so at most 7 sets. A beam of 15 quark cards
    and the annihilate cards lasts at most ceil(cards / 3) turns; a refresh discards at most 15
    quarks and finishes once. The game ends when the tenth beam runs out (K15).
    """
    annihilates, beams = options["annihilate_cards"], options["beams"]
    per_turn = 3 + min(3, annihilates) + 1 + 4 * (len(QUARK_CARDS) // 2)
    turns_per_beam = -(-(len(QUARK_CARDS) + annihilates) // 3)
    per_refresh = len(QUARK_CARDS) + 1
    return beams * turns_per_beam * per_turn + (beams - 1) * per_refresh
