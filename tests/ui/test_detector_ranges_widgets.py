"""Drive the Beamtimes and Lifetimes concept notebook's widgets in plain Python, without a browser."""
import re

import ipywidgets as w
import pytest
from widgetry import all_html, app_text, check_app, find, messages, text, texts

from btlgames.science import detector as model
from btlgames.ui.concepts import detector_ranges as dr

M = texts("detector_ranges")


# -- helpers -------------------------------------------------------------------------------------
def button(app, key):
    return find(app, w.Button, M[key])


def summary(app) -> str:
    m = re.search(r'<p class="btl-big btl-summary">(.*?)</p>', all_html(app), re.S)
    return text(m.group(1)) if m else ""


def box(app, value):
    return find(app, w.Checkbox, dr.card(value))


def known(app):
    return {v for v in model.VALUES if box(app, v).value}


APPS = [dr.range_explorer, dr.credit_table, dr.mass_window]


# -- every app ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("make", APPS)
def test_classes_for_the_stylesheet_and_new_widgets_per_call(make):
    check_app(make)


# -- the range explorer ----------------------------------------------------------------------------------
def explorer_parts(app):
    return (find(app, w.Dropdown, M["explorer.leader"]), find(app, w.Dropdown, M["explorer.detector"]),
            [find(app, w.Dropdown, M["explorer.collaborator"].format(n=i)) for i in (1, 2, 3)])


def line_row(app, key) -> list[str]:
    """The cells of one row of the number line, A to K."""
    table = re.search(r'<table class="btl-table btl-line">.*?</table>', all_html(app), re.S).group(0)
    row = re.search(rf'<tr><th scope="row">{re.escape(M[key])}</th>(.*?)</tr>', table, re.S).group(1)
    return [text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


def test_explorer_starts_on_the_rulebook_example():
    app = dr.range_explorer()
    leader, detector, (c1, c2, c3) = explorer_parts(app)
    assert (leader.value, detector.value, c1.value, c2.value, c3.value) == (13, 8, 9, 0, 0)
    assert summary(app) == "In range: 6 of the 13 possible values, a chance of 46%."
    cells = line_row(app, "line.range")
    assert cells[:7] == ["— out"] * 7
    assert cells[7:9] == ["✓ in X = 1"] * 2 and cells[9:] == ["✓ in X = 5"] * 4
    who = line_row(app, "line.who")
    assert (who[7], who[8], who[12]) == ("♠ detector", "♥ collaborator", "♥ leader")
    words = app_text(app)
    assert "It cannot be solved: no physicist shows the detector's value, 8 (Eight)." in words
    assert "the leader's group takes 1.54 tokens and each collaborator's group 0.62" in words
    assert "Q Queen" in words and "K King" in words  # the card values with their words


def test_every_mark_is_written_not_only_coloured():
    app = dr.range_explorer()
    box(app, 10).value = True
    coloured = re.findall(r'<td class="btl-(?:in|elsewhere)">(.*?)</td>', all_html(app))
    assert coloured and all(text(c) for c in coloured)
    assert line_row(app, "line.problem")[9] == "✗ elsewhere"


def test_known_values_change_the_odds_and_a_look():
    app = dr.range_explorer()
    _, _, (c1, _, _) = explorer_parts(app)
    c1.value = 0  # the King and the 8 alone
    for v in (2, 5, 11):
        box(app, v).value = True
    assert summary(app) == "In range: 5 of the 10 possible values, a chance of 50%."
    words = app_text(app)
    assert "falls to 44%" in words and "rises to 56%" in words  # 4/9 and 5/9
    assert "3, 4, 6, 7, 8, 9, 10, Q, K" in words


def test_a_solvable_setup():
    app = dr.range_explorer()
    leader, detector, (c1, _, _) = explorer_parts(app)
    c1.value = 0
    leader.value, detector.value = 11, 11
    assert summary(app) == "In range: 1 of the 13 possible values, a chance of 8%."
    assert line_row(app, "line.range")[10] == "★ solved"
    assert "a chance of 1 in 13 (8%)" in app_text(app)
    box(app, 11).value = True
    assert "the detector's value, J (Jack), is known to be elsewhere" in app_text(app)


def test_the_outcome_table_lists_every_possible_value():
    app = dr.range_explorer()
    box(app, 1).value = True
    fold = re.search(r'<details class="btl-outcomes">.*?</details>', all_html(app), re.S).group(0)
    rows = [text(r) for r in re.findall(r"<tr><th scope=\"row\">.*?</tr>", fold, re.S)]
    assert len(rows) == 12
    assert "8 (Eight) ✓ in range 1 6 4 10" in rows


def test_the_same_physicist_twice_gets_a_message():
    app = dr.range_explorer()
    _, _, (c1, c2, _) = explorer_parts(app)
    c2.value = 9
    assert messages(app)[0] == ("⚠ Please change this: two physicists are both 9 (Nine), "
                                "but there is only one heart of each value")
    assert summary(app) == ""
    c2.value = 10
    assert summary(app).startswith("In range:") and not messages(app)[0].startswith("⚠")


def test_more_than_ten_known_values_gets_a_message():
    app = dr.range_explorer()
    for v in range(1, 12):
        box(app, v).value = True
    assert "at most 10 can be" in messages(app)[0] and messages(app)[0].startswith("⚠")
    box(app, 1).value = False
    assert summary(app) == "In range: 2 of the 3 possible values, a chance of 67%."


def test_typed_values():
    app = dr.range_explorer()
    typed = find(app, w.Text)
    typed.value = "A 7, k"
    button(app, "explorer.use_typed").click()
    assert known(app) == {1, 7, 13}
    assert messages(app)[0] == "Known elsewhere: A, 7, K."
    assert summary(app) == "In range: 5 of the 10 possible values, a chance of 50%."
    button(app, "explorer.clear_known").click()
    assert known(app) == set() and summary(app).startswith("In range: 6 of the 13")


@pytest.mark.parametrize("typed, words", [
    ("14", "Could not read that: a card value is 14, but card values run from 1 (Ace) to 13 (King)"),
    ("A X", "Could not read that: 'X' is not a card value"),
    ("   ", M["explorer.typed_empty"]),
    ("1 2 3 4 5 6 7 8 9 10 11", "You typed 11 values; at most 10"),
])
def test_bad_typed_values_get_a_message_and_change_nothing(typed, words):
    app = dr.range_explorer()
    box(app, 5).value = True
    find(app, w.Text).value = typed
    button(app, "explorer.use_typed").click()
    assert messages(app)[0].startswith("⚠") and words in messages(app)[0]
    assert known(app) == {5}


def test_practice_deal_verify_and_build():
    app = dr.range_explorer()
    verify, build = button(app, "practice.verify"), button(app, "practice.build")
    assert verify.disabled and build.disabled
    verify.click()  # a click that slipped through still gets an answer
    assert messages(app)[-1] == "⚠ " + M["practice.deal_first"]

    button(app, "practice.deal").click()
    table = model.deal(1)  # the first deal of a new explorer uses seed 1
    for n in range(1, 6):
        verify.click()
        seen = table["row"][n - 1]
        assert f"Row card {n} is {dr.card(seen)}" in messages(app)[-1]
    assert known(app) == set(table["row"])
    assert verify.disabled
    verify.click()
    assert messages(app)[-1] == "⚠ " + M["practice.row_done"]
    assert summary(app).startswith("In range:") and "of the 8 possible values" in summary(app)

    build.click()
    problem = table["ring"][0]
    o = model.possible_outcomes(13, [9], 8, set(table["row"]))
    result = next(r for r in o if r["value"] == problem)["result"]
    assert messages(app)[-1].startswith(f"The problem was {dr.card(problem)}.")
    assert {"solved": "Solved", "in_range": "In range", "out_of_range": "Out of range"}[result] in messages(app)[-1]
    assert build.disabled and verify.disabled

    button(app, "practice.deal").click()  # a new deal forgets what was known
    assert known(app) == set() and not build.disabled


def test_two_explorers_do_not_share_anything():
    a, b = dr.range_explorer(), dr.range_explorer()
    box(a, 3).value = True
    button(a, "practice.deal").click()
    assert known(b) == set() and button(b, "practice.build").disabled


# -- credit ------------------------------------------------------------------------------------------------
def test_credit_table():
    app = dr.credit_table()
    rows = [text(r) for r in re.findall(r"<tr><th scope=\"row\">.*?</tr>", all_html(app), re.S)]
    assert rows[0] == ("0 10 7 + 5 each 12 (▲ 2 more than alone) 17 (▲ 7 more than alone) "
                       "22 (▲ 12 more than alone)")
    assert rows[3] == "3 7 4 + 2 each 6 (▼ 1 less than alone) 8 (▲ 1 more than alone) 10 (▲ 3 more than alone)"
    assert len(rows) == 8


# -- the mass window ----------------------------------------------------------------------------------------
def window_parts(app):
    return find(app, w.FloatText, M["window.low"]), find(app, w.FloatText, M["window.high"])


def particle_names(app) -> list[str]:
    return re.findall(r'<tr class="btl-particle"><th scope="row">.*?<small>\((.*?)\)</small>', all_html(app))


def test_window_starts_on_the_jpsi():
    app = dr.mass_window()
    assert particle_names(app) == ["J/psi(1S)"]
    words = app_text(app)
    assert "Window 3000 – 3200 MeV: centre 3100 MeV, width 200 MeV (± 3.2% of the centre)." in words
    assert "3096.900 ± 0.006" in words and "cc̄" in words
    svg = re.search(r"<svg[^>]*>", all_html(app)).group(0)
    assert 'role="img"' in svg and "1 mark(s) fall inside it" in svg


@pytest.mark.parametrize("key, names", [
    ("jpsi", ["J/psi(1S)"]), ("upsilon", ["Upsilon(1S)"]), ("z", ["Z0"]), ("nucleons", ["p", "n"]), ("desert", []),
])
def test_presets(key, names):
    app = dr.mass_window()
    button(app, f"preset.{key}").click()
    assert particle_names(app) == names
    assert messages(app) == [text(M[f"preset.{key}.note"])]
    if not names:
        assert M["window.nothing"] in app_text(app)


def test_a_wide_window_shows_the_first_rows_and_says_so():
    app = dr.mass_window()
    button(app, "preset.wide").click()
    assert len(particle_names(app)) == dr.MAX_ROWS
    n = len(model.window_particles(0, 2000))
    assert f"Showing the {dr.MAX_ROWS} lightest of {n} particles." in app_text(app)


def test_the_trade_off_table():
    app = dr.mass_window()
    rows = [text(r) for r in re.findall(r"<tr><th scope=\"row\">.*?</tr>", all_html(app), re.S)]
    assert "1 3099.5 – 3100.5 0 ± 0.5 MeV" in rows
    assert "100 3050 – 3150 1 ± 50 MeV" in rows


def test_kind_filter():
    app = dr.mass_window()
    low, high = window_parts(app)
    low.value, high.value = 0.0, 200.0
    button(app, "window.look").click()
    find(app, w.Dropdown, M["window.show_label"]).value = "other"
    assert particle_names(app) == ["gamma", "e-", "mu-"]
    find(app, w.Dropdown, M["window.show_label"]).value = "meson"
    assert particle_names(app) == ["pi0", "pi+"]


@pytest.mark.parametrize("lo, hi, words", [
    (3200.0, 3000.0, "the low end (3200 MeV) must be below the high end (3000 MeV)"),
    (-10.0, 100.0, "the low end is -10 MeV; choose a mass from 0 to 1e+06 MeV"),
    (0.0, 5e6, "the high end is 5e+06 MeV"),
])
def test_bad_window_gets_a_message_and_keeps_the_table(lo, hi, words):
    app = dr.mass_window()
    low, high = window_parts(app)
    low.value, high.value = lo, hi
    button(app, "window.look").click()
    assert messages(app)[0].startswith("⚠ Please change the window:") and words in messages(app)[0]
    assert particle_names(app) == ["J/psi(1S)"]  # the last good window stays


def test_window_reports_missing_data(monkeypatch):
    def broken(*_):
        raise RuntimeError("no PDG table")
    monkeypatch.setattr(model, "window_particles", broken)
    app = dr.mass_window()
    assert "Could not read the PDG data: no PDG table" in messages(app)[0]


def test_masses_and_widths_are_written_as_a_person_writes_them():
    """No e-notation on a student's screen: the Z's width of about 2495 MeV is not "2.5e+03", the
    narrowest widths are powers of ten written out."""
    assert [dr.mev(x) for x in (2495.2, 139.57, 91187.6, 0.511, 0)] == ["2495.2", "139.57", "91,187.6", "0.511", "0"]
    assert dr.mev(2495.2, 3) == "2495" and dr.mev(2.5e-14) == "2.5 × 10⁻¹⁴"
    shown = re.sub(r"<[^>]+>", " ", dr.particles_html(model.window_particles(80_000, 100_000)))
    assert "Z" in shown and not re.search(r"\de[+-]\d", shown), shown
