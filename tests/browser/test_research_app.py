"""Research Programme in a real Chromium through the kit's Voilà server: a whole school game,
Team 1 by clicks against three heuristic bots, with the teacher's lesson clock running."""
import re

import pytest
from playing import choose_seats, new_game, play_until_over

pytestmark = pytest.mark.browser

SCHOOL = "/voila/render/research-programme/school.ipynb"
PLAY = "/voila/render/research-programme/play.ipynb"
DEBRIEF = "/voila/render/research-programme/debrief.ipynb"
SEED = 7  # any seed plays to the end; this one lasts several rounds with the engine of its day
# Team 1's first sensible move: approve its story, schedule a test (on a project, without a
# method), publish, build, collect data, else stop; any other decision takes its first button.
PREFERENCE = ("Story approved", "Prediction:", "Test with project", "No method", "Journal:", "Preprint",
              "Build ", "Collect data", "Stop")


def first_sensible(texts: list[str]) -> int:
    for start in PREFERENCE:
        for i, text in enumerate(texts):
            if text.startswith(start):
                return i
    return next(i for i, text in enumerate(texts) if not text.startswith("Borrow"))


def test_a_whole_school_game_by_clicks_with_the_lesson_clock(page, open_app):
    open_app(page, SCHOOL)
    clock = page.locator(".lc-clock")
    assert "45 min left" in clock.inner_text() and "Not started" in clock.inner_text()
    page.get_by_role("button", name="Start").click()
    page.wait_for_function("() => document.querySelector('.lc-clock').innerText.includes('Running: started at')")

    choose_seats(page, ["a person", "bot: heuristic", "bot: heuristic", "bot: heuristic"])
    new_game(page, SEED)
    table = page.locator(".btl-table")
    assert "Round 1 of 5" in page.locator(".btl-round").inner_text()
    assert page.locator(".btl-table .rp-hex").count() == 37
    assert "Team 1: choose income" in table.inner_text() and "Team 4" in table.inner_text()

    clicks = play_until_over(page, first_sensible)

    assert table.get_attribute("data-over") == "true" and clicks >= 5
    assert re.search(r"Round [1-5] of 5", page.locator(".btl-round").inner_text())
    summary = page.locator(".btl-summary").inner_text()
    assert re.search(r"Team [1-4].* (wins|share the win)!", summary), summary
    assert "The game ended:" in summary and "total VP" in summary
    assert "The game ends:" in page.locator(".btl-log").inner_text()  # the newest lines
    assert "min left" in clock.inner_text() and "Running: started at" in clock.inner_text()

    # The debrief for this very game: save it from the app, load it into the debrief notebook.
    moves = table.get_attribute("data-moves")
    with page.expect_download() as saved:
        page.locator("a.btl-save").click()
    open_app(page, DEBRIEF)
    assert "No game loaded yet" in page.locator(".btl-app").first.inner_text()
    with page.expect_file_chooser() as chooser:
        page.locator(".btl-debrief-upload").first.click()
    chooser.value.set_files(saved.value.path())
    page.locator(f'.btl-debrief-game[data-seed="{SEED}"][data-moves="{moves}"]').wait_for()
    page.locator("img.btl-chart").first.wait_for()
    debrief = page.locator("body").inner_text()
    assert "Team 1" in debrief and "Team 4" in debrief


def test_the_full_game_opens_with_the_map_and_the_opening_hand(page, open_app):
    open_app(page, PLAY)
    table = page.locator(".btl-table")
    assert page.locator(".btl-table .rp-hex").count() == 37
    assert page.locator(".btl-table .rp-hidden").count() == 18
    words = table.inner_text()
    assert "Round 1 of 8" in words and "Keep one theory and one method" in words
    assert page.locator(".btl-action").first.inner_text().startswith("Keep ")
