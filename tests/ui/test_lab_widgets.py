"""The rule-and-strategy lab in plain Python: controls from the registry, words for bad options,
A against B, Stop on the run's thread, the plot on demand and the CSV link."""
import base64
import html
import io
import re
import threading

import ipywidgets as w
import pandas as pd
import pytest

from btlgames.core.i18n import available_languages, catalogue, speaking
from widgetry import app_text, check_app, message, messages, nothing_drawn, texts

from btlgames.core import study as core
from btlgames.core.registry import Option, games, spec
from btlgames.ui.lab import rule_lab as L

M = texts("lab")


def ran(lab: L.Lab) -> L.Lab:
    lab.run_button.click()
    lab.join(120)
    assert not (lab.runner.thread and lab.runner.thread.is_alive())
    return lab


def test_every_lab_is_an_app_of_its_own_and_nothing_runs_on_load():
    check_app(L.lab)
    lab = L.make("confinement")
    assert message(lab.widget) == M["idle"] and nothing_drawn(lab.widget) and not lab.studies
    assert lab.stop_button.disabled and not lab.run_button.disabled


@pytest.mark.parametrize("game", sorted(games()))
def test_the_controls_come_from_the_games_options(game):
    lab = L.make(game=game)
    rules = games()[game].options
    for name, control in lab.a.controls.items():
        rule = rules[name]
        assert isinstance(control, {"choice": w.Dropdown, "words": w.Text, "number": w.IntText}[rule.kind]), name
        assert control.value == rule.default
        if not rule.choices and rule.high is not None:
            assert f"({rule.low} to {rule.high})" in control.description
    assert set(rules) - set(lab.a.controls) <= {n for n, r in rules.items() if len(r.choices) == 1}
    assert lab.a.config() == core.Config.make(game, lab.a.config().bots)  # the defaults are the game's


def test_an_option_added_to_a_game_appears_in_the_lab(monkeypatch):
    spec = games()["pentaquark"]
    monkeypatch.setitem(spec.options, "beam_time", Option(12, low=4, high=40, help="turns of beam time"))
    lab = L.make(game="pentaquark")
    box = lab.a.controls["beam_time"]
    assert box.description == "beam time (4 to 40)" and box.tooltip == "turns of beam time"


@pytest.mark.parametrize("value, words", [
    (7, "Annihilate cards cannot be 7: choose 0 to 3."),
    (-1, "Annihilate cards cannot be -1: choose 0 to 3."),
])
def test_an_out_of_range_option_is_said_at_once_and_runs_nothing(value, words):
    lab = L.make("confinement")
    lab.b.controls["annihilate_cards"].value = value
    assert words in app_text(lab.widget)  # under B, as soon as it is typed
    ran(lab)
    assert messages(lab.widget)[-1] == "⚠ " + words and not lab.studies
    lab.b.controls["annihilate_cards"].value = 1
    assert lab.b.problem.value == ""  # the panel's note goes once the value is good


def test_options_the_game_refuses_together_are_said_at_once_in_its_words():  # Antimatter K23, K25
    lab = L.make(game="antimatter", workers=1)
    lab.a.controls["atom"].value = "C-12"  # two Scientists: no carbon (the box's mats)
    assert "mats allow only: H-1, H-2, He-3, He-4, Li-6." in lab.a.problem.value
    ran(lab)
    assert "mats allow only" in messages(lab.widget)[-1] and not lab.studies
    lab.a.controls["atom"].value = "Li-6"
    assert lab.a.problem.value == ""
    lab.a.controls["mode"].value = "team"
    assert "Team mode needs 2 or 3 Scientists in each team" in lab.a.problem.value


@pytest.mark.parametrize("n", [0, -5, 20_001])
def test_a_bad_number_of_games_is_refused(n):
    lab = L.make(game="pentaquark")
    lab.games.value = n
    ran(lab)
    assert message(lab.widget) == "⚠ " + M["bad_games"].format(low=1, high=20_000) and not lab.studies


def test_b_the_same_as_a_is_refused():
    lab = L.make(game="pentaquark")
    lab.compare.value = True
    ran(lab)
    assert message(lab.widget) == "⚠ " + M["same"]


def test_b_starts_as_a_copy_of_a_and_the_page_says_what_b_changes():
    """Ticked after A was changed, B is A as it is now, seats and rotation included (a B that kept
    the defaults would differ in two things at once); under the panels, what B changes in words."""
    lab = L.make(game="beamtimes")
    lab.a.controls["players"].value = 3
    lab.a.seat_controls[1].value = "random"
    lab.a.rotate.value = True
    differs = lambda: re.sub(r"<[^>]+>", "", lab.differs.value)  # noqa: E731
    assert differs() == ""  # nothing to compare yet
    lab.compare.value = True
    assert lab.b.settings() == lab.a.settings() and lab.b.config() == lab.a.config()
    assert differs() == M["b_copied"]
    lab.b.seat_controls[2].value = "random"
    assert differs().startswith(M["b_changes"].split("{")[0]) and "Seat 3: " in differs(), differs()
    assert L.bot_label("beamtimes", "random") in differs()
    lab.b.seat_controls[2].value = lab.a.seat_controls[2].value  # changed back: a copy again
    assert differs() == M["b_copied"]
    lab.a.controls["players"].value = 4  # A changed after B was made: said too
    assert "4" in differs() and L.option_label("beamtimes", "players") in differs()


def test_different_bots_are_compared_by_their_wins_first():
    """Where bots differ the first share is a bot's wins: with seats taking turns, seat 1 is
    whichever bot went first. Where every seat holds one bot, seat 1's wins (going first)."""
    lab = ran(L.make(game="beat-the-logic", a={"bots": ["planner", "greedy"], "rotate": True}, games=6, workers=1))
    assert lab.share.value == "bot:planner"
    lab = ran(L.make(game="beat-the-logic", a={"bots": "greedy"}, games=4, workers=1))
    assert lab.share.value == "seat:0"


@pytest.mark.parametrize(("game", "says_how"), [("beat-the-logic", False), ("pentaquark", True)])
def test_how_the_games_were_decided_is_a_heading_only_over_its_table(game, says_how):
    lab = ran(L.make(game=game, games=3, workers=1))
    assert (M["decided_title"] in lab.results.value) == says_how


def test_players_show_their_seats():
    lab = L.make(game="beamtimes")
    shown = lambda: [c.layout.display != "none" for c in lab.a.seat_controls]  # noqa: E731
    assert shown() == [True, True, False, False]
    lab.a.controls["players"].value = 4
    assert shown() == [True] * 4 and len(lab.a.config().bots) == 4


def test_an_ab_study_gives_the_difference_and_a_sentence():
    lab = ran(L.make("confinement", games=12, workers=1))
    a, b = lab.studies
    assert a.n == b.n == 12 and list(b.games.seed) == list(range(12, 24))  # B's games are others
    assert dict(a.config.options)["annihilate_cards"] == 3 and dict(b.config.options)["annihilate_cards"] == 0
    text = app_text(lab.widget)
    assert "B's share of games won" in text and "95 % interval of the difference" in text
    result = core.compare(a, b, "seat:0")
    words = {"higher": "more than chance", "lower": "more than chance", "unclear": "these games cannot tell"}
    assert words[result["verdict"]] in text
    assert M["ties_note"] in text and "Done: 24 games" in message(lab.widget)
    assert nothing_drawn(lab.widget)  # the plot waits for its button
    lab.plot_button.click()
    plot = lab.panel.plot.outputs[0]["data"]
    assert plot["image/png"] and "Shares of games with their 95 % intervals" in plot["text/plain"]


def test_the_csv_link_holds_every_finished_game():
    lab = ran(L.make("confinement", games=5, workers=1))
    link = lab.download.value
    assert 'download="lab-pentaquark-10-games.csv"' in link and "btl-action" in link
    data = base64.b64decode(link.split("base64,")[1].split('"')[0]).decode()
    table = pd.read_csv(io.StringIO(data))
    assert len(table) == 10 and list(table.study) == ["A"] * 5 + ["B"] * 5


def test_two_bots_in_two_seats_get_a_head_to_head_sentence():
    lab = ran(L.make("detector-ranges", games=6, workers=1))
    (only,) = lab.studies
    assert only.config.rotate and list(only.games.bot_0) == ["heuristic", "no-verify"] * 3
    assert "Of the " in lab.verdict.value and "games that had one winner, the heuristic bot won" in lab.verdict.value


def test_stop_ends_a_long_run_and_keeps_only_finished_games():
    lab = L.make(game="pentaquark", a={"bots": "random"}, games=20_000, workers=1)  # the bar moves every 400
    started = threading.Event()
    lab.panel.bar.observe(lambda change: started.set() if change["new"] > 0 else None, names="value")
    lab.run_button.click()
    assert started.wait(60) and lab.run_button.disabled and not lab.stop_button.disabled
    lab.stop_button.click()
    lab.join(60)
    (result,) = lab.studies
    assert result.stopped and 0 < result.n < 20_000
    assert list(result.games.game) == list(range(result.n)) and (result.games.actions > 0).all()
    assert "Stopped: " in message(lab.widget) and not lab.run_button.disabled and lab.stop_button.disabled


def test_the_closing_words_come_once_run_can_be_pressed_again():
    """'Done' or 'Stopped' is the sign a run is over: whoever reads it (a student, a screen reader,
    a browser test) finds Run enabled and Stop disabled at that moment, never a moment later."""
    lab = L.make(game="pentaquark", a={"bots": "random"}, games=3, workers=1)
    seen = []
    lab.panel.message.observe(lambda change: seen.append(
        (change["new"], lab.run_button.disabled, lab.stop_button.disabled)), names="value")
    lab.run_button.click()
    lab.join(60)
    closing = [s for s in seen if "Done: " in s[0]]
    assert closing and all(s[1:] == (False, True) for s in closing)


def test_changing_the_game_rebuilds_both_configurations_and_forgets_results():
    lab = ran(L.make("confinement", games=2, workers=1))
    lab.game.value = "research"
    assert "stories" in lab.a.controls and "stories" in lab.b.controls and not lab.studies
    assert lab.results.value == "" and message(lab.widget) == M["idle"]


def test_an_engine_error_becomes_a_sentence(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("engine exploded")
    monkeypatch.setattr(core, "run", broken)
    lab = ran(L.make(game="pentaquark"))
    assert message(lab.widget) == "⚠ " + M["failed"].format(why="engine exploded")
    assert not lab.run_button.disabled


def test_an_unknown_preset_is_refused():
    with pytest.raises(ValueError, match="no lab preset 'x'"):
        L.lab(preset="x")


def every_range_option():
    for game, spec in sorted(games().items()):
        for name, rule in spec.options.items():
            if not rule.choices and rule.high is not None:
                yield pytest.param(game, name, rule, id=f"{game}-{name}")


def test_every_option_its_values_and_every_bot_have_words():
    """A student reads words, not the option's name in the code ("flipped_low") or a value's
    ("no-metascience"): a new option, value or bot gets its words in lab.toml."""
    missing = []
    for game, spec in sorted(games().items()):
        for name, rule in spec.options.items():
            missing += [] if L.has_msg(f"option.{game}.{name}") or L.has_msg(f"option.{name}") else [f"option.{name}"]
            missing += [] if not rule.help or L.has_msg(f"tip.{game}.{name}") else [f"tip.{game}.{name}"]  # its tooltip
            missing += [f"value.{name}.{c}" for c in rule.choices
                        if isinstance(c, str) and name != "atom" and not L.has_msg(f"value.{name}.{c}")]
        missing += [f"bot.{game}.{b}" for b in spec.bots if not L.has_msg(f"bot.{game}.{b}")]
        missing += [f"bot.{b} (core.toml)" for b in spec.bots if f"bot.{b}" not in catalogue("en")]
    assert not missing, missing


def test_every_options_tooltip_has_words_in_every_language():
    """The tooltip says what an option changes in the page's language, not the engine's English help."""
    missing = [f"{lang}: tip.{game}.{name}" for lang in available_languages() for game, spec in sorted(games().items())
               for name in spec.options if f"lab.tip.{game}.{name}" not in catalogue(lang)]
    assert not missing, missing
    lab = L.make(game="research")
    assert lab.a.controls["cards"].tooltip == L.msg("tip.research.cards")
    with speaking("fi"):
        assert L.option_control("pentaquark", "beams", spec("pentaquark").options["beams"], 10).tooltip.startswith("Suihkuaika")


@pytest.mark.parametrize("game, name, rule", list(every_range_option()))
def test_every_range_option_refuses_a_value_outside_it_in_words(game, name, rule):
    lab = L.make(game=game)
    lab.a.controls[name].value = rule.high + 1
    words = f"{L.option_label(game, name)} cannot be {rule.high + 1}: choose {rule.low} to {rule.high}."
    assert words in app_text(lab.widget)
    ran(lab)
    assert messages(lab.widget)[-1] == "⚠ " + words and not lab.studies


def test_scores_are_shown_as_a_distribution():
    column = pd.Series([0, 1, 1, 0, 1])
    assert L.score_words(column, 1) == "seat 1: mean 0.60 (0 in 2 games, 1 in 3 games)"
    assert L.score_words(pd.Series(range(1, 21)), 2) == "seat 2: mean 10.50 (median 10.5, middle half 5.75 to 15.25)"
    assert "1 in 1 game" in L.score_words(pd.Series([0, 1]), 1)


def test_a_new_games_controls_close_the_last_ones():
    lab = L.make(game="pentaquark")
    old = list(lab.a.controls.values()) + lab.a.seat_controls
    lab.game.value = "beamtimes"
    assert all(control.comm is None for control in old)  # closed: gone from the kernel and the page
    assert lab.a.problem.comm is not None


def test_the_launcher_lists_the_lab_when_its_page_exists(tmp_path):
    from btlgames.ui.pages import launcher

    (row,) = launcher.tools(launcher.Path(__file__).resolve().parents[2] / "notebooks", base_url="/kit/")
    assert row["href"] == "/kit/voila/render/lab/lab.ipynb" and row["title"] == "Rule and strategy lab"
    assert launcher.tools(tmp_path) == []  # no page yet: no link to nothing


def test_an_option_of_words_is_a_text_box_and_its_own_check_speaks():
    lab = L.make(game="antimatter")
    box = lab.a.controls["goals"]
    assert isinstance(box, w.Text) and box.value == "ladder"
    box.value = "H-3"
    assert '"H-3" is not a goal' in app_text(lab.widget)
    ran(lab)
    assert messages(lab.widget)[-1].startswith("⚠ " + L.option_label("antimatter", "goals") + ': "H-3" is not a goal')
    assert not lab.studies
    box.value = "H-2, H-1 in order"
    assert dict(lab.a.config().options)["goals"] == "H-2, H-1 in order"


@pytest.mark.slow
def test_more_games_goes_on_with_the_same_study_on_new_seeds():
    """The strategy lab's tournament, now every game's: Run, then More games adds games with the
    next seeds to the same study, and the interval narrows."""
    lab = ran(L.make("strategy-lab", games=4, workers=1))
    assert lab.more_button.layout.display == ""  # shown once there are results to add to
    (first,) = lab.studies
    assert list(first.games.seed) == [0, 1, 2, 3] and first.config.bots == ("planner", "greedy")
    lab.plot_button.click()
    assert lab.panel.plot.outputs
    lab.games.value = 2
    lab.more_button.click()
    lab.join(120)
    assert not lab.panel.plot.outputs  # the plot of 4 games is gone: it waits for its button again
    (both,) = lab.studies
    assert list(both.games.game) == list(range(6)) and list(both.games.seed) == list(range(6))
    assert both.games.iloc[:4].equals(first.games)  # the games already shown stay as they were
    said = message(lab.panel.message)
    assert said.startswith("Done: 2 more games in ") and said.endswith("The results now hold 6 games.")
    assert "A: 6 games" in app_text(lab.widget)
    assert not lab.run_button.disabled and not lab.more_button.disabled and lab.stop_button.disabled
    lab.run_button.click()  # Run starts a new study: the first seeds again
    lab.join(120)
    assert list(lab.studies[0].games.seed) == [0, 1]


def test_more_games_gives_a_and_b_seeds_of_their_own():
    lab = ran(L.make("confinement", games=3, workers=1))
    lab.games.value = 2
    lab.more_button.click()
    lab.join(120)
    a, b = lab.studies
    assert list(a.games.seed) == [0, 1, 2, 6, 7] and list(b.games.seed) == [3, 4, 5, 8, 9]  # never one seed twice
    assert list(lab.table().study) == ["A"] * 5 + ["B"] * 5


def test_more_games_refuses_when_a_or_b_has_changed():
    lab = ran(L.make("confinement", games=2, workers=1))
    lab.b.controls["annihilate_cards"].value = 1
    lab.more_button.click()
    lab.join(60)
    assert message(lab.panel.message) == "⚠ " + M["more_changed"] and [s.n for s in lab.studies] == [2, 2]
    lab.compare.value = False
    lab.more_button.click()
    lab.join(60)
    assert message(lab.panel.message) == "⚠ " + M["more_changed"]


def test_stop_during_more_games_keeps_the_games_before_and_the_finished_ones():
    lab = ran(L.make(game="pentaquark", a={"bots": "random"}, games=3, workers=1))
    before = lab.studies[0].games
    lab.games.value = 20_000
    started = threading.Event()
    lab.panel.bar.observe(lambda change: started.set() if change["new"] > 0 else None, names="value")
    lab.more_button.click()
    assert started.wait(60)
    lab.stop_button.click()
    lab.join(60)
    (result,) = lab.studies
    assert result.stopped and 3 < result.n < 20_003 and result.games.iloc[:3].equals(before)
    assert list(result.games.seed) == list(range(result.n))
    assert f"the results now hold {result.n} games" in message(lab.panel.message)


def test_the_table_is_the_csv_download_as_a_dataframe():
    lab = L.make("confinement", games=4, workers=1)
    assert lab.table().empty  # nothing has run
    ran(lab)
    table = lab.table()
    assert isinstance(table, pd.DataFrame) and len(table) == 8 and list(table.study) == ["A"] * 4 + ["B"] * 4
    csv = base64.b64decode(lab.download.value.split("base64,")[1].split('"')[0]).decode()
    assert table.to_csv(index=False) == csv  # the same data, row for row
    one = ran(L.make("detector-ranges", games=3, workers=1)).table()
    assert len(one) == 3 and "study" not in one  # one configuration: no column to tell A from B


def test_a_lab_made_in_a_notebook_shows_itself():
    lab = L.make()
    bundle = lab._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == lab.widget.model_id
    with pytest.raises(ValueError, match="no lab preset 'x'"):
        L.make("x")


def test_a_mean_the_game_declares_is_compared_by_welchs_interval():  # the Pauli notebook's crowding
    lab = ran(L.make("pauli", games=6, workers=1))
    a, b = lab.studies
    assert a.config.seats == 2 and b.config.seats == 6 and lab.share.value == "mean:pauli"
    labels = dict((m, label) for label, m in lab.share.options)
    assert labels["mean:pauli"] == "Pauli moves back per game (mean)"
    assert labels["mean:rounds"] == "rounds per game (mean)"
    from btlgames.ui.common import prose

    for lang in available_languages():  # the words the question and the notebook ask for, in every language
        with speaking(lang):
            rounds = L.measure_label("antimatter", "mean:rounds")
            assert f"<i>{rounds}</i>" in L.msg("preset.pauli.question"), lang
            assert f"*{rounds}*" in prose.text("antimatter-matters/pauli", "simulate", lang), lang
    text = app_text(lab.widget)
    assert "Per game (mean)" in text and re.search(r"Pauli moves back [\d.]+ \(95 % interval", text)
    c = core.compare(a, b, "mean:pauli")
    assert ("more Pauli moves back per game than A" if c["verdict"] == "higher" else "") in lab.verdict.value
    lab.share.value = "mean:rounds"
    assert "rounds per game" in lab.verdict.value
    alone = ran(L.make(game="antimatter", a={"bots": "heuristic"}, share="mean:pauli", games=3, workers=1))
    assert "Pauli moves back per game, over 3 games: " in alone.verdict.value


def test_the_plot_follows_the_chosen_share_as_games_are_added():
    lab = ran(L.make("strategy-lab", games=12, workers=1))
    lab.plot_button.click()
    plot = lab.panel.plot.outputs[0]
    alt = plot["data"]["text/plain"]
    assert "Shares of games with their 95 % intervals" in alt
    assert "Right: the planner bot's share of the games with one winner, as games were added" in alt
    assert re.search(r"A after 10 games [\d.]+% \([\d.]+% to [\d.]+%\), after 12 games", alt)
    assert plot["metadata"]["image/png"] == {"width": 1040, "height": 400}


def test_the_bars_show_every_seat_of_a_b_with_more_players_than_a():
    """The Pauli preset's B seats 6 Scientists, A 2: B's seats 3 to 6 have bars (and words) too."""
    lab = ran(L.make("pauli", games=3, workers=1))
    alt = L.plot_png(lab.studies, "mean:pauli")[1]
    for n in range(1, 7):
        assert f"B, games seat {n} won alone:" in alt, n
    assert "A, games seat 3" not in alt


@pytest.mark.slow
def test_the_results_have_words_in_every_language():
    lab = ran(L.make("pauli", games=3, workers=1))
    for lang in available_languages():
        with speaking(lang):
            words = L.verdict_html(lab.studies, "mean:pauli") + L.study_html(lab.studies[1], "B")
            words += L.plot_png(lab.studies, "mean:pauli")[1] + L.verdict_html(lab.studies, "seat:0")
            assert "{" not in words and ("Pauli moves back" in words) == (lang == "en"), lang


@pytest.mark.slow
def test_the_replication_presets_a_is_the_rulebooks_measurement():
    """The preset's question says that A plays the very games the rulebook measured (K25: 300 full
    3-player games, seeds 0-299): the lab's A and the rulebook's row give the same share."""
    from pathlib import Path

    rules = (Path(__file__).resolve().parents[2] / "lessons/research-programme/rules.md").read_text()
    row = re.search(r"^\| full, 3 players \| [^|]+\| (\d+) % \((\d+)–(\d+)\) \|", rules, re.M)
    preset = L.PRESETS["replication"]
    a = core.Config.make(preset["game"], preset["a"]["bots"])
    result = core.run(a, preset["games"], workers=2)
    share = core.share(result.games, preset["share"])
    assert [round(100 * share[k]) for k in ("rate", "low", "high")] == [int(x) for x in row.groups()]
    question = M["preset.replication.question"]
    assert f"{row[1]} % of 3-player games (95 % interval {row[2]} % to {row[3]} %), from 300 games" in question


def test_more_games_shows_the_added_games_apart_from_the_first_ones():
    """The tables pool the first run and the games More games added; a replication asks whether the
    added games alone agree with the first: their share and interval apart, inside or outside the
    first games' interval, for A and for B."""
    lab = ran(L.make("confinement", games=20, workers=1))
    assert lab.replication.value == ""  # one run: nothing to hold it to
    lab.more_button.click()
    lab.join(120)
    said = re.sub(r"<[^>]+>", " ", lab.replication.value)
    assert M["replication.title"] in said
    for result, label in zip(lab.studies, "AB"):
        first, added = core.share(result.games.iloc[:20], "seat:0"), core.share(result.games.iloc[20:], "seat:0")
        inside = first["low"] <= added["rate"] <= first["high"]
        key = "replication.inside" if inside else "replication.outside"
        line = M[key].format(label=label, what=L.measure_label("pentaquark", "seat:0", 1), first=20,
                             first_value=L.percent(first["rate"]), first_low=L.percent(first["low"]),
                             first_high=L.percent(first["high"]), added=20, value=L.percent(added["rate"]),
                             low=L.percent(added["low"]), high=L.percent(added["high"]))
        assert html.escape(line) in lab.replication.value, (line, said)
    lab.run_button.click()  # a new study: its first run again
    lab.join(120)
    assert lab.replication.value == "" and lab.first == [20, 20]
    lab.more_button.click()
    lab.join(120)
    assert lab.replication.value
    lab.game.value = "beat-the-logic"  # another game: the study is forgotten, its lines too
    assert lab.replication.value == "" and lab.first == []


@pytest.mark.slow
def test_the_replication_presets_new_games_alone_fall_outside_the_rulebooks_interval():
    """The replication notebook's question answered: 300 new games give 18.3 % syntheses, outside
    the first 300 games' 18.6-28.1 %, though the 600 pooled (20.7 %) lie inside it."""
    lab = ran(L.make("replication", workers=2))
    lab.more_button.click()
    lab.join(300)
    said = re.sub(r"<[^>]+>", " ", html.unescape(lab.replication.value))
    assert "the 300 games added, alone, 18.3% (14.4% to 23.1%)" in said, said
    assert "A, games decided by a synthesis: the first 300 games 23.0%" in said
    assert "The added games' result lies outside the first games' interval" in said


def test_the_lab_page_says_how_to_read_its_games_in_a_notebook_and_does_so_itself():
    import json
    from pathlib import Path

    from btlgames.ui.common import prose

    page = Path(__file__).resolve().parents[2] / "notebooks/lab/lab.ipynb"
    lab_cell, aside = ("".join(cell["source"]) for cell in json.loads(page.read_text())["cells"])
    assert "study = lab.make()" in lab_cell and lab_cell.rstrip().endswith("\nstudy")  # the lab shows itself
    # how to read its games in Python is an aside after the lab, not the page's opening words
    assert 'page("in_a_notebook")' in aside
    for lang in available_languages():
        assert "pandas" not in prose.text("lab/lab", "intro", lang)
        words = prose.text("lab/lab", "in_a_notebook", lang)
        for said in ("`from btlgames.ui import lab`", "`study = lab.make()`", "`study`", "`study.table()`"):
            assert said in words, (lang, said)


def test_a_long_plot_title_wraps_inside_the_figure():
    """The narrowing plot's title names the share, long in Finnish: wrapped to its axes, never cut
    at the figure's edge."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from btlgames.ui.common.figures import figure, title

    fig = figure(13, 5, dpi=80)
    _, right = fig.subplots(1, 2, width_ratios=(3, 2))
    title(right, "Suunnittelija-botin osuus peleistä, joissa oli yksi voittaja, sitä mukaa kuin pelejä lisättiin",
          fontsize=11)
    fig.tight_layout()
    renderer = FigureCanvasAgg(fig).get_renderer()
    box = right.title.get_window_extent(renderer)
    assert "\n" in right.title.get_text() and 0 <= box.x0 and box.x1 <= fig.bbox.x1, box
