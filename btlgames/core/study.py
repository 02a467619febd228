"""Studies: many seeded games of one configuration, on one or two cores, and what they show.

A :class:`Config` is a game, its options and a bot per seat (optionally rotated, so every bot
sits in every seat in turn). :func:`run` plays games ``0..n-1`` of it: game ``i`` has the seed
``seed + i`` and its line-up depends on that seed alone, so the table is the same whatever the
number of worker processes. A run can be stopped (``stop.set()``); it then keeps the games
``0..k-1`` that had all finished (a game finished later than one still running is dropped:
short games finish first, and keeping them would bias the table towards short games), so a
stopped study is always the beginning of the full one.

Summaries count per game, so every share is a proportion of games with a 95 % Wilson interval:
a seat or bot *wins* a game when it is the only winner; a game whose win is shared is counted
as a *tie* (never as a win for each winner), so the win shares and the tie share add up to at
most 100 %. :func:`compare` gives the difference of one share between two studies with
Newcombe's hybrid score interval. A game may also declare numbers of its summary worth a mean
(``GameSpec.quantities``: Antimatter's Pauli moves back per game): such a measure is
``mean:<name>``, shown with Student's t interval (:func:`average`) and compared by Welch's.
:func:`running` follows a measure as games are added (its interval narrowing), and :func:`extend`
continues a study on later seeds ("More games").
"""
from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import FIRST_COMPLETED, wait
from dataclasses import dataclass
from typing import Callable

from ..science.intervals import mean_difference, mean_interval, newcombe, wilson
from . import runtime
from .registry import spec
from .playing import play_one, seat_bots

MAX_WORKERS = 2  # the kit's machines have two cores; more workers only queue for them


@dataclass(frozen=True)
class Config:
    """A game, its options (checked, with every default filled in) and one bot per seat."""

    game: str
    options: tuple = ()  # (name, value) pairs: hashable and picklable
    bots: tuple = ()
    rotate: bool = False  # the line-up turns one seat on per game seed: each bot in each seat alike

    @classmethod
    def make(cls, game: str, bots: str | list | tuple = "random", rotate: bool = False, **options) -> "Config":
        """A checked configuration: unknown or out-of-range options and unknown bots raise ValueError."""
        checked = spec(game).check_options(options)
        seats = checked.get("players", 1)
        names = seat_bots(game, bots if isinstance(bots, str) else list(bots), seats)
        return cls(game, tuple(checked.items()), tuple(names), bool(rotate))

    @property
    def seats(self) -> int:
        return len(self.bots)

    def with_changes(self, bots=None, rotate=None, **options) -> "Config":
        """This configuration with some options, the bots or the rotation changed (checked again)."""
        merged = {**dict(self.options), **options}
        if "players" in options and bots is None and len(set(self.bots)) == 1:
            bots = self.bots[0]  # one bot for all seats stays one bot for all seats
        return Config.make(self.game, self.bots if bots is None else bots,
                           self.rotate if rotate is None else rotate, **merged)

    def lineup(self, seed: int) -> tuple:
        """The bots of the game with this seed, seat by seat: rotated, the line-up turned ``seed``
        seats on (so a game's line-up, like its deal, depends on its seed alone)."""
        k = seed % self.seats if self.rotate else 0
        return self.bots[-k:] + self.bots[:-k] if k else self.bots

    def seat_of(self, j: int, seed: int) -> int:
        """The table seat of the line-up's ``j``-th bot in the game with this seed (see lineup)."""
        return (j + (seed % self.seats if self.rotate else 0)) % self.seats


def play_game(config: Config, i: int, seed: int) -> dict:
    """Game ``i`` of a study, as its row: index, seed, the bot per seat, length, winners, scores, summary."""
    lineup = config.lineup(seed + i)
    state = play_one(config.game, seed + i, list(lineup), **dict(config.options))
    return {"game": i, "seed": seed + i, **{f"bot_{s}": b for s, b in enumerate(lineup)},
            "actions": len(state.history), "winners": " ".join(map(str, state.winners())),
            **{f"score_{p}": s for p, s in state.scores().items()}, **state.summary()}


@dataclass
class Study:
    """What a run played: the configuration, the rows of its finished games, and whether it was stopped."""

    config: Config
    games: object  # pandas.DataFrame, one row per finished game, in game order
    asked: int
    seed: int = 0
    stopped: bool = False
    seconds: float = 0.0
    workers: int = 1

    @property
    def n(self) -> int:
        return len(self.games)


# -- running ---------------------------------------------------------------------------------------------
_stop_in_worker = None  # the shared stop flag, set in each worker process by _init_worker


def _init_worker(flag) -> None:
    global _stop_in_worker
    _stop_in_worker = flag


def _play_chunk(config: Config, first: int, last: int, seed: int) -> list[dict]:
    """Games first..last-1 in a worker, in order, until the stop flag is up (finished games only)."""
    rows = []
    for i in range(first, last):
        if _stop_in_worker is not None and _stop_in_worker.is_set():
            break
        rows.append(play_game(config, i, seed))
    return rows


def _context():
    """Workers forked from a fresh server process that has the games imported (the ``btlgames``
    package imports every game): never from the caller, which may be a Jupyter kernel with threads
    running (forking those is unsafe)."""
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["btlgames"])
    return ctx


def check_count(n, what: str = "the number of games") -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"{what} must be a whole number, 0 or more, not {n!r}")
    return n


def run(config: Config, n: int, seed: int = 0, workers: int = 1,
        progress: Callable[[int, int], None] | None = None, stop: threading.Event | None = None) -> Study:
    """Play games ``0..n-1`` of ``config`` on ``workers`` processes (1: here, in this process).

    ``progress(done, n)`` is called as games finish (from the calling thread); ``stop`` (an event,
    e.g. set by a Stop button on another thread) ends the run early, keeping finished games only.
    """
    import time

    import pandas as pd

    check_count(n)
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"workers must be 1 or {MAX_WORKERS}, not {workers!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    started = time.perf_counter()
    stop = stop or threading.Event()
    if workers == 1 or n < 2 or not runtime.can_start_processes():  # same games either way
        rows = []
        for i in range(n):
            if stop.is_set():
                break
            rows.append(play_game(config, i, seed))
            if progress:
                progress(len(rows), n)
    else:
        rows = _run_on_workers(config, n, seed, workers, progress, stop)
    frame = pd.DataFrame(rows)
    return Study(config, frame, n, seed, stopped=len(rows) < n, seconds=time.perf_counter() - started,
                 workers=workers)


def _run_on_workers(config, n, seed, workers, progress, stop) -> list[dict]:
    from concurrent.futures import ProcessPoolExecutor  # here: the browser's Python cannot import it

    if stop.is_set():  # workers would start their first games before the loop below passes the stop on
        return []
    ctx = _context()
    flag = ctx.Event()
    size = max(1, min(10, n // (workers * 8)))  # small chunks: smooth progress, little lost on Stop
    finished: dict[int, list[dict]] = {}
    with ProcessPoolExecutor(workers, mp_context=ctx, initializer=_init_worker, initargs=(flag,)) as pool:
        pending = {pool.submit(_play_chunk, config, first, min(n, first + size), seed): first
                   for first in range(0, n, size)}
        done_games = 0
        while pending:
            if stop.is_set() and not flag.is_set():
                flag.set()  # running chunks end after their current game; queued ones play none
            done, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for future in done:
                first = pending.pop(future)
                finished[first] = future.result()
                done_games += len(finished[first])
                if progress and not flag.is_set():
                    progress(done_games, n)
    rows = []
    for first in sorted(finished):  # the unbroken beginning, games 0..k-1: stop at the first short chunk
        rows.extend(finished[first])
        if len(finished[first]) < min(n, first + size) - first:
            break
    return rows


def extend(first: Study, more: Study) -> Study:
    """``first`` continued by ``more``, the same configuration played on later seeds: its games
    follow ``first``'s, numbered on from them (each row keeps its own seed), and the study is
    stopped when ``more`` was."""
    import pandas as pd

    if more.config != first.config:
        raise ValueError("only a study of the same configuration continues a study")
    games = more.games.assign(game=more.games["game"] + first.n) if more.n else more.games
    frame = pd.concat([first.games, games], ignore_index=True) if first.n and more.n else \
        (first.games if first.n else games)
    return Study(first.config, frame, first.asked + more.asked, first.seed, more.stopped,
                 first.seconds + more.seconds, more.workers)


def run_ab(a: Config, b: Config, n: int, seed: int = 0, workers: int = 1,
           progress: Callable[[int, int], None] | None = None,
           stop: threading.Event | None = None) -> tuple[Study, Study | None]:
    """A against B: ``n`` games of each; B's seeds follow A's (``seed + n`` on), so the two samples
    are independent, as the interval of their difference assumes. A stop during A plays no B (None)."""
    total = 2 * n
    first = run(a, n, seed, workers, (lambda done, _n: progress(done, total)) if progress else None, stop)
    if first.stopped:
        return first, None
    second = run(b, n, seed + n, workers, (lambda done, _n: progress(n + done, total)) if progress else None, stop)
    return first, second


def games_table(studies: list):
    """The games of one study, or of A and B in one table with a column ``study`` ("A" or "B")."""
    import pandas as pd

    if len(studies) == 1:
        return studies[0].games
    return pd.concat([s.games.assign(study=label) for s, label in zip(studies, "AB")], ignore_index=True)


# -- what a study shows -----------------------------------------------------------------------------------
def winners(frame) -> list[list[int]]:
    """Each game's winning seats."""
    return [[int(s) for s in str(w).split()] for w in frame["winners"]] if len(frame) else []


def measures(study: Study) -> list[str]:
    """The shares one can compare: each seat's and each bot's wins, ties, games without a winner,
    and each way a game was decided (``decided_by:<rule>``)."""
    config = study.config
    names = [f"seat:{s}" for s in range(config.seats)]
    names += [f"bot:{b}" for b in dict.fromkeys(config.bots)] if len(set(config.bots)) > 1 else []
    names += ["tie"] if config.seats > 1 else []
    names += ["none"]
    if "decided_by" in study.games:
        names += [f"decided_by:{d}" for d in sorted(study.games["decided_by"].astype(str).unique())]
    return names


def holds(frame, measure: str) -> list[bool]:
    """Per game, in game order, whether ``measure`` holds: a seat's or bot's sole win, a tie, no
    winner, a decider."""
    kind, _, what = measure.partition(":") if isinstance(measure, str) else ("", "", "")
    won = winners(frame)
    if kind == "seat" and what.isdigit():
        seat = int(what)
        return [w == [seat] for w in won]
    if kind == "bot" and what:
        bots = frame[[c for c in frame.columns if c.startswith("bot_")]].astype(str).values.tolist() if len(frame) else []
        return [len(w) == 1 and seats[w[0]] == what for w, seats in zip(won, bots)]
    if measure == "tie":
        return [len(w) > 1 for w in won]
    if measure == "none":
        return [not w for w in won]
    if kind == "decided_by" and what:
        return (frame["decided_by"].astype(str) == what).tolist() if len(frame) else []
    raise ValueError(f"no such share {measure!r}: choose one of seat:N, bot:NAME, tie, none, decided_by:RULE"
                     + (" (mean:NAME is a mean, not a share)" if kind == "mean" else ""))


def count(frame, measure: str) -> tuple[int, int]:
    """(games where ``measure`` holds, games): a seat's or bot's sole wins, ties, no winner, a decider."""
    return sum(holds(frame, measure)), len(frame)


def share(frame, measure: str) -> dict:
    """A share with its 95 % Wilson interval: k, n, rate, low, high."""
    k, n = count(frame, measure)
    low, high = wilson(k, n)
    return {"measure": measure, "k": k, "n": n, "rate": k / n if n else float("nan"), "low": low, "high": high}


def win_table(study: Study):
    """Per seat, per bot (if they differ), ties and games without a winner: wins, games, share, interval."""
    import pandas as pd

    rows = [share(study.games, m) for m in measures(study) if not m.startswith("decided_by:")]
    return pd.DataFrame(rows, columns=["measure", "k", "n", "rate", "low", "high"])


def decided_table(study: Study):
    """How the games were decided: each rule's share of games with its interval."""
    import pandas as pd

    rows = [share(study.games, m) for m in measures(study) if m.startswith("decided_by:")]
    return pd.DataFrame(rows, columns=["measure", "k", "n", "rate", "low", "high"])


def by_lineup(study: Study):
    """The games read by the line-up's seats (the bots in the order the configuration lists them),
    wherever rotation sat them: per game, ``score_J`` and ``won_J`` (line-up seat J won alone), in
    game order. Two seats with the same bot stay apart here, as a bot's share (``bot:NAME``) cannot."""
    import pandas as pd

    config, frame = study.config, study.games
    columns = [f"{what}_{j}" for j in range(config.seats) for what in ("score", "won")]
    rows = []
    for (_, game), won in zip(frame.iterrows(), winners(frame)):
        row = {}
        for j in range(config.seats):
            seat = config.seat_of(j, int(game["seed"]))
            row[f"score_{j}"], row[f"won_{j}"] = game[f"score_{seat}"], won == [seat]
        rows.append(row)
    return pd.DataFrame(rows, columns=columns)


def head_to_head(study: Study) -> dict | None:
    """Two different bots in a two-seat game: the first bot's share of the games that had one winner.

    Within one study the two bots' shares are not independent, so the fair question is one share:
    of the games someone won outright, did the first bot win more than half?
    """
    bots = list(dict.fromkeys(study.config.bots))
    if study.config.seats != 2 or len(bots) != 2:
        return None
    first, _ = count(study.games, f"bot:{bots[0]}")
    second, _ = count(study.games, f"bot:{bots[1]}")
    decided = first + second
    low, high = wilson(first, decided)
    return {"bot": bots[0], "other": bots[1], "k": first, "n": decided,
            "rate": first / decided if decided else float("nan"), "low": low, "high": high}


def quantities(study: Study) -> list[str]:
    """The means a study can show: ``mean:<name>`` for each number its game declares
    (``GameSpec.quantities``) that its games' rows hold."""
    return [f"mean:{q}" for q in spec(study.config.game).quantities if q in study.games]


def is_mean(measure: str) -> bool:
    return isinstance(measure, str) and measure.startswith("mean:")


def check_measure(config: Config, measure: str) -> str:
    """The measure, or ValueError naming what it could be: a share (seat:N, bot:NAME, tie, none,
    decided_by:RULE) or a mean the game declares (mean:NAME)."""
    if is_mean(measure):
        declared = spec(config.game).quantities
        if measure.partition(":")[2] not in declared:
            raise ValueError(f"no such mean {measure!r}: {config.game} declares "
                             + (", ".join(f"mean:{q}" for q in declared) or "no means"))
        return measure
    import pandas as pd

    count(pd.DataFrame(columns=["winners", *(f"bot_{s}" for s in range(config.seats)), "decided_by"]), measure)
    return measure


def values(frame, measure: str) -> list[float]:
    """Per game, in game order, the number a ``mean:<name>`` measure averages."""
    name = measure.partition(":")[2] if is_mean(measure) else ""
    if not len(frame):
        return []
    if not name or name not in frame:
        raise ValueError(f"no such mean {measure!r}: choose mean:NAME, NAME a number the game declares")
    return [float(v) for v in frame[name]]


def average(frame, measure: str) -> dict:
    """A quantity's mean per game with its 95 % t interval: n, mean, low, high (low and high None
    when the games cannot give one: fewer than two, or every game alike)."""
    numbers = values(frame, measure)
    band = mean_interval(numbers)
    return {"measure": measure, "n": len(numbers), "mean": sum(numbers) / len(numbers) if numbers else float("nan"),
            "low": band[0] if band else None, "high": band[1] if band else None}


def running(study: Study, measure: str, versus: str | None = None, points: int = 200):
    """The measure as games were added, at up to ``points`` numbers of games from 1 to all: per row
    ``games``, ``value`` (the share, or the mean) and its 95 % interval ``low`` to ``high`` (NaN
    where there is none yet). With ``versus`` (another share), the share counts only the games
    where one of the two holds: a head-to-head's "of the games with one winner"."""
    import pandas as pd

    frame, n = study.games, study.n
    at = sorted({max(1, round(n * i / points)) for i in range(1, points + 1)}) if n else []
    rows = []
    if is_mean(measure):
        numbers = values(frame, measure)
        for g in at:
            band = mean_interval(numbers[:g])
            rows.append((g, sum(numbers[:g]) / g, *(band or (float("nan"), float("nan")))))
    else:
        hits = holds(frame, measure)
        others = holds(frame, versus) if versus else [False] * n
        k = counted = done = 0
        for g in at:
            for hit, other in zip(hits[done:g], others[done:g]):
                k += hit
                counted += hit or other or not versus
            done = g
            rows.append((g, k / counted if counted else float("nan"), *wilson(k, counted)))
    return pd.DataFrame(rows, columns=["games", "value", "low", "high"])


def compare(a: Study, b: Study, measure: str) -> dict:
    """B's share minus A's, with Newcombe's 95 % hybrid score interval; ``verdict``: "higher",
    "lower" (the interval excludes 0) or "unclear" (it includes 0: these games cannot tell).
    A mean (``mean:<name>``): B's mean minus A's with Welch's interval, and the verdict "alike"
    when there is none (every game of both alike)."""
    if is_mean(measure):
        band = mean_difference(values(b.games, measure), values(a.games, measure))
        first, second = average(a.games, measure), average(b.games, measure)
        verdict = "alike" if band is None else "higher" if band[0] > 0 else "lower" if band[1] < 0 else "unclear"
        return {"measure": measure, "a": first, "b": second, "diff": second["mean"] - first["mean"],
                "low": band[0] if band else None, "high": band[1] if band else None, "verdict": verdict}
    ka, na = count(a.games, measure)
    kb, nb = count(b.games, measure)
    low, high = newcombe(kb, nb, ka, na)
    diff = (kb / nb if nb else 0.0) - (ka / na if na else 0.0)
    verdict = "higher" if low > 0 else "lower" if high < 0 else "unclear"
    return {"measure": measure, "a": share(a.games, measure), "b": share(b.games, measure),
            "diff": diff, "low": low, "high": high, "verdict": verdict}


def simulate(game: str, n: int = 100, bot: str | list[str] = "random", seed: int = 0,
             progress: Callable[[int, int], None] | None = None, workers: int = 1, **options):
    """A DataFrame with one row per game: seed, scores, winners and the game's summary.

    The short way to :func:`run` for one configuration, every game played in full.
    """
    check_count(n)
    study = run(Config.make(game, bot, **options), n, seed=seed, workers=workers, progress=progress)
    return study.games.drop(columns=["game", *(c for c in study.games.columns if c.startswith("bot_"))],
                            errors="ignore")
