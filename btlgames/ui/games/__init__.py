"""One renderer per game, each the only place that builds its game's app (``<game>.app()``,
and ``<game>.play()`` its widget). A game's renderer module is its registered name with "-" as
"_" (``beat-the-logic``: ``beat_the_logic.py``); ``tests/test_project.py`` checks that every
registered game has one that keeps the renderer contract (``ui/app/renderer.py``)."""
from __future__ import annotations

import importlib
from types import ModuleType

from ...core.registry import spec


def module_name(game: str) -> str:
    """The module of a game's renderer: its registered name with "-" as "_"."""
    return spec(game).name.replace("-", "_")  # an unknown game: the registry's ValueError names the games


def renderer_module(game: str) -> ModuleType:
    """A registered game's renderer module, ``btlgames.ui.games.<module_name>`` (imported here, by
    name from the registry: the one list of games stays the package's)."""
    return importlib.import_module(f"{__name__}.{module_name(game)}")


def app(game: str, **settings):
    """A game's play app (``GameApp``), as its renderer module builds it."""
    return renderer_module(game).app(**settings)
