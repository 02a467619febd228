"""Drive the concept notebook's widgets in plain Python, without a browser."""
import re

import ipywidgets as w
import pytest
from widgetry import all_html, app_text, check_app, find, message, text, texts

from btlgames.science.hadrons import HADRONS
from btlgames.ui.concepts import confinement as c

M = texts("confinement")
BAR = "\u0304"


# -- helpers ---------------------------------------------------------------------------------
def button(app, key):
    return find(app, w.Button, M[key])


def section(app, cls: str) -> str:
    """The visible text of the explorer's element with this class (groups, free, annihilating ...)."""
    m = re.search(rf'<(ul|ol|p) class="{cls}">(.*?)</\1>', all_html(app), re.S)
    return text(m.group(2)) if m else ""


def summary(app) -> str:
    return section(app, "btl-outcome")


# -- every app --------------------------------------------------------------------------------------
@pytest.mark.parametrize("make", [c.explorer, c.hadron_table, c.pentaquark_card])
def test_classes_for_the_stylesheet_and_new_widgets_per_call(make):
    check_app(make)


def test_every_quark_badge_carries_its_letters():
    app = c.explorer()
    for key in c.PRESETS:
        button(app, f"preset.{key}").click()
        value = all_html(app)
        badges = re.findall(r'<span class="btl-quark[^"]*"[^>]*>(.*?)</span>', value)
        assert badges
        assert all(re.fullmatch(rf"[udscb]{BAR}?\([RGB]{BAR}?\)", b) for b in badges), badges


# -- the explorer --------------------------------------------------------------------------------------
def test_explorer_starts_empty():
    app = c.explorer()
    assert M["explorer.empty"] in app_text(app)
    assert button(app, "explorer.remove").disabled


def test_proton_preset():
    app = c.explorer()
    button(app, "preset.proton").click()
    assert summary(app) == "All 3 quarks are confined: together they are colour-neutral."
    assert section(app, "btl-groups") == "u(R) u(G) d(B) → red + green + blue (like a baryon)"
    assert section(app, "btl-free") == M["explorer.no_free"]
    assert section(app, "btl-annihilating") == M["explorer.no_annihilating"]
    assert "two up quarks" in message(app)


def test_pion_and_jpsi_presets():
    app = c.explorer()
    button(app, "preset.pion").click()
    assert section(app, "btl-groups") == f"u(G) d{BAR}(G{BAR}) → green + anti-green (like a meson)"
    button(app, "preset.jpsi").click()
    assert section(app, "btl-groups") == f"c(B) c{BAR}(B{BAR}) → blue + anti-blue (like a meson)"


def test_winning_set_preset():
    app = c.explorer()
    button(app, "preset.win").click()
    assert summary(app).startswith("All 5 quarks are confined")
    assert section(app, "btl-win").startswith("★ This is a winning set in the game: five different cards")
    assert section(app, "btl-not-in-game") == ""  # the rulebook's set: five cards the table can hold
    groups = section(app, "btl-groups")
    assert "red + green + blue" in groups and "blue + anti-blue" in groups
    assert "There are 2 different ways" in app_text(app)


def test_pentaquark_preset_shows_both_ways():
    app = c.explorer()
    button(app, "preset.pentaquark").click()
    assert section(app, "btl-groups") == (f"u(R) u(G) d(B) → red + green + blue (like a baryon) "
                                          f"c(R) c{BAR}(R{BAR}) → red + anti-red (like a meson)")
    assert section(app, "btl-other-ways") == f"u(R) c{BAR}(R{BAR}) | u(G) d(B) c(R)"
    # Physics allows it, Pentaquark's cards do not (K1): c(R) and c̄(R̄) are one card's two faces
    assert section(app, "btl-win") == ""
    said = section(app, "btl-not-in-game")
    assert said.startswith("Colour-neutral as u u d c c̄, like the real pentaquark, but the game can never hold")
    assert f"c(R) and c{BAR}(R{BAR}) are the two faces of one card" in said


def test_one_face_twice_is_no_set_the_game_can_hold():
    """u(R) in the three-colour set and again beside the c̄(R̄): there is one u(R) card."""
    app = c.explorer()
    find(app, w.Text, M["explorer.typed"]).value = "u(R) d(G) c(B) u(R) c~(R~)"
    button(app, "explorer.use_typed").click()
    assert summary(app).startswith("All 5 quarks are confined")
    assert section(app, "btl-win") == ""
    assert "the game has only one u(R) card" in section(app, "btl-not-in-game")


def test_something_annihilates_preset():
    app = c.explorer()
    button(app, "preset.annihilate").click()
    assert summary(app) == "2 of 4 quarks are confined; 2 free. 1 free pair(s) would annihilate."
    assert section(app, "btl-groups") == f"d(R) d{BAR}(R{BAR}) → red + anti-red (like a meson)"
    assert section(app, "btl-free") == f"u(G) u{BAR}(B{BAR})"
    assert section(app, "btl-annihilating") == (
        f"u(G) + u{BAR}(B{BAR}): same flavour (up), one quark and one anti-quark, both free")


def test_add_remove_and_clear():
    app = c.explorer()
    flavour = find(app, w.Dropdown, M["explorer.flavour"])
    colour = find(app, w.Dropdown, M["explorer.colour"])
    anti = find(app, w.Checkbox)
    add = button(app, "explorer.add")
    flavour.value, colour.value, anti.value = "charm", "blue", True
    assert f"c{BAR}(B{BAR})" in app_text(app)  # preview
    add.click()
    anti.value = False
    add.click()
    assert section(app, "btl-quarks") == f"c{BAR}(B{BAR}) anti-blue anti-charm c(B) blue charm"
    assert section(app, "btl-groups") == f"c{BAR}(B{BAR}) c(B) → blue + anti-blue (like a meson)"
    assert section(app, "btl-annihilating") == M["explorer.no_annihilating"]  # confined: safe

    which = find(app, w.Dropdown, M["explorer.which"])
    which.value = 0
    button(app, "explorer.remove").click()
    assert section(app, "btl-quarks") == "c(B) blue charm"
    assert section(app, "btl-free") == "c(B)"
    assert "Removed" in message(app)

    button(app, "explorer.clear").click()
    assert section(app, "btl-quarks") == ""
    button(app, "explorer.remove").click()  # a click that slipped through still gets an answer
    assert message(app) == "⚠ " + M["explorer.nothing_to_remove"]


def test_the_explorer_stops_at_nine_quarks():
    app = c.explorer()
    add = button(app, "explorer.add")
    for _ in range(12):
        add.click()
    assert section(app, "btl-quarks").count("red up") == 9
    assert add.disabled
    assert "at most 9 quarks" in message(app) and message(app).startswith("⚠")


def test_typed_quarks():
    app = c.explorer()
    typed = find(app, w.Text)
    use = button(app, "explorer.use_typed")
    typed.value = "u(R) u(G) d(B) c~B~ uB"
    use.click()
    assert summary(app).startswith("All 5 quarks are confined")
    assert "Loaded 5 quark(s)." in message(app)


@pytest.mark.parametrize("typed, words", [
    (" ".join(["uR"] * 13), "You typed 13 quarks; the explorer holds at most 9"),
    ("u(X)", "Could not read that: 'u(X)': 'X' is not a colour"),
    ("t(R)", "top quark"),
    ("   ", M["explorer.typed_empty"]),
])
def test_bad_typed_input_gets_a_message_and_changes_nothing(typed, words):
    app = c.explorer()
    button(app, "preset.proton").click()
    find(app, w.Text).value = typed
    button(app, "explorer.use_typed").click()
    assert words in message(app) and message(app).startswith("⚠")
    assert section(app, "btl-quarks") == "u(R) red up u(G) green up d(B) blue down"


def test_two_explorers_do_not_share_quarks():
    a, b = c.explorer(), c.explorer()
    button(a, "preset.proton").click()
    assert section(b, "btl-quarks") == ""


# -- the hadron table --------------------------------------------------------------------------------------
def test_hadron_table_has_a_sentence_per_row():
    app = c.hadron_table()
    value = all_html(app)
    rows = re.findall(r'<tr class="btl-hadron">(.*?)</tr>', value, re.S)
    assert len(rows) == len(HADRONS)
    for row in rows:
        assert re.search(r"a meson is a colour with its own anti-colour|a baryon is red \+ green \+ blue"
                         r"|an anti-baryon is anti-red \+ anti-green \+ anti-blue", text(row))
    assert "π⁺" in value and "Λb⁰" in value and "Particle Data Group" in value
    proton = text(next(r for r in rows if "(p)" in text(r)))
    assert "+2/3 +2/3 −1/3 = +1" in proton and "a baryon is red + green + blue" in proton
    assert "938.272 (± less than 0.001)" in proton
    assert "1232.0 ± 2.0" in value and "3096.900 ± 0.006" in value


def test_hadron_table_filter():
    app = c.hadron_table()
    show = find(app, w.Dropdown, M["table.show"])
    show.value = "meson"
    value = all_html(app)
    assert "J/ψ" in value and "Ω⁻" not in value
    show.value = "baryon"
    value = all_html(app)
    assert "Ω⁻" in value and "J/ψ" not in value


def test_hadron_table_reports_missing_data(monkeypatch):
    from btlgames.science import hadrons

    def broken(*_):
        raise RuntimeError("no PDG table")
    monkeypatch.setattr(hadrons, "hadron_records", broken)
    app = c.hadron_table()
    assert "Could not read the PDG data: no PDG table" in message(app)


# -- the pentaquark card ------------------------------------------------------------------------------------
def test_pentaquark_card():
    app = c.pentaquark_card()
    value = app_text(app)
    for words in ("4380 ± 8 ± 29", "4449.8 ± 1.7 ± 2.5", "Phys. Rev. Lett. 115 (2015) 072001",
                  "Λb⁰ → J/ψ K⁻ p", f"u(B) u(R) d(B) c(G) c{BAR}(B{BAR})", "+2/3 +2/3 −1/3 +2/3 −2/3 = +1",
                  "Pc(4312)⁺", "× 10⁻²³ s"):
        assert words in value, texts
    assert isinstance(app.children[2], w.HBox)  # side by side
