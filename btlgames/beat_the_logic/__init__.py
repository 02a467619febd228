"""Beat The Logic (2-4 players): draft cards, collect band members and their attributes."""
from ..core.bots import RandomBot
from ..core.registry import GameSpec, Option, register
from .bots import ForgetfulBot, GreedyBot, PlannerBot
from .cards import deck_for, is_angel
from .rules import BeatTheLogicState

SPEC = register(GameSpec(
    name="beat-the-logic",
    title="Beat The Logic",
    state_class=BeatTheLogicState,
    options={
        "players": Option(2, low=2, high=4, help="players"),
        "variant": Option("standard", choices=("standard", "first-edition"),
                          help="first-edition: identical musicians may be collected too (K14)"),
    },
    bots={"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot, "forgetful": ForgetfulBot},
    # every play, protection or laying aside takes a card from a hand for good, and only an angel
    # laid on a set is followed by one more choice (steal or not)
    max_actions=lambda options: sum(1 + is_angel(card) for card in deck_for(options["players"])),
))
