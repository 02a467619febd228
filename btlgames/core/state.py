"""The contract every game's state keeps (see ARCHITECTURE.md)."""
from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import pickle
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .chance import Chance
from .events import Log


class IllegalAction(ValueError):
    """An action that is not legal now. The state is unchanged."""


@dataclass(frozen=True)
class Action:
    """A move. Subclasses are small frozen dataclasses with a ``kind``."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **dataclasses.asdict(self)}

    def describe(self) -> str:  # the readable words; games override
        return self.kind

    def __str__(self) -> str:
        return self.describe()


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
    args = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "kind"}
    return cls(**args)


@dataclass
class GameState:
    """Base of every game's state: a plain, JSON-safe dataclass tree.

    A game implements ``_legal_actions``, ``_apply``, ``current_player``,
    ``is_over``, ``scores``, ``view`` and may refine ``why_illegal``.
    """

    name: ClassVar[str] = ""
    version: ClassVar[int] = 1
    actions: ClassVar[dict[str, type[Action]]] = {}

    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    chance: Chance = field(default_factory=lambda: Chance(0))
    log: Log = field(default_factory=Log)
    history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def players(self) -> int:
        return self.options.get("players", 1)

    # -- the contract -------------------------------------------------------
    def current_player(self) -> int | None:
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over() else self._legal_actions()

    def apply(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(self.why_illegal(action))
        self._apply(action)
        self.history.append(action.to_json())

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

    def clone(self):
        """An equal, independent copy. Pickling the plain-data fields is ~4x faster than
        deepcopy (the harness clones at every step); the log shares its immutable events."""
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "log"}
        other = copy.copy(self)
        other.__dict__.update(pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL)))
        other.log = copy.deepcopy(self.log)
        return other

    # -- helpers games share ------------------------------------------------
    def why_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now; games add sharper reasons."""
        if self.is_over():
            return "the game is over"
        legal = self.legal_actions()
        if not isinstance(action, Action) or type(action) not in self.actions.values():
            return f"{action!r} is not a {self.name} action"
        return f"'{action}' is not possible now; possible: " + "; ".join(map(str, legal[:8])) + (
            " ..." if len(legal) > 8 else "")

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
