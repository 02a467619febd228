"""The balance report: many seeded games between heuristic bots, per variant and player count.

    python -m btlgames.research.balance [--games 2000] [--stories every|round|none]

Kit rule K25 fixes what the source's "synthesis 15-35 %" measures: the share of synthesis
attempts that succeed, over full games of heuristic bots. The source's own arithmetic
(one die + at most 3 against 8) puts a single attempt at 1/6 to 2/6 with the deck's
Technique 1-2 projects; the beginner set (Technique 0-1) makes it rarer still.

The school rows also count, per game, the artefacts (K17) and what the bias and influence
events did (K33: teams struck, teams protected), the debrief's material for questions 2 and 5;
``--stories`` plays them under a story cap (K31).
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass

from ..core.simulate import simulate
from .constants import STORY_CAPS


@dataclass
class Share:
    success: float  # K25: synthesis attempts that won
    attempted: float  # games with at least one synthesis attempt
    won: float  # games won by a synthesis
    frame: object  # the simulated games (pandas.DataFrame)


def synthesis_share(games: int = 2000, players: int = 3, seed: int = 0, progress=None) -> Share:
    frame = simulate("research", n=games, bot="heuristic", seed=seed, progress=progress,
                     variant="full", players=players)
    attempts = frame.synthesis_attempts.sum()
    success = float(frame.synthesis_win.sum() / attempts) if attempts else 0.0
    return Share(success, float((frame.synthesis_attempts > 0).mean()), float(frame.synthesis_win.mean()), frame)


def report(games: int = 2000, seed: int = 0, progress=None, stories: str = "every"):
    """One row per variant and player count (a pandas.DataFrame)."""
    import pandas as pd

    rows = []
    for variant in ("school", "full"):
        for players in (2, 3, 4):
            capped = {"stories": stories} if variant == "school" else {}
            frame = simulate("research", n=games, bot="heuristic", seed=seed, progress=progress,
                             variant=variant, players=players, **capped)
            first_won = frame.apply(lambda g: str(g.first_player) in g.winners.split(), axis=1)
            rows.append({
                "variant": variant, "players": players, "games": games,
                "mean VP": frame[[f"score_{p}" for p in range(players)]].stack().mean(),
                "spread (winner - last)": frame.spread.mean(),
                "first player wins": first_won.mean(), "fair share": 1 / players,
                "ended by replications": (frame.reason == "replications").mean(),
                "rounds": frame.rounds.mean(),
                "synthesis attempted": (frame.synthesis_attempts > 0).mean(),
                "synthesis won": frame.synthesis_win.mean(),
                "attempts that won (K25)": (frame.synthesis_win.sum() / frame.synthesis_attempts.sum()
                                            if frame.synthesis_attempts.sum() else float("nan")),
                "within 5 rounds": (frame.rounds <= 5).mean(),
                "artefacts per game": frame.artefacts.mean(),
                "struck per game (K33)": frame.struck.mean(),
                "protected per game (K33)": frame.protected.mean(),
            })
    return pd.DataFrame(rows)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--stories", choices=STORY_CAPS, default=STORY_CAPS[0],
                        help="the school game's story cap (K31)")
    args = parser.parse_args(argv)
    print(report(args.games, args.seed, stories=args.stories).round(3).to_string(index=False))


if __name__ == "__main__":
    main()
