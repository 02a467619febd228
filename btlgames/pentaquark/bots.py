"""A Pentaquark bot with a plan: build toward one winning set, sacrifice strange and bottom.

It sees only the view, like a player at the table.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, permutations

from ..core.bots import RandomBot
from ..science.colour import neutral_groups
from .cards import QUARK_CARDS, card_of, flavour_of_card, flip, quark
from .rules import (STEPS, Annihilate, Confine, Discard, EndCollider, EndRefresh, Place, is_winning_set,
                    pentaquark_in, still_winnable)


def _winning_sets() -> list[frozenset]:
    """Every five-face set that wins (54 candidates, filtered by the rules' own test)."""
    ups = [c for c in QUARK_CARDS if c[0] == "u"]
    downs = [c for c in QUARK_CARDS if c[0] == "d"]
    charms = [c for c in QUARK_CARDS if c[0] == "c"]
    found = []
    for u1, u2 in combinations(ups, 2):
        for d in downs:
            for c, anti in permutations(charms, 2):
                faces = [u1, u2, d, c, flip(anti)]
                for triple in combinations(faces[:4], 3):
                    quark_left = next(f for f in faces[:4] if f not in triple)
                    if is_winning_set(triple, (quark_left, faces[4])):
                        found.append(frozenset(faces))
                        break
    return found


WINNING_SETS = _winning_sets()
_ORDER = {w: sorted(w) for w in WINNING_SETS}  # the tie-break between equally close sets


@lru_cache(maxsize=None)
def _progress(faces: frozenset) -> int:
    """How many of these faces fit one winning set (the best one)."""
    return max(len(faces & w) for w in WINNING_SETS)


_CARDS = {w: frozenset(map(card_of, w)) for w in WINNING_SETS}


@lru_cache(maxsize=1 << 13)
def _target(annihilated: tuple, detector: tuple) -> frozenset:
    """The winning set closest to these detector faces among those the annihilated cards leave possible."""
    gone, faces = frozenset(map(card_of, annihilated)), frozenset(detector)
    alive = [w for w in WINNING_SETS if not _CARDS[w] & gone] or WINNING_SETS
    return max(alive, key=lambda w: (len(faces & w), _ORDER[w]))


class HeuristicBot(RandomBot):
    name = "heuristic"

    def choose(self, view, legal):
        judge = _Judge(view)  # what this choice reads from the view, each worked out once
        kinds = {type(a) for a in legal}
        if Annihilate in kinds:
            return min(legal, key=lambda a: judge.keep_value(a.card))
        if Discard in kinds or EndRefresh in kinds:
            return self._refresh(judge, legal)
        confine = self._confine(judge, legal)
        if confine:
            return confine
        places = [a for a in legal if isinstance(a, Place)]
        if places:
            return self._place(judge, places)
        return next(a for a in legal if isinstance(a, EndCollider))

    # -- decisions ----------------------------------------------------------------------
    def _confine(self, judge, legal):
        confines = [a for a in legal if isinstance(a, Confine)]
        if not confines:
            return None
        view, target = judge.view, judge.target
        for a in confines:  # a move that completes the pentaquark
            if a.area == "detector" and set(a.cards) <= target:
                groups = [g for g in view["detector"]["groups"] if not set(g) & set(a.cards)] + [list(a.cards)]
                if pentaquark_in(groups):
                    return a
        free = {area: set(view[area]["free"]) for area in ("background", "detector")}
        fresh = [a for a in confines if set(a.cards) <= free[a.area]]  # never break a set for nothing
        if not fresh:
            return None

        def worth(a):
            in_target = len(set(a.cards) & target) if a.area == "detector" else 0
            return (sum(judge.keep_value(c) for c in a.cards) + in_target, len(a.cards))

        return max(fresh, key=worth)

    def _place(self, judge, places):
        area = places[0].area
        steps = STEPS[STEPS.index(area):]  # this card's area and the ones still to come
        best, best_score = None, None
        for order in permutations(a.card for a in places):
            plan = dict(zip(steps, order))
            score = judge.plan_score(plan)
            if best_score is None or score > best_score:
                best, best_score = plan[area], score
        return next(a for a in places if a.card == best)

    def _refresh(self, judge, legal):
        discards = [a for a in legal if isinstance(a, Discard) and a.card not in judge.target]
        if discards:
            return discards[0]
        end = [a for a in legal if isinstance(a, EndRefresh)]
        return end[0] if end else legal[0]


class _Judge:
    """How the heuristic judges cards from one view. A choice asks about the same few cards again
    and again (every order of the collider's cards), so each answer is worked out once."""

    def __init__(self, view):
        self.view = view
        self._keep, self._terms, self._target = {}, {}, None

    @property
    def target(self) -> frozenset:
        """The winning set the detector is closest to, among those still possible."""
        if self._target is None:
            self._target = _target(tuple(self.view["annihilated"]), tuple(self.view["detector"]["cards"]))
        return self._target

    def keep_value(self, face) -> float:
        """How much losing this card hurts (annihilation is forever)."""
        value = self._keep.get(face)
        if value is None:
            value = self._keep[face] = self._keep_value(face)
        return value

    def _keep_value(self, face) -> float:
        flavour = flavour_of_card(face)
        if flavour in ("strange", "bottom"):
            return 0.0
        view = self.view
        lost = view["annihilated_counts"][flavour]
        value = 1 + lost if flavour == "down" else 2 + 2 * lost
        if not still_winnable((*view["annihilated"], face)):
            value += 10
        return value + (1 if face in self.target else 0)

    def plan_score(self, plan) -> float:
        """A plan (area -> card) for the cards in the collider: what it builds minus what it risks."""
        score = 0.0
        if "detector" in plan:
            gain, loss = self._term("detector", plan["detector"])
            score += gain
            score -= loss
        if "background" in plan:  # free there at the refresh means annihilated
            score -= self._term("background", plan["background"])
        if "discard" in plan:  # a discarded card comes back on its other face: mild
            score -= self._term("discard", plan["discard"])
        return score

    def _term(self, area, face):
        key = (area, face)
        if key not in self._terms:
            self._terms[key] = self._area_term(area, face)
        return self._terms[key]

    def _area_term(self, area, face):
        view = self.view
        if area == "detector":
            detector = view["detector"]["cards"]
            gain = 3 * (_progress(frozenset(detector + [face])) - _progress(frozenset(detector)))
            return gain, 2 * _annihilation_risk(view["detector"]["free"], face) * self.keep_value(face)
        if area == "background":
            free = view["background"]["free"]
            risk = _annihilation_risk(free, face)
            shelter = 0.1 if _confinable(free, face) else 0.6
            return self.keep_value(face) * (shelter + risk)
        return 0.2 * self.keep_value(face)


def _confinable(free, face) -> bool:
    """Could this card join a colour-neutral set with the free quarks already there?"""
    return _joins_a_set(face, tuple(free))


@lru_cache(maxsize=1 << 13)
def _joins_a_set(face, free: tuple) -> bool:
    return any(0 in g for g in neutral_groups([quark(f) for f in (face, *free)]))


def _annihilation_risk(free, face) -> int:
    flavour, anti = face[0], face.endswith("~")
    return int(any(f[0] == flavour and f.endswith("~") != anti for f in free))


__all__ = ["HeuristicBot", "WINNING_SETS"]
