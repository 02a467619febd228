"""The debrief on the projector (btlgames/ui/debrief/screens.py), driven in plain Python by .click().

Every screen is stepped to with Next (and back with Previous) and must show evidence of the very
game it debriefs: its seats, its theories and their rolls, its bias events, its null results.
Games without tests, unfinished games and games from before the school game's bias events must
still give true, plain sentences.
"""
import re

import ipywidgets as w
import pytest
from debrief_games import older, unfinished
from widgetry import all_html, check_app, find, text, texts, walk

from btlgames.core.playing import play_one
from btlgames.research import debrief as facts
from btlgames.ui.debrief import document as D
from btlgames.ui.debrief import screens as S
from btlgames.ui.debrief import words as W
from btlgames.ui.common.lesson_clock import LessonClock

pytestmark = pytest.mark.slow  # whole bot games and their debriefs: the fast lane leaves them out

M = texts("debrief")


def school(seed=93, bots=("heuristic", "random", "heuristic", "random")):
    return play_one("research", seed, list(bots), variant="school", players=len(bots))


def full(seed=1, bots=("heuristic",) * 4):
    return play_one("research", seed, list(bots), variant="full", players=len(bots))


def without_tests():
    """A full game in which nobody ran a test (careful bots, seed 1: found by search, checked below)."""
    state = play_one("research", 1, ["heuristic"] * 2, variant="full", players=2)
    assert not any(e.kind == "test" for e in state.log)
    return state




@pytest.fixture(scope="module")
def games():
    return {"school": school(), "full": full(), "unfinished": unfinished(), "no tests": without_tests(),
            "older": older(school(5, ("random",) * 3))}


class Clock:
    """A time source the test moves by hand."""

    def __init__(self):
        self.t = 1_000_000.0

    def __call__(self):
        return self.t


def step_through(app):
    """Click Next from the first screen to the last: the HTML of every screen shown, in order."""
    shown = [screen_html(app)]
    nxt = find(app, w.Button, M["present.next"])
    for _ in range(S.SCREENS - 1):
        nxt.click()
        shown.append(screen_html(app))
    return shown


def screen_html(app) -> str:
    return next(x.value for x in walk(app) if "btl-present-screen" in getattr(x, "_dom_classes", ()))


def screen_number(html: str) -> int:
    return int(re.search(r'<section class="btl-debrief-screen[^"]*" data-screen="(\d+)" data-of="7"', html).group(1))


def words(html: str) -> str:
    return text(re.sub(r"<img[^>]*>", "", html))


def errors(html: str) -> list[str]:
    return re.findall(r'class="btl-message btl-error"', html)


# -- the widget's contract ---------------------------------------------------------------------------
def test_classes_buttons_and_new_widgets_per_call(games):
    check_app(lambda: D.presenter(games["school"], close=lambda: None))
    app = D.presenter(games["school"])
    assert "btl-debrief-presenter" in app._dom_classes
    for name in ("previous", "next"):
        button = find(app, w.Button, M[f"present.{name}"])  # the accessible name: its words
        assert button.description in ("Previous", "Next") and "btl-action" in button._dom_classes
    assert not [b for b in walk(app) if isinstance(b, w.Button) and b.description == M["present.back"]]


def test_next_steps_through_every_screen_and_previous_comes_back(games):
    app = D.presenter(games["school"])
    shown = step_through(app)
    assert [screen_number(h) for h in shown] == list(range(S.SCREENS))
    assert all(not errors(h) for h in shown)
    kickers = [re.search(r'<div class="btl-kicker">(.*?)</div>', h).group(1) for h in shown]
    assert kickers == [M["present.position.opening"]] + [
        M["present.position.question"].format(n=n, of=5) for n in range(1, 6)] + [M["present.position.closing"]]
    for n in range(1, 6):  # each question, as the rulebook asks it
        assert f"<h2>{M[f'question.{n}']}</h2>" in shown[n]
    back = find(app, w.Button, M["present.previous"])
    for n in range(S.SCREENS - 2, -1, -1):
        back.click()
        assert screen_html(app) == shown[n]  # drawn once, shown again


def test_next_on_the_last_screen_and_previous_on_the_first_do_nothing(games):
    p = S.Presenter(games["school"])
    nxt, prev = p.next, p.previous
    assert prev.disabled and not nxt.disabled
    first = p.screen.value
    prev.click()  # a click the browser would not even send
    assert p.index == 0 and p.screen.value == first
    p.show(S.SCREENS - 1)
    assert nxt.disabled and not prev.disabled
    last = p.screen.value
    nxt.click()
    nxt.click()
    assert p.index == S.SCREENS - 1 and p.screen.value == last
    p.show(99)
    assert p.index == S.SCREENS - 1
    p.show(-3)
    assert p.index == 0


def test_back_to_the_game_calls_close(games):
    closed = []
    app = D.presenter(games["school"], close=lambda: closed.append(True))
    back = find(app, w.Button, M["present.back"])
    assert "btl-action" in back._dom_classes
    back.click()
    assert closed == [True]


# -- every screen shows this very game -----------------------------------------------------------------
@pytest.mark.parametrize("which", ["school", "full"])
def test_every_screen_shows_this_games_evidence(games, which):
    state = games[which]
    d = facts.analyse(state)
    seats = S.Seats(d.summary.variant)
    html = step_through(D.presenter(state))
    shown = [words(h) for h in html]
    # the opening: who won, a line per seat with its VP
    assert S.winners_words(seats, d) in shown[0]
    for p in range(state.players):
        assert text(S.score_line(seats, d, p)) in shown[0]
    # 1: the pair's theory and rolls
    pair = d.pair
    assert pair.kind in ("failed", "impossible")
    assert W.card_name(pair.passed["theory"]) in shown[1]
    for t in (pair.passed, pair.later):
        assert W.roll_words(t) in shown[1] and f'data-roll="{t["roll"]}"' in html[1]
    # 2: the biases that came
    if which == "school":
        first = next(S._struck_first(d.strikes[d.strikes["sort"] == "bias"]).itertuples())
        assert text(W.strike_line(seats, first)) in shown[2]
    else:
        first = next(d.interference[d.interference["type"] == "bias"].itertuples())
        assert text(W.interference_line(seats, first)) in shown[2]
    assert W.noise_summary(d) in shown[2]
    # 3: who replicated whom, with the counts of this game
    for r in d.pairs.head(S.PAIR_ROWS - 1).itertuples():
        assert f"{seats.badge(r.tester)}</th><td>{seats.badge(r.owner)}</td>" in html[3]
    assert M["present.q3.count"].format(replications=d.summary.counter,
                                        repetitions=int((d.tests["outcome"] == "repetition").sum()),
                                        counter=d.summary.counter, goal=d.summary.counter_goal) in shown[3]
    # 4: null results per seat, and Rigor against Hype per seat in the chart's alt text
    res = d.results_by_player
    for p in range(state.players):
        assert f'{seats.label(p)} {int(res.loc[p, "nulls"])} {int(res.loc[p, "journal_null"])}' in shown[4]
    alt = re.search(r'<img class="btl-chart" src="data:image/png;base64,[^"]+" alt="([^"]*)"', html[4]).group(1)
    for p, pl in enumerate(state.view(None)["players_"]):
        assert M["chart.tracks.item"].format(seat=seats.seat(p), rigor=pl["rigor"], hype=pl["hype"]) in alt
    # 5: bias against influence
    if which == "school":
        count = d.strikes.groupby(["sort", "outcome"]).size()
        assert M["present.q5.count"].format(bias_escaped=len(d.escapes), **{
            f"{s}_{o}": int(count.get((s, o), 0)) for s in ("bias", "influence")
            for o in ("struck", "protected")}) in shown[5]
    else:
        count = d.interference["type"].value_counts()
        assert M["q5.count"].format(biases=count["bias"], influence=count["influence"]) in shown[5]
        first = next(d.interference[d.interference["type"] == "influence"].itertuples())
        assert text(W.interference_line(seats, first)) in shown[5]
    # the closing: what to remember, and this game's numbers
    assert all(item in shown[6] for item in M["present.remember"]) and S.this_game(d) in shown[6]


def test_the_pair_names_a_replication_that_came_after_all():
    state = full()
    d = facts.analyse(state)
    assert d.pair.replication is not None  # this game's failed replication attempt was on a theory replicated later
    html = S.DRAW[1](S.Seats("full"), d)
    assert W.roll_words(d.pair.replication) in words(html)


# -- unusual games: still true, plain sentences ----------------------------------------------------------
@pytest.mark.parametrize("which", ["unfinished", "no tests", "older"])
def test_unusual_games_give_every_screen_without_error(games, which):
    state = games[which]
    d = facts.analyse(state)
    shown = step_through(D.presenter(state))
    assert all(not errors(h) for h in shown), which
    said = [words(h) for h in shown]
    if which == "unfinished":
        s = d.summary
        assert not s.over and said[0].startswith(M["present.position.opening"] + " Not over yet")
        assert M["game.unfinished"].format(round=s.round, rounds=s.rounds) in said[0]
    if which == "no tests":
        assert M["pair.lead.no_tests"] in said[1] and M["pair.means.no_tests"] in said[1]
        assert M["present.ask.q1.no_tests"] in said[1]
        assert "btl-test-card" not in shown[1] and M["present.q3.none"] in said[3]
        assert M["q4.no_nulls"] in said[4] and M["noise.none"] in said[2]
    if which == "older":
        assert d.strikes.empty and M["present.q5.school_none"] in said[5]
        for r in d.events.itertuples():  # the events that happened instead, by name
            assert text(W.event_line(r)) in said[5]


def test_a_school_game_whose_events_struck_shows_who_and_why():
    state = older(school(1, ("heuristic", "random", "heuristic")))
    state.log.add(2, "funding", 1, "struck", event="exciting_hint", card="seeing_what_you_expect", sort="bias",
                  card_kind="confirmation", effect={"test_penalty": 1})
    state.log.add(2, "funding", 0, "protected", event="exciting_hint", card="seeing_what_you_expect", sort="bias",
                  card_kind="confirmation", how="method", method="blind_analysis")
    state.log.add(3, "funding", 2, "struck", event="new_event", card="a_card_from_a_newer_deck", sort="influence",
                  effect={"reputation": -1, "noise": "quantum-3", "lose": {"R": 2}})
    p = S.Presenter(state)
    p.show(2)
    q2 = words(p.screen.value)
    assert "Seeing what you expect (confirmation bias) struck ■ Team 2 — careless (Hype 0 ≥ Rigor 0): " \
           "−1 on the next test." in q2
    assert "Blind analysis protected ● Team 1 from Seeing what you expect (confirmation bias)." in q2
    assert M["real_method.blind_analysis"] in q2  # the real lab's protection the method stands for
    p.show(5)
    q5 = words(p.screen.value)
    assert M["present.q5.count"].format(bias_struck=1, bias_protected=1, bias_escaped=len(facts.analyse(state).escapes),
                                        influence_struck=1, influence_protected=0) in q5
    assert "A card from a newer deck (influence) was aimed at ▲ Team 3" in q5  # an unknown card: its id in words
    assert "lost R2, 1 noise on Quantum information 3, Reputation −1." in q5
    assert M["present.q5.best"].format(guard="Blind analysis", n=1) in q5


# -- the evidence true to this game ---------------------------------------------------------------------
def test_the_opening_lists_the_winner_first_and_says_the_tie_break_in_words():
    """Seed 44: Teams 2 and 4 end level on 9 VP and Team 4 wins on replications of its own
    theories (the rules' tie-break): the screen that says "Team 4 wins" lists Team 4 first and says why."""
    state = school(44, ("heuristic",) * 4)
    d = facts.analyse(state)
    seats = S.Seats("school")
    html = S.DRAW[0](seats, d)
    said = words(html)
    assert S.winners_words(seats, d) == M["present.won"].format(seats=seats.label(3), vp=9, round=d.summary.round,
                                                               rounds=5) and S.winners_words(seats, d) in said
    listed = [text(line) for line in re.findall(r"<li>(.*?)</li>", html)]
    assert listed[:2] == [text(S.score_line(seats, d, 3)), text(S.score_line(seats, d, 1))]
    mine, theirs = d.summary.ranks[3][1], d.summary.ranks[1][1]
    tie = M["tie.replications"].format(others=seats.label(1), winner=seats.label(3), mine=mine, theirs=theirs)
    assert mine > theirs and tie in said
    assert said.index(S.winners_words(seats, d)) < said.index(tie) < said.index(listed[0])  # said with the winner


@pytest.mark.parametrize("seed", [44, 1])
def test_the_opening_lists_the_seats_as_the_rules_rank_them(seed):
    state = school(seed, ("heuristic",) * 4)
    d = facts.analyse(state)
    html = S.DRAW[0](S.Seats("school"), d)
    listed = [int(n) - 1 for n in re.findall(r'<li><span class="btl-seat btl-seat-(\d)"', html)]
    assert listed == d.summary.ranking and listed[0] in state.winners()
    assert ("btl-tiebreak" in html) == (state.decided_by() not in ("vp", "synthesis"))


def test_question_4_puts_in_the_drawer_only_null_results_that_could_have_been_published():
    """Seed 1 ends after round 5 with null results of round 5 that no one could publish any more:
    too late, not in the drawer."""
    state = school(1, ("heuristic",) * 4)
    d = facts.analyse(state)
    res = d.results_by_player
    unpublished = [r for r in state.results if r["kind"] == "null" and not r["preprint"] and not r["journal"]]
    late = [r for r in unpublished if r["round"] == state.round]
    assert late and len(unpublished) > len(late)
    said = words(S.DRAW[4](S.Seats("school"), d))
    assert M["present.q4.nulls"].format(nulls=int(res["nulls"].sum()), journal=int(res["journal_null"].sum()),
                                        drawer=len(unpublished) - len(late), late=len(late)) in said
    assert M["present.q4.col.late"] in said and M["present.q4.col.open"] not in said
    for p in range(state.players):  # a seat's row: ... in the drawer, too late
        mine = [r for r in unpublished if r["player"] == p]
        drawer, too_late = sum(r["round"] < state.round for r in mine), sum(r["round"] == state.round for r in mine)
        assert re.search(rf"{re.escape(S.Seats('school').label(p))} .* {drawer} {too_late}(?: |$)", said), p


def test_question_4_of_a_game_still_going_has_nothing_in_the_drawer():
    d = facts.analyse(unfinished())
    said = words(S.DRAW[4](S.Seats("school"), d))
    res = d.results_by_player
    assert int(res["null_drawer"].sum()) == 0 and M["present.q4.col.open"] in said
    if int(res["nulls"].sum()):
        assert M["present.q4.nulls_open"].format(nulls=int(res["nulls"].sum()), journal=int(res["journal_null"].sum()),
                                                 open=int(res["null_open"].sum())) in said


def test_questions_2_and_5_say_who_escaped_the_bias_and_why(games):
    """The lesson's key point: the bias event passed by every team whose Rigor was above its Hype."""
    state = games["school"]
    d = facts.analyse(state)
    seats = S.Seats("school")
    assert len(d.escapes)
    line = text(W.escape_line(seats, d.escapes.itertuples()))
    for r in d.escapes.itertuples():
        assert f"{seats.label(r.player)} (Rigor {r.rigor}, Hype {r.hype})" in line and r.rigor > r.hype
    assert line in words(S.DRAW[2](seats, d)) and line in words(S.DRAW[5](seats, d))
    struck = d.strikes[(d.strikes["sort"] == "bias") & (d.strikes["outcome"] == "struck")]
    for r in struck.head(1).itertuples():  # the struck team is still named beside them
        assert text(W.strike_line(seats, r)) in words(S.DRAW[2](seats, d))


def test_a_bias_event_that_found_no_careful_team_says_so(games):
    d = facts.analyse(games["school"])
    d.escapes = d.escapes.iloc[0:0]  # as if every team's Hype had been at least its Rigor
    said = words(S.DRAW[2](S.Seats("school"), d))
    bias = d.strikes[d.strikes["sort"] == "bias"].iloc[0]
    assert M["escape.none"].format(round=bias["round"], card=W.card_name(bias["card"])) in said


def test_a_test_no_die_could_pass_is_not_asked_about_as_bad_luck():
    """Seed 1, three random players: the only failed replication attempt could not succeed."""
    state = play_one("research", 1, ["random"] * 3, variant="full", players=3)
    d = facts.analyse(state)
    assert d.pair.kind == "impossible" and d.pair.later["faces"] == 0
    said = words(S.DRAW[1](S.Seats("full"), d))
    assert M["present.ask.q1.impossible"] in said and M["pair.means.impossible"] in said
    assert M["present.ask.q1.failed"] not in said and "luck" not in M["present.ask.q1.impossible"]


def test_a_screen_that_cannot_draw_says_so_and_the_others_still_work(games, monkeypatch):
    def broken(*_):
        raise RuntimeError("chart exploded")
    monkeypatch.setattr(S, "DRAW", S.DRAW[:4] + (broken,) + S.DRAW[5:])
    shown = step_through(D.presenter(games["school"]))
    assert errors(shown[4]) and screen_number(shown[4]) == 4 and "chart exploded" in words(shown[4])
    assert not any(errors(h) for n, h in enumerate(shown) if n != 4)


# -- the debrief clock ------------------------------------------------------------------------------
def test_the_clock_counts_the_debriefs_minutes_and_is_exact_at_every_step(games):
    now = Clock()
    p = S.Presenter(games["school"], now=now)
    assert isinstance(p.clock, LessonClock) and p.clock.total == 8 * 60
    assert p.clock.widget in list(walk(p.widget))
    find(p.widget, w.Button, texts("research_ui")["clock.start"]).click()
    now.t += 150
    p.next.click()  # the clock is drawn again with the screen
    assert texts("research_ui")["clock.left"].format(minutes=6) in text(p.clock.display.value)
    assert M["present.clock"].format(minutes=8) in text(all_html(p.widget))


@pytest.mark.parametrize("asked, minutes", [(8, 8), (5, 5), (10, 10), (3, 5), (25, 10)])
def test_the_clock_keeps_to_the_debriefs_five_to_ten_minutes(games, asked, minutes):
    assert S.Presenter(games["school"], minutes=asked).clock.total == minutes * 60


def test_a_screen_samples_a_few_lines_of_each_kind_and_counts_the_rest():
    def more(n):
        return f'<span class="btl-more">{M["present.more"].format(n=n)}</span>'

    assert S.sample([(["a1", "a2", "a3", "a4"], 2), (["b1"], 1), ([], 1), (["d1", "d2"], 1)]) == [
        "a1", "a2", "b1", "d1", "d2", more(2)]  # the empty group's room goes to the next
    assert S.sample([(["a1", "a2"], 2), (["b1", "b2", "b3", "b4", "b5"], 1)]) == [
        "a1", "a2", "b1", more(4)]
    assert S.sample([([], 2), ([], 1)]) == []
    assert len(S.capped([str(i) for i in range(9)])) == S.LINES
