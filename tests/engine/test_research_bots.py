"""Research Programme's bots as the designer notes use them: the no-replication bot ignores what the
game teaches (it never replicates, and tests at random), the heuristic bot replicates."""
import pytest

from btlgames.core.playing import play_one

SEEDS = range(12)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_no_replication_bot_tests_but_never_aims_at_a_replication(players):
    tests = 0
    for seed in SEEDS:
        state = play_one("research", seed=seed, bot=["no-replication"] + ["heuristic"] * (players - 1),
                         players=players)
        tests += sum(1 for e in state.log if e.kind == "test" and e.player == 0)
        events = list(state.log)
        for i, e in enumerate(events):
            if e.kind == "replication" and e.player == 0:  # only if a rival's hit came first, this round
                assert any(f.kind == "hit" and f.player != 0 and f.turn == e.turn and f.data["theory"] == e.data["theory"]
                           for f in events[:i]), f"seed {seed}: the bot aimed at a replication"
    assert tests >= 2 * len(SEEDS)  # it does test: a test a game or more


def test_the_heuristic_bot_replicates_and_the_summary_counts_a_winner_that_did_not():
    made = []
    for seed in SEEDS:
        state = play_one("research", seed=seed, bot="heuristic", players=3)
        by_player = [sum(1 for e in state.log if e.kind == "replication" and e.player == p) for p in range(3)]
        assert state.summary()["winner_replications"] == min(by_player[p] for p in state.winners())
        made.append(sum(by_player))
    assert sum(made) > len(SEEDS)
