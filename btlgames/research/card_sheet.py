"""Every Research Programme card as printable Markdown tables, from the data files.

    python -m btlgames.research.card_sheet > lessons/research-programme/cards.md
    python -m btlgames.research.card_sheet fi > lessons/research-programme/fi/cards.md

The numbers come from the card data, the sheet's own words from the message catalogue, and a
card's words from ``cards.name``, ``cards.text``, ``cards.word`` and ``cards.kind_name``, the
same the apps show (one source per text). With the sheet printed and cut, the game is playable on
paper; a test keeps the lesson pack's copy in every language equal to the data.
"""
from __future__ import annotations

import sys

from ..core.i18n import DEFAULT_LANGUAGE, t
from . import board, cards


class _Sheet:
    """The words of one language: the catalogue's for the sheet, the cards' from ``cards``."""

    def __init__(self, lang: str):
        self.lang = lang

    def w(self, key: str, **values) -> str:
        return t(f"research.sheet.{key}", lang=self.lang, **values)

    def card(self, card, field: str = "name") -> str:
        return cards.name(card.id, self.lang) if field == "name" else cards.text(card.id, self.lang)

    def name(self, card_id: str | None) -> str:
        """A card named by id (a theory's test, a shield's extra card, a school pack's cards)."""
        return cards.name(card_id, self.lang) if card_id else "—"

    def word(self, key: str) -> str:
        return cards.word(key, self.lang)

    def kind(self, key: str) -> str:
        return cards.kind_name(key, self.lang)

    def gains(self, table, signed: bool = True) -> str:
        """"money (R) +1, Rigor -1"; unsigned for what a card takes away ("loses data (D) 1")."""
        return ", ".join(f"{self.word(k)} {'+' if signed and v > 0 else ''}{v}" for k, v in table.items()) or "—"

    def field(self, field: str) -> str:
        return t(f"research.field.{field}", lang=self.lang)

    def hex(self, hex_id: str) -> str:
        return t("research.hex", lang=self.lang, field=self.field(board.field_of(hex_id)),
                 n=hex_id.rsplit("-", 1)[1])


def _table(headings: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(headings) + " |", "|" + "---|" * len(headings)]
    lines += ["| " + " | ".join(str(cell).replace("|", "/") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _method_effect(s: _Sheet, m) -> str:
    parts = []
    if m.bonus:
        parts.append(s.w("bonus", n=m.bonus))
    if m.clean_noise:
        parts.append(s.w("clean", n=m.clean_noise))
    if m.no_artefact:
        parts.append(s.w("no_artefact"))
    if m.null_kv_extra:
        parts.append(s.w("null_kv", n=m.null_kv_extra))
    if m.success_kv_extra:
        parts.append(s.w("success_kv", n=m.success_kv_extra))
    if m.success_gain:
        parts.append(s.w("success_gain", gains=s.gains(m.success_gain)))
    if m.null_gain:
        parts.append(s.w("null_gain", gains=s.gains(m.null_gain)))
    if m.prereg:
        parts.append(s.w("prereg"))
    return "; ".join(parts) or "—"


def _effect(s: _Sheet, card) -> str:
    effect = dict(card.effect)
    lost = effect.pop("lose", {})
    words = [s.w("lose", gains=s.gains(lost, signed=False))] if lost else []
    return "; ".join(words + [s.gains({k: v}) for k, v in effect.items()]) or "—"


def _outside_row(s: _Sheet, event) -> list:
    """A school bias or influence event (Kit rule K33): the card it is built on, whom it strikes,
    what protects a team."""
    card = cards.interference()[event.params["card"]]
    guards = [s.name(m) for m in card.blocked_by] + ([s.w("prereg_roll")] if card.prereg else [])
    guards += [s.w("skepticism_paid")] if card.type == "influence" else []
    return [s.card(event), s.w(f"type.{card.type}"), s.kind(card.kind), s.card(card),
            _effect(s, card), s.w(f"aimed.{card.type}"), ", ".join(guards)]


def markdown(lang: str = DEFAULT_LANGUAGE) -> str:
    """The card sheet in ``lang`` (a language with a ``data/texts.<lang>.toml``, or English)."""
    if lang != DEFAULT_LANGUAGE:
        cards.texts(lang)  # a printed sheet never falls back to English: the file must name every card
    s = _Sheet(lang)
    th, me, pr = cards.theories(), cards.methods(), cards.projects()
    parts = [f"# {s.w('title')}", s.w("lead")]
    parts += [f"## {s.w('theories')}", _table(
        [s.w(k) for k in ("name", "field", "cost", "difficulty", "test", "reward", "claim")],
        [[s.card(c), s.field(c.field), f"R{c.cost}", f"{c.difficulty}+",
          s.name(c.test_project or c.test_method),
          s.gains(c.reward) + (f"; {s.w('per_replication')}" if c.vp_per_replication else ""),
          s.card(c, "text")]
         for c in th.values()])]
    parts += [f"## {s.w('methods')}", _table(
        [s.w(k) for k in ("name", "cost", "effect", "text")],
        [[s.card(c), f"R{c.cost}", _method_effect(s, c), s.card(c, "text")]
         for c in me.values()])]
    parts += [f"## {s.w('projects')}", _table(
        [s.w(k) for k in ("name", "field", "cost", "technique", "produces")],
        [[s.card(c), s.field(c.field), f"R{c.cost}", f"+{c.technique}", s.gains(c.produce)]
         for c in pr.values()])]
    interference = cards.interference().values()
    parts += [f"## {s.w('interference')}", _table(
        [s.w(k) for k in ("name", "type_heading", "kind", "cost", "effect", "blocked_by", "copies")],
        [[s.card(c), s.w(f"type.{c.type}"), s.kind(c.kind), f"R{c.cost}", _effect(s, c),
          ", ".join(s.name(m) for m in c.blocked_by) + (f"; {s.w('prereg_roll')}" if c.prereg else ""), c.copies]
         for c in interference if c.type != "shield"])]
    parts += [_table(
        [s.w(k) for k in ("name", "kinds", "blocks_on", "copies")],
        [[s.card(c), ", ".join(tuple(map(s.kind, c.kinds)) + tuple(s.name(a) for a in c.also)),
          s.w("always") if not c.die else f"{c.die}+", c.copies] for c in interference if c.type == "shield"])]
    events = cards.events()
    parts += [f"## {s.w('events')}", _table(
        [s.w(k) for k in ("name", "text")],
        [[s.card(events[e]), s.card(events[e], "text")] for e in cards.ordinary_events()])]
    parts += [f"### {s.w('outside_events')}", s.w("outside_lead"), _table(
        [s.w(k) for k in ("name", "type_heading", "kind", "built_on", "effect", "aimed_at", "protected_by")],
        [_outside_row(s, events[e]) for sort in cards.OUTSIDE_CODES for e in cards.outside_events(sort)])]
    parts += [f"## {s.w('anomalies')}", _table(
        [s.w(k) for k in ("name", "field", "reward")],
        [[s.card(c), s.field(c.field), s.gains(c.reward)] for c in cards.anomalies().values()])]
    parts += [f"## {s.w('placement')}", _table(
        [s.w(k) for k in ("hex", "reward")],
        [[s.hex(h), s.gains(g)] for h, g in cards.placement_bonus().items()])]
    school = cards.school()
    parts += [f"## {s.w('school')}", _table(
        [s.w(k) for k in ("seat", "theory", "project", "hex", "method")],
        [[i + 1, s.name(p.theory), s.name(p.project), s.hex(p.hex), s.name(p.method)]
         for i, p in enumerate(school.packs)])]
    parts += [s.w("school_anomalies", hexes=", ".join(
        f"{s.name(a)} ({s.hex(h)})" for h, a in school.anomalies))]
    parts += [s.w("school_neutral", n=n, hexes=", ".join(map(s.hex, hexes)) or "—")
              for n, hexes in sorted(school.neutral.items())]
    return "\n\n".join(parts) + "\n"


if __name__ == "__main__":
    print(markdown(*sys.argv[1:2]), end="")
