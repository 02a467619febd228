"""The shared conformance harness over Pentaquark and its option values."""
import pytest

from btlgames.core import conformance


@pytest.mark.parametrize("annihilate_cards", [3, 0])
def test_conformance(annihilate_cards):
    finished = conformance.run("pentaquark", games=500, seed=1000 * annihilate_cards,
                               annihilate_cards=annihilate_cards)
    assert {s.result for s in finished} <= {"win", "loss"}
