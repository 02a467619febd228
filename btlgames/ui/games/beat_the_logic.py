"""How Beat The Logic looks: your hand, and every player's collecting area with its sets.

Everything drawn comes from ``view(viewer)``: the projector (viewer None) shows the areas and
no hand. Every card names its colour and carries the colour's symbol (◆ purple, ● green,
■ blue, ▲ yellow, ★ red), so colour never carries the meaning alone. A hand card is pressed
to play it; after an angel, an opponent's card is pressed to steal it.

Its teaching layer (the end of this file) teaches probability: the hints give the chance that the
draws left bring the card a set waits for and what its points are worth (odds.py), the moments are
replayed from the public log alone (``PublicTable``), and the ending sets this game's luck beside
those chances.
"""
from __future__ import annotations

import sys
from collections import Counter

from ...beat_the_logic import sets
from ...beat_the_logic.bots import PlannerBot
from ...beat_the_logic.cards import BAND, CARDS, COLOUR, ROLE, SYMBOL, in_play, is_angel
from ...beat_the_logic.odds import Wait, counted, draws_left, waits_for
from ...beat_the_logic.rules import NEW, ORDER, LayAside, NoSteal, Play, Protect, Steal, card_words, placements
from ...core.events import ALL
from ...core.i18n import t, with_language, words_of
from ...core.runtime import page_link
from ..app.game_app import GameApp
from ..app.renderer import badge, esc, kind_group, numbered_seat
from ..app.show import Step
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
/* how to play's picture: an area as the table draws it, its words larger (read before a first game) */
.btl-show-picture.bl-table { --bl-card: clamp(52px, 5vw, 100px); }
.btl-show-picture .bl-mini span { font-size: calc(var(--bl-card) * .22); }
.btl-show-picture .bl-set-label { font-size: calc(var(--bl-card) * .24); }
/* a moment's cards over the table, large (the show is not inside the table: its own card size) */
.bl-show-cards { --bl-card: clamp(56px, 10vh, 130px); }
.bl-show-cards .bl-card { width: auto; min-width: calc(var(--bl-card) * 1.45); height: calc(var(--bl-card) * 1.5);
  padding: 0 .3em; }
.bl-show-cards .bl-card b { font-size: calc(var(--bl-card) * .5); }
.bl-show-cards .bl-card span { font-size: calc(var(--bl-card) * .26); }
.bl-show-cards .bl-card small { font-size: calc(var(--bl-card) * .2); }
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



# -- the teaching layer ------------------------------------------------------------------------------
# The science is probability: which card to keep, counted from the cards not yet seen (odds.py's
# hypergeometric chance and expected value), and what luck did with those chances in one game.
_teach = words_of("beat-the-logic.teach")
LONG_SHOT = 1 / 3  # a set that came in with less than this chance is a moment every time
GAIN = {True: 5, False: 10}  # what a set of two adds when its third card comes: equal 4 → 9, band 2 → 12


def _picture() -> str:
    """A collecting area as the table draws it: a complete band member, three equal attributes, a
    protected set of two, and a loose card."""
    examples = (((("guitarist", "guitar", "plectrum"), None), 12), ((("drumsticks",) * 3, None), 9),
                ((("cap", "cap"), "angel-green"), 2), ((("singer",), None), 1))
    parts = []
    for (cards, angel), points in examples:
        css = "bl-set bl-protected" if angel else "bl-set"
        label = t("beat-the-logic.ui.set_points", n=points)
        parts.append(f'<div class="{css}"><span class="bl-set-label">{esc(label)}</span>'
                     + "".join(card(c, mini=True) for c in cards) + (card(angel, mini=True) if angel else "")
                     + "</div>")
    return (f'<div class="btl-show-picture bl-table"><div class="bl-area"><div class="bl-sets">{"".join(parts)}'
            "</div></div></div>")


def _paragraphs(keys) -> tuple[str, str]:
    return "".join(f"<p>{esc(_teach(k))}</p>" for k in keys), " ".join(_teach(k) for k in keys)


def how_to_play() -> list[Step]:
    """Two steps: a turn and what sets are worth (with a picture of an area); angels, the end and
    the odds."""
    first, first_words = _paragraphs(("how.turn", "how.sets"))
    second, second_words = _paragraphs(("how.angels", "how.loose", "how.odds"))
    return [Step(_teach("how.title"), first + _picture(), first_words),
            Step(_teach("how.angels_title"), second, second_words)]


# -- hints ------------------------------------------------------------------------------------------
def legal_moves(view) -> list:
    """The mover's legal moves, read from its own view as the rules list them (a hint recommends
    one of these; tests compare them with the state's)."""
    p, first_edition = view["player"], view.get("variant") == "first-edition"
    area = view["areas"][p]
    if view["phase"] == "steal":
        found, n = [], view["players"]
        for victim in ((p + i) % n for i in range(1, n)):
            for source, group in enumerate(view["areas"][victim]):
                if group["angel"] is None:
                    for c in sorted(set(group["cards"]), key=ORDER.__getitem__):
                        found += [Steal(victim, source, c, into) for into in placements(area, c, first_edition)]
        return found + [NoSteal()]
    moves = []
    for c in (c for c in CARDS if c in view["hand"]):
        if is_angel(c):
            targets = [i for i, g in enumerate(area) if sets.can_protect(g, c)]
            moves += [Protect(c, i) for i in targets] if targets else [LayAside(c)]
        else:
            moves += [Play(c, i) for i in placements(area, c, first_edition)]
    return moves


def _into_words(into: int) -> str:
    return t("beat-the-logic.into_new") if into == NEW else t("beat-the-logic.into_set", n=into + 1)


def _odds(view, needs) -> dict:
    """The mover's chance that their own draws bring one of ``needs``: copies among the cards they
    have not seen (odds.counted), drawn without replacement (odds.Wait: hypergeometric)."""
    rows = counted(view)
    unseen = sum(r["unknown"] for r in rows.values())
    turn = (view["player"] - view["start"]) % view["players"]
    draws = min(draws_left(view["players"], view["deck"], turn, view["drawing"]), unseen)
    copies = sum(rows[c]["unknown"] for c in needs)
    chance = Wait(unseen, copies, draws).chance() if unseen else 0.0
    return {"copies": copies, "unseen": unseen, "draws": draws, "chance": chance}


def _play_hint(view, action) -> str:
    area = view["areas"][view["player"]]
    held = {"cards": [], "angel": None, "points": 0} if action.into == NEW else area[action.into]
    grown = held["cards"] + [action.card]
    words = {"card": card_words(action.card), "into": _into_words(action.into)}
    if len(grown) == sets.MOST:  # a protected set keeps its angel's −2 (K9)
        before, after = held["points"], sets.points({"cards": grown, "angel": held["angel"]})
        return _teach("hint.complete", before=before, after=after, **words)
    if len(grown) == 2:
        need = waits_for(grown)
        odds = _odds(view, [need])
        gain = GAIN[grown[0] == grown[1]]
        key = "hint.wait" if odds["draws"] else "hint.wait_no_draws"
        return _teach(key, need=card_words(need), gain=gain, ev=odds["chance"] * gain, **odds, **words)
    # a card alone: the cards that could join it (its band's others; its twins, an attribute's)
    first_edition = view.get("variant") == "first-edition"
    partners = [c for c in set(BAND[COLOUR[action.card]]) | {action.card}
                if sets.fits({"cards": [action.card]}, c, first_edition)]
    odds = _odds(view, partners)
    return _teach("hint.new" if odds["draws"] else "hint.new_no_draws", **odds, **words)


def hint(view) -> tuple[str, str | None] | None:
    """What the planner (the game's own bot that counts cards) would do now, and why in numbers:
    the key of that move's part of the table (None: the Steal nothing button)."""
    if view is None or view["player"] is None or view["player"] != view["viewer"] or view["hand"] is None:
        return None
    action = PlannerBot(0).best(view, legal_moves(view))[0]
    if isinstance(action, Play):
        return _play_hint(view, action), target(action)
    if isinstance(action, Protect):
        return _teach("hint.protect", n=action.into + 1), target(action)
    if isinstance(action, LayAside):
        return _teach("hint.lay_aside"), target(action)
    if isinstance(action, Steal):
        group = view["areas"][action.victim][action.source]
        after = list(group["cards"])
        after.remove(action.card)
        return _teach("hint.steal", card=card_words(action.card), player=seat_name(action.victim),
                      before=group["points"], after=sets.points({"cards": after, "angel": None}),
                      into=_into_words(action.into)), target(action)
    return _teach("hint.no_steal"), None


# -- the table as the log tells it: every card laid is public ----------------------------------------
class PublicTable:
    """The collecting areas replayed from the public log (plays, angels, steals), with the pile's
    size: what the projector knows at every record, and each set's odds when it began to wait for
    its last card, counted from the cards not on the table."""

    def __init__(self, players: int):
        self.n = players
        self.areas: list[list[dict]] = [[] for _ in range(players)]
        self.face_up: Counter = Counter()
        self.deck, self.turn, self.drawing = 0, 0, True
        self.waits: list[dict] = []  # every wait for a last card, as it began, and whether it came

    def not_on_table(self, card: str | None = None) -> int:
        if card is not None:
            return in_play(self.n)[card] - self.face_up[card]
        return sum(in_play(self.n).values()) - sum(self.face_up.values())

    def apply(self, r: dict) -> list[tuple]:
        """Play ``r`` on the table: the moments it makes, as ``(kind, facts)``."""
        kind, p = r["kind"], r["player"]
        if kind == "setup" or kind == "draw":
            self.deck = r["deck"]
        elif kind == "round":
            self.turn = 0
        elif kind == "last_cards":
            self.deck, self.drawing = 0, False
        elif kind in ("no_steal", "nothing_to_steal"):
            self.turn += 1
        elif kind == "lay_aside":
            self.face_up[r["card"]] += 1
            self.turn += 1
        elif kind == "protect":
            self.face_up[r["card"]] += 1
            self.areas[p][r["set"]]["angel"] = r["card"]
            return self._dead(r["card"])
        elif kind == "play":
            self.face_up[r["card"]] += 1
            found = self._lay(p, r["card"], r["set"])
            self.turn += 1
            return found + self._dead(r["card"])
        elif kind == "steal":
            return self._steal(p, r)
        return []

    def _lay(self, p: int, c: str, index: int) -> list[tuple]:
        area = self.areas[p]
        if index == len(area):
            area.append({"cards": [], "angel": None, "wait": None})
        group = area[index]
        group["cards"].append(c)
        if len(group["cards"]) == sets.MOST:
            wait, group["wait"] = group["wait"], None
            if wait is not None:
                wait["came"] = True
            return [("complete", {"player": p, "cards": list(group["cards"]), "angel": group["angel"], "wait": wait})]
        if len(group["cards"]) == 2:
            need = waits_for(group["cards"])
            unseen, copies = self.not_on_table(), self.not_on_table(need)
            draws = min(draws_left(self.n, self.deck, self.turn, self.drawing), unseen)
            group["wait"] = {"player": p, "cards": list(group["cards"]), "need": need, "unseen": unseen,
                             "copies": copies, "draws": draws, "came": False, "broken": False, "dead": copies == 0,
                             "gain": GAIN[group["cards"][0] == group["cards"][1]],
                             "chance": Wait(unseen, copies, draws).chance() if unseen else 0.0}
            self.waits.append(group["wait"])
        return []

    def _steal(self, p: int, r: dict) -> list[tuple]:
        victim = self.areas[r["victim"]]
        group = victim[r["source"]]
        before = {"cards": list(group["cards"]), "angel": None}
        group["cards"].remove(r["card"])
        if group["wait"] is not None:  # the set no longer waits for that card: broken, not missed
            group["wait"]["broken"], group["wait"] = True, None
        if not group["cards"]:
            del victim[r["source"]]
        found = []
        if len(before["cards"]) >= 2:
            kind = "broken_complete" if len(before["cards"]) == sets.MOST else "broken"
            found.append((kind, {"player": p, "victim": r["victim"], "card": r["card"], "cards": before["cards"],
                                     "before": sets.points(before),
                                     "after": sets.points({"cards": group["cards"], "angel": None})}))
        self.turn += 1
        return found + self._lay(p, r["card"], r["set"])

    def _dead(self, c: str) -> list[tuple]:
        """The last copy of a card is on the table: only a steal can still complete a set that waits for it."""
        if self.not_on_table(c):
            return []
        found = []
        for area in self.areas:
            for group in area:
                wait = group["wait"]
                if wait is not None and wait["need"] == c and not wait["dead"]:
                    wait["dead"] = True
                    found.append(("dead", {**wait, "cards": list(group["cards"])}))
        return found


def replay(records, players: int) -> tuple[PublicTable, list[tuple]]:
    """The public table after ``records``, and the moments they made in order."""
    table, found = PublicTable(players), []
    for r in records:
        found += table.apply(r)
    return table, found


# -- moments --------------------------------------------------------------------------------------
def _cards(names) -> str:
    return '<p class="btl-big bl-show-cards">' + "".join(card(c) for c in names) + "</p>"


def _step(title: str, names, lines: list[str], kind: str) -> Step:
    return Step(title, _cards(names) + "".join(f"<p>{esc(x)}</p>" for x in lines), " ".join([title, *lines]), kind)


def _wait_words(wait: dict) -> str:
    key = "moment.odds" if wait["draws"] else "moment.odds_no_draws"
    return _teach(key, need=card_words(wait["need"]), copies=wait["copies"], unseen=wait["unseen"],
                  draws=wait["draws"], chance=wait["chance"], gain=wait["gain"], ev=wait["chance"] * wait["gain"])


def _long_shot(wait: dict | None) -> bool:
    """A wait with less than an even chance from the draws still to come (none left: no odds to beat)."""
    return wait is not None and wait["draws"] > 0 and wait["chance"] < LONG_SHOT


def _moment(kind: str, facts: dict, first: bool) -> Step | None:
    """One moment's step; ``first``: the game's first of its kind (later ones only when they say
    more: a long shot that came in, a complete set broken)."""
    who = seat_name(facts["player"])
    if kind == "complete":
        wait = facts["wait"]
        if not (first or _long_shot(wait)):
            return None
        points = sets.points({"cards": facts["cards"], "angel": facts["angel"]})
        lines = [_teach("moment.complete", player=who, points=points)] + ([_wait_words(wait)] if wait else [])
        if _long_shot(wait):
            lines.append(_teach("moment.lucky"))
        shown = facts["cards"] + ([facts["angel"]] if facts["angel"] else [])  # its angel's −2 is in its points
        return _step(_teach("moment.long_shot_title" if _long_shot(wait) else "moment.complete_title"),
                     shown, lines, "hit")
    if kind in ("broken", "broken_complete"):
        if not first:
            return None
        lines = [_teach("moment.broken", player=who, victim=seat_name(facts["victim"]), card=card_words(facts["card"]),
                        before=facts["before"], after=facts["after"]), _teach("moment.broken_why")]
        return _step(_teach("moment.broken_title"), facts["cards"], lines, "lost")
    if not first:
        return None
    lines = [_teach("moment.dead", player=who, need=card_words(facts["need"])), _wait_words(facts)]
    return _step(_teach("moment.dead_title"), facts["cards"], lines, "lost")


def moments(records, view, earlier=()) -> list[Step]:
    """A set completed (the game's first, and every long shot, with the odds it had when it began
    to wait), the first set of two and the first complete set broken by a steal, the first set whose
    last card is gone: from the public log only, so no hidden card is ever named."""
    table, before = replay(earlier, view["players"])
    seen = {kind for kind, _ in before}
    steps = []
    for record in records:
        for kind, facts in table.apply(record):
            step = _moment(kind, facts, first=kind not in seen)
            seen.add(kind)
            if step is not None:
                steps.append(step)
    return steps


# -- the end ----------------------------------------------------------------------------------------
def ending(view, records) -> str:
    """What this game showed about chance and choice: its sets and steals, the longest shot that
    came in and the likeliest wait that did not, a chance's worth in points, and the way on."""
    table, found = replay(records, view["players"])
    done = [f for kind, f in found if kind == "complete"]
    band = sum(f["cards"][0] != f["cards"][1] for f in done)
    steals = sum(kind.startswith("broken") for kind, _ in found)
    lines = [_teach("end.numbers", done=len(done), band=band, equal=len(done) - band, steals=steals,
                    waits=len(table.waits), came=sum(w["came"] for w in table.waits))]
    odds = [w for w in table.waits if w["draws"]]  # the waits that had draws to come: chances to compare
    came = [w for w in odds if w["came"]]
    # a likely wait that failed says what one game's luck can do (an even chance or more)
    missed = [w for w in odds if not w["came"] and not w["broken"] and w["chance"] >= 0.5]
    if came:
        w = min(came, key=lambda x: x["chance"])
        lines.append(_teach("end.long_shot", player=seat_name(w["player"]), need=card_words(w["need"]),
                            chance=w["chance"], gain=w["gain"], ev=w["chance"] * w["gain"]))
    if missed:
        w = max(missed, key=lambda x: x["chance"])
        lines.append(_teach("end.missed", player=seat_name(w["player"]), need=card_words(w["need"]),
                            chance=w["chance"]))
    lines += [_teach("end.science"), _teach("end.many_games")]
    link = page_link("strategy-lab.ipynb")
    return ("".join(f"<p>{esc(line)}</p>" for line in lines)
            + f'<p><a href="{esc(with_language(link))}" target="_blank">{esc(_teach("end.more"))}</a></p>')
