"""A heuristic Scientist: plans routes to the pieces its mats need, avoids antimatter, heads
for the Center once the atom is complete, and aims harmful cards at the leading rival.

It sees only ``view(seat)`` and the public board (the data files and the walks in moves.py).
"""
from __future__ import annotations

import random
from collections import Counter, deque
from functools import lru_cache
from itertools import product

from . import mats as M
from .actions import Accept, PickCard, PlayAction, PlayMovement, Shield, Stop
from .data import catalogue, kind_of
from .moves import destinations, directed_walks, free_walks

HARMFUL = {"breach", "lose", "spin", "nudge"}  # and a move away from the Center
KEEP_LAST = ("shield", "action", "movement")  # discard order: what is least worth keeping first


@lru_cache(maxsize=None)
def _distances(start: str) -> dict[str, int]:
    links = catalogue().board.links
    seen, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        for n in links[here]:
            if n not in seen:
                seen[n] = seen[here] + 1
                queue.append(n)
    return seen


@lru_cache(maxsize=4096)
def _nearest(targets: frozenset) -> dict[str, int]:
    """Steps from each space to the closest of ``targets`` other than itself (a space missing:
    no other target). A frozenset keeps its hash: the lookup is cheap at every space weighed."""
    out = {}
    for space in catalogue().board.spaces:
        steps = _distances(space)
        out_of = [steps[t] for t in targets if t != space]
        if out_of:
            out[space] = min(out_of)
    return out


@lru_cache(maxsize=4096)
def _targets(needs: frozenset) -> frozenset:
    """The particle spaces of the pieces in ``needs``."""
    return frozenset(sid for sid, sp in catalogue().board.spaces.items() if sp.kind == "particle" and sp.piece in needs)


@lru_cache(maxsize=4096)
def _sets(held: tuple[tuple[str, int], ...]) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Every non-empty set of the movement cards held ((card, copies), sorted by card) with its
    steps towards the Center, smallest first, then in the cards' order: the order a best set is
    looked for in (the first best wins)."""
    cards = catalogue().cards
    names = [c for c, _ in held]
    sets = [tuple(c for c, k in zip(names, ks) for _ in range(k))
            for ks in product(*(range(n + 1) for _, n in held))]
    return tuple((s, sum(cards[c].steps * (1 if cards[c].effect == "jump" else -1) for c in s))
                 for s in sorted((s for s in sets if s), key=lambda s: (len(s), s)))


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"antimatter-heuristic:{seed}")
        self._memo: dict = {}

    # -- what the Scientist wants ---------------------------------------------------------------
    def _mine(self, view, seat):
        key = ("mine", seat)  # asked for every space weighed: worked out once a choice
        if key not in self._memo:
            owner = view["owner_of"][seat]
            self._memo[key] = ([m for m in view["mats"] if m["owner"] == owner and not m["safe"]],
                               view["goals"][owner]["challenge"])
        return self._memo[key]

    def _needs(self, view, seat) -> set[str]:
        if seat not in self._memo:  # asked for every space weighed: worked out once a choice
            mats, challenge = self._mine(view, seat)
            fit = set().union(*(M.fitting(m["type"], tuple(m["pieces"]), challenge) for m in mats))
            needs = {p for p, n in view["bank"].items() if n and p in fit}
            self._memo[seat] = needs, _targets(frozenset(needs))
        return self._memo[seat][0]

    def _complete(self, view, seat) -> bool:
        key = ("complete", seat)
        if key not in self._memo:
            mats, _ = self._mine(view, seat)
            self._memo[key] = bool(mats) and all(M.full(m) for m in mats)
        return self._memo[key]

    def _held(self, view, seat) -> int:
        key = ("held", seat)
        if key not in self._memo:
            mats, _ = self._mine(view, seat)
            self._memo[key] = sum(len(m["pieces"]) for m in mats)
        return self._memo[key]

    def _missing(self, view, seat) -> int:
        """Pieces still missing from the mats: how far ``seat`` is from a complete atom."""
        mats, _ = self._mine(view, seat)
        return sum(len(M.slots(m["type"])) - len(m["pieces"]) for m in mats)

    def _value(self, view, seat, space: str) -> float:
        """How good ending a move on ``space`` is for ``seat``."""
        board = catalogue().board
        if self._complete(view, seat):
            return -board.distance[space] * 10.0
        s = board.spaces[space]
        occupied = self._occupied(view, seat)
        if s.kind == "tunnel" and board.tunnels[space] not in occupied:
            space, s = board.tunnels[space], board.spaces[board.tunnels[space]]
        needs = self._needs(view, seat)
        value = 0.0
        if s.kind == "particle" and s.piece in needs:
            value += 30
        elif s.kind == "antimatter":
            value -= 4 + 2 * self._held(view, seat)
        elif s.kind == "draw":
            value += 3
        targets = self._memo[seat][1]
        if targets:
            value -= _nearest(targets).get(space, 0)
        return value

    def _occupied(self, view, seat) -> set:
        """The spaces other pawns stand on (worked out once a choice)."""
        key = ("occupied", seat)
        if key not in self._memo:
            self._memo[key] = {p for i, p in enumerate(view["pawns"]) if i != seat}
        return self._memo[key]

    def _best_value(self, view, seat, walks) -> float:
        ends = destinations(walks, self._occupied(view, seat))
        return max((self._value(view, seat, e) for e in ends), default=-1e9)

    # -- choosing ---------------------------------------------------------------------------------
    def choose(self, view, legal_actions):
        legal = list(legal_actions)
        self._memo = {}
        if len(legal) == 1:
            return legal[0]
        seat = view["viewer"]
        d = view["decision"]
        kind = d.get("kind")
        if kind in ("move", "route", "nudge"):
            mover = d.get("mover", seat)
            if mover == seat or self._ally(view, seat, mover):
                return max(legal, key=lambda a: self._value(view, mover, a.space))
            return min(legal, key=lambda a: self._value(view, mover, a.space))
        if kind == "cards":
            return self._cards(view, seat, legal)
        if kind == "action":
            return self._action(view, seat, legal)
        if kind == "respond":
            card = catalogue().cards[d["card"]]
            harmful = card.effect in HARMFUL or (card.effect == "move" and card.steps < 0)
            shields = [a for a in legal if isinstance(a, Shield)]
            if harmful and shields:
                reverse = [a for a in shields if a.card == "reverse"]
                return reverse[0] if reverse and not self._ally(view, seat, d["sender"]) else shields[0]
            return next(a for a in legal if isinstance(a, Accept))
        if kind == "helicity":
            return next(a for a in legal if isinstance(a, Accept))
        if kind == "order":
            return legal[0]
        if kind == "allocate":
            return self._allocate(view, seat, legal)
        if kind == "place":
            return max(legal, key=lambda a: len(view["mats"][a.mat]["pieces"]))
        if kind == "lose":
            return min(legal, key=lambda a: len(view["mats"][a.mat]["pieces"][view["mats"][a.mat]["pieces"].index(a.piece):]))
        if kind == "breach":
            return min(legal, key=lambda a: sum(kind_of(p) in ("gluon", "photon") for p in view["mats"][a.mat]["pieces"]))
        if kind == "discard":
            def worth(a):
                card = catalogue().cards[a.card]
                return (KEEP_LAST.index(card.type) if card.type in KEEP_LAST else 0, card.effect == "jump", card.steps)
            return min(legal, key=worth)
        return self.rng.choice(legal)

    def _ally(self, view, seat, other) -> bool:
        return view["owner_of"][seat] == view["owner_of"][other]

    def _cards(self, view, seat, legal):
        """Work out the best set of movement cards once, then take its cards one by one. A set
        begun otherwise (by someone else, before the seat was the bot's) is planned again: the
        best set that holds the cards already taken."""
        chosen = view["decision"]["chosen"]
        plan = getattr(self, "_plan", None)
        if not chosen or plan is None or Counter(chosen) - Counter(plan):
            plan = self._plan = self._best_set(view, seat, chosen)
        if plan and tuple(chosen) == plan:
            play = next((a for a in legal if isinstance(a, PlayMovement)), None)
            if play:
                return play
        if plan and len(chosen) < len(plan):
            missing = Counter(plan) - Counter(chosen)
            pick = next((a for a in legal if isinstance(a, PickCard) and missing[a.card]), None)
            if pick:
                return pick
        return next(a for a in legal if isinstance(a, Stop))

    def _best_set(self, view, seat, chosen=()):
        """The set of the movement cards held (holding ``chosen``) worth most, or None."""
        cards = catalogue().cards
        held = Counter(c for c in view["hand"] if cards[c].type == "movement")
        here = self._value(view, seat, view["pawns"][seat])
        best, best_value, nets = None, here, {}
        taken = Counter(chosen)
        for combo, net in _sets(tuple(sorted(held.items()))):
            if net and not taken - Counter(combo):
                if net not in nets:
                    walks = directed_walks(view["pawns"][seat], net)
                    if view["began_center"][seat]:
                        walks = tuple(w for w in walks if w[-1] != catalogue().board.center)
                    nets[net] = self._best_value(view, seat, walks) if walks else -1e9
                value = nets[net] - 0.5 * len(combo)
                if value > best_value:
                    best, best_value = combo, value
        return best

    def _action(self, view, seat, legal):
        needs = {kind_of(p) for p in self._needs(view, seat)}
        rivals = [s for s in range(view["players"]) if not self._ally(view, seat, s)]
        # the leading rival is the one closest to a complete atom (fewest pieces missing, then
        # nearest the Center): in a mixed game a harder goal holds more pieces without leading
        leader = min(rivals, key=lambda s: (self._missing(view, s), catalogue().board.distance[view["pawns"][s]]),
                     default=None)
        for a in legal:
            if not isinstance(a, PlayAction):
                continue
            card = catalogue().cards[a.card]
            if card.effect == "take" and a.target == seat and card.piece in needs:
                return a
            if card.effect == "draw" and a.target == seat and view["hand_sizes"][seat] <= 4:
                return a
            if card.effect == "move" and card.steps > 0 and a.target == seat and self._complete(view, seat):
                return a
            harmful = card.effect in HARMFUL or (card.effect == "move" and card.steps < 0)
            if harmful and a.target == leader and self._held(view, leader) >= 3:
                return a
        return next(a for a in legal if isinstance(a, Stop))

    def _allocate(self, view, seat, legal):
        """The whole roll to the member who gains most from it: all or nothing for each in turn."""
        d = view["decision"]
        order, total = d["order"], sum(view["dice"])
        remaining = order[len(d["shares"]):]

        def gain(member):
            here = self._value(view, member, view["pawns"][member])
            return self._best_value(view, member, free_walks(view["pawns"][member], total)) - here

        best = max(remaining, key=gain) if total else remaining[0]
        wanted = total - sum(d["shares"]) if best == remaining[0] else 0
        return next((a for a in legal if a.steps == wanted), legal[0])
