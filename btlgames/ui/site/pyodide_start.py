"""Run in the page's Python right after Pyodide started, before the kernel is imported
(pyodide_start.js): what keeps an app's start short. Plain Python, no imports of the kit."""


def _no_terminal(*args, **kwargs):
    raise RuntimeError("IPython's terminal is not part of the site")


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
    # The kernel imports ipywidgets as it starts (IPython's own setting), so that the widgets'
    # control channel answers the page at once: without it the page waits for it in vain, then
    # warns "Control comm did not respond in time" and asks for each widget by itself.
    profile = os.path.join(home, ".ipython", "profile_default")
    os.makedirs(profile, exist_ok=True)
    with open(os.path.join(profile, "ipython_config.json"), "w", encoding="utf-8") as config:
        json.dump({"InteractiveShellApp": {"exec_lines": ["import ipywidgets"]}}, config)


start(__import__("os").path.expanduser("~"))
del start, _no_terminal
