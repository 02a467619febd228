"""The balance report: many seeded games between heuristic bots, per variant and player count.

    python -m btlgames.research.balance [--games 2000] [--stories every|round|none] [--workers 2]

Kit rule K25 fixes what the source's "synthesis 15-35 %" measures: the share of full games
(the whole deck) that a synthesis wins, with heuristic bots. The share of attempts that succeed
is reported too, but it says little: one die + at most 3 against 8 makes it 0, 1/6 or 2/6 by
arithmetic alone.

"decided by" says which rule chose each winner: a synthesis, most VP, or the K26 tie-breaks
(replications, then Rigor, then lower Hype; "shared" when all of them tie), so a teacher knows
what the game rewards (the rulebook's designer notes quote these figures).

The school rows also count, per game, the artefacts (K17) and what the bias and influence
events did (K33: teams struck, teams protected), the debrief's material for questions 2 and 5;
``--stories`` plays them under a story cap (K31).
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass

from ..core.study import MAX_WORKERS, Config, run
from ..science.intervals import wilson
from .constants import STORY_CAPS


DECIDERS = ("synthesis", "vp", "replications", "rigor", "hype", "shared")  # ResearchState.decided_by


@dataclass
class Share:
    success: float  # synthesis attempts that won
    attempted: float  # games with at least one synthesis attempt
    won: float  # K25: games won by a synthesis
    frame: object  # the simulated games (pandas.DataFrame)


def games_of(games: int, seed: int, progress, workers: int, **options):
    """The heuristic bots' games of one configuration (a study of the core: the same on 1 or 2 workers)."""
    return run(Config.make("research", "heuristic", **options), games, seed=seed, workers=workers,
               progress=progress).games


def synthesis_share(games: int = 2000, players: int = 3, seed: int = 0, progress=None, workers: int = 1) -> Share:
    frame = games_of(games, seed, progress, workers, variant="full", players=players)
    attempts = frame.synthesis_attempts.sum()
    success = float(frame.synthesis_win.sum() / attempts) if attempts else 0.0
    return Share(success, float((frame.synthesis_attempts > 0).mean()), float(frame.synthesis_win.mean()), frame)


def report(games: int = 2000, seed: int = 0, progress=None, stories: str = "every", workers: int = 1):
    """One row per variant and player count (a pandas.DataFrame)."""
    import pandas as pd

    rows = []
    for variant in ("school", "full"):
        for players in (2, 3, 4):
            capped = {"stories": stories} if variant == "school" else {}
            frame = games_of(games, seed, progress, workers, variant=variant, players=players, **capped)
            first_won = frame.apply(lambda g: str(g.first_player) in g.winners.split(), axis=1)
            rows.append({
                "variant": variant, "players": players, "games": games,
                "mean VP": frame[[f"score_{p}" for p in range(players)]].stack().mean(),
                "spread (winner - last)": frame.spread.mean(),
                "first player wins": first_won.mean(), "fair share": 1 / players,
                "ended by replications": (frame.reason == "replications").mean(),
                "rounds": frame.rounds.mean(),
                "synthesis attempted": (frame.synthesis_attempts > 0).mean(),
                "synthesis won (K25)": frame.synthesis_win.mean(),
                "attempts that won": (frame.synthesis_win.sum() / frame.synthesis_attempts.sum()
                                      if frame.synthesis_attempts.sum() else float("nan")),
                "within 5 rounds": (frame.rounds <= 5).mean(),
                "artefacts per game": frame.artefacts.mean(),
                "struck per game (K33)": frame.struck.mean(),
                "protected per game (K33)": frame.protected.mean(),
                **{f"decided by {d}": (frame.decided_by == d).mean() for d in DECIDERS},
            })
    return pd.DataFrame(rows)


def decided(table) -> str:
    """How games are decided, per row of ``report``: each rule's share with its 95 % interval."""
    lines = []
    for row in table.to_dict("records"):
        n = row["games"]
        parts = []
        for d in DECIDERS:
            k = round(row[f"decided by {d}"] * n)
            if k or d == "vp" or (d == "synthesis" and row["variant"] == "full"):
                lo, hi = wilson(k, n)
                parts.append(f"{d} {k / n:.0%} ({lo:.0%}-{hi:.0%})")
        lines.append(f"{row['variant']:6} {row['players']} players, {n} games: " + ", ".join(parts))
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--stories", choices=STORY_CAPS, default=STORY_CAPS[0],
                        help="the school game's story cap (K31)")
    parser.add_argument("--workers", type=int, choices=range(1, MAX_WORKERS + 1), default=MAX_WORKERS,
                        help="processes playing games (the report is the same with any number)")
    args = parser.parse_args(argv)
    table = report(args.games, args.seed, stories=args.stories, workers=args.workers)
    print(table.round(3).to_string(index=False))
    print("\nHow games are decided (share of games, 95 % Wilson interval):")
    print(decided(table))


if __name__ == "__main__":
    main()
