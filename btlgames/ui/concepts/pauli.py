"""The Pauli-exclusion notebook's widgets (notebooks/antimatter-matters/pauli.ipynb).

One function per section: electron shells, building atoms for the game, the chart of
nuclides and annihilation. Plots are drawn when a button is pressed, never on load. Its
simulation of crowding on the board is the rule-and-strategy lab's preset
``lab(preset="pauli")`` (ui/lab/rule_lab.py), as every game's study is.
"""
from __future__ import annotations


import ipywidgets as w

from ...antimatter import words
from ...antimatter.data import catalogue
from ...antimatter.mats import needed_for, shortfall
from ...core.i18n import number, words_of
from ...science.atoms import annihilation, electron_configuration
from ...science.elements import element_name
from ...science.nuclides import isotopes, stable_nuclides

from ..common.figures import figure, png, title
from ..common.widgets import WIDE, RunPanel, app, button, esc, heading, stylesheet

CSS = """.pa-shells { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-end; font-size: 1.1em; }
.pa-sub { border: 2px solid #444; border-radius: 8px; padding: 4px 8px; text-align: center; }
.pa-orb { display: inline-block; min-width: 2.4em; height: 1.8em; margin: 2px; border: 2px solid #111;
  font-size: 1.2em; font-weight: 700; line-height: 1.8em; }
.pa-table td, .pa-table th { padding: 2px 8px; text-align: left; }
"""


msg = words_of("pauli")  # this app's words (catalogue section [pauli])


def shells_html(z: int) -> str:
    c = electron_configuration(z)
    subs: dict[str, list[str]] = {}
    for name, spins in c.orbitals:
        subs.setdefault(name, []).append(spins)
    def orbital(spins: str) -> str:
        return f'<span class="pa-orb" title="{esc(msg("shells.orbital", n=len(spins)))}">{spins or "&nbsp;"}</span>'

    boxes = "".join(f'<div class="pa-sub"><div>{"".join(orbital(s) for s in spins)}</div><b>{esc(name)}</b></div>'
                    for name, spins in subs.items())
    words = msg("shells.words", element=element_name(c.symbol), symbol=c.symbol, z=z, label=c.label, unpaired=c.unpaired)
    return f'<div class="pa-shells">{boxes}</div><p>{esc(words)}</p>'


def shells(max_z: int = 10) -> w.VBox:
    """Electrons filling the shells, two to an orbital with opposite spins, up to neon."""
    z = w.IntSlider(value=6, min=1, max=max_z, description=msg("shells.z"), style=WIDE, continuous_update=False)
    out = w.HTML(shells_html(z.value))
    z.observe(lambda change: setattr(out, "value", shells_html(change["new"])), names="value")
    return app([heading(msg("shells.title"), esc(msg("shells.help"))), z, out], "pa-shells-app",
               style=stylesheet(CSS))


def recipe_html(label: str) -> str:
    nuclide = next(n for n in stable_nuclides(10) if n.label == label)
    pieces = needed_for(*nuclide.mats)
    bank = catalogue().pieces.bank
    have = {k: sum(c for p, c in bank.items() if p.split("-")[0] == k) for k in pieces}
    most = 0  # how many the game's own check of the box's mats (K23) lets be built at once
    while shortfall([label] * (most + 1)) is None:
        most += 1
    builders = msg("recipe.players_coop") if most == 1 else msg("recipe.players", n=most) if most else msg("recipe.players_none")
    rows = "".join(f"<tr><td>{esc(words.piece(k))}</td><td>{n}</td><td>{have[k]}</td></tr>" for k, n in pieces.items() if n)
    return (f"<p>{esc(msg('recipe.mats', atom=label, element=element_name(nuclide.symbol), z=nuclide.z, n=nuclide.n))}</p>"
            f'<table class="pa-table"><tr><th>{esc(msg("recipe.piece"))}</th><th>{esc(msg("recipe.need"))}</th>'
            f'<th>{esc(msg("recipe.bank"))}</th></tr>{rows}</table>'
            f"<p>{esc(builders)}</p>")


def atom_builder() -> w.VBox:
    """Pick a stable atom from the chart: the mats and pieces it needs, and how many can build it."""
    atoms = w.Dropdown(options=[n.label for n in stable_nuclides(10)], value="He-4",
                       description=msg("recipe.atom"), style=WIDE)
    out = w.HTML(recipe_html(atoms.value))
    atoms.observe(lambda change: setattr(out, "value", recipe_html(change["new"])), names="value")
    return app([heading(msg("recipe.title"), esc(msg("recipe.help"))), atoms, out], "pa-recipe",
               style=stylesheet(CSS))


def chart_png(max_z: int = 10) -> bytes:
    fig = figure(6.4, 4.6)
    ax = fig.add_subplot()
    known = isotopes(max_z)
    unstable = [x for x in known if not x.stable]
    stable = [x for x in known if x.stable]
    ax.scatter([x.n for x in unstable], [x.z for x in unstable], marker="s", s=45, facecolors="none",
               edgecolors="#888", label=msg("chart.unstable"))
    ax.scatter([x.n for x in stable], [x.z for x in stable], marker="s", s=55, color="#0d47a1",
               label=msg("chart.stable"))
    ax.plot([0, max_z], [0, max_z], "--", color="#b8860b", label=msg("chart.equal"))
    ax.set_ylim(0.3, max_z + 0.7)
    ax.set_xlabel(msg("chart.xlabel"), fontsize=13)
    ax.set_ylabel(msg("chart.ylabel"), fontsize=13)
    title(ax, msg("chart.plot_title", max_z=max_z), fontsize=14)
    ax.set_yticks(range(1, max_z + 1))
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    return png(fig)


def nuclide_chart(max_z: int = 10) -> w.VBox:
    """Protons against neutrons for every isotope known to periodictable: which are stable."""
    draw = button(msg("chart.draw"))
    study = RunPanel(lambda **n: "", msg("chart.idle"), lambda e: msg("failed", why=e))

    def work():
        known = isotopes(max_z)
        alt = msg("chart.alt", stable=sum(x.stable for x in known), known=len(known), max_z=max_z)
        study.show_png(chart_png(max_z), alt, 640, 460)
        study.say(alt)

    study.run_on_click(draw, work)
    return app([heading(msg("chart.title"), esc(msg("chart.help"))), draw, study.message, study.plot], "pa-chart")


def annihilation_html() -> str:
    rows = []
    for name in ("e-", "p"):
        a = annihilation(name)
        rows.append(f"<tr><td>{esc(msg(f'annihilation.{name}'))}</td><td>{number(a.mass_mev, '.6f')} ± {number(a.mass_error_mev, '.1g')}</td>"
                    f"<td>{number(a.total_mev, '.4f')}</td><td>{number(a.photon_kev, ',.1f')}</td></tr>")
    head = "".join(f"<th>{esc(msg(f'annihilation.{k}'))}</th>" for k in ("pair", "mass", "total", "photon"))
    return f'<table class="pa-table"><tr>{head}</tr>{"".join(rows)}</table><p>{esc(msg("annihilation.note"))}</p>'


def annihilation_table() -> w.VBox:
    """Matter meets antimatter: the energy of the two photons, from PDG masses."""
    return app([heading(msg("annihilation.title"), esc(msg("annihilation.help"))), w.HTML(annihilation_html())],
               "pa-annihilation", style=stylesheet(CSS))
