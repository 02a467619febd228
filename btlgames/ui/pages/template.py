"""What the kit's page templates call (the launcher, lesson and error pages; Jinja2), for the
kit's server and the static site alike: each function answers in the language of the page drawn.
"""
from __future__ import annotations

import jinja2
from markupsafe import Markup

from ...core.i18n import DEFAULT_LANGUAGE, t, with_language
from ..common.assets import FOCUS_CSS
from . import launcher


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
