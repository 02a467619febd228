"""The class session's gate: jupyter_server's identity machinery with the class code as its token.

Imported only in the server's process of ``btlgames class`` (it imports Jupyter Server and Voilà).
jupyter_server checks the token and keeps the login in its signed cookie; the kit only says where
the code comes from (``?code=`` in the address, or the code page's field, in any case and with or
without its hyphen) and draws the page that asks for it, in the kit's words and languages. Every
other handler the server has requires a login: jupyter_server's own handlers do so already, and the
few plain tornado ones (static files, lesson pages, the 404 page) are made Jupyter handlers here.
"""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from jupyter_server.auth.identity import IdentityProvider
from jupyter_server.auth.login import LoginFormHandler
from jupyter_server.base.handlers import JupyterHandler
from markupsafe import Markup
from tornado import web
from traitlets import TraitError, Unicode, validate

from ...core.i18n import DEFAULT_LANGUAGE, URL_PARAMETER, available_languages, t
from ..pages import launcher
from .class_code import check_class_ip, typed_code
from .voila_app import LANGUAGE_COOKIE, KitVoila, LanguageMixin, NotFoundHandler


class ClassCodeIdentityProvider(IdentityProvider):
    """The token is the class code; a student proves it once and the login cookie does the rest."""

    @property
    def auth_enabled(self) -> bool:
        return bool(self.token)

    def get_token(self, handler: web.RequestHandler) -> str | None:
        carried = handler.get_argument("code", "") or super().get_token(handler)
        return typed_code(carried)

    def process_login_form(self, handler: web.RequestHandler):
        typed = typed_code(handler.get_argument("code", ""))
        return self.generate_anonymous_user(handler) if self.token and typed == self.token else None

    def get_handlers(self) -> list[tuple[str, object]]:
        return [(r"/login", ClassCodeHandler)]  # no logout: a student leaves by closing the tab


class ClassCodeHandler(LanguageMixin, LoginFormHandler):
    """The one page served without the code: the page that asks for it."""

    @property
    def btl_lang(self) -> str:
        """The language asked for here, else the one of the page the student was sent from, else
        the one last chosen on this device."""
        for asked in (self.get_argument(URL_PARAMETER, ""),
                      parse_qs(urlsplit(self.get_argument("next", "")).query).get(URL_PARAMETER, [""])[0],
                      self.get_cookie(LANGUAGE_COOKIE, "")):
            if asked in available_languages():
                return asked
        return DEFAULT_LANGUAGE

    def _render(self, message=None) -> None:
        env = self.settings["voila_jinja2_env"]
        lang = self.btl_lang
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.write(env.get_template("class-code.html").render(
            base_url=self.base_url, btl_lang=lang, btl_languages=launcher.languages(lang, self.language_href),
            next=self.get_argument("next", default=self.base_url), xsrf=Markup(self.xsrf_form_html()),
            refused=t("class_session.wrong_code", lang) if message else ""))


class CodedNotFoundHandler(NotFoundHandler, JupyterHandler):
    """The kit's 404 page, for those with the code (a stranger is sent to the code page first)."""

    async def prepare(self) -> None:
        await JupyterHandler.prepare(self)
        if not self._finished:
            raise web.HTTPError(404)


#: jupyter_server marks the methods it serves to anyone (its static files: themes, extensions).
OPEN_MARK = "__allow_unauthenticated"
METHODS = ("get", "head", "post", "put", "delete", "patch", "options")


def coded(handler_class: type) -> type:
    """``handler_class`` behind the code. JupyterHandler.prepare sends a stranger to the code page
    (or answers 403 to anything but GET) before any method it has not marked open runs: a plain
    tornado handler becomes a Jupyter handler, and a method marked open is handed on unmarked."""
    if handler_class is NotFoundHandler:
        return CodedNotFoundHandler
    unmarked = {name: _unmarked(getattr(handler_class, name)) for name in METHODS
                if getattr(getattr(handler_class, name, None), OPEN_MARK, False)}
    if issubclass(handler_class, JupyterHandler) and not unmarked:
        return handler_class
    bases = (handler_class,) if issubclass(handler_class, JupyterHandler) else (handler_class, JupyterHandler)
    return type(f"Coded{handler_class.__name__}", bases, unmarked)


def _unmarked(method):
    def behind_the_code(self, *args, **kwargs):  # not functools.wraps: it would copy the mark
        return method(self, *args, **kwargs)
    return behind_the_code


class ClassVoila(KitVoila):
    """The kit's Voilà for a classroom network: any address of this computer, every page behind
    the class code, and the class's folder for its tables."""

    class_dir = Unicode("", config=True, help="Folder of the class's tables (class.sqlite)")

    @validate("ip")
    def _loopback_only(self, proposal):  # the kit's check, widened to this computer's addresses
        try:
            return check_class_ip(proposal["value"])
        except ValueError as err:
            raise TraitError(str(err)) from None

    def init_settings(self):
        settings = super().init_settings()
        settings["default_handler_class"] = CodedNotFoundHandler
        return settings

    def init_handlers(self):
        return [(route[0], route[1] if route[1] is ClassCodeHandler else coded(route[1]), *route[2:])
                for route in super().init_handlers()]
