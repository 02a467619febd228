"""What the Python running the kit can do: the one place that knows about the browser.

In the static site (``btlgames site``) the apps run in Pyodide, a Python in the browser's
WebAssembly, which can start neither threads nor processes.  Code that would use them asks
here and does the same work in the calling thread instead (same results, but a long run
cannot be stopped half-way there).  It lives in ``core`` because studies use it too.
"""
from __future__ import annotations

import sys

IN_BROWSER = sys.platform == "emscripten"


def can_start_threads() -> bool:
    return not IN_BROWSER


def can_start_processes() -> bool:
    return not IN_BROWSER
