#!/usr/bin/env python3
"""Antimatter Matters: candidate rules measured side by side (the rulebook's designer notes).

Win shares by seat between heuristic bots for rules the engine does not play, so a designer can see
what a change would do before it becomes a kit rule:

    # K31's head start: each mat's worth (Proton+Electron, in challenge order, Neutron, in order)
    python bench/antimatter_designs.py --mode mixed --players 3,4 --seed 10000 \\
        --candidate now: --candidate first-tuning:work=6/8/6/6
    python bench/antimatter_designs.py --mode mixed --players 3,4 --seed 10000 --grid   # the tuning's 18
    # K25: the team that starts rolls one die on its first turn
    python bench/antimatter_designs.py --mode team --players 4,6 --candidate source: --candidate one-die:first_dice=1

A candidate is NAME:CHANGE,CHANGE (nothing after the colon: the kit's rules as they are). Changes:
work=P/PO/N/NO (pieces.toml's work and work_in_order of the two mats) and first_dice=K (the number of
dice the starting team rolls on the game's first turn; team mode). Each is applied to the engine in
the worker processes only, for the measurement. Game i has the seed --seed + i; shares carry 95 %
Wilson intervals, and "worst" is the largest distance of a seat's share from the fair one, in
half-widths of its interval (below 1: every interval holds the fair share). No test depends on it.
"""
from __future__ import annotations

import argparse
import itertools
from concurrent.futures import ProcessPoolExecutor
from types import MappingProxyType

from btlgames.core.playing import play_one
from btlgames.science.intervals import wilson


def parse_candidate(text: str) -> tuple[str, dict]:
    name, _, rest = text.partition(":")
    changes = {}
    for item in filter(None, rest.split(",")):
        key, _, raw = item.partition("=")
        if key == "work":
            changes[key] = tuple(int(x) for x in raw.split("/"))
        elif key == "first_dice":
            changes[key] = int(raw)
        else:
            raise SystemExit(f"unknown change {key!r} in {text!r}: work=P/PO/N/NO or first_dice=K")
    return name, changes


def apply(changes: dict) -> None:
    """Make this process's engine play the candidate's rules (a measurement, never the kit's)."""
    from btlgames.antimatter import rules
    from btlgames.antimatter.data import catalogue

    if "work" in changes:
        p, po, n, no = changes["work"]
        worth = {("proton", False): p, ("proton", True): po, ("neutron", False): n, ("neutron", True): no}
        object.__setattr__(catalogue().pieces, "work", MappingProxyType(worth))  # frozen: data read at set-up
    if "first_dice" in changes:
        plain, first = rules.AntimatterState._roll, changes["first_dice"]

        def roll(self, seat):
            if self.options["mode"] == "team" and self.turn == 1:  # the starting team's first turn
                self.dice = [self.chance.randint(1, rules.DIE) for _ in range(first)]
                self._log("roll", seat, dice=list(self.dice))
            else:
                plain(self, seat)
        rules.AntimatterState._roll = roll


def play(job: tuple) -> tuple[list[int], bool, int]:
    """One game: its winners, whether the starting seat's group won, and its rounds."""
    seed, players, options = job
    state = play_one("antimatter", seed, "heuristic", players=players, **options)
    summary = state.summary()
    return state.winners(), bool(summary["starter_won"]), summary["rounds"]


def measure(changes: dict, players: int, options: dict, games: int, seed: int, jobs: int) -> dict:
    with ProcessPoolExecutor(max_workers=jobs, initializer=apply, initargs=(changes,)) as pool:
        rows = list(pool.map(play, [(seed + i, players, options) for i in range(games)], chunksize=50))
    won = [w for w, _, _ in rows if w]
    groups = options.get("teams", players) if options.get("mode") == "team" else players
    shares = [sum(s in w for w in won) for s in range(groups)]
    worst = 0.0
    for k in shares:
        lo, hi = wilson(k, len(won))
        worst = max(worst, abs(k / len(won) - 1 / groups) / ((hi - lo) / 2))
    started = sum(s for w, s, _ in rows if w)
    return {"won": len(won), "shares": shares, "starter": started, "worst": worst,
            "rounds": sum(r for _, _, r in rows) / len(rows)}


def pct(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.1f} % ({100 * lo:.1f}-{100 * hi:.1f})"


def grid() -> list[tuple[str, dict]]:
    """The head start's tuning: a Proton+Electron mat 6 (it is the easiest goal), in challenge order
    8 or 9; a Neutron mat 3, 4 or 5, in challenge order 0, 1 or 2 more."""
    return [(f"work=6/{po}/{n}/{n + more}", {"work": (6, po, n, n + more)})
            for po, n, more in itertools.product((8, 9), (3, 4, 5), (0, 1, 2))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidate", action="append", default=[], help="NAME:CHANGE,CHANGE (see above)")
    parser.add_argument("--grid", action="store_true", help="the head start's tuning grid (18 candidates)")
    parser.add_argument("--mode", default="mixed")
    parser.add_argument("--players", default="3,4")
    parser.add_argument("--teams", type=int, default=2, help="team mode: how many teams")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (game i: seed + i)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (the machine is shared)")
    args = parser.parse_args()
    candidates = [parse_candidate(c) for c in args.candidate] + (grid() if args.grid else [])
    options = {"mode": args.mode, **({"teams": args.teams} if args.mode == "team" else {})}
    print(f"{args.mode}, heuristic bots, {args.games} games from seed {args.seed}")
    for name, changes in candidates:
        worst = 0.0
        for players in (int(p) for p in args.players.split(",")):
            r = measure(changes, players, options, args.games, args.seed, args.jobs)
            worst = max(worst, r["worst"])
            who = "team" if args.mode == "team" else "seat"
            seats = "; ".join(f"{who} {s + 1}: {pct(k, r['won'])}" for s, k in enumerate(r["shares"]))
            print(f"  {name} · {players} Scientists · rounds {r['rounds']:.1f} · {seats} · "
                  f"the starter won {pct(r['starter'], r['won'])}", flush=True)
        print(f"  {name}: worst {worst:.2f}", flush=True)


if __name__ == "__main__":
    main()
