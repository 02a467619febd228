"""Research Programme's seeded bot games, pinned: a speed change must give the same games (CONTRIBUTING.md,
"Speed without weaker rules"). Each digest is a fingerprint of a few hundred games played by the kit's
bots: every game's history, its log as every secret's viewer reads it, its scores and winners.

A change that is meant to change the games (a rule, the heuristic's play) changes a digest on purpose:
then say so in its commit and pin the new one. A speed change never does.
"""
from __future__ import annotations

import hashlib
import json

import pytest

from btlgames.core.events import ALL
from btlgames.core.playing import play_one

pytestmark = pytest.mark.slow  # the long seeded runs: the fast lane leaves them out


def games_digest(bot: str, seeds, **options) -> str:
    h = hashlib.sha256()
    for seed in seeds:
        state = play_one("research", seed=seed, bot=bot, **options)
        played = {"history": state.history, "log": state.log.to_records(ALL), "scores": state.scores(),
                  "winners": state.winners()}
        h.update(json.dumps(played, sort_keys=True).encode())
    return h.hexdigest()


@pytest.mark.parametrize("bot, seeds, options, digest", [
    ("heuristic", range(1, 301), {}, "57505578a7d737b69bbcc44c222a19b99e5dd78be35b4bbe3e8b1df8de8f3d41"),
    ("random", range(1, 201), {}, "8f40ac22d7714eabf5dcb42c2e64f86a6bdc9e4c64a82e3c86df95f5d66b9750"),
    ("heuristic", range(1, 101), {"variant": "school"},
     "dadd8f55cad5d39464cb01d10d6656b0b34d9131eaea8f8dbf391a8fc9eed9dc"),
    ("heuristic", range(1, 61), {"players": 2}, "f79d794a2f954ea4a61c0335ab5843f2e4030f49cb5b9a34dd06198aa1b3fd9c"),
    ("heuristic", range(1, 61), {"players": 4}, "c9805b5ef4c33aa43c0cfd842b5f45825eb2de33ca068d8dfd94e4303c2e8043"),
])
def test_the_same_seeds_give_the_same_games(bot, seeds, options, digest):
    assert games_digest(bot, seeds, **options) == digest
