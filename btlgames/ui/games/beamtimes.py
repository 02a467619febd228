"""How Beamtimes and Lifetimes looks: the accelerator ring, the row, the market and the groups.

Everything drawn comes from ``view(viewer)``: a face-down card is drawn face down
unless the view shows it. Suits carry their symbol and a word (♥ physicist,
♠ detector, ♦ particle, ♣ grant); groups carry a colour, a symbol and a number.
"""
from __future__ import annotations

import sys

from ...beamtimes.cards import ROLE, label, suit, value
from ...core.i18n import t
from ..app.game_app import GameApp
from ..app.renderer import area, badge, esc, own_words
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


# -- the teaching layer (to come: a how to play, hints, the game's moments, its ending) --------------
def how_to_play() -> list:
    return []


def hint(view):
    return None


def moments(records, view, earlier=()) -> list:
    return []


def ending(view, records) -> str:
    return ""
