"""Beamtimes and Lifetimes in a real Chromium through the kit's Voilà server:
Group 1 plays by clicks, Group 2 is the solver bot (the seat chooser's default)."""
import re

import pytest
from access import TYPE_SIZES, assert_accessible, assert_focus_ring
from playing import (choose_seats, click_and_wait, dismiss_show, every_move, make_move, moves, new_game,
                     open_how_to_play, play_by_the_hints, press_by_keyboard, rulebook_words, show_settings,
                     show_to_its_end, tab_to, words)
from wording import assert_in_language

pytestmark = pytest.mark.browser

PLAY = "/voila/render/beamtimes-and-lifetimes/play.ipynb"
SEED = 1  # Group 1's first experiment is in range here (any outcome passes the test)
RESOLUTION = re.compile(r"Out of range at problem \d|Group 1 publishes|Group 1 does not publish|SOLVED")


def pick(texts: list[str], bought: set) -> int:
    """Which button Group 1 presses: resolve, build, assign, else hire a physicist and buy a
    detector (once each), else end the turn, else apply for a grant or pass."""
    def first(start):
        return next((i for i, text in enumerate(texts) if text.startswith(start)), None)

    for start in ("Publish the result", "Swap with row place", "Build detector", "Assign "):
        if first(start) is not None:
            return first(start)
    for start in ("Hire physicist", "Buy detector"):
        if first(start) is not None and start not in bought:
            bought.add(start)
            return first(start)
    for start in ("End the turn", "Apply for grant", "Pass"):
        if first(start) is not None:
            return first(start)
    raise AssertionError(f"no move to press among {texts}")


def test_seats_default_to_a_person_and_the_solver_bot(page, open_app):
    app = open_app(page, PLAY)
    seats = page.locator(".btl-seats select")
    assert seats.count() == 3  # the number of groups and two seats
    chosen = [seats.nth(i).evaluate("s => s.options[s.selectedIndex].text").replace("\xa0", " ")
              for i in range(3)]
    assert chosen == ["2", "a person", "computer: aims to solve"]
    assert "Group 1 to play" in page.locator(".btl-headline").inner_text()
    assert "Problem 6" in app.inner_text() and "Row place 5" in app.inner_text()
    assert "Kit rule K16" in rulebook_words(page)  # the rules link opens the kit's rulebook
    # Two people on one screen: the pass-the-device screen hides the table until a group says it
    # holds the device; axe on it and on the table after it. The keyboard alone: "I am Group 1",
    # then its moves (the focus on the first of each turn), and the device passes to Group 2.
    choose_seats(page, ["a person", "a person"])
    new_game(page, SEED)
    assert "Group 1" in page.locator(".btl-pass-screen").inner_text()
    assert_accessible(page, "the pass-the-device screen")
    tab_to(page, ".btl-pass-take", "I am Group 1")
    press_by_keyboard(page)  # the focus on Group 1's first move
    assert "Group 1" in page.locator(".btl-headline").inner_text()
    assert_accessible(page, "Beamtimes after the device was passed")
    tab_to(page, ".btl-action", "Pass", text="Pass")
    press_by_keyboard(page, "Enter")
    # Group 1 verifies row place 1 on the table: a look in secret (K12), so the device is passed
    # before Group 2's table is drawn (K5: hands are open, looks are not)
    tab_to(page, '.btl-target[data-target="row:0"]', "row place 1")
    press_by_keyboard(page, "Space")
    assert "Group 2" in page.locator(".btl-pass-screen").inner_text()  # the focus on "I am Group 2"
    assert "you looked" not in page.locator(".btl-table").inner_text()
    assert_focus_ring(page, "I am Group 2")
    press_by_keyboard(page)
    assert "Group 2" in page.locator(".btl-headline").inner_text()
    assert "you looked" not in page.locator(".btl-table").inner_text()  # Group 1's look stays Group 1's
    # The room agrees on an open lab (every look public): Group 2's turn ends and Group 1's table
    # comes at once, its look on it, with no pass click
    show_settings(page)
    page.locator(".btl-open-hands input").check()
    page.wait_for_function("() => !document.querySelector('.btl-pass-screen')")
    tab_to(page, ".btl-action", "Pass", text="Pass")
    press_by_keyboard(page, "Enter")
    tab_to(page, '.btl-target[data-target="row:1"]', "row place 2")
    press_by_keyboard(page, "Space")
    assert not page.locator(".btl-pass-screen").count()
    assert "Group 1" in page.locator(".btl-headline").inner_text()
    assert "you looked" in page.locator(".btl-table").inner_text()


def test_group_one_builds_a_detector_and_the_experiment_is_resolved(page, open_app):
    open_app(page, PLAY)
    new_game(page, SEED)
    table, log = page.locator(".btl-table"), page.locator(".btl-log")
    bought: set = set()
    saw_pending = False
    for _ in range(40):
        if RESOLUTION.search(log.inner_text()):
            break
        buttons = every_move(page)  # those on the table too: a build, an assignment, a hire
        texts = buttons.all_inner_texts()
        choice = pick(texts, bought)
        if texts[choice].startswith("Publish the result"):  # in range: the table says so first
            assert page.locator(".bt-pending").count() == 1
            notes = page.locator(".btl-headline").inner_text()
            assert "is in range" in notes and "Publishing pays X =" in notes
            if not saw_pending:
                assert_accessible(page, "Beamtimes' resolution choice (publish or not)")
            saw_pending = True
        make_move(page, buttons.nth(choice))
    words = log.inner_text()
    assert re.search(r"Group 1 builds detector \S+ at problem \d", words), words
    assert re.search(r"The groups on problem \d look at the card: particle \S+ \(\d+\)", words), words
    outcome = RESOLUTION.search(words)
    assert outcome, words
    assert_accessible(page, "Beamtimes after an experiment is resolved")
    group_one = page.locator(".bt-group").first.inner_text()
    if outcome.group().startswith("Group 1 publishes"):
        assert saw_pending and "1 published" in group_one
        assert "Distinguished physicists (5 tokens): —" not in table.inner_text()
    elif outcome.group() == "SOLVED":
        assert "solved by Group 1" in table.inner_text() and "1 solved" in group_one
    elif outcome.group().startswith("Out of range"):
        detector = re.search(r"detector (\S+) goes back to Group 1", words).group(1)
        assert detector in group_one  # back in the hand


def test_group_markers_carry_text_not_only_colour(page, open_app):
    open_app(page, PLAY + "?lang=fi")  # in Finnish (test_projector.py opens it in Dutch)
    markers = page.locator(".btl-table .bt-mark, .btl-headline .bt-mark")
    assert markers.count() >= 3  # who plays, and both groups
    group = re.escape(words(page, "beamtimes.group", n=0)).replace("0", "[1-4]")  # "Ryhmä [1-4]"
    for text in markers.all_inner_texts():
        assert re.fullmatch(rf"[●■▲★] ?({group}|[1-4])", text.strip()), text
    cards = page.locator(".btl-table .bt-card[aria-label]")
    assert cards.count() >= 6 + 5 + 6 + 5  # ring, row, grants, market
    market = page.locator(".bt-market").inner_text()
    assert words(page, "beamtimes.role_words.physicist") in market or words(page, "beamtimes.role_words.detector") in market
    assert_accessible(page, "Beamtimes and Lifetimes in Finnish")
    assert_in_language(page, "Beamtimes and Lifetimes in Finnish")


# A card's suit word under its rank was 6.8 px at 1366x768 in self-study (the cards' size follows
# the window's width): every character of the app shown at least 10 px.
def test_a_cards_words_are_read_on_a_laptop(page, open_app):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, PLAY)
    new_game(page, SEED)
    found = page.evaluate(TYPE_SIZES)
    assert found["smallest"] >= 10, found


FIRST_GAME = 101  # a game number: Group 1, following the hints, verifies, has an experiment out of
# range, and solves a problem on its 20th press (15 of them on the hinted part of the table)


def follow_the_hint(page, hint: str) -> bool:
    """Make the move the hint names ("Build detector Q♠ at problem 2: ..."): on the part of the
    table it marks (its choice with the move's words, if the part has several), else by its button.
    True when the hint pointed at the table."""
    move = hint.split(": ", 1)[0]
    target = page.locator(".btl-table .btl-hinted")
    if not target.count():
        make_move(page, every_move(page).filter(has_text=move).first)
        return False
    dismiss_show(page)
    before = moves(page)
    target.first.click()
    page.wait_for_function(
        "n => Number(document.querySelector('.btl-table').dataset.moves) !== n"
        " || !!document.querySelector('.btl-choices .btl-choice')", arg=before)
    if moves(page) == before:  # the part's moves beside it: the hinted one
        click_and_wait(page, page.locator(".btl-choices .btl-choice").filter(has_text=move).first)
    else:
        page.locator(f".btl-move-{moves(page)}").first.wait_for(state="attached")
    return True


def test_a_students_first_game_follows_the_hints_to_its_teaching_end(page, open_app):
    """A student alone, who never read the rulebook: the app opens with its "how to play" (a
    picture of a problem, a physicist and a detector), the first game's hints point at the table,
    the game's science moments come large as they happen, and the end says what the game showed,
    with a way to its concept page."""
    show = open_how_to_play(page, PLAY)
    assert words(page, "beamtimes.teach.how.title") in show.inner_text()
    assert page.locator(".btl-show .bt-card").count() >= 3  # the picture: the table's own cards
    assert len(show.inner_text().split()) <= 200  # a screen or less (its buttons' words too)
    assert_accessible(page, "Beamtimes' how to play, its picture of the table")
    page.locator(".btl-show-next").click()  # a turn
    assert words(page, "beamtimes.teach.how.turn_title") in show.inner_text()
    assert len(show.inner_text().split()) <= 200
    page.locator(".btl-show-next").click()  # done: the table
    page.wait_for_function("() => !document.querySelector('.btl-show-view.btl-showing')")
    new_game(page, FIRST_GAME)  # the same game every run
    moments, hinted, _ = play_by_the_hints(page, lambda page, note, _: follow_the_hint(page, note), 60)
    end = show_to_its_end(page, moments)  # the last moments, then what the game showed
    assert words(page, "app.what_it_showed") in end.inner_text()
    assert "Group 1 solved problem 2" in end.inner_text() and "experiments out of range 1" in end.inner_text()
    assert hinted >= 12
    assert [words(page, f"beamtimes.teach.moment.{key}_title") for key in ("verify", "out_of_range", "solved")] \
        == moments, moments
    dismiss_show(page)
    ending = page.locator(".btl-ending")
    assert ending.locator("a[href*='detector-ranges']").count() == 1  # the way on: the concept page
    assert page.locator(".btl-hints-toggle").inner_text() == words(page, "app.hints_hidden")  # first game over
