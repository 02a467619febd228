"""Research Programme in a real Chromium through the kit's Voilà server: the 45-minute lesson as
a class plays it (four teams on one projector, moves made on the table, the lesson clock
running, the debrief one click away), and the full game."""
import re

import pytest
from access import assert_accessible, assert_focus_ring
from playing import (a_move, choose_seats, click_and_wait, current_moves, current_targets, dismiss_show, keep_screen,
                     moves, new_game, press, press_by_keyboard, show_to_its_end, tab_to, words)
from wording import assert_in_language

pytestmark = pytest.mark.browser

SCHOOL = "/voila/render/research-programme/school.ipynb"
PLAY = "/voila/render/research-programme/play.ipynb"
DEBRIEF = "/voila/render/research-programme/debrief.ipynb"
SEED = 4  # a game whose keyboard play meets a hex with two labs to build (its choices listed beside it)
TEAMS = ["a person"] * 4
# Which part of the table a team presses first: its test's project, a theory to test, a result to
# publish, a hex to build on, a card of its hand; and which button when nothing on the table is a
# move (income and draw, the teacher's story, stop).
TABLE_ORDER = ("plan:", "theory:", "journal:", "preprint:", "hex:", "card:")
BUTTON_ORDER = ("Story approved", "Income: 1 data", "Income:", "Stop", "No story")
ON_TARGET = "() => document.activeElement.classList.contains('btl-target')"


def press_on_table(page) -> str | None:
    """Press the first sensible move on the table; returns its kind, or None if there is none."""
    targets = current_targets(page)
    keys = [targets.nth(i).get_attribute("data-target") for i in range(targets.count())]
    for start in TABLE_ORDER:
        for i, key in enumerate(keys):
            if key.startswith(start):
                press(page, targets.nth(i))
                return start.rstrip(":")
    return None


def press_a_button(page) -> None:
    buttons = current_moves(page)
    texts = buttons.all_inner_texts()
    for start in BUTTON_ORDER:
        for i, text in enumerate(texts):
            if text.startswith(start):
                return click_and_wait(page, buttons.nth(i))
    click_and_wait(page, buttons.first)


def step_through_the_show(page) -> list[tuple[str, str]]:
    """Next, step by step, to the show's end: each step's kind (from its class) and words."""
    steps = []
    show = page.locator(".btl-show-view.btl-showing .btl-show")
    for _ in range(30):
        kind = next((c.removeprefix("btl-show-") for c in show.get_attribute("class").split()
                     if c.startswith("btl-show-")), "")
        steps.append((kind, show.inner_text()))
        if len(steps) == 2:
            keep_screen(page, "school-results-show")  # a test revealed, large
        count = page.locator(".btl-show-count").inner_text()
        page.locator(".btl-show-next").click()
        if not page.locator(".btl-show-view.btl-showing").count():
            return steps
        page.wait_for_function("c => document.querySelector('.btl-show-count')?.innerText !== c", arg=count)
    raise AssertionError(f"the show never ended: {steps}")


def test_a_school_game_played_on_the_table_then_debriefed_in_one_click(page, open_app):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, SCHOOL)
    clock = page.locator(".lc-clock").first
    assert "45 min left" in clock.inner_text() and "Not started" in clock.inner_text()
    page.get_by_role("button", name="Start").first.click()
    page.wait_for_function("() => document.querySelector('.lc-clock').innerText.includes('Running: started at')")
    choose_seats(page, TEAMS)
    new_game(page, SEED)
    page.get_by_role("button", name="Present").click()
    page.locator(".btl-presenting").wait_for()
    assert "Round 1 of 5" in page.locator(".btl-round").inner_text()
    assert page.locator(".btl-table .rp-hex").count() == 37
    assert_accessible(page, "the school game, presented")
    keep_screen(page, "school-start")

    on_table, by_button, stepped = {}, 0, []
    for press_count in range(200):
        if press_count == 60:
            keep_screen(page, "school-mid-game")
        if page.locator(".btl-table").get_attribute("data-over") == "true":
            break
        assert not page.locator(".btl-pass-screen").count(), "one projector: no pass-the-device screen (K32)"
        showing = page.locator(".btl-show-view.btl-showing .btl-show-count")
        if not stepped and showing.count() and showing.inner_text().strip():  # a show of several steps
            stepped = step_through_the_show(page)  # the first round's results, one at a time, large
        kind = press_on_table(page)
        if kind is None:
            press_a_button(page)
            by_button += 1
        else:
            on_table[kind] = on_table.get(kind, 0) + 1
    else:
        raise AssertionError("the school game did not end within 200 clicks")

    # the end says what the game showed about replication, with its numbers, and leads on
    end = show_to_its_end(page, [])
    assert words(page, "app.what_it_showed") in end.inner_text()
    keep_screen(page, "school-what-it-showed")
    dismiss_show(page)
    assert page.locator(".btl-ending a[href*='replication.ipynb']").count() == 1
    # the round's results were revealed one at a time: every test with its roll, hit or null
    assert len(stepped) >= 4 and all(kind in ("hit", "null", "replication", "bias", "lost") for kind, _ in stepped), stepped
    assert all(words(page, "research_ui.show.test.roll") in text for kind, text in stepped if kind in ("hit", "null"))
    # the moves that belong to the table were made there: tests, theories, results, hexes
    assert {"plan", "theory", "hex"} <= set(on_table), on_table
    assert sum(on_table.values()) >= 20 and by_button < 120, (on_table, by_button)
    summary = page.locator(".btl-summary").inner_text()
    assert re.search(r"Team [1-4].* (wins|share the win)!", summary), summary
    assert_accessible(page, "the school game at its end")
    keep_screen(page, "school-end")
    said = clock.inner_text()  # the game is over: the clock says when it ended, and compares no plan
    assert "min left" in said and "Game over at" in said and "the plan" not in said and "On plan" not in said

    # The debrief of this very game, one click away, one question per screen.
    page.get_by_role("button", name="Open the debrief of this game").click()
    presenter = page.locator(".btl-debrief-presenter")
    presenter.wait_for()
    screens = []
    for _ in range(10):
        screen = page.locator(".btl-debrief-screen")
        screen.wait_for()
        screens.append(int(screen.get_attribute("data-screen")))
        box = presenter.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 768 + 1, box  # on one screen
        assert_accessible(page, f"the debrief presenter, screen {screens[-1]}")  # each its own evidence
        nxt = page.get_by_role("button", name="Next", exact=True)
        if nxt.is_disabled():
            break  # the wrap-up
        assert "Team" in screen.inner_text(), screen.inner_text()  # this game's own teams as evidence
        before = screens[-1]
        nxt.click()
        page.wait_for_function("n => Number(document.querySelector('.btl-debrief-screen').dataset.screen) !== n",
                               arg=before)
    assert screens == list(range(int(page.locator(".btl-debrief-screen").get_attribute("data-of")))), screens
    page.get_by_role("button", name="Back to the game").click()
    page.locator(".btl-summary").wait_for()


def test_keyboard_alone_plays_the_school_game(page, open_app):
    """The lesson's own game by Tab, Shift+Tab, Enter and Space alone: the side panel's moves and the
    table's (a card in the hand, a hex to build on, a theory to test, a project tile whose tests are
    listed beside it), the focus after every press on the part pressed or the next turn's first move
    (never the page), its black-and-amber ring seen on every side, and axe at the story approval."""
    open_app(page, SCHOOL)
    new_game(page, SEED)  # by the mouse: the teacher's set-up
    tab_to(page, f".btl-move-{moves(page)}", "this turn's first move", tries=80)
    on_table, by_button, back_to_table = [], 0, False
    for press_no in range(40):  # 14 presses at least, on until a part pressed has listed its moves
        if press_no >= 14 and back_to_table:
            break
        assert_focus_ring(page, f"the school game, press {press_no + 1}")
        if page.evaluate("() => document.activeElement.textContent.startsWith('Story approved')"):
            assert_accessible(page, "the school game's story approval")
        table_has_moves = current_targets(page).count() > 0
        if press_no % 2 and table_has_moves and not page.evaluate(ON_TARGET):
            tab_to(page, ".btl-table .btl-target", "a move on the table", back=True)  # back from the side panel
            assert_focus_ring(page, f"the school game, a move on the table before press {press_no + 1}")
        before = moves(page)
        pressed = press_by_keyboard(page, "Space" if press_no % 3 == 1 else "Enter")
        if pressed:
            on_table.append(pressed.split(":")[0])
        else:
            by_button += 1
        if pressed and moves(page) == before and not back_to_table:
            # its moves are listed beside it, the focus on the first: Escape closes the list and the
            # keyboard is back on the part pressed, and stays there (press it again: the same list)
            page.keyboard.press("Escape")
            page.wait_for_function("k => !document.querySelector('.btl-choices')"
                                   " && document.activeElement.dataset.target === k", arg=pressed)
            page.keyboard.press("Shift+Tab")
            page.keyboard.press("Tab")
            assert page.evaluate("k => document.activeElement.dataset.target === k", pressed)
            assert press_by_keyboard(page) == pressed and moves(page) == before
            back_to_table = True
    assert by_button >= 4 and len(on_table) >= 4, (by_button, on_table)
    assert {"card", "hex", "theory", "plan"} <= set(on_table), on_table
    assert back_to_table, ("no part pressed listed its moves beside it", on_table)


def test_a_saved_game_opens_in_the_debrief_notebook(page, open_app):
    """The save file remains, for a debrief later or on another computer. In Dutch: the school app
    a few moves on and its debrief (the Finnish ones: test_languages.py)."""
    open_app(page, SCHOOL + "?lang=nl")
    choose_seats(page, ["a person", "bot: heuristic", "bot: heuristic", "bot: heuristic"])
    new_game(page, SEED)
    for _ in range(8):
        press(page, a_move(page))
    played = moves(page)
    assert_accessible(page, "the school app in Dutch, 8 moves on")
    assert_in_language(page, "the school app in Dutch, 8 moves on")
    page.locator(".btl-settings-toggle").click()
    with page.expect_download() as saved:
        page.locator("a.btl-save").click()
    open_app(page, DEBRIEF + "?lang=nl")
    assert words(page, "debrief.no_game") in page.locator(".btl-app").first.inner_text()
    with page.expect_file_chooser() as chooser:
        page.locator(".btl-debrief-upload").first.click()
    chooser.value.set_files(saved.value.path())
    page.locator(f'.btl-debrief-game[data-seed="{SEED}"][data-moves="{played}"]').wait_for()
    page.locator("img.btl-chart").first.wait_for()
    assert words(page, "debrief.seat.team", n=1) in page.locator("body").inner_text()
    assert_accessible(page, "the debrief notebook with a game loaded")
    assert_in_language(page, "the debrief in Dutch")


def test_the_full_game_opens_with_the_map_and_the_opening_hand(page, open_app):
    open_app(page, PLAY + "?lang=fi")  # in Finnish (test_projector.py opens it in Dutch)
    assert page.locator(".btl-table .rp-hex").count() == 37
    assert page.locator(".btl-table .rp-hidden").count() == 18
    shown = page.locator(".btl-headline").inner_text() + page.locator(".btl-table").inner_text()
    assert words(page, "research_ui.round", round=1, rounds=8) in shown
    assert words(page, "research_ui.keep_note") in shown
    keep = words(page, "research.action.keep", theory="", method="").split()[0]  # "Pidä"
    assert page.locator(".btl-action").first.inner_text().startswith(keep)
    assert_accessible(page, "the full game in Finnish")
    assert_in_language(page, "the full game in Finnish")
