"""The bot protocol: a bot sees a view and the legal actions, never the state."""
from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from .state import Action


class Bot(Protocol):
    name: str

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"bot:{seed}")

    def choose(self, view, legal_actions):
        return self.rng.choice(list(legal_actions))


def play_turns(state, bots: dict[int, Bot], max_actions: int = 100_000) -> None:
    """Let bots move until a human seat (one without a bot) is to play or the game ends."""
    for _ in range(max_actions):
        player = state.current_player()
        if state.is_over() or player not in bots:
            return
        state.apply(bots[player].choose(state.view(player), state.legal_actions()))
    raise RuntimeError(f"{state.name}: no end after {max_actions} actions")
