"""The harness's hidden-information check finds a step that decides from cards a seat cannot see.

A tiny duel stands in for Antimatter Matters' shields: a seat attacks the other, which may answer
with a shield if it holds one. Asked only when it holds one, the whole table learns its hand; the
view at any one moment hides the hand all the same, so only a check that takes the step again at
a table dealt differently, and lets the game decide again, can tell.
"""
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from btlgames.core import conformance
from btlgames.core.bots import RandomBot
from btlgames.core.registry import _GAMES, GameSpec, Option, register
from btlgames.core.state import Action, GameState

TURNS = 12


@dataclass(frozen=True)
class Attack(Action):
    kind: ClassVar[str] = "attack"

    def describe(self):
        return "attack"


@dataclass(frozen=True)
class Answer(Action):
    kind: ClassVar[str] = "answer"
    shield: bool

    def describe(self):
        return "shield" if self.shield else "no shield"


@dataclass
class Duel(GameState):
    """Seats attack in turn; the one attacked may answer with the shield it perhaps holds, and
    is dealt a new secret card afterwards. ``ask_everyone``: False asks only a holder."""
    name: ClassVar[str] = "duel"
    actions: ClassVar[dict] = {"attack": Attack, "answer": Answer}
    own_view_keys: ClassVar[tuple] = ("mine",)
    ask_everyone: ClassVar[bool] = True
    shields: list = field(default_factory=list)  # per seat: whether its secret card is a shield
    turn: int = 0
    asked: int = -1  # the seat asked whether to answer, or -1
    hits: list = field(default_factory=lambda: [0, 0])

    def setup(self):
        self.shields = [self.chance.randint(0, 1) == 1 for _ in range(2)]

    def current_player(self):
        return None if self.is_over() else (self.asked if self.asked >= 0 else self.turn % 2)

    def is_over(self):
        return self.turn >= TURNS

    def _legal_actions(self):
        if self.asked < 0:
            return [Attack()]
        return [Answer(True)] * self.shields[self.asked] + [Answer(False)]

    def _apply(self, action):
        target = 1 - self.turn % 2
        if isinstance(action, Attack) and (self.ask_everyone or self.shields[target]):
            self.asked = target
            return
        if not (isinstance(action, Answer) and action.shield):
            self.hits[target] += 1
        self.shields[target] = self.chance.randint(0, 1) == 1
        self.asked, self.turn = -1, self.turn + 1

    def scores(self):
        return {p: float(self.hits[p] < self.hits[1 - p]) for p in (0, 1)}

    def view(self, player):
        return {"turn": self.turn, "asked": self.asked, "hits": list(self.hits),
                "mine": self.shields[player] if player is not None else None}

    def hidden_variation(self, player, rng):
        other = self.clone()
        for seat in (0, 1):
            if seat != player:
                other.shields[seat] = not other.shields[seat]
        return other


class LeakyDuel(Duel):
    ask_everyone: ClassVar[bool] = False


@pytest.fixture
def duel():
    def play(state_class):
        register(GameSpec("duel", "Duel", state_class, {"players": Option(2, choices=(2,))}, {"random": RandomBot},
                          max_actions=lambda options: 2 * TURNS))
        try:
            for seed in range(5):
                conformance.play_checked("duel", seed)
        finally:
            _GAMES.pop("duel")
    return play


def test_a_question_asked_only_of_a_holder_fails_the_harness(duel):
    with pytest.raises(AssertionError, match="depends on cards the seat could not see"):
        duel(LeakyDuel)


def test_a_question_asked_of_everyone_passes_it(duel):
    duel(Duel)
