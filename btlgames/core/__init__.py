"""What every game shares: state contract, chance, log, registry, saves, bots."""
from .bots import Bot, RandomBot, play_turns
from .chance import Chance
from .events import ALL, Event, Log
from .registry import GameSpec, Option, games, load, register, spec
from .saves import SaveError
from .playing import play_one
from .state import Action, GameState, IllegalAction
from .study import simulate

__all__ = ["ALL", "Action", "Bot", "Chance", "Event", "GameSpec", "GameState", "IllegalAction",
           "Log", "Option", "RandomBot", "SaveError", "games", "load", "play_one", "play_turns",
           "register", "simulate", "spec"]
