#!/usr/bin/env python3
"""Beat The Logic: how clearly each bot beats the one below it (the rulebook's designer note).

    python bench/beat_the_logic.py [--games 2000] [--seed 0] [--players 2 3 4] [--match planner:greedy ...]

For 2, 3 and 4 players: one seat plays the stronger bot and the others the weaker one, the
line-up turned one seat on per game (btlgames.beat_the_logic.study); win rates carry 95 %
Wilson intervals, and "clearly" means the whole interval lies above the fair share (1 / players).
A shared win counts for each winner. "forgetful" is the planner without card counting: the
planner-against-forgetful line-up measures what counting is worth. No test depends on this.
"""
from __future__ import annotations

import argparse
import time
from statistics import mean

from btlgames.beat_the_logic.study import study
from btlgames.science.intervals import percent, wilson

MATCHES = ("planner:greedy", "greedy:random", "planner:random", "forgetful:greedy", "planner:forgetful")


def verdict(wins: int, games: int, players: int) -> str:
    low, high = wilson(wins, games)
    fair = 1 / players
    return "clearly above" if low > fair else "clearly below" if high < fair else "not distinguishable"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=[2, 3, 4])
    parser.add_argument("--match", nargs="+", default=list(MATCHES), metavar="STRONG:WEAK",
                        help="line-ups to play (default: all of " + ", ".join(MATCHES) + ")")
    args = parser.parse_args()
    print("| players | line-up | games | stronger bot wins | fair share | against the fair share "
          "| mean score: stronger / others | shared wins | seconds |")
    print("|---|---|---|---|---|---|---|---|---|")
    for players in args.players:
        for match in args.match:
            strong, weak = match.split(":")
            seats = [strong] + [weak] * (players - 1)
            start = time.perf_counter()
            tally = study(seats, args.games, seed=args.seed)
            seconds = time.perf_counter() - start
            others = mean(s for seat in range(1, players) for s in tally.scores[seat])
            print(f"| {players} | 1 {strong} + {players - 1} {weak} | {tally.games} | "
                  f"{percent(tally.wins[0], tally.games)} | {1 / players:.0%} | "
                  f"{verdict(tally.wins[0], tally.games, players)} | "
                  f"{mean(tally.scores[0]):.1f} / {others:.1f} | {tally.shared} | {seconds:.0f} |", flush=True)


if __name__ == "__main__":
    main()
