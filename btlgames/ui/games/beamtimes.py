"""How Beamtimes and Lifetimes looks: the accelerator ring, the row, the market and the groups.

Everything drawn comes from ``view(viewer)``: a face-down card is drawn face down
unless the view shows it. Suits carry their symbol and a word (♥ physicist,
♠ detector, ♦ particle, ♣ grant); groups carry a colour, a symbol and a number.
The teaching layer at the end: how to play, a first game's hints, the science moments, the ending.
"""
from __future__ import annotations

import sys

from ...beamtimes.bots import SolverBot
from ...beamtimes.cards import ROLE, is_detector, is_physicist, label, suit, value
from ...beamtimes.rules import (DISTINGUISHED_PRICE, FULL_HAND, ApplyForGrant, Assign, Build, EndTurn, Hire,
                                HireDistinguished, Pass, Publish, Swap, Verify, Withhold)
from ...core.i18n import t, with_language, words_of
from ...core.runtime import page_link
from ...science.ranges import is_exact
from ..app.game_app import GameApp
from ..app.renderer import area, badge, esc, own_words
from ..app.show import Step
from ..common.seats import COLOURS

GAME = "beamtimes"

# The ring drawn in two rows so that neighbours touch: 1 2 3 on top, 6 5 4 below.
RING_ORDER = (0, 1, 2, 5, 4, 3)

CSS = """
<style>
.bt-table { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, .38fr);
  grid-template-areas: "ring groups" "row groups" "supply groups"; align-content: start; gap: 8px;
  color: #111; --bt-card: clamp(40px, 3.1vw, 74px); }
.bt-ring-area { grid-area: ring; } .bt-row-area { grid-area: row; } .bt-groups-area { grid-area: groups; }
.bt-supply { grid-area: supply; display: grid; grid-template-columns: minmax(0, max-content) minmax(0, 1fr); gap: 8px; }
.bt-area { border: 2px solid #333; border-radius: 8px; padding: 4px 8px; background: #fff; }
.bt-area h3 { margin: 0 0 4px 0; font-size: 1.05em; }
.bt-note { font-size: 1em; font-weight: 600; padding: 3px 8px; margin: 3px 0; border-left: 6px solid #b8860b;
  background: #fff6d6; }
.bt-ring { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 6px; padding: 8px;
  border: 6px solid #777; border-radius: 40px; }
.bt-problem, .bt-place { border: 2px solid #444; border-radius: 10px; padding: 3px 6px; background: #f7f7f7; }
.bt-problem h4, .bt-place h4 { margin: 0 0 2px 0; font-size: 1em; }
.bt-pending { border: 5px solid #b8860b; background: #fff6d6; }
.bt-row { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 6px; }
.bt-card { display: inline-flex; flex-direction: column; align-items: center; justify-content: center;
  min-width: var(--bt-card); height: calc(var(--bt-card) * 1.2); margin: 2px; padding: 0 3px; border-radius: 8px;
  border: 3px solid #111; background: #fff; font-family: sans-serif; vertical-align: middle; box-sizing: border-box; }
.bt-card b { font-size: calc(var(--bt-card) * .42); line-height: 1.1; }
.bt-card small { font-size: max(11px, calc(var(--bt-card) * .2)); font-weight: 600; white-space: nowrap; }
.bt-red { color: #9b1c1c; border-color: #9b1c1c; }
.bt-black { color: #111; }
.bt-back { background: repeating-linear-gradient(45deg, #d9d9d9 0 6px, #fff 6px 12px); color: #111; }
.bt-down { opacity: .6; border-style: dashed; }
.bt-mini { min-width: calc(var(--bt-card) * .72); height: calc(var(--bt-card) * .86); }
.bt-mini b { font-size: calc(var(--bt-card) * .32); }
.bt-mini small { font-size: max(10px, calc(var(--bt-card) * .16)); }  /* a card's suit word, read on a laptop too */
.bt-mark { display: inline-block; padding: 0 6px; margin: 1px; border-radius: 12px; color: #fff;
  font-weight: 700; white-space: nowrap; }
.bt-slot { display: flex; gap: 6px; align-items: flex-start; }
.bt-workers { list-style: none; margin: 0; padding: 0; font-size: .9em; }
.bt-known { font-size: .85em; font-weight: 700; }
.bt-maybe { font-size: .8em; font-weight: 600; line-height: 1.2; }
.bt-offer { display: inline-block; text-align: center; font-size: .85em; font-weight: 700; margin-right: 4px; }
.bt-count { font-size: .85em; }
.bt-groups { display: grid; grid-template-columns: minmax(0, 1fr); gap: 6px; }
.bt-group { border: 3px solid #444; border-radius: 10px; padding: 3px 8px; }
.bt-current { border-width: 6px; background: #fffbea; }
.bt-group p { margin: 1px 0; }
.bt-summary p { margin: 4px 0; }
.bt-heading { font-size: 1.1em; font-weight: 700; }
/* the "how to play" picture: a problem with its leader, a detector and what the two cover, in a line */
.bt-how { display: flex; flex-wrap: wrap; gap: 1em; align-items: center; --bt-card: clamp(40px, 3.1vw, 74px); }
/* The class screen (Present): cards from the screen's height, every word at the app's base size
   (a card's role word too: the card widens to it), the room between in em (1366x768 is 1920x1080
   made smaller). The ring, the row and the supply as wide as the table and the groups in a row
   under them (in a column beside them, the row's places were too narrow for their words). What no
   move needs now folds into the teacher's Details: the cards out of the game, the market's deck, an
   empty distinguished pile, a group's reserve, each remembered card's number of places. */
.btl-presenting .bt-table { --bt-card: clamp(40px, 6vh, 96px); gap: .25em; grid-template-columns: minmax(0, 1fr);
  grid-template-areas: "ring" "row" "supply" "groups"; }
.btl-presenting .bt-supply { grid-template-columns: auto minmax(0, 1fr); gap: .25em; }
.btl-presenting .bt-groups { grid-template-columns: none; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr);
  gap: .25em; }
.btl-presenting .bt-area { padding: .1em .35em .2em; }
.btl-presenting .bt-area h3 { margin: 0 0 .15em 0; font-size: 1em; }
.btl-presenting .bt-ring { gap: .25em; padding: .3em; border-width: .25em; border-radius: 1.6em; }
.btl-presenting .bt-row { gap: .25em; }
.btl-presenting .bt-problem, .btl-presenting .bt-place, .btl-presenting .bt-group { padding: .1em .3em; }
.btl-presenting .bt-card { padding: 0 .2em; margin: .1em; }
.btl-presenting .bt-card small { font-size: var(--btl-base); }
.btl-presenting .bt-mini b { font-size: max(var(--btl-base), calc(var(--bt-card) * .32)); }
.btl-presenting .bt-workers, .btl-presenting .bt-known, .btl-presenting .bt-offer,
.btl-presenting .bt-count { font-size: 1em; }
/* a problem and a row place: the card on the left; beside it the place's name, what is known of
   the card, its workers and its experiment, or its verifications (under the card, they made the
   table taller than the screen) */
.btl-presenting .bt-problem, .btl-presenting .bt-place { display: grid; grid-template-columns: auto minmax(0, 1fr);
  gap: 0 .35em; align-content: start; align-items: start; }
.btl-presenting .bt-slot, .btl-presenting .bt-slot > div, .btl-presenting .bt-face { display: contents; }
.btl-presenting .bt-face > .bt-card, .btl-presenting .bt-slot > div > .bt-card { grid-column: 1; grid-row: 1 / span 5;
  margin-left: 0; }
.btl-presenting :is(.bt-problem, .bt-place) > *, .btl-presenting .bt-slot > ul,
.btl-presenting .bt-face > .bt-known, .btl-presenting .bt-slot > div > .bt-known { grid-column: 2; }
.btl-presenting .bt-verified { display: flex; flex-wrap: wrap; align-items: center; gap: 0 .4em; }
/* what a group remembers may lie on a place: on the class screen its cards alone, the whole
   sentence (each card's number of places) in the Details */
.bt-maybe-short, .btl-presenting .bt-maybe, .btl-presenting.btl-details-open .bt-maybe-short { display: none; }
.btl-presenting .bt-maybe-short, .btl-presenting.btl-details-open .bt-maybe { display: block; }
/* a group's hand, the physicists at work on a problem and the distinguished physicists in a line:
   the cards by label and suit (♠ detector, ♥ physicist: the market's cards say it in words; a
   card's name is its title and what a screen reader hears) */
.btl-presenting :is(.bt-group, .bt-workers, .bt-stars) .bt-mini { height: auto; min-height: 0; padding: 0 .15em;
  margin: .05em; border-width: 2px; }
.btl-presenting :is(.bt-group, .bt-workers, .bt-stars) .bt-mini small { display: none; }
.btl-presenting :is(.bt-group, .bt-workers) .bt-mini b { font-size: 1.1em; }
.btl-presenting .bt-stars .bt-mini { padding: .1em .3em; border-width: 3px; }  /* a move: a larger card */
.btl-presenting .bt-stars .bt-mini b { font-size: 1.3em; }
.btl-presenting .bt-stars { display: inline-block; vertical-align: top; }  /* beside a short market */
/* a group's standing in one sentence (solved, published, tokens in hand); the two lines it stands
   for, the reserve with them, in the Details */
.bt-standing, .btl-presenting :is(.bt-tokens, .bt-tally),
.btl-presenting.btl-details-open .bt-standing { display: none; }
.btl-presenting .bt-standing, .btl-presenting.btl-details-open :is(.bt-tokens, .bt-tally) { display: block; }
</style>
"""


# -- small pieces ---------------------------------------------------------------------------------
def group_name(g: int) -> str:
    return t("beamtimes.group", n=g + 1)


def marker(g: int, short: bool = False) -> str:
    """A group's badge: colour, symbol and number ("● Group 1", short "●1")."""
    return badge(g, group_name(g), f"{g + 1}" if short else None, f"bt-mark bt-group-{g + 1}")


def card_words(face: str) -> str:
    """"physicist Q♥ (12)": the suit's meaning, the printed label and the value."""
    return t(f"beamtimes.card.{ROLE[suit(face)]}", label=label(face), value=value(face))


def card(face: str, mini: bool = False, down: bool = False, target: str = "") -> str:
    role = ROLE[suit(face)]
    ink = "bt-red" if suit(face) in "HD" else "bt-black"
    css = f"bt-card {ink} bt-{role}" + (" bt-mini" if mini else "") + (" bt-down" if down else "")
    words = card_words(face) + (f" ({t('beamtimes.hidden')})" if down else "")
    small = t("beamtimes.hidden") if down else t(f"beamtimes.role_words.{role}")
    mark = f' data-target="{target}"' if target else ""
    return (f'<span class="{css}"{mark} role="img" aria-label="{esc(words)}" title="{esc(words)}">'
            f'<b>{esc(label(face))}</b><small>{esc(small)}</small></span>')


def back(mini: bool = False) -> str:
    hidden = esc(t("beamtimes.hidden"))
    size = " bt-mini" if mini else ""
    return f'<span class="bt-card bt-back{size}" role="img" aria-label="{hidden}"><b>?</b><small>{hidden}</small></span>'


def _cards(faces, mini: bool = False) -> str:
    return "".join(card(f, mini) for f in faces) or esc(t("beamtimes.empty"))


def _box(title: str, body: str, css: str = "") -> str:
    return area(title, body, f"bt-area {css}")


def _note(text: str) -> str:
    return f'<div class="bt-note">{esc(text)}</div>'


# -- the table ------------------------------------------------------------------------------------
def _experiment(pending) -> str:
    return t("beamtimes.experiment", detector=label(pending["detector"]), group=group_name(pending["builder"]),
             result=t(f"beamtimes.result.{pending['result']}"))


def _known(face: str, words: str) -> str:
    """A face-up card with why this viewer may see it."""
    return card(face) + f'<div class="bt-known">{esc(words)}</div>'


def _places_of(view) -> dict[str, int]:
    """For each remembered card, the number of places it may be in (K17): the slots naming it."""
    among = {}
    for slot in view["ring"] + view["row"]:
        for c in slot["maybe"]:
            among[c] = among.get(c, 0) + 1
    return among


def _face_up(view, slot) -> tuple[str, str]:
    """A face-down card as this viewer knows it: by its own look, or as every group does; and,
    apart, the cards it remembers that may be here since they were shuffled (K17), or ""."""
    if not slot["card"] and slot["maybe"]:
        among = _places_of(view)
        groups: dict[int, list[str]] = {}  # cards shuffled together share their number of places
        for c in slot["maybe"]:
            groups.setdefault(among[c], []).append(label(c))
        # one short line per group: a reshuffle of four cards names all four on each of their places
        cards = "; ".join(t("beamtimes.among" if len(names) == 1 else "beamtimes.among_each",
                            card=names[0], cards=" ".join(names), n=n) for n, names in groups.items())
        key = "beamtimes.you_may" if isinstance(view["viewer"], int) else "beamtimes.all_may"
        words = t(key, cards=cards)
        # the class screen names the cards alone (how many places each may be in: the teacher's Details)
        short = t(key, cards=" ".join(label(c) for c in slot["maybe"]))
        return back(), (f'<div class="bt-known bt-maybe">{esc(words)}</div>'
                        f'<div class="bt-known bt-maybe-short">{esc(short)}</div>')
    if not slot["card"]:
        return back(), ""
    return _known(slot["card"], t("beamtimes.all_know" if slot["public"] else "beamtimes.you_know",
                                  card=label(slot["card"]))), ""


def _problem(view, p: int) -> str:
    slot, pending = view["ring"][p], view["pending"]
    if slot["solved_by"] is not None:
        face, maybe = _known(slot["card"], t("beamtimes.solved_by", n=slot["solved_by"] + 1)), ""
    else:
        # what a group remembers may be here runs under the card and its workers, the box's whole
        # width (beside the workers it made the ring too tall for a projector at 1366x768)
        face, maybe = _face_up(view, slot)
    workers = "".join(f'<li>{marker(w["group"])} {esc(t("beamtimes." + w["role"]))} {card(w["card"], mini=True)}</li>'
                      for w in slot["workers"])
    here = pending.get("problem") == p
    # the experiment's words are the headline's too: the class screen shows its detector here
    experiment = (f'<div class="bt-known">{card(pending["detector"], mini=True)} '
                  f'<span class="btl-detail">{esc(_experiment(pending))}</span></div>' if here else "")
    css = "bt-problem bt-pending" if here else "bt-problem"
    return (f'<div class="{css}" data-target="problem:{p}" aria-label="{esc(t("beamtimes.problem", n=p + 1))}">'
            f'<h4>{esc(t("beamtimes.problem", n=p + 1))}</h4>'
            f'<div class="bt-slot"><div>{face}</div><ul class="bt-workers">{workers}</ul></div>{maybe}{experiment}</div>')


def _place(view, i: int) -> str:
    slot = view["row"][i]
    face = "".join(_face_up(view, slot))
    tokens = "".join(marker(g, short=True) for g in slot["tokens"])
    count = esc(t("beamtimes.verifications", n=len(slot["tokens"])))
    return (f'<div class="bt-place" data-target="row:{i}" aria-label="{esc(t("beamtimes.place", n=i + 1))}">'
            f'<h4>{esc(t("beamtimes.place", n=i + 1))}</h4><div class="bt-face">{face}</div>'
            f'<div class="bt-verified"><div class="bt-count">{count}</div><div>{tokens}</div></div></div>')


def _ring(view) -> str:
    cells = "".join(_problem(view, p) for p in RING_ORDER)
    return _box(t("beamtimes.ring"), f'<div class="bt-ring">{cells}</div>', "bt-ring-area")


def _row(view) -> str:
    cells = "".join(_place(view, i) for i in range(len(view["row"])))
    removed = f'<div class="btl-detail">{esc(t("beamtimes.removed", n=view["removed"]))}</div>'
    return _box(t("beamtimes.row"), f'<div class="bt-row">{cells}</div>{removed}', "bt-row-area")


def _grants(view) -> str:
    return _box(t("beamtimes.grants"),
                "".join(card(g["card"], down=not g["face_up"], target=f'grant:{g["card"]}') for g in view["grants"]),
                "bt-grants")


def _market(view) -> str:
    offers = "".join(f'<span class="bt-offer">{card(m["card"], target=f"market:{i}")}<br>'
                     f'{esc(t("beamtimes.price", price=m["price"]))}</span>'
                     for i, m in enumerate(view["market"])) or esc(t("beamtimes.empty"))
    stars = "".join(card(c, mini=True, target=f"distinguished:{c}") for c in view["distinguished"])
    # the deck, and the distinguished pile while it is empty, are no move: the class screen folds them
    pile = "bt-stars" if stars else "bt-stars btl-detail"
    body = (offers + f'<div class="btl-detail">{esc(t("beamtimes.deck", n=view["deck"]))}</div>'
            f'<div class="{pile}"><b>{esc(t("beamtimes.distinguished"))}:</b> '
            f'{stars or esc(t("beamtimes.empty"))}</div>')
    return _box(t("beamtimes.market"), body, "bt-market")


def _group(view, g: int) -> str:
    data = view["groups"][g]
    you = f' ({esc(t("beamtimes.you"))})' if view["viewer"] == g else ""
    css = "bt-group bt-current" if view["player"] == g else "bt-group"
    standing = t("beamtimes.standing", solved=data["solved"], published=data["published"], tokens=data["tokens"])
    return (f'<div class="{css}" style="border-color:{COLOURS[g]}">'
            f'<p>{marker(g)}{you}</p>'
            f'<p><b>{esc(t("beamtimes.hand"))}:</b> {_cards(data["hand"], mini=True)}</p>'
            f'<p class="bt-tokens">{esc(t("beamtimes.tokens", tokens=data["tokens"], reserve=data["reserve"]))}</p>'
            f'<p class="bt-tally">{esc(t("beamtimes.tally", solved=data["solved"], published=data["published"]))}</p>'
            f'<p class="bt-standing">{esc(standing)}</p></div>')


def _groups(view) -> str:
    cells = "".join(_group(view, g) for g in range(view["players"]))
    return _box(t("beamtimes.groups"), f'<div class="bt-groups">{cells}</div>', "bt-groups-area")


def headline(view) -> str:
    """The side panel's head: the round, whose turn, and what the turn waits for."""
    solved = sum(slot["solved_by"] is not None for slot in view["ring"])
    rounds = esc(t("beamtimes.round", round=view["round"], rounds=view["rounds"]) + " · "
                  + t("beamtimes.goal", solved=solved, n=view["goal"]))
    if view["player"] is None:
        return f'<div class="bt-heading btl-phase">{rounds} · {esc(t("app.game_over"))}</div>'
    to_play = t("beamtimes.to_play", n=view["player"] + 1)
    return (f'<div class="bt-heading btl-phase">{rounds} · {marker(view["player"])} {esc(to_play)}</div>'
            + _notes(view))


def _notes(view) -> str:
    pending, phase, notes = view["pending"], view["phase"], []
    if view["full_hand"]:
        notes.append(t("beamtimes.full_hand", n=view["player"] + 1))
    if pending:
        notes.append(t("beamtimes.problem", n=pending["problem"] + 1) + ": " + _experiment(pending))
    if phase == "publish":
        notes.append(t("beamtimes.pending_publish", problem=pending["problem"] + 1))
        if "x" in pending:
            notes.append(t("beamtimes.pending_payout", x=pending["x"], leader=pending["leader_gain"],
                           each=pending["each_gain"]))
    elif phase == "swap":
        notes.append(t("beamtimes.pending_swap", problem=pending["problem"] + 1))
    elif phase == "verify":
        notes.append(t("beamtimes.verify_now"))
    return "".join(_note(n) for n in notes)


#: the part of the table each kind of move belongs to
TARGETS = {"hire": lambda a: f"market:{a.place}", "hire_distinguished": lambda a: f"distinguished:{a.card}",
           "grant": lambda a: f"grant:{a.grant}", "assign": lambda a: f"problem:{a.problem}",
           "build": lambda a: f"problem:{a.problem}", "swap": lambda a: f"row:{a.place}",
           "verify": lambda a: f"row:{a.place}"}


def target(action) -> str | None:
    key = TARGETS.get(action.kind)
    return key(action) if key else None


def table(view) -> str:
    supply = f'<div class="bt-supply">{_grants(view)}{_market(view)}</div>'
    return (CSS + '<div class="bt-table">' + _ring(view) + _row(view) + supply + _groups(view) + "</div>")


# -- the log ---------------------------------------------------------------------------------------
def _join(items) -> str:
    return ", ".join(items) or t("beamtimes.empty")


def _words(kind: str, key: str, item):
    """One value of an event record as words (groups and places counted from 1)."""
    if item is None:
        return item
    if key == "player":
        return group_name(item)
    if key in ("problem", "place"):
        return item + 1
    if key == "problems":
        return _join(str(p + 1) for p in item)
    if key == "card":  # the sentences for these two already name what the card is
        return label(item) if kind in ("build", "hire_distinguished") else card_words(item)
    if key in ("particle", "distinguished"):
        return card_words(item)
    if key in ("grant", "detector"):
        return label(item)
    if key in ("lost", "market"):
        return _join(card_words(c) for c in item)
    if key == "role":
        return t(f"beamtimes.{item}")
    if key == "gains":
        return _join(t("beamtimes.paid_to", group=group_name(int(g)), n=n) for g, n in item.items())
    if key == "solved":
        return _join(t("beamtimes.per_group", group=group_name(g), n=n) for g, n in enumerate(item))
    if key == "winners":
        return _join(group_name(g) for g in item)
    if key == "reason":
        return t(f"beamtimes.end.{item}")
    return item


def event(record) -> str:
    """One log line in plain words; a look or verification the viewer saw names the card."""
    kind = record["kind"]
    key = f"{kind}_secret" if kind in ("look", "verify") and "particle" in record else kind
    data = {k: _words(kind, k, v) for k, v in record.items() if k not in ("turn", "phase", "kind")}
    return f'{t("beamtimes.log_round", round=record["turn"])}: ' + t(f"beamtimes.event.{key}", **data)


def group(action) -> str:
    return t(f"beamtimes.group_label.{action.kind}")


# -- the end ---------------------------------------------------------------------------------------
def _decided(view) -> str:
    """Which step of K16 separated the winners from the rest, in words."""
    criteria, decided = view["criteria"], view["decided_by"]
    if decided == "solved":
        return t("beamtimes.decided.solved")
    level = criteria if decided == "shared" else criteria[:criteria.index(decided)]
    words = _join(t(f"beamtimes.criterion.{c}") for c in level)
    return t(f"beamtimes.decided.{'level' if decided == 'shared' else decided}", level=words)


def summary(view) -> str:
    winners = view["winners"]
    names = _join(group_name(g) for g in winners)
    headline = t("beamtimes.won" if len(winners) == 1 else "beamtimes.shared_win", winners=names)
    marks = "".join(marker(g, short=True) for g in winners)  # "●1": the sentence says the name
    lines = [t("beamtimes.ended", reason=t(f"beamtimes.end.{view['end_reason']}")),
             _decided(view)]
    standings = [marker(g) + " " + esc(t("beamtimes.standing", solved=d["solved"], published=d["published"],
                                           tokens=d["tokens"]))
                 for g, d in enumerate(view["groups"])]
    return (f'<div class="bt-summary"><p style="font-size:24px;font-weight:700">{marks} {esc(headline)}</p>'
            + "".join(f"<p>{esc(line)}</p>" for line in lines)
            + "".join(f"<p>{line}</p>" for line in standings) + "</div>")


seat_name = group_name  # the app's pass-the-device screen names seats as the game does
move_words = own_words


# -- the app ---------------------------------------------------------------------------------------
def app(seed: int | None = None, seats: list[str] | None = None, **options) -> GameApp:
    """The play app: groups as seats (a person or a bot each), the pass-the-device screen between
    people, the table with its moves beside it."""
    return GameApp(GAME, sys.modules[__name__], seed=seed, seats=seats, **options)


def play(seed: int | None = None, seats: list[str] | None = None, **options):
    """The play app as a widget (what the play notebook shows)."""
    return app(seed, seats, **options).widget


# -- the teaching layer ------------------------------------------------------------------------------
# The science moments: a solve (a range of one number), a published result (how close it came), an
# experiment out of range (a range ruled out) and a particle that probably does not exist verified.
# A solve and every published result are shown; the first exclusion and the first verification of a
# game only (they come often, and a show of each would hide the table).
FIRST_ONLY = ("out_of_range", "verify")
_teach = words_of("beamtimes.teach")


def _span(physicists, detector: int) -> tuple[int, int]:
    """The numbers an experiment covers: every physicist's range ends at the detector, so together
    they cover from the lowest to the highest of them (science.ranges.in_range, for any physicist)."""
    ends = [*physicists, detector]
    return min(ends), max(ends)


def _range_words(low: int, high: int) -> str:
    """"between 3 and 8", or "8" for an exact pair's range of one number."""
    return _teach("range.between", low=low, high=high) if low < high else _teach("range.one", n=low)


def how_to_play() -> list[Step]:
    """Two steps: a problem, a physicist and a detector (what a range is), then a turn."""
    worker = f'<ul class="bt-workers"><li>{marker(0)} {esc(t("beamtimes.leader"))} {card("7H", mini=True)}</li></ul>'
    problem = (f'<div class="bt-problem"><h4>{esc(t("beamtimes.problem", n=1))}</h4>'
               f'<div class="bt-slot"><div>{back()}</div>{worker}</div></div>')
    picture = (f'<div class="btl-show-picture bt-how">'
               f'{problem}<div>{card("9S")}</div><p class="btl-big">{esc(_teach("how.covers"))}</p></div>')
    first = ("how.goal", "how.range", "how.solve")
    second = ("how.turn", "how.pay", "how.end")
    return [Step(_teach("how.title"), _paragraphs(first[:2]) + picture + _paragraphs(first[2:]), _plain(first)),
            Step(_teach("how.turn_title"), _paragraphs(second), _plain(second))]


def _paragraphs(keys) -> str:
    return "".join(f"<p>{esc(_teach(key))}</p>" for key in keys)


def _plain(keys) -> str:
    return " ".join(_teach(key) for key in keys)


# -- hints: the solver bot chooses, the words say why --------------------------------------------------
def legal_moves(view) -> list:
    """The moves of the group to play, from its view alone, in the engine's order (the view holds
    all the rules need: hands, tokens, the grants, the market, the workers and the row's tokens)."""
    me, phase = view["player"], view["phase"]
    if phase == "publish":
        return [Publish(), Withhold()]
    row = [len(slot["tokens"]) for slot in view["row"]]
    if phase == "swap":
        return [Swap(i) for i, n in enumerate(row) if n == min(row)]
    tokens, hand = view["groups"][me]["tokens"], view["groups"][me]["hand"]
    if phase == "verify":  # a row card costs one token more than it holds
        return [Verify(i, n + 1) for i, n in enumerate(row) if tokens > n] + [EndTurn()]
    ring = view["ring"]
    leads = [p for p, s in enumerate(ring) if s["workers"] and s["workers"][0]["group"] == me and s["solved_by"] is None]
    builds = [Build(c, p) for p in leads for c in hand if is_detector(c)]
    open_ = [p for p, s in enumerate(ring) if s["solved_by"] is None and all(w["group"] != me for w in s["workers"])]
    assigns = [Assign(c, p) for c in hand if is_physicist(c) for p in open_] if tokens >= 1 else []
    grants = [ApplyForGrant(g["card"]) for g in view["grants"] if g["face_up"]]
    if len(hand) >= FULL_HAND:  # the full-hand table
        return builds or assigns or [*grants, Pass()]
    hires = [Hire(i, m["card"]) for i, m in enumerate(view["market"]) if tokens > i]
    if tokens >= DISTINGUISHED_PRICE:
        hires += [HireDistinguished(c) for c in view["distinguished"]]
    return [*grants, *hires, *assigns, *builds, Pass()]


def hint(view) -> tuple[str, str | None] | None:
    """What the group to play does now (the solver bot's choice: it aims at an exact solve) and the
    science reason, pointing at the part of the table the move belongs to."""
    if view["player"] is None or view["viewer"] != view["player"]:
        return None
    move = SolverBot(view["turn"]).choose(view, legal_moves(view))
    return f"{move}: {_why(move, view)}", target(move)


def _known_value(view, p: int) -> int | None:
    """The number of problem ``p`` if this group sees its card."""
    card_there = view["ring"][p]["card"]
    return value(card_there) if card_there else None


def _why(move, view) -> str:
    """The science reason for a move, in a student's words."""
    kind = move.kind
    if kind in ("hire", "hire_distinguished"):
        return _why_hire(move, view)
    if kind == "assign":
        return _why_assign(move, view)
    if kind == "build":
        return _why_build(move, view)
    if kind == "grant":
        return _teach("hint.grant", value=value(move.grant))
    if kind == "publish":
        return _teach("hint.publish", x=view["pending"]["x"])  # the builder looked: its view shows X
    if kind == "withhold":
        return _teach("hint.withhold_nothing" if view["pending"].get("leader_gain") == 0 else "hint.withhold")
    return _teach(f"hint.{kind}")  # swap, verify, end_turn, pass


def _exact_for(view, number: int) -> int | None:
    """An open problem this group knows to be ``number``, or None."""
    return next((p for p, s in enumerate(view["ring"]) if s["solved_by"] is None and _known_value(view, p) == number),
                None)


def _why_hire(move, view) -> str:
    number = value(move.card)
    p = _exact_for(view, number)
    if p is not None:
        return _teach("hint.hire_exact", problem=p + 1, number=number)
    return _teach("hint.hire_detector" if is_detector(move.card) else "hint.hire_physicist")


def _why_assign(move, view) -> str:
    number, workers = value(move.card), view["ring"][move.problem]["workers"]
    if workers:
        return _teach("hint.assign_collaborator")
    if _known_value(view, move.problem) == number:
        return _teach("hint.assign_exact", problem=move.problem + 1, number=number)
    return _teach("hint.assign_leader")


def _why_build(move, view) -> str:
    workers = view["ring"][move.problem]["workers"]
    low, high = _span([value(w["card"]) for w in workers], value(move.card))
    known = _known_value(view, move.problem)
    if known is not None and low <= known <= high:
        exact = is_exact(known, [value(w["card"]) for w in workers], value(move.card))
        return _teach("hint.build_solve" if exact else "hint.build_known", low=low, high=high, number=known)
    return _teach("hint.build", low=low, high=high)


# -- the science moments --------------------------------------------------------------------------------
def _detector_of(records, problem: int) -> str | None:
    """The detector of the latest experiment at ``problem`` (its build record)."""
    return next((r["card"] for r in reversed(records) if r["kind"] == "build" and r["problem"] == problem), None)


def _exact_physicist(records, problem: int, number: int) -> str:
    """The physicist of the solve: the one assigned to ``problem`` with its number (a collaborator's
    as often as the leader's; the credit is the leader's group's all the same, K13)."""
    return next(r["card"] for r in reversed(records)
                if r["kind"] == "assign" and r["problem"] == problem and value(r["card"]) == number)


def _paid(gains: dict, leader: int) -> str:
    """The collaborators paid, in words ("Group 2: +5"), or "" for a group that worked alone."""
    return _join(t("beamtimes.paid_to", group=group_name(int(g)), n=n) for g, n in gains.items() if int(g) != leader) \
        if len(gains) > 1 else ""


def _moment_solved(record, seen) -> Step:
    p, leader = record["problem"], record["player"]
    detector = _detector_of(seen, p)
    physicist = _exact_physicist(seen, p, value(record["particle"]))
    others = _paid(record["gains"], leader)
    words = _teach("moment.solved", problem=p + 1, particle=label(record["particle"]), detector=label(detector),
                   physicist=label(physicist), group=group_name(leader))
    credit = _teach("moment.solved_shared", group=group_name(leader), others=others) if others else _teach("moment.solved_alone", group=group_name(leader),
                                                                                 n=record["gains"][str(leader)])
    cards = card(record["particle"]) + card(detector) + card(physicist)
    return Step(_teach("moment.solved_title"), f'<p class="btl-big">{cards}</p><p>{esc(words)}</p><p>{esc(credit)}</p>',
                f"{words} {credit}", "hit")


def _closest(records) -> tuple[int, int] | None:
    """(X, group) of the closest result published among ``records``, the earliest of equals."""
    found = [(r["x"], r["player"]) for r in records if r["kind"] in ("published", "solved")]
    return min(found, key=lambda pair: pair[0]) if found else None


def _moment_published(record, seen) -> Step:
    """``seen``: the game's public records up to this one, this one last."""
    p, x = record["problem"], record["x"]
    detector = _detector_of(seen, p)
    words = _teach("moment.published", group=group_name(record["player"]), problem=p + 1,
                   particle=label(record["particle"]), detector=label(detector), x=x)
    before = _closest(seen[:-1])  # the closest result before this one
    why = (_teach("moment.closest_now", x=x) if before is None or x < before[0]
           else _teach("moment.closest_still", x=before[0], group=group_name(before[1])))
    cards = card(record["particle"]) + card(detector)
    return Step(_teach("moment.published_title"), f'<p class="btl-big">{cards}</p><p>{esc(words)}</p><p>{esc(why)}</p>',
                f"{words} {why}", "replication")


def _moment_out_of_range(record) -> Step:
    physicists = [value(c) for c in record["lost"]]
    low, high = _span(physicists, value(record["detector"]))
    words = _teach("moment.out_of_range", problem=record["problem"] + 1, range=_range_words(low, high),
                   group=group_name(record["player"]))
    cards = card(record["detector"]) + "".join(card(c) for c in record["lost"])
    return Step(_teach("moment.out_of_range_title"), f'<p class="btl-big">{cards}</p><p>{esc(words)}</p>', words, "null")


def _moment_verify(record) -> Step:
    words = _teach("moment.verify", group=group_name(record["player"]), place=record["place"] + 1,
                   cost=record["cost"])
    return Step(_teach("moment.verify_title"), f'<p class="btl-big">{back()}</p><p>{esc(words)}</p>', words, "null")


def moments(records, view, earlier=()) -> list[Step]:
    """A solve and a published result, each time; the first exclusion and verification of a game."""
    steps, seen = [], list(earlier)
    shown = {r["kind"] for r in earlier if r["kind"] in FIRST_ONLY}
    for record in records:
        seen.append(record)
        kind = record["kind"]
        if kind in FIRST_ONLY and kind in shown:
            continue
        shown.add(kind)
        if kind == "solved":
            steps.append(_moment_solved(record, seen))
        elif kind == "published":
            steps.append(_moment_published(record, seen))
        elif kind == "out_of_range":
            steps.append(_moment_out_of_range(record))
        elif kind == "verify":
            steps.append(_moment_verify(record))
    return steps


# -- the ending ---------------------------------------------------------------------------------------
def _solves(records) -> list[str]:
    """A sentence for each problem solved in the game."""
    return [_teach("end.solve", group=group_name(r["player"]), problem=r["problem"] + 1,
                   particle=label(r["particle"]), detector=label(_detector_of(records[:i], r["problem"])))
            for i, r in enumerate(records) if r["kind"] == "solved"]


def ending(view, records) -> str:
    """What this game showed about detector ranges, with its own numbers, and the way on."""
    count = {kind: sum(r["kind"] == kind for r in records)
             for kind in ("published", "out_of_range", "verify", "solved")}
    lines = _solves(records) or [_teach("end.no_solve")]
    closest = _closest(records)
    if closest and not count["solved"]:
        lines.append(_teach("end.closest", x=closest[0], group=group_name(closest[1])))
    excluded = next((r for r in records if r["kind"] == "out_of_range"), None)
    if excluded:
        low, high = _span([value(c) for c in excluded["lost"]], value(excluded["detector"]))
        lines.append(_teach("end.excluded", group=group_name(excluded["player"]), problem=excluded["problem"] + 1,
                            range=_range_words(low, high)))
    lines += [_teach("end.numbers", published=count["published"], excluded=count["out_of_range"],
                     verified=count["verify"]),
              _teach("end.science"), _teach("end.simplifies")]
    link = page_link("detector-ranges.ipynb")
    return ("".join(f"<p>{esc(line)}</p>" for line in lines)
            + f'<p><a href="{esc(with_language(link))}" target="_blank">{esc(_teach("end.more"))}</a></p>')
