"""Voilà, as the kit runs it: the launcher, the lesson packs and a kernel cap.

Imported by ``btlgames.ui.server.serve()`` (it imports Voilà and Jupyter Server),
and by tests/ui/test_lesson_pages.py, which renders the lesson pages as the server does.  Everything else about the server is plain Voilà configuration in
``voila.py`` beside this file.
"""
from __future__ import annotations

import math
import mimetypes
import posixpath
import re
from html import unescape
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

import jinja2
import mistune
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from markupsafe import Markup, escape
from tornado import web
from traitlets import Integer, TraitError, Unicode, validate
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from ...core.i18n import DEFAULT_LANGUAGE, URL_PARAMETER, available_languages, known_language, t, with_language
from .. import launcher
from ..widgets import FOCUS_CSS

#: The cookie that remembers the language last chosen (set by btl-language-memory.html).
LANGUAGE_COOKIE = "btl-lang"

# Files a lesson pack may contain besides Markdown, served as they are.
LESSON_FILE_TYPES = {".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".pdf", ".csv", ".txt"}


def _translations() -> list[str]:
    """The languages a lesson pack may have a folder of translated pages for (lessons/<game>/fi/)."""
    return [lang for lang in available_languages() if lang != DEFAULT_LANGUAGE]


def asking_for(uri: str, lang: str) -> str:
    """``uri`` with ``?lang=<lang>`` said outright (English too: the chooser's choice is remembered)."""
    kept = with_language(uri, DEFAULT_LANGUAGE)
    return kept + ("&" if urlsplit(kept).query else "?") + f"{URL_PARAMETER}={lang}"


class KitKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager with a cap on how many kernels run at once.

    Every open app page holds one kernel (~100 MiB); the cap keeps a class that
    reloads pages from exhausting the teacher's laptop.  Past the cap a page
    gets a clear "too many apps open" page instead of a kernel.
    """

    max_kernels = Integer(
        0, config=True,
        help="Refuse to start a kernel when this many are running (0: no limit).")

    async def start_kernel(self, *args, **kwargs):
        if (self.max_kernels > 0 and kwargs.get("kernel_id") is None
                and len(self.list_kernel_ids()) >= self.max_kernels):
            raise web.HTTPError(
                503,
                t("launcher.too_many_apps", n=self.max_kernels),
                reason=t("launcher.too_many_apps_reason"))
        return await super().start_kernel(*args, **kwargs)


class KitKernelSpecManager(KernelSpecManager):
    """Only ipykernel's built-in ``python3``, which runs the server's own Python.

    Without this, a ``python3`` kernelspec installed elsewhere on the computer (a user's
    ~/.local/share/jupyter, another Jupyter's data folder) could win, and the apps would
    start in a Python that has no ``btlgames``.
    """

    def _kernel_dirs_default(self) -> list[str]:
        return []


class LanguageMixin:
    """A kit page in the language its URL asks for (``?lang=fi``; an unknown one is English).

    Its templates get ``btl_lang`` (``btl_t`` and ``btl_launcher`` read it) and
    ``btl_languages``, the chooser's entries, each linking this page in that language."""

    @property
    def btl_lang(self) -> str:
        return known_language(self.get_argument(URL_PARAMETER, ""))

    def remembered_redirect(self) -> bool:
        """Send a page whose URL names no language to the one last chosen (the ``btl-lang``
        cookie that the chooser's pages set), before anything is built: an app page redirected
        here starts no kernel, where a redirect by the page itself would leave one behind."""
        lang = self.get_cookie(LANGUAGE_COOKIE, "")
        if (self.get_argument(URL_PARAMETER, None) is not None or lang == DEFAULT_LANGUAGE
                or lang not in available_languages()):
            return False
        self.redirect(asking_for(self.request.uri, lang))
        return True

    def language_href(self, lang: str) -> str:
        return asking_for(self.request.uri, lang)

    @property
    def template_namespace(self) -> dict:
        lang = self.btl_lang
        return {**super().template_namespace, "btl_lang": lang,
                "btl_languages": launcher.languages(lang, self.language_href)}


class LessonHandler(LanguageMixin, web.RequestHandler):
    """``/lessons/<game>/...``: Markdown rendered as a readable page, other files as they are.

    A translated page is ``<game>/<lang>/<same name>``: its URL is its place in the folder, so
    its relative links work here as on GitHub. ``/lessons/<game>/<page>?lang=fi`` redirects to
    ``<game>/fi/<page>`` when that exists (and shows the English page when it does not)."""

    def initialize(self, root: str, base_url: str) -> None:
        self.root = Path(root).resolve() if root else None
        self.base_url = base_url

    @property
    def template_namespace(self) -> dict:  # a plain RequestHandler has none of its own
        lang = self.page_lang
        return {"btl_lang": lang, "btl_languages": launcher.languages(lang, self.language_href)}

    @property
    def page_lang(self) -> str:
        return getattr(self, "_page_lang", None) or self.btl_lang

    def language_href(self, lang: str) -> str:
        """This page in ``lang``: the English page's URL asking for ``lang`` (which redirects on)."""
        parts = list(getattr(self, "_parts", []))
        if len(parts) >= 2 and parts[1] in _translations():
            del parts[1]
        trail = "/" if self.request.path.endswith("/") else ""
        return asking_for(url_path_join(self.base_url, LESSONS_FOLDER, *parts) + trail, lang)

    def get(self, path: str = "") -> None:
        if self.root is None or not self.root.is_dir():
            raise web.HTTPError(404)
        parts = [p for p in path.split("/") if p]
        if any(p.startswith(".") for p in parts):
            raise web.HTTPError(404)
        target = self.root.joinpath(*parts).resolve()
        if target != self.root and self.root not in target.parents:
            raise web.HTTPError(404)
        self._parts = parts
        translated_folder = len(parts) >= 2 and parts[1] in _translations()
        is_page = target.is_dir() or target.suffix.lower() == ".md"
        if is_page and not translated_folder and self.remembered_redirect():
            return
        if translated_folder:
            self._page_lang = parts[1]  # a translated page is in its folder's language
        elif parts and self.btl_lang != DEFAULT_LANGUAGE:
            translated = self.root.joinpath(parts[0], self.btl_lang, *parts[1:])
            if translated.is_file() or (translated / "README.md").is_file():  # else the English page
                url = url_path_join(self.base_url, LESSONS_FOLDER, parts[0], self.btl_lang, *parts[1:])
                self.redirect(with_language(url + ("/" if translated.is_dir() else ""), self.btl_lang),
                              permanent=False)
                return
        if target.is_dir():
            if not self.request.path.endswith("/"):
                self.redirect(with_language(self.request.path + "/", self.page_lang), permanent=False)
                return
            readme = target / "README.md"
            if readme.is_file():
                self._markdown(readme, [])
            else:
                self._index(target, parts)
            return
        if not target.is_file():
            raise web.HTTPError(404)
        suffix = target.suffix.lower()
        if suffix == ".md":
            self._markdown(target, parts[:-1])
        elif suffix in LESSON_FILE_TYPES:
            self.set_header("Content-Type", mimetypes.guess_type(target.name)[0]
                            or "application/octet-stream")
            self.write(target.read_bytes())
        else:
            raise web.HTTPError(404)

    def _render(self, **ns) -> None:
        env = self.settings["voila_jinja2_env"]
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.write(env.get_template("lesson.html").render(base_url=self.base_url, **self.template_namespace, **ns))

    def _crumbs(self, folder_parts: list[str]) -> list[tuple[str, str]]:
        lang = self.page_lang
        crumbs = [(with_language(self.base_url, lang), t("launcher.all_games", lang))]
        if folder_parts:
            game = folder_parts[0]
            title = next((g.title_in(lang) for g in launcher.GAMES if g.slug == game), game)
            crumbs.append((with_language(url_path_join(self.base_url, "lessons", game) + "/", lang),
                           t("launcher.lesson_pack_of", lang, title=title)))
        return crumbs

    def _markdown(self, file: Path, folder_parts: list[str]) -> None:
        text = file.read_text(encoding="utf-8")
        title = next((line.lstrip("#").strip() for line in text.splitlines()
                      if line.startswith("# ")), file.stem)
        # Links are relative to the file's own folder (a README is served at its folder's URL).
        folder = file.parent.relative_to(self.root).parts
        translated = len(folder) > 1 and folder[1] in _translations()
        self._render(title=title, body=Markup(render_markdown(text, folder, self.base_url, self.page_lang)),
                     crumbs=self._crumbs(folder_parts),
                     in_english=not translated and self.page_lang != DEFAULT_LANGUAGE)

    def _index(self, folder: Path, parts: list[str]) -> None:
        items = sorted(p.name + ("/" if p.is_dir() else "") for p in folder.iterdir()
                       if not p.name.startswith(".")
                       and (p.is_dir() or p.suffix.lower() in LESSON_FILE_TYPES | {".md"}))
        lang = self.page_lang
        self._render(title=t("launcher.lesson_packs", lang) if not parts else t("launcher.files_of", lang, folder=parts[-1]),
                     items=items, crumbs=self._crumbs(parts[:1] if parts else []))

    def write_error(self, status_code: int, **kwargs) -> None:
        self._render(title=f"{status_code}: {self._reason}", crumbs=self._crumbs([]),
                     body=Markup(f"<p>{escape(t('launcher.no_such_lesson', self.page_lang))}</p>"))


class NotFoundHandler(LanguageMixin, web.RequestHandler):
    """Any URL no handler serves: the kit's 404 page (with a way back) instead of tornado's."""

    def prepare(self) -> None:
        raise web.HTTPError(404)

    def write_error(self, status_code: int, **kwargs) -> None:
        env = self.settings["voila_jinja2_env"]
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        lang = self.btl_lang
        self.write(env.get_template("404.html").render(
            status_code=status_code, status_message=self._reason, message="",
            base_url=self.settings.get("base_url", "/"), btl_lang=lang,
            btl_languages=launcher.languages(lang, self.language_href)))


class KitTreeHandler(LanguageMixin, TornadoVoilaTreeHandler):
    """Voilà's tree page (the launcher at ``/``) in the language its URL asks for."""

    def get(self, path=""):
        if not self.remembered_redirect():
            return super().get(path)


class KitVoilaHandler(LanguageMixin, TornadoVoilaHandler):
    """Voilà's app page, which also sets the ``_xsrf`` cookie.

    When the page closes, Voilà's front end asks the server to shut its kernel down
    (a POST to /voila/api/shutdown/<id> carrying the ``_xsrf`` cookie's value). Voilà's
    app page never sets that cookie (only its tree page does), so a page opened directly
    gets "403 '_xsrf' argument missing from POST" and its kernel lives on (voila issue
    #1458). Reading ``xsrf_token`` sets the cookie on this response.
    """

    async def get(self, path=None):
        if self.remembered_redirect():
            return
        self.xsrf_token  # noqa: B018  (the property sets the cookie)
        return await super().get(path)


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
    columns (see ``_mark_table``); lesson.html styles both for screen and print. Links to apps
    and to other pages keep the page's language ``lang`` (``?lang=fi``).
    """
    md = mistune.create_markdown(renderer=LessonRenderer(folder, base_url, lang),
                                 plugins=["table", "strikethrough"])
    md.before_render_hooks.append(_mark_worksheet_tables)
    return md(WRITE_LINE.sub(r'\1<span class="btl-line"></span>', text))


def template_globals(root, lessons) -> dict:
    """What the kit's templates call, each in the language of the page drawn (``btl_lang``):
    the launcher's rows and tools, the catalogue (``btl_t``), links that keep the language, and
    the apps' focus ring (``btl_focus_css``)."""

    @jinja2.pass_context
    def btl_launcher(context, base_url: str = "/") -> list[dict]:
        # Called on every launcher view, so links appear as notebooks are added.
        return launcher.entries(root, lessons, base_url, _page_language(context))

    @jinja2.pass_context
    def btl_tools(context, base_url: str = "/") -> list[dict]:
        return launcher.tools(root, base_url, _page_language(context))

    @jinja2.pass_context
    def btl_t(context, key: str, **values) -> str:  # the message catalogue, in the page's language
        return t(key, _page_language(context), **values)

    @jinja2.pass_context
    def btl_href(context, url: str) -> str:  # a link that keeps the page's language
        return with_language(url, _page_language(context))

    return {"btl_launcher": btl_launcher, "btl_tools": btl_tools, "btl_t": btl_t, "btl_href": btl_href,
            "btl_focus_css": Markup(FOCUS_CSS)}


def _page_language(context) -> str:
    """The language of the page a template draws (``btl_lang``; Voilà's own pages: English)."""
    return context.get("btl_lang") or DEFAULT_LANGUAGE


#: Voilà's handlers and the kit's that replace them.
KIT_HANDLERS = {TornadoVoilaHandler: KitVoilaHandler, TornadoVoilaTreeHandler: KitTreeHandler}


class KitVoila(Voila):
    """Voilà plus the launcher data, the lesson pages and kit defaults."""

    lessons_dir = Unicode("", config=True, help="Folder of lesson packs served at /lessons/")

    @validate("ip")
    def _loopback_only(self, proposal):
        """No setting, file or argument can make the kit listen beyond this computer."""
        from ..server import check_localhost

        try:
            return check_localhost(proposal["value"])
        except ValueError as err:
            raise TraitError(str(err)) from None

    def init_settings(self):
        settings = super().init_settings()
        root, lessons = self.root_dir, self.lessons_dir or None

        settings["voila_jinja2_env"].globals.update(template_globals(root, lessons))
        settings["default_handler_class"] = NotFoundHandler
        return settings

    def init_handlers(self):
        handlers = [
            (route[0], KIT_HANDLERS.get(route[1], route[1]), *route[2:])
            for route in super().init_handlers()
        ]
        lessons_url = url_path_join(self.server_url, "lessons")
        return [
            (lessons_url, web.RedirectHandler, {"url": lessons_url + "/"}),
            (lessons_url + "/(.*)", LessonHandler,
             {"root": self.lessons_dir, "base_url": self.base_url}),
            *handlers,
        ]
