"""Access for every student: axe-core on the concept notebooks and the lesson pages (every one, in
every language), and the game app with the keyboard alone (a focus ring seen from the back of the
room, the focus kept on a move after every press) and a screen reader (live regions that say what
happened and whose turn it is). axe-core runs on the other pages in the tests that already have
them open. The apps here are opened in Finnish or Dutch, and show no English words (wording.py)
as well."""
from pathlib import Path

import pytest
from access import assert_accessible, assert_focus_ring, failures, keep_axe, ring_on_every_stop
from playing import SHOWING, current_moves, current_targets, moves, new_game, press_by_keyboard, tab_to, words
from wording import assert_in_language

from btlgames.core.i18n import DEFAULT_LANGUAGE, available_languages

pytestmark = pytest.mark.browser

PENTAQUARK = "/voila/render/pentaquark/play.ipynb?lang=nl"
# a game whose collider phase ends by a button before the game ends (a game number: its deal)
KEYBOARD_GAME = 3
FOCUSED = "() => { const e = document.activeElement; return e ? e.className.baseVal ?? e.className : ''; }"
RING = """() => { const s = getComputedStyle(document.activeElement);
  return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor, s.boxShadow]; }"""


# Every concept notebook and the lab in both languages, each page opened once: axe and no English
# left. Opened by other tests: replication in Finnish (test_languages.py), the confinement explorer
# in Finnish (test_pentaquark_apps.py) and in Dutch (test_launcher.py, from the launcher's link),
# the strategy lab in Finnish, played (test_beat_the_logic_app.py); the lab is played in English
# (test_lab.py).
@pytest.mark.parametrize("notebook", [
    "beamtimes-and-lifetimes/detector-ranges.ipynb?lang=nl", "beamtimes-and-lifetimes/detector-ranges.ipynb?lang=fi",
    "antimatter-matters/pauli.ipynb?lang=fi", "antimatter-matters/pauli.ipynb?lang=nl",
    "research-programme/replication.ipynb?lang=nl", "beat-the-logic/strategy-lab.ipynb?lang=nl",
    "lab/lab.ipynb?lang=fi", "lab/lab.ipynb?lang=nl"])
def test_concept_notebooks_pass_axe(page, open_app, notebook):
    open_app(page, f"/voila/render/{notebook}")
    page.wait_for_load_state("networkidle")  # every section's widgets drawn
    assert_accessible(page, notebook)
    assert_in_language(page, notebook)


LESSONS = Path(__file__).parents[2] / "lessons"


def lesson_pages() -> list[tuple[str, str]]:
    """(URL, language) of every page the lesson packs make: the packs' list, each pack's index (its
    README, else its files), every English page, and every translated page in its language (a
    translated folder without a README lists its files). Each URL names its language: a page
    opened without one is sent on to the language last chosen (the btl-lang cookie)."""
    pages = [(f"/lessons/?lang={DEFAULT_LANGUAGE}", DEFAULT_LANGUAGE)]
    for game in sorted(p.name for p in LESSONS.iterdir() if p.is_dir()):
        for lang in available_languages():
            folder = LESSONS / game if lang == DEFAULT_LANGUAGE else LESSONS / game / lang
            if not folder.is_dir():
                continue
            base = f"/lessons/{game}/" + ("" if lang == DEFAULT_LANGUAGE else f"{lang}/")
            pages += [(f"{base}{name}?lang={lang}", lang) for name in
                      ["", *sorted(md.name for md in folder.glob("*.md") if md.name != "README.md")]]
    return pages


def test_every_lesson_page_and_the_error_pages_pass_axe_in_every_language(page):
    """Every lesson page (its language chooser and crumbs too: one template, many Markdown shapes:
    worksheets' writing tables and lines, card sheets, answer keys) and the kit's error pages, in
    turn on one page: 87 lesson pages and 6 error pages, about 38 s on a 2-core machine loaded by
    other work (pytest --durations); axe's colour-contrast rule takes most of it."""
    keep_axe(page)
    pages = lesson_pages()
    assert len(pages) > 80  # 5 packs, each in 3 languages
    errors = [(f"{path}?lang={lang}", lang) for lang in available_languages()
              for path in ("/no/such/page", "/lessons/pentaquark/no-such-page.md")]
    found = []
    for url, lang in pages + errors:
        reply = page.goto(url)
        assert reply.status == (404 if (url, lang) in errors else 200), url
        assert page.evaluate("document.documentElement.lang") == lang, url
        found.append(failures(page, url))
    assert not any(found), "\n".join(filter(None, found))


def test_every_link_of_the_launcher_and_a_lesson_page_shows_the_apps_ring(page):
    """The kit's own pages draw the keyboard's place with the apps' ring (static/focus.css): the
    skip link, the language chooser, the launcher's buttons (some filled with the link's colour)
    and a lesson pack's crumbs and files, in Finnish."""
    for url in ("/?lang=fi", "/lessons/research-programme/fi/?lang=fi"):
        assert page.goto(url).status == 200, url
        checked = ring_on_every_stop(page, url, stops=200)
        assert checked.get("a", 0) >= 8, (url, checked)


def wait_for_move(page, before: int) -> None:
    """Wait until the move is drawn whole: the table comes first and the log after it, so a test
    that tabbed to the log once the table alone had changed held the log the redraw then replaced
    (the app's focus guard rightly took the focus back to the table). The save link is drawn last
    and names the move it saves."""
    page.wait_for_function("""n => {
        const moves = Number(document.querySelector('.btl-table').dataset.moves);
        const save = document.querySelector('.btl-save');
        return moves > n && save && save.getAttribute('download').endsWith(`-move${moves}.json`);
    }""", arg=before)


def test_the_keyboard_alone_keeps_its_place_and_shows_it(page, open_app):
    open_app(page, PENTAQUARK)
    new_game(page, KEYBOARD_GAME)
    live = page.locator(".btl-side .btl-sr-only")
    assert (live.get_attribute("role"), live.get_attribute("aria-live")) == ("status", "polite")
    assert page.locator(".btl-side .btl-live").count() == 2  # the announcer and the status line
    first_words = live.inner_text()
    assert first_words  # what the set-up did and whose turn it is
    # Tab reaches a card on the table; its ring is thick, black with an amber band
    tab_to(page, ".btl-target", "a move on the table")
    style, width, colour, shadow = page.evaluate(RING)
    assert style == "solid" and width >= 4 and colour == "rgb(0, 0, 0)" and "255, 191, 0" in shadow, (style, width, colour, shadow)
    assert_focus_ring(page, "a card on Pentaquark's table")  # and seen on the screen, on every side
    card = current_targets(page).first.get_attribute("aria-label")
    before = moves(page)
    press_by_keyboard(page)  # the focus on the next move on the table (a moment's show: its Next, then closed)
    wait_for_move(page, before)
    # the screen reader hears what happened (the card placed) and whose turn it is now
    placed = words(page, "pentaquark.event.place", card=card, area="").rstrip(". ")  # "{card} gaat naar de"
    page.wait_for_function("w => document.querySelector('.btl-sr-only').innerText.includes(w)", arg=placed)
    assert first_words not in live.inner_text()  # only the news, not the whole log again
    # Placing cards is done on the table alone (no buttons beside it): on by the keyboard to a turn
    # with a move that is only a button (ending the collider phase), then Tab on to it
    for _ in range(60):
        if current_moves(page).count():
            break
        if page.locator(SHOWING).count():  # a moment of the game, large: Escape closes it
            page.keyboard.press("Escape")
            page.wait_for_function(f"() => !document.querySelector('{SHOWING}')")
        tab_to(page, ".btl-target", "a move on the table", tries=60)
        press_by_keyboard(page)
    tab_to(page, f".btl-action.btl-move-{moves(page)}", "a move button", tries=60)
    style, width, colour, _ = page.evaluate(RING)  # a button's ring is the table's
    assert style == "solid" and width >= 4 and colour == "rgb(0, 0, 0)"
    assert_focus_ring(page, "a move button of Pentaquark's side panel")
    # a move button pressed: the focus goes to the next turn's first move, never to the page
    before = moves(page)
    press_by_keyboard(page)
    wait_for_move(page, before)
    # the log scrolls and is reachable: the keyboard can scroll it too, its ring inside its edge
    log = page.locator(".btl-log")
    assert (log.get_attribute("tabindex"), log.get_attribute("role"), log.get_attribute("aria-label")) == \
        ("0", "region", words(page, "app.log"))
    tab_to(page, ".btl-log", "the log", tries=60)
    assert_focus_ring(page, "the log")
    assert_accessible(page, "Pentaquark (in Dutch) a few moves on")
    assert_in_language(page, "Pentaquark (in Dutch) a few moves on")


# Every control a student tabs to on a concept notebook page and the lab, in turn, with its ring
# checked on the screen (access.ring_on_every_stop): one rule gives it everywhere
# (static/focus.css), and no box around a control cuts it off (a slider's, a field's, a row's, the
# app's, the notebook's output area).
@pytest.mark.parametrize(("notebook", "kinds"), [
    # the range explorer, its practice deal and the mass window: dropdowns, checkboxes, a field,
    # number boxes, buttons and a folded table's title
    ("beamtimes-and-lifetimes/detector-ranges.ipynb",
     {"select", "input:checkbox", "input:text", "input:number", "button", "summary"}),
    # sliders (their handles and readouts, a slider of named steps among them) and dropdowns
    ("research-programme/replication.ipynb?lang=fi", {"slider", "readout", "select", "input:number", "button"})])
def test_every_control_of_a_concept_notebook_shows_its_ring(page, open_app, notebook, kinds):
    open_app(page, f"/voila/render/{notebook}")
    page.wait_for_load_state("networkidle")  # every section's widgets drawn
    checked = ring_on_every_stop(page, notebook)
    assert kinds <= set(checked), checked


def test_every_control_of_the_lab_shows_its_ring_and_so_does_the_csv_link(page, open_app):
    """The lab with B beside A, after a short run: its results' dropdown, the plot's button and
    the CSV download link join the game, option and seat controls."""
    lab = open_app(page, "/voila/render/lab/lab.ipynb?lang=nl")
    lab.locator(".btl-lab-compare input").check()
    for box, value in ((".btl-lab-b .btl-option-annihilate_cards", 0), (".btl-lab-games", 4)):
        field = lab.locator(box).locator("input")
        field.fill(str(value))
        field.press("Enter")
    lab.get_by_role("button", name=words(page, "lab.run")).click()
    page.locator("a.btl-download").wait_for(timeout=120_000)
    checked = ring_on_every_stop(page, "the lab")
    assert {"select", "input:checkbox", "input:number", "button", "a"} <= set(checked), checked


def test_every_control_of_the_school_game_shows_its_ring_on_a_projector(page, open_app):
    """The lesson's game at 1366×768 in Dutch, its settings open, then its debrief: the ring whole
    on the toolbar's last tool at the screen's right edge, the Save link above the table, the
    table's right column (a region that scrolls: its ring inside its edge, not painted over by its
    areas) and the debrief's buttons at the screen's foot."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, "/voila/render/research-programme/school.ipynb?lang=nl")
    page.locator(".btl-settings-toggle").click()
    page.locator(".btl-save").wait_for()
    checked = ring_on_every_stop(page, "the school game")
    assert {"a", "button", "select", "div"} <= set(checked), checked  # the right column is a div
    page.locator(".btl-debrief-open").click()
    page.locator(".btl-present-step").first.wait_for()
    checked = ring_on_every_stop(page, "the school game's debrief")
    assert checked["button"] >= 3, checked  # the clock's, the presenter's and the way back


def test_a_link_that_starts_a_line_of_the_words_shows_its_whole_ring(page, open_app):
    """Beat The Logic's page in Finnish at 1366×768: its words' rulebook link starts a line, at the
    left edge of the output area that holds them (which clips), then the app's controls."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, "/voila/render/beat-the-logic/play.ipynb?lang=fi")
    link = page.locator(".jp-RenderedMarkdown p a").first
    words_left = page.evaluate("() => document.querySelector('.jp-RenderedMarkdown p').getBoundingClientRect().left")
    assert abs(link.bounding_box()["x"] - words_left) < 1  # the link starts its line
    checked = ring_on_every_stop(page, "Beat The Logic in Finnish")
    assert checked["a"] >= 1 and checked["button"] >= 3, checked
