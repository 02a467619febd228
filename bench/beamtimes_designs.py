#!/usr/bin/env python3
"""Beamtimes and Lifetimes: candidate lesson rules measured side by side (the rulebook's designer notes).

For each candidate (a set of game options) and each number of groups, it plays seeded games with the
solver bot in every seat (how often a solve decides, how often the goal ends the game) and, head to
head, one solver against heuristic bots, the solver taking each seat in turn (its win rate against
the fair share 1 / groups). Shares carry 95 % Wilson intervals (btlgames.science.intervals).

    python bench/beamtimes_designs.py -n 2000 --candidate v2: --candidate hand10:hand=10 \\
        --candidate tokens:credit=tokens

A candidate is NAME:OPTION=VALUE,OPTION=VALUE (nothing after the colon: the default rules). Games are
spread over --jobs processes (default 2; the machine is shared). A measurement: no test depends on it.
"""
from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from btlgames.core.simulate import play_one
from btlgames.science.intervals import wilson


def share(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k / n:.1%} [{low:.1%}, {high:.1%}]"


def parse_candidate(text: str) -> tuple[str, dict]:
    name, _, rest = text.partition(":")
    options = {}
    for item in filter(None, rest.split(",")):
        key, _, raw = item.partition("=")
        options[key] = int(raw) if raw.lstrip("-").isdigit() else raw
    return name, options


def _mirror(job) -> tuple:
    seed, players, options = job
    state = play_one("beamtimes", seed, "solver", players=players, **options)
    return (sum(s is not None for s in state.solved_by), state.decided_by(), state.end_reason,
            state.stats["published"], state.round)


def _head_to_head(job) -> bool:
    seed, players, options = job
    seat = seed % players
    bots = ["heuristic"] * players
    bots[seat] = "solver"
    state = play_one("beamtimes", seed, bots, players=players, **options)
    return seat in state.winners() and len(state.winners()) == 1


def measure(pool, name: str, options: dict, players: int, n: int, seed: int) -> str:
    jobs = [(seed + i, players, options) for i in range(n)]
    mirror = list(pool.map(_mirror, jobs, chunksize=50))
    wins = sum(pool.map(_head_to_head, jobs, chunksize=50))
    solved = sum(m[0] for m in mirror)
    decided = {rule: sum(m[1] == rule for m in mirror) for rule in ("solved", "published", "closest", "tokens", "shared")}
    goal = sum(m[2] in ("goal", "all_solved") for m in mirror)
    return " | ".join([name, str(players), f"{solved / n:.2f}", share(decided["solved"], n),
                       share(decided["published"], n), share(decided["closest"], n),
                       share(decided["tokens"], n), share(decided["shared"], n),
                       share(goal, n), f"{sum(m[3] for m in mirror) / n:.1f}", share(wins, n)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=2000, help="games per candidate and number of groups")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--candidate", action="append", required=True, help="NAME:OPTION=VALUE,...")
    args = parser.parse_args()
    print("candidate | groups | solved per game (mirror) | decided by most solved | by published | "
          "by closest | by tokens | shared | ended by the goal | published per game | solver's sole wins, 1 vs heuristic")
    with ProcessPoolExecutor(args.jobs) as pool:
        for text in args.candidate:
            name, options = parse_candidate(text)
            for players in map(int, args.players.split(",")):
                print(measure(pool, name, options, players, args.n, args.seed), flush=True)


if __name__ == "__main__":
    main()
