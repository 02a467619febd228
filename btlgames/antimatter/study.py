"""Many Antimatter Matters games between bots, summarised with honest uncertainty.

The games are a study of the core (``core.study.run``: seeded, on one or two worker processes,
the same table either way); this module reads what Antimatter's summaries say. Used by
bench/antimatter.py (the bot report). The Pauli notebook's crowding is the lab's preset: the game
declares its Pauli moves back and rounds per game (``GameSpec.quantities``). A game cut off by the
round limit is counted as such and never as a finished race (Kit rule K29).
"""
from __future__ import annotations

from statistics import mean, median

from ..core.study import Config, Study, run, winners
from ..science.intervals import wilson


def play_many(n: int, bot: str = "heuristic", seed: int = 0, workers: int = 1, **options) -> Study:
    """Games ``seed .. seed + n - 1`` between ``bot`` bots (one name, or one per seat): the core's study,
    one row per game (rounds, turns, how it ended, winners, the first group, the atom, the stats)."""
    return run(Config.make("antimatter", bot, **options), n, seed=seed, workers=workers)


def report(study: Study) -> dict:
    """Game length and, over the games that ended with a winner, each seat's share of wins."""
    frame = study.games
    n = len(frame)
    won_by = winners(frame)
    ended = [reason != "time" for reason in frame["reason"]] if n else []
    finished = sum(ended)
    won = [w for w, e in zip(won_by, ended) if e and w]
    shares = {}
    for seat in range(study.config.seats):
        k = sum(seat in w for w in won)
        shares[seat] = (k, len(won), *(wilson(k, len(won)) if won else (0.0, 1.0)))
    lengths = sorted(int(r) for r, e in zip(frame["rounds"], ended) if e) if n else []
    lengths = lengths or [0]
    started = sum(bool(s) for s, w, e in zip(frame["starter_won"], won_by, ended) if e and w) if n else 0
    cut = n - finished
    atoms = [a for a in frame["atom"] if a] if n else []
    return {"games": n, "finished": finished, "cut_off": cut, "cut_off_interval": wilson(cut, n),
            "rounds_mean": mean(lengths), "rounds_median": median(lengths),
            "rounds_p90": lengths[min(len(lengths) - 1, int(0.9 * len(lengths)))],
            "shares": shares, "atoms": _count(atoms),
            "starter": (started, len(won), *(wilson(started, len(won)) if won else (0.0, 1.0)))}


def _count(items) -> dict:
    out: dict = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))
