"""The generic game app driven in plain Python (the browser tests drive it for real)."""
import base64
import datetime
import json
import re

import pytest

import btlgames
from btlgames.core.saves import dumps
from btlgames.ui import games
from widgetry import move_buttons


def buttons(app):
    return move_buttons(app)


def click(app, text):
    button = next(b for b in buttons(app) if text in b.description)
    button.click()


def saved_text(app) -> str:
    blob = re.search(r"base64,([^\"]+)", app.save_link.value).group(1)
    return base64.b64decode(blob).decode()


def test_new_game_draws_the_table_moves_and_log():
    app = games.app("pentaquark", seed=5)
    assert "btl-app" in app.widget._dom_classes
    assert "Beam" in app.table.value and "Collider" in app.table.value
    assert all("btl-action" in b._dom_classes for b in buttons(app))
    assert "Set-up" in app.log.value
    said = re.sub(r"<[^>]+>", "", app.status.value)
    assert said.startswith("New game.") and not re.search(r"\d", said)  # a student's words: no game number
    assert app.seed_box.value == "5"  # the teacher's: Settings holds the game number, to replay it


def test_the_log_shows_the_newest_event_first():
    app = games.app("pentaquark", seed=5)
    buttons(app)[0].click()
    numbers = [int(n) for n in re.findall(r'btl-log-n">(\d+)\.<', app.log.value)]
    first_item = re.search(r"<li>(.*?)</li>", app.log.value).group(1)
    assert "goes to the Background" in first_item
    assert numbers == sorted(numbers, reverse=True) and numbers[0] == len(app.state.log.to_records(0))


@pytest.mark.slow
def test_log_numbers_are_words_so_three_digits_are_never_cut():
    """The entry numbers are text, not list markers clipped by the list's padding ("139." read as
    "l39." on the projector)."""
    app = games.app("beamtimes", seed=3, seats=["human", "heuristic"])
    while len(app.state.log.to_records(0)) < 120 and not app.state.is_over():
        buttons(app)[0].click()
    assert 'btl-log-n">1' in app.log.value and "list-style: none" in app.widget.children[0].value
    assert "<ol reversed" not in app.log.value and len(re.findall("<li>", app.log.value)) <= 40


def test_cards_carry_letters_not_only_colour():
    app = games.app("pentaquark", seed=5)
    assert re.search(r'aria-label="[^"]*(red|green|blue)', app.table.value)
    assert "<small>R" in app.table.value or "<small>G" in app.table.value or "<small>B" in app.table.value


def test_a_game_can_be_played_to_the_end_by_clicks():
    app = games.app("pentaquark", seed=11)
    for _ in range(500):
        if app.state.is_over():
            break
        buttons(app)[0].click()
    assert app.state.is_over()
    assert "btl-summary" in app.moves.children[0].value


def test_undo_goes_back_one_move():
    app = games.app("pentaquark", seed=5)
    first = app.state.clone()
    buttons(app)[0].click()
    assert app.state != first
    app.undo_button.click()
    assert app.state == first
    app.undo_button.click()
    assert "Nothing to undo" in app.status.value


def test_new_game_with_a_seed_and_a_bad_seed():
    app = games.app("pentaquark", seed=5)
    app.seed_box.value = "77"
    app.new_button.click()
    assert app.state.seed == 77
    for bad in ("abc", "-1", "99999999999"):
        app.seed_box.value = bad
        app.new_button.click()
        assert "whole number" in app.status.value and app.state.seed == 77


def test_save_link_and_resume_round_trip():
    app = games.app("pentaquark", seed=9)
    for _ in range(4):
        buttons(app)[0].click()
    text = saved_text(app)
    other = games.app("pentaquark", seed=1)
    assert other.resume(text)
    assert other.state == app.state and f"{len(app.state.history)} moves replayed" in other.status.value


def test_a_damaged_file_is_refused_and_the_game_kept():
    app = games.app("pentaquark", seed=9)
    buttons(app)[0].click()
    before = app.state.clone()
    assert not app.resume(b"\x00\x01 not json")
    assert "Could not load" in app.status.value and app.state == before
    assert not app.resume(dumps(before)[:-40])
    assert app.state == before


def test_upload_widget_resumes_a_game():
    app = games.app("pentaquark", seed=9)
    buttons(app)[0].click()
    text = dumps(app.state).encode()
    fresh = games.app("pentaquark", seed=2)
    fresh.upload.value = ({"name": "g.json", "type": "application/json", "size": len(text),
                           "content": memoryview(text),
                           "last_modified": datetime.datetime(2026, 1, 1)},)
    assert fresh.state == app.state


def test_a_bot_seat_plays_by_itself():
    app = games.app("pentaquark", seed=3, seats=["heuristic"])
    assert app.state.is_over() and app.moves.children  # the summary


def test_every_event_and_move_has_words():
    """Catalogue completeness: every event kind and move of many games renders in English."""
    from btlgames.core.playing import play_one
    from btlgames.ui.games import pentaquark as renderer

    for seed in range(40):
        state = play_one("pentaquark", seed=seed, bot="heuristic" if seed % 2 else "random")
        for record in state.log.to_records("all"):
            assert "{" not in renderer.event(record)
        assert renderer.summary(state.view(None))
        assert renderer.table(state.view(0))


# -- the seat chooser (games of 2 or more) -----------------------------------------------------
def test_a_solo_game_has_no_seat_chooser():
    app = games.app("pentaquark", seed=3)
    assert app.seat_chooser.widget.children == ()


def test_seats_default_to_one_person_and_bots():
    app = games.app("beamtimes", seed=3)
    assert app.seats == ["human", "solver"] and app.state.players == 2
    assert [box.value for box in app.seat_chooser.widget.children[1:]] == ["human", "solver"]


def test_the_chosen_seats_take_effect_with_new_game():
    app = games.app("beamtimes", seed=3)
    chooser = app.seat_chooser
    chooser.count.value = 3
    assert len(chooser.widget.children) == 4  # the count and three seats
    chooser.boxes[0].value = "random"
    chooser.boxes[2].value = "human"
    assert app.state.players == 2, "nothing changes before New game"
    app.new_game(5)
    assert app.seats == ["random", "solver", "human"] and app.state.players == 3
    assert app.state.current_player() == 2, "the bots before the person have moved"


def test_resuming_a_save_sets_the_seats_to_its_player_count():
    three = btlgames.load("beamtimes", seed=4, players=3)
    app = games.app("beamtimes", seed=3)
    assert app.resume(dumps(three))
    assert app.state.players == 3 and len(app.seats) == 3
    assert app.seat_chooser.count.value == 3


def test_a_resumed_game_is_played_by_the_seats_the_chooser_shows():
    app = games.app("beamtimes", seed=3)
    app.seat_chooser.count.value = 3
    app.seat_chooser.boxes[1].value = "human"  # a teacher sets the seats, then loads the class's save
    app.seat_chooser.boxes[2].value = "random"
    assert app.resume(dumps(btlgames.load("beamtimes", seed=4, players=3)))
    assert app.seats == ["human", "human", "random"]
    assert set(app.bots) == {2}
    assert [box.value for box in app.seat_chooser.widget.children[1:]] == ["human", "human", "random"]


# -- the boundary in the app (issue 10): damaged uploads in a teacher's words ------------------------
def upload(app, content: bytes, name="game.json"):
    app.upload.value = ({"name": name, "type": "application/json", "size": len(content),
                         "content": memoryview(content), "last_modified": datetime.datetime(2026, 1, 1)},)


def status_words(app) -> str:
    """The status line as read, without the folded developers' detail."""
    return re.sub(r"<details.*?</details>", "", app.status.value)


@pytest.mark.parametrize("content, words", [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "it is not text"),
    (b"[" * 100_000, "not readable as a save"),
    (b'{"format": "btlgames-save", "seed": 1e999}', "not readable as a save"),
    (b'{"format": "btlgames-save", "seed": ' + b"9" * 5000 + b"}", "not readable as a save"),
    (b"", "not readable as a save"),
])
def test_a_damaged_upload_says_why_in_plain_words_and_keeps_the_game(content, words):
    app = games.app("beamtimes", seed=9)
    buttons(app)[0].click()
    before = app.state.clone()
    upload(app, content)
    shown = status_words(app)
    assert words in shown and "Could not load that file" in shown and "still here" in shown
    assert "Error" not in shown and "codec" not in shown and "JSON" not in shown  # the detail folds away
    assert "Details for developers" in app.status.value and app.state == before


def test_an_edited_upload_names_the_move():
    app = games.app("beamtimes", seed=9)
    for _ in range(3):
        buttons(app)[0].click()
    data = json.loads(saved_text(app))
    data["history"][0] = {**data["history"][0], "grant": "zz"} if "grant" in data["history"][0] else {"kind": "grant", "grant": "zz"}
    upload(app, json.dumps(data).encode())
    assert "changed after it was saved" in status_words(app)
    del data["check"]  # as an older kit saved: the replay names the move
    upload(app, json.dumps(data).encode())
    assert "Move 1 of" in status_words(app) and "not possible at that point" in status_words(app)


def test_an_upload_of_another_game_is_refused():
    app = games.app("beamtimes", seed=9)
    upload(app, dumps(btlgames.load("pentaquark", seed=1)).encode())
    assert "this is a Pentaquark game" in status_words(app)


def test_a_scripted_game_shows_why_it_has_no_save_link():
    app = games.app("pentaquark", seed=9)
    state = btlgames.load("pentaquark", seed=9)
    state.chance.script("*")  # a queued outcome: the save could not replay it
    state.chance.script(7)
    app._start(state, "")
    assert "cannot be saved" in app.save_link.value and "download" not in app.save_link.value


@pytest.mark.slow
def test_redrawing_the_moves_closes_the_widgets_it_replaces():
    """Found by bench/fuzz_apps.py: each move left ~36 widgets behind (kernel memory without end)."""
    from ipywidgets.widgets.widget import _instances

    app = games.app("beamtimes", seed=3)
    for _ in range(30):
        app.act(app.state.legal_actions()[0])
    before = len(_instances)
    for _ in range(60):
        if app.state.is_over():
            app.new_game(4)
        app.act(app.state.legal_actions()[-1])
    assert len(_instances) < before + 60, "widgets pile up with every move"


def test_the_game_view_survives_a_debrief_and_a_new_game():
    """Found by the app fuzz: the debrief replaced the game view, which was closed with it."""
    from btlgames.ui.games import research

    app = research.app("school", seed=3, players=2)
    app.debrief_button.click()
    assert app.game_view not in app.main.children and app.game_view.comm is not None
    app.show_game()
    assert app.main.children == (app.game_view,) and app.moves.comm is not None
    app.new_game(5)  # draws the game view again
    assert app.table.comm is not None and app.state.seed == 5
