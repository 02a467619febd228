"""Beat The Logic in a real Chromium through the kit's Voilà server: player 1 plays a whole
2-player game against the greedy bot by pressing cards on the table, to the score screen, in
Dutch (the source's language; test_projector.py opens the app in Finnish); the strategy lab runs;
and no card's word is ever cut at a projector's size, in any language."""
import re
from pathlib import Path

import pytest
from access import assert_accessible
from playwright.sync_api import expect
from playing import a_move, current_moves, current_targets, language, new_game, press, words
from wording import assert_in_language

from btlgames.beat_the_logic.cards import CARDS
from btlgames.core.i18n import number, speaking
from btlgames.ui.app import game_app
from btlgames.ui.games import beat_the_logic as renderer

pytestmark = pytest.mark.browser

PLAY = "/voila/render/beat-the-logic/play.ipynb?lang=nl"
APP_CSS = Path(game_app.__file__).parent / "static" / "app.css"  # the game app's own styles
# Card words that run past their card's inner edge (the border): a card shows them cut.
CUT_WORDS = """() => [...document.querySelectorAll('.bl-card > span')].filter(word => {
  const card = word.parentElement, style = getComputedStyle(card);
  const inner = card.getBoundingClientRect(), box = word.getBoundingClientRect();
  return word.scrollWidth > word.clientWidth + 0.5
    || box.left < inner.left + parseFloat(style.borderLeftWidth) - 0.5
    || box.right > inner.right - parseFloat(style.borderRightWidth) + 0.5;
}).map(word => word.textContent)"""


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


def test_the_strategy_lab_runs_its_strategies_and_a_simulation(page, open_app):
    """In Finnish (test_access.py opens it in Dutch): the lab's preset (planner against greedy) run,
    then More games and the plot of the interval narrowing; a simulation and the end-game's exact
    count too."""
    open_app(page, "/voila/render/beat-the-logic/strategy-lab.ipynb?lang=fi")
    lab = page.locator(".btl-lab")
    games = lab.locator(".btl-lab-games input")
    games.fill("6")
    games.press("Enter")
    lab.get_by_role("button", name=words(page, "lab.run"), exact=True).click()
    page.wait_for_function("w => document.querySelector('.btl-lab').innerText.includes(w)",
                           arg=words(page, "lab.done", n=6, seconds="|").split("|")[0], timeout=120_000)
    assert words(page, "lab.interval", low="|", high="|").split("|")[0].strip() in lab.inner_text()  # "95 %:n luottamusväli"
    lab.get_by_role("button", name=words(page, "lab.more"), exact=True).click()
    page.wait_for_function("w => document.querySelector('.btl-lab').innerText.includes(w)",
                           arg=words(page, "lab.more_done", n=6, seconds="|", total=12).split("|")[1].strip(),
                           timeout=120_000)  # "The results now hold 12 games."
    assert words(page, "lab.results_of", label="A", n=12) in lab.inner_text()
    lab.get_by_role("button", name=words(page, "lab.plot"), exact=True).click()
    lab.locator("img").wait_for()  # the shares, and the planner's share as games were added
    wait = page.locator(".btl-keep-or-wait")
    assert number(0.469, ".1%", language(page)) in wait.inner_text()  # "46,9 %"
    wait.get_by_role("button", name=words(page, "strategy_lab.wait.simulate")).click()
    page.wait_for_function("w => document.querySelector('.btl-keep-or-wait').innerText.includes(w)",
                           arg=words(page, "strategy_lab.wait.col.simulated").split(" (")[0])
    ending = page.locator(".btl-keep-or-pass")  # the end of a real game, every order of the pile counted
    ending.get_by_role("button", name=words(page, "strategy_lab.pass.count")).click()
    page.wait_for_function("w => document.querySelector('.btl-keep-or-pass').innerText.includes(w)",
                           arg=number(61 / 6, "+.2f", language(page)))  # choice 4's exact value, "+10,17"
    assert_accessible(page, "the strategy lab after a run")
    assert_in_language(page, "the strategy lab (in Finnish) after a run and a simulation")


def test_no_card_cuts_its_word_at_a_projectors_size(page):
    # Every card, in the hand and in a set, with the app's own styles, on one page with no server
    # ("microphone" and "drumstokken" were cut in the hand at 1366x768).
    for lang in ("en", "nl", "fi"):
        with speaking(lang):
            cards = (f'<div class="bl-hand">{"".join(renderer.card(c) for c in CARDS)}</div>'
                     f'<div class="bl-set">{"".join(renderer.card(c, mini=True) for c in CARDS)}</div>')
        page.set_content(f"<style>{APP_CSS.read_text()}</style>{renderer.CSS}"
                         f'<div class="btl-app btl-game-app"><div class="bl-table">{cards}</div></div>')
        for width, height in ((1366, 768), (1920, 1080)):
            page.set_viewport_size({"width": width, "height": height})
            assert page.evaluate(CUT_WORDS) == [], f"cut at {width}x{height} in {lang}"
