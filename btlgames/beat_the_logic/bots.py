"""Bots for Beat The Logic. They see only ``view(seat)``.

- greedy: the move worth the most points at once (an angel counts with the best steal after it);
- planner: the move that raises the *expected* final value of its area most. A set's expected
  value weighs each card it still needs by the chance of getting one before the end, counted
  from what it can see (the areas, its hand) and, with 2 players, what it has held (K16: every
  copy it knows in a hand that will reach it, less likely the more the players picking before it
  want the card, by their areas); it also counts what the cards it passes on are worth to its
  left neighbour, and what a steal takes from the victim;
- forgetful: the planner without card counting (the bench and the lab compare the two).
"""
from __future__ import annotations

import random
from collections import Counter

from . import sets
from .cards import BAND, COLOUR, ROLE, in_play, is_angel
from .rules import NEW, LayAside, NoSteal, Play, Protect, Steal, placements


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
    """The most a steal could add right after an angel, by ``score(area, card stolen)`` (None: the
    points, counted set by set). A card is worth the same from whichever set it comes, so each card and place is
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
                    for into in placements(area, card, first_edition):
                        gain = score(_placed(area, card, into), card) - base if score else gain_of(area, card, into)
                        best = max(best, gain)
    return best


def worth_to(view, seat: int, cards) -> float:
    """The most points one of ``cards`` would add at once to ``seat``'s area (beyond a loose 1)."""
    area = view["areas"][seat]
    best = 0.0
    for card in cards:
        if is_angel(card):
            if any(sets.can_protect(g, card) for g in area):
                best = max(best, 2.0)  # an angel lets them steal
            continue
        for into in placements(area, card, _first_edition(view)):
            best = max(best, gain_of(area, card, into) - 1)  # a new set adds a loose 1: nothing more
    return best


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"btl-greedy:{seed}")

    def gain(self, view, action, known: dict | None = None) -> float:
        """The points ``action`` adds at once; ``known`` keeps what one choice has worked out: a card
        adds the same into one set from whichever victim it comes, and an angel's best steal is the
        same whichever set it protects (the angel's -2 is the set's whatever it holds)."""
        known = {} if known is None else known
        area = view["areas"][view["player"]]
        if isinstance(action, (Play, Steal)):
            key = (action.card, action.into)
            if key not in known:
                known[key] = gain_of(area, action.card, action.into)
            return known[key]
        if isinstance(action, Protect):
            if "steal" not in known:
                known["steal"] = best_steal_gain(view, area)
            return -sets.ANGEL_COST + known["steal"]
        return 0.0  # LayAside, NoSteal

    def best(self, view, legal) -> list:
        """The legal actions worth the most points at once, in the engine's order (choose picks
        one of them at random; the strategy lab's end-game takes the first)."""
        known: dict = {}
        values = [self.gain(view, a, known) for a in legal]
        best = max(values)
        return [a for a, v in zip(legal, values) if v == best]

    def choose(self, view, legal):
        return self.rng.choice(self.best(view, legal))


class Outlook:
    """What one seat can count: how likely it is to get each card again before the end.

    Without counting, every copy not face up is taken to be anywhere among the cards still in
    hands, the deck and the set-aside pile. With counting (K16) the seat also uses what it has
    held: each copy it knows in another player's hand reaches it when that hand does, unless a
    player who picks from the hand before then takes it (how much the card adds to that player's
    area says how likely); the copies of its own hand come back after all the others' picks; and
    only the copies it has not seen are left to chance, among the cards it has not seen.
    """

    KEEP = 0.55  # a card seen in a hand is not always still there when it is my turn to take it
    HORIZON = 5  # turns ahead that a plan counts on
    TURN = 1.5  # what a turn spent on a plan could have earned otherwise
    WEIGHT = 0.8
    # A known copy reaches me if every player who picks from its hand before me leaves it, and
    # then I take it (my pick may be needed elsewhere). Whether a player leaves a card is read
    # from their area: what the card would add there at once (worth_to).
    TAKE = 0.8
    LEAVES = ((3, 0.35), (1, 0.65), (0, 0.9))  # (at least this many points for them, chance they leave it)

    def __init__(self, view, counting: bool = True):
        self.view = view
        n, me = view["players"], view["player"]
        hand = Counter(view["hand"] or [])
        left = in_play(n).copy()  # a Counter of its own
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
        self.known: dict[str, list[float]] = {}  # per card: the chance each known copy reaches me
        self.mine: dict[str, float] = {}  # per card of my hand: the chance it comes back to me
        if counting:
            self._leaves: dict = {}
            order = [(view["start"] + i) % n for i in range(n)]
            laid = set(order[:order.index(me)])  # who has laid this round's card already
            for holder in range(n):
                rounds = (me - holder) % n  # when the hand it holds reaches me
                if holder == me or self.turns < rounds:
                    continue
                pickers = ([] if holder in laid else [holder]) + [(holder + i) % n for i in range(1, rounds)]
                for card in view["known_hands"][holder]:
                    self.known.setdefault(card, []).append(self._reaches(card, pickers))
                    left[card] -= 1
                    circulating -= 1
            if self.turns >= n:  # my hand comes back after the other n - 1 players' picks
                pickers = [(me + i) % n for i in range(1, n)]
                self.mine = {card: self._reaches(card, pickers) for card in hand}
            left.subtract(hand)
            circulating -= sum(hand.values())
            for copies in self.known.values():
                copies.sort(reverse=True)  # the likeliest copies are counted on first
        self.left = +left  # the copies left to chance
        self.laid = None  # the hand card the area being valued has just laid (it comes back no more)
        self.pool = max(circulating, 1)
        self.colours: dict = {}  # one colour's sets valued: the planner values every area a move leads to

    def _reaches(self, card: str, pickers: list[int]) -> float:
        chance = self.TAKE
        for seat in pickers:
            if (seat, card) not in self._leaves:
                worth = worth_to(self.view, seat, [card])
                self._leaves[seat, card] = next(p for points, p in self.LEAVES if worth >= points)
            chance *= self._leaves[seat, card]
        return chance

    def chance(self, card: str, spent: Counter) -> float:
        """The chance of getting one more ``card`` within the planning horizon; each set that
        counts on a card spends one copy of it, so two sets never count on the same copy (the
        likeliest copies it knows of are spent first)."""
        if self.horizon <= 0:
            return 0.0
        used = spent[card]
        copies = self.known.get(card, [])
        if card in self.mine:  # the copies of my hand that I do not lay now
            back = self.view["hand"].count(card) - (card == self.laid)
            copies = sorted(copies + [self.mine[card]] * back, reverse=True)
        miss = 1.0
        for p in copies[used:]:
            miss *= 1 - p
        k = self.left[card] - max(used - len(copies), 0)
        if not self.counting and card == self.laid:
            k -= 1  # without counting my hand is among the unseen cards; the card laid is face up now
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

    def parts(self, area: list[dict], laid: str | None = None, like: dict | None = None,
              changed: str | None = None) -> dict[str, tuple[int, float]]:
        """Each colour's points and expected addition, in the order area() adds them up. Sets of
        different colours never count on the same card, so each colour is valued apart, once per
        move; ``like``: the parts of an area that differs from this one in colour ``changed`` only
        (a move changes one colour's sets), whose other colours are taken as they are."""
        colours: dict[str, list] = {}
        for group in sorted(area, key=lambda g: -len(g["cards"])):
            colours.setdefault(COLOUR[group["cards"][0]], []).append(group)
        out = {}
        for colour, groups in colours.items():
            if like is not None and colour != changed and colour in like:
                out[colour] = like[colour]
                continue
            key = (tuple((tuple(g["cards"]), g["angel"]) for g in groups),
                   laid if laid is not None and COLOUR[laid] == colour else None)
            known = self.colours.get(key)
            if known is None:
                self.laid, spent = key[1], Counter()
                known = self.colours[key] = (sets.area_points(groups),
                                             sum(self.value(cards, spent) for cards, _ in key[0]))
            out[colour] = known
        return out

    def area(self, area: list[dict], laid: str | None = None, like: dict | None = None,
             changed: str | None = None) -> float:
        """Points now plus what the sets may still add (pairs first: they are nearest), after
        ``laid`` has left the hand (``like``, ``changed``: see parts)."""
        points, total = 0, 0.0
        for known in self.parts(area, laid, like, changed).values():
            points, total = points + known[0], total + known[1]
        return points + self.WEIGHT * total


class PlannerBot:
    name = "planner"
    counting = True  # K16: it uses the hands it has held
    COUNTS_WITH = (2,)  # players: where counting measured better than none (the rulebook's designer note)
    GUARD = 0.12  # chance per opponent that an unprotected set of two is stolen from later
    DENIAL = 0.5  # how much a card's worth to the left neighbour counts against passing it

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"btl-planner:{seed}")

    def choose(self, view, legal):
        return self.rng.choice(self.best(view, legal))

    def best(self, view, legal) -> list:
        """The legal actions of the highest value (choose picks one of them at random)."""
        # Counting where it is nearly exact: with 2 players the hand you pass comes straight back.
        # With 3 or 4 the planner's counting measured worse than none (bench/beat_the_logic.py,
        # planner against forgetful; the rulebook's designer note), so there it does without.
        outlook = Outlook(view, self.counting and view["players"] in self.COUNTS_WITH)
        n, me = view["players"], view["player"]
        area = view["areas"][me]
        own = outlook.parts(area)
        base = outlook.area(area, like=own)
        rivalry = 1.0 if n == 2 else 0.6
        left = (me + 1) % n
        hand = Counter(view["hand"] or [])
        denial: dict[str, float] = {}

        def worth(action) -> float:
            if isinstance(action, NoSteal):
                return 0.0
            mine, victim = after(view, action)
            card = getattr(action, "card", None) or getattr(action, "angel", None)  # None: LayAside changes nothing
            changed = COLOUR[card] if card and not isinstance(action, LayAside) else None
            laid = action.card if isinstance(action, Play) else None
            value = outlook.area(mine, laid, like=own, changed=changed) - base
            if isinstance(action, Protect):
                value += self.GUARD * (n - 1) * sets.points(mine[action.into])
                protected = outlook.parts(mine, like=own, changed=changed)
                value += best_steal_gain(view, mine, lambda a, stolen=None: outlook.area(
                    a, like=protected, changed=stolen and COLOUR[stolen]))
            if isinstance(action, Steal):
                value += rivalry * (sets.area_points(view["areas"][action.victim]) - sets.area_points(victim))
            if isinstance(action, (Play, Protect, LayAside)):
                laid = getattr(action, "card", None) or action.angel
                if laid not in denial:  # what the hand passed on is worth depends on the card laid only
                    denial[laid] = worth_to(view, left, hand - Counter([laid]))
                value -= self.DENIAL * rivalry * denial[laid]
            return value

        values = [worth(a) for a in legal]
        best = max(values)
        return [a for a, v in zip(legal, values) if v >= best - 1e-9]


class ForgetfulBot(PlannerBot):
    """The planner without card counting: it forgets every hand it held, and reckons every
    card not face up to be anywhere (the strategy lab and the bench compare the two)."""
    name = "forgetful"
    counting = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"btl-forgetful:{seed}")
