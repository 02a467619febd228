"""A translated message writes each value as the English one does. tests/ui/test_i18n.py holds every
catalogue to the English keys, placeholder names and CLDR plural forms, and
tests/ui/test_lesson_translations.py the translated lesson pages; here: a placeholder keeps English's
number format ({share:.1%} stays a percentage in every language, since t() writes it the language's
way), so a translation cannot print 0.125 where English prints 12.5 %."""
import re
import string
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "btlgames" / "locale"

TRANSLATIONS = sorted(p.relative_to(LOCALE) for p in LOCALE.glob("*/*.toml") if p.parts[-2] != "en")


def texts(node, prefix: str = "") -> dict[str, str]:
    """Every text of a catalogue file by dotted key (a plural form or a list item is a key of its own)."""
    items = node.items() if isinstance(node, dict) else enumerate(node)
    flat = {}
    for key, value in items:
        name = f"{prefix}.{key}" if prefix else str(key)
        flat.update(texts(value, name) if isinstance(value, (dict, list)) else {name: value})
    return flat


def formats(text: str) -> dict[str, tuple]:
    """{field: (conversion, format spec)}: how each filled-in value is written."""
    return {field: (conversion, spec) for _, field, spec, conversion in string.Formatter().parse(text)
            if field is not None}


def load(path: Path) -> dict[str, str]:
    return texts(tomllib.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", TRANSLATIONS, ids=str)
def test_a_translated_message_writes_each_value_in_the_english_format(path):
    english_file = LOCALE / "en" / path.name
    assert english_file.exists(), f"{path} has no English counterpart en/{path.name}"
    english = load(english_file)
    for key, text in load(LOCALE / path).items():
        source = english.get(key) or english.get(re.sub(r"\.(zero|one|two|few|many)$", ".other", key))
        if source is None:
            continue  # a key English lacks: test_i18n.py names it
        wanted = formats(source)
        assert {f: wanted[f] for f in formats(text) if f in wanted} == formats(text), key
