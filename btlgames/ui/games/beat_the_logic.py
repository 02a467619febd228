"""How Beat The Logic looks: your hand, and every player's collecting area with its sets.

Everything drawn comes from ``view(viewer)``: the projector (viewer None) shows the areas and
no hand. Every card names its colour and carries the colour's symbol (◆ purple, ● green,
■ blue, ▲ yellow, ★ red), so colour never carries the meaning alone. A hand card is pressed
to play it; after an angel, an opponent's card is pressed to steal it.
"""
from __future__ import annotations

import sys

from ...beat_the_logic import sets
from ...beat_the_logic.cards import COLOUR, ROLE, SYMBOL
from ...beat_the_logic.rules import NEW, card_words
from ...core.events import ALL
from ...core.i18n import t
from ..app.game_app import GameApp
from ..app.renderer import badge, esc, kind_group, numbered_seat
from ..common.seats import COLOURS

GAME = "beat-the-logic"

# Ink on white at 7:1 or more; the yellow is a dark ochre so that it can be read.
INK = {"purple": "#6a2c8a", "green": "#1e6b3a", "blue": "#1f4e9c", "yellow": "#7a5c00", "red": "#9b1c1c"}
PAPER = {"purple": "#f3e9f8", "green": "#e6f4ea", "blue": "#e7eefa", "yellow": "#fff4c2", "red": "#fbe9e9"}

CSS = """
<style>
.bl-table { display: grid; gap: 8px; color: #111; font-family: sans-serif; --bl-card: clamp(40px, 3.2vw, 78px); }
.bl-top { display: flex; flex-wrap: wrap; gap: 6px 16px; align-items: center; font-size: 1.05em; }
.bl-hand { border: 3px solid #333; border-radius: 10px; padding: 4px 8px; background: #fffbea; }
.bl-hand h3, .bl-area h3 { margin: 0 0 3px 0; font-size: 1.05em; }
.bl-areas { display: grid; gap: 6px; grid-template-columns: repeat(var(--bl-cols), minmax(0, 1fr)); }
.bl-area { border: 3px solid #444; border-radius: 10px; padding: 3px 6px; background: #fff; min-width: 0; }
.bl-current { border-width: 6px; background: #fffdf2; }
.bl-sets { display: flex; flex-wrap: wrap; gap: 4px; align-items: flex-start; }
.bl-set { border: 2px solid #777; border-radius: 8px; padding: 0 2px; background: #f7f7f7; }
.bl-set.bl-known { border-style: dotted; background: #fff; }
.bl-set.bl-protected { border: 3px double #111; background: #fffbe0; }
.bl-set-label { display: block; font-size: max(11px, calc(var(--bl-card) * .2)); font-weight: 700; text-align: center;
  white-space: nowrap; }
.bl-card { display: inline-flex; flex-direction: column; align-items: center; justify-content: center;
  width: var(--bl-card); height: calc(var(--bl-card) * 1.15); margin: 2px; padding: 0 2px; border-radius: 8px;
  border: 3px solid; box-sizing: border-box; vertical-align: middle; text-align: center; overflow: hidden;
  min-width: min-content; }  /* a word longer than the card ("microphone") widens it: never cut */
.bl-card b { font-size: calc(var(--bl-card) * .34); line-height: 1; }
.bl-card span { font-size: calc(var(--bl-card) * .17); font-weight: 700; line-height: 1.05; }
.bl-card small { font-size: calc(var(--bl-card) * .14); line-height: 1.05; }
.bl-angel { border-style: dashed; }
.bl-hand .bl-card { width: calc(var(--bl-card) * 1.45); height: calc(var(--bl-card) * 1.5); }
.bl-hand .bl-card b { font-size: calc(var(--bl-card) * .5); } .bl-hand .bl-card span { font-size: calc(var(--bl-card) * .24); }
.bl-hand .bl-card small { font-size: calc(var(--bl-card) * .2); }
.bl-mini { width: auto; min-width: calc(var(--bl-card) * .84); max-width: 7em; height: auto;
  min-height: calc(var(--bl-card) * .84); padding: 1px 3px; margin: 1px; border-width: 2px; }
.bl-mini b { font-size: calc(var(--bl-card) * .28); }
.bl-mini span { font-size: max(10px, calc(var(--bl-card) * .165)); }  /* whole words: a mini card grows to fit them */
.bl-mini small { display: none; }
.bl-mark { display: inline-block; padding: 0 6px; border-radius: 12px; color: #fff; font-weight: 700; white-space: nowrap; }
.bl-note { font-weight: 600; padding: 3px 8px; margin: 3px 0; border-left: 6px solid #b8860b; background: #fff6d6; }
.bl-memory { font-size: .9em; }
.bl-heading { font-size: 1.1em; font-weight: 700; }
.bl-summary p { margin: 4px 0; }
/* The class screen (Present): the hand's cards from the screen's height and every word at the app's
   base size or larger. A card in a set is a chip of one line (symbol and name); the sets of the
   players not to move show without their labels (their points are in the area's head), and what the
   viewer remembers of hands, the angels laid aside and the round's facts the headline repeats fold
   away: the teacher's Details opens them (btl-detail). */
.btl-presenting .bl-table { --bl-card: clamp(48px, 7.4vh, 112px); gap: .3em;
  grid-template-columns: auto minmax(0, 1fr); }
/* the hand as wide as its cards, the pile beside it; the areas one above the other, their sets in
   rows as wide as the table (sets are wide: two areas side by side took twice the height) */
.btl-presenting .bl-hand { grid-area: 1 / 1; }
.btl-presenting .bl-top { grid-area: 1 / 2; align-self: start; }
.btl-presenting .bl-areas { grid-column: 1 / -1; grid-template-columns: minmax(0, 1fr); }
.btl-presenting .bl-top, .btl-presenting .bl-hand h3, .btl-presenting .bl-area h3,
.btl-presenting .bl-memory { font-size: 1em; }
.btl-presenting .bl-hand .bl-card { width: auto; min-width: calc(var(--bl-card) * 1.5);
  height: calc(var(--bl-card) * 1.4); padding: 0 .3em; }
.btl-presenting .bl-hand .bl-card span { font-size: 1.1em; }
.btl-presenting .bl-hand .bl-card small, .btl-presenting .bl-set-label { font-size: var(--btl-base); }
.btl-presenting.btl-details-open .bl-set-label.btl-detail { display: block !important; }
/* an area's head is the first thing in its row of sets (a line of the table's height saved an area) */
.btl-presenting .bl-area { display: flex; flex-wrap: wrap; gap: .2em .3em; align-items: center; padding: .1em .25em; }
.btl-presenting .bl-area h3 { margin: 0 .2em 0 0; }
.btl-presenting .bl-sets { display: contents; }
.btl-presenting .bl-set { padding: .05em .15em; }
.btl-presenting .bl-mini { flex-direction: row; gap: .25em; min-width: 0; min-height: 0; max-width: none;
  padding: 0 .3em; margin: .08em; }
.btl-presenting .bl-mini b, .btl-presenting .bl-mini span { font-size: var(--btl-base); line-height: 1.25; }
</style>
"""


seat_name = numbered_seat("beat-the-logic.ui.player")


def marker(p: int) -> str:
    """A seat's badge: colour, symbol and number ("● Player 1")."""
    return badge(p, seat_name(p), css="bl-mark")


def card(name: str, mini: bool = False, target: str = "") -> str:
    colour = COLOUR[name]
    role = ROLE[name]
    css = "bl-card" + (" bl-mini" if mini else "") + (" bl-angel" if role == "angel" else "")
    words = card_words(name) + " · " + t(f"beat-the-logic.role.{role}")
    mark = f' data-target="{esc(target)}"' if target else ""
    return (f'<span class="{css}"{mark} style="color:{INK[colour]};border-color:{INK[colour]};'
            f'background:{PAPER[colour]}" role="img" aria-label="{esc(words)}" title="{esc(words)}">'
            f'<b>{SYMBOL[colour]}</b><span>{esc(t(f"beat-the-logic.card.{name}"))}</span>'
            f'<small>{esc(t(f"beat-the-logic.colour.{colour}"))}</small></span>')


def _set_words(group: dict, over: bool) -> str:
    """A set's points: during play as the source counts them, with the end's value beside them
    where they differ (loose cards score only at the end, K13)."""
    unfinished = group["kind"] == "musician" and not group["complete"]
    if over or group["points_now"] == group["points"]:
        words = t("beat-the-logic.ui.unfinished" if unfinished else "beat-the-logic.ui.set_points", n=group["points"])
    else:
        words = t("beat-the-logic.ui.unfinished_now" if unfinished else "beat-the-logic.ui.points_now",
                  n=group["points_now"], end=group["points"])
    return words + (" · " + t("beat-the-logic.ui.protected") if group["angel"] else "")


def _set(view, p: int, i: int, group: dict) -> str:
    stealing = view["phase"] == "steal" and view["viewer"] == view["player"] and p != view["player"]
    cards = "".join(card(c, mini=True, target=f"steal:{p}:{i}:{c}" if stealing and not group["angel"] else "")
                    for c in group["cards"])
    angel = card(group["angel"], mini=True) if group["angel"] else ""
    css = "bl-set bl-protected" if group["angel"] else "bl-set"
    label = t("beat-the-logic.ui.set", n=i + 1) + " · " + _set_words(group, view["phase"] == "over")
    # the class screen keeps the labels of the sets a move now names ("→ set 2: 4 → 9 points")
    fold = " btl-detail" if view["player"] is not None and p != view["player"] else ""
    return (f'<div class="{css}" aria-label="{esc(label)}"><span class="bl-set-label{fold}">{esc(label)}</span>'
            f'{cards}{angel}</div>')


def _area(view, p: int) -> str:
    area = view["areas"][p]
    you = f' ({esc(t("beat-the-logic.ui.you"))})' if view["viewer"] == p else ""
    css = "bl-area bl-current" if view["player"] == p else "bl-area"
    now, end = view["scores_now"][p], view["scores"][p]
    if view["phase"] == "over" or now == end:
        facts = t("beat-the-logic.ui.area_facts", points=end, n=view["hand_sizes"][p])
    else:  # K13: the score as the source counts it during play, the end's value beside it
        facts = t("beat-the-logic.ui.area_facts_now", points=now, end=end, n=view["hand_sizes"][p])
    body = "".join(_set(view, p, i, g) for i, g in enumerate(area)) or esc(t("beat-the-logic.ui.no_sets"))
    known = view["known_hands"][p]
    if known:
        # a seat's memory, what every seat has seen (the projector), or the whole hand (a screen all seats share)
        key = {None: "known_to_all", ALL: "whole_hand"}.get(view["viewer"], "known")
        words = t("beat-the-logic.ui." + key)
        body += (f'<div class="bl-set bl-known btl-detail"><span class="bl-set-label">{esc(words)}</span>'
                 + "".join(card(c, mini=True) for c in known) + "</div>")
    aside = view["lone_angels"][p]
    if aside:
        body += (f'<div class="bl-set btl-detail"><span class="bl-set-label">{esc(t("beat-the-logic.ui.aside"))}</span>'
                 + "".join(card(a, mini=True) for a in aside) + "</div>")
    return (f'<div class="{css}" style="border-color:{COLOURS[p]}"><h3>{marker(p)}{you} · {esc(facts)}</h3>'
            f'<div class="bl-sets">{body}</div></div>')


def _hand(view) -> str:
    hand = view["hand"]
    if hand is None:
        return ""
    playing = view["player"] == view["viewer"] and view["phase"] == "play"
    cards = "".join(card(c, target=f"hand:{c}" if playing else "") for c in hand) or esc(t("beat-the-logic.ui.empty"))
    memory = ""
    if view["memory"]:
        last = view["memory"][-1]
        passed = ", ".join(card_words(c) for c in last["cards"])
        words = t("beat-the-logic.ui.you_passed", n=last["to"] + 1, cards=passed)
        memory = f'<div class="bl-memory btl-detail">{esc(words)}</div>'  # the class screen's Details
    return f'<div class="bl-hand"><h3>{esc(t("beat-the-logic.ui.your_hand"))}</h3>{cards}{memory}</div>'


def table(view) -> str:
    # (words, folded on the class screen): the round is in the headline, the start player and the
    # cards set aside are for the teacher's Details; how many cards are left to draw stays
    top = [(t("beat-the-logic.ui.round", n=view["round"]), True),
           (t("beat-the-logic.ui.deck", n=view["deck"]) if view["drawing"] else t("beat-the-logic.ui.no_draws"), False),
           (t("beat-the-logic.ui.start", n=view["start"] + 1), True)]
    if view["set_aside"]:
        top.append((t("beat-the-logic.ui.set_aside", n=view["set_aside"]), True))
    spans = "".join(f'<span class="btl-detail">{esc(x)}</span>' if fold else f"<span>{esc(x)}</span>" for x, fold in top)
    cols = 1 if view["players"] == 2 else 2
    areas = "".join(_area(view, p) for p in range(view["players"]))
    return (CSS + f'<div class="bl-table" style="--bl-cols:{cols}">'
            + f'<div class="bl-top">{spans}</div>' + _hand(view) + f'<div class="bl-areas">{areas}</div></div>')


def headline(view) -> str:
    if view["player"] is None:
        return f'<div class="bl-heading btl-phase">{esc(t("app.game_over"))}</div>'
    head = (f'<div class="bl-heading btl-phase">{esc(t("beat-the-logic.ui.round", n=view["round"]))} · '
            f'{marker(view["player"])} {esc(t("beat-the-logic.ui.to_play"))}</div>')
    note = "steal_now" if view["phase"] == "steal" else ("play_now" if view["drawing"] else "play_last")
    return head + f'<div class="bl-note">{esc(t("beat-the-logic.ui." + note))}</div>'


def target(action) -> str | None:
    if action.kind in ("play", "protect", "lay_aside"):
        return f"hand:{getattr(action, 'card', None) or action.angel}"
    if action.kind == "steal":
        return f"steal:{action.victim}:{action.source}:{action.card}"
    return None


group = kind_group("beat-the-logic.ui.group")


def move_words(action, view) -> str:
    """A move's words with what it does to the set: "… (the set's points: 4 → 9)", counted as the
    table counts them (K13: now, and at the end where that differs)."""
    into = getattr(action, "into", None)
    if into is None or view["player"] is None:
        return str(action)
    area = view["areas"][view["player"]]
    old = {"cards": [], "angel": None} if into == NEW else area[into]  # an empty set scores 0
    if action.kind == "protect":
        grown = {"cards": old["cards"], "angel": action.angel}
    else:
        grown = {"cards": old["cards"] + [action.card], "angel": old["angel"]}
    before, after = (sets.points_now(old), sets.points(old)), (sets.points_now(grown), sets.points(grown))
    if before[0] == before[1] and after[0] == after[1]:
        change = t("beat-the-logic.ui.points_change", before=before[1], after=after[1])
    else:
        change = t("beat-the-logic.ui.points_change_now", before=before[0], after=after[0],
                   end_before=before[1], end_after=after[1])
    return str(action) + " " + change


# -- the log ---------------------------------------------------------------------------------------
def event(record) -> str:
    kind = record["kind"]
    data = dict(record)
    seat = record.get("player")
    data["seat"] = seat + 1 if seat is not None else ""
    data["round"] = record["turn"]
    for key in ("set", "source", "victim"):
        if isinstance(record.get(key), int):
            data[key] = record[key] + 1
    if isinstance(record.get("card"), str):
        data["card"] = card_words(record["card"])
    if "hand" in record:
        data["hand"] = ", ".join(card_words(c) for c in record["hand"])
        kind = "deal_seen"
    elif kind == "draw" and "card" in record:
        kind = "draw_seen"
    words = t(f"beat-the-logic.event.{kind}", n=data.get("cards", data.get("set_aside", 0)),
              **{k: v for k, v in data.items() if k not in ("kind", "turn", "phase", "player")})
    return f'{t("beat-the-logic.ui.round", n=record["turn"])}: {words}'


# -- the end ----------------------------------------------------------------------------------------
def summary(view) -> str:
    winners = view["winners"]
    names = ", ".join(seat_name(p) for p in winners)
    head = t("beat-the-logic.ui.won" if len(winners) == 1 else "beat-the-logic.ui.shared_win", winners=names)
    lines = []
    for p in sorted(range(view["players"]), key=lambda q: -view["scores"][q]):
        area = view["areas"][p]
        full = sum(g["complete"] and g["kind"] == "musician" for g in area)
        equal = sum(g["kind"] == "equal" for g in area)
        angels = sum(bool(g["angel"]) for g in area)
        lines.append(marker(p) + " " + esc(t("beat-the-logic.ui.final", points=view["scores"][p], full=full,
                                              equal=equal, angels=angels)))
    return (f'<div class="bl-summary btl-final"><p style="font-size:1.4em;font-weight:700">{esc(head)}</p>'
            + "".join(f"<p>{line}</p>" for line in lines)
            + f'<p>{esc(t("beat-the-logic.ui.ties"))}</p></div>')


# -- the app -----------------------------------------------------------------------------------------
def app(seed: int | None = None, seats: list[str] | None = None, **options) -> GameApp:
    """The play app: a person and bots (or several people, passing the device), each hand hidden
    from the others."""
    return GameApp(GAME, sys.modules[__name__], seed=seed, seats=seats, **options)


def play(seed: int | None = None, seats: list[str] | None = None, **options):
    """The play app as a widget (what the play notebook shows)."""
    return app(seed, seats, **options).widget


# -- the teaching layer (to come: a how to play, hints, the game's moments, its ending) --------------
def how_to_play() -> list:
    return []


def hint(view):
    return None


def moments(records, view, earlier=()) -> list:
    return []


def ending(view, records) -> str:
    return ""
