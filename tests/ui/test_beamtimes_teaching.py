"""Beamtimes and Lifetimes' teaching layer (btlgames/ui/games/beamtimes.py): how to play, a first
game's hints, the science moments and the ending, against views and log records of seeded games."""
import re

import pytest

import btlgames
from btlgames.beamtimes.bots import HeuristicBot, SolverBot
from btlgames.beamtimes.cards import label, value
from btlgames.core.bots import RandomBot
from btlgames.core.i18n import catalogue, speaking
from btlgames.core.playing import play_one
from btlgames.science.ranges import outcome
from btlgames.ui.games import beamtimes as renderer

LANGUAGES = ("en", "fi", "nl")
MOMENTS = ("solved", "published", "out_of_range", "verify")


def positions(seed: int, players: int, bot_class):
    """Every position of a seeded game: (state, the view of the group to play, its legal moves);
    ``bot_class`` chooses the moves (a random bot reaches the odd corners of the rules)."""
    state = btlgames.load("beamtimes", seed=seed, players=players)
    bot = bot_class(seed)
    while not state.is_over():
        seat = state.current_player()
        view, legal = state.view(seat), state.legal_actions()
        yield state, view, legal
        state.apply(bot.choose(view, legal))


@pytest.fixture(scope="module")
def finished():
    """Finished games between solver bots (a solve ends most of them) and between heuristic bots."""
    games = [play_one("beamtimes", seed, ["solver"] * players, players=players) for seed, players in
             ((0, 2), (5, 2), (8, 2), (3, 3), (4, 4))]
    games += [play_one("beamtimes", seed, ["heuristic", "heuristic"], players=2) for seed in (1, 2)]
    return games


def words_of_html(markup: str) -> list[str]:
    return re.sub(r"<[^>]+>", " ", markup).split()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_how_to_play_is_a_screen_or_less_with_the_tables_own_cards(lang):
    with speaking(lang):
        steps = renderer.how_to_play()
    shown = " ".join(f"{step.title} {step.body}" for step in steps)
    # 200 at most with the show's buttons (Next, Previous, Play, Close)
    assert len(words_of_html(shown)) <= 195
    assert shown.count('class="bt-card') >= 3  # the picture: a problem, a physicist and a detector
    for step in steps:
        assert step.words and not re.search(r"\bK\d+\b", step.words)  # a screen reader hears it; no rule codes


def test_how_to_play_says_what_a_first_player_needs():
    with speaking("en"):
        words = " ".join(step.words for step in renderer.how_to_play())
    for needed in ("cover every number between them", "the problem is solved", "10 − X", "7 − X", "5 − X",
                   "first on a problem leads", "smallest X published wins", "probably doesn't exist"):
        assert needed in words


def test_the_legal_moves_read_from_a_view_are_the_engines():
    for seed, players, bot in ((0, 2, RandomBot), (1, 3, HeuristicBot), (2, 4, RandomBot)):
        for _state, view, legal in positions(seed, players, bot):
            assert renderer.legal_moves(view) == legal


def test_every_hint_names_a_legal_move_and_points_at_its_part_of_the_table():
    kinds = set()
    for seed, players, bot in ((3, 2, RandomBot), (4, 2, HeuristicBot), (5, 3, RandomBot)):
        for _state, view, legal in positions(seed, players, bot):
            words, key = renderer.hint(view)
            move = next((a for a in legal if words.startswith(f"{a}: ")), None)
            assert move is not None, words  # the hint's move is one of this turn's
            assert key == renderer.target(move)  # a part of the table that makes it, or None (a button)
            assert len(words) > len(str(move)) + 20  # and it says why
            if move.kind == "assign":  # the first on a problem leads it, a later one collaborates
                assert ("a collaborator" in words) == bool(view["ring"][move.problem]["workers"]), words
            kinds.add(move.kind)
    assert {"grant", "hire", "assign", "build", "verify", "end_turn"} <= kinds


def test_only_the_group_to_play_gets_a_hint():
    state = btlgames.load("beamtimes", seed=2, players=2)
    assert renderer.hint(state.view(None)) is None and renderer.hint(state.view(1)) is None
    assert renderer.hint(state.view(0)) is not None


def test_a_hint_to_build_on_a_card_the_group_saw_says_what_will_happen():
    told = set()
    for seed in range(12):  # solver games with four groups: solves on a card a group saw come up
        for _state, view, legal in positions(seed, 4, SolverBot):
            words, _key = renderer.hint(view)
            build = next((a for a in legal if a.kind == "build" and words.startswith(f"{a}: ")), None)
            if build is None or not view["ring"][build.problem]["card"]:
                continue
            workers = view["ring"][build.problem]["workers"]
            result = outcome(value(view["ring"][build.problem]["card"]), value(workers[0]["card"]),
                             [value(w["card"]) for w in workers[1:]], value(build.card))["result"]
            said = "an exact solve" if "an exact solve" in words else "succeeds" if "succeeds" in words else "neither"
            assert said == {"solved": "an exact solve", "in_range": "succeeds", "out_of_range": "neither"}[result], words
            told.add(result)
    assert "solved" in told


def test_a_hint_to_build_says_the_numbers_the_experiment_covers():
    for _state, view, legal in positions(6, 2, HeuristicBot):
        words, _key = renderer.hint(view)
        build = next((a for a in legal if a.kind == "build" and words.startswith(f"{a}: ")), None)
        if build is None or view["ring"][build.problem]["card"]:
            continue
        numbers = [value(w["card"]) for w in view["ring"][build.problem]["workers"]] + [value(build.card)]
        assert f"cover {min(numbers)} to {max(numbers)}" in words
        return
    raise AssertionError("no hint to build on an unseen problem in this game")


def one_by_one(state) -> list:
    """The show's moments as the app asks for them: the public records one move at a time."""
    records = state.log.to_records(None)
    steps = []
    for i in range(1, len(records)):
        steps += [(records[i], step) for step in renderer.moments(records[i:i + 1], state.view(None), records[:i])]
    return steps


def test_moments_come_with_the_records_that_embody_the_science_and_no_others(finished):
    for state in finished:
        records = state.log.to_records(None)
        kinds = [r["kind"] for r in records]
        shown = one_by_one(state)
        assert [r["kind"] for r, _ in shown if r["kind"] in ("solved", "published")] == \
            [k for k in kinds if k in ("solved", "published")]
        for kind in ("out_of_range", "verify"):  # the first of a game only
            assert sum(r["kind"] == kind for r, _ in shown) == min(1, kinds.count(kind))
        assert all(r["kind"] in MOMENTS for r, _ in shown)
        for record in records:
            if record["kind"] not in MOMENTS:
                assert renderer.moments([record], state.view(None), []) == []


def test_a_solve_names_the_detector_the_physicist_and_who_shares_the_credit(finished):
    solves = 0
    for state in finished:
        records = state.log.to_records(None)
        for record, step in one_by_one(state):
            if record["kind"] != "solved":
                continue
            solves += 1
            before = records[:records.index(record)]
            detector = next(r["card"] for r in reversed(before) if r["kind"] == "build")  # built just before
            number = value(record["particle"])
            # the physicist of that number (the leader's or a collaborator's), assigned to the problem
            physicist = next(r["card"] for r in before if r["kind"] == "assign" and r["problem"] == record["problem"]
                             and value(r["card"]) == number)
            assert value(detector) == number
            for face in (record["particle"], detector, physicist):
                assert label(face) in step.words
            assert renderer.group_name(record["player"]) in step.words
            collaborators = [int(g) for g in record["gains"] if int(g) != record["player"]]
            for g in collaborators:
                assert renderer.group_name(g) in step.words and "share the pay" in step.words
            assert ("worked alone" in step.words) == (not collaborators)
    assert solves


def test_a_published_result_says_whether_it_is_now_the_closest(finished):
    published = 0
    for state in finished:
        best = None
        for record, step in one_by_one(state):
            if record["kind"] not in ("published", "solved"):
                continue
            if record["kind"] == "published":
                published += 1
                assert f"X = {record['x']}" in step.words
                closer = best is None or record["x"] < best
                assert ("is now the closest result" in step.words) == closer
            best = record["x"] if best is None else min(best, record["x"])
    assert published


def ruled_out(numbers) -> str:
    """The range an experiment out of range ruled out, in words: "between 3 and 8", or "8"."""
    low, high = min(numbers), max(numbers)
    return f"between {low} and {high}" if low < high else str(low)


def test_an_exclusion_says_which_range_was_ruled_out(finished):
    for state in finished:
        for record, step in one_by_one(state):
            if record["kind"] == "out_of_range":
                numbers = [value(c) for c in record["lost"]] + [value(record["detector"])]
                assert f"was not {ruled_out(numbers)}: that range is ruled out" in step.words
                return
    raise AssertionError("no experiment out of range in these games")


def test_the_ending_names_this_games_facts_and_links_the_concept_page(finished):
    for state in finished:
        records = state.log.to_records(None)
        text = renderer.ending(state.view(None), records)
        assert 'href="detector-ranges.ipynb' in text
        kinds = [r["kind"] for r in records]
        assert f"results published {kinds.count('published')} " in text
        assert f"experiments out of range {kinds.count('out_of_range')} " in text
        solves = [r for r in records if r["kind"] == "solved"]
        for solve in solves:
            assert (f"{renderer.group_name(solve['player'])} solved problem {solve['problem'] + 1}: "
                    f"the particle was {label(solve['particle'])}") in text
        closest = min((r["x"] for r in records if r["kind"] == "published"), default=None)
        if not solves:
            assert "No problem was solved" in text
            assert closest is None or f"The closest result: X = {closest}" in text
        excluded = next((r for r in records if r["kind"] == "out_of_range"), None)
        if excluded:  # the first range ruled out, by its numbers
            numbers = [value(c) for c in excluded["lost"]] + [value(excluded["detector"])]
            assert (f"at problem {excluded['problem'] + 1}, showed that the particle there was not "
                    f"{ruled_out(numbers)}.") in text
        assert "Where the game simplifies" in text


@pytest.mark.parametrize("lang", ("fi", "nl"))
def test_the_ending_and_moments_speak_the_pages_language(finished, lang):
    state = finished[0]
    with speaking(lang):
        text = renderer.ending(state.view(None), state.log.to_records(None))
        steps = [step for _, step in one_by_one(state)]
    assert "This game" not in text and "detector-ranges.ipynb" in text
    assert steps and not any("Group" in step.words for step in steps)


def test_the_teaching_words_name_no_rule_codes_seeds_or_bots():
    for lang in LANGUAGES:
        taught = {key: text for key, text in catalogue(lang).items() if key.startswith("beamtimes.teach.")}
        assert len(taught) >= 40
        for key, text in taught.items():
            assert not re.search(r"\bK\d+\b|seed|solver|heuristic|\bbot", text, re.I), (lang, key, text)
