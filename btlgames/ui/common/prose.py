"""A notebook's prose, one source per language: ``btlgames/locale/<lang>/notebooks/<folder>/<name>.md``.

A concept notebook keeps no words of its own: each of its text cells is one call,

    from btlgames.ui.common import prose
    page = prose.page("research-programme/replication")
    page("intro")

which shows that section of the file in the page's language (``core.i18n``: Voilà's ``?lang=fi``,
or ``BTLGAMES_LANG=fi`` outside Voilà), so Voilà and nbval see the language chosen. A file is
Markdown cut into sections by lines ``<!-- section: intro -->``; a translation has the same
sections (tests/ui/test_i18n.py checks it), and a section it leaves out is shown in English.
"""
from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

from ...core.i18n import DEFAULT_LANGUAGE, language, with_language
from ...core.runtime import page_link

SECTION = re.compile(r"^<!-- section: ([\w-]+) -->[ \t]*$", re.M)
#: A Markdown link to another notebook or a lesson page, written relative to the notebook.
KIT_LINK = re.compile(r"\]\((?![a-z][a-z0-9+.-]*:|/|#)([^)\s#]+\.(?:ipynb|md))(#[^)\s]*)?\)")


@lru_cache(maxsize=None)
def sections(notebook: str, lang: str) -> dict[str, str]:
    """The sections of ``notebook``'s prose in ``lang`` ({} if that language has none): name -> Markdown."""
    path = resources.files("btlgames") / "locale" / lang / "notebooks" / f"{notebook}.md"
    if not path.is_file():
        return {}
    text = path.read_text(encoding="utf-8")
    marks = list(SECTION.finditer(text))
    found: dict[str, str] = {}
    for mark, after in zip(marks, marks[1:] + [None]):
        name = mark.group(1)
        if name in found:
            raise ValueError(f"section {name!r} is written twice in {lang}/notebooks/{notebook}.md")
        found[name] = text[mark.end():after.start() if after else len(text)].strip()
    return found


def text(notebook: str, section: str, lang: str | None = None) -> str:
    """The Markdown of one section, in ``lang`` (the current language) or else in English."""
    own = sections(notebook, lang or language())
    if section in own:
        return own[section]
    return sections(notebook, DEFAULT_LANGUAGE)[section]  # KeyError: a section English lacks is a bug


def shown(notebook: str, section: str, lang: str | None = None) -> str:
    """The section as the page shows it: its links to notebooks and lesson pages keep the language
    (and lead to the static site's ``.html`` pages there: ``runtime.page_link``)."""
    lang = lang or language()
    return KIT_LINK.sub(lambda m: f"]({with_language(page_link(m.group(1)), lang)}{m.group(2) or ''})",
                        text(notebook, section, lang))


class Page:
    """The prose of one notebook: ``page("intro")`` shows that section."""

    def __init__(self, notebook: str) -> None:
        self.notebook = notebook
        if not sections(notebook, DEFAULT_LANGUAGE):
            raise FileNotFoundError(f"no English prose for the notebook {notebook!r} "
                                    f"(btlgames/locale/en/notebooks/{notebook}.md)")

    def __call__(self, section: str):
        from IPython.display import display

        # As Markdown, but not through IPython's Markdown(), which first asks the file system
        # whether the text names a file (in the static site a request to the server per section).
        display({"text/markdown": shown(self.notebook, section)}, raw=True)


def page(notebook: str) -> Page:
    return Page(notebook)
