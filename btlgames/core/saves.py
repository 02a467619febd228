"""Save a game as its history; load it by replaying that history.

Loading is the boundary where files from outside come in. Whatever is handed to ``loads``
(text, bytes, a picture, a cut or edited file, None), it returns an equal game or raises
``SaveError``: a message a teacher understands (from the catalogue, ``save.*``), with the
technical detail after it for developers (``err.detail``). A refused file never yields a
half-loaded game: the replay happens on a fresh state that is only returned once its
fingerprint matches the one saved.

Two cheap checks come before the replay, which takes a second or more for a long game: a file
whose history is longer than any game with its settings can last (``GameSpec.max_actions``) is
refused, and so is one whose text was changed after it was saved (``check``: a fingerprint of
the file's fields, written with it; a save without one, as older kits wrote, is replayed).
"""
from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from .i18n import t
from .registry import games, spec
from .registry import load as new_game
from .state import GameState, IllegalAction, action_from_json

FORMAT = "btlgames-save"
FORMAT_VERSION = 1
FIELDS = ("game", "version", "seed", "options", "history", "digest")
CHECKED = ("format", "format_version", *FIELDS)  # the fields the file's ``check`` covers


class SaveError(ValueError):
    """A save file that cannot be loaded (or a game that cannot be saved), and why.

    ``message`` is for the teacher; ``detail`` (may be empty) for a developer.
    """

    def __init__(self, message: str, detail: str = ""):
        self.message, self.detail = message, detail
        super().__init__(t("save.details", message=message, detail=detail) if detail else message)


def to_dict(state: GameState) -> dict[str, Any]:
    if state.chance.is_scripted:
        raise SaveError(t("save.scripted"))
    data = {"format": FORMAT, "format_version": FORMAT_VERSION, "game": state.name,
            "version": state.version, "seed": state.seed, "options": dict(state.options),
            "history": list(state.history), "digest": state.digest()}
    return {**data, "check": _check(data)}


def _check(data: dict) -> str:
    """A fingerprint of the saved fields as JSON (a hundredth of a long game's replay)."""
    text = json.dumps([data.get(k) for k in CHECKED], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def dumps(state: GameState) -> str:
    return json.dumps(to_dict(state), indent=1)


def loads(text: str | bytes) -> GameState:
    """The game saved in ``text`` (the file's text or its bytes), or SaveError."""
    try:
        return from_dict(_parse(text))
    except SaveError:
        raise
    except Exception as err:  # noqa: BLE001  (the boundary: nothing else escapes, not even RecursionError)
        raise SaveError(t("save.damaged"), f"{type(err).__name__}: {err}") from None


def _parse(text) -> Any:
    if isinstance(text, (bytes, bytearray, memoryview)):
        raw = bytes(text)
        try:  # UTF-8 with or without a byte order mark, or what json itself recognises
            text = raw.decode(json.detect_encoding(raw))
        except (UnicodeDecodeError, LookupError) as err:
            raise SaveError(t("save.not_text"), str(err)) from None
    elif not isinstance(text, str):
        raise SaveError(t("save.not_a_file", given=type(text).__name__))
    try:
        return json.loads(text.removeprefix("\ufeff"), parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError) as err:  # bad JSON, NaN, 1e999, a 5,000-digit number, deep nesting
        raise SaveError(t("save.not_json"), f"{type(err).__name__}: {err}") from None


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a save holds")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is not a finite number")
    return value


def from_dict(data: Any) -> GameState:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(t("save.not_a_save"))
    version = data.get("format_version")
    if type(version) is not int or version != FORMAT_VERSION:  # not 1.0, not true
        raise SaveError(t("save.format_version", found=_short(version), supported=FORMAT_VERSION))
    missing = [k for k in FIELDS if k not in data]
    if missing:
        raise SaveError(t("save.incomplete", missing=", ".join(missing)))
    name = data["game"]
    if not isinstance(name, str) or name not in games():
        raise SaveError(t("save.unknown_game", game=_short(name), known=", ".join(sorted(games()))))
    game = spec(name)
    if type(data["version"]) is not int or data["version"] != game.state_class.version:
        raise SaveError(t("save.rules_version", title=game.title, found=_short(data["version"]),
                          supported=game.state_class.version))
    for part, kind in (("options", dict), ("history", list), ("digest", str)):
        if not isinstance(data[part], kind):
            raise SaveError(t("save.damaged_shape", part=part))
    if "check" in data and data["check"] != _check(data):
        raise SaveError(t("save.check"))
    try:  # the option names are checked first: "seed" or "script" are not options
        options = game.check_options(data["options"])
        state = new_game(game.name, seed=data["seed"], **options)
    except ValueError as err:
        raise SaveError(t("save.bad_settings", why=err)) from None
    total = len(data["history"])
    most = game.max_actions(options) if game.max_actions else None
    if most is not None and total > most:
        raise SaveError(t("save.too_long", moves=total, most=most))
    for number, raw in enumerate(data["history"], start=1):
        try:
            action = action_from_json(state.actions, raw)
        except (ValueError, TypeError) as err:
            raise SaveError(t("save.move_unreadable", number=number, total=total), str(err)) from None
        try:
            state.apply(action)
        except IllegalAction as err:
            raise SaveError(t("save.move_illegal", number=number, total=total), str(err)) from None
    if state.digest() != data["digest"]:
        raise SaveError(t("save.digest"))
    return state


def _short(value, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
