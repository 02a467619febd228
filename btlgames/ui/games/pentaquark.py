"""How Pentaquark looks: cards carry letters as well as colours (never colour alone); and its app."""
from __future__ import annotations

import sys

from ...core.i18n import t, with_language, words_of
from ...core.runtime import page_link
from ...pentaquark.cards import describe, is_annihilate, quark
from ...science.colour import neutral_groups
from ...science.hadrons import charge_of
from ..app.game_app import GameApp
from ..app.renderer import area, esc, kind_group, log_line, own_words
from ..app.show import Step

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
/* an annihilation card's word, in every language, inside its card: the card grows to hold it */
.pq-card.pq-annihilate { min-width: calc(var(--pq-card) * 1.35); width: auto; padding: 0 .35em; line-height: 1.1; }
.pq-card.pq-annihilate.pq-mini { min-width: calc(var(--pq-card) * .95); font-size: calc(var(--pq-card) * .2); }
.pq-group { display: inline-block; border: 3px solid #111; border-radius: 10px; padding: 2px; margin: 3px;
  background: #f2f2f2; }
.pq-group-label, .pq-free-label { display: block; font-size: 13px; text-align: center; font-weight: 700; }
.pq-free { display: inline-block; border: 3px dotted #b00020; border-radius: 10px; padding: 2px; margin: 3px; }
.pq-next { font-weight: 700; color: #1a5fb4; }
.pq-counts { font-size: .9em; }
.pq-heading { font-size: 1.1em; font-weight: 700; }
/* the class screen: cards and words from the screen's height, nothing below the app's base size */
.btl-presenting .pq-table { --pq-card: clamp(56px, 10vh, 150px); }
.btl-presenting .pq-group-label, .btl-presenting .pq-free-label, .btl-presenting .pq-counts,
.btl-presenting .pq-area h3 { font-size: 1em; }
.pq-table.pq-how { grid-template-columns: repeat(4, minmax(0, 1fr)); grid-template-rows: auto; --pq-card: clamp(34px, 3.2vw, 64px);
  margin: .3em 0; }
.pq-how .pq-area { min-height: 0; }
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


# -- the teaching layer ------------------------------------------------------------------------------
# The science moments: a colour-neutral set confined (the first of each kind in a game), a quark and
# its anti-quark annihilating, free quarks lost at a refresh, and the pentaquark itself.
NEUTRAL_KINDS = ("rgb", "anti_rgb", "pair")
NEEDED = ("uR", "dR", "cR")  # one card of each flavour a pentaquark holds (the colours do not matter)
_teach = words_of("pentaquark.teach")


def _cards(faces, mini: bool = False) -> str:
    return "".join(card(f, mini) for f in faces)


def _set_kind(faces) -> str:
    """Which kind of colour-neutral set: red + green + blue, their anti-colours, or a colour and its own."""
    if len(faces) == 2:
        return "pair"
    return "anti_rgb" if quark(faces[0]).anti else "rgb"


def _charge(faces) -> str:
    """The set's electric charge in the elementary charge e, as a student writes it (+1, 0, +⅔)."""
    total = charge_of("".join(quark(f).symbol for f in faces))
    sign = "+" if total > 0 else "−" if total < 0 else ""
    size = abs(total)
    return f"{sign}{size.numerator}" if size.denominator == 1 else f"{sign}{size.numerator}/{size.denominator}"


def how_to_play() -> list[Step]:
    """Two steps: the goal and the table, then a turn."""
    picture = ('<div class="btl-show-picture pq-table pq-how">'
               + _box(t("pentaquark.area.beam"), card("uR"), "pq-beam")
               + _box(t("pentaquark.area.collider"), _cards(("dB", "cG~")), "pq-collider")
               + _box(t("pentaquark.area.background"), _cards(("sR",), mini=True), "pq-background")
               + _box(t("pentaquark.area.detector"), _cards(("uR", "uG", "dB"), mini=True), "pq-detector")
               + "</div>")
    return [Step(_teach("how.title"), f"<p>{esc(_teach('how.goal'))}</p>{picture}"
                 f"<p>{esc(_teach('how.confine'))}</p>", _teach("how.goal") + " " + _teach("how.confine")),
            Step(_teach("how.turn_title"), "".join(f"<p>{esc(_teach(key))}</p>" for key in
                                                  ("how.turn", "how.danger", "how.refresh")),
                 " ".join(_teach(key) for key in ("how.turn", "how.danger", "how.refresh")))]


def _free(view, area) -> list[str]:
    return list(view[area]["free"])


def _neutral_among(faces) -> list[str] | None:
    """A colour-neutral set among these free faces (the largest first), or None."""
    quarks = [quark(f) for f in faces if not is_annihilate(f)]
    groups = sorted(neutral_groups(quarks), key=len, reverse=True)
    return [faces[i] for i in groups[0]] if groups else None


def _still_needed(view) -> list[str]:
    """The flavours the Detector still lacks for a pentaquark (u, u, d, c and c̄), as words."""
    held = [quark(f) for f in view["detector"]["cards"] if not is_annihilate(f)]
    wanted = [("up", False), ("up", False), ("down", False), ("charm", False), ("charm", True)]
    for q in held:
        if (q.flavour, q.anti) in wanted:
            wanted.remove((q.flavour, q.anti))
    return wanted


def hint(view) -> tuple[str, str | None] | None:
    """What a first game's player does now, pointing at the card or area."""
    phase = view["phase"]
    if phase == "annihilate":
        free = _free(view, "background") + _free(view, "detector")
        needed = _still_needed(view)
        spare = next((f for f in free if (quark(f).flavour, quark(f).anti) not in needed), free[0] if free else None)
        return _teach("hint.annihilate"), target_key(spare) if spare else None
    if phase == "refresh":
        return _teach("hint.refresh"), None
    if phase != "collider":
        return None
    for area in ("detector", "background"):
        found = _neutral_among(_free(view, area))
        if found and not view["confined_this_step"]:
            return _teach("hint.confine", area=t(f"pentaquark.area.{area}"),
                          cards=", ".join(str(quark(f)) for f in found)), f"area:{area}"
    if not view["collider"]:
        return _teach("hint.finish"), None
    nxt = view["next_area"]
    needed = _still_needed(view)
    useful = [f for f in view["collider"] if not is_annihilate(f) and (quark(f).flavour, quark(f).anti) in needed]
    if nxt == "detector" and useful:
        return _teach("hint.to_detector", card=str(quark(useful[0]))), target_key(useful[0])
    if nxt == "background":
        keep = [f for f in view["collider"] if f not in useful] or view["collider"]
        return _teach("hint.to_background", card=str(quark(keep[0]))), target_key(keep[0])
    spare = [f for f in view["collider"] if f not in useful] or view["collider"]
    return _teach("hint.to_discard" if nxt == "discard" else "hint.place"), target_key(spare[0])


def moments(records, view, earlier=()) -> list[Step]:
    """Confinement (the first set of each kind in a game), annihilation, a refresh's losses, the
    pentaquark: each a step of the show."""
    steps, lost = [], []
    confined = {_set_kind(r["cards"]) for r in earlier if r["kind"] == "confine"}  # shown before
    for record in records:
        kind = record["kind"]
        if kind == "confine":
            faces = list(record["cards"])
            which = _set_kind(faces)
            if which in confined:
                continue
            confined.add(which)
            steps.append(Step(_teach("moment.confine_title"),
                              f'<p class="btl-big">{_cards(faces)}</p>'
                              f'<p>{esc(_teach("moment.confine_" + which, charge=_charge(faces)))}</p>',
                              _teach("moment.confine_" + which, charge=_charge(faces)), "hit"))
        elif kind in ("pair_annihilate", "annihilate_card"):
            faces = [record["a"], record["b"]] if kind == "pair_annihilate" else [record["card"]]
            words = (_teach("moment.pair", a=str(quark(faces[0])), b=str(quark(faces[1])))
                     if kind == "pair_annihilate" else _teach("moment.card", card=str(quark(faces[0]))))
            steps.append(Step(_teach("moment.annihilation_title"), f'<p class="btl-big">{_cards(faces)}</p>'
                              f"<p>{esc(words)}</p>", words, "lost"))
        elif kind == "refresh_annihilate":
            lost.append(record["card"])
        elif kind == "win":
            faces = list(record["cards"])
            words = _teach("moment.win", charge=_charge(faces))
            steps.append(Step(_teach("moment.win_title"), f'<p class="btl-big">{_cards(faces)}</p><p>{esc(words)}</p>',
                              words, "hit"))
    if lost:
        words = _teach("moment.refresh", n=len(lost))
        steps.append(Step(_teach("moment.refresh_title"), f'<p class="btl-big">{_cards(lost)}</p><p>{esc(words)}</p>',
                          words, "lost"))
    return steps


def ending(view, records) -> str:
    """What this game showed about colour confinement, with its own numbers, and the way on."""
    sets = sum(r["kind"] == "confine" for r in records)
    pairs = sum(r["kind"] == "pair_annihilate" for r in records)
    hits = sum(r["kind"] == "annihilate_card" for r in records)
    lost = sum(r["kind"] == "refresh_annihilate" for r in records)
    lines = [_teach("end.won") if view["result"] == "win" else _teach("end.lost"),
             _teach("end.numbers", sets=sets, pairs=pairs, hits=hits, lost=lost),
             _teach("end.science"), _teach("end.simplifies")]
    link = page_link("confinement.ipynb")
    return ("".join(f"<p>{esc(line)}</p>" for line in lines)
            + f'<p><a href="{esc(with_language(link))}" target="_blank">{esc(_teach("end.more"))}</a></p>')
