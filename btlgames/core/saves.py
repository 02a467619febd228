"""Save a game as its history; load it by replaying that history.

A file is refused, with a message that says why, if it is not JSON, lacks a
field, names another game or rules version, or does not replay to the very
state it was saved from. A refused file never yields a half-loaded game.
"""
from __future__ import annotations

import json
from typing import Any

from .registry import load as new_game
from .registry import spec
from .state import GameState, IllegalAction, action_from_json

FORMAT = "btlgames-save"
FORMAT_VERSION = 1


class SaveError(ValueError):
    """A save file that cannot be loaded, and why."""


def to_dict(state: GameState) -> dict[str, Any]:
    return {"format": FORMAT, "format_version": FORMAT_VERSION, "game": state.name,
            "version": state.version, "seed": state.seed, "options": dict(state.options),
            "history": list(state.history), "digest": state.digest()}


def dumps(state: GameState) -> str:
    return json.dumps(to_dict(state), indent=1)


def loads(text: str | bytes) -> GameState:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise SaveError(f"this is not a btlgames save file (not readable JSON: {err})") from None
    return from_dict(data)


def from_dict(data: Any) -> GameState:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a btlgames save file")
    if data.get("format_version") != FORMAT_VERSION:
        raise SaveError(f"save format version {data.get('format_version')!r} is not supported "
                        f"(this kit reads version {FORMAT_VERSION})")
    missing = [k for k in ("game", "version", "seed", "options", "history", "digest") if k not in data]
    if missing:
        raise SaveError(f"the save file is incomplete: missing {', '.join(missing)}")
    try:
        game = spec(data["game"])
    except ValueError as err:
        raise SaveError(str(err)) from None
    if data["version"] != game.state_class.version:
        raise SaveError(f"this {game.title} game was saved with rules version {data['version']!r}; "
                        f"this kit plays version {game.state_class.version}")
    if not isinstance(data["options"], dict) or not isinstance(data["history"], list):
        raise SaveError("the save file is damaged: options or history has the wrong shape")
    try:
        state = new_game(game.name, seed=data["seed"], **data["options"])
    except ValueError as err:
        raise SaveError(f"the save file's settings are not valid: {err}") from None
    total = len(data["history"])
    for number, raw in enumerate(data["history"], start=1):
        try:
            state.apply(action_from_json(state.actions, raw))
        except (ValueError, TypeError) as err:  # IllegalAction is a ValueError
            why = "is not legal there" if isinstance(err, IllegalAction) else f"is unreadable ({err})"
            raise SaveError(f"move {number} of {total} {why}: the file is damaged or was edited") from None
    if state.digest() != data["digest"]:
        raise SaveError("the replayed game does not match the saved one: the file is damaged or was edited")
    return state
