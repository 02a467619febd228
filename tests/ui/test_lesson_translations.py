"""Translated lesson pages (lessons/<game>/<lang>/<page>.md) and the translated card texts.

A translation is the English page in another language: it has an English counterpart, its links
reach what they name (in its own language where that page exists), and a translated rulebook
names the same kit rules as the English one, so "Kit rule K17" means one rule in every language.
"""
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from btlgames.ui.pages.lessons import render_markdown

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
TRANSLATED = sorted(p for p in LESSONS.glob("*/*/*.md") if len(p.parent.name) == 2)


def page_id(path: Path) -> str:
    return path.relative_to(LESSONS).as_posix()


def english(page: Path) -> Path:
    return page.parent.parent / page.name


def links(page: Path) -> list[str]:
    """The page's relative links, as written in its Markdown."""
    found = re.findall(r"\]\(([^)\s]+)", page.read_text(encoding="utf-8"))
    return [link for link in found if not urlsplit(link).scheme and not link.startswith(("/", "#"))]


def kit_rules(page: Path) -> set[str]:
    return set(re.findall(r"\bK\d+\b", page.read_text(encoding="utf-8")))


def test_there_are_translated_pages():
    assert any(p.parent.name == "fi" for p in TRANSLATED)


@pytest.mark.parametrize("page", TRANSLATED, ids=page_id)
def test_every_translated_page_has_an_english_counterpart(page):
    assert english(page).is_file(), f"{page_id(page)}: no {page_id(english(page))}"


@pytest.mark.parametrize("page", TRANSLATED, ids=page_id)
def test_relative_links_reach_a_file_and_heading(page):
    for link in links(page):
        url = urlsplit(link)
        target = (page.parent / unquote(url.path)).resolve()
        assert target.is_file(), f"{page_id(page)} links {link}: no such file"
        if url.fragment and target.suffix == ".md":
            folder = target.parent.relative_to(LESSONS).parts
            html = render_markdown(target.read_text(encoding="utf-8"), folder, "/")
            assert f'id="{url.fragment}"' in html, f"{page_id(page)} links {link}: no such heading"


@pytest.mark.parametrize("page", TRANSLATED, ids=page_id)
def test_links_to_pages_of_the_pack_stay_in_the_pages_language(page):
    """...except a link to the page's own English original ("the English rulebook")."""
    for link in links(page):
        target = (page.parent / unquote(urlsplit(link).path)).resolve()
        if target.suffix == ".md" and target.parent == page.parent.parent and target.name != page.name:
            translated = page.parent / target.name
            assert not translated.is_file(), f"{page_id(page)} links {link}: use {target.name}, its translation"


@pytest.mark.parametrize("page", [p for p in TRANSLATED if p.name == "rules.md"], ids=page_id)
def test_a_translated_rulebook_names_the_same_kit_rules(page):
    missing, extra = kit_rules(english(page)) - kit_rules(page), kit_rules(page) - kit_rules(english(page))
    assert not missing and not extra, f"{page_id(page)}: lacks {sorted(missing)}, adds {sorted(extra)}"


def test_the_dutch_beat_the_logic_pack_speaks_the_sources_words():
    """The source (the Dutch first edition) calls instrument and accessory together "accessoires",
    one card of drumsticks a "drumstok", the microphone a "micro", an unfinished set "onafgewerkt"
    and an angel's cost "minpunten": the Dutch pack, catalogue and notebook words say the same."""
    import tomllib

    locale = ROOT / "btlgames" / "locale" / "nl"
    files = [*(LESSONS / "beat-the-logic" / "nl").glob("*.md"), locale / "beat_the_logic.toml",
             locale / "strategy_lab.toml", *(locale / "notebooks" / "beat-the-logic").glob("*.md")]
    for path in files:
        text = path.read_text(encoding="utf-8")
        for wrong in ("microfoon", "drumstokkenkaart", "nog niet af", "onvolledig", "−2 punten", "-2 punten"):
            assert wrong not in text, f"{path.name}: {wrong!r}"
        assert not re.search(r"instrument(en)? (en|of) (zijn |één )?accessoire", text), \
            f"{path.name}: 'accessoires' are the instrument and the accessory together, as in the source"
    catalogue = tomllib.loads((locale / "beat_the_logic.toml").read_text(encoding="utf-8"))["beat-the-logic"]
    assert catalogue["card"]["drumsticks"] == "drumstok" and catalogue["card"]["microphone"] == "micro"
    assert "accessoire" not in catalogue["role"]["accessory"]
    assert "minpunten" in (LESSONS / "beat-the-logic" / "nl" / "rules.md").read_text(encoding="utf-8")
