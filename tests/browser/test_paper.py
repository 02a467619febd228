"""Research Programme's paper as printed: Chromium prints each page to A4 (``page.pdf``) as the
kit draws it (the lesson template and ``render_markdown``, by ``ui.site.build.lesson_page``, the
same the server serves), and the PDF's pages are counted.

A teacher's run sheet and a team's table card are one sheet of A4 in every language; the student
sheet's page 1 (the team's record) is one sheet, and its page 2 starts a sheet of its own.
Every page opens in a new browser context: a page never inherits the language the last one chose.
"""
import re
from pathlib import Path

import pytest

from btlgames.ui.site.build import lesson_page

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
LANGUAGES = ("en", "fi", "nl")
ONE_SHEET = ("run-sheet.md", "table-card.md")

# The student sheet's first sheet alone (everything before its "new sheet" mark), or all after it.
KEEP_SHEET = """(first) => {
  const mark = document.querySelector('main article > .btl-new-sheet');
  const kids = [...mark.parentElement.children], at = kids.indexOf(mark);
  kids.forEach((kid, i) => { if (first ? i >= at : i <= at) kid.remove(); });
}"""


def relative(name: str, lang: str) -> Path:
    return Path("research-programme", name) if lang == "en" else Path("research-programme", lang, name)


def sheets(browser, name: str, lang: str, keep: bool | None = None) -> int:
    """The A4 sheets the page prints on (``keep``: True only its first sheet, False the rest)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(lesson_page(LESSONS, relative(name, lang), []))
        if keep is not None:
            page.evaluate(KEEP_SHEET, keep)
        return len(re.findall(rb"/Type\s*/Page\b", page.pdf(format="A4")))
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ONE_SHEET)
def test_the_run_sheet_and_the_table_card_print_on_one_sheet(browser, name, lang):
    assert sheets(browser, name, lang) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_student_sheets_page_1_prints_on_one_sheet_and_page_2_starts_the_next(browser, lang):
    whole, first, rest = (sheets(browser, "student-sheet.md", lang, keep) for keep in (None, True, False))
    assert first == 1, f"page 1 spills onto {first} sheets"
    assert whole == first + rest  # page 2 starts a sheet of its own: a team's page 1 is handed out alone


def test_a_page_that_spills_is_counted(browser):
    """The counting works: the lesson plan is many sheets long."""
    assert sheets(browser, "lesson-plan.md", "en") > 5
