"""Run in the page's Python right after Pyodide started, before the kernel is imported
(pyodide_start.js): what keeps an app's start short. Plain Python, no imports of the kit."""


def _no_terminal(*args, **kwargs):
    raise RuntimeError("IPython's terminal is not part of the site")


def _no_sqlite():
    """The names IPython's history takes from sqlite3; connecting fails (the kernel turns the
    history off, and no app stores anything in SQLite)."""
    import types

    sqlite3 = types.ModuleType("sqlite3", "Not SQLite: the site's Python has none (pyodide_start.py).")
    sqlite3.Error = type("Error", (Exception,), {"__module__": "sqlite3"})
    sqlite3.DatabaseError = type("DatabaseError", (sqlite3.Error,), {"__module__": "sqlite3"})
    for name in ("OperationalError", "IntegrityError"):
        setattr(sqlite3, name, type(name, (sqlite3.DatabaseError,), {"__module__": "sqlite3"}))
    sqlite3.Connection = type("Connection", (), {"__module__": "sqlite3"})
    sqlite3.PARSE_DECLTYPES, sqlite3.PARSE_COLNAMES = 1, 2

    def connect(*args, **kwargs):
        raise sqlite3.OperationalError("the site's Python has no SQLite")

    sqlite3.connect = connect
    return sqlite3


def start(home: str) -> None:
    import json
    import os
    import sys
    import types

    # ``import IPython`` imports its terminal (prompt_toolkit, its key bindings and prompts:
    # about 2 s here) for ``IPython.embed``; a page has no terminal, and the site carries none.
    embed = types.ModuleType("IPython.terminal.embed")
    embed.embed = _no_terminal
    sys.modules.setdefault("IPython.terminal.embed", embed)
    # IPython imports sqlite3 for its history, which the kernel turns off; no app uses SQLite, so
    # the site carries none (0.6 MB, and a library to link as Python starts).
    try:
        import sqlite3  # noqa: F401 - a Python that has it keeps it
    except ImportError:
        sys.modules["sqlite3"] = _no_sqlite()
    # The kernel imports ipywidgets as it starts (IPython's own setting), so that the widgets'
    # control channel is there when the page asks for the widgets' state: without it the page's
    # request is refused and it asks for each widget by itself. (The page waits for the answer
    # as long as Python takes to start: build.CONTROL_COMM_WAIT_MS.)
    profile = os.path.join(home, ".ipython", "profile_default")
    os.makedirs(profile, exist_ok=True)
    with open(os.path.join(profile, "ipython_config.json"), "w", encoding="utf-8") as config:
        json.dump({"InteractiveShellApp": {"exec_lines": ["import ipywidgets"]}}, config)


start(__import__("os").path.expanduser("~"))
del start, _no_terminal, _no_sqlite
