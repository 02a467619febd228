"""Research Programme (2-4 players or teams): replication, rigor vs hype, null results, bias.

Two variants: the full game (8 rounds, interference, synthesis) and the 45-minute school game.
"""
from ..core.bots import RandomBot
from ..core.registry import GameSpec, Option, register
from .bots import HeuristicBot
from .rules import ResearchState

SPEC = register(GameSpec(
    name="research",
    title="Research Programme",
    state_class=ResearchState,
    options={
        "variant": Option("full", choices=("full", "school"), help="the full game or the 45-minute school game"),
        "players": Option(3, low=2, high=4, help="players or teams"),
    },
    bots={"random": RandomBot, "heuristic": HeuristicBot},
))
