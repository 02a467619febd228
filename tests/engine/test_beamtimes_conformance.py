"""The shared conformance harness over Beamtimes and Lifetimes for 2, 3 and 4 groups.

Its invariants (BeamtimesState.check_invariants) hold at every step: all 52 cards
are somewhere exactly once, and each group's 25 tokens are in its hand, its reserve
or on cards (tokens move only between a group and its own reserve: the bank).
"""
import pytest

from btlgames.core import conformance


@pytest.mark.parametrize("players, games", [(2, 250), (3, 150), (4, 100)])
def test_conformance(players, games):
    finished = conformance.run("beamtimes", games=games, seed=10_000 * players, save_sample=20,
                               players=players)
    assert {s.end_reason for s in finished} <= {"beamtime", "all_solved"}
    assert all(s.winners() for s in finished)


def test_short_beamtimes_conform_too():
    conformance.run("beamtimes", games=100, seed=7, save_sample=10, players=2, rounds=5)
