#!/usr/bin/env python3
"""Study throughput on 1 and 2 worker processes, and each lab preset's default study time.

    python bench/studies.py [--games N] [--rounds R] [--presets-only | --throughput-only]

Throughput: for each game (heuristic bots, default options) N games on 1 worker, then on 2, the
pair repeated R times, interleaved so that both see the same load (the machine's load average is
printed beside them: a busy machine slows both). Presets: the lab's notebook studies
(``btlgames.ui.lab.PRESETS``) at their default number of games, on 2 workers, as a student's
Run plays them in the lab widget (A then B, the tables drawn), then Draw the plot; each with the
sentence its default run ends with. Plain timing on this machine; no test depends on it.
"""
from __future__ import annotations

import argparse
import os
import time

from btlgames.core.registry import games
from btlgames.core.study import Config, run


def timed(config: Config, n: int, workers: int) -> float:
    start = time.perf_counter()
    result = run(config, n, workers=workers)
    assert result.n == n
    return time.perf_counter() - start


def throughput(n: int, rounds: int) -> None:
    print(f"{'game':<16}{'1 worker g/s':>14}{'2 workers g/s':>15}{'speed-up':>10}{'load':>7}")
    for name, spec in sorted(games().items()):
        bot = "heuristic" if "heuristic" in spec.bots else next(iter(spec.bots))
        config = Config.make(name, bot)
        timed(config, 2, 2)  # the worker server's start, once, outside the timing
        one = two = 0.0
        for _ in range(rounds):
            one += timed(config, n, 1)
            two += timed(config, n, 2)
        print(f"{name + ' ' + bot:<16}{rounds * n / one:>14.1f}{rounds * n / two:>15.1f}{one / two:>10.2f}"
              f"{os.getloadavg()[0]:>7.1f}")


def presets() -> None:
    """Each preset as a student's Run plays it: the lab widget (its default games, A then B, on two
    workers, the tables drawn), then Draw the plot; and what the default run answers."""
    import html
    import re

    from btlgames.ui import lab as L

    print(f"{'preset':<18}{'games':>7}{'Run (s)':>9}{'plot (s)':>10}{'load':>7}  what the default run shows")
    for key, preset in L.PRESETS.items():
        lab = L.make(key)
        start = time.perf_counter()
        lab.run_button.click()
        lab.join()
        run_s = time.perf_counter() - start
        start = time.perf_counter()
        lab.draw_plot()
        plot_s = time.perf_counter() - start
        played = sum(s.n for s in lab.studies)
        assert played == preset["games"] * len(lab.studies) and lab.share.value == preset["share"], key
        verdict = html.unescape(re.sub(r"<[^>]+>", "", lab.verdict.value)).strip()
        print(f"{key:<18}{played:>7}{run_s:>9.1f}{plot_s:>10.1f}{os.getloadavg()[0]:>7.1f}  {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per timing")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved 1-worker/2-worker pairs")
    parser.add_argument("--presets-only", action="store_true")
    parser.add_argument("--throughput-only", action="store_true")
    args = parser.parse_args()
    if not args.presets_only:
        throughput(args.games, args.rounds)
    if not args.throughput_only:
        presets()


if __name__ == "__main__":
    main()
