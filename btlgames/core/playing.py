"""One seeded game between bots: a bot per seat by name, and the game played to its end.

A game that does not end is an error, never a result (studies of many games: ``core.study``).
"""
from __future__ import annotations

from .bots import play_turns
from .registry import load, spec


def make_bot(game: str, name: str, seed: int):
    return spec(game).bots[_known_bot(game, name)](seed=seed)


def _known_bot(game: str, name: str) -> str:
    bots = spec(game).bots
    if name not in bots:
        raise ValueError(f"{game} has no bot {name!r}; its bots: {', '.join(bots)}")
    return name


def seat_bots(game: str, bot: str | list[str], seats: int) -> list[str]:
    """One bot name per seat: ``bot`` for every seat, or a list with exactly one name per seat."""
    names = [bot] * seats if isinstance(bot, str) else list(bot)
    if len(names) != seats:
        raise ValueError(f"{len(names)} bots ({', '.join(names)}) for {seats} seats: give one bot "
                         f"for every seat, or one name that plays them all")
    return [_known_bot(game, name) for name in names]


def play_one(game: str, seed: int, bot: str | list[str] = "random", **options):
    """One finished game, every seat played by ``bot`` (or one name per seat)."""
    state = load(game, seed=seed, **options)
    names = seat_bots(game, bot, state.players)
    bots = {seat: make_bot(game, name, seed * 31 + seat) for seat, name in enumerate(names)}
    play_turns(state, bots)
    if not state.is_over():  # play_turns stops only at the end (or raises): say so if that changes
        raise RuntimeError(f"{game} seed {seed} did not finish: an unfinished game is not a result")
    return state
