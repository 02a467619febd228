"""Projector first: at 1920×1080 and 1366×768 every game app shows its table, whose turn it is
and every move that can be made now on one screen, without scrolling; Present covers the page;
moves can be made on the table itself, with the mouse or the keyboard alone.

Each app is opened in Finnish or Dutch (longer words than English: the harder
fit), and shows no English words at set-up and a few moves on (wording.py); with test_languages.py,
test_access.py and one test of each app's own file, every app is checked in both languages."""
import pytest
from playwright.sync_api import expect
from access import TYPE_SIZES, assert_accessible
from playing import (a_move, choose_seats, click_and_wait, current_targets, moves, new_game, press, show_settings,
                     tab_to, words)
from wording import assert_in_language

pytestmark = pytest.mark.browser

PENTAQUARK = "/voila/render/pentaquark/play.ipynb"
SCREENS = {"1920x1080": (1920, 1080), "1366x768": (1366, 768)}
APPS = {
    "pentaquark": ("/voila/render/pentaquark/play.ipynb?lang=fi", None),
    "beamtimes-4": ("/voila/render/beamtimes-and-lifetimes/play.ipynb?lang=nl",
                    ["a person", "bot: heuristic", "bot: heuristic", "bot: heuristic"]),
    "research-full-4": ("/voila/render/research-programme/play.ipynb?lang=nl",
                        ["a person", "bot: heuristic", "bot: heuristic", "bot: heuristic"]),
    # four teams by default, in Finnish (the source's language; its moves are the longest: the last
    # one fell 8-13 px below the list at 1366x768 before the short-screen rules in app.css)
    "research-school-4": ("/voila/render/research-programme/school.ipynb?lang=fi", None),
    "beat-the-logic-4": ("/voila/render/beat-the-logic/play.ipynb?lang=fi",
                         ["a person", "bot: greedy", "bot: greedy", "bot: greedy"]),
    "antimatter-6": ("/voila/render/antimatter-matters/play.ipynb?lang=fi",
                     ["a person"] + ["bot: heuristic"] * 5),
    "antimatter-team-6": ("/voila/render/antimatter-matters/play.ipynb?lang=nl",
                          ["a person"] + ["bot: heuristic"] * 5),
    "antimatter-coop-4": ("/voila/render/antimatter-matters/play.ipynb?lang=fi",
                          ["a person"] + ["bot: heuristic"] * 3),
}
# Settings chosen before New game: {app: {where the setting is: the catalogue key of the option chosen}}.
SETTINGS = {
    "antimatter-team-6": {".am-setting >> nth=0": "antimatter.mode.team"},  # two teams of three
    "antimatter-coop-4": {".am-setting >> nth=0": "antimatter.mode.coop"},
}

# Everything the player needs now, as rectangles, the app scrolled into view first: the app, the
# table, the headline, each move on the table and each move button that shows (a folded group's
# buttons are on the table too), and the side panel's scrolling list that holds the buttons.
BOXES = """() => {
  // Self-study: the notebook's text stays above the app; the app itself is one screen. Scrolled
  // here, in the same task as the measuring, so no update from the kernel (a late log line that
  // swaps content and clamps the scroll) can land in between.
  document.querySelector('.btl-app').scrollIntoView();
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const moves = document.querySelector('.btl-moves');
  const visible = e => e.offsetParent !== null;
  return {
    app: box(document.querySelector('.btl-app')),
    table: box(document.querySelector('.btl-table')),
    headline: box(document.querySelector('.btl-headline')),
    list: box(moves),
    targets: [...document.querySelectorAll('.btl-table .btl-target')].map(box),
    buttons: [...moves.querySelectorAll('button')].filter(visible).map(box),
    words: [...moves.querySelectorAll('button')].filter(visible).map(e => e.innerText),
    scrolls: document.scrollingElement.scrollHeight > innerHeight,
  };
}"""


def inside(inner, outer, slack=1.0) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def check_one_screen(page, width: int, height: int) -> None:
    screen = (0, 0, width, height)
    found = page.evaluate(BOXES)
    assert inside(found["app"], screen), f"the app does not fit the screen: {found['app']}"
    for part in ("table", "headline", "list"):
        assert inside(found[part], screen), f"the {part} is off the screen: {found[part]} of {screen}"
    over = page.locator(".btl-table").get_attribute("data-over") == "true"
    assert over or found["targets"] or found["buttons"], "no move to make"
    for target in found["targets"]:
        assert inside(target, screen), f"a move on the table is off the screen: {target}"
    for button, words in zip(found["buttons"], found["words"]):
        assert inside(button, found["list"]), f"a move button is hidden below the list: {words!r} {button} {found['list']}"
    # no table of the table's is cut at its right (the class strip's fourth team was, in Present)
    cut = page.evaluate("""() => [...document.querySelectorAll('.btl-table table')].filter(t => t.offsetParent)
        .filter(t => t.getBoundingClientRect().right > t.parentElement.getBoundingClientRect().right + 1)
        .map(t => t.innerText.slice(0, 60))""")
    assert not cut, f"a table is wider than its box: {cut}"
    # nor a word of a picture cut at its edge (the map's "Cosmology" was, in the class's type)
    outside = page.evaluate("""() => [...document.querySelectorAll('.btl-table svg text')].filter(t => {
        const r = t.getBoundingClientRect(), s = t.ownerSVGElement.getBoundingClientRect();
        return r.width && (r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1 || r.bottom > s.bottom + 1);
      }).map(t => t.textContent)""")
    assert not outside, f"words cut at a picture's edge: {outside}"


def open_at(page, open_app, url: str, size: str, seats, settings=None):
    width, height = SCREENS[size]
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, url)
    if seats:
        choose_seats(page, seats)
    for where, key in (settings or {}).items():
        page.locator(where).locator("select").select_option(label=words(page, key))
    if "lang=" in url:  # the settings in the translation: every label whole
        show_settings(page)
        assert_in_language(page, f"the settings of {url}")
    new_game(page, 3)  # the same game every run
    return width, height


# The page has the new size, and two animation frames have passed for its own layout (Lumino lays
# its panels out on the frame after the resize event): set_viewport_size may return before either.
RESIZED = """([w, h]) => innerWidth === w && innerHeight === h && new Promise(
  done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"""


def check_every_screen(page) -> None:
    """One screen at each projector size; the page ends at the smaller one (the app's layout is
    CSS, so it reflows as the window changes and one page serves both sizes)."""
    for size in ("1920x1080", "1366x768"):
        width, height = SCREENS[size]
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(RESIZED, arg=[width, height])
        check_one_screen(page, width, height)


@pytest.mark.parametrize("name", APPS)
def test_the_table_and_the_moves_fit_one_screen_and_present_covers_it(page, open_app, name):
    url, seats = APPS[name]
    width, height = open_at(page, open_app, url, "1366x768", seats, SETTINGS.get(name))
    check_every_screen(page)
    assert_accessible(page, f"{name} at set-up")
    if "lang=" in url:
        assert_in_language(page, f"{name} at set-up")
    # A few moves on, with more on the table and in the log.
    for _ in range(6):
        if page.locator(".btl-table").get_attribute("data-over") == "true":
            break
        press(page, a_move(page, last=True))
        check_every_screen(page)
    assert_accessible(page, f"{name} a few moves on")
    if "lang=" in url:
        assert_in_language(page, f"{name} a few moves on")
    # Present: the app covers the page and hides the settings; leaving brings them back.
    assert page.locator(".jp-RenderedMarkdown").first.is_visible()
    page.get_by_role("button", name=words(page, "app.present")).click()
    page.locator(".btl-presenting").wait_for()
    assert page.evaluate(BOXES)["app"] == [0, 0, width, height]
    # What shows at the corners and the middle is the app, not the notebook around it.
    for x, y in ((5, 5), (width - 5, height - 5), (width // 2, height // 2)):
        assert page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('.btl-app')", [x, y])
    assert not page.locator(".btl-settings").is_visible() and not page.get_by_role("button", name=words(page, "app.new_game"), exact=True).is_visible()
    check_one_screen(page, width, height)
    page.get_by_role("button", name=words(page, "app.present_end")).click()
    page.wait_for_function("() => !document.querySelector('.btl-presenting')")
    assert page.get_by_role("button", name=words(page, "app.new_game"), exact=True).is_visible()


def test_a_card_on_the_table_is_a_move_by_mouse_and_by_keyboard(page, open_app):
    open_app(page, PENTAQUARK)  # in English
    target = current_targets(page).first
    card = target.get_attribute("aria-label")  # "u(B) blue up"
    click_and_wait(page, target)
    expect(page.locator(".btl-log")).to_contain_text(f"{card} goes to the Background")  # drawn after the moves
    # The keyboard alone: Tab reaches the cards on the table; Enter or Space presses one.
    before = moves(page)
    tab_to(page, ".btl-target", "a move on the table", tries=30)
    page.keyboard.press("Enter")
    page.wait_for_function("n => Number(document.querySelector('.btl-table').dataset.moves) > n", arg=before)
    # the keyboard stays on the table, on a move of the new turn
    page.wait_for_function("() => document.activeElement.classList.contains('btl-target')")
    after = moves(page)
    page.keyboard.press("Space")
    page.wait_for_function("n => Number(document.querySelector('.btl-table').dataset.moves) > n", arg=after)
    # On the same page: "Save game" is a download link (the file is made in the browser), drawn as
    # the button beside it.
    show_settings(page)
    style = "e => { const s = getComputedStyle(e); return [s.backgroundColor, s.fontSize, s.fontFamily, " \
            "s.color, s.textDecorationLine, Math.round(e.getBoundingClientRect().height)]; }"
    save = page.locator("a.btl-save").evaluate(style)
    new = page.locator(".btl-settings .widget-upload").evaluate(style)  # "Load a saved game", beside it
    assert save[:5] == new[:5] and abs(save[5] - new[5]) <= 2, (save, new)
    assert page.locator("a.btl-save").get_attribute("role") == "button"


# the smallest tenth at least this many px (the school game's class reads from further back)
CLASS_TYPE = {"1920x1080": {"school": 24, "game": 20}, "1366x768": {"school": 17, "game": 14}}


@pytest.mark.parametrize("name", APPS)
def test_the_class_screen_is_read_from_the_back_row(page, open_app, name):
    """Present: the smallest tenth of the characters shown is at least 24 px at 1920x1080 for the
    school game (20 px for the other games), and the same share of the screen's height at 1366x768."""
    url, seats = APPS[name]
    open_at(page, open_app, url, "1920x1080", seats, SETTINGS.get(name))
    page.get_by_role("button", name=words(page, "app.present")).click()
    page.locator(".btl-presenting").wait_for()
    kind = "school" if "school" in url else "game"
    for size in ("1920x1080", "1366x768"):
        width, height = SCREENS[size]
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(RESIZED, arg=[width, height])
        found = page.evaluate(TYPE_SIZES)
        assert found["tenth"] >= CLASS_TYPE[size][kind], f"{name} at {size}: {found}"
        check_one_screen(page, width, height)
