"""Antimatter Matters (2-6 Scientists): Pauli exclusion, annihilation, atoms built from quarks."""
from ..core.bots import RandomBot
from ..core.registry import GameSpec, Option, register
from ..science.nuclides import stable_nuclides
from .bots import HeuristicBot
from .goals import GoalsOption
from .rules import MODES, AntimatterState

SPEC = register(GameSpec(
    name="antimatter",
    title="Antimatter Matters",
    state_class=AntimatterState,
    options={
        "players": Option(2, low=2, high=6, help="Scientists"),
        "mode": Option("standard", choices=MODES, help="standard, challenge, mixed, team or coop (K24-K27)"),
        "atom": Option("H-1", choices=tuple(n.label for n in stable_nuclides(10)),
                       help="the stable atom to build (standard, challenge, team; K23)"),
        "goals": GoalsOption("ladder", help='mixed mode: each seat\'s goal: "ladder" (the source\'s example, '
                             'seat 1 the simplest), "equal" (everyone the atom) or "H-2, H-1 in order, ..." (K24)'),
        "head_start": Option(False, choices=(False, True),
                             help="mixed mode: harder goals start with pieces, so equal players win nearly equally often "
                                  "(K31; off: the source's handicap, K24)"),
        "teams": Option(2, low=2, high=3, help="team mode: how many teams (K25)"),
        "challenge": Option(False, choices=(False, True),
                            help="collect in the mats' order in any game type (source: challenge yourself; K7)"),
        "rounds": Option(60, low=5, high=500, help="rounds before the lab closes (K29)"),
    },
    bots={"random": RandomBot, "heuristic": HeuristicBot},
    # a turn is a short script (roll, move, movement cards, one action card, shields answered,
    # draw two, the hand limit): set by hand well above the most random play reached, 10.1
    # actions per Scientist and round (cooperative, 6 Scientists: every other Scientist is asked
    # about a shield, K32; 24 random games over the modes), K29 capping the rounds
    max_actions=lambda options: 40 * options["rounds"] * options["players"],
    # per game: the Pauli rule's moves back (K9) and the rounds played (the Pauli notebook's crowding)
    quantities=("pauli", "rounds"),
))
