"""The shared conformance harness over Pentaquark and its option values (the rulebook's, then
a designer's: fewer annihilate cards, a short or long beam time, any number of cards flipped)."""
import pytest

from btlgames.core import conformance

pytestmark = pytest.mark.slow  # the long seeded runs: the fast lane leaves them out


@pytest.mark.parametrize("games, options", [
    (250, {"annihilate_cards": 3}),
    (250, {"annihilate_cards": 0}),
    (10, {"annihilate_cards": 1, "beams": 30, "flipped_low": 0, "flipped_high": 15}),
    (25, {"annihilate_cards": 2, "beams": 1, "flipped_low": 15, "flipped_high": 15}),
])
def test_conformance(games, options):
    finished = conformance.run("pentaquark", games=games, seed=1000 * options["annihilate_cards"], **options)
    assert {s.result for s in finished} <= {"win", "loss"}
