"""The study core: seeded games on one or two processes, Stop, every option checked, shares and A/B."""
import threading

import pytest

from btlgames.core import study
from btlgames.core.registry import games
from btlgames.core.study import Config, compare, count, head_to_head, run, win_table

TWO_SEATS = Config.make("beat-the-logic", ["greedy", "random"], rotate=True)


@pytest.mark.slow
def test_the_table_is_the_same_with_one_and_two_workers():
    one = run(TWO_SEATS, 16, seed=5, workers=1)
    two = run(TWO_SEATS, 16, seed=5, workers=2)
    assert one.games.equals(two.games) and list(one.games.game) == list(range(16))
    assert list(one.games.seed) == list(range(5, 21))
    assert (one.games.bot_0 == ["random", "greedy"] * 8).all()  # rotated: each bot in each seat alike


def test_a_rotated_lineup_depends_on_the_games_seed_and_each_bot_finds_its_seat():
    config = Config.make("beat-the-logic", ["planner", "greedy", "random"], rotate=True, players=3)
    turned = [("planner", "greedy", "random"), ("random", "planner", "greedy"), ("greedy", "random", "planner")]
    assert [config.lineup(s) for s in range(7)] == [turned[s % 3] for s in range(7)]
    assert all(config.lineup(s)[config.seat_of(j, s)] == config.bots[j] for s in range(7) for j in range(3))
    assert Config.make("beat-the-logic", ["greedy", "random"]).lineup(5) == ("greedy", "random")


def test_simulate_is_the_studys_table_without_the_lineup():
    import btlgames

    frame = btlgames.simulate("beat-the-logic", n=8, bot=["greedy", "random"], seed=2, workers=2)
    full = run(Config.make("beat-the-logic", ["greedy", "random"]), 8, seed=2).games
    assert frame.equals(full.drop(columns=["game", "bot_0", "bot_1"]))


@pytest.mark.parametrize("workers", [1, 2])
def test_stop_keeps_only_the_finished_beginning_of_the_study(workers):
    stop = threading.Event()
    seen = []

    def progress(done, n):
        seen.append(done)
        if done >= 30:
            stop.set()  # a Stop pressed while games run

    config = Config.make("pentaquark", "random")
    stopped = run(config, 5000, workers=workers, progress=progress, stop=stop)
    assert stopped.stopped and stopped.n < 5000 and seen[-1] >= 30
    # the first k games of the whole study, each finished; on 2 workers a game finished after one
    # still being played is dropped (short games finish first: keeping them would bias the table)
    assert stopped.n <= max(seen) + 10 * workers
    if workers == 1:
        assert stopped.n == 30
    full = run(config, stopped.n).games
    assert stopped.games.equals(full) and (stopped.n == 0 or (stopped.games.actions > 0).all())


def test_a_stop_before_the_start_plays_nothing():
    stop = threading.Event()
    stop.set()
    assert run(TWO_SEATS, 10, stop=stop).n == 0
    assert run(TWO_SEATS, 10, stop=stop, workers=2).n == 0


def every_option():
    for name, spec in games().items():
        for option, rule in spec.options.items():
            yield pytest.param(name, option, rule, id=f"{name}-{option}")


@pytest.mark.parametrize("game, option, rule", list(every_option()))
def test_every_option_is_checked_with_a_clear_message(game, option, rule):
    assert dict(Config.make(game, "random", **{option: rule.default}).options)[option] == rule.default
    if rule.choices:
        with pytest.raises(ValueError, match=f"option {option}=.* is not allowed; choose one of"):
            Config.make(game, "random", **{option: "no such value"})
        return
    if rule.kind == "words":  # its own check reads the words, and says what it could not read
        with pytest.raises(ValueError, match="not a goal"):
            Config.make(game, "random", **{option: "no such value"})
        return
    with pytest.raises(ValueError, match=f"option {option} must be a whole number"):
        Config.make(game, "random", **{option: True})
    if rule.high is not None:
        with pytest.raises(ValueError, match=f"option {option}={rule.high + 1} is out of range {rule.low}..{rule.high}"):
            Config.make(game, "random", **{option: rule.high + 1})
    if rule.low is not None:
        with pytest.raises(ValueError, match="is out of range"):
            Config.make(game, "random", **{option: rule.low - 1})


def test_bad_configurations_and_counts_are_refused():
    with pytest.raises(ValueError, match="has no bot 'genius'"):
        Config.make("pentaquark", "genius")
    with pytest.raises(ValueError, match="has no option colours"):
        Config.make("pentaquark", colours=3)
    with pytest.raises(ValueError, match="workers must be 1 or 2"):
        run(TWO_SEATS, 3, workers=3)
    with pytest.raises(ValueError, match="no such share"):
        count(run(TWO_SEATS, 1).games, "seat")


def test_changing_the_players_keeps_one_bot_for_all_seats():
    config = Config.make("beamtimes", "heuristic")
    assert config.with_changes(players=3).bots == ("heuristic",) * 3
    assert config.with_changes(bots=["heuristic", "no-verify"]).bots == ("heuristic", "no-verify")


def test_shares_count_a_shared_win_as_a_tie_never_twice():
    import pandas as pd

    games = pd.DataFrame({"winners": ["0", "1", "0 1", "", "0"], "bot_0": ["a", "b", "a", "b", "a"],
                          "bot_1": ["b", "a", "b", "a", "b"], "decided_by": ["x", "x", "shared", "none", "y"]})
    result = study.Study(Config("g", (), ("a", "b"), True), games, asked=5)
    table = win_table(result).set_index("measure")
    assert table.k.to_dict() == {"seat:0": 2, "seat:1": 1, "bot:a": 3, "bot:b": 0, "tie": 1, "none": 1}
    assert table.loc[["seat:0", "seat:1", "tie", "none"], "k"].sum() == 5  # they add up to all games
    assert table.loc["bot:b", "high"] > 0  # 0 of 5 is never a certain 0
    assert head_to_head(result) == pytest.approx({"bot": "a", "other": "b", "k": 3, "n": 3, "rate": 1.0,
                                                  "low": 0.4385, "high": 1.0}, abs=1e-4)
    assert count(games, "decided_by:x") == (2, 5)


def test_compare_says_when_the_games_cannot_tell():
    import pandas as pd

    def made(wins, n):
        return study.Study(Config("g", (), ("a",)), pd.DataFrame({"winners": ["0"] * wins + [""] * (n - wins)}), n)

    clear = compare(made(20, 100), made(45, 100), "seat:0")
    assert clear["verdict"] == "higher" and clear["diff"] == pytest.approx(0.25) and 0 < clear["low"] < 0.25
    assert compare(made(45, 100), made(20, 100), "seat:0")["verdict"] == "lower"
    unclear = compare(made(0, 10), made(1, 10), "seat:0")
    assert unclear["verdict"] == "unclear" and unclear["low"] < 0 < unclear["high"]


def test_a_study_goes_on_with_more_games_on_later_seeds():  # the lab's More games
    config = Config.make("beat-the-logic", ["greedy", "random"], rotate=True)
    first, more = run(config, 4, seed=0), run(config, 3, seed=10)
    both = study.extend(first, more)
    assert list(both.games.game) == list(range(7)) and list(both.games.seed) == [0, 1, 2, 3, 10, 11, 12]
    assert both.n == both.asked == 7 and not both.stopped and both.seed == 0
    assert both.games.drop(columns="game").iloc[4:].reset_index(drop=True).equals(more.games.drop(columns="game"))
    assert study.extend(run(config, 0), more).games.equals(more.games)
    with pytest.raises(ValueError, match="same configuration"):
        study.extend(first, run(Config.make("beat-the-logic", "random"), 2))


def test_a_games_declared_numbers_are_means_with_intervals_and_compared_by_welch():
    import pandas as pd

    def made(pauli):
        frame = pd.DataFrame({"winners": ["0"] * len(pauli), "pauli": pauli, "rounds": [8] * len(pauli)})
        return study.Study(Config("antimatter", (), ("heuristic", "heuristic")), frame, len(pauli))

    few, many = made([0, 1, 0, 1, 0, 2]), made([5, 7, 6, 8, 6, 7])
    assert study.quantities(few) == ["mean:pauli", "mean:rounds"]  # GameSpec.quantities, in its order
    mean = study.average(few.games, "mean:pauli")
    assert mean["mean"] == pytest.approx(4 / 6) and mean["low"] < 4 / 6 < mean["high"]
    alike = study.average(few.games, "mean:rounds")
    assert alike["mean"] == 8 and alike["low"] is alike["high"] is None  # every game alike: no interval
    more = compare(few, many, "mean:pauli")
    assert more["verdict"] == "higher" and more["diff"] == pytest.approx(6.5 - 4 / 6) and 0 < more["low"] < more["diff"]
    assert compare(many, few, "mean:pauli")["verdict"] == "lower"
    assert compare(few, made([1, 0, 1, 0, 2, 0]), "mean:pauli")["verdict"] == "unclear"
    assert compare(few, many, "mean:rounds")["verdict"] == "alike"
    with pytest.raises(ValueError, match="no such mean"):
        study.average(few.games, "mean:spins")
    with pytest.raises(ValueError, match="is a mean, not a share"):
        count(few.games, "mean:pauli")


def test_a_measure_followed_as_games_are_added_narrows():
    import pandas as pd

    frame = pd.DataFrame({"winners": ["0", "1", "0 1", "0"] * 50, "bot_0": ["a", "b"] * 100,
                          "bot_1": ["b", "a"] * 100, "pauli": [0, 2, 1, 3] * 50})
    result = study.Study(Config("antimatter", (), ("a", "b"), True), frame, 200)
    share = study.running(result, "seat:0", points=20)
    assert list(share.games) == list(range(10, 201, 10)) and share.value.iloc[-1] == pytest.approx(0.5)
    assert (share.high - share.low).is_monotonic_decreasing  # the interval narrows as games are added
    # a's share of the games with one winner (a head-to-head): every 4 games a wins 2 (seat 0, then
    # seat 1), a tie, and b wins 1
    pair = study.running(result, "bot:a", versus="bot:b", points=200)
    assert len(pair) == 200 and pair.value.iloc[-1] == pytest.approx(100 / 150)
    assert list(pair.value.iloc[2:4]) == pytest.approx([2 / 2, 2 / 3])  # after 3 games, after 4
    mean = study.running(result, "mean:pauli", points=4)
    assert list(mean.games) == [50, 100, 150, 200] and mean.value.iloc[-1] == pytest.approx(1.5)
    assert mean.low.iloc[-1] < 1.5 < mean.high.iloc[-1]
    assert study.running(result, "mean:pauli", points=400).low.isna().iloc[0]  # one game: no interval yet


def cli(capsys, *args):
    """``btlgames simulate ARGS`` in this process: (exit code, what it printed, what it said on stderr)."""
    from btlgames.cli import main

    try:
        code = main(["simulate", *args])
    except SystemExit as exit:  # argparse refuses a bad choice this way
        code = exit.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_command_compares_a_against_b(capsys, tmp_path):
    target = tmp_path / "ab.csv"
    code, out, err = cli(capsys, "beat-the-logic", "-n", "10", "--bot", "greedy,random", "--vs-bot", "random",
                         "--workers", "2", "--csv", str(target))
    assert code == 0, err
    assert "A: beat-the-logic: 10 games, bot greedy,random" in out
    assert "B: beat-the-logic: 10 games, bot random,random" in out and "seeds 10..19" in out  # B's own games
    assert "B - A, seat 0 wins: " in out and "Newcombe" in out
    assert "B is lower: more than chance" in out  # greedy beats random every time
    lines = target.read_text().splitlines()
    assert len(lines) == 21 and lines[0].endswith(",study")


def test_the_command_gives_the_same_games_with_one_and_two_workers(capsys):
    one = cli(capsys, "beat-the-logic", "-n", "6", "--vs", "players=3", "--share", "tie", "--workers", "1")
    two = cli(capsys, "beat-the-logic", "-n", "6", "--vs", "players=3", "--share", "tie", "--workers", "2")
    assert one[0] == two[0] == 0 and one[1] == two[1]
    assert "B - A, ties (a win shared)" in one[1]


def test_the_command_compares_a_declared_mean_by_welchs_interval(capsys):
    code, out, err = cli(capsys, "antimatter", "-n", "8", "--bot", "heuristic", "--vs", "players=6", "--share",
                         "mean:pauli", "--workers", "1")
    assert code == 0, err
    assert "  pauli per game: mean " in out and out.count("rounds per game: mean") == 2  # A's and B's, once each
    assert "B - A, pauli per game: +" in out and "Welch" in out
    code, out, err = cli(capsys, "antimatter", "-n", "2", "--share", "mean:spins")
    assert code == 2 and "no such mean 'mean:spins': antimatter declares mean:pauli, mean:rounds" in err


@pytest.mark.parametrize("args, words", [
    (["--vs", "players=9"], "option players=9 is out of range 2..4"),
    (["--vs", "players"], "options are written NAME=VALUE"),
    (["--vs-bot", "genius"], "has no bot 'genius'"),
    (["--vs", "players=2"], "leave B the same as A"),
    (["--share", "seat:x"], "no such share"),
    (["--workers", "3"], "invalid choice"),
])
def test_the_command_refuses_a_bad_comparison_in_words(capsys, args, words):
    code, out, err = cli(capsys, "beat-the-logic", "-n", "3", *args)
    assert code == 2 and words in err and "Traceback" not in err and "win rate" not in out


def test_the_balance_report_runs_on_the_study_core_with_two_workers():
    from btlgames.research.balance import decided, report

    table = report(games=1, workers=2)
    assert len(table) == 6 and set(table.variant) == {"school", "full"} and (table.games == 1).all()
    assert "school 2 players, 1 games: " in decided(table)
