"""Pentaquark (solo): colour confinement, anti-quarks and annihilation."""
from ..core.bots import RandomBot
from ..core.registry import GameSpec, Option, register
from .bots import HeuristicBot
from .rules import BEAMS, FLIPPED, PentaquarkState, most_actions

SPEC = register(GameSpec(
    name="pentaquark",
    title="Pentaquark",
    state_class=PentaquarkState,
    options={
        "players": Option(1, choices=(1,), help="a solo game"),
        # the rules' numbers a designer may vary; the defaults are the kit's rulebook
        "annihilate_cards": Option(3, low=0, high=3, help="annihilate cards set aside (the rulebook has 3)"),
        "beams": Option(BEAMS, low=1, high=30, help="the beam time: the game is lost when the Beam runs out "
                                                    "for this time (Kit rule K15 has 10)"),
        "flipped_low": Option(FLIPPED[0], low=0, high=15, help="set-up: the fewest quark cards turned to "
                                                               "their anti-quark face (Kit rule K2 has 6)"),
        "flipped_high": Option(FLIPPED[1], low=0, high=15, help="set-up: the most quark cards turned to their "
                                                                "anti-quark face (Kit rule K2 has 9; not below "
                                                                "flipped_low)"),
    },
    bots={"random": RandomBot, "heuristic": HeuristicBot},
    max_actions=most_actions,
))
