"""The strategy lab's widgets in plain Python: runs, Stop, intervals, refusals."""
# A join waits only until the run ends: its ceiling is high so that a busy machine does not fail a run that works.
import re

from btlgames.ui import strategy_lab as lab


def test_a_tournament_runs_adds_games_and_shows_intervals():
    t = lab.Tournament(games=4, seats=("greedy", "random"))
    t.run.click()
    t.runner.join(600)
    assert len(t.played) == 4 and "Done: 4 finished games" in t.study.message.value
    assert re.search(r"\d+\.\d% \(95 % interval \d+\.\d%–\d+\.\d%\)", t.table.value)
    assert t.study.plot.outputs and t.study.plot.outputs[0]["data"]["image/png"]
    t.games.value = 2
    t.more.click()
    t.runner.join(600)
    assert len(t.played) == 6 and list(t.played.index) == list(range(6)) and t.next_seed == 1 + 6
    assert not t.run.disabled and t.stop.disabled


def test_stop_ends_a_run_with_the_finished_games_only():
    t = lab.Tournament(games=500, seats=("random", "random"))
    t.run.click()
    t.stop.click()
    t.runner.join(600)
    assert len(t.played) < 500 and "Stopped" in t.study.message.value
    assert not t.played.isna().any().any(), "finished games only, every seat scored"


def test_bad_numbers_are_refused_in_words():
    t = lab.Tournament()
    t.games.value = 0
    t.run.click()
    assert "Choose a number of games" in t.study.message.value and t.played is None
    k = lab.KeepOrWait()
    k.trials.value = 0
    k.simulate.click()
    assert "Choose from 1" in k.status.value


def test_keep_or_wait_compares_the_exact_value_with_a_simulation():
    k = lab.KeepOrWait()
    assert "46.9%" in k.exact.value and "higher expected value" in k.exact.value
    k.copies.value = 0
    assert "0.0%" in k.exact.value and "sure card has the higher" in k.exact.value
    k.copies.value = 2
    k.simulate.click()
    assert "Simulated" in k.simulated.value and "interval" in k.simulated.value


def test_the_neighbour_count_and_the_replication():
    n = lab.Neighbour()
    n.round.value = 3
    n.show.click()
    assert "Player 1&#x27;s hand" in n.out.value and "you passed your hand to player 2" in n.out.value
    r = lab.Replication(claim_games=4, replication_games=6)
    r.claim_button.click()
    assert re.search(r"won \d of 4 games", r.claim_out.value) and "by luck alone" in r.claim_out.value
    r.replicate.click()
    r.runner.join(600)
    assert re.search(r"Replication: .* won \d of 6 games", r.replication_out.value)
