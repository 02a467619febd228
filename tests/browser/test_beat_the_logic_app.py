"""Beat The Logic in a real Chromium through the kit's Voilà server: player 1 plays a whole
2-player game against the greedy bot by pressing cards on the table, to the score screen."""
import re

import pytest
from access import assert_accessible
from playwright.sync_api import expect
from playing import a_move, current_moves, current_targets, new_game, press

pytestmark = pytest.mark.browser

PLAY = "/voila/render/beat-the-logic/play.ipynb"


def test_a_two_player_game_against_the_bot_to_the_score_screen(page, open_app):
    app = open_app(page, PLAY)
    new_game(page, 4)
    assert "Player 1" in page.locator(".btl-headline").inner_text()
    hand = current_targets(page)
    assert hand.count() >= 1 and re.search(r"\((◆|●|■|▲|★) (purple|green|blue|yellow|red)\)",
                                          hand.first.get_attribute("aria-label"))
    table = page.locator(".btl-table")
    for _ in range(120):
        if table.get_attribute("data-over") == "true":
            break
        press(page, a_move(page) if current_targets(page).count() else current_moves(page).first)
    else:
        raise AssertionError("the game did not end")
    summary = page.locator(".btl-summary").inner_text()
    assert re.search(r"wins!|share the win!", summary) and "complete musician sets" in summary
    expect(page.locator(".btl-log")).to_contain_text("All hands are empty")  # drawn after the moves
    assert "Player 2" in app.inner_text()
    assert_accessible(page, "Beat The Logic's score screen")


def test_the_strategy_lab_runs_a_tournament_and_a_simulation(page, open_app):
    open_app(page, "/voila/render/beat-the-logic/strategy-lab.ipynb")
    lab = page.locator(".btl-tournament")
    games = lab.locator(".widget-text input").first
    games.fill("6")
    games.press("Enter")
    lab.get_by_role("button", name="Run").click()
    page.wait_for_function("() => document.querySelector('.btl-tournament').innerText.includes('Done: 6 finished games')",
                           timeout=120_000)
    assert "95 % interval" in lab.inner_text()
    lab.locator("img").wait_for()  # the plot, drawn when the run ended
    wait = page.locator(".btl-keep-or-wait")
    assert "46.9%" in wait.inner_text()
    wait.get_by_role("button", name="Simulate").click()
    page.wait_for_function("() => document.querySelector('.btl-keep-or-wait').innerText.includes('Simulated')")
    assert_accessible(page, "the strategy lab after a run")
