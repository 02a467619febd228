"""Beamtimes and Lifetimes as a state machine (lessons/beamtimes-and-lifetimes/rules.md, K1-K17; rules
version 3: K15's endings before the bell, the race to the first solve by default, and K16's credit
after solved problems, by default the closest result since issue 25 (tokens had let a group that only
applied for grants win); K17: what a group remembers of cards that were shuffled).

A turn: one action (or a pass), then, once, a verification. Building a detector
resolves the experiment at once; the builder's choices during resolution
(publish or not, which row card to swap) are phases of the same turn.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ..core.events import ALL
from ..core.i18n import t
from ..core.state import Action, GameState, Interned
from ..science.ranges import outcome
from .cards import (DECK, DIAMONDS, GRANTS, MARKET_CARDS, REMOVED, RING_SIZE, ROW_SIZE, UNUSED_CLUBS,
                    is_physicist, label, value)

TOKENS_PER_GROUP = 25  # K3
START_TOKENS = 5  # K3: in hand at the start (the `hand` option); the rest is the reserve
MARKET_SIZE = 5
DISTINGUISHED_PRICE = 5
FULL_HAND = 5
DIE = 6  # K1
RANKS_SPAN = 13  # more than any X: a group that published nothing is furthest from a solve
# K16's steps after "most solved", by the `credit` option
CREDIT = {"tokens": ("solved", "tokens"),
          "published": ("solved", "published", "tokens"),
          "closest": ("solved", "closest", "published", "tokens")}


def _problem(position: int) -> int:
    return position + 1  # players count problems and row places from 1


# -- actions -------------------------------------------------------------------------
@dataclass(frozen=True)
class ApplyForGrant(Action):
    kind: ClassVar[str] = "grant"
    grant: str

    def describe(self):
        return t("beamtimes.action.grant", grant=label(self.grant), value=value(self.grant))


@dataclass(frozen=True)
class Hire(Action):
    """Take the market card at ``place`` (0 is the cheapest, price place + 1)."""
    kind: ClassVar[str] = "hire"
    place: int
    card: str

    def describe(self):
        return t(f"beamtimes.action.hire_{'physicist' if is_physicist(self.card) else 'detector'}",
                 card=label(self.card), price=self.place + 1)


@dataclass(frozen=True)
class HireDistinguished(Action):
    kind: ClassVar[str] = "hire_distinguished"
    card: str

    def describe(self):
        return t("beamtimes.action.hire_distinguished", card=label(self.card), price=DISTINGUISHED_PRICE)


@dataclass(frozen=True)
class Assign(Action):
    kind: ClassVar[str] = "assign"
    card: str
    problem: int

    def describe(self):
        return t("beamtimes.action.assign", card=label(self.card), problem=_problem(self.problem))


@dataclass(frozen=True)
class Build(Action):
    kind: ClassVar[str] = "build"
    card: str
    problem: int

    def describe(self):
        return t("beamtimes.action.build", card=label(self.card), problem=_problem(self.problem))


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def describe(self):
        return t("beamtimes.action.pass")


@dataclass(frozen=True)
class Publish(Action):
    kind: ClassVar[str] = "publish"

    def describe(self):
        return t("beamtimes.action.publish")


@dataclass(frozen=True)
class Withhold(Action):
    kind: ClassVar[str] = "withhold"

    def describe(self):
        return t("beamtimes.action.withhold")


@dataclass(frozen=True)
class Swap(Action):
    """Out of range: which of the least-verified row cards trades places with the problem."""
    kind: ClassVar[str] = "swap"
    place: int

    def describe(self):
        return t("beamtimes.action.swap", place=_problem(self.place))


@dataclass(frozen=True)
class Verify(Action):
    kind: ClassVar[str] = "verify"
    place: int
    cost: int

    def describe(self):
        return t("beamtimes.action.verify", place=_problem(self.place), cost=self.cost)


@dataclass(frozen=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end_turn"

    def describe(self):
        return t("beamtimes.action.end_turn")


ACTIONS = (ApplyForGrant, Hire, HireDistinguished, Assign, Build, Pass, Publish, Withhold, Swap,
           Verify, EndTurn)


# The legal moves are listed after every action: one shared instance per move (actions are frozen,
# and building a frozen dataclass costs more than the rest of the listing).
_GRANT, _HIRE, _HIRE_DISTINGUISHED, _ASSIGN, _BUILD, _SWAP, _VERIFY = map(
    Interned, (ApplyForGrant, Hire, HireDistinguished, Assign, Build, Swap, Verify))
_PASS, _PUBLISH, _WITHHOLD, _END_TURN = Pass(), Publish(), Withhold(), EndTurn()


# -- the state -----------------------------------------------------------------------------
@dataclass
class BeamtimesState(GameState):
    name: ClassVar[str] = "beamtimes"
    version: ClassVar[int] = 3  # 2: the lesson ending (K15); 3: K16's credit, tokens after solved
    actions: ClassVar[dict] = {a.kind: a for a in ACTIONS}
    reveals_in_part: ClassVar[frozenset] = frozenset({"build"})  # a detector's test narrows a face-down problem

    ring: list[str] = field(default_factory=list)  # the six problems, face down unless solved
    workers: list[list[list]] = field(default_factory=list)  # per problem: [group, card], leader first
    solved_by: list = field(default_factory=list)  # per problem: the group credited, or None
    row: list[str] = field(default_factory=list)  # the five that probably don't exist
    row_tokens: list[list[int]] = field(default_factory=list)  # verification tokens: their groups
    removed: list[str] = field(default_factory=list)  # the two that do not exist (never seen, K10)
    ring_seen: list[list[int]] = field(default_factory=list)  # groups that know the card there (K12)
    row_seen: list[list[int]] = field(default_factory=list)
    # K17: per group, {card it has seen: the places it may be in}, a place being a problem 0-5 or a
    # row place 6-10 (RING_SIZE + i)
    traces: list[dict[str, list[int]]] = field(default_factory=list)
    grants_up: dict[str, bool] = field(default_factory=dict)
    box: list[str] = field(default_factory=list)  # clubs 7-K (K2)
    market: list[str] = field(default_factory=list)  # index 0 costs 1
    deck: list[str] = field(default_factory=list)  # index 0 is the top
    distinguished: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)  # in hand
    reserve: list[int] = field(default_factory=list)
    published: list[int] = field(default_factory=list)  # results published (solves included)
    closest: list = field(default_factory=list)  # per group: the smallest X it published (a solve: 0), or None
    player: int = 0
    phase: str = "action"  # action | publish | swap | verify | over
    pending: dict = field(default_factory=dict)  # the experiment being resolved
    turn: int = 1
    round: int = 1
    end_reason: str = ""
    stats: dict = field(default_factory=dict)

    # -- set-up -----------------------------------------------------------------------------
    def setup(self) -> None:
        n = self.players
        diamonds = self.chance.shuffled(DIAMONDS)
        self.ring = diamonds[:RING_SIZE]
        self.row = diamonds[RING_SIZE:RING_SIZE + ROW_SIZE]
        self.removed = diamonds[RING_SIZE + ROW_SIZE:]
        assert len(self.removed) == REMOVED
        self.workers = [[] for _ in self.ring]
        self.solved_by = [None] * RING_SIZE
        self.ring_seen = [[] for _ in self.ring]
        self.row_tokens = [[] for _ in self.row]
        self.row_seen = [[] for _ in self.row]
        self.traces = [{} for _ in range(n)]
        self.grants_up = {g: True for g in GRANTS}
        self.box = list(UNUSED_CLUBS)
        self.deck = self.chance.shuffled(MARKET_CARDS)
        self.market = []
        self._refill_market()
        self.hands = [[] for _ in range(n)]
        start = self.options.get("hand", START_TOKENS)
        self.tokens = [start] * n
        self.reserve = [TOKENS_PER_GROUP - start] * n
        self.published = [0] * n
        self.closest = [None] * n
        self.stats = {k: 0 for k in ("grants_won", "grants_missed", "builds", "out_of_range",
                                     "published", "withheld", "solved", "verifications", "passes")}
        self._log("setup", None, market=list(self.market))

    # -- the contract -------------------------------------------------------------------------
    def current_player(self):
        return None if self.phase == "over" else self.player  # is_over(), inlined: asked at every move

    def is_over(self):
        return self.phase == "over"

    def scores(self):
        return {g: float(self.solved_by.count(g)) for g in range(self.players)}

    @property
    def criteria(self) -> tuple[str, ...]:
        """K16's steps, in order, for the ``credit`` option."""
        return CREDIT[self.options.get("credit", "closest")]

    def _rank(self, g: int) -> tuple:
        measures = {"solved": self.solved_by.count(g), "published": self.published[g], "tokens": self.tokens[g],
                    "closest": -RANKS_SPAN if self.closest[g] is None else -self.closest[g]}
        return tuple(measures[c] for c in self.criteria)

    def winners(self):
        """Most solved problems; then K16's further steps (the ``credit`` option); level groups share."""
        if not self.is_over():
            return []
        rank = {g: self._rank(g) for g in range(self.players)}
        best = max(rank.values())
        return [g for g, r in rank.items() if r == best]

    def decided_by(self) -> str:
        """Which criterion of K16 separated the winners from the rest ("shared": none did)."""
        if not self.is_over():
            return ""
        winners = self.winners()
        if len(winners) == self.players:
            return "shared"
        ranks = [self._rank(g) for g in range(self.players)]
        best, rest = ranks[winners[0]], [ranks[g] for g in range(self.players) if g not in winners]
        level = max(next(i for i, _ in enumerate(best) if r[i] != best[i]) for r in rest)  # the closest rival
        return self.criteria[level]

    # The moves are listed after every action: plain loops (a comprehension costs a call each).
    def _legal_actions(self) -> list[Action]:
        g = self.player
        phase = self.phase
        if phase == "publish":
            return [_PUBLISH, _WITHHOLD]
        if phase == "swap":
            return [_SWAP[i] for i in self._least_verified()]
        tokens = self.tokens[g]
        if phase == "verify":  # a row card costs one token more than it holds
            verify = []
            for i, on in enumerate(self.row_tokens):
                if tokens > len(on):
                    verify.append(_VERIFY[i, len(on) + 1])
            verify.append(_END_TURN)
            return verify
        builds, assigns = self._builds(g), self._assigns(g)
        grants = []
        for c, up in self.grants_up.items():
            if up:
                grants.append(_GRANT[c])
        if len(self.hands[g]) >= FULL_HAND:  # the full-hand table
            return builds or assigns or [*grants, _PASS]
        hires = []
        for i, c in enumerate(self.market):
            if tokens > i:
                hires.append(_HIRE[i, c])
        if tokens >= DISTINGUISHED_PRICE:
            hires += map(_HIRE_DISTINGUISHED.__getitem__, self.distinguished)
        return [*grants, *hires, *assigns, *builds, _PASS]

    def _builds(self, g: int) -> list[Build]:
        detectors = _of_suit(self.hands[g], "S")
        if not detectors:
            return []
        builds = []
        for p, w in enumerate(self.workers):
            if w and w[0][0] == g and self.solved_by[p] is None:
                for c in detectors:
                    builds.append(_BUILD[c, p])
        return builds

    def _assigns(self, g: int) -> list[Assign]:
        if self.tokens[g] < 1:
            return []
        physicists = _of_suit(self.hands[g], "H")
        if not physicists:
            return []
        open_ = []  # unsolved problems without the group
        for p, (solver, on) in enumerate(zip(self.solved_by, self.workers)):
            if solver is None:
                for w in on:
                    if w[0] == g:
                        break
                else:
                    open_.append(p)
        assigns = []
        for c in physicists:
            for p in open_:
                assigns.append(_ASSIGN[c, p])
        return assigns

    def _least_verified(self) -> list[int]:
        fewest = min(len(tokens) for tokens in self.row_tokens)
        return [i for i, tokens in enumerate(self.row_tokens) if len(tokens) == fewest]

    def _apply(self, action: Action) -> None:
        kind = action.kind
        _MOVES[kind](self, self.player, action)
        if kind not in ("verify", "end_turn") and self.phase == "action":
            self._start_verify()

    # the moves, ``_do_<kind>(g, action)``, found by their kind (_MOVES)
    def _do_grant(self, g: int, action: ApplyForGrant) -> None:
        self._apply_for_grant(g, action.grant)

    def _do_hire(self, g: int, action: Hire) -> None:
        self._pay(g, action.place + 1)
        self.market.pop(action.place)
        self.hands[g].append(action.card)
        self._log("hire", g, card=action.card, price=action.place + 1)

    def _do_hire_distinguished(self, g: int, action: HireDistinguished) -> None:
        self._pay(g, DISTINGUISHED_PRICE)
        self.distinguished.remove(action.card)
        self.hands[g].append(action.card)
        self._log("hire_distinguished", g, card=action.card, price=DISTINGUISHED_PRICE)

    def _do_assign(self, g: int, action: Assign) -> None:
        self.tokens[g] -= 1  # the token paid goes on the physicist: it marks it as the group's (K3)
        self.hands[g].remove(action.card)
        role = "collaborator" if self.workers[action.problem] else "leader"
        self.workers[action.problem].append([g, action.card])
        self._log("assign", g, card=action.card, problem=action.problem, role=role)

    def _do_build(self, g: int, action: Build) -> None:
        self._build(g, action.card, action.problem)

    def _do_pass(self, g: int, action: Pass) -> None:
        self.stats["passes"] += 1
        self._log("pass", g)

    def _do_publish(self, g: int, action: Publish) -> None:
        self._publish()

    def _do_withhold(self, g: int, action: Withhold) -> None:
        self._withhold()

    def _do_swap(self, g: int, action: Swap) -> None:
        self._swap(action.place)

    def _do_verify(self, g: int, action: Verify) -> None:
        self._verify(g, action.place, action.cost)

    def _do_end_turn(self, g: int, action: EndTurn) -> None:
        self._end_turn()

    def why_illegal(self, action: Action) -> str:
        reason = self._specific_reason(action)
        return reason or super().why_illegal(action)

    def _specific_reason(self, action) -> str | None:
        if self.is_over() or not isinstance(action, Action):
            return None
        g = self.player
        if self.phase in ("publish", "swap") and action.kind not in ("publish", "withhold", "swap"):
            return t("beamtimes.why.resolve_first")
        if self.phase == "verify" and action.kind not in ("verify", "end_turn"):
            return t("beamtimes.why.turn_done")
        if self.phase == "action" and len(self.hands[g]) >= FULL_HAND and action.kind in (
                "grant", "hire", "hire_distinguished", "assign", "build", "pass"):
            return t("beamtimes.why.full_hand")
        if isinstance(action, Hire) and self.market[action.place:action.place + 1] == [action.card]:
            return t("beamtimes.why.cannot_afford", price=action.place + 1, tokens=self.tokens[g])
        if isinstance(action, HireDistinguished) and action.card in self.distinguished:
            return t("beamtimes.why.cannot_afford", price=DISTINGUISHED_PRICE, tokens=self.tokens[g])
        if isinstance(action, Verify) and 0 <= action.place < ROW_SIZE:
            return t("beamtimes.why.verify_cost", cost=len(self.row_tokens[action.place]) + 1,
                     tokens=self.tokens[g])
        if isinstance(action, Build) and 0 <= action.problem < RING_SIZE:
            return t("beamtimes.why.not_leader", problem=_problem(action.problem))
        if isinstance(action, Assign) and 0 <= action.problem < RING_SIZE:
            if self.solved_by[action.problem] is not None:
                return t("beamtimes.why.solved", problem=_problem(action.problem))
            if any(w[0] == g for w in self.workers[action.problem]):
                return t("beamtimes.why.already_there", problem=_problem(action.problem))
        return None

    # -- tokens (K3) --------------------------------------------------------------------------
    def _pay(self, g: int, n: int) -> None:
        assert self.tokens[g] >= n
        self.tokens[g] -= n
        self.reserve[g] += n

    def _gain(self, g: int, n: int) -> int:
        got = min(n, self.reserve[g])
        self.reserve[g] -= got
        self.tokens[g] += got
        return got

    # -- the actions ----------------------------------------------------------------------------
    def _apply_for_grant(self, g: int, grant: str) -> None:
        roll = self.chance.randint(1, DIE)
        if roll >= value(grant):
            got = self._gain(g, value(grant))
            self.grants_up[grant] = False
            self.stats["grants_won"] += 1
            self._log("grant_won", g, grant=grant, roll=roll, gained=got)
            if sum(self.grants_up.values()) == 1:  # K7
                self.grants_up = {c: True for c in self.grants_up}
                self._log("grants_reset", None)
        else:
            self.stats["grants_missed"] += 1
            self._log("grant_missed", g, grant=grant, roll=roll)

    def _refill_market(self) -> None:
        """Cards slide to the cheap end; the row fills up from the deck at the dear end (K8)."""
        while len(self.market) < MARKET_SIZE and self.deck:
            self.market.append(self.deck.pop(0))

    def _to_deck(self, cards: list[str]) -> None:
        if cards:
            self.deck = self.chance.shuffled(self.deck + list(cards))
            self._refill_market()  # K8

    def _build(self, g: int, detector: str, p: int) -> None:
        self.hands[g].remove(detector)
        particle = self.ring[p]
        lookers = sorted({w[0] for w in self.workers[p]})
        self._learn(lookers, p)
        self.stats["builds"] += 1
        self._log("build", g, card=detector, problem=p)
        if self._knows(None, lookers):  # every group looks: no secret, the projector's log names it too
            self._log("look", g, problem=p, particle=particle)
        else:
            self._log("look", g, secret={"particle": particle}, seen_by=lookers, problem=p)
        leader, *collaborators = [value(c) for _, c in self.workers[p]]
        result = outcome(value(particle), leader, collaborators, value(detector))
        self.pending = {"problem": p, "detector": detector, "builder": g, **result}
        if result["result"] == "solved":
            self._solve()
        elif result["result"] == "out_of_range":
            self._out_of_range()
        else:
            self.phase = "publish"

    def _out_of_range(self) -> None:
        p, g = self.pending["problem"], self.pending["builder"]
        lost = [c for _, c in self.workers[p]]
        for owner, _ in self.workers[p]:
            self.reserve[owner] += 1  # the marker token goes home
        self.workers[p] = []
        self._to_deck(lost)
        self.hands[g].append(self.pending["detector"])
        self.stats["out_of_range"] += 1
        self._log("out_of_range", g, problem=p, detector=self.pending["detector"], lost=lost)
        choices = self._least_verified()
        if len(choices) == 1:
            self._swap(choices[0])
        else:
            self.phase = "swap"

    def _swap(self, place: int) -> None:
        p = self.pending["problem"]
        for owner in self.row_tokens[place]:
            self.reserve[owner] += 1
        self.row_tokens[place] = []
        self.ring[p], self.row[place] = self.chance.shuffled([self.ring[p], self.row[place]])
        self.ring_seen[p], self.row_seen[place] = [], []
        self._scatter([p, RING_SIZE + place])
        self._log("swap", self.pending["builder"], problem=p, place=place)
        self._close_experiment()

    def _pay_out(self) -> None:
        p = self.pending["problem"]
        (leader, _), *collaborators = self.workers[p]
        gains = {leader: self._gain(leader, self.pending["leader"])}
        for owner, _ in collaborators:
            gains[owner] = self._gain(owner, self.pending["each"])
        self.published[leader] += 1
        x = self.pending["x"]
        self.closest[leader] = x if self.closest[leader] is None else min(self.closest[leader], x)
        self.pending["gains"] = {str(k): v for k, v in gains.items()}

    def _release_collaborators(self, p: int) -> None:
        for owner, card in self.workers[p][1:]:
            self.hands[owner].append(card)
            self.reserve[owner] += 1
        del self.workers[p][1:]

    def _solve(self) -> None:
        p = self.pending["problem"]
        self._pay_out()
        leader = self.workers[p][0][0]
        self._release_collaborators(p)
        self.solved_by[p] = leader  # the leader and its token stay on the problem (K13)
        self._learn(range(self.players), p)
        self._to_deck([self.pending["detector"]])
        self.stats["solved"] += 1
        self._log("solved", leader, problem=p, particle=self.ring[p], x=self.pending["x"],
                  gains=self.pending["gains"])
        self._close_experiment()

    def _publish(self) -> None:
        p = self.pending["problem"]
        self._pay_out()
        leader, card = self.workers[p][0]
        self._release_collaborators(p)
        self.workers[p] = []
        self.reserve[leader] += 1
        self.distinguished.append(card)
        self.stats["published"] += 1
        self._log("published", leader, problem=p, particle=self.ring[p], x=self.pending["x"],
                  gains=self.pending["gains"], distinguished=card)
        self._after_in_range(revealed=True)

    def _withhold(self) -> None:
        p = self.pending["problem"]
        for owner, card in self.workers[p]:
            self.hands[owner].append(card)
            self.reserve[owner] += 1
        self.workers[p] = []
        self.stats["withheld"] += 1
        self._log("withheld", self.pending["builder"], problem=p)
        self._after_in_range(revealed=False)

    def _after_in_range(self, revealed: bool) -> None:
        """The detector goes back to the market; the problem is reshuffled with its idle neighbours."""
        p = self.pending["problem"]
        self._to_deck([self.pending["detector"]])
        places = [p] + [n for n in ((p - 1) % RING_SIZE, (p + 1) % RING_SIZE)
                        if not self.workers[n] and self.solved_by[n] is None]
        if revealed:  # everyone saw it here, and everyone sees where it may go (K17)
            self._learn(range(self.players), p)
        if len(places) > 1:
            cards = self.chance.shuffled([self.ring[i] for i in places])
            for i, card in zip(places, cards):
                self.ring[i] = card
                self.ring_seen[i] = []
            self._scatter(places)
            self._log("reshuffle", None, problems=places)
        self._close_experiment()

    @property
    def goal(self) -> int:
        """Solved problems that end the game (K15): one in the race to the first discovery (the
        default), players + 1 in the lesson ending, all six in the source's."""
        ending = self.options.get("ending", "first")
        return {"lesson": self.players + 1, "first": 1}.get(ending, RING_SIZE)

    def _close_experiment(self) -> None:
        self.pending = {}
        self.phase = "action"  # _apply moves on to the verification
        solved = sum(s is not None for s in self.solved_by)
        if solved >= self.goal:
            self._finish("all_solved" if solved == RING_SIZE else "goal")

    def _verify(self, g: int, place: int, cost: int) -> None:
        self._pay(g, cost)
        self.reserve[g] -= 1  # one of the tokens paid goes on the card
        self.row_tokens[place].append(g)
        self._learn([g], RING_SIZE + place)
        self.stats["verifications"] += 1
        self._log("verify", g, secret={"particle": self.row[place]}, seen_by=[g], place=place, cost=cost)
        self._end_turn()

    def _start_verify(self) -> None:
        if self.phase == "over":
            return
        self._refill_market()
        if self.tokens[self.player] > min(map(len, self.row_tokens)):  # a row card it can verify
            self.phase = "verify"
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self._refill_market()
        self.player = (self.player + 1) % self.players
        self.turn += 1
        self.phase = "action"
        if self.player == 0:
            self.round += 1
            if self.round > self.options["rounds"]:  # K15
                self._finish("beamtime")

    def _finish(self, reason: str) -> None:
        self.phase = "over"
        self.end_reason = reason
        self._log("end", None, reason=reason, solved=[self.solved_by.count(g) for g in range(self.players)],
                  winners=self.winners())

    # -- views ------------------------------------------------------------------------------------
    def view(self, player):
        """The table as ``player`` sees it (None: the projector): face-down cards only where that
        group has looked and the card has not moved since (K12); the projector shows what every
        group knows that way, a published card among them; hands are open (K5)."""
        n = self.players

        def knows(groups):
            return self._knows(player, groups)

        pending = {k: v for k, v in self.pending.items() if k in ("problem", "detector", "builder", "result")}
        if self.pending and knows(self.ring_seen[self.pending["problem"]]):
            pending.update(x=self.pending["x"], leader_gain=self.pending["leader"], each_gain=self.pending["each"])
        maybe = self._maybe(self._remembered(player))
        ring = []
        for p, card in enumerate(self.ring):
            public = len(self.ring_seen[p]) == n
            solved_by = self.solved_by[p]
            ring.append({"card": card if solved_by is not None or knows(self.ring_seen[p]) else None,
                         "solved_by": solved_by, "public": public,
                         "maybe": maybe[p] if solved_by is None else [],
                         "workers": [{"group": o, "card": c, "role": "collaborator" if i else "leader"}
                                     for i, (o, c) in enumerate(self.workers[p])]})
        return {
            "players": n, "player": self.current_player(), "viewer": player,
            "phase": self.phase, "turn": self.turn, "round": min(self.round, self.options["rounds"]),
            "rounds": self.options["rounds"], "goal": self.goal,
            "full_hand": self.phase == "action" and len(self.hands[self.player]) >= FULL_HAND,
            "ring": ring,
            "row": [{"card": card if knows(seen) else None, "public": len(seen) == n, "tokens": list(on),
                     "maybe": maybe[RING_SIZE + i]}
                    for i, (card, seen, on) in enumerate(zip(self.row, self.row_seen, self.row_tokens))],
            "removed": len(self.removed),
            "grants": [{"card": c, "value": value(c), "face_up": up} for c, up in self.grants_up.items()],
            "market": [{"card": c, "price": i + 1} for i, c in enumerate(self.market)],
            "deck": len(self.deck), "distinguished": list(self.distinguished),
            "groups": [{"hand": list(self.hands[g]), "tokens": self.tokens[g], "reserve": self.reserve[g],
                        "solved": self.solved_by.count(g), "published": self.published[g],
                        "closest": self.closest[g]}
                       for g in range(self.players)],
            "pending": pending, "end_reason": self.end_reason, "winners": self.winners(),
            "criteria": list(self.criteria), "decided_by": self.decided_by(),
        }

    # -- what each group remembers (K12, K17) --------------------------------------------------------
    def _at(self, q: int) -> tuple[str, list[int]]:
        """The card at place ``q`` and the groups that know it there."""
        if q < RING_SIZE:
            return self.ring[q], self.ring_seen[q]
        return self.row[q - RING_SIZE], self.row_seen[q - RING_SIZE]

    def _learn(self, groups, q: int) -> None:
        """``groups`` see the card at place ``q``. Each now knows it is there, and that the cards it
        remembers are not; a card left with one place is known there too (K17)."""
        todo = [(g, q) for g in groups]
        while todo:
            g, q = todo.pop()
            card, seen = self._at(q)
            trace = self.traces[g]
            if g in seen and trace.get(card) == [q]:
                continue
            if g not in seen:
                seen.append(g)
                seen.sort()
            trace[card] = [q]
            for other, places in trace.items():
                if other != card and q in places:
                    places.remove(q)
                    if len(places) == 1:
                        todo.append((g, places[0]))

    def _scatter(self, places: list[int]) -> None:
        """The cards at ``places`` were shuffled face down in front of everyone: a card a group
        remembers in one of them may now be in any of them (K17)."""
        shuffled = set(places)
        for trace in self.traces:
            for card, where in trace.items():
                if not shuffled.isdisjoint(where):
                    trace[card] = sorted(shuffled.union(where))

    def _remembered(self, viewer) -> dict[str, list[int]]:
        """{card: the places it may be in} as ``viewer`` knows it (K17); for the projector what every
        group knows: the cards every group remembers, each in any place some group thinks possible."""
        if viewer is not None and viewer != ALL:
            return self.traces[viewer]
        common = set(self.traces[0]).intersection(*self.traces[1:])
        return {card: sorted(set().union(*(trace[card] for trace in self.traces))) for card in common}

    @staticmethod
    def _maybe(remembered) -> list[list[str]]:
        """Per place (problems, then the row), the remembered cards that may be there (K17), lowest
        first. A card is equally likely in each of the places whose lists name it."""
        places = [[] for _ in range(RING_SIZE + ROW_SIZE)]
        for card, where in remembered.items():
            if len(where) > 1:
                for q in where:
                    places[q].append(card)
        for cards in places:
            cards.sort(key=value)
        return places

    def _knows(self, viewer, groups) -> bool:
        """Whether ``viewer`` knows the card the groups in ``groups`` have seen where it lies:
        a group if it is one of them, the projector if every group is (K12)."""
        return len(set(groups)) == self.players if viewer is None else viewer in groups

    def hidden_variation(self, player, rng):
        """Deal the diamonds this seat has not seen (and the market deck) differently."""
        other = self.clone()
        keep = self.pending.get("problem")  # its outcome is already public
        places = [("ring", p) for p in range(RING_SIZE)
                  if self.solved_by[p] is None and p != keep and not self._knows(player, self.ring_seen[p])]
        places += [("row", i) for i in range(ROW_SIZE) if not self._knows(player, self.row_seen[i])]
        places += [("removed", i) for i in range(REMOVED)]
        cards = [getattr(other, where)[i] for where, i in places]
        rng.shuffle(cards)
        for (where, i), card in zip(places, cards):
            getattr(other, where)[i] = card
        rng.shuffle(other.deck)
        return other

    def summary(self):
        return {"rounds": min(self.round, self.options["rounds"]), "reason": self.end_reason,
                "decided_by": self.decided_by(),
                "solved": sum(s is not None for s in self.solved_by),
                # 0: a group won without solving anything, or without any result (the designer notes count those games)
                "winner_solved": min((self.solved_by.count(g) for g in self.winners()), default=-1),
                "winner_published": min((self.published[g] for g in self.winners()), default=-1), **self.stats}

    def check_invariants(self):
        on_table = [c for w in self.workers for _, c in w]
        being_built = [self.pending["detector"]] if self.phase == "publish" else []  # between build and choice
        places = [self.ring, self.row, self.removed, list(self.grants_up), self.box, self.market,
                  self.deck, self.distinguished, on_table, being_built, *self.hands]
        cards = sorted(c for place in places for c in place)
        assert cards == sorted(DECK), "cards lost or duplicated"
        assert all(is_physicist(c) for c in on_table + self.distinguished)
        assert len(self.market) == MARKET_SIZE or not self.deck, "the market has a gap and the deck has cards"
        for g in range(self.players):
            markers = sum(o == g for w in self.workers for o, _ in w) + sum(t.count(g) for t in self.row_tokens)
            total = self.tokens[g] + self.reserve[g] + markers
            assert total == TOKENS_PER_GROUP, f"group {g + 1} has {total} tokens, not {TOKENS_PER_GROUP}"
            assert self.tokens[g] >= 0 and self.reserve[g] >= 0
        where = {card: q for q in range(RING_SIZE + ROW_SIZE) for card in [self._at(q)[0]]}
        for trace in self.traces:
            for card, places in trace.items():
                assert where[card] in places, f"a group remembers {card} where it cannot be (K17)"
        for p, w in enumerate(self.workers):
            owners = [o for o, _ in w]
            assert len(owners) == len(set(owners)), "a group twice on one problem (K9)"
            if self.solved_by[p] is not None:
                assert len(w) == 1 and w[0][0] == self.solved_by[p], "a solved problem keeps only its leader"

    # -- helpers -----------------------------------------------------------------------------------
    def _log(self, kind: str, player, secret=None, seen_by=None, **data) -> None:
        # An event is dated by its round, the number the table shows ("Round 30 of 30").
        when = min(self.round, self.options["rounds"])
        self.log.record(when, self.phase, player, kind, data, secret, seen_by)  # the log keeps our fresh data


_MOVES = {kind: getattr(BeamtimesState, f"_do_{kind}") for kind in BeamtimesState.actions}  # looked up once


def _of_suit(hand: list[str], suit: str) -> list[str]:
    """The cards of a suit in a hand ("S": is_detector, "H": is_physicist), asked at every turn: a plain loop."""
    cards = []
    for c in hand:
        if c[-1] == suit:
            cards.append(c)
    return cards
