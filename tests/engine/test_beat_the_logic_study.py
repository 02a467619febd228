"""The strategy lab's models: studies between bots (on core.study), waiting for a card, counting cards."""
from collections import Counter

import pytest

import btlgames
from btlgames.beat_the_logic.cards import in_play, is_angel
from btlgames.beat_the_logic.odds import Wait, at_least, counted, draws_left, passed_on, waits_for
from btlgames.core.playing import make_bot
from btlgames.core.study import Config, by_lineup, run
from btlgames.science.intervals import wilson


def test_a_study_read_by_lineup_seat_follows_each_bot_round_the_table():
    config = Config.make("beat-the-logic", ["greedy", "random", "random"], rotate=True, players=3)
    study = run(config, 6, seed=3)
    seats = by_lineup(study)
    assert len(seats) == 6 and seats["won_0"].all()  # greedy wins alone whichever seat it has
    assert not seats[["won_1", "won_2"]].to_numpy().any()
    for (_, game), (_, mine) in zip(study.games.iterrows(), seats.iterrows()):
        greedy = [s for s in range(3) if game[f"bot_{s}"] == "greedy"]
        assert greedy == [config.seat_of(0, game["seed"])] and mine["score_0"] == game[f"score_{greedy[0]}"]


def test_waiting_for_a_card_exactly_and_by_simulation():
    assert Wait(unseen=4, copies=1, look=2).chance() == pytest.approx(0.5)  # 1 - C(3,2)/C(4,2)
    assert Wait(unseen=10, copies=0, look=5).chance() == 0
    assert Wait(unseen=10, copies=2, look=10).chance() == 1
    model = Wait(unseen=30, copies=2, look=8, gain=10, sure=5)
    hits = model.simulate(4000, seed=1)
    low, high = wilson(hits, 4000)
    assert low <= model.chance() <= high
    assert model.expected_wait() == pytest.approx(10 * model.chance())
    with pytest.raises(ValueError):
        Wait(unseen=5, copies=6).chance()


def test_luck_alone_wins_six_of_ten_more_than_a_third_of_the_time():
    assert at_least(6, 10, 0.5) == pytest.approx(386 / 1024)
    assert at_least(0, 10, 0.3) == pytest.approx(1)


def test_counting_cards_accounts_for_every_card_in_play():
    state = btlgames.load("beat-the-logic", seed=4, players=3)
    bots = {p: make_bot("beat-the-logic", "greedy", p) for p in range(3)}
    while state.round < 5 or state.current_player() != 0:
        state.apply(bots[state.current_player()].choose(state.view(state.current_player()), state.legal_actions()))
    view, records = state.view(0), state.log.to_records(0)
    rows = counted(view)
    for card, r in rows.items():
        assert r["face_up"] + r["hand"] + r["known"] + r["unknown"] == r["in_play"] == in_play(3)[card]
        assert r["unknown"] >= 0
    known = Counter({c: r["known"] for c, r in rows.items() if r["known"]})
    assert known and not known - Counter(state.hands[1] + state.hands[2]), "what seat 1 knows is in those hands"
    for p in passed_on(records, view):
        assert p.to == 1 and p.laid in p.cards


def test_a_neighbour_lays_from_the_hand_passed_and_brings_in_only_stolen_cards():
    """What the lab's "What a hand tells you" (and the worksheet's question 4) rests on: in a
    3-player game, every card player 2 laid came from the hand player 1 passed (their draw went on
    with the hand they passed), and a card from elsewhere reached their area only by a steal from a
    set without an angel (K10)."""
    stolen = 0
    for seed in range(6):
        state = btlgames.load("beat-the-logic", seed=seed, players=3)
        bots = {p: make_bot("beat-the-logic", "greedy", seed * 31 + p) for p in range(3)}
        while not state.is_over():
            player = state.current_player()
            if player == 0 and state.phase == "play":
                view, records = state.view(0), state.log.to_records(0)
                for p in passed_on(records, view):
                    assert p.laid in p.cards
                    if p.stolen:
                        assert is_angel(p.laid) and p.victim != p.to
                        stolen += 1
            state.apply(bots[player].choose(state.view(player), state.legal_actions()))
    assert stolen, "greedy bots steal after every angel: some steals are seen"


@pytest.mark.slow
def test_the_cli_reports_win_rates_with_intervals():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "btlgames", "simulate", "beat-the-logic", "-n", "12",
                             "--bot", "greedy,random", "--option", "players=2", "--quiet"],
                            capture_output=True, text=True, check=True)
    assert "seat 0: win rate 100.0% (won 12 of 12; 95% interval 75.8% to 100.0%)" in result.stdout
    assert "± 0.0%" not in result.stdout


def test_a_set_of_two_waits_for_one_card():
    assert waits_for(["guitarist", "plectrum"]) == "guitar"
    assert waits_for(["cap", "cap"]) == "cap"
    assert waits_for(["drums"]) is None and waits_for(["bass", "bassist", "cap"]) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_draws_left_are_the_draws_a_player_still_makes(players):  # K4, K12
    state = btlgames.load("beat-the-logic", players=players, seed=5)
    bot = make_bot("beat-the-logic", "random", 5)
    promised = []  # (seat, draws left as the seat lays a card, draw events before it)
    while not state.is_over():
        view = state.view(state.current_player())
        if view["phase"] == "play":
            turn = (view["player"] - view["start"]) % players
            drawn = sum(e.kind == "draw" and e.player == view["player"] for e in state.log.events)
            promised.append((view["player"], draws_left(players, view["deck"], turn, view["drawing"]), drawn))
        state.apply(bot.choose(view, state.legal_actions()))
    total = Counter(e.player for e in state.log.events if e.kind == "draw")
    for seat, left, drawn in promised:
        assert left == total[seat] - drawn
