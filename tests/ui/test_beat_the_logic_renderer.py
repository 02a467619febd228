"""The Beat The Logic renderer and play app in plain Python: secrets, words, clicks, the end."""
import re

import btlgames
from btlgames.beat_the_logic.cards import CARDS, COLOUR, SYMBOL
from btlgames.beat_the_logic.rules import NEW, Play, Protect, Steal
from btlgames.core.i18n import t
from btlgames.core.playing import play_one
from btlgames.ui.games import beat_the_logic as renderer
from btlgames.ui import games
from widgetry import move_buttons


def S(*cards, angel=None):
    return {"cards": list(cards), "angel": angel}


def test_every_event_renders_for_every_viewer_and_draws_stay_secret():
    kinds = set()
    for players in (2, 3, 4):
        state = play_one("beat-the-logic", players, "random", players=players)
        for viewer in (*range(players), None, "all"):
            for record in state.log.to_records(viewer):
                words = renderer.event(record)
                kinds.add(record["kind"])
                assert words and "{" not in words
        for event in state.log.events:
            if event.kind == "draw":
                secret = renderer.card_words(event.secret["card"])
                assert secret in renderer.event(event.record(event.player))
                assert "You draw" not in renderer.event(event.record(None))
    assert {"setup", "deal", "round", "play", "protect", "steal", "draw", "pass", "last_cards", "end"} <= kinds


def test_the_projector_shows_areas_but_no_hand():
    state = btlgames.load("beat-the-logic", seed=2, players=3)
    hand = renderer.table(state.view(0))
    projector = renderer.table(state.view(None))
    assert t("beat-the-logic.ui.your_hand") in hand and t("beat-the-logic.ui.your_hand") not in projector
    assert 'data-target="hand:' in hand and "data-target" not in projector


def test_a_screen_all_seats_share_shows_each_hand_under_its_area():
    state = btlgames.load("beat-the-logic", seed=2, players=3)
    drawn = renderer.table(state.view("all"))
    assert drawn.count(t("beat-the-logic.ui.whole_hand")) == 3 and t("beat-the-logic.ui.your_hand") not in drawn
    assert t("beat-the-logic.ui.known") not in drawn and "data-target" not in drawn


def test_every_card_names_its_colour_and_symbol():
    for card in CARDS:
        drawn = renderer.card(card)
        assert SYMBOL[COLOUR[card]] in drawn and t(f"beat-the-logic.colour.{COLOUR[card]}") in drawn


def test_every_move_has_a_target_drawn_on_the_table():
    state = btlgames.load("beat-the-logic", seed=1, players=2)
    state.hands = [["angel-purple", "plectrum"], ["cap"]]
    state.areas = [[S("guitarist", "guitar")], [S("drums", "drummer"), S("bass", "bass", angel="angel-green")]]
    state.points = [2, 4]
    for _ in range(2):
        view = state.view(0)
        drawn = renderer.table(view)
        for action in state.legal_actions():
            key = renderer.target(action)
            if key:
                assert f'data-target="{key}"' in drawn, action
        if state.phase == "play":
            state.apply(Protect("angel-purple", 0))
    assert state.phase == "steal"
    drawn = renderer.table(state.view(0))
    assert 'data-target="steal:1:0:drums"' in drawn and "steal:1:1" not in drawn  # never a protected set
    assert renderer.move_words(Steal(1, 0, "drums", NEW), state.view(0)).endswith(
        "(the set's points: 0 → 0, at the end 0 → 1)")


def test_move_words_say_what_the_move_scores():
    state = btlgames.load("beat-the-logic", seed=1, players=2)
    state.hands = [["plectrum"], []]
    state.areas = [[S("plectrum", "plectrum")], []]
    assert renderer.move_words(Play("plectrum", 0), state.view(0)).endswith("(the set's points: 4 → 9)")
    assert renderer.move_words(Play("plectrum", NEW), state.view(0)).endswith(
        "(the set's points: 0 → 0, at the end 0 → 1)")  # K13: a loose card scores only at the end


def test_the_running_score_counts_as_the_source_with_the_end_beside_it():  # K13
    state = btlgames.load("beat-the-logic", seed=1, players=2)
    state.hands = [["guitar", "angel-purple"], []]
    state.areas = [[S("guitarist"), S("plectrum", "plectrum")], [S("cap", "cap", "cap")]]
    state.points = [1 + 4, 9]
    view = state.view(None)
    drawn = renderer.table(view)
    # Erik's lone guitarist "nog geen punten": 0 now, 1 at the end
    assert "Set 1 · 0 points so far, 1 at the end" in drawn and "Set 2 · 4 points" in drawn
    assert "points: 4 so far, 5 at the end" in drawn and "points: 9 ·" in drawn
    assert renderer.move_words(Play("guitar", 0), state.view(0)).endswith(
        "(the set's points: 0 → 0, at the end 1 → 2)")
    state.areas[0][0]["cards"].append("guitar")
    state.points[0] += 1
    drawn = renderer.table(state.view(None))
    assert "Set 1 · unfinished: 0 points so far, 2 at the end" in drawn
    assert renderer.move_words(Protect("angel-purple", 0), state.view(0)).endswith(
        "(the set's points: 0 → -2, at the end 2 → 0)")
    state.phase = "over"  # the game is scored: loose cards count, one number each
    drawn = renderer.table(state.view(None))
    assert "points: 6 ·" in drawn and "Set 1 · unfinished: 2 points" in drawn and "at the end" not in drawn


def test_a_human_plays_a_whole_game_against_a_bot_by_pressing_cards():
    app = games.app("beat-the-logic", seed=12, seats=["human", "planner"])
    presses = 0
    while not app.state.is_over():
        targets = list(app.table.targets)
        if targets:
            app.table.press(targets[0])
            presses += 1
        if app.table.choices or not targets:  # a card with several places, or "steal nothing"
            app.table.choices = {}
            move_buttons(app)[0].click()
    assert presses > 20
    summary = app.moves.children[0].value
    assert re.search(r"wins!|share the win!", summary) and "complete musician sets" in summary
    assert app.state.log.events[-1].kind == "end"


def test_hot_seat_hides_the_hand_until_the_next_player_takes_the_device():
    app = games.app("beat-the-logic", seed=5, seats=["human", "human"])
    assert t("app.i_am", who="Player 1") in app.moves.children[0].description
    assert "data-target" not in app.table.value
    app.moves.children[0].click()
    assert 'data-target="hand:' in app.table.value
