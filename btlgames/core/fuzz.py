"""Property-based checks of the boundary where outside values come in (Hypothesis).

For states sampled from seeded random games of one game and its options:

- an altered legal action (a field replaced by a value of another type, by an equal value of
  another type such as 0.0, True or numpy's int64(0) for 0, by an out-of-range value; the
  fields given to another kind of move; or the move's own class with some or all of its fields
  missing, as a bad unpickle makes it) either raises ``IllegalAction`` and changes nothing, or
  is the very same move as one of ``legal_actions()`` and does exactly what that move does;
- a damaged save built from a real one (truncated, a byte flipped, a field edited or removed,
  a value nested deep in lists, a number made huge or not finite) either restores a game equal
  to the saved one or raises ``SaveError`` with words.

``core.conformance.run`` calls :func:`check` for every game, so a new game gets these checks
by running the harness. Hypothesis is a test dependency: it is imported here only, and this
module only by the harness. The examples are derandomized: a failure shows again on every run.
"""
from __future__ import annotations

import dataclasses
import decimal
import fractions
import json

from .bots import RandomBot
from .registry import load
from .saves import SaveError, dumps, loads
from .state import IllegalAction, _safe_repr, same_action

EXAMPLES = 20  # per property and harness run: ~1-2 s (bench/ or a test may ask for more)
SAMPLE_GAMES = 3  # seeded games the states are taken from
SAMPLE_STEPS = 6  # states kept per game, spread over its length


def check(game: str, seed: int = 0, examples: int = EXAMPLES, **options) -> None:
    """Both properties, ``examples`` Hypothesis examples each, for ``game`` with ``options``."""
    states = sample_states(game, seed, **options)
    check_altered_actions(states, examples)
    check_damaged_saves(states, examples)


def sample_states(game: str, seed: int, **options) -> list:
    """Unfinished states spread over a few seeded random games (and each game's end)."""
    states = []
    for s in range(seed, seed + SAMPLE_GAMES):
        state, bot, trail = load(game, seed=s, **options), RandomBot(s), []
        while not state.is_over():
            trail.append(state.clone())
            state.apply(bot.choose(state.view(state.current_player()), state.legal_actions()))
        stride = max(1, len(trail) // SAMPLE_STEPS)
        states += trail[::stride][:SAMPLE_STEPS] + [state]
    return states


# -- altered actions -------------------------------------------------------------------------------
def check_altered_actions(states, examples: int) -> None:
    from hypothesis import given, strategies as st

    @given(st.data())
    @_settings(examples)
    def altered_action_is_refused_or_the_same_move(data):
        state = data.draw(st.sampled_from(states)).clone()
        legal = state.legal_actions() or [_any_action(state)]  # a finished game refuses every move
        action = data.draw(st.sampled_from(legal))
        altered = data.draw(_altered(state, action))
        _check_apply(state, altered)

    altered_action_is_refused_or_the_same_move()


def _any_action(state):
    """Some action of the game, for a finished game (which refuses every move)."""
    cls = next(iter(state.actions.values()))
    return cls(**{f.name: 0 for f in dataclasses.fields(cls)})


def _check_apply(state, altered) -> None:
    before, digest = state.clone(), state.digest()
    try:
        state.apply(altered)
    except IllegalAction as err:
        assert str(err), "an IllegalAction says why"
        assert state == before and state.digest() == digest, f"refused {_safe_repr(altered)} changed the state"
        return
    match = [a for a in before.legal_actions() if same_action(a, altered)]
    assert match, f"{_safe_repr(altered)} was applied but is none of the legal actions"
    before.apply(match[0])
    assert state == before and state.digest() == before.digest(), \
        f"{_safe_repr(altered)} did not do what {match[0]} does"
    json.dumps(state.view(None))


def _altered(state, action):
    """An action like ``action`` with one field replaced, its fields given to another kind, or
    some of its fields missing."""
    from hypothesis import strategies as st

    fields = [f.name for f in dataclasses.fields(action)]
    if not fields:
        return _other_kind(state, action)

    @st.composite
    def fields_missing(draw):
        kept = draw(st.lists(st.sampled_from(fields), unique=True, max_size=len(fields) - 1))
        made = object.__new__(type(action))  # no __init__: the fields not kept are simply absent
        for name in kept:
            object.__setattr__(made, name, getattr(action, name))
        return made

    @st.composite
    def one_field(draw):
        name = draw(st.sampled_from(fields))
        value = draw(_replacements(getattr(action, name)))
        return dataclasses.replace(action, **{name: value})

    return st.one_of(one_field(), _other_kind(state, action), fields_missing())


def _other_kind(state, action):
    """The same field values as another kind of move of the game that has the same field names."""
    from hypothesis import strategies as st

    names = {f.name for f in dataclasses.fields(action)}
    kinds = [cls for cls in state.actions.values()
             if cls is not type(action) and {f.name for f in dataclasses.fields(cls)} == names]
    if not kinds:
        return st.just(action)
    return st.sampled_from(kinds).map(lambda cls: cls(**{n: getattr(action, n) for n in names}))


def _replacements(value):
    """Values of other types, equal values of other types, and out-of-range values of the same type."""
    import numpy as np
    from hypothesis import strategies as st

    others = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=4),
                       st.binary(max_size=4), st.lists(st.integers(), max_size=3),
                       st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
                       st.tuples(st.integers()), st.just(object()))
    if type(value) is bool:
        equal = [int(value), float(value), np.bool_(value), str(value)]
        out = st.just(not value)
    elif type(value) is int:
        equal = [float(value), np.int64(value), np.float64(value), decimal.Decimal(value),
                 fractions.Fraction(value), str(value), complex(value)] + ([bool(value)] if value in (0, 1) else [])
        out = st.one_of(st.integers(-3, 3).map(lambda d: value + d), st.integers(), st.just(10**40), st.just(-1))
    elif type(value) is str:
        equal = [np.str_(value), value.encode(), [value], (value,), _Text(value)]
        out = st.one_of(st.text(max_size=6), st.sampled_from(["", " ", value + "x", value[:-1], value.upper(),
                                                              value.lower(), "\x00", value * 30]))
    elif type(value) is tuple:
        equal = [list(value), tuple(np.str_(v) if isinstance(v, str) else v for v in value), tuple(map(str, value))]
        out = st.one_of(st.just(value[::-1]), st.just(value[:-1]), st.just(value + value[:1]), st.just(()),
                        st.lists(st.text(max_size=3), max_size=4).map(tuple))
    else:
        equal, out = [], st.just(value)
    return st.one_of(others, st.sampled_from(equal) if equal else st.nothing(), out)


class _Text(str):
    """A str subclass: equal to the str, but not the game's own value."""


# -- damaged saves -------------------------------------------------------------------------------
def check_damaged_saves(states, examples: int) -> None:
    from hypothesis import given, strategies as st

    saved = [(s, dumps(s)) for s in states]

    @given(st.data())
    @_settings(examples)
    def damaged_save_restores_the_same_game_or_is_refused(data):
        state, text = data.draw(st.sampled_from(saved))
        damaged = data.draw(_damaged(text))
        try:
            again = loads(damaged)
        except SaveError as err:
            assert err.message and "Traceback" not in str(err)
            return
        assert again == state and again.digest() == state.digest(), "a damaged file loaded another game"

    damaged_save_restores_the_same_game_or_is_refused()


def _damaged(text: str):
    from hypothesis import strategies as st

    raw = text.encode()
    data = json.loads(text)
    paths = list(_paths(data))

    truncated = st.integers(0, len(raw) - 1).map(lambda k: raw[:k])
    flipped = st.tuples(st.integers(0, len(raw) - 1), st.integers(0, 7)).map(
        lambda pb: raw[:pb[0]] + bytes([raw[pb[0]] ^ (1 << pb[1])]) + raw[pb[0] + 1:])
    json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                               | st.text(max_size=5), lambda inner: st.lists(inner, max_size=3)
                               | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=6)
    edited = st.tuples(st.sampled_from(paths), json_values).map(lambda pv: _edit(data, pv[0], lambda _: pv[1]))
    removed = st.sampled_from([p for p in paths if p]).map(lambda p: _edit(data, p, None))
    nested = st.tuples(st.sampled_from(paths), st.integers(1, 3000)).map(
        lambda pd: _edit_text(data, pd[0], "[" * pd[1] + json.dumps(_at(data, pd[0])) + "]" * pd[1]))
    huge = st.tuples(st.sampled_from(paths), st.sampled_from(["9" * 5000, "1" + "0" * 400, "1e999", "-1e999",
                                                             "NaN", "Infinity", "-0.0", "1.0", "true"])).map(
        lambda pn: _edit_text(data, pn[0], pn[1]))
    return st.one_of(truncated, flipped, edited, removed, nested, huge)


def _paths(node, path=()):
    """Every place in a JSON tree, as a tuple of keys and indexes."""
    yield path
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        yield from _paths(child, path + (key,))


def _edit(data, path, change):
    """The save's text with the value at ``path`` changed (``change`` None: removed)."""
    data = json.loads(json.dumps(data))
    if not path:
        return json.dumps(change(data)) if change else ""
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if change is None:
        del parent[path[-1]]
    else:
        parent[path[-1]] = change(parent[path[-1]])
    return json.dumps(data)


def _at(data, path):
    for key in path:
        data = data[key]
    return data


def _edit_text(data, path, text: str) -> str:
    """The save's text with the value at ``path`` written as ``text``: numbers JSON cannot hold,
    nestings deeper than ``json.dumps`` may write."""
    marker = "\u2063marker\u2063"
    return _edit(data, path, lambda _: marker).replace(json.dumps(marker), text)


def _settings(examples: int):
    from hypothesis import HealthCheck, settings

    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck), print_blob=True)
