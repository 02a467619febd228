"""A translated message writes each value as the English one does. tests/ui/test_i18n.py holds every
catalogue to the English keys, placeholder names and CLDR plural forms, and
tests/ui/test_lesson_translations.py the translated lesson pages; here: a placeholder keeps English's
number format ({share:.1%} stays a percentage in every language, since t() writes it the language's
way), so a translation cannot print 0.125 where English prints 12.5 %; and no message or notebook
prose in any language cites the kit's rulebook by code ("Kit rule K16", "(K12)"): a student's words.
A code is the rulebook's own (lessons/<game>/rules.md), and a comment in a catalogue may keep one."""
import json
import re
import string
import tomllib
from pathlib import Path

import pytest

from btlgames.core.i18n import available_languages, catalogue

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "btlgames" / "locale"

NOTEBOOKS = ROOT / "notebooks"
KIT_RULE_CODE = re.compile(r"\bK\d+\b")
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


def coded(text: str) -> str:
    """The kit rule codes a text cites, "K12, K16", or ""."""
    return ", ".join(KIT_RULE_CODE.findall(text))


def test_a_kit_rule_code_is_found_in_any_language_and_only_as_a_code():
    assert coded("(Kit rule K16)") == "K16" and coded("(K12)") == "K12"
    assert coded("sarjan sääntö K16") == "K16" and coded("kitregel K24 tot K27") == "K24, K27"
    assert coded("300 K, the K-meson, 4K screens, Kit rule") == ""


@pytest.mark.parametrize("lang", available_languages())
def test_no_message_or_notebook_prose_cites_a_kit_rule_by_its_code(lang):
    """A student's words: "(Kit rule K16)" means nothing on a student's screen. A sentence says the
    rule itself, and says it is the kit's own decision where that matters."""
    found = [f"{key} ({coded(text)})" for key, text in catalogue(lang).items()
             if isinstance(text, str) and coded(text)]
    for path in sorted((LOCALE / lang / "notebooks").rglob("*.md")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if coded(line):
                found.append(f"{path.relative_to(LOCALE).as_posix()}:{n} ({coded(line)})")
    assert not found, f"kit rule codes in the {lang} words a student reads: " + "; ".join(found)


def test_no_notebook_cell_cites_a_kit_rule_by_its_code():
    found = [f"{path.relative_to(ROOT).as_posix()} cell {n} ({coded(''.join(cell['source']))})"
             for path in sorted(NOTEBOOKS.rglob("*.ipynb")) if ".ipynb_checkpoints" not in path.parts
             for n, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"])
             if cell["cell_type"] == "markdown" and coded("".join(cell["source"]))]
    assert not found, "kit rule codes in the notebooks' own words: " + "; ".join(found)
