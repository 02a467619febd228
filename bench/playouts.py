#!/usr/bin/env python3
"""Bot playouts per second for every registered game (and each bot).

    python bench/playouts.py [--seconds S] [--game NAME ...]
    python bench/playouts.py --compare PATH [--rounds N] [--seconds S] [--game NAME ...]
    python bench/playouts.py --same PATH [--games N] [--game NAME ...]
    ... --option variant=school  (any of the above with a game option: repeatable)

Rates are games and actions per second of this process's CPU time (on a quiet machine that is
the wall-clock rate; on a shared one it is less disturbed by the other processes). With
``--compare PATH`` every game and bot is measured in fresh processes, alternating between the
btlgames in PATH (another checkout, e.g. a ``git archive`` of main) and this one, ``--rounds``
times each, and the medians and their ratio are printed: a before/after taken side by side.
``--same PATH`` checks that a speed change gives the same games: every game and bot plays seeds
1..N in both checkouts and the fingerprints of their histories, logs and winners must agree.
No test depends on this; figures go in the closing notes.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

from checkouts import env_of, play_one

HERE = Path(__file__).resolve().parent.parent  # this checkout


OPTIONS: dict = {}  # --option KEY=VALUE: every game is loaded with these


def game_option(text: str) -> tuple[str, object]:
    """``variant=school`` -> ("variant", "school"); a whole number is an int (``rounds=3``)."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"give an option as KEY=VALUE, not {text!r}")
    return key, int(value) if value.lstrip("-").isdigit() else value


def option_args() -> list[str]:
    """The --option arguments again, for a worker process."""
    return [a for k, v in OPTIONS.items() for a in ("--option", f"{k}={v}")]


def measure(game: str, bot: str, seconds: float) -> tuple[float, float, float]:
    """(games per CPU second, actions per CPU second, peak KiB for one game)."""
    tracemalloc.start()
    play_one(game, seed=0, bot=bot, **OPTIONS)  # also warms what the engine caches
    peak = tracemalloc.get_traced_memory()[1] / 1024
    tracemalloc.stop()
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = play_one(game, seed=games, bot=bot, **OPTIONS)
        games += 1
        actions += len(state.history)
    elapsed = time.process_time() - start
    return games / elapsed, actions / elapsed, peak


def digest(game: str, bot: str, games: int) -> str:
    """A fingerprint of seeds 1..games: each game's history (the moves, in order), its log as every
    secret's viewer reads it (what happened, said the same way) and its winners."""
    from btlgames.core.events import ALL
    h = hashlib.sha256()
    for seed in range(1, games + 1):
        state = play_one(game, seed=seed, bot=bot, **OPTIONS)
        played = {"history": state.history, "log": state.log.to_records(ALL), "winners": state.winners()}
        h.update(json.dumps(played, sort_keys=True, default=repr).encode())
    return h.hexdigest()


def digest_in(path: Path, game: str, bot: str, games: int) -> str | None:
    env = env_of(path)
    done = subprocess.run([sys.executable, __file__, "--digest", game, bot, str(games), *option_args()],
                          env=env, capture_output=True, text=True)
    if done.returncode and "has no bot" in done.stderr:
        return None
    done.check_returncode()
    return done.stdout.strip()


def same(base: Path, games: int, only: list[str]) -> None:
    print(f"before: {base}\nafter:  {HERE}\nhistories, logs and winners of seeds 1..{games}")
    differ = []
    for game, bot in pairs(only):
        before, after = digest_in(base, game, bot, games), digest_in(HERE, game, bot, games)
        verdict = "new bot" if before is None else "same" if before == after else "DIFFERENT"
        print(f"{game:<16}{bot:<11}{verdict}", flush=True)
        differ += [f"{game} {bot}"] * (verdict == "DIFFERENT")
    if differ:
        sys.exit(f"different games: {', '.join(differ)}")


def pairs(only: list[str]) -> list[tuple[str, str]]:
    import btlgames

    known = btlgames.games()
    unknown = set(only) - set(known)
    if unknown:
        sys.exit(f"no game {', '.join(sorted(unknown))}; the kit has: {', '.join(sorted(known))}")
    return [(name, bot) for name, spec in sorted(known.items()) if not only or name in only for bot in spec.bots]


def measured_in(path: Path, game: str, bot: str, seconds: float) -> float | None:
    """Games per second with the btlgames found in ``path``, in a fresh process; None when that
    checkout has no such bot (a bot added since)."""
    env = env_of(path)
    done = subprocess.run([sys.executable, __file__, "--one", game, bot, "--seconds", str(seconds), *option_args()],
                          env=env, capture_output=True, text=True)
    if done.returncode and "has no bot" in done.stderr:
        return None
    done.check_returncode()
    return json.loads(done.stdout)["games"]


def compare(base: Path, rounds: int, seconds: float, only: list[str]) -> None:
    print(f"before: {base}\nafter:  {HERE}\n{rounds} alternating rounds of {seconds:g} CPU s each; medians")
    print(f"{'game':<16}{'bot':<11}{'before/s':>10}{'after/s':>10}{'ratio':>8}")
    for game, bot in pairs(only):
        before, after = [], []
        for _ in range(rounds):
            before.append(measured_in(base, game, bot, seconds))
            after.append(measured_in(HERE, game, bot, seconds))
        a = statistics.median(after)
        if None in before:
            print(f"{game:<16}{bot:<11}{'new':>10}{a:>10.1f}", flush=True)
            continue
        b = statistics.median(before)
        print(f"{game:<16}{bot:<11}{b:>10.1f}{a:>10.1f}{a / b:>7.2f}x", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU time per game and bot")
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--compare", type=Path, metavar="PATH", help="another checkout to measure against")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds with --compare")
    parser.add_argument("--same", type=Path, metavar="PATH", help="another checkout that must play the same games")
    parser.add_argument("--games", type=int, default=20, help="seeds per game and bot with --same")
    parser.add_argument("--option", type=game_option, action="append", default=[], metavar="KEY=VALUE",
                        help="a game option for every game played, e.g. variant=school (repeatable)")
    parser.add_argument("--one", nargs=2, metavar=("GAME", "BOT"), help=argparse.SUPPRESS)  # a --compare worker
    parser.add_argument("--digest", nargs=3, metavar=("GAME", "BOT", "N"), help=argparse.SUPPRESS)  # a --same worker
    args = parser.parse_args()
    OPTIONS.update(args.option)
    if args.digest:
        print(digest(args.digest[0], args.digest[1], int(args.digest[2])))
    elif args.same:
        same(args.same.resolve(), args.games, args.game)
    elif args.one:
        games, actions, _ = measure(*args.one, args.seconds)
        print(json.dumps({"games": games, "actions": actions}))
    elif args.compare:
        compare(args.compare.resolve(), args.rounds, args.seconds, args.game)
    else:
        print(f"{'game':<16}{'bot':<11}{'games/s':>10}{'actions/s':>12}{'peak KiB/game':>15}")
        for name, bot in pairs(args.game):
            games, actions, peak = measure(name, bot, args.seconds)
            print(f"{name:<16}{bot:<11}{games:>10.0f}{actions:>12.0f}{peak:>15.0f}", flush=True)


if __name__ == "__main__":
    main()
