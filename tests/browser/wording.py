"""No English left on a page in another language: ``assert_in_language(page, "where")`` checks the
words of the page's apps (their text, and the aria-labels and titles a screen reader or a hover
says) against every English source of words: each catalogue file the language has translated,
Research Programme's card words and Antimatter Matters' data words (pieces, mats, spinner,
cards). The browser tests call it on the pages they already have open, beside ``assert_accessible``.

Notebook prose is not an app's words: it has its own source per language (btlgames/ui/common/prose.py,
checked section by section in tests/ui/test_i18n.py).
"""
from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from importlib import resources

from btlgames.antimatter import words as antimatter_words
from btlgames.antimatter.data import catalogue as antimatter_catalogue
from btlgames.research import cards

LOCALE = resources.files("btlgames") / "locale"
# English small words that a catalogue sentence may split into (around its placeholders) but that
# a page in another language shows in English titles and names it cites (a paper's title).
SMALL_WORDS = frozenset({"with", "this", "that", "then", "from", "into", "when", "than", "each", "only"})
# Text, aria-labels and titles of every app on the page (an app page may hold several, a concept
# notebook one per section).
APP_WORDS = """() => [...document.querySelectorAll('.btl-app')].map(app =>
  [app.innerText, ...[...app.querySelectorAll('[aria-label], [title]')].flatMap(
    e => [e.getAttribute('aria-label'), e.getAttribute('title')].filter(Boolean))].join('\\n')).join('\\n')"""


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
                if re.search(r"[A-Za-z]{4,}", part) and part not in own and part.lower() not in SMALL_WORDS:
                    phrases.add(part)
    return frozenset(phrases)


@lru_cache(maxsize=None)
def english_pattern(lang: str) -> re.Pattern:
    """One search for every phrase, longest first, each a whole run of words."""
    alternatives = "|".join(map(re.escape, sorted(english_phrases(lang) | english_data_words(lang),
                                                  key=len, reverse=True)))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


@lru_cache(maxsize=None)
def english_data_words(lang: str) -> frozenset[str]:
    """The English names and texts of the games' data (Research's cards, Antimatter's pieces,
    mats, spinner and cards) that ``lang`` words otherwise."""
    decks = (cards.theories, cards.methods, cards.projects, cards.interference, cards.events, cards.anomalies)
    pairs = [(words(cid, "en"), words(cid, lang)) for deck in decks for cid in deck()
             for words in (cards.name, cards.text)]
    am = antimatter_catalogue()
    pairs += [(f(key, "en"), f(key, lang)) for f, keys in (
        (antimatter_words.piece, am.pieces.kinds), (antimatter_words.mat, am.pieces.mats),
        (antimatter_words.sector, [s.id for s in am.sectors]), (antimatter_words.card_name, am.cards),
        (antimatter_words.card_text, am.cards)) for key in keys]
    return frozenset(en for en, other in pairs if re.search(r"[A-Za-z]{4,}", en) and en != other)


def english_left(text: str, lang: str = "fi") -> list[str]:
    """The English catalogue phrases and data words that ``text`` still shows."""
    return sorted(set(english_pattern(lang).findall(text)))


def app_words(page) -> str:
    return page.evaluate(APP_WORDS)


# The controls' labels shown cut short ("Siemen…"): a translation is often longer than the English
# a control was sized for. A label's own box clips its words (ipywidgets: overflow hidden, ellipsis);
# a choice shows its chosen option's words inside its padding (the arrow is in the right padding), so
# they are measured there ("botti: heuristi").
CUT_LABELS = """() => {
  const labels = [...document.querySelectorAll(
      '.btl-app .widget-label, .btl-app .widget-checkbox label, .btl-app .widget-button')]
    .filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth + 0.5)
    .map(e => e.textContent.trim());
  const pen = document.createElement("canvas").getContext("2d");
  const choices = [...document.querySelectorAll('.btl-app select:not([multiple])')]
    .filter(e => e.getClientRects().length && e.selectedOptions.length)
    .filter(e => {
      const style = getComputedStyle(e);
      pen.font = style.font;
      const room = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return pen.measureText(e.selectedOptions[0].text).width > room + 0.5;
    })
    .map(e => e.selectedOptions[0].text.trim());
  return [...labels, ...choices];
}"""


def assert_in_language(page, where: str) -> None:
    """The page's apps show no English words (the page is in its ``<html lang>``, not English), and
    no control's label is cut short."""
    lang = page.evaluate("document.documentElement.lang")
    assert lang and lang != "en", f"{where} is not in another language (html lang={lang!r})"
    left = english_left(app_words(page), lang)
    assert not left, f"English words left on {where} (in {lang}): {left}"
    cut = page.evaluate(CUT_LABELS)
    assert not cut, f"labels cut short on {where} (in {lang}): {cut}"
