"""A game's card lists and boards as TOML files in its package's data/ folder."""
from __future__ import annotations

import tomllib
from importlib import resources


def read(game: str, name: str) -> dict:
    """``btlgames/<game>/data/<name>`` parsed; a broken file names itself in the error."""
    path = resources.files("btlgames") / game / "data" / name
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{game} data {name}: {error}") from None
