#!/usr/bin/env python3
"""Antimatter Matters bot report: game length and win shares by seat, per mode.

    python bench/antimatter.py [--games 2000] [--bot heuristic] [--modes standard,coop]
                               [--players 4] [--rounds 60] [--goals ladder] [--no-head-start] [--workers 2]
    python bench/antimatter.py --harness 2 [--modes ...]

The games are a study of the core (btlgames.core.study: the same table on 1 or 2 workers).
--harness N times the conformance harness instead (tests/engine/test_antimatter_conformance.py):
CPU milliseconds per checked step of whole random games, every mode, every check after every action.

Wins by seat carry 95 % Wilson intervals; games the round limit cut off are counted apart
(Kit rule K29), never as results. No test depends on it.
"""
from __future__ import annotations

import argparse
import time

from btlgames.antimatter.study import play_many, report
from btlgames.core import conformance

CASES = {"standard": dict(players=4), "challenge": dict(players=3), "mixed": dict(players=4),
         "team": dict(players=4), "coop": dict(players=3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--modes", default=",".join(CASES))
    parser.add_argument("--players", type=int, help="Scientists (default: per mode, see CASES)")
    parser.add_argument("--rounds", type=int, default=60, help="the round limit (Kit rule K29)")
    parser.add_argument("--goals", default="ladder", help="mixed mode: each seat's goal (Kit rule K24)")
    parser.add_argument("--no-head-start", action="store_true",
                        help="mixed mode: no head start for harder goals (Kit rule K31): the source's handicap")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (1 or 2; the same games)")
    parser.add_argument("--harness", type=int, metavar="GAMES", help="time the conformance harness instead")
    args = parser.parse_args()
    if args.harness is not None:
        return harness(args)
    for mode in args.modes.split(","):
        start = time.perf_counter()
        case = dict(CASES[mode], **({"players": args.players} if args.players else {}))
        if mode == "mixed":
            case.update(goals=args.goals, head_start=not args.no_head_start)
        r = report(play_many(args.games, bot=args.bot, workers=args.workers, mode=mode, rounds=args.rounds, **case))
        lo, hi = r["cut_off_interval"]
        goals = f", goals {args.goals}{', no head start' * args.no_head_start}" if mode == "mixed" else ""
        print(f"\n{mode} ({case['players']} Scientists{goals}, {args.bot} bots): {r['games']} games in "
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


def harness(args) -> None:
    """CPU time per checked step (the harness's checks and the engine together), per mode."""
    for mode in args.modes.split(","):
        case = dict(CASES[mode], **({"players": args.players} if args.players else {}))
        start, steps = time.process_time(), 0
        for seed in range(args.harness):
            steps += len(conformance.play_checked("antimatter", seed, mode=mode, rounds=args.rounds, **case).history)
        spent = time.process_time() - start
        print(f"{mode} ({case['players']} Scientists): {args.harness} checked games, {steps} steps, "
              f"{spent:.1f} s of CPU, {1000 * spent / steps:.2f} ms a step")


if __name__ == "__main__":
    main()
