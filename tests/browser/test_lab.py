"""The rule-and-strategy lab in a real Chromium through the kit's Voilà server: an A/B study with
its difference, a long run stopped with Stop, and the CSV download; a notebook's preset comparing a
mean the game declares, in Dutch."""
import re

import pytest
from access import assert_accessible
from playwright.sync_api import expect
from playing import words
from wording import assert_in_language

pytestmark = pytest.mark.browser

LAB = "/voila/render/lab/lab.ipynb"


def type_into(box, value) -> None:
    field = box.locator("input")
    field.fill(str(value))
    field.press("Enter")


def wait_for_text(page, words: str, timeout: int = 120_000) -> None:
    page.wait_for_function("words => document.querySelector('.btl-lab').innerText.includes(words)", arg=words,
                           timeout=timeout)


def test_an_ab_study_then_a_stopped_one_then_the_csv(page, open_app):
    lab = open_app(page, LAB)
    assert "Press Run to play the games" in lab.inner_text()
    lab.locator(".btl-lab-compare input").check()
    type_into(lab.locator(".btl-lab-b .btl-option-annihilate_cards"), 0)
    type_into(lab.locator(".btl-lab-games"), 8)
    lab.get_by_role("button", name="Run").click()
    wait_for_text(page, "Done: 16 games")
    text = lab.inner_text()
    assert "B's share of games won" in text and "95 % interval of the difference" in text
    assert re.search(r"more than chance|these games cannot tell", text)
    assert "A: 8 games" in text and "B: 8 games" in text and "How the games were decided" in text

    with page.expect_download() as download:
        lab.locator("a.btl-download").click()
    csv = download.value
    assert csv.suggested_filename == "lab-pentaquark-16-games.csv"
    lines = open(csv.path(), encoding="utf-8").read().splitlines()
    assert len(lines) == 17 and lines[0].startswith("game,seed,bot_0")

    lab.locator(".btl-lab-a .btl-seat-1 select").select_option(label="random (any legal move)")  # fast games: the bar moves at once
    type_into(lab.locator(".btl-lab-games"), 20000)  # a long run: 40000 games
    lab.get_by_role("button", name="Run").click()
    page.wait_for_function("() => /[1-9][0-9]{2,} of 40000 games/.test(document.querySelector('.btl-lab').innerText)",
                           timeout=120_000)  # 100 games or more played: the first chunks have finished
    stop = lab.get_by_role("button", name="Stop")
    assert stop.is_enabled() and lab.get_by_role("button", name="Run").is_disabled()
    stop.click()
    wait_for_text(page, "Stopped: ", timeout=60_000)
    stopped = lab.inner_text()
    k = int(re.search(r"Stopped: the results hold the first (\d+) of the 40000 games", stopped).group(1))
    assert 0 < k < 40000 and f"A: {k} games" in stopped  # A was stopped, so B never ran
    assert lab.get_by_role("button", name="Run").is_enabled() and stop.is_disabled()


def test_b_ticked_is_a_copy_of_a_with_its_seats_and_says_what_it_changes(page, open_app):
    """In Finnish, Beat The Logic: A's seat 2 changed first, then B ticked: B's seat 2 is the same
    bot and the page says B is a copy; one change in B (3 players), and the page names it."""
    lab = open_app(page, f"{LAB}?lang=fi")
    lab.get_by_role("combobox", name=words(page, "lab.game_label")).select_option(label=words(page, "lab.game.beat-the-logic"))
    a_seat = lab.locator(".btl-lab-a .btl-seat-2 select")
    a_seat.select_option(label=words(page, "lab.bot.beat-the-logic.planner"))
    lab.locator(".btl-lab-compare input").check()
    said = lambda text: page.wait_for_function(  # noqa: E731
        "w => document.querySelector('.btl-lab-differs-words')?.innerText.includes(w)", arg=text)
    said(words(page, "lab.b_copied"))
    planner = words(page, "lab.bot.beat-the-logic.planner")
    assert a_seat.input_value() == planner
    expect(lab.locator(".btl-lab-b .btl-seat-2 select")).to_have_value(planner)  # B's panel drawn anew
    type_into(lab.locator(".btl-lab-b .btl-option-players"), 3)
    said(words(page, "lab.b_changes", changes="").split(":")[0])
    assert "2 → 3" in lab.locator(".btl-lab-differs-words").inner_text()
    assert_in_language(page, "the lab's B in Finnish")


def test_the_pauli_notebooks_preset_compares_a_mean_in_dutch(page, open_app):
    """The crowding study of the Pauli notebook: 2 against 6 Scientists, Pauli moves back per game
    as means with intervals; its results and plot in Dutch, with no English left."""
    open_app(page, "/voila/render/antimatter-matters/pauli.ipynb?lang=nl")
    lab = page.locator(".btl-lab")
    type_into(lab.locator(".btl-lab-games"), 20)
    lab.get_by_role("button", name=words(page, "lab.run"), exact=True).click()
    page.wait_for_function("w => document.querySelector('.btl-lab').innerText.includes(w)",
                           arg=words(page, "lab.done", n=40, seconds="|").split("|")[0], timeout=120_000)
    text = lab.inner_text()
    assert words(page, "lab.means_title") in text and words(page, "lab.quantity.antimatter.pauli") in text
    assert words(page, "lab.verdict_mean.higher", what="|", diff="", b="", a="", low="", high="").split("|")[0] in text
    lab.get_by_role("button", name=words(page, "lab.plot"), exact=True).click()
    lab.locator("img").wait_for()
    assert_accessible(page, "the Pauli notebook's crowding study after a run and its plot")
    assert_in_language(page, "the Pauli notebook's crowding study (in Dutch) after a run")
