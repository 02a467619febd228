#!/usr/bin/env python3
"""Beamtimes and Lifetimes: candidate lesson rules measured side by side (the rulebook's designer notes).

For each candidate (a set of game options) and each number of groups, it plays seeded games with the
solver bot in every seat (how often a solve decides, how often the goal ends the game) and, head to
head, one solver against heuristic bots, the solver taking each seat in turn (its win rate against
the fair share 1 / groups). Each finished game is ranked under every K16 credit order: the bots never
read it, so the moves are the same and one game serves all three. Shares carry 95 % Wilson intervals (btlgames.science.intervals).

    python bench/beamtimes_designs.py -n 2000 --candidate 30-rounds: --candidate hand10:hand=10 \\
        --candidate first-solve:ending=first

A candidate is NAME:OPTION=VALUE,OPTION=VALUE (nothing after the colon: the default rules). Games are
spread over --jobs processes (default 2; the machine is shared). With --rival heuristic (the default) the
head-to-head games put one solver among heuristic bots; with --rival PATH, among the solver bots of
another checkout (a `git archive` of an older commit), to measure what a change to the solver is worth:

    mkdir /tmp/base && git archive COMMIT | tar -x -C /tmp/base
    python bench/beamtimes_designs.py -n 2000 --duels-only --rival /tmp/base --candidate 30-rounds:

The mirror games also say what became of each look (an experiment's card solved, kept in place,
reshuffled with idle neighbours, or swapped with a row card). With --oracle the one solver sees every problem card (a bound on what knowing the ring is worth, not a
player). A measurement: no test depends on it.
"""
from __future__ import annotations

import argparse
import importlib.util
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path

from btlgames.beamtimes.rules import CREDIT
from btlgames.core.bots import play_turns
from btlgames.core.registry import load
from btlgames.core.playing import make_bot, play_one
from btlgames.science.intervals import wilson


def share(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k / n:.1%} [{low:.1%}, {high:.1%}]"


def parse_candidate(text: str) -> tuple[str, dict]:
    name, _, rest = text.partition(":")
    options = {}
    for item in filter(None, rest.split(",")):
        key, _, raw = item.partition("=")
        options[key] = int(raw) if raw.lstrip("-").isdigit() else raw
    return name, options


CREDITS = tuple(CREDIT)  # K16's orders; the bots never read it, so one game is ranked under each


def _ranked(state) -> dict:
    """decided_by and the winners of a finished game under each credit order."""
    out = {}
    for credit in CREDITS:
        state.options["credit"] = credit
        out[credit] = (state.decided_by(), state.winners())
    return out


def _looks(state) -> dict:
    """What became of each experiment's look: the card solved, kept in place (an in-range result with
    both neighbours busy), reshuffled with idle neighbours, or swapped with a row card (out of range)."""
    ends = {"solved": "solved", "swap": "swapped", "reshuffle": "reshuffled"}
    fate, open_ = {}, False  # open_: the last experiment's card has not moved yet
    for event in state.log.events:
        if event.kind == "build":
            open_ = True
        elif open_ and event.kind in ends:
            fate[ends[event.kind]] = fate.get(ends[event.kind], 0) + 1
            open_ = False
    fate["kept"] = state.stats["builds"] - sum(fate.values())
    return fate


def _mirror(job) -> tuple:
    seed, players, options, *_ = job
    state = play_one("beamtimes", seed, "solver", players=players, **options)
    return (sum(s is not None for s in state.solved_by), state.end_reason, state.stats["published"],
            _ranked(state), _looks(state))


@cache
def _rival_class(rival: str):
    """The bot class the solver meets head to head: a bot of this checkout by name, or the solver in
    another checkout's btlgames/beamtimes/bots.py (run against this checkout's rules)."""
    if not Path(rival).is_dir():
        return None
    spec = importlib.util.spec_from_file_location("btlgames.beamtimes.rival_bots",
                                                  Path(rival) / "btlgames/beamtimes/bots.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SolverBot


class _Oracle:
    """A bot that sees every problem card face up: how far solving is limited by what a group knows."""

    def __init__(self, bot, state):
        self.bot, self.state = bot, state

    def choose(self, view, legal):
        ring = [dict(slot, card=self.state.ring[p]) for p, slot in enumerate(view["ring"])]
        return self.bot.choose({**view, "ring": ring}, legal)


def _head_to_head(job) -> dict:
    """Whether the one solver (in seat seed % players) won alone, under each credit order."""
    seed, players, options, rival, oracle = job
    seat = seed % players
    state = load("beamtimes", seed=seed, players=players, **options)
    other = _rival_class(rival)
    bots = {s: make_bot("beamtimes", "solver", seed * 31 + s) if s == seat
            else other(seed * 31 + s) if other else make_bot("beamtimes", rival, seed * 31 + s)
            for s in range(players)}
    if oracle:
        bots[seat] = _Oracle(bots[seat], state)
    play_turns(state, bots)
    rivals = [g for g in range(players) if g != seat]
    means = [(state.solved_by.count(g), state.published[g], state.tokens[g]) for g in (seat, *rivals)]
    rival = tuple(sum(m[i] for m in means[1:]) / len(rivals) for i in range(3))
    return {**{credit: winners == [seat] for credit, (_, winners) in _ranked(state).items()},
            "solver": means[0], "rival": rival}


def measure(pool, name: str, options: dict, players: int, n: int, seed: int, mirror_too: bool = True,
            rival: str = "heuristic", oracle: bool = False) -> list[str]:
    jobs = [(seed + i, players, options, rival, oracle) for i in range(n)]
    duels = list(pool.map(_head_to_head, jobs, chunksize=25))
    if not mirror_too:
        return [" | ".join([f"{name}, credit={credit}", str(players), *["—"] * 9,
                            share(sum(d[credit] for d in duels), n)]) for credit in CREDITS] + _sides(duels, n)
    mirror = list(pool.map(_mirror, jobs, chunksize=25))
    solved = sum(m[0] for m in mirror) / n
    goal = sum(m[1] in ("goal", "all_solved") for m in mirror)
    published = sum(m[2] for m in mirror) / n
    lines = []
    for credit in CREDITS:
        decided = [m[3][credit][0] for m in mirror]
        cells = [share(decided.count(rule), n) for rule in ("solved", "published", "closest", "tokens", "shared")]
        lines.append(" | ".join([f"{name}, credit={credit}", str(players), f"{solved:.2f}", *cells, share(goal, n),
                                 f"{published:.1f}", share(sum(d[credit] for d in duels), n)]))
    looks = {fate: sum(m[4].get(fate, 0) for m in mirror) for fate in ("solved", "kept", "reshuffled", "swapped")}
    total = sum(looks.values())
    lines.append(f"  looks (experiments) per game, solver mirror: {total / n:.2f}; their cards "
                 + ", ".join(f"{fate} {share(k, total)}" for fate, k in looks.items()))
    return lines + _sides(duels, n)


def _sides(duels, n: int) -> list[str]:
    """What each side ends with, head to head (for the heuristic side, one bot's mean)."""
    lines = []
    for bot in ("solver", "rival"):
        solved, published, tokens = (sum(d[bot][i] for d in duels) / n for i in range(3))
        lines.append(f"  head to head, {bot}: {solved:.2f} solved, {published:.2f} published, {tokens:.1f} tokens")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=2000, help="games per candidate and number of groups")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--duels-only", action="store_true", help="only the head-to-head games")
    parser.add_argument("--rival", default="heuristic",
                        help="the solver's rivals head to head: a bot's name, or another checkout's path (its solver)")
    parser.add_argument("--oracle", action="store_true", help="the one solver sees every problem card (a bound)")
    parser.add_argument("--candidate", action="append", required=True, help="NAME:OPTION=VALUE,...")
    args = parser.parse_args()
    print("candidate | groups | solved per game (mirror) | decided by most solved | by published | "
          f"by closest | by tokens | shared | ended by the goal | published per game | solver's sole wins, 1 vs {args.rival}")
    with ProcessPoolExecutor(args.jobs) as pool:
        for text in args.candidate:
            name, options = parse_candidate(text)
            for players in map(int, args.players.split(",")):
                print("\n".join(measure(pool, name, options, players, args.n, args.seed, not args.duels_only, args.rival,
                                        args.oracle)), flush=True)


if __name__ == "__main__":
    main()
