"""Both Pentaquark apps in a real Chromium through the kit's Voilà server."""
import json

import pytest
from access import assert_accessible
from playwright.sync_api import expect
from playing import (a_move, click_and_wait, current_moves, current_targets, dismiss_show, moves, new_game,
                     open_how_to_play, play_by_the_hints, press, rulebook_words, show_to_its_end, words)
from wording import assert_in_language

pytestmark = pytest.mark.browser

PLAY = "/voila/render/pentaquark/play.ipynb"
EXPLORER = "/voila/render/pentaquark/confinement.ipynb"


def test_play_app_draws_the_table_and_answers_clicks(page, open_app):
    open_app(page, PLAY)
    table = page.locator(".btl-table")
    assert "Collider" in table.inner_text() and "Detector" in table.inner_text()
    assert page.locator(".pq-card[aria-label]").count() >= 3  # cards carry words, not just colour
    first = current_targets(page).first  # a collider's card: its moves are made on the table
    card = first.get_attribute("aria-label")  # "s(G) green strange"
    click_and_wait(page, first)
    assert moves(page) == 1
    # the log is drawn after the moves (keyboard focus follows the moves): wait for it, not the buttons
    expect(page.locator(".btl-log")).to_contain_text(f"{card} goes to the Background")
    assert "Kit rule K1" in rulebook_words(page)  # the rules link opens the kit's rulebook


WHOLE_GAME = 3  # a game number whose first moves end with two annihilation cards in the Discard


def test_a_whole_game_by_clicks_then_undo(page, open_app):
    open_app(page, PLAY)
    new_game(page, WHOLE_GAME)
    for _ in range(200):
        if page.locator(".btl-table").get_attribute("data-over") == "true":
            break
        before_last = moves(page)
        press(page, a_move(page))
    assert page.locator(".btl-table").get_attribute("data-over") == "true"
    assert page.locator(".btl-summary").is_visible()
    assert_accessible(page, "Pentaquark at the end of a game")
    # every card's words inside its card, the small ones of the Discard too (an annihilation card's
    # word once ran over its neighbours there)
    spilt = page.evaluate("() => [...document.querySelectorAll('.pq-card')]"
                          ".filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.className + ': ' + e.textContent)")
    annihilations = page.locator(".pq-discard .pq-annihilate, .pq-annihilated .pq-annihilate").count()
    assert spilt == [] and annihilations, (spilt, annihilations)
    # Undo takes back the last click, with the moves that had only one choice after it.
    click_and_wait(page, page.get_by_role("button", name="Undo"))
    assert moves(page) == before_last and (current_moves(page).count() or page.locator(".btl-target").count())


def test_save_and_a_damaged_file_is_refused(page, open_app, tmp_path):
    open_app(page, PLAY)
    press(page, a_move(page))
    page.locator(".btl-settings-toggle").click()
    href = page.locator("a.btl-save").get_attribute("href")
    assert href.startswith("data:application/json;base64,")
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps({"format": "btlgames-save", "format_version": 1}))
    with page.expect_file_chooser() as chooser:
        page.locator(".jupyter-widgets.widget-upload").click()
    chooser.value.set_files(str(damaged))
    page.wait_for_function("() => document.querySelector('.btl-status')?.innerText.includes('Could not load')")
    assert moves(page) == 1  # the game on the table is untouched


def test_confinement_explorer_groups_a_proton(page, open_app):
    open_app(page, EXPLORER + "?lang=fi")  # in Finnish (test_access.py opens it in Dutch)
    page.get_by_role("button", name=words(page, "confinement.preset.proton.label")).click()
    page.wait_for_function("w => document.body.innerText.includes(w)",
                           arg=words(page, "confinement.explorer.all_confined", n=3).split(":")[0])
    page.get_by_role("button", name=words(page, "confinement.preset.annihilate.label")).click()
    page.wait_for_function("w => document.body.innerText.includes(w)",
                           arg=words(page, "confinement.explorer.annihilate_count", pairs=1).strip())  # u(G) and ū(B̄)
    assert_accessible(page, "the confinement explorer")
    assert_in_language(page, "the confinement explorer (in Finnish) with a proton and an annihilation")


def _follow(page, note: str, _n: int) -> bool:
    """Press the part of the table the hint marks (else any move: a turn whose move is a button)."""
    target = page.locator(".btl-table .btl-hinted")
    marked = target.count() > 0  # counted now: the locator reads the page as it is when asked
    press(page, target.first if marked else a_move(page))
    return marked


FIRST_GAME = 6  # a game number: 14 presses, 13 of them on a hinted part, and a moment of the game shown large


def test_a_students_first_game_follows_the_hints_to_its_teaching_end(page, open_app):
    """A student alone, who never read the rulebook: the app opens with its "how to play" (a
    picture of the table), the first game's hints point at the table, the game's science moments
    come large as they happen, and the end says what the game showed, with a way to its science."""
    show = open_how_to_play(page, PLAY)
    assert words(page, "pentaquark.teach.how.title") in show.inner_text()
    assert page.locator(".btl-show .pq-card").count() >= 3  # the picture: the table's own cards
    assert len(show.inner_text().split()) <= 230  # a screen or less (its buttons' words too)
    page.locator(".btl-show-next").click()  # a turn
    page.locator(".btl-show-next").click()  # done: the table
    page.wait_for_function("() => !document.querySelector('.btl-show-view.btl-showing')")
    # the same game every run (the first game's hints stay on for a new game until one ends)
    new_game(page, FIRST_GAME)
    moments, hinted, presses = play_by_the_hints(page, _follow, 150)
    end = show_to_its_end(page, moments)  # the last moments, then what the game showed
    assert words(page, "app.what_it_showed") in end.inner_text()
    assert "This game:" in end.inner_text() and "whole-number charge" in end.inner_text()
    assert hinted >= 10 and any(m in moments for m in (words(page, "pentaquark.teach.moment.confine_title"),
                                                      words(page, "pentaquark.teach.moment.annihilation_title")))
    dismiss_show(page)
    ending = page.locator(".btl-ending")
    assert ending.locator("a[href*='confinement']").count() == 1  # the way on: the concept page
    assert page.locator(".btl-hints-toggle").inner_text() == words(page, "app.hints_hidden")  # first game over
