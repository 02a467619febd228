"""Widgets for the Pentaquark concept notebook: colour confinement, real hadrons, the pentaquark.

Each public function builds and returns one new widget (nothing is shared
between viewers, nothing runs until a button is pressed):

- :func:`explorer` — build a set of quarks and see how it confines;
- :func:`hadron_table` — real mesons and baryons from PDG data;
- :func:`pentaquark_card` — LHCb's 2015 pentaquark next to the game's winning set.

The notebook's simulation is the rule-and-strategy lab (``btlgames.ui.lab``, preset "confinement").

Colour is never the only carrier of meaning: every quark is written with its
letters, u(R) or c̄(B̄), and anti-quarks have a dashed outline as well as a bar.
"""
from __future__ import annotations

import math

import ipywidgets as w

from ...core.i18n import number, t, words_of

from ...science import hadrons
from ...science.colour import COLOURS, FLAVOURS, Quark, best_confinement, groupings
from ..common.widgets import WIDE, app, button, esc, heading, message, row, stylesheet

MAX_QUARKS = 9


def colour_name(colour: str) -> str:
    """"R  red": the letter the cards print, and the colour's word in the page's language."""
    return f"{colour[0].upper()}  {t(f'colour.{colour}')}"


def flavour_name(flavour: str) -> str:
    """"u  up": the flavour's letter and its word in the page's language."""
    return f"{flavour[0]}  {t(f'flavour.{flavour}')}"


BADGE_COLOUR = {"red": "#b71c1c", "green": "#1b5e20", "blue": "#0d47a1"}  # ≥ 7:1 against white
PRESETS = {  # key -> quarks written the way Quark prints them
    "proton": "u(R) u(G) d(B)",
    "pion": "u(G) d~(G~)",
    "jpsi": "c(B) c~(B~)",
    "win": "u(B) u(R) d(B) c(G) c~(B~)",
    "pentaquark": "u(R) u(G) d(B) c(R) c~(R~)",
    "annihilate": "u(G) u~(B~) d(R) d~(R~)",
}
HBAR_MEV_S = 6.582119569e-22  # ħ in MeV·s (CODATA)

STYLE = stylesheet("""\
.btl-confinement { font-size: 18px; line-height: 1.45;
  --jp-widgets-font-size: 17px; --jp-widgets-inline-height: 38px;
  --jp-widgets-inline-label-width: 120px; }
.btl-confinement .widget-button { height: auto; min-height: 38px; padding: 4px 12px; }
.btl-confinement table.btl-table { border-collapse: collapse; margin: .4em 0; }
.btl-confinement table.btl-table th, .btl-confinement table.btl-table td {
  border: 1px solid #888; padding: .3em .55em; vertical-align: top; text-align: left; }
.btl-confinement table.btl-table th { background: #eee; }
.btl-confinement .btl-scroll { overflow-x: auto; max-width: 100%; }
.btl-confinement td.btl-nowrap { white-space: nowrap; }
.btl-quark { display: inline-block; padding: .08em .45em; margin: .12em; border-radius: .4em;
  font-weight: bold; font-family: "DejaVu Sans", sans-serif; border: 3px solid transparent;
  white-space: nowrap; }
.btl-quark.btl-anti { background: #fff; border-style: dashed; }
.btl-card { border: 2px solid #555; border-radius: .5em; padding: .2em 1em .6em; margin: .3em;
  flex: 1 1 360px; min-width: 300px; }
""")


msg = words_of("confinement")  # this app's words (catalogue section [confinement])


# -- small helpers --------------------------------------------------------------------------
def _app(children, *classes) -> w.VBox:
    return app(children, "btl-confinement", *classes, style=STYLE)


def quark_words(q: Quark) -> str:
    """A quark in words, as Pentaquark's cards name it: "blue up", "anti-blue anti-charm"."""
    return t("pentaquark.quark_name", anti=t("pentaquark.anti") if q.anti else "",
             colour=t(f"colour.{q.colour}"), flavour=t(f"flavour.{q.flavour}"))


def badge(q: Quark) -> str:
    """A coloured badge that also carries the letters: u(R), c̄(B̄)."""
    colour = BADGE_COLOUR[q.colour]
    if q.anti:
        style = f"color:{colour};border-color:{colour}"
        cls = "btl-quark btl-anti"
    else:
        style = f"background:{colour};color:#fff;border-color:{colour}"
        cls = "btl-quark"
    return (f'<span class="{cls} btl-{q.colour}" style="{style}" title="{esc(quark_words(q))}">'
            f"{esc(q)}</span>")


def _badges(quarks) -> str:
    return " ".join(badge(q) for q in quarks)


def _signed(x) -> str:
    """+1, −1, 0, +2/3 with a real minus sign."""
    if x == 0:
        return "0"
    return ("+" if x > 0 else "−") + str(abs(x))


# -- 1. the explorer ----------------------------------------------------------------------------
def one_card(quarks):
    """Two of these quarks that Pentaquark's table can never hold together, or None.

    Each card is one flavour in one colour, its back the same card's anti-quark (kit rule K1), and
    there is one card of each: a face and its own back, or one face twice, are one card. So in the
    game a c and a c̄ come from charm cards of different colours and never pair with each other.
    """
    seen = {}
    for q in quarks:
        card = (q.flavour, q.colour)  # both faces of a card
        if card in seen:
            return seen[card], q
        seen[card] = q
    return None


def confinement_html(quarks, max_quarks: int = MAX_QUARKS) -> str:
    """What the explorer shows for these quarks: groups, free quarks, annihilating pairs."""
    quarks = list(quarks)
    if not quarks:
        return f'<div class="btl-result"><p>{esc(msg("explorer.empty"))}</p></div>'
    conf = best_confinement(quarks)
    n, n_free = len(quarks), len(conf.free)
    parts = ['<div class="btl-result">']
    if n_free == 0:
        summary = msg("explorer.all_confined", n=n)
    else:
        summary = msg("explorer.some_free", confined=n - n_free, n=n, free=n_free)
    if conf.annihilating:
        summary += msg("explorer.annihilate_count", pairs=len(conf.annihilating))
    parts.append(f'<p class="btl-outcome"><b>{esc(summary)}</b></p>')
    win = hadrons.winning_grouping(quarks, conf.groups)
    if win:
        clash = one_card([quarks[i] for g in win for i in g])
        if clash is None:
            parts.append(f'<p class="btl-win"><b>★ {esc(msg("explorer.win"))}</b></p>')
        else:
            a, b = clash
            why = (msg("explorer.one_card_twice", a=str(a)) if a == b else
                   msg("explorer.one_card", a=str(a), b=str(b)))
            said = esc(msg("explorer.win_not_in_game", why=why))
            parts.append(f'<p class="btl-not-in-game"><b>{said}</b></p>')

    items = "".join(f"<li>{badge(q)} {esc(quark_words(q))}</li>" for q in quarks)
    parts.append(f'<h4>{esc(msg("explorer.your_quarks", n=n, max=max_quarks))}</h4>'
                 f'<ol class="btl-quarks">{items}</ol>')

    parts.append(f'<h4>{esc(msg("explorer.groups"))}</h4>')
    if conf.groups:
        rows = "".join(f"<li>{_group_html(quarks, g)}</li>" for g in conf.groups)
        parts.append(f'<ul class="btl-groups">{rows}</ul>')
        if n_free == 0:
            others = [g for g in groupings(quarks)
                      if sum(map(len, g)) == n and tuple(sorted(g)) != conf.groups]
            if others:
                parts.append(f'<p>{esc(msg("explorer.ways", ways=len(others) + 1))}</p><ul class="btl-other-ways">')
                for other in others[:3]:
                    parts.append("<li>" + " &nbsp;|&nbsp; ".join(
                        _badges(quarks[i] for i in g) for g in sorted(other)) + "</li>")
                parts.append("</ul>")
    else:
        parts.append(f'<p class="btl-groups">{esc(msg("explorer.no_groups"))}</p>')

    parts.append(f'<h4>{esc(msg("explorer.free"))}</h4>')
    if conf.free:
        parts.append(f'<p class="btl-free">{_badges(quarks[i] for i in conf.free)}</p>')
    else:
        parts.append(f'<p class="btl-free">{esc(msg("explorer.no_free"))}</p>')

    parts.append(f'<h4>{esc(msg("explorer.annihilating"))}</h4>')
    if conf.annihilating:
        rows = "".join(
            f"<li>{badge(quarks[i])} + {badge(quarks[j])}: "
            f"{esc(msg('explorer.pair_why', flavour=quarks[i].flavour))}</li>"
            for i, j in conf.annihilating)
        parts.append(f'<ul class="btl-annihilating">{rows}</ul>')
    else:
        parts.append(f'<p class="btl-annihilating">{esc(msg("explorer.no_annihilating"))}</p>')
    parts.append("</div>")
    return "".join(parts)


def _group_html(quarks, group) -> str:
    members = [quarks[i] for i in group]
    words = hadrons.describe_group(members).split(": ", 1)[1]
    kind = ("explorer.kind_meson" if len(members) == 2 else
            "explorer.kind_antibaryon" if members[0].anti else "explorer.kind_baryon")
    return f"{_badges(members)} → {esc(words)} ({esc(msg(kind))})"


def explorer(max_quarks: int = MAX_QUARKS) -> w.VBox:
    """Pick quarks and anti-quarks and see how they confine, what is free and what annihilates."""
    quarks: list[Quark] = []  # this viewer's quarks only

    flavour = w.Dropdown(options=[(flavour_name(f), f) for f in FLAVOURS], value="up",
                         description=msg("explorer.flavour"), style=WIDE)
    colour = w.Dropdown(options=[(colour_name(c), c) for c in COLOURS], value="red",
                        description=msg("explorer.colour"), style=WIDE)
    anti = w.Checkbox(value=False, description=msg("explorer.anti"), indent=False,
                      layout=w.Layout(width="auto"))
    add = button(msg("explorer.add"))
    preview = w.HTML()
    which = w.Dropdown(options=[], description=msg("explorer.which"),
                       style=WIDE)
    remove = button(msg("explorer.remove"))
    clear = button(msg("explorer.clear"))
    typed = w.Text(placeholder=msg("explorer.typed_placeholder"), description=msg("explorer.typed"),
                   style=WIDE, layout=w.Layout(width="28em"))
    use_typed = button(msg("explorer.use_typed"))
    preset_buttons = {}
    for key in PRESETS:
        b = button(msg(f"preset.{key}.label"), tooltip=msg(f"preset.{key}.note"))
        preset_buttons[key] = b
    status = w.HTML()
    result = w.HTML()

    def chosen() -> Quark:
        return Quark(flavour.value, colour.value, anti.value)

    def show_preview(_=None):
        q = chosen()
        preview.value = msg("explorer.next", badge=badge(q), name=esc(quark_words(q)))

    def refresh(note: str = "", error: bool = False):
        which.options = [(f"{i + 1}: {q}", i) for i, q in enumerate(quarks)]
        which.value = len(quarks) - 1 if quarks else None
        which.disabled = remove.disabled = clear.disabled = not quarks
        add.disabled = len(quarks) >= max_quarks
        status.value = message(note, error)
        result.value = confinement_html(quarks, max_quarks)

    def on_add(_):
        if len(quarks) >= max_quarks:
            refresh(esc(msg("explorer.full", max=max_quarks)), error=True)
            return
        q = chosen()
        quarks.append(q)
        refresh(msg("explorer.added", badge=badge(q)))

    def on_remove(_):
        if not quarks:
            refresh(esc(msg("explorer.nothing_to_remove")), error=True)
            return
        i = which.value if which.value is not None else len(quarks) - 1
        q = quarks.pop(i)
        refresh(msg("explorer.removed", badge=badge(q)))

    def on_clear(_):
        quarks.clear()
        refresh(esc(msg("explorer.cleared")))

    def load(new: list[Quark], note: str):
        if len(new) > max_quarks:
            refresh(esc(msg("explorer.too_many", n=len(new), max=max_quarks)), error=True)
            return
        quarks[:] = new
        refresh(note)

    def on_typed(_):
        text = typed.value.strip()
        if not text:
            refresh(esc(msg("explorer.typed_empty")), error=True)
            return
        try:
            new = hadrons.parse_quarks(text)
        except ValueError as e:
            refresh(esc(msg("explorer.bad_typed", why=e)), error=True)
            return
        load(new, esc(msg("explorer.loaded", n=len(new))))

    def preset_handler(key):
        def on_click(_):
            load(hadrons.parse_quarks(PRESETS[key]), esc(msg(f"preset.{key}.note")))
        return on_click

    for control in (flavour, colour, anti):
        control.observe(show_preview, names="value")
    add.on_click(on_add)
    remove.on_click(on_remove)
    clear.on_click(on_clear)
    use_typed.on_click(on_typed)
    for key, b in preset_buttons.items():
        b.on_click(preset_handler(key))

    show_preview()
    refresh()
    return _app([
        heading(msg("explorer.title"), msg("explorer.help", max=max_quarks)),
        row([flavour, colour, anti, add]),
        preview,
        row([which, remove, clear]),
        row([w.HTML(f"<b>{esc(msg('explorer.presets'))}</b>"), *preset_buttons.values()]),
        row([typed, use_typed]),
        status,
        result,
    ], "btl-explorer")


# -- 2. the hadron table ---------------------------------------------------------------------------
def _charge_sum(content_text: str) -> str:
    content = hadrons.parse_content(content_text)
    terms = " ".join(_signed(hadrons.charge_of((q,))) for q in content)
    return f"{terms} = {_signed(hadrons.charge_of(content))}"


def _mass(mass: float, err: float | None) -> str:
    """A mass with as many decimals as its uncertainty deserves (at most 3)."""
    if not err:
        return number(mass, "g")
    if err < 0.001:
        return f"{number(mass, '.3f')} {esc(msg('table.tiny_error'))}"
    d = min(3, max(0, 1 - math.floor(math.log10(err))))
    return f"{mass:.{d}f} ± {err:.{d}f}"


def hadron_rows_html(records) -> str:
    head = "".join(f'<th scope="col">{esc(msg(k))}</th>' for k in (
        "table.particle", "table.pdgid", "table.mass", "table.charge", "table.quarks",
        "table.charge_sum", "table.kind", "table.colours", "table.why"))
    rows = []
    for r in records:
        check = hadrons.neutral_check(r["model_quarks"])
        why = r["why"].split(" — ", 1)[-1]  # the colouring is in its own column
        rows.append(
            f'<tr class="btl-hadron"><th scope="row">{esc(r["symbol"])} <small>({esc(r["name"])})</small></th>'
            f"<td>{r['pdgid']}</td><td>{_mass(r['mass_mev'], r['mass_err_mev'])}</td><td>{_signed(r['charge'])}</td>"
            f"<td>{esc(r['quarks'])}</td><td>{esc(_charge_sum(r['model_quarks']))}</td>"
            f'<td>{esc(r["kind"])}</td><td class="btl-nowrap">{_badges(check.quarks)}</td><td>{esc(why)}</td></tr>')
    return (f'<div class="btl-scroll"><table class="btl-table"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def hadron_table() -> w.VBox:
    """Well-known mesons and baryons from PDG data, each with a sentence on why it is neutral."""
    body = w.HTML()
    show = w.Dropdown(options=[(msg("table.all"), "all"), (msg("table.mesons"), "meson"),
                               (msg("table.baryons"), "baryon")], value="all",
                      description=msg("table.show"), style=WIDE)
    try:
        records = hadrons.hadron_records()
        source = hadrons.pdg_source()
    except Exception as e:  # a broken particle install must not break the notebook
        return _app([heading(msg("table.title")), w.HTML(message(esc(msg("table.error", why=e)), error=True))],
                    "btl-hadrons")

    def render(_=None):
        chosen = [r for r in records if show.value in ("all", r["kind"])]
        body.value = hadron_rows_html(chosen)

    show.observe(render, names="value")
    render()
    return _app([
        heading(msg("table.title"), esc(msg("table.intro"))),
        show, body,
        w.HTML(f"<p><small>{esc(msg('table.source', source=source))}</small></p>"),
    ], "btl-hadrons")


# -- 3. the pentaquark card --------------------------------------------------------------------------
def _lifetime(width_text: str) -> str:
    gamma = float(width_text.split("±")[0])
    tau = HBAR_MEV_S / gamma
    exponent = math.floor(math.log10(tau))
    mantissa = tau / 10 ** exponent
    sup = str(exponent).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
    return f"≈ {number(mantissa, '.1f')} × 10{sup} s"


def pentaquark_html() -> tuple[str, str, str]:
    """Three HTML panels: the real pentaquarks, the game's winning set, and how they compare."""
    recs = hadrons.pentaquark_records()
    real_rows = [
        ("card.name", [r["symbol"] for r in recs]),
        ("card.mass", [" ± ".join(number(r[k], "g") for k in ("mass_mev", "mass_stat_mev", "mass_syst_mev")) for r in recs]),
        ("card.width", [r["width_mev"] for r in recs]),
        ("card.lifetime", [_lifetime(r["width_mev"]) for r in recs]),
        ("card.quarks", [r["quarks"] for r in recs]),
        ("card.charge", [f"{_signed(r['charge'])} ({_charge_sum(r['quarks'])})" for r in recs]),
        ("card.seen_in", [r["found_in"] for r in recs]),
        ("card.decays_to", [r["decays_to"] for r in recs]),
        ("card.significance", [msg("card.sigma", sigma=r["significance_sigma"]) for r in recs]),
    ]
    table = "".join(f'<tr><th scope="row">{esc(msg(k))}</th>'
                    + "".join(f"<td>{esc(v)}</td>" for v in vals) + "</tr>" for k, vals in real_rows)
    real = (f'<div class="btl-card btl-real"><h4>{esc(msg("card.real"))}</h4>'
            f'<table class="btl-table">{table}</table>'
            f'<p><small>{esc(msg("card.errors"))}</small></p>'
            f'<p><small>{esc(recs[0]["reference"])}.</small></p>'
            f'<p><small>{esc(msg("card.update_2019"))} {esc(hadrons.LHCB_2019)}.</small></p></div>')

    example = hadrons.RULEBOOK_WIN_EXAMPLE
    conf = best_confinement(example)
    groups = "".join(f"<li>{_group_html(example, g)}</li>" for g in conf.groups)
    content = [(q.flavour, q.anti) for q in example]
    charge = msg("card.game_charge", sum=" ".join(_signed(hadrons.charge_of((c,))) for c in content),
                 total=_signed(hadrons.charge_of(tuple(content))))
    game = (f'<div class="btl-card btl-game"><h4>{esc(msg("card.game"))}</h4>'
            f'<p>{esc(msg("card.game_intro"))}</p><p>{_badges(example)}</p>'
            f'<ul class="btl-groups">{groups}</ul><p>{esc(charge)}</p>'
            f'<p>{esc(hadrons.why_neutral(hadrons.content_string(content), "pentaquark"))}</p></div>')

    def items(key):
        return "".join(f"<li>{esc(item)}</li>" for item in msg(key))

    compare = (f'<div class="btl-card btl-compare"><h4>{esc(msg("card.same"))}</h4>'
               f'<ul>{items("card.same_items")}</ul>'
               f'<h4>{esc(msg("card.different"))}</h4><ul>{items("card.different_items")}</ul></div>')
    return real, game, compare


def pentaquark_card() -> w.VBox:
    """LHCb's 2015 pentaquarks side by side with the game's winning set."""
    real, game, compare = pentaquark_html()
    side_by_side = w.HBox([w.HTML(real), w.HTML(game)],
                          layout=w.Layout(flex_flow="row wrap", align_items="stretch"))
    return _app([heading(msg("card.title")), side_by_side, w.HTML(compare)], "btl-pentaquark")
