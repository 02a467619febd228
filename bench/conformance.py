#!/usr/bin/env python3
"""The conformance harness on many more games than the test suite plays (a release's long sweep).

    python bench/conformance.py GAME [--games N] [--seed S] [--workers 1|2] [NAME=VALUE ...]
    python bench/conformance.py research --games 2000 variant=school players=4

The suite's conformance tests (tests/engine/test_*_conformance.py) play a sample that keeps the
whole suite under its 15 minutes; this plays ``--games`` seeded games with the same checks
(core.conformance.run: every step checked, saves, determinism, the length bound, Hypothesis
boundary properties), split into blocks of seeds across ``--workers`` processes, and prints how
the games ended and how long it took. A failure raises, naming the seed. No test depends on this.
"""
from __future__ import annotations

import argparse
import collections
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from btlgames.core import conformance  # noqa: E402


def option(text: str) -> tuple[str, object]:
    name, _, value = text.partition("=")
    if not name or not _:
        raise argparse.ArgumentTypeError(f"an option is NAME=VALUE, not {text!r}")
    return name, int(value) if value.lstrip("-").isdigit() else value


def block(game: str, games: int, seed: int, options: dict) -> collections.Counter:
    finished = conformance.run(game, games=games, seed=seed, save_sample=min(games, 20), **options)
    return collections.Counter(str(getattr(s, "end_reason", None) or getattr(s, "result", "over")) for s in finished)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("options", nargs="*", type=option, help="game options, NAME=VALUE")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=100_000)  # away from the suite's seeds
    parser.add_argument("--workers", type=int, choices=(1, 2), default=2)
    args = parser.parse_intermixed_args(argv)
    options = dict(args.options)
    sizes = [args.games // args.workers + (i < args.games % args.workers) for i in range(args.workers)]
    starts = [args.seed + sum(sizes[:i]) for i in range(args.workers)]
    began = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        ends = sum(pool.map(block, [args.game] * args.workers, sizes, starts, [options] * args.workers),
                   collections.Counter())
    seconds = time.perf_counter() - began
    print(f"{args.game} {options}: {args.games} games from seed {args.seed} conform "
          f"({seconds:.0f} s on {args.workers} workers); ended by: {dict(sorted(ends.items()))}")


if __name__ == "__main__":
    main()
