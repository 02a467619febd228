"""Beat The Logic in a real Chromium through the kit's Voilà server: player 1 plays a whole
2-player game against the greedy bot by pressing cards on the table, to the score screen, in
Dutch (the source's language; test_projector.py opens the app in Finnish)."""
import re

import pytest
from access import assert_accessible
from playwright.sync_api import expect
from playing import a_move, current_moves, current_targets, language, new_game, press, words
from wording import assert_in_language

from btlgames.core.i18n import number

pytestmark = pytest.mark.browser

PLAY = "/voila/render/beat-the-logic/play.ipynb?lang=nl"


def test_a_two_player_game_against_the_bot_to_the_score_screen(page, open_app):
    app = open_app(page, PLAY)
    new_game(page, 4)
    assert words(page, "beat-the-logic.ui.player", n=1) in page.locator(".btl-headline").inner_text()
    hand = current_targets(page)
    colours = "|".join(words(page, f"beat-the-logic.colour.{c}") for c in ("purple", "green", "blue", "yellow", "red"))
    assert hand.count() >= 1 and re.search(rf"\((◆|●|■|▲|★) ({colours})\)", hand.first.get_attribute("aria-label"))
    table = page.locator(".btl-table")
    for _ in range(120):
        if table.get_attribute("data-over") == "true":
            break
        press(page, a_move(page) if current_targets(page).count() else current_moves(page).first)
    else:
        raise AssertionError("the game did not end")
    summary = page.locator(".btl-summary").inner_text()
    won = [words(page, key, winners="").strip() for key in ("beat-the-logic.ui.won", "beat-the-logic.ui.shared_win")]
    assert any(w in summary for w in won), (won, summary)
    assert words(page, "beat-the-logic.ui.final", points=0, full=0, equal=0, angels=0).split("·")[1].split(":")[0].strip() in summary
    expect(page.locator(".btl-log")).to_contain_text(words(page, "beat-the-logic.event.end").split(":")[0])  # drawn after the moves
    assert words(page, "beat-the-logic.ui.player", n=2) in app.inner_text()
    assert_accessible(page, "Beat The Logic's score screen")
    assert_in_language(page, "Beat The Logic's score screen (in Dutch)")


def test_the_strategy_lab_runs_a_tournament_and_a_simulation(page, open_app):
    """In Finnish (test_access.py opens it in Dutch): its words after a run and a simulation too."""
    open_app(page, "/voila/render/beat-the-logic/strategy-lab.ipynb?lang=fi")
    lab = page.locator(".btl-tournament")
    games = lab.locator(".widget-text input").first
    games.fill("6")
    games.press("Enter")
    lab.get_by_role("button", name=words(page, "strategy_lab.run")).click()
    page.wait_for_function("w => document.querySelector('.btl-tournament').innerText.includes(w)",
                           arg=words(page, "strategy_lab.tournament.done", total=6), timeout=120_000)
    assert words(page, "strategy_lab.rate", rate="", low="", high="").strip(" ()–") in lab.inner_text()  # "95 % interval"
    lab.locator("img").wait_for()  # the plot, drawn when the run ended
    wait = page.locator(".btl-keep-or-wait")
    assert number(0.469, ".1%", language(page)) in wait.inner_text()  # "46,9 %"
    wait.get_by_role("button", name=words(page, "strategy_lab.wait.simulate")).click()
    page.wait_for_function("w => document.querySelector('.btl-keep-or-wait').innerText.includes(w)",
                           arg=words(page, "strategy_lab.wait.col.simulated").split(" (")[0])
    assert_accessible(page, "the strategy lab after a run")
    assert_in_language(page, "the strategy lab (in Finnish) after a run and a simulation")
