"""Research Programme's teaching layer in plain Python: how to play, the first game's hints, the
round's results as a show, and the ending, from seeded bot games of both variants."""
import re

import pytest

from btlgames.core.playing import play_one
from btlgames.ui.games import research as renderer
from btlgames.ui.games.research_teaching import RESULTS
from test_research_renderer import replay

VARIANTS = ("school", "full")


def games(variant: str, seeds=range(2)):
    for seed in seeds:
        players = 4 if variant == "school" else 3
        yield play_one("research", seed, ["heuristic"] * players, players=players, variant=variant)


@pytest.mark.parametrize("variant", VARIANTS)
def test_how_to_play_is_a_screen_or_less_with_a_picture(variant):
    steps = renderer.renderer(variant).how_to_play()
    assert len(steps) == 2
    for step in steps:
        assert len(re.sub(r"<[^>]+>", " ", step.body).split()) <= 200
    assert "<table" in steps[0].body  # the picture: a test's roll against what it needs


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_hint_points_at_a_legal_move_or_a_button(variant):
    """At every decision of seeded games: a hint that marks a part of the table marks a legal move's
    part (a press there makes a move the game allows); no hint where nobody decides."""
    seen = 0
    for done in games(variant):
        for state in replay(done):
            player = state.current_player()
            view = state.view(player)
            found = renderer.hint(view)
            if state.is_over():
                assert found is None
                continue
            if found is None:
                continue
            words, key = found
            assert words and not re.search(r"\bK\d+\b", words)  # a student's words: no kit-rule codes
            if key:
                targets = {renderer.target(a) for a in state.legal_actions()}
                assert key in targets, (words, key, sorted(t for t in targets if t))
                seen += 1
    assert seen > 20


def test_a_hint_for_a_test_marks_the_best_chance():
    for done in games("school"):
        for state in replay(done):
            view = state.view(state.current_player())
            d = view["decision"]
            if not d or d["kind"] != "plan" or d["theory"] not in view["theories"]:
                continue
            words, key = renderer.hint(view)
            drawn = renderer.preview(view)
            chances = re.findall(r'<tr data-target="([^"]*)"[^>]*><td>[^<]*</td><td>(\d+) %', drawn)
            best = max(int(c) for _, c in chances)
            assert dict(chances)[key] == str(best), (key, chances)
            return
    pytest.fail("no test was planned in the seeded games")


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_rounds_results_are_moments_and_incomes_are_not(variant):
    done = next(games(variant, seeds=[3]))
    public = done.log.to_records(None)
    steps = renderer.renderer(variant).moments(public, done.view(None), [])
    tests = sum(r["kind"] == "test" for r in public)
    assert tests and sum(s.kind in ("hit", "null", "replication") for s in steps) == tests
    quiet = [r for r in public if r["kind"] not in ("test", "event", "storage", "synthesis", *RESULTS)]
    assert quiet and renderer.renderer(variant).moments(quiet, done.view(None), []) == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_ending_tells_this_games_numbers_and_leads_to_replication(variant):
    done = next(games(variant, seeds=[3]))
    public = done.log.to_records(None)
    ending = renderer.renderer(variant).ending(done.view(None), public)
    tests = sum(r["kind"] == "test" for r in public)
    replications = sum(r["kind"] == "replication" for r in public)
    text = re.sub(r"<[^>]+>", " ", ending)
    assert str(tests) in text and str(replications) in text
    assert 'href="' in ending and "replication.ipynb" in ending
    for p in done.view(None)["winners"]:
        assert renderer.seat_name(p, variant) in text
