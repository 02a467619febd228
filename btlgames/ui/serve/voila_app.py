"""Voilà, as the kit runs it: the launcher, the lesson packs and a kernel cap.

Imported by ``server.serve()`` once the process is prepared (it imports Voilà and Jupyter
Server), and by tests/ui/test_lesson_pages.py, which serves the lesson pages as the server does.
The pages' words, links and Markdown come from ``ui/pages``; everything else about the server is
plain Voilà configuration in ``config/voila.py``.
"""
from __future__ import annotations

import mimetypes
from pathlib import Path
from urllib.parse import urlsplit

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
from ..pages import launcher
from ..pages.lessons import LESSONS_FOLDER, render_markdown
from ..pages.template import template_globals
from .network import check_localhost

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
        self._base_url = base_url

    @property
    def base_url(self) -> str:  # a property, as a Jupyter handler's is (a class session's lessons are one,
        # whose headers are set before initialize() has run)
        return self.__dict__.get("_base_url") or self.settings.get("base_url", "/")

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


#: Voilà's handlers and the kit's that replace them.
KIT_HANDLERS = {TornadoVoilaHandler: KitVoilaHandler, TornadoVoilaTreeHandler: KitTreeHandler}


class KitVoila(Voila):
    """Voilà plus the launcher data, the lesson pages and kit defaults."""

    lessons_dir = Unicode("", config=True, help="Folder of lesson packs served at /lessons/")

    @validate("ip")
    def _loopback_only(self, proposal):
        """No setting, file or argument can make the kit listen beyond this computer."""
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
