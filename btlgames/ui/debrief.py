"""Widgets for the Research Programme debrief: the five questions, asked of the game just played.

The notebook makes one :func:`session` (this viewer's loaded game) and hands it to one public
function per section; each returns a new widget that redraws itself whenever a game is loaded:

- :func:`choose_game` — load the game just played (the play app's save file) or a bot game;
- :func:`theories` — question 1: which theory passed a test, which a replication;
- :func:`biases` — question 2: which bias hit whom, and how real labs protect themselves;
- :func:`replications` — question 3: replication against repetition (a new look at the same data);
- :func:`publishing` — question 4: null results that paid, Hype against Rigor round by round;
- :func:`interference` — question 5: unintended bias against deliberate interference;
- :func:`scoreboard` — where every VP came from.

The facts come from ``btlgames.research.debrief`` (plain Python, tested on its own); this module
only turns them into words, tables and charts. Nothing is drawn until a game is loaded: the
notebook opens with "no game loaded yet". Charts are PNG images inside HTML (with alt text),
never output areas. Seats carry a colour *and* a symbol (● ■ ▲ ★); the school game's seats are
teams.
"""
from __future__ import annotations

import base64
import io
import textwrap

import ipywidgets as w

from ..core.i18n import t
from ..core.registry import spec
from ..core.saves import SaveError, loads
from ..core.simulate import play_one
from ..research import cards
from ..research import debrief as facts
from .widgets import WIDE, app, button, esc, heading, message, row, stylesheet, whole_number
from .seats import COLOURS, SYMBOLS

MARKERS = ("o", "s", "^", "*")  # the same shapes in matplotlib
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
""")


def msg(key: str, **values):
    """This notebook's words, from the message catalogue (``[debrief]`` in locale/en/debrief.toml)."""
    return t(f"debrief.{key}", **values)


def _app(children, *classes) -> w.VBox:
    return app(children, "btl-debrief", *classes, style=STYLE)


# -- names ---------------------------------------------------------------------------------------
card_name = cards.name


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

    # seats
    def seat(self, p: int) -> str:
        """"Player 1", or "Team 1" in the school game."""
        team = self.facts is not None and self.facts.summary.variant == "school"
        return msg("seat.team" if team else "seat.player", n=int(p) + 1)

    def label(self, p: int) -> str:
        """The seat's symbol and name, for charts: "● Player 1"."""
        return f"{SYMBOLS[int(p) % 4]} {self.seat(p)}"

    def badge(self, p) -> str:
        """The seat in HTML: its colour, symbol and name ("—" for nobody)."""
        if p is None or p != p:  # None or NaN
            return "—"
        p = int(p)
        return f'<span class="btl-seat btl-seat-{p + 1}" style="color:{COLOURS[p % 4]}">{esc(self.label(p))}</span>'

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
        self.load_state(state, msg("loaded", moves=len(state.history)))
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


# -- small helpers -------------------------------------------------------------------------------
def table(headers: list[str], rows: list[list[str]], numeric: set[int] = frozenset(), total: bool = False) -> str:
    """An HTML table: ``headers`` are plain words, cells are HTML already (escape them first).

    Columns in ``numeric`` align right; with ``total`` the last row is a total, in bold.
    """
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in headers)
    body = []
    for i, cells in enumerate(rows):
        cls = ' class="btl-total"' if total and i == len(rows) - 1 else ""
        tds = "".join(f'<th scope="row">{c}</th>' if j == 0 else
                      f'<td class="btl-num">{c}</td>' if j in numeric else f"<td>{c}</td>"
                      for j, c in enumerate(cells))
        body.append(f"<tr{cls}>{tds}</tr>")
    return (f'<div class="btl-scroll"><table class="btl-table"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def seat_table(game: "Session", frame, columns: tuple[str, ...]) -> str:
    """One row per seat (the rows of ``frame``) with its whole numbers in ``columns``."""
    rows = [[game.badge(p), *(number(int(frame.loc[p, c])) for c in columns)] for p in range(len(frame))]
    return table([msg("col.player")] + [msg(f"col.{c}") for c in columns], rows,
                 numeric=set(range(1, len(columns) + 1)))


def para(text: str, cls: str = "") -> str:
    """A paragraph of plain words (escaped here)."""
    return f'<p class="{cls}">{esc(text)}</p>' if cls else f"<p>{esc(text)}</p>"


def bullets(items) -> str:
    return "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"


def details(summary: str, inner: str) -> str:
    return f"<details><summary>{esc(summary)}</summary>{inner}</details>"


def signed(n: int) -> str:
    """+2, −1, 0 (with a real minus sign)."""
    return f"+{n}" if n > 0 else number(n)


def number(n: int) -> str:
    """A whole number with a real minus sign: −1."""
    return f"−{-n}" if n < 0 else str(n)


def png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def chart(png_bytes: bytes, alt: str) -> str:
    """A chart as an image inside HTML, with ``alt`` for screen readers (and as its caption)."""
    data = base64.b64encode(png_bytes).decode("ascii")
    return (f'<figure><img class="btl-chart" src="data:image/png;base64,{data}" alt="{esc(alt)}">'
            f"<figcaption><small>{esc(alt)}</small></figcaption></figure>")


def _figure(width: float, height: float):
    from matplotlib.figure import Figure  # no pyplot: no global figure state between viewers

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _style(ax, title: str = "") -> None:
    ax.tick_params(labelsize=13)
    ax.grid(alpha=0.3)
    if title:
        ax.set_title(title, fontsize=15)


def _section(game: Session, key: str, render) -> w.VBox:
    """A debrief section: its question, then what ``render(game, facts)`` returns (HTML), redrawn
    after every game loaded; before one, the "no game yet" message."""
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
    return _app([heading(msg(f"{key}.title"), esc(msg(f"{key}.question"))), body], f"btl-debrief-{key}")


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
        heading(msg("choose.title"), esc(msg("choose.help"))),
        row([upload]),
        w.HTML(f"<p>{esc(msg('choose.or'))}</p>"),
        row([variant, players, bots, seed, preview]),
        status, shown,
    ], "btl-debrief-choose")


# -- 1. theories -----------------------------------------------------------------------------------
def _projects(names: list) -> str:
    return ", ".join(card_name(p) if p else msg("no_project") for p in names)


def verdict(row) -> str:
    """Why this theory has (or has no) replication, in words."""
    projects = list(row["projects"])
    if row["verdict"] == "replicated":
        text = msg("verdict.replicated", n=row["replications"], projects=_projects(projects))
    elif row["verdict"] == "hit_only":
        text = msg(f"verdict.{row['reason']}", project=_projects(projects[:1]), repetitions=row["repetitions"],
                   failed=row["failed_elsewhere"], tried=row["tried_elsewhere"])
    elif row["verdict"] == "no_hit":
        text = msg("verdict.no_hit", nulls=row["nulls"], artefacts=row["artefacts"])
    else:
        text = msg("verdict.untested")
    if row["fate"] != "table":
        text += " " + msg(f"fate.{row['fate']}")
    return text


def outcome_words(outcome: str) -> str:
    return msg(f"outcome.{outcome}") if outcome else "—"


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


def tests_chart(game: Session, d: facts.Debrief) -> str:
    """Every test on a strip per theory, round by round: the tester's colour and symbol, filled
    for a success and hollow for a null result or an artefact, with a short word above."""
    tested = [th for th in d.theories["theory"] if (d.tests["theory"] == th).any()]
    fig = _figure(10, 2.2 + 1.0 * len(tested))
    ax = fig.add_subplot()
    in_round = d.tests.groupby(["theory", "round"]).size().to_dict()  # tests side by side in a round
    seen: dict = {}
    for r in d.tests.itertuples():
        y = len(tested) - 1 - tested.index(r.theory)
        k = seen.get((r.theory, r.round), 0)
        seen[(r.theory, r.round)] = k + 1
        x = r.round + (k - (in_round[(r.theory, r.round)] - 1) / 2) * 0.22
        colour = COLOURS[r.player % 4]
        hit = r.outcome in facts.HIT_KINDS
        ax.plot([x], [y], marker=MARKERS[r.player % 4], markersize=15, color=colour,
                markerfacecolor=colour if hit else "white", markeredgewidth=2.5, linestyle="none")
        above = k % 2 == 0  # neighbours' words alternate above and below their marks
        ax.annotate(msg(f"short.{r.outcome or 'null'}"), (x, y), textcoords="offset points",
                    xytext=(0, 12 if above else -13), ha="center", va="bottom" if above else "top", fontsize=10,
                    fontweight="bold" if r.outcome == "replication" else "normal")
    for p in range(d.summary.players):
        ax.plot([], [], marker=MARKERS[p], color=COLOURS[p], linestyle="none", markersize=12, label=game.seat(p))
    names = [textwrap.fill(card_name(th), 24) for th in reversed(tested)]
    ax.set_yticks(range(len(tested)), names, fontsize=13)
    ax.set_ylim(-0.6, len(tested) - 0.35)
    last = max(d.summary.round, 1)
    ax.set_xticks(range(1, last + 1))
    ax.set_xlim(0.5, last + 0.7)
    ax.set_xlabel(msg("chart.round"), fontsize=14)
    _style(ax, msg("chart.tests.title"))
    fig.legend(loc="outside lower center", ncol=4, fontsize=13, frameon=False)
    alt = msg("chart.tests.alt", tests=len(d.tests), theories=len(tested))
    return chart(png(fig), alt)


def _theories(game: Session, d: facts.Debrief) -> str:
    th = d.theories
    counts = th["verdict"].value_counts()
    parts = [para(msg("q1.count", n=len(th), replicated=int(counts.get("replicated", 0)),
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
    return _section(game, "q1", _theories)


# -- 2. biases -------------------------------------------------------------------------------------------
def effect_words(card_id: str, lost: dict) -> str:
    """What a suffered card did, in words: "Hype +2, consensus −1, lost D1"."""
    card = cards.interference().get(card_id)
    effect = dict(card.effect) if card else {}
    out = []
    for key in ("hype", "kv", "reputation", "test_penalty", "noise"):
        if effect.get(key):
            out.append(msg(f"effect.{key}", n=effect[key], signed=signed(int(effect[key]))))
    lost = {r: n for r, n in (lost or {}).items() if n}
    if lost:
        out.append(msg("effect.lose", what=" ".join(f"{r}{n}" for r, n in lost.items())))
    return ", ".join(out) or "—"


def answer_words(r) -> str:
    if r.outcome == "blocked":
        return msg("answer.blocked", how=msg(f"how.{r.how}"))
    if r.outcome == "suffered":
        return msg("answer.suffered", what=effect_words(r.card, r.lost))
    return msg("answer.open")


def interference_table(game: Session, rows) -> str:
    out = [[str(r.round), game.badge(r.attacker), game.badge(r.target), esc(card_name(r.card)),
            esc(msg(f"type.{r.type}")), esc(msg(f"sort.{r.sort}") if r.sort else "—"), esc(answer_words(r))]
           for r in rows.itertuples()]
    return table([msg(f"col.{k}") for k in ("round", "attacker", "target", "card", "type", "sort", "answer")],
                 out, numeric={0})


def artefacts_html(game: Session, d: facts.Debrief) -> str:
    if not len(d.artefacts):
        return para(msg("artefacts.none"))
    rows = []
    for r in d.artefacts.itertuples():
        if r.rigor is not None and r.rigor == r.rigor:
            tracks = msg("artefacts.tracks", rigor=int(r.rigor), hype=int(r.hype))
        else:
            tracks = msg("artefacts.tracks_start", rigor=r.rigor_start, hype=r.hype_start)
        rows.append([str(r.round), game.badge(r.player), esc(card_name(r.theory)), esc(tracks)])
    return (para(msg("artefacts.count", n=len(d.artefacts)))
            + table([msg(f"col.{k}") for k in ("round", "player", "theory", "tracks")], rows, numeric={0}))


def hype_moments(game: Session, d: facts.Debrief) -> str:
    """The rounds each player ended with Hype above Rigor."""
    items = []
    for p in range(d.summary.players):
        mine = d.tracks[(d.tracks["player"] == p) & (d.tracks["hype"] > d.tracks["rigor"])]
        if len(mine):
            items.append(f"{game.badge(p)}: " + esc(msg("hype_above.rounds",
                                                         rounds=", ".join(str(r) for r in mine["round"]))))
    return para(msg("hype_above.title")) + bullets(items) if items else para(msg("hype_above.none"))


def protection_cards(sorts) -> str:
    """For each bias kind: what it stands for, and the game's methods and shields that stop it."""
    rows = []
    shields = [c for c in cards.interference().values() if c.type == "shield"]
    for sort in sorts:
        biases = [c for c in cards.interference().values() if c.type == "bias" and c.kind == sort]
        methods = sorted({card_name(m) for c in biases for m in c.blocked_by})
        stops = sorted(s.name for s in shields if sort in s.kinds)
        rows.append([esc(", ".join(c.name for c in biases)), esc(msg(f"real.{sort}")),
                     esc(", ".join(methods) or "—"), esc(", ".join(stops) or "—")])
    return table([msg(f"col.{k}") for k in ("bias", "real", "methods", "shields")], rows)


def _biases(game: Session, d: facts.Debrief) -> str:
    parts = []
    if d.summary.variant == "school":
        parts.append(para(msg("q2.school"), "btl-lead"))
    else:
        inter = d.interference
        if len(inter):
            biases = inter[inter["type"] == "bias"]
            parts.append(para(msg("q2.count", n=len(inter), biases=len(biases),
                                  suffered=int((biases["outcome"] == "suffered").sum()),
                                  blocked=int((biases["outcome"] == "blocked").sum())), "btl-lead"))
            parts.append(interference_table(game, inter))
        else:
            parts.append(para(msg("q2.none"), "btl-lead"))
    parts.append(f"<h4>{esc(msg('q2.hype'))}</h4>")
    parts.append(artefacts_html(game, d))
    parts.append(hype_moments(game, d))
    parts.append(f"<h4>{esc(msg('q2.protect'))}</h4>")
    parts.append(bullets(esc(item) for item in msg("protect")))
    sorts = list(dict.fromkeys(d.interference[d.interference["type"] == "bias"]["sort"]))
    if d.summary.variant != "school":
        all_sorts = list(dict.fromkeys(c.kind for c in cards.interference().values() if c.type == "bias"))
        parts.append(para(msg("q2.cards_seen") if sorts else msg("q2.cards_all")))
        parts.append(protection_cards(sorts or all_sorts))
    parts.append(para(msg("q2.ask")))
    return "".join(parts)


def biases(game: Session) -> w.VBox:
    """Question 2: the biases played on whom (full game), artefacts and Hype, real protections."""
    return _section(game, "q2", _biases)


# -- 3. replication against repetition ----------------------------------------------------------------
def grouped_bars(game: Session, frame, bars, ylabel: str, title: str, label=None):
    """A figure of bars side by side for each seat (the rows of ``frame``), one per column of
    ``bars`` = (column, hatch, face): ``face`` a colour, or an opacity of the seat's own colour.
    Each bar has its number above it (or ``label(seat, column, value)``)."""
    from matplotlib.patches import Patch

    seats = len(frame)
    fig = _figure(10, 4.6)
    ax = fig.add_subplot()
    width = 0.8 / len(bars)
    handles = []
    for k, (col, hatch, face) in enumerate(bars):
        own = not isinstance(face, str)  # an opacity of the seat's colour
        for p in range(seats):
            x = p + (k - (len(bars) - 1) / 2) * width
            v = int(frame.loc[p, col])
            ax.bar([x], [v], width=width * 0.95, color=COLOURS[p] if own else face, alpha=face if own else 1.0,
                   hatch=hatch, edgecolor="black")
            ax.annotate(label(p, col, v) if label else str(v), (x, v), textcoords="offset points", xytext=(0, 3),
                        ha="center", fontsize=12)
        handles.append(Patch(facecolor="#777" if own else face, alpha=face if own else 1.0, hatch=hatch,
                             edgecolor="black", label=msg(f"col.{col}")))
    ax.set_xticks(range(seats), [game.label(p) for p in range(seats)], fontsize=13)
    for tick, p in zip(ax.get_xticklabels(), range(seats)):
        tick.set_color(COLOURS[p])
    top = max([int(frame[c].max()) for c, _, _ in bars] + [1])
    ax.set_ylim(0, top * 1.35 + 0.5)
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_ylabel(ylabel, fontsize=14)
    _style(ax, title)
    ax.legend(handles=handles, fontsize=12, loc="upper right")
    return fig


def kinds_chart(game: Session, d: facts.Debrief) -> str:
    """Per seat: first hits, repetitions and replications, with the VP the replications gave."""
    rep = d.replications

    def label(p, col, n):
        return f"{n}\n{signed(int(rep.loc[p, 'replication_vp']))} VP" if col == "replications" else str(n)

    fig = grouped_bars(game, rep, (("first", "", 0.35), ("repetitions", "//", 0.6), ("replications", "", 1.0)),
                       msg("chart.kinds.y"), msg("chart.kinds.title"), label)
    alt = msg("chart.kinds.alt", items="; ".join(
        msg("chart.kinds.item", seat=game.seat(p), first=int(rep.loc[p, "first"]),
            repetitions=int(rep.loc[p, "repetitions"]), replications=int(rep.loc[p, "replications"]),
            vp=int(rep.loc[p, "replication_vp"])) for p in range(d.summary.players)))
    return chart(png(fig), alt)


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
    parts.append(f'<p>{esc(msg("q3.more"))} <a href="replication.ipynb" target="_blank">'
                 f'{esc(msg("q3.link"))}</a></p>')
    parts.append(para(msg("q3.ask")))
    return "".join(parts)


def replications(game: Session) -> w.VBox:
    """Question 3: repetitions (the same project again) against replications, and their VP."""
    return _section(game, "q3", _replications)


# -- 4. publishing, null results, Hype against Rigor ---------------------------------------------------
def tracks_chart(game: Session, d: facts.Debrief) -> str:
    """One panel per seat: Rigor (solid) and Hype (dashed) round by round; the zone where Hype runs
    more than one above Rigor (artefacts) shaded; each artefact marked with a ✖."""
    n = d.summary.players
    cols = 2 if n > 1 else 1
    rows_ = (n + 1) // 2
    fig = _figure(10, 3.4 * rows_ + 0.6)
    axes = fig.subplots(rows_, cols, squeeze=False, sharex=True, sharey=True)
    top = max(int(d.tracks[["rigor", "hype"]].max().max()) + 1, 4)
    last = int(d.tracks["round"].max())
    for p in range(rows_ * cols):
        ax = axes[p // cols][p % cols]
        if p >= n:
            ax.set_visible(False)
            continue
        mine = d.tracks[d.tracks["player"] == p].sort_values("round")
        x, rigor, hype = list(mine["round"]), list(mine["rigor"]), list(mine["hype"])
        colour = COLOURS[p]
        ax.fill_between(x, [r + 1 for r in rigor], hype, where=[h > r + 1 for h, r in zip(hype, rigor)],
                        color="#d32f2f", alpha=0.18, interpolate=True, label=msg("chart.tracks.danger"))
        # Rigor's filled marks are larger than Hype's hollow ones: where they meet, both show.
        ax.plot(x, rigor, color=colour, marker=MARKERS[p], markersize=13, linewidth=3, label=msg("chart.tracks.rigor"))
        ax.plot(x, hype, color=colour, marker=MARKERS[p], markersize=7, linewidth=2.5, linestyle="--",
                markerfacecolor="white", markeredgewidth=2, label=msg("chart.tracks.hype"))
        for a in d.artefacts[d.artefacts["player"] == p].itertuples():
            at = mine[mine["round"] == a.round]
            y = int(at["hype"].iloc[0]) if len(at) else a.hype_start
            ax.plot([a.round], [y], marker="X", markersize=16, color="black", linestyle="none")
            ax.annotate(msg("short.artefact"), (a.round, y), textcoords="offset points", xytext=(8, 6), fontsize=12)
        ax.set_title(game.label(p), fontsize=15, color=colour, fontweight="bold")
        ax.set_xticks(range(0, last + 1))
        ax.set_xlim(-0.2, last + 0.2)
        ax.set_ylim(-0.3, top)
        ax.yaxis.get_major_locator().set_params(integer=True)
        _style(ax)
        if p + cols >= n:  # no panel below this one: it carries the rounds
            ax.tick_params(labelbottom=True)
            ax.set_xlabel(msg("chart.round_start"), fontsize=13)
    axes[0][0].legend(fontsize=11, loc="upper left")
    fig.suptitle(msg("chart.tracks.title"), fontsize=16)
    ends = d.tracks[d.tracks["round"] == last]
    alt = msg("chart.tracks.alt", last=last, items="; ".join(
        msg("chart.tracks.item", seat=game.seat(r.player), rigor=r.rigor, hype=r.hype) for r in ends.itertuples()),
        artefacts=len(d.artefacts))
    return chart(png(fig), alt)


def _publishing(game: Session, d: facts.Debrief) -> str:
    res, s = d.results_by_player, d.summary
    nulls = int(res["nulls"].sum())
    null_papers = int(res["journal_null"].sum())
    parts = [para(msg("q4.nulls", nulls=nulls, journal=null_papers, preprint=int(res["preprint_null"].sum()),
                      vp=int(res["null_vp"].sum()), drawer=int(res["null_drawer"].sum()))
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
    parts.append(f"<h4>{esc(msg('q4.hype'))}</h4>")
    parts.append(para(msg("q4.hype_explain")))
    parts.append(tracks_chart(game, d))
    final = d.vp[d.vp["hype"] < 0]
    if s.over and len(final):
        parts.append(para(msg("q4.hype_cost", seats=", ".join(game.seat(p) for p in final["player"]))))
    parts.append(para(msg("q4.ask")))
    return "".join(parts)


def publishing(game: Session) -> w.VBox:
    """Question 4: null results published (and the VP they gave), falsifications, Hype and Rigor."""
    return _section(game, "q4", _publishing)


# -- 5. bias against interference ---------------------------------------------------------------------------
def interference_chart(game: Session, d: facts.Debrief) -> str:
    """Per seat, the cards aimed at it: biases and influence, suffered and blocked."""
    by = d.interference_by_player
    fig = grouped_bars(game, by, (("bias_suffered", "//", "#9e9e9e"), ("bias_blocked", "", "#e0e0e0"),
                                  ("influence_suffered", "xx", "#616161"), ("influence_blocked", "..", "#ffffff")),
                       msg("chart.interference.y"), msg("chart.interference.title"))
    alt = msg("chart.interference.alt", items="; ".join(
        msg("chart.interference.item", seat=game.seat(r.player), bias_suffered=r.bias_suffered,
            bias_blocked=r.bias_blocked, influence_suffered=r.influence_suffered,
            influence_blocked=r.influence_blocked) for r in by.itertuples()))
    return chart(png(fig), alt)


def _interference(game: Session, d: facts.Debrief) -> str:
    parts = [para(msg("q5.explain"))]
    if d.summary.variant == "school":
        parts.append(para(msg("q5.school"), "btl-lead"))
        parts.append(para(msg("q5.ask_school")))
        return "".join(parts)
    inter, by = d.interference, d.interference_by_player
    if not len(inter):
        parts.append(para(msg("q5.none"), "btl-lead"))
        parts.append(para(msg("q5.ask")))
        return "".join(parts)
    count = inter["type"].value_counts()
    parts.append(para(msg("q5.count", biases=int(count.get("bias", 0)), influence=int(count.get("influence", 0))),
                      "btl-lead"))
    parts.append(seat_table(game, by, ("bias_played", "bias_suffered", "bias_blocked", "influence_played",
                                       "influence_suffered", "influence_blocked")))
    parts.append(interference_chart(game, d))
    if d.protections:
        parts.append(para(msg("q5.protected")))
        parts.append(bullets(esc(msg("q5.protection", how=msg(f"how.{how}"), n=n)) for how, n in d.protections.items()))
    else:
        parts.append(para(msg("q5.nothing_blocked")))
    influence = inter[inter["type"] == "influence"]
    if len(influence):
        parts.append(details(msg("q5.influence_list", n=len(influence)), interference_table(game, influence)))
    parts.append(para(msg("q5.ask")))
    return "".join(parts)


def interference(game: Session) -> w.VBox:
    """Question 5: unintended bias against deliberate influence, and what protected best."""
    return _section(game, "q5", _interference)


# -- the scoreboard ---------------------------------------------------------------------------------------
def vp_chart(game: Session, d: facts.Debrief, sources: list[str]) -> str:
    """Per seat, a bar of its VP by source: gains to the right, the end's penalties to the left."""
    from matplotlib import colormaps
    from matplotlib.patches import Patch

    vp, n = d.vp, d.summary.players
    fig = _figure(10, max(3.2, 1.4 + 0.9 * n))
    ax = fig.add_subplot()
    palette = colormaps["tab20"]
    hatches = ("", "//", "..", "xx", "\\\\", "oo", "--", "++")
    left_pos, left_neg = [0] * n, [0] * n  # where each seat's bar has got to, right and left of 0
    ys = list(range(n - 1, -1, -1))
    handles = []
    for k, source in enumerate(sources):
        look = {"facecolor": palette(k % 20), "hatch": hatches[k % len(hatches)], "edgecolor": "black"}
        handles.append(Patch(label=msg(f"vp.{source}"), **look))
        for p in range(n):
            v = int(vp.loc[p, source])
            if not v:
                continue
            start = left_pos[p] if v > 0 else left_neg[p] + v
            ax.barh([ys[p]], [abs(v)], left=[start], height=0.6, **look)
            ax.annotate(number(v), (start + abs(v) / 2, ys[p]), ha="center", va="center", fontsize=12,
                        fontweight="bold",
                        bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "alpha": 0.8, "linewidth": 0})
            if v > 0:
                left_pos[p] += v
            else:
                left_neg[p] += v
    for p in range(n):
        ax.annotate(msg("chart.vp.total", vp=number(int(vp.loc[p, "total"]))), (max(left_pos[p], 0), ys[p]),
                    textcoords="offset points", xytext=(8, 0), va="center", fontsize=13, fontweight="bold")
    ax.set_yticks(ys, [game.label(p) for p in range(n)], fontsize=13)
    for tick, p in zip(ax.get_yticklabels(), range(n)):
        tick.set_color(COLOURS[p])
    ax.axvline(0, color="black", linewidth=1.5)
    right = max(left_pos + [1])
    ax.set_xlim(min(left_neg + [0]) - 0.5, right * 1.25 + 1.5)
    ax.set_ylim(-0.6, n - 0.4)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_xlabel(msg("chart.vp.x"), fontsize=14)
    _style(ax, msg("chart.vp.title"))
    ax.legend(handles=handles, fontsize=11, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    alt = msg("chart.vp.alt", items="; ".join(
        msg("chart.vp.item", seat=game.seat(p), vp=number(int(vp.loc[p, "total"]))) for p in range(n)))
    return chart(png(fig), alt)


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
            parts.append(para(msg("score.tie")))
        if s.end_reason == "synthesis":
            parts.append(para(msg("score.synthesis")))
    if sources:
        parts.append(vp_chart(game, d, sources))
    return "".join(parts)


def scoreboard(game: Session) -> w.VBox:
    """The final scoreboard: every seat's VP by source, the end's bonuses and penalties, the winners."""
    return _section(game, "score", _scoreboard)
