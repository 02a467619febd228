#!/usr/bin/env python3
"""A class's tables at once: the time to store a move in the class file while every table plays.

    python bench/tables.py [--tables 7] [--players 4] [--think SECONDS] [--seed 0] [--dir DIR]

Each table is a process of its own (a device's kernel at a class session is one) playing one whole
school game of Research Programme with random legal moves, every move stored through
``core.tables.ClassFile.append`` (checked against the game replayed from the file, in its own
write transaction) in one class file, ``--think`` seconds between a table's moves (0: every table
stores its moves back to back, far faster than any class plays). Prints the p50, p95 and the longest time of a move's store
over all tables, the moves stored, the wall time, the file's size and the machine's load average.
Plain timing on this machine; no test depends on it. The server and the apps are not in it: the
store alone, which every move of every table waits for.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from pathlib import Path


def play_table(folder: str, name: str, players: int, seed: int, think: float) -> list[float]:
    import btlgames  # noqa: F401  (registers the games)
    from btlgames.core.tables import ClassFile

    times = []
    with ClassFile(folder) as store:
        table = store.open(name, "research", {"variant": "school", "players": players})
        rng = random.Random(seed)
        while not table.state.is_over():
            move = rng.choice(table.state.legal_actions()).to_json()
            start = time.perf_counter()
            table = store.append(name, table.game_id, table.moves, move)
            times.append(time.perf_counter() - start)
            time.sleep(think)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=7)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--think", type=float, default=0.0, help="seconds between a table's moves")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--dir", help="the class folder (default: a new temporary one)")
    args = parser.parse_args()
    folder = args.dir or tempfile.mkdtemp(prefix="bench-tables-")
    jobs = [(folder, f"Table {i + 1}", args.players, args.seed + i, args.think) for i in range(args.tables)]
    start = time.perf_counter()
    with multiprocessing.get_context("forkserver").Pool(args.tables) as pool:
        per_table = pool.starmap(play_table, jobs)
    wall = time.perf_counter() - start
    times = sorted(t for table in per_table for t in table)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    size = sum(f.stat().st_size for f in Path(folder).glob("class.sqlite*"))
    print(f"{args.tables} tables of {args.players} teams, {args.think} s between a table's moves, "
          f"{len(times)} moves stored in {wall:.1f} s "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"  time to store a move: p50 {1000 * statistics.median(times):.0f} ms, p95 {1000 * p95:.0f} ms, "
          f"longest {1000 * times[-1]:.0f} ms")
    print(f"  moves per table: {', '.join(str(len(t)) for t in per_table)}; class file {size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
