"""Words players and teachers read, from one message catalogue per language.

A catalogue is a folder of TOML files, ``btlgames/locale/<lang>/*.toml``
(one per game or app, merged; a key may be defined once). English is
complete; another language may leave keys out and falls back to English,
so adding a language never means touching game code.
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources

from babel import Locale

DEFAULT_LANGUAGE = "en"
_language = DEFAULT_LANGUAGE


def set_language(lang: str) -> None:
    global _language
    if lang not in available_languages():
        raise ValueError(f"no message catalogue for {lang!r}; available: {', '.join(available_languages())}")
    _language = lang


def available_languages() -> list[str]:
    folder = resources.files("btlgames") / "locale"
    return sorted(p.name for p in folder.iterdir() if p.is_dir() and not p.name.startswith("_"))


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    """The flattened catalogue: {"pentaquark.area.detector": "Detector", ...}."""
    flat: dict[str, str] = {}

    def walk(prefix: str, node: dict, source: str) -> None:
        for key, value in node.items():
            name = f"{prefix}.{key}" if prefix else key
            if isinstance(value, dict):
                walk(name, value, source)
            elif name in flat:
                raise ValueError(f"message {name!r} is defined twice ({source})")
            else:
                flat[name] = value

    folder = resources.files("btlgames") / "locale" / lang
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if path.name.endswith(".toml"):
            walk("", tomllib.loads(path.read_text(encoding="utf-8")), f"{lang}/{path.name}")
    return flat


@lru_cache(maxsize=None)
def _plural_rule(lang: str):
    return Locale.parse(lang).plural_form


def plural_form(lang: str, n) -> str:
    """The CLDR plural category of the count ``n`` in ``lang``, by Babel's rules: English, Finnish
    and Dutch say "one" (1) and "other" (0, 2, 1.5); other languages add "few", "many", ..."""
    return _plural_rule(lang)(n)


def _counted(key: str, lang: str, n) -> tuple[str, str]:
    """The catalogue key of the form of ``key`` for the count ``n``, and the language it is in.

    A language that has the message uses its own form (its "other" if the catalogue leaves the
    form out); a language without it falls back to English, with English's form for ``n``."""
    form = plural_form(lang, n)
    for candidate in (f"{key}.{form}", f"{key}.other"):
        if candidate in catalogue(lang):
            return candidate, lang
    return f"{key}.{plural_form(DEFAULT_LANGUAGE, n)}", DEFAULT_LANGUAGE


def t(key: str, lang: str | None = None, **values):
    """The message for ``key`` in the current language, filled with ``values``.

    A message that depends on a count is a table of plural forms (``{ one = "{n} card",
    other = "{n} cards" }``): the count ``n`` picks one by the language's plural rules.
    """
    lang = lang or _language
    if key not in catalogue(DEFAULT_LANGUAGE) and f"{key}.other" in catalogue(DEFAULT_LANGUAGE):
        if "n" not in values:
            raise TypeError(f"the message {key!r} depends on a count: pass t({key!r}, n=...)")
        key, lang = _counted(key, lang, values["n"])
    text = catalogue(lang).get(key)
    if text is None:
        text = catalogue(DEFAULT_LANGUAGE)[key]  # KeyError: a missing English message is a bug
    if not isinstance(text, str):  # a list of sentences
        return text
    return text.format(**values) if values else text
