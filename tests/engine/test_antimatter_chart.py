"""Which atoms each game type and number of Scientists can build (Kit rule K23, K5): what
btlgames.antimatter.chart lists is exactly what the engine sets up, and refuses the rest in words
that say what it allows."""
import pytest

from btlgames import load
from btlgames.antimatter import chart
from btlgames.antimatter.goals import atoms

SIZES = [("standard", p, 2) for p in range(2, 7)] + [("challenge", p, 2) for p in range(2, 7)] + [
    ("team", p, k) for p in range(2, 7) for k in (2, 3)]


def refusal(**options) -> str | None:
    """The engine's words refusing a game with these options, or None if it sets the game up."""
    try:
        load("antimatter", seed=0, **options)
    except ValueError as err:
        return str(err)
    return None


@pytest.mark.parametrize("mode, players, teams", SIZES)
def test_the_chart_lists_exactly_the_atoms_the_engine_sets_up(mode, players, teams):  # K23
    allowed = tuple(a for a in atoms() if refusal(players=players, mode=mode, teams=teams, atom=a) is None)
    assert chart.buildable(mode, players, teams) == allowed


@pytest.mark.parametrize("players", range(2, 7))
def test_mixed_mode_with_one_goal_for_all_builds_what_the_standard_game_builds(players):  # K23, K24
    equal = tuple(a for a in atoms() if refusal(players=players, mode="mixed", goals="equal", atom=a) is None)
    assert equal == chart.buildable("standard", players) == chart.buildable("mixed", players)


def test_what_the_kit_sets_up_fits_the_box_and_the_cooperative_game_climbs_to_carbon_12():  # source: box; K23, K27
    assert chart.buildable("standard", 2)[-1] == "Li-6" and chart.buildable("standard", 3)[-1] == "He-4"
    assert chart.buildable("standard", 4) == chart.buildable("standard", 6) == ("H-1", "H-2")  # 6 + 6 mats
    assert chart.buildable("team", 6, 3)[-1] == "He-4" and chart.buildable("team", 4, 2)[-1] == "Li-6"
    assert not chart.buildable("team", 3) and not chart.buildable("coop", 3)
    assert chart.coop_reach() == "C-12"  # the source's "try for carbon-12": 6 and 6 mats, every one in the box


@pytest.mark.parametrize("options, words", [
    (dict(players=2, atom="C-12"), "With 2 Scientists each building the atom, the box's mats allow only: "
                                   "H-1, H-2, He-3, He-4, Li-6."),
    (dict(players=6, mode="team", teams=3, atom="Li-6"), "With 3 teams each building the atom, the box's mats "
                                                         "allow only: H-1, H-2, He-3, He-4."),
    (dict(players=2, mode="mixed", goals="C-12, Li-7"), "Choose simpler goals, or fewer Scientists.")])
def test_a_refused_atom_is_answered_with_the_atoms_the_game_allows(options, words):  # K23
    said = refusal(**options)
    assert said.startswith("The atoms chosen need ") and said.endswith(words)


def test_the_table_says_every_game_type_in_every_language():
    for lang in ("en", "fi", "nl"):
        table = chart.markdown(lang)
        assert table.count("\n") == 6 and "| H-1, H-2, He-3, He-4, Li-6 |" in table and "C-12" in table
