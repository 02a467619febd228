"""Research Programme's lesson on paper, in plain Python: a "run this lesson" page a teacher reads
the evening before (at most 1,500 words, no kit-rule codes), the run sheet, the table card and
the student sheet in every language, the launcher leading to them, and tables with a header.

How they print (one A4 each) is measured in Chromium: tests/browser/test_paper.py.
"""
import re
from html import unescape
from pathlib import Path

import pytest

from btlgames.ui.pages import launcher
from btlgames.ui.pages.lessons import render_markdown

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
PACK = LESSONS / "research-programme"
LANGUAGES = ("en", "fi", "nl")
PAPER = ("run-this-lesson.md", "run-sheet.md", "table-card.md", "student-sheet.md")
RUN_PAGE_WORDS = 1500
#: The words that say a code is the kit's rule ("the kit's rule K31"): a code may follow them.
KIT_RULE_WORDS = ("kit's rule", "kit rule", "paketin sääntö", "kitregel")


def page(name: str, lang: str) -> Path:
    return PACK / name if lang == "en" else PACK / lang / name


def html_of(path: Path) -> str:
    return render_markdown(path.read_text(encoding="utf-8"), path.parent.relative_to(LESSONS).parts)


def text_of(path: Path) -> str:
    """The page's words as a reader meets them (no markup, no link targets)."""
    return unescape(re.sub(r"<[^>]+>", " ", html_of(path)))


def words(text: str) -> int:
    return len(re.findall(r"\w+(?:[’'-]\w+)*", text))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PAPER)
def test_every_paper_page_is_in_every_language(name, lang):
    assert page(name, lang).is_file(), f"no {page(name, lang).relative_to(LESSONS)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_run_page_is_read_in_one_evening(lang):
    n = words(text_of(page("run-this-lesson.md", lang)))
    assert 600 < n <= RUN_PAGE_WORDS, f"run-this-lesson.md ({lang}): {n} words"


def test_words_are_counted_as_a_reader_counts_them():
    assert words("The die's roll: 5+ on a well-known project, 60 billionths") == 10


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PAPER)
def test_no_kit_rule_codes_on_the_teachers_run_pages_or_the_students_pages(name, lang):
    """A code such as K31 means nothing to a teacher the evening before or to a student; where
    a page must name one, it says in words that it is the kit's rule."""
    text = text_of(page(name, lang))
    for said in KIT_RULE_WORDS:
        text = re.sub(rf"{re.escape(said)}\s+K\d+", said, text, flags=re.I)
    assert not re.findall(r"\bK\d+\b", text), f"{name} ({lang})"


def test_kit_rule_codes_are_found_where_they_are_bare():
    assert re.findall(r"\bK\d+\b", "one story a round (K31)") == ["K31"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_packs_first_words_lead_to_the_run_page(lang):
    """The launcher's lessons link opens the pack's README (in the page's language): its first
    paragraph sends a teacher to "run this lesson"."""
    html = html_of(page("README.md", lang))
    first = re.search(r"<p>(.*?)</p>", html, re.S).group(1)
    assert html.index("<p>") < html.index("</h1>") + 20, "the README starts with another element"
    assert 'href="run-this-lesson.md"' in first and 'href="run-sheet.md"' in first


def test_the_launchers_lessons_link_opens_the_packs_readme():
    row = next(r for r in launcher.entries(ROOT / "notebooks", LESSONS) if r["slug"] == "research-programme")
    lessons = next(link for link in row["links"] if link["kind"] == "lessons")
    assert lessons["href"] == "/lessons/research-programme/"  # the server shows its README.md there


EMPTY_HEAD = re.compile(r"<thead>\s*<tr>\s*(?:<th[^>]*>\s*</th>\s*)+</tr>\s*</thead>")


@pytest.mark.parametrize("path", sorted(LESSONS.glob("**/*.md")), ids=lambda p: p.relative_to(LESSONS).as_posix())
def test_no_table_starts_with_an_empty_header_row(path):
    """A table card's rows need a header a screen reader can announce (and a printed table a
    first row that says what its columns hold)."""
    assert not EMPTY_HEAD.search(html_of(path))


def test_an_empty_header_row_is_found():
    assert EMPTY_HEAD.search(render_markdown("| | |\n|---|---|\n| **Goal** | win |\n"))
    assert not EMPTY_HEAD.search(render_markdown("| | group |\n|---|---|\n| 1 | A |\n"))


def test_a_new_sheet_mark_starts_a_new_sheet_of_paper_and_shows_nothing():
    html = render_markdown("Page 1\n\n---\n\n<!-- new sheet -->\n\n## Page 2\n")
    assert '<div class="btl-new-sheet"></div>' in html and "new sheet" not in re.sub(r'class="[^"]*"', "", html)
    assert html.index("<hr") < html.index("btl-new-sheet") < html.index("<h2")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_student_sheet_has_its_two_sheets(lang):
    html = html_of(page("student-sheet.md", lang))
    assert html.count('class="btl-new-sheet"') == 1
    assert html.index("btl-new-sheet") < html.index("<h2", html.index("btl-new-sheet"))
