"""Beamtimes and Lifetimes (2-4 research groups): detector ranges, exclusion, credit."""
from ..core.bots import RandomBot
from ..core.registry import GameSpec, Option, register
from .bots import GrantsBot, HeuristicBot, NoVerifyBot, SolverBot
from .rules import BeamtimesState

SPEC = register(GameSpec(
    name="beamtimes",
    title="Beamtimes and Lifetimes",
    state_class=BeamtimesState,
    options={
        "players": Option(2, low=2, high=4, help="research groups"),
        "rounds": Option(30, low=5, high=200, help="rounds of beamtime before the game ends (K15)"),
        "hand": Option(5, low=1, high=24, help="tokens each group starts with in hand; the rest of its 25 are its reserve (K3)"),
        "ending": Option("first", choices=("lesson", "first", "source"),
                         help="first: the game ends at the first solve (the kit's default); lesson: once players + 1 "
                              "problems are solved; source: once all six are; always at the latest when the rounds run "
                              "out (K15)"),
        "credit": Option("closest", choices=("closest", "tokens", "published"),
                         help="K16, when groups are level on solved problems: closest = the smallest X published (the "
                              "most precise result), then results, then tokens (the kit's default); tokens = most tokens "
                              "in hand (rules version 3: grants count as much as results); published = most published "
                              "results, then tokens (rules version 2)"),
    },
    # the first bot that is not random fills the app's seats: the solver, which wins its fair share against the
    # heuristic bot and solves most (the rulebook's designer notes)
    # grants ignores the science (never builds): the designer notes measure what that wins
    bots={"random": RandomBot, "solver": SolverBot, "heuristic": HeuristicBot, "no-verify": NoVerifyBot,
          "grants": GrantsBot},
    # every turn is one action, at most one follow-up (publish or withhold, or the swap) and a
    # verification or the end of the turn; each group has one turn a round (K15 caps the rounds)
    max_actions=lambda options: 3 * options["rounds"] * options["players"],
))
