"""Beat The Logic as a state machine (lessons/beat-the-logic/rules.md, Kit rules K1-K16).

A round: from the start player round the table, each player lays one hand card face up in
their collecting area (and, after an angel, may steal), then draws one; then every hand
passes to the left and the start player moves left. When the deck can no longer go round
the table its last cards are set aside and hands shrink until they are empty (K12).
"""
from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from typing import ClassVar

from ..core.events import ALL
from ..core.i18n import t
from ..core.state import Action, GameState
from . import sets
from .cards import CARDS, COLOUR, ROLE, SYMBOL, deck_for, in_play, is_angel, removed_for

HAND = 4
NEW = -1  # "into a new set"
ORDER = {card: i for i, card in enumerate(CARDS)}  # hands are shown in the order of CARDS


def card_words(card: str) -> str:
    """"drumsticks (■ blue)": a card by its name, symbol and colour word (never colour alone)."""
    if not isinstance(card, str) or card not in COLOUR:  # a malformed action still says what it is
        return repr(card)
    return t("beat-the-logic.card_words", card=t(f"beat-the-logic.card.{card}"),
             symbol=SYMBOL[COLOUR[card]], colour=t(f"beat-the-logic.colour.{COLOUR[card]}"))


def _into(into: int) -> str:
    if isinstance(into, bool) or not isinstance(into, int):
        return repr(into)
    return t("beat-the-logic.into_new") if into == NEW else t("beat-the-logic.into_set", n=into + 1)


# -- actions -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Play(Action):
    """Lay a musician, instrument or accessory from the hand into a set (``NEW``: start one)."""
    kind: ClassVar[str] = "play"
    card: str
    into: int

    def describe(self):
        return t("beat-the-logic.action.play", card=card_words(self.card), into=_into(self.into))


@dataclass(frozen=True)
class Protect(Action):
    """Lay a Guardian Angel on one of your sets (K8); a steal may follow (K10)."""
    kind: ClassVar[str] = "protect"
    angel: str
    into: int

    def describe(self):
        return t("beat-the-logic.action.protect", card=card_words(self.angel), n=self.into + 1)


@dataclass(frozen=True)
class LayAside(Action):
    """An angel with no set it can protect is laid aside: it does nothing (K11)."""
    kind: ClassVar[str] = "lay_aside"
    angel: str

    def describe(self):
        return t("beat-the-logic.action.lay_aside", card=card_words(self.angel))


@dataclass(frozen=True)
class Steal(Action):
    """Take ``card`` from set ``source`` of player ``victim`` into one of your sets (K10)."""
    kind: ClassVar[str] = "steal"
    victim: int
    source: int
    card: str
    into: int

    def describe(self):
        return t("beat-the-logic.action.steal", card=card_words(self.card), player=self.victim + 1,
                 n=self.source + 1, into=_into(self.into))


@dataclass(frozen=True)
class NoSteal(Action):
    kind: ClassVar[str] = "no_steal"

    def describe(self):
        return t("beat-the-logic.action.no_steal")


ACTIONS = (Play, Protect, LayAside, Steal, NoSteal)


def placements(area: list[dict], card: str, first_edition: bool) -> list[int]:
    """Where a card may go: a new set, or any set of yours it fits (K5-K7)."""
    colour = COLOUR[card]  # every set holds one colour: look only at the sets of the card's (speed)
    return [NEW] + [i for i, group in enumerate(area)
                    if COLOUR[group["cards"][0]] == colour and sets.fits(group, card, first_edition)]


# -- the state -------------------------------------------------------------------------------------
@dataclass
class BeatTheLogicState(GameState):
    name: ClassVar[str] = "beat-the-logic"
    version: ClassVar[int] = 1
    actions: ClassVar[dict] = {a.kind: a for a in ACTIONS}
    own_view_keys: ClassVar[tuple] = ("hand", "memory", "viewer")  # the viewer's own: not public

    deck: list[str] = field(default_factory=list)  # index 0 is the top
    hands: list[list[str]] = field(default_factory=list)
    areas: list[list[dict]] = field(default_factory=list)  # per player: sets {"cards", "angel"}
    lone_angels: list[list[str]] = field(default_factory=list)  # K11
    set_aside: list[str] = field(default_factory=list)  # the deck's last cards (K12)
    removed: list[str] = field(default_factory=list)  # out of the game for 2 or 3 players (K2)
    points: list[int] = field(default_factory=list)  # kept move by move; checked against a recount
    memory: list[list[dict]] = field(default_factory=list)  # per player: the hands they passed (K16)
    # known[holder][seat]: how many of each card ``seat`` knows to be in ``holder``'s hand, having
    # held that hand since (K16); a card laid from the hand is taken off everyone's count.
    known: list[list[dict]] = field(default_factory=list)
    start: int = 0  # the start player of this round (K3)
    player: int = 0
    played: int = 0  # players who have had their turn this round
    round: int = 1
    phase: str = "play"  # play | steal | over
    drawing: bool = True
    stats: dict = field(default_factory=dict)

    # -- set-up ------------------------------------------------------------------------------
    def setup(self) -> None:
        n = self.players
        self.removed = removed_for(n)
        cards = self.chance.shuffled(deck_for(n))
        self.hands = [cards[HAND * p:HAND * (p + 1)] for p in range(n)]
        self.deck = cards[HAND * n:]
        self.areas = [[] for _ in range(n)]
        self.lone_angels = [[] for _ in range(n)]
        self.points = [0] * n
        self.memory = [[] for _ in range(n)]
        self.known = [[{} for _ in range(n)] for _ in range(n)]
        self.stats = {"protects": 0, "steals": 0, "no_steals": 0, "laid_aside": 0}
        self._log("setup", None, removed=len(self.removed), deck=len(self.deck))
        for p in range(n):
            self._log("deal", p, secret={"hand": list(self.hands[p])}, seen_by=[p], cards=HAND)
        self._begin_round()

    @property
    def first_edition(self) -> bool:
        return self.options.get("variant") == "first-edition"

    # -- the contract --------------------------------------------------------------------------
    def current_player(self):
        return None if self.is_over() else self.player

    def is_over(self):
        return self.phase == "over"

    def scores(self):
        return {p: float(self.points[p]) for p in range(self.players)}

    def _legal_actions(self) -> list[Action]:
        p = self.player
        if self.phase == "steal":
            return [*self._steals(p), NoSteal()]
        moves: list[Action] = []
        for card in (c for c in CARDS if c in self.hands[p]):
            if is_angel(card):
                targets = [i for i, g in enumerate(self.areas[p]) if sets.can_protect(g, card)]
                moves += [Protect(card, i) for i in targets] if targets else [LayAside(card)]
            else:
                moves += [Play(card, i) for i in placements(self.areas[p], card, self.first_edition)]
        return moves

    def _steals(self, p: int) -> list[Steal]:
        """Any card of an opponent's set without an angel, into any set of yours it fits (K10)."""
        found, where = [], {}  # where: each card's placements, worked out once
        for victim in (q % self.players for q in range(p + 1, p + self.players)):
            for source, group in enumerate(self.areas[victim]):
                if group["angel"] is not None:
                    continue
                for card in sorted(set(group["cards"]), key=ORDER.__getitem__):
                    if card not in where:
                        where[card] = placements(self.areas[p], card, self.first_edition)
                    found += [Steal(victim, source, card, into) for into in where[card]]
        return found

    def _anything_to_steal(self, p: int) -> bool:
        """Whether ``_steals(p)`` has a move: any card in an opponent's set without an angel (it
        may always go into a new set), asked without listing every steal."""
        return any(group["angel"] is None for q, area in enumerate(self.areas) if q != p for group in area)

    def _apply(self, action: Action) -> None:
        p = self.player
        if isinstance(action, Play):
            self._take_from_hand(p, action.card)
            self._place(p, action.card, action.into)
            self._log("play", p, card=action.card, into=action.into, set=self._set_index(p, action.into))
            self._end_turn()
        elif isinstance(action, Protect):
            self._take_from_hand(p, action.angel)
            group = self.areas[p][action.into]
            before = sets.points(group)
            group["angel"] = action.angel
            self.points[p] += sets.points(group) - before
            self.stats["protects"] += 1
            self._log("protect", p, card=action.angel, set=action.into)
            if self._anything_to_steal(p):
                self.phase = "steal"
            else:
                self._log("nothing_to_steal", p)
                self._end_turn()
        elif isinstance(action, LayAside):
            self._take_from_hand(p, action.angel)
            self.lone_angels[p].append(action.angel)
            self.stats["laid_aside"] += 1
            self._log("lay_aside", p, card=action.angel)
            self._end_turn()
        elif isinstance(action, Steal):
            self._steal(p, action)
        elif isinstance(action, NoSteal):
            self.stats["no_steals"] += 1
            self._log("no_steal", p)
            self._end_turn()

    def _take_from_hand(self, p: int, card: str) -> None:
        """The card leaves the hand face up: whoever knew of a copy there knows one less."""
        self.hands[p].remove(card)
        for counts in self.known[p]:
            if counts.get(card):
                counts[card] -= 1
                if not counts[card]:
                    del counts[card]

    def _set_index(self, p: int, into: int) -> int:
        return len(self.areas[p]) - 1 if into == NEW else into

    def _place(self, p: int, card: str, into: int) -> None:
        area = self.areas[p]
        if into == NEW:
            area.append({"cards": [card], "angel": None})
            self.points[p] += sets.points(area[-1])
            return
        before = sets.points(area[into])
        area[into]["cards"].append(card)
        self.points[p] += sets.points(area[into]) - before

    def _steal(self, p: int, action: Steal) -> None:
        victim, source = self.areas[action.victim], action.source
        before = sets.points(victim[source])
        victim[source]["cards"].remove(action.card)
        if victim[source]["cards"]:
            self.points[action.victim] += sets.points(victim[source]) - before
        else:  # the set is gone; the sets after it move up one place
            del victim[source]
            self.points[action.victim] -= before
        self._place(p, action.card, action.into)
        self.stats["steals"] += 1
        self._log("steal", p, victim=action.victim, source=source, card=action.card,
                  set=self._set_index(p, action.into))
        self._end_turn()

    def why_illegal(self, action: Action) -> str:
        reason = self._specific_reason(action) if isinstance(action, ACTIONS) else None
        return reason or super().why_illegal(action)

    def _specific_reason(self, action) -> str | None:
        if self.is_over():
            return None
        p = self.player
        if self.phase == "steal" and not isinstance(action, (Steal, NoSteal)):
            return t("beat-the-logic.why.steal_first")
        if self.phase == "play" and isinstance(action, (Steal, NoSteal)):
            return t("beat-the-logic.why.no_angel")
        card = getattr(action, "card", getattr(action, "angel", None))
        if not isinstance(card, str) or card not in ROLE:
            return None
        if isinstance(action, (Play, Protect, LayAside)) and card not in self.hands[p]:
            return t("beat-the-logic.why.not_in_hand", card=card_words(card))
        if isinstance(action, Play) and is_angel(card):  # what the angel may do instead, here and now
            can_protect = any(sets.can_protect(g, card) for g in self.areas[p])
            return t("beat-the-logic.why.angel_is_no_card" if can_protect else "beat-the-logic.why.angel_lay_aside")
        if isinstance(action, (Protect, LayAside)) and not is_angel(card):
            return t("beat-the-logic.why.not_an_angel", card=card_words(card))
        into = action.into if isinstance(action, (Play, Protect)) else None
        if isinstance(into, int) and not isinstance(into, bool) and 0 <= into < len(self.areas[p]):
            group = self.areas[p][into]
            if isinstance(action, Play):  # the first edition collects identical musicians too (K14)
                key = "does_not_fit_first" if self.first_edition else "does_not_fit"
                return t(f"beat-the-logic.why.{key}", card=card_words(card), n=into + 1)
            if group["angel"] is not None:
                return t("beat-the-logic.why.has_angel", n=into + 1)
            if COLOUR[card] != sets.colour(group):
                return t("beat-the-logic.why.angel_colour", n=into + 1)
            return t("beat-the-logic.why.not_protectable", n=into + 1)
        if isinstance(action, LayAside):
            return t("beat-the-logic.why.angel_can_protect")
        if isinstance(action, Steal) and isinstance(action.victim, int) and 0 <= action.victim < self.players:
            if action.victim == p:
                return t("beat-the-logic.why.own_card")
            area = self.areas[action.victim]
            if isinstance(action.source, int) and 0 <= action.source < len(area) and area[action.source]["angel"]:
                return t("beat-the-logic.why.protected", player=action.victim + 1, n=action.source + 1)
        return None

    # -- the round -------------------------------------------------------------------------------
    def _end_turn(self) -> None:
        p = self.player
        self.phase = "play"
        if self.drawing:
            card = self.deck.pop(0)
            self.hands[p].append(card)
            self._log("draw", p, secret={"card": card}, seen_by=[p], deck=len(self.deck))
        self.played += 1
        if self.played < self.players:
            self.player = (self.start + self.played) % self.players
            return
        self._pass_hands()

    def _pass_hands(self) -> None:
        n = self.players
        for p in range(n):
            if self.hands[p]:
                self.memory[p].append({"round": self.round, "to": (p + 1) % n,
                                       "cards": sorted(self.hands[p], key=ORDER.__getitem__)})
        for p in range(n):
            self.known[p][p] = dict(Counter(self.hands[p]))  # who passes a hand has seen all of it
        self.hands = [self.hands[(p - 1) % n] for p in range(n)]  # each hand goes to the left
        self.known = [self.known[(p - 1) % n] for p in range(n)]  # and what is known of it goes along
        self._log("pass", None, cards=len(self.hands[0]))
        if not any(self.hands):
            return self._finish()
        self.round += 1
        self.start = (self.start + 1) % n
        self.player, self.played = self.start, 0
        self._begin_round()

    def _begin_round(self) -> None:
        self._log("round", self.start, start=self.start)
        if self.drawing and len(self.deck) < self.players:  # K12
            self.set_aside, self.deck = self.set_aside + self.deck, []
            self.drawing = False
            self._log("last_cards", None, set_aside=len(self.set_aside))

    def _finish(self) -> None:
        self.phase = "over"
        self._log("end", None, scores=list(self.points), winners=self.winners())

    # -- views ------------------------------------------------------------------------------------
    def view(self, player):
        """The table as ``player`` sees it (None: the projector; ALL: one screen every seat shares,
        which shows every hand whole under ``known_hands``). Areas are public, hands secret: a seat
        sees its own hand and remembers the hands it passed on (K16)."""
        mine = isinstance(player, int)  # a seat (check_viewer has refused any other viewer)
        return {
            "players": self.players, "player": self.current_player(), "viewer": player,
            "phase": self.phase, "round": self.round, "start": self.start, "variant": self.options.get("variant"),
            "deck": len(self.deck), "set_aside": len(self.set_aside), "drawing": self.drawing,
            "removed": len(self.removed),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": sorted(self.hands[player], key=ORDER.__getitem__) if mine else None,
            "memory": [{"round": m["round"], "to": m["to"], "cards": list(m["cards"])}
                       for m in self.memory[player]] if mine else [],
            "areas": [[sets.public(g) for g in area] for area in self.areas],
            "lone_angels": [list(a) for a in self.lone_angels],
            "known_hands": [self._known_to(q, player) for q in range(self.players)],
            # K13: "scores" as the game ends (loose cards 1 each), "scores_now" as the source counts
            # during play (loose cards no points yet)
            "scores": list(self.points), "scores_now": [sets.area_points_now(area) for area in self.areas],
            "winners": self.winners(),
        }

    def _known_to(self, holder: int, seat) -> list[str]:
        """The cards of ``holder``'s hand that ``seat`` knows are there (None: that every other
        seat knows, so they are public; ALL: the whole hand); a seat's own hand is not listed here."""
        if seat == holder:
            return []
        if seat == ALL:
            return sorted(self.hands[holder], key=ORDER.__getitem__)
        others = [v for v in range(self.players) if v != holder]
        if seat is None:
            first, *rest = (self.known[holder][v] for v in others)
            counts = {c: min([k] + [r.get(c, 0) for r in rest]) for c, k in first.items()}
        elif 0 <= seat < self.players:
            counts = self.known[holder][seat]
        else:
            return []
        return [c for c in sorted(counts, key=ORDER.__getitem__) for _ in range(counts[c])]

    def hidden_variation(self, player, rng):
        """Deal the cards this seat cannot see differently: the unknown cards of other hands,
        the deck and the set-aside pile (the cards it knows stay where they are). An independent
        copy made field by field: the harness asks for one at every step, and pickling the whole
        state (``clone``) was most of its cost."""
        other = self._copy()
        unseen = [p for p in range(self.players) if p != player]
        kept = {p: self._known_to(p, player) for p in unseen}
        pool = other.deck + other.set_aside
        for p in unseen:
            rest = Counter(other.hands[p])
            rest.subtract(kept[p])
            pool += list(rest.elements())
        rng.shuffle(pool)
        for p in unseen:
            k = len(other.hands[p]) - len(kept[p])
            other.hands[p], pool = kept[p] + pool[:k], pool[k:]
        other.deck, other.set_aside = pool[:len(self.deck)], pool[len(self.deck):]
        return other

    def _copy(self) -> "BeatTheLogicState":
        """The same as ``clone()``, without pickling: every field is plain data of known shape
        (tests/engine/test_beat_the_logic_conformance.py checks it against ``clone``)."""
        other = copy.copy(self)
        other.options, other.chance = dict(self.options), copy.deepcopy(self.chance)
        other.log, other.history = copy.deepcopy(self.log), [dict(h) for h in self.history]
        other.deck, other.set_aside, other.removed = list(self.deck), list(self.set_aside), list(self.removed)
        other.hands = [list(h) for h in self.hands]
        other.areas = [[{"cards": list(g["cards"]), "angel": g["angel"]} for g in area] for area in self.areas]
        other.lone_angels = [list(a) for a in self.lone_angels]
        other.points, other.stats = list(self.points), dict(self.stats)
        other.memory = [[{"round": m["round"], "to": m["to"], "cards": list(m["cards"])} for m in mem]
                        for mem in self.memory]
        other.known = [[dict(c) for c in row] for row in self.known]
        return other

    def summary(self):
        groups = [g for area in self.areas for g in area]
        return {"rounds": self.round, "set_aside": len(self.set_aside),
                "musician_sets": sum(sets.is_complete(g) and not sets.is_equal(g) for g in groups),
                "equal_sets": sum(sets.is_equal(g) for g in groups), **self.stats}

    def check_invariants(self):
        everywhere = self.deck + self.set_aside
        for p in range(self.players):
            everywhere += self.hands[p] + self.lone_angels[p]
            for group in self.areas[p]:
                everywhere += group["cards"] + ([group["angel"]] if group["angel"] else [])
        assert Counter(everywhere) == in_play(self.players), "cards lost or duplicated"
        assert sorted(self.removed) == sorted(removed_for(self.players))
        for p, area in enumerate(self.areas):
            for group in area:
                assert sets.is_valid(group["cards"], self.first_edition), f"an invalid set {group}"
                if group["angel"] is not None:
                    assert is_angel(group["angel"]) and COLOUR[group["angel"]] == sets.colour(group)
                    assert len(group["cards"]) >= 2, "an angel protects a set of at least two cards"
            assert self.points[p] == sets.area_points(area), "the running score differs from a recount"
            assert all(is_angel(a) for a in self.lone_angels[p])
        for q in range(self.players):
            for counts in self.known[q]:
                assert all(k <= self.hands[q].count(c) for c, k in counts.items()), "knowledge of a card not there"
        sizes = {len(h) for h in self.hands}
        assert len(sizes) <= 2 and max(sizes) <= HAND, "hands differ by more than this round's card"
        assert self.drawing or not self.deck

    # -- helpers ----------------------------------------------------------------------------------
    def _log(self, kind: str, player, secret=None, seen_by=None, **data) -> None:
        self.log.add(self.round, self.phase, player, kind, secret=secret, seen_by=seen_by, **data)
