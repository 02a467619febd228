"""One lesson clock for the school lesson, in plain Python: it knows when the game ended and says
so (never "On plan" after Game over, whatever the time), the table stops naming a next event,
and the debrief keeps to the same clock instead of bringing a second one with its own Start.
"""
import time

import ipywidgets as w
import pytest
from widgetry import all_html, find, text, texts, walk

from btlgames.core.playing import make_bot
from btlgames.research import lesson
from btlgames.ui.common.lesson_clock import LessonClock
from btlgames.ui.debrief import screens as S
from btlgames.ui.games import research as renderer

CLOCK = texts("research_ui")  # the clock's words: [research_ui.clock]
START = 1_700_000_000.0


class FakeTime:
    def __init__(self, start: float = START):
        self.now = start

    def __call__(self) -> float:
        return self.now


def at(seconds: float) -> str:
    return time.strftime("%H:%M", time.localtime(START + seconds))


def over_words(seconds: float) -> str:
    return CLOCK["clock.over"].format(time=at(seconds), minute=int(seconds // 60))


def test_the_clock_says_when_the_game_ended_and_keeps_saying_it():
    now, game = FakeTime(), {"over": False}
    clock = LessonClock(45, now=now, behind=lambda _: 0.0, ended=lambda: game["over"])
    clock.start()
    now.now += 10 * 60
    clock.refresh()
    assert CLOCK["clock.on_plan"] in clock.display.value
    now.now += 16 * 60 + 20
    game["over"] = True
    clock.refresh()  # the table is drawn after the last move: minute 26
    said = over_words(26 * 60 + 20)
    assert said in clock.display.value and CLOCK["clock.on_plan"] not in clock.display.value
    for later in (5 * 60, 30 * 60):  # at minute 31 and far past the lesson's end: still when it ended
        now.now += later
        clock.refresh()
        assert said in clock.display.value and CLOCK["clock.on_plan"] not in clock.display.value
        assert "lc-behind" not in clock.display.value
    game["over"] = False  # New game: the plan again
    clock.reset()
    clock.start()
    assert CLOCK["clock.on_plan"] in clock.display.value and said not in clock.display.value


def test_a_game_that_ended_before_the_clock_started_says_no_minute():
    now, game = FakeTime(), {"over": True}
    clock = LessonClock(45, now=now, behind=lambda _: 0.0, ended=lambda: game["over"])
    assert CLOCK["clock.over_idle"] in clock.display.value
    clock.start()
    now.now += 60
    clock.refresh()
    assert CLOCK["clock.over_idle"] in clock.display.value and CLOCK["clock.on_plan"] not in clock.display.value


def test_a_clock_without_a_game_compares_as_before():
    clock = LessonClock(45, now=FakeTime(), behind=lambda _: 3.0)
    clock.start()
    assert CLOCK["clock.behind"].format(n=3) in clock.display.value and "lc-behind" in clock.display.value


def test_the_plan_has_nothing_to_compare_once_the_game_is_over():
    assert lesson.minutes_behind({"phase": "over", "round": 4, "players": 4, "stories": "round"}, 20) is None


def play_to_the_end(box, now, seconds_a_move=20):
    """Team 1's moves chosen by a bot and made in the app (the others are bots), the lesson
    clock moving on with every move."""
    game, bot = box.game, make_bot("research", "heuristic", 1)
    while not game.state.is_over():
        now.now += seconds_a_move
        game.act(bot.choose(game.state.view(0), game.state.legal_actions()))


def school_game(now):
    box = renderer.school_app(seed=7, seats=["human", "heuristic", "heuristic", "heuristic"])
    box.clock.now = now
    box.clock.start_button.click()
    return box


@pytest.mark.slow  # a whole school game played in the app
def test_the_school_apps_clock_knows_when_the_game_ended():
    now = FakeTime()
    box = school_game(now)
    play_to_the_end(box, now)
    ended = now.now - START
    display = box.clock.display.value
    assert over_words(ended) in display
    assert CLOCK["clock.on_plan"] not in display and "the plan" not in display
    now.now += 12 * 60
    box.clock.refresh()
    assert over_words(ended) in box.clock.display.value  # when it ended, not when it was looked at


@pytest.mark.slow  # a whole school game played in the app
def test_the_table_names_no_next_event_after_the_game():
    now = FakeTime()
    box = school_game(now)
    play_to_the_end(box, now)
    table = box.game.table.value
    for key in ("next_event", "no_next_event", "first_event"):
        assert CLOCK[key].split("{")[0].split(":")[0] not in text(table), key


@pytest.mark.slow  # a whole school game played in the app
def test_the_debrief_keeps_to_the_lesson_clock_and_brings_none_of_its_own():
    now = FakeTime()
    box = school_game(now)
    play_to_the_end(box, now)
    game = box.game
    game.open_debrief()
    (shown,) = game.main.children
    assert "btl-debrief-presenter" in shown._dom_classes
    clocks = [x for x in walk(box) if "lc-clock" in getattr(x, "_dom_classes", ())]
    assert clocks == [box.clock.widget]  # the header's, and no other
    starts = [b for b in walk(box) if isinstance(b, w.Button) and b.description == CLOCK["clock.start"]]
    assert starts == [box.clock.start_button]
    debrief = texts("debrief")
    assert debrief["present.clock"].split("{")[0] not in text(all_html(shown))
    now.now += 3 * 60
    find(shown, w.Button, debrief["present.next"]).click()  # every step redraws the lesson's clock
    assert CLOCK["clock.left"].format(minutes=-(-int(box.clock.left()) // 60)) in box.clock.display.value


@pytest.mark.slow  # a whole school game played in the app
def test_a_debrief_on_its_own_still_has_its_debrief_clock():
    now = FakeTime()
    box = school_game(now)
    play_to_the_end(box, now)
    alone = S.Presenter(box.game.state, now=now)
    assert alone.own_clock and alone.clock is not box.clock and alone.clock.widget in list(walk(alone.widget))
    handed = S.Presenter(box.game.state, clock=box.clock)
    assert not handed.own_clock and handed.clock is box.clock
    assert box.clock.widget not in list(walk(handed.widget))  # shown once, in the app's header
