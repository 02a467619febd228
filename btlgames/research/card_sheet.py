"""Every Research Programme card as printable Markdown tables, from the data files.

    python -m btlgames.research.card_sheet > lessons/research-programme/cards.md

With the sheet printed and cut, the game is playable on paper; a test keeps the lesson
pack's copy equal to the data.
"""
from __future__ import annotations

from ..core.i18n import t
from . import board, cards


def _w(key: str, **values) -> str:
    return t(f"research.sheet.{key}", **values)


def _gains(table) -> str:
    return ", ".join(f"{k} {'+' if v > 0 else ''}{v}" for k, v in table.items()) or "—"


def _name(card_id: str | None) -> str:
    return cards.name(card_id) if card_id else "—"


def _table(headings: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(headings) + " |", "|" + "---|" * len(headings)]
    lines += ["| " + " | ".join(str(cell).replace("|", "/") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _method_effect(m) -> str:
    parts = []
    if m.bonus:
        parts.append(_w("bonus", n=m.bonus))
    if m.clean_noise:
        parts.append(_w("clean", n=m.clean_noise))
    if m.no_artefact:
        parts.append(_w("no_artefact"))
    if m.null_kv_extra:
        parts.append(_w("null_kv", n=m.null_kv_extra))
    if m.success_kv_extra:
        parts.append(_w("success_kv", n=m.success_kv_extra))
    if m.success_gain:
        parts.append(_w("success_gain", gains=_gains(m.success_gain)))
    if m.null_gain:
        parts.append(_w("null_gain", gains=_gains(m.null_gain)))
    if m.prereg:
        parts.append(_w("prereg"))
    return "; ".join(parts) or "—"


def _effect(card) -> str:
    effect = dict(card.effect)
    lost = effect.pop("lose", {})
    words = [_w("lose", gains=_gains(lost))] if lost else []
    return "; ".join(words + [f"{k} {'+' if v > 0 else ''}{v}" for k, v in effect.items()]) or "—"


def _outside_row(event) -> list:
    """A school bias or influence event (Kit rule K33): the card it is built on, whom it strikes,
    what protects a team."""
    card = cards.interference()[event.params["card"]]
    guards = [_name(m) for m in card.blocked_by] + ([_w("prereg_roll")] if card.prereg else [])
    guards += [_w("skepticism_paid")] if card.type == "influence" else []
    return [event.name, _w(f"type.{card.type}"), card.kind, card.name, _effect(card), _w(f"aimed.{card.type}"),
            ", ".join(guards)]


def markdown() -> str:
    th, me, pr = cards.theories(), cards.methods(), cards.projects()
    parts = [f"# {_w('title')}", _w("lead")]
    parts += [f"## {_w('theories')}", _table(
        [_w(k) for k in ("name", "field", "cost", "difficulty", "test", "reward", "claim")],
        [[c.name, board.field_name(c.field), f"R{c.cost}", f"{c.difficulty}+",
          _name(c.test_project or c.test_method),
          _gains(c.reward) + (f"; {_w('per_replication')}" if c.vp_per_replication else ""), c.text]
         for c in th.values()])]
    parts += [f"## {_w('methods')}", _table(
        [_w(k) for k in ("name", "cost", "effect", "text")],
        [[c.name, f"R{c.cost}", _method_effect(c), c.text] for c in me.values()])]
    parts += [f"## {_w('projects')}", _table(
        [_w(k) for k in ("name", "field", "cost", "technique", "produces")],
        [[c.name, board.field_name(c.field), f"R{c.cost}", f"+{c.technique}", _gains(c.produce)]
         for c in pr.values()])]
    interference = cards.interference().values()
    parts += [f"## {_w('interference')}", _table(
        [_w(k) for k in ("name", "type_heading", "kind", "cost", "effect", "blocked_by", "copies")],
        [[c.name, _w(f"type.{c.type}"), c.kind, f"R{c.cost}", _effect(c),
          ", ".join(_name(m) for m in c.blocked_by) + (f"; {_w('prereg_roll')}" if c.prereg else ""), c.copies]
         for c in interference if c.type != "shield"])]
    parts += [_table(
        [_w(k) for k in ("name", "kinds", "blocks_on", "copies")],
        [[c.name, ", ".join(c.kinds + tuple(_name(a) for a in c.also)),
          _w("always") if not c.die else f"{c.die}+", c.copies] for c in interference if c.type == "shield"])]
    events = cards.events()
    parts += [f"## {_w('events')}", _table(
        [_w(k) for k in ("name", "text")], [[events[e].name, events[e].text] for e in cards.ordinary_events()])]
    parts += [f"### {_w('outside_events')}", _w("outside_lead"), _table(
        [_w(k) for k in ("name", "type_heading", "kind", "built_on", "effect", "aimed_at", "protected_by")],
        [_outside_row(events[e]) for sort in cards.OUTSIDE_CODES for e in cards.outside_events(sort)])]
    parts += [f"## {_w('anomalies')}", _table(
        [_w(k) for k in ("name", "field", "reward")],
        [[c.name, board.field_name(c.field), _gains(c.reward)] for c in cards.anomalies().values()])]
    parts += [f"## {_w('placement')}", _table(
        [_w(k) for k in ("hex", "reward")],
        [[board.hex_name(h), _gains(g)] for h, g in cards.placement_bonus().items()])]
    school = cards.school()
    parts += [f"## {_w('school')}", _table(
        [_w(k) for k in ("seat", "theory", "project", "hex", "method")],
        [[i + 1, _name(p.theory), _name(p.project), board.hex_name(p.hex), _name(p.method)]
         for i, p in enumerate(school.packs)])]
    parts += [_w("school_anomalies", hexes=", ".join(
        f"{cards.anomalies()[a].name} ({board.hex_name(h)})" for h, a in school.anomalies))]
    parts += [_w("school_neutral", n=n, hexes=", ".join(map(board.hex_name, hexes)) or "—")
              for n, hexes in sorted(school.neutral.items())]
    return "\n\n".join(parts) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
