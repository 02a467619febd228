"""Bots for Beamtimes and Lifetimes. They see only ``view(seat)``.

The heuristic bot reasons like the concept notebook: a hidden problem is equally
likely to be any value it has not seen elsewhere; it builds when the expected
payout of the experiment is worth risking its physicist, buys the cards that make
such experiments, applies for the grants with the best expected value, and
verifies "probably don't exist" particles while that is cheap (exclusion). The solver bot
adds the source's levers for exact solves (see SolverBot).
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

from ..science.ranges import outcome
from .cards import is_detector, is_physicist, value
from .rules import (DISTINGUISHED_PRICE, FULL_HAND, ApplyForGrant, Assign, Build, EndTurn, Hire,
                    HireDistinguished, Pass, Publish, Swap, Verify, Withhold)

SOLVE_BONUS = 20.0  # a solved problem is what wins; worth this many tokens to the bot
LOSS = 1.5  # a failed experiment costs the physicist (and a turn)
BUILD_AT = 0.5  # expected gain that makes an experiment worth running


_last = [None, ()]  # the last view asked about and its answers: a bot asks about one view many times


def candidates(view, problem: int) -> tuple[int, ...]:
    """Values the card at ``problem`` may have, for the seat whose view this is."""
    if _last[0] is not view:
        ring = view["ring"]
        unseen = _unseen(tuple(s["card"] for s in view["row"]) + tuple(s["card"] for s in ring))
        _last[:] = view, tuple((value(s["card"]),) if s["card"] else unseen for s in ring)
    return _last[1][problem]


@lru_cache(maxsize=4096)
def _unseen(cards: tuple) -> tuple[int, ...]:
    # the cards a seat sees change a few times a game, the bots ask after each of them many times a turn
    seen = {value(c) for c in cards if c}
    return tuple(v for v in range(1, 14) if v not in seen)


def expected_gain(view, problem: int, leader: int, collaborators: list[int], detector: int) -> float:
    """Expected tokens (solves weighted by SOLVE_BONUS) for the leader's group of building now."""
    return _expected(candidates(view, problem), leader, tuple(collaborators), detector)


@lru_cache(maxsize=None)
def _expected(values: tuple[int, ...], leader: int, collaborators: tuple[int, ...], detector: int) -> float:
    # a pure function of a few small numbers that the bots ask for thousands of times a game
    total = 0.0
    for v in values:
        result = outcome(v, leader, list(collaborators), detector)
        if result["result"] == "out_of_range":
            total -= LOSS
        else:
            total += result["leader"] + (SOLVE_BONUS if result["result"] == "solved" else 0)
    return total / len(values)


@lru_cache(maxsize=None)
def _reshuffles(values: tuple[int, ...], leader: int, collaborators: tuple[int, ...], detector: int) -> float:
    """The chance that building gives an in-range result that is not a solve: the card is then
    reshuffled with its idle neighbours."""
    return sum(outcome(v, leader, list(collaborators), detector)["result"] == "in_range" for v in values) / len(values)


class HeuristicBot:
    name = "heuristic"
    verifies = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"beamtimes-bot:{seed}")

    def choose(self, view, legal):
        me = view["player"]
        kinds = {a.kind for a in legal}
        if "publish" in kinds:
            pending = view["pending"]
            return Publish() if pending.get("leader_gain", 1) > 0 else Withhold()
        if "swap" in kinds:
            return next((a for a in legal if isinstance(a, Swap) and not view["row"][a.place]["card"]), legal[0])
        if "end_turn" in kinds:
            return self._verify(view, legal, me)
        return self._act(view, legal, me)

    def _verify(self, view, legal, me):
        tokens = view["groups"][me]["tokens"]
        if self.verifies:
            for a in legal:
                if isinstance(a, Verify) and a.cost == 1 and tokens >= 3 and not view["row"][a.place]["card"]:
                    return a
        return next(a for a in legal if isinstance(a, EndTurn))

    def _team(self, view, problem):
        workers = view["ring"][problem]["workers"]
        return value(workers[0]["card"]), [value(w["card"]) for w in workers[1:]]

    def _act(self, view, legal, me):
        scored = self._scores(view, legal, me)
        best = max(score for score, _ in scored)
        return self.rng.choice([a for score, a in scored if score == best])

    def _scores(self, view, legal, me) -> list[tuple[float, object]]:
        """(score, action) for every action of the turn: expected tokens, solves weighted."""
        scored = []
        hand = view["groups"][me]["hand"]
        tokens = view["groups"][me]["tokens"]
        money = 1.0 if tokens < 5 else 0.5 if tokens < 10 else 0.2 if tokens < 15 else 0.05  # less when rich
        detectors = [value(c) for c in hand if is_detector(c)]
        physicists = [value(c) for c in hand if is_physicist(c)]
        led = [p for p, s in enumerate(view["ring"]) if s["workers"] and s["workers"][0]["group"] == me
               and s["solved_by"] is None]
        for a in legal:
            if isinstance(a, Build):
                leader, collaborators = self._team(view, a.problem)
                scored.append((expected_gain(view, a.problem, leader, collaborators, value(a.card)) - BUILD_AT, a))
            elif isinstance(a, Assign):
                workers = view["ring"][a.problem]["workers"]
                h = value(a.card)
                if not workers:  # leading: worth the best experiment it makes possible
                    best = max((expected_gain(view, a.problem, h, [], d) for d in detectors), default=-1.0)
                    scored.append((best - money, a))
                else:  # collaborating: a share of a range someone else will test
                    leader, collaborators = self._team(view, a.problem)
                    values = candidates(view, a.problem)
                    exact = sum(v == h for v in values) / len(values)
                    scored.append((exact * SOLVE_BONUS / 2 + (0.3 if tokens >= 5 else -1.0) - 1.0, a))
            elif isinstance(a, (Hire, HireDistinguished)):
                price = a.place + 1 if isinstance(a, Hire) else 5
                worth = self._card_worth(view, a.card, physicists, detectors, led, money)
                scored.append((worth - price * money, a))
            elif isinstance(a, ApplyForGrant):
                v = value(a.grant)
                ev = v * (7 - v) / 6
                scored.append((ev * money - 0.2 - v / 1000, a))  # of two worth the same (2 and 5), the surer
            elif isinstance(a, Pass):
                scored.append((-3.0, a))
        return scored

    def _card_worth(self, view, card, physicists, detectors, led, money) -> float:
        """What a market card would add: the best experiment it completes, or half the pair
        that solves a problem whose value the group knows."""
        v = value(card)
        open_ = [p for p, s in enumerate(view["ring"]) if not s["workers"] and s["solved_by"] is None]
        known = [value(s["card"]) for s in view["ring"] if s["card"] and s["solved_by"] is None]
        half_pair = SOLVE_BONUS / 3 if v in known else 0.0  # half of what solving a known problem needs
        return max(half_pair, self._completes(view, card, v, open_, physicists, detectors, led))

    def _completes(self, view, card, v, open_, physicists, detectors, led) -> float:
        # the open problems the group has not seen share one set of candidate values: each distinct
        # set is weighed once (the best of the same numbers, found with fewer sums)
        pools = {candidates(view, p) for p in open_}
        if is_detector(card):
            options = [expected_gain(view, p, *self._team(view, p), v) for p in led]
            options += [_expected(pool, h, (), v) for pool in pools for h in set(physicists)]
            return max(options, default=1.5 if not detectors else -1.0)
        options = [_expected(pool, v, (), d) for pool in pools for d in set(detectors)]
        return max(options, default=1.5 if not physicists else -1.0)


class NoVerifyBot(HeuristicBot):
    """The heuristic bot without exclusion searches: it never verifies."""
    name = "no-verify"
    verifies = False


class GrantsBot(HeuristicBot):
    """A group that ignores the science, for the designer notes' measurements: it applies for the
    grant with the best expected tokens every turn (a 3 or a 4: 2 a turn) and never hires, builds
    or verifies, so it never solves or publishes anything."""
    name = "grants"
    verifies = False

    def _act(self, view, legal, me):
        grants = [a for a in legal if isinstance(a, ApplyForGrant)]
        if not grants:
            return next(a for a in legal if isinstance(a, Pass))
        best = max(_grant_worth(a) for a in grants)
        return self.rng.choice([a for a in grants if _grant_worth(a) == best])


def _grant_worth(action) -> float:
    """Expected tokens of an application: the grant's value times its chance on a six-sided die (K1)."""
    v = value(action.grant)
    return v * (7 - v) / 6


SOLVE = 60.0  # the solver's worth of a solve now, in tokens: it outranks every other move
LOOK = 4.0  # a look whose card will stay in place (both neighbours busy): half-way to a solve
GUARD = 4.0  # a physicist that keeps a look in place: beside a problem the group leads, or between busy ones
PAIR = 12.0  # a card that completes the exact pair for a problem the group knows
GRANT_PER_TURN = 2.0  # tokens an application for a grant brings on average (a 3: 3 x 4/6)
WAIT = 1.5  # a look where an in-range result reshuffles the card: better wait for busy neighbours
MAYBE_TURNS = 6  # a remembered card that may be in several places is worth aiming at within this many turns


class SolverBot(HeuristicBot):
    """The heuristic bot aiming at the source's goal, solved problems, with the source's levers.

    It aims: of the problems whose value it sees (its own looks, or what everyone saw), it picks
    the one it can finish in the fewest turns with the exact physicist and detector it holds or can
    buy, and takes that plan's next step (lead, buy, build). Without such a plan it searches: it
    looks where the card will stay (both neighbours worked on or solved: an in-range result
    reshuffles only idle neighbours), keeps neighbours busy beside the problems it leads, uses its
    looks while they hold (K12: the view shows a card until it moves) and collects exact pairs.
    It withholds a result it can still solve alone, so that only its own group knows the card.
    """
    name = "solver"

    def choose(self, view, legal):
        kinds = {a.kind for a in legal}
        if "publish" in kinds:
            return self._publish(view)
        if kinds & {"build", "assign", "hire", "hire_distinguished"}:
            step = self._aim(view, legal, view["player"])
            if step is not None:
                return step
        return super().choose(view, legal)

    # -- what the group knows and holds --------------------------------------------------------------
    @staticmethod
    def _known(view) -> dict[int, int]:
        """Unsolved problems whose value this group sees: {problem: value}."""
        return {p: value(s["card"]) for p, s in enumerate(view["ring"]) if s["card"] and s["solved_by"] is None}

    @staticmethod
    def _remembered(view) -> list[tuple[int, int, int]]:
        """(problem, value, places): an unsolved problem where a card the group remembers may be,
        and the number of places that card may be in (K17)."""
        among = {}
        for slot in view["ring"] + view["row"]:
            for card in slot["maybe"]:
                among[card] = among.get(card, 0) + 1
        return [(p, value(card), among[card]) for p, slot in enumerate(view["ring"])
                if slot["solved_by"] is None for card in slot["maybe"]]

    @staticmethod
    def _busy(view, p: int) -> bool:
        slot = view["ring"][p % len(view["ring"])]
        return bool(slot["workers"]) or slot["solved_by"] is not None

    def _stays(self, view, p: int) -> bool:
        """An in-range result at ``p`` leaves the card where it is: both neighbours are busy."""
        return self._busy(view, p - 1) and self._busy(view, p + 1)

    @staticmethod
    def _reachable(view, me, card_value: int, role) -> bool:
        """The group holds, or can buy now, a card of this value and role (physicist or detector)."""
        hand = view["groups"][me]["hand"]
        tokens = view["groups"][me]["tokens"]
        if any(role(c) and value(c) == card_value for c in hand):
            return True
        offers = [(m["card"], m["price"]) for m in view["market"]]
        offers += [(c, DISTINGUISHED_PRICE) for c in view["distinguished"]]
        return any(role(c) and value(c) == card_value and price <= tokens for c, price in offers)

    # -- aiming ----------------------------------------------------------------------------------------
    @staticmethod
    def _price(view, me, card_value: int, role) -> int | None:
        """What the group pays for a card of this value and role: 0 in hand, the cheapest offer it
        sees (market or distinguished), or None when it sees none."""
        if any(role(c) and value(c) == card_value for c in view["groups"][me]["hand"]):
            return 0
        offers = [m["price"] for m in view["market"] if role(m["card"]) and value(m["card"]) == card_value]
        offers += [DISTINGUISHED_PRICE for c in view["distinguished"] if role(c) and value(c) == card_value]
        return min(offers, default=None)

    def _plan(self, view, me, p: int, v: int) -> tuple[int, list] | None:
        """(turns, steps) to solve problem ``p`` of known value ``v``, or None when the group cannot
        see a way: a step is ("hire"|"assign"|"build", role or card value)."""
        workers = view["ring"][p]["workers"]
        steps, cost = [], 0
        if workers:
            exact_there = any(value(w["card"]) == v for w in workers)
            if workers[0]["group"] != me or not exact_there:
                return None  # a rival leads, or the group leads with a physicist that cannot solve it
        else:
            price = self._price(view, me, v, is_physicist)
            if price is None:
                return None
            if price:
                steps.append(("hire", is_physicist))
            steps.append(("assign", v))
            cost += price + 1
        price = self._price(view, me, v, is_detector)
        if price is None:
            return None
        if price:
            steps.insert(0 if workers else len(steps) - 1, ("hire", is_detector))
        steps.append(("build", v))
        cost += price
        short = max(0, cost - view["groups"][me]["tokens"])
        return len(steps) + math.ceil(short / GRANT_PER_TURN), steps

    def _aim(self, view, legal, me):
        """The next step of the quickest plan to solve a problem, if it is legal now (else None)."""
        left = view["rounds"] - view["round"] + 1
        plans = [(*plan, p, v) for p, v in self._known(view).items() if (plan := self._plan(view, me, p, v))]
        for p, v, among in self._remembered(view):  # K17: a card it saw, in one of `among` places
            if (plan := self._plan(view, me, p, v)) and plan[0] * among <= MAYBE_TURNS:
                plans.append((plan[0] * among, plan[1], p, v))  # the turns it expects to spend
        for turns, steps, p, v in sorted(plans, key=lambda plan: plan[0]):
            if turns > left:
                break
            kind, what = steps[0]
            for a in legal:
                if kind == "build" and isinstance(a, Build) and a.problem == p and value(a.card) == v:
                    return a
                if kind == "assign" and isinstance(a, Assign) and a.problem == p and value(a.card) == v:
                    return a
                if kind == "hire" and isinstance(a, (Hire, HireDistinguished)) and what(a.card) and value(a.card) == v:
                    return a
            if kind != "build" and any(isinstance(a, ApplyForGrant) for a in legal):
                return None  # short of tokens: the economy (grants) comes first
        return None

    # -- the decisions ---------------------------------------------------------------------------------
    def _publish(self, view):
        pending, me = view["pending"], view["player"]
        p = pending["problem"]
        workers = view["ring"][p]["workers"]
        v = value(view["ring"][p]["card"])
        leads_exact = value(workers[0]["card"]) == v  # back in hand after withholding
        can_solve = ((leads_exact or self._reachable(view, me, v, is_physicist))
                     and self._reachable(view, me, v, is_detector))
        alone = len(workers) == 1
        if alone and self._stays(view, p) and can_solve:
            return Withhold()  # a secret the group can still turn into a solve
        return Publish() if pending.get("leader_gain", 1) > 0 else Withhold()

    def _scores(self, view, legal, me):
        known = self._known(view)
        led = {p for p, s in enumerate(view["ring"]) if s["workers"] and s["workers"][0]["group"] == me
               and s["solved_by"] is None}
        return [(score + self._bonus(view, a, me, known, led), a) for score, a in super()._scores(view, legal, me)]

    def _bonus(self, view, a, me, known, led) -> float:
        ring = len(view["ring"])
        if isinstance(a, Build):
            leader, collaborators = self._team(view, a.problem)
            if a.problem in known:  # solve it, or lose the look to a reshuffle
                result = outcome(known[a.problem], leader, collaborators, value(a.card))["result"]
                return SOLVE if result == "solved" else -LOOK
            if self._stays(view, a.problem):
                return LOOK
            # rather wait for busy neighbours, as far as an in-range result would reshuffle the card: an
            # exact pair (in range only when it solves) never does, and waiting for it cost whole games
            return -WAIT * _reshuffles(candidates(view, a.problem), leader, tuple(collaborators), value(a.card))
        if isinstance(a, Assign):
            empty = not view["ring"][a.problem]["workers"]
            h = value(a.card)
            if empty and known.get(a.problem) == h:  # lead with the exact physicist
                return SOLVE / 2 if self._reachable(view, me, h, is_detector) else PAIR
            if empty and any((a.problem + d) % ring in led for d in (-1, 1)):
                return GUARD
            if empty and self._stays(view, a.problem):  # a lab where a look will hold
                return GUARD
            return 0.0
        if isinstance(a, (Hire, HireDistinguished)):
            v = value(a.card)
            for p, kv in known.items():
                workers = view["ring"][p]["workers"]
                if kv == v and not workers:  # half of the exact pair, or all of it
                    other = is_detector if is_physicist(a.card) else is_physicist
                    return PAIR * (2 if self._reachable(view, me, v, other) else 1)
                if kv == v and is_detector(a.card) and p in led and value(workers[0]["card"]) == v:
                    return 2 * PAIR  # the group leads there with the exact physicist
            if len(view["groups"][me]["hand"]) == FULL_HAND - 1 and led:
                return -LOOK  # a full hand would force a detector onto a problem it leads
        return 0.0

