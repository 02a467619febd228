"""The registry: what each game registered (its options and its bots), by name.

The registry names no game: each game registers itself when its package is imported, and the
``btlgames`` package imports every game (its one list of games, above the core).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .chance import Chance
from .state import GameState, same_value


@dataclass(frozen=True)
class Option:
    """A game option: its default and the values it accepts."""

    default: Any
    choices: tuple = ()  # allowed values, if a fixed set
    low: int | None = None  # or an integer range
    high: int | None = None
    help: str = ""

    @property
    def kind(self) -> str:
        """How a form asks for it: "choice" (one of ``choices``), "words" (a text its own
        ``check`` reads, e.g. Antimatter Matters' mixed goals) or "number" (a whole number)."""
        if self.choices:
            return "choice"
        return "words" if isinstance(self.default, str) else "number"

    def check(self, name: str, value: Any) -> Any:
        if self.choices:
            if not any(same_value(value, choice) for choice in self.choices):  # True is not 1
                raise ValueError(f"option {name}={value!r} is not allowed; choose one of "
                                 + ", ".join(map(repr, self.choices)))
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"option {name} must be a whole number, not {value!r}")
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise ValueError(f"option {name}={value} is out of range {self.low}..{self.high}")
        return value


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    state_class: type[GameState]
    options: dict[str, Option] = field(default_factory=dict)
    bots: dict[str, Callable] = field(default_factory=dict)  # name -> factory(seed=...)
    # the most actions one game can take under any legal play, from its checked options: every
    # game ends, and the conformance harness holds random play to this bound
    max_actions: Callable[[dict], int] | None = None
    # numbers of a game's summary() worth a mean over many games (Antimatter's Pauli moves back):
    # a study shows each with its t interval and compares A with B by Welch's (core.study.average)
    quantities: tuple[str, ...] = ()

    @property
    def variants(self) -> tuple:
        """The game's variants: the choices of its ``variant`` option, or just the standard game.

        ``load("research", variant="school")`` picks one; the conformance harness runs each.
        """
        option = self.options.get("variant")
        return option.choices if option else ("standard",)

    def check_options(self, given: dict[str, Any]) -> dict[str, Any]:
        unknown = set(given) - set(self.options)
        if unknown:
            raise ValueError(f"{self.name} has no option {', '.join(sorted(unknown))}; "
                             f"its options are: {', '.join(self.options) or 'none'}")
        return {k: opt.check(k, given.get(k, opt.default)) for k, opt in self.options.items()}


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.name] = spec
    return spec


def games() -> dict[str, GameSpec]:
    """Every registered game, by name, in the order the games registered."""
    return dict(_GAMES)


def spec(name: str) -> GameSpec:
    found = _GAMES.get(name) if type(name) is str else None  # a study asks several times per game
    if found is not None:
        return found
    known = games()
    if not isinstance(name, str) or name not in known:
        raise ValueError(f"unknown game {name!r}; the kit has: {', '.join(sorted(known))}")
    return known[name]


def load(name: str, seed: int | None = None, *, script: list | None = None, **options) -> GameState:
    """A fresh game. ``seed=None`` picks a seed from the operating system.

    ``script`` queues chance outcomes (tests use it to set up a rulebook example).
    """
    game = spec(name)
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    chance = Chance(seed, scripted=list(script or []))
    state = game.state_class(seed=seed, options=game.check_options(options), chance=chance)
    state.setup()
    return state
