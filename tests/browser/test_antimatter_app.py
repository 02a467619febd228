"""Antimatter Matters in a real Chromium through the kit's Voilà server: a 3-Scientist standard
game, Scientist 1 playing by presses on the board (or the buttons beside it; the first four by
the keyboard alone), two heuristic bots, played to a win; and a student's first game of two
Scientists following the hints to the end that says what it showed."""
import pytest
from access import assert_accessible, assert_focus_ring
from playing import (a_move, choose_seats, current_moves, dismiss_show, new_game, open_how_to_play,
                     play_by_the_hints, press, press_by_keyboard, show_to_its_end, tab_to, words)

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


FIRST_GAME = 31  # 2 Scientists, hydrogen-1: 13 presses following the hints; a Pauli bounce, a proton, an atom


def _follow(page, note: str, _n: int) -> bool:
    """Press the part of the table the hint marks, or the button its words quote."""
    target, button = page.locator(".btl-table .btl-hinted"), _hinted_button(page)
    marked = target.count() > 0  # counted now: the locator reads the page as it is when asked
    press(page, target.first if marked else button or a_move(page))
    return marked or button is not None


def _first_moment_read(page, n: int) -> None:
    if n == 1:  # its picture and words, as a screen reader meets them
        assert_accessible(page, "Antimatter Matters: a moment of the game over the table")


def _hinted_button(page):
    """The move button the hint's words quote (a move with no part of the table), or None."""
    note = page.locator(".btl-callout").inner_text()
    return next((b for b in current_moves(page).all() if f"“{b.inner_text()}”" in note), None)


def test_a_students_first_game_follows_the_hints_to_its_teaching_end(page, open_app):
    """A student alone, who never read the rulebook: the app opens with its "how to play" (a mat and
    a Pauli bounce drawn as the table draws them), the first game's hints point at the board or quote
    the button, the science moments come large as they happen, and the end says what the game showed,
    with a way to its science."""
    show = open_how_to_play(page, PLAY)
    assert words(page, "antimatter.teach.how.title") in show.inner_text()
    assert page.locator(".btl-show .am-mat .am-slot").count() >= 6  # the picture: the lab's own mat
    shown = show.locator(".btl-show-title, .btl-show-body, .btl-show-nav")  # not the screen reader's copy
    said = " ".join(shown.all_inner_texts())
    page.locator(".btl-show-next").click()  # the two rules of nature
    page.wait_for_function("t => document.querySelector('.btl-show-title')?.innerText !== t",
                           arg=words(page, "antimatter.teach.how.title"))
    said += " " + " ".join(shown.all_inner_texts())
    assert words(page, "antimatter.teach.how.rules_title") in said and page.locator(".btl-show svg circle").count() >= 4
    assert len(said.split()) <= 200  # a screen or less, the buttons' words included
    page.locator(".btl-show-next").click()  # done: the table
    page.wait_for_function("() => !document.querySelector('.btl-show-view.btl-showing')")
    choose_seats(page, ["a person", "bot: heuristic"])
    new_game(page, FIRST_GAME)
    moments, hinted, presses = play_by_the_hints(page, _follow, 60, _first_moment_read)
    end = show_to_its_end(page, moments)  # the last moments, then what the game showed
    assert words(page, "app.what_it_showed") in end.inner_text()
    assert "This game: Pauli bounces 1" in end.inner_text() and "built hydrogen-1" in end.inner_text()
    assert hinted == presses >= 10, (hinted, presses)
    for title in ("pauli", "proton", "atom"):  # the science moments, as they happened
        assert words(page, f"antimatter.teach.moment.{title}_title") in moments, moments
    dismiss_show(page)
    assert page.locator(".btl-ending a[href*='pauli.ipynb']").count() == 1  # the way on: the concept page
    assert page.locator(".btl-hints-toggle").inner_text() == words(page, "app.hints_hidden")  # first game over
