"""The 45-minute lesson's numbers (btlgames/research/lesson.py): the measured decision figures
hold for the engine, the plan adds up, and the clock's progress follows a game."""
from statistics import mean

import pytest

import btlgames
from btlgames.core.bots import play_turns
from btlgames.core.playing import make_bot
from btlgames.research import lesson

TOLERANCE = 0.12  # decisions per team per round; 40 games give about +-0.04


@pytest.fixture(scope="module")
def counted():
    """40 quick games per team count, the story caps in turn (as bench/lesson.py counts them)."""
    caps = ("every", "round", "none")
    return {teams: [lesson.count_game(teams, seed, stories=caps[seed % 3]) for seed in range(40)]
            for teams in (2, 3, 4)}


def per_team_round(tallies, phase: str) -> float:
    team_rounds = sum(t.rounds * t.teams for t in tallies)
    return sum(t.by_phase[phase] for t in tallies) / team_rounds


@pytest.mark.slow
@pytest.mark.parametrize("teams", [2, 3, 4])
def test_the_measured_decisions_per_round_still_hold(counted, teams):
    tallies = counted[teams]
    assert per_team_round(tallies, "funding") == pytest.approx(lesson.FUNDING_DECISIONS, abs=TOLERANCE)
    assert per_team_round(tallies, "actions") == pytest.approx(lesson.ACTION_DECISIONS, abs=TOLERANCE)
    assert per_team_round(tallies, "tests") == 0  # the school game rolls its tests without a choice


def test_stories_per_round_follow_the_cap(counted):  # K31
    for teams, tallies in counted.items():
        for seed, t in enumerate(tallies):
            cap = ("every", "round", "none")[seed % 3]
            assert all(n == lesson.stories_per_round(teams, cap) for n in t.stories.values())
            assert sum(t.stories.values()) == lesson.stories_per_round(teams, cap) * t.rounds


def test_one_option_moves_are_rare_after_the_merges(counted):  # K30
    forced = mean(sum(t.forced.values()) / (t.rounds * t.teams) for ts in counted.values() for t in ts)
    assert forced < 0.05  # before K30: 0.45-0.67 per team and round


def test_four_teams_fit_thirty_minutes_with_one_story_a_round_not_with_every_story():  # K31
    assert lesson.PLAY_MINUTES == 30
    five = {cap: lesson.ROUNDS * lesson.minutes_per_round(4, cap) for cap in ("every", "round", "none")}
    assert five["none"] < five["round"] <= 30 < five["every"]
    assert [lesson.default_stories(n) for n in (2, 3, 4)] == ["every", "every", "round"]
    with pytest.raises(ValueError, match="stories='some'"):
        lesson.minutes_per_round(4, "some")


@pytest.mark.parametrize("teams", [2, 3, 4])
def test_the_schedule_fills_45_minutes_in_order(teams):
    plan = lesson.schedule(teams)
    parts = plan.parts
    assert [p.part for p in parts[:2]] == ["setup", "rules"] and parts[-1].part == "debrief"
    assert [p.round for p in parts if p.part == "round"] == [1, 2, 3, 4, 5]
    assert parts[0].start == 0 and all(a.end == pytest.approx(b.start) for a, b in zip(parts, parts[1:]))
    assert parts[-1].start == 37 and parts[-1].end == 45 and plan.fits and plan.spare_minutes >= 0
    assert plan.play_minutes == pytest.approx(5 * lesson.minutes_per_round(teams, plan.stories))


def test_a_plan_that_overruns_says_so_and_keeps_the_debrief_whole():
    plan = lesson.schedule(4, "every")
    assert not plan.fits and plan.spare_minutes < 0 and "buffer" not in [p.part for p in plan.parts]
    debrief = plan.parts[-1]
    assert debrief.start > 37 and debrief.end - debrief.start == lesson.DEBRIEF_MINUTES


def play_views(teams: int, seed: int, stories: str):
    """The projector's view before every move of a bot game."""
    state = btlgames.load("research", seed=seed, variant="school", players=teams, stories=stories)
    bots = {p: make_bot("research", "heuristic", seed + p) for p in range(teams)}
    while not state.is_over():
        yield state.view(None)
        p = state.current_player()
        state.apply(bots[p].choose(state.view(p), state.legal_actions()))
    yield state.view(None)


@pytest.mark.parametrize("teams, stories", [(2, "every"), (3, "none"), (4, "round")])
def test_progress_runs_from_zero_to_the_rounds_played_and_never_goes_back(teams, stories):
    views = list(play_views(teams, 5, stories))
    marks = [lesson.progress(v) for v in views]
    assert marks[0] == 0 and marks[-1] == views[-1]["round"]
    assert all(b >= a for a, b in zip(marks, marks[1:])), marks
    for v, mark in zip(views, marks):
        if v["phase"] != "over":
            assert v["round"] - 1 <= mark <= v["round"]


def test_progress_is_halfway_when_half_the_planned_round_is_spent():
    state = btlgames.load("research", seed=3, variant="school", players=4, stories="none")
    play_turns(state, {}, forced=True)
    view = state.view(None)
    assert view["phase"] == "funding" and lesson.progress(view) == 0
    funding = lesson.round_seconds(4, "none")["funding"]
    total = funding + lesson.round_seconds(4, "none")["actions"]
    while state.view(None)["phase"] == "funding":
        state.apply(state.legal_actions()[0])
    assert lesson.progress(state.view(None)) == pytest.approx(funding / total)


def test_the_clock_reads_behind_and_ahead_of_the_plan():
    state = btlgames.load("research", seed=3, variant="school", players=4, stories="round")
    view = state.view(None)
    start = lesson.SETUP_MINUTES + lesson.RULES_MINUTES
    per_round = lesson.minutes_per_round(4, "round")
    assert lesson.minutes_behind(view, start) == 0
    assert lesson.minutes_behind(view, start + 2) == pytest.approx(2)  # two minutes in, nothing done
    assert lesson.minutes_behind(view, 0) == 0  # before play starts the plan waits too
    assert lesson.planned_progress(start + per_round, 4, "round") == pytest.approx(1)
    assert lesson.planned_progress(44, 4, "round") == 5
    full = btlgames.load("research", seed=3, variant="full", players=3)
    assert lesson.progress(full.view(None)) == 0 and full.view(None)["stories"] == "none"
