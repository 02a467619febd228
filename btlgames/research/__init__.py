"""Research Programme (2-4 players or teams): replication, rigor vs hype, null results, bias.

Two variants: the full game (8 rounds, interference, synthesis) and the 45-minute school game.
"""
from ..core.bots import RandomBot
from ..core.registry import GameSpec, Option, register
from .bots import HeuristicBot, NoReplicationBot
from .rules import ResearchState
from .constants import CARD_SETS, HAND, ROUNDS, STORAGE, STORY_CAPS, SYNTHESIS_TARGET

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
        # the rules' numbers a designer may vary; the defaults are the kit's rulebook
        "cards": Option(CARD_SETS[0], choices=CARD_SETS,
                        help="Kit rule K35: the theory and project cards in play: all (the rulebook's decks), "
                             "packs (only the fields of the school game's four beginner packs, gravity, particle "
                             "physics, quantum and condensed matter, and Metascience: fewer cards, so theories "
                             "meet their projects more often) or no-metascience (without Metascience's theories and "
                             "projects); methods are always the whole deck"),
        "rounds": Option(0, low=0, high=12, help="rounds in a game; 0 (the default) plays the variant's own: "
                                                 "8 in the full game, 5 in the school game"),
        "hand": Option(HAND, low=1, high=8, help="theory and method cards a player may keep in hand; more "
                                                 "are discarded at once (the rulebook has 4)"),
        "storage": Option(STORAGE, low=1, high=20, help="resources a player may keep after clean-up; the excess "
                                                        "goes back from the largest pile (Kit rule K9 has 8)"),
        "synthesis_target": Option(SYNTHESIS_TARGET, low=1, high=10,
                                   help="full game: the total of one die and the synthesis bonus (at most +3) "
                                        "that wins at once (the rulebook has 8)"),
    },
    # no-replication ignores what the game teaches: the designer notes measure what that wins
    bots={"random": RandomBot, "heuristic": HeuristicBot, "no-replication": NoReplicationBot},
    # declared, not derived: a round is a fixed schedule (income, repayment, story, two actions, the
    # test, synthesis, clean-up), each step with a few follow-up choices; 40 a team and round is
    # several times the most random or never-stopping play has taken (6.6)
    max_actions=lambda options: 40 * (options["rounds"] or ROUNDS[options["variant"]]) * options["players"],
    # per game: replications (what the game rewards), artefacts (Hype outrunning Rigor), rounds played
    quantities=("replications", "artefacts", "rounds"),
))
