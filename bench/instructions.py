#!/usr/bin/env python3
"""CPU instructions for the same bot games before and after a change (valgrind's callgrind).

    python bench/instructions.py --compare PATH [--game NAME ...] [--games N]

On a shared machine a rate moves with the load; the instructions a fixed workload executes do
not. Each game and bot plays seeds 1..N (after one warm-up game, not counted: imports and caches)
with the btlgames in PATH and with this checkout's, under ``valgrind --tool=callgrind`` with
collection switched on only around those games (``callgrind_control``), a few at a time. Prints
both counts and their ratio: "3.1x" means the same games need 3.1 times fewer instructions.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from checkouts import env_of, play_one

HERE = Path(__file__).resolve().parent.parent
GAMES = {"pentaquark": 40, "research": 8, "beamtimes": 6, "beat-the-logic": 8, "antimatter": 4}  # ~equal work


def played(game: str, bot: str, games: int) -> None:
    """The workload, run inside valgrind: collect only while the counted games are played."""
    play_one(game, seed=0, bot=bot)
    switch = ["callgrind_control", "-i"]
    subprocess.run([*switch, "on", str(os.getpid())], check=True, capture_output=True)
    for seed in range(1, games + 1):
        play_one(game, seed=seed, bot=bot)
    subprocess.run([*switch, "off", str(os.getpid())], check=True, capture_output=True)


def counted(path: Path, game: str, bot: str, games: int) -> int:
    env = env_of(path)
    run = subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no", "--callgrind-out-file=/dev/null",
                          sys.executable, __file__, "--one", game, bot, str(games)],
                         env=env, capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=Path, metavar="PATH", help="the checkout to count against")
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--games", type=int, help="games per bot (default: a per-game number)")
    parser.add_argument("--jobs", type=int, default=4, help="valgrind runs at a time (they mostly wait)")
    parser.add_argument("--one", nargs=3, metavar=("GAME", "BOT", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        return played(args.one[0], args.one[1], int(args.one[2]))
    if not args.compare:
        parser.error("give --compare PATH (another checkout, e.g. a git archive of main)")
    import btlgames

    pairs = [(g, b, args.games or GAMES.get(g, 5)) for g, spec in sorted(btlgames.games().items())
             if not args.game or g in args.game for b in spec.bots]
    with ThreadPoolExecutor(args.jobs) as pool:
        before = list(pool.map(lambda p: counted(args.compare.resolve(), *p), pairs))
        after = list(pool.map(lambda p: counted(HERE, *p), pairs))
    print(f"before: {args.compare.resolve()}\nafter:  {HERE}\ninstructions for the same seeded games (millions)")
    print(f"{'game':<16}{'bot':<11}{'games':>6}{'before':>10}{'after':>10}{'ratio':>8}")
    for (game, bot, n), b, a in zip(pairs, before, after):
        print(f"{game:<16}{bot:<11}{n:>6}{b / 1e6:>10.1f}{a / 1e6:>10.1f}{b / a:>7.2f}x")


if __name__ == "__main__":
    main()
