"""Every Antimatter Matters card, the spinner, the mats, the box, the bank and the Stable Atom Chart as printable
Markdown, from the data files and the nuclide data, in one language (English by default):

    python -m btlgames.antimatter.card_sheet > lessons/antimatter-matters/cards.md
    python -m btlgames.antimatter.card_sheet fi > lessons/antimatter-matters/fi/cards.md

A test keeps the lesson pack's copy in every language equal to the data.
"""
from __future__ import annotations

import sys

from ..core.i18n import DEFAULT_LANGUAGE, number, speaking, t
from ..science.elements import element_name
from ..science.nuclides import stable_nuclides
from . import words
from .data import catalogue


def _w(key: str, **values) -> str:
    return t(f"antimatter.sheet.{key}", **values)


def _table(headings: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(headings) + " |", "|" + "---|" * len(headings)]
    lines += ["| " + " | ".join(str(cell).replace("|", "/") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _played_on(card) -> str:
    if card.type == "action":
        return _w(f"target.{card.target}")
    return _w(f"when.{card.type}")


def markdown(lang: str = DEFAULT_LANGUAGE) -> str:
    with speaking(lang):
        return _markdown()


def _markdown() -> str:
    cat = catalogue()
    parts = [f"# {_w('title')}", _w("lead")]
    for kind in ("movement", "action", "immediate", "shield"):
        cards = [c for c in cat.cards.values() if c.type == kind]
        parts += [f"## {_w(f'type.{kind}', n=sum(c.copies for c in cards))}", _table(
            [_w(k) for k in ("name", "copies", "played_on", "text")],
            [[words.card_name(c.id), c.copies, _played_on(c), words.card_text(c.id)] for c in cards])]
    parts += [f"## {_w('spinner')}", _w("spinner_lead"), _table(
        [_w(k) for k in ("sector", "of_eight")], [[words.sector(s.id), s.weight] for s in cat.sectors])]
    pieces = cat.pieces
    parts += [f"## {_w('mats')}", _table(
        [_w(k) for k in ("mat", "challenge_order")],
        [[words.mat(m), ", ".join(words.piece(k) for k in slots)] for m, slots in pieces.mats.items()])]
    parts += [_w("box", mats=", ".join(f"{words.mat(m)} × {n}" for m, n in pieces.box.items()))]
    parts += [_w("bank", pieces=", ".join(
        f"{words.piece(p.split('-')[0])} ({t('antimatter.colour.' + p.split('-')[1])}) × {n}" if "-" in p
        else f"{words.piece(p)} × {n}" for p, n in pieces.bank.items()))]
    parts += [f"## {_w('chart')}", _w("chart_lead"), _table(
        [_w(k) for k in ("atom", "element", "protons", "neutrons", "proton_mats", "neutron_mats", "abundance")],
        [[n.label, element_name(n.symbol), n.z, n.n, n.mats[0], n.mats[1], f"{number(n.abundance, '.4g')} %"]
         for n in stable_nuclides(10)])]
    return "\n\n".join(parts) + "\n"


if __name__ == "__main__":
    print(markdown(*sys.argv[1:2]), end="")
