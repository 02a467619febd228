"""Many Antimatter Matters games between bots, summarised with honest uncertainty.

Used by bench/antimatter.py (the bot report) and the Pauli notebook (crowding: more
Scientists, more occupied spaces, longer games). A game cut off by the round limit is
counted as such and never as a finished race (Kit rule K29).
"""
from __future__ import annotations

import math
from statistics import mean, median, stdev

from ..core.registry import load
from ..core.simulate import make_bot, play_one
from ..science.intervals import wilson


def play_checked(seed: int, bot: str, **options):
    """One bot game with the game's invariants checked after every action (slower: a sweep
    for bench/antimatter.py --check, beyond the test suite's short conformance games)."""
    state = load("antimatter", seed=seed, **options)
    bots = {s: make_bot("antimatter", bot, seed * 31 + s) for s in range(state.players)}
    state.check_invariants()
    while not state.is_over():
        seat = state.current_player()
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        state.check_invariants()
    return state


def play_many(n: int, bot: str = "heuristic", seed: int = 0, check: bool = False, **options) -> list[dict]:
    """One row per game: rounds, turns, how it ended, winners, the atom (cooperative)."""
    rows = []
    for i in range(n):
        state = (play_checked(seed + i, bot, **options) if check else play_one("antimatter", seed + i, bot, **options))
        rows.append({"seed": seed + i, "rounds": state.round, "turns": state.turn,
                     "reason": state.end_reason, "winners": state.winners(), "first": state.first,
                     "atom": state.completed, "players": state.players,
                     "starter_won": any(s in state.winners() for s in state.groups[state.first]), **state.stats})
    return rows


def report(rows: list[dict]) -> dict:
    """Game length and, over the games that ended with a winner, each seat's share of wins."""
    n = len(rows)
    finished = [r for r in rows if r["reason"] != "time"]
    players = rows[0]["players"]
    won = [r for r in finished if r["winners"]]
    shares = {}
    for seat in range(players):
        k = sum(seat in r["winners"] for r in won)
        shares[seat] = (k, len(won), *(wilson(k, len(won)) if won else (0.0, 1.0)))
    lengths = sorted(r["rounds"] for r in finished) or [0]
    started = sum(r["starter_won"] for r in won)
    cut = n - len(finished)
    return {"games": n, "finished": len(finished), "cut_off": cut, "cut_off_interval": wilson(cut, n),
            "rounds_mean": mean(lengths), "rounds_median": median(lengths),
            "rounds_p90": lengths[min(len(lengths) - 1, int(0.9 * len(lengths)))],
            "shares": shares, "atoms": _count(r["atom"] for r in rows if r["atom"]),
            "starter": (started, len(won), *(wilson(started, len(won)) if won else (0.0, 1.0)))}


def _count(items) -> dict:
    out: dict = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def crowding(players=range(2, 7), games: int = 40, seed: int = 0, bot: str = "heuristic") -> list[dict]:
    """Standard games for each number of Scientists: more pawns, more spaces taken (the Pauli
    rule sends movers back more often), and how long a race lasts."""
    out = []
    for p in players:
        rows = play_many(games, bot=bot, seed=seed, players=p, mode="standard")
        finished = [r["rounds"] for r in rows if r["reason"] != "time"]
        bumps = [r["pauli"] for r in rows]
        out.append({"players": p, "games": games, "finished": len(finished),
                    "rounds_mean": mean(finished) if finished else float("nan"),
                    "rounds_sem": stdev(finished) / math.sqrt(len(finished)) if len(finished) > 1 else float("nan"),
                    "pauli_mean": mean(bumps), "pauli_sem": stdev(bumps) / math.sqrt(len(bumps)) if len(bumps) > 1 else 0.0})
    return out
