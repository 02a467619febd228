#!/usr/bin/env python3
"""Does a game reward its science? Research Programme (replication) and Beamtimes and Lifetimes
(solving a problem exactly), measured with the kit's study machinery (btlgames.core.study) and bots.

For each number of players it plays three studies of seeded games (rotated seats: each bot takes
each seat in turn):

- mirror: the game's science-using bot in every seat (Research's heuristic, Beamtimes' solver);
- A: one science user among bots that ignore the science (Research's no-replication, Beamtimes'
  grants), seeds 0..n-1;
- B: one ignorer among science users, seeds n..2n-1 (independent of A's).

It reports, with 95 % Wilson intervals, how often the winner ignored the science (won with no
replication of its own; won with no solve) in each study, the lone science user's wins in A and the
lone ignorer's wins in B (both have the fair share 1 / players), and their difference A - B with
Newcombe's interval: above zero, a player who uses the science wins more often than one who ignores
it, seat for seat.

    python bench/science_rewarded.py research -n 300 --players 2,3,4
    python bench/science_rewarded.py beamtimes -n 300 --players 2,3,4 --option ending=first

A measurement: no test depends on it. Two worker processes by default (--workers 1 on a busy machine).
"""
from __future__ import annotations

import argparse

from btlgames.core import study
from btlgames.science.intervals import newcombe, wilson

# game: (the science user, the ignorer, {summary key that is 0 when a winner ignored the science: its words})
GAMES = {"research": ("heuristic", "no-replication", {"winner_replications": "won with no replication"}),
         "beamtimes": ("solver", "grants", {"winner_solved": "won with no solve",
                                            "winner_published": "won with no result (no solve, nothing published)"})}


def share(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k / n:.1%} [{low:.1%}, {high:.1%}]" if n else "—"


def difference(k1: int, n1: int, k2: int, n2: int) -> str:
    low, high = newcombe(k1, n1, k2, n2)
    return f"{k1 / n1 - k2 / n2:+.1%} [{low:+.1%}, {high:+.1%}]"


def ignored(result: study.Study, key: str) -> tuple[int, int]:
    """(games whose winner ignored the science, games)."""
    return int((result.games[key] == 0).sum()), result.n


def measure(game: str, players: int, n: int, options: dict, workers: int, seed: int) -> dict:
    science, ignorer, _ = GAMES[game]
    mirror = study.run(study.Config.make(game, science, players=players, **options), n, seed, workers)
    a = study.Config.make(game, [science] + [ignorer] * (players - 1), rotate=True, players=players, **options)
    b = study.Config.make(game, [ignorer] + [science] * (players - 1), rotate=True, players=players, **options)
    first, second = study.run_ab(a, b, n, seed, workers)
    won_a, _ = study.count(first.games, f"bot:{science}")
    won_b, _ = study.count(second.games, f"bot:{ignorer}")
    return {"players": players, "n": n, "science_wins": won_a, "ignorer_wins": won_b,
            **{k: {"mirror": ignored(mirror, k), "a": ignored(first, k), "b": ignored(second, k)}
               for k in GAMES[game][2]}}


def row(r: dict, key: str) -> str:
    n, ig = r["n"], r[key]
    return (f"| {r['players']} | {share(*ig['mirror'])} | {share(*ig['a'])} | {share(*ig['b'])} | "
            f"{share(r['science_wins'], n)} | {share(r['ignorer_wins'], n)} | "
            f"{difference(r['science_wins'], n, r['ignorer_wins'], n)} |")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("-n", type=int, default=300, help="games per study (three studies per player count)")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, choices=(1, 2), default=2)
    args = parser.parse_args(argv)
    options = {}
    for text in args.option:
        name, _, raw = text.partition("=")
        options[name] = int(raw) if raw.lstrip("-").isdigit() else raw
    science, ignorer, keys = GAMES[args.game]
    print(f"{args.game}, {args.n} games per study, options {options or 'the defaults'}; "
          f"science user: {science}, ignorer: {ignorer}")
    results = [measure(args.game, players, args.n, options, args.workers, args.seed)
               for players in map(int, args.players.split(","))]
    for key, words in keys.items():
        print(f"\n| players | {words}: {science} mirror | {words}: A (1 {science}) | {words}: B (1 {ignorer}) | "
              f"A: the {science}'s wins | B: the {ignorer}'s wins | difference A - B |")
        print("|---|---|---|---|---|---|---|")
        for r in results:
            print(row(r, key))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
