"""Voilà, as the kit runs it: the launcher, the lesson packs and a kernel cap.

Imported by ``btlgames.ui.server.serve()`` only (it imports Voilà and Jupyter
Server).  Everything else about the server is plain Voilà configuration in
``voila.py`` beside this file.
"""
from __future__ import annotations

import mimetypes
from pathlib import Path

from jupyter_client.kernelspec import KernelSpecManager
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from markupsafe import Markup, escape
from tornado import web
from traitlets import Integer, TraitError, Unicode, validate
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from ...core.i18n import t
from .. import launcher

# Files a lesson pack may contain besides Markdown, served as they are.
LESSON_FILE_TYPES = {".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".pdf", ".csv", ".txt"}


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


class LessonHandler(web.RequestHandler):
    """``/lessons/<game>/...``: Markdown rendered as a readable page, other files as they are."""

    def initialize(self, root: str, base_url: str) -> None:
        self.root = Path(root).resolve() if root else None
        self.base_url = base_url

    def get(self, path: str = "") -> None:
        if self.root is None or not self.root.is_dir():
            raise web.HTTPError(404)
        parts = [p for p in path.split("/") if p]
        if any(p.startswith(".") for p in parts):
            raise web.HTTPError(404)
        target = self.root.joinpath(*parts).resolve()
        if target != self.root and self.root not in target.parents:
            raise web.HTTPError(404)
        if target.is_dir():
            if not self.request.path.endswith("/"):
                self.redirect(self.request.path + "/", permanent=False)
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
        self.write(env.get_template("lesson.html").render(base_url=self.base_url, **ns))

    def _crumbs(self, folder_parts: list[str]) -> list[tuple[str, str]]:
        crumbs = [(self.base_url, t("launcher.all_games"))]
        if folder_parts:
            game = folder_parts[0]
            title = next((g.title for g in launcher.GAMES if g.slug == game), game)
            crumbs.append((url_path_join(self.base_url, "lessons", game) + "/",
                           t("launcher.lesson_pack_of", title=title)))
        return crumbs

    def _markdown(self, file: Path, folder_parts: list[str]) -> None:
        text = file.read_text(encoding="utf-8")
        title = next((line.lstrip("#").strip() for line in text.splitlines()
                      if line.startswith("# ")), file.stem)
        self._render(title=title, body=Markup(render_markdown(text)),
                     crumbs=self._crumbs(folder_parts))

    def _index(self, folder: Path, parts: list[str]) -> None:
        items = sorted(p.name + ("/" if p.is_dir() else "") for p in folder.iterdir()
                       if not p.name.startswith(".")
                       and (p.is_dir() or p.suffix.lower() in LESSON_FILE_TYPES | {".md"}))
        self._render(title=t("launcher.lesson_packs") if not parts else t("launcher.files_of", folder=parts[-1]),
                     items=items, crumbs=self._crumbs(parts[:1] if parts else []))

    def write_error(self, status_code: int, **kwargs) -> None:
        self._render(title=f"{status_code}: {self._reason}", crumbs=self._crumbs([]),
                     body=Markup(f"<p>{escape(t('launcher.no_such_lesson'))}</p>"))


class NotFoundHandler(web.RequestHandler):
    """Any URL no handler serves: the kit's 404 page (with a way back) instead of tornado's."""

    def prepare(self) -> None:
        raise web.HTTPError(404)

    def write_error(self, status_code: int, **kwargs) -> None:
        env = self.settings["voila_jinja2_env"]
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.write(env.get_template("404.html").render(
            status_code=status_code, status_message=self._reason, message="",
            base_url=self.settings.get("base_url", "/")))


class KitVoilaHandler(TornadoVoilaHandler):
    """Voilà's app page, which also sets the ``_xsrf`` cookie.

    When the page closes, Voilà's front end asks the server to shut its kernel down
    (a POST to /voila/api/shutdown/<id> carrying the ``_xsrf`` cookie's value). Voilà's
    app page never sets that cookie (only its tree page does), so a page opened directly
    gets "403 '_xsrf' argument missing from POST" and its kernel lives on (voila issue
    #1458). Reading ``xsrf_token`` sets the cookie on this response.
    """

    async def get(self, path=None):
        self.xsrf_token  # noqa: B018  (the property sets the cookie)
        return await super().get(path)


def render_markdown(text: str) -> str:
    """Markdown to HTML with mistune (a dependency of nbconvert, so always there with Voilà)."""
    import mistune

    md = mistune.create_markdown(escape=False, plugins=["table", "strikethrough"])
    return md(text)


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

        def btl_launcher(base_url: str = "/") -> list[dict]:
            # Called on every launcher view, so links appear as notebooks are added.
            return launcher.entries(root, lessons, base_url)

        settings["voila_jinja2_env"].globals["btl_launcher"] = btl_launcher
        settings["voila_jinja2_env"].globals["btl_t"] = t  # the message catalogue
        settings["default_handler_class"] = NotFoundHandler
        return settings

    def init_handlers(self):
        handlers = [
            (route[0], KitVoilaHandler, *route[2:]) if route[1] is TornadoVoilaHandler else route
            for route in super().init_handlers()
        ]
        lessons_url = url_path_join(self.server_url, "lessons")
        return [
            (lessons_url, web.RedirectHandler, {"url": lessons_url + "/"}),
            (lessons_url + "/(.*)", LessonHandler,
             {"root": self.lessons_dir, "base_url": self.base_url}),
            *handlers,
        ]
