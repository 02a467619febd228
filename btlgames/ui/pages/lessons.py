"""A lesson pack's Markdown as a page: links to the kit's notebooks open the apps, headings get
GitHub's anchors, worksheets get room to write. The kit's server (``ui/serve``) and the static
site (``ui/site``) draw lesson pages with it; plain Python, no Voilà.
"""
from __future__ import annotations

import math
import posixpath
import re
from html import unescape
from urllib.parse import quote, unquote, urlsplit

import mistune

from ...core.i18n import DEFAULT_LANGUAGE, with_language

#: Where the lesson packs and the notebooks sit in the kit's repository. Lesson pages link
#: notebooks relatively, ``[the play app](../../notebooks/pentaquark/play.ipynb)``, so the
#: link works on GitHub; the kit's server turns it into the link that opens the app.
LESSONS_FOLDER = "lessons"
NOTEBOOKS_FOLDER = "notebooks"


def app_href(href: str, folder: tuple[str, ...] | list[str] = (), base_url: str = "/",
             lang: str = DEFAULT_LANGUAGE) -> str | None:
    """The app URL for a lesson page's link to a kit notebook, or None if it points elsewhere.

    ``href`` is relative to the Markdown file, which is ``lessons/<folder...>/<file>.md`` in
    the repository: ``../../notebooks/pentaquark/play.ipynb`` from ``lessons/pentaquark/``
    is ``notebooks/pentaquark/play.ipynb``, whose app is
    ``<base_url>voila/render/pentaquark/play.ipynb``.
    """
    url = urlsplit(href)
    if url.scheme or url.netloc or url.query or not url.path.endswith(".ipynb") or url.path.startswith("/"):
        return None
    path = posixpath.normpath(posixpath.join(LESSONS_FOLDER, *folder, unquote(url.path)))
    top, _, notebook = path.partition("/")
    if top != NOTEBOOKS_FOLDER or not notebook:
        return None
    app = with_language(f"{base_url}voila/render/{quote(notebook)}", lang)
    return app + (f"#{url.fragment}" if url.fragment else "")


def page_href(href: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A lesson page's link to another page of the packs (``rules.md#set-up``, ``../``), keeping
    the page's language; any other link as it is."""
    url = urlsplit(href)
    if (lang == DEFAULT_LANGUAGE or url.scheme or url.netloc or not url.path
            or not (url.path.endswith((".md", "/")) or url.path in (".", ".."))):
        return href
    return with_language(url._replace(fragment="").geturl(), lang) + (f"#{url.fragment}" if url.fragment else "")


def heading_slug(html_text: str) -> str:
    """GitHub's anchor for a heading, so ``rules.md#set-up`` works on GitHub and here alike."""
    text = unescape(re.sub(r"<[^>]+>", "", html_text)).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


# A printed worksheet's table: a column with every body cell blank is for the student to
# write in. A blank column under a question ("in range?", "confined?") takes a word or a
# number; any other blank column ("reason", "values in range") takes a sentence or a working,
# so such a table spans the page and its writing columns share the width its other columns
# leave (widths reckoned in characters of a printed line, see lesson.html).
LINE_CHARS = 85  # characters of table text across a printed A4 page (180 mm at 14.4 px)
GIVEN_MAX = 20   # a column of given text wraps past this many characters
SHORT_MIN = 6    # the least room for an answer ("yes", "+2/3")


def _room(body: int, head: int) -> int:
    """Characters of a printed line a column needs for ``body`` characters of text and a
    header word of ``head`` characters (bold, so wider), with the cell's padding."""
    return math.ceil(max(body, 1.1 * head)) + 3


def _plain(markdown: str) -> str:
    return re.sub(r"[*_`]|\]\([^)]*\)|\[", "", markdown).strip()


def _mark_worksheet_tables(md, state) -> None:
    """A before-render hook: classes and column widths for tables with columns to write in."""
    def walk(tokens):
        for tok in tokens:
            if tok["type"] == "table":
                _mark_table(tok)
            walk(tok.get("children") or [])
    walk(state.tokens)


def _mark_table(table: dict) -> None:
    if [part["type"] for part in table["children"]] != ["table_head", "table_body"]:
        return
    thead, tbody = table["children"]
    heads = thead["children"]
    rows = [row["children"] for row in tbody["children"]]
    if not rows or any(len(r) != len(heads) for r in rows):
        return
    kinds, weights = [], []
    for j, th in enumerate(heads):
        head, cells = _plain(th["text"]), [_plain(r[j]["text"]) for r in rows]
        head_word = max(map(len, head.split()), default=0)
        body_word = max((len(w) for c in cells for w in c.split()), default=0)
        if any(cells):
            kinds.append("given")
            weights.append(_room(min(max(map(len, cells)), max(GIVEN_MAX, body_word)), head_word))
        elif head.endswith("?"):
            kinds.append("short")
            weights.append(_room(SHORT_MIN, head_word))
        else:
            kinds.append("write")
            weights.append(_room(SHORT_MIN, head_word))
    if all(kind == "given" for kind in kinds):
        return
    table.setdefault("attrs", {})["sheet"] = "write" in kinds
    if "write" in kinds:
        # The writing columns share what the others leave of a printed line.
        share = (LINE_CHARS - sum(w for k, w in zip(kinds, weights) if k != "write")) / kinds.count("write")
        weights = [max(w, share) if k == "write" else w for k, w in zip(kinds, weights)]
        total = sum(weights)
        table["attrs"]["widths"] = [round(100 * w / total, 1) if k == "write" else None
                                    for k, w in zip(kinds, weights)]
    for j, kind in enumerate(kinds):
        for cell in [heads[j]] + [r[j] for r in rows]:
            cell["attrs"]["kind"] = kind


#: A worksheet's answer line: a line of underscores, alone or after a list number. Markdown
#: (and GitHub) would draw it as a thin rule with no room above it; the kit's page draws a
#: ruled line with a line's height of room to write on (lesson.html, ``.btl-line``).
WRITE_LINE = re.compile(r"^([ \t]*(?:\d+[.)][ \t]+)?)_{10,}[ \t]*$", re.M)

#: Where a printed sheet ends and the next begins (a worksheet's page 2, handed out apart from
#: page 1): a line ``<!-- new sheet -->``, which GitHub does not show; the kit's page starts a
#: new sheet of paper there (lesson.html, ``.btl-new-sheet``).
NEW_SHEET = re.compile(r"^<!-- new sheet -->[ \t]*$", re.M)


class LessonRenderer(mistune.HTMLRenderer):
    """HTML for a lesson page: notebook links open the apps, headings have GitHub's anchors,
    worksheet tables leave room to write."""

    def __init__(self, folder=(), base_url: str = "/", lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__(escape=False)
        self.folder, self.base_url, self.lang = tuple(folder), base_url, lang
        self._slugs: dict[str, int] = {}

    def link(self, text: str, url: str, title: str | None = None) -> str:
        href = app_href(url, self.folder, self.base_url, self.lang) or page_href(url, self.lang)
        return super().link(text, href, title)

    def heading(self, text: str, level: int, **attrs) -> str:
        slug = heading_slug(text)
        n = self._slugs.get(slug, 0)
        self._slugs[slug] = n + 1
        return super().heading(text, level, id=f"{slug}-{n}" if n else slug)

    def table(self, text: str, sheet: bool | None = None, widths: list[float] | None = None) -> str:
        if sheet is None:
            return "<table>\n" + text + "</table>\n"
        cols = "".join(f'<col style="width:{w}%">' if w else "<col>" for w in widths or [])
        cls = "btl-sheet btl-sheet-wide" if sheet else "btl-sheet"
        return f'<table class="{cls}">\n' + (f"<colgroup>{cols}</colgroup>\n" if cols else "") + text + "</table>\n"

    def table_head(self, text: str) -> str:
        return "<thead>\n<tr>\n" + text + "</tr>\n</thead>\n"

    def table_body(self, text: str) -> str:
        return "<tbody>\n" + text + "</tbody>\n"

    def table_row(self, text: str) -> str:
        return "<tr>\n" + text + "</tr>\n"

    def table_cell(self, text: str, align: str | None = None, head: bool = False, kind: str | None = None) -> str:
        tag = "th" if head else "td"
        style = f' style="text-align:{align}"' if align else ""
        cls = f' class="btl-{kind}"' if kind in ("short", "write") else ""
        return f"  <{tag}{cls}{style}>{text}</{tag}>\n"


def render_markdown(text: str, folder=(), base_url: str = "/", lang: str = DEFAULT_LANGUAGE) -> str:
    """A lesson page's Markdown to HTML, with mistune (a dependency of nbconvert, so always
    there with Voilà).

    ``folder`` is the file's folder inside the lesson packs (``("pentaquark",)``): links into
    the kit's notebooks folder, written relative to the file, become links to the apps under
    ``base_url`` (see ``app_href``). Worksheets get room to write: answer lines (lines of
    underscores) become ruled writing lines, and a table's blank columns become writing
    columns (see ``_mark_table``); lesson.html styles both for screen and print. A line
    ``<!-- new sheet -->`` starts a new sheet of paper when printed (``NEW_SHEET``). Links to apps
    and to other pages keep the page's language ``lang`` (``?lang=fi``).
    """
    md = mistune.create_markdown(renderer=LessonRenderer(folder, base_url, lang),
                                 plugins=["table", "strikethrough"])
    md.before_render_hooks.append(_mark_worksheet_tables)
    text = NEW_SHEET.sub('<div class="btl-new-sheet"></div>', WRITE_LINE.sub(r'\1<span class="btl-line"></span>', text))
    return md(text)
