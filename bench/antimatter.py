#!/usr/bin/env python3
"""Antimatter Matters bot report: game length and win shares by seat, per mode.

    python bench/antimatter.py [--games 2000] [--bot heuristic] [--modes standard,coop]
                               [--players 4] [--rounds 60] [--check]

Wins by seat carry 95 % Wilson intervals; games the round limit cut off are counted apart
(Kit rule K29), never as results. No test depends on it.
"""
from __future__ import annotations

import argparse
import time

from btlgames.antimatter.study import play_many, report

CASES = {"standard": dict(players=4), "challenge": dict(players=3), "mixed": dict(players=4),
         "team": dict(players=4), "coop": dict(players=3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--modes", default=",".join(CASES))
    parser.add_argument("--players", type=int, help="Scientists (default: per mode, see CASES)")
    parser.add_argument("--rounds", type=int, default=60, help="the round limit (Kit rule K29)")
    parser.add_argument("--check", action="store_true", help="check the invariants after every action")
    args = parser.parse_args()
    for mode in args.modes.split(","):
        start = time.perf_counter()
        case = dict(CASES[mode], **({"players": args.players} if args.players else {}))
        r = report(play_many(args.games, bot=args.bot, mode=mode, rounds=args.rounds, check=args.check, **case))
        lo, hi = r["cut_off_interval"]
        print(f"\n{mode} ({case['players']} Scientists, {args.bot} bots): {r['games']} games in "
              f"{time.perf_counter() - start:.0f} s; {r['finished']} ended by the rules, {r['cut_off']} at the "
              f"round limit ({100 * lo:.1f}-{100 * hi:.1f} %)")
        if not r["finished"]:
            print("  no game ended by the rules: no game lengths or win shares to report")
            continue
        print(f"  rounds: mean {r['rounds_mean']:.1f}, median {r['rounds_median']}, 90th percentile {r['rounds_p90']}")
        for seat, (k, n, lo, hi) in r["shares"].items():
            print(f"  seat {seat + 1}: won {k} of {n} ({100 * k / max(n, 1):.1f} %, 95 % CI {100 * lo:.1f}-{100 * hi:.1f} %)")
        k, n, lo, hi = r["starter"]
        if mode != "coop" and n:  # in the cooperative game everyone wins together
            print(f"  the one who started won {k} of {n} ({100 * k / max(n, 1):.1f} %, 95 % CI {100 * lo:.1f}-{100 * hi:.1f} %)")
        if r["atoms"]:
            print("  atoms completed last:", ", ".join(f"{a} {n}" for a, n in r["atoms"].items()))


if __name__ == "__main__":
    main()
