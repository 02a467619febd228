"""Antimatter Matters in a real Chromium through the kit's Voilà server: a 3-Scientist standard
game, Scientist 1 playing by presses on the board (or the buttons beside it; the first four by
the keyboard alone), two heuristic bots, played to a win."""
import pytest
from access import assert_accessible, assert_focus_ring
from playing import a_move, choose_seats, new_game, press, press_by_keyboard, tab_to

pytestmark = pytest.mark.browser

PLAY = "/voila/render/antimatter-matters/play.ipynb"
SEED = 11  # a short game: a bot wins after about 20 presses of Scientist 1's first moves


def test_a_three_scientist_game_is_played_to_a_win(page, open_app):
    app = open_app(page, PLAY)
    assert "Scientist 1" in page.locator(".btl-headline").inner_text()
    choose_seats(page, ["a person", "bot: heuristic", "bot: heuristic"])
    new_game(page, SEED)
    table = page.locator(".btl-table")
    assert table.locator('[data-target="space:C"]').count() == 1  # the board is drawn
    # Scientist 1's first moves by the keyboard alone: Tab reaches a space on the board (an SVG
    # picture's part), Enter or Space presses it, and after each press the focus is on the space
    # pressed or the next turn's first move, with the black-and-amber ring around it
    tab_to(page, ".btl-table svg .btl-target", "a space on the board")
    pressed = []
    for key in ("Enter", "Space", "Enter", "Space"):
        assert_focus_ring(page, f"Antimatter Matters, keyboard press {len(pressed) + 1}")
        pressed.append(press_by_keyboard(page, key))
    assert pressed[0].startswith("space:"), pressed
    moved_on_board = False
    for _ in range(300):
        if table.get_attribute("data-over") == "true":
            break
        move = a_move(page)
        moved_on_board |= (move.get_attribute("data-target") or "").startswith("space:")
        press(page, move)
    else:
        raise AssertionError("no winner after 300 presses")
    assert moved_on_board
    assert " won!" in app.inner_text()
    assert "An atom was brought to the Center complete." in app.inner_text()
    assert_accessible(page, "Antimatter Matters at the end of a game")
