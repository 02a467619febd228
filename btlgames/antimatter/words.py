"""Antimatter Matters' data words (pieces, mats, spinner sectors, cards) in the page's language.

English is the data files' own ``name`` and ``text`` fields; another language is
``data/texts.<lang>.toml`` (the pattern of btlgames/research/cards.py). Game states and saves
hold ids only, so one game shows in whichever language the page is in, and adding a language
is adding a file. A language without a texts file shows the data's English words.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Mapping

from ..core import datafiles, i18n
from .data import catalogue


def _expected() -> dict[str, tuple[set[str], tuple[str, ...]]]:
    """A section of a texts file -> the ids it must name and the words each entry gives."""
    cat = catalogue()
    return {"piece": (set(cat.pieces.kinds), ("name",)),
            "mat": (set(cat.pieces.mats), ("name",)),
            "sector": ({s.id for s in cat.sectors}, ("name",)),
            "card": (set(cat.cards), ("name", "text"))}


def _read(name: str) -> dict:
    return datafiles.read("antimatter", name)


@lru_cache(maxsize=None)
def texts(lang: str) -> Mapping:
    """The words of ``data/texts.<lang>.toml``: {"piece": {"up": {"name": ..}}, ..., "card":
    {"jump-1": {"name": .., "text": ..}}}, every piece, mat, sector and card named exactly once
    (core.datafiles.checked_texts)."""
    source = f"texts.{lang}.toml"
    return datafiles.checked_texts("antimatter", source, _read(source), _expected())


@lru_cache(maxsize=None)
def _has_texts(lang: str) -> bool:
    return (resources.files("btlgames") / "antimatter" / "data" / f"texts.{lang}.toml").is_file()


def _translated(section: str, key: str, part: str, lang: str | None) -> str | None:
    lang = lang or i18n.language()
    if lang == i18n.DEFAULT_LANGUAGE or not _has_texts(lang):
        return None
    return texts(lang)[section][key][part]


def piece(kind: str, lang: str | None = None) -> str:
    """A piece kind's name ("up" -> "Up quark", "Ylöskvarkki")."""
    return _translated("piece", kind, "name", lang) or catalogue().pieces.names[kind]


def mat(kind: str, lang: str | None = None) -> str:
    """A mat's name ("proton" -> "Proton+Electron")."""
    return _translated("mat", kind, "name", lang) or catalogue().pieces.mat_names[kind]


def sector(sector_id: str, lang: str | None = None) -> str:
    """A spinner result's name ("breach" -> "Breach")."""
    return _translated("sector", sector_id, "name", lang) or next(
        s.name for s in catalogue().sectors if s.id == sector_id)


def card_name(card_id: str, lang: str | None = None) -> str:
    """A card's printed name ("jump-1" -> "Quantum Jump 1")."""
    return _translated("card", card_id, "name", lang) or catalogue().cards[card_id].name


def card_text(card_id: str, lang: str | None = None) -> str:
    """What a card says (and teaches)."""
    return _translated("card", card_id, "text", lang) or catalogue().cards[card_id].text
