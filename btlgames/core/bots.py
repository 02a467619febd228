"""The bot protocol: a bot sees a view and the legal actions, never the state."""
from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from .chance import below
from .state import Action, GameState


class Bot(Protocol):
    name: str
    # reads_view = False (optional): choose() ignores its view, so play_turns passes None

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded generator."""

    name = "random"
    reads_view = False  # play_turns builds no view for a bot that ignores it

    def __init_subclass__(cls, **kwargs):
        """A subclass with its own ``choose`` reads the view unless it says otherwise."""
        super().__init_subclass__(**kwargs)
        if "choose" in cls.__dict__ and "reads_view" not in cls.__dict__:
            cls.reads_view = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"bot:{seed}")

    def choose(self, view, legal_actions):
        """``self.rng.choice(legal_actions)``: the same move, its arithmetic written out (chance.below)."""
        legal = legal_actions if type(legal_actions) is list else list(legal_actions)
        if not legal:
            raise IndexError("cannot choose from an empty sequence")
        return legal[below(self.rng.getrandbits, len(legal))]


def play_turns(state, bots: dict[int, Bot], max_actions: int = 100_000, forced: bool = False) -> list:
    """Let bots move until a human seat (one without a bot) is to play or the game ends.

    With ``forced`` a human seat's move is made for it too when it has exactly one legal
    action (a choice with one option is no choice: the apps do not ask for it). Returns the
    moves made that way, as ``(player, action)``, so an app can say what it did.
    """
    made = []
    reads_view = {seat: getattr(bot, "reads_view", True) for seat, bot in bots.items()}
    current_player, is_over, apply_chosen = state.current_player, state.is_over, state.apply_chosen
    # the game's own moves once is_over() has said no (GameState.legal_actions asks it again)
    legal_actions = state._legal_actions if type(state).legal_actions is GameState.legal_actions \
        else state.legal_actions
    for _ in range(max_actions):
        player = current_player()  # None once the game is over (the harness checks every game keeps to it)
        bot = bots.get(player)
        if bot is not None:
            legal = legal_actions()
            apply_chosen(bot.choose(state.seat_view(player) if reads_view[player] else None, list(legal)), legal)
            continue
        if is_over():
            return made
        legal = state.legal_actions() if forced else ()
        if len(legal) != 1:
            return made
        state.apply_chosen(legal[0], legal)
        made.append((player, legal[0]))
    raise RuntimeError(f"{state.name}: no end after {max_actions} actions")
