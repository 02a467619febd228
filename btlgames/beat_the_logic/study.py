"""Strategy studies: many seeded games between bots, counted so that intervals can be drawn.

Plain Python (no Jupyter): the bench script, the CLI's report and the strategy lab use it.
A study never counts a game that did not finish (a stopped study reports the games it played).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..core.simulate import play_one

GAME = "beat-the-logic"


@dataclass
class Tally:
    """Per seat: wins (a shared win counts for each winner) and every final score."""

    seats: list[str]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    shared: int = 0  # games with more than one winner
    scores: list[list[float]] = field(default_factory=list)

    def __post_init__(self):
        self.wins = self.wins or [0] * len(self.seats)
        self.scores = self.scores or [[] for _ in self.seats]

    def add(self, state) -> None:
        assert state.is_over(), "a study counts finished games only"
        winners = state.winners()
        self.games += 1
        self.shared += len(winners) > 1
        for seat, score in state.scores().items():
            self.scores[seat].append(score)
            self.wins[seat] += seat in winners


def rotated(seats: list[str], game: int) -> list[str]:
    """The seats of game ``game``: the line-up turned one seat on per game, so that no strategy
    keeps the start player's seat."""
    k = game % len(seats)
    return seats[-k:] + seats[:-k] if k else list(seats)


def study(seats: list[str], games: int, seed: int = 0, rotate: bool = True,
          progress: Callable[[int, Tally], bool | None] | None = None, tally: Tally | None = None,
          **options) -> Tally:
    """Play the games of seeds ``seed`` .. ``seed + games - 1`` with one bot name per seat; the
    tally is by the *line-up's* seats (with ``rotate``, game ``s`` turns the line-up ``s`` seats on,
    so each strategy takes every table seat in turn). ``tally`` continues an earlier study.
    ``progress(done, tally)`` is called after each game; returning True stops the study there."""
    tally = tally or Tally(list(seats))
    n = len(seats)
    for i in range(games):
        game = seed + i
        shift = game % n if rotate else 0
        state = play_one(GAME, game, rotated(seats, shift), players=n, **options)
        tally.add(_Seated(state, shift, n))
        if progress and progress(i + 1, tally):
            break
    return tally


class _Seated:
    """A finished game read with its seats turned back to the line-up's order."""

    def __init__(self, state, shift: int, n: int):
        self.state, self.shift, self.n = state, shift, n

    def is_over(self):
        return self.state.is_over()

    def winners(self):
        return sorted((w - self.shift) % self.n for w in self.state.winners())

    def scores(self):
        return {(p - self.shift) % self.n: s for p, s in self.state.scores().items()}
