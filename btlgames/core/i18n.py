"""Words players and teachers read, from one message catalogue per language.

Catalogues are TOML files in ``btlgames/locale/<lang>.toml``. English is
complete; another language may leave keys out and falls back to English,
so adding a language never means touching game code.
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources

DEFAULT_LANGUAGE = "en"
_language = DEFAULT_LANGUAGE


def set_language(lang: str) -> None:
    global _language
    if lang not in available_languages():
        raise ValueError(f"no message catalogue for {lang!r}; available: {', '.join(available_languages())}")
    _language = lang


def available_languages() -> list[str]:
    folder = resources.files("btlgames") / "locale"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    """The flattened catalogue: {"pentaquark.area.detector": "Detector", ...}."""
    text = (resources.files("btlgames") / "locale" / f"{lang}.toml").read_text(encoding="utf-8")
    flat: dict[str, str] = {}

    def walk(prefix: str, node: dict) -> None:
        for key, value in node.items():
            name = f"{prefix}.{key}" if prefix else key
            if isinstance(value, dict):
                walk(name, value)
            else:
                flat[name] = value

    walk("", tomllib.loads(text))
    return flat


def t(key: str, lang: str | None = None, **values):
    """The message for ``key`` in the current language, filled with ``values``."""
    lang = lang or _language
    text = catalogue(lang).get(key)
    if text is None:
        text = catalogue(DEFAULT_LANGUAGE)[key]  # KeyError: a missing English message is a bug
    if not isinstance(text, str):  # a list of sentences
        return text
    return text.format(**values) if values else text
