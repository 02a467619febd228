"""The contract every game's state keeps (CONTRIBUTING.md, "A game state" and "The boundary")."""
from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import pickle
import typing
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from operator import is_
from typing import Any, Callable, ClassVar

from .chance import Chance
from .events import ALL, PLAIN_TYPES, Log
from .i18n import t


class IllegalAction(ValueError):
    """An action that is not legal now. The state is unchanged."""


@dataclass(frozen=True)
class Action:
    """A move. Subclasses are small frozen dataclasses with a ``kind``."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        known = self.__dict__.get("_json")
        if known is not None:  # a move the engine keeps and offers again (one object per move)
            return dict(known)
        values = {name: getattr(self, name) for name in _field_names(type(self))}
        if all(map(_is_plain, values.values())):  # the usual move: nothing to copy (asdict is slow)
            data = {"kind": self.kind, **values}
            object.__setattr__(self, "_json", data)  # immutable values: a shallow copy is a copy
            return dict(data)
        return {"kind": self.kind, **dataclasses.asdict(self)}

    def describe(self) -> str:  # the readable words; games override
        return self.kind

    def __str__(self) -> str:
        return self.describe()


class Interned(dict):
    """``cls(*fields)`` made once per value and then looked up (Research's ``_BUILD[project, hex]``):
    actions are frozen values and the rules offer the same ones move after move, so generating the
    legal actions reads a table instead of building each anew (a cache of a pure function of
    immutable keys, see CONTRIBUTING.md). Only for a game's own moves in its rules, never for values
    from outside (0.0 and 0 are one key). The key is the one field's value, or a tuple of them."""

    __slots__ = ("cls", "one_field")

    def __init__(self, cls):
        super().__init__()
        self.cls, self.one_field = cls, len(dataclasses.fields(cls)) == 1

    def __missing__(self, key):
        action = self[key] = self.cls(key) if self.one_field else self.cls(*key)
        return action


def action_from_json(actions: dict[str, type[Action]], data: Any) -> Action:
    """Rebuild an action saved with :meth:`Action.to_json`, or say what is wrong."""
    if not isinstance(data, dict) or "kind" not in data:
        raise ValueError(f"an action must be an object with a 'kind', not {data!r}")
    kind = data["kind"]
    if kind not in actions:
        raise ValueError(f"unknown action kind {kind!r}")
    cls = actions[kind]
    names = {f.name for f in dataclasses.fields(cls)}
    given = set(data) - {"kind"}
    if given != names:
        raise ValueError(f"action {kind!r} needs fields {sorted(names)}, got {sorted(given)}")
    return cls(**{k: _tuples(v) for k, v in data.items() if k != "kind"})


def _tuples(value):
    """JSON lists back to the tuples actions hold (``to_json`` wrote tuples as lists)."""
    return tuple(map(_tuples, value)) if isinstance(value, list) else value


# -- the strict match at the boundary ------------------------------------------------------------
# An action from outside is legal only if it is one of legal_actions() field for field, with the
# same types: 0.0, True or numpy's int64(0) equal 0 under ==, but they are not the move 0.
def same_value(a, b) -> bool:
    """Equal and of the very same type, all the way down (tuples, lists)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(map(same_value, a, b))
    return a == b


_MISSING = object()  # a field an action object lacks (made without ``__init__``, as a bad unpickle would)


def same_action(a: Action, b: Action) -> bool:
    return type(a) is type(b) and all(same_value(getattr(a, f, _MISSING), getattr(b, f, _MISSING))
                                      for f in _field_names(type(a)))


def _is_plain(value) -> bool:
    """An immutable JSON value: a number, string, None or a tuple of them."""
    return type(value) in PLAIN_TYPES or type(value) is tuple and all(map(_is_plain, value))


@lru_cache(maxsize=None)
def _field_names(cls) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@lru_cache(maxsize=None)
def _field_types(cls) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls)
    except Exception:  # noqa: BLE001  (a hint that does not resolve: the strict match alone decides)
        return {}


_KIND_OF_VALUE = {int: "engine.value.int", str: "engine.value.str", bool: "engine.value.bool"}


def _fits(value, hint) -> bool:
    """Whether ``value`` has the declared type of an action field (int, str, bool, tuple[str, ...])."""
    origin = typing.get_origin(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        if type(value) is not tuple:
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(args) == len(value) and all(map(_fits, value, args))
    if isinstance(hint, type):
        return type(value) is hint
    return True  # a hint this check does not know: the strict match still decides


def malformed_field(action: Action) -> str | None:
    """The words for the first field of ``action`` that is missing or has the wrong type, or None."""
    for name in _field_names(type(action)):
        if getattr(action, name, _MISSING) is _MISSING:
            return t("engine.missing_field", field=name)
    for name, hint in _field_types(type(action)).items():
        if name in _field_names(type(action)) and not _fits(getattr(action, name), hint):
            value = _safe_repr(getattr(action, name))
            key = "engine.value.list" if typing.get_origin(hint) is tuple else _KIND_OF_VALUE.get(hint)
            if key is None:
                return t("engine.wrong_type_other", field=name, value=value)
            return t("engine.wrong_type", field=name, kind=t(key), value=value)
    return None


def _safe_repr(value, limit: int = 60) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001  (a caller's object whose repr fails still gets words)
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def safe_describe(action) -> str:
    """An action's words, or its repr if it cannot describe itself (a card no game knows)."""
    try:
        return str(action)
    except Exception:  # noqa: BLE001
        return _safe_repr(action)


class LazyView(dict):
    """A view whose parts are built when first read: ``parts`` maps each key of the game's view to
    a function of (state, viewer), the functions its ``view`` itself is built from, so the values
    are the same. It reads the state when a part is read: a bot reads it before the next move.
    A dict, so a part once built is read at a plain dict's speed (``__missing__`` builds the rest)."""

    __slots__ = ("_state", "_player", "_parts")

    def __init__(self, state, player, parts: dict[str, Callable]):
        self._state, self._player, self._parts = state, player, parts

    def __missing__(self, key):
        value = self[key] = self._parts[key](self._state, self._player)  # KeyError: no such part
        return value

    def get(self, key, default=None):
        return self[key] if key in self._parts else default

    def __contains__(self, key) -> bool:
        return key in self._parts

    def __iter__(self):
        return iter(self._parts)

    def __len__(self) -> int:
        return len(self._parts)

    def keys(self):
        return self._parts.keys()

    def items(self):
        return {key: self[key] for key in self._parts}.items()

    def values(self):
        return {key: self[key] for key in self._parts}.values()

    def __eq__(self, other):
        return dict(self.items()) == other

    __hash__ = None


def lazy_views(state, players, parts: dict[str, Callable]) -> list[LazyView]:
    """``[LazyView(state, player, parts) for player in players]``, made without a call to ``__init__`` each
    (a call costs much in this Python, and a game's seat view may make one per seat at each choice)."""
    views = []
    for player in players:
        view = _new_dict(LazyView)
        view._state, view._player, view._parts = state, player, parts
        views.append(view)
    return views


_new_dict = dict.__new__


@dataclass
class GameState:
    """Base of every game's state: a plain, JSON-safe dataclass tree.

    A game implements ``_legal_actions``, ``_apply``, ``current_player``,
    ``is_over``, ``scores``, ``view`` and may refine ``why_illegal``.
    """

    name: ClassVar[str] = ""
    version: ClassVar[int] = 1
    actions: ClassVar[dict[str, type[Action]]] = {}
    # Kinds of move whose outcome tells something about a hidden card short of the card itself
    # (a test against a face-down card): the harness cannot take such a move again at a table
    # dealt differently and expect the same table (conformance._check_decided_unseen skips them).
    reveals_in_part: ClassVar[frozenset[str]] = frozenset()

    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    chance: Chance = field(default_factory=lambda: Chance(0))
    log: Log = field(default_factory=Log)
    history: list[dict[str, Any]] = field(default_factory=list)

    def __init_subclass__(cls, **kwargs):
        """Every game's ``view`` checks its viewer first (the games stay as they are written)."""
        super().__init_subclass__(**kwargs)
        view = cls.view
        if not getattr(view, "_checks_viewer", False):
            def checked_view(self, player, _view=view):
                self.check_viewer(player)
                return _view(self, player)

            checked_view._checks_viewer = True
            checked_view.__doc__, checked_view.__name__ = view.__doc__, "view"
            cls.view = checked_view

    @property
    def players(self) -> int:
        return self.options.get("players", 1)

    # -- the contract -------------------------------------------------------
    def current_player(self) -> int | None:
        """The seat to move; None once the game is over (play_turns relies on it, the harness checks it)."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over() else self._legal_actions()

    def apply(self, action: Action) -> None:
        """Make a move. What is applied is the game's own legal action that matches ``action``
        field for field and type for type, never the caller's object: a value from outside (0.0
        or True for 0, a numpy integer, a list for a tuple) never reaches the state. Anything
        else raises IllegalAction and changes nothing."""
        self._apply_match(action, self.matching_action(action))

    def apply_chosen(self, action: Action, legal: list[Action]) -> None:
        """:meth:`apply` for a loop that has just asked for ``legal = legal_actions()`` and changed
        nothing since (``play_turns``): the move is looked up in that list (first by identity, then
        strictly), so the legal actions are not generated twice. Give a bot a copy of ``legal``."""
        if any(map(is_, legal, repeat(action))):  # the listed object itself (a C loop, no __eq__)
            self._apply(action)
            known = action.__dict__.get("_json")  # the JSON to_json keeps for a move offered again
            self.history.append(dict(known) if known is not None else action.to_json())
            return
        self._apply_match(action, self.matching_action(action, legal))

    def _apply_match(self, action, match: Action | None) -> None:
        if match is None:
            raise IllegalAction(self.reason_illegal(action))
        self._apply(match)
        self.history.append(match.to_json())

    def matching_action(self, action, legal: list[Action] | None = None) -> Action | None:
        """The legal action that is ``action`` (strictly), or None; ``legal`` if already known."""
        if type(action) not in self.actions.values():
            return None
        legal = self.legal_actions() if legal is None else legal
        return next((a for a in legal if same_action(a, action)), None)

    def reason_illegal(self, action) -> str:
        """Why ``action`` is refused. Malformed actions are named here, so the games'
        ``why_illegal`` only ever sees actions with fields of the right types."""
        if self.is_over():
            return t("engine.over")
        if type(action) not in self.actions.values():
            return t("engine.not_an_action", action=_safe_repr(action), game=self.name)
        wrong = malformed_field(action)
        if wrong:
            return t("engine.malformed", action=action.kind, why=wrong)
        try:
            return self.why_illegal(action)
        except Exception:  # noqa: BLE001  (a value no game table knows, e.g. card "zz": say it plainly)
            return GameState.why_illegal(self, action)

    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> dict[int, float]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores.values())
        return [p for p, s in scores.items() if s == best and self._is_winning_score(s)]

    def _is_winning_score(self, score: float) -> bool:
        return True

    def view(self, player: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def seat_view(self, player):
        """The view a bot reads for its next move (``play_turns``): the same values as
        ``view(player)``; a game may build its parts only when read (:class:`LazyView`)."""
        return self.view(player)

    def check_viewer(self, player) -> None:
        """A viewer is a seat 0..players-1, None (the spectator: what is public) or ALL (every
        secret: one screen all seats share, a finished game's debrief). Anything else is refused."""
        if player is None or isinstance(player, str) and player == ALL:
            return
        if type(player) is not int or not 0 <= player < self.players:
            raise ValueError(t("engine.bad_viewer", viewer=_safe_repr(player), last=self.players - 1))

    def clone(self):
        """An equal, independent copy. Pickling the plain-data fields is ~4x faster than
        deepcopy (the harness clones at every step). The history's entries are shared: each is
        an applied action's JSON, never changed once appended, and copying them made every
        clone cost the whole game so far."""
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                if f.name not in ("log", "history")}
        other = copy.copy(self)
        other.__dict__.update(pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL)))
        other.log = copy.deepcopy(self.log)
        other.history = list(self.history)
        return other

    # -- helpers games share ------------------------------------------------
    def why_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now; games add sharper reasons."""
        if self.is_over():
            return t("engine.over")
        legal = self.legal_actions()
        if not isinstance(action, Action) or type(action) not in self.actions.values():
            return t("engine.not_an_action", action=_safe_repr(action), game=self.name)
        return t("engine.not_now", action=safe_describe(action),
                 possible="; ".join(map(str, legal[:8])) + (" ..." if len(legal) > 8 else ""))

    def summary(self) -> dict[str, Any]:
        """One row of facts about a game, for simulate(); games add their own."""
        return {}

    def hidden_variation(self, player: int | None, rng) -> "GameState | None":
        """A copy that differs only in what ``player`` may not see (for the
        conformance harness's view check), or None if nothing is hidden."""
        return None

    def check_invariants(self) -> None:
        """Raise AssertionError if the game's own bookkeeping is broken."""

    def digest(self) -> str:
        """A fingerprint of the whole state (saves use it to detect damage)."""
        blob = json.dumps(self.__dict__, sort_keys=True, default=vars)
        return hashlib.sha256(blob.encode()).hexdigest()
