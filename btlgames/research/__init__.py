"""Research Programme (2-4 players or teams): replication, rigor vs hype, null results, bias.

Two variants: the full game (8 rounds, interference, synthesis) and the 45-minute school game.
"""
from ..core.bots import RandomBot
from ..core.registry import GameSpec, Option, register
from .bots import HeuristicBot
from .rules import ResearchState
from .constants import ROUNDS, STORY_CAPS

SPEC = register(GameSpec(
    name="research",
    title="Research Programme",
    state_class=ResearchState,
    options={
        "variant": Option("full", choices=("full", "school"), help="the full game or the 45-minute school game"),
        "players": Option(3, low=2, high=4, help="players or teams"),
        "stories": Option("every", choices=STORY_CAPS,
                          help="school game, Kit rule K31: every team may tell a story each round (every), "
                               "one story a round for the class (round), or none"),
    },
    bots={"random": RandomBot, "heuristic": HeuristicBot},
    # declared, not derived: a round is a fixed schedule (income, repayment, story, two actions, the
    # test, synthesis, clean-up), each step with a few follow-up choices; 40 a team and round is
    # several times the most random or never-stopping play has taken (6.6)
    max_actions=lambda options: 40 * ROUNDS[options["variant"]] * options["players"],
))
