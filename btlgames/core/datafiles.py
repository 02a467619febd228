"""A game's card lists and boards as TOML files in its package's data/ folder, and their words in
other languages (``texts.<lang>.toml``)."""
from __future__ import annotations

import tomllib
from importlib import resources
from types import MappingProxyType
from typing import Mapping


def read(game: str, name: str) -> dict:
    """``btlgames/<game>/data/<name>`` parsed; a broken file names itself in the error."""
    path = resources.files("btlgames") / game / "data" / name
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{game} data {name}: {error}") from None


def checked_texts(game: str, source: str, data: dict, expected: dict[str, tuple[set, tuple[str, ...]]],
                  noun: str | None = None) -> Mapping:
    """A translation file's words (``data/texts.<lang>.toml``), checked and frozen: each section
    of ``expected`` (section -> (the ids it must name, the words each entry gives)) names every id
    exactly once with exactly those words, none empty, and the file has no other section; so a
    translated game never falls back to English. Every problem is named in one ValueError
    ("[card] lacks 'jump-1'"; an id of no such thing: "is no <noun or section> of the game")."""
    problems = [f"[{s}] is no section of the file" for s in sorted(set(data) - set(expected))]
    for section, (ids, keys) in expected.items():
        found = data.get(section, {})
        problems += [f"[{section}] lacks {k!r}" for k in sorted(ids - set(found))]
        problems += [f"[{section}] {k!r} is no {noun or section} of the game" for k in sorted(set(found) - ids)]
        problems += [f"[{section}.{k}] must have exactly: {', '.join(keys)}" for k, entry in found.items()
                     if not isinstance(entry, dict) or set(entry) != set(keys)
                     or not all(isinstance(v, str) and v.strip() for v in entry.values())]
    if problems:
        raise ValueError(f"{game} data {source}: " + "; ".join(problems))
    return MappingProxyType({s: MappingProxyType({k: MappingProxyType(v) for k, v in data[s].items()})
                             for s in expected if s in data})
