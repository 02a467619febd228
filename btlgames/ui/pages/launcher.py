"""What the launcher page (http://127.0.0.1:8866/) shows: one entry per game, then the tools.

A registered game's entry here names its folders of notebooks and lessons and its apps; its
words are the catalogue's ``launcher.<slug>`` (``tests/test_project.py`` names a registered game
that has no entry). The launcher links only to what exists on disk at the moment the page is
drawn, so a game whose notebooks are not written yet shows as "coming soon" instead of a broken
link. ``apps()`` is the list of every app page the kit has, for the browser tests and benchmarks.

This module is plain Python (no Jupyter import): the Voilà server (``ui/serve``) and the static
site (``ui/site``) hand ``entries`` to the page template, and tests can call it directly.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from babel import Locale

from ...core.i18n import DEFAULT_LANGUAGE, available_languages, catalogue, t, with_language


@dataclass(frozen=True)
class Game:
    """A game on the launcher; its words are in the catalogue under ``launcher.<slug>``."""

    game: str  # its registered name (``btlgames.load(game)``)
    slug: str  # folder name under notebooks/ and lessons/
    concept: str = ""  # concept notebook in notebooks/<slug>/ ("" = none yet)
    play: str = "play.ipynb"  # play app in notebooks/<slug>/
    extras: tuple = ()  # more apps: (kind, notebook); the label is launcher.<slug>.<kind>

    def title_in(self, lang: str | None = None) -> str:
        return t(f"launcher.{self.slug}.title", lang)

    def teaches_in(self, lang: str | None = None) -> str:
        return t(f"launcher.{self.slug}.teaches", lang)

    def concept_title_in(self, lang: str | None = None) -> str:
        key = f"launcher.{self.slug}.concept"
        return t(key, lang) if key in catalogue("en") else t("launcher.concept", lang)

    title = property(title_in)
    teaches = property(teaches_in)
    concept_title = property(concept_title_in)


#: In the order a student studying alone takes them (the launcher numbers them so): the gentlest
#: first (one player, a few rules), the game with the most rules last. A game's ``launcher.<slug>.way``
#: says who plays it, how long it takes and what it asks.
GAMES: tuple[Game, ...] = (
    Game("pentaquark", "pentaquark", concept="confinement.ipynb"),
    Game("beat-the-logic", "beat-the-logic", concept="strategy-lab.ipynb"),
    Game("antimatter", "antimatter-matters", concept="pauli.ipynb"),
    Game("research", "research-programme", concept="replication.ipynb",
         extras=(("school", "school.ipynb"), ("debrief", "debrief.ipynb"))),
    Game("beamtimes", "beamtimes-and-lifetimes", concept="detector-ranges.ipynb"),
)

#: Whose a game's link is: the student's (play it, explore its science) or the teacher's (the lesson
#: pack, and the school game and debrief a teacher runs with a class). The launcher shows them apart.
TEACHERS = frozenset({"lessons", "school", "debrief"})


@dataclass(frozen=True)
class Tool:
    """An app for every game, listed after the games; its words are under ``launcher.tool.<slug>``."""

    slug: str  # folder name under notebooks/
    notebook: str


TOOLS: tuple[Tool, ...] = (Tool("lab", "lab.ipynb"),)


#: The kinds of app page that are a game app (a table and its moves): the play app, and extras
#: that play a variant (the school game); the others (a debrief, a concept page, a tool) are not.
PLAY_KINDS = frozenset({"play", "school"})


@dataclass(frozen=True)
class App:
    """One app page of the kit: ``notebook`` is its path under notebooks/ (``pentaquark/play.ipynb``);
    ``kind`` is "play", an extra's kind ("school", "debrief"), "concept" or "tool"; ``game`` the
    registered game it plays ("" for a concept page or a tool)."""

    notebook: str
    kind: str
    game: str = ""

    @property
    def plays(self) -> bool:
        """Whether the page is a game app (``GameApp``: a table and its moves)."""
        return bool(self.game)


def apps() -> list[App]:
    """Every app page the launcher lists, in its order: each game's play app, its extras, its
    concept page, then the tools. The browser tests and benchmarks take their lists from here."""
    found = []
    for game in GAMES:
        found.append(App(f"{game.slug}/{game.play}", "play", game.game))
        for kind, notebook in game.extras:
            found.append(App(f"{game.slug}/{notebook}", kind, game.game if kind in PLAY_KINDS else ""))
        if game.concept:
            found.append(App(f"{game.slug}/{game.concept}", "concept"))
    found += [App(f"{tool.slug}/{tool.notebook}", "tool") for tool in TOOLS]
    return found


def tools(notebooks_dir: Path | str, base_url: str = "/", lang: str = DEFAULT_LANGUAGE) -> list[dict]:
    """The launcher's rows for the tools whose notebook exists: slug, title, teaches, href."""
    return [{"slug": tool.slug, "title": t(f"launcher.tool.{tool.slug}.title", lang),
             "teaches": t(f"launcher.tool.{tool.slug}.teaches", lang),
             "href": _render_url(base_url, tool.slug, tool.notebook, lang)}
            for tool in TOOLS if (Path(notebooks_dir) / tool.slug / tool.notebook).is_file()]


def _render_url(base_url: str, slug: str, name: str, lang: str) -> str:
    return with_language(f"{base_url}voila/render/{quote(slug)}/{quote(name)}", lang)


def page_titles() -> dict[str, dict[str, str]]:
    """Every app page's browser-tab title in every language, by its notebook ("research-programme/play"):
    the catalogue's ``page_title.<folder>.<notebook>``, the app's name rather than the file's ("play")."""
    keys = [key for key in catalogue(DEFAULT_LANGUAGE) if key.startswith("page_title.")]
    return {lang: {"/".join(key.split(".")[1:]): t(key, lang) for key in keys} for lang in available_languages()}


def language_name(lang: str) -> str:
    """A language's name in that language, as its speakers write it first in a list (Babel's
    CLDR data): "English", "Suomi", "Nederlands"."""
    name = Locale.parse(lang).get_display_name(lang)
    return name[:1].upper() + name[1:]


def languages(current: str, href_of=lambda lang: f"?lang={lang}") -> list[dict]:
    """The language chooser's entries: code, name (in its own language), href, current."""
    return [{"code": lang, "name": language_name(lang), "href": href_of(lang), "current": lang == current}
            for lang in available_languages()]


def entries(notebooks_dir: Path | str, lessons_dir: Path | str | None = None,
            base_url: str = "/", lang: str = DEFAULT_LANGUAGE) -> list[dict]:
    """The launcher's rows in ``lang``, as plain dicts for the template.

    Each row: slug, title, teaches, step and way (its place on a student's own path, and who plays
    it, how long), ready (the play app exists) and ``links``, a list of ``{"kind", "label",
    "href", "audience"}`` ("student" or "teacher") where ``href`` is ``None`` when the
    target does not exist yet (the page shows "coming soon" for it). Every
    ``href`` keeps the language (``?lang=fi``).
    """
    notebooks_dir = Path(notebooks_dir)
    lessons_dir = Path(lessons_dir) if lessons_dir is not None else None
    rows = []
    for game in GAMES:
        play = notebooks_dir / game.slug / game.play
        links = [{
            "kind": "play",
            "label": t("launcher.play", lang),
            "href": _render_url(base_url, game.slug, game.play, lang) if play.is_file() else None,
        }]
        for kind, name in game.extras:
            links.append({
                "kind": kind,
                "label": t(f"launcher.{game.slug}.{kind}", lang),
                "href": (_render_url(base_url, game.slug, name, lang)
                         if (notebooks_dir / game.slug / name).is_file() else None),
            })
        concept = notebooks_dir / game.slug / game.concept if game.concept else None
        links.append({
            "kind": "concept",
            "label": game.concept_title_in(lang),
            "href": (_render_url(base_url, game.slug, game.concept, lang)
                     if concept is not None and concept.is_file() else None),
        })
        has_lessons = lessons_dir is not None and (lessons_dir / game.slug / "README.md").is_file()
        links.append({
            "kind": "lessons",
            "label": t("launcher.lessons", lang),
            "href": with_language(f"{base_url}lessons/{quote(game.slug)}/", lang) if has_lessons else None,
        })
        for link in links:
            link["audience"] = "teacher" if link["kind"] in TEACHERS else "student"
        rows.append({
            "slug": game.slug,
            "title": game.title_in(lang),
            "teaches": game.teaches_in(lang),
            "step": len(rows) + 1,  # on a student's own path through the games
            "way": t(f"launcher.{game.slug}.way", lang),
            "ready": play.is_file(),
            "links": links,
        })
    return rows
