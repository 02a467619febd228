"""Beamtimes and Lifetimes (2-4 research groups): detector ranges, exclusion, credit."""
from ..core.bots import RandomBot
from ..core.registry import GameSpec, Option, register
from .bots import HeuristicBot, NoVerifyBot, SolverBot
from .rules import BeamtimesState

SPEC = register(GameSpec(
    name="beamtimes",
    title="Beamtimes and Lifetimes",
    state_class=BeamtimesState,
    options={
        "players": Option(2, low=2, high=4, help="research groups"),
        "rounds": Option(30, low=5, high=200, help="rounds of beamtime before the game ends (K15)"),
        "ending": Option("lesson", choices=("lesson", "source"),
                         help="lesson: the game ends once players + 1 problems are solved; source: once all six are (K15)"),
    },
    bots={"random": RandomBot, "heuristic": HeuristicBot, "no-verify": NoVerifyBot, "solver": SolverBot},
    # every turn is one action, at most one follow-up (publish or withhold, or the swap) and a
    # verification or the end of the turn; each group has one turn a round (K15 caps the rounds)
    max_actions=lambda options: 3 * options["rounds"] * options["players"],
))
