"""A Pentaquark bot that plays with a plan (filled in below)."""
from ..core.bots import RandomBot


class HeuristicBot(RandomBot):
    name = "heuristic"
