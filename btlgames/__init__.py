"""btlgames: five tabletop games as a way into science.

    >>> import btlgames
    >>> state = btlgames.load("pentaquark", seed=1)
    >>> state.legal_actions()[0]
"""
from .core import IllegalAction, SaveError, games, load, simulate
from .core.saves import dumps as save, loads as restore

__version__ = "0.1.0"
__all__ = ["IllegalAction", "SaveError", "games", "load", "restore", "save", "simulate"]
