"""Drive the Research Programme debrief's widgets in plain Python, without a browser."""
import datetime
import json
import re
from pathlib import Path

import ipywidgets as w
import pytest
from debrief_games import first_game, older, unfinished
from widgetry import all_html, app_text, check_app, find, message, messages, text, texts, walk

import btlgames
from btlgames.core.i18n import t
from btlgames.core.saves import dumps
from btlgames.ui.debrief import document as D
from btlgames.ui.debrief import words as W

pytestmark = pytest.mark.slow  # whole bot games and their debriefs: the fast lane leaves them out

M = texts("debrief")
SECTIONS = [D.theories, D.biases, D.replications, D.publishing, D.interference, D.scoreboard, D.wrap_up]
KEYS = ["q1", "q2", "q3", "q4", "q5", "score", "wrap"]
NOTEBOOK = Path(__file__).parents[2] / "notebooks" / "research-programme" / "debrief.ipynb"


def shows(*kinds):
    return lambda state: all(any(e.kind == kind for e in state.log) for kind in kinds)


def bias_event(state) -> bool:
    """Whether a bias event struck a team or a team was protected from one (Kit rule K33)."""
    return any(e.kind in ("struck", "protected") and e.data.get("sort") == "bias" for e in state.log)


def no_project_hit(state) -> bool:
    """A method test on Metascience with no tile that hit: it replicates nothing (Kit rule K34)."""
    return any(e.kind == "hit" and e.data.get("how") == "no_project" for e in state.log)


@pytest.fixture(scope="module")
def saves():
    """Save files of finished bot games: a school game with replications, null results and a bias
    event, a full game with interference (blocked and suffered) and an artefact."""
    school = first_game(lambda s: shows("replication", "null", "journal")(s) and bias_event(s), "school",
                        ["heuristic", "random", "heuristic"])
    full = first_game(shows("blocked", "suffer", "artefact", "test"), "full", ["heuristic"] * 4)
    return {"school": (school, dumps(school)), "full": (full, dumps(full))}


def page():
    """The notebook's widgets over one session: the loader first, then every section."""
    game = D.session()
    return game, D.choose_game(game), [make(game) for make in SECTIONS]


def upload(widget, text: str):
    data = text.encode()
    widget.value = ({"name": "research-seed4.json", "type": "application/json", "size": len(data),
                     "content": memoryview(data), "last_modified": datetime.datetime(2026, 1, 1)},)


def errors(app) -> list[str]:
    return [m for m in messages(app) if m.startswith("⚠")]


def charts(app) -> list[str]:
    """The alt texts of the charts the app shows."""
    return re.findall(r'<img class="btl-chart" src="data:image/png;base64,[^"]+" alt="([^"]*)"', all_html(app))


def shown_seed(loader) -> int | None:
    found = re.search(r'class="btl-lead btl-debrief-game" data-seed="(\d+)"', all_html(loader))
    return int(found.group(1)) if found else None


# -- every app ----------------------------------------------------------------------------------
@pytest.mark.parametrize("make", [D.choose_game, D.projector, *SECTIONS])
def test_classes_for_the_stylesheet_and_new_widgets_per_call(make):
    check_app(lambda: make(D.session()))


def test_nothing_is_loaded_or_drawn_on_open():
    game, loader, sections = page()
    assert game.state is None
    assert message(loader) == M["no_game"]
    box = find(loader, w.FileUpload)  # the browser test finds it by its class
    assert box.accept == ".json" and "btl-debrief-upload" in box._dom_classes
    for app, key in zip(sections, KEYS):
        assert message(app) == M["no_game_here"]
        assert not charts(app) and M[f"{key}.title"] in app_text(app)


def test_sessions_do_not_share_a_game(saves):
    one, two = D.session(), D.session()
    one.load_text(saves["school"][1])
    assert one.state is not None and two.state is None


# -- loading ----------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["school", "full"])
def test_a_saved_game_loads_from_its_text_and_every_section_shows_it(saves, variant):
    state, text = saves[variant]
    game, loader, sections = page()
    assert game.load_text(text) is True
    assert game.state.digest() == state.digest()
    assert message(loader) == t("debrief.loaded", n=len(state.history))
    assert shown_seed(loader) == state.seed
    words = app_text(loader)
    seat = M["seat.team" if variant == "school" else "seat.player"]
    assert all(f"{symbol} {seat.format(n=p + 1)}" in words for p, symbol in zip(range(state.players), D.SYMBOLS))
    assert M["game.winners"] in words
    for app in sections:
        assert not errors(app), errors(app)
        assert M["no_game_here"] not in app_text(app)


def test_the_upload_widget_loads_a_save_file(saves):
    state, text = saves["full"]
    game, loader, sections = page()
    box = find(loader, w.FileUpload)
    upload(box, text)
    assert game.state is not None and game.state.digest() == state.digest()
    assert box.value == ()  # ready for the next file
    assert shown_seed(loader) == state.seed and "Interfere" not in message(loader)


@pytest.mark.parametrize("damage, why", [
    ("this is not json", "not a btlgames save file"),
    ('{"format": "btlgames-save", "format_version": 1}', "incomplete"),
])
def test_a_damaged_file_is_refused_and_the_game_shown_stays(saves, damage, why):
    state, text = saves["school"]
    game, loader, sections = page()
    game.load_text(text)
    before = all_html(sections[0])
    assert game.load_text(damage) is False
    said = message(loader)
    assert said.startswith("⚠ " + M["load_failed"].format(why="")) and why in said and M["kept"] in said
    assert game.state.digest() == state.digest() and shown_seed(loader) == state.seed
    assert all_html(sections[0]) == before


def test_a_tampered_move_is_refused_with_a_clear_message(saves):
    state, text = saves["school"]
    game, loader, _ = page()
    assert game.load_text(text.replace('"digest": "', '"digest": "0', 1)) is False
    assert "damaged or was edited" in message(loader) and game.state is None
    assert M["kept"] not in message(loader)  # nothing was shown before


def test_another_games_save_is_refused_by_name():
    pentaquark = btlgames.load("pentaquark", seed=3)
    game, loader, _ = page()
    assert game.load_text(dumps(pentaquark)) is False
    assert message(loader) == "⚠ " + M["load_failed"].format(why=M["wrong_game"].format(game="Pentaquark"))
    assert game.state is None


# -- the preview --------------------------------------------------------------------------------
def preview_controls(loader):
    return {"variant": find(loader, w.Dropdown, M["preview.variant"]),
            "players": find(loader, w.Dropdown, M["preview.players"]),
            "bots": find(loader, w.Dropdown, M["preview.bots.label"]),
            "seed": find(loader, w.IntText, M["preview.seed"]),
            "button": find(loader, w.Button, M["preview.button"])}


@pytest.mark.parametrize("variant, players, bots", [("school", 3, "mixed"), ("full", 2, "heuristic"),
                                                    ("full", 4, "random")])
def test_the_preview_button_plays_a_bot_game(variant, players, bots):
    game, loader, sections = page()
    c = preview_controls(loader)
    c["variant"].value, c["players"].value, c["bots"].value, c["seed"].value = variant, players, bots, 12
    c["button"].click()
    assert game.state.is_over() and game.state.variant == variant and game.state.players == players
    assert game.state.seed == 12 and shown_seed(loader) == 12
    assert message(loader) == M["previewed"].format(bots=M[f"preview.bots.{bots}"], seed=12)
    assert not c["button"].disabled
    for app in sections:
        assert not errors(app), errors(app)


def test_a_bad_seed_plays_nothing():
    game, loader, _ = page()
    c = preview_controls(loader)
    c["seed"].value = -1
    c["button"].click()
    assert game.state is None and message(loader) == "⚠ " + M["bad_seed"].format(high=D.SEED_MAX)


def test_a_failing_preview_says_why_and_the_button_comes_back(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("engine exploded")
    monkeypatch.setattr(D, "play_one", broken)
    game, loader, _ = page()
    c = preview_controls(loader)
    c["button"].click()
    assert message(loader) == "⚠ " + M["preview.failed"].format(why="engine exploded")
    assert not c["button"].disabled and game.state is None


def test_a_section_that_cannot_draw_says_so(saves, monkeypatch):
    game, loader, sections = page()
    monkeypatch.setattr(D, "tests_chart", lambda *a: 1 / 0)
    game.load_text(saves["full"][1])
    assert errors(sections[0]) == ["⚠ " + M["failed"].format(why="division by zero")]
    assert not errors(sections[1])  # the other sections still show the game


@pytest.mark.parametrize("make, what", [
    (unfinished, "unfinished"),
    (lambda: first_game(lambda s: not shows("test")(s), "full", ["heuristic"] * 2), "no test at all"),
    (lambda: first_game(lambda s: s.end_reason == "synthesis", "full", ["heuristic"] * 3), "a synthesis"),
    (lambda: first_game(no_project_hit, "full", ["random"] * 2), "a hit without a project"),
])
def test_every_section_copes_with_unusual_games(make, what):
    state = make()
    game, loader, sections = page()
    game.load_text(dumps(state))
    assert game.state is not None and not errors(loader)
    for app in sections:
        assert not errors(app), (what, errors(app))
    if what == "unfinished":
        s = game.facts.summary
        assert M["game.unfinished"].format(round=s.round, rounds=s.rounds) in message(loader)
        assert M["score.unfinished"] in message(sections[KEYS.index("score")])
    if what == "no test at all":
        assert M["q1.no_tests"] in app_text(sections[0]) and not charts(sections[0])
    if what == "a synthesis":
        assert M["score.synthesis"] in app_text(sections[KEYS.index("score")])
    if what == "a hit without a project":  # its mark on the tests chart has words of its own
        assert charts(sections[0]) and M["short.no_project"]


# -- what each section shows ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def loaded(saves):
    out = {}
    for variant, (state, text) in saves.items():
        game, loader, sections = page()
        game.load_text(text)
        out[variant] = (game, dict(zip(KEYS, sections)))
    return out


@pytest.mark.parametrize("variant", ["school", "full"])
def test_question_1_lists_every_theory_with_its_verdict(loaded, variant):
    game, apps = loaded[variant]
    words = app_text(apps["q1"])
    th = game.facts.theories
    counts = th["verdict"].value_counts()
    assert t("debrief.q1.count", n=len(th), replicated=counts.get("replicated", 0), hit_only=counts.get("hit_only", 0),
                                no_hit=counts.get("no_hit", 0), untested=counts.get("untested", 0)) in words
    for _, row in th.iterrows():
        assert D.card_name(row["theory"]) in words and D.verdict(row) in words
    assert M["q1.every_test"].format(n=len(game.facts.tests)) in words
    assert charts(apps["q1"]) == [M["chart.tests.alt"].format(tests=len(game.facts.tests),
                                                              theories=(th["tests"] > 0).sum())]


def test_question_2_in_the_school_game_shows_its_bias_events_noise_and_hype(loaded):
    game, apps = loaded["school"]
    words = app_text(apps["q2"])
    d = game.facts
    biases = d.strikes[d.strikes["sort"] == "bias"]
    assert M["q2.school"] in words
    for r in biases.itertuples():  # whom each struck and why, or what protected whom
        assert text(W.strike_line(game, r)) in words
    assert text(W.noise_summary(d)) in words
    assert M["q2.protect"] in words and all(item in words for item in M["protect"])
    assert D.msg("col.card") not in words  # no interference table


def test_an_older_school_game_without_bias_events_still_says_true_things(saves):
    state = older(saves["school"][0])
    game = D.session()
    q2, q5 = D.biases(game), D.interference(game)
    game.load_state(state, "older")
    d = game.facts
    words2, words5 = app_text(q2), app_text(q5)
    assert M["q2.school_none"] in words2 and text(W.noise_summary(d)) in words2
    assert d.noise["source"].eq("null").all() and len(d.noise)  # the noise of its null results (K15)
    assert M["q5.school_none"] in words5
    for r in d.events.itertuples():  # the events that happened, by name
        assert text(W.event_line(r)) in words5
    assert not errors(q2) and not errors(q5)


def test_question_2_in_the_full_game_lists_every_interference_card(loaded):
    game, apps = loaded["full"]
    words = app_text(apps["q2"])
    inter = game.facts.interference
    biases = inter[inter["type"] == "bias"]
    assert M["q2.count"].format(n=len(inter), biases=len(biases), suffered=(biases["outcome"] == "suffered").sum(),
                                blocked=(biases["outcome"] == "blocked").sum()) in words
    for r in inter.itertuples():
        assert D.card_name(r.card) in words and D.answer_words(r) in words
    assert t("debrief.artefacts.count", n=len(game.facts.artefacts)) in words
    for sort in set(biases["sort"]):  # each bias played: what it stands for in a real lab
        assert M[f"real.{sort}"] in words


@pytest.mark.parametrize("variant", ["school", "full"])
def test_question_3_counts_repetitions_and_replications(loaded, variant):
    game, apps = loaded[variant]
    words = app_text(apps["q3"])
    s, tests = game.facts.summary, game.facts.tests
    reps = tests[tests["outcome"] == "replication"]
    assert M["q3.count"].format(repetitions=(tests["outcome"] == "repetition").sum(), replications=len(reps),
                                vp=reps["vp"].sum() + reps["owner_vp"].sum(), counter=s.counter,
                                goal=s.counter_goal) in words
    assert 'href="replication.ipynb"' in all_html(apps["q3"])


@pytest.mark.parametrize("variant", ["school", "full"])
def test_question_4_draws_rigor_and_hype_round_by_round(loaded, variant):
    game, apps = loaded[variant]
    words = app_text(apps["q4"])
    assert M["q4.hype_explain"] in words
    (alt,) = charts(apps["q4"])
    last = game.facts.summary.round
    assert alt.startswith(M["chart.tracks.alt"].split("{")[0]) and f"After round {last}:" in alt
    seat = M["seat.team" if variant == "school" else "seat.player"]
    for pl, p in zip(game.state.view(None)["players_"], range(game.state.players)):
        assert M["chart.tracks.item"].format(seat=seat.format(n=p + 1), rigor=pl["rigor"], hype=pl["hype"]) in alt


def test_question_5_in_the_school_game_compares_bias_and_influence_events(loaded):
    game, apps = loaded["school"]
    words = app_text(apps["q5"])
    d = game.facts
    assert M["q5.school"] in words
    for r in d.strikes.itertuples():
        assert text(W.strike_line(game, r)) in words
    for r in d.strike_protections.itertuples():
        assert M["q5.protection"].format(how=W.protection_words(r.how, r.method), n=r.total) in words
    (alt,) = charts(apps["q5"])
    assert alt.startswith("Chart: bias and influence events per team")


def test_question_5_in_the_full_game_compares_bias_and_influence(loaded):
    game, apps = loaded["full"]
    words = app_text(apps["q5"])
    count = game.facts.interference["type"].value_counts()
    assert M["q5.count"].format(biases=count.get("bias", 0), influence=count.get("influence", 0)) in words
    for how, n in game.facts.protections.items():
        assert M["q5.protection"].format(how=M[f"how.{how}"], n=n) in words
    assert len(charts(apps["q5"])) == 1


@pytest.mark.parametrize("variant", ["school", "full"])
def test_the_scoreboard_adds_up_to_every_seats_vp(loaded, variant):
    game, apps = loaded[variant]
    words = app_text(apps["score"])
    vp = game.facts.vp
    totals = " ".join(D.number(int(v)) for v in vp["total"])
    assert f"{M['vp.total']} {totals}" in words
    assert M["score.winners"] in words
    assert f'<th scope="row">{M["vp.other"]}</th>' not in all_html(apps["score"])  # every point explained
    (alt,) = charts(apps["score"])
    assert alt.startswith("Chart: VP by source")


# -- one heading per section, and the notebook ------------------------------------------------------------
def headings(app) -> list[str]:
    return [text(h) for h in re.findall(r"<h2[^>]*>.*?</h2>", all_html(app), re.S)]


def notebook_cells():
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("make, key", [(D.choose_game, "choose"), (D.projector, "projector"),
                                       *zip(SECTIONS, KEYS)])
def test_each_section_has_its_one_heading(make, key):
    assert headings(make(D.session())) == [M[f"{key}.title"]]


def test_the_notebook_heads_no_section_a_second_time():
    """Each section's heading is the widget's: the notebook's Markdown does not repeat it."""
    from btlgames.ui.common import prose

    markdown = "\n".join(prose.sections("research-programme/debrief", "en").values())  # the notebook's words
    titles = [M[f"{key}.title"] for key in ["choose", "projector", *KEYS]]
    md_headings = [line.lstrip("#").strip() for line in markdown.splitlines() if line.startswith("#")]
    assert not [h for h in md_headings if any(h.lower() in t.lower() or t.lower() in h.lower() for t in titles)]
    calls = [("".join(c["source"])).strip() for c in notebook_cells() if c["cell_type"] == "code"]
    for name in ("choose_game", "projector", "theories", "biases", "replications", "publishing", "interference",
                 "scoreboard", "wrap_up"):
        assert sum(call == f"debrief.{name}(game)" for call in calls) == 1, name
    assert all(not c.get("outputs") for c in notebook_cells() if c["cell_type"] == "code")


def test_every_question_shows_the_rulebooks_question_once(loaded):
    game, apps = loaded["school"]
    for n in range(1, 6):
        assert app_text(apps[f"q{n}"]).count(M[f"question.{n}"]) == 1


# -- what the sections show of this game ------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["school", "full"])
def test_question_1_starts_with_the_pass_and_the_later_test(loaded, variant):
    game, apps = loaded[variant]
    pair = game.facts.pair
    html = all_html(apps["q1"])
    assert M[f"pair.lead.{pair.kind}"] in app_text(apps["q1"])
    rolled = re.findall(r'class="btl-test-card[^"]*" data-round="(\d+)" data-roll="(\d+)"', html)
    shown = [t for t in (pair.passed, pair.later) if t is not None]
    assert rolled == [(str(t["round"]), str(t["roll"])) for t in shown]
    for t in shown:
        assert text(W.roll_words(t)) in app_text(apps["q1"])


@pytest.mark.parametrize("variant", ["school", "full"])
def test_question_3_says_who_replicated_whom(loaded, variant):
    game, apps = loaded[variant]
    pairs = game.facts.pairs
    assert len(pairs)  # the fixture's games have replications
    table_html = D.pairs_html(game, game.facts)
    assert table_html in all_html(apps["q3"])
    assert len(re.findall(r"<tr>", table_html)) == len(pairs) + 1  # a row per pair, and the header
    for r in pairs.itertuples():
        assert f"{game.badge(r.tester)}</th><td>{game.badge(r.owner)}</td>" in table_html


def test_the_wrap_up_says_what_to_remember_and_this_game(loaded):
    game, apps = loaded["school"]
    words = app_text(apps["wrap"])
    assert all(item in words for item in M["present.remember"])
    assert f"This game: replications {game.facts.summary.counter};" in words


# -- the projector from the notebook ------------------------------------------------------------------------
def presenters(app):
    return [x for x in walk(app) if "btl-debrief-presenter" in getattr(x, "_dom_classes", ())]


def test_the_projector_button_leads_the_loaded_game_and_comes_back(saves):
    state, text_ = saves["school"]
    game = D.session()
    box = D.projector(game)
    lead = find(box, w.Button, M["projector.button"])
    assert lead.disabled and M["projector.no_game"] in app_text(box)
    lead.click()
    assert not presenters(box)  # nothing to lead yet
    game.load_text(text_)
    assert not lead.disabled and M["projector.help"] in app_text(box)
    lead.click()
    (shown,) = presenters(box)
    assert 'data-screen="0"' in all_html(shown) and f"{state.players} seats" in app_text(shown)  # no game number: the class's screen
    find(shown, w.Button, M["present.back"]).click()
    assert not presenters(box) and find(box, w.Button, M["projector.button"]) is lead
    lead.click()
    game.load_text(saves["full"][1])  # another game loaded: the projector of the old one closes
    assert not presenters(box) and not lead.disabled
