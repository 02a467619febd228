"""How Antimatter Matters looks: the board as a drawing, and beside it each lab's mats.

Everything drawn comes from ``view(viewer)``. Spaces carry a word or a symbol as well as a
colour (quarks: u or d with the colour's word in the tooltip and its first letter on the
space), pawns carry their Scientist's symbol and number, and every space has a tooltip in
words. A move that ends on a space is made by pressing that space; a piece placed or lost
by pressing its mat; an action card aimed by pressing the Scientist's pawn.
"""
from __future__ import annotations

import math
import sys
from collections import Counter
from functools import lru_cache

import ipywidgets as w

from ...antimatter import words
from ...antimatter.actions import card_name, piece_name, space_name
from ...antimatter.chart import buildable
from ...antimatter.data import catalogue, colour_of, kind_of
from ...antimatter.goals import PRESETS, atoms as atoms_of_chart, shown
from ...antimatter.mats import slots
from ...antimatter.rules import MODES
from ...core.i18n import t
from ...core.registry import load, spec
from ...science.elements import element_name
from ...science.nuclides import stable_nuclide
from ..app.game_app import GameApp
from ..app.renderer import badge, esc, kind_group, own_words
from ..common.seats import COLOURS as SEAT_COLOURS, SYMBOLS as SEAT_SYMBOLS

GAME = "antimatter"
# Six Scientists: the kit's four seat colours and symbols, and two more of the same contrast.
COLOURS = SEAT_COLOURS + ("#8a1538", "#00606b")
SYMBOLS = SEAT_SYMBOLS + ("◆", "✚")
QUARK_FILL = {"red": "#f6c9c4", "green": "#c8ecd0", "blue": "#c9d9f6"}
QUARK_INK = {"red": "#8c1d12", "green": "#145a2c", "blue": "#173f8a"}
FILL = {"start": "#eeeeee", "draw": "#ffffff", "antimatter": "#3b1f5c", "tunnel": "#ffe28a",
        "center": "#fff3c4", "particle": "#f4f4f4"}
SIZE, MID = 1000, 500
RADIUS = {"outer": 462, "middle": 250}
SPACE_R, CENTER_R = 31, 46
# The class screen: a space's word and symbol, in the board's units; a space with a word grows up to
# WORD_R into the room its neighbours leave (GAP apart), so its word needs little narrowing.
CLASS_WORD, CLASS_SYMBOL, WORD_R, GAP = 22, 30, 42, 5
CLASS_ROWS = 24  # the lines the labs' column holds there (six labs of one mat, a hand in five lines)
CLASS_PAWN_R = 27  # a pawn's radius there (21, drawn 1.2 times as large), its white edge included

CSS = """
<style>
.am-table { display: grid; grid-template-columns: minmax(0, 1fr) minmax(14em, .62fr); gap: 8px;
  align-items: start; color: #111; }
.am-board svg { width: 100%; height: auto; max-height: calc(100vh - 9.5em); display: block; margin: 0 auto; }
.am-board text { font-family: sans-serif; pointer-events: none; }
.am-labs { display: grid; grid-template-columns: repeat(auto-fill, minmax(12.5em, 1fr)); gap: 4px; min-width: 0;
  font-size: .82em; align-content: start; }
.am-lab { border: 3px solid #444; border-radius: 9px; padding: 3px 6px; background: #fff; }
.am-lab.am-current { border-width: 6px; background: #fffbea; }
.am-lab h3 { margin: 0 0 2px 0; font-size: 1em; }
.am-mats { display: flex; flex-wrap: wrap; gap: 4px; }
.am-mat { border: 2px solid #777; border-radius: 7px; padding: 1px 3px; font-size: .9em; background: #fafafa; }
.am-mat.am-safe { border-style: double; border-width: 4px; background: #eef7ee; }
.am-slot { display: inline-block; min-width: 1.45em; text-align: center; margin: 1px; padding: 0 2px;
  border-radius: 5px; border: 2px solid #333; font-weight: 700; }
.am-slot.am-empty { border-style: dashed; color: #666; font-weight: 400; }
.am-line { font-size: .85em; margin: 1px 0; }
.am-card { display: inline-block; border: 2px solid #333; border-radius: 6px; padding: 0 4px; margin: 1px;
  font-size: .85em; background: #fff; }
.am-hand .am-card { display: block; }
.am-card-text { font-weight: 400; }
.btl-presenting .am-card-text { display: none; }  /* the class screen: a card's name; Details, its words */
.btl-presenting.btl-details-open .am-card-text { display: inline; }
.am-pawn { display: inline-block; padding: 0 5px; border-radius: 10px; color: #fff; font-weight: 700; }
svg .btl-target > circle:first-of-type, svg .btl-target > .am-pawn-mark > circle:first-of-type {
  stroke: #1a5fb4; stroke-width: 7; stroke-dasharray: 10 5; }
svg .btl-target:hover > circle:first-of-type, svg .btl-target:focus > circle:first-of-type,
svg .btl-target:hover > .am-pawn-mark > circle:first-of-type, svg .btl-target:focus > .am-pawn-mark > circle:first-of-type {
  stroke: #000; stroke-width: 9; stroke-dasharray: none; }
.am-heading { font-size: 1.1em; font-weight: 700; }
.am-ask { font-weight: 700; color: #1a5fb4; }
.am-explain { max-width: 40em; font-size: .95em; }
/* The class screen (Present): the board as tall as the table, its marks large (a space with a word
   grown into the room around it), the pawns larger on their spaces' rims. */
.am-board .am-class { display: none; }
.btl-presenting .am-table { height: 100%; grid-template-columns: minmax(0, calc(100vh - 3em)) minmax(15em, 1fr);
  grid-template-rows: minmax(0, 100%); gap: 10px; }
.btl-presenting .am-board { height: 100%; min-height: 0; }
.btl-presenting .am-board svg { height: 100%; max-height: none; }
.btl-presenting .am-board .am-study { display: none; }
.btl-presenting .am-board .am-class { display: inline; }
/* grown as a picture, not by its radius: table.js draws the focus ring from the shape's own size and
   its transform */
.btl-presenting .am-board .am-space { transform: scale(var(--am-grow)); transform-box: fill-box; transform-origin: center; }
.btl-presenting .am-pawn-mark { transform: translate(var(--am-dx), var(--am-dy)) scale(1.2); }
/* The labs in the app's base size, a seat's badges beside its goal, the slots larger; each seat's
   count of cards and the bank fold into the teacher's Details. */
.btl-presenting .am-labs { font-size: 1em; line-height: 1.2; grid-template-columns: minmax(0, 1fr); gap: .25em; }
.btl-presenting .am-lab { display: flex; flex-wrap: wrap; align-items: center; gap: .1em .4em; padding: .15em .35em .3em; }
.btl-presenting .am-lab > .am-line { order: -1; margin: 0; flex: 0 0 auto; }
.btl-presenting .am-lab > h3 { flex: 1 1 11em; min-width: 0; }
.btl-presenting .am-lab.am-hand { display: block; }
.btl-presenting .am-lab h3, .btl-presenting .am-line, .btl-presenting .am-mat, .btl-presenting .am-card { font-size: 1em; }
.btl-presenting .am-mats { flex: 1 0 100%; gap: .2em; }
.btl-presenting .am-mat { padding: .05em .25em .15em; }
.btl-presenting .am-slot { font-size: 1.15em; line-height: 1.15; margin: 1px 1px 0; }
.btl-presenting .am-card { line-height: 1.2; padding: 0 .25em; margin: 1px; }
/* More mats than the column holds with their names (class_rows): each goal by its atom's label, the
   mats' names folded into Details, the mats side by side. */
.am-short, .btl-presenting .am-long { display: none; }
.btl-presenting .am-short { display: inline; }
.btl-presenting .am-dense .am-mat { padding: .1em .15em; }
.btl-presenting .am-dense .am-slot { font-size: 1em; min-width: 1.05em; padding: 0; margin: 1px 1px 0 0; }
</style>
"""


def seat_name(seat: int) -> str:
    return f"{SYMBOLS[seat]} {t('antimatter.scientist', n=seat + 1)}"


def atom_words(label: str) -> str:
    """An atom in a student's words: "H-2" -> "deuterium, hydrogen-2 (H-2)", "He-4" -> "helium-4 (He-4)"."""
    nuclide = stable_nuclide(label)
    name = t("antimatter.atom_name", element=element_name(nuclide.symbol), a=nuclide.a, label=label)
    return t("antimatter.deuterium", name=name) if label == "H-2" else name


def marker(seat: int) -> str:
    return badge(seat, seat_name(seat), f" {seat + 1}", "am-pawn", COLOURS, SYMBOLS)


# -- the board ------------------------------------------------------------------------------
def position(space: str) -> tuple[float, float]:
    board = catalogue().board
    where = board.spaces[space].where
    if where[0] == "center":
        return MID, MID
    if where[0] == "ring":
        _, ring, i, n = where
        angle = -math.pi / 2 + 2 * math.pi * i / n
        return MID + RADIUS[ring] * math.cos(angle), MID + RADIUS[ring] * math.sin(angle)
    _, start, end, i, n = where
    (x0, y0), (x1, y1) = position(start), position(end)
    f = (i + 1) / (n + 1)
    return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f


def _symbol(space) -> tuple[str, str, str]:
    """(text on the space, its fill, its ink)."""
    if space.kind == "particle":
        kind, colour = kind_of(space.piece), colour_of(space.piece)
        symbol = catalogue().pieces.symbols[kind]
        if colour:
            return f"{symbol}{t(f'antimatter.colour.{colour}')[0].upper()}", QUARK_FILL[colour], QUARK_INK[colour]
        return symbol, FILL["particle"], "#111"
    if space.kind == "tunnel":
        return f"{space.pair}⇄", FILL["tunnel"], "#111"
    if space.kind == "antimatter":
        return t("antimatter.mark.antimatter"), FILL["antimatter"], "#fff"
    return t(f"antimatter.mark.{space.kind}"), FILL[space.kind], "#111"


def _board(view) -> str:
    board = catalogue().board
    parts = [f'<svg viewBox="0 0 {SIZE} {SIZE}" role="img" aria-label="{esc(t("antimatter.board"))}">']
    drawn, radii = set(), class_radii()
    for a, neighbours in board.links.items():
        for b in neighbours:
            if (b, a) in drawn:
                continue
            drawn.add((a, b))
            (x0, y0), (x1, y1) = position(a), position(b)
            parts.append(f'<line x1="{x0:.0f}" y1="{y0:.0f}" x2="{x1:.0f}" y2="{y1:.0f}" stroke="#999" stroke-width="6"/>')
    for sid, space in board.spaces.items():
        x, y = position(sid)
        r = CENTER_R if space.kind == "center" else SPACE_R
        text, fill, ink = _symbol(space)
        size = 26 if len(text) <= 3 else 15 if space.kind != "center" else 18
        parts.append(f'<g data-target="space:{sid}"><circle class="am-space" cx="{x:.0f}" cy="{y:.0f}" r="{r}" '
                     f'style="--am-grow:{radii[sid] / r:.2f}" fill="{fill}" stroke="#333" stroke-width="3"/>'
                     f'<title>{esc(space_name(sid))}</title>'
                     f'<text class="am-study" x="{x:.0f}" y="{y + size * .35:.0f}" font-size="{size}" text-anchor="middle" '
                     f'font-weight="700" fill="{ink}">{esc(text)}</text>{_class_mark(x, y, radii[sid], text, ink)}</g>')
    parts.append(_key())
    for seat, sid in enumerate(view["pawns"]):
        x, y = position(sid)
        entangled = any(seat in p for p in view["entangled"])
        ring = '<circle r="27" fill="none" stroke="#ffbf00" stroke-width="6" stroke-dasharray="6 4"/>' if entangled else ""
        # the class screen: on the space's rim above and right, clear of most of its word (below or
        # left where that would leave the board)
        edge = .75 * radii[sid] + 2
        dx = edge if x + edge + CLASS_PAWN_R < SIZE else -edge
        dy = -edge if y - edge - CLASS_PAWN_R > 0 else edge
        parts.append(f'<g data-target="pawn:{seat}" transform="translate({x + 18:.0f},{y - 20:.0f})">'
                     f'<title>{esc(seat_name(seat))}</title>'
                     f'<g class="am-pawn-mark" style="--am-dx:{dx - 18:.0f}px;--am-dy:{dy + 20:.0f}px">{ring}<circle r="21" '
                     f'fill="{COLOURS[seat]}" stroke="#fff" stroke-width="3"/>'
                     f'<text y="8" font-size="21" text-anchor="middle" font-weight="700" fill="#fff">'
                     f'{SYMBOLS[seat]}{seat + 1}</text></g></g>')
    parts.append("</svg>")
    return "".join(parts)


def _worded(space) -> bool:
    """Whether a space is marked with a word (start, draw, anti), not a symbol; the centre keeps its size."""
    return space.kind not in ("particle", "tunnel", "center")


@lru_cache(maxsize=1)  # the board's geometry: the same for every game
def class_radii() -> dict[str, float]:
    """Each space's radius on the class screen: the centre and a space with a symbol as drawn, a
    space with a word as large as its neighbours allow (half the room to another such space)."""
    spaces = catalogue().board.spaces
    fixed = {sid: CENTER_R if s.kind == "center" else SPACE_R for sid, s in spaces.items() if not _worded(s)}
    radii = dict(fixed)
    for sid, space in spaces.items():
        if sid in fixed:
            continue
        x, y = position(sid)
        room = WORD_R
        for other in spaces:
            if other != sid:
                d = math.dist((x, y), position(other))
                room = min(room, d - fixed[other] - GAP if other in fixed else (d - GAP) / 2)
        radii[sid] = room
    return radii


def _class_mark(x: float, y: float, r: float, text: str, ink: str) -> str:
    """A space's mark as the class screen shows it: large (a symbol larger still), a word narrowed
    only where it would not fit inside its space (a bold glyph is about .64 of its size wide)."""
    size = CLASS_SYMBOL if len(text) <= 3 else CLASS_WORD
    room = 1.6 * r  # inside the space's ring, clear of it
    fit = f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"' if len(text) * .64 * size > room else ""
    return (f'<text class="am-class" x="{x:.0f}" y="{y + size * .35:.0f}" font-size="{size}" text-anchor="middle" '
            f'font-weight="700" fill="{ink}"{fit}>{esc(text)}</text>')


def _key() -> str:
    """What the marks on the spaces mean, in the board's four empty corners (two lines each)."""
    pieces = catalogue().pieces
    lines = [t("antimatter.key.piece", symbol=pieces.symbols[k], name=words.piece(k)) for k in pieces.kinds]
    lines += [t("antimatter.key.colours"), t("antimatter.key.tunnel"), t("antimatter.key.anti")]
    corners = ((10, 34, "start"), (SIZE - 10, 34, "end"), (10, SIZE - 40, "start"), (SIZE - 10, SIZE - 40, "end"))
    out = ['<g class="am-key" font-size="25" fill="#111">']
    for k, (x, y, anchor) in enumerate(corners):
        for row, line in enumerate(lines[2 * k:2 * k + 2]):
            out.append(f'<text x="{x}" y="{y + 30 * row}" text-anchor="{anchor}">{esc(line)}</text>')
    return "".join(out) + "</g>"


# -- the labs -------------------------------------------------------------------------------
def _slot(piece: str | None, kind: str) -> str:
    if piece is None:
        name = words.piece(kind)
        return f'<span class="am-slot am-empty" title="{esc(t("antimatter.empty_slot", piece=name))}">{esc(catalogue().pieces.symbols[kind])}</span>'
    colour = colour_of(piece)
    style = f' style="background:{QUARK_FILL[colour]};color:{QUARK_INK[colour]}"' if colour else ""
    letter = f"<sub>{t(f'antimatter.colour.{colour}')[0].upper()}</sub>" if colour else ""
    return (f'<span class="am-slot"{style} title="{esc(piece_name(piece))}">'
            f'{esc(catalogue().pieces.symbols[kind_of(piece)])}{letter}</span>')


def _mat(i: int, mat: dict, challenge: bool, dense: bool = False) -> str:
    """A mat and its slots; ``dense``: the class screen folds its name (Details opens it)."""
    want = list(slots(mat["type"]))
    cells = []
    if challenge:
        cells = [_slot(mat["pieces"][k] if k < len(mat["pieces"]) else None, kind) for k, kind in enumerate(want)]
    else:
        left = list(mat["pieces"])
        for kind in want:
            piece = next((p for p in left if kind_of(p) == kind), None)
            if piece:
                left.remove(piece)
            cells.append(_slot(piece, kind))
    name = words.mat(mat["type"])
    safe = " am-safe" if mat["safe"] else ""
    note = f' · {t("antimatter.safe")}' if mat["safe"] else ""
    fold = " btl-detail" if dense else ""
    return (f'<div class="am-mat{safe}" data-target="mat:{i}"><div class="am-mat-name{fold}"><b>{esc(name)}</b>{esc(note)}</div>'
            + "".join(cells) + "</div>")


def _workbench(view, owner: int, dense: bool = False) -> str:
    """One owner's workbench: the goal, the mats being built, each seat's hand size. ``dense``: the
    class screen names the goal by its atom's label and folds the mats' names."""
    seats = [s for s, o in enumerate(view["owner_of"]) if o == owner]
    goal = view["goals"][owner]
    current = " am-current" if view["player"] in seats else ""
    order = f' · {t("antimatter.challenge")}' if goal["challenge"] else ""
    title = esc(t("antimatter.goal", atom=atom_words(goal["atom"])) + order)
    if dense:
        short = esc(t("antimatter.goal", atom=goal["atom"]) + order)
        title = f'<span class="am-long">{title}</span><span class="am-short" title="{title}">{short}</span>'
    mine = [(i, m) for i, m in enumerate(view["mats"]) if m["owner"] == owner]
    mats = "".join(_mat(i, m, goal["challenge"], dense) for i, m in mine if not m["safe"])
    safe = Counter(m["type"] for _, m in mine if m["safe"])  # the cooperative game's finished atoms: one line
    if safe:
        mats = (f'<div class="am-mat am-safe">{esc(t("antimatter.safe_mats", mats=", ".join(f"{n} × {words.mat(k)}" for k, n in safe.items())))}</div>'
                + mats)
    hands = " ".join(f'{marker(s)} <span class="am-count btl-detail">{esc(t("antimatter.cards_in_hand", n=view["hand_sizes"][s]))}</span>'
                     for s in seats)
    return (f'<div class="am-lab{current}"><h3>{title}</h3><div class="am-line">{hands}</div>'
            f'<div class="am-mats">{mats}</div></div>')


def _hand(view) -> str:
    if view["hand"] is None:
        return ""
    # each card with its words, read on a touch screen too (a hover's tooltip is not)
    cards = "".join(f'<span class="am-card"><b>{esc(card_name(c))}</b> '
                    f'<span class="am-card-text">{esc(words.card_text(c))}</span></span>'
                    for c in view["hand"]) or "—"
    return f'<div class="am-lab am-hand"><h3>{esc(t("antimatter.your_hand", n=view["viewer"] + 1))}</h3>{cards}</div>'


def _supply(view) -> str:
    bank = ", ".join(f"{piece_name(p)} {n}" for p, n in view["bank"].items())
    lines = [t("antimatter.bank", pieces=bank), t("antimatter.deck", deck=view["deck"], discard=len(view["discard"]))]
    if view["removed"]:
        lines.append(t("antimatter.removed", n=len(view["removed"])))
    lost = sum(view["out_of_play"].values())
    if lost:
        lines.append(t("antimatter.out_of_play", n=lost))
    if view["spins"]:
        sector = words.sector(view["spins"][-1][1])
        lines.append(t("antimatter.last_spin", sector=sector))
    if view["completed"]:
        lines.append(t("antimatter.completed", atom=atom_words(view["completed"])))
    return '<div class="am-lab am-supply btl-detail">' + "".join(f'<div class="am-line">{esc(x)}</div>' for x in lines) + "</div>"


def _hand_lines(cards) -> int:
    """The lines a hand's cards take on the class screen: in order, as many to a line as fit (a card
    about .55 em a letter and .7 em of edge, 16.5 em to a line: the labs' column at 1366x768)."""
    lines, room = 0, 0.0
    for card in cards:
        width = .55 * len(card_name(card)) + .7
        if width > room:
            lines, room = lines + 1, 16.5
        room -= width
    return max(lines, 1)


def class_rows(view) -> int:
    """The lines the labs take on the class screen with their mats' names: a lab's heading, two a
    mat being built, one for its finished mats; the hand's heading and its cards."""
    rows = 0 if view["hand"] is None else 1 + _hand_lines(view["hand"])
    for owner in range(len(view["goals"])):
        mats = [m["safe"] for m in view["mats"] if m["owner"] == owner]
        rows += 1 + 2 * mats.count(False) + (True in mats)
    return rows


def table(view) -> str:
    dense = class_rows(view) > CLASS_ROWS
    labs = "".join(_workbench(view, o, dense) for o in range(len(view["goals"])))
    return (CSS + f'<div class="am-table{" am-dense" if dense else ""}"><div class="am-board">{_board(view)}</div>'
            f'<div class="am-labs">{_hand(view)}{labs}{_supply(view)}</div></div>')


# -- the side panel ----------------------------------------------------------------------------
def headline(view) -> str:
    d = view["decision"]
    heading = t("antimatter.round", round=view["round"], rounds=view["rounds"])
    if view["dice"]:
        heading += " · " + t("antimatter.dice", dice=" + ".join(map(str, view["dice"])))
    ask = ""
    if d:
        kind = "respond_other" if d["kind"] == "respond" and d.get("target") != d["seat"] else d["kind"]  # coop: K17
        ask = t(f"antimatter.ask.{kind}", n=d["seat"] + 1, target=d.get("target", 0) + 1, steps=d.get("steps", 0),
                card=card_name(d["card"]) if d.get("card") else "",
                text=words.card_text(d["card"]) if d.get("card") else "",
                sender=d["sender"] + 1 if isinstance(d.get("sender"), int) else "",
                piece=piece_name(d["piece"]) if d.get("piece") else "")
    if d.get("chosen"):
        ask += " " + t("antimatter.chosen", cards=" + ".join(card_name(c) for c in d["chosen"]))
    return (f'<div class="btl-phase am-heading">{esc(heading)}</div>'
            + (f'<div class="am-ask">{esc(ask)}</div>' if ask else ""))


def target(action) -> str | None:
    if action.kind == "move":
        return f"space:{action.space}"
    if action.kind in ("place", "lose", "breach"):
        return f"mat:{action.mat}"
    if action.kind == "action":  # an action card is aimed by pressing the Scientist's pawn
        return f"pawn:{action.target}"
    return None


group = kind_group("antimatter.group")
move_words = own_words


def _words(key: str, value):
    if key in ("space", "start", "other"):
        return space_name(value)
    if key == "piece":
        return piece_name(value) if "-" in value or value in catalogue().pieces.bank else words.piece(value)
    if key == "pieces":
        return ", ".join(piece_name(p) for p in value) or "—"
    if key in ("card", "shield") and value in catalogue().cards:
        return card_name(value)
    if key == "cards":
        return " + ".join(card_name(c) for c in value)
    if key in ("target", "sender", "against", "holder", "by"):
        return value + 1 if isinstance(value, int) else value
    if key in ("seats", "winners", "blockers"):
        return ", ".join(str(s + 1) for s in value) or "—"
    if key == "dice":
        return " + ".join(map(str, value))
    if key == "steps" and isinstance(value, list):
        return " + ".join(map(str, value))
    if key == "sector":
        return words.sector(value)
    if key == "direction":
        return t(f"antimatter.direction.{value}")
    if key == "atom" and isinstance(value, str) and value:
        return atom_words(value)
    return value


def event(record) -> str:
    data = {k: _words(k, v) for k, v in record.items() if k not in ("turn", "phase", "player", "kind")}
    if record["player"] is not None:
        data["n"] = record["player"] + 1
    data.setdefault("n", "")
    return f'{t("antimatter.round_short", round=record["turn"])}: ' + t(f"antimatter.event.{record['kind']}", **data)


def summary(view) -> str:
    winners = view["winners"]
    reason = t(f"antimatter.end.{view['end_reason']}", atom=atom_words(view["completed"]) if view["completed"] else "—")
    if view["mode"] == "coop":
        head = t("antimatter.coop_result", atom=atom_words(view["completed"])) if view["completed"] else t("antimatter.coop_none")
    elif winners:
        head = t("antimatter.won", winners=", ".join(seat_name(s) for s in winners))
    else:
        head = t("antimatter.no_winner")
    marks = "".join(marker(s) for s in winners)
    return (f'<div class="btl-summary"><p style="font-size:1.4em;font-weight:700">{marks} {esc(head)}</p>'
            f'<p>{esc(reason)}</p></div>')


# -- the play app -------------------------------------------------------------------------------
def check_options(players: int, **options) -> str | None:
    """The teacher's words for a game that cannot be set up with these settings, or None."""
    try:
        load("antimatter", seed=0, players=players, **options)
    except ValueError as err:
        return str(err)
    return None


def app(seed=None, seats=None, mode: str = "standard", atom: str = "H-1", **options) -> GameApp:
    """The board app with the game type and the atom as settings (they take effect with New game).
    A combination the rules refuse (team mode for three, an atom too big for the bank) is said in
    words and the game on the table stays."""
    game = GameApp(GAME, sys.modules[__name__], seed=seed, seats=seats, mode=mode, atom=atom, **options)
    whole = {"width": "auto", "max_width": "100%"}  # a setting's words in full, never cut short
    modes = w.Dropdown(options=[(t(f"antimatter.mode.{m}"), m) for m in MODES], value=mode,
                       description=t("antimatter.mode.label"), style={"description_width": "initial"},
                       layout=w.Layout(**whole))
    every_atom = atoms_of_chart()

    def atom_choice(label: str) -> str:
        n = stable_nuclide(label)
        return t("antimatter.atom_option", atom=n.label, element=element_name(n.symbol), z=n.z, n=n.n)

    atoms = w.Dropdown(options=[(atom_choice(a), a) for a in every_atom], value=atom,
                       description=t("antimatter.atom_label"), style={"description_width": "initial"},
                       layout=w.Layout(**whole))
    order = w.Checkbox(value=bool(options.get("challenge", False)), description=t("antimatter.challenge_option"),
                       indent=False, layout=w.Layout(width="auto"))
    head = w.Checkbox(value=bool(options.get("head_start", spec(GAME).options["head_start"].default)),
                      description=t("antimatter.head_start_option"),
                      indent=False, layout=w.Layout(width="auto"))
    given = options.get("goals", "ladder")
    choices = [(t(f"antimatter.goals.{g}"), g) for g in PRESETS]
    if given not in PRESETS:  # the teacher's own goals, from the notebook's code (K24)
        choices.append((t("antimatter.goals.given", goals=shown(given)), given))
    goals = w.Dropdown(options=choices, value=given, description=t("antimatter.goals.label"),
                       style={"description_width": "initial"}, layout=w.Layout(**whole))
    explain = w.HTML()

    def show_goals(_=None):
        """Mixed mode only: who builds what, and why seat 1's goal is the simplest (K24)."""
        mixed = modes.value == "mixed"
        goals.layout.display = head.layout.display = "" if mixed else "none"
        why = t(f"antimatter.goals.why_{goals.value}") if goals.value in PRESETS else t("antimatter.goals.why_given")
        explain.value = f'<div class="am-explain">{esc(why)}</div>' if mixed else ""

    def offer_atoms(_=None):
        """Only the atoms this game type and number of Scientists can build (K23: one bank for
        every atom built at once; chart.buildable), and the atom only where the game uses it
        (not in the cooperative game, nor for mixed goals other than "the same for everyone")."""
        used = modes.value not in ("coop", "mixed") or goals.value == "equal"
        players = game.seat_chooser.count.value if game.seat_chooser.active else game.options.get("players", 2)
        allowed = (buildable(modes.value, players, game.options.get("teams", 2)) if used else ()) or every_atom
        chosen = atoms.value if atoms.value in allowed else allowed[-1]  # else the most complex one left
        if list(allowed) != [value for _, value in atoms.options]:
            atoms.options = [(atom_choice(a), a) for a in allowed]
        atoms.value = chosen
        atoms.layout.display = "" if used else "none"

    for box in (modes, atoms, order, goals, head):
        box.add_class("am-setting")
    modes.observe(show_goals, names="value")
    goals.observe(lambda change: (game.options.update(goals=change["new"]), show_goals()), names="value")
    show_goals()
    modes.observe(lambda change: game.options.update(mode=change["new"]), names="value")
    atoms.observe(lambda change: game.options.update(atom=change["new"]), names="value")
    for setting in (modes, goals, *([game.seat_chooser.count] if game.seat_chooser.active else [])):
        setting.observe(offer_atoms, names="value")
    offer_atoms()
    order.observe(lambda change: game.options.update(challenge=change["new"]), names="value")
    head.observe(lambda change: game.options.update(head_start=change["new"]), names="value")
    game.settings.children = (*game.settings.children[:2], modes, atoms, order, goals, head, explain,
                              *game.settings.children[2:])
    started = game.new_game

    def guarded_new_game(seed=None):
        players = len(game.seat_chooser.seats()) if game.seat_chooser.active else game.options.get("players", 2)
        problem = check_options(players, **{k: v for k, v in game.options.items() if k != "players"})
        if problem:
            return game._say(problem, error=True)
        return started(seed)

    game.new_game = guarded_new_game
    resumed = game.resume

    def resume_and_show(text) -> bool:
        """A loaded game's settings show in the settings row (New game then plays them again)."""
        if not resumed(text):
            return False
        chosen = game.options
        if chosen["goals"] not in [value for _, value in goals.options]:
            goals.options = [*goals.options, (t("antimatter.goals.given", goals=shown(chosen["goals"])), chosen["goals"])]
        goals.value, modes.value = chosen["goals"], chosen["mode"]  # first: they say which atoms are offered
        atoms.value, order.value, head.value = chosen["atom"], chosen["challenge"], chosen["head_start"]
        return True

    game.resume = resume_and_show
    box = game.widget
    box.game, box.modes, box.atoms, box.order, box.goals, box.explain = game, modes, atoms, order, goals, explain  # for tests
    box.head = head
    return game


def play(seed=None, seats=None, mode: str = "standard", atom: str = "H-1", **options):
    """The board app as a widget (what the play notebook shows)."""
    return app(seed, seats, mode, atom, **options).widget


# -- the teaching layer (to come: a how to play, hints, the game's moments, its ending) --------------
def how_to_play() -> list:
    return []


def hint(view):
    return None


def moments(records, view, earlier=()) -> list:
    return []


def ending(view, records) -> str:
    return ""
