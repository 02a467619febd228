"""Widgets for the Beamtimes and Lifetimes concept notebook: detector ranges, odds and credit.

Each public function builds and returns one new widget (nothing is shared between viewers,
nothing long runs until a button is pressed):

- :func:`range_explorer` — a physicist, a detector, collaborators and what the group knows:
  which values are in range, the chance to be in range or to solve, X and the tokens to expect;
- :func:`credit_table` — how a published result's tokens are shared, alone or in a collaboration;
- :func:`mass_window` — a real detector's mass window over the PDG particles.

The notebook's simulation is the rule-and-strategy lab (``btlgames.ui.lab``, preset "detector-ranges").

Card values are written A, 2 … 10, J, Q, K with their words; colour never carries meaning alone
(every cell also says "in range", "elsewhere" …, and the strip of masses has text labels).
"""
from __future__ import annotations

import itertools
import math

import ipywidgets as w

from ...core.i18n import number, words_of
from ...science import detector as model
from ...science import hadrons
from ...science.ranges import gap, is_exact, outcome
from ..common.widgets import WIDE, app, button, esc, heading, message, row, stylesheet

MAX_ROWS = 40  # particle rows shown at once: a projector shows no more
WIDTHS = (1.0, 10.0, 100.0, 1000.0, 10000.0)  # MeV, for the window trade-off
STRIP = (0.1, 300_000.0)  # MeV, the ends of the logarithmic strip of masses
KIND_CHOICES = {"all": model.KINDS, "meson": ("meson",), "baryon": ("baryon",), "other": ("lepton", "boson")}
PRESETS = {  # key -> (low, high) in MeV
    "jpsi": (3090.0, 3105.0),
    "upsilon": (9450.0, 9470.0),
    "z": (89000.0, 93500.0),
    "nucleons": (935.0, 942.0),
    "wide": (0.0, 2000.0),
    "desert": (12000.0, 80000.0),
}

STYLE = stylesheet("""\
.btl-ranges { font-size: 18px; line-height: 1.45;
  --jp-widgets-font-size: 17px; --jp-widgets-inline-height: 38px; }
.btl-ranges .widget-button { height: auto; min-height: 38px; padding: 4px 12px; }
.btl-ranges table.btl-table { border-collapse: collapse; margin: .4em 0; }
.btl-ranges table.btl-table th, .btl-ranges table.btl-table td {
  border: 1px solid #888; padding: .3em .5em; vertical-align: top; text-align: left; }
.btl-ranges table.btl-table th { background: #eee; }
.btl-ranges table.btl-line { font-size: 16px; }
.btl-ranges table.btl-line td, .btl-ranges table.btl-line th[scope=col] { text-align: center; padding: .3em .25em; }
.btl-ranges table.btl-line th[scope=col] { font-size: 24px; min-width: 2.6em; }
.btl-ranges td.btl-in { background: #d8f0d4; font-weight: bold; }
.btl-ranges td.btl-elsewhere { background: #e4e4e4; color: #333; text-decoration: line-through; }
.btl-ranges .btl-scroll { overflow-x: auto; max-width: 100%; }
.btl-ranges .btl-big { font-size: 22px; }
.btl-ranges .btl-more { font-weight: bold; }
""")


msg = words_of("detector_ranges")  # this app's words (catalogue section [detector_ranges])


# -- small helpers --------------------------------------------------------------------------------
def _app(children, *classes) -> w.VBox:
    return app(children, "btl-ranges", *classes, style=STYLE)


def _dropdown(options, value, description: str) -> w.Dropdown:
    return w.Dropdown(options=options, value=value, description=description,
                      style=WIDE, layout=w.Layout(width="auto"))


def card(value: int) -> str:
    """"Q (Queen)": a card value with its word."""
    return msg("card", label=model.card_label(value), word=model.card_word(value))


def cards(values) -> str:
    return ", ".join(model.card_label(v) for v in values) or msg("none")


def pct(p) -> str:
    return number(float(p), ".0%")


def num(x) -> str:
    """Expected tokens: two decimals, a whole number without them."""
    x = float(x)
    return number(x, ".0f" if x == int(x) else ".2f")


def _title(key: str, help_key: str | None = None, **values) -> w.HTML:
    return heading(msg(key), msg(help_key, **values) if help_key else "")


# -- 1. the range explorer -----------------------------------------------------------------------------
def number_line_html(leader: int, collaborators, detector: int, excluded) -> str:
    """Every value from A to K: who shows it, whether it may be the problem, whether it is in range."""
    physicists = [leader, *collaborators]
    head = "".join(f'<th scope="col">{model.card_label(v)}<br><small>{esc(model.card_word(v))}</small></th>'
                   for v in model.VALUES)
    who, where, seen = [], [], []
    for v in model.VALUES:
        marks = ([msg("line.leader")] if v == leader else []) + \
                ([msg("line.collaborator")] if v in collaborators else []) + \
                ([msg("line.detector")] if v == detector else [])
        who.append(f"<td>{'<br>'.join(map(esc, marks))}</td>")
        if v in excluded:
            where.append(f'<td class="btl-elsewhere">{esc(msg("line.elsewhere"))}</td>')
        else:
            where.append(f"<td>{esc(msg('line.possible'))}</td>")
        x = gap(v, physicists, detector)
        if x is None:
            seen.append(f"<td>{esc(msg('line.out'))}</td>")
        elif is_exact(v, physicists, detector):
            seen.append(f'<td class="btl-in">{esc(msg("line.solved"))}</td>')
        else:
            seen.append(f'<td class="btl-in">{esc(msg("line.in"))}<br>{esc(msg("line.x", x=x))}</td>')

    def table_row(key, cells):
        return f'<tr><th scope="row">{esc(msg(key))}</th>{"".join(cells)}</tr>'
    return (f'<div class="btl-scroll"><table class="btl-table btl-line"><caption>{esc(msg("line.caption"))}'
            f'</caption><thead><tr><th scope="col">{esc(msg("line.value"))}</th>{head}</tr></thead><tbody>'
            + table_row("line.who", who) + table_row("line.problem", where) + table_row("line.range", seen)
            + "</tbody></table></div>")


def _p(key: str, **values) -> str:
    """One sentence from the catalogue as an HTML paragraph."""
    return f"<p>{esc(msg(key, **values))}</p>"


def chances_html(leader: int, collaborators, detector: int, excluded) -> str:
    """The chances and expected tokens in sentences, then what one more look would do."""
    c = model.chances(leader, collaborators, detector, excluded)
    headline = msg("sum.in_range", k=c["in_range"], n=c["n"], p=pct(c["p_in_range"]))
    parts = [f'<p class="btl-big btl-summary"><b>{esc(headline)}</b></p>',
             _p("sum.possible", n=c["n"], values=cards(model.candidates(excluded)))]
    if c["solved"]:
        parts.append(_p("sum.can_solve", n=c["n"], p=pct(c["p_solved"]), card=card(detector)))
    elif detector in excluded:
        parts.append(_p("sum.solve_elsewhere", card=card(detector)))
    else:
        parts.append(_p("sum.no_solve", card=card(detector)))
    if collaborators:
        parts.append(_p("sum.expect_team", leader=num(c["leader"]), each=num(c["each"]), total=num(c["total"])))
        solo = model.chances(leader, [], detector, excluded)
        parts.append(_p("sum.alone", p=pct(solo["p_in_range"]), leader=num(solo["leader"])))
    else:
        parts.append(_p("sum.expect_solo", leader=num(c["leader"])))
    if c["in_range"]:
        parts.append(_p("sum.if_in_range", leader=num(c["leader_if_in_range"])))
    parts.append(verification_html(leader, collaborators, detector, excluded))
    parts.append(outcomes_html(leader, collaborators, detector, excluded))
    return '<div class="btl-result">' + "".join(parts) + "</div>"


def verification_html(leader: int, collaborators, detector: int, excluded) -> str:
    branches = model.verification_outcomes(leader, collaborators, detector, excluded)
    if not branches:
        return f'<p class="btl-verify">{esc(msg("verify.nothing"))}</p>'
    items = "".join(f"<li>{esc(msg('verify.' + b['sees'], p=pct(b['probability']), after=pct(b['p_in_range_after'])))}"
                    "</li>" for b in branches)
    return (f'<div class="btl-verify"><h4>{esc(msg("verify.title"))}</h4><ul>{items}</ul>'
            f"{_p('verify.average')}</div>")


def outcomes_html(leader: int, collaborators, detector: int, excluded) -> str:
    """Per possible value: the result, X and the tokens (in a fold: it is long)."""
    head = "".join(f'<th scope="col">{esc(msg(k))}</th>' for k in
                   ("table.value", "table.result", "table.x", "table.leader", "table.each", "table.total"))
    rows = []
    for r in model.possible_outcomes(leader, collaborators, detector, excluded):
        x = "—" if r["x"] is None else r["x"]
        each = r["each"] if collaborators else "—"
        rows.append(f'<tr><th scope="row">{esc(card(r["value"]))}</th><td>{esc(msg("result." + r["result"]))}</td>'
                    f'<td>{x}</td><td>{r["leader"]}</td><td>{each}</td><td>{r["total"]}</td></tr>')
    return (f'<details class="btl-outcomes"><summary>{esc(msg("table.summary"))}</summary>'
            f'<table class="btl-table"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f"<p><small>{esc(msg('table.note'))}</small></p></details>")


def range_explorer() -> w.VBox:
    """Choose a leader, collaborators, a detector and the values known elsewhere; see the odds."""
    values = [(card(v), v) for v in model.VALUES]
    leader = _dropdown(values, 13, msg("explorer.leader"))
    detector = _dropdown(values, 8, msg("explorer.detector"))
    collaborators = [_dropdown([(msg("explorer.no_one"), 0)] + values, 9 if i == 0 else 0,
                               msg("explorer.collaborator", n=i + 1)) for i in range(model.MAX_COLLABORATORS)]
    known = {v: w.Checkbox(value=False, description=card(v), indent=False, layout=w.Layout(width="9.5em"))
             for v in model.VALUES}
    typed = w.Text(placeholder=msg("explorer.typed_placeholder"), description=msg("explorer.typed"),
                   style=WIDE, layout=w.Layout(width="24em"))
    use_typed = button(msg("explorer.use_typed"))
    clear_known = button(msg("explorer.clear_known"))
    deal_button, verify_button, build_button = (button(msg(f"practice.{k}")) for k in ("deal", "verify", "build"))
    practice, status, line, result = w.HTML(), w.HTML(), w.HTML(), w.HTML()
    table: dict = {}  # this viewer's practice deal
    seeds = itertools.count(1)
    quiet = [False]  # while several boxes are set at once, draw once at the end

    def chosen():
        return (leader.value, [c.value for c in collaborators if c.value],
                detector.value, {v for v, box in known.items() if box.value})

    def refresh(_=None, note: str = "", error: bool = False):
        if quiet[0]:
            return
        try:
            setup = model.check_setup(*chosen())
        except ValueError as e:
            status.value = message(esc(msg("explorer.fix", why=e)), error=True)
            line.value = result.value = ""
            return
        status.value = message(note, error)
        line.value = number_line_html(*setup)
        result.value = chances_html(*setup)

    def set_known(new):
        quiet[0] = True
        for v, box in known.items():
            box.value = v in new
        quiet[0] = False

    def on_typed(_):
        text = typed.value.strip()
        if not text:
            refresh(note=esc(msg("explorer.typed_empty")), error=True)
            return
        try:
            new = model.parse_values(text)
        except ValueError as e:
            refresh(note=esc(msg("explorer.bad_typed", why=e)), error=True)
            return
        if len(new) > model.MAX_KNOWN:
            refresh(note=esc(msg("explorer.too_many_typed", n=len(new), max=model.MAX_KNOWN)), error=True)
            return
        set_known(new)
        refresh(note=esc(msg("explorer.known_set", values=cards(sorted(new)))))

    def on_clear(_):
        set_known(())
        refresh(note=esc(msg("explorer.known_cleared")))

    # -- practice: deal the diamonds, verify row cards one by one, then build --
    def show_practice(note: str, error: bool = False):
        practice.value = message(note, error)
        dealt = bool(table) and not table["built"]
        verify_button.disabled = not dealt or table["verified"] >= model.ROW
        build_button.disabled = not dealt

    def on_deal(_):
        table.clear()
        table.update(model.deal(next(seeds)), verified=0, built=False)
        set_known(())
        refresh()
        show_practice(esc(msg("practice.dealt")))

    def on_verify(_):
        if not table or table["built"]:
            show_practice(esc(msg("practice.deal_first")), error=True)
            return
        if table["verified"] >= model.ROW:
            show_practice(esc(msg("practice.row_done")), error=True)
            return
        v = table["row"][table["verified"]]
        table["verified"] += 1
        known[v].value = True  # its observer redraws the odds
        show_practice(esc(msg("practice.verified", n=table["verified"], card=card(v))))

    def on_build(_):
        if not table or table["built"]:
            show_practice(esc(msg("practice.deal_first")), error=True)
            return
        lead, team, det, seen = chosen()
        try:
            model.check_setup(lead, team, det, seen)
        except ValueError as e:
            show_practice(esc(msg("explorer.fix", why=e)), error=True)
            return
        problem = table["ring"][0]
        o = outcome(problem, lead, team, det)
        table["built"] = True
        words = msg("practice.result." + o["result"], x=o["x"], leader=o["leader"], each=o["each"])
        show_practice(esc(msg("practice.built", card=card(problem), result=words)))

    for control in (leader, detector, *collaborators, *known.values()):
        control.observe(refresh, names="value")
    use_typed.on_click(on_typed)
    clear_known.on_click(on_clear)
    deal_button.on_click(on_deal)
    verify_button.on_click(on_verify)
    build_button.on_click(on_build)
    refresh(note=esc(msg("explorer.start")))
    show_practice(esc(msg("practice.idle")))
    return _app([
        _title("explorer.title", "explorer.help", max=model.MAX_KNOWN),
        row([leader, detector]),
        row(collaborators),
        w.HTML(f"<b>{esc(msg('explorer.known'))}</b>"),
        row(list(known.values())),
        row([typed, use_typed, clear_known]),
        status, line, result,
        w.HTML(f"<h4>{esc(msg('practice.title'))}</h4><p>{esc(msg('practice.help'))}</p>"),
        row([deal_button, verify_button, build_button]),
        practice,
    ], "btl-explorer")


# -- 2. credit ------------------------------------------------------------------------------------------
def credit_html(max_x: int = 7) -> str:
    """Tokens for one published result, by X: alone, and shared with 1, 2 or 3 collaborators."""
    rows = model.credit_table(max_x)
    cols = range(1, model.MAX_COLLABORATORS + 1)
    head = (f'<th scope="col">{esc(msg("credit.x"))}</th><th scope="col">{esc(msg("credit.alone"))}</th>'
            f'<th scope="col">{esc(msg("credit.split"))}</th>'
            + "".join(f'<th scope="col">{esc(msg("credit.total", n=c))}</th>' for c in cols))
    body = []
    for x in range(max_x + 1):
        by_c = {r["collaborators"]: r for r in rows if r["x"] == x}
        cells = [f"<td>{by_c[0]['total']}</td>",
                 f"<td>{esc(msg('credit.split_cell', leader=by_c[1]['leader'], each=by_c[1]['each']))}</td>"]
        for c in cols:
            r = by_c[c]
            if r["gain"] > 0:
                cells.append(f'<td class="btl-more">{r["total"]} {esc(msg("credit.more", gain=r["gain"]))}</td>')
            elif r["gain"] < 0:
                cells.append(f'<td>{r["total"]} {esc(msg("credit.less", loss=-r["gain"]))}</td>')
            else:
                cells.append(f'<td>{r["total"]} {esc(msg("credit.same"))}</td>')
        body.append(f'<tr><th scope="row">{x}</th>{"".join(cells)}</tr>')
    return (f'<div class="btl-scroll"><table class="btl-table btl-credit"><caption>{esc(msg("credit.caption"))}'
            f'</caption><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')


def credit_table(max_x: int = 7) -> w.VBox:
    """The game's credit rule as a table: who takes what, and when sharing makes more in total."""
    return _app([_title("credit.title", "credit.help"), w.HTML(credit_html(max_x)),
                 w.HTML(f"<p>{esc(msg('credit.note'))}</p>")], "btl-credit-app")


# -- 3. the mass window ------------------------------------------------------------------------------
def _decimals(err: float) -> int:
    """Decimals for an uncertainty: one significant figure, two when it starts with 1 or 2."""
    d = -math.floor(math.log10(err))
    if err * 10 ** d < 3:
        d += 1
    return min(8, max(0, d))


def mass_text(mass: float, err: float | None) -> str:
    """A PDG mass with as many decimals as its uncertainty deserves."""
    if not err:
        return mev(mass)
    d = _decimals(err)
    return f"{mass:.{d}f} ± {err:.{d}f}"


def _quarks(text: str) -> str:
    if not text:
        return "—"
    try:
        return hadrons.pdg_quark_string(text)
    except ValueError:  # an unusual string: show it as the table writes it
        return text


def particles_html(records) -> str:
    head = "".join(f'<th scope="col">{esc(msg(k))}</th>' for k in
                   ("window.particle", "window.pdgid", "window.mass", "window.width", "window.kind", "window.quarks"))
    rows = []
    for r in records[:MAX_ROWS]:
        width = "—" if r["width_mev"] is None else mev(r["width_mev"], 3)
        # html_name is the particle package's own markup (Greek letters, <SUP>): data, not user input
        rows.append(f'<tr class="btl-particle"><th scope="row">{r["html_name"]} <small>({esc(r["name"])})</small></th>'
                    f'<td>{r["pdgid"]}</td><td>{mass_text(r["mass_mev"], r["mass_err_mev"])}</td>'
                    f'<td>{width}</td><td>{esc(msg("kind." + r["kind"]))}</td>'
                    f'<td>{esc(_quarks(r["quarks"]))}</td></tr>')
    more = f"<p>{esc(msg('window.more', shown=MAX_ROWS, n=len(records)))}</p>" if len(records) > MAX_ROWS else ""
    return (f'<div class="btl-scroll"><table class="btl-table"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>{more}')


def strip_svg(low: float, high: float, kinds) -> str:
    """Every PDG mass as a tick on a logarithmic strip, the window shaded and labelled."""
    lo, hi = (math.log10(x) for x in STRIP)
    width, height, pad = 900, 110, 40  # pad: room for the end labels

    def xpos(mev):
        mev = min(max(mev, STRIP[0]), STRIP[1])
        return pad + (math.log10(mev) - lo) / (hi - lo) * (width - 2 * pad)
    parts = [f'<rect x="{xpos(low):.1f}" y="8" width="{max(3.0, xpos(high) - xpos(low)):.1f}" height="62" '
             f'fill="#fff3c4" stroke="#8a6d00" stroke-width="2" stroke-dasharray="6 3"/>']
    inside = 0
    for r in model.pdg_particles():
        if r["kind"] not in kinds or r["mass_mev"] <= 0:
            continue
        hit = low <= r["mass_mev"] <= high
        inside += hit
        parts.append(f'<line x1="{xpos(r["mass_mev"]):.1f}" x2="{xpos(r["mass_mev"]):.1f}" '
                     f'y1="{18 if hit else 40}" y2="70" stroke="{"#000" if hit else "#777"}" '
                     f'stroke-width="{3 if hit else 1}"/>')
    for e in range(math.ceil(lo), math.floor(hi) + 1):
        label = msg("strip.tick", mev=number(10 ** e, ",.0f") if e >= 0 else number(10 ** e, "g"))
        parts.append(f'<line x1="{xpos(10 ** e):.1f}" x2="{xpos(10 ** e):.1f}" y1="70" y2="78" stroke="#000"/>'
                     f'<text x="{xpos(10 ** e):.1f}" y="96" font-size="18" text-anchor="middle">{esc(label)}</text>')
    alt = msg("strip.alt", low=mev(low), high=mev(high), n=inside)
    return (f'<svg role="img" aria-label="{esc(alt)}" viewBox="0 0 {width} {height}" width="100%" '
            f'style="max-width:{width}px"><title>{esc(alt)}</title>'
            f'<line x1="{pad}" x2="{width - pad}" y1="70" y2="70" stroke="#000"/>{"".join(parts)}</svg>'
            f"<p><small>{esc(msg('strip.legend'))}</small></p>")


SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def mev(x: float, digits: int = 6) -> str:
    """An energy in MeV as a person writes it, to ``digits`` significant digits, never in a
    program's e-notation: 2495.2 (not 2.5e+03), 139.57, 2.5 × 10⁻¹⁴."""
    if x and abs(x) < 1e-4:
        mantissa, exponent = f"{x:.1e}".split("e")
        return f"{number(float(mantissa), 'g')} × 10{str(int(exponent)).translate(SUPERSCRIPT)}"
    places = max(0, digits - 1 - math.floor(math.log10(abs(x)))) if x else 0
    shortest = next(p for p in range(places + 1) if round(x, p) == round(x, places))  # no trailing zeros
    return number(x, f"{',' if abs(x) >= 10_000 else ''}.{shortest}f")  # 3100, but 91,187.6 (as SI writes them)


def tradeoff_html(low: float, high: float, kinds) -> str:
    centre = (low + high) / 2
    head = "".join(f'<th scope="col">{esc(msg(k))}</th>'
                   for k in ("trade.width", "trade.window", "trade.count", "trade.precision"))
    rows = "".join(
        f'<tr><th scope="row">{mev(r["width"])}</th><td>{mev(r["low"])} – {mev(r["high"])}</td><td>{r["count"]}</td>'
        f'<td>{esc(msg("trade.plus_minus", half=mev(r["width"] / 2)))}</td></tr>'
        for r in model.window_tradeoff(centre, WIDTHS, kinds))
    return (f'<h4>{esc(msg("trade.title", centre=mev(centre)))}</h4>'
            f'<table class="btl-table"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
            f"<p>{esc(msg('trade.note'))}</p>")


def window_html(low: float, high: float, kinds) -> str:
    found = model.window_particles(low, high, kinds)
    centre, width = (low + high) / 2, high - low
    share = number(width / 2 / centre, ".1%")  # centre > 0: the window starts at 0 or above
    summary = msg("window.summary", low=mev(low), high=mev(high), centre=mev(centre), width=mev(width),
                  share=share, n=len(found))
    table = particles_html(found) if found else f"<p>{esc(msg('window.nothing'))}</p>"
    return (f'<p class="btl-big btl-summary"><b>{esc(summary)}</b></p>{strip_svg(low, high, kinds)}'
            f"{table}{tradeoff_html(low, high, kinds)}")


def mass_window() -> w.VBox:
    """Set a detector's mass window and see which real particles fall inside it."""
    low = w.FloatText(value=3000.0, description=msg("window.low"), style=WIDE,
                      layout=w.Layout(width="16em"))
    high = w.FloatText(value=3200.0, description=msg("window.high"), style=WIDE,
                       layout=w.Layout(width="16em"))
    show = _dropdown([(msg(f"window.show.{k}"), k) for k in KIND_CHOICES], "all", msg("window.show_label"))
    look = button(msg("window.look"))
    presets = {k: button(msg(f"preset.{k}.label"), tooltip=msg(f"preset.{k}.note")) for k in PRESETS}
    status, body = w.HTML(), w.HTML()

    def render(_=None, note: str = ""):
        try:
            window = model.check_window(low.value, high.value)
            body.value = window_html(*window, KIND_CHOICES[show.value])
        except ValueError as e:
            status.value = message(esc(msg("window.fix", why=e)), error=True)
            return
        except Exception as e:  # a broken particle install must not break the notebook
            status.value = message(esc(msg("window.error", why=e)), error=True)
            return
        status.value = message(note)

    def preset_handler(key):
        def on_click(_):
            low.value, high.value = PRESETS[key]
            render(note=esc(msg(f"preset.{key}.note")))
        return on_click

    look.on_click(render)
    show.observe(render, names="value")
    for key, b in presets.items():
        b.on_click(preset_handler(key))
    render()
    source = hadrons.pdg_source()
    return _app([
        _title("window.title", "window.help"),
        row([low, high, show, look]),
        row([w.HTML(f"<b>{esc(msg('window.presets'))}</b>"), *presets.values()]),
        status, body,
        w.HTML(f"<p><small>{esc(msg('window.source', source=source))}</small></p>"),
    ], "btl-window")
