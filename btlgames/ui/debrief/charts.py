"""The debrief's charts: matplotlib figures drawn to PNG images inside HTML, each with its alt text.

Every chart takes ``seats`` (how seats are named: ``debrief_html.Seats`` or a session), the
game's facts ``d`` and a :class:`Look`: :data:`PAGE` for the document view, :data:`PROJECTOR` for
the projector (larger type, a fixed shape that fits beside the words on a 16:9 screen). Seats
carry their colour *and* their symbol; lines differ by pattern, bars by hatching.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

from ...research import debrief as facts
from ..common.figures import figure, png
from .pieces import MARKERS, card_name, chart, msg, number, signed
from ..common.seats import COLOURS


@dataclass(frozen=True)
class Look:
    """Sizes of one kind of chart: the figure's width in inches, its resolution, its type sizes
    (points) and a factor for its marks."""
    width: float
    dpi: int
    tick: int
    label: int
    title: int
    legend: int
    marks: float = 1.0
    height: float | None = None  # a fixed height (the projector's), or one that grows with the rows


PAGE = Look(width=10, dpi=100, tick=13, label=14, title=15, legend=12)
PROJECTOR = Look(width=8, dpi=150, tick=16, label=16, title=18, legend=14, marks=1.2, height=5.2)


def _style(ax, look: Look, title: str = "") -> None:
    ax.tick_params(labelsize=look.tick)
    ax.grid(alpha=0.3)
    if title:
        ax.set_title(title, fontsize=look.title)


def _colour_ticks(tick_labels) -> None:
    """Seat names on an axis in their seats' colours (the symbol is in the name)."""
    for p, tick in enumerate(tick_labels):
        tick.set_color(COLOURS[p % 4])


# -- question 1: every test ------------------------------------------------------------------------
def tests_chart(seats, d: facts.Debrief, look: Look = PAGE, caption: bool = True) -> str:
    """Every test on a strip per theory, round by round: the tester's colour and symbol, filled
    for a success and hollow for a null result or an artefact, with a short word above."""
    tested = [th for th in d.theories["theory"] if (d.tests["theory"] == th).any()]
    fig = figure(look.width, look.height or 2.2 + 1.0 * len(tested), look.dpi, "constrained")
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
        ax.plot([x], [y], marker=MARKERS[r.player % 4], markersize=15 * look.marks, color=colour,
                markerfacecolor=colour if hit else "white", markeredgewidth=2.5, linestyle="none")
        above = k % 2 == 0  # neighbours' words alternate above and below their marks
        ax.annotate(msg(f"short.{r.outcome or 'null'}"), (x, y), textcoords="offset points",
                    xytext=(0, 12 if above else -13), ha="center", va="bottom" if above else "top",
                    fontsize=look.legend - 2, fontweight="bold" if r.outcome == "replication" else "normal")
    for p in range(d.summary.players):
        ax.plot([], [], marker=MARKERS[p], color=COLOURS[p], linestyle="none", markersize=12, label=seats.seat(p))
    names = [textwrap.fill(card_name(th), 24) for th in reversed(tested)]
    ax.set_yticks(range(len(tested)), names, fontsize=look.tick)
    ax.set_ylim(-0.6, len(tested) - 0.35)
    last = max(d.summary.round, 1)
    ax.set_xticks(range(1, last + 1))
    ax.set_xlim(0.5, last + 0.7)
    ax.set_xlabel(msg("chart.round"), fontsize=look.label)
    _style(ax, look, msg("chart.tests.title"))
    fig.legend(loc="outside lower center", ncol=4, fontsize=look.tick, frameon=False)
    alt = msg("chart.tests.alt", tests=len(d.tests), theories=len(tested))
    return chart(png(fig), alt, caption)


# -- bars per seat ---------------------------------------------------------------------------------------
def grouped_bars(seats, frame, bars, ylabel: str, title: str, label=None, look: Look = PAGE):
    """A figure of bars side by side for each seat (the rows of ``frame``), one per column of
    ``bars`` = (column, hatch, face): ``face`` a colour, or an opacity of the seat's own colour.
    Each bar has its number above it (or ``label(seat, column, value)``)."""
    from matplotlib.patches import Patch

    n = len(frame)
    fig = figure(look.width, look.height or 4.6, look.dpi, "constrained")
    ax = fig.add_subplot()
    width = 0.8 / len(bars)
    handles = []
    for k, (col, hatch, face) in enumerate(bars):
        own = not isinstance(face, str)  # an opacity of the seat's colour
        for p in range(n):
            x = p + (k - (len(bars) - 1) / 2) * width
            v = int(frame.loc[p, col])
            ax.bar([x], [v], width=width * 0.95, color=COLOURS[p] if own else face, alpha=face if own else 1.0,
                   hatch=hatch, edgecolor="black")
            ax.annotate(label(p, col, v) if label else str(v), (x, v), textcoords="offset points", xytext=(0, 3),
                        ha="center", fontsize=look.legend)
        handles.append(Patch(facecolor="#777" if own else face, alpha=face if own else 1.0, hatch=hatch,
                             edgecolor="black", label=msg(f"col.{col}")))
    ax.set_xticks(range(n), [seats.label(p) for p in range(n)], fontsize=look.tick)
    _colour_ticks(ax.get_xticklabels())
    top = max([int(frame[c].max()) for c, _, _ in bars] + [1])
    ax.set_ylim(0, top * 1.35 + 0.5)
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_ylabel(ylabel, fontsize=look.label)
    _style(ax, look, title)
    ax.legend(handles=handles, fontsize=look.legend, loc="upper right")
    return fig


def kinds_chart(seats, d: facts.Debrief, look: Look = PAGE, caption: bool = True) -> str:
    """Per seat: first hits, repetitions and replications, with the VP the replications gave."""
    rep = d.replications

    def label(p, col, n):
        return f"{n}\n{signed(int(rep.loc[p, 'replication_vp']))} VP" if col == "replications" else str(n)

    fig = grouped_bars(seats, rep, (("first", "", 0.35), ("repetitions", "//", 0.6), ("replications", "", 1.0)),
                       msg("chart.kinds.y"), msg("chart.kinds.title"), label, look)
    alt = msg("chart.kinds.alt", items="; ".join(
        msg("chart.kinds.item", seat=seats.seat(p), first=int(rep.loc[p, "first"]),
            repetitions=int(rep.loc[p, "repetitions"]), replications=int(rep.loc[p, "replications"]),
            vp=int(rep.loc[p, "replication_vp"])) for p in range(d.summary.players)))
    return chart(png(fig), alt, caption)


def _aimed_chart(seats, by, outcomes: tuple[str, str], key: str, look: Look, caption: bool) -> str:
    """Per seat (the rows of ``by``), what was aimed at it: biases and influence, each ``outcomes``
    (e.g. suffered and blocked), in bars told apart by their hatching; ``key`` names its words."""
    hit, stopped = outcomes
    columns = (f"bias_{hit}", f"bias_{stopped}", f"influence_{hit}", f"influence_{stopped}")
    looks = (("//", "#9e9e9e"), ("", "#e0e0e0"), ("xx", "#616161"), ("..", "#ffffff"))
    fig = grouped_bars(seats, by, tuple((c, *bar) for c, bar in zip(columns, looks)),
                       msg(f"chart.{key}.y"), msg(f"chart.{key}.title"), look=look)
    alt = msg(f"chart.{key}.alt", items="; ".join(
        msg(f"chart.{key}.item", seat=seats.seat(r["player"]), **{c: int(r[c]) for c in columns})
        for r in by.to_dict("records")))
    return chart(png(fig), alt, caption)


def interference_chart(seats, d: facts.Debrief, look: Look = PAGE, caption: bool = True) -> str:
    """Per seat, the interference cards aimed at it (full game): suffered and blocked."""
    return _aimed_chart(seats, d.interference_by_player, ("suffered", "blocked"), "interference", look, caption)


def strikes_chart(seats, d: facts.Debrief, look: Look = PAGE, caption: bool = True) -> str:
    """Per team, the school game's bias and influence events: struck, or protected from."""
    return _aimed_chart(seats, d.strikes_by_player, ("struck", "protected"), "strikes", look, caption)


# -- question 4: Rigor and Hype --------------------------------------------------------------------------
def _panels(n: int, look: Look) -> tuple[int, int]:
    """Rows and columns of one panel per seat: two columns on a page; on the projector, one
    row for up to three seats."""
    cols = (n if n <= 3 else 2) if look.height else (2 if n > 1 else 1)
    return -(-n // cols), cols


def tracks_chart(seats, d: facts.Debrief, look: Look = PAGE, caption: bool = True) -> str:
    """One panel per seat: Rigor (solid) and Hype (dashed) round by round; the zone where Hype runs
    more than one above Rigor (artefacts) shaded; each artefact marked with a ✖."""
    n = d.summary.players
    rows_, cols = _panels(n, look)
    fig = figure(look.width, look.height or 3.4 * rows_ + 0.6, look.dpi, "constrained")
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
        ax.plot(x, rigor, color=colour, marker=MARKERS[p], markersize=13 * look.marks, linewidth=3,
                label=msg("chart.tracks.rigor"))
        ax.plot(x, hype, color=colour, marker=MARKERS[p], markersize=7 * look.marks, linewidth=2.5, linestyle="--",
                markerfacecolor="white", markeredgewidth=2, label=msg("chart.tracks.hype"))
        for a in d.artefacts[d.artefacts["player"] == p].itertuples():
            at = mine[mine["round"] == a.round]
            y = int(at["hype"].iloc[0]) if len(at) else a.hype_start
            ax.plot([a.round], [y], marker="X", markersize=16 * look.marks, color="black", linestyle="none")
            ax.annotate(msg("short.artefact"), (a.round, y), textcoords="offset points", xytext=(8, 6),
                        fontsize=look.legend)
        ax.set_title(seats.label(p), fontsize=look.title, color=colour, fontweight="bold")
        ax.set_xticks(range(0, last + 1))
        ax.set_xlim(-0.2, last + 0.2)
        ax.set_ylim(-0.3, top)
        ax.yaxis.get_major_locator().set_params(integer=True)
        _style(ax, look)
        if p + cols >= n:  # no panel below this one: it carries the rounds
            ax.tick_params(labelbottom=True)
            ax.set_xlabel(msg("chart.round_start"), fontsize=look.label)
    # one key for every panel, below them: inside a panel it would hide that seat's lines
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncol=3, fontsize=look.legend - 1, frameon=False)
    fig.suptitle(msg("chart.tracks.title"), fontsize=look.title)
    ends = d.tracks[d.tracks["round"] == last]
    alt = msg("chart.tracks.alt", last=last, items="; ".join(
        msg("chart.tracks.item", seat=seats.seat(r.player), rigor=r.rigor, hype=r.hype) for r in ends.itertuples()),
        artefacts=len(d.artefacts))
    return chart(png(fig), alt, caption)


# -- the scoreboard --------------------------------------------------------------------------------------
def vp_chart(seats, d: facts.Debrief, sources: list[str], look: Look = PAGE, caption: bool = True) -> str:
    """Per seat, a bar of its VP by source: gains to the right, the end's penalties to the left."""
    from matplotlib import colormaps
    from matplotlib.patches import Patch

    vp, n = d.vp, d.summary.players
    fig = figure(look.width, look.height or max(3.2, 1.4 + 0.9 * n), look.dpi, "constrained")
    ax = fig.add_subplot()
    palette = colormaps["tab20"]
    hatches = ("", "//", "..", "xx", "\\\\", "oo", "--", "++")
    left_pos, left_neg = [0] * n, [0] * n  # where each seat's bar has got to, right and left of 0
    ys = list(range(n - 1, -1, -1))
    handles = []
    for k, source in enumerate(sources):
        look_ = {"facecolor": palette(k % 20), "hatch": hatches[k % len(hatches)], "edgecolor": "black"}
        handles.append(Patch(label=msg(f"vp.{source}"), **look_))
        for p in range(n):
            v = int(vp.loc[p, source])
            if not v:
                continue
            start = left_pos[p] if v > 0 else left_neg[p] + v
            ax.barh([ys[p]], [abs(v)], left=[start], height=0.6, **look_)
            ax.annotate(number(v), (start + abs(v) / 2, ys[p]), ha="center", va="center", fontsize=look.legend,
                        fontweight="bold",
                        bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "alpha": 0.8, "linewidth": 0})
            if v > 0:
                left_pos[p] += v
            else:
                left_neg[p] += v
    for p in range(n):
        ax.annotate(msg("chart.vp.total", vp=number(int(vp.loc[p, "total"]))), (max(left_pos[p], 0), ys[p]),
                    textcoords="offset points", xytext=(8, 0), va="center", fontsize=look.tick, fontweight="bold")
    ax.set_yticks(ys, [seats.label(p) for p in range(n)], fontsize=look.tick)
    _colour_ticks(ax.get_yticklabels())
    ax.axvline(0, color="black", linewidth=1.5)
    right = max(left_pos + [1])
    ax.set_xlim(min(left_neg + [0]) - 0.5, right * 1.25 + 1.5)
    ax.set_ylim(-0.6, n - 0.4)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_xlabel(msg("chart.vp.x"), fontsize=look.label)
    _style(ax, look, msg("chart.vp.title"))
    ax.legend(handles=handles, fontsize=look.legend - 1, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    alt = msg("chart.vp.alt", items="; ".join(
        msg("chart.vp.item", seat=seats.seat(p), vp=number(int(vp.loc[p, "total"]))) for p in range(n)))
    return chart(png(fig), alt, caption)
