"""The shared conformance harness over Antimatter Matters: whole games, every mode, every player
count (team mode: its own counts and team sizes).

Its invariants (AntimatterState.check_invariants) hold at every step: every particle piece in
exactly one place (bank, a mat, or out of play), the 101 cards each in one place, no two pawns
on one space, no hand over six when a turn is done, mats only ever holding what fits them,
entanglement in pairs. Games are played to their end at the kit's round limit (Kit rule K29,
60 rounds): random play mostly lasts all 60 rounds, 500 to 2,500 actions; some games end by an
atom at the Center, cooperative ones when the next atom cannot be built. A checked step costs
about 1 ms of CPU (bench/antimatter.py --harness measures it; it was 4 ms before the engine's
clones shared the history and its hidden variations copied only the cards), so each case plays
GAMES whole games, and the SHORT cases one more: 32 games (24 before, 45-55 s of CPU in all).
Mixed mode's games are short with or without K31's head start (an option, played in one case of
its own): the five mixed cases take about 15 s of CPU either way. Half of it runs on each of the
suite's two workers.
Thousands of bot games per mode are bench/antimatter.py's.
"""
import pytest

from btlgames.core import conformance, fuzz

pytestmark = pytest.mark.slow  # the long seeded runs: the fast lane leaves them out

COUNTS = range(2, 7)
CASES = [(mode, p, {}) for mode in ("standard", "challenge", "mixed", "coop") for p in COUNTS]
CASES += [("team", 4, {}), ("team", 5, {}), ("team", 6, {}), ("team", 6, {"teams": 3}),
          ("mixed", 4, {"head_start": True})]  # K31's head start, an option
GAMES = 1       # whole games per case (see the module's words on time)
# Cases whose whole games are short (an atom at the Center within a few rounds, or two pawns on a
# big board) play a second one.
SHORT = {("standard", 2), ("standard", 3), ("challenge", 2), ("mixed", 2), ("mixed", 3), ("mixed", 5),
         ("mixed", 6)}
# Every game is saved and reloaded at its end. One case per mode is also saved every SAVE_EVERY
# steps (mid-turn states; a round trip replays the whole game so far), replayed for determinism
# (twice, unchecked) and fuzzed at the boundary.
SAVE_EVERY = 800
DEEPER = {("standard", 4), ("challenge", 3), ("mixed", 4), ("coop", 3), ("team", 4)}
ENDS = {"atom", "time", "most_complex", "impossible", "chain_end"}
FUZZ_ROUNDS = 10
ROUNDS = 60  # the default (K29): the harness plays the game as the app does


@pytest.mark.parametrize("mode, players, extra", CASES)
def test_whole_games(mode, players, extra):
    options = dict(players=players, mode=mode, **extra)
    seed = 1000 * players + 10 * len(extra) + len(mode)
    deeper = (mode, players) in DEEPER and not extra
    finished = [conformance.play_checked("antimatter", seed + i, save_every=SAVE_EVERY if deeper else 0, **options)
                for i in range(GAMES + ((mode, players) in SHORT and not extra))]
    conformance.check_ends_within_bound("antimatter", finished, **options)
    for state in finished:
        assert state.end_reason in ENDS
        # whole games: a game the lab's closing time ended ran every round of it
        assert state.end_reason != "time" or state.round == ROUNDS
    if deeper:
        conformance.check_determinism("antimatter", [seed], **options)
        # the boundary's properties need states, not long games: closing time after FUZZ_ROUNDS
        fuzz.check("antimatter", seed, examples=fuzz.EXAMPLES, rounds=FUZZ_ROUNDS, **options)
