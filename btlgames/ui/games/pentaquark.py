"""How Pentaquark looks: cards carry letters as well as colours (never colour alone); and its app."""
from __future__ import annotations

import sys

from ...core.i18n import t
from ...pentaquark.cards import describe, is_annihilate, quark
from ..app.game_app import GameApp
from ..app.renderer import area, esc, kind_group, log_line, own_words

GAME = "pentaquark"

# Colours chosen to stay apart for the common colour-vision deficiencies; the
# letters R G B (with a bar for anti-colours) carry the meaning anyway.
PALETTE = {"red": "#c0392b", "green": "#1e8449", "blue": "#1f4e9c"}

CSS = """
<style>
.pq-table { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr));
  grid-template-rows: auto auto auto; gap: 10px; --pq-card: clamp(54px, 4.6vw, 104px); }
.pq-area { border: 2px solid #333; border-radius: 8px; padding: 6px 10px; min-height: 70px; background: #fff; }
.pq-area h3 { margin: 0 0 4px 0; font-size: 1.1em; }
.pq-wide { grid-column: 1 / -1; }
.pq-card { display: inline-flex; flex-direction: column; align-items: center; justify-content: center;
  width: var(--pq-card); height: calc(var(--pq-card) * 1.2); margin: 3px; border-radius: 8px; font-weight: 700;
  font-size: calc(var(--pq-card) * .42); color: #fff; border: 3px solid #000; vertical-align: middle;
  font-family: sans-serif; box-sizing: border-box; }
.pq-card small { font-size: .62em; font-weight: 600; }
.pq-card.pq-anti { background: #fff !important; border-style: dashed; border-width: 4px; }
.pq-card.pq-annihilate { background: #222; color: #ffd400; font-size: calc(var(--pq-card) * .22);
  width: calc(var(--pq-card) * 1.35); text-align: center; }
.pq-card.pq-mini { width: calc(var(--pq-card) * .7); height: calc(var(--pq-card) * .84);
  font-size: calc(var(--pq-card) * .3); }
.pq-group { display: inline-block; border: 3px solid #111; border-radius: 10px; padding: 2px; margin: 3px;
  background: #f2f2f2; }
.pq-group-label, .pq-free-label { display: block; font-size: 13px; text-align: center; font-weight: 700; }
.pq-free { display: inline-block; border: 3px dotted #b00020; border-radius: 10px; padding: 2px; margin: 3px; }
.pq-next { font-weight: 700; color: #1a5fb4; }
.pq-counts { font-size: .9em; }
.pq-heading { font-size: 1.1em; font-weight: 700; }
</style>
"""


def card(face: str, mini: bool = False) -> str:
    """One card: colour fill for quarks, outline for anti-quarks, letters always."""
    size = " pq-mini" if mini else ""
    if is_annihilate(face):
        label = esc(t("pentaquark.card.annihilate"))
        return (f'<span class="pq-card pq-annihilate{size}" data-target="{target_key(face)}" role="img" '
                f'aria-label="{label}">{label}</span>')
    q = quark(face)
    colour = PALETTE[q.colour]
    style = f"background:{colour}" if not q.anti else f"color:{colour};border-color:{colour}"
    anti = " pq-anti" if q.anti else ""
    words = esc(describe(face))
    return (f'<span class="pq-card{anti}{size}" style="{style}" data-target="{target_key(face)}" role="img" '
            f'aria-label="{words}" title="{words}">'
            f'{esc(q.symbol)}<small>{esc(q.colour_symbol)}</small></span>')


def target_key(face: str) -> str:
    return f"card:{face}"


def _area(view, name: str) -> str:
    zone = view[name]
    parts = []
    for group in zone["groups"]:
        parts.append(f'<span class="pq-group"><span class="pq-group-label">{t("pentaquark.confined")}</span>'
                     + "".join(card(f) for f in group) + "</span>")
    if zone["free"]:
        parts.append(f'<span class="pq-free"><span class="pq-free-label">{t("pentaquark.free")}</span>'
                     + "".join(card(f) for f in zone["free"]) + "</span>")
    return _box(t(f"pentaquark.area.{name}"), "".join(parts) or "—", f"pq-{name}", target=f"area:{name}")


def _box(title: str, body: str, css: str = "", target: str = "") -> str:
    return area(title, body, f"pq-area {css}", target)


def headline(view) -> str:
    """The side panel's head: the turn and phase, and what the player is asked now."""
    heading = f'{t("app.turn", turn=view["turn"])} · {t("pentaquark.phase." + view["phase"])}'
    note = ""
    if view["phase"] == "annihilate":
        note = t("pentaquark.pending_annihilate")
    elif view["phase"] == "refresh":
        note = t("pentaquark.refresh_choice")
    elif view["next_area"]:
        note = t("pentaquark.next_area", area=t("pentaquark.area." + view["next_area"]))
    if view["phase"] == "collider" and view["confined_this_step"]:  # why some sets are not offered (K14)
        note = f'{note} {t("pentaquark.one_set_a_step")}'.strip()
    return (f'<div class="btl-phase pq-heading">{esc(heading)}</div>'
            + (f'<div class="pq-next">{esc(note)}</div>' if note else ""))


def target(action) -> str | None:
    """The part of the table a move belongs to: the card it moves, or the area it confines in."""
    if action.kind in ("place", "annihilate", "discard"):
        return target_key(action.card)
    if action.kind == "confine":
        return f"area:{action.area}"
    return None


def table(view) -> str:
    top = card(view["beam_top"]) if view["beam_top"] else "—"
    beam = (f'{t("pentaquark.top_of_beam")}: {top}<br>{t("pentaquark.beam_left", n=view["beam_size"])}'
            f'<br>{t("pentaquark.aside", n=view["aside"])}'
            f'<br>{t("pentaquark.beam_time", n=view["refreshes"] + 1, of=view["beams"])}')
    collider = "".join(card(f) for f in view["collider"]) or "—"
    counts = view["annihilated_counts"]
    annihilated = ("".join(card(f, mini=True) for f in view["annihilated"]) or "—") + \
        f'<div class="pq-counts">{esc(t("pentaquark.annihilated_counts", **counts))}</div>'
    return (CSS + '<div class="pq-table">'
            + _box(t("pentaquark.area.beam"), beam, "pq-beam")
            + _box(t("pentaquark.area.collider"), collider, "pq-collider")
            + _area(view, "background") + _area(view, "detector")
            + _box(t("pentaquark.area.discard"), "".join(card(f, mini=True) for f in view["discard"]) or "—", "pq-discard")
            + _box(t("pentaquark.area.annihilated"), annihilated, "pq-annihilated")
            + "</div>")


def _words(key: str, value):
    if key in ("card", "a", "b"):
        return describe(value)
    if key == "cards":
        return ", ".join(describe(f) for f in value)
    if key == "area":
        return t(f"pentaquark.area.{value}")
    if key == "reason":
        return t(f"pentaquark.reason.{value}")
    return value


def event(record) -> str:
    """One log line in plain words."""
    return log_line(record, f"pentaquark.event.{record['kind']}", _words, t("app.turn", turn=record["turn"]))


group = kind_group("pentaquark.group")
move_words = own_words


def seat_name(seat: int) -> str:
    return t("app.player", seat=seat + 1)


def summary(view) -> str:
    if view["result"] == "win":
        return esc(t("pentaquark.won"))
    return esc(t("pentaquark.lost", reason=t(f"pentaquark.reason.{view['reason']}")))


# -- the app ------------------------------------------------------------------------------------
def app(seed: int | None = None, **options) -> GameApp:
    """The play app (solo): the table, the moves beside it, the log, undo and save."""
    return GameApp(GAME, sys.modules[__name__], seed=seed, **options)


def play(seed: int | None = None, **options):
    """The play app as a widget (what the play notebook shows)."""
    return app(seed, **options).widget
