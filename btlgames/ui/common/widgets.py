"""Small helpers shared by the concept-notebook widgets (confinement, detector ranges, replication).

Every helper builds new widgets on each call: nothing here is shared between viewers. The CSS
classes are the kit's contract with the browser tests and benchmarks: the outermost box of an app
has ``btl-app``, every button ``btl-action``, every message box ``btl-message`` (and
``btl-error`` when it reports a problem).
"""
from __future__ import annotations

import base64
import html
import threading
from typing import Callable

import ipywidgets as w

from ...core import runtime
from .assets import FOCUS_CSS

WIDE = {"description_width": "initial"}  # a control's description never cut short

MESSAGE_CSS = """.btl-message { padding: .3em .6em; margin: .3em 0; border-left: 6px solid #555; background: #f3f3f3; }
.btl-message.btl-error { border-left-color: #b71c1c; background: #fdecea; }
/* a choice as wide as its longest option: the box grows with it (not ipywidgets' 300 px) up to its row */
.btl-app .widget-dropdown { width: auto; max-width: 100%; }
.btl-app .widget-dropdown > select { flex-basis: auto; }
"""


def esc(text) -> str:
    """``text`` (anything, turned into a string) escaped for HTML."""
    return html.escape(str(text))


def stylesheet(css: str) -> str:
    """A ``<style>`` element with a widget's own CSS rules (:func:`app` puts the kit's before it)."""
    return f"<style>\n{css}</style>"


def app(children, *classes: str, style: str = "") -> w.VBox:
    """The outermost box of an app: the kit's style (the focus ring, :func:`message` boxes), the
    app's own ``style`` (a :func:`stylesheet`) after it, then ``children``.

    It has the class ``btl-app`` and then ``classes`` (e.g. the notebook's and the app's own).
    """
    box = w.VBox([w.HTML(f"<style>\n{FOCUS_CSS}{MESSAGE_CSS}</style>{style}")] + list(children))
    for c in ("btl-app", *classes):
        box.add_class(c)
    return box


def button(description: str, tooltip: str = "") -> w.Button:
    """A button that says what it does, as wide as its words, with the class ``btl-action``.

    The tooltip is ``tooltip`` or, without one, the description again.
    """
    b = w.Button(description=description, tooltip=tooltip or description, layout=w.Layout(width="auto"))
    b.add_class("btl-action")
    return b


def message(text: str, error: bool = False) -> str:
    """A message box for the status line of an app, read out by screen readers when it changes.

    ``text`` is HTML (escape plain words with :func:`esc`); ``error`` marks it as a problem with
    ⚠ and the class ``btl-error``. No text, no box: the empty string.
    """
    if not text:
        return ""
    cls = "btl-message btl-error" if error else "btl-message"
    mark = "⚠ " if error else ""
    return f'<div class="{cls}" role="status" aria-live="polite">{mark}{text}</div>'


def heading(title: str, help_html: str = "") -> w.HTML:
    """An app's title (plain words, escaped here) and, if given, a paragraph of help (HTML)."""
    help_text = f"<p>{help_html}</p>" if help_html else ""
    return w.HTML(f"<h3>{esc(title)}</h3>{help_text}")


def row(children) -> w.HBox:
    """Controls side by side, vertically centred, wrapping onto the next line on a narrow screen."""
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap", align_items="center"))


def replace_children(box, children) -> None:
    """Give ``box`` new children and close the widgets it showed before: every redraw of the
    moves makes new buttons, and a widget not closed stays in the kernel and the page for
    good (found by bench/fuzz_apps.py: ~36 widgets a move, the kernel growing without end)."""
    keep = {id(widget) for widget in _tree(children)}
    old = box.children
    box.children = tuple(children)
    for widget in _tree(old):
        if id(widget) not in keep:
            widget.close()


def _tree(widgets):
    """The widgets, everything inside them, and their layouts and styles (widgets too)."""
    for widget in widgets:
        yield from _tree(getattr(widget, "children", ()))
        for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
            if isinstance(part, w.Widget):
                yield part
        yield widget



def whole_number(value, low: int, high: int | None = None) -> bool:
    """Whether ``value`` is a whole number (not a bool) from ``low`` to ``high`` (no upper limit: None)."""
    return (isinstance(value, int) and not isinstance(value, bool) and value >= low
            and (high is None or value <= high))


class Refused(Exception):
    """A run that cannot start: its words (plain text) say what to change."""


class RunPanel:
    """The moving parts of a simulation that runs from a button, for one viewer.

    ``bar`` and ``count`` show how far a run has got (``progress(done=..., total=...)`` gives the
    words beside the bar), ``message`` says what is happening (at first ``idle``), and ``plot``
    holds the plot drawn when a run ends: nothing runs or is drawn on load. Put
    :meth:`progress_row`, ``message`` and ``plot`` in the app and :meth:`run_on_click` on its run
    button. The run's work reads its numbers with :meth:`read_number`, calls :meth:`start`, gives
    the simulation :meth:`reporter` as its progress callback and shows its plot with
    :meth:`show_png`; an error in it becomes the message ``failed(error)``.
    """

    def __init__(self, progress: Callable[..., str], idle: str, failed: Callable[[Exception], str]):
        self.progress = progress
        self.failed = failed
        self.bar = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="24em"))
        self.count = w.HTML()
        self.message = w.HTML(message(esc(idle)))
        self.plot = w.Output()

    def progress_row(self) -> w.HBox:
        """The bar with its count beside it."""
        return row([self.bar, self.count])

    def say(self, text: str, error: bool = False) -> None:
        """Show plain words (escaped here) in the message box; ``error`` marks them as a problem."""
        self.message.value = message(esc(text), error)

    def start(self, total: int) -> None:
        """A new run of ``total`` steps: the bar empty, the count at 0 of ``total``."""
        self.bar.max, self.bar.value = total, 0
        self.count.value = esc(self.progress(done=0, total=total))

    def reporter(self, total: int, offset: int = 0) -> Callable[[int, int], None]:
        """A ``progress(done, n)`` callback for a part of the run that starts after ``offset`` steps.

        It moves the bar and the count about 50 times over the ``total`` steps of the whole run,
        and at the end; the callback's own ``n`` (the part's size) is not needed.
        """
        step = max(1, total // 50)

        def report(done: int, _n: int) -> None:
            done += offset
            if done % step == 0 or done == total:
                self.bar.value = done
                self.count.value = esc(self.progress(done=done, total=total))
        return report

    def run_on_click(self, run_button: w.Button, work: Callable[[], None]) -> None:
        """Call ``work()`` whenever ``run_button`` is clicked, with the button disabled meanwhile.

        A :class:`Refused` run says its words as a problem; any other exception becomes the
        message ``failed(error)``: a student sees a sentence rather than a traceback, and the
        button always comes back.
        """
        def on_click(_):
            run_button.disabled = True
            try:
                work()
            except Refused as e:
                self.say(str(e), error=True)
            except Exception as e:  # show it to the student rather than a traceback
                self.say(self.failed(e), error=True)
            finally:
                run_button.disabled = False
        run_button.on_click(on_click)

    @staticmethod
    def read_number(box: w.IntText, low: int, high: int | None, refusal: str) -> int:
        """The whole number in ``box``, from ``low`` to ``high`` (no upper limit: None); any other
        value refuses the run with ``refusal``."""
        if not whole_number(box.value, low, high):
            raise Refused(refusal)
        return box.value

    def show_png(self, png: bytes, alt: str, width: int = 640, height: int = 400) -> None:
        """Show a plot (PNG bytes) in ``plot``, with ``alt`` as its text for screen readers: the page
        shows the HTML form (an image with its ``alt``; a bare image/png is drawn without one)."""
        data = base64.b64encode(png).decode("ascii")
        image = f'<img src="data:image/png;base64,{data}" alt="{esc(alt)}" width="{width}" height="{height}">'
        self.plot.outputs = ({"output_type": "display_data",
                              "data": {"text/html": image, "image/png": data, "text/plain": alt},
                              "metadata": {"image/png": {"width": width, "height": height}}},)

    def clear(self, note: str) -> None:
        """Forget the plot and the progress, and say ``note`` (plain words)."""
        self.plot.outputs = ()
        self.bar.value = 0
        self.count.value = ""
        self.say(note)


class Runner:
    """A study's run on its own thread, so that the kernel hears **Stop** (and everything else)
    while games are played: a click on the run button (or ``start(work)``) calls ``work(stopping)``
    on the thread, with the run button disabled and Stop enabled meanwhile; Stop sets ``stopping``, which the work checks
    after every game. A :class:`Refused` run says its words as a problem, any other error
    becomes ``panel.failed(error)``; the buttons always come back.

    Where no thread can start (the static site's browser), the run is in this thread, after the
    click has been answered (``runtime.run_soon``), and ``stopping`` is a ``runtime.Flag``, which
    lets the page handle a click on Stop whenever the work checks it.

    The work returns its closing words ("Done: ...", "Stopped: ..."), said once the buttons are
    back: whoever reads them (a student, a screen reader, a test) can press Run again at once."""

    def __init__(self, run: w.Button, stop: w.Button, panel: RunPanel,
                 work: Callable[[threading.Event], str | None] | None = None):
        self.run_button, self.stop_button, self.panel = run, stop, panel
        self.stopping = threading.Event() if runtime.can_start_threads() else runtime.Flag()
        self.thread: threading.Thread | None = None
        self.running = False
        stop.disabled = True
        if work is not None:
            run.on_click(lambda _: self.start(work))
        stop.on_click(lambda _: self.stopping.set())

    def start(self, work: Callable[[threading.Event], str | None]) -> None:
        if self.running:
            return
        self.running = True
        self.stopping.clear()
        self.run_button.disabled, self.stop_button.disabled = True, False

        def guarded():
            closing, error = None, False
            try:
                closing = work(self.stopping)
            except Refused as e:
                closing, error = str(e), True
            except Exception as e:  # a sentence for the student rather than a traceback
                closing, error = self.panel.failed(e), True
            finally:
                self.run_button.disabled, self.stop_button.disabled = False, True
                self.running = False
            if closing:
                self.panel.say(closing, error=error)

        if not runtime.can_start_threads():
            runtime.run_soon(guarded)
            return
        self.thread = threading.Thread(target=guarded, daemon=True)
        self.thread.start()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the run to end (tests; a notebook never waits)."""
        if self.thread:
            self.thread.join(timeout)
