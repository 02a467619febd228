"""Keep a card or pass it on: the end of a real game, worked out exactly and by simulation.

A position near the end of a 2-player game: your turn, a hand of four, the last cards in the
draw pile. Each choice keeps one card (lays it) and passes the rest on. What is each choice worth
at the end of the game?

- **Exactly**: every way the cards you cannot see may lie (here: the order of the draw pile),
  each as likely as the engine's shuffle makes it, and for each the rest of the game played out
  by the engine; the expected final score difference and the chance of winning are their
  weighted averages, as fractions.
- **By simulation** (Monte Carlo): deal the unseen cards at random (``hidden_variation``, the
  engine's own re-deal of what a seat cannot see) and play the rest of the game out, N times.

After your choice both players play **greedily** (``greedy_move``): the kit's greedy bot's best
moves (the most points at once), and between equally good moves the first in the engine's list,
so that nothing but the cards decides the rest of the game.

Plain Python (the strategy lab's widget draws it: ``btlgames.ui.concepts.strategy_lab.KeepOrPass``).
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations

from ..core.events import Log
from ..core.registry import load
from ..core.state import Action
from . import sets
from .bots import GreedyBot
from .rules import ORDER, BeatTheLogicState, LayAside, Play, Protect

MOST_UNSEEN = 8  # cards whose places are enumerated (8! orders at most): beyond it, simulate only


# -- the position -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Position:
    """A 2-player table at the start of a round, before anybody has played: every card's place.
    ``areas[p]`` are player p's sets as ``(cards, angel or None)``; ``deck`` is the draw pile, top
    first. At the start of a 2-player round each player has held both hands (K16): only the draw
    pile's order is unknown to them."""

    round: int
    start: int
    hands: tuple
    areas: tuple
    deck: tuple
    lone_angels: tuple = ((), ())

    def state(self, complete: bool = True) -> BeatTheLogicState:
        """The engine's state of this position, as if the game had been played to it: each seat
        knows the other's hand (K16), and the log starts here. A ``complete`` position holds every
        card in play (the engine's invariants are checked); a smaller one (a test's position to
        work out on paper) leaves the cards that do not matter out."""
        n = 2
        state = load("beat-the-logic", players=n, seed=0)
        state.round, state.start, state.player, state.played = self.round, self.start, self.start, 0
        state.phase, state.drawing = "play", True
        state.hands = [list(h) for h in self.hands]
        state.deck, state.set_aside = list(self.deck), []
        state.areas = [[{"cards": list(cards), "angel": angel} for cards, angel in area] for area in self.areas]
        state.lone_angels = [list(a) for a in self.lone_angels]
        state.points = [sets.area_points(area) for area in state.areas]
        state.memory = [[] for _ in range(n)]
        state.known = [[{} if seat == holder else dict(Counter(state.hands[holder])) for seat in range(n)]
                       for holder in range(n)]
        state.log, state.history = Log(), []
        if complete:
            state.check_invariants()
        return state


# A position from a 2-player game between the kit's planner bots (``load("beat-the-logic",
# players=2, seed=78)``, planners seeded 78 and 79), at the start of round 25: two rounds of
# drawing are left (the pile's last 4 cards), then four rounds without. Seat 0 ("you") starts the
# round. It is kept here as it lay, not replayed: a change in the bots leaves it as it is.
LAST_DRAWS = Position(
    round=25, start=0,
    hands=(("drums", "hairspray", "angel-blue", "angel-blue"), ("bass", "angel-green", "angel-yellow", "angel-red")),
    areas=(
        ((("hairspray", "microphone"), "angel-red"), (("bassist", "cap", "bass"), "angel-green"),
         (("drummer", "drumsticks", "drums"), "angel-blue"), (("guitarist", "guitar", "plectrum"), "angel-purple"),
         (("keyboardist", "keyboard", "stool"), "angel-yellow"), (("microphone",), None),
         (("guitar", "plectrum", "guitarist"), None), (("drumsticks", "drummer"), None)),
        ((("guitar", "guitarist", "plectrum"), "angel-purple"), (("keyboardist", "stool", "keyboard"), None),
         (("hairspray", "microphone", "singer"), "angel-red"), (("drumsticks", "drummer"), None),
         (("keyboardist", "keyboard", "stool"), "angel-yellow"), (("bass", "bassist", "cap"), "angel-green"),
         (("singer",), None), (("cap",), None)),
    ),
    deck=("angel-purple", "bassist", "drums", "singer"),
)


# -- the policy after the choice -----------------------------------------------------------------
_GREEDY = GreedyBot()  # its best() draws no random number: one for every caller


def greedy_move(state: BeatTheLogicState) -> Action:
    """The greedy bot's move with its ties broken by the engine's order (the first best move):
    the policy both players follow after the choice, so that a playout depends on the cards only."""
    p = state.current_player()
    legal = state.legal_actions()
    return _GREEDY.best(state.view(p), legal)[0]


def play_out(state: BeatTheLogicState) -> tuple:
    """Play ``state`` (changed in place) to the end with :func:`greedy_move`; the final points."""
    while not state.is_over():
        state.apply(greedy_move(state))
    return tuple(state.points)


# -- what the chooser cannot see -------------------------------------------------------------------
def unseen(state: BeatTheLogicState, seat: int) -> Counter:
    """The cards ``seat`` cannot place: in the others' hands beyond what it has seen there (K16),
    in the draw pile and set aside. By counting, ``seat`` knows *which* cards these are (every
    other card is face up, in its hand or known); it does not know where each one lies."""
    pool = Counter(state.deck) + Counter(state.set_aside)
    for q in range(state.players):
        if q != seat:
            pool += Counter(state.hands[q]) - Counter(state._known_to(q, seat))
    return pool


def deals(state: BeatTheLogicState, seat: int) -> list[tuple[Fraction, BeatTheLogicState]]:
    """Every way the cards ``seat`` cannot see may lie, each once, with its probability: the
    unseen cards dealt to the same places as ``hidden_variation`` deals them (the others'
    unknown hand cards, the draw pile in order, the set-aside pile). A uniform shuffle makes every
    distinct order of the unseen cards equally likely, so each way's probability is the share of
    those orders that give it (two orders that differ only inside a hand give one way)."""
    kept = {q: state._known_to(q, seat) for q in range(state.players) if q != seat}
    slots = [(q, len(state.hands[q]) - len(kept[q])) for q in kept]
    pool = sorted(unseen(state, seat).elements(), key=ORDER.__getitem__)
    if len(pool) > MOST_UNSEEN:
        raise ValueError(f"{len(pool)} unseen cards: too many orders to count (at most {MOST_UNSEEN})")
    found: dict[tuple, list] = {}
    for order in set(permutations(pool)):
        rest, hands = list(order), {}
        for q, k in slots:
            hands[q], rest = tuple(sorted(kept[q] + rest[:k], key=ORDER.__getitem__)), rest[k:]
        deck, aside = tuple(rest[:len(state.deck)]), tuple(sorted(rest[len(state.deck):], key=ORDER.__getitem__))
        way = (tuple(sorted(hands.items())), deck, aside)
        found.setdefault(way, [0])[0] += 1
    total = sum(count for count, in found.values())
    out = []
    for (hands, deck, aside), (count,) in sorted(found.items()):
        other = state._copy()
        for q, hand in hands:
            other.hands[q] = list(hand)
        other.deck, other.set_aside = list(deck), list(aside)
        out.append((Fraction(count, total), other))
    return out


# -- a choice's worth ------------------------------------------------------------------------------
def choices(state: BeatTheLogicState) -> list[Action]:
    """The moves of the player to move: which card to keep (lay) and where; the rest is passed on."""
    return [a for a in state.legal_actions() if isinstance(a, (Play, Protect, LayAside))]


@dataclass(frozen=True)
class Outcome:
    """What one choice led to: final points (chooser, opponent) and the probability of each."""

    final: dict  # (mine, theirs) -> probability (a Fraction when exact, a count when simulated)

    @property
    def total(self):
        return sum(self.final.values())

    def expected(self, which: str = "difference"):
        """The expected final difference (mine - theirs), or ``"mine"``/``"theirs"``."""
        pick = {"difference": lambda m, o: m - o, "mine": lambda m, o: m, "theirs": lambda m, o: o}[which]
        return sum(w * pick(m, o) for (m, o), w in self.final.items()) / self.total

    def win(self):
        """The chance of winning alone (a shared top score is a tie, nobody's win: K15)."""
        return sum(w for (m, o), w in self.final.items() if m > o) / self.total


def _final(points: tuple, seat: int) -> tuple:
    return points[seat], max(p for q, p in enumerate(points) if q != seat)


def exact(state: BeatTheLogicState, choice: Action) -> Outcome:
    """The exact outcome of ``choice`` for the player to move: every way the unseen cards may lie
    (:func:`deals`), each played out to the end (:func:`play_out`), weighted by its probability."""
    seat = state.current_player()
    final: dict = {}
    for weight, dealt in deals(state, seat):
        dealt.apply(choice)
        points = _final(play_out(dealt), seat)
        final[points] = final.get(points, 0) + weight
    return Outcome(final)


def exact_all(state: BeatTheLogicState) -> dict[Action, Outcome]:
    return {choice: exact(state, choice) for choice in choices(state)}


def playout(state: BeatTheLogicState, moves: list[Action], i: int, seed: int = 0) -> list[tuple]:
    """Deal ``i`` of a simulation (Monte Carlo): what the chooser cannot see dealt at random by
    the engine (``hidden_variation``, seeded by ``seed`` and ``i``), and each of ``moves`` played
    out on that same deal to the end; the final (mine, theirs) of each. Choices are compared on
    the same deals."""
    seat = state.current_player()
    dealt = state.hidden_variation(seat, random.Random(f"btl-keep-or-pass:{seed}:{i}"))
    out = []
    for move in moves:
        game = dealt._copy()
        game.apply(move)
        out.append(_final(play_out(game), seat))
    return out


def simulate(state: BeatTheLogicState, choice: Action, playouts: int, seed: int = 0) -> list[tuple]:
    """Deals 0 .. ``playouts`` - 1 of :func:`playout` for one choice."""
    return [playout(state, [choice], i, seed)[0] for i in range(playouts)]


def outcome(finals: list[tuple]) -> Outcome:
    """Simulated finals as an :class:`Outcome` (counts, not probabilities)."""
    return Outcome(dict(Counter(finals)))


def passed_on(state: BeatTheLogicState, choice: Action) -> list[str]:
    """The hand cards the chooser passes on after keeping the card of ``choice`` (the draw joins them)."""
    hand = list(state.hands[state.current_player()])
    hand.remove(getattr(choice, "card", None) or choice.angel)
    return sorted(hand, key=ORDER.__getitem__)


def immediate(state: BeatTheLogicState, choice: Action) -> int:
    """The points ``choice`` adds to the chooser's area at once (a steal, if any, comes after)."""
    seat = state.current_player()
    other = state._copy()
    before = other.points[seat]
    other.apply(choice)
    return other.points[seat] - before
