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
                    pentaquark_in, winnable)


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


@lru_cache(maxsize=4096)
def _target(gone: frozenset, faces: frozenset) -> frozenset:
    """The winning set closest to these detector faces among those the gone cards leave possible."""
    alive = [w for w in WINNING_SETS if not {card_of(f) for f in w} & gone] or WINNING_SETS
    return max(alive, key=lambda w: (len(faces & w), _ORDER[w]))


class HeuristicBot(RandomBot):
    name = "heuristic"

    def choose(self, view, legal):
        kinds = {type(a) for a in legal}
        if Annihilate in kinds:
            return min(legal, key=lambda a: self._keep_value(view, a.card))
        if Discard in kinds or EndRefresh in kinds:
            return self._refresh(view, legal)
        confine = self._confine(view, legal)
        if confine:
            return confine
        places = [a for a in legal if isinstance(a, Place)]
        if places:
            return self._place(view, places)
        return next(a for a in legal if isinstance(a, EndCollider))

    # -- judging cards ------------------------------------------------------------
    def _progress(self, faces) -> int:
        return _progress(frozenset(faces))

    def _target(self, view) -> frozenset:
        """The winning set the detector is closest to, among those still possible."""
        return _target(frozenset(card_of(c) for c in view["annihilated"]), frozenset(view["detector"]["cards"]))

    def _keep_value(self, view, face) -> float:
        """How much losing this card hurts (annihilation is forever)."""
        flavour = flavour_of_card(face)
        if flavour in ("strange", "bottom"):
            return 0.0
        counts = view["annihilated_counts"]
        value = {"up": 2 + 2 * counts["up"], "charm": 2 + 2 * counts["charm"], "down": 1 + counts["down"]}[flavour]
        gone = {card_of(a) for a in view["annihilated"]} | {card_of(face)}
        survivors = [c for c in QUARK_CARDS if c not in gone]
        if not winnable(survivors):
            value += 10
        return value + (1 if face in self._target(view) else 0)

    # -- decisions ----------------------------------------------------------------------
    def _confine(self, view, legal):
        confines = [a for a in legal if isinstance(a, Confine)]
        if not confines:
            return None
        target = self._target(view)
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
            return (sum(self._keep_value(view, c) for c in a.cards) + in_target, len(a.cards))

        return max(fresh, key=worth)

    def _place(self, view, places):
        area = places[0].area
        steps = STEPS[STEPS.index(area):]  # this card's area and the ones still to come
        best, best_score = None, None
        for order in permutations(a.card for a in places):
            plan = dict(zip(steps, order))
            score = self._plan_score(view, plan)
            if best_score is None or score > best_score:
                best, best_score = plan[area], score
        return next(a for a in places if a.card == best)

    def _plan_score(self, view, plan) -> float:
        score = 0.0
        detector = view["detector"]["cards"]
        if "detector" in plan:
            face = plan["detector"]
            score += 3 * (self._progress(detector + [face]) - self._progress(detector))
            score -= 2 * self._annihilation_risk(view["detector"]["free"], face) * self._keep_value(view, face)
        if "background" in plan:  # free there at the refresh means annihilated
            face = plan["background"]
            free = view["background"]["free"]
            risk = self._annihilation_risk(free, face)
            shelter = 0.1 if self._confinable(free, face) else 0.6
            score -= self._keep_value(view, face) * (shelter + risk)
        if "discard" in plan:  # a discarded card comes back on its other face: mild
            face = plan["discard"]
            score -= 0.2 * self._keep_value(view, face)
        return score

    @staticmethod
    def _confinable(free, face) -> bool:
        """Could this card join a colour-neutral set with the free quarks already there?"""
        faces = [face, *free]
        return any(0 in g for g in neutral_groups([quark(f) for f in faces]))

    @staticmethod
    def _annihilation_risk(free, face) -> int:
        flavour, anti = face[0], face.endswith("~")
        return int(any(f[0] == flavour and f.endswith("~") != anti for f in free))

    def _refresh(self, view, legal):
        target = self._target(view)
        discards = [a for a in legal if isinstance(a, Discard) and a.card not in target]
        if discards:
            return discards[0]
        end = [a for a in legal if isinstance(a, EndRefresh)]
        return end[0] if end else legal[0]


__all__ = ["HeuristicBot", "WINNING_SETS"]
