"""Files the apps and pages ship in the package (CSS, JavaScript), read as text: nothing is
fetched at run time. Plain Python, so the kit's pages (no ipywidgets) read them too."""
from __future__ import annotations

from importlib import resources


def static_text(package: str, name: str) -> str:
    """The text of ``static/<name>`` in ``package`` (a room of ``btlgames.ui``)."""
    return (resources.files(package) / "static" / name).read_text(encoding="utf-8")


#: The focus ring of everything that takes the focus (static/focus.css): first in every app's
#: style and in the kit's pages, so every screen shows the keyboard's place alike.
FOCUS_CSS = static_text(__package__, "focus.css")
