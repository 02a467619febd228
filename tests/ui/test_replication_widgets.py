"""Drive the Research Programme concept notebook's widgets in plain Python, without a browser."""
import re

import ipywidgets as w
import pytest
from widgetry import (all_html, app_text, check_app, check_failed_run, check_nothing_ran, find, message,
                      nothing_drawn, raising, text, texts)

from btlgames.science import ppv as model
from btlgames.science.intervals import wilson
from btlgames.ui.concepts import replication as r

M = texts("replication")
APPS = [r.game_dice, r.ppv_explorer, r.replication_or_reanalysis, r.many_labs]


# -- helpers ---------------------------------------------------------------------------------
def button(app, key):
    return find(app, w.Button, M[key])


# -- every app --------------------------------------------------------------------------------------
@pytest.mark.parametrize("make", APPS)
def test_classes_for_the_stylesheet_and_new_widgets_per_call(make):
    check_app(make)


def test_no_plot_is_drawn_on_load():
    assert all(nothing_drawn(make()) for make in APPS)


# -- the game's dice -------------------------------------------------------------------------------------
def dice_controls(app):
    return {key: find(app, kind, M[f"dice.{key}"]) for key, kind in (
        ("card", w.Dropdown), ("technique", w.Dropdown), ("rigor", w.IntSlider), ("map", w.Dropdown),
        ("extra", w.Dropdown), ("noise", w.IntSlider), ("hype", w.IntSlider), ("wormhole", w.Checkbox),
        ("metascience", w.Checkbox))} | {
        "project": find(app, w.Dropdown, M["dice.project.label"])}


def marked_cell(app):
    value = all_html(app)
    cells = re.findall(r'<td class="btl-here">(.*?)</td>', value, re.S)
    assert len(cells) == 1
    row = value[:value.index('class="btl-here"')].rsplit("<tr>", 1)[1]
    return re.search(r'<th scope="row">(\d+)\+</th>', row).group(1), text(cells[0])


def test_dice_default_roll():
    app = r.game_dice()
    words = app_text(app)
    # Technique 1, Rigor 2, no map, Noise 1, card 4+, the named project: the die must show 4+
    assert "Bonus: Technique 1 + ⌊Rigor 2 ÷ 4⌋ = 0 + map 0 + other 0 = 1, so +1." in words
    assert "Net modifier: +1 − noise 1 = 0." in words
    assert "Difficulty: card 4+ plus project +0 plus Metascience +0 plus wormhole +0 = 4+." in words
    assert "Success chance: 3/6 = 50%" in words
    assert "power, 1 − β = 50%" in words
    assert "No artefact" in words
    assert marked_cell(app) == ("4", "▶ 3/6 50%")
    assert words.count("/6") >= 63  # the whole table


def test_dice_controls_change_the_roll():
    app = r.game_dice()
    c = dice_controls(app)
    c["technique"].value, c["rigor"].value, c["map"].value, c["noise"].value = 2, 8, 1, 0
    words = app_text(app)
    assert "= 5 (capped at +3), so +3." in words
    assert "So any face of the die will do." in words and "Success chance: 6/6 = 100%" in words
    c["card"].value, c["project"].value, c["wormhole"].value, c["noise"].value = 6, "other_field", True, 3
    words = app_text(app)
    assert "card 6+ plus project +3 plus Metascience +0 plus wormhole +1 = 10+" in words
    assert "no face of a d6 can" in words and "Success chance: 0/6 = 0%" in words
    assert "succeeds no more often than a fluke" in words
    assert marked_cell(app)[0] == "10"
    c["project"].value, c["wormhole"].value, c["metascience"].value, c["noise"].value = "named", False, True, 0
    c["technique"].value, c["rigor"].value, c["map"].value, c["extra"].value = 0, 4, 0, 1
    words = app_text(app)  # 6+ on Metascience: 7+; +1 from Rigor, +1 Insight: the die must show 5
    assert "= 2, so +2." in words and "= 7+." in words and "Success chance: 2/6 = 33%" in words


def test_dice_artefact_warning():
    app = r.game_dice()
    c = dice_controls(app)
    c["hype"].value, c["rigor"].value = 4, 2
    words = app_text(app)
    assert "⚠ Artefact! Hype 4 is more than one above Rigor 2" in words
    assert "only a failed replication can expose it" in words
    c["hype"].value = 3
    assert "No artefact: Hype 3 is at most one above Rigor 2." in app_text(app)


def test_dice_thought_experiment():
    app = r.game_dice()
    c = dice_controls(app)
    c["noise"].value = 0  # 4+ with +1: 4/6
    words = app_text(app)
    assert "Success chance: 4/6 = 67%" in words
    # odds factor (4/6) / (1/6) = 4; with 1:1 odds the PPV is 4/5
    assert "by 4.0;" in words and "would be 80%" in words


# -- the PPV explorer ---------------------------------------------------------------------------------------
def explorer_controls(app):
    return (find(app, w.FloatSlider, M["power"]), find(app, w.SelectionSlider, M["odds"]),
            find(app, w.Dropdown, M["alpha"]), find(app, w.FloatSlider, M["bias"]),
            find(app, w.IntSlider, M["explorer.replications"]))


def test_explorer_default():
    app = r.ppv_explorer()
    words = app_text(app)
    # power 0.8, odds 1:1, α 0.05, no bias: 0.8 / 0.85
    assert "One positive study: PPV = 94%. Of 100 claimed discoveries like this, about 94 are true." in words
    assert "Imagine 1,000 hypotheses" in words and "about 500 of them are true and 500 are false" in words
    assert "400 true ones are found" in words and "25 false ones come out positive by chance" in words
    assert "Claimed discoveries: about 425, of which about 400 are true and 25 are false." in words
    assert "bias" not in words.split("Claimed discoveries")[0].split("Imagine")[1]  # no bias lines at u = 0
    assert "Ioannidis's warning" not in words
    value = all_html(app)
    assert value.count('<rect x="0"') == 2 * 5  # a frame and a bar for 1 … 5 studies
    assert "before any study: 50%" in words


def test_explorer_replications_and_teams():
    app = r.ppv_explorer()
    *_, replications = explorer_controls(app)
    replications.value = 1
    words = app_text(app)
    assert "The original and 1 independent replication(s), all positive: PPV = 99.6%." in words  # .64/.6425
    teams = model.ppv_any_of_n(0.8, 1.0, 0.05, 2)
    assert "if 2 independent teams" in words and f"PPV = {r.pct(teams)} (one team: 94%)" in words


@pytest.mark.parametrize("index", range(len(model.TABLE_4)))
def test_explorer_loads_every_table_4_example(index):
    app = r.ppv_explorer()
    power, odds, alpha, bias, replications = explorer_controls(app)
    replications.value = 2
    find(app, w.Dropdown, M["explorer.example"]).value = index
    button(app, "explorer.show_example").click()
    p, R, u, printed, key = model.TABLE_4[index]
    assert (power.value, bias.value, alpha.value, replications.value) == (pytest.approx(p), pytest.approx(u), 0.05, 0)
    assert odds.value == pytest.approx(R)
    assert f"Ioannidis's Table 4 prints PPV = {printed:g}" in message(app)
    assert f"PPV = {r.pct(model.ppv(p, R, 0.05, u))}." in app_text(app)


def test_explorer_discovery_example_numbers():
    app = r.ppv_explorer()
    find(app, w.Dropdown, M["explorer.example"]).value = 7
    button(app, "explorer.show_example").click()
    words = app_text(app)
    assert "the formula gives 0.0010" in message(app)
    assert "One positive study: PPV = 0.1%." in words  # 0.00104
    assert "Imagine 10,000 hypotheses" in words  # enough for about 10 true ones


def test_explorer_typed_odds():
    app = r.ppv_explorer()
    _, odds, *_ = explorer_controls(app)
    typed = find(app, w.Text, M["explorer.typed"])
    typed.value = "1:20"
    button(app, "explorer.use_typed").click()
    assert odds.value == pytest.approx(0.05) and "1:20" in [label for label, _ in odds.options]
    assert "Pre-study odds 1:20 added to the slider and chosen." in message(app)
    assert f"PPV = {r.pct(model.ppv(0.8, 0.05))}" in app_text(app)


@pytest.mark.parametrize("typed, words", [
    ("", "type odds like 1:20"),
    ("lots", "lots: write odds as two numbers with a colon"),
    ("1,000", "without commas"),
    ("0:1", "neither side of the odds can be 0"),
])
def test_explorer_bad_typed_odds_get_a_message_and_change_nothing(typed, words):
    app = r.ppv_explorer()
    _, odds, *_ = explorer_controls(app)
    before = app_text(app)
    find(app, w.Text, M["explorer.typed"]).value = typed
    button(app, "explorer.use_typed").click()
    assert message(app).startswith("⚠ Could not use those odds:") and words in message(app)
    assert odds.value == 1.0 and " ".join(app_text(app).replace(message(app), "").split()) == before


def test_explorer_useless_test_and_bias_lines():
    app = r.ppv_explorer()
    power, odds, alpha, bias, _ = explorer_controls(app)
    bias.value = 0.2
    words = app_text(app)
    assert "more true ones are reported as found only because of bias" in words
    assert "false ones are reported as positive because of bias (u = 0.20)" in words
    power.value = 0.05
    bias.value = 0.0
    assert "cannot tell them apart" in app_text(app)
    assert "PPV = 50%" in app_text(app)


def test_explorer_five_sigma():
    app = r.ppv_explorer()
    power, odds, alpha, *_ = explorer_controls(app)
    odds.value = 0.001
    alpha.value = model.SIGMA_5
    assert f"PPV = {r.pct(model.ppv(0.8, 0.001, model.SIGMA_5))}" in app_text(app)
    assert r.pct(model.ppv(0.8, 0.001, model.SIGMA_5)) == "99.96%"


# -- replication or re-analysis -------------------------------------------------------------------------------------
def test_reanalysis_adds_less_than_replication():
    app = r.replication_or_reanalysis()
    rho = find(app, w.FloatSlider, M["reanalysis.rho"])
    args = (0.8, 0.1, 0.05, 0.2)
    words = app_text(app)
    for value in (model.ppv(*args), model.ppv_reanalysed(*args, rho=0.8), model.ppv_replicated(*args[:3], 2, args[3])):
        assert r.pct(value) in words
    assert "× 3.5" in words and "only × 1.14" in words  # 0.84/0.24 and (0.8 + 0.2·0.84)/(0.8 + 0.2·0.24)
    rho.value = 0.0
    assert "only × 3.5" in app_text(app)  # no shared errors: as good as a new study
    rho.value = 1.0
    assert "only × 1. " in app_text(app)


# -- many labs ------------------------------------------------------------------------------------------------------
def labs_parts(app):
    return (find(app, w.IntText, M["labs.labs"]), find(app, w.IntText, M["labs.seed_label"]),
            button(app, "labs.run"), find(app, w.IntProgress), find(app, w.Output))


def fake_labs(monkeypatch) -> list:
    """Put a stand-in for the labs simulation; return the list of its calls."""
    calls = []
    monkeypatch.setattr(model, "simulate_labs", lambda *a, **k: calls.append(a))
    return calls


def test_nothing_runs_on_load(monkeypatch):
    calls = fake_labs(monkeypatch)
    check_nothing_ran(r.many_labs(), calls, M["labs.idle"])


def test_a_real_run_fills_the_table_and_the_plot():
    app = r.many_labs()
    n_labs, seed, run, bar, plot = labs_parts(app)
    seen = []
    bar.observe(lambda change: seen.append(change["new"]), names="value")
    n_labs.value, seed.value = 4000, 5
    run.click()
    assert bar.value == bar.max == 4000 and len(seen) > 10  # the bar moved
    assert "Done: 4000 labs with seed 5." in message(app)
    data = plot.outputs[0]["data"]
    assert data["image/png"] and data["text/plain"].startswith("After 4000 labs: one positive study: simulated ")
    words = app_text(app)
    for stage in model.STAGES:
        assert M[f"labs.stage.{stage}"].format(rho="0.8") in words
    result = model.simulate_labs(model.Labs(labs=4000, odds=0.2, power=0.5, alpha=0.05, hyped_share=0.3,
                                            hyped_bias=0.4, rho=0.8), seed=5)
    single = result.tallies["single"]
    low, high = wilson(single.true, single.claims)
    assert (f"{M['labs.stage.single']} {single.claims} {single.true} {single.false} "
            f"{r.pct(single.share_true)} ({r.pct(low)} to {r.pct(high)})") in words
    assert "±" not in words  # never "rate ± SE": it reads as certain at 0 % and 100 %
    assert "The field's average bias is u = 0.12." in words
    assert not run.disabled

    run.click()  # the same seed again: the same table
    assert app_text(app) == words


@pytest.mark.parametrize("labs, seed, words", [
    (50, 1, "Choose a whole number of labs from 100 to 200000."),
    (300_000, 1, "Choose a whole number of labs from 100 to 200000."),
    (-1, 1, "Choose a whole number of labs from 100 to 200000."),
    (1000, -3, "The seed must be a whole number, 0 or more."),
])
def test_bad_numbers_get_a_message(monkeypatch, labs, seed, words):
    calls = fake_labs(monkeypatch)
    app = r.many_labs()
    n_labs, seed_box, run, *_ = labs_parts(app)
    n_labs.value, seed_box.value = labs, seed
    run.click()
    check_nothing_ran(app, calls, "⚠ " + words)


def test_an_error_becomes_a_message(monkeypatch):
    monkeypatch.setattr(model, "simulate_labs", raising("the labs burned down"))
    app = r.many_labs()
    run = button(app, "labs.run")
    run.click()
    check_failed_run(app, run, "The simulation stopped with an error: the labs burned down")


# -- formatting -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("p, shown", [(0, "0%"), (0.00104, "0.1%"), (0.0015, "0.15%"), (0.0523, "5.2%"),
                                      (0.85, "85%"), (0.995, "99.5%"), (0.99961, "99.96%"), (0.999999, "99.9999%"),
                                      (0.9999999, "> 99.9999%"), (1, "100%")])
def test_percentages_keep_the_digits_that_matter(p, shown):
    assert r.pct(p) == shown
