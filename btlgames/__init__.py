"""btlgames: five tabletop games as a way into science.

    >>> import btlgames
    >>> state = btlgames.load("pentaquark", seed=1)
    >>> state.legal_actions()[0]
"""
from .core import IllegalAction, SaveError, games, load, simulate
from .core.saves import dumps as save, loads as restore

# The one list of games: each registers itself with the core's registry when imported (the core
# never names a game). A new game is a package beside these and one name here.
from . import antimatter, beamtimes, beat_the_logic, pentaquark, research  # noqa: E402,F401

__version__ = "0.1.0"
__all__ = ["IllegalAction", "SaveError", "games", "load", "restore", "save", "simulate"]
