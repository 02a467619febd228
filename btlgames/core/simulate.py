"""Many seeded games between bots, one row per game."""
from __future__ import annotations

from typing import Callable

from .bots import play_turns
from .registry import load, spec


def make_bot(game: str, name: str, seed: int):
    bots = spec(game).bots
    if name not in bots:
        raise ValueError(f"{game} has no bot {name!r}; its bots: {', '.join(bots)}")
    return bots[name](seed=seed)


def play_one(game: str, seed: int, bot: str | list[str] = "random", **options):
    """One finished game, every seat played by ``bot`` (or one name per seat)."""
    state = load(game, seed=seed, **options)
    names = [bot] * state.players if isinstance(bot, str) else list(bot)
    bots = {seat: make_bot(game, name, seed * 31 + seat) for seat, name in enumerate(names)}
    play_turns(state, bots)
    return state


def simulate(game: str, n: int = 100, bot: str | list[str] = "random", seed: int = 0,
             progress: Callable[[int, int], None] | None = None, **options):
    """A DataFrame with one row per game: seed, scores, winners and the game's summary."""
    import pandas as pd

    rows = []
    for i in range(n):
        state = play_one(game, seed + i, bot, **options)
        scores = state.scores()
        rows.append({"seed": seed + i, "actions": len(state.history),
                     "winners": " ".join(map(str, state.winners())),
                     **{f"score_{p}": s for p, s in scores.items()}, **state.summary()})
        if progress:
            progress(i + 1, n)
    return pd.DataFrame(rows)
