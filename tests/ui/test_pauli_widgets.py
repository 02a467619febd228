"""The Pauli notebook's widgets in plain Python: what they show, and the plot from its button."""
import pytest

from btlgames.core import i18n
from btlgames.ui.concepts import pauli
from widgetry import find, walk

import ipywidgets as w


def test_the_shells_follow_the_slider():
    box = pauli.shells()
    slider = find(box, w.IntSlider)
    slider.value = 10
    shown = [x for x in walk(box) if isinstance(x, w.HTML)][-1].value
    assert "neon" in shown and "2p⁶" in shown and shown.count("↑↓") == 5


def test_the_recipe_counts_the_pieces_and_the_scientists():
    html = pauli.recipe_html("He-4")
    assert "mats needed: Proton+Electron 2, Neutron 2" in html and "<td>Up quark</td><td>6</td>" in html
    assert "enough for 3 Scientists" in html  # the box's 6 and 6 mats (K23)
    assert "too few mats" in pauli.recipe_html("C-13")
    assert "only the cooperative game can build it" in pauli.recipe_html("C-12")  # K23: no game of one


@pytest.mark.parametrize("lang, said", [("en", "Proton+Electron 1, Neutron 0"),
                                          ("fi", "protoni+elektroni 1, neutroni 0"),
                                          ("nl", "Proton+Elektron 1, Neutron 0")])
def test_the_mats_of_hydrogen_are_counted_after_their_words(lang, said):
    """One mat and none are said as counts after a colon: "1 Proton+Electron mats" and the Finnish
    partitive after 1 ("1 protoni+elektroni-alustaa") read wrong."""
    with i18n.speaking(lang):
        assert said in pauli.recipe_html("H-1")


def test_the_chart_draws_only_when_asked():  # the crowding study is the lab's (test_lab_widgets.py)
    chart = pauli.nuclide_chart()
    plot = find(chart, w.Output)
    assert plot.outputs == ()
    find(chart, w.Button).click()
    assert plot.outputs and "isotopes" in plot.outputs[0]["data"]["text/plain"]


def test_annihilation_uses_pdg_masses():
    html = pauli.annihilation_html()
    assert "511.0" in html and "1876.5" in html
