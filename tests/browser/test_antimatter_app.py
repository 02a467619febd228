"""Antimatter Matters in a real Chromium through the kit's Voilà server: a 3-Scientist standard
game, Scientist 1 playing by presses on the board (or the buttons beside it), two heuristic bots,
played to a win."""
import pytest
from access import assert_accessible
from playing import a_move, choose_seats, new_game, press

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
