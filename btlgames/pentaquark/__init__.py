"""Pentaquark (solo): colour confinement, anti-quarks and annihilation."""
from ..core.bots import RandomBot
from ..core.registry import GameSpec, Option, register
from .bots import HeuristicBot
from .rules import PentaquarkState, most_actions

SPEC = register(GameSpec(
    name="pentaquark",
    title="Pentaquark",
    state_class=PentaquarkState,
    options={
        "players": Option(1, choices=(1,), help="a solo game"),
        "annihilate_cards": Option(3, low=0, high=3, help="annihilate cards set aside (the rulebook has 3)"),
    },
    bots={"random": RandomBot, "heuristic": HeuristicBot},
    max_actions=most_actions,
))
