"""How Research Programme looks: the map of physics, the players' tracks, the theories, the
market, the events and a preview of the test being chosen.

Everything drawn comes from ``view(viewer)``: a hand shows only in its owner's view. Players
(teams, in the school game) carry a colour, a symbol and a number (● ■ ▲ ★): never colour
alone. Fields carry a fill and their name. Words come from the catalogue (``research_ui``).

``play(variant=...)`` is the play app; ``school_app()`` adds the teacher's lesson clock.
"""
from __future__ import annotations

import html
import math
from functools import partial
from types import SimpleNamespace

from btlgames.core.i18n import t
from btlgames.research import board, cards
from btlgames.research.terms import method_choices, project_choices, success_chance, test_terms
from btlgames.ui.seats import COLOURS, SYMBOLS

FILLS = {"gravity": "#cfe0f5", "cosmology": "#e6d6f2", "particle": "#fbd9c4", "condensed": "#d2ecd2",
         "quantum": "#f8eba8", "mathematics": "#e2e2e2", "meta": "#ffffff"}
HEX_SIZE = 50
MARGIN = 8

CSS = """
<style>
.rp-table { display: grid; grid-template-columns: minmax(560px, auto) minmax(300px, 1fr); gap: 10px; color: #111; }
.rp-area { border: 2px solid #333; border-radius: 8px; padding: 6px 10px; background: #fff; }
.rp-area h3 { margin: 0 0 6px 0; font-size: 21px; }
.rp-area p { margin: 3px 0; }
.rp-wide { grid-column: 1 / -1; }
.rp-heading { font-size: 22px; font-weight: 700; margin: 4px 0; }
.rp-round { font-size: 34px; font-weight: 800; margin: 2px 0; }
.rp-note { font-size: 19px; font-weight: 600; padding: 4px 10px; margin: 4px 0; border-left: 6px solid #b8860b;
  background: #fff6d6; }
.rp-map { display: block; max-width: 100%; height: auto; font-family: sans-serif; }
.rp-legend { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 16px; }
.rp-swatch { display: inline-block; padding: 0 6px; border: 2px solid #333; border-radius: 4px; font-weight: 700; }
.rp-mark { display: inline-block; padding: 1px 8px; margin: 1px; border-radius: 12px; color: #fff;
  font-weight: 700; font-size: 17px; white-space: nowrap; }
.rp-seats { display: grid; grid-template-columns: repeat(2, minmax(280px, 1fr)); gap: 8px; }
.rp-seat { border: 3px solid #444; border-radius: 10px; padding: 4px 8px; font-size: 17px; }
.rp-seat h4 { margin: 0 0 4px 0; font-size: 19px; }
.rp-current { border-width: 6px; background: #fffbea; }
.rp-warn { color: #9b1c1c; font-weight: 700; }
.rp-theory-list { display: grid; grid-template-columns: repeat(2, minmax(280px, 1fr)); gap: 4px 14px; }
.rp-theory { border-top: 1px solid #999; padding: 4px 0; font-size: 17px; }
.rp-small { font-size: 15px; color: #333; }
.rp-preview { border-collapse: collapse; margin: 4px 0; font-size: 17px; }
.rp-preview caption { text-align: left; font-weight: 700; }
.rp-preview th, .rp-preview td { border: 1px solid #666; padding: 2px 8px; text-align: left; }
.rp-summary table { border-collapse: collapse; margin: 6px 0; }
.rp-summary th, .rp-summary td { border: 1px solid #666; padding: 2px 8px; }
.rp-big { font-size: 24px; font-weight: 700; }
</style>
"""


# -- small pieces --------------------------------------------------------------------------------
def _esc(text) -> str:
    return html.escape(str(text))


def _w(key: str, **values) -> str:
    return t(f"research_ui.{key}", **values)


def seat_name(p: int, variant: str = "full") -> str:
    """"Player 2", or "Team 2" in the school game."""
    return _w("team" if variant == "school" else "player", n=p + 1)


def marker(p: int, variant: str = "full", short: str = "") -> str:
    """A seat's badge: colour, symbol and name ("● Team 1"), or the symbol and ``short`` ("●1a")."""
    name = seat_name(p, variant)
    text = f"{SYMBOLS[p]}{short}" if short else f"{SYMBOLS[p]} {name}"
    return (f'<span class="rp-mark rp-seat-{p + 1}" style="background:{COLOURS[p]}" '
            f'title="{_esc(name)}">{_esc(text)}</span>')


card_name = cards.name


field_name, hex_name = board.field_name, board.hex_name


def hex_short(hex_id: str) -> str:
    """"Grav 3": the label written in the hex."""
    return _w("hex_short", field=_w(f"field_short.{board.field_of(hex_id)}"), n=hex_id.rsplit("-", 1)[1])


def _gain_word(key: str) -> str:
    return t(f"research.resource.{key}") if key in cards.RESOURCES else _w(f"gain.{key}")


def gains(table, signed: bool = True) -> str:
    """"+1 money (R), +1 VP" (``signed=False``: "1 money (R)"); nothing: "nothing"."""
    sign = "+" if signed else ""
    return _join(f"{sign if n > 0 else ''}{n} {_gain_word(k)}" for k, n in table.items() if n) or _w("none")


def _join(items) -> str:
    return _w("joiner").join(items)


def chance_words(chance: float) -> str:
    n = round(chance * 6)
    return _w("chance", percent=round(100 * chance), n=n)


def _fill(key: str, marks: dict[str, str], **values) -> str:
    """A catalogue sentence, escaped, with some of its places filled by ready HTML (badges)."""
    holes = {k: f"\x00{i}\x00" for i, k in enumerate(marks)}
    text = _esc(_w(key, **holes, **values))
    for k, hole in holes.items():
        text = text.replace(hole, marks[k])
    return text


def _box(title: str, body: str, css: str = "") -> str:
    return f'<div class="rp-area {css}"><h3>{_esc(title)}</h3>{body}</div>'


def _p(text: str, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return f"<p{cls}>{_esc(text)}</p>"


def _note(html_text: str) -> str:
    return f'<div class="rp-note btl-status">{html_text}</div>'


def _tile_words(view, uid: str) -> str:
    tile = next((x for x in view["tiles"] if x["uid"] == uid), None)
    if tile is None:
        return _w("preview_no_project")
    return _w("preview_tile", tile=uid, name=card_name(tile["card"]), hex=hex_name(tile["hex"]))


# -- the map -------------------------------------------------------------------------------------
def _corners(x: float, y: float, size: float) -> str:
    points = []
    for i in range(6):
        a = math.radians(60 * i - 90)  # pointy top
        points.append(f"{x + size * math.cos(a):.1f},{y + size * math.sin(a):.1f}")
    return " ".join(points)


def _frame(size: float):
    """Hex centres shifted into the picture, and the picture's width and height."""
    raw = {h: board.pixel(h, size) for h in board.HEXES}
    half_w = size * math.sqrt(3) / 2
    x0 = min(x for x, _ in raw.values()) - half_w - MARGIN
    y0 = min(y for _, y in raw.values()) - size - MARGIN
    centres = {h: (x - x0, y - y0) for h, (x, y) in raw.items()}
    width = max(x for x, _ in centres.values()) + half_w + MARGIN
    height = max(y for _, y in centres.values()) + size + MARGIN
    return centres, width, height


def _text(x: float, y: float, words: str, size: int = 13, weight: int = 700, fill: str = "#111",
          css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return (f'<text{cls} x="{x:.1f}" y="{y:.1f}" text-anchor="middle" font-size="{size}" '
            f'font-weight="{weight}" fill="{fill}">{_esc(words)}</text>')


def _hex_middle(view, hex_id: str, x: float, y: float):
    """What stands in a hex's middle, and the words for its title."""
    tile = next((tl for tl in view["tiles"] if tl["hex"] == hex_id), None)
    variant = view["variant"]
    if tile is not None:
        p = tile["owner"]
        label = f"{SYMBOLS[p]}{tile['uid']}"
        body = (f'<rect x="{x - 30:.1f}" y="{y - 13:.1f}" width="60" height="26" rx="7" fill="{COLOURS[p]}"/>'
                + _text(x, y + 7, label, 18, 800, "#fff", "rp-tile"))
        return body, _w("hex_title_tile", tile=tile["uid"], owner=seat_name(p, variant), name=card_name(tile["card"]))
    if hex_id in view["hidden"]:
        return _text(x, y + 10, "?", 30, 800, css="rp-hidden"), _w("hex_title_hidden")
    if hex_id in view["anomalies"]:
        words = _w("hex_title_anomaly", name=card_name(view["anomalies"][hex_id]))
        return _text(x, y + 5, f"✱ {_w('hex_anomaly')}", 12, 800, "#8b0000", "rp-anomaly"), words
    if hex_id in view["neutral"]:
        return _text(x, y + 5, f"⊘ {_w('hex_neutral')}", 12, 700, css="rp-neutral"), _w("hex_title_neutral")
    bonus = cards.placement_bonus().get(hex_id)
    if bonus:
        words = _w("hex_bonus", bonus=gains(bonus))
        return _text(x, y + 5, f"+{_short_gains(bonus)}", 12, 400, "#333"), words
    return "", ""


def _short_gains(table) -> str:
    return " ".join(f"{n} {k if k in cards.RESOURCES else _w('gain.' + k)}" for k, n in table.items())


def _hex(view, hex_id: str, x: float, y: float) -> str:
    field = board.field_of(hex_id)
    stroke = 4 if field == board.META else 2
    middle, about = _hex_middle(view, hex_id, x, y)
    noise = view["noise"].get(hex_id, 0)
    about = [a for a in (about, _w("hex_title_noise", n=noise) if noise else "") if a]
    title = hex_name(hex_id) + (": " + "; ".join(about) if about else "")
    noise_mark = _text(x, y + 30, _w("hex_noise", n=noise), 12, 800, "#8b0000", "rp-noise") if noise else ""
    return (f'<g class="rp-hex" data-hex="{_esc(hex_id)}"><title>{_esc(title)}</title>'
            f'<polygon points="{_corners(x, y, HEX_SIZE - 1)}" fill="{FILLS[field]}" stroke="#333" stroke-width="{stroke}"/>'
            + _text(x, y - 20, hex_short(hex_id), 13, 700, css="rp-hex-label") + middle + noise_mark + "</g>")


def _wormhole(a: tuple, b: tuple) -> str:
    (x1, y1), (x2, y2) = a, b
    label = _text((x1 + x2) / 2, (y1 + y2) / 2 - 4, _w("wormhole"), 14, 800, css="rp-wormhole-label")
    return (f'<g class="rp-wormhole"><line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="#000" stroke-width="4" stroke-dasharray="10 6"/>'
            + label.replace("<text ", '<text stroke="#fff" stroke-width="4" paint-order="stroke" ', 1) + "</g>")


def draw_map(view) -> str:
    """The 37 hexes as inline SVG: fields by fill and name, tiles, noise, anomalies, wormholes."""
    centres, width, height = _frame(HEX_SIZE)
    hexes = "".join(_hex(view, h, *centres[h]) for h in board.HEXES)
    holes = "".join(_wormhole(centres[a], centres[b]) for a, b in view["wormholes"])
    return (f'<svg class="rp-map" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
            f'role="img" aria-label="{_esc(_w("map_label"))}">{hexes}{holes}</svg>')


def _legend() -> str:
    items = "".join(f'<span><span class="rp-swatch" style="background:{FILLS[f]}">'
                    f'{_esc(_w("field_short." + f))}</span> {_esc(field_name(f))}</span>'
                    for f in (*board.FIELDS, board.META))
    return f'<div class="rp-legend" aria-label="{_esc(_w("legend"))}">{items}</div>'


def _wormholes(view) -> str:
    pairs = [_w("fields_pair", a=hex_name(a), b=hex_name(b)) for a, b in view["wormholes"]]
    return _p(_w("wormholes", pairs=_join(pairs))) if pairs else ""


# -- the players ---------------------------------------------------------------------------------
def _tracks(view, pl) -> str:
    key = "tracks_school" if view["variant"] == "school" else "tracks"
    return _w(key, **{k: pl[k] for k in ("rigor", "hype", "reputation", "debt", "vp", "ep")})


def _resources(pl) -> str:
    return " · ".join(f"{r} {pl['res'][r]}" for r in cards.RESOURCES)


def _card_list(ids) -> str:
    return _join(card_name(c) for c in ids) or _w("empty")


def _results(view, p: int) -> str:
    mark = {True: _w("yes"), False: _w("no")}
    items = [_w("result", n=i + 1, outcome=_w(f"outcome.{r['kind']}"), theory=card_name(r["theory"]),
                round=r["round"], preprint=mark[r["preprint"]], journal=mark[r["journal"]])
             for i, r in enumerate(view["results"]) if r["player"] == p]
    return _w("results", results=_join(items)) if items else ""


def _scheduled(view, p: int) -> str:
    s, d = view["players_"][p]["scheduled"], view["decision"]
    choosing = d and d["player"] == p and d["kind"] == "plan"  # the preview shows it
    if not s or s["theory"] not in view["theories"] or choosing:
        return ""
    tile = _w("with_tile", tile=s["tile"]) if s["tile"] else _w("without_tile")
    method = _w("with_method", method=card_name(s["method"])) if s["method"] else _w("no_method")
    chance = success_chance(test_terms(view, p, s["theory"], s["tile"], s["method"]))
    return (_w("scheduled", theory=card_name(s["theory"]), tile=tile, method=method) + " · "
            + _w("scheduled_chance", chance=chance_words(chance)))


def _boosts(pl) -> str:
    parts = [_w(key, n=pl[field]) for key, field in (("insight", "insight"), ("technique", "technique"),
                                                      ("penalty", "penalty")) if pl[field]]
    return _w("boosts", boosts=_join(parts)) if parts else ""


def _seat(view, p: int) -> str:
    pl, variant = view["players_"][p], view["variant"]
    you = f' ({_esc(_w("you"))})' if view["viewer"] == p else ""
    css = "rp-seat rp-current" if view["player"] == p else "rp-seat"
    lines = [_p(_tracks(view, pl))]
    if pl["hype"] > pl["rigor"] + 1:
        lines.append(_p(_w("hype_warning"), "rp-warn"))
    lines.append(f'<p title="{_esc(_w("resource_legend", resources=_resource_legend()))}">{_esc(_resources(pl))}</p>')
    hand = (_w("hand_cards", n=pl["hand_size"], cards=_card_list(pl["hand"])) if pl["hand"] is not None
            else _w("hand", n=pl["hand_size"]))
    lines.append(_p(hand, "rp-hand"))
    if variant != "school":
        lines.append(_p(_w("interference_cards", n=pl["interference_size"], cards=_card_list(pl["interference"]))
                        if pl["interference"] is not None else _w("interference_hand", n=pl["interference_size"])))
    if pl["offer"]:
        lines.append(_p(_w("offer", cards=_card_list(pl["offer"]))))
    lines.append(_p(_w("methods_on_table", methods=_card_list(pl["methods"]))))
    tiles = [f'{marker(p, variant, tl["uid"])} {_esc(card_name(tl["card"]))} ({_esc(hex_short(tl["hex"]))})'
             for tl in view["tiles"] if tl["owner"] == p]
    lines.append(f'<p>{_fill("projects", {"tiles": "; ".join(tiles) or _esc(_w("empty"))}, left=pl["tiles_left"])}</p>')
    if pl["bridges"]:
        lines.append(_p(_w("bridges", bridges=_join(_pair(f) for f in pl["bridges"]))))
    if pl["programmes"]:
        lines.append(_p(_w("programmes", fields=_join(field_name(f) for f in pl["programmes"]))))
    done = [_w(f"main.{k}") for k in pl["done"]]
    if done:
        lines.append(_p(_w("done", actions=_join(done))))
    for extra in (_scheduled(view, p), _boosts(pl), _results(view, p)):
        if extra:
            lines.append(_p(extra, "rp-small"))
    return (f'<div class="{css}" style="border-color:{COLOURS[p]}"><h4>{marker(p, variant)}{you}</h4>'
            + "".join(lines) + "</div>")


def _resource_legend() -> str:
    return _join(t(f"research.resource.{r}") for r in cards.RESOURCES)


def _pair(fields) -> str:
    a, b = fields
    return _w("fields_pair", a=field_name(a), b=field_name(b))


def _seats(view) -> str:
    cells = "".join(_seat(view, p) for p in range(view["players"]))
    title = _w("teams" if view["variant"] == "school" else "players")
    legend = _p(_w("resource_legend", resources=_resource_legend()), "rp-small")
    return _box(title, f'<div class="rp-seats">{cells}</div>{legend}', "rp-wide rp-seats-area")


# -- theories, market, events --------------------------------------------------------------------
def _hit(view, hit) -> str:
    tester = seat_name(hit["tester"], view["variant"])
    if hit["tile"] == "meta" or not hit["tile"]:
        return _esc(_w("hit_meta", tester=tester))
    return f'{marker(hit["tester"], view["variant"], hit["tile"])} {_esc(_w("hit", tester=tester))}'


def _theory(view, theory_id: str, th) -> str:
    card = cards.theories()[theory_id]
    test = (_w("test_project", name=card_name(card.test_project)) if card.test_project
            else _w("test_method", name=card_name(card.test_method)))
    reward = gains(card.reward) + (f"; {_w('vp_per_replication')}" if card.vp_per_replication else "")
    head = _w("theory_head", name=card.name, field=field_name(card.field), owner=seat_name(th["owner"], view["variant"]))
    line = _w("theory_line", kv=f"{th['kv']:+d}" if th["kv"] else "0", difficulty=card.difficulty, test=test,
              reward=reward)
    hits = "; ".join(_hit(view, h) for h in th["hits"]) or _esc(_w("no_hits"))
    hit_line = _fill("theory_hits", {"hits": hits}, replications=th["replications"])
    return (f'<div class="rp-theory" data-theory="{_esc(theory_id)}"><b>{marker(th["owner"], view["variant"])} '
            f'{_esc(head)}</b>{_p(line)}<p>{hit_line}</p>{_p(card.text, "rp-small")}</div>')


def _theories(view) -> str:
    body = "".join(_theory(view, tid, th) for tid, th in view["theories"].items()) or _esc(_w("empty"))
    return _box(_w("theories"), f'<div class="rp-theory-list">{body}</div>', "rp-wide rp-theories")


def _market(view) -> str:
    items = []
    for pid in view["market"]:
        pr = cards.projects()[pid]
        items.append(_p(_w("project_line", name=pr.name, field=field_name(pr.field), cost=pr.cost,
                           technique=pr.technique, produce=gains(pr.produce))))
    decks = view["decks"]
    foot = _p(_w("decks", theory=decks["theory"], method=decks["method"], project=decks["project"],
                 event=decks["event"], noise=view["noise_supply"]), "rp-small")
    return _box(_w("market"), ("".join(items) or _esc(_w("empty"))) + foot, "rp-market")


def _events(view) -> str:
    parts = []
    if view["next_event"]:
        ev = cards.events()[view["next_event"]]
        parts.append(f'<p><b>{_esc(_w("next_event", name=ev.name))}</b></p>{_p(ev.text)}')
    else:
        parts.append(_p(_w("no_next_event")))
    if view["event"]:
        parts.append(_p(_w("this_event", name=card_name(view["event"])), "rp-small"))
    parts.append(f'<p><b>{_esc(_w("counter", counter=view["counter"], goal=view["counter_goal"]))}</b></p>')
    return _box(_w("events"), "".join(parts), "rp-events")


# -- the decision and the test preview --------------------------------------------------------
def _preview_row(view, p: int, theory: str, tile: str, method: str, label: str) -> str:
    terms = test_terms(view, p, theory, tile, method)
    cells = [label, f"{terms['difficulty']}+", f"+{terms['bonus']}", f"−{terms['noise']}", f"−{terms['penalty']}",
             chance_words(success_chance(terms))]
    note = f" ({_w('preview_wormhole')})" if terms["wormhole"] else ""
    cells[1] += note
    return "<tr>" + "".join(f"<td>{_esc(c)}</td>" for c in cells) + "</tr>"


def _method_choices(view, p: int, theory: str) -> list[tuple[str, str]]:
    """(method, label) for each method a prediction may use, as the engine offers them (for every project)."""
    return [(m, _w("preview_method_hand", name=card_name(m), cost=cards.methods()[m].cost) if hand
             else _w("preview_method", name=card_name(m)) if m else _w("preview_no_method"))
            for m, hand in method_choices(view["players_"][p], theory)]


def preview(view) -> str:
    """A table of difficulty, bonus, noise and chance for each choice of the test being set up."""
    d = view["decision"]
    if not d or d["kind"] != "plan" or d["theory"] not in view["theories"]:
        return ""
    p, theory = d["player"], d["theory"]
    tiles = project_choices(view["tiles"], p, view["players_"][p], theory)
    methods = _method_choices(view, p, theory)
    rows = [_preview_row(view, p, theory, uid, m, _w("preview_plan", tile=_tile_words(view, uid), method=label))
            for uid in tiles for m, label in methods]  # in the order of the engine's choices (K30)
    head = "".join(f"<th>{_esc(_w('preview_' + k))}</th>"
                   for k in ("choice", "difficulty", "bonus", "noise", "penalty", "chance"))
    return (f'<table class="rp-preview"><caption>{_esc(_w("preview", theory=card_name(theory)))}</caption>'
            f"<tr>{head}</tr>{''.join(rows)}</table>")


def _decision_note(view) -> str:
    d, variant = view["decision"], view["variant"]
    if not d:
        return ""
    who = seat_name(d["player"], variant)
    kind = d["kind"]
    if kind == "story":
        return _w("story_note" if d.get("ep", True) else "story_note_round", who=who)
    if kind == "block":
        card = cards.interference()[d["card"]]
        return _w("block_note", attacker=seat_name(d["attacker"], variant), card=card.name,
                  sort=_w(f"kind.{card.kind}"), who=who)
    if kind == "reveal":
        return _w("reveal_note", field=field_name(d["field"]))
    if kind == "reward":
        return _w("reward_note", token=_w(f"token.{d['token']}"))
    if kind in ("discard", "heist", "keep", "synthesis"):
        return _w(f"{kind}_note")
    return ""


def _heading(view) -> str:
    variant = view["variant"]
    rounds = _w("round", round=view["round"], rounds=view["rounds"])
    game = _w("school_game" if variant == "school" else "full_game")
    top = (f'<div class="rp-round btl-round">{_esc(_w("school_round", round=view["round"], rounds=view["rounds"]))}'
           f' · {_esc(game)}</div>') if variant == "school" else ""
    phase = _w(f"phase.{view['phase']}")
    if view["phase"] == "over" or not view["decision"]:
        line = " · ".join(([] if top else [rounds]) + [phase])
        return top + f'<div class="rp-heading btl-phase">{_esc(line)}</div>'
    d = view["decision"]
    doing = _fill("to_play", {"who": marker(d["player"], variant)}, decision=t(f"research.decision.{d['kind']}"))
    line = " · ".join(([] if top else [rounds]) + [phase])
    return top + f'<div class="rp-heading btl-phase">{_esc(line)} · {doing}</div>'


def table(view) -> str:
    note = _decision_note(view)
    notes = (_note(_esc(note)) if note else "") + preview(view)
    side = _events(view) + _market(view)
    board_box = _box(_w("map"), draw_map(view) + _legend() + _wormholes(view), "rp-board")
    return (CSS + _heading(view) + notes + '<div class="rp-table">' + board_box + f"<div>{side}</div>"
            + _seats(view) + _theories(view) + "</div>")


# -- the log -------------------------------------------------------------------------------------
SEAT_KEYS = ("player", "owner", "attacker", "target", "start", "tester")
CARD_KEYS = ("theory", "card", "anomaly", "event", "project")
TEST_KINDS = ("predict", "test")  # their tile and method read "with project 1a", "no method"
WORD_TABLES = {"outcome": "outcome", "reason": "end", "token": "token", "how": "how",
               "type": "type", "sort": "kind", "variant": "variant", "deck": "main"}  # record key -> table


def _reward_choice(choice: str) -> str:
    if choice.startswith("pair:"):
        return _w("choice.pair", resource=t(f"research.resource.{choice[5:]}"))
    if choice in ("technique", "vp"):
        return _w(f"choice.{choice}")
    return _w("choice.one", resource=t(f"research.resource.{choice}"))


def _words(kind: str, key: str, value, variant: str):
    """One value of an event record as words (seats counted from 1, cards by name)."""
    if value is None:
        return value
    if key in SEAT_KEYS:
        return seat_name(value, variant)
    if key in CARD_KEYS:
        return card_name(value)
    if key == "field":
        return field_name(value)
    if key in WORD_TABLES:  # a word from a table of the catalogue: "outcome" "null" -> "null result"
        return _w(f"{WORD_TABLES[key]}.{value}")
    if kind in TEST_KINDS and key in ("method", "tile"):
        return _test_words(key, value)
    if key == "method":
        return card_name(value)
    if key in ("tracks", "vp", "winners") and isinstance(value, list):
        return _seats_words(key, value, variant)
    if key in ("production", "bonus") and isinstance(value, dict):
        return gains(value)
    if key in ("returned", "lost"):
        return gains(value, signed=False)
    if key == "extra" and kind == "replication":
        return _w("extra_vp", n=value) if value else ""
    return _other_words(key, value)


def _test_words(key: str, value: str) -> str:
    """A prediction's or test's project and method: "with project 1a", "no method"."""
    if key == "tile":
        return _w("with_tile", tile=value) if value else _w("without_tile")
    return _w("with_method", method=card_name(value)) if value else _w("no_method")


def _seats_words(key: str, value: list, variant: str) -> str:
    """Per-seat lists: the VP of each seat at the round's end or the game's, or the winners."""
    if key == "winners":
        return _join(seat_name(p, variant) for p in value)
    vps = [row["vp"] if isinstance(row, dict) else row for row in value]
    return _join(_w("seat_vp", who=seat_name(p, variant), vp=vp) for p, vp in enumerate(vps))


def _other_words(key: str, value):
    if key == "hex":
        return hex_name(value) if value else field_name(board.META)
    if key == "fields":
        return _pair(value)
    if key == "resource":
        return t(f"research.resource.{value}")
    if key == "result":
        return value + 1
    if key == "choice":
        return _reward_choice(value)
    return value


def _event_key(record) -> str:
    kind = record["kind"]
    if kind in ("keep", "draw", "draw_interference") and ("theory" in record or "card" in record):
        return f"{kind}_secret"
    if kind == "next_event" and not record.get("event"):
        return "next_event_none"
    if kind == "test":
        return "test_success" if record["success"] else "test_null"
    if kind == "synthesis":
        return "synthesis_won" if record["won"] else "synthesis_failed"
    if kind == "hit":
        return f"hit_{record['how']}"
    if kind == "bridge":
        return "bridge_wormhole" if record["wormhole"] else "bridge"
    if kind == "replication":
        return "replication_own" if record["owner"] == record["player"] else "replication_other"
    return kind


def event(record, variant: str = "full") -> str:
    """One log line in plain words; a card the viewer may not see is not named."""
    data = {k: _words(record["kind"], k, v, variant) for k, v in record.items() if k not in ("turn", "phase", "kind")}
    return f'{_w("log_round", round=record["turn"])}: ' + _w(f"event.{_event_key(record)}", **data)


def group(action) -> str:
    return _w(f"group.{action.kind}")


# -- the end -------------------------------------------------------------------------------------
def summary(view) -> str:
    variant, winners = view["variant"], view["winners"]
    names = _join(seat_name(p, variant) for p in winners)
    headline = _w("won" if len(winners) == 1 else "shared_win", winners=names)
    marks = "".join(marker(p, variant) for p in winners)
    columns = ("bridges", "debt", "hype", "consensus")
    head = "".join(f"<th>{_esc(_w('summary_' + k))}</th>" for k in ("seat", "vp", *columns, "total"))
    rows = []
    for p, pl in enumerate(view["players_"]):
        final = pl["final"]
        before = pl["vp"] - sum(final.values())
        cells = [str(before)] + [f"{final.get(k, 0):+d}" for k in columns] + [str(pl["vp"])]
        rows.append(f"<tr><td>{marker(p, variant)}</td>" + "".join(f"<td>{_esc(c)}</td>" for c in cells) + "</tr>")
    top = max(pl["vp"] for pl in view["players_"])
    tied = sum(pl["vp"] == top for pl in view["players_"]) > 1
    reason = _w(f"end.{view['end_reason']}") if view["end_reason"] else ""
    return (f'<div class="rp-summary"><p class="rp-big">{marks} {_esc(headline)}</p>'
            + _p(_w("ended", reason=reason)) + f"<table><tr>{head}</tr>{''.join(rows)}</table>"
            + (_p(_w("tie_note")) if tied else "") + "</div>")


# -- the apps ------------------------------------------------------------------------------------
def renderer(variant: str = "full", **_options) -> SimpleNamespace:
    """This module's drawing functions, with the log naming seats as the variant does (teams).
    GameApp calls it with the game's options (the generic ``ui.play("research", variant=...)``)."""
    return SimpleNamespace(table=table, summary=summary, group=group, event=partial(event, variant=variant),
                           seat_name=partial(seat_name, variant=variant))


def app(variant: str = "full", seed: int | None = None, seats: list[str] | None = None, **options):
    """The generic game app (``GameApp``) for Research Programme."""
    from .app import GameApp

    return GameApp("research", seed=seed, seats=seats, variant=variant, **options)


def play(variant: str = "full", seed: int | None = None, seats: list[str] | None = None, **options):
    """The play app as a widget: ``play()`` the full game, ``play("school")`` the school game."""
    return app(variant, seed=seed, seats=seats, **options).widget


def school_app(seed: int | None = None, seats: list[str] | None = None, players: int = 4, minutes: int = 45):
    """The 45-minute school game: the teacher's lesson clock above the game app.

    The clock redraws itself whenever the table does, so its minutes stay current during play.
    Seats follow the seat chooser's defaults (seat 1 a person, the others bots); the teacher
    changes them and presses New game.
    """
    import ipywidgets as w

    from .lesson_clock import LessonClock

    game = app("school", seed=seed, seats=seats, players=players)
    clock = LessonClock(minutes)
    game.table.observe(lambda _: clock.refresh(), names="value")
    box = w.VBox([clock.widget, game.widget])
    box.add_class("btl-app")
    box.add_class("rp-school")
    box.game, box.clock = game, clock  # for tests and for a notebook that wants them
    return box
