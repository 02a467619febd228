"""The conformance harness every game's tests call.

It plays many seeded random games and checks, at every step: legal actions
exist until the end and all apply; an illegal action raises and changes
nothing; clone is equal and independent; the view is JSON-safe and does not
change when only what that seat may not see changes, nor (on a sample of
steps) what a step decides, taken again at a table dealt differently; the
game's invariants hold. Every game is saved and reloaded at the end, and on a
sample of steps (replay costs the whole history, so every step of every game
would be quadratic); determinism is checked by replaying seeds with the global
``random`` disturbed in between. Last, the boundary's properties (``core.fuzz``):
altered actions and damaged saves, a few seconds per call.
"""
from __future__ import annotations

import copy
import json
import random
from dataclasses import fields

from . import fuzz
from .bots import RandomBot
from .registry import load, spec
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
    step = logged = 0
    while not state.is_over():
        step += 1
        assert step <= max_steps, f"{game} seed {seed}: no end after {max_steps} actions"
        legal = state.legal_actions()
        assert legal, f"{game} seed {seed}: no legal action at step {step} but the game is not over"
        assert len(set(legal)) == len(legal), f"duplicate legal actions at step {step}"
        assert state.current_player() is not None
        state.check_invariants()
        _check_view(state, rng)
        if step % PUBLIC_EVERY == seed % PUBLIC_EVERY:  # a sample: it costs a view per seat
            logged = _check_public(state, logged)
        _check_illegal(state)
        if save_every and step % save_every == 0:
            _check_save(state)
        before = state.clone()
        assert before == state
        action = bot.choose(state.view(state.current_player()), legal)
        state.apply(action)
        assert before != state, f"{action} changed nothing"
        assert str(action), "every action has readable words"
        if step % DECIDED_EVERY == seed % DECIDED_EVERY:
            _check_decided_unseen(before, action, state, legal, rng)  # uses up ``before``
    state.check_invariants()
    _check_public(state, logged)
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


PUBLIC_EVERY = 10  # steps between public-information checks (a sample keeps the harness fast)
DECIDED_EVERY = 10  # steps between checks that a step decides nothing from unseen cards


def _check_decided_unseen(before, action, after, legal, rng) -> None:
    """What a step decides depends only on what the seat that moved could see: taken again at a
    table where the cards that seat cannot see are dealt differently, the step offers that seat
    the same moves and leaves it and the projector seeing the same table, the same seat asked
    the same question next (a shield asked for only when one is held would show).

    ``_check_view`` varies the cards at one moment and keeps what the game had decided from
    them; here the game decides again from the other cards. Cards the step uses or shows (a
    draw, a card turned over) stay as they were dealt, since what it shows rightly differs when
    they do: a place keeps its other card only if the step left it as it was and it is still
    hidden afterwards (``after`` dealt differently has something else there too). ``before``,
    a copy of the table before the step, is used up."""
    if action.kind in before.reveals_in_part:
        return
    seat = before.current_player()
    world = before.hidden_variation(seat, rng)
    dealt_again = after.hidden_variation(seat, rng)
    if world is None or dealt_again is None:  # nothing hidden before the step, or nothing left hidden after it
        return
    for f in fields(before):
        was, varied = getattr(before, f.name), getattr(world, f.name)
        if varied is not was and varied != was:
            hidden_after = getattr(after, f.name), getattr(dealt_again, f.name)
            setattr(world, f.name, _unseen_only(varied, was, *hidden_after))
    offered = world.legal_actions()
    assert offered == legal, f"seat {seat}'s moves depend on cards it cannot see: {legal}, or {offered} dealt differently"
    world.apply(action)
    for viewer in (seat, None):
        seen, elsewhere = after.view(viewer), world.view(viewer)
        if seen != elsewhere:
            where = _first_difference(seen, elsewhere)
            who = "the projector" if viewer is None else "that seat"
            raise AssertionError(f"after {action} by seat {seat}, what {who} sees depends on cards the seat "
                                 f"could not see: at {'/'.join(map(str, where))} it shows {_at(seen, where)!r}, "
                                 f"and {_at(elsewhere, where)!r} at a table dealt differently")


def _unseen_only(varied, was, after, dealt_again):
    """``varied`` where a place stays hidden through the step, else what it ``was``. A value is
    kept if the step left it as it was and ``dealt_again`` (the table after the step, dealt
    differently) has another there. Dicts and lists of dicts or lists are walked; a list of
    values (a hand) only if the step left the same values in it, since cards of one name are
    alike: a hand passed on may hold a card where the same card was."""
    if varied == was or (was == after and after != dealt_again and not isinstance(was, (dict, list))):
        return varied
    parts = (varied, was, after, dealt_again)
    if all(isinstance(x, dict) for x in parts) and varied.keys() == was.keys() == after.keys() == dealt_again.keys():
        return {k: _unseen_only(varied[k], was[k], after[k], dealt_again[k]) for k in was}
    if all(isinstance(x, list) and len(x) == len(was) for x in parts) and (
            all(isinstance(x, (dict, list)) for x in was) or sorted(map(repr, was)) == sorted(map(repr, after))):
        return [_unseen_only(*place) for place in zip(*parts)]
    return copy.deepcopy(was)


def _first_difference(a, b, path=()) -> tuple:
    """The path to the first place where two views differ."""
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        key = next(k for k in a if a[k] != b[k])
        return _first_difference(a[key], b[key], (*path, key))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        i = next(i for i in range(len(a)) if a[i] != b[i])
        return _first_difference(a[i], b[i], (*path, i))
    return path


def _check_public(state, logged: int) -> int:
    """Public information is on the projector: what every seat's view shows alike, and what the
    public log has just named while every seat's view still shows it, the spectator view
    (``view(None)``) shows too. A solo game has no public in that sense: its one seat's knowledge
    is its own. Returns the log's length, where the next step's new events start."""
    if state.players < 2:
        return len(state.log)
    seats = [state.view(p) for p in range(state.players)]
    spectator = state.view(None)
    own = getattr(state, "own_view_keys", ())  # "my hand": the same words, a different thing per seat
    for path, value, shown in _agreed_but_hidden(seats, spectator, ()):
        if path[0] not in own and not _coincidence(state, path, value):
            raise AssertionError(f"every seat's view shows {value!r} at {'/'.join(map(str, path)) or 'the top'}, "
                                 f"the spectator view {shown}")
    texts = [json.dumps(view) for view in seats]
    shown = json.dumps(spectator)
    for event in state.log.events[logged:]:
        for value in _leaves(event.record(None)).values():
            name = json.dumps(value)  # a name, as the JSON string it is in a view
            if isinstance(value, str) and all(name in text for text in texts):
                assert name in shown, (f"the public log names {value!r} and every seat's view shows it, "
                                       "the spectator view does not")
    return len(state.log)


def _agreed_but_hidden(seats: list, spectator, path: tuple):
    """(path, value, what the spectator shows) where every seat's view holds the same value and the
    spectator view does not. Walked down only where the views differ, so the common case costs one
    comparison."""
    first = seats[0]
    agreed = all(seat == first for seat in seats[1:])
    if agreed and spectator == first:
        return
    if all(isinstance(v, dict) for v in (*seats, spectator)):
        for key in set(first).intersection(*seats[1:]):
            yield from _agreed_but_hidden([seat[key] for seat in seats], spectator.get(key, _MISSING),
                                          (*path, key))
    elif all(isinstance(v, list) and len(v) == len(first) for v in (*seats, spectator)):
        for i in range(len(first)):
            yield from _agreed_but_hidden([seat[i] for seat in seats], spectator[i], (*path, i))
    elif agreed:
        yield path, first, "nothing" if spectator is _MISSING else repr(spectator)


def _coincidence(state, path: tuple, value, tries: int = 3) -> bool:
    """Whether seats' own secrets merely happen to be equal at ``path`` (each seat's "my hand" the
    same number): then in a world another seat cannot tell apart from this one, a seat's view
    shows something else there. Only asked when a check would fail, so it costs nothing usually."""
    rng = random.Random(0)
    for _ in range(tries):
        for seat in range(state.players):
            other = state.hidden_variation(seat, rng)
            if other is None:
                continue
            for viewer in range(state.players):
                if viewer != seat and _at(other.view(viewer), path) != value:
                    return True
    return False


def _at(tree, path: tuple):
    for key in path:
        try:
            tree = tree[key]
        except (KeyError, IndexError, TypeError):
            return _MISSING
    return tree


_MISSING = object()


def _leaves(tree, path=()) -> dict:
    """{path: value} for every leaf of a record or view (dicts and lists walked; an empty one is a leaf)."""
    if not isinstance(tree, (dict, list)) or not tree:
        return {path: tree}
    items = tree.items() if isinstance(tree, dict) else enumerate(tree)
    return {k: v for key, sub in items for k, v in _leaves(sub, (*path, key)).items()}


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


def check_ends_within_bound(game: str, finished, **options) -> None:
    """Every game ends under any legal play: the game declares the most actions one game can
    take (``GameSpec.max_actions``), and no random game may take more."""
    declared = spec(game).max_actions
    assert declared is not None, f"{game} declares no bound on a game's length (GameSpec.max_actions)"
    bound = declared(spec(game).check_options(options))
    for state in finished:
        assert state.is_over(), f"{game} seed {state.seed}: the game has not ended"
        assert len(state.history) <= bound, (
            f"{game} seed {state.seed}: random play took {len(state.history)} actions, "
            f"more than the {bound} the game declares it can last")


def run(game: str, games: int = 500, seed: int = 0, save_sample: int = 50, **options) -> list:
    """The whole harness: ``games`` seeded random games, the first ``save_sample`` of
    them with a save round trip at every step. Returns the finished states."""
    finished = [play_checked(game, seed + i, save_every=1 if i < save_sample else 0, **options)
                for i in range(games)]
    check_determinism(game, range(seed, seed + 20), **options)
    check_ends_within_bound(game, finished, **options)
    fuzz.check(game, seed, examples=fuzz.EXAMPLES, **options)
    return finished
