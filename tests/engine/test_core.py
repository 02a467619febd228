"""The shared core: chance, log, registry, saves, bots, simulate."""
import json
import random
import re

import pytest

import btlgames
from btlgames.core import Chance, SaveError, simulate
from btlgames.core.chance import ScriptError
from btlgames.core.saves import dumps, loads
from btlgames.core.playing import play_one


def played(seed=4, moves=12):
    state = btlgames.load("pentaquark", seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def unchecked(state) -> dict:
    """A save of ``state`` without its ``check``, as older kits wrote: an edit of it is found by
    the replay (the messages the tests below read)."""
    data = json.loads(btlgames.save(state))
    data.pop("check", None)
    return data


# -- chance ---------------------------------------------------------------------------------
def test_chance_depends_only_on_seed_and_counter():
    a, b = Chance(7), Chance(7)
    random.seed(1)
    first = [a.randint(1, 6) for _ in range(20)]
    random.seed(2)
    assert first == [b.randint(1, 6) for _ in range(20)]
    assert Chance(8).shuffled(range(10)) != Chance(7).shuffled(range(10))


def test_the_nth_draw_is_that_of_random_seeded_with_seed_and_counter():
    """Saved games replay from their seeds: the n-th draw of seed s stays Random(f"{s}:{n}")'s, also
    when two games draw in turns (the chance re-seeds one generator for each draw)."""
    a, b = Chance(7), Chance(8)
    drawn = []
    for n in range(1, 31):
        drawn += [a.randint(1, 6 + 100 * n), b.shuffled(range(n + 40)), a.choice("abcdefgh"[:n % 8 + 1])]
    expected = []
    for n in range(1, 31):
        shuffled = list(range(n + 40))
        random.Random(f"8:{n}").shuffle(shuffled)
        expected += [random.Random(f"7:{2 * n - 1}").randint(1, 6 + 100 * n), shuffled,
                     random.Random(f"7:{2 * n}").choice("abcdefgh"[:n % 8 + 1])]
    assert drawn == expected
    with pytest.raises(ValueError):
        a.randint(6, 1)
    with pytest.raises(IndexError):
        a.choice([])


def test_scripted_outcomes_come_first_and_are_checked():
    chance = Chance(1)
    chance.script(4, [3, 1, 2])
    assert chance.randint(1, 6) == 4
    assert chance.shuffled([1, 2, 3]) == [3, 1, 2]
    chance.script(7)
    with pytest.raises(ScriptError, match="not in 1..6"):
        chance.randint(1, 6)
    chance.script([1, 1])
    with pytest.raises(ScriptError, match="not a permutation"):
        chance.shuffled([1, 2])


# -- registry and options ---------------------------------------------------------------------
def test_registry_names_every_game_and_refuses_unknown_ones():
    assert "pentaquark" in btlgames.games()
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        btlgames.load("chess")
    with pytest.raises(ValueError, match="seed must be a whole number"):
        btlgames.load("pentaquark", seed="abc")


def test_a_game_without_a_variant_option_is_its_standard_variant():
    assert btlgames.games()["pentaquark"].variants == ("standard",)


def test_no_seed_still_gives_a_replayable_game():
    state = btlgames.load("pentaquark")
    assert isinstance(state.seed, int)
    assert loads(dumps(state)) == state


# -- log ---------------------------------------------------------------------------------------
def test_log_hides_secrets_from_other_seats():
    from btlgames.core.events import Log

    log = Log()
    log.add(1, "draw", 0, "draw", secret={"card": "7♠"}, seen_by=[0], count=1)
    assert log.to_records(0)[0]["card"] == "7♠"
    assert "card" not in log.to_records(1)[0] and "card" not in log.to_records(None)[0]
    assert log.to_records("all")[0]["card"] == "7♠"
    assert list(log.to_frame(1).columns) == ["turn", "phase", "player", "kind", "count"]


def test_an_event_keeps_what_it_was_given_when_the_game_changes_later():
    cards = ["uR", "dG"]
    from btlgames.core.events import Log

    log = Log()
    log.add(1, "beam", 0, "draw", cards=cards)
    cards.remove("uR")
    assert log.to_records(0)[0]["cards"] == ["uR", "dG"]


def test_the_draw_event_still_names_the_cards_after_they_are_placed():
    state = btlgames.load("pentaquark", seed=21)
    drawn = list(state.collider)
    state.apply(state.legal_actions()[0])
    draw = next(e for e in state.log if e.kind == "draw")
    assert draw.data["cards"] == drawn


# -- saves ---------------------------------------------------------------------------------------
def test_save_and_load_round_trip():
    state = played()
    again = btlgames.restore(btlgames.save(state))
    assert again == state and again.log.to_records("all") == state.log.to_records("all")


@pytest.mark.parametrize("damage,message", [
    (lambda text: text[: len(text) // 2], "cut short or edited: it is not readable as a save"),
    (lambda text: "hello", "not a btlgames save file, or it was cut short"),
    (lambda text: "[]", "not a btlgames save file"),
    (lambda text: text.replace('"format_version": 1', '"format_version": 9'), "save format 9"),
    (lambda text: re.sub(r'"version": \d+', '"version": 99', text), "rules version 99"),
    (lambda text: text.replace('"pentaquark"', '"chess"'), "a game the kit does not have \\('chess'\\)"),
    (lambda text: text.replace('"annihilate_cards": 3', '"annihilate_cards": 7'), "settings are not valid"),
    (lambda text: text.replace('"seed": 4', '"seed": "x"'), "settings are not valid"),
])
def test_damaged_files_are_refused_with_a_reason(damage, message):
    text = json.dumps(unchecked(played()), indent=1)
    with pytest.raises(SaveError, match=message):
        btlgames.restore(damage(text))


def test_a_missing_field_is_named():
    data = unchecked(played())
    del data["history"]
    with pytest.raises(SaveError, match="history is missing"):
        btlgames.restore(json.dumps(data))


def test_an_edited_move_is_refused():
    data = unchecked(played())
    data["history"][3] = {"kind": "place", "card": "zz", "area": "detector"}
    with pytest.raises(SaveError, match="Move 4 of .* is not possible at that point"):
        btlgames.restore(json.dumps(data))
    data["history"][3] = {"kind": "teleport"}
    with pytest.raises(SaveError, match="Move 4 of .* cannot be read"):
        btlgames.restore(json.dumps(data))


def test_a_different_but_legal_history_is_caught_by_the_digest():
    state = played(moves=1)
    other = btlgames.load("pentaquark", seed=4)
    alternative = next(a for a in other.legal_actions() if a.to_json() != state.history[0])
    data = unchecked(state)
    data["history"][0] = alternative.to_json()
    with pytest.raises(SaveError, match="does not match"):
        btlgames.restore(json.dumps(data))


def test_a_truncated_history_is_caught_by_the_digest():
    data = unchecked(played())
    data["history"] = data["history"][:-1]
    with pytest.raises(SaveError, match="does not match"):
        btlgames.restore(json.dumps(data))



@pytest.fixture
def replays(monkeypatch):
    """How many moves loading a save replayed."""
    from btlgames.core.state import GameState

    count = [0]
    apply = GameState.apply

    def counted(self, action):
        count[0] += 1
        apply(self, action)
    monkeypatch.setattr(GameState, "apply", counted)
    return count


def test_a_file_changed_after_saving_is_refused_before_any_replay(replays):
    state = played()
    text = btlgames.save(state)
    replays[0] = 0
    assert btlgames.restore(text) == state and replays[0] == len(state.history)
    replays[0] = 0
    data = json.loads(text)
    data["digest"] = data["digest"][:-1] + ("0" if data["digest"][-1] != "0" else "1")
    with pytest.raises(SaveError, match="changed after it was saved"):
        btlgames.restore(json.dumps(data))
    assert replays[0] == 0
    del data["check"]  # as older kits saved: the replay finds it
    with pytest.raises(SaveError, match="does not match"):
        btlgames.restore(json.dumps(data))
    assert btlgames.restore(json.dumps(unchecked(state))) == state  # an older kit's save still loads


def test_a_history_longer_than_the_game_can_last_is_refused_before_any_replay(replays):
    from btlgames.core.registry import spec

    data = unchecked(played())
    most = spec("pentaquark").max_actions(spec("pentaquark").check_options(data["options"]))
    data["history"] = data["history"] * (most // len(data["history"]) + 1)
    replays[0] = 0
    moves = len(data["history"])
    with pytest.raises(SaveError, match=f"more moves than a game with its settings can last .moves: {moves}"):
        btlgames.restore(json.dumps(data))
    assert replays[0] == 0

# -- bots and simulate ------------------------------------------------------------------------------
def test_simulate_returns_one_row_per_game():
    frame = simulate("pentaquark", n=15, bot="random", seed=10)
    assert len(frame) == 15 and list(frame.seed) == list(range(10, 25))
    assert {"actions", "winners", "score_0", "result", "reason"} <= set(frame.columns)


def test_simulate_is_reproducible():
    assert simulate("pentaquark", n=10, bot="heuristic", seed=3).equals(
        simulate("pentaquark", n=10, bot="heuristic", seed=3))


def test_bots_see_only_views():
    from btlgames.pentaquark.bots import HeuristicBot

    state = btlgames.load("pentaquark", seed=2)
    action = HeuristicBot(seed=1).choose(state.view(0), state.legal_actions())
    assert action in state.legal_actions()


def test_apply_chosen_takes_the_listed_move_and_refuses_anything_else_unchanged():
    """play_turns' fast path: the move is looked up in the legal actions just generated."""
    from btlgames import IllegalAction
    from btlgames.pentaquark.rules import Annihilate, Place

    state = btlgames.load("pentaquark", seed=2)
    legal = state.legal_actions()
    place = next(a for a in legal if isinstance(a, Place))
    for refused in (Place(place.card, "discard" if place.area != "discard" else "detector"), Annihilate("uR"),
                    Place(place.card, list(place.area)), "place", None):
        before = state.clone()
        with pytest.raises(IllegalAction):
            state.apply_chosen(refused, legal)
        assert state == before
    twin = Place(place.card, place.area)  # equal, not the listed object: the strict match finds it
    state.apply_chosen(twin, legal)
    assert state.history[-1] == place.to_json() and state.detector + state.background + state.discard


def test_play_turns_builds_no_view_for_a_bot_that_ignores_it():
    from btlgames.core.bots import RandomBot, play_turns
    from btlgames.pentaquark.bots import HeuristicBot

    seen = []

    class Watching(RandomBot):
        def choose(self, view, legal):
            seen.append(view)
            return super().choose(view, legal)

    assert RandomBot.reads_view is False and Watching.reads_view and HeuristicBot.reads_view
    state = btlgames.load("pentaquark", seed=3)
    play_turns(state, {0: Watching(seed=1)})
    assert seen and all(isinstance(v, dict) for v in seen) and state.is_over()
    again = btlgames.load("pentaquark", seed=3)
    play_turns(again, {0: RandomBot(seed=1)})  # the same moves: the view never steered the random bot
    assert again.history == state.history


@pytest.mark.slow
def test_heuristic_bot_beats_random_clearly():
    """Seeded, so exact: 300 games each (2,000-game figures: bench/ and the closing note)."""
    heuristic = simulate("pentaquark", n=300, bot="heuristic", seed=0).score_0.mean()
    randomly = simulate("pentaquark", n=300, bot="random", seed=0).score_0.mean()
    assert heuristic >= 0.08 and randomly <= 0.01


def test_a_finished_game_has_no_moves():
    state = play_one("pentaquark", seed=1, bot="random")
    assert state.is_over() and state.legal_actions() == []


def test_lazy_views_are_lazy_views_made_at_once():
    """lazy_views makes the views LazyView(...) makes (speed: no __init__ call each); a part is built when
    first read, from the state as it is then, and once."""
    from btlgames.core.state import LazyView, lazy_views

    built = []
    parts = {"seat": lambda s, v: built.append(v) or s["seats"][v], "all": lambda s, v: list(s["seats"])}
    state = {"seats": ["a", "b", "c"]}
    views = lazy_views(state, range(3), parts)
    assert all(type(v) is LazyView for v in views) and built == []
    state["seats"][1] = "B"
    assert [v["seat"] for v in views] == ["a", "B", "c"] and views[1]["seat"] == "B" and built == [0, 1, 2]
    assert views == [LazyView(state, p, parts) for p in range(3)] and list(views[0]) == ["seat", "all"]
