"""Widgets for the Research Programme debrief: the five questions, asked of the game just played.

Two views of one game's debrief. The **document view** is the notebook's, for self-study and for
preparing a lesson: the notebook makes one :func:`session` (this viewer's loaded game) and hands
it to one public function per section; each returns a new widget that redraws itself whenever a
game is loaded, and carries the section's only heading (the notebook's Markdown has none of its
own):

- :func:`choose_game` — load the game just played (the play app's save file) or a bot game;
- :func:`projector` — a button that leads the loaded game's debrief on the projector;
- :func:`theories` — question 1: which theory passed a test, which a replication;
- :func:`biases` — question 2: which bias hit whom, and how real labs protect themselves;
- :func:`replications` — question 3: replication against repetition (a new look at the same data);
- :func:`publishing` — question 4: null results that paid, Hype against Rigor round by round;
- :func:`interference` — question 5: unintended bias against deliberate interference;
- :func:`scoreboard` — where every VP came from;
- :func:`wrap_up` — what to remember, and this game in numbers.

The **projector view** is :func:`presenter` (``btlgames/ui/debrief/screens.py``): one question
per screen, for the teacher to lead in class; the game app opens it with one click.

The facts come from ``btlgames.research.debrief`` (plain Python, tested on its own); the words
from ``debrief_words``, the charts from ``debrief_charts`` (PNG images inside HTML, with alt
text, never output areas). Nothing is drawn until a game is loaded: the notebook opens with
"no game loaded yet". Seats carry a colour *and* a symbol (● ■ ▲ ★); the school game's seats
are teams.
"""
from __future__ import annotations

import ipywidgets as w

from ...core.i18n import with_language
from ...core.registry import spec
from ...core.runtime import page_link
from ...core.saves import SaveError, loads
from ...core.playing import play_one
from ...research import cards
from ...research import debrief as facts
from .charts import interference_chart, kinds_chart, strikes_chart, tests_chart, tracks_chart, vp_chart
from .pieces import Seats, bullets, card_name, details, msg, number, para, seat_table, signed, table
from .screens import presenter, this_game
from .words import (answer_words, artefact_line, escape_lines, event_effect_line, event_line, hype_line,
                    noise_summary, noisy_test_line, outcome_words, pair_html, protection_words, real_protection,
                    strike_line, tiebreak_words, verdict)
from ..common.seats import SYMBOLS
from ..common.widgets import WIDE, app, button, esc, message, row, stylesheet, whole_number

__all__ = ["session", "choose_game", "projector", "theories", "biases", "replications", "publishing",
           "interference", "scoreboard", "wrap_up", "presenter"]

BOT_SEATS = {"heuristic": ("heuristic",), "random": ("random",), "mixed": ("heuristic", "random")}
SEED_MAX = 2**31 - 1

STYLE = stylesheet("""\
.btl-debrief { font-size: 18px; line-height: 1.45;
  --jp-widgets-font-size: 17px; --jp-widgets-inline-height: 38px;
  --jp-widgets-inline-label-width: 120px; }
.btl-debrief .widget-button, .btl-debrief .widget-upload { height: auto; min-height: 38px; padding: 4px 12px; }
.btl-debrief table.btl-table { border-collapse: collapse; margin: .4em 0; }
.btl-debrief table.btl-table th, .btl-debrief table.btl-table td {
  border: 1px solid #888; padding: .3em .55em; vertical-align: top; text-align: left; }
.btl-debrief table.btl-table th { background: #eee; }
.btl-debrief table.btl-table td.btl-num { text-align: right; }
.btl-debrief table.btl-table tr.btl-total td, .btl-debrief table.btl-table tr.btl-total th { font-weight: bold;
  border-top: 3px solid #333; }
.btl-debrief .btl-scroll { overflow-x: auto; max-width: 100%; }
.btl-debrief .btl-seat { font-weight: bold; white-space: nowrap; }
.btl-debrief .btl-lead { font-size: 20px; font-weight: 600; }
.btl-debrief img.btl-chart { max-width: 100%; width: 960px; height: auto; display: block; margin: .4em 0; }
.btl-debrief details summary { cursor: pointer; font-weight: 600; margin: .3em 0; }
.btl-debrief .btl-card { border: 2px solid #555; border-radius: .5em; padding: .2em 1em .6em; margin: .4em 0; }
.btl-debrief h2.btl-debrief-title { font-size: 26px; margin: .6em 0 .2em; }
.btl-debrief .btl-question { font-size: 20px; font-weight: 700; margin: .2em 0; }
.btl-debrief .btl-test-cards { display: flex; flex-wrap: wrap; gap: .8em; margin: .4em 0; }
.btl-debrief .btl-test-card { border: 3px solid #333; border-radius: .5em; padding: .3em .8em; min-width: 18em; }
.btl-debrief .btl-test-card.btl-fail { border-style: dashed; }
.btl-debrief .btl-test-head { font-weight: 700; }
.btl-debrief .btl-test-roll { font-size: 22px; font-weight: 700; font-variant-numeric: tabular-nums; }
""")



def _app(children, *classes) -> w.VBox:
    return app(children, "btl-debrief", *classes, style=STYLE)


def _heading(title: str, *paragraphs: str) -> w.HTML:
    """A section's one heading (h2, under the notebook's page title) and its paragraphs (HTML)."""
    return w.HTML(f'<h2 class="btl-debrief-title">{esc(title)}</h2>' + "".join(paragraphs))


class Session:
    """One viewer's debrief: the game loaded (``state``), its facts, and the sections showing it.

    :meth:`load_text` reads a save file, :meth:`preview` plays a bot game; either way every
    section registered with :meth:`watch` redraws. A refused file keeps the game shown before.
    """

    def __init__(self):
        self.state = None
        self.facts: facts.Debrief | None = None
        self.note = msg("no_game")  # what the loader says now (plain words)
        self.error = False
        self._sections = []  # redrawn when another game is loaded
        self._notes = []  # redrawn when the loader says something (a refused file changes nothing else)

    # seats: "Player 1", or "Team 1" in the school game (see debrief_html.Seats)
    @property
    def seats(self) -> Seats:
        return Seats(self.facts.summary.variant if self.facts is not None else "full")

    def seat(self, p) -> str:
        return self.seats.seat(p)

    def label(self, p) -> str:
        return self.seats.label(p)

    def badge(self, p) -> str:
        return self.seats.badge(p)

    def tile(self, p, tile: str) -> str:
        return self.seats.tile(p, tile)

    # loading
    def watch(self, render, notes: bool = False) -> None:
        """Call ``render()`` now and after every game loaded (with ``notes``: also whenever the
        loader's message changes)."""
        (self._notes if notes else self._sections).append(render)
        render()

    def _changed(self, game: bool = True) -> None:
        for render in (self._sections if game else []) + self._notes:
            render()

    def _say(self, note: str, error: bool = False) -> None:
        self.note, self.error = note, error

    def load_state(self, state, note: str) -> None:
        """Show the debrief of ``state`` (a Research Programme game) and say ``note``."""
        self.facts = facts.analyse(state)
        self.state = state
        self._say(note)
        self._changed()

    def load_text(self, text: str | bytes) -> bool:
        """Load a save file's text (the play app's "Save game"); a file that is not a readable
        Research Programme game is refused with a clear message and the game shown stays."""
        try:
            state = loads(text)
        except SaveError as err:
            return self._refuse(msg("load_failed", why=err))
        except Exception as err:  # anything else a damaged file can do: still a sentence
            return self._refuse(msg("load_failed", why=err))
        if state.name != "research":
            return self._refuse(msg("load_failed", why=msg("wrong_game", game=spec(state.name).title)))
        self.load_state(state, msg("loaded", n=len(state.history)))
        return True

    def _refuse(self, note: str) -> bool:
        self._say(note + (" " + msg("kept") if self.state is not None else ""), error=True)
        self._changed(game=False)
        return False

    def preview(self, variant: str = "school", players: int = 3, seed: int = 1, bots: str = "mixed") -> None:
        """Play a bot game (seats ``bots``: heuristic, random or mixed) and show its debrief."""
        seats = [BOT_SEATS[bots][p % len(BOT_SEATS[bots])] for p in range(players)]
        state = play_one("research", seed, seats, variant=variant, players=players)
        self.load_state(state, msg("previewed", bots=msg(f"preview.bots.{bots}"), seed=seed))


def session() -> Session:
    """A new debrief for one viewer: nothing loaded yet."""
    return Session()


def _section(game: Session, key: str, render, question: int | None = None) -> w.VBox:
    """A debrief section: its heading, the rulebook's question (if it is one of the five) and what
    the section is about, then what ``render(game, facts)`` returns (HTML), redrawn after every
    game loaded; before one, the "no game yet" message."""
    body = w.HTML()

    def redraw():
        if game.facts is None:
            body.value = message(esc(msg("no_game_here")))
            return
        try:
            body.value = render(game, game.facts)
        except Exception as err:  # a sentence for the teacher rather than a traceback
            body.value = message(esc(msg("failed", why=err)), error=True)

    game.watch(redraw)
    asked = para(msg(f"question.{question}"), "btl-question") if question else ""
    return _app([_heading(msg(f"{key}.title"), asked, para(msg(f"{key}.about"))), body], f"btl-debrief-{key}")


# -- 0. choose the game ---------------------------------------------------------------------------------
def summary_html(game: Session) -> str:
    """What the loaded game was: variant, seats, seed, how far it got, who won."""
    s = game.facts.summary
    seats = ", ".join(game.badge(p) for p in range(s.players))
    parts = [f'<p class="btl-lead btl-debrief-game" data-seed="{s.seed}" data-moves="{s.moves}" '
             f'data-over="{str(s.over).lower()}">'
             f'{esc(msg("game.what", variant=msg(f"variant.{s.variant}"), n=s.players, seed=s.seed, moves=s.moves))}'
             f"</p><p>{seats}</p>"]
    if s.over:
        parts.append(para(msg(f"game.end.{s.end_reason or 'rounds'}", round=s.round, rounds=s.rounds,
                              counter=s.counter, goal=s.counter_goal)))
        won = ", ".join(f"{game.badge(p)} ({number(s.vp[p])} VP)" for p in s.winners)
        parts.append(f"<p>{esc(msg('game.winners'))} {won}</p>")
        tie = tiebreak_words(game, s)
        parts.append(f'<p class="btl-tiebreak">{tie}</p>' if tie else "")
    else:
        parts.append(message(esc(msg("game.unfinished", round=s.round, rounds=s.rounds))))
    return "".join(parts)


def choose_game(game: Session) -> w.VBox:
    """Load the game to debrief: the play app's save file, or a bot game to preview the debrief."""
    upload = w.FileUpload(accept=".json", multiple=False, description=msg("upload"),
                          layout=w.Layout(width="auto"))
    upload.add_class("btl-debrief-upload")
    variant = w.Dropdown(options=[(msg("variant.school"), "school"), (msg("variant.full"), "full")],
                         value="school", description=msg("preview.variant"), style=WIDE,
                         layout=w.Layout(width="16em"))
    players = w.Dropdown(options=[(str(n), n) for n in (2, 3, 4)], value=3, description=msg("preview.players"),
                         style=WIDE, layout=w.Layout(width="9em"))
    bots = w.Dropdown(options=[(msg(f"preview.bots.{b}"), b) for b in BOT_SEATS], value="mixed",
                      description=msg("preview.bots.label"), style=WIDE, layout=w.Layout(width="24em"))
    seed = w.IntText(value=1, description=msg("preview.seed"), style=WIDE, layout=w.Layout(width="12em"))
    preview = button(msg("preview.button"), msg("preview.tooltip"))
    status = w.HTML()
    shown = w.HTML()

    def redraw():
        status.value = message(esc(game.note), game.error)
        shown.value = summary_html(game) if game.facts is not None else ""

    def on_upload(change):
        files = change["new"]
        if files:
            game.load_text(bytes(files[0]["content"]))
            upload.value = ()

    def on_preview(_):
        if not whole_number(seed.value, 0, SEED_MAX):
            game._refuse(msg("bad_seed", high=SEED_MAX))
            return
        preview.disabled = True
        try:
            game.preview(variant.value, players.value, seed.value, bots.value)
        except Exception as err:  # a sentence, and the button comes back
            game._refuse(msg("preview.failed", why=err))
        finally:
            preview.disabled = False

    upload.observe(on_upload, names="value")
    preview.on_click(on_preview)
    game.watch(redraw, notes=True)
    return _app([
        _heading(msg("choose.title"), para(msg("choose.help"))),
        row([upload]),
        w.HTML(f"<p>{esc(msg('choose.or'))}</p>"),
        row([variant, players, bots, seed, preview]),
        status, shown,
    ], "btl-debrief-choose")


# -- the projector -------------------------------------------------------------------------------
def projector(game: Session) -> w.VBox:
    """A button that opens the loaded game's debrief on the projector (:func:`presenter`) in its
    place; "Back to the game" there closes it again. Loading another game closes it too."""
    lead = button(msg("projector.button"), msg("projector.tooltip"))
    lead.add_class("btl-debrief-lead")
    note = w.HTML()
    box = w.VBox()

    def close() -> None:
        box.children = (row([lead]), note)

    def open_(_=None) -> None:
        if game.state is not None:
            box.children = (presenter(game.state, close=close),)

    def redraw() -> None:
        lead.disabled = game.state is None
        note.value = para(msg("projector.help" if game.state is not None else "projector.no_game"))
        close()

    lead.on_click(open_)
    game.watch(redraw)
    return _app([_heading(msg("projector.title")), box], "btl-debrief-projector")


# -- 1. theories -----------------------------------------------------------------------------------
def tests_html(game: Session, d: facts.Debrief) -> str:
    rows = []
    for r in d.tests.itertuples():
        sums = msg("roll", roll=r.roll, bonus=r.bonus, noise=r.noise, penalty=r.penalty, total=r.total,
                   difficulty=r.difficulty)
        rows.append([str(r.round), game.badge(r.player), esc(card_name(r.theory)),
                     esc(card_name(r.project) if r.project else msg("no_project")),
                     esc(card_name(r.method) if r.method else "—"), esc(sums),
                     esc(outcome_words(r.outcome))])
    return table([msg(f"col.{k}") for k in ("round", "tester", "theory", "project", "method", "roll", "outcome")],
                 rows, numeric={0})


def _theories(game: Session, d: facts.Debrief) -> str:
    th = d.theories
    counts = th["verdict"].value_counts()
    parts = [pair_html(game, d.pair), para(msg("q1.count", n=len(th), replicated=int(counts.get("replicated", 0)),
                      hit_only=int(counts.get("hit_only", 0)), no_hit=int(counts.get("no_hit", 0)),
                      untested=int(counts.get("untested", 0))), "btl-lead")]
    rows = [[esc(card_name(r["theory"])), game.badge(r["owner"]), str(r["tests"]), str(r["first"]),
             str(r["repetitions"]), str(r["replications"]), str(r["nulls"]), str(r["artefacts"]),
             esc(verdict(r))] for _, r in th.iterrows()]
    parts.append(table([msg(f"col.{k}") for k in ("theory", "owner", "tests", "first", "repetitions",
                                                    "replications", "nulls", "artefacts", "verdict")],
                       rows, numeric=set(range(2, 8))))
    if len(d.tests):
        parts.append(tests_chart(game, d))
        parts.append(para(msg("chart.tests.key")))
        parts.append(details(msg("q1.every_test", n=len(d.tests)), tests_html(game, d)))
    else:
        parts.append(para(msg("q1.no_tests")))
    parts.append(para(msg("q1.ask")))
    return "".join(parts)


def theories(game: Session) -> w.VBox:
    """Question 1: per theory its tests, hits, null results and replications, on which projects."""
    return _section(game, "q1", _theories, 1)


# -- 2. biases -------------------------------------------------------------------------------------------
def interference_table(game: Session, rows) -> str:
    out = [[str(r.round), game.badge(r.attacker), game.badge(r.target), esc(card_name(r.card)),
            esc(msg(f"type.{r.type}")), esc(msg(f"sort.{r.sort}") if r.sort else "—"), esc(answer_words(r))]
           for r in rows.itertuples()]
    return table([msg(f"col.{k}") for k in ("round", "attacker", "target", "card", "type", "sort", "answer")],
                 out, numeric={0})


def artefacts_html(game: Session, d: facts.Debrief) -> str:
    if not len(d.artefacts):
        return para(msg("artefacts.none"))
    return (para(msg("artefacts.count", n=len(d.artefacts)))
            + bullets(artefact_line(game, r) for r in d.artefacts.itertuples()))


def hype_html(game: Session, d: facts.Debrief) -> str:
    """The rounds a seat ended with Hype ahead of Rigor: in the artefact zone, or one step away."""
    if not len(d.hype):
        return para(msg("hype_ahead.none"))
    return para(msg("hype_ahead.title")) + bullets(hype_line(game, r) for r in d.hype.itertuples())


def noise_html(game: Session, d: facts.Debrief) -> str:
    """How much noise the game made and where from, and the tests it decided."""
    decided = d.noisy_tests[d.noisy_tests["decided"]]
    return para(noise_summary(d)) + (bullets(noisy_test_line(game, r) for r in decided.itertuples())
                                     if len(decided) else para(msg("noise.decided_none")))


def protection_cards(sorts) -> str:
    """For each bias kind: what it stands for, and the game's methods and shields that stop it."""
    rows = []
    shields = [c for c in cards.interference().values() if c.type == "shield"]
    for sort in sorts:
        biases_ = [c for c in cards.interference().values() if c.type == "bias" and c.kind == sort]
        methods = sorted({card_name(m) for c in biases_ for m in c.blocked_by})
        stops = sorted(card_name(s.id) for s in shields if sort in s.kinds)
        rows.append([esc(", ".join(card_name(c.id) for c in biases_)), esc(msg(f"real.{sort}")),
                     esc(", ".join(methods) or "—"), esc(", ".join(stops) or "—")])
    return table([msg(f"col.{k}") for k in ("bias", "real", "methods", "shields")], rows)


def _school_biases(game: Session, d: facts.Debrief) -> list[str]:
    """The school game's bias events: whom they struck and why, and who was protected by what
    (with the real lab's protection that method stands for)."""
    mine = d.strikes[d.strikes["sort"] == "bias"]
    if not len(mine):
        return [para(msg("q2.school_none"), "btl-lead")]
    items = []
    for r in mine.itertuples():
        real = real_protection(r.how, r.method) if r.outcome == "protected" else ""
        items.append(strike_line(game, r) + (f" <em>{esc(msg('q2.real_lab', real=real))}</em>" if real else ""))
    items += escape_lines(game, d.escapes, d.strikes)  # who it passed by, and why
    return [para(msg("q2.school"), "btl-lead"), bullets(items)]


def _full_biases(game: Session, d: facts.Debrief) -> list[str]:
    inter = d.interference
    if not len(inter):
        return [para(msg("q2.none"), "btl-lead")]
    biases_ = inter[inter["type"] == "bias"]
    return [para(msg("q2.count", n=len(inter), biases=len(biases_),
                     suffered=int((biases_["outcome"] == "suffered").sum()),
                     blocked=int((biases_["outcome"] == "blocked").sum())), "btl-lead"),
            interference_table(game, inter)]


def _biases(game: Session, d: facts.Debrief) -> str:
    school = d.summary.variant == "school"
    parts = (_school_biases if school else _full_biases)(game, d)
    parts.append(f"<h3>{esc(msg('q2.hype'))}</h3>")
    parts += [artefacts_html(game, d), hype_html(game, d)]
    parts.append(f"<h3>{esc(msg('q2.noise'))}</h3>")
    parts.append(noise_html(game, d))
    parts.append(f"<h3>{esc(msg('q2.protect'))}</h3>")
    parts.append(bullets(esc(item) for item in msg("protect")))
    if not school:
        sorts = list(dict.fromkeys(d.interference[d.interference["type"] == "bias"]["sort"]))
        all_sorts = list(dict.fromkeys(c.kind for c in cards.interference().values() if c.type == "bias"))
        parts.append(para(msg("q2.cards_seen") if sorts else msg("q2.cards_all")))
        parts.append(protection_cards(sorts or all_sorts))
    parts.append(para(msg("q2.ask")))
    return "".join(parts)


def biases(game: Session) -> w.VBox:
    """Question 2: the biases that hit whom (cards in the full game, events in the school game),
    artefacts, Hype and noise, and the real labs' protections."""
    return _section(game, "q2", _biases, 2)


# -- 3. replication against repetition ----------------------------------------------------------------
def pairs_html(game: Session, d: facts.Debrief) -> str:
    """Who replicated whom: tester and owner, replications and repetitions, the VP each took."""
    rows = [[game.badge(r.tester), game.badge(r.owner), str(r.replications), str(r.repetitions),
             signed(r.tester_vp), signed(r.owner_vp) if r.tester != r.owner else "—"] for r in d.pairs.itertuples()]
    return table([msg(f"col.{k}") for k in ("tester", "whose", "replications", "repetitions", "tester_vp",
                                              "owner_vp")], rows, numeric={2, 3, 4, 5})


def _replications(game: Session, d: facts.Debrief) -> str:
    tests = d.tests
    reps = tests[tests["outcome"] == "replication"]
    repeats = tests[tests["outcome"] == "repetition"]
    s = d.summary
    parts = [para(msg("q3.explain")),
             para(msg("q3.count", repetitions=len(repeats), replications=len(reps),
                      vp=int(reps["vp"].sum() + reps["owner_vp"].sum()), counter=s.counter, goal=s.counter_goal),
                  "btl-lead")]
    parts.append(seat_table(game, d.replications, ("first", "repetitions", "replications", "replication_vp",
                                                     "replicated_vp", "own_replicated")))
    if len(d.pairs):
        parts.append(para(msg("q3.pairs")))
        parts.append(pairs_html(game, d))
    if len(reps) or len(repeats):
        listed = []
        for r in tests[tests["outcome"].isin(("repetition", "replication"))].itertuples():
            gave = (msg("q3.gave_repetition") if r.outcome == "repetition"
                    else msg("q3.gave_own", vp=r.vp) if r.owner == r.player
                    else msg("q3.gave_other", vp=r.vp, owner_vp=r.owner_vp))
            listed.append([str(r.round), game.badge(r.player), esc(card_name(r.theory)), game.badge(r.owner),
                           esc(card_name(r.project) if r.project else msg("no_project")),
                           esc(outcome_words(r.outcome)), esc(gave)])
        parts.append(kinds_chart(game, d))
        parts.append(details(msg("q3.list", n=len(listed)), table(
            [msg(f"col.{k}") for k in ("round", "tester", "theory", "owner", "project", "outcome", "gave")],
            listed, numeric={0})))
    parts.append(f'<p>{esc(msg("q3.more"))} <a href="{esc(with_language(page_link("replication.ipynb")))}" target="_blank">'
                 f'{esc(msg("q3.link"))}</a></p>')
    parts.append(para(msg("q3.ask")))
    return "".join(parts)


def replications(game: Session) -> w.VBox:
    """Question 3: repetitions (the same project again) against replications, and their VP."""
    return _section(game, "q3", _replications, 3)


# -- 4. publishing, null results, Hype against Rigor ---------------------------------------------------
def _publishing(game: Session, d: facts.Debrief) -> str:
    res, s = d.results_by_player, d.summary
    nulls = int(res["nulls"].sum())
    null_papers = int(res["journal_null"].sum())
    key = "q4.nulls" if s.over else "q4.nulls_open"
    parts = [para(msg(key, nulls=nulls, journal=null_papers, preprint=int(res["preprint_null"].sum()),
                      vp=int(res["null_vp"].sum()), drawer=int(res["null_drawer"].sum()),
                      late=int(res["null_late"].sum()), open=int(res["null_open"].sum()))
                  if nulls else msg("q4.no_nulls"), "btl-lead")]
    parts.append(seat_table(game, res, ("hits", "nulls", "artefacts", "preprint_hit", "preprint_null", "journal_hit",
                                        "journal_null", "null_vp")))
    if len(d.falls):
        parts.append(para(msg("q4.falls")))
        parts.append(bullets(f"{esc(msg('q4.round', round=r.round))} {game.badge(r.player)}: "
                             f"{esc(msg(f'q4.{r.how}', theory=card_name(r.theory)))}"
                             for r in d.falls.itertuples()))
    if len(d.publications):
        listed = [[str(r.round), game.badge(r.player), esc(msg(f"venue.{r.venue}")), esc(card_name(r.theory)),
                   esc(msg(f"result.{r.outcome}")), esc(str(r.result_round) if r.result_round == r.result_round
                                                        and r.result_round is not None else "—"),
                   esc(signed(r.vp) if r.vp else "—")] for r in d.publications.itertuples()]
        parts.append(details(msg("q4.list", n=len(listed)), table(
            [msg(f"col.{k}") for k in ("round", "player", "venue", "theory", "result", "result_round", "vp")],
            listed, numeric={0, 5, 6})))
    parts.append(f"<h3>{esc(msg('q4.hype'))}</h3>")
    parts.append(para(msg("q4.hype_explain")))
    parts.append(tracks_chart(game, d))
    final = d.vp[d.vp["hype"] < 0]
    if s.over and len(final):
        parts.append(para(msg("q4.hype_cost", seats=", ".join(game.seat(p) for p in final["player"]))))
    parts.append(para(msg("q4.ask")))
    return "".join(parts)


def publishing(game: Session) -> w.VBox:
    """Question 4: null results published (and the VP they gave), falsifications, Hype and Rigor."""
    return _section(game, "q4", _publishing, 4)


# -- 5. bias against interference ---------------------------------------------------------------------------
def _school_interference(game: Session, d: facts.Debrief) -> list[str]:
    """The school game: bias events (unintended: your own carelessness) against influence events
    (deliberate pressure on the most visible team), who was hit by what, what protected best."""
    s = d.strikes
    if not len(s):  # an older save: the events that happened, which nobody meant
        found = [event_effect_line(game, r) for r in d.event_effects.itertuples()]
        found = found or [event_line(r) for r in d.events.itertuples()]
        return [para(msg("q5.school_none"), "btl-lead"), bullets(found) if found else para(msg("q5.no_events")),
                para(msg("q5.ask_school"))]
    parts = [para(msg("q5.school"), "btl-lead"),
             seat_table(game, d.strikes_by_player, ("bias_struck", "bias_protected", "influence_struck",
                                                    "influence_protected")),
             strikes_chart(game, d)]
    for sort in ("bias", "influence"):
        mine = s[s["sort"] == sort]
        passed_by = escape_lines(game, d.escapes, s) if sort == "bias" else []
        if len(mine) or passed_by:
            parts.append(para(msg(f"q5.{sort}_events")))
            parts.append(bullets([strike_line(game, r) for r in mine.itertuples()] + passed_by))
    safe = d.strike_protections
    if len(safe):
        parts.append(para(msg("q5.protected_school")))
        parts.append(bullets(esc(msg("q5.protection", how=protection_words(r.how, r.method), n=r.total))
                             for r in safe.itertuples()))
    else:
        parts.append(para(msg("present.q5.nothing_protected")))
    parts.append(para(msg("q5.ask")))
    return parts


def _full_interference(game: Session, d: facts.Debrief) -> list[str]:
    inter, by = d.interference, d.interference_by_player
    if not len(inter):
        return [para(msg("q5.none"), "btl-lead"), para(msg("q5.ask"))]
    count = inter["type"].value_counts()
    parts = [para(msg("q5.count", biases=int(count.get("bias", 0)), influence=int(count.get("influence", 0))),
                  "btl-lead"),
             seat_table(game, by, ("bias_played", "bias_suffered", "bias_blocked", "influence_played",
                                   "influence_suffered", "influence_blocked")),
             interference_chart(game, d)]
    if d.protections:
        parts.append(para(msg("q5.protected")))
        parts.append(bullets(esc(msg("q5.protection", how=msg(f"how.{how}"), n=n)) for how, n in d.protections.items()))
    else:
        parts.append(para(msg("q5.nothing_blocked")))
    influence = inter[inter["type"] == "influence"]
    if len(influence):
        parts.append(details(msg("q5.influence_list", n=len(influence)), interference_table(game, influence)))
    parts.append(para(msg("q5.ask")))
    return parts


def _interference(game: Session, d: facts.Debrief) -> str:
    school = d.summary.variant == "school"
    return para(msg("q5.explain")) + "".join((_school_interference if school else _full_interference)(game, d))


def interference(game: Session) -> w.VBox:
    """Question 5: unintended bias against deliberate influence, and what protected best."""
    return _section(game, "q5", _interference, 5)


# -- the scoreboard ---------------------------------------------------------------------------------------
def _scoreboard(game: Session, d: facts.Debrief) -> str:
    vp, s = d.vp, d.summary
    sources = [k for k in facts.VP_SOURCES if (vp[k] != 0).any()]
    parts = []
    if not s.over:
        parts.append(message(esc(msg("score.unfinished"))))
    rows = [[esc(msg(f"vp.{k}")), *(esc(signed(int(vp.loc[p, k])) if vp.loc[p, k] else "·") for p in range(s.players))]
            for k in sources]
    rows.append([esc(msg("vp.total")), *(number(int(vp.loc[p, "total"])) for p in range(s.players))])
    parts.append(table([msg("col.source")] + [f"{SYMBOLS[p]} {game.seat(p)}" for p in range(s.players)], rows,
                       numeric=set(range(1, s.players + 1)), total=True))
    if s.over:
        won = ", ".join(game.badge(p) for p in s.winners)
        parts.append(f'<p class="btl-lead">{esc(msg("score.winners"))} {won}</p>')
        best = int(vp["total"].max())
        if s.end_reason != "synthesis" and int((vp["total"] == best).sum()) > 1:
            tie = tiebreak_words(game, s)
            parts.append(f'<p class="btl-tiebreak">{tie}</p>' if tie else para(msg("score.tie")))
        if s.end_reason == "synthesis":
            parts.append(para(msg("score.synthesis")))
    if sources:
        parts.append(vp_chart(game, d, sources))
    return "".join(parts)


def scoreboard(game: Session) -> w.VBox:
    """The final scoreboard: every seat's VP by source, the end's bonuses and penalties, the winners."""
    return _section(game, "score", _scoreboard)


# -- the wrap-up ----------------------------------------------------------------------------------------
def _wrap_up(game: Session, d: facts.Debrief) -> str:
    return bullets(esc(x) for x in msg("present.remember")) + para(this_game(d), "btl-lead")


def wrap_up(game: Session) -> w.VBox:
    """What to remember (the projector's closing words), and this game in one line of numbers."""
    return _section(game, "wrap", _wrap_up)
