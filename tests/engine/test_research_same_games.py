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
    ("heuristic", range(1, 301), {}, "ef65921e0397f6202e6795d038024d05052e49753d8e907d648c3bdf33cdae3e"),
    ("random", range(1, 201), {}, "7492dd5710f0a6c493efb5bbf31494215199866741f7c9e4d0c43ba902b39662"),
    ("heuristic", range(1, 101), {"variant": "school"},
     "7918db56c55e146b4504541f43a3876dec484e1eb0b6188f816b118b763c05d5"),
    ("heuristic", range(1, 61), {"players": 2}, "cc8198d67894c565d106a4536392b6c74e1aa58ad8b8f4b52fbe85b0a3dcd9fb"),
    ("heuristic", range(1, 61), {"players": 4}, "fc8fa55c8e184adb827fa58613004ad08c18bc3a7e8af2e83c0cb692c884591d"),
])
def test_the_same_seeds_give_the_same_games(bot, seeds, options, digest):
    assert games_digest(bot, seeds, **options) == digest
