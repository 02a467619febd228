#!/usr/bin/env python3
"""Research Programme's lesson pack on paper: how many A4 sheets each page prints on, per language.

    .venv/bin/python bench/paper.py [--lessons LESSONS_DIR] [--pack research-programme] [PAGE.md ...]

Each page is drawn as the kit draws it (``ui.site.build.lesson_page``: the lesson template and
``render_markdown``, as the server serves it), printed by Debian's Chromium (/usr/bin/chromium,
or $BTLGAMES_CHROMIUM) with ``page.pdf(format="A4")``, and its PDF's pages counted. A worksheet
with more than one sheet (``<!-- new sheet -->``, or in an older pack its first rule, ``---``)
is also printed sheet by sheet: "student-sheet.md: 4 (1 + 3)". Every page opens in a new browser
context, so the language a page last chose (localStorage) never carries into the next.

Words: the words a reader meets on the page (its text as the browser shows it), for the pages
meant to be read in one go. Measurements only: tests/browser/test_paper.py holds the limits.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
from pathlib import Path

from btlgames.ui.site.build import lesson_page

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("README.md", "run-this-lesson.md", "run-sheet.md", "table-card.md", "student-sheet.md", "lesson-plan.md")
LANGUAGES = ("en", "fi", "nl")
LAUNCH_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]

# A worksheet's sheets: the page's marks (its first rule in an older pack); the ``n``-th sheet alone.
MARKS = """() => {
  const article = document.querySelector('main article');
  const marks = [...article.querySelectorAll(':scope > .btl-new-sheet')];
  return marks.length ? marks : [...article.querySelectorAll(':scope > hr')].slice(0, 1);
}"""
SHEET = """([n, marks]) => {
  const kids = [...document.querySelector('main article').children];
  const bounds = [-1, ...marks.map(m => kids.indexOf(m)), kids.length];
  kids.forEach((kid, i) => { if (i <= bounds[n] || i >= bounds[n + 1]) kid.remove(); });
}"""


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def printed(browser, html: str) -> list[int]:
    """The A4 pages ``html`` prints on, then (a worksheet of several sheets) each sheet's alone."""
    counts = []
    for n in range(99):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            page.set_content(html)
            marks = page.evaluate_handle(MARKS)
            sheets = page.evaluate("m => m.length", marks) + 1
            if n > 0:
                if sheets == 1 or n > sheets:
                    return counts
                page.evaluate(SHEET, [n - 1, marks])
            counts.append(pdf_pages(page.pdf(format="A4")))
        finally:
            context.close()
    return counts


def words(browser, html: str) -> int:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(html)
        return len(re.findall(r"\w+(?:[’'-]\w+)*", page.inner_text("main article")))
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", default=list(PAGES))
    parser.add_argument("--lessons", type=Path, default=ROOT / "lessons")
    parser.add_argument("--pack", default="research-programme")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("BTLGAMES_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    print("| page | " + " | ".join(LANGUAGES) + " |\n|---|" + "---|" * len(LANGUAGES))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
        for name in args.pages:
            cells = []
            for lang in LANGUAGES:
                relative = Path(args.pack, name) if lang == "en" else Path(args.pack, lang, name)
                if not (args.lessons / relative).is_file():
                    cells.append("—")
                    continue
                html = lesson_page(args.lessons, relative, [])
                whole, *sheets = printed(browser, html)
                cell = str(whole) + (f" ({' + '.join(map(str, sheets))})" if sheets else "")
                if name == "run-this-lesson.md":
                    cell += f", {words(browser, html)} words"
                cells.append(cell)
            print(f"| {name} | " + " | ".join(cells) + " |")
        browser.close()


if __name__ == "__main__":
    main()
