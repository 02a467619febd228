"""An element's name in the page's language, by its symbol ("C" -> "carbon", "hiili", "koolstof").

periodictable knows the elements' English (American) names only; the names a student reads are
the catalogue's, ``btlgames/locale/<lang>/elements.toml`` (one file per language), for every
element the kit shows (``SHOWN``: hydrogen to calcium).
"""
from __future__ import annotations

from ..core.i18n import t

SHOWN = range(1, 21)  # Z of the elements the kit names: the atom chart, the shells, the isotopes


def element_name(symbol: str, lang: str | None = None) -> str:
    """The name of the element with this symbol, in ``lang`` (default: the page's language)."""
    return t(f"element.{symbol}", lang=lang)

