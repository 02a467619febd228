#!/usr/bin/env python3
"""Random playouts per second for every registered game (and each bot).

    python bench/playouts.py [--seconds S]

Plain timing on this machine; no test depends on it. Figures go in the closing notes.
"""
from __future__ import annotations

import argparse
import time
import tracemalloc

import btlgames
from btlgames.core.simulate import play_one


def measure(game: str, bot: str, seconds: float) -> tuple[float, float, float]:
    """(games per second, actions per second, peak KiB for one game)."""
    tracemalloc.start()
    play_one(game, seed=0, bot=bot)
    peak = tracemalloc.get_traced_memory()[1] / 1024
    tracemalloc.stop()
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = play_one(game, seed=games, bot=bot)
        games += 1
        actions += len(state.history)
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game and bot")
    args = parser.parse_args()
    print(f"{'game':<14}{'bot':<11}{'games/s':>10}{'actions/s':>12}{'peak KiB/game':>15}")
    for name, spec in sorted(btlgames.games().items()):
        for bot in spec.bots:
            games, actions, peak = measure(name, bot, args.seconds)
            print(f"{name:<14}{bot:<11}{games:>10.0f}{actions:>12.0f}{peak:>15.0f}")


if __name__ == "__main__":
    main()
