"""Research Programme games for the debrief's widget tests (imported as ``from debrief_games import ...``)."""
import btlgames
from btlgames.core.playing import play_one
from btlgames.core.state import action_from_json

SCHOOL_EVENT_KINDS = ("struck", "protected", "event_effect")  # what the school game logs since Kit rule K33


def first_game(wanted, variant: str, bots: list, seeds=range(300)):
    """The first seeded bot game that shows ``wanted(state)`` (the bots change; the rules do not)."""
    games = (play_one("research", seed, bots, variant=variant, players=len(bots)) for seed in seeds)
    return next(state for state in games if wanted(state))


def unfinished():
    """A school game stopped halfway through (the bell rang)."""
    done = play_one("research", 6, ["heuristic", "random", "heuristic"], variant="school", players=3)
    early = btlgames.load("research", seed=done.seed, **done.options)
    for raw in done.history[:len(done.history) // 2]:
        early.apply(action_from_json(early.actions, raw))
    return early


def older(state):
    """The game as its log read before the school game's bias and influence events (Kit rule K33)."""
    old = state.clone()
    old.log.events = [e for e in old.log.events if e.kind not in SCHOOL_EVENT_KINDS]
    return old
