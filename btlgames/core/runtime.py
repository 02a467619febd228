"""What the Python running the kit can do: the one place that knows about the browser.

In the static site (``btlgames site``) the apps run in Pyodide, a Python in the browser's
WebAssembly, which can start neither threads nor processes.  Code that would use them asks
here and does the same work in the calling thread instead (same results).  A long run there
still hears Stop: :func:`run_soon` starts it after the click that asked for it has been
handled, and :class:`Flag` (the stop flag such a run checks after every game) lets the
browser handle what is waiting, a click on Stop, each time it is asked (where the browser can
pause the run: Chromium's WebAssembly stack switching, JSPI).  It lives in ``core`` because
studies use it too.
"""
from __future__ import annotations

import os
import re
import sys
import threading
import time
from typing import Callable
from urllib.parse import parse_qs, urlsplit, urlunsplit

IN_BROWSER = sys.platform == "emscripten"

#: How often a run in the browser lets the page handle clicks (seconds of running between).
PAUSE_EVERY = 0.1


def page_argument(name: str, environ=os.environ) -> str | None:
    """A value of the page's own address (``school.ipynb?teams=4`` -> "4" for ``teams``), or None:
    Voilà hands a page's query to its kernel as QUERY_STRING, as the static site does in the
    browser (``core.i18n`` reads ``lang`` the same way)."""
    values = parse_qs(environ.get("QUERY_STRING") or "").get(name)
    return values[0] if values else None


def can_start_threads() -> bool:
    return not IN_BROWSER


def can_start_processes() -> bool:
    return not IN_BROWSER


def page_link(href: str) -> str:
    """A link from an app to another page of the kit, as this Python's pages are served: the
    kit's server renders a notebook or lesson page at its own name (``school.ipynb``,
    ``../../../lessons/pentaquark/rules.md``); the static site (in the browser) has built them
    as ``.html`` files (a folder's ``README.md`` as its ``index.html``).  Other links as they are."""
    parts = urlsplit(href)
    if not IN_BROWSER or parts.scheme or parts.netloc:
        return href
    path = re.sub(r"(^|/)README\.md$", r"\1index.html", parts.path)
    return urlunsplit(parts._replace(path=re.sub(r"\.(?:ipynb|md)$", ".html", path)))


def _pause_for_browser() -> Callable[[], None] | None:
    """A call that lets the browser's event loop run once, where a running Python may pause."""
    if not IN_BROWSER:
        return None
    try:
        import asyncio

        from pyodide.ffi import can_run_sync, run_sync
    except ImportError:  # an older Pyodide
        return None
    if not can_run_sync():
        return None
    return lambda: run_sync(asyncio.sleep(0))


def run_soon(work: Callable[[], None]) -> None:
    """Run ``work()`` in this thread, in the browser once the current message (the click) has
    been answered, so that the page's next message, Stop, can reach :class:`Flag`.  Where no
    event loop runs (plain Python), at once."""
    import asyncio

    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        loop = None
    if not IN_BROWSER or loop is None:
        work()
        return

    async def in_a_task():
        work()

    loop.create_task(in_a_task())


class Flag(threading.Event):
    """A stop flag (a ``threading.Event``) for a run in this thread: in the browser, asking it
    whether it is set first lets the page handle what waits (at most every ``PAUSE_EVERY``
    seconds), so that a click on Stop sets it half-way through the run."""

    def __init__(self):
        super().__init__()
        self._paused_at = time.monotonic()

    def is_set(self) -> bool:
        if not super().is_set() and time.monotonic() - self._paused_at >= PAUSE_EVERY:
            pause = _pause_for_browser()
            if pause is not None:
                pause()
            self._paused_at = time.monotonic()
        return super().is_set()
