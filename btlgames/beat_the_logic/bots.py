"""Bots for Beat The Logic. They see only ``view(seat)``.

- greedy: the move worth the most points at once (an angel counts with the best steal after it);
- planner: the move that raises the *expected* final value of its area most. A set's expected
  value weighs each card it still needs by the chance of getting one before the end, counted
  from what it can see (the areas, its hand) and, with 2 players, what it has held (K16: the
  copies in the hand coming to it, its own hand coming back); it also counts what the cards it
  passes on are worth to its left neighbour, and what a steal takes from the victim;
- forgetful: the planner without card counting (the bench and the lab compare the two).
"""
from __future__ import annotations

import random
from collections import Counter

from . import sets
from .cards import BAND, COLOUR, ROLE, deck_for, is_angel
from .rules import NEW, LayAside, NoSteal, Play, Protect, Steal


def _first_edition(view) -> bool:
    return view.get("variant") == "first-edition"


def _placed(area: list[dict], card: str, into: int) -> list[dict]:
    """A copy of ``area`` with ``card`` put into set ``into``."""
    area = [{"cards": list(g["cards"]), "angel": g["angel"]} for g in area]
    if into == NEW:
        area.append({"cards": [card], "angel": None})
    else:
        area[into]["cards"].append(card)
    return area


def _without(area: list[dict], source: int, card: str) -> list[dict]:
    area = [{"cards": list(g["cards"]), "angel": g["angel"]} for g in area]
    area[source]["cards"].remove(card)
    return [g for g in area if g["cards"]]


def _protected(area: list[dict], into: int, angel: str) -> list[dict]:
    area = [{"cards": list(g["cards"]), "angel": g["angel"]} for g in area]
    area[into]["angel"] = angel
    return area


def after(view, action) -> tuple[list[dict], list[dict] | None]:
    """The mover's area after ``action`` (and the victim's, for a steal)."""
    me = view["player"]
    area = view["areas"][me]
    if isinstance(action, Play):
        return _placed(area, action.card, action.into), None
    if isinstance(action, Protect):
        return _protected(area, action.into, action.angel), None
    if isinstance(action, Steal):
        return _placed(area, action.card, action.into), _without(view["areas"][action.victim], action.source,
                                                                 action.card)
    return area, None


def gain_of(area: list[dict], card: str, into: int) -> int:
    """What laying ``card`` into set ``into`` adds to the area's points: only that set changes."""
    if into == NEW:
        return 1  # a new set of one card: a loose card
    group = area[into]
    return sets.points({"cards": group["cards"] + [card], "angel": group["angel"]}) - sets.points(group)


def best_steal_gain(view, area: list[dict], score=None) -> float:
    """The most a steal could add right after an angel, by ``score(area)`` (None: the points, counted
    set by set). A card is worth the same from whichever set it comes, so each card and place is
    scored once."""
    me, best, seen = view["player"], 0.0, set()
    base = score(area) if score else 0
    first_edition = _first_edition(view)
    for victim, other in enumerate(view["areas"]):
        if victim == me:
            continue
        for group in other:
            if group["angel"] is None:
                for card in set(group["cards"]) - seen:
                    seen.add(card)
                    for into in [NEW] + [i for i, g in enumerate(area) if sets.fits(g, card, first_edition)]:
                        gain = score(_placed(area, card, into)) - base if score else gain_of(area, card, into)
                        best = max(best, gain)
    return best


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"btl-greedy:{seed}")

    def gain(self, view, action) -> float:
        area = view["areas"][view["player"]]
        if isinstance(action, (Play, Steal)):
            return gain_of(area, action.card, action.into)
        if isinstance(action, Protect):
            return -sets.ANGEL_COST + best_steal_gain(view, _protected(area, action.into, action.angel))
        return 0.0  # LayAside, NoSteal

    def choose(self, view, legal):
        values = [self.gain(view, a) for a in legal]
        best = max(values)
        return self.rng.choice([a for a, v in zip(legal, values) if v == best])


class Outlook:
    """What one seat can count: how likely it is to get each card again before the end.

    Without counting, every copy not face up is taken to be anywhere among the cards still in
    hands, the deck and the set-aside pile. With counting (K16) the seat also uses what it has
    held: the copies in the hand coming to it next round (it passed that hand on, or saw it go
    round), the copies in its own hand (they come back after the others' picks), and only the
    copies it has not seen are left to chance, among the cards it has not seen.
    """

    KEEP = 0.55  # a card seen in a hand is not always still there when it is my turn to take it
    HORIZON = 5  # turns ahead that a plan counts on
    TURN = 1.5  # what a turn spent on a plan could have earned otherwise
    WEIGHT = 0.8
    # A known copy is worth less than a sure one: the holder may lay it first, and when the hand
    # comes I may need my pick for something else. Measured (bench/beat_the_logic.py, planner
    # against forgetful): the estimates halved below beat the naive ones (0.35, 0.15, and a copy
    # of my own hand counted whole), which did worse than not counting at all.
    PICK_MISS = 0.7  # a known copy in the hand coming to me, whose holder has still to lay a card
    PICKED_MISS = 0.3  # ... whose holder has laid this round's card: only my own pick is left
    SURVIVES_PICK = 0.65  # a card I pass on is still in the hand after one other player's pick
    MINE = 0.5  # and then I take it about half the time

    def __init__(self, view, counting: bool = True):
        self.view = view
        n, me = view["players"], view["player"]
        hand = Counter(view["hand"] or [])
        left = Counter(deck_for(n))
        for area in view["areas"]:
            for group in area:
                left.subtract(group["cards"])
        for angels in view["lone_angels"]:
            left.subtract(angels)
        circulating = view["deck"] + view["set_aside"] + sum(view["hand_sizes"])
        self.turns = max((view["deck"] // n) + sum(hand.values()) - 1, 0)  # my turns after this one
        self.size = max(sum(hand.values()), 1)
        self.horizon = min(self.turns, self.HORIZON)
        self.me, self.counting = me, counting
        self.incoming: Counter = Counter()
        self.mine: Counter = Counter()
        self.incoming_miss = self.mine_miss = 1.0
        if counting:
            right = (me - 1) % n  # whose hand I get next round
            self.incoming = Counter(view["known_hands"][right]) if self.turns > 0 else Counter()
            # the start player's right neighbour plays last: has it laid this round's card yet?
            self.incoming_miss = self.PICK_MISS if me == view["start"] else self.PICKED_MISS
            if self.turns >= n:  # my hand comes back after the other n - 1 players' picks
                self.mine = Counter(hand)
                self.mine_miss = 1 - self.MINE * self.SURVIVES_PICK ** (n - 1)
            seen = hand + self.incoming
            left.subtract(seen)
            circulating -= sum(seen.values())
        self.left = +left  # the copies left to chance
        self.laid = None  # the hand card the area being valued has just laid (it comes back no more)
        self.pool = max(circulating, 1)
        self.colours: dict = {}  # one colour's sets valued: the planner values every area a move leads to

    def chance(self, card: str, spent: Counter) -> float:
        """The chance of getting one more ``card`` within the planning horizon; each set that
        counts on a card spends one copy of it, so two sets never count on the same copy (the
        copies it knows of are spent first)."""
        if self.horizon <= 0:
            return 0.0
        used = spent[card]
        miss = 1.0
        mine = self.mine[card] - (card == self.laid)
        for known, known_miss in ((self.incoming[card], self.incoming_miss), (mine, self.mine_miss)):
            if known > used:
                miss *= known_miss
            used = max(used - known, 0)
        k = self.left[card] - used
        if k > 0:
            per_turn = 1 - (1 - k / self.pool) ** self.size
            miss *= (1 - self.KEEP * per_turn) ** self.horizon
        return 1 - miss

    def value(self, cards: tuple, spent: Counter) -> float:
        """The points one set is expected to add within the horizon, less the turns it costs."""
        n = len(cards)
        if n == sets.MOST:
            return 0.0
        first = cards[0]
        if n == 2:
            equal = first == cards[1]
            need = first if equal else next(c for c in BAND[COLOUR[first]] if c not in cards)
            q = self.chance(need, spent)
            spent[need] += 1
            return q * ((5 if equal else 10) - self.TURN)
        others = [c for c in BAND[COLOUR[first]] if c != first]
        q1, q2 = self.chance(others[0], spent), self.chance(others[1], spent)
        band = q1 * q2 * (11 - 2 * self.TURN)
        equal = 0.0
        if ROLE[first] != "musician":
            q = self.chance(first, spent)
            equal = q * (3 - self.TURN) + q * q * (5 - self.TURN)
        for card in (others if band >= equal else [first]):
            spent[card] += 1
        return max(band, equal, 0.0)

    def area(self, area: list[dict], laid: str | None = None) -> float:
        """Points now plus what the sets may still add (pairs first: they are nearest), after
        ``laid`` has left the hand. Sets of different colours never count on the same card, so
        each colour's sets are valued apart, and once per move: a move changes one colour's sets."""
        colours: dict[str, list] = {}
        for group in sorted(area, key=lambda g: -len(g["cards"])):
            colours.setdefault(COLOUR[group["cards"][0]], []).append(group)
        points, total = 0, 0.0
        for colour, groups in colours.items():
            key = (tuple((tuple(g["cards"]), g["angel"]) for g in groups),
                   laid if laid is not None and COLOUR[laid] == colour else None)
            known = self.colours.get(key)
            if known is None:
                self.laid, spent = key[1], Counter()
                known = self.colours[key] = (sets.area_points(groups),
                                             sum(self.value(cards, spent) for cards, _ in key[0]))
            points, total = points + known[0], total + known[1]
        return points + self.WEIGHT * total


class PlannerBot:
    name = "planner"
    counting = True  # K16: it uses the hands it has held
    GUARD = 0.12  # chance per opponent that an unprotected set of two is stolen from later
    DENIAL = 0.5  # how much a card's worth to the left neighbour counts against passing it

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"btl-planner:{seed}")

    def choose(self, view, legal):
        # Counting where it is nearly exact: with 2 players the hand you pass comes straight back.
        # With 3 or 4 the planner's counting measured worse than none (bench/beat_the_logic.py,
        # planner against forgetful; the rulebook's designer note), so there it does without.
        outlook = Outlook(view, self.counting and view["players"] == 2)
        n, me = view["players"], view["player"]
        area = view["areas"][me]
        base = outlook.area(area)
        rivalry = 1.0 if n == 2 else 0.6
        left = (me + 1) % n
        hand = Counter(view["hand"] or [])
        denial: dict[str, float] = {}

        def worth(action) -> float:
            if isinstance(action, NoSteal):
                return 0.0
            mine, victim = after(view, action)
            value = outlook.area(mine, getattr(action, "card", None) if isinstance(action, Play) else None) - base
            if isinstance(action, Protect):
                value += self.GUARD * (n - 1) * sets.points(mine[action.into])
                value += best_steal_gain(view, mine, outlook.area)
            if isinstance(action, Steal):
                value += rivalry * (sets.area_points(view["areas"][action.victim]) - sets.area_points(victim))
            if isinstance(action, (Play, Protect, LayAside)):
                laid = getattr(action, "card", None) or action.angel
                if laid not in denial:  # what the hand passed on is worth depends on the card laid only
                    denial[laid] = self._worth_to(view, left, hand - Counter([laid]))
                value -= self.DENIAL * rivalry * denial[laid]
            return value

        values = [worth(a) for a in legal]
        best = max(values)
        return self.rng.choice([a for a, v in zip(legal, values) if v >= best - 1e-9])

    @staticmethod
    def _worth_to(view, seat: int, cards: Counter) -> float:
        """The most points one of ``cards`` would add at once to ``seat``'s area (beyond a loose 1)."""
        area = view["areas"][seat]
        now, best = sets.area_points(area), 0.0
        for card in cards:
            if is_angel(card):
                if any(sets.can_protect(g, card) for g in area):
                    best = max(best, 2.0)  # an angel lets them steal
                continue
            for into in [NEW] + [i for i, g in enumerate(area) if sets.fits(g, card, _first_edition(view))]:
                best = max(best, sets.area_points(_placed(area, card, into)) - now - 1)
        return best


class ForgetfulBot(PlannerBot):
    """The planner without card counting: it forgets every hand it held, and reckons every
    card not face up to be anywhere (the strategy lab and the bench compare the two)."""
    name = "forgetful"
    counting = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"btl-forgetful:{seed}")
