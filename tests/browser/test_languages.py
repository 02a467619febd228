"""The kit in another language, in a real browser: the launcher's chooser (keyboard, remembered,
links that keep ?lang=), and the Research Programme pages opened in Finnish with no English
catalogue text left on them. One page, reused: each step navigates it on."""
from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from importlib import resources

import pytest
from access import assert_accessible
from playing import tab_to

from btlgames.core.i18n import available_languages
from btlgames.research import cards
from btlgames.ui import prose

pytestmark = pytest.mark.browser

LOCALE = resources.files("btlgames") / "locale"
SCHOOL = "/voila/render/research-programme/school.ipynb?lang=fi"
DEBRIEF = "/voila/render/research-programme/debrief.ipynb?lang=fi"
REPLICATION = "/voila/render/research-programme/replication.ipynb?lang=fi"


def strings(node):
    """Every string of a TOML file: its tables, lists and lists of tables included."""
    for value in node.values() if isinstance(node, dict) else node:
        if isinstance(value, (dict, list)):
            yield from strings(value)
        elif isinstance(value, str):
            yield value


@lru_cache(maxsize=None)
def english_phrases(lang: str) -> frozenset[str]:
    """The English words a page in ``lang`` must not show: the literal parts of every English
    sentence of each catalogue file ``lang`` has translated, except the ones ``lang`` writes the
    same (Hype, VP, Data ...). A phrase has a word of four letters or more."""
    translated = [p.name for p in (LOCALE / lang).iterdir() if p.name.endswith(".toml")]
    own = " ".join(s for name in translated
                   for s in strings(tomllib.loads((LOCALE / lang / name).read_text(encoding="utf-8"))))
    phrases = set()
    for name in translated:
        for sentence in strings(tomllib.loads((LOCALE / "en" / name).read_text(encoding="utf-8"))):
            for part in re.split(r"\{[^}]*\}|<[^>]+>", sentence):
                part = part.strip(" .,:;()[]—–-·+=?!'\"“”’…▾▴✓#×%/")
                if re.search(r"[A-Za-z]{4,}", part) and part not in own:
                    phrases.add(part)
    return frozenset(phrases)


@lru_cache(maxsize=None)
def english_pattern(lang: str) -> re.Pattern:
    """One search for every phrase, longest first, each a whole run of words."""
    alternatives = "|".join(map(re.escape, sorted(english_phrases(lang), key=len, reverse=True)))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


@lru_cache(maxsize=None)
def english_card_words(lang: str) -> frozenset[str]:
    """The English names and texts of the cards that ``lang`` words otherwise (research.cards)."""
    decks = (cards.theories, cards.methods, cards.projects, cards.interference, cards.events, cards.anomalies)
    return frozenset(words(cid, "en") for deck in decks for cid in deck() for words in (cards.name, cards.text)
                     if re.search(r"[A-Za-z]{4,}", words(cid, "en")) and words(cid, "en") != words(cid, lang))


def english_left(text: str, lang: str = "fi") -> list[str]:
    """The English catalogue phrases (of the files ``lang`` has) and English card words that
    ``text`` still shows."""
    return sorted(set(english_pattern(lang).findall(text)) | {w for w in english_card_words(lang) if w in text})


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


def test_research_programme_in_finnish_shows_no_english_words(page, open_app, kit_server):
    # the school app opened without ?lang= by a browser that chose Finnish: the server sends it on
    # to ?lang=fi before it starts a kernel, which gets the language from Voila before any widget
    page.context.add_cookies([{"name": "btl-lang", "value": "fi", "url": kit_server.url}])
    open_app(page, SCHOOL.removesuffix("?lang=fi"))
    assert page.url.endswith(SCHOOL)
    assert page.evaluate("document.documentElement.lang") == "fi"
    assert "Kierros 1/5" in page.locator(".btl-app").first.inner_text()
    assert english_left(visible(page)) == []
    # its debrief, with a bot game loaded so that every section has something to say
    open_app(page, DEBRIEF)
    page.locator(".btl-debrief-choose select").nth(1).select_option(label="2")  # two seats: a shorter game
    page.get_by_role("button", name="Esikatsele bottien pelillä").click()
    page.locator('.btl-debrief-game:has-text("2 paikkaa")').first.wait_for()
    page.locator("img.btl-chart").first.wait_for()
    assert english_left(visible(page)) == []  # (axe on the debrief: test_research_app.py)
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
    assert_accessible(page, "the replication notebook (in Finnish)")  # its one axe run in the suite
    if (LOCALE / "fi" / "replication.toml").is_file():
        assert english_left("\n".join(page.locator(".btl-app").all_inner_texts())) == []
