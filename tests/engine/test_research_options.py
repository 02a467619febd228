"""Research Programme's rule options (lessons/research-programme/rules.md, "Game options"): each
changes the game as its help says, refuses values out of range with words, defaults to the
rulebook, and travels with a save."""
import pytest

import btlgames
from btlgames.core import saves
from btlgames.core.registry import spec
from btlgames.core.playing import play_one
from btlgames.research import cards
from btlgames.research.constants import HAND, ROUNDS, STORAGE, SYNTHESIS_TARGET


def test_the_defaults_are_the_rulebook():
    options = spec("research").options
    assert {k: options[k].default for k in ("rounds", "hand", "storage", "synthesis_target", "cards")} == {
        "rounds": 0, "hand": HAND, "storage": STORAGE, "synthesis_target": SYNTHESIS_TARGET, "cards": "all"}
    assert (HAND, STORAGE, SYNTHESIS_TARGET, ROUNDS) == (4, 8, 8, {"full": 8, "school": 5})
    assert all(o.help for o in options.values())
    for variant, rounds in ROUNDS.items():  # 0 plays the variant's own
        assert btlgames.load("research", seed=1, variant=variant).view(None)["rounds"] == rounds


@pytest.mark.parametrize("variant, rounds", [("full", 2), ("school", 7)])
def test_rounds_sets_when_the_game_ends(variant, rounds):
    state = btlgames.load("research", seed=2, variant=variant, rounds=rounds)
    assert state.rounds == rounds and state.view(None)["rounds"] == rounds
    for seed in range(4):
        state = play_one("research", seed, "heuristic", variant=variant, rounds=rounds)
        assert state.round <= rounds and (state.end_reason != "rounds" or state.round == rounds)
    assert any(play_one("research", s, "random", variant=variant, rounds=rounds).end_reason == "rounds"
               for s in range(4))


def test_hand_is_the_most_cards_kept_in_hand():
    games = [play_one("research", seed, "random", hand=1) for seed in range(3)]
    assert all(len(pl["hand"]) <= 1 for state in games for pl in state.players_)
    # the full game keeps two cards at set-up and draws one a round: with a hand of one, discards
    assert all(sum(e.kind == "discard" for e in state.log) >= 8 for state in games)
    default = play_one("research", 0, "random")
    assert max(len(pl["hand"]) for pl in default.players_) > 1


def test_storage_is_the_most_resources_kept_after_clean_up():
    state = play_one("research", 1, "random", storage=3)
    ends = [e for e in state.log if e.kind == "round_end"]
    assert ends and all(sum(row["res"].values()) <= 3 for e in ends for row in e.data["tracks"])
    assert any(e.kind == "storage" for e in state.log)
    default = play_one("research", 1, "random")
    assert any(sum(row["res"].values()) > 3 for e in default.log if e.kind == "round_end"
               for row in e.data["tracks"])


@pytest.mark.parametrize("target", [1, 10])
def test_synthesis_target_is_the_roll_that_wins(target):
    attempts = [e for seed in range(12) for e in play_one("research", seed, "heuristic", synthesis_target=target).log
                if e.kind == "synthesis"]
    assert attempts, "the heuristic bots attempt a synthesis in a dozen full games"
    assert all(e.data["won"] == (e.data["roll"] + e.data["bonus"] >= target) for e in attempts)
    assert all(e.data["won"] for e in attempts) if target == 1 else not any(e.data["won"] for e in attempts)


def test_the_school_game_refuses_a_synthesis_target():
    with pytest.raises(ValueError, match="The school game has no synthesis: leave the option synthesis_target at 8"):
        btlgames.load("research", seed=1, variant="school", synthesis_target=7)


@pytest.mark.parametrize("option, value, words", [
    ("rounds", 13, "rounds=13 is out of range 0..12"), ("hand", 0, "hand=0 is out of range 1..8"),
    ("storage", 21, "storage=21 is out of range 1..20"), ("synthesis_target", 0, "out of range 1..10"),
    ("rounds", "8", "rounds must be a whole number, not '8'"), ("hand", True, "hand must be a whole number"),
    ("cards", "school", "cards='school' is not allowed; choose one of 'all', 'packs', 'no-metascience'"),
])
def test_out_of_range_values_are_refused_with_words(option, value, words):
    with pytest.raises(ValueError, match=words):
        btlgames.load("research", seed=1, **{option: value})


def test_a_save_carries_the_options():
    state = play_one("research", 5, "random", rounds=3, hand=2, storage=5, synthesis_target=6, cards="packs")
    again = saves.loads(saves.dumps(state))
    assert {k: again.options[k] for k in ("rounds", "hand", "storage", "synthesis_target", "cards")} == {
        "rounds": 3, "hand": 2, "storage": 5, "synthesis_target": 6, "cards": "packs"}
    assert again.digest() == state.digest()


def _fields_seen(state) -> tuple[set, set]:
    """The fields of every theory and project card that came into play: decks, hands, offers,
    the table, the market, built tiles and discards."""
    theories, projects = cards.theories(), cards.projects()
    seen = set(state.decks["theory"]) | set(state.discards["theory"]) | set(state.theories)
    seen |= {c for pl in state.players_ for c in pl["hand"] + pl["offer"] if c in theories}
    built = set(state.decks["project"]) | set(state.discards["project"]) | set(state.market)
    built |= {t["card"] for t in state.tiles}
    return {theories[c].field for c in seen}, {projects[c].field for c in built}


@pytest.mark.parametrize("variant", ["full", "school"])
def test_a_card_set_is_the_theories_and_projects_in_play(variant):  # K35
    packs = {"gravity", "particle", "quantum", "condensed", "meta"}  # the school packs' fields
    full = _fields_seen(btlgames.load("research", seed=3, variant=variant))
    assert full == (packs | {"cosmology", "mathematics"},) * 2
    for card_set, fields in (("packs", packs), ("no-metascience", full[0] - {"meta"})):
        start = btlgames.load("research", seed=3, variant=variant, cards=card_set)
        assert _fields_seen(start) == (fields, fields)
        assert start.view(None)["decks"]["theory"] < btlgames.load("research", seed=3, variant=variant).view(None)["decks"]["theory"]
        for seed in range(2):  # played out: no card of another set ever turns up
            state = play_one("research", seed, "heuristic", variant=variant, cards=card_set)
            theories, projects = _fields_seen(state)
            assert theories <= fields and projects <= fields and state.is_over()
