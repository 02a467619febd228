"""The lesson packs as the kit's server shows them (lessons/<game>/*.md through pages.lessons.render_markdown).

No server and no browser: the pages are rendered by the same function LessonHandler calls.
"""
import re
import unicodedata
from html import unescape
from pathlib import Path
from urllib.parse import unquote, urlsplit

import tempfile

import pytest
from tornado.testing import AsyncHTTPTestCase

from btlgames.core.i18n import t
from btlgames.pentaquark.cards import QUARK_CARDS, flip, quark
from btlgames.ui.pages.lessons import app_href, heading_slug, render_markdown

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
NOTEBOOKS = ROOT / "notebooks"
#: English pages, and translated ones (lessons/<game>/<lang>/<page>.md), held to the same checks.
PAGES = sorted(LESSONS.glob("*/*.md")) + sorted(p for p in LESSONS.glob("*/*/*.md") if p.parent.name in ("fi", "nl"))
#: Packs whose pages are held to "every notebook is named by a link to its app". Add
#: research-programme when its pages link their notebooks (they still name paths).
LINKED_PACKS = ("pentaquark", "beamtimes-and-lifetimes", "research-programme")


def page_id(path: Path) -> str:
    return path.relative_to(LESSONS).as_posix()


def rendered(path: Path, base_url: str = "/") -> str:
    folder = path.parent.relative_to(LESSONS).parts
    return render_markdown(path.read_text(encoding="utf-8"), folder, base_url)


def hrefs(html: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'<a [^>]*href="([^"]*)"', html)]


def heading_ids(html: str) -> set[str]:
    return set(re.findall(r'<h[1-6] id="([^"]+)"', html))


# --- links to the apps -------------------------------------------------------------------------

def test_a_relative_link_into_the_notebooks_folder_opens_the_app():
    link = "../../notebooks/pentaquark/play.ipynb"
    assert app_href(link, ("pentaquark",)) == "/voila/render/pentaquark/play.ipynb"
    assert app_href(link, ("pentaquark",), "/kit/") == "/kit/voila/render/pentaquark/play.ipynb"
    # Any pack, any notebook folder: the rewrite knows no game.
    assert (app_href("../../notebooks/research-programme/school.ipynb", ("research-programme",))
            == "/voila/render/research-programme/school.ipynb")
    assert (app_href("../../notebooks/beamtimes-and-lifetimes/detector-ranges.ipynb#questions",
                     ("beamtimes-and-lifetimes",))
            == "/voila/render/beamtimes-and-lifetimes/detector-ranges.ipynb#questions")


@pytest.mark.parametrize("link", [
    "rules.md", "rules.md#set-up", "play.ipynb",                 # inside the pack
    "../../notebooks/pentaquark/",                               # a folder, not a notebook
    "../notebooks/pentaquark/play.ipynb",                        # lessons/notebooks/...
    "https://github.com/x/y/blob/main/notebooks/a/play.ipynb",   # elsewhere
    "/notebooks/pentaquark/play.ipynb",
])
def test_other_links_are_left_alone(link):
    assert app_href(link, ("pentaquark",)) is None
    assert hrefs(render_markdown(f"[x]({link})", ("pentaquark",))) == [link]


def test_the_pentaquark_pack_opens_both_apps():
    links = hrefs(rendered(LESSONS / "pentaquark" / "README.md", "/base/"))
    assert "/base/voila/render/pentaquark/play.ipynb" in links
    assert "/base/voila/render/pentaquark/confinement.ipynb" in links


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_notebook_link_names_a_notebook_that_exists(page):
    markdown = page.read_text(encoding="utf-8")
    for link in re.findall(r"\]\(([^)\s]+)", markdown):
        if not urlsplit(link).path.endswith(".ipynb"):
            continue
        # On GitHub the link opens the file; in the kit it opens the app of the same file.
        on_disk = (page.parent / unquote(urlsplit(link).path)).resolve()
        assert on_disk.is_file(), f"{page_id(page)} links {link}: no such notebook"
        url = app_href(link, page.parent.relative_to(LESSONS).parts)
        assert url is not None, f"{page_id(page)} links {link}, outside {NOTEBOOKS.name}/"
        assert NOTEBOOKS / unquote(urlsplit(url).path).removeprefix("/voila/render/") == on_disk


@pytest.mark.parametrize("page", [p for p in PAGES if p.relative_to(LESSONS).parts[0] in LINKED_PACKS], ids=page_id)
def test_notebooks_are_named_by_links_not_paths(page):
    html = re.sub(r"<a [^>]*>.*?</a>", "", rendered(page), flags=re.S)
    text = unescape(re.sub(r"<[^>]+>", " ", html))
    assert not re.findall(r"[\w./-]+\.ipynb", text)


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_links_between_lesson_pages_reach_a_page_and_heading(page):
    for link in hrefs(rendered(page)):
        url = urlsplit(link)
        if url.scheme or url.netloc or link.startswith("/") or not url.path.endswith(".md") and url.path:
            continue
        target = (page.parent / unquote(url.path)).resolve() if url.path else page
        assert target.is_file(), f"{page_id(page)} links {link}: no such page"
        if url.fragment:
            assert url.fragment in heading_ids(rendered(target)), f"{page_id(page)} links {link}: no such heading"


def test_headings_carry_githubs_anchors():
    assert heading_slug("Part A — Game situations") == "part-a--game-situations"
    assert heading_slug("Exit ticket (3 questions)") == "exit-ticket-3-questions"
    assert heading_slug("<strong>Kit rules</strong> &amp; more") == "kit-rules--more"
    html = render_markdown("# Notes\n\n## Notes\n\n## Notes\n")
    assert re.findall(r'id="([^"]+)"', html) == ["notes", "notes-1", "notes-2"]


# --- one notation for quarks -------------------------------------------------------------------

#: The old "colour space flavour" notation ("R u", "B̄ c̄"); the apps write u(R) and c̄(B̄).
OLD_QUARK = re.compile(r"(?<![\w\u0304])[RGB]\u0304? [udscbt]\u0304?(?![\w\u0304(])")
QUARK_NAME = re.compile(r"(?<![\w\u0304])[udscbt]\u0304?\([^)\s]{1,3}\)")
APP_NAMES = {str(quark(face)) for card in QUARK_CARDS for face in (card, flip(card))}


def test_the_apps_quark_names():
    assert {"u(R)", "c\u0304(B\u0304)", "s\u0304(G\u0304)"} <= APP_NAMES and len(APP_NAMES) == 30


@pytest.mark.parametrize("page", sorted(LESSONS.glob("**/*.md")), ids=page_id)
def test_no_lesson_page_writes_a_quark_colour_first(page):
    text = unicodedata.normalize("NFD", page.read_text(encoding="utf-8"))
    old = [(n, m[0]) for n, line in enumerate(text.splitlines(), 1) for m in OLD_QUARK.finditer(line)]
    assert not old, f"write quarks as the apps do, u(R) or c̄(B̄), not: {old[:5]}"


@pytest.mark.parametrize("page", sorted((LESSONS / "pentaquark").glob("*.md")), ids=page_id)
def test_pentaquark_pages_write_quarks_exactly_as_the_app(page):
    text = page.read_text(encoding="utf-8")
    names = QUARK_NAME.findall(unicodedata.normalize("NFD", text))
    assert names, "the page names no quark card"
    assert set(names) <= APP_NAMES, set(names) - APP_NAMES
    # The same characters as the app (a combining bar), so a search for ū(R̄) finds them all.
    assert set(QUARK_NAME.findall(text)) <= APP_NAMES


# --- room to write -----------------------------------------------------------------------------

WORKSHEETS = sorted([*LESSONS.glob("*/worksheet.md"), *LESSONS.glob("*/exit-ticket.md")])


def tables(html: str) -> list[str]:
    return re.findall(r"<table.*?</table>", html, re.S)


def columns(table: str) -> list[tuple[str, str, float | None]]:
    """(header text, kind, width %) of each column."""
    widths = [float(w) if w else None for w in
              re.findall(r'<col(?: style="width:([\d.]+)%")?>', table)]
    heads = re.findall(r"<th(?: class=\"btl-(\w+)\")?[^>]*>(.*?)</th>", table)
    return [(text, kind or "given", widths[i] if widths else None) for i, (kind, text) in enumerate(heads)]


def test_the_pentaquark_reason_column_takes_most_of_the_line():
    first = tables(rendered(LESSONS / "pentaquark" / "worksheet.md"))[0]
    assert first.startswith('<table class="btl-sheet btl-sheet-wide">')
    cols = {text: (kind, width) for text, kind, width in columns(first)}
    assert cols["reason"][0] == "write" and cols["reason"][1] >= 40  # was about 75 px of 680
    assert cols["confined?"] == ("short", None) and cols["group"] == ("given", None)


@pytest.mark.parametrize("page", WORKSHEETS, ids=page_id)
def test_every_blank_worksheet_column_is_marked_for_writing(page):
    markdown = page.read_text(encoding="utf-8")
    html = rendered(page)
    for table in tables(html):
        body_rows = re.findall(r"<tbody>.*?</tbody>", table, re.S)[0]
        cells = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in re.findall(r"<tr>.*?</tr>", body_rows, re.S)]
        for j, (text, kind, width) in enumerate(columns(table)):
            blank = all(not row[j].strip() for row in cells)
            assert (kind != "given") == blank, (page_id(page), text)
            if kind == "write":
                assert width and width >= 100 / len(cells[0]) - 1, (page_id(page), text, width)
    # Answer lines are ruled writing lines, not Markdown's thin rules.
    lines = re.findall(r"^\s*(?:\d+\.\s+)?_{10,}\s*$", markdown, re.M)
    assert html.count('<span class="btl-line"></span>') == len(lines) > 0
    assert html.count("<hr") == len(re.findall(r"^---+\s*$", markdown, re.M))


def test_tables_without_blank_columns_stay_plain():
    html = render_markdown("| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert "<table>" in html and "btl-" not in html
    html = render_markdown("| a | ok? |\n|---|---|\n| 1 | |\n")
    assert '<table class="btl-sheet">' in html and "<colgroup>" not in html


@pytest.mark.parametrize("slip", sorted(LESSONS.glob("*/exit-ticket.md")), ids=page_id)
def test_the_exit_ticket_asks_the_lesson_plans_questions(slip):
    def questions(markdown: str) -> list[str]:
        return [" ".join(q.split()) for q in re.findall(r"^\d+\. (.+?)(?=\n\s*\n|\n\d+\. )", markdown, re.M | re.S)
                if not q.startswith("_")]
    plan = (slip.parent / "lesson-plan.md").read_text(encoding="utf-8")
    section = plan.split("### Exit ticket", 1)[1].split("(Answers:", 1)[0]
    assert questions(slip.read_text(encoding="utf-8")) == questions(section + "\n") != []


# --- languages ---------------------------------------------------------------------------------

def test_a_translated_page_keeps_its_language_in_its_links_to_apps_and_pages():
    markdown = ("[peli](../../../notebooks/pentaquark/play.ipynb#start) [säännöt](rules.md#set-up) "
                "[kansio](../) [ohje](#kohta) [muu](https://example.org/a.md)")
    html = render_markdown(markdown, ("pentaquark", "fi"), "/", "fi")
    assert hrefs(html) == ["/voila/render/pentaquark/play.ipynb?lang=fi#start", "rules.md?lang=fi#set-up",
                           "../?lang=fi", "#kohta", "https://example.org/a.md"]
    assert "lang=" not in "".join(hrefs(render_markdown(markdown, ("pentaquark", "fi"))))  # English: as written


class LessonServer(AsyncHTTPTestCase):
    """The lesson handler as the kit's server runs it, on a lesson folder of this test's own."""

    def get_app(self):
        import jinja2
        from tornado import web

        from btlgames.ui.pages.paths import TEMPLATES
        from btlgames.ui.pages.template import template_globals
        from btlgames.ui.serve.voila_app import LessonHandler

        self.folder = tempfile.TemporaryDirectory()
        root = Path(self.folder.name)
        (root / "pentaquark" / "fi").mkdir(parents=True)
        (root / "pentaquark" / "README.md").write_text("# Pack\n\n[Rules](rules.md)\n", encoding="utf-8")
        (root / "pentaquark" / "rules.md").write_text("# Rules\n", encoding="utf-8")
        (root / "pentaquark" / "fi" / "rules.md").write_text("# Säännöt\n\n[peli](../../../notebooks/pentaquark/play.ipynb)\n",
                                                             encoding="utf-8")
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                                 autoescape=True)
        env.globals.update(template_globals(str(NOTEBOOKS), str(root)))
        return web.Application([(r"/lessons/(.*)", LessonHandler, {"root": str(root), "base_url": "/"})],
                               voila_jinja2_env=env)

    def tearDown(self):
        super().tearDown()
        self.folder.cleanup()

    def page(self, path):
        return self.fetch(path, follow_redirects=False)

    def test_a_page_asked_for_in_finnish_is_the_finnish_page_where_there_is_one(self):
        reply = self.page("/lessons/pentaquark/rules.md?lang=fi")
        assert reply.code == 302 and reply.headers["Location"] == "/lessons/pentaquark/fi/rules.md?lang=fi"
        body = self.page("/lessons/pentaquark/fi/rules.md").body.decode()  # its folder says Finnish
        assert '<html class="btl-page" lang="fi">' in body and "Säännöt" in body and "Kaikki pelit" in body
        assert 'href="/voila/render/pentaquark/play.ipynb?lang=fi"' in body
        assert 'href="/?lang=fi"' in body and 'href="/lessons/pentaquark/?lang=fi"' in body  # the way back
        # The chooser: English is the English page, asked for outright (so the choice is remembered).
        assert 'href="/lessons/pentaquark/rules.md?lang=en" lang="en"' in body

    def test_a_page_opened_without_a_language_goes_to_the_one_last_chosen(self):
        chose = {"Cookie": "btl-lang=fi"}
        reply = self.fetch("/lessons/pentaquark/rules.md", headers=chose, follow_redirects=False)
        assert reply.code == 302 and reply.headers["Location"] == "/lessons/pentaquark/rules.md?lang=fi"
        for stays in ("/lessons/pentaquark/rules.md?lang=en",  # the URL's own choice wins
                      "/lessons/pentaquark/fi/rules.md"):    # a page in a language's own folder
            assert self.fetch(stays, headers=chose, follow_redirects=False).code == 200
        for cookie in ("btl-lang=en", "btl-lang=xx", ""):  # English, unknown, nothing: no redirect
            assert self.fetch("/lessons/pentaquark/rules.md", headers={"Cookie": cookie}, follow_redirects=False).code == 200

    def test_a_page_without_a_translation_is_english_in_finnish_chrome(self):
        body = self.page("/lessons/pentaquark/?lang=fi").body.decode()
        assert '<html class="btl-page" lang="fi">' in body and "<h1" in body and "Pack" in body
        assert 'href="rules.md?lang=fi"' in body and "Kaikki pelit" in body
        # ... and says so: in its title, in a note above it, and to a screen reader (its words are English)
        assert "<title>Pack (englanniksi)</title>" in body and "<article lang=\"en\">" in body
        assert t("launcher.in_english_note", "fi") in body
        translated = self.page("/lessons/pentaquark/fi/rules.md").body.decode()
        assert "<title>Säännöt</title>" in translated and "englanniksi" not in translated
        english = self.page("/lessons/pentaquark/rules.md?lang=en").body.decode()
        assert "<title>Rules</title>" in english and "<article>" in english

    def test_an_unknown_language_is_english_without_an_error(self):
        reply = self.page("/lessons/pentaquark/rules.md?lang=xx")
        assert reply.code == 200 and '<html class="btl-page" lang="en">' in reply.body.decode()
        assert "All games" in reply.body.decode()

    def test_a_folder_without_its_slash_keeps_the_language(self):
        reply = self.page("/lessons/pentaquark/fi")
        assert reply.code == 302 and reply.headers["Location"] == "/lessons/pentaquark/fi/?lang=fi"
