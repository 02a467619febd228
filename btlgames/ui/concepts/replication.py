"""Widgets for the Research Programme concept notebook: why science needs replication.

Each public function builds and returns one new widget (nothing is shared between viewers,
nothing long runs until a button is pressed):

- :func:`game_dice` — the game's test roll as exact chances: the game's "power";
- :func:`ppv_explorer` — Ioannidis's positive predictive value with sliders, and replications;
- :func:`replication_or_reanalysis` — an independent replication against a second look at the same data;
- :func:`many_labs` — a Monte Carlo world of labs, with a progress bar, a table and a plot.

The live results are HTML and small inline SVG bars (no plot is drawn on load, so nbval
compares nothing that moves); the one matplotlib plot is drawn when the simulation runs.
Colour never carries meaning alone: every bar has its number written next to it, the
marked dice cell has a ▶ and a frame, and the plot's lines differ in markers and dashes.
"""
from __future__ import annotations

import math

import ipywidgets as w

from ...core.i18n import number, words_of
from ...science import ppv as model
from ...science.intervals import wilson
from ..common.figures import figure, png, title
from ..common.widgets import WIDE, RunPanel, app, button, esc, heading, message, row, stylesheet

ODDS_CHOICES = (1 / 1000, 1 / 300, 1 / 100, 1 / 30, 1 / 10, 1 / 5, 1 / 3, 1 / 2, 1.0, 2.0, 3.0, 10.0)
ALPHA_CHOICES = (("0.05", 0.05), ("0.01", 0.01), ("0.005", 0.005), ("0.001", 0.001),
                 ("3σ ≈ 0.0013", model.SIGMA_3), ("5σ ≈ 0.0000003", model.SIGMA_5))
MAX_REPLICATIONS = 4
LABS_RANGE = (100, 200_000)
CARD_DIFFICULTIES = (3, 4, 5, 6)
MAX_TRACK = 10  # Rigor and Hype run 0–10 on the player board
BAR_COLOUR = "#0d47a1"  # ≥ 7:1 against white

STYLE = stylesheet("""\
.btl-replication { font-size: 18px; line-height: 1.45;
  --jp-widgets-font-size: 17px; --jp-widgets-inline-height: 38px;
  --jp-widgets-inline-label-width: 150px; }
.btl-replication .widget-button { height: auto; min-height: 38px; padding: 4px 12px; }
.btl-replication .widget-readout { font-weight: bold; min-width: 5em; }
.btl-replication table.btl-table { border-collapse: collapse; margin: .4em 0; }
.btl-replication table.btl-table th, .btl-replication table.btl-table td {
  border: 1px solid #888; padding: .3em .55em; vertical-align: top; text-align: left; }
.btl-replication table.btl-table th { background: #eee; }
.btl-replication table.btl-dice td { text-align: center; min-width: 3.4em; }
.btl-replication table.btl-dice td.btl-here { outline: 4px solid #000; outline-offset: -4px;
  font-weight: bold; background: #fff3c4; }
.btl-replication .btl-scroll { overflow-x: auto; max-width: 100%; }
.btl-replication .btl-big { font-size: 30px; font-weight: bold; margin: .2em 0; }
.btl-replication .btl-warning { font-weight: bold; }
""")


msg = words_of("replication")  # this app's words (catalogue section [replication])


# -- small helpers --------------------------------------------------------------------------
def _app(children, *classes) -> w.VBox:
    return app(children, "btl-replication", *classes, style=STYLE)


def _title(key: str, help_key: str) -> w.HTML:
    return heading(msg(key), msg(help_key))


def pct(p: float) -> str:
    """A probability as a percentage with as many digits as it needs: 0.1%, 5.2%, 85%, 99.95%."""
    if p <= 0:
        return number(0, ".0%")
    if p >= 1:
        return number(1, ".0%")
    if p < 0.01:
        return number(p * 100, ".2g") + number(0, ".0%")[1:]  # the language's percent sign
    if p < 0.1:
        return number(p, ".1%")
    if p <= 0.99:
        return number(p, ".0%")
    decimals = min(4, math.ceil(-math.log10(1 - p)) - 2)  # enough to tell 99.9% from 99.99%
    text = f"{p * 100:.{decimals}f}"  # rounds up to 100: say "> 99.99 %" instead
    return ("> " + number(1 - 10 ** -(decimals + 2), f".{decimals}%")) if text.startswith("100") \
        else number(p, f".{decimals}%")


def about(x: float) -> str:
    """An expected count, as a whole number (or one decimal when it is below 10 and not whole)."""
    if x < 10 and abs(x - round(x)) > 0.05:
        return number(x, ".1f")
    return number(round(x), ",")


def odds_options(extra: float | None = None) -> list[tuple[str, float]]:
    values = sorted(set(ODDS_CHOICES) | ({extra} if extra else set()))
    return [(model.format_odds(v), v) for v in values]


def _odds_slider(value: float = 1.0) -> w.SelectionSlider:
    return w.SelectionSlider(options=odds_options(), value=value, description=msg("odds"), style=WIDE,
                             continuous_update=False, layout=w.Layout(width="30em"))


def _float_slider(key: str, value: float, low: float, high: float, step: float = 0.05) -> w.FloatSlider:
    return w.FloatSlider(value=value, min=low, max=high, step=step, description=msg(key), style=WIDE,
                         continuous_update=False, readout_format=".2f", layout=w.Layout(width="26em"))


def _alpha_dropdown() -> w.Dropdown:
    return w.Dropdown(options=ALPHA_CHOICES, value=0.05, description=msg("alpha"), style=WIDE)


def bars_svg(rows: list[tuple[str, float]], label: str, baseline: tuple[str, float] | None = None) -> str:
    """Horizontal bars from 0 to 100 %, each with its label above and its value written beside it."""
    width, bar_width, row_h, top = 640, 440, 58, 10
    height = top + row_h * len(rows) + (34 if baseline else 8)
    parts = [f'<svg class="btl-bars" role="img" aria-label="{esc(label)}" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
             f'style="max-width:100%;height:auto;font-family:DejaVu Sans, sans-serif">',
             f"<title>{esc(label)}</title>"]
    for i, (name, value) in enumerate(rows):
        y = top + i * row_h
        length = max(2.0, bar_width * value)
        parts.append(f'<text x="0" y="{y + 18}" font-size="18">{esc(name)}</text>'
                     f'<rect x="0" y="{y + 26}" width="{bar_width}" height="24" fill="none" stroke="#777"/>'
                     f'<rect x="0" y="{y + 26}" width="{length:.1f}" height="24" fill="{BAR_COLOUR}"/>'
                     f'<text x="{bar_width + 10}" y="{y + 45}" font-size="20" font-weight="bold">{pct(value)}</text>')
    if baseline:  # a dashed mark across every bar (not through the labels) and its words below
        name, value = baseline
        x = bar_width * value
        bottom = top + row_h * len(rows)
        for i in range(len(rows)):
            y = top + i * row_h
            parts.append(f'<line x1="{x:.1f}" y1="{y + 22}" x2="{x:.1f}" y2="{y + 54}" stroke="#000" '
                         f'stroke-width="2" stroke-dasharray="5 3"/>')
        parts.append(f'<text x="{min(x, bar_width - 200):.1f}" y="{bottom + 24}" font-size="16">'
                     f'┆ {esc(name)}: {pct(value)}</text>')
    parts.append("</svg>")
    return "".join(parts)


# -- 1. the game's dice ---------------------------------------------------------------------------
def dice_table_html(difficulty: int | None = None, modifier: int | None = None) -> str:
    """Success chance for every difficulty (rows) and net modifier (columns); the chosen cell marked."""
    modifiers = range(-3, 4)
    head = "".join(f'<th scope="col">{_signed(m)}</th>' for m in modifiers)
    rows = []
    for d in range(2, 11):
        cells = []
        for m in modifiers:
            p = model.success_chance(d, m)
            here = d == difficulty and m == modifier
            mark = "▶ " if here else ""
            cls = ' class="btl-here"' if here else ""
            cells.append(f"<td{cls}>{mark}{p.numerator * 6 // p.denominator}/6<br><small>{pct(float(p))}</small></td>")
        rows.append(f'<tr><th scope="row">{d}+</th>{"".join(cells)}</tr>')
    return (f'<div class="btl-scroll"><table class="btl-table btl-dice">'
            f'<caption>{esc(msg("dice.table_caption"))}</caption>'
            f'<thead><tr><th scope="col">{esc(msg("dice.corner"))}</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def _signed(x: int) -> str:
    return "0" if x == 0 else ("+" if x > 0 else "−") + str(abs(x))


def _need(need: int) -> str:
    if need <= 1:
        return msg("dice.need_any")
    if need > 6:
        return msg("dice.need_none", need=need)
    return msg("dice.need", need=need)


def dice_summary_html(card: int, project: str, metascience: bool, wormhole: bool, technique: int, rigor: int,
                      map_bonus: int, extra: int, noise: int, hype: int) -> str:
    """The roll worked out step by step, the artefact check, and the roll in the model's words."""
    bonus = model.roll_bonus(technique, rigor, map_bonus, extra)
    modifier = model.net_modifier(technique, rigor, map_bonus, noise, extra)
    difficulty = model.roll_difficulty(card, project, metascience, wormhole)
    chance = model.success_chance(difficulty, modifier)
    faces = chance.numerator * 6 // chance.denominator
    raw = technique + rigor // 4 + map_bonus + extra
    lines = [
        msg("dice.bonus", technique=technique, rigor=rigor, quarter=rigor // 4, map=map_bonus, extra=extra,
            raw=raw, bonus=bonus, capped=msg("dice.capped") if raw > model.BONUS_CAP else ""),
        msg("dice.modifier", bonus=bonus, noise=noise, modifier=_signed(modifier)),
        msg("dice.difficulty", card=card, project=model.PROJECT_DIFFICULTY[project],
            metascience=1 if metascience else 0, wormhole=1 if wormhole else 0, difficulty=difficulty),
        _need(difficulty - modifier),
    ]
    parts = [f"<ol>{''.join(f'<li>{esc(x)}</li>' for x in lines)}</ol>",
             f'<p class="btl-big">{esc(msg("dice.chance", faces=faces, pct=pct(float(chance))))}</p>',
             f"<p>{esc(msg('dice.power', pct=pct(float(chance))))}</p>"]
    if model.is_artefact(hype, rigor):
        parts.append(f'<p class="btl-warning">⚠ {esc(msg("dice.artefact", hype=hype, rigor=rigor))}</p>')
    else:
        parts.append(f"<p>✓ {esc(msg('dice.no_artefact', hype=hype, rigor=rigor))}</p>")
    # Thought experiment: suppose a false theory could only "succeed" on a lucky 6.
    fluke = 1 / 6
    power = float(chance)
    if power > fluke:
        parts.append(f"<p>{esc(msg('dice.fluke', power=pct(power), factor=number(power / fluke, '.1f'), ppv=pct(model.ppv(power, 1.0, fluke))))}</p>")
    else:
        parts.append(f"<p>{esc(msg('dice.fluke_useless', power=pct(power)))}</p>")
    return f'<div class="btl-result">{"".join(parts)}</div>'


def game_dice() -> w.VBox:
    """The game's test roll: choose the card, project, bonuses, noise and hype; see the exact chance."""
    card = w.Dropdown(options=[(f"{d}+", d) for d in CARD_DIFFICULTIES], value=4, description=msg("dice.card"),
                      style=WIDE)
    project = w.Dropdown(options=[(msg(f"dice.project.{p}"), p) for p in model.PROJECT_DIFFICULTY],
                         value="named", description=msg("dice.project.label"), style=WIDE,
                         layout=w.Layout(width="34em"))
    metascience = w.Checkbox(value=False, description=msg("dice.metascience"), indent=False,
                             layout=w.Layout(width="auto"))
    wormhole = w.Checkbox(value=False, description=msg("dice.wormhole"), indent=False,
                          layout=w.Layout(width="auto"))
    technique = w.Dropdown(options=[(f"+{k}", k) for k in range(3)], value=1, description=msg("dice.technique"),
                           style=WIDE)
    rigor = w.IntSlider(value=2, min=0, max=MAX_TRACK, description=msg("dice.rigor"), style=WIDE,
                        continuous_update=False, layout=w.Layout(width="22em"))
    map_bonus = w.Dropdown(options=[("0", 0), ("+1", 1)], value=0, description=msg("dice.map"), style=WIDE)
    extra = w.Dropdown(options=[("0", 0)] + [(f"+{k}", k) for k in range(1, model.BONUS_CAP + 1)], value=0,
                       description=msg("dice.extra"), style=WIDE)
    noise = w.IntSlider(value=1, min=0, max=model.MAX_NOISE, description=msg("dice.noise"), style=WIDE,
                        continuous_update=False, layout=w.Layout(width="22em"))
    hype = w.IntSlider(value=1, min=0, max=MAX_TRACK, description=msg("dice.hype"), style=WIDE,
                       continuous_update=False, layout=w.Layout(width="22em"))
    controls = (card, project, metascience, wormhole, technique, rigor, map_bonus, extra, noise, hype)
    status = w.HTML()
    summary = w.HTML()
    table = w.HTML()

    def refresh(_=None):
        try:
            summary.value = dice_summary_html(card.value, project.value, metascience.value, wormhole.value,
                                              technique.value, rigor.value, map_bonus.value, extra.value,
                                              noise.value, hype.value)
            modifier = model.net_modifier(technique.value, rigor.value, map_bonus.value, noise.value, extra.value)
            table.value = dice_table_html(
                model.roll_difficulty(card.value, project.value, metascience.value, wormhole.value), modifier)
            status.value = ""
        except ValueError as e:  # only reachable if a control is given a value it should not hold
            status.value = message(esc(msg("bad_input", why=e)), error=True)

    for control in controls:
        control.observe(refresh, names="value")
    refresh()
    return _app([
        _title("dice.title", "dice.help"),
        row([card, project]),
        row([metascience, wormhole]),
        row([technique, rigor, map_bonus, extra]),
        row([noise, hype]),
        status, summary, table,
    ], "btl-dice-app")


# -- 2. the PPV explorer ----------------------------------------------------------------------------------
def explorer_html(power: float, odds: float, alpha: float, bias: float, replications: int) -> str:
    """The big number, the 2 × 2 table as natural frequencies, bars for 0 … 4 replications, n teams."""
    single = model.ppv(power, odds, alpha, bias)
    k = replications + 1
    parts = [f'<p class="btl-big">{esc(msg("explorer.big", pct=pct(single), n=round(single * 100)))}</p>']
    if replications:
        after = model.ppv_replicated(power, odds, alpha, k, bias)
        parts.append(f'<p class="btl-big">{esc(msg("explorer.big_replicated", r=replications, pct=pct(after)))}</p>')
    p_true, p_false = model.positive_rates(power, alpha, bias)
    if p_true <= p_false:  # a "positive" is no more likely for a true hypothesis than for a false one
        parts.append(f'<p class="btl-warning">⚠ {esc(msg("explorer.useless"))}</p>')

    # enough hypotheses for about 10 true ones, so that the counts are whole numbers worth reading
    hypotheses = next(n for n in (1000, 10_000, 100_000, 1_000_000)
                      if round(n * model.prior(odds)) >= 10 or n == 1_000_000)
    f = model.frequencies(power, odds, alpha, bias, hypotheses)
    found_true = f["true_found"] + f["true_biased"]
    found_false = f["false_chance"] + f["false_biased"]
    items = [msg("explorer.freq.true_found", n=about(f["true_found"]), power=pct(power)),
             msg("explorer.freq.false_chance", n=about(f["false_chance"]), alpha=number(alpha, ".2g"))]
    if bias:
        items[1:1] = [msg("explorer.freq.true_biased", n=about(f["true_biased"]))]
        items.append(msg("explorer.freq.false_biased", n=about(f["false_biased"]), bias=number(bias, ".2f")))
    parts.append(f"<h4>{esc(msg('explorer.freq.title', n=about(hypotheses)))}</h4>"
                 f"<p>{esc(msg('explorer.freq.split', true=about(f['true']), false=about(f['false']), odds=model.format_odds(odds)))}</p>"
                 f"<ul>{''.join(f'<li>{esc(x)}</li>' for x in items)}</ul>"
                 f"<p>{esc(msg('explorer.freq.total', claims=about(found_true + found_false), true=about(found_true), false=about(found_false)))}</p>")

    rows = [(msg("explorer.bar.one"), single)] + [
        (msg("explorer.bar.more", r=r), model.ppv_replicated(power, odds, alpha, r + 1, bias))
        for r in range(1, MAX_REPLICATIONS + 1)]
    label = msg("explorer.bars_label", values="; ".join(f"{name}: {pct(v)}" for name, v in rows))
    parts.append(f"<h4>{esc(msg('explorer.bars_title'))}</h4>"
                 + bars_svg(rows, label, baseline=(msg("explorer.before"), model.prior(odds))))
    if replications:  # Ioannidis's n teams, for as many teams as there are studies above
        teams = model.ppv_any_of_n(power, odds, alpha, k, bias)
        parts.append(f"<p>{esc(msg('explorer.teams', n=k, pct=pct(teams), single=pct(single)))}</p>")
    return f'<div class="btl-result">{"".join(parts)}</div>'


def ppv_explorer() -> w.VBox:
    """Sliders for power, pre-study odds, α, bias and replications; the PPV as a big number and bars."""
    power = _float_slider("power", 0.8, 0.05, 1.0)
    odds = _odds_slider(1.0)
    typed = w.Text(placeholder="1:20", description=msg("explorer.typed"), style=WIDE, layout=w.Layout(width="18em"))
    use_typed = button(msg("explorer.use_typed"))
    alpha = _alpha_dropdown()
    bias = _float_slider("bias", 0.0, 0.0, 1.0)
    replications = w.IntSlider(value=0, min=0, max=MAX_REPLICATIONS, description=msg("explorer.replications"),
                               style=WIDE, continuous_update=False, layout=w.Layout(width="26em"))
    example = w.Dropdown(options=[(msg(f"example.{row[4]}"), i) for i, row in enumerate(model.TABLE_4)],
                         value=0, description=msg("explorer.example"), style=WIDE,
                         layout=w.Layout(width="auto", max_width="100%"))  # its longest example whole in every language
    show_example = button(msg("explorer.show_example"))
    status = w.HTML()
    result = w.HTML()

    def refresh(_=None):
        try:
            result.value = explorer_html(power.value, odds.value, alpha.value, bias.value, replications.value)
        except ValueError as e:
            status.value = message(esc(msg("bad_input", why=e)), error=True)

    def on_controls(_):
        status.value = ""
        refresh()

    def on_typed(_):
        try:
            value = model.parse_odds(typed.value)
        except ValueError as e:
            status.value = message(esc(msg("explorer.bad_odds", why=e)), error=True)
            return
        odds.options = odds_options(value)  # the typed odds become a stop on the slider
        odds.value = value
        status.value = message(esc(msg("explorer.odds_used", odds=model.format_odds(value))))
        refresh()

    def on_example(_):
        p, r, u, printed, key = model.TABLE_4[example.value]
        if r not in dict(odds.options).values():
            odds.options = odds_options(r)
        power.value, odds.value, bias.value, alpha.value, replications.value = p, r, u, 0.05, 0
        status.value = message(esc(msg("explorer.example_loaded", example=msg(f"example.{key}"),
                                          printed=number(printed, "g"), ours=number(model.ppv(p, r, 0.05, u), ".4f"))))
        refresh()

    for control in (power, odds, alpha, bias, replications):
        control.observe(on_controls, names="value")
    use_typed.on_click(on_typed)
    show_example.on_click(on_example)
    refresh()
    return _app([
        _title("explorer.title", "explorer.help"),
        row([power, alpha]),
        row([odds, typed, use_typed]),
        row([bias, replications]),
        row([example, show_example]),
        status, result,
    ], "btl-ppv-explorer")


# -- 3. replication or re-analysis? ------------------------------------------------------------------------
def reanalysis_html(power: float, odds: float, alpha: float, bias: float, rho: float) -> str:
    single = model.ppv(power, odds, alpha, bias)
    again = model.ppv_reanalysed(power, odds, alpha, bias, rho)
    replicated = model.ppv_replicated(power, odds, alpha, 2, bias)
    rows = [(msg("reanalysis.bar.one"), single), (msg("reanalysis.bar.again", rho=number(rho, ".1f")), again),
            (msg("reanalysis.bar.replicated"), replicated)]
    label = msg("explorer.bars_label", values="; ".join(f"{name}: {pct(v)}" for name, v in rows))
    factor_again = model.odds_factor(power, alpha, bias, rho, second=True)
    factor_new = model.odds_factor(power, alpha, bias)
    return ('<div class="btl-result">'
            + bars_svg(rows, label, baseline=(msg("explorer.before"), model.prior(odds)))
            + f"<p>{esc(msg('reanalysis.factors', first=number(factor_new, '.3g'), again=number(factor_again, '.3g'), new=number(factor_new, '.3g')))}</p>"
            + "</div>")


def replication_or_reanalysis() -> w.VBox:
    """One positive study, then either a second analysis of the same data (correlated) or a new study."""
    power = _float_slider("power", 0.8, 0.05, 1.0)
    odds = _odds_slider(1 / 10)
    alpha = _alpha_dropdown()
    bias = _float_slider("bias", 0.2, 0.0, 1.0)
    rho = _float_slider("reanalysis.rho", 0.8, 0.0, 1.0, step=0.1)
    status = w.HTML()
    result = w.HTML()

    def refresh(_=None):
        try:
            result.value = reanalysis_html(power.value, odds.value, alpha.value, bias.value, rho.value)
            status.value = ""
        except ValueError as e:
            status.value = message(esc(msg("bad_input", why=e)), error=True)

    for control in (power, odds, alpha, bias, rho):
        control.observe(refresh, names="value")
    refresh()
    return _app([
        _title("reanalysis.title", "reanalysis.help"),
        row([power, alpha]),
        row([odds, bias]),
        rho, status, result,
    ], "btl-reanalysis")


# -- 4. the many-labs simulation ------------------------------------------------------------------------------
def results_html(result: model.LabsResult) -> str:
    """The table: claims, true, false, the simulated share true with its 95 % Wilson interval (honest
    at 0 % and 100 %, where "± SE" would read as certain) and the formula, per stage."""
    world = result.world
    expected = world.expected()
    head = "".join(f'<th scope="col">{esc(msg(f"labs.col.{c}"))}</th>'
                   for c in ("stage", "claims", "true", "false", "share", "formula"))
    rows = []
    for stage in model.STAGES:
        tally = result.tallies[stage]
        low, high = wilson(tally.true, tally.claims)
        share = (msg("labs.share", share=pct(tally.share_true), low=pct(low), high=pct(high)) if tally.claims
                 else msg("labs.no_claims"))
        rows.append(f'<tr class="btl-stage-{stage}"><th scope="row">{esc(msg(f"labs.stage.{stage}", rho=number(world.rho, ".1f")))}</th>'
                    f"<td>{tally.claims}</td><td>{tally.true}</td><td>{tally.false}</td>"
                    f"<td>{share}</td><td>{pct(expected[stage])}</td></tr>")
    single = result.tallies["single"]
    notes = [msg("labs.truth", true=result.true_hypotheses, labs=world.labs,
                 expected=pct(model.prior(world.odds))),
             msg("labs.hyped", hyped=result.false_from_hyped, false=single.false, share=pct(world.hyped_share),
                 bias=number(world.bias, ".3g"))]
    return (f'<div class="btl-scroll"><table class="btl-table btl-labs"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>'
            + "".join(f"<p>{esc(n)}</p>" for n in notes))


def convergence_png(result: model.LabsResult) -> bytes:
    """The simulated share of true claims as labs are added, with the formulas as dashed lines."""
    from matplotlib.ticker import PercentFormatter  # here: matplotlib loads at the first plot

    fig = figure(7.2, 5.6)
    ax = fig.add_subplot()
    expected = result.world.expected()
    styles = {"single": ("o", "-", "#0d47a1"), "reanalysis": ("^", "-.", "#6a1b9a"),
              "replication": ("s", ":", "#1b5e20")}
    for stage, (marker, dash, colour) in styles.items():
        name = msg(f"labs.stage.{stage}", rho=number(result.world.rho, ".1f"))
        label = msg("labs.legend", stage=name, pct=pct(expected[stage]))  # the formula's value in words
        points = [(labs, shares[stage]) for labs, shares in result.trace if shares[stage] is not None]
        if points:
            xs, ys = zip(*points)
            ax.plot(xs, ys, marker=marker, linestyle=dash, color=colour, markersize=6, linewidth=2, label=label)
        ax.axhline(expected[stage], color=colour, linestyle="--", linewidth=1.2)
    ax.set_xscale("log")
    ax.set_ylim(0, 1.05)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel(msg("labs.xlabel"), fontsize=13)
    ax.set_ylabel(msg("labs.ylabel"), fontsize=13)
    title(ax, msg("labs.plot_title"), fontsize=14)
    ax.tick_params(labelsize=12)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=11, loc="upper center", bbox_to_anchor=(0.5, -0.16))  # below: never over the data
    fig.tight_layout()
    return png(fig)


def plot_alt(result: model.LabsResult) -> str:
    expected = result.world.expected()
    return msg("labs.plot_alt", labs=result.world.labs, values="; ".join(
        msg("labs.plot_point", stage=msg(f"labs.stage.{s}", rho=number(result.world.rho, ".1f")),
            sim=pct(result.tallies[s].share_true) if result.tallies[s].claims else msg("labs.no_claims"),
            formula=pct(expected[s]))
        for s in model.STAGES))


def many_labs(labs: int = 5000) -> w.VBox:
    """Simulate many labs on demand: how many claimed discoveries are false, with and without replication."""
    low, high = LABS_RANGE
    n_labs = w.IntText(value=labs, description=msg("labs.labs"), style=WIDE, layout=w.Layout(width="16em"))
    seed = w.IntText(value=1, description=msg("labs.seed_label"), style=WIDE, layout=w.Layout(width="12em"))
    odds = _odds_slider(1 / 5)
    power = _float_slider("power", 0.5, 0.05, 1.0)
    alpha = _alpha_dropdown()
    hyped_share = _float_slider("labs.hyped_share", 0.3, 0.0, 1.0)
    hyped_bias = _float_slider("labs.hyped_bias", 0.4, 0.0, 1.0)
    rho = _float_slider("reanalysis.rho", 0.8, 0.0, 1.0, step=0.1)
    run = button(msg("labs.run"))
    study = RunPanel(lambda **n: msg("labs.progress", **n), msg("labs.idle"), lambda e: msg("labs.failed", why=e))
    table = w.HTML()

    def work():
        n = study.read_number(n_labs, low, high, msg("labs.bad_labs", low=low, high=high))
        first = study.read_number(seed, 0, None, msg("labs.bad_seed"))
        world = model.Labs(labs=n, odds=odds.value, power=power.value, alpha=alpha.value,
                           hyped_share=hyped_share.value, hyped_bias=hyped_bias.value, rho=rho.value)
        study.start(world.labs)
        study.say(msg("labs.running", labs=world.labs))
        result = model.simulate_labs(world, first, progress=study.reporter(world.labs))
        table.value = results_html(result)
        study.show_png(convergence_png(result), plot_alt(result), width=720, height=560)
        study.say(msg("labs.done", labs=world.labs, seed=first))

    study.run_on_click(run, work)
    return _app([
        _title("labs.title", "labs.help"),
        row([odds, power, alpha]),
        row([hyped_share, hyped_bias, rho]),
        row([n_labs, seed, run]),
        study.progress_row(),
        study.message, table, study.plot,
    ], "btl-many-labs")


__all__ = ["game_dice", "ppv_explorer", "replication_or_reanalysis", "many_labs"]
