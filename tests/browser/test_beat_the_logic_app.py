"""Beat The Logic in a real Chromium through the kit's Voilà server: a student's first 2-player
game against the bot, in Dutch (the source's language; test_projector.py opens the app in
Finnish), from its "how to play" by the hints on the table, its moments shown large, to its
teaching end and the score screen; the strategy lab runs; and no card's word is ever cut at a
projector's size, in any language."""
import re
from pathlib import Path

import pytest
from access import assert_accessible
from playwright.sync_api import expect
from playing import (click_and_wait, current_moves, current_targets, dismiss_show, keep_screen, language, moves,
                     new_game, open_how_to_play, play_by_the_hints, press, show_to_its_end, words)
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


FIRST_GAME = 4  # a game number: 33 presses, every one on a hinted part, two moments of the game shown large


def _seen(show) -> str:
    """A show's words as the screen shows them (not the screen reader's copy of them)."""
    return show.evaluate("e => { const c = e.cloneNode(true); c.querySelectorAll('.btl-sr-only')"
                         ".forEach(n => n.remove()); document.body.append(c); const t = c.innerText;"
                         " c.remove(); return t; }")


def _into(page, text: str) -> str | None:
    """Where a move's words put the card ("bij je set 2", "als nieuwe set"): the longest such words
    in ``text`` (set 12's contain set 1's)."""
    phrases = [words(page, "beat-the-logic.into_new")] + [words(page, "beat-the-logic.into_set", n=n)
                                                          for n in range(1, 25)]
    found = [phrase for phrase in phrases if phrase in text]
    return max(found, key=len) if found else None


def _follow_the_hint(page, note: str, n: int) -> bool:
    """The part of the table the hint marks, else the button it names (steal nothing)."""
    if n in (1, 12):
        keep_screen(page, f"btl-hint-{n}")
    if page.locator(".btl-table .btl-hinted").count():
        _follow(page, note)
        return True
    press(page, current_moves(page).filter(has_text=words(page, "beat-the-logic.action.no_steal")).first)
    return False


def _a_moment_shows_its_set(page, n: int) -> None:
    assert page.locator(".btl-show .btl-big .bl-card").count() >= 2  # the set's cards
    keep_screen(page, f"btl-moment-{n}")


def _follow(page, hint: str) -> None:
    """Press the part of the table the hint marks; where that card has several places, the one the
    hint names."""
    target = page.locator(".btl-table .btl-hinted").first
    before = moves(page)
    target.click()
    page.wait_for_function(
        "n => Number(document.querySelector('.btl-table').dataset.moves) !== n"
        " || !!document.querySelector('.btl-choices .btl-choice')", arg=before)
    if moves(page) != before:
        page.locator(f".btl-move-{moves(page)}").first.wait_for(state="attached")
        return
    choices = page.locator(".btl-choices .btl-choice")
    named = [i for i, text in enumerate(choices.all_inner_texts()) if _into(page, text) == _into(page, hint)]
    assert len(named) == 1, (hint, choices.all_inner_texts())
    click_and_wait(page, choices.nth(named[0]))


def test_a_students_first_game_follows_the_hints_to_its_teaching_end(page, open_app):
    """A student alone who never read the rulebook, in Dutch (the source's language; test_projector.py
    opens the app in Finnish), against the bot: the app opens with its "how to play" (a picture of
    the table), every turn of the first game has a hint that points at the table, the game's moments
    come large as they happen, and the end says what the game showed about chance, with a way on to
    the strategy lab; then the score screen."""
    show = open_how_to_play(page, PLAY)
    assert words(page, "beat-the-logic.teach.how.title") in show.inner_text()
    assert page.locator(".btl-show .bl-card").count() >= 9  # the picture: the table's own cards
    shown = [_seen(show)]
    keep_screen(page, "btl-how-to-play")
    page.locator(".btl-show-next").click()  # angels, loose cards and the odds
    page.wait_for_function("t => document.querySelector('.btl-show-title')?.innerText === t",
                           arg=words(page, "beat-the-logic.teach.how.angels_title"))
    shown.append(_seen(show))
    assert len(" ".join(shown).split()) <= 200  # a screen or less: both steps, their pictures and buttons
    page.locator(".btl-show-next").click()  # done: the table
    page.wait_for_function("() => !document.querySelector('.btl-show-view.btl-showing')")
    new_game(page, FIRST_GAME)  # the same game every run (the first game's hints stay on until one ends)
    assert words(page, "beat-the-logic.ui.player", n=1) in page.locator(".btl-headline").inner_text()
    hand = current_targets(page)
    colours = "|".join(words(page, f"beat-the-logic.colour.{c}") for c in ("purple", "green", "blue", "yellow", "red"))
    assert hand.count() >= 1 and re.search(rf"\((◆|●|■|▲|★) ({colours})\)", hand.first.get_attribute("aria-label"))
    moments, hinted, presses = play_by_the_hints(page, _follow_the_hint, 80, _a_moment_shows_its_set)
    end = show_to_its_end(page, moments)  # the last moments, then what the game showed
    keep_screen(page, "btl-end")
    assert words(page, "app.what_it_showed") in end.inner_text()
    assert words(page, "beat-the-logic.teach.end.science") in end.inner_text()
    assert hinted == presses >= 25 and words(page, "beat-the-logic.teach.moment.complete_title") in moments
    dismiss_show(page)
    assert page.locator(".btl-ending a[href*='strategy-lab']").count() == 1  # the way on: the concept page
    assert page.locator(".btl-hints-toggle").inner_text() == words(page, "app.hints_hidden")  # first game over
    summary = page.locator(".btl-summary").inner_text()
    won = [words(page, key, winners="").strip() for key in ("beat-the-logic.ui.won", "beat-the-logic.ui.shared_win")]
    assert any(w in summary for w in won), (won, summary)
    assert words(page, "beat-the-logic.ui.final", points=0, full=0, equal=0, angels=0).split("·")[1].split(":")[0].strip() in summary
    expect(page.locator(".btl-log")).to_contain_text(words(page, "beat-the-logic.event.end").split(":")[0])  # drawn after the moves
    assert words(page, "beat-the-logic.ui.player", n=2) in page.locator(".btl-app").first.inner_text()
    assert_accessible(page, "Beat The Logic's score screen and ending")
    assert_in_language(page, "Beat The Logic's score screen and ending (in Dutch)")


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
