#!/usr/bin/env python3
"""How Beamtimes and Lifetimes games are decided: which rule or tie-break, how often, with intervals.

Reads the per-game tables that `btlgames simulate` writes, e.g. for the rulebook's designer notes:

    for p in 2 3 4; do
      btlgames simulate beamtimes -n 2000 --bot solver --option players=$p --csv solver_$p.csv
    done
    python bench/beamtimes_decided.py solver_2.csv solver_3.csv solver_4.csv

Shares carry 95 % Wilson intervals (honest near 0 % and 100 %); solves per game a 95 % normal
interval of the mean. A measurement: no test depends on it.
"""
from __future__ import annotations

import argparse
import math

import pandas as pd

from btlgames.science.intervals import Z95 as Z, wilson


def share(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k / n:.1%} [{low:.1%}, {high:.1%}]"


def report(path: str) -> str:
    frame = pd.read_csv(path, keep_default_na=False)
    n = len(frame)
    players = sum(c.startswith("score_") for c in frame.columns)
    solved = frame.solved
    half = Z * solved.std(ddof=1) / math.sqrt(n) if n > 1 else float("nan")
    lines = [f"{path}: {n} games, {players} groups",
             f"  problems solved per game: {solved.mean():.2f} ± {half:.2f}; "
             f"games with a solve: {share(int((solved > 0).sum()), n)}",
             "  endings: " + "; ".join(f"{reason} {share(int(k), n)}" for reason, k in frame.reason.value_counts().items()),
             "  decided by: " + "; ".join(f"{rule} {share(int(k), n)}"
                                          for rule, k in frame.decided_by.value_counts().items())]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables", nargs="+", help="CSV files written by `btlgames simulate beamtimes --csv`")
    for path in parser.parse_args().tables:
        print(report(path))


if __name__ == "__main__":
    main()
