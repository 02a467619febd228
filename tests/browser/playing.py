"""Playing a game app by clicks, shared by the browser tests.

Every click waits for the kernel's answer: the new table (its ``data-moves``) and the
move buttons drawn for it (class ``btl-move-<moves>``), never a sleep. On the class screen
(Present) a group whose moves are all on the table folds away, so the wait is for buttons
attached to the page, and ``current_moves`` are the visible ones. A part of the table with
several moves opens them beside it (``.btl-choices``).

The helpers play an app in whatever language its page is in (``?lang=fi``): the labels they
press are the catalogue's words in the page's language (``words``).
"""
import os
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from btlgames.core.i18n import t


def language(page) -> str:
    """The language the page is in (its ``<html lang>``)."""
    return page.evaluate("document.documentElement.lang") or "en"


def words(page, key: str, **values) -> str:
    """The catalogue's words for ``key`` in the page's language (a button's name, a status)."""
    return t(key, lang=language(page), **values)


def seat_label(page, who: str) -> str:
    """The seat chooser's words for "a person" or "bot: heuristic" in the page's language."""
    if who == "a person":
        return words(page, "app.seat_human")
    return words(page, "app.seat_bot", bot=words(page, f"bot_plays.{who.removeprefix('bot: ')}"))


SHOWING = ".btl-show-view.btl-showing"


def dismiss_show(page) -> int:
    """Close a show over the table (the game's "how to play", its moments, its end), as a student
    does by pressing its Close or, on its last step, Done; the number of shows closed (0 or 1)."""
    if not page.locator(SHOWING).count():
        return 0
    close = page.locator(f"{SHOWING} .btl-show-close")
    (close if close.count() else page.locator(f"{SHOWING} .btl-show-next")).click()
    page.wait_for_function(f"() => !document.querySelector('{SHOWING}')")
    return 1


def moves(page) -> int:
    return int(page.locator(".btl-table").get_attribute("data-moves"))


def tab_to(page, selector: str, what: str, tries: int = 40, back: bool = False, text: str = "") -> None:
    """Press Tab (Shift+Tab: ``back``) until the focused element matches ``selector`` (and its words
    start with ``text``), if it does not already: the keyboard alone reaching it."""
    passed = []
    for press in range(tries + 1):
        if press:
            page.keyboard.press("Shift+Tab" if back else "Tab")
        found, where = page.evaluate("([s, t]) => { const e = document.activeElement;"
                                     " return [e.matches(s) && e.textContent.startsWith(t), e.outerHTML.slice(0, 90)]; }",
                                     [selector, text])
        if found:
            return
        passed.append(where)
    raise AssertionError(f"{'Shift+Tab' if back else 'Tab'} never reached {what}; the last it passed:\n"
                         + "\n".join(passed[-6:]))


# Where the keyboard must be once a press with Enter or Space is answered (the kit's rule, kept by
# table.js), never on the page: the part of the table pressed if it is still a move; the first of
# its choices when it has several (drawn beside it, no move made); "I am ..." when the device
# is passed on; else the next turn's first move: on the table after a press there or on one of a
# part's choices, else its first button. False while the answer is not drawn.
FOCUS_AFTER = """([key, before, origin]) => {
  const app = document.querySelector('.btl-game-app'), now = document.activeElement;
  const table = app.querySelector('.btl-table'), n = table && table.dataset.moves;
  const first = s => [...app.querySelectorAll(s)].find(e => e.offsetParent !== null || e instanceof SVGElement);
  if (!table || now === document.body) return false;
  // a show of the move's moments comes before the table: the answer is whole once the turn is drawn
  const showing = app.querySelector('.btl-show-view.btl-showing'), onShow = now.classList.contains('btl-show-next');
  const passing = app.querySelector('.btl-pass-screen');
  if (origin === 'pass' && passing) return false;
  if (origin !== 'pass' && n === String(before)) {  // no move yet: a part of the table lists its choices
    return !showing && origin === 'table' && now === first('.btl-choices .btl-choice');
  }
  if (passing) return showing ? onShow : now === first('.btl-moves .btl-pass-take');
  if (!app.querySelector(`.btl-moves .btl-move-${n}`)) return false;  // the turn not drawn yet
  if (showing) return onShow;
  const same = [...table.querySelectorAll('.btl-target')].find(e => key && e.dataset.target === key);
  const onTable = first('.btl-table .btl-target'), button = first(`.btl-moves .btl-action.btl-move-${n}`);
  return now === (same || (origin === 'table' || origin === 'choice' ? onTable || button : button || onTable));
}"""
PRESSED = """() => { const e = document.activeElement;
  return [e.dataset?.target || '', e.classList.contains('btl-target') ? 'table'
          : e.classList.contains('btl-choice') ? 'choice' : e.classList.contains('btl-pass-take') ? 'pass' : 'button']; }"""


def press_by_keyboard(page, key: str = "Enter") -> str:
    """Press the focused move with ``key`` (Enter or Space), wait for the answer and for the focus
    where FOCUS_AFTER says (a failure names where it was). Returns the key of the part of the
    table pressed ("hex:meta-0"), or "" for a button."""
    target, origin = page.evaluate(PRESSED)
    before = page.evaluate("() => Number(document.querySelector('.btl-table').dataset.moves)")
    page.keyboard.press(key)
    try:
        page.wait_for_function(FOCUS_AFTER, arg=[target, before, origin], timeout=30_000)
        if page.locator(SHOWING).count():  # the game's moment, large: Escape closes it, the focus to a move
            page.keyboard.press("Escape")
            page.wait_for_function(f"() => !document.querySelector('{SHOWING}')"
                                   " && (document.activeElement.closest('.btl-moves, .btl-table')"
                                   "     || document.querySelector('.btl-table').dataset.over === 'true')")
    except PlaywrightTimeout as err:
        where = page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")
        raise AssertionError(f"after {key} on {target or origin} (move {before}) the focus is on {where}") from err
    return target


def click_and_wait(page, locator) -> None:
    """Click a move and wait until the kernel's answer is drawn: the new table and its moves (a
    show over the table is closed first, as a student would)."""
    dismiss_show(page)
    before = moves(page)
    locator.click()
    page.wait_for_function(
        "n => { const t = document.querySelector('.btl-table');"
        " return t && Number(t.dataset.moves) !== n; }", arg=before)
    page.locator(f".btl-move-{moves(page)}").first.wait_for(state="attached")


def press(page, locator) -> None:
    """Press a move on the table or a button and wait for the answer. A part of the table with
    several moves opens them beside it (``.btl-choices``): then the first is pressed. A show over
    the table is closed first, as a student would."""
    dismiss_show(page)
    before = moves(page)
    locator.click()
    page.wait_for_function(
        "n => Number(document.querySelector('.btl-table').dataset.moves) !== n"
        " || !!document.querySelector('.btl-choices .btl-choice')", arg=before)
    if moves(page) == before:  # a choice among the moves of what was pressed
        click_and_wait(page, page.locator(".btl-choices .btl-choice").first)
    else:
        page.locator(f".btl-move-{moves(page)}").first.wait_for(state="attached")


def current_moves(page):
    """The move buttons of the table on the screen (a folded group's are not among them)."""
    return page.locator(f".btl-action.btl-move-{moves(page)}:visible")


def every_move(page):
    """Every move of the table on the screen, as its button: those folded away (their group's moves
    are all on the table, each button's btl-for-<part> names its part) and those shown."""
    return page.locator(f".btl-action.btl-move-{moves(page)}")


def make_move(page, button) -> None:
    """Make the move of ``button`` (from ``every_move``) as a player does: its button if it shows,
    else its part of the table, and then the choice with its words when the part has several."""
    if button.is_visible():
        return click_and_wait(page, button)
    words = button.inner_text()
    part = next(c for c in button.get_attribute("class").split() if c.startswith("btl-for-")).removeprefix("btl-for-")
    key = page.evaluate("""part => [...document.querySelectorAll('.btl-table .btl-target')]
        .map(e => e.dataset.target).find(k => k.replace(/[^A-Za-z0-9_-]/g, '-') === part)""", part)
    assert key, f"no part of the table for the move {words!r} ({part})"
    dismiss_show(page)
    before = moves(page)
    page.locator(f'.btl-table [data-target="{key}"]').click()
    page.wait_for_function(
        "n => Number(document.querySelector('.btl-table').dataset.moves) !== n"
        " || !!document.querySelector('.btl-choices .btl-choice')", arg=before)
    if moves(page) == before:  # the part's moves, listed beside it: the one with the button's words
        click_and_wait(page, page.locator(".btl-choices .btl-choice").filter(has_text=words).first)
    else:
        page.locator(f".btl-move-{moves(page)}").first.wait_for(state="attached")


def current_targets(page):
    """The parts of the table that are moves now (a card, a hex, a problem)."""
    return page.locator(".btl-table .btl-target")


def a_move(page, last: bool = False):
    """A move of this turn: one on the table if there is one (that is where a class plays),
    else a button beside the table."""
    targets = current_targets(page)
    found = targets if targets.count() else current_moves(page)
    return found.last if last else found.first


MOVE_OR_PASS = '.btl-action[class*="btl-move-"], .btl-pass-take'


def show_settings(page) -> None:
    """Open the settings row (seed, seats) if it is folded."""
    if not page.locator(".btl-settings").is_visible():
        page.locator(".btl-settings-toggle").click()
        page.locator(".btl-settings").wait_for()


def new_game(page, seed: int) -> None:
    """Start a seeded game and wait until its table and its moves replace the old ones
    (both games are at move 0, so the move count cannot tell them apart: the old
    elements are marked, and the new game's are the unmarked ones). Only move buttons (and a
    pass screen's "I am ...") are marked: other buttons of an app (a lesson clock's) stay across
    games. With two people or more on the screen the game starts on the pass screen."""
    show_settings(page)
    page.evaluate(f"() => document.querySelectorAll('.btl-table, {MOVE_OR_PASS}')"
                  ".forEach(e => { e.dataset.old = '1'; })")
    page.fill(".btl-seed input", str(seed))
    page.get_by_role("button", name=words(page, "app.new_game"), exact=True).click()
    page.wait_for_function(
        "s => document.querySelector('.btl-status')?.innerText.includes(s)"
        " && !document.querySelector('[data-old]')"
        f" && document.querySelector('.btl-table') && document.querySelector('{MOVE_OR_PASS}')"
        " && !document.querySelector('.btl-settings').checkVisibility()",
        arg=words(page, "app.started"))  # "New game.": the old game's marked table and moves are gone
    # and the settings folded (the app folds them before it draws the new table: folded after, they
    # moved the table up between a measure of a card's box and the screenshot that looked at it)


def choose_seats(page, seats: list[str]) -> None:
    """Set the seat chooser: how many seats, then who plays each ("a person", "bot: heuristic").
    Takes effect with New game; the kernel has every choice before it sees that click."""
    show_settings(page)
    selects = page.locator(".btl-seats select")
    selects.first.select_option(label=str(len(seats)))
    page.wait_for_function("n => document.querySelectorAll('.btl-seats select').length === n",
                           arg=len(seats) + 1)
    for i, who in enumerate(seats, start=1):
        selects.nth(i).select_option(label=seat_label(page, who))


def play_until_over(page, pick, limit: int = 400) -> int:
    """Press ``pick(texts)``'s move until the table says the game is over; returns the clicks."""
    table = page.locator(".btl-table")
    for clicks in range(limit):
        if table.get_attribute("data-over") == "true":
            return clicks
        buttons = current_moves(page)
        click_and_wait(page, buttons.nth(pick(buttons.all_inner_texts())))
    raise AssertionError(f"the game did not end within {limit} clicks")


def rulebook_words(page) -> str:
    """Press the app's link to the kit's rulebook and return the rulebook's words. The link is in
    the notebook's prose, a Markdown output (ui/common/prose.py), whose links open a new tab: the game
    stays open."""
    with page.expect_popup() as opened:
        page.get_by_role("link", name="the kit's rulebook").click()
    rules = opened.value
    rules.wait_for_load_state()
    text = rules.locator("body").inner_text()
    rules.close()
    return text


def keep_screen(page, name: str) -> None:
    """A screenshot kept as ``name``.png in the folder $BTLGAMES_SCREENS names (none without it):
    the class screen at its moments, for a reader of a change to see (CONTRIBUTING.md)."""
    folder = os.environ.get("BTLGAMES_SCREENS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def play_by_the_hints(page, follow, limit: int, on_moment=lambda page, n: None) -> tuple[list[str], int, int]:
    """A first game played by its hints to its end: every turn's note (``.btl-callout``) asserted and
    handed to ``follow(page, note, n)`` (the n-th press: it presses what the note points at, and
    says whether that was a part of the table it marked or the button it named); every moment shown
    large noted by its title (after ``on_moment(page, n)``) and closed. Returns the moments' titles,
    the presses that followed a mark, and the presses."""
    moments, hinted, presses = [], 0, 0
    for _ in range(limit):
        if page.locator(".btl-table").get_attribute("data-over") == "true":
            return moments, hinted, presses
        if page.locator(SHOWING).count():  # a moment of the game, large
            moments.append(page.locator(".btl-show-title").inner_text())
            on_moment(page, len(moments))
            dismiss_show(page)
            continue
        note = page.locator(".btl-callout")
        assert note.count() == 1 and note.inner_text(), "every turn of the first game has its hint"
        presses += 1
        hinted += bool(follow(page, note.inner_text(), presses))
    raise AssertionError(f"the game did not end within {limit} steps")


def show_to_its_end(page, moments: list[str]):
    """The game's last moments (their titles added to ``moments``), then the show's last step, what
    the game showed: returned."""
    page.locator(SHOWING).wait_for()
    end = page.locator(f"{SHOWING} .btl-show-end")
    for _ in range(10):
        if end.count():
            return end
        moments.append(page.locator(".btl-show-title").inner_text())
        count = page.locator(".btl-show-count").inner_text()
        page.locator(".btl-show-next").click()
        page.wait_for_function("c => document.querySelector('.btl-show-count')?.innerText !== c", arg=count)
    raise AssertionError("the game's end never said what it showed")


def open_how_to_play(page, url: str):
    """A student's first visit on a laptop's screen: the app opens with its "how to play", a show
    over the table (returned, once it is drawn: Python starts first)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(url, wait_until="commit")
    show = page.locator(f"{SHOWING} .btl-show")
    show.wait_for(timeout=120_000)
    return show
