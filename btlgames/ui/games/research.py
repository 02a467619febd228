"""How Research Programme looks: the map of physics, the players' tracks, the theories, the
market, the events and a preview of the test being chosen.

Everything drawn comes from ``view(viewer)``: a hand shows only in its owner's view. Players
(teams, in the school game) carry a colour, a symbol and a number (● ■ ▲ ★): never colour
alone. Fields carry a fill and their name. Words come from the catalogue (``research_ui``).

``play(variant=...)`` is the play app; ``school_app()`` adds the teacher's lesson clock.
"""
from __future__ import annotations

import math
import os
from functools import partial
from types import SimpleNamespace

import ipywidgets as w

from ...core.i18n import t
from ...core.runtime import page_argument
from ...core.tables import ENV_CLASS_DIR, ClassFile, Keeper, TableError
from ...research import board, cards, lesson
from ...research.constants import INCOME_CHOICES, STORY_CAPS
from ...research.terms import income_of, method_choices, project_choices, success_chance, test_terms
from ..app.game_app import HUMAN, GameApp
from ..app.renderer import Renderer, esc
from ..common.lesson_clock import LessonClock
from ..common.seats import COLOURS, SYMBOLS
from ..common import widgets
from ..common.widgets import WIDE
from .research_teaching import ending, hint, how_to_play, moments
from .research_words import (area_box, card_name, chance_words, event, field_name, fill, gains, group, hex_name,
                             hex_short, joined, marker, note_box, pair, para, say, seat_name, tile_words)

GAME = "research"

FILLS = {"gravity": "#cfe0f5", "cosmology": "#e6d6f2", "particle": "#fbd9c4", "condensed": "#d2ecd2",
         "quantum": "#f8eba8", "mathematics": "#e2e2e2", "meta": "#ffffff"}
HEX_SIZE = 50
MARGIN = 8

CSS = """
<style>
.rp-table { display: grid; grid-template-columns: minmax(0, 1.5fr) minmax(330px, 1fr); gap: 8px; color: #111;
  align-items: start; }
.rp-left { display: flex; flex-direction: column; gap: 6px; min-width: 0; }
.rp-right { display: flex; flex-direction: column; gap: 6px; min-width: 0; }
.rp-area { border: 2px solid #333; border-radius: 8px; padding: 3px 8px; background: #fff; }
.rp-area h3 { margin: 0 0 3px 0; font-size: 1em; }
.rp-area p { margin: 2px 0; }
.rp-pair { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 6px; font-size: .85em; }
.rp-heading { font-size: 1.05em; font-weight: 700; margin: 2px 0; }
.rp-round { font-size: 1.15em; font-weight: 800; margin: 0; }
.rp-note { font-size: .95em; font-weight: 600; padding: 3px 8px; margin: 3px 0; border-left: 6px solid #b8860b;
  background: #fff6d6; }
/* The table fills the board area; the map takes the height the theories leave it. */
.rp-table { height: 100%; grid-template-rows: minmax(0, 100%); }
.rp-left { height: 100%; min-height: 0; }
.rp-board { flex: 1 1 0; min-height: 180px; display: flex; flex-direction: column; }
.rp-map { display: block; flex: 1 1 0; min-height: 0; width: 100%; height: 100%; font-family: sans-serif; }
.rp-theories { flex: 0 0 auto; }
.rp-theories.rp-many .rp-theory { font-size: .78em; line-height: 1.2; }  /* the map keeps some room */
.rp-right { height: 100%; min-height: 0; overflow-y: auto; padding-top: 4px; }  /* its focus ring's outer band clear of the first row's colours */
/* It takes the focus, and its ring is drawn inside its edge, under what it holds: its areas let the
   ring show through (the app's white behind them, as before). */
.rp-right > .rp-area { background: transparent; }
/* drawn over the hexes, never in the way of a press on them */
.rp-map .rp-wormhole, .rp-map .rp-field-name { pointer-events: none; }
.rp-legend { display: flex; flex-wrap: wrap; gap: 2px 8px; font-size: .8em; max-width: 100%; }
.rp-swatch { display: inline-block; padding: 0 4px; border: 2px solid #333; border-radius: 4px; font-weight: 700; }
.rp-mark { display: inline-block; padding: 0 6px; margin: 1px; border-radius: 12px; color: #fff;
  font-weight: 700; white-space: nowrap; }
.rp-teams { border-collapse: collapse; width: 100%; font-size: .85em; line-height: 1.2; table-layout: fixed; }
.rp-teams th, .rp-teams td { border-bottom: 1px solid #bbb; padding: 0 3px; text-align: center; }
.rp-teams tr > th:first-child { text-align: left; font-weight: 600; width: 8.2em; }
@media (min-width: 1600px) { .rp-teams tr > th:first-child { width: 9.6em; } }  /* Finnish labels on one line */
.rp-events, .rp-market { font-size: .85em; }
.rp-teams td.rp-current, .rp-teams th.rp-current { background: #fffbea; border-left: 3px solid #333;
  border-right: 3px solid #333; }
.rp-teams .rp-card { display: block; margin: 1px 0; font-size: .78em; overflow-wrap: anywhere; }
.rp-teams .rp-mark { padding: 0 4px; }
.rp-turn { font-size: .88em; } .rp-turn h3 { display: inline; margin-right: 6px; } .rp-turn p { display: inline; }
.rp-turn p + p::before { content: " · "; }
.rp-warn { color: #9b1c1c; font-weight: 700; }
.rp-theory-list { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0 10px; }
.rp-theory { border-top: 1px solid #999; padding: 1px 0; font-size: .85em; line-height: 1.25; }
.rp-small { font-size: .85em; color: #333; }
.rp-card { display: inline-block; border: 2px solid #555; border-radius: 6px; padding: 0 5px; margin: 1px; }
/* Its rows take the focus: the table fits its area with room on the right for their ring (the
   column scrolls, so it clips), the choice wide and the numbers' words wrapped. */
.rp-preview { border-collapse: collapse; margin: 3px 12px 3px 0; width: calc(100% - 12px); table-layout: fixed;
  font-size: .8em; display: table; }
.rp-preview th:first-child { width: 40%; }
.rp-preview tr:first-of-type th { font-size: .9em; line-height: 1.15; }
.rp-preview .rp-preview-project > * { font-weight: 700; background: #f2f2f2; }
.rp-preview caption { text-align: left; font-weight: 700; }
.rp-preview th, .rp-preview td { border: 1px solid #666; padding: 1px 3px; text-align: left; overflow-wrap: anywhere;
  hyphens: auto; }
.rp-publish { display: inline-block; border: 2px solid #1a5fb4; border-radius: 5px; padding: 0 5px; margin: 1px;
  font-weight: 700; background: #eef4fc; }
.rp-summary table { border-collapse: collapse; margin: 6px 0; width: 100%; table-layout: fixed; font-size: .8em; }
.rp-summary th, .rp-summary td { border: 1px solid #666; padding: 1px 3px; text-align: center; }
.rp-summary tr > th:first-child { width: 45%; text-align: left; font-weight: 600; }
.rp-summary tr.rp-summary-total { font-weight: 800; border-top: 3px solid #333; }
.rp-big { font-size: 1.15em; font-weight: 700; }
@media (min-width: 1700px) { .rp-theory-list { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
.rp-strip table { border-collapse: collapse; width: 100%; }
.rp-strip th, .rp-strip td { border-bottom: 1px solid #bbb; padding: 0 2px; text-align: center; white-space: nowrap; }
.rp-strip tr > th:first-child { text-align: left; }
.rp-strip .rp-current { background: #fffbea; font-weight: 700; border-left: 3px solid #333; border-right: 3px solid #333; }
.rp-strip .rp-mark { padding: 0 3px; }
/* the school game's class reads from further back: its type is larger */
.rp-school.btl-presenting { --btl-class-type: 2.3vh; }
.rp-school.btl-presenting .btl-title { display: none; }  /* the class knows its game: the clock has the room */
.btl-presenting .lc-clock .lc-state, .btl-presenting .lc-clock .widget-button { font-size: 1em; }
/* The class screen: the map and the words from the screen's height, a row of scores for the class;
   the score table, the market and a theory's terms fold away into the teacher's Details. */
.btl-presenting .rp-table { grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); }

.btl-presenting .rp-area h3, .btl-presenting .rp-turn, .btl-presenting .rp-theory, .btl-presenting .rp-events,
.btl-presenting .rp-small, .btl-presenting .rp-pair, .btl-presenting .rp-preview, .btl-presenting .rp-theories.rp-many .rp-theory,
.btl-presenting .rp-legend { font-size: 1em; }
.btl-presenting .rp-terms, .btl-presenting .rp-map .rp-word, .btl-presenting .rp-card-text { display: none; }
/* the test preview: each choice and its chance; how the chance is made (difficulty, bonus, noise,
   penalty) is in the teacher's Details */
.btl-presenting:not(.btl-details-open) .rp-preview .rp-how { display: none; }
.btl-presenting:not(.btl-details-open) .rp-preview th:first-child { width: 68%; }
.btl-presenting.btl-details-open .rp-card-text { display: inline; }
.rp-card-text { font-size: .85em; font-weight: 400; }
.btl-presenting .rp-theory-list { grid-template-columns: minmax(0, 1fr); }
/* a hex's number large (its field: its colour, its place, the field's name beside it) */
.rp-map .rp-hex-number { display: none; }
.btl-presenting .rp-map .rp-hex-number { display: inline; }
.btl-presenting .rp-map .rp-hex-label { display: none; }
.btl-presenting .rp-map .rp-bonus, .btl-presenting .rp-map .rp-noise { font-size: 22px; font-weight: 700; }
/* the fields' names keep the size the picture leaves room for (NAME_SIZE): larger, they were cut at
   its edge; the picture's scale makes them the class's size */
.btl-presenting .rp-map .rp-anomaly, .btl-presenting .rp-map .rp-neutral { font-size: 30px; }
.btl-presenting .rp-map .rp-tile-mark { transform-box: fill-box; transform-origin: center; transform: scale(1.2); }
</style>
"""


# -- the map -------------------------------------------------------------------------------------
def _corners(x: float, y: float, size: float) -> str:
    points = []
    for i in range(6):
        a = math.radians(60 * i - 90)  # pointy top
        points.append(f"{x + size * math.cos(a):.1f},{y + size * math.sin(a):.1f}")
    return " ".join(points)


def _frame(size: float):
    """Hex centres and the fields' name places shifted into the picture, and its width and height."""
    raw = {h: board.pixel(h, size) for h in board.HEXES}
    names = _name_places(raw, size)
    half_w = size * math.sqrt(3) / 2
    xs = [x - half_w for x, _ in raw.values()] + [x - w / 2 for x, _, w in names.values()]
    ys = [y - size for _, y in raw.values()] + [y - NAME_SIZE for _, y, _ in names.values()]
    x0, y0 = min(xs) - MARGIN, min(ys) - MARGIN
    centres = {h: (x - x0, y - y0) for h, (x, y) in raw.items()}
    places = {f: (x - x0, y - y0) for f, (x, y, _) in names.items()}
    width = max([x + half_w for x, _ in raw.values()] + [x + w / 2 for x, _, w in names.values()]) - x0 + MARGIN
    height = max([y + size for _, y in raw.values()] + [y + NAME_SIZE * 1.2 for _, y, _ in names.values()]) - y0 + MARGIN
    return centres, places, width, height


NAME_SIZE = 17  # the fields' names around the map (no legend needed), the class screen's too


def _name_places(raw: dict, size: float) -> dict:
    """Where each field's name goes: out from the map's middle through the field's hexes, just
    far enough that the words touch no hex. Returns field -> (x, y of the baseline, width)."""
    places = {}
    for field in board.FIELDS:
        spots = [raw[h] for h in board.HEXES if board.field_of(h) == field]
        cx, cy = sum(x for x, _ in spots) / len(spots), sum(y for _, y in spots) / len(spots)
        ux, uy = cx / math.hypot(cx, cy), cy / math.hypot(cx, cy)
        words = field_name(field).split()
        width = max(map(len, words)) * NAME_SIZE * .58
        tall = NAME_SIZE * (len(words) * .6 + .2)  # half the block's height
        reach = math.hypot(cx, cy)
        while any(abs(hx - ux * reach) < width / 2 + size * .9 and abs(hy - uy * reach) < size * .9 + tall
                  for hx, hy in raw.values()):
            reach += 4
        places[field] = (ux * reach, uy * reach - (len(words) - 1) * NAME_SIZE * .55 + NAME_SIZE * .35, width)
    return places


def _field_name_text(field: str, x: float, y: float) -> str:
    """A field's name over as many lines as it has words ("Quantum / information")."""
    lines = "".join(f'<tspan x="{x:.1f}" dy="{0 if i == 0 else NAME_SIZE * 1.1:.1f}">{esc(word)}</tspan>'
                    for i, word in enumerate(field_name(field).split()))
    return (f'<text class="rp-field-name" x="{x:.1f}" y="{y:.1f}" text-anchor="middle" font-size="{NAME_SIZE}" '
            f'font-weight="800" fill="#111">{lines}</text>')


def _text(x: float, y: float, words: str, size: int = 13, weight: int = 700, fill: str = "#111",
          css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return (f'<text{cls} x="{x:.1f}" y="{y:.1f}" text-anchor="middle" font-size="{size}" '
            f'font-weight="{weight}" fill="{fill}">{esc(words)}</text>')


def _hex_middle(view, hex_id: str, x: float, y: float):
    """What stands in a hex's middle, and the words for its title."""
    tile = next((tl for tl in view["tiles"] if tl["hex"] == hex_id), None)
    variant = view["variant"]
    if tile is not None:
        p = tile["owner"]
        label = f"{SYMBOLS[p]}{tile['uid']}"
        words = say("tile_label", tile=tile["uid"], name=card_name(tile["card"]))
        body = (f'<g class="rp-tile-mark" data-target="tile:{esc(tile["uid"])}" aria-label="{esc(words)}">'
                f'<rect x="{x - 30:.1f}" y="{y - 13:.1f}" width="60" height="26" rx="7" fill="{COLOURS[p]}"/>'
                + _text(x, y + 7, label, 18, 800, "#fff", "rp-tile") + "</g>")
        return body, say("hex_title_tile", tile=tile["uid"], owner=seat_name(p, variant), name=card_name(tile["card"]))
    if hex_id in view["hidden"]:
        return _text(x, y + 10, "?", 30, 800, css="rp-hidden"), say("hex_title_hidden")
    if hex_id in view["anomalies"]:
        words = say("hex_title_anomaly", name=card_name(view["anomalies"][hex_id]))
        return (_text(x, y + 5, "✱", 12, 800, "#8b0000", "rp-anomaly").replace(
            "✱</text>", f'✱<tspan class="rp-word"> {esc(say("hex_anomaly"))}</tspan></text>'), words)
    if hex_id in view["neutral"]:
        return (_text(x, y + 5, "⊘", 12, 700, css="rp-neutral").replace(
            "⊘</text>", f'⊘<tspan class="rp-word"> {esc(say("hex_neutral"))}</tspan></text>'), say("hex_title_neutral"))
    bonus = cards.placement_bonus().get(hex_id)
    if bonus:
        words = say("hex_bonus", bonus=gains(bonus))
        return _text(x, y + 5, _short_gains(bonus), 12, 400, "#333", "rp-bonus"), words
    return "", ""


def _short_gains(table) -> str:
    """"+1 D" in a hex (Finnish "D +1"): letters for resources, words for scores."""
    return " ".join(say("amount_signed", n=n, resource=k if k in cards.RESOURCES else say(f"gain_short.{k}"))
                    for k, n in table.items())


def _hex(view, hex_id: str, x: float, y: float) -> str:
    field = board.field_of(hex_id)
    stroke = 4 if field == board.META else 2
    middle, about = _hex_middle(view, hex_id, x, y)
    noise = view["noise"].get(hex_id, 0)
    about = [a for a in (about, say("hex_title_noise", n=noise) if noise else "") if a]
    title = hex_name(hex_id) + (": " + "; ".join(about) if about else "")
    noise_mark = _text(x, y + 30, say("hex_noise", n=noise), 12, 800, "#8b0000", "rp-noise") if noise else ""
    return (f'<g class="rp-hex" data-hex="{esc(hex_id)}" data-target="hex:{esc(hex_id)}" '
            f'aria-label="{esc(title)}"><title>{esc(title)}</title>'
            f'<polygon points="{_corners(x, y, HEX_SIZE - 1)}" fill="{FILLS[field]}" stroke="#333" stroke-width="{stroke}"/>'
            + _text(x, y - 20, hex_short(hex_id), 13, 700, css="rp-hex-label")
            + _text(x, y - 16, hex_id.rsplit("-", 1)[1], 27, 800, css="rp-hex-number") + middle + noise_mark + "</g>")


def _wormhole(a: tuple, b: tuple) -> str:
    (x1, y1), (x2, y2) = a, b
    label = _text((x1 + x2) / 2, (y1 + y2) / 2 - 4, say("wormhole"), 14, 800, css="rp-wormhole-label")
    return (f'<g class="rp-wormhole"><line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="#000" stroke-width="4" stroke-dasharray="10 6"/>'
            + label.replace("<text ", '<text stroke="#fff" stroke-width="4" paint-order="stroke" ', 1) + "</g>")


def draw_map(view) -> str:
    """The 37 hexes as inline SVG: fields by fill and name, tiles, noise, anomalies, wormholes."""
    centres, places, width, height = _frame(HEX_SIZE)
    hexes = "".join(_hex(view, h, *centres[h]) for h in board.HEXES)
    hexes += "".join(_field_name_text(f, x, y) for f, (x, y) in places.items())
    holes = "".join(_wormhole(centres[a], centres[b]) for a, b in view["wormholes"])
    return (f'<svg class="rp-map" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
            f'role="img" aria-label="{esc(say("map_label"))}">{hexes}{holes}</svg>')


def _legend() -> str:
    items = "".join(f'<span><span class="rp-swatch" style="background:{FILLS[f]}">'
                    f'{esc(say("field_short." + f))}</span> {esc(field_name(f))}</span>'
                    for f in (*board.FIELDS, board.META))
    return f'<div class="rp-legend" aria-label="{esc(say("legend"))}">{items}</div>'


def _wormholes(view) -> str:
    pairs = [say("fields_pair", a=hex_name(a), b=hex_name(b)) for a, b in view["wormholes"]]
    return para(say("wormholes", pairs=joined(pairs))) if pairs else ""


# -- the players ---------------------------------------------------------------------------------
def _card_list(ids) -> str:
    return joined(card_name(c) for c in ids) or say("empty")


def _cards(ids, target: bool = False, text: bool = False) -> str:
    """Card names as small labelled boxes; a hand card is a target (playing it is a move) and says
    what it does (``text``; on the class screen the teacher's Details shows it)."""
    if not ids:
        return esc(say("empty"))
    mark = (lambda c: f' data-target="card:{esc(c)}"') if target else (lambda c: "")
    words = (lambda c: f' <span class="rp-card-text">{esc(cards.text(c))}</span>') if text else (lambda c: "")
    return " ".join(f'<span class="rp-card"{mark(c)}><b>{esc(card_name(c))}</b>{words(c)}</span>' for c in ids)


def _results(view, p: int) -> str:
    """This seat's results; each is a target (preprint it, publish it in a journal)."""
    mark = {True: say("yes"), False: say("no")}
    # a result carries its two ways out as parts of its own: one press each, never a choice to narrow
    items = [f'<span class="rp-card rp-result">' + esc(say(
                 "result", n=i + 1, outcome=say(f"outcome.{r['kind']}"), theory=card_name(r["theory"]),
                 round=r["round"], preprint=mark[r["preprint"]], journal=mark[r["journal"]]))
             + f' <span class="rp-publish" data-target="preprint:{i}">{esc(say("publish.preprint"))}</span>'
             f' <span class="rp-publish" data-target="journal:{i}">{esc(say("publish.journal"))}</span></span>'
             for i, r in enumerate(view["results"]) if r["player"] == p]
    return fill("results", {"results": " ".join(items)}) if items else ""


def _scheduled(view, p: int) -> str:
    s, d = view["players_"][p]["scheduled"], view["decision"]
    choosing = d and d["player"] == p and d["kind"] == "plan"  # the preview shows it
    if not s or s["theory"] not in view["theories"] or choosing:
        return ""
    tile = say("with_tile", tile=s["tile"]) if s["tile"] else say("without_tile")
    method = say("with_method", method=card_name(s["method"])) if s["method"] else say("no_method")
    chance = success_chance(test_terms(view, p, s["theory"], s["tile"], s["method"]))
    return (say("scheduled", theory=card_name(s["theory"]), tile=tile, method=method) + " · "
            + say("scheduled_chance", chance=chance_words(chance)))


def _boosts(pl) -> str:
    parts = [say(key, n=pl[field]) for key, field in (("insight", "insight"), ("technique", "technique"),
                                                      ("penalty", "penalty")) if pl[field]]
    return say("boosts", boosts=joined(parts)) if parts else ""


def _resource_legend() -> str:
    return joined(t(f"research.resource.{r}") for r in cards.RESOURCES)


TRACKS = ("vp", "rigor", "hype", "reputation", "debt")


def _teams(view) -> str:
    """The seats side by side: a column each, a row per track and resource (words, not colour)."""
    variant, n = view["variant"], view["players"]
    seats = view["players_"]
    tracks = TRACKS + (("ep",) if variant == "school" else ())
    head = f"<tr><th>{esc(say('team_column' if variant == 'school' else 'player_column'))}</th>" + "".join(
        f'<th data-target="team:{p}"{_current(view, p)}>{marker(p, variant, str(p + 1))}'
        f'{"<br>(" + esc(say("you")) + ")" if view["viewer"] == p and variant != "school" else ""}</th>'
        for p in range(n)) + "</tr>"  # a class's open hands: the team to play is no "you"
    rows = []
    for key in tracks:
        cells = [esc(pl[key]) + (f' <span class="rp-warn" title="{esc(say("hype_warning"))}">⚠</span>'
                                  if key == "hype" and pl["hype"] > pl["rigor"] + 1 else "") for pl in seats]
        rows.append((say(f"row.{key}"), say(f"row_title.{key}"), cells))
    for r in cards.RESOURCES:
        rows.append((say("row.resource", resource=t(f"research.resource.{r}")), "", [esc(pl["res"][r]) for pl in seats]))
    rows.append((say("row.hand"), say("row_title.hand"), [esc(pl["hand_size"]) for pl in seats]))
    rows.append((say("row.methods"), "", [_cards(pl["methods"]) for pl in seats]))
    body = "".join(f'<tr><th title="{esc(title)}">{esc(label)}</th>'
                   + "".join(f"<td{_current(view, p)}>{c}</td>" for p, c in enumerate(cells)) + "</tr>"
                   for label, title, cells in rows)
    title = say("teams" if variant == "school" else "players")
    return (f'<div class="rp-area rp-seats-area btl-detail"><table class="rp-teams" aria-label="{esc(title)}">'
            f"{head}{body}</table></div>")


def _strip(view) -> str:
    """The class screen's scores: a column a team (its badge; the team to play's framed, as in the
    score table), a row for its points, Rigor and Hype (the science the class watches; ⚠ where an
    artefact is likely); the whole table is in the teacher's Details. Teams as columns, as in the
    score table: four fit the class's type at 1366×768, where Rigor and Hype as columns did not."""
    variant, seats = view["variant"], view["players_"]
    head = "".join(f'<th{_current(view, p)}>{marker(p, variant, str(p + 1))}</th>'
                   for p in range(len(seats)))
    rows = [f'<tr><th>{esc(say("strip.team" if variant == "school" else "strip.player"))}</th>{head}</tr>']
    for key in ("vp", "rigor", "hype"):
        cells = []
        for p, pl in enumerate(seats):
            risk = (f' <span class="rp-warn" title="{esc(say("strip.risk"))}">⚠</span>'
                    if key == "hype" and pl["hype"] > pl["rigor"] + 1 else "")
            cells.append(f'<td{_current(view, p)}>{pl[key]}{risk}</td>')
        rows.append(f'<tr><th>{esc(say(f"strip.{key}"))}</th>{"".join(cells)}</tr>')
    title = say("teams" if variant == "school" else "players")
    return (f'<div class="rp-area rp-strip btl-class-only"><table aria-label="{esc(title)}">'
            f"{''.join(rows)}</table></div>")


def _current(view, p: int) -> str:
    return ' class="rp-current"' if view["player"] == p else ""


def _turn_box(view) -> str:
    """What the viewer (else the seat to play) holds in words: hand, results, scheduled test, projects."""
    p = view["viewer"] if view["viewer"] is not None else view["player"]
    if p is None:
        return ""
    pl, variant = view["players_"][p], view["variant"]
    parts = []
    if pl["hype"] > pl["rigor"] + 1:
        parts.append(f'<span class="rp-warn">{esc(say("hype_warning"))}</span>')
    if pl["hand"] is not None:
        parts.append(f'{esc(say("hand_label"))}: {_cards(pl["hand"], target=True, text=True)}')
    if variant != "school" and pl["interference"] is not None:
        parts.append(f'{esc(say("interference_label"))}: {_cards(pl["interference"])}')
    if pl["offer"]:
        parts.append(esc(say("offer", cards=_card_list(pl["offer"]))))
    parts += [x for x in (_results(view, p),) if x]
    parts += [esc(x) for x in (_scheduled(view, p), _boosts(pl)) if x]
    # what the map shows, and what was done: details on the class screen, the room the preview's
    # choices need
    tiles = [f'{marker(p, variant, tl["uid"])} {esc(card_name(tl["card"]))}'
             for tl in view["tiles"] if tl["owner"] == p]
    details = [fill("projects", {"tiles": "; ".join(tiles) or esc(say("empty"))}, left=pl["tiles_left"])]
    if pl["bridges"]:
        details.append(esc(say("bridges", bridges=joined(pair(f) for f in pl["bridges"]))))
    if pl["programmes"]:
        details.append(esc(say("programmes", fields=joined(field_name(f) for f in pl["programmes"]))))
    done = [say(f"main.{k}") for k in pl["done"]]
    if done:
        details.append(esc(say("done", actions=joined(done))))
    return (f'<div class="rp-area rp-turn"><h3>{marker(p, variant)}</h3>' + "".join(f"<p>{x}</p>" for x in parts)
            + "".join(f'<p class="btl-detail">{x}</p>' for x in details) + preview(view) + "</div>")


def _hit(view, hit) -> str:
    tester = seat_name(hit["tester"], view["variant"])
    if hit["tile"] == "meta" or not hit["tile"]:
        return esc(say("hit_meta", tester=tester))
    return f'{marker(hit["tester"], view["variant"], hit["tile"])} {esc(say("hit", tester=tester))}'


def _theory(view, theory_id: str, th) -> str:
    card = cards.theories()[theory_id]
    test = (say("test_project", name=card_name(card.test_project)) if card.test_project
            else say("test_method", name=card_name(card.test_method)))
    reward = gains(card.reward) + (f"; {say('vp_per_replication')}" if card.vp_per_replication else "")
    line = say("theory_line", kv=f"{th['kv']:+d}" if th["kv"] else "0", difficulty=card.difficulty, test=test)
    hits = "; ".join(_hit(view, h) for h in th["hits"])
    hit_line = (fill("theory_hits", {"hits": hits}, replications=th["replications"]) if hits
                else esc(say("no_hits")))
    head = say("theory_short", name=card_name(theory_id), field=field_name(card.field))
    about = f'{cards.text(theory_id)} {say("theory_reward", reward=reward)}'  # the card's words, on hover
    return (f'<div class="rp-theory" data-theory="{esc(theory_id)}" data-target="theory:{esc(theory_id)}" '
            f'title="{esc(about)}" aria-label="{esc(head)}"><b>{marker(th["owner"], view["variant"], str(th["owner"] + 1))} '
            f'{esc(head)}</b><span class="rp-terms"> · {esc(line)}</span> · {hit_line}</div>')


def _theories(view) -> str:
    body = "".join(_theory(view, tid, th) for tid, th in view["theories"].items()) or esc(say("empty"))
    many = " rp-many" if len(view["theories"]) > 6 else ""
    return area_box(say("theories"), f'<div class="rp-theory-list">{body}</div>', "rp-theories" + many)


def _market(view) -> str:
    items = []
    for pid in view["market"]:
        pr = cards.projects()[pid]
        items.append(f'<p title="{esc(say("project_produces", produce=gains(pr.produce)))}">'
                     + esc(say("project_line", name=card_name(pid), field=field_name(pr.field), cost=pr.cost,
                               technique=pr.technique)) + "</p>")
    decks = view["decks"]
    foot = para(say("decks", theory=decks["theory"], method=decks["method"], project=decks["project"],
                 event=decks["event"], noise=view["noise_supply"]), "rp-small")
    return area_box(say("market"), ("".join(items) or esc(say("empty"))) + foot, "rp-market btl-detail")


def _events(view) -> str:
    parts = []
    over = view["phase"] == "over"  # no event comes after the game
    if view["next_event"] and not over:
        ev, text = view["next_event"], cards.text(view["next_event"])
        parts.append(f'<p title="{esc(text)}"><b>{esc(say("next_event", name=card_name(ev)))}</b>'
                     f'<span class="rp-terms"> {esc(text)}</span></p>')
    elif not over:  # nothing queued: not turned up yet (the full game's set-up), or the last round
        parts.append(para(say("first_event" if view["event_slot"] == "pending" else "no_next_event")))
    if view["event"]:
        parts.append(para(say("this_event", name=card_name(view["event"])), "rp-small"))
    done = view["counter"] >= view["counter_goal"]  # the counter runs past its goal in the game's last round
    parts.append(f'<p><b>{esc(say("counter_done" if done else "counter", counter=view["counter"], goal=view["counter_goal"]))}</b></p>')
    return area_box(say("events"), "".join(parts), "rp-events")


# -- the decision and the test preview --------------------------------------------------------
def _preview_row(view, p: int, theory: str, tile: str, method: str, label: str, choice: str) -> str:
    terms = test_terms(view, p, theory, tile, method)
    note = f" ({say('preview_wormhole')})" if terms["wormhole"] else ""
    how = [f"{terms['difficulty']}+{note}", f"+{terms['bonus']}", f"−{terms['noise']}", f"−{terms['penalty']}"]
    # each row is the choice itself: one press schedules this test, its chance beside it; it is
    # named whole (project and method) for a screen reader, the project being its group's heading
    return (f'<tr data-target="plan:{esc(tile)}:{esc(method)}" aria-label="{esc(choice)}">'
            f'<td>{esc(label)}</td><td>{esc(chance_words(success_chance(terms)))}</td>'
            + "".join(f'<td class="rp-how">{esc(c)}</td>' for c in how) + "</tr>")


def _method_choices(view, p: int, theory: str) -> list[tuple[str, str]]:
    """(method, label) for each method a prediction may use, as the engine offers them (for every project)."""
    return [(m, say("preview_method_hand", name=card_name(m), cost=cards.methods()[m].cost) if hand
             else say("preview_method", name=card_name(m)) if m else say("preview_no_method"))
            for m, hand in method_choices(view["players_"][p], theory)]


def preview(view) -> str:
    """A table of difficulty, bonus, noise and chance for each choice of the test being set up."""
    d = view["decision"]
    if not d or d["kind"] != "plan" or d["theory"] not in view["theories"]:
        return ""
    p, theory = d["player"], d["theory"]
    tiles = project_choices(view["tiles"], p, view["players_"][p], theory)
    methods = _method_choices(view, p, theory)
    # the rows in the order of the engine's choices (K30), under a heading row a project: the
    # project said once, its methods below it (a row a choice, short enough to fit a laptop)
    rows = []
    for uid in tiles:
        project = tile_words(view, uid)
        rows.append(f'<tr class="rp-preview-project"><th colspan="2">{esc(project)}</th>'
                    '<td class="rp-how" colspan="4"></td></tr>')
        rows += [_preview_row(view, p, theory, uid, m, label, say("preview_plan", tile=project, method=label))
                 for m, label in methods]
    head = "".join(f"<th>{esc(say('preview_' + k))}</th>" for k in ("choice", "chance")) + "".join(
        f'<th class="rp-how">{esc(say("preview_" + k))}</th>' for k in ("difficulty", "bonus", "noise", "penalty"))
    return (f'<table class="rp-preview"><caption>{esc(say("preview", theory=card_name(theory)))}</caption>'
            f"<tr>{head}</tr>{''.join(rows)}</table>")


def _decision_note(view) -> str:
    d, variant = view["decision"], view["variant"]
    if not d:
        return ""
    who = seat_name(d["player"], variant)
    kind = d["kind"]
    if kind == "story":
        return say("story_note" if d.get("ep", True) else "story_note_round", who=who)
    if kind == "block":
        card = cards.interference()[d["card"]]
        return say("block_note", attacker=seat_name(d["attacker"], variant), card=card_name(card.id),
                  sort=say(f"kind.{card.kind}"), who=who)
    if kind == "reveal":
        return say("reveal_note", field=field_name(d["field"]))
    if kind == "reward":
        return say("reward_note", token=say(f"token.{d['token']}"))
    if kind in ("discard", "heist", "keep", "synthesis"):
        return say(f"{kind}_note")
    over = max(_over_storage(view, r) for r in INCOME_CHOICES) if kind == "income" else 0
    if over:  # what the moves' ⚠ means, with the largest of their numbers
        return say("storage_note", storage=view["storage"], n=over)
    return ""


def _over_storage(view, resource: str) -> int:
    """How far an income of ``resource`` takes the deciding team over its storage (0: not)."""
    p = view["decision"]["player"]
    held = sum(view["players_"][p]["res"].values()) + sum(income_of(view, p, resource).values())
    return max(0, held - view["storage"])


def headline(view) -> str:
    """The side panel's head: the round, the phase, who decides what, and the test preview."""
    variant = view["variant"]
    top = (f'<div class="rp-round btl-round">{esc(say("school_round", round=view["round"], rounds=view["rounds"]))}'
           f' · {esc(say("school_game"))}</div>') if variant == "school" else ""
    line = ([] if top else [say("round", round=view["round"], rounds=view["rounds"])]) + [say(f"phase.{view['phase']}")]
    d = view["decision"]
    doing = ""
    if d and view["phase"] != "over":
        doing = " · " + fill("to_play", {"who": marker(d["player"], variant)},
                              decision=t(f"research.decision.{d['kind']}"))
    note = _decision_note(view)
    # what an income's ⚠ means: on the class screen it folds into the teacher's Details (room for the moves)
    folded = ("btl-detail",) if d and d["kind"] == "income" else ()
    return (top + f'<div class="rp-heading btl-phase">{esc(" · ".join(line))}{doing}</div>'
            + (note_box(esc(note), *folded) if note else ""))


def move_words(action, view) -> str:
    """A move's words with what it means for the science and the table: a test's chance (and in
    words when it cannot succeed), a prediction's best chance, an income that clean-up would cut."""
    d = view["decision"]
    if action.kind == "plan_test" and d and d.get("theory") in view["theories"]:
        chance = success_chance(test_terms(view, d["player"], d["theory"], action.tile, action.method))
        return say("move_impossible" if chance == 0 else "move_chance", move=str(action), chance=chance_words(chance))
    if action.kind == "predict" and action.theory in view["theories"]:
        p = view["player"]
        chances = [success_chance(test_terms(view, p, action.theory, uid, method))
                   for uid in project_choices(view["tiles"], p, view["players_"][p], action.theory)
                   for method, _ in method_choices(view["players_"][p], action.theory)]
        best = max(chances, default=0)
        return say("move_impossible" if best == 0 else "move_best_chance", move=str(action), chance=chance_words(best))
    if action.kind == "income":  # under its group's label "Income": the choice alone
        resource = t(f"research.resource.{action.resource}")
        words = (say("move_income", resource=resource, deck=t(f"research.deck.{action.deck}")) if action.deck
                 else say("move_income_no_draw", resource=resource))
        over = _over_storage(view, action.resource) if d else 0
        return say("move_storage", move=words, over=over) if over else words
    return str(action)


def _tile_hex(view, uid: str) -> str | None:
    return next((tl["hex"] for tl in view["tiles"] if tl["uid"] == uid), None)


#: The part of the table each kind of move belongs to (None: a button only).
TARGETS = {
    "build": lambda a: f"hex:{a.hex}",
    "simulate": lambda a: f"hex:{a.target}" if a.target != "repair" else None,
    "reveal": lambda a: f"hex:{a.hex}",
    "predict": lambda a: f"theory:{a.theory}",
    "plan_test": lambda a: f"plan:{a.tile}:{a.method}",
    "theory": lambda a: f"card:{a.card}",
    "method": lambda a: f"card:{a.card}",
    "preprint": lambda a: f"preprint:{a.result}",
    "journal": lambda a: f"journal:{a.result}",
    "interfere": lambda a: f"team:{a.target}",
}


def target(action) -> str | None:
    key = TARGETS.get(action.kind)
    return key(action) if key else None


def table(view) -> str:
    # The score table under the map, which is as wide as its column lets it be and leaves room
    # below it: the right column keeps its height for what a team presses now.
    left = (f'<div class="rp-left"><div class="rp-area rp-board">{draw_map(view)}{_wormholes(view)}</div>'
            f'{_teams(view)}</div>')
    # the right column scrolls on a small screen: it takes the focus, so the keyboard scrolls it too.
    # What a team can press (its hand, the theories) comes before what it reads (events, market).
    right = (f'<div class="rp-right" tabindex="0" role="region" aria-label="{esc(say("right_panel"))}">'
             f'{_strip(view)}{_turn_box(view)}{_theories(view)}{_events(view)}{_market(view)}</div>')
    return CSS + f'<div class="rp-table">{left}{right}</div>'


# -- the end -------------------------------------------------------------------------------------
def summary(view) -> str:
    variant, winners = view["variant"], view["winners"]
    names = joined(seat_name(p, variant) for p in winners)
    headline = say("won" if len(winners) == 1 else "shared_win", winners=names)
    marks = "".join(marker(p, variant, str(p + 1)) for p in winners)  # "●1": the sentence says the name
    # seats side by side, a row per source of points: it fits the side panel beside the table
    columns = ("bridges", "debt", "hype", "consensus")
    seats = view["players_"]
    head = f"<tr><th>{esc(say('summary_seat'))}</th>" + "".join(
        f"<th>{marker(p, variant, str(p + 1))}</th>" for p in range(len(seats))) + "</tr>"
    lines = [("vp", [pl["vp"] - sum(pl["final"].values()) for pl in seats], "{}")]
    lines += [(k, [pl["final"].get(k, 0) for pl in seats], "{:+d}") for k in columns]
    lines.append(("total", [pl["vp"] for pl in seats], "{}"))
    rows = [f'<tr class="rp-summary-{key}"><th>{esc(say("summary_" + key))}</th>'
            + "".join(f"<td>{esc(form.format(n))}</td>" for n in values) + "</tr>" for key, values, form in lines]
    top = max(pl["vp"] for pl in view["players_"])
    tied = sum(pl["vp"] == top for pl in view["players_"]) > 1
    reason = say(f"end.{view['end_reason']}") if view["end_reason"] else ""
    return (f'<div class="rp-summary"><p class="rp-big">{marks} {esc(headline)}</p>'
            + para(say("ended", reason=reason)) + f"<table><tr>{head}</tr>{''.join(rows)}</table>"
            + (para(say("tie_note")) if tied else "") + "</div>")


# -- the apps ------------------------------------------------------------------------------------
def renderer(variant: str = "full", **_options) -> Renderer:
    """This module's drawing functions, with the log naming seats as the variant does (teams)."""
    return SimpleNamespace(table=table, headline=headline, target=target, move_words=move_words, summary=summary,
                           group=group, how_to_play=partial(how_to_play, variant=variant), hint=hint,
                           moments=partial(moments, variant=variant), ending=partial(ending, variant=variant),
                           event=partial(event, variant=variant), seat_name=partial(seat_name, variant=variant))


def _debrief(state, close, clock=None):
    """The debrief of this game, led on the projector (ui/debrief/screens.py), on the lesson's
    ``clock`` if it has one. Imported when the debrief opens: it draws charts with matplotlib,
    which a game needs nothing of (the static site's play pages load no plotting packages)."""
    from ..debrief.screens import presenter

    return presenter(state, close=close, clock=clock)


def app(variant: str = "full", seed: int | None = None, seats: list[str] | None = None, **options) -> GameApp:
    """The generic game app (``GameApp``) for Research Programme, with its debrief one click away."""
    return GameApp(GAME, renderer(variant), seed=seed, seats=seats, variant=variant, debrief=_debrief, **options)


def play(variant: str = "full", seed: int | None = None, seats: list[str] | None = None, **options):
    """The play app as a widget: ``play()`` the full game, ``play("school")`` the school game."""
    return app(variant, seed=seed, seats=seats, **options).widget


def school_app(seed: int | None = None, seats: list[str] | None = None, players: int | None = None,
               minutes: int = 45, stories: str | None = None):
    """The 45-minute school game: the game app with the teacher's lesson clock in its header.

    Teams share one projector, so their hands are open (K32: no pass-the-device screen), and every
    seat is a team of people unless the teacher chooses bots. The story cap (K31) is a setting, by
    default what the lesson plan advises for the number of teams (``lesson.default_stories``); it
    takes effect with New game. **A class of 2, 3 or 4 teams** (in the settings, or the page's
    ``?teams=4`` from the launcher) sets it all at once: every seat a team, the advised story cap,
    a new game, Present. The clock redraws itself whenever the table does, so its minutes and
    "behind the plan" stay current during play.
    """
    asked = _class_size(page_argument("teams"))
    players = players or (len(seats) if seats else asked) or 4
    if page_argument("table") is not None:  # a class session's table: ?table=<name>
        return table_app(page_argument("table"), players=players)
    seats = list(seats or [HUMAN] * players)
    caps = [(t(f"research_ui.stories.{cap}"), cap) for cap in STORY_CAPS]
    story_box = w.Dropdown(options=caps, value=stories or lesson.default_stories(players),
                           description=t("research_ui.stories.label"), layout=w.Layout(width="auto"),
                           style=WIDE)  # its words whole in every language
    holder = {}  # the game app, once made (the clock asks it where the class stands)

    def behind(seconds: float):
        game = holder.get("game")
        return lesson.minutes_behind(game.state.view(None), seconds / 60) if game else None

    def over() -> bool:
        game = holder.get("game")
        return bool(game and game.state and game.state.is_over())

    clock = LessonClock(minutes, behind=behind, ended=over)
    classes = [w.HTML(f'<span class="rp-class-label">{esc(say("class.label"))}</span>')]
    for n in CLASS_SIZES:
        press = w.Button(description=say("class.teams", n=n), layout=w.Layout(width="auto"))
        press.add_class("btl-action")
        press.add_class(f"rp-class-{n}")
        press.on_click(lambda _, n=n: start_class(n))
        classes.append(press)
    class_row = w.HBox(classes, layout=w.Layout(align_items="center", flex_flow="row wrap"))
    class_row.add_class("rp-class")
    game = app("school", seed=seed, seats=seats, players=players, stories=story_box.value, hand_privacy=False,
               header=(clock.widget,), settings=(class_row, story_box), title=t("research_ui.school_title"),
               introduce=False, guided=False)  # a class on a projector: the teacher leads it
    holder["game"] = game
    game.debrief = partial(_debrief, clock=clock)  # one clock for the lesson: the debrief keeps to it
    story_box.observe(lambda change: game.options.update(stories=change["new"]), names="value")
    if game.seat_chooser.active:  # another number of teams: the plan's advice for it
        game.seat_chooser.count.observe(
            lambda change: setattr(story_box, "value", lesson.default_stories(change["new"])), names="value")

    def start_class(n: int) -> None:
        """One press: n teams of people, the advised story cap, a new game on the class screen."""
        game.seat_chooser.show([HUMAN] * n)
        story_box.value = lesson.default_stories(n)
        game.options["stories"] = story_box.value
        game.new_game(None)
        game.show_settings(False)
        game.present(True)

    game.table.observe(lambda _: clock.refresh(), names="value")
    box = game.widget
    box.add_class("rp-school")
    box.game, box.clock, box.stories, box.start_class = game, clock, story_box, start_class  # for tests
    if asked:
        game.present(True)
    return box


def table_app(name, folder: str | None = None, players: int = 4):
    """The school game at a class's table: the table's game resumed at its last stored move, every
    move stored in the class's file as it is made (``core.tables``). ``folder``: the class's folder,
    by default the one the class session gives its pages (``btlgames class --dir``); a table made
    now seats ``players`` teams of people. Two devices opening one table play one game."""
    def refused(words: str):
        return widgets.app([w.HTML(widgets.message(esc(words), error=True))], "btl-game-app")

    folder = folder or os.environ.get(ENV_CLASS_DIR)
    if not folder:
        return refused(say("table.no_class"))
    try:
        store = ClassFile(folder)
    except TableError as err:  # a class file that is not one
        return refused(err.message)
    try:
        keeper = Keeper(store, name, GAME,
                        {"variant": "school", "players": players, "stories": lesson.default_stories(players)})
    except TableError as err:  # a forged or odd name
        store.close()
        return refused(err.message)
    game = app("school", seats=[HUMAN] * keeper.state.players, hand_privacy=False, table=keeper,
               title=t("research_ui.school_title"), introduce=not keeper.state.history, guided=True)
    box = game.widget
    box.add_class("rp-school")
    box.game = game  # for tests
    return box


#: The school game's sizes of class: teams at one projector.
CLASS_SIZES = (2, 3, 4)


def _class_size(value) -> int | None:
    """``?teams=3`` as a number of teams the school game takes, else None (the page's own default)."""
    return int(value) if isinstance(value, str) and value.isdigit() and int(value) in CLASS_SIZES else None
