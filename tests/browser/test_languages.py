"""The kit in another language, in a real browser: the launcher's chooser (keyboard, remembered,
links that keep ?lang=) and the launcher in Finnish and Dutch, every game's lesson pages in both,
and the Research Programme pages opened in Finnish, with no English words left on them
(wording.py). One page per test, reused: each step navigates it on. The other apps are checked
in both languages by the tests that already open them (test_projector.py, test_access.py and
one test in each app's own file)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from access import assert_accessible
from playing import show_settings, tab_to
from wording import assert_in_language, english_left

from btlgames.core.i18n import available_languages, t
from btlgames.ui.common import prose

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parents[2]

SCHOOL = "/voila/render/research-programme/school.ipynb?lang=fi"
DEBRIEF = "/voila/render/research-programme/debrief.ipynb?lang=fi"
REPLICATION = "/voila/render/research-programme/replication.ipynb?lang=fi"


def visible(page) -> str:
    return page.locator("body").inner_text()


def remembered(page) -> str | None:
    return next((c["value"] for c in page.context.cookies() if c["name"] == "btl-lang"), None)


def test_the_launcher_chooses_remembers_and_keeps_the_language(page):
    page.goto("/")
    chooser = page.locator("nav.btl-languages a")
    assert chooser.count() == len(available_languages())
    assert page.locator('nav.btl-languages a[aria-current="true"]').get_attribute("lang") == "en"
    # the keyboard reaches "Suomi" and chooses it
    tab_to(page, '[data-lang="fi"]', "the language chooser's Suomi", tries=10)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.evaluate("document.documentElement.lang") == "fi"
    assert page.locator("h1").inner_text() == "Tieteen lautapelit"
    links = [a.get_attribute("href") for a in page.locator(".btl-links a").all()]
    assert links and all(href.endswith("?lang=fi") for href in links), links
    assert remembered(page) == "fi"
    assert english_left(visible(page), "fi") == []
    assert_accessible(page, "the launcher in Finnish")
    # remembered: the server sends the launcher opened without ?lang= to Finnish
    reply = page.goto("/")
    assert reply.request.redirected_from is not None and reply.url.endswith("?lang=fi")
    assert page.locator("h1").inner_text() == "Tieteen lautapelit"
    # an unknown language is English, without an error page
    reply = page.goto("/?lang=xx")
    assert reply.status == 200 and page.evaluate("document.documentElement.lang") == "en"
    # back to English: the links carry no language, and English is remembered
    page.locator('nav.btl-languages a[data-lang="en"]').click()
    page.wait_for_url(re.compile(r"\?lang=en$"))
    assert not any("lang=" in (a.get_attribute("href") or "") for a in page.locator(".btl-links a").all())
    assert remembered(page) == "en"
    # Dutch, by the URL parameter: nothing English left, and axe on it too
    page.goto("/?lang=nl")
    assert page.evaluate("document.documentElement.lang") == "nl" and english_left(visible(page), "nl") == []
    assert_accessible(page, "the launcher in Dutch")
    # a lesson page in each language: the kit's words around it (its own text is the translated
    # file, which names English things by their English names: "Stanford Linear Accelerator
    # Center"), axe on the page; one template serves every lesson page
    for lang, game, name in (("fi", "research-programme", "student-sheet.md"), ("nl", "beat-the-logic", "rules.md")):
        page.goto(f"/lessons/{game}/{name}?lang={lang}")
        assert page.url.endswith(f"/lessons/{game}/{lang}/{name}?lang={lang}"), page.url
        assert page.evaluate("document.documentElement.lang") == lang
        chrome = page.evaluate("() => [...document.body.children].filter(e => e.tagName !== 'MAIN')"
                               ".map(e => e.innerText).join('\\n') + document.title")
        assert english_left(chrome, lang) == [], f"{game}/{lang}/{name}"
        english = (ROOT / "lessons" / game / name).read_text(encoding="utf-8").splitlines()[0].lstrip("# ")
        assert page.locator("main h1").first.inner_text() != english  # the page itself is translated
        assert_accessible(page, f"the lesson page {game}/{lang}/{name}")


def test_research_programme_in_finnish_shows_no_english_words(page, open_app, kit_server):
    # the school app opened without ?lang= by a browser that chose Finnish: the server sends it on
    # to ?lang=fi before it starts a kernel, which gets the language from Voila before any widget
    page.context.add_cookies([{"name": "btl-lang", "value": "fi", "url": kit_server.url}])
    open_app(page, SCHOOL.removesuffix("?lang=fi"))
    assert page.url.endswith(SCHOOL)
    assert page.evaluate("document.documentElement.lang") == "fi"
    assert page.title() == t("page_title.research-programme.school", "fi")  # the tab names the app, not "school"
    assert "Kierros 1/5" in page.locator(".btl-app").first.inner_text()
    assert english_left(visible(page)) == []  # the prose too: it has its Finnish source
    show_settings(page)  # the seats and the story cap: every label and choice whole ("Paikk…" was cut)
    assert_in_language(page, "the school app in Finnish")
    assert_accessible(page, "the school app in Finnish")
    # its debrief, with a bot game loaded so that every section has something to say
    open_app(page, DEBRIEF)
    assert page.title() == "Tutkimusohjelma: jälkipuinti"
    page.locator(".btl-debrief-choose select").nth(1).select_option(label="2")  # two seats: a shorter game
    page.get_by_role("button", name="Esikatsele bottien pelillä").click()
    page.locator('.btl-debrief-game:has-text("2 paikkaa")').first.wait_for()
    page.locator("img.btl-chart").first.wait_for()
    assert english_left(visible(page)) == []
    assert_in_language(page, "the debrief in Finnish")
    assert_accessible(page, "the debrief in Finnish, a bot game loaded")
    # the replication notebook: its prose in Finnish (tests/ui/test_i18n.py checks it section by
    # section; it cites works by their English titles), and its widgets' words once replication.toml
    # is translated
    open_app(page, REPLICATION)
    page.wait_for_load_state("networkidle")
    body = visible(page)
    for section in ("intro", "explore", "wrap-up"):
        heading = prose.text("research-programme/replication", section, "fi").splitlines()[0].lstrip("# ")
        assert heading in body
    assert "Learning goals" not in body and "Background" not in body  # the English prose's headings
    assert_accessible(page, "the replication notebook (in Finnish)")  # (in Dutch: test_access.py)
    assert_in_language(page, "the replication notebook in Finnish")
