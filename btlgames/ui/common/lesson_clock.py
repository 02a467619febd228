"""The teacher's lesson clock: a countdown (45 minutes by default) with Start, Pause and Reset.
It compares the class with the lesson's plan while the game goes on, and says when it ended.

No thread and no timer: the clock keeps two numbers (the seconds used before the current run,
and when the current run started) and draws itself from them whenever it is asked to, on
every button press and on every redraw of the game table (``school_app`` in
``btlgames.ui.games.research`` wires that). The minutes left are exact at each drawing; the end
time it shows ("ends at 10:47") is right at every moment, and a bar shrinks in the browser by
a CSS animation, so the room sees time pass without a message to the kernel every second.
"""
from __future__ import annotations

import time
from typing import Callable

import ipywidgets as w

from ...core.i18n import t

from .widgets import button, esc

CSS = """<style>
.lc-clock { border: 3px solid #333; border-radius: 10px; padding: 0 8px; margin: 0; background: #fff;
  display: flex; flex-direction: row; flex-wrap: nowrap; align-items: center; gap: 2px 8px; }
.lc-clock .widget-button { font-size: .85em; min-height: 1.8em; }
.lc-face { display: grid; grid-template-columns: auto minmax(60px, 120px); grid-template-areas:
  "digits track" "state state"; align-items: center; column-gap: 8px; }
.lc-digits { grid-area: digits; font-size: 1.3em; font-weight: 800; line-height: 1.1; font-variant-numeric: tabular-nums;
  white-space: nowrap; }
.lc-state { grid-area: state; font-size: .72em; font-weight: 600; max-width: 19em; line-height: 1.15; }
.lc-track { grid-area: track; height: 14px; border: 2px solid #333; border-radius: 7px; background: #eee;
  overflow: hidden; }
.lc-bar { height: 100%; background: #1a5fb4; }
.lc-up .lc-digits { color: #b00020; }
.lc-plan { font-weight: 800; }
.lc-behind .lc-plan { color: #9b1c1c; }
.lc-behind .lc-plan::before { content: "⚠ "; }
@keyframes lc-shrink { to { width: 0%; } }
</style>"""


def _clock_time(stamp: float) -> str:
    return time.strftime("%H:%M", time.localtime(stamp))


class LessonClock:
    """``LessonClock().widget`` is the clock; ``now`` is the time source (tests pass their own).

    ``words`` is the catalogue table of its sentences (a debrief clock has its own). ``behind``,
    if given, says how far the class is from its plan: ``behind(seconds_used)`` returns the
    minutes behind (negative: ahead), or None when there is nothing to compare. ``ended``, if
    given, says whether the game is over: the clock notes when it first sees that (the lesson's
    minute and the time of day) and from then on says so instead of comparing with the plan,
    until a new game begins.
    """

    def __init__(self, minutes: int = 45, now: Callable[[], float] = time.time, words: str = "research_ui.clock",
                 behind: Callable[[float], float | None] | None = None, ended: Callable[[], bool] | None = None):
        self.total = minutes * 60
        self.now = now
        self.words_key = words
        self.behind = behind
        self.ended = ended
        self.ended_at: tuple[float | None, float] | None = None  # (seconds into the lesson or None, time of day)
        self.used = 0.0  # seconds counted before the current run
        self.since: float | None = None  # when the current run started (None: not running)
        self.first_start: float | None = None  # when the lesson's clock was first started
        self.paused_at: float | None = None
        self.display = w.HTML()
        self.start_button = button(self._t("start"))
        self.pause_button = button(self._t("pause"))
        self.reset_button = button(self._t("reset"))
        self.start_button.on_click(lambda _: self.start())
        self.pause_button.on_click(lambda _: self.pause())
        self.reset_button.on_click(lambda _: self.reset())
        buttons = w.HBox([self.start_button, self.pause_button, self.reset_button])
        self.widget = w.HBox([w.HTML(CSS), self.display, buttons])
        self.widget.add_class("lc-clock")
        self.refresh()

    def _t(self, key: str, **values) -> str:
        return t(f"{self.words_key}.{key}", **values)

    # -- the clock --------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.since is not None and self.left() > 0

    def left(self) -> float:
        """Seconds left in the lesson."""
        run = self.now() - self.since if self.since is not None else 0.0
        return max(0.0, self.total - self.used - run)

    def start(self) -> None:
        self._note_end()  # a game already over when the lesson's clock starts ended at no minute of it
        if self.since is None and self.left() > 0:
            self.since = self.now()
            self.first_start = self.first_start or self.since
            self.paused_at = None
        self.refresh()

    def pause(self) -> None:
        if self.since is not None:
            now = min(self.now(), self.since + self.total - self.used)  # no later than the end
            self.used += now - self.since
            self.since = None
            self.paused_at = now
        self.refresh()

    def reset(self) -> None:
        self.used, self.since, self.first_start, self.paused_at = 0.0, None, None, None
        self.ended_at = None  # noted again, from this new start, if the game is still over
        self.refresh()

    def _note_end(self) -> None:
        """Note when the game ended the first time the clock sees it over (a new game clears it)."""
        if self.ended is None or not self.ended():
            self.ended_at = None
        elif self.ended_at is None:
            used = self.total - self.left() if self.first_start is not None else None
            self.ended_at = (used, self.now())

    # -- drawing ----------------------------------------------------------------------------------
    def words(self) -> str:
        """What the clock says now, in plain words."""
        left = self.left()
        minutes = -(-int(left) // 60)  # whole minutes, rounded up: "1 min left" until the end
        if left <= 0:
            end = self.since + self.total - self.used if self.since is not None else self.paused_at or self.now()
            return self._t("up", end=_clock_time(end))
        if self.since is not None:
            return self._t("running", start=_clock_time(self.first_start), end=_clock_time(self.now() + left))
        if self.paused_at is not None:
            return self._t("paused", now=_clock_time(self.paused_at), minutes=minutes)
        return self._t("idle", minutes=self.total // 60)

    def minutes_late(self) -> float | None:
        """Minutes behind the plan (negative: ahead); None with no plan to compare, before the
        clock starts, and once the game is over (no rounds are left to be late with)."""
        if self.behind is None or self.first_start is None or self.ended_at is not None:
            return None
        return self.behind(self.total - self.left())

    def plan_words(self) -> str:
        """"On plan", "2 min behind the plan", "3 min ahead of the plan", when the game ended
        (or nothing to say)."""
        if self.ended_at is not None:
            used, stamp = self.ended_at
            if used is None:
                return self._t("over_idle")
            return self._t("over", time=_clock_time(stamp), minute=int(used // 60))
        late = self.minutes_late()
        if late is None:
            return ""
        if abs(late) < 1:
            return self._t("on_plan")
        return self._t("behind" if late > 0 else "ahead", n=round(abs(late)))

    def refresh(self) -> None:
        self._note_end()
        left = self.left()
        minutes = -(-int(left) // 60)
        share = 100 * left / self.total if self.total else 0
        # The bar runs down in the browser while the clock runs (the animation restarts at
        # each drawing, from the share left then); paused, it stands still.
        motion = f"animation: lc-shrink {left:.0f}s linear forwards;" if self.running else ""
        up = " lc-up" if left <= 0 else ""
        plan = self.plan_words()
        behind = self.minutes_late()
        late = " lc-behind" if behind is not None and behind >= 1 else ""
        plan_html = f' <span class="lc-plan">{esc(plan)}</span>' if plan else ""
        self.display.value = (
            f'<div class="lc-face{up}{late}" role="timer" aria-label="{esc(self._t("label"))}">'
            f'<div class="lc-digits">{esc(self._t("left", minutes=minutes))}</div>'
            f'<div class="lc-track"><div class="lc-bar" style="width:{share:.1f}%;{motion}"></div></div>'
            f'<div class="lc-state" role="status">{esc(self.words())}{plan_html}</div></div>')
        self.start_button.disabled = self.since is not None or left <= 0
        self.pause_button.disabled = self.since is None
