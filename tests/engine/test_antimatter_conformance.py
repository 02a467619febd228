"""The shared conformance harness over Antimatter Matters: every mode, every player count.

Its invariants (AntimatterState.check_invariants) hold at every step: every particle piece in
exactly one place (bank, a mat, or out of play), the 101 cards each in one place, no two pawns
on one space, no hand over six when a turn is done, mats only ever holding what fits them,
entanglement in pairs. The harness's checks cost ~5 ms a step, so games are cut short by the
round limit (Kit rule K29) and the 25 cases (every mode, every player count) share a budget of ~5,000 checked steps; longer games
are bench/antimatter.py's (thousands of bot games per mode).
"""
import pytest

from btlgames.core import conformance

COUNTS = range(2, 7)
CASES = [(mode, p, {}) for mode in ("standard", "challenge", "mixed", "coop") for p in COUNTS]
CASES += [("team", 4, {}), ("team", 5, {}), ("team", 6, {}), ("team", 6, {"teams": 3}), ("standard", 3, {"challenge": True})]
ENDS = {"atom", "time", "most_complex", "impossible", "chain_end"}


@pytest.mark.parametrize("mode, players, extra", CASES)
def test_conformance(mode, players, extra):
    options = dict(players=players, mode=mode, rounds=5, **extra)
    seed = 1000 * players + len(mode)
    finished = [conformance.play_checked("antimatter", seed + i, save_every=10 if i == 0 else 0, **options)
                for i in range(2)]
    conformance.check_determinism("antimatter", [seed], **options)
    assert {s.end_reason for s in finished} <= ENDS
    conformance.check_ends_within_bound("antimatter", finished, **options)
    assert all(s.round <= 5 for s in finished)
