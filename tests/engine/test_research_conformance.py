"""The shared conformance harness over both Research Programme variants.

Beyond the harness's own checks, the game's invariants (ResearchState.check_invariants) hold at
every step: resources never negative, tracks within their ranges, the storage limit after
clean-up, noise within 0-3, one tile per hex, the replication counter equal to the
replications in the log, no card in two places. Every point of the first finished games is
explained by the log (the debrief's VP breakdown adds up to each player's VP). The school game
also runs under both story caps (K31), on top of its 200 games with every story.
"""
import pytest

from btlgames.core import conformance
from btlgames.research import debrief

pytestmark = pytest.mark.slow  # the long seeded runs: the fast lane leaves them out


@pytest.mark.parametrize("variant", ["school", "full"])
@pytest.mark.parametrize("players, games", [(2, 80), (3, 70), (4, 50)])  # 200 per variant (bench/conformance.py: more)
def test_conformance(variant, players, games):
    finished = conformance.run("research", games=games, seed=1000 * players, save_sample=3,
                               variant=variant, players=players)
    assert {s.end_reason for s in finished} <= {"rounds", "replications", "synthesis"}
    for state in finished[:20]:
        vp = debrief.vp_breakdown(state)
        assert list(vp["total"]) == [pl["vp"] for pl in state.players_] and (vp["other"] == 0).all()
    if variant == "school":
        assert all(s.round <= 5 and s.winner_by_synthesis is None for s in finished)


@pytest.mark.parametrize("games, options", [  # a designer's rule options at their ends of range
    (3, {"variant": "full", "players": 2, "rounds": 10, "hand": 1, "storage": 1, "synthesis_target": 1,
         "cards": "packs"}),  # K35: the smallest card set
    (4, {"variant": "school", "players": 2, "rounds": 1, "hand": 8, "storage": 20, "cards": "no-metascience"}),
])
def test_conformance_under_rule_options(games, options):
    finished = conformance.run("research", games=games, seed=9000 + options["rounds"], save_sample=1, **options)
    assert all(s.round <= options["rounds"] for s in finished)


@pytest.mark.parametrize("stories, players", [("round", 4), ("round", 2), ("none", 3)])
def test_conformance_under_a_story_cap(stories, players):  # K31
    finished = conformance.run("research", games=60, seed=7000 + players, save_sample=3, variant="school",
                               players=players, stories=stories)
    for state in finished[:10]:
        vp = debrief.vp_breakdown(state)
        assert list(vp["total"]) == [pl["vp"] for pl in state.players_] and (vp["other"] == 0).all()
        assert all(pl["ep"] == 0 for pl in state.players_)  # no EP under the cap
