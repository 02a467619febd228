#!/usr/bin/env python3
"""Antimatter Matters bot report: game length and win shares by seat, per mode and player count.

    python bench/antimatter.py [--games 2000] [--bot heuristic] [--modes standard,coop]
                               [--players 4 | 2,3,4 | all] [--teams 2 | 2,3] [--seed 0]
                               [--rounds 60] [--goals ladder] [--head-start on|off] [--workers 2]
                               [--markdown | --compare PATH]
    python bench/antimatter.py --harness 2 [--modes ...]

--players all plays every player count a class uses: 2 to 6 Scientists, and in team mode every
size that makes teams of 2 or 3 (Kit rule K25: 4, 5 and 6 in two teams, 6 in three). Without
--players each mode plays its count of the designer notes (CASES). --markdown prints the rows of
the rulebook's designer-notes table instead of the long report. --compare PATH plays the same
cases, seeds and options with the btlgames of another checkout (an older commit: its own defaults
for the options not given) and prints each case's wins by seat and wins at closing time before and
after, side by side, as Markdown rows. Without --head-start a mixed game has each checkout's default.

The games are a study of the core (btlgames.core.study: the same table on 1 or 2 workers; game i
has the seed --seed + i). --harness N times the conformance harness instead
(tests/engine/test_antimatter_conformance.py): CPU milliseconds per checked step of whole random
games, every mode, every check after every action.

Wins by seat carry 95 % Wilson intervals; games the round limit cut off are counted apart
(Kit rule K29), never as races won: their winners at closing time are reported on their own.
No test depends on it.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from btlgames.antimatter.chart import builders
from btlgames.antimatter.study import play_many, report
from btlgames.core import conformance
from btlgames.core.study import winners
from btlgames.science.intervals import wilson
from btlgames.science.nuclides import stable_nuclide

CASES = {"standard": dict(players=4), "challenge": dict(players=3), "mixed": dict(players=4),
         "team": dict(players=4), "coop": dict(players=3)}
ALL_PLAYERS = range(2, 7)


def sizes(mode: str, players: str | None, teams: str) -> list[dict]:
    """The (players, teams) cases to play for one mode."""
    if not players:
        counts = [CASES[mode]["players"]]
    elif players == "all":
        counts = list(ALL_PLAYERS)
    else:
        counts = [int(p) for p in players.split(",")]
    if mode != "team":
        return [{"players": p} for p in counts]
    wanted = [int(k) for k in teams.split(",")] if teams != "all" else [2, 3]
    return [{"players": p, "teams": k} for p in counts for k in wanted if builders("team", p, k)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--modes", default=",".join(CASES))
    parser.add_argument("--players", help="Scientists: a number, numbers with commas, or all (default: per mode, see CASES)")
    parser.add_argument("--teams", default="all", help="team mode: how many teams (2, 3, 2,3 or all; sizes that fit K25)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (game i: seed + i)")
    parser.add_argument("--rounds", type=int, default=60, help="the round limit (Kit rule K29)")
    parser.add_argument("--goals", default="ladder", help="mixed mode: each seat's goal (Kit rule K24)")
    parser.add_argument("--head-start", choices=("on", "off"),
                        help="mixed mode: K31's head start for harder goals (default: the game's default)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (1 or 2; the same games)")
    parser.add_argument("--markdown", action="store_true", help="print the designer notes' table rows")
    parser.add_argument("--harness", type=int, metavar="GAMES", help="time the conformance harness instead")
    parser.add_argument("--compare", metavar="PATH", help="the same cases in PATH's btlgames, side by side")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # --compare's own runs
    args = parser.parse_args()
    if args.harness is not None:
        return harness(args)
    if args.compare:
        return compare(args)
    for mode in args.modes.split(","):
        for case in sizes(mode, args.players, args.teams):
            if mode == "mixed":
                case["goals"] = args.goals
                if args.head_start:
                    case["head_start"] = args.head_start == "on"
            start = time.perf_counter()
            study = play_many(args.games, bot=args.bot, seed=args.seed, workers=args.workers, mode=mode,
                              rounds=args.rounds, **case)
            r = report(study)
            if args.json:
                print(json.dumps(counts(mode, case, r, study)), flush=True)
            elif args.markdown:
                print(row(mode, case, r), flush=True)
            else:
                print_report(mode, case, r, args, time.perf_counter() - start, closings(study, mode, case))


def closings(study, mode: str, case: dict) -> list[int]:
    """Games the lab's closing time ended (K29), then how many of them each seat's side won alone
    (the seat, or in team mode its team): a shared win counts for no one."""
    frame, players = study.games, case["players"]
    teams = case["teams"] if mode == "team" else players
    closed = [set(w) for w, reason in zip(winners(frame), frame["reason"]) if reason == "time"] if len(frame) else []
    side = [{s for s in range(players) if s % teams == seat % teams} for seat in range(players)]
    return [len(closed)] + [sum(w == side[seat] for w in closed) for seat in range(players)]


def counts(mode: str, case: dict, r: dict, study) -> dict:
    """A case's plain counts, for --compare: wins by seat over the races, and wins at closing time."""
    return {"mode": mode, "case": case, "games": r["games"], "finished": r["finished"],
            "rounds_mean": r["rounds_mean"], "wins": [r["shares"][s][0] for s in sorted(r["shares"])],
            "won": r["shares"][0][1] if r["shares"] else 0, "closings": closings(study, mode, case)}


def compare(args) -> None:
    """Each case in PATH's btlgames (before) and in this checkout's (after): Markdown rows."""
    given = [a for a in sys.argv[1:] if a not in ("--compare", args.compare) and not a.startswith("--compare=")]
    runs = {}
    for name, path in (("before", args.compare), ("after", os.path.dirname(os.path.dirname(os.path.abspath(__file__))))):
        path = os.path.abspath(path)
        # run in the checkout: the study's forkserver imports btlgames from its working directory
        # (this Python's forkserver leaves the parent's sys.path aside), PYTHONPATH the parent
        out = subprocess.run([sys.executable, os.path.abspath(__file__), *given, "--json"], cwd=path,
                             env={**os.environ, "PYTHONPATH": path}, capture_output=True, text=True, check=True).stdout
        runs[name] = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    print("| Game | Scientists | Before: wins by seat (95 % interval) | After | Before: closing time "
          "| After |\n|---|---|---|---|---|---|")
    for before, after in zip(runs["before"], runs["after"]):
        assert before["case"] == after["case"], (before["case"], after["case"])
        case = before["case"]
        what = before["mode"] + "".join(f", {k} {v}" for k, v in case.items() if k != "players")
        print(f"| {what} | {case['players']} | {_wins(before)} | {_wins(after)} | {_closed(before)} "
              f"| {_closed(after)} |", flush=True)


def _wins(c: dict) -> str:
    n = c["won"]
    return "; ".join(f"{s + 1}: {_pct(k, n, *wilson(k, n))}" for s, k in enumerate(c["wins"])) if n else "no race won"


def _closed(c: dict) -> str:
    n, *won = c["closings"]
    if not n:
        return "no game closed"
    return f"{n} of {c['games']} closed: " + "; ".join(f"{s + 1}: {_pct(k, n, *wilson(k, n))}" for s, k in enumerate(won))


def _pct(k: int, n: int, lo: float, hi: float) -> str:
    return f"{100 * k / max(n, 1):.1f} % ({100 * lo:.1f}-{100 * hi:.1f})"


def row(mode: str, case: dict, r: dict) -> str:
    """One row of the designer notes: game type, Scientists, rounds, wins by seat (or team), the starter."""
    players = case["players"]
    if mode == "mixed":
        start = {True: ", head start", False: ", no head start"}.get(case.get("head_start"), "")
        what = f"Mixed, goals `{case['goals']}`{start}"
    else:
        what = {"standard": "Standard", "challenge": "Challenge", "team": "Teams", "coop": "Cooperative"}[mode]
    who = f"{players}, {case['teams']} teams" if mode == "team" else str(players)
    if not r["finished"]:
        return f"| {what} | {who} | no game ended by the rules | | |"
    length = f"{r['rounds_mean']:.1f}, {r['rounds_median']:g}, {r['rounds_p90']}"
    cut = f"; {r['cut_off']} cut off (K29)" if r["cut_off"] else ""
    if mode == "coop":
        n = sum(r["atoms"].values())
        top, most = next(iter(r["atoms"].items()))
        carbon = sum(k for atom, k in r["atoms"].items() if stable_nuclide(atom).z >= 6)
        return (f"| {what} | {who} | {length}{cut} | everyone together: an atom in {n} of {r['games']} games; "
                f"most often {top}, {_pct(most, n, *wilson(most, n))}; carbon or beyond "
                f"{_pct(carbon, n, *wilson(carbon, n))} | |")
    shares = r["shares"]
    if mode == "team":
        teams = case["teams"]
        wins = "; ".join(f"seats {', '.join(str(s + 1) for s in range(k, players, teams))}: {_pct(*shares[k])}"
                         for k in range(teams))
    else:
        wins = "; ".join(f"{seat + 1}: {_pct(*v)}" for seat, v in shares.items())
    return f"| {what} | {who} | {length}{cut} | {wins} | {_pct(*r['starter'])} |"


def print_report(mode: str, case: dict, r: dict, args, seconds: float, closed: list[int]) -> None:
    lo, hi = r["cut_off_interval"]
    start = {True: ", head start", False: ", no head start"}.get(case.get("head_start"), "")
    goals = f", goals {case['goals']}{start}" if mode == "mixed" else ""
    teams = f" in {case['teams']} teams" if mode == "team" else ""
    print(f"\n{mode} ({case['players']} Scientists{teams}{goals}, {args.bot} bots): {r['games']} games in "
          f"{seconds:.0f} s; {r['finished']} ended by the rules, {r['cut_off']} at the "
          f"round limit ({100 * lo:.1f}-{100 * hi:.1f} %)")
    n, *won = closed
    if n and mode != "coop":  # K29: who came closest to an atom when the lab closed
        print(f"  at closing time ({n} games): " + "; ".join(
            f"seat {s + 1} won {k} ({_pct(k, n, *wilson(k, n))})" for s, k in enumerate(won)))
    if not r["finished"]:
        print("  no game ended by the rules: no game lengths or win shares to report")
        return
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
        for case in sizes(mode, args.players, args.teams):
            start, steps = time.process_time(), 0
            for seed in range(args.harness):
                steps += len(conformance.play_checked("antimatter", seed, mode=mode, rounds=args.rounds, **case).history)
            spent = time.process_time() - start
            print(f"{mode} ({case['players']} Scientists): {args.harness} checked games, {steps} steps, "
                  f"{spent:.1f} s of CPU, {1000 * spent / steps:.2f} ms a step")


if __name__ == "__main__":
    main()
