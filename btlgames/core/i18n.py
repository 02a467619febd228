"""Words players and teachers read, from one message catalogue per language.

A catalogue is a folder of TOML files, ``btlgames/locale/<lang>/*.toml``
(one per game or app, merged; a key may be defined once). English is
complete; another language may leave keys out and falls back to English,
so adding a language never means touching game code.

The language of a process is English unless the page asked for another: a Voilà app page's
``?lang=fi`` reaches its kernel as the ``QUERY_STRING`` environment variable (Voilà's
handler puts the page's query there before the kernel starts; the static site's page puts it
into the browser's Python the same way before Python starts: ``ui/site/language.js``), and
``BTLGAMES_LANG`` sets it for a notebook run outside Voilà (tests, nbval). An unknown language is English, never an
error page. Numbers in sentences follow the language too (``number``; ``t`` formats the
numbers it is given that way), with Babel's symbols: "2.5" in English, "2,5" in Finnish.
"""
from __future__ import annotations

import os
import string
import tomllib
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from urllib.parse import parse_qs, urlsplit, urlunsplit, urlencode

from babel import Locale, numbers

DEFAULT_LANGUAGE = "en"
#: The URL parameter that names a page's language (``?lang=fi``), kept by every link the kit makes.
URL_PARAMETER = "lang"
#: Sets the language of a process outside Voilà (a notebook run by the tests): ``BTLGAMES_LANG=fi``.
ENV_LANGUAGE = "BTLGAMES_LANG"


def available_languages() -> list[str]:
    folder = resources.files("btlgames") / "locale"
    return sorted(p.name for p in folder.iterdir() if p.is_dir() and not p.name.startswith("_"))


def known_language(lang: str | None) -> str:
    """``lang`` if the kit has a catalogue for it, else English (a page never fails on it)."""
    lang = (lang or "").strip().lower()
    return lang if lang in available_languages() else DEFAULT_LANGUAGE


def language_of_query(query: str | None) -> str:
    """The language a URL's query asks for (``"lang=fi&x=1"`` -> ``"fi"``), else English."""
    values = parse_qs(query or "").get(URL_PARAMETER) or [""]
    return known_language(values[0])


def page_language(environ=os.environ) -> str:
    """The language this process was started for: ``BTLGAMES_LANG``, else the Voilà page's
    ``?lang=`` (its ``QUERY_STRING``), else English."""
    if environ.get(ENV_LANGUAGE):
        return known_language(environ[ENV_LANGUAGE])
    return language_of_query(environ.get("QUERY_STRING"))


_language = page_language()


def set_language(lang: str) -> None:
    global _language
    if lang not in available_languages():
        raise ValueError(f"no message catalogue for {lang!r}; available: {', '.join(available_languages())}")
    _language = lang


@contextmanager
def speaking(lang: str):
    """Words in ``lang`` inside the ``with`` block, the language before it after (a test, a sheet)."""
    before = _language
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def language() -> str:
    """The language words are in now."""
    return _language


def with_language(href: str, lang: str | None = None) -> str:
    """``href`` that keeps the language: ``?lang=fi`` added (or replaced); English adds nothing."""
    lang = lang or _language
    parts = urlsplit(href)
    query = [(k, v) for k, v in parse_qs(parts.query, keep_blank_values=True).items() if k != URL_PARAMETER]
    pairs = [(k, v) for k, values in query for v in values]
    if lang != DEFAULT_LANGUAGE:
        pairs.append((URL_PARAMETER, lang))
    return urlunsplit(parts._replace(query=urlencode(pairs)))


def number(value, spec: str = "", lang: str | None = None) -> str:
    """``value`` formatted by the Python format ``spec`` (".1f", "g", ",.0f", ".0%"), written with
    the language's decimal sign, digit grouping, minus sign and percent sign (Babel's CLDR data):
    ``number(2.5, ".1f", "fi") == "2,5"``, ``number(0.125, ".1%", "fi") == "12,5 %"``."""
    lang = lang or _language
    text = format(value, spec)
    if spec.endswith("%"):
        text = text[:-1]
    text = text.translate(_symbols(lang))
    return text + _percent_sign(lang) if spec.endswith("%") else text


@lru_cache(maxsize=None)
def _symbols(lang: str) -> dict[int, str]:
    return str.maketrans({".": numbers.get_decimal_symbol(lang), ",": numbers.get_group_symbol(lang),
                          "-": numbers.get_minus_sign_symbol(lang)})


@lru_cache(maxsize=None)
def _percent_sign(lang: str) -> str:
    """What follows a number to make it a percentage: "%" in English, "\u00a0%" in Finnish."""
    sample = numbers.format_percent(0.5, locale=lang)
    return sample[sample.rindex("0") + 1:] or numbers.get_percent_symbol(lang)


class _Formatter(string.Formatter):
    """str.format, with the numbers it fills in written as ``lang`` writes them."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value, format_spec: str) -> str:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return number(value, format_spec, self.lang)
        return super().format_field(value, format_spec)


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
        text, lang = catalogue(DEFAULT_LANGUAGE)[key], DEFAULT_LANGUAGE  # KeyError: a missing English message is a bug
    if not isinstance(text, str):  # a list of sentences
        return text
    return _Formatter(lang).vformat(text, (), values) if values else text


def words_of(section: str):
    """``t`` for one section of the catalogue: ``msg = words_of("pauli")``, then
    ``msg("chart.title", n=3)`` is ``t("pauli.chart.title", n=3)`` (an app's words, in one line)."""
    def words(key: str, **values):
        return t(f"{section}.{key}", **values)
    return words
