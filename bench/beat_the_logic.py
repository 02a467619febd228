#!/usr/bin/env python3
"""Beat The Logic: how clearly each bot beats the one below it (the rulebook's designer note).

    python bench/beat_the_logic.py [--games 2000] [--seed 0] [--players 2 3 4] [--match planner:greedy ...]
                                   [--workers 2]

For 2, 3 and 4 players: one seat plays the stronger bot and the others the weaker one, the
line-up turned one seat on per game (btlgames.core.study, rotated); the stronger bot's share of
the games it won alone carries a 95 % Wilson interval, and "clearly" means the whole interval
lies above the fair share (1 / players). A shared win is a tie, nobody's win (so a bot that
shares often is judged strictly). "forgetful" is the planner without card counting: the
planner-against-forgetful line-up measures what counting is worth. No test depends on this.
"""
from __future__ import annotations

import argparse

from btlgames.core.study import Config, by_lineup, run, share
from btlgames.science.intervals import percent, wilson

GAME = "beat-the-logic"
MATCHES = ("planner:greedy", "greedy:random", "planner:random", "forgetful:greedy", "planner:forgetful")


def verdict(wins: int, games: int, players: int) -> str:
    low, high = wilson(wins, games)
    fair = 1 / players
    return "clearly above" if low > fair else "clearly below" if high < fair else "not distinguishable"


def line(players: int, strong: str, weak: str, games: int, seed: int, workers: int) -> str:
    config = Config.make(GAME, [strong] + [weak] * (players - 1), rotate=True, players=players)
    study = run(config, games, seed=seed, workers=workers)
    seats = by_lineup(study)
    wins, n = int(seats["won_0"].sum()), study.n
    others = seats[[f"score_{j}" for j in range(1, players)]].to_numpy().mean()
    return (f"| {players} | 1 {strong} + {players - 1} {weak} | {n} | {percent(wins, n)} | {1 / players:.0%} | "
            f"{verdict(wins, n, players)} | {seats['score_0'].mean():.1f} / {others:.1f} | "
            f"{share(study.games, 'tie')['k']} | {study.seconds:.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=[2, 3, 4])
    parser.add_argument("--match", nargs="+", default=list(MATCHES), metavar="STRONG:WEAK",
                        help="line-ups to play (default: all of " + ", ".join(MATCHES) + ")")
    parser.add_argument("--workers", type=int, default=2, choices=[1, 2],
                        help="processes (the table is the same for 1 and 2)")
    args = parser.parse_args()
    print("| players | line-up | games | stronger bot wins alone | fair share | against the fair share "
          "| mean score: stronger / others | shared wins | seconds |")
    print("|---|---|---|---|---|---|---|---|---|")
    for players in args.players:
        for match in args.match:
            strong, weak = match.split(":")
            print(line(players, strong, weak, args.games, args.seed, args.workers), flush=True)


if __name__ == "__main__":
    main()
