"""The conformance harness every game's tests call.

It plays many seeded random games and checks, at every step: legal actions
exist until the end and all apply; an illegal action raises and changes
nothing; clone is equal and independent; the view is JSON-safe and does not
change when only what that seat may not see changes; the game's invariants
hold. Every game is saved and reloaded at the end, and on a sample of steps
(replay costs the whole history, so every step of every game would be
quadratic); determinism is checked by replaying seeds with the global
``random`` disturbed in between. Last, the boundary's properties (``core.fuzz``):
altered actions and damaged saves, a few seconds per call.
"""
from __future__ import annotations

import json
import random

from . import fuzz
from .bots import RandomBot
from .registry import load
from .saves import dumps, loads
from .state import IllegalAction


class _NotAnAction:
    kind = "not-an-action"

    def to_json(self):
        return {"kind": self.kind}


def play_checked(game: str, seed: int, max_steps: int = 5000, save_every: int = 0, **options):
    """One random game with every check; returns the finished state."""
    state = load(game, seed=seed, **options)
    bot = RandomBot(seed)
    rng = random.Random(f"harness:{seed}")
    step = 0
    while not state.is_over():
        step += 1
        assert step <= max_steps, f"{game} seed {seed}: no end after {max_steps} actions"
        legal = state.legal_actions()
        assert legal, f"{game} seed {seed}: no legal action at step {step} but the game is not over"
        assert len(set(legal)) == len(legal), f"duplicate legal actions at step {step}"
        assert state.current_player() is not None
        state.check_invariants()
        _check_view(state, rng)
        _check_illegal(state)
        if save_every and step % save_every == 0:
            _check_save(state)
        before = state.clone()
        assert before == state
        action = bot.choose(state.view(state.current_player()), legal)
        state.apply(action)
        assert before != state, f"{action} changed nothing"
        assert str(action), "every action has readable words"
    state.check_invariants()
    assert state.legal_actions() == [] and state.current_player() is None
    _check_save(state)
    return state


def _check_view(state, rng) -> None:
    player = state.current_player()
    for viewer in {player, None}:
        view = state.view(viewer)
        json.dumps(view)  # JSON-safe
        other = state.hidden_variation(viewer, rng)
        if other is not None:
            assert other.view(viewer) == view, "the view shows something this seat may not see"


def _check_illegal(state) -> None:
    before = state.clone()
    try:
        state.apply(_NotAnAction())
    except IllegalAction as err:
        assert str(err)
    else:
        raise AssertionError("an illegal action was accepted")
    assert state == before, "an illegal action changed the state"


def _check_save(state) -> None:
    again = loads(dumps(state))
    assert again == state, "save and load does not give the same game"


def check_determinism(game: str, seeds, **options) -> None:
    """The same seed gives the same log, whatever the global random does in between."""
    for seed in seeds:
        logs = []
        for disturb in (1, 2):
            random.seed(disturb)
            random.random()
            state = load(game, seed=seed, **options)
            bot = RandomBot(seed)
            while not state.is_over():
                random.random()
                state.apply(bot.choose(state.view(state.current_player()), state.legal_actions()))
            logs.append(state.log.to_records("all"))
        assert logs[0] == logs[1], f"{game} seed {seed} is not deterministic"


def run(game: str, games: int = 500, seed: int = 0, save_sample: int = 50, **options) -> list:
    """The whole harness: ``games`` seeded random games, the first ``save_sample`` of
    them with a save round trip at every step. Returns the finished states."""
    finished = [play_checked(game, seed + i, save_every=1 if i < save_sample else 0, **options)
                for i in range(games)]
    check_determinism(game, range(seed, seed + 20), **options)
    fuzz.check(game, seed, examples=fuzz.EXAMPLES, **options)
    return finished
