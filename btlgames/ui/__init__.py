"""ipywidgets apps: the generic game app, per-game renderers and concept widgets.

Notebooks call one function per section, e.g. ``btlgames.ui.play("pentaquark")``.
"""
from .app import GameApp, play

__all__ = ["GameApp", "play"]
