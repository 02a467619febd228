"""The debrief on the projector: one question per screen, with this game's own evidence drawn large.

:func:`presenter` (the game app's Debrief button opens it) takes a Research Programme state,
finished or not, and returns one widget: an opening screen (who won, the scoreboard), the five
questions of the rulebook's debrief, and a closing screen (what to remember); Previous and Next
step through them, and "Back to the game" calls ``close`` when one is given. Inside the school
app the debrief keeps to the lesson's own clock (handed in as ``clock``, shown in the app's
header: one clock for the lesson, which knows when the game ended); on its own it brings a
debrief clock (a lesson clock of 8 minutes by default).

Made to fit one screen without scrolling at 1920×1080 and 1366×768 in a box the size of the
viewport minus the game app's header: type and charts scale with the viewport, and every screen
shows at most a handful of lines (the document view, ``btlgames/ui/debrief/document.py``, has the rest).
Screens are drawn when first shown, then kept.

CSS contract (the browser tests): the outer box has ``btl-app btl-debrief-presenter``; each
screen is a ``section.btl-debrief-screen`` with ``data-screen`` (0 the opening, 1-5 the
questions, 6 the closing) and ``data-of`` (the number of screens); Previous and Next are
``btl-action`` buttons named "Previous" and "Next".
"""
from __future__ import annotations

import time
from typing import Callable

import ipywidgets as w

from ...research import cards
from ...research import debrief as facts
from . import charts
from . import words
from .pieces import Seats, bullets, msg, number, signed, table
from ..common.lesson_clock import LessonClock
from ..common.widgets import app, button, esc, message, stylesheet

QUESTIONS = 5
SCREENS = QUESTIONS + 2  # the opening, the questions, the closing
PAIR_ROWS = 6  # at most this many rows of "who replicated whom"
LINES = 5  # at most this many lines of evidence on a screen: the rest is in the document view
CLOCK_MINUTES = (5, 10)  # the debrief's 5-10 minutes

STYLE = stylesheet("""\
.btl-debrief-presenter { --btl-q: clamp(22px, min(3.2vh, 1.85vw), 36px);
  --btl-ev: clamp(16px, min(2.1vh, 1.2vw), 24px);
  height: calc(100vh - 70px); box-sizing: border-box; overflow: hidden; background: #fff; color: #111;
  font-size: var(--btl-ev); line-height: 1.3; padding: 6px 14px 10px; }  /* room for the buttons' focus ring */
/* Inside the game app the presenter fills the app's body instead. */
.btl-body > .btl-debrief-presenter { height: auto; align-self: stretch; }
.btl-debrief-presenter .widget-html, .btl-debrief-presenter .widget-html-content {
  font-size: var(--btl-ev); line-height: 1.3; }
.btl-present-top { flex: 0 0 auto; align-items: center; gap: 12px; border-bottom: 3px solid #333;
  padding-bottom: 4px; }
.btl-present-top > .btl-present-title { flex: 1 1 auto; min-width: 0; }
.btl-present-title .btl-present-game { font-size: calc(var(--btl-ev) * .9); font-weight: 600; }
.btl-present-screen { flex: 1 1 auto; min-height: 0; overflow: hidden; }
.btl-present-screen > .widget-html-content { display: block; height: 100%; width: 100%; }
.btl-present-nav { flex: 0 0 auto; align-items: center; gap: 14px; border-top: 3px solid #333; padding-top: 6px; }
.btl-debrief-presenter .btl-present-nav .widget-button, .btl-debrief-presenter .lc-clock .widget-button {
  font-size: var(--btl-ev); height: auto; min-height: 2em; padding: .2em 1em; width: auto; }
.btl-debrief-presenter .btl-present-nav .btl-present-step { font-weight: 700; min-width: 6em; }
.btl-present-position { font-size: var(--btl-ev); font-weight: 700; }
.btl-present-nav > .btl-present-back { margin-left: auto; }
/* the lesson clock, in one row */
.btl-debrief-presenter .lc-clock.widget-vbox { flex-direction: row; align-items: center; gap: 8px;
  padding: 2px 8px; margin: 0; flex: 0 0 auto; }
.btl-debrief-presenter .lc-digits { font-size: calc(var(--btl-ev) * 1.35); }
.btl-debrief-presenter .lc-track { width: 7em; margin: 2px 0; }
.btl-debrief-presenter .lc-clock .widget-hbox { gap: 4px; }
.btl-present-clock-label { font-weight: 700; }
/* a screen */
.btl-debrief-screen { height: 100%; box-sizing: border-box; display: grid;
  grid-template-rows: auto auto minmax(0, 1fr) auto;
  gap: .35em; padding: .4em 0 .2em; overflow: hidden; }
.btl-debrief-screen .btl-kicker { font-size: var(--btl-ev); font-weight: 700; color: #333; text-transform: uppercase;
  letter-spacing: .04em; }
.btl-debrief-screen h2 { font-size: var(--btl-q); line-height: 1.2; margin: 0; font-weight: 800; }
.btl-screen-body { min-height: 0; display: grid; grid-template-columns: minmax(0, 1.05fr) minmax(0, 1fr); gap: 1.2em; }
.btl-screen-body.btl-one { grid-template-columns: minmax(0, 1fr); }
.btl-screen-words, .btl-screen-picture { min-height: 0; overflow: hidden; }
.btl-screen-picture { display: flex; flex-direction: column; align-items: center; justify-content: flex-start; }
.btl-screen-picture img.btl-chart { display: block; max-width: 100%; max-height: 100%; width: auto; height: auto;
  object-fit: contain; min-height: 0; flex: 1 1 auto; }
.btl-debrief-screen p { margin: 0 0 .45em; }
.btl-debrief-screen ul { margin: 0 0 .4em; padding-left: 1.2em; }
.btl-debrief-screen li { margin: 0 0 .3em; }
.btl-debrief-screen .btl-lead { font-weight: 700; }
.btl-debrief-screen .btl-ask { font-size: var(--btl-ev); border-left: 6px solid #1a5fb4; background: #eef4fc;
  padding: .2em .6em; margin: 0; }
.btl-debrief-screen .btl-seat { font-weight: 800; white-space: nowrap; }
.btl-debrief-screen .btl-more { font-style: italic; color: #333; }
.btl-debrief-screen table.btl-table { border-collapse: collapse; }
.btl-debrief-screen table.btl-table th, .btl-debrief-screen table.btl-table td { border: 2px solid #666;
  padding: .15em .45em; text-align: left; vertical-align: top; }
.btl-debrief-screen table.btl-table thead th { background: #eee; font-size: .9em; }
.btl-debrief-screen table.btl-table td.btl-num { text-align: right; font-variant-numeric: tabular-nums; }
.btl-debrief-screen .btl-box { border: 3px solid #333; border-radius: .4em; padding: .3em .7em; }
.btl-debrief-screen .btl-box h3 { font-size: var(--btl-ev); margin: 0 0 .3em; }
/* question 1: two tests drawn large */
.btl-test-cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(14em, 1fr)); gap: .8em;
  margin: .3em 0 .6em; }
.btl-test-card { border: 4px solid #333; border-radius: .5em; padding: .3em .7em; font-size: 1.15em; }
.btl-test-card.btl-fail { border-style: dashed; }
.btl-test-head { font-weight: 800; }
.btl-test-roll { font-size: 1.45em; font-weight: 800; font-variant-numeric: tabular-nums;
  margin-top: .2em; }
.btl-screen-opening h2 { font-size: calc(var(--btl-q) * 1.1); }
.btl-scores li { font-size: calc(var(--btl-ev) * 1.05); }
""")


def _position(n: int) -> str:
    if n == 0:
        return msg("present.position.opening")
    if n == SCREENS - 1:
        return msg("present.position.closing")
    return msg("present.position.question", n=n, of=QUESTIONS)


def capped(lines: list[str], limit: int = LINES) -> list[str]:
    """At most ``limit`` lines; a last one says how many more the document view shows."""
    if len(lines) <= limit:
        return lines
    return lines[:limit - 1] + [f'<span class="btl-more">{esc(msg("present.more", n=len(lines) - limit + 1))}</span>']


def screen(n: int, title: str, body: str, ask: str = "", picture: str = "", kind: str = "question") -> str:
    """A screen: its position, the question (or title), the evidence (words, and a picture beside
    them) and the teacher's prompt."""
    cols = "btl-screen-body" + ("" if picture else " btl-one")
    side = f'<div class="btl-screen-picture">{picture}</div>' if picture else ""
    prompt = f'<p class="btl-ask">{esc(ask)}</p>' if ask else "<div></div>"
    return (f'<section class="btl-debrief-screen btl-screen-{kind}" data-screen="{n}" data-of="{SCREENS}" '
            f'aria-label="{esc(_position(n))}"><div class="btl-kicker">{esc(_position(n))}</div>'
            f'<h2>{esc(title)}</h2><div class="{cols}"><div class="btl-screen-words">{body}</div>{side}</div>'
            f"{prompt}</section>")


def lines(items: list[str]) -> str:
    return bullets(capped(items)) if items else ""


# -- the opening ----------------------------------------------------------------------------------
def winners_words(seats: Seats, d: facts.Debrief) -> str:
    """Who won ("● Team 1 wins with 9 VP"), who share the win, or who leads a game still on."""
    s = d.summary
    if s.over:
        won = s.winners
        key = "present.won" if len(won) == 1 else "present.shared"
    else:
        best = max(s.vp) if s.vp else 0
        won = [p for p, v in enumerate(s.vp) if v == best]
        key = "present.leads" if len(won) == 1 else "present.lead_shared"
    names = msg("present.and").join(seats.label(p) for p in won)
    return msg(key, seats=names, vp=number(s.vp[won[0]]) if won else 0, round=s.round, rounds=s.rounds)


def score_line(seats: Seats, d: facts.Debrief, p: int) -> str:
    """One seat's line of the scoreboard: its VP and where most of them came from."""
    row = d.vp.loc[p]
    sources = ", ".join(msg("present.source", source=msg(f"vp.{k}"), vp=signed(v)) for k, v in facts.top_sources(row))
    words_ = msg("present.score", vp=number(int(row["total"])), sources=sources or msg("present.no_vp"))
    return f"{seats.badge(p)} {esc(words_)}"


def opening(seats: Seats, d: facts.Debrief) -> str:
    """Who won, and the scores in the rules' order: the winners first (a tie-break said in words
    under the winner), then the others as the tie-break ranks them."""
    s = d.summary
    tie = words.tiebreak_words(seats, s)
    body = [f'<p class="btl-lead btl-tiebreak">{tie}</p>'] if tie else []
    body.append(bullets([score_line(seats, d, p) for p in s.ranking], "btl-scores"))
    if s.over:
        ended = msg(f"game.end.{s.end_reason or 'rounds'}", round=s.round, rounds=s.rounds, counter=s.counter,
                    goal=s.counter_goal)
        body.append(f"<p>{esc(ended)}</p>")
    else:
        body.append(message(esc(msg("game.unfinished", round=s.round, rounds=s.rounds))))
    return screen(0, winners_words(seats, d), "".join(body), msg("present.ask.opening"), kind="opening")


# -- question 1 ----------------------------------------------------------------------------------
def question_1(seats: Seats, d: facts.Debrief) -> str:
    th = d.theories
    counts = th["verdict"].value_counts()
    count = msg("present.q1.count", n=len(th), replicated=int(counts.get("replicated", 0)),
                hit_only=int(counts.get("hit_only", 0)), tests=len(d.tests))
    body = words.pair_html(seats, d.pair) + f"<p>{esc(count)}</p>"
    return screen(1, msg("question.1"), body, msg(f"present.ask.q1.{d.pair.kind}"))


# -- question 2 ----------------------------------------------------------------------------------
def _bias_lines(seats: Seats, d: facts.Debrief) -> list[str]:
    """This game's biases, a few of each kind: cards played (full game) or bias events (school
    game), the artefacts, the rounds Hype ran ahead (the artefact zone first), the tests the noise
    decided; a last line counts the rest."""
    escaped = []
    if d.summary.variant == "school":
        came = [words.strike_line(seats, r) for r in _struck_first(d.strikes[d.strikes["sort"] == "bias"]).itertuples()]
        escaped = words.escape_lines(seats, d.escapes, d.strikes)  # who it passed by, and why: the lesson's point
    else:
        came = [words.interference_line(seats, r)
                for r in d.interference[d.interference["type"] == "bias"].itertuples()]
    ahead = d.hype.sort_values("zone", kind="stable")  # "artefacts" before "edge"
    noisy = d.noisy_tests[d.noisy_tests["decided"]]
    return sample([(came, 2), (escaped, 1), ([words.artefact_line(seats, r) for r in d.artefacts.itertuples()], 1),
                   ([words.hype_line(seats, r) for r in ahead.itertuples()], 1),
                   ([words.noisy_test_line(seats, r) for r in noisy.itertuples()], 0 if escaped else 1)])


def sample(groups: list[tuple[list[str], int]]) -> list[str]:
    """The first lines of each group (as many as it is given), and a line saying how many more
    there are; a group with room to spare gives it to the next ones."""
    out, spare, hidden = [], 0, 0
    for items, room in groups:
        take = room + spare
        out += items[:take]
        spare = max(0, take - len(items))
        hidden += max(0, len(items) - take)
    return out + ([f'<span class="btl-more">{esc(msg("present.more", n=hidden))}</span>'] if hidden else [])


def _struck_first(strikes):
    """Events that struck before those a team was protected from, each in the order they came."""
    return strikes.sort_values("outcome", key=lambda o: o != "struck", kind="stable")


def _real_protections(d: facts.Debrief) -> list[str]:
    """The real labs' protections against this game's biases: what protected teams from bias
    events, then what would have blocked the biases that came (the methods their cards name);
    without any, the best known ones."""
    guards = []  # ("method", id), ("prereg", ""), ...
    if d.summary.variant == "school":
        biases = d.strikes[d.strikes["sort"] == "bias"]
        guards += [(r.how, r.method) for r in biases[biases["outcome"] == "protected"].itertuples()]
        came = biases["card"]
    else:
        came = d.interference[d.interference["type"] == "bias"]["card"]
    for card_id in dict.fromkeys(came):
        card = cards.interference().get(card_id)
        if card is not None:
            guards += [("method", m) for m in card.blocked_by] + ([("prereg", "")] if card.prereg else [])
    found = [words.real_protection(how, method) for how, method in dict.fromkeys(guards)]
    found = [f for f in dict.fromkeys(found) if f]
    return found[:3] or list(msg("present.protect"))


def question_2(seats: Seats, d: facts.Debrief) -> str:
    found = _bias_lines(seats, d)
    lead = msg("present.q2.none" if not found else "present.q2.lead." + d.summary.variant)
    body = f'<p class="btl-lead">{esc(lead)}</p>' + bullets(found) + f"<p>{esc(words.noise_summary(d))}</p>"
    real = (f'<div class="btl-box"><h3>{esc(msg("present.q2.real"))}</h3>'
            f'{bullets(esc(x) for x in _real_protections(d))}</div>')
    return screen(2, msg("question.2"), body, msg("present.ask.q2"), picture=real)


# -- question 3 ----------------------------------------------------------------------------------
def pairs_table(seats: Seats, d: facts.Debrief) -> str:
    """Who replicated whom: tester, whose theory, replications and repetitions, the VP they gave."""
    rows = []
    for r in d.pairs.itertuples():
        gave = (msg("present.q3.gave_own", vp=r.tester_vp) if r.tester == r.owner
                else msg("present.q3.gave_other", vp=r.tester_vp, owner_vp=r.owner_vp))
        rows.append([seats.badge(r.tester), seats.badge(r.owner), str(r.replications), str(r.repetitions),
                     esc(gave if r.replications else "—")])
    shown = rows if len(rows) <= PAIR_ROWS else rows[:PAIR_ROWS - 1]  # the last line says how many more
    return table([msg(f"present.q3.col.{k}") for k in ("tester", "owner", "replications", "repetitions", "vp")],
                 shown, numeric={2, 3})


def question_3(seats: Seats, d: facts.Debrief) -> str:
    s, tests = d.summary, d.tests
    reps = int((tests["outcome"] == "replication").sum())
    repeats = int((tests["outcome"] == "repetition").sum())
    lead = msg("present.q3.count", replications=reps, repetitions=repeats, counter=s.counter, goal=s.counter_goal)
    body = f'<p class="btl-lead">{esc(lead)}</p>'
    if len(d.pairs):
        body += pairs_table(seats, d)
        if len(d.pairs) > PAIR_ROWS:
            body += f'<p class="btl-more">{esc(msg("present.more", n=len(d.pairs) - PAIR_ROWS + 1))}</p>'
    else:
        body += f"<p>{esc(msg('present.q3.none'))}</p>"
    body += f"<p>{esc(msg('present.q3.explain'))}</p>"
    picture = charts.kinds_chart(seats, d, charts.PROJECTOR, caption=False) if len(tests) else ""
    return screen(3, msg("question.3"), body, msg("present.ask.q3"), picture=picture)


# -- question 4 ----------------------------------------------------------------------------------
def drawer_table(seats: Seats, d: facts.Debrief) -> str:
    """Per seat: null results, published in a journal, as a preprint only, left in the drawer,
    and those no one could publish yet: too late (the game ended first) or still open (it goes on)."""
    res = d.results_by_player
    waiting = "late" if d.summary.over else "open"
    rows = []
    for p in range(d.summary.players):
        r = res.loc[p]
        rows.append([seats.badge(p), str(int(r["nulls"])), f'{int(r["journal_null"])} ({signed(int(r["null_vp"]))} VP)',
                     str(int(r["preprint_null"])), str(int(r["null_drawer"])), str(int(r[f"null_{waiting}"]))])
    return table([msg(f"present.q4.col.{k}") for k in ("seat", "nulls", "journal", "preprint", "drawer", waiting)],
                 rows, numeric={1, 2, 3, 4, 5})


def question_4(seats: Seats, d: facts.Debrief) -> str:
    res, s = d.results_by_player, d.summary
    nulls = int(res["nulls"].sum())
    key = "present.q4.nulls" if s.over else "present.q4.nulls_open"
    lead = (msg(key, nulls=nulls, journal=int(res["journal_null"].sum()), drawer=int(res["null_drawer"].sum()),
                late=int(res["null_late"].sum()), open=int(res["null_open"].sum())) if nulls else msg("q4.no_nulls"))
    body = f'<p class="btl-lead">{esc(lead)}</p>' + drawer_table(seats, d)
    cost = d.vp[d.vp["hype"] < 0]
    if s.over and len(cost):
        body += f"<p>{esc(msg('q4.hype_cost', seats=', '.join(seats.seat(p) for p in cost['player'])))}</p>"
    else:
        body += f"<p>{esc(msg('present.q4.hype'))}</p>"
    picture = charts.tracks_chart(seats, d, charts.PROJECTOR, caption=False)
    return screen(4, msg("question.4"), body, msg("present.ask.q4"), picture=picture)


# -- question 5 ----------------------------------------------------------------------------------
def _protected_best(d: facts.Debrief) -> str:
    safe = d.strike_protections
    if not len(safe):
        return msg("present.q5.nothing_protected")
    best = safe.iloc[0]
    return msg("present.q5.best", guard=words.protection_words(best["how"], best["method"]), n=int(best["total"]))


def _school_5(seats: Seats, d: facts.Debrief) -> tuple[str, str]:
    s = d.strikes
    if not len(s):  # an older save, or a game without such events: the events that happened instead
        found = [words.event_effect_line(seats, r) for r in d.event_effects.itertuples()]
        found = found or [words.event_line(r) for r in d.events.itertuples()]
        body = (f'<p class="btl-lead">{esc(msg("present.q5.school_none"))}</p>' + lines(found)
                + f"<p>{esc(msg('present.q5.nobody'))}</p>")
        return body, _tell_apart()
    count = s.groupby(["sort", "outcome"]).size()
    lead = msg("present.q5.count", bias_struck=int(count.get(("bias", "struck"), 0)),
               bias_protected=int(count.get(("bias", "protected"), 0)), bias_escaped=len(d.escapes),
               influence_struck=int(count.get(("influence", "struck"), 0)),
               influence_protected=int(count.get(("influence", "protected"), 0)))
    examples = []  # who was hit by what: two of each sort, those that struck first; who the bias passed by
    for sort in ("bias", "influence"):
        mine = _struck_first(s[s["sort"] == sort])
        examples += [words.strike_line(seats, r) for r in mine.head(2).itertuples()]
        if sort == "bias":
            examples += words.escape_lines(seats, d.escapes, s)[:1]
    body = (f'<p class="btl-lead">{esc(lead)}</p><p>{esc(msg("present.q5.explain"))}</p>' + lines(examples)
            + f"<p>{esc(_protected_best(d))}</p>")
    return body, charts.strikes_chart(seats, d, charts.PROJECTOR, caption=False)


def _full_5(seats: Seats, d: facts.Debrief) -> tuple[str, str]:
    inter = d.interference
    if not len(inter):
        return f'<p class="btl-lead">{esc(msg("q5.none"))}</p>', _tell_apart()
    count = inter["type"].value_counts()
    lead = msg("q5.count", biases=int(count.get("bias", 0)), influence=int(count.get("influence", 0)))
    influence = [words.interference_line(seats, r) for r in inter[inter["type"] == "influence"].itertuples()]
    best = (msg("present.q5.blocked_best", how=msg(f"how.{next(iter(d.protections))}"),
                n=next(iter(d.protections.values()))) if d.protections else msg("q5.nothing_blocked"))
    body = f'<p class="btl-lead">{esc(lead)}</p>' + lines(capped(influence, 3)) + f"<p>{esc(best)}</p>"
    return body, charts.interference_chart(seats, d, charts.PROJECTOR, caption=False)


def _tell_apart() -> str:
    return (f'<div class="btl-box"><h3>{esc(msg("present.q5.apart"))}</h3>'
            f'{bullets(esc(x) for x in msg("present.q5.apart_list"))}</div>')


def question_5(seats: Seats, d: facts.Debrief) -> str:
    body, picture = (_school_5 if d.summary.variant == "school" else _full_5)(seats, d)
    return screen(5, msg("question.5"), body, msg("present.ask.q5"), picture=picture)


# -- the closing ----------------------------------------------------------------------------------
def this_game(d: facts.Debrief) -> str:
    """The game in one line of numbers."""
    res = d.results_by_player
    struck = int((d.strikes["outcome"] == "struck").sum()) + int((d.interference["outcome"] == "suffered").sum())
    return msg("present.this_game", replications=d.summary.counter, nulls=int(res["nulls"].sum()),
               published=int(res["null_published"].sum()), drawer=int(res["null_drawer"].sum()),
               artefacts=len(d.artefacts), struck=struck)


def closing(seats: Seats, d: facts.Debrief) -> str:
    body = bullets(esc(x) for x in msg("present.remember")) + f'<p class="btl-lead">{esc(this_game(d))}</p>'
    return screen(SCREENS - 1, msg("present.closing"), body, msg("present.ask.closing"), kind="closing")


DRAW = (opening, question_1, question_2, question_3, question_4, question_5, closing)


# -- the widget -------------------------------------------------------------------------------------
class Presenter:
    """The projector's debrief of one game: ``widget`` is what to show; :meth:`show` and
    :meth:`step` move between the screens (the buttons call them)."""

    def __init__(self, state, close: Callable[[], None] | None = None, minutes: int = 8,
                 now: Callable[[], float] = time.time, clock: LessonClock | None = None):
        self.facts = facts.analyse(state)
        self.seats = Seats(self.facts.summary.variant)
        self.index = 0
        self._drawn: dict[int, str] = {}
        self.own_clock = clock is None  # without the lesson's clock, a debrief clock of its own
        self.clock = clock or LessonClock(min(max(int(minutes), CLOCK_MINUTES[0]), CLOCK_MINUTES[1]), now=now,
                                          words="debrief.clock")
        self.screen = w.HTML()
        self.screen.add_class("btl-present-screen")
        self.position = w.HTML()
        self.position.add_class("btl-present-position")
        self.previous = self._button("previous", -1)
        self.next = self._button("next", 1)
        nav = [self.previous, self.position, self.next]
        if close is not None:
            back = button(msg("present.back"), msg("present.back_tip"))
            back.add_class("btl-present-back")
            back.on_click(lambda _: close())
            nav.append(back)
        self.widget = app([self._top(), self.screen, self._row(nav, "btl-present-nav")], "btl-debrief-presenter",
                          style=STYLE)
        self.show(0)

    def _button(self, which: str, step: int) -> w.Button:
        b = button(msg(f"present.{which}"), msg(f"present.{which}_tip"))
        b.add_class("btl-present-step")
        b.on_click(lambda _: self.step(step))
        return b

    @staticmethod
    def _row(children, cls: str) -> w.HBox:
        box = w.HBox(children)
        box.add_class(cls)
        return box

    def _top(self) -> w.HBox:
        s = self.facts.summary
        game = msg("present.title", variant=msg(f"variant.{s.variant}"), n=s.players, seed=s.seed)
        title = w.HTML(f'<div class="btl-present-game">{esc(game)}</div>')
        title.add_class("btl-present-title")
        if not self.own_clock:  # the lesson's clock is in the app's header already
            return self._row([title], "btl-present-top")
        clock = msg("present.clock", minutes=self.clock.total // 60)
        label = w.HTML(f'<span class="btl-present-clock-label">{esc(clock)}</span>')
        return self._row([title, label, self.clock.widget], "btl-present-top")

    def html(self, n: int) -> str:
        """Screen ``n``'s HTML, drawn the first time it is asked for."""
        if n not in self._drawn:
            try:
                self._drawn[n] = DRAW[n](self.seats, self.facts)
            except Exception as err:  # a sentence for the teacher rather than a traceback; the others still work
                return screen(n, msg("present.broken"), message(esc(msg("failed", why=err)), error=True))
        return self._drawn[n]

    def show(self, n: int) -> None:
        """Show screen ``n`` (kept inside the first and the last)."""
        self.index = min(max(int(n), 0), SCREENS - 1)
        self.screen.value = self.html(self.index)
        self.position.value = esc(_position(self.index))
        self.previous.disabled = self.index == 0
        self.next.disabled = self.index == SCREENS - 1
        self.clock.refresh()  # its minutes are exact at every step

    def step(self, by: int) -> None:
        self.show(self.index + by)


def presenter(state, close: Callable[[], None] | None = None, minutes: int = 8,
              now: Callable[[], float] = time.time, clock: LessonClock | None = None) -> w.VBox:
    """The debrief of ``state`` (a Research Programme game, finished or not) to lead on the
    projector; ``close``, if given, is called by "Back to the game". ``clock``: the lesson's
    clock, which the debrief keeps to (redrawn at every step) and does not show again; without
    one, a debrief clock of ``minutes`` (5-10, default 8) and time source ``now`` (tests pass their own)."""
    return Presenter(state, close, minutes, now, clock).widget
