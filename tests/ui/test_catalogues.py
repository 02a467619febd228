"""Every translation matches its English source: a catalogue file has exactly the English file's
keys and placeholders, with the plural forms its language's CLDR rules ask for (Babel); a
translated lesson page has an English counterpart, and a translated rulebook keeps the kit rules'
numbers. So a missing or mistyped key shows up here, not as English on a Dutch page."""
import re
import string
import tomllib
from pathlib import Path

import pytest
from babel import Locale

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "btlgames" / "locale"
LESSONS = ROOT / "lessons"
PLURAL_FORMS = {"zero", "one", "two", "few", "many", "other"}

TRANSLATIONS = sorted(p.relative_to(LOCALE) for p in LOCALE.glob("*/*.toml") if p.parts[-2] != "en")
PAGES = sorted(p.relative_to(LESSONS) for p in LESSONS.glob("*/*/*.md"))


def is_plural(node) -> bool:
    return isinstance(node, dict) and "other" in node and set(node) <= PLURAL_FORMS


def messages(node: dict, prefix: str = "") -> dict:
    """The file's messages by dotted key; a plural table stays one message (a dict of its forms)."""
    flat = {}
    for key, value in node.items():
        name = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict) and not is_plural(value):
            flat.update(messages(value, name))
        else:
            flat[name] = value
    return flat


def load(path: Path) -> dict:
    return messages(tomllib.loads(path.read_text(encoding="utf-8")))


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def forms_of(lang: str) -> set[str]:
    return set(Locale.parse(lang).plural_form.tags) | {"other"}


@pytest.mark.parametrize("path", TRANSLATIONS, ids=str)
def test_a_translated_catalogue_has_the_english_keys_placeholders_and_its_plural_forms(path):
    lang = path.parts[0]
    english_file = LOCALE / "en" / path.name
    assert english_file.exists(), f"{path} has no English counterpart en/{path.name}"
    english, translated = load(english_file), load(LOCALE / path)
    assert sorted(set(english) - set(translated)) == [], f"{path} lacks these keys"
    assert sorted(set(translated) - set(english)) == [], f"{path} has keys English does not"
    for key, source in english.items():
        text = translated[key]
        if is_plural(source):
            assert is_plural(text) and set(text) == forms_of(lang), f"{key}: {lang} plural forms are {forms_of(lang)}"
            for form, words in text.items():
                assert placeholders(words) == placeholders(source.get(form, source["other"])), f"{key}.{form}"
        elif isinstance(source, list):
            assert isinstance(text, list) and len(text) == len(source), f"{key}: one translation per sentence"
            for words, english_words in zip(text, source):
                assert placeholders(words) == placeholders(english_words), key
        else:
            assert isinstance(text, str) and placeholders(text) == placeholders(source), key
            assert text.strip(), f"{key} is empty"


def kit_rules(path: Path) -> set[str]:
    return set(re.findall(r"\bK\d+\b", path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("page", PAGES, ids=str)
def test_a_translated_lesson_page_has_an_english_page_and_keeps_the_kit_rule_numbers(page):
    game, lang, name = page.parts
    english = LESSONS / game / name
    assert lang in {p.name for p in LOCALE.iterdir() if p.is_dir()}, f"{page}: no catalogue for {lang!r}"
    assert english.exists(), f"{page} translates no English page ({game}/{name} is missing)"
    if name == "rules.md":
        assert kit_rules(LESSONS / page) == kit_rules(english), "the rulebook's kit rules, by number"
